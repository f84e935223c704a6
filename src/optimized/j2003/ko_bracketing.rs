//! Reduction `ko-bracketing` (engine switch, spec S-3 clause S-3.2): before the full game,
//! the uncapturable check is solved (by df-pn, `j2003_dfpn.rs`) in two ko-free variants:
//! A favours Y (Y's ko captures are never banned, his ko-pass is always legal; X makes no
//! ko capture and no ko-pass), B mirrors it in X's favour. X's win in A makes S
//! uncapturable, Y's win in B makes it capturable; only when the variants disagree (or stay
//! undetermined) does the full game decide. The variants' moves are made by
//! `board::expand` under `Board::favoured`.

use super::benson_memo::BensonMemo;
use super::board::stone;
use super::j2003_dfpn;
use crate::geometry::Geometry;
use crate::status_game::StatusCheck;

/// The two variants with `budget` nodes each: `Some(false)` when X wins A (S-3.2: Y cannot
/// force the capture in J2003), `Some(true)` when Y wins B (he can), else `None`. Also the
/// nodes spent. (No line: a variant's line need not be a J2003 line.)
pub(super) fn bracket(
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    benson: bool,
    memo: &mut BensonMemo,
    budget: u64,
) -> (Option<bool>, u64) {
    let attacker = 3 - stone(check.defender);
    let (a, spent_a, _) =
        j2003_dfpn::solve_with_memo(geometry, board, check, Some(attacker), benson, budget, memo);
    if a == Some(false) {
        return (Some(false), spent_a);
    }
    let (b, spent_b, _) = j2003_dfpn::solve_with_memo(
        geometry,
        board,
        check,
        Some(3 - attacker),
        benson,
        budget,
        memo,
    );
    if b == Some(true) {
        return (Some(true), spent_a + spent_b);
    }
    (None, spent_a + spent_b)
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support;
    use super::super::{j2003_dfpn, state_graph};
    use super::bracket;
    use crate::engine::Answer;
    use crate::geometry::Colour;
    use crate::status_game::{StatusCheck, StatusKind};

    /// The U check of the string at `at` (owned by `defender`) in each variant and in J2003.
    fn variants(diagram: &str, at: &str, defender: Colour) -> [Option<bool>; 3] {
        let (g, board) = test_support::byte_board(diagram);
        let p = g.parse_gtp(at).expect("a point");
        let check = StatusCheck {
            string: vec![p],
            defender,
            kind: StatusKind::Uncapturable,
            local: Vec::new(),
        };
        let y = 3 - super::stone(defender);
        let a = j2003_dfpn::solve(&g, &board, &check, Some(y), false, true, 100_000).0;
        let b = j2003_dfpn::solve(&g, &board, &check, Some(3 - y), false, true, 100_000).0;
        let full = match state_graph::force(&g, &board, &check, 1_000_000) {
            Answer::Decided((forced, _, _)) => Some(forced),
            Answer::Undetermined(_) => None,
        };
        [a, b, full]
    }

    /// oracle-cases/j2003-shapes/ko-bracketing.yaml: Black's B1 lives only because White's
    /// retake of the ko at A1 is banned (S-3.2). Variant A (White favoured) captures it,
    /// variant B (Black favoured) does not, J2003 does not: the bracketing must not decide
    /// (a swap of the variants would call B1 capturable).
    #[test]
    fn a_ko_decides_uncapturable() {
        let d = ". . .\nO # .";
        assert_eq!(
            variants(d, "B1", Colour::Black),
            [Some(true), Some(false), Some(false)]
        );
        let (g, board) = test_support::byte_board(d);
        let check = StatusCheck {
            string: vec![g.parse_gtp("B1").expect("B1")],
            defender: Colour::Black,
            kind: StatusKind::Uncapturable,
            local: Vec::new(),
        };
        let mut memo = super::BensonMemo::new(true);
        assert_eq!(
            bracket(&g, &board, &check, false, &mut memo, 100_000).0,
            None
        );
    }

    /// oracle-cases/j2003-shapes/ko-pass-decides.yaml: Black's C1-D1 falls only because
    /// White may ko-pass: White (favoured, A) captures, in B he cannot, J2003 captures.
    #[test]
    fn a_ko_pass_decides_capturable() {
        assert_eq!(
            variants(". . # # .", "C1", Colour::Black),
            [Some(true), Some(false), Some(true)]
        );
    }
}
