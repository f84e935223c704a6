//! The marks of a check's diagram ([`MarkKind`]): statuses (J2003, VJR), control (LJR, NAJ),
//! territory (VJR) or area, asked of the engines through `session::ask` (the door that
//! compares them: agreed, disagreed and undetermined answers marked apart) or the case's
//! expectations, each with its legend entry.

use super::{area_owners, Diagram, MarkKind, MarkShape, MarksFrom};
use crate::engine::Engine;
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::parse::case::Check;
use crate::rules::{Prisoners, RulesetId, Scoring};
use crate::session::ask::{j2003, ljr, vjr};
use crate::session::verdict::Verdict;
use crate::session::{Action, RulesetGame};
use crate::status_game::Status;
use crate::vjr::VjrStatus;
use std::sync::Arc;

const RED: &str = "#d62728";
const BLUE: &str = "#1f77b4";
const GREEN: &str = "#2ca02c";
const ORANGE: &str = "#ff7f0e";
const GREY: &str = "#888888";
const BLACK: &str = "#000000";
const WHITE: &str = "#ffffff";
pub(super) fn add_check_marks(
    d: &mut Diagram,
    check: &Check,
    kind: MarkKind,
    from: MarksFrom<'_>,
    shown: usize,
) -> Result<(), String> {
    let naj_control = kind == MarkKind::Control && check.ljr().is_none();
    let source = match from {
        // NAJ control is read off the end of the analyses (N-18, N-19): the case's diagrams.
        _ if naj_control => "taken from the case's expected control diagrams".to_string(),
        MarksFrom::Engines(e) => format!("computed by {}", engines_named(e)),
        MarksFrom::Expectations => "taken from the case's expectations".to_string(),
    };
    d.comments.push(format!("marks: {} {source}", kind.name()));
    match kind {
        MarkKind::Statuses if check.ruleset == RulesetId::J2003 => {
            j2003_status_marks(d, check, from, &source)
        }
        MarkKind::Statuses => vjr_status_marks(d, check, from, &source),
        MarkKind::Control => control_marks(d, check, from, &source, shown),
        MarkKind::Territory => territory_marks(d, check, from, &source),
    }
}

/// J2003 statuses (J-41 ... J-50) of the final strings.
fn j2003_status_marks(
    d: &mut Diagram,
    check: &Check,
    from: MarksFrom<'_>,
    source: &str,
) -> Result<(), String> {
    let g = d.geometry.clone();
    let position = d.position.clone();
    let len = d.geometry.len();
    let (status, disagreed): (Vec<Option<Status>>, Vec<Point>) = match from {
        MarksFrom::Engines(e) => {
            let question = j2003::StatusQuestion {
                budget: check.solver_budget,
                prisoner_difference: 0,
                komi: 0.0,
            };
            let asked = j2003::statuses(e, &g, &d.position, question).map_err(|u| u.to_string())?;
            let verdicts = asked.strings.iter().map(|s| &s.status);
            agreed_at(len, asked.string_points(), verdicts)
        }
        MarksFrom::Expectations => {
            let mut out = vec![None; len];
            for e in check.j2003().map(|j| &j.strings[..]).unwrap_or(&[]) {
                for p in string_at(&g, &d.position, e.at) {
                    out[p] = Some(e.status);
                }
            }
            (out, Vec::new())
        }
    };
    let stones = |want: Option<Status>| {
        g.points()
            .filter(|&p| position.get(p) != Cell::Empty && status[p] == want)
            .collect::<Vec<_>>()
    };
    let entries = [
        (Some(Status::Uncapturable), MarkShape::Circle, GREEN),
        (Some(Status::Capturable1), MarkShape::Triangle, BLUE),
        (Some(Status::Capturable2), MarkShape::Diamond, ORANGE),
        (Some(Status::Dead), MarkShape::Cross, RED),
    ];
    for (s, shape, colour) in entries {
        let pts = stones(s);
        d.add_marks(pts, shape, colour, BLACK, s.map_or("", |s| s.name()));
    }
    let undecided: Vec<Point> = stones(None)
        .into_iter()
        .filter(|p| !disagreed.contains(p))
        .collect();
    let what = match from {
        MarksFrom::Engines(_) => format!(
            "undetermined within {} states per check",
            check.solver_budget
        ),
        MarksFrom::Expectations => "no expectation".into(),
    };
    d.add_marks(undecided, MarkShape::Square, GREY, BLACK, &what);
    d.add_marks(disagreed, MarkShape::Circle, RED, WHITE, DISAGREED);
    d.notes.push(format!("J2003 statuses ({source})"));
    Ok(())
}

/// VJR statuses (V-19 ... V-22) of the final strings.
fn vjr_status_marks(
    d: &mut Diagram,
    check: &Check,
    from: MarksFrom<'_>,
    source: &str,
) -> Result<(), String> {
    let g = d.geometry.clone();
    let position = d.position.clone();
    let len = d.geometry.len();
    let (status, disagreed): (Vec<Option<VjrStatus>>, Vec<Point>) = match from {
        MarksFrom::Engines(e) => {
            let asked = vjr_assessment(e, check, &g, &d.position)?;
            let verdicts = asked.strings.iter().map(|s| &s.status);
            agreed_at(len, asked.string_points(), verdicts)
        }
        MarksFrom::Expectations => {
            let mut out = vec![None; len];
            for s in check.vjr().map(|v| &v.strings[..]).unwrap_or(&[]) {
                for p in string_at(&g, &d.position, s.at) {
                    out[p] = Some(s.status);
                }
            }
            (out, Vec::new())
        }
    };
    let stones = |want: Option<VjrStatus>| {
        g.points()
            .filter(|&p| position.get(p) != Cell::Empty && status[p] == want)
            .collect::<Vec<_>>()
    };
    let entries = [
        (
            Some(VjrStatus::IndependentlyAlive),
            MarkShape::Circle,
            GREEN,
        ),
        (Some(VjrStatus::AliveInSeki), MarkShape::Triangle, BLUE),
        (Some(VjrStatus::Dead), MarkShape::Cross, RED),
        (Some(VjrStatus::Undefined), MarkShape::Diamond, ORANGE),
    ];
    for (s, shape, colour) in entries {
        let pts = stones(s);
        d.add_marks(pts, shape, colour, BLACK, s.map_or("", |s| s.name()));
    }
    let what = match from {
        MarksFrom::Engines(_) => format!(
            "undetermined within {} states per question",
            check.solver_budget
        ),
        MarksFrom::Expectations => "no expectation".into(),
    };
    let undecided: Vec<Point> = stones(None)
        .into_iter()
        .filter(|p| !disagreed.contains(p))
        .collect();
    d.add_marks(undecided, MarkShape::Square, GREY, BLACK, &what);
    d.add_marks(disagreed, MarkShape::Circle, RED, WHITE, DISAGREED);
    d.notes.push(format!(
        "VJR statuses, independent life {} ({source})",
        vjr_params(check).0.name()
    ));
    Ok(())
}

/// Control: LJR (L-14) from the engine or the case, NAJ from the case's diagrams.
fn control_marks(
    d: &mut Diagram,
    check: &Check,
    from: MarksFrom<'_>,
    source: &str,
    shown: usize,
) -> Result<(), String> {
    let g = d.geometry.clone();
    let len = d.geometry.len();
    let mut disagreed = Vec::new();
    let maps: [Vec<Option<bool>>; 2] = if let Some(l) = check.ljr() {
        match from {
            MarksFrom::Engines(e) => {
                // The permanently prohibited points of the situation reached.
                let question = ljr::ControlQuestion {
                    permanently_prohibited: ljr_prohibited(check, e, shown)?,
                    captives: Prisoners::default(),
                    komi: 0,
                    params: l.params,
                    budget: l.budget,
                };
                let asked =
                    ljr::control(e, &g, &d.position, &question).map_err(|u| u.to_string())?;
                // The two-eye test (L-14), a location per point in board order.
                let mut maps = [vec![None; len], vec![None; len]];
                for (p, location) in asked.locations.iter().enumerate() {
                    for (map, verdict) in maps.iter_mut().zip(&location.two_eye) {
                        map[p] = verdict.agreed().copied();
                    }
                    if location
                        .two_eye
                        .iter()
                        .any(|v| matches!(v, Verdict::Disagreed(_)))
                    {
                        disagreed.push(p);
                    }
                }
                maps
            }
            MarksFrom::Expectations => {
                let c = l.expect.control.as_ref().ok_or_else(|| {
                    format!("check `{}` has no expected control diagram", check.name)
                })?;
                [
                    c.marks[0].iter().map(|&b| Some(b)).collect(),
                    c.marks[1].iter().map(|&b| Some(b)).collect(),
                ]
            }
        }
    } else {
        // NAJ: control is read off the end of the analyses; the case's diagrams.
        let none = [None, None];
        let [b, w] = check.naj().map(|n| &n.control).unwrap_or(&none);
        if b.is_none() && w.is_none() {
            return Err(format!(
                "check `{}` has no expected control diagram (NAJ control is drawn from the case's `control`, `black-control` or `white-control`)",
                check.name
            ));
        }
        let conv = |m: &Option<Vec<bool>>| match m {
            Some(v) => v.iter().map(|&x| Some(x)).collect(),
            None => vec![Some(false); len],
        };
        [conv(b), conv(w)]
    };
    let both: Vec<Point> = g
        .points()
        .filter(|&p| maps[0][p] == Some(true) && maps[1][p] == Some(true))
        .collect();
    let only = |c: usize| {
        g.points()
            .filter(|&p| maps[c][p] == Some(true) && maps[1 - c][p] != Some(true))
            .collect::<Vec<_>>()
    };
    d.add_marks(only(0), MarkShape::Square, BLACK, WHITE, "black control");
    d.add_marks(only(1), MarkShape::Square, WHITE, BLACK, "white control");
    d.add_marks(both, MarkShape::Diamond, GREY, BLACK, "both control");
    let unknown: Vec<Point> = g
        .points()
        .filter(|&p| (maps[0][p].is_none() || maps[1][p].is_none()) && !disagreed.contains(&p))
        .collect();
    d.add_marks(unknown, MarkShape::Circle, ORANGE, BLACK, "undetermined");
    d.add_marks(disagreed, MarkShape::Circle, RED, WHITE, DISAGREED);
    d.notes.push(format!("control ({source})"));
    Ok(())
}

/// Territory: VJR (V-24, V-25), else area (PLAY-12).
fn territory_marks(
    d: &mut Diagram,
    check: &Check,
    from: MarksFrom<'_>,
    source: &str,
) -> Result<(), String> {
    let g = d.geometry.clone();
    let len = d.geometry.len();
    let owner: Vec<[bool; 2]> = if check.ruleset == RulesetId::Vjr {
        let t: Vec<Option<Colour>> = match from {
            MarksFrom::Engines(e) => match vjr_assessment(e, check, &g, &d.position)?.territory {
                Verdict::Agreed(Some(t)) => t.owner,
                Verdict::Agreed(None) => {
                    d.notes
                        .push("VJR territory: none (a status is undefined, V-22)".into());
                    vec![None; len]
                }
                Verdict::Disagreed(_) => {
                    d.notes.push(format!("VJR territory: {DISAGREED}"));
                    vec![None; len]
                }
                Verdict::Undetermined { .. } => {
                    d.notes.push(format!(
                        "VJR territory: none (a status is undetermined within {} states per question)",
                        check.solver_budget
                    ));
                    vec![None; len]
                }
            },
            MarksFrom::Expectations => check
                .vjr()
                .and_then(|v| v.territory.clone())
                .ok_or_else(|| format!("check `{}` has no expected territory", check.name))?,
        };
        t.iter()
            .map(|o| [*o == Some(Colour::Black), *o == Some(Colour::White)])
            .collect()
    } else {
        let scoring = check.rules.as_ref().map_or(Scoring::None, |r| r.scoring);
        area_owners(&g, &d.position, scoring)
    };
    let pick = |b: bool, w: bool| {
        g.points()
            .filter(|&p| owner[p] == [b, w])
            .collect::<Vec<_>>()
    };
    let (what, src) = if check.ruleset == RulesetId::Vjr {
        ("territory", source.to_string())
    } else {
        ("area (empty point)", "computed".to_string())
    };
    d.add_marks(
        pick(true, false),
        MarkShape::Square,
        BLACK,
        WHITE,
        &format!("black {what}"),
    );
    d.add_marks(
        pick(false, true),
        MarkShape::Square,
        WHITE,
        BLACK,
        &format!("white {what}"),
    );
    d.add_marks(
        pick(true, true),
        MarkShape::Diamond,
        GREY,
        BLACK,
        &format!("counts for both ({what})"),
    );
    d.notes.push(format!(
        "{} ({src})",
        if check.ruleset == RulesetId::Vjr {
            "VJR territory (V-24, V-25)"
        } else {
            "area scoring (PLAY-12)"
        }
    ));
    Ok(())
}

/// The legend entry of what the engines decided differently.
const DISAGREED: &str = "the engines disagree";

/// The engines, named for a legend: "the optimized engine", "the reference and optimized
/// engines".
fn engines_named(engines: &[Arc<dyn Engine>]) -> String {
    let names: Vec<String> = engines.iter().map(|e| e.name()).collect();
    match &names[..] {
        [one] => format!("the {one} engine"),
        _ => format!("the {} engines", names.join(" and ")),
    }
}

/// Per point, the answer the engines agree on for the string through it, and the points of
/// the strings they disagree on (`strings` and `verdicts` in the same order).
fn agreed_at<'v, T: Copy + PartialEq + 'v>(
    len: usize,
    strings: Vec<Vec<Point>>,
    verdicts: impl Iterator<Item = &'v Verdict<T>>,
) -> (Vec<Option<T>>, Vec<Point>) {
    let mut out = vec![None; len];
    let mut disagreed = Vec::new();
    for (points, verdict) in strings.into_iter().zip(verdicts) {
        match verdict {
            Verdict::Agreed(t) => points.iter().for_each(|&p| out[p] = Some(*t)),
            Verdict::Disagreed(_) => disagreed.extend(points),
            Verdict::Undetermined { .. } => {}
        }
    }
    disagreed.sort_unstable();
    (out, disagreed)
}

/// The VJR parameters of the check (VP-1, VP-2): the check's own, else the defaults.
fn vjr_params(check: &Check) -> (crate::vjr::IndependentLife, crate::vjr::LongCycles) {
    check
        .vjr()
        .map(|v| (v.independent_life, v.long_cycles))
        .unwrap_or((crate::vjr::IndependentLife::DEFAULT, Default::default()))
}

/// The VJR assessment of the position shown, asked of the engines.
fn vjr_assessment(
    engines: &[Arc<dyn Engine>],
    check: &Check,
    g: &Geometry,
    position: &Position,
) -> Result<vjr::Assessment, String> {
    let question = vjr::AssessmentQuestion {
        life: vjr_params(check).0,
        long_cycles: vjr_params(check).1,
        budget: check.solver_budget,
        prisoner_difference: 0,
        komi: 0.0,
    };
    vjr::assessment(engines, g, position, question).map_err(|u| u.to_string())
}

/// The permanently prohibited points of the LJR situation after `shown` turns (replayed
/// again on the last of the engines, the one the diagram's moves were played on: the
/// diagram keeps only the position).
fn ljr_prohibited(
    check: &Check,
    engines: &[Arc<dyn Engine>],
    shown: usize,
) -> Result<Vec<Point>, String> {
    let l = check.ljr().ok_or("not an LJR check")?;
    let e = engines.last().ok_or("no engine")?.as_ref();
    let mut game = RulesetGame::start_ljr(e, &l.geometry, &l.start).map_err(|u| u.to_string())?;
    for step in l.steps.iter().take(shown) {
        let _ = game.play(Action::ljr(step.cycle, step.play));
    }
    Ok(game
        .situation()
        .map(|s| s.permanently_prohibited)
        .unwrap_or_default())
}

/// The points of the string through `at` (just `at` when it is empty).
fn string_at(g: &Geometry, position: &Position, at: Point) -> Vec<Point> {
    let c = position.get(at);
    if c == Cell::Empty {
        return vec![at];
    }
    let mut seen = vec![false; g.len()];
    let mut out = vec![at];
    seen[at] = true;
    let mut i = 0;
    while i < out.len() {
        for &q in g.neighbours(out[i]) {
            if !seen[q] && position.get(q) == c {
                seen[q] = true;
                out.push(q);
            }
        }
        i += 1;
    }
    out.sort_unstable();
    out
}
