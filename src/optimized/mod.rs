//! The optimized implementation: bitboards, incremental play, Zobrist hashing.
//! One module per technique. Every speed-up can be switched off ([`Switches`]); the corpus
//! runs with each one off too, so a failure names the optimization at fault.

pub mod benson;
pub mod bitboard;
pub mod game;
mod j2003;
pub mod layout;
pub mod legal;
pub mod ljr;
pub mod strings;
mod switches;
mod vjr;
pub mod zobrist;

use crate::engine::{Answer, Engine, Game, Start, Unsupported};
use crate::geometry::{Colour, Geometry, Position};
use crate::rules::Rules;
use bitboard::{MAX_WORDS, WORDS_25X25};
use game::OptGame;
pub use switches::{Switch, Switches};

/// The optimized engine. It supports rectangular boards only, except for LJR (any graph).
#[derive(Clone, Copy, Debug)]
pub struct Optimized {
    pub switches: Switches,
}

impl Default for Optimized {
    fn default() -> Self {
        Optimized {
            switches: Switches::ALL_ON,
        }
    }
}

impl Optimized {
    /// Start a game with the concrete word count, for callers that want the fast path.
    pub fn start_sized<const N: usize>(
        width: usize,
        height: usize,
        rules: &Rules,
        start: &Start,
        switches: Switches,
    ) -> OptGame<N> {
        OptGame::new(width, height, rules, start, switches)
    }

    /// Word count used for a `width` x `height` board: the fewest of 2, 6, 11 (a 25x25
    /// board) and 44 (52x52) that hold it; without `narrow-boards` 11, or 44 for a board
    /// that 11 do not hold.
    pub fn words_for(&self, width: usize, height: usize) -> usize {
        let bits = (width + 1) * height;
        if bits > WORDS_25X25 * 64 {
            MAX_WORDS
        } else if !self.switches.narrow_boards {
            WORDS_25X25
        } else if bits <= 128 {
            2
        } else if bits <= 384 {
            6
        } else {
            WORDS_25X25
        }
    }
}

impl Engine for Optimized {
    fn name(&self) -> String {
        let off = self.switches.off();
        if off.is_empty() {
            "optimized".to_string()
        } else {
            format!("optimized-without-{}", off.join("-"))
        }
    }

    fn to_shared(&self) -> std::sync::Arc<dyn Engine> {
        std::sync::Arc::new(*self)
    }

    fn start(
        &self,
        geometry: &Geometry,
        rules: &Rules,
        start: &Start,
    ) -> Result<Box<dyn Game>, Unsupported> {
        let unsupported = |what: String| Unsupported {
            engine: self.name(),
            what,
        };
        rules.validate().map_err(unsupported)?;
        let (w, h) = geometry
            .rect_size()
            .ok_or_else(|| unsupported("boards that are not rectangles".to_string()))?;
        let s = self.switches;
        Ok(match self.words_for(w, h) {
            2 => Box::new(OptGame::<2>::new(w, h, rules, start, s)),
            6 => Box::new(OptGame::<6>::new(w, h, rules, start, s)),
            WORDS_25X25 => Box::new(OptGame::<WORDS_25X25>::new(w, h, rules, start, s)),
            _ => Box::new(OptGame::<MAX_WORDS>::new(w, h, rules, start, s)),
        })
    }
    /// Colourings as bit masks (`legal`), on rectangles of at most 40 points.
    fn legal_positions(&self, geometry: &Geometry) -> Result<u64, Unsupported> {
        geometry
            .rect_size()
            .and_then(|(w, h)| legal::count_legal_positions(w, h))
            .ok_or_else(|| Unsupported {
                engine: self.name(),
                what: "counting the legal positions of boards that are not rectangles of at most 40 points".to_string(),
            })
    }
    fn naj(&self) -> Result<&dyn crate::engine::NajQuestions, Unsupported> {
        Ok(self)
    }
    fn j2003(&self) -> Result<&dyn crate::engine::J2003Questions, Unsupported> {
        Ok(self)
    }
    fn vjr(&self) -> Result<&dyn crate::engine::VjrQuestions, Unsupported> {
        Ok(self)
    }
    fn ljr(&self) -> Result<&dyn crate::engine::LjrEngine, Unsupported> {
        Ok(self)
    }
}

impl crate::engine::NajQuestions for Optimized {
    /// Benson's algorithm is no search: one test counts 1.
    fn immortal_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        _budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported> {
        let (w, h) = geometry.rect_size().ok_or_else(|| Unsupported {
            engine: self.name(),
            what: "boards that are not rectangles".to_string(),
        })?;
        let immortal = benson::immortal_points(w, h, self.words_for(w, h), position, player);
        Ok((Answer::Decided(immortal), 1))
    }

    fn control_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported> {
        let (w, h) = geometry.rect_size().unwrap_or((0, 0));
        Ok(
            match self.immortal_work(geometry, position, player, budget)? {
                (Answer::Decided(v), work) => {
                    (Answer::Decided(benson::control_points(w, h, &v)), work)
                }
                other => other,
            },
        )
    }
}

impl crate::engine::J2003Questions for Optimized {
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::status_game::StatusCheck,
        budget: u64,
    ) -> Result<Answer<(bool, u64)>, Unsupported> {
        j2003::force(self, geometry, position, check, budget)
    }

    fn principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::status_game::StatusCheck,
        budget: u64,
    ) -> Result<Option<crate::engine::PrincipalLine>, Unsupported> {
        j2003::principal_line(self, geometry, position, check, budget)
    }

    fn screens_ending_passes(&self) -> bool {
        j2003::screens_ending_passes(self)
    }

    fn board_score(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::status_game::Status>],
    ) -> Result<i64, Unsupported> {
        Ok(j2003::board_score(geometry, position, status))
    }
}

impl crate::engine::VjrQuestions for Optimized {
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrQuestion,
        budget: u64,
    ) -> Result<Answer<(crate::vjr::Outcome, u64)>, Unsupported> {
        vjr::force(self, geometry, position, check, budget)
    }

    fn principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrQuestion,
        budget: u64,
    ) -> Result<Option<(crate::vjr::Outcome, Vec<crate::engine::Move>)>, Unsupported> {
        vjr::principal_line(self, geometry, position, check, budget)
    }

    fn territory(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::vjr::VjrStatus>],
    ) -> Result<crate::vjr::VjrTerritory, Unsupported> {
        vjr::territory(self, geometry, position, status)
    }
}

impl crate::engine::LjrEngine for Optimized {
    fn start_turns(
        &self,
        geometry: &Geometry,
        start: &crate::ljr::LjrStart,
    ) -> Result<Box<dyn crate::ljr::LjrGame>, Unsupported> {
        let board = std::sync::Arc::new(ljr::board::Board::from_geometry(geometry));
        let sw = ljr::LjrSwitches::of(&self.switches);
        ljr::game::OptLjrGame::new(board, start, sw)
            .map(|g| Box::new(g) as Box<dyn crate::ljr::LjrGame>)
            .map_err(|what| Unsupported {
                engine: self.name(),
                what,
            })
    }

    fn control(
        &self,
        geometry: &Geometry,
        query: &crate::ljr::ControlQuery,
    ) -> Result<crate::ljr::ControlAnswer, Unsupported> {
        ljr::control::control(geometry, query, ljr::LjrSwitches::of(&self.switches)).map_err(
            |what| Unsupported {
                engine: self.name(),
                what,
            },
        )
    }
}
