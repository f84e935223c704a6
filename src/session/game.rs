//! The game a ruleset starts: an engine's move-sequence (or LJR game of turns) with every
//! play rule of the ruleset in force, those the engine cannot apply alone included.
//!
//! Today that is J2003's J-19 (spec `j2003.md`, C-4): a pass that would end the alternation
//! is illegal while the position has a direct ko stone, which the J2003 analysis tells (an
//! engine that screens first makes the pass legal where no stone is a ko stone, and else
//! analyses its ko stones only, lemma J19-L1, `procedure::j2003::ending_pass_ko_stones`);
//! the analysis runs through the same engine (ARCHITECTURE: "a procedure plays through
//! the engine it runs for"). Every door (the runner, `play`, the GTP referee, `import`,
//! `render`) plays through this type, so the rule lives here and nowhere else.

use super::verdict::Shortfall;
use crate::engine::{Cycle, Engine, Game, Illegal, Move, Prisoners, Score, Start, Unsupported};
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::ljr::{CycleChoice, LjrGame, LjrStart, Situation, Turn, TurnDone};
use crate::procedure::j2003::Extent;
use crate::rules::Rules;
use crate::status_game::Analysis;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// A turn of any family: a play, a pass or a ko-pass, and for LJR the removal of a
/// disturbing cycle first (L-3, L-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub mv: Move,
    /// LJR only: the disturbing cycle removed before the play (`B cycle+D4`, `cycle@3`).
    pub remove_cycle: Option<CycleChoice>,
}

impl Action {
    /// An LJR turn (L-3): remove the cycle `remove_cycle` names, then play at `play` (none:
    /// pass).
    pub fn ljr(remove_cycle: Option<CycleChoice>, play: Option<Point>) -> Action {
        Action {
            mv: play.map_or(Move::Pass, Move::Play),
            remove_cycle,
        }
    }
}

impl From<Move> for Action {
    fn from(mv: Move) -> Action {
        Action {
            mv,
            remove_cycle: None,
        }
    }
}

/// What a legal action did.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Done {
    /// Points emptied by the play (captures and suicide alike), increasing.
    pub removed: Vec<Point>,
    /// LJR: points whose stones the cycle removal took (L-7), increasing.
    pub cycle_removed: Vec<Point>,
}

/// How the ruleset ended a move-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// This many consecutive passes (the shared play model's `game_end_passes`).
    Passes(u32),
    /// LJR's L-4: a pass in a situation without temporarily prohibited locations, and the
    /// opponent's pass next.
    LjrPasses,
    /// A long cycle (NAJN N-24, J2003 C-3).
    LongCycle,
}

impl GameEnd {
    /// In words: `two passes`, `a long cycle` ...
    pub fn describe(self) -> String {
        match self {
            GameEnd::Passes(n) => {
                let words = ["no", "one", "two", "three", "four", "five"];
                let count = words
                    .get(n as usize)
                    .map_or_else(|| n.to_string(), |w| w.to_string());
                format!("{count} {}", if n == 1 { "pass" } else { "passes" })
            }
            GameEnd::LjrPasses => {
                "a pass without temporary prohibitions, then the opponent's pass: L-4".into()
            }
            GameEnd::LongCycle => "a long cycle".into(),
        }
    }
}

/// Why an action was not made.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    Illegal(Illegal),
    /// Its legality depends on a search that ran out of budget (J-19's analysis).
    Undetermined(Shortfall),
}

/// The J2003 analyses made while judging ending passes, by position; shared by the forks of
/// a game, and readable by whoever goes on to analyse the final position (the runner).
pub type AnalysisMemo = Rc<RefCell<Vec<(Position, Analysis)>>>;

/// How ending passes are judged under J-19: the budget of each status check, how far an
/// analysis goes once a check is undetermined, and the analyses made so far: of every
/// string (`memo`), and of the ko stones only (`ko_stone_memo`, J19-L1 (ii), which are no
/// analysis of the final position and so are not shared with the runner).
#[derive(Clone)]
pub struct PassJudge {
    pub budget: u64,
    pub extent: Extent,
    pub memo: AnalysisMemo,
    pub ko_stone_memo: AnalysisMemo,
}

impl PassJudge {
    pub fn new(budget: u64) -> PassJudge {
        PassJudge {
            budget,
            extent: Extent::UntilUndetermined,
            memo: AnalysisMemo::default(),
            ko_stone_memo: AnalysisMemo::default(),
        }
    }
}

enum Inner {
    Play(Box<dyn Game>, Rules),
    Ljr(Box<dyn LjrGame>),
}

/// A move-sequence under a ruleset, on one engine.
pub struct RulesetGame {
    engine: Arc<dyn Engine>,
    geometry: Geometry,
    inner: Inner,
    judge: PassJudge,
}

impl RulesetGame {
    /// A move-sequence of the shared play model under `rules` (J-19 applies when
    /// `rules.direct_ko` says so).
    pub fn start(
        engine: &dyn Engine,
        geometry: &Geometry,
        rules: &Rules,
        start: &Start,
        judge: PassJudge,
    ) -> Result<RulesetGame, Unsupported> {
        if rules.direct_ko {
            // J-19 is judged by the J2003 analysis: an engine without it cannot play J2003.
            engine.j2003().map_err(|u| Unsupported {
                what: format!("{}, which J-19 needs to judge ending passes", u.what),
                ..u
            })?;
        }
        let game = engine.start(geometry, rules, start)?;
        Ok(RulesetGame {
            engine: engine.to_shared(),
            geometry: geometry.clone(),
            inner: Inner::Play(game, rules.clone()),
            judge,
        })
    }

    /// An LJR game of turns (L-1 ... L-13).
    pub fn start_ljr(
        engine: &dyn Engine,
        geometry: &Geometry,
        start: &LjrStart,
    ) -> Result<RulesetGame, Unsupported> {
        let game = engine.ljr().and_then(|q| q.start_turns(geometry, start))?;
        Ok(RulesetGame {
            engine: engine.to_shared(),
            geometry: geometry.clone(),
            inner: Inner::Ljr(game),
            judge: PassJudge::new(0),
        })
    }

    /// A new move-sequence from this game's position with `to_move` to move, prisoners
    /// kept, the same rules (the out-of-turn rule of the GTP referee and of SGF import).
    pub fn restart_with(&self, to_move: Colour) -> Result<RulesetGame, Unsupported> {
        match &self.inner {
            Inner::Play(g, rules) => RulesetGame::start(
                self.engine.as_ref(),
                &self.geometry,
                rules,
                &Start {
                    position: g.position(),
                    to_move,
                    handicap: 0,
                    prisoners: g.prisoners(),
                },
                self.judge.clone(),
            ),
            Inner::Ljr(g) => RulesetGame::start_ljr(
                self.engine.as_ref(),
                &self.geometry,
                &LjrStart {
                    position: g.position(),
                    to_move,
                    initially_prohibited: Vec::new(),
                    permanently_prohibited: Vec::new(),
                    captives: g.captives(),
                },
            ),
        }
    }

    pub fn engine(&self) -> &Arc<dyn Engine> {
        &self.engine
    }
    pub fn position(&self) -> Position {
        match &self.inner {
            Inner::Play(g, _) => g.position(),
            Inner::Ljr(g) => g.position(),
        }
    }
    pub fn to_move(&self) -> Colour {
        match &self.inner {
            Inner::Play(g, _) => g.to_move(),
            Inner::Ljr(g) => g.to_move(),
        }
    }
    /// Prisoners (LJR: captives, L-5).
    pub fn prisoners(&self) -> Prisoners {
        match &self.inner {
            Inner::Play(g, _) => g.prisoners(),
            Inner::Ljr(g) => g.captives(),
        }
    }
    pub fn is_over(&self) -> bool {
        match &self.inner {
            Inner::Play(g, _) => g.is_over(),
            Inner::Ljr(g) => g.is_over(),
        }
    }
    /// How the ruleset ended this move-sequence; `None` while it goes on.
    pub fn end(&self) -> Option<GameEnd> {
        if !self.is_over() {
            return None;
        }
        Some(match &self.inner {
            Inner::Play(g, _) if g.cycle().is_some() => GameEnd::LongCycle,
            Inner::Play(_, rules) => GameEnd::Passes(rules.game_end_passes),
            Inner::Ljr(_) => GameEnd::LjrPasses,
        })
    }
    /// The long cycle that ended the sequence (NAJN N-24, J2003 C-3).
    pub fn cycle(&self) -> Option<Cycle> {
        match &self.inner {
            Inner::Play(g, _) => g.cycle(),
            Inner::Ljr(_) => None,
        }
    }
    /// The area score of the position as it stands (PLAY-12), when the rules have one.
    pub fn score(&self, komi: f64) -> Option<Score> {
        match &self.inner {
            Inner::Play(g, _) => g.score(komi),
            Inner::Ljr(_) => None,
        }
    }
    /// Per point, whether the area score counts it for Black and for White (PLAY-12).
    pub fn area_owners(&self) -> Option<Vec<[bool; 2]>> {
        match &self.inner {
            Inner::Play(g, _) => g.area_owners(),
            Inner::Ljr(_) => None,
        }
    }
    /// LJR: the current situation (L-8).
    pub fn situation(&self) -> Option<Situation> {
        match &self.inner {
            Inner::Play(..) => None,
            Inner::Ljr(g) => Some(g.situation()),
        }
    }
    /// The J2003 analyses made to judge ending passes so far.
    pub fn pass_judge(&self) -> &PassJudge {
        &self.judge
    }

    pub fn fork(&self) -> RulesetGame {
        RulesetGame {
            engine: self.engine.clone(),
            geometry: self.geometry.clone(),
            inner: match &self.inner {
                Inner::Play(g, r) => Inner::Play(g.fork(), r.clone()),
                Inner::Ljr(g) => Inner::Ljr(g.fork()),
            },
            judge: self.judge.clone(),
        }
    }

    /// The LJR turn an action names (L-3): `cycle` the disturbing cycle that starts at the
    /// most recent similar situation, `cycle@K` the one that starts at situation K (a start
    /// that is no earlier situation names no cycle, and the engine refuses the turn).
    fn ljr_turn(g: &dyn LjrGame, a: Action) -> Result<Turn, Illegal> {
        let play = match a.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
            Move::KoPass => return Err(Illegal::KoPassUnavailable),
        };
        let remove_cycle = a.remove_cycle.map(|c| match c {
            CycleChoice::At(k) => k,
            CycleChoice::MostRecent => g.most_recent_cycle(),
        });
        Ok(Turn { remove_cycle, play })
    }

    /// LJR: the turn `a` names now (`None` in a game of the shared play model).
    pub fn turn_of(&self, a: Action) -> Option<Result<Turn, Illegal>> {
        match &self.inner {
            Inner::Play(..) => None,
            Inner::Ljr(g) => Some(Self::ljr_turn(g.as_ref(), a)),
        }
    }

    /// LJR: make `a` and give the game's own account of the turn (captures, cycle removal,
    /// ko capture: L-6, L-7, L-12); a refused turn changes nothing. `None` in a game of the
    /// shared play model.
    pub fn play_turn(&mut self, a: Action) -> Option<Result<TurnDone, Illegal>> {
        match &mut self.inner {
            Inner::Play(..) => None,
            Inner::Ljr(g) => Some(Self::ljr_turn(g.as_ref(), a).and_then(|turn| g.play(turn))),
        }
    }

    /// LJR: the engine's game of turns, to read (its situation, captives, cycles); every
    /// turn goes through [`RulesetGame::play`] or [`RulesetGame::play_turn`].
    pub fn ljr_game(&self) -> Option<&dyn LjrGame> {
        match &self.inner {
            Inner::Play(..) => None,
            Inner::Ljr(g) => Some(g.as_ref()),
        }
    }

    /// Whether the player to move may make `a` now.
    pub fn legality(&self, a: Action) -> Result<(), Refusal> {
        match &self.inner {
            Inner::Ljr(g) => {
                let turn = Self::ljr_turn(g.as_ref(), a).map_err(Refusal::Illegal)?;
                g.legality(turn).map_err(Refusal::Illegal)
            }
            Inner::Play(g, rules) => {
                if a.remove_cycle.is_some() {
                    return Err(Refusal::Illegal(Illegal::NoDisturbingCycle));
                }
                if g.is_over() {
                    return Err(Refusal::Illegal(Illegal::GameOver));
                }
                g.legality(a.mv).map_err(Refusal::Illegal)?;
                self.direct_ko(g.as_ref(), rules, a.mv)
            }
        }
    }

    /// J-19 (C-4): a pass that would end the alternation, on a position with a direct ko
    /// stone, is illegal; undecided when the analysis is. An engine that screens (J19-L1)
    /// makes the pass legal without the analysis where no stone is a ko stone, and else
    /// analyses the ko stones only.
    fn direct_ko(&self, g: &dyn Game, rules: &Rules, mv: Move) -> Result<(), Refusal> {
        let ending_pass = mv == Move::Pass && g.consecutive_passes() + 1 >= rules.game_end_passes;
        if !rules.direct_ko || !ending_pass {
            return Ok(());
        }
        let position = g.position();
        let unsupported = |u: Unsupported| {
            Refusal::Undetermined(Shortfall::new(
                &self.engine.name(),
                self.judge.budget,
                0,
                format!("the J2003 analysis that judges an ending pass (J-19): {u}"),
            ))
        };
        // J19-L1: only ko stones can be direct ko stones; with none, the analysis is not
        // needed.
        let ko_stones = crate::procedure::j2003::ending_pass_ko_stones(
            self.engine.as_ref(),
            &self.geometry,
            &position,
        )
        .map_err(unsupported)?;
        if ko_stones.as_ref().is_some_and(|k| k.is_empty()) {
            return Ok(());
        }
        let analysis = self
            .analyse(&position, ko_stones.as_deref())
            .map_err(unsupported)?;
        match analysis.has_direct_ko_stone() {
            Some(true) => Err(Refusal::Illegal(Illegal::DirectKo)),
            Some(false) => Ok(()),
            None => Err(Refusal::Undetermined(Shortfall::new(
                &self.engine.name(),
                self.judge.budget,
                analysis.explored,
                "the J2003 analysis that judges an ending pass (J-19)".into(),
            ))),
        }
    }

    /// The J2003 analysis of `position`, made once per position and judge: of every string,
    /// or of the strings at `ko_stones` only (J19-L1 (ii)), for which one of every string
    /// made before serves too.
    fn analyse(
        &self,
        position: &Position,
        ko_stones: Option<&[Point]>,
    ) -> Result<Analysis, Unsupported> {
        let known = |memo: &AnalysisMemo| {
            let memo = memo.borrow();
            memo.iter()
                .find(|(p, _)| p == position)
                .map(|(_, a)| a.clone())
        };
        if let Some(a) = known(&self.judge.memo) {
            return Ok(a);
        }
        let which = match ko_stones {
            Some(at) => {
                if let Some(a) = known(&self.judge.ko_stone_memo) {
                    return Ok(a);
                }
                crate::procedure::Strings::At(at)
            }
            None => crate::procedure::Strings::All,
        };
        let a = crate::procedure::j2003::analyse_strings(
            self.engine.as_ref(),
            &self.geometry,
            position,
            self.judge.budget,
            self.judge.extent,
            which,
        )?;
        // An analysis the time limit cut short is not the judge's answer: made again later.
        if !crate::deadline::was_cut() {
            let memo = match ko_stones {
                Some(_) => &self.judge.ko_stone_memo,
                None => &self.judge.memo,
            };
            memo.borrow_mut().push((position.clone(), a.clone()));
        }
        Ok(a)
    }

    /// Make `a` for the player to move; a refused action changes nothing.
    pub fn play(&mut self, a: Action) -> Result<Done, Refusal> {
        self.legality(a)?;
        match &mut self.inner {
            Inner::Play(g, _) => g
                .play(a.mv)
                .map(|p| Done {
                    removed: p.removed,
                    cycle_removed: Vec::new(),
                })
                .map_err(Refusal::Illegal),
            Inner::Ljr(g) => {
                let turn = Self::ljr_turn(g.as_ref(), a).map_err(Refusal::Illegal)?;
                g.play(turn)
                    .map(|d| Done {
                        removed: d.captured,
                        cycle_removed: d.cycle_removed,
                    })
                    .map_err(Refusal::Illegal)
            }
        }
    }
}
