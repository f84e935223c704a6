//! The words `compare` prints in its text, JSON and page (`compare`, `compare_page`): moves,
//! legality, scores, strings, a verdict as a cell of the side-by-side table and its details,
//! LJR's control rows. Formatting only: the answers and their verdicts are the library's.

use go_oracle::engine::Answer;
use go_oracle::engine::Move;
use go_oracle::engine::{fmt_number, result_text};
use go_oracle::geometry::Geometry;
use go_oracle::rules::Illegal;
use go_oracle::session::compare::StringItem;
use go_oracle::session::Verdict;

/// Where the position came from, for the header and the JSON `source`.
pub struct Source {
    pub kind: &'static str,
    pub file: String,
    /// SGF: the moves played and the ruleset they were played under; case: the check.
    pub detail: Option<String>,
}

/// A move as GTP writes it.
pub fn move_word(g: &Geometry, mv: Move) -> String {
    crate::output::move_text(g, mv)
}

/// `legal` or `illegal (suicide)`.
pub fn legality_word(l: &Option<Illegal>) -> String {
    match l {
        None => "legal".into(),
        Some(r) => format!("illegal ({r})"),
    }
}

/// `W+4 (-4)` or why the rules give no score.
pub fn score_word(s: &Result<f64, String>) -> String {
    match s {
        Ok(x) => format!("{} ({})", result_text(*x), fmt_number(*x)),
        Err(why) => format!("no score: {why}"),
    }
}

/// A string named by its first point and its size: `white C5 (7 stones)`.
pub fn string_name(g: &Geometry, s: &StringItem) -> String {
    let first = s.points.first().map(|&p| g.name(p)).unwrap_or("");
    match s.points.len() {
        1 => format!("{} {first}", s.colour.name()),
        n => format!("{} {first} ({n} stones)", s.colour.name()),
    }
}

/// A cell of the side-by-side table: the answer, `?` before it when undetermined (with what
/// the engines that decided said), `!` when the engines disagree.
pub fn cell<T>(v: &Verdict<T>, word: impl Fn(&T) -> String) -> String {
    match v {
        Verdict::Agreed(t) => word(t),
        Verdict::Undetermined {
            decided: Some(t), ..
        } => format!("? {}", word(t)),
        Verdict::Undetermined { decided: None, .. } => "?".into(),
        Verdict::Disagreed(said) => {
            let words: Vec<String> = said
                .iter()
                .map(|(_, s)| match s {
                    Answer::Decided(t) => word(t),
                    Answer::Undetermined(_) => "?".into(),
                })
                .collect();
            format!("! {}", words.join(" / "))
        }
    }
}

/// What was spent and by whom, or what each engine said: the lines under the table.
pub fn verdict_details<T>(v: &Verdict<T>, word: impl Fn(&T) -> String) -> Vec<String> {
    match v {
        Verdict::Agreed(_) => Vec::new(),
        Verdict::Undetermined { shortfalls, .. } => {
            shortfalls.iter().map(|s| s.to_string()).collect()
        }
        Verdict::Disagreed(said) => vec![format!(
            "the engines disagree: {}",
            said.iter()
                .map(|(n, s)| match s {
                    Answer::Decided(t) => format!("{n} says {}", word(t)),
                    Answer::Undetermined(u) =>
                        format!("{n}: undetermined ({} explored)", u.explored),
                })
                .collect::<Vec<_>>()
                .join("; ")
        )],
    }
}

/// LJR's control as rows: `B`, `W`, `*` (both), `.` (neither), `?` undetermined, `!` the
/// engines disagree.
pub fn control_rows(g: &Geometry, control: &[Verdict<[bool; 2]>], sep: &str) -> Vec<String> {
    let cells: Vec<char> = control
        .iter()
        .map(|v| match v {
            Verdict::Agreed(c) => match c {
                [true, true] => '*',
                [true, false] => 'B',
                [false, true] => 'W',
                [false, false] => '.',
            },
            Verdict::Undetermined { .. } => '?',
            Verdict::Disagreed(_) => '!',
        })
        .collect();
    match g.rect_size() {
        Some((w, _)) => cells
            .chunks(w)
            .map(|r| r.iter().map(char::to_string).collect::<Vec<_>>().join(sep))
            .collect(),
        None => vec![cells.iter().collect()],
    }
}
