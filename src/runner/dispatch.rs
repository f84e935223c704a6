//! The dispatch over the ruleset families, above them: a check's replay (the moves by the
//! core, then what its family's text defines after them) and its comparisons (the core's,
//! then its family's). The only module of the runner that names every family; a new family
//! adds a line to each function here.

use super::compare::{
    compare_area_score, compare_end_engines, compare_final_position, compare_moves_engines,
    compare_steps,
};
use super::ignored::IgnoreReason;
use super::j2003::{
    compare_j2003, compare_j2003_engines, j2003_trace, j2003_undetermined, AnalysisMemo,
};
use super::ljr::{compare_ljr, compare_ljr_engines, ljr_undetermined, replay_ljr};
use super::naj::{compare_naj, compare_naj_engines, immortality, naj_trace, naj_undetermined};
use super::replay::{replay_moves, Moves, Searches};
use super::trace::{CaseProblem, FamilyTrace, Mismatch, Trace};
use super::vjr::{compare_vjr, compare_vjr_engines, vjr_trace, vjr_undetermined};
use crate::engine::Engine;
use crate::parse::case::{Check, FamilyCheck};

/// Replay a check's moves on an engine (and, for NAJ, its analyses), with every search run
/// to the end.
pub fn replay(engine: &dyn Engine, check: &Check) -> Result<Result<Trace, CaseProblem>, String> {
    replay_with(engine, check, Searches::Complete)
}

/// Replay a check to judge it: the same verdict as [`replay`], without the searches whose
/// results cannot change it.
pub fn replay_to_judge(
    engine: &dyn Engine,
    check: &Check,
) -> Result<Result<Trace, CaseProblem>, String> {
    replay_with(engine, check, Searches::ToJudge)
}

/// Replay, with as much searching as `searches` asks: LJR's turns, or the moves and then the
/// family's work on the final position (J2003, VJR, NAJ's analyses and N-17 immortality).
pub(super) fn replay_with(
    engine: &dyn Engine,
    check: &Check,
    searches: Searches,
) -> Result<Result<Trace, CaseProblem>, String> {
    if let FamilyCheck::Ljr(l) = &check.family {
        let t = match replay_ljr(engine, check, l)? {
            Ok(t) => t,
            Err(p) => return Ok(Err(p)),
        };
        return Ok(Ok(Trace {
            steps: Vec::new(),
            position: t.position.clone(),
            prisoners: t.captives,
            score: None,
            game_over: t.game_over,
            to_move: t.situation.to_move,
            cycle: None,
            family: FamilyTrace::Ljr(t),
        }));
    }
    let Moves {
        mut trace,
        pass_undetermined,
        analyses,
        extent,
    } = match replay_moves(engine, check, searches)? {
        Ok(m) => m,
        Err(p) => return Ok(Err(p)),
    };
    trace.family = match &check.family {
        FamilyCheck::Play(_) | FamilyCheck::Ljr(_) => FamilyTrace::Play,
        FamilyCheck::J2003(x) => {
            // The analyses J-19's judge made are kept for the final position's.
            let analysed = AnalysisMemo { extent, analyses };
            let mut j = j2003_trace(engine, check, x, &trace, pass_undetermined, &analysed)?;
            // The analyses kept (J-19's judge, the final position's full analysis), and the
            // named strings' own analysis, which is not kept (`j2003_trace` counts it).
            j.explored += analysed
                .analyses
                .borrow()
                .iter()
                .map(|(_, a)| a.explored)
                .sum::<u64>();
            FamilyTrace::J2003(j)
        }
        FamilyCheck::Vjr(v) => FamilyTrace::Vjr(vjr_trace(engine, check, v, &trace)?),
        FamilyCheck::Naj(n) => match naj_trace(engine, check, n, &trace)? {
            Ok(mut t) => {
                t.immortal = immortality(engine, check, n, &trace)?;
                FamilyTrace::Naj(t)
            }
            Err(p) => return Ok(Err(p)),
        },
    };
    Ok(Ok(trace))
}

/// Compare a replay with the check's expectations.
pub fn compare_expect(check: &Check, trace: &Trace) -> Vec<Mismatch> {
    if let (FamilyCheck::Ljr(l), FamilyTrace::Ljr(t)) = (&check.family, &trace.family) {
        return compare_ljr(l, t);
    }
    let mut out = Vec::new();
    compare_steps(&check.geometry, &check.steps, &trace.steps, &mut out);
    compare_final_position(check, trace, &mut out);
    match (&check.family, &trace.family) {
        (FamilyCheck::Naj(x), FamilyTrace::Naj(t)) => compare_naj(check, x, t, trace, &mut out),
        (FamilyCheck::Vjr(x), FamilyTrace::Vjr(t)) => compare_vjr(check, x, t, &mut out),
        (FamilyCheck::J2003(x), FamilyTrace::J2003(t)) => compare_j2003(check, x, t, &mut out),
        (FamilyCheck::Play(x), _) => compare_area_score(check, x, trace, &mut out),
        (
            FamilyCheck::Naj(_) | FamilyCheck::Vjr(_) | FamilyCheck::J2003(_) | FamilyCheck::Ljr(_),
            _,
        ) => out.push(family_mismatch(check, trace)),
    }
    out
}

/// A replay whose family is not the check's (a bug of the runner, shown as a failure).
fn family_mismatch(check: &Check, trace: &Trace) -> Mismatch {
    Mismatch {
        what: "family".into(),
        expected: format!("a replay of the {} family", check.family().as_str()),
        actual: format!("{:?}", std::mem::discriminant(&trace.family)),
    }
}

/// Compare two engines' replays of one check, move by move, then each family's results.
pub fn compare_traces(check: &Check, reference: &Trace, other: &Trace) -> Vec<Mismatch> {
    if let (FamilyCheck::Ljr(l), FamilyTrace::Ljr(a), FamilyTrace::Ljr(b)) =
        (&check.family, &reference.family, &other.family)
    {
        return compare_ljr_engines(l, a, b);
    }
    let g = &check.geometry;
    let mut out = Vec::new();
    compare_moves_engines(g, reference, other, &mut out);
    match (&reference.family, &other.family) {
        (FamilyTrace::Vjr(a), FamilyTrace::Vjr(b)) => compare_vjr_engines(g, a, b, &mut out),
        (FamilyTrace::J2003(a), FamilyTrace::J2003(b)) => compare_j2003_engines(g, a, b, &mut out),
        (FamilyTrace::Naj(a), FamilyTrace::Naj(b)) => compare_naj_engines(g, a, b, &mut out),
        (FamilyTrace::Play, FamilyTrace::Play) => {}
        (
            FamilyTrace::Play
            | FamilyTrace::Naj(_)
            | FamilyTrace::J2003(_)
            | FamilyTrace::Ljr(_)
            | FamilyTrace::Vjr(_),
            _,
        ) => out.push(family_mismatch(check, other)),
    }
    compare_end_engines(reference, other, &mut out);
    out
}

/// Why a replay is undetermined (a search ran out of budget), if it is: its family's
/// question and budget.
pub fn undetermined_reason(check: &Check, engine: &str, t: &Trace) -> Option<IgnoreReason> {
    let u = match &t.family {
        FamilyTrace::Play => None,
        FamilyTrace::Naj(n) => naj_undetermined(check, engine, n),
        FamilyTrace::J2003(j) => j2003_undetermined(check, engine, j),
        FamilyTrace::Ljr(l) => ljr_undetermined(check, engine, l),
        FamilyTrace::Vjr(v) => vjr_undetermined(check, engine, v),
    };
    u.map(IgnoreReason::Undetermined)
}

/// Whether a replay left a question of its family undetermined within its budget.
pub fn is_undetermined(t: &Trace) -> bool {
    match &t.family {
        FamilyTrace::Play => false,
        FamilyTrace::Naj(n) => n.is_undetermined(),
        FamilyTrace::J2003(j) => j.is_undetermined(),
        FamilyTrace::Ljr(l) => l.is_undetermined(),
        FamilyTrace::Vjr(v) => v.is_undetermined(),
    }
}
