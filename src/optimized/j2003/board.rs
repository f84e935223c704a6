//! The ground both J2003 searches (the state graph and the proof search) stand on: the
//! board as a byte per point, strings by flood fill, the packed state of the status game
//! (G-2) and its moves (G-3).
//!
//! The board code here is its own: a byte per point and flood fills over the geometry; a
//! proof-search state stores the board at two bits per point.
//!
//! Why it stays (measured on `go-oracle bench --quick`, perf, 2026-11-27): Benson's
//! algorithm took half of the proof searches' time on this board; it now runs on the
//! bitboards of `optimized::bitboard` (benson_survival.rs), which cut the bench's CPU time
//! by a third for the same states. The profile after it: flood fills 14%, Benson 20% (of
//! which 12% converting this board to bitboards and back), allocation 20%, `expand` 6%,
//! `play` 5%, state hashing 5%. A bitboard play alone is 2.3 times as fast (7x4 board,
//! every play of 64 positions), but this board's consumers (the packed states, the ko
//! record's point lists, `frozen_regions`, the state graph, df-pn) all read bytes, so
//! porting it is porting the whole family's state, not done yet. J2003 boards are
//! rectangles (the engine answers `Unsupported` elsewhere).

use crate::engine::Move;
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::status_game::{StatusCheck, StatusKind};
use rustc_hash::FxHashMap as HashMap;

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

/// The string through `p` and whether it has a liberty.
pub(super) fn string_of(
    geometry: &Geometry,
    board: &[u8],
    p: Point,
    mark: &mut [u32],
    stamp: u32,
) -> (Vec<Point>, bool) {
    let mut out = Vec::new();
    let liberty = flood(geometry, board, p, mark, stamp, &mut out, false);
    (out, liberty)
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
    /// Reused for the strings of `play`.
    buffer: Vec<Point>,
    /// The index in L of each point of L (the check's region).
    pub(super) local_index: HashMap<Point, usize>,
    /// Scratch boards and removal lists of `expand`.
    pub(super) cells: Vec<u8>,
    after: Vec<u8>,
    back: Vec<u8>,
    removed: Vec<Point>,
    retaken: Vec<Point>,
    /// The points of the mover's ko captures that the hypothetical ko rule forbids (found by
    /// the last `expand`; they make its ko-pass legal).
    pub(super) banned: Vec<Point>,
    /// `ko-bracketing` (ko_bracketing.rs): `Some(f)` plays the ko-free variant favouring
    /// the player of colour `f` (his ko captures never banned, his ko-pass always legal, no
    /// ko capture and no ko-pass for the other player, no ko record); `None` plays J2003.
    pub(super) favoured: Option<u8>,
}

impl<'a> Board<'a> {
    pub(super) fn new(geometry: &'a Geometry, check: &StatusCheck) -> Board<'a> {
        Board {
            geometry,
            mark: vec![0; geometry.len()],
            stamp: 0,
            buffer: Vec::new(),
            local_index: check
                .local
                .iter()
                .enumerate()
                .map(|(i, &q)| (q, i))
                .collect(),
            cells: Vec::new(),
            after: Vec::new(),
            back: Vec::new(),
            removed: Vec::new(),
            retaken: Vec::new(),
            banned: Vec::new(),
            favoured: None,
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

    /// The number of liberties of the string through the stone at `p` in `key`, read from
    /// the packed state (the string's points and their neighbours only, no unpacking).
    pub(super) fn liberty_count(&mut self, key: &State, p: Point) -> usize {
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
}

/// A state of the proof searches: the game state of G-2 without the counter.
/// Compact encoding (one allocation): `cells` holds first the played-stone bits of L, then
/// the board at two bits per point (0 empty, 1 black, 2 white), then (in the searches with
/// `frozen-regions`) one bit per point: the point lies in a frozen region.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct State {
    pub(super) cells: Box<[u64]>,
    /// The number of words of played-stone bits at the front of `cells`.
    pub(super) played_words: u16,
    /// The number of words of frozen-region bits at the end of `cells`.
    pub(super) frozen_words: u16,
    pub(super) to_move: u8,
    pub(super) after_pass: bool,
    pub(super) captured: bool,
    pub(super) ko_record: Vec<(u8, u16, u16)>,
}

impl State {
    pub(super) fn new(board: &[u8], played: &[u64], to_move: u8) -> State {
        State {
            cells: pack(board, played),
            played_words: played.len() as u16,
            frozen_words: 0,
            to_move,
            after_pass: false,
            captured: false,
            ko_record: Vec::new(),
        }
    }

    /// Bit i: a defender stone played in the sequence stands on L[i] (C1/C2 only).
    pub(super) fn played(&self) -> &[u64] {
        &self.cells[..self.played_words as usize]
    }

    pub(super) fn is_played(&self, i: usize) -> bool {
        self.cells[i / 64] >> (i % 64) & 1 == 1
    }

    /// The words that hold the board (two bits per point), without the played-stone and
    /// frozen-region bits.
    pub(super) fn board_words(&self) -> &[u64] {
        &self.cells[self.played_words as usize..self.cells.len() - self.frozen_words as usize]
    }

    /// The content of point `p`: 0 empty, 1 black, 2 white.
    pub(super) fn cell(&self, p: Point) -> u8 {
        (self.cells[self.played_words as usize + p / 32] >> (2 * (p % 32)) & 3) as u8
    }

    /// The board, one byte per point, into `out`.
    pub(super) fn board_into(&self, points: usize, out: &mut Vec<u8>) {
        out.clear();
        out.extend((0..points).map(|p| self.cell(p)));
    }

    /// The same state with room for frozen-region bits (none set).
    pub(super) fn with_frozen_bits(mut self, points: usize) -> State {
        let words = points.div_ceil(64);
        let mut cells = self.cells.to_vec();
        cells.resize(cells.len() + words, 0);
        self.cells = cells.into_boxed_slice();
        self.frozen_words = words as u16;
        self
    }

    /// Whether point p lies in a frozen region recorded in the state.
    pub(super) fn is_frozen(&self, p: Point) -> bool {
        let from = self.cells.len() - self.frozen_words as usize;
        self.frozen_words > 0 && self.cells[from + p / 64] >> (p % 64) & 1 == 1
    }

    /// Records the frozen regions `region` in the state.
    pub(super) fn set_frozen(&mut self, region: &[bool]) {
        let from = self.cells.len() - self.frozen_words as usize;
        for w in &mut self.cells[from..] {
            *w = 0;
        }
        for (p, _) in region.iter().enumerate().filter(|(_, &f)| f) {
            self.cells[from + p / 64] |= 1 << (p % 64);
        }
    }

    fn set_point(&mut self, p: Point, c: u8) {
        let w = &mut self.cells[self.played_words as usize + p / 32];
        *w = *w & !(3 << (2 * (p % 32))) | (c as u64) << (2 * (p % 32));
    }
}

/// The cells of a [`State`]: `played`, then `board` at two bits per point.
fn pack(board: &[u8], played: &[u64]) -> Box<[u64]> {
    let mut cells = vec![0u64; played.len() + board.len().div_ceil(32)];
    cells[..played.len()].copy_from_slice(played);
    for (p, &c) in board.iter().enumerate() {
        cells[played.len() + p / 32] |= (c as u64) << (2 * (p % 32));
    }
    cells.into_boxed_slice()
}

/// A successor: a state, or the end of the sequence (or a capture in the U game) with
/// whether Y wins it.
pub(super) type Step = Result<State, bool>;

/// The moves from `key` (G-3) with their successors, each with an ordering rank: 0 passes
/// (and in the U game captures), 1 the ko-pass, 2 captures, 3 plays near S or L (`near`),
/// 4 other plays.
pub(super) fn expand(
    b: &mut Board,
    check: &StatusCheck,
    attacker: u8,
    near: &[bool],
    key: &State,
) -> Vec<(u8, Move, Step)> {
    let uncapturable = check.kind == StatusKind::Uncapturable;
    let player = key.to_move;
    let defender = 3 - attacker;
    let points = b.geometry.len();
    let mut out: Vec<(u8, Move, Step)> = Vec::new();
    // G-6: a pass after a pass ends the sequence; Y wins iff S is captured and (C1/C2)
    // no played X stone stands on L.
    out.push((
        0,
        Move::Pass,
        if key.after_pass {
            Err(key.captured && key.played().iter().all(|&w| w == 0))
        } else {
            Ok(State {
                to_move: 3 - player,
                after_pass: true,
                ..key.clone()
            })
        },
    ));
    let mut ko_pass_legal = false;
    b.banned.clear();
    let mut board = std::mem::take(&mut b.cells);
    let mut after = std::mem::take(&mut b.after);
    let mut back = std::mem::take(&mut b.back);
    let mut removed = std::mem::take(&mut b.removed);
    let mut retaken = std::mem::take(&mut b.retaken);
    key.board_into(points, &mut board);
    for x in b.geometry.points() {
        if !b.play(&board, x, player, &mut after, &mut removed) {
            continue;
        }
        let mut record = key.ko_record.clone();
        if let [y] = removed[..] {
            // C-5: a ko capture if the immediate retake removes exactly x and restores.
            if b.play(&after, y, 3 - player, &mut back, &mut retaken)
                && retaken[..] == [x]
                && back == board
            {
                let (xx, yy) = (x as u16, y as u16);
                match b.favoured {
                    // `ko-bracketing`: the favoured player's ko captures are free and
                    // unrecorded; the other player makes none.
                    Some(f) if f == player => {}
                    Some(_) => continue,
                    None if record.contains(&(3 - player, yy, xx)) => {
                        ko_pass_legal = true;
                        b.banned.push(x);
                        continue;
                    }
                    None => {
                        if !record.contains(&(player, xx, yy)) {
                            record.push((player, xx, yy));
                            record.sort_unstable();
                        }
                    }
                }
            }
        }
        let captured = key.captured || removed.contains(&check.string[0]);
        // U game: a capture is Y's win whatever follows (C-8).
        if uncapturable && captured {
            out.push((0, Move::Play(x), Err(true)));
            continue;
        }
        // The successor's cells: the stone at x, the removals, the played stones on L.
        let mut next = State {
            cells: key.cells.clone(),
            played_words: key.played_words,
            frozen_words: key.frozen_words,
            to_move: 3 - player,
            after_pass: false,
            captured,
            ko_record: record,
        };
        next.set_point(x, player);
        for &q in &removed {
            next.set_point(q, EMPTY);
            if let Some(&i) = b.local_index.get(&q) {
                next.cells[i / 64] &= !(1 << (i % 64));
            }
        }
        if player == defender {
            if let Some(&i) = b.local_index.get(&x) {
                next.cells[i / 64] |= 1 << (i % 64);
            }
        }
        let rank = if !removed.is_empty() {
            2
        } else if near[x] {
            3
        } else {
            4
        };
        out.push((rank, Move::Play(x), Ok(next)));
    }
    b.cells = board;
    b.after = after;
    b.back = back;
    b.removed = removed;
    b.retaken = retaken;
    // `ko-bracketing`: the favoured player may always ko-pass, the other never.
    if let Some(f) = b.favoured {
        ko_pass_legal = f == player;
    }
    if ko_pass_legal {
        out.push((
            1,
            Move::KoPass,
            Ok(State {
                to_move: 3 - player,
                after_pass: false,
                ko_record: Vec::new(),
                ..key.clone()
            }),
        ));
    }
    out
}

/// Helpers of the unit tests of the solver's files.
#[cfg(test)]
pub(super) mod test_support {
    use super::{stone, EMPTY};
    use crate::geometry::Geometry;
    use crate::parse::diagram::parse_position;

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
}
