//! The optimized engine's VJR status-question solver (spec `vjr-solver.md` VS-3) and its VJR
//! territory (V-24, V-25). A question (V-12 or V-13) about one final string is answered
//! *yes*, *no* or *undefined* (V-15) in this order (`solve`):
//! 0a. (`vjr-attractor-proof`) a depth-first proof that the root lies in the attractor W
//!    or L, with a quarter of the budget (`attractor_proof.rs`);
//! 0. (`vjr-proof-search`) a goal-directed depth-first proof search on the board states
//!    with a quarter of the budget (`proof_search.rs`): a value it finds is the root's;
//! 1. the state graph of the variations (`state_graph.rs`, V-5 ... V-8), with the target
//!    states and terminal passes as sinks, and (`vjr-benson`, with `vjr-attractor`) the
//!    Benson leaves (`benson_leaves.rs`, VS-3 item 4);
//! 2. (`vjr-attractor`) the attractors W and L (`attractor.rs`): the root in W is *yes*, in
//!    L *no*;
//! 3. (`vjr-cycle-screen`, with `vjr-attractor`) no strongly connected component of the
//!    middle region removes stones of both colours: *undefined* (`cycle_screen.rs`);
//! 4. the first-cycle search (`first_cycle.rs`, V-14 ... V-17) from the root, with W and L
//!    as leaves (without `vjr-attractor`: over the whole graph).
//!
//! Each switch changes nothing but the time. Files: `board.rs` the state and its moves on
//! bitboards (V-2, V-3, V-8); `formation.rs` the formations and the target of V-12
//! (V-9 ... V-11); `territory.rs` V-24, V-25.

mod attractor;
mod attractor_proof;
mod benson_leaves;
mod board;
mod cycle_screen;
mod first_cycle;
mod formation;
mod frozen_regions;
mod proof_search;
mod question;
mod state_graph;
mod territory;

use super::bitboard::{BitBoard, MAX_WORDS, WORDS_25X25};
use super::Optimized;
use crate::engine::{Answer, Engine, Move, Spent, Unsupported};
use crate::geometry::{Geometry, Position};
use crate::vjr::{Outcome, VjrQuestion, VjrStatus, VjrTerritory};
use attractor::Ranks;
use question::Ctx;
use state_graph::{Graph, NO, YES};

fn rectangle(engine: &Optimized, geometry: &Geometry) -> Result<(usize, usize), Unsupported> {
    geometry.rect_size().ok_or_else(|| Unsupported {
        engine: engine.name(),
        what: "boards that are not rectangles".to_string(),
    })
}

/// The answer, the states visited and a line of the answer (with `lines`).
type Solved = Answer<(Outcome, u64, Vec<Move>)>;

fn solve_sized<const N: usize>(
    engine: &Optimized,
    width: usize,
    height: usize,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
    lines: bool,
) -> Solved {
    let sw = engine.switches;
    let board = board::Board::<N>::new(width, height);
    let mut s = BitBoard::ZERO;
    for &p in &check.string {
        s.set(board.bit(p));
    }
    let s0 = board.bit(check.string[0]);
    let ctx = Ctx {
        board,
        check,
        owner: board::index(check.owner),
        seeker: board::index(check.seeker()),
        s,
        s0,
        benson_leaves: sw.vjr_benson && sw.vjr_attractor,
    };
    // The proof searches come without a line, so neither runs for lines.
    let mut spent = 0;
    // `vjr-attractor-proof` (VS-3 item 0a): a quarter of the budget, three quarters on
    // boards of more than 16 points (where the state graph never fits).
    let share = if width * height > 16 {
        budget / 4 * 3
    } else {
        budget / 4
    };
    if sw.vjr_attractor_proof && !lines {
        let (value, visited) = attractor_proof::search(
            &ctx,
            ctx.root(position),
            share,
            sw.vjr_benson,
            sw.vjr_frozen_regions,
        );
        if let Some(v) = value {
            return Answer::Decided((v, visited, Vec::new()));
        }
        spent = visited;
    }
    // `vjr-proof-search` (VS-3 item 0): a quarter of the budget.
    if sw.vjr_proof_search && !lines {
        let (value, visited) = proof_search::search(&ctx, ctx.root(position), budget / 4);
        if let Some(v) = value {
            return Answer::Decided((v, spent + visited, Vec::new()));
        }
        spent += visited;
    }
    let graph = match state_graph::build(&ctx, ctx.root(position), budget.saturating_sub(spent)) {
        Ok(g) => g,
        Err(explored) => {
            return Answer::Undetermined(Spent {
                explored: spent + explored,
            })
        }
    };
    let states = spent + graph.states;
    let decided = |o: Outcome, line: Vec<Move>| Answer::Decided((o, states, line));
    match graph.root {
        YES => return decided(Outcome::Yes, Vec::new()),
        NO => return decided(Outcome::No, Vec::new()),
        _ => {}
    }
    let ranks = sw.vjr_attractor.then(|| attractor::attractors(&graph));
    if let Some((w, l)) = &ranks {
        let root = graph.root as usize;
        if w[root] != u32::MAX {
            return decided(Outcome::Yes, attractor_line(&graph, w, graph.root, true));
        }
        if l[root] != u32::MAX {
            return decided(Outcome::No, attractor_line(&graph, l, graph.root, false));
        }
        if sw.vjr_cycle_screen {
            let middle: Vec<bool> = (0..graph.nodes.len())
                .map(|v| v > 1 && w[v] == u32::MAX && l[v] == u32::MAX)
                .collect();
            if cycle_screen::no_mixed_cycle(&graph, &middle) {
                return decided(Outcome::Undefined, Vec::new());
            }
        }
    }
    let leaves = ranks.as_ref().map(|(w, l)| first_cycle::Leaves { w, l });
    match first_cycle::search(
        &graph,
        leaves,
        ctx.seeker,
        check.long_cycles,
        budget.saturating_sub(states),
        lines,
    ) {
        Ok((o, visited, line)) => Answer::Decided((o, states + visited, line)),
        Err(visited) => Answer::Undetermined(Spent {
            explored: states + visited,
        }),
    }
}

/// A line inside an attractor: the attracted player lowers the rank, the other player
/// keeps it as high as he can (the longest resistance), to the sink.
fn attractor_line(graph: &Graph, rank: &Ranks, from: u32, for_seeker: bool) -> Vec<Move> {
    let mut line = Vec::new();
    let mut v = from;
    while v != YES && v != NO && line.len() < 200 {
        let node = &graph.nodes[v as usize];
        let members = node
            .succ
            .iter()
            .enumerate()
            .filter(|(_, e)| rank[e.to as usize] != u32::MAX);
        let pick = if node.seeker_moves == for_seeker {
            members.min_by_key(|(_, e)| rank[e.to as usize])
        } else {
            members.max_by_key(|(_, e)| rank[e.to as usize])
        };
        let Some((i, e)) = pick else { break };
        line.push(node.moves[i]);
        v = e.to;
    }
    line
}

fn solve(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
    lines: bool,
) -> Result<Solved, Unsupported> {
    let (w, h) = rectangle(engine, geometry)?;
    Ok(match engine.words_for(w, h) {
        2 => solve_sized::<2>(engine, w, h, position, check, budget, lines),
        6 => solve_sized::<6>(engine, w, h, position, check, budget, lines),
        WORDS_25X25 => solve_sized::<WORDS_25X25>(engine, w, h, position, check, budget, lines),
        _ => solve_sized::<MAX_WORDS>(engine, w, h, position, check, budget, lines),
    })
}

/// [`VjrQuestions::force`](crate::engine::VjrQuestions::force) of the optimized engine.
pub(super) fn force(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
) -> Result<Answer<(Outcome, u64)>, Unsupported> {
    Ok(
        match solve(engine, geometry, position, check, budget, false)? {
            Answer::Decided((o, n, _)) => Answer::Decided((o, n)),
            Answer::Undetermined(Spent { explored }) => Answer::Undetermined(Spent { explored }),
        },
    )
}

/// [`VjrQuestions::principal_line`](crate::engine::VjrQuestions::principal_line) of the optimized engine.
pub(super) fn principal_line(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
) -> Result<Option<(Outcome, Vec<Move>)>, Unsupported> {
    Ok(
        match solve(engine, geometry, position, check, budget, true)? {
            Answer::Decided((o, _, line)) => Some((o, line)),
            Answer::Undetermined(_) => None,
        },
    )
}

/// [`VjrQuestions::territory`](crate::engine::VjrQuestions::territory) of the optimized engine.
pub(super) fn territory(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    status: &[Option<VjrStatus>],
) -> Result<VjrTerritory, Unsupported> {
    let (w, h) = rectangle(engine, geometry)?;
    Ok(match engine.words_for(w, h) {
        2 => territory::territory::<2>(w, h, position, status),
        6 => territory::territory::<6>(w, h, position, status),
        WORDS_25X25 => territory::territory::<WORDS_25X25>(w, h, position, status),
        _ => territory::territory::<MAX_WORDS>(w, h, position, status),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::optimized::Switches;
    use crate::parse::diagram::parse_position;
    use crate::rules::Family;
    use crate::vjr::{Coverage, FormationKind, IndependentLife, Question};

    /// The answer and states of every configuration (all on, each VJR switch off), checked
    /// to agree.
    fn answer(text: &str, string: &[usize], question: Question) -> (Outcome, u64) {
        let (g, p) = parse_position(text).expect("diagram");
        let owner = match p.get(string[0]) {
            crate::geometry::Cell::Stone(c) => c,
            crate::geometry::Cell::Empty => panic!("a stone"),
        };
        let check = VjrQuestion {
            long_cycles: crate::vjr::LongCycles::default(),
            string: string.to_vec(),
            owner,
            question,
        };
        let mut first = None;
        for name in
            std::iter::once(None).chain(Switches::names_of(Family::Vjr).into_iter().map(Some))
        {
            let engine = Optimized {
                switches: name.map_or(Switches::ALL_ON, |n| {
                    Switches::without(n).expect("a switch")
                }),
            };
            let Answer::Decided((o, n)) = force(&engine, &g, &p, &check, 1_000_000).expect("rect")
            else {
                panic!("undetermined");
            };
            assert_eq!(first.map_or(o, |(f, _)| f), o, "{}", engine.name());
            first.get_or_insert((o, n));
        }
        first.expect("an answer")
    }

    fn life(formation: FormationKind, coverage: Coverage) -> Question {
        Question::Formation(IndependentLife {
            formation,
            coverage,
        })
    }

    #[test]
    fn a_dead_stone_is_captured() {
        // Black, first to move, plays 1 and removes the white stone 0 (V-13).
        assert_eq!(answer("O . .\n", &[0], Question::Capture).0, Outcome::Yes);
    }

    #[test]
    fn two_eyes_are_uncapturable_and_alive_at_once() {
        let text = ". # . #\n# # # #\n";
        let s = [1, 3, 4, 5, 6, 7];
        // White can only pass (both eyes are suicide): no capture.
        assert_eq!(answer(text, &s, Question::Capture).0, Outcome::No);
        // The final position meets every target: one state.
        let q = life(FormationKind::PassAlive, Coverage::All);
        assert_eq!(answer(text, &s, q), (Outcome::Yes, 1));
    }

    #[test]
    fn ring_is_an_n_eye_formation_at_once_and_two_eye_after_a_fill() {
        // Strings {1}, {5}, {3, 6, 7} and eyes 0, 2, 4, 8: n-eye at the root; two-eye only
        // after Black fills 4 (White can only pass: every empty point is suicide for him).
        let text = ". # .\n# . #\n# # .\n";
        assert_eq!(
            answer(text, &[1], life(FormationKind::NEye, Coverage::All)),
            (Outcome::Yes, 1)
        );
        let (o, states) = answer(text, &[1], life(FormationKind::TwoEye, Coverage::All));
        assert_eq!(o, Outcome::Yes);
        assert!(states > 1);
    }

    #[test]
    fn a_white_wall_on_the_string_forbids_life() {
        // The black stone 0 in White's area: White, first to move, captures it at 1, and
        // Black can never play on 0 again (suicide while White keeps the liberty 3).
        let text = "# . O .\nO O O O\n";
        assert_eq!(
            answer(text, &[0], life(FormationKind::PassAlive, Coverage::One)).0,
            Outcome::No
        );
        assert_eq!(answer(text, &[0], Question::Capture).0, Outcome::Yes);
    }
}
