//! `go-oracle explain` for LJR checks: each turn with its cycle removal, captures and the
//! prohibited locations after it; the final situation; control by the two-eye test with one
//! winning line of the test game per controlled set, and control by disputes.

use crate::output::with_coordinates;
use go_oracle::geometry::{Geometry, Point};
use go_oracle::ljr::{test_point_name, ControlAnswer};
use go_oracle::parse::case::Check;
use go_oracle::runner::ljr::LjrTrace;
use serde_json::{json, Value};

fn names(g: &Geometry, v: &[Point]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.iter().map(|&p| g.name(p)).collect::<Vec<_>>().join(" ")
    }
}

fn map_rows(g: &Geometry, maps: &[ControlAnswer; 2]) -> Vec<String> {
    let cells: Vec<char> = g
        .points()
        .map(|p| match (maps[0].controlled[p], maps[1].controlled[p]) {
            (Some(true), Some(true)) => '*',
            (Some(true), Some(false)) => 'B',
            (Some(false), Some(true)) => 'W',
            (Some(false), Some(false)) => '.',
            _ => '?',
        })
        .collect();
    let w = g.rect_size().map(|s| s.0).unwrap_or(cells.len()).max(1);
    cells.chunks(w).map(|r| r.iter().collect()).collect()
}

pub fn explain(g: &Geometry, t: &LjrTrace, check: &Check) {
    let Some(l) = check.ljr() else { return };
    if !l.start.initially_prohibited.is_empty() || !l.start.permanently_prohibited.is_empty() {
        println!(
            "initially prohibited: {}; permanently prohibited: {}",
            names(g, &l.start.initially_prohibited),
            names(g, &l.start.permanently_prohibited)
        );
    }
    for (s, step) in t.steps.iter().zip(&l.steps) {
        let turn = s.turn.describe(|p| g.name(p).to_string());
        let verdict = match &s.result {
            Err(reason) => format!("ILLEGAL ({reason}); {} still to move", s.player),
            Ok(d) => {
                let mut v = "legal".to_string();
                if !d.cycle_removed.is_empty() {
                    v += &format!("; the cycle removal takes {}", names(g, &d.cycle_removed));
                }
                if !d.captured.is_empty() {
                    v += &format!("; captures {}", names(g, &d.captured));
                }
                if d.ko_capture {
                    v += " (a ko capture, L-12)";
                }
                v
            }
        };
        let expected = if step.expect.legal {
            ""
        } else {
            " [expected illegal]"
        };
        println!(
            "\n{:>3}. {} {turn}  (written `{}`): {verdict}{expected}",
            s.index,
            s.player.letter(),
            step.text
        );
        if s.result.is_ok() && !s.turn.is_pass() {
            print!("{}", with_coordinates(g, &s.position));
            println!(
                "captives: black {} white {}; permanently prohibited: {}",
                s.captives.black,
                s.captives.white,
                names(g, &s.permanently_prohibited)
            );
        }
    }
    let sit = &t.situation;
    println!(
        "\nfinal situation{}: {} to move, passes needed {}, temporarily prohibited {}, permanently prohibited {}",
        if t.game_over { " (game over)" } else { "" },
        sit.to_move,
        sit.passes_needed,
        names(g, &sit.temporarily_prohibited),
        names(g, &sit.permanently_prohibited)
    );
    print!("{}", with_coordinates(g, &t.position));
    println!(
        "captives: black {} white {}",
        t.captives.black, t.captives.white
    );
    if let Some(maps) = &t.control {
        println!("control by the two-eye test (L-14; B, W, * both, ? undetermined):");
        for r in map_rows(g, maps) {
            println!("  {r}");
        }
        for (colour, a) in ["black", "white"].iter().zip(maps.iter()) {
            for p in &a.proofs {
                println!(
                    "  {colour} builds a two-eye formation on {{{}}}: {}",
                    names(g, &p.set),
                    if p.line.is_empty() {
                        "it stands at the start of the test game".to_string()
                    } else {
                        p.line
                            .iter()
                            .map(|x| x.describe(|q| test_point_name(g, q)))
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                );
            }
        }
    }
    if let Some(maps) = &t.dispute {
        println!("control by disputes (L-17):");
        for r in map_rows(g, maps) {
            println!("  {r}");
        }
    }
    if let Some(s) = &t.score {
        println!(
            "score (L-5): black {} white {} (komi {}) -> {}",
            s.black, s.white, s.komi, s.result
        );
    }
}

pub fn trace_json(g: &Geometry, t: &LjrTrace) -> Value {
    let steps: Vec<Value> = t
        .steps
        .iter()
        .map(|s| {
            json!({
                "index": s.index,
                "move": format!("{} {}", s.player.letter(), s.turn.describe(|p| g.name(p).to_string())),
                "written": s.text,
                "legal": s.result.is_ok(),
                "reason": s.result.as_ref().err().map(|r| r.as_str()),
                "captured": s.result.as_ref().map(|d| d.captured.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>()).unwrap_or_default(),
                "cycle_removed": s.result.as_ref().map(|d| d.cycle_removed.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>()).unwrap_or_default(),
                "position": s.position.rows(g),
                "captives": s.captives,
                "permanently_prohibited": s.permanently_prohibited.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "steps": steps,
        "final": t.position.rows(g),
        "captives": t.captives,
        "game_over": t.game_over,
        "to_move": t.situation.to_move.name(),
        "passes_needed": t.situation.passes_needed,
        "permanently_prohibited": t.situation.permanently_prohibited.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>(),
        "temporarily_prohibited": t.situation.temporarily_prohibited.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>(),
        "control": t.control.as_ref().map(|m| map_rows(g, m)),
        "dispute_control": t.dispute.as_ref().map(|m| map_rows(g, m)),
        "score": t.score,
    })
}
