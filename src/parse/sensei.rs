//! Sensei's Library diagram markup (<https://senseis.xmp.net/?HowDiagramsWork>), read by
//! [`read_sensei`] into a [`SenseiDiagram`]; `go-oracle import` writes a case skeleton from it.
//!
//! The markup, as the page and the reference renderer (`sltxt2png`, Arno Hollosi and Morten
//! Pahle) define it:
//!
//! * the first line is `$$`, then optionally `B` or `W` (who plays the odd numbers; default
//!   Black), `c` (coordinates shown), a board size (digits), `mN` (the number of the first
//!   move), then the title; e.g. `$$Bc Ko fight`, `$$W19m31 Later`;
//! * every following line that starts with `$$` is a row of the diagram: `X` black, `O`
//!   white, `.` empty, `,` hoshi (empty), `1`-`9` and `0` (= 10) the numbered moves, a number
//!   of several digits in a row whose points are separated by spaces, `a`-`z` labels on empty
//!   points, the marks `B` `W` (black, white stone with a circle), `#` `@` (with a square),
//!   `Y` `Q` (with a triangle), `Z` `P` (with a cross), `C` `S` `T` `M` (circle, square,
//!   triangle, cross on an empty point); `|` and `+` at the ends of a row are the left and
//!   right edges, a row of `-` and `+` (`+-----+`, `-----`) the top or bottom edge. Spaces
//!   between points are optional. `$$ [x|link]` lines (links) and rows holding `{` (arrows and
//!   lines) draw nothing on the board and are skipped (with a note);
//! * two moves on one point: the later one is written in the title as `N at M` (`5 at 1`,
//!   `8 at a`), as the page says.
//!
//! A side without an edge line means the diagram shows part of a board. The reader records
//! which sides have edges ([`Edges`]); the geometry is the rectangle shown. `_` (no
//! intersection, for room around a diagram) has no meaning on a go-oracle board and is
//! refused. Errors name the file, line and column, and what was expected; no input makes the
//! reader panic.

use super::InputError;
use crate::geometry::{Cell, Colour, Geometry, Point, Position, MAX_SIDE};

/// A mark drawn on a point (on a stone or on an empty point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    Circle,
    Square,
    Triangle,
    Cross,
}

impl Mark {
    pub fn name(self) -> &'static str {
        match self {
            Mark::Circle => "circle",
            Mark::Square => "square",
            Mark::Triangle => "triangle",
            Mark::Cross => "cross",
        }
    }
}

/// Which sides of the diagram are board edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edges {
    pub top: bool,
    pub bottom: bool,
    pub left: bool,
    pub right: bool,
}

impl Edges {
    /// All four edges: the diagram shows a whole board.
    pub fn whole(&self) -> bool {
        self.top && self.bottom && self.left && self.right
    }
    /// The sides without an edge, e.g. `["bottom", "right"]`.
    pub fn open_sides(&self) -> Vec<&'static str> {
        [
            (self.top, "top"),
            (self.bottom, "bottom"),
            (self.left, "left"),
            (self.right, "right"),
        ]
        .into_iter()
        .filter(|(e, _)| !e)
        .map(|(_, s)| s)
        .collect()
    }
}

/// One numbered move of a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberedMove {
    /// The move's number as printed (`mN` shifts it: with `m31`, the diagram's `1` is 31).
    pub number: u32,
    pub colour: Colour,
    pub point: Point,
}

/// One Sensei's Library diagram.
#[derive(Clone, Debug, PartialEq)]
pub struct SenseiDiagram {
    /// The title (the rest of the first line), trimmed; may be empty.
    pub title: String,
    /// Who plays the diagram's move 1 (`$$B`, the default, or `$$W`).
    pub first_player: Colour,
    /// `mN`: the number of the diagram's first move (1 by default).
    pub first_number: u32,
    /// `c`: coordinates shown.
    pub coordinates: bool,
    /// The board size in the first line (`$$c19`), if given.
    pub board_size: Option<u32>,
    /// The rectangle shown.
    pub geometry: Geometry,
    /// The stones before the numbered moves (marked stones included).
    pub position: Position,
    /// The numbered moves in number order (the title's `N at M` included).
    pub moves: Vec<NumberedMove>,
    /// Lower-case labels on empty points, in reading order.
    pub labels: Vec<(Point, char)>,
    /// Marks on stones and empty points, in reading order.
    pub marks: Vec<(Point, Mark)>,
    /// The sides drawn as board edges.
    pub edges: Edges,
    /// What the reader skipped (links, arrows, text after the diagram).
    pub notes: Vec<String>,
}

impl SenseiDiagram {
    /// Who plays the diagram's move `k` (1-based, before `mN`): the first player the odd
    /// numbers, the other the even ones.
    pub fn colour_of(&self, k: u32) -> Colour {
        colour_of(self.first_player, k)
    }
}

fn colour_of(first_player: Colour, k: u32) -> Colour {
    if k % 2 == 1 {
        first_player
    } else {
        first_player.opponent()
    }
}

/// What one point of a row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symbol {
    Cell(Cell, Option<Mark>),
    Number(u32),
    Label(char),
}

const EXPECTED: &str = "a point: `.` `,` (empty), `X` `O` (stones), `1`-`9` `0` (moves), `a`-`z` (labels), `B` `W` `#` `@` `Y` `Q` `Z` `P` (marked stones), `C` `S` `T` `M` (marked empty points), or `|` `+` (an edge)";

fn symbol(c: char) -> Option<Symbol> {
    use Cell::{Empty, Stone};
    use Colour::{Black, White};
    let s = |cell, mark| Some(Symbol::Cell(cell, mark));
    match c {
        '.' | ',' => s(Empty, None),
        'X' => s(Stone(Black), None),
        'O' => s(Stone(White), None),
        'B' => s(Stone(Black), Some(Mark::Circle)),
        'W' => s(Stone(White), Some(Mark::Circle)),
        '#' => s(Stone(Black), Some(Mark::Square)),
        '@' => s(Stone(White), Some(Mark::Square)),
        'Y' => s(Stone(Black), Some(Mark::Triangle)),
        'Q' => s(Stone(White), Some(Mark::Triangle)),
        'Z' => s(Stone(Black), Some(Mark::Cross)),
        'P' => s(Stone(White), Some(Mark::Cross)),
        'C' => s(Empty, Some(Mark::Circle)),
        'S' => s(Empty, Some(Mark::Square)),
        'T' => s(Empty, Some(Mark::Triangle)),
        'M' => s(Empty, Some(Mark::Cross)),
        '0' => Some(Symbol::Number(10)),
        '1'..='9' => Some(Symbol::Number(c as u32 - '0' as u32)),
        'a'..='z' => Some(Symbol::Label(c)),
        _ => None,
    }
}

/// Parse a Sensei's Library diagram. Errors name `file`, line and column, and what was
/// expected; no input makes this panic.
pub fn read_sensei(text: &str, file: &str) -> Result<SenseiDiagram, InputError> {
    read(text).map_err(|e| e.in_file(file))
}

/// True when `text` looks like Sensei markup: its first line that is not blank starts with
/// `$$` (after spaces and a byte-order mark).
pub fn looks_like_sensei(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with("$$"))
}

/// A token of a row: its text, its 1-based column (in characters).
struct Token<'a> {
    text: &'a str,
    column: usize,
}

/// The tokens of a row's text after `$$` (`offset` characters into the line). Points are
/// single characters, except that in a row with spaces between points a run of digits is one
/// number.
fn tokens(rest: &str, offset: usize) -> Vec<Token<'_>> {
    let spaced = rest.trim().contains(char::is_whitespace);
    let mut out = Vec::new();
    let mut chars = rest.char_indices().enumerate().peekable();
    while let Some((n, (i, c))) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut end = i + c.len_utf8();
        if spaced && c.is_ascii_digit() {
            while let Some(&(_, (j, d))) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
        }
        out.push(Token {
            text: &rest[i..end],
            column: offset + n + 1,
        });
    }
    out
}

fn is_edge_row(tokens: &[Token]) -> bool {
    tokens.iter().any(|t| t.text.contains('-'))
        && tokens
            .iter()
            .all(|t| t.text.chars().all(|c| matches!(c, '-' | '+' | '|')))
}

fn is_side(t: &Token) -> bool {
    t.text == "|" || t.text == "+"
}

/// A row of points as read: its line, the points with their columns, its side edges.
struct Row {
    line: usize,
    points: Vec<(Symbol, usize)>,
    left: bool,
    right: bool,
    /// Column just past the row's last token (for "ragged" errors).
    end: usize,
}

fn read(text: &str) -> Result<SenseiDiagram, InputError> {
    let lines: Vec<&str> = text.lines().collect();
    // The first line that is not blank must be the `$$` header.
    let Some(first) = lines.iter().position(|l| !l.trim().is_empty()) else {
        return Err(
            InputError::new("empty file: expected a Sensei diagram, a first line `$$`")
                .at(1, 1)
                .hint("a diagram starts with `$$B Title`, then rows such as `$$ | . X O . |`"),
        );
    };
    let Header {
        first_player,
        coordinates,
        board_size,
        first_number,
        title,
        title_col,
        lead,
    } = header(&lines, first)?;
    let header_line = first + 1;

    // The rows: the block of `$$` lines after the header.
    let mut notes = Vec::new();
    let mut top: Option<usize> = None;
    let mut bottom: Option<usize> = None;
    let mut rows: Vec<Row> = Vec::new();
    let mut i = first + 1;
    while i < lines.len() {
        let raw = lines[i];
        let line = i + 1;
        let trimmed = raw.trim_start();
        if !trimmed.starts_with("$$") {
            break;
        }
        let offset = raw.chars().count() - trimmed.chars().count() + 2;
        let body = &trimmed[2..];
        i += 1;
        if body.trim().is_empty() {
            continue;
        }
        if body.trim_start().starts_with('[') {
            notes.push(format!("line {line}: a link (`$$ [...]`) was skipped"));
            continue;
        }
        if body.contains('{') {
            notes.push(format!(
                "line {line}: an arrow or line (`{{...}}`) was skipped"
            ));
            continue;
        }
        let toks = tokens(body, offset);
        if is_edge_row(&toks) {
            if rows.is_empty() {
                if let Some(t) = top {
                    return Err(InputError::new(format!(
                        "a second top edge: line {t} is already one; expected a row of points"
                    ))
                    .at(line, toks[0].column));
                }
                top = Some(line);
            } else if bottom.is_none() {
                bottom = Some(line);
            } else {
                return Err(InputError::new(
                    "a second bottom edge: expected the end of the diagram",
                )
                .at(line, toks[0].column));
            }
            continue;
        }
        if let Some(b) = bottom {
            return Err(InputError::new(format!(
                "a row below the bottom edge (line {b}): expected the end of the diagram"
            ))
            .at(line, toks[0].column));
        }
        rows.push(row_of(&toks, line, offset, body)?);
    }
    // Text after the diagram.
    if lines[i.min(lines.len())..]
        .iter()
        .any(|l| !l.trim().is_empty())
    {
        notes.push(format!(
            "the text after line {i} is not part of the diagram and was not read"
        ));
    }
    if rows.is_empty() {
        return Err(InputError::new(
            "no board: the diagram has no row of points (`$$ | . X O |`) after its first line",
        )
        .at(header_line, lead + 1)
        .hint("rows are lines starting with `$$`, e.g. `$$ | . X O . |`"));
    }
    let (width, l0, r0) = rectangle(&rows)?;
    let height = rows.len();
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(InputError::new(format!(
            "the diagram shows {width} columns and {height} rows: sides are 1 to {MAX_SIDE}"
        ))
        .at(rows[0].line, 1));
    }
    let geometry = Geometry::rect(width, height)
        .map_err(|e| InputError::new(e.to_string()).at(rows[0].line, 1))?;
    let (position, labels, marks, mut numbered) = points_of(&rows, &geometry)?;
    complete_numbering(&mut numbered, &labels, &title, title_col, header_line)?;
    let moves = numbered
        .iter()
        .map(|&(k, point, _, _)| NumberedMove {
            number: first_number + k - 1,
            colour: colour_of(first_player, k),
            point,
        })
        .collect();
    let edges = Edges {
        top: top.is_some(),
        bottom: bottom.is_some(),
        left: l0,
        right: r0,
    };
    Ok(SenseiDiagram {
        title,
        first_player,
        first_number,
        coordinates,
        board_size,
        geometry,
        position,
        moves,
        labels,
        marks,
        edges,
        notes,
    })
}

/// What the rows show: the position, labels, marks and the numbered moves (1-based diagram
/// numbers, before `mN`, with their point and place).
#[allow(clippy::type_complexity)]
fn points_of(
    rows: &[Row],
    geometry: &Geometry,
) -> Result<
    (
        Position,
        Vec<(Point, char)>,
        Vec<(Point, Mark)>,
        Vec<(u32, Point, usize, usize)>,
    ),
    InputError,
> {
    let width = rows[0].points.len();
    let mut position = Position::empty(geometry.len());
    let mut labels = Vec::new();
    let mut marks = Vec::new();
    // Diagram numbers (1-based, before `mN`) with their point and place.
    let mut numbered: Vec<(u32, Point, usize, usize)> = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, &(s, col)) in r.points.iter().enumerate() {
            let p = y * width + x;
            match s {
                Symbol::Cell(c, m) => {
                    position.set(p, c);
                    if let Some(m) = m {
                        marks.push((p, m));
                    }
                }
                Symbol::Label(c) => labels.push((p, c)),
                Symbol::Number(n) => {
                    if let Some(&(_, _, l, c)) = numbered.iter().find(|m| m.0 == n) {
                        return Err(InputError::new(format!(
                            "two moves numbered {n}: the first is at line {l}, column {c}"
                        ))
                        .at(r.line, col)
                        .hint("a second move on one point goes in the title as `N at M`"));
                    }
                    numbered.push((n, p, r.line, col));
                }
            }
        }
    }
    Ok((position, labels, marks, numbered))
}

/// The header line `$$ [B|W] [c] [size] [mN] title` (line `first`, 0-based).
struct Header {
    first_player: Colour,
    coordinates: bool,
    board_size: Option<u32>,
    first_number: u32,
    title: String,
    /// Column of the title's first character.
    title_col: usize,
    /// Leading white space before `$$`.
    lead: usize,
}

fn header(lines: &[&str], first: usize) -> Result<Header, InputError> {
    let header = lines[first].trim_start_matches('\u{feff}');
    let lead = header.chars().take_while(|c| c.is_whitespace()).count();
    let header = header.trim_start();
    if !header.starts_with("$$") {
        return Err(InputError::new(format!(
            "no `$$` lines: expected a Sensei diagram's first line `$$`, found `{}`",
            header.chars().take(20).collect::<String>()
        ))
        .at(first + 1, lead + 1)
        .hint("a diagram starts with `$$B Title`, then rows such as `$$ | . X O . |`"));
    }
    // Header: $$ [B|W] [c] [size] [mN] title.
    let mut rest = &header[2..];
    let mut first_player = Colour::Black;
    if let Some(r) = rest.strip_prefix('B') {
        rest = r;
    } else if let Some(r) = rest.strip_prefix('W') {
        first_player = Colour::White;
        rest = r;
    }
    let coordinates = rest.starts_with('c');
    if coordinates {
        rest = &rest[1..];
    }
    let column_of = |r: &str| lead + header[..header.len() - r.len()].chars().count() + 1;
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let mut board_size = None;
    if digits > 0 {
        let size: u32 = rest[..digits].parse().unwrap_or(u32::MAX);
        if !(1..=MAX_SIDE as u32).contains(&size) {
            return Err(InputError::new(format!(
                "board size `{}` in the first line: sides are 1 to {MAX_SIDE}",
                &rest[..digits]
            ))
            .at(first + 1, column_of(rest)));
        }
        board_size = Some(size);
        rest = &rest[digits..];
    }
    let mut first_number = 1;
    if let Some(r) = rest.strip_prefix('m') {
        let d = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if d > 0 {
            first_number = r[..d]
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=10_000).contains(n))
                .ok_or_else(|| {
                    InputError::new(format!(
                        "first move number `m{}`: 1 to 10000 expected",
                        &r[..d]
                    ))
                    .at(first + 1, column_of(rest))
                })?;
            rest = &r[d..];
        }
    }
    let title_col = column_of(rest.trim_start());
    let title = rest.trim().to_string();

    Ok(Header {
        first_player,
        coordinates,
        board_size,
        first_number,
        title,
        title_col,
        lead,
    })
}

/// A row of points between its optional edges (`toks` of line `line`).
fn row_of(toks: &[Token], line: usize, offset: usize, body: &str) -> Result<Row, InputError> {
    let mut toks = toks;
    let left = toks.first().is_some_and(is_side);
    if left {
        toks = &toks[1..];
    }
    let right = toks.last().is_some_and(is_side);
    if right {
        toks = &toks[..toks.len() - 1];
    }
    let mut points = Vec::new();
    let mut end = offset + body.chars().count() + 1;
    for t in toks {
        let c = t.text.chars().next().unwrap_or(' ');
        let s = if t.text.len() > 1 {
            // A number of several digits (only in rows with spaces between points).
            match t.text.parse::<u32>() {
                Ok(n) if (1..=999).contains(&n) => Some(Symbol::Number(n)),
                _ => {
                    return Err(InputError::new(format!(
                        "move number `{}`: 1 to 999 expected (`0` alone is 10)",
                        t.text
                    ))
                    .at(line, t.column))
                }
            }
        } else {
            symbol(c)
        };
        match s {
            Some(s) => points.push((s, t.column)),
            None if matches!(c, '|' | '+' | '-') => {
                return Err(InputError::new(format!(
                    "`{c}` inside a row: an edge is only at the start or end of a row, or a whole row of `-`"
                ))
                .at(line, t.column)
                .hint(EXPECTED))
            }
            None if c == '_' => {
                return Err(InputError::new(
                    "`_` (no intersection) cannot be part of a go-oracle board: every point of the rectangle shown is a point",
                )
                .at(line, t.column))
            }
            None => {
                return Err(InputError::new(format!("unknown symbol `{c}`: expected {EXPECTED}"))
                    .at(line, t.column))
            }
        }
        end = t.column + t.text.chars().count();
    }
    if points.is_empty() {
        return Err(
            InputError::new("a row without points: expected a point after the edge")
                .at(line, toks.first().map_or(offset + 1, |t| t.column)),
        );
    }
    Ok(Row {
        line,
        points,
        left,
        right,
        end,
    })
}

/// The width of the rows and whether they have a left and a right edge: every row the
/// same as the first.
fn rectangle(rows: &[Row]) -> Result<(usize, bool, bool), InputError> {
    let first_row = &rows[0];
    let width = first_row.points.len();
    let (l0, r0) = (first_row.left, first_row.right);
    for r in &rows[1..] {
        if r.points.len() != width {
            let col = if r.points.len() > width {
                r.points[width].1
            } else {
                r.end
            };
            return Err(InputError::new(format!(
                "ragged rows: this row has {} points, the first row (line {}) has {width}",
                r.points.len(),
                first_row.line
            ))
            .at(r.line, col));
        }
        if r.left != l0 || r.right != r0 {
            let (side, col) = if r.left != l0 {
                ("left", r.points[0].1)
            } else {
                ("right", r.end)
            };
            let has = if r.left != l0 { r.left } else { r.right };
            return Err(InputError::new(format!(
                "ragged edge: this row {} a {side} edge, the first row (line {}) {}",
                if has { "has" } else { "has no" },
                first_row.line,
                if has { "has none" } else { "has one" }
            ))
            .at(r.line, col));
        }
    }
    Ok((width, l0, r0))
}

/// The title's `N at M` clauses added to the numbered moves, which must then run 1, 2, 3 ...
/// without a gap.
fn complete_numbering(
    numbered: &mut Vec<(u32, Point, usize, usize)>,
    labels: &[(Point, char)],
    title: &str,
    title_col: usize,
    header_line: usize,
) -> Result<(), InputError> {
    // The title's `N at M`: move N was played on the point of move M (or of label M).
    for (n, target, col) in at_clauses(title) {
        let c = title_col + col;
        let at = || (header_line, c);
        if let Some(&(_, _, l, c2)) = numbered.iter().find(|m| m.0 == n) {
            let (l1, c1) = at();
            return Err(InputError::new(format!(
                "two moves numbered {n}: `{n} at ...` in the title, and on the board at line {l}, column {c2}"
            ))
            .at(l1, c1));
        }
        let point = match target {
            Target::Number(m) => numbered.iter().find(|x| x.0 == m).map(|x| x.1),
            Target::Label(c) => labels.iter().find(|x| x.1 == c).map(|x| x.0),
        };
        let Some(point) = point else {
            let (l1, c1) = at();
            return Err(InputError::new(format!(
                "`{n} at {}` in the title: the diagram has no {}",
                target.text(),
                match target {
                    Target::Number(m) => format!("move {m}"),
                    Target::Label(c) => format!("label `{c}`"),
                }
            ))
            .at(l1, c1));
        };
        numbered.push((n, point, header_line, c));
    }
    numbered.sort_by_key(|m| m.0);
    for (k, m) in numbered.iter().enumerate() {
        let want = k as u32 + 1;
        if m.0 != want {
            let missing: Vec<String> = (want..m.0).map(|n| n.to_string()).collect();
            return Err(InputError::new(format!(
                "a gap in the move numbers: {} missing before move {}",
                if missing.len() == 1 {
                    format!("move {} is", missing[0])
                } else {
                    format!("moves {} are", missing.join(", "))
                },
                m.0
            ))
            .at(m.2, m.3)
            .hint(
                "a move on a point already played goes in the title as `N at M` (e.g. `5 at 1`)",
            ));
        }
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Number(u32),
    Label(char),
}

impl Target {
    fn text(self) -> String {
        match self {
            Target::Number(m) => m.to_string(),
            Target::Label(c) => c.to_string(),
        }
    }
}

/// The `N at M` clauses of a title (`Ko (5 at 1, 8 at 2)`, `7 at a`), with the character
/// offset of each N in the title. Words that are not of this form are ignored.
fn at_clauses(title: &str) -> Vec<(u32, Target, usize)> {
    let chars: Vec<char> = title.chars().collect();
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut start = None;
    for n in 0..=chars.len() {
        let word = chars.get(n).is_some_and(|c| c.is_ascii_alphanumeric());
        match (word, start) {
            (true, None) => start = Some(n),
            (false, Some(s)) => {
                words.push((s, chars[s..n].iter().collect()));
                start = None;
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for w in words.windows(3) {
        let (off, n) = (w[0].0, w[0].1.as_str());
        if w[1].1 != "at" {
            continue;
        }
        let Ok(n) = n.parse::<u32>() else { continue };
        if !(1..=999).contains(&n) {
            continue;
        }
        let m = w[2].1.as_str();
        let target = if let Ok(m) = m.parse::<u32>() {
            if !(1..=999).contains(&m) {
                continue;
            }
            Target::Number(m)
        } else if m.len() == 1 && m.chars().all(|c| c.is_ascii_lowercase()) {
            Target::Label(m.chars().next().unwrap_or('a'))
        } else {
            continue;
        };
        out.push((n, target, off));
    }
    out
}
