//! A move of a check ready to replay, and NAJ's analyses (move-sequences of their own):
//! the vocabulary `check` and the families' parts of a check share.

use crate::engine::{Illegal, Prisoners};
use crate::geometry::{Colour, Point, Position};

/// A move ready to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The written text, for messages.
    pub text: String,
    /// The player the text names, if any.
    pub player: Option<Colour>,
    pub target: Target,
    pub expect: StepExpect,
    /// Line of the file where the move is written.
    pub line: usize,
    /// The step's `note` (free text; `export` writes it as the move's comment).
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Point(Point),
    /// A label naming several points: the one where the move is legal is meant.
    AnyOf(char, Vec<Point>),
    Pass,
    KoPass,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct StepExpect {
    pub legal: bool,
    pub reason: Option<Illegal>,
    pub removed_count: Option<u32>,
    pub removed_points: Option<Vec<Point>>,
    pub position: Option<Position>,
    pub prisoners: Option<Prisoners>,
}

/// An analysis ready to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub steps: Vec<Step>,
    /// The expected position at its end.
    pub end: Option<Position>,
}
