//! Lines and columns of things in a case file's YAML text, for error messages.

use super::InputError;

/// Finds lines of things in the YAML text, for error messages.
pub(super) struct Locator<'a> {
    pub(super) text: &'a str,
}

impl Locator<'_> {
    /// Line (1-based) of the first occurrence of `needle` at or after byte `from`.
    pub(super) fn line_of(&self, needle: &str, from: usize) -> Option<(usize, usize)> {
        let needle = needle.trim();
        if needle.is_empty() {
            return None;
        }
        let at = self.text.get(from..)?.find(needle)? + from;
        let line = self.text[..at].matches('\n').count() + 1;
        let col = at - self.text[..at].rfind('\n').map(|i| i + 1).unwrap_or(0) + 1;
        Some((line, col))
    }
    pub(super) fn offset_of_line(&self, line: usize) -> usize {
        if line <= 1 {
            return 0;
        }
        self.text
            .match_indices('\n')
            .nth(line - 2)
            .map(|(i, _)| i + 1)
            .unwrap_or(self.text.len())
    }
    /// Place an error found inside an embedded text (a diagram, a move) in the file.
    pub(super) fn place(&self, err: InputError, embedded: &str, from_line: usize) -> InputError {
        let from = self.offset_of_line(from_line);
        let first = embedded
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        match self.line_of(first, from) {
            Some((l, c)) => {
                // Lines of the embedded text: count blank leading lines.
                let lead = embedded.lines().take_while(|l| l.trim().is_empty()).count();
                let mut e = err;
                if e.line > 0 {
                    e.line = e.line.saturating_sub(lead);
                }
                let first_col = c - (first.len() - first.trim_start().len()).min(c - 1);
                let col = if e.line <= 1 { c } else { first_col };
                e.shifted(l, col)
            }
            None => {
                let mut e = err;
                e.line = from_line;
                e.column = 1;
                e
            }
        }
    }
}
