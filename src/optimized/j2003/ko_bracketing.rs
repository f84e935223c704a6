//! Reduction `ko-bracketing` (engine switch, spec S-3 clause S-3.2): before the full game,
//! the uncapturable check is solved (by df-pn, `j2003_dfpn.rs`) in two ko-free variants:
//! A favours Y (Y's ko captures are never banned, his ko-pass is always legal; X makes no
//! ko capture and no ko-pass), B mirrors it in X's favour. X's win in A makes S
//! uncapturable, Y's win in B makes it capturable; only when the variants disagree (or stay
//! undetermined) does the full game decide. The variants' moves are made by
//! `board::expand` under `Board::favoured`.

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
    budget: u64,
) -> (Option<bool>, u64) {
    let attacker = 3 - stone(check.defender);
    let (a, spent_a, _) = j2003_dfpn::solve(geometry, board, check, Some(attacker), benson, budget);
    if a == Some(false) {
        return (Some(false), spent_a);
    }
    let (b, spent_b, _) =
        j2003_dfpn::solve(geometry, board, check, Some(3 - attacker), benson, budget);
    if b == Some(true) {
        return (Some(true), spent_a + spent_b);
    }
    (None, spent_a + spent_b)
}
