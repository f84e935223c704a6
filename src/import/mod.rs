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
//! its prisoners: every move of the source is in the case. An SGF collection gives one case
//! with the checks of every game tree, in the file's order ([`collection`], [`import_all`]).

pub mod collection;
pub mod finals;
pub mod replay;
pub mod sensei;
pub mod write;

use crate::engine::{Illegal, Move, Start};
use crate::geometry::{Cell, Colour};
use crate::parse::case::{parse_case, FinalExpect};
use crate::parse::rule_names::{map_rule_name, Namespace};
use crate::parse::sensei::SenseiDiagram;
use crate::parse::sgf::SgfGame;
use crate::parse::sgf_rules::read_custom_ru;
use crate::rules::{RulesPatch, RulesetId};
use crate::runner::{compare_traces, judge, Status, Trace};
use crate::session::VerdictKind;
use replay::{Door, Outcome, Replayed};

pub use collection::{first_check_names, sgf_requests, Shared, TreePlace};
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
    /// Which game tree of the file `game` is ([`TreePlace::SINGLE`] for the only one).
    pub tree: TreePlace,
}

impl Request<'_> {
    /// A move of the source by its 1-based index: `SGF move 3` (`game tree 2, SGF move 3`
    /// in a collection), or the diagram's printed number (`move 33` with `m31`).
    pub fn move_name(&self, k: usize) -> String {
        match self.kind {
            Kind::Sgf if self.tree.in_collection() => {
                format!("game tree {}, SGF move {k}", self.tree.index)
            }
            Kind::Sgf => format!("SGF move {k}"),
            Kind::Sensei(d) => format!("move {}", d.first_number as usize + k - 1),
        }
    }

    /// The source in messages: the file, and the game tree in a collection.
    fn source(&self) -> String {
        if self.tree.in_collection() {
            format!("{}: {}", self.file, self.tree.name())
        } else {
            self.file.to_string()
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
    /// Each game tree imported (one for a Sensei diagram or a file of one game).
    pub trees: Vec<ImportedTree>,
}

/// What one game tree of the source gave.
#[derive(Clone, Debug)]
pub struct ImportedTree {
    pub place: TreePlace,
    pub ruleset: RulesetId,
    /// Its checks, in order.
    pub checks: Vec<String>,
    /// Its main-line moves.
    pub moves: usize,
    /// 1-based moves of it by the player not to move, each starting a new check.
    pub out_of_turn: Vec<usize>,
}

/// The ruleset of an SGF game and why: `given` (`--ruleset`; `custom` refused: its rules
/// are not on the command line), else `RU` mapped: a go-oracle custom value
/// ([`read_custom_ru`]) or the rule-name table (`parse::rule_names`, with the game's
/// handicap). Errors are bad input.
pub fn choose_ruleset(
    game: &SgfGame,
    given: Option<RulesetId>,
    name: &str,
) -> Result<(RulesetId, Option<RulesPatch>, String), String> {
    if let Some(r) = given {
        if r == RulesetId::Custom {
            return Err("--ruleset custom: a custom ruleset's rules are not given on the command line; write them in the SGF as RU[go-oracle custom: suicide=... ko=...] (docs/sgf.md), or import under a named ruleset and edit the case".into());
        }
        return Ok((r, None, "--ruleset".into()));
    }
    match &game.ruleset_text {
        Some(t) if read_custom_ru(t).is_some() => match read_custom_ru(t) {
            Some(Ok(patch)) => Ok((
                RulesetId::Custom,
                Some(patch),
                format!("RU[{t}] read as custom"),
            )),
            Some(Err(e)) => Err(format!("{name}: RU[{t}]: {e}")),
            None => unreachable!("checked above"),
        },
        // docs/sgf.md "Rule names": a named ruleset, `custom` with its rules, or refused.
        Some(t) => match map_rule_name(Namespace::Ru, t, handicap_stones(game)) {
            Ok(m) => Ok((m.ruleset, m.rules, m.why)),
            Err(r) => Err(format!("{name}: {r}; give --ruleset R")),
        },
        None => Err(format!(
            "{name}: the SGF names no ruleset (no RU property); give --ruleset R"
        )),
    }
}

/// The handicap stones of a game as KataGo counts them for White's bonus (rule-names.md
/// RN-1): `HA`, or the black setup stones when there are no white ones.
fn handicap_stones(game: &SgfGame) -> u32 {
    let count = |c: Colour| {
        game.setup
            .0
            .iter()
            .filter(|&&x| x == Cell::Stone(c))
            .count() as u32
    };
    if count(Colour::White) == 0 {
        game.handicap.max(count(Colour::Black))
    } else {
        game.handicap
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
    replay::replay(&door, &game.geometry, start, &moves).map_err(|e| {
        format!(
            "{}: {} cannot replay this game: {e}",
            req.source(),
            req.ruleset
        )
    })
}

/// Import `req`. `Err` is bad input (the message names the file).
pub fn import(req: &Request) -> Result<Imported, String> {
    import_all(std::slice::from_ref(req))
}

/// Before the replay: what the game cannot be imported with (LJR's komi, L-2).
fn refusal(req: &Request) -> Result<(), String> {
    let komi = req.game.komi.unwrap_or(0.0);
    if req.ruleset == RulesetId::Ljr && (komi < 0.0 || komi.fract() != 0.0) {
        return Err(format!(
            "{}: KM[{komi}]: LJR's komi is a non-negative integer (L-2); import it under another --ruleset, or change KM",
            req.source()
        ));
    }
    Ok(())
}

/// After the replay: a Sensei diagram's numbered move on a stone is bad input.
fn sensei_refusal(req: &Request, r: &Replayed) -> Result<(), String> {
    let Kind::Sensei(_) = req.kind else {
        return Ok(());
    };
    let occupied = r.sequences.iter().flat_map(|s| &s.moves).find(|(_, o)| {
        matches!(
            o,
            Outcome::Illegal {
                reason: Illegal::Occupied,
                ..
            }
        )
    });
    if let Some((i, _)) = occupied {
        let m = &req.game.moves[*i];
        return Err(format!(
            "{}: {} ({} {}) is on a point that holds a stone at that time: a numbered move goes on an empty point (`N at M` in the title: M's stone must have been taken first)",
            req.file,
            req.move_name(i + 1),
            m.colour.letter(),
            replay::move_word(&req.game.geometry, m.mv),
        ));
    }
    Ok(())
}

/// What one game's replay gives to the import's counts, as an [`ImportedTree`].
fn tree_counts(req: &Request, r: &Replayed, first: &str, imported: &mut Imported) {
    let outcomes: Vec<&Outcome> = r
        .sequences
        .iter()
        .flat_map(|s| s.moves.iter().map(|(_, o)| o))
        .collect();
    let checks: Vec<String> = (0..r.sequences.len())
        .map(|k| check_name(first, k))
        .collect();
    let out_of_turn: Vec<usize> = r.sequences[1..]
        .iter()
        .filter_map(|s| s.moves.first().map(|m| m.0 + 1))
        .collect();
    imported.checks.extend(checks.iter().cloned());
    imported.moves += req.game.moves.len();
    imported.written += outcomes.len();
    imported.decided += outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Legal(_) | Outcome::Illegal { .. }))
        .count();
    imported.out_of_turn.extend(out_of_turn.iter().copied());
    if let Some((k, why)) = &r.disagreement {
        imported
            .disagreements
            .push(format!("{}: {why}", req.move_name(*k)));
    }
    imported.trees.push(ImportedTree {
        place: req.tree,
        ruleset: req.ruleset,
        checks,
        moves: req.game.moves.len(),
        out_of_turn,
    });
}

/// The notes and undetermined moves of one game's replay.
fn outcome_notes(req: &Request, r: &Replayed, undetermined: &mut Vec<String>) -> Vec<String> {
    let game = req.game;
    let outcomes: Vec<(usize, &Outcome)> = r
        .sequences
        .iter()
        .flat_map(|s| s.moves.iter().map(|(i, o)| (*i, o)))
        .collect();
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
            } => undetermined.push(format!("{what}: illegal ({reason}) {u}")),
            Outcome::Undetermined(why) => {
                undetermined.push(format!("{what}: its legality: {why}"));
                let later =
                    outcomes.len() - 1 - outcomes.iter().position(|x| x.0 == *i).unwrap_or(0);
                notes.push(format!(
                    "Undetermined: the legality of {what} within --budget {}: {why}. It is written as a plain move, the {later} move(s) after it without claims, and its check has no `expect`: `check` shows it as ignored (undetermined).",
                    req.budget
                ));
            }
            _ => {}
        }
    }
    notes
}

/// Import every game of `reqs` (the game trees of one SGF file, in order; or one Sensei
/// diagram) as one case: the checks of each game in turn. `Err` is bad input (the message
/// names the file, and the game tree in a collection).
pub fn import_all(reqs: &[Request]) -> Result<Imported, String> {
    let Some(head) = reqs.first() else {
        return Err("nothing to import: no game".into());
    };
    let mut replays = Vec::new();
    for req in reqs {
        refusal(req)?;
        let r = replay_request(req)?;
        sensei_refusal(req, &r)?;
        replays.push(r);
    }
    let counts: Vec<usize> = replays.iter().map(|r| r.sequences.len()).collect();
    let firsts = first_check_names(reqs, &counts);
    let mut imported = Imported {
        verdict: VerdictKind::Agreed,
        ruleset: head.ruleset,
        text: None,
        checks: Vec::new(),
        moves: 0,
        written: 0,
        decided: 0,
        out_of_turn: Vec::new(),
        undetermined: Vec::new(),
        disagreements: Vec::new(),
        trees: Vec::new(),
    };
    for ((req, r), first) in reqs.iter().zip(&replays).zip(&firsts) {
        tree_counts(req, r, first, &mut imported);
    }
    if !imported.disagreements.is_empty() {
        imported.verdict = VerdictKind::Disagreed;
        return Ok(imported);
    }
    // The runner's replays of each check whose end is known; each game's last check with
    // its statuses.
    let mut parts = Vec::new();
    for ((req, r), first) in reqs.iter().zip(&replays).zip(&firsts) {
        let mut notes = outcome_notes(req, r, &mut imported.undetermined);
        let rr = runner_replays(req, r, first, &notes)?;
        imported.undetermined.extend(rr.open);
        notes.extend(rr.notes);
        parts.push((notes, rr.finals, rr.traces));
    }
    let written: Vec<write::Part> = reqs
        .iter()
        .zip(&replays)
        .zip(&firsts)
        .zip(&parts)
        .map(|(((req, r), first), (notes, finals, _))| write::Part {
            req,
            replayed: r,
            finals: finals.as_ref(),
            notes,
            first,
        })
        .collect();
    let text = write::case(&written).to_yaml(&header(head.file));
    let traces: Replays = parts.into_iter().flat_map(|p| p.2).collect();
    judge_written(head, &text, &traces, &mut imported)?;
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

/// Replay the checks of a first writing of one game's checks (the first named `first`) on
/// both engines: the last check's final expectations (statuses, score), their notes, what
/// stayed undetermined, and the traces.
fn runner_replays(
    req: &Request,
    r: &Replayed,
    first: &str,
    notes: &[String],
) -> Result<RunnerReplays, String> {
    let last_end = r.sequences.last().and_then(|s| s.end.as_ref());
    let placeholder = last_end
        .is_some_and(|e| finals::wants_statuses(req.ruleset, e.game_over))
        .then(|| FinalExpect {
            score: Some(0.0),
            ..FinalExpect::default()
        });
    let part = write::Part {
        req,
        replayed: r,
        finals: placeholder.as_ref(),
        notes,
        first,
    };
    let text = write::case(std::slice::from_ref(&part)).to_yaml("");
    let case = parse_case(&text, req.file, None)
        .map_err(|e| format!("the case written from {} does not load: {e}", req.source()))?;
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
                        req.source(),
                        check.name,
                        engine.name(),
                        p.message
                    ))
                }
                Err(why) => {
                    return Err(format!(
                        "{}: {} cannot replay this game: {why}",
                        req.source(),
                        req.ruleset
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
    text: &str,
    traces: &Replays,
    imported: &mut Imported,
) -> Result<(), String> {
    let case = parse_case(text, req.file, Some(req.id))
        .map_err(|e| format!("the case written from {} does not load: {e}", req.file))?;
    if case.checks.len() != traces.len() {
        return Err(format!(
            "{}: the case written has {} checks for {} move-sequences",
            req.file,
            case.checks.len(),
            traces.len()
        ));
    }
    for (check, replays) in case.checks.iter().zip(traces) {
        let Some(replays) = replays else {
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
