//! The one door to the engines: a session over a ruleset and a set of engines.
//!
//! A [`Session`] plays, probes legality and asks the ruleset's questions (final score,
//! statuses) on every engine it was given, through the game the ruleset starts
//! ([`RulesetGame`]: every play rule in force, J-19 included), and compares the engines once
//! ([`Verdict`]): agreed, disagreed (each engine's answer) or undetermined (which engine,
//! its budget and what it spent). The questions about a given position rather than a game
//! (`status`, `immortal`, `analyse`, `control`, `solve`, `count-legal`) go through [`ask`],
//! which compares the engines the same way, item by item. The commands (`play`, `gtp`,
//! `score` ...) parse, call and print; they never apply a rule or compare engines
//! themselves.
//!
//! Out-of-turn plays: a play by the player who is not to move starts a new move-sequence at
//! the current position with that player to move, prisoners kept — as set-up stones start
//! one (GTP 6.3.4 lets `play` take either colour in any order; SGF records do the same).
//! Ko and superko then compare only with positions since that play, and consecutive passes
//! count from 0.
//!
//! Plays after the end: once the ruleset's consecutive passes (or its long cycle) have ended
//! the move-sequence, a play or pass by either player starts a new move-sequence the same
//! way (current position, prisoners kept, ko/superko history and passes from 0), instead of
//! being refused as `game-over`. Records and GUIs go on after two passes (a dispute resumed,
//! or a GUI that never stops); GNU Go accepts such plays. Where the ruleset ended a
//! move-sequence stays known: [`Session::game_ends`]; and each [`Session::play`] answers what
//! the move did to the move-sequences ([`Step`]: it continued one or started one after the
//! end or out of turn, [`SequenceStart`]; it ended one, and how, [`GameEnd`]).

pub mod ask;
pub mod compare;
pub mod game;
mod questions;
pub mod sequence;
pub mod verdict;
pub mod witness;

pub use game::{Action, AnalysisMemo, Done, GameEnd, PassJudge, Refusal, RulesetGame};
pub use questions::StatusClass;
pub use sequence::{SequenceStart, Step};
pub use verdict::{Shortfall, Verdict, VerdictKind};

use crate::engine::{Answer, Engine, Illegal, Prisoners, Start};
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::ljr::LjrStart;
use crate::rules::{complete_custom, Rules, RulesPatch, RulesetId};
use crate::vjr::IndependentLife;
use std::sync::Arc;

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

/// A legal play and the points it would empty (captures; the played string for a suicide).
pub type LegalPlay = (Point, Vec<Point>);

/// The ruleset, options and engines of a session.
pub struct Config {
    pub ruleset: RulesetId,
    /// Changes to the ruleset's play rules (for `custom`: the rules; suicide and ko needed).
    pub patch: RulesPatch,
    pub komi: f64,
    /// Nodes or states each search may visit (a J-19 analysis's status checks, the
    /// questions of the final score and statuses).
    pub budget: u64,
    /// VJR: the description of independent life (VP-1).
    pub independent_life: IndependentLife,
    /// The engines that answer, the reference first.
    pub engines: Vec<Arc<dyn Engine>>,
}

/// One move of the record: who played what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub colour: Colour,
    pub action: Action,
}

/// A ruleset, its engines and one game on each.
pub struct Session {
    ruleset: RulesetId,
    rules: Option<Rules>,
    komi: f64,
    budget: u64,
    life: IndependentLife,
    engines: Vec<Arc<dyn Engine>>,
    geometry: Geometry,
    /// Where the game starts (set-up stones, player to move, Black's first turns).
    setup: Start,
    /// LJR: initially prohibited locations (L-2).
    prohibited: Vec<Point>,
    record: Vec<Played>,
    /// The record's lengths at which the ruleset had ended a move-sequence (increasing).
    ends: Vec<usize>,
    games: Vec<RulesetGame>,
    /// Per engine: the J-19 analyses made so far (kept across undo and replays).
    judges: Vec<PassJudge>,
}

impl Session {
    /// A session on an empty board of `geometry`, Black to move.
    pub fn new(config: Config, geometry: Geometry) -> Result<Session, String> {
        let rules = resolve_rules(config.ruleset, &config.patch)?;
        if !config.komi.is_finite() {
            return Err("komi must be a finite number".into());
        }
        if config.engines.is_empty() {
            return Err("no engine".into());
        }
        let judges = config
            .engines
            .iter()
            .map(|_| PassJudge::new(config.budget))
            .collect();
        let mut s = Session {
            ruleset: config.ruleset,
            rules,
            komi: config.komi,
            budget: config.budget,
            life: config.independent_life,
            engines: config.engines,
            setup: Start::empty(&geometry),
            geometry,
            prohibited: Vec::new(),
            record: Vec::new(),
            ends: Vec::new(),
            games: Vec::new(),
            judges,
        };
        s.games = s.replay(&[])?;
        Ok(s)
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
    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }
    pub fn budget(&self) -> u64 {
        self.budget
    }
    pub fn engines(&self) -> &[Arc<dyn Engine>] {
        &self.engines
    }
    pub fn setup(&self) -> &Start {
        &self.setup
    }
    pub fn record(&self) -> &[Played] {
        &self.record
    }
    /// Each engine's game, in the engines' order.
    pub fn games(&self) -> &[RulesetGame] {
        &self.games
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
    /// The move numbers (1-based, into [`Session::record`]) after which the ruleset had ended
    /// a move-sequence (its consecutive passes, or a long cycle), increasing; a play after
    /// each started a new one (the module comment).
    pub fn game_ends(&self) -> &[usize] {
        &self.ends
    }

    /// Another ruleset (only before the first move).
    pub fn set_ruleset(&mut self, ruleset: RulesetId, patch: &RulesPatch) -> Result<(), String> {
        if !self.record.is_empty() {
            return Err("cannot change the rules during a game".into());
        }
        let rules = resolve_rules(ruleset, patch)?;
        let (old_ruleset, old_rules) = (self.ruleset, self.rules.clone());
        self.ruleset = ruleset;
        self.rules = rules;
        match self.replay(&[]) {
            Ok(g) => {
                self.games = g;
                Ok(())
            }
            Err(e) => {
                self.ruleset = old_ruleset;
                self.rules = old_rules;
                Err(e)
            }
        }
    }

    /// Start again from `setup` on `geometry` (LJR: with `prohibited` initially prohibited).
    pub fn restart(
        &mut self,
        geometry: Geometry,
        setup: Start,
        prohibited: Vec<Point>,
    ) -> Result<(), String> {
        let old = (
            std::mem::replace(&mut self.geometry, geometry),
            std::mem::replace(&mut self.setup, setup),
            std::mem::replace(&mut self.prohibited, prohibited),
        );
        self.judges = self
            .engines
            .iter()
            .map(|_| PassJudge::new(self.budget))
            .collect();
        match self.replay(&[]) {
            Ok(g) => {
                self.games = g;
                self.record.clear();
                self.ends.clear();
                Ok(())
            }
            Err(e) => {
                (self.geometry, self.setup, self.prohibited) = old;
                self.games = self.replay(&self.record.clone())?;
                Err(e)
            }
        }
    }

    fn new_game(&self, i: usize) -> Result<RulesetGame, String> {
        let engine = self.engines[i].as_ref();
        let game = match &self.rules {
            Some(rules) => RulesetGame::start(
                engine,
                &self.geometry,
                rules,
                &self.setup,
                self.judges[i].clone(),
            ),
            None => RulesetGame::start_ljr(
                engine,
                &self.geometry,
                &LjrStart {
                    position: self.setup.position.clone(),
                    to_move: self.setup.to_move,
                    initially_prohibited: self.prohibited.clone(),
                    permanently_prohibited: Vec::new(),
                    captives: self.setup.prisoners,
                },
            ),
        };
        game.map_err(|u| u.to_string())
    }

    /// How a move by `colour` now stands to the move-sequence: it continues it, or starts a
    /// new one after the end or out of turn (the module comment).
    pub fn sequence_start(&self, colour: Colour) -> SequenceStart {
        SequenceStart::of(&self.games[0], colour)
    }

    /// `game` with `colour` to move: a fork, or a new move-sequence from its position (the
    /// out-of-turn rule and the plays after the end of the module comment).
    fn game_for(game: &RulesetGame, colour: Colour) -> Result<RulesetGame, String> {
        if SequenceStart::of(game, colour).is_new() {
            game.restart_with(colour).map_err(|u| u.to_string())
        } else {
            Ok(game.fork())
        }
    }

    /// Every engine's game after `record` from the setup; a move refused on replay is an
    /// error naming it.
    fn replay(&self, record: &[Played]) -> Result<Vec<RulesetGame>, String> {
        let mut out = Vec::new();
        for i in 0..self.engines.len() {
            let mut game = self.new_game(i)?;
            for m in record {
                game = Self::game_for(&game, m.colour)?;
                game.play(m.action).map_err(|e| {
                    format!(
                        "{}: {} {:?} cannot be replayed ({e:?})",
                        self.engines[i].name(),
                        m.colour.letter(),
                        m.action.mv
                    )
                })?;
            }
            out.push(game);
        }
        Ok(out)
    }

    /// Ask every engine and compare the answers once.
    fn ask<T: PartialEq + Clone>(
        &self,
        mut answer: impl FnMut(usize) -> Result<Answer<T, Shortfall>, String>,
    ) -> Result<Verdict<T>, String> {
        let mut said = Vec::new();
        let n = self.engines.len();
        for i in 0..n {
            // The engines share the request's time limit (crate::deadline).
            let s = crate::deadline::share(n - i, || answer(i))?;
            said.push((self.engines[i].name(), s));
        }
        Ok(Verdict::of(said))
    }

    /// Whether `colour` may make `action` now: `None` when legal, else the reason.
    pub fn legality(
        &self,
        colour: Colour,
        action: Action,
    ) -> Result<Verdict<Option<Illegal>>, String> {
        self.ask(|i| {
            let g = Self::game_for(&self.games[i], colour)?;
            Ok(match g.legality(action) {
                Ok(()) => Answer::Decided(None),
                Err(Refusal::Illegal(r)) => Answer::Decided(Some(r)),
                Err(Refusal::Undetermined(u)) => Answer::Undetermined(u),
            })
        })
    }

    /// The points where `colour` may play now, in board order (plays only: no pass).
    pub fn legal_points(&self, colour: Colour) -> Result<Verdict<Vec<Point>>, String> {
        self.ask(|i| {
            let g = Self::game_for(&self.games[i], colour)?;
            Ok(Answer::Decided(
                self.geometry
                    .points()
                    .filter(|&p| g.legality(crate::engine::Move::Play(p).into()).is_ok())
                    .collect(),
            ))
        })
    }

    /// Each play `colour` may make now, in board order, with the points it would empty
    /// (captures, and the played string itself for a suicide).
    pub fn legal_plays(&self, colour: Colour) -> Result<Verdict<Vec<LegalPlay>>, String> {
        self.ask(|i| {
            let g = Self::game_for(&self.games[i], colour)?;
            let mut plays = Vec::new();
            for p in self.geometry.points() {
                let mut f = g.fork();
                if let Ok(done) = f.play(crate::engine::Move::Play(p).into()) {
                    plays.push((p, done.removed));
                }
            }
            Ok(Answer::Decided(plays))
        })
    }

    /// Another budget for every search from now on (the J-19 judges start afresh: an
    /// analysis undetermined within the old budget is made again).
    pub fn set_budget(&mut self, budget: u64) -> Result<(), String> {
        let judges = self
            .engines
            .iter()
            .map(|_| PassJudge::new(budget))
            .collect();
        let old = (
            std::mem::replace(&mut self.budget, budget),
            std::mem::replace(&mut self.judges, judges),
        );
        match self.replay(&self.record) {
            Ok(g) => {
                self.games = g;
                Ok(())
            }
            Err(e) => {
                (self.budget, self.judges) = old;
                Err(format!(
                    "the moves so far cannot be replayed within budget {budget}: {e}"
                ))
            }
        }
    }

    /// Make `action` for `colour` on every engine. The game goes on only when the engines
    /// agree that it is legal; otherwise nothing changes. The step says whether the move
    /// continued the move-sequence or started a new one, and how the ruleset ended it with
    /// this move if it did (as the first engine's game has it, like [`Session::is_over`]).
    pub fn play(&mut self, colour: Colour, action: Action) -> Result<Step, String> {
        let start = self.sequence_start(colour);
        let mut end = None;
        let mut next = Vec::new();
        let mut said = Vec::new();
        let n = self.engines.len();
        for (i, (engine, game)) in self.engines.iter().zip(&self.games).enumerate() {
            let mut g = Self::game_for(game, colour)?;
            // The engines share the request's time limit (crate::deadline).
            let r = match crate::deadline::share(n - i, || g.play(action)) {
                Ok(d) => Answer::Decided(Ok(d)),
                Err(Refusal::Illegal(r)) => Answer::Decided(Err(r)),
                Err(Refusal::Undetermined(u)) => Answer::Undetermined(u),
            };
            said.push((engine.name(), r));
            next.push(g);
        }
        let verdict = Verdict::of(said);
        if let Verdict::Agreed(Ok(_)) = &verdict {
            self.games = next;
            self.record.push(Played { colour, action });
            end = self.games[0].end();
            if end.is_some() {
                self.ends.push(self.record.len());
            }
        }
        Ok(Step {
            verdict,
            start,
            end,
        })
    }

    /// Take back the last move; `false` when there is none.
    pub fn undo(&mut self) -> Result<bool, String> {
        let Some(last) = self.record.pop() else {
            return Ok(false);
        };
        match self.replay(&self.record) {
            Ok(g) => {
                self.games = g;
                let n = self.record.len();
                self.ends.retain(|&e| e <= n);
                Ok(true)
            }
            Err(e) => {
                self.record.push(last);
                Err(e)
            }
        }
    }
}
