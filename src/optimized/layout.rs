//! Technique: the tables of a board's layout, built once per board size and word count and
//! shared by every game on that board (a game starts by cloning an `Arc`, not by building
//! them: random 9x9 games spent a tenth of their time building them).

use super::bitboard::BitBoard;
use super::strings::Next;
use std::any::Any;
use std::sync::{Arc, Mutex, OnceLock};

/// The tables of a `width` x `height` rectangle laid out with one padding column.
#[derive(Debug)]
pub struct Layout<const N: usize> {
    pub width: usize,
    pub height: usize,
    pub stride: usize,
    pub on_board: BitBoard<N>,
    /// Padded bit of every point (avoids a division per lookup).
    pub bit_of: Vec<u16>,
    /// Point of every padded bit (0 for padding bits).
    pub point_of: Vec<u16>,
    /// On-board neighbours of every padded bit, and how many there are.
    pub neighbours_of: Vec<([u16; 4], u8)>,
    /// The on-board neighbours of every padded bit as a set.
    pub around: Vec<BitBoard<N>>,
    /// The same sets indexed by point (a question about a point, such as random play's
    /// "is this an eye of mine?", reads one entry).
    pub around_point: Vec<BitBoard<N>>,
}

impl<const N: usize> Layout<N> {
    /// The layout of a `width` x `height` board (from the cache once built).
    pub fn of(width: usize, height: usize) -> Arc<Layout<N>> {
        type Cache = Mutex<Vec<((usize, usize, usize), Arc<dyn Any + Send + Sync>)>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let key = (width, height, N);
        let mut cache = CACHE
            .get_or_init(|| Mutex::new(Vec::new()))
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(layout) = cache
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, l)| l.clone().downcast::<Layout<N>>().ok())
        {
            return layout;
        }
        let layout = Arc::new(Layout::build(width, height));
        cache.push((key, layout.clone()));
        layout
    }

    /// The on-board neighbours of the padded bit `b`, as a set and as a list.
    #[inline]
    pub fn next(&self, b: usize) -> Next<'_, N> {
        let (nb, k) = &self.neighbours_of[b];
        Next {
            around: &self.around[b],
            list: &nb[..*k as usize],
        }
    }

    fn build(width: usize, height: usize) -> Layout<N> {
        // The stride layout and its on-board set are `legal::Layout`'s; this adds the tables.
        let base = super::legal::Layout::<N>::new(width, height);
        let (stride, on_board) = (base.stride, base.on_board);
        let neighbour_bits = |bit: usize| {
            let mut out = [0u16; 4];
            let mut k = 0;
            let x = bit % stride;
            let mut add = |n: usize| {
                out[k] = n as u16;
                k += 1;
            };
            if x > 0 {
                add(bit - 1);
            }
            if x + 1 < width {
                add(bit + 1);
            }
            if bit >= stride {
                add(bit - stride);
            }
            if bit / stride + 1 < height {
                add(bit + stride);
            }
            (out, k as u8)
        };
        let neighbours_of: Vec<([u16; 4], u8)> = (0..N * 64)
            .map(|bit| {
                if on_board.get(bit) {
                    neighbour_bits(bit)
                } else {
                    ([0; 4], 0)
                }
            })
            .collect();
        let around: Vec<BitBoard<N>> = neighbours_of
            .iter()
            .map(|(nb, k)| {
                let mut set = BitBoard::ZERO;
                for &n in &nb[..*k as usize] {
                    set.set(n as usize);
                }
                set
            })
            .collect();
        let around_point = (0..width * height).map(|p| around[p + p / width]).collect();
        Layout {
            around_point,
            width,
            height,
            stride,
            on_board,
            bit_of: (0..width * height)
                .map(|p| (p + p / width) as u16)
                .collect(),
            point_of: (0..N * 64)
                .map(|b| {
                    if on_board.get(b) {
                        (b - b / stride) as u16
                    } else {
                        0
                    }
                })
                .collect(),
            neighbours_of,
            around,
        }
    }
}
