//! Reduction `survival-proof` (engine switch, spec S-3): before the state graph, the proof
//! search (`prove`, proof_search.rs) looks for a strategy of the defender X
//! (`Prover::Defender`) that never lets Y force the check's target: a closed set of states
//! (a proof found decides the check: not forced). X's own part of that search is the
//! judgement of a complete strongly connected component of X's strategy (G-7) below; the
//! cycles along the search path are judged in `Proof::cycle_lost`.

use super::proof_search::{Proof, Provisional};

impl Proof<'_> {
    /// Whether the complete component `members` (with a cycle; `captured` in all its states
    /// or in none) is won by X (see [`prove`](super::proof_search::prove)): S is not captured
    /// in it, or some point of L holds a played X stone in all its states (the same stone
    /// all along: a removal leaves the point empty in the state after it), i.e. a permanent
    /// stone.
    pub(super) fn defender_component_won(&self, members: &[Provisional], captured: bool) -> bool {
        let mut common = members[0].state.played().to_vec();
        for m in members {
            for (c, w) in common.iter_mut().zip(m.state.played()) {
                *c &= w;
            }
        }
        !captured || common.iter().any(|&w| w != 0)
    }
}
