//! The dispatch over the ruleset families, above them: a check's replay (the moves by the
//! core, then what its family's text defines after them) and its comparisons (the core's,
//! then its family's). The only module of the runner that names every family; a new family
//! adds a line to each function here.

use super::compare::{
    compare_area_score, compare_end_engines, compare_final_position, compare_moves_engines,
    compare_steps,
};
use super::j2003::{compare_j2003, compare_j2003_engines, j2003_trace, AnalysisMemo};
use super::ljr::{compare_ljr, compare_ljr_engines, replay_ljr};
use super::naj::{compare_naj, compare_naj_engines, naj_trace};
use super::replay::{immortality, replay_moves, Moves, Searches};
use super::trace::{CaseProblem, Mismatch, Trace};
use super::vjr::{compare_vjr, compare_vjr_engines, vjr_trace};
use crate::engine::Engine;
use crate::parse::case::Check;
use crate::rules::RulesetId;

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
/// family's work on the final position (J2003, VJR, N-17 immortality, NAJ).
pub(super) fn replay_with(
    engine: &dyn Engine,
    check: &Check,
    searches: Searches,
) -> Result<Result<Trace, CaseProblem>, String> {
    if let Some(l) = &check.ljr {
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
            naj: None,
            immortal: [None, None],
            j2003: None,
            ljr: Some(t),
            vjr: None,
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
    if check.ruleset == RulesetId::J2003 {
        // The analyses J-19's judge made are kept for the final position's.
        let analysed = AnalysisMemo { extent, analyses };
        let mut j = j2003_trace(engine, check, &trace, pass_undetermined, &analysed)?;
        // The analyses kept (J-19's judge, the final position's full analysis), and the
        // named strings' own analysis, which is not kept (`j2003_trace` counts it).
        j.explored += analysed
            .analyses
            .borrow()
            .iter()
            .map(|(_, a)| a.explored)
            .sum::<u64>();
        trace.j2003 = Some(j);
    }
    if check.ruleset == RulesetId::Vjr {
        trace.vjr = Some(vjr_trace(engine, check, &trace)?);
    }
    immortality(engine, check, &mut trace)?;
    if check.ruleset.analysis_rules().is_some() {
        match naj_trace(engine, check, &trace)? {
            Ok(n) => trace.naj = Some(n),
            Err(p) => return Ok(Err(p)),
        }
    }
    Ok(Ok(trace))
}

/// Compare a replay with the check's expectations.
pub fn compare_expect(check: &Check, trace: &Trace) -> Vec<Mismatch> {
    if let (Some(l), Some(t)) = (&check.ljr, &trace.ljr) {
        return compare_ljr(l, t);
    }
    let mut out = Vec::new();
    compare_steps(&check.geometry, &check.steps, &trace.steps, &mut out);
    compare_final_position(check, trace, &mut out);
    if let Some(naj) = &trace.naj {
        compare_naj(check, naj, &mut out);
        return out;
    }
    if let Some(v) = &trace.vjr {
        compare_vjr(check, v, &mut out);
        return out;
    }
    if let Some(j) = &trace.j2003 {
        compare_j2003(check, j, &mut out);
        return out;
    }
    compare_area_score(check, trace, &mut out);
    out
}

/// Compare two engines' replays of one check, move by move, then each family's results.
pub fn compare_traces(check: &Check, reference: &Trace, other: &Trace) -> Vec<Mismatch> {
    if let (Some(l), Some(a), Some(b)) = (&check.ljr, &reference.ljr, &other.ljr) {
        return compare_ljr_engines(l, a, b);
    }
    let g = &check.geometry;
    let mut out = Vec::new();
    compare_moves_engines(g, reference, other, &mut out);
    if let (Some(a), Some(b)) = (&reference.vjr, &other.vjr) {
        compare_vjr_engines(g, a, b, &mut out);
    }
    if let (Some(a), Some(b)) = (&reference.j2003, &other.j2003) {
        compare_j2003_engines(g, a, b, &mut out);
    }
    if let (Some(a), Some(b)) = (&reference.naj, &other.naj) {
        compare_naj_engines(g, a, b, &mut out);
    }
    compare_end_engines(reference, other, &mut out);
    out
}
