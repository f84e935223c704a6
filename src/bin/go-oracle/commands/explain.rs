//! `go-oracle explain`: a case replayed step by step with diagrams, legality, captures, the
//! score, and for NAJ and J2003 the analyses.

use super::EngineChoice;
use crate::error::Exit;
use crate::output::{
    fmt_number, legal_text, move_text, print_json, rules_text, status_word, with_coordinates,
};
use go_oracle::engine::{Engine, Move};
use go_oracle::geometry::Geometry;
use go_oracle::parse::case::{load_case, Check};
use go_oracle::runner::{format_failure, verdicts, FamilyTrace, Replay, Replays, Status, Trace};
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Only this check.
    #[arg(long)]
    check: Option<String>,
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        file,
        check: only,
        engine: choice,
        json,
    } = args;
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
    let engines = choice.engines();
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
        let replays = Replays::of(check, &engines);
        let statuses = verdicts(check, &engines, choice.compare());
        if statuses.iter().any(|(_, s)| matches!(s, Status::Failed(_))) {
            any_failed = true;
        }
        if json {
            let per: serde_json::Map<String, serde_json::Value> = replays
                .replays
                .iter()
                .zip(&statuses)
                .map(|((n, t), (_, s))| {
                    let v = match replay_result(t) {
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
        // The trace shown: the one that decided the most statuses (the reference often
        // runs out of budget where the optimized engine does not).
        let Some((first_name, first)) = replays.shown() else {
            continue;
        };
        match replay_result(first) {
            Err(m) => println!("{first_name}: {m}"),
            Ok(t) => explain_trace(g, t, check, &engines),
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
        print_json(&json!({"case": case.file.id, "checks": out_json}));
    }
    if any_failed {
        Err(Exit::Failed)
    } else {
        Ok(())
    }
}

/// A replay, or what kept it from running, in words.
fn replay_result(r: &Replay) -> Result<&Trace, String> {
    match r {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(p)) => Err(format!("case problem: {}", p.message)),
        Err(why) => Err(format!("not runnable: {why}")),
    }
}

/// One engine's replay of a check as JSON.
fn trace_json(check: &Check, t: &Trace) -> serde_json::Value {
    let g = &check.geometry;
    if let Some(l) = t.ljr() {
        return super::explain_ljr::trace_json(g, l);
    }
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
        "vjr": t.vjr().map(|v| super::explain_vjr::trace_json(g, v)),
        "final": t.position.rows(g),
        "prisoners": t.prisoners,
        "score": t.score,
        "game_over": t.game_over,
        "to_move": t.to_move.name(),
    })
}

/// One engine's replay of a check: every step, the final position, the score, and the NAJ
/// or J2003 part.
fn explain_trace(g: &Geometry, t: &Trace, check: &Check, engines: &[Box<dyn Engine>]) {
    if let Some(l) = t.ljr() {
        return super::explain_ljr::explain(g, l, check);
    }
    for (s, step) in t.steps.iter().zip(&check.steps) {
        let verdict = match &s.result {
            Ok(r) => legal_text(g, r),
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
    if let (Some(c), false) = (&t.cycle, matches!(t.family, FamilyTrace::J2003(_))) {
        println!(
            "long cycle (NAJN): the last play recreated position {} ({} moves back): long-cycle-tie",
            c.start, c.length
        );
    }
    match &t.family {
        FamilyTrace::Naj(naj) => super::explain_naj::explain(g, naj, check),
        FamilyTrace::J2003(j) => super::explain_j2003::explain(g, j, t, check, engines),
        FamilyTrace::Vjr(v) => super::explain_vjr::explain(g, v, &t.position, check, engines),
        FamilyTrace::Play | FamilyTrace::Ljr(_) => {}
    }
}
