//! `go-oracle export`: a check of a case file as an SGF game (every check: a collection, one
//! game tree each, the check's name in the root's `N`, which `import` reads back): the start
//! (size, setup stones, player to move, komi, handicap, ruleset), the legal moves in order (an illegal move is
//! left out and named in a comment), and at the end what the check says about the final
//! position as markup:
//!
//! * Tromp-Taylor, Tromp's logical rules (area scoring), when the game is over or the check
//!   expects a score: `TB`/`TW` on the empty points counted for Black / White (an empty point
//!   that counts for both under the 1995 text, reaching neither colour, is in both);
//! * J2003 and VJR checks that expect statuses: `LB` with every decided final string's status
//!   on its first point (J2003 `U` uncapturable, `C1`, `C2`, `D` dead; VJR `A` independently
//!   alive, `S` alive in seki, `D` dead, `?` undefined), dead stones in the opponent's `TB`/`TW`,
//!   and for VJR the territory (V-25) in `TB`/`TW` too;
//! * NAJ checks that expect control (N-18, N-19) and LJR checks that expect `control` (L-14):
//!   `TB`/`TW` on every point Black / White controls.
//!
//! A graph board (LJR `graph:`) has no SGF form: bad input.

use super::EngineChoice;
use crate::error::Exit;
use crate::output::move_text;
use go_oracle::engine::{Answer, Move};
use go_oracle::geometry::{Cell, Colour, Geometry, Point, Position};
use go_oracle::parse::case::{load_case, Check, FamilyCheck};
use go_oracle::parse::sgf::{write_sgf, SgfGame, SgfMarkup, SgfMove};
use go_oracle::parse::sgf_rules::custom_ru;
use go_oracle::rules::{RulesetId, Scoring};
use go_oracle::runner::{passes_judged, Replays, Trace};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The case file.
    file: PathBuf,
    /// The check to export (default: every check, one game tree each: an SGF collection).
    #[arg(long)]
    check: Option<String>,
    /// Write the SGF here instead of on stdout.
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        file,
        check: only,
        output,
    } = args;
    let name = file.display().to_string();
    let case = load_case(&file)?;
    let names: Vec<&str> = case.checks.iter().map(|c| c.name.as_str()).collect();
    let chosen: Vec<&Check> = match &only {
        Some(n) => vec![case.checks.iter().find(|c| &c.name == n).ok_or_else(|| {
            Exit::BadInput(format!(
                "{name}: no check named `{n}`; the checks are: {}",
                names.join(", ")
            ))
        })?],
        None => case.checks.iter().collect(),
    };
    // One game tree per check: a collection when there are several.
    let mut text = String::new();
    let mut left_out = Vec::new();
    for check in &chosen {
        match export_check(&case.file, check, &name) {
            Ok(game) => text.push_str(&write_sgf(&game)),
            Err(Exit::BadInput(why)) if chosen.len() > 1 => left_out.push(why),
            Err(e) => return Err(e),
        }
    }
    for why in &left_out {
        eprintln!("note: left out of the collection: {why}");
    }
    if text.is_empty() {
        return Err(Exit::BadInput(format!(
            "{name}: no check of the case has an SGF form"
        )));
    }
    match &output {
        Some(p) => std::fs::write(p, &text)
            .map_err(|e| Exit::BadInput(format!("{}: cannot write: {e}", p.display())))?,
        None => print!("{text}"),
    }
    Ok(())
}

/// One check as an SGF game: replayed on both engines, which must agree.
fn export_check(
    file: &go_oracle::parse::case::CaseFile,
    check: &Check,
    name: &str,
) -> Result<SgfGame, Exit> {
    let g = &check.geometry;
    if g.rect_size().is_none() {
        return Err(Exit::BadInput(format!(
            "{name}: check `{}` is played on a graph board (`graph:`); SGF boards are rectangles, so it has no SGF form",
            check.name
        )));
    }
    // Replay on both engines; they must agree.
    let replays = Replays::of(check, &EngineChoice::Both.engines());
    for (_, replay) in &replays.replays {
        match replay {
            Err(why) => {
                return Err(Exit::BadInput(format!(
                    "{name}: check `{}` cannot be replayed: {why}",
                    check.name
                )))
            }
            Ok(Err(p)) => {
                return Err(Exit::BadInput(format!(
                    "{name}: check `{}` does not replay: {}",
                    check.name, p.message
                )))
            }
            Ok(Ok(_)) => {}
        }
    }
    // A replay that could not judge an ending pass (J-19) within the budget is not compared.
    let mismatches = replays.disagreements(check);
    if !mismatches.is_empty() {
        for m in &mismatches {
            eprintln!(
                "{}: reference {}, optimized {}",
                m.what,
                m.expected.trim(),
                m.actual.trim()
            );
        }
        eprintln!(
            "check `{}`: the engines disagree: no SGF was written",
            check.name
        );
        return Err(Exit::Failed);
    }
    let trace = replays
        .agreed_trace()
        .ok_or_else(|| Exit::BadInput(format!("{name}: check `{}` has no replay", check.name)))?;
    sgf_game(file, check, trace, name)
}

/// One replayed move: player, move, and whether it was legal.
struct Played {
    player: Colour,
    mv: Move,
    illegal: Option<String>,
    note: Option<String>,
}

fn sgf_game(
    file: &go_oracle::parse::case::CaseFile,
    check: &Check,
    t: &Trace,
    name: &str,
) -> Result<SgfGame, Exit> {
    let g = &check.geometry;
    let mut game = SgfGame::new(g.clone());
    game.setup = check.start.position.clone();
    let has_setup = game.setup.0.iter().any(|&c| c != Cell::Empty);
    if has_setup || check.start.to_move == Colour::White {
        game.to_move = Some(check.start.to_move);
    }
    game.komi = (check.komi != 0.0).then_some(check.komi);
    game.handicap = check.start.handicap;
    game.ruleset = Some(check.ruleset);
    game.ruleset_text = Some(check.ruleset.as_str().to_string());
    game.name = Some(file.title.clone().unwrap_or_else(|| file.id.clone()));
    // The root's name is the check's: `import` names the check by it.
    game.root_name = Some(check.name.clone());
    let mut root = vec![format!(
        "Exported by go-oracle from the case {} (check {}, ruleset {}).",
        file.id, check.name, check.ruleset
    )];
    if let Some(r) = &check.rules {
        if check.ruleset == RulesetId::Custom {
            // RU states the rules (parse::sgf_rules), so `import` reads them back.
            game.ruleset_text = Some(custom_ru(r));
            root.push(format!("Rules (custom): {}.", crate::output::rules_text(r)));
        }
    }
    if check.start.prisoners.black > 0 || check.start.prisoners.white > 0 {
        root.push(format!(
            "Prisoners at the start: black {}, white {} (SGF has no property for them).",
            check.start.prisoners.black, check.start.prisoners.white
        ));
    }
    // The moves.
    let played: Vec<Played> = match (check.ljr(), t.ljr()) {
        (Some(l), Some(lt)) => {
            if !l.start.initially_prohibited.is_empty()
                || !l.start.permanently_prohibited.is_empty()
            {
                root.push(format!(
                    "LJR prohibitions at the start (no SGF form): initially {}, permanently {}.",
                    names(g, &l.start.initially_prohibited),
                    names(g, &l.start.permanently_prohibited)
                ));
            }
            let mut out = Vec::new();
            for (s, step) in lt.steps.iter().zip(&l.steps) {
                if s.turn.remove_cycle.is_some() && s.result.is_ok() {
                    return Err(Exit::BadInput(format!(
                        "{name}: turn {} `{}` of check `{}` removes a cycle (LJR L-7), which has no SGF form",
                        s.index, s.text, check.name
                    )));
                }
                out.push(Played {
                    player: s.player,
                    mv: s.turn.play.map(Move::Play).unwrap_or(Move::Pass),
                    illegal: s.result.as_ref().err().map(|r| r.to_string()),
                    note: step.note.clone(),
                });
            }
            out
        }
        _ => t
            .steps
            .iter()
            .zip(&check.steps)
            .map(|(s, step)| Played {
                player: s.player,
                mv: s.mv,
                illegal: s.result.as_ref().err().map(|r| r.to_string()),
                note: step.note.clone(),
            })
            .collect(),
    };
    for p in played {
        match p.illegal {
            Some(reason) => {
                let remark = format!(
                    "{} {} illegal here ({reason}), left out",
                    p.player.letter(),
                    move_text(g, p.mv)
                );
                match game.moves.last_mut() {
                    Some(m) => append(&mut m.comment, remark),
                    None => root.push(format!("{remark}.")),
                }
            }
            None => game.moves.push(SgfMove {
                colour: p.player,
                mv: p.mv,
                comment: p.note,
            }),
        }
    }
    if !passes_judged(t) {
        root.push("The replay stopped at an ending pass whose legality by J2003's direct ko rule (J-19) is undetermined within the check's solver-budget.".into());
    }
    game.comment = Some(root.join("\n"));
    game.markup = markup(check, t);
    Ok(game)
}

fn append(comment: &mut Option<String>, more: String) {
    *comment = Some(match comment.take() {
        Some(c) => format!("{c}\n{more}"),
        None => more,
    });
}

fn names(g: &Geometry, points: &[Point]) -> String {
    if points.is_empty() {
        return "none".into();
    }
    points
        .iter()
        .map(|&p| g.name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the check says about the final position, as SGF marks.
fn markup(check: &Check, t: &Trace) -> Option<SgfMarkup> {
    let g = &check.geometry;
    let x = &check.expect;
    let mut m = SgfMarkup::default();
    let mut legend = Vec::new();
    let stones_of = |c: Colour| {
        t.position
            .0
            .iter()
            .filter(|&&cell| cell == Cell::Stone(c))
            .count() as u32
    };
    let area_asked = match &check.family {
        FamilyCheck::Play(a) => a.black.is_some() || a.white.is_some(),
        _ => false,
    };
    let wants_score = area_asked || x.score.is_some();
    match (&check.rules, &t.score) {
        (Some(r), Some(s))
            if r.scoring != Scoring::None
                && check.ljr().is_none()
                && (t.game_over || wants_score) =>
        {
            let (b, w) = area(g, &t.position, r.scoring);
            // The marks must add up to the engines' score.
            if stones_of(Colour::Black) + b.len() as u32 == s.black
                && stones_of(Colour::White) + w.len() as u32 == s.white
            {
                m.black_territory = b;
                m.white_territory = w;
                legend.push(format!(
                    "TB/TW: the empty points counted for Black / White by area scoring: black {}, white {}, komi {}: {}.",
                    s.black,
                    s.white,
                    crate::output::fmt_number(s.komi),
                    s.result
                ));
            }
        }
        _ => {}
    }
    let mut label = |p: Point, text: &str| m.labels.push((p, text.to_string()));
    let mut dead: Vec<(Colour, Vec<Point>)> = Vec::new();
    if let (false, Some(a)) = (
        check.j2003().is_none_or(|j| j.strings.is_empty()),
        t.j2003().and_then(|j| j.analysis.as_ref()),
    ) {
        for s in &a.strings {
            let Some(st) = s.status else { continue };
            let word = match st {
                go_oracle::status_game::Status::Uncapturable => "U",
                go_oracle::status_game::Status::Capturable1 => "C1",
                go_oracle::status_game::Status::Capturable2 => "C2",
                go_oracle::status_game::Status::Dead => "D",
            };
            label(s.points[0], word);
            if !st.is_alive() {
                dead.push((s.colour, s.points.clone()));
            }
        }
        legend.push("LB: the J2003 status of each final string (U uncapturable, C1 capturable-1, C2 capturable-2, D dead); TB/TW: dead stones, in the opponent's marks.".into());
    }
    let mut vjr_territory = None;
    if let (Some(vx), Some(v)) = (check.vjr().filter(|v| !v.strings.is_empty()), t.vjr()) {
        if let Some(a) = &v.assessment {
            use go_oracle::vjr::VjrStatus;
            for s in &a.strings {
                let Some(st) = s.status else { continue };
                let word = match st {
                    VjrStatus::IndependentlyAlive => "A",
                    VjrStatus::AliveInSeki => "S",
                    VjrStatus::Dead => "D",
                    VjrStatus::Undefined => "?",
                };
                label(s.points[0], word);
                if st == VjrStatus::Dead {
                    dead.push((s.colour, s.points.clone()));
                }
            }
            legend.push(format!(
                "LB: the VJR status of each final string under independent-life {} (A independently alive, S alive in seki, D dead, ? undefined); TB/TW: dead stones in the opponent's marks, and the territory (V-25).",
                vx.independent_life
            ));
        }
        vjr_territory = v.territory.as_ref().map(|t| t.owner.clone());
    }
    for (colour, points) in dead {
        match colour {
            Colour::Black => m.white_territory.extend(points),
            Colour::White => m.black_territory.extend(points),
        }
    }
    if let Some(owner) = vjr_territory {
        for (p, o) in owner.iter().enumerate() {
            match o {
                Some(Colour::Black) => m.black_territory.push(p),
                Some(Colour::White) => m.white_territory.push(p),
                None => {}
            }
        }
    }
    // NAJ control (N-18, N-19), read off the analyses.
    if let (Some(nx), Some(n)) = (check.naj(), t.naj()) {
        let mut any = false;
        for (a, wanted, marks) in [
            (&n.black_analysis, nx.control[0].is_some(), 0),
            (&n.white_analysis, nx.control[1].is_some(), 1),
        ] {
            if let (true, Some(Answer::Decided(c))) = (wanted, a.as_ref().map(|a| &a.control)) {
                any = true;
                let pts = c.iter().enumerate().filter(|(_, &b)| b).map(|(p, _)| p);
                if marks == 0 {
                    m.black_territory.extend(pts);
                } else {
                    m.white_territory.extend(pts);
                }
            }
        }
        if any {
            legend.push("TB/TW: the points Black / White controls (NAJ N-18, N-19).".into());
        }
    }
    // LJR control by the two-eye test (L-14).
    if let (Some(l), Some(lt)) = (check.ljr(), t.ljr()) {
        if let (Some(_), Some(c)) = (&l.expect.control, &lt.control) {
            for (p, (b, w)) in c[0].controlled.iter().zip(&c[1].controlled).enumerate() {
                if *b == Some(true) {
                    m.black_territory.push(p);
                }
                if *w == Some(true) {
                    m.white_territory.push(p);
                }
            }
            legend.push(
                "TB/TW: the locations Black / White controls by the two-eye test (LJR L-14)."
                    .into(),
            );
        }
    }
    m.black_territory.sort_unstable();
    m.black_territory.dedup();
    m.white_territory.sort_unstable();
    m.white_territory.dedup();
    m.labels.sort();
    if legend.is_empty() {
        return None;
    }
    m.comment = Some(legend.join("\n"));
    Some(m)
}

/// The empty points that count for Black and for White under an area scoring (spec
/// `PLAY-12`): each empty region, by the colours it reaches.
fn area(g: &Geometry, p: &Position, scoring: Scoring) -> (Vec<Point>, Vec<Point>) {
    let mut seen = vec![false; g.len()];
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for start in g.points() {
        if seen[start] || p.get(start) != Cell::Empty {
            continue;
        }
        let mut region = vec![start];
        seen[start] = true;
        let (mut reaches_b, mut reaches_w) = (false, false);
        let mut i = 0;
        while i < region.len() {
            for &n in g.neighbours(region[i]) {
                match p.get(n) {
                    Cell::Empty if !seen[n] => {
                        seen[n] = true;
                        region.push(n);
                    }
                    Cell::Stone(Colour::Black) => reaches_b = true,
                    Cell::Stone(Colour::White) => reaches_w = true,
                    Cell::Empty => {}
                }
            }
            i += 1;
        }
        let (for_b, for_w) = match scoring {
            Scoring::AreaNotReachingOpponent => (!reaches_w, !reaches_b),
            Scoring::AreaReachingOnly => (reaches_b && !reaches_w, reaches_w && !reaches_b),
            Scoring::None => (false, false),
        };
        if for_b {
            black.extend(&region);
        }
        if for_w {
            white.extend(&region);
        }
    }
    black.sort_unstable();
    white.sort_unstable();
    (black, white)
}
