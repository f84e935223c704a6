//! The VJR status assessment (spec `vjr.md` V-19 ... V-28), on any engine.
//!
//! Each engine answers single questions ([`crate::engine::VjrQuestions::force`]): can the
//! owner establish a formation on the string, can the opponent force its capture. This
//! procedure asks both questions of every final string (V-23: each on its own), forms the
//! statuses, and from them the engine's territory and the score.

use crate::engine::{Answer, Engine, Spent, Unsupported};
use crate::geometry::{Geometry, Position};
pub use crate::procedure::Strings;
use crate::status_game::strings;
use crate::vjr::{
    IndependentLife, LongCycles, Outcome, Question, VjrAssessment, VjrQuestion, VjrStatus,
    VjrStringReport, VjrTerritory,
};

/// V-19 ... V-22: the status from the two answers (`None` = undetermined within budget).
pub fn status_of(
    independently_alive: Option<Outcome>,
    capture: Option<Outcome>,
) -> Option<VjrStatus> {
    match independently_alive? {
        Outcome::Yes => Some(VjrStatus::IndependentlyAlive),
        Outcome::Undefined => Some(VjrStatus::Undefined),
        Outcome::No => Some(match capture? {
            Outcome::No => VjrStatus::AliveInSeki,
            Outcome::Yes => VjrStatus::Dead,
            Outcome::Undefined => VjrStatus::Undefined,
        }),
    }
}

/// Both questions for every string of `position` (V-23), each within `budget`.
pub fn assess(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    life: IndependentLife,
    long_cycles: LongCycles,
    budget: u64,
) -> Result<VjrAssessment, Unsupported> {
    assess_strings(
        engine,
        geometry,
        position,
        life,
        long_cycles,
        budget,
        Strings::All,
    )
}

/// [`assess`] for the strings `which` names only, in the order of the position's strings.
pub fn assess_strings(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    life: IndependentLife,
    long_cycles: LongCycles,
    budget: u64,
    which: Strings<'_>,
) -> Result<VjrAssessment, Unsupported> {
    let mut explored = 0;
    let mut out = Vec::new();
    for (colour, points) in strings(geometry, position) {
        // V-23 asks each string's questions on their own: the others need not be asked.
        if !which.names(&points) {
            continue;
        }
        let mut ask = |question: Question| -> Result<Option<Outcome>, Unsupported> {
            crate::progress::say(|| {
                let what = match question {
                    Question::Formation(_) => "independent life (V-12)",
                    Question::Capture => "capture (V-13)",
                };
                format!("{what} of {} {}", colour.name(), geometry.name(points[0]))
            });
            let check = VjrQuestion {
                long_cycles,
                string: points.clone(),
                owner: colour,
                question,
            };
            Ok(
                match engine
                    .vjr()
                    .and_then(|q| q.force(geometry, position, &check, budget))?
                {
                    Answer::Decided((v, n)) => {
                        explored += n;
                        Some(v)
                    }
                    Answer::Undetermined(Spent { explored: n }) => {
                        explored += n;
                        None
                    }
                },
            )
        };
        let independently_alive = ask(Question::Formation(life))?;
        let capture = ask(Question::Capture)?;
        out.push(VjrStringReport {
            colour,
            points,
            // V-13: uncapturable = the opponent cannot force the capture.
            uncapturable: capture.map(Outcome::negated),
            independently_alive,
            status: status_of(independently_alive, capture),
        });
    }
    Ok(VjrAssessment {
        independent_life: life,
        long_cycles,
        strings: out,
        explored,
    })
}

/// The territory (V-24, V-25) of a settled assessment, by the engine; `None` while a
/// status is undetermined or undefined, or when the assessment left strings out.
pub fn territory(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    assessment: &VjrAssessment,
) -> Result<Option<VjrTerritory>, Unsupported> {
    // V-24 needs every string's status: an assessment of some strings only has no territory.
    let assessed: usize = assessment.strings.iter().map(|s| s.points.len()).sum();
    let stones = geometry
        .points()
        .filter(|&p| position.get(p) != crate::geometry::Cell::Empty)
        .count();
    if !assessment.is_settled() || assessed != stones {
        return Ok(None);
    }
    engine
        .vjr()
        .and_then(|q| q.territory(geometry, position, &assessment.status_at(geometry.len())))
        .map(Some)
}

/// V-27: the score from the territory, the prisoner difference (Black's prisoners minus
/// White's) and komi.
pub fn score(territory: &VjrTerritory, prisoner_difference: i64, komi: f64) -> f64 {
    (territory.board_score() + prisoner_difference) as f64 - komi
}

#[cfg(test)]
mod tests {
    use super::*;

    /// V-19 ... V-22, every combination.
    #[test]
    fn statuses_follow_the_two_answers() {
        use Outcome::{No, Yes};
        use VjrStatus::{AliveInSeki, Dead, IndependentlyAlive};
        const UNDEF: Outcome = Outcome::Undefined;
        let table = [
            (Some(Yes), Some(Yes), Some(IndependentlyAlive)),
            (Some(Yes), None, Some(IndependentlyAlive)),
            (Some(UNDEF), Some(No), Some(VjrStatus::Undefined)),
            (Some(No), Some(No), Some(AliveInSeki)),
            (Some(No), Some(Yes), Some(Dead)),
            (Some(No), Some(UNDEF), Some(VjrStatus::Undefined)),
            (Some(No), None, None),
            (None, Some(No), None),
        ];
        for (ia, cap, want) in table {
            assert_eq!(status_of(ia, cap), want, "{ia:?} {cap:?}");
        }
    }
}
