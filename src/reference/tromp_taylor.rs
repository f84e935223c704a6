//! Tromp-Taylor area scoring (spec `tromp-taylor.md` TT-7, TL-9; `PLAY-12`).

use super::play::reaches;
use crate::geometry::{Cell, Colour, Geometry, Position};
use crate::rules::Scoring;

/// Each player's points: stones of her colour plus the empty points the scoring variant
/// gives her.
/// * `area-not-reaching-opponent` (TT-7): empty points that do not reach the opponent's colour.
/// * `area-reaching-only` (TL-9): empty points that reach her colour and not the opponent's.
pub fn area_points(geometry: &Geometry, position: &Position, scoring: Scoring) -> (u32, u32) {
    let points = |me: Colour| -> u32 {
        let mine = Cell::Stone(me);
        let theirs = Cell::Stone(me.opponent());
        geometry
            .points()
            .filter(|&p| match position.get(p) {
                c if c == mine => true,
                Cell::Empty => match scoring {
                    Scoring::AreaNotReachingOpponent => !reaches(geometry, position, p, theirs),
                    Scoring::AreaReachingOnly => {
                        reaches(geometry, position, p, mine)
                            && !reaches(geometry, position, p, theirs)
                    }
                    Scoring::None => false,
                },
                _ => false,
            })
            .count() as u32
    };
    (points(Colour::Black), points(Colour::White))
}
