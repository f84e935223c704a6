//! J2003 status games (spec `j2003.md` G-1 ... G-8) solved on their state graph: the states
//! reachable from the final-position are enumerated once, each with its successors (a
//! transposition table by construction), and Y's winning region of the Büchi game on the
//! counter product is computed by the nested fixpoint νZ. μX. (F ∩ CPre(Z)) ∪ CPre(X).
//!
//! Reductions (each switchable, spec S-3):
//! * in the uncapturable game a captured state is won by Y whatever follows (capture is an
//!   event that is never undone, C-8), so it is not expanded (always on: it is the game's
//!   own definition, not a reduction);
//! * `benson-uncapturable`: a string that Benson's algorithm finds unconditionally alive is
//!   uncapturable without a search (Y cannot capture it even if X passes every turn, and
//!   X may pass every turn; J-41).
//!
//! The board code here is its own: a byte per point and flood fills over the geometry.

use crate::engine::{Answer, Move};
use crate::geometry::{Geometry, Point};
use crate::j2003::{StatusCheck, StatusKind};
use std::collections::HashMap;

const EMPTY: u8 = 0;

fn stone(c: crate::geometry::Colour) -> u8 {
    match c {
        crate::geometry::Colour::Black => 1,
        crate::geometry::Colour::White => 2,
    }
}

/// A state of the status game (G-2), compactly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    board: Vec<u8>,
    /// 1 or 2: the colour to move.
    to_move: u8,
    after_pass: bool,
    captured: bool,
    /// Bit i: a defender stone played in the sequence stands on L[i].
    played: Vec<u64>,
    counter: u16,
    /// (colour, x, y) of the ko captures since the last ko-pass, sorted.
    ko_record: Vec<(u8, u16, u16)>,
}

/// The string through `p` and whether it has a liberty.
fn string_of(
    geometry: &Geometry,
    board: &[u8],
    p: Point,
    mark: &mut [u32],
    stamp: u32,
) -> (Vec<Point>, bool) {
    let c = board[p];
    let mut out = vec![p];
    mark[p] = stamp;
    let mut liberty = false;
    let mut i = 0;
    while i < out.len() {
        for &n in geometry.neighbours(out[i]) {
            if board[n] == EMPTY {
                liberty = true;
            } else if board[n] == c && mark[n] != stamp {
                mark[n] = stamp;
                out.push(n);
            }
        }
        i += 1;
    }
    (out, liberty)
}

struct Board<'a> {
    geometry: &'a Geometry,
    mark: Vec<u32>,
    stamp: u32,
}

impl Board<'_> {
    /// J-8: the board after `colour` plays at `x`, and the removed points; `None` if the
    /// point is occupied or the play is suicide.
    fn play(&mut self, board: &[u8], x: Point, colour: u8) -> Option<(Vec<u8>, Vec<Point>)> {
        if board[x] != EMPTY {
            return None;
        }
        let mut after = board.to_vec();
        after[x] = colour;
        let other = 3 - colour;
        let mut removed = Vec::new();
        for &n in self.geometry.neighbours(x) {
            if after[n] == other {
                self.stamp += 1;
                let (s, liberty) = string_of(self.geometry, &after, n, &mut self.mark, self.stamp);
                if !liberty {
                    for &q in &s {
                        after[q] = EMPTY;
                    }
                    removed.extend(s);
                }
            }
        }
        self.stamp += 1;
        let (_, liberty) = string_of(self.geometry, &after, x, &mut self.mark, self.stamp);
        if !liberty {
            return None;
        }
        removed.sort_unstable();
        Some((after, removed))
    }
}

/// Node of the game graph: who moves, whether it is accepting, its successors.
struct Node {
    attacker_moves: bool,
    accepting: bool,
    succ: Vec<u32>,
    /// The move of each successor edge.
    moves: Vec<Move>,
}

const WIN: u32 = 0;
const LOSE: u32 = 1;

/// Whether the attacker can force the check's target, with the states enumerated;
/// undetermined past `budget` states.
pub fn force(
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    budget: u64,
) -> Answer<(bool, u64, Vec<Move>)> {
    let defender = stone(check.defender);
    let attacker = 3 - defender;
    let uncapturable = check.kind == StatusKind::Uncapturable;
    let k = check.local.len();
    let words = k.div_ceil(64).max(1);
    let local_index: HashMap<Point, usize> = check
        .local
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i))
        .collect();
    let mut b = Board {
        geometry,
        mark: vec![0; geometry.len()],
        stamp: 0,
    };
    let mut nodes: Vec<Node> = vec![
        Node {
            attacker_moves: true,
            accepting: true,
            succ: vec![WIN],
            moves: vec![Move::Pass],
        },
        Node {
            attacker_moves: true,
            accepting: false,
            succ: vec![LOSE],
            moves: vec![Move::Pass],
        },
    ];
    let mut index: HashMap<Key, u32> = HashMap::new();
    let mut keys: Vec<Key> = vec![];
    let start = Key {
        board: board.to_vec(),
        to_move: attacker,
        after_pass: false,
        captured: false,
        played: vec![0; words],
        counter: 0,
        ko_record: Vec::new(),
    };
    let is_played = |key: &Key, i: usize| key.played[i / 64] >> (i % 64) & 1 == 1;
    // G-7: accepting = captured and (C1/C2) the counter completes a round here.
    let accepting = |key: &Key| {
        key.captured && (uncapturable || (key.counter as usize == k - 1 && !is_played(key, k - 1)))
    };
    let next_counter = |key: &Key| -> u16 {
        if uncapturable || k == 0 {
            0
        } else if !is_played(key, key.counter as usize) {
            ((key.counter as usize + 1) % k) as u16
        } else {
            key.counter
        }
    };
    let mut id_of = |key: Key, nodes: &mut Vec<Node>, keys: &mut Vec<Key>| -> u32 {
        if uncapturable && key.captured {
            return WIN;
        }
        if let Some(&id) = index.get(&key) {
            return id;
        }
        let id = nodes.len() as u32;
        nodes.push(Node {
            attacker_moves: key.to_move == attacker,
            accepting: accepting(&key),
            succ: Vec::new(),
            moves: Vec::new(),
        });
        index.insert(key.clone(), id);
        keys.push(key);
        id
    };
    let root = id_of(start, &mut nodes, &mut keys);
    // Enumerate (breadth first).
    let mut next = 0usize;
    while next < keys.len() {
        if keys.len() as u64 > budget {
            return Answer::Undetermined {
                explored: keys.len() as u64,
            };
        }
        let key = keys[next].clone();
        let id = next as u32 + 2;
        next += 1;
        let player = key.to_move;
        let counter = next_counter(&key);
        let mut succ = Vec::new();
        let mut moves = Vec::new();
        let mut ko_pass_legal = false;
        for x in geometry.points() {
            let Some((after, removed)) = b.play(&key.board, x, player) else {
                continue;
            };
            let mut record = key.ko_record.clone();
            if let [y] = removed[..] {
                // C-5: a ko capture if the immediate retake removes exactly x and restores.
                let retake = b.play(&after, y, 3 - player);
                if matches!(&retake, Some((back, r)) if r[..] == [x] && back[..] == key.board[..]) {
                    let (xx, yy) = (x as u16, y as u16);
                    if record.contains(&(3 - player, yy, xx)) {
                        ko_pass_legal = true;
                        continue;
                    }
                    if !record.contains(&(player, xx, yy)) {
                        record.push((player, xx, yy));
                        record.sort_unstable();
                    }
                }
            }
            let captured = key.captured || removed.contains(&check.string[0]);
            let mut played = key.played.clone();
            for &q in &removed {
                if let Some(&i) = local_index.get(&q) {
                    played[i / 64] &= !(1 << (i % 64));
                }
            }
            if player == defender {
                if let Some(&i) = local_index.get(&x) {
                    played[i / 64] |= 1 << (i % 64);
                }
            }
            let child = Key {
                board: after,
                to_move: 3 - player,
                after_pass: false,
                captured,
                played,
                counter,
                ko_record: record,
            };
            succ.push(id_of(child, &mut nodes, &mut keys));
            moves.push(Move::Play(x));
        }
        // Pass: ends the sequence after the opponent's pass (G-6 decides it then).
        if key.after_pass {
            let won = key.captured && (uncapturable || key.played.iter().all(|&w| w == 0));
            succ.push(if won { WIN } else { LOSE });
            moves.push(Move::Pass);
        } else {
            let child = Key {
                to_move: 3 - player,
                after_pass: true,
                counter,
                ..key.clone()
            };
            succ.push(id_of(child, &mut nodes, &mut keys));
            moves.push(Move::Pass);
        }
        if ko_pass_legal {
            let child = Key {
                to_move: 3 - player,
                after_pass: false,
                counter,
                ko_record: Vec::new(),
                ..key.clone()
            };
            succ.push(id_of(child, &mut nodes, &mut keys));
            moves.push(Move::KoPass);
        }
        nodes[id as usize].succ = succ;
        nodes[id as usize].moves = moves;
    }
    let explored = keys.len() as u64;
    let (won, rank) = buchi_winning(&nodes);
    let line = principal_line(&nodes, &won, &rank, root);
    Answer::Decided((won[root as usize], explored, line))
}

/// A line from `root` (spec S-2): where Y wins, Y follows the attractor ranks down to an
/// accepting state and the defender picks the successor of highest rank (the longest
/// resistance); where Y loses, the defender stays outside the winning region and Y plays
/// his first move. It stops at the end of the sequence or when a state repeats (the cycle
/// then repeats for ever), or after 60 moves.
fn principal_line(nodes: &[Node], won: &[bool], rank: &[u32], root: u32) -> Vec<Move> {
    let mut line = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut v = root as usize;
    let y_wins = won[v];
    while v > 1 && seen.insert(v) && line.len() < 60 {
        let node = &nodes[v];
        let pick = if y_wins {
            let candidates = node
                .succ
                .iter()
                .enumerate()
                .filter(|(_, &w)| won[w as usize]);
            if node.attacker_moves {
                candidates.min_by_key(|(_, &w)| rank[w as usize])
            } else {
                candidates.max_by_key(|(_, &w)| rank[w as usize])
            }
        } else if node.attacker_moves {
            node.succ.iter().enumerate().next()
        } else {
            node.succ
                .iter()
                .enumerate()
                .find(|(_, &w)| !won[w as usize])
        };
        let Some((i, &w)) = pick else { break };
        line.push(node.moves[i]);
        v = w as usize;
    }
    line
}

/// Y's winning region of the Büchi game: νZ. μX. (F ∩ CPre(Z)) ∪ CPre(X), where CPre(S)
/// holds Y's nodes with a successor in S and X's nodes with every successor in S.
/// Also returns, for the nodes of the region, the order in which the last attractor
/// computation reached them (its rank: accepting states first).
fn buchi_winning(nodes: &[Node]) -> (Vec<bool>, Vec<u32>) {
    let n = nodes.len();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (v, node) in nodes.iter().enumerate() {
        for &w in &node.succ {
            pred[w as usize].push(v as u32);
        }
    }
    let mut z = vec![true; n];
    loop {
        // μX: attractor computation with counters of successors outside X.
        let mut x = vec![false; n];
        let mut rank = vec![u32::MAX; n];
        let mut order = 0u32;
        let mut missing: Vec<usize> = nodes.iter().map(|nd| nd.succ.len()).collect();
        let mut queue: Vec<u32> = Vec::new();
        let cpre_z = |v: usize| -> bool {
            let node = &nodes[v];
            if node.attacker_moves {
                node.succ.iter().any(|&w| z[w as usize])
            } else {
                node.succ.iter().all(|&w| z[w as usize])
            }
        };
        for v in 0..n {
            if nodes[v].accepting && cpre_z(v) {
                x[v] = true;
                rank[v] = 0;
                queue.push(v as u32);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let w = queue[head];
            head += 1;
            order += 1;
            for &v in &pred[w as usize] {
                let v = v as usize;
                if x[v] {
                    continue;
                }
                missing[v] -= 1;
                if nodes[v].attacker_moves || missing[v] == 0 {
                    x[v] = true;
                    rank[v] = order;
                    queue.push(v as u32);
                }
            }
        }
        if x == z {
            return (z, rank);
        }
        z = x;
    }
}

/// A state of the bounded search: the game state of G-2 without the counter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct RaceKey {
    board: Vec<u8>,
    to_move: u8,
    after_pass: bool,
    captured: bool,
    /// Bit i: a defender stone played in the sequence stands on L[i] (C1/C2 only).
    played: Vec<u64>,
    ko_record: Vec<(u8, u16, u16)>,
}

/// Reduction `bounded-capture` (spec S-3): a depth-limited AND-OR search for a strategy of
/// Y that wins within `depth` moves whatever X does: in the U game by capturing the string
/// (an event that is never undone, C-8), in the C1/C2 games by a finite sequence that ends
/// (pass, pass) with the string captured and no defender stone played in the sequence on L
/// (G-6). A proof found is a proof that Y can force the target; failing to find one proves
/// nothing. Iterative deepening up to `max_depth`, at most `budget` nodes; a table remembers
/// the depth at which a state failed (the bounded value depends on the state only).
pub fn prove_capture(
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    max_depth: u32,
    budget: u64,
) -> (bool, u64) {
    let attacker = 3 - stone(check.defender);
    let k = check.local.len();
    let mut race = Race {
        b: Board {
            geometry,
            mark: vec![0; geometry.len()],
            stamp: 0,
        },
        check,
        attacker,
        failed: HashMap::new(),
        nodes: 0,
        budget,
    };
    let start = RaceKey {
        board: board.to_vec(),
        to_move: attacker,
        after_pass: false,
        captured: false,
        played: vec![0; k.div_ceil(64).max(1)],
        ko_record: Vec::new(),
    };
    for depth in 1..=max_depth {
        match race.wins(&start, depth) {
            Ok(true) => return (true, race.nodes),
            Ok(false) => {}
            Err(()) => break,
        }
    }
    (false, race.nodes)
}

struct Race<'a> {
    b: Board<'a>,
    check: &'a StatusCheck,
    attacker: u8,
    failed: HashMap<RaceKey, u32>,
    nodes: u64,
    budget: u64,
}

impl Race<'_> {
    /// Y wins within `depth` moves against every defence. `Err` past the budget.
    fn wins(&mut self, key: &RaceKey, depth: u32) -> Result<bool, ()> {
        let uncapturable = self.check.kind == StatusKind::Uncapturable;
        if uncapturable && key.captured {
            return Ok(true);
        }
        if depth == 0 {
            return Ok(false);
        }
        if self.failed.get(key).is_some_and(|&d| d >= depth) {
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(());
        }
        let player = key.to_move;
        let y_turn = player == self.attacker;
        let defender = 3 - self.attacker;
        let mut ko_pass_legal = false;
        // `None` = the sequence ends here; the bool says whether Y wins it.
        let mut children: Vec<Result<RaceKey, bool>> = Vec::new();
        for x in self.b.geometry.points() {
            let Some((after, removed)) = self.b.play(&key.board, x, player) else {
                continue;
            };
            let mut record = key.ko_record.clone();
            if let [y] = removed[..] {
                let retake = self.b.play(&after, y, 3 - player);
                if matches!(&retake, Some((back, r)) if r[..] == [x] && back[..] == key.board[..]) {
                    let (xx, yy) = (x as u16, y as u16);
                    if record.contains(&(3 - player, yy, xx)) {
                        ko_pass_legal = true;
                        continue;
                    }
                    if !record.contains(&(player, xx, yy)) {
                        record.push((player, xx, yy));
                        record.sort_unstable();
                    }
                }
            }
            let mut played = key.played.clone();
            for (i, &q) in self.check.local.iter().enumerate() {
                if removed.contains(&q) {
                    played[i / 64] &= !(1 << (i % 64));
                }
                if q == x && player == defender {
                    played[i / 64] |= 1 << (i % 64);
                }
            }
            children.push(Ok(RaceKey {
                board: after,
                to_move: 3 - player,
                after_pass: false,
                captured: key.captured || removed.contains(&self.check.string[0]),
                played,
                ko_record: record,
            }));
        }
        // A pass after a pass ends the sequence (G-6).
        children.push(if key.after_pass {
            Err(key.captured && !uncapturable && key.played.iter().all(|&w| w == 0))
        } else {
            Ok(RaceKey {
                to_move: 3 - player,
                after_pass: true,
                ..key.clone()
            })
        });
        if ko_pass_legal {
            children.push(Ok(RaceKey {
                to_move: 3 - player,
                after_pass: false,
                ko_record: Vec::new(),
                ..key.clone()
            }));
        }
        // Passes first: they end lines soonest.
        children.rotate_right(1 + ko_pass_legal as usize);
        let mut result = !y_turn;
        for child in children {
            let w = match child {
                Err(won) => won,
                Ok(c) => self.wins(&c, depth - 1)?,
            };
            if y_turn && w {
                result = true;
                break;
            }
            if !y_turn && !w {
                result = false;
                break;
            }
        }
        if !result {
            let d = self.failed.entry(key.clone()).or_insert(0);
            *d = (*d).max(depth);
        }
        Ok(result)
    }
}

/// Reduction `bounded-capture`, the other direction (spec S-3): in the U game, a search for a
/// strategy of X that never lets the string be captured. It builds a set P of states, with
/// one reply of X at each of X's states in P and every move of Y at Y's states, that is
/// closed: every successor is in P, or ends the sequence without a capture (pass after pass).
/// A closed P proves that Y cannot force the capture (any play that follows the strategy stays
/// in P, where nothing is ever captured, whether it ends or goes on for ever). States are
/// assumed safe while their proof is under way (a greatest fixpoint); a failed attempt
/// removes everything it added. Failing proves nothing. At most `budget` nodes.
pub fn prove_survival(
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    budget: u64,
) -> (bool, u64) {
    let attacker = 3 - stone(check.defender);
    let mut s = Survival {
        b: Board {
            geometry,
            mark: vec![0; geometry.len()],
            stamp: 0,
        },
        target: check.string[0],
        attacker,
        proof: std::collections::HashSet::new(),
        log: Vec::new(),
        failed: std::collections::HashSet::new(),
        nodes: 0,
        budget,
    };
    let start = RaceKey {
        board: board.to_vec(),
        to_move: attacker,
        after_pass: false,
        captured: false,
        played: vec![0],
        ko_record: Vec::new(),
    };
    let ok = s.safe(&start, 0).unwrap_or(false);
    (ok, s.nodes)
}

struct Survival<'a> {
    b: Board<'a>,
    target: Point,
    attacker: u8,
    proof: std::collections::HashSet<RaceKey>,
    log: Vec<RaceKey>,
    failed: std::collections::HashSet<RaceKey>,
    nodes: u64,
    budget: u64,
}

/// Deepest line the survival search follows (past it, that line fails: sound, incomplete).
const SURVIVAL_DEPTH: usize = 1_500;

impl Survival<'_> {
    fn undo(&mut self, mark: usize) {
        while self.log.len() > mark {
            if let Some(k) = self.log.pop() {
                self.proof.remove(&k);
            }
        }
    }

    /// The successors of `key`: `Err(true)` = the sequence ends without a capture (X wins),
    /// `Err(false)` = a capture (Y wins).
    fn successors(&mut self, key: &RaceKey) -> Vec<Result<RaceKey, bool>> {
        let player = key.to_move;
        let mut out = Vec::new();
        // Passes first: the cheapest replies.
        out.push(if key.after_pass {
            Err(true)
        } else {
            Ok(RaceKey {
                to_move: 3 - player,
                after_pass: true,
                ..key.clone()
            })
        });
        let mut ko_pass_legal = false;
        for x in self.b.geometry.points() {
            let Some((after, removed)) = self.b.play(&key.board, x, player) else {
                continue;
            };
            let mut record = key.ko_record.clone();
            if let [y] = removed[..] {
                let retake = self.b.play(&after, y, 3 - player);
                if matches!(&retake, Some((back, r)) if r[..] == [x] && back[..] == key.board[..]) {
                    let (xx, yy) = (x as u16, y as u16);
                    if record.contains(&(3 - player, yy, xx)) {
                        ko_pass_legal = true;
                        continue;
                    }
                    if !record.contains(&(player, xx, yy)) {
                        record.push((player, xx, yy));
                        record.sort_unstable();
                    }
                }
            }
            if removed.contains(&self.target) {
                out.push(Err(false));
                continue;
            }
            out.push(Ok(RaceKey {
                board: after,
                to_move: 3 - player,
                after_pass: false,
                captured: false,
                played: key.played.clone(),
                ko_record: record,
            }));
        }
        if ko_pass_legal {
            out.insert(
                1,
                Ok(RaceKey {
                    to_move: 3 - player,
                    after_pass: false,
                    ko_record: Vec::new(),
                    ..key.clone()
                }),
            );
        }
        out
    }

    fn safe(&mut self, key: &RaceKey, depth: usize) -> Result<bool, ()> {
        if self.proof.contains(key) {
            return Ok(true);
        }
        if self.failed.contains(key) || depth > SURVIVAL_DEPTH {
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(());
        }
        let mark = self.log.len();
        self.proof.insert(key.clone());
        self.log.push(key.clone());
        let y_turn = key.to_move == self.attacker;
        let succ = self.successors(key);
        let ok = if y_turn {
            let mut all = true;
            for c in succ {
                let w = match c {
                    Err(x_wins) => x_wins,
                    Ok(c) => self.safe(&c, depth + 1)?,
                };
                if !w {
                    all = false;
                    break;
                }
            }
            all
        } else {
            let mut any = false;
            for c in succ {
                let inner = self.log.len();
                let w = match c {
                    Err(x_wins) => x_wins,
                    Ok(c) => self.safe(&c, depth + 1)?,
                };
                if w {
                    any = true;
                    break;
                }
                self.undo(inner);
            }
            any
        };
        if !ok {
            self.undo(mark);
            self.failed.insert(key.clone());
        }
        Ok(ok)
    }
}
