//! The LJR family (spec `ljr.md`): a check's turns on an engine's [`LjrGame`], then, when
//! the check asks, control by the two-eye test (L-14) and by disputes (L-17) and the score
//! (L-5) of the final position.

use super::ignored::Undetermined;
use super::trace::{CaseProblem, Mismatch};
pub use super::trace::{LjrStepTrace, LjrTrace};
use crate::engine::Engine;
use crate::geometry::{Cell, Geometry, Point, Position};
use crate::ljr::{ControlAnswer, ControlMethod, TurnDone};
use crate::parse::case::Check;
use crate::parse::case_ljr::{ControlExpect, LjrCheck};
use crate::parse::diagram::grid_text;
use crate::procedure::ljr::{control_maps, no_disagreement_control, score_of};
use crate::rules::{Illegal, Prisoners};
use crate::session::{Action, RulesetGame};

/// Replay an LJR check on `engine`.
pub fn replay_ljr(
    engine: &dyn Engine,
    check: &Check,
    l: &LjrCheck,
) -> Result<Result<LjrTrace, CaseProblem>, String> {
    let g = &l.geometry;
    let mut game = RulesetGame::start_ljr(engine, g, &l.start).map_err(|u| u.to_string())?;
    let mut steps = Vec::new();
    for (i, step) in l.steps.iter().enumerate() {
        let player = game.to_move();
        if let Some(p) = step.player {
            if p != player {
                return Ok(Err(CaseProblem {
                    step: i + 1,
                    message: format!(
                        "turn {} `{}` (line {}) is written for {p} but {player} is to move",
                        i + 1,
                        step.text,
                        step.line
                    ),
                }));
            }
        }
        let action = Action::ljr(step.cycle, step.play);
        let turn = game.turn_of(action).ok_or("not an LJR game")?;
        let result = game.play_turn(action).ok_or("not an LJR game")?;
        let state = game.ljr_game().ok_or("not an LJR game")?;
        steps.push(LjrStepTrace {
            index: i + 1,
            player,
            text: step.text.clone(),
            turn: turn.map_err(|e| e.as_str().to_string())?,
            result,
            position: state.position(),
            captives: state.captives(),
            permanently_prohibited: state.situation().permanently_prohibited,
        });
    }
    let game = game.ljr_game().ok_or("not an LJR game")?;
    let situation = game.situation();
    let position = game.position();
    let needs = l.expect.needs_control();
    let ask = |method| {
        control_maps(
            engine,
            g,
            &position,
            &situation.permanently_prohibited,
            method,
            l.params,
            l.budget,
        )
        .map_err(|u| u.to_string())
    };
    let control = if needs {
        Some(ask(ControlMethod::TwoEyeTest)?)
    } else {
        None
    };
    let dispute = if l.expect.dispute_control.is_some() {
        Some(ask(ControlMethod::Dispute)?)
    } else {
        None
    };
    let score = control
        .as_ref()
        .and_then(|m| score_of(&position, m, game.captives(), l.komi));
    let _ = check;
    let claims = if l.claims.is_empty() {
        None
    } else {
        match no_disagreement_control(g, &position, &l.claims) {
            Ok(c) => Some(c),
            Err(e) => {
                return Ok(Err(CaseProblem {
                    step: l.steps.len(),
                    message: format!("a claim is not one L-17 allows: {e}"),
                }))
            }
        }
    };
    Ok(Ok(LjrTrace {
        claims,
        steps,
        position: position.clone(),
        captives: game.captives(),
        game_over: game.is_over(),
        situation,
        control,
        dispute,
        score,
    }))
}

fn names(g: &Geometry, v: &[Point]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.iter().map(|&p| g.name(p)).collect::<Vec<_>>().join(" ")
    }
}

fn turn_result(g: &Geometry, r: &Result<TurnDone, Illegal>) -> String {
    match r {
        Err(reason) => format!("illegal ({reason})"),
        Ok(d) => {
            let mut s = "legal".to_string();
            if !d.cycle_removed.is_empty() {
                s += &format!(", cycle removal takes {}", names(g, &d.cycle_removed));
            }
            if !d.captured.is_empty() {
                s += &format!(", captures {}", names(g, &d.captured));
            }
            s
        }
    }
}

fn captives_text(p: &Prisoners) -> String {
    format!("black {} white {}", p.black, p.white)
}

/// A control map drawn over the position: `B`, `W`, `*` (both), `?` (undetermined), the
/// content elsewhere.
fn map_diagram(g: &Geometry, position: &Position, maps: [&[Option<bool>]; 2]) -> String {
    let cells: Vec<char> = g
        .points()
        .map(|p| match (maps[0][p], maps[1][p]) {
            (Some(true), Some(true)) => '*',
            (Some(true), Some(false)) => 'B',
            (Some(false), Some(true)) => 'W',
            (None, _) | (_, None) => '?',
            (Some(false), Some(false)) => position.get(p).symbol(),
        })
        .collect();
    grid_text(g, &cells)
}

fn compare_control(
    g: &Geometry,
    what: &str,
    position: &Position,
    expected: &ControlExpect,
    actual: &[ControlAnswer; 2],
    out: &mut Vec<Mismatch>,
) {
    let exp: [Vec<Option<bool>>; 2] =
        [0, 1].map(|c| expected.marks[c].iter().map(|&b| Some(b)).collect());
    let marks_differ = (0..2).any(|c| {
        g.points()
            .any(|p| actual[c].controlled[p].is_some_and(|v| v != expected.marks[c][p]))
    });
    if marks_differ {
        out.push(Mismatch {
            what: what.into(),
            expected: map_diagram(g, position, [&exp[0], &exp[1]]),
            actual: map_diagram(g, position, [&actual[0].controlled, &actual[1].controlled]),
        });
    }
    let content_differs = g
        .points()
        .any(|p| expected.content[p].is_some_and(|c| c != position.get(p)));
    if content_differs {
        let drawn: Vec<char> = g
            .points()
            .map(|p| expected.content[p].map(Cell::symbol).unwrap_or('?'))
            .collect();
        out.push(Mismatch {
            what: format!("{what}: the unmarked locations of the diagram"),
            expected: grid_text(g, &drawn),
            actual: position.diagram(g),
        });
    }
}

/// Compare an LJR replay with the check's expectations.
pub fn compare_ljr(l: &LjrCheck, t: &LjrTrace) -> Vec<Mismatch> {
    let g = &l.geometry;
    let mut out = Vec::new();
    compare_ljr_turns(l, t, &mut out);
    let mut eq = |what: String, expected: Option<String>, actual: String| {
        if let Some(e) = expected {
            if e != actual {
                out.push(Mismatch {
                    what,
                    expected: e,
                    actual,
                });
            }
        }
    };
    let x = &l.expect;
    let position = t.position.clone();
    eq(
        "final position".into(),
        x.position.as_ref().map(|p| p.diagram(g)),
        position.diagram(g),
    );
    eq(
        "captives".into(),
        x.captives.as_ref().map(captives_text),
        captives_text(&t.captives),
    );
    eq(
        "game over".into(),
        x.game_over.map(|b| b.to_string()),
        t.game_over.to_string(),
    );
    eq(
        "to move".into(),
        x.to_move.map(|c| c.to_string()),
        t.situation.to_move.to_string(),
    );
    eq(
        "permanently prohibited".into(),
        x.permanently_prohibited.as_ref().map(|v| names(g, v)),
        names(g, &t.situation.permanently_prohibited),
    );
    eq(
        "temporarily prohibited".into(),
        x.temporarily_prohibited.as_ref().map(|v| names(g, v)),
        names(g, &t.situation.temporarily_prohibited),
    );
    eq(
        "passes needed".into(),
        x.passes_needed.map(|n| n.to_string()),
        t.situation.passes_needed.to_string(),
    );
    if let Some(s) = &t.score {
        eq(
            "black points (L-5)".into(),
            x.black.map(|v| v.to_string()),
            s.black.to_string(),
        );
        eq(
            "white points (L-5)".into(),
            x.white.map(|v| v.to_string()),
            s.white.to_string(),
        );
        eq(
            "score".into(),
            x.score.map(crate::engine::fmt_number),
            s.score.to_string(),
        );
        eq("result".into(), x.result.clone(), s.result.clone());
    }
    if let (Some(e), Some(a)) = (&x.control, &t.control) {
        compare_control(g, "control (L-14)", &position, e, a, &mut out);
    }
    if let (Some(e), Some(a)) = (&x.dispute_control, &t.dispute) {
        compare_control(g, "control by disputes (L-17)", &position, e, a, &mut out);
    }
    if let Some((maps, dead)) = &t.claims {
        if let Some(e) = &x.claims_control {
            let answers = [0, 1].map(|c| ControlAnswer {
                controlled: maps[c].iter().map(|&b| Some(b)).collect(),
                explored: 0,
                proofs: Vec::new(),
            });
            compare_control(
                g,
                "control without disagreement (L-17 claims)",
                &position,
                e,
                &answers,
                &mut out,
            );
        }
        if let Some(d) = &x.claims_dead {
            if d != dead {
                out.push(Mismatch {
                    what: "stones the claims make dead (L-17)".into(),
                    expected: names(g, d),
                    actual: names(g, dead),
                });
            }
        }
    }
    out
}

/// Each turn's expectations: legality, captures, cycle removal, position, captives,
/// permanent prohibitions.
fn compare_ljr_turns(l: &LjrCheck, t: &LjrTrace, out: &mut Vec<Mismatch>) {
    let g = &l.geometry;
    let mut eq = |what: String, expected: Option<String>, actual: String| {
        if let Some(e) = expected {
            if e != actual {
                out.push(Mismatch {
                    what,
                    expected: e,
                    actual,
                });
            }
        }
    };
    for (step, s) in l.steps.iter().zip(&t.steps) {
        let here = format!("turn {} `{}` (line {})", s.index, step.text, step.line);
        let e = &step.expect;
        let legality = match (&s.result, e.legal) {
            (Ok(_), false) => Some(match e.reason {
                Some(r) => format!("illegal ({r})"),
                None => "illegal".into(),
            }),
            (Err(_), true) => Some("legal".into()),
            (Err(r), false) if e.reason.is_some_and(|x| x != *r) => {
                Some(format!("illegal ({})", e.reason.unwrap_or(*r)))
            }
            _ => None,
        };
        eq(
            format!("{here}: legality"),
            legality,
            turn_result(g, &s.result),
        );
        if let Ok(d) = &s.result {
            eq(
                format!("{here}: captured"),
                e.captured.as_ref().map(|v| names(g, v)),
                names(g, &d.captured),
            );
            eq(
                format!("{here}: number captured"),
                e.captured_count.map(|n| n.to_string()),
                d.captured.len().to_string(),
            );
            eq(
                format!("{here}: cycle removal"),
                e.cycle_removed.as_ref().map(|v| names(g, v)),
                names(g, &d.cycle_removed),
            );
        }
        eq(
            format!("{here}: position"),
            e.position.as_ref().map(|p| p.diagram(g)),
            s.position.diagram(g),
        );
        eq(
            format!("{here}: captives"),
            e.captives.as_ref().map(captives_text),
            captives_text(&s.captives),
        );
        eq(
            format!("{here}: permanently prohibited"),
            e.permanently_prohibited.as_ref().map(|v| names(g, v)),
            names(g, &s.permanently_prohibited),
        );
    }
}

/// Compare two engines' LJR replays: every turn, and every control both decided.
pub fn compare_ljr_engines(l: &LjrCheck, a: &LjrTrace, b: &LjrTrace) -> Vec<Mismatch> {
    let g = &l.geometry;
    let mut out = Vec::new();
    for (x, y) in a.steps.iter().zip(&b.steps) {
        let here = format!("turn {} `{}`", x.index, x.text);
        if x.turn != y.turn || x.result != y.result {
            out.push(Mismatch {
                what: format!("{here}: engines disagree"),
                expected: format!("{:?} {}", x.turn, turn_result(g, &x.result)),
                actual: format!("{:?} {}", y.turn, turn_result(g, &y.result)),
            });
        }
        if x.position != y.position
            || x.captives != y.captives
            || x.permanently_prohibited != y.permanently_prohibited
        {
            out.push(Mismatch {
                what: format!("{here}: engines disagree on the state after it"),
                expected: format!(
                    "{}captives {}; permanently prohibited {}",
                    x.position.diagram(g),
                    captives_text(&x.captives),
                    names(g, &x.permanently_prohibited)
                ),
                actual: format!(
                    "{}captives {}; permanently prohibited {}",
                    y.position.diagram(g),
                    captives_text(&y.captives),
                    names(g, &y.permanently_prohibited)
                ),
            });
        }
    }
    if a.situation != b.situation || a.game_over != b.game_over || a.captives != b.captives {
        out.push(Mismatch {
            what: "engines disagree on the final situation".into(),
            expected: format!(
                "{:?}, over {}, captives {}",
                a.situation,
                a.game_over,
                captives_text(&a.captives)
            ),
            actual: format!(
                "{:?}, over {}, captives {}",
                b.situation,
                b.game_over,
                captives_text(&b.captives)
            ),
        });
    }
    let position = Some(b.position.clone());
    for (what, x, y) in [
        ("control (L-14)", &a.control, &b.control),
        ("control by disputes (L-17)", &a.dispute, &b.dispute),
    ] {
        if let (Some(x), Some(y), Some(p)) = (x, y, &position) {
            let differ = (0..2).any(|c| {
                g.points()
                    .any(|q| match (x[c].controlled[q], y[c].controlled[q]) {
                        (Some(u), Some(v)) => u != v,
                        _ => false,
                    })
            });
            if differ {
                out.push(Mismatch {
                    what: format!("engines disagree on {what}"),
                    expected: map_diagram(g, p, [&x[0].controlled, &x[1].controlled]),
                    actual: map_diagram(g, p, [&y[0].controlled, &y[1].controlled]),
                });
            }
        }
    }
    out
}

/// LJR control undetermined within the budget, if it is.
pub(super) fn ljr_undetermined(check: &Check, engine: &str, l: &LjrTrace) -> Option<Undetermined> {
    l.is_undetermined().then(|| Undetermined {
        engine: engine.to_string(),
        question: "LJR control".into(),
        per: "nodes per question".into(),
        budget: check.budget,
        spent: l.explored(),
        spent_unit: "nodes".into(),
    })
}
