//! LJR: which locations each player controls by the two-eye test (L-14) and by disputes
//! (L-17), and the score (L-5), asked of every engine: a verdict per location, method and
//! player, and the overall verdict.

use super::{each, said, Answered};
use crate::engine::{Engine, Unsupported};
use crate::geometry::{Geometry, Point, Position};
use crate::ljr::{ControlAnswer, ControlMethod, LjrParams};
use crate::procedure::ljr::{control_maps, score_of, LjrScore};
use crate::rules::Prisoners;
use crate::session::verdict::{Verdict, VerdictKind};
use std::sync::Arc;

/// The question: the permanent prohibitions in force (L-9.4), what the score adds
/// (captives, the integer komi, L-2), the parameters and each control question's budget.
#[derive(Clone, Debug, PartialEq)]
pub struct ControlQuestion {
    pub permanently_prohibited: Vec<Point>,
    pub captives: Prisoners,
    pub komi: i64,
    pub params: LjrParams,
    /// Nodes each control question (one player, one method) may visit.
    pub budget: u64,
}

/// One engine's answer: both players' control by both methods, the scores, and where the
/// two methods differ.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineControl {
    /// L-14, Black then White.
    pub two_eye: [ControlAnswer; 2],
    /// L-17, Black then White.
    pub dispute: [ControlAnswer; 2],
    /// L-5 with control by the two-eye test; `None` while a location is undetermined.
    pub score: Option<LjrScore>,
    /// L-5 with control by disputes.
    pub dispute_score: Option<LjrScore>,
    /// The locations where the two methods decided differently for a player.
    pub differences: Vec<Point>,
}

/// The engines on one location: whether each player (Black, White) controls it.
#[derive(Clone, Debug, PartialEq)]
pub struct LocationVerdict {
    pub two_eye: [Verdict<bool>; 2],
    pub dispute: [Verdict<bool>; 2],
}

/// Every engine's control and the verdicts on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Control {
    /// Each engine's answer, in the engines' order.
    pub engines: Vec<Answered<EngineControl>>,
    /// Per location, in board order.
    pub locations: Vec<LocationVerdict>,
    pub verdict: VerdictKind,
}

/// Control of both players by both methods in `position`, by every engine.
pub fn control(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    position: &Position,
    q: &ControlQuestion,
) -> Result<Control, Unsupported> {
    let answers = each(engines, |e| engine_control(e, geometry, position, q))?;
    let locations: Vec<LocationVerdict> = geometry
        .points()
        .map(|p| {
            let one = |method: ControlMethod, c: usize| {
                Verdict::of(
                    answers
                        .iter()
                        .map(|a| {
                            let maps = match method {
                                ControlMethod::TwoEyeTest => &a.answer.two_eye,
                                ControlMethod::Dispute => &a.answer.dispute,
                            };
                            let value = maps[c].controlled.get(p).copied().flatten();
                            let said = said(a, value, q.budget, maps[c].explored, || {
                                format!(
                                    "whether {} controls {} ({})",
                                    ["Black", "White"][c],
                                    geometry.name(p),
                                    match method {
                                        ControlMethod::TwoEyeTest => "the two-eye test, L-14",
                                        ControlMethod::Dispute => "disputes, L-17",
                                    }
                                )
                            });
                            (a.engine.clone(), said)
                        })
                        .collect(),
                )
            };
            LocationVerdict {
                two_eye: [0, 1].map(|c| one(ControlMethod::TwoEyeTest, c)),
                dispute: [0, 1].map(|c| one(ControlMethod::Dispute, c)),
            }
        })
        .collect();
    let verdict = VerdictKind::overall(
        locations
            .iter()
            .flat_map(|l| l.two_eye.iter().chain(&l.dispute).map(Verdict::kind)),
    );
    Ok(Control {
        engines: answers,
        locations,
        verdict,
    })
}

/// One engine's control by both methods, its scores and where the methods differ.
fn engine_control(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    q: &ControlQuestion,
) -> Result<EngineControl, Unsupported> {
    let maps = |method| {
        control_maps(
            engine,
            geometry,
            position,
            &q.permanently_prohibited,
            method,
            q.params,
            q.budget,
        )
    };
    let two_eye = maps(ControlMethod::TwoEyeTest)?;
    let dispute = maps(ControlMethod::Dispute)?;
    let differences = geometry
        .points()
        .filter(|&p| {
            (0..2).any(|c| {
                match (
                    two_eye[c].controlled.get(p).copied().flatten(),
                    dispute[c].controlled.get(p).copied().flatten(),
                ) {
                    (Some(a), Some(b)) => a != b,
                    _ => false,
                }
            })
        })
        .collect();
    Ok(EngineControl {
        score: score_of(position, &two_eye, q.captives, q.komi),
        dispute_score: score_of(position, &dispute, q.captives, q.komi),
        two_eye,
        dispute,
        differences,
    })
}
