//! Liberty counts of the J2003 searches (df-pn's initial proof numbers, `j2003_dfpn.rs`):
//! the liberties of the string through a point of a packed state (`state.rs`), on
//! bitboards read from the packed words where the board fits `WIDEST` words, else point by
//! point. For the successors of one state, the stones of each successor are the state's
//! stones with the few points that changed (a play and its removals) patched in, so the
//! packed words are unpacked once per state instead of once per successor. Measured on
//! `go-oracle bench --quick --budget 100000` (callgrind, 2026-11-27): unpacking the
//! successors' stones for these counts was 6% of the instructions.

use super::board::{Board, State, EMPTY};
use super::tables::{on_tables, Tables, WIDEST};
use crate::geometry::Point;
use crate::optimized::bitboard::BitBoard;
use crate::optimized::layout::Layout;

/// The black and the white stones of a state on the board's bitboards, their words (the
/// first N of `WIDEST`; `None`: a board that does not fit `WIDEST` words).
pub(super) enum Stones {
    Bits([[u64; WIDEST]; 2]),
    None,
}

impl Stones {
    fn of<const N: usize>(stones: [BitBoard<N>; 2]) -> Stones {
        let mut words = [[0; WIDEST]; 2];
        for (w, s) in words.iter_mut().zip(&stones) {
            w[..N].copy_from_slice(&s.0);
        }
        Stones::Bits(words)
    }

    fn bits<const N: usize>(words: &[[u64; WIDEST]; 2]) -> [BitBoard<N>; 2] {
        words.map(|w| BitBoard(std::array::from_fn(|i| w[i])))
    }
}

/// The liberties of the string through `p` (at an empty `p`: its empty neighbours) for the
/// stones `[black, white]` in `layout`.
fn liberties_on_bits<const N: usize>(
    layout: &Layout<N>,
    [black, white]: [BitBoard<N>; 2],
    p: Point,
) -> usize {
    string_and_liberties(layout, [black, white], p).1
}

/// The string through `p` (at an empty `p`: `p` alone) with its neighbours, and its
/// number of liberties.
fn string_and_liberties<const N: usize>(
    layout: &Layout<N>,
    [black, white]: [BitBoard<N>; 2],
    p: Point,
) -> (BitBoard<N>, usize) {
    let (stride, on_board) = (layout.stride as u32, &layout.on_board);
    let empty = on_board.and_not(&black.or(&white));
    let bit = layout.bit_of[p] as usize;
    let string = match (black.get(bit), white.get(bit)) {
        (true, _) => BitBoard::flood(BitBoard::single(bit), &black, stride, on_board),
        (_, true) => BitBoard::flood(BitBoard::single(bit), &white, stride, on_board),
        _ => BitBoard::single(bit),
    };
    let near = string.dilate(stride, on_board);
    (near, near.and_not(&string).and(&empty).count() as usize)
}

/// The points whose content differs between the boards of `parent` and `child` (their two
/// bits in the packed words), with the content in `child`.
fn changes<'a>(parent: &'a State, child: &'a State) -> impl Iterator<Item = (Point, u8)> + 'a {
    parent
        .board_words()
        .iter()
        .zip(child.board_words())
        .enumerate()
        .flat_map(|(i, (&a, &b))| {
            let mut changed = a ^ b;
            std::iter::from_fn(move || {
                if changed == 0 {
                    return None;
                }
                let shift = changed.trailing_zeros() & !1;
                changed &= !(3 << shift);
                Some((32 * i + shift as usize / 2, (b >> shift & 3) as u8))
            })
        })
}

/// Whether a point of `near` (bits) differs between the boards of `parent` and `child`.
fn changed_near<const N: usize>(
    layout: &Layout<N>,
    near: &BitBoard<N>,
    parent: &State,
    child: &State,
) -> bool {
    changes(parent, child).any(|(p, _)| near.get(layout.bit_of[p] as usize))
}

/// The string through a point in a parent state, for the liberty counts of its successors
/// ([`Board::liberty_count_after`]): its stones with their neighbours (`near`, the bits of
/// the first N words) and its number of liberties. A successor whose board differs from
/// the parent's only off `near` has the same string with the same liberties: a string
/// changes only by a stone placed next to it or by its removal, its liberties only at its
/// neighbours.
pub(super) struct Around {
    near: [u64; WIDEST],
    count: usize,
}

/// The stones of `child` from those of `parent` (`stones`): the points whose two bits
/// differ in the packed board words are set to the child's content.
fn patched<const N: usize>(
    layout: &Layout<N>,
    [mut black, mut white]: [BitBoard<N>; 2],
    parent: &State,
    child: &State,
) -> [BitBoard<N>; 2] {
    for (p, content) in changes(parent, child) {
        let bit = layout.bit_of[p] as usize;
        match content {
            1 => {
                black.set(bit);
                white.clear(bit);
            }
            2 => {
                white.set(bit);
                black.clear(bit);
            }
            _ => {
                black.clear(bit);
                white.clear(bit);
            }
        }
    }
    [black, white]
}

impl Board<'_> {
    /// The number of liberties of the string through the stone at `p` in `key`: on
    /// bitboards read from the packed words where the board fits `WIDEST` words, else
    /// [`Board::liberty_count_on_bytes`]. (At an empty `p`: its empty neighbours.)
    pub(super) fn liberty_count(&mut self, key: &State, p: Point) -> usize {
        let tables = std::mem::replace(&mut self.layout, Tables::None);
        let count = on_tables!(&tables, l => {
            let stones = self.stones.on(key, l);
            liberties_on_bits(l, stones, p)
        }, None => self.liberty_count_on_bytes(key, p));
        self.layout = tables;
        count
    }

    /// The stones of `key` on the board's bitboards, for [`Board::liberty_count_after`].
    pub(super) fn stones_of(&mut self, key: &State) -> Stones {
        let cache = &mut self.stones;
        on_tables!(&self.layout, l => Stones::of(cache.on(key, l)),
            None => Stones::None)
    }

    /// The string through `p` in the state whose stones are `stones` (`None` off
    /// bitboards), for [`Board::liberty_count_after`].
    pub(super) fn around(&self, stones: &Stones, p: Point) -> Option<Around> {
        let Stones::Bits(words) = stones else {
            return None;
        };
        on_tables!(&self.layout, l => {
            let (near, count) = string_and_liberties(l, Stones::bits(words), p);
            let mut bits = [0; WIDEST];
            bits[..near.0.len()].copy_from_slice(&near.0);
            Some(Around { near: bits, count })
        }, None => None)
    }

    /// [`Board::liberty_count`] in `child`, a state whose board differs from that of
    /// `parent` (with the stones `stones`, [`Board::stones_of`], and the string through `p`
    /// there, `around`, [`Board::around`]) in a few points.
    pub(super) fn liberty_count_after(
        &mut self,
        stones: &Stones,
        around: Option<&Around>,
        parent: &State,
        child: &State,
        p: Point,
    ) -> usize {
        let Stones::Bits(words) = stones else {
            return self.liberty_count(child, p);
        };
        if let Some(around) = around {
            let unchanged = on_tables!(&self.layout, l => {
                let near = BitBoard(std::array::from_fn(|i| around.near[i]));
                !changed_near(l, &near, parent, child)
            }, None => false);
            if unchanged {
                return around.count;
            }
        }
        on_tables!(&self.layout, l => liberties_on_bits(l, patched(l, Stones::bits(words), parent, child), p),
            None => self.liberty_count(child, p))
    }

    /// [`Board::liberty_count`] read from the packed state point by point (the string's
    /// points and their neighbours only, no unpacking).
    pub(super) fn liberty_count_on_bytes(&mut self, key: &State, p: Point) -> usize {
        self.stamp += 1;
        let (stamp, c) = (self.stamp, key.cell(p));
        let mut string = std::mem::take(&mut self.buffer);
        string.clear();
        string.push(p);
        self.mark[p] = stamp;
        let mut liberties = 0;
        let mut i = 0;
        while i < string.len() {
            for &n in self.geometry.neighbours(string[i]) {
                if self.mark[n] == stamp {
                    continue;
                }
                match key.cell(n) {
                    EMPTY => {
                        self.mark[n] = stamp;
                        liberties += 1;
                    }
                    x if x == c => {
                        self.mark[n] = stamp;
                        string.push(n);
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        self.buffer = string;
        liberties
    }
}

#[cfg(test)]
mod tests {
    use super::super::successors::expand;
    use super::*;
    use crate::geometry::{Colour, Geometry};
    use crate::status_game::{StatusCheck, StatusKind};

    /// Along random walks through `expand` (plays, captures, passes, frozen bits set) on
    /// boards of one word, two words, more and too many for bitboards, the liberty count of every point in every
    /// successor, patched from its parent's stones, is the count read from the successor
    /// itself, with and without the parent's string through the point ([`Board::around`]);
    /// and some successors differ from their parent in more than one point.
    #[test]
    fn patched_counts_are_the_counts_from_scratch() {
        let mut seed = 0x3c6e_f372_fe94_f82bu64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut captures, mut compared) = (0, 0);
        for i in 0..120 {
            // One walk in twenty on six words or on a board too big for bitboards.
            let (w, h) = if i % 20 == 0 {
                [(19, 19), (21, 20)][i / 20 % 2]
            } else {
                [(7, 4), (9, 9), (12, 11), (5, 5)][i % 4]
            };
            let steps = if w > 12 { 4 } else { 30 };
            let g = Geometry::rect(w, h).expect("a rectangle");
            let board: Vec<u8> = (0..w * h).map(|_| (next() % 4).min(2) as u8).collect();
            let check = StatusCheck {
                string: vec![0],
                defender: Colour::Black,
                kind: StatusKind::Capturable1,
                local: g.points().filter(|_| next().is_multiple_of(5)).collect(),
            };
            let mut b = Board::new(&g, &check);
            let near = vec![true; g.len()];
            let mut key = State::new(&board, &[0, 0], 1 + (i % 2) as u8).with_frozen_bits(g.len());
            for _ in 0..steps {
                let stones = b.stones_of(&key);
                let succ = expand(&mut b, &check, 2, &near, &key);
                let states: Vec<State> = succ.into_iter().filter_map(|(_, _, s)| s.ok()).collect();
                let arounds: Vec<_> = g.points().map(|p| b.around(&stones, p)).collect();
                for child in &states {
                    let changed = g.points().filter(|&p| child.cell(p) != key.cell(p)).count();
                    captures += (changed > 1) as usize;
                    for p in g.points() {
                        let count = b.liberty_count(child, p);
                        for around in [None, arounds[p].as_ref()] {
                            assert_eq!(
                                b.liberty_count_after(&stones, around, &key, child, p),
                                count,
                                "{w}x{h} {child:?} at {p}"
                            );
                        }
                        compared += 1;
                    }
                }
                let Some(s) = states.get(next() as usize % states.len().max(1)) else {
                    break;
                };
                key = s.clone();
            }
        }
        assert!(
            captures > 300 && compared > 100_000,
            "{captures} captures, {compared} compared"
        );
    }
}
