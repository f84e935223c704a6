//! Import: an SGF game (main line) or a Sensei's Library diagram (numbered moves) as a case
//! file, with what go-oracle decides about it — through the library's doors only: the moves
//! are played through a [`Session`](crate::session::Session) on the reference and the
//! optimized engine ([`replay`]), the final statuses and scores come from the runner's replay
//! of the written check ([`finals`]), and the written case is judged by the runner as
//! `go-oracle check` judges it. The command (`go-oracle import`) parses its arguments and
//! prints.
//!
//! Nothing is written that the engines did not decide: a move whose legality they cannot
//! decide within the budget is written as a plain move with a note, the moves after it
//! without claims, the check without `expect`, and the import is undetermined. A move by the
//! player not to move starts a new move-sequence at the current position (the session's
//! out-of-turn rule), written as a new check from the previous check's final position with
//! its prisoners: every move of the source is in the case.

pub mod finals;
pub mod replay;
pub mod sensei;
pub mod write;

use crate::engine::{Illegal, Move, Start};
use crate::geometry::{Cell, Colour};
use crate::parse::case::{parse_case, FinalExpect};
use crate::parse::sensei::SenseiDiagram;
use crate::parse::sgf::SgfGame;
use crate::parse::sgf_rules::read_custom_ru;
use crate::rules::{RulesPatch, RulesetId};
use crate::runner::{compare_traces, judge, Status, Trace};
use crate::session::VerdictKind;
use replay::{Door, Outcome, Replayed};

pub use write::{check_name, CHECK_NAME};

/// What a case is imported from.
#[derive(Clone, Copy)]
pub enum Kind<'a> {
    Sgf,
    Sensei(&'a SenseiDiagram),
}

/// An import to make.
pub struct Request<'a> {
    pub game: &'a SgfGame,
    pub kind: Kind<'a>,
    /// The source's name, in messages and the case's `source`.
    pub file: &'a str,
    /// The case's id.
    pub id: &'a str,
    pub ruleset: RulesetId,
    /// `custom`: the rules (from `RU[go-oracle custom: ...]`).
    pub rules: Option<RulesPatch>,
    /// Why this ruleset (`--ruleset`, `RU[Japanese] read as j2003`).
    pub ruleset_why: String,
    /// Nodes or states per search question (J-19's analyses, statuses); the case's
    /// `solver-budget` for J2003 and VJR.
    pub budget: u64,
}

impl Request<'_> {
    /// A move of the source by its 1-based index: `SGF move 3`, or the diagram's printed
    /// number (`move 33` with `m31`).
    pub fn move_name(&self, k: usize) -> String {
        match self.kind {
            Kind::Sgf => format!("SGF move {k}"),
            Kind::Sensei(d) => format!("move {}", d.first_number as usize + k - 1),
        }
    }

    fn moves_word(&self) -> &'static str {
        match self.kind {
            Kind::Sgf => "SGF moves",
            Kind::Sensei(_) => "diagram moves",
        }
    }

    /// The handicap of the case: the SGF's `HA` when its first `HA` moves (as many as there
    /// are) are Black's (free placement written as moves; a handicap turn may be a pass); `HA` with `AB` stones is a
    /// setup, and the case starts from it.
    fn handicap(&self) -> u32 {
        let h = self.game.handicap as usize;
        let setup_black = self.game.setup.0.contains(&Cell::Stone(Colour::Black));
        let played = h >= 2
            && !setup_black
            && self.game.moves[..h.min(self.game.moves.len())]
                .iter()
                .all(|m| m.colour == Colour::Black);
        if played && self.ruleset != RulesetId::Ljr {
            h as u32
        } else {
            0
        }
    }
}

/// What an import found and wrote.
#[derive(Clone, Debug)]
pub struct Imported {
    /// Agreed: everything written was decided; undetermined: something was not (named in
    /// `undetermined` and the case's notes); disagreed: the engines disagree (no case).
    pub verdict: VerdictKind,
    pub ruleset: RulesetId,
    /// The case text (`None` when the engines disagree).
    pub text: Option<String>,
    /// The checks written, in order.
    pub checks: Vec<String>,
    /// Moves in the source / written in the case / whose outcome the engines decided.
    pub moves: usize,
    pub written: usize,
    pub decided: usize,
    /// 1-based moves by the player not to move, each starting a new check.
    pub out_of_turn: Vec<usize>,
    /// What stayed undetermined, for humans.
    pub undetermined: Vec<String>,
    /// What the engines disagreed on, for humans.
    pub disagreements: Vec<String>,
}

/// The ruleset of an SGF game and why: `given` (`--ruleset`; `custom` refused: its rules
/// are not on the command line), else `RU` mapped: a go-oracle custom value
/// ([`read_custom_ru`]) or the RU table. Errors are bad input.
pub fn choose_ruleset(
    game: &SgfGame,
    given: Option<RulesetId>,
    name: &str,
) -> Result<(RulesetId, Option<RulesPatch>, String), String> {
    if let Some(r) = given {
        if r == RulesetId::Custom {
            return Err("--ruleset custom: a custom ruleset's rules are not given on the command line; write them in the SGF as RU[go-oracle custom: suicide=... ko=...] (README, \"SGF\"), or import under a named ruleset and edit the case".into());
        }
        return Ok((r, None, "--ruleset".into()));
    }
    let known: Vec<&str> = RulesetId::ALL
        .iter()
        .filter(|&&r| r != RulesetId::Custom)
        .map(|r| r.as_str())
        .collect();
    match (&game.ruleset_text, game.ruleset) {
        (Some(t), _) if read_custom_ru(t).is_some() => match read_custom_ru(t) {
            Some(Ok(patch)) => Ok((
                RulesetId::Custom,
                Some(patch),
                format!("RU[{t}] read as custom"),
            )),
            Some(Err(e)) => Err(format!("{name}: RU[{t}]: {e}")),
            None => unreachable!("checked above"),
        },
        (Some(t), Some(r)) if r != RulesetId::Custom => {
            Ok((r, None, format!("RU[{t}] read as {r}")))
        }
        (Some(t), _) => Err(format!(
            "{name}: RU[{t}] names no ruleset go-oracle can map (it maps {}, Japanese to j2003, and `go-oracle custom: ...`: see README, \"SGF\"); give --ruleset R",
            known.join(", ")
        )),
        (None, _) => Err(format!(
            "{name}: the SGF names no ruleset (no RU property); give --ruleset R"
        )),
    }
}

/// The case header: what the expectations are.
fn header(name: &str) -> String {
    format!(
        "Written by `go-oracle import` from {name}.\n\
         The expectations were computed by go-oracle (the reference and the optimized engine\n\
         agree on them), not taken from a source: review them before this case joins the\n\
         corpus (oracle-cases/), and record any claim of a source that differs as a\n\
         `discrepancy`. What the engines could not decide is named in the notes."
    )
}

/// The moves and where they start, and the replay through the session.
fn replay_request(req: &Request) -> Result<Replayed, String> {
    let game = req.game;
    let handicap = req.handicap();
    let first = if handicap > 0 {
        Colour::Black
    } else {
        game.to_move
            .or_else(|| game.moves.first().map(|m| m.colour))
            .unwrap_or(Colour::Black)
    };
    let start = Start {
        position: game.setup.clone(),
        to_move: first,
        handicap,
        prisoners: Default::default(),
    };
    let door = Door {
        ruleset: req.ruleset,
        patch: req.rules.clone().unwrap_or_default(),
        komi: game.komi.unwrap_or(0.0),
        budget: req.budget,
    };
    let moves: Vec<(Colour, Move)> = game.moves.iter().map(|m| (m.colour, m.mv)).collect();
    replay::replay(&door, &game.geometry, start, &moves)
        .map_err(|e| format!("{}: {} cannot replay this game: {e}", req.file, req.ruleset))
}

/// Import `req`. `Err` is bad input (the message names the file).
pub fn import(req: &Request) -> Result<Imported, String> {
    let game = req.game;
    let komi = game.komi.unwrap_or(0.0);
    if req.ruleset == RulesetId::Ljr && (komi < 0.0 || komi.fract() != 0.0) {
        return Err(format!(
            "{}: KM[{komi}]: LJR's komi is a non-negative integer (L-2); import it under another --ruleset, or change KM",
            req.file
        ));
    }
    let r = replay_request(req)?;
    let outcomes: Vec<(usize, &Outcome)> = r
        .sequences
        .iter()
        .flat_map(|s| s.moves.iter().map(|(i, o)| (*i, o)))
        .collect();
    if let Kind::Sensei(_) = req.kind {
        if let Some((i, _)) = outcomes.iter().find(|(_, o)| {
            matches!(
                o,
                Outcome::Illegal {
                    reason: Illegal::Occupied,
                    ..
                }
            )
        }) {
            let m = &game.moves[*i];
            return Err(format!(
                "{}: {} ({} {}) is on a point that holds a stone at that time: a numbered move goes on an empty point (`N at M` in the title: M's stone must have been taken first)",
                req.file,
                req.move_name(i + 1),
                m.colour.letter(),
                replay::move_word(&game.geometry, m.mv),
            ));
        }
    }
    let mut imported = Imported {
        verdict: VerdictKind::Agreed,
        ruleset: req.ruleset,
        text: None,
        checks: (0..r.sequences.len()).map(check_name).collect(),
        moves: game.moves.len(),
        written: outcomes
            .iter()
            .filter(|(_, o)| !matches!(o, Outcome::AfterEnd(_)))
            .count(),
        decided: outcomes
            .iter()
            .filter(|(_, o)| matches!(o, Outcome::Legal(_) | Outcome::Illegal { .. }))
            .count(),
        out_of_turn: r.sequences[1..]
            .iter()
            .filter_map(|s| s.moves.first().map(|m| m.0 + 1))
            .collect(),
        undetermined: Vec::new(),
        disagreements: Vec::new(),
    };
    if let Some((k, why)) = &r.disagreement {
        imported.verdict = VerdictKind::Disagreed;
        imported
            .disagreements
            .push(format!("{}: {why}", req.move_name(*k)));
        return Ok(imported);
    }
    let mut notes = Vec::new();
    for (i, o) in &outcomes {
        let m = &game.moves[*i];
        let what = format!(
            "{} ({} {})",
            req.move_name(i + 1),
            m.colour.letter(),
            replay::move_word(&game.geometry, m.mv)
        );
        match o {
            Outcome::Illegal {
                reason,
                undecided: Some(u),
            } => imported.undetermined.push(format!(
                "{what}: illegal ({reason}) by the engines that decided; {u}"
            )),
            Outcome::Undetermined(why) => {
                imported
                    .undetermined
                    .push(format!("{what}: its legality: {why}"));
                let later =
                    outcomes.len() - 1 - outcomes.iter().position(|x| x.0 == *i).unwrap_or(0);
                notes.push(format!(
                    "Undetermined: the legality of {what} within --budget {}: {why}. It is written as a plain move, the {later} move(s) after it without claims, and its check has no `expect`: `check` shows it as ignored (undetermined).",
                    req.budget
                ));
            }
            Outcome::AfterEnd(why) => {
                notes.push(format!("Not written: {what}: {why}."));
                imported
                    .undetermined
                    .push(format!("{what}: not written: {why}"));
            }
            _ => {}
        }
    }
    // The runner's replays of each check whose end is known; the last one with statuses.
    let rr = runner_replays(req, &r, &notes)?;
    imported.undetermined.extend(rr.open);
    notes.extend(rr.notes);
    let text = write::case(req, &r, rr.finals.as_ref(), &notes).to_yaml(&header(req.file));
    judge_written(req, &r, &text, &rr.traces, &mut imported)?;
    imported.verdict = if !imported.disagreements.is_empty() {
        VerdictKind::Disagreed
    } else if !imported.undetermined.is_empty() {
        VerdictKind::Undetermined
    } else {
        VerdictKind::Agreed
    };
    if imported.verdict != VerdictKind::Disagreed {
        imported.text = Some(text);
    }
    Ok(imported)
}

/// Each engine's runner replay per check (`None` where the check's end is unknown).
type Replays = Vec<Option<Vec<(String, Trace)>>>;

/// What the runner's replays give: the last check's final expectations, their notes, what
/// stayed undetermined, and the replays.
struct RunnerReplays {
    finals: Option<FinalExpect>,
    notes: Vec<String>,
    open: Vec<String>,
    traces: Replays,
}

/// Replay the checks of a first writing of the case on both engines: the last check's final
/// expectations (statuses, score), their notes, what stayed undetermined, and the traces.
fn runner_replays(req: &Request, r: &Replayed, notes: &[String]) -> Result<RunnerReplays, String> {
    let last_end = r.sequences.last().and_then(|s| s.end.as_ref());
    let placeholder = last_end
        .is_some_and(|e| finals::wants_statuses(req.ruleset, e.game_over))
        .then(|| FinalExpect {
            score: Some(0.0),
            ..FinalExpect::default()
        });
    let text = write::case(req, r, placeholder.as_ref(), notes).to_yaml("");
    let case = parse_case(&text, req.file, None)
        .map_err(|e| format!("the case written from {} does not load: {e}", req.file))?;
    let mut traces: Replays = Vec::new();
    for (check, seq) in case.checks.iter().zip(&r.sequences) {
        if seq.end.is_none() {
            traces.push(None);
            continue;
        }
        let mut each = Vec::new();
        for engine in replay::engines() {
            match crate::runner::replay(engine.as_ref(), check) {
                Ok(Ok(t)) => each.push((engine.name(), t)),
                Ok(Err(p)) => {
                    return Err(format!(
                        "{}: check `{}` written from it does not replay on {}: {}",
                        req.file,
                        check.name,
                        engine.name(),
                        p.message
                    ))
                }
                Err(why) => {
                    return Err(format!(
                        "{}: {} cannot replay this game: {why}",
                        req.file, req.ruleset
                    ))
                }
            }
        }
        traces.push(Some(each));
    }
    let (mut finals, mut more, mut open) = (None, Vec::new(), Vec::new());
    if let (Some(Some(t)), Some(_)) = (traces.last(), last_end) {
        let (e, n, u) = finals::finals(req.ruleset, &req.game.geometry, req.budget, t);
        finals = Some(e);
        more = n;
        open = u;
    }
    Ok(RunnerReplays {
        finals,
        notes: more,
        open,
        traces,
    })
}

/// Judge the written case as `check` does, on the replays already made: engines that
/// disagree, a check that fails (a bug of the import: named), checks ignored as undetermined.
fn judge_written(
    req: &Request,
    r: &Replayed,
    text: &str,
    traces: &Replays,
    imported: &mut Imported,
) -> Result<(), String> {
    let case = parse_case(text, req.file, Some(req.id))
        .map_err(|e| format!("the case written from {} does not load: {e}", req.file))?;
    for ((check, replays), seq) in case.checks.iter().zip(traces).zip(&r.sequences) {
        let Some(replays) = replays else {
            debug_assert!(seq.end.is_none());
            continue;
        };
        if let [(a, ta), (b, tb)] = replays.as_slice() {
            if !crate::runner::is_undetermined(ta) && !crate::runner::is_undetermined(tb) {
                for m in compare_traces(check, ta, tb) {
                    imported.disagreements.push(format!(
                        "check `{}`: {}: {a} {}, {b} {}",
                        check.name,
                        m.what,
                        m.expected.trim(),
                        m.actual.trim()
                    ));
                }
            }
        }
        for (name, t) in replays {
            if let Some(why) = crate::runner::undetermined_reason(check, name, t) {
                imported
                    .undetermined
                    .push(format!("check `{}`: {why}", check.name));
                continue;
            }
            match judge(check, name, Ok(Ok(t.clone())), None) {
                Status::Passed => {}
                Status::Ignored(why) => imported
                    .undetermined
                    .push(format!("check `{}`: {why}", check.name)),
                Status::Failed(f) => {
                    let what: Vec<String> = f
                        .mismatches
                        .iter()
                        .map(|(_, m)| {
                            format!(
                                "{}: expected {}, got {}",
                                m.what,
                                m.expected.trim(),
                                m.actual.trim()
                            )
                        })
                        .chain(f.problem.clone())
                        .collect();
                    imported.disagreements.push(format!(
                        "check `{}` as written fails on {name}: {}",
                        check.name,
                        what.join("; ")
                    ));
                }
            }
        }
    }
    Ok(())
}
