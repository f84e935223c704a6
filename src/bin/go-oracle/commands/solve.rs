//! `go-oracle solve`: the value of the empty board under perfect play (area scoring, the
//! ruleset's superko), with one principal line (spec `solve.md`).

use super::{ruleset_rules, EngineChoice};
use crate::error::{verdict_exit, Exit};
use crate::output::{fmt_number, line_text, print_json, result_text};
use go_oracle::engine::{Answer, Spent, Start};
use go_oracle::geometry::Colour;
use go_oracle::parse::diagram::parse_size;
use go_oracle::rules::RulesetId;
use go_oracle::session::ask::solve::{BoardSolved, SolveQuestion, Switches};
use go_oracle::session::VerdictKind;
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    /// tromp-taylor (situational superko) or tromp-logical (positional superko).
    #[arg(long, value_enum)]
    ruleset: RulesetId,
    /// Board size WxH (e.g. 3x3).
    size: String,
    /// Game states the search may visit.
    #[arg(long, default_value_t = 10_000_000)]
    budget: u64,
    /// Subtracted from Black's area minus White's.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    komi: f64,
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineChoice,
    /// Switch search speed-ups off (comma-separated: pass-first, transpositions, bounds, symmetry,
    /// ordering).
    #[arg(long, value_delimiter = ',')]
    without: Vec<String>,
    #[arg(long)]
    json: bool,
}

/// Boards larger than this are refused: the search cannot finish on them.
const MAX_POINTS: usize = 25;

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        ruleset,
        size,
        budget,
        komi,
        engine: choice,
        without,
        json,
    } = args;
    if !matches!(ruleset, RulesetId::TrompTaylor | RulesetId::TrompLogical) {
        return Err(Exit::BadInput(format!(
            "--ruleset {ruleset}: solve takes tromp-taylor or tromp-logical (area scoring, superko)"
        )));
    }
    if !komi.is_finite() {
        return Err(Exit::BadInput("--komi must be a finite number".into()));
    }
    let mut switches = Switches::default();
    for w in &without {
        let Some(s) = Switches::without(w) else {
            return Err(Exit::BadInput(format!(
                "--without: expected one of {}, found `{w}`",
                Switches::NAMES.join(", ")
            )));
        };
        switches = switches.and(s);
    }
    let geometry = parse_size(&size).map_err(|e| Exit::BadInput(e.message.clone()))?;
    let Some((width, height)) = geometry.rect_size() else {
        return Err(Exit::BadInput(format!("{size}: expected WxH")));
    };
    if width * height > MAX_POINTS {
        return Err(Exit::BadInput(format!(
            "{size}: solve is limited to boards of at most {MAX_POINTS} points"
        )));
    }
    let rules = ruleset_rules(ruleset)?;
    let answer = go_oracle::session::ask::solve::solve(
        &choice.shared_engines(),
        &geometry,
        &SolveQuestion {
            rules,
            start: Start::empty(&geometry),
            budget,
            switches,
            komi,
        },
    )?;
    let verdict = answer.verdict;
    let decided = answer
        .engines
        .iter()
        .all(|e| matches!(e.answer.answer, Answer::Decided(_)));
    // The states a search visited, decided or not.
    let spent = |a: &Answer<BoardSolved>| match a {
        Answer::Decided(s) => s.nodes,
        Answer::Undetermined(Spent { explored }) => *explored,
    };
    if json {
        let per: Vec<serde_json::Value> = answer
            .engines
            .iter()
            .map(|e| match (&e.answer.answer, e.answer.score) {
                (Answer::Decided(s), Some(score)) => {
                    json!({"engine": e.engine, "ruleset": ruleset.as_str(), "width": width,
                           "height": height, "komi": komi, "value": result_text(score),
                           "score": score,
                           "principal_line": line_text(&geometry, Colour::Black, &s.line),
                           "nodes": s.nodes, "seconds": e.seconds, "decided": true})
                }
                (a, _) => {
                    json!({"engine": e.engine, "ruleset": ruleset.as_str(), "width": width,
                           "height": height, "komi": komi, "value": null, "score": null,
                           "principal_line": null, "nodes": spent(a), "seconds": e.seconds,
                           "decided": false, "budget": budget})
                }
            })
            .collect();
        let mut first = per.first().cloned().unwrap_or_default();
        if let Some(o) = first.as_object_mut() {
            o.remove("engine");
            o.insert("decided".into(), json!(decided));
            o.insert(
                "engines_agree".into(),
                json!(verdict != VerdictKind::Disagreed),
            );
            o.insert("verdict".into(), json!(verdict.as_str()));
            o.insert("engines".into(), json!(per));
        }
        print_json(&first);
    } else {
        for e in &answer.engines {
            let (name, seconds) = (&e.engine, e.seconds);
            match (&e.answer.answer, e.answer.score) {
                (Answer::Decided(s), Some(score)) => {
                    println!(
                        "{name}: {ruleset} {width}x{height} komi {}: {} ({} nodes, {seconds:.2} s)\n  line: {}",
                        fmt_number(komi),
                        result_text(score),
                        s.nodes,
                        line_text(&geometry, Colour::Black, &s.line)
                    );
                }
                (a, _) => println!(
                    "{name}: {ruleset} {width}x{height}: undetermined within budget ({} nodes, {seconds:.2} s)",
                    spent(a)
                ),
            }
        }
    }
    verdict_exit(verdict)
}
