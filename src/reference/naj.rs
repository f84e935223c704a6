//! New Amateur-Japanese Rules, literally (spec `naj.md`).

use super::RefGame;
use crate::engine::{Game, Move, Start};
use crate::geometry::{Cell, Colour, Geometry, Position};
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
    let immortal = immortal(geometry, analysis_end, player, budget)?;
    Ok(geometry
        .points()
        .map(|q| immortal[q] || geometry.neighbours(q).iter().all(|&n| immortal[n]))
        .collect())
}

/// N-17: which stones of `player` are immortal in `position`: no move-sequence that the
/// opponent opens, in which `player` passes every turn, removes them.
///
/// Every such sequence is explored, move by move, with the NAJ rules checked on each
/// play. Positions already explored are not explored again: in these sequences legality
/// depends on the position only (spec N-17 "Why the immortality search is finite").
/// Returns the immortal points, or `None` when more than `budget` positions would be
/// explored.
pub fn immortal(
    geometry: &Geometry,
    position: &Position,
    player: Colour,
    budget: u64,
) -> Result<Vec<bool>, u64> {
    let start = Start {
        position: position.clone(),
        to_move: player.opponent(),
        handicap: 0,
        prisoners: Default::default(),
    };
    let mine = Cell::Stone(player);
    let mut removed = vec![false; geometry.len()];
    let mut seen: BTreeSet<Position> = BTreeSet::new();
    // Every explored position starts a fresh move-sequence: legality here depends on the
    // position only (spec N-17, "Why the immortality search is finite").
    let shared = std::sync::Arc::new(geometry.clone());
    let fresh = |position: &Position| {
        RefGame::new(
            shared.clone(),
            naj_rules(2),
            &Start {
                position: position.clone(),
                ..start.clone()
            },
        )
    };
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
        if explored > budget {
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
