//! The local game of one region (spec `j2003.md` J-LOC-5): the region's contents as bit
//! masks, Y's plays and X's answers on it, and the search of X's win.

use std::collections::{HashMap, HashSet};

use crate::geometry::{Cell, Colour, Geometry, Point, Position};

/// One region's local game (J-LOC-5 (1)): the region's points numbered 0.., its neighbours
/// among themselves and its walls' stones next to each point, as bit masks.
pub(super) struct LocalGame {
    /// The points of the region next to each of its points.
    next: Vec<u32>,
    /// For each wall (in `walls_of` order), the points of the region next to it.
    wall_next: Vec<u32>,
    /// X's and Y's stones on the region at the start.
    x0: u32,
    y0: u32,
}

impl LocalGame {
    pub(super) fn new(
        geometry: &Geometry,
        position: &Position,
        region: &[Point],
        walls: &[usize],
        block_of: &[Option<usize>],
        defender: Colour,
    ) -> LocalGame {
        let index = |p: Point| region.iter().position(|&q| q == p);
        let mut next = vec![0u32; region.len()];
        let mut wall_next = vec![0u32; walls.len()];
        let (mut x0, mut y0) = (0, 0);
        for (i, &p) in region.iter().enumerate() {
            for &n in geometry.neighbours(p) {
                if let Some(j) = index(n) {
                    next[i] |= 1 << j;
                } else if let Some(b) = block_of[n] {
                    let w = walls.binary_search(&b).expect("a wall of the region");
                    wall_next[w] |= 1 << i;
                }
            }
            match position.get(p) {
                Cell::Stone(c) if c == defender => x0 |= 1 << i,
                Cell::Stone(_) => y0 |= 1 << i,
                Cell::Empty => {}
            }
        }
        LocalGame {
            next,
            wall_next,
            x0,
            y0,
        }
    }

    fn all(&self) -> u32 {
        if self.next.len() == 32 {
            u32::MAX
        } else {
            (1u32 << self.next.len()) - 1
        }
    }

    /// The string through the points `seed` within `stones` (a flood over `next`).
    fn string(&self, stones: u32, seed: u32) -> u32 {
        let mut s = seed & stones;
        loop {
            let mut grown = s;
            let mut rest = s;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                grown |= self.next[i] & stones;
            }
            if grown == s {
                return s;
            }
            s = grown;
        }
    }

    /// The empty points next to the points `s`.
    fn liberties(&self, s: u32, empty: u32) -> u32 {
        let mut libs = 0;
        let mut rest = s;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            libs |= self.next[i];
        }
        libs & empty
    }

    /// The region's liberties of the X string through the stones `seed` on the region and
    /// the walls `walls` (bit w for the w-th wall): X's stones on the region joined to them,
    /// and through those the other walls they touch, all of whose empty neighbours on the
    /// region are liberties of the one string.
    fn group_liberties(&self, x: u32, empty: u32, seed: u32, mut walls: u64) -> u32 {
        let mut stones = self.string(x, seed);
        loop {
            for (w, &touch) in self.wall_next.iter().enumerate() {
                if walls & (1 << w) != 0 {
                    stones |= self.string(x, touch & x);
                }
            }
            let mut more = walls;
            for (w, &touch) in self.wall_next.iter().enumerate() {
                if touch & stones != 0 {
                    more |= 1 << w;
                }
            }
            if more == walls {
                break;
            }
            walls = more;
        }
        let mut libs = self.liberties(stones, empty);
        for (w, &touch) in self.wall_next.iter().enumerate() {
            if walls & (1 << w) != 0 {
                libs |= touch & empty;
            }
        }
        libs
    }

    /// Whether the string of every wall w has at least `owed[w]` liberties on the region
    /// (J-LOC-5).
    fn owed_liberties_hold(&self, x: u32, y: u32, owed: &[u32]) -> bool {
        let empty = self.all() & !x & !y;
        owed.iter()
            .enumerate()
            .all(|(w, &k)| k == 0 || self.group_liberties(x, empty, 0, 1 << w).count_ones() >= k)
    }

    /// Whether every wall's string touches `k` sure eyes: empty points whose neighbours on
    /// the region are all X stones joined to a wall. Y can never play there (J-8: the stone
    /// would have no liberty and capture nothing, a string joined to a wall being never
    /// removed), so X wins by passing from then on.
    fn sure_eyes_hold(&self, x: u32, y: u32, owed: &[u32]) -> bool {
        let walled = self.walled(x);
        let mut eyes = 0;
        let mut rest = self.all() & !x & !y;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.next[i] & !walled == 0 {
                eyes |= 1 << i;
            }
        }
        owed.iter()
            .enumerate()
            .all(|(w, &k)| k == 0 || self.group_liberties(x, eyes, 0, 1 << w).count_ones() >= k)
    }

    /// Y's play on point `i`: the new masks, or None if it is illegal (J-8: the point is
    /// empty; X strings on the region without a wall and without a liberty are removed; Y's
    /// string must then have a liberty). A string joined to a wall is never removed here:
    /// J-LOC-5 keeps it two liberties before Y's play.
    fn y_play(&self, x: u32, y: u32, i: usize) -> Option<(u32, u32)> {
        let bit = 1u32 << i;
        let y2 = y | bit;
        let mut x2 = x;
        let walled = self.walled(x);
        let mut around = self.next[i] & x & !walled;
        while around != 0 {
            let j = around.trailing_zeros();
            around &= around - 1;
            let s = self.string(x2, 1 << j);
            if s != 0 && self.liberties(s, self.all() & !x2 & !y2) == 0 {
                x2 &= !s;
            }
        }
        let own = self.string(y2, bit);
        (self.liberties(own, self.all() & !x2 & !y2) != 0).then_some((x2, y2))
    }

    /// X's stones on the region joined to a wall.
    fn walled(&self, x: u32) -> u32 {
        let touch = self.wall_next.iter().fold(0, |a, &t| a | t);
        self.string(x, touch & x)
    }

    /// X's answer on point `i`: the new masks, or None unless it is a legal play (J-8) that
    /// is no ko capture (J-29, C-5: a capture of one stone by a lone stone whose only
    /// liberty is the captured point). J-LOC-5's X makes no ko capture.
    fn x_play(&self, x: u32, y: u32, i: usize) -> Option<(u32, u32)> {
        let bit = 1u32 << i;
        let x2 = x | bit;
        let mut captured = 0;
        let mut around = self.next[i] & y;
        while around != 0 {
            let j = around.trailing_zeros();
            around &= around - 1;
            let s = self.string(y, 1 << j);
            if self.liberties(s, self.all() & !x2 & !y) == 0 {
                captured |= s;
            }
        }
        let y2 = y & !captured;
        let empty = self.all() & !x2 & !y2;
        if captured == 0 {
            return (self.group_liberties(x2, empty, bit, 0) != 0).then_some((x2, y2));
        }
        let lone = self.next[i] & x == 0 && self.wall_next.iter().all(|&t| t & bit == 0);
        if captured.count_ones() == 1 && lone && self.next[i] & empty == captured {
            return None;
        }
        Some((x2, y2))
    }

    /// Whether X wins the local game owing every wall w `owed[w]` liberties, within
    /// `budget` positions; the positions examined.
    pub(super) fn solve(&self, owed: &[u32], budget: u64) -> (bool, u64) {
        let mut search = Search {
            game: self,
            owed,
            table: HashMap::new(),
            on_path: HashSet::new(),
            wins_found: Vec::new(),
            positions: 0,
            budget,
        };
        let won = search.wins(self.x0, self.y0) == Some(true);
        (won, search.positions)
    }
}

/// The local game's search: X wins a position with Y to move when the owed liberties hold
/// and every play of Y has an answer that wins. X's captures let positions come back; a
/// position met again on the path counts as won for X (an infinite sequence without the
/// capture is X's, G-7), and every win found below a position that is then lost is
/// forgotten, so the wins kept are a set X never has to leave.
struct Search<'a> {
    game: &'a LocalGame,
    owed: &'a [u32],
    table: HashMap<(u32, u32), bool>,
    on_path: HashSet<(u32, u32)>,
    wins_found: Vec<(u32, u32)>,
    positions: u64,
    budget: u64,
}

impl Search<'_> {
    /// Whether X wins from (x, y) with Y to move; None when the budget ran out.
    fn wins(&mut self, x: u32, y: u32) -> Option<bool> {
        if let Some(&known) = self.table.get(&(x, y)) {
            return Some(known);
        }
        if self.on_path.contains(&(x, y)) {
            return Some(true);
        }
        if self.positions >= self.budget {
            return None;
        }
        self.positions += 1;
        let game = self.game;
        if !game.owed_liberties_hold(x, y, self.owed) {
            self.table.insert((x, y), false);
            return Some(false);
        }
        if game.sure_eyes_hold(x, y, self.owed) {
            self.table.insert((x, y), true);
            return Some(true);
        }
        self.on_path.insert((x, y));
        let mark = self.wins_found.len();
        let mut won = true;
        let mut rest = game.all() & !x & !y;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let Some((x1, y1)) = game.y_play(x, y, i) else {
                continue;
            };
            if !self.answers(x1, y1, i)? {
                won = false;
                break;
            }
        }
        self.on_path.remove(&(x, y));
        if won {
            self.wins_found.push((x, y));
        } else {
            for key in self.wins_found.drain(mark..) {
                self.table.remove(&key);
            }
        }
        self.table.insert((x, y), won);
        Some(won)
    }

    /// Whether X has a winning answer after Y's play on `i`: a play next to it, else a
    /// pass, else any other play.
    fn answers(&mut self, x: u32, y: u32, i: usize) -> Option<bool> {
        let game = self.game;
        let empty = game.all() & !x & !y;
        let near = game.next[i] & empty;
        if self.some_play_wins(x, y, near)? || self.wins(x, y)? {
            return Some(true);
        }
        self.some_play_wins(x, y, empty & !near)
    }

    /// Whether an X play on one of the points `candidates` wins.
    fn some_play_wins(&mut self, x: u32, y: u32, candidates: u32) -> Option<bool> {
        let game = self.game;
        let mut rest = candidates;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if let Some((x2, y2)) = game.x_play(x, y, j) {
                if self.wins(x2, y2)? {
                    return Some(true);
                }
            }
        }
        Some(false)
    }
}
