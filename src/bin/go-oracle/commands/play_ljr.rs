//! `go-oracle play --ruleset ljr`: LJR turns (spec `ljr.md` L-3 ... L-13). A turn is
//! `B D4`, `B pass`, `B cycle` (remove the disturbing cycle whose start is the most recent
//! similar situation) or `B cycle+D4`; an illegal turn is reported and the same player moves
//! next. When the game is over the score (L-5) uses control by the two-eye test (L-14).

use super::parse_colour;
use crate::error::{engines_agree, Exit};
use crate::output::{json_side_by_side, print_json, with_coordinates};
use go_oracle::engine::Engine;
use go_oracle::geometry::{Colour, Geometry, Point, Position};
use go_oracle::ljr::{ControlMethod, LjrParams, LjrStart, Turn};
use go_oracle::procedure::ljr::{control_maps, score_of};
use go_oracle::rules::Prisoners;
use serde_json::{json, Value};

/// A written turn: the colour, the text, and how to make it.
struct Written {
    colour: Colour,
    text: String,
    cycle: bool,
    play: Option<Point>,
}

/// `POINTS`: GTP points separated by commas (empty = none).
pub fn parse_points(geometry: &Geometry, s: &str, what: &str) -> Result<Vec<Point>, Exit> {
    let mut out = Vec::new();
    for w in s.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        out.push(geometry.parse_gtp(w).ok_or_else(|| {
            Exit::BadInput(format!(
                "{what}: `{w}` is not a point of the board (GTP coordinates, e.g. D4, separated by commas)"
            ))
        })?);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// `B,W`: the captives each player holds.
pub fn parse_captives(s: &str) -> Result<Prisoners, Exit> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let bad = || {
        Exit::BadInput(format!(
            "--captives `{s}`: expected B,W (two counts, e.g. 2,0)"
        ))
    };
    if parts.len() != 2 {
        return Err(bad());
    }
    Ok(Prisoners {
        black: parts[0].parse().map_err(|_| bad())?,
        white: parts[1].parse().map_err(|_| bad())?,
    })
}

/// `--komi` of LJR: a non-negative integer (L-2).
pub fn integer_komi(komi: f64) -> Result<i64, Exit> {
    if komi.is_finite() && komi >= 0.0 && komi.fract() == 0.0 && komi < 1e9 {
        Ok(komi as i64)
    } else {
        Err(Exit::BadInput(format!(
            "--komi {komi}: LJR komi is a non-negative integer (L-2)"
        )))
    }
}

fn parse_turns(geometry: &Geometry, words: &[String]) -> Result<Vec<Written>, Exit> {
    if !words.len().is_multiple_of(2) {
        return Err(Exit::BadInput(format!(
            "turns come in pairs `COLOUR TURN` (e.g. `B D4 W pass B cycle+C3`); got {} words",
            words.len()
        )));
    }
    let mut out = Vec::new();
    for (i, pair) in words.chunks(2).enumerate() {
        let colour = parse_colour(&pair[0]).ok_or_else(|| {
            Exit::BadInput(format!(
                "turn {}: `{}` is not a colour, expected B or W",
                i + 1,
                pair[0]
            ))
        })?;
        let t = pair[1].to_ascii_lowercase();
        let (cycle, point_text) = if t == "cycle" {
            (true, None)
        } else if let Some(p) = t.strip_prefix("cycle+") {
            (true, Some(p))
        } else if t == "pass" {
            (false, None)
        } else {
            (false, Some(t.as_str()))
        };
        let play = match point_text {
            None => None,
            Some(p) => Some(geometry.parse_gtp(p).ok_or_else(|| {
                Exit::BadInput(format!(
                    "turn {}: `{}` is not a turn: expected a point (D4), `pass`, `cycle` or `cycle+D4`",
                    i + 1,
                    pair[1]
                ))
            })?),
        };
        out.push(Written {
            colour,
            text: format!("{} {}", colour.letter(), pair[1]),
            cycle,
            play,
        });
    }
    Ok(out)
}

/// Options of an LJR game given on the command line.
pub struct LjrOptions {
    pub initially_prohibited: Vec<Point>,
    pub komi: i64,
    pub budget: u64,
}

pub fn run(
    engines: Vec<Box<dyn Engine>>,
    geometry: &Geometry,
    position: Position,
    to_move: Colour,
    options: LjrOptions,
    words: &[String],
    json_out: bool,
) -> Result<(), Exit> {
    let turns = parse_turns(geometry, words)?;
    let start = LjrStart {
        position,
        to_move,
        initially_prohibited: options.initially_prohibited.clone(),
        permanently_prohibited: Vec::new(),
        captives: Prisoners::default(),
    };
    let name = |p: Point| geometry.name(p).to_string();
    let names = |v: &[Point]| v.iter().map(|&p| name(p)).collect::<Vec<_>>();
    let mut results: Vec<(String, Value, Position)> = Vec::new();
    for engine in &engines {
        let mut game = engine.ljr_start(geometry, &start)?;
        let mut steps = Vec::new();
        for (i, w) in turns.iter().enumerate() {
            if game.to_move() != w.colour {
                return Err(Exit::BadInput(format!(
                    "turn {} `{}`: {} is to move, not {}",
                    i + 1,
                    w.text,
                    game.to_move(),
                    w.colour
                )));
            }
            // `cycle`: the most recent similar situation; none means no disturbing cycle,
            // which the engine reports for a start that is not an earlier situation.
            let remove_cycle = w.cycle.then(|| {
                game.disturbing_cycles()
                    .last()
                    .copied()
                    .unwrap_or(game.turns())
            });
            let turn = Turn {
                remove_cycle,
                play: w.play,
            };
            let r = game.play(turn);
            steps.push(json!({
                "move": w.text,
                "legal": r.is_ok(),
                "reason": r.as_ref().err().map(|e| e.as_str()),
                "captured": r.as_ref().map(|d| names(&d.captured)).unwrap_or_default(),
                "cycle_removed": r.as_ref().map(|d| names(&d.cycle_removed)).unwrap_or_default(),
            }));
        }
        let situation = game.situation();
        let score = if game.is_over() {
            let maps = control_maps(
                engine.as_ref(),
                geometry,
                &game.position(),
                &situation.permanently_prohibited,
                ControlMethod::TwoEyeTest,
                LjrParams::default(),
                options.budget,
            )?;
            json!(score_of(
                &game.position(),
                &maps,
                game.captives(),
                options.komi
            ))
        } else {
            Value::Null
        };
        results.push((
            engine.name(),
            json!({
                "ruleset": "ljr",
                "steps": steps,
                "final": game.position().rows(geometry),
                "to_move": game.to_move().name(),
                "game_over": game.is_over(),
                "permanently_prohibited": names(&situation.permanently_prohibited),
                "temporarily_prohibited": names(&situation.temporarily_prohibited),
                "passes_needed": situation.passes_needed,
                "captives": game.captives(),
                "score": score,
            }),
            game.position(),
        ));
    }
    let agree = results.windows(2).all(|w| w[0].1 == w[1].1);
    let (_, out, final_pos) = &results[0];
    if json_out {
        let mut out = out.clone();
        out["engines"] = json!(results.iter().map(|r| r.0.clone()).collect::<Vec<_>>());
        out["engines_agree"] = json!(agree);
        print_json(&out);
    } else {
        for s in out["steps"].as_array().into_iter().flatten() {
            let list = |k: &str| {
                s[k].as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .unwrap_or_default()
            };
            let mv = s["move"].as_str().unwrap_or("");
            match s["reason"].as_str() {
                Some(r) => println!("{mv}: illegal ({r})"),
                None => {
                    let mut what = vec!["legal".to_string()];
                    if !list("cycle_removed").is_empty() {
                        what.push(format!("cycle removed from {}", list("cycle_removed")));
                    }
                    if !list("captured").is_empty() {
                        what.push(format!("captures {}", list("captured")));
                    }
                    println!("{mv}: {}", what.join(", "));
                }
            }
        }
        print!("{}", with_coordinates(geometry, final_pos));
        println!(
            "captives: black {} white {}; permanently prohibited: {}; {} to move{}",
            out["captives"]["black"],
            out["captives"]["white"],
            out["permanently_prohibited"]
                .as_array()
                .map(|a| a
                    .iter()
                    .filter_map(|v| v.as_str())
                    .collect::<Vec<_>>()
                    .join(" "))
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
        if !agree {
            for (name, o, _) in &results[1..] {
                println!("{}", json_side_by_side(&results[0].0, out, name, o));
            }
        }
    }
    engines_agree(agree)
}
