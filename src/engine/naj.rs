//! NAJ's questions beyond play (spec `naj.md` N-17 ... N-19): immortal stones and control.

use super::{Answer, Unsupported};
use crate::geometry::{Colour, Geometry, Position};

/// An engine that answers NAJ's immortality and control questions ([`super::Engine::naj`]).
pub trait NajQuestions {
    /// N-17: for every point, whether an immortal stone of `player` stands on it.
    /// `budget` bounds a search (nodes); an engine that does not search ignores it.
    fn immortal(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<Answer<Vec<bool>>, Unsupported> {
        Ok(self.immortal_work(geometry, position, player, budget)?.0)
    }
    /// [`NajQuestions::immortal`] with the work the test took: the positions its search
    /// explored, 1 for a test that is no search (Benson's algorithm). A search that spends
    /// one budget over many tests (the NAJ solver, spec naj-solver.md SOLVE-5) counts it.
    fn immortal_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported>;
    /// N-18/N-19: for every point, whether `player` controls it given `position`, the
    /// position at the end of his analysis.
    fn control(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<Answer<Vec<bool>>, Unsupported> {
        Ok(self.control_work(geometry, position, player, budget)?.0)
    }
    /// [`NajQuestions::control`] with the work its immortality test took, as
    /// [`NajQuestions::immortal_work`].
    fn control_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported>;
}
