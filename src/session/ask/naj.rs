//! NAJ: the immortal stones of a position (N-17) and the analyses of a final-position under
//! optimal play (N-15 ... N-21), asked of every engine: a verdict per colour and the
//! overall verdict.

use super::{each, said_of, Answered};
use crate::engine::{Answer, Engine, Spent, Unsupported};
use crate::geometry::{Colour, Geometry, Position};
pub use crate::procedure::naj::{Budget, Solved, Switches};
use crate::rules::RulesetId;
use crate::session::verdict::{Verdict, VerdictKind};
use std::sync::Arc;
use std::time::Instant;

/// Every engine's immortal stones of both colours and the verdicts on them.
#[derive(Clone, Debug, PartialEq)]
pub struct Immortal {
    /// Each engine's answer per colour (Black, White), in the engines' order.
    pub engines: Vec<Answered<[Answer<Vec<bool>>; 2]>>,
    /// Per colour (Black, White): per point, whether an immortal stone stands on it.
    pub colours: [Verdict<Vec<bool>>; 2],
    pub verdict: VerdictKind,
}

/// N-17: the immortal stones of each colour in `position`, each engine's search within
/// `budget` positions per colour.
pub fn immortal(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<Immortal, Unsupported> {
    let answers = each(engines, |e| {
        Ok([
            e.naj()?
                .immortal(geometry, position, Colour::Black, budget)?,
            e.naj()?
                .immortal(geometry, position, Colour::White, budget)?,
        ])
    })?;
    let colours = [Colour::Black, Colour::White].map(|c| {
        let k = usize::from(c == Colour::White);
        Verdict::of(
            answers
                .iter()
                .map(|a| {
                    let said = said_of(a, &a.answer[k], budget, || {
                        format!("the immortal {} stones (N-17)", c.name())
                    });
                    (a.engine.clone(), said)
                })
                .collect(),
        )
    });
    let verdict = VerdictKind::overall(colours.iter().map(Verdict::kind));
    Ok(Immortal {
        engines: answers,
        colours,
        verdict,
    })
}

/// The question: which analyses, their budget and the solver's switches, and what the
/// optimal score adds to the two values.
#[derive(Clone, Debug)]
pub struct AnalysisQuestion {
    /// The analysing players (Black: the black-analysis, White opens).
    pub colours: Vec<Colour>,
    pub budget: Budget,
    pub switches: Switches,
    /// The prisoner-difference of the alternation.
    pub prisoner_difference: i64,
    pub komi: f64,
}

/// One analysis by one engine, and the seconds it took.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisRun {
    pub colour: Colour,
    pub answer: Answer<Solved>,
    pub seconds: f64,
}

/// Every engine's analyses and the verdicts on their values.
#[derive(Clone, Debug, PartialEq)]
pub struct Analyses {
    /// Each engine's analyses in the question's order, in the engines' order.
    pub engines: Vec<Answered<Vec<AnalysisRun>>>,
    /// Per analysis asked: the verdict on its value (N-21).
    pub values: Vec<(Colour, Verdict<i64>)>,
    pub prisoner_difference: i64,
    pub komi: f64,
    pub verdict: VerdictKind,
}

impl Analyses {
    /// The value of `colour`'s analysis the engines gave ([`Verdict::shown`]).
    pub fn value(&self, colour: Colour) -> Option<i64> {
        self.values
            .iter()
            .find(|(c, _)| *c == colour)
            .and_then(|(_, v)| v.shown().copied())
    }

    /// The optimal score: black-analysis value minus white-analysis value plus the
    /// prisoner-difference minus komi, when both values are given.
    pub fn score(&self) -> Option<f64> {
        let (b, w) = (self.value(Colour::Black)?, self.value(Colour::White)?);
        Some((b - w + self.prisoner_difference) as f64 - self.komi)
    }
}

/// The NAJ analyses of `q.colours` from the final-position `position` under optimal play,
/// by every engine.
pub fn analyses(
    engines: &[Arc<dyn Engine>],
    geometry: &Geometry,
    position: &Position,
    q: &AnalysisQuestion,
) -> Result<Analyses, Unsupported> {
    let rules = RulesetId::Naj.analysis_rules().ok_or_else(|| Unsupported {
        engine: "go-oracle".into(),
        what: "NAJ analyses (naj has no analysis rules)".into(),
    })?;
    let answers = each(engines, |e| {
        let mut runs = Vec::with_capacity(q.colours.len());
        for &colour in &q.colours {
            let started = Instant::now();
            let answer = crate::procedure::naj::solve(
                e, geometry, &rules, position, colour, q.budget, q.switches,
            )?;
            runs.push(AnalysisRun {
                colour,
                answer,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        Ok(runs)
    })?;
    let values: Vec<(Colour, Verdict<i64>)> = q
        .colours
        .iter()
        .enumerate()
        .map(|(k, &colour)| {
            let said = answers.iter().map(|a| {
                let value = match &a.answer[k].answer {
                    Answer::Decided(s) => Answer::Decided(s.value),
                    Answer::Undetermined(Spent { explored }) => Answer::Undetermined(Spent {
                        explored: *explored,
                    }),
                };
                let said = said_of(a, &value, q.budget.nodes, || {
                    format!("the optimal NAJ {colour}-analysis (N-15, N-16)")
                });
                (a.engine.clone(), said)
            });
            (colour, Verdict::of(said.collect()))
        })
        .collect();
    let verdict = VerdictKind::overall(values.iter().map(|(_, v)| v.kind()));
    Ok(Analyses {
        engines: answers,
        values,
        prisoner_difference: q.prisoner_difference,
        komi: q.komi,
        verdict,
    })
}
