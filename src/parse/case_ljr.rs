//! The LJR part of case format v1 (`oracle-cases/README.md`, "LJR checks"): general-graph
//! boards, initial and permanent prohibitions, turns with cycle removals, and what a check
//! expects of them (spec `ljr.md`).

use super::case_file::{
    diagram_of, CaseFile, CheckSpec, FinalExpect, MoveItem, Removed, StepSpec, DEFAULT_BUDGET,
};
use super::diagram::{cell_of, parse_grid, parse_labels, parse_position, parse_size, Labels};
use super::InputError;
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::{Claim, LjrParams, LjrStart};
use crate::rules::{Illegal, Prisoners};

pub use crate::ljr::CycleChoice;

/// One LJR turn of a check, with what the case expects of it.
#[derive(Clone, Debug, PartialEq)]
pub struct LjrStep {
    pub text: String,
    pub player: Option<Colour>,
    pub cycle: Option<CycleChoice>,
    pub play: Option<Point>,
    pub expect: LjrStepExpect,
    pub line: usize,
    /// The step's `note` (free text; `export` writes it as the move's comment).
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct LjrStepExpect {
    pub legal: bool,
    pub reason: Option<Illegal>,
    pub captured_count: Option<u32>,
    pub captured: Option<Vec<Point>>,
    pub cycle_removed: Option<Vec<Point>>,
    pub position: Option<Position>,
    pub captives: Option<Prisoners>,
    pub permanently_prohibited: Option<Vec<Point>>,
}

/// Expected control: per player, the marked locations and the content the unmarked cells
/// show.
#[derive(Clone, Debug, PartialEq)]
pub struct ControlExpect {
    pub marks: [Vec<bool>; 2],
    pub content: Vec<Option<Cell>>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct LjrExpect {
    pub position: Option<Position>,
    pub captives: Option<Prisoners>,
    pub game_over: Option<bool>,
    pub to_move: Option<Colour>,
    pub permanently_prohibited: Option<Vec<Point>>,
    pub temporarily_prohibited: Option<Vec<Point>>,
    pub passes_needed: Option<u8>,
    pub control: Option<ControlExpect>,
    pub dispute_control: Option<ControlExpect>,
    pub claims_control: Option<ControlExpect>,
    pub claims_dead: Option<Vec<Point>>,
    pub black: Option<u32>,
    pub white: Option<u32>,
    pub score: Option<f64>,
    pub result: Option<String>,
}

impl LjrExpect {
    /// Whether the check asks for anything that needs the control search.
    pub fn needs_control(&self) -> bool {
        self.control.is_some()
            || self.black.is_some()
            || self.white.is_some()
            || self.score.is_some()
            || self.result.is_some()
    }
}

/// An LJR check ready to run.
#[derive(Clone, Debug)]
pub struct LjrCheck {
    pub geometry: Geometry,
    pub start: LjrStart,
    pub komi: i64,
    pub params: LjrParams,
    pub steps: Vec<LjrStep>,
    /// L-17 claims after the end, in order.
    pub claims: Vec<(Colour, Claim)>,
    pub expect: LjrExpect,
    /// Nodes each control question may visit.
    pub budget: u64,
}

/// Errors point into the file through these two.
pub(super) struct Places<'a> {
    /// An error at the first occurrence of a needle in the check.
    pub err: &'a dyn Fn(&str, String) -> InputError,
    /// An error inside an embedded diagram.
    pub place: &'a dyn Fn(InputError, &str) -> InputError,
}

/// A point: GTP coordinates on a rectangle, `pN` on a graph, or a label.
fn point(geometry: &Geometry, labels: &Labels, s: &str) -> Result<Point, String> {
    let t = s.trim();
    if t.len() == 1 && t.chars().all(|c| c.is_ascii_lowercase()) {
        let c = t.chars().next().unwrap_or('a');
        return match labels.points.get(&c).map(Vec::as_slice) {
            Some([one]) => Ok(*one),
            Some(_) => Err(format!(
                "label `{c}` names several points; LJR turns need one"
            )),
            None => Err(format!("label `{c}` is not in the labels diagram")),
        };
    }
    if geometry.rect_size().is_none() {
        if let Some(n) = t.strip_prefix('p').and_then(|n| n.parse::<usize>().ok()) {
            if n < geometry.len() {
                return Ok(n);
            }
        }
        return Err(format!(
            "`{t}` is not a point of this graph (p0 ... p{})",
            geometry.len() - 1
        ));
    }
    geometry.parse_gtp(t).ok_or_else(|| {
        format!("`{t}` is not a point of this board (GTP coordinates such as D4, or a label)")
    })
}

fn points(geometry: &Geometry, labels: &Labels, v: &[String]) -> Result<Vec<Point>, String> {
    let mut out = v
        .iter()
        .map(|s| point(geometry, labels, s))
        .collect::<Result<Vec<_>, _>>()?;
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// A written turn: the colour it names, the cycle it removes, the play.
type WrittenTurn = (Option<Colour>, Option<CycleChoice>, Option<Point>);

/// One written turn: `[B|W] (pass | POINT | cycle | cycle+POINT | cycle@K | cycle@K+POINT)`.
fn parse_turn(geometry: &Geometry, labels: &Labels, text: &str) -> Result<WrittenTurn, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let expected = || {
        format!("bad turn `{}`: expected an optional colour (B, W) and then `pass`, a point, `cycle`, `cycle+POINT`, `cycle@K` or `cycle@K+POINT`", text.trim())
    };
    let (player, turn) = match words.as_slice() {
        [t] => (None, *t),
        [c, t] => (
            Some(match c.to_ascii_lowercase().as_str() {
                "b" | "#" | "black" => Colour::Black,
                "w" | "o" | "white" => Colour::White,
                _ => return Err(expected()),
            }),
            *t,
        ),
        _ => return Err(expected()),
    };
    if turn.eq_ignore_ascii_case("pass") {
        return Ok((player, None, None));
    }
    let Some(rest) = turn.strip_prefix("cycle") else {
        return Ok((player, None, Some(point(geometry, labels, turn)?)));
    };
    let (choice, rest) = match rest.strip_prefix('@') {
        Some(r) => {
            let digits: String = r.chars().take_while(char::is_ascii_digit).collect();
            let k: usize = digits.parse().map_err(|_| expected())?;
            (CycleChoice::At(k), &r[digits.len()..])
        }
        None => (CycleChoice::MostRecent, rest),
    };
    match rest.strip_prefix('+') {
        Some(p) => Ok((player, Some(choice), Some(point(geometry, labels, p)?))),
        None if rest.is_empty() => Ok((player, Some(choice), None)),
        None => Err(expected()),
    }
}

/// A control diagram: `B`, `W`, `*` or `2` (both) mark; other symbols are the content.
fn control_diagram(
    geometry: &Geometry,
    text: &str,
    places: &Places,
) -> Result<ControlExpect, InputError> {
    let grid = parse_grid(
        text,
        &|c| "BW2*#XxOo.+,".contains(c),
        "`B`, `W`, `*`/`2` (both) or `#`, `O`, `.` (not controlled)",
    )
    .map_err(|e| (places.place)(e, text))?;
    if grid.symbols.len() != geometry.len() {
        return Err((places.err)(
            "control:",
            format!(
                "a control diagram has {} points but the board has {}",
                grid.symbols.len(),
                geometry.len()
            ),
        ));
    }
    let b = grid.symbols.iter().map(|c| "B2*".contains(*c)).collect();
    let w = grid.symbols.iter().map(|c| "W2*".contains(*c)).collect();
    let content = grid
        .symbols
        .iter()
        .map(|&c| if "BW2*".contains(c) { None } else { cell_of(c) })
        .collect();
    Ok(ControlExpect {
        marks: [b, w],
        content,
    })
}

/// The board and start position of an LJR check.
fn board(
    file: &CaseFile,
    spec: &CheckSpec,
    places: &Places,
) -> Result<(Geometry, Position), InputError> {
    let diagram = spec.position.as_deref().map(|v| diagram_of(file, v));
    if let Some(g) = &spec.graph {
        let geometry = Geometry::graph(g.points, &g.edges)
            .map_err(|e| (places.err)("graph:", format!("graph: {e}")))?;
        let position = match diagram {
            Some(d) => {
                let (pg, p) = parse_position(d).map_err(|e| (places.place)(e, d))?;
                if pg.len() != geometry.len() || pg.rect_size().is_some_and(|(_, h)| h != 1) {
                    return Err((places.err)(
                        "position:",
                        format!(
                            "on a graph the position is one row of {} symbols (p0 first)",
                            geometry.len()
                        ),
                    ));
                }
                p
            }
            None => Position::empty(geometry.len()),
        };
        if spec.size.is_some() {
            return Err((places.err)("size:", "a graph board has no `size`".into()));
        }
        return Ok((geometry, position));
    }
    match (diagram, &spec.size) {
        (Some(d), _) => parse_position(d).map_err(|e| (places.place)(e, d)),
        (None, Some(s)) => {
            let g = parse_size(s).map_err(|e| (places.err)("size:", e.message))?;
            let p = Position::empty(g.len());
            Ok((g, p))
        }
        (None, None) => Err((places.err)(
            "name:",
            format!(
                "check `{}` gives neither `position`, `size` nor `graph`",
                spec.name
            ),
        )),
    }
}

fn step_of(
    file: &CaseFile,
    geometry: &Geometry,
    labels: &Labels,
    s: &StepSpec,
    places: &Places,
    line: usize,
) -> Result<LjrStep, InputError> {
    let at = |m: String| (places.err)(&s.play, m);
    let (player, cycle, play) = parse_turn(geometry, labels, &s.play).map_err(at)?;
    let position = match &s.position {
        Some(d) => {
            let d = diagram_of(file, d);
            let (g, p) = parse_position(d).map_err(|e| (places.place)(e, d))?;
            if g.len() != geometry.len() {
                return Err((places.err)(
                    &s.play,
                    "a step's position has another size than the board".into(),
                ));
            }
            Some(p)
        }
        None => None,
    };
    let (captured_count, captured) = match &s.removed {
        None => (None, None),
        Some(Removed::Count(n)) => (Some(*n), None),
        Some(Removed::Points(v)) => (None, Some(points(geometry, labels, v).map_err(at)?)),
    };
    Ok(LjrStep {
        note: s.note.clone(),
        text: s.play.trim().to_string(),
        player,
        cycle,
        play,
        expect: LjrStepExpect {
            legal: s.legal.unwrap_or(true),
            reason: s.reason,
            captured_count,
            captured,
            cycle_removed: s
                .cycle_removed
                .as_ref()
                .map(|v| points(geometry, labels, v))
                .transpose()
                .map_err(at)?,
            position,
            captives: s.prisoners,
            permanently_prohibited: s
                .permanently_prohibited
                .as_ref()
                .map(|v| points(geometry, labels, v))
                .transpose()
                .map_err(at)?,
        },
        line,
    })
}

/// Resolve an LJR check.
pub(super) fn resolve(
    file: &CaseFile,
    spec: &CheckSpec,
    places: &Places,
    line: usize,
    line_of: &dyn Fn(&str) -> usize,
) -> Result<LjrCheck, InputError> {
    let err = places.err;
    // What other rulesets' checks have and LJR does not.
    let foreign = [
        ("rules:", spec.rules.is_some()),
        ("handicap:", spec.handicap != 0),
        ("repeat:", spec.repeat.is_some()),
        ("black-analysis:", spec.black_analysis.is_some()),
        ("white-analysis:", spec.white_analysis.is_some()),
        ("solver-budget:", spec.solver_budget.is_some()),
        (
            "reference-solver-budget:",
            spec.reference_solver_budget.is_some(),
        ),
    ];
    if let Some((f, _)) = foreign.iter().find(|(_, on)| *on) {
        return Err(err(
            f,
            format!("`{}` is not a field of LJR checks", f.trim_end_matches(':')),
        ));
    }
    let (geometry, position) = board(file, spec, places)?;
    let dead = position.stones_without_liberty(&geometry);
    if !dead.is_empty() {
        let names: Vec<&str> = dead.iter().map(|&p| geometry.name(p)).collect();
        return Err(err(
            "position:",
            format!(
                "the start position has stones without liberties at {}",
                names.join(" ")
            ),
        ));
    }
    let labels = labels_of(file, spec, &geometry, places)?;
    let start = start_of(spec, &geometry, &labels, position, err)?;
    let steps = turns(file, spec, &geometry, &labels, places, line_of)?;
    let claims = claims(spec, &geometry, &labels, err)?;
    let expect = match &spec.expect {
        Some(f) => expectations(file, f, &geometry, &labels, places)?,
        None => LjrExpect::default(),
    };
    let _ = line;
    Ok(LjrCheck {
        geometry,
        start,
        komi: spec.komi as i64,
        params: spec.ljr.unwrap_or_default(),
        steps,
        claims,
        expect,
        budget: spec.budget.unwrap_or(DEFAULT_BUDGET),
    })
}

/// The check's labels diagram, else the file's (rectangular boards only).
fn labels_of(
    file: &CaseFile,
    spec: &CheckSpec,
    geometry: &Geometry,
    places: &Places,
) -> Result<Labels, InputError> {
    let err = places.err;
    Ok(match spec.labels.as_deref().or(file.labels.as_deref()) {
        Some(t) if geometry.rect_size().is_some() => {
            let l = parse_labels(t).map_err(|e| (places.place)(e, t))?;
            if l.width * l.height != geometry.len() {
                return Err(err(
                    "labels:",
                    "the labels diagram has another size than the board".into(),
                ));
            }
            l
        }
        Some(_) => return Err(err("labels:", "a graph board has no labels diagram".into())),
        None => Labels::default(),
    })
}

/// The start: komi (L-2), the initially and permanently prohibited locations, the player to
/// move, the captives.
fn start_of(
    spec: &CheckSpec,
    geometry: &Geometry,
    labels: &Labels,
    position: Position,
    err: &dyn Fn(&str, String) -> InputError,
) -> Result<LjrStart, InputError> {
    if !(spec.komi.is_finite() && spec.komi >= 0.0 && spec.komi.fract() == 0.0 && spec.komi < 1e9) {
        return Err(err(
            "komi:",
            format!(
                "komi {}: LJR komi is a non-negative integer (L-2)",
                spec.komi
            ),
        ));
    }
    let initially_prohibited =
        points(geometry, labels, &spec.prohibited).map_err(|m| err("prohibited:", m))?;
    let permanently_prohibited = points(geometry, labels, &spec.permanently_prohibited)
        .map_err(|m| err("permanently-prohibited:", m))?;
    if let Some(&p) = permanently_prohibited
        .iter()
        .find(|&&p| position.get(p) != Cell::Empty)
    {
        return Err(err(
            "permanently-prohibited:",
            format!(
                "{} holds a stone; a permanently prohibited location is empty (L-7)",
                geometry.name(p)
            ),
        ));
    }
    Ok(LjrStart {
        position,
        to_move: spec.to_move.map(Colour::from).unwrap_or(Colour::Black),
        initially_prohibited,
        permanently_prohibited,
        captives: spec.prisoners.unwrap_or_default(),
    })
}

/// The turns of `moves:`.
fn turns(
    file: &CaseFile,
    spec: &CheckSpec,
    geometry: &Geometry,
    labels: &Labels,
    places: &Places,
    line_of: &dyn Fn(&str) -> usize,
) -> Result<Vec<LjrStep>, InputError> {
    let err = places.err;
    let mut steps = Vec::new();
    for item in &spec.moves {
        match item {
            MoveItem::Text(t) => {
                let l = line_of(t);
                for part in t.split(',') {
                    if part.trim().is_empty() {
                        return Err(err(t, "empty turn in a list (an extra comma)".into()));
                    }
                    let (player, cycle, play) =
                        parse_turn(geometry, labels, part).map_err(|m| err(t, m))?;
                    steps.push(LjrStep {
                        note: None,
                        text: part.trim().to_string(),
                        player,
                        cycle,
                        play,
                        expect: LjrStepExpect {
                            legal: true,
                            ..Default::default()
                        },
                        line: l,
                    });
                }
            }
            MoveItem::Step(s) => {
                let l = line_of(&s.play);
                steps.push(step_of(file, geometry, labels, s, places, l)?);
            }
        }
    }
    Ok(steps)
}

/// The claims of the disputes (L-17): `COLOUR neutral POINT` or `COLOUR dead POINT`.
fn claims(
    spec: &CheckSpec,
    geometry: &Geometry,
    labels: &Labels,
    err: &dyn Fn(&str, String) -> InputError,
) -> Result<Vec<(Colour, Claim)>, InputError> {
    let mut claims = Vec::new();
    for c in &spec.claims {
        let words: Vec<&str> = c.split_whitespace().collect();
        let bad = || {
            err(
                c,
                format!(
                    "claim `{c}`: expected `COLOUR neutral POINT` or `COLOUR dead POINT` (L-17)"
                ),
            )
        };
        let [colour, kind, at] = words.as_slice() else {
            return Err(bad());
        };
        let colour = match colour.to_ascii_lowercase().as_str() {
            "b" | "black" => Colour::Black,
            "w" | "white" => Colour::White,
            _ => return Err(bad()),
        };
        let p = point(geometry, labels, at).map_err(|m| err(c, m))?;
        claims.push((
            colour,
            match *kind {
                "neutral" => Claim::Neutral(p),
                "dead" => Claim::Dead(p),
                _ => return Err(bad()),
            },
        ));
    }
    Ok(claims)
}

/// The expectations about the end of an LJR check.
fn expectations(
    file: &CaseFile,
    f: &FinalExpect,
    geometry: &Geometry,
    labels: &Labels,
    places: &Places,
) -> Result<LjrExpect, InputError> {
    let err = places.err;
    let mut expect = LjrExpect::default();
    let foreign = [
        ("black-control:", f.black_control.is_some()),
        ("white-control:", f.white_control.is_some()),
        ("black-score:", f.black_score.is_some()),
        ("white-score:", f.white_score.is_some()),
        ("prisoner-difference:", f.prisoner_difference.is_some()),
        ("cycle:", f.cycle.is_some()),
        ("immortal-black:", f.immortal_black.is_some()),
        ("immortal-white:", f.immortal_white.is_some()),
        ("optimal-black-score:", f.optimal_black_score.is_some()),
        ("optimal-white-score:", f.optimal_white_score.is_some()),
        ("strings:", !f.strings.is_empty()),
    ];
    if let Some((name, _)) = foreign.iter().find(|(_, on)| *on) {
        return Err(err(
            name,
            format!(
                "`{}` is not an expectation of LJR checks",
                name.trim_end_matches(':')
            ),
        ));
    }
    if let Some(d) = &f.position {
        let d = diagram_of(file, d);
        let (g, p) = parse_position(d).map_err(|e| (places.place)(e, d))?;
        if g.len() != geometry.len() {
            return Err(err(
                "expect:",
                "the expected final position has another size than the board".into(),
            ));
        }
        expect.position = Some(p);
    }
    let list = |v: &Option<Vec<String>>, what: &str| -> Result<Option<Vec<Point>>, InputError> {
        v.as_ref()
            .map(|v| points(geometry, labels, v))
            .transpose()
            .map_err(|m| err(what, m))
    };
    expect.captives = f.prisoners;
    expect.game_over = f.game_over;
    expect.to_move = f.to_move.map(Colour::from);
    expect.permanently_prohibited = list(&f.permanently_prohibited, "permanently-prohibited:")?;
    expect.temporarily_prohibited = list(&f.temporarily_prohibited, "temporarily-prohibited:")?;
    if let Some(n) = f.passes_needed {
        if !(1..=3).contains(&n) {
            return Err(err(
                "passes-needed:",
                format!("passes-needed {n}: it is 1, 2 or 3 (LC-2)"),
            ));
        }
    }
    expect.passes_needed = f.passes_needed;
    expect.control = f
        .control
        .as_deref()
        .map(|d| control_diagram(geometry, diagram_of(file, d), places))
        .transpose()?;
    expect.dispute_control = f
        .dispute_control
        .as_deref()
        .map(|d| control_diagram(geometry, diagram_of(file, d), places))
        .transpose()?;
    expect.claims_control = f
        .claims_control
        .as_deref()
        .map(|d| control_diagram(geometry, diagram_of(file, d), places))
        .transpose()?;
    expect.claims_dead = list(&f.claims_dead, "claims-dead:")?;
    expect.black = f.black;
    expect.white = f.white;
    expect.score = f.score;
    expect.result = f.result.clone();
    Ok(expect)
}
