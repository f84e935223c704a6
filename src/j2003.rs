//! Japanese 2003 Rules: the terms both engines share (spec `j2003.md`).
//!
//! A status check is a game (spec G-1 ... G-8): the attacker Y, the opponent of the final
//! string's owner X, moves first; Y wins a play of it when the string is captured (and, for
//! capturable-1/-2, no permanent stone of X stands on the check's local region). Each engine
//! answers "can Y force it?" ([`crate::engine::Engine::j2003_force`]); the analysis procedure
//! (J-52) that combines the answers is here, written once, because it only orders the
//! checks and forms the regions they need.

use crate::engine::{Answer, Engine, Unsupported};
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

/// A play with no suicide: the position after it and the removed points, or `None`.
pub type PlayFn<'a> = dyn Fn(&Position, Point, Colour) -> Option<(Position, Vec<Point>)> + 'a;

/// J-27/J-28: whether the single stone at `y` is a ko stone: some adjacent empty `x` where
/// the opponent's play removes exactly that stone and the owner's immediate play back at `y`
/// removes exactly the new stone and recreates the position. `play` makes a play (no
/// suicide) and returns the position after it and the points it removed.
pub fn is_ko_stone(geometry: &Geometry, position: &Position, y: Point, play: &PlayFn<'_>) -> bool {
    let Cell::Stone(owner) = position.get(y) else {
        return false;
    };
    geometry.neighbours(y).iter().any(|&x| {
        if position.get(x) != Cell::Empty {
            return false;
        }
        let Some((after, removed)) = play(position, x, owner.opponent()) else {
            return false;
        };
        if removed != [y] {
            return false;
        }
        match play(&after, y, owner) {
            Some((back, removed_back)) => removed_back == [x] && &back == position,
            None => false,
        }
    })
}

/// The analysis procedure (J-52, J-53): uncapturable, then capturable-1, then capturable-2
/// with the local environments the earlier steps give, then direct ko stones (J-47, J-48).
/// `budget` bounds each check. A check left undetermined leaves its string undetermined, and
/// every later step that needs it too.
pub fn analyse(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<Analysis, Unsupported> {
    let strings = strings(geometry, position);
    let mut explored = 0;
    let mut status: Vec<Option<Status>> = vec![None; strings.len()];
    let mut unknown: Vec<bool> = vec![false; strings.len()];
    let mut last_check: Vec<Option<StatusCheck>> = vec![None; strings.len()];
    let mut force = |check: &StatusCheck| -> Result<Option<bool>, Unsupported> {
        Ok(
            match engine.j2003_force(geometry, position, check, budget)? {
                Answer::Decided((forced, n)) => {
                    explored += n;
                    Some(forced)
                }
                Answer::Undetermined { explored: n } => {
                    explored += n;
                    None
                }
            },
        )
    };
    // Step 1 (J-41) and step 2 (J-43).
    for (i, (colour, points)) in strings.iter().enumerate() {
        let check = StatusCheck {
            string: points.clone(),
            defender: *colour,
            kind: StatusKind::Uncapturable,
            local: Vec::new(),
        };
        let verdict = force(&check)?;
        last_check[i] = Some(check);
        match verdict {
            Some(false) => status[i] = Some(Status::Uncapturable),
            Some(true) => {}
            None => unknown[i] = true,
        }
    }
    for (i, (colour, points)) in strings.iter().enumerate() {
        if status[i].is_some() || unknown[i] {
            continue;
        }
        let check = StatusCheck {
            string: points.clone(),
            defender: *colour,
            kind: StatusKind::Capturable1,
            local: points.clone(),
        };
        let verdict = force(&check)?;
        last_check[i] = Some(check);
        match verdict {
            Some(false) => status[i] = Some(Status::Capturable1),
            Some(true) => {}
            None => unknown[i] = true,
        }
    }
    // Blockers of the environments: strings known uncapturable or capturable-1. While any
    // string's step 1 or 2 is undetermined, the environments are unknown.
    let early_known = !unknown.iter().any(|&u| u);
    let early = status.clone();
    let blocker = |colour: Option<Colour>| -> Vec<bool> {
        let mut b = vec![false; geometry.len()];
        for (i, (c, points)) in strings.iter().enumerate() {
            let blocks = matches!(early[i], Some(Status::Uncapturable | Status::Capturable1))
                && colour.is_none_or(|x| x == *c);
            if blocks {
                for &p in points {
                    b[p] = true;
                }
            }
        }
        b
    };
    // Step 3 (J-44, J-46).
    let mut local2: Vec<Option<Vec<Point>>> = vec![None; strings.len()];
    if early_known {
        for (i, (colour, points)) in strings.iter().enumerate() {
            local2[i] = Some(environment(geometry, points, &blocker(Some(*colour))));
        }
    }
    for (i, (colour, points)) in strings.iter().enumerate() {
        if status[i].is_some() || unknown[i] {
            continue;
        }
        let Some(local) = local2[i].clone() else {
            unknown[i] = true;
            continue;
        };
        let check = StatusCheck {
            string: points.clone(),
            defender: *colour,
            kind: StatusKind::Capturable2,
            local,
        };
        let verdict = force(&check)?;
        last_check[i] = Some(check);
        match verdict {
            Some(false) => status[i] = Some(Status::Capturable2),
            Some(true) => status[i] = Some(Status::Dead),
            None => unknown[i] = true,
        }
    }
    // Step 4 (J-47, J-48): direct ko stones.
    let direct_blocker = blocker(None);
    let play = |p: &Position, at: Point, c: Colour| reference_play(geometry, p, at, c);
    let reports = strings
        .iter()
        .enumerate()
        .map(|(i, (colour, points))| {
            let direct_ko_stone = match (status[i], &local2[i]) {
                (Some(Status::Capturable2), Some(local)) => Some(
                    points.len() == 1
                        && is_ko_stone(geometry, position, points[0], &play)
                        && *local != environment(geometry, points, &direct_blocker),
                ),
                (Some(_), _) if early_known => Some(false),
                _ => None,
            };
            StringReport {
                colour: *colour,
                points: points.clone(),
                status: if unknown[i] { None } else { status[i] },
                direct_ko_stone,
                deciding_check: last_check[i].clone(),
            }
        })
        .collect();
    Ok(Analysis {
        strings: reports,
        explored,
    })
}

/// A play with no suicide (J-8), for the ko-stone test of the procedure: the position after
/// it and the removed points, or `None` if it is illegal.
fn reference_play(
    geometry: &Geometry,
    position: &Position,
    at: Point,
    colour: Colour,
) -> Option<(Position, Vec<Point>)> {
    use crate::reference::play::{is_forbidden_suicide, play};
    use crate::rules::{CaptureOrder, Suicide};
    if position.get(at) != Cell::Empty {
        return None;
    }
    let outcome = play(geometry, position, at, colour, CaptureOrder::OpponentFirst);
    if is_forbidden_suicide(&outcome, at, Suicide::Forbidden) {
        return None;
    }
    let mut removed = outcome.removed_opponent.clone();
    removed.sort_unstable();
    Some((outcome.after, removed))
}

/// The result of a long cycle (J-18): the cycle-difference (white stones minus black stones
/// removed by the plays of the cycle) decides.
pub fn long_cycle_result(cycle_difference: i64) -> &'static str {
    match cycle_difference.signum() {
        0 => "long-cycle-tie",
        1 => "long-cycle-black",
        _ => "long-cycle-white",
    }
}
