//! Control (L-14) and disputes (L-17), literally: every bordered set containing the
//! location is tried (enumerated as unions of units, LL-3, each kept only if the literal
//! L-15 test says it is bordered), and on each the test game is searched exhaustively,
//! depth first, without any cache.

use super::board::{bordered, contacts, smallest_bordered_set, two_eye_formation, units};
use super::play::RefLjrGame;
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::{
    ControlAnswer, ControlMethod, ControlQuery, DisputeEdge, LjrGame, LjrStart, SetProof,
    Situation, TestProhibitions, Turn,
};
use crate::rules::Prisoners;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The result of one game search.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    /// The prover succeeds; one winning line.
    Win(Vec<Turn>),
    /// The prover fails.
    Loss,
    /// The budget ran out.
    OutOfBudget,
    /// The line reached the depth bound of this iteration.
    DepthBound,
}

/// Combine a node's children: at the prover's turn one success suffices, at his opponent's
/// one failure decides. A failure that met a depth bound is no failure: it is `DepthBound`,
/// and the next iteration looks deeper.
struct Node {
    prover_moves: bool,
    result: Option<Outcome>,
    depth_bound: bool,
    out_of_budget: bool,
}

impl Node {
    fn new(prover_moves: bool) -> Node {
        Node {
            prover_moves,
            result: None,
            depth_bound: false,
            out_of_budget: false,
        }
    }
    /// Take a child's outcome; true when the node is decided.
    fn take(&mut self, child: Outcome) -> bool {
        match (self.prover_moves, child) {
            (true, Outcome::Win(l)) => {
                self.result = Some(Outcome::Win(l));
                true
            }
            (false, Outcome::Loss) => {
                self.result = Some(Outcome::Loss);
                true
            }
            (false, Outcome::Win(l)) => {
                // The opponent's longest resistance found so far.
                match &self.result {
                    Some(Outcome::Win(best)) if best.len() >= l.len() => {}
                    _ => self.result = Some(Outcome::Win(l)),
                }
                false
            }
            (true, Outcome::Loss) => false,
            (_, Outcome::DepthBound) => {
                self.depth_bound = true;
                false
            }
            (_, Outcome::OutOfBudget) => {
                self.out_of_budget = true;
                false
            }
        }
    }
    fn outcome(self, decided: bool) -> Outcome {
        if decided {
            return self.result.unwrap_or(Outcome::Loss);
        }
        if self.out_of_budget {
            Outcome::OutOfBudget
        } else if self.depth_bound {
            Outcome::DepthBound
        } else if self.prover_moves {
            Outcome::Loss
        } else {
            self.result.unwrap_or(Outcome::Loss)
        }
    }
}

/// Counts nodes against the query's budget.
struct Budget {
    limit: u64,
    used: u64,
}

impl Budget {
    /// Whether the budget is spent (or the request's time limit has passed).
    fn spent(&self) -> bool {
        self.used >= self.limit || crate::deadline::passed()
    }

    /// Count one node; false when the budget is spent.
    fn spend(&mut self) -> bool {
        if self.spent() {
            return false;
        }
        self.used += 1;
        true
    }
}

/// The transformed board of L-14 steps 1-3 for `player` and `set`: the board's locations
/// plus e1 = `n`, e2 = `n + 1`, each neighbouring every location outside the set.
fn test_board(
    geometry: &Geometry,
    position: &Position,
    permanent: &[Point],
    player: Colour,
    set: &BTreeSet<Point>,
    keep: TestProhibitions,
) -> (Arc<Geometry>, LjrStart) {
    let n = geometry.len();
    let mut edges = Vec::new();
    for a in geometry.points() {
        for &b in geometry.neighbours(a) {
            if a < b {
                edges.push((a, b));
            }
        }
        if !set.contains(&a) {
            edges.push((a, n));
            edges.push((a, n + 1));
        }
    }
    let g = Geometry::graph(n + 2, &edges).expect("a board plus two locations is a graph");
    // Step 1: every location outside the set gets a new stone of the opponent.
    let mut cells: Vec<Cell> = (0..n + 2)
        .map(|p| {
            if p >= n {
                Cell::Empty
            } else if set.contains(&p) {
                position.get(p)
            } else {
                Cell::Stone(player.opponent())
            }
        })
        .collect();
    // Step 3: all stones then without liberties are removed (both colours at once).
    for p in super::board::stones_without_liberties(&g, &cells) {
        cells[p] = Cell::Empty;
    }
    // Step 4: history forgotten; LP-1 decides the permanent prohibitions.
    let permanently_prohibited = match keep {
        TestProhibitions::Forget => Vec::new(),
        TestProhibitions::Keep => permanent
            .iter()
            .copied()
            .filter(|p| set.contains(p))
            .collect(),
    };
    let start = LjrStart {
        position: Position(cells),
        // Step 5: the opponent starts.
        to_move: player.opponent(),
        initially_prohibited: Vec::new(),
        permanently_prohibited,
        captives: Prisoners::default(),
    };
    (Arc::new(g), start)
}

/// LC-7, LL-6: the two-eye test game on `set` from `game`: does `player` reach a situation
/// with his two-eye formation on the set within `depth` more turns? A future state repeated
/// on the current line counts as his failure (exact at the root of a reachability game;
/// nothing is cached). The line is the game's own history from the test board on, so a
/// repetition on it is one of the game's (`future_state_repeats`).
fn test_game(
    g: &Geometry,
    game: &RefLjrGame,
    player: Colour,
    set: &BTreeSet<Point>,
    depth: usize,
    line: &mut Vec<Turn>,
    budget: &mut Budget,
) -> Outcome {
    if !budget.spend() {
        return Outcome::OutOfBudget;
    }
    if two_eye_formation(g, game.cells(), player, set) {
        return Outcome::Win(line.clone());
    }
    if game.is_over() {
        return Outcome::Loss;
    }
    if game.future_state_repeats() {
        return Outcome::Loss;
    }
    if depth == 0 {
        return Outcome::DepthBound;
    }
    each_turn(game, player, line, budget, &mut |child, _, line, budget| {
        test_game(g, child, player, set, depth - 1, line, budget)
    })
}

/// The search of one child: the child, the turn that made it, the line, the budget.
type ChildSearch<'a> = dyn FnMut(&RefLjrGame, Turn, &mut Vec<Turn>, &mut Budget) -> Outcome + 'a;

/// Search every legal turn of `game` with `search` (the child, the turn, the line, the
/// budget) and combine the children's outcomes ([`Node`]).
fn each_turn(
    game: &RefLjrGame,
    player: Colour,
    line: &mut Vec<Turn>,
    budget: &mut Budget,
    search: &mut ChildSearch<'_>,
) -> Outcome {
    let mut node = Node::new(game.to_move() == player);
    if crate::deadline::passed() {
        node.out_of_budget = true;
        return node.outcome(false);
    }
    let mut decided = false;
    for attempt in game.legal_attempts() {
        let turn = attempt.turn;
        let child = game.after(attempt);
        line.push(turn);
        let r = search(&child, turn, line, budget);
        line.pop();
        if node.take(r) {
            decided = true;
            break;
        }
        if budget.spent() {
            node.out_of_budget = true;
            break;
        }
    }
    node.outcome(decided)
}

/// L-17: the dispute game on `set` with `player` the prover. The refuter wins at the
/// first of conditions 1-3, the prover at 4; tested on the initial situation and after
/// every turn in that order (LC-10); an L-4 end before any of them is the refuter's.
#[allow(clippy::too_many_arguments)]
fn dispute_game(
    g: &Geometry,
    board_len: usize,
    game: &RefLjrGame,
    last_play: Option<(Colour, Point)>,
    player: Colour,
    set: &BTreeSet<Point>,
    edge: DisputeEdge,
    seen: &mut Vec<Situation>,
    depth: usize,
    line: &mut Vec<Turn>,
    budget: &mut Budget,
) -> Outcome {
    if !budget.spend() {
        return Outcome::OutOfBudget;
    }
    let refuter = player.opponent();
    // (1) the refuter put a stone on a location neighbouring a location outside the set.
    if let Some((c, p)) = last_play {
        let counts = match edge {
            DisputeEdge::Literal => true,
            DisputeEdge::Inside => set.contains(&p),
        };
        if c == refuter && counts && g.neighbours(p).iter().any(|q| !set.contains(q)) {
            return Outcome::Loss;
        }
    }
    // (2) the refuter has built a two-eye formation including a location of the set.
    match refuter_formation_meets(g, game.cells(), refuter, set, budget) {
        None => return Outcome::OutOfBudget,
        Some(true) => return Outcome::Loss,
        Some(false) => {}
    }
    // (3) a situation similar to an earlier one.
    let now = game.situation();
    if seen.contains(&now) {
        return Outcome::Loss;
    }
    // (4) the prover has built a two-eye formation on the set.
    if two_eye_formation(g, game.cells(), player, set) {
        return Outcome::Win(line.clone());
    }
    if game.is_over() {
        return Outcome::Loss;
    }
    let _ = board_len;
    if depth == 0 {
        return Outcome::DepthBound;
    }
    seen.push(now);
    let mover = game.to_move();
    let outcome = each_turn(
        game,
        player,
        line,
        budget,
        &mut |child, turn, line, budget| {
            let last = turn.play.map(|p| (mover, p));
            dispute_game(
                g,
                board_len,
                child,
                last,
                player,
                set,
                edge,
                seen,
                depth - 1,
                line,
                budget,
            )
        },
    );
    seen.pop();
    outcome
}

/// L-17 condition 2, literally: is there a set containing a location of `set` on which the
/// refuter has a two-eye formation? Every union of the refuter's units that meets `set` is
/// tested with L-16 (each counts one node); `None` when the budget runs out.
fn refuter_formation_meets(
    g: &Geometry,
    cells: &[Cell],
    refuter: Colour,
    set: &BTreeSet<Point>,
    budget: &mut Budget,
) -> Option<bool> {
    // A formation holds no stone of the prover (L-16.2): units with one are left out.
    let candidates: Vec<BTreeSet<Point>> = units(g, cells, refuter)
        .into_iter()
        .filter(|u| {
            u.iter()
                .all(|&p| cells[p] != Cell::Stone(refuter.opponent()))
        })
        .collect();
    let k = candidates.len();
    if k >= 63 {
        return None;
    }
    for mask in 1u64..(1u64 << k) {
        let t: BTreeSet<Point> = (0..k)
            .filter(|i| mask >> i & 1 == 1)
            .flat_map(|i| candidates[i].iter().copied())
            .collect();
        if !t.iter().any(|p| set.contains(p)) {
            continue;
        }
        if !budget.spend() {
            return None;
        }
        if two_eye_formation(g, cells, refuter, &t) {
            return Some(true);
        }
    }
    Some(false)
}

/// Decide one set: the two-eye test (L-14) or the dispute (L-17) with `player` proving.
fn decide_set(
    geometry: &Geometry,
    query: &ControlQuery,
    set: &BTreeSet<Point>,
    budget: &mut Budget,
) -> Outcome {
    if crate::deadline::passed() {
        return Outcome::OutOfBudget;
    }
    let player = query.player;
    let (g, start) = test_board(
        geometry,
        &query.position,
        &query.permanently_prohibited,
        player,
        set,
        query.params.test_prohibitions,
    );
    let game = RefLjrGame::new(g.clone(), &start);
    // Iterative deepening: the depth bound doubles until the game is decided without
    // meeting it, or the budget runs out.
    let mut depth = 2;
    loop {
        let mut line = Vec::new();
        let outcome = match query.method {
            ControlMethod::TwoEyeTest => {
                test_game(&g, &game, player, set, depth, &mut line, budget)
            }
            ControlMethod::Dispute => dispute_game(
                &g,
                geometry.len(),
                &game,
                None,
                player,
                set,
                query.params.dispute_edge,
                &mut Vec::new(),
                depth,
                &mut line,
                budget,
            ),
        };
        if outcome != Outcome::DepthBound {
            return outcome;
        }
        depth *= 2;
    }
}

/// The sets to try for location `x`: for L-14 every bordered set containing it (unions of
/// units containing `x`'s unit that pass L-15); for L-17 the sets the prover may form (his
/// smallest bordered set containing `x`, plus any of the smallest bordered sets of empty
/// locations). `None` when the budget runs out while listing them.
fn candidate_sets(
    geometry: &Geometry,
    cells: &[Cell],
    player: Colour,
    method: ControlMethod,
    x: Point,
    budget: &mut Budget,
) -> Option<Vec<BTreeSet<Point>>> {
    let parts: Vec<BTreeSet<Point>> = match method {
        ControlMethod::TwoEyeTest => units(geometry, cells, player),
        ControlMethod::Dispute => {
            let mut v: Vec<BTreeSet<Point>> = Vec::new();
            for e in geometry.points().filter(|&e| cells[e] == Cell::Empty) {
                let s = smallest_bordered_set(geometry, cells, player, e);
                if !v.contains(&s) {
                    v.push(s);
                }
            }
            v
        }
    };
    let base: BTreeSet<Point> = match method {
        ControlMethod::TwoEyeTest => parts.iter().find(|u| u.contains(&x)).cloned()?,
        ControlMethod::Dispute => smallest_bordered_set(geometry, cells, player, x),
    };
    let others: Vec<&BTreeSet<Point>> = parts.iter().filter(|u| !u.is_subset(&base)).collect();
    let k = others.len();
    if k >= 63 {
        return None;
    }
    let mut out: Vec<BTreeSet<Point>> = Vec::new();
    for mask in 0u64..(1u64 << k) {
        if !budget.spend() {
            return None;
        }
        let mut s = base.clone();
        for (i, u) in others.iter().enumerate() {
            if mask >> i & 1 == 1 {
                s.extend(u.iter().copied());
            }
        }
        if bordered(geometry, cells, player, &s) && !out.contains(&s) {
            out.push(s);
        }
    }
    Some(out)
}

/// L-14 / L-17: which locations `query.player` controls.
pub fn control(geometry: &Geometry, query: &ControlQuery) -> ControlAnswer {
    let cells = &query.position.0;
    let mut budget = Budget {
        limit: query.budget,
        used: 0,
    };
    let mut decided: BTreeMap<BTreeSet<Point>, Outcome> = BTreeMap::new();
    let mut controlled = vec![None; geometry.len()];
    let mut proofs = Vec::new();
    for x in geometry.points() {
        let Some(sets) =
            candidate_sets(geometry, cells, query.player, query.method, x, &mut budget)
        else {
            continue;
        };
        let mut answer = Some(false);
        for set in sets {
            let outcome = match decided.get(&set) {
                Some(o) => o.clone(),
                None => {
                    let o = decide_set(geometry, query, &set, &mut budget);
                    if o != Outcome::OutOfBudget {
                        decided.insert(set.clone(), o.clone());
                        if let Outcome::Win(line) = &o {
                            proofs.push(SetProof {
                                set: set.iter().copied().collect(),
                                line: line.clone(),
                            });
                        }
                    }
                    o
                }
            };
            match outcome {
                Outcome::Win(_) => {
                    answer = Some(true);
                    break;
                }
                Outcome::OutOfBudget | Outcome::DepthBound => answer = None,
                Outcome::Loss => {}
            }
        }
        controlled[x] = answer;
    }
    ControlAnswer {
        controlled,
        explored: budget.used,
        proofs,
    }
}

/// L-17 "neutral" claims need it: whether empty `x` contacts a stone of `colour`.
pub fn contacts_colour(geometry: &Geometry, cells: &[Cell], x: Point, colour: Colour) -> bool {
    geometry
        .points()
        .any(|y| cells[y] == Cell::Stone(colour) && contacts(geometry, cells, x, y))
}
