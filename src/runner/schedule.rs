//! Running checks: one check on several engines with each replay made once, and many checks
//! on every core with the results in the corpus order.
//!
//! Two savings, neither of which changes a verdict:
//! * the reference's replay of a check is made once and shared by its own verdict and by
//!   every other engine's comparison with it (it used to be made again per engine);
//! * a configuration of the optimized engine with a speed-up switched off is not run on a
//!   check that the optimized engine with every speed-up on leaves undetermined within the
//!   check's budget: it is shown as ignored, with that reason. Switching a reduction off
//!   never made such a check decidable (measured on the whole corpus when this was
//!   introduced: every configuration was undetermined on each of them), and running them
//!   spent the whole budget nine more times.

use super::dispatch::replay_to_judge;
use super::{
    applicability, is_undetermined, judge, undetermined_reason, IgnoreReason, Status, Trace,
};
use crate::engine::Engine;
use crate::optimized::Optimized;
use crate::parse::case::Check;
use crate::reference::Reference;
use std::sync::OnceLock;
use std::time::Instant;

type Replay = Result<Result<Trace, super::CaseProblem>, String>;

/// The replays of one check that several engines' verdicts share, each made at most once
/// (by whichever thread needs it first).
#[derive(Default)]
pub struct SharedReplays {
    reference: OnceLock<Option<Replay>>,
    optimized: OnceLock<Option<Replay>>,
}

impl SharedReplays {
    /// The reference's replay, or `None` when the reference cannot run the check.
    fn reference(&self, check: &Check) -> Option<&Replay> {
        self.reference
            .get_or_init(|| {
                applicability(&Reference, check)
                    .ok()
                    .map(|()| replay_to_judge(&Reference, &check.for_reference()))
            })
            .as_ref()
    }

    /// The replay of the optimized engine with every speed-up on, or `None` when it cannot
    /// run the check.
    fn optimized(&self, check: &Check) -> Option<&Replay> {
        self.optimized
            .get_or_init(|| {
                let all_on = Optimized::default();
                applicability(&all_on, check)
                    .ok()
                    .map(|()| replay_to_judge(&all_on, check))
            })
            .as_ref()
    }
}

/// The verdict of `engine` on `check`: its replay against the expectations, and, when
/// `compare` is set, against the reference's replay (where the reference decided it).
pub fn run_check(
    check: &Check,
    engine: &dyn Engine,
    compare: bool,
    shared: &SharedReplays,
) -> Status {
    if let Err(why) = applicability(engine, check) {
        return Status::Ignored(why);
    }
    let name = engine.name();
    let reference_name = Reference.name();
    let all_on_name = Optimized::default().name();
    let is_switched_off = name.starts_with(&format!("{all_on_name}-without-"));
    if is_switched_off {
        if let Some(Ok(Ok(t))) = shared.optimized(check) {
            if is_undetermined(t) {
                return Status::Ignored(IgnoreReason::NotRun {
                    all_on: all_on_name,
                });
            }
        }
    }
    let own_replay;
    let own: &Replay = if name == reference_name {
        match shared.reference(check) {
            Some(r) => r,
            None => return Status::Ignored(cannot_run(&name)),
        }
    } else if name == all_on_name {
        match shared.optimized(check) {
            Some(r) => r,
            None => return Status::Ignored(cannot_run(&name)),
        }
    } else {
        own_replay = replay_to_judge(engine, check);
        &own_replay
    };
    if let Ok(Ok(t)) = own {
        let as_run = if name == reference_name {
            check.for_reference()
        } else {
            std::borrow::Cow::Borrowed(check)
        };
        if let Some(why) = undetermined_reason(&as_run, &name, t) {
            return Status::Ignored(why);
        }
    }
    let reference = if compare && name != reference_name {
        match shared.reference(check) {
            Some(Ok(Ok(t))) if !is_undetermined(t) => Some((reference_name.as_str(), t)),
            _ => None,
        }
    } else {
        None
    };
    judge(check, &name, own.clone(), reference)
}

/// An engine that has no replay of a check.
fn cannot_run(name: &str) -> IgnoreReason {
    IgnoreReason::Unsupported {
        why: format!("{name} cannot run this check"),
    }
}

/// The verdict of every engine of `engines` on `check` ([`run_check`]), the replays shared.
pub fn verdicts(
    check: &Check,
    engines: &[Box<dyn Engine>],
    compare: bool,
) -> Vec<(String, Status)> {
    verdicts_with(check, engines, compare, &SharedReplays::default())
}

fn verdicts_with(
    check: &Check,
    engines: &[Box<dyn Engine>],
    compare: bool,
    shared: &SharedReplays,
) -> Vec<(String, Status)> {
    engines
        .iter()
        .map(|e| (e.name(), run_check(check, e.as_ref(), compare, shared)))
        .collect()
}

/// One check run on a list of engines.
#[derive(Clone, Debug)]
pub struct CheckRun {
    /// Each engine's name and verdict, in the order of the engines given.
    pub verdicts: Vec<(String, Status)>,
    /// Wall-clock time of the whole check on all the engines.
    pub seconds: f64,
    /// The replays the verdicts were judged on, when they succeeded: the reference's and
    /// that of the optimized engine with every speed-up on, in that order, each when it ran
    /// (what `go-oracle report` shows as the replay and the result).
    pub traces: Vec<(String, Trace)>,
}

impl CheckRun {
    /// The status of the check over its engines: failed if any failed, else passed if any
    /// passed, else ignored (with the first engine's reason).
    pub fn overall(&self) -> Status {
        let mut out: Option<Status> = None;
        for (_, status) in &self.verdicts {
            out = Some(match (out, status) {
                (Some(Status::Failed(f)), _) => Status::Failed(f),
                (_, Status::Failed(_)) => status.clone(),
                (_, Status::Passed) => Status::Passed,
                (None, Status::Ignored(why)) => Status::Ignored(why.clone()),
                (Some(kept), Status::Ignored(_)) => kept,
            });
        }
        out.unwrap_or(Status::Ignored(IgnoreReason::Unsupported {
            why: "no engine ran this check".into(),
        }))
    }
}

/// Run every check on every engine, `jobs` checks at a time (0: one per core), and return
/// the runs in the order of `checks`. `progress` is called after each check with the
/// number done so far.
pub fn run_checks(
    checks: &[&Check],
    engines: &[Box<dyn Engine>],
    compare: bool,
    jobs: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<CheckRun> {
    use rayon::prelude::*;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let run_one = |check: &&Check| {
        let started = Instant::now();
        let shared = SharedReplays::default();
        let verdicts = verdicts_with(check, engines, compare, &shared);
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(n);
        let SharedReplays {
            reference,
            optimized,
        } = shared;
        let traces = [
            (Reference.name(), reference),
            (Optimized::default().name(), optimized),
        ]
        .into_iter()
        .filter_map(|(name, replay)| match replay.into_inner() {
            Some(Some(Ok(Ok(t)))) => Some((name, t)),
            _ => None,
        })
        .collect();
        CheckRun {
            verdicts,
            seconds: started.elapsed().as_secs_f64(),
            traces,
        }
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
    match pool {
        Ok(pool) => pool.install(|| checks.par_iter().map(run_one).collect()),
        Err(_) => checks.iter().map(run_one).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::optimized::Switches;
    use crate::parse::case::parse_case;

    fn nakade(solver_budget: u64) -> crate::parse::case::Case {
        nakade_with(&format!("solver-budget: {solver_budget}"))
    }

    fn nakade_with(budgets: &str) -> crate::parse::case::Case {
        let text = format!(
            "id: nakade
source: {{document: test}}
checks:
  - name: nakade-1x5
    ruleset: j2003
    position: |
      . # O . O
    moves: [\"B pass, W pass\"]
    {budgets}
    expect:
      strings:
        - {{at: B1, status: capturable-1}}
        - {{at: C1, status: dead}}
"
        );
        parse_case(&text, "nakade.yaml", Some("nakade")).expect("a valid case")
    }

    /// A switched-off configuration is not run where every-speed-up-on is undetermined, and is
    /// run (and judged) where it is decided.
    #[test]
    fn switched_off_configurations_follow_the_all_on_verdict() {
        let without = Optimized {
            switches: Switches::without("hash-index").expect("a switch"),
        };
        let small = nakade(10);
        let status = run_check(&small.checks[0], &without, true, &SharedReplays::default());
        assert!(
            matches!(&status, Status::Ignored(IgnoreReason::NotRun { .. })),
            "{status:?}"
        );
        let enough = nakade(300_000);
        let status = run_check(&enough.checks[0], &without, true, &SharedReplays::default());
        assert_eq!(status, Status::Passed);
        // The all-on engine itself is never skipped: it says why it is undetermined.
        let all_on = Optimized::default();
        let status = run_check(&small.checks[0], &all_on, true, &SharedReplays::default());
        assert!(
            matches!(&status, Status::Ignored(IgnoreReason::Undetermined(u)) if u.spent_unit == "states"),
            "{status:?}"
        );
    }

    /// An undetermined statuses check names the states its analysis spent, also when the
    /// check has no moves (its analysis of the named strings is not one the replay keeps:
    /// it said "0 states spent" until 2026-12-04).
    #[test]
    fn an_undetermined_statuses_check_counts_its_states() {
        let case = parse_case(
            "id: nakade
source: {document: test}
checks:
  - name: no-moves
    ruleset: j2003
    position: |
      . # O . O
    solver-budget: 10
    expect:
      strings:
        - {at: B1, status: capturable-1}
",
            "nakade.yaml",
            Some("nakade"),
        )
        .expect("a valid case");
        let status = run_check(
            &case.checks[0],
            &Optimized::default(),
            true,
            &SharedReplays::default(),
        );
        let Status::Ignored(IgnoreReason::Undetermined(u)) = &status else {
            panic!("{status:?}");
        };
        assert!(u.spent >= 10, "{u:?}");
    }

    /// `reference-solver-budget` is the reference's budget alone: a small one leaves the
    /// reference undetermined (ignored, its budget named) while the optimized engine, with
    /// `solver-budget`, decides and passes.
    #[test]
    fn the_reference_runs_with_its_own_solver_budget() {
        let case = nakade_with("solver-budget: 300000\n    reference-solver-budget: 10");
        let shared = SharedReplays::default();
        let status = run_check(&case.checks[0], &Reference, true, &shared);
        assert!(
            matches!(&status, Status::Ignored(IgnoreReason::Undetermined(u)) if u.budget == 10 && u.spent < 1000),
            "{status:?}"
        );
        let status = run_check(&case.checks[0], &Optimized::default(), true, &shared);
        assert_eq!(status, Status::Passed);
        // Without it the reference has `solver-budget` too.
        let status = run_check(
            &nakade(300_000).checks[0],
            &Reference,
            true,
            &SharedReplays::default(),
        );
        assert!(
            matches!(&status, Status::Ignored(IgnoreReason::Undetermined(u)) if u.budget == 300_000),
            "{status:?}"
        );
    }
}
