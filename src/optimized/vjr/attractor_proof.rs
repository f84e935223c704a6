//! `vjr-attractor-proof` (spec `vjr.md` VS-3 item 0a): before anything else, a proof that
//! the final position lies in the seeker's attractor W (the answer is *yes*) or in the other
//! player's attractor L (*no*), found depth first without building the state graph.
//!
//! A state is *proved* for a side when a finite tree of moves shows it: at the prover's turn
//! one move, at the opponent's turn every move, each meeting the prover's goal (W: the
//! target; L: a second pass in a row without it) or leading to a proved state; a Benson leaf
//! (VS-3 item 4, `benson_leaves.rs`) is proved for L outright. A state is marked only after
//! the children its proof uses, so the order of marking is a rank every move of the proof
//! lowers: a proof holds whatever the history, and the table of proved states is kept for
//! good. Iterative deepening bounds the moves; a state that failed within a bound is not
//! searched again within it, and a failure below which no bound cut is final. A repeated
//! state needs no test: it only uses depth.

use super::super::bitboard::BitBoard;
use super::benson_leaves;
use super::board::{State, Step};
use super::formation;
use super::question::Ctx;
use crate::vjr::{Outcome, Question};
use std::collections::{HashMap, HashSet};

/// The largest bound on the moves of a proof.
const MAX_BOUND: u32 = 512;

/// The two sides: 0 proves W (the seeker forces the target), 1 proves L (the other player
/// forces the end without it).
const W: usize = 0;
const L: usize = 1;

struct Prover<'a, 'c, const N: usize> {
    ctx: &'a Ctx<'c, N>,
    benson: bool,
    budget: u64,
    nodes: u64,
    out_of_budget: bool,
    proved: [HashSet<State<N>>; 2],
    /// Per side: the largest bound within which the state failed (`u32::MAX`: final).
    failed: [HashMap<State<N>, u32>; 2],
    /// Narrow rounds: the prover's plays only near S and captures.
    narrow: bool,
}

/// What a move does for `side`: decides the goal (`Some`) or leads on (`None`).
fn goal<const N: usize>(
    ctx: &Ctx<N>,
    side: usize,
    mover: usize,
    step: &Option<Step<N>>,
) -> Option<bool> {
    let Some(step) = step else {
        // V-7: a second pass in a row ends the variation without the target.
        return Some(side == L);
    };
    let met = match ctx.check.question {
        // V-13: the seeker's play removes S's stones.
        Question::Capture => mover == ctx.seeker && step.removed.get(ctx.s0),
        // V-12: the position after the move meets the target.
        Question::Formation(life) => formation::target_met(
            &ctx.board,
            &step.next.stones[ctx.owner],
            &step.next.stones[1 - ctx.owner],
            &ctx.s,
            life,
        ),
    };
    met.then_some(side == W)
}

impl<const N: usize> Prover<'_, '_, N> {
    /// The points the prover's plays are drawn to: S's points and the string at S's first
    /// point, while it stands.
    fn focus(&self, state: &State<N>) -> BitBoard<N> {
        let owner = &state.stones[self.ctx.owner];
        if owner.get(self.ctx.s0) {
            self.ctx.s.or(&self.ctx.board.string(self.ctx.s0, owner))
        } else {
            self.ctx.s
        }
    }

    /// The moves of `state` in search order (VS-3 item 0a), and whether each is the
    /// prover's and left out in a narrow round.
    fn ordered(
        &self,
        side: usize,
        state: &State<N>,
        provers_turn: bool,
    ) -> Vec<(Option<usize>, Option<Step<N>>)> {
        let board = &self.ctx.board;
        let focus = self.focus(state);
        let next_to = board.grow(&focus);
        let near = board.grow(&next_to);
        let mut moves = board.moves(state);
        let rank = |m: &(Option<usize>, Option<Step<N>>)| -> u8 {
            match m.0 {
                None => {
                    if side == L {
                        0
                    } else {
                        4
                    }
                }
                Some(x) => {
                    let captures = m.1.as_ref().is_some_and(|s| !s.removed.is_zero());
                    if captures || next_to.get(x) {
                        1
                    } else if near.get(x) {
                        2
                    } else {
                        3
                    }
                }
            }
        };
        moves.sort_by_key(rank);
        if provers_turn && self.narrow {
            moves.retain(|m| rank(m) != 3);
        }
        moves
    }

    /// Whether `state` is proved for `side` within `bound` moves; the flag says whether a
    /// bound cut a line below it.
    fn prove(&mut self, side: usize, state: &State<N>, bound: u32) -> (bool, bool) {
        self.nodes += 1;
        if self.nodes > self.budget || crate::deadline::passed() {
            self.out_of_budget = true;
            return (false, true);
        }
        if self.proved[side].contains(state) {
            return (true, false);
        }
        if let Some(&b) = self.failed[side].get(state) {
            if b >= bound {
                return (false, b != u32::MAX);
            }
        }
        if self.benson && benson_leaves::lost(self.ctx, state) {
            if side == L {
                self.proved[L].insert(*state);
                return (true, false);
            }
            self.failed[W].insert(*state, u32::MAX);
            return (false, false);
        }
        if bound == 0 {
            return (false, true);
        }
        let mover = state.to_move as usize;
        let provers_turn = (mover == self.ctx.seeker) == (side == W);
        let mut cut = false;
        let mut won = !provers_turn;
        for (_, step) in self.ordered(side, state, provers_turn) {
            let v = match goal(self.ctx, side, mover, &step) {
                Some(v) => v,
                None => {
                    let next = step.expect("a move that leads on").next;
                    let (v, c) = self.prove(side, &next, bound - 1);
                    cut |= c;
                    v
                }
            };
            if self.out_of_budget {
                return (false, true);
            }
            if v == provers_turn {
                won = v;
                break;
            }
        }
        if won {
            self.proved[side].insert(*state);
        } else {
            // Final within this phase: the table is emptied when the narrow rounds end.
            let b = if cut { bound } else { u32::MAX };
            let e = self.failed[side].entry(*state).or_insert(0);
            *e = (*e).max(b);
        }
        (won, cut)
    }
}

/// The answer proved from `root` (*yes*: in W, *no*: in L) and the states visited, or
/// `None` when neither proof is found within `budget` states.
pub(super) fn search<const N: usize>(
    ctx: &Ctx<N>,
    root: State<N>,
    budget: u64,
    benson: bool,
) -> (Option<Outcome>, u64) {
    if let Question::Formation(life) = ctx.check.question {
        let stones = &root.stones;
        if formation::target_met(
            &ctx.board,
            &stones[ctx.owner],
            &stones[1 - ctx.owner],
            &ctx.s,
            life,
        ) {
            return (Some(Outcome::Yes), 1);
        }
    }
    let mut p = Prover {
        ctx,
        benson,
        budget: budget / 2,
        nodes: 0,
        out_of_budget: false,
        proved: [HashSet::new(), HashSet::new()],
        failed: [HashMap::new(), HashMap::new()],
        narrow: true,
    };
    // The narrow rounds with half the budget, then the full ones with the rest.
    for narrow in [true, false] {
        p.narrow = narrow;
        if !narrow {
            p.budget = budget;
            p.out_of_budget = false;
        }
        p.failed = [HashMap::new(), HashMap::new()];
        let mut open = [true, true];
        let mut bound = 2;
        while bound <= MAX_BOUND && open.iter().any(|&o| o) {
            for side in [W, L] {
                if !open[side] {
                    continue;
                }
                let (won, cut) = p.prove(side, &root, bound);
                if won {
                    let o = if side == W { Outcome::Yes } else { Outcome::No };
                    return (Some(o), p.nodes);
                }
                if p.out_of_budget {
                    break;
                }
                open[side] = cut;
            }
            if p.out_of_budget {
                break;
            }
            bound *= 2;
        }
    }
    (None, p.nodes)
}
