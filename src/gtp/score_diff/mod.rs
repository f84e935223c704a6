//! `score-diff`: a score-only differential. Final positions given by SGF records, with the
//! other side's dead stones and score (the record's `TB`/`TW`/`AE` marks and `RE`, or an
//! external GTP engine's `final_status_list dead` and `final_score` after `loadsgf`), are
//! compared per ruleset with the oracle's statuses and score (through the session's doors:
//! `ask` for J2003 and VJR, the ruleset's final statuses and score for the others). Each
//! position and ruleset is agreed, disagreed or undetermined (or not compared, when a side
//! gives nothing to compare); a disagreement is written as a case file.

mod case;
mod compare;
mod oracle;
mod other;

use super::client::{Client, ProtocolError};
use super::referee::{Config, Referee};
use crate::engine::{result_text, Engine, Move};
use crate::geometry::Geometry;
use crate::parse::sgf::SgfGame;
use crate::rules::{RulesPatch, RulesetId};
use crate::vjr::IndependentLife;
pub use case::Against;
pub use compare::{Outcome, StoneDiff};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The run's options.
pub struct Options {
    pub rulesets: Vec<RulesetId>,
    pub patch: RulesPatch,
    /// Komi when a record has no `KM`.
    pub komi: f64,
    pub budget: u64,
    pub independent_life: IndependentLife,
    pub engines: Vec<Arc<dyn Engine>>,
    /// Folder for the case files of disagreements.
    pub out: PathBuf,
}

/// One position under one ruleset.
#[derive(Clone, Debug, Serialize)]
pub struct RulesetResult {
    pub ruleset: String,
    /// `agreed`, `disagreed`, `undetermined` or `not-compared` (nothing compared).
    pub verdict: Outcome,
    pub statuses: Outcome,
    pub statuses_note: Option<String>,
    /// Stones the two sides judge differently.
    pub differing: Vec<StoneDiff>,
    /// Stones the oracle did not decide (GTP names).
    pub undetermined_stones: Vec<String>,
    /// Stones the oracle says are dead (GTP names).
    pub oracle_dead: Vec<String>,
    pub score: Outcome,
    pub score_note: Option<String>,
    /// Black minus White minus komi, when the oracle decided it.
    pub oracle_score: Option<f64>,
    /// `B+x`, `W+x`, `tie`.
    pub oracle_result: Option<String>,
    /// The position: `X`/`O` alive by the oracle, `x`/`o` dead, `?` after an undecided
    /// stone, `( )` around a stone the other side judges otherwise.
    pub diagram: String,
    pub case_file: Option<String>,
}

/// One input file.
#[derive(Clone, Debug, Serialize)]
pub struct PositionResult {
    pub file: String,
    pub size: String,
    pub komi: f64,
    /// The other side's dead stones (GTP names); `null` when it gives none.
    pub other_dead: Option<Vec<String>>,
    /// The other side's score (Black minus White minus komi); `null` when it gives none.
    pub other_score: Option<f64>,
    /// The score as the other side wrote it (`RE`, or the engine's `final_score`).
    pub other_result: Option<String>,
    pub rulesets: Vec<RulesetResult>,
}

/// A whole run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// `record` (the records' marks and RE) or the engine's `name version`.
    pub against: String,
    pub budget: u64,
    pub positions: Vec<PositionResult>,
    pub agreed: usize,
    pub disagreed: usize,
    pub undetermined: usize,
    pub not_compared: usize,
}

/// An input the run cannot read: the file and what was expected.
#[derive(Debug)]
pub enum Failure {
    BadInput(String),
    Protocol(ProtocolError),
}

/// Compare every file under every ruleset of `options`; the other side is `engine` when
/// given, else each record's own marks and result.
pub fn run(
    files: &[PathBuf],
    options: &Options,
    mut engine: Option<&mut Client>,
) -> Result<Summary, Failure> {
    let mut summary = Summary {
        budget: options.budget,
        against: "record".into(),
        ..Summary::default()
    };
    if let Some(client) = engine.as_deref_mut() {
        let name = client.send("name").map(|r| r.text).unwrap_or_default();
        let version = client.send("version").map(|r| r.text).unwrap_or_default();
        summary.against = format!("{name} {version}").trim().to_string();
    }
    let mut games = Vec::new();
    for path in files {
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::BadInput(format!("{}: cannot read: {e}", path.display())))?;
        let text = path.display().to_string();
        let game = crate::parse::sgf::read_sgf_bytes(bytes, &text)
            .map_err(|e| Failure::BadInput(e.to_string()))?;
        games.push((path, text, game));
    }
    for (path, text, game) in &games {
        let komi = game.komi.unwrap_or(options.komi);
        let final_position = position_after(game, options, path)?;
        let other = match engine.as_deref_mut() {
            Some(client) => {
                let absolute = std::fs::canonicalize(path).unwrap_or(path.to_path_buf());
                other::from_engine(
                    client,
                    &absolute.display().to_string(),
                    &game.geometry,
                    komi,
                )
                .map_err(Failure::Protocol)?
            }
            None => other::from_record(game, &final_position),
        };
        if engine.is_none() && other.dead.is_err() && other.score.is_err() {
            return Err(Failure::BadInput(format!(
                "{text}: nothing to compare: expected TB/TW territory marks (or AE removals) on the last node, or a score in RE (e.g. RE[B+3.5])"
            )));
        }
        let against = match engine.as_deref() {
            Some(c) => Against::Engine {
                name: &summary.against,
                program: c.program(),
            },
            None => Against::Record,
        };
        let g = &game.geometry;
        let mut result = PositionResult {
            file: text.clone(),
            size: size_text(g),
            komi,
            other_dead: other.dead.as_ref().ok().map(|d| names(g, d)),
            other_score: other.score.as_ref().ok().copied(),
            other_result: other.score_text.clone(),
            rulesets: Vec::new(),
        };
        for &ruleset in &options.rulesets {
            let r = one_ruleset(game, text, ruleset, komi, options, &other, &against)?;
            match r.verdict {
                Outcome::Agreed => summary.agreed += 1,
                Outcome::Disagreed => summary.disagreed += 1,
                Outcome::Undetermined => summary.undetermined += 1,
                Outcome::NotCompared => summary.not_compared += 1,
            }
            result.rulesets.push(r);
        }
        summary.positions.push(result);
    }
    Ok(summary)
}

/// The final position of the record (every move played, on an area-scoring referee: only
/// the stones matter here), for reading the record's marks.
fn position_after(
    game: &SgfGame,
    options: &Options,
    path: &Path,
) -> Result<crate::geometry::Position, Failure> {
    let mut referee = referee_for(RulesetId::TrompTaylor, &RulesPatch::default(), 0.0, options)
        .map_err(Failure::BadInput)?;
    load(&mut referee, game).map_err(|e| Failure::BadInput(format!("{}: {e}", path.display())))?;
    Ok(referee.position())
}

fn referee_for(
    ruleset: RulesetId,
    patch: &RulesPatch,
    komi: f64,
    options: &Options,
) -> Result<Referee, String> {
    Referee::new(Config {
        ruleset,
        patch: patch.clone(),
        komi,
        seed: 0,
        budget: options.budget,
        independent_life: options.independent_life,
        engines: options.engines.clone(),
        without: Vec::new(),
        time_limit: None,
    })
    .map_err(|e| format!("--ruleset {ruleset}: {e}"))
}

/// The record's setup and moves on the referee, its trailing passes left out (they do not
/// change the position, and under J2003 an ending pass asks J-19's analysis first).
fn load(referee: &mut Referee, game: &SgfGame) -> Result<(), String> {
    let end = game
        .moves
        .iter()
        .rposition(|m| m.mv != Move::Pass)
        .map_or(0, |i| i + 1);
    referee.load_game(game, end)
}

/// One position under one ruleset: the oracle asked, the answers compared, a disagreement
/// written as a case file.
fn one_ruleset(
    game: &SgfGame,
    file: &str,
    ruleset: RulesetId,
    komi: f64,
    options: &Options,
    other: &other::OtherAnswer,
    against: &Against,
) -> Result<RulesetResult, Failure> {
    let g = &game.geometry;
    let patch = if ruleset == RulesetId::Custom {
        options.patch.clone()
    } else {
        RulesPatch::default()
    };
    let mut referee = referee_for(ruleset, &patch, komi, options).map_err(Failure::BadInput)?;
    let position = match load(&mut referee, game) {
        Ok(()) => referee.position(),
        Err(e) => {
            let note = Some(format!(
                "the record cannot be replayed under {ruleset}: {e}"
            ));
            return Ok(RulesetResult {
                ruleset: ruleset.as_str().into(),
                verdict: Outcome::NotCompared,
                statuses: Outcome::NotCompared,
                statuses_note: note.clone(),
                differing: Vec::new(),
                undetermined_stones: Vec::new(),
                oracle_dead: Vec::new(),
                score: Outcome::NotCompared,
                score_note: note,
                oracle_score: None,
                oracle_result: None,
                diagram: String::new(),
                case_file: None,
            });
        }
    };
    let answer = oracle::answer(&referee);
    let statuses = compare::statuses(g, &position, &answer, other);
    let (score, score_note) = compare::score(&answer.score, &other.score);
    let verdict = Outcome::overall(statuses.outcome, score);
    let oracle_score = match answer.score {
        oracle::ScoreSaid::Known(s) => Some(s),
        _ => None,
    };
    let mut case_file = None;
    if verdict == Outcome::Disagreed {
        let stem = Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| "position".into());
        let id = format!("score-diff-{}-{stem}", ruleset.as_str());
        let text = case::case_text(
            &case::Finding {
                id: &id,
                file,
                ruleset,
                patch: &patch,
                geometry: g,
                position: &position,
                prisoners: referee.prisoners(),
                komi,
                budget: options.budget,
                oracle: &answer,
                other,
                statuses: &statuses,
                score,
            },
            against,
        );
        let path = options.out.join(format!("{id}.yaml"));
        std::fs::write(&path, text).map_err(|e| {
            Failure::BadInput(format!("--out: cannot write {}: {e}", path.display()))
        })?;
        case_file = Some(path.display().to_string());
    }
    Ok(RulesetResult {
        ruleset: ruleset.as_str().into(),
        verdict,
        statuses: statuses.outcome,
        statuses_note: statuses.note.clone(),
        differing: statuses.differing.clone(),
        undetermined_stones: names(g, &statuses.undetermined),
        oracle_dead: names(g, &statuses.oracle_dead),
        score,
        score_note,
        oracle_score,
        oracle_result: oracle_score.map(result_text),
        diagram: compare::diagram(g, &position, &answer, &statuses),
        case_file,
    })
}

fn names(g: &Geometry, points: &[usize]) -> Vec<String> {
    oracle::point_names(g, points)
}

fn size_text(g: &Geometry) -> String {
    match g.rect_size() {
        Some((w, h)) => format!("{w}x{h}"),
        None => format!("{} points", g.len()),
    }
}
