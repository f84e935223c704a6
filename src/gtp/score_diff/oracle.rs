//! The oracle's side of a score-only differential: the statuses of the stones and the score
//! of a final position under one ruleset, asked through the session's doors (`ask` for
//! J2003 and VJR, the ruleset's `final_status_list` and `final_score` for the others).

use crate::geometry::{Cell, Geometry, Point, Position};
use crate::gtp::referee::Referee;
use crate::rules::RulesetId;
use crate::session::{StatusClass, Verdict};
use crate::vjr::VjrStatus;

/// What the oracle says of one stone.
#[derive(Clone, Debug, PartialEq)]
pub enum StoneSaid {
    Dead,
    Alive,
    /// Not decided: undetermined within the budget, the oracle's engines disagree, or the
    /// rules leave it undefined (VJR V-22); the text says which.
    Unknown(String),
}

/// What the oracle says of the score.
#[derive(Clone, Debug, PartialEq)]
pub enum ScoreSaid {
    /// Black minus White minus komi.
    Known(f64),
    /// Undetermined within the budget or the oracle's engines disagree.
    Unknown(String),
    /// The ruleset gives no score here (why).
    NotGiven(String),
}

/// The oracle's answer on a final position under one ruleset.
#[derive(Clone, Debug)]
pub struct OracleAnswer {
    /// Per point: `None` on an empty point. `Err`: the ruleset gives no statuses (why).
    pub stones: Result<Vec<Option<StoneSaid>>, String>,
    pub score: ScoreSaid,
    /// J2003 and VJR: the decided status of each string, by its first point (the case
    /// file's `strings`).
    pub strings: Vec<(Point, String)>,
}

/// Why a verdict gives no single answer, in words.
fn unknown<T: PartialEq + Clone + std::fmt::Debug>(v: &Verdict<T>) -> String {
    match v {
        Verdict::Disagreed(_) => format!("the oracle's engines disagree: {}", describe(v)),
        _ => describe(v),
    }
}

fn describe<T: PartialEq + Clone + std::fmt::Debug>(v: &Verdict<T>) -> String {
    match v {
        Verdict::Undetermined { shortfalls, .. } => shortfalls
            .iter()
            .map(|s| {
                format!(
                    "{}: {} is undetermined within the budget ({} explored, budget {})",
                    s.engine, s.question, s.explored, s.budget
                )
            })
            .collect::<Vec<_>>()
            .join("; "),
        Verdict::Disagreed(all) => all
            .iter()
            .map(|(e, s)| format!("{e}: {s:?}"))
            .collect::<Vec<_>>()
            .join("; "),
        Verdict::Agreed(t) => format!("{t:?}"),
    }
}

/// The oracle's statuses and score of the referee's current position.
pub fn answer(referee: &Referee) -> OracleAnswer {
    let session = referee.session();
    let position = session.position();
    match session.ruleset() {
        RulesetId::J2003 => match session.ask_j2003() {
            Ok(s) => {
                let mut stones = empty_stones(&position);
                let mut strings = Vec::new();
                for (sv, points) in s.strings.iter().zip(&s.string_points()) {
                    let said = match sv.status.agreed() {
                        Some(st) => {
                            if let Some(&p) = points.first() {
                                strings.push((p, st.name().to_string()));
                            }
                            if st.is_alive() {
                                StoneSaid::Alive
                            } else {
                                StoneSaid::Dead
                            }
                        }
                        None => StoneSaid::Unknown(unknown(&sv.status)),
                    };
                    set_all(&mut stones, points, &said);
                }
                let score = match s.score.agreed() {
                    Some(&x) => ScoreSaid::Known(x),
                    None => ScoreSaid::Unknown(unknown(&s.score)),
                };
                OracleAnswer {
                    stones: Ok(stones),
                    score,
                    strings,
                }
            }
            Err(e) => not_given(e),
        },
        RulesetId::Vjr => match session.ask_vjr() {
            Ok(a) => {
                let mut stones = empty_stones(&position);
                let mut strings = Vec::new();
                for (sv, points) in a.strings.iter().zip(&a.string_points()) {
                    let said = match sv.status.agreed() {
                        Some(st) => {
                            if let Some(&p) = points.first() {
                                strings.push((p, st.name().to_string()));
                            }
                            match st {
                                VjrStatus::Dead => StoneSaid::Dead,
                                VjrStatus::IndependentlyAlive | VjrStatus::AliveInSeki => {
                                    StoneSaid::Alive
                                }
                                VjrStatus::Undefined => StoneSaid::Unknown(
                                    "the VJR status is undefined (V-22): the rules do not decide it"
                                        .into(),
                                ),
                            }
                        }
                        None => StoneSaid::Unknown(unknown(&sv.status)),
                    };
                    set_all(&mut stones, points, &said);
                }
                let score = match a.score.agreed() {
                    Some(Some(x)) => ScoreSaid::Known(*x),
                    Some(None) => ScoreSaid::NotGiven(
                        "vjr: a status is undefined (V-22), so there is no score".into(),
                    ),
                    None => ScoreSaid::Unknown(unknown(&a.score)),
                };
                OracleAnswer {
                    stones: Ok(stones),
                    score,
                    strings,
                }
            }
            Err(e) => not_given(e),
        },
        _ => {
            let stones = session.status_classes().map(|v| match v.agreed() {
                Some(classes) => classes
                    .iter()
                    .map(|c| {
                        c.map(|c| match c {
                            StatusClass::Dead => StoneSaid::Dead,
                            StatusClass::Alive | StatusClass::Seki => StoneSaid::Alive,
                        })
                    })
                    .collect(),
                None => {
                    let why = unknown(&v);
                    (0..position.0.len())
                        .map(|p| match position.get(p) {
                            Cell::Empty => None,
                            Cell::Stone(_) => Some(StoneSaid::Unknown(why.clone())),
                        })
                        .collect()
                }
            });
            let score = match session.final_score() {
                Ok(v) => match v.agreed() {
                    Some(Ok(x)) => ScoreSaid::Known(*x),
                    Some(Err(e)) => ScoreSaid::NotGiven(e.clone()),
                    None => ScoreSaid::Unknown(unknown(&v)),
                },
                Err(e) => ScoreSaid::NotGiven(e),
            };
            OracleAnswer {
                stones,
                score,
                strings: Vec::new(),
            }
        }
    }
}

fn not_given(e: String) -> OracleAnswer {
    OracleAnswer {
        stones: Err(e.clone()),
        score: ScoreSaid::NotGiven(e),
        strings: Vec::new(),
    }
}

fn empty_stones(position: &Position) -> Vec<Option<StoneSaid>> {
    (0..position.0.len())
        .map(|p| match position.get(p) {
            Cell::Empty => None,
            Cell::Stone(_) => Some(StoneSaid::Unknown("no string reported".into())),
        })
        .collect()
}

fn set_all(stones: &mut [Option<StoneSaid>], points: &[Point], said: &StoneSaid) {
    for &p in points {
        if let Some(slot) = stones.get_mut(p) {
            *slot = Some(said.clone());
        }
    }
}

/// The first point of each string, named (for messages).
pub fn point_names(geometry: &Geometry, points: &[Point]) -> Vec<String> {
    points
        .iter()
        .map(|&p| geometry.name(p).to_string())
        .collect()
}
