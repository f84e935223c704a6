//! `vjr-attractor-proof` (spec `vjr-solver.md` VS-3 item 0a): before anything else, a proof that
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
use super::board::{State, Step, NO_BAN};
use super::formation;
use super::frozen_regions::{self as frozen_regions, L, W};
use super::question::Ctx;
use crate::vjr::{Outcome, Question};
use std::collections::{HashMap, HashSet};

/// The largest bound on the moves of a proof.
const MAX_BOUND: u32 = 512;

/// A state of the game G* (VS-3 item 0b): the variation's state and the frozen points
/// (none in the plain game).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Node<const N: usize> {
    state: State<N>,
    frozen: BitBoard<N>,
}

/// A move of G*: a play (its point), a pass, or the opponent's tempo; and the step it makes
/// (`None`: the second pass in a row).
struct GMove<const N: usize> {
    point: Option<usize>,
    tempo: bool,
    step: Option<Step<N>>,
}

struct Prover<'a, 'c, const N: usize> {
    ctx: &'a Ctx<'c, N>,
    benson: bool,
    budget: u64,
    nodes: u64,
    out_of_budget: bool,
    proved: [HashSet<Node<N>>; 2],
    /// Per side: the largest bound within which the state failed (`u32::MAX`: final).
    failed: [HashMap<Node<N>, u32>; 2],
    /// Narrow rounds: the prover's plays only near S and captures.
    narrow: bool,
    /// The rounds of G* (`vjr-frozen-regions`), else of the plain game.
    freezing: bool,
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
        self.ctx
            .s
            .or(&frozen_regions::target_string(self.ctx, state))
    }

    /// The moves of `node` in G* in search order (VS-3 items 0a, 0b); in a narrow round
    /// the prover's far plays are left out.
    fn ordered(&self, side: usize, node: &Node<N>, provers_turn: bool) -> Vec<GMove<N>> {
        let board = &self.ctx.board;
        let state = &node.state;
        let focus = self.focus(state);
        let next_to = board.grow(&focus);
        let near = board.grow(&next_to);
        let frozen = !node.frozen.is_zero();
        let mover = state.to_move as usize;
        let mut moves: Vec<GMove<N>> = board
            .moves(state)
            .into_iter()
            .filter(|(point, _)| match point {
                Some(x) if frozen && provers_turn => {
                    frozen_regions::p_may_play(self.ctx, state, &node.frozen, mover, *x)
                }
                // Q's plays into frozen regions are the tempo.
                Some(x) => !node.frozen.get(*x),
                None => true,
            })
            .map(|(point, step)| GMove {
                point,
                tempo: false,
                step,
            })
            .collect();
        if frozen && !provers_turn {
            moves.push(GMove {
                point: None,
                tempo: true,
                step: Some(Step {
                    next: State {
                        stones: state.stones,
                        to_move: 1 - state.to_move,
                        after_pass: false,
                        ban: NO_BAN,
                    },
                    removed: BitBoard::ZERO,
                }),
            });
        }
        let rank = |m: &GMove<N>| -> u8 {
            match m.point {
                None if m.tempo => 3,
                None if side == L => 0,
                None => 4,
                Some(x) => {
                    let captures = m.step.as_ref().is_some_and(|s| !s.removed.is_zero());
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

    /// (W of the capture question in G*) an X move after which the string at S's first
    /// point touches a frozen region: a loss of Y (VS-3 item 0b).
    fn joins_frozen(&self, side: usize, frozen: &BitBoard<N>, next: &State<N>) -> bool {
        side == W
            && !frozen.is_zero()
            && matches!(self.ctx.check.question, Question::Capture)
            && self
                .ctx
                .board
                .grow(&frozen_regions::target_string(self.ctx, next))
                .intersects(frozen)
    }

    /// Whether `node` is proved for `side` within `bound` moves; the flag says whether a
    /// bound cut a line below it.
    fn prove(&mut self, side: usize, node: &Node<N>, bound: u32) -> (bool, bool) {
        self.nodes += 1;
        if self.nodes > self.budget || crate::deadline::passed() {
            self.out_of_budget = true;
            return (false, true);
        }
        let mut node = *node;
        if self.freezing && frozen_regions::allowed(self.ctx, side) {
            node.frozen = frozen_regions::freeze(self.ctx, side, &node.state, &node.frozen);
        }
        if self.proved[side].contains(&node) {
            return (true, false);
        }
        if let Some(&b) = self.failed[side].get(&node) {
            if b >= bound {
                return (false, b != u32::MAX);
            }
        }
        if self.benson && benson_leaves::lost(self.ctx, &node.state) {
            if side == L {
                self.proved[L].insert(node);
                return (true, false);
            }
            self.failed[W].insert(node, u32::MAX);
            return (false, false);
        }
        if bound == 0 {
            return (false, true);
        }
        let mover = node.state.to_move as usize;
        let provers_turn = (mover == self.ctx.seeker) == (side == W);
        let mut cut = false;
        let mut won = !provers_turn;
        for m in self.ordered(side, &node, provers_turn) {
            let decided = if m.tempo {
                None
            } else {
                goal(self.ctx, side, mover, &m.step)
            };
            let v = match decided {
                Some(v) => v,
                None => {
                    let next = m.step.expect("a move that leads on").next;
                    if !provers_turn && !m.tempo && self.joins_frozen(side, &node.frozen, &next) {
                        false
                    } else {
                        let child = Node {
                            state: next,
                            frozen: node.frozen,
                        };
                        let (v, c) = self.prove(side, &child, bound - 1);
                        cut |= c;
                        v
                    }
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
            self.proved[side].insert(node);
        } else {
            // Final within this stage: the table is emptied when a stage ends.
            let b = if cut { bound } else { u32::MAX };
            let e = self.failed[side].entry(node).or_insert(0);
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
    frozen: bool,
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
        budget: 0,
        nodes: 0,
        out_of_budget: false,
        proved: [HashSet::new(), HashSet::new()],
        failed: [HashMap::new(), HashMap::new()],
        narrow: true,
        freezing: false,
    };
    // The stages (G* or the plain game, narrow or full) and the eighths of the budget
    // spent by the end of each.
    let stages: &[(bool, bool, u64)] = if frozen {
        &[
            (true, true, 1),
            (true, false, 4),
            (false, true, 6),
            (false, false, 8),
        ]
    } else {
        &[(false, true, 4), (false, false, 8)]
    };
    let root = Node {
        state: root,
        frozen: BitBoard::ZERO,
    };
    for &(freezing, narrow, eighths) in stages {
        p.freezing = freezing;
        p.narrow = narrow;
        p.budget = budget.saturating_mul(eighths) / 8;
        p.out_of_budget = false;
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
