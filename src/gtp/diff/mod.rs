//! `gtp-diff`: random games played through an external GTP engine and the referee at once.
//! At every move both are asked the legality of every point for the player to move, then
//! the move is played on both and the stones and captures compared; at the end of a game
//! (the ruleset's consecutive passes) the `final_score`s. The first disagreement of a game
//! is shrunk to a shortest move sequence that still shows it (removing pairs of moves, so
//! colours keep alternating) and written as a case file with the engine's answer as a
//! discrepancy beside the oracle's.

mod choice;
mod finding_case;
mod session;

use super::client::{Client, ProtocolError};
use super::referee::{fills_own_eye, Played, Referee};
use crate::engine::{result_text, Illegal};
use crate::geometry::{Cell, Colour, Geometry, Point};
use crate::parse::case::{
    CaseFile, CheckSpec, Discrepancy, DiscrepancyReason, FinalExpect, MoveItem, Source, StepSpec,
};
use crate::parse::gtp::{parse_command, parse_score, parse_vertex_list, vertex_text};
use crate::rules::{Prisoners, RulesPatch, RulesetId};
pub use choice::{captures_lone_stone, MoveChoice};
use finding_case::case_text;
pub use finding_case::OracleState;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use session::Session;
use std::path::PathBuf;

/// What the external engine can be asked (from its `list_commands`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Capabilities {
    pub all_legal: bool,
    pub is_legal: bool,
    pub undo: bool,
    pub list_stones: bool,
    pub captures: bool,
    pub final_score: bool,
    pub rectangular_boardsize: bool,
}

impl Capabilities {
    fn from_list(text: &str) -> Capabilities {
        let has = |c: &str| text.lines().any(|l| l.trim() == c);
        Capabilities {
            all_legal: has("all_legal"),
            is_legal: has("is_legal"),
            undo: has("undo"),
            list_stones: has("list_stones"),
            captures: has("captures"),
            final_score: has("final_score"),
            rectangular_boardsize: has("rectangular_boardsize"),
        }
    }
}

/// The kind of a disagreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Whether a move is legal.
    Legality,
    /// The stones after a move.
    Stones,
    /// The stones each player has captured.
    Captures,
    /// `final_score` at the end of the game.
    Score,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Legality => "legality",
            Kind::Stones => "stones",
            Kind::Captures => "captures",
            Kind::Score => "score",
        }
    }
}

/// One observed difference, at the end of `moves`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    pub kind: Kind,
    /// The moves before the point of disagreement, each `B D4` / `W pass`.
    #[serde(skip)]
    pub moves: Vec<Played>,
    /// The move (or probe) the two disagree on, for legality; the last move otherwise.
    #[serde(skip)]
    pub at: Option<Played>,
    /// What the oracle said (e.g. `illegal (superko)`, `B+3`).
    pub oracle: String,
    /// What the engine said.
    pub engine: String,
    /// The oracle's legality verdict on `at` (for a legality finding).
    #[serde(skip)]
    oracle_illegal: Option<Illegal>,
}

/// One disagreement as the report gives it.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    pub kind: Kind,
    pub game: u32,
    /// The shrunk sequence, ending with the move the two disagree on or after.
    pub moves: Vec<String>,
    /// Moves of the game before shrinking.
    pub original_moves: usize,
    /// What each said where the game first disagreed, before shrinking.
    pub original_oracle: String,
    pub original_engine: String,
    /// The position where the game first disagreed (rows top to bottom, `#` `O` `.`).
    pub original_position: Vec<String>,
    /// The game's moves up to that point (and the move disagreed on).
    pub original_game: Vec<String>,
    pub oracle: String,
    pub engine: String,
    pub case_file: String,
}

/// The run's totals.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub engine: String,
    pub ruleset: String,
    pub size: String,
    pub seed: u64,
    /// The move choice's probability of a pass, and of a lone-stone capture (`--pass-rate`,
    /// `--ko-rate`).
    pub pass_rate: f64,
    pub ko_rate: f64,
    pub games: u32,
    pub moves: u64,
    /// Points whose legality was compared.
    pub probes: u64,
    /// Games whose final scores were compared (both answered).
    pub scores_compared: u32,
    /// Games whose final score was not compared, and why (first reason seen).
    pub scores_not_compared: u32,
    pub score_note: Option<String>,
    pub capabilities: Capabilities,
    pub disagreements: Vec<Disagreement>,
}

/// How to run.
pub struct Options {
    pub ruleset: RulesetId,
    pub patch: RulesPatch,
    pub komi: f64,
    pub width: usize,
    pub height: usize,
    pub games: u32,
    pub seed: u64,
    /// Moves after which a game is ended by two passes.
    pub max_moves: usize,
    /// The random choice's biases (passes, lone-stone captures); all 0: uniform.
    pub choice: MoveChoice,
    /// Keep playing games after a disagreement (one per game).
    pub keep_going: bool,
    pub out: PathBuf,
    /// Progress lines on stderr.
    pub progress: bool,
}

/// A whole run: `referee` is the oracle side (already configured with ruleset and engines).
pub fn run(
    referee: &mut Referee,
    client: &mut Client,
    options: &Options,
) -> Result<Summary, ProtocolError> {
    let caps = Capabilities::from_list(&client.expect_ok("list_commands")?);
    let name = client.send("name").map(|r| r.text).unwrap_or_default();
    let version = client.send("version").map(|r| r.text).unwrap_or_default();
    let mut summary = Summary {
        engine: format!("{name} {version}").trim().to_string(),
        ruleset: options.ruleset.as_str().into(),
        size: format!("{}x{}", options.width, options.height),
        seed: options.seed,
        pass_rate: options.choice.pass_rate,
        ko_rate: options.choice.ko_rate,
        capabilities: caps.clone(),
        ..Summary::default()
    };
    if !(caps.all_legal || caps.is_legal || caps.undo) {
        return Err(ProtocolError(
            "the engine has none of all_legal, is_legal, undo: legality cannot be probed".into(),
        ));
    }
    let mut session = Session {
        referee,
        client,
        caps,
        options,
        probes: 0,
    };
    session.setup()?;
    for g in 0..options.games {
        summary.games += 1;
        let seed = options.seed.wrapping_add(g as u64);
        let (moves, finding, score) = session.random_game(seed)?;
        summary.moves += moves.len() as u64;
        match score {
            Ok(()) => summary.scores_compared += 1,
            Err(why) => {
                summary.scores_not_compared += 1;
                summary.score_note.get_or_insert(why);
            }
        }
        if options.progress {
            eprintln!(
                "gtp-diff: game {}/{} (seed {seed}): {} moves{}",
                g + 1,
                options.games,
                moves.len(),
                if finding.is_some() {
                    ", disagreement"
                } else {
                    ""
                }
            );
        }
        if let Some(f) = finding {
            record_finding(&mut session, options, &mut summary, f, g, seed)?;
            if !options.keep_going {
                break;
            }
        }
    }
    summary.probes = session.probes;
    Ok(summary)
}

/// A finding of game `g` (seed `seed`): shrunk, written as a case file (once per distinct
/// shrunk disagreement), and recorded in the summary.
fn record_finding(
    session: &mut Session,
    options: &Options,
    summary: &mut Summary,
    f: Finding,
    g: u32,
    seed: u64,
) -> Result<(), ProtocolError> {
    let original = f.moves.len() + 1;
    let (original_oracle, original_engine) = (f.oracle.clone(), f.engine.clone());
    let (original_position, original_game) = {
        let g = session.referee.geometry().clone();
        let mut game: Vec<String> = f.moves.iter().map(|m| played_text(&g, m)).collect();
        game.extend(f.at.iter().map(|m| played_text(&g, m)));
        (session.referee.position().rows(&g), game)
    };
    let shrunk = session.shrink(f)?;
    let id = format!(
        "gtp-diff-{}-{}-seed{}-game{}",
        shrunk.kind.as_str(),
        options.ruleset.as_str(),
        options.seed,
        g
    );
    let geometry = session.referee.geometry().clone();
    let mut moves: Vec<String> = shrunk
        .moves
        .iter()
        .map(|m| played_text(&geometry, m))
        .collect();
    if let Some(at) = &shrunk.at {
        moves.push(played_text(&geometry, at));
    }
    // The same shrunk sequence and answers as an earlier game: one case file.
    if let Some(d) = summary.disagreements.iter().find(|d| {
        d.kind == shrunk.kind
            && d.moves == moves
            && d.oracle == shrunk.oracle
            && d.engine == shrunk.engine
    }) {
        let case_file = d.case_file.clone();
        summary.disagreements.push(Disagreement {
            kind: shrunk.kind,
            game: g,
            moves,
            original_moves: original,
            original_oracle: original_oracle.clone(),
            original_engine: original_engine.clone(),
            original_position: original_position.clone(),
            original_game: original_game.clone(),
            oracle: shrunk.oracle.clone(),
            engine: shrunk.engine.clone(),
            case_file,
        });
        return Ok(());
    }
    let path = options.out.join(format!("{id}.yaml"));

    let state = OracleState {
        position: session.referee.position().diagram(&geometry),
        prisoners: session.referee.prisoners(),
        game_over: session.referee.is_over(),
        score: if shrunk.kind == Kind::Score {
            session.referee.final_score().ok()
        } else {
            None
        },
    };
    let text = case_text(
        &id,
        &summary.engine,
        session.client.program(),
        options,
        seed,
        &shrunk,
        original,
        &state,
    );
    std::fs::write(&path, text)
        .map_err(|e| ProtocolError(format!("cannot write {}: {e}", path.display())))?;
    summary.disagreements.push(Disagreement {
        kind: shrunk.kind,
        game: g,
        moves,
        original_moves: original,
        original_oracle,
        original_engine,
        original_position,
        original_game,
        oracle: shrunk.oracle.clone(),
        engine: shrunk.engine.clone(),
        case_file: path.display().to_string(),
    });
    Ok(())
}

/// `B D4`, `W pass`.
pub fn played_text(geometry: &Geometry, m: &Played) -> String {
    format!("{} {}", m.colour.letter(), vertex_text(geometry, m.vertex))
}
