//! `go-oracle status --ruleset vjr`: the VJR status assessment of every string of a final
//! position (spec `vjr.md` V-12 ... V-22), the territory and the score (V-24 ... V-28).
//! JSON contract: README.md, "status".

use super::EngineChoice;
use crate::error::{verdict_exit, verdict_of, Exit};
use crate::output::{
    fmt_number, points_text, print_json, result_text, vjr_answer_text, with_coordinates,
};
use go_oracle::engine::Engine;
use go_oracle::geometry::{Geometry, Position};
use go_oracle::runner::vjr::territory_rows;
use go_oracle::vjr::{IndependentLife, Outcome, VjrAssessment, VjrStringReport, VjrTerritory};
use serde_json::json;

/// What one engine found.
struct Report {
    name: String,
    assessment: VjrAssessment,
    territory: Option<VjrTerritory>,
    score: Option<f64>,
    seconds: f64,
}

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

/// Assess with one engine.
fn assess(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    life: IndependentLife,
    budget: u64,
    prisoner_difference: i64,
    komi: f64,
) -> Result<Report, Exit> {
    let t0 = std::time::Instant::now();
    let unsupported = |u: go_oracle::engine::Unsupported| Exit::BadInput(u.to_string());
    let assessment = go_oracle::procedure::vjr::assess(engine, geometry, position, life, budget)
        .map_err(unsupported)?;
    let territory = go_oracle::procedure::vjr::territory(engine, geometry, position, &assessment)
        .map_err(unsupported)?;
    let score = territory
        .as_ref()
        .map(|t| go_oracle::procedure::vjr::score(t, prisoner_difference, komi));
    Ok(Report {
        name: engine.name(),
        assessment,
        territory,
        score,
        seconds: t0.elapsed().as_secs_f64(),
    })
}

#[allow(clippy::too_many_arguments)]
pub fn run(
    geometry: &Geometry,
    position: &Position,
    choice: EngineChoice,
    life: IndependentLife,
    budget: u64,
    prisoner_difference: i64,
    komi: f64,
    json: bool,
) -> Result<(), Exit> {
    let mut reports = Vec::new();
    for engine in choice.engines() {
        reports.push(assess(
            engine.as_ref(),
            geometry,
            position,
            life,
            budget,
            prisoner_difference,
            komi,
        )?);
    }
    let agree = agree_on(&reports);
    let decided = |r: &Report| {
        r.assessment
            .strings
            .iter()
            .filter(|s| s.status.is_some())
            .count()
    };
    let best = reports
        .iter()
        .max_by_key(|r| decided(r))
        .expect("at least one engine");
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
        let engines_json: serde_json::Map<String, serde_json::Value> = reports
            .iter()
            .map(|r| {
                (
                    r.name.clone(),
                    json!({
                        "strings": strings_json(&r.assessment),
                        "territory": territory_json(&r.territory),
                        "score": r.score,
                        "explored": r.assessment.explored,
                        "seconds": r.seconds,
                    }),
                )
            })
            .collect();
        print_json(&json!({
            "ruleset": "vjr",
            "independent_life": life.name(),
            "strings": strings_json(&best.assessment),
            "territory": territory_json(&best.territory),
            "removed": best.territory.as_ref().map(|t| json!({"black": t.removed_black, "white": t.removed_white})),
            "score": best.score,
            "result": best.score.map(result_text),
            "prisoner_difference": prisoner_difference,
            "komi": komi,
            "engines_agree": agree,
            "verdict": verdict_of(agree, vjr_undetermined(&reports)).as_str(),
            "engines": engines_json,
        }));
    } else {
        print!("{}", with_coordinates(geometry, position));
        println!("independent life: {life}");
        for r in &reports {
            println!(
                "{} ({} nodes/states, {:.2} s):",
                r.name, r.assessment.explored, r.seconds
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
                    let why = if r.assessment.strings.iter().any(|s| s.status.is_none()) {
                        format!("a status is undetermined within budget {budget}")
                    } else {
                        "a status is undefined (the rules do not decide it, V-22)".to_string()
                    };
                    println!("  no territory and no score: {why}");
                }
            }
        }
    }
    verdict_exit(verdict_of(agree, vjr_undetermined(&reports)))
}

/// Whether some engine left a status undetermined within the budget.
fn vjr_undetermined(reports: &[Report]) -> bool {
    reports
        .iter()
        .any(|r| r.assessment.strings.iter().any(|s| s.status.is_none()))
}

/// Whether the engines agree on every answer both decide, the territory and the score.
fn agree_on(reports: &[Report]) -> bool {
    let mut agree = true;
    for w in reports.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        for (x, y) in a.assessment.strings.iter().zip(&b.assessment.strings) {
            for (p, q) in [
                (x.uncapturable, y.uncapturable),
                (x.independently_alive, y.independently_alive),
            ] {
                if let (Some(p), Some(q)) = (p, q) {
                    agree &= p == q;
                }
            }
            if let (Some(p), Some(q)) = (x.status, y.status) {
                agree &= p == q;
            }
        }
        if let (Some(p), Some(q)) = (&a.territory, &b.territory) {
            agree &= p == q;
        }
        if let (Some(p), Some(q)) = (a.score, b.score) {
            agree &= p == q;
        }
    }
    agree
}
