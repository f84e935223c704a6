//! The optimized engine's Logical Japanese Rules (spec `ljr.md`; clause ids L-n, choices
//! LC-n, parameters LP-n, lemmas LL-n). One module per technique:
//!
//! * [`board`]: locations as a general graph, sets of locations as bitsets;
//! * [`strings`]: strings and liberties kept turn by turn (`ljr-incremental-strings`);
//! * [`turn`]: the turn rules on one situation (removal, then play);
//! * [`history`]: earlier situations, hashed (`ljr-situation-hash`), with the locations
//!   used since each;
//! * [`game`]: the [`crate::ljr::LjrGame`] of turns;
//! * [`formation`]: bordered sets, units, the two-eye formation, the refuter's largest
//!   formation, the candidate sets of a control question;
//! * [`control`]: the control search: the two-eye test (L-14) and the dispute (L-17),
//!   with a transposition table (`ljr-transposition`), shared sets (`ljr-set-sharing`)
//!   and the opponent's unbreakable formation as a cut (`ljr-formation-cut`).

pub mod board;
pub mod control;
pub mod formation;
pub mod game;
pub mod history;
pub mod strings;
pub mod turn;

use super::Switches;

/// The LJR part of [`Switches`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LjrSwitches {
    pub situation_hash: bool,
    pub incremental_strings: bool,
    pub transposition: bool,
    pub set_sharing: bool,
    pub formation_cut: bool,
}

impl LjrSwitches {
    pub const ALL_ON: LjrSwitches = LjrSwitches {
        situation_hash: true,
        incremental_strings: true,
        transposition: true,
        set_sharing: true,
        formation_cut: true,
    };
    pub fn of(s: &Switches) -> LjrSwitches {
        LjrSwitches {
            situation_hash: s.ljr_situation_hash,
            incremental_strings: s.ljr_incremental_strings,
            transposition: s.ljr_transposition,
            set_sharing: s.ljr_set_sharing,
            formation_cut: s.ljr_formation_cut,
        }
    }
}
