//! NAJ analyses under optimal play (spec `naj-solver.md`, "Optimal analyses").
//!
//! The black-analysis value V_B is the black-score (N-21) at the end of a black-analysis
//! (N-15) in which Black maximises it and White minimises it; the white-analysis value V_W
//! likewise with the colours exchanged (N-16). Both are computed by alpha-beta search over
//! the analysis game of any [`Engine`], within one budget for all the work: the game states
//! visited and the positions the immortality tests explore (spec `naj-solver.md` SOLVE-5). The search
//! never guesses: when the budget runs out the answer is [`Answer::Undetermined`].
//!
//! Cut-offs (spec `naj-solver.md` SOLVE-1, SOLVE-2), each sound for every line below the node:
//! * the analysing player can always get at least the score of his current control, by
//!   passing to the end: stones immortal now stay immortal (N-17 is monotone under opponent
//!   plays), and control follows immortality (N-18/N-19);
//! * he can never get a point on which an immortal opposing stone stands now: the opponent
//!   can pass to the end and keep it.
//!
//! There is no transposition table: the fixed-ko record (N-11) is part of the state, so two
//! lines reaching one position are different states (SOLVE-3).

use super::value_table::{position_hash, take_child, Entry, Found, Mode};
use crate::engine::{Answer, Engine, Game, Move, Prisoners, Spent, Start, Unsupported};
use crate::geometry::{Cell, Colour, Geometry, Position};
use crate::rules::Rules;
use std::collections::HashMap;

/// N-21: what `player` scores for the points he controls, valued by their content in the
/// final-position: 1 per empty point, 2 per opposing stone, 0 per own stone.
pub fn control_score(final_position: &Position, control: &[bool], player: Colour) -> i64 {
    control
        .iter()
        .enumerate()
        .filter(|(_, &c)| c)
        .map(|(q, _)| point_value(final_position, q, player))
        .sum()
}

fn point_value(final_position: &Position, q: usize, player: Colour) -> i64 {
    match final_position.get(q) {
        Cell::Empty => 1,
        Cell::Stone(c) if c == player => 0,
        Cell::Stone(_) => 2,
    }
}

/// The value of an analysis under optimal play, with one line that reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The analysing player's score (N-21) at the end of the analysis.
    pub value: i64,
    /// A principal variation from the final-position: every move is optimal for the player
    /// who makes it. It stops early where the rest is settled by a bound (SOLVE-1/2): there
    /// the value no longer depends on the moves.
    pub line: Vec<Move>,
    /// Nodes (game states) visited.
    pub nodes: u64,
}

/// Limits of one solve.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Work the search may spend (spec naj-solver.md SOLVE-5): one unit per game state it visits,
    /// plus, for each immortality test it makes (SOLVE-1's control, SOLVE-2's immortal
    /// stones), the positions that test explored (1 for a test that is no search).
    pub nodes: u64,
    /// Passed to every immortality test of the engine.
    pub immortal: u64,
}

/// Deepest line the search follows before it gives up (keeps the recursion bounded).
pub const MAX_DEPTH: usize = 2_000;

enum Stop {
    Budget,
    Unsupported(Unsupported),
}

/// The solver's speed-ups, each of which can be switched off (the answers must not change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// SOLVE-1/SOLVE-2 bound cut-offs.
    pub bounds: bool,
    /// SOLVE-3 transposition table.
    pub transpositions: bool,
    /// SOLVE-4 iterative deepening of `compare` with one-sided horizons; off: each test is
    /// one search without a horizon.
    pub deepening: bool,
}

impl Default for Switches {
    fn default() -> Switches {
        Switches {
            bounds: true,
            transpositions: true,
            deepening: true,
        }
    }
}

struct Solver<'a> {
    engine: &'a dyn Engine,
    geometry: &'a Geometry,
    final_position: &'a Position,
    analysing: Colour,
    budget: Budget,
    switches: Switches,
    nodes: u64,
    /// Work spent so far, against `budget.nodes` (SOLVE-5).
    work: u64,
    hits: u64,
    table: HashMap<Key, Entry>,
    /// Before-positions of the plays on the current line, with multiplicity.
    line_befores: HashMap<u64, u32>,
}

impl<'a> Solver<'a> {
    fn new(
        engine: &'a dyn Engine,
        geometry: &'a Geometry,
        final_position: &'a Position,
        analysing: Colour,
        budget: Budget,
        switches: Switches,
    ) -> Solver<'a> {
        Solver {
            engine,
            geometry,
            final_position,
            analysing,
            budget,
            switches,
            nodes: 0,
            work: 0,
            hits: 0,
            table: HashMap::new(),
            line_befores: HashMap::new(),
        }
    }
}

/// The analysis by `analysing` from `final_position` as a fresh move-sequence on `engine`:
/// the opponent opens (N-15/N-16), no prisoners, no history.
fn analysis_start(
    engine: &dyn Engine,
    geometry: &Geometry,
    rules: &Rules,
    final_position: &Position,
    analysing: Colour,
) -> Result<Box<dyn Game>, Unsupported> {
    let start = Start {
        position: final_position.clone(),
        to_move: analysing.opponent(),
        handicap: 0,
        prisoners: Prisoners::default(),
    };
    engine.start(geometry, rules, &start)
}

/// Solve the analysis of `analysing` (Black: the black-analysis, White opens; White: the
/// white-analysis, Black opens) from `final_position` under the analysis rules `rules`
/// (N-15/N-16: no suicide, basic-ko and fixed-ko, three passes).
pub fn solve(
    engine: &dyn Engine,
    geometry: &Geometry,
    rules: &Rules,
    final_position: &Position,
    analysing: Colour,
    budget: Budget,
    switches: Switches,
) -> Result<Answer<Solved>, Unsupported> {
    let game = analysis_start(engine, geometry, rules, final_position, analysing)?;
    let mut solver = Solver::new(
        engine,
        geometry,
        final_position,
        analysing,
        budget,
        switches,
    );
    let outcome = solver.search(
        game.as_ref(),
        None,
        i64::MIN,
        i64::MAX,
        0,
        usize::MAX,
        Mode::Pessimistic,
    );
    if std::env::var_os("GO_ORACLE_SOLVER_STATS").is_some() {
        eprintln!(
            "solver: {} nodes, {} work, {} table hits, {} entries",
            solver.nodes,
            solver.work,
            solver.hits,
            solver.table.len()
        );
    }
    match outcome {
        Ok(found) => Ok(Answer::Decided(Solved {
            value: found.value,
            line: found.line,
            nodes: solver.nodes,
        })),
        Err(Stop::Budget) => Ok(Answer::Undetermined(Spent {
            explored: solver.work,
        })),
        Err(Stop::Unsupported(u)) => Err(u),
    }
}

/// How an analysis value compares with a claimed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The value is at least the claim (the analysing player can force it).
    pub at_least: bool,
    /// The value is at most the claim (his opponent can hold him to it).
    pub at_most: bool,
    pub nodes: u64,
}

/// Decide whether the value of the analysis is at least and at most `claim`, by two
/// null-window searches (far cheaper than the exact value when the claim is right).
#[allow(clippy::too_many_arguments)]
pub fn compare(
    engine: &dyn Engine,
    geometry: &Geometry,
    rules: &Rules,
    final_position: &Position,
    analysing: Colour,
    claim: i64,
    budget: Budget,
    switches: Switches,
) -> Result<Answer<Comparison>, Unsupported> {
    let game = analysis_start(engine, geometry, rules, final_position, analysing)?;
    let mut solver = Solver::new(
        engine,
        geometry,
        final_position,
        analysing,
        budget,
        switches,
    );
    // Is the value at least v? `Some(true)`, `Some(false)`, or `None` past the budget.
    let mut at_least = |v: i64| -> Result<Option<bool>, Unsupported> {
        let mut horizon = if switches.deepening { 1 } else { usize::MAX };
        loop {
            // SOLVE-4: horizon nodes count against the analysing player, then for him.
            for mode in [Mode::Pessimistic, Mode::Optimistic] {
                match solver.search(game.as_ref(), None, v - 1, v, 0, horizon, mode) {
                    Ok(found) if mode == Mode::Pessimistic && found.value >= v => {
                        return Ok(Some(true))
                    }
                    Ok(found) if mode == Mode::Optimistic && found.value < v => {
                        return Ok(Some(false))
                    }
                    Ok(found) if !found.cut => return Ok(Some(found.value >= v)),
                    Ok(_) => {}
                    Err(Stop::Budget) => return Ok(None),
                    Err(Stop::Unsupported(u)) => return Err(u),
                }
            }
            if horizon > MAX_DEPTH {
                return Ok(None);
            }
            horizon += 2;
        }
    };
    // Fail-soft: a value >= claim proves `at_least`, a value < claim refutes it.
    let Some(low) = at_least(claim)? else {
        return Ok(Answer::Undetermined(Spent {
            explored: solver.work,
        }));
    };
    let Some(above) = at_least(claim + 1)? else {
        return Ok(Answer::Undetermined(Spent {
            explored: solver.work,
        }));
    };
    Ok(Answer::Decided(Comparison {
        at_least: low,
        at_most: !above,
        nodes: solver.nodes,
    }))
}

impl Comparison {
    /// `= claim`, `< claim`, `> claim` (or both bounds failing, which cannot happen).
    pub fn verdict(&self) -> String {
        match (self.at_least, self.at_most) {
            (true, true) => "value = claim".into(),
            (true, false) => "value > claim".into(),
            (false, true) => "value < claim".into(),
            (false, false) => "value neither >= nor <= claim".into(),
        }
    }
}

impl Solver<'_> {
    /// Spend `work` units; past the budget the search stops (SOLVE-5).
    fn spend(&mut self, work: u64) -> Result<(), Stop> {
        self.work = self.work.saturating_add(work);
        if self.work > self.budget.nodes || crate::deadline::passed() {
            return Err(Stop::Budget);
        }
        Ok(())
    }

    /// What an immortality test may explore: its own budget, at most what the solve has left.
    fn test_budget(&self) -> u64 {
        self.budget
            .immortal
            .min(self.budget.nodes.saturating_sub(self.work))
    }

    /// Count an immortality test's work, then take its answer.
    fn decided<T>(&mut self, answer: Result<(Answer<T>, u64), Unsupported>) -> Result<T, Stop> {
        match answer {
            Ok((answer, work)) => {
                self.spend(work)?;
                match answer {
                    Answer::Decided(t) => Ok(t),
                    Answer::Undetermined(_) => Err(Stop::Budget),
                }
            }
            Err(u) => Err(Stop::Unsupported(u)),
        }
    }

    /// The analysing player's score if the analysis ended in `position` (N-18/N-19, N-21).
    fn score_of(&mut self, position: &Position) -> Result<i64, Stop> {
        let answer = self.engine.naj().and_then(|q| {
            q.control_work(self.geometry, position, self.analysing, self.test_budget())
        });
        let control = self.decided(answer)?;
        Ok(control_score(self.final_position, &control, self.analysing))
    }

    /// SOLVE-2: the most the analysing player can still get.
    fn upper_bound(&mut self, position: &Position) -> Result<i64, Stop> {
        let answer = self.engine.naj().and_then(|q| {
            q.immortal_work(
                self.geometry,
                position,
                self.analysing.opponent(),
                self.test_budget(),
            )
        });
        let theirs = self.decided(answer)?;
        Ok(self
            .geometry
            .points()
            .filter(|&q| !theirs[q])
            .map(|q| point_value(self.final_position, q, self.analysing))
            .sum())
    }

    /// Alpha-beta (fail-soft) from the analysing player's point of view. `before` is the
    /// position before the most recent turn (the basic-ko position, N-10).
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        game: &dyn Game,
        before: Option<&Position>,
        mut alpha: i64,
        mut beta: i64,
        depth: usize,
        remaining: usize,
        mode: Mode,
    ) -> Result<Found, Stop> {
        self.nodes += 1;
        self.spend(1)?;
        if depth > MAX_DEPTH {
            return Err(Stop::Budget);
        }
        let position = game.position();
        // SOLVE-1: at the end of the analysis the bound is the value.
        let lower = self.score_of(&position)?;
        if game.is_over() {
            return Ok(Found::settled(lower));
        }
        if self.switches.bounds {
            let upper = self.upper_bound(&position)?;
            if lower >= beta || lower == upper {
                return Ok(Found::settled(lower));
            }
            if upper <= alpha {
                return Ok(Found::settled(upper));
            }
        }
        if remaining == 0 {
            // SOLVE-4: the horizon scores the node's bound against the side to prove.
            let value = match mode {
                Mode::Pessimistic => lower,
                Mode::Optimistic => self.upper_bound(&position)?,
            };
            return Ok(Found {
                value,
                line: Vec::new(),
                judged: Some(Vec::new()),
                cut: true,
            });
        }
        let key = Key {
            position: position.clone(),
            to_move: game.to_move(),
            passes: game.consecutive_passes(),
            before: before.cloned(),
        };
        // SOLVE-3: an entry is reused only if no position its search judged plays in is the
        // before-position of a play on the current line.
        if let Some(found) = self.look_up(&key, alpha, beta) {
            return Ok(found);
        }
        let (alpha0, beta0) = (alpha, beta);
        let here = position_hash(&position);
        let mut judged: Option<Vec<u64>> = Some(vec![here]);
        let maximising = game.to_move() == self.analysing;
        let mut best: Option<(i64, Vec<Move>)> = None;
        let mut cut = false;
        // Passing first: it is often best and ends lines quickly.
        let moves = std::iter::once(Move::Pass).chain(self.geometry.points().map(Move::Play));
        for mv in moves {
            if game.legality(mv).is_err() {
                continue;
            }
            let mut child = game.fork();
            if child.play(mv).is_err() {
                continue;
            }
            let is_play = matches!(mv, Move::Play(_));
            if is_play {
                *self.line_befores.entry(here).or_insert(0) += 1;
            }
            let found = self.search(
                child.as_ref(),
                Some(&position),
                alpha,
                beta,
                depth + 1,
                remaining.saturating_sub(1),
                mode,
            );
            if is_play {
                if let Some(n) = self.line_befores.get_mut(&here) {
                    *n -= 1;
                    if *n == 0 {
                        self.line_befores.remove(&here);
                    }
                }
            }
            let found = found?;
            cut |= found.cut;
            judged = match (judged, found.judged) {
                (Some(mut a), Some(b)) if a.len() + b.len() <= MAX_JUDGED => {
                    a.extend(b);
                    a.sort_unstable();
                    a.dedup();
                    Some(a)
                }
                _ => None,
            };
            if take_child(
                &mut best,
                mv,
                found.value,
                found.line,
                maximising,
                &mut alpha,
                &mut beta,
            ) {
                break;
            }
        }
        // Passing is legal whenever the analysis is not over, so some move was tried.
        let (value, line) = best.unwrap_or((lower, Vec::new()));
        if let (true, Some(j)) = (self.switches.transpositions, &judged) {
            self.store(key, value, &line, j, (alpha0, beta0), cut, mode);
        }
        Ok(Found {
            value,
            line,
            judged,
            cut,
        })
    }

    /// A table entry for `key` usable in the window (alpha, beta) (SOLVE-3: none of the
    /// positions its search judged plays in is the before-position of a play on the line).
    fn look_up(&mut self, key: &Key, alpha: i64, beta: i64) -> Option<Found> {
        if !self.switches.transpositions {
            return None;
        }
        let e = self.table.get(key)?;
        if e.settles(alpha, beta) && e.judged.iter().all(|h| !self.line_befores.contains_key(h)) {
            self.hits += 1;
            return Some(e.found());
        }
        None
    }

    /// Stores a node's result, only if its search did not depend on the line that led here,
    /// and past a horizon only the mode's own bound (SOLVE-4).
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: Key,
        value: i64,
        line: &[Move],
        j: &[u64],
        (alpha0, beta0): (i64, i64),
        cut: bool,
        mode: Mode,
    ) {
        if j.iter().all(|h| !self.line_befores.contains_key(h)) && self.table.len() < MAX_TABLE {
            if let Some(e) = Entry::of_result(value, line, j, (alpha0, beta0), cut, mode) {
                self.table.insert(key, e);
            }
        }
    }
}

/// Most positions an entry of the transposition table may depend on.
const MAX_JUDGED: usize = 256;
/// Most entries of the transposition table.
const MAX_TABLE: usize = 2_000_000;

/// The state of an analysis apart from its fixed-ko record (N-10, N-11, N-15).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    position: Position,
    to_move: Colour,
    passes: u32,
    before: Option<Position>,
}
