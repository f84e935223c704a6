//! Reduction `j2003-dfpn` (engine switch, spec S-3 clause S-3.1): the uncapturable check
//! (U, a reachability game for Y, G-8) by depth-first proof-number search (df-pn, Nagai)
//! instead of the line-bounded iterative deepening of `proof_search.rs`. No depth bound:
//! thresholds on proof and disproof numbers guide the search, with the 1+epsilon trick of
//! Pawlewicz & Lew for the second-best child; a transposition table keyed on the packed
//! state (position, player to move, pass flag, ko record of J-31: `board::State`); initial
//! numbers from the liberties of S; a node budget.
//!
//! Soundness (spec S-3.1): Y's wins (pn 0) are finite trees of real moves ending in a
//! capture and are stored unconditionally. A state on the current path reached again is
//! X's win *relative to that path* (the first-cycle judgement, exact for reachability
//! games): a disproof carries `repd`, the smallest path depth of a repetition it rests on,
//! and is stored as final only when `repd` is not above the node itself (it rests on
//! nothing but cycles through the node); otherwise it lives only in its parent's list of
//! children (the path above stays fixed while that list lives) and is recomputed elsewhere
//! (the GHI treatment of Kishimoto & Müller, tsumego.js' `repd`). C1/C2 checks are not
//! searched here (their Büchi conditions need the fixpoint of `proof_search.rs`).

use super::benson_memo::BensonMemo;
use super::board::{stone, Board, State};
use super::liberties::{Around, Stones};
use super::successors::{expand, plan, Step};
use crate::engine::Move;
use crate::geometry::Geometry;
use crate::status_game::{StatusCheck, StatusKind};
use rustc_hash::FxHashMap as HashMap;

/// Infinity of the proof and disproof numbers (sums saturate here).
const INF: u64 = 1 << 40;

/// No repetition: a result that rests on no state of the path.
const NOREP: usize = usize::MAX;

/// Deepest path the search follows (stack safety): a node there gets large, non-final
/// numbers, which can only make the search miss a result, never give a wrong one.
const MAX_PATH: usize = 2_000;

/// A child in its parent's list: its state (`None`: terminal or a repetition), its
/// numbers and its `repd`.
struct Kid {
    state: Option<State>,
    pn: u64,
    dn: u64,
    repd: usize,
}

struct Dfpn<'a> {
    b: Board<'a>,
    check: &'a StatusCheck,
    attacker: u8,
    near: Vec<bool>,
    benson: bool,
    /// Path-independent numbers: final (pn or dn 0) or heuristic.
    tt: HashMap<State, (u64, u64)>,
    /// The states of the current path with their depth.
    path: HashMap<State, usize>,
    nodes: u64,
    budget: u64,
    /// Benson's verdicts, kept per board with `benson-memo` (benson_memo.rs).
    memo: &'a mut BensonMemo,
}

/// df-pn on the U check from `board` (Y to move, empty record), in J2003 or (`favoured`)
/// in a ko-free variant of `ko-bracketing`. `Some(true)`: Y can force the capture;
/// `Some(false)`: he cannot; `None`: not decided within `budget` nodes. Also the nodes
/// spent and a principal line.
#[cfg(test)]
pub(super) fn solve(
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    favoured: Option<u8>,
    benson: bool,
    benson_memo: bool,
    budget: u64,
) -> (Option<bool>, u64, Vec<Move>) {
    let mut memo = BensonMemo::new(benson_memo);
    solve_with_memo(geometry, board, check, favoured, benson, budget, &mut memo)
}

/// [`solve`] with Benson's verdicts kept in `memo` (`benson-memo` is the memo's switch),
/// which the searches of the same check share (the verdicts are for X's colour in all).
pub(super) fn solve_with_memo(
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    favoured: Option<u8>,
    benson: bool,
    budget: u64,
    memo: &mut BensonMemo,
) -> (Option<bool>, u64, Vec<Move>) {
    if check.kind != StatusKind::Uncapturable {
        // df-pn plays the U game only: nothing decided.
        return (None, 0, Vec::new());
    }
    let attacker = 3 - stone(check.defender);
    let mut near = vec![false; geometry.len()];
    for &p in &check.string {
        near[p] = true;
        for &n in geometry.neighbours(p) {
            near[n] = true;
            for &m in geometry.neighbours(n) {
                near[m] = true;
            }
        }
    }
    let mut b = Board::new(geometry, check);
    b.favoured = favoured;
    let mut s = Dfpn {
        b,
        check,
        attacker,
        near,
        benson,
        tt: HashMap::default(),
        path: HashMap::default(),
        nodes: 0,
        budget,
        memo,
    };
    let start = State::new(board, &[0], attacker);
    let verdict = loop {
        match s.mid(&start, 0, INF, INF) {
            Err(()) => break None,
            Ok((0, _, _)) => break Some(true),
            Ok((_, 0, _)) => break Some(false),
            Ok(_) if s.nodes >= s.budget => break None,
            Ok(_) => {}
        }
    };
    let line = match verdict {
        Some(y) => s.line(&start, y),
        None => Vec::new(),
    };
    (verdict, s.nodes.min(budget), line)
}

/// A threshold for the second-best child: max(d2 + 1, d2 (1 + 1/4)) (the 1+epsilon trick).
fn widen(d2: u64) -> u64 {
    if d2 >= INF {
        INF
    } else {
        (d2 + 1).max(d2 + d2 / 4).min(INF)
    }
}

impl Dfpn<'_> {
    /// Whether S's string is unconditionally alive (Benson) in `key`: X passes for ever and
    /// wins (spec S-3, `benson-survival`).
    fn alive(&mut self, key: &State) -> bool {
        self.memo
            .verdict(self.b.geometry, &mut self.b.stones, key, 3 - self.attacker)
            .alive
            .contains(self.check.string[0])
    }

    /// Initial numbers of a new state: pn grows with the liberties of S (Y must take them
    /// all), dn 1.
    /// (`child` is a successor of `parent`, whose stones are `stones`: liberties.rs.)
    fn initial(
        &mut self,
        stones: &Stones,
        around: Option<&Around>,
        parent: &State,
        child: &State,
    ) -> (u64, u64) {
        let n = self
            .b
            .liberty_count_after(stones, around, parent, child, self.check.string[0])
            .max(1) as u64;
        (n, 1)
    }

    /// The children of `key` with their numbers, best first by move order.
    fn kids(&mut self, key: &State) -> Vec<Kid> {
        let mut plans = plan(&mut self.b, self.check, self.attacker, &self.near, key);
        let mut succ = std::mem::take(&mut plans.moves);
        succ.sort_by_key(|(rank, _, _)| *rank);
        let stones = self.b.stones_of(key);
        let around = self.b.around(&stones, self.check.string[0]);
        let mut kids = Vec::with_capacity(succ.len());
        for (_, _, step) in succ {
            // Each child built straight into its entry (no list of built successors).
            let step = step.map(|plan| plans.build(&self.b, key, &plan));
            let kid = match step {
                Err(true) => Kid {
                    state: None,
                    pn: 0,
                    dn: INF,
                    repd: NOREP,
                },
                Err(false) => Kid {
                    state: None,
                    pn: INF,
                    dn: 0,
                    repd: NOREP,
                },
                Ok(c) => {
                    if let Some(&j) = self.path.get(&c) {
                        // A repetition: X's win relative to the path (first cycle).
                        Kid {
                            state: None,
                            pn: INF,
                            dn: 0,
                            repd: j,
                        }
                    } else {
                        let (pn, dn) = match self.tt.get(&c) {
                            Some(&v) => v,
                            None => self.initial(&stones, around.as_ref(), key, &c),
                        };
                        Kid {
                            state: Some(c),
                            pn,
                            dn,
                            repd: NOREP,
                        }
                    }
                }
            };
            kids.push(kid);
        }
        kids
    }

    /// The numbers of a node from its children, and the `repd` of a disproof.
    fn summary(or: bool, kids: &[Kid]) -> (u64, u64, usize) {
        let (mut min, mut sum, mut repd) = (INF, 0u64, if or { NOREP } else { 0 });
        for k in kids {
            let (m, s) = if or { (k.pn, k.dn) } else { (k.dn, k.pn) };
            min = min.min(m);
            sum = (sum + s).min(INF);
            if k.dn == 0 {
                // OR (Y to move): disproved only when every child is, resting on all
                // their repetitions; AND: the disproved child resting on the least.
                repd = if or {
                    repd.min(k.repd)
                } else {
                    repd.max(k.repd)
                };
            }
        }
        let (pn, dn) = if or { (min, sum) } else { (sum, min) };
        (pn, dn, if dn == 0 { repd } else { NOREP })
    }

    /// MID of df-pn: searches `key` (at path depth `depth`) until its proof number reaches
    /// `th_pn` or its disproof number `th_dn`. `Err` past the budget.
    fn mid(
        &mut self,
        key: &State,
        depth: usize,
        th_pn: u64,
        th_dn: u64,
    ) -> Result<(u64, u64, usize), ()> {
        if let Some(&(pn, dn)) = self.tt.get(key) {
            if pn == 0 || dn == 0 {
                return Ok((pn, dn, NOREP));
            }
        }
        self.nodes += 1;
        if self.nodes > self.budget || crate::deadline::passed() {
            return Err(());
        }
        if self.benson && self.alive(key) {
            self.tt.insert(key.clone(), (INF, 0));
            return Ok((INF, 0, NOREP));
        }
        if depth >= MAX_PATH {
            return Ok((INF / 4, INF / 4, NOREP));
        }
        let or = key.to_move == self.attacker;
        let mut kids = self.kids(key);
        self.path.insert(key.clone(), depth);
        let result = loop {
            let (pn, dn, repd) = Self::summary(or, &kids);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn {
                break Ok((pn, dn, repd));
            }
            // The best child (least pn at Y's turn, least dn at X's) and the second best.
            let (mut best, mut d1, mut d2) = (0, INF, INF);
            for (i, k) in kids.iter().enumerate() {
                let d = if or { k.pn } else { k.dn };
                if d < d1 {
                    (best, d2, d1) = (i, d1, d);
                } else if d < d2 {
                    d2 = d;
                }
            }
            let _ = d1;
            let k = &kids[best];
            let (tp, td) = if or {
                (
                    th_pn.min(widen(d2)),
                    (th_dn.saturating_sub(dn) + k.dn).min(INF),
                )
            } else {
                (
                    (th_pn.saturating_sub(pn) + k.pn).min(INF),
                    th_dn.min(widen(d2)),
                )
            };
            // Only open children are chosen (a solved or cut child has pn or dn 0 and a
            // final summary breaks the loop before); a closed one would end the search
            // here with the numbers as they are, never with a wrong result.
            let Some(c) = k.state.clone() else {
                let (pn, dn, _) = Self::summary(or, &kids);
                break Ok((pn.max(1), dn.max(1), NOREP));
            };
            match self.mid(&c, depth + 1, tp, td) {
                Ok((pn, dn, repd)) => {
                    let k = &mut kids[best];
                    (k.pn, k.dn, k.repd) = (pn, dn, repd);
                    if pn == 0 || dn == 0 {
                        // Never expanded again from this list.
                        k.state = None;
                    }
                }
                Err(()) => break Err(()),
            }
        };
        self.path.remove(key);
        let (pn, dn, repd) = result?;
        if dn == 0 && repd < depth {
            // Rests on a state above this one on the path: not stored.
            return Ok((pn, dn, repd));
        }
        self.tt.insert(key.clone(), (pn, dn));
        Ok((pn, dn, if dn == 0 { NOREP } else { repd }))
    }

    /// One line of the result (for `explain`): the winner's moves to solved children, the
    /// loser's first move; it stops at the end of the sequence, at a repetition or after 60
    /// moves.
    fn line(&mut self, start: &State, y_wins: bool) -> Vec<Move> {
        let mut line = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut key = start.clone();
        while line.len() < 60 && seen.insert(key.clone()) {
            let winner_turn = (key.to_move == self.attacker) == y_wins;
            let mut succ = expand(&mut self.b, self.check, self.attacker, &self.near, &key);
            succ.sort_by_key(|(rank, _, _)| *rank);
            let solved = |tt: &HashMap<State, (u64, u64)>, step: &Step| match step {
                Err(y) => *y == y_wins,
                Ok(c) => match tt.get(c) {
                    Some(&(pn, dn)) => (if y_wins { pn } else { dn }) == 0,
                    None => false,
                },
            };
            let pick = if winner_turn {
                succ.iter().find(|(_, _, st)| solved(&self.tt, st))
            } else {
                succ.iter()
                    .find(|(_, m, st)| matches!(m, Move::Play(_)) && solved(&self.tt, st))
                    .or_else(|| succ.first())
            };
            let Some((_, mv, step)) = pick else {
                break;
            };
            line.push(*mv);
            match step {
                Ok(c) => key = c.clone(),
                Err(_) => break,
            }
        }
        line
    }
}
