//! New Amateur-Japanese Rules, literally (spec `naj.md`).

use super::RefGame;
use crate::engine::{Game, Move, Start};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::rules::{Rules, RulesetId};
use std::collections::BTreeSet;

/// The rules of every NAJ move-sequence (N-8, N-10, N-11), ending after `passes` passes
/// (2 for the alternation N-13, 3 for the analyses N-15, N-16).
pub fn naj_rules(passes: u32) -> Rules {
    let naj = RulesetId::Naj.rules().expect("naj is implemented");
    Rules {
        game_end_passes: passes,
        ..naj
    }
}

/// N-18 / N-19: `player` controls a point if, in `analysis_end`, immortal stones of his
/// stand on it or on every point adjacent to it.
pub fn control(
    geometry: &Geometry,
    analysis_end: &Position,
    player: Colour,
    budget: u64,
) -> Result<Vec<bool>, u64> {
    control_explored(geometry, analysis_end, player, budget).map(|(control, _)| control)
}

/// [`control`] with the positions its immortality test explored (S5's unit).
pub fn control_explored(
    geometry: &Geometry,
    analysis_end: &Position,
    player: Colour,
    budget: u64,
) -> Result<(Vec<bool>, u64), u64> {
    let (immortal, explored) = immortal_explored(geometry, analysis_end, player, budget)?;
    let control = geometry
        .points()
        .map(|q| immortal[q] || geometry.neighbours(q).iter().all(|&n| immortal[n]))
        .collect();
    Ok((control, explored))
}

/// A fresh NAJ move-sequence from `position` with `player`'s opponent to move: the
/// sequences of the immortality test (N-17), each with its own empty history (N-9).
fn opponent_opens(
    geometry: &std::sync::Arc<Geometry>,
    position: &Position,
    player: Colour,
) -> RefGame {
    RefGame::new(
        geometry.clone(),
        naj_rules(2),
        &Start {
            position: position.clone(),
            to_move: player.opponent(),
            handicap: 0,
            prisoners: Default::default(),
        },
    )
}

/// N-17: which stones of `player` are immortal in `position`: no move-sequence that the
/// opponent opens, in which `player` passes every turn, removes them.
///
/// An exhaustive search of the positions those sequences reach, each play judged by the NAJ
/// rules. Spec N-17.S says what it skips, and why that cannot change the answer (S4):
///
/// * S1: a position already explored is not explored again. Legality depends on the position
///   only, so one move-sequence per position (per set of filled points) suffices.
/// * S2: the opponent plays only on empty points next to a stone of `player`.
/// * S3: a *safe* play (after it, the string of the played stone has a liberty next to no
///   stone of `player`) is the only play explored from its position.
///
/// Returns the immortal points, or `Err(explored)` when more than `budget` positions would be
/// explored (S5: the unit is one explored position, whose near plays are judged).
pub fn immortal(
    geometry: &Geometry,
    position: &Position,
    player: Colour,
    budget: u64,
) -> Result<Vec<bool>, u64> {
    immortal_explored(geometry, position, player, budget).map(|(immortal, _)| immortal)
}

/// [`immortal`] with the positions it explored (S5's unit), the work a caller that spends one
/// budget over many tests (the NAJ solver, SOLVE-5) counts.
pub fn immortal_explored(
    geometry: &Geometry,
    position: &Position,
    player: Colour,
    budget: u64,
) -> Result<(Vec<bool>, u64), u64> {
    let mine = Cell::Stone(player);
    let next_to_mine =
        |p: &Position, q: Point| geometry.neighbours(q).iter().any(|&n| p.get(n) == mine);
    // Every explored position starts a fresh move-sequence with the opponent to move: in
    // these sequences legality depends on the position only (spec N-17, "Why the immortality
    // search is finite", point 5).
    let shared = std::sync::Arc::new(geometry.clone());
    let fresh = |position: &Position| opponent_opens(&shared, position, player);
    let stones = geometry
        .points()
        .filter(|&q| position.get(q) == mine)
        .count();
    let mut removed = vec![false; geometry.len()];
    let mut removed_count = 0;
    // S1: the positions reached so far.
    let mut seen: BTreeSet<Position> = BTreeSet::new();
    seen.insert(position.clone());
    let mut stack = vec![position.clone()];
    let mut explored = 0u64;
    // S5: once every stone has been removed by some sequence, nothing is immortal.
    while removed_count < stones {
        let Some(here) = stack.pop() else { break };
        explored += 1;
        if explored > budget || crate::deadline::passed() {
            return Err(explored - 1);
        }
        let mut successors = Vec::new();
        // S2: only empty points next to a stone of `player`: deleting the other plays from a
        // sequence leaves a legal sequence that removes the same stones.
        for q in geometry.points() {
            if here.get(q) != Cell::Empty || !next_to_mine(&here, q) {
                continue;
            }
            let mut game = fresh(&here);
            if game.play(Move::Play(q)).is_err() {
                continue;
            }
            let after = game.position();
            // S3: a safe play is explored alone: playing it first, then any sequence from
            // here, removes at least what that sequence removes.
            if has_safe_liberty(geometry, &after, q, mine) {
                successors = vec![after];
                break;
            }
            successors.push(after);
        }
        for after in successors {
            for q in geometry.points() {
                if position.get(q) == mine && after.get(q) != mine && !removed[q] {
                    removed[q] = true;
                    removed_count += 1;
                }
            }
            if seen.insert(after.clone()) {
                stack.push(after);
            }
        }
    }
    let immortal = geometry
        .points()
        .map(|q| position.get(q) == mine && !removed[q])
        .collect();
    Ok((immortal, explored))
}

/// N-17 by the search the reference used before spec N-17.S2 and S3, unchanged: every position
/// reachable by the opponent's plays on any point, each explored once (S1). Returns the
/// immortal points, or `Err(explored)` when more than `budget` positions would be explored.
/// The engine does not use it: it is the baseline that `tests/immortal.rs` checks [`immortal`]
/// against and `benches/immortal.rs` times.
pub fn immortal_unpruned(
    geometry: &Geometry,
    position: &Position,
    player: Colour,
    budget: u64,
) -> Result<Vec<bool>, u64> {
    let mine = Cell::Stone(player);
    let mut removed = vec![false; geometry.len()];
    let mut seen: BTreeSet<Position> = BTreeSet::new();
    // Every explored position starts a fresh move-sequence: legality here depends on the
    // position only (spec N-17, "Why the immortality search is finite").
    let shared = std::sync::Arc::new(geometry.clone());
    let fresh = |position: &Position| opponent_opens(&shared, position, player);
    let mut stack = vec![fresh(position)];
    seen.insert(position.clone());
    let mut explored = 0u64;
    let stones = geometry
        .points()
        .filter(|&q| position.get(q) == mine)
        .count();
    let mut removed_count = 0;
    // Once every stone has been removed by some sequence, nothing is immortal.
    while removed_count < stones {
        let Some(game) = stack.pop() else { break };
        explored += 1;
        if explored > budget || crate::deadline::passed() {
            return Err(explored - 1);
        }
        for p in geometry.points() {
            let mut next = game.clone();
            if next.play(Move::Play(p)).is_err() {
                continue;
            }
            let now = next.position();
            for q in geometry.points() {
                if position.get(q) == mine && now.get(q) != mine && !removed[q] {
                    removed[q] = true;
                    removed_count += 1;
                }
            }
            if seen.insert(now.clone()) {
                stack.push(fresh(&now));
            }
        }
    }
    Ok(geometry
        .points()
        .map(|q| position.get(q) == mine && !removed[q])
        .collect())
}

/// Spec N-17.S3: whether the string of the stone just played at `q` has, in `after`, a
/// liberty next to no stone `mine` (of the player who passes). Such a liberty is never filled
/// by the plays the search explores (S2), so the string keeps it.
fn has_safe_liberty(geometry: &Geometry, after: &Position, q: Point, mine: Cell) -> bool {
    // The string of `q` (spec PLAY-3).
    let colour = after.get(q);
    let mut string = vec![q];
    let mut seen = vec![false; geometry.len()];
    seen[q] = true;
    let mut i = 0;
    while i < string.len() {
        for &n in geometry.neighbours(string[i]) {
            if after.get(n) == colour && !seen[n] {
                seen[n] = true;
                string.push(n);
            }
        }
        i += 1;
    }
    let next_to_mine = |f: Point| geometry.neighbours(f).iter().any(|&m| after.get(m) == mine);
    string
        .iter()
        .flat_map(|&s| geometry.neighbours(s))
        .any(|&f| after.get(f) == Cell::Empty && !next_to_mine(f))
}
