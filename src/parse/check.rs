//! A check ready to run: the resolved form of a case file's check (moves as points, diagrams
//! as positions, expectations per ruleset family), what the runner replays.

use super::case_file::CaseFile;
use crate::engine::{Cycle, Illegal, Prisoners, Start};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::rules::{Rules, RulesetId};

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

#[derive(Clone, Debug, PartialEq, Default)]
pub struct FinalChecks {
    pub position: Option<Position>,
    pub prisoners: Option<Prisoners>,
    pub black: Option<u32>,
    pub white: Option<u32>,
    pub score: Option<f64>,
    pub result: Option<String>,
    pub game_over: Option<bool>,
    pub to_move: Option<Colour>,
    pub black_control: Option<Vec<bool>>,
    pub white_control: Option<Vec<bool>>,
    pub black_score: Option<i64>,
    pub white_score: Option<i64>,
    pub prisoner_difference: Option<i64>,
    pub cycle: Option<Cycle>,
    pub immortal_black: Option<Vec<bool>>,
    pub immortal_white: Option<Vec<bool>>,
    /// Claimed values of the black- and white-analysis under optimal play.
    pub optimal_scores: [Option<i64>; 2],
    /// J2003 statuses: (a point of the string, status, direct ko stone).
    pub j2003_strings: Vec<(Point, crate::status_game::Status, Option<bool>)>,
    /// VJR statuses and answers of final strings.
    pub vjr_strings: Vec<super::case_vjr::VjrStringExpect>,
    /// VJR territory per point.
    pub vjr_territory: Option<Vec<Option<Colour>>>,
    /// Unmarked cells of the black / white control diagrams: the final-position content.
    pub control_content: [Option<Vec<Option<Cell>>>; 2],
    /// Unmarked cells of the immortal diagrams: the content of the tested position.
    pub immortal_content: [Option<Vec<Option<Cell>>>; 2],
}

/// An analysis ready to replay.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub steps: Vec<Step>,
    /// The expected position at its end.
    pub end: Option<Position>,
}

/// A check ready to run.
#[derive(Clone, Debug)]
pub struct Check {
    pub name: String,
    pub ruleset: RulesetId,
    /// `None` when the ruleset is not implemented yet (the check is ignored).
    pub rules: Option<Rules>,
    pub geometry: Geometry,
    pub start: Start,
    pub komi: f64,
    pub steps: Vec<Step>,
    pub expect: FinalChecks,
    /// NAJ black-analysis (White opens) and white-analysis (Black opens).
    pub black_analysis: Option<Analysis>,
    pub white_analysis: Option<Analysis>,
    /// Nodes a search may explore (the reference's immortality test).
    pub budget: u64,
    /// The budget of a solver per question (NAJ: game states plus immortality-test positions
    /// per claim, naj-solver.md SOLVE-5; J2003, VJR: nodes or states per status question).
    pub solver_budget: u64,
    /// The reference's solver budget (`reference-solver-budget`, default `solver_budget`);
    /// see [`Check::for_engine`].
    pub reference_solver_budget: u64,
    pub has_discrepancy: bool,
    /// Line of the file where the check starts.
    pub line: usize,
    /// LJR: the turns and expectations (the fields above that are not LJR's stay empty).
    pub ljr: Option<super::case_ljr::LjrCheck>,
    /// VJR: which description of independent life the assessment uses (VP-1).
    pub independent_life: crate::vjr::IndependentLife,
    /// VJR: which infinite variations V-17 judges (VP-2).
    pub long_cycles: crate::vjr::LongCycles,
}

impl Check {
    /// The check as the reference engine runs it: with its own solver budget
    /// (`reference-solver-budget`), the rest unchanged.
    pub fn for_reference(&self) -> std::borrow::Cow<'_, Check> {
        if self.reference_solver_budget == self.solver_budget {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut c = self.clone();
        c.solver_budget = self.reference_solver_budget;
        std::borrow::Cow::Owned(c)
    }
}

/// A loaded case file.
#[derive(Clone, Debug)]
pub struct Case {
    pub path: String,
    pub file: CaseFile,
    pub checks: Vec<Check>,
}
