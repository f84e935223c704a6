//! The corpus: every check of every case file under `oracle-cases/`, on every engine
//! configuration, as one test named `<file>::<check>::<engine>`.
//!
//! `cargo test --test corpus -- fixed-ko` runs the checks whose names contain `fixed-ko`.
//! Checks whose ruleset is not implemented yet, and checks an engine does not support (such
//! as immortality questions beyond the reference's exhaustive search), are listed as
//! ignored with the reason, never dropped.
//!
//! The reference's replays of checks that ask about immortality (slow, exhaustive) are
//! computed once, up front, on every core; a reference replay that stays undetermined
//! within the check's budget makes the reference test ignored, and the optimized tests are
//! then compared with the expectations only.

use go_oracle::engine::Engine;
use go_oracle::parse::case::{load_case, Case, Check};
use go_oracle::parse::InputError;
use go_oracle::reference::Reference;
use go_oracle::runner::{
    all_engines, applicability, case_files, format_failure, is_undetermined, judge, replay,
    rerun_command, test_name, undetermined_reason, CaseProblem, Status, Trace,
};
use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

type Replay = Result<Result<Trace, CaseProblem>, String>;

/// Checks whose replay runs a search that may stay undetermined within its budget.
fn needs_search(check: &Check) -> bool {
    check.black_analysis.is_some()
        || check.white_analysis.is_some()
        || check.expect.immortal_black.is_some()
        || check.expect.immortal_white.is_some()
        || every_engine_searches(check)
}

/// Checks where every engine searches (not only the reference): NAJ optimal-analysis claims
/// and J2003 life and death.
fn every_engine_searches(check: &Check) -> bool {
    check.expect.optimal_scores.iter().any(Option::is_some)
        || check.ruleset == go_oracle::rules::RulesetId::J2003
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("oracle-cases");
    let mut trials = Vec::new();
    let files = case_files(std::slice::from_ref(&root)).unwrap_or_default();
    if files.is_empty() {
        trials.push(Trial::test("corpus-is-not-empty", move || {
            Err(Failed::from(format!(
                "no case files under {}",
                root.display()
            )))
        }));
    }
    let engines: Vec<Arc<dyn Engine>> = all_engines().into_iter().map(Arc::from).collect();
    let reference = Reference;
    let mut cases: Vec<(String, Arc<Case>)> = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&path)
            .display()
            .to_string();
        match load_case(&path) {
            Ok(c) => cases.push((rel, Arc::new(c))),
            Err(e) => {
                let e: InputError = e;
                let name = format!("{}::load", rel.trim_start_matches("oracle-cases/"));
                trials.push(Trial::test(name, move || Err(Failed::from(e.to_string()))));
            }
        }
    }
    // Reference replays: computed up front (in parallel) for the slow checks, lazily for
    // the rest; shared by the reference test and by every optimized test's comparison.
    let slots: Vec<Vec<Arc<OnceLock<Replay>>>> = cases
        .iter()
        .map(|(_, c)| c.checks.iter().map(|_| Arc::new(OnceLock::new())).collect())
        .collect();
    let filter_matches = |name: &str| {
        args.filter
            .as_ref()
            .is_none_or(|f| name.contains(f.as_str()))
    };
    let mut slow: Vec<(usize, usize)> = Vec::new();
    for (i, (_, case)) in cases.iter().enumerate() {
        for (j, check) in case.checks.iter().enumerate() {
            let any_selected = engines
                .iter()
                .any(|e| filter_matches(&test_name(case, check, &e.name())));
            if any_selected && needs_search(check) && applicability(&reference, check).is_ok() {
                slow.push((i, j));
            }
        }
    }
    // Checks that ask the optimal-analysis solver: every other engine's replay is computed
    // up front too, so that one left undetermined within the budget is listed as ignored.
    let mut solver_jobs: Vec<(usize, usize, usize)> = Vec::new();
    for (i, (_, case)) in cases.iter().enumerate() {
        for (j, check) in case.checks.iter().enumerate() {
            if !every_engine_searches(check) {
                continue;
            }
            for (e, engine) in engines.iter().enumerate() {
                if engine.name() != reference.name()
                    && filter_matches(&test_name(case, check, &engine.name()))
                    && applicability(engine.as_ref(), check).is_ok()
                {
                    solver_jobs.push((i, j, e));
                }
            }
        }
    }
    let solver_replays: Mutex<HashMap<(usize, usize, usize), Arc<Replay>>> =
        Mutex::new(HashMap::new());
    let queue = Mutex::new(slow);
    let solver_queue = Mutex::new(solver_jobs);
    std::thread::scope(|scope| {
        for _ in 0..std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
        {
            scope.spawn(|| {
                loop {
                    let next = queue.lock().map(|mut q| q.pop()).ok().flatten();
                    let Some((i, j)) = next else { break };
                    let check = &cases[i].1.checks[j];
                    let _ = slots[i][j].get_or_init(|| replay(&Reference, check));
                }
                loop {
                    let next = solver_queue.lock().map(|mut q| q.pop()).ok().flatten();
                    let Some((i, j, e)) = next else { break };
                    let check = &cases[i].1.checks[j];
                    let r = Arc::new(replay(engines[e].as_ref(), check));
                    if let Ok(mut m) = solver_replays.lock() {
                        m.insert((i, j, e), r);
                    }
                }
            });
        }
    });
    let solver_replays = solver_replays.into_inner().unwrap_or_default();
    for (i, (rel, case)) in cases.iter().enumerate() {
        for (ci, check) in case.checks.iter().enumerate() {
            let slot = Arc::clone(&slots[i][ci]);
            let reference_undetermined =
                matches!(slot.get(), Some(Ok(Ok(t))) if is_undetermined(t));
            for (e, engine) in engines.iter().enumerate() {
                let name = test_name(case, check, &engine.name());
                let is_reference = engine.name() == reference.name();
                let precomputed = solver_replays.get(&(i, ci, e)).cloned();
                let solver_undetermined =
                    matches!(precomputed.as_deref(), Some(Ok(Ok(t))) if is_undetermined(t));
                let ignored = applicability(engine.as_ref(), check).is_err()
                    || (is_reference && reference_undetermined)
                    || solver_undetermined;
                let case = Arc::clone(case);
                let engine = Arc::clone(engine);
                let slot = Arc::clone(&slot);
                let rel = rel.clone();
                let tname = name.clone();
                trials.push(
                    Trial::test(name, move || {
                        let check = &case.checks[ci];
                        let reference_replay = || -> Option<&Trace> {
                            if applicability(&Reference, check).is_err() {
                                return None;
                            }
                            match slot.get_or_init(|| replay(&Reference, check)) {
                                Ok(Ok(t)) if !is_undetermined(t) => Some(t),
                                _ => None,
                            }
                        };
                        let status = if let Err(why) = applicability(engine.as_ref(), check) {
                            Status::Ignored(why)
                        } else if engine.name() == "reference" {
                            let own = slot.get_or_init(|| replay(&Reference, check)).clone();
                            judge(check, "reference", own, None)
                        } else {
                            let own = match &precomputed {
                                Some(r) => (**r).clone(),
                                None => replay(engine.as_ref(), check),
                            };
                            match &own {
                                Ok(Ok(t)) => match undetermined_reason(check, &engine.name(), t) {
                                    Some(why) => Status::Ignored(why),
                                    None => judge(
                                        check,
                                        &engine.name(),
                                        own,
                                        reference_replay().map(|t| ("reference", t)),
                                    ),
                                },
                                _ => judge(
                                    check,
                                    &engine.name(),
                                    own,
                                    reference_replay().map(|t| ("reference", t)),
                                ),
                            }
                        };
                        match status {
                            Status::Passed => Ok(()),
                            Status::Ignored(why) => {
                                Err(Failed::from(format!("not runnable: {why}")))
                            }
                            Status::Failed(f) => {
                                let mut msg = format!(
                                    "check `{}` of {} ({}) failed on {}:\n{}",
                                    check.name,
                                    rel,
                                    check.ruleset,
                                    engine.name(),
                                    format_failure(&engine.name(), &f)
                                );
                                msg.push_str(&format!(
                                    "\ninput: {} to move, start\n{}moves: {}\n",
                                    check.start.to_move,
                                    check.start.position.diagram(&check.geometry),
                                    check
                                        .steps
                                        .iter()
                                        .map(|s| s.text.as_str())
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ));
                                for (against, m) in &f.mismatches {
                                    if m.expected.contains('\n') {
                                        msg.push_str(&format!(
                                            "\n{} (left: {against}, right: {}):\n{}\n",
                                            m.what,
                                            engine.name(),
                                            pretty_assertions::StrComparison::new(
                                                &m.expected,
                                                &m.actual
                                            )
                                        ));
                                    }
                                }
                                msg.push_str(&format!(
                                    "\nrerun: {}\n",
                                    rerun_command(&tname, &rel, &check.name)
                                ));
                                Err(Failed::from(msg))
                            }
                        }
                    })
                    .with_kind(check.ruleset.as_str())
                    .with_ignored_flag(ignored),
                );
            }
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
