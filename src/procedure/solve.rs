//! The value of a whole game under perfect play from the empty board (spec `solve.md`):
//! area scoring, Black maximises Black's area minus White's, White minimises it, two passes
//! end the game. Positional or situational superko (the ruleset's own ko rule) makes the game
//! finite.
//!
//! The search is the one of the NAJ analyses (`procedure::naj`): alpha-beta, fail-soft,
//! passes first, a transposition table whose entries remember the history they consulted
//! (SOLVE-B3). It plays through any [`Engine`]'s `Game`, so both engines can answer, and it
//! never guesses: past its node budget the answer is [`Answer::Undetermined`].

use crate::engine::{Answer, Engine, Game, Illegal, Move, Start, Unsupported};
use crate::geometry::{Colour, Geometry, Position};
use crate::rules::Rules;
use std::collections::HashMap;

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

/// The search's speed-ups, each of which can be switched off (the value must not change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// SOLVE-B2: try the pass before the plays (else after them).
    pub pass_first: bool,
    /// SOLVE-B3: the history-checked transposition table.
    pub transpositions: bool,
    /// SOLVE-B1: the static bounds -n <= value <= n (n points) narrow the window.
    pub bounds: bool,
}

impl Switches {
    /// The switch names, as `go-oracle solve --without` takes them.
    pub const NAMES: [&'static str; 3] = ["pass-first", "transpositions", "bounds"];

    /// Every switch on except `name` (`None`: not a switch name).
    pub fn without(name: &str) -> Option<Switches> {
        let mut s = Switches::default();
        match name {
            "pass-first" => s.pass_first = false,
            "transpositions" => s.transpositions = false,
            "bounds" => s.bounds = false,
            _ => return None,
        }
        Some(s)
    }
}

impl Default for Switches {
    fn default() -> Switches {
        Switches {
            pass_first: true,
            transpositions: true,
            bounds: true,
        }
    }
}

/// Deepest line the search follows before it gives up (keeps the recursion bounded).
pub const MAX_DEPTH: usize = 2_000;
/// Most positions a table entry may depend on.
const MAX_JUDGED: usize = 1_024;
/// Most entries of the transposition table.
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
    let game = engine.start(geometry, rules, start)?;
    let mut s = Searcher {
        engine,
        geometry,
        rules,
        budget,
        switches,
        nodes: 0,
        hits: 0,
        table: HashMap::new(),
        ancestors: HashMap::new(),
    };
    let n = geometry.len() as i64;
    let outcome = s.search(game.as_ref(), -n - 1, n + 1, 0);
    if std::env::var_os("GO_ORACLE_SOLVER_STATS").is_some() {
        eprintln!(
            "solve: {} nodes, {} table hits, {} entries",
            s.nodes,
            s.hits,
            s.table.len()
        );
    }
    match outcome {
        Ok(found) => Ok(Answer::Decided(BoardSolved {
            value: found.value,
            line: found.line,
            nodes: s.nodes,
        })),
        Err(Stop::Budget) => Ok(Answer::Undetermined { explored: s.nodes }),
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
    table: HashMap<Key, Entry>,
    /// Hashes of the positions of the strict ancestors of the current node, with
    /// multiplicity (the history before it, SOLVE-B3).
    ancestors: HashMap<u64, u32>,
}

/// The state of the game apart from its history (SOLVE-B3).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    position: Position,
    to_move: Colour,
    passes: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Entry {
    value: i64,
    bound: Bound,
    line: Vec<Move>,
    judged: Vec<u64>,
}

/// A searched node: its value, a principal line, and the positions whose presence in the
/// history its search consulted (`None`: too many to keep).
struct Found {
    value: i64,
    line: Vec<Move>,
    judged: Option<Vec<u64>>,
}

fn position_hash(p: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    p.hash(&mut h);
    h.finish()
}

fn merge(a: Option<Vec<u64>>, b: Option<Vec<u64>>) -> Option<Vec<u64>> {
    match (a, b) {
        (Some(mut a), Some(b)) if a.len() + b.len() <= 2 * MAX_JUDGED => {
            a.extend(b);
            a.sort_unstable();
            a.dedup();
            (a.len() <= MAX_JUDGED).then_some(a)
        }
        _ => None,
    }
}

impl Searcher<'_> {
    fn free_of_ancestors(&self, judged: &[u64]) -> bool {
        judged.iter().all(|h| !self.ancestors.contains_key(h))
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

    fn search(
        &mut self,
        game: &dyn Game,
        mut alpha: i64,
        mut beta: i64,
        depth: usize,
    ) -> Result<Found, Stop> {
        self.nodes += 1;
        if self.nodes > self.budget || depth > MAX_DEPTH {
            return Err(Stop::Budget);
        }
        if game.is_over() {
            let score = game.score(0.0).ok_or_else(|| {
                Stop::Unsupported(Unsupported {
                    engine: self.engine.name(),
                    what: "a game without an area score".into(),
                })
            })?;
            return Ok(Found {
                value: score.black as i64 - score.white as i64,
                line: Vec::new(),
                judged: Some(Vec::new()),
            });
        }
        let position = game.position();
        let n = self.geometry.len() as i64;
        if self.switches.bounds {
            // SOLVE-B1: every end scores between -n and n, so a value found at either end
            // of that range cannot be improved on.
            alpha = alpha.max(-n);
            beta = beta.min(n);
        }
        let key = Key {
            position: position.clone(),
            to_move: game.to_move(),
            passes: game.consecutive_passes(),
        };
        if self.switches.transpositions {
            if let Some(e) = self.table.get(&key) {
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.value >= beta,
                    Bound::Upper => e.value <= alpha,
                };
                if usable && self.free_of_ancestors(&e.judged) {
                    self.hits += 1;
                    return Ok(Found {
                        value: e.value,
                        line: e.line.clone(),
                        judged: Some(e.judged.clone()),
                    });
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let here = position_hash(&position);
        let maximising = game.to_move() == Colour::Black;
        let plays = self.geometry.points().map(Move::Play);
        let moves: Vec<Move> = if self.switches.pass_first {
            std::iter::once(Move::Pass).chain(plays).collect()
        } else {
            plays.chain(std::iter::once(Move::Pass)).collect()
        };
        let mut judged: Option<Vec<u64>> = Some(Vec::new());
        let mut best: Option<(i64, Vec<Move>)> = None;
        *self.ancestors.entry(here).or_insert(0) += 1;
        let mut outcome = Ok(());
        for mv in moves {
            let is_play = matches!(mv, Move::Play(_));
            match game.check(mv) {
                Ok(()) => {}
                Err(Illegal::Superko | Illegal::SituationalSuperko) => {
                    // Banned by the history: the search depends on that position's
                    // presence in it (SOLVE-B3).
                    match self.after_position(game, mv) {
                        Ok(p) => judged = merge(judged, Some(vec![position_hash(&p)])),
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
            if is_play {
                // Allowed because its position is not in the history.
                judged = merge(judged, Some(vec![position_hash(&child.position())]));
            }
            let found = match self.search(child.as_ref(), alpha, beta, depth + 1) {
                Ok(f) => f,
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            };
            judged = merge(judged, found.judged);
            let value = found.value;
            let better = match &best {
                None => true,
                Some((b, _)) => {
                    if maximising {
                        value > *b
                    } else {
                        value < *b
                    }
                }
            };
            if better {
                let mut line = found.line;
                line.insert(0, mv);
                best = Some((value, line));
            }
            let b = best.as_ref().map(|(v, _)| *v).unwrap_or(0);
            if maximising {
                alpha = alpha.max(b);
            } else {
                beta = beta.min(b);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = self.ancestors.get_mut(&here) {
            *k -= 1;
            if *k == 0 {
                self.ancestors.remove(&here);
            }
        }
        outcome?;
        // A pass is legal whenever the game is not over, so some move was searched.
        let (value, line) = best.ok_or(Stop::Budget)?;
        if let (true, Some(j)) = (self.switches.transpositions, &judged) {
            // Stored only if this search did not depend on the history before the node.
            if self.free_of_ancestors(j) && self.table.len() < MAX_TABLE {
                let bound = if value <= alpha0 {
                    Bound::Upper
                } else if value >= beta0 {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                self.table.insert(
                    key,
                    Entry {
                        value,
                        bound,
                        line: line.clone(),
                        judged: j.clone(),
                    },
                );
            }
        }
        Ok(Found {
            value,
            line,
            judged,
        })
    }
}
