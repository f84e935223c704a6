//! SOLVE-B4: the points a player keeps to the end whatever happens (the static bounds).

use crate::geometry::{Cell, Colour, Geometry, Position};

/// SOLVE-B4: the points `colour` keeps to the end whatever happens: stones on which no
/// sequence of opposing plays (suicides included) can capture, and the points all of whose
/// neighbours are such stones.
///
/// It is Benson's algorithm with a stricter vitality: a region (a connected part of the
/// points without a `colour` stone) is vital to a chain when every point of it, empty or not,
/// is adjacent to the chain. Repeatedly drop the chains with fewer than two vital regions
/// among those kept, and the regions that touch a dropped chain.
pub(super) fn controlled(geometry: &Geometry, position: &Position, colour: Colour) -> usize {
    let n = geometry.len();
    let mine = |p: usize| position.get(p) == Cell::Stone(colour);
    // Connected parts of the colour's stones and of the rest.
    let mut part = vec![usize::MAX; n];
    let mut chains: Vec<Vec<usize>> = Vec::new();
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for p in geometry.points() {
        if part[p] != usize::MAX {
            continue;
        }
        let own = mine(p);
        let list = if own { &mut chains } else { &mut regions };
        let id = list.len();
        let mut members = vec![p];
        part[p] = id;
        let mut i = 0;
        while i < members.len() {
            let q = members[i];
            i += 1;
            for &r in geometry.neighbours(q) {
                if part[r] == usize::MAX && mine(r) == own {
                    part[r] = id;
                    members.push(r);
                }
            }
        }
        list.push(members);
    }
    if chains.is_empty() {
        return 0;
    }
    // vital[c][r], and the chains adjacent to each region.
    let mut vital = vec![vec![false; regions.len()]; chains.len()];
    let mut touching: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, members) in regions.iter().enumerate() {
        for &q in members {
            for &x in geometry.neighbours(q) {
                if mine(x) && !touching[r].contains(&part[x]) {
                    touching[r].push(part[x]);
                }
            }
        }
        for &c in &touching[r] {
            vital[c][r] = members.iter().all(|&q| {
                geometry
                    .neighbours(q)
                    .iter()
                    .any(|&x| mine(x) && part[x] == c)
            });
        }
    }
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for c in 0..chains.len() {
            if chain_alive[c] {
                let k = (0..regions.len())
                    .filter(|&r| region_alive[r] && vital[c][r])
                    .count();
                if k < 2 {
                    chain_alive[c] = false;
                    changed = true;
                }
            }
        }
        for r in 0..regions.len() {
            if region_alive[r] && touching[r].iter().any(|&c| !chain_alive[c]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let alive = |p: usize| mine(p) && chain_alive[part[p]];
    geometry
        .points()
        .filter(|&p| alive(p) || geometry.neighbours(p).iter().all(|&q| alive(q)))
        .count()
}
