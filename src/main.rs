//! `go-oracle`: check the corpus, explain a case, play moves, score a position.
//! Exit status: 0 all good, 1 a check failed (or the engines disagree), 2 bad input or usage.

use clap::{Parser, Subcommand, ValueEnum};
use go_oracle::engine::{fmt_number, Engine, Illegal, Move, Start};
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::optimized::Optimized;
use go_oracle::parse::case::{load_case, Case, Check};
use go_oracle::parse::diagram::{parse_position, parse_size};
use go_oracle::parse::InputError;
use go_oracle::reference::Reference;
use go_oracle::rules::{Rules, RulesetId};
use go_oracle::runner::{
    case_files, format_failure, replay, run_check, side_by_side, SharedReplays, Status, Trace,
};
use serde_json::json;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum EngineChoice {
    Reference,
    Optimized,
    Both,
}

#[derive(Subcommand)]
enum Command {
    /// Check case files (default: oracle-cases/) on the engines.
    Check {
        /// Case files or directories.
        paths: Vec<PathBuf>,
        #[arg(long, value_enum, default_value = "both")]
        engine: EngineChoice,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Replay a case step by step with diagrams, legality, captures and the score.
    Explain {
        file: PathBuf,
        /// Only this check.
        #[arg(long)]
        check: Option<String>,
        #[arg(long, value_enum, default_value = "both")]
        engine: EngineChoice,
        #[arg(long)]
        json: bool,
    },
    /// Play GTP-style moves (`B D4 W pass ...`) under a ruleset.
    Play {
        #[arg(long)]
        ruleset: String,
        /// Board size WxH (e.g. 9x9); optional with --setup.
        #[arg(long)]
        size: Option<String>,
        /// Start from this diagram file.
        #[arg(long)]
        setup: Option<PathBuf>,
        /// Player to move first: B or W.
        #[arg(long)]
        to_move: Option<String>,
        /// Black takes this many turns in a row first.
        #[arg(long, default_value_t = 0)]
        handicap: u32,
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        komi: f64,
        #[arg(long, value_enum, default_value = "both")]
        engine: EngineChoice,
        #[arg(long)]
        json: bool,
        /// Moves: `B D4`, `W pass`, ... (as separate words or quoted pairs).
        moves: Vec<String>,
    },
    /// Score a position (a diagram file) by a ruleset's area scoring.
    Score {
        #[arg(long)]
        ruleset: String,
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        komi: f64,
        #[arg(long, value_enum, default_value = "both")]
        engine: EngineChoice,
        #[arg(long)]
        json: bool,
        diagram_file: PathBuf,
    },
    /// NAJ N-17: which stones of each colour are immortal in a position (a diagram file).
    Immortal {
        diagram_file: PathBuf,
        #[arg(long, value_enum, default_value = "both")]
        engine: EngineChoice,
        /// Positions the reference's search may explore per colour.
        #[arg(long, default_value_t = 1_000_000)]
        budget: u64,
        #[arg(long)]
        json: bool,
    },
    /// NAJ analyses under optimal play from a final-position (a diagram file): the
    /// black-analysis value (Black maximises his black-score, White opens) and the
    /// white-analysis value, each with one optimal line.
    Analyse {
        diagram_file: PathBuf,
        /// Which analysis: black, white or both.
        #[arg(long, default_value = "both")]
        analysis: String,
        #[arg(long, value_enum, default_value = "optimized")]
        engine: EngineChoice,
        /// Game states the search may visit per analysis.
        #[arg(long, default_value_t = 1_000_000)]
        budget: u64,
        /// Positions each immortality test of the reference may explore.
        #[arg(long, default_value_t = 200_000)]
        immortal_budget: u64,
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        komi: f64,
        /// Switch solver speed-ups off (comma-separated: bounds, transpositions).
        #[arg(long, value_delimiter = ',')]
        without: Vec<String>,
        /// Prisoner-difference of the alternation (for the optimal score).
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        prisoner_difference: i64,
        #[arg(long)]
        json: bool,
    },
    /// J2003 life and death of every string of a final-position (a diagram file), and the
    /// score (J-41 ... J-64).
    Status {
        #[arg(long)]
        ruleset: String,
        diagram_file: PathBuf,
        #[arg(long, value_enum, default_value = "both")]
        engine: EngineChoice,
        /// Nodes (reference) or states (optimized) each status check may visit.
        #[arg(long, default_value_t = 1_000_000)]
        budget: u64,
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        prisoner_difference: i64,
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        komi: f64,
        #[arg(long)]
        json: bool,
    },
    /// J2003 solver benchmark: for each final-position (diagram files; default the seed
    /// positions and shapes of benches/j2003-positions/), the analysis by the optimized engine
    /// with every reduction on and with each J2003 reduction off in turn: states, seconds,
    /// strings decided, score
    Bench {
        files: Vec<PathBuf>,
        /// States each status check may visit.
        #[arg(long, default_value_t = 1_000_000)]
        budget: u64,
        /// Also time the reference engine (nodes instead of states).
        #[arg(long)]
        reference: bool,
        /// Only every reduction on (no switched-off runs).
        #[arg(long)]
        quick: bool,
        #[arg(long)]
        json: bool,
    },
    /// Count the legal positions (every string has a liberty) of a WxH board.
    CountLegal {
        size: String,
        #[arg(long, value_enum, default_value = "optimized")]
        engine: EngineChoice,
        #[arg(long)]
        json: bool,
    },
}

/// An error of the command line: bad input (exit 2) or a failure (exit 1).
enum Exit {
    BadInput(String),
    Failed,
}

impl From<InputError> for Exit {
    fn from(e: InputError) -> Exit {
        Exit::BadInput(e.to_string())
    }
}

fn engines(choice: EngineChoice) -> Vec<Box<dyn Engine>> {
    match choice {
        EngineChoice::Reference => vec![Box::new(Reference)],
        EngineChoice::Optimized => vec![Box::new(Optimized::default())],
        EngineChoice::Both => vec![Box::new(Reference), Box::new(Optimized::default())],
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Check {
            paths,
            engine,
            json,
        } => cmd_check(paths, engine, json),
        Command::Explain {
            file,
            check,
            engine,
            json,
        } => cmd_explain(file, check, engine, json),
        Command::Play {
            ruleset,
            size,
            setup,
            to_move,
            handicap,
            komi,
            engine,
            json,
            moves,
        } => cmd_play(
            ruleset, size, setup, to_move, handicap, komi, engine, json, moves,
        ),
        Command::Score {
            ruleset,
            komi,
            engine,
            json,
            diagram_file,
        } => cmd_score(ruleset, komi, engine, json, diagram_file),
        Command::CountLegal { size, engine, json } => cmd_count(size, engine, json),
        Command::Bench {
            files,
            budget,
            reference,
            quick,
            json,
        } => cmd_bench(files, budget, reference, quick, json),
        Command::Status {
            ruleset,
            diagram_file,
            engine,
            budget,
            prisoner_difference,
            komi,
            json,
        } => cmd_status(
            ruleset,
            diagram_file,
            engine,
            budget,
            prisoner_difference,
            komi,
            json,
        ),
        Command::Analyse {
            diagram_file,
            analysis,
            engine,
            budget,
            immortal_budget,
            komi,
            prisoner_difference,
            json,
            without,
        } => cmd_analyse(
            diagram_file,
            analysis,
            engine,
            go_oracle::procedure::naj::Budget {
                nodes: budget,
                immortal: immortal_budget,
            },
            komi,
            prisoner_difference,
            json,
            without,
        ),
        Command::Immortal {
            diagram_file,
            engine,
            budget,
            json,
        } => cmd_immortal(diagram_file, engine, budget, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Exit::Failed) => ExitCode::from(1),
        Err(Exit::BadInput(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn status_word(s: &Status) -> &'static str {
    match s {
        Status::Passed => "passed",
        Status::Failed(_) => "failed",
        Status::Ignored(_) => "ignored",
    }
}

fn cmd_check(paths: Vec<PathBuf>, choice: EngineChoice, json: bool) -> Result<(), Exit> {
    let paths = if paths.is_empty() {
        vec![PathBuf::from("oracle-cases")]
    } else {
        paths
    };
    let files = case_files(&paths)?;
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
    let cases: Vec<Case> = files
        .iter()
        .map(|f| load_case(f))
        .collect::<Result<_, _>>()?;
    let engines = engines(choice);
    let total_checks: usize = cases.iter().map(|c| c.checks.len()).sum();
    let progress = !json && std::io::stderr().is_terminal();
    let mut entries = Vec::new();
    // (ruleset, engine) -> [passed, failed, ignored]
    let mut table: BTreeMap<(String, String), [usize; 3]> = BTreeMap::new();
    let (mut passed, mut failed, mut ignored) = (0, 0, 0);
    let mut reports = Vec::new();
    let mut done = 0;
    for case in &cases {
        for check in &case.checks {
            done += 1;
            if progress {
                eprint!("\r[{done}/{total_checks}] {}", case.file.id);
                let _ = std::io::stderr().flush();
            }
            let mut per_engine = serde_json::Map::new();
            let mut overall = Status::Ignored(String::new());
            let shared = SharedReplays::default();
            for engine in &engines {
                let status = run_check(
                    check,
                    engine.as_ref(),
                    choice == EngineChoice::Both,
                    &shared,
                );
                let slot = table
                    .entry((check.ruleset.to_string(), engine.name()))
                    .or_insert([0; 3]);
                match &status {
                    Status::Passed => slot[0] += 1,
                    Status::Failed(f) => {
                        slot[1] += 1;
                        reports.push(format!(
                            "FAILED {}::{} on {}\n{}  rerun: go-oracle explain {} --check {}\n",
                            case.path,
                            check.name,
                            engine.name(),
                            format_failure(&engine.name(), f),
                            case.path,
                            check.name
                        ));
                    }
                    Status::Ignored(_) => slot[2] += 1,
                }
                let mut entry = json!({"status": status_word(&status)});
                if let Status::Ignored(why) = &status {
                    entry["reason"] = json!(why);
                }
                if let Status::Failed(f) = &status {
                    entry["message"] = json!(format_failure(&engine.name(), f));
                }
                per_engine.insert(engine.name(), entry);
                overall = match (&overall, &status) {
                    (Status::Failed(_), _) => overall,
                    (_, Status::Failed(_)) => status,
                    (_, Status::Passed) => Status::Passed,
                    _ => overall,
                };
            }
            match overall {
                Status::Passed => passed += 1,
                Status::Failed(_) => failed += 1,
                Status::Ignored(_) => ignored += 1,
            }
            entries.push(json!({
                "file": case.path,
                "case": case.file.id,
                "check": check.name,
                "ruleset": check.ruleset.as_str(),
                "status": status_word(&overall),
                "discrepancy": check.has_discrepancy,
                "engines": per_engine,
            }));
        }
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    let total = passed + failed + ignored;
    if json {
        let table_json: Vec<_> = table
            .iter()
            .map(|((r, e), c)| json!({"ruleset": r, "engine": e, "passed": c[0], "failed": c[1], "ignored": c[2]}))
            .collect();
        let out = json!({
            "total": total, "passed": passed, "failed": failed, "ignored": ignored,
            "files": cases.len(), "table": table_json, "checks": entries,
        });
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        for r in &reports {
            println!("{r}");
        }
        println!(
            "{:<15} {:<38} {:>7} {:>7} {:>8}",
            "ruleset", "engine", "passed", "failed", "ignored"
        );
        for ((r, e), c) in &table {
            println!("{:<15} {:<38} {:>7} {:>7} {:>8}", r, e, c[0], c[1], c[2]);
        }
        println!(
            "\n{} files, {total} checks: {passed} passed, {failed} failed, {ignored} ignored",
            cases.len()
        );
    }
    if failed > 0 {
        Err(Exit::Failed)
    } else {
        Ok(())
    }
}

fn rules_text(r: &Rules) -> String {
    let name = |v: serde_json::Value| {
        v.as_str()
            .map(str::to_string)
            .unwrap_or_else(|| v.to_string())
    };
    let ko: Vec<String> = r.ko.iter().map(|k| name(json!(k))).collect();
    format!(
        "suicide {}, capture order {}, ko [{}], game ends after {} passes, scoring {}",
        name(json!(r.suicide)),
        name(json!(r.capture_order)),
        ko.join(", "),
        r.game_end_passes,
        name(json!(r.scoring))
    )
}

fn trace_json(check: &Check, t: &Trace) -> serde_json::Value {
    let g = &check.geometry;
    let steps: Vec<_> = t
        .steps
        .iter()
        .map(|s| {
            json!({
                "index": s.index,
                "move": format!("{} {}", s.player.letter(), move_text(g, s.mv)),
                "written": s.text,
                "legal": s.result.is_ok(),
                "reason": s.result.as_ref().err().map(|r| r.as_str()),
                "captured": s.result.as_ref().map(|r| r.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>()).unwrap_or_default(),
                "position": s.position.rows(g),
                "prisoners": s.prisoners,
            })
        })
        .collect();
    json!({
        "steps": steps,
        "final": t.position.rows(g),
        "prisoners": t.prisoners,
        "score": t.score,
        "game_over": t.game_over,
        "to_move": t.to_move.name(),
    })
}

fn move_text(g: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => g.name(p).to_string(),
        Move::Pass => "pass".into(),
        Move::KoPass => "ko-pass".into(),
    }
}

fn with_coordinates(g: &Geometry, p: &Position) -> String {
    let Some((w, h)) = g.rect_size() else {
        return p.diagram(g);
    };
    let mut out = String::from("    ");
    for x in 0..w {
        out.push(go_oracle::geometry::COLUMN_LETTERS[x] as char);
        out.push(' ');
    }
    out.push('\n');
    for (y, row) in p.rows(g).iter().enumerate() {
        out.push_str(&format!("{:>2}  ", h - y));
        for c in row.chars() {
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

fn cmd_explain(
    file: PathBuf,
    only: Option<String>,
    choice: EngineChoice,
    json: bool,
) -> Result<(), Exit> {
    let case = load_case(&file)?;
    let checks: Vec<&Check> = case
        .checks
        .iter()
        .filter(|c| only.as_ref().is_none_or(|n| &c.name == n))
        .collect();
    if checks.is_empty() {
        let names: Vec<&str> = case.checks.iter().map(|c| c.name.as_str()).collect();
        return Err(Exit::BadInput(format!(
            "{}: no check named `{}`; the checks are: {}",
            file.display(),
            only.unwrap_or_default(),
            names.join(", ")
        )));
    }
    let engines = engines(choice);
    let mut any_failed = false;
    let mut out_json = Vec::new();
    if !json {
        println!(
            "case {}{}",
            case.file.id,
            case.file
                .title
                .as_ref()
                .map(|t| format!(": {t}"))
                .unwrap_or_default()
        );
        let s = &case.file.source;
        println!(
            "source: {}{}",
            s.document,
            s.section
                .as_ref()
                .map(|x| format!(", {x}"))
                .unwrap_or_default()
        );
    }
    for check in checks {
        let g = &check.geometry;
        let traces: Vec<(String, Result<Trace, String>)> = engines
            .iter()
            .map(|e| {
                let t = match replay(e.as_ref(), check) {
                    Ok(Ok(t)) => Ok(t),
                    Ok(Err(p)) => Err(format!("case problem: {}", p.message)),
                    Err(why) => Err(format!("not runnable: {why}")),
                };
                (e.name(), t)
            })
            .collect();
        let shared = SharedReplays::default();
        let statuses: Vec<(String, Status)> = engines
            .iter()
            .map(|e| {
                (
                    e.name(),
                    run_check(check, e.as_ref(), choice == EngineChoice::Both, &shared),
                )
            })
            .collect();
        if statuses.iter().any(|(_, s)| matches!(s, Status::Failed(_))) {
            any_failed = true;
        }
        if json {
            let per: serde_json::Map<String, serde_json::Value> = traces
                .iter()
                .zip(&statuses)
                .map(|((n, t), (_, s))| {
                    let v = match t {
                        Ok(t) => {
                            let mut v = trace_json(check, t);
                            v["status"] = json!(status_word(s));
                            v
                        }
                        Err(m) => json!({"status": status_word(s), "error": m}),
                    };
                    (n.clone(), v)
                })
                .collect();
            out_json.push(
                json!({"check": check.name, "ruleset": check.ruleset.as_str(), "engines": per}),
            );
            continue;
        }
        println!("\n== check {} ({}) ==", check.name, check.ruleset);
        if let Some(r) = &check.rules {
            println!("rules: {}", rules_text(r));
        }
        println!(
            "start, {} to move{}:",
            check.start.to_move,
            if check.start.handicap > 0 {
                format!(", handicap {}", check.start.handicap)
            } else {
                String::new()
            }
        );
        print!("{}", with_coordinates(g, &check.start.position));
        // The trace shown: the first engine's, or for J2003 the one that decided the most
        // statuses (the reference often runs out of budget where the optimized engine does not).
        let decided = |t: &Result<Trace, String>| -> usize {
            t.as_ref()
                .ok()
                .and_then(|t| t.j2003.as_ref())
                .and_then(|j| j.analysis.as_ref())
                .map_or(0, |a| {
                    a.strings.iter().filter(|s| s.status.is_some()).count()
                })
        };
        let shown = traces
            .iter()
            .enumerate()
            .max_by_key(|(i, (_, t))| (decided(t), std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        let Some((first_name, first)) = shown.and_then(|i| traces.get(i)) else {
            continue;
        };
        match first {
            Err(m) => println!("{first_name}: {m}"),
            Ok(t) => {
                for (s, step) in t.steps.iter().zip(&check.steps) {
                    let verdict = match &s.result {
                        Ok(r) if r.is_empty() => "legal".to_string(),
                        Ok(r) => format!(
                            "legal, removes {}",
                            r.iter().map(|&p| g.name(p)).collect::<Vec<_>>().join(" ")
                        ),
                        Err(reason) => format!("ILLEGAL ({reason}); {} still to move", s.player),
                    };
                    let expected = if step.expect.legal {
                        ""
                    } else {
                        " [expected illegal]"
                    };
                    println!(
                        "\n{:>3}. {} {}  (written `{}`): {}{}",
                        s.index,
                        s.player.letter(),
                        move_text(g, s.mv),
                        step.text,
                        verdict,
                        expected
                    );
                    if s.result.is_ok() && matches!(s.mv, Move::Play(_)) {
                        print!("{}", with_coordinates(g, &s.position));
                    }
                }
                println!(
                    "\nfinal position{}:",
                    if t.game_over { " (game over)" } else { "" }
                );
                print!("{}", with_coordinates(g, &t.position));
                println!(
                    "prisoners: black {} white {}",
                    t.prisoners.black, t.prisoners.white
                );
                if let Some(sc) = &t.score {
                    println!(
                        "score: black {} white {} komi {} -> {} ({})",
                        sc.black,
                        sc.white,
                        fmt_number(sc.komi),
                        fmt_number(sc.score),
                        sc.result
                    );
                }
                if let (Some(c), None) = (&t.cycle, &t.j2003) {
                    println!(
                        "long cycle (NAJN): the last play recreated position {} ({} moves back): long-cycle-tie",
                        c.start, c.length
                    );
                }
                if let Some(naj) = &t.naj {
                    explain_naj(g, naj, check);
                }
                if let Some(j) = &t.j2003 {
                    explain_j2003(g, j, t, check);
                }
            }
        }
        for (name, status) in &statuses {
            match status {
                Status::Passed => println!("{name}: every expectation holds"),
                Status::Ignored(why) => println!("{name}: ignored ({why})"),
                Status::Failed(f) => println!("{name}: FAILED\n{}", format_failure(name, f)),
            }
        }
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({"case": case.file.id, "checks": out_json}))
                .unwrap_or_default()
        );
    }
    if any_failed {
        Err(Exit::Failed)
    } else {
        Ok(())
    }
}

fn ruleset_rules(name: &str) -> Result<Rules, Exit> {
    let id = RulesetId::parse(name).ok_or_else(|| {
        Exit::BadInput(format!(
            "unknown ruleset `{name}`; known: {}",
            RulesetId::ALL
                .iter()
                .filter(|r| **r != RulesetId::Custom)
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    id.rules().ok_or_else(|| {
        Exit::BadInput(format!(
            "ruleset `{name}` is not implemented yet; implemented: tromp-taylor, tromp-logical, naj, najn"
        ))
    })
}

/// `go-oracle bench` (README): one row per position and engine configuration.
fn cmd_bench(
    files: Vec<PathBuf>,
    budget: u64,
    reference: bool,
    quick: bool,
    json: bool,
) -> Result<(), Exit> {
    let files = if files.is_empty() {
        let dir = PathBuf::from("benches/j2003-positions");
        let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| Exit::BadInput(format!("{}: cannot read: {e}", dir.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        v.sort();
        v
    } else {
        files
    };
    let positions = files
        .iter()
        .map(|f| read_diagram(f).map(|(g, p)| (f, g, p)))
        .collect::<Result<Vec<_>, Exit>>()?;
    let mut configs: Vec<Box<dyn Engine>> = vec![Box::new(Optimized::default())];
    if !quick {
        for name in go_oracle::optimized::Switches::J2003_NAMES {
            if let Some(switches) = go_oracle::optimized::Switches::without(name) {
                configs.push(Box::new(Optimized { switches }));
            }
        }
    }
    if reference {
        configs.push(Box::new(Reference));
    }
    let mut rows = Vec::new();
    if !json {
        println!(
            "{:<48} {:<44} {:>12} {:>9} {:>8}  score",
            "position", "engine", "states", "seconds", "decided"
        );
    }
    for (file, geometry, position) in &positions {
        let name = file
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        for engine in &configs {
            let started = std::time::Instant::now();
            let analysis =
                go_oracle::procedure::j2003::analyse(engine.as_ref(), geometry, position, budget)
                    .map_err(|u| Exit::BadInput(u.to_string()))?;
            let seconds = started.elapsed().as_secs_f64();
            let decided = analysis
                .strings
                .iter()
                .filter(|s| s.status.is_some())
                .count();
            let score = if analysis.is_decided() {
                Some(
                    engine
                        .j2003_board_score(geometry, position, &analysis.status_at(geometry.len()))
                        .map_err(|u| Exit::BadInput(u.to_string()))?,
                )
            } else {
                None
            };
            let row = json!({
                "position": name,
                "engine": engine.name(),
                "points": geometry.len(),
                "states": analysis.explored,
                "seconds": seconds,
                "strings": analysis.strings.len(),
                "decided": decided,
                "board_score": score,
            });
            if json {
                rows.push(row);
            } else {
                println!(
                    "{:<48} {:<44} {:>12} {:>9.2} {:>4}/{:<3}  {}",
                    name,
                    engine.name(),
                    analysis.explored,
                    seconds,
                    decided,
                    analysis.strings.len(),
                    score.map_or("undetermined".to_string(), |s| s.to_string())
                );
                let _ = std::io::stdout().flush();
            }
        }
    }
    if json {
        println!("{}", serde_json::Value::Array(rows));
    }
    Ok(())
}

fn read_diagram(path: &PathBuf) -> Result<(Geometry, Position), Exit> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Exit::BadInput(format!("{}: cannot read: {e}", path.display())))?;
    parse_position(&text)
        .map_err(|e| Exit::BadInput(e.in_file(path.display().to_string()).to_string()))
}

fn parse_colour(s: &str) -> Option<Colour> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn cmd_play(
    ruleset: String,
    size: Option<String>,
    setup: Option<PathBuf>,
    to_move: Option<String>,
    handicap: u32,
    komi: f64,
    choice: EngineChoice,
    json: bool,
    moves: Vec<String>,
) -> Result<(), Exit> {
    let rules = ruleset_rules(&ruleset)?;
    let (geometry, position) = match (&size, &setup) {
        (_, Some(f)) => {
            let (g, p) = read_diagram(f)?;
            if let Some(s) = &size {
                let sg =
                    parse_size(s).map_err(|e| Exit::BadInput(format!("--size: {}", e.message)))?;
                if sg != g {
                    return Err(Exit::BadInput(format!(
                        "--size {s} does not match the setup diagram {}",
                        f.display()
                    )));
                }
            }
            (g, p)
        }
        (Some(s), None) => {
            let g = parse_size(s).map_err(|e| {
                Exit::BadInput(format!(
                    "--size: {}{}",
                    e.message,
                    e.hint.map(|h| format!(" ({h})")).unwrap_or_default()
                ))
            })?;
            let p = Position::empty(g.len());
            (g, p)
        }
        (None, None) => {
            return Err(Exit::BadInput(
                "give --size WxH or --setup DIAGRAM_FILE".into(),
            ))
        }
    };
    let first = match &to_move {
        Some(c) => parse_colour(c)
            .ok_or_else(|| Exit::BadInput(format!("--to-move `{c}`: expected B or W")))?,
        None => Colour::Black,
    };
    if !komi.is_finite() {
        return Err(Exit::BadInput("--komi must be a finite number".into()));
    }
    // Moves: colour then vertex, as separate words or in one argument.
    let words: Vec<String> = moves
        .iter()
        .flat_map(|m| m.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect();
    if !words.len().is_multiple_of(2) {
        return Err(Exit::BadInput(format!(
            "moves come in pairs `COLOUR VERTEX` (e.g. `B D4 W pass`); got {} words",
            words.len()
        )));
    }
    let mut written = Vec::new();
    for (i, pair) in words.chunks(2).enumerate() {
        let colour = parse_colour(&pair[0]).ok_or_else(|| {
            Exit::BadInput(format!(
                "move {}: `{}` is not a colour, expected B or W",
                i + 1,
                pair[0]
            ))
        })?;
        let mv = if pair[1].eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Play(geometry.parse_gtp(&pair[1]).ok_or_else(|| {
                let (w, h) = geometry.rect_size().unwrap_or((0, 0));
                Exit::BadInput(format!("move {}: `{}` is not a point of the {w}x{h} board (columns A-Z without I, row 1 at the bottom)", i + 1, pair[1]))
            })?)
        };
        written.push((colour, mv, format!("{} {}", pair[0], pair[1])));
    }
    let start = Start {
        position,
        to_move: first,
        handicap,
        prisoners: Default::default(),
    };
    let mut results = Vec::new();
    for engine in engines(choice) {
        let mut game = engine
            .start(&geometry, &rules, &start)
            .map_err(|u| Exit::BadInput(u.to_string()))?;
        let mut steps = Vec::new();
        for (i, (colour, mv, text)) in written.iter().enumerate() {
            if game.to_move() != *colour {
                return Err(Exit::BadInput(format!(
                    "move {} `{text}`: {} is to move, not {}",
                    i + 1,
                    game.to_move(),
                    colour
                )));
            }
            let r = game.play(*mv);
            steps.push(json!({
                "move": format!("{} {}", colour.letter(), move_text(&geometry, *mv)),
                "legal": r.is_ok(),
                "reason": r.as_ref().err().map(|e: &Illegal| e.as_str()),
                "captured": r.as_ref().map(|p| p.removed.iter().map(|&q| geometry.name(q).to_string()).collect::<Vec<_>>()).unwrap_or_default(),
            }));
        }
        results.push((engine.name(), json!({
            "ruleset": ruleset,
            "size": format!("{}x{}", geometry.rect_size().map(|s| s.0).unwrap_or(0), geometry.rect_size().map(|s| s.1).unwrap_or(0)),
            "steps": steps,
            "final": game.position().rows(&geometry),
            "prisoners": game.prisoners(),
            "to_move": game.to_move().name(),
            "game_over": game.is_over(),
            "score": game.score(komi),
        }), game.position()));
    }
    let agree = results.windows(2).all(|w| w[0].1 == w[1].1);
    let (_, out, final_pos) = &results[0];
    if json {
        let mut out = out.clone();
        out["engines"] = json!(results.iter().map(|r| r.0.clone()).collect::<Vec<_>>());
        out["engines_agree"] = json!(agree);
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        for s in out["steps"].as_array().into_iter().flatten() {
            let cap = s["captured"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|v| v.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default();
            match s["reason"].as_str() {
                Some(r) => println!("{}: illegal ({r})", s["move"].as_str().unwrap_or("")),
                None if cap.is_empty() => println!("{}: legal", s["move"].as_str().unwrap_or("")),
                None => println!(
                    "{}: legal, captures {cap}",
                    s["move"].as_str().unwrap_or("")
                ),
            }
        }
        print!("{}", with_coordinates(&geometry, final_pos));
        println!(
            "prisoners: black {} white {}",
            out["prisoners"]["black"], out["prisoners"]["white"]
        );
        if !agree {
            for (name, o, _) in &results[1..] {
                println!(
                    "{}",
                    side_by_side(
                        &results[0].0,
                        &serde_json::to_string_pretty(out).unwrap_or_default(),
                        name,
                        &serde_json::to_string_pretty(o).unwrap_or_default()
                    )
                );
            }
        }
    }
    if agree {
        Ok(())
    } else {
        eprintln!("the engines disagree");
        Err(Exit::Failed)
    }
}

fn cmd_score(
    ruleset: String,
    komi: f64,
    choice: EngineChoice,
    json: bool,
    file: PathBuf,
) -> Result<(), Exit> {
    let rules = ruleset_rules(&ruleset)?;
    if !komi.is_finite() {
        return Err(Exit::BadInput("--komi must be a finite number".into()));
    }
    let (geometry, position) = read_diagram(&file)?;
    let start = Start {
        position,
        to_move: Colour::Black,
        handicap: 0,
        prisoners: Default::default(),
    };
    let mut scores = Vec::new();
    for engine in engines(choice) {
        let game = engine
            .start(&geometry, &rules, &start)
            .map_err(|u| Exit::BadInput(u.to_string()))?;
        let s = game
            .score(komi)
            .ok_or_else(|| Exit::BadInput(format!("ruleset {ruleset} has no area scoring")))?;
        scores.push((engine.name(), s));
    }
    let agree = scores.windows(2).all(|w| w[0].1 == w[1].1);
    let s = &scores[0].1;
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "ruleset": ruleset, "black": s.black, "white": s.white, "komi": s.komi,
                "score": s.score, "result": s.result, "engines_agree": agree,
                "engines": scores.iter().map(|x| x.0.clone()).collect::<Vec<_>>(),
            }))
            .unwrap_or_default()
        );
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
    if agree {
        Ok(())
    } else {
        for (n, s) in &scores {
            eprintln!("{n}: {s:?}");
        }
        eprintln!("the engines disagree");
        Err(Exit::Failed)
    }
}

fn cmd_count(size: String, choice: EngineChoice, json: bool) -> Result<(), Exit> {
    let g = parse_size(&size).map_err(|e| Exit::BadInput(e.message.clone()))?;
    let (w, h) = g.rect_size().unwrap_or((0, 0));
    if w * h > 25 {
        return Err(Exit::BadInput(format!(
            "{size}: counting by enumeration is limited to 25 points (3^25 colourings)"
        )));
    }
    let mut counts = Vec::new();
    for engine in engines(choice) {
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
        println!("{}", serde_json::to_string_pretty(&json!({
            "size": size, "legal_positions": counts[0].1, "engines_agree": agree,
            "engines": counts.iter().map(|(n, c, t)| json!({"engine": n, "count": c, "seconds": t})).collect::<Vec<_>>(),
        })).unwrap_or_default());
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

fn cmd_immortal(file: PathBuf, choice: EngineChoice, budget: u64, json: bool) -> Result<(), Exit> {
    use go_oracle::engine::Answer;
    let (geometry, position) = read_diagram(&file)?;
    if !go_oracle::reference::play::is_legal_position(&geometry, &position) {
        return Err(Exit::BadInput(format!(
            "{}: a string has no liberty; immortality (NAJ N-17) is defined on legal positions",
            file.display()
        )));
    }
    let w = geometry.rect_size().map(|s| s.0).unwrap_or(1);
    let rows = |v: &[bool]| -> Vec<String> {
        v.chunks(w)
            .map(|r| r.iter().map(|&x| if x { 'X' } else { '.' }).collect())
            .collect()
    };
    let mut per_engine = Vec::new();
    for engine in engines(choice) {
        let mut colours = serde_json::Map::new();
        let mut undetermined = serde_json::Map::new();
        for player in [Colour::Black, Colour::White] {
            match engine
                .immortal(&geometry, &position, player, budget)
                .map_err(|u| Exit::BadInput(u.to_string()))?
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
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "black": pick("black"), "white": pick("white"),
                "engines_agree": agree, "engines": engines_json,
            }))
            .unwrap_or_default()
        );
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
    if agree {
        Ok(())
    } else {
        eprintln!("the engines disagree");
        Err(Exit::Failed)
    }
}

fn explain_j2003(g: &Geometry, j: &go_oracle::runner::J2003Trace, t: &Trace, check: &Check) {
    let cycle = t.cycle.as_ref();
    if let (Some(c), Some(d)) = (cycle, j.cycle_difference) {
        println!(
            "long cycle (J2003 J-15 ... J-18): the last play recreated position {} ({} moves back); cycle-difference {d}: {}",
            c.start,
            c.length,
            j.result.clone().unwrap_or_default()
        );
        return;
    }
    if j.pass_undetermined {
        println!(
            "an ending pass could not be judged by the direct ko rule (J-19) within {} states per check",
            check.solver_budget
        );
    }
    let Some(a) = &j.analysis else {
        println!("J2003: no analysis (the alternation did not end with two passes, or nothing asks for it)");
        return;
    };
    println!(
        "J2003 analysis of the final position (J-52; {} states/nodes, budget {} per check):",
        a.explored, check.solver_budget
    );
    for s in &a.strings {
        let pts: Vec<&str> = s.points.iter().map(|&p| g.name(p)).collect();
        println!(
            "  {} {}: {}{}",
            s.colour.name(),
            pts.join(" "),
            s.status.map(|x| x.name()).unwrap_or("undetermined"),
            match s.direct_ko_stone {
                Some(true) => ", direct ko stone",
                Some(false) => "",
                None => ", direct ko stone undetermined",
            }
        );
        // One principal variation of the check that decided it (S-2), by the optimized
        // solver, in the compact notation (the attacker opens).
        if let (Some(_), Some(c)) = (s.status, &s.deciding_check) {
            if let Ok(Some((forced, line))) =
                Optimized::default().j2003_principal_line(g, &t.position, c, check.solver_budget)
            {
                let attacker = c.defender.opponent();
                let letters: String = line
                    .iter()
                    .map(|m| match m {
                        Move::Play(p) => g.name(*p).to_string(),
                        Move::Pass => "p".to_string(),
                        Move::KoPass => "P".to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                println!(
                    "    {} check: {} {}: {}{}[{}]",
                    match c.kind {
                        go_oracle::status_game::StatusKind::Uncapturable => "uncapturable",
                        go_oracle::status_game::StatusKind::Capturable1 => "capturable-1",
                        go_oracle::status_game::StatusKind::Capturable2 => "capturable-2",
                    },
                    attacker.name(),
                    if forced {
                        "can force it"
                    } else {
                        "cannot force it"
                    },
                    if forced {
                        "winning line "
                    } else {
                        "refutation "
                    },
                    if attacker == Colour::Black { "#" } else { "O" },
                    letters
                );
            }
        }
    }
    println!(
        "prisoner-difference {}, komi {}: score {} ({})",
        j.prisoner_difference,
        fmt_number(check.komi),
        j.score
            .map(fmt_number)
            .unwrap_or_else(|| "undefined".into()),
        j.result.clone().unwrap_or_else(|| "undefined".into())
    );
}

fn explain_naj(g: &Geometry, naj: &go_oracle::runner::NajTrace, check: &Check) {
    use go_oracle::engine::Answer;
    for (trace, colour, mark) in [
        (&naj.black_analysis, Colour::Black, 'B'),
        (&naj.white_analysis, Colour::White, 'W'),
    ] {
        let Some(t) = trace else {
            println!("\n{}-analysis: not given", colour.name());
            continue;
        };
        println!(
            "\n{}-analysis ({} opens, ends after three passes):",
            colour.name(),
            colour.opponent()
        );
        for s in &t.steps {
            let verdict = match &s.result {
                Ok(r) if r.is_empty() => "legal".to_string(),
                Ok(r) => format!(
                    "legal, removes {}",
                    r.iter().map(|&p| g.name(p)).collect::<Vec<_>>().join(" ")
                ),
                Err(reason) => format!("ILLEGAL ({reason})"),
            };
            println!(
                "{:>5}. {} {}: {}",
                s.index,
                s.player.letter(),
                move_text(g, s.mv),
                verdict
            );
        }
        println!(
            "position at its end{}:",
            if t.over {
                ""
            } else {
                " (not ended by three passes)"
            }
        );
        print!("{}", with_coordinates(g, &t.end));
        match &t.control {
            Answer::Decided(c) => {
                println!("{} control {mark}:", colour.name());
                let p = Position((0..c.len()).map(|q| naj.final_position.get(q)).collect());
                for (y, row) in p.rows(g).iter().enumerate() {
                    let w = row.chars().count();
                    let line: Vec<String> = row
                        .chars()
                        .enumerate()
                        .map(|(x, ch)| {
                            if c[y * w + x] {
                                mark.to_string()
                            } else {
                                ch.to_string()
                            }
                        })
                        .collect();
                    println!("    {}", line.join(" "));
                }
            }
            Answer::Undetermined { explored } => println!(
                "{} control: undetermined within budget {} ({explored} positions explored)",
                colour.name(),
                check.budget
            ),
        }
    }
    let show = |v: Option<i64>| {
        v.map(|x| x.to_string())
            .unwrap_or_else(|| "undefined".into())
    };
    println!(
        "\nblack-score {}, white-score {}, prisoner-difference {}, komi {}: score {} ({})",
        show(naj.black_score),
        show(naj.white_score),
        naj.prisoner_difference,
        fmt_number(check.komi),
        naj.score
            .map(fmt_number)
            .unwrap_or_else(|| "undefined".into()),
        naj.result.clone().unwrap_or_else(|| "undefined".into())
    );
}

/// A line of moves as explicit notation: `W pass, B J1, ...`.
fn line_text(g: &Geometry, first: Colour, line: &[Move]) -> String {
    let mut player = first;
    let mut out = Vec::new();
    for &mv in line {
        out.push(format!("{} {}", player.letter(), move_text(g, mv)));
        player = player.opponent();
    }
    out.join(", ")
}

#[allow(clippy::too_many_arguments)]
fn cmd_analyse(
    file: PathBuf,
    analysis: String,
    choice: EngineChoice,
    budget: go_oracle::procedure::naj::Budget,
    komi: f64,
    prisoner_difference: i64,
    json: bool,
    without: Vec<String>,
) -> Result<(), Exit> {
    use go_oracle::procedure::naj::solve;

    use go_oracle::engine::Answer;
    let colours: Vec<Colour> = match analysis.to_ascii_lowercase().as_str() {
        "black" | "b" => vec![Colour::Black],
        "white" | "w" => vec![Colour::White],
        "both" => vec![Colour::Black, Colour::White],
        other => {
            return Err(Exit::BadInput(format!(
                "--analysis: expected black, white or both, found `{other}`"
            )))
        }
    };
    let mut switches = go_oracle::procedure::naj::Switches::default();
    for w in &without {
        match w.as_str() {
            "bounds" => switches.bounds = false,
            "transpositions" => switches.transpositions = false,
            other => {
                return Err(Exit::BadInput(format!(
                    "--without: expected bounds or transpositions, found `{other}`"
                )))
            }
        }
    }
    let (geometry, position) = read_diagram(&file)?;
    if !go_oracle::reference::play::is_legal_position(&geometry, &position) {
        return Err(Exit::BadInput(format!(
            "{}: a string has no liberty; a final-position is a legal position",
            file.display()
        )));
    }
    let rules = RulesetId::Naj
        .analysis_rules()
        .ok_or_else(|| Exit::BadInput("naj has no analyses".into()))?;
    let mut report = serde_json::Map::new();
    let mut values: BTreeMap<(String, &'static str), Option<i64>> = BTreeMap::new();
    for engine in engines(choice) {
        let mut per = serde_json::Map::new();
        for &colour in &colours {
            let key = format!("{}-analysis", colour.name());
            let started = std::time::Instant::now();
            let answer = solve(
                engine.as_ref(),
                &geometry,
                &rules,
                &position,
                colour,
                budget,
                switches,
            )
            .map_err(|u| Exit::BadInput(u.to_string()))?;
            let seconds = started.elapsed().as_secs_f64();
            let entry = match &answer {
                Answer::Decided(s) => {
                    values.insert((engine.name(), colour.name()), Some(s.value));
                    json!({"value": s.value, "line": line_text(&geometry, colour.opponent(), &s.line),
                           "nodes": s.nodes, "seconds": seconds})
                }
                Answer::Undetermined { explored } => {
                    values.insert((engine.name(), colour.name()), None);
                    json!({"value": null, "undetermined": {"explored": explored, "budget": budget.nodes},
                           "seconds": seconds})
                }
            };
            if !json {
                match &answer {
                    Answer::Decided(s) => println!(
                        "{}: {key} value {} ({} states, {seconds:.2} s)\n  line: {}",
                        engine.name(),
                        s.value,
                        s.nodes,
                        line_text(&geometry, colour.opponent(), &s.line)
                    ),
                    Answer::Undetermined { explored } => println!(
                        "{}: {key} undetermined within budget {} ({explored} states, {seconds:.2} s)",
                        engine.name(),
                        budget.nodes
                    ),
                }
            }
            per.insert(key, entry);
        }
        report.insert(engine.name(), serde_json::Value::Object(per));
    }
    // Engines agree on every value both decided.
    let mut agree = true;
    let mut pick: BTreeMap<&'static str, i64> = BTreeMap::new();
    for ((_, colour), v) in &values {
        if let Some(v) = v {
            if let Some(old) = pick.insert(colour, *v) {
                agree &= old == *v;
            }
        }
    }
    let score = match (pick.get("black"), pick.get("white")) {
        (Some(b), Some(w)) => Some((b - w + prisoner_difference) as f64 - komi),
        _ => None,
    };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "black_analysis_value": pick.get("black"),
                "white_analysis_value": pick.get("white"),
                "score": score,
                "result": score.map(go_oracle::engine::result_text),
                "engines_agree": agree,
                "engines": report,
            }))
            .unwrap_or_default()
        );
    } else if let Some(s) = score {
        println!(
            "optimal score: {} - {} + {prisoner_difference} - {} = {} ({})",
            pick["black"],
            pick["white"],
            fmt_number(komi),
            fmt_number(s),
            go_oracle::engine::result_text(s)
        );
    }
    if agree {
        Ok(())
    } else {
        eprintln!("the engines disagree");
        Err(Exit::Failed)
    }
}

fn cmd_status(
    ruleset: String,
    file: PathBuf,
    choice: EngineChoice,
    budget: u64,
    prisoner_difference: i64,
    komi: f64,
    json: bool,
) -> Result<(), Exit> {
    if ruleset != "j2003" {
        return Err(Exit::BadInput(format!(
            "--ruleset: `status` decides J2003 life and death; expected j2003, found `{ruleset}`"
        )));
    }
    let (geometry, position) = read_diagram(&file)?;
    if !go_oracle::reference::play::is_legal_position(&geometry, &position) {
        return Err(Exit::BadInput(format!(
            "{}: a string has no liberty; a final-position is a legal position",
            file.display()
        )));
    }
    let mut reports = Vec::new();
    for engine in engines(choice) {
        let started = std::time::Instant::now();
        let analysis =
            go_oracle::procedure::j2003::analyse(engine.as_ref(), &geometry, &position, budget)
                .map_err(|u| Exit::BadInput(u.to_string()))?;
        let seconds = started.elapsed().as_secs_f64();
        let score = if analysis.is_decided() {
            let board = engine
                .j2003_board_score(&geometry, &position, &analysis.status_at(geometry.len()))
                .map_err(|u| Exit::BadInput(u.to_string()))?;
            Some((board + prisoner_difference) as f64 - komi)
        } else {
            None
        };
        reports.push((engine.name(), analysis, score, seconds));
    }
    let strings_json = |a: &go_oracle::status_game::Analysis| -> Vec<serde_json::Value> {
        a.strings
            .iter()
            .map(|s| {
                json!({
                    "colour": s.colour.name(),
                    "points": s.points.iter().map(|&p| geometry.name(p).to_string()).collect::<Vec<_>>(),
                    "status": s.status.map(|x| x.name()).unwrap_or("undetermined"),
                    "alive": s.status.map(|x| x.is_alive()),
                    "direct_ko_stone": s.direct_ko_stone,
                })
            })
            .collect()
    };
    // Engines agree on every status both decide, and on the score.
    let mut agree = true;
    for w in reports.windows(2) {
        let (a, b) = (&w[0].1, &w[1].1);
        for (x, y) in a.strings.iter().zip(&b.strings) {
            if let (Some(p), Some(q)) = (x.status, y.status) {
                agree &= p == q;
            }
            if let (Some(p), Some(q)) = (x.direct_ko_stone, y.direct_ko_stone) {
                agree &= p == q;
            }
        }
        if let (Some(p), Some(q)) = (w[0].2, w[1].2) {
            agree &= p == q;
        }
    }
    let best = reports
        .iter()
        .max_by_key(|r| r.1.strings.iter().filter(|s| s.status.is_some()).count())
        .expect("at least one engine");
    if json {
        let engines_json: serde_json::Map<String, serde_json::Value> = reports
            .iter()
            .map(|(n, a, sc, secs)| {
                (
                    n.clone(),
                    json!({"strings": strings_json(a), "score": sc, "explored": a.explored, "seconds": secs}),
                )
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "strings": strings_json(&best.1),
                "score": best.2,
                "result": best.2.map(go_oracle::engine::result_text),
                "prisoner_difference": prisoner_difference,
                "komi": komi,
                "engines_agree": agree,
                "engines": engines_json,
            }))
            .unwrap_or_default()
        );
    } else {
        print!("{}", with_coordinates(&geometry, &position));
        for (name, a, sc, secs) in &reports {
            println!("{name} ({} nodes/states, {secs:.2} s):", a.explored);
            for s in &a.strings {
                let pts: Vec<&str> = s.points.iter().map(|&p| geometry.name(p)).collect();
                println!(
                    "  {} {}: {}{}",
                    s.colour.name(),
                    pts.join(" "),
                    s.status.map(|x| x.name()).unwrap_or("undetermined"),
                    match s.direct_ko_stone {
                        Some(true) => ", direct ko stone",
                        Some(false) => "",
                        None => ", direct ko stone undetermined",
                    }
                );
            }
            match sc {
                Some(x) => println!(
                    "  score {} ({})",
                    fmt_number(*x),
                    go_oracle::engine::result_text(*x)
                ),
                None => {
                    println!("  score undefined: a status is undetermined within budget {budget}")
                }
            }
        }
    }
    if agree {
        Ok(())
    } else {
        eprintln!("the engines disagree");
        Err(Exit::Failed)
    }
}
