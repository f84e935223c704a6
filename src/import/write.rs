//! The case an import writes: one check per move-sequence of each game (each game tree of a
//! collection, in order), every move with what the engines decided about it (removals,
//! illegal moves and their reasons), an undetermined move written plainly and named, and the
//! expectations of each sequence's end.

use super::replay::{move_word, Outcome, Replayed, Sequence};
use super::{sensei, Kind, Request};
use crate::geometry::{Cell, Colour, Geometry, Point};
use crate::parse::case::{
    CaseFile, CheckSpec, ColourName, FinalExpect, MoveItem, Removed, Source, StepSpec,
};
use crate::rules::RulesetId;
use crate::session::SequenceStart;
use std::path::Path;

/// The name of the first check of a file of one game (without a check name in its root's
/// `N`); the next ones are `main-line-2`, `main-line-3` ...
pub const CHECK_NAME: &str = "main-line";

/// The name of a game's `k`-th check (0-based), its first check being `first`: `first`,
/// `first-2`, `first-3` ...
pub fn check_name(first: &str, k: usize) -> String {
    if k == 0 {
        first.into()
    } else {
        format!("{first}-{}", k + 1)
    }
}

/// One game's part of the case: its request, its replay, the final expectations of its last
/// check, its notes, and the name of its first check.
pub(super) struct Part<'a> {
    pub req: &'a Request<'a>,
    pub replayed: &'a Replayed,
    pub finals: Option<&'a FinalExpect>,
    pub notes: &'a [String],
    pub first: &'a str,
}

fn colour_name(c: Colour) -> ColourName {
    match c {
        Colour::Black => ColourName::Black,
        Colour::White => ColourName::White,
    }
}

fn names(g: &Geometry, points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| g.name(p).to_string()).collect()
}

/// The moves of a sequence as case moves: runs of plain moves, steps where there is
/// something to say.
fn moves_of(req: &Request, seq: &Sequence) -> Vec<MoveItem> {
    let game = req.game;
    let g = &game.geometry;
    let mut items = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let flush = |run: &mut Vec<String>, items: &mut Vec<MoveItem>| {
        if !run.is_empty() {
            items.push(MoveItem::Text(run.join(", ")));
            run.clear();
        }
    };
    for (i, outcome) in &seq.moves {
        let m = &game.moves[*i];
        let play = format!("{} {}", m.colour.letter(), move_word(g, m.mv));
        let mut step = StepSpec {
            note: m.comment.as_ref().map(|c| c.trim().to_string()),
            ..StepSpec::play(play.clone())
        };
        let mut remark = None;
        match outcome {
            Outcome::Legal(removed) if !removed.is_empty() => {
                step.removed = Some(Removed::Points(names(g, removed)));
            }
            Outcome::Legal(_) | Outcome::NotReplayed(_) => {}
            Outcome::Illegal { reason, undecided } => {
                step.legal = Some(false);
                step.reason = Some(*reason);
                remark = undecided
                    .as_ref()
                    .map(|u| format!("illegal ({reason}) {u}"));
            }
            Outcome::Undetermined(why) => {
                remark = Some(format!("legality undetermined: {why}"));
            }
        }
        if let Some(r) = remark {
            step.note = Some(match step.note.take() {
                Some(n) => format!("{n}\n{r}"),
                None => r,
            });
        }
        let plain = step.legal.is_none() && step.removed.is_none() && step.note.is_none();
        if plain {
            if run.len() >= 10 {
                flush(&mut run, &mut items);
            }
            run.push(play);
        } else {
            flush(&mut run, &mut items);
            items.push(MoveItem::Step(step));
        }
    }
    flush(&mut run, &mut items);
    items
}

/// The expectations of a sequence's end (position, prisoners, game end, player to move),
/// with `finals` (score, statuses) added for the last one.
fn expect_of(req: &Request, seq: &Sequence, finals: Option<&FinalExpect>) -> Option<FinalExpect> {
    let end = seq.end.as_ref()?;
    let g = &req.game.geometry;
    let mut e = finals.cloned().unwrap_or_default();
    e.position = Some(end.position.diagram(g));
    e.prisoners = Some(end.prisoners);
    e.game_over = Some(end.game_over);
    e.to_move = Some(colour_name(end.to_move));
    Some(e)
}

/// One check per sequence of a game; its `finals` go to the last one.
fn checks(part: &Part) -> Vec<CheckSpec> {
    let (req, r, finals) = (part.req, part.replayed, part.finals);
    let game = req.game;
    let g = &game.geometry;
    let (w, h) = g.rect_size().unwrap_or((g.len(), 1));
    let last = r.sequences.len() - 1;
    let mut out = Vec::new();
    for (k, seq) in r.sequences.iter().enumerate() {
        let has_stones = seq.start.position.0.iter().any(|&c| c != Cell::Empty);
        let description = (k > 0).then(|| {
            let (i, _) = seq.moves[0];
            let m = &game.moves[i];
            let why = if seq.started == Some(SequenceStart::AfterEnd) {
                "comes after the end of the game (the ruleset's passes)"
            } else {
                "is by the player not to move"
            };
            format!(
                "Continues `{}` from its final position: {} ({} {}) {why}, which starts a new move-sequence there with {} to move, prisoners kept (docs/cli.md: out-of-turn plays, plays after the end).",
                check_name(part.first, k - 1),
                req.move_name(i + 1),
                m.colour.letter(),
                move_word(g, m.mv),
                m.colour
            )
        });
        let p = seq.start.prisoners;
        out.push(CheckSpec {
            name: check_name(part.first, k),
            description,
            ruleset: req.ruleset,
            rules: req.rules.clone(),
            position: has_stones.then(|| seq.start.position.diagram(g)),
            size: (!has_stones).then(|| format!("{w}x{h}")),
            labels: None,
            to_move: (seq.start.to_move == Colour::White).then_some(ColourName::White),
            handicap: seq.start.handicap,
            komi: req.game.komi.unwrap_or(0.0),
            prisoners: (p.black > 0 || p.white > 0).then_some(p),
            moves: moves_of(req, seq),
            repeat: None,
            source_text: None,
            expect: expect_of(req, seq, if k == last { finals } else { None }),
            black_analysis: None,
            white_analysis: None,
            budget: None,
            solver_budget: matches!(req.ruleset, RulesetId::J2003 | RulesetId::Vjr)
                .then_some(req.budget),
            reference_solver_budget: None,
            discrepancy: None,
            graph: None,
            prohibited: Vec::new(),
            permanently_prohibited: names(g, &seq.permanently_prohibited),
            claims: Vec::new(),
            ljr: None,
            vjr: None,
        });
    }
    out
}

/// The notes of one game: its move-sequences, its own notes (`part.notes`), its ruleset,
/// handicap, what the reader left out (variations), its comment; each led by the game tree
/// in a collection.
fn game_notes(part: &Part) -> Vec<String> {
    let (req, r) = (part.req, part.replayed);
    let game = req.game;
    let mut notes = Vec::new();
    if r.sequences.len() > 1 {
        let parts: Vec<String> = r
            .sequences
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let a = s.moves.first().map_or(0, |m| m.0 + 1);
                let b = s.moves.last().map_or(0, |m| m.0 + 1);
                format!(
                    "`{}` {} {a}-{b}",
                    check_name(part.first, k),
                    req.moves_word()
                )
            })
            .collect();
        notes.push(format!(
            "A player moved out of turn or after the end, so the moves are in {} checks, each a move-sequence from the final position of the one before: {}.",
            r.sequences.len(),
            parts.join(", ")
        ));
    }
    notes.extend(part.notes.iter().cloned());
    notes.push(format!("Ruleset: {} ({}).", req.ruleset, req.ruleset_why));
    let handicap = r.sequences[0].start.handicap;
    if game.handicap >= 2 {
        notes.push(if handicap > 0 {
            format!(
                "HA[{}]: the SGF plays the handicap stones as Black's first moves: `handicap: {handicap}`.",
                game.handicap
            )
        } else if game.setup.0.contains(&Cell::Stone(Colour::Black)) {
            format!(
                "HA[{}]: the handicap stones are the SGF's setup (AB), so the case starts from them with no `handicap`.",
                game.handicap
            )
        } else {
            format!(
                "HA[{}]: the SGF's first moves are not all Black's, so the case has no `handicap`.",
                game.handicap
            )
        });
    }
    for note in &game.notes {
        notes.push(format!(
            "{} reader: {note}.",
            match req.kind {
                Kind::Sgf => "SGF",
                Kind::Sensei(_) => "Sensei",
            }
        ));
    }
    if let Some(c) = game
        .comment
        .as_ref()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
    {
        notes.push(format!("SGF comment:\n{c}"));
    }
    if req.tree.in_collection() {
        let lead = format!("Game tree {} (line {})", req.tree.index, req.tree.line);
        for n in &mut notes {
            *n = format!("{lead}: {n}");
        }
    }
    notes
}

/// What the case is imported from: the file, its game trees and their checks.
fn origin(parts: &[Part]) -> String {
    let head = parts[0].req;
    let n = head.game.moves.len();
    match head.kind {
        Kind::Sensei(_) => format!(
            "Imported from the Sensei's Library diagram {} by `go-oracle import` (its {n} numbered moves).",
            head.file
        ),
        Kind::Sgf if !head.tree.in_collection() => format!(
            "Imported from the SGF file {} by `go-oracle import` (its {n} main-line moves).",
            head.file
        ),
        Kind::Sgf => {
            let trees: Vec<String> = parts
                .iter()
                .map(|p| {
                    let checks: Vec<String> = (0..p.replayed.sequences.len())
                        .map(|k| format!("`{}`", check_name(p.first, k)))
                        .collect();
                    format!(
                        "game tree {} (line {}, {} main-line moves): {}",
                        p.req.tree.index,
                        p.req.tree.line,
                        p.req.game.moves.len(),
                        checks.join(", ")
                    )
                })
                .collect();
            format!(
                "Imported from the SGF file {} by `go-oracle import`: a collection of {} game trees, each read (its main line) into its own checks, in the file's order: {}.",
                head.file,
                parts.len(),
                trees.join("; ")
            )
        }
    }
}

/// The case of the games' replays (`parts`, in the source's order; at least one: the
/// callers give one per game): the case's title, tags and labels from the first.
pub(super) fn case(parts: &[Part]) -> CaseFile {
    let req = parts[0].req;
    let game = req.game;
    let mut notes = vec![origin(parts)];
    if let Kind::Sensei(d) = req.kind {
        notes.extend(sensei::notes(d));
    }
    notes.push(
        "Every expectation was computed by go-oracle (to review): the reference and the optimized engine replayed the moves through the session and agree on everything written; what they could not decide is left out and named here."
            .to_string(),
    );
    for part in parts {
        notes.extend(game_notes(part));
    }
    CaseFile {
        format: None,
        id: req.id.to_string(),
        title: Some(game.name.clone().unwrap_or_else(|| {
            format!(
                "Imported from {}",
                Path::new(req.file)
                    .file_name()
                    .map(|s| s.to_string_lossy().to_string())
                    .unwrap_or_default()
            )
        })),
        source: Source {
            document: req.file.to_string(),
            section: None,
            lines: None,
            url: None,
        },
        notes: Some(notes.join("\n\n") + "\n"),
        tags: match req.kind {
            Kind::Sgf => vec!["imported".into(), "sgf".into()],
            Kind::Sensei(d) if !d.edges.whole() => {
                vec!["imported".into(), "sensei".into(), "partial-board".into()]
            }
            Kind::Sensei(_) => vec!["imported".into(), "sensei".into()],
        },
        positions: Default::default(),
        labels: match req.kind {
            Kind::Sensei(d) => sensei::labels(d),
            Kind::Sgf => None,
        },
        checks: parts.iter().flat_map(checks).collect(),
    }
}
