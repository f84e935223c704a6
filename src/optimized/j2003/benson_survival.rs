//! Reduction `benson-survival` (engine switch, spec S-3): in the proof searches, a state
//! where S's string (or the string of a played X stone on L) is unconditionally alive by
//! Benson's algorithm is won by X without a search: X passes for ever. Benson's algorithm
//! runs on the state's byte board (benson_verdict.rs); the sealed regions it also finds
//! serve `sealed-regions` (sealed_regions.rs).

use super::benson_verdict::{Benson, PointSet};
use super::board::State;
use super::proof_search::Proof;

impl Proof<'_> {
    /// Benson's algorithm on the board of `key` for X (kept by `benson-memo`,
    /// benson_memo.rs).
    pub(super) fn benson(&mut self, key: &State) -> Benson {
        self.benson_memo
            .verdict(self.b.geometry, &mut self.b.stones, key, 3 - self.attacker)
    }

    /// `benson-survival`: whether X wins from `key` by passing for ever because a string that
    /// Benson's algorithm finds unconditionally alive holds S (not yet captured) or a
    /// played X stone on a point of L (then a permanent stone).
    pub(super) fn benson_leaf(&self, key: &State, alive: &PointSet) -> bool {
        (!key.captured && alive.contains(self.check.string[0]))
            || (0..self.check.local.len())
                .any(|i| key.is_played(i) && alive.contains(self.check.local[i]))
    }
}
