//! The GTP referee: a GTP version 2 engine that answers every question under one ruleset,
//! each answer computed by every engine it was given (they must agree, else the answer is a
//! GTP error naming both). Not a player: `genmove` plays a uniformly random legal move.
//!
//! Every answer comes from a [`Session`] (the one door to the engines): the referee parses
//! GTP, asks, and turns an agreed answer into `=` and a disagreed or undetermined one into
//! `?` with its text. The out-of-turn rule is the session's (see `session`).

use crate::engine::{Engine, Illegal, Move, Prisoners, Start};
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::parse::gtp::{parse_colour, parse_vertex, score_text, vertex_text, Command};
use crate::rules::{Rules, RulesPatch, RulesetId};
use crate::session::{Action, Config as SessionConfig, Session, Verdict};
use crate::vjr::IndependentLife;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;

mod analyze;
mod genmove;
pub use genmove::fills_own_eye;
pub use more::MAX_TIME_LIMIT;
mod kgs_rules;
mod more;
mod questions;
mod setup;

/// The commands the referee knows (`list_commands`), in the order of GTP 6.3 and then the
/// extensions.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "fixed_handicap",
    "set_free_handicap",
    "play",
    "genmove",
    "undo",
    "final_score",
    "final_status_list",
    "loadsgf",
    "printsgf",
    "showboard",
    "is_legal",
    "all_legal",
    "list_stones",
    "captures",
    "kgs-rules",
    "kata-set-rules",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-genmove_cleanup",
    "place_free_handicap",
    "go-oracle-game_end",
    "go-oracle-budget",
    "go-oracle-time_limit",
    "gogui-analyze_commands",
    "go-oracle-gfx_status",
    "go-oracle-gfx_immortal",
    "go-oracle-gfx_control",
    "go-oracle-gfx_area",
];

/// How a referee is set up (the `go-oracle gtp` options).
pub struct Config {
    pub ruleset: RulesetId,
    /// Changes to the ruleset's play rules (for `custom`: the rules; suicide and ko needed).
    pub patch: RulesPatch,
    pub komi: f64,
    /// Seed of `genmove`'s random choice.
    pub seed: u64,
    /// Nodes or states each search of `final_score` / `final_status_list` (and of a J-19
    /// judgement of an ending pass) may visit.
    pub budget: u64,
    /// VJR: the description of independent life (VP-1).
    pub independent_life: IndependentLife,
    /// The engines that answer, the reference first.
    pub engines: Vec<Arc<dyn Engine>>,
    /// Commands the referee pretends not to know (for testing controllers that must fall
    /// back, e.g. to probing legality by `play` and `undo`).
    pub without: Vec<String>,
    /// The wall-clock limit of each command's searches (`None`: only the budget bounds
    /// them); past it a search answers undetermined (`crate::deadline`).
    pub time_limit: Option<Duration>,
}

/// One move of the record: who played what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub colour: Colour,
    /// `None` = pass.
    pub vertex: Option<Point>,
}

/// A response: `Ok` (`=`) or `Err` (`?`) with its text.
pub type Reply = Result<String, String>;

/// The referee's state: a session (the ruleset, the engines and their games) and what GTP
/// adds to it.
pub struct Referee {
    session: Session,
    /// Handicap stones placed (`fixed_handicap`, `set_free_handicap`, `loadsgf`).
    handicap: u32,
    rng: ChaCha8Rng,
    quit: bool,
    without: Vec<String>,
    time_limit: Option<Duration>,
}

/// The agreed answer, or the GTP error text of a disagreement or an undetermined one.
pub(super) fn agreed<T: std::fmt::Debug>(v: Verdict<T>) -> Result<T, String> {
    match v {
        Verdict::Agreed(t) => Ok(t),
        other => Err(other.describe()),
    }
}

fn vertex_action(vertex: Option<Point>) -> Action {
    vertex.map_or(Move::Pass, Move::Play).into()
}

impl Referee {
    /// A referee on an empty 19x19 board (GTP's default), or why the configuration is bad.
    pub fn new(config: Config) -> Result<Referee, String> {
        if let Some(c) = config
            .without
            .iter()
            .find(|c| !COMMANDS.contains(&c.as_str()) || *c == "list_commands" || *c == "quit")
        {
            return Err(format!(
                "cannot do without `{c}` (any command of list_commands but list_commands and quit)"
            ));
        }
        let geometry = Geometry::rect(19, 19).map_err(|e| e.to_string())?;
        let session = Session::new(
            SessionConfig {
                ruleset: config.ruleset,
                patch: config.patch,
                komi: config.komi,
                budget: config.budget,
                independent_life: config.independent_life,
                engines: config.engines,
            },
            geometry,
        )?;
        Ok(Referee {
            session,
            handicap: 0,
            rng: ChaCha8Rng::seed_from_u64(config.seed),
            quit: false,
            without: config.without,
            time_limit: config.time_limit,
        })
    }

    /// The session the referee answers through.
    pub fn session(&self) -> &Session {
        &self.session
    }
    fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }
    pub fn geometry(&self) -> &Geometry {
        self.session.geometry()
    }
    pub fn ruleset(&self) -> RulesetId {
        self.session.ruleset()
    }
    pub fn rules(&self) -> Option<&Rules> {
        self.session.rules()
    }
    pub fn komi(&self) -> f64 {
        self.session.komi()
    }
    pub fn handicap(&self) -> u32 {
        self.handicap
    }
    pub fn setup(&self) -> (&Position, Colour) {
        let s = self.session.setup();
        (&s.position, s.to_move)
    }
    /// The moves so far (plays and passes).
    pub fn record(&self) -> Vec<Played> {
        self.session
            .record()
            .iter()
            .map(|m| Played {
                colour: m.colour,
                vertex: match m.action.mv {
                    Move::Play(p) => Some(p),
                    _ => None,
                },
            })
            .collect()
    }
    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }
    pub fn position(&self) -> Position {
        self.session.position()
    }
    pub fn to_move(&self) -> Colour {
        self.session.to_move()
    }
    pub fn prisoners(&self) -> Prisoners {
        self.session.prisoners()
    }
    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// Whether `colour` may play `vertex` now, with the reason when not.
    pub fn legality(
        &self,
        colour: Colour,
        vertex: Option<Point>,
    ) -> Result<Option<Illegal>, String> {
        agreed(self.session.legality(colour, vertex_action(vertex))?)
    }

    /// The points where `colour` may play now, in board order.
    pub fn legal_points(&self, colour: Colour) -> Result<Vec<Point>, String> {
        agreed(self.session.legal_points(colour)?)
    }

    /// Play a move: `Ok(removed points)`, `Err(Ok(reason))` when illegal, `Err(Err(text))`
    /// when the engines disagree, fail, or cannot decide its legality.
    pub fn play(
        &mut self,
        colour: Colour,
        vertex: Option<Point>,
    ) -> Result<Vec<Point>, Result<Illegal, String>> {
        match self
            .session
            .play(colour, vertex_action(vertex))
            .map_err(Err)?
            .verdict
        {
            Verdict::Agreed(Ok(done)) => Ok(done.removed),
            Verdict::Agreed(Err(reason)) => Err(Ok(reason)),
            other => Err(Err(other.describe())),
        }
    }

    /// Start again on an empty board of this geometry; komi and rules stay.
    pub(super) fn reset(&mut self, geometry: Geometry) -> Result<(), String> {
        self.handicap = 0;
        let start = Start::empty(&geometry);
        self.session.restart(geometry, start, Vec::new())
    }

    /// Set up a position and record (for `loadsgf`): the board, the stones, the player to
    /// move, then the moves, each of which must be legal.
    pub fn load(
        &mut self,
        geometry: Geometry,
        setup: Position,
        to_move: Colour,
        handicap: u32,
        moves: &[Played],
    ) -> Result<(), String> {
        self.session.restart(
            geometry,
            Start {
                position: setup,
                to_move,
                handicap: 0,
                prisoners: Prisoners::default(),
            },
            Vec::new(),
        )?;
        self.handicap = handicap;
        for (i, m) in moves.iter().enumerate() {
            if let Err(e) = self.play(m.colour, m.vertex) {
                let why = match e {
                    Ok(reason) => format!("illegal ({reason})"),
                    Err(text) => text,
                };
                return Err(format!(
                    "move {} ({} {}): {why}",
                    i + 1,
                    m.colour.letter(),
                    vertex_text(self.geometry(), m.vertex)
                ));
            }
        }
        Ok(())
    }

    /// The time limit of each command (`go-oracle-time_limit`).
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }
    pub(super) fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.time_limit = limit;
    }

    /// Handle one command, its searches within the time limit.
    pub fn handle(&mut self, cmd: &Command) -> Reply {
        let limit = self.time_limit;
        crate::deadline::within(limit, || self.answer(cmd))
    }

    fn answer(&mut self, cmd: &Command) -> Reply {
        let a = &cmd.args;
        if self.without.contains(&cmd.name) {
            return Err("unknown command".into());
        }
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("go-oracle".into()),
            "version" => Ok(format!(
                "{} (rules referee, ruleset {})",
                env!("CARGO_PKG_VERSION"),
                self.ruleset()
            )),
            "known_command" => Ok(a
                .first()
                .is_some_and(|c| COMMANDS.contains(&c.as_str()) && !self.without.contains(c))
                .to_string()),
            "list_commands" => Ok(COMMANDS
                .iter()
                .filter(|c| !self.without.iter().any(|w| w == *c))
                .copied()
                .collect::<Vec<_>>()
                .join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                let n = one_number(a, "boardsize SIZE")?;
                self.resize(n, n)
            }
            "rectangular_boardsize" => {
                let (w, h) = match a.as_slice() {
                    [w, h] => (w.parse::<usize>().ok(), h.parse::<usize>().ok()),
                    _ => (None, None),
                };
                match (w, h) {
                    (Some(w), Some(h)) => self.resize(w, h),
                    _ => Err("syntax error (rectangular_boardsize WIDTH HEIGHT)".into()),
                }
            }
            "clear_board" => {
                self.reset(self.geometry().clone())?;
                Ok(String::new())
            }
            "komi" => match a.first().and_then(|k| k.parse::<f64>().ok()) {
                Some(k) if k.is_finite() && a.len() == 1 => {
                    self.session.set_komi(k);
                    Ok(String::new())
                }
                _ => Err("syntax error (komi NUMBER)".into()),
            },
            "fixed_handicap" => {
                let n = one_number(a, "fixed_handicap NUMBER")?;
                let points = self.fixed_handicap_points(n)?;
                self.place_handicap_named(&points)
            }
            "set_free_handicap" => self.set_free_handicap(a),
            "play" => {
                let (colour, vertex) = self.colour_vertex(a, "play COLOUR VERTEX")?;
                match self.play(colour, vertex) {
                    Ok(_) => Ok(String::new()),
                    Err(Ok(reason)) => Err(format!("illegal move ({reason})")),
                    Err(Err(text)) => Err(text),
                }
            }
            "genmove" => self.genmove(a, "genmove COLOUR"),
            "undo" => {
                if self.session.undo()? {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            "final_score" => self.final_score().map(score_text),
            "final_status_list" => self.final_status_list(a),
            _ => self.handle_more(cmd.name.as_str(), a),
        }
    }

    pub(super) fn colour(&self, a: &[String], usage: &str) -> Result<Colour, String> {
        match a {
            [c] => parse_colour(c).ok_or_else(|| format!("invalid color `{c}` ({usage})")),
            _ => Err(format!("syntax error ({usage})")),
        }
    }

    pub(super) fn colour_vertex(
        &self,
        a: &[String],
        usage: &str,
    ) -> Result<(Colour, Option<Point>), String> {
        match a {
            [c, v] => {
                let colour =
                    parse_colour(c).ok_or_else(|| format!("invalid color `{c}` ({usage})"))?;
                let vertex = parse_vertex(self.geometry(), v)?;
                Ok((colour, vertex))
            }
            _ => Err(format!("syntax error ({usage})")),
        }
    }
}

pub(super) fn one_number(a: &[String], usage: &str) -> Result<usize, String> {
    match a {
        [n] => n
            .parse::<usize>()
            .map_err(|_| format!("syntax error ({usage})")),
        _ => Err(format!("syntax error ({usage})")),
    }
}
