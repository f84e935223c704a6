//! The formations of independent life (spec `vjr.md` V-9 ... V-11) and the target of the
//! independent-life question (V-12), on bitboards.
//!
//! * eye points of X: empty points with a neighbour, all of whose neighbours are X stones;
//! * V-9 two-eye: two eye points whose adjacent X strings are the same set T (compared as
//!   the union of T's stones); intersections T's stones and the two eyes;
//! * V-10 n-eye: the greatest fixpoint (drop the eye points next to a string adjacent to
//!   fewer than two eye points kept); intersections the eyes kept and their strings;
//! * V-11 pass-alive: Benson's fixpoint ([`crate::benson::fixpoint`], fed from bitboards by
//!   [`super::super::benson::Benson`]) with the suicide-proof vitality on empty regions only
//!   ([`Vitality::EmptySuicideProof`]); intersections the strings kept and the regions kept
//!   that are vital to one of them.

use super::super::benson;
use super::super::bitboard::BitBoard;
use super::board::Board;
use crate::benson::Vitality;
use crate::vjr::{Coverage, FormationKind, IndependentLife};

/// The eye points of the player whose stones are `x` (the other player's are `y`).
pub(super) fn eye_points<const N: usize>(
    board: &Board<N>,
    x: &BitBoard<N>,
    y: &BitBoard<N>,
) -> BitBoard<N> {
    let mut eyes = BitBoard::ZERO;
    for e in board.layout.on_board.and_not(&x.or(y)).bits() {
        let nb = &board.neighbours[e];
        if !nb.is_zero() && nb.and_not(x).is_zero() {
            eyes.set(e);
        }
    }
    eyes
}

/// Whether `inter` (a formation's intersections) covers `s` as `coverage` asks (V-12).
fn covers<const N: usize>(inter: &BitBoard<N>, s: &BitBoard<N>, coverage: Coverage) -> bool {
    match coverage {
        Coverage::One => inter.intersects(s),
        Coverage::All => s.and_not(inter).is_zero(),
    }
}

/// V-9 with V-12: does some two-eye-formation of X cover `s`?
fn two_eye<const N: usize>(
    board: &Board<N>,
    x: &BitBoard<N>,
    y: &BitBoard<N>,
    s: &BitBoard<N>,
    coverage: Coverage,
) -> bool {
    let eyes: Vec<(usize, BitBoard<N>)> = eye_points(board, x, y)
        .bits()
        .map(|e| {
            let seed = board.neighbours[e].and(x);
            let t = BitBoard::flood(seed, x, board.stride(), &board.layout.on_board);
            (e, t)
        })
        .collect();
    for (i, (e1, t)) in eyes.iter().enumerate() {
        for (e2, t2) in &eyes[i + 1..] {
            if t == t2 {
                let mut inter = *t;
                inter.set(*e1);
                inter.set(*e2);
                if covers(&inter, s, coverage) {
                    return true;
                }
            }
        }
    }
    false
}

/// V-10: the intersections of the largest n-eye-formation of X (empty when there is none).
pub(super) fn n_eye<const N: usize>(
    board: &Board<N>,
    x: &BitBoard<N>,
    y: &BitBoard<N>,
) -> BitBoard<N> {
    let mut eyes = eye_points(board, x, y);
    let strings = benson::components(x, &board.layout);
    loop {
        let mut changed = false;
        for c in &strings {
            let adjacent = board.grow(c).and(&eyes);
            if !adjacent.is_zero() && adjacent.count() < 2 {
                eyes = eyes.and_not(&adjacent);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut inter = eyes;
    for c in &strings {
        if board.grow(c).intersects(&eyes) {
            inter = inter.or(c);
        }
    }
    inter
}

/// V-11: the intersections of the pass-alive formation of X without inside opposing stones
/// (the shared fixpoint with [`Vitality::EmptySuicideProof`]: a region holding a Y stone is
/// never vital).
pub(super) fn pass_alive<const N: usize>(
    board: &Board<N>,
    x: &BitBoard<N>,
    y: &BitBoard<N>,
) -> BitBoard<N> {
    benson::Benson::new(x, y, &board.layout, Vitality::EmptySuicideProof).formation()
}

/// V-12: does the position (X's stones `x`, Y's `y`) meet the target of the
/// independent-life question `life` of the string whose final points are `s`?
pub(super) fn target_met<const N: usize>(
    board: &Board<N>,
    x: &BitBoard<N>,
    y: &BitBoard<N>,
    s: &BitBoard<N>,
    life: IndependentLife,
) -> bool {
    match life.formation {
        FormationKind::TwoEye => two_eye(board, x, y, s, life.coverage),
        FormationKind::NEye => covers(&n_eye(board, x, y), s, life.coverage),
        FormationKind::PassAlive => covers(&pass_alive(board, x, y), s, life.coverage),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::parse::diagram::parse_position;

    /// A diagram's board and its (black, white) stones.
    pub(in super::super) fn setup(text: &str) -> (Board<2>, BitBoard<2>, BitBoard<2>) {
        let (g, p) = parse_position(text).expect("diagram");
        let (w, h) = g.rect_size().expect("rectangle");
        let b = Board::<2>::new(w, h);
        let [black, white] = b.stones(&p);
        (b, black, white)
    }

    pub(in super::super) fn set(b: &Board<2>, points: &[usize]) -> BitBoard<2> {
        let mut s = BitBoard::ZERO;
        for &p in points {
            s.set(b.bit(p));
        }
        s
    }

    fn life(formation: FormationKind, coverage: Coverage) -> IndependentLife {
        IndependentLife {
            formation,
            coverage,
        }
    }

    #[test]
    fn two_eyes_make_every_formation() {
        // 0 . 1 # 2 . 3 # / 4 # 5 # 6 # 7 #: one string, eyes 0 and 2.
        let (b, x, y) = setup(". # . #\n# # # #\n");
        assert_eq!(eye_points(&b, &x, &y), set(&b, &[0, 2]));
        let s = set(&b, &[1, 3, 4, 5, 6, 7]);
        for kind in [
            FormationKind::TwoEye,
            FormationKind::NEye,
            FormationKind::PassAlive,
        ] {
            for cov in [Coverage::One, Coverage::All] {
                assert!(target_met(&b, &x, &y, &s, life(kind, cov)), "{kind:?}");
            }
            // White has no formation.
            assert!(!target_met(&b, &y, &x, &s, life(kind, Coverage::One)));
        }
    }

    #[test]
    fn ring_of_three_strings_is_n_eye_but_not_two_eye() {
        // 0 . 1 A 2 . / 3 C 4 . 5 B / 6 C 7 C 8 .: strings A {1}, B {5}, C {3, 6, 7};
        // eyes 0 (A, C), 2 (A, B), 8 (B, C) and 4 (A, B, C): no two share their strings.
        let (b, x, y) = setup(". # .\n# . #\n# # .\n");
        assert_eq!(b.neighbours.len(), 12);
        let a = set(&b, &[1]);
        assert!(!target_met(
            &b,
            &x,
            &y,
            &a,
            life(FormationKind::TwoEye, Coverage::One)
        ));
        assert!(target_met(
            &b,
            &x,
            &y,
            &a,
            life(FormationKind::NEye, Coverage::All)
        ));
        assert_eq!(n_eye(&b, &x, &y), b.layout.on_board);
        // Each string has three vital regions: pass-alive as well.
        assert_eq!(pass_alive(&b, &x, &y), b.layout.on_board);
    }

    #[test]
    fn n_eye_drops_eyes_of_strings_with_one_eye() {
        // 0 . 1 # 2 . 3 #: the string {3} touches the eye 2 only, so 2 goes; then {1}
        // keeps the eye 0 only, so 0 goes: no n-eye-formation (and no two-eye one).
        let (b, x, y) = setup(". # . #\n");
        assert_eq!(eye_points(&b, &x, &y), set(&b, &[0, 2]));
        assert!(n_eye(&b, &x, &y).is_zero());
        let s = set(&b, &[1]);
        assert!(!target_met(
            &b,
            &x,
            &y,
            &s,
            life(FormationKind::TwoEye, Coverage::One)
        ));
    }

    #[test]
    fn coverage_one_and_all() {
        // Black's string {1, 3, 4, 5, 6, 7, 9} with eyes 0, 2 and 8; point 10 (next to the
        // white stone 11) is in no formation.
        let (b, x, y) = setup(". # . #\n# # # #\n. # . O\n");
        let part = set(&b, &[0, 10]);
        for kind in [
            FormationKind::TwoEye,
            FormationKind::NEye,
            FormationKind::PassAlive,
        ] {
            assert!(target_met(&b, &x, &y, &part, life(kind, Coverage::One)));
            assert!(!target_met(&b, &x, &y, &part, life(kind, Coverage::All)));
        }
    }

    #[test]
    fn two_separate_two_eye_formations_are_one_n_eye() {
        // Two black strings, each with its own two eyes (0, 2 and 6, 8), split by a white
        // wall with the liberty 22: -all over points of both needs one formation.
        let (b, x, y) = setup(". # . # O # . # .\n# # # # O # # # #\nO O O O . O O O O\n");
        let both = set(&b, &[1, 5]);
        assert!(!target_met(
            &b,
            &x,
            &y,
            &both,
            life(FormationKind::TwoEye, Coverage::All)
        ));
        assert!(target_met(
            &b,
            &x,
            &y,
            &both,
            life(FormationKind::TwoEye, Coverage::One)
        ));
        assert!(target_met(
            &b,
            &x,
            &y,
            &both,
            life(FormationKind::NEye, Coverage::All)
        ));
        assert!(target_met(
            &b,
            &x,
            &y,
            &both,
            life(FormationKind::PassAlive, Coverage::All)
        ));
    }

    #[test]
    fn pass_alive_ignores_regions_with_opposing_stones() {
        // Region {2, 3} holds a white stone: not an eye for V-11, though Benson's own
        // algorithm (empty points of a region all liberties) counts it.
        let (b, x, y) = setup(". # O . #\n# # # # #\n");
        assert!(pass_alive(&b, &x, &y).is_zero());
        let benson = benson::immortal_stones(&x, &y, &b.layout);
        assert_eq!(benson, x);
        // With the white stone gone, two empty regions: pass-alive.
        let (b, x, y) = setup(". # . . #\n# # # # #\n");
        assert_eq!(pass_alive(&b, &x, &y), b.layout.on_board);
    }
}
