//! What a long request is doing now, for a person watching (docs/cli.md, `status`): a command
//! that shows a progress line runs the request [`within`] a reporter, and the procedures
//! [`say`] what they start (the J2003 analysis: each status check, with its string; the
//! door: each engine in turn). Nothing is decided differently: without a reporter [`say`]
//! is one thread-local read, and the text is not even formatted.
//!
//! The reporter belongs to the thread that runs the request, as the deadline does
//! (`crate::deadline`); the searches a procedure starts on threads of their own say nothing.

use std::cell::RefCell;
use std::rc::Rc;

type Reporter = Rc<dyn Fn(&str)>;

thread_local! {
    /// This thread's reporter and the prefix of its part (an engine's name), if any.
    static REPORTER: RefCell<Option<(Reporter, String)>> = const { RefCell::new(None) };
}

/// Run `f` with what it says given to `report` (the one before is restored after).
pub fn within<T>(report: impl Fn(&str) + 'static, f: impl FnOnce() -> T) -> T {
    let saved = REPORTER.with(|r| r.replace(Some((Rc::new(report), String::new()))));
    let out = f();
    REPORTER.with(|r| r.replace(saved));
    out
}

/// Run `f` with what it says prefixed by `part` and ": " (an engine's name in the door);
/// without a reporter, just `f`.
pub fn part<T>(part: &str, f: impl FnOnce() -> T) -> T {
    let saved = REPORTER.with(|r| {
        let mut r = r.borrow_mut();
        let inner = r
            .as_ref()
            .map(|(rep, _)| (Rc::clone(rep), format!("{part}: ")));
        std::mem::replace(&mut *r, inner)
    });
    let out = f();
    REPORTER.with(|r| r.replace(saved));
    out
}

/// Report what starts now (`text` is called only when a reporter listens).
pub fn say(text: impl FnOnce() -> String) {
    REPORTER.with(|r| {
        if let Some((report, prefix)) = r.borrow().as_ref() {
            report(&format!("{prefix}{}", text()));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    #[test]
    fn what_is_said_reaches_the_reporter_with_its_part_and_nothing_else_does() {
        say(|| unreachable!("no reporter: the text is not formatted"));
        let heard = Rc::new(RefCell::new(Vec::new()));
        let h = Rc::clone(&heard);
        within(
            move |t| h.borrow_mut().push(t.to_string()),
            || {
                say(|| "one".into());
                part("optimized", || say(|| "two".into()));
                say(|| "three".into());
            },
        );
        say(|| unreachable!("the reporter ended with `within`"));
        assert_eq!(*heard.borrow(), ["one", "optimized: two", "three"]);
    }
}
