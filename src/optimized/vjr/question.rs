//! A VJR status question on bitboards ([`Ctx`]): the board, the string, who owns it and who
//! seeks the target, shared by the proof search, the state graph and the Benson leaves.

use super::super::bitboard::BitBoard;
use super::board::{index, Board, State, NO_BAN};
use crate::vjr::VjrQuestion;

/// A question on bitboards.
pub(super) struct Ctx<'a, const N: usize> {
    pub(super) board: Board<N>,
    pub(super) check: &'a VjrQuestion,
    /// Colour indices (0 Black, 1 White).
    pub(super) owner: usize,
    pub(super) seeker: usize,
    /// The analysed string's final points, and the bit of its first point.
    pub(super) s: BitBoard<N>,
    pub(super) s0: usize,
    /// VS-3 item 4 (`vjr-benson`, used with the attractors only: see `benson_leaves.rs`).
    pub(super) benson_leaves: bool,
}

impl<const N: usize> Ctx<'_, N> {
    /// The root state (V-5).
    pub(super) fn root(&self, position: &crate::geometry::Position) -> State<N> {
        State {
            stones: self.board.stones(position),
            to_move: index(self.check.first_mover()) as u8,
            after_pass: false,
            ban: NO_BAN,
        }
    }
}
