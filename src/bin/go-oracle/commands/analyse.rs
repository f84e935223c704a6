//! `go-oracle analyse`: the NAJ black- and white-analysis values under optimal play from a
//! final-position, each with one optimal line, and the optimal score.

use super::{read_legal_diagram, EngineChoice, FINAL_POSITION_IS_LEGAL};
use crate::error::{verdict_exit, verdict_of, Exit};
use crate::output::{fmt_number, line_text, print_json, result_text};
use go_oracle::engine::Answer;
use go_oracle::geometry::Colour;
use go_oracle::procedure::naj::{solve, Budget, Switches};
use go_oracle::rules::RulesetId;
use serde_json::json;
use std::collections::BTreeMap;
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
    /// immortality tests explore (spec naj.md SOLVE-5).
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
    let rules = RulesetId::Naj
        .analysis_rules()
        .ok_or_else(|| Exit::BadInput("naj has no analyses".into()))?;
    let mut report = serde_json::Map::new();
    let mut values: BTreeMap<(String, &'static str), Option<i64>> = BTreeMap::new();
    for engine in choice.engines() {
        let mut per = serde_json::Map::new();
        for &colour in &colours {
            let key = format!("{}-analysis", colour.name());
            let started = std::time::Instant::now();
            let answer = solve(
                engine.as_ref(),
                &geometry,
                &rules,
                &position,
                colour,
                budget,
                switches,
            )?;
            let seconds = started.elapsed().as_secs_f64();
            let entry = match &answer {
                Answer::Decided(s) => {
                    values.insert((engine.name(), colour.name()), Some(s.value));
                    json!({"value": s.value, "line": line_text(&geometry, colour.opponent(), &s.line),
                           "nodes": s.nodes, "seconds": seconds})
                }
                Answer::Undetermined { explored } => {
                    values.insert((engine.name(), colour.name()), None);
                    json!({"value": null, "undetermined": {"explored": explored, "budget": budget.nodes},
                           "seconds": seconds})
                }
            };
            if !json {
                match &answer {
                    Answer::Decided(s) => println!(
                        "{}: {key} value {} ({} states, {seconds:.2} s)\n  line: {}",
                        engine.name(),
                        s.value,
                        s.nodes,
                        line_text(&geometry, colour.opponent(), &s.line)
                    ),
                    Answer::Undetermined { explored } => println!(
                        "{}: {key} undetermined within budget {} ({explored} spent, {seconds:.2} s)",
                        engine.name(),
                        budget.nodes
                    ),
                }
            }
            per.insert(key, entry);
        }
        report.insert(engine.name(), serde_json::Value::Object(per));
    }
    // Engines agree on every value both decided.
    let mut agree = true;
    let mut pick: BTreeMap<&'static str, i64> = BTreeMap::new();
    for ((_, colour), v) in &values {
        if let Some(v) = v {
            if let Some(old) = pick.insert(colour, *v) {
                agree &= old == *v;
            }
        }
    }
    let score = match (pick.get("black"), pick.get("white")) {
        (Some(b), Some(w)) => Some((b - w + prisoner_difference) as f64 - komi),
        _ => None,
    };
    if json {
        print_json(&json!({
            "black_analysis_value": pick.get("black"),
            "white_analysis_value": pick.get("white"),
            "score": score,
            "result": score.map(result_text),
            "engines_agree": agree,
            "verdict": verdict_of(agree, values.values().any(Option::is_none)).as_str(),
            "engines": report,
        }));
    } else if let Some(s) = score {
        println!(
            "optimal score: {} - {} + {prisoner_difference} - {} = {} ({})",
            pick["black"],
            pick["white"],
            fmt_number(komi),
            fmt_number(s),
            result_text(s)
        );
    }
    verdict_exit(verdict_of(agree, values.values().any(Option::is_none)))
}
