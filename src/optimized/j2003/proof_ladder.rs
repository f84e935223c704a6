//! Switch `proof-ladder` (spec `j2003-solver.md` S-3; a schedule, no reduction of the game):
//! the stages of the proof searches of the whole board (`prove_with_memo`) run within
//! growing budgets, a 64th of the share, a 16th, a quarter, then what is left of it, each
//! prover keeping its proofs from one rung to the next, until one rung decides. The stages
//! split each rung by fixed fractions, so a proof that a small rung finds is not waited for
//! behind the earlier stages' larger shares of a large budget; the searches never visit
//! more than the share in all. Rungs below [`SMALLEST_RUNG`] nodes are skipped: on them the
//! stages' fractions are too small to prove anything and only add to what the share spends.
//! Every proof found is a proof (S-3), whatever the rung.

use crate::engine::Move;

/// The smallest rung run below the whole share (S-3).
const SMALLEST_RUNG: u64 = 2_000;

/// `run` (the stages within a budget: whether Y can force the target, or `None`; the nodes
/// spent; a line) on the rungs of a share of `budget` nodes, a 64th, a 16th, a quarter, then
/// what the others left, up to the first that decides, skipping rungs under
/// [`SMALLEST_RUNG`] but the last; the nodes of all the rungs run.
pub(super) fn climb(
    budget: u64,
    mut run: impl FnMut(u64) -> (Option<bool>, u64, Vec<Move>),
) -> (Option<bool>, u64, Vec<Move>) {
    let mut spent = 0;
    for (i, rung) in [budget / 64, budget / 16, budget / 4, budget]
        .into_iter()
        .enumerate()
    {
        let rung = rung.min(budget.saturating_sub(spent));
        if rung == 0 || (rung < SMALLEST_RUNG && i < 3) {
            continue;
        }
        let (forced, nodes, line) = run(rung);
        spent += nodes;
        if forced.is_some() {
            return (forced, spent, line);
        }
    }
    (None, spent, Vec::new())
}
