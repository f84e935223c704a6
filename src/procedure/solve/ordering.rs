//! SOLVE-B6, SOLVE-B9: the order in which a node's plays are tried. Ordering never changes a
//! minimax value, only how soon the window closes.

use super::Switches;
use crate::geometry::{Colour, Geometry};

/// Killer plays per depth and the history-heuristic score per (player, point) (SOLVE-B9).
pub(super) struct Heuristics {
    killers: Vec<[Option<usize>; 2]>,
    history: [Vec<u64>; 2],
    use_killers: bool,
    use_history: bool,
}

fn side(c: Colour) -> usize {
    match c {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

impl Heuristics {
    pub(super) fn new(geometry: &Geometry, switches: Switches) -> Heuristics {
        // Before any cut-off, the points with more neighbours first.
        let prior: Vec<u64> = geometry
            .points()
            .map(|p| geometry.neighbours(p).len() as u64)
            .collect();
        Heuristics {
            killers: Vec::new(),
            history: [prior.clone(), prior],
            use_killers: switches.killers,
            use_history: switches.history_heuristic,
        }
    }

    /// Orders `plays` (points, first in board order): the hint first (SOLVE-B6), then this
    /// depth's killers, then by history score, ties in board order (SOLVE-B9).
    pub(super) fn order(
        &self,
        plays: &mut [usize],
        hint: Option<usize>,
        depth: usize,
        player: Colour,
    ) {
        let killers = match (self.use_killers, self.killers.get(depth)) {
            (true, Some(k)) => *k,
            _ => [None, None],
        };
        let history = &self.history[side(player)];
        let use_history = self.use_history;
        plays.sort_by_key(|&p| {
            let rank = if Some(p) == hint {
                0
            } else if Some(p) == killers[0] {
                1
            } else if Some(p) == killers[1] {
                2
            } else {
                3
            };
            let score = if use_history { history[p] } else { 0 };
            (rank, std::cmp::Reverse(score))
        });
    }

    /// `player`'s play at `point` closed the window at `depth` (`cut`) or was the best of a
    /// node with `remaining` plies to its horizon.
    pub(super) fn reward(
        &mut self,
        point: usize,
        depth: usize,
        remaining: usize,
        player: Colour,
        cut: bool,
    ) {
        if self.use_history {
            let r = remaining.min(24) as u64;
            let h = &mut self.history[side(player)][point];
            *h = h.saturating_add(r * r + 1);
        }
        if self.use_killers && cut {
            if self.killers.len() <= depth {
                self.killers.resize(depth + 1, [None, None]);
            }
            let k = &mut self.killers[depth];
            if k[0] != Some(point) {
                k[1] = k[0];
                k[0] = Some(point);
            }
        }
    }
}
