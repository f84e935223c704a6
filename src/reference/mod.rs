//! The reference implementation: every clause of `spec/` followed literally.
//!
//! A plain vector of points, reach by path search as Tromp-Taylor defines it, history as a
//! list of whole positions compared by equality. No hashing, no incremental state. It uses
//! nothing of [`crate::optimized`]; it shares only the geometry and rule types.

pub mod j2003;
pub mod ko;
pub mod ljr;
pub mod naj;
pub mod play;
pub mod tromp_taylor;
pub mod vjr;

use crate::engine::Spent;
use crate::engine::{
    Answer, Cycle, Engine, Game, Illegal, Move, Played, Prisoners, Score, Start, Unsupported,
};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::rules::{Rules, Scoring};
use std::sync::Arc;

/// Stack of the thread a deep literal search runs on (`j2003`, `vjr`).
const SEARCH_STACK: usize = 256 << 20;

/// Run the literal search `f` on a thread with a big stack (the searches recurse once per
/// move of a line and bound the line's length); `lost` if the thread cannot be started or
/// panics.
pub(crate) fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send, lost: T) -> T {
    let deadline = crate::deadline::current();
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(SEARCH_STACK)
            .spawn_scoped(scope, move || crate::deadline::on_thread(deadline, f))
            .ok()
            .and_then(|h| h.join().ok())
            .unwrap_or(lost)
    })
}

/// The reference engine. It supports every geometry and every rule parameter.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

/// An answer of the immortality search with the positions it explored (decided or not).
fn counted(found: Result<(Vec<bool>, u64), u64>) -> (Answer<Vec<bool>>, u64) {
    match found {
        Ok((v, explored)) => (Answer::Decided(v), explored),
        Err(explored) => (Answer::Undetermined(Spent { explored }), explored),
    }
}

impl Engine for Reference {
    fn name(&self) -> String {
        "reference".to_string()
    }

    fn to_shared(&self) -> std::sync::Arc<dyn Engine> {
        std::sync::Arc::new(*self)
    }

    fn start(
        &self,
        geometry: &Geometry,
        rules: &Rules,
        start: &Start,
    ) -> Result<Box<dyn Game>, Unsupported> {
        if let Err(e) = rules.validate() {
            return Err(Unsupported {
                engine: self.name(),
                what: e,
            });
        }
        Ok(Box::new(RefGame::new(
            Arc::new(geometry.clone()),
            rules.clone(),
            start,
        )))
    }
    /// Every colouring in turn (PLAY-3), on any board.
    fn legal_positions(&self, geometry: &Geometry) -> Result<u64, Unsupported> {
        Ok(play::count_legal_positions(geometry))
    }
    fn naj(&self) -> Result<&dyn crate::engine::NajQuestions, Unsupported> {
        Ok(self)
    }
    fn j2003(&self) -> Result<&dyn crate::engine::J2003Questions, Unsupported> {
        Ok(self)
    }
    fn vjr(&self) -> Result<&dyn crate::engine::VjrQuestions, Unsupported> {
        Ok(self)
    }
    fn ljr(&self) -> Result<&dyn crate::engine::LjrEngine, Unsupported> {
        Ok(self)
    }
}

impl crate::engine::NajQuestions for Reference {
    /// The exhaustive immortality search (spec naj-solver.md N-17.S) runs on any position: its
    /// budget bounds it, and a search that runs out says `undetermined` (the check shows as
    /// ignored).
    fn immortal_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported> {
        Ok(counted(naj::immortal_explored(
            geometry, position, player, budget,
        )))
    }

    fn control_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported> {
        Ok(counted(naj::control_explored(
            geometry, position, player, budget,
        )))
    }
}

impl crate::engine::J2003Questions for Reference {
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::status_game::StatusCheck,
        budget: u64,
    ) -> Result<Answer<(bool, u64)>, Unsupported> {
        Ok(j2003::force(geometry, position, check, budget))
    }

    fn board_score(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::status_game::Status>],
    ) -> Result<i64, Unsupported> {
        Ok(j2003::score(geometry, position, status).board_score)
    }
}

impl crate::engine::VjrQuestions for Reference {
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrQuestion,
        budget: u64,
    ) -> Result<Answer<(crate::vjr::Outcome, u64)>, Unsupported> {
        Ok(vjr::force(geometry, position, check, budget))
    }

    fn principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrQuestion,
        budget: u64,
    ) -> Result<Option<(crate::vjr::Outcome, Vec<Move>)>, Unsupported> {
        Ok(
            match vjr::force_with_line(geometry, position, check, budget) {
                Answer::Decided((v, _, line)) => Some((v, line)),
                Answer::Undetermined(_) => None,
            },
        )
    }

    fn territory(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::vjr::VjrStatus>],
    ) -> Result<crate::vjr::VjrTerritory, Unsupported> {
        Ok(vjr::territory(geometry, position, status))
    }
}

impl crate::engine::LjrEngine for Reference {
    fn start_turns(
        &self,
        geometry: &Geometry,
        start: &crate::ljr::LjrStart,
    ) -> Result<Box<dyn crate::ljr::LjrGame>, Unsupported> {
        Ok(Box::new(ljr::play::RefLjrGame::new(
            Arc::new(geometry.clone()),
            start,
        )))
    }

    fn control(
        &self,
        geometry: &Geometry,
        query: &crate::ljr::ControlQuery,
    ) -> Result<crate::ljr::ControlAnswer, Unsupported> {
        Ok(ljr::control::control(geometry, query))
    }
}

/// One turn of the history (spec `PLAY-8`).
#[derive(Clone, Debug)]
pub struct Turn {
    pub player: Colour,
    pub mv: Move,
    pub before: Position,
    pub after: Position,
}

/// A move-sequence played by the reference.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub geometry: Arc<Geometry>,
    pub rules: Rules,
    pub start: Position,
    /// The start: position, player to move, handicap (spec `PLAY-7`).
    pub setup: Start,
    pub position: Position,
    pub history: Vec<Turn>,
    pub prisoners: Prisoners,
    /// Set when a long cycle ended the sequence (naj.md N-24).
    pub cycle: Option<Cycle>,
}

impl RefGame {
    pub fn new(geometry: Arc<Geometry>, rules: Rules, start: &Start) -> RefGame {
        RefGame {
            geometry,
            rules,
            start: start.position.clone(),
            setup: start.clone(),
            position: start.position.clone(),
            history: Vec::new(),
            prisoners: start.prisoners,
            cycle: None,
        }
    }

    /// Spec `PLAY-10`: the number of passes at the end of the history.
    fn trailing_passes(&self) -> u32 {
        self.history
            .iter()
            .rev()
            .take_while(|t| t.mv == Move::Pass)
            .count() as u32
    }

    /// Spec `PLAY-9`: the legality of `mv` and, for a legal play, its result.
    fn judge(&self, mv: Move) -> Result<(Position, Vec<Point>), Illegal> {
        if self.trailing_passes() >= self.rules.game_end_passes || self.cycle.is_some() {
            return Err(Illegal::GameOver);
        }
        let player = self.to_move();
        match mv {
            Move::Pass => Ok((self.position.clone(), Vec::new())),
            Move::KoPass => Err(Illegal::KoPassUnavailable),
            Move::Play(p) => {
                if self.position.get(p) != Cell::Empty {
                    return Err(Illegal::Occupied);
                }
                let outcome = play::play(
                    &self.geometry,
                    &self.position,
                    p,
                    player,
                    self.rules.capture_order,
                );
                if play::is_forbidden_suicide(&outcome, p, self.rules.suicide) {
                    return Err(Illegal::Suicide);
                }
                ko::check(self, player, &outcome.after)?;
                let mut removed = outcome.removed_opponent;
                removed.extend(outcome.removed_own);
                removed.sort_unstable();
                Ok((outcome.after, removed))
            }
        }
    }
}

impl Game for RefGame {
    fn position(&self) -> Position {
        self.position.clone()
    }
    fn cell(&self, p: Point) -> Cell {
        self.position.get(p)
    }
    fn to_move(&self) -> Colour {
        self.setup.player_of_turn(self.history.len())
    }
    fn prisoners(&self) -> Prisoners {
        self.prisoners
    }
    fn consecutive_passes(&self) -> u32 {
        self.trailing_passes()
    }
    fn is_over(&self) -> bool {
        self.trailing_passes() >= self.rules.game_end_passes || self.cycle.is_some()
    }
    fn cycle(&self) -> Option<Cycle> {
        self.cycle
    }
    fn legality(&self, mv: Move) -> Result<(), Illegal> {
        self.judge(mv).map(|_| ())
    }
    fn play(&mut self, mv: Move) -> Result<Played, Illegal> {
        let (after, removed) = self.judge(mv)?;
        // Spec PLAY-11: prisoners are the removed stones of each colour.
        for &p in &removed {
            match self.position.get(p) {
                Cell::Stone(Colour::White) => self.prisoners.black += 1,
                Cell::Stone(Colour::Black) => self.prisoners.white += 1,
                Cell::Empty => {} // the stone just played and removed by suicide
            }
        }
        let player = self.to_move();
        if let Move::Play(p) = mv {
            if removed.contains(&p) {
                // One's own stone removed by its own play counts as removed too.
                match player {
                    Colour::Black => self.prisoners.white += 1,
                    Colour::White => self.prisoners.black += 1,
                }
            }
        }
        // naj.md N-24: a play recreating an earlier position (the latest one) ends the
        // sequence. Positions: 0 = the start, i = after turn i.
        if self.rules.no_result_on_cycle && matches!(mv, Move::Play(_)) {
            let n = self.history.len() + 1;
            let earlier = std::iter::once(&self.start).chain(self.history.iter().map(|t| &t.after));
            if let Some(j) = earlier
                .enumerate()
                .filter(|(_, p)| **p == after)
                .map(|(j, _)| j)
                .last()
            {
                self.cycle = Some(Cycle {
                    start: j,
                    length: n - j,
                });
            }
        }
        self.history.push(Turn {
            player,
            mv,
            before: self.position.clone(),
            after: after.clone(),
        });
        self.position = after;
        Ok(Played { removed })
    }
    fn fork(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn score(&self, komi: f64) -> Option<Score> {
        match self.rules.scoring {
            Scoring::None => None,
            s => {
                let (b, w) = tromp_taylor::area_points(&self.geometry, &self.position, s);
                Some(Score::new(b, w, komi))
            }
        }
    }

    fn area_owners(&self) -> Option<Vec<[bool; 2]>> {
        match self.rules.scoring {
            Scoring::None => None,
            s => Some(tromp_taylor::area_owners(&self.geometry, &self.position, s)),
        }
    }
}
