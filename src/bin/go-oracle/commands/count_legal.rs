//! `go-oracle count-legal`: the legal positions of a small board, by enumeration.

use super::EngineChoice;
use crate::error::Exit;
use crate::output::print_json;
use go_oracle::parse::diagram::parse_size;
use go_oracle::session::VerdictKind;
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
    let answer = go_oracle::session::ask::solve::legal_positions(&choice.shared_engines(), &g)?;
    let verdict = answer.verdict;
    if json {
        print_json(&json!({
            "size": size,
            "legal_positions": answer.engines.first().map(|e| e.answer),
            "engines_agree": verdict != VerdictKind::Disagreed,
            "verdict": verdict.as_str(),
            "engines": answer.engines.iter().map(|e| json!({"engine": e.engine, "count": e.answer, "seconds": e.seconds})).collect::<Vec<_>>(),
        }));
    } else {
        for e in &answer.engines {
            println!(
                "{}: {} legal positions on {size} ({:.2} s)",
                e.engine, e.answer, e.seconds
            );
        }
    }
    // Counting is no search: the engines agree or disagree (exit 1), never undetermined.
    match verdict {
        VerdictKind::Agreed => Ok(()),
        _ => Err(Exit::Failed),
    }
}
