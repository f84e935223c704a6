//! The moves of an imported game played through the one door ([`Session`]): each move's
//! outcome as the engines agree on it, and the game cut into move-sequences where a player
//! moves out of turn or plays after the end (the session's rules: a new move-sequence at the
//! current position with that player to move, prisoners kept), one check each.

use crate::engine::{Engine, Illegal, Move, Prisoners, Start};
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::optimized::Optimized;
use crate::reference::Reference;
use crate::rules::{RulesPatch, RulesetId};
use crate::session::{Action, Config, SequenceStart, Session, Verdict};
use std::sync::Arc;

/// What became of one move.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Legal, with the points it emptied.
    Legal(Vec<Point>),
    /// Illegal for this reason: nothing changes and the same player moves next.
    /// `undecided`: which engines found it illegal ("by optimized; ...") and which could not
    /// decide it within the budget (the import is then undetermined; the case says so).
    Illegal {
        reason: Illegal,
        undecided: Option<String>,
    },
    /// The engines could not decide its legality within the budget (why).
    Undetermined(String),
    /// Not played: an earlier move was undetermined (why); written as a plain move.
    NotReplayed(String),
}

/// The state at the end of a move-sequence.
#[derive(Clone, Debug, PartialEq)]
pub struct End {
    pub position: Position,
    pub prisoners: Prisoners,
    pub to_move: Colour,
    pub game_over: bool,
}

/// One move-sequence: its start and moves (0-based indices into the game's moves).
#[derive(Clone, Debug)]
pub struct Sequence {
    pub start: Start,
    /// Why the move-sequence before it ended here: its first move came after the end or out
    /// of turn (the session's answer); `None` for the game's first move-sequence.
    pub started: Option<SequenceStart>,
    /// LJR: locations permanently prohibited at its start (L-9.4).
    pub permanently_prohibited: Vec<Point>,
    pub moves: Vec<(usize, Outcome)>,
    /// `None` when a move of it was undetermined (its end is unknown).
    pub end: Option<End>,
}

/// The replay: the move-sequences, or the engines' disagreement.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub sequences: Vec<Sequence>,
    /// The first move the engines disagreed on (1-based) and what each said.
    pub disagreement: Option<(usize, String)>,
}

/// The rules and engines of a replay.
pub struct Door {
    pub ruleset: RulesetId,
    pub patch: RulesPatch,
    pub komi: f64,
    pub budget: u64,
}

/// The two engines the import replays on, the reference first.
pub fn engines() -> Vec<Arc<dyn Engine>> {
    vec![Arc::new(Reference), Arc::new(Optimized::default())]
}

fn end_of(s: &Session) -> End {
    End {
        position: s.position(),
        prisoners: s.prisoners(),
        to_move: s.to_move(),
        game_over: s.is_over(),
    }
}

fn permanently_prohibited(s: &Session) -> Vec<Point> {
    s.games()[0]
        .situation()
        .map(|x| x.permanently_prohibited)
        .unwrap_or_default()
}

/// Play `moves` (colour, move) from `start` on `geometry` through a session.
pub fn replay(
    door: &Door,
    geometry: &Geometry,
    start: Start,
    moves: &[(Colour, Move)],
) -> Result<Replayed, String> {
    let mut session = Session::new(
        Config {
            ruleset: door.ruleset,
            patch: door.patch.clone(),
            komi: door.komi,
            budget: door.budget,
            independent_life: Default::default(),
            engines: engines(),
        },
        geometry.clone(),
    )?;
    session.restart(geometry.clone(), start.clone(), Vec::new())?;
    let mut sequences = vec![Sequence {
        start,
        started: None,
        permanently_prohibited: Vec::new(),
        moves: Vec::new(),
        end: None,
    }];
    let mut stuck: Option<String> = None;
    for (i, &(colour, mv)) in moves.iter().enumerate() {
        let seq = sequences.last_mut().expect("one sequence at least");
        if let Some(why) = &stuck {
            seq.moves.push((i, Outcome::NotReplayed(why.clone())));
            continue;
        }
        let started = session.sequence_start(colour);
        if started.is_new() {
            if seq.moves.is_empty() && i == 0 {
                // The first move names the first player (when `PL` says otherwise).
                seq.start.to_move = colour;
                let s = seq.start.clone();
                session.restart(geometry.clone(), s, Vec::new())?;
            } else {
                seq.end = Some(end_of(&session));
                let start = Start {
                    position: session.position(),
                    to_move: colour,
                    handicap: 0,
                    prisoners: session.prisoners(),
                };
                let permanently_prohibited = permanently_prohibited(&session);
                sequences.push(Sequence {
                    start,
                    started: Some(started),
                    permanently_prohibited,
                    moves: Vec::new(),
                    end: None,
                });
            }
        }
        let seq = sequences.last_mut().expect("one sequence at least");
        let outcome = match session.play(colour, Action::from(mv))?.verdict {
            Verdict::Agreed(Ok(done)) => Outcome::Legal(done.removed),
            Verdict::Agreed(Err(reason)) => Outcome::Illegal {
                reason,
                undecided: None,
            },
            v @ Verdict::Disagreed(_) => {
                return Ok(Replayed {
                    sequences,
                    disagreement: Some((i + 1, v.describe())),
                })
            }
            Verdict::Undetermined {
                shortfalls,
                decided: Some(Err(reason)),
                decided_by,
            } => Outcome::Illegal {
                reason,
                undecided: Some(format!(
                    "by {}; {}",
                    decided_by.join(", "),
                    shortfalls
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join("; ")
                )),
            },
            v @ Verdict::Undetermined { .. } => {
                let why = v.describe();
                stuck = Some(format!("move {} is undetermined", i + 1));
                Outcome::Undetermined(why)
            }
        };
        seq.moves.push((i, outcome));
    }
    if stuck.is_none() {
        let seq = sequences.last_mut().expect("one sequence at least");
        seq.end = Some(end_of(&session));
    }
    Ok(Replayed {
        sequences,
        disagreement: None,
    })
}

/// `D4`, `pass`.
pub fn move_word(g: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => g.name(p).to_string(),
        Move::Pass => "pass".into(),
        Move::KoPass => "ko-pass".into(),
    }
}
