//! J2003's part of a check (spec j2003.md): the statuses of the final position's strings
//! (J-41 ... J-50).

use crate::geometry::Point;
use crate::status_game::Status;

/// One expected string status: a point of the string, its status, and whether it is a
/// direct ko stone (J-27), when the case says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct J2003StringExpect {
    pub at: Point,
    pub status: Status,
    pub direct_ko_stone: Option<bool>,
}

/// What a J2003 check asks beyond the moves and the score.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct J2003Check {
    pub strings: Vec<J2003StringExpect>,
}
