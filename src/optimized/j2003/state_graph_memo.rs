//! Switch `state-graph-memo` (spec S-3 item 4): the state graph's answer to a check is kept
//! for the process, keyed by everything it reads (the board's size and points, the check,
//! the budget), and given again without building the graph. The graph's solution is a
//! function of those (no randomness, no order of questions): the answer is the one the graph
//! would give, only sooner. An undetermined answer is kept only when the request's time
//! limit had not passed when it came back (it ran out of the budget, not of the clock).
//!
//! Where it pays: a check that the goal-directed searches, the safety screen or the pinned
//! games leave open falls back on the graph (item 4) in every configuration that has them;
//! the configurations with one of them switched off (the corpus, the property tests) and the
//! next question on the same board (explain's principal lines) then build the same graph
//! again. Graphs of fewer than [`KEPT_FROM`] states are cheaper built again than kept.

use super::process_memo::ProcessMemo;
use super::state_graph;
use crate::engine::{Answer, Move, Spent};
use crate::geometry::Geometry;
use crate::status_game::StatusCheck;

/// Graphs of fewer states are built again rather than kept.
const KEPT_FROM: u64 = 1_000;

/// The most answers kept; the memo is emptied when it is full.
const ENTRIES: usize = 1 << 14;

/// The board (its width and height, `None` off rectangles; one byte per point), the check,
/// the budget.
type Key = (Option<(usize, usize)>, Vec<u8>, StatusCheck, u64);

/// Forced or not, the states of the graph, the principal line.
type Decided = (bool, u64, Vec<Move>);

static MEMO: ProcessMemo<Key, Answer<Decided>> = ProcessMemo::new(ENTRIES);

/// [`state_graph::force`], from the memo when `on` and it knows the answer.
pub(super) fn force(
    on: bool,
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    budget: u64,
) -> Answer<Decided> {
    if !on {
        return state_graph::force(geometry, board, check, budget);
    }
    let key: Key = (geometry.rect_size(), board.to_vec(), check.clone(), budget);
    if let Some(known) = MEMO.get(&key) {
        return known;
    }
    let answer = state_graph::force(geometry, board, check, budget);
    let states = match &answer {
        Answer::Decided((_, states, _)) => *states,
        Answer::Undetermined(Spent { explored }) if !crate::deadline::passed() => *explored,
        Answer::Undetermined(_) => 0,
    };
    if states >= KEPT_FROM {
        MEMO.keep(key, answer.clone());
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support::{random_check, rng};
    use super::*;
    use crate::status_game::StatusKind;

    /// On random boards of 6 to 12 points, each asked two checks (the first black stone's,
    /// uncapturable and capturable-1) at two budgets, in turn and then again: the memo's
    /// answer is the graph's, and some answers were kept (graphs of at least `KEPT_FROM`
    /// states), decided and undetermined.
    #[test]
    fn the_memo_answers_as_the_graph_does() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let (mut kept_decided, mut kept_open) = (0, 0);
        for i in 0..120 {
            let sizes = [(3, 2), (3, 3), (4, 2), (2, 5), (4, 3), (3, 4)];
            let Some((g, board, check, _)) = random_check(&mut next, i, &sizes, 4) else {
                continue;
            };
            let other = StatusCheck {
                kind: if check.kind == StatusKind::Uncapturable {
                    StatusKind::Capturable1
                } else {
                    StatusKind::Uncapturable
                },
                local: if check.local.is_empty() {
                    check.string.clone()
                } else {
                    Vec::new()
                },
                ..check.clone()
            };
            for _round in 0..2 {
                for c in [&check, &other] {
                    for budget in [5_000, 3_000] {
                        let graph = state_graph::force(&g, &board, c, budget);
                        let memo = force(true, &g, &board, c, budget);
                        assert_eq!(memo, graph, "{c:?} at {budget}, board {board:?}");
                        match graph {
                            Answer::Decided((_, n, _)) if n >= KEPT_FROM => kept_decided += 1,
                            Answer::Undetermined(Spent { explored }) if explored >= KEPT_FROM => {
                                kept_open += 1
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        assert!(
            kept_decided > 0 && kept_open > 0,
            "{kept_decided} {kept_open}"
        );
    }
}
