//! `go-oracle explain`: a case replayed step by step with diagrams, legality, captures, the
//! score, and for NAJ and J2003 the analyses.

use super::EngineChoice;
use crate::error::Exit;
use crate::output::{
    compact_move_text, fmt_number, legal_text, move_text, print_json, rules_text, score_and_result,
    status_word, string_report_line, with_coordinates,
};
use go_oracle::engine::{Answer, Engine, LineMove, Move, PrincipalLine, Spent};
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::parse::case::{load_case, Check};
use go_oracle::runner::{
    format_failure, verdicts, J2003Trace, NajTrace, Replay, Replays, Status, Trace,
};
use go_oracle::session::witness;
use go_oracle::status_game::{StatusCheck, StatusKind};
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
    if let (Some(c), None) = (&t.cycle, t.j2003()) {
        println!(
            "long cycle (NAJN): the last play recreated position {} ({} moves back): long-cycle-tie",
            c.start, c.length
        );
    }
    if let Some(naj) = t.naj() {
        explain_naj(g, naj, check);
    }
    if let Some(j) = t.j2003() {
        explain_j2003(g, j, t, check, engines);
    }
    if let Some(v) = t.vjr() {
        super::explain_vjr::explain(g, v, &t.position, check, engines);
    }
}

fn explain_j2003(
    g: &Geometry,
    j: &J2003Trace,
    t: &Trace,
    check: &Check,
    engines: &[Box<dyn Engine>],
) {
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
        println!("{}", string_report_line(g, s));
        // One principal variation of the check that decided it (S-2), by the first engine
        // that gives one (session::witness), in the compact notation (the attacker opens).
        if let (Some(_), Some(c)) = (s.status, &s.deciding_check) {
            if let Some((_, line)) =
                witness::j2003_line(engines, g, &t.position, c, check.solver_budget)
            {
                println!("{}", principal_line_text(g, c, &line));
            }
        }
    }
    println!(
        "prisoner-difference {}, komi {}: score {}",
        j.prisoner_difference,
        fmt_number(check.komi),
        score_and_result(j.score, j.result.as_deref())
    );
}

fn explain_naj(g: &Geometry, naj: &NajTrace, check: &Check) {
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
                Ok(r) => legal_text(g, r),
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
            Answer::Undetermined(Spent { explored }) => println!(
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
        "\nblack-score {}, white-score {}, prisoner-difference {}, komi {}: score {}",
        show(naj.black_score),
        show(naj.white_score),
        naj.prisoner_difference,
        fmt_number(check.komi),
        score_and_result(naj.score, naj.result.as_deref())
    );
}

/// The name of a J2003 status check.
fn check_name(kind: StatusKind) -> &'static str {
    match kind {
        StatusKind::Uncapturable => "uncapturable",
        StatusKind::Capturable1 => "capturable-1",
        StatusKind::Capturable2 => "capturable-2",
    }
}

/// A J2003 check's principal line in the compact notation (the attacker opens); a pinned
/// game's tempo (J-LOC-8) is `~`, a play of the prover's opponent outside the fenced set.
fn principal_line_text(g: &Geometry, c: &StatusCheck, line: &PrincipalLine) -> String {
    let attacker = c.defender.opponent();
    if let Some(proof) = line.without_line {
        return format!(
            "    {} check: {attacker} cannot force it: {}",
            check_name(c.kind),
            proof.text()
        );
    }
    let letters: String = line
        .moves
        .iter()
        .map(|&m| match m {
            LineMove::Move(m) => compact_move_text(g, m),
            LineMove::Outside => "~".into(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    let pinned = if line.moves.contains(&LineMove::Outside) {
        format!(
            " (on {}'s fenced set, J-LOC-8: `~` is {} playing outside it)",
            if line.forced { attacker } else { c.defender }.name(),
            if line.forced { c.defender } else { attacker }.name()
        )
    } else {
        String::new()
    };
    format!(
        "    {} check: {} {}: {}{}[{}]{pinned}",
        check_name(c.kind),
        attacker.name(),
        if line.forced {
            "can force it"
        } else {
            "cannot force it"
        },
        if line.forced {
            "winning line "
        } else {
            "refutation "
        },
        attacker.symbol(),
        letters
    )
}
