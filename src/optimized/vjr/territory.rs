//! The territory of a settled assessment (spec `vjr.md` V-24 ... V-26) on bitboards: the
//! connected parts of the board without one player's independently alive stones
//! ([`super::super::benson::components`]) decide both the removal of dead stones (V-24)
//! and the territory (V-25).

use super::super::benson::components;
use super::super::bitboard::BitBoard;
use super::board::Board;
use crate::geometry::{Colour, Position};
use crate::vjr::{VjrStatus, VjrTerritory};

/// V-24 and V-25 for a `width` x `height` position with each stone's string status.
pub(super) fn territory<const N: usize>(
    width: usize,
    height: usize,
    position: &Position,
    status: &[Option<VjrStatus>],
) -> VjrTerritory {
    let board = Board::<N>::new(width, height);
    let on = board.layout.on_board;
    let stones = board.stones(position);
    let with = |c: usize, st: VjrStatus| {
        let mut b = BitBoard::<N>::ZERO;
        for s in stones[c].bits() {
            if status[board.point(s)] == Some(st) {
                b.set(s);
            }
        }
        b
    };
    let alive_ind = [0, 1].map(|c| with(c, VjrStatus::IndependentlyAlive));
    let seki = [0, 1].map(|c| with(c, VjrStatus::AliveInSeki));
    let dead = [0, 1].map(|c| with(c, VjrStatus::Dead));
    // Alive: every stone not dead (a stone without a decided status blocks, as in seki).
    let alive_any = stones[0].or(&stones[1]).and_not(&dead[0].or(&dead[1]));
    // V-24: dead stones of c whose part of the board without the opponent's independently
    // alive stones holds no alive stone.
    let removed = [0, 1].map(|c| {
        let mut r = BitBoard::<N>::ZERO;
        for part in components(&on.and_not(&alive_ind[1 - c]), &board.layout) {
            if part.intersects(&dead[c]) && !part.intersects(&alive_any) {
                r = r.or(&part.and(&dead[c]));
            }
        }
        r
    });
    let left = [
        stones[0].and_not(&removed[0]),
        stones[1].and_not(&removed[1]),
    ];
    let empty = on.and_not(&left[0].or(&left[1]));
    // V-25: empty points of a part without P's independently alive stones that touches
    // them, holds no opposing stone and no P stone alive in seki.
    let mut owner = vec![None; position.len()];
    for (c, colour) in [(0, Colour::Black), (1, Colour::White)] {
        for part in components(&on.and_not(&alive_ind[c]), &board.layout) {
            if board.grow(&part).intersects(&alive_ind[c])
                && !part.intersects(&left[1 - c])
                && !part.intersects(&seki[c])
            {
                for b in part.and(&empty).bits() {
                    owner[board.point(b)] = Some(colour);
                }
            }
        }
    }
    VjrTerritory {
        owner,
        removed_black: removed[0].count(),
        removed_white: removed[1].count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::diagram::parse_position;
    use VjrStatus::*;

    #[test]
    fn dead_stones_removed_and_seki_has_no_territory() {
        // Black's alive wall (column 2), a dead white stone at 0 in Black's area, White's
        // alive stones on the right (columns 3 and 4, with territory 4... none empty).
        let (g, p) = parse_position("O . # O .\n. . # O .\n").expect("diagram");
        let (w, h) = g.rect_size().expect("rect");
        let mut status = vec![None; p.len()];
        for q in [2, 7] {
            status[q] = Some(IndependentlyAlive);
        }
        for q in [3, 8] {
            status[q] = Some(IndependentlyAlive);
        }
        status[0] = Some(Dead);
        let t = territory::<2>(w, h, &p, &status);
        assert_eq!((t.removed_black, t.removed_white), (0, 1));
        let black: Vec<usize> = (0..p.len())
            .filter(|&q| t.owner[q] == Some(Colour::Black))
            .collect();
        let white: Vec<usize> = (0..p.len())
            .filter(|&q| t.owner[q] == Some(Colour::White))
            .collect();
        assert_eq!(black, vec![0, 1, 5, 6]);
        assert_eq!(white, vec![4, 9]);
        // The same with White's stones alive in seki: no white territory, and the dead
        // stone, in a part holding no alive stone, still goes.
        for q in [3, 8] {
            status[q] = Some(AliveInSeki);
        }
        let t = territory::<2>(w, h, &p, &status);
        assert_eq!(t.removed_white, 1);
        assert_eq!(t.count(Colour::White), 0);
        assert_eq!(t.count(Colour::Black), 4);
    }
}
