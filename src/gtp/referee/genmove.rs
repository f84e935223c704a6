//! `genmove`: the referee's random player, and the own-eye test it shares with `gtp-diff`'s
//! random games.

use super::{agreed, Referee, Reply};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::parse::gtp::vertex_text;
use rand::Rng;

/// Whether a play by `colour` at `p` fills its own eye: `p` is empty and every neighbour of
/// it is a stone of `colour`.
pub fn fills_own_eye(geometry: &Geometry, position: &Position, colour: Colour, p: Point) -> bool {
    position.get(p) == Cell::Empty
        && geometry
            .neighbours(p)
            .iter()
            .all(|&n| position.get(n) == Cell::Stone(colour))
}

impl Referee {
    /// `genmove COLOUR` (and `kgs-genmove_cleanup COLOUR`): uniformly random among the
    /// plays the session finds legal that are not suicide (even where the rules allow it)
    /// and do not fill the player's own eye; a pass when none is left. Reproducible from
    /// the seed. After the end of the game it plays on like `play` (a new move-sequence).
    pub(super) fn genmove(&mut self, a: &[String], usage: &str) -> Reply {
        let colour = self.colour(a, usage)?;
        let position = self.position();
        let g = self.geometry().clone();
        let candidates: Vec<Point> = agreed(self.session.legal_plays(colour)?)?
            .into_iter()
            .filter(|(p, removed)| {
                !removed.contains(p) && !fills_own_eye(&g, &position, colour, *p)
            })
            .map(|(p, _)| p)
            .collect();
        let vertex = if candidates.is_empty() {
            None
        } else {
            Some(candidates[self.rng.gen_range(0..candidates.len())])
        };
        match self.play(colour, vertex) {
            Ok(_) => Ok(vertex_text(&g, vertex)),
            Err(Ok(reason)) => Err(format!("cannot play: pass is illegal ({reason})")),
            Err(Err(text)) => Err(text),
        }
    }
}
