//! A wall-clock limit on the searches of one request (docs/gtp.md "The time limit").
//!
//! Every search counts what it explores against an explicit budget of states or nodes and
//! answers "undetermined" when the budget runs out. A client that must not wait (a GUI
//! attached over GTP) also sets a time limit: [`within`] runs a request under a deadline,
//! and every search's budget test asks [`passed`] as well, so a search past the deadline
//! stops exactly as one past its budget does: undetermined, never a guess. Nothing is
//! decided differently: a deadline only turns answers into "undetermined".
//!
//! The deadline belongs to the thread that runs the request (the corpus runner's parallel
//! checks never share one); [`on_thread`] hands it to a thread a search starts for itself
//! (the reference's big stack). Without a deadline, [`passed`] is one thread-local read.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many calls of [`passed`] go by between two readings of the clock.
const CALLS_PER_READING: u32 = 64;

/// A deadline and whether a search was stopped by it (shared with the threads the searches
/// start, so that whoever reports the answer can say what stopped it).
#[derive(Clone, Debug)]
pub struct Limit {
    at: Instant,
    cut: Arc<AtomicBool>,
}

impl Limit {
    fn at(at: Instant) -> Limit {
        Limit {
            at,
            cut: Arc::new(AtomicBool::new(false)),
        }
    }
}

thread_local! {
    /// The deadline of this thread's request (or of its part, [`share`]), if any.
    static LIMIT: RefCell<Option<Limit>> = const { RefCell::new(None) };
    /// Calls of [`passed`] since the clock was last read.
    static CALLS: Cell<u32> = const { Cell::new(0) };
}

/// Run `f` with this thread's searches stopped at `limit` from now (`None`: no limit; an
/// enclosing deadline that comes sooner stays).
pub fn within<T>(limit: Option<Duration>, f: impl FnOnce() -> T) -> T {
    let outer = current().map(|l| l.at);
    let mine = limit.map(|l| Instant::now() + l);
    let at = match (outer, mine) {
        (Some(o), Some(m)) => Some(o.min(m)),
        (o, m) => m.or(o),
    };
    on_part(at, f)
}

/// Run `f`, the first of `parts` that share what is left of this thread's deadline, with
/// an equal part of it (the engines of one question in turn: what one leaves unspent goes to
/// those after it). Without a deadline, just `f`.
pub fn share<T>(parts: usize, f: impl FnOnce() -> T) -> T {
    match current() {
        None => f(),
        Some(l) => {
            let now = Instant::now();
            let left = l.at.saturating_duration_since(now);
            on_part(Some(now + left / parts.max(1) as u32), f)
        }
    }
}

/// A new limit at `at` (its own record of cuts) for the time of `f`; a cut in it is also
/// a cut of the enclosing limit.
fn on_part<T>(at: Option<Instant>, f: impl FnOnce() -> T) -> T {
    let outer = current();
    let out = on_thread(at.map(Limit::at), f);
    if let Some(o) = outer {
        if CUT_INNER.with(Cell::get) {
            o.cut.store(true, Ordering::Relaxed);
        }
    }
    out
}

thread_local! {
    /// Whether the limit [`on_thread`] last ended had stopped a search.
    static CUT_INNER: Cell<bool> = const { Cell::new(false) };
}

/// This thread's limit, to hand to a thread it starts ([`on_thread`]).
pub fn current() -> Option<Limit> {
    LIMIT.with(|l| l.borrow().clone())
}

/// Run `f` under `limit` (on a thread a search started: the limit of the thread that
/// started it).
pub fn on_thread<T>(limit: Option<Limit>, f: impl FnOnce() -> T) -> T {
    let saved = (
        LIMIT.with(|l| l.replace(limit)),
        CALLS.with(|c| c.replace(0)),
    );
    let out = f();
    let ended = LIMIT.with(|l| l.replace(saved.0));
    CALLS.with(|c| c.set(saved.1));
    CUT_INNER.with(|c| c.set(ended.is_some_and(|l| l.cut.load(Ordering::Relaxed))));
    out
}

/// The budget test's second half: whether this thread's deadline has passed. Reads the
/// clock once every [`CALLS_PER_READING`] calls; once passed, it stays passed, and the
/// limit records that it stopped a search ([`was_cut`]).
pub fn passed() -> bool {
    LIMIT.with(|l| {
        let l = l.borrow();
        let Some(l) = l.as_ref() else {
            return false;
        };
        if l.cut.load(Ordering::Relaxed) {
            return true;
        }
        let calls = CALLS.with(|c| {
            let n = c.get().wrapping_add(1);
            c.set(n);
            n
        });
        if !calls.is_multiple_of(CALLS_PER_READING) || Instant::now() < l.at {
            return false;
        }
        l.cut.store(true, Ordering::Relaxed);
        true
    })
}

/// Whether this thread's deadline (of its request, or of the part it is in) stopped a
/// search: then the time limit, not the budget, left an answer undetermined.
pub fn was_cut() -> bool {
    LIMIT.with(|l| {
        l.borrow()
            .as_ref()
            .is_some_and(|l| l.cut.load(Ordering::Relaxed))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_deadline_nothing_passes() {
        assert!((0..1000).all(|_| !passed()));
        assert!(!was_cut());
    }

    #[test]
    fn a_search_under_a_spent_deadline_stops_within_a_reading() {
        let stopped = within(Some(Duration::ZERO), || {
            assert!(!was_cut());
            let at = (1..=CALLS_PER_READING).find(|_| passed());
            assert!(was_cut());
            at
        });
        assert_eq!(stopped, Some(CALLS_PER_READING));
        // The deadline ends with the request.
        assert!(!passed() && !was_cut());
    }

    #[test]
    fn a_far_deadline_does_not_stop_and_an_inner_one_cannot_extend_it() {
        within(Some(Duration::from_secs(3600)), || {
            assert!((0..10 * CALLS_PER_READING).all(|_| !passed()));
            within(Some(Duration::ZERO), || {
                assert!((0..CALLS_PER_READING).any(|_| passed()))
            });
            // A part's cut is the request's cut, but the request's deadline is still far.
            assert!(was_cut());
        });
        within(Some(Duration::ZERO), || {
            within(Some(Duration::from_secs(3600)), || {
                assert!((0..CALLS_PER_READING).any(|_| passed()))
            })
        });
    }

    #[test]
    fn parts_share_what_is_left_and_keep_their_own_cuts() {
        share(2, || assert!(current().is_none()));
        within(Some(Duration::from_secs(100)), || {
            let whole = current().unwrap().at;
            share(4, || {
                let part = current().unwrap().at;
                assert!(part < whole && whole - part > Duration::from_secs(70));
            });
            assert_eq!(current().unwrap().at, whole);
        });
        within(Some(Duration::ZERO), || {
            share(2, || while !passed() {});
            // The second part was not stopped by the first one's cut.
            share(1, || assert!(!was_cut()));
        });
    }

    #[test]
    fn a_thread_started_by_a_search_keeps_the_deadline_and_reports_its_cut() {
        within(Some(Duration::ZERO), || {
            let l = current();
            std::thread::scope(|s| {
                s.spawn(move || on_thread(l, || while !passed() {}))
                    .join()
                    .unwrap()
            });
            assert!(was_cut());
        });
    }
}
