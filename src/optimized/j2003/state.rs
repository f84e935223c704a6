//! The packed state of the J2003 searches (spec S-3): the game state of G-2 without the
//! counter, as the proof searches, df-pn, the ko bracketing and the state graph store it.
//!
//! A representation only (spec S-3, "State representation"): the state holds exactly what
//! it held before (the played-stone bits of L, the board at two bits per point, the
//! frozen-region bits, the player to move, the pass flag, `captured`, the ko record of
//! J-31), in words kept inline up to `INLINE` words (no allocation per successor on boards
//! of up to 9x9), with a Zobrist key of the words kept up to date by every change. `Hash`
//! writes the key and the flags only; `Eq` compares everything, so no answer rests on the
//! key (two states with the same key and different words are different states).
//!
//! Why (measured on `go-oracle bench --quick --budget 100000`, perf, 2026-11-27): hashing
//! the states was 7% of the time, comparing them 5%, and the `Box<[u64]>` of each
//! successor most of the 9% spent allocating.

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

use super::tables::WIDEST;
use crate::geometry::Point;
use crate::optimized::bitboard::{copy_bits, BitBoard};
use crate::optimized::layout::Layout;

/// Words kept inline: a 9x9 board (3 words) with its played-stone (2) and frozen-region
/// (2) bits.
const INLINE: usize = 7;

/// The words of a state: inline up to `INLINE` words (the words past the length stay 0),
/// else on the heap.
#[derive(Clone)]
pub(super) enum Words {
    Inline(u8, [u64; INLINE]),
    Heap(Box<[u64]>),
}

impl Words {
    /// A copy of `words`.
    pub(super) fn from_slice(words: &[u64]) -> Words {
        let mut out = Words::zeroed(words.len());
        out.copy_from_slice(words);
        out
    }

    /// `n` words, all 0.
    fn zeroed(n: usize) -> Words {
        if n <= INLINE {
            Words::Inline(n as u8, [0; INLINE])
        } else {
            Words::Heap(vec![0; n].into_boxed_slice())
        }
    }
}

impl Deref for Words {
    type Target = [u64];
    #[inline]
    fn deref(&self) -> &[u64] {
        match self {
            Words::Inline(n, w) => &w[..*n as usize],
            Words::Heap(b) => b,
        }
    }
}

impl DerefMut for Words {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u64] {
        match self {
            Words::Inline(n, w) => &mut w[..*n as usize],
            Words::Heap(b) => b,
        }
    }
}

impl PartialEq for Words {
    #[inline]
    fn eq(&self, other: &Words) -> bool {
        match (self, other) {
            // The words past the length are 0 in both: the whole arrays compare.
            (Words::Inline(n, a), Words::Inline(m, b)) => n == m && a == b,
            _ => self[..] == other[..],
        }
    }
}

impl Eq for Words {}

/// As the slice of the words (so that a map keyed by `Words` is searched with a slice).
impl Hash for Words {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        self[..].hash(h)
    }
}

impl std::borrow::Borrow<[u64]> for Words {
    #[inline]
    fn borrow(&self) -> &[u64] {
        self
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self[..].fmt(f)
    }
}

/// The Zobrist key of one fact of a state: point (or index in L) `i` holds a black stone
/// (`kind` 1), a white stone (2), a played X stone on L (3), lies in a frozen region (4).
/// A fixed mixing function (splitmix64's finaliser), so keys are the same in every run and
/// for every board size.
#[inline]
fn zobrist(i: usize, kind: u64) -> u64 {
    let mut z = (i as u64) << 3 | kind;
    z = z.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The stones of the last board read onto bitboards (`StonesCache::stones`): one state's
/// stones are asked for by its plays (J-8), its frozen regions and Benson's verdict, one
/// after the other. The whole board's words are the key (and the rectangle), so an answer
/// is always the state's own stones.
#[derive(Clone, Debug, Default)]
pub(super) struct StonesCache {
    /// The rectangle and the board words of the stones kept (`len` 0: none).
    size: (usize, usize),
    len: usize,
    words: [u64; MAX_BOARD_WORDS],
    stones: [[u64; WIDEST]; 2],
}

/// Board words (two bits per point) of a 19x19 board (722 bits) and the boards of six words
/// with no more points; one of six words with more (52x7: 364 points) is read uncached.
const MAX_BOARD_WORDS: usize = (19 * 19 * 2usize).div_ceil(64);

impl StonesCache {
    /// [`StonesCache::stones`] on `layout`'s rectangle.
    #[inline]
    pub(super) fn on<const N: usize>(
        &mut self,
        key: &State,
        layout: &Layout<N>,
    ) -> [BitBoard<N>; 2] {
        self.stones(key, layout.width, layout.height, layout.stride)
    }

    /// [`State::stones`] of `key` on a `width` x `height` board with `stride`, from the
    /// cache when `key`'s board is the last one read.
    #[inline]
    pub(super) fn stones<const N: usize>(
        &mut self,
        key: &State,
        width: usize,
        height: usize,
        stride: usize,
    ) -> [BitBoard<N>; 2] {
        let words = key.board_words();
        if N > WIDEST || words.len() > MAX_BOARD_WORDS {
            return key.stones(width, height, stride);
        }
        let size = (width, height);
        if self.len != words.len() || self.size != size || self.words[..self.len] != *words {
            let stones = key.stones::<N>(width, height, stride);
            self.size = size;
            self.len = words.len();
            self.words[..words.len()].copy_from_slice(words);
            for (kept, s) in self.stones.iter_mut().zip(&stones) {
                kept[..N].copy_from_slice(&s.0);
            }
        }
        let [black, white] = &self.stones;
        [
            BitBoard(std::array::from_fn(|i| black[i])),
            BitBoard(std::array::from_fn(|i| white[i])),
        ]
    }
}

/// The frozen-region bits of a state for the points of `region` (one bit per point).
pub(super) fn frozen_words(region: &[bool]) -> Vec<u64> {
    region
        .chunks(64)
        .map(|chunk| {
            chunk
                .iter()
                .enumerate()
                .fold(0u64, |w, (b, &f)| w | (f as u64) << b)
        })
        .collect()
}

/// The even bits of a word (the low bit of each point's two).
const EVEN: u64 = 0x5555_5555_5555_5555;

/// The even bits of `x` (its only set bits) gathered into the low 32 bits, in order.
#[inline]
fn compress_even(mut x: u64) -> u32 {
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) as u32
}

const PLAYED: u64 = 3;
const FROZEN: u64 = 4;

/// A state of the searches: the game state of G-2 without the counter.
/// Compact encoding: `cells` holds first the played-stone bits of L, then the board at two
/// bits per point (0 empty, 1 black, 2 white), then (in the searches with `frozen-regions`)
/// one bit per point: the point lies in a frozen region. `key` is the Zobrist key of
/// `cells` (kept by the methods that change them; compared first by `Eq`, a cheap way to
/// tell most different states apart).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub(super) key: u64,
    pub(super) cells: Words,
    /// The number of words of played-stone bits at the front of `cells`.
    pub(super) played_words: u16,
    /// The number of words of frozen-region bits at the end of `cells`.
    pub(super) frozen_words: u16,
    pub(super) to_move: u8,
    pub(super) after_pass: bool,
    pub(super) captured: bool,
    pub(super) ko_record: Vec<(u8, u16, u16)>,
}

impl Hash for State {
    /// The key and the flags (and the ko record, most often empty); `Eq` decides.
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        let flags = self.to_move as u64
            | (self.after_pass as u64) << 2
            | (self.captured as u64) << 3
            | (self.ko_record.len() as u64) << 4;
        h.write_u64(self.key ^ flags.wrapping_mul(0xA24B_AED4_963E_E407));
        for &(c, x, y) in &self.ko_record {
            h.write_u64((c as u64) << 32 | (x as u64) << 16 | y as u64);
        }
    }
}

impl State {
    pub(super) fn new(board: &[u8], played: &[u64], to_move: u8) -> State {
        let mut cells = Words::zeroed(played.len() + board.len().div_ceil(32));
        cells[..played.len()].copy_from_slice(played);
        let mut state = State {
            key: 0,
            cells,
            played_words: played.len() as u16,
            frozen_words: 0,
            to_move,
            after_pass: false,
            captured: false,
            ko_record: Vec::new(),
        };
        for i in 0..played.len() * 64 {
            if state.is_played(i) {
                state.key ^= zobrist(i, PLAYED);
            }
        }
        for (p, &c) in board.iter().enumerate() {
            state.set_point(p, c);
        }
        state
    }

    /// The Zobrist key of the state's words computed from scratch (what `key` must be).
    #[cfg(test)]
    pub(super) fn key_from_scratch(&self) -> u64 {
        let played = self.played_words as usize;
        let board = self.board_words().len();
        let mut key = 0;
        for i in 0..played * 64 {
            if self.is_played(i) {
                key ^= zobrist(i, PLAYED);
            }
        }
        for p in 0..board * 32 {
            let c = self.cell(p);
            if c != 0 {
                key ^= zobrist(p, c as u64);
            }
        }
        for p in 0..self.frozen_words as usize * 64 {
            if self.is_frozen(p) {
                key ^= zobrist(p, FROZEN);
            }
        }
        key
    }

    /// Bit i: a defender stone played in the sequence stands on L[i] (C1/C2 only).
    pub(super) fn played(&self) -> &[u64] {
        &self.cells[..self.played_words as usize]
    }

    pub(super) fn is_played(&self, i: usize) -> bool {
        self.cells[i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets (or clears) the played-stone bit of L[i].
    #[inline]
    pub(super) fn set_played(&mut self, i: usize, on: bool) {
        if self.is_played(i) != on {
            self.cells[i / 64] ^= 1 << (i % 64);
            self.key ^= zobrist(i, PLAYED);
        }
    }

    /// The words that hold the board (two bits per point), without the played-stone and
    /// frozen-region bits.
    pub(super) fn board_words(&self) -> &[u64] {
        &self.cells[self.played_words as usize..self.cells.len() - self.frozen_words as usize]
    }

    /// The content of point `p`: 0 empty, 1 black, 2 white.
    #[inline]
    pub(super) fn cell(&self, p: Point) -> u8 {
        (self.cells[self.played_words as usize + p / 32] >> (2 * (p % 32)) & 3) as u8
    }

    /// The board, one byte per point, into `out`.
    pub(super) fn board_into(&self, points: usize, out: &mut Vec<u8>) {
        let words = self.board_words();
        out.clear();
        out.extend((0..points).map(|p| (words[p / 32] >> (2 * (p % 32)) & 3) as u8));
    }

    /// The black and the white stones on bitboards of `N` words in the stride layout of
    /// `optimized::bitboard` (point `y * width + x` on bit `y * stride + x`), read from the
    /// packed words 32 points at a time; the board must fit (`stride * height <= 64 * N`).
    pub(super) fn stones<const N: usize>(
        &self,
        width: usize,
        height: usize,
        stride: usize,
    ) -> [BitBoard<N>; 2] {
        let words = self.board_words();
        let mut out = [BitBoard::<N>::ZERO; 2];
        if N == 1 {
            // At most 64 points (two words): one word of each colour in point order.
            let (mut black, mut white) = (0u64, 0u64);
            for (i, &w) in words.iter().enumerate().take(2) {
                let (lo, hi) = (w & EVEN, w >> 1 & EVEN);
                black |= (compress_even(lo & !hi) as u64) << (32 * i);
                white |= (compress_even(hi & !lo) as u64) << (32 * i);
            }
            let row = (1u64 << width) - 1;
            let (mut b, mut w) = (0u64, 0u64);
            for y in 0..height {
                b |= (black >> (y * width) & row) << (y * stride);
                w |= (white >> (y * width) & row) << (y * stride);
            }
            out[0].0[0] = b;
            out[1].0[0] = w;
            return out;
        }
        if N > 2 {
            return self.stones_wide(width, height, stride);
        }
        // The points of one colour in point order, 32 to a word of the packed board.
        let (mut black, mut white) = (0u128, 0u128);
        for (i, &w) in words.iter().enumerate().take(4) {
            let (lo, hi) = (w & EVEN, w >> 1 & EVEN);
            black |= (compress_even(lo & !hi) as u128) << (32 * i);
            white |= (compress_even(hi & !lo) as u128) << (32 * i);
        }
        let row = (1u128 << width) - 1;
        let (mut b, mut w) = (0u128, 0u128);
        for y in 0..height {
            b |= (black >> (y * width) & row) << (y * stride);
            w |= (white >> (y * width) & row) << (y * stride);
        }
        for (set, bits) in out.iter_mut().zip([b, w]) {
            for (i, word) in set.0.iter_mut().enumerate() {
                *word = (bits >> (64 * i)) as u64;
            }
        }
        out
    }

    /// [`State::stones`] on boards of more than two words: each colour's points gathered
    /// in point order (64 to a word: a board of `N` words has fewer points than bits), then
    /// copied row by row to their bits.
    fn stones_wide<const N: usize>(
        &self,
        width: usize,
        height: usize,
        stride: usize,
    ) -> [BitBoard<N>; 2] {
        let mut points = [[0u64; N]; 2];
        for (i, &w) in self.board_words().iter().enumerate() {
            let (lo, hi) = (w & EVEN, w >> 1 & EVEN);
            points[0][i / 2] |= (compress_even(lo & !hi) as u64) << (32 * (i % 2));
            points[1][i / 2] |= (compress_even(hi & !lo) as u64) << (32 * (i % 2));
        }
        let mut out = [BitBoard::<N>::ZERO; 2];
        for (set, points) in out.iter_mut().zip(&points) {
            for y in 0..height {
                copy_bits(points, y * width, &mut set.0, y * stride, width);
            }
        }
        out
    }

    /// The same state with room for frozen-region bits (none set).
    pub(super) fn with_frozen_bits(mut self, points: usize) -> State {
        let words = points.div_ceil(64);
        let mut cells = Words::zeroed(self.cells.len() + words);
        cells[..self.cells.len()].copy_from_slice(&self.cells);
        self.cells = cells;
        self.frozen_words = words as u16;
        self
    }

    /// Whether point p lies in a frozen region recorded in the state.
    pub(super) fn is_frozen(&self, p: Point) -> bool {
        let from = self.cells.len() - self.frozen_words as usize;
        self.frozen_words > 0 && self.cells[from + p / 64] >> (p % 64) & 1 == 1
    }

    /// The points recorded in frozen regions, in increasing order.
    pub(super) fn frozen_points(&self) -> impl Iterator<Item = Point> + '_ {
        let from = self.cells.len() - self.frozen_words as usize;
        self.cells[from..].iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    64 * i + b
                })
            })
        })
    }

    /// Records the frozen regions `region` in the state (and only them).
    #[cfg(test)]
    pub(super) fn set_frozen(&mut self, region: &[bool]) {
        self.set_frozen_words(&frozen_words(region));
    }

    /// Records the frozen regions given as words of frozen-region bits (one bit per point).
    #[inline]
    pub(super) fn set_frozen_words(&mut self, words: &[u64]) {
        let from = self.cells.len() - self.frozen_words as usize;
        for (i, &word) in words.iter().enumerate() {
            let old = std::mem::replace(&mut self.cells[from + i], word);
            let mut changed = old ^ word;
            while changed != 0 {
                let b = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.key ^= zobrist(64 * i + b, FROZEN);
            }
        }
    }

    /// Puts `c` (0 empty, 1 black, 2 white) on point `p`.
    #[inline]
    pub(super) fn set_point(&mut self, p: Point, c: u8) {
        let old = self.cell(p);
        if old == c {
            return;
        }
        if old != 0 {
            self.key ^= zobrist(p, old as u64);
        }
        if c != 0 {
            self.key ^= zobrist(p, c as u64);
        }
        let w = &mut self.cells[self.played_words as usize + p / 32];
        *w = *w & !(3 << (2 * (p % 32))) | (c as u64) << (2 * (p % 32));
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support::rng;
    use super::*;

    /// Whatever the order in which states of several boards (one, two and three words of
    /// bitboards) are asked for, the cache answers each state's own stones.
    #[test]
    fn cached_stones_are_the_states_own() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let mut random_states = |w: usize, h: usize| -> Vec<State> {
            (0..5)
                .map(|_| {
                    let board: Vec<u8> = (0..w * h).map(|_| (next() % 3) as u8).collect();
                    State::new(&board, &[0], 1)
                })
                .collect()
        };
        let (one, two, three) = (
            random_states(5, 3),
            random_states(9, 9),
            random_states(13, 13),
        );
        let (l1, l2, l3) = (
            Layout::<1>::of(5, 3),
            Layout::<2>::of(9, 9),
            Layout::<3>::of(13, 13),
        );
        let mut cache = StonesCache::default();
        for i in 0..300usize {
            let k = (i * 7 + i / 3) % 5;
            match (i / 2) % 3 {
                0 => assert_eq!(cache.on(&one[k], &l1), one[k].stones::<1>(5, 3, 6), "{i}"),
                1 => assert_eq!(cache.on(&two[k], &l2), two[k].stones::<2>(9, 9, 10), "{i}"),
                _ => assert_eq!(
                    cache.on(&three[k], &l3),
                    three[k].stones::<3>(13, 13, 14),
                    "{i}"
                ),
            }
        }
    }
}
