//! `vjr-frozen-regions` (spec `vjr-solver.md` VS-3 item 0b): in the attractor proof, the
//! opponent's empty regions become one *tempo* move. P is the side being proved, Q its
//! opponent; a frozen region is a maximal connected set of empty points, none of S's
//! points, whose every neighbour is a Q stone (for W of the capture question also not next
//! to the string at S's first point). P never plays into one nor on a wall's only liberty
//! outside them; Q's plays into them are the tempo.

use super::super::bitboard::BitBoard;
use super::board::State;
use super::question::Ctx;
use crate::vjr::Question;

/// The side that proves W (the seeker forces the target) and the one that proves L.
pub(super) const W: usize = 0;
pub(super) const L: usize = 1;

/// The colour index of Q, the opponent of the side `side`.
pub(super) fn opponent<const N: usize>(ctx: &Ctx<N>, side: usize) -> usize {
    if side == W {
        1 - ctx.seeker
    } else {
        ctx.seeker
    }
}

/// Whether G* may freeze regions for `side` (VS-3 item 0b: not for L of the
/// independent-life question).
pub(super) fn allowed<const N: usize>(ctx: &Ctx<N>, side: usize) -> bool {
    matches!(ctx.check.question, Question::Capture) || side == W
}

/// The string at S's first point, while it stands (else empty).
pub(super) fn target_string<const N: usize>(ctx: &Ctx<N>, state: &State<N>) -> BitBoard<N> {
    let owner = &state.stones[ctx.owner];
    if owner.get(ctx.s0) {
        ctx.board.string(ctx.s0, owner)
    } else {
        BitBoard::ZERO
    }
}

/// `frozen` with every new qualifying region of `state` added.
pub(super) fn freeze<const N: usize>(
    ctx: &Ctx<N>,
    side: usize,
    state: &State<N>,
    frozen: &BitBoard<N>,
) -> BitBoard<N> {
    let board = &ctx.board;
    let q = &state.stones[opponent(ctx, side)];
    let capture_w = side == W && matches!(ctx.check.question, Question::Capture);
    let target = if capture_w {
        board.grow(&target_string(ctx, state))
    } else {
        BitBoard::ZERO
    };
    let empty = board.empty(&state.stones);
    let mut left = empty.and_not(frozen);
    let mut out = *frozen;
    while let Some(b) = left.bits().next() {
        let region = board.string(b, &empty);
        left = left.and_not(&region);
        let border = board.grow(&region).and_not(&region);
        if !region.intersects(&ctx.s) && border.and_not(q).is_zero() && !region.intersects(&target)
        {
            out = out.or(&region);
        }
    }
    out
}

/// Whether P (colour `p`) may play on `x` in G*: not into a frozen region, nor on the only
/// liberty outside the frozen regions of a wall.
pub(super) fn p_may_play<const N: usize>(
    ctx: &Ctx<N>,
    state: &State<N>,
    frozen: &BitBoard<N>,
    p: usize,
    x: usize,
) -> bool {
    if frozen.get(x) {
        return false;
    }
    let board = &ctx.board;
    let q = &state.stones[1 - p];
    let empty = board.empty(&state.stones);
    let mut seen = BitBoard::ZERO;
    for n in board.neighbours[x].and(q).bits() {
        if seen.get(n) {
            continue;
        }
        let wall = board.string(n, q);
        seen = seen.or(&wall);
        let around = board.grow(&wall);
        if !around.intersects(frozen) {
            continue;
        }
        let outside = around.and(&empty).and_not(frozen);
        if outside.count() == 1 {
            return false;
        }
    }
    true
}
