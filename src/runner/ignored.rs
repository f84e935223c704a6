//! Why a check is ignored on an engine: a closed set of reasons ([`IgnoreReason`]), each
//! with its own data. The text of a reason is its `Display`; the report groups reasons by
//! [`IgnoreReason::kind`], which leaves the numbers out.

use std::fmt;

/// Why a check was not judged on an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IgnoreReason {
    /// The check's ruleset has no rules implemented yet.
    Unimplemented { ruleset: String },
    /// The engine cannot run what the check needs (an engine's `Unsupported`, in words).
    Unsupported { why: String },
    /// A search ran out of its budget before deciding a question of the check.
    Undetermined(Undetermined),
    /// Not run: the optimized engine with every speed-up on is undetermined within this
    /// check's budget, and a configuration with a speed-up off never decided such a check.
    NotRun { all_on: String },
}

/// A question of a check that an engine's search did not decide within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undetermined {
    pub engine: String,
    /// The question, in the family's words (`a J2003 status`, `LJR control` ...).
    pub question: String,
    /// The budget's unit and clause, as the text says it (`states per check` ...).
    pub per: String,
    pub budget: u64,
    /// What the engine spent, in the same unit.
    pub spent: u64,
    /// How the text says what was spent: `({spent} {spent_unit} spent)`.
    pub spent_unit: String,
}

impl IgnoreReason {
    /// The reason without its numbers: the key the report groups reasons by.
    pub fn kind(&self) -> String {
        match self {
            IgnoreReason::Unimplemented { .. } => "a ruleset not implemented yet".into(),
            IgnoreReason::Unsupported { why } => why.clone(),
            IgnoreReason::Undetermined(u) => format!(
                "{}: {} is undetermined within the budget of N {}",
                u.engine, u.question, u.per
            ),
            IgnoreReason::NotRun { .. } => {
                "not run: every speed-up on is undetermined within the budget".into()
            }
        }
    }

    /// Undetermined within a budget (the states or nodes it spent are in it).
    pub fn undetermined(&self) -> Option<&Undetermined> {
        match self {
            IgnoreReason::Undetermined(u) => Some(u),
            _ => None,
        }
    }
}

impl fmt::Display for IgnoreReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IgnoreReason::Unimplemented { ruleset } => {
                write!(f, "ruleset {ruleset} is not implemented yet")
            }
            IgnoreReason::Unsupported { why } => f.write_str(why),
            IgnoreReason::Undetermined(u) => {
                write!(
                    f,
                    "{}: {} is undetermined within the budget of {} {} ({}",
                    u.engine, u.question, u.budget, u.per, u.spent
                )?;
                if !u.spent_unit.is_empty() {
                    write!(f, " {}", u.spent_unit)?;
                }
                f.write_str(" spent)")
            }
            IgnoreReason::NotRun { all_on } => write!(
                f,
                "not run: {all_on} (every speed-up on) is undetermined within this check's budget, and a configuration with a speed-up off never decided such a check"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undetermined(budget: u64, spent: u64) -> IgnoreReason {
        IgnoreReason::Undetermined(Undetermined {
            engine: "optimized".into(),
            question: "a J2003 status".into(),
            per: "states per check".into(),
            budget,
            spent,
            spent_unit: "states".into(),
        })
    }

    /// The report groups by kind: budgets and states spent differ per check, the kind not.
    #[test]
    fn reasons_group_by_kind_not_by_numbers() {
        assert_eq!(
            undetermined(400, 401).kind(),
            undetermined(20_000, 20_001).kind()
        );
        assert_ne!(
            undetermined(400, 401).to_string(),
            undetermined(20_000, 20_001).to_string()
        );
        assert_eq!(
            undetermined(400, 401).to_string(),
            "optimized: a J2003 status is undetermined within the budget of 400 states per check (401 states spent)"
        );
        let not_run = IgnoreReason::NotRun {
            all_on: "optimized".into(),
        };
        assert_ne!(not_run.kind(), undetermined(1, 1).kind());
    }
}
