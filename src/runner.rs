//! Runs checks on engines: replay, compare with the expectations, compare engines.

use crate::engine::{Engine, Illegal, Move, Prisoners, Score};
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::optimized::{Optimized, Switches};
use crate::parse::case::{load_case, Case, Check, Target};
use crate::parse::InputError;
use crate::reference::Reference;
use std::path::{Path, PathBuf};

/// Every engine configuration the corpus runs on: the reference, the optimized engine, and
/// the optimized engine with each speed-up switched off in turn.
pub fn all_engines() -> Vec<Box<dyn Engine>> {
    let mut v: Vec<Box<dyn Engine>> = vec![Box::new(Reference), Box::new(Optimized::default())];
    for name in Switches::NAMES {
        if let Some(s) = Switches::without(name) {
            v.push(Box::new(Optimized { switches: s }));
        }
    }
    v
}

/// One replayed move.
#[derive(Clone, Debug, PartialEq)]
pub struct StepTrace {
    pub index: usize,
    pub player: Colour,
    pub text: String,
    pub mv: Move,
    /// Removed points, or the reason the move is illegal.
    pub result: Result<Vec<Point>, Illegal>,
    pub position: Position,
    pub prisoners: Prisoners,
}

/// A whole replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub steps: Vec<StepTrace>,
    pub position: Position,
    pub prisoners: Prisoners,
    pub score: Option<Score>,
    pub game_over: bool,
    pub to_move: Colour,
}

/// A difference between what was expected and what was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub what: String,
    pub expected: String,
    pub actual: String,
}

/// Why a replay stopped early: the case does not fit the game (a bug in the case).
#[derive(Clone, Debug, PartialEq)]
pub struct CaseProblem {
    pub step: usize,
    pub message: String,
}

fn move_name(geometry: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => geometry.name(p).to_string(),
        Move::Pass => "pass".to_string(),
        Move::KoPass => "ko-pass".to_string(),
    }
}

/// Replay a check's moves on an engine.
pub fn replay(engine: &dyn Engine, check: &Check) -> Result<Result<Trace, CaseProblem>, String> {
    let rules = check
        .rules
        .as_ref()
        .ok_or_else(|| format!("ruleset {} is not implemented yet", check.ruleset))?;
    let mut game = engine
        .start(&check.geometry, rules, &check.start)
        .map_err(|u| u.to_string())?;
    let mut steps = Vec::new();
    for (i, step) in check.steps.iter().enumerate() {
        let player = game.to_move();
        if let Some(p) = step.player {
            if p != player {
                return Ok(Err(CaseProblem {
                    step: i + 1,
                    message: format!(
                        "move {} `{}` (line {}) is written for {} but {} is to move",
                        i + 1,
                        step.text,
                        step.line,
                        p,
                        player
                    ),
                }));
            }
        }
        let mv = match &step.target {
            Target::Point(p) => Move::Play(*p),
            Target::Pass => Move::Pass,
            Target::KoPass => Move::KoPass,
            Target::AnyOf(label, points) => {
                let legal: Vec<Point> = points
                    .iter()
                    .copied()
                    .filter(|&p| game.check(Move::Play(p)).is_ok())
                    .collect();
                match legal.as_slice() {
                    [one] => Move::Play(*one),
                    [] => Move::Play(points[0]),
                    many => {
                        let names: Vec<&str> =
                            many.iter().map(|&p| check.geometry.name(p)).collect();
                        return Ok(Err(CaseProblem {
                            step: i + 1,
                            message: format!(
                                "move {} (line {}): label `{label}` is ambiguous, the move is legal on {}",
                                i + 1,
                                step.line,
                                names.join(" and ")
                            ),
                        }));
                    }
                }
            }
        };
        let result = game.play(mv).map(|p| p.removed);
        steps.push(StepTrace {
            index: i + 1,
            player,
            text: step.text.clone(),
            mv,
            result,
            position: game.position(),
            prisoners: game.prisoners(),
        });
    }
    Ok(Ok(Trace {
        steps,
        position: game.position(),
        prisoners: game.prisoners(),
        score: game.score(check.komi),
        game_over: game.is_over(),
        to_move: game.to_move(),
    }))
}

fn result_text(geometry: &Geometry, r: &Result<Vec<Point>, Illegal>) -> String {
    match r {
        Ok(removed) if removed.is_empty() => "legal".to_string(),
        Ok(removed) => {
            let names: Vec<&str> = removed.iter().map(|&p| geometry.name(p)).collect();
            format!("legal, removes {}", names.join(" "))
        }
        Err(reason) => format!("illegal ({reason})"),
    }
}

fn prisoners_text(p: &Prisoners) -> String {
    format!("black {} white {}", p.black, p.white)
}

/// Compare a replay with the check's expectations.
pub fn compare_expect(check: &Check, trace: &Trace) -> Vec<Mismatch> {
    let g = &check.geometry;
    let mut out = Vec::new();
    for (step, t) in check.steps.iter().zip(&trace.steps) {
        let here = format!("move {} `{}` (line {})", t.index, step.text, step.line);
        let e = &step.expect;
        match (&t.result, e.legal) {
            (Ok(_), false) => out.push(Mismatch {
                what: format!("{here}: legality"),
                expected: match e.reason {
                    Some(r) => format!("illegal ({r})"),
                    None => "illegal".into(),
                },
                actual: result_text(g, &t.result),
            }),
            (Err(_), true) => out.push(Mismatch {
                what: format!("{here}: legality"),
                expected: "legal".into(),
                actual: result_text(g, &t.result),
            }),
            (Err(actual), false) => {
                if let Some(r) = e.reason {
                    if r != *actual {
                        out.push(Mismatch {
                            what: format!("{here}: reason"),
                            expected: format!("illegal ({r})"),
                            actual: format!("illegal ({actual})"),
                        });
                    }
                }
            }
            (Ok(removed), true) => {
                if let Some(n) = e.removed_count {
                    if removed.len() as u32 != n {
                        out.push(Mismatch {
                            what: format!("{here}: stones removed"),
                            expected: n.to_string(),
                            actual: result_text(g, &t.result),
                        });
                    }
                }
                if let Some(ps) = &e.removed_points {
                    if ps != removed {
                        let names: Vec<&str> = ps.iter().map(|&p| g.name(p)).collect();
                        out.push(Mismatch {
                            what: format!("{here}: points removed"),
                            expected: names.join(" "),
                            actual: result_text(g, &t.result),
                        });
                    }
                }
            }
        }
        if let Some(p) = &e.position {
            if p != &t.position {
                out.push(Mismatch {
                    what: format!("{here}: position after the move"),
                    expected: p.diagram(g),
                    actual: t.position.diagram(g),
                });
            }
        }
        if let Some(p) = &e.prisoners {
            if p != &t.prisoners {
                out.push(Mismatch {
                    what: format!("{here}: prisoners"),
                    expected: prisoners_text(p),
                    actual: prisoners_text(&t.prisoners),
                });
            }
        }
    }
    let x = &check.expect;
    if let Some(p) = &x.position {
        if p != &trace.position {
            out.push(Mismatch {
                what: "final position".into(),
                expected: p.diagram(g),
                actual: trace.position.diagram(g),
            });
        }
    }
    if let Some(p) = &x.prisoners {
        if p != &trace.prisoners {
            out.push(Mismatch {
                what: "final prisoners".into(),
                expected: prisoners_text(p),
                actual: prisoners_text(&trace.prisoners),
            });
        }
    }
    if let Some(over) = x.game_over {
        if over != trace.game_over {
            out.push(Mismatch {
                what: "game over".into(),
                expected: over.to_string(),
                actual: trace.game_over.to_string(),
            });
        }
    }
    if let Some(c) = x.to_move {
        if c != trace.to_move {
            out.push(Mismatch {
                what: "player to move at the end".into(),
                expected: c.to_string(),
                actual: trace.to_move.to_string(),
            });
        }
    }
    let wants_score =
        x.black.is_some() || x.white.is_some() || x.score.is_some() || x.result.is_some();
    if wants_score {
        match &trace.score {
            None => out.push(Mismatch {
                what: "score".into(),
                expected: "a score".into(),
                actual: "the rules have no area scoring".into(),
            }),
            Some(s) => {
                let mut cmp = |what: &str, e: Option<String>, a: String| {
                    if let Some(e) = e {
                        if e != a {
                            out.push(Mismatch {
                                what: what.into(),
                                expected: e,
                                actual: a,
                            });
                        }
                    }
                };
                cmp(
                    "black points",
                    x.black.map(|v| v.to_string()),
                    s.black.to_string(),
                );
                cmp(
                    "white points",
                    x.white.map(|v| v.to_string()),
                    s.white.to_string(),
                );
                cmp(
                    "score (black - white - komi)",
                    x.score.map(crate::engine::fmt_number),
                    crate::engine::fmt_number(s.score),
                );
                cmp("result", x.result.clone(), s.result.clone());
            }
        }
    }
    out
}

/// Compare two engines' replays of one check, move by move.
pub fn compare_traces(check: &Check, reference: &Trace, other: &Trace) -> Vec<Mismatch> {
    let g = &check.geometry;
    let mut out = Vec::new();
    for (a, b) in reference.steps.iter().zip(&other.steps) {
        let here = format!("move {} `{}`", a.index, a.text);
        if a.mv != b.mv || a.result != b.result {
            out.push(Mismatch {
                what: format!("{here}: engines disagree"),
                expected: format!("{} {}", move_name(g, a.mv), result_text(g, &a.result)),
                actual: format!("{} {}", move_name(g, b.mv), result_text(g, &b.result)),
            });
        }
        if a.position != b.position {
            out.push(Mismatch {
                what: format!("{here}: engines disagree on the position"),
                expected: a.position.diagram(g),
                actual: b.position.diagram(g),
            });
        }
        if a.prisoners != b.prisoners {
            out.push(Mismatch {
                what: format!("{here}: engines disagree on prisoners"),
                expected: prisoners_text(&a.prisoners),
                actual: prisoners_text(&b.prisoners),
            });
        }
    }
    if reference.score != other.score || reference.game_over != other.game_over {
        out.push(Mismatch {
            what: "engines disagree on the end".into(),
            expected: format!("{:?}, over {}", reference.score, reference.game_over),
            actual: format!("{:?}, over {}", other.score, other.game_over),
        });
    }
    out
}

/// The outcome of one check on one engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Passed,
    Failed(Failure),
    Ignored(String),
}

/// A failed check: what went wrong, for humans.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The mismatches; `engine` says against what (`expected` or the reference).
    pub mismatches: Vec<(String, Mismatch)>,
    pub problem: Option<String>,
}

/// Run `check` on `engine`; when `reference` is given (and differs), also compare the two
/// engines' replays.
pub fn run_check(check: &Check, engine: &dyn Engine, reference: Option<&dyn Engine>) -> Status {
    let trace = match replay(engine, check) {
        Err(why) => return Status::Ignored(why),
        Ok(Err(p)) => {
            return Status::Failed(Failure {
                mismatches: vec![],
                problem: Some(p.message),
            })
        }
        Ok(Ok(t)) => t,
    };
    let mut mismatches: Vec<(String, Mismatch)> = compare_expect(check, &trace)
        .into_iter()
        .map(|m| ("expected".to_string(), m))
        .collect();
    if let Some(r) = reference {
        if r.name() != engine.name() {
            if let Ok(Ok(rt)) = replay(r, check) {
                mismatches.extend(
                    compare_traces(check, &rt, &trace)
                        .into_iter()
                        .map(|m| (r.name(), m)),
                );
            }
        }
    }
    if mismatches.is_empty() {
        Status::Passed
    } else {
        Status::Failed(Failure {
            mismatches,
            problem: None,
        })
    }
}

/// Put two texts side by side under two headings.
pub fn side_by_side(left_title: &str, left: &str, right_title: &str, right: &str) -> String {
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let width = l
        .iter()
        .map(|s| s.chars().count())
        .chain(std::iter::once(left_title.chars().count()))
        .max()
        .unwrap_or(0);
    let mut out = format!("    {left_title:width$}   | {right_title}\n");
    for i in 0..l.len().max(r.len()) {
        let a = l.get(i).copied().unwrap_or("");
        let b = r.get(i).copied().unwrap_or("");
        let mark = if a == b { ' ' } else { '!' };
        out.push_str(&format!("  {mark} {a:width$}   | {b}\n"));
    }
    out
}

/// A failure as text: each mismatch with its two sides.
pub fn format_failure(engine: &str, f: &Failure) -> String {
    let mut out = String::new();
    if let Some(p) = &f.problem {
        out.push_str(&format!("case problem: {p}\n"));
    }
    for (against, m) in &f.mismatches {
        out.push_str(&format!("{}:\n", m.what));
        let left = if against == "expected" {
            "expected".to_string()
        } else {
            against.clone()
        };
        out.push_str(&side_by_side(&left, &m.expected, engine, &m.actual));
    }
    out
}

/// The command that reruns one check.
pub fn rerun_command(test_name: &str, path: &str, check: &str) -> String {
    format!(
        "cargo test --test corpus -- --exact '{test_name}'\n  or: cargo run -- explain {path} --check {check}"
    )
}

/// All case files under the given paths (files or directories), sorted.
pub fn case_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InputError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            collect(p, &mut out).map_err(|e| {
                InputError::new(format!("cannot read directory: {e}"))
                    .in_file(p.display().to_string())
            })?;
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(
                InputError::new("no such file or directory").in_file(p.display().to_string())
            );
        }
    }
    out.sort();
    Ok(out)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            collect(&p, out)?;
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            out.push(p);
        }
    }
    Ok(())
}

/// Load every case under the paths; the first bad file is an error.
pub fn load_all(paths: &[PathBuf]) -> Result<Vec<Case>, InputError> {
    case_files(paths)?.iter().map(|p| load_case(p)).collect()
}

/// The test name of a check: `<file>::<check>::<engine>`, `<file>` being the path under
/// `oracle-cases/` without `.yaml`.
pub fn test_name(case: &Case, check: &Check, engine: &str) -> String {
    let p = case.path.replace('\\', "/");
    let p = p.split("oracle-cases/").last().unwrap_or(&p);
    let p = p.trim_end_matches(".yaml").trim_end_matches(".yml");
    format!("{p}::{}::{engine}", check.name)
}
