//! The corpus: every check of every case file under `oracle-cases/`, on every engine
//! configuration, as one test named `<file>::<check>::<engine>`.
//!
//! `cargo test --test corpus -- fixed-ko` runs the checks whose names contain `fixed-ko`.
//! Checks whose ruleset is not implemented yet, checks an engine does not support (such as
//! a general-graph board on the optimized engine), and checks a search leaves undetermined
//! within the case's budget are listed as ignored with the reason, never dropped.
//!
//! Each check's replays that several tests need (the reference's, the optimized engine's
//! with every speed-up on) are made once, by the first test that needs them
//! (`runner::SharedReplays`); tests run on every core. A test whose engine leaves the check
//! undetermined within its budget is ignored at run time with the reason.

/// The allocator of the binary (`src/bin/go-oracle/main.rs`): the searches allocate per node.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use go_oracle::engine::Engine;
use go_oracle::parse::case::{load_case, Case, Check, FamilyCheck};
use go_oracle::parse::InputError;
use go_oracle::reference::Reference;
use go_oracle::runner::{
    all_engines, case_files, concerns, format_failure, rerun_command, run_check, test_name,
    Failure, SharedReplays, Status,
};
use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::path::PathBuf;
use std::sync::Arc;

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
    // Checks that search (J2003 statuses, NAJ analyses and immortality) first, so that the
    // longest tests do not start last; and the reference's tests of those checks before all
    // others: every other test of a check waits for the reference's replay to compare with
    // it, so a reference replay started early keeps the cores busy (started beside its own
    // check's optimized test, it left a core waiting: 15 s on `score-forget`).
    let mut order: Vec<(usize, usize)> = cases
        .iter()
        .enumerate()
        .flat_map(|(i, (_, c))| (0..c.checks.len()).map(move |j| (i, j)))
        .collect();
    order.sort_by_key(|&(i, j)| !searches(&cases[i].1.checks[j]));
    let real_games_switched_off = std::env::var(REAL_GAMES_SWITCHED_OFF).is_ok_and(|v| v == "1");
    let mut later = Vec::new();
    for (i, ci) in order {
        let (rel, case) = &cases[i];
        let check = &case.checks[ci];
        let shared = Arc::new(SharedReplays::default());
        for engine in engines.iter().filter(|e| concerns(&e.name(), check)) {
            let name = test_name(case, check, &engine.name());
            if !real_games_switched_off
                && case.file.tags.iter().any(|t| t == "real-game")
                && engine.name().starts_with("optimized-without-")
            {
                trials.push(
                    Trial::ignorable_test(name, || {
                        Ok(Completion::ignored_with(format!(
                            "a real game end with a speed-up switched off: run by .ci/run ({REAL_GAMES_SWITCHED_OFF}=1)"
                        )))
                    })
                    .with_kind(check.ruleset.as_str()),
                );
                continue;
            }
            let first = searches(check) && engine.name() == Reference.name();
            let trials = if first { &mut trials } else { &mut later };
            let case = Arc::clone(case);
            let engine = Arc::clone(engine);
            let shared = Arc::clone(&shared);
            let rel = rel.clone();
            let tname = name.clone();
            trials.push(
                Trial::ignorable_test(name, move || {
                    let check = &case.checks[ci];
                    match run_check(check, engine.as_ref(), true, &shared) {
                        Status::Passed => Ok(Completion::Completed),
                        Status::Ignored(why) => Ok(Completion::ignored_with(why)),
                        Status::Failed(f) => Err(Failed::from(failure_message(
                            check,
                            &rel,
                            &engine.name(),
                            &tname,
                            &f,
                        ))),
                    }
                })
                .with_kind(check.ruleset.as_str()),
            );
        }
    }
    trials.extend(later);
    let conclusion = libtest_mimic::run(&args, trials);
    // A run that selected checks and ignored every one of them checked nothing: a failure.
    if conclusion.num_ignored > 0 && conclusion.num_passed == 0 && conclusion.num_failed == 0 {
        eprintln!(
            "nothing was checked: all {} selected tests (check and engine) were ignored",
            conclusion.num_ignored
        );
        std::process::exit(1);
    }
    conclusion.exit();
}

/// The variable that runs the checks of real game ends (cases tagged `real-game`) on the
/// configurations with a speed-up switched off too. Each such check searches a whole 9x9 to
/// 19x19 board once per configuration (four minutes for the 19x19 games alone), so
/// `cargo test` shows them as ignored with this reason and `.ci/run` runs them in a step of
/// their own.
const REAL_GAMES_SWITCHED_OFF: &str = "GO_ORACLE_REAL_GAMES_SWITCHED_OFF";

/// Whether a check's replay runs a search (slow, budgeted).
fn searches(check: &Check) -> bool {
    match &check.family {
        FamilyCheck::Naj(n) => {
            n.black_analysis.is_some()
                || n.white_analysis.is_some()
                || n.immortal.iter().any(Option::is_some)
                || n.optimal_scores.iter().any(Option::is_some)
        }
        FamilyCheck::J2003(_) => true,
        FamilyCheck::Play(_) | FamilyCheck::Ljr(_) | FamilyCheck::Vjr(_) => false,
    }
}

/// A failed test's message: each mismatch side by side, the input, and the rerun command.
fn failure_message(check: &Check, rel: &str, engine: &str, test: &str, f: &Failure) -> String {
    let mut msg = format!(
        "check `{}` of {} ({}) failed on {}:\n{}",
        check.name,
        rel,
        check.ruleset,
        engine,
        format_failure(engine, f)
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
                "\n{} (left: {against}, right: {engine}):\n{}\n",
                m.what,
                pretty_assertions::StrComparison::new(&m.expected, &m.actual)
            ));
        }
    }
    msg.push_str(&format!(
        "\nrerun: {}\n",
        rerun_command(test, rel, &check.name)
    ));
    msg
}
