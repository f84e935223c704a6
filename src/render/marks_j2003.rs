//! J2003's marks: the statuses of the final strings (J-41 ... J-50).

use super::legend::{agreed_at, draw_statuses, string_at, BLUE, GREEN, ORANGE, RED};
use super::{Diagram, MarkShape, MarksFrom};
use crate::geometry::Point;
use crate::parse::case::Check;
use crate::parse::case_j2003::J2003Check;
use crate::session::ask::j2003;
use crate::status_game::Status;

/// J2003 statuses (J-41 ... J-50) of the final strings.
pub(super) fn statuses(
    d: &mut Diagram,
    check: &Check,
    j: &J2003Check,
    from: MarksFrom<'_>,
    source: &str,
) -> Result<(), String> {
    let g = d.geometry.clone();
    let len = g.len();
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
            for e in &j.strings {
                for p in string_at(&g, &d.position, e.at) {
                    out[p] = Some(e.status);
                }
            }
            (out, Vec::new())
        }
    };
    let entries = [
        (Status::Uncapturable, MarkShape::Circle, GREEN),
        (Status::Capturable1, MarkShape::Triangle, BLUE),
        (Status::Capturable2, MarkShape::Diamond, ORANGE),
        (Status::Dead, MarkShape::Cross, RED),
    ]
    .map(|(s, shape, colour)| (s, shape, colour, s.name()));
    let undecided = match from {
        MarksFrom::Engines(_) => format!(
            "undetermined within {} states per check",
            check.solver_budget
        ),
        MarksFrom::Expectations => "no expectation".into(),
    };
    draw_statuses(d, &status, disagreed, &entries, &undecided);
    d.notes.push(format!("J2003 statuses ({source})"));
    Ok(())
}
