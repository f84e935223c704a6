//! Witnesses: one principal line of a decided answer (spec S-2 for J2003, V-5 for VJR), by
//! one engine, named. A witness is not an answer that engines are compared on (the verdicts
//! of [`super::ask`] and the runner say whether they agree); it shows one way the decided
//! outcome comes about. The engines are tried in the reverse of the session's order, the
//! optimized engine before the literal reference (whose searches are the slowest); the first
//! that gives a line within the budget gives it. `explain` asks here, never an engine itself.

use crate::engine::{Engine, Move, PrincipalLine, Unsupported};
use crate::geometry::{Geometry, Position};
use crate::status_game::StatusCheck;
use crate::vjr::{Outcome, VjrQuestion};
use std::ops::Deref;

/// The first line that `line` gets from `engines` (in the reverse of their order), with the
/// engine's name; `None` when no engine gives one (none supports the question, or every one
/// leaves it undetermined within its budget).
fn first_line<E, T>(
    engines: &[E],
    mut line: impl FnMut(&dyn Engine) -> Result<Option<T>, Unsupported>,
) -> Option<(String, T)>
where
    E: Deref<Target = dyn Engine>,
{
    engines.iter().rev().find_map(|e| match line(&**e) {
        Ok(Some(l)) => Some((e.name(), l)),
        _ => None,
    })
}

/// One principal line of the J2003 status check `check` on `position` (S-2).
pub fn j2003_line<E: Deref<Target = dyn Engine>>(
    engines: &[E],
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
) -> Option<(String, PrincipalLine)> {
    first_line(engines, |e| {
        e.j2003()
            .and_then(|q| q.principal_line(geometry, position, check, budget))
    })
}

/// One principal variation of the VJR question `check` on `position` (V-5), with its
/// outcome.
pub fn vjr_line<E: Deref<Target = dyn Engine>>(
    engines: &[E],
    geometry: &Geometry,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
) -> Option<(String, (Outcome, Vec<Move>))> {
    first_line(engines, |e| {
        e.vjr()
            .and_then(|q| q.principal_line(geometry, position, check, budget))
    })
}
