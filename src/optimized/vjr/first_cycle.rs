//! VS-3 item 3: the first-cycle search (spec `vjr.md` V-14 ... V-17), the reference's
//! depth-first evaluation of the variations (VS-2) run on the state graph. The path holds
//! the states of the current variation; a move to a state on the path closes an infinite
//! variation, judged by its cycle: exactly two stones of one colour and one of the other
//! removed over the cycle's moves is a sending-two-returning-one cycle, judged against the
//! sender (V-17), any other cycle is *undefined*. Values combine by V-15 (*no* <
//! *undefined* < *yes*; the seeker maximises, the other player minimises), a *yes* of the
//! seeker or a *no* of the other player ending the search of the node.
//!
//! With the attractors (`vjr-attractor`) the search runs outside W and L only, their
//! states being leaves *yes* and *no* (exact by the lemma of VS-3 item 3).

use super::attractor::Ranks;
use super::state_graph::{Graph, NO, YES};
use crate::engine::Move;
use crate::vjr::{LongCycles, Outcome};

/// V-17: the value of a cycle that removed `removed` stones (per colour index) for the
/// seeker of colour index `seeker`, under the reading `long_cycles` (VP-2).
pub(super) fn cycle_value(removed: [u32; 2], seeker: usize, long_cycles: LongCycles) -> Outcome {
    let Some(sender) = long_cycles.sender(removed[0], removed[1]) else {
        return Outcome::Undefined;
    };
    if super::board::index(sender) == seeker {
        Outcome::No
    } else {
        Outcome::Yes
    }
}

struct Frame {
    v: u32,
    next: usize,
    value: Outcome,
    /// Stones removed from the root to this state, per colour.
    removed: [u32; 2],
    /// The line of the best move so far (when lines are asked for).
    line: Vec<Move>,
}

/// The search's leaves: the attractors, when used.
pub(super) struct Leaves<'a> {
    pub(super) w: &'a Ranks,
    pub(super) l: &'a Ranks,
}

/// The value of the root, with the states visited; `Err(visited)` when more than `budget`.
/// With `lines`, also a line of the value: the seeker's best choices against the other
/// player's best choices, up to a leaf or the move that closes a cycle.
pub(super) fn search(
    graph: &Graph,
    leaves: Option<Leaves>,
    seeker: usize,
    long_cycles: LongCycles,
    budget: u64,
    lines: bool,
) -> Result<(Outcome, u64, Vec<Move>), u64> {
    let n = graph.nodes.len();
    // Depth + 1 on the path, 0 off it.
    let mut on_path = vec![0u32; n];
    let mut visited = 1u64;
    let start = |v: u32, removed: [u32; 2]| Frame {
        v,
        next: 0,
        value: if graph.nodes[v as usize].seeker_moves {
            Outcome::No
        } else {
            Outcome::Yes
        },
        removed,
        line: Vec::new(),
    };
    let mut stack = vec![start(graph.root, [0; 2])];
    on_path[graph.root as usize] = 1;
    loop {
        let top = stack.last_mut().expect("a frame");
        let node = &graph.nodes[top.v as usize];
        let done = if node.seeker_moves {
            top.value == Outcome::Yes
        } else {
            top.value == Outcome::No
        };
        if done || top.next == node.succ.len() {
            let frame = stack.pop().expect("a frame");
            on_path[frame.v as usize] = 0;
            let Some(parent) = stack.last_mut() else {
                return Ok((frame.value, visited, frame.line));
            };
            let mv = graph.nodes[parent.v as usize].moves[parent.next - 1];
            improve(graph, parent, frame.value, mv, frame.line, lines);
            continue;
        }
        let i = top.next;
        top.next += 1;
        let e = node.succ[i];
        let mv = node.moves[i];
        let removed = [
            top.removed[0] + e.removed[0] as u32,
            top.removed[1] + e.removed[1] as u32,
        ];
        let to = e.to as usize;
        let leaf = match e.to {
            YES => Some(Outcome::Yes),
            NO => Some(Outcome::No),
            _ => match &leaves {
                Some(lv) if lv.w[to] != u32::MAX => Some(Outcome::Yes),
                Some(lv) if lv.l[to] != u32::MAX => Some(Outcome::No),
                _ => None,
            },
        };
        let leaf = leaf.or_else(|| {
            (on_path[to] > 0).then(|| {
                let at = &stack[on_path[to] as usize - 1].removed;
                cycle_value(
                    [removed[0] - at[0], removed[1] - at[1]],
                    seeker,
                    long_cycles,
                )
            })
        });
        match leaf {
            Some(value) => {
                let top = stack.last_mut().expect("a frame");
                improve(graph, top, value, mv, Vec::new(), lines);
            }
            None => {
                visited += 1;
                if visited > budget || crate::deadline::passed() {
                    return Err(visited);
                }
                on_path[to] = stack.len() as u32 + 1;
                stack.push(start(e.to, removed));
            }
        }
    }
}

/// Combine a child's value into its parent's (V-15), keeping the line of the best child.
fn improve(
    graph: &Graph,
    parent: &mut Frame,
    value: Outcome,
    mv: Move,
    line: Vec<Move>,
    lines: bool,
) {
    let seeker = graph.nodes[parent.v as usize].seeker_moves;
    let better = if seeker {
        value > parent.value
    } else {
        value < parent.value
    };
    // The first move tried sets the line even when it does not change the value.
    if better || (lines && parent.line.is_empty()) {
        if better {
            parent.value = value;
        }
        if lines {
            parent.line = std::iter::once(mv).chain(line).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vjr::Outcome::*;

    #[test]
    fn sending_two_returning_one_is_judged_against_the_sender() {
        // Black (0) lost two, White one: Black sent two.
        for reading in LongCycles::ALL {
            assert_eq!(cycle_value([2, 1], 0, reading), No);
            assert_eq!(cycle_value([2, 1], 1, reading), Yes);
            assert_eq!(cycle_value([1, 2], 1, reading), No);
            assert_eq!(cycle_value([1, 2], 0, reading), Yes);
        }
        for other in [[1, 1], [0, 0], [2, 2], [3, 1], [2, 0], [4, 2], [1, 4]] {
            let narrow = LongCycles::SendingTwoReturningOne;
            assert_eq!(cycle_value(other, 0, narrow), Undefined);
        }
    }

    #[test]
    fn infinite_disturbance_is_judged_against_the_player_who_loses_more() {
        let broad = LongCycles::InfiniteDisturbance;
        // White (1) lost four, Black one (spec vjr.md O-5): White disturbs.
        assert_eq!(cycle_value([1, 4], 1, broad), No);
        assert_eq!(cycle_value([1, 4], 0, broad), Yes);
        assert_eq!(cycle_value([3, 1], 0, broad), No);
        for equal in [[1, 1], [2, 2], [0, 0]] {
            assert_eq!(cycle_value(equal, 0, broad), Undefined);
        }
    }
}
