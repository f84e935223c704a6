//! Tromp-Taylor area scoring (spec `tromp-taylor.md` TT-7, TL-9; `PLAY-12`).

use super::play::reaches;
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::rules::Scoring;

/// Each player's points: stones of her colour plus the empty points the scoring variant
/// gives her.
/// * `area-not-reaching-opponent` (TT-7): empty points that do not reach the opponent's colour.
/// * `area-reaching-only` (TL-9): empty points that reach her colour and not the opponent's.
pub fn area_points(geometry: &Geometry, position: &Position, scoring: Scoring) -> (u32, u32) {
    let owners = area_owners(geometry, position, scoring);
    let count = |k: usize| owners.iter().filter(|o| o[k]).count() as u32;
    (count(0), count(1))
}

/// Per point, whether the area score counts it for Black and for White (PLAY-12): a
/// player's stone counts for him; an empty point counts for him when it does not reach the
/// opponent's colour (`AreaNotReachingOpponent`), or when it reaches his colour and not
/// the opponent's (`AreaReachingOnly`).
pub fn area_owners(geometry: &Geometry, position: &Position, scoring: Scoring) -> Vec<[bool; 2]> {
    let counts_for = |p: Point, me: Colour| -> bool {
        let mine = Cell::Stone(me);
        let theirs = Cell::Stone(me.opponent());
        match position.get(p) {
            c if c == mine => true,
            Cell::Empty => match scoring {
                Scoring::AreaNotReachingOpponent => !reaches(geometry, position, p, theirs),
                Scoring::AreaReachingOnly => {
                    reaches(geometry, position, p, mine) && !reaches(geometry, position, p, theirs)
                }
                Scoring::None => false,
            },
            _ => false,
        }
    };
    geometry
        .points()
        .map(|p| [counts_for(p, Colour::Black), counts_for(p, Colour::White)])
        .collect()
}
