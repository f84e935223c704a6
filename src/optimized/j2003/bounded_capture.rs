//! Reduction `bounded-capture` (engine switch, spec S-3): before the state graph, the proof
//! search (`prove`, proof_search.rs) looks for a forced win of the attacker Y
//! (`Prover::Attacker`): a capture, for C1/C2 a finite sequence meeting the target, by a
//! depth-limited goal-directed search (a proof found decides the check: forced). Y's own part
//! of that search is the judgement of a complete strongly connected component of Y's strategy
//! (G-7) below; the cycles along the search path are judged in `Proof::cycle_lost` and
//! `Proof::decide` (in the U game every cycle is lost by Y).

use super::proof_search::{Proof, Provisional};
use rustc_hash::FxHashMap as HashMap;

impl Proof<'_> {
    /// Whether the complete component `members` (with a cycle; `captured` in all its states
    /// or in none) is won by Y (see [`prove`](super::proof_search::prove)): S is captured in
    /// it, and for each point p of L the states where a played X stone stands on p contain no
    /// cycle of the component's edges (so every cycle, and every strongly connected set, has
    /// a state where p is free). In the U game a cycle is never won by Y (it never
    /// reaches the capture).
    pub(super) fn attacker_component_won(&self, members: &[Provisional], captured: bool) -> bool {
        let position: HashMap<usize, usize> = members
            .iter()
            .enumerate()
            .map(|(i, m)| (m.index, i))
            .collect();
        if !captured || self.check.local.is_empty() {
            return false;
        }
        (0..self.check.local.len()).all(|i| {
            let set = |m: &Provisional| m.state.is_played(i);
            // Kahn's algorithm on the states where p_i holds a played X stone.
            let inside: Vec<bool> = members.iter().map(set).collect();
            let mut indegree = vec![0usize; members.len()];
            for (a, m) in members.iter().enumerate() {
                if inside[a] {
                    for e in &m.edges {
                        if let Some(&b) = position.get(e) {
                            indegree[b] += inside[b] as usize;
                        }
                    }
                }
            }
            let mut queue: Vec<usize> = (0..members.len())
                .filter(|&a| inside[a] && indegree[a] == 0)
                .collect();
            let mut removed = 0;
            while let Some(a) = queue.pop() {
                removed += 1;
                for e in &members[a].edges {
                    if let Some(&b) = position.get(e) {
                        if inside[b] {
                            indegree[b] -= 1;
                            if indegree[b] == 0 {
                                queue.push(b);
                            }
                        }
                    }
                }
            }
            removed == inside.iter().filter(|&&x| x).count()
        })
    }
}
