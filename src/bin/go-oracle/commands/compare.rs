//! `go-oracle compare`: one position under every ruleset that judges positions, side by
//! side: the legality of a next move, each string's status, the score, each with its
//! verdict. The work is the library's (`go_oracle::session::compare`, through the door);
//! this command reads the position (a diagram file, an SGF record's final position, or a
//! case check's start), calls it, and prints text, JSON or an HTML page
//! (`compare_page`).

use super::compare_words::{
    cell, control_rows, legality_word, move_word, score_word, string_name, verdict_details, Source,
};
use super::turns::parse_points;
use super::{parse_colour, read_diagram, EngineChoice, FINAL_POSITION_IS_LEGAL};
use crate::error::{verdict_exit_within, Exit};
use crate::output::{fmt_number, print_json, result_text, with_coordinates};
use go_oracle::engine::Answer;
use go_oracle::engine::{Move, Start};
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::ljr::{DisputeEdge, LjrParams, TestProhibitions};
use go_oracle::rules::RulesetId;
use go_oracle::session::compare::{
    compare, Comparison, Part, Question, RulesetAnswer, StringItem, JUDGING,
};
use go_oracle::session::{Verdict, VerdictKind};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// A diagram file, an SGF record (`.sgf`: its final position, the main line played
    /// through the session of its `RU`, else tromp-taylor), or a case file (`.yaml`: the
    /// start position of `--check`, default its first check).
    file: PathBuf,
    /// The check of a case file whose start position is compared.
    #[arg(long)]
    check: Option<String>,
    /// The rulesets, comma-separated (default: every ruleset that judges positions).
    #[arg(long, value_enum, value_delimiter = ',')]
    rulesets: Vec<RulesetId>,
    /// Komi (default: the record's or the check's, else 0). LJR takes an integer (L-2).
    #[arg(long, allow_negative_numbers = true)]
    komi: Option<f64>,
    /// Black's prisoners minus White's (default: the record's or the check's, else 0).
    #[arg(long, allow_negative_numbers = true)]
    prisoner_difference: Option<i64>,
    /// Nodes, states or positions each search question may visit (a J2003 status check, a
    /// VJR question, an NAJ analysis or immortality test, an LJR control question).
    #[arg(long, default_value_t = 100_000)]
    budget: u64,
    /// Wall-clock seconds the whole comparison may take beside the budget (0: none); the
    /// rulesets share it in turn, and what it stops is undetermined "within the time limit".
    #[arg(long, default_value_t = 0.0, value_parser = super::time_limit)]
    time_limit: f64,
    #[arg(long, value_enum, default_value = "both")]
    engine: EngineChoice,
    /// A next move whose legality each ruleset judges: `B D4`, `W pass`.
    #[arg(long = "move", visible_alias = "next", num_args = 2, value_names = ["COLOUR", "MOVE"])]
    next: Vec<String>,
    /// VJR (spec vjr.md VP-1): which description of independent life.
    #[arg(long, value_enum, default_value_t)]
    independent_life: go_oracle::vjr::IndependentLife,
    /// VJR (spec vjr.md VP-2): which infinite variations V-17 judges.
    #[arg(long, value_enum, default_value_t)]
    long_cycles: go_oracle::vjr::LongCycles,
    /// LJR: permanently prohibited locations (L-9.4), GTP points separated by commas.
    #[arg(long)]
    prohibited: Option<String>,
    /// LJR LP-1: what the test board keeps of the permanent prohibitions.
    #[arg(long, value_enum, default_value = "forget")]
    test_prohibitions: super::control::TestProhibitionsArg,
    /// LJR LP-2: which refuter plays end a dispute by its first condition.
    #[arg(long, value_enum, default_value = "literal")]
    dispute_edge: super::control::DisputeEdgeArg,
    #[arg(long)]
    json: bool,
    /// Also write an HTML page with one diagram per ruleset (its statuses marked).
    #[arg(long)]
    html: Option<PathBuf>,
}

/// The position of the input and what the record or the check says of komi and prisoners.
struct Input {
    geometry: Geometry,
    position: Position,
    komi: Option<f64>,
    prisoner_difference: i64,
    source: Source,
}

fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn read_input(
    args: &Args,
    engines: &[std::sync::Arc<dyn go_oracle::engine::Engine>],
) -> Result<Input, Exit> {
    let file = args.file.display().to_string();
    let ext = extension(&args.file);
    if args.check.is_some() && !matches!(ext.as_str(), "yaml" | "yml") {
        return Err(Exit::BadInput(format!(
            "{file}: --check names a check of a case file (.yaml); this is not one"
        )));
    }
    let input = match ext.as_str() {
        "sgf" => read_sgf(&args.file, engines, args.budget)?,
        "yaml" | "yml" => read_case(&args.file, args.check.as_deref())?,
        _ => {
            let (geometry, position) = read_diagram(&args.file)?;
            Input {
                geometry,
                position,
                komi: None,
                prisoner_difference: 0,
                source: Source {
                    kind: "diagram",
                    file: file.clone(),
                    detail: None,
                },
            }
        }
    };
    if !go_oracle::reference::play::is_legal_position(&input.geometry, &input.position) {
        return Err(Exit::BadInput(format!(
            "{file}: a string has no liberty; {FINAL_POSITION_IS_LEGAL}"
        )));
    }
    Ok(input)
}

/// An SGF record's final position: its main line played through the session of its `RU`
/// (tromp-taylor when go-oracle has no such ruleset).
fn read_sgf(
    path: &Path,
    engines: &[std::sync::Arc<dyn go_oracle::engine::Engine>],
    budget: u64,
) -> Result<Input, Exit> {
    let file = path.display().to_string();
    let bytes =
        std::fs::read(path).map_err(|e| Exit::BadInput(format!("{file}: cannot read: {e}")))?;
    let game = go_oracle::parse::sgf::read_sgf_bytes(bytes, &file)?;
    let ruleset = match game.ruleset {
        Some(r) if r != RulesetId::Custom => r,
        _ => RulesetId::TrompTaylor,
    };
    let first = game
        .to_move
        .or_else(|| game.moves.first().map(|m| m.colour))
        .unwrap_or(Colour::Black);
    let start = Start {
        position: game.setup.clone(),
        to_move: first,
        handicap: 0,
        prisoners: Default::default(),
    };
    let moves: Vec<(Colour, Move)> = game.moves.iter().map(|m| (m.colour, m.mv)).collect();
    let played = go_oracle::session::compare::played(
        engines,
        ruleset,
        &game.geometry,
        start,
        &moves,
        budget,
    )
    .map_err(|e| Exit::BadInput(format!("{file}: {e}")))?;
    let ru = game
        .ruleset_text
        .as_ref()
        .map(|t| format!(" (RU[{t}])"))
        .unwrap_or_else(|| " (no RU)".into());
    Ok(Input {
        geometry: game.geometry.clone(),
        position: played.position,
        komi: game.komi,
        prisoner_difference: played.prisoners.black as i64 - played.prisoners.white as i64,
        source: Source {
            kind: "sgf",
            file,
            detail: Some(format!(
                "final position after {} moves played under {ruleset}{ru}",
                played.moves
            )),
        },
    })
}

/// A case check's start position (its moves are not played: `render --check` and
/// `explain` show them).
fn read_case(path: &Path, check: Option<&str>) -> Result<Input, Exit> {
    let case = go_oracle::parse::case::load_case(path)?;
    let file = path.display().to_string();
    let c = match check {
        None => case
            .checks
            .first()
            .ok_or_else(|| Exit::BadInput(format!("{file}: the case has no check")))?,
        Some(name) => case.checks.iter().find(|c| c.name == name).ok_or_else(|| {
            let names: Vec<&str> = case.checks.iter().map(|c| c.name.as_str()).collect();
            Exit::BadInput(format!(
                "{file}: no check named `{name}`; the checks are: {}",
                names.join(", ")
            ))
        })?,
    };
    let p = c.start.prisoners;
    Ok(Input {
        geometry: c.geometry.clone(),
        position: c.start.position.clone(),
        komi: Some(c.komi),
        prisoner_difference: p.black as i64 - p.white as i64,
        source: Source {
            kind: "case",
            file,
            detail: Some(format!("the start position of check `{}`", c.name)),
        },
    })
}

/// `--move COLOUR MOVE`.
fn next_move(geometry: &Geometry, next: &[String]) -> Result<Option<(Colour, Move)>, Exit> {
    let [colour, mv] = next else {
        return Ok(None);
    };
    let colour = parse_colour(colour).ok_or_else(|| {
        Exit::BadInput(format!(
            "--move: expected a colour (B or W) and a move, found `{colour}`"
        ))
    })?;
    let mv = match mv.to_ascii_lowercase().as_str() {
        "pass" => Move::Pass,
        _ => Move::Play(geometry.parse_gtp(mv).ok_or_else(|| {
            Exit::BadInput(format!(
                "--move: `{mv}` is not a point of the board (GTP coordinates, e.g. D4) or `pass`"
            ))
        })?),
    };
    Ok(Some((colour, mv)))
}

pub fn run(args: Args) -> Result<(), Exit> {
    let engines = args.engine.shared_engines();
    if let Some(k) = args.komi.filter(|k| !k.is_finite()) {
        return Err(Exit::BadInput(format!(
            "--komi: expected a finite number, found {k}"
        )));
    }
    let input = read_input(&args, &engines)?;
    let geometry = input.geometry.clone();
    let next = next_move(&geometry, &args.next)?;
    let ljr_prohibited = match &args.prohibited {
        Some(s) => parse_points(&geometry, s, "--prohibited")?,
        None => Vec::new(),
    };
    let rulesets = if args.rulesets.is_empty() {
        JUDGING.to_vec()
    } else {
        args.rulesets.clone()
    };
    let q = Question {
        rulesets,
        geometry: geometry.clone(),
        position: input.position.clone(),
        next,
        komi: args.komi.or(input.komi).unwrap_or(0.0),
        prisoner_difference: args
            .prisoner_difference
            .unwrap_or(input.prisoner_difference),
        budget: args.budget,
        independent_life: args.independent_life,
        long_cycles: args.long_cycles,
        ljr_params: LjrParams {
            test_prohibitions: match args.test_prohibitions {
                super::control::TestProhibitionsArg::Forget => TestProhibitions::Forget,
                super::control::TestProhibitionsArg::Keep => TestProhibitions::Keep,
            },
            dispute_edge: match args.dispute_edge {
                super::control::DisputeEdgeArg::Literal => DisputeEdge::Literal,
                super::control::DisputeEdgeArg::Inside => DisputeEdge::Inside,
            },
        },
        ljr_prohibited,
    };
    let limit = super::time_limit_duration(args.time_limit);
    let c = super::asked(args.json, limit, || compare(&engines, &q));
    let names: Vec<String> = engines.iter().map(|e| e.name()).collect();
    if args.json {
        print_json(&comparison_json(&q, &c, &input.source, &names));
    } else {
        print!("{}", text(&q, &c, &input.source, &names));
    }
    if let Some(path) = &args.html {
        let page = super::compare_page::page(&q, &c, &input.source);
        super::write_output(path, &page)?;
    }
    let cut = c.rulesets.iter().any(time_limit_passed);
    verdict_exit_within(c.verdict, cut)
}

/// Whether the time limit left something of `r` undetermined.
fn time_limit_passed(r: &RulesetAnswer) -> bool {
    let cut = |k: &[go_oracle::session::Shortfall]| k.iter().any(|s| s.time_limit_passed);
    shortfalls_of(r).iter().any(|s| cut(s))
}

/// The shortfalls of every undetermined answer of `r`.
fn shortfalls_of(r: &RulesetAnswer) -> Vec<Vec<go_oracle::session::Shortfall>> {
    fn of<T>(v: &Verdict<T>) -> Vec<go_oracle::session::Shortfall> {
        match v {
            Verdict::Undetermined { shortfalls, .. } => shortfalls.clone(),
            _ => Vec::new(),
        }
    }
    let mut out = Vec::new();
    if let Some(Part::Answer(m)) = &r.next {
        out.push(of(&m.legal));
    }
    if let Part::Answer(s) = &r.strings {
        out.extend(s.items.iter().map(|i| of(&i.status)));
    }
    if let Part::Answer(s) = &r.score {
        out.push(of(&s.value));
    }
    out
}

// ---------------------------------------------------------------------------------------
// Text.

/// The text output: the position, a table (a column per ruleset), then the notes: why a
/// ruleset cannot answer, what an undetermined answer spent, what disagreeing engines said,
/// and LJR's control map.
fn text(q: &Question, c: &Comparison, source: &Source, engines: &[String]) -> String {
    let g = &q.geometry;
    let mut out = with_coordinates(g, &q.position);
    out.push_str(&format!(
        "{}{}\nkomi {}, prisoner difference {}, budget {} per question; engines: {}\n\n",
        source.file,
        source
            .detail
            .as_ref()
            .map(|d| format!(": {d}"))
            .unwrap_or_default(),
        fmt_number(q.komi),
        q.prisoner_difference,
        q.budget,
        engines.join(", ")
    ));
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec![String::new()];
    header.extend(c.rulesets.iter().map(|r| r.ruleset.as_str().to_string()));
    rows.push(header);
    if let Some((colour, mv)) = q.next {
        let mut row = vec![format!("{} {}", colour.letter(), move_word(g, mv))];
        row.extend(c.rulesets.iter().map(|r| match &r.next {
            Some(Part::Answer(m)) => cell(&m.legal, legality_word),
            _ => "-".into(),
        }));
        rows.push(row);
    }
    let strings = go_oracle::session::compare::strings_of(g, &q.position);
    for (colour, points) in &strings {
        let item = StringItem {
            colour: *colour,
            points: points.clone(),
            status: Verdict::Agreed(""),
        };
        let mut row = vec![string_name(g, &item)];
        row.extend(c.rulesets.iter().map(|r| {
            match &r.strings {
                Part::Answer(s) => s
                    .items
                    .iter()
                    .find(|i| i.points.contains(&points[0]))
                    .map(|i| cell(&i.status, |w| w.to_string()))
                    .unwrap_or_else(|| "-".into()),
                Part::Why(_) => "-".into(),
            }
        }));
        rows.push(row);
    }
    let mut row = vec!["score".to_string()];
    row.extend(c.rulesets.iter().map(|r| match &r.score {
        Part::Answer(s) => cell(&s.value, |x| match x {
            Ok(x) => result_text(*x),
            Err(_) => "none".into(),
        }),
        Part::Why(_) => "-".into(),
    }));
    rows.push(row);
    let mut row = vec!["verdict".to_string()];
    row.extend(c.rulesets.iter().map(|r| r.verdict.as_str().to_string()));
    rows.push(row);
    out.push_str(&table(&rows));
    out.push_str("? undetermined within the budget   ! the engines disagree   - not a question of the ruleset (notes below)\n");
    for r in &c.rulesets {
        let notes = notes_of(q, r);
        if !notes.is_empty() {
            out.push_str(&format!("\n{} ({:.2} s):\n", r.ruleset, r.seconds));
            for n in notes {
                out.push_str(&format!("  {n}\n"));
            }
        }
    }
    out.push_str(&format!("\noverall: {}\n", c.verdict.as_str()));
    out
}

/// Rows padded to their columns' widths, two spaces apart.
fn table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..columns)
        .map(|k| {
            rows.iter()
                .filter_map(|r| r.get(k))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(k, c)| format!("{c:<w$}", w = width[k]))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// The notes of one ruleset: the questions, why a part has no answer, the details of the
/// answers that are not agreed, the exact score, LJR's control map.
fn notes_of(q: &Question, r: &RulesetAnswer) -> Vec<String> {
    let g = &q.geometry;
    let mut notes = Vec::new();
    match &r.next {
        Some(Part::Why(why)) => notes.push(format!("move: {why}")),
        Some(Part::Answer(m)) => notes.extend(
            verdict_details(&m.legal, legality_word)
                .into_iter()
                .map(|d| format!("move: {d}")),
        ),
        None => {}
    }
    match &r.strings {
        Part::Why(why) => notes.push(format!("strings: {why}")),
        Part::Answer(s) => {
            notes.push(format!("strings: {}", s.question));
            for i in &s.items {
                for d in verdict_details(&i.status, |w| w.to_string()) {
                    notes.push(format!("{}: {d}", string_name(g, i)));
                }
            }
            if let Some(control) = &s.control {
                notes.push("control (B, W, * both, . neither):".to_string());
                notes.extend(
                    control_rows(g, control, " ")
                        .into_iter()
                        .map(|l| format!("  {l}")),
                );
            }
        }
    }
    match &r.score {
        Part::Why(why) => notes.push(format!("score: {why}")),
        Part::Answer(s) => {
            if let Some(v) = s.value.shown() {
                notes.push(format!("{}: {}", s.question, score_word(v)));
            }
            notes.extend(
                verdict_details(&s.value, score_word)
                    .into_iter()
                    .map(|d| format!("score: {d}")),
            );
        }
    }
    notes
}

// ---------------------------------------------------------------------------------------
// JSON.

/// A verdict's fields: `verdict`, and when not agreed `undetermined` (each engine that ran
/// out: its question, what it spent, its budget) or `engines` (what each said).
fn verdict_fields<T>(
    v: &Verdict<T>,
    value: impl Fn(&T) -> Value,
) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("verdict".into(), json!(v.kind().as_str()));
    match v {
        Verdict::Agreed(_) => {}
        Verdict::Undetermined { shortfalls, .. } => {
            let list: Vec<Value> = shortfalls
                .iter()
                .map(|s| {
                    json!({"engine": s.engine, "question": s.question, "explored": s.explored,
                           "budget": s.budget, "time_limit_passed": s.time_limit_passed})
                })
                .collect();
            m.insert("undetermined".into(), json!(list));
        }
        Verdict::Disagreed(said) => {
            let engines: serde_json::Map<String, Value> = said
                .iter()
                .map(|(n, s)| {
                    let v = match s {
                        Answer::Decided(t) => value(t),
                        Answer::Undetermined(_) => json!("undetermined"),
                    };
                    (n.clone(), v)
                })
                .collect();
            m.insert("engines".into(), Value::Object(engines));
        }
    }
    m
}

fn ruleset_json(q: &Question, r: &RulesetAnswer) -> Value {
    let g = &q.geometry;
    let mut why = serde_json::Map::new();
    let mv = match &r.next {
        None => Value::Null,
        Some(Part::Why(w)) => {
            why.insert("move".into(), json!(w));
            Value::Null
        }
        Some(Part::Answer(m)) => {
            let mut f = verdict_fields(&m.legal, |l| json!(legality_word(l)));
            let shown = m.legal.shown();
            f.insert("legal".into(), json!(shown.map(|l| l.is_none())));
            f.insert(
                "reason".into(),
                json!(shown.and_then(|l| l.map(|r| r.as_str()))),
            );
            Value::Object(f)
        }
    };
    let (strings, control) = match &r.strings {
        Part::Why(w) => {
            why.insert("strings".into(), json!(w));
            (Value::Null, Value::Null)
        }
        Part::Answer(s) => {
            let items: Vec<Value> = s
                .items
                .iter()
                .map(|i| {
                    let mut f = verdict_fields(&i.status, |w| json!(w));
                    f.insert("colour".into(), json!(i.colour.name()));
                    f.insert(
                        "points".into(),
                        json!(i.points.iter().map(|&p| g.name(p)).collect::<Vec<_>>()),
                    );
                    f.insert("at".into(), json!(i.points.first().map(|&p| g.name(p))));
                    f.insert("status".into(), json!(i.status.shown()));
                    Value::Object(f)
                })
                .collect();
            let control = s.control.as_ref().map(|c| json!(control_rows(g, c, "")));
            (json!(items), control.unwrap_or(Value::Null))
        }
    };
    let score = match &r.score {
        Part::Why(w) => {
            why.insert("score".into(), json!(w));
            Value::Null
        }
        Part::Answer(s) => {
            let mut f = verdict_fields(&s.value, |x| match x {
                Ok(x) => json!(x),
                Err(w) => json!(w),
            });
            let shown = s.value.shown();
            f.insert("question".into(), json!(s.question));
            f.insert("value".into(), json!(shown.and_then(|x| x.as_ref().ok())));
            f.insert(
                "result".into(),
                json!(shown.and_then(|x| x.as_ref().ok()).map(|&x| result_text(x))),
            );
            if let Some(Err(w)) = shown {
                f.insert("undefined".into(), json!(w));
            }
            Value::Object(f)
        }
    };
    let question = match &r.strings {
        Part::Answer(s) => json!(s.question),
        Part::Why(_) => Value::Null,
    };
    let mut v = json!({
        "ruleset": r.ruleset.as_str(),
        "move": mv,
        "strings_question": question,
        "strings": strings,
        "control": control,
        "score": score,
        "verdict": r.verdict.as_str(),
        "seconds": r.seconds,
    });
    if !why.is_empty() {
        v["why"] = Value::Object(why);
    }
    v
}

fn comparison_json(q: &Question, c: &Comparison, source: &Source, engines: &[String]) -> Value {
    let g = &q.geometry;
    json!({
        "source": {"kind": source.kind, "file": source.file, "detail": source.detail},
        "position": q.position.rows(g),
        "komi": q.komi,
        "prisoner_difference": q.prisoner_difference,
        "budget": q.budget,
        "engines": engines,
        "next": q.next.map(|(colour, mv)| json!({"colour": colour.name(), "move": move_word(g, mv)})),
        "rulesets": c.rulesets.iter().map(|r| ruleset_json(q, r)).collect::<Vec<_>>(),
        "engines_agree": c.verdict != VerdictKind::Disagreed,
        "verdict": c.verdict.as_str(),
    })
}
