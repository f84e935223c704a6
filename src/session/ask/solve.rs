//! Whole-board questions asked of every engine: the value of a game under perfect play
//! (spec `solve.md`) and the number of legal positions of a board (PLAY-3).

use super::{each, said_of, Answered};
use crate::engine::{Answer, Engine, Spent, Start, Unsupported};
use crate::geometry::Geometry;
pub use crate::procedure::solve::{BoardSolved, Switches};
use crate::rules::Rules;
use crate::session::verdict::{Verdict, VerdictKind};
use std::sync::Arc;

/// The question: the game (rules with an area scoring, its start), the budget of game
/// states, the search's switches, and komi.
#[derive(Clone, Debug)]
pub struct SolveQuestion {
    pub rules: Rules,
    pub start: Start,
    pub budget: u64,
    pub switches: Switches,
    /// Subtracted from Black's area minus White's.
    pub komi: f64,
}

/// One engine's search: the value with a principal line, or how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSolve {
    pub answer: Answer<BoardSolved>,
    /// The value minus komi, when decided.
    pub score: Option<f64>,
}

/// Every engine's search and the verdict on the value.
#[derive(Clone, Debug, PartialEq)]
pub struct Solve {
    /// Each engine's answer, in the engines' order.
    pub engines: Vec<Answered<EngineSolve>>,
    /// Black's area minus White's under perfect play (komi not subtracted).
    pub value: Verdict<i64>,
    pub verdict: VerdictKind,
}

/// The value of the game `q` describes under perfect play, by every engine.
pub fn solve(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    q: &SolveQuestion,
) -> Result<Solve, Unsupported> {
    let answers = each(engines, |e| {
        let answer =
            crate::procedure::solve::solve(e, geometry, &q.rules, &q.start, q.budget, q.switches)?;
        let score = match &answer {
            Answer::Decided(s) => Some(s.value as f64 - q.komi),
            Answer::Undetermined(_) => None,
        };
        Ok(EngineSolve { answer, score })
    })?;
    let value = Verdict::of(
        answers
            .iter()
            .map(|a| {
                let value = match &a.answer.answer {
                    Answer::Decided(s) => Answer::Decided(s.value),
                    Answer::Undetermined(Spent { explored }) => Answer::Undetermined(Spent {
                        explored: *explored,
                    }),
                };
                let said = said_of(a, &value, q.budget, || {
                    "the value of the game under perfect play (solve.md)".to_string()
                });
                (a.engine.clone(), said)
            })
            .collect(),
    );
    Ok(Solve {
        engines: answers,
        verdict: value.kind(),
        value,
    })
}

/// Every engine's count of the legal positions of a board and the verdict on it.
#[derive(Clone, Debug, PartialEq)]
pub struct LegalPositions {
    /// Each engine's count, in the engines' order.
    pub engines: Vec<Answered<u64>>,
    pub count: Verdict<u64>,
    pub verdict: VerdictKind,
}

/// The number of legal positions of `geometry` (every string with a liberty), by every
/// engine's enumeration.
pub fn legal_positions(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
) -> Result<LegalPositions, Unsupported> {
    let answers = each(engines, |e| e.legal_positions(geometry))?;
    let count = Verdict::of(
        answers
            .iter()
            .map(|a| (a.engine.clone(), Answer::Decided(a.answer)))
            .collect(),
    );
    Ok(LegalPositions {
        engines: answers,
        verdict: count.kind(),
        count,
    })
}
