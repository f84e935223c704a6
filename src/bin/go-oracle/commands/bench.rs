//! `go-oracle bench` (docs/cli.md, docs/benchmarks.md): the J2003 solver on final-positions, one row per position
//! and engine configuration.

use super::read_diagram;
use crate::error::Exit;
use crate::output::{Column, Table};
use go_oracle::engine::Engine;
use go_oracle::geometry::{Geometry, Position};
use go_oracle::optimized::{Optimized, Switches};
use go_oracle::reference::Reference;
use go_oracle::rules::Family;
use go_oracle::status_game::Analysis;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    files: Vec<PathBuf>,
    /// States each status check may visit (the safety screen may also examine as many
    /// positions of its local games).
    #[arg(long, default_value_t = 1_000_000)]
    budget: u64,
    /// Also time the reference engine (nodes instead of states).
    #[arg(long)]
    reference: bool,
    /// Only every reduction on (no switched-off runs).
    #[arg(long)]
    quick: bool,
    /// Switch this reduction off in the first configuration (repeatable; any name of
    /// `Switches::NAMES`, e.g. j2003-dfpn or ko-bracketing).
    #[arg(long, value_name = "SWITCH")]
    without: Vec<String>,
    #[arg(long)]
    json: bool,
}

/// One row per position and engine configuration.
const TABLE: Table = Table(&[
    Column::left("position", 48),
    Column::left("engine", 44),
    Column::right("states", 12),
    Column::right("seconds", 9),
    Column::right("decided", 8),
    Column::right("checks", 7),
    Column::right("states/check", 13),
    Column::right("s/check", 8),
    Column::left("score", 0).after(2),
]);

/// The totals of one engine configuration over every position.
#[derive(Default)]
struct Total {
    states: u64,
    seconds: f64,
    decided: usize,
    strings: usize,
    checks: u64,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        files,
        budget,
        reference,
        quick,
        without,
        json,
    } = args;
    let files = if files.is_empty() {
        let dir = PathBuf::from("benches/j2003-positions");
        let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| Exit::BadInput(format!("{}: cannot read: {e}", dir.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        v.sort();
        v
    } else {
        files
    };
    let positions = files
        .iter()
        .map(|f| read_diagram(f).map(|(g, p)| (f, g, p)))
        .collect::<Result<Vec<_>, Exit>>()?;
    let first = super::switches_without(&without)?;
    let mut configs: Vec<Box<dyn Engine>> = vec![Box::new(Optimized { switches: first })];
    if !quick {
        // Each reduction of the analysis off in turn; `j19-ko-stone-screen` judges ending
        // passes (spec j2003-solver.md J19-L1) and leaves the analysis measured here unchanged.
        for name in Switches::names_of(Family::J2003) {
            if name == "j19-ko-stone-screen" {
                continue;
            }
            if let Some(switches) = Switches::without(name) {
                configs.push(Box::new(Optimized { switches }));
            }
        }
    }
    if reference {
        configs.push(Box::new(Reference));
    }
    let mut rows = Vec::new();
    let mut totals: Vec<Total> = configs.iter().map(|_| Total::default()).collect();
    if !json {
        println!("{}", TABLE.header());
    }
    for (file, geometry, position) in &positions {
        let name = file
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        for (engine, total) in configs.iter().zip(&mut totals) {
            let (analysis, score, seconds) =
                j2003_analysis(engine.as_ref(), geometry, position, budget)?;
            let decided = decided_strings(&analysis);
            total.states += analysis.explored;
            total.seconds += seconds;
            total.decided += decided;
            total.strings += analysis.strings.len();
            total.checks += analysis.checks;
            let per_check = analysis.checks.max(1);
            let row = json!({
                "position": name,
                "engine": engine.name(),
                "points": geometry.len(),
                "states": analysis.explored,
                "seconds": seconds,
                "strings": analysis.strings.len(),
                "decided": decided,
                "checks": analysis.checks,
                "board_score": score,
            });
            if json {
                rows.push(row);
            } else {
                println!(
                    "{}",
                    TABLE.row(&[
                        name.clone(),
                        engine.name(),
                        analysis.explored.to_string(),
                        format!("{seconds:.2}"),
                        format!("{decided:>4}/{:<3}", analysis.strings.len()),
                        analysis.checks.to_string(),
                        (analysis.explored / per_check).to_string(),
                        format!("{:.3}", seconds / per_check as f64),
                        score.map_or("undetermined".to_string(), |s| s.to_string()),
                    ])
                );
                let _ = std::io::stdout().flush();
            }
        }
    }
    if !json {
        for (engine, t) in configs.iter().zip(&totals) {
            let per_check = t.checks.max(1);
            println!(
                "{}",
                TABLE.row(&[
                    "total".to_string(),
                    engine.name(),
                    t.states.to_string(),
                    format!("{:.2}", t.seconds),
                    format!("{:>4}/{:<3}", t.decided, t.strings),
                    t.checks.to_string(),
                    (t.states / per_check).to_string(),
                    format!("{:.3}", t.seconds / per_check as f64),
                    String::new(),
                ])
            );
        }
    }
    if json {
        // One line: a row per position and configuration, as it comes.
        println!("{}", serde_json::Value::Array(rows));
    }
    Ok(())
}

/// How many strings of an analysis have a status (the others are undetermined).
pub fn decided_strings(a: &Analysis) -> usize {
    a.strings.iter().filter(|s| s.status.is_some()).count()
}

/// One engine's J2003 analysis of a final-position (J-52), the board part of its score
/// when every status is decided (J-64), and the seconds the analysis took.
pub fn j2003_analysis(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<(Analysis, Option<i64>, f64), Exit> {
    let started = std::time::Instant::now();
    let analysis = go_oracle::procedure::j2003::analyse(engine, geometry, position, budget)?;
    let seconds = started.elapsed().as_secs_f64();
    let board = if analysis.is_decided() {
        Some(engine.j2003()?.board_score(
            geometry,
            position,
            &analysis.status_at(geometry.len()),
        )?)
    } else {
        None
    };
    Ok((analysis, board, seconds))
}
