//! Reduction `benson-uncapturable` (engine switch, spec S-3): a string that Benson's
//! algorithm finds unconditionally alive is uncapturable without a search (Y cannot capture
//! it even if X passes every turn, and X may pass every turn; J-41). It is decided by the
//! engine's own Benson on bitboards (`optimized::benson`), before any search.

use crate::geometry::Position;
use crate::optimized::benson;
use crate::status_game::{StatusCheck, StatusKind};

/// Whether `check` is an uncapturable check whose string Benson's algorithm finds
/// unconditionally alive on the `w` x `h` board (bitboards of `words` words): then Y cannot
/// force the capture, without a search.
pub(super) fn is_uncapturable_by_benson(
    w: usize,
    h: usize,
    words: usize,
    position: &Position,
    check: &StatusCheck,
) -> bool {
    check.kind == StatusKind::Uncapturable
        && benson::immortal_points(w, h, words, position, check.defender)[check.string[0]]
}
