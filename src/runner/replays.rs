//! Every engine's complete replay of one check, compared once: the door of the commands
//! that show a check rather than judge it (`explain`, `export`). The moves go through
//! `session::RulesetGame` as in every replay ([`super::dispatch::replay`]); the comparison is
//! [`compare_traces`], the one the runner's verdicts use.

use super::dispatch::replay;
use super::{compare_traces, CaseProblem, Mismatch, Trace};
use crate::engine::Engine;
use crate::parse::case::Check;

/// One engine's replay: the trace, a problem of the case, or why the engine cannot run it.
pub type Replay = Result<Result<Trace, CaseProblem>, String>;

/// Whether a replay judged every ending pass it met: J2003's direct ko rule (J-19) may be
/// undetermined within the budget on one engine and decided on another; an unjudged replay
/// stops at that pass and is not compared.
pub fn passes_judged(t: &Trace) -> bool {
    !t.j2003().is_some_and(|j| j.pass_undetermined)
}

/// How many final strings a replay gave a status (J2003 analysis or VJR assessment).
pub fn decided_statuses(t: &Trace) -> usize {
    if let Some(a) = t.vjr().and_then(|v| v.assessment.as_ref()) {
        return a.strings.iter().filter(|s| s.status.is_some()).count();
    }
    t.j2003()
        .as_ref()
        .and_then(|j| j.analysis.as_ref())
        .map_or(0, |a| {
            a.strings.iter().filter(|s| s.status.is_some()).count()
        })
}

/// Every engine's replay of one check, every search run to the end.
pub struct Replays {
    /// Each engine's name and replay, in the engines' order.
    pub replays: Vec<(String, Replay)>,
}

impl Replays {
    /// Replay `check` on every engine of `engines`.
    pub fn of(check: &Check, engines: &[Box<dyn Engine>]) -> Replays {
        Replays {
            replays: engines
                .iter()
                .map(|e| (e.name(), replay(e.as_ref(), check)))
                .collect(),
        }
    }

    /// The traces that judged every ending pass, in the engines' order.
    fn judged(&self) -> Vec<&Trace> {
        self.replays
            .iter()
            .filter_map(|(_, r)| match r {
                Ok(Ok(t)) if passes_judged(t) => Some(t),
                _ => None,
            })
            .collect()
    }

    /// Where the engines disagree: the first judged trace against every other judged one
    /// (an unjudged replay stopped early and is not compared).
    pub fn disagreements(&self, check: &Check) -> Vec<Mismatch> {
        let judged = self.judged();
        let Some((first, others)) = judged.split_first() else {
            return Vec::new();
        };
        others
            .iter()
            .flat_map(|t| compare_traces(check, first, t))
            .collect()
    }

    /// The replay a reader is shown: the one that decided the most statuses (the reference
    /// often runs out of budget where the optimized engine does not), the first of equals.
    pub fn shown(&self) -> Option<&(String, Replay)> {
        let decided = |r: &Replay| match r {
            Ok(Ok(t)) => decided_statuses(t),
            _ => 0,
        };
        self.replays
            .iter()
            .enumerate()
            .max_by_key(|(i, (_, r))| (decided(r), std::cmp::Reverse(*i)))
            .map(|(_, r)| r)
    }

    /// The trace to write once the engines agree: among the judged ones, the one that
    /// decided the most statuses (the last of equals), else the first engine's trace.
    pub fn agreed_trace(&self) -> Option<&Trace> {
        self.judged()
            .into_iter()
            .max_by_key(|t| decided_statuses(t))
            .or_else(|| match self.replays.first() {
                Some((_, Ok(Ok(t)))) => Some(t),
                _ => None,
            })
    }
}
