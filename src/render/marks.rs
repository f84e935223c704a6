//! The marks of a check's diagram ([`MarkKind`]): statuses (J2003, VJR), control (LJR, NAJ),
//! territory (VJR) or area, from an engine (through `procedure/`) or the case's
//! expectations, each with its legend entry.

use super::{area_owners, Diagram, MarkKind, MarkShape, MarksFrom};
use crate::engine::Engine;
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::ControlMethod;
use crate::parse::case::Check;
use crate::rules::{RulesetId, Scoring};
use crate::session::{Action, RulesetGame};
use crate::status_game::Status;
use crate::vjr::VjrStatus;

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
    let naj_control = kind == MarkKind::Control && check.ljr.is_none();
    let source = match from {
        // NAJ control is read off the end of the analyses (N-18, N-19): the case's diagrams.
        _ if naj_control => "taken from the case's expected control diagrams".to_string(),
        MarksFrom::Engine(e) => format!("computed by the {} engine", e.name()),
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
    let status: Vec<Option<Status>> = match from {
        MarksFrom::Engine(e) => {
            crate::procedure::j2003::analyse(e, &g, &d.position, check.solver_budget)
                .map_err(|u| u.to_string())?
                .status_at(len)
        }
        MarksFrom::Expectations => {
            let mut out = vec![None; len];
            for &(at, s, _) in &check.expect.j2003_strings {
                for p in string_at(&g, &d.position, at) {
                    out[p] = Some(s);
                }
            }
            out
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
    let undecided = stones(None);
    let what = match from {
        MarksFrom::Engine(_) => format!(
            "undetermined within {} states per check",
            check.solver_budget
        ),
        MarksFrom::Expectations => "no expectation".into(),
    };
    d.add_marks(undecided, MarkShape::Square, GREY, BLACK, &what);
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
    let status: Vec<Option<VjrStatus>> = match from {
        MarksFrom::Engine(e) => vjr_assessment(e, check, &g, &d.position)?.status_at(len),
        MarksFrom::Expectations => {
            let mut out = vec![None; len];
            for s in &check.expect.vjr_strings {
                for p in string_at(&g, &d.position, s.at) {
                    out[p] = Some(s.status);
                }
            }
            out
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
        MarksFrom::Engine(_) => format!(
            "undetermined within {} states per question",
            check.solver_budget
        ),
        MarksFrom::Expectations => "no expectation".into(),
    };
    d.add_marks(stones(None), MarkShape::Square, GREY, BLACK, &what);
    d.notes.push(format!(
        "VJR statuses, independent life {} ({source})",
        check.independent_life.name()
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
    let maps: [Vec<Option<bool>>; 2] = if let Some(l) = &check.ljr {
        match from {
            MarksFrom::Engine(e) => {
                // The permanently prohibited points of the situation reached.
                let prohibited = ljr_prohibited(check, e, shown)?;
                let [b, w] = crate::procedure::ljr::control_maps(
                    e,
                    &g,
                    &d.position,
                    &prohibited,
                    ControlMethod::TwoEyeTest,
                    l.params,
                    l.budget,
                )
                .map_err(|u| u.to_string())?;
                [b.controlled, w.controlled]
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
        let (b, w) = (&check.expect.black_control, &check.expect.white_control);
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
        .filter(|&p| maps[0][p].is_none() || maps[1][p].is_none())
        .collect();
    d.add_marks(unknown, MarkShape::Circle, ORANGE, BLACK, "undetermined");
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
            MarksFrom::Engine(e) => {
                let a = vjr_assessment(e, check, &g, &d.position)?;
                match crate::procedure::vjr::territory(e, &g, &d.position, &a)
                    .map_err(|u| u.to_string())?
                {
                    Some(t) => t.owner,
                    None => {
                        d.notes.push(
                            "VJR territory: none (a status is undetermined or undefined)".into(),
                        );
                        vec![None; len]
                    }
                }
            }
            MarksFrom::Expectations => check
                .expect
                .vjr_territory
                .clone()
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

fn vjr_assessment(
    e: &dyn Engine,
    check: &Check,
    g: &Geometry,
    position: &Position,
) -> Result<crate::vjr::VjrAssessment, String> {
    crate::procedure::vjr::assess(
        e,
        g,
        position,
        check.independent_life,
        check.long_cycles,
        check.solver_budget,
    )
    .map_err(|u| u.to_string())
}

/// The permanently prohibited points of the LJR situation after `shown` turns (replayed
/// again: the diagram keeps only the position).
fn ljr_prohibited(check: &Check, e: &dyn Engine, shown: usize) -> Result<Vec<Point>, String> {
    let l = check.ljr.as_ref().ok_or("not an LJR check")?;
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
