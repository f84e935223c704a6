//! `go-oracle play`: GTP-style moves under a ruleset, from an empty board or a diagram.

use super::{parse_colour, play_ljr, read_diagram, ruleset_rules, GameOptions};
use crate::error::{engines_agree, Exit};
use crate::output::{json_side_by_side, move_text, print_json, with_coordinates};
use go_oracle::engine::{Illegal, Move, Start};
use go_oracle::geometry::{Colour, Position};
use go_oracle::parse::diagram::parse_size;
use go_oracle::rules::RulesetId;
use serde_json::json;
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
    /// LJR: nodes each control question of the final score may visit.
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
    if ruleset == RulesetId::Ljr {
        if handicap != 0 {
            return Err(Exit::BadInput("LJR has no handicap (L-2)".into()));
        }
        let initially_prohibited = match &prohibited {
            Some(s) => play_ljr::parse_points(&geometry, s, "--prohibited")?,
            None => Vec::new(),
        };
        let ljr_options = play_ljr::LjrOptions {
            initially_prohibited,
            komi: play_ljr::integer_komi(komi)?,
            budget,
        };
        return play_ljr::run(
            options.engine.engines(),
            &geometry,
            position,
            first,
            ljr_options,
            &words,
            options.json,
        );
    }
    let rules = ruleset_rules(ruleset)?;
    // Moves: colour then vertex, as separate words or in one argument.
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
    for engine in options.engine.engines() {
        let mut game = engine.start(&geometry, &rules, &start)?;
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
            "ruleset": ruleset.as_str(),
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
    if options.json {
        let mut out = out.clone();
        out["engines"] = json!(results.iter().map(|r| r.0.clone()).collect::<Vec<_>>());
        out["engines_agree"] = json!(agree);
        print_json(&out);
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
                println!("{}", json_side_by_side(&results[0].0, out, name, o));
            }
        }
    }
    engines_agree(agree)
}
