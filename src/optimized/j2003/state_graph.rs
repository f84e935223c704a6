//! J2003 status games (spec `j2003.md` G-1 ... G-8) solved on their state graph: the states
//! reachable from the final-position are enumerated once, each with its successors (a
//! transposition table by construction), and Y's winning region of the Büchi game on the
//! counter product is computed by the nested fixpoint νZ. μX. (F ∩ CPre(Z)) ∪ CPre(X).

use super::board::{stone, Board, State};
use super::successors::expand;
use crate::engine::{Answer, Move, Spent};
use crate::geometry::Geometry;
use crate::status_game::{StatusCheck, StatusKind};
use rustc_hash::FxHashMap as HashMap;

/// A state of the status game on the counter product (G-2, G-8).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    state: State,
    counter: u16,
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
pub(super) fn force(
    geometry: &Geometry,
    board: &[u8],
    check: &StatusCheck,
    budget: u64,
) -> Answer<(bool, u64, Vec<Move>)> {
    let attacker = 3 - stone(check.defender);
    let uncapturable = check.kind == StatusKind::Uncapturable;
    let k = check.local.len();
    let words = k.div_ceil(64).max(1);
    let near = vec![false; geometry.len()];
    let mut b = Board::new(geometry, check);
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
    let mut index: HashMap<Key, u32> = HashMap::default();
    let mut keys: Vec<Key> = vec![];
    let start = Key {
        state: State::new(board, &vec![0; words], attacker),
        counter: 0,
    };
    let is_played = |key: &Key, i: usize| key.state.is_played(i);
    // G-7: accepting = captured and (C1/C2) the counter completes a round here.
    let accepting = |key: &Key| {
        key.state.captured
            && (uncapturable || (key.counter as usize == k - 1 && !is_played(key, k - 1)))
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
        if let Some(&id) = index.get(&key) {
            return id;
        }
        let id = nodes.len() as u32;
        nodes.push(Node {
            attacker_moves: key.state.to_move == attacker,
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
        if keys.len() as u64 > budget || crate::deadline::passed() {
            return Answer::Undetermined(Spent {
                explored: keys.len() as u64,
            });
        }
        let key = keys[next].clone();
        let id = next as u32 + 2;
        next += 1;
        let counter = next_counter(&key);
        let mut succ = Vec::new();
        let mut moves = Vec::new();
        for (_, mv, step) in expand(&mut b, check, attacker, &near, &key.state) {
            succ.push(match step {
                // G-6 (a pass after a pass) or, in the U game, a capture (C-8).
                Err(y_wins) => {
                    if y_wins {
                        WIN
                    } else {
                        LOSE
                    }
                }
                Ok(state) => id_of(Key { state, counter }, &mut nodes, &mut keys),
            });
            moves.push(mv);
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
    let mut seen = rustc_hash::FxHashSet::default();
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
            // One attack to refute: the first play, else the pass.
            let plays = node.moves.iter().position(|m| matches!(m, Move::Play(_)));
            node.succ.iter().enumerate().nth(plays.unwrap_or(0))
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
