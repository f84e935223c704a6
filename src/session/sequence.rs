//! What a move does to the move-sequences, by the session's rules (the `session` module
//! comment): it continues the current move-sequence, or starts a new one because the
//! ruleset had ended the previous one (a play after the end) or because its player was not
//! the one to move (out of turn); and whether the ruleset ended the move-sequence with it
//! ([`GameEnd`]). The commands print these answers; they never work them out themselves.

use super::game::{Done, GameEnd, RulesetGame};
use super::verdict::Verdict;
use crate::engine::Illegal;
use crate::geometry::Colour;

/// How a move stands to the move-sequence in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SequenceStart {
    /// By the player to move, before the end: the move-sequence goes on.
    Continues,
    /// The ruleset had ended the move-sequence (its consecutive passes, a long cycle, LJR's
    /// L-4): the move starts a new one at the current position, prisoners kept.
    AfterEnd,
    /// By the player not to move: the move starts a new move-sequence at the current
    /// position with that player to move, prisoners kept.
    OutOfTurn,
}

impl SequenceStart {
    /// How a move by `colour` stands in `game`: after the end first (either player may
    /// move then), else out of turn when `colour` is not to move.
    pub fn of(game: &RulesetGame, colour: Colour) -> SequenceStart {
        if game.is_over() {
            SequenceStart::AfterEnd
        } else if game.to_move() != colour {
            SequenceStart::OutOfTurn
        } else {
            SequenceStart::Continues
        }
    }

    /// Whether the move starts a new move-sequence.
    pub fn is_new(self) -> bool {
        self != SequenceStart::Continues
    }

    /// The name in the command line's JSON: `after-end`, `out-of-turn`; `None` when the
    /// move-sequence goes on.
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            SequenceStart::Continues => None,
            SequenceStart::AfterEnd => Some("after-end"),
            SequenceStart::OutOfTurn => Some("out-of-turn"),
        }
    }

    /// Why the move starts a new move-sequence, in words (`None` when it goes on).
    pub fn describe(self) -> Option<&'static str> {
        match self {
            SequenceStart::Continues => None,
            SequenceStart::AfterEnd => Some("the game was over"),
            SequenceStart::OutOfTurn => Some("the player was not the one to move"),
        }
    }
}

/// What [`super::Session::play`] did: the engines' verdict on the move, and what it did
/// to the move-sequences.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub verdict: Verdict<Result<Done, Illegal>>,
    /// Whether the move continued the move-sequence or started a new one; for a move not
    /// made (illegal or not agreed on), the move-sequence it was judged in, which it would
    /// have started: nothing changed.
    pub start: SequenceStart,
    /// How the ruleset ended the move-sequence with this move; `None` when it did not, or
    /// when the move was not made.
    pub end: Option<GameEnd>,
}
