//! The optimized engine's J2003 solver (spec `j2003-solver.md` S-3) and its J2003 scoring (J-54 ...
//! J-64). A status check of a final-position (G-1 ... G-8: can Y force the capture of S, or
//! for C1/C2 the target, whatever X does?) is decided in this order (`force`):
//! 1. the Benson shortcut (`benson-uncapturable`), then safety by local answers
//!    (`alternating-safety`, at most `budget` positions of its local games, counted apart
//!    from the searches' states), uncapturable checks only;
//! 2. each prover's proof on his fenced set alone (`fenced-sets`, J-LOC-8), in two rounds of
//!    a 32nd and a quarter of the budget per prover, counted apart like the screen's;
//! 3. the goal-directed proof searches, Y's (`bounded-capture`) and X's (`survival-proof`)
//!    taking turns, with half the budget (all of it when no state graph follows): a proof
//!    found decides the check;
//! 4. the whole state graph and its Büchi game, on boards of at most `GRAPH_POINTS` points
//!    (on every board when both proof searches are off); beyond, the check is undetermined.
//!
//! Reductions (each switchable, spec S-3; the code of each switch is in the file of its name):
//! * in the uncapturable game a captured state is won by Y whatever follows (capture is an
//!   event that is never undone, C-8), so it is not expanded (always on: it is the game's
//!   own definition, not a reduction);
//! * `benson-uncapturable`: a string that Benson's algorithm finds unconditionally alive is
//!   uncapturable without a search (Y cannot capture it even if X passes every turn, and
//!   X may pass every turn; J-41);
//! * the goal-directed proof searches (`prove`: `bounded-capture`, `survival-proof`) with
//!   their Benson-based reductions `benson-survival` (a state where S's string is
//!   unconditionally alive is X's win), `sealed-regions` (no plays into regions enclosed
//!   by X's alive strings, U game), `frozen-regions` (empty regions enclosed by the
//!   prover's opponent: the opponent's plays there are one tempo move) and `rival-proofs`
//!   (a state one prover has proved is a final failure of the other, S-3.3).
//!
//! Files:
//! * `board.rs`: the byte board, strings and the legal plays (J-8): what both searches
//!   share;
//! * `successors.rs`: a state's moves (G-3) as plans, each successor built on demand
//!   (`expand` builds them all);
//! * `state.rs`: the packed state (words inline, a Zobrist key kept by every change);
//! * `tables.rs`: the widths on bitboards (one to six words, every board up to 19x19):
//!   `Tables`, `on_words!`, `on_tables!`;
//! * `liberties.rs`: liberty counts in packed states (df-pn's initial numbers), a state's
//!   successors patched from its stones;
//! * `state_graph.rs`: the state graph, Y's winning region (Büchi fixpoint), a principal line;
//! * `state_graph_memo.rs`: the graph's answers kept for the process (switch
//!   `state-graph-memo`); `process_memo.rs` the cache it and `local-game-memo` share;
//! * `proof_search.rs`: the goal-directed proof search (`prove`, `Proof`);
//! * `proof_ladder.rs`: its stages within growing budgets (switch `proof-ladder`);
//! * `benson_uncapturable.rs`: the Benson shortcut before any search;
//! * `alternating_safety/`: safety by local answers in the regions X encloses and miai
//!   pairs (J-LOC-5, J-LOC-6), after Benson's shortcut (`local_game.rs` one region's game,
//!   its moves ordered with killers, switch `local-game-killer`; `memo.rs` the outcomes of
//!   local games kept for the process, switch `local-game-memo`);
//! * `fenced_sets.rs`: each prover's proof on his fenced set of the check alone, the rest
//!   of the board emptied and frozen (J-LOC-8);
//! * `bounded_capture.rs`: Y as prover: Y's judgement of a strategy component;
//! * `survival_proof.rs`: X as prover: X's judgement of a strategy component;
//! * `benson_memo.rs`: Benson's verdicts kept per board (switch `benson-memo`);
//! * `benson_verdict.rs`: Benson's algorithm on byte boards (the shared fixpoint,
//!   `crate::benson`), what the Benson-based reductions read;
//! * `benson_survival.rs`: the alive leaves of the proofs;
//! * `sealed_regions.rs`: no plays into regions sealed by X's alive strings (U game);
//! * `frozen_regions.rs`: regions enclosed by the prover's opponent, one tempo move;
//! * `rival_proofs.rs`: each prover's round reads the other's proofs (switch
//!   `rival-proofs`, S-3.3);
//! * `j2003_dfpn.rs`: the uncapturable check by df-pn (switch `j2003-dfpn`, S-3.1);
//! * `ko_bracketing.rs`: the uncapturable check first in two ko-free variants that bracket
//!   it (switch `ko-bracketing`, S-3.2);
//! * `j19_ko_stone_screen.rs`: whether ending passes (J-19) are judged by the lemma J19-L1
//!   before the analysis (switch `j19-ko-stone-screen`; not a reduction of the solver);
//! * `score.rs`: J2003 scoring by union-find.

mod alternating_safety;
mod benson_memo;
mod benson_survival;
mod benson_uncapturable;
mod benson_verdict;
mod board;
mod bounded_capture;
mod fenced_sets;
mod frozen_regions;
mod j19_ko_stone_screen;
mod j2003_dfpn;
mod ko_bracketing;
mod liberties;
mod process_memo;
mod proof_ladder;
mod proof_search;
mod rival_proofs;
mod score;
mod sealed_regions;
mod state;
mod state_graph;
mod state_graph_memo;
mod successors;
mod survival_proof;
mod tables;

pub(super) use j19_ko_stone_screen::screens_ending_passes;
pub(super) use score::board_score;

use super::Optimized;
use crate::engine::{
    Answer, Engine, LineMove, LinelessProof, Move, PrincipalLine, Spent, Unsupported,
};
use crate::geometry::{Geometry, Position};
use crate::status_game::{StatusCheck, StatusKind};

/// Largest board on which a J2003 check falls back on the whole state graph.
const GRAPH_POINTS: usize = 16;

/// Largest depth bound of the proof searches of `bounded-capture` and `survival-proof`
/// (moves; iterative deepening from 4, doubling).
const PROOF_DEPTH: usize = 1_024;

/// Whether a J2003 check goes on to the state graph when the proof search found nothing
/// (spec S-3): always when both proof searches are switched off, else on boards of at
/// most `GRAPH_POINTS` points (beyond, the graph never fits any budget we use).
fn uses_graph(engine: &Optimized, geometry: &Geometry) -> bool {
    !(engine.switches.bounded_capture || engine.switches.survival_proof)
        || geometry.len() <= GRAPH_POINTS
}

/// The Benson-based, region and rival reductions of the proof searches and their ladder, as
/// the engine's switches say (spec S-3, S-3.3).
fn leaves(engine: &Optimized) -> proof_search::Leaves {
    proof_search::Leaves {
        benson_survival: engine.switches.benson_survival,
        sealed_regions: engine.switches.sealed_regions,
        frozen_regions: engine.switches.frozen_regions,
        rival_proofs: engine.switches.rival_proofs,
        proof_ladder: engine.switches.proof_ladder,
    }
}

/// Goal-directed proofs (spec S-3): Y's strategy (`bounded-capture`) and X's
/// (`survival-proof`), taking turns, by the line-bounded searches; for uncapturable checks
/// with `j2003-dfpn` these have only a quarter of the share (they keep the reductions df-pn
/// lacks, `sealed-regions` and `frozen-regions`, and decide some checks cheaply), and df-pn
/// (S-3.1) follows with the rest, after the ko-free bracketing variants with
/// `ko-bracketing` (S-3.2, each with a quarter of df-pn's part; not when a line is wanted:
/// a variant's line need not be a J2003 line). The share is half the budget (all of it when
/// no state graph follows); `None` when no proof search is on.
fn proof(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
    want_line: bool,
) -> Option<(Option<bool>, u64, Vec<Move>)> {
    let share = if uses_graph(engine, geometry) {
        budget / 2
    } else {
        budget
    };
    let board = board::byte_board(position);
    let mut provers = Vec::new();
    if engine.switches.bounded_capture {
        provers.push(proof_search::Prover::Attacker);
    }
    if engine.switches.survival_proof {
        provers.push(proof_search::Prover::Defender);
    }
    let dfpn = engine.switches.j2003_dfpn && check.kind == StatusKind::Uncapturable;
    // `benson-memo`: one memo for every search of the check (the verdicts are for X's
    // colour in all of them).
    let mut memo = benson_memo::BensonMemo::new(engine.switches.benson_memo);
    let mut spent = 0;
    if !provers.is_empty() {
        let (forced, nodes, line) = proof_search::prove_with_memo(
            geometry,
            &board,
            check,
            &provers,
            leaves(engine),
            None,
            PROOF_DEPTH,
            if dfpn { share / 4 } else { share },
            &mut memo,
        );
        if forced.is_some() || !dfpn {
            return Some((forced, nodes, line));
        }
        spent = nodes;
    }
    if !dfpn {
        return None;
    }
    let part = share.saturating_sub(spent);
    let benson = engine.switches.benson_survival;
    if engine.switches.ko_bracketing && !want_line {
        let (forced, nodes) =
            ko_bracketing::bracket(geometry, &board, check, benson, &mut memo, part / 4);
        spent += nodes;
        if forced.is_some() {
            return Some((forced, spent, Vec::new()));
        }
    }
    let (forced, nodes, line) = j2003_dfpn::solve_with_memo(
        geometry,
        &board,
        check,
        None,
        benson,
        share.saturating_sub(spent),
        &mut memo,
    );
    Some((forced, spent + nodes, line))
}

/// The screens that run before any search: `benson-uncapturable` (benson_uncapturable.rs,
/// Benson's shortcut) and `alternating-safety` (alternating_safety/, safety by local
/// answers, J-LOC-5/6, within `budget` positions of its local games; the searches after it
/// still get `budget` states, a local position costing a small part of a state: a region's
/// masks, not a board). `Some` when one proves S uncapturable; the positions spent.
/// Measured 2026-12-02 on `benches/real-games-status.sh j2003 200000 60 9x9`: with an eighth
/// of the budget shared with the searches, the 9x9 strings of gnugo-9x9-3 whose 13-point
/// region takes 16,345 positions were left undetermined.
fn lineless_proof(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
    report: &dyn Fn(&str, u64, &str),
) -> (Option<LinelessProof>, u64) {
    let Some((w, h)) = geometry.rect_size() else {
        return (None, 0);
    };
    if engine.switches.benson_uncapturable
        && benson_uncapturable::is_uncapturable_by_benson(
            w,
            h,
            engine.words_for(w, h),
            position,
            check,
        )
    {
        return (Some(LinelessProof::Benson), 0);
    }
    if !(engine.switches.alternating_safety && check.kind == StatusKind::Uncapturable) {
        return (None, 0);
    }
    let screen = alternating_safety::Screen {
        region_points: alternating_safety::REGION_POINTS,
        cuts: engine.switches.alternating_safety_cuts,
        memo: engine.switches.local_game_memo,
        killer: engine.switches.local_game_killer,
    };
    let safety = alternating_safety::is_safe_by_local_answers(
        screen,
        geometry,
        position,
        check.string[0],
        check.defender,
        budget,
    );
    report(
        "alternating safety",
        safety.positions,
        match (safety.safe, safety.by_cut) {
            (true, true) => "safe (with cut regions)",
            (true, false) => "safe",
            _ => "not proved",
        },
    );
    (
        safety.safe.then_some(LinelessProof::LocalAnswers),
        safety.positions,
    )
}

/// The states `principal_line` may spend on a line of a check that a screen of
/// [`lineless_proof`] decided.
const LINE_AFTER_SCREEN: u64 = 20_000;

/// [`J2003Questions::force`](crate::engine::J2003Questions::force) of the optimized engine.
pub(super) fn force(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
) -> Result<Answer<(bool, u64)>, Unsupported> {
    if geometry.rect_size().is_none() {
        return Err(Unsupported {
            engine: engine.name(),
            what: "boards that are not rectangles".to_string(),
        });
    }
    let stats = std::env::var_os("GO_ORACLE_SOLVER_STATS").is_some();
    let report = |how: &str, nodes: u64, answer: &str| {
        if stats {
            eprintln!(
                "j2003 {:?} of {} at {}: {how} {answer} after {nodes} nodes",
                check.kind,
                check.defender.name(),
                geometry.name(check.string[0]),
            );
        }
    };
    let (lineless, mut spent) = lineless_proof(engine, geometry, position, check, budget, &report);
    if lineless.is_some() {
        return Ok(Answer::Decided((false, spent)));
    }
    // `fenced-sets`: each prover's proof on its fenced set alone (J-LOC-8).
    if engine.switches.fenced_sets {
        let (decided, nodes) = pinned_games(engine, geometry, position, check, budget, &report);
        spent += nodes;
        if let Some((forced, _)) = decided {
            return Ok(Answer::Decided((forced, spent)));
        }
    }
    if let Some((proved, nodes, _)) = proof(engine, geometry, position, check, budget, false) {
        let verdict = match proved {
            Some(true) => "forced",
            Some(false) => "not forced",
            None => "no proof",
        };
        report("proof search", nodes, verdict);
        if let Some(forced) = proved {
            return Ok(Answer::Decided((forced, spent + nodes)));
        }
        spent += nodes;
    }
    if !uses_graph(engine, geometry) {
        report("state graph", 0, "skipped (board too big)");
        return Ok(Answer::Undetermined(Spent { explored: spent }));
    }
    let answer = state_graph_memo::force(
        engine.switches.state_graph_memo,
        geometry,
        &board::byte_board(position),
        check,
        budget,
    );
    match &answer {
        Answer::Decided((forced, n, _)) => report(
            "state graph",
            *n,
            if *forced { "forced" } else { "not forced" },
        ),
        Answer::Undetermined(Spent { explored }) => {
            report("state graph", *explored, "undetermined")
        }
    }
    Ok(match answer {
        Answer::Decided((forced, n, _)) => Answer::Decided((forced, n + spent)),
        Answer::Undetermined(Spent { explored }) => Answer::Undetermined(Spent {
            explored: explored + spent,
        }),
    })
}

/// `fenced-sets` (fenced_sets.rs): each prover's proof on its fenced set alone, J-LOC-8,
/// counted apart like the safety screen's: in two rounds, the provers taking turns, first
/// with a 32nd of the budget each (a dead string's proof of Y costs hundreds of states, a
/// live one's of X may need more than a 16th), then with a quarter each. The first proof
/// found, with its line in the real game, and the states spent.
fn pinned_games(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
    report: &dyn Fn(&str, u64, &str),
) -> (Option<(bool, Vec<LineMove>)>, u64) {
    let provers = [
        proof_search::Prover::Attacker,
        proof_search::Prover::Defender,
    ];
    let sets = provers.map(|p| fenced_sets::fenced_set(geometry, position, check, p));
    let mut spent = 0;
    for share in [budget / 32, budget / 4] {
        for (&prover, fenced) in provers.iter().zip(&sets) {
            let Some(fenced) = fenced else {
                continue;
            };
            let (forced, nodes, line) = fenced_sets::prove(
                geometry,
                fenced,
                check,
                prover,
                leaves(engine),
                PROOF_DEPTH,
                share,
            );
            report(
                &format!("fenced set ({prover:?}, {share})"),
                nodes,
                match forced {
                    Some(true) => "forced",
                    Some(false) => "not forced",
                    None => "no proof",
                },
            );
            spent += nodes;
            if let Some(forced) = forced {
                return (Some((forced, fenced_sets::real_line(fenced, &line))), spent);
            }
        }
    }
    (None, spent)
}

/// [`J2003Questions::principal_line`](crate::engine::J2003Questions::principal_line) of the optimized engine.
pub(super) fn principal_line(
    engine: &Optimized,
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
) -> Result<Option<PrincipalLine>, Unsupported> {
    if geometry.rect_size().is_none() {
        return Ok(None);
    }
    // The screens that decide without a line, as `force` runs them first: a line of the
    // whole board's proof when it costs at most `LINE_AFTER_SCREEN` states (a small shape's
    // refutation reads better than the screen's verdict), else the screen's verdict (on a
    // real game end the search for a line can cost minutes where the screen took seconds).
    let screens = |_: &str, _: u64, _: &str| {};
    if let (Some(proof), _) = lineless_proof(engine, geometry, position, check, budget, &screens) {
        let cheap = budget.min(LINE_AFTER_SCREEN);
        if let Some((Some(false), _, moves)) =
            self::proof(engine, geometry, position, check, cheap, true)
        {
            return Ok(Some(PrincipalLine {
                forced: false,
                moves: moves.into_iter().map(LineMove::Move).collect(),
                without_line: None,
            }));
        }
        return Ok(Some(PrincipalLine {
            forced: false,
            moves: Vec::new(),
            without_line: Some(proof),
        }));
    }
    let line = |forced: bool, moves: Vec<Move>| PrincipalLine {
        forced,
        moves: moves.into_iter().map(LineMove::Move).collect(),
        without_line: None,
    };
    // The whole board's proof within `LINE_AFTER_SCREEN` states first (its line needs no
    // tempo), then the pinned games in `force`'s order, then the whole board's proof with
    // the whole budget, then the state graph. Which proof decided the check in `force` does
    // not matter: every proof is one of the check's answer. (The whole board's proof with
    // the whole budget first cost a real game's `explain` one failed search of the budget
    // per string that the pinned games decide: katsunari1's 21.8 s, 2026-12-04.)
    let cheap = budget.min(LINE_AFTER_SCREEN);
    if let Some((Some(forced), _, moves)) = proof(engine, geometry, position, check, cheap, true) {
        return Ok(Some(line(forced, moves)));
    }
    if engine.switches.fenced_sets {
        if let (Some((forced, moves)), _) =
            pinned_games(engine, geometry, position, check, budget, &|_, _, _| {})
        {
            return Ok(Some(PrincipalLine {
                forced,
                moves,
                without_line: None,
            }));
        }
    }
    if budget > cheap {
        if let Some((Some(forced), _, moves)) =
            proof(engine, geometry, position, check, budget, true)
        {
            return Ok(Some(line(forced, moves)));
        }
    }
    if !uses_graph(engine, geometry) {
        return Ok(None);
    }
    Ok(
        match state_graph_memo::force(
            engine.switches.state_graph_memo,
            geometry,
            &board::byte_board(position),
            check,
            budget,
        ) {
            Answer::Decided((forced, _, moves)) => Some(line(forced, moves)),
            Answer::Undetermined(_) => None,
        },
    )
}
