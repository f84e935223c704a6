//! `go-oracle report`: the corpus report, one self-contained HTML page (discrepancies with
//! the sources, counts per ruleset and engine, every case with its diagrams, replays and
//! verdicts, one position under several rulesets side by side).

use super::{write_output, EngineChoice};
use crate::error::Exit;
use crate::output::Progress;
use go_oracle::parse::case::Check;
use go_oracle::report::{html, Report, Sources};
use go_oracle::runner::{run_checks, Status};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Case files or directories (default: oracle-cases/).
    paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    /// Checks run at the same time (0: one per core).
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// The folder the cases' `source.document` paths are relative to (the seeds' `shared/`;
    /// default: `../shared` or `shared`, the first that exists). Without it the seed lines
    /// are not shown.
    #[arg(long)]
    sources: Option<PathBuf>,
    /// The HTML file to write; `-` for stdout.
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from("oracle-cases")]
    } else {
        args.paths.clone()
    };
    let sources = match &args.sources {
        Some(dir) if dir.is_dir() => Some(dir.clone()),
        Some(dir) => {
            return Err(Exit::BadInput(format!(
                "--sources {}: not a folder",
                dir.display()
            )))
        }
        None => ["../shared", "shared"]
            .iter()
            .map(PathBuf::from)
            .find(|d| d.join("seeds").is_dir()),
    };
    let cases = super::load_corpus(&paths)?;
    let checks: Vec<&Check> = cases.iter().flat_map(|c| c.checks.iter()).collect();
    let progress = Progress::new(args.output.as_os_str() == "-");
    let engines = args.engine.engines();
    let runs = run_checks(
        &checks,
        &engines,
        args.engine.compare(),
        args.jobs,
        &|done| progress.step(done, checks.len(), "checks done"),
    );
    progress.clear();
    let command = std::iter::once("go-oracle report".to_string())
        .chain(paths.iter().map(|p| p.display().to_string()))
        .collect::<Vec<_>>()
        .join(" ");
    let report = Report::build(
        &cases,
        &runs,
        Sources {
            dir: sources.as_deref(),
        },
        command,
    );
    let page = html::page(&report);
    write_output(&args.output, &page)?;
    let [passed, failed, ignored] = report.totals();
    if args.output.as_os_str() != "-" {
        eprintln!(
            "{}: {} files, {} checks: {passed} passed, {failed} failed, {ignored} ignored{}",
            args.output.display(),
            cases.len(),
            checks.len(),
            if sources.is_none() {
                "; seed lines not shown (no sources folder: --sources DIR)"
            } else {
                ""
            }
        );
    }
    let any_failed = runs.iter().any(|r| {
        r.verdicts
            .iter()
            .any(|(_, s)| matches!(s, Status::Failed(_)))
    });
    if any_failed {
        Err(Exit::Failed)
    } else {
        Ok(())
    }
}
