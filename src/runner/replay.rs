//! Replay a check's moves on an engine, family-agnostic: the game its ruleset starts, the
//! moves, the final position and the immortal stones (N-17) the check asks for. The
//! families' work after the moves is added above them (`dispatch::replay_with`).

use super::trace::{CaseProblem, StepTrace, Trace};
use crate::engine::{Engine, Move};
use crate::geometry::{Geometry, Point};
use crate::parse::case::{Check, Step, Target};
use crate::procedure::j2003::Extent;
use crate::session::{PassJudge, Refusal, RulesetGame};

pub(super) fn move_name(geometry: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => geometry.name(p).to_string(),
        Move::Pass => "pass".to_string(),
        Move::KoPass => "ko-pass".to_string(),
    }
}

/// Replay `steps` on `game`, checking each written colour against the player to move.
/// `undetermined` is set when the legality of a move could not be decided within the budget
/// (J-19's analysis of an ending pass); the replay stops there, and the check must not be
/// judged.
pub(super) fn replay_steps(
    game: &mut RulesetGame,
    steps: &[Step],
    geometry: &Geometry,
    undetermined: &mut bool,
) -> Result<Vec<StepTrace>, CaseProblem> {
    let mut out = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let player = game.to_move();
        if let Some(p) = step.player {
            if p != player {
                return Err(CaseProblem {
                    step: i + 1,
                    message: format!(
                        "move {} `{}` (line {}) is written for {} but {} is to move",
                        i + 1,
                        step.text,
                        step.line,
                        p,
                        player
                    ),
                });
            }
        }
        let mv = match &step.target {
            Target::Point(p) => Move::Play(*p),
            Target::Pass => Move::Pass,
            Target::KoPass => Move::KoPass,
            Target::AnyOf(label, points) => {
                let legal: Vec<Point> = points
                    .iter()
                    .copied()
                    .filter(|&p| game.legality(Move::Play(p).into()).is_ok())
                    .collect();
                match legal.as_slice() {
                    [one] => Move::Play(*one),
                    [] => Move::Play(points[0]),
                    many => {
                        let names: Vec<&str> = many.iter().map(|&p| geometry.name(p)).collect();
                        return Err(CaseProblem {
                            step: i + 1,
                            message: format!(
                                "move {} (line {}): label `{label}` is ambiguous, the move is legal on {}",
                                i + 1,
                                step.line,
                                names.join(" and ")
                            ),
                        });
                    }
                }
            }
        };
        let result = match game.play(mv.into()) {
            Ok(done) => Ok(done.removed),
            Err(Refusal::Illegal(reason)) => Err(reason),
            Err(Refusal::Undetermined(_)) => {
                // The legality of this move is unknown: the rest of the sequence cannot be
                // replayed faithfully, and the check will be reported undetermined.
                *undetermined = true;
                break;
            }
        };
        out.push(StepTrace {
            index: i + 1,
            player,
            text: step.text.clone(),
            mv,
            result,
            position: game.position(),
            prisoners: game.prisoners(),
        });
    }
    Ok(out)
}

/// How much searching a replay does after the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searches {
    /// Enough to judge the check: a J2003 analysis stops at its first undetermined status
    /// check, since the check is then undetermined whatever the others say.
    ToJudge,
    /// Everything, for a reader (`explain`): every status that can be decided is.
    Complete,
}

/// A check's moves replayed on the game its ruleset starts, before any family's work.
pub(super) struct Moves {
    /// The replay, no family's part filled in yet.
    pub(super) trace: Trace,
    /// The legality of a move could not be decided within the budget (J-19's analysis of an
    /// ending pass); the replay stopped there.
    pub(super) pass_undetermined: bool,
    /// The J2003 analyses J-19's judge made, to the extent `searches` asked, kept for the
    /// final position's (the same engine, position and budget give the same analysis).
    pub(super) analyses: crate::session::AnalysisMemo,
    pub(super) extent: Extent,
}

/// Replay `check`'s moves on `engine`, with as much searching as `searches` asks.
pub(super) fn replay_moves(
    engine: &dyn Engine,
    check: &Check,
    searches: Searches,
) -> Result<Result<Moves, CaseProblem>, String> {
    let rules = check
        .rules
        .as_ref()
        .ok_or_else(|| format!("ruleset {} is not implemented yet", check.ruleset))?;
    // The game the ruleset starts: J-19 (C-4) judges ending passes in it.
    let judge = PassJudge {
        budget: check.solver_budget,
        extent: if searches == Searches::Complete {
            Extent::Complete
        } else {
            Extent::UntilUndetermined
        },
        memo: Default::default(),
        ko_stone_memo: Default::default(),
    };
    let extent = judge.extent;
    let analyses = judge.memo.clone();
    let mut game = RulesetGame::start(engine, &check.geometry, rules, &check.start, judge)
        .map_err(|u| u.to_string())?;
    let mut pass_undetermined = false;
    let steps = match replay_steps(
        &mut game,
        &check.steps,
        &check.geometry,
        &mut pass_undetermined,
    ) {
        Ok(s) => s,
        Err(p) => return Ok(Err(p)),
    };
    let trace = Trace {
        steps,
        position: game.position(),
        prisoners: game.prisoners(),
        score: game.score(check.komi),
        game_over: game.is_over(),
        to_move: game.to_move(),
        cycle: game.cycle(),
        family: super::trace::FamilyTrace::Play,
    };
    Ok(Ok(Moves {
        trace,
        pass_undetermined,
        analyses,
        extent,
    }))
}
