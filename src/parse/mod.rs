//! Parsers, apart from the engines: diagrams, move notation, case files, SGF games, Sensei's
//! Library diagrams.

pub mod case;
pub mod case_file;
pub mod case_j2003;
pub mod case_ljr;
mod case_moves;
pub mod case_naj;
pub mod case_vjr;
pub mod check;
pub mod diagram;
pub mod gtp;
mod locator;
pub mod notation;
mod resolve;
pub mod rule_names;
pub mod sensei;
pub mod sgf;
pub mod sgf_rules;
pub mod step;

use std::fmt;

/// A parse error with a place: file, 1-based line and column, what was expected, a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl InputError {
    pub fn new(message: impl Into<String>) -> InputError {
        InputError {
            file: String::new(),
            line: 0,
            column: 0,
            message: message.into(),
            hint: None,
        }
    }
    pub fn at(mut self, line: usize, column: usize) -> InputError {
        self.line = line;
        self.column = column;
        self
    }
    pub fn hint(mut self, hint: impl Into<String>) -> InputError {
        self.hint = Some(hint.into());
        self
    }
    pub fn in_file(mut self, file: impl Into<String>) -> InputError {
        self.file = file.into();
        self
    }
    /// Move a position relative to an embedded text (a diagram inside a YAML file) to the
    /// file: the embedded text's line 1 is the file's line `first_line`.
    pub fn shifted(mut self, first_line: usize, first_column: usize) -> InputError {
        if self.line > 0 {
            self.column += first_column.saturating_sub(1);
            self.line += first_line - 1;
        } else {
            self.line = first_line;
            self.column = first_column;
        }
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = if self.file.is_empty() {
            "<input>"
        } else {
            &self.file
        };
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                file,
                self.line,
                self.column.max(1),
                self.message
            )?;
        } else {
            write!(f, "{}: {}", file, self.message)?;
        }
        if let Some(h) = &self.hint {
            write!(f, "\n  hint: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}
