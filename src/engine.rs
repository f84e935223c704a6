//! The one interface both implementations answer through.

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::rules::Rules;
use serde::Serialize;

pub use crate::rules::{Illegal, Prisoners};

/// A turn's choice (spec `PLAY-7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
    KoPass,
}

/// What a legal move did.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Played {
    /// Points emptied by the move, in increasing order (captures and suicide alike).
    pub removed: Vec<Point>,
}

/// Area points, score and result (spec `PLAY-12`, `PLAY-13`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    pub black: u32,
    pub white: u32,
    pub komi: f64,
    /// Black minus White minus komi.
    pub score: f64,
    pub result: String,
}

impl Score {
    pub fn new(black: u32, white: u32, komi: f64) -> Score {
        let score = black as f64 - white as f64 - komi;
        Score {
            black,
            white,
            komi,
            score,
            result: result_text(score),
        }
    }
}

/// `B+x`, `W+x` or `tie` (spec `PLAY-13`).
pub fn result_text(score: f64) -> String {
    if score > 0.0 {
        format!("B+{}", fmt_number(score))
    } else if score < 0.0 {
        format!("W+{}", fmt_number(-score))
    } else {
        "tie".to_string()
    }
}

/// A number without a trailing `.0`.
pub fn fmt_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// Where a move-sequence starts.
#[derive(Clone, Debug)]
pub struct Start {
    pub position: Position,
    pub to_move: Colour,
    /// Black takes this many turns in a row first (spec `PLAY-7`).
    pub handicap: u32,
    pub prisoners: Prisoners,
}

impl Start {
    /// The player of turn `t` (0-based), spec `PLAY-7`: with a handicap, Black for the
    /// first `handicap` turns and then alternation starting with White; otherwise the
    /// player to move at the start, then alternation.
    pub fn player_of_turn(&self, t: usize) -> Colour {
        let h = self.handicap as usize;
        let (first, k) = if h == 0 {
            (self.to_move, t)
        } else if t < h {
            return Colour::Black;
        } else {
            (Colour::White, t - h)
        };
        if k.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    }

    pub fn empty(geometry: &Geometry) -> Start {
        Start {
            position: Position::empty(geometry.len()),
            to_move: Colour::Black,
            handicap: 0,
            prisoners: Prisoners::default(),
        }
    }
}

/// A long cycle that ended a move-sequence (naj.md N-24): the play that made position
/// `start + length` of the history recreated position `start` (0 = the start position).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Cycle {
    pub start: usize,
    pub length: usize,
}

/// Why an engine cannot take a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{engine} does not support {what}")]
pub struct Unsupported {
    pub engine: String,
    pub what: String,
}

/// An answer that a search may not reach within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<T> {
    Decided(T),
    /// The budget ran out after exploring this many nodes.
    Undetermined {
        explored: u64,
    },
}

/// An implementation of the play rules.
pub trait Engine: Send + Sync {
    /// Name used in test names and reports: `reference`, `optimized`, ...
    fn name(&self) -> String;
    /// This engine (its configuration included), to be held by the games it starts: the
    /// game a ruleset starts (`session::RulesetGame`) asks it questions of its own (J-19).
    fn to_shared(&self) -> std::sync::Arc<dyn Engine>;
    /// Start a move-sequence, or say why this engine cannot play it.
    fn start(
        &self,
        geometry: &Geometry,
        rules: &Rules,
        start: &Start,
    ) -> Result<Box<dyn Game>, Unsupported>;
    /// PLAY-3: how many colourings of `geometry` are legal positions (every string has a
    /// liberty), by enumeration.
    fn legal_positions(&self, geometry: &Geometry) -> Result<u64, Unsupported> {
        let _ = geometry;
        Err(Unsupported {
            engine: self.name(),
            what: "counting legal positions".into(),
        })
    }
    /// NAJ N-17: for every point, whether an immortal stone of `player` stands on it.
    /// `budget` bounds a search (nodes); an engine that does not search ignores it.
    fn immortal(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<Answer<Vec<bool>>, Unsupported> {
        Ok(self.immortal_work(geometry, position, player, budget)?.0)
    }
    /// [`Engine::immortal`] with the work the test took: the positions its search explored,
    /// 1 for a test that is no search (Benson's algorithm). A search that spends one budget
    /// over many tests (the NAJ solver, spec naj.md SOLVE-5) counts it.
    fn immortal_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported>;
    /// NAJ N-18/N-19: for every point, whether `player` controls it given `position`, the
    /// position at the end of his analysis.
    fn control(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<Answer<Vec<bool>>, Unsupported> {
        Ok(self.control_work(geometry, position, player, budget)?.0)
    }
    /// [`Engine::control`] with the work its immortality test took, as [`Engine::immortal_work`].
    fn control_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported>;
    /// J2003 (j2003.md G-1 ... G-8): whether the attacker can force the target of `check`
    /// from the final-position `position`, with the states or nodes the solver visited.
    fn j2003_force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::status_game::StatusCheck,
        budget: u64,
    ) -> Result<Answer<(bool, u64)>, Unsupported> {
        let _ = (geometry, position, check, budget);
        Err(Unsupported {
            engine: self.name(),
            what: "J2003 status checks".into(),
        })
    }
    /// J2003: one principal variation of a decided status check (j2003.md S-2): for a
    /// proved "can force", a line of the attacker's winning strategy against the strongest
    /// defence found; for "cannot force", the defender's refutation. `Ok(None)` when the
    /// engine does not produce lines or the check is undetermined within `budget`.
    fn j2003_principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::status_game::StatusCheck,
        budget: u64,
    ) -> Result<Option<(bool, Vec<Move>)>, Unsupported> {
        let _ = (geometry, position, check, budget);
        Ok(None)
    }
    /// J2003 J-54 ... J-64: the board part of the score (territory plus dead opposing stones
    /// on it, Black minus White) of `position`, given each stone's string status.
    fn j2003_board_score(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::status_game::Status>],
    ) -> Result<i64, Unsupported> {
        let _ = (geometry, position, status);
        Err(Unsupported {
            engine: self.name(),
            what: "J2003 scoring".into(),
        })
    }
    /// VJR (spec `vjr.md` V-12 ... V-18): can the check's seeker force its target from the
    /// final position `position`, with the states or nodes the solver visited.
    fn vjr_force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrCheck,
        budget: u64,
    ) -> Result<Answer<(crate::vjr::Outcome, u64)>, Unsupported> {
        let _ = (geometry, position, check, budget);
        Err(Unsupported {
            engine: self.name(),
            what: "VJR status questions".into(),
        })
    }
    /// VJR: one principal variation of a decided question: the seeker's choices against the
    /// other player's best resistance found (`Ok(None)` when the engine gives no lines or
    /// the question is undetermined within `budget`). The line ends with two passes, with
    /// the target, or with a play that repeats an earlier state (an infinite variation).
    fn vjr_principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrCheck,
        budget: u64,
    ) -> Result<Option<(crate::vjr::Outcome, Vec<Move>)>, Unsupported> {
        let _ = (geometry, position, check, budget);
        Ok(None)
    }
    /// VJR V-24 ... V-26: the dead stones removed and the territory of `position`, given
    /// each stone's string status (every status decided and defined).
    fn vjr_territory(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::vjr::VjrStatus>],
    ) -> Result<crate::vjr::VjrTerritory, Unsupported> {
        let _ = (geometry, position, status);
        Err(Unsupported {
            engine: self.name(),
            what: "VJR territory".into(),
        })
    }
    /// LJR (spec `ljr.md` L-1 ... L-13): start a game of turns, or say why this engine
    /// cannot.
    fn ljr_start(
        &self,
        geometry: &Geometry,
        start: &crate::ljr::LjrStart,
    ) -> Result<Box<dyn crate::ljr::LjrGame>, Unsupported> {
        let _ = (geometry, start);
        Err(Unsupported {
            engine: self.name(),
            what: "LJR games".into(),
        })
    }
    /// LJR L-14 ... L-17: which locations the query's player controls.
    fn ljr_control(
        &self,
        geometry: &Geometry,
        query: &crate::ljr::ControlQuery,
    ) -> Result<crate::ljr::ControlAnswer, Unsupported> {
        let _ = (geometry, query);
        Err(Unsupported {
            engine: self.name(),
            what: "LJR control".into(),
        })
    }
}

/// A move-sequence in progress.
pub trait Game {
    fn position(&self) -> Position;
    fn cell(&self, p: Point) -> Cell;
    fn to_move(&self) -> Colour;
    fn prisoners(&self) -> Prisoners;
    /// Number of consecutive passes at the end of the sequence so far.
    fn consecutive_passes(&self) -> u32;
    fn is_over(&self) -> bool;
    /// The long cycle that ended the sequence, under the NAJN no-result module.
    fn cycle(&self) -> Option<Cycle>;
    /// Whether the player to move may make `mv` now.
    fn check(&self, mv: Move) -> Result<(), Illegal>;
    /// Make `mv` for the player to move; an illegal move changes nothing.
    fn play(&mut self, mv: Move) -> Result<Played, Illegal>;
    /// The area score of the position as it stands (spec `PLAY-12`), or `None` when the
    /// rules have no area scoring.
    fn score(&self, komi: f64) -> Option<Score>;
    /// An independent copy of the sequence so far (for searches that try several moves).
    fn fork(&self) -> Box<dyn Game>;
}
