//! The ruleset's questions about the current position, asked of every engine: the final
//! score and the status of every stone, each family the way its text says.

use super::verdict::{Shortfall, Verdict};
use super::Session;
use crate::engine::{Answer, Engine, Score, Spent};
use crate::geometry::{Cell, Colour, Point, Position};
use crate::ljr::{ControlAnswer, ControlMethod, LjrParams};
use crate::procedure::ljr::LjrScore;
use crate::rules::{RulesetId, Scoring};
use crate::vjr::VjrStatus;

/// The class of a stone for GTP's `final_status_list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusClass {
    Alive,
    Dead,
    Seki,
}

/// A score the rules give (Black minus White minus komi), or why they give none here.
pub type FinalScore = Result<f64, String>;

impl Session {
    /// `ask`'s J2003 analysis (J-52) of the current position, with the session's budget,
    /// prisoners and komi (the per-string verdicts a GUI shows).
    pub fn ask_j2003(&self) -> Result<super::ask::j2003::Statuses, String> {
        let p = self.prisoners();
        super::ask::j2003::statuses(
            &self.engines,
            &self.geometry,
            &self.position(),
            super::ask::j2003::StatusQuestion {
                budget: self.budget,
                prisoner_difference: p.black as i64 - p.white as i64,
                komi: self.komi,
            },
        )
        .map_err(|e| e.to_string())
    }

    /// `ask`'s VJR status assessment (V-19 ... V-28) of the current position.
    pub fn ask_vjr(&self) -> Result<super::ask::vjr::Assessment, String> {
        let p = self.prisoners();
        super::ask::vjr::assessment(
            &self.engines,
            &self.geometry,
            &self.position(),
            super::ask::vjr::AssessmentQuestion {
                life: self.life,
                // VP-2: a session uses the default reading (docs/cli.md, `status`).
                long_cycles: Default::default(),
                budget: self.budget,
                prisoner_difference: p.black as i64 - p.white as i64,
                komi: self.komi,
            },
        )
        .map_err(|e| e.to_string())
    }

    /// `ask`'s immortal stones (N-17) of the current position, `budget` positions per colour.
    pub fn ask_immortal(&self) -> Result<super::ask::naj::Immortal, String> {
        super::ask::naj::immortal(&self.engines, &self.geometry, &self.position(), self.budget)
            .map_err(|e| e.to_string())
    }

    /// `ask`'s LJR control (L-14, L-17) of the current situation: its permanent
    /// prohibitions, captives and the integer komi.
    pub fn ask_ljr_control(&self) -> Result<super::ask::ljr::Control, String> {
        let permanently_prohibited = self.games[0]
            .situation()
            .map(|s| s.permanently_prohibited)
            .unwrap_or_default();
        super::ask::ljr::control(
            &self.engines,
            &self.geometry,
            &self.position(),
            &super::ask::ljr::ControlQuestion {
                permanently_prohibited,
                captives: self.prisoners(),
                komi: self.ljr_komi()?,
                params: LjrParams::default(),
                budget: self.budget,
            },
        )
        .map_err(|e| e.to_string())
    }

    fn shortfall(&self, engine: &dyn Engine, explored: u64, question: &str) -> Shortfall {
        Shortfall::new(&engine.name(), self.budget, explored, question.into())
    }

    /// The ruleset's score of the current position.
    pub fn final_score(&self) -> Result<Verdict<FinalScore>, String> {
        let position = self.position();
        let p = self.prisoners();
        let prisoner_difference = p.black as i64 - p.white as i64;
        let komi = self.komi;
        match self.ruleset {
            RulesetId::Naj | RulesetId::Najn => self.ask(|i| self.naj_score(i, &position)),
            RulesetId::J2003 => self.ask(|i| {
                let e = self.engines[i].as_ref();
                let analysis = match self.j2003_analysis(e, &position)? {
                    Answer::Decided(a) => a,
                    Answer::Undetermined(u) => return Ok(Answer::Undetermined(u)),
                };
                let board = e
                    .j2003()
                    .and_then(|q| {
                        q.board_score(
                            &self.geometry,
                            &position,
                            &analysis.status_at(self.geometry.len()),
                        )
                    })
                    .map_err(|e| e.to_string())?;
                Ok(Answer::Decided(Ok(
                    (board + prisoner_difference) as f64 - komi
                )))
            }),
            RulesetId::Vjr => self.ask(|i| {
                let e = self.engines[i].as_ref();
                let a = match self.vjr_assessment(e, &position)? {
                    Answer::Decided(a) => a,
                    Answer::Undetermined(u) => return Ok(Answer::Undetermined(u)),
                };
                let territory = crate::procedure::vjr::territory(e, &self.geometry, &position, &a)
                    .map_err(|e| e.to_string())?;
                Ok(Answer::Decided(match territory {
                    Some(t) => Ok(crate::procedure::vjr::score(&t, prisoner_difference, komi)),
                    None => Err("vjr: a status is undefined (the rules do not decide it)".into()),
                }))
            }),
            RulesetId::Ljr => Ok(self.ljr_score()?.map(|s| Ok(s.score as f64))),
            _ => {
                if self
                    .rules
                    .as_ref()
                    .is_some_and(|r| r.scoring == Scoring::None)
                {
                    return Err(format!(
                        "ruleset {} has no scoring (give --scoring to the custom rules)",
                        self.ruleset
                    ));
                }
                self.ask(|i| {
                    Ok(Answer::Decided(
                        self.games[i]
                            .score(komi)
                            .map(|s| s.score)
                            .ok_or_else(|| "no area score".to_string()),
                    ))
                })
            }
        }
    }

    /// LJR L-5: the score with control by the two-eye test (L-14), the captives and the
    /// integer komi.
    pub fn ljr_score(&self) -> Result<Verdict<LjrScore>, String> {
        let komi = self.ljr_komi()?;
        let position = self.position();
        let p = self.prisoners();
        self.ask(|i| {
            let e = self.engines[i].as_ref();
            let maps = self.ljr_control(e, &position)?;
            Ok(
                match crate::procedure::ljr::score_of(&position, &maps, p, komi) {
                    Some(s) => Answer::Decided(s),
                    None => Answer::Undetermined(self.shortfall(
                        e,
                        control_explored(&maps),
                        "LJR control by the two-eye test (L-14)",
                    )),
                },
            )
        })
    }

    /// The area score of the position as it stands (PLAY-12), `None` when the rules have
    /// no area scoring.
    pub fn area_score(&self) -> Result<Verdict<Option<Score>>, String> {
        self.ask(|i| Ok(Answer::Decided(self.games[i].score(self.komi))))
    }

    /// Per point, whether the area score counts it for Black and for White (PLAY-12), as
    /// each engine's game says; `None` when the rules have no area scoring.
    pub fn area_owners(&self) -> Result<Verdict<Option<Vec<[bool; 2]>>>, String> {
        self.ask(|i| Ok(Answer::Decided(self.games[i].area_owners())))
    }

    /// NAJ: black-analysis value minus white-analysis value under optimal play (N-15 ...
    /// N-21), plus the prisoner difference, minus komi.
    fn naj_score(
        &self,
        i: usize,
        position: &Position,
    ) -> Result<Answer<FinalScore, Shortfall>, String> {
        let rules = RulesetId::Naj
            .analysis_rules()
            .ok_or("naj has no analysis rules")?;
        let p = self.prisoners();
        let e = self.engines[i].as_ref();
        let mut value = [0i64; 2];
        for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
            let answer = crate::procedure::naj::solve(
                e,
                &self.geometry,
                &rules,
                position,
                colour,
                crate::procedure::naj::Budget {
                    nodes: self.budget,
                    immortal: self.budget,
                },
                Default::default(),
            )
            .map_err(|e| e.to_string())?;
            value[k] = match answer {
                Answer::Decided(s) => s.value,
                Answer::Undetermined(Spent { explored }) => {
                    return Ok(Answer::Undetermined(self.shortfall(
                        e,
                        explored,
                        &format!("the optimal NAJ {colour}-analysis (N-15, N-16)"),
                    )))
                }
            };
        }
        let pd = p.black as i64 - p.white as i64;
        Ok(Answer::Decided(Ok(
            (value[0] - value[1] + pd) as f64 - self.komi
        )))
    }

    fn ljr_komi(&self) -> Result<i64, String> {
        if self.komi.fract() != 0.0 || self.komi < 0.0 {
            return Err("ljr: komi is a non-negative integer (L-2)".into());
        }
        Ok(self.komi as i64)
    }

    /// LJR control of both players at the end (L-14, two-eye test), the permanent
    /// prohibitions of the current situation in force.
    fn ljr_control(
        &self,
        engine: &dyn Engine,
        position: &Position,
    ) -> Result<[ControlAnswer; 2], String> {
        let prohibited = self.games[0]
            .situation()
            .map(|s| s.permanently_prohibited)
            .unwrap_or_default();
        crate::procedure::ljr::control_maps(
            engine,
            &self.geometry,
            position,
            &prohibited,
            ControlMethod::TwoEyeTest,
            LjrParams::default(),
            self.budget,
        )
        .map_err(|e| e.to_string())
    }

    /// The J2003 analysis (J-52) of `position` by `engine`, every status decided.
    fn j2003_analysis(
        &self,
        engine: &dyn Engine,
        position: &Position,
    ) -> Result<Answer<crate::status_game::Analysis, Shortfall>, String> {
        let analysis =
            crate::procedure::j2003::analyse(engine, &self.geometry, position, self.budget)
                .map_err(|e| e.to_string())?;
        if !analysis.is_decided() {
            return Ok(Answer::Undetermined(self.shortfall(
                engine,
                analysis.explored,
                "the J2003 analysis (J-52)",
            )));
        }
        Ok(Answer::Decided(analysis))
    }

    fn vjr_assessment(
        &self,
        engine: &dyn Engine,
        position: &Position,
    ) -> Result<Answer<crate::vjr::VjrAssessment, Shortfall>, String> {
        // VP-2 is a case-file and `status` parameter; a session uses its default.
        let a = crate::procedure::vjr::assess(
            engine,
            &self.geometry,
            position,
            self.life,
            crate::vjr::LongCycles::default(),
            self.budget,
        )
        .map_err(|e| e.to_string())?;
        if a.strings.iter().any(|s| s.status.is_none()) {
            return Ok(Answer::Undetermined(self.shortfall(
                engine,
                a.explored,
                "a VJR status question (V-19 ... V-23)",
            )));
        }
        Ok(Answer::Decided(a))
    }

    /// Per point, the class of the stone on it (`final_status_list`), or why the ruleset
    /// gives none.
    pub fn status_classes(&self) -> Result<Verdict<Vec<Option<StatusClass>>>, String> {
        let position = self.position();
        let n = self.geometry.len();
        let stones = |f: &dyn Fn(Point) -> StatusClass| -> Vec<Option<StatusClass>> {
            (0..n)
                .map(|p| match position.get(p) {
                    Cell::Empty => None,
                    Cell::Stone(_) => Some(f(p)),
                })
                .collect()
        };
        match self.ruleset {
            RulesetId::J2003 => self.ask(|i| {
                let analysis = match self.j2003_analysis(self.engines[i].as_ref(), &position)? {
                    Answer::Decided(a) => a,
                    Answer::Undetermined(u) => return Ok(Answer::Undetermined(u)),
                };
                let status = analysis.status_at(n);
                // J-49: alive or dead; in-seki regions (J-59) are not separated here.
                Ok(Answer::Decided(stones(&|p| match status[p] {
                    Some(s) if s.is_alive() => StatusClass::Alive,
                    _ => StatusClass::Dead,
                })))
            }),
            RulesetId::Vjr => self.ask(|i| {
                let a = match self.vjr_assessment(self.engines[i].as_ref(), &position)? {
                    Answer::Decided(a) => a,
                    Answer::Undetermined(u) => return Ok(Answer::Undetermined(u)),
                };
                let status = a.status_at(n);
                let mut out = Vec::with_capacity(n);
                for (p, &st) in status.iter().enumerate() {
                    out.push(match (position.get(p), st) {
                        (Cell::Empty, _) => None,
                        (_, Some(VjrStatus::IndependentlyAlive)) => Some(StatusClass::Alive),
                        (_, Some(VjrStatus::AliveInSeki)) => Some(StatusClass::Seki),
                        (_, Some(VjrStatus::Dead)) => Some(StatusClass::Dead),
                        _ => {
                            return Err(format!(
                                "vjr: the status of {} is undefined (the rules do not decide it)",
                                self.geometry.name(p)
                            ))
                        }
                    });
                }
                Ok(Answer::Decided(out))
            }),
            RulesetId::Ljr => self.ask(|i| {
                let e = self.engines[i].as_ref();
                let maps = self.ljr_control(e, &position)?;
                let mut out = Vec::with_capacity(n);
                for p in 0..n {
                    out.push(match position.get(p) {
                        Cell::Empty => None,
                        // L-5: a stone on a location its opponent controls is dead.
                        Cell::Stone(c) => {
                            match maps[usize::from(c == Colour::Black)].controlled[p] {
                                Some(true) => Some(StatusClass::Dead),
                                Some(false) => Some(StatusClass::Alive),
                                None => {
                                    return Ok(Answer::Undetermined(self.shortfall(
                                        e,
                                        control_explored(&maps),
                                        "LJR control by the two-eye test (L-14)",
                                    )))
                                }
                            }
                        }
                    });
                }
                Ok(Answer::Decided(out))
            }),
            RulesetId::Naj | RulesetId::Najn => Err(format!(
                "{}: final_status_list is not available (NAJ has no statuses; its dead stones come from the control at the end of each analysis, N-18 ... N-21, not computed over GTP); final_score gives the score",
                self.ruleset
            )),
            // TT-7 and area scoring: every stone on the board counts; none is dead.
            _ => self.ask(|_| Ok(Answer::Decided(stones(&|_| StatusClass::Alive)))),
        }
    }
}

/// Nodes the control searches spent (both players).
fn control_explored(maps: &[ControlAnswer; 2]) -> u64 {
    maps.iter().map(|m| m.explored).sum()
}
