//! Reduction `rival-proofs` (engine switch, spec `j2003-solver.md` S-3.3): when both provers
//! search (`bounded-capture` and `survival-proof`, taking turns round by round), each round of
//! one prover reads the states the other has proved so far, and meeting one of them is a
//! final failure, without a search. Every proof of either prover is sound (S-3; a state
//! proved in the game G* of `frozen-regions` is won in the real game from the state itself),
//! and "Y can force the target" and "Y cannot force it" are negations of each other (J-33),
//! so no proof of this prover contains that state: the cut loses no proof.

use super::board::State;
use super::proof_search::Proof;

impl Proof<'_> {
    /// Whether the other prover has proved `key` (counted in `rival_cuts`).
    pub(super) fn rival_proved(&mut self, key: &State) -> bool {
        let met = self.rival.contains_key(key);
        self.rival_cuts += met as u64;
        met
    }

    /// With `on` and two searches, lends the states the other search has proved to search
    /// `i` for its round (moved, not copied; [`Proof::return_rival`] gives them back).
    pub(super) fn lend_rival(searches: &mut [Proof], i: usize, on: bool) {
        if on && searches.len() == 2 {
            searches[i].rival = std::mem::take(&mut searches[1 - i].proved);
        }
    }

    /// Gives the states lent by [`Proof::lend_rival`] back to the search they came from.
    pub(super) fn return_rival(searches: &mut [Proof], i: usize) {
        if searches.len() == 2 {
            let lent = std::mem::take(&mut searches[i].rival);
            searches[1 - i].proved.extend(lent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support::{random_check, rng};
    use super::super::proof_search::{prove, Leaves, Prover};
    use super::super::state_graph;
    use crate::engine::Answer;

    /// On 150 random boards of 6 to 9 points (uncapturable and capturable-1 checks, random
    /// regions L): the proof searches of both provers with `rival-proofs` and without it
    /// never contradict the state graph where it decides, nor each other; and the rival's
    /// proofs do cut (fewer states in all with them).
    #[test]
    fn rival_proofs_agree_with_the_state_graph() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let sizes = [(1, 7), (1, 8), (2, 3), (2, 4), (3, 3), (1, 6)];
        let leaves = |rival_proofs| Leaves {
            benson_survival: true,
            sealed_regions: true,
            frozen_regions: true,
            rival_proofs,
            proof_ladder: false,
        };
        let both = [Prover::Attacker, Prover::Defender];
        let (mut compared, mut with, mut without) = (0, 0u64, 0u64);
        let (mut decided_with, mut decided_without) = (0, 0);
        for i in 0..150 {
            let Some((g, board, check, _)) = random_check(&mut next, i, &sizes, 4) else {
                continue;
            };
            let (on, nodes_on, _) = prove(&g, &board, &check, &both, leaves(true), 64, 20_000);
            let (off, nodes_off, _) = prove(&g, &board, &check, &both, leaves(false), 64, 20_000);
            with += nodes_on;
            without += nodes_off;
            decided_with += on.is_some() as usize;
            decided_without += off.is_some() as usize;
            if let (Some(a), Some(b)) = (on, off) {
                assert_eq!(a, b, "{board:?} {check:?}");
            }
            if let Answer::Decided((forced, _, _)) = state_graph::force(&g, &board, &check, 50_000)
            {
                compared += 1;
                for answer in [on, off].into_iter().flatten() {
                    assert_eq!(answer, forced, "{board:?} {check:?}");
                }
            }
        }
        assert!(compared > 40, "{compared} compared with the state graph");
        assert!(
            with < without,
            "{with} states with the rival's proofs, {without} without"
        );
        assert!(
            decided_with >= decided_without,
            "{decided_with} decided with, {decided_without} without"
        );
    }
}
