//! What `play` (and `control`) read from the command line: moves and LJR turns (spec
//! `ljr.md` L-3: `B D4`, `B pass`, `B cycle` removes the disturbing cycle whose start is the
//! most recent similar situation, `B cycle+D4`), LJR's points, captives and integer komi.

use super::parse_colour;
use crate::error::Exit;
use go_oracle::engine::Move;
use go_oracle::geometry::{Colour, Geometry, Point};
use go_oracle::ljr::CycleChoice;
use go_oracle::rules::Prisoners;
use go_oracle::session::Action;

/// A written turn: the colour, the text, and the action.
pub struct Written {
    pub colour: Colour,
    pub text: String,
    pub action: Action,
}

/// `POINTS`: GTP points separated by commas (empty = none).
pub fn parse_points(geometry: &Geometry, s: &str, what: &str) -> Result<Vec<Point>, Exit> {
    let mut out = Vec::new();
    for w in s.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        out.push(geometry.parse_gtp(w).ok_or_else(|| {
            Exit::BadInput(format!(
                "{what}: `{w}` is not a point of the board (GTP coordinates, e.g. D4, separated by commas)"
            ))
        })?);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// `B,W`: the captives each player holds.
pub fn parse_captives(s: &str) -> Result<Prisoners, Exit> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let bad = || {
        Exit::BadInput(format!(
            "--captives `{s}`: expected B,W (two counts, e.g. 2,0)"
        ))
    };
    if parts.len() != 2 {
        return Err(bad());
    }
    Ok(Prisoners {
        black: parts[0].parse().map_err(|_| bad())?,
        white: parts[1].parse().map_err(|_| bad())?,
    })
}

/// `--komi` of LJR: a non-negative integer (L-2).
pub fn integer_komi(komi: f64) -> Result<i64, Exit> {
    if komi.is_finite() && komi >= 0.0 && komi.fract() == 0.0 && komi < 1e9 {
        Ok(komi as i64)
    } else {
        Err(Exit::BadInput(format!(
            "--komi {komi}: LJR komi is a non-negative integer (L-2)"
        )))
    }
}

/// Moves or LJR turns written GTP-style, `COLOUR TURN` pairs as separate words: a point
/// (`D4`), `pass`, and for LJR `cycle` (remove the disturbing cycle whose start is the most
/// recent similar situation) or `cycle+D4`.
pub fn parse_turns(geometry: &Geometry, words: &[String], ljr: bool) -> Result<Vec<Written>, Exit> {
    let (thing, example) = if ljr {
        ("turn", "`B D4 W pass B cycle+C3`")
    } else {
        ("move", "`B D4 W pass`")
    };
    if !words.len().is_multiple_of(2) {
        return Err(Exit::BadInput(format!(
            "{thing}s come in pairs `COLOUR {}` (e.g. {example}); got {} words",
            if ljr { "TURN" } else { "VERTEX" },
            words.len()
        )));
    }
    let mut out = Vec::new();
    for (i, pair) in words.chunks(2).enumerate() {
        let colour = parse_colour(&pair[0]).ok_or_else(|| {
            Exit::BadInput(format!(
                "{thing} {}: `{}` is not a colour, expected B or W",
                i + 1,
                pair[0]
            ))
        })?;
        let t = pair[1].to_ascii_lowercase();
        let (remove_cycle, point_text) = match t.strip_prefix("cycle").filter(|_| ljr) {
            Some(rest) => {
                let (choice, rest) = cycle_choice(rest).ok_or_else(|| not_a_turn(i, &pair[1]))?;
                match rest.strip_prefix('+') {
                    Some(p) => (Some(choice), Some(p)),
                    None if rest.is_empty() => (Some(choice), None),
                    None => return Err(not_a_turn(i, &pair[1])),
                }
            }
            None if t == "pass" => (None, None),
            None => (None, Some(t.as_str())),
        };
        let mv = match point_text {
            None => Move::Pass,
            Some(p) => Move::Play(geometry.parse_gtp(p).ok_or_else(|| {
                let (w, h) = geometry.rect_size().unwrap_or((0, 0));
                if ljr {
                    not_a_turn(i, &pair[1])
                } else {
                    Exit::BadInput(
                    format!(
                        "move {}: `{}` is not a point of the {w}x{h} board (columns A-Z without I, then AA, AB, ... past Z; row 1 at the bottom; `cycle` is an LJR turn)",
                        i + 1,
                        pair[1]
                    ))
                }
            })?),
        };
        out.push(Written {
            colour,
            text: format!("{} {}", colour.letter(), pair[1]),
            action: Action { mv, remove_cycle },
        });
    }
    Ok(out)
}

/// The cycle a turn's text names after `cycle` (L-7): `@K` the one starting at situation
/// K, nothing the most recent one; with the rest of the text.
fn cycle_choice(rest: &str) -> Option<(CycleChoice, &str)> {
    match rest.strip_prefix('@') {
        Some(r) => {
            let digits = r.chars().take_while(char::is_ascii_digit).count();
            let k = r[..digits].parse().ok()?;
            Some((CycleChoice::At(k), &r[digits..]))
        }
        None => Some((CycleChoice::MostRecent, rest)),
    }
}

fn not_a_turn(i: usize, text: &str) -> Exit {
    Exit::BadInput(format!(
        "turn {}: `{text}` is not a turn: expected a point (D4), `pass`, `cycle`, `cycle+D4`, `cycle@K` or `cycle@K+D4`",
        i + 1
    ))
}
