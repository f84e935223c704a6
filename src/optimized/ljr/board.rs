//! Technique: locations as a general graph (L-1), sets of locations as bitsets. A board is
//! any finite set of locations with a symmetric neighbour relation; the control test
//! (L-14) builds a new one with two extra locations. Every set of locations is a [`Bits`]
//! of the board's width, so unions, intersections and neighbourhoods are word operations.
//!
//! Why LJR keeps its own sets: its boards are general graphs (oracle-cases/ljr has graph
//! boards, and L-14 adds two locations), which the stride layout of `optimized::bitboard`
//! cannot hold; and on rectangles these sets are slower for the same work (the components
//! of the stones and of the rest, a dilation per chain, measured 2026-11-27: 13x on 7x4,
//! 5x on 9x9, 3x on 19x19: a neighbourhood is one OR per member, a set a heap vector), so
//! the rectangle families do not use them.

use crate::geometry::{Geometry, Point};

/// Words of a [`Bits`] kept inline (no allocation): boards of up to 384 locations, a 19x19
/// board with the test game's two extra locations included.
pub const INLINE_WORDS: usize = 6;

/// The words of a [`Bits`]: a vector, inline up to [`INLINE_WORDS`] words. Measured
/// (callgrind, score-forget of oracle-cases/ljr/cycle-removal.yaml at budget 60,000,
/// 2026-12-02): with a heap vector per set, allocation and copying took over half of the
/// control search's instructions.
pub type Words = smallvec::SmallVec<[u64; INLINE_WORDS]>;

/// A set of locations, one bit each, in `words` 64-bit words.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Bits(pub Words);

impl Clone for Bits {
    /// A copy of the words at once (`SmallVec`'s own `clone` pushes them one by one).
    #[inline]
    fn clone(&self) -> Bits {
        Bits(Words::from_slice(&self.0))
    }
    #[inline]
    fn clone_from(&mut self, o: &Bits) {
        if self.0.len() == o.0.len() {
            self.0.copy_from_slice(&o.0);
        } else {
            *self = o.clone();
        }
    }
}

impl Bits {
    pub fn new(words: usize) -> Bits {
        Bits(smallvec::smallvec![0; words])
    }
    pub fn from_points(words: usize, points: impl IntoIterator<Item = Point>) -> Bits {
        let mut b = Bits::new(words);
        for p in points {
            b.set(p);
        }
        b
    }
    #[inline]
    pub fn get(&self, p: Point) -> bool {
        self.0.get(p >> 6).is_some_and(|w| (w >> (p & 63)) & 1 != 0)
    }
    #[inline]
    pub fn set(&mut self, p: Point) {
        self.0[p >> 6] |= 1u64 << (p & 63);
    }
    #[inline]
    pub fn clear(&mut self, p: Point) {
        self.0[p >> 6] &= !(1u64 << (p & 63));
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline]
    pub fn or_with(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= b;
        }
    }
    #[inline]
    pub fn and_with(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a &= b;
        }
    }
    #[inline]
    pub fn andnot_with(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a &= !b;
        }
    }
    pub fn or(&self, o: &Bits) -> Bits {
        let mut r = self.clone();
        r.or_with(o);
        r
    }
    pub fn and(&self, o: &Bits) -> Bits {
        let mut r = self.clone();
        r.and_with(o);
        r
    }
    pub fn andnot(&self, o: &Bits) -> Bits {
        let mut r = self.clone();
        r.andnot_with(o);
        r
    }
    #[inline]
    pub fn intersects(&self, o: &Bits) -> bool {
        self.0.iter().zip(&o.0).any(|(a, b)| a & b != 0)
    }
    /// Whether every member of `self` is in `o`.
    #[inline]
    pub fn is_subset(&self, o: &Bits) -> bool {
        self.0.iter().zip(&o.0).all(|(a, b)| a & !b == 0)
    }
    pub fn first(&self) -> Option<Point> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
    /// The members, increasing.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(i * 64 + b)
                }
            })
        })
    }
    pub fn to_vec(&self) -> Vec<Point> {
        self.iter().collect()
    }
    /// A 64-bit digest of the set (for hash keys; equality is always checked exactly).
    pub fn digest(&self) -> u64 {
        let mut h = 0x243F_6A88_85A3_08D3u64;
        for &w in &self.0 {
            h = mix(h ^ w);
        }
        h
    }
}

/// A finalizer of splitmix64.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys of one location: a black stone, a white stone, temporarily prohibited,
/// permanently prohibited.
pub const BLACK_KEY: usize = 0;
pub const WHITE_KEY: usize = 1;
pub const TEMP_KEY: usize = 2;
pub const PERM_KEY: usize = 3;

/// Locations and their neighbours (L-1), with neighbour bitsets and Zobrist keys.
#[derive(Clone, Debug)]
pub struct Board {
    n: usize,
    words: usize,
    neighbours: Vec<Vec<Point>>,
    masks: Vec<Bits>,
    keys: Vec<[u64; 4]>,
    all: Bits,
}

impl Board {
    /// A board from neighbour lists (symmetric, without self-loops; duplicates ignored).
    pub fn from_neighbours(mut neighbours: Vec<Vec<Point>>) -> Board {
        let n = neighbours.len();
        let words = n.div_ceil(64).max(1);
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        let masks = neighbours
            .iter()
            .map(|l| Bits::from_points(words, l.iter().copied()))
            .collect();
        let mut state = 0x5EED_0F1A_2B3C_4D5Eu64;
        let keys = (0..n)
            .map(|_| {
                let mut k = [0u64; 4];
                for x in &mut k {
                    state = mix(state);
                    *x = state;
                }
                k
            })
            .collect();
        Board {
            n,
            words,
            neighbours,
            masks,
            keys,
            all: Bits::from_points(words, 0..n),
        }
    }

    pub fn from_geometry(geometry: &Geometry) -> Board {
        Board::from_neighbours(
            geometry
                .points()
                .map(|p| geometry.neighbours(p).to_vec())
                .collect(),
        )
    }

    /// The test board of L-14: this board, plus two new locations `n` (e1) and `n + 1` (e2),
    /// each a neighbour of every location outside `set` (and of nothing else).
    pub fn with_eyes(&self, set: &Bits) -> Board {
        let (e1, e2) = (self.n, self.n + 1);
        let mut neighbours = self.neighbours.clone();
        neighbours.push(Vec::new());
        neighbours.push(Vec::new());
        for p in 0..self.n {
            if !set.get(p) {
                neighbours[p].push(e1);
                neighbours[p].push(e2);
                neighbours[e1].push(p);
                neighbours[e2].push(p);
            }
        }
        Board::from_neighbours(neighbours)
    }

    pub fn len(&self) -> usize {
        self.n
    }
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
    pub fn words(&self) -> usize {
        self.words
    }
    pub fn empty_set(&self) -> Bits {
        Bits::new(self.words)
    }
    pub fn all(&self) -> &Bits {
        &self.all
    }
    #[inline]
    pub fn neighbours(&self, p: Point) -> &[Point] {
        &self.neighbours[p]
    }
    #[inline]
    pub fn mask(&self, p: Point) -> &Bits {
        &self.masks[p]
    }
    #[inline]
    pub fn key(&self, p: Point, which: usize) -> u64 {
        self.keys[p][which]
    }
    /// The locations neighbouring some member of `set` (members included only if they
    /// neighbour another member).
    pub fn dilate(&self, set: &Bits) -> Bits {
        let mut out = self.empty_set();
        for p in set.iter() {
            out.or_with(&self.masks[p]);
        }
        out
    }
    /// The connected part of `within` that contains `seed` (flood fill through
    /// neighbouring members of `within`; `seed` itself is always included).
    pub fn flood(&self, seed: Point, within: &Bits) -> Bits {
        let mut out = self.empty_set();
        out.set(seed);
        let mut frontier = vec![seed];
        while let Some(p) = frontier.pop() {
            for &q in &self.neighbours[p] {
                if within.get(q) && !out.get(q) {
                    out.set(q);
                    frontier.push(q);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_basic_operations() {
        let mut a = Bits::new(2);
        a.set(3);
        a.set(70);
        assert_eq!(a.to_vec(), vec![3, 70]);
        assert_eq!(a.count(), 2);
        assert!(a.get(70) && !a.get(69) && !a.get(500));
        let b = Bits::from_points(2, [3, 4]);
        assert_eq!(a.and(&b).to_vec(), vec![3]);
        assert_eq!(a.andnot(&b).to_vec(), vec![70]);
        assert!(!a.is_subset(&b));
        assert!(Bits::from_points(2, [3]).is_subset(&a));
        assert_eq!(a.first(), Some(3));
    }

    #[test]
    fn eyes_neighbour_exactly_the_outside() {
        // A path p0 - p1 - p2; the set {p1}.
        let b = Board::from_neighbours(vec![vec![1], vec![0, 2], vec![1]]);
        let t = b.with_eyes(&Bits::from_points(1, [1]));
        assert_eq!(t.len(), 5);
        assert_eq!(t.neighbours(3), &[0, 2]);
        assert_eq!(t.neighbours(4), &[0, 2]);
        assert_eq!(t.neighbours(1), &[0, 2]);
        assert_eq!(t.neighbours(0), &[1, 3, 4]);
    }
}
