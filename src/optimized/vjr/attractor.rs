//! VS-3 item 2 (switch `vjr-attractor`): the attractors of the state graph. W: the states
//! from which the seeker forces the target in finitely many moves (backwards from the sink
//! YES: a seeker state with one successor in W, another state with all in W). L: the states
//! from which the other player forces a finished variation without the target (backwards
//! from the sink NO, never through YES). At the root they are exact (spec V-15's property):
//! in W the answer is *yes*, in L *no*; elsewhere they are the leaves of the first-cycle
//! search (`first_cycle.rs`). Each state's rank is the order in which it joined its
//! attractor (a strategy that lowers the rank reaches the sink).

use super::state_graph::{Graph, NO, YES};

/// Membership rank in an attractor (`u32::MAX`: not a member).
pub(super) type Ranks = Vec<u32>;

/// The attractors W (of YES for the seeker) and L (of NO for the other player).
pub(super) fn attractors(graph: &Graph) -> (Ranks, Ranks) {
    let n = graph.nodes.len();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (v, node) in graph.nodes.iter().enumerate() {
        for e in &node.succ {
            pred[e.to as usize].push(v as u32);
        }
    }
    let attract = |sink: u32, for_seeker: bool| -> Ranks {
        let mut rank = vec![u32::MAX; n];
        let mut missing: Vec<usize> = graph.nodes.iter().map(|nd| nd.succ.len()).collect();
        rank[sink as usize] = 0;
        let mut queue = vec![sink];
        let mut head = 0;
        while head < queue.len() {
            let w = queue[head] as usize;
            head += 1;
            for &v in &pred[w] {
                let v = v as usize;
                if rank[v] != u32::MAX {
                    continue;
                }
                missing[v] -= 1;
                if graph.nodes[v].seeker_moves == for_seeker || missing[v] == 0 {
                    rank[v] = queue.len() as u32;
                    queue.push(v as u32);
                }
            }
        }
        rank
    };
    (attract(YES, true), attract(NO, false))
}
