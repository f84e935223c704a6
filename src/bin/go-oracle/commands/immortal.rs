//! `go-oracle immortal`: NAJ N-17, the immortal stones of each colour in a diagram.

use super::{read_legal_diagram, EngineChoice};
use crate::error::{verdict_exit, verdict_of, Exit};
use crate::output::print_json;
use go_oracle::engine::Answer;
use go_oracle::geometry::Colour;
use serde_json::json;
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
    let mut per_engine = Vec::new();
    for engine in choice.engines() {
        let mut colours = serde_json::Map::new();
        let mut undetermined = serde_json::Map::new();
        for player in [Colour::Black, Colour::White] {
            match engine
                .naj()
                .and_then(|q| q.immortal(&geometry, &position, player, budget))?
            {
                Answer::Decided(v) => {
                    colours.insert(player.name().to_string(), json!(rows(&v)));
                }
                Answer::Undetermined { explored } => {
                    colours.insert(player.name().to_string(), serde_json::Value::Null);
                    undetermined.insert(
                        player.name().to_string(),
                        json!({"explored": explored, "budget": budget}),
                    );
                }
            }
        }
        per_engine.push((engine.name(), colours, undetermined));
    }
    // Engines agree on every colour both decided.
    let mut agree = true;
    for player in ["black", "white"] {
        let decided: Vec<&serde_json::Value> = per_engine
            .iter()
            .map(|(_, c, _)| &c[player])
            .filter(|v| !v.is_null())
            .collect();
        if decided.windows(2).any(|w| w[0] != w[1]) {
            agree = false;
        }
    }
    let pick = |player: &str| {
        per_engine
            .iter()
            .map(|(_, c, _)| c[player].clone())
            .find(|v| !v.is_null())
            .unwrap_or(serde_json::Value::Null)
    };
    if json {
        let engines_json: serde_json::Map<String, serde_json::Value> = per_engine
            .iter()
            .map(|(n, c, u)| {
                (
                    n.clone(),
                    json!({"black": c["black"], "white": c["white"], "undetermined": u}),
                )
            })
            .collect();
        print_json(&json!({
            "black": pick("black"), "white": pick("white"),
            "engines_agree": agree, "engines": engines_json,
            "verdict": verdict_of(agree, per_engine.iter().any(|(_, _, u)| !u.is_empty())).as_str(),
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
    verdict_exit(verdict_of(
        agree,
        per_engine.iter().any(|(_, _, u)| !u.is_empty()),
    ))
}
