//! The control search (L-14 ... L-17, LC-7, LC-8, LC-10, LL-6, LL-7, LP-1, LP-2).
//!
//! A player P controls a location x (L-14, LC-8) iff for some set S containing x that P has
//! bordered, P succeeds in the test game on S: every location outside S gets an opponent
//! stone, two new locations e1 (index n) and e2 (index n + 1) neighbour every outside
//! location, stones without liberties are removed, the history is forgotten (LP-1 decides
//! about the permanent prohibitions), and the opponent moves first under the LJR turn rules.
//! P succeeds as soon as a situation has his two-eye formation on S (LC-7).
//!
//! The test game is searched depth first (LL-6), by iterative deepening (2, 4, 8 ...
//! plies; a value that met the depth limit is no value): a *future state* (the situation
//! and, for every earlier situation since the last removal, that situation with the
//! locations used since) repeated on the current line is P's failure; results that did not
//! depend on such a cut above the node are exact and may be cached (switch
//! `ljr-transposition`): wins, and failures whose cuts all point into the node's own
//! subtree (the opponent's strategy then loops inside it). A node where the opponent has a
//! formation meeting S, or where P's can never stand, is a failure (`ljr-formation-cut`).
//!
//! The dispute (L-17, LC-10) is the same game with the refuter first and four ends, tested
//! on the initial situation and after every turn in the order (1) refuter's play on an edge
//! location (LP-2), (2) the refuter's largest formation meets the set (LL-7), (3) a
//! situation similar to an earlier one, (4) P's formation; the L-4 end is the refuter's.
//!
//! Candidate sets come from [`super::formation::BorderedSets`] by increasing size, and are
//! searched in rounds of growing node slices (a set out of its slice waits for the next
//! round), so one hard set does not starve the easy ones. With `ljr-set-sharing` every set
//! is searched once and a proved set gives control of every location it may prove; without
//! it every location searches its own sets. Either way a location's proof is the first of
//! its candidates (by round, then by order) proved, so the proofs agree; they are sorted by
//! size and locations.

use super::board::{Bits, Board};
use super::formation::{BorderedSets, SetShape, Units};
use super::history::Line;
use super::strings::Stones;
use super::turn::Pos;
use super::LjrSwitches;
use crate::geometry::{Cell, Colour, Geometry, Point};
use crate::ljr::{
    ControlAnswer, ControlMethod, ControlQuery, DisputeEdge, SetProof, TestProhibitions, Turn,
};
use rustc_hash::FxHashMap;

mod test_game;
#[cfg(test)]
mod tests;

use test_game::*;

/// The outcome of the test game (or dispute) on one set.
#[derive(Clone, Debug)]
enum SetResult {
    Win(Vec<Turn>),
    Loss,
    Out,
}

/// A control question, prepared.
#[cfg_attr(test, derive(Clone))]
struct Question<'a> {
    board: Board,
    black: Bits,
    white: Bits,
    perm: Bits,
    query: &'a ControlQuery,
    sw: LjrSwitches,
}

/// `b` with `words` words.
fn widen(b: &Bits, words: usize) -> Bits {
    let mut v = b.0.clone();
    v.resize(words, 0);
    Bits(v)
}

impl Question<'_> {
    /// Play the test game (or the dispute) on `set` (L-14, L-17).
    fn test(&self, set: &Bits, budget: &mut Budget) -> SetResult {
        let n = self.board.len();
        let tb = self.board.with_eyes(set);
        let w = tb.words();
        let player = self.query.player;
        let set_t = widen(set, w);
        // L-14: S keeps its content, the outside gets the opponent's stones.
        let outside = Bits::from_points(w, (0..n).filter(|&p| !set.get(p)));
        let mut own = widen(
            match player {
                Colour::Black => &self.black,
                Colour::White => &self.white,
            },
            w,
        )
        .and(&set_t);
        let mut opp = widen(
            match player {
                Colour::Black => &self.white,
                Colour::White => &self.black,
            },
            w,
        )
        .and(&set_t);
        opp.or_with(&outside);
        // Then every stone without liberties goes, both colours at once.
        let empty = tb.all().andnot(&own).andnot(&opp);
        let alive = |c: &Bits| {
            let mut a = tb.dilate(&empty).and(c);
            let mut frontier: Vec<Point> = a.iter().collect();
            while let Some(p) = frontier.pop() {
                for &q in tb.neighbours(p) {
                    if c.get(q) && !a.get(q) {
                        a.set(q);
                        frontier.push(q);
                    }
                }
            }
            a
        };
        let (own_alive, opp_alive) = (alive(&own), alive(&opp));
        own = own_alive;
        opp = opp_alive;
        let (black, white) = match player {
            Colour::Black => (own, opp),
            Colour::White => (opp, own),
        };
        // LP-1: the permanent prohibitions of S stay, or none.
        let perm = match self.query.params.test_prohibitions {
            TestProhibitions::Forget => tb.empty_set(),
            TestProhibitions::Keep => widen(&self.perm, w).and(&set_t),
        };
        let stones = Stones::new(&tb, black, white, self.sw.incremental_strings);
        let start = Pos::new(&tb, player.opponent(), stones, tb.empty_set(), perm);
        let shape = SetShape::new(&tb, &set_t);
        let dispute_edge = match self.query.method {
            ControlMethod::TwoEyeTest => None,
            ControlMethod::Dispute => Some(match self.query.params.dispute_edge {
                DisputeEdge::Literal => {
                    Bits::from_points(w, (0..tb.len()).filter(|&p| !tb.mask(p).is_subset(&set_t)))
                }
                DisputeEdge::Inside => shape.inner_border.clone(),
            }),
        };
        let mut search = Search {
            b: &tb,
            shape,
            player,
            sw: self.sw,
            dispute_edge,
            budget,
            line: Line::new(self.sw.situation_hash),
            tt: FxHashMap::default(),
            tt_words: 0,
            limit: 0,
        };
        let r = search.deepen(&start);
        match r {
            Val::Win(steps) => SetResult::Win(replay(&tb, &start, &steps, self.sw)),
            Val::Loss(_) => SetResult::Loss,
            Val::Out | Val::Horizon => SetResult::Out,
        }
    }
}

/// The most candidate sets a question keeps.
const MAX_SETS: u64 = 1 << 20;

/// Nodes the first round gives each set; every further round gives four times as many.
const FIRST_SLICE: u64 = 256;

impl Question<'_> {
    /// Search the sets `which` (indices into `candidates`, canonical order) in rounds of
    /// growing node slices until each is won, lost, or no longer needed (every location of
    /// `goal` it may prove is proved). A set won proves its holders (`proved`) and gives a proof.
    /// Returns which sets were refuted, and whether the budget ran out.
    fn settle(
        &self,
        candidates: &[(Bits, Bits)],
        which: &[usize],
        goal: &Bits,
        proved: &mut Bits,
        proofs: &mut Vec<SetProof>,
        budget: &mut Budget,
    ) -> (Vec<bool>, bool) {
        let mut refuted = vec![false; candidates.len()];
        let mut open: Vec<usize> = which.to_vec();
        let mut slice = FIRST_SLICE;
        while !open.is_empty() {
            let mut still = Vec::new();
            for &i in &open {
                let (set, holders) = &candidates[i];
                if holders.and(goal).is_subset(proved) {
                    continue;
                }
                if budget.left == 0 || crate::deadline::passed() {
                    return (refuted, true);
                }
                let mut part = Budget {
                    left: budget.left.min(slice),
                    explored: 0,
                };
                let r = self.test(set, &mut part);
                budget.left -= part.explored;
                budget.explored += part.explored;
                match r {
                    SetResult::Win(line) => {
                        proved.or_with(holders);
                        proofs.push(SetProof {
                            set: set.to_vec(),
                            line,
                        });
                    }
                    SetResult::Loss => refuted[i] = true,
                    SetResult::Out => still.push(i),
                }
            }
            open = still;
            slice = slice.saturating_mul(4);
        }
        (refuted, false)
    }
}

/// The line as turns: each removal named by the earliest start with its used set.
fn replay(b: &Board, start: &Pos, steps: &[Step], sw: LjrSwitches) -> Vec<Turn> {
    let mut line = Line::new(sw.situation_hash);
    let mut pos = start.clone();
    let mut out = Vec::new();
    for s in steps {
        let k = match &s.removal {
            None => None,
            Some(u) => {
                let found = line
                    .similar(&pos)
                    .into_iter()
                    .find(|&k| line.entry(k).used == *u);
                match found {
                    Some(k) => Some(k),
                    None => break, // cannot happen: the search found it on this line
                }
            }
        };
        let Ok((next, eff)) = pos.apply(b, s.removal.as_ref(), s.play, false) else {
            break;
        };
        line.push(&pos, &eff.changed, eff.removal);
        pos = next;
        out.push(Turn {
            remove_cycle: k,
            play: s.play,
        });
    }
    out
}

/// Answer a control question (L-14 or L-17).
pub fn control(
    geometry: &Geometry,
    query: &ControlQuery,
    sw: LjrSwitches,
) -> Result<ControlAnswer, String> {
    let board = Board::from_geometry(geometry);
    let n = board.len();
    if query.position.len() != n {
        return Err(format!(
            "a position of {} points on a board of {n}",
            query.position.len()
        ));
    }
    if let Some(&p) = query.permanently_prohibited.iter().find(|&&p| p >= n) {
        return Err(format!("location {p} is not on the board of {n} points"));
    }
    let w = board.words();
    let pick = |c: Colour| {
        Bits::from_points(
            w,
            (0..n).filter(|&p| query.position.get(p) == Cell::Stone(c)),
        )
    };
    let (black, white) = (pick(Colour::Black), pick(Colour::White));
    let own = match query.player {
        Colour::Black => black.clone(),
        Colour::White => white.clone(),
    };
    let empty = board.all().andnot(&black).andnot(&white);
    let units = Units::new(&board, &own, &empty);
    // Every candidate set, with the locations it may prove (LC-8; L-17 for disputes).
    let work = query.budget.saturating_mul(64).max(1 << 16);
    let mut sets = BorderedSets::new(units, n, w, work);
    let dispute = query.method == ControlMethod::Dispute;
    let mut candidates: Vec<(Bits, Bits)> = Vec::new();
    let mut enumerated = true;
    for k in 1..=n {
        let Some(list) = sets.of_size(k) else {
            enumerated = false;
            break;
        };
        #[allow(clippy::unnecessary_to_owned)]
        for set in list.to_vec() {
            let holders = if dispute {
                sets.units().dispute_holders(&set)
            } else {
                set.clone()
            };
            if !holders.is_empty() {
                candidates.push((set, holders));
            }
        }
        // Each set costs a node at least: more sets than the budget cannot all be tried.
        if candidates.len() as u64 > query.budget.min(MAX_SETS) {
            enumerated = false;
            break;
        }
    }
    let q = Question {
        perm: Bits::from_points(w, query.permanently_prohibited.iter().copied()),
        board,
        black,
        white,
        query,
        sw,
    };
    let mut budget = Budget {
        left: query.budget,
        explored: 0,
    };
    let mut controlled: Vec<Option<bool>> = vec![None; n];
    let mut proofs: Vec<SetProof> = Vec::new();
    if sw.set_sharing {
        let all: Vec<usize> = (0..candidates.len()).collect();
        let mut proved = Bits::new(w);
        let (refuted, exhausted) = q.settle(
            &candidates,
            &all,
            q.board.all(),
            &mut proved,
            &mut proofs,
            &mut budget,
        );
        for (x, c) in controlled.iter_mut().enumerate() {
            *c = if proved.get(x) {
                Some(true)
            } else if enumerated
                && !exhausted
                && candidates
                    .iter()
                    .zip(&refuted)
                    .all(|((_, h), &r)| r || !h.get(x))
            {
                Some(false)
            } else {
                None
            };
        }
    } else {
        for (x, c) in controlled.iter_mut().enumerate() {
            let mine: Vec<usize> = (0..candidates.len())
                .filter(|&i| candidates[i].1.get(x))
                .collect();
            let mut proved = Bits::new(w);
            let mut found = Vec::new();
            let goal = Bits::from_points(w, [x]);
            let (refuted, exhausted) = q.settle(
                &candidates,
                &mine,
                &goal,
                &mut proved,
                &mut found,
                &mut budget,
            );
            if proved.get(x) {
                *c = Some(true);
                for p in found {
                    if !proofs.iter().any(|q| q.set == p.set) {
                        proofs.push(p);
                    }
                }
            } else if enumerated && !exhausted && mine.iter().all(|&i| refuted[i]) {
                *c = Some(false);
            }
            if exhausted {
                break;
            }
        }
    }
    proofs.sort_by(|a, b| (a.set.len(), &a.set).cmp(&(b.set.len(), &b.set)));
    Ok(ControlAnswer {
        controlled,
        explored: budget.explored,
        proofs,
    })
}
