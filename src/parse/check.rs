//! A check ready to run: the resolved form of a case file's check (moves as points, diagrams
//! as positions, expectations per ruleset family), what the runner replays.

use super::case_file::CaseFile;
pub use super::step::{Analysis, Step, StepExpect, Target};
use crate::engine::{Cycle, Prisoners, Start};
use crate::geometry::{Colour, Geometry, Position};
use crate::rules::{Family, Rules, RulesetId};

/// What a check expects at its end, in the words every family shares: the final position,
/// the prisoners, the score and result, whether the game is over and who is to move, the
/// long cycle that ended it. What a family asks beyond this is in [`FamilyCheck`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct FinalChecks {
    pub position: Option<Position>,
    pub prisoners: Option<Prisoners>,
    pub score: Option<f64>,
    pub result: Option<String>,
    pub game_over: Option<bool>,
    pub to_move: Option<Colour>,
    pub cycle: Option<Cycle>,
    /// Black's prisoners minus White's at the end (NAJ, J2003, VJR scores).
    pub prisoner_difference: Option<i64>,
}

/// What a check asks of its ruleset's family: one variant per family ([`Family`]), each
/// defined in its family's module. Every dispatch over it is an exhaustive `match`.
// One per check of a case: the size of the largest variant (LJR's turns and board) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum FamilyCheck {
    Play(PlayCheck),
    Naj(super::case_naj::NajCheck),
    J2003(super::case_j2003::J2003Check),
    Ljr(super::case_ljr::LjrCheck),
    Vjr(super::case_vjr::VjrCheck),
}

impl FamilyCheck {
    pub fn family(&self) -> Family {
        match self {
            FamilyCheck::Play(_) => Family::Play,
            FamilyCheck::Naj(_) => Family::Naj,
            FamilyCheck::J2003(_) => Family::J2003,
            FamilyCheck::Ljr(_) => Family::Ljr,
            FamilyCheck::Vjr(_) => Family::Vjr,
        }
    }
}

/// The play-only rulesets' part of a check: the area score's counts (TT-9).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayCheck {
    pub black: Option<u32>,
    pub white: Option<u32>,
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
    /// What the check asks of its ruleset's family.
    pub family: FamilyCheck,
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
}

impl Check {
    pub fn family(&self) -> Family {
        self.family.family()
    }
    /// The family's part, when the check is of that family.
    pub fn naj(&self) -> Option<&super::case_naj::NajCheck> {
        match &self.family {
            FamilyCheck::Naj(n) => Some(n),
            _ => None,
        }
    }
    pub fn j2003(&self) -> Option<&super::case_j2003::J2003Check> {
        match &self.family {
            FamilyCheck::J2003(j) => Some(j),
            _ => None,
        }
    }
    pub fn ljr(&self) -> Option<&super::case_ljr::LjrCheck> {
        match &self.family {
            FamilyCheck::Ljr(l) => Some(l),
            _ => None,
        }
    }
    pub fn vjr(&self) -> Option<&super::case_vjr::VjrCheck> {
        match &self.family {
            FamilyCheck::Vjr(v) => Some(v),
            _ => None,
        }
    }
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
