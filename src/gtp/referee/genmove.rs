//! `genmove`: the referee's random player.

use super::{Referee, Reply};
use crate::parse::gtp::vertex_text;
use rand::Rng;

impl Referee {
    /// `genmove COLOUR`: a uniformly random legal point, or pass.
    pub(super) fn genmove(&mut self, a: &[String]) -> Reply {
        let colour = self.colour(a, "genmove COLOUR")?;
        if self.is_over() {
            return Ok("pass".into());
        }
        let legal = self.legal_points(colour)?;
        let vertex = if legal.is_empty() {
            None
        } else {
            Some(legal[self.rng.gen_range(0..legal.len())])
        };
        match self.play(colour, vertex) {
            Ok(_) => Ok(vertex_text(self.geometry(), vertex)),
            Err(Ok(reason)) => Err(format!("cannot play: pass is illegal ({reason})")),
            Err(Err(text)) => Err(text),
        }
    }
}
