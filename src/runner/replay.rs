//! Replay a check's moves on an engine, then hand the result to its ruleset family.

use super::j2003::{j2003_trace, AnalysisMemo};
use super::naj::naj_trace;
use super::trace::{CaseProblem, StepTrace, Trace};
use crate::engine::{Engine, Move};
use crate::geometry::{Colour, Geometry, Point};
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

/// Replay a check's moves on an engine (and, for NAJ, its analyses), with every search run
/// to the end.
pub fn replay(engine: &dyn Engine, check: &Check) -> Result<Result<Trace, CaseProblem>, String> {
    replay_with(engine, check, Searches::Complete)
}

/// Replay a check to judge it: the same verdict as [`replay`], without the searches whose
/// results cannot change it.
pub fn replay_to_judge(
    engine: &dyn Engine,
    check: &Check,
) -> Result<Result<Trace, CaseProblem>, String> {
    replay_with(engine, check, Searches::ToJudge)
}

/// Replay, with as much searching as `searches` asks.
pub(super) fn replay_with(
    engine: &dyn Engine,
    check: &Check,
    searches: Searches,
) -> Result<Result<Trace, CaseProblem>, String> {
    if let Some(l) = &check.ljr {
        let t = match super::ljr::replay_ljr(engine, check, l)? {
            Ok(t) => t,
            Err(p) => return Ok(Err(p)),
        };
        return Ok(Ok(Trace {
            steps: Vec::new(),
            position: t.position.clone(),
            prisoners: t.captives,
            score: None,
            game_over: t.game_over,
            to_move: t.situation.to_move,
            cycle: None,
            naj: None,
            immortal: [None, None],
            j2003: None,
            ljr: Some(t),
            vjr: None,
        }));
    }
    let rules = check
        .rules
        .as_ref()
        .ok_or_else(|| format!("ruleset {} is not implemented yet", check.ruleset))?;
    // The game the ruleset starts: J-19 (C-4) judges ending passes in it, and the analyses
    // it makes are kept for the final position's (the same engine, position and budget
    // give the same analysis).
    let judge = PassJudge {
        budget: check.solver_budget,
        extent: if searches == Searches::Complete {
            Extent::Complete
        } else {
            Extent::UntilUndetermined
        },
        memo: Default::default(),
    };
    let analysed = AnalysisMemo {
        extent: judge.extent,
        analyses: judge.memo.clone(),
    };
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
    let is_j2003 = check.ruleset == crate::rules::RulesetId::J2003;
    let mut trace = Trace {
        steps,
        position: game.position(),
        prisoners: game.prisoners(),
        score: game.score(check.komi),
        game_over: game.is_over(),
        to_move: game.to_move(),
        cycle: game.cycle(),
        naj: None,
        immortal: [None, None],
        j2003: None,
        ljr: None,
        vjr: None,
    };
    if is_j2003 {
        let mut j = j2003_trace(engine, check, &trace, pass_undetermined, &analysed)?;
        j.explored = analysed
            .analyses
            .borrow()
            .iter()
            .map(|(_, a)| a.explored)
            .sum();
        trace.j2003 = Some(j);
    }
    if check.ruleset == crate::rules::RulesetId::Vjr {
        trace.vjr = Some(super::vjr::vjr_trace(engine, check, &trace)?);
    }
    for (i, (wanted, colour)) in [
        (check.expect.immortal_black.is_some(), Colour::Black),
        (check.expect.immortal_white.is_some(), Colour::White),
    ]
    .into_iter()
    .enumerate()
    {
        if wanted {
            trace.immortal[i] = Some(
                engine
                    .naj()
                    .and_then(|q| {
                        q.immortal(&check.geometry, &trace.position, colour, check.budget)
                    })
                    .map_err(|u| u.to_string())?,
            );
        }
    }
    if check.ruleset.analysis_rules().is_some() {
        match naj_trace(engine, check, &trace)? {
            Ok(n) => trace.naj = Some(n),
            Err(p) => return Ok(Err(p)),
        }
    }
    Ok(Ok(trace))
}
