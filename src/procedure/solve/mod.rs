//! The value of a whole game under perfect play from the empty board (spec `solve.md`):
//! area scoring, Black maximises Black's area minus White's, White minimises it, two passes
//! end the game. Positional or situational superko (the ruleset's own ko rule) makes the game
//! finite.
//!
//! The search is the one of the NAJ analyses (`procedure::naj`): alpha-beta, fail-soft,
//! passes first, a transposition table whose entries remember the history they consulted
//! (SOLVE-B3). It plays through any [`Engine`]'s `Game`, so both engines can answer, and it
//! never guesses: past its node budget the answer is [`Answer::Undetermined`].

mod kept;
mod ordering;
mod switches;
mod symmetry;
mod table;

pub use switches::Switches;
pub use table::MAX_POINTS;

use super::value_table::{take_child, Found, Mode};
use crate::engine::{Answer, Engine, Game, Illegal, Move, Spent, Start, Unsupported};
use crate::geometry::{Colour, Geometry, Position};
use crate::rules::{KoRule, Rules};
use kept::controlled;
use ordering::Heuristics;
use rustc_hash::FxHashMap as HashMap;
use symmetry::symmetries;
use table::{merge, pack, Stored};

/// The value of the game with one principal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSolved {
    /// Black's area minus White's at the end under perfect play (komi not subtracted).
    pub value: i64,
    /// A principal line from the start: every move is optimal for the player who makes it.
    pub line: Vec<Move>,
    /// Nodes (game states) visited.
    pub nodes: u64,
}

/// Deepest line the search follows before it gives up (keeps the recursion bounded).
pub const MAX_DEPTH: usize = 2_000;
/// Most entries of the transposition table, and of the table of best moves.
const MAX_TABLE: usize = 4_000_000;

enum Stop {
    Budget,
    Unsupported(Unsupported),
}

/// Solve the game that starts at `start` under `rules` (whose scoring must be an area
/// scoring: the game's score at its end is the leaf value), within `budget` nodes.
pub fn solve(
    engine: &dyn Engine,
    geometry: &Geometry,
    rules: &Rules,
    start: &Start,
    budget: u64,
    switches: Switches,
) -> Result<Answer<BoardSolved>, Unsupported> {
    if geometry.len() > MAX_POINTS {
        return Err(Unsupported {
            engine: engine.name(),
            what: format!("a board of more than {MAX_POINTS} points"),
        });
    }
    let game = engine.start(geometry, rules, start)?;
    let symmetries = if switches.symmetry {
        symmetries(geometry)
    } else {
        Vec::new()
    };
    let mut s = Searcher {
        engine,
        geometry,
        rules,
        budget,
        switches,
        nodes: 0,
        hits: 0,
        refused: 0,
        unjudged: 0,
        deepest: 0,
        table: HashMap::default(),
        best_moves: HashMap::default(),
        ancestors: HashMap::default(),
        bounds: HashMap::default(),
        symmetries,
        // SOLVE-B8: under situational superko alone a play is banned by its position with
        // the player who left it.
        heuristics: Heuristics::new(geometry, switches),
        pair_items: switches.history_match && rules.ko == [KoRule::SituationalSuperko],
    };
    let n = geometry.len() as i64;
    let all = s.fixing(&game.position(), u32::MAX);
    let outcome = if switches.deepening {
        s.value(game.as_ref(), 0, all).and_then(|value| {
            let line = s.line(game.as_ref(), value, all)?;
            Ok(Found {
                value,
                line,
                judged: None,
                cut: false,
            })
        })
    } else {
        s.search(
            game.as_ref(),
            -n - 1,
            n + 1,
            0,
            usize::MAX,
            Mode::Pessimistic,
            all,
        )
    };
    if std::env::var_os("GO_ORACLE_SOLVER_STATS").is_some() {
        eprintln!(
            "solve: {} nodes, {} table hits, {} entries, {} refused, {} unjudged, depth {}",
            s.nodes,
            s.hits,
            s.table.len(),
            s.refused,
            s.unjudged,
            s.deepest
        );
    }
    match outcome {
        Ok(found) => Ok(Answer::Decided(BoardSolved {
            value: found.value,
            line: found.line,
            nodes: s.nodes,
        })),
        Err(Stop::Budget) => Ok(Answer::Undetermined(Spent { explored: s.nodes })),
        Err(Stop::Unsupported(u)) => Err(u),
    }
}

struct Searcher<'a> {
    engine: &'a dyn Engine,
    geometry: &'a Geometry,
    rules: &'a Rules,
    budget: u64,
    switches: Switches,
    nodes: u64,
    hits: u64,
    refused: u64,
    unjudged: u64,
    deepest: usize,
    table: HashMap<Key, Stored>,
    /// The best move found at the last complete search of each state (SOLVE-B6); a hint
    /// for ordering only, whatever the history.
    best_moves: HashMap<Key, Move>,
    /// Hashes of the positions of the strict ancestors of the current node, with
    /// multiplicity (the history before it, SOLVE-B3).
    ancestors: HashMap<u64, u32>,
    /// The static bounds of each position met (SOLVE-B1), by its packed form.
    bounds: HashMap<u128, (i64, i64)>,
    /// The board's symmetries other than the identity (SOLVE-B5).
    symmetries: Vec<Vec<usize>>,
    /// SOLVE-B9: killers and the history heuristic.
    heuristics: Heuristics,
    /// SOLVE-B8: history items are (position, player who left it), else positions.
    pair_items: bool,
}

/// The state of the game apart from its history (SOLVE-B3).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    /// The position packed two bits a point ([`pack`]).
    position: u128,
    to_move: Colour,
    passes: u32,
}

impl Searcher<'_> {
    /// SOLVE-B7: the value of the game at `game` (the strict ancestors already in
    /// `self.ancestors`), by null-window tests to a horizon that deepens until they meet.
    fn value(&mut self, game: &dyn Game, depth: usize, symmetric: u32) -> Result<i64, Stop> {
        let (mut low, mut high) = self.static_bounds(&game.position());
        let mut horizon = 1;
        while low < high {
            let mut progress = false;
            while low < high {
                let v = low + (high - low + 1) / 2;
                // Is the value at least v? Horizon nodes count against Black.
                let found =
                    self.search(game, v - 1, v, depth, horizon, Mode::Pessimistic, symmetric)?;
                if found.value >= v {
                    low = found.value.min(high);
                    progress = true;
                    continue;
                }
                // Is it below v? Horizon nodes count against White.
                let found =
                    self.search(game, v - 1, v, depth, horizon, Mode::Optimistic, symmetric)?;
                if found.value < v {
                    high = found.value.max(low);
                    progress = true;
                    continue;
                }
                break;
            }
            if !progress || low < high {
                if depth == 0 && std::env::var_os("GO_ORACLE_SOLVER_STATS").is_some() {
                    eprintln!(
                        "solve: horizon {horizon} done: [{low}, {high}], {} nodes, {} hits, {} entries, {} refused",
                        self.nodes, self.hits, self.table.len(), self.refused
                    );
                }
                horizon += 2;
            }
            if horizon > MAX_DEPTH {
                return Err(Stop::Budget);
            }
        }
        Ok(low)
    }

    /// A principal line from `game` whose value is `value`: at each node the first move
    /// (in search order) whose child has the node's value (SOLVE-B7). It stops at the end of
    /// the game or where the static bounds settle the value.
    fn line(&mut self, game: &dyn Game, value: i64, symmetric: u32) -> Result<Vec<Move>, Stop> {
        let mut line = Vec::new();
        let mut pushed = Vec::new();
        let mut g = game.fork();
        let mut symmetric = symmetric;
        let outcome = loop {
            if g.is_over() {
                break Ok(());
            }
            let position = g.position();
            let (low, high) = self.static_bounds(&position);
            if low == high {
                break Ok(());
            }
            let key = Key {
                position: pack(&position),
                to_move: g.to_move(),
                passes: g.consecutive_passes(),
            };
            let (moves, _) = self.moves(&key, symmetric, line.len());
            let here = self.item(&position, self.left_by(g.as_ref(), line.len()));
            *self.ancestors.entry(here).or_insert(0) += 1;
            pushed.push(here);
            let mut chosen = None;
            let mut stop = None;
            for mv in moves {
                if g.legality(mv).is_err() {
                    continue;
                }
                let mut child = g.fork();
                if child.play(mv).is_err() {
                    continue;
                }
                let child_symmetric = if symmetric != 0 {
                    self.fixing(&child.position(), symmetric)
                } else {
                    0
                };
                match self.value(child.as_ref(), line.len() + 1, child_symmetric) {
                    Ok(v) if v == value => {
                        chosen = Some((mv, child, child_symmetric));
                        break;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        stop = Some(e);
                        break;
                    }
                }
            }
            if let Some(e) = stop {
                break Err(e);
            }
            let Some((mv, child, child_symmetric)) = chosen else {
                break Err(Stop::Unsupported(Unsupported {
                    engine: self.engine.name(),
                    what: format!("a move that keeps the value {value} (search fault)"),
                }));
            };
            line.push(mv);
            g = child;
            symmetric = child_symmetric;
        };
        for h in pushed {
            self.leave(h);
        }
        outcome.map(|()| line)
    }

    /// SOLVE-B1: every end of the game from `position` scores within the pair.
    fn static_bounds(&mut self, position: &Position) -> (i64, i64) {
        let n = self.geometry.len() as i64;
        if !self.switches.bounds {
            return (-n, n);
        }
        let packed = pack(position);
        if let Some(&b) = self.bounds.get(&packed) {
            return b;
        }
        let b = (
            2 * controlled(self.geometry, position, Colour::Black) as i64 - n,
            n - 2 * controlled(self.geometry, position, Colour::White) as i64,
        );
        if self.bounds.len() < MAX_TABLE {
            self.bounds.insert(packed, b);
        }
        b
    }

    /// The symmetries among `of` (a bit per entry of `self.symmetries`) that map `position`
    /// onto itself.
    fn fixing(&self, position: &Position, of: u32) -> u32 {
        let mut out = 0;
        for (i, perm) in self.symmetries.iter().enumerate() {
            if of & (1 << i) != 0
                && self
                    .geometry
                    .points()
                    .all(|p| position.get(perm[p]) == position.get(p))
            {
                out |= 1 << i;
            }
        }
        out
    }

    /// The position a play would make if the history allowed it: the same play as the first
    /// move of a fresh game from `position` (whose only history is `position` itself).
    fn after_position(&self, game: &dyn Game, mv: Move) -> Result<Position, Stop> {
        let start = Start {
            position: game.position(),
            to_move: game.to_move(),
            handicap: 0,
            prisoners: game.prisoners(),
        };
        let mut fresh = self
            .engine
            .start(self.geometry, self.rules, &start)
            .map_err(Stop::Unsupported)?;
        Ok(match fresh.play(mv) {
            Ok(_) => fresh.position(),
            // Only the start position itself is in the fresh history.
            Err(_) => start.position,
        })
    }

    /// The moves of a node in search order, and whether a play was left out for symmetry.
    fn moves(&self, key: &Key, symmetric: u32, depth: usize) -> (Vec<Move>, bool) {
        let mut skipped = false;
        let mut plays: Vec<usize> = Vec::with_capacity(self.geometry.len() + 1);
        for p in self.geometry.points() {
            // SOLVE-B5: one play per orbit of the symmetries that fix the whole history.
            let smaller_image = self
                .symmetries
                .iter()
                .enumerate()
                .any(|(i, perm)| symmetric & (1 << i) != 0 && perm[p] < p);
            if smaller_image {
                skipped = true;
            } else {
                plays.push(p);
            }
        }
        let hint = match self.best_moves.get(key) {
            Some(&Move::Play(h)) if self.switches.ordering => Some(h),
            _ => None,
        };
        self.heuristics.order(&mut plays, hint, depth, key.to_move);
        let plays = plays.into_iter().map(Move::Play);
        let moves = if self.switches.pass_first {
            std::iter::once(Move::Pass).chain(plays).collect()
        } else {
            plays.chain(std::iter::once(Move::Pass)).collect()
        };
        (moves, skipped)
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        game: &dyn Game,
        mut alpha: i64,
        mut beta: i64,
        depth: usize,
        remaining: usize,
        mode: Mode,
        symmetric: u32,
    ) -> Result<Found, Stop> {
        self.nodes += 1;
        if self.nodes > self.budget || depth > MAX_DEPTH || crate::deadline::passed() {
            return Err(Stop::Budget);
        }
        if game.is_over() {
            return self.game_end(game);
        }
        let position = game.position();
        let (low, high) = match self.bounded(&position, alpha, beta, remaining, mode) {
            Ok(found) => return Ok(found),
            Err(bounds) => bounds,
        };
        alpha = alpha.max(low - 1);
        beta = beta.min(high + 1);
        let key = Key {
            position: pack(&position),
            to_move: game.to_move(),
            passes: game.consecutive_passes(),
        };
        if let Some(found) = self.look_up(&key, alpha, beta) {
            return Ok(found);
        }
        let (alpha0, beta0) = (alpha, beta);
        let here = self.item(&position, self.left_by(game, depth));
        let maximising = game.to_move() == Colour::Black;
        let (mut moves, skipped) = self.moves(&key, symmetric, depth);
        // A search that left plays out relies on the symmetry of this history.
        let mut judged: Option<Vec<u64>> = if skipped { None } else { Some(Vec::new()) };
        let mut best: Option<(i64, Vec<Move>)> = None;
        let mut cut = false;
        *self.ancestors.entry(here).or_insert(0) += 1;
        if self.switches.etc && self.switches.transpositions && remaining >= 4 {
            self.etc_first(game, &mut moves, alpha, beta);
        }
        let mut outcome = Ok(());
        for mv in moves {
            let is_play = matches!(mv, Move::Play(_));
            match game.legality(mv) {
                Ok(()) => {}
                Err(
                    Illegal::Superko
                    | Illegal::SituationalSuperko
                    | Illegal::SituationalSuperkoSamePlayer,
                ) => {
                    // Banned by the history: the search depends on that position's
                    // presence in it (SOLVE-B3).
                    match self.after_position(game, mv) {
                        Ok(p) => {
                            let banned = self.item(&p, Some(game.to_move()));
                            judged = merge(judged, Some(vec![banned]));
                        }
                        Err(e) => {
                            outcome = Err(e);
                            break;
                        }
                    }
                    continue;
                }
                Err(_) => continue,
            }
            let mut child = game.fork();
            if child.play(mv).is_err() {
                continue;
            }
            let child_position = child.position();
            if is_play {
                // Allowed because its position is not in the history.
                let created = self.item(&child_position, Some(game.to_move()));
                judged = merge(judged, Some(vec![created]));
            }
            let child_symmetric = if symmetric != 0 {
                self.fixing(&child_position, symmetric)
            } else {
                0
            };
            let found = match self.search(
                child.as_ref(),
                alpha,
                beta,
                depth + 1,
                remaining.saturating_sub(1),
                mode,
                child_symmetric,
            ) {
                Ok(f) => f,
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            };
            judged = merge(judged, found.judged);
            cut |= found.cut;
            if take_child(
                &mut best,
                mv,
                found.value,
                found.line,
                maximising,
                &mut alpha,
                &mut beta,
            ) {
                if let Move::Play(p) = mv {
                    // SOLVE-B9: this play closed the window.
                    self.heuristics
                        .reward(p, depth, remaining, game.to_move(), true);
                }
                break;
            }
        }
        self.leave(here);
        outcome?;
        // A pass is legal whenever the game is not over, so some move was searched.
        let (value, line) = best.ok_or(Stop::Budget)?;
        // Every end below scores within [low, high] (SOLVE-B1).
        let value = value.max(low).min(high);
        self.note_best(&key, line.first().copied(), depth, remaining);
        if judged.is_none() {
            self.unjudged += 1;
        }
        self.deepest = self.deepest.max(depth);
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

    /// One occurrence of the history item `here` leaves the path.
    fn leave(&mut self, here: u64) {
        if let Some(k) = self.ancestors.get_mut(&here) {
            *k -= 1;
            if *k == 0 {
                self.ancestors.remove(&here);
            }
        }
    }

    /// The best move of a completely searched node, for ordering: SOLVE-B6's hint for the
    /// state and SOLVE-B9's history score of the play.
    fn note_best(&mut self, key: &Key, best: Option<Move>, depth: usize, remaining: usize) {
        if let Some(Move::Play(p)) = best {
            self.heuristics
                .reward(p, depth, remaining, key.to_move, false);
        }
        if let (true, Some(first)) = (self.switches.ordering, best) {
            if self.best_moves.len() < MAX_TABLE {
                self.best_moves.insert(key.clone(), first);
            }
        }
    }

    /// The value of a game that is over: its area score.
    fn game_end(&self, game: &dyn Game) -> Result<Found, Stop> {
        let score = game.score(0.0).ok_or_else(|| {
            Stop::Unsupported(Unsupported {
                engine: self.engine.name(),
                what: "a game without an area score".into(),
            })
        })?;
        Ok(Found {
            value: score.black as i64 - score.white as i64,
            line: Vec::new(),
            judged: Some(Vec::new()),
            cut: false,
        })
    }

    /// SOLVE-B1: every end of the game from `position` scores within [low, high]; the value
    /// when those bounds settle the window or the horizon is reached (SOLVE-B7), else the
    /// bounds.
    fn bounded(
        &mut self,
        position: &Position,
        alpha: i64,
        beta: i64,
        remaining: usize,
        mode: Mode,
    ) -> Result<Found, (i64, i64)> {
        let (low, high) = self.static_bounds(position);
        let settled = if low >= beta {
            Some(low)
        } else if high <= alpha {
            Some(high)
        } else if low == high {
            Some(low)
        } else {
            None
        };
        if let Some(value) = settled {
            return Ok(Found {
                value,
                line: Vec::new(),
                judged: Some(Vec::new()),
                cut: false,
            });
        }
        if remaining == 0 {
            // SOLVE-B7: the horizon; the node counts its bound against the side to prove.
            return Ok(Found {
                value: if mode == Mode::Pessimistic { low } else { high },
                line: Vec::new(),
                judged: Some(Vec::new()),
                cut: true,
            });
        }
        Err((low, high))
    }
}
