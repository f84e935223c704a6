//! SOLVE-B3, SOLVE-B8, SOLVE-B10: the transposition table whose entries name the history
//! items their search consulted, and the positions packed into exact keys.

use super::super::value_table::{position_hash, Entry, Found, Mode};
use super::{Key, Searcher, MAX_TABLE};
use crate::engine::{Game, Move};
use crate::geometry::{Cell, Colour, Position};

/// Most positions a table entry may depend on.
const MAX_JUDGED: usize = 1 << 16;

/// A table entry with the history items its search found present (SOLVE-B8).
pub(super) struct Stored {
    pub(super) entry: Entry,
    pub(super) present: Vec<u64>,
}

/// Most points of a board `solve` takes: a position packs into 128 bits.
pub const MAX_POINTS: usize = 64;

/// The position packed two bits a point (0 empty, 1 Black, 2 White): one number per
/// position, equal exactly when the positions are (boards of at most [`MAX_POINTS`]).
pub(super) fn pack(position: &Position) -> u128 {
    position.0.iter().rev().fold(0u128, |acc, c| {
        (acc << 2)
            | match c {
                Cell::Empty => 0,
                Cell::Stone(Colour::Black) => 1,
                Cell::Stone(Colour::White) => 2,
            }
    })
}

/// The union of two sorted sets of history items (`None`: unknown, or more than
/// `MAX_JUDGED`).
pub(super) fn merge(a: Option<Vec<u64>>, b: Option<Vec<u64>>) -> Option<Vec<u64>> {
    let (a, b) = (a?, b?);
    if b.is_empty() {
        return Some(a);
    }
    if a.is_empty() {
        return Some(b);
    }
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let x = a[i].min(b[j]);
        out.push(x);
        i += usize::from(a[i] == x);
        j += usize::from(b[j] == x);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    (out.len() <= MAX_JUDGED).then_some(out)
}

impl Searcher<'_> {
    pub(super) fn free_of_ancestors(&self, judged: &[u64]) -> bool {
        judged.iter().all(|h| !self.ancestors.contains_key(h))
    }

    /// The history item of `position` left by `left_by` (SOLVE-B3, SOLVE-B8): the position
    /// alone, or under situational superko the position with the player who left it.
    pub(super) fn item(&self, position: &Position, left_by: Option<Colour>) -> u64 {
        let c: u64 = match left_by {
            Some(Colour::Black) if self.pair_items => 1,
            Some(Colour::White) if self.pair_items => 2,
            _ => 0,
        };
        if self.geometry.len() <= 30 {
            // Exact: the packed position (60 bits) and the player above it.
            return pack(position) as u64 | c << 60;
        }
        let h = position_hash(position);
        // A bijective mix (odd multiplier) of the position hash and the player.
        (h ^ c.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
    }

    /// Who left the position of `game` at `depth`: nobody at the start (depth 0), else the
    /// player who moved last (by a play or a pass).
    pub(super) fn left_by(&self, game: &dyn Game, depth: usize) -> Option<Colour> {
        (depth > 0).then(|| game.to_move().opponent())
    }

    /// A table entry for `key` usable in the window (alpha, beta) whose search did not
    /// depend on the history before the node.
    pub(super) fn look_up(&mut self, key: &Key, alpha: i64, beta: i64) -> Option<Found> {
        if !self.switches.transpositions {
            return None;
        }
        let Stored { entry: e, present } = self.table.get(key)?;
        if e.settles(alpha, beta)
            && self.free_of_ancestors(&e.judged)
            && present.iter().all(|h| self.ancestors.contains_key(h))
        {
            self.hits += 1;
            let mut found = e.found();
            // The parent's search consulted the present items too (SOLVE-B8).
            found.judged = merge(found.judged, Some(present.clone()));
            return Some(found);
        }
        None
    }

    /// SOLVE-B10: the first move (in `moves` order) whose child's table entry, usable on
    /// this path, already closes the window (`alpha`, `beta`) is moved to the front. The
    /// child's search then finds the same entry; only the order changes.
    pub(super) fn etc_first(&self, game: &dyn Game, moves: &mut Vec<Move>, alpha: i64, beta: i64) {
        let maximising = game.to_move() == Colour::Black;
        let found = moves.iter().position(|&mv| {
            if game.legality(mv).is_err() {
                return false;
            }
            let mut child = game.fork();
            if child.play(mv).is_err() || child.is_over() {
                return false;
            }
            let key = Key {
                position: pack(&child.position()),
                to_move: child.to_move(),
                passes: child.consecutive_passes(),
            };
            let Some(Stored { entry: e, present }) = self.table.get(&key) else {
                return false;
            };
            let closes = if maximising {
                e.settles(beta - 1, beta) && e.value >= beta
            } else {
                e.settles(alpha, alpha + 1) && e.value <= alpha
            };
            closes
                && self.free_of_ancestors(&e.judged)
                && present.iter().all(|h| self.ancestors.contains_key(h))
        });
        if let Some(i) = found.filter(|&i| i > 0) {
            let mv = moves.remove(i);
            moves.insert(0, mv);
        }
    }

    /// Stores a node's result, only if its search did not depend on the history before the
    /// node, and past a horizon only the mode's own bound.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        key: Key,
        value: i64,
        line: &[Move],
        j: &[u64],
        (alpha0, beta0): (i64, i64),
        cut: bool,
        mode: Mode,
    ) {
        // SOLVE-B8: the items found in the history must be found there again on reuse;
        // SOLVE-B3: without it, none may be there.
        let (present, absent): (Vec<u64>, Vec<u64>) =
            j.iter().partition(|h| self.ancestors.contains_key(h));
        if !present.is_empty() && !self.switches.history_match {
            self.refused += 1;
            return;
        }
        if self.table.len() < MAX_TABLE || self.table.contains_key(&key) {
            if let Some(entry) = Entry::of_result(value, line, &absent, (alpha0, beta0), cut, mode)
            {
                self.table.insert(key, Stored { entry, present });
            }
        }
    }
}
