//! `go-oracle gtp-diff`: random games through an external GTP engine and the referee at
//! once; the first disagreement of a game is shrunk and written as a case file
//! (`go_oracle::gtp::diff`). Exit 0: no disagreement; 1: a disagreement; 2: the engine
//! cannot be started or breaks the protocol, or bad arguments.

use super::gtp::RefereeOptions;
use crate::error::Exit;
use crate::output::print_json;
use go_oracle::gtp::client::Client;
use go_oracle::gtp::diff::{run as run_diff, MoveChoice, Options};
use go_oracle::parse::diagram::parse_size;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    referee: RefereeOptions,
    /// Board size WxH.
    #[arg(long, default_value = "9x9")]
    size: String,
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Seed of the first game (game k uses seed + k).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Moves after which a game is ended by passes (default: 3 per point).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Probability of passing at a move where a play was possible (runs of passes).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pass_rate: f64,
    /// Probability of playing a capture of a lone stone when there is one (ko captures and
    /// retakes: long ko fights, superko).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    ko_rate: f64,
    /// Go on with the next game after a disagreement (at most one per game).
    #[arg(long)]
    keep_going: bool,
    /// Folder for the case files of disagreements.
    #[arg(long, default_value = ".")]
    out: PathBuf,
    /// Seconds the engine may take for one response.
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    #[arg(long)]
    json: bool,
    /// The engine's command line, after `--`.
    #[arg(last = true, required = true)]
    engine_command: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let geometry =
        parse_size(&args.size).map_err(|e| Exit::BadInput(format!("--size: {}", e.message)))?;
    let (width, height) = geometry.rect_size().unwrap_or((0, 0));
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(Exit::BadInput(
            "--timeout must be a positive number of seconds".into(),
        ));
    }
    for (name, rate) in [("--pass-rate", args.pass_rate), ("--ko-rate", args.ko_rate)] {
        if !(0.0..=1.0).contains(&rate) {
            return Err(Exit::BadInput(format!(
                "{name} must be a probability between 0 and 1, got {rate}"
            )));
        }
    }
    if !args.out.is_dir() {
        return Err(Exit::BadInput(format!(
            "--out {}: not a folder",
            args.out.display()
        )));
    }
    let mut referee = args.referee.referee(args.seed, Vec::new(), 0.0)?;
    let options = Options {
        ruleset: args.referee.ruleset,
        patch: args.referee.patch()?,
        komi: args.referee.komi,
        width,
        height,
        games: args.games,
        seed: args.seed,
        max_moves: args.max_moves.unwrap_or(3 * width * height),
        choice: MoveChoice {
            pass_rate: args.pass_rate,
            ko_rate: args.ko_rate,
        },
        keep_going: args.keep_going,
        out: args.out.clone(),
        progress: !args.json,
    };
    let mut client = Client::start(&args.engine_command, Duration::from_secs_f64(args.timeout))
        .map_err(|e| Exit::BadInput(format!("engine: {e}")))?;
    let summary = run_diff(&mut referee, &mut client, &options)
        .map_err(|e| Exit::BadInput(format!("engine `{}`: {e}", args.engine_command.join(" "))))?;
    client.quit();
    if args.json {
        print_json(&serde_json::to_value(&summary).unwrap_or_default());
    } else {
        for d in &summary.disagreements {
            println!(
                "disagreement ({}) in game {}, shrunk from {} to {} moves: {}",
                d.kind.as_str(),
                d.game,
                d.original_moves,
                d.moves.len(),
                d.moves.join(", ")
            );
            println!(
                "  oracle: {}\n  engine: {}\n  case file: {}",
                d.oracle, d.engine, d.case_file
            );
        }
        if let Some(note) = &summary.score_note {
            println!(
                "final scores not compared in {} games: {note}",
                summary.scores_not_compared
            );
        }
        println!(
            "gtp-diff {} vs go-oracle ({}, {}): games {}, moves {}, probes {}, disagreements {}",
            summary.engine,
            summary.ruleset,
            summary.size,
            summary.games,
            summary.moves,
            summary.probes,
            summary.disagreements.len()
        );
    }
    if summary.disagreements.is_empty() {
        Ok(())
    } else {
        Err(Exit::Failed)
    }
}
