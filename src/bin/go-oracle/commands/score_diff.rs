//! `go-oracle score-diff`: final positions given by SGF records, the other side's dead
//! stones and score (the records' marks and `RE`, or an external GTP engine after `--`)
//! against the oracle's statuses and score per ruleset (`go_oracle::gtp::score_diff`).
//! Exit 0: every comparison agreed or undetermined; 1: a disagreement; 2: bad input or an
//! engine that breaks the protocol; 3: nothing could be compared (every comparison
//! undetermined or not compared).

use super::gtp::{ScoringArg, SuicideArg};
use super::EngineChoice;
use crate::error::Exit;
use crate::output::print_json;
use go_oracle::gtp::client::Client;
use go_oracle::gtp::score_diff::{run as run_diff, Failure, Options, Outcome, Summary};
use go_oracle::rules::RulesetId;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// SGF files, each a final position (its main line played out).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The rulesets to ask (repeat or separate by commas).
    #[arg(long, value_enum, value_delimiter = ',', required = true)]
    ruleset: Vec<RulesetId>,
    /// Custom rules (with --ruleset custom): the suicide rule.
    #[arg(long, value_enum)]
    suicide: Option<SuicideArg>,
    /// Custom rules: the ko rules, comma-separated, or `none`.
    #[arg(long)]
    ko: Option<String>,
    /// Custom rules: the scoring.
    #[arg(long, value_enum)]
    scoring: Option<ScoringArg>,
    /// Komi when a record has no KM.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    komi: f64,
    /// Nodes or states each status search may visit.
    #[arg(long, default_value_t = 200_000)]
    budget: u64,
    /// VJR: the description of independent life (spec vjr.md VP-1).
    #[arg(long, value_enum)]
    independent_life: Option<go_oracle::vjr::IndependentLife>,
    /// Which of the oracle's engines answer (both: they must agree).
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    /// Folder for the case files of disagreements.
    #[arg(long, default_value = ".")]
    out: PathBuf,
    /// Seconds the external engine may take for one response.
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    #[arg(long)]
    json: bool,
    /// An external GTP engine's command line, after `--` (else the records' marks).
    #[arg(last = true)]
    engine_command: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Exit> {
    if !args.komi.is_finite() {
        return Err(Exit::BadInput("--komi must be a finite number".into()));
    }
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(Exit::BadInput(
            "--timeout must be a positive number of seconds".into(),
        ));
    }
    if !args.out.is_dir() {
        return Err(Exit::BadInput(format!(
            "--out {}: not a folder",
            args.out.display()
        )));
    }
    let custom = args.suicide.is_some() || args.ko.is_some() || args.scoring.is_some();
    if custom && !args.ruleset.contains(&RulesetId::Custom) {
        return Err(Exit::BadInput(
            "--suicide, --ko and --scoring belong to --ruleset custom".into(),
        ));
    }
    if args.independent_life.is_some() && !args.ruleset.contains(&RulesetId::Vjr) {
        return Err(Exit::BadInput(
            "--independent-life belongs to --ruleset vjr (VP-1)".into(),
        ));
    }
    let referee = super::gtp::RefereeOptions {
        ruleset: RulesetId::Custom,
        suicide: args.suicide,
        ko: args.ko.clone(),
        game_end_passes: None,
        scoring: args.scoring,
        komi: args.komi,
        budget: args.budget,
        independent_life: args.independent_life,
        engine: args.engine,
    };
    let options = Options {
        rulesets: args.ruleset.clone(),
        patch: referee.patch()?,
        komi: args.komi,
        budget: args.budget,
        independent_life: args.independent_life.unwrap_or_default(),
        engines: args.engine.shared_engines(),
        out: args.out.clone(),
    };
    let mut client = if args.engine_command.is_empty() {
        None
    } else {
        Some(
            Client::start(&args.engine_command, Duration::from_secs_f64(args.timeout))
                .map_err(|e| Exit::BadInput(format!("engine: {e}")))?,
        )
    };
    let summary = run_diff(&args.files, &options, client.as_mut()).map_err(|f| match f {
        Failure::BadInput(e) => Exit::BadInput(e),
        Failure::Protocol(e) => {
            Exit::BadInput(format!("engine `{}`: {e}", args.engine_command.join(" ")))
        }
    })?;
    if let Some(c) = client {
        c.quit();
    }
    if args.json {
        print_json(&serde_json::to_value(&summary).unwrap_or_default());
    } else {
        print_text(&summary);
    }
    if summary.disagreed > 0 {
        Err(Exit::Failed)
    } else if summary.agreed == 0 {
        Err(Exit::Undetermined)
    } else {
        Ok(())
    }
}

fn print_text(summary: &Summary) {
    for p in &summary.positions {
        for r in &p.rulesets {
            println!("{} under {}: {}", p.file, r.ruleset, r.verdict.as_str());
            let list = |v: &[String]| {
                if v.is_empty() {
                    "(none)".to_string()
                } else {
                    v.join(" ")
                }
            };
            println!(
                "  dead stones: {} {}; oracle {} ({})",
                summary.against,
                p.other_dead
                    .as_deref()
                    .map_or("(not given)".to_string(), list),
                list(&r.oracle_dead),
                r.statuses.as_str()
            );
            for d in &r.differing {
                println!(
                    "    {} {}: {} {}, oracle {}",
                    d.colour, d.point, summary.against, d.other, d.oracle
                );
            }
            if let Some(n) = &r.statuses_note {
                println!("    {n}");
            }
            println!(
                "  score: {} {}; oracle {} ({})",
                summary.against,
                p.other_result.as_deref().unwrap_or("(not given)"),
                r.oracle_result.as_deref().unwrap_or("(none)"),
                r.score.as_str()
            );
            if let Some(n) = &r.score_note {
                println!("    {n}");
            }
            if r.verdict != Outcome::Agreed && !r.diagram.is_empty() {
                print!("{}", r.diagram);
            }
            if let Some(c) = &r.case_file {
                println!("  case file: {c}");
            }
        }
    }
    println!(
        "score-diff {} vs go-oracle: positions {}, agreed {}, disagreed {}, undetermined {}, not compared {}",
        summary.against,
        summary.positions.len(),
        summary.agreed,
        summary.disagreed,
        summary.undetermined,
        summary.not_compared
    );
}
