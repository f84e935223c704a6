//! What a replay found, in the words every part of the runner shares: the moves, the final
//! position, and each ruleset family's results (NAJ, J2003, LJR, VJR). The families fill
//! their part; the dispatch above them (`dispatch`) puts the parts together in a [`Trace`].

use crate::engine::{Answer, Cycle, Illegal, Move, Prisoners, Score};
use crate::geometry::{Colour, Point, Position};
use crate::ljr::{ControlAnswer, Situation, Turn, TurnDone};
use crate::procedure::ljr::LjrScore;
use crate::procedure::naj::Comparison;
use crate::vjr::{VjrAssessment, VjrTerritory};

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
    /// The long cycle that ended the alternation (NAJN, a custom long-cycle ending).
    pub cycle: Option<Cycle>,
    /// What the family's text defines after the moves.
    pub family: FamilyTrace,
}

/// What a replay found beyond the moves: one variant per family ([`crate::rules::Family`]),
/// as the check's [`crate::parse::case::FamilyCheck`]. Every dispatch over it is an
/// exhaustive `match`.
#[derive(Clone, Debug, PartialEq)]
pub enum FamilyTrace {
    /// Play-only rulesets: the moves, the final position and the area score say it all.
    Play,
    /// NAJ: analyses, control, immortality and scores.
    Naj(NajTrace),
    /// J2003: long-cycle result, or the analysis and score of the final position.
    J2003(J2003Trace),
    /// LJR: the turns, the final situation, control and score.
    Ljr(LjrTrace),
    /// VJR: the status assessment, territory and score of the final position.
    Vjr(VjrTrace),
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

/// One replayed NAJ analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisTrace {
    pub steps: Vec<StepTrace>,
    pub end: Position,
    pub over: bool,
    /// Control of the analysing player (N-18/N-19), or the budget ran out.
    pub control: Answer<Vec<bool>>,
}

/// NAJ scoring of a check (naj.md N-21 ... N-24).
#[derive(Clone, Debug, PartialEq)]
pub struct NajTrace {
    /// The final-position (the position at the end of the alternation).
    pub final_position: Position,
    pub black_analysis: Option<AnalysisTrace>,
    pub white_analysis: Option<AnalysisTrace>,
    pub black_score: Option<i64>,
    pub white_score: Option<i64>,
    pub prisoner_difference: i64,
    pub score: Option<f64>,
    pub result: Option<String>,
    /// The claimed optimal values of the black- and white-analysis (expect
    /// `optimal-black-score` / `optimal-white-score`), compared by the solver.
    pub optimal: [Option<Answer<Comparison>>; 2],
    /// N-17 immortality of Black and White in the final position, when the check asks.
    pub immortal: [Option<Answer<Vec<bool>>>; 2],
}

/// J2003 result of a check (j2003.md J-18, J-52, J-64, J-65).
#[derive(Clone, Debug, PartialEq)]
pub struct J2003Trace {
    /// Some ending pass could not be judged (J-19) within the budget.
    pub pass_undetermined: bool,
    /// The long cycle's difference (white minus black stones removed in it), if one ended
    /// the alternation.
    pub cycle_difference: Option<i64>,
    /// The analysis of the final position (when the alternation ended by passes and the
    /// check asks for statuses or a score).
    pub analysis: Option<crate::status_game::Analysis>,
    pub prisoner_difference: i64,
    pub score: Option<f64>,
    pub result: Option<String>,
    /// States (or nodes) the engine's solver visited over every analysis of the replay.
    pub explored: u64,
}

impl NajTrace {
    /// An analysis's control, an immortality test or an optimal value is undetermined.
    pub fn is_undetermined(&self) -> bool {
        let undetermined = |a: &Answer<Vec<bool>>| matches!(a, Answer::Undetermined(_));
        [&self.black_analysis, &self.white_analysis]
            .into_iter()
            .flatten()
            .any(|a| undetermined(&a.control))
            || self.immortal.iter().flatten().any(undetermined)
            || self
                .optimal
                .iter()
                .flatten()
                .any(|a| matches!(a, Answer::Undetermined(_)))
    }
}

impl J2003Trace {
    /// An ending pass (J-19) or a status of the analysis is undetermined.
    pub fn is_undetermined(&self) -> bool {
        self.pass_undetermined || self.analysis.as_ref().is_some_and(|a| !a.is_decided())
    }
}

/// One replayed turn.
#[derive(Clone, Debug, PartialEq)]
pub struct LjrStepTrace {
    pub index: usize,
    pub player: Colour,
    pub text: String,
    pub turn: Turn,
    pub result: Result<TurnDone, Illegal>,
    pub position: Position,
    pub captives: Prisoners,
    pub permanently_prohibited: Vec<Point>,
}

/// What a replay of an LJR check found.
#[derive(Clone, Debug, PartialEq)]
pub struct LjrTrace {
    pub steps: Vec<LjrStepTrace>,
    pub position: Position,
    pub situation: Situation,
    pub captives: Prisoners,
    pub game_over: bool,
    /// Black's and White's control by the two-eye test, when the check asks for it.
    pub control: Option<[ControlAnswer; 2]>,
    /// The same by disputes.
    pub dispute: Option<[ControlAnswer; 2]>,
    /// L-5 with control by the two-eye test, when every location is decided.
    pub score: Option<LjrScore>,
    /// L-17 counting without disagreement from the check's claims: each player's control
    /// and the stones taken as dead (the same for every engine: no search).
    pub claims: Option<([Vec<bool>; 2], Vec<Point>)>,
}

impl LjrTrace {
    /// Whether a control question the check asked stayed undetermined.
    pub fn is_undetermined(&self) -> bool {
        [&self.control, &self.dispute]
            .into_iter()
            .flatten()
            .any(|m| m.iter().any(|a| !a.is_decided()))
    }
    pub fn explored(&self) -> u64 {
        [&self.control, &self.dispute]
            .into_iter()
            .flatten()
            .flat_map(|m| m.iter().map(|a| a.explored))
            .sum()
    }
}

/// VJR result of a check.
#[derive(Clone, Debug, PartialEq)]
pub struct VjrTrace {
    /// The assessment of the final position (when the alternation ended by two passes, or
    /// the check has no moves, and the check asks for statuses, territory or a score).
    pub assessment: Option<VjrAssessment>,
    /// V-24, V-25, when every status is decided and defined.
    pub territory: Option<VjrTerritory>,
    pub prisoner_difference: i64,
    pub score: Option<f64>,
    pub result: Option<String>,
}

impl VjrTrace {
    pub fn explored(&self) -> u64 {
        self.assessment.as_ref().map(|a| a.explored).unwrap_or(0)
    }

    /// Some status is undetermined within the budget.
    pub fn is_undetermined(&self) -> bool {
        self.assessment
            .as_ref()
            .is_some_and(|a| a.strings.iter().any(|s| s.status.is_none()))
    }
}

impl Trace {
    /// The family's part, when the replay is of that family.
    pub fn naj(&self) -> Option<&NajTrace> {
        match &self.family {
            FamilyTrace::Naj(n) => Some(n),
            _ => None,
        }
    }
    pub fn j2003(&self) -> Option<&J2003Trace> {
        match &self.family {
            FamilyTrace::J2003(j) => Some(j),
            _ => None,
        }
    }
    pub fn ljr(&self) -> Option<&LjrTrace> {
        match &self.family {
            FamilyTrace::Ljr(l) => Some(l),
            _ => None,
        }
    }
    pub fn vjr(&self) -> Option<&VjrTrace> {
        match &self.family {
            FamilyTrace::Vjr(v) => Some(v),
            _ => None,
        }
    }
}
