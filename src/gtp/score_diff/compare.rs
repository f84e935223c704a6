//! The comparison of the other side's answer with the oracle's: per stone (dead or alive)
//! and the score; agreed, disagreed and undetermined are three different answers, and an
//! item one side does not give is not compared.

use super::oracle::{OracleAnswer, ScoreSaid, StoneSaid};
use super::other::OtherAnswer;
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use serde::Serialize;

/// The answer on one item, or on a position and ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Agreed,
    Disagreed,
    Undetermined,
    /// One side gives no answer on the item (the note says which and why).
    NotCompared,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Agreed => "agreed",
            Outcome::Disagreed => "disagreed",
            Outcome::Undetermined => "undetermined",
            Outcome::NotCompared => "not-compared",
        }
    }

    /// Disagreed if either is; else undetermined if either is; else agreed if either is.
    pub fn overall(a: Outcome, b: Outcome) -> Outcome {
        let rank = |o: Outcome| match o {
            Outcome::Disagreed => 3,
            Outcome::Undetermined => 2,
            Outcome::Agreed => 1,
            Outcome::NotCompared => 0,
        };
        if rank(a) >= rank(b) {
            a
        } else {
            b
        }
    }
}

/// A stone the two sides judge differently.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoneDiff {
    /// GTP coordinates.
    pub point: String,
    /// `B` or `W`.
    pub colour: String,
    /// `dead` or `alive`.
    pub other: String,
    pub oracle: String,
}

/// The statuses compared.
#[derive(Clone, Debug, PartialEq)]
pub struct Statuses {
    pub outcome: Outcome,
    pub note: Option<String>,
    pub differing: Vec<StoneDiff>,
    /// Stones the oracle did not decide, and why (the first reason).
    pub undetermined: Vec<Point>,
    pub oracle_dead: Vec<Point>,
}

/// The statuses of every stone of `position`: the other side's dead marks against the
/// oracle's statuses.
pub fn statuses(
    geometry: &Geometry,
    position: &Position,
    oracle: &OracleAnswer,
    other: &OtherAnswer,
) -> Statuses {
    let mut out = Statuses {
        outcome: Outcome::NotCompared,
        note: None,
        differing: Vec::new(),
        undetermined: Vec::new(),
        oracle_dead: Vec::new(),
    };
    let stones = match &oracle.stones {
        Ok(s) => s,
        Err(why) => {
            out.note = Some(format!("the oracle gives no statuses: {why}"));
            return out;
        }
    };
    for (p, s) in stones.iter().enumerate() {
        if s == &Some(StoneSaid::Dead) {
            out.oracle_dead.push(p);
        }
    }
    let dead = match &other.dead {
        Ok(d) => d,
        Err(why) => {
            out.note = Some(format!("no dead-stone marks to compare: {why}"));
            return out;
        }
    };
    let mut why_unknown = None;
    for (p, s) in stones.iter().enumerate() {
        let Cell::Stone(colour) = position.get(p) else {
            continue;
        };
        let other_dead = dead.binary_search(&p).is_ok();
        let oracle_dead = match s {
            Some(StoneSaid::Dead) => true,
            Some(StoneSaid::Alive) => false,
            Some(StoneSaid::Unknown(why)) => {
                out.undetermined.push(p);
                why_unknown.get_or_insert_with(|| why.clone());
                continue;
            }
            None => continue,
        };
        if other_dead != oracle_dead {
            let word = |d: bool| if d { "dead" } else { "alive" }.to_string();
            out.differing.push(StoneDiff {
                point: geometry.name(p).to_string(),
                colour: colour_letter(colour).into(),
                other: word(other_dead),
                oracle: word(oracle_dead),
            });
        }
    }
    out.outcome = if !out.differing.is_empty() {
        Outcome::Disagreed
    } else if !out.undetermined.is_empty() {
        Outcome::Undetermined
    } else {
        Outcome::Agreed
    };
    if !out.undetermined.is_empty() {
        out.note = why_unknown.map(|w| {
            format!(
                "{} stone(s) not decided by the oracle: {w}",
                out.undetermined.len()
            )
        });
    }
    out
}

/// The scores compared: the outcome and a note when not agreed-or-disagreed.
pub fn score(oracle: &ScoreSaid, other: &Result<f64, String>) -> (Outcome, Option<String>) {
    match (oracle, other) {
        (ScoreSaid::NotGiven(why), _) => (
            Outcome::NotCompared,
            Some(format!("the oracle gives no score: {why}")),
        ),
        (_, Err(why)) => (
            Outcome::NotCompared,
            Some(format!("no score to compare: {why}")),
        ),
        (ScoreSaid::Unknown(why), Ok(_)) => (Outcome::Undetermined, Some(why.clone())),
        (ScoreSaid::Known(a), Ok(b)) if (a - b).abs() < 1e-9 => (Outcome::Agreed, None),
        (ScoreSaid::Known(_), Ok(_)) => (Outcome::Disagreed, None),
    }
}

fn colour_letter(c: Colour) -> &'static str {
    match c {
        Colour::Black => "B",
        Colour::White => "W",
    }
}

/// The position as text, three characters a point: `X`/`O` a stone the oracle says alive,
/// `x`/`o` one it says dead, `?` after a stone it did not decide, `(` `)` around a stone
/// the other side judges otherwise; `.` an empty point. Rows from the top, GTP names.
pub fn diagram(
    geometry: &Geometry,
    position: &Position,
    oracle: &OracleAnswer,
    cmp: &Statuses,
) -> String {
    let Some((width, height)) = geometry.rect_size() else {
        return String::new();
    };
    let differs: Vec<&str> = cmp.differing.iter().map(|d| d.point.as_str()).collect();
    let mut out = String::new();
    let columns: String = (0..width)
        .map(|x| {
            let name = geometry.name(x);
            format!(" {} ", name.chars().next().unwrap_or(' '))
        })
        .collect();
    out.push_str(&format!("    {columns}\n"));
    for y in 0..height {
        let mut row = String::new();
        for x in 0..width {
            let p = y * width + x;
            let said = oracle.stones.as_ref().ok().and_then(|s| s[p].as_ref());
            let cell = match position.get(p) {
                Cell::Empty => " . ".to_string(),
                Cell::Stone(c) => {
                    let dead = said == Some(&StoneSaid::Dead);
                    let ch = match (c, dead) {
                        (Colour::Black, false) => 'X',
                        (Colour::Black, true) => 'x',
                        (Colour::White, false) => 'O',
                        (Colour::White, true) => 'o',
                    };
                    if differs.contains(&geometry.name(p)) {
                        format!("({ch})")
                    } else if matches!(said, Some(StoneSaid::Unknown(_))) {
                        format!(" {ch}?")
                    } else {
                        format!(" {ch} ")
                    }
                }
            };
            row.push_str(&cell);
        }
        let label = geometry.name(y * width);
        let number: String = label.chars().skip(1).collect();
        out.push_str(&format!("{number:>3} {row}\n"));
    }
    out
}
