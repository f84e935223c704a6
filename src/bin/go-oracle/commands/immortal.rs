//! `go-oracle immortal`: NAJ N-17, the immortal stones of each colour in a diagram.

use super::{read_legal_diagram, EngineChoice};
use crate::error::{verdict_exit, Exit};
use crate::output::print_json;
use go_oracle::engine::{Answer, Spent};
use go_oracle::geometry::Colour;
use go_oracle::session::VerdictKind;
use serde_json::{json, Value};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    diagram_file: PathBuf,
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    /// Positions the reference's search may explore per colour.
    #[arg(long, default_value_t = 20_000)]
    budget: u64,
    #[arg(long)]
    json: bool,
}

/// One engine's section: its name, each colour's rows (null when undetermined), and what
/// ran out of budget.
type PerEngine = (
    String,
    serde_json::Map<String, Value>,
    serde_json::Map<String, Value>,
);

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        diagram_file: file,
        engine: choice,
        budget,
        json,
    } = args;
    let (geometry, position) = read_legal_diagram(
        &file,
        "immortality (NAJ N-17) is defined on legal positions",
    )?;
    let w = geometry.rect_size().map(|s| s.0).unwrap_or(1);
    let rows = |v: &[bool]| -> Vec<String> {
        v.chunks(w)
            .map(|r| r.iter().map(|&x| if x { 'X' } else { '.' }).collect())
            .collect()
    };
    let answer = go_oracle::session::ask::naj::immortal(
        &choice.shared_engines(),
        &geometry,
        &position,
        budget,
    )?;
    let rows_of = |a: Option<&Vec<bool>>| a.map(|v| json!(rows(v))).unwrap_or(Value::Null);
    // Per engine: each colour's rows (null when undetermined), and what ran out.
    let per_engine: Vec<PerEngine> = answer
        .engines
        .iter()
        .map(|e| {
            let mut colours = serde_json::Map::new();
            let mut undetermined = serde_json::Map::new();
            for (player, a) in [Colour::Black, Colour::White].iter().zip(&e.answer) {
                let decided = match a {
                    Answer::Decided(v) => Some(v),
                    Answer::Undetermined(Spent { explored }) => {
                        undetermined.insert(
                            player.name().to_string(),
                            json!({"explored": explored, "budget": budget}),
                        );
                        None
                    }
                };
                colours.insert(player.name().to_string(), rows_of(decided));
            }
            (e.engine.clone(), colours, undetermined)
        })
        .collect();
    let verdict = answer.verdict;
    if json {
        let engines_json: serde_json::Map<String, Value> = per_engine
            .iter()
            .map(|(n, c, u)| {
                (
                    n.clone(),
                    json!({"black": c["black"], "white": c["white"], "undetermined": u}),
                )
            })
            .collect();
        print_json(&json!({
            "black": rows_of(answer.colours[0].shown()),
            "white": rows_of(answer.colours[1].shown()),
            "engines_agree": verdict != VerdictKind::Disagreed, "engines": engines_json,
            "verdict": verdict.as_str(),
        }));
    } else {
        for (name, c, u) in &per_engine {
            println!("{name}:");
            for player in ["black", "white"] {
                match c[player].as_array() {
                    Some(rows) => {
                        println!("  immortal {player} stones:");
                        for r in rows {
                            println!("    {}", r.as_str().unwrap_or(""));
                        }
                    }
                    None => println!("  {player}: undetermined within budget ({})", u[player]),
                }
            }
        }
    }
    verdict_exit(verdict)
}
