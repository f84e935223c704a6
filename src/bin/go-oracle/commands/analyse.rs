//! `go-oracle analyse`: the NAJ black- and white-analysis values under optimal play from a
//! final-position, each with one optimal line, and the optimal score.

use super::{read_legal_diagram, EngineChoice, FINAL_POSITION_IS_LEGAL};
use crate::error::{verdict_exit, Exit};
use crate::output::{fmt_number, line_text, print_json, result_text};
use go_oracle::engine::{Answer, Spent};
use go_oracle::geometry::Colour;
use go_oracle::session::ask::naj::{AnalysisQuestion, Budget, Switches};
use go_oracle::session::VerdictKind;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    diagram_file: PathBuf,
    /// Which analysis: black, white or both.
    #[arg(long, default_value = "both")]
    analysis: String,
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineChoice,
    /// Work the search may spend per analysis: game states plus the positions its
    /// immortality tests explore (spec naj-solver.md SOLVE-5).
    #[arg(long, default_value_t = 1_000_000)]
    budget: u64,
    /// Positions each immortality test of the reference may explore.
    #[arg(long, default_value_t = 200_000)]
    immortal_budget: u64,
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    komi: f64,
    /// Switch solver speed-ups off (comma-separated: bounds, transpositions).
    #[arg(long, value_delimiter = ',')]
    without: Vec<String>,
    /// Prisoner-difference of the alternation (for the optimal score).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    prisoner_difference: i64,
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        diagram_file: file,
        analysis,
        engine: choice,
        budget,
        immortal_budget,
        komi,
        without,
        prisoner_difference,
        json,
    } = args;
    let budget = Budget {
        nodes: budget,
        immortal: immortal_budget,
    };
    let colours: Vec<Colour> = match analysis.to_ascii_lowercase().as_str() {
        "black" | "b" => vec![Colour::Black],
        "white" | "w" => vec![Colour::White],
        "both" => vec![Colour::Black, Colour::White],
        other => {
            return Err(Exit::BadInput(format!(
                "--analysis: expected black, white or both, found `{other}`"
            )))
        }
    };
    let mut switches = Switches::default();
    for w in &without {
        match w.as_str() {
            "bounds" => switches.bounds = false,
            "transpositions" => switches.transpositions = false,
            other => {
                return Err(Exit::BadInput(format!(
                    "--without: expected bounds or transpositions, found `{other}`"
                )))
            }
        }
    }
    let (geometry, position) = read_legal_diagram(&file, FINAL_POSITION_IS_LEGAL)?;
    let answer = go_oracle::session::ask::naj::analyses(
        &choice.shared_engines(),
        &geometry,
        &position,
        &AnalysisQuestion {
            colours,
            budget,
            switches,
            prisoner_difference,
            komi,
        },
    )?;
    let mut report = serde_json::Map::new();
    for e in &answer.engines {
        let mut per = serde_json::Map::new();
        for run in &e.answer {
            let (colour, seconds) = (run.colour, run.seconds);
            let key = format!("{}-analysis", colour.name());
            let entry = match &run.answer {
                Answer::Decided(s) => {
                    json!({"value": s.value, "line": line_text(&geometry, colour.opponent(), &s.line),
                           "nodes": s.nodes, "seconds": seconds})
                }
                Answer::Undetermined(Spent { explored }) => {
                    json!({"value": null, "undetermined": {"explored": explored, "budget": budget.nodes},
                           "seconds": seconds})
                }
            };
            if !json {
                match &run.answer {
                    Answer::Decided(s) => println!(
                        "{}: {key} value {} ({} states, {seconds:.2} s)\n  line: {}",
                        e.engine,
                        s.value,
                        s.nodes,
                        line_text(&geometry, colour.opponent(), &s.line)
                    ),
                    Answer::Undetermined(Spent { explored }) => println!(
                        "{}: {key} undetermined within budget {} ({explored} spent, {seconds:.2} s)",
                        e.engine, budget.nodes
                    ),
                }
            }
            per.insert(key, entry);
        }
        report.insert(e.engine.clone(), serde_json::Value::Object(per));
    }
    let (black, white) = (answer.value(Colour::Black), answer.value(Colour::White));
    let score = answer.score();
    let verdict = answer.verdict;
    if json {
        print_json(&json!({
            "black_analysis_value": black,
            "white_analysis_value": white,
            "score": score,
            "result": score.map(result_text),
            "engines_agree": verdict != VerdictKind::Disagreed,
            "verdict": verdict.as_str(),
            "engines": report,
        }));
    } else if let (Some(s), Some(b), Some(w)) = (score, black, white) {
        println!(
            "optimal score: {b} - {w} + {prisoner_difference} - {} = {} ({})",
            fmt_number(komi),
            fmt_number(s),
            result_text(s)
        );
    }
    verdict_exit(verdict)
}
