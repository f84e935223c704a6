//! The NAJ family (spec `naj.md`): the black- and white-analysis, control, immortality
//! (N-17), the NAJ scores and the optimal-analysis claims, compared with a check's
//! expectations and between engines.

use super::compare::{compare_content, compare_steps, control_diagram, expect_eq};
use super::replay::replay_steps;
pub use super::trace::{AnalysisTrace, NajTrace};
use super::trace::{CaseProblem, Mismatch, Trace};
use crate::engine::{Answer, Engine, Prisoners, Start};
use crate::geometry::{Colour, Geometry};
use crate::parse::case::Check;
use crate::procedure::naj::{compare, control_score, Budget};

pub(super) fn naj_trace(
    engine: &dyn Engine,
    check: &Check,
    alternation: &Trace,
) -> Result<Result<NajTrace, CaseProblem>, String> {
    let prisoner_difference =
        alternation.prisoners.black as i64 - alternation.prisoners.white as i64;
    let mut naj = NajTrace {
        final_position: alternation.position.clone(),
        black_analysis: None,
        white_analysis: None,
        black_score: None,
        white_score: None,
        prisoner_difference,
        score: None,
        result: None,
        optimal: [None, None],
    };
    if alternation.cycle.is_some() {
        naj.result = Some("long-cycle-tie".to_string());
        return Ok(Ok(naj));
    }
    let rules = check
        .ruleset
        .analysis_rules()
        .ok_or_else(|| format!("ruleset {} has no analyses", check.ruleset))?;
    let g = &check.geometry;
    for (analysis, controller) in [
        (&check.black_analysis, Colour::Black),
        (&check.white_analysis, Colour::White),
    ] {
        let Some(analysis) = analysis else { continue };
        let start = Start {
            position: alternation.position.clone(),
            to_move: controller.opponent(),
            handicap: 0,
            prisoners: Prisoners::default(),
        };
        let mut game = crate::session::RulesetGame::start(
            engine,
            g,
            &rules,
            &start,
            crate::session::PassJudge::new(check.solver_budget),
        )
        .map_err(|u| u.to_string())?;
        let steps = match replay_steps(&mut game, &analysis.steps, g, &mut false) {
            Ok(s) => s,
            Err(p) => {
                return Ok(Err(CaseProblem {
                    step: p.step,
                    message: format!("{}-analysis: {}", controller.name(), p.message),
                }))
            }
        };
        let end = game.position();
        let control = engine
            .naj()
            .and_then(|q| q.control(g, &end, controller, check.budget))
            .map_err(|u| u.to_string())?;
        let trace = AnalysisTrace {
            steps,
            end,
            over: game.is_over(),
            control,
        };
        if let Answer::Decided(c) = &trace.control {
            let points = control_score(&alternation.position, c, controller);
            match controller {
                Colour::Black => naj.black_score = Some(points),
                Colour::White => naj.white_score = Some(points),
            }
        }
        match controller {
            Colour::Black => naj.black_analysis = Some(trace),
            Colour::White => naj.white_analysis = Some(trace),
        }
    }
    // The solver's verdict on claimed optimal values (naj-solver.md SOLVE-1 ... SOLVE-5).
    for (slot, colour) in [(0, Colour::Black), (1, Colour::White)] {
        let Some(claim) = check.expect.optimal_scores[slot] else {
            continue;
        };
        naj.optimal[slot] = Some(
            compare(
                engine,
                g,
                &rules,
                &alternation.position,
                colour,
                claim,
                Budget {
                    nodes: check.solver_budget,
                    immortal: check.budget,
                },
                crate::procedure::naj::Switches::default(),
            )
            .map_err(|u| u.to_string())?,
        );
    }
    if let (Some(b), Some(w)) = (naj.black_score, naj.white_score) {
        let score = (b - w + prisoner_difference) as f64 - check.komi;
        naj.score = Some(score);
        naj.result = Some(crate::engine::result_text(score));
    }
    Ok(Ok(naj))
}

pub(super) fn compare_naj(check: &Check, naj: &NajTrace, out: &mut Vec<Mismatch>) {
    let g = &check.geometry;
    let x = &check.expect;
    let final_position = &naj.final_position;
    compare_content(
        "black control diagram",
        g,
        &x.control_content[0],
        final_position,
        out,
    );
    compare_content(
        "white control diagram",
        g,
        &x.control_content[1],
        final_position,
        out,
    );
    for (spec, trace, colour, expected_control, mark) in [
        (
            &check.black_analysis,
            &naj.black_analysis,
            Colour::Black,
            &x.black_control,
            'B',
        ),
        (
            &check.white_analysis,
            &naj.white_analysis,
            Colour::White,
            &x.white_control,
            'W',
        ),
    ] {
        let name = format!("{}-analysis", colour.name());
        match (spec, trace) {
            (Some(spec), Some(t)) => {
                // The analysis's moves as written against its replay (N-15, N-16).
                let mut steps = Vec::new();
                compare_steps(g, &spec.steps, &t.steps, &mut steps);
                for mut m in steps {
                    m.what = format!("{name}: {}", m.what);
                    out.push(m);
                }
                if !t.over {
                    out.push(Mismatch {
                        what: format!("{name}: end"),
                        expected: "ended by three successive passes (N-15, N-16)".into(),
                        actual: "the moves stop before the analysis has ended".into(),
                    });
                }
                if let Some(end) = &spec.end {
                    if end != &t.end {
                        out.push(Mismatch {
                            what: format!("{name}: position at its end"),
                            expected: end.diagram(g),
                            actual: t.end.diagram(g),
                        });
                    }
                }
                if let Answer::Undetermined { explored } = &t.control {
                    out.push(Mismatch {
                        what: format!("{name}: control"),
                        expected: "decided".into(),
                        actual: format!(
                            "undetermined within budget {} ({explored} positions explored)",
                            check.budget
                        ),
                    });
                }
                if let (Some(e), Answer::Decided(a)) = (expected_control, &t.control) {
                    if e != a {
                        out.push(Mismatch {
                            what: format!("{name}: {} control", colour.name()),
                            expected: control_diagram(
                                g,
                                final_position,
                                &Answer::Decided(e.clone()),
                                mark,
                            ),
                            actual: control_diagram(g, final_position, &t.control, mark),
                        });
                    }
                }
            }
            _ => {
                if expected_control.is_some() {
                    out.push(Mismatch {
                        what: format!("{} control", colour.name()),
                        expected: "a control diagram".into(),
                        actual: format!("no {name} given in the check"),
                    });
                }
            }
        }
    }
    compare_naj_scores(check, naj, out);
}

/// The NAJ scores (N-21 ... N-27), the optimal-analysis claims, and no area points.
fn compare_naj_scores(check: &Check, naj: &NajTrace, out: &mut Vec<Mismatch>) {
    let x = &check.expect;
    let mut cmp = |what: &str, e: Option<String>, a: Option<String>| {
        let a = a.unwrap_or_else(|| "undefined (an analysis is missing or undetermined)".into());
        expect_eq(out, what, e, a)
    };
    cmp(
        "black-score",
        x.black_score.map(|v| v.to_string()),
        naj.black_score.map(|v| v.to_string()),
    );
    cmp(
        "white-score",
        x.white_score.map(|v| v.to_string()),
        naj.white_score.map(|v| v.to_string()),
    );
    cmp(
        "prisoner-difference",
        x.prisoner_difference.map(|v| v.to_string()),
        Some(naj.prisoner_difference.to_string()),
    );
    cmp(
        "score",
        x.score.map(crate::engine::fmt_number),
        naj.score.map(crate::engine::fmt_number),
    );
    cmp("result", x.result.clone(), naj.result.clone());
    for (slot, name) in [(0, "optimal-black-score"), (1, "optimal-white-score")] {
        if let (Some(claim), Some(Answer::Decided(c))) =
            (x.optimal_scores[slot], &naj.optimal[slot])
        {
            if !(c.at_least && c.at_most) {
                out.push(Mismatch {
                    what: format!("{name} (solver, {} states)", c.nodes),
                    expected: claim.to_string(),
                    actual: c.verdict().replace("claim", &claim.to_string()),
                });
            }
        }
    }
    if x.black.is_some() || x.white.is_some() {
        out.push(Mismatch {
            what: "area points".into(),
            expected: "black/white area points".into(),
            actual: "NAJ has no area scoring: use black-score and white-score".into(),
        });
    }
}

/// The NAJ results two engines must agree on: each analysis, control, the optimal-analysis
/// verdicts and the scores, where both decided them.
pub(super) fn compare_naj_engines(
    g: &Geometry,
    a: &NajTrace,
    b: &NajTrace,
    out: &mut Vec<Mismatch>,
) {
    for (ta, tb, name) in [
        (&a.black_analysis, &b.black_analysis, "black-analysis"),
        (&a.white_analysis, &b.white_analysis, "white-analysis"),
    ] {
        if let (Some(ta), Some(tb)) = (ta, tb) {
            if ta.steps != tb.steps || ta.end != tb.end {
                out.push(Mismatch {
                    what: format!("engines disagree on the {name}"),
                    expected: ta.end.diagram(g),
                    actual: tb.end.diagram(g),
                });
            }
            if let (Answer::Decided(ca), Answer::Decided(cb)) = (&ta.control, &tb.control) {
                if ca != cb {
                    let mark = if name.starts_with("black") { 'B' } else { 'W' };
                    out.push(Mismatch {
                        what: format!("engines disagree on control after the {name}"),
                        expected: control_diagram(g, &a.final_position, &ta.control, mark),
                        actual: control_diagram(g, &b.final_position, &tb.control, mark),
                    });
                }
            }
        }
    }
    for (slot, name) in [(0, "black-analysis"), (1, "white-analysis")] {
        if let (Some(Answer::Decided(ca)), Some(Answer::Decided(cb))) =
            (&a.optimal[slot], &b.optimal[slot])
        {
            if (ca.at_least, ca.at_most) != (cb.at_least, cb.at_most) {
                out.push(Mismatch {
                    what: format!("engines disagree on the optimal {name} value"),
                    expected: ca.verdict(),
                    actual: cb.verdict(),
                });
            }
        }
    }
    let decided = |n: &NajTrace| (n.black_score, n.white_score, n.score, n.result.clone());
    if a.black_score.is_some() && b.black_score.is_some() && decided(a) != decided(b) {
        out.push(Mismatch {
            what: "engines disagree on the NAJ score".into(),
            expected: format!("{:?}", decided(a)),
            actual: format!("{:?}", decided(b)),
        });
    }
}
