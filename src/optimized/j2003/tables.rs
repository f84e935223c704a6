//! The widths of board on which the J2003 searches run on bitboards (`optimized::bitboard`):
//! one to six words, every board up to 19x19; the byte board's flood fills beyond. `Tables`
//! holds a board's layout of its width, `on_words!` says which width a rectangle takes and
//! `on_tables!` writes the match over the widths.

use crate::optimized::layout::Layout;
use std::sync::Arc;

/// The bitboard tables of a board that fits `WIDEST` words (a 19x19 board fits six); `None`
/// elsewhere (then the byte board's flood fills). One variant per width the searches are
/// compiled for (`on_tables!` writes the match).
pub(super) enum Tables {
    One(Arc<Layout<1>>),
    Two(Arc<Layout<2>>),
    Three(Arc<Layout<3>>),
    Four(Arc<Layout<4>>),
    Six(Arc<Layout<6>>),
    None,
}

/// The most words of a board on bitboards in the J2003 searches (`Tables`).
pub(super) const WIDEST: usize = 6;

impl Tables {
    /// The tables of a `w` x `h` rectangle: the fewest words of `Tables` that hold it.
    pub(super) fn of(w: usize, h: usize) -> Tables {
        on_words!(w, h, N => Tables::from(Layout::<N>::of(w, h)), None => Tables::None)
    }
}

// A layout of each width is its variant of `Tables` (`Tables::of`, whose width is a constant).
macro_rules! tables_from {
    ($($n:literal => $variant:ident),*) => {
        $(impl From<Arc<Layout<$n>>> for Tables {
            fn from(layout: Arc<Layout<$n>>) -> Tables {
                Tables::$variant(layout)
            }
        })*
    };
}
tables_from!(1 => One, 2 => Two, 3 => Three, 4 => Four, 6 => Six);

/// `$bits` with `$n` a constant, the words of `Tables` that hold a `$w` x `$h` rectangle in
/// the stride layout (1, 2, 3, 4 or 6), or `$bytes` when it needs more: the one place that
/// says which widths the J2003 searches run on bitboards.
macro_rules! on_words {
    ($w:expr, $h:expr, $n:ident => $bits:expr, None => $bytes:expr) => {
        match (($w + 1) * $h).div_ceil(64) {
            1 => {
                const $n: usize = 1;
                $bits
            }
            2 => {
                const $n: usize = 2;
                $bits
            }
            3 => {
                const $n: usize = 3;
                $bits
            }
            4 => {
                const $n: usize = 4;
                $bits
            }
            5 | 6 => {
                const $n: usize = 6;
                $bits
            }
            _ => $bytes,
        }
    };
}
pub(super) use on_words;

/// `match` on [`Tables`]: `$bits` for every width, with `$l` the layout (a `&Arc<Layout<N>>`
/// of that width), `$bytes` for `None`.
macro_rules! on_tables {
    ($tables:expr, $l:ident => $bits:expr, None => $bytes:expr) => {
        match $tables {
            Tables::One($l) => $bits,
            Tables::Two($l) => $bits,
            Tables::Three($l) => $bits,
            Tables::Four($l) => $bits,
            Tables::Six($l) => $bits,
            Tables::None => $bytes,
        }
    };
}
pub(super) use on_tables;
