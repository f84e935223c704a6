//! Rules procedures that run on any engine, through [`crate::engine::Engine`] only: they
//! combine an engine's answers the way a ruleset's text combines its terms.
//!
//! * [`naj`]: the NAJ analyses under optimal play (alpha-beta, spec naj-solver.md SOLVE-1 ... SOLVE-5).
//! * [`j2003`]: the J2003 analysis procedure (J-52), ko stones judged by the engine's plays.
//! * [`ljr`]: the L-5 score and L-17 counting.
//! * [`vjr`]: the VJR status assessment: both questions of every string, statuses, score.
//! * [`solve`]: the value of the empty board under perfect play (spec solve.md).
//! * `value_table`: what the NAJ and whole-board value searches share (their table's
//!   entries and results).

pub mod j2003;
pub mod ljr;
pub mod naj;
pub mod solve;
mod value_table;
pub mod vjr;

use crate::geometry::Point;

/// Which strings of a final position a status procedure answers for.
#[derive(Clone, Copy, Debug)]
pub enum Strings<'a> {
    /// Every string (what a territory or a score needs).
    All,
    /// The strings that hold one of these points (a check that names strings).
    At(&'a [Point]),
}

impl Strings<'_> {
    /// Whether the string made of `points` is one of these.
    pub fn names(&self, points: &[Point]) -> bool {
        match self {
            Strings::All => true,
            Strings::At(at) => points.iter().any(|p| at.contains(p)),
        }
    }
}
