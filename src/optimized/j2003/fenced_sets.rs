//! Reduction `fenced-sets` (engine switch, spec `j2003-solver.md` J-LOC-8): before the proof
//! searches of any check, each prover P's proof on his *fenced set* A of the check alone.
//! A holds S, L and everything that touches them through empty points and P's stones; every
//! point next to A and outside it holds a stone of a string of the opponent Q, its *fence*
//! (for Y: X's strings around a dead string; for X: Y's strings around S's group and its
//! territory). Everything else (the *rest*) is made empty on a copy of the board and pinned
//! as frozen regions of the proof search (frozen_regions.rs): Q's moves there are one tempo,
//! P never plays there nor on a fence string's last liberty in A, so the fence strings stand
//! for ever and the contents of A evolve as in the real game. A proof found so is a proof in
//! the real game (J-LOC-8); a failure proves nothing, and the searches that follow run as
//! before.

use super::benson_memo::BensonMemo;
use super::board::{byte_board, stone, EMPTY};
use super::proof_search::{self, Leaves, Prover};
use crate::engine::{LineMove, Move};
use crate::geometry::{Geometry, Point, Position};
use crate::status_game::StatusCheck;

/// A check's fenced set (J-LOC-8) on the board where its rest is empty.
#[cfg_attr(test, derive(Debug))]
pub(super) struct Fenced {
    /// F' of J-LOC-8: the position's bytes, the rest emptied.
    pub(super) board: Vec<u8>,
    /// The rest: neither in A nor a stone of a fence string (pinned frozen).
    pub(super) rest: Vec<bool>,
}

/// The fenced set of `check` on `position` (J-LOC-8 "Computing it"), or `None` when its
/// rest is empty (the pinned game would be the whole game).
pub(super) fn fenced_set(
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    prover: Prover,
) -> Option<Fenced> {
    let mut board = byte_board(position);
    // Q, the fence's colour: the prover's opponent's (X's when Y proves, Y's when X does).
    let fence_colour = match prover {
        Prover::Attacker => stone(check.defender),
        Prover::Defender => 3 - stone(check.defender),
    };
    let n = board.len();
    let mut in_a = vec![false; n];
    let mut queue: Vec<Point> = Vec::new();
    // A point enters A with the whole Q string on it (A holds whole Q strings only).
    let add = |p: Point, in_a: &mut Vec<bool>, queue: &mut Vec<Point>| {
        if in_a[p] {
            return;
        }
        in_a[p] = true;
        queue.push(p);
        let mut i = queue.len() - 1;
        while board[p] == fence_colour && i < queue.len() {
            for &m in geometry.neighbours(queue[i]) {
                if board[m] == fence_colour && !in_a[m] {
                    in_a[m] = true;
                    queue.push(m);
                }
            }
            i += 1;
        }
    };
    for &p in check.string.iter().chain(&check.local) {
        add(p, &mut in_a, &mut queue);
    }
    let mut i = 0;
    while i < queue.len() {
        for &m in geometry.neighbours(queue[i]) {
            if board[m] != fence_colour {
                add(m, &mut in_a, &mut queue);
            }
        }
        i += 1;
    }
    // The fence: the Q strings next to A (outside it, since A holds whole Q strings).
    let mut fence = vec![false; n];
    let mut stack: Vec<Point> = Vec::new();
    for p in (0..n).filter(|&p| in_a[p]) {
        for &m in geometry.neighbours(p) {
            if !in_a[m] && !fence[m] {
                fence[m] = true;
                stack.push(m);
                while let Some(q) = stack.pop() {
                    for &r in geometry.neighbours(q) {
                        if board[r] == fence_colour && !fence[r] {
                            fence[r] = true;
                            stack.push(r);
                        }
                    }
                }
            }
        }
    }
    let rest: Vec<bool> = (0..n).map(|p| !in_a[p] && !fence[p]).collect();
    if !rest.contains(&true) {
        return None;
    }
    for p in (0..n).filter(|&p| rest[p]) {
        board[p] = EMPTY;
    }
    Some(Fenced { board, rest })
}

/// `prover`'s proof search on his fenced set (J-LOC-8): `Some(true)` when Y's proof shows
/// that Y forces the check's target, `Some(false)` when X's shows that Y cannot, `None` when
/// no proof was found; the states spent (at most `budget`); and the proof's principal line
/// on F' (a play of Q on a point of the rest is Q's tempo).
pub(super) fn prove(
    geometry: &Geometry,
    fenced: &Fenced,
    check: &StatusCheck,
    prover: Prover,
    leaves: Leaves,
    max_depth: usize,
    budget: u64,
) -> (Option<bool>, u64, Vec<Move>) {
    let mut memo = BensonMemo::new(true);
    proof_search::prove_with_memo(
        geometry,
        &fenced.board,
        check,
        &[prover],
        leaves,
        Some(&fenced.rest),
        max_depth,
        budget,
        &mut memo,
    )
}

/// A pinned game's line (J-LOC-8) as moves of the real game: Q's plays on the rest are his
/// tempo, [`LineMove::Outside`].
pub(super) fn real_line(fenced: &Fenced, line: &[Move]) -> Vec<LineMove> {
    line.iter()
        .map(|&m| match m {
            Move::Play(p) if fenced.rest[p] => LineMove::Outside,
            m => LineMove::Move(m),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Colour;
    use crate::status_game::StatusKind;

    use super::super::board::test_support::names;

    /// gnugo-9x9-3's black B2-B3 in White's corner: A is White's lower group with its
    /// points A1, B1, C1, A2, D3, fenced by Black's strings through A7 and F3; the rest is
    /// everything else, and the rest is empty on F'.
    #[test]
    fn the_fenced_set_of_a_dead_string() {
        let text = ". . . . . . . . .\nO O . . O O . . .\n# O O O # # O O O\n\
                    # # # # # . # # O\nO # # O # . # . #\nO O O O # . . . .\n\
                    O # O . O # # . .\n. # O O O O # . .\n. . . O # # # . .\n";
        let (g, position) = crate::parse::diagram::parse_position(text).expect("a diagram");
        let at = |s: &str| g.parse_gtp(s).expect("a point");
        let check = StatusCheck {
            string: vec![at("B2"), at("B3")],
            defender: Colour::Black,
            kind: StatusKind::Capturable1,
            local: vec![at("B2"), at("B3")],
        };
        let b = fenced_set(&g, &position, &check, Prover::Attacker).expect("a rest");
        let in_a: Vec<bool> = (0..g.len())
            .map(|p| !b.rest[p] && position.get(p) != crate::geometry::Cell::Stone(Colour::Black))
            .collect();
        let mut a = names(&g, &in_a);
        a.sort();
        let mut expect: Vec<&str> = "A1 B1 C1 A2 C2 D2 E2 F2 A3 C3 D3 E3 A4 B4 C4 D4 A5 D5 D1"
            .split(' ')
            .collect();
        expect.sort();
        assert_eq!(a, expect);
        for p in ["A7", "E4", "F3", "G1", "B2", "B3"] {
            assert!(!b.rest[at(p)], "{p} is in A or the fence");
        }
        for p in ["J9", "G6", "F5", "J5", "A8"] {
            assert!(b.rest[at(p)], "{p} is in the rest");
            assert_eq!(b.board[at(p)], EMPTY);
        }
    }

    /// A check whose A and fence cover the board has no rest: no pinned game.
    #[test]
    fn no_rest_no_fenced_set() {
        let (g, position) =
            crate::parse::diagram::parse_position(". # . O .\n").expect("a diagram");
        let check = StatusCheck {
            string: vec![g.parse_gtp("B1").expect("a point")],
            defender: Colour::Black,
            kind: StatusKind::Uncapturable,
            local: Vec::new(),
        };
        assert!(fenced_set(&g, &position, &check, Prover::Attacker).is_none());
    }
}
