//! Go diagrams as pictures: a [`Diagram`] (board, stones, numbered moves, labels, marks with
//! a legend, notes) built from a position or from a case check, and drawn as SVG by
//! [`svg::svg`].
//!
//! Conventions, as in printed Go books:
//! * Moves are numbered from 1 in the order of the check (passes and illegal moves take a
//!   number too). The number is written on the point of the first play there; a later play
//!   on the same point (after a capture) is noted under the diagram as `7 at 3`. The stones
//!   drawn are the position after the last move shown; a numbered stone that was captured
//!   and not replaced is drawn as a dashed outline with its number.
//! * Captures, passes and illegal moves are noted under the diagram
//!   (`W 4 at C3: illegal (basic-ko)`).
//! * Hoshi (see [`hoshi_points`]): only on rectangles whose sides are both at least 9.
//! * Marks (statuses, control, territory) are drawn on the position the diagram shows, each
//!   kind with a legend line under the board.

mod legend;
mod marks;
mod marks_j2003;
mod marks_ljr;
mod marks_naj;
mod marks_vjr;
pub mod svg;

use crate::engine::{Engine, Move};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::parse::case::{Case, Check, Target};
use crate::parse::check::FamilyCheck;
use crate::parse::diagram::parse_labels;
use crate::rules::Scoring;
use crate::session::{Action, RulesetGame};
use std::sync::Arc;

use marks::add_check_marks;
pub use svg::svg;

/// The shape of a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkShape {
    Square,
    Triangle,
    Circle,
    Diamond,
    Cross,
}

/// One legend line: how its marks look and what they mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    pub shape: MarkShape,
    pub fill: String,
    pub stroke: String,
    pub text: String,
}

/// A mark on a point; `legend` indexes [`Diagram::legend`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub point: Point,
    pub shape: MarkShape,
    pub legend: usize,
}

/// Everything a picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    pub geometry: Geometry,
    pub position: Position,
    /// Move numbers on points, in move order (one per point: the first play there).
    pub numbers: Vec<(Point, usize)>,
    /// Labels on points, in board order.
    pub labels: Vec<(Point, char)>,
    pub marks: Vec<Mark>,
    pub legend: Vec<LegendEntry>,
    /// Lines of text under the board (after the legend).
    pub notes: Vec<String>,
    pub title: Option<String>,
    /// XML comments at the top (e.g. where the marks come from).
    pub comments: Vec<String>,
}

impl Diagram {
    /// A bare position: stones only.
    pub fn position(geometry: Geometry, position: Position) -> Diagram {
        Diagram {
            geometry,
            position,
            numbers: Vec::new(),
            labels: Vec::new(),
            marks: Vec::new(),
            legend: Vec::new(),
            notes: Vec::new(),
            title: None,
            comments: Vec::new(),
        }
    }

    /// Adds a legend entry and marks on `points` with it (nothing when `points` is empty).
    pub fn add_marks(
        &mut self,
        points: impl IntoIterator<Item = Point>,
        shape: MarkShape,
        fill: &str,
        stroke: &str,
        text: &str,
    ) {
        let points: Vec<Point> = points.into_iter().collect();
        if points.is_empty() {
            return;
        }
        let legend = self.legend.len();
        self.legend.push(LegendEntry {
            shape,
            fill: fill.into(),
            stroke: stroke.into(),
            text: format!("{text} ({})", points.len()),
        });
        self.marks.extend(points.into_iter().map(|point| Mark {
            point,
            shape,
            legend,
        }));
    }
}

/// The hoshi of a rectangle. Rule: none unless both sides are at least 9; the corner
/// points are on the 4th line when both sides are at least 13, else on the 3rd line; on a
/// side of odd length at least 15 the middle line also carries hoshi (19x19: 9 points,
/// 13x13: corners and centre, 9x9: corners and centre); the centre is a hoshi when both sides
/// are odd. Graphs have none.
pub fn hoshi_points(g: &Geometry) -> Vec<Point> {
    let Some((w, h)) = g.rect_size() else {
        return Vec::new();
    };
    if w < 9 || h < 9 {
        return Vec::new();
    }
    let c = if w.min(h) >= 13 { 3 } else { 2 };
    let lines = |side: usize| {
        let mut v = vec![c, side - 1 - c];
        if side % 2 == 1 && side >= 15 {
            v.push(side / 2);
        }
        v
    };
    let mut out: Vec<Point> = Vec::new();
    for &y in &lines(h) {
        for &x in &lines(w) {
            out.extend(g.at(x, y));
        }
    }
    if w % 2 == 1 && h % 2 == 1 {
        out.extend(g.at(w / 2, h / 2));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// What the marks show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// J2003 statuses of the final strings; VJR statuses.
    Statuses,
    /// NAJ control (the case's expected diagrams); LJR control (L-14).
    Control,
    /// Area scoring (Tromp-Taylor and `custom` with area scoring): which empty points count
    /// for whom; VJR territory.
    Territory,
}

impl MarkKind {
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Statuses => "statuses",
            MarkKind::Control => "control",
            MarkKind::Territory => "territory",
        }
    }
}

/// Where marks come from.
#[derive(Clone, Copy)]
pub enum MarksFrom<'a> {
    /// Asked of these engines through `session::ask` (the door that compares them) on the
    /// position shown, within the check's budgets: what they agree on is marked as such, a
    /// disagreement and an undetermined answer each have a mark of their own.
    Engines(&'a [Arc<dyn Engine>]),
    /// The case's expectations (they describe the final position: no `step` before the end).
    Expectations,
}

/// How to draw a check.
#[derive(Clone, Copy)]
pub struct CheckOptions<'a> {
    /// Moves shown: the first `step` (`None`: all).
    pub step: Option<usize>,
    pub marks: Option<MarkKind>,
    pub marks_from: MarksFrom<'a>,
}

/// The marks a check's ruleset defines, in the order of [`MarkKind`].
pub fn available_marks(check: &Check) -> Vec<MarkKind> {
    let area = check
        .rules
        .as_ref()
        .is_some_and(|r| r.scoring != Scoring::None);
    let (statuses, control, territory) = match &check.family {
        FamilyCheck::J2003(_) => (true, false, area),
        FamilyCheck::Vjr(_) => (true, false, true),
        FamilyCheck::Ljr(_) => (false, true, false),
        FamilyCheck::Naj(_) => (false, true, area),
        FamilyCheck::Play(_) => (false, false, area),
    };
    [
        (statuses, MarkKind::Statuses),
        (control, MarkKind::Control),
        (territory, MarkKind::Territory),
    ]
    .into_iter()
    .filter_map(|(on, kind)| on.then_some(kind))
    .collect()
}

/// The number of moves (or LJR turns) of a check.
pub fn move_count(check: &Check) -> usize {
    match check.ljr() {
        Some(l) => l.steps.len(),
        None => check.steps.len(),
    }
}

/// The labels of check number `index` of `case`: its own diagram or the file's.
fn labels_of(case: &Case, index: usize, g: &Geometry) -> Result<Vec<(Point, char)>, String> {
    let spec = case.file.checks.get(index);
    let text = spec
        .and_then(|s| s.labels.as_ref())
        .or(case.file.labels.as_ref());
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    let labels = parse_labels(text).map_err(|e| format!("labels diagram: {e}"))?;
    let Some((w, h)) = g.rect_size() else {
        return Ok(Vec::new());
    };
    if (labels.width, labels.height) != (w, h) {
        // Labels of another board (a check of another size): not drawn.
        return Ok(Vec::new());
    }
    let mut out: Vec<(Point, char)> = labels
        .points
        .iter()
        .flat_map(|(&c, ps)| ps.iter().map(move |&p| (p, c)))
        .collect();
    out.sort_unstable();
    Ok(out)
}

/// A move as text: `C3`, `pass`, `ko-pass`.
fn move_text(g: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => g.name(p).to_string(),
        Move::Pass => "pass".into(),
        Move::KoPass => "ko-pass".into(),
    }
}

fn names(g: &Geometry, ps: &[Point]) -> String {
    ps.iter().map(|&p| g.name(p)).collect::<Vec<_>>().join(", ")
}

/// Numbers and notes of the moves: records each play, and says the rest in words.
struct Numbering {
    numbers: Vec<(Point, usize)>,
    notes: Vec<String>,
}

impl Numbering {
    fn play(&mut self, k: usize, p: Point) {
        match self.numbers.iter().find(|(q, _)| *q == p) {
            Some(&(_, first)) => self.notes.push(format!("{k} at {first}")),
            None => self.numbers.push((p, k)),
        }
    }
}

/// Check number `index` of `case` as a diagram: its start, the moves up to `options.step`,
/// labels, notes and the marks asked for. `engine` replays the moves (and computes the
/// marks when `options.marks_from` says so). Errors are sentences for the user.
pub fn from_check(
    case: &Case,
    index: usize,
    engine: &dyn Engine,
    options: CheckOptions<'_>,
) -> Result<Diagram, String> {
    let check = case
        .checks
        .get(index)
        .ok_or_else(|| format!("no check number {index}"))?;
    let total = move_count(check);
    let shown = options.step.unwrap_or(total);
    if shown > total {
        return Err(format!(
            "--step {shown} is beyond the moves of check `{}`: it has {total} move{}",
            check.name,
            if total == 1 { "" } else { "s" }
        ));
    }
    if let Some(kind) = options.marks {
        let available = available_marks(check);
        if !available.contains(&kind) {
            let list: Vec<&str> = available.iter().map(|k| k.name()).collect();
            return Err(format!(
                "--marks {} is not available for check `{}` (ruleset {}); available: {}",
                kind.name(),
                check.name,
                check.ruleset,
                if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(", ")
                }
            ));
        }
        if matches!(options.marks_from, MarksFrom::Expectations) && shown < total {
            return Err(format!(
                "the case's expectations describe the final position of check `{}`: marks from them need all {total} moves (drop --step)",
                check.name
            ));
        }
    }
    let mut d = match check.ljr() {
        Some(_) => ljr_diagram(check, engine, shown)?,
        None => play_diagram(check, engine, shown)?,
    };
    d.labels = labels_of(case, index, &d.geometry)?;
    d.title = Some(format!("{} / {}", case.file.id, check.name));
    if shown < total {
        d.notes.insert(
            0,
            if shown == 0 {
                format!(
                    "the start, before the {total} move{}",
                    if total == 1 { "" } else { "s" }
                )
            } else {
                format!("moves 1-{shown} of {total}")
            },
        );
    }
    if let Some(kind) = options.marks {
        add_check_marks(&mut d, check, kind, options.marks_from, shown)?;
    }
    Ok(d)
}

/// The moves of a check that is not LJR, replayed on `engine`.
fn play_diagram(check: &Check, engine: &dyn Engine, shown: usize) -> Result<Diagram, String> {
    let g = &check.geometry;
    let rules = check
        .rules
        .as_ref()
        .ok_or_else(|| format!("ruleset {} is not implemented yet", check.ruleset))?;
    // The game the ruleset starts: every play rule in force, J-19 included.
    let mut game = crate::session::RulesetGame::start(
        engine,
        g,
        rules,
        &check.start,
        crate::session::PassJudge::new(check.solver_budget),
    )
    .map_err(|u| u.to_string())?;
    let mut num = Numbering {
        numbers: Vec::new(),
        notes: Vec::new(),
    };
    for (i, step) in check.steps.iter().take(shown).enumerate() {
        let k = i + 1;
        let player = game.to_move();
        let mv = match &step.target {
            Target::Point(p) => Move::Play(*p),
            Target::Pass => Move::Pass,
            Target::KoPass => Move::KoPass,
            Target::AnyOf(_, points) => {
                let legal: Vec<Point> = points
                    .iter()
                    .copied()
                    .filter(|&p| game.legality(Move::Play(p).into()).is_ok())
                    .collect();
                Move::Play(legal.first().copied().unwrap_or(points[0]))
            }
        };
        let who = player.letter();
        match game.play(mv.into()) {
            Ok(played) => {
                match mv {
                    Move::Play(p) => num.play(k, p),
                    _ => num.notes.push(format!("{who} {k}: {}", move_text(g, mv))),
                }
                if !played.removed.is_empty() {
                    num.notes.push(format!(
                        "{who} {k} at {} removes {}",
                        move_text(g, mv),
                        names(g, &played.removed)
                    ));
                }
            }
            Err(crate::session::Refusal::Illegal(reason)) => num.notes.push(format!(
                "{who} {k} at {}: illegal ({})",
                move_text(g, mv),
                reason.as_str()
            )),
            Err(crate::session::Refusal::Undetermined(u)) => {
                num.notes.push(format!(
                    "{who} {k} at {}: legality undetermined ({u}); the replay stops here",
                    move_text(g, mv)
                ));
                break;
            }
        }
    }
    let mut d = Diagram::position(g.clone(), game.position());
    d.numbers = num.numbers;
    d.notes = num.notes;
    let start_note = format!(
        "{} to move at the start{}",
        check.start.to_move.name(),
        if check.start.handicap > 0 {
            format!(", handicap {}", check.start.handicap)
        } else {
            String::new()
        }
    );
    d.notes.insert(0, start_note);
    let p = game.prisoners();
    if p.black > 0 || p.white > 0 {
        d.notes
            .push(format!("prisoners: black {}, white {}", p.black, p.white));
    }
    Ok(d)
}

/// The turns of an LJR check, replayed on `engine`.
fn ljr_diagram(check: &Check, engine: &dyn Engine, shown: usize) -> Result<Diagram, String> {
    let l = check.ljr().ok_or("not an LJR check")?;
    let g = &l.geometry;
    let mut game = RulesetGame::start_ljr(engine, g, &l.start).map_err(|u| u.to_string())?;
    let mut num = Numbering {
        numbers: Vec::new(),
        notes: Vec::new(),
    };
    for (i, step) in l.steps.iter().take(shown).enumerate() {
        let k = i + 1;
        let who = game.to_move().letter();
        let action = Action::ljr(step.cycle, step.play);
        let turn = game
            .turn_of(action)
            .ok_or("not an LJR game")?
            .map_err(|e| e.as_str().to_string())?;
        let text = turn.describe(|p| g.name(p).to_string());
        match game.play_turn(action).ok_or("not an LJR game")? {
            Ok(done) => {
                match turn.play {
                    Some(p) if turn.remove_cycle.is_none() => num.play(k, p),
                    Some(p) => {
                        num.play(k, p);
                        num.notes.push(format!("{who} {k}: {text}"));
                    }
                    None => num.notes.push(format!("{who} {k}: {text}")),
                }
                if !done.cycle_removed.is_empty() {
                    num.notes.push(format!(
                        "{who} {k} removes the cycle's stones {}",
                        names(g, &done.cycle_removed)
                    ));
                }
                if !done.captured.is_empty() {
                    num.notes.push(format!(
                        "{who} {k} at {text} captures {}",
                        names(g, &done.captured)
                    ));
                }
            }
            Err(reason) => num.notes.push(format!(
                "{who} {k} at {text}: illegal ({})",
                reason.as_str()
            )),
        }
    }
    let mut d = Diagram::position(g.clone(), game.position());
    d.numbers = num.numbers;
    d.notes = num.notes;
    d.notes.insert(
        0,
        format!("{} to move at the start", l.start.to_move.name()),
    );
    let s = game.situation().ok_or("not an LJR game")?;
    if !s.permanently_prohibited.is_empty() {
        d.notes.push(format!(
            "permanently prohibited: {}",
            names(g, &s.permanently_prohibited)
        ));
    }
    let c = game.prisoners();
    if c.black > 0 || c.white > 0 {
        d.notes
            .push(format!("captives: black {}, white {}", c.black, c.white));
    }
    Ok(d)
}

/// Colours of the marks.
/// Area scoring (spec PLAY-12) of the empty points: `[counts for Black, counts for White]`
/// per point (stones count for nobody here). `AreaNotReachingOpponent`: an empty region
/// counts for a player when it does not reach the opponent's colour (so a region reaching
/// no stone counts for both); `AreaReachingOnly`: when it reaches only that player's colour.
pub fn area_owners(g: &Geometry, position: &Position, scoring: Scoring) -> Vec<[bool; 2]> {
    let mut out = vec![[false, false]; g.len()];
    let mut seen = vec![false; g.len()];
    for p in g.points() {
        if seen[p] || position.get(p) != Cell::Empty {
            continue;
        }
        let mut region = vec![p];
        seen[p] = true;
        let mut reaches = [false, false];
        let mut i = 0;
        while i < region.len() {
            for &q in g.neighbours(region[i]) {
                match position.get(q) {
                    Cell::Empty if !seen[q] => {
                        seen[q] = true;
                        region.push(q);
                    }
                    Cell::Empty => {}
                    Cell::Stone(Colour::Black) => reaches[0] = true,
                    Cell::Stone(Colour::White) => reaches[1] = true,
                }
            }
            i += 1;
        }
        let counts = match scoring {
            Scoring::AreaNotReachingOpponent => [!reaches[1], !reaches[0]],
            Scoring::AreaReachingOnly => [reaches[0] && !reaches[1], reaches[1] && !reaches[0]],
            Scoring::None => [false, false],
        };
        for q in region {
            out[q] = counts;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hoshi(w: usize, h: usize) -> Vec<String> {
        let g = Geometry::rect(w, h).unwrap();
        hoshi_points(&g)
            .into_iter()
            .map(|p| g.name(p).to_string())
            .collect()
    }

    #[test]
    fn hoshi_of_the_usual_boards() {
        assert_eq!(hoshi(9, 9), ["C7", "G7", "E5", "C3", "G3"]);
        assert_eq!(hoshi(13, 13), ["D10", "K10", "G7", "D4", "K4"]);
        assert_eq!(hoshi(19, 19).len(), 9);
        assert!(hoshi(19, 19).contains(&"K10".to_string()));
        assert!(hoshi(7, 7).is_empty());
        assert!(hoshi(25, 25).len() == 9);
    }

    #[test]
    fn area_of_an_empty_board_counts_for_both_under_tromp_taylor() {
        let g = Geometry::rect(2, 2).unwrap();
        let p = Position::empty(4);
        assert_eq!(
            area_owners(&g, &p, Scoring::AreaNotReachingOpponent)[0],
            [true, true]
        );
        assert_eq!(
            area_owners(&g, &p, Scoring::AreaReachingOnly)[0],
            [false, false]
        );
    }
}
