//! `go-oracle import`: an SGF game (main line) or a Sensei's Library diagram (its numbered
//! moves) as a case file skeleton, with the expectations computed by go-oracle on both engines: every move's legality and removals, the final
//! position, prisoners, game end and player to move, the area score (Tromp-Taylor, Tromp's
//! logical rules) and the statuses of the final strings (J2003, VJR). They are marked "to
//! review": a case records what a source says, and here the source said only the moves.

use crate::error::Exit;
use crate::output::{move_text, print_json};
use go_oracle::engine::{Engine, Illegal, Move};
use go_oracle::geometry::{Cell, Colour, Point};
use go_oracle::optimized::Optimized;
use go_oracle::parse::case::{
    parse_case, CaseFile, CheckSpec, ColourName, FinalExpect, MoveItem, Removed, Source, StepSpec,
    StringExpect,
};
use go_oracle::parse::sensei::{looks_like_sensei, read_sensei, SenseiDiagram};
use go_oracle::parse::sgf::{read_sgf_bytes, text_of_bytes, SgfGame, SgfMove};
use go_oracle::reference::Reference;
use go_oracle::rules::RulesetId;
use go_oracle::runner::{compare_traces, replay, CaseProblem, Trace};
use serde_json::json;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The SGF file (the first game tree, its main line), or a Sensei's Library diagram (a
    /// file whose first line that is not blank starts with `$$`, or a .txt/.sensei file that
    /// is not SGF).
    file: PathBuf,
    /// The ruleset of the case (default: the SGF's RU, when go-oracle knows it; required for a
    /// Sensei diagram).
    #[arg(long, value_enum)]
    ruleset: Option<RulesetId>,
    /// Write the case here (its id is the file's stem) instead of on stdout.
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
    /// J2003, VJR: nodes (reference) or states (optimized) each status question may visit;
    /// also the case's `solver-budget`.
    #[arg(long, default_value_t = 100_000)]
    budget: u64,
    /// Print a summary as JSON (with the case text when there is no -o).
    #[arg(long)]
    json: bool,
}

/// The name of the one check an imported case has.
pub const CHECK_NAME: &str = "main-line";

/// Where the replay stopped before the end of the SGF's main line.
struct Stop {
    /// 1-based number of the SGF move at which it stopped.
    at: usize,
    why: String,
}

/// What the engines found, for the expectations.
struct Found<'a> {
    trace: &'a Trace,
    undetermined: Vec<String>,
    /// Statuses decided by each engine, when they differ: (engine, decided, strings).
    decided: Vec<(&'static str, usize, usize)>,
    /// Engines that could not judge an ending pass (J-19) within the budget.
    unjudged: Vec<&'static str>,
}

/// The engines `import` replays on, in the order of `replay_both`.
const ENGINES: [&str; 2] = ["reference", "optimized"];

/// The replay that decides where the import stops: the first that judged every ending pass.
fn primary(traces: &[Result<Trace, CaseProblem>]) -> usize {
    traces
        .iter()
        .position(|t| t.as_ref().is_ok_and(super::judged))
        .unwrap_or(0)
}

pub fn run(args: Args) -> Result<(), Exit> {
    let Args {
        file,
        ruleset,
        output,
        budget,
        json,
    } = args;
    let name = file.display().to_string();
    let bytes =
        std::fs::read(&file).map_err(|e| Exit::BadInput(format!("{name}: cannot read: {e}")))?;
    let (text, _) = text_of_bytes(bytes.clone());
    if is_sensei(&file, &text) {
        let diagram = read_sensei(&text, &name)?;
        let Some(ruleset) = ruleset else {
            return Err(Exit::BadInput(format!(
                "{name}: a Sensei's Library diagram names no ruleset; give --ruleset R"
            )));
        };
        let ruleset = given_ruleset(ruleset)?;
        let game = game_of(&diagram, &name)?;
        let args = Args {
            file,
            ruleset: Some(ruleset),
            output,
            budget,
            json,
        };
        return import(
            args,
            &game,
            Kind::Sensei(&diagram),
            (ruleset, "--ruleset".into()),
        );
    }
    let game = read_sgf_bytes(bytes, &name)?;
    let chosen = choose_ruleset(&game, ruleset, &name)?;
    let args = Args {
        file,
        ruleset,
        output,
        budget,
        json,
    };
    import(args, &game, Kind::Sgf, chosen)
}

/// True when `file` is read as a Sensei's Library diagram: its first line that is not blank
/// starts with `$$`, or its extension is `.txt` or `.sensei` and it is not SGF (`(`).
fn is_sensei(file: &Path, text: &str) -> bool {
    let ext = file
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    looks_like_sensei(text)
        || (matches!(ext.as_str(), "txt" | "sensei")
            && !text
                .trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with('('))
}

/// A Sensei diagram as the game the import replays: the shown rectangle as the board, its
/// stones as the setup, the numbered moves in order, the first player to move.
fn game_of(d: &SenseiDiagram, name: &str) -> Result<SgfGame, Exit> {
    let g = &d.geometry;
    let dead = d.position.stones_without_liberty(g);
    if !dead.is_empty() {
        let names: Vec<&str> = dead.iter().map(|&p| g.name(p)).collect();
        return Err(Exit::BadInput(format!(
            "{name}: the stones at {} have no liberty on the part of the board the diagram shows (go-oracle plays on the shown part as a whole board; every ruleset here starts from a legal position)",
            names.join(", ")
        )));
    }
    let mut game = SgfGame::new(g.clone());
    game.setup = d.position.clone();
    game.to_move = Some(d.first_player);
    game.name = (!d.title.is_empty()).then(|| d.title.clone());
    game.moves = d
        .moves
        .iter()
        .map(|m| SgfMove {
            colour: m.colour,
            mv: Move::Play(m.point),
            comment: None,
        })
        .collect();
    game.notes = d.notes.clone();
    Ok(game)
}

/// What the case is imported from.
#[derive(Clone, Copy)]
enum Kind<'a> {
    Sgf,
    Sensei(&'a SenseiDiagram),
}

/// The shared path of the import: replay `game` on both engines, write the case.
fn import(
    args: Args,
    game: &SgfGame,
    kind: Kind,
    (ruleset, ruleset_why): (RulesetId, String),
) -> Result<(), Exit> {
    let Args {
        file,
        output,
        budget,
        json,
        ..
    } = args;
    let name = file.display().to_string();
    let game = game.clone();
    let stem_of = |p: &Path| {
        p.file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| "imported".into())
    };
    let id = stem_of(output.as_deref().unwrap_or(&file));
    let komi = game.komi.unwrap_or(0.0);
    if ruleset == RulesetId::Ljr && (komi < 0.0 || komi.fract() != 0.0) {
        return Err(Exit::BadInput(format!(
            "{name}: KM[{komi}]: LJR's komi is a non-negative integer (L-2); import it under another --ruleset, or change KM"
        )));
    }
    let import = Import {
        game: &game,
        kind,
        file: &name,
        id: &id,
        ruleset,
        ruleset_why: &ruleset_why,
        budget,
    };
    // Replay the main line; an illegal move or a move out of turn ends what can be replayed.
    let mut n = game.moves.len();
    let mut stop: Option<Stop> = None;
    let (mut check_text, mut traces) = loop {
        let case = import.case(n, None, stop.as_ref(), false);
        let text = case.to_yaml("");
        let traces = replay_both(&text, &import)?;
        match &traces[primary(&traces)] {
            Err(problem) => {
                let k = problem.step.clamp(1, n.max(1));
                let m = &game.moves[k - 1];
                stop = Some(Stop {
                    at: k,
                    why: format!(
                        "{} ({} {}) is out of turn: {} is to move",
                        import.move_name(k),
                        m.colour.letter(),
                        move_text(&game.geometry, m.mv),
                        m.colour.opponent()
                    ),
                });
                n = k - 1;
                continue;
            }
            Ok(t) => {
                let steps = steps_of(t);
                // A diagram's move on a point that holds a stone at that time (the title's
                // `N at M` with M not yet captured) is no move the diagram can mean.
                if let Kind::Sensei(_) = import.kind {
                    if let Some(i) = steps.iter().position(|s| s.1 == Err(Illegal::Occupied)) {
                        let m = &game.moves[i];
                        return Err(Exit::BadInput(format!(
                            "{name}: {} ({} {}) is on a point that holds a stone at that time: a numbered move goes on an empty point (`N at M` in the title: M's stone must have been taken first)",
                            import.move_name(i + 1),
                            m.colour.letter(),
                            move_text(&game.geometry, m.mv),
                        )));
                    }
                }
                // An illegal move: nothing after it can be replayed (its player moves again),
                // whether the later moves were cut here or came out of turn just after it.
                if let Some(i) = steps.iter().position(|s| s.1.is_err()) {
                    if i + 1 < game.moves.len() {
                        let reason = steps[i].1.clone().err().unwrap_or(Illegal::GameOver);
                        let m = &game.moves[i];
                        let later = game.moves.len() - i - 1;
                        stop = Some(Stop {
                            at: i + 1,
                            why: format!(
                                "{} ({} {}) is illegal under {ruleset} ({reason}): an illegal move changes nothing and {} would move again, so the {}'s {later} later move{} cannot be replayed",
                                import.move_name(i + 1),
                                m.colour.letter(),
                                move_text(&game.geometry, m.mv),
                                m.colour,
                                import.kind.source_word(),
                                if later == 1 { "" } else { "s" },
                            ),
                        });
                        if i + 1 < n {
                            n = i + 1;
                            continue;
                        }
                    }
                }
                if steps.len() < n {
                    // J2003: the runner stops at an ending pass it could not judge (J-19).
                    stop = Some(Stop {
                        at: steps.len(),
                        why: format!(
                            "the legality of the ending pass at {} (J2003's direct ko rule, J-19) is undetermined within --budget {budget}",
                            import.move_name(steps.len())
                        ),
                    });
                    n = steps.len();
                    continue;
                }
            }
        }
        break (text, traces);
    };
    // J2003 and VJR: the statuses of the final strings, when the game ended by two passes.
    let over = traces[primary(&traces)].as_ref().is_ok_and(|t| t.game_over);
    if over && matches!(ruleset, RulesetId::J2003 | RulesetId::Vjr) {
        let case = import.case(n, None, stop.as_ref(), true);
        check_text = case.to_yaml("");
        traces = replay_both(&check_text, &import)?;
    }
    // The engines must agree.
    let check = parse_case(&check_text, &name, None)
        .map_err(|e| Exit::BadInput(format!("the case written from {name} does not load: {e}")))?
        .checks
        .remove(0);
    let mut disagreements = Vec::new();
    let mut unjudged = Vec::new();
    let first = primary(&traces);
    for (i, other) in traces.iter().enumerate() {
        if i == first {
            continue;
        }
        match (&traces[first], other) {
            (Ok(_), Ok(b)) if !super::judged(b) => unjudged.push(ENGINES[i]),
            (Ok(a), Ok(b)) => {
                for m in compare_traces(&check, a, b) {
                    disagreements.push(format!(
                        "{}: {} {}, {} {}",
                        m.what,
                        ENGINES[first],
                        m.expected.trim(),
                        ENGINES[i],
                        m.actual.trim()
                    ));
                }
            }
            (Err(a), Err(b)) if a == b => {}
            (a, b) => disagreements.push(format!(
                "the replays differ: {} {}, {} {}",
                ENGINES[first],
                problem_text(a),
                ENGINES[i],
                problem_text(b)
            )),
        }
    }
    let engines_agree = disagreements.is_empty();
    if let Some(s) = &stop {
        eprintln!(
            "note: {name}: replay stopped at {}: {}",
            import.move_name(s.at),
            s.why
        );
    }
    if !engines_agree {
        for d in &disagreements {
            eprintln!("{d}");
        }
        eprintln!("the engines disagree: no case was written");
        if json {
            print_json(&summary(&import, &game, n, &stop, false, None, None));
        }
        return Err(Exit::Failed);
    }
    let mut found = best_trace(&traces, &check);
    if let Some(f) = found.as_mut() {
        f.unjudged = unjudged;
    }
    let case = import.case(n, found.as_ref(), stop.as_ref(), false);
    let header = format!(
        "Written by `go-oracle import` from {name}.\n\
         The expectations were computed by go-oracle (the reference and the optimized engine\n\
         agree on them), not taken from a source: review them before this case joins the\n\
         corpus (oracle-cases/), and record any claim of a source that differs as a\n\
         `discrepancy`."
    );
    let text = case.to_yaml(&header);
    let path_name = output.as_ref().map(|p| p.display().to_string());
    parse_case(&text, path_name.as_deref().unwrap_or(&name), Some(&id))
        .map_err(|e| Exit::BadInput(format!("the case written from {name} does not load: {e}")))?;
    if let Some(out) = &output {
        std::fs::write(out, &text)
            .map_err(|e| Exit::BadInput(format!("{}: cannot write: {e}", out.display())))?;
    }
    if json {
        let case_text = output.is_none().then_some(text.as_str());
        print_json(&summary(
            &import,
            &game,
            n,
            &stop,
            true,
            path_name.as_deref(),
            case_text,
        ));
    } else if output.is_none() {
        print!("{text}");
    } else if let Some(p) = &path_name {
        eprintln!(
            "wrote {p}: {n} of {} moves, ruleset {ruleset}",
            game.moves.len()
        );
    }
    Ok(())
}

/// The `--json` summary.
fn summary(
    import: &Import,
    game: &SgfGame,
    replayed: usize,
    stop: &Option<Stop>,
    engines_agree: bool,
    case_file: Option<&str>,
    case_text: Option<&str>,
) -> serde_json::Value {
    let mut v = json!({
        "case_file": case_file,
        "ruleset": import.ruleset.as_str(),
        "moves": game.moves.len(),
        "replayed": replayed,
        "stopped": stop.as_ref().map(|s| json!({"move": s.at, "why": s.why})),
        "engines_agree": engines_agree,
    });
    if let Some(t) = case_text {
        v["case"] = json!(t);
    }
    v
}

fn problem_text(r: &Result<Trace, CaseProblem>) -> String {
    match r {
        Ok(_) => "replays every move".into(),
        Err(p) => format!("stops at move {}: {}", p.step, p.message),
    }
}

/// `--ruleset R`, refused for `custom`.
fn given_ruleset(r: RulesetId) -> Result<RulesetId, Exit> {
    if r == RulesetId::Custom {
        return Err(Exit::BadInput(
            "--ruleset custom: a custom ruleset's rules are written in a case file; import under a named ruleset and edit the case".into(),
        ));
    }
    Ok(r)
}

/// The ruleset of the case and why: `--ruleset`, else `RU` mapped.
fn choose_ruleset(
    game: &SgfGame,
    given: Option<RulesetId>,
    name: &str,
) -> Result<(RulesetId, String), Exit> {
    if let Some(r) = given {
        return Ok((given_ruleset(r)?, "--ruleset".into()));
    }
    let known: Vec<&str> = RulesetId::ALL
        .iter()
        .filter(|&&r| r != RulesetId::Custom)
        .map(|r| r.as_str())
        .collect();
    match (&game.ruleset_text, game.ruleset) {
        (Some(t), Some(r)) if r != RulesetId::Custom => Ok((r, format!("RU[{t}] read as {r}"))),
        (Some(t), _) => Err(Exit::BadInput(format!(
            "{name}: RU[{t}] names no ruleset go-oracle can map (it maps {}, and Japanese to j2003: see README, \"SGF\"); give --ruleset R",
            known.join(", ")
        ))),
        (None, _) => Err(Exit::BadInput(format!(
            "{name}: the SGF names no ruleset (no RU property); give --ruleset R"
        ))),
    }
}

/// The two engines' replays of a case's only check.
fn replay_both(text: &str, import: &Import) -> Result<Vec<Result<Trace, CaseProblem>>, Exit> {
    let case = parse_case(text, import.file, None).map_err(|e| {
        Exit::BadInput(format!(
            "the case written from {} does not load: {e}",
            import.file
        ))
    })?;
    let check = &case.checks[0];
    let engines: [Box<dyn Engine>; 2] = [Box::new(Reference), Box::new(Optimized::default())];
    engines
        .iter()
        .map(|e| {
            replay(e.as_ref(), check).map_err(|why| {
                Exit::BadInput(format!(
                    "{}: {} cannot replay this game: {why}",
                    import.file, import.ruleset
                ))
            })
        })
        .collect()
}

/// Each replayed move's player and outcome (removed points or the reason it is illegal).
fn steps_of(t: &Trace) -> Vec<(Colour, Result<Vec<Point>, Illegal>)> {
    match &t.ljr {
        Some(l) => l
            .steps
            .iter()
            .map(|s| (s.player, s.result.clone().map(|d| d.captured)))
            .collect(),
        None => t
            .steps
            .iter()
            .map(|s| (s.player, s.result.clone()))
            .collect(),
    }
}

/// The replay the expectations are taken from: the one that decided the most statuses (the
/// reference on a tie), with the strings that stayed undetermined.
fn best_trace<'a>(
    traces: &'a [Result<Trace, CaseProblem>],
    check: &go_oracle::parse::case::Check,
) -> Option<Found<'a>> {
    let g = &check.geometry;
    let statuses = |t: &Trace| -> Vec<(Vec<Point>, Option<String>)> {
        if let Some(a) = t.j2003.as_ref().and_then(|j| j.analysis.as_ref()) {
            return a
                .strings
                .iter()
                .map(|s| (s.points.clone(), s.status.map(|x| x.name().to_string())))
                .collect();
        }
        if let Some(a) = t.vjr.as_ref().and_then(|v| v.assessment.as_ref()) {
            return a
                .strings
                .iter()
                .map(|s| (s.points.clone(), s.status.map(|x| x.name().to_string())))
                .collect();
        }
        Vec::new()
    };
    let decided = |t: &Trace| statuses(t).iter().filter(|s| s.1.is_some()).count();
    let best = traces
        .iter()
        .flatten()
        .enumerate()
        .filter(|(_, t)| super::judged(t))
        .max_by_key(|(i, t)| (decided(t), std::cmp::Reverse(*i)))
        .map(|(_, t)| t)?;
    let counts: Vec<(&'static str, usize, usize)> = traces
        .iter()
        .zip(ENGINES)
        .filter_map(|(t, e)| t.as_ref().ok().map(|t| (e, decided(t), statuses(t).len())))
        .collect();
    let differ = counts.windows(2).any(|w| w[0].1 != w[1].1);
    let undetermined = statuses(best)
        .into_iter()
        .filter(|s| s.1.is_none())
        .map(|s| g.name(s.0[0]).to_string())
        .collect();
    Some(Found {
        trace: best,
        undetermined,
        decided: if differ { counts } else { Vec::new() },
        unjudged: Vec::new(),
    })
}

/// What a case is written from.
struct Import<'a> {
    game: &'a SgfGame,
    kind: Kind<'a>,
    file: &'a str,
    id: &'a str,
    ruleset: RulesetId,
    ruleset_why: &'a str,
    budget: u64,
}

impl Kind<'_> {
    /// What the moves came from, in messages: `SGF`, `diagram`.
    fn source_word(&self) -> &'static str {
        match self {
            Kind::Sgf => "SGF",
            Kind::Sensei(_) => "diagram",
        }
    }
}

impl Import<'_> {
    /// A move of the source by its 1-based index: `SGF move 3`, or the diagram's printed
    /// number (`move 33` with `m31`).
    fn move_name(&self, k: usize) -> String {
        match self.kind {
            Kind::Sgf => format!("SGF move {k}"),
            Kind::Sensei(d) => format!("move {}", d.first_number as usize + k - 1),
        }
    }

    /// The notes a Sensei diagram adds: its board, header, labels, marks.
    fn sensei_notes(&self, d: &SenseiDiagram) -> Vec<String> {
        let g = &d.geometry;
        let (w, h) = g.rect_size().unwrap_or((g.len(), 1));
        let mut notes = Vec::new();
        if d.edges.whole() {
            notes.push(format!(
                "Board: the diagram shows a whole {w}x{h} board (edges on all four sides)."
            ));
        } else {
            notes.push(format!(
                "Partial board: the diagram has no edge on its {} side{}, so it shows part of a larger board. go-oracle plays on the part shown ({w}x{h}) as a whole board: a partial board is a different board (its strings have no liberties beyond the cut), so review every expectation against the source's board.",
                d.edges.open_sides().join(", "),
                if d.edges.open_sides().len() == 1 { "" } else { "s" }
            ));
        }
        if let Some(size) = d.board_size {
            notes.push(format!(
                "The diagram's first line gives the board size {size}."
            ));
        }
        notes.push(format!(
            "Numbered moves: {} plays the odd numbers (`$${}`){}.",
            d.first_player,
            d.first_player.letter(),
            if d.first_number != 1 {
                format!(
                    "; the diagram's 1 is move {} (`m{}`)",
                    d.first_number, d.first_number
                )
            } else {
                String::new()
            }
        ));
        if !d.moves.is_empty() {
            let list: Vec<String> = d
                .moves
                .iter()
                .map(|m| format!("{} {} {}", m.number, m.colour.letter(), g.name(m.point)))
                .collect();
            notes.push(format!("The diagram's moves: {}.", list.join(", ")));
        }
        if d.labels.iter().any(|l| l.1 == 'p') {
            notes.push(
                "The diagram's label `p` is left out of `labels` (in a case, `p` is a pass)."
                    .into(),
            );
        }
        if !d.marks.is_empty() {
            let list: Vec<String> = d
                .marks
                .iter()
                .map(|&(p, m)| {
                    let on = match d.position.get(p) {
                        Cell::Stone(c) => format!("{c} stone"),
                        Cell::Empty => "empty point".into(),
                    };
                    format!("{} ({} on the {on})", g.name(p), m.name())
                })
                .collect();
            notes.push(format!(
                "Marks of the diagram (they draw attention and change nothing on the board): {}.",
                list.join(", ")
            ));
        }
        notes
    }

    /// A Sensei diagram's labels as a case `labels` diagram (`None` without labels).
    fn labels(&self) -> Option<String> {
        let Kind::Sensei(d) = self.kind else {
            return None;
        };
        if d.labels.iter().all(|l| l.1 == 'p') {
            return None;
        }
        let g = &d.geometry;
        let mut cells: Vec<char> = d
            .position
            .0
            .iter()
            .map(|c| match c {
                Cell::Stone(Colour::Black) => 'X',
                Cell::Stone(Colour::White) => 'O',
                Cell::Empty => '.',
            })
            .collect();
        for &(p, c) in &d.labels {
            if c != 'p' {
                cells[p] = c;
            }
        }
        let (w, _) = g.rect_size()?;
        Some(
            cells
                .chunks(w)
                .map(|r| {
                    r.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                        + "\n"
                })
                .collect(),
        )
    }

    /// The handicap of the case: the SGF's `HA` when its first `HA` moves are Black's plays
    /// (free placement written as moves); `HA` with `AB` stones is a setup, and the case starts
    /// from it.
    fn handicap(&self) -> u32 {
        let h = self.game.handicap as usize;
        let played = h >= 2
            && self.game.moves.len() >= h
            && self.game.moves[..h]
                .iter()
                .all(|m| m.colour == Colour::Black && matches!(m.mv, Move::Play(_)));
        if played && self.ruleset != RulesetId::Ljr {
            h as u32
        } else {
            0
        }
    }

    /// The case of the first `n` moves; with `found`, the expectations the engines computed.
    /// `placeholder` asks the runner for the J2003/VJR statuses (an expected score it will
    /// compute and compare; the value is not kept).
    fn case(
        &self,
        n: usize,
        found: Option<&Found>,
        stop: Option<&Stop>,
        placeholder: bool,
    ) -> CaseFile {
        let game = self.game;
        let g = &game.geometry;
        let (w, h) = g.rect_size().unwrap_or((g.len(), 1));
        let has_setup = game.setup.0.iter().any(|&c| c != Cell::Empty);
        let handicap = self.handicap();
        let first = if handicap > 0 {
            Colour::Black
        } else {
            game.to_move
                .or_else(|| game.moves.first().map(|m| m.colour))
                .unwrap_or(Colour::Black)
        };
        let steps = found.map(|f| steps_of(f.trace));
        let mut moves = Vec::new();
        let mut run: Vec<String> = Vec::new();
        let flush = |run: &mut Vec<String>, moves: &mut Vec<MoveItem>| {
            if !run.is_empty() {
                moves.push(MoveItem::Text(run.join(", ")));
                run.clear();
            }
        };
        for (i, m) in game.moves[..n].iter().enumerate() {
            let play = format!("{} {}", m.colour.letter(), move_text(g, m.mv));
            let outcome = steps.as_ref().and_then(|s| s.get(i)).map(|s| &s.1);
            let mut step = StepSpec {
                note: m.comment.as_ref().map(|c| c.trim().to_string()),
                ..StepSpec::play(play.clone())
            };
            match outcome {
                Some(Err(reason)) => {
                    step.legal = Some(false);
                    step.reason = Some(*reason);
                }
                Some(Ok(removed)) if !removed.is_empty() => {
                    step.removed = Some(Removed::Points(
                        removed.iter().map(|&p| g.name(p).to_string()).collect(),
                    ));
                }
                _ => {}
            }
            let plain = step.legal.is_none() && step.removed.is_none() && step.note.is_none();
            if plain && run.len() < 10 {
                run.push(play);
            } else if plain {
                flush(&mut run, &mut moves);
                run.push(play);
            } else {
                flush(&mut run, &mut moves);
                moves.push(MoveItem::Step(step));
            }
        }
        flush(&mut run, &mut moves);
        let mut expect = None;
        let mut notes = vec![match self.kind {
            Kind::Sgf => format!(
                "Imported from the SGF file {} by `go-oracle import` ({} of its {} main-line moves).",
                self.file,
                n,
                game.moves.len()
            ),
            Kind::Sensei(_) => format!(
                "Imported from the Sensei's Library diagram {} by `go-oracle import` ({} of its {} numbered moves).",
                self.file,
                n,
                game.moves.len()
            ),
        }];
        if let Kind::Sensei(d) = self.kind {
            notes.extend(self.sensei_notes(d));
        }
        if let Some(f) = found {
            let (e, more) = self.expectations(f);
            expect = Some(e);
            notes.push(
                "Every expectation was computed by go-oracle (to review): the reference and the optimized engine replayed the moves and agree."
                    .to_string(),
            );
            notes.extend(more);
        } else if placeholder {
            expect = Some(FinalExpect {
                score: Some(0.0),
                ..FinalExpect::default()
            });
        }
        notes.push(format!("Ruleset: {} ({}).", self.ruleset, self.ruleset_why));
        if game.handicap >= 2 {
            notes.push(if handicap > 0 {
                format!(
                    "HA[{}]: the SGF plays the handicap stones as Black's first moves: `handicap: {handicap}`.",
                    game.handicap
                )
            } else {
                format!(
                    "HA[{}]: the handicap stones are the SGF's setup (AB), so the case starts from them with no `handicap`.",
                    game.handicap
                )
            });
        }
        if let Some(s) = stop {
            notes.push(format!(
                "Replay stopped at {}: {}.",
                self.move_name(s.at),
                s.why
            ));
        }
        for note in &game.notes {
            notes.push(format!(
                "{} reader: {note}.",
                match self.kind {
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
        CaseFile {
            format: None,
            id: self.id.to_string(),
            title: Some(game.name.clone().unwrap_or_else(|| {
                format!(
                    "Imported from {}",
                    Path::new(self.file)
                        .file_name()
                        .map(|s| s.to_string_lossy().to_string())
                        .unwrap_or_default()
                )
            })),
            source: Source {
                document: self.file.to_string(),
                section: None,
                lines: None,
                url: None,
            },
            notes: Some(notes.join("\n\n") + "\n"),
            tags: match self.kind {
                Kind::Sgf => vec!["imported".into(), "sgf".into()],
                Kind::Sensei(d) if !d.edges.whole() => {
                    vec!["imported".into(), "sensei".into(), "partial-board".into()]
                }
                Kind::Sensei(_) => vec!["imported".into(), "sensei".into()],
            },
            positions: Default::default(),
            labels: self.labels(),
            checks: vec![CheckSpec {
                name: CHECK_NAME.into(),
                description: None,
                ruleset: self.ruleset,
                rules: None,
                position: has_setup.then(|| game.setup.diagram(g)),
                size: (!has_setup).then(|| format!("{w}x{h}")),
                labels: None,
                to_move: (first == Colour::White).then_some(ColourName::White),
                handicap,
                komi: game.komi.unwrap_or(0.0),
                prisoners: None,
                moves,
                repeat: None,
                source_text: None,
                expect,
                black_analysis: None,
                white_analysis: None,
                budget: None,
                solver_budget: matches!(self.ruleset, RulesetId::J2003 | RulesetId::Vjr)
                    .then_some(self.budget),
                discrepancy: None,
                graph: None,
                prohibited: Vec::new(),
                permanently_prohibited: Vec::new(),
                claims: Vec::new(),
                ljr: None,
                vjr: None,
            }],
        }
    }

    /// The final expectations of a replay, and the notes they need.
    fn expectations(&self, f: &Found) -> (FinalExpect, Vec<String>) {
        let t = f.trace;
        let g = &self.game.geometry;
        let mut notes = Vec::new();
        let mut e = FinalExpect {
            position: Some(t.position.diagram(g)),
            prisoners: Some(t.prisoners),
            game_over: Some(t.game_over),
            to_move: Some(match t.to_move {
                Colour::Black => ColourName::Black,
                Colour::White => ColourName::White,
            }),
            ..FinalExpect::default()
        };
        for e in &f.unjudged {
            notes.push(format!(
                "The {e} engine could not judge an ending pass by J2003's direct ko rule (J-19) within --budget {}; the other engine's replay is used.",
                self.budget
            ));
        }
        match self.ruleset {
            RulesetId::TrompTaylor | RulesetId::TrompLogical => {
                if let (true, Some(s)) = (t.game_over, &t.score) {
                    e.black = Some(s.black);
                    e.white = Some(s.white);
                    e.score = Some(s.score);
                    e.result = Some(s.result.clone());
                } else {
                    notes.push(
                        "The game did not end with two passes: no score is expected.".into(),
                    );
                }
            }
            RulesetId::J2003 | RulesetId::Vjr => {
                let (strings, score, result) = match (&t.j2003, &t.vjr) {
                    (Some(j), _) => (
                        j.analysis
                            .iter()
                            .flat_map(|a| &a.strings)
                            .filter_map(|s| s.status.map(|st| (s.points[0], st.name())))
                            .collect::<Vec<_>>(),
                        j.score,
                        j.result.clone(),
                    ),
                    (_, Some(v)) => (
                        v.assessment
                            .iter()
                            .flat_map(|a| &a.strings)
                            .filter_map(|s| s.status.map(|st| (s.points[0], st.name())))
                            .collect(),
                        v.score,
                        v.result.clone(),
                    ),
                    _ => (Vec::new(), None, None),
                };
                if !t.game_over {
                    notes.push(
                        "The game did not end with two passes: no statuses are expected.".into(),
                    );
                }
                e.strings = strings
                    .into_iter()
                    .map(|(p, status)| StringExpect {
                        at: g.name(p).to_string(),
                        status: status.to_string(),
                        direct_ko_stone: None,
                        uncapturable: None,
                        independently_alive: None,
                        note: None,
                    })
                    .collect();
                e.score = score;
                e.result = result;
                if !f.decided.is_empty() {
                    let each: Vec<String> = f
                        .decided
                        .iter()
                        .map(|(e, d, n)| format!("the {e} engine {d} of {n}"))
                        .collect();
                    notes.push(format!(
                        "Statuses decided within --budget {}: {}; `strings` holds every status an engine decided (where both decided, they agree).",
                        self.budget,
                        each.join(", ")
                    ));
                }
                if !f.undetermined.is_empty() {
                    notes.push(format!(
                        "Undetermined within --budget {} (left out of `strings`, and no score): the strings at {}.",
                        self.budget,
                        f.undetermined.join(", ")
                    ));
                }
            }
            RulesetId::Naj | RulesetId::Najn | RulesetId::Ljr => notes.push(format!(
                "For {} only the moves, the final position and the prisoners were computed: no analyses, control or score.",
                self.ruleset
            )),
            RulesetId::Custom => {}
        }
        (e, notes)
    }
}
