//! `go-oracle control --ruleset ljr DIAGRAM_FILE`: which locations each player controls by
//! the two-eye test (L-14) and by disputes (L-17), and the score (L-5).

use super::turns::{integer_komi, parse_captives, parse_points};
use super::{read_diagram, EngineChoice};
use crate::error::{verdict_exit, Exit};
use crate::output::{print_json, with_coordinates};
use go_oracle::geometry::{Geometry, Point, Position};
use go_oracle::ljr::{test_point_name, ControlAnswer, DisputeEdge, LjrParams, TestProhibitions};
use go_oracle::rules::{Prisoners, RulesetId};
use go_oracle::session::ask::ljr::ControlQuestion;
use go_oracle::session::VerdictKind;
use serde_json::{json, Value};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset; only `ljr` decides control this way.
    #[arg(long, value_enum)]
    ruleset: RulesetId,
    /// The position: a diagram file.
    diagram: PathBuf,
    /// Permanently prohibited locations (L-9.4), GTP points separated by commas.
    #[arg(long)]
    prohibited: Option<String>,
    /// Captives `B,W`: white stones Black removed, black stones White removed.
    #[arg(long)]
    captives: Option<String>,
    /// Komi, a non-negative integer (L-2).
    #[arg(long, default_value_t = 0.0)]
    komi: f64,
    /// Nodes each control question (one player, one method) may visit.
    #[arg(long, default_value_t = 200_000)]
    budget: u64,
    /// LP-1: what the test board keeps of the permanent prohibitions.
    #[arg(long, value_enum, default_value = "forget")]
    test_prohibitions: TestProhibitionsArg,
    /// LP-2: which refuter plays end a dispute by its first condition.
    #[arg(long, value_enum, default_value = "literal")]
    dispute_edge: DisputeEdgeArg,
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum TestProhibitionsArg {
    Forget,
    Keep,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum DisputeEdgeArg {
    Literal,
    Inside,
}

/// Rows top to bottom of `B`, `W`, `*` (both), `.` (neither); `None` while a location is
/// undetermined.
pub fn control_rows(geometry: &Geometry, maps: &[ControlAnswer; 2]) -> Option<Vec<String>> {
    let cells: Option<Vec<char>> = geometry
        .points()
        .map(|p| match (maps[0].controlled[p]?, maps[1].controlled[p]?) {
            (true, true) => Some('*'),
            (true, false) => Some('B'),
            (false, true) => Some('W'),
            (false, false) => Some('.'),
        })
        .collect();
    let cells = cells?;
    Some(match geometry.rect_size() {
        Some((w, _)) => cells.chunks(w).map(|r| r.iter().collect()).collect(),
        None => vec![cells.iter().collect()],
    })
}

fn undetermined(geometry: &Geometry, maps: &[ControlAnswer; 2]) -> Value {
    let list = |a: &ControlAnswer| -> Vec<String> {
        geometry
            .points()
            .filter(|&p| a.controlled[p].is_none())
            .map(|p| geometry.name(p).to_string())
            .collect()
    };
    json!({"black": list(&maps[0]), "white": list(&maps[1])})
}

fn proofs(geometry: &Geometry, maps: &[ControlAnswer; 2]) -> Value {
    let one = |a: &ControlAnswer| -> Vec<Value> {
        a.proofs
            .iter()
            .map(|p| {
                json!({
                    "set": p.set.iter().map(|&q| geometry.name(q).to_string()).collect::<Vec<_>>(),
                    "line": p.line.iter().map(|t| t.describe(|q| test_point_name(geometry, q))).collect::<Vec<_>>(),
                })
            })
            .collect()
    };
    json!({"black": one(&maps[0]), "white": one(&maps[1])})
}

pub fn run(args: Args) -> Result<(), Exit> {
    if args.ruleset != RulesetId::Ljr {
        return Err(Exit::BadInput(format!(
            "control by the two-eye test is LJR's (L-14); --ruleset {} has none here (NAJ control comes with `check`, J2003 statuses with `status`)",
            args.ruleset
        )));
    }
    let (geometry, position): (Geometry, Position) = read_diagram(&args.diagram)?;
    let permanent: Vec<Point> = match &args.prohibited {
        Some(s) => parse_points(&geometry, s, "--prohibited")?,
        None => Vec::new(),
    };
    if let Some(&p) = permanent
        .iter()
        .find(|&&p| position.get(p) != go_oracle::geometry::Cell::Empty)
    {
        return Err(Exit::BadInput(format!(
            "--prohibited {}: a permanently prohibited location is empty (L-7 removes every stone on it)",
            geometry.name(p)
        )));
    }
    let captives: Prisoners = match &args.captives {
        Some(s) => parse_captives(s)?,
        None => Prisoners::default(),
    };
    let komi = integer_komi(args.komi)?;
    let params = LjrParams {
        test_prohibitions: match args.test_prohibitions {
            TestProhibitionsArg::Forget => TestProhibitions::Forget,
            TestProhibitionsArg::Keep => TestProhibitions::Keep,
        },
        dispute_edge: match args.dispute_edge {
            DisputeEdgeArg::Literal => DisputeEdge::Literal,
            DisputeEdgeArg::Inside => DisputeEdge::Inside,
        },
    };
    let answer = go_oracle::session::ask::ljr::control(
        &args.engine.shared_engines(),
        &geometry,
        &position,
        &ControlQuestion {
            permanently_prohibited: permanent.clone(),
            captives,
            komi,
            params,
            budget: args.budget,
        },
    )?;
    let mut per_engine = serde_json::Map::new();
    let mut results = Vec::new();
    for e in &answer.engines {
        let c = &e.answer;
        let v = json!({
            "control": control_rows(&geometry, &c.two_eye),
            "dispute_control": control_rows(&geometry, &c.dispute),
            "score": c.score,
            "dispute_score": c.dispute_score,
            "differences": c.differences.iter().map(|&p| geometry.name(p).to_string()).collect::<Vec<_>>(),
            "undetermined": undetermined(&geometry, &c.two_eye),
            "dispute_undetermined": undetermined(&geometry, &c.dispute),
            "explored": c.two_eye[0].explored + c.two_eye[1].explored,
            "dispute_explored": c.dispute[0].explored + c.dispute[1].explored,
            "proofs": proofs(&geometry, &c.two_eye),
            "seconds": e.seconds,
        });
        results.push((e.engine.clone(), v.clone()));
        per_engine.insert(e.engine.clone(), v);
    }
    let verdict = answer.verdict;
    let Some((_, first)) = results.first() else {
        return Err(Exit::Failed);
    };
    if args.json {
        print_json(&json!({
            "ruleset": "ljr",
            "komi": komi,
            "captives": captives,
            "permanently_prohibited": permanent.iter().map(|&p| geometry.name(p).to_string()).collect::<Vec<_>>(),
            "control": first["control"],
            "dispute_control": first["dispute_control"],
            "score": first["score"],
            "dispute_score": first["dispute_score"],
            "differences": first["differences"],
            "engines": per_engine,
            "engines_agree": verdict != VerdictKind::Disagreed,
            "verdict": verdict.as_str(),
        }));
    } else {
        print_text(&geometry, &position, &results, args.budget, komi);
    }
    verdict_exit(verdict)
}

/// The text output: the position, then per engine both control maps and the score.
fn print_text(
    geometry: &Geometry,
    position: &Position,
    results: &[(String, Value)],
    budget: u64,
    komi: i64,
) {
    print!("{}", with_coordinates(geometry, position));
    for (name, v) in results {
        println!(
            "{name} ({:.2} s, {} + {} nodes):",
            v["seconds"].as_f64().unwrap_or(0.0),
            v["explored"],
            v["dispute_explored"]
        );
        for (key, title) in [
            ("control", "control (L-14)"),
            ("dispute_control", "control by disputes (L-17)"),
        ] {
            match v[key].as_array() {
                Some(rows) => {
                    println!("  {title}:");
                    for r in rows {
                        println!("    {}", r.as_str().unwrap_or(""));
                    }
                }
                None => println!(
                    "  {title}: undetermined within the budget of {} nodes",
                    budget
                ),
            }
        }
        match v["score"]["result"].as_str() {
            Some(r) => println!(
                "  score (L-5): black {} white {} (komi {komi}): {r}",
                v["score"]["black"], v["score"]["white"]
            ),
            None => println!("  score (L-5): undetermined"),
        }
        if let Some(d) = v["differences"].as_array().filter(|d| !d.is_empty()) {
            println!(
                "  L-14 and L-17 differ on: {}",
                d.iter()
                    .filter_map(|x| x.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
}
