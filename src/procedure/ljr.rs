//! LJR scoring (spec `ljr.md` L-5) and the counting without disagreement of L-17, computed
//! from control maps that an engine answered ([`crate::engine::LjrEngine::control`]).

use crate::engine::{result_text, Engine, Unsupported};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::{Claim, ControlAnswer, ControlMethod, ControlQuery, LjrParams};
use crate::rules::Prisoners;
use serde::Serialize;

/// L-5: each player's points, komi, and the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LjrScore {
    pub black: i64,
    pub white: i64,
    pub komi: i64,
    /// Black minus White (White's points include the komi).
    pub score: i64,
    pub result: String,
}

/// L-5 (LC-6): territory (controlled locations not holding one's own stone), dead stones
/// (opposing stones on controlled locations), captives; White adds the komi. `control[c]`
/// is the map of colour `c` (Black first).
pub fn score(
    position: &Position,
    control: [&[bool]; 2],
    captives: Prisoners,
    komi: i64,
) -> LjrScore {
    let points = |player: Colour, map: &[bool]| -> i64 {
        map.iter()
            .enumerate()
            .filter(|&(_, &c)| c)
            .map(|(p, _)| match position.get(p) {
                Cell::Empty => 1,
                Cell::Stone(c) if c == player => 0,
                // Territory plus a dead stone.
                Cell::Stone(_) => 2,
            })
            .sum()
    };
    let black = points(Colour::Black, control[0]) + captives.black as i64;
    let white = points(Colour::White, control[1]) + captives.white as i64 + komi;
    LjrScore {
        black,
        white,
        komi,
        score: black - white,
        result: result_text((black - white) as f64),
    }
}

/// Both players' control by `method`, as the engine answers it.
pub fn control_maps(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    permanently_prohibited: &[Point],
    method: ControlMethod,
    params: LjrParams,
    budget: u64,
) -> Result<[ControlAnswer; 2], Unsupported> {
    let ask = |player| {
        engine.ljr().and_then(|q| {
            q.control(
                geometry,
                &ControlQuery {
                    position: position.clone(),
                    permanently_prohibited: permanently_prohibited.to_vec(),
                    player,
                    method,
                    params,
                    budget,
                },
            )
        })
    };
    Ok([ask(Colour::Black)?, ask(Colour::White)?])
}

/// The score from two control answers, or `None` while a location is undetermined.
pub fn score_of(
    position: &Position,
    maps: &[ControlAnswer; 2],
    captives: Prisoners,
    komi: i64,
) -> Option<LjrScore> {
    let decided = |a: &ControlAnswer| a.controlled.iter().copied().collect::<Option<Vec<bool>>>();
    let b = decided(&maps[0])?;
    let w = decided(&maps[1])?;
    Some(score(position, [&b, &w], captives, komi))
}

/// Why a claim is not one L-17 allows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    #[error(
        "{0} is not an empty location that contacts opposing stones and none of the claimant's"
    )]
    NotNeutral(String),
    #[error("{0} holds no opposing stone")]
    NotOpposing(String),
}

/// L-13, written again here (the procedure uses no engine's code): the locations reachable
/// from `x` through neighbours of the same content.
fn reach(geometry: &Geometry, cells: &[Cell], x: Point) -> Vec<Point> {
    let mut seen = vec![false; cells.len()];
    seen[x] = true;
    let mut out = vec![x];
    let mut i = 0;
    while i < out.len() {
        for &b in geometry.neighbours(out[i]) {
            if !seen[b] && cells[b] == cells[out[i]] {
                seen[b] = true;
                out.push(b);
            }
        }
        i += 1;
    }
    out
}

/// L-13: the locations `x` contacts (neighbours of its same-content reach).
fn contacted(geometry: &Geometry, cells: &[Cell], x: Point) -> Vec<Point> {
    let mut v: Vec<Point> = reach(geometry, cells, x)
        .into_iter()
        .flat_map(|a| geometry.neighbours(a).to_vec())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// LL-4: the claimant's smallest bordered set containing `x`.
fn smallest_bordered(geometry: &Geometry, cells: &[Cell], player: Colour, x: Point) -> Vec<Point> {
    let own = Cell::Stone(player);
    let mut seen = vec![false; cells.len()];
    seen[x] = true;
    let mut out = vec![x];
    let mut i = 0;
    while i < out.len() {
        let a = out[i];
        for &b in geometry.neighbours(a) {
            if !seen[b] && (cells[a] != own || cells[b] == own) {
                seen[b] = true;
                out.push(b);
            }
        }
        i += 1;
    }
    out
}

/// L-17, no disagreement: the control each player gets from the claims (`(claimant,
/// claim)` in order). Claimed-dead stones are treated as absent; an empty location is
/// controlled by a player if it neither is nor contacts a location claimed neutral, contacts
/// an occupied location, and every stone on the locations it contacts is that player's.
/// Locations with stones get no control (LC-9). Returns the two maps (Black first) and the
/// stones taken as dead.
pub fn no_disagreement_control(
    geometry: &Geometry,
    position: &Position,
    claims: &[(Colour, Claim)],
) -> Result<([Vec<bool>; 2], Vec<Point>), ClaimError> {
    let cells = &position.0;
    let mut neutral = Vec::new();
    let mut dead = Vec::new();
    for (claimant, claim) in claims {
        match *claim {
            Claim::Neutral(x) => {
                let touched = contacted(geometry, cells, x);
                let touches = |c: Colour| touched.iter().any(|&y| cells[y] == Cell::Stone(c));
                if cells[x] != Cell::Empty || !touches(claimant.opponent()) || touches(*claimant) {
                    return Err(ClaimError::NotNeutral(geometry.name(x).into()));
                }
                neutral.push(x);
            }
            Claim::Dead(x) => {
                if cells[x] != Cell::Stone(claimant.opponent()) {
                    return Err(ClaimError::NotOpposing(geometry.name(x).into()));
                }
                for y in smallest_bordered(geometry, cells, *claimant, x) {
                    if cells[y] == Cell::Stone(claimant.opponent()) && !dead.contains(&y) {
                        dead.push(y);
                    }
                }
            }
        }
    }
    dead.sort_unstable();
    let mut cleared = cells.clone();
    for &d in &dead {
        cleared[d] = Cell::Empty;
    }
    let mut maps = [vec![false; cells.len()], vec![false; cells.len()]];
    for x in geometry.points().filter(|&x| cleared[x] == Cell::Empty) {
        let touched = contacted(geometry, &cleared, x);
        if neutral.contains(&x) || touched.iter().any(|y| neutral.contains(y)) {
            continue;
        }
        let colours: Vec<Colour> = touched
            .iter()
            .filter_map(|&y| match cleared[y] {
                Cell::Stone(c) => Some(c),
                Cell::Empty => None,
            })
            .collect();
        if let Some(&first) = colours.first() {
            if colours.iter().all(|&c| c == first) {
                maps[first as usize][x] = true;
            }
        }
    }
    Ok((maps, dead))
}
