//! The ground both J2003 searches (the state graph and the proof search) stand on: the
//! board as a byte per point, strings by flood fill, the plays of a state (J-8) on
//! bitboards, and the moves of the status game (G-3); the packed state is `state.rs`.
//!
//! `expand` finds a state's legal plays on the bitboards of `optimized::bitboard`, read
//! from the packed words, where the board fits `WIDEST` words (every board up to 19x19):
//! the legal points by sets, the strings in atari one by one, each capture judged from
//! them; elsewhere by flood fills on the byte board. Measured on `go-oracle bench --quick
//! --budget 100000` (perf and cachegrind, 2026-11-27): flood fills and `Board::play` were a
//! fifth of the time; with the state of `state.rs` and the frozen regions on bitboards the
//! bench takes 9.3-9.5 s instead of 12.2-13.1 s, the same states. On 2026-12-06 (stop 49,
//! callgrind, unexpected-5 at 60,000 per check): labelling every string for every state
//! cost 7,000 instructions a state, the sets 3,200; boards of three to six words (13x13,
//! 19x19) had been on the byte board, 2 to 3 times slower for the same states. J2003
//! boards are rectangles (the engine answers `Unsupported` elsewhere).

use crate::geometry::{Colour, Geometry, Point, Position};
use crate::optimized::bitboard::BitBoard;
use crate::optimized::layout::Layout;
use crate::status_game::StatusCheck;

pub(super) use super::state::State;
use super::state::StonesCache;
use super::tables::{on_tables, Tables, WIDEST};

pub(super) const EMPTY: u8 = 0;

/// A position as one byte per point: 0 empty, 1 black, 2 white.
pub(super) fn byte_board(position: &Position) -> Vec<u8> {
    (0..position.len())
        .map(|q| match position.get(q) {
            crate::geometry::Cell::Empty => 0,
            crate::geometry::Cell::Stone(Colour::Black) => 1,
            crate::geometry::Cell::Stone(Colour::White) => 2,
        })
        .collect()
}

pub(super) fn stone(c: Colour) -> u8 {
    match c {
        Colour::Black => 1,
        Colour::White => 2,
    }
}

/// The string through `p` into `out` (cleared first; no allocation once it has room) and
/// whether it has a liberty.
pub(super) fn string_into(
    geometry: &Geometry,
    board: &[u8],
    p: Point,
    mark: &mut [u32],
    stamp: u32,
    out: &mut Vec<Point>,
) -> bool {
    flood(geometry, board, p, mark, stamp, out, false)
}

/// Collects the string through `p` into `out` (cleared first) and returns whether it has a
/// liberty. With `stop_at_liberty` it returns as soon as a liberty is seen, `out` then
/// holding only part of the string: the common question "is this string captured?" rarely
/// needs the whole string.
fn flood(
    geometry: &Geometry,
    board: &[u8],
    p: Point,
    mark: &mut [u32],
    stamp: u32,
    out: &mut Vec<Point>,
    stop_at_liberty: bool,
) -> bool {
    let c = board[p];
    out.clear();
    out.push(p);
    mark[p] = stamp;
    let mut liberty = false;
    let mut i = 0;
    while i < out.len() {
        for &n in geometry.neighbours(out[i]) {
            if board[n] == EMPTY {
                if stop_at_liberty {
                    return true;
                }
                liberty = true;
            } else if board[n] == c && mark[n] != stamp {
                mark[n] = stamp;
                out.push(n);
            }
        }
        i += 1;
    }
    liberty
}

pub(super) struct Board<'a> {
    pub(super) geometry: &'a Geometry,
    pub(super) mark: Vec<u32>,
    pub(super) stamp: u32,
    /// Reused for the strings of `play` and the liberty counts (liberties.rs).
    pub(super) buffer: Vec<Point>,
    /// The index in L of each point (`None` off L, the check's region).
    pub(super) local_index: Vec<Option<u32>>,
    /// Scratch boards and removal lists of `expand`.
    pub(super) cells: Vec<u8>,
    after: Vec<u8>,
    back: Vec<u8>,
    removed: Vec<Point>,
    retaken: Vec<Point>,
    /// The legal plays of the last `legal_plays`, their removals in `removed_all`.
    pub(super) plays: Vec<Play>,
    pub(super) removed_all: Vec<Point>,
    /// The opposing strings in atari of the board being expanded on bitboards: their
    /// stones (the first N words) and their liberty's bit.
    atari: Vec<([u64; WIDEST], u16)>,
    /// The bitboard tables of the board when it fits `WIDEST` words (`legal_plays`).
    pub(super) layout: Tables,
    /// The points of the mover's ko captures that the hypothetical ko rule forbids (found by
    /// the last `expand`; they make its ko-pass legal).
    pub(super) banned: Vec<Point>,
    /// `ko-bracketing` (ko_bracketing.rs): `Some(f)` plays the ko-free variant favouring
    /// the player of colour `f` (his ko captures never banned, his ko-pass always legal, no
    /// ko capture and no ko-pass for the other player, no ko record); `None` plays J2003.
    pub(super) favoured: Option<u8>,
    /// The stones of the last state read onto bitboards (its plays, its frozen regions and
    /// Benson's verdict read the same state).
    pub(super) stones: StonesCache,
}

impl<'a> Board<'a> {
    pub(super) fn new(geometry: &'a Geometry, check: &StatusCheck) -> Board<'a> {
        Board {
            geometry,
            mark: vec![0; geometry.len()],
            stamp: 0,
            buffer: Vec::new(),
            local_index: {
                let mut index = vec![None; geometry.len()];
                for (i, &q) in check.local.iter().enumerate() {
                    index[q] = Some(i as u32);
                }
                index
            },
            cells: Vec::new(),
            after: Vec::new(),
            back: Vec::new(),
            removed: Vec::new(),
            retaken: Vec::new(),
            plays: Vec::new(),
            removed_all: Vec::new(),
            atari: Vec::new(),
            layout: match geometry.rect_size() {
                Some((w, h)) => Tables::of(w, h),
                None => Tables::None,
            },
            banned: Vec::new(),
            favoured: None,
            stones: StonesCache::default(),
        }
    }
}

impl Board<'_> {
    /// The string through `p` into `string`, and its liberties (each once) into `liberties`.
    pub(super) fn string_and_liberties(
        &mut self,
        board: &[u8],
        p: Point,
        string: &mut Vec<Point>,
        liberties: &mut Vec<Point>,
    ) {
        self.flood_from(board, p, string, false);
        liberties.clear();
        for &q in string.iter() {
            for &l in self.geometry.neighbours(q) {
                if board[l] == EMPTY && self.mark[l] != self.stamp {
                    self.mark[l] = self.stamp;
                    liberties.push(l);
                }
            }
        }
    }

    /// Whether the string through `p` has a liberty (`string` then holds part of it, or
    /// all of it when it has none).
    fn has_liberty(&mut self, board: &[u8], p: Point, string: &mut Vec<Point>) -> bool {
        self.flood_from(board, p, string, true)
    }

    /// [`flood`] from `p` with a fresh stamp (the string's points stay marked with it).
    fn flood_from(
        &mut self,
        board: &[u8],
        p: Point,
        string: &mut Vec<Point>,
        stop_at_liberty: bool,
    ) -> bool {
        self.stamp += 1;
        flood(
            self.geometry,
            board,
            p,
            &mut self.mark,
            self.stamp,
            string,
            stop_at_liberty,
        )
    }

    /// J-8: `after` becomes the board after `colour` plays at `x`, and `removed` the
    /// removed points (sorted); false if the point is occupied or the play is suicide.
    fn play(
        &mut self,
        board: &[u8],
        x: Point,
        colour: u8,
        after: &mut Vec<u8>,
        removed: &mut Vec<Point>,
    ) -> bool {
        removed.clear();
        if board[x] != EMPTY {
            return false;
        }
        after.clear();
        after.extend_from_slice(board);
        after[x] = colour;
        let other = 3 - colour;
        let mut string = std::mem::take(&mut self.buffer);
        for &n in self.geometry.neighbours(x) {
            if after[n] == other && !self.has_liberty(after, n, &mut string) {
                for &q in &string {
                    after[q] = EMPTY;
                }
                removed.extend_from_slice(&string);
            }
        }
        let liberty = self.has_liberty(after, x, &mut string);
        self.buffer = string;
        removed.sort_unstable();
        liberty
    }

    /// The legal plays of `colour` on `board` (J-8), in the order of the points, into
    /// `plays` (their removals into `removed_all`): on bitboards where the board fits
    /// `WIDEST` words, else by flood fills on the byte board. Both give the same plays, removals
    /// and ko captures (the unit test `bitboard_and_byte_plays_agree`).
    pub(super) fn legal_plays(&mut self, key: &State, colour: u8) {
        self.plays.clear();
        self.removed_all.clear();
        let tables = std::mem::replace(&mut self.layout, Tables::None);
        on_tables!(&tables, l => {
            let stones = self.stones.on(key, l);
            self.plays_on_bits(l, stones, colour)
        }, None => {
            let mut board = std::mem::take(&mut self.cells);
            key.board_into(self.geometry.len(), &mut board);
            self.plays_on_bytes(&board, colour);
            self.cells = board;
        });
        self.layout = tables;
    }

    /// [`Board::legal_plays`] by flood fills on the byte board.
    fn plays_on_bytes(&mut self, board: &[u8], colour: u8) {
        let mut after = std::mem::take(&mut self.after);
        let mut back = std::mem::take(&mut self.back);
        let mut removed = std::mem::take(&mut self.removed);
        let mut retaken = std::mem::take(&mut self.retaken);
        for x in self.geometry.points() {
            if !self.play(board, x, colour, &mut after, &mut removed) {
                continue;
            }
            // C-5: a ko capture if the immediate retake removes exactly x and restores.
            let ko = matches!(removed[..], [y] if self.play(&after, y, 3 - colour, &mut back, &mut retaken)
                && retaken[..] == [x]
                && back == board);
            let from = self.removed_all.len() as u32;
            self.removed_all.extend_from_slice(&removed);
            let to = self.removed_all.len() as u32;
            self.plays.push(Play { x, from, to, ko });
        }
        self.after = after;
        self.back = back;
        self.removed = removed;
        self.retaken = retaken;
    }

    /// [`Board::legal_plays`] on bitboards of `N` words (the stride layout of
    /// `optimized::bitboard`; point `y * w + x` is bit `y * stride + x`).
    ///
    /// J-8 by sets: a play at an empty x is legal when x has an empty neighbour, or joins
    /// an own string with a liberty other than x (one with two liberties or more), or
    /// removes an opposing string (one whose only liberty is x). So only the strings in
    /// atari are needed one by one; a string with a stone next to two empty points has two
    /// liberties, and all of those are found by one flood from such stones.
    fn plays_on_bits<const N: usize>(
        &mut self,
        layout: &Layout<N>,
        [black, white]: [BitBoard<N>; 2],
        colour: u8,
    ) {
        let (own, theirs) = if colour == 1 {
            (black, white)
        } else {
            (white, black)
        };
        let (stride, on_board) = (layout.stride as u32, &layout.on_board);
        let stride_bits = layout.stride;
        let empty = on_board.and_not(&own.or(&theirs));
        let rich = empty.adjacent_twice(stride, on_board);
        // The stones of own strings with two liberties or more; the opposing strings in
        // atari with their liberty's bit (`self.atari`).
        let mut atari = std::mem::take(&mut self.atari);
        atari.clear();
        let own_safe = classify_strings(&own, &empty, &rich, stride, on_board, |_, _| {});
        classify_strings(
            &theirs,
            &empty,
            &rich,
            stride,
            on_board,
            |string, liberty| {
                let mut words = [0; WIDEST];
                words[..N].copy_from_slice(&string.0);
                atari.push((words, liberty as u16));
            },
        );
        let captures = {
            let mut set = BitBoard::<N>::ZERO;
            for &(_, liberty) in &atari {
                set.set(liberty as usize);
            }
            set
        };
        let legal = empty
            .adjacent(stride, on_board)
            .or(&own_safe.adjacent(stride, on_board))
            .and(&empty)
            .or(&captures);
        // The strings of `stones` next to `bit` without a liberty in `free`.
        let without_liberty = |bit: usize, stones: &BitBoard<N>, free: &BitBoard<N>| {
            let mut gone = BitBoard::<N>::ZERO;
            let (around, k) = &layout.neighbours_of[bit];
            for &n in &around[..*k as usize] {
                let n = n as usize;
                if stones.get(n) && !gone.get(n) {
                    let seed = BitBoard::single(n);
                    let (string, liberty) =
                        BitBoard::flood_until(seed, stones, free, stride, on_board);
                    if !liberty {
                        gone = gone.or(&string);
                    }
                }
            }
            gone
        };
        // The legal points in the order of the points (bits grow with them).
        for bit in legal.bits() {
            let x = bit - bit / stride_bits;
            let from = self.removed_all.len() as u32;
            if !captures.get(bit) {
                self.plays.push(Play {
                    x,
                    from,
                    to: from,
                    ko: false,
                });
                continue;
            }
            let stone = BitBoard::single(bit);
            let mut captured = BitBoard::<N>::ZERO;
            for (words, liberty) in &atari {
                if *liberty as usize == bit {
                    captured = captured.or(&BitBoard(std::array::from_fn(|i| words[i])));
                }
            }
            let own_after = own.or(&stone);
            let free_after = empty.and_not(&stone).or(&captured);
            self.removed_all
                .extend(captured.bits().map(|b| b - b / stride_bits));
            let to = self.removed_all.len() as u32;
            // C-5: a ko capture if the immediate retake at y removes exactly x (then it is
            // legal, x being a liberty of y, and restores the board: y the opponent's
            // again, x empty again).
            let ko = to == from + 1 && {
                let y = layout.bit_of[self.removed_all[from as usize]] as usize;
                let retaken =
                    without_liberty(y, &own_after, &free_after.and_not(&BitBoard::single(y)));
                retaken == stone
            };
            self.plays.push(Play { x, from, to, ko });
        }
        self.atari = atari;
    }
}

/// Sorts the strings of `stones` (with `empty` their empty points and `rich` the points
/// next to two empty points): returns the stones of the strings with two liberties or
/// more, and gives `in_atari` each string with exactly one liberty and that liberty's bit
/// (a string without a liberty, never next to an empty point, is neither).
fn classify_strings<const N: usize>(
    stones: &BitBoard<N>,
    empty: &BitBoard<N>,
    rich: &BitBoard<N>,
    stride: u32,
    on_board: &BitBoard<N>,
    mut in_atari: impl FnMut(BitBoard<N>, usize),
) -> BitBoard<N> {
    // Every string with a stone next to two empty points has two liberties: one flood.
    let mut safe = BitBoard::flood(stones.and(rich), stones, stride, on_board);
    let mut left = stones.and_not(&safe);
    while let Some(seed) = left.bits().next() {
        let string = BitBoard::flood(BitBoard::single(seed), stones, stride, on_board);
        left = left.and_not(&string);
        let liberties = string.adjacent(stride, on_board).and(empty);
        match liberties.count() {
            0 => {}
            1 => in_atari(string, liberties.bits().next().unwrap_or(0)),
            _ => safe = safe.or(&string),
        }
    }
    safe
}

/// A legal play found by [`Board::legal_plays`]: its point, its removals
/// (`removed_all[from..to]`, sorted) and whether it is a ko capture (C-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Play {
    pub(super) x: Point,
    pub(super) from: u32,
    pub(super) to: u32,
    pub(super) ko: bool,
}

/// Helpers of the unit tests of the solver's files.
#[cfg(test)]
pub(super) mod test_support {
    use super::{stone, EMPTY};
    use crate::geometry::Geometry;
    use crate::parse::diagram::parse_position;
    use crate::status_game::{StatusCheck, StatusKind};

    /// A diagram's geometry and its board, one byte per point.
    pub(in super::super) fn byte_board(text: &str) -> (Geometry, Vec<u8>) {
        let (g, p) = parse_position(text).expect("a diagram");
        let board = (0..p.len())
            .map(|q| match p.get(q) {
                crate::geometry::Cell::Empty => EMPTY,
                crate::geometry::Cell::Stone(c) => stone(c),
            })
            .collect();
        (g, board)
    }

    /// The names of the points in `set`, in the geometry's order.
    pub(in super::super) fn names(g: &Geometry, set: &[bool]) -> Vec<String> {
        g.points()
            .filter(|&q| set[q])
            .map(|q| g.name(q).to_string())
            .collect()
    }

    /// A xorshift generator (the tests' boards are the same in every run).
    pub(in super::super) fn rng(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The `i`-th random board of the state tests: a board of `sizes[i % len]` (about one
    /// point in five black, one in five white), the status check of its first black stone
    /// (uncapturable when `i % 3 == 0`, else capturable-1 with a region L of about one
    /// point in `local_every`), and a random played set for L; `None` without a black stone.
    pub(in super::super) fn random_check(
        next: &mut impl FnMut() -> u64,
        i: usize,
        sizes: &[(usize, usize)],
        local_every: u64,
    ) -> Option<(Geometry, Vec<u8>, StatusCheck, Vec<u64>)> {
        let (w, h) = sizes[i % sizes.len()];
        let g = Geometry::rect(w, h).expect("a rectangle");
        let board: Vec<u8> = (0..w * h).map(|_| (next() % 5).min(2) as u8).collect();
        let s = g.points().find(|&p| board[p] == 1)?;
        let local: Vec<usize> = if i.is_multiple_of(3) {
            Vec::new()
        } else {
            g.points()
                .filter(|_| next().is_multiple_of(local_every))
                .collect()
        };
        let played =
            vec![next() & ((1u64 << local.len().min(63)) - 1); 1.max(local.len().div_ceil(64))];
        let check = StatusCheck {
            string: vec![s],
            defender: crate::geometry::Colour::Black,
            kind: if local.is_empty() {
                StatusKind::Uncapturable
            } else {
                StatusKind::Capturable1
            },
            local,
        };
        Some((g, board, check, played))
    }
}

#[cfg(test)]
mod tests {
    use super::super::successors::expand;
    use super::*;
    use crate::geometry::Colour;
    use crate::status_game::StatusKind;

    use super::test_support::rng;

    fn check(local: Vec<Point>) -> StatusCheck {
        StatusCheck {
            string: vec![0],
            defender: Colour::Black,
            kind: if local.is_empty() {
                StatusKind::Uncapturable
            } else {
                StatusKind::Capturable1
            },
            local,
        }
    }

    /// On random boards of one to six words (and one too big for them), the bitboard
    /// plays and the byte board's flood fills find the same legal plays, removals and ko
    /// captures, for both colours, and the same liberty counts; and some of the plays
    /// capture and some are ko captures.
    #[test]
    fn bitboard_and_byte_plays_agree() {
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        let (mut captures, mut kos, mut tried) = (0, 0, 0);
        for i in 0..4000 {
            // Boards of one, two and three words; one in a hundred of six words or too big
            // for bitboards (their byte board's plays cost a flood fill per point).
            let (w, h) = if i % 100 == 0 {
                [(19, 19), (21, 20)][i / 100 % 2]
            } else {
                [(7, 4), (5, 5), (9, 9), (1, 7), (8, 7), (12, 11)][i % 6]
            };
            let g = Geometry::rect(w, h).expect("a rectangle");
            let board: Vec<u8> = (0..w * h).map(|_| (next() % 3) as u8).collect();
            let check = check(Vec::new());
            let mut b = Board::new(&g, &check);
            let state = State::new(&board, &[0], 1);
            for colour in [1, 2] {
                b.legal_plays(&state, colour);
                let (plays, removed) = (b.plays.clone(), b.removed_all.clone());
                b.plays.clear();
                b.removed_all.clear();
                b.plays_on_bytes(&board, colour);
                assert_eq!(plays, b.plays, "{w}x{h} {board:?} colour {colour}");
                assert_eq!(removed, b.removed_all, "{w}x{h} {board:?} colour {colour}");
                for p in g.points() {
                    let bits = b.liberty_count(&state, p);
                    assert_eq!(
                        bits,
                        b.liberty_count_on_bytes(&state, p),
                        "{w}x{h} {board:?} at {p}"
                    );
                }
                captures += plays.iter().filter(|p| p.to > p.from).count();
                kos += plays.iter().filter(|p| p.ko).count();
                tried += matches!(b.layout, Tables::None) as usize;
            }
        }
        assert!(
            captures > 1000 && kos > 100,
            "{captures} captures, {kos} kos"
        );
        assert!(tried > 0, "the byte path was compared with itself only");
    }

    /// After random walks through `expand` (plays, captures, played stones on L, frozen
    /// regions set at random), every state's Zobrist key is the key computed from scratch.
    #[test]
    fn incremental_key_is_the_key_from_scratch() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let mut steps = 0;
        for i in 0..300 {
            let (w, h) = [(7, 4), (9, 9), (12, 11)][i % 3];
            let g = Geometry::rect(w, h).expect("a rectangle");
            let board: Vec<u8> = (0..w * h).map(|_| (next() % 4).min(2) as u8).collect();
            let local: Vec<Point> = g.points().filter(|_| next().is_multiple_of(4)).collect();
            let check = check(local.clone());
            let mut b = Board::new(&g, &check);
            let near = vec![true; g.len()];
            let played = vec![0; local.len().div_ceil(64).max(1)];
            let mut key = State::new(&board, &played, 1 + (i % 2) as u8).with_frozen_bits(g.len());
            assert_eq!(key.key, key.key_from_scratch());
            for _ in 0..40 {
                let succ = expand(&mut b, &check, 2, &near, &key);
                let states: Vec<State> = succ.into_iter().filter_map(|(_, _, s)| s.ok()).collect();
                for s in &states {
                    assert_eq!(s.key, s.key_from_scratch(), "{s:?}");
                }
                let Some(s) = states.get(next() as usize % states.len().max(1)) else {
                    break;
                };
                key = s.clone();
                if next().is_multiple_of(3) {
                    let region: Vec<bool> = g.points().map(|_| next().is_multiple_of(5)).collect();
                    key.set_frozen(&region);
                    assert_eq!(key.key, key.key_from_scratch());
                }
                steps += 1;
            }
        }
        assert!(steps > 5000, "{steps} steps");
    }
}
