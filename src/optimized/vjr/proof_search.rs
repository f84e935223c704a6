//! `vjr-proof-search`: before the state graph, a goal-directed depth-first proof search of
//! the question from the final position (spec `vjr-solver.md` VS-3): the first-cycle evaluation of
//! V-14 ... V-17 straight on the board states, with a small share of the budget. A decided
//! value is exact: it is the reference's evaluation (VS-2), the value of the root, and the
//! search needs no graph. Positions where one refutation or one winning line settles the
//! question (most final positions: a dead stone inside a living group, a group with two
//! eyes) are decided here after a few hundred states, where the state graph would first
//! enumerate every variation (millions on 12 points with a few empty points).
//!
//! No Benson leaves here: a leaf judged from Benson's theorem assumes a variation that
//! never meets the path (VS-3 item 4 holds inside the attractors only).

use super::board::State;
use super::first_cycle::cycle_value;
use super::formation;
use super::question::Ctx;
use crate::vjr::{Outcome, Question};
use std::collections::HashMap;

/// Longest variation the proof search follows; past it, it gives up (the state graph
/// decides).
const MAX_DEPTH: usize = 400;

struct Search<'a, 'c, const N: usize> {
    ctx: &'a Ctx<'c, N>,
    budget: u64,
    nodes: u64,
    /// The states of the current variation, with the stones (per colour index) the move
    /// into each removed.
    path: Vec<(State<N>, [u32; 2])>,
    on_path: HashMap<State<N>, usize>,
}

impl<const N: usize> Search<'_, '_, N> {
    /// V-12: the formation target in `state`.
    fn formation_met(&self, state: &State<N>) -> bool {
        let Question::Formation(life) = self.ctx.check.question else {
            return false;
        };
        let x = &state.stones[self.ctx.owner];
        let y = &state.stones[1 - self.ctx.owner];
        formation::target_met(&self.ctx.board, x, y, &self.ctx.s, life)
    }

    /// The value of the last state of the path (V-15); `None` past the budget or the depth.
    fn eval(&mut self) -> Option<Outcome> {
        self.nodes += 1;
        if self.nodes > self.budget || self.path.len() > MAX_DEPTH || crate::deadline::passed() {
            return None;
        }
        let state = self.path.last().expect("a state").0;
        let seeking = state.to_move as usize == self.ctx.seeker;
        let capture = matches!(self.ctx.check.question, Question::Capture) && seeking;
        let mut best: Option<Outcome> = None;
        for (_, step) in self.ctx.board.moves(&state) {
            let value = match step {
                None => Outcome::No, // V-7: the second pass in a row
                Some(step) => {
                    let mut removed = [0u32; 2];
                    removed[1 - state.to_move as usize] = step.removed.count();
                    // V-13, V-12: the target.
                    if (capture && step.removed.get(self.ctx.s0)) || self.formation_met(&step.next)
                    {
                        Outcome::Yes
                    } else if let Some(&i) = self.on_path.get(&step.next) {
                        // V-14, V-17: the cycle from path index i.
                        let mut r = removed;
                        for (_, m) in &self.path[i + 1..] {
                            r[0] += m[0];
                            r[1] += m[1];
                        }
                        cycle_value(r, self.ctx.seeker, self.ctx.check.long_cycles)
                    } else {
                        self.on_path.insert(step.next, self.path.len());
                        self.path.push((step.next, removed));
                        let v = self.eval();
                        self.path.pop();
                        self.on_path.remove(&step.next);
                        v?
                    }
                }
            };
            best = Some(match best {
                None => value,
                Some(b) if seeking => b.max(value),
                Some(b) => b.min(value),
            });
            if best == Some(if seeking { Outcome::Yes } else { Outcome::No }) {
                break;
            }
        }
        best
    }
}

/// The value of the question from `root` and the states visited, or `None` when the
/// search gives up within `budget` states or [`MAX_DEPTH`] moves.
pub(super) fn search<const N: usize>(
    ctx: &Ctx<N>,
    root: State<N>,
    budget: u64,
) -> (Option<Outcome>, u64) {
    let mut s = Search {
        ctx,
        budget,
        nodes: 0,
        path: vec![(root, [0, 0])],
        on_path: HashMap::from([(root, 0)]),
    };
    if s.formation_met(&root) {
        return (Some(Outcome::Yes), 1);
    }
    let v = s.eval();
    (v, s.nodes)
}
