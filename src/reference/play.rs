//! Strings, reach, clearing and suicide, literally (spec `PLAY-3` ... `PLAY-6`).

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::rules::{CaptureOrder, Suicide};

/// Spec `PLAY-4`: does point `p` reach colouring `target`? True when a path of neighbouring
/// points, all of `p`'s colouring, leads from `p` to a point coloured `target`.
/// Found by a plain depth-first path search.
pub fn reaches(geometry: &Geometry, position: &Position, p: Point, target: Cell) -> bool {
    let own = position.get(p);
    if own == target {
        return false;
    }
    let mut seen = vec![false; geometry.len()];
    let mut stack = vec![p];
    seen[p] = true;
    while let Some(q) = stack.pop() {
        for &n in geometry.neighbours(q) {
            let c = position.get(n);
            if c == target {
                return true;
            }
            if c == own && !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    false
}

/// Spec `PLAY-5`: clearing a colour empties every point of that colour that does not reach
/// empty. All points are judged on the position before any of them is emptied.
/// The path search of `PLAY-4` is run once per connected set of that colour: every point of
/// such a set reaches empty exactly when one path search from any of them does.
/// Returns the emptied points.
pub fn clear(geometry: &Geometry, position: &mut Position, colour: Colour) -> Vec<Point> {
    let stone = Cell::Stone(colour);
    let mut judged = vec![false; geometry.len()];
    let mut doomed = Vec::new();
    for p in geometry.points() {
        if position.get(p) != stone || judged[p] {
            continue;
        }
        // The points joined to `p` by paths of `colour` (the path search of PLAY-4).
        let mut component = vec![p];
        judged[p] = true;
        let mut i = 0;
        let mut reaches_empty = false;
        while i < component.len() {
            for &n in geometry.neighbours(component[i]) {
                match position.get(n) {
                    Cell::Empty => reaches_empty = true,
                    c if c == stone && !judged[n] => {
                        judged[n] = true;
                        component.push(n);
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        if !reaches_empty {
            doomed.extend(component);
        }
    }
    doomed.sort_unstable();
    for &p in &doomed {
        position.set(p, Cell::Empty);
    }
    doomed
}

/// The outcome of a play before any legality test.
#[derive(Clone, Debug)]
pub struct PlayOutcome {
    pub after: Position,
    pub removed_opponent: Vec<Point>,
    pub removed_own: Vec<Point>,
}

/// Spec `PLAY-5`: colour `p` with `player`'s colour, then clear the two colours in the
/// order the rules give.
pub fn play(
    geometry: &Geometry,
    position: &Position,
    p: Point,
    player: Colour,
    order: CaptureOrder,
) -> PlayOutcome {
    let mut after = position.clone();
    after.set(p, Cell::Stone(player));
    let (removed_opponent, removed_own) = match order {
        CaptureOrder::OpponentFirst => {
            let opp = clear(geometry, &mut after, player.opponent());
            let own = clear(geometry, &mut after, player);
            (opp, own)
        }
        CaptureOrder::OwnFirst => {
            let own = clear(geometry, &mut after, player);
            let opp = clear(geometry, &mut after, player.opponent());
            (opp, own)
        }
    };
    PlayOutcome {
        after,
        removed_opponent,
        removed_own,
    }
}

/// Spec `PLAY-6`: is this play a suicide the rules forbid? A suicide is a play that removes
/// stones of the mover's own colour.
pub fn is_forbidden_suicide(outcome: &PlayOutcome, p: Point, rule: Suicide) -> bool {
    if outcome.removed_own.is_empty() {
        return false;
    }
    match rule {
        Suicide::Forbidden => true,
        Suicide::MultiStoneOnly => outcome.removed_own == [p],
        Suicide::Allowed => false,
    }
}

/// Spec `PLAY-3`: is every string of the position given a liberty? (Every stone reaches
/// empty.) Used to count legal positions.
/// A play on an empty point with opposing strings cleared first and suicide forbidden (the
/// play of J2003 J-8 and VJR V-2): the position after it and the points it emptied, in
/// increasing order; `None` when the point is occupied or the play is suicide.
pub fn play_without_suicide(
    geometry: &Geometry,
    position: &Position,
    x: Point,
    player: Colour,
) -> Option<(Position, Vec<Point>)> {
    if position.get(x) != Cell::Empty {
        return None;
    }
    let outcome = play(geometry, position, x, player, CaptureOrder::OpponentFirst);
    if is_forbidden_suicide(&outcome, x, Suicide::Forbidden) {
        return None;
    }
    let mut removed = outcome.removed_opponent.clone();
    removed.sort_unstable();
    Some((outcome.after, removed))
}

pub fn is_legal_position(geometry: &Geometry, position: &Position) -> bool {
    geometry.points().all(|p| match position.get(p) {
        Cell::Empty => true,
        Cell::Stone(_) => reaches(geometry, position, p, Cell::Empty),
    })
}

/// Count the legal positions (spec `PLAY-3`: every stone reaches empty) of a board by
/// trying every colouring. Exponential: for tiny boards only.
pub fn count_legal_positions(geometry: &Geometry) -> u64 {
    let n = geometry.len();
    let mut position = Position::empty(n);
    let mut digits = vec![0u8; n];
    let mut count = 0;
    loop {
        if is_legal_position(geometry, &position) {
            count += 1;
        }
        // Next colouring in base 3.
        let mut i = 0;
        loop {
            if i == n {
                return count;
            }
            digits[i] = (digits[i] + 1) % 3;
            position.set(
                i,
                match digits[i] {
                    0 => Cell::Empty,
                    1 => Cell::Stone(Colour::Black),
                    _ => Cell::Stone(Colour::White),
                },
            );
            if digits[i] != 0 {
                break;
            }
            i += 1;
        }
    }
}
