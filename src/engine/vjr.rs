//! VJR's questions beyond play (spec `vjr.md` V-12 ... V-26): the capture and formation
//! questions, their principal lines, the territory.

use super::{Answer, Move, Unsupported};
use crate::geometry::{Geometry, Position};
use crate::vjr::{Outcome, VjrQuestion, VjrStatus, VjrTerritory};

/// An engine that answers VJR's status questions ([`super::Engine::vjr`]).
pub trait VjrQuestions {
    /// V-12 ... V-18: can the check's seeker force its target from the final position
    /// `position`, with the states or nodes the solver visited.
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &VjrQuestion,
        budget: u64,
    ) -> Result<Answer<(Outcome, u64)>, Unsupported>;
    /// One principal variation of a decided question: the seeker's choices against the
    /// other player's best resistance found (`Ok(None)` when the engine gives no lines or
    /// the question is undetermined within `budget`). The line ends with two passes, with
    /// the target, or with a play that repeats an earlier state (an infinite variation).
    fn principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &VjrQuestion,
        budget: u64,
    ) -> Result<Option<(Outcome, Vec<Move>)>, Unsupported> {
        let _ = (geometry, position, check, budget);
        Ok(None)
    }
    /// V-24 ... V-26: the dead stones removed and the territory of `position`, given each
    /// stone's string status (every status decided and defined).
    fn territory(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<VjrStatus>],
    ) -> Result<VjrTerritory, Unsupported>;
}
