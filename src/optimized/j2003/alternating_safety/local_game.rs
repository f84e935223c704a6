//! The local game of one region (spec `j2003-solver.md` J-LOC-5): the region's contents as bit
//! masks, Y's plays and X's answers on it, and the search of X's win.

use rustc_hash::{FxHashMap, FxHashSet};

use super::Cut;
use crate::geometry::{Cell, Colour, Geometry, Point, Position};

/// One region's local game (J-LOC-5 (1)): the region's points numbered 0.., its neighbours
/// among themselves and its walls' stones next to each point, as bit masks. Two equal games
/// are searched alike (`local-game-memo` keys its outcomes by the game).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct LocalGame {
    /// The points of the region next to each of its points.
    next: Vec<u32>,
    /// For each wall (in `walls_of` order), the points of the region next to it.
    wall_next: Vec<u32>,
    /// For each of Y's strings the region was cut at (J-LOC-7), the points of the region
    /// next to it; and all of them.
    cut_next: Vec<u32>,
    cut_touch: u32,
    /// The cut strings with a liberty outside every region that may be played (bits).
    free0: u64,
    /// X's and Y's stones on the region at the start.
    x0: u32,
    y0: u32,
    /// Switch `local-game-killer`: the moves ordered with killers (part of the game, so that
    /// the memo keeps the two orders apart: they count different positions).
    killer: bool,
}

impl LocalGame {
    pub(super) fn new(
        geometry: &Geometry,
        position: &Position,
        region: &[Point],
        walls: &[usize],
        block_of: &[Option<usize>],
        cut: &Cut,
        defender: Colour,
    ) -> LocalGame {
        let index = |p: Point| region.iter().position(|&q| q == p);
        let mut next = vec![0u32; region.len()];
        let mut wall_next = vec![0u32; walls.len()];
        let mut cut_next = vec![0u32; cut.strings.len()];
        let (mut x0, mut y0) = (0, 0);
        for (i, &p) in region.iter().enumerate() {
            for &n in geometry.neighbours(p) {
                if let Some(j) = index(n) {
                    next[i] |= 1 << j;
                } else if let Some(b) = block_of[n] {
                    let w = walls.binary_search(&b).expect("a wall of the region");
                    wall_next[w] |= 1 << i;
                } else if let Some(f) = cut.string_of[n] {
                    if let Ok(f) = cut.strings.binary_search(&f) {
                        cut_next[f] |= 1 << i;
                    }
                }
            }
            match position.get(p) {
                Cell::Stone(c) if c == defender => x0 |= 1 << i,
                Cell::Stone(_) => y0 |= 1 << i,
                Cell::Empty => {}
            }
        }
        let cut_touch = cut_next.iter().fold(0, |a, &t| a | t);
        let free0 = (0..cut.strings.len())
            .filter(|&f| cut.free[f])
            .fold(0u64, |a, f| a | 1 << f);
        LocalGame {
            next,
            wall_next,
            cut_next,
            cut_touch,
            free0,
            x0,
            y0,
            killer: true,
        }
    }

    /// The game searched with killers or without (switch `local-game-killer`).
    pub(super) fn with_killer(mut self, on: bool) -> LocalGame {
        self.killer = on;
        self
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
    fn group_liberties(&self, x: u32, empty: u32, seed: u32, walls: u64) -> u32 {
        self.joined_liberties(x, &self.wall_next, empty, seed, walls)
            .0
    }

    /// The region's liberties of the string of `stones` through `seed` and the strings
    /// outside the region `outside` (bit w for the w-th of `outside_next`, the points of the
    /// region next to each): the stones on the region joined to them, and through those the
    /// other outside strings they touch; and those outside strings (bits). X's walls
    /// (J-LOC-5) and Y's cut strings (J-LOC-7).
    fn joined_liberties(
        &self,
        stones: u32,
        outside_next: &[u32],
        empty: u32,
        seed: u32,
        mut walls: u64,
    ) -> (u32, u64) {
        let mut joined = self.string(stones, seed);
        loop {
            for (w, &touch) in outside_next.iter().enumerate() {
                if walls & (1 << w) != 0 {
                    joined |= self.string(stones, touch & stones);
                }
            }
            let mut more = walls;
            for (w, &touch) in outside_next.iter().enumerate() {
                if touch & joined != 0 {
                    more |= 1 << w;
                }
            }
            if more == walls {
                break;
            }
            walls = more;
        }
        let mut libs = self.liberties(joined, empty);
        for (w, &touch) in outside_next.iter().enumerate() {
            if walls & (1 << w) != 0 {
                libs |= touch & empty;
            }
        }
        (libs, walls)
    }

    /// Whether the string of every wall w has at least `owed[w]` liberties on the region
    /// (J-LOC-5).
    fn owed_liberties_hold(&self, x: u32, y: u32, owed: &[u32]) -> bool {
        let empty = self.all() & !x & !y;
        owed.iter()
            .enumerate()
            .all(|(w, &k)| k == 0 || self.group_liberties(x, empty, 0, 1 << w).count_ones() >= k)
    }

    /// Whether every wall's string is sure of its owed liberties (J-LOC-5, "Computing it"):
    /// it has that many *sealed regions*, connected sets of the points of the region without
    /// an X stone, maximal, next to no cut string (J-LOC-7) and to no X stone not joined to a
    /// wall, with an empty point, every empty point a liberty of the string. Y can never
    /// play the last empty point of a sealed region (J-8: the stone would have no liberty and
    /// capture nothing, a string joined to a wall being never removed), so each keeps the
    /// string a liberty while X passes for ever. A sure eye (an empty point all of whose
    /// neighbours on the region are X stones joined to a wall) is the smallest one.
    fn sealed_regions_hold(&self, x: u32, y: u32, owed: &[u32]) -> bool {
        let empty = self.all() & !x & !y;
        let walled = self.walled(x);
        let loose = x & !walled;
        let libs: Vec<u32> = (0..owed.len())
            .map(|w| {
                if owed[w] == 0 {
                    0
                } else {
                    self.group_liberties(x, empty, 0, 1 << w)
                }
            })
            .collect();
        let mut count = vec![0u32; owed.len()];
        let mut rest = self.all() & !x;
        while rest != 0 {
            let r = self.string(self.all() & !x, rest & rest.wrapping_neg());
            rest &= !r;
            let room = r & empty;
            if room == 0 || r & self.cut_touch != 0 || self.liberties(r, loose) != 0 {
                continue;
            }
            for (w, &l) in libs.iter().enumerate() {
                if owed[w] != 0 && room & !l == 0 {
                    count[w] += 1;
                }
            }
        }
        owed.iter().zip(&count).all(|(&k, &c)| c >= k)
    }

    /// Y's play on point `i`: the new masks, or None if it is illegal (J-8: the point is
    /// empty; X strings on the region without a wall and without a liberty are removed; Y's
    /// string must then have a liberty, or be joined to a string the region was cut at,
    /// J-LOC-7). A string joined to a wall is never removed here: J-LOC-5 keeps it two
    /// liberties before Y's play.
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
        (own & self.cut_touch != 0 || self.liberties(own, self.all() & !x2 & !y2) != 0)
            .then_some((x2, y2))
    }

    /// X's stones on the region joined to a wall.
    fn walled(&self, x: u32) -> u32 {
        let touch = self.wall_next.iter().fold(0, |a, &t| a | t);
        self.string(x, touch & x)
    }

    /// X's answer on point `i`: the new masks, or None unless it is a legal play (J-8) that
    /// is no ko capture (J-29, C-5: a capture of one stone by a lone stone whose only
    /// liberty is the captured point). J-LOC-5's X makes no ko capture. J-LOC-7's X never
    /// captures a string the region was cut at: a play that leaves one of them (with Y's
    /// stones on the region joined to it) without a liberty on the region is refused unless
    /// one of them has a liberty outside the regions (`free`).
    fn x_play(&self, x: u32, y: u32, i: usize, free: u64) -> Option<(u32, u32)> {
        let bit = 1u32 << i;
        let x2 = x | bit;
        let mut captured = 0;
        let mut around = self.next[i] & y;
        while around != 0 {
            let j = around.trailing_zeros();
            around &= around - 1;
            let s = self.string(y, 1 << j);
            if s & self.cut_touch == 0 && self.liberties(s, self.all() & !x2 & !y) == 0 {
                captured |= s;
            }
        }
        let y2 = y & !captured;
        let empty = self.all() & !x2 & !y2;
        if self.takes_a_cut_strings_last_liberty((x, y), (x2, y2), free) {
            return None;
        }
        if captured == 0 {
            return (self.group_liberties(x2, empty, bit, 0) != 0).then_some((x2, y2));
        }
        let lone = self.next[i] & x == 0 && self.wall_next.iter().all(|&t| t & bit == 0);
        if captured.count_ones() == 1 && lone && self.next[i] & empty == captured {
            return None;
        }
        Some((x2, y2))
    }

    /// Whether X's play (from `x`, `y` to `x2`, `y2`) leaves a cut string of J-LOC-7, with
    /// Y's stones on the region joined to it and the cut strings they join, without a
    /// liberty on the region that it had, while none of them is known to have a liberty
    /// outside the regions (`free`, bit f for the f-th cut string).
    fn takes_a_cut_strings_last_liberty(
        &self,
        (x, y): (u32, u32),
        (x2, y2): (u32, u32),
        free: u64,
    ) -> bool {
        if self.cut_next.is_empty() {
            return false;
        }
        let (before, after) = (self.all() & !x & !y, self.all() & !x2 & !y2);
        (0..self.cut_next.len()).any(|f| {
            let (libs, members) = self.joined_liberties(y2, &self.cut_next, after, 0, 1 << f);
            libs == 0
                && members & free == 0
                && self
                    .joined_liberties(y, &self.cut_next, before, 0, 1 << f)
                    .0
                    != 0
        })
    }

    /// X's play on the `i`-th point of the region from the start (the tests).
    #[cfg(test)]
    pub(super) fn x_play_at(&self, i: usize) -> Option<(u32, u32)> {
        self.x_play(self.x0, self.y0, i, self.free0)
    }

    /// Whether X wins the local game owing every wall w `owed[w]` liberties, within
    /// `budget` positions (`None`: the budget ran out); the positions examined.
    pub(super) fn search(&self, owed: &[u32], budget: u64) -> Solved {
        let mut search = Search {
            game: self,
            owed,
            table: FxHashMap::default(),
            on_path: FxHashSet::default(),
            wins_found: Vec::new(),
            positions: 0,
            budget,
            depth: 0,
            killers: Vec::new(),
        };
        let won = search.wins((self.x0, self.y0, self.free0));
        Solved {
            won,
            positions: search.positions,
        }
    }
}

/// The outcome of a local game's search: X wins or not (`None`: the budget ran out first),
/// and the positions it examined (with `None`, exactly the budget).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Solved {
    pub won: Option<bool>,
    pub positions: u64,
}

/// A position of the local game with Y to move: X's and Y's stones on the region, and the
/// cut strings still known to have a liberty outside the regions (J-LOC-7).
type Key = (u32, u32, u64);

/// The local game's search: X wins a position with Y to move when the owed liberties hold
/// and every move of Y has an answer that wins. Y's moves are his plays on the region and,
/// for each cut string known to have a liberty outside, filling the last of them (a play
/// elsewhere, answered by X's pass; J-LOC-7). X's captures let positions come back; a
/// position met again on the path counts as won for X (an infinite sequence without the
/// capture is X's, G-7), and every win found below a position that is then lost is
/// forgotten, so the wins kept are a set X never has to leave.
struct Search<'a> {
    game: &'a LocalGame,
    owed: &'a [u32],
    table: FxHashMap<Key, bool>,
    on_path: FxHashSet<Key>,
    wins_found: Vec<Key>,
    positions: u64,
    budget: u64,
    /// Positions with Y to move on the search path, and for each such depth its killers.
    depth: usize,
    killers: Vec<Killers>,
}

/// The plays (bits) that last decided a position at one depth of the search (switch
/// `local-game-killer`): X's answer that last won there, Y's play that last refuted X there.
#[derive(Clone, Copy, Default)]
struct Killers {
    x: u32,
    y: u32,
}

/// The points of `mask`, in increasing order.
fn points(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

impl Search<'_> {
    /// Whether X wins from `key` with Y to move; None when the budget ran out.
    fn wins(&mut self, key: Key) -> Option<bool> {
        if let Some(&known) = self.table.get(&key) {
            return Some(known);
        }
        if self.on_path.contains(&key) {
            return Some(true);
        }
        if self.positions >= self.budget {
            return None;
        }
        self.positions += 1;
        let game = self.game;
        let (x, y, free) = key;
        if !game.owed_liberties_hold(x, y, self.owed) {
            self.table.insert(key, false);
            return Some(false);
        }
        if game.sealed_regions_hold(x, y, self.owed) {
            self.table.insert(key, true);
            return Some(true);
        }
        self.on_path.insert(key);
        self.depth += 1;
        let mark = self.wins_found.len();
        let mut won = true;
        if self.killers.len() <= self.depth {
            self.killers.resize(self.depth + 1, Killers::default());
        }
        // Y's plays: the one that last refuted X at this depth first (switch
        // `local-game-killer`), then in the order of the points.
        let empty = game.all() & !x & !y;
        let first = if game.killer {
            self.killers[self.depth].y & empty
        } else {
            0
        };
        for i in points(first).chain(points(empty & !first)) {
            let Some((x1, y1)) = game.y_play(x, y, i) else {
                continue;
            };
            if !self.answers((x1, y1, free), i)? {
                self.killers[self.depth].y = 1 << i;
                won = false;
                break;
            }
        }
        let mut filled = free;
        while won && filled != 0 {
            let f = filled & filled.wrapping_neg();
            filled &= !f;
            won = self.wins((x, y, free & !f))?;
        }
        self.depth -= 1;
        self.on_path.remove(&key);
        if won {
            self.wins_found.push(key);
        } else {
            for lost in self.wins_found.drain(mark..) {
                self.table.remove(&lost);
            }
        }
        self.table.insert(key, won);
        Some(won)
    }

    /// Whether X has a winning answer after Y's play on `i`: a play next to it, else the
    /// play that last won at this depth of the search (the killer, switch
    /// `local-game-killer`), else a pass, else any other play.
    fn answers(&mut self, key: Key, i: usize) -> Option<bool> {
        let game = self.game;
        let (x, y, _) = key;
        let empty = game.all() & !x & !y;
        let near = game.next[i] & empty;
        let killer = if game.killer {
            self.killers[self.depth].x & empty & !near
        } else {
            0
        };
        if self.some_play_wins(key, near)? || self.some_play_wins(key, killer)? || self.wins(key)? {
            return Some(true);
        }
        self.some_play_wins(key, empty & !near & !killer)
    }

    /// Whether an X play on one of the points `candidates` wins.
    fn some_play_wins(&mut self, (x, y, free): Key, candidates: u32) -> Option<bool> {
        let game = self.game;
        let mut rest = candidates;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if let Some((x2, y2)) = game.x_play(x, y, j, free) {
                if self.wins((x2, y2, free))? {
                    self.killers[self.depth].x = 1 << j;
                    return Some(true);
                }
            }
        }
        Some(false)
    }
}
