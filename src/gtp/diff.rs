//! `gtp-diff`: random games played through an external GTP engine and the referee at once.
//! At every move both are asked the legality of every point for the player to move, then
//! the move is played on both and the stones and captures compared; at the end of a game
//! (the ruleset's consecutive passes) the `final_score`s. The first disagreement of a game
//! is shrunk to a shortest move sequence that still shows it (removing pairs of moves, so
//! colours keep alternating) and written as a case file with the engine's answer as a
//! discrepancy beside the oracle's.

use super::client::{Client, ProtocolError};
use super::referee::{Played, Referee};
use crate::engine::{result_text, Illegal};
use crate::geometry::{Cell, Colour, Geometry, Point};
use crate::parse::case::{
    CaseFile, CheckSpec, Discrepancy, DiscrepancyReason, FinalExpect, MoveItem, Source, StepSpec,
};
use crate::parse::gtp::{parse_command, parse_score, parse_vertex_list, vertex_text};
use crate::rules::{Prisoners, RulesPatch, RulesetId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
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
                if !options.keep_going {
                    break;
                }
                continue;
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
            if !options.keep_going {
                break;
            }
        }
    }
    summary.probes = session.probes;
    Ok(summary)
}

/// `B D4`, `W pass`.
pub fn played_text(geometry: &Geometry, m: &Played) -> String {
    format!("{} {}", m.colour.letter(), vertex_text(geometry, m.vertex))
}

struct Session<'a> {
    referee: &'a mut Referee,
    client: &'a mut Client,
    caps: Capabilities,
    options: &'a Options,
    probes: u64,
}

/// The outcome of replaying a sequence on both sides.
enum Replayed {
    /// Both agree all along; the game is over or not.
    Agree,
    /// A disagreement at the end of `moves` (the finding's moves are a prefix).
    Differ(Finding),
    /// The sequence is illegal on both sides at some move (a shrinking candidate that
    /// changed the game too much).
    Invalid,
}

impl Session<'_> {
    fn oracle(&mut self, line: &str) -> Result<String, ProtocolError> {
        let cmd = parse_command(line).ok_or_else(|| ProtocolError("empty command".into()))?;
        self.referee
            .handle(&cmd)
            .map_err(|e| ProtocolError(format!("the oracle refused `{line}`: {e}")))
    }

    fn setup(&mut self) -> Result<(), ProtocolError> {
        let (w, h) = (self.options.width, self.options.height);
        let size = if w == h {
            format!("boardsize {w}")
        } else if self.caps.rectangular_boardsize {
            format!("rectangular_boardsize {w} {h}")
        } else {
            return Err(ProtocolError(format!(
                "the engine has no rectangular_boardsize: it cannot take a {w}x{h} board"
            )));
        };
        self.client.expect_ok(&size)?;
        self.oracle(&size)?;
        let komi = format!("komi {}", self.options.komi);
        self.client.expect_ok(&komi)?;
        self.oracle(&komi)?;
        Ok(())
    }

    fn clear(&mut self) -> Result<(), ProtocolError> {
        self.client.expect_ok("clear_board")?;
        self.oracle("clear_board")?;
        Ok(())
    }

    fn geometry(&self) -> Geometry {
        self.referee.geometry().clone()
    }

    /// The engine's legal points for `colour`.
    fn engine_legal(&mut self, colour: Colour) -> Result<Vec<Point>, ProtocolError> {
        let g = self.geometry();
        let c = colour.letter();
        if self.caps.all_legal {
            let text = self.client.expect_ok(&format!("all_legal {c}"))?;
            return parse_vertex_list(&g, &text)
                .map_err(|e| ProtocolError(format!("all_legal: {e}")));
        }
        let mut out = Vec::new();
        for p in g.points() {
            let v = g.name(p).to_string();
            let legal = if self.caps.is_legal {
                let t = self.client.expect_ok(&format!("is_legal {c} {v}"))?;
                match t.trim() {
                    "1" => true,
                    "0" => false,
                    other => {
                        return Err(ProtocolError(format!(
                            "is_legal {c} {v}: expected 1 or 0, got `{other}`"
                        )))
                    }
                }
            } else {
                let r = self.client.send(&format!("play {c} {v}"))?;
                if r.ok {
                    self.client.expect_ok("undo")?;
                }
                r.ok
            };
            if legal {
                out.push(p);
            }
        }
        Ok(out)
    }

    fn engine_stones(&mut self, colour: Colour) -> Result<Vec<Point>, ProtocolError> {
        let g = self.geometry();
        let text = self
            .client
            .expect_ok(&format!("list_stones {}", colour.letter()))?;
        parse_vertex_list(&g, &text).map_err(|e| ProtocolError(format!("list_stones: {e}")))
    }

    /// Compare the legality of every point for `colour` now.
    fn compare_legality(
        &mut self,
        moves: &[Played],
        colour: Colour,
    ) -> Result<Option<Finding>, ProtocolError> {
        let g = self.geometry();
        let ours = self
            .referee
            .legal_points(colour)
            .map_err(|e| ProtocolError(format!("the oracle: {e}")))?;
        let theirs = self.engine_legal(colour)?;
        self.probes += g.len() as u64;
        if ours == theirs {
            return Ok(None);
        }
        // The first point of difference, in board order.
        let p = g
            .points()
            .find(|p| ours.contains(p) != theirs.contains(p))
            .unwrap_or(0);
        let at = Played {
            colour,
            vertex: Some(p),
        };
        let illegal = self
            .referee
            .legality(colour, Some(p))
            .map_err(|e| ProtocolError(format!("the oracle: {e}")))?;
        Ok(Some(Finding {
            kind: Kind::Legality,
            moves: moves.to_vec(),
            at: Some(at),
            oracle: legality_text(illegal),
            engine: if theirs.contains(&p) {
                "legal".into()
            } else {
                "illegal".into()
            },
            oracle_illegal: illegal,
        }))
    }

    /// Play `m` on both (after `moves`); a finding if they differ on it or after it.
    fn play_both(&mut self, moves: &[Played], m: Played) -> Result<Replayed, ProtocolError> {
        let g = self.geometry();
        let ours = self.referee.play(m.colour, m.vertex);
        let text = played_text(&g, &m);
        let theirs = self.client.send(&format!("play {text}"))?;
        let oracle_illegal = match &ours {
            Ok(_) => None,
            Err(Ok(reason)) => Some(*reason),
            Err(Err(e)) => return Err(ProtocolError(format!("the oracle: {e}"))),
        };
        match (oracle_illegal, theirs.ok) {
            (None, true) => {}
            (Some(_), false) => return Ok(Replayed::Invalid),
            (o, _) => {
                return Ok(Replayed::Differ(Finding {
                    kind: Kind::Legality,
                    moves: moves.to_vec(),
                    at: Some(m),
                    oracle: legality_text(o),
                    engine: if theirs.ok {
                        "legal (play accepted)".into()
                    } else {
                        format!("illegal (? {})", theirs.text)
                    },
                    oracle_illegal: o,
                }))
            }
        }
        let mut done = moves.to_vec();
        done.push(m);
        let before = moves.to_vec();
        let position = self.referee.position();
        if self.caps.list_stones {
            for colour in [Colour::Black, Colour::White] {
                let ours: Vec<Point> = g
                    .points()
                    .filter(|&p| position.get(p) == Cell::Stone(colour))
                    .collect();
                let theirs = self.engine_stones(colour)?;
                if ours != theirs {
                    return Ok(Replayed::Differ(Finding {
                        kind: Kind::Stones,
                        moves: before,
                        at: Some(m),
                        oracle: format!("{} stones: {}", colour.name(), names(&g, &ours)),
                        engine: format!("{} stones: {}", colour.name(), names(&g, &theirs)),
                        oracle_illegal: None,
                    }));
                }
            }
        }
        if self.caps.captures {
            let p = self.referee.prisoners();
            for (colour, ours) in [(Colour::Black, p.black), (Colour::White, p.white)] {
                let t = self
                    .client
                    .expect_ok(&format!("captures {}", colour.letter()))?;
                let theirs: u32 = t.trim().parse().map_err(|_| {
                    ProtocolError(format!("captures: expected a number, got `{t}`"))
                })?;
                if ours != theirs {
                    return Ok(Replayed::Differ(Finding {
                        kind: Kind::Captures,
                        moves: before,
                        at: Some(m),
                        oracle: format!("{} has captured {ours}", colour.name()),
                        engine: format!("{} has captured {theirs}", colour.name()),
                        oracle_illegal: None,
                    }));
                }
            }
        }
        Ok(Replayed::Agree)
    }

    /// Compare final scores; `Err(why)` when they cannot be compared.
    fn compare_score(
        &mut self,
        moves: &[Played],
    ) -> Result<Result<Option<Finding>, String>, ProtocolError> {
        if !self.caps.final_score {
            return Ok(Err("the engine has no final_score".into()));
        }
        let ours = match self.referee.final_score() {
            Ok(s) => s,
            Err(e) => return Ok(Err(format!("the oracle: {e}"))),
        };
        let r = self.client.send("final_score")?;
        if !r.ok {
            return Ok(Err(format!("the engine: ? {}", r.text)));
        }
        let theirs = parse_score(&r.text).ok_or_else(|| {
            ProtocolError(format!(
                "final_score: expected B+x, W+x or 0, got `{}`",
                r.text
            ))
        })?;
        if (ours - theirs).abs() < 1e-9 {
            return Ok(Ok(None));
        }
        Ok(Ok(Some(Finding {
            kind: Kind::Score,
            moves: moves.to_vec(),
            at: None,
            oracle: crate::parse::gtp::score_text(ours),
            engine: r.text,
            oracle_illegal: None,
        })))
    }

    /// One random game: each move uniformly among the legal plays that do not fill one's
    /// own eye (an empty point whose neighbours are all one's stones), a pass when there is
    /// none. Returns the moves, the first finding, and whether the score was compared.
    #[allow(clippy::type_complexity)]
    fn random_game(
        &mut self,
        seed: u64,
    ) -> Result<(Vec<Played>, Option<Finding>, Result<(), String>), ProtocolError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        self.clear()?;
        let g = self.geometry();
        let mut moves: Vec<Played> = Vec::new();
        while !self.referee.is_over() {
            let colour = self.referee.to_move();
            if let Some(f) = self.compare_legality(&moves, colour)? {
                return Ok((
                    moves,
                    Some(f),
                    Err("the game ended at a disagreement".into()),
                ));
            }
            let position = self.referee.position();
            let candidates: Vec<Point> = if moves.len() >= self.options.max_moves {
                Vec::new()
            } else {
                self.referee
                    .legal_points(colour)
                    .map_err(|e| ProtocolError(format!("the oracle: {e}")))?
                    .into_iter()
                    .filter(|&p| {
                        !g.neighbours(p)
                            .iter()
                            .all(|&n| position.get(n) == Cell::Stone(colour))
                    })
                    .collect()
            };
            let vertex = if candidates.is_empty() {
                None
            } else {
                Some(candidates[rng.gen_range(0..candidates.len())])
            };
            let m = Played { colour, vertex };
            match self.play_both(&moves, m)? {
                Replayed::Agree => moves.push(m),
                Replayed::Differ(f) => {
                    return Ok((
                        moves,
                        Some(f),
                        Err("the game ended at a disagreement".into()),
                    ))
                }
                Replayed::Invalid => {
                    return Err(ProtocolError(format!(
                        "{}: the oracle's own legal move was refused by both sides",
                        played_text(&g, &m)
                    )))
                }
            }
        }
        match self.compare_score(&moves)? {
            Ok(None) => Ok((moves, None, Ok(()))),
            Ok(Some(f)) => Ok((moves, Some(f), Ok(()))),
            Err(why) => Ok((moves, None, Err(why))),
        }
    }

    /// Replay `moves` from an empty board: each move's legality, the stones and captures
    /// after it, then at the end the legality of every point (or the final scores when the
    /// game is over); the first finding. (The legality of every point is compared at the end
    /// only: a shrinking candidate ends where its finding is.)
    fn replay(&mut self, moves: &[Played]) -> Result<Replayed, ProtocolError> {
        self.clear()?;
        let mut done = Vec::new();
        for &m in moves {
            match self.play_both(&done, m)? {
                Replayed::Agree => done.push(m),
                other => return Ok(other),
            }
        }
        if self.referee.is_over() {
            if let Ok(Some(f)) = self.compare_score(&done)? {
                return Ok(Replayed::Differ(f));
            }
        } else if let Some(f) = self.compare_legality(&done, self.referee.to_move())? {
            return Ok(Replayed::Differ(f));
        }
        Ok(Replayed::Agree)
    }

    /// The sequence a finding is observed after: its moves and, but for a legality finding
    /// of a probe, its move.
    fn sequence(f: &Finding) -> Vec<Played> {
        let mut s = f.moves.clone();
        if f.kind != Kind::Legality {
            s.extend(f.at);
        }
        s
    }

    /// Whether `seq` keeps the game going to its last move: no two consecutive passes
    /// before it (they would end the game, and a GTP engine that plays on after the end
    /// would show a disagreement of its own).
    fn keeps_going(seq: &[Played]) -> bool {
        let n = seq.len();
        !seq.windows(2)
            .take(n.saturating_sub(2))
            .any(|w| w[0].vertex.is_none() && w[1].vertex.is_none())
    }

    /// Try `candidate`; the finding if it shows one of the same kind.
    fn try_candidate(
        &mut self,
        kind: Kind,
        candidate: &[Played],
    ) -> Result<Option<Finding>, ProtocolError> {
        if !Self::keeps_going(candidate) {
            return Ok(None);
        }
        Ok(match self.replay(candidate)? {
            Replayed::Differ(f) if f.kind == kind => Some(f),
            _ => None,
        })
    }

    /// Shrink a finding: remove runs of an even number of consecutive moves (halving the
    /// run from half the sequence down to 2, so colours keep alternating), then replace
    /// single plays by passes, while a finding of the same kind stays; repeat until neither
    /// helps. The result is minimal in that sense (no pair can be removed, no play turned
    /// into a pass), not always the globally shortest sequence.
    fn shrink(&mut self, found: Finding) -> Result<Finding, ProtocolError> {
        let mut best = found;
        loop {
            let mut progressed = false;
            let mut chunk = (Self::sequence(&best).len() / 2).max(1) * 2;
            loop {
                let mut start = 0;
                while start + chunk <= Self::sequence(&best).len() {
                    let seq = Self::sequence(&best);
                    let candidate: Vec<Played> = seq[..start]
                        .iter()
                        .chain(&seq[start + chunk..])
                        .copied()
                        .collect();
                    match self.try_candidate(best.kind, &candidate)? {
                        Some(f) => {
                            best = f;
                            progressed = true;
                        }
                        None => start += 1,
                    }
                }
                if chunk == 2 {
                    break;
                }
                chunk = (chunk / 2).max(2).div_ceil(2) * 2;
            }
            let mut i = 0;
            while i < Self::sequence(&best).len() {
                let seq = Self::sequence(&best);
                if seq[i].vertex.is_some() {
                    let mut candidate = seq.clone();
                    candidate[i].vertex = None;
                    if let Some(f) = self.try_candidate(best.kind, &candidate)? {
                        best = f;
                        progressed = true;
                    }
                }
                i += 1;
            }
            if !progressed {
                break;
            }
        }
        // Leave the engine and the oracle at the shrunk finding (for the case's diagrams).
        let _ = self.replay(&Self::sequence(&best))?;
        Ok(best)
    }
}

fn names(g: &Geometry, points: &[Point]) -> String {
    if points.is_empty() {
        return "none".into();
    }
    points
        .iter()
        .map(|&p| g.name(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn legality_text(illegal: Option<Illegal>) -> String {
    match illegal {
        None => "legal".into(),
        Some(r) => format!("illegal ({r})"),
    }
}

/// What the oracle says at the end of a shrunk finding (asserted by its case file).
pub struct OracleState {
    pub position: String,
    pub prisoners: Prisoners,
    pub game_over: bool,
    pub score: Option<f64>,
}

/// The case file of a shrunk finding: the oracle's answer asserted, the engine's recorded
/// as a discrepancy (reason `engine-differs`).
#[allow(clippy::too_many_arguments)]
fn case_text(
    id: &str,
    engine: &str,
    program: &str,
    options: &Options,
    game_seed: u64,
    f: &Finding,
    original: usize,
    state: &OracleState,
) -> String {
    let geometry = Geometry::rect(options.width, options.height).ok();
    let name_of = |m: &Played| match &geometry {
        Some(g) => played_text(g, m),
        None => String::new(),
    };
    let before: Vec<String> = f.moves.iter().map(name_of).collect();
    let mut items = Vec::new();
    if !before.is_empty() {
        items.push(MoveItem::Text(before.join(", ")));
    }
    let mut expect = FinalExpect {
        game_over: Some(state.game_over),
        ..FinalExpect::default()
    };
    let what;
    match (f.kind, &f.at) {
        (Kind::Legality, Some(at)) => {
            what = format!("legality of {}", name_of(at));
            items.push(MoveItem::Step(StepSpec {
                legal: Some(f.oracle_illegal.is_none()),
                reason: f.oracle_illegal,
                note: Some(format!("{engine}: {}", f.engine)),
                ..StepSpec::play(name_of(at))
            }));
        }
        (Kind::Stones | Kind::Captures, Some(at)) => {
            what = format!("{} after {}", f.kind.as_str(), name_of(at));
            expect.position = Some(state.position.clone());
            expect.prisoners = Some(state.prisoners);
            items.push(MoveItem::Step(StepSpec {
                note: Some(format!("{engine}: {}", f.engine)),
                ..StepSpec::play(name_of(at))
            }));
        }
        _ => {
            what = "the final score".into();
            expect.position = Some(state.position.clone());
            expect.score = state.score;
            expect.result = state.score.map(result_text);
        }
    }
    let discrepancy = Discrepancy {
        claim: format!("{engine}: {}", f.engine),
        oracle: f.oracle.clone(),
        reason: DiscrepancyReason::EngineDiffers,
        explanation: Some(format!(
            "Found by go-oracle gtp-diff: the engine `{program}` and the oracle disagree on {what}. Whose reading of the rules is right is for the reviewer."
        )),
    };
    let check = CheckSpec {
        name: "shrunk".into(),
        description: Some(format!(
            "{} disagreement, shrunk from {original} moves to {}",
            f.kind.as_str(),
            f.moves.len() + usize::from(f.at.is_some())
        )),
        ruleset: options.ruleset,
        rules: (options.patch != RulesPatch::default()).then(|| options.patch.clone()),
        position: None,
        size: Some(format!("{}x{}", options.width, options.height)),
        labels: None,
        to_move: None,
        handicap: 0,
        komi: options.komi,
        prisoners: None::<Prisoners>,
        moves: items,
        repeat: None,
        source_text: None,
        expect: Some(expect),
        black_analysis: None,
        white_analysis: None,
        budget: None,
        solver_budget: None,
        discrepancy: Some(discrepancy),
        graph: None,
        prohibited: Vec::new(),
        permanently_prohibited: Vec::new(),
        claims: Vec::new(),
        ljr: None,
        vjr: None,
    };
    let file = CaseFile {
        format: None,
        id: id.into(),
        title: Some(format!("gtp-diff: {engine} and go-oracle ({}) disagree on {what}", options.ruleset.as_str())),
        source: Source {
            document: format!("gtp-diff against `{program}`"),
            section: Some(format!("random game with seed {game_seed}")),
            lines: None,
            url: None,
        },
        notes: Some(format!(
            "Written by `go-oracle gtp-diff --ruleset {} --size {}x{} --seed {} --komi {}` against `{program}` ({engine}).\nThe game had {original} moves; it was shrunk to the moves below, removing pairs of moves while the same kind of disagreement stayed.\nThe oracle: {}.\n{engine}: {}.\n",
            options.ruleset.as_str(),
            options.width,
            options.height,
            options.seed,
            options.komi,
            f.oracle,
            f.engine
        )),
        tags: vec!["gtp-diff".into(), f.kind.as_str().into()],
        positions: Default::default(),
        labels: None,
        checks: vec![check],
    };
    file.to_yaml(
        "Written by go-oracle gtp-diff. The oracle's answer is asserted; the engine's is the discrepancy.\nReview before moving it into oracle-cases/.",
    )
}
