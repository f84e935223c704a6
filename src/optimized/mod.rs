//! The optimized implementation: bitboards, incremental play, Zobrist hashing.
//! One module per technique. Every speed-up can be switched off ([`Switches`]); the corpus
//! runs with each one off too, so a failure names the optimization at fault.

pub mod benson;
pub mod bitboard;
pub mod game;
mod j2003;
pub mod legal;
pub mod ljr;
pub mod strings;
mod vjr;
pub mod zobrist;

use crate::engine::{Answer, Engine, Game, Start, Unsupported};
use crate::geometry::{Colour, Geometry, Position};
use crate::rules::Rules;
use bitboard::MAX_WORDS;
use game::OptGame;

/// The speed-ups of the optimized engine, each of which can be switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Switches {
    /// Find earlier positions through a Zobrist-hash index (off: scan the whole history).
    pub hash_index: bool,
    /// Keep strings and their liberties up to date move by move (off: flood fill at every
    /// judgement).
    pub incremental_strings: bool,
    /// Use the narrowest bitboard that holds the board (off: always the 25x25 width).
    pub narrow_boards: bool,
    /// J2003: a string Benson's algorithm finds unconditionally alive is uncapturable
    /// without a search (off: every uncapturable check is solved).
    pub benson_uncapturable: bool,
    /// J2003: before solving a status check on its state graph, look for a forced win of the
    /// attacker (a capture; for C1/C2 a finite sequence meeting the target) by a
    /// depth-limited search (goal-directed; a proof found decides the check).
    pub bounded_capture: bool,
    /// J2003: before solving an uncapturable check on its state graph, look for a strategy
    /// of the defender that never lets the string be captured (a closed set of states).
    pub survival_proof: bool,
    /// J2003: in the proof searches, a state where the string is unconditionally alive by
    /// Benson's algorithm is won by the defender without a search (spec S-3).
    pub benson_survival: bool,
    /// J2003: in the proof searches of uncapturable checks, no plays into regions sealed by
    /// the defender's unconditionally alive strings (spec S-3).
    pub sealed_regions: bool,
    /// J2003: in the proof searches, empty regions enclosed by the prover's opponent are
    /// frozen: the opponent's plays there count as one tempo move (spec S-3).
    pub frozen_regions: bool,
    /// J2003: uncapturable checks by depth-first proof-number search (df-pn, no depth
    /// bound, transposition table with the GHI treatment of repetitions; spec S-3.1)
    /// instead of the line-bounded proof searches.
    pub j2003_dfpn: bool,
    /// J2003: with `j2003_dfpn`, an uncapturable check is first solved in two ko-free
    /// variants that bracket it (spec S-3.2); the full game only where they disagree.
    pub ko_bracketing: bool,
    /// LJR: find earlier similar situations through a hash index (off: scan the whole
    /// history); a hit is always verified exactly.
    pub ljr_situation_hash: bool,
    /// LJR: keep strings and liberties up to date turn by turn (off: flood fill at every
    /// judgement).
    pub ljr_incremental_strings: bool,
    /// LJR control: cache the results of test-game states that did not depend on a
    /// repetition cut (LL-6).
    pub ljr_transposition: bool,
    /// LJR control: a set proved for one location gives control of all its locations, and
    /// a set is searched once (off: every location searches its own sets).
    pub ljr_set_sharing: bool,
    /// LJR control: a test-game or dispute state where the opponent has a two-eye
    /// formation meeting the set (LL-5: it can never be broken), or where P's formation can
    /// never stand (a location of the set without neighbours; empty permanently prohibited
    /// locations of the set on its border or side by side), is lost without a search.
    pub ljr_formation_cut: bool,
    /// VJR: a state where Benson's algorithm makes the target unreachable is a *no* for the
    /// seeker without expansion (spec `vjr.md` VS-3 item 4; used with `vjr-attractor`).
    pub vjr_benson: bool,
    /// VJR: the attractors W and L of the state graph decide the root when it lies in one
    /// and are the leaves of the first-cycle search (off: that search runs from the root
    /// over the whole graph).
    pub vjr_attractor: bool,
    /// VJR: skip the first-cycle search when no strongly connected component of the middle
    /// region can remove stones of both colours (the answer is then *undefined*).
    pub vjr_cycle_screen: bool,
    /// VJR: before the state graph, a goal-directed depth-first proof search with a quarter
    /// of the budget (spec `vjr.md` VS-3; off: the state graph at once).
    pub vjr_proof_search: bool,
}

impl Switches {
    pub const ALL_ON: Switches = Switches {
        hash_index: true,
        incremental_strings: true,
        narrow_boards: true,
        benson_uncapturable: true,
        bounded_capture: true,
        survival_proof: true,
        benson_survival: true,
        sealed_regions: true,
        frozen_regions: true,
        j2003_dfpn: true,
        ko_bracketing: true,
        ljr_situation_hash: true,
        ljr_incremental_strings: true,
        ljr_transposition: true,
        ljr_set_sharing: true,
        ljr_formation_cut: true,
        vjr_benson: true,
        vjr_attractor: true,
        vjr_cycle_screen: true,
        vjr_proof_search: true,
    };
    /// Names of the switches, for reports and engine names.
    pub const NAMES: [&'static str; 20] = [
        "hash-index",
        "incremental-strings",
        "narrow-boards",
        "benson-uncapturable",
        "bounded-capture",
        "survival-proof",
        "benson-survival",
        "sealed-regions",
        "frozen-regions",
        "j2003-dfpn",
        "ko-bracketing",
        "ljr-situation-hash",
        "ljr-incremental-strings",
        "ljr-transposition",
        "ljr-set-sharing",
        "ljr-formation-cut",
        "vjr-benson",
        "vjr-attractor",
        "vjr-cycle-screen",
        "vjr-proof-search",
    ];

    /// The switches of the J2003 solver (for `go-oracle bench`): the eight after the first
    /// three of [`Self::NAMES`].
    pub const J2003_NAMES: &'static [&'static str] = Self::NAMES.split_at(3).1.split_at(8).0;

    /// The switches of the LJR engine.
    pub const LJR_NAMES: &'static [&'static str] = &[
        "ljr-situation-hash",
        "ljr-incremental-strings",
        "ljr-transposition",
        "ljr-set-sharing",
        "ljr-formation-cut",
    ];

    /// The switches of the VJR solver: the last four of [`Self::NAMES`].
    pub const VJR_NAMES: &'static [&'static str] = Self::NAMES.split_at(16).1;

    /// All on except the named one.
    pub fn without(name: &str) -> Option<Switches> {
        let mut s = Switches::ALL_ON;
        s.switch_off(name).then_some(s)
    }

    /// Switches the named speed-up off; false for an unknown name.
    pub fn switch_off(&mut self, name: &str) -> bool {
        let s = self;
        match name {
            "hash-index" => s.hash_index = false,
            "incremental-strings" => s.incremental_strings = false,
            "narrow-boards" => s.narrow_boards = false,
            "benson-uncapturable" => s.benson_uncapturable = false,
            "bounded-capture" => s.bounded_capture = false,
            "survival-proof" => s.survival_proof = false,
            "benson-survival" => s.benson_survival = false,
            "sealed-regions" => s.sealed_regions = false,
            "frozen-regions" => s.frozen_regions = false,
            "j2003-dfpn" => s.j2003_dfpn = false,
            "ko-bracketing" => s.ko_bracketing = false,
            "ljr-situation-hash" => s.ljr_situation_hash = false,
            "ljr-incremental-strings" => s.ljr_incremental_strings = false,
            "ljr-transposition" => s.ljr_transposition = false,
            "ljr-set-sharing" => s.ljr_set_sharing = false,
            "ljr-formation-cut" => s.ljr_formation_cut = false,
            "vjr-benson" => s.vjr_benson = false,
            "vjr-attractor" => s.vjr_attractor = false,
            "vjr-cycle-screen" => s.vjr_cycle_screen = false,
            "vjr-proof-search" => s.vjr_proof_search = false,
            _ => return false,
        }
        true
    }
}

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

    /// Word count used for a `width` x `height` board.
    pub fn words_for(&self, width: usize, height: usize) -> usize {
        let bits = (width + 1) * height;
        if !self.switches.narrow_boards {
            MAX_WORDS
        } else if bits <= 128 {
            2
        } else if bits <= 384 {
            6
        } else {
            MAX_WORDS
        }
    }
}

impl Engine for Optimized {
    fn name(&self) -> String {
        let off: Vec<&str> = Switches::NAMES
            .iter()
            .copied()
            .filter(|n| match *n {
                "hash-index" => !self.switches.hash_index,
                "incremental-strings" => !self.switches.incremental_strings,
                "narrow-boards" => !self.switches.narrow_boards,
                "benson-uncapturable" => !self.switches.benson_uncapturable,
                "bounded-capture" => !self.switches.bounded_capture,
                "survival-proof" => !self.switches.survival_proof,
                "benson-survival" => !self.switches.benson_survival,
                "sealed-regions" => !self.switches.sealed_regions,
                "frozen-regions" => !self.switches.frozen_regions,
                "j2003-dfpn" => !self.switches.j2003_dfpn,
                "ko-bracketing" => !self.switches.ko_bracketing,
                "ljr-situation-hash" => !self.switches.ljr_situation_hash,
                "ljr-incremental-strings" => !self.switches.ljr_incremental_strings,
                "ljr-transposition" => !self.switches.ljr_transposition,
                "ljr-set-sharing" => !self.switches.ljr_set_sharing,
                "ljr-formation-cut" => !self.switches.ljr_formation_cut,
                "vjr-benson" => !self.switches.vjr_benson,
                "vjr-attractor" => !self.switches.vjr_attractor,
                "vjr-cycle-screen" => !self.switches.vjr_cycle_screen,
                "vjr-proof-search" => !self.switches.vjr_proof_search,
                _ => false,
            })
            .collect();
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
            _ => Box::new(OptGame::<MAX_WORDS>::new(w, h, rules, start, s)),
        })
    }

    fn immortal(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        _budget: u64,
    ) -> Result<Answer<Vec<bool>>, Unsupported> {
        let (w, h) = geometry.rect_size().ok_or_else(|| Unsupported {
            engine: self.name(),
            what: "boards that are not rectangles".to_string(),
        })?;
        Ok(Answer::Decided(benson::immortal_points(
            w,
            h,
            self.words_for(w, h),
            position,
            player,
        )))
    }

    fn control(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<Answer<Vec<bool>>, Unsupported> {
        let (w, h) = geometry.rect_size().unwrap_or((0, 0));
        Ok(match self.immortal(geometry, position, player, budget)? {
            Answer::Decided(v) => Answer::Decided(benson::control_points(w, h, &v)),
            other => other,
        })
    }

    fn j2003_force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::status_game::StatusCheck,
        budget: u64,
    ) -> Result<Answer<(bool, u64)>, Unsupported> {
        j2003::force(self, geometry, position, check, budget)
    }

    fn j2003_principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::status_game::StatusCheck,
        budget: u64,
    ) -> Result<Option<(bool, Vec<crate::engine::Move>)>, Unsupported> {
        j2003::principal_line(self, geometry, position, check, budget)
    }

    fn j2003_board_score(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::status_game::Status>],
    ) -> Result<i64, Unsupported> {
        Ok(j2003::board_score(geometry, position, status))
    }

    fn vjr_force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrCheck,
        budget: u64,
    ) -> Result<Answer<(crate::vjr::Outcome, u64)>, Unsupported> {
        vjr::force(self, geometry, position, check, budget)
    }

    fn vjr_principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &crate::vjr::VjrCheck,
        budget: u64,
    ) -> Result<Option<(crate::vjr::Outcome, Vec<crate::engine::Move>)>, Unsupported> {
        vjr::principal_line(self, geometry, position, check, budget)
    }

    fn vjr_territory(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<crate::vjr::VjrStatus>],
    ) -> Result<crate::vjr::VjrTerritory, Unsupported> {
        vjr::territory(self, geometry, position, status)
    }

    fn ljr_start(
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

    fn ljr_control(
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
