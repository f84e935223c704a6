//! Questions about a given position (not a game), asked of every engine through one door.
//!
//! Each function takes the engines (in the session's order, the reference first), the
//! board, the position and the question; it runs every engine and returns each engine's
//! full answer ([`Answered`], for the per-engine sections of the reports) and the
//! [`Verdict`](super::Verdict)s computed once here: one per item where the question has
//! items (a string's status, a point's control, a colour's immortal stones, an analysis's
//! value) and the overall verdict ([`VerdictKind::overall`](super::VerdictKind::overall)).
//! The commands (`status`, `immortal`, `analyse`, `control`, `solve`, `count-legal`)
//! parse, call and print; they never compare engines themselves.
//!
//! One module per ruleset family: [`j2003`] (the analysis J-52 and the score J-64),
//! [`vjr`] (the status assessment V-19 ... V-28), [`naj`] (immortal stones N-17, analyses
//! under optimal play N-15 ... N-21), [`ljr`] (control L-14, L-17 and the score L-5),
//! [`solve`] (the value of the empty board, spec `solve.md`; the legal positions of a board).

pub mod j2003;
pub mod ljr;
pub mod naj;
pub mod solve;
pub mod vjr;

use super::verdict::{Shortfall, Verdict};
use crate::engine::{Answer, Engine, Spent, Unsupported};
use crate::geometry::{Geometry, Point};
use std::sync::Arc;
use std::time::Instant;

/// One engine's full answer to a question, and the seconds it took to give it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answered<T> {
    pub engine: String,
    pub answer: T,
    pub seconds: f64,
    /// Whether the request's time limit stopped one of the engine's searches
    /// ([`crate::deadline::was_cut`]).
    pub time_limit_passed: bool,
}

/// Ask every engine in turn; an engine that cannot take the question stops the door with
/// its reason (bad input for the commands), as does a question asked of no engine.
fn each<T>(
    engines: &[Arc<dyn Engine>],
    mut ask: impl FnMut(&dyn Engine) -> Result<T, Unsupported>,
) -> Result<Vec<Answered<T>>, Unsupported> {
    if engines.is_empty() {
        return Err(Unsupported {
            engine: "go-oracle".into(),
            what: "a question asked of no engine".into(),
        });
    }
    let mut out = Vec::with_capacity(engines.len());
    for (i, engine) in engines.iter().enumerate() {
        let started = Instant::now();
        // The engines share the request's time limit (crate::deadline).
        let (answer, time_limit_passed) = crate::deadline::share(engines.len() - i, || {
            let answer = crate::progress::part(&engine.name(), || ask(engine.as_ref()));
            (answer, crate::deadline::was_cut())
        });
        let answer = answer?;
        out.push(Answered {
            engine: engine.name(),
            answer,
            seconds: started.elapsed().as_secs_f64(),
            time_limit_passed,
        });
    }
    Ok(out)
}

/// The budgets of [`ladder`] before the whole one, as its divisors: every question first
/// within a 256th of the budget, then a 64th, a 16th and a quarter (each at least
/// `LADDER_LEAST`).
const LADDER: [u64; 4] = [256, 64, 16, 4];

/// The smallest budget [`ladder`] starts from.
const LADDER_LEAST: u64 = 1_000;

/// One engine's analysis of a position (`run` within a budget): under a time limit
/// (`crate::deadline`) within growing budgets up to the whole one ([`ladder_anyway`]),
/// else `run(budget)`.
fn ladder<A>(
    run: impl Fn(u64) -> Result<A, Unsupported>,
    budget: u64,
    is_decided: impl Fn(&A) -> bool,
    merge: impl Fn(A, A) -> A,
) -> Result<A, Unsupported> {
    if crate::deadline::current().is_some() {
        ladder_anyway(run, budget, is_decided, merge)
    } else {
        run(budget)
    }
}

/// The analysis within growing budgets (a 256th, a 64th, a 16th, a quarter, the whole;
/// none under `LADDER_LEAST`) until it `is_decided` or the time limit stops a search, each
/// item taken from the first analysis that decides it (`merge`). Each of those is the
/// engine's exact answer (a decided question is decided whatever its budget), so the merge
/// decides more items, never one differently: it only orders the work, so that what is
/// decided cheaply is decided before a costly question spends the time (under a limit, one
/// analysis with the whole budget spent it on the first strings it could not decide). Each
/// question visits at most `budget` states in each analysis (at most 4/3 of it in all).
fn ladder_anyway<A>(
    run: impl Fn(u64) -> Result<A, Unsupported>,
    budget: u64,
    is_decided: impl Fn(&A) -> bool,
    merge: impl Fn(A, A) -> A,
) -> Result<A, Unsupported> {
    let smaller = LADDER
        .iter()
        .map(|d| budget / d)
        .filter(|&b| b >= LADDER_LEAST);
    let mut budgets = smaller.chain([budget]);
    let mut merged = run(budgets.next().unwrap_or(budget))?;
    for b in budgets {
        if is_decided(&merged) || crate::deadline::was_cut() {
            break;
        }
        merged = merge(merged, run(b)?);
    }
    Ok(merged)
}

/// What engine `a` said on one item: decided, or undetermined within `budget` (or the time
/// limit) after `explored` (the question in the rules' words).
fn said<A, T>(
    a: &Answered<A>,
    value: Option<T>,
    budget: u64,
    explored: u64,
    question: impl FnOnce() -> String,
) -> Answer<T, Shortfall> {
    match value {
        Some(t) => Answer::Decided(t),
        None => Answer::Undetermined(Shortfall {
            engine: a.engine.clone(),
            budget,
            explored,
            question: question(),
            time_limit_passed: a.time_limit_passed,
        }),
    }
}

/// [`said`] of one of engine `a`'s search [`Answer`]s.
fn said_of<A, T: Clone>(
    a: &Answered<A>,
    answer: &Answer<T>,
    budget: u64,
    question: impl FnOnce() -> String,
) -> Answer<T, Shortfall> {
    match answer {
        Answer::Decided(t) => Answer::Decided(t.clone()),
        Answer::Undetermined(Spent { explored }) => said(a, None, budget, *explored, question),
    }
}

/// The engines on one item of the `i`-th string of their answers: each engine's answer,
/// read by `pick` from the string's report (`strings` gives an engine's reports and the work
/// it spent), the question named in the rules' words.
pub(super) fn string_item<A, R, T: PartialEq + Clone>(
    answers: &[Answered<A>],
    strings: impl Fn(&A) -> (&[R], u64),
    points: impl Fn(&R) -> &[Point],
    geometry: &Geometry,
    (i, budget, what): (usize, u64, &str),
    pick: impl Fn(&R) -> Option<T>,
) -> Verdict<T> {
    Verdict::of(
        answers
            .iter()
            .map(|a| {
                let (reports, explored) = strings(&a.answer);
                let s = &reports[i];
                let said = said(a, pick(s), budget, explored, || {
                    format!(
                        "{what} of the string at {}",
                        string_name(geometry, points(s))
                    )
                });
                (a.engine.clone(), said)
            })
            .collect(),
    )
}

/// The engine whose answer decided the most items (`decided`), the last of equals (the
/// optimized engine, after the reference, which usually runs out of budget first): the
/// answer the reports show. `None` only without engines.
fn most_decided<T>(engines: &[Answered<T>], decided: impl Fn(&T) -> usize) -> Option<&Answered<T>> {
    engines.iter().max_by_key(|a| decided(&a.answer))
}

/// A string named by its first point (board order), as the questions name it.
fn string_name(geometry: &Geometry, points: &[Point]) -> String {
    points
        .first()
        .map(|&p| geometry.name(p).to_string())
        .unwrap_or_default()
}
