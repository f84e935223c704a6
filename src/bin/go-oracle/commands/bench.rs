//! `go-oracle bench` (README): the J2003 solver on final-positions, one row per position
//! and engine configuration.

use super::{decided_strings, j2003_analysis, read_diagram};
use crate::error::Exit;
use crate::output::{Column, Table};
use go_oracle::engine::Engine;
use go_oracle::optimized::{Optimized, Switches};
use go_oracle::reference::Reference;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    files: Vec<PathBuf>,
    /// States each status check may visit.
    #[arg(long, default_value_t = 1_000_000)]
    budget: u64,
    /// Also time the reference engine (nodes instead of states).
    #[arg(long)]
    reference: bool,
    /// Only every reduction on (no switched-off runs).
    #[arg(long)]
    quick: bool,
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
    Column::left("score", 0).after(2),
]);

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        files,
        budget,
        reference,
        quick,
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
    let mut configs: Vec<Box<dyn Engine>> = vec![Box::new(Optimized::default())];
    if !quick {
        for name in Switches::J2003_NAMES {
            if let Some(switches) = Switches::without(name) {
                configs.push(Box::new(Optimized { switches }));
            }
        }
    }
    if reference {
        configs.push(Box::new(Reference));
    }
    let mut rows = Vec::new();
    if !json {
        println!("{}", TABLE.header());
    }
    for (file, geometry, position) in &positions {
        let name = file
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        for engine in &configs {
            let (analysis, score, seconds) =
                j2003_analysis(engine.as_ref(), geometry, position, budget)?;
            let decided = decided_strings(&analysis);
            let row = json!({
                "position": name,
                "engine": engine.name(),
                "points": geometry.len(),
                "states": analysis.explored,
                "seconds": seconds,
                "strings": analysis.strings.len(),
                "decided": decided,
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
                        score.map_or("undetermined".to_string(), |s| s.to_string()),
                    ])
                );
                let _ = std::io::stdout().flush();
            }
        }
    }
    if json {
        // One line: a row per position and configuration, as it comes.
        println!("{}", serde_json::Value::Array(rows));
    }
    Ok(())
}
