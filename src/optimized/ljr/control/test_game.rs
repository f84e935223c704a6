//! The depth-first search of one test game or dispute on one set (L-14, L-17, LC-7, LL-5,
//! LL-6, LC-10): budget, transposition table, iterative deepening by plies.

use super::super::board::{Bits, Board};
use super::super::formation::{largest_formation, SetShape};
use super::super::history::{Line, UNNUMBERED};
use super::super::turn::Pos;
use super::super::LjrSwitches;
use crate::geometry::{Colour, Point};
use rustc_hash::FxHashMap;

/// Nodes left for the whole question, and nodes visited.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    pub(super) left: u64,
    pub(super) explored: u64,
}

impl Budget {
    pub(super) fn take(&mut self) -> bool {
        if self.left == 0 || crate::deadline::passed() {
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
pub(super) struct Step {
    pub(super) removal: Option<Bits>,
    pub(super) play: Option<Point>,
}

/// The value of a test-game node for P.
#[derive(Clone, Debug)]
pub(super) enum Val {
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
pub(super) enum Memo {
    Win(Vec<Step>),
    Loss,
}

/// Words the transposition table may hold (keys), per test game.
pub(super) const TT_WORDS: usize = 1 << 22;

/// A node being expanded.
pub(super) struct Frame {
    pub(super) pos: Pos,
    pub(super) key: Option<Vec<u64>>,
    pub(super) is_p: bool,
    pub(super) cands: Vec<(Option<Bits>, Option<Point>)>,
    pub(super) next: usize,
    pub(super) low: usize,
    pub(super) best: Option<Vec<Step>>,
    /// The turn to the child being searched.
    pub(super) pending: Option<Step>,
    /// Whether a child met the depth limit.
    pub(super) horizon: bool,
}

impl Frame {
    /// Take a child's value; the node's value when it is settled.
    pub(super) fn absorb(&mut self, step: Step, v: Val) -> Option<Val> {
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
    pub(super) fn conclude(&mut self) -> Val {
        if self.horizon {
            return Val::Horizon;
        }
        match self.best.take() {
            Some(l) if !self.is_p => Val::Win(l),
            _ => Val::Loss(self.low),
        }
    }
}

pub(super) enum Enter {
    Done(Val),
    Frame(Box<Frame>),
}

/// The search of one test game or dispute on one set.
pub(super) struct Search<'a> {
    pub(super) b: &'a Board,
    pub(super) shape: SetShape,
    pub(super) player: Colour,
    pub(super) sw: LjrSwitches,
    /// In a dispute: the locations where a play of the refuter ends it (condition 1).
    pub(super) dispute_edge: Option<Bits>,
    pub(super) budget: &'a mut Budget,
    pub(super) line: Line,
    pub(super) tt: FxHashMap<Vec<u64>, Memo>,
    pub(super) tt_words: usize,
    /// Plies this iteration may look ahead.
    pub(super) limit: usize,
}

impl Search<'_> {
    /// The checks on entering a node (LC-7, LL-5, LL-6, LC-10): its value, or a frame to
    /// expand.
    pub(super) fn enter(&mut self, pos: Pos) -> Enter {
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
                if let Some(k) = self.future_key(&pos) {
                    if let Some(m) = self.tt.get(&k) {
                        return Enter::Done(match m {
                            Memo::Win(l) => Val::Win(l.clone()),
                            Memo::Loss => Val::Loss(usize::MAX),
                        });
                    }
                    key = Some(k);
                }
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
    pub(super) fn deepen(&mut self, root: &Pos) -> Val {
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
    pub(super) fn run(&mut self, root: Pos) -> Val {
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
    pub(super) fn doomed(&self, pos: &Pos) -> bool {
        if !self.shape.isolated.is_empty() {
            return true;
        }
        let shut = pos.perm.and(&self.shape.set).andnot(&pos.stones.occupied());
        shut.intersects(&self.shape.inner_border)
            || shut.iter().any(|p| self.b.mask(p).intersects(&shut))
    }

    /// Cache an exact result; a loss whose cuts all point into this node's subtree is
    /// exact, and is passed up as such.
    pub(super) fn store(&mut self, key: Option<Vec<u64>>, v: Val, depth: usize) -> Val {
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
    pub(super) fn candidates(&self, pos: &Pos, is_p: bool) -> Vec<(Option<Bits>, Option<Point>)> {
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
    pub(super) fn future_equal(&self, t: usize) -> bool {
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
    /// pairs since the last removal, each situation by its number on the line
    /// (`Entry::id`), sorted (two future states met by one search are equal iff their keys
    /// are: the transposition table lives as long as the line that numbers them). `None`
    /// when a situation since the last removal has no number (the numbering was full).
    pub(super) fn future_key(&self, pos: &Pos) -> Option<Vec<u64>> {
        let head =
            |to_move: Colour, passes| ((to_move == Colour::White) as u64) | ((passes as u64) << 8);
        let es = &self.line.entries()[self.line.since()..];
        if es.iter().any(|e| e.id == UNNUMBERED) {
            return None;
        }
        // A pair is the situation's number and the used set (measured on `score-forget`:
        // with the situations written out whole, building and sorting the pairs was 30% of
        // the control search).
        let pair = |i: usize| (es[i].id, &es[i].used.0[..]);
        let mut order: Vec<usize> = (0..es.len()).collect();
        order.sort_unstable_by(|&a, &b| pair(a).cmp(&pair(b)));
        order.dedup_by(|a, b| pair(*a) == pair(*b));
        let words = pos.stones.black.0.len();
        let mut key = Vec::with_capacity(1 + 4 * words + order.len() * (1 + words));
        key.push(head(pos.to_move, pos.passes));
        for b in [&pos.stones.black, &pos.stones.white, &pos.temp, &pos.perm] {
            key.extend_from_slice(&b.0);
        }
        for i in order {
            key.push(es[i].id as u64);
            key.extend_from_slice(&es[i].used.0);
        }
        Some(key)
    }
}
