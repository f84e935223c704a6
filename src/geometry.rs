//! Board geometry shared by every engine (spec `PLAY-1`, `PLAY-2`).
//!
//! A board is a finite set of points with a symmetric neighbour relation. Rectangles are the
//! common case; a general graph is kept for rulesets such as LJR whose boards are arbitrary.

use std::fmt;

/// Index of a point on a board, `0..board.len()`. On a rectangle, point `y * width + x`
/// with `y = 0` the top row as printed in diagrams.
pub type Point = usize;

/// Largest side of a rectangular board: SGF's, whose point names are two letters of
/// `a`..`z`, `A`..`Z` (52 values).
pub const MAX_SIDE: usize = 52;

/// Columns that GTP's coordinates name with one letter (`A`..`Z` without `I`); wider boards
/// name the columns beyond with two letters ([`column_name`]).
pub const ONE_LETTER_COLUMNS: usize = 25;

/// A player / stone colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    /// `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
    /// The diagram symbol of a stone of this colour.
    pub fn symbol(self) -> char {
        Cell::Stone(self).symbol()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The colouring of one point (spec `PLAY-2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    Empty,
    Stone(Colour),
}

impl Cell {
    pub const BLACK: Cell = Cell::Stone(Colour::Black);
    pub const WHITE: Cell = Cell::Stone(Colour::White);

    /// `#`, `O` or `.`, the sources' diagram symbols.
    pub fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Stone(Colour::Black) => '#',
            Cell::Stone(Colour::White) => 'O',
        }
    }
}

/// The shape of a board: a rectangle, or a general graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Rect { width: usize, height: usize },
    Graph,
}

/// A finite set of points with a symmetric, irreflexive neighbour relation (spec `PLAY-1`).
///
/// The tables are shared: a clone is a reference count, not a copy (a game record's reader
/// and every engine clone the board they are given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    shape: Shape,
    tables: std::sync::Arc<Tables>,
}

/// A geometry's neighbour lists and point names, each flattened into one vector.
#[derive(Debug, PartialEq, Eq)]
struct Tables {
    /// Point p's neighbours are `neighbours[starts[p]..starts[p + 1]]`.
    neighbours: Vec<Point>,
    starts: Vec<usize>,
    /// Point p's name is `names[name_ends[p - 1]..name_ends[p]]` (from 0 for p = 0).
    names: String,
    name_ends: Vec<usize>,
}

impl Tables {
    fn with_capacity(points: usize) -> Tables {
        let mut starts = Vec::with_capacity(points + 1);
        starts.push(0);
        Tables {
            neighbours: Vec::with_capacity(4 * points),
            starts,
            names: String::with_capacity(4 * points),
            name_ends: Vec::with_capacity(points),
        }
    }
    /// The next point: its neighbours and its name.
    fn push(&mut self, neighbours: &[Point], name: std::fmt::Arguments<'_>) {
        use std::fmt::Write;
        self.neighbours.extend_from_slice(neighbours);
        self.starts.push(self.neighbours.len());
        let _ = self.names.write_fmt(name);
        self.name_ends.push(self.names.len());
    }
}

/// Why a geometry could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    #[error("board size {width}x{height} is out of range: each side must be 1 to {MAX_SIDE}")]
    BadSize { width: usize, height: usize },
    #[error("graph board has no points")]
    Empty,
    #[error("graph edge {0}-{1} names a point that does not exist")]
    BadEdge(usize, usize),
    #[error("graph edge {0}-{0} joins a point to itself")]
    Loop(usize),
}

/// Column letters of GTP coordinates: A-Z without I (25 letters, one per column of a board
/// up to 25 wide).
pub const COLUMN_LETTERS: &[u8; ONE_LETTER_COLUMNS] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The name of column `x` (0 the leftmost) in point names: GTP's letter `A`..`Z` without
/// `I` for the first 25 columns, then two of those letters, `AA`..`AZ` (columns 26 to 50),
/// `BA`, `BB` (51, 52): the first letter counts the runs of 25 columns, the second the
/// column within its run. The scheme is KataGo's (`Location::toString`), so a point of a
/// wide board is named as that engine names it over GTP.
pub fn column_name(x: usize) -> String {
    let letter = |i: usize| char::from(COLUMN_LETTERS[i % ONE_LETTER_COLUMNS]);
    if x < ONE_LETTER_COLUMNS {
        letter(x).to_string()
    } else {
        format!("{}{}", letter(x / ONE_LETTER_COLUMNS - 1), letter(x))
    }
}

/// The column a name of [`column_name`] stands for (either case), or `None`.
pub fn parse_column(name: &str) -> Option<usize> {
    let index = |c: char| {
        let c = c.to_ascii_uppercase();
        COLUMN_LETTERS.iter().position(|&l| char::from(l) == c)
    };
    let mut chars = name.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(a), None, _) => index(a),
        (Some(a), Some(b), None) => Some((index(a)? + 1) * ONE_LETTER_COLUMNS + index(b)?),
        _ => None,
    }
}

impl Geometry {
    /// A `width` x `height` rectangle with orthogonal adjacency.
    /// Each size is built once per process and shared.
    pub fn rect(width: usize, height: usize) -> Result<Geometry, GeometryError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(GeometryError::BadSize { width, height });
        }
        static RECTS: [std::sync::OnceLock<Geometry>; MAX_SIDE * MAX_SIDE] =
            [const { std::sync::OnceLock::new() }; MAX_SIDE * MAX_SIDE];
        let built = RECTS[(height - 1) * MAX_SIDE + width - 1]
            .get_or_init(|| Geometry::build_rect(width, height));
        Ok(built.clone())
    }

    fn build_rect(width: usize, height: usize) -> Geometry {
        let mut tables = Tables::with_capacity(width * height);
        let columns: Vec<String> = (0..width).map(column_name).collect();
        for y in 0..height {
            for (x, column) in columns.iter().enumerate() {
                let mut n = [0; 4];
                let mut k = 0;
                let mut add = |q: Point| {
                    n[k] = q;
                    k += 1;
                };
                if y > 0 {
                    add((y - 1) * width + x);
                }
                if x > 0 {
                    add(y * width + x - 1);
                }
                if x + 1 < width {
                    add(y * width + x + 1);
                }
                if y + 1 < height {
                    add((y + 1) * width + x);
                }
                tables.push(&n[..k], format_args!("{column}{}", height - y));
            }
        }
        Geometry {
            shape: Shape::Rect { width, height },
            tables: std::sync::Arc::new(tables),
        }
    }

    /// A general board: `n` points named `0..n`, and undirected edges.
    pub fn graph(n: usize, edges: &[(usize, usize)]) -> Result<Geometry, GeometryError> {
        if n == 0 {
            return Err(GeometryError::Empty);
        }
        let mut neighbours = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(GeometryError::BadEdge(a, b));
            }
            if a == b {
                return Err(GeometryError::Loop(a));
            }
            if !neighbours[a].contains(&b) {
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
        }
        let mut tables = Tables::with_capacity(n);
        for (i, list) in neighbours.iter().enumerate() {
            tables.push(list, format_args!("p{i}"));
        }
        Ok(Geometry {
            shape: Shape::Graph,
            tables: std::sync::Arc::new(tables),
        })
    }

    pub fn len(&self) -> usize {
        self.tables.name_ends.len()
    }
    pub fn is_empty(&self) -> bool {
        self.tables.name_ends.is_empty()
    }
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
    /// `(width, height)` of a rectangle.
    pub fn rect_size(&self) -> Option<(usize, usize)> {
        match self.shape {
            Shape::Rect { width, height } => Some((width, height)),
            Shape::Graph => None,
        }
    }
    pub fn neighbours(&self, p: Point) -> &[Point] {
        let t = &*self.tables;
        &t.neighbours[t.starts[p]..t.starts[p + 1]]
    }
    pub fn points(&self) -> std::ops::Range<Point> {
        0..self.len()
    }
    /// The point's name: GTP coordinates on a rectangle (`D4`), `pN` on a graph.
    pub fn name(&self, p: Point) -> &str {
        let t = &*self.tables;
        let start = if p == 0 { 0 } else { t.name_ends[p - 1] };
        &t.names[start..t.name_ends[p]]
    }
    /// Point at column `x`, row `y` counted from the top (diagram order).
    pub fn at(&self, x: usize, y: usize) -> Option<Point> {
        match self.shape {
            Shape::Rect { width, height } if x < width && y < height => Some(y * width + x),
            _ => None,
        }
    }
    /// Parse GTP coordinates (`D4`, `d4`; columns skip I, row 1 at the bottom; beyond 25
    /// columns two letters, [`column_name`]: `AA4`).
    pub fn parse_gtp(&self, s: &str) -> Option<Point> {
        let (width, height) = self.rect_size()?;
        let digits = s.find(|c: char| c.is_ascii_digit())?;
        let x = parse_column(&s[..digits])?;
        let row: usize = s[digits..].parse().ok()?;
        if x >= width || row == 0 || row > height {
            return None;
        }
        self.at(x, height - row)
    }
}

/// A whole-board position: the colouring of every point (spec `PLAY-2`).
/// Positions are compared point by point; rotations and reflections are different positions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(pub Vec<Cell>);

impl Position {
    pub fn empty(len: usize) -> Position {
        Position(vec![Cell::Empty; len])
    }
    pub fn get(&self, p: Point) -> Cell {
        self.0[p]
    }
    pub fn set(&mut self, p: Point, c: Cell) {
        self.0[p] = c;
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn count(&self, c: Cell) -> usize {
        self.0.iter().filter(|&&x| x == c).count()
    }
    /// Stones whose string has no liberty (spec `PLAY-3`); empty for a legal position.
    pub fn stones_without_liberty(&self, geometry: &Geometry) -> Vec<Point> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for p in geometry.points() {
            let Cell::Stone(_) = self.get(p) else {
                continue;
            };
            if seen[p] {
                continue;
            }
            let mut string = vec![p];
            seen[p] = true;
            let mut free = false;
            let mut i = 0;
            while i < string.len() {
                for &n in geometry.neighbours(string[i]) {
                    let c = self.get(n);
                    if c == Cell::Empty {
                        free = true;
                    } else if c == self.get(p) && !seen[n] {
                        seen[n] = true;
                        string.push(n);
                    }
                }
                i += 1;
            }
            if !free {
                out.extend(string);
            }
        }
        out.sort_unstable();
        out
    }
    /// Rows top to bottom, `#`/`O`/`.` without separators (the JSON form).
    pub fn rows(&self, geometry: &Geometry) -> Vec<String> {
        match geometry.rect_size() {
            Some((w, _)) => self
                .0
                .chunks(w)
                .map(|row| row.iter().map(|c| c.symbol()).collect())
                .collect(),
            None => vec![self.0.iter().map(|c| c.symbol()).collect()],
        }
    }
    /// The diagram in the sources' style: rows top to bottom, points separated by spaces.
    pub fn diagram(&self, geometry: &Geometry) -> String {
        let mut out = String::new();
        for row in self.rows(geometry) {
            let line: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Columns past Z are named as KataGo names them: `AA` after `Z`, `BA` after `AZ`.
    #[test]
    fn column_names_go_on_past_z_with_two_letters() {
        let names: Vec<String> = (0..MAX_SIDE).map(column_name).collect();
        assert_eq!(names[..3], ["A", "B", "C"]);
        assert_eq!(names[8], "J");
        assert_eq!(names[24], "Z");
        assert_eq!(names[25..28], ["AA", "AB", "AC"]);
        assert_eq!(names[49], "AZ");
        assert_eq!(names[50..], ["BA", "BB"]);
        assert!(names.iter().all(|n| !n.contains('I')));
        for (x, n) in names.iter().enumerate() {
            assert_eq!(parse_column(n), Some(x), "{n}");
            assert_eq!(parse_column(&n.to_lowercase()), Some(x), "{n}");
        }
        assert_eq!(parse_column("I"), None);
        assert_eq!(parse_column("AAA"), None);
        assert_eq!(parse_column(""), None);
    }

    /// Every point of the largest board has its own name, and reads back to itself.
    #[test]
    fn the_largest_board_names_every_point_once() {
        let g = Geometry::rect(MAX_SIDE, MAX_SIDE).unwrap();
        let mut seen = std::collections::HashSet::new();
        for p in g.points() {
            assert!(seen.insert(g.name(p).to_string()));
            assert_eq!(g.parse_gtp(g.name(p)), Some(p));
        }
        assert_eq!(g.name(0), "A52");
        assert_eq!(g.name(g.len() - 1), "BB1");
        let strip = Geometry::rect(45, 7).unwrap();
        assert_eq!(strip.parse_gtp("AU1"), strip.at(44, 6));
        assert_eq!(strip.parse_gtp("AV1"), None);
        assert_eq!(strip.parse_gtp("A8"), None);
        assert!(Geometry::rect(MAX_SIDE + 1, 1).is_err());
        assert!(Geometry::rect(0, 7).is_err());
    }
}
