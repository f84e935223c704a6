//! The VJR family (spec `vjr.md`): the status assessment of the final position (V-19 ...
//! V-23), its territory and score (V-24 ... V-28), compared with a check's expectations and
//! between engines.

use super::compare::expect_eq;
use super::ignored::Undetermined;
pub use super::trace::VjrTrace;
use super::trace::{Mismatch, Trace};
use crate::engine::Engine;
use crate::geometry::{Colour, Geometry};
use crate::parse::case::{Check, VjrCheck};
use crate::procedure::vjr::Strings;
use crate::vjr::Outcome;

pub(super) fn vjr_trace(
    engine: &dyn Engine,
    check: &Check,
    v: &VjrCheck,
    alternation: &Trace,
) -> Result<VjrTrace, String> {
    let prisoner_difference =
        alternation.prisoners.black as i64 - alternation.prisoners.white as i64;
    let mut t = VjrTrace {
        assessment: None,
        territory: None,
        prisoner_difference,
        score: None,
        result: None,
    };
    let x = &check.expect;
    let wants =
        !v.strings.is_empty() || v.territory.is_some() || x.score.is_some() || x.result.is_some();
    // V-4: the final position is where the alternation ended by two passes, or the position
    // a check gives with no moves.
    if !(alternation.game_over || check.steps.is_empty()) || !wants {
        return Ok(t);
    }
    // Statuses alone: only the strings the check names are asked (V-23: each on its own), so
    // a string left undetermined elsewhere on the board does not hide them.
    let named: Vec<_> = v.strings.iter().map(|e| e.at).collect();
    let which = if v.territory.is_none() && x.score.is_none() && x.result.is_none() {
        Strings::At(&named)
    } else {
        Strings::All
    };
    let a = crate::procedure::vjr::assess_strings(
        engine,
        &check.geometry,
        &alternation.position,
        v.independent_life,
        v.long_cycles,
        check.solver_budget,
        which,
    )
    .map_err(|u| u.to_string())?;
    if let Some(ter) =
        crate::procedure::vjr::territory(engine, &check.geometry, &alternation.position, &a)
            .map_err(|u| u.to_string())?
    {
        let score = crate::procedure::vjr::score(&ter, prisoner_difference, check.komi);
        t.score = Some(score);
        t.result = Some(crate::engine::result_text(score));
        t.territory = Some(ter);
    }
    t.assessment = Some(a);
    Ok(t)
}

/// A territory map as rows of `B`, `W`, `.`.
pub fn territory_rows(g: &Geometry, owner: &[Option<Colour>]) -> String {
    let (w, h) = g.rect_size().unwrap_or((owner.len(), 1));
    let mut out = String::new();
    for y in 0..h {
        let row: Vec<String> = (0..w)
            .map(|x| {
                match owner[y * w + x] {
                    Some(Colour::Black) => "B",
                    Some(Colour::White) => "W",
                    None => ".",
                }
                .to_string()
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

fn answer_word(o: Option<Outcome>) -> String {
    match o {
        Some(Outcome::Yes) => "true".into(),
        Some(Outcome::No) => "false".into(),
        Some(Outcome::Undefined) => "undefined".into(),
        None => "undetermined".into(),
    }
}

pub(super) fn compare_vjr(check: &Check, vx: &VjrCheck, v: &VjrTrace, out: &mut Vec<Mismatch>) {
    let g = &check.geometry;
    let x = &check.expect;
    for e in &vx.strings {
        let what = format!(
            "VJR status of the string at {} ({})",
            g.name(e.at),
            vx.independent_life
        );
        let Some(a) = &v.assessment else {
            out.push(Mismatch {
                what,
                expected: e.status.name().into(),
                actual: "no assessment: the alternation did not end with two passes".into(),
            });
            continue;
        };
        let Some(found) = a.strings.iter().find(|s| s.points.contains(&e.at)) else {
            out.push(Mismatch {
                what,
                expected: e.status.name().into(),
                actual: "no stone there in the final position".into(),
            });
            continue;
        };
        // An undetermined status is not a mismatch: the runner shows the check as ignored.
        if let Some(got) = found.status {
            if got != e.status {
                out.push(Mismatch {
                    what,
                    expected: e.status.name().into(),
                    actual: got.name().into(),
                });
            }
        }
        for (name, want, got) in [
            ("uncapturable (V-13)", e.uncapturable, found.uncapturable),
            (
                "independently alive (V-12)",
                e.independently_alive,
                found.independently_alive,
            ),
        ] {
            if let (Some(w), Some(gv)) = (want, got) {
                if w != gv {
                    out.push(Mismatch {
                        what: format!("{name} of the string at {}", g.name(e.at)),
                        expected: answer_word(Some(w)),
                        actual: answer_word(Some(gv)),
                    });
                }
            }
        }
    }
    if let Some(want) = &vx.territory {
        let all_decided = v
            .assessment
            .as_ref()
            .is_some_and(|a| a.strings.iter().all(|s| s.status.is_some()));
        match &v.territory {
            Some(t) if &t.owner != want => out.push(Mismatch {
                what: "territory (V-25)".into(),
                expected: territory_rows(g, want),
                actual: territory_rows(g, &t.owner),
            }),
            None if all_decided => out.push(Mismatch {
                what: "territory (V-25)".into(),
                expected: territory_rows(g, want),
                actual: "none: a status is undefined (V-22)".into(),
            }),
            _ => {}
        }
    }
    expect_eq(
        out,
        "prisoner-difference",
        x.prisoner_difference.map(|v| v.to_string()),
        v.prisoner_difference.to_string(),
    );
    let undetermined = v.is_undetermined();
    let show = |s: Option<f64>| {
        s.map(crate::engine::fmt_number)
            .unwrap_or_else(|| "none".into())
    };
    if x.score.is_some() && !undetermined {
        expect_eq(
            out,
            "score (V-27)",
            x.score.map(crate::engine::fmt_number),
            show(v.score),
        );
    }
    if x.result.is_some() && !undetermined {
        expect_eq(
            out,
            "result (V-28)",
            x.result.clone(),
            v.result.clone().unwrap_or_else(|| "none".into()),
        );
    }
}

/// What two engines must agree on: every answer and status both decided, the territory and
/// the score when both have them.
pub(super) fn compare_vjr_engines(
    g: &Geometry,
    a: &VjrTrace,
    b: &VjrTrace,
    out: &mut Vec<Mismatch>,
) {
    if let (Some(x), Some(y)) = (&a.assessment, &b.assessment) {
        for (s, t) in x.strings.iter().zip(&y.strings) {
            for (name, p, q) in [
                (
                    "status",
                    s.status.map(|v| v.name().to_string()),
                    t.status.map(|v| v.name().to_string()),
                ),
                (
                    "uncapturable",
                    s.uncapturable.map(|v| answer_word(Some(v))),
                    t.uncapturable.map(|v| answer_word(Some(v))),
                ),
                (
                    "independently alive",
                    s.independently_alive.map(|v| answer_word(Some(v))),
                    t.independently_alive.map(|v| answer_word(Some(v))),
                ),
            ] {
                if let (Some(p), Some(q)) = (p, q) {
                    if p != q {
                        out.push(Mismatch {
                            what: format!(
                                "engines disagree on the VJR {name} of the string at {}",
                                g.name(s.points[0])
                            ),
                            expected: p,
                            actual: q,
                        });
                    }
                }
            }
        }
    }
    if let (Some(x), Some(y)) = (&a.territory, &b.territory) {
        if x != y {
            out.push(Mismatch {
                what: "engines disagree on the VJR territory".into(),
                expected: format!(
                    "{}removed: black {}, white {}",
                    territory_rows(g, &x.owner),
                    x.removed_black,
                    x.removed_white
                ),
                actual: format!(
                    "{}removed: black {}, white {}",
                    territory_rows(g, &y.owner),
                    y.removed_black,
                    y.removed_white
                ),
            });
        }
    }
    if a.score.is_some() && b.score.is_some() && a.score != b.score {
        out.push(Mismatch {
            what: "engines disagree on the VJR score".into(),
            expected: format!("{:?}", a.score),
            actual: format!("{:?}", b.score),
        });
    }
}

/// A VJR status question undetermined within the budget, if one is.
pub(super) fn vjr_undetermined(check: &Check, engine: &str, v: &VjrTrace) -> Option<Undetermined> {
    v.is_undetermined().then(|| Undetermined {
        engine: engine.to_string(),
        question: "a VJR status question".into(),
        per: "states/nodes per question".into(),
        budget: check.solver_budget,
        spent: v.explored(),
        spent_unit: String::new(),
    })
}
