//! The family-agnostic comparisons: a replay's moves and final position with the check's
//! expectations, the area score, and two engines' moves, immortal stones, long cycle and end;
//! the helpers the families compare with (`expect_eq`, `control_diagram`, `compare_content`).
//! The dispatch over the families (`dispatch::compare_expect`, `dispatch::compare_traces`)
//! puts these together with each family's comparison.

use super::replay::move_name;
use super::trace::{Mismatch, StepTrace, Trace};
use crate::engine::{Answer, Illegal, Prisoners, Spent};
use crate::geometry::{Cell, Geometry, Point, Position};
use crate::parse::case::{Check, PlayCheck, Step};

pub(super) fn result_text(geometry: &Geometry, r: &Result<Vec<Point>, Illegal>) -> String {
    match r {
        Ok(removed) if removed.is_empty() => "legal".to_string(),
        Ok(removed) => {
            let names: Vec<&str> = removed.iter().map(|&p| geometry.name(p)).collect();
            format!("legal, removes {}", names.join(" "))
        }
        Err(reason) => format!("illegal ({reason})"),
    }
}

pub(super) fn prisoners_text(p: &Prisoners) -> String {
    format!("black {} white {}", p.black, p.white)
}

/// Record a mismatch when an expected value is given and differs from the actual one.
pub(super) fn expect_eq(
    out: &mut Vec<Mismatch>,
    what: &str,
    expected: Option<String>,
    actual: String,
) {
    if let Some(expected) = expected {
        if expected != actual {
            out.push(Mismatch {
                what: what.into(),
                expected,
                actual,
            });
        }
    }
}

/// Each step's expectations: legality, reason, removed stones, position, prisoners (`steps`
/// as written, `replayed` as played).
pub(super) fn compare_steps(
    g: &Geometry,
    steps: &[Step],
    replayed: &[StepTrace],
    out: &mut Vec<Mismatch>,
) {
    for (step, t) in steps.iter().zip(replayed) {
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
}

/// The final position, prisoners, game end, player to move, long cycle.
pub(super) fn compare_final_position(check: &Check, trace: &Trace, out: &mut Vec<Mismatch>) {
    let g = &check.geometry;
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
    if let Some(c) = &x.cycle {
        if Some(c) != trace.cycle.as_ref() {
            out.push(Mismatch {
                what: "long cycle (NAJN)".into(),
                expected: format!("{c:?}"),
                actual: format!("{:?}", trace.cycle),
            });
        }
    }
}

/// The area score (Tromp-Taylor, custom).
pub(super) fn compare_area_score(
    check: &Check,
    area: &PlayCheck,
    trace: &Trace,
    out: &mut Vec<Mismatch>,
) {
    let x = &check.expect;
    let wants_score =
        area.black.is_some() || area.white.is_some() || x.score.is_some() || x.result.is_some();
    if wants_score {
        match &trace.score {
            None => out.push(Mismatch {
                what: "score".into(),
                expected: "a score".into(),
                actual: "the rules have no area scoring".into(),
            }),
            Some(s) => {
                let mut cmp = |what: &str, e: Option<String>, a: String| expect_eq(out, what, e, a);
                cmp(
                    "black points",
                    area.black.map(|v| v.to_string()),
                    s.black.to_string(),
                );
                cmp(
                    "white points",
                    area.white.map(|v| v.to_string()),
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
}

pub(super) fn control_diagram(
    g: &Geometry,
    final_position: &Position,
    control: &Answer<Vec<bool>>,
    mark: char,
) -> String {
    match control {
        Answer::Undetermined(Spent { explored }) => {
            format!("undetermined within budget ({explored} positions explored)\n")
        }
        Answer::Decided(c) => {
            let symbols: Vec<char> = (0..c.len())
                .map(|q| {
                    if c[q] {
                        mark
                    } else {
                        final_position.get(q).symbol()
                    }
                })
                .collect();
            match g.rect_size() {
                Some((w, _)) => symbols
                    .chunks(w)
                    .map(|r| {
                        r.iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                            + "\n"
                    })
                    .collect(),
                None => symbols.iter().collect::<String>() + "\n",
            }
        }
    }
}

/// The unmarked cells of a marked diagram must show the position it is drawn on.
pub(super) fn compare_content(
    what: &str,
    g: &Geometry,
    content: &Option<Vec<Option<Cell>>>,
    position: &Position,
    out: &mut Vec<Mismatch>,
) {
    let Some(content) = content else { return };
    let wrong: Vec<&str> = content
        .iter()
        .enumerate()
        .filter(|(q, c)| matches!(c, Some(cell) if *cell != position.get(*q)))
        .map(|(q, _)| g.name(q))
        .collect();
    if !wrong.is_empty() {
        out.push(Mismatch {
            what: format!("{what}: unmarked cells that differ from the position it is drawn on"),
            expected: position.diagram(g),
            actual: format!("the diagram shows other content at {}", wrong.join(" ")),
        });
    }
}

/// What two engines' replays of one check must agree on before any family's results: each
/// move and the long cycle.
pub(super) fn compare_moves_engines(
    g: &Geometry,
    reference: &Trace,
    other: &Trace,
    out: &mut Vec<Mismatch>,
) {
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
    if reference.cycle != other.cycle {
        out.push(Mismatch {
            what: "engines disagree on the long cycle".into(),
            expected: format!("{:?}", reference.cycle),
            actual: format!("{:?}", other.cycle),
        });
    }
}

/// The end two engines' replays must agree on: the score and whether the game is over.
pub(super) fn compare_end_engines(reference: &Trace, other: &Trace, out: &mut Vec<Mismatch>) {
    if reference.score != other.score || reference.game_over != other.game_over {
        out.push(Mismatch {
            what: "engines disagree on the end".into(),
            expected: format!("{:?}, over {}", reference.score, reference.game_over),
            actual: format!("{:?}, over {}", other.score, other.game_over),
        });
    }
}
