//! The moves of a state of the status game (G-3) and their successors, built on demand.
//!
//! A representation only (spec S-3, "State representation"): `plan_where` finds every move
//! and what it leads to, as a [`Plan`]; [`Plans::build`] makes the successor state of one.
//! The proof search builds a successor when it reaches it: at the opponent's states it stops
//! at the first move that refutes, and on unexpected-5 (2026-12-06, 200,000 per check) 88%
//! of the successors built there were never visited (12.9M built, 1.5M visited).
//! `expand` builds them all, for the searches that walk every successor.

use crate::engine::Move;
use crate::geometry::Point;
use crate::status_game::{StatusCheck, StatusKind};

use super::board::{Board, Play, State, EMPTY};

/// A successor: a state, or the end of the sequence (or a capture in the U game) with
/// whether Y wins it.
pub(super) type Step = Result<State, bool>;

/// A successor state not built yet; the player is the one to move in the state expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    /// The pass (G-6: the pass flag set).
    Pass,
    /// A play at `x` that removes `Plans::removed[from..to]`, adds `recorded` to the ko
    /// record (C-5) and leaves S `captured` or not.
    Play {
        x: Point,
        from: u32,
        to: u32,
        recorded: Option<(u8, u16, u16)>,
        captured: bool,
    },
    /// The ko-pass (J-31: the ko record cleared).
    KoPass,
    /// `frozen-regions`: the opponent's one tempo move for his plays into frozen regions
    /// (nothing changes but the player to move; the pass flag is cleared).
    Tempo,
}

/// The moves of a state, each with its ordering rank and what it leads to.
#[derive(Clone, Debug)]
pub(super) struct Plans {
    pub(super) moves: Vec<(u8, Move, Result<Plan, bool>)>,
    /// The removals of the plays (`Plan::Play`'s `from..to`).
    removed: Vec<Point>,
    /// `frozen-regions`: the frozen-region bits every successor gets.
    pub(super) frozen: Option<Vec<u64>>,
    /// The colour that plays the defender's stones (C1/C2: its stones on L are recorded).
    defender: u8,
}

impl Plans {
    /// The successor of `key` that `plan` describes (`b`: the board of the search that
    /// planned it, for the points of L).
    pub(super) fn build(&self, b: &Board, key: &State, plan: &Plan) -> State {
        let player = key.to_move;
        let mut next = match *plan {
            Plan::Pass => State {
                to_move: 3 - player,
                after_pass: true,
                ..key.clone()
            },
            Plan::KoPass => State {
                to_move: 3 - player,
                after_pass: false,
                ko_record: Vec::new(),
                ..key.clone()
            },
            Plan::Tempo => State {
                to_move: 3 - player,
                after_pass: false,
                ..key.clone()
            },
            Plan::Play {
                x,
                from,
                to,
                recorded,
                captured,
            } => {
                let mut record = key.ko_record.clone();
                if let Some(entry) = recorded {
                    record.push(entry);
                    record.sort_unstable();
                }
                // The successor's cells: the stone at x, the removals, the played stones
                // on L.
                let mut next = State {
                    key: key.key,
                    cells: key.cells.clone(),
                    played_words: key.played_words,
                    frozen_words: key.frozen_words,
                    to_move: 3 - player,
                    after_pass: false,
                    captured,
                    ko_record: record,
                };
                next.set_point(x, player);
                for &q in &self.removed[from as usize..to as usize] {
                    next.set_point(q, EMPTY);
                    if let Some(i) = b.local_index[q] {
                        next.set_played(i as usize, false);
                    }
                }
                if player == self.defender {
                    if let Some(i) = b.local_index[x] {
                        next.set_played(i as usize, true);
                    }
                }
                next
            }
        };
        if let Some(words) = &self.frozen {
            next.set_frozen_words(words);
        }
        next
    }

    /// Every successor built.
    pub(super) fn build_all(&self, b: &Board, key: &State) -> Vec<(u8, Move, Step)> {
        self.moves
            .iter()
            .map(|&(rank, mv, step)| (rank, mv, step.map(|plan| self.build(b, key, &plan))))
            .collect()
    }
}

/// The moves from `key` (G-3) with their successors, each with an ordering rank: 0 passes
/// (and in the U game captures), 1 the ko-pass, 2 captures, 3 plays near S or L (`near`),
/// 4 other plays.
pub(super) fn expand(
    b: &mut Board,
    check: &StatusCheck,
    attacker: u8,
    near: &[bool],
    key: &State,
) -> Vec<(u8, Move, Step)> {
    let plans = plan(b, check, attacker, near, key);
    plans.build_all(b, key)
}

/// The moves of [`expand`] as plans, every one of them.
pub(super) fn plan(
    b: &mut Board,
    check: &StatusCheck,
    attacker: u8,
    near: &[bool],
    key: &State,
) -> Plans {
    plan_where(b, check, attacker, near, key, |_, _| true)
}

/// The moves of [`expand`] as plans, without the plays at a point `x` with rank `rank`
/// where `keep(x, rank)` is false: they are left out before their successor is planned (the
/// proof search's filters, which would drop them afterwards; the pass, the ko-pass,
/// `Board::banned` and the other moves are as [`expand`] gives them).
pub(super) fn plan_where(
    b: &mut Board,
    check: &StatusCheck,
    attacker: u8,
    near: &[bool],
    key: &State,
    keep: impl Fn(Point, u8) -> bool,
) -> Plans {
    let uncapturable = check.kind == StatusKind::Uncapturable;
    let player = key.to_move;
    b.banned.clear();
    b.legal_plays(key, player);
    // Room for the pass, the plays and the ko-pass (one allocation).
    let mut moves = Vec::with_capacity(b.plays.len() + 2);
    let mut removed_kept = Vec::new();
    // G-6: a pass after a pass ends the sequence; Y wins iff S is captured and (C1/C2)
    // no played X stone stands on L.
    moves.push((
        0,
        Move::Pass,
        if key.after_pass {
            Err(key.captured && key.played().iter().all(|&w| w == 0))
        } else {
            Ok(Plan::Pass)
        },
    ));
    let mut ko_pass_legal = false;
    for &Play { x, from, to, ko } in &b.plays {
        let removed = &b.removed_all[from as usize..to as usize];
        // The entry this play adds to the ko record.
        let mut recorded = None;
        if ko {
            // C-5: a ko capture (the immediate retake removes exactly x and restores).
            let (xx, yy) = (x as u16, removed[0] as u16);
            match b.favoured {
                // `ko-bracketing`: the favoured player's ko captures are free and
                // unrecorded; the other player makes none.
                Some(f) if f == player => {}
                Some(_) => continue,
                None if key.ko_record.contains(&(3 - player, yy, xx)) => {
                    ko_pass_legal = true;
                    b.banned.push(x);
                    continue;
                }
                None => {
                    if !key.ko_record.contains(&(player, xx, yy)) {
                        recorded = Some((player, xx, yy));
                    }
                }
            }
        }
        let captured = key.captured || removed.contains(&check.string[0]);
        let rank = if uncapturable && captured {
            0
        } else if !removed.is_empty() {
            2
        } else if near[x] {
            3
        } else {
            4
        };
        if !keep(x, rank) {
            continue;
        }
        // U game: a capture is Y's win whatever follows (C-8).
        if uncapturable && captured {
            moves.push((0, Move::Play(x), Err(true)));
            continue;
        }
        let from = removed_kept.len() as u32;
        removed_kept.extend_from_slice(removed);
        let to = removed_kept.len() as u32;
        let plan = Plan::Play {
            x,
            from,
            to,
            recorded,
            captured,
        };
        moves.push((rank, Move::Play(x), Ok(plan)));
    }
    // `ko-bracketing`: the favoured player may always ko-pass, the other never.
    if let Some(f) = b.favoured {
        ko_pass_legal = f == player;
    }
    if ko_pass_legal {
        moves.push((1, Move::KoPass, Ok(Plan::KoPass)));
    }
    Plans {
        moves,
        removed: removed_kept,
        frozen: None,
        defender: 3 - attacker,
    }
}
