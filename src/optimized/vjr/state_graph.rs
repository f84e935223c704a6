//! VS-3 item 1: the state graph of a question's variations (spec `vjr.md` V-5 ... V-8),
//! built breadth first from the final position with the owner's opponent to move, no ban
//! and no previous pass (V-5). The states are hashed (a transposition table by
//! construction). Two sinks stand for the ends of a variation: [`YES`] the target (V-12: a
//! position with the formation, the root included; V-13: a play that removes the string's
//! stones) and [`NO`] a pass after a pass (V-7) or a Benson leaf (VS-3 item 4); neither a
//! target state nor a terminal pass is expanded.

use super::benson_leaves;
use super::board::State;
use super::formation;
use super::question::Ctx;
use crate::engine::Move;
use crate::vjr::Question;
use rustc_hash::FxHashMap as HashMap;

/// The sink of the variations that reach the target.
pub(super) const YES: u32 = 0;
/// The sink of the variations that end without it.
pub(super) const NO: u32 = 1;

/// One move of a state: the state (or sink) it leads to and the stones it removed, per
/// colour (V-17 counts them over a cycle).
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) to: u32,
    pub(super) removed: [u16; 2],
}

pub(super) struct Node {
    /// The seeker is to move.
    pub(super) seeker_moves: bool,
    pub(super) succ: Vec<Edge>,
    pub(super) moves: Vec<Move>,
}

pub(super) struct Graph {
    /// Nodes 0 and 1 are the sinks [`YES`] and [`NO`].
    pub(super) nodes: Vec<Node>,
    pub(super) root: u32,
    /// States met (sinks' states included).
    pub(super) states: u64,
}

/// A new state's node: a sink when the state ends the variation.
fn classify<const N: usize>(ctx: &Ctx<N>, state: &State<N>) -> Option<u32> {
    let x = &state.stones[ctx.owner];
    let y = &state.stones[1 - ctx.owner];
    if let Question::Formation(life) = ctx.check.question {
        if formation::target_met(&ctx.board, x, y, &ctx.s, life) {
            return Some(YES);
        }
    }
    if ctx.benson_leaves && benson_leaves::lost(ctx, state) {
        return Some(NO);
    }
    None
}

/// The graph of the variations from `root`, or the states met when more than `budget`.
pub(super) fn build<const N: usize>(
    ctx: &Ctx<N>,
    root: State<N>,
    budget: u64,
) -> Result<Graph, u64> {
    let sink = || Node {
        seeker_moves: false,
        succ: Vec::new(),
        moves: Vec::new(),
    };
    let mut nodes = vec![sink(), sink()];
    let mut index: HashMap<State<N>, u32> = HashMap::default();
    let mut queue: Vec<State<N>> = Vec::new();
    let mut id_of = |state: State<N>, nodes: &mut Vec<Node>, queue: &mut Vec<State<N>>| {
        if let Some(&id) = index.get(&state) {
            return (id, index.len());
        }
        let id = classify(ctx, &state).unwrap_or_else(|| {
            nodes.push(Node {
                seeker_moves: state.to_move as usize == ctx.seeker,
                succ: Vec::new(),
                moves: Vec::new(),
            });
            queue.push(state);
            nodes.len() as u32 - 1
        });
        index.insert(state, id);
        (id, index.len())
    };
    let (root_id, _) = id_of(root, &mut nodes, &mut queue);
    let mut next = 0;
    let mut states = 1;
    while next < queue.len() {
        let state = queue[next];
        let id = next + 2;
        next += 1;
        let capture =
            matches!(ctx.check.question, Question::Capture) && state.to_move as usize == ctx.seeker;
        let mut succ = Vec::new();
        let mut moves = Vec::new();
        for (x, step) in ctx.board.moves(&state) {
            let mv = match x {
                Some(b) => Move::Play(ctx.board.point(b)),
                None => Move::Pass,
            };
            let edge = match step {
                None => Edge {
                    to: NO,
                    removed: [0; 2],
                },
                Some(step) => {
                    let mut removed = [0; 2];
                    removed[1 - state.to_move as usize] = step.removed.count() as u16;
                    let to = if capture && step.removed.get(ctx.s0) {
                        YES
                    } else {
                        let (to, met) = id_of(step.next, &mut nodes, &mut queue);
                        states = met as u64;
                        if states > budget || crate::deadline::passed() {
                            return Err(states);
                        }
                        to
                    };
                    Edge { to, removed }
                }
            };
            succ.push(edge);
            moves.push(mv);
        }
        nodes[id].succ = succ;
        nodes[id].moves = moves;
    }
    Ok(Graph {
        nodes,
        root: root_id,
        states,
    })
}
