//! `go-oracle play`: GTP-style moves under a ruleset, from an empty board or a diagram.

use super::turns::Written;
use super::{parse_colour, read_diagram, ruleset_rules, turns, GameOptions};
use crate::error::Exit;
use crate::output::{print_json, with_coordinates};
use go_oracle::engine::Start;
use go_oracle::geometry::{Colour, Position};
use go_oracle::parse::diagram::parse_size;
use go_oracle::rules::RulesetId;
use go_oracle::session::{Config, Session, Verdict, VerdictKind};
use serde_json::{json, Value};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum)]
    ruleset: RulesetId,
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
    /// LJR: initially prohibited locations (L-2), GTP points separated by commas.
    #[arg(long)]
    prohibited: Option<String>,
    /// Nodes or states each search may visit: LJR's control questions of the final score,
    /// J2003's analysis that judges an ending pass (J-19, per status check).
    #[arg(long, default_value_t = 100_000)]
    budget: u64,
    #[command(flatten)]
    options: GameOptions,
    /// Moves: `B D4`, `W pass`, ... (as separate words or quoted pairs).
    moves: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        ruleset,
        size,
        setup,
        to_move,
        handicap,
        prohibited,
        budget,
        options,
        moves,
    } = args;
    if ruleset != RulesetId::Ljr && prohibited.is_some() {
        return Err(Exit::BadInput(
            "--prohibited belongs to --ruleset ljr (initial prohibitions, L-2)".into(),
        ));
    }
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
    let komi = options.komi()?;
    let words: Vec<String> = moves
        .iter()
        .flat_map(|m| m.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect();
    let ljr = ruleset == RulesetId::Ljr;
    let initially_prohibited = match &prohibited {
        Some(s) => turns::parse_points(&geometry, s, "--prohibited")?,
        None => Vec::new(),
    };
    if ljr {
        if handicap != 0 {
            return Err(Exit::BadInput("LJR has no handicap (L-2)".into()));
        }
        turns::integer_komi(komi)?;
    } else {
        ruleset_rules(ruleset)?;
    }
    let written = turns::parse_turns(&geometry, &words, ljr)?;
    let mut session = Session::new(
        Config {
            ruleset,
            patch: Default::default(),
            komi,
            budget,
            independent_life: Default::default(),
            engines: options.engine.shared_engines(),
        },
        geometry.clone(),
    )
    .map_err(|e| Exit::BadInput(format!("--ruleset {ruleset}: {e}")))?;
    let start = Start {
        position,
        to_move: first,
        handicap,
        prisoners: Default::default(),
    };
    session
        .restart(geometry.clone(), start, initially_prohibited)
        .map_err(Exit::BadInput)?;
    let played = play_steps(&mut session, &written)?;
    let mut out = final_json(&session, ljr, played.verdict)?;
    out["steps"] = json!(played.steps);
    let verdict = match out["verdict"].as_str() {
        Some("agreed") => VerdictKind::Agreed,
        Some("undetermined") => VerdictKind::Undetermined,
        _ => VerdictKind::Disagreed,
    };
    if options.json {
        out["engines"] = json!(session
            .engines()
            .iter()
            .map(|e| e.name())
            .collect::<Vec<_>>());
        out["engines_agree"] = json!(verdict != VerdictKind::Disagreed);
        print_json(&out);
    } else {
        print_text(&session, &out, ljr, &played.words);
    }
    match verdict {
        VerdictKind::Agreed => Ok(()),
        VerdictKind::Disagreed => {
            eprintln!("the engines disagree");
            Err(Exit::Failed)
        }
        VerdictKind::Undetermined => {
            // The text output ends with the shortfall; JSON has it in `undetermined`.
            eprintln!("undetermined: an answer above is not decided within the budget");
            Err(Exit::Undetermined)
        }
    }
}

/// The steps as JSON, the session's words on each, and the verdict so far.
struct PlayedSteps {
    steps: Vec<Value>,
    words: Vec<StepWords>,
    verdict: Option<(VerdictKind, String)>,
}

/// What the session said a step did to the move-sequences, in words (the text output).
struct StepWords {
    /// Why the move started a new move-sequence (or, not made, was judged as its start).
    sequence: Option<&'static str>,
    /// How the ruleset ended the move-sequence with it.
    ended: Option<String>,
}

/// Make each written move through the session; stop at the first move the engines disagree
/// on or cannot decide. Each step says what the session answered the move did to the
/// move-sequences: `ends_game` (`null` when the move was not decided) and `new_sequence`,
/// and the same in words for the text output.
fn play_steps(session: &mut Session, written: &[Written]) -> Result<PlayedSteps, Exit> {
    let geometry = session.geometry().clone();
    let names = |v: &[go_oracle::geometry::Point]| {
        v.iter()
            .map(|&p| geometry.name(p).to_string())
            .collect::<Vec<_>>()
    };
    let ljr = session.ruleset() == RulesetId::Ljr;
    let mut steps = Vec::new();
    let mut words = Vec::new();
    for w in written {
        let played = session.play(w.colour, w.action).map_err(Exit::BadInput)?;
        let mut step = json!({
            "move": w.text,
            "ends_game": played.end.is_some(),
            "new_sequence": played.start.as_str(),
        });
        words.push(StepWords {
            sequence: played.start.describe(),
            ended: played.end.map(|e| e.describe()),
        });
        match &played.verdict {
            Verdict::Agreed(Ok(done)) => {
                step["legal"] = json!(true);
                step["reason"] = Value::Null;
                step["captured"] = json!(names(&done.removed));
                if ljr {
                    step["cycle_removed"] = json!(names(&done.cycle_removed));
                }
            }
            Verdict::Agreed(Err(reason)) => {
                step["legal"] = json!(false);
                step["reason"] = json!(reason.as_str());
                step["captured"] = json!([]);
                if ljr {
                    step["cycle_removed"] = json!([]);
                }
            }
            other => {
                step["ends_game"] = Value::Null;
                step["legal"] = Value::Null;
                step["reason"] = Value::Null;
                step["verdict"] = json!(other.kind().as_str());
                step["detail"] = json!(other.describe());
                steps.push(step);
                return Ok(PlayedSteps {
                    steps,
                    words,
                    verdict: Some((other.kind(), other.describe())),
                });
            }
        }
        steps.push(step);
    }
    Ok(PlayedSteps {
        steps,
        words,
        verdict: None,
    })
}

/// The position at the end, with the ruleset's score, and the overall verdict.
fn final_json(
    session: &Session,
    ljr: bool,
    steps_verdict: Option<(VerdictKind, String)>,
) -> Result<Value, Exit> {
    let g = session.geometry();
    let (w, h) = g.rect_size().unwrap_or((0, 0));
    let names = |v: &[go_oracle::geometry::Point]| {
        v.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>()
    };
    let mut out = json!({
        "ruleset": session.ruleset().as_str(),
        "size": format!("{w}x{h}"),
        "final": session.position().rows(g),
        "to_move": session.to_move().name(),
        "game_over": session.is_over(),
    });
    let mut verdict = steps_verdict;
    let score = if verdict.is_some() {
        Value::Null
    } else if ljr {
        if session.is_over() {
            let v = session.ljr_score().map_err(Exit::BadInput)?;
            if !matches!(v, Verdict::Agreed(_)) {
                verdict = Some((v.kind(), v.describe()));
            }
            v.agreed().map(|s| json!(s)).unwrap_or(Value::Null)
        } else {
            Value::Null
        }
    } else {
        let v = session.area_score().map_err(Exit::BadInput)?;
        if !matches!(v, Verdict::Agreed(_)) {
            verdict = Some((v.kind(), v.describe()));
        }
        v.agreed().map(|s| json!(s)).unwrap_or(Value::Null)
    };
    out["score"] = score;
    if ljr {
        let situation = session.games()[0].situation().unwrap_or_else(|| {
            // An LJR game always has a situation.
            go_oracle::ljr::Situation {
                to_move: session.to_move(),
                passes_needed: 0,
                black: Vec::new(),
                white: Vec::new(),
                temporarily_prohibited: Vec::new(),
                permanently_prohibited: Vec::new(),
            }
        });
        out["permanently_prohibited"] = json!(names(&situation.permanently_prohibited));
        out["temporarily_prohibited"] = json!(names(&situation.temporarily_prohibited));
        out["passes_needed"] = json!(situation.passes_needed);
        out["captives"] = json!(session.prisoners());
    } else {
        out["prisoners"] = json!(session.prisoners());
    }
    let (kind, detail) = verdict.unwrap_or((VerdictKind::Agreed, String::new()));
    out["verdict"] = json!(kind.as_str());
    match kind {
        VerdictKind::Agreed => {}
        VerdictKind::Undetermined => out["undetermined"] = json!(detail),
        VerdictKind::Disagreed => out["disagreement"] = json!(detail),
    }
    Ok(out)
}

/// The steps, the board and the end as text.
fn print_text(session: &Session, out: &Value, ljr: bool, words: &[StepWords]) {
    let list = |s: &Value, k: &str| {
        s[k].as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default()
    };
    for (s, words) in out["steps"].as_array().into_iter().flatten().zip(words) {
        let mv = s["move"].as_str().unwrap_or("");
        let new_sequence = |made: bool| match words.sequence {
            Some(why) if made => format!("; {why}: this move starts a new move-sequence"),
            Some(why) => format!("; {why}: judged as the start of a new move-sequence"),
            None => String::new(),
        };
        if s["verdict"].is_string() {
            // The detail opens with the verdict ("undetermined: ...", "engines disagree: ...").
            println!(
                "{mv}: {}{}",
                s["detail"].as_str().unwrap_or(""),
                new_sequence(false)
            );
            continue;
        }
        match s["reason"].as_str() {
            Some(r) => println!("{mv}: illegal ({r}){}", new_sequence(false)),
            None => {
                let mut what = vec!["legal".to_string()];
                if !list(s, "cycle_removed").is_empty() {
                    what.push(format!("cycle removed from {}", list(s, "cycle_removed")));
                }
                if !list(s, "captured").is_empty() {
                    what.push(format!("captures {}", list(s, "captured")));
                }
                println!("{mv}: {}{}", what.join(", "), new_sequence(true));
            }
        }
        if let Some(how) = &words.ended {
            println!("the game ended here ({how})");
        }
    }
    print!(
        "{}",
        with_coordinates(session.geometry(), &session.position())
    );
    if ljr {
        println!(
            "captives: black {} white {}; permanently prohibited: {}; {} to move{}",
            out["captives"]["black"],
            out["captives"]["white"],
            Some(list(out, "permanently_prohibited"))
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "none".into()),
            out["to_move"].as_str().unwrap_or(""),
            if out["game_over"] == json!(true) {
                format!(
                    "; game over, score {}",
                    out["score"]["result"]
                        .as_str()
                        .unwrap_or("undetermined within the budget")
                )
            } else {
                String::new()
            }
        );
    } else {
        println!(
            "prisoners: black {} white {}",
            out["prisoners"]["black"], out["prisoners"]["white"]
        );
    }
    match out["verdict"].as_str() {
        Some("disagreed") => println!("{}", out["disagreement"].as_str().unwrap_or("")),
        Some("undetermined") => println!("{}", out["undetermined"].as_str().unwrap_or("")),
        _ => {}
    }
}
