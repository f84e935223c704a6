//! `go-oracle score`: the area score of a diagram under a ruleset.

use super::{read_diagram, ruleset_rules, GameOptions};
use crate::error::{engines_agree, Exit};
use crate::output::{fmt_number, print_json};
use go_oracle::engine::Start;
use go_oracle::geometry::Colour;
use go_oracle::rules::RulesetId;
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
    let rules = ruleset_rules(ruleset)?;
    let komi = options.komi()?;
    let (geometry, position) = read_diagram(&file)?;
    let start = Start {
        position,
        to_move: Colour::Black,
        handicap: 0,
        prisoners: Default::default(),
    };
    let mut scores = Vec::new();
    for engine in options.engine.engines() {
        let game = engine.start(&geometry, &rules, &start)?;
        let s = game
            .score(komi)
            .ok_or_else(|| Exit::BadInput(format!("ruleset {ruleset} has no area scoring")))?;
        scores.push((engine.name(), s));
    }
    let agree = scores.windows(2).all(|w| w[0].1 == w[1].1);
    let s = &scores[0].1;
    if options.json {
        print_json(&json!({
            "ruleset": ruleset.as_str(), "black": s.black, "white": s.white, "komi": s.komi,
            "score": s.score, "result": s.result, "engines_agree": agree,
            "engines": scores.iter().map(|x| x.0.clone()).collect::<Vec<_>>(),
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
    if !agree {
        for (n, s) in &scores {
            eprintln!("{n}: {s:?}");
        }
    }
    engines_agree(agree)
}
