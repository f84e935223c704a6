//! What the commands print in common, and formatting that is no command's logic: JSON,
//! terminal tables, diagrams with coordinates, moves and lines of moves, status words,
//! numbers and scores, the progress line on stderr, two texts side by side.

use go_oracle::engine::Move;
pub use go_oracle::engine::{fmt_number, result_text};
use go_oracle::geometry::{column_name, Colour, Geometry, Point, Position, ONE_LETTER_COLUMNS};
use go_oracle::rules::Rules;
use go_oracle::runner::Status;
use go_oracle::status_game::StringReport;
use serde_json::{json, Value};
use std::io::{IsTerminal, Write};

/// Print a JSON value, pretty, on stdout.
pub fn print_json(v: &Value) {
    println!("{}", serde_json::to_string_pretty(v).unwrap_or_default());
}

/// The word of a check's status: `passed`, `failed` or `ignored`.
pub fn status_word(s: &Status) -> &'static str {
    match s {
        Status::Passed => "passed",
        Status::Failed(_) => "failed",
        Status::Ignored(_) => "ignored",
    }
}

/// A move as in GTP: the point, `pass` or `ko-pass`.
pub fn move_text(g: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => g.name(p).to_string(),
        Move::Pass => "pass".into(),
        Move::KoPass => "ko-pass".into(),
    }
}

/// A move in the compact notation: the point, `p` for a pass, `P` for a ko-pass.
pub fn compact_move_text(g: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => g.name(p).to_string(),
        Move::Pass => "p".into(),
        Move::KoPass => "P".into(),
    }
}

/// A line of moves as explicit notation: `W pass, B J1, ...`.
pub fn line_text(g: &Geometry, first: Colour, line: &[Move]) -> String {
    let mut player = first;
    let mut out = Vec::new();
    for &mv in line {
        out.push(format!("{} {}", player.letter(), move_text(g, mv)));
        player = player.opponent();
    }
    out.join(", ")
}

/// Point names separated by spaces: `A1 B2`.
pub fn points_text(g: &Geometry, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| g.name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A legal move with what it removed: `legal` or `legal, removes A1 B1`.
pub fn legal_text(g: &Geometry, removed: &[Point]) -> String {
    if removed.is_empty() {
        "legal".to_string()
    } else {
        format!("legal, removes {}", points_text(g, removed))
    }
}

/// A position as a diagram with column letters above and row numbers on the left (a board
/// that is not a rectangle: the plain diagram).
pub fn with_coordinates(g: &Geometry, p: &Position) -> String {
    let Some((w, h)) = g.rect_size() else {
        return p.diagram(g);
    };
    // A column takes two characters, three on a board whose columns past Z have two
    // letters (`AA`).
    let cell = if w > ONE_LETTER_COLUMNS { 3 } else { 2 };
    let mut out = String::from("    ");
    for x in 0..w {
        out.push_str(&format!("{:<cell$}", column_name(x)));
    }
    out.push('\n');
    for (y, row) in p.rows(g).iter().enumerate() {
        out.push_str(&format!("{:>2}  ", h - y));
        for c in row.chars() {
            out.push_str(&format!("{c:<cell$}"));
        }
        out.push('\n');
    }
    out
}

/// The rule parameters in one line, with their names in the case files.
pub fn rules_text(r: &Rules) -> String {
    let name = |v: Value| {
        v.as_str()
            .map(str::to_string)
            .unwrap_or_else(|| v.to_string())
    };
    let ko: Vec<String> = r.ko.iter().map(|k| name(json!(k))).collect();
    format!(
        "suicide {}, capture order {}, ko [{}], game ends after {} passes, scoring {}",
        name(json!(r.suicide)),
        name(json!(r.capture_order)),
        ko.join(", "),
        r.game_end_passes,
        name(json!(r.scoring))
    )
}

/// The J2003 status of a string (J-41 ... J-49), or `undetermined`.
pub fn string_status_word(s: &StringReport) -> &'static str {
    s.status.map(|x| x.name()).unwrap_or("undetermined")
}

/// One string of a J2003 analysis: `  black A1 B1: dead, direct ko stone`.
pub fn string_report_line(g: &Geometry, s: &StringReport) -> String {
    format!(
        "  {} {}: {}{}",
        s.colour.name(),
        points_text(g, &s.points),
        string_status_word(s),
        match s.direct_ko_stone {
            Some(true) => ", direct ko stone",
            Some(false) => "",
            None => ", direct ko stone undetermined",
        }
    )
}

/// A score and its result, `-3.5 (W+3.5)`, with `undefined` for either one missing.
pub fn score_and_result(score: Option<f64>, result: Option<&str>) -> String {
    format!(
        "{} ({})",
        score.map(fmt_number).unwrap_or_else(|| "undefined".into()),
        result.unwrap_or("undefined")
    )
}

/// A `[done/total] label` line on stderr, rewritten in place; only when stderr is a terminal
/// and the output is not JSON.
pub struct Progress {
    shown: bool,
}

impl Progress {
    pub fn new(json: bool) -> Progress {
        Progress {
            shown: !json && std::io::stderr().is_terminal(),
        }
    }

    pub fn step(&self, done: usize, total: usize, label: &str) {
        if self.shown {
            eprint!("\r[{done}/{total}] {label}");
            let _ = std::io::stderr().flush();
        }
    }

    /// `text` as the line (cut to 100 characters), replacing the one before.
    pub fn line(&self, text: &str) {
        if self.shown {
            let cut: String = text.chars().take(100).collect();
            eprint!("\r\x1b[K{cut}");
            let _ = std::io::stderr().flush();
        }
    }

    /// Run `f` with what the library says it starts (`go_oracle::progress`) shown on this
    /// line, erased at the end.
    pub fn reporting<T>(&self, f: impl FnOnce() -> T) -> T {
        if !self.shown {
            return f();
        }
        let line = Progress { shown: true };
        let out = go_oracle::progress::within(move |t| line.line(t), f);
        self.clear();
        out
    }

    /// Erase the line.
    pub fn clear(&self) {
        if self.shown {
            eprint!("\r\x1b[K");
        }
    }
}

/// A column of a terminal table: its title, its width, aligned right or left, and the
/// spaces before it (one, or more to set it apart).
pub struct Column {
    pub title: &'static str,
    pub width: usize,
    pub right: bool,
    pub gap: usize,
}

impl Column {
    pub const fn left(title: &'static str, width: usize) -> Column {
        Column {
            title,
            width,
            right: false,
            gap: 1,
        }
    }

    pub const fn right(title: &'static str, width: usize) -> Column {
        Column {
            title,
            width,
            right: true,
            gap: 1,
        }
    }

    /// This many spaces before the column instead of one.
    pub const fn after(self, gap: usize) -> Column {
        Column { gap, ..self }
    }
}

/// A terminal table: one line of titles, then one line a row, each cell padded to its
/// column's width (a longer cell pushes the rest of its line to the right).
pub struct Table(pub &'static [Column]);

impl Table {
    pub fn header(&self) -> String {
        let titles: Vec<&str> = self.0.iter().map(|c| c.title).collect();
        self.row(&titles)
    }

    pub fn row<S: AsRef<str>>(&self, cells: &[S]) -> String {
        let mut out = String::new();
        for (i, (c, cell)) in self.0.iter().zip(cells).enumerate() {
            if i > 0 {
                out.push_str(&" ".repeat(c.gap));
            }
            let (cell, w) = (cell.as_ref(), c.width);
            out.push_str(&if c.right {
                format!("{cell:>w$}")
            } else {
                format!("{cell:<w$}")
            });
        }
        out
    }
}

/// A VJR answer (spec vjr.md V-15): `yes`, `no`, `undefined`, or `undetermined` (`None`).
pub fn vjr_answer_text(o: Option<go_oracle::vjr::Outcome>) -> &'static str {
    use go_oracle::vjr::Outcome;
    match o {
        Some(Outcome::Yes) => "yes",
        Some(Outcome::No) => "no",
        Some(Outcome::Undefined) => "undefined",
        None => "undetermined",
    }
}
