//! Board diagrams in the sources' style: rows top to bottom, `#` black, `O` white, `.` empty
//! (also `X`/`x`, `o`, `+`, `,`), points separated by spaces or not. An optional column
//! header (`A B C ...`) and row numbers at the start of rows are skipped.

use super::InputError;
use crate::geometry::{column_name, Cell, Colour, Geometry, Position, MAX_SIDE};
use std::collections::BTreeMap;

/// A rectangular grid of symbols with the place of each in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
    /// Symbols row by row, top row first.
    pub symbols: Vec<char>,
    /// (line, column) of each symbol in the text, 1-based.
    pub places: Vec<(usize, usize)>,
}

/// A column header: the column names from `A` on (at least two), spaced (`A B C`, past Z
/// `... Z AA AB`, `geometry::column_name`) or not (`ABC`).
fn is_header(body: &str) -> bool {
    let words: Vec<&str> = body.split_whitespace().collect();
    let names: Vec<String> = match words.as_slice() {
        [one] => one.chars().map(String::from).collect(),
        _ => words.iter().map(|w| w.to_string()).collect(),
    };
    (2..=MAX_SIDE).contains(&names.len())
        && names.iter().enumerate().all(|(i, n)| *n == column_name(i))
}

/// Split a row into (column, symbol) tokens. Rows with spaces between symbols are split on
/// whitespace and every token must be one character; rows without spaces are read char by
/// char.
fn tokens(line: &str, line_no: usize) -> Result<Vec<(usize, char)>, InputError> {
    let chars: Vec<(usize, char)> = line.chars().enumerate().map(|(i, c)| (i + 1, c)).collect();
    let spaced = line.trim().contains(char::is_whitespace);
    if !spaced {
        return Ok(chars
            .into_iter()
            .filter(|(_, c)| !c.is_whitespace())
            .collect());
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].1.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].1.is_whitespace() {
            i += 1;
        }
        if i - start > 1 {
            let word: String = chars[start..i].iter().map(|(_, c)| c).collect();
            return Err(
                InputError::new(format!("expected one symbol per point, found `{word}`"))
                    .at(line_no, chars[start].0)
                    .hint("separate every point by a space, or write the row without spaces"),
            );
        }
        out.push(chars[start]);
    }
    Ok(out)
}

/// Read a grid of single-character symbols; `allowed` says which symbols may appear.
pub fn parse_grid(
    text: &str,
    allowed: &dyn Fn(char) -> bool,
    expected: &str,
) -> Result<Grid, InputError> {
    let mut rows: Vec<Vec<(usize, char)>> = Vec::new();
    let mut row_lines = Vec::new();
    let mut seen_row = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        if raw.trim().is_empty() {
            if seen_row && text.lines().skip(i).any(|l| !l.trim().is_empty()) {
                return Err(InputError::new("blank line inside a diagram")
                    .at(line_no, 1)
                    .hint("a diagram is one block of rows; remove the blank line"));
            }
            continue;
        }
        // Row numbers at the start of a row (`19 . . #`) are skipped.
        let trimmed = raw.trim_start();
        let lead = raw.len() - trimmed.len();
        let first_word = trimmed.split_whitespace().next().unwrap_or("");
        let (body, offset) = if !first_word.is_empty()
            && first_word.chars().all(|c| c.is_ascii_digit())
            && trimmed.len() > first_word.len()
        {
            let skip = lead + first_word.len();
            (&raw[skip..], raw[..skip].chars().count())
        } else {
            (raw, 0)
        };
        if !seen_row && is_header(body) {
            continue; // column letters
        }
        let mut toks = tokens(body, line_no)?;
        for t in &mut toks {
            t.0 += offset;
        }
        seen_row = true;
        for &(col, c) in &toks {
            if !allowed(c) {
                return Err(InputError::new(format!(
                    "unexpected symbol `{c}` in diagram, expected {expected}"
                ))
                .at(line_no, col));
            }
        }
        rows.push(toks);
        row_lines.push(line_no);
    }
    if rows.is_empty() {
        return Err(InputError::new("empty diagram").hint("give the board rows top to bottom"));
    }
    let width = rows[0].len();
    for (r, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(InputError::new(format!(
                "ragged diagram: row {} has {} points, the first row has {}",
                r + 1,
                row.len(),
                width
            ))
            .at(row_lines[r], row.last().map(|t| t.0).unwrap_or(1))
            .hint("every row of a diagram must have the same number of points"));
        }
    }
    let height = rows.len();
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(InputError::new(format!(
            "board {width}x{height} is too large: each side must be 1 to {MAX_SIDE}"
        ))
        .at(row_lines[0], 1));
    }
    let mut symbols = Vec::with_capacity(width * height);
    let mut places = Vec::with_capacity(width * height);
    for (r, row) in rows.iter().enumerate() {
        for &(col, c) in row {
            symbols.push(c);
            places.push((row_lines[r], col));
        }
    }
    Ok(Grid {
        width,
        height,
        symbols,
        places,
    })
}

/// The cell a position symbol stands for.
pub fn cell_of(c: char) -> Option<Cell> {
    match c {
        '#' | 'X' | 'x' => Some(Cell::Stone(Colour::Black)),
        'O' | 'o' => Some(Cell::Stone(Colour::White)),
        '.' | '+' | ',' => Some(Cell::Empty),
        _ => None,
    }
}

const POSITION_SYMBOLS: &str = "`#` `X` `x` (black), `O` `o` (white) or `.` `+` `,` (empty)";

/// A grid of symbols (one per point, in board order) written as a diagram: rows top to
/// bottom, points separated by spaces, the format [`parse_grid`] reads. A graph board is one
/// row.
pub fn grid_text(geometry: &Geometry, cells: &[char]) -> String {
    let w = geometry
        .rect_size()
        .map(|s| s.0)
        .unwrap_or(cells.len())
        .max(1);
    cells
        .chunks(w)
        .map(|r| {
            r.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect()
}

/// Parse a position diagram into its rectangle and position.
pub fn parse_position(text: &str) -> Result<(Geometry, Position), InputError> {
    let grid = parse_grid(text, &|c| cell_of(c).is_some(), POSITION_SYMBOLS).map_err(|e| {
        if e.message.starts_with("unexpected symbol") && e.hint.is_none() {
            e.hint("labels (lower-case letters) go in a separate `labels` diagram")
        } else {
            e
        }
    })?;
    let geometry =
        Geometry::rect(grid.width, grid.height).map_err(|e| InputError::new(e.to_string()))?;
    let position = Position(
        grid.symbols
            .iter()
            .map(|&c| cell_of(c).unwrap_or(Cell::Empty))
            .collect(),
    );
    Ok((geometry, position))
}

/// Labels diagram: lower-case letters name points (one letter may name several points);
/// stone and empty symbols mark unlabelled points. `p` is reserved for pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    pub width: usize,
    pub height: usize,
    pub points: BTreeMap<char, Vec<usize>>,
}

pub fn parse_labels(text: &str) -> Result<Labels, InputError> {
    let grid = parse_grid(
        text,
        &|c| c.is_ascii_lowercase() || matches!(c, '#' | 'X' | 'O' | '.' | '+' | ','),
        "a lower-case label or one of `#` `X` `O` `.` `+` `,`",
    )?;
    let mut points: BTreeMap<char, Vec<usize>> = BTreeMap::new();
    for (i, &c) in grid.symbols.iter().enumerate() {
        if c.is_ascii_lowercase() {
            if c == 'p' {
                let (l, col) = grid.places[i];
                return Err(InputError::new(
                    "label `p` is reserved: in move notation `p` is a pass",
                )
                .at(l, col)
                .hint("use another letter"));
            }
            points.entry(c).or_default().push(i);
        }
    }
    Ok(Labels {
        width: grid.width,
        height: grid.height,
        points,
    })
}

/// Parse a board size `WxH` (e.g. `19x19`).
pub fn parse_size(s: &str) -> Result<Geometry, InputError> {
    let bad = || {
        InputError::new(format!(
            "bad board size `{s}`, expected WIDTHxHEIGHT such as 9x9"
        ))
        .hint(format!("each side is 1 to {MAX_SIDE}"))
    };
    let (w, h) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    // The geometry's error says what a side may be.
    Geometry::rect(w, h).map_err(|e| InputError::new(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A written grid reads back as the same position, rows top to bottom.
    #[test]
    fn grid_text_is_what_parse_position_reads() {
        let (g, p) = parse_position("# . O\n. O #\n").unwrap();
        let cells: Vec<char> = g.points().map(|q| p.get(q).symbol()).collect();
        let text = grid_text(&g, &cells);
        assert_eq!(text, "# . O\n. O #\n");
        assert_eq!(parse_position(&text).unwrap().1, p);
        let line = Geometry::graph(3, &[(0, 1), (1, 2)]).unwrap();
        assert_eq!(grid_text(&line, &['#', '.', 'O']), "# . O\n");
    }
}
