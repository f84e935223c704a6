//! What the marks of every family share: the colours, the drawing of statuses, control
//! and ownership with their legend entries, and the reading of the engines' verdicts per
//! point.

use super::{Diagram, MarkShape};
use crate::engine::Engine;
use crate::geometry::{Cell, Geometry, Point, Position};
use crate::session::verdict::Verdict;
use std::sync::Arc;

pub(super) const RED: &str = "#d62728";
pub(super) const BLUE: &str = "#1f77b4";
pub(super) const GREEN: &str = "#2ca02c";
pub(super) const ORANGE: &str = "#ff7f0e";
pub(super) const GREY: &str = "#888888";
pub(super) const BLACK: &str = "#000000";
pub(super) const WHITE: &str = "#ffffff";

/// The stones of each status (`entries`: status, shape, colour, legend), the undecided
/// ones (legend `undecided`) and those the engines disagree on.
pub(super) fn draw_statuses<T: Copy + PartialEq>(
    d: &mut Diagram,
    status: &[Option<T>],
    disagreed: Vec<Point>,
    entries: &[(T, MarkShape, &str, &str)],
    undecided: &str,
) {
    let g = d.geometry.clone();
    let position = d.position.clone();
    let stones = |want: Option<T>| {
        g.points()
            .filter(|&p| position.get(p) != Cell::Empty && status[p] == want)
            .collect::<Vec<_>>()
    };
    for &(s, shape, colour, name) in entries {
        d.add_marks(stones(Some(s)), shape, colour, BLACK, name);
    }
    let unknown: Vec<Point> = stones(None)
        .into_iter()
        .filter(|p| !disagreed.contains(p))
        .collect();
    d.add_marks(unknown, MarkShape::Square, GREY, BLACK, undecided);
    d.add_marks(disagreed, MarkShape::Circle, RED, WHITE, DISAGREED);
}

/// Control per colour (`maps`: `None` undetermined), and the points the engines disagree on.
pub(super) fn draw_control(
    d: &mut Diagram,
    maps: &[Vec<Option<bool>>; 2],
    disagreed: Vec<Point>,
    source: &str,
) {
    let g = d.geometry.clone();
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
}

/// The points each colour owns (`owner[p]`: black, white), `what` naming the ownership.
pub(super) fn draw_owners(d: &mut Diagram, owner: &[[bool; 2]], what: &str) {
    let g = d.geometry.clone();
    let pick = |b: bool, w: bool| {
        g.points()
            .filter(|&p| owner[p] == [b, w])
            .collect::<Vec<_>>()
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
}

/// The legend entry of what the engines decided differently.
pub(super) const DISAGREED: &str = "the engines disagree";

/// The engines, named for a legend: "the optimized engine", "the reference and optimized
/// engines".
pub(super) fn engines_named(engines: &[Arc<dyn Engine>]) -> String {
    let names: Vec<String> = engines.iter().map(|e| e.name()).collect();
    match &names[..] {
        [one] => format!("the {one} engine"),
        _ => format!("the {} engines", names.join(" and ")),
    }
}

/// Per point, the answer the engines agree on for the string through it, and the points of
/// the strings they disagree on (`strings` and `verdicts` in the same order).
pub(super) fn agreed_at<'v, T: Copy + PartialEq + 'v>(
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

/// The points of the string through `at` (just `at` when it is empty).
pub(super) fn string_at(g: &Geometry, position: &Position, at: Point) -> Vec<Point> {
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
