//! The one interface both implementations answer through: the core trait [`Engine`] (play)
//! and one capability per ruleset family, next to it in this folder (`naj`, `j2003`, `vjr`,
//! `ljr`).

mod j2003;
mod ljr;
mod naj;
mod vjr;

pub use j2003::{J2003Questions, LineMove, LinelessProof, PrincipalLine};
pub use ljr::LjrEngine;
pub use naj::NajQuestions;
pub use vjr::VjrQuestions;

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

/// An answer that a search may not reach within its budget: decided, or undetermined with
/// what the search spent. An engine's search says how much it explored ([`Spent`]); the
/// session's door adds which engine, which question and which budget
/// ([`crate::session::Shortfall`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<T, W = Spent> {
    Decided(T),
    Undetermined(W),
}

/// What a search spent before its budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spent {
    /// The nodes (states, positions) explored.
    pub explored: u64,
}

/// An implementation of the play rules: the core every engine has (its name, the games of
/// the shared play model it starts) and one capability per ruleset family that asks
/// questions beyond play (`naj`, `j2003`, `vjr`, `ljr`: the traits of this module's
/// family files). A family an engine does not answer is a value, `Err(Unsupported)`, which
/// the runner shows as ignored.
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
        Err(self.unsupported("counting legal positions"))
    }
    /// NAJ's questions: immortal stones and control (naj.md N-17 ... N-19).
    fn naj(&self) -> Result<&dyn NajQuestions, Unsupported> {
        Err(self.unsupported("NAJ immortality and control"))
    }
    /// J2003's questions: status checks and the board score (j2003.md G-1 ... G-8, J-54).
    fn j2003(&self) -> Result<&dyn J2003Questions, Unsupported> {
        Err(self.unsupported("J2003 status checks"))
    }
    /// VJR's questions: capture and formation, territory (vjr.md V-12 ... V-26).
    fn vjr(&self) -> Result<&dyn VjrQuestions, Unsupported> {
        Err(self.unsupported("VJR status questions"))
    }
    /// LJR's game of turns and its control question (ljr.md L-1 ... L-17).
    fn ljr(&self) -> Result<&dyn LjrEngine, Unsupported> {
        Err(self.unsupported("LJR games"))
    }
    /// The value saying this engine does not answer `what`.
    fn unsupported(&self, what: &str) -> Unsupported {
        Unsupported {
            engine: self.name(),
            what: what.to_string(),
        }
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
    fn legality(&self, mv: Move) -> Result<(), Illegal>;
    /// Make `mv` for the player to move; an illegal move changes nothing.
    fn play(&mut self, mv: Move) -> Result<Played, Illegal>;
    /// The area score of the position as it stands (spec `PLAY-12`), or `None` when the
    /// rules have no area scoring.
    fn score(&self, komi: f64) -> Option<Score>;
    /// Per point, whether the area score counts it for Black and for White (spec
    /// `PLAY-12`: stones and the empty points of regions that count), or `None` when the
    /// rules have no area scoring.
    fn area_owners(&self) -> Option<Vec<[bool; 2]>>;
    /// An independent copy of the sequence so far (for searches that try several moves).
    fn fork(&self) -> Box<dyn Game>;
}
