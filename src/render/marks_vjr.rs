//! VJR's marks: the statuses of the final strings (V-19 ... V-22) and territory (V-24,
//! V-25), asked of the engines as one assessment.

use super::legend::{
    agreed_at, draw_owners, draw_statuses, string_at, BLUE, DISAGREED, GREEN, ORANGE, RED,
};
use super::{Diagram, MarkShape, MarksFrom};
use crate::engine::Engine;
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::parse::case::Check;
use crate::parse::case_vjr::VjrCheck;
use crate::session::ask::vjr;
use crate::session::verdict::Verdict;
use crate::vjr::VjrStatus;
use std::sync::Arc;

/// VJR statuses (V-19 ... V-22) of the final strings.
pub(super) fn statuses(
    d: &mut Diagram,
    check: &Check,
    v: &VjrCheck,
    from: MarksFrom<'_>,
    source: &str,
) -> Result<(), String> {
    let g = d.geometry.clone();
    let len = g.len();
    let (status, disagreed): (Vec<Option<VjrStatus>>, Vec<Point>) = match from {
        MarksFrom::Engines(e) => {
            let asked = assessment(e, check, v, &g, &d.position)?;
            let verdicts = asked.strings.iter().map(|s| &s.status);
            agreed_at(len, asked.string_points(), verdicts)
        }
        MarksFrom::Expectations => {
            let mut out = vec![None; len];
            for s in &v.strings {
                for p in string_at(&g, &d.position, s.at) {
                    out[p] = Some(s.status);
                }
            }
            (out, Vec::new())
        }
    };
    let entries = [
        (VjrStatus::IndependentlyAlive, MarkShape::Circle, GREEN),
        (VjrStatus::AliveInSeki, MarkShape::Triangle, BLUE),
        (VjrStatus::Dead, MarkShape::Cross, RED),
        (VjrStatus::Undefined, MarkShape::Diamond, ORANGE),
    ]
    .map(|(s, shape, colour)| (s, shape, colour, s.name()));
    let undecided = match from {
        MarksFrom::Engines(_) => format!(
            "undetermined within {} states per question",
            check.solver_budget
        ),
        MarksFrom::Expectations => "no expectation".into(),
    };
    draw_statuses(d, &status, disagreed, &entries, &undecided);
    d.notes.push(format!(
        "VJR statuses, independent life {} ({source})",
        v.independent_life.name()
    ));
    Ok(())
}

/// VJR territory (V-24, V-25).
pub(super) fn territory(
    d: &mut Diagram,
    check: &Check,
    v: &VjrCheck,
    from: MarksFrom<'_>,
    source: &str,
) -> Result<(), String> {
    let g = d.geometry.clone();
    let len = g.len();
    let t: Vec<Option<Colour>> = match from {
        MarksFrom::Engines(e) => match assessment(e, check, v, &g, &d.position)?.territory {
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
        MarksFrom::Expectations => v
            .territory
            .clone()
            .ok_or_else(|| format!("check `{}` has no expected territory", check.name))?,
    };
    let owner: Vec<[bool; 2]> = t
        .iter()
        .map(|o| [*o == Some(Colour::Black), *o == Some(Colour::White)])
        .collect();
    draw_owners(d, &owner, "territory");
    d.notes
        .push(format!("VJR territory (V-24, V-25) ({source})"));
    Ok(())
}

/// The VJR assessment of the position shown, asked of the engines under the check's
/// parameters (VP-1, VP-2).
fn assessment(
    engines: &[Arc<dyn Engine>],
    check: &Check,
    v: &VjrCheck,
    g: &Geometry,
    position: &Position,
) -> Result<vjr::Assessment, String> {
    let question = vjr::AssessmentQuestion {
        life: v.independent_life,
        long_cycles: v.long_cycles,
        budget: check.solver_budget,
        prisoner_difference: 0,
        komi: 0.0,
    };
    vjr::assessment(engines, g, position, question).map_err(|u| u.to_string())
}
