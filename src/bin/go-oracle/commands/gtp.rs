//! `go-oracle gtp`: a GTP version 2 engine on stdin/stdout that referees under a ruleset
//! (`go_oracle::gtp::referee`). Not a player: `genmove` plays a uniformly random legal move.

use super::EngineChoice;
use crate::error::Exit;
use go_oracle::gtp::referee::{Config, Referee};
use go_oracle::parse::gtp::{format_response, parse_command};
use go_oracle::rules::{KoRule, RulesPatch, RulesetId, Scoring, Suicide};
use std::io::{BufRead, Write};

/// The referee's options, shared with `gtp-diff`.
#[derive(clap::Args)]
pub struct RefereeOptions {
    #[arg(long, value_enum)]
    pub ruleset: RulesetId,
    /// Change the ruleset's suicide rule (for `custom`: required with --ko).
    #[arg(long, value_enum)]
    pub suicide: Option<SuicideArg>,
    /// Change the ruleset's ko rules: a comma-separated list of basic, fixed,
    /// positional-superko, situational-superko, situational-superko-same-player, or `none`.
    #[arg(long)]
    pub ko: Option<String>,
    /// Change how many consecutive passes end the game.
    #[arg(long)]
    pub game_end_passes: Option<u32>,
    /// Change the scoring (custom rules have none by default).
    #[arg(long, value_enum)]
    pub scoring: Option<ScoringArg>,
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub komi: f64,
    /// Nodes or states each status search of final_score / final_status_list may visit.
    #[arg(long, default_value_t = 200_000)]
    pub budget: u64,
    /// VJR: the description of independent life (spec vjr.md VP-1).
    #[arg(long, value_enum)]
    pub independent_life: Option<go_oracle::vjr::IndependentLife>,
    /// Which engines answer (both: they must agree, else the answer is a GTP error).
    #[arg(long, value_enum, default_value = "both")]
    pub engine: EngineChoice,
}

/// Options of `gtp` alone.
#[derive(clap::Args)]
pub struct GtpOnly {
    /// Seed of genmove's uniformly random choice among the legal moves.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Commands to answer as unknown, comma-separated (for testing controllers that must
    /// do without them, e.g. `all_legal,is_legal`).
    #[arg(long, value_delimiter = ',')]
    without_commands: Vec<String>,
    /// Wall-clock seconds each command's searches may take beside the budget (0: none);
    /// past it the answer is `? undetermined ... within the time limit ...`.
    #[arg(long, default_value_t = 5.0, value_parser = super::time_limit)]
    time_limit: f64,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum SuicideArg {
    Forbidden,
    MultiStoneOnly,
    Allowed,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ScoringArg {
    AreaNotReachingOpponent,
    AreaReachingOnly,
    None,
}

impl RefereeOptions {
    /// The rule changes the options ask for.
    pub fn patch(&self) -> Result<RulesPatch, Exit> {
        let ko = match &self.ko {
            None => None,
            Some(s) if s == "none" => Some(Vec::new()),
            Some(s) => Some(
                s.split(',')
                    .map(|k| match k.trim() {
                        "basic" => Ok(KoRule::Basic),
                        "fixed" => Ok(KoRule::Fixed),
                        "positional-superko" => Ok(KoRule::PositionalSuperko),
                        "situational-superko" => Ok(KoRule::SituationalSuperko),
                        "situational-superko-same-player" => {
                            Ok(KoRule::SituationalSuperkoSamePlayer)
                        }
                        other => Err(Exit::BadInput(format!(
                            "--ko: `{other}` is not a ko rule (basic, fixed, positional-superko, situational-superko, situational-superko-same-player, or none)"
                        ))),
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        Ok(RulesPatch {
            suicide: self.suicide.map(|s| match s {
                SuicideArg::Forbidden => Suicide::Forbidden,
                SuicideArg::MultiStoneOnly => Suicide::MultiStoneOnly,
                SuicideArg::Allowed => Suicide::Allowed,
            }),
            capture_order: None,
            ko,
            game_end_passes: self.game_end_passes,
            scoring: self.scoring.map(|s| match s {
                ScoringArg::AreaNotReachingOpponent => Scoring::AreaNotReachingOpponent,
                ScoringArg::AreaReachingOnly => Scoring::AreaReachingOnly,
                ScoringArg::None => Scoring::None,
            }),
        })
    }

    /// A referee with these options; `seed` for genmove; `without` commands it pretends not
    /// to know.
    /// A limit of `time_limit` seconds on each command's searches (0: none).
    pub fn referee(
        &self,
        seed: u64,
        without: Vec<String>,
        time_limit: f64,
    ) -> Result<Referee, Exit> {
        if self.independent_life.is_some() && self.ruleset != RulesetId::Vjr {
            return Err(Exit::BadInput(
                "--independent-life belongs to --ruleset vjr (VP-1)".into(),
            ));
        }
        Referee::new(Config {
            ruleset: self.ruleset,
            patch: self.patch()?,
            komi: self.komi,
            seed,
            budget: self.budget,
            independent_life: self.independent_life.unwrap_or_default(),
            engines: self.engine.shared_engines(),
            without,
            time_limit: super::time_limit_duration(time_limit),
        })
        .map_err(|e| Exit::BadInput(format!("--ruleset {}: {e}", self.ruleset)))
    }
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    referee: RefereeOptions,
    #[command(flatten)]
    only: GtpOnly,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let mut referee = args.referee.referee(
        args.only.seed,
        args.only.without_commands,
        args.only.time_limit,
    )?;
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| Exit::BadInput(format!("stdin: {e}")))?;
        let Some(cmd) = parse_command(&line) else {
            continue;
        };
        let reply = referee.handle(&cmd);
        let text = match &reply {
            Ok(t) => format_response(cmd.id, true, t),
            Err(t) => format_response(cmd.id, false, t),
        };
        if stdout
            .write_all(text.as_bytes())
            .and_then(|_| stdout.flush())
            .is_err()
        {
            break;
        }
        if referee.has_quit() {
            break;
        }
    }
    Ok(())
}
