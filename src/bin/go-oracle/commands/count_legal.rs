//! `go-oracle count-legal`: the legal positions of a small board, by enumeration.

use super::EngineChoice;
use crate::error::Exit;
use crate::output::print_json;
use go_oracle::parse::diagram::parse_size;
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    size: String,
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineChoice,
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        size,
        engine: choice,
        json,
    } = args;
    let g = parse_size(&size).map_err(|e| Exit::BadInput(e.message.clone()))?;
    let (w, h) = g.rect_size().unwrap_or((0, 0));
    if w * h > 25 {
        return Err(Exit::BadInput(format!(
            "{size}: counting by enumeration is limited to 25 points (3^25 colourings)"
        )));
    }
    let mut counts = Vec::new();
    for engine in choice.engines() {
        let started = std::time::Instant::now();
        let n = if engine.name() == "reference" {
            go_oracle::reference::play::count_legal_positions(&g)
        } else {
            go_oracle::optimized::legal::count_legal_positions(w, h).unwrap_or(0)
        };
        counts.push((engine.name(), n, started.elapsed().as_secs_f64()));
    }
    let agree = counts.windows(2).all(|x| x[0].1 == x[1].1);
    if json {
        print_json(&json!({
            "size": size, "legal_positions": counts[0].1, "engines_agree": agree,
            "engines": counts.iter().map(|(n, c, t)| json!({"engine": n, "count": c, "seconds": t})).collect::<Vec<_>>(),
        }));
    } else {
        for (n, c, t) in &counts {
            println!("{n}: {c} legal positions on {size} ({t:.2} s)");
        }
    }
    if agree {
        Ok(())
    } else {
        Err(Exit::Failed)
    }
}
