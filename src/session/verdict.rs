//! The one comparison of engines: every answer a session gives is agreed, disagreed or
//! undetermined (never a disagreement when an engine only ran out of budget).

use crate::engine::Answer;
use std::fmt;

/// An engine that could not decide a question within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortfall {
    pub engine: String,
    /// What the budget bounds: `states`, `nodes` ... per question.
    pub budget: u64,
    /// How much the search spent before it stopped.
    pub explored: u64,
    /// The question, in the rules' words (e.g. "the J2003 analysis that judges an ending
    /// pass (J-19)").
    pub question: String,
    /// Whether the request's time limit had passed when the engine stopped
    /// ([`crate::deadline`]): then the time limit, not the budget, left it undetermined.
    pub time_limit_passed: bool,
}

impl Shortfall {
    /// An engine's shortfall on `question`, told apart by whether the request's time limit
    /// has passed.
    pub fn new(engine: &str, budget: u64, explored: u64, question: String) -> Shortfall {
        Shortfall {
            engine: engine.to_string(),
            budget,
            explored,
            question,
            time_limit_passed: crate::deadline::was_cut(),
        }
    }
}

impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.time_limit_passed {
            write!(
                f,
                "{}: {} is undetermined within the time limit ({} explored, budget {} per question)",
                self.engine, self.question, self.explored, self.budget
            )
        } else {
            write!(
                f,
                "{}: {} is undetermined within the budget ({} explored, budget {} per question)",
                self.engine, self.question, self.explored, self.budget
            )
        }
    }
}

/// What the engines said, compared once.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict<T> {
    /// Every engine decided the question, and they agree.
    Agreed(T),
    /// Two engines decided it differently: every engine's answer, in order.
    Disagreed(Vec<(String, Answer<T, Shortfall>)>),
    /// No two engines that decided disagree, but at least one did not decide.
    Undetermined {
        /// The engines that ran out of budget.
        shortfalls: Vec<Shortfall>,
        /// The answer of the engines that decided, if any did.
        decided: Option<T>,
        /// The engines that decided (empty when `decided` is `None`).
        decided_by: Vec<String>,
    },
}

impl<T: PartialEq + Clone> Verdict<T> {
    /// Compare the answers of the engines (in the session's order).
    pub fn of(answers: Vec<(String, Answer<T, Shortfall>)>) -> Verdict<T> {
        let decided: Vec<&T> = answers
            .iter()
            .filter_map(|(_, s)| match s {
                Answer::Decided(t) => Some(t),
                Answer::Undetermined(_) => None,
            })
            .collect();
        if decided.windows(2).any(|w| w[0] != w[1]) {
            return Verdict::Disagreed(answers);
        }
        let first = decided.first().map(|t| (*t).clone());
        let decided_by: Vec<String> = answers
            .iter()
            .filter(|(_, s)| matches!(s, Answer::Decided(_)))
            .map(|(n, _)| n.clone())
            .collect();
        let shortfalls: Vec<Shortfall> = answers
            .into_iter()
            .filter_map(|(_, s)| match s {
                Answer::Undetermined(u) => Some(u),
                Answer::Decided(_) => None,
            })
            .collect();
        match (shortfalls.is_empty(), first) {
            (true, Some(t)) => Verdict::Agreed(t),
            (_, decided) => Verdict::Undetermined {
                shortfalls,
                decided,
                decided_by,
            },
        }
    }
}

impl<T> Verdict<T> {
    /// `agreed`, `disagreed` or `undetermined`: the `verdict` field of the JSON outputs.
    pub fn kind(&self) -> VerdictKind {
        match self {
            Verdict::Agreed(_) => VerdictKind::Agreed,
            Verdict::Disagreed(_) => VerdictKind::Disagreed,
            Verdict::Undetermined { .. } => VerdictKind::Undetermined,
        }
    }

    pub fn agreed(&self) -> Option<&T> {
        match self {
            Verdict::Agreed(t) => Some(t),
            _ => None,
        }
    }

    /// The answer to show beside the verdict: the agreed one, else that of the engines that
    /// decided, else (when they disagree) the first engine's that decided; `None` when no
    /// engine decided.
    pub fn shown(&self) -> Option<&T> {
        match self {
            Verdict::Agreed(t) => Some(t),
            Verdict::Undetermined { decided, .. } => decided.as_ref(),
            Verdict::Disagreed(v) => v.iter().find_map(|(_, s)| match s {
                Answer::Decided(t) => Some(t),
                Answer::Undetermined(_) => None,
            }),
        }
    }

    pub fn map<U>(self, f: impl Fn(T) -> U) -> Verdict<U> {
        match self {
            Verdict::Agreed(t) => Verdict::Agreed(f(t)),
            Verdict::Disagreed(v) => Verdict::Disagreed(
                v.into_iter()
                    .map(|(n, s)| {
                        (
                            n,
                            match s {
                                Answer::Decided(t) => Answer::Decided(f(t)),
                                Answer::Undetermined(u) => Answer::Undetermined(u),
                            },
                        )
                    })
                    .collect(),
            ),
            Verdict::Undetermined {
                shortfalls,
                decided,
                decided_by,
            } => Verdict::Undetermined {
                shortfalls,
                decided: decided.map(f),
                decided_by,
            },
        }
    }
}

impl<T: fmt::Debug> Verdict<T> {
    /// One line for humans (and GTP error texts): what each engine said.
    pub fn describe(&self) -> String {
        match self {
            Verdict::Agreed(t) => format!("agreed: {t:?}"),
            Verdict::Disagreed(v) => {
                let said: Vec<String> = v
                    .iter()
                    .map(|(n, s)| match s {
                        Answer::Decided(t) => format!("{n}: {t:?}"),
                        Answer::Undetermined(u) => {
                            format!("{n}: undetermined ({} explored)", u.explored)
                        }
                    })
                    .collect();
                format!("engines disagree: {}", said.join("; "))
            }
            Verdict::Undetermined {
                shortfalls,
                decided,
                decided_by,
            } => {
                let mut said: Vec<String> = decided
                    .iter()
                    .map(|t| format!("{}: {t:?}", decided_by.join(", ")))
                    .collect();
                said.extend(shortfalls.iter().map(|s| s.to_string()));
                let raise = if shortfalls.iter().any(|s| s.time_limit_passed) {
                    "raise the time limit"
                } else {
                    "raise the budget"
                };
                format!("undetermined: {}; {raise}", said.join("; "))
            }
        }
    }
}

/// The three answers, without the values (exit statuses, JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictKind {
    Agreed,
    Undetermined,
    Disagreed,
}

impl VerdictKind {
    /// The verdict of a question with several items (the strings of a position, its
    /// points, two analyses ...): disagreed if any item is, else undetermined if any item
    /// is, else agreed (also when there is no item).
    pub fn overall(items: impl IntoIterator<Item = VerdictKind>) -> VerdictKind {
        items.into_iter().max().unwrap_or(VerdictKind::Agreed)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            VerdictKind::Agreed => "agreed",
            VerdictKind::Undetermined => "undetermined",
            VerdictKind::Disagreed => "disagreed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn short(engine: &str) -> Shortfall {
        Shortfall {
            engine: engine.into(),
            budget: 10,
            explored: 10,
            question: "q".into(),
            time_limit_passed: false,
        }
    }

    #[test]
    fn three_answers() {
        let d = |n: &str, v: i32| (n.to_string(), Answer::Decided(v));
        let u = |n: &str| {
            (
                n.to_string(),
                Answer::<i32, Shortfall>::Undetermined(short(n)),
            )
        };
        assert_eq!(Verdict::of(vec![d("a", 1), d("b", 1)]), Verdict::Agreed(1));
        assert_eq!(
            Verdict::of(vec![d("a", 1), d("b", 2)]).kind(),
            VerdictKind::Disagreed
        );
        // An engine out of budget is not a disagreement.
        assert_eq!(
            Verdict::of(vec![u("a"), d("b", 7)]),
            Verdict::Undetermined {
                shortfalls: vec![short("a")],
                decided: Some(7),
                decided_by: vec!["b".into()],
            }
        );
        // Which engine decided, and what, is said beside the shortfall.
        assert_eq!(
            Verdict::of(vec![u("a"), d("b", 7)]).describe(),
            "undetermined: b: 7; a: q is undetermined within the budget (10 explored, budget 10 \
             per question); raise the budget"
        );
        // Two that decided differently disagree even when a third ran out.
        assert_eq!(
            Verdict::of(vec![u("a"), d("b", 7), d("c", 8)]).kind(),
            VerdictKind::Disagreed
        );
        assert_eq!(
            Verdict::of(vec![u("a"), u("b")]).kind(),
            VerdictKind::Undetermined
        );
    }

    #[test]
    fn overall_and_shown() {
        use VerdictKind::*;
        assert_eq!(VerdictKind::overall([]), Agreed);
        assert_eq!(VerdictKind::overall([Agreed, Agreed]), Agreed);
        assert_eq!(VerdictKind::overall([Agreed, Undetermined]), Undetermined);
        assert_eq!(
            VerdictKind::overall([Undetermined, Disagreed, Agreed]),
            Disagreed
        );
        let d = |n: &str, v: i32| (n.to_string(), Answer::Decided(v));
        let u = |n: &str| {
            (
                n.to_string(),
                Answer::<i32, Shortfall>::Undetermined(short(n)),
            )
        };
        assert_eq!(Verdict::of(vec![d("a", 1), d("b", 1)]).shown(), Some(&1));
        assert_eq!(Verdict::of(vec![u("a"), d("b", 7)]).shown(), Some(&7));
        assert_eq!(
            Verdict::of(vec![u("a"), d("b", 7), d("c", 8)]).shown(),
            Some(&7)
        );
        assert_eq!(Verdict::of(vec![u("a"), u("b")]).shown(), None);
    }
}
