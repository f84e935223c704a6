//! Reduction `sealed-regions` (engine switch, spec S-3): in the proof searches of
//! uncapturable checks, no plays into regions sealed by X's unconditionally alive strings
//! (a sealed region: a connected set of points without X's stones whose every neighbouring
//! string is unconditionally alive). The prover does not play there by choice; Y (when X
//! proves) does not either, because X's pass answers such a play and it changes nothing
//! outside. The sealed points come from Benson's algorithm (`benson_alive`, in
//! benson_survival.rs); `Proof::successors` drops the plays into them.

use super::proof_search::Proof;
use crate::status_game::StatusKind;

impl Proof<'_> {
    /// Whether `sealed-regions` applies: the U game, switched on.
    pub(super) fn seals(&self) -> bool {
        self.sealed_regions && self.check.kind == StatusKind::Uncapturable
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support::byte_board;
    use super::super::proof_search::{prove, Leaves, Prover};
    use crate::status_game::{StatusCheck, StatusKind};

    /// `sealed-regions` must not seal the white area here: Black's G2 (liberties F2, G1)
    /// borders it, and White takes G2 (W F2, then W G1 or W F1 whatever Black does). A
    /// defender proof of survival (with the reductions on) would be wrong; the attacker's
    /// proof must be found.
    #[test]
    fn no_survival_proof_through_an_unsealed_region() {
        let (g, board) = byte_board(". # . # O . #\n# # # # O . .\n");
        let g2 = g.parse_gtp("G2").expect("a point");
        let check = StatusCheck {
            string: vec![g2],
            defender: crate::geometry::Colour::Black,
            kind: StatusKind::Uncapturable,
            local: Vec::new(),
        };
        let leaves = Leaves {
            benson_survival: true,
            sealed_regions: true,
            frozen_regions: true,
            rival_proofs: true,
            proof_ladder: true,
        };
        let (x_proof, _, _) = prove(&g, &board, &check, &[Prover::Defender], leaves, 64, 200_000);
        assert_eq!(x_proof, None, "no strategy of Black keeps G2");
        let (y_proof, _, line) =
            prove(&g, &board, &check, &[Prover::Attacker], leaves, 64, 200_000);
        assert_eq!(y_proof, Some(true), "White captures G2: {line:?}");
    }
}
