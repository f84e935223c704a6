//! `go-oracle`: check the corpus, explain a case, play moves, score a position.
//! Exit status: 0 all good, 1 a check failed (or the engines disagree), 2 bad input or usage,
//! 3 a search undetermined within its budget (`solve`).
//!
//! This file parses the command line and dispatches; each command is a module of
//! `commands/`, and what they print in common is in `output.rs`.

mod commands;
mod error;
mod output;

use clap::{Parser, Subcommand};
use commands::{
    analyse, bench, check, compare, control, count_legal, explain, export, gtp, gtp_diff, immortal,
    import, play, render, report, score, score_diff, solve, status,
};
use error::Exit;
use std::process::ExitCode;

/// The searches allocate per node (the reference's literal copies of positions and
/// histories above all); mimalloc serves that faster than the system allocator
/// (benches/RESULTS.md, "The main job").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "go-oracle",
    version,
    about = "The written rules of Go, executable twice: a reference and an optimized engine that must agree."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check case files (default: oracle-cases/) on the engines.
    Check(check::Args),
    /// One position (a diagram file, an SGF record's final position, a case check's start)
    /// under every ruleset that judges positions, side by side: a next move's legality,
    /// each string's status, the score, each with the engines' verdict.
    Compare(compare::Args),
    /// Replay a case step by step with diagrams, legality, captures and the score.
    Explain(explain::Args),
    /// Play GTP-style moves (`B D4 W pass ...`) under a ruleset.
    Play(play::Args),
    /// Score a position (a diagram file) by a ruleset's area scoring.
    Score(score::Args),
    /// NAJ N-17: which stones of each colour are immortal in a position (a diagram file).
    Immortal(immortal::Args),
    /// NAJ analyses under optimal play from a final-position (a diagram file): the
    /// black-analysis value (Black maximises his black-score, White opens) and the
    /// white-analysis value, each with one optimal line.
    Analyse(analyse::Args),
    /// LJR L-14 ... L-17: which locations each player controls in a position (a diagram
    /// file) by the two-eye test and by disputes, and the score (L-5).
    Control(control::Args),
    /// Life and death of every string of a final-position (a diagram file), and the score:
    /// J2003 (J-41 ... J-64) or the VJR status assessment (V-12 ... V-28).
    Status(status::Args),
    /// J2003 solver benchmark: for each final-position (diagram files; default the seed
    /// positions and shapes of benches/j2003-positions/), the analysis by the optimized engine
    /// with every reduction on and with each J2003 reduction off in turn: states, seconds,
    /// strings decided, score
    Bench(bench::Args),
    /// Count the legal positions (every string has a liberty) of a WxH board.
    CountLegal(count_legal::Args),
    /// A GTP version 2 engine on stdin/stdout that referees under a ruleset (genmove plays a
    /// uniformly random legal move: a referee, not a player).
    Gtp(gtp::Args),
    /// Random games through an external GTP engine (after `--`) and the referee at once:
    /// legality of every point, stones, captures, final score; the first disagreement is
    /// shrunk and written as a case file.
    GtpDiff(gtp_diff::Args),
    /// Final positions of SGF records against the oracle per ruleset: the records' dead
    /// stones (TB/TW/AE) and RE, or an external GTP engine's (after `--`) final_status_list
    /// dead and final_score; a disagreement is written as a case file.
    ScoreDiff(score_diff::Args),
    /// An SGF game (its main line) as a case file skeleton, with the expectations computed
    /// by go-oracle on both engines (to review before the case joins the corpus).
    Import(import::Args),
    /// A check of a case file as an SGF game: the start, the legal moves, and the final
    /// statuses, area or control as markup.
    Export(export::Args),
    /// An SVG Go diagram, as in printed Go books, of a position (a diagram file) or of a case
    /// check: start, numbered moves, labels, notes, and marks (statuses, control,
    /// territory) with a legend.
    Render(render::Args),
    /// The corpus report: one self-contained HTML page with every discrepancy between a
    /// source and the oracle (diagrams side by side), the counts per ruleset and engine, and
    /// every case with its diagrams, replays and verdicts. Exit 1 when a check failed.
    Report(report::Args),
    /// The value of the empty WxH board under perfect play (area scoring, the ruleset's
    /// superko: tromp-taylor or tromp-logical), with one principal line; exit 3 when the
    /// search is undetermined within its budget.
    Solve(solve::Args),
}

/// `print!` panics when standard output cannot be written. A reader that stops early (`|
/// head`) is not an error: exit 0 quietly, as other command-line tools do. Any other write
/// failure (a full disk) is reported in one line, exit 2, never as a panic.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(why) = payload.strip_prefix("failed printing to stdout: ") {
            if why.contains("Broken pipe") {
                std::process::exit(0);
            }
            eprintln!("go-oracle: cannot write to standard output: {why}");
            std::process::exit(2);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Play(args) => play::run(args),
        Command::Score(args) => score::run(args),
        Command::Immortal(args) => immortal::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Status(args) => status::run(args),
        Command::Control(args) => control::run(args),
        Command::Bench(args) => bench::run(args),
        Command::CountLegal(args) => count_legal::run(args),
        Command::Gtp(args) => gtp::run(args),
        Command::GtpDiff(args) => gtp_diff::run(args),
        Command::ScoreDiff(args) => score_diff::run(args),
        Command::Import(args) => import::run(args),
        Command::Export(args) => export::run(args),
        Command::Render(args) => render::run(args),
        Command::Report(args) => report::run(args),
        Command::Solve(args) => solve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Exit::Failed) => ExitCode::from(1),
        Err(Exit::Undetermined) => ExitCode::from(3),
        Err(Exit::BadInput(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
