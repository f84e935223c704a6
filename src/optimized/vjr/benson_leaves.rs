//! VS-3 item 4 (switch `vjr-benson`): a state in which Benson's unconditional life
//! ([`super::super::benson::immortal_stones`]) makes the target unreachable is a *no* for
//! the seeker without expansion:
//! * capture question (V-13): the owner's string at the analysed string's points is
//!   unconditionally alive;
//! * independent-life question (V-12): the other player's unconditionally alive stones
//!   stand on one of the string's points (`-all`) or on all of them (`-one`): a point with
//!   an opposing stone is an intersection of no formation.
//!
//! Proof (spec VS-3): the player who benefits passes for ever; the seeker's plays then
//! never lose a stone, so the position never repeats and the variation ends with two
//! passes, and Benson's theorem keeps the alive stones in place. In the state graph this
//! makes the state a member of the attractor L; the solver uses the leaves only together
//! with the attractors (`vjr-attractor`), whose lemma (VS-3 item 3) makes every state of
//! L a *no* whatever the history of the variation. Without the attractors the first-cycle
//! search runs over the whole graph and a path could hold states of L, so the leaves are
//! not used there.

use super::super::benson::immortal_stones;
use super::board::State;
use super::question::Ctx;
use crate::vjr::{Coverage, Question};

/// Whether `state` is a Benson leaf of the question.
pub(super) fn lost<const N: usize>(ctx: &Ctx<N>, state: &State<N>) -> bool {
    let x = &state.stones[ctx.owner];
    let y = &state.stones[1 - ctx.owner];
    let layout = &ctx.board.layout;
    match ctx.check.question {
        Question::Capture => x.get(ctx.s0) && immortal_stones(x, y, layout).get(ctx.s0),
        Question::Formation(life) => {
            let alive = immortal_stones(y, x, layout).and(&ctx.s);
            match life.coverage {
                Coverage::All => !alive.is_zero(),
                Coverage::One => alive == ctx.s,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, NO_BAN};
    use super::*;
    use crate::geometry::Colour;
    use crate::parse::diagram::parse_position;
    use crate::vjr::{FormationKind, IndependentLife, VjrQuestion};

    #[test]
    fn opposing_alive_stones_on_one_or_all_points() {
        // White's string {1, 3, 4, 5, 6, 7} is alive with the eyes 0 and 2; the analysed
        // points are 5 (white, alive) and 8 (a black stone).
        let (g, p) = parse_position(". O . O\nO O O O\n# . . .\n").expect("diagram");
        let (w, h) = g.rect_size().expect("rect");
        let board = Board::<2>::new(w, h);
        let stones = board.stones(&p);
        let state = State {
            stones,
            to_move: 1,
            after_pass: false,
            ban: NO_BAN,
        };
        for (coverage, lost_expected) in [(Coverage::All, true), (Coverage::One, false)] {
            let check = VjrQuestion {
                long_cycles: crate::vjr::LongCycles::default(),
                string: vec![8, 5],
                owner: Colour::Black,
                question: Question::Formation(IndependentLife {
                    formation: FormationKind::PassAlive,
                    coverage,
                }),
            };
            let mut s = super::super::super::bitboard::BitBoard::ZERO;
            s.set(board.bit(5));
            s.set(board.bit(8));
            let ctx = Ctx {
                board: Board::<2>::new(w, h),
                check: &check,
                owner: 0,
                seeker: 0,
                s,
                s0: board.bit(8),
                benson_leaves: true,
            };
            assert_eq!(lost(&ctx, &state), lost_expected, "{coverage:?}");
        }
        // The capture question of the white string: alive, so lost for Black.
        let check = VjrQuestion {
            long_cycles: crate::vjr::LongCycles::default(),
            string: vec![1],
            owner: Colour::White,
            question: Question::Capture,
        };
        let ctx = Ctx {
            board: Board::<2>::new(w, h),
            check: &check,
            owner: 1,
            seeker: 0,
            s: Default::default(),
            s0: board.bit(1),
            benson_leaves: true,
        };
        assert!(lost(&ctx, &state));
    }
}
