//! Reduction `benson-survival` (engine switch, spec S-3): in the proof searches, a state
//! where S's string (or the string of a played X stone on L) is unconditionally alive by
//! Benson's algorithm is won by X without a search: X passes for ever. Benson's algorithm
//! runs here on the state's byte board over the geometry's adjacency; the sealed regions it
//! also finds serve `sealed-regions` (sealed_regions.rs).

use super::board::{State, EMPTY};
use super::proof_search::Proof;
use crate::geometry::Geometry;

/// Benson's verdict on one board for the defender's colour (see [`benson_alive`]).
pub(super) struct Benson {
    /// The point holds a stone of an unconditionally alive string.
    pub(super) alive: Vec<bool>,
    /// The point lies in a sealed region: a connected set of points without the colour's
    /// stones whose every neighbouring string is unconditionally alive.
    pub(super) sealed: Vec<bool>,
}

/// Benson's algorithm on a byte board over any geometry: for every point, whether it holds a
/// stone of colour `c` whose string is unconditionally alive, i.e. the opponent cannot remove it by any
/// sequence of legal (non-suicidal) plays even if `c` passes every turn. Chains are the
/// strings of `c`; regions the connected parts of the other points. A region is vital to a
/// chain when it has an empty point and all its empty points are liberties of the chain.
/// Chains with fewer than two vital regions are dropped, with every region that touches a
/// dropped chain, until nothing changes; the chains left are alive.
pub(super) fn benson_alive(geometry: &Geometry, board: &[u8], c: u8) -> Benson {
    let n = board.len();
    // Label chains and regions.
    const NONE: u32 = u32::MAX;
    let mut chain_of = vec![NONE; n];
    let mut region_of = vec![NONE; n];
    let (mut chains, mut regions) = (0u32, 0u32);
    let mut stack = Vec::new();
    for q in 0..n {
        let is_chain = board[q] == c;
        let (labels, next) = if is_chain {
            (&mut chain_of, &mut chains)
        } else {
            (&mut region_of, &mut regions)
        };
        if labels[q] != NONE {
            continue;
        }
        labels[q] = *next;
        stack.push(q);
        while let Some(a) = stack.pop() {
            for &b in geometry.neighbours(a) {
                if (board[b] == c) == is_chain && labels[b] == NONE {
                    labels[b] = *next;
                    stack.push(b);
                }
            }
        }
        *next += 1;
    }
    let (chains, regions) = (chains as usize, regions as usize);
    // One entry (region, chain, is empty) per point of a region and each distinct chain next
    // to it; sorted, the entries of a (region, chain) pair lie together. The region touches
    // the chain, and is vital to it when it has an empty point and each of its empty points
    // is next to the chain.
    let mut empties = vec![0u32; regions];
    let mut entries: Vec<(u32, u32, u32)> = Vec::new();
    let mut seen: Vec<u32> = Vec::new();
    for q in 0..n {
        if board[q] == c {
            continue;
        }
        let r = region_of[q];
        let empty = (board[q] == EMPTY) as u32;
        empties[r as usize] += empty;
        seen.clear();
        for &b in geometry.neighbours(q) {
            if board[b] == c && !seen.contains(&chain_of[b]) {
                seen.push(chain_of[b]);
                entries.push((r, chain_of[b], empty));
            }
        }
    }
    entries.sort_unstable();
    // (region, chain, vital)
    let mut pairs: Vec<(u32, u32, bool)> = Vec::new();
    let mut i = 0;
    while i < entries.len() {
        let (r, k, _) = entries[i];
        let mut adjacent_empty = 0;
        while i < entries.len() && entries[i].0 == r && entries[i].1 == k {
            adjacent_empty += entries[i].2;
            i += 1;
        }
        let e = empties[r as usize];
        pairs.push((r, k, e > 0 && adjacent_empty == e));
    }
    let mut chain_alive = vec![true; chains];
    let mut region_alive = vec![true; regions];
    loop {
        let mut count = vec![0u32; chains];
        for &(r, k, vital) in &pairs {
            if vital && region_alive[r as usize] {
                count[k as usize] += 1;
            }
        }
        let mut changed = false;
        for k in 0..chains {
            if chain_alive[k] && count[k] < 2 {
                chain_alive[k] = false;
                changed = true;
            }
        }
        if !changed {
            // Sealed: touching at least one chain, and only alive ones.
            let mut sealed_region = vec![false; regions];
            for &(r, _, _) in &pairs {
                sealed_region[r as usize] = true;
            }
            for &(r, k, _) in &pairs {
                if !chain_alive[k as usize] {
                    sealed_region[r as usize] = false;
                }
            }
            return Benson {
                alive: (0..n)
                    .map(|q| board[q] == c && chain_alive[chain_of[q] as usize])
                    .collect(),
                sealed: (0..n)
                    .map(|q| board[q] != c && sealed_region[region_of[q] as usize])
                    .collect(),
            };
        }
        for &(r, k, _) in &pairs {
            if !chain_alive[k as usize] {
                region_alive[r as usize] = false;
            }
        }
    }
}

impl Proof<'_> {
    /// Benson's algorithm on the board of `key` for X.
    pub(super) fn benson(&mut self, key: &State) -> Benson {
        let mut board = std::mem::take(&mut self.b.cells);
        key.board_into(self.b.geometry.len(), &mut board);
        let verdict = benson_alive(self.b.geometry, &board, 3 - self.attacker);
        self.b.cells = board;
        verdict
    }

    /// `benson-survival`: whether X wins from `key` by passing for ever because a string that
    /// Benson's algorithm finds unconditionally alive holds S (not yet captured) or a
    /// played X stone on a point of L (then a permanent stone).
    pub(super) fn benson_leaf(&self, key: &State, alive: &[bool]) -> bool {
        (!key.captured && alive[self.check.string[0]])
            || (0..self.check.local.len()).any(|i| key.is_played(i) && alive[self.check.local[i]])
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support::{byte_board, names};
    use super::*;

    /// Black's chain A1-D1-B2-D2 is alive with the eyes A2 and C2, which are sealed. The white
    /// area E-G is not sealed: it also touches Black's G2, which is not alive.
    #[test]
    fn benson_alive_and_sealed() {
        let (g, board) = byte_board(". # . # O . #\n# # # # O . .\n");
        let b = benson_alive(&g, &board, 1);
        assert_eq!(names(&g, &b.alive), ["B2", "D2", "A1", "B1", "C1", "D1"]);
        assert_eq!(names(&g, &b.sealed), ["A2", "C2"]);
        // Without G2 the white area touches only the alive chain: sealed too.
        let (g, board) = byte_board(". # . # O . .\n# # # # O . .\n");
        let b = benson_alive(&g, &board, 1);
        assert_eq!(
            names(&g, &b.sealed),
            ["A2", "C2", "E2", "F2", "G2", "E1", "F1", "G1"]
        );
        // No chain at all: nothing is alive or sealed (a region must touch alive chains).
        let (g, board) = byte_board(". . .\n");
        let b = benson_alive(&g, &board, 1);
        assert!(b.alive.iter().chain(&b.sealed).all(|&x| !x));
    }
}
