//! `go-oracle status --ruleset vjr`: the VJR status assessment of every string of a final
//! position (spec `vjr.md` V-12 ... V-22), the territory and the score (V-24 ... V-28).
//! JSON contract: docs/cli.md, "status".

use crate::error::{verdict_exit_within, Exit};
use crate::output::{
    fmt_number, points_text, print_json, result_text, vjr_answer_text, with_coordinates,
};
use go_oracle::geometry::{Geometry, Point, Position};
use go_oracle::runner::vjr::territory_rows;
use go_oracle::session::ask::vjr::AssessmentQuestion;
use go_oracle::session::VerdictKind;
use go_oracle::vjr::{
    IndependentLife, LongCycles, Outcome, VjrAssessment, VjrStringReport, VjrTerritory,
};
use serde_json::json;

/// `true` / `false` / `null` (undefined or undetermined).
fn answer_json(o: Option<Outcome>) -> serde_json::Value {
    match o {
        Some(Outcome::Yes) => json!(true),
        Some(Outcome::No) => json!(false),
        _ => serde_json::Value::Null,
    }
}

fn status_word(s: &VjrStringReport) -> &'static str {
    s.status.map(|x| x.name()).unwrap_or("undetermined")
}

#[allow(clippy::too_many_arguments)]
pub fn run(
    geometry: &Geometry,
    position: &Position,
    named: &[Point],
    engines: &[std::sync::Arc<dyn go_oracle::engine::Engine>],
    life: IndependentLife,
    long_cycles: LongCycles,
    budget: u64,
    prisoner_difference: i64,
    komi: f64,
    json: bool,
    limit: Option<std::time::Duration>,
) -> Result<(), Exit> {
    let answer = super::asked(json, limit, || {
        let q = AssessmentQuestion {
            life,
            long_cycles,
            budget,
            prisoner_difference,
            komi,
        };
        go_oracle::session::ask::vjr::assessment_of(
            engines,
            geometry,
            position,
            q,
            super::strings_named(named),
        )
    })?;
    let verdict = answer.verdict;
    let strings_json = |a: &VjrAssessment| -> Vec<serde_json::Value> {
        a.strings
            .iter()
            .map(|s| {
                json!({
                    "colour": s.colour.name(),
                    "points": s.points.iter().map(|&p| geometry.name(p).to_string()).collect::<Vec<_>>(),
                    "status": status_word(s),
                    "uncapturable": answer_json(s.uncapturable),
                    "independently_alive": answer_json(s.independently_alive),
                })
            })
            .collect()
    };
    let territory_json = |t: &Option<VjrTerritory>| -> serde_json::Value {
        match t {
            Some(t) => json!(territory_rows(geometry, &t.owner)
                .lines()
                .map(|l| l.replace(' ', ""))
                .collect::<Vec<_>>()),
            None => serde_json::Value::Null,
        }
    };
    if json {
        let engines_json: serde_json::Map<String, serde_json::Value> = answer
            .engines
            .iter()
            .map(|e| {
                let r = &e.answer;
                (
                    e.engine.clone(),
                    json!({
                        "strings": strings_json(&r.assessment),
                        "territory": territory_json(&r.territory),
                        "score": r.score,
                        "explored": r.assessment.explored,
                        "seconds": e.seconds,
                        "time_limit_passed": e.time_limit_passed,
                    }),
                )
            })
            .collect();
        let best = answer.shown().map(|e| &e.answer);
        print_json(&json!({
            "ruleset": "vjr",
            "independent_life": life.name(),
            "long_cycles": long_cycles.name(),
            "strings": best.map(|b| strings_json(&b.assessment)),
            "territory": territory_json(&best.and_then(|b| b.territory.clone())),
            "removed": best.and_then(|b| b.territory.as_ref()).map(|t| json!({"black": t.removed_black, "white": t.removed_white})),
            "score": best.and_then(|b| b.score),
            "result": best.and_then(|b| b.score).map(result_text),
            "prisoner_difference": prisoner_difference,
            "komi": komi,
            "engines_agree": verdict != VerdictKind::Disagreed,
            "verdict": verdict.as_str(),
            "engines": engines_json,
        }));
    } else {
        print!("{}", with_coordinates(geometry, position));
        println!("independent life: {life}; long cycles: {long_cycles}");
        for e in &answer.engines {
            let r = &e.answer;
            println!(
                "{} ({} nodes/states, {:.2} s):",
                e.engine, r.assessment.explored, e.seconds
            );
            for s in &r.assessment.strings {
                println!(
                    "  {} {}: {} (independently alive: {}, uncapturable: {})",
                    s.colour.name(),
                    points_text(geometry, &s.points),
                    status_word(s),
                    vjr_answer_text(s.independently_alive),
                    vjr_answer_text(s.uncapturable)
                );
            }
            match (&r.territory, r.score) {
                (Some(t), Some(x)) => {
                    println!(
                        "  territory (B, W; removed dead stones: black {}, white {}):",
                        t.removed_black, t.removed_white
                    );
                    for l in territory_rows(geometry, &t.owner).lines() {
                        println!("    {l}");
                    }
                    println!("  score {} ({})", fmt_number(x), result_text(x));
                }
                _ => {
                    let why = if !named.is_empty() {
                        "--at asks for some strings only (V-24 needs every string)".to_string()
                    } else if r.assessment.strings.iter().any(|s| s.status.is_none()) {
                        format!(
                            "a status is undetermined within budget {budget}{}",
                            if e.time_limit_passed {
                                " and the time limit"
                            } else {
                                ""
                            }
                        )
                    } else {
                        "a status is undefined (the rules do not decide it, V-22)".to_string()
                    };
                    println!("  no territory and no score: {why}");
                }
            }
        }
    }
    verdict_exit_within(verdict, answer.engines.iter().any(|e| e.time_limit_passed))
}
