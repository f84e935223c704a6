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
    /// The depth limit of this iteration was reached below.
    Horizon,
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

/// A node being expanded.
struct Frame {
    pos: Pos,
    key: Option<Vec<u64>>,
    is_p: bool,
    cands: Vec<(Option<Bits>, Option<Point>)>,
    next: usize,
    low: usize,
    best: Option<Vec<Step>>,
    /// The turn to the child being searched.
    pending: Option<Step>,
    /// Whether a child met the depth limit.
    horizon: bool,
}

impl Frame {
    /// Take a child's value; the node's value when it is settled.
    fn absorb(&mut self, step: Step, v: Val) -> Option<Val> {
        match v {
            Val::Out => Some(Val::Out),
            Val::Horizon => {
                self.horizon = true;
                None
            }
            Val::Win(mut l) => {
                l.insert(0, step);
                if self.is_p {
                    return Some(Val::Win(l));
                }
                if self.best.as_ref().is_none_or(|b| l.len() > b.len()) {
                    self.best = Some(l);
                }
                None
            }
            Val::Loss(low) => {
                if !self.is_p {
                    return Some(Val::Loss(low));
                }
                self.low = self.low.min(low);
                None
            }
        }
    }

    /// The value once every child was searched.
    fn conclude(&mut self) -> Val {
        if self.horizon {
            return Val::Horizon;
        }
        match self.best.take() {
            Some(l) if !self.is_p => Val::Win(l),
            _ => Val::Loss(self.low),
        }
    }
}

enum Enter {
    Done(Val),
    Frame(Box<Frame>),
}

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
    /// Plies this iteration may look ahead.
    limit: usize,
}

impl Search<'_> {
    /// The checks on entering a node (LC-7, LL-5, LL-6, LC-10): its value, or a frame to
    /// expand.
    fn enter(&mut self, pos: Pos) -> Enter {
        if !self.budget.take() {
            return Enter::Done(Val::Out);
        }
        let depth = self.line.len();
        let opp = self.player.opponent();
        let mut key = None;
        if self.dispute_edge.is_none() {
            // LC-7: success as soon as the formation stands.
            if self.shape.formation(self.b, &pos.stones, self.player) {
                return Enter::Done(Val::Win(Vec::new()));
            }
            // LL-5: an opponent formation meeting S stands for ever if he just passes.
            if self.sw.formation_cut
                && (self.doomed(&pos)
                    || largest_formation(self.b, &pos.stones, opp).intersects(&self.shape.set))
            {
                return Enter::Done(Val::Loss(usize::MAX));
            }
            // LL-6: a repeated future state on the line is P's failure.
            for t in self.line.similar(&pos) {
                if self.future_equal(t) {
                    return Enter::Done(Val::Loss(t));
                }
            }
            if self.sw.transposition {
                let k = self.future_key(&pos);
                if let Some(m) = self.tt.get(&k) {
                    return Enter::Done(match m {
                        Memo::Win(l) => Val::Win(l.clone()),
                        Memo::Loss => Val::Loss(usize::MAX),
                    });
                }
                key = Some(k);
            }
        } else {
            // LC-10: (1) was tested on the turn; (2), (3), (4) in this order.
            if largest_formation(self.b, &pos.stones, opp).intersects(&self.shape.set) {
                return Enter::Done(Val::Loss(usize::MAX));
            }
            if !self.line.similar(&pos).is_empty() {
                return Enter::Done(Val::Loss(usize::MAX));
            }
            // (4) can never come: the refuter wins whatever happens.
            if self.sw.formation_cut && self.doomed(&pos) {
                return Enter::Done(Val::Loss(usize::MAX));
            }
            if self.shape.formation(self.b, &pos.stones, self.player) {
                return Enter::Done(Val::Win(Vec::new()));
            }
        }
        let is_p = pos.to_move == self.player;
        if !is_p && pos.passes == 1 {
            // L-4: the opponent passes and the game is over without the formation.
            return Enter::Done(self.store(key, Val::Loss(usize::MAX), depth));
        }
        if depth >= self.limit {
            return Enter::Done(Val::Horizon);
        }
        let cands = self.candidates(&pos, is_p);
        Enter::Frame(Box::new(Frame {
            pos,
            key,
            is_p,
            cands,
            next: 0,
            low: usize::MAX,
            best: None,
            pending: None,
            horizon: false,
        }))
    }

    /// The value of `root` for P by iterative deepening: searches to 2, 4, 8 ... plies
    /// until no line met the limit (short wins are found first; exact results stay in the
    /// transposition table from one iteration to the next).
    fn deepen(&mut self, root: &Pos) -> Val {
        let mut limit = 2usize;
        loop {
            self.limit = limit;
            match self.run(root.clone()) {
                Val::Horizon => limit = limit.saturating_mul(2),
                v => return v,
            }
        }
    }

    /// The value of `root` for P within `self.limit` plies: a depth-first search with an
    /// explicit stack (lines can be long).
    fn run(&mut self, root: Pos) -> Val {
        let mut stack = match self.enter(root) {
            Enter::Done(v) => return v,
            Enter::Frame(f) => vec![f],
        };
        let mut incoming: Option<Val> = None;
        loop {
            let depth = self.line.len();
            let Some(f) = stack.last_mut() else {
                return Val::Out; // not reached: the root's value returns below
            };
            let mut done = None;
            let mut descend = None;
            if let Some(v) = incoming.take() {
                if let Some(step) = f.pending.take() {
                    done = f.absorb(step, v);
                }
            }
            while done.is_none() {
                let Some((removal, play)) = f.cands.get(f.next).cloned() else {
                    done = Some(f.conclude());
                    break;
                };
                f.next += 1;
                let Ok((child, eff)) = f.pos.apply(self.b, removal.as_ref(), play, false) else {
                    continue;
                };
                let step = Step { removal, play };
                // L-4: a pass that ends the game; L-17 (1): the refuter's play on an edge.
                let edge =
                    !f.is_p && matches!((&self.dispute_edge, play), (Some(e), Some(p)) if e.get(p));
                if eff.ended || edge {
                    done = f.absorb(step, Val::Loss(usize::MAX));
                    continue;
                }
                self.line.push(&f.pos, &eff.changed, eff.removal);
                match self.enter(child) {
                    Enter::Done(v) => {
                        self.line.pop();
                        done = f.absorb(step, v);
                    }
                    Enter::Frame(nf) => {
                        f.pending = Some(step);
                        descend = Some(nf);
                        break;
                    }
                }
            }
            if let Some(nf) = descend {
                stack.push(nf);
                continue;
            }
            let Some(v) = done else { continue };
            let Some(f) = stack.pop() else {
                return Val::Out;
            };
            if let Val::Out = v {
                return Val::Out;
            }
            let v = match v {
                Val::Horizon => Val::Horizon,
                v => self.store(f.key, v, depth),
            };
            if stack.is_empty() {
                return v;
            }
            self.line.pop();
            incoming = Some(v);
        }
    }

    /// Whether P's formation on S can never stand (L-16): S has a location without
    /// neighbours (L-16.4), or an empty permanently prohibited location of S (empty for
    /// ever: no play there, and a removal adds no stone) lies next to the outside (L-16.3
    /// wants a P stone there) or next to another such location (L-16.5).
    fn doomed(&self, pos: &Pos) -> bool {
        if !self.shape.isolated.is_empty() {
            return true;
        }
        let shut = pos.perm.and(&self.shape.set).andnot(&pos.stones.occupied());
        shut.intersects(&self.shape.inner_border)
            || shut.iter().any(|p| self.b.mask(p).intersects(&shut))
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
        // Plays inside S, then outside, then into the mover's own single eyes (rarely
        // useful); only the order of the search depends on this.
        let own = pos.stones.of(pos.to_move);
        let rank = |p: Point| {
            let m = self.b.mask(p);
            if !m.is_empty() && m.is_subset(own) {
                2
            } else if s.get(p) {
                0
            } else {
                1
            }
        };
        let mut plays: Vec<Point> = (0..n)
            .filter(|&p| pos.stones.colour_at(p).is_none())
            .collect();
        plays.sort_by_key(|&p| (rank(p), p));
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
                if budget.left == 0 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Position;
    use crate::ljr::{LjrGame, LjrParams, TestProhibitions};
    use crate::parse::diagram::parse_position;

    /// All switches on, then each one off.
    fn configs() -> Vec<(&'static str, LjrSwitches)> {
        let on = LjrSwitches::ALL_ON;
        vec![
            ("all on", on),
            (
                "no situation hash",
                LjrSwitches {
                    situation_hash: false,
                    ..on
                },
            ),
            (
                "no incremental strings",
                LjrSwitches {
                    incremental_strings: false,
                    ..on
                },
            ),
            (
                "no transposition",
                LjrSwitches {
                    transposition: false,
                    ..on
                },
            ),
            (
                "no set sharing",
                LjrSwitches {
                    set_sharing: false,
                    ..on
                },
            ),
            (
                "no formation cut",
                LjrSwitches {
                    formation_cut: false,
                    ..on
                },
            ),
        ]
    }

    fn query(
        position: &Position,
        player: Colour,
        method: ControlMethod,
        params: LjrParams,
    ) -> ControlQuery {
        ControlQuery {
            position: position.clone(),
            permanently_prohibited: Vec::new(),
            player,
            method,
            params,
            budget: 2_000_000,
        }
    }

    /// The controlled locations, the same under every switch configuration (those named
    /// in `may_run_out` may leave locations undetermined within the budget, but never
    /// contradict).
    fn controlled_but(g: &Geometry, q: &ControlQuery, may_run_out: &[&str]) -> Vec<Point> {
        let mut first: Option<ControlAnswer> = None;
        for (name, sw) in configs() {
            let mut q = q.clone();
            if may_run_out.contains(&name) {
                q.budget = 20_000;
            }
            let a = control(g, &q, sw).expect("an answer");
            if !may_run_out.contains(&name) {
                assert!(a.is_decided(), "{name}: undecided {:?}", a.controlled);
            }
            if let Some(f) = &first {
                for (x, c) in a.controlled.iter().enumerate() {
                    assert!(c.is_none() || *c == f.controlled[x], "{name}: location {x}");
                }
                // These switches change no node count, so the same sets prove first.
                let same_counts = [
                    "no situation hash",
                    "no incremental strings",
                    "no set sharing",
                ];
                if a.is_decided() && same_counts.contains(&name) {
                    let sets = |a: &ControlAnswer| {
                        a.proofs.iter().map(|p| p.set.clone()).collect::<Vec<_>>()
                    };
                    assert_eq!(sets(&a), sets(f), "{name}");
                }
            } else {
                first = Some(a);
            }
        }
        let a = first.expect("an answer");
        // A proof proves some of its locations (all of them for the two-eye test).
        for p in &a.proofs {
            match q.method {
                ControlMethod::TwoEyeTest => {
                    assert!(p.set.iter().all(|&x| a.controlled[x] == Some(true)))
                }
                ControlMethod::Dispute => {
                    assert!(p.set.iter().any(|&x| a.controlled[x] == Some(true)))
                }
            }
        }
        (0..a.controlled.len())
            .filter(|&x| a.controlled[x] == Some(true))
            .collect()
    }

    fn controlled(g: &Geometry, q: &ControlQuery) -> Vec<Point> {
        controlled_but(g, q, &[])
    }

    fn two_eye(d: &str, player: Colour) -> Vec<Point> {
        let (g, position) = parse_position(d).expect("a diagram");
        controlled(
            &g,
            &query(
                &position,
                player,
                ControlMethod::TwoEyeTest,
                LjrParams::default(),
            ),
        )
    }

    #[test]
    fn a_living_group_controls_the_board() {
        // 5x2: Black's string with three single eyes.
        let d = ". # . # .\n# # # # #";
        assert_eq!(two_eye(d, Colour::Black), (0..10).collect::<Vec<_>>());
        assert_eq!(two_eye(d, Colour::White), Vec::<Point>::new());
    }

    #[test]
    fn a_one_eye_group_controls_nothing() {
        // 6x2: Black's three stones have one eye (A2) and no other liberty; White lives
        // with two eyes (D2, F2).
        let d = ". # O . O .\n# # O O O O";
        assert_eq!(two_eye(d, Colour::Black), Vec::<Point>::new());
        assert_eq!(two_eye(d, Colour::White), (0..12).collect::<Vec<_>>());
    }

    #[test]
    fn a_seki_is_controlled_by_neither() {
        // A seki on the 4-cycle p0 (black) - p1 - p2 (white) - p3 - p0, and beside it a
        // living black stone p5 with eyes p4, p6 and a living white stone p8 with eyes p7,
        // p9 (each on a path of its own).
        let g = Geometry::graph(
            10,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 0),
                (4, 5),
                (5, 6),
                (7, 8),
                (8, 9),
            ],
        )
        .expect("a graph");
        let mut position = Position::empty(10);
        position.set(0, Cell::BLACK);
        position.set(5, Cell::BLACK);
        position.set(2, Cell::WHITE);
        position.set(8, Cell::WHITE);
        let params = LjrParams::default();
        let black = query(&position, Colour::Black, ControlMethod::TwoEyeTest, params);
        assert_eq!(controlled(&g, &black), vec![4, 5, 6]);
        let white = query(&position, Colour::White, ControlMethod::TwoEyeTest, params);
        assert_eq!(controlled(&g, &white), vec![7, 8, 9]);
    }

    /// 10x2: Black has one eye (A2) and a two-point eye space (C2, D2) he can always
    /// divide; White lives with two eyes (G2, J2).
    const MIAI: &str = ". # . . # O . O . O\n# # # # # O O O O O";

    fn miai(player: Colour, method: ControlMethod, edge: DisputeEdge) -> Vec<Point> {
        let (g, position) = parse_position(MIAI).expect("a diagram");
        let params = LjrParams {
            dispute_edge: edge,
            ..LjrParams::default()
        };
        // Without the formation cut, White's test on the board less his eyes is a long
        // game: he would have to kill Black, who can always live.
        controlled_but(
            &g,
            &query(&position, player, method, params),
            &["no formation cut"],
        )
    }

    #[test]
    fn the_literal_dispute_edge_lets_the_refuter_win_by_playing_a_new_location() {
        let black_area: Vec<Point> = vec![0, 1, 2, 3, 4, 10, 11, 12, 13, 14];
        let white_area: Vec<Point> = vec![5, 6, 7, 8, 9, 15, 16, 17, 18, 19];
        let (two_eye, dispute) = (ControlMethod::TwoEyeTest, ControlMethod::Dispute);
        // L-14: Black divides the eye space whatever White does.
        assert_eq!(
            miai(Colour::Black, two_eye, DisputeEdge::Literal),
            black_area
        );
        assert_eq!(
            miai(Colour::White, two_eye, DisputeEdge::Literal),
            white_area
        );
        // LP-2 literal: every set Black may form is a proper subset without the formation
        // at the start (White's living group spoils the whole board): White plays e1 at
        // once and wins (L-17 (1)).
        assert_eq!(
            miai(Colour::Black, dispute, DisputeEdge::Literal),
            Vec::<Point>::new()
        );
        // White's formation stands at the start: (4) before any turn.
        assert_eq!(
            miai(Colour::White, dispute, DisputeEdge::Literal),
            white_area
        );
        // LP-2 inside: only plays on the set's inner border end the dispute; Black wins.
        assert_eq!(
            miai(Colour::Black, dispute, DisputeEdge::Inside),
            black_area
        );
    }

    /// A literal model of the test game and the dispute, for the differential test below:
    /// plain recursion over the game of turns ([`super::super::game::OptLjrGame`], checked
    /// by its own tests), situations and used sets recomputed from the positions.
    mod literal {
        use super::*;
        use crate::ljr::{LjrStart, Situation};
        use crate::optimized::ljr::game::OptLjrGame;
        use std::collections::BTreeSet;
        use std::sync::Arc;

        pub struct Test {
            pub g: Geometry,
            pub set: Vec<bool>,
            pub player: Colour,
            /// `Some(edge locations)` for a dispute.
            pub edge: Option<Vec<bool>>,
            pub nodes: u64,
            pub cap: u64,
        }

        /// The transformed board and its first position (L-14), literally.
        #[allow(clippy::needless_range_loop)]
        pub fn transform(
            g: &Geometry,
            position: &Position,
            set: &[bool],
            player: Colour,
        ) -> (Geometry, Position) {
            let n = g.len();
            let mut edges = Vec::new();
            for p in 0..n {
                for &q in g.neighbours(p) {
                    if p < q {
                        edges.push((p, q));
                    }
                }
                if !set[p] {
                    edges.push((p, n));
                    edges.push((p, n + 1));
                }
            }
            let t = Geometry::graph(n + 2, &edges).expect("a graph");
            let mut pos = Position::empty(n + 2);
            for p in 0..n {
                pos.set(
                    p,
                    if set[p] {
                        position.get(p)
                    } else {
                        Cell::Stone(player.opponent())
                    },
                );
            }
            for p in pos.stones_without_liberty(&t) {
                pos.set(p, Cell::Empty);
            }
            (t, pos)
        }

        /// L-16 word by word.
        pub fn formation(g: &Geometry, pos: &Position, set: &[bool], who: Colour) -> bool {
            let inside = |p: usize| set.get(p).copied().unwrap_or(false);
            let pts: Vec<usize> = (0..g.len()).filter(|&p| inside(p)).collect();
            if pts.is_empty() {
                return false;
            }
            if pts
                .iter()
                .any(|&p| pos.get(p) == Cell::Stone(who.opponent()))
            {
                return false;
            }
            for p in 0..g.len() {
                let out_nb = g.neighbours(p).iter().any(|&q| !inside(q));
                let in_nb = g.neighbours(p).iter().any(|&q| inside(q));
                if inside(p) && out_nb && pos.get(p) != Cell::Stone(who) {
                    return false;
                }
                if !inside(p) && in_nb && pos.get(p) == Cell::Stone(who) {
                    return false;
                }
            }
            for &p in &pts {
                if g.neighbours(p).is_empty() {
                    return false;
                }
                if pos.get(p) == Cell::Empty
                    && g.neighbours(p).iter().any(|&q| pos.get(q) == Cell::Empty)
                {
                    return false;
                }
                if pos.get(p) == Cell::Stone(who) {
                    // L-13: contact through locations of the same content.
                    let mut seen = vec![p];
                    let mut i = 0;
                    let mut libs = BTreeSet::new();
                    while i < seen.len() {
                        for &q in g.neighbours(seen[i]) {
                            if pos.get(q) == pos.get(p) && !seen.contains(&q) {
                                seen.push(q);
                            }
                            if pos.get(q) == Cell::Empty && inside(q) {
                                libs.insert(q);
                            }
                        }
                        i += 1;
                    }
                    if libs.len() < 2 {
                        return false;
                    }
                }
            }
            true
        }

        /// The largest formation meets the set? (condition (2) of L-17, by trying every
        /// set of locations: a formation meeting S exists iff one of them is one).
        fn refuter_formation_meets(
            g: &Geometry,
            pos: &Position,
            set: &[bool],
            who: Colour,
        ) -> bool {
            let n = g.len();
            (1u64..(1 << n)).any(|m| {
                let t: Vec<bool> = (0..n).map(|p| m >> p & 1 == 1).collect();
                (0..set.len()).any(|p| set[p] && t[p]) && formation(g, pos, &t, who)
            })
        }

        type Future = (Situation, BTreeSet<(Situation, Vec<usize>)>);

        fn changes(a: &Position, b: &Position) -> Vec<usize> {
            (0..a.len()).filter(|&p| a.get(p) != b.get(p)).collect()
        }

        impl Test {
            pub fn start(&self, pos: Position) -> OptLjrGame {
                let start = LjrStart {
                    position: pos,
                    to_move: self.player.opponent(),
                    ..LjrStart::empty(&self.g)
                };
                let board = Arc::new(Board::from_geometry(&self.g));
                OptLjrGame::new(board, &start, LjrSwitches::ALL_ON).expect("a start")
            }

            /// Whether P wins from `game` (`None`: too many nodes). `hist`: earlier
            /// (situation, position, whether the turn made there removed a cycle).
            pub fn wins(
                &mut self,
                game: &OptLjrGame,
                hist: &mut Vec<(Situation, Position, bool)>,
                path: &mut Vec<Future>,
                last: Option<usize>,
            ) -> Option<bool> {
                let pos = game.position();
                let sit = game.situation();
                if let Some(edge) = &self.edge {
                    // LC-10: (1), (2), (3), (4).
                    if let Some(p) = last {
                        if game.to_move() == self.player && edge[p] {
                            return Some(false);
                        }
                    }
                    if refuter_formation_meets(&self.g, &pos, &self.set, self.player.opponent()) {
                        return Some(false);
                    }
                    if hist.iter().any(|(s, _, _)| *s == sit) {
                        return Some(false);
                    }
                    if formation(&self.g, &pos, &self.set, self.player) {
                        return Some(true);
                    }
                } else {
                    if formation(&self.g, &pos, &self.set, self.player) {
                        return Some(true);
                    }
                }
                if game.is_over() {
                    return Some(false);
                }
                let mut fut = None;
                if self.edge.is_none() {
                    let since = hist.iter().rposition(|h| h.2).map_or(0, |k| k + 1);
                    let mut pairs = BTreeSet::new();
                    for k in since..hist.len() {
                        let mut used = BTreeSet::new();
                        for j in k..hist.len() {
                            let next = if j + 1 < hist.len() {
                                &hist[j + 1].1
                            } else {
                                &pos
                            };
                            used.extend(changes(&hist[j].1, next));
                        }
                        pairs.insert((hist[k].0.clone(), used.into_iter().collect()));
                    }
                    let f = (sit.clone(), pairs);
                    if path.contains(&f) {
                        return Some(false);
                    }
                    fut = Some(f);
                }
                self.nodes += 1;
                if self.nodes > self.cap {
                    return None;
                }
                let is_p = game.to_move() == self.player;
                if let Some(f) = fut.clone() {
                    path.push(f);
                }
                let mut result = !is_p;
                for t in game.legal_turns() {
                    let mut child = game.clone();
                    let done = child.play(t).expect("a legal turn");
                    let _ = done;
                    hist.push((sit.clone(), pos.clone(), t.remove_cycle.is_some()));
                    let v = self.wins(&child, hist, path, t.play);
                    hist.pop();
                    let v = v?;
                    if v == is_p {
                        result = is_p;
                        break;
                    }
                }
                if fut.is_some() {
                    path.pop();
                }
                Some(result)
            }
        }
    }

    fn lcg(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    /// The search agrees with the literal model on every bordered set of small random
    /// positions, for the test game and both dispute readings.
    #[test]
    fn the_search_agrees_with_a_literal_model_on_small_boards() {
        let mut seed = 12345u64;
        let mut compared = 0;
        let mut wins = 0;
        let mut skipped = 0;
        for case in 0..100 {
            let g = if case % 2 == 0 {
                Geometry::rect(2 + (case / 2) % 2, 2).expect("a board")
            } else {
                // A random tree of 4 or 5 points (leaves make eyes), sometimes with one
                // more edge.
                let n = 4 + (lcg(&mut seed) % 2) as usize;
                let mut edges: Vec<(usize, usize)> = (1..n)
                    .map(|b| ((lcg(&mut seed) % b as u64) as usize, b))
                    .collect();
                if lcg(&mut seed).is_multiple_of(2) {
                    let a = (lcg(&mut seed) % n as u64) as usize;
                    let b = (lcg(&mut seed) % n as u64) as usize;
                    if a != b {
                        edges.push((a, b));
                    }
                }
                Geometry::graph(n, &edges).expect("a graph")
            };
            let n = g.len();
            let mut position = Position::empty(n);
            for p in 0..n {
                match lcg(&mut seed) % 5 {
                    0 | 1 => position.set(p, Cell::BLACK),
                    2 => position.set(p, Cell::WHITE),
                    _ => {}
                }
            }
            let player = if lcg(&mut seed).is_multiple_of(2) {
                Colour::Black
            } else {
                Colour::White
            };
            for method in [
                (ControlMethod::TwoEyeTest, DisputeEdge::Literal),
                (ControlMethod::Dispute, DisputeEdge::Literal),
                (ControlMethod::Dispute, DisputeEdge::Inside),
            ] {
                let params = LjrParams {
                    dispute_edge: method.1,
                    ..LjrParams::default()
                };
                let q = query(&position, player, method.0, params);
                let w = Board::from_geometry(&g).words();
                let pick = |c: Colour| {
                    Bits::from_points(w, (0..n).filter(|&p| position.get(p) == Cell::Stone(c)))
                };
                let question = Question {
                    board: Board::from_geometry(&g),
                    black: pick(Colour::Black),
                    white: pick(Colour::White),
                    perm: Bits::new(w),
                    query: &q,
                    sw: LjrSwitches::ALL_ON,
                };
                for m in 1u64..(1 << n) {
                    let set: Vec<bool> = (0..n).map(|p| m >> p & 1 == 1).collect();
                    let own = pick(player);
                    let bordered = (0..n).all(|p| {
                        let out_nb = g.neighbours(p).iter().any(|&q| !set[q]);
                        let in_nb = g.neighbours(p).iter().any(|&q| set[q]);
                        if set[p] {
                            !out_nb || own.get(p)
                        } else {
                            !in_nb || !own.get(p)
                        }
                    });
                    if !bordered {
                        continue;
                    }
                    let (t, pos) = literal::transform(&g, &position, &set, player);
                    let mut tset = set.clone();
                    tset.extend([false, false]);
                    let edge = (method.0 == ControlMethod::Dispute).then(|| {
                        (0..n + 2)
                            .map(|p| match method.1 {
                                DisputeEdge::Literal => t.neighbours(p).iter().any(|&q| !tset[q]),
                                DisputeEdge::Inside => {
                                    tset[p] && t.neighbours(p).iter().any(|&q| !tset[q])
                                }
                            })
                            .collect()
                    });
                    let mut lit = literal::Test {
                        g: t.clone(),
                        set: tset.clone(),
                        player,
                        edge,
                        nodes: 0,
                        cap: 3000,
                    };
                    let game = lit.start(pos.clone());
                    let Some(expected) = lit.wins(&game, &mut Vec::new(), &mut Vec::new(), None)
                    else {
                        skipped += 1;
                        continue;
                    };
                    wins += expected as usize;
                    let bits = Bits::from_points(w, (0..n).filter(|&p| set[p]));
                    for (name, sw) in configs() {
                        let question = Question {
                            sw,
                            ..question.clone()
                        };
                        let mut budget = Budget {
                            left: 1_000_000,
                            explored: 0,
                        };
                        let got = match question.test(&bits, &mut budget) {
                            SetResult::Win(line) => {
                                // The line is legal and ends in the formation.
                                let mut gm = lit.start(pos.clone());
                                for turn in &line {
                                    gm.play(*turn).expect("a legal turn of the line");
                                }
                                assert!(literal::formation(&t, &gm.position(), &tset, player));
                                true
                            }
                            SetResult::Loss => false,
                            SetResult::Out => panic!("{name}: out of budget"),
                        };
                        assert_eq!(
                            got,
                            expected,
                            "{name}: case {case} {method:?} set {:?} player {player:?}\n{}",
                            bits.to_vec(),
                            position.diagram(&g)
                        );
                    }
                    compared += 1;
                }
            }
        }
        eprintln!("compared {compared} sets, {wins} won, {skipped} too big");
        assert!(compared > 100, "compared only {compared} sets");
    }

    /// L-17: the prover's set is his smallest bordered set containing the disputed
    /// location plus smallest bordered sets of empty locations. Black's string (one
    /// liberty, E1) holds two white stones without liberties (A2, C2; the test board
    /// removes them). For A2 Black may form A2 + string + E1: the formation stands at the
    /// start. For E1 he may only form E1 + string (C2 and A2 hold no empty location):
    /// one eye, and White plays e1. So by dispute Black controls A2 and C2 only.
    #[test]
    fn a_dispute_set_must_be_formed_from_the_disputed_location() {
        let (g, position) = parse_position("O # O # .\n# # # # #").expect("a diagram");
        let params = LjrParams::default();
        let two_eye = query(&position, Colour::Black, ControlMethod::TwoEyeTest, params);
        assert_eq!(controlled(&g, &two_eye), (0..10).collect::<Vec<_>>());
        let dispute = query(&position, Colour::Black, ControlMethod::Dispute, params);
        assert_eq!(controlled(&g, &dispute), vec![0, 2]);
    }

    /// No input makes the engine panic: a board of one point, a full board, isolated
    /// points, a budget of nothing, a position of the wrong size.
    #[test]
    fn odd_boards_and_budgets_are_answered() {
        let boards = [
            Geometry::rect(1, 1).expect("a board"),
            Geometry::graph(3, &[]).expect("three isolated points"),
            Geometry::graph(4, &[(0, 1)]).expect("a graph"),
            Geometry::rect(2, 1).expect("a board"),
        ];
        for g in &boards {
            let n = g.len();
            let fills = [
                Position::empty(n),
                Position(vec![Cell::BLACK; n]),
                Position(
                    (0..n)
                        .map(|p| if p % 2 == 0 { Cell::BLACK } else { Cell::WHITE })
                        .collect(),
                ),
            ];
            for position in &fills {
                for player in [Colour::Black, Colour::White] {
                    for method in [ControlMethod::TwoEyeTest, ControlMethod::Dispute] {
                        for budget in [0, 50, 100_000] {
                            let mut q = query(position, player, method, LjrParams::default());
                            q.budget = budget;
                            q.permanently_prohibited = vec![0];
                            for (_, sw) in configs() {
                                let a = control(g, &q, sw).expect("an answer");
                                assert_eq!(a.controlled.len(), n);
                                assert!(a.explored <= budget);
                                if budget == 0 {
                                    assert!(a.controlled.iter().all(Option::is_none));
                                }
                            }
                        }
                    }
                }
            }
        }
        // An isolated point can never be in a formation (L-16.4).
        let g = Geometry::graph(3, &[]).expect("isolated points");
        let q = query(
            &Position::empty(3),
            Colour::Black,
            ControlMethod::TwoEyeTest,
            LjrParams::default(),
        );
        let a = control(&g, &q, LjrSwitches::ALL_ON).expect("an answer");
        assert_eq!(a.controlled, vec![Some(false); 3]);
        // A position that does not fit the board is refused, not a panic.
        let q = query(
            &Position::empty(2),
            Colour::Black,
            ControlMethod::TwoEyeTest,
            LjrParams::default(),
        );
        assert!(control(&g, &q, LjrSwitches::ALL_ON).is_err());
    }

    /// LP-1: with `keep`, Black's two-point eye space stays permanently prohibited in the
    /// test game, so he can never divide it; with `forget` he can.
    #[test]
    fn permanent_prohibitions_in_the_set_are_kept_or_forgotten() {
        let (g, position) = parse_position(MIAI).expect("a diagram");
        let black_area: Vec<Point> = vec![0, 1, 2, 3, 4, 10, 11, 12, 13, 14];
        for (keep, expected) in [
            (TestProhibitions::Forget, black_area),
            (TestProhibitions::Keep, Vec::new()),
        ] {
            let params = LjrParams {
                test_prohibitions: keep,
                ..LjrParams::default()
            };
            let mut q = query(&position, Colour::Black, ControlMethod::TwoEyeTest, params);
            q.permanently_prohibited = vec![2, 3];
            assert_eq!(
                controlled_but(&g, &q, &["no formation cut"]),
                expected,
                "{keep:?}"
            );
        }
    }

    /// LL-6: going round a double-ko cycle repeats the situation at once, but the future
    /// state (the situation with every earlier one and the locations used since) only
    /// after the third round: the second round's earlier situations have other used sets.
    #[test]
    fn a_future_state_repeats_only_when_the_used_sets_do() {
        let edges: Vec<(usize, usize)> = [(0, 1), (0, 2), (1, 3), (2, 4), (3, 5)]
            .iter()
            .flat_map(|&(a, b)| [(a, b), (a + 6, b + 6)])
            .collect();
        let g = Geometry::graph(12, &edges).expect("a graph");
        let b = Board::from_geometry(&g);
        for sw in configs().into_iter().map(|c| c.1) {
            let w = b.words();
            let stones = Stones::new(
                &b,
                Bits::from_points(w, [2, 8, 7]),
                Bits::from_points(w, [3, 9, 0]),
                sw.incremental_strings,
            );
            let mut pos = Pos::new(&b, Colour::Black, stones, b.empty_set(), b.empty_set());
            let mut budget = Budget {
                left: 0,
                explored: 0,
            };
            let mut search = Search {
                b: &b,
                shape: SetShape::new(&b, b.all()),
                player: Colour::Black,
                sw,
                dispute_edge: None,
                budget: &mut budget,
                line: Line::new(sw.situation_hash),
                tt: FxHashMap::default(),
                tt_words: 0,
                limit: 0,
            };
            let round = [Some(1), Some(6), None, Some(0), Some(7), None];
            let mut keys = Vec::new();
            for r in 1..=3 {
                for play in round {
                    let (next, eff) = pos.apply(&b, None, play, false).expect("legal");
                    search.line.push(&pos, &eff.changed, eff.removal);
                    pos = next;
                }
                let similar = search.line.similar(&pos);
                assert_eq!(similar, (0..r).map(|k| 6 * k).collect::<Vec<_>>());
                let equal: Vec<usize> = similar
                    .into_iter()
                    .filter(|&t| search.future_equal(t))
                    .collect();
                assert_eq!(equal, if r == 3 { vec![12] } else { vec![] }, "round {r}");
                keys.push(search.future_key(&pos));
            }
            assert_ne!(keys[0], keys[1]);
            assert_eq!(keys[1], keys[2]);
            // Popping a round restores the used sets.
            for _ in 0..6 {
                search.line.pop();
            }
            assert_eq!(search.future_key(&pos), keys[1]);
        }
    }
}
