//! Reduction `alternating-safety` (engine switch, spec `j2003-solver.md` J-LOC-5, J-LOC-6): safety
//! by local answers. X's strings B and the small regions R they enclose (each a maximal
//! connected set of points without an X stone, every string next to it in B) are safe
//! together when, in every region, X can answer each play of Y on it by a play on it that is
//! no ko capture (or by a pass) so that every string of B keeps the liberties on R the region
//! owes it, and the regions owe every string, or every group of strings joined by miai pairs
//! outside the regions (J-LOC-6), two liberties in all. Then no string of B is ever captured
//! (J-41): X makes no ko capture, so no ko record of the sequence ever forbids Y anything,
//! and Y's plays elsewhere change nothing on the regions.
//!
//! The local game of one region (`LocalGame`) is decided by a depth-first search over its
//! contents (bit masks of its points), with a table of decided positions; a position met
//! again on the search path counts as X's (a play without the capture), and the wins found
//! under a position then lost are forgotten (`Search`). Its budget counts positions; a region
//! whose game runs out of it owes nothing.

mod local_game;
mod memo;
#[cfg(test)]
mod tests;

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use local_game::LocalGame;

/// Largest region (points) whose local game is searched.
pub(super) const REGION_POINTS: usize = 24;

/// Largest region cut at Y's strings (J-LOC-7) whose local game is searched: such a region
/// is meant for an eye space beside a Y wall; in a larger one (a territory with Y's dead
/// stones made uncapturable by the cut) the search spends its budget in vain.
const CUT_REGION_POINTS: usize = 12;

/// The strings of Y a region was cut at (J-LOC-7): each point's Y string (None elsewhere),
/// the strings next to the region, in increasing order (none for an uncut region), and for
/// each whether it has a liberty outside every region that may be played and next to no X
/// stone (so that no answer of X, on a region or on a miai pair, ever fills it).
pub(super) struct Cut<'a> {
    pub string_of: &'a [Option<usize>],
    pub strings: Vec<usize>,
    pub free: Vec<bool>,
}

/// The outcome: whether the string of the check's first point is proved safe, and the
/// positions the local games examined.
pub(super) struct Safety {
    pub safe: bool,
    pub positions: u64,
    /// Whether a region cut at Y's strings (J-LOC-7) is among the regions that prove it.
    pub by_cut: bool,
}

/// How the screen runs: regions of at most `region_points` points are played (the engine:
/// [`REGION_POINTS`]; the tests use small ones too, so that small boards have miai pairs
/// outside them); with `cuts` (switch `alternating-safety-cuts`, J-LOC-7), a region larger
/// than that which holds Y stones is cut at Y's strings into the sets of its empty points,
/// each played alone; with `memo` (switch `local-game-memo`, `memo.rs`), the outcomes of the
/// local games are kept for the process; with `killer` (switch `local-game-killer`), the
/// local games' moves are ordered with killers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Screen {
    pub region_points: usize,
    pub cuts: bool,
    pub memo: bool,
    /// Switch `local-game-killer`: the moves ordered with killers (`LocalGame::search`).
    pub killer: bool,
}

/// Whether the X string at `at` is uncapturable by J-LOC-5 and J-LOC-6, the regions played
/// as `screen` says, within `budget` positions of the local games (spent positions reported
/// either way).
pub(super) fn is_safe_by_local_answers(
    screen: Screen,
    geometry: &Geometry,
    position: &Position,
    at: Point,
    defender: Colour,
    budget: u64,
) -> Safety {
    let Screen {
        region_points,
        cuts,
        memo,
        killer,
    } = screen;
    // A region's points are the bits of a u32 (`LocalGame`).
    let region_points = region_points.min(32);
    let x = Cell::Stone(defender);
    let mut positions = 0;
    if position.get(at) != x {
        return Safety {
            safe: false,
            positions,
            by_cut: false,
        };
    }
    let (block_of, blocks) = flood(geometry, position, |c| c == x);
    let (y_string_of, y_strings) = flood(geometry, position, |c| {
        c == Cell::Stone(defender.opponent())
    });
    let (regions, cut_at) = regions_of(
        geometry,
        position,
        defender,
        region_points,
        cuts,
        &y_string_of,
    );
    let walls: Vec<Vec<usize>> = regions
        .iter()
        .map(|r| walls_of(geometry, r, &block_of))
        .collect();
    // Before any search, the most a region is asked to owe a wall: its liberties there at
    // the start, at most 2 (a choice, not a property: X's answers can add liberties). A
    // string that cannot reach 2 even so is not proved, and the searches run only for the
    // regions that stand in that bound's fixpoint and connect to S's string through them.
    let bound = bounds(
        geometry,
        position,
        &regions,
        &walls,
        &cut_at,
        &block_of,
        region_points,
    );
    let candidate: Vec<bool> = bound.iter().map(|b| !b.is_empty()).collect();
    let mut next_to_cut = vec![false; geometry.len()];
    for &f in cut_at.iter().flatten() {
        for &q in &y_strings[f] {
            for &n in geometry.neighbours(q) {
                next_to_cut[n] = true;
            }
        }
    }
    let group_of = miai_groups(
        geometry,
        position,
        &block_of,
        blocks.len(),
        &regions,
        &candidate,
        &next_to_cut,
    );
    let free = free_cut_strings(geometry, position, &regions, &candidate, &y_strings);
    let (in_bound, kept_in_bound) = greatest_safe_set(&group_of, &bound);
    let Some(start) = block_of[at].filter(|&b| in_bound[b]) else {
        return Safety {
            safe: false,
            positions,
            by_cut: false,
        };
    };
    let wanted = connected_regions(start, &group_of, &bound, &kept_in_bound);
    // Each wanted region's local game (J-LOC-5): what it owes each string next to it. The
    // smaller regions first, so that a large one cannot spend the budget of the small ones.
    let mut owed: Vec<Vec<(usize, u32)>> = vec![Vec::new(); regions.len()];
    let mut order: Vec<usize> = (0..regions.len()).filter(|&r| wanted[r]).collect();
    order.sort_by_key(|&r| regions[r].len());
    // What each region may still owe: its bound until its game is played, then what it owes.
    let mut upper = bound.clone();
    for r in order {
        if settled(start, &group_of, &owed, &upper) {
            break;
        }
        if !wanted_still(start, &group_of, &upper, r) {
            continue;
        }
        let region = &regions[r];
        let cut = Cut {
            string_of: &y_string_of,
            strings: cut_at[r].clone(),
            free: cut_at[r].iter().map(|&f| free[f]).collect(),
        };
        let game = LocalGame::new(
            geometry, position, region, &walls[r], &block_of, &cut, defender,
        )
        .with_killer(killer);
        // First what the bound allows, then at most one liberty per wall; two liberties get
        // at most half of what is left, so that one is still tried.
        let most: Vec<u32> = bound[r].iter().map(|&(_, k)| k).collect();
        let one: Vec<u32> = most.iter().map(|&k| k.min(1)).collect();
        if one.iter().all(|&k| k == 0) {
            continue;
        }
        let tries: Vec<&Vec<u32>> = if most == one {
            vec![&one]
        } else {
            vec![&most, &one]
        };
        for (t, demand) in tries.iter().enumerate() {
            let share = if t + 1 == tries.len() { 1 } else { 2 };
            let left = budget.saturating_sub(positions) / share;
            let solved = if memo {
                memo::solve(&game, demand, left)
            } else {
                game.search(demand, left)
            };
            positions += solved.positions;
            if solved.won == Some(true) {
                owed[r] = walls[r]
                    .iter()
                    .copied()
                    .zip(demand.iter().copied())
                    .collect();
                break;
            }
        }
        upper[r] = owed[r].clone();
    }
    let (in_b, kept) = greatest_safe_set(&group_of, &owed);
    let safe = block_of[at].is_some_and(|b| in_b[b]);
    let by_cut = safe && (0..regions.len()).any(|r| kept[r] && !cut_at[r].is_empty());
    Safety {
        safe,
        positions,
        by_cut,
    }
}

/// Whether the answer for the string `start` is known before another region is played: it is
/// proved by what the regions played so far owe (`owed`; the fixpoint only grows with more),
/// or it cannot be proved even if every region not yet played owes its bound (`upper`; the
/// fixpoint only shrinks as their games are played). J-LOC-5, "Computing it".
fn settled(
    start: usize,
    group_of: &[usize],
    owed: &[Vec<(usize, u32)>],
    upper: &[Vec<(usize, u32)>],
) -> bool {
    greatest_safe_set(group_of, owed).0[start] || !greatest_safe_set(group_of, upper).0[start]
}

/// Whether region `r` still connects to the string `start`'s group through the regions that
/// stand in the fixpoint of what they may still owe (`upper`): one that no longer does cannot
/// change the answer, and its game is not played.
fn wanted_still(start: usize, group_of: &[usize], upper: &[Vec<(usize, u32)>], r: usize) -> bool {
    let (_, kept) = greatest_safe_set(group_of, upper);
    connected_regions(start, group_of, upper, &kept)[r]
}

/// The most each region that may be played is asked to owe each of its walls (J-LOC-5,
/// "Computing it"): the wall's liberties there at the start, at most 2; nothing for a region
/// too large to play (`region_points`, or [`CUT_REGION_POINTS`] for a cut one), without walls,
/// or with more than 64 walls or cut strings.
fn bounds(
    geometry: &Geometry,
    position: &Position,
    regions: &[Vec<Point>],
    walls: &[Vec<usize>],
    cut_at: &[Vec<usize>],
    block_of: &[Option<usize>],
    region_points: usize,
) -> Vec<Vec<(usize, u32)>> {
    regions
        .iter()
        .zip(walls)
        .enumerate()
        .map(|(r, (region, walls))| {
            let limit = if cut_at[r].is_empty() {
                region_points
            } else {
                region_points.min(CUT_REGION_POINTS)
            };
            if region.len() > limit || walls.is_empty() || walls.len() > 64 || cut_at[r].len() > 64
            {
                return Vec::new();
            }
            walls
                .iter()
                .map(|&b| {
                    let libs = region
                        .iter()
                        .filter(|&&p| {
                            position.get(p) == Cell::Empty
                                && geometry
                                    .neighbours(p)
                                    .iter()
                                    .any(|&n| block_of[n] == Some(b))
                        })
                        .count();
                    (b, libs.min(2) as u32)
                })
                .collect()
        })
        .collect()
}

/// The regions of J-LOC-5 (the maximal connected sets of points without an X stone), except
/// that with `cuts` one of more than `region_points` points that holds Y stones is replaced
/// by the connected sets of its empty points, each cut at the Y strings next to it (J-LOC-7).
/// The regions, and for each the Y strings it was cut at (`y_string_of`'s numbers, in
/// increasing order; none for a region not cut).
fn regions_of(
    geometry: &Geometry,
    position: &Position,
    defender: Colour,
    region_points: usize,
    cuts: bool,
    y_string_of: &[Option<usize>],
) -> (Vec<Vec<Point>>, Vec<Vec<usize>>) {
    let x = Cell::Stone(defender);
    let (_, whole) = flood(geometry, position, |c| c != x);
    let (empty_of, empty_parts) = flood(geometry, position, |c| c == Cell::Empty);
    let mut regions = Vec::new();
    let mut cut_at = Vec::new();
    for region in whole {
        let holds_y = region.iter().any(|&p| y_string_of[p].is_some());
        if !cuts || region.len() <= region_points || !holds_y {
            regions.push(region);
            cut_at.push(Vec::new());
            continue;
        }
        let mut parts: Vec<usize> = region.iter().filter_map(|&p| empty_of[p]).collect();
        parts.sort_unstable();
        parts.dedup();
        for part in parts {
            let points = empty_parts[part].clone();
            let mut strings: Vec<usize> = points
                .iter()
                .flat_map(|&p| geometry.neighbours(p))
                .filter_map(|&n| y_string_of[n])
                .collect();
            strings.sort_unstable();
            strings.dedup();
            regions.push(points);
            cut_at.push(strings);
        }
    }
    (regions, cut_at)
}

/// Whether each point lies in a candidate region (one that may be played).
fn candidate_points(geometry: &Geometry, regions: &[Vec<Point>], candidate: &[bool]) -> Vec<bool> {
    let mut in_candidate = vec![false; geometry.len()];
    for (region, &c) in regions.iter().zip(candidate) {
        if c {
            for &p in region {
                in_candidate[p] = true;
            }
        }
    }
    in_candidate
}

/// Which of Y's strings have a liberty outside every candidate region and next to no X
/// stone (J-LOC-7: no answer of X, on a region or on a miai pair, ever fills it).
fn free_cut_strings(
    geometry: &Geometry,
    position: &Position,
    regions: &[Vec<Point>],
    candidate: &[bool],
    y_strings: &[Vec<Point>],
) -> Vec<bool> {
    let in_candidate = candidate_points(geometry, regions, candidate);
    y_strings
        .iter()
        .map(|stones| {
            let colour = position.get(stones[0]);
            stones.iter().any(|&q| {
                geometry.neighbours(q).iter().any(|&p| {
                    position.get(p) == Cell::Empty
                        && !in_candidate[p]
                        && geometry
                            .neighbours(p)
                            .iter()
                            .all(|&n| position.get(n) == Cell::Empty || position.get(n) == colour)
                })
            })
        })
        .collect()
}

/// The miai connections of J-LOC-6: X's strings joined in groups by pairs of common
/// liberties, each pair two empty points next to both strings, outside every candidate
/// region and next to no string a region was cut at (J-LOC-7: X's answer there could take
/// its last liberty), X answering Y's play on one by a play on the other, no point in two
/// pairs. Pairs are taken in the order of the strings, and only between strings not yet in
/// one group. The group of each string (a union-find root).
fn miai_groups(
    geometry: &Geometry,
    position: &Position,
    block_of: &[Option<usize>],
    strings: usize,
    regions: &[Vec<Point>],
    candidate: &[bool],
    next_to_cut: &[bool],
) -> Vec<usize> {
    let in_candidate = candidate_points(geometry, regions, candidate);
    // The common liberties of each pair of strings, outside the candidate regions.
    let mut common: Vec<((usize, usize), Point)> = Vec::new();
    for p in geometry.points() {
        if position.get(p) != Cell::Empty || in_candidate[p] || next_to_cut[p] {
            continue;
        }
        let mut next: Vec<usize> = geometry
            .neighbours(p)
            .iter()
            .filter_map(|&n| block_of[n])
            .collect();
        next.sort_unstable();
        next.dedup();
        for (i, &a) in next.iter().enumerate() {
            for &b in &next[i + 1..] {
                common.push(((a, b), p));
            }
        }
    }
    common.sort_unstable();
    let mut root: Vec<usize> = (0..strings).collect();
    fn find(root: &mut [usize], mut b: usize) -> usize {
        while root[b] != b {
            root[b] = root[root[b]];
            b = root[b];
        }
        b
    }
    let mut used = vec![false; geometry.len()];
    for chunk in common.chunk_by(|x, y| x.0 == y.0) {
        let (a, b) = chunk[0].0;
        let (ra, rb) = (find(&mut root, a), find(&mut root, b));
        if ra == rb {
            continue;
        }
        let free: Vec<Point> = chunk
            .iter()
            .map(|&(_, p)| p)
            .filter(|&p| !used[p])
            .take(2)
            .collect();
        if free.len() == 2 {
            used[free[0]] = true;
            used[free[1]] = true;
            root[ra] = rb;
        }
    }
    (0..strings).map(|b| find(&mut root, b)).collect()
}

/// The greatest set B (J-LOC-5, J-LOC-6): start from every string and every region that owes
/// something (`owed[r]`: the walls of region r and what it owes each), drop the groups
/// (`group_of`) owed fewer than two liberties, a region owing a group the most it owes any of
/// the group's strings, and the regions next to a dropped string, until nothing changes.
/// Which strings and which regions stand.
fn greatest_safe_set(group_of: &[usize], owed: &[Vec<(usize, u32)>]) -> (Vec<bool>, Vec<bool>) {
    let strings = group_of.len();
    let mut in_b = vec![true; strings];
    let mut kept: Vec<bool> = owed.iter().map(|d| !d.is_empty()).collect();
    loop {
        let mut sum = vec![0u32; strings];
        for (r, demand) in owed.iter().enumerate() {
            if !kept[r] {
                continue;
            }
            let mut most: Vec<(usize, u32)> = Vec::new();
            for &(b, k) in demand {
                match most.iter_mut().find(|(g, _)| *g == group_of[b]) {
                    Some(entry) => entry.1 = entry.1.max(k),
                    None => most.push((group_of[b], k)),
                }
            }
            for (g, k) in most {
                sum[g] += k;
            }
        }
        let mut changed = false;
        for b in 0..strings {
            if in_b[b] && sum[group_of[b]] < 2 {
                in_b[b] = false;
                changed = true;
            }
        }
        for (r, demand) in owed.iter().enumerate() {
            if kept[r] && demand.iter().any(|&(b, _)| !in_b[b]) {
                kept[r] = false;
                changed = true;
            }
        }
        if !changed {
            return (in_b, kept);
        }
    }
}

/// The kept regions reached from the group of the string `start` through kept regions, their
/// walls and the walls' groups.
fn connected_regions(
    start: usize,
    group_of: &[usize],
    walls: &[Vec<(usize, u32)>],
    kept: &[bool],
) -> Vec<bool> {
    let mut reached = vec![false; walls.len()];
    let mut seen = vec![false; group_of.len()];
    seen[group_of[start]] = true;
    let mut todo = vec![group_of[start]];
    while let Some(g) = todo.pop() {
        for (r, demand) in walls.iter().enumerate() {
            if kept[r] && !reached[r] && demand.iter().any(|&(w, _)| group_of[w] == g) {
                reached[r] = true;
                for &(w, _) in demand {
                    if !seen[group_of[w]] {
                        seen[group_of[w]] = true;
                        todo.push(group_of[w]);
                    }
                }
            }
        }
    }
    reached
}

/// The connected components of the points whose cell satisfies `member`: each point's
/// component (None outside) and the components' points.
fn flood(
    geometry: &Geometry,
    position: &Position,
    member: impl Fn(Cell) -> bool,
) -> (Vec<Option<usize>>, Vec<Vec<Point>>) {
    let mut of = vec![None; geometry.len()];
    let mut parts: Vec<Vec<Point>> = Vec::new();
    for start in geometry.points() {
        if of[start].is_some() || !member(position.get(start)) {
            continue;
        }
        let id = parts.len();
        of[start] = Some(id);
        let mut part = vec![start];
        let mut i = 0;
        while i < part.len() {
            for &n in geometry.neighbours(part[i]) {
                if of[n].is_none() && member(position.get(n)) {
                    of[n] = Some(id);
                    part.push(n);
                }
            }
            i += 1;
        }
        parts.push(part);
    }
    (of, parts)
}

/// The X strings with a stone next to `region` (its walls), in increasing order.
fn walls_of(geometry: &Geometry, region: &[Point], block_of: &[Option<usize>]) -> Vec<usize> {
    let mut walls: Vec<usize> = region
        .iter()
        .flat_map(|&p| geometry.neighbours(p))
        .filter_map(|&n| block_of[n])
        .collect();
    walls.sort_unstable();
    walls.dedup();
    walls
}
