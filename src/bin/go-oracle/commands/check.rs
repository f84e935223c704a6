//! `go-oracle check`: every check of the case files on the engines, as a table or JSON.

use super::EngineChoice;
use crate::error::Exit;
use crate::output::{print_json, status_word, Column, Progress, Table};
use go_oracle::parse::case::{Case, Check};
use go_oracle::runner::{format_failure, run_checks, Status};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Case files or directories.
    paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Checks run at the same time (0: one per core).
    #[arg(long, default_value_t = 0)]
    jobs: usize,
}

/// Checks passed, failed and ignored, by ruleset and engine.
const TABLE: Table = Table(&[
    Column::left("ruleset", 15),
    Column::left("engine", 38),
    Column::right("passed", 7),
    Column::right("failed", 7),
    Column::right("ignored", 8),
]);

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        paths,
        engine: choice,
        json,
        jobs,
    } = args;
    let cases = super::load_corpus(&paths)?;
    let engines = choice.engines();
    let total_checks: usize = cases.iter().map(|c| c.checks.len()).sum();
    let progress = Progress::new(json);
    let mut entries = Vec::new();
    // (ruleset, engine) -> [passed, failed, ignored]
    let mut table: BTreeMap<(String, String), [usize; 3]> = BTreeMap::new();
    let (mut passed, mut failed, mut ignored) = (0, 0, 0);
    let mut reports = Vec::new();
    let checks: Vec<(&Case, &Check)> = cases
        .iter()
        .flat_map(|case| case.checks.iter().map(move |check| (case, check)))
        .collect();
    let only_checks: Vec<&Check> = checks.iter().map(|(_, c)| *c).collect();
    let runs = run_checks(&only_checks, &engines, choice.compare(), jobs, &|done| {
        progress.step(done, total_checks, "checks done")
    });
    let mut slowest: Vec<(f64, String)> = Vec::new();
    for ((case, check), run) in checks.iter().zip(runs) {
        let mut per_engine = serde_json::Map::new();
        let overall = run.overall();
        for (engine, status) in run.verdicts {
            let slot = table
                .entry((check.ruleset.to_string(), engine.clone()))
                .or_insert([0; 3]);
            match &status {
                Status::Passed => slot[0] += 1,
                Status::Failed(f) => {
                    slot[1] += 1;
                    reports.push(format!(
                        "FAILED {}::{} on {}\n{}  rerun: go-oracle explain {} --check {}\n",
                        case.path,
                        check.name,
                        engine,
                        format_failure(&engine, f),
                        case.path,
                        check.name
                    ));
                }
                Status::Ignored(_) => slot[2] += 1,
            }
            let mut entry = json!({"status": status_word(&status)});
            if let Status::Ignored(why) = &status {
                entry["reason"] = json!(why.to_string());
                entry["reason_kind"] = json!(why.kind());
                if let Some(u) = why.undetermined() {
                    entry["budget"] = json!(u.budget);
                    entry["spent"] = json!(u.spent);
                }
            }
            if let Status::Failed(f) = &status {
                entry["message"] = json!(format_failure(&engine, f));
            }
            per_engine.insert(engine, entry);
        }
        match overall {
            Status::Passed => passed += 1,
            Status::Failed(_) => failed += 1,
            Status::Ignored(_) => ignored += 1,
        }
        slowest.push((run.seconds, format!("{}::{}", case.path, check.name)));
        entries.push(json!({
            "file": case.path,
            "case": case.file.id,
            "check": check.name,
            "ruleset": check.ruleset.as_str(),
            "status": status_word(&overall),
            "discrepancy": check.has_discrepancy,
            "seconds": run.seconds,
            "engines": per_engine,
        }));
    }
    progress.clear();
    let total = passed + failed + ignored;
    if json {
        let table_json: Vec<_> = table
            .iter()
            .map(|((r, e), c)| json!({"ruleset": r, "engine": e, "passed": c[0], "failed": c[1], "ignored": c[2]}))
            .collect();
        print_json(&json!({
            "total": total, "passed": passed, "failed": failed, "ignored": ignored,
            "files": cases.len(), "table": table_json, "checks": entries,
        }));
    } else {
        for r in &reports {
            println!("{r}");
        }
        println!("{}", TABLE.header());
        for ((r, e), c) in &table {
            let counts = c.map(|n| n.to_string());
            println!("{}", TABLE.row(&[r, e, &counts[0], &counts[1], &counts[2]]));
        }
        println!(
            "\n{} files, {total} checks: {passed} passed, {failed} failed, {ignored} ignored",
            cases.len()
        );
        slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
        println!("\nslowest checks (seconds, all engines):");
        for (seconds, name) in slowest.iter().take(5) {
            println!("{seconds:>9.2}  {name}");
        }
    }
    if failed > 0 {
        Err(Exit::Failed)
    } else if total > 0 && passed == 0 {
        // Every selected check was ignored: nothing was checked, which is no success.
        eprintln!("nothing was checked: all {total} selected checks were ignored");
        Err(Exit::Failed)
    } else {
        Ok(())
    }
}
