//! The GTP referee: a GTP version 2 engine that answers every question under one ruleset,
//! each answer computed by every engine it was given (they must agree, else the answer is a
//! GTP error naming both). Not a player: `genmove` plays a uniformly random legal move.
//!
//! Out-of-turn plays (GTP 6.3.4 lets `play` take either colour in any order): a play by the
//! player who is not to move starts a new move-sequence at the current position with that
//! player to move, prisoners kept — as set-up stones start one. Ko and superko then compare
//! only with positions since that play, and consecutive passes count from 0. A game over
//! (the ruleset's consecutive passes) stays over whoever plays.

use crate::engine::{Answer, Engine, Game, Illegal, Move, Prisoners, Start, Unsupported};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::{ControlMethod, LjrGame, LjrParams, LjrStart, Turn};
use crate::parse::gtp::{parse_colour, parse_vertex, score_text, vertex_text, Command};
use crate::rules::{complete_custom, Rules, RulesPatch, RulesetId, Scoring};
use crate::status_game::strings;
use crate::vjr::{IndependentLife, VjrStatus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
];

/// How a referee is set up (the `go-oracle gtp` options).
pub struct Config {
    pub ruleset: RulesetId,
    /// Changes to the ruleset's play rules (for `custom`: the rules; suicide and ko needed).
    pub patch: RulesPatch,
    pub komi: f64,
    /// Seed of `genmove`'s random choice.
    pub seed: u64,
    /// Nodes or states each search of `final_score` / `final_status_list` may visit.
    pub budget: u64,
    /// VJR: the description of independent life (VP-1).
    pub independent_life: IndependentLife,
    /// The engines that answer, the reference first.
    pub engines: Vec<Box<dyn Engine>>,
    /// Commands the referee pretends not to know (for testing controllers that must fall
    /// back, e.g. to probing legality by `play` and `undo`).
    pub without: Vec<String>,
}

/// The play rules of a ruleset with a patch; `None` for LJR (turns of its own).
pub fn resolve_rules(ruleset: RulesetId, patch: &RulesPatch) -> Result<Option<Rules>, String> {
    if ruleset == RulesetId::Ljr {
        if *patch != RulesPatch::default() {
            return Err("ljr has no play-rule parameters to change (L-1 ... L-13)".into());
        }
        return Ok(None);
    }
    let rules = if ruleset == RulesetId::Custom {
        complete_custom(patch)?
    } else {
        let base = ruleset
            .rules()
            .ok_or_else(|| format!("ruleset `{ruleset}` has no play rules"))?;
        patch.apply(&base)
    };
    rules.validate()?;
    Ok(Some(rules))
}

/// One engine's game: the shared play model, or LJR turns.
enum AnyGame {
    Play(Box<dyn Game>),
    Ljr(Box<dyn LjrGame>),
}

impl AnyGame {
    fn position(&self) -> Position {
        match self {
            AnyGame::Play(g) => g.position(),
            AnyGame::Ljr(g) => g.position(),
        }
    }
    fn to_move(&self) -> Colour {
        match self {
            AnyGame::Play(g) => g.to_move(),
            AnyGame::Ljr(g) => g.to_move(),
        }
    }
    fn prisoners(&self) -> Prisoners {
        match self {
            AnyGame::Play(g) => g.prisoners(),
            AnyGame::Ljr(g) => g.captives(),
        }
    }
    fn is_over(&self) -> bool {
        match self {
            AnyGame::Play(g) => g.is_over(),
            AnyGame::Ljr(g) => g.is_over(),
        }
    }
    fn check(&self, mv: Option<Point>) -> Result<(), Illegal> {
        match self {
            AnyGame::Play(g) => g.check(mv.map_or(Move::Pass, Move::Play)),
            AnyGame::Ljr(g) => g.check(mv.map_or(Turn::PASS, Turn::play)),
        }
    }
    /// The points the move emptied.
    fn play(&mut self, mv: Option<Point>) -> Result<Vec<Point>, Illegal> {
        match self {
            AnyGame::Play(g) => g.play(mv.map_or(Move::Pass, Move::Play)).map(|p| p.removed),
            AnyGame::Ljr(g) => g
                .play(mv.map_or(Turn::PASS, Turn::play))
                .map(|d| d.captured),
        }
    }
    fn fork(&self) -> AnyGame {
        match self {
            AnyGame::Play(g) => AnyGame::Play(g.fork()),
            AnyGame::Ljr(g) => AnyGame::Ljr(g.fork()),
        }
    }
    fn score(&self, komi: f64) -> Option<crate::engine::Score> {
        match self {
            AnyGame::Play(g) => g.score(komi),
            AnyGame::Ljr(_) => None,
        }
    }
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

/// The referee's state.
pub struct Referee {
    ruleset: RulesetId,
    patch: RulesPatch,
    rules: Option<Rules>,
    komi: f64,
    budget: u64,
    life: IndependentLife,
    engines: Vec<Box<dyn Engine>>,
    geometry: Geometry,
    /// The board before the first move: handicap stones.
    setup: Position,
    setup_to_move: Colour,
    /// Handicap stones placed (`fixed_handicap`, `set_free_handicap`, `loadsgf`).
    handicap: u32,
    record: Vec<Played>,
    /// The current game of each engine.
    games: Vec<AnyGame>,
    rng: ChaCha8Rng,
    quit: bool,
    without: Vec<String>,
}

impl Referee {
    /// A referee on an empty 19x19 board (GTP's default), or why the configuration is bad.
    pub fn new(config: Config) -> Result<Referee, String> {
        let rules = resolve_rules(config.ruleset, &config.patch)?;
        if !config.komi.is_finite() {
            return Err("komi must be a finite number".into());
        }
        if let Some(c) = config
            .without
            .iter()
            .find(|c| !COMMANDS.contains(&c.as_str()) || *c == "list_commands" || *c == "quit")
        {
            return Err(format!(
                "cannot do without `{c}` (any command of list_commands but list_commands and quit)"
            ));
        }
        if config.engines.is_empty() {
            return Err("no engine".into());
        }
        let geometry = Geometry::rect(19, 19).map_err(|e| e.to_string())?;
        let mut r = Referee {
            ruleset: config.ruleset,
            patch: config.patch,
            rules,
            komi: config.komi,
            budget: config.budget,
            life: config.independent_life,
            engines: config.engines,
            setup: Position::empty(geometry.len()),
            geometry,
            setup_to_move: Colour::Black,
            handicap: 0,
            record: Vec::new(),
            games: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(config.seed),
            quit: false,
            without: config.without,
        };
        r.games = r.replay(&[]).map_err(|e| e.to_string())?;
        Ok(r)
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    pub fn ruleset(&self) -> RulesetId {
        self.ruleset
    }
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_ref()
    }
    pub fn komi(&self) -> f64 {
        self.komi
    }
    pub fn handicap(&self) -> u32 {
        self.handicap
    }
    pub fn setup(&self) -> (&Position, Colour) {
        (&self.setup, self.setup_to_move)
    }
    pub fn record(&self) -> &[Played] {
        &self.record
    }
    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }
    pub fn position(&self) -> Position {
        self.games[0].position()
    }
    pub fn to_move(&self) -> Colour {
        self.games[0].to_move()
    }
    pub fn prisoners(&self) -> Prisoners {
        self.games[0].prisoners()
    }
    pub fn is_over(&self) -> bool {
        self.games[0].is_over()
    }

    fn new_game(
        &self,
        engine: &dyn Engine,
        position: Position,
        to_move: Colour,
        prisoners: Prisoners,
    ) -> Result<AnyGame, Unsupported> {
        match &self.rules {
            Some(rules) => engine
                .start(
                    &self.geometry,
                    rules,
                    &Start {
                        position,
                        to_move,
                        handicap: 0,
                        prisoners,
                    },
                )
                .map(AnyGame::Play),
            None => engine
                .ljr_start(
                    &self.geometry,
                    &LjrStart {
                        position,
                        to_move,
                        initially_prohibited: Vec::new(),
                        permanently_prohibited: Vec::new(),
                        captives: prisoners,
                    },
                )
                .map(AnyGame::Ljr),
        }
    }

    /// `game` with `colour` to move: itself, or a new move-sequence from its position (the
    /// out-of-turn rule in the module comment).
    fn game_for(
        &self,
        engine: &dyn Engine,
        game: &AnyGame,
        colour: Colour,
    ) -> Result<AnyGame, Unsupported> {
        if game.to_move() == colour || game.is_over() {
            Ok(game.fork())
        } else {
            self.new_game(engine, game.position(), colour, game.prisoners())
        }
    }

    /// Every engine's game after `record` from the setup.
    fn replay(&self, record: &[Played]) -> Result<Vec<AnyGame>, String> {
        let mut out = Vec::new();
        for engine in &self.engines {
            let mut game = self
                .new_game(
                    engine.as_ref(),
                    self.setup.clone(),
                    self.setup_to_move,
                    Prisoners::default(),
                )
                .map_err(|e| e.to_string())?;
            for m in record {
                game = self
                    .game_for(engine.as_ref(), &game, m.colour)
                    .map_err(|e| e.to_string())?;
                game.play(m.vertex).map_err(|e| {
                    format!(
                        "{}: {} {} is illegal on replay ({e})",
                        engine.name(),
                        m.colour.letter(),
                        vertex_text(&self.geometry, m.vertex)
                    )
                })?;
            }
            out.push(game);
        }
        Ok(out)
    }

    /// The same answer from every engine, or an error naming what each said.
    fn agreed<T: PartialEq + std::fmt::Debug>(
        &self,
        mut answer: impl FnMut(usize) -> Result<T, String>,
    ) -> Result<T, String> {
        let mut first: Option<T> = None;
        let mut said = Vec::new();
        for i in 0..self.engines.len() {
            let a = answer(i)?;
            said.push(format!("{}: {a:?}", self.engines[i].name()));
            match &first {
                None => first = Some(a),
                Some(f) if *f == a => {}
                Some(_) => {
                    return Err(format!("engines disagree: {}", said.join("; ")));
                }
            }
        }
        first.ok_or_else(|| "no engine".into())
    }

    /// Whether `colour` may play `vertex` now, with the reason when not.
    pub fn legality(
        &self,
        colour: Colour,
        vertex: Option<Point>,
    ) -> Result<Option<Illegal>, String> {
        self.agreed(|i| {
            let g = self
                .game_for(self.engines[i].as_ref(), &self.games[i], colour)
                .map_err(|e| e.to_string())?;
            Ok(if g.is_over() {
                Some(Illegal::GameOver)
            } else {
                g.check(vertex).err()
            })
        })
    }

    /// The points where `colour` may play now, in board order.
    pub fn legal_points(&self, colour: Colour) -> Result<Vec<Point>, String> {
        self.agreed(|i| {
            let g = self
                .game_for(self.engines[i].as_ref(), &self.games[i], colour)
                .map_err(|e| e.to_string())?;
            if g.is_over() {
                return Ok(Vec::new());
            }
            Ok(self
                .geometry
                .points()
                .filter(|&p| g.check(Some(p)).is_ok())
                .collect())
        })
    }

    /// Play a move: `Ok(removed points)`, `Err(Ok(reason))` when illegal, `Err(Err(text))`
    /// when the engines disagree or fail.
    pub fn play(
        &mut self,
        colour: Colour,
        vertex: Option<Point>,
    ) -> Result<Vec<Point>, Result<Illegal, String>> {
        let mut next = Vec::new();
        let mut said: Vec<(String, Result<Vec<Point>, Illegal>)> = Vec::new();
        for (engine, game) in self.engines.iter().zip(&self.games) {
            let mut g = self
                .game_for(engine.as_ref(), game, colour)
                .map_err(|e| Err(e.to_string()))?;
            let r = if g.is_over() {
                Err(Illegal::GameOver)
            } else {
                g.play(vertex)
            };
            said.push((engine.name(), r));
            next.push(g);
        }
        if said.windows(2).any(|w| w[0].1 != w[1].1) {
            let text: Vec<String> = said.iter().map(|(n, r)| format!("{n}: {r:?}")).collect();
            return Err(Err(format!("engines disagree: {}", text.join("; "))));
        }
        match said.swap_remove(0).1 {
            Ok(removed) => {
                self.games = next;
                self.record.push(Played { colour, vertex });
                Ok(removed)
            }
            Err(reason) => Err(Ok(reason)),
        }
    }

    /// Start again on an empty board of this geometry; komi and rules stay.
    fn reset(&mut self, geometry: Geometry) -> Result<(), String> {
        self.setup = Position::empty(geometry.len());
        self.geometry = geometry;
        self.setup_to_move = Colour::Black;
        self.handicap = 0;
        self.record.clear();
        self.games = self.replay(&[])?;
        Ok(())
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
        self.reset(geometry)?;
        self.setup = setup;
        self.setup_to_move = to_move;
        self.handicap = handicap;
        self.games = self.replay(&[])?;
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
                    vertex_text(&self.geometry, m.vertex)
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
                self.ruleset
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
                self.reset(self.geometry.clone())?;
                Ok(String::new())
            }
            "komi" => match a.first().and_then(|k| k.parse::<f64>().ok()) {
                Some(k) if k.is_finite() && a.len() == 1 => {
                    self.komi = k;
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
                    .map(|&p| self.geometry.name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "set_free_handicap" => {
                let mut points = Vec::new();
                for v in a {
                    match parse_vertex(&self.geometry, v) {
                        Ok(Some(p)) if !points.contains(&p) => points.push(p),
                        _ => return Err(format!("bad vertex list (`{v}`)")),
                    }
                }
                if points.len() < 2 || points.len() >= self.geometry.len() {
                    return Err("bad vertex list (at least 2 stones, not the whole board)".into());
                }
                self.place_handicap(&points)?;
                Ok(String::new())
            }
            "play" => {
                let (colour, vertex) = self.colour_vertex(a, "play COLOUR VERTEX")?;
                match self.play(colour, vertex) {
                    Ok(_) => Ok(String::new()),
                    Err(Ok(reason)) => Err(format!("illegal move ({reason})")),
                    Err(Err(text)) => Err(text),
                }
            }
            "genmove" => {
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
                    Ok(_) => Ok(vertex_text(&self.geometry, vertex)),
                    Err(Ok(reason)) => Err(format!("cannot play: pass is illegal ({reason})")),
                    Err(Err(text)) => Err(text),
                }
            }
            "undo" => {
                if self.record.is_empty() {
                    return Err("cannot undo".into());
                }
                let mut record = self.record.clone();
                record.pop();
                self.games = self.replay(&record)?;
                self.record = record;
                Ok(String::new())
            }
            "final_score" => self.final_score().map(score_text),
            "final_status_list" => {
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
                if which == StatusClass::Seki && self.ruleset == RulesetId::J2003 {
                    return Err("j2003: in-seki regions (J-59) are not computed over GTP; final_status_list alive includes the strings in seki".into());
                }
                let classes = self.status_classes()?;
                let position = self.position();
                Ok(strings(&self.geometry, &position)
                    .into_iter()
                    .filter(|(_, pts)| classes[pts[0]] == Some(which))
                    .map(|(_, pts)| {
                        pts.iter()
                            .map(|&p| self.geometry.name(p).to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
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
                    .map(|&p| self.geometry.name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "list_stones" => {
                let colour = self.colour(a, "list_stones COLOUR")?;
                let position = self.position();
                Ok(self
                    .geometry
                    .points()
                    .filter(|&p| position.get(p) == Cell::Stone(colour))
                    .map(|p| self.geometry.name(p).to_string())
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
            "kgs-rules" => {
                let name = a
                    .first()
                    .map(|s| s.to_ascii_lowercase())
                    .unwrap_or_default();
                let target = match name.as_str() {
                    "japanese" => Some(RulesetId::J2003),
                    "new_zealand" => Some(RulesetId::TrompTaylor),
                    other => RulesetId::parse(other),
                };
                match target {
                    Some(r) if r == self.ruleset => Ok(String::new()),
                    Some(r) if self.record.is_empty() => {
                        let rules = resolve_rules(r, &RulesPatch::default())?;
                        self.ruleset = r;
                        self.patch = RulesPatch::default();
                        self.rules = rules;
                        self.games = self.replay(&[])?;
                        Ok(String::new())
                    }
                    Some(_) => Err("cannot change the rules during a game".into()),
                    None => Err(format!(
                        "rules `{name}` not supported (go-oracle: japanese = j2003, new_zealand = tromp-taylor, or a ruleset id)"
                    )),
                }
            }
            "loadsgf" => match a.as_slice() {
                [file] => self.loadsgf(file, None),
                [file, n] => match n.parse::<usize>() {
                    Ok(n) if n >= 1 => self.loadsgf(file, Some(n)),
                    _ => Err("syntax error (loadsgf FILE [MOVE_NUMBER])".into()),
                },
                _ => Err("syntax error (loadsgf FILE [MOVE_NUMBER])".into()),
            },
            "printsgf" => {
                let text = self.sgf();
                match a.as_slice() {
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
            "" => Err("unknown command".into()),
            _ => Err("unknown command".into()),
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
            self.komi = k;
        }
        let handicap = if has_setup { game.handicap } else { 0 };
        self.load(game.geometry, game.setup, to_move, handicap, &moves)
            .map_err(|e| format!("cannot load file: {file}: {e}"))?;
        Ok(self.to_move().name().to_string())
    }

    /// The game so far as SGF: board, setup stones, komi, ruleset, moves.
    pub fn sgf(&self) -> String {
        let game = crate::parse::sgf::SgfGame {
            geometry: self.geometry.clone(),
            setup: self.setup.clone(),
            to_move: (self.setup_to_move != Colour::Black || self.handicap > 0)
                .then_some(self.setup_to_move),
            komi: Some(self.komi),
            handicap: self.handicap,
            ruleset_text: Some(self.ruleset.as_str().to_string()),
            ruleset: Some(self.ruleset),
            name: None,
            comment: Some(format!(
                "Recorded by go-oracle gtp (ruleset {}).",
                self.ruleset
            )),
            moves: self
                .record
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
                let vertex = parse_vertex(&self.geometry, v)?;
                Ok((colour, vertex))
            }
            _ => Err(format!("syntax error ({usage})")),
        }
    }

    /// GTP 4.1.1: the fixed handicap points of a square board 7x7 or larger.
    fn fixed_handicap_points(&self, n: usize) -> Result<Vec<Point>, String> {
        let (w, h) = self.geometry.rect_size().unwrap_or((0, 0));
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
        let at = |x: usize, y: usize| self.geometry.at(x, y).unwrap_or(0);
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
        if !self.record.is_empty() || self.position() != Position::empty(self.geometry.len()) {
            return Err("board not empty".into());
        }
        let mut setup = Position::empty(self.geometry.len());
        for &p in points {
            setup.set(p, Cell::Stone(Colour::Black));
        }
        self.setup = setup;
        self.setup_to_move = Colour::White;
        self.handicap = points.len() as u32;
        self.games = self.replay(&[])?;
        Ok(())
    }

    /// The board with coordinates, the player to move and the prisoners.
    pub fn board_text(&self) -> String {
        let (w, h) = self.geometry.rect_size().unwrap_or((0, 0));
        let letters: Vec<char> = "ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().take(w).collect();
        let header: String = letters.iter().map(|c| format!(" {c}")).collect();
        let mut out = format!("   {header}\n");
        let position = self.position();
        for (y, row) in position.rows(&self.geometry).iter().enumerate() {
            let cells: String = row.chars().map(|c| format!(" {c}")).collect();
            out.push_str(&format!("{:>2} {cells}  {:<2}\n", h - y, h - y));
        }
        out.push_str(&format!("   {header}\n"));
        let p = self.prisoners();
        out.push_str(&format!(
            "ruleset {}, {} to move, prisoners black {} white {}, komi {}{}",
            self.ruleset,
            self.to_move().name(),
            p.black,
            p.white,
            crate::engine::fmt_number(self.komi),
            if self.is_over() { ", game over" } else { "" }
        ));
        out
    }

    /// The ruleset's score of the current position (Black minus White minus komi).
    pub fn final_score(&self) -> Result<f64, String> {
        let position = self.position();
        let p = self.prisoners();
        let prisoner_difference = p.black as i64 - p.white as i64;
        match self.ruleset {
            RulesetId::Naj | RulesetId::Najn => {
                let rules = RulesetId::Naj
                    .analysis_rules()
                    .ok_or("naj has no analysis rules")?;
                self.agreed(|i| {
                    let mut value = [0i64; 2];
                    for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
                        let answer = crate::procedure::naj::solve(
                            self.engines[i].as_ref(),
                            &self.geometry,
                            &rules,
                            &position,
                            colour,
                            crate::procedure::naj::Budget {
                                nodes: self.budget,
                                immortal: self.budget,
                            },
                            Default::default(),
                        )
                        .map_err(|e| e.to_string())?;
                        value[k] = match answer {
                            Answer::Decided(s) => s.value,
                            Answer::Undetermined { explored } => {
                                return Err(undetermined(
                                    &self.engines[i].name(),
                                    explored,
                                    self.budget,
                                ))
                            }
                        };
                    }
                    Ok(((value[0] - value[1] + prisoner_difference) as f64 - self.komi).to_bits())
                })
                .map(f64::from_bits)
            }
            RulesetId::J2003 => self
                .agreed(|i| {
                    let e = self.engines[i].as_ref();
                    let analysis =
                        crate::procedure::j2003::analyse(e, &self.geometry, &position, self.budget)
                            .map_err(|e| e.to_string())?;
                    if !analysis.is_decided() {
                        return Err(undetermined(&e.name(), analysis.explored, self.budget));
                    }
                    let board = e
                        .j2003_board_score(
                            &self.geometry,
                            &position,
                            &analysis.status_at(self.geometry.len()),
                        )
                        .map_err(|e| e.to_string())?;
                    Ok(((board + prisoner_difference) as f64 - self.komi).to_bits())
                })
                .map(f64::from_bits),
            RulesetId::Vjr => self
                .agreed(|i| {
                    let e = self.engines[i].as_ref();
                    let assessment = self.vjr_assessment(e, &position)?;
                    let territory =
                        crate::procedure::vjr::territory(e, &self.geometry, &position, &assessment)
                            .map_err(|e| e.to_string())?
                            .ok_or("vjr: a status is undefined (the rules do not decide it)")?;
                    Ok(
                        crate::procedure::vjr::score(&territory, prisoner_difference, self.komi)
                            .to_bits(),
                    )
                })
                .map(f64::from_bits),
            RulesetId::Ljr => {
                let komi = self.ljr_komi()?;
                self.agreed(|i| {
                    let maps = self.ljr_control(self.engines[i].as_ref(), &position)?;
                    let score = crate::procedure::ljr::score_of(&position, &maps, p, komi)
                        .ok_or_else(|| {
                            undetermined(&self.engines[i].name(), self.budget, self.budget)
                        })?;
                    Ok(score.score)
                })
                .map(|s| s as f64)
            }
            _ => {
                if self
                    .rules
                    .as_ref()
                    .is_some_and(|r| r.scoring == Scoring::None)
                {
                    return Err(format!(
                        "ruleset {} has no scoring (give --scoring to the custom rules)",
                        self.ruleset
                    ));
                }
                self.agreed(|i| {
                    self.games[i]
                        .score(self.komi)
                        .map(|s| s.score.to_bits())
                        .ok_or_else(|| "no area score".to_string())
                })
                .map(f64::from_bits)
            }
        }
    }

    fn ljr_komi(&self) -> Result<i64, String> {
        if self.komi.fract() != 0.0 || self.komi < 0.0 {
            return Err("ljr: komi is a non-negative integer (L-2)".into());
        }
        Ok(self.komi as i64)
    }

    fn ljr_control(
        &self,
        engine: &dyn Engine,
        position: &Position,
    ) -> Result<[crate::ljr::ControlAnswer; 2], String> {
        crate::procedure::ljr::control_maps(
            engine,
            &self.geometry,
            position,
            &[],
            ControlMethod::TwoEyeTest,
            LjrParams::default(),
            self.budget,
        )
        .map_err(|e| e.to_string())
    }

    fn vjr_assessment(
        &self,
        engine: &dyn Engine,
        position: &Position,
    ) -> Result<crate::vjr::VjrAssessment, String> {
        let a =
            crate::procedure::vjr::assess(engine, &self.geometry, position, self.life, self.budget)
                .map_err(|e| e.to_string())?;
        if a.strings.iter().any(|s| s.status.is_none()) {
            return Err(undetermined(&engine.name(), a.explored, self.budget));
        }
        Ok(a)
    }

    /// Per point, the class of the stone on it for `final_status_list`.
    fn status_classes(&self) -> Result<Vec<Option<StatusClass>>, String> {
        let position = self.position();
        let n = self.geometry.len();
        let stones = |f: &dyn Fn(Point) -> StatusClass| -> Vec<Option<StatusClass>> {
            (0..n)
                .map(|p| match position.get(p) {
                    Cell::Empty => None,
                    Cell::Stone(_) => Some(f(p)),
                })
                .collect()
        };
        match self.ruleset {
            RulesetId::J2003 => self.agreed(|i| {
                let e = self.engines[i].as_ref();
                let analysis = crate::procedure::j2003::analyse(e, &self.geometry, &position, self.budget)
                    .map_err(|e| e.to_string())?;
                if !analysis.is_decided() {
                    return Err(undetermined(&e.name(), analysis.explored, self.budget));
                }
                let status = analysis.status_at(n);
                // J-49: alive or dead; in-seki regions (J-59) are not separated here.
                Ok(stones(&|p| match status[p] {
                    Some(s) if s.is_alive() => StatusClass::Alive,
                    _ => StatusClass::Dead,
                }))
            }),
            RulesetId::Vjr => self.agreed(|i| {
                let a = self.vjr_assessment(self.engines[i].as_ref(), &position)?;
                let status = a.status_at(n);
                let mut out = Vec::with_capacity(n);
                for (p, &st) in status.iter().enumerate() {
                    out.push(match (position.get(p), st) {
                        (Cell::Empty, _) => None,
                        (_, Some(VjrStatus::IndependentlyAlive)) => Some(StatusClass::Alive),
                        (_, Some(VjrStatus::AliveInSeki)) => Some(StatusClass::Seki),
                        (_, Some(VjrStatus::Dead)) => Some(StatusClass::Dead),
                        _ => {
                            return Err(format!(
                                "vjr: the status of {} is undefined (the rules do not decide it)",
                                self.geometry.name(p)
                            ))
                        }
                    });
                }
                Ok(out)
            }),
            RulesetId::Ljr => self.agreed(|i| {
                let maps = self.ljr_control(self.engines[i].as_ref(), &position)?;
                let mut out = Vec::with_capacity(n);
                for p in 0..n {
                    out.push(match position.get(p) {
                        Cell::Empty => None,
                        // L-5: a stone on a location its opponent controls is dead.
                        Cell::Stone(c) => match maps[usize::from(c == Colour::Black)].controlled[p] {
                            Some(true) => Some(StatusClass::Dead),
                            Some(false) => Some(StatusClass::Alive),
                            None => {
                                return Err(undetermined(&self.engines[i].name(), self.budget, self.budget))
                            }
                        },
                    });
                }
                Ok(out)
            }),
            RulesetId::Naj | RulesetId::Najn => Err(format!(
                "{}: final_status_list is not available (NAJ has no statuses; its dead stones come from the control at the end of each analysis, N-18 ... N-21, not computed over GTP); final_score gives the score",
                self.ruleset
            )),
            // TT-7 and area scoring: every stone on the board counts; none is dead.
            _ => Ok(stones(&|_| StatusClass::Alive)),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StatusClass {
    Alive,
    Dead,
    Seki,
}

fn undetermined(engine: &str, explored: u64, budget: u64) -> String {
    format!("undetermined within the budget ({engine}: {explored} explored, budget {budget} per question; raise --budget)")
}

fn one_number(a: &[String], usage: &str) -> Result<usize, String> {
    match a {
        [n] => n
            .parse::<usize>()
            .map_err(|_| format!("syntax error ({usage})")),
        _ => Err(format!("syntax error ({usage})")),
    }
}
