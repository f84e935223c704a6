//! The NAJ family (spec `naj.md`): the black- and white-analysis, control, immortality
//! (N-17), the NAJ scores and the optimal-analysis claims, compared with a check's
//! expectations and between engines.

use super::compare::{compare_content, compare_steps, control_diagram, expect_eq};
use super::ignored::Undetermined;
use super::replay::replay_steps;
pub use super::trace::{AnalysisTrace, NajTrace};
use super::trace::{CaseProblem, Mismatch, Trace};
use crate::engine::{Answer, Engine, Prisoners, Spent, Start};
use crate::geometry::{Colour, Geometry};
use crate::parse::case::{Check, NajCheck};
use crate::procedure::naj::{compare, control_score, Budget};

pub(super) fn naj_trace(
    engine: &dyn Engine,
    check: &Check,
    x: &NajCheck,
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
        immortal: [None, None],
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
        (&x.black_analysis, Colour::Black),
        (&x.white_analysis, Colour::White),
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
        let Some(claim) = x.optimal_scores[slot] else {
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

pub(super) fn compare_naj(
    check: &Check,
    x: &NajCheck,
    naj: &NajTrace,
    alternation: &Trace,
    out: &mut Vec<Mismatch>,
) {
    let g = &check.geometry;
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
            &x.black_analysis,
            &naj.black_analysis,
            Colour::Black,
            &x.control[0],
            'B',
        ),
        (
            &x.white_analysis,
            &naj.white_analysis,
            Colour::White,
            &x.control[1],
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
                if let Answer::Undetermined(Spent { explored }) = &t.control {
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
    compare_naj_scores(check, x, naj, out);
    compare_immortal(g, x, naj, alternation, out);
}

/// N-17: the immortal stones the check expects, on the final position of the alternation.
fn compare_immortal(
    g: &Geometry,
    x: &NajCheck,
    naj: &NajTrace,
    alternation: &Trace,
    out: &mut Vec<Mismatch>,
) {
    compare_content(
        "immortal-black diagram",
        g,
        &x.immortal_content[0],
        &alternation.position,
        out,
    );
    compare_content(
        "immortal-white diagram",
        g,
        &x.immortal_content[1],
        &alternation.position,
        out,
    );
    for (expected, actual, colour) in [
        (&x.immortal[0], &naj.immortal[0], Colour::Black),
        (&x.immortal[1], &naj.immortal[1], Colour::White),
    ] {
        if let (Some(e), Some(a)) = (expected, actual) {
            let same = matches!(a, Answer::Decided(v) if v == e);
            if !same {
                out.push(Mismatch {
                    what: format!("immortal {} stones (N-17)", colour.name()),
                    expected: control_diagram(
                        g,
                        &alternation.position,
                        &Answer::Decided(e.clone()),
                        'X',
                    ),
                    actual: control_diagram(g, &alternation.position, a, 'X'),
                });
            }
        }
    }
}

/// The NAJ scores (N-21 ... N-27), the optimal-analysis claims, and no area points.
fn compare_naj_scores(check: &Check, x: &NajCheck, naj: &NajTrace, out: &mut Vec<Mismatch>) {
    let e = &check.expect;
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
        e.prisoner_difference.map(|v| v.to_string()),
        Some(naj.prisoner_difference.to_string()),
    );
    cmp(
        "score",
        e.score.map(crate::engine::fmt_number),
        naj.score.map(crate::engine::fmt_number),
    );
    cmp("result", e.result.clone(), naj.result.clone());
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
}

/// The NAJ results two engines must agree on: each analysis, control, the optimal-analysis
/// verdicts and the scores, where both decided them.
pub(super) fn compare_naj_engines(
    g: &Geometry,
    a: &NajTrace,
    b: &NajTrace,
    out: &mut Vec<Mismatch>,
) {
    for i in 0..2 {
        if let (Some(Answer::Decided(ia)), Some(Answer::Decided(ib))) =
            (&a.immortal[i], &b.immortal[i])
        {
            if ia != ib {
                out.push(Mismatch {
                    what: "engines disagree on immortal stones".into(),
                    expected: control_diagram(
                        g,
                        &a.final_position,
                        &Answer::Decided(ia.clone()),
                        'X',
                    ),
                    actual: control_diagram(
                        g,
                        &b.final_position,
                        &Answer::Decided(ib.clone()),
                        'X',
                    ),
                });
            }
        }
    }
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

/// N-17 immortality of Black's and White's stones in the final position, where the check
/// asks for it.
pub(super) fn immortality(
    engine: &dyn Engine,
    check: &Check,
    naj: &NajCheck,
    trace: &Trace,
) -> Result<[Option<Answer<Vec<bool>>>; 2], String> {
    let mut out = [None, None];
    for (i, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
        if naj.immortal[i].is_some() {
            out[i] = Some(
                engine
                    .naj()
                    .and_then(|q| {
                        q.immortal(&check.geometry, &trace.position, colour, check.budget)
                    })
                    .map_err(|u| u.to_string())?,
            );
        }
    }
    Ok(out)
}

/// An optimal value (the solver, naj-solver.md SOLVE-5), an analysis's control or an immortality
/// test (N-17) undetermined within its budget, if one is.
pub(super) fn naj_undetermined(check: &Check, engine: &str, n: &NajTrace) -> Option<Undetermined> {
    if !n.is_undetermined() {
        return None;
    }
    let solver = n
        .optimal
        .iter()
        .zip(["black", "white"])
        .find_map(|(a, colour)| match a {
            Some(Answer::Undetermined(Spent { explored })) => Some((colour, *explored)),
            _ => None,
        });
    Some(match solver {
        Some((colour, spent)) => Undetermined {
            engine: engine.to_string(),
            question: format!("the optimal {colour}-analysis value"),
            per: "game states and immortality-test positions (naj-solver.md SOLVE-5)".into(),
            budget: check.solver_budget,
            spent,
            spent_unit: String::new(),
        },
        None => {
            let spent = [&n.black_analysis, &n.white_analysis]
                .into_iter()
                .flatten()
                .map(|a| &a.control)
                .chain(n.immortal.iter().flatten())
                .map(|a| match a {
                    Answer::Undetermined(Spent { explored }) => *explored,
                    Answer::Decided(_) => 0,
                })
                .sum();
            Undetermined {
                engine: engine.to_string(),
                question: "the immortality test".into(),
                per: "positions".into(),
                budget: check.budget,
                spent,
                spent_unit: "positions".into(),
            }
        }
    })
}
