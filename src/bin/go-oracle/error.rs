//! How a command ends when it does not succeed: the exit status and its message.

use go_oracle::engine::Unsupported;
use go_oracle::parse::InputError;

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

/// Exit 1 with `the engines disagree` on stderr unless the engines agree.
pub fn engines_agree(agree: bool) -> Result<(), Exit> {
    if agree {
        Ok(())
    } else {
        eprintln!("the engines disagree");
        Err(Exit::Failed)
    }
}
