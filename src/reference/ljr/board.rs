//! The static definitions of LJR, literally: contact and liberties (L-13), units and
//! bordered sets (L-15, LL-3), the two-eye formation (L-16).

use crate::geometry::{Cell, Colour, Geometry, Point};
use std::collections::BTreeSet;

/// L-13: the locations reachable from `x` by jumps to neighbouring locations with the same
/// content as the jump's origin (zero jumps included).
pub fn same_content_reach(geometry: &Geometry, cells: &[Cell], x: Point) -> BTreeSet<Point> {
    let mut reach = BTreeSet::from([x]);
    let mut todo = vec![x];
    while let Some(a) = todo.pop() {
        for &b in geometry.neighbours(a) {
            if cells[b] == cells[a] && reach.insert(b) {
                todo.push(b);
            }
        }
    }
    reach
}

/// L-13: whether `x` contacts `y`: some location reachable from `x` by same-content jumps
/// neighbours `y`.
pub fn contacts(geometry: &Geometry, cells: &[Cell], x: Point, y: Point) -> bool {
    same_content_reach(geometry, cells, x)
        .iter()
        .any(|&a| geometry.neighbours(a).contains(&y))
}

/// L-13: the liberties of the stone on `x`: every empty location it contacts, i.e. every
/// empty neighbour of a location reachable from `x` by same-content jumps.
pub fn liberties(geometry: &Geometry, cells: &[Cell], x: Point) -> BTreeSet<Point> {
    same_content_reach(geometry, cells, x)
        .iter()
        .flat_map(|&a| geometry.neighbours(a).iter().copied())
        .filter(|&y| cells[y] == Cell::Empty)
        .collect()
}

/// Every stone without liberties (L-13), increasing. The stones reachable from a stone by
/// same-content jumps have the same liberties (L-13 reads them off that reach), so each
/// reach is looked at once.
pub fn stones_without_liberties(geometry: &Geometry, cells: &[Cell]) -> Vec<Point> {
    let mut seen = vec![false; geometry.len()];
    let mut out = Vec::new();
    for x in geometry.points() {
        if seen[x] || cells[x] == Cell::Empty {
            continue;
        }
        let reach = same_content_reach(geometry, cells, x);
        let free = reach.iter().any(|&a| {
            geometry
                .neighbours(a)
                .iter()
                .any(|&y| cells[y] == Cell::Empty)
        });
        for &a in &reach {
            seen[a] = true;
        }
        if !free {
            out.extend(reach);
        }
    }
    out.sort_unstable();
    out
}

/// L-15: whether `player` has bordered `set`.
pub fn bordered(
    geometry: &Geometry,
    cells: &[Cell],
    player: Colour,
    set: &BTreeSet<Point>,
) -> bool {
    let own = Cell::Stone(player);
    geometry.points().all(|x| {
        let has_outside_neighbour = geometry.neighbours(x).iter().any(|y| !set.contains(y));
        let has_inside_neighbour = geometry.neighbours(x).iter().any(|y| set.contains(y));
        if set.contains(&x) {
            !has_outside_neighbour || cells[x] == own
        } else {
            !has_inside_neighbour || cells[x] != own
        }
    })
}

/// LL-3: the units of `player`: his strings and the regions without his stones, each a
/// maximal set connected through neighbours of the same kind (his stone / not his stone),
/// in order of their smallest location.
pub fn units(geometry: &Geometry, cells: &[Cell], player: Colour) -> Vec<BTreeSet<Point>> {
    let own = |p: Point| cells[p] == Cell::Stone(player);
    let mut seen = vec![false; geometry.len()];
    let mut out = Vec::new();
    for x in geometry.points() {
        if seen[x] {
            continue;
        }
        let mut unit = BTreeSet::from([x]);
        seen[x] = true;
        let mut todo = vec![x];
        while let Some(a) = todo.pop() {
            for &b in geometry.neighbours(a) {
                if !seen[b] && own(b) == own(x) {
                    seen[b] = true;
                    unit.insert(b);
                    todo.push(b);
                }
            }
        }
        out.push(unit);
    }
    out
}

/// LL-4: `player`'s smallest bordered set containing `x`, found literally: the intersection
/// of every bordered union of units that contains `x`'s unit would be exponential, so the
/// closure is grown until L-15 holds: a location of the set without `player`'s stone brings
/// its neighbours, a stone of his brings his neighbouring stones.
pub fn smallest_bordered_set(
    geometry: &Geometry,
    cells: &[Cell],
    player: Colour,
    x: Point,
) -> BTreeSet<Point> {
    let own = Cell::Stone(player);
    let mut set = BTreeSet::from([x]);
    let mut todo = vec![x];
    while let Some(a) = todo.pop() {
        for &b in geometry.neighbours(a) {
            let must = cells[a] != own || cells[b] == own;
            if must && set.insert(b) {
                todo.push(b);
            }
        }
    }
    debug_assert!(bordered(geometry, cells, player, &set));
    set
}

/// L-16: whether `player` has built a two-eye formation on `set`.
pub fn two_eye_formation(
    geometry: &Geometry,
    cells: &[Cell],
    player: Colour,
    set: &BTreeSet<Point>,
) -> bool {
    let own = Cell::Stone(player);
    let opposing = Cell::Stone(player.opponent());
    !set.is_empty()
        && set.iter().all(|&x| cells[x] != opposing)
        && bordered(geometry, cells, player, set)
        && set.iter().all(|&x| !geometry.neighbours(x).is_empty())
        && set.iter().all(|&x| {
            cells[x] != Cell::Empty
                || geometry
                    .neighbours(x)
                    .iter()
                    .all(|&y| cells[y] != Cell::Empty)
        })
        && set.iter().all(|&x| {
            cells[x] != own
                || liberties(geometry, cells, x)
                    .iter()
                    .filter(|y| set.contains(y))
                    .count()
                    >= 2
        })
}
