//! How a command ends when it does not succeed: the exit status and its message.

use go_oracle::engine::Unsupported;
use go_oracle::parse::InputError;
use go_oracle::session::VerdictKind;

/// An error of the command line: bad input (exit 2), a failure (exit 1), or a search left
/// undetermined within its budget (exit 3).
pub enum Exit {
    BadInput(String),
    Failed,
    Undetermined,
}

impl From<InputError> for Exit {
    fn from(e: InputError) -> Exit {
        Exit::BadInput(e.to_string())
    }
}

/// An engine that cannot take the position or the rules asked for: bad input.
impl From<Unsupported> for Exit {
    fn from(u: Unsupported) -> Exit {
        Exit::BadInput(u.to_string())
    }
}

/// The exit of a command by the verdict on its answer (docs/cli.md: 0 agreed, 1 the engines
/// disagree, 3 undetermined within the budget), with a line on stderr for the last two.
pub fn verdict_exit(kind: VerdictKind) -> Result<(), Exit> {
    verdict_exit_within(kind, false)
}

/// [`verdict_exit`] of a command with `--time-limit`: when the limit stopped a search
/// (`time_limit_passed`), the undetermined line names it too.
pub fn verdict_exit_within(kind: VerdictKind, time_limit_passed: bool) -> Result<(), Exit> {
    match kind {
        VerdictKind::Agreed => Ok(()),
        VerdictKind::Disagreed => {
            eprintln!("the engines disagree");
            Err(Exit::Failed)
        }
        VerdictKind::Undetermined if time_limit_passed => {
            eprintln!(
                "undetermined within the budget and the time limit (raise --budget or --time-limit)"
            );
            Err(Exit::Undetermined)
        }
        VerdictKind::Undetermined => {
            eprintln!("undetermined within the budget (raise --budget)");
            Err(Exit::Undetermined)
        }
    }
}
