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
use super::state_graph::Ctx;
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
