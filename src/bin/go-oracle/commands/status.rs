//! `go-oracle status`: J2003 life and death of every string of a final-position, and the
//! score (J-41 ... J-64); with `--ruleset vjr` the VJR status assessment (`status_vjr`).

use super::FINAL_POSITION_IS_LEGAL;
use super::{read_legal_diagram, EngineChoice};
use crate::error::{verdict_exit_within, Exit};
use crate::output::{
    fmt_number, print_json, result_text, string_report_line, string_status_word, with_coordinates,
};
use go_oracle::rules::RulesetId;
use go_oracle::session::ask::j2003::StatusQuestion;
use go_oracle::session::VerdictKind;
use go_oracle::status_game::Analysis;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum)]
    ruleset: RulesetId,
    diagram_file: PathBuf,
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    /// Nodes (reference) or states (optimized) each status check may visit (J2003: the
    /// optimized engine's safety screen may also examine as many positions of its local games).
    #[arg(long, default_value_t = 1_000_000)]
    budget: u64,
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    prisoner_difference: i64,
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    komi: f64,
    #[arg(long)]
    json: bool,
    /// VJR only (spec vjr.md VP-1): which description of independent life.
    #[arg(long, value_enum)]
    independent_life: Option<go_oracle::vjr::IndependentLife>,
    /// VJR only (spec vjr.md VP-2): which infinite variations V-17 judges.
    #[arg(long, value_enum)]
    long_cycles: Option<go_oracle::vjr::LongCycles>,
    /// Only the strings holding these points (comma-separated, e.g. `D4,Q16`): no score.
    #[arg(long, value_delimiter = ',')]
    at: Vec<String>,
    /// Switch these speed-ups of the optimized engine off (comma-separated names, as `bench
    /// --without` and the corpus's `optimized-without-NAME` configurations take them).
    #[arg(long, value_delimiter = ',')]
    without: Vec<String>,
    /// Wall-clock seconds the whole analysis may take beside the budget (0: none, the
    /// default); past it every search stops as past its budget, and the strings left are
    /// undetermined "within the time limit" (the engines share it in turn).
    #[arg(long, default_value_t = 0.0, value_parser = super::time_limit)]
    time_limit: f64,
}

/// `--at`: each name a point of the board holding a stone.
fn named_points(
    geometry: &go_oracle::geometry::Geometry,
    position: &go_oracle::geometry::Position,
    file: &std::path::Path,
    at: &[String],
) -> Result<Vec<go_oracle::geometry::Point>, Exit> {
    at.iter()
        .map(|name| {
            let p = geometry.parse_gtp(name.trim()).ok_or_else(|| {
                Exit::BadInput(format!(
                    "--at: expected a point of the board of {} (a column letter without I, two past Z, and a row number, e.g. D4 or AA4), found `{name}`",
                    file.display()
                ))
            })?;
            if position.get(p) == go_oracle::geometry::Cell::Empty {
                return Err(Exit::BadInput(format!(
                    "--at: {} is empty in {}: expected a point holding a stone",
                    geometry.name(p),
                    file.display()
                )));
            }
            Ok(p)
        })
        .collect()
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        ruleset,
        diagram_file: file,
        engine: choice,
        budget,
        prisoner_difference,
        komi,
        json,
        independent_life,
        long_cycles,
        at,
        without,
        time_limit,
    } = args;
    let limit = super::time_limit_duration(time_limit);
    let engines = choice.shared_engines_without(&without)?;
    if !komi.is_finite() {
        return Err(Exit::BadInput(format!(
            "--komi: expected a finite number, found {komi}"
        )));
    }
    if ruleset == RulesetId::Vjr {
        let (geometry, position) = read_legal_diagram(&file, FINAL_POSITION_IS_LEGAL)?;
        let named = named_points(&geometry, &position, &file, &at)?;
        return super::status_vjr::run(
            &geometry,
            &position,
            &named,
            &engines,
            independent_life.unwrap_or_default(),
            long_cycles.unwrap_or_default(),
            budget,
            prisoner_difference,
            komi,
            json,
            limit,
        );
    }
    if ruleset != RulesetId::J2003 {
        return Err(Exit::BadInput(format!(
            "--ruleset: `status` decides J2003 and VJR life and death; expected j2003 or vjr, found `{ruleset}`"
        )));
    }
    if independent_life.is_some() {
        return Err(Exit::BadInput(
            "--independent-life is a VJR parameter (--ruleset vjr)".to_string(),
        ));
    }
    if long_cycles.is_some() {
        return Err(Exit::BadInput(
            "--long-cycles is a VJR parameter (--ruleset vjr)".to_string(),
        ));
    }
    let (geometry, position) = read_legal_diagram(&file, FINAL_POSITION_IS_LEGAL)?;
    let named = named_points(&geometry, &position, &file, &at)?;
    let answer = super::asked(json, limit, || {
        let q = StatusQuestion {
            budget,
            prisoner_difference,
            komi,
        };
        go_oracle::session::ask::j2003::statuses_of(
            &engines,
            &geometry,
            &position,
            q,
            super::strings_named(&named),
        )
    })?;
    let strings_json = |a: &Analysis| -> Vec<serde_json::Value> {
        a.strings
            .iter()
            .map(|s| {
                json!({
                    "colour": s.colour.name(),
                    "points": s.points.iter().map(|&p| geometry.name(p).to_string()).collect::<Vec<_>>(),
                    "status": string_status_word(s),
                    "alive": s.status.map(|x| x.is_alive()),
                    "direct_ko_stone": s.direct_ko_stone,
                })
            })
            .collect()
    };
    let verdict = answer.verdict;
    if json {
        let engines_json: serde_json::Map<String, serde_json::Value> = answer
            .engines
            .iter()
            .map(|e| {
                let a = &e.answer.analysis;
                (
                    e.engine.clone(),
                    json!({"strings": strings_json(a), "score": e.answer.score, "explored": a.explored, "seconds": e.seconds, "time_limit_passed": e.time_limit_passed}),
                )
            })
            .collect();
        let best = answer.shown().map(|e| &e.answer);
        print_json(&json!({
            "strings": best.map(|b| strings_json(&b.analysis)),
            "score": best.and_then(|b| b.score),
            "result": best.and_then(|b| b.score).map(result_text),
            "prisoner_difference": prisoner_difference,
            "komi": komi,
            "engines_agree": verdict != VerdictKind::Disagreed,
            "verdict": verdict.as_str(),
            "engines": engines_json,
        }));
    } else {
        print!("{}", with_coordinates(&geometry, &position));
        for e in &answer.engines {
            let a = &e.answer.analysis;
            println!(
                "{} ({} nodes/states, {:.2} s):",
                e.engine, a.explored, e.seconds
            );
            for s in &a.strings {
                println!("{}", string_report_line(&geometry, s));
            }
            match e.answer.score {
                Some(x) => println!("  score {} ({})", fmt_number(x), result_text(x)),
                None if !named.is_empty() => {
                    println!(
                        "  no score: --at asks for some strings only (J-64 needs every string)"
                    )
                }
                None => println!(
                    "  score undefined: a status is undetermined within budget {budget}{}",
                    if e.time_limit_passed {
                        " and the time limit"
                    } else {
                        ""
                    }
                ),
            }
        }
    }
    verdict_exit_within(verdict, answer.engines.iter().any(|e| e.time_limit_passed))
}
