//! VJR: the status assessment of a final position (spec `vjr.md` V-12 ... V-23), its
//! territory and score (V-24 ... V-28), asked of every engine: a verdict per string (its
//! status and the two questions behind it), on the territory and on the score, and the
//! overall verdict.

use super::{each, most_decided, said, Answered};
use crate::engine::{Answer, Engine, Unsupported};
use crate::geometry::{Geometry, Point, Position};
pub use crate::procedure::Strings;
use crate::session::verdict::{Shortfall, Verdict, VerdictKind};
use crate::vjr::{
    IndependentLife, LongCycles, Outcome, VjrAssessment, VjrStatus, VjrStringReport, VjrTerritory,
};
use std::sync::Arc;

/// The question: the description of independent life (VP-1), the budget of each status
/// question, and what the score adds to the territory.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AssessmentQuestion {
    pub life: IndependentLife,
    /// Which infinite variations V-17 judges (VP-2).
    pub long_cycles: LongCycles,
    /// States or nodes each status question may visit.
    pub budget: u64,
    /// Black's prisoners minus White's (V-27).
    pub prisoner_difference: i64,
    pub komi: f64,
}

/// One engine's answer: the assessment, and the territory and score when every status is
/// decided and defined.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineAssessment {
    pub assessment: VjrAssessment,
    pub territory: Option<VjrTerritory>,
    pub score: Option<f64>,
}

impl EngineAssessment {
    /// Whether every status is decided (an undefined one is decided: V-22).
    pub fn is_decided(&self) -> bool {
        self.assessment.strings.iter().all(|s| s.status.is_some())
    }
}

/// The engines on one final string (in the order of the assessment).
#[derive(Clone, Debug, PartialEq)]
pub struct StringVerdict {
    pub status: Verdict<VjrStatus>,
    /// V-12 under the assessment's description of independent life.
    pub independently_alive: Verdict<Outcome>,
    /// V-13.
    pub uncapturable: Verdict<Outcome>,
}

/// Every engine's assessment and the verdicts on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    /// Each engine's answer, in the engines' order.
    pub engines: Vec<Answered<EngineAssessment>>,
    pub strings: Vec<StringVerdict>,
    /// `None` decided: a status is undefined (V-22), so there is no territory.
    pub territory: Verdict<Option<VjrTerritory>>,
    pub score: Verdict<Option<f64>>,
    /// Disagreed if any item (a question included) is; else undetermined if a status, the
    /// territory or the score is; else agreed. A question left undetermined where the
    /// string's status is decided is one the status does not depend on (V-19: an
    /// independently alive string is alive whatever the capture question says).
    pub verdict: VerdictKind,
}

impl Assessment {
    /// The answer the reports show: the engine that decided the most statuses.
    pub fn shown(&self) -> Option<&Answered<EngineAssessment>> {
        most_decided(&self.engines, |e| {
            e.assessment
                .strings
                .iter()
                .filter(|s| s.status.is_some())
                .count()
        })
    }

    /// The points of each string, in the order of [`Assessment::strings`] (the strings of
    /// the position: every engine reports the same ones).
    pub fn string_points(&self) -> Vec<Vec<Point>> {
        self.engines.first().map_or_else(Vec::new, |e| {
            e.answer
                .assessment
                .strings
                .iter()
                .map(|x| x.points.clone())
                .collect()
        })
    }
}

/// The VJR status assessment of `position` by every engine, with the territory and the
/// score where they are decided.
pub fn assessment(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    position: &Position,
    q: AssessmentQuestion,
) -> Result<Assessment, Unsupported> {
    assessment_of(engines, geometry, position, q, Strings::All)
}

/// [`assessment`] of the strings `which` names only (V-23: each string is asked alone).
/// Without every string there is no territory or score (V-24): the overall verdict is on
/// the named strings alone.
pub fn assessment_of(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    position: &Position,
    q: AssessmentQuestion,
    which: Strings<'_>,
) -> Result<Assessment, Unsupported> {
    let answers = each(engines, |e| assess(e, geometry, position, q, which))?;
    let count = answers
        .iter()
        .map(|a| a.answer.assessment.strings.len())
        .min()
        .unwrap_or(0);
    let strings = (0..count)
        .map(|i| StringVerdict {
            status: string_item(
                &answers,
                geometry,
                i,
                q.budget,
                "the VJR status (V-19 ... V-22)",
                |s| s.status,
            ),
            independently_alive: string_item(
                &answers,
                geometry,
                i,
                q.budget,
                "independent life (V-12)",
                |s| s.independently_alive,
            ),
            uncapturable: string_item(
                &answers,
                geometry,
                i,
                q.budget,
                "uncapturability (V-13)",
                |s| s.uncapturable,
            ),
        })
        .collect::<Vec<_>>();
    let territory = Verdict::of(
        answers
            .iter()
            .map(|a| {
                let said = decided_with(a, q.budget, "the VJR territory (V-25)", |e| {
                    e.territory.clone()
                });
                (a.engine.clone(), said)
            })
            .collect(),
    );
    let score = Verdict::of(
        answers
            .iter()
            .map(|a| {
                let said = decided_with(a, q.budget, "the VJR score (V-27)", |e| e.score);
                (a.engine.clone(), said)
            })
            .collect(),
    );
    let questions = strings.iter().flat_map(|s| {
        [s.independently_alive.kind(), s.uncapturable.kind()]
            .into_iter()
            .filter(|&k| k == VerdictKind::Disagreed)
    });
    let whole = matches!(which, Strings::All);
    let verdict = VerdictKind::overall(
        strings
            .iter()
            .map(|s| s.status.kind())
            .chain(
                whole
                    .then(|| [territory.kind(), score.kind()])
                    .into_iter()
                    .flatten(),
            )
            .chain(questions),
    );
    Ok(Assessment {
        engines: answers,
        strings,
        territory,
        score,
        verdict,
    })
}

/// The engines on one item of the `i`-th string: each engine's answer, the question named
/// in the rules' words.
fn string_item<T: PartialEq + Clone>(
    answers: &[Answered<EngineAssessment>],
    geometry: &Geometry,
    i: usize,
    budget: u64,
    what: &str,
    pick: impl Fn(&VjrStringReport) -> Option<T>,
) -> Verdict<T> {
    super::string_item(
        answers,
        |a| (&a.assessment.strings[..], a.assessment.explored),
        |s| &s.points[..],
        geometry,
        (i, budget, what),
        pick,
    )
}

/// What an engine said of the territory or the score: decided (perhaps `None`: a status
/// is undefined) once every status is decided.
fn decided_with<T>(
    a: &Answered<EngineAssessment>,
    budget: u64,
    question: &str,
    pick: impl Fn(&EngineAssessment) -> Option<T>,
) -> Answer<Option<T>, Shortfall> {
    let value = a.answer.is_decided().then(|| pick(&a.answer));
    said(a, value, budget, a.answer.assessment.explored, || {
        question.to_string()
    })
}

/// One engine's assessment (V-23: both questions of every string), territory and score.
fn assess(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    q: AssessmentQuestion,
    which: Strings<'_>,
) -> Result<EngineAssessment, Unsupported> {
    use crate::procedure::vjr;
    let run = |budget| {
        vjr::assess_strings(
            engine,
            geometry,
            position,
            q.life,
            q.long_cycles,
            budget,
            which,
        )
    };
    // Under a time limit, within growing budgets (`ask::ladder`).
    let decided = |a: &VjrAssessment| a.strings.iter().all(|s| s.status.is_some());
    let assessment = super::ladder(run, q.budget, decided, merge)?;
    let territory = vjr::territory(engine, geometry, position, &assessment)?;
    let score = territory
        .as_ref()
        .map(|t| vjr::score(t, q.prisoner_difference, q.komi));
    Ok(EngineAssessment {
        assessment,
        territory,
        score,
    })
}

/// `earlier` with what `later` decides that it did not (the same position and strings): each
/// question's outcome, and the status (V-19 ... V-22) from the questions merged.
fn merge(mut earlier: VjrAssessment, later: VjrAssessment) -> VjrAssessment {
    earlier.explored += later.explored;
    if earlier.strings.len() != later.strings.len() {
        return earlier;
    }
    for (e, l) in earlier.strings.iter_mut().zip(later.strings) {
        e.independently_alive = e.independently_alive.or(l.independently_alive);
        e.uncapturable = e.uncapturable.or(l.uncapturable);
        // V-13: the capture question's answer is the negation of `uncapturable`.
        let capture = e.uncapturable.map(Outcome::negated);
        e.status = e
            .status
            .or(l.status)
            .or_else(|| crate::procedure::vjr::status_of(e.independently_alive, capture));
    }
    earlier
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Colour;

    fn assessment(ia: Option<Outcome>, uncapturable: Option<Outcome>) -> VjrAssessment {
        let capture = uncapturable.map(Outcome::negated);
        VjrAssessment {
            independent_life: IndependentLife::default(),
            long_cycles: LongCycles::default(),
            strings: vec![VjrStringReport {
                colour: Colour::White,
                points: vec![0],
                uncapturable,
                independently_alive: ia,
                status: crate::procedure::vjr::status_of(ia, capture),
            }],
            explored: 5,
        }
    }

    /// The ladder's merge keeps each question's first decided outcome and derives the
    /// status from the two when neither analysis had both: not independently alive in one,
    /// capturable in the other, is dead (V-21).
    #[test]
    fn merged_questions_give_the_status() {
        let earlier = assessment(Some(Outcome::No), None);
        let later = assessment(None, Some(Outcome::No));
        assert_eq!(earlier.strings[0].status, None);
        assert_eq!(later.strings[0].status, None);
        let m = merge(earlier, later);
        assert_eq!(m.strings[0].status, Some(VjrStatus::Dead));
        assert_eq!(m.strings[0].independently_alive, Some(Outcome::No));
        assert_eq!(m.explored, 10);
        // What the earlier decided stays.
        let m = merge(assessment(Some(Outcome::Yes), None), assessment(None, None));
        assert_eq!(m.strings[0].status, Some(VjrStatus::IndependentlyAlive));
    }
}
