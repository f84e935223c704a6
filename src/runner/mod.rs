//! Runs checks on engines: replay, compare with the expectations, compare engines, report.
//!
//! Three layers, each using only the ones below it (no import cycle, `tests/architecture.rs`):
//! * the common core, ruleset-blind: [`trace`] the words every part shares (a replay's
//!   moves and final position, and each family's trace type), [`replay`] plays a check's
//!   moves on an engine, [`compare`] compares moves and final positions with the check's
//!   expectations and between engines (and the helpers the families compare with);
//! * one module per ruleset family, adding what its text defines after the moves: [`naj`]
//!   (analyses, control, immortality, NAJ scores), [`j2003`] (ending-pass judge, long
//!   cycles, status analysis, score), [`ljr`] (turns with cycle removals, control by the
//!   two-eye test and by disputes, score) and [`vjr`] (status assessment, territory,
//!   score); rulesets that only score by area (Tromp-Taylor, `custom`) need nothing beyond
//!   the core;
//! * above them [`dispatch`], the one module naming every family (`replay_with`,
//!   `compare_expect`, `compare_traces`), and [`schedule`] (many checks on every core);
//!   [`report`] formats a failure, [`files`] finds and names the case files; [`Replays`]
//!   gives a reader's command (`explain`, `export`) every engine's complete replay of a
//!   check, compared once.
//!
//! A new ruleset plugs in as a new family module, its trace type in [`trace`] (a field of
//! [`Trace`]), and a line in each function of [`dispatch`].

mod compare;
mod dispatch;
mod files;
mod ignored;
pub mod j2003;
pub mod ljr;
pub mod naj;
mod replay;
mod replays;
mod report;
mod schedule;
mod trace;
pub mod vjr;

pub use dispatch::{
    compare_expect, compare_traces, is_undetermined, replay, replay_to_judge, undetermined_reason,
};
pub use files::{case_files, load_all, test_name};
pub use ignored::{IgnoreReason, Undetermined};
pub use j2003::J2003Trace;
pub use naj::{AnalysisTrace, NajTrace};
pub use replays::{decided_statuses, passes_judged, Replay, Replays};
pub use report::{format_failure, rerun_command, side_by_side};
pub use schedule::{run_check, run_checks, verdicts, CheckRun, SharedReplays};
pub use trace::{CaseProblem, FamilyTrace, Mismatch, StepTrace, Trace};

use crate::engine::Engine;
use crate::optimized::{Optimized, Switches};
use crate::parse::case::Check;
use crate::reference::Reference;
use crate::rules::Family;

/// Every engine configuration the corpus runs on: the reference, the optimized engine, and
/// the optimized engine with each speed-up switched off in turn.
pub fn all_engines() -> Vec<Box<dyn Engine>> {
    let mut v: Vec<Box<dyn Engine>> = vec![Box::new(Reference), Box::new(Optimized::default())];
    for name in Switches::NAMES {
        if let Some(s) = Switches::without(name) {
            v.push(Box::new(Optimized { switches: s }));
        }
    }
    v
}

/// The families of the optimized engine `check` exercises: [`Family::Play`] when its moves
/// are replayed through [`Engine::start`] (every check that is not LJR), and its ruleset's
/// own solver (J2003, LJR, VJR).
pub fn families(check: &Check) -> Vec<Family> {
    match check.family() {
        Family::Ljr => vec![Family::Ljr],
        Family::Play => vec![Family::Play],
        own @ (Family::Naj | Family::J2003 | Family::Vjr) => vec![Family::Play, own],
    }
}

/// Whether a configuration is worth running on `check`: with one speed-up off, the
/// optimized engine runs only the checks of the families that switch touches
/// ([`Switches::TABLE`]: e.g. `narrow-boards` touches play, the J2003 and the VJR solvers; an
/// `ljr-` switch only LJR checks).
pub fn concerns(engine_name: &str, check: &Check) -> bool {
    let Some(off) = engine_name.strip_prefix("optimized-without-") else {
        return true;
    };
    let Some(switch) = Switches::switch(off) else {
        return true;
    };
    let exercised = families(check);
    switch.touches.iter().any(|f| exercised.contains(f))
}

/// Whether `engine` can run `check`, or why not (then the check is ignored on it).
pub fn applicability(engine: &dyn Engine, check: &Check) -> Result<(), IgnoreReason> {
    if let Some(l) = check.ljr() {
        engine
            .ljr()
            .and_then(|q| q.start_turns(&l.geometry, &l.start))
            .map_err(|u| IgnoreReason::Unsupported { why: u.to_string() })?;
        if l.expect.needs_control() || l.expect.dispute_control.is_some() {
            // An engine that plays LJR but cannot answer control is told apart here.
            let probe = crate::ljr::ControlQuery {
                position: l.start.position.clone(),
                permanently_prohibited: Vec::new(),
                player: crate::geometry::Colour::Black,
                method: crate::ljr::ControlMethod::TwoEyeTest,
                params: l.params,
                budget: 0,
            };
            engine
                .ljr()
                .and_then(|q| q.control(&l.geometry, &probe))
                .map_err(|u| IgnoreReason::Unsupported { why: u.to_string() })?;
        }
        return Ok(());
    }
    let rules = check
        .rules
        .as_ref()
        .ok_or_else(|| IgnoreReason::Unimplemented {
            ruleset: check.ruleset.to_string(),
        })?;
    engine
        .start(&check.geometry, rules, &check.start)
        .map_err(|u| IgnoreReason::Unsupported { why: u.to_string() })?;
    Ok(())
}

/// The outcome of one check on one engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Passed,
    Failed(Failure),
    Ignored(IgnoreReason),
}

/// A failed check: what went wrong, for humans.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The mismatches; `engine` says against what (`expected` or the reference).
    pub mismatches: Vec<(String, Mismatch)>,
    pub problem: Option<String>,
}

/// The status of a replay of `check` by `engine_name`: its expectations, and agreement with
/// a reference replay when one is given.
pub fn judge(
    check: &Check,
    engine_name: &str,
    trace: Result<Result<Trace, CaseProblem>, String>,
    reference: Option<(&str, &Trace)>,
) -> Status {
    let trace = match trace {
        Err(why) => return Status::Ignored(IgnoreReason::Unsupported { why }),
        Ok(Err(p)) => {
            return Status::Failed(Failure {
                mismatches: vec![],
                problem: Some(p.message),
            })
        }
        Ok(Ok(t)) => t,
    };
    let mut mismatches: Vec<(String, Mismatch)> = compare_expect(check, &trace)
        .into_iter()
        .map(|m| ("expected".to_string(), m))
        .collect();
    if let Some((name, rt)) = reference {
        if name != engine_name {
            mismatches.extend(
                compare_traces(check, rt, &trace)
                    .into_iter()
                    .map(|m| (name.to_string(), m)),
            );
        }
    }
    if mismatches.is_empty() {
        Status::Passed
    } else {
        Status::Failed(Failure {
            mismatches,
            problem: None,
        })
    }
}
