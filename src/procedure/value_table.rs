//! The vocabulary of the value searches with a history-checked transposition table, shared
//! by the NAJ analyses (`naj.rs`, spec naj-solver.md SOLVE-3) and the whole-board solver
//! (`solve.rs`, spec solve.md SOLVE-B3): what a searched node found and what the table keeps
//! of it. Each search keeps its own key (the state apart from the history it may consult).

use crate::engine::Move;
use crate::geometry::Position;

/// What a stored value is of the true value: equal, at least, at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// Which side the horizon nodes count against (naj-solver.md SOLVE-4, solve.md SOLVE-B7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Against the maximizing side (the analysing player; Black in `solve`): a result at or
    /// above beta is a lower bound of the true value.
    Pessimistic,
    /// For it (SOLVE-2's bound; White's in `solve`): a result at or below alpha is an upper
    /// bound.
    Optimistic,
}

/// An entry of the transposition table.
pub(super) struct Entry {
    pub(super) value: i64,
    pub(super) bound: Bound,
    pub(super) line: Vec<Move>,
    /// Hashes of every position whose presence in the history the search consulted; the
    /// entry may be reused where none of them is on the current path.
    pub(super) judged: Vec<u64>,
}

impl Entry {
    /// Whether the stored value settles a node searched in the window (`alpha`, `beta`):
    /// exact, or a bound beyond the window (SOLVE-3, SOLVE-B3). The history check is the
    /// caller's.
    pub(super) fn settles(&self, alpha: i64, beta: i64) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.value >= beta,
            Bound::Upper => self.value <= alpha,
        }
    }

    /// The entry a node's result makes, searched in the window (`alpha0`, `beta0`): `None`
    /// when it is no fact of the true game (past a horizon, `cut`, only the bound of the
    /// search's mode is: naj-solver.md SOLVE-4, solve.md SOLVE-B7). The history check is the
    /// caller's.
    pub(super) fn of_result(
        value: i64,
        line: &[Move],
        judged: &[u64],
        (alpha0, beta0): (i64, i64),
        cut: bool,
        mode: Mode,
    ) -> Option<Entry> {
        let bound = if value <= alpha0 {
            Bound::Upper
        } else if value >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let fact = !cut
            || (bound == Bound::Lower && mode == Mode::Pessimistic)
            || (bound == Bound::Upper && mode == Mode::Optimistic);
        fact.then(|| Entry {
            value,
            bound,
            line: line.to_vec(),
            judged: judged.to_vec(),
        })
    }

    /// The entry as a node's result.
    pub(super) fn found(&self) -> Found {
        Found {
            value: self.value,
            line: self.line.clone(),
            judged: Some(self.judged.clone()),
            cut: false,
        }
    }
}

/// A searched node: its value, a principal line, and the positions whose presence in the
/// history its search consulted (`None`: too many to keep, or the search relied on
/// something else of the history, such as its symmetry).
pub(super) struct Found {
    pub(super) value: i64,
    pub(super) line: Vec<Move>,
    pub(super) judged: Option<Vec<u64>>,
    /// The search met its horizon below the node (naj-solver.md SOLVE-4, solve.md SOLVE-B7): then
    /// only the bound its mode proves is known of the true value.
    pub(super) cut: bool,
}

impl Found {
    /// Settled by a bound or the end: no play was judged.
    pub(super) fn settled(value: i64) -> Found {
        Found {
            value,
            line: Vec::new(),
            judged: Some(Vec::new()),
            cut: false,
        }
    }
}

/// The hash of a position the table's `judged` lists hold.
pub(super) fn position_hash(p: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    p.hash(&mut h);
    h.finish()
}

/// One child's result taken into an alpha-beta node (fail-soft): `best` keeps the best value
/// for the player to move with its line (the move, then the child's line), and the window
/// narrows. True when the window is closed (a cut-off: the other children need no search).
pub(super) fn take_child(
    best: &mut Option<(i64, Vec<Move>)>,
    mv: Move,
    value: i64,
    mut line: Vec<Move>,
    maximising: bool,
    alpha: &mut i64,
    beta: &mut i64,
) -> bool {
    let better = match best {
        None => true,
        Some((b, _)) => {
            if maximising {
                value > *b
            } else {
                value < *b
            }
        }
    };
    if better {
        line.insert(0, mv);
        *best = Some((value, line));
    }
    let b = best.as_ref().map(|(v, _)| *v).unwrap_or(0);
    if maximising {
        *alpha = (*alpha).max(b);
    } else {
        *beta = (*beta).min(b);
    }
    *alpha >= *beta
}
