//! The control search (L-14 ... L-17, LC-7, LC-8, LC-10, LL-6, LL-7, LP-1, LP-2).
//!
//! A player P controls a location x (L-14, LC-8) iff for some set S containing x that P has
//! bordered, P succeeds in the test game on S: every location outside S gets an opponent
//! stone, two new locations e1 (index n) and e2 (index n + 1) neighbour every outside
//! location, stones without liberties are removed, the history is forgotten (LP-1 decides
//! about the permanent prohibitions), and the opponent moves first under the LJR turn rules.
//! P succeeds as soon as a situation has his two-eye formation on S (LC-7).
//!
//! The test game is searched depth first (LL-6): a *future state* (the situation and, for
//! every earlier situation since the last removal, that situation with the locations used
//! since) repeated on the current line is P's failure; results that did not depend on such
//! a cut above the node are exact and may be cached (switch `ljr-transposition`).
//!
//! The dispute (L-17, LC-10) is the same game with the refuter first and four ends, tested
//! on the initial situation and after every turn in the order (1) refuter's play on an edge
//! location (LP-2), (2) the refuter's largest formation meets the set (LL-7), (3) a
//! situation similar to an earlier one, (4) P's formation; the L-4 end is the refuter's.
//!
//! Candidate sets come from [`super::formation::BorderedSets`] by increasing size. With
//! `ljr-set-sharing` every set is searched once and a proved set gives control of every
//! location it may prove; without it every location searches its own sets. Either way the
//! proofs are, for each controlled location, the first proved set of its own candidates
//! (the orders agree), sorted by size and locations.

use super::board::{Bits, Board};
use super::formation::{largest_formation, BorderedSets, SetShape, Units};
use super::history::Line;
use super::strings::Stones;
use super::turn::Pos;
use super::LjrSwitches;
use crate::geometry::{Cell, Colour, Geometry, Point};
use crate::ljr::{
    ControlAnswer, ControlMethod, ControlQuery, DisputeEdge, SetProof, TestProhibitions, Turn,
};
use rustc_hash::FxHashMap;

/// Nodes left for the whole question, and nodes visited.
#[derive(Clone, Copy, Debug)]
struct Budget {
    left: u64,
    explored: u64,
}

impl Budget {
    fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        self.explored += 1;
        true
    }
}

/// One turn of a line, with a removal named by the locations it used (a cached line is
/// replayed from another history, where the start's index differs).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Step {
    removal: Option<Bits>,
    play: Option<Point>,
}

/// The value of a test-game node for P.
#[derive(Clone, Debug)]
enum Val {
    /// P succeeds; one winning line from here.
    Win(Vec<Step>),
    /// P fails; the shallowest line index a repetition cut below pointed to
    /// (`usize::MAX`: none, the loss is exact).
    Loss(usize),
    /// The budget ran out.
    Out,
}

/// An exact result in the transposition table.
#[derive(Clone, Debug)]
enum Memo {
    Win(Vec<Step>),
    Loss,
}

/// Words the transposition table may hold (keys), per test game.
const TT_WORDS: usize = 1 << 22;

/// The search of one test game or dispute on one set.
struct Search<'a> {
    b: &'a Board,
    shape: SetShape,
    player: Colour,
    sw: LjrSwitches,
    /// In a dispute: the locations where a play of the refuter ends it (condition 1).
    dispute_edge: Option<Bits>,
    budget: &'a mut Budget,
    line: Line,
    tt: FxHashMap<Vec<u64>, Memo>,
    tt_words: usize,
}

impl Search<'_> {
    fn node(&mut self, pos: &Pos) -> Val {
        if !self.budget.take() {
            return Val::Out;
        }
        let depth = self.line.len();
        let opp = self.player.opponent();
        let mut key = None;
        if self.dispute_edge.is_none() {
            // LC-7: success as soon as the formation stands.
            if self.shape.formation(self.b, &pos.stones, self.player) {
                return Val::Win(Vec::new());
            }
            // LL-5: an opponent formation meeting S stands for ever if he just passes.
            if self.sw.formation_cut
                && largest_formation(self.b, &pos.stones, opp).intersects(&self.shape.set)
            {
                return Val::Loss(usize::MAX);
            }
            // LL-6: a repeated future state on the line is P's failure.
            for t in self.line.similar(pos) {
                if self.future_equal(t) {
                    return Val::Loss(t);
                }
            }
            if self.sw.transposition {
                let k = self.future_key(pos);
                if let Some(m) = self.tt.get(&k) {
                    return match m {
                        Memo::Win(l) => Val::Win(l.clone()),
                        Memo::Loss => Val::Loss(usize::MAX),
                    };
                }
                key = Some(k);
            }
        } else {
            // LC-10: (1) was tested on the turn; (2), (3), (4) in this order.
            if largest_formation(self.b, &pos.stones, opp).intersects(&self.shape.set) {
                return Val::Loss(usize::MAX);
            }
            if !self.line.similar(pos).is_empty() {
                return Val::Loss(usize::MAX);
            }
            if self.shape.formation(self.b, &pos.stones, self.player) {
                return Val::Win(Vec::new());
            }
        }
        let is_p = pos.to_move == self.player;
        if !is_p && pos.passes == 1 {
            // L-4: the opponent passes and the game is over without the formation.
            return self.store(key, Val::Loss(usize::MAX), depth);
        }
        let mut low = usize::MAX;
        let mut best: Option<Vec<Step>> = None;
        for (removal, play) in self.candidates(pos, is_p) {
            let Ok((child, eff)) = pos.apply(self.b, removal.as_ref(), play, false) else {
                continue;
            };
            let step = Step { removal, play };
            // L-4: a pass that ends the game; L-17 (1): the refuter's play on an edge.
            let edge =
                !is_p && matches!((&self.dispute_edge, play), (Some(e), Some(p)) if e.get(p));
            let v = if eff.ended || edge {
                Val::Loss(usize::MAX)
            } else {
                self.line.push(pos, &eff.changed, eff.removal);
                let v = self.node(&child);
                self.line.pop();
                v
            };
            match v {
                Val::Out => return Val::Out,
                Val::Win(mut l) => {
                    l.insert(0, step);
                    if is_p {
                        return self.store(key, Val::Win(l), depth);
                    }
                    if best.as_ref().is_none_or(|b| l.len() > b.len()) {
                        best = Some(l);
                    }
                }
                Val::Loss(lw) => {
                    if !is_p {
                        return self.store(key, Val::Loss(lw), depth);
                    }
                    low = low.min(lw);
                }
            }
        }
        let v = match best {
            Some(l) if !is_p => Val::Win(l),
            _ => Val::Loss(low),
        };
        self.store(key, v, depth)
    }

    /// Cache an exact result; a loss whose cuts all point into this node's subtree is
    /// exact, and is passed up as such.
    fn store(&mut self, key: Option<Vec<u64>>, v: Val, depth: usize) -> Val {
        let v = match v {
            Val::Loss(low) if low >= depth => Val::Loss(usize::MAX),
            other => other,
        };
        if let Some(k) = key {
            let memo = match &v {
                Val::Win(l) => Some(Memo::Win(l.clone())),
                Val::Loss(usize::MAX) => Some(Memo::Loss),
                _ => None,
            };
            if let Some(m) = memo {
                if self.tt_words + k.len() <= TT_WORDS {
                    self.tt_words += k.len();
                    self.tt.insert(k, m);
                }
            }
        }
        v
    }

    /// The turns to try, in a fixed order: for P, plays inside S, plays elsewhere, removals
    /// (alone, then with each play), the pass; for the opponent, the pass first.
    fn candidates(&self, pos: &Pos, is_p: bool) -> Vec<(Option<Bits>, Option<Point>)> {
        let n = self.b.len();
        let s = &self.shape.set;
        let plays: Vec<Point> = (0..n)
            .filter(|&p| s.get(p))
            .chain((0..n).filter(|&p| !s.get(p)))
            .collect();
        let mut out: Vec<(Option<Bits>, Option<Point>)> = Vec::new();
        if !is_p {
            out.push((None, None));
        }
        out.extend(plays.iter().map(|&p| (None, Some(p))));
        if pos.passes != 1 {
            // L-7, L-8: each distinct cycle once (starts with the same used set remove the
            // same stones).
            let mut seen: Vec<&Bits> = Vec::new();
            for k in self.line.similar(pos) {
                let u = &self.line.entry(k).used;
                if seen.contains(&u) {
                    continue;
                }
                seen.push(u);
                out.push((Some(u.clone()), None));
                out.extend(plays.iter().map(|&p| (Some(u.clone()), Some(p))));
            }
        }
        if is_p {
            out.push((None, None));
        }
        out
    }

    /// Whether the current future state equals the one at line index `t` (whose
    /// situation is similar to the current one).
    fn future_equal(&self, t: usize) -> bool {
        let since = self.line.since();
        if t < since {
            return false;
        }
        let es = self.line.entries();
        let now: Vec<(usize, &Bits)> = (since..es.len()).map(|k| (k, &es[k].used)).collect();
        let mut then: Vec<(usize, Bits)> = Vec::with_capacity(t - since);
        let mut acc: Option<Bits> = None;
        for k in (since..t).rev() {
            let mut u = es[k].changed.clone();
            if let Some(a) = &acc {
                u.or_with(a);
            }
            acc = Some(u.clone());
            then.push((k, u));
        }
        let pair_eq =
            |a: (usize, &Bits), b: (usize, &Bits)| a.1 == b.1 && es[a.0].sit.same(&es[b.0].sit);
        now.iter()
            .all(|&a| then.iter().any(|(k, u)| pair_eq(a, (*k, u))))
            && then
                .iter()
                .all(|(k, u)| now.iter().any(|&a| pair_eq(a, (*k, u))))
    }

    /// The future state as words: the situation, then the distinct (situation, used)
    /// pairs since the last removal, sorted.
    fn future_key(&self, pos: &Pos) -> Vec<u64> {
        let mut key = vec![((pos.to_move == Colour::White) as u64) | ((pos.passes as u64) << 8)];
        for b in [&pos.stones.black, &pos.stones.white, &pos.temp, &pos.perm] {
            key.extend_from_slice(&b.0);
        }
        let es = self.line.entries();
        let mut pairs: Vec<Vec<u64>> = es[self.line.since()..]
            .iter()
            .map(|e| {
                let mut v =
                    vec![((e.sit.to_move == Colour::White) as u64) | ((e.sit.passes as u64) << 8)];
                for b in [&e.sit.black, &e.sit.white, &e.sit.temp, &e.used] {
                    v.extend_from_slice(&b.0);
                }
                v
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        for p in pairs {
            key.extend(p);
        }
        key
    }
}

/// The outcome of the test game (or dispute) on one set.
#[derive(Clone, Debug)]
enum SetResult {
    Win(Vec<Turn>),
    Loss,
    Out,
}

/// A control question, prepared.
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
        };
        match search.node(&start) {
            Val::Win(steps) => SetResult::Win(replay(&tb, &start, &steps, self.sw)),
            Val::Loss(_) => SetResult::Loss,
            Val::Out => SetResult::Out,
        }
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
    let work = query.budget.saturating_mul(64).max(1 << 16);
    let mut sets = BorderedSets::new(units, n, w, work);
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
    let dispute = query.method == ControlMethod::Dispute;
    // The locations for which `set` is a candidate.
    let holders = |sets: &BorderedSets, set: &Bits| {
        if dispute {
            sets.units().dispute_holders(set)
        } else {
            set.clone()
        }
    };
    let mut controlled: Vec<Option<bool>> = vec![None; n];
    let mut proofs: Vec<SetProof> = Vec::new();
    if sw.set_sharing {
        let mut proved = Bits::new(w);
        let mut finished = true;
        'sizes: for k in 1..=n {
            let Some(list) = sets.of_size(k) else {
                finished = false;
                break;
            };
            let list = list.to_vec();
            for set in list {
                let h = holders(&sets, &set);
                if h.is_empty() || h.is_subset(&proved) {
                    continue;
                }
                match q.test(&set, &mut budget) {
                    SetResult::Win(line) => {
                        proved.or_with(&h);
                        proofs.push(SetProof {
                            set: set.to_vec(),
                            line,
                        });
                    }
                    SetResult::Loss => {}
                    SetResult::Out => {
                        finished = false;
                        break 'sizes;
                    }
                }
            }
        }
        for (x, c) in controlled.iter_mut().enumerate() {
            *c = if proved.get(x) {
                Some(true)
            } else if finished {
                Some(false)
            } else {
                None
            };
        }
    } else {
        #[allow(clippy::needless_range_loop)]
        'locations: for x in 0..n {
            for k in 1..=n {
                let Some(list) = sets.of_size(k) else {
                    break 'locations;
                };
                let list = list.to_vec();
                for set in list {
                    if !holders(&sets, &set).get(x) {
                        continue;
                    }
                    match q.test(&set, &mut budget) {
                        SetResult::Win(line) => {
                            controlled[x] = Some(true);
                            let set = set.to_vec();
                            if !proofs.iter().any(|p| p.set == set) {
                                proofs.push(SetProof { set, line });
                            }
                            continue 'locations;
                        }
                        SetResult::Loss => {}
                        SetResult::Out => break 'locations,
                    }
                }
            }
            controlled[x] = Some(false);
        }
    }
    proofs.sort_by(|a, b| (a.set.len(), &a.set).cmp(&(b.set.len(), &b.set)));
    Ok(ControlAnswer {
        controlled,
        explored: budget.explored,
        proofs,
    })
}
