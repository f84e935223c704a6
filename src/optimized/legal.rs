//! Technique: legality of whole positions on bitboards. A colour's stones are all alive
//! (every string has a liberty) when flooding from the stones next to empty points, within
//! that colour, reaches all of them.

use super::bitboard::BitBoard;

/// Layout helper for a `width` x `height` board in `N` words.
#[derive(Clone, Copy, Debug)]
pub struct Layout<const N: usize> {
    pub width: usize,
    pub height: usize,
    pub stride: usize,
    pub on_board: BitBoard<N>,
}

impl<const N: usize> Layout<N> {
    pub fn new(width: usize, height: usize) -> Self {
        let stride = width + 1;
        let mut on_board = BitBoard::ZERO;
        for y in 0..height {
            for x in 0..width {
                on_board.set(y * stride + x);
            }
        }
        Layout {
            width,
            height,
            stride,
            on_board,
        }
    }
    #[inline]
    pub fn bit(&self, x: usize, y: usize) -> usize {
        y * self.stride + x
    }
}

/// Does every string of `stones` have a liberty among `empty`?
#[inline]
pub fn all_have_liberties<const N: usize>(
    stones: &BitBoard<N>,
    empty: &BitBoard<N>,
    layout: &Layout<N>,
) -> bool {
    let stride = layout.stride as u32;
    let seed = empty.dilate(stride, &layout.on_board).and(stones);
    BitBoard::flood(seed, stones, stride, &layout.on_board) == *stones
}

/// Count the legal positions of a `width` x `height` board (at most 64 points) by
/// enumerating every (black, white) pair of disjoint point sets.
pub fn count_legal_positions(width: usize, height: usize) -> Option<u64> {
    let n = width * height;
    if n > 40 {
        return None; // 3^40 colourings: out of reach anyway
    }
    let layout = Layout::<2>::new(width, height);
    // Map dense index i (row-major) to padded bit.
    let bits: Vec<usize> = (0..n).map(|i| layout.bit(i % width, i / width)).collect();
    let spread = |mask: u64| {
        let mut b = BitBoard::<2>::ZERO;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            b.set(bits[i]);
            m &= m - 1;
        }
        b
    };
    let full: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut count = 0u64;
    let mut black: u64 = 0;
    loop {
        let rest = full & !black;
        let b = spread(black);
        // Every subset of the rest as white.
        let mut white: u64 = 0;
        loop {
            let w = spread(white);
            let empty = layout.on_board.and_not(&b.or(&w));
            if all_have_liberties(&b, &empty, &layout) && all_have_liberties(&w, &empty, &layout) {
                count += 1;
            }
            if white == rest {
                break;
            }
            white = (white.wrapping_sub(rest)) & rest;
        }
        if black == full {
            break;
        }
        black += 1;
        while black & !full != 0 {
            black += 1;
        }
    }
    Some(count)
}
