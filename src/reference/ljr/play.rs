//! LJR turns, literally (L-3 ... L-13): the whole history of situations is kept and compared
//! by equality; liberties come from the path definition of contact (L-13).

use super::board::{liberties, stones_without_liberties};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::{LjrGame, LjrStart, Situation, Turn, TurnDone};
use crate::rules::{Illegal, Prisoners};
use std::collections::BTreeSet;
use std::sync::Arc;

/// LL-6: a situation and every earlier one with the locations used since (the situations
/// shared with the game's history, compared by content).
pub type FutureKey = (Arc<Situation>, BTreeSet<(Arc<Situation>, BTreeSet<Point>)>);

/// A game of LJR turns.
#[derive(Clone, Debug)]
pub struct RefLjrGame {
    geometry: Arc<Geometry>,
    cells: Vec<Cell>,
    to_move: Colour,
    /// L-2: prohibited while no turn has been made (LC-3).
    initially: BTreeSet<Point>,
    /// L-9.3: emptied by a ko capture in the preceding turn.
    ko_emptied: Option<Point>,
    /// L-9.4: used by a removed cycle.
    permanent: BTreeSet<Point>,
    /// LC-2: the preceding turn was a pass made in a situation without temporary prohibition.
    pending_pass: bool,
    over: bool,
    captives: Prisoners,
    /// Turns made so far.
    turns: usize,
    /// Situation `k` is the one after `k` turns; the last is the current one. (Shared, not
    /// copied, between a game and the games after its turns: a search makes one per turn.)
    history: Vec<Arc<Situation>>,
    /// `used[k]`: the locations to which turn `k` added a stone or from which it removed
    /// one (L-7).
    used: Vec<Arc<BTreeSet<Point>>>,
}

/// A legal turn and the state after it, before the history is extended
/// ([`RefLjrGame::legal_attempts`]).
#[derive(Clone, Debug)]
pub struct Attempt {
    pub turn: Turn,
    next: RefLjrGame,
    used: BTreeSet<Point>,
}

impl RefLjrGame {
    pub fn new(geometry: Arc<Geometry>, start: &LjrStart) -> RefLjrGame {
        let mut g = RefLjrGame {
            cells: start.position.0.clone(),
            geometry,
            to_move: start.to_move,
            initially: start.initially_prohibited.iter().copied().collect(),
            ko_emptied: None,
            permanent: start.permanently_prohibited.iter().copied().collect(),
            pending_pass: false,
            over: false,
            captives: start.captives,
            turns: 0,
            history: Vec::new(),
            used: Vec::new(),
        };
        g.history.push(Arc::new(g.current_situation()));
        g
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn turns_made(&self) -> usize {
        self.turns
    }

    /// L-9.2, L-9.3 (LC-3): the temporarily prohibited locations.
    fn temporarily_prohibited(&self) -> BTreeSet<Point> {
        let mut t = BTreeSet::new();
        if self.turns_made() == 0 {
            t.extend(
                self.initially
                    .iter()
                    .filter(|&&p| self.cells[p] == Cell::Empty),
            );
        }
        t.extend(self.ko_emptied);
        t
    }

    /// LC-2.
    fn passes_needed(&self) -> u8 {
        if self.pending_pass {
            1
        } else if self.temporarily_prohibited().is_empty() {
            2
        } else {
            3
        }
    }

    fn current_situation(&self) -> Situation {
        let with = |c: Cell| -> Vec<Point> {
            self.geometry
                .points()
                .filter(|&p| self.cells[p] == c)
                .collect()
        };
        Situation {
            to_move: self.to_move,
            passes_needed: self.passes_needed(),
            black: with(Cell::BLACK),
            white: with(Cell::WHITE),
            temporarily_prohibited: self.temporarily_prohibited().into_iter().collect(),
            permanently_prohibited: self.permanent.iter().copied().collect(),
        }
    }

    /// L-7: the locations used from situation `start` to the current one.
    pub fn used_since(&self, start: usize) -> BTreeSet<Point> {
        self.used[start..]
            .iter()
            .flat_map(|u| u.iter())
            .copied()
            .collect()
    }

    /// LL-6: the future state after `t` turns (what, with the situation, decides the rest of
    /// the game): situation `t`, and each earlier situation with the locations used since it
    /// up to situation `t`.
    pub fn future_key_at(&self, t: usize) -> FutureKey {
        let mut earlier = BTreeSet::new();
        let mut used = BTreeSet::new();
        for k in (0..t).rev() {
            used.extend(self.used[k].iter().copied());
            earlier.insert((self.history[k].clone(), used.clone()));
        }
        (self.history[t].clone(), earlier)
    }

    /// Whether the current future state (LL-6) is the one after an earlier turn of this game:
    /// the same situation, and the same earlier situations with the locations used since
    /// them. (Whole keys are compared only where the situations are the same.)
    pub fn future_state_repeats(&self) -> bool {
        let now = self.turns_made();
        let mut key = None;
        (0..now).any(|t| {
            self.history[t] == self.history[now]
                && *key.get_or_insert_with(|| self.future_key_at(now)) == self.future_key_at(t)
        })
    }

    /// Every legal turn (L-3: each cycle removal allowed, then a pass or a play), in order,
    /// each with the state after it as [`Self::attempt`] gives it; [`Self::after`] makes the
    /// game after one. A search tries each turn once this way.
    pub fn legal_attempts(&self) -> Vec<Attempt> {
        let mut removals: Vec<Option<usize>> = vec![None];
        removals.extend(self.disturbing_cycles().into_iter().map(Some));
        let mut out = Vec::new();
        for remove_cycle in removals {
            for play in std::iter::once(None).chain(self.geometry.points().map(Some)) {
                let turn = Turn { remove_cycle, play };
                if let Ok((next, _, used)) = self.attempt(turn) {
                    out.push(Attempt { turn, next, used });
                }
            }
        }
        out.sort_by_key(|a| a.turn);
        out
    }

    /// The game after `attempt`, one of this game's [`Self::legal_attempts`].
    pub fn after(&self, attempt: Attempt) -> RefLjrGame {
        let mut game = self.clone();
        game.commit(attempt.next, attempt.used);
        game
    }

    /// Make the state `next` (from [`Self::attempt`]) the current one, with the history.
    fn commit(&mut self, next: RefLjrGame, used: BTreeSet<Point>) {
        self.cells = next.cells;
        self.to_move = next.to_move;
        self.ko_emptied = next.ko_emptied;
        self.permanent = next.permanent;
        self.pending_pass = next.pending_pass;
        self.over = next.over;
        self.captives = next.captives;
        self.turns = next.turns;
        self.used.push(Arc::new(used));
        let situation = self.current_situation();
        self.history.push(Arc::new(situation));
    }

    /// Apply `turn` to a copy of the state (without the history) and return it with the
    /// locations the turn used, or why it is illegal.
    fn attempt(&self, turn: Turn) -> Result<(RefLjrGame, TurnDone, BTreeSet<Point>), Illegal> {
        if self.over {
            return Err(Illegal::GameOver);
        }
        let mut next = RefLjrGame {
            geometry: self.geometry.clone(),
            cells: self.cells.clone(),
            to_move: self.to_move,
            initially: BTreeSet::new(),
            ko_emptied: self.ko_emptied,
            permanent: self.permanent.clone(),
            pending_pass: self.pending_pass,
            over: self.over,
            captives: self.captives,
            turns: self.turns,
            history: Vec::new(),
            used: Vec::new(),
        };
        let mut done = TurnDone::default();
        let mut used = BTreeSet::new();
        // L-3 (a), L-7, L-8: remove a disturbing cycle.
        if let Some(start) = turn.remove_cycle {
            if !self.disturbing_cycles().contains(&start) {
                return Err(Illegal::NoDisturbingCycle);
            }
            let cycle_used = self.used_since(start);
            for &p in &cycle_used {
                if let Cell::Stone(c) = next.cells[p] {
                    next.cells[p] = Cell::Empty;
                    done.cycle_removed.push(p);
                    used.insert(p);
                    // L-5: a captive of the stone owner's opponent, whoever removed it.
                    match c {
                        Colour::White => next.captives.black += 1,
                        Colour::Black => next.captives.white += 1,
                    }
                }
            }
            next.permanent.extend(cycle_used);
        }
        // L-3 (b), L-6: play a stone on an unprohibited empty location (L-9, LC-5: after
        // the removal).
        next.ko_emptied = None;
        if let Some(p) = turn.play {
            if p >= next.cells.len() || next.cells[p] != Cell::Empty {
                return Err(Illegal::Occupied);
            }
            if next.permanent.contains(&p) {
                return Err(Illegal::PermanentlyProhibited);
            }
            if self.turns_made() == 0 && self.initially.contains(&p) {
                return Err(Illegal::InitiallyProhibited);
            }
            if self.ko_emptied == Some(p) {
                return Err(Illegal::BasicKo);
            }
            let me = self.to_move;
            next.cells[p] = Cell::Stone(me);
            let g = &*self.geometry;
            let without = stones_without_liberties(g, &next.cells);
            let opposing_without: Vec<Point> = without
                .iter()
                .copied()
                .filter(|&q| next.cells[q] == Cell::Stone(me.opponent()))
                .collect();
            let new_without = without.contains(&p);
            // L-10: suicide.
            if opposing_without.is_empty() && new_without {
                return Err(Illegal::Suicide);
            }
            // L-11: pseudo-suicide.
            if opposing_without.is_empty()
                && liberties(g, &next.cells, p)
                    .iter()
                    .all(|q| next.permanent.contains(q))
            {
                return Err(Illegal::PseudoSuicide);
            }
            // L-12: exactly two stones without liberties, of different colours.
            done.ko_capture = without.len() == 2 && opposing_without.len() == 1 && new_without;
            used.insert(p);
            for &q in &opposing_without {
                next.cells[q] = Cell::Empty;
                used.insert(q);
                match me {
                    Colour::Black => next.captives.black += 1,
                    Colour::White => next.captives.white += 1,
                }
            }
            done.captured = opposing_without.clone();
            if done.ko_capture {
                next.ko_emptied = Some(opposing_without[0]);
            }
        }
        // L-4: a pass made in a situation without temporary prohibition, then the
        // opponent's pass, ends the game.
        if turn.is_pass() {
            if self.pending_pass {
                next.over = true;
            } else {
                next.pending_pass = self.temporarily_prohibited().is_empty();
            }
        } else {
            next.pending_pass = false;
        }
        next.to_move = self.to_move.opponent();
        next.turns += 1;
        Ok((next, done, used))
    }
}

impl LjrGame for RefLjrGame {
    fn position(&self) -> Position {
        Position(self.cells.clone())
    }
    fn to_move(&self) -> Colour {
        self.to_move
    }
    fn captives(&self) -> Prisoners {
        self.captives
    }
    fn situation(&self) -> Situation {
        Situation::clone(&self.history[self.turns_made()])
    }
    fn turns(&self) -> usize {
        self.turns_made()
    }
    fn is_over(&self) -> bool {
        self.over
    }
    /// L-8: every earlier similar situation starts a cycle; it is disturbing when a pass
    /// now would not end the game.
    fn disturbing_cycles(&self) -> Vec<usize> {
        let now = self.turns_made();
        if self.over || self.pending_pass {
            return Vec::new();
        }
        (0..now)
            .filter(|&k| self.history[k] == self.history[now])
            .collect()
    }
    fn legality(&self, turn: Turn) -> Result<(), Illegal> {
        self.attempt(turn).map(|_| ())
    }
    fn play(&mut self, turn: Turn) -> Result<TurnDone, Illegal> {
        let (next, done, used) = self.attempt(turn)?;
        self.commit(next, used);
        Ok(done)
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.legal_attempts().into_iter().map(|a| a.turn).collect()
    }
    fn fork(&self) -> Box<dyn LjrGame> {
        Box::new(self.clone())
    }
}
