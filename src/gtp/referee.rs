//! The GTP referee: a GTP version 2 engine that answers every question under one ruleset,
//! each answer computed by every engine it was given (they must agree, else the answer is a
//! GTP error naming both). Not a player: `genmove` plays a uniformly random legal move.
//!
//! Every answer comes from a [`Session`] (the one door to the engines): the referee parses
//! GTP, asks, and turns an agreed answer into `=` and a disagreed or undetermined one into
//! `?` with its text. The out-of-turn rule is the session's (see `session`).

use crate::engine::{Engine, Illegal, Move, Prisoners, Start};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::parse::gtp::{parse_colour, parse_vertex, score_text, vertex_text, Command};
use crate::parse::rule_names::Namespace;
use crate::rules::{Rules, RulesPatch, RulesetId};
use crate::session::{Action, Config as SessionConfig, Session, StatusClass, Verdict};
use crate::status_game::strings;
use crate::vjr::IndependentLife;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

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
}

/// The agreed answer, or the GTP error text of a disagreement or an undetermined one.
fn agreed<T: std::fmt::Debug>(v: Verdict<T>) -> Result<T, String> {
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
        })
    }

    /// The session the referee answers through.
    pub fn session(&self) -> &Session {
        &self.session
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
        {
            Verdict::Agreed(Ok(done)) => Ok(done.removed),
            Verdict::Agreed(Err(reason)) => Err(Ok(reason)),
            other => Err(Err(other.describe())),
        }
    }

    /// Start again on an empty board of this geometry; komi and rules stay.
    fn reset(&mut self, geometry: Geometry) -> Result<(), String> {
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

    /// Handle one command.
    pub fn handle(&mut self, cmd: &Command) -> Reply {
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
                self.place_handicap(&points)?;
                Ok(points
                    .iter()
                    .map(|&p| self.geometry().name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
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
            "genmove" => self.genmove(a),
            "undo" => {
                if self.session.undo()? {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            "final_score" => self.final_score().map(score_text),
            "final_status_list" => self.final_status_list(a),
            "showboard" => Ok(format!("\n{}", self.board_text())),
            "is_legal" => {
                let (colour, vertex) = self.colour_vertex(a, "is_legal COLOUR VERTEX")?;
                Ok(if self.legality(colour, vertex)?.is_none() {
                    "1".into()
                } else {
                    "0".into()
                })
            }
            "all_legal" => {
                let colour = self.colour(a, "all_legal COLOUR")?;
                Ok(self
                    .legal_points(colour)?
                    .iter()
                    .map(|&p| self.geometry().name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "list_stones" => {
                let colour = self.colour(a, "list_stones COLOUR")?;
                let position = self.position();
                Ok(self
                    .geometry()
                    .points()
                    .filter(|&p| position.get(p) == Cell::Stone(colour))
                    .map(|p| self.geometry().name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "captures" => {
                let colour = self.colour(a, "captures COLOUR")?;
                let p = self.prisoners();
                Ok(match colour {
                    Colour::Black => p.black,
                    Colour::White => p.white,
                }
                .to_string())
            }
            "kgs-rules" => self.kgs_rules(a, Namespace::Kgs),
            "kata-set-rules" => self.kgs_rules(a, Namespace::Kata),
            "loadsgf" => match a.as_slice() {
                [file] => self.loadsgf(file, None),
                [file, n] => match n.parse::<usize>() {
                    Ok(n) if n >= 1 => self.loadsgf(file, Some(n)),
                    _ => Err("syntax error (loadsgf FILE [MOVE_NUMBER])".into()),
                },
                _ => Err("syntax error (loadsgf FILE [MOVE_NUMBER])".into()),
            },
            "printsgf" => self.printsgf(a),
            "" => Err("unknown command".into()),
            _ => Err("unknown command".into()),
        }
    }

    /// GTP 6.3.3 `set_free_handicap VERTEX...`.
    fn set_free_handicap(&mut self, a: &[String]) -> Reply {
        let mut points = Vec::new();
        for v in a {
            match parse_vertex(self.geometry(), v) {
                Ok(Some(p)) if !points.contains(&p) => points.push(p),
                _ => return Err(format!("bad vertex list (`{v}`)")),
            }
        }
        if points.len() < 2 || points.len() >= self.geometry().len() {
            return Err("bad vertex list (at least 2 stones, not the whole board)".into());
        }
        self.place_handicap(&points)?;
        Ok(String::new())
    }

    /// `genmove COLOUR`: a uniformly random legal point, or pass.
    fn genmove(&mut self, a: &[String]) -> Reply {
        let colour = self.colour(a, "genmove COLOUR")?;
        if self.is_over() {
            return Ok("pass".into());
        }
        let legal = self.legal_points(colour)?;
        let vertex = if legal.is_empty() {
            None
        } else {
            Some(legal[self.rng.gen_range(0..legal.len())])
        };
        match self.play(colour, vertex) {
            Ok(_) => Ok(vertex_text(self.geometry(), vertex)),
            Err(Ok(reason)) => Err(format!("cannot play: pass is illegal ({reason})")),
            Err(Err(text)) => Err(text),
        }
    }

    /// `final_status_list alive|dead|seki`: the strings of that class, one per line.
    fn final_status_list(&self, a: &[String]) -> Reply {
        let wanted = a
            .first()
            .map(|s| s.to_ascii_lowercase())
            .unwrap_or_default();
        let which = match wanted.as_str() {
            "alive" => StatusClass::Alive,
            "dead" => StatusClass::Dead,
            "seki" => StatusClass::Seki,
            _ => return Err("syntax error (final_status_list alive|dead|seki)".into()),
        };
        if which == StatusClass::Seki && self.ruleset() == RulesetId::J2003 {
            return Err("j2003: in-seki regions (J-59) are not computed over GTP; final_status_list alive includes the strings in seki".into());
        }
        let classes = agreed(self.session.status_classes()?)?;
        let position = self.position();
        Ok(strings(self.geometry(), &position)
            .into_iter()
            .filter(|(_, pts)| classes[pts[0]] == Some(which))
            .map(|(_, pts)| {
                pts.iter()
                    .map(|&p| self.geometry().name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// `kgs-rules NAME` (also a ruleset id) and `kata-set-rules NAME` (a KataGo name or rule
    /// string): another ruleset, before the first move, by the rule-name table (README "Rule
    /// names"); a name it refuses is answered with the part go-oracle does not model.
    fn kgs_rules(&mut self, a: &[String], namespace: Namespace) -> Reply {
        use crate::parse::rule_names::map_rule_name;
        let name = a.join(" ");
        let (ruleset, patch) = match map_rule_name(namespace, &name, self.handicap) {
            Ok(m) if m.komi.is_some() => {
                return Err(format!(
                    "rules `{name}`: the komi is GTP `komi`'s, not the rules'"
                ))
            }
            Ok(m) => (m.ruleset, m.rules),
            Err(r) => match RulesetId::parse(&name.to_ascii_lowercase()) {
                Some(id) if r.unknown && namespace == Namespace::Kgs => (id, None),
                _ => return Err(format!("rules `{name}` not supported: {r}")),
            },
        };
        if ruleset == self.ruleset() && patch.is_none() {
            return Ok(String::new());
        }
        self.session
            .set_ruleset(ruleset, &patch.unwrap_or_default())
            .map(|()| String::new())
    }

    /// `printsgf [FILE]`: the game as SGF.
    fn printsgf(&self, a: &[String]) -> Reply {
        let text = self.sgf();
        match a {
            [] => Ok(text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .collect::<Vec<_>>()
                .join("\n")),
            [file] => std::fs::write(file, text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot write {file}: {e}")),
            _ => Err("syntax error (printsgf [FILE])".into()),
        }
    }

    /// GTP 6.3.5 `loadsgf`: the board, setup stones, komi and moves of the file's main line,
    /// up to (not including) move `before` (1 = the first move); answers the colour to move.
    /// A move illegal under the ruleset stops the loading there, with an error naming it.
    fn loadsgf(&mut self, file: &str, before: Option<usize>) -> Reply {
        let bytes = std::fs::read(file).map_err(|e| format!("cannot load file: {file}: {e}"))?;
        let game = crate::parse::sgf::read_sgf_bytes(bytes, file)
            .map_err(|e| format!("cannot load file: {e}"))?;
        let moves: Vec<Played> = game
            .moves
            .iter()
            .take(before.map_or(usize::MAX, |n| n - 1))
            .map(|m| Played {
                colour: m.colour,
                vertex: match m.mv {
                    Move::Play(p) => Some(p),
                    _ => None,
                },
            })
            .collect();
        let has_setup = game.setup.0.iter().any(|&c| c != Cell::Empty);
        let to_move = game.to_move.unwrap_or(match game.moves.first() {
            Some(m) => m.colour,
            None if game.handicap >= 2 && has_setup => Colour::White,
            None => Colour::Black,
        });
        if let Some(k) = game.komi {
            self.session.set_komi(k);
        }
        let handicap = if has_setup { game.handicap } else { 0 };
        self.load(game.geometry, game.setup, to_move, handicap, &moves)
            .map_err(|e| format!("cannot load file: {file}: {e}"))?;
        Ok(self.to_move().name().to_string())
    }

    /// The game so far as SGF: board, setup stones, komi, ruleset, moves.
    pub fn sgf(&self) -> String {
        let game = crate::parse::sgf::SgfGame {
            geometry: self.geometry().clone(),
            setup: self.setup().0.clone(),
            to_move: (self.setup().1 != Colour::Black || self.handicap > 0)
                .then_some(self.setup().1),
            komi: Some(self.komi()),
            handicap: self.handicap,
            ruleset_text: Some(self.ruleset().as_str().to_string()),
            ruleset: Some(self.ruleset()),
            name: None,
            root_name: None,
            comment: Some(format!(
                "Recorded by go-oracle gtp (ruleset {}).",
                self.ruleset()
            )),
            moves: self
                .record()
                .iter()
                .map(|m| crate::parse::sgf::SgfMove {
                    colour: m.colour,
                    mv: m.vertex.map_or(Move::Pass, Move::Play),
                    comment: None,
                })
                .collect(),
            markup: None,
            notes: Vec::new(),
        };
        crate::parse::sgf::write_sgf(&game)
    }

    fn resize(&mut self, w: usize, h: usize) -> Reply {
        if !(1..=25).contains(&w) || !(1..=25).contains(&h) {
            return Err("unacceptable size".into());
        }
        let g = Geometry::rect(w, h).map_err(|_| "unacceptable size".to_string())?;
        self.reset(g)?;
        Ok(String::new())
    }

    fn colour(&self, a: &[String], usage: &str) -> Result<Colour, String> {
        match a {
            [c] => parse_colour(c).ok_or_else(|| format!("invalid color `{c}` ({usage})")),
            _ => Err(format!("syntax error ({usage})")),
        }
    }

    fn colour_vertex(&self, a: &[String], usage: &str) -> Result<(Colour, Option<Point>), String> {
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

    /// GTP 4.1.1: the fixed handicap points of a square board 7x7 or larger.
    fn fixed_handicap_points(&self, n: usize) -> Result<Vec<Point>, String> {
        let (w, h) = self.geometry().rect_size().unwrap_or((0, 0));
        let max = if w != h || w < 7 {
            0
        } else if w % 2 == 0 || w == 7 {
            4
        } else {
            9
        };
        if n < 2 || n > max {
            return Err(format!(
                "invalid number of stones ({n}; 2 to {max} on this {w}x{h} board)"
            ));
        }
        let e = if w >= 13 { 3 } else { 2 };
        let (lo, mid, hi) = (e, w / 2, w - 1 - e);
        let at = |x: usize, y: usize| self.geometry().at(x, y).unwrap_or(0);
        // GTP 4.1.1's order: lower left, upper right, upper left, lower right, then the
        // sides (left, right, bottom, top) and the centre where the count is odd.
        let (ll, ur, lr, ul) = (at(lo, hi), at(hi, lo), at(hi, hi), at(lo, lo));
        let (ml, mr, mb, mt, c) = (
            at(lo, mid),
            at(hi, mid),
            at(mid, hi),
            at(mid, lo),
            at(mid, mid),
        );
        let v = match n {
            2 => vec![ll, ur],
            3 => vec![ll, ur, ul],
            4 => vec![ll, ur, ul, lr],
            5 => vec![ll, ur, ul, lr, c],
            6 => vec![ll, ur, ul, lr, ml, mr],
            7 => vec![ll, ur, ul, lr, ml, mr, c],
            8 => vec![ll, ur, ul, lr, ml, mr, mb, mt],
            _ => vec![ll, ur, ul, lr, ml, mr, mb, mt, c],
        };
        Ok(v)
    }

    fn place_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        let n = self.geometry().len();
        if !self.session.record().is_empty() || self.position() != Position::empty(n) {
            return Err("board not empty".into());
        }
        let mut setup = Position::empty(n);
        for &p in points {
            setup.set(p, Cell::Stone(Colour::Black));
        }
        let start = Start {
            position: setup,
            to_move: Colour::White,
            handicap: 0,
            prisoners: Prisoners::default(),
        };
        self.session
            .restart(self.geometry().clone(), start, Vec::new())?;
        self.handicap = points.len() as u32;
        Ok(())
    }

    /// The board with coordinates, the player to move and the prisoners.
    pub fn board_text(&self) -> String {
        let (w, h) = self.geometry().rect_size().unwrap_or((0, 0));
        let letters: Vec<char> = "ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().take(w).collect();
        let header: String = letters.iter().map(|c| format!(" {c}")).collect();
        let mut out = format!("   {header}\n");
        let position = self.position();
        for (y, row) in position.rows(self.geometry()).iter().enumerate() {
            let cells: String = row.chars().map(|c| format!(" {c}")).collect();
            out.push_str(&format!("{:>2} {cells}  {:<2}\n", h - y, h - y));
        }
        out.push_str(&format!("   {header}\n"));
        let p = self.prisoners();
        out.push_str(&format!(
            "ruleset {}, {} to move, prisoners black {} white {}, komi {}{}",
            self.ruleset(),
            self.to_move().name(),
            p.black,
            p.white,
            crate::engine::fmt_number(self.komi()),
            if self.is_over() { ", game over" } else { "" }
        ));
        out
    }

    /// The ruleset's score of the current position (Black minus White minus komi).
    pub fn final_score(&self) -> Result<f64, String> {
        agreed(self.session.final_score()?)?
    }
}

fn one_number(a: &[String], usage: &str) -> Result<usize, String> {
    match a {
        [n] => n
            .parse::<usize>()
            .map_err(|_| format!("syntax error ({usage})")),
        _ => Err(format!("syntax error ({usage})")),
    }
}
