//! The commands of `go-oracle`, one module each: its arguments (`Args`) and
//! `run(Args) -> Result<(), Exit>`. This file holds what several commands share and that is
//! not output: the engine choice, reading a diagram file, the rules of a `--ruleset`, a
//! colour argument.

pub mod analyse;
pub mod bench;
pub mod check;
pub mod compare;
pub mod compare_page;
pub mod compare_words;
pub mod control;
pub mod count_legal;
pub mod explain;
pub mod explain_j2003;
pub mod explain_ljr;
pub mod explain_naj;
pub mod explain_vjr;
pub mod export;
pub mod gtp;
pub mod gtp_diff;
pub mod immortal;
pub mod import;
pub mod play;
pub mod render;
pub mod report;
pub mod score;
pub mod score_diff;
pub mod solve;
pub mod status;
pub mod status_vjr;
pub mod turns;

use crate::error::Exit;
use clap::ValueEnum;
use go_oracle::engine::Engine;
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::optimized::{Optimized, Switches};
use go_oracle::parse::diagram::parse_position;
use go_oracle::reference::Reference;
use go_oracle::rules::{Rules, RulesetId};
use std::io::Write;
use std::path::Path;

/// `--engine`: which engines run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    Reference,
    Optimized,
    Both,
}

impl EngineChoice {
    /// The engines to run, the reference first.
    pub fn engines(self) -> Vec<Box<dyn Engine>> {
        match self {
            EngineChoice::Reference => vec![Box::new(Reference)],
            EngineChoice::Optimized => vec![Box::new(Optimized::default())],
            EngineChoice::Both => vec![Box::new(Reference), Box::new(Optimized::default())],
        }
    }

    /// The engines to run, the reference first, as a session takes them.
    pub fn shared_engines(self) -> Vec<std::sync::Arc<dyn Engine>> {
        self.engines()
            .into_iter()
            .map(std::sync::Arc::from)
            .collect()
    }

    /// [`Self::shared_engines`], the optimized engine with the speed-ups named in `without`
    /// switched off (`--without`; names of `optimized::Switches`). A name that is not a
    /// switch, or `--without` when the optimized engine does not run, is bad input.
    pub fn shared_engines_without(
        self,
        without: &[String],
    ) -> Result<Vec<std::sync::Arc<dyn Engine>>, Exit> {
        if without.is_empty() {
            return Ok(self.shared_engines());
        }
        if self == EngineChoice::Reference {
            return Err(Exit::BadInput(
                "--without switches off speed-ups of the optimized engine: expected --engine optimized or both".into(),
            ));
        }
        let switches = switches_without(without)?;
        let optimized: std::sync::Arc<dyn Engine> = std::sync::Arc::new(Optimized { switches });
        Ok(match self {
            EngineChoice::Both => vec![std::sync::Arc::new(Reference), optimized],
            _ => vec![optimized],
        })
    }

    /// Whether each engine's result is also compared with the reference's: when both run.
    pub fn compare(self) -> bool {
        self == EngineChoice::Both
    }
}

/// A `--time-limit` value: seconds, 0 for none, at most a day (`gtp`, `status`).
pub fn time_limit(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if (0.0..=go_oracle::gtp::referee::MAX_TIME_LIMIT).contains(&t) => Ok(t),
        _ => Err(format!(
            "expected seconds from 0 (no limit) to {}",
            go_oracle::gtp::referee::MAX_TIME_LIMIT
        )),
    }
}

/// A `--time-limit` of seconds as a duration (`None`: no limit).
pub fn time_limit_duration(seconds: f64) -> Option<std::time::Duration> {
    (seconds > 0.0).then(|| std::time::Duration::from_secs_f64(seconds))
}

/// Run a question about a position (`status`) under `--time-limit` (`limit`), with the
/// progress line unless `json`.
pub fn asked<T>(json: bool, limit: Option<std::time::Duration>, ask: impl FnOnce() -> T) -> T {
    crate::output::Progress::new(json).reporting(|| go_oracle::deadline::within(limit, ask))
}

/// The strings `--at` names (`named`), or every string when it names none.
pub fn strings_named(
    named: &[go_oracle::geometry::Point],
) -> go_oracle::session::ask::j2003::Strings<'_> {
    if named.is_empty() {
        go_oracle::session::ask::j2003::Strings::All
    } else {
        go_oracle::session::ask::j2003::Strings::At(named)
    }
}

/// Every switch of the optimized engine on but those named in `without` (`--without`); a
/// name that is not a switch is bad input.
pub fn switches_without(without: &[String]) -> Result<Switches, Exit> {
    let mut switches = Switches::ALL_ON;
    for name in without {
        if !switches.switch_off(name) {
            return Err(Exit::BadInput(format!(
                "--without {name}: no such switch (one of {})",
                Switches::NAMES.join(", ")
            )));
        }
    }
    Ok(switches)
}

/// `--komi`, `--engine` and `--json` of a game played or scored (`play`, `score`).
#[derive(clap::Args)]
pub struct GameOptions {
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    komi: f64,
    #[arg(long, value_enum, default_value = "both")]
    pub engine: EngineChoice,
    #[arg(long)]
    pub json: bool,
}

impl GameOptions {
    /// `--komi`; not a finite number is bad input.
    pub fn komi(&self) -> Result<f64, Exit> {
        if self.komi.is_finite() {
            Ok(self.komi)
        } else {
            Err(Exit::BadInput("--komi must be a finite number".into()))
        }
    }
}

/// The position of a diagram file; an unreadable or malformed file is bad input.
pub fn read_diagram(path: &Path) -> Result<(Geometry, Position), Exit> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Exit::BadInput(format!("{}: cannot read: {e}", path.display())))?;
    parse_position(&text)
        .map_err(|e| Exit::BadInput(e.in_file(path.display().to_string()).to_string()))
}

/// Why a final-position must be a legal position (for `read_legal_diagram`).
pub const FINAL_POSITION_IS_LEGAL: &str = "a final-position is a legal position";

/// The position of a diagram file in which every string has a liberty; `why` says, after
/// the error, why the command needs that.
pub fn read_legal_diagram(path: &Path, why: &str) -> Result<(Geometry, Position), Exit> {
    let (geometry, position) = read_diagram(path)?;
    if !go_oracle::reference::play::is_legal_position(&geometry, &position) {
        return Err(Exit::BadInput(format!(
            "{}: a string has no liberty; {why}",
            path.display()
        )));
    }
    Ok((geometry, position))
}

/// The play rules of a `--ruleset`: a ruleset without rules of its own is bad input.
pub fn ruleset_rules(id: RulesetId) -> Result<Rules, Exit> {
    id.rules().ok_or_else(|| {
        let playable: Vec<&str> = RulesetId::ALL
            .iter()
            .filter(|r| r.rules().is_some())
            .map(|r| r.as_str())
            .collect();
        let playable = playable.join(", ");
        Exit::BadInput(if id == RulesetId::Custom {
            format!(
                "ruleset `custom` has no rules of its own (a case file's `rules` gives them); give one of: {playable}"
            )
        } else {
            format!("ruleset `{id}` is not implemented yet; implemented: {playable}")
        })
    })
}

/// `B`/`black` or `W`/`white`, any case.
pub fn parse_colour(s: &str) -> Option<Colour> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

/// Writes a command's output file (`-`: stdout); a file that cannot be written is bad input.
pub fn write_output(path: &Path, text: &str) -> Result<(), Exit> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| Exit::BadInput(format!("cannot write to stdout: {e}")));
    }
    std::fs::write(path, text)
        .map_err(|e| Exit::BadInput(format!("{}: cannot write: {e}", path.display())))
}

/// The case files under `paths` (default `oracle-cases/`), loaded: the corpus `check` and
/// `report` run. No case file is bad input (exit 2), naming the paths.
pub fn load_corpus(
    paths: &[std::path::PathBuf],
) -> Result<Vec<go_oracle::parse::case::Case>, Exit> {
    let paths = if paths.is_empty() {
        vec![std::path::PathBuf::from("oracle-cases")]
    } else {
        paths.to_vec()
    };
    let files = go_oracle::runner::case_files(&paths)?;
    if files.is_empty() {
        return Err(Exit::BadInput(format!(
            "no case files (*.yaml) under {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(files
        .iter()
        .map(|f| go_oracle::parse::case::load_case(f))
        .collect::<Result<_, _>>()?)
}
