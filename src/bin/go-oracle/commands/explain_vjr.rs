//! `go-oracle explain` for VJR checks: the assessment of the final position (spec `vjr.md`
//! V-12 ... V-28) and, per decided question, one principal variation in the compact
//! notation (the owner's opponent opens, V-5).

use crate::output::{
    compact_move_text, fmt_number, points_text, score_and_result, vjr_answer_text,
};
use go_oracle::engine::Engine;
use go_oracle::geometry::{Geometry, Position};
use go_oracle::parse::case::Check;
use go_oracle::runner::vjr::{territory_rows, VjrTrace};
use go_oracle::session::witness;
use go_oracle::vjr::{Question, VjrQuestion};
use serde_json::json;

/// One principal variation of a question, by the first engine that gives one
/// (`session::witness`).
fn line(
    engines: &[Box<dyn Engine>],
    g: &Geometry,
    position: &Position,
    c: &VjrQuestion,
    budget: u64,
) -> Option<String> {
    let (engine, (outcome, moves)) = witness::vjr_line(engines, g, position, c, budget)?;
    let letters: Vec<String> = moves.iter().map(|&m| compact_move_text(g, m)).collect();
    Some(format!(
        "{}: {}[{}] ({engine})",
        vjr_answer_text(Some(outcome)),
        c.first_mover().symbol(),
        letters.join(" "),
    ))
}

pub fn explain(
    g: &Geometry,
    v: &VjrTrace,
    position: &Position,
    check: &Check,
    engines: &[Box<dyn Engine>],
) {
    let Some(a) = &v.assessment else {
        println!("VJR: no assessment (the alternation did not end with two passes, or nothing asks for it)");
        return;
    };
    println!(
        "VJR status assessment of the final position (independent life: {}; long cycles: {}; {} states/nodes, budget {} per question):",
        a.independent_life, a.long_cycles, a.explored, check.solver_budget
    );
    for s in &a.strings {
        println!(
            "  {} {}: {} (independently alive: {}, uncapturable: {})",
            s.colour.name(),
            points_text(g, &s.points),
            s.status.map(|x| x.name()).unwrap_or("undetermined"),
            vjr_answer_text(s.independently_alive),
            vjr_answer_text(s.uncapturable),
        );
        for (question, answer, what) in [
            (
                Question::Formation(a.independent_life),
                s.independently_alive,
                "formation (V-12), owner seeks",
            ),
            (
                Question::Capture,
                s.uncapturable,
                "capture (V-13), opponent seeks",
            ),
        ] {
            if answer.is_none() {
                continue;
            }
            let c = VjrQuestion {
                long_cycles: a.long_cycles,
                string: s.points.clone(),
                owner: s.colour,
                question,
            };
            if let Some(l) = line(engines, g, position, &c, check.solver_budget) {
                println!("    {what}: {l}");
            }
        }
    }
    match &v.territory {
        Some(t) => {
            println!(
                "territory (V-25; removed dead stones: black {}, white {}):",
                t.removed_black, t.removed_white
            );
            for l in territory_rows(g, &t.owner).lines() {
                println!("  {l}");
            }
        }
        None => println!("no territory: a status is undefined or undetermined"),
    }
    println!(
        "prisoner-difference {}, komi {}: score {}",
        v.prisoner_difference,
        fmt_number(check.komi),
        score_and_result(v.score, v.result.as_deref())
    );
}

pub fn trace_json(g: &Geometry, v: &VjrTrace) -> serde_json::Value {
    json!({
        "assessment": v.assessment.as_ref().map(|a| json!({
            "independent_life": a.independent_life.name(),
            "long_cycles": a.long_cycles.name(),
            "explored": a.explored,
            "strings": a.strings.iter().map(|s| json!({
                "colour": s.colour.name(),
                "points": s.points.iter().map(|&p| g.name(p).to_string()).collect::<Vec<_>>(),
                "status": s.status.map(|x| x.name()).unwrap_or("undetermined"),
                "uncapturable": vjr_answer_text(s.uncapturable),
                "independently_alive": vjr_answer_text(s.independently_alive),
            })).collect::<Vec<_>>(),
        })),
        "territory": v.territory.as_ref().map(|t| territory_rows(g, &t.owner).lines().map(|l| l.replace(' ', "")).collect::<Vec<_>>()),
        "score": v.score,
        "result": v.result,
        "prisoner_difference": v.prisoner_difference,
    })
}
