//! J2003: the analysis of a final-position (J-52) and its score (J-64), asked of every
//! engine: a verdict per string (its status, whether it is a direct ko stone, J-48), one
//! for the score, and the overall verdict.

use super::{each, most_decided, said, Answered};
use crate::engine::{Engine, Unsupported};
use crate::geometry::{Geometry, Point, Position};
pub use crate::procedure::Strings;
use crate::session::verdict::{Verdict, VerdictKind};
use crate::status_game::{Analysis, Status, StringReport};
use std::sync::Arc;

/// The question: the budget of each status check, and what the score adds to the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StatusQuestion {
    /// Nodes (reference) or states (optimized) each status check may visit.
    pub budget: u64,
    /// Black's prisoners minus White's (J-64).
    pub prisoner_difference: i64,
    pub komi: f64,
}

/// One engine's answer: its analysis, and the score when every status is decided.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineStatuses {
    pub analysis: Analysis,
    /// J-64: board score plus the prisoner difference minus komi.
    pub score: Option<f64>,
}

/// The engines on one final string (in the order of the analysis, J-6).
#[derive(Clone, Debug, PartialEq)]
pub struct StringVerdict {
    pub status: Verdict<Status>,
    pub direct_ko_stone: Verdict<bool>,
}

/// Every engine's analysis and the verdicts on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Statuses {
    /// Each engine's answer, in the engines' order.
    pub engines: Vec<Answered<EngineStatuses>>,
    pub strings: Vec<StringVerdict>,
    pub score: Verdict<f64>,
    /// Disagreed if any item is, else undetermined if any is, else agreed.
    pub verdict: VerdictKind,
}

impl Statuses {
    /// The answer the reports show: the engine that decided the most strings.
    pub fn shown(&self) -> Option<&Answered<EngineStatuses>> {
        most_decided(&self.engines, |e| {
            e.analysis
                .strings
                .iter()
                .filter(|s| s.status.is_some())
                .count()
        })
    }

    /// The points of each string, in the order of [`Statuses::strings`] (the strings of
    /// the position: every engine reports the same ones).
    pub fn string_points(&self) -> Vec<Vec<Point>> {
        self.engines.first().map_or_else(Vec::new, |e| {
            e.answer
                .analysis
                .strings
                .iter()
                .map(|x| x.points.clone())
                .collect()
        })
    }
}

/// The J2003 analysis (J-52) of the final-position `position` by every engine, with the
/// score (J-64) where it is decided.
pub fn statuses(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    position: &Position,
    q: StatusQuestion,
) -> Result<Statuses, Unsupported> {
    statuses_of(engines, geometry, position, q, Strings::All)
}

/// [`statuses`] of the strings `which` names only, with what they need (spec j2003.md
/// J-53). Without every string there is no score (J-64): the overall verdict is on the
/// named strings alone.
pub fn statuses_of(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    position: &Position,
    q: StatusQuestion,
    which: Strings<'_>,
) -> Result<Statuses, Unsupported> {
    let answers = each(engines, |e| analyse(e, geometry, position, q, which))?;
    let count = answers
        .iter()
        .map(|a| a.answer.analysis.strings.len())
        .min()
        .unwrap_or(0);
    let strings: Vec<StringVerdict> = (0..count)
        .map(|i| StringVerdict {
            status: string_item(&answers, geometry, i, q.budget, "the status (J-52)", |s| {
                s.status
            }),
            direct_ko_stone: string_item(
                &answers,
                geometry,
                i,
                q.budget,
                "whether it is a direct ko stone (J-48)",
                |s| s.direct_ko_stone,
            ),
        })
        .collect();
    let score = Verdict::of(
        answers
            .iter()
            .map(|a| {
                let said = said(
                    a,
                    a.answer.score,
                    q.budget,
                    a.answer.analysis.explored,
                    || "the J2003 score (J-64)".to_string(),
                );
                (a.engine.clone(), said)
            })
            .collect(),
    );
    let whole = matches!(which, Strings::All);
    let verdict = VerdictKind::overall(
        strings
            .iter()
            .flat_map(|s| [s.status.kind(), s.direct_ko_stone.kind()])
            .chain(whole.then(|| score.kind())),
    );
    Ok(Statuses {
        engines: answers,
        strings,
        score,
        verdict,
    })
}

/// The engines on one item of the `i`-th string: each engine's answer, the question named
/// in the rules' words.
fn string_item<T: PartialEq + Clone>(
    answers: &[Answered<EngineStatuses>],
    geometry: &Geometry,
    i: usize,
    budget: u64,
    what: &str,
    pick: impl Fn(&StringReport) -> Option<T>,
) -> Verdict<T> {
    super::string_item(
        answers,
        |a| (&a.analysis.strings[..], a.analysis.explored),
        |s| &s.points[..],
        geometry,
        (i, budget, what),
        pick,
    )
}

/// One engine's analysis and, when every status is decided, its score.
fn analyse(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    q: StatusQuestion,
    which: Strings<'_>,
) -> Result<EngineStatuses, Unsupported> {
    use crate::procedure::j2003::{analyse_strings, Extent};
    let run = |budget| analyse_strings(engine, geometry, position, budget, Extent::Complete, which);
    // Under a time limit, within growing budgets (`ask::ladder`).
    let analysis = super::ladder(run, q.budget, Analysis::is_decided, merge)?;
    // J-64 needs every string's status.
    let score = if analysis.is_decided() && matches!(which, Strings::All) {
        let board =
            engine
                .j2003()?
                .board_score(geometry, position, &analysis.status_at(geometry.len()))?;
        Some((board + q.prisoner_difference) as f64 - q.komi)
    } else {
        None
    };
    Ok(EngineStatuses { analysis, score })
}

/// `earlier` with what `later` decides that it did not (the same position and strings).
fn merge(mut earlier: Analysis, later: Analysis) -> Analysis {
    earlier.explored += later.explored;
    earlier.checks += later.checks;
    if earlier.strings.len() != later.strings.len() {
        return earlier;
    }
    for (e, l) in earlier.strings.iter_mut().zip(later.strings) {
        if e.status.is_none() && l.status.is_some() {
            e.status = l.status;
            e.deciding_check = l.deciding_check;
        }
        if e.direct_ko_stone.is_none() {
            e.direct_ko_stone = l.direct_ko_stone;
        }
    }
    earlier
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Colour;
    use std::cell::RefCell;

    /// An analysis of two strings: the first decided (uncapturable) when `first`, the second
    /// (dead) when `second`; `explored` states.
    fn analysis(first: bool, second: bool, explored: u64) -> Analysis {
        let report = |decided: bool, status: Status, p: Point| StringReport {
            colour: Colour::Black,
            points: vec![p],
            status: decided.then_some(status),
            direct_ko_stone: decided.then_some(false),
            deciding_check: None,
        };
        Analysis {
            strings: vec![
                report(first, Status::Uncapturable, 0),
                report(second, Status::Dead, 1),
            ],
            explored,
            checks: 2,
        }
    }

    /// The ladder runs the budgets from a 256th up, keeps what each run decides (a string
    /// decided cheaply stays decided when a later run, cut short, leaves it undetermined),
    /// and stops once every string is decided.
    #[test]
    fn the_ladder_keeps_every_decided_status_and_stops_when_all_are() {
        let asked = RefCell::new(Vec::new());
        let run = |b: u64| {
            asked.borrow_mut().push(b);
            // The first string is decided within small budgets only (a later run spends
            // the time elsewhere), the second from a 16th of the budget on.
            Ok(analysis(b <= 4_000, b >= 16_000, b))
        };
        let a = super::super::ladder_anyway(run, 256_000, Analysis::is_decided, merge)
            .expect("supported");
        assert_eq!(*asked.borrow(), [1_000, 4_000, 16_000]);
        assert_eq!(a.strings[0].status, Some(Status::Uncapturable));
        assert_eq!(a.strings[1].status, Some(Status::Dead));
        assert_eq!(a.explored, 21_000);
        assert_eq!(a.checks, 6);
        // Nothing decided: every rung, the whole budget last; budgets under 1,000 skipped.
        asked.borrow_mut().clear();
        let a = super::super::ladder_anyway(
            |b: u64| {
                asked.borrow_mut().push(b);
                Ok(analysis(false, false, 1))
            },
            100_000,
            Analysis::is_decided,
            merge,
        )
        .expect("supported");
        assert_eq!(*asked.borrow(), [1_562, 6_250, 25_000, 100_000]);
        assert!(a.strings.iter().all(|s| s.status.is_none()));
    }
}
