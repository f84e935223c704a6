//! Technique: bitboards. A rectangle is laid out row by row with one always-empty padding
//! column, so that shifting by 1 moves east/west and shifting by the stride moves
//! north/south without wrapping. `N` 64-bit words hold the board: 2, 6, 11 (25x25) or 44
//! (52x52, the largest board); the engine picks the smallest `N` that fits (switch
//! `narrow-boards`). A row is at most 52 bits and the stride 53, so every shift stays
//! below a word.
//!
//! The board core of the rectangle families: play (`game`, `legal`), Benson's algorithm
//! (`benson`: NAJ immortality, VJR's pass-alive formation, J2003's Benson leaves and sealed
//! regions, with the smallest `N` for the board), VJR's states, J2003's plays (where the
//! board fits two words, `j2003/board.rs`). Why LJR stays on its own boards: `ljr/board.rs`.

/// ORs the `len` (< 64) bits of `src` from bit `from` on into `dst` from bit `to` on (bits
/// numbered across the words, low bit first): a row between the stride layout and the
/// points' order (a row has at most `geometry::MAX_SIDE`, 52, points).
#[inline]
pub fn copy_bits(src: &[u64], from: usize, dst: &mut [u64], to: usize, len: usize) {
    let (word, shift) = (from / 64, from % 64);
    let mut bits = src[word] >> shift;
    if shift + len > 64 {
        bits |= src[word + 1] << (64 - shift);
    }
    bits &= (1u64 << len) - 1;
    let (word, shift) = (to / 64, to % 64);
    dst[word] |= bits << shift;
    if shift + len > 64 {
        dst[word + 1] |= bits >> (64 - shift);
    }
}

/// Words of a 25x25 board (25 x 26 bits): the widest bitboard of boards up to 25 a side.
pub const WORDS_25X25: usize = 11;

/// Words needed for the largest board, 52 x 53 bits.
pub const MAX_WORDS: usize = (52 * 53usize).div_ceil(64);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitBoard<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for BitBoard<N> {
    fn default() -> Self {
        BitBoard([0; N])
    }
}

impl<const N: usize> BitBoard<N> {
    pub const ZERO: Self = BitBoard([0; N]);

    /// The set of one bit (built word by word, so that it can stay in registers).
    #[inline]
    pub fn single(bit: usize) -> Self {
        let (w, one) = (bit >> 6, 1u64 << (bit & 63));
        BitBoard(std::array::from_fn(|i| if i == w { one } else { 0 }))
    }
    #[inline]
    pub fn get(&self, bit: usize) -> bool {
        (self.0[bit >> 6] >> (bit & 63)) & 1 != 0
    }
    #[inline]
    pub fn set(&mut self, bit: usize) {
        self.0[bit >> 6] |= 1u64 << (bit & 63);
    }
    #[inline]
    pub fn clear(&mut self, bit: usize) {
        self.0[bit >> 6] &= !(1u64 << (bit & 63));
    }
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..N {
            r.0[i] &= o.0[i];
        }
        r
    }
    #[inline]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..N {
            r.0[i] |= o.0[i];
        }
        r
    }
    #[inline]
    pub fn and_not(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..N {
            r.0[i] &= !o.0[i];
        }
        r
    }
    #[inline]
    pub fn intersects(&self, o: &Self) -> bool {
        (0..N).any(|i| self.0[i] & o.0[i] != 0)
    }
    /// Shift towards higher bit indices by `k` (1 <= k < 64).
    #[inline]
    fn shl(&self, k: u32) -> Self {
        let mut r = Self::ZERO;
        r.0[0] = self.0[0] << k;
        for i in 1..N {
            r.0[i] = (self.0[i] << k) | (self.0[i - 1] >> (64 - k));
        }
        r
    }
    /// Shift towards lower bit indices by `k` (1 <= k < 64).
    #[inline]
    fn shr(&self, k: u32) -> Self {
        let mut r = Self::ZERO;
        for i in 0..N - 1 {
            r.0[i] = (self.0[i] >> k) | (self.0[i + 1] << (64 - k));
        }
        r.0[N - 1] = self.0[N - 1] >> k;
        r
    }
    /// The set plus every on-board neighbour of it.
    #[inline]
    pub fn dilate(&self, stride: u32, on_board: &Self) -> Self {
        let a = self.shl(1);
        let b = self.shr(1);
        let c = self.shl(stride);
        let d = self.shr(stride);
        let mut r = *self;
        for i in 0..N {
            r.0[i] = (r.0[i] | a.0[i] | b.0[i] | c.0[i] | d.0[i]) & on_board.0[i];
        }
        r
    }
    /// The on-board points next to a point of the set (the set's own points only where
    /// they are next to another of its points).
    #[inline]
    pub fn adjacent(&self, stride: u32, on_board: &Self) -> Self {
        let (a, b, c, d) = (self.shl(1), self.shr(1), self.shl(stride), self.shr(stride));
        let mut r = Self::ZERO;
        for i in 0..N {
            r.0[i] = (a.0[i] | b.0[i] | c.0[i] | d.0[i]) & on_board.0[i];
        }
        r
    }
    /// The on-board points next to at least two points of the set.
    #[inline]
    pub fn adjacent_twice(&self, stride: u32, on_board: &Self) -> Self {
        let (a, b, c, d) = (self.shl(1), self.shr(1), self.shl(stride), self.shr(stride));
        let mut r = Self::ZERO;
        for i in 0..N {
            let (a, b, c, d) = (a.0[i], b.0[i], c.0[i], d.0[i]);
            r.0[i] = (a & b | c & d | (a | b) & (c | d)) & on_board.0[i];
        }
        r
    }
    /// The connected part of `within` that contains `seed` (seed must lie in `within`).
    #[inline]
    pub fn flood(seed: Self, within: &Self, stride: u32, on_board: &Self) -> Self {
        let mut cur = seed;
        loop {
            let next = cur.dilate(stride, on_board).and(within);
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }
    /// Grow `seed` inside `within` until it touches `liberties` (then `true`, with the part
    /// grown so far) or until it is the whole connected part (then `false`, with all of it).
    /// Strings with a liberty nearby stop after a step or two.
    #[inline]
    pub fn flood_until(
        seed: Self,
        within: &Self,
        liberties: &Self,
        stride: u32,
        on_board: &Self,
    ) -> (Self, bool) {
        let mut cur = seed;
        loop {
            let grown = cur.dilate(stride, on_board);
            if grown.intersects(liberties) {
                return (cur, true);
            }
            let next = grown.and(within);
            if next == cur {
                return (cur, false);
            }
            cur = next;
        }
    }
    /// The opposing strings of `opp` next to bit `at` that have no liberty in `empty`: what a
    /// stone played on `at` captures (PLAY-6, V-2, J-8), `empty` being the empty points
    /// once it stands. The one flood-fill capture of the optimized engine's boards.
    #[inline]
    pub fn captures(at: usize, opp: &Self, empty: &Self, stride: u32, on_board: &Self) -> Self {
        let around = Self::single(at).dilate(stride, on_board);
        let mut checked = Self::ZERO;
        let mut captured = Self::ZERO;
        for n in around.and(opp).bits() {
            if checked.get(n) {
                continue;
            }
            let (string, alive) = Self::flood_until(Self::single(n), opp, empty, stride, on_board);
            checked = checked.or(&string);
            if !alive {
                captured = captured.or(&string);
            }
        }
        captured
    }

    /// A stone played on the empty bit `at` by the player whose stones are `own` (without
    /// it), opposing stones first (PLAY-6, V-2, J-8): the opposing stones it removes, and
    /// the new stone's string when that string is then left without a liberty (a suicide),
    /// else `None`.
    #[inline]
    pub fn play_captures(
        at: usize,
        own: &Self,
        opp: &Self,
        stride: u32,
        on_board: &Self,
    ) -> (Self, Option<Self>) {
        let stone = Self::single(at);
        let own = own.or(&stone);
        let empty = on_board.and_not(&own).and_not(opp);
        let captured = Self::captures(at, opp, &empty, stride, on_board);
        let liberties = empty.or(&captured);
        let suicide = Self::string_without_liberty(at, &own, &liberties, stride, on_board);
        (captured, suicide)
    }

    /// The string of `own` through bit `at` when it has no liberty in `liberties`, else
    /// `None` (most strings stop at the first step: the stone itself touches a liberty).
    #[inline]
    pub fn string_without_liberty(
        at: usize,
        own: &Self,
        liberties: &Self,
        stride: u32,
        on_board: &Self,
    ) -> Option<Self> {
        let stone = Self::single(at);
        if stone.dilate(stride, on_board).intersects(liberties) {
            return None;
        }
        match Self::flood_until(stone, own, liberties, stride, on_board) {
            (_, true) => None,
            (string, false) => Some(string),
        }
    }

    /// Indices of the set bits, in increasing order.
    #[inline]
    pub fn bits(&self) -> Bits<N> {
        Bits {
            board: *self,
            word: 0,
            current: self.0[0],
        }
    }
}

/// The set bits of a board; the word being read is kept apart (a register, not a round trip
/// through memory per bit).
pub struct Bits<const N: usize> {
    board: BitBoard<N>,
    word: usize,
    current: u64,
}

impl<const N: usize> Iterator for Bits<N> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.current == 0 {
            self.word += 1;
            if self.word >= N {
                return None;
            }
            self.current = self.board.0[self.word];
        }
        let t = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(self.word * 64 + t)
    }
}
