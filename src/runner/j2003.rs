//! The J2003 family (spec `j2003.md`): the direct-ko judge of ending passes (J-19), the
//! long-cycle result (J-18), the analysis of the final position (J-52) and its score (J-64),
//! compared with a check's expectations and between engines.

use super::compare::expect_eq;
use super::ignored::Undetermined;
pub use super::trace::J2003Trace;
use super::trace::{Mismatch, StepTrace, Trace};
use crate::engine::Engine;
use crate::geometry::{Colour, Geometry, Position};
use crate::parse::case::{Check, J2003Check, J2003StringExpect};
use crate::procedure::j2003::Extent;
use crate::status_game::Status as StringStatus;

/// The J2003 analyses made during one replay, by position, all made to the same extent.
pub(super) struct AnalysisMemo {
    pub(super) extent: Extent,
    pub(super) analyses: crate::session::AnalysisMemo,
}

/// [`crate::procedure::j2003::analyse_with`], remembered for the replay.
pub(super) fn analyse_memo(
    memo: &AnalysisMemo,
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<crate::status_game::Analysis, crate::engine::Unsupported> {
    if let Some((_, a)) = memo.analyses.borrow().iter().find(|(p, _)| p == position) {
        return Ok(a.clone());
    }
    let a = crate::procedure::j2003::analyse_with(engine, geometry, position, budget, memo.extent)?;
    memo.analyses
        .borrow_mut()
        .push((position.clone(), a.clone()));
    Ok(a)
}

pub(super) fn j2003_trace(
    engine: &dyn Engine,
    check: &Check,
    x: &J2003Check,
    alternation: &Trace,
    pass_undetermined: bool,
    analysed: &AnalysisMemo,
) -> Result<J2003Trace, String> {
    let prisoner_difference =
        alternation.prisoners.black as i64 - alternation.prisoners.white as i64;
    let mut t = J2003Trace {
        pass_undetermined,
        cycle_difference: None,
        analysis: None,
        prisoner_difference,
        score: None,
        result: None,
        explored: 0,
    };
    if let Some(cycle) = alternation.cycle {
        // C-3: the plays after position `cycle.start` of the history, up to the last.
        let legal: Vec<&StepTrace> = alternation
            .steps
            .iter()
            .filter(|s| s.result.is_ok())
            .collect();
        let from = cycle.start.min(legal.len());
        let mut difference = 0i64;
        for s in &legal[from..] {
            let removed = s.result.as_ref().map(|r| r.len() as i64).unwrap_or(0);
            // No suicide: a play removes opposing stones only.
            difference += match s.player {
                Colour::Black => removed,
                Colour::White => -removed,
            };
        }
        t.cycle_difference = Some(difference);
        t.result = Some(crate::procedure::j2003::long_cycle_result(difference).to_string());
        return Ok(t);
    }
    let wants =
        !x.strings.is_empty() || check.expect.score.is_some() || check.expect.result.is_some();
    // The final position: where the alternation ended by passes, or (C-11) the position a
    // check gives with no moves, analysed as given even if its ending pass would be illegal.
    if !(alternation.game_over || check.steps.is_empty()) || !wants {
        return Ok(t);
    }
    // Statuses alone: only the strings the check names, and what they need (J-52), are
    // analysed, so a string left undetermined elsewhere does not hide them.
    let named: Vec<_> = x.strings.iter().map(|e| e.at).collect();
    let statuses_only = check.expect.score.is_none() && check.expect.result.is_none();
    let analysis = if statuses_only {
        crate::procedure::j2003::analyse_strings(
            engine,
            &check.geometry,
            &alternation.position,
            check.solver_budget,
            analysed.extent,
            crate::procedure::Strings::At(&named),
        )
    } else {
        analyse_memo(
            analysed,
            engine,
            &check.geometry,
            &alternation.position,
            check.solver_budget,
        )
    }
    .map_err(|u| u.to_string())?;
    // J-64 needs every string's status: no score from the named strings alone.
    if analysis.is_decided() && !statuses_only {
        let board = engine
            .j2003()
            .and_then(|q| {
                q.board_score(
                    &check.geometry,
                    &alternation.position,
                    &analysis.status_at(check.geometry.len()),
                )
            })
            .map_err(|u| u.to_string())?;
        let score = (board + prisoner_difference) as f64 - check.komi;
        t.score = Some(score);
        t.result = Some(crate::engine::result_text(score));
    }
    if statuses_only {
        // Not kept in `analysed`: counted here (the caller adds the kept ones).
        t.explored = analysis.explored;
    }
    t.analysis = Some(analysis);
    Ok(t)
}

pub(super) fn compare_j2003(
    check: &Check,
    jx: &J2003Check,
    j: &J2003Trace,
    out: &mut Vec<Mismatch>,
) {
    let g = &check.geometry;
    let x = &check.expect;
    for &J2003StringExpect {
        at: p,
        status,
        direct_ko_stone: direct,
    } in &jx.strings
    {
        let what = format!("J2003 status of the string at {}", g.name(p));
        let Some(a) = &j.analysis else {
            out.push(Mismatch {
                what,
                expected: status.name().into(),
                actual: "no analysis: the alternation did not end with two passes".into(),
            });
            continue;
        };
        let Some(found) = a.strings.iter().find(|s| s.points.contains(&p)) else {
            out.push(Mismatch {
                what,
                expected: status.name().into(),
                actual: "no stone there in the final position".into(),
            });
            continue;
        };
        if let Some(got) = found.status {
            if got != status {
                out.push(Mismatch {
                    what,
                    expected: status.name().into(),
                    actual: got.name().into(),
                });
            }
        }
        if let (Some(want), Some(got)) = (direct, found.direct_ko_stone) {
            if want != got {
                out.push(Mismatch {
                    what: format!("direct ko stone at {} (J-48)", g.name(p)),
                    expected: want.to_string(),
                    actual: got.to_string(),
                });
            }
        }
    }
    expect_eq(
        out,
        "prisoner-difference",
        x.prisoner_difference.map(|v| v.to_string()),
        j.prisoner_difference.to_string(),
    );
    let show = |v: Option<f64>| {
        v.map(crate::engine::fmt_number)
            .unwrap_or_else(|| "none".into())
    };
    if x.score.is_some() {
        expect_eq(
            out,
            "score (J-64)",
            x.score.map(crate::engine::fmt_number),
            show(j.score),
        );
    }
    if x.result.is_some() {
        expect_eq(
            out,
            "result (J-18, J-65)",
            x.result.clone(),
            j.result.clone().unwrap_or_else(|| "none".into()),
        );
    }
}

/// The J2003 results two engines must agree on: every string status both decided, and the
/// score when both have one.
pub(super) fn compare_j2003_engines(
    g: &Geometry,
    a: &J2003Trace,
    b: &J2003Trace,
    out: &mut Vec<Mismatch>,
) {
    if let (Some(x), Some(y)) = (&a.analysis, &b.analysis) {
        for (s, t) in x.strings.iter().zip(&y.strings) {
            let both = |p: Option<StringStatus>, q: Option<StringStatus>| match (p, q) {
                (Some(p), Some(q)) => p == q,
                _ => true,
            };
            if !both(s.status, t.status) {
                out.push(Mismatch {
                    what: format!(
                        "engines disagree on the J2003 status of the string at {}",
                        g.name(s.points[0])
                    ),
                    expected: format!("{:?}", s.status),
                    actual: format!("{:?}", t.status),
                });
            }
        }
    }
    if a.score.is_some() && b.score.is_some() && (a.score, &a.result) != (b.score, &b.result) {
        out.push(Mismatch {
            what: "engines disagree on the J2003 score".into(),
            expected: format!("{:?} {:?}", a.score, a.result),
            actual: format!("{:?} {:?}", b.score, b.result),
        });
    }
}

/// A J2003 status (of the analysis, or one J-19 needs to judge an ending pass) undetermined
/// within the budget, if one is.
pub(super) fn j2003_undetermined(
    check: &Check,
    engine: &str,
    j: &J2003Trace,
) -> Option<Undetermined> {
    j.is_undetermined().then(|| Undetermined {
        engine: engine.to_string(),
        question: if j.pass_undetermined {
            "a J2003 status needed to judge an ending pass (J-19)".into()
        } else {
            "a J2003 status".into()
        },
        per: "states per check".into(),
        budget: check.solver_budget,
        spent: j.explored,
        spent_unit: "states".into(),
    })
}
