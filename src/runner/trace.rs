//! What a replay found: the moves, the final position, each ruleset family's results.

use super::j2003::J2003Trace;
use super::naj::NajTrace;
use crate::engine::{Answer, Cycle, Illegal, Move, Prisoners, Score};
use crate::geometry::{Colour, Point, Position};

/// One replayed move.
#[derive(Clone, Debug, PartialEq)]
pub struct StepTrace {
    pub index: usize,
    pub player: Colour,
    pub text: String,
    pub mv: Move,
    /// Removed points, or the reason the move is illegal.
    pub result: Result<Vec<Point>, Illegal>,
    pub position: Position,
    pub prisoners: Prisoners,
}

/// A whole replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub steps: Vec<StepTrace>,
    pub position: Position,
    pub prisoners: Prisoners,
    pub score: Option<Score>,
    pub game_over: bool,
    pub to_move: Colour,
    /// NAJN: the long cycle that ended the alternation.
    pub cycle: Option<Cycle>,
    /// NAJ: analyses, control and scores.
    pub naj: Option<NajTrace>,
    /// N-17 immortality of Black and White in the final position, when the check asks.
    pub immortal: [Option<Answer<Vec<bool>>>; 2],
    /// J2003: long-cycle result, or the analysis and score of the final position.
    pub j2003: Option<J2003Trace>,
    /// LJR: the turns, the final situation, control and score.
    pub ljr: Option<super::ljr::LjrTrace>,
    /// VJR: the status assessment, territory and score of the final position.
    pub vjr: Option<super::vjr::VjrTrace>,
}

/// A difference between what was expected and what was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub what: String,
    pub expected: String,
    pub actual: String,
}

/// Why a replay stopped early: the case does not fit the game (a bug in the case).
#[derive(Clone, Debug, PartialEq)]
pub struct CaseProblem {
    pub step: usize,
    pub message: String,
}
