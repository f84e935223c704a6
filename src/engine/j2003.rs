//! J2003's questions beyond play (spec `j2003.md` G-1 ... G-8, J-54 ... J-64): one status
//! check from a final-position, its principal line, the board score.

use super::{Answer, Move, Unsupported};
use crate::geometry::{Geometry, Position};
use crate::status_game::{Status, StatusCheck};

/// A move of a principal line (j2003-solver.md S-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineMove {
    Move(Move),
    /// A play of the prover's opponent outside the fenced set of a pinned game (J-LOC-8):
    /// there it is one tempo move, and which play it is does not matter.
    Outside,
}

/// One principal variation of a decided status check (j2003-solver.md S-2), the attacker first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrincipalLine {
    /// Whether the attacker can force the check's target.
    pub forced: bool,
    pub moves: Vec<LineMove>,
    /// A proof without a line that decided the check (`moves` is then empty); `None` for
    /// the line of a search.
    pub without_line: Option<LinelessProof>,
}

/// A proof of "cannot force" that shows no line: the string is safe whatever the attacker
/// plays, by a static argument (spec j2003-solver.md S-3 and J-LOC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinelessProof {
    /// Benson's unconditional life (`benson-uncapturable`, S-3): X passes for ever.
    Benson,
    /// Safety by local answers in the regions X encloses (`alternating-safety`, J-LOC-5,
    /// J-LOC-6): X answers every play of Y inside them and keeps two sure liberties.
    LocalAnswers,
}

impl LinelessProof {
    /// The proof in words, with its spec clause.
    pub fn text(self) -> &'static str {
        match self {
            LinelessProof::Benson => "unconditionally alive by Benson's algorithm (S-3, benson-uncapturable): the defender passes for ever",
            LinelessProof::LocalAnswers => "safe by local answers in the regions the defender encloses (J-LOC-5, J-LOC-6): each play of the attacker there is answered there",
        }
    }
}

/// An engine that answers J2003's status checks ([`super::Engine::j2003`]).
pub trait J2003Questions {
    /// G-1 ... G-8: whether the attacker can force the target of `check` from the
    /// final-position `position`, with the states or nodes the solver visited.
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &StatusCheck,
        budget: u64,
    ) -> Result<Answer<(bool, u64)>, Unsupported>;
    /// One principal variation of a decided status check (j2003-solver.md S-2): for a proved "can
    /// force", a line of the attacker's winning strategy against the strongest defence
    /// found; for "cannot force", the defender's refutation. `Ok(None)` when the engine does
    /// not produce lines or the check is undetermined within `budget`. A line of a pinned game
    /// (J-LOC-8) shows the opponent's tempo as [`LineMove::Outside`].
    fn principal_line(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &StatusCheck,
        budget: u64,
    ) -> Result<Option<PrincipalLine>, Unsupported> {
        let _ = (geometry, position, check, budget);
        Ok(None)
    }
    /// Whether this engine judges an ending pass (J-19) by the lemma J19-L1 first: a position
    /// where no single stone is a ko stone (J-28) holds no direct ko stone, so the pass is
    /// legal without the analysis. The default (the reference) runs the analysis at every
    /// ending pass, as C-4 reads literally.
    fn screens_ending_passes(&self) -> bool {
        false
    }
    /// J-54 ... J-64: the board part of the score (territory plus dead opposing stones on
    /// it, Black minus White) of `position`, given each stone's string status.
    fn board_score(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<Status>],
    ) -> Result<i64, Unsupported>;
}
