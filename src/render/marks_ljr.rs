//! LJR's marks: control (L-14's two-eye test per point), from the engines or the case.

use super::legend::draw_control;
use super::{Diagram, MarksFrom};
use crate::engine::Engine;
use crate::geometry::Point;
use crate::parse::case::Check;
use crate::parse::case_ljr::LjrCheck;
use crate::rules::Prisoners;
use crate::session::ask::ljr;
use crate::session::verdict::Verdict;
use crate::session::{Action, RulesetGame};
use std::sync::Arc;

/// Control (L-14) of the situation after `shown` turns.
pub(super) fn control(
    d: &mut Diagram,
    check: &Check,
    l: &LjrCheck,
    from: MarksFrom<'_>,
    source: &str,
    shown: usize,
) -> Result<(), String> {
    let len = d.geometry.len();
    let mut disagreed = Vec::new();
    let maps: [Vec<Option<bool>>; 2] = match from {
        MarksFrom::Engines(e) => {
            // The permanently prohibited points of the situation reached.
            let question = ljr::ControlQuestion {
                permanently_prohibited: prohibited(l, e, shown)?,
                captives: Prisoners::default(),
                komi: 0,
                params: l.params,
                budget: l.budget,
            };
            let asked =
                ljr::control(e, &d.geometry, &d.position, &question).map_err(|u| u.to_string())?;
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
            let c =
                l.expect.control.as_ref().ok_or_else(|| {
                    format!("check `{}` has no expected control diagram", check.name)
                })?;
            [
                c.marks[0].iter().map(|&b| Some(b)).collect(),
                c.marks[1].iter().map(|&b| Some(b)).collect(),
            ]
        }
    };
    draw_control(d, &maps, disagreed, source);
    Ok(())
}

/// The permanently prohibited points of the LJR situation after `shown` turns (replayed
/// again on the last of the engines, the one the diagram's moves were played on: the
/// diagram keeps only the position).
fn prohibited(
    l: &LjrCheck,
    engines: &[Arc<dyn Engine>],
    shown: usize,
) -> Result<Vec<Point>, String> {
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
