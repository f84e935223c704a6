//! `go-oracle score`: the area score of a diagram under a ruleset.

use super::{read_diagram, ruleset_rules, GameOptions};
use crate::error::{verdict_exit, Exit};
use crate::output::{fmt_number, print_json};
use go_oracle::engine::Start;
use go_oracle::geometry::Colour;
use go_oracle::rules::RulesetId;
use go_oracle::session::{Config, Session, Verdict};
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum)]
    ruleset: RulesetId,
    #[command(flatten)]
    options: GameOptions,
    diagram_file: PathBuf,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        ruleset,
        options,
        diagram_file: file,
    } = args;
    ruleset_rules(ruleset)?;
    let komi = options.komi()?;
    let (geometry, position) = read_diagram(&file)?;
    let mut session = Session::new(
        Config {
            ruleset,
            patch: Default::default(),
            komi,
            budget: 0,
            independent_life: Default::default(),
            engines: options.engine.shared_engines(),
        },
        geometry.clone(),
    )
    .map_err(|e| Exit::BadInput(format!("--ruleset {ruleset}: {e}")))?;
    let start = Start {
        position,
        to_move: Colour::Black,
        handicap: 0,
        prisoners: Default::default(),
    };
    session
        .restart(geometry, start, Vec::new())
        .map_err(Exit::BadInput)?;
    let verdict = session.area_score().map_err(Exit::BadInput)?;
    let s = match &verdict {
        Verdict::Agreed(Some(s)) => s.clone(),
        Verdict::Agreed(None) => {
            return Err(Exit::BadInput(format!(
                "ruleset {ruleset} has no area scoring"
            )))
        }
        other => {
            eprintln!("{}", other.describe());
            return verdict_exit(other.kind());
        }
    };
    if options.json {
        print_json(&json!({
            "ruleset": ruleset.as_str(), "black": s.black, "white": s.white, "komi": s.komi,
            "score": s.score, "result": s.result, "engines_agree": true,
            "engines": session.engines().iter().map(|e| e.name()).collect::<Vec<_>>(),
            "verdict": "agreed",
        }));
    } else {
        println!(
            "black {} white {} komi {}: score {} ({})",
            s.black,
            s.white,
            fmt_number(s.komi),
            fmt_number(s.score),
            s.result
        );
    }
    verdict_exit(verdict.kind())
}
