//! The corpus: every check of every case file under `oracle-cases/`, on every engine
//! configuration, as one test named `<file>::<check>::<engine>`.
//!
//! `cargo test --test corpus -- fixed-ko` runs the checks whose names contain `fixed-ko`.
//! Checks whose ruleset is not implemented yet are listed as ignored, never dropped.

use go_oracle::engine::Engine;
use go_oracle::parse::case::load_case;
use go_oracle::reference::Reference;
use go_oracle::runner::{
    all_engines, case_files, format_failure, rerun_command, run_check, test_name, Status,
};
use libtest_mimic::{Arguments, Failed, Trial};
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
    let reference: Arc<dyn Engine> = Arc::new(Reference);
    for path in files {
        let rel = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&path)
            .display()
            .to_string();
        let case = match load_case(&path) {
            Ok(c) => c,
            Err(e) => {
                let name = format!("{}::load", rel.trim_start_matches("oracle-cases/"));
                trials.push(Trial::test(name, move || Err(Failed::from(e.to_string()))));
                continue;
            }
        };
        let case = Arc::new(case);
        for (ci, check) in case.checks.iter().enumerate() {
            for engine in &engines {
                let name = test_name(&case, check, &engine.name());
                let ignored = match &check.rules {
                    None => true,
                    Some(r) => engine.start(&check.geometry, r, &check.start).is_err(),
                };
                let case = Arc::clone(&case);
                let engine = Arc::clone(engine);
                let reference = Arc::clone(&reference);
                let rel = rel.clone();
                let tname = name.clone();
                trials.push(
                    Trial::test(name, move || {
                        let check = &case.checks[ci];
                        match run_check(check, engine.as_ref(), Some(reference.as_ref())) {
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
