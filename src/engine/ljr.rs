//! LJR's game and question (spec `ljr.md` L-1 ... L-17): LJR has no game of the shared play
//! model, so an engine that plays it starts its own game of turns.

use super::Unsupported;
use crate::geometry::Geometry;
use crate::ljr::{ControlAnswer, ControlQuery, LjrGame, LjrStart};

/// An engine that plays LJR ([`super::Engine::ljr`]).
pub trait LjrEngine {
    /// L-1 ... L-13: start a game of turns, or say why this engine cannot.
    fn start_turns(
        &self,
        geometry: &Geometry,
        start: &LjrStart,
    ) -> Result<Box<dyn LjrGame>, Unsupported>;
    /// L-14 ... L-17: which locations the query's player controls.
    fn control(
        &self,
        geometry: &Geometry,
        query: &ControlQuery,
    ) -> Result<ControlAnswer, Unsupported>;
}
