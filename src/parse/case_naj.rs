//! NAJ's part of a check (spec naj.md): the black- and white-analysis, control (N-18,
//! N-19), immortality (N-17), the analyses' scores (N-21 ... N-24) and the claimed values
//! of the analyses under optimal play.

use super::step::Analysis;
use crate::geometry::Cell;

/// What a NAJ or NAJN check asks beyond the moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NajCheck {
    /// The black-analysis (White opens) and the white-analysis (Black opens), N-15, N-16.
    pub black_analysis: Option<Analysis>,
    pub white_analysis: Option<Analysis>,
    /// Black's and White's control (N-18, N-19) in the final-position.
    pub control: [Option<Vec<bool>>; 2],
    /// Unmarked cells of the black / white control diagrams: the final-position content.
    pub control_content: [Option<Vec<Option<Cell>>>; 2],
    pub black_score: Option<i64>,
    pub white_score: Option<i64>,
    /// N-17 immortality of Black's and White's stones in the final position.
    pub immortal: [Option<Vec<bool>>; 2],
    /// Unmarked cells of the immortal diagrams: the content of the tested position.
    pub immortal_content: [Option<Vec<Option<Cell>>>; 2],
    /// Claimed values of the black- and white-analysis under optimal play.
    pub optimal_scores: [Option<i64>; 2],
}
