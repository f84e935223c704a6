//! The vocabulary of the J2003 status games (spec `j2003.md` G-1 ... G-8, J-41 ... J-53),
//! shared by the engines (which answer single status checks) and by the analysis procedure
//! that combines their answers ([`crate::procedure::j2003`]). It depends on the geometry
//! only, so every side can import it without a cycle.
//!
//! A status check is a game: the attacker Y, the opponent of the final string's owner X,
//! moves first; Y wins a play of it when the string is captured (and, for capturable-1/-2,
//! no permanent stone of X stands on the check's local region).

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use serde::Serialize;

/// Which status a check decides (J-41, J-43, J-46).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StatusKind {
    Uncapturable,
    Capturable1,
    Capturable2,
}

/// One status check (G-1): Y tries to force the capture of `string` (a final string of
/// `defender`) and, unless the check is `Uncapturable`, that no permanent stone of the
/// defender stands on `local` (local-1 = the string's points, or local-2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StatusCheck {
    pub string: Vec<Point>,
    pub defender: Colour,
    pub kind: StatusKind,
    /// The region L of the permanent-stone condition; empty for `Uncapturable`.
    pub local: Vec<Point>,
}

/// The status of a final string (J-45, J-49, J-50).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Uncapturable,
    #[serde(rename = "capturable-1")]
    Capturable1,
    #[serde(rename = "capturable-2")]
    Capturable2,
    Dead,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Uncapturable => "uncapturable",
            Status::Capturable1 => "capturable-1",
            Status::Capturable2 => "capturable-2",
            Status::Dead => "dead",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Uncapturable,
            Status::Capturable1,
            Status::Capturable2,
            Status::Dead,
        ]
        .into_iter()
        .find(|x| x.name() == s)
    }

    /// J-49.
    pub fn is_alive(self) -> bool {
        self != Status::Dead
    }
}

/// One final string with what the analysis found; `None` = undetermined within the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringReport {
    pub colour: Colour,
    /// Its points, in board order.
    pub points: Vec<Point>,
    pub status: Option<Status>,
    /// J-48; `None` when a status it needs is undetermined.
    pub direct_ko_stone: Option<bool>,
    /// The check that decided the status (the last one run for this string).
    pub deciding_check: Option<StatusCheck>,
}

/// The analysis of a final-position (J-52).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub strings: Vec<StringReport>,
    /// Game states (or nodes) the engine's solver visited over all checks.
    pub explored: u64,
    /// The status checks run (for `go-oracle bench`: states and time per check).
    pub checks: u64,
}

impl Analysis {
    /// The status of the string on every point (`None` on empty points or undetermined).
    pub fn status_at(&self, len: usize) -> Vec<Option<Status>> {
        let mut out = vec![None; len];
        for s in &self.strings {
            for &p in &s.points {
                out[p] = s.status;
            }
        }
        out
    }

    pub fn is_decided(&self) -> bool {
        self.strings
            .iter()
            .all(|s| s.status.is_some() && s.direct_ko_stone.is_some())
    }

    pub fn has_direct_ko_stone(&self) -> Option<bool> {
        let mut any = false;
        for s in &self.strings {
            match s.direct_ko_stone {
                Some(true) => any = true,
                Some(false) => {}
                None => return None,
            }
        }
        Some(any)
    }
}

/// The strings of a position (J-6), each as its points in board order, in order of their
/// first point.
pub fn strings(geometry: &Geometry, position: &Position) -> Vec<(Colour, Vec<Point>)> {
    let mut seen = vec![false; geometry.len()];
    let mut out = Vec::new();
    for p in geometry.points() {
        let Cell::Stone(c) = position.get(p) else {
            continue;
        };
        if seen[p] {
            continue;
        }
        seen[p] = true;
        let mut string = vec![p];
        let mut i = 0;
        while i < string.len() {
            for &n in geometry.neighbours(string[i]) {
                if !seen[n] && position.get(n) == Cell::Stone(c) {
                    seen[n] = true;
                    string.push(n);
                }
            }
            i += 1;
        }
        string.sort_unstable();
        out.push((c, string));
    }
    out
}

/// Flood from `start`, adding neighbours whose point is not `blocked` (J-44, J-47).
pub fn environment(geometry: &Geometry, start: &[Point], blocked: &[bool]) -> Vec<Point> {
    let mut inside = vec![false; geometry.len()];
    let mut out: Vec<Point> = start.to_vec();
    for &p in start {
        inside[p] = true;
    }
    let mut i = 0;
    while i < out.len() {
        for &n in geometry.neighbours(out[i]) {
            if !inside[n] && !blocked[n] {
                inside[n] = true;
                out.push(n);
            }
        }
        i += 1;
    }
    out.sort_unstable();
    out
}
