//! Technique: the history of situations, hashed. Every earlier situation is kept with the
//! locations used since it (L-7), so the disturbing cycles of the current situation and
//! what removing each would take are found at once. Earlier similar situations are found
//! through an index from the situation's Zobrist hash (switch `ljr-situation-hash`; without
//! it, the whole history is scanned); a hit is always verified part by part (L-8).
//!
//! LL-2: a cycle never spans a removal (each removal makes a location permanently
//! prohibited that the cycle's last play used, so the permanently prohibited set differs),
//! so used sets are kept only for the situations since the last removal.

use super::board::Bits;
use super::turn::Pos;
use crate::geometry::Colour;
use rustc_hash::FxHashMap;

/// The six parts of a situation (LC-1), without the strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sit {
    pub to_move: Colour,
    pub passes: u8,
    pub black: Bits,
    pub white: Bits,
    pub temp: Bits,
    pub perm: Bits,
    pub hash: u64,
}

impl Sit {
    pub fn of(pos: &Pos) -> Sit {
        Sit {
            to_move: pos.to_move,
            passes: pos.passes,
            black: pos.stones.black.clone(),
            white: pos.stones.white.clone(),
            temp: pos.temp.clone(),
            perm: pos.perm.clone(),
            hash: pos.hash,
        }
    }
    /// L-8: the same player to move, passes needed, black, white, temporarily and
    /// permanently prohibited locations.
    pub fn similar_to(&self, pos: &Pos) -> bool {
        self.to_move == pos.to_move
            && self.passes == pos.passes
            && self.black == pos.stones.black
            && self.white == pos.stones.white
            && self.temp == pos.temp
            && self.perm == pos.perm
    }
    /// The same, between two stored situations.
    pub fn same(&self, o: &Sit) -> bool {
        self.to_move == o.to_move
            && self.passes == o.passes
            && self.black == o.black
            && self.white == o.white
            && self.temp == o.temp
            && self.perm == o.perm
    }
}

impl Sit {
    /// The six parts as words (two situations are the same iff their words are).
    fn words_into(&self, out: &mut Vec<u64>) {
        out.clear();
        out.push((self.to_move == Colour::White) as u64 | (self.passes as u64) << 8);
        for b in [&self.black, &self.white, &self.temp, &self.perm] {
            out.extend_from_slice(&b.0);
        }
    }
}

/// Words the numbering of situations ([`Line::push`]) may hold; past them a new situation
/// gets no number ([`UNNUMBERED`]).
const ID_WORDS: usize = 1 << 22;

/// The number of a situation recorded after the numbering was full.
pub const UNNUMBERED: u32 = u32::MAX;

/// One earlier situation of the history.
#[derive(Clone, Debug)]
pub struct Entry {
    pub sit: Sit,
    /// Locations where the turn made in this situation added or removed a stone.
    pub changed: Bits,
    /// Locations used from this situation to the current one (kept since the last
    /// removal only).
    pub used: Bits,
    /// The situation's number on the line (`Line::ids`), or [`UNNUMBERED`].
    pub id: u32,
    since_before: usize,
}

/// The situations before the current one, oldest first (index 0 = the first situation).
#[derive(Clone, Debug)]
pub struct Line {
    entries: Vec<Entry>,
    since: usize,
    index: Option<FxHashMap<u64, Vec<u32>>>,
    /// Every situation the line has recorded (as [`Sit::words_into`] writes it),
    /// numbered in the order first seen, up to [`ID_WORDS`] words. A number stays the
    /// situation's for the life of the line (pops keep it), so two numbered situations
    /// recorded by one line are the same iff their numbers are.
    ids: FxHashMap<Box<[u64]>, u32>,
    id_words: usize,
    scratch: Vec<u64>,
}

impl Line {
    pub fn new(hashed: bool) -> Line {
        Line {
            entries: Vec::new(),
            since: 0,
            index: hashed.then(FxHashMap::default),
            ids: FxHashMap::default(),
            id_words: 0,
            scratch: Vec::new(),
        }
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// The first index after the last removal (earlier situations can start no cycle).
    pub fn since(&self) -> usize {
        self.since
    }
    pub fn entry(&self, k: usize) -> &Entry {
        &self.entries[k]
    }
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Record that the turn made in `pos` changed `changed` (and removed a cycle if
    /// `removal`); `pos` becomes the newest earlier situation.
    pub fn push(&mut self, pos: &Pos, changed: &Bits, removal: bool) {
        for e in &mut self.entries[self.since..] {
            e.used.or_with(changed);
        }
        let k = self.entries.len();
        if let Some(index) = &mut self.index {
            index.entry(pos.hash).or_default().push(k as u32);
        }
        let sit = Sit::of(pos);
        sit.words_into(&mut self.scratch);
        let id = match self.ids.get(&self.scratch[..]) {
            Some(&id) => id,
            None if self.id_words + self.scratch.len() <= ID_WORDS => {
                let id = self.ids.len() as u32;
                self.id_words += self.scratch.len();
                self.ids.insert(self.scratch[..].into(), id);
                id
            }
            None => UNNUMBERED,
        };
        self.entries.push(Entry {
            sit,
            changed: changed.clone(),
            used: changed.clone(),
            id,
            since_before: self.since,
        });
        if removal {
            self.since = self.entries.len();
        }
    }

    /// Undo the last [`Line::push`].
    pub fn pop(&mut self) {
        let Some(e) = self.entries.pop() else {
            return;
        };
        if let Some(index) = &mut self.index {
            if let Some(v) = index.get_mut(&e.sit.hash) {
                v.pop();
                if v.is_empty() {
                    index.remove(&e.sit.hash);
                }
            }
        }
        self.since = e.since_before;
        // Used sets: recompute from the changes, newest first (in place: each is its own
        // change and the used set of the next situation).
        for k in (self.since..self.entries.len()).rev() {
            let (head, tail) = self.entries.split_at_mut(k + 1);
            let e = &mut head[k];
            e.used.clone_from(&e.changed);
            if let Some(next) = tail.first() {
                e.used.or_with(&next.used);
            }
        }
    }

    /// Indices of the earlier situations similar to `pos` (L-8), increasing.
    pub fn similar(&self, pos: &Pos) -> Vec<usize> {
        match &self.index {
            Some(index) => {
                let mut v: Vec<usize> = index
                    .get(&pos.hash)
                    .into_iter()
                    .flatten()
                    .map(|&k| k as usize)
                    .filter(|&k| self.entries[k].sit.similar_to(pos))
                    .collect();
                v.sort_unstable();
                v
            }
            None => (0..self.entries.len())
                .filter(|&k| self.entries[k].sit.similar_to(pos))
                .collect(),
        }
    }
}
