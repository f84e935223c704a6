//! Benson's algorithm on the byte boards of the J2003 searches: the verdict of one board
//! for the defender's colour (its unconditionally alive strings and the regions they seal),
//! which `benson-survival` (benson_survival.rs), `sealed-regions` (sealed_regions.rs), df-pn
//! (j2003_dfpn.rs) and `benson-memo` (benson_memo.rs) read. It runs the one fixpoint of the
//! project (`crate::benson`), on bitboards where the board fits.

use super::board::EMPTY;
use super::tables::on_words;
use crate::benson::{self, Occupant, Vitality};
use crate::geometry::{Geometry, Point};
use crate::optimized::benson as bitboard_benson;
use crate::optimized::bitboard::{copy_bits, BitBoard};
use crate::optimized::legal::Layout;

/// Benson's verdict on one board for the defender's colour (see [`benson_alive`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Benson {
    /// The point holds a stone of an unconditionally alive string.
    pub(super) alive: PointSet,
    /// The point lies in a sealed region: a connected set of points without the colour's
    /// stones whose every neighbouring string is unconditionally alive.
    pub(super) sealed: PointSet,
}

/// Points in a set, one bit per point (point p: bit p % 64 of word p / 64): inline on
/// boards of up to `INLINE_POINTS` points, so that a verdict is copied and kept
/// (`benson-memo`) without an allocation; on the heap beyond. (Measured on `go-oracle
/// bench --quick --budget 100000`, perf, 2026-11-27: the verdicts' `Vec<bool>`s, their
/// `Rc` and the memo's boxed keys were most of the 20% spent on Benson's verdicts.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PointSet {
    Inline([u64; 2]),
    Heap(Box<[u64]>),
}

/// Points held inline by a [`PointSet`].
const INLINE_POINTS: usize = 128;

impl PointSet {
    /// The set of the points `p` with `member[p]` (on a board of `member.len()` points).
    pub(super) fn from_bools(member: &[bool]) -> PointSet {
        let mut words = vec![0u64; member.len().div_ceil(64)];
        for (p, _) in member.iter().enumerate().filter(|x| *x.1) {
            words[p / 64] |= 1 << (p % 64);
        }
        if member.len() <= INLINE_POINTS {
            let mut inline = [0; 2];
            inline[..words.len()].copy_from_slice(&words);
            PointSet::Inline(inline)
        } else {
            PointSet::Heap(words.into_boxed_slice())
        }
    }

    /// The points of `set`, a set of bits in the stride layout of a `w` x `h` rectangle
    /// (`optimized::bitboard`): row by row into the points' order, inline (no allocation)
    /// where the board fits two words.
    pub(super) fn from_bits<const N: usize>(set: &BitBoard<N>, w: usize, h: usize) -> PointSet {
        let stride = w + 1;
        if w * h > INLINE_POINTS || N > 2 {
            // Row by row: the row's `w` bits from bit y * stride on to point y * w on.
            let mut words = vec![0u64; (w * h).div_ceil(64)];
            for y in 0..h {
                copy_bits(&set.0, y * stride, &mut words, y * w, w);
            }
            return if w * h <= INLINE_POINTS {
                PointSet::Inline(std::array::from_fn(|i| words.get(i).copied().unwrap_or(0)))
            } else {
                PointSet::Heap(words.into_boxed_slice())
            };
        }
        // (w + 1) * h <= 128 bits here: every shift stays below 128.
        let bits = set.0[0] as u128 | if N > 1 { (set.0[1] as u128) << 64 } else { 0 };
        let row = (1u128 << w) - 1;
        let mut out = 0u128;
        for y in 0..h {
            out |= (bits >> (y * stride) & row) << (y * w);
        }
        PointSet::Inline([out as u64, (out >> 64) as u64])
    }

    /// The set's words for a board of `len` points: bit `p % 64` of word `p / 64` is point
    /// `p` (the frozen-region bits of `State`, state.rs).
    pub(super) fn words(&self, len: usize) -> &[u64] {
        let words: &[u64] = match self {
            PointSet::Inline(w) => w,
            PointSet::Heap(w) => w,
        };
        &words[..len.div_ceil(64)]
    }

    /// Whether point `p` is in the set.
    #[inline]
    pub(super) fn contains(&self, p: Point) -> bool {
        let words: &[u64] = match self {
            PointSet::Inline(w) => w,
            PointSet::Heap(w) => w,
        };
        words.get(p / 64).is_some_and(|w| w >> (p % 64) & 1 == 1)
    }

    /// The set as one flag per point of a board of `points` points.
    #[cfg(test)]
    pub(super) fn to_bools(&self, points: usize) -> Vec<bool> {
        (0..points).map(|p| self.contains(p)).collect()
    }
}

/// Benson's algorithm on a byte board (the shared fixpoint, [`crate::benson::fixpoint`],
/// with Benson's own vitality, [`Vitality::Liberties`]): for every point, whether it holds a
/// stone of colour `c` whose string is unconditionally alive, i.e. the opponent cannot
/// remove it by any sequence of legal (non-suicidal) plays even if `c` passes every turn;
/// and whether it lies in a region sealed by such strings. On rectangles of up to six words
/// (stride layout, the widths of `board::Tables`) the chains and regions are labelled on bitboards
/// ([`crate::optimized::benson::Benson`]), elsewhere over the geometry's adjacency
/// ([`crate::benson::on_graph`]).
pub(super) fn benson_alive(geometry: &Geometry, board: &[u8], c: u8) -> Benson {
    match geometry.rect_size() {
        Some((w, h)) => on_words!(w, h, N => on_bitboards::<N>(w, h, board, c),
            None => on_graph(geometry, board, c)),
        None => on_graph(geometry, board, c),
    }
}

/// [`benson_alive`] over the geometry's adjacency.
pub(super) fn on_graph(geometry: &Geometry, board: &[u8], c: u8) -> Benson {
    let occupant = |q: usize| match board[q] {
        b if b == c => Occupant::Own,
        EMPTY => Occupant::Empty,
        _ => Occupant::Opposing,
    };
    let b = benson::on_graph(geometry, occupant, Vitality::Liberties);
    let sealed = b.sealed_regions();
    let alive: Vec<bool> = (0..board.len()).map(|q| b.alive(q)).collect();
    let sealed: Vec<bool> = b
        .region_of
        .iter()
        .map(|&r| r != benson::NONE && sealed[r as usize])
        .collect();
    Benson {
        alive: PointSet::from_bools(&alive),
        sealed: PointSet::from_bools(&sealed),
    }
}

/// [`benson_alive`] on bitboards of `N` words, for a `w` x `h` rectangle.
fn on_bitboards<const N: usize>(w: usize, h: usize, board: &[u8], c: u8) -> Benson {
    let stride = Layout::<N>::new(w, h).stride;
    let (mut mine, mut theirs) = (BitBoard::<N>::ZERO, BitBoard::<N>::ZERO);
    for (y, row) in board.chunks_exact(w).enumerate() {
        for (x, &b) in row.iter().enumerate() {
            if b == c {
                mine.set(y * stride + x);
            } else if b != EMPTY {
                theirs.set(y * stride + x);
            }
        }
    }
    on_stones(w, h, mine, theirs)
}

/// [`benson_alive`] for the stones of the colour (`mine`) and of the other (`theirs`) on
/// bitboards of `N` words in the stride layout of a `w` x `h` rectangle.
pub(super) fn on_stones<const N: usize>(
    w: usize,
    h: usize,
    mine: BitBoard<N>,
    theirs: BitBoard<N>,
) -> Benson {
    let layout = Layout::<N>::new(w, h);
    let b = bitboard_benson::Benson::new(&mine, &theirs, &layout, Vitality::Liberties);
    let alive = b.alive();
    let sealed_region = benson::sealed_regions(&b.kept, &b.touches);
    let mut sealed = BitBoard::<N>::ZERO;
    for (region, _) in b.regions.iter().zip(&sealed_region).filter(|x| *x.1) {
        sealed = sealed.or(region);
    }
    Benson {
        alive: PointSet::from_bits(&alive, w, h),
        sealed: PointSet::from_bits(&sealed, w, h),
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support::{byte_board, names};
    use super::*;

    /// Black's chain A1-D1-B2-D2 is alive with the eyes A2 and C2, which are sealed. The white
    /// area E-G is not sealed: it also touches Black's G2, which is not alive.
    #[test]
    fn benson_alive_and_sealed() {
        let (g, board) = byte_board(". # . # O . #\n# # # # O . .\n");
        let n = g.len();
        let b = benson_alive(&g, &board, 1);
        assert_eq!(
            names(&g, &b.alive.to_bools(n)),
            ["B2", "D2", "A1", "B1", "C1", "D1"]
        );
        assert_eq!(names(&g, &b.sealed.to_bools(n)), ["A2", "C2"]);
        // Without G2 the white area touches only the alive chain: sealed too.
        let (g, board) = byte_board(". # . # O . .\n# # # # O . .\n");
        let b = benson_alive(&g, &board, 1);
        assert_eq!(
            names(&g, &b.sealed.to_bools(n)),
            ["A2", "C2", "E2", "F2", "G2", "E1", "F1", "G1"]
        );
        // No chain at all: nothing is alive or sealed (a region must touch alive chains).
        let (g, board) = byte_board(". . .\n");
        let b = benson_alive(&g, &board, 1);
        assert!((0..3).all(|p| !b.alive.contains(p) && !b.sealed.contains(p)));
    }

    /// A point set holds exactly the points it was made of, inline (up to 128 points) and
    /// on the heap (beyond), and two sets of the same points are equal.
    #[test]
    fn point_sets_hold_their_points() {
        let mut seed = 0x5851_f42d_4c95_7f2du64;
        for n in [1, 5, 63, 64, 65, 81, 127, 128, 129, 200, 361] {
            let member: Vec<bool> = (0..n)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed.is_multiple_of(3)
                })
                .collect();
            let set = PointSet::from_bools(&member);
            assert_eq!(set.to_bools(n), member, "{n} points");
            assert!(!set.contains(n + 64), "{n} points");
            assert_eq!(set, PointSet::from_bools(&member));
            assert_eq!(matches!(set, PointSet::Inline(_)), n <= INLINE_POINTS);
        }
    }

    /// The bitboard labelling (rectangles of one to six words) and the graph one give the
    /// same alive and sealed points on random boards, crowded with the colour's stones so
    /// that some strings live.
    #[test]
    fn bitboards_and_graph_agree() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut alive, mut sealed) = (0, 0);
        for i in 0..3000 {
            let (w, h) = match i % 10 {
                0 | 5 => (9, 1 + i % 9),
                // Three, four and six words.
                1 => (13, 13),
                3 => (15, 10),
                7 => (19, 19),
                _ => (1 + i % 7, 1 + i % 5),
            };
            let g = Geometry::rect(w, h).expect("a rectangle");
            let board: Vec<u8> = (0..w * h)
                .map(|_| match next() % 20 {
                    0..=10 => 1,
                    11..=12 => 2,
                    _ => EMPTY,
                })
                .collect();
            let (a, b) = (benson_alive(&g, &board, 1), on_graph(&g, &board, 1));
            assert_eq!(a.alive, b.alive, "{w}x{h} {board:?}");
            assert_eq!(a.sealed, b.sealed, "{w}x{h} {board:?}");
            alive += a.alive.to_bools(w * h).iter().filter(|&&x| x).count();
            sealed += a.sealed.to_bools(w * h).iter().filter(|&&x| x).count();
        }
        assert!(
            alive > 1000 && sealed > 1000,
            "{alive} alive, {sealed} sealed"
        );
    }
}
