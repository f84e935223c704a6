//! SGF FF[4] games of Go, both directions, through the `sgf-parse` crate: [`read_sgf`] turns a
//! file's text into an [`SgfGame`] (board, setup, game information, the main line of moves),
//! [`write_sgf`] writes one. The commands `go-oracle import` and `go-oracle export` use them.
//!
//! What is read:
//!
//! * the first game tree of the file (a collection of several games gives a note), which must
//!   be Go (`GM[1]`, or no `GM`);
//! * `SZ[n]` or `SZ[w:h]` (19 when missing; sides 1 to 25);
//! * the setup: `AB`, `AW`, `AE` of the root and of the nodes without a move before the first
//!   move, applied in order from an empty board, and `PL`; setup stones after the first move
//!   are refused. A setup with a string without a liberty is refused too (every ruleset here
//!   starts from a legal position);
//! * `HA`, `KM`, `RU`, `GN` (the first of each along the main line), the comments `C`;
//! * the main line: the first child at each node (a note says when variations were left out).
//!   `B[]` is a pass, and so is `B[tt]` on boards up to 19x19;
//! * `TB`, `TW`, `LB` of the last node of the main line as [`SgfMarkup`] (with the comment of
//!   that node when it holds no move and no setup).
//!
//! SGF coordinates: the first letter is the column from the left, the second the row from the
//! **top** (`aa` is the top-left corner), as go-oracle's points (`y * width + x`, `y = 0` the
//! top row).
//!
//! `sgf-parse` gives no byte offset with its errors, so the place an error names is found by
//! [`Scan`], a pass over the text that only notes where nodes, properties and brackets are
//! (it never builds the game: `sgf-parse` does).

use super::InputError;
use crate::engine::Move;
use crate::geometry::{Cell, Colour, Geometry, Point, Position, MAX_SIDE};
use crate::rules::RulesetId;
use sgf_parse::go::{self, Prop};
use sgf_parse::{Color, GameTree, SgfNode, SgfParseError, SgfProp, SimpleText, Text};

/// One game as SGF holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    /// The rectangle of `SZ[n]` or `SZ[w:h]`; 19x19 when `SZ` is missing.
    pub geometry: Geometry,
    /// The stones of `AB`/`AW`/`AE` before the first move.
    pub setup: Position,
    /// `PL`: the player to move after the setup.
    pub to_move: Option<Colour>,
    /// `KM`.
    pub komi: Option<f64>,
    /// `HA` (0 when missing, or `HA[0]`, `HA[1]`).
    pub handicap: u32,
    /// `RU` as written.
    pub ruleset_text: Option<String>,
    /// `RU` mapped to go-oracle's rulesets by [`ruleset_of`]; `None` when it cannot be.
    pub ruleset: Option<RulesetId>,
    /// `GN`.
    pub name: Option<String>,
    /// The comment of the root (and of the setup nodes before the first move).
    pub comment: Option<String>,
    /// The main line.
    pub moves: Vec<SgfMove>,
    /// Territory marks and labels of the last node.
    pub markup: Option<SgfMarkup>,
    /// What the reader left out (other games of a collection, variations, a `PL` after the
    /// first move); not written.
    pub notes: Vec<String>,
}

/// One move of the main line.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfMove {
    pub colour: Colour,
    /// `Move::Play(point)` or `Move::Pass`.
    pub mv: Move,
    /// The node's comment.
    pub comment: Option<String>,
}

/// Marks on the last node: `TB`, `TW` (points in increasing order) and `LB` labels (by
/// point), and that node's comment. [`write_sgf`] writes them in a node of their own after
/// the last move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SgfMarkup {
    pub black_territory: Vec<Point>,
    pub white_territory: Vec<Point>,
    pub labels: Vec<(Point, String)>,
    pub comment: Option<String>,
}

impl SgfMarkup {
    fn is_empty(&self) -> bool {
        self.black_territory.is_empty()
            && self.white_territory.is_empty()
            && self.labels.is_empty()
            && self.comment.is_none()
    }
}

impl SgfGame {
    /// An empty 19x19-or-other game: no setup, no moves, nothing known.
    pub fn new(geometry: Geometry) -> SgfGame {
        let setup = Position::empty(geometry.len());
        SgfGame {
            geometry,
            setup,
            to_move: None,
            komi: None,
            handicap: 0,
            ruleset_text: None,
            ruleset: None,
            name: None,
            comment: None,
            moves: Vec::new(),
            markup: None,
            notes: Vec::new(),
        }
    }
}

/// The `RU` values go-oracle maps to its rulesets, compared after lower-casing and dropping
/// spaces, `-`, `_` and `.` (so `Tromp-Taylor`, `tromp taylor` and `TrompTaylor` are one).
/// Every ruleset id but `custom` maps to itself, so `export`'s `RU` reads back. `Japanese`
/// is read as `j2003`: go-oracle does not implement the Nihon Ki-in 1989 rules, and J2003 is
/// Jasiek's formal restatement of Japanese practice (the import notes say so, to review).
/// Everything else (`Chinese`, `AGA`, `NZ`, `Korean`, `GOE`/`Ing`, `French`, ...) maps to
/// nothing: those rules differ from every ruleset here in a way that matters (removal of
/// dead stones by agreement, pass stones, suicide), and `import` asks for `--ruleset`.
pub const RU_TABLE: &[(&str, RulesetId)] = &[
    ("tromptaylor", RulesetId::TrompTaylor),
    ("tt", RulesetId::TrompTaylor),
    ("tromplogical", RulesetId::TrompLogical),
    ("tl", RulesetId::TrompLogical),
    ("japanese", RulesetId::J2003),
    ("jp", RulesetId::J2003),
    ("japanese2003", RulesetId::J2003),
    ("j2003", RulesetId::J2003),
    ("naj", RulesetId::Naj),
    ("newamateurjapanese", RulesetId::Naj),
    ("newamateurjapaneserules", RulesetId::Naj),
    ("najn", RulesetId::Najn),
    ("ljr", RulesetId::Ljr),
    ("logicaljapanese", RulesetId::Ljr),
    ("logicaljapaneserules", RulesetId::Ljr),
    ("vjr", RulesetId::Vjr),
    ("verbaljapanese", RulesetId::Vjr),
    ("verbaljapaneserules", RulesetId::Vjr),
];

/// The ruleset an `RU` value names, by [`RU_TABLE`].
pub fn ruleset_of(ru: &str) -> Option<RulesetId> {
    let key: String = ru
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.' | '\t'))
        .flat_map(char::to_lowercase)
        .collect();
    RU_TABLE
        .iter()
        .find(|(name, _)| *name == key)
        .map(|&(_, id)| id)
}

// ---------------------------------------------------------------------------------------
// Places in the text.

/// Where the parts of an SGF text are, for error messages: the nodes of the first game tree
/// in document order (the main line is their prefix: a node's first child follows it), with
/// their properties, and the first problem of each kind the lexer or the parser of
/// `sgf-parse` would stop at. It mirrors the tokens of `sgf-parse` (brackets with `\`
/// escapes, identifiers up to `[`) and builds nothing.
struct Scan<'a> {
    text: &'a str,
    nodes: Vec<ScanNode>,
    /// The first token the lexer rejects: (offset, what).
    lexer_problem: Option<(usize, &'static str)>,
    /// The first place the tree structure breaks: (offset, what).
    tree_problem: Option<(usize, &'static str)>,
}

struct ScanNode {
    offset: usize,
    props: Vec<ScanProp>,
}

struct ScanProp {
    ident: String,
    offset: usize,
    values: Vec<String>,
}

impl<'a> Scan<'a> {
    fn new(text: &'a str, start: usize) -> Scan<'a> {
        let mut s = Scan {
            text,
            nodes: Vec::new(),
            lexer_problem: None,
            tree_problem: None,
        };
        let bytes = text.as_bytes();
        let mut i = start;
        // One flag per open `(`: whether a node has started in it.
        let mut open: Vec<bool> = Vec::new();
        let mut trees = 0usize;
        let skip_ws = |i: &mut usize| {
            while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        loop {
            skip_ws(&mut i);
            let Some(c) = text[i..].chars().next() else {
                break;
            };
            match c {
                '(' => {
                    if open.last() == Some(&false) {
                        s.tree(i, "a variation `(` before any node: expected `;`");
                    }
                    open.push(false);
                    i += 1;
                }
                ')' => {
                    if open.pop().is_none() {
                        s.tree(i, "`)` closes no game tree");
                    } else if open.is_empty() {
                        trees += 1;
                    }
                    i += 1;
                }
                ';' => {
                    match open.last_mut() {
                        Some(started) => *started = true,
                        None => s.tree(i, "a node outside a game tree: expected `(`"),
                    }
                    if trees == 0 {
                        s.nodes.push(ScanNode {
                            offset: i,
                            props: Vec::new(),
                        });
                    }
                    i += 1;
                }
                _ => {
                    let ident_at = i;
                    let mut ident = String::new();
                    loop {
                        match text[i..].chars().next() {
                            Some('[') => break,
                            Some(ch) if ch.is_ascii() => {
                                ident.push(ch);
                                i += 1;
                            }
                            Some(_) => {
                                s.lexer(i, "a property identifier must be upper-case letters followed by `[`");
                                return s;
                            }
                            None => {
                                s.lexer(
                                    ident_at,
                                    "expected a property such as `B[dd]`, `;` or `)`",
                                );
                                return s;
                            }
                        }
                    }
                    if open.last() != Some(&true) {
                        s.tree(
                            ident_at,
                            "a property outside a node: expected `;` before it",
                        );
                    }
                    let mut values = Vec::new();
                    loop {
                        skip_ws(&mut i);
                        if bytes.get(i) != Some(&b'[') {
                            break;
                        }
                        let value_at = i;
                        i += 1;
                        let mut value = String::new();
                        let mut escaped = false;
                        loop {
                            let Some(ch) = text[i..].chars().next() else {
                                s.lexer(value_at, "a property value is not closed: expected `]`");
                                return s;
                            };
                            i += ch.len_utf8();
                            match ch {
                                ']' if !escaped => break,
                                '\\' if !escaped => escaped = true,
                                _ => {
                                    escaped = false;
                                    value.push(ch);
                                }
                            }
                        }
                        values.push(value);
                    }
                    let ident = if ident.chars().all(|c| c.is_ascii_uppercase()) {
                        ident
                    } else {
                        ident.chars().filter(|c| c.is_ascii_uppercase()).collect()
                    };
                    if trees == 0 {
                        if let Some(node) = s.nodes.last_mut() {
                            node.props.push(ScanProp {
                                ident,
                                offset: ident_at,
                                values,
                            });
                        }
                    }
                }
            }
        }
        if !open.is_empty() {
            s.tree(text.len(), "the file ends inside a game tree: expected `)`");
        }
        s
    }

    fn lexer(&mut self, at: usize, what: &'static str) {
        self.lexer_problem.get_or_insert((at, what));
    }

    fn tree(&mut self, at: usize, what: &'static str) {
        self.tree_problem.get_or_insert((at, what));
    }

    /// The 1-based line and column (in characters) of a byte offset.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        (line, self.text[line_start..offset].chars().count() + 1)
    }

    fn error_at(&self, offset: usize, message: String) -> InputError {
        let (l, c) = self.line_col(offset);
        InputError::new(message).at(l, c)
    }

    /// The property `ident` of main-line node `node` (its first occurrence).
    fn prop(&self, node: usize, ident: &str) -> Option<&ScanProp> {
        self.nodes
            .get(node)?
            .props
            .iter()
            .find(|p| p.ident == ident)
    }

    /// The offset of property `ident` of node `node`, else of the node, else the start.
    fn place(&self, node: usize, ident: &str) -> usize {
        self.prop(node, ident)
            .map(|p| p.offset)
            .or_else(|| self.nodes.get(node).map(|n| n.offset))
            .unwrap_or(0)
    }

    /// `ID[value][value]` as written (escapes dropped), for messages.
    fn written(&self, node: usize, ident: &str, fallback: &[String]) -> String {
        let values = self
            .prop(node, ident)
            .map(|p| p.values.as_slice())
            .unwrap_or(fallback);
        let mut out = ident.to_string();
        for v in values {
            out.push('[');
            out.push_str(v);
            out.push(']');
        }
        if values.is_empty() {
            out.push_str("[]");
        }
        out
    }
}

// ---------------------------------------------------------------------------------------
// Reading.

/// Parse an SGF file's text. Errors name `file`, line and column, and what was expected;
/// no input makes this panic.
pub fn read_sgf(text: &str, file: &str) -> Result<SgfGame, InputError> {
    read(text).map_err(|e| e.in_file(file))
}

/// A file's bytes as text: UTF-8, or else ISO-8859-1 (each byte one character), with a note
/// saying so. SGF files of older programs are often Latin-1 (`CA[ISO-8859-1]`).
pub fn text_of_bytes(bytes: Vec<u8>) -> (String, Option<&'static str>) {
    match String::from_utf8(bytes) {
        Ok(t) => (t, None),
        Err(e) => (
            e.into_bytes().iter().map(|&b| char::from(b)).collect(),
            Some("the file is not UTF-8; it was read as ISO-8859-1"),
        ),
    }
}

/// [`read_sgf`] on a file's bytes, decoded by [`text_of_bytes`] (its note joins the game's).
pub fn read_sgf_bytes(bytes: Vec<u8>, file: &str) -> Result<SgfGame, InputError> {
    let (text, note) = text_of_bytes(bytes);
    let mut game = read_sgf(&text, file)?;
    if let Some(n) = note {
        game.notes.insert(0, n.to_string());
    }
    Ok(game)
}

fn read(text: &str) -> Result<SgfGame, InputError> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let body = &text[bom..];
    let start = bom + (body.len() - body.trim_start().len());
    let scan = Scan::new(text, start);
    match text[start..].chars().next() {
        None => {
            return Err(
                InputError::new("empty file: expected an SGF game tree `(;`")
                    .at(1, 1)
                    .hint("an SGF file starts with `(;` (e.g. `(;GM[1]SZ[9];B[ee])`)"),
            )
        }
        Some('(') => {}
        Some(c) => {
            return Err(scan
                .error_at(start, format!("not SGF: expected `(;`, found `{c}`"))
                .hint("an SGF file starts with `(;` (e.g. `(;GM[1]SZ[9];B[ee])`)"))
        }
    }
    let trees = sgf_parse::parse(&text[start..]).map_err(|e| parse_error(&scan, e))?;
    let mut notes = Vec::new();
    if trees.len() > 1 {
        notes.push(format!(
            "the file holds {} game trees; only the first was read",
            trees.len()
        ));
    }
    let mut trees = trees.into_iter();
    let first = trees.next();
    trees.for_each(dismantle_tree);
    let root = match first {
        Some(GameTree::GoGame(root)) => root,
        Some(other) => {
            let gm = match &other {
                GameTree::Unknown(node) => node
                    .get_property("GM")
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| "GM".into()),
                GameTree::GoGame(_) => String::new(),
            };
            dismantle_tree(other);
            return Err(scan.error_at(
                scan.place(0, "GM"),
                format!("{gm}: only Go (GM[1]) can be read"),
            ));
        }
        None => return Err(scan.error_at(start, "not SGF: expected `(;`".into())),
    };
    let result = read_game(&root, &scan, notes);
    dismantle(root);
    result
}

/// The message and place of an error of `sgf-parse`.
fn parse_error(scan: &Scan, e: SgfParseError) -> InputError {
    let problem = match e {
        SgfParseError::LexerError(_) => scan.lexer_problem.or(scan.tree_problem),
        SgfParseError::InvalidGameType => {
            Some((scan.place(0, "GM"), "GM: expected a number (GM[1] is Go)"))
        }
        _ => scan.tree_problem.or(scan.lexer_problem),
    };
    let (at, what) = problem.unwrap_or((scan.text.len(), "not valid SGF"));
    scan.error_at(at, format!("{what} (sgf-parse: {e})"))
}

/// Drop a game tree without recursion (a long line of nodes nests as deep as it is long).
fn dismantle_tree(tree: GameTree) {
    match tree {
        GameTree::GoGame(n) => dismantle(n),
        GameTree::Unknown(n) => dismantle(n),
    }
}

fn dismantle<P: SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// Whether a property is one of `idents`, valid or not.
fn is_one_of(p: &Prop, idents: &[&str]) -> bool {
    idents.contains(&p.identifier().as_str())
}

const MOVE: &[&str] = &["B", "W"];
const SETUP: &[&str] = &["AB", "AW", "AE", "PL"];
const STONES: &[&str] = &["AB", "AW", "AE"];

fn read_game(
    root: &SgfNode<Prop>,
    scan: &Scan,
    mut notes: Vec<String>,
) -> Result<SgfGame, InputError> {
    let line: Vec<&SgfNode<Prop>> = root.main_variation().collect();
    let branching = line.iter().filter(|n| n.children.len() > 1).count();
    if branching > 0 {
        notes.push(format!(
            "variations left out: only the main line (the first child at each of {branching} branching node{}) was read",
            if branching == 1 { "" } else { "s" }
        ));
    }
    let err =
        |node: usize, ident: &str, message: String| scan.error_at(scan.place(node, ident), message);
    let written = |node: usize, ident: &str, values: &[String]| scan.written(node, ident, values);
    // The board.
    let geometry = match root.get_property("SZ") {
        None => Geometry::rect(19, 19).map_err(|e| err(0, "SZ", e.to_string()))?,
        Some(Prop::SZ((w, h))) => {
            let (w, h) = (*w as usize, *h as usize);
            Geometry::rect(w, h).map_err(|_| {
                err(
                    0,
                    "SZ",
                    format!(
                        "{}: a {w}x{h} board; expected sides 1 to {MAX_SIDE}",
                        written(0, "SZ", &[])
                    ),
                )
            })?
        }
        Some(p) => {
            let values = match p {
                Prop::Invalid(_, v) | Prop::Unknown(_, v) => v.clone(),
                _ => Vec::new(),
            };
            return Err(err(
                0,
                "SZ",
                format!(
                    "{}: expected a board size: a number 1 to {MAX_SIDE}, or COLUMNS:ROWS",
                    written(0, "SZ", &values)
                ),
            ));
        }
    };
    let (width, height) = geometry.rect_size().unwrap_or((19, 19));
    let tt_is_pass = width <= 19 && height <= 19;
    let point_of = |p: &go::Point| geometry.at(p.x as usize, p.y as usize);
    let outside = |node: usize, ident: &str| {
        err(
            node,
            ident,
            format!(
                "{}: a point outside the {width}x{height} board",
                written(node, ident, &[])
            ),
        )
    };
    // The last node is a markup node when it holds no move and no setup (and is not the
    // root): `write_sgf` writes the markup so.
    let last = line.len().saturating_sub(1);
    let last_is_markup = last > 0
        && !line[last]
            .properties()
            .any(|p| is_one_of(p, MOVE) || is_one_of(p, SETUP));
    let mut game = SgfGame::new(geometry.clone());
    let mut comments = Vec::new();
    let mut setup_at = None;
    for (i, node) in line.iter().enumerate() {
        let move_props: Vec<&Prop> = node.properties().filter(|p| is_one_of(p, MOVE)).collect();
        if move_props.len() > 1 {
            return Err(err(
                i,
                "W",
                "a node with two moves: expected one `B` or `W` per node".into(),
            ));
        }
        let seen_move = !game.moves.is_empty();
        // Game information: the first of each along the main line.
        for p in node.properties() {
            match p {
                Prop::HA(n) if game.handicap == 0 => {
                    game.handicap = u32::try_from(*n).map_err(|_| {
                        err(
                            i,
                            "HA",
                            format!(
                                "{}: expected a number of handicap stones",
                                written(i, "HA", &[])
                            ),
                        )
                    })?;
                }
                // `HA[0]` and `HA[1]` (no handicap) are invalid to sgf-parse, and fine here.
                Prop::Invalid(id, v)
                    if id == "HA"
                        && !matches!(v.as_slice(), [x] if x.trim() == "0" || x.trim() == "1") =>
                {
                    return Err(err(
                        i,
                        "HA",
                        format!(
                            "{}: expected a number of handicap stones",
                            written(i, "HA", v)
                        ),
                    ));
                }
                Prop::KM(k) if game.komi.is_none() => {
                    if !k.is_finite() {
                        return Err(err(
                            i,
                            "KM",
                            format!(
                                "{}: expected a finite number (komi, e.g. 6.5)",
                                written(i, "KM", &[])
                            ),
                        ));
                    }
                    game.komi = Some(*k);
                }
                Prop::Invalid(id, v) if id == "KM" => {
                    return Err(err(
                        i,
                        "KM",
                        format!(
                            "{}: expected a number (komi, e.g. 6.5)",
                            written(i, "KM", v)
                        ),
                    ));
                }
                Prop::RU(t) if game.ruleset_text.is_none() => {
                    game.ruleset = ruleset_of(&t.text);
                    game.ruleset_text = Some(t.text.clone());
                }
                Prop::GN(t) if game.name.is_none() => game.name = Some(t.text.clone()),
                _ => {}
            }
        }
        // Setup: before the first move only.
        let stones = node.properties().find(|p| is_one_of(p, STONES));
        if seen_move || (!move_props.is_empty() && i > 0) {
            if let Some(p) = stones {
                let ident = p.identifier();
                return Err(err(
                    i,
                    &ident,
                    format!(
                        "{ident} after the first move (node {i}): go-oracle reads setup stones only before the first move"
                    ),
                ));
            }
            if node.get_property("PL").is_some() {
                notes.push(format!(
                    "PL in node {i} (after the first move) was ignored: the moves say who moves"
                ));
            }
        } else {
            for p in node.properties() {
                let (points, cell, ident) = match p {
                    Prop::AB(s) => (s, Cell::BLACK, "AB"),
                    Prop::AW(s) => (s, Cell::WHITE, "AW"),
                    Prop::AE(s) => (s, Cell::Empty, "AE"),
                    Prop::PL(c) => {
                        game.to_move = Some(colour_of(*c));
                        continue;
                    }
                    Prop::Invalid(id, v) if id == "PL" => {
                        return Err(err(
                            i,
                            "PL",
                            format!("{}: expected B or W", written(i, "PL", v)),
                        ))
                    }
                    Prop::Invalid(id, v) if STONES.contains(&id.as_str()) => {
                        return Err(err(
                            i,
                            id,
                            format!(
                                "{}: expected points (two letters each, e.g. `dd`, or a rectangle `aa:cc`)",
                                written(i, id, v)
                            ),
                        ))
                    }
                    _ => continue,
                };
                for q in points {
                    let at = point_of(q).ok_or_else(|| outside(i, ident))?;
                    game.setup.set(at, cell);
                }
                if cell != Cell::Empty {
                    setup_at.get_or_insert((i, ident));
                }
            }
        }
        // The move.
        if let Some(p) = move_props.first() {
            let ident = p.identifier();
            let colour = if ident == "B" {
                Colour::Black
            } else {
                Colour::White
            };
            let mv = match p {
                Prop::B(go::Move::Pass) | Prop::W(go::Move::Pass) => Move::Pass,
                Prop::B(go::Move::Move(q)) | Prop::W(go::Move::Move(q)) => {
                    if tt_is_pass && q.x == 19 && q.y == 19 {
                        Move::Pass
                    } else {
                        Move::Play(point_of(q).ok_or_else(|| {
                            err(
                                i,
                                &ident,
                                format!(
                                    "{}: a move outside the {width}x{height} board",
                                    written(i, &ident, &[])
                                ),
                            )
                        })?)
                    }
                }
                other => {
                    let values = match other {
                        Prop::Invalid(_, v) => v.clone(),
                        _ => Vec::new(),
                    };
                    return Err(err(
                        i,
                        &ident,
                        format!(
                            "{}: expected a point (two letters, e.g. `dd`) or `[]` for a pass",
                            written(i, &ident, &values)
                        ),
                    ));
                }
            };
            game.moves.push(SgfMove {
                colour,
                mv,
                comment: comment_of(node),
            });
        } else if !(i == last && last_is_markup) {
            // A comment without a move: the game's before the first move, else the
            // previous move's.
            if let Some(c) = comment_of(node) {
                match game.moves.last_mut() {
                    None => comments.push(c),
                    Some(m) => {
                        m.comment = Some(match m.comment.take() {
                            Some(before) => format!("{before}\n\n{c}"),
                            None => c,
                        })
                    }
                }
            }
        }
    }
    if !comments.is_empty() {
        game.comment = Some(comments.join("\n\n"));
    }
    // Markup of the last node.
    if let Some(node) = line.get(last) {
        let mut markup = SgfMarkup::default();
        for p in node.properties() {
            match p {
                Prop::TB(s) | Prop::TW(s) => {
                    let ident = p.identifier();
                    for q in s {
                        let at = point_of(q).ok_or_else(|| outside(last, &ident))?;
                        if ident == "TB" {
                            markup.black_territory.push(at);
                        } else {
                            markup.white_territory.push(at);
                        }
                    }
                }
                Prop::LB(s) => {
                    for (q, t) in s {
                        let at = point_of(q).ok_or_else(|| outside(last, "LB"))?;
                        markup.labels.push((at, t.text.clone()));
                    }
                }
                Prop::Invalid(id, v) if ["TB", "TW", "LB"].contains(&id.as_str()) => {
                    return Err(err(
                        last,
                        id,
                        format!(
                            "{}: expected points (TB, TW) or POINT:TEXT labels (LB)",
                            written(last, id, v)
                        ),
                    ))
                }
                _ => {}
            }
        }
        // A node may repeat a property: the marks are a set.
        for points in [&mut markup.black_territory, &mut markup.white_territory] {
            points.sort_unstable();
            points.dedup();
        }
        markup.labels.sort();
        markup.labels.dedup();
        if last_is_markup {
            markup.comment = comment_of(node);
        }
        if !markup.is_empty() {
            game.markup = Some(markup);
        }
    }
    // The setup must be a legal position.
    let dead = game.setup.stones_without_liberty(&geometry);
    if !dead.is_empty() {
        let names: Vec<&str> = dead.iter().map(|&p| geometry.name(p)).collect();
        let (node, ident) = setup_at.unwrap_or((0, "AB"));
        return Err(err(
            node,
            ident,
            format!(
                "the setup leaves strings without a liberty at {}: every ruleset here starts from a legal position",
                names.join(" ")
            ),
        ));
    }
    game.notes = notes;
    Ok(game)
}

fn colour_of(c: Color) -> Colour {
    match c {
        Color::Black => Colour::Black,
        Color::White => Colour::White,
    }
}

fn comment_of(node: &SgfNode<Prop>) -> Option<String> {
    node.properties().find_map(|p| match p {
        Prop::C(t) => Some(t.text.clone()),
        _ => None,
    })
}

// ---------------------------------------------------------------------------------------
// Writing.

/// The SGF text of `game`: one game tree, one node per line: the root (`FF[4]`, `GM[1]`,
/// `CA[UTF-8]`, `AP`, `SZ`, `GN`, `KM`, `HA`, `RU`, `PL`, `AB`, `AW`, `C`), a node per move
/// (`B[]`/`W[]` for a pass), and the markup (`TB`, `TW`, `LB`, `C`) in a node after the last
/// move. `RU` is `ruleset_text`, else the ruleset's id. `HA` is written from 2 on (SGF has no
/// `HA[1]`). Point lists are written in board order, so the text is the same from run to
/// run. The geometry must be a rectangle (a graph board has no SGF form); a graph is written
/// as one row. A `:` in a label is written as `-` (`sgf-parse` cannot read it back).
pub fn write_sgf(game: &SgfGame) -> String {
    let g = &game.geometry;
    let (width, height) = g.rect_size().unwrap_or((g.len(), 1));
    let xy = |p: Point| {
        let (x, y) = (p % width.max(1), p / width.max(1));
        format!("{}{}", letter(x), letter(y))
    };
    let list = |ident: &str, points: &mut dyn Iterator<Item = Point>| -> Option<Prop> {
        let values: Vec<String> = points.map(xy).collect();
        (!values.is_empty()).then(|| Prop::Unknown(ident.to_string(), values))
    };
    let mut root = vec![
        Prop::FF(4),
        Prop::GM(1),
        Prop::CA(SimpleText {
            text: "UTF-8".into(),
        }),
        Prop::AP((
            SimpleText {
                text: "go-oracle".into(),
            },
            SimpleText {
                text: env!("CARGO_PKG_VERSION").into(),
            },
        )),
        // `Prop::SZ` always writes `w:h`; a square is written `SZ[n]`, as every reader takes.
        Prop::Unknown(
            "SZ".into(),
            vec![if width == height {
                width.to_string()
            } else {
                format!("{width}:{height}")
            }],
        ),
    ];
    if let Some(n) = &game.name {
        root.push(Prop::GN(SimpleText { text: n.clone() }));
    }
    if let Some(k) = game.komi {
        root.push(Prop::KM(k));
    }
    if game.handicap >= 2 {
        root.push(Prop::HA(game.handicap as i64));
    }
    let ru = game
        .ruleset_text
        .clone()
        .or_else(|| game.ruleset.map(|r| r.as_str().to_string()));
    if let Some(ru) = ru {
        root.push(Prop::RU(SimpleText { text: ru }));
    }
    if let Some(c) = game.to_move {
        root.push(Prop::PL(match c {
            Colour::Black => Color::Black,
            Colour::White => Color::White,
        }));
    }
    for (ident, cell) in [("AB", Cell::BLACK), ("AW", Cell::WHITE)] {
        root.extend(list(
            ident,
            &mut g
                .points()
                .filter(|&p| p < game.setup.len() && game.setup.get(p) == cell),
        ));
    }
    if let Some(c) = &game.comment {
        root.push(Prop::C(Text { text: c.clone() }));
    }
    let mut nodes = vec![root];
    for m in &game.moves {
        let mv = match m.mv {
            Move::Play(p) => go::Move::Move(go::Point {
                x: (p % width.max(1)) as u8,
                y: (p / width.max(1)) as u8,
            }),
            Move::Pass | Move::KoPass => go::Move::Pass,
        };
        let mut props = vec![match m.colour {
            Colour::Black => Prop::B(mv),
            Colour::White => Prop::W(mv),
        }];
        if let Some(c) = &m.comment {
            props.push(Prop::C(Text { text: c.clone() }));
        }
        nodes.push(props);
    }
    if let Some(mk) = game.markup.as_ref().filter(|m| !m.is_empty()) {
        let mut props = Vec::new();
        props.extend(list("TB", &mut mk.black_territory.iter().copied()));
        props.extend(list("TW", &mut mk.white_territory.iter().copied()));
        let labels: Vec<String> = mk
            .labels
            .iter()
            .map(|(p, t)| {
                let t = t
                    .replace('\\', "\\\\")
                    .replace(']', "\\]")
                    .replace(':', "-");
                format!("{}:{t}", xy(*p))
            })
            .collect();
        if !labels.is_empty() {
            props.push(Prop::Unknown("LB".into(), labels));
        }
        if let Some(c) = &mk.comment {
            props.push(Prop::C(Text { text: c.clone() }));
        }
        nodes.push(props);
    }
    // Each node is serialized by sgf-parse on its own (as a one-node tree, whose parentheses
    // are dropped), so a long game needs no deep recursion and gets one node per line.
    let mut out = String::from("(");
    for (i, props) in nodes.into_iter().enumerate() {
        let tree = SgfNode::new(props, Vec::new(), i == 0).serialize();
        let node = tree
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(&tree);
        if i > 0 {
            out.push('\n');
        }
        out.push_str(node);
    }
    out.push_str(")\n");
    out
}

/// The SGF letter of a column or row: `a` ... `z`, then `A` ... `Z`.
fn letter(i: usize) -> char {
    let i = i.min(51) as u8;
    char::from(if i < 26 { b'a' + i } else { b'A' + i - 26 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_column_then_row_from_the_top() {
        let g = read_sgf("(;SZ[9];B[ab])", "t.sgf").unwrap();
        // a = column A, b = the second row from the top: A8 on 9x9.
        assert_eq!(
            g.moves[0].mv,
            Move::Play(g.geometry.parse_gtp("A8").unwrap())
        );
    }

    #[test]
    fn tt_is_a_pass_up_to_19x19_only() {
        let g = read_sgf("(;SZ[19];B[tt];W[])", "t.sgf").unwrap();
        assert_eq!(g.moves[0].mv, Move::Pass);
        assert_eq!(g.moves[1].mv, Move::Pass);
        let g = read_sgf("(;SZ[21];B[tt])", "t.sgf").unwrap();
        assert_eq!(g.moves[0].mv, Move::Play(g.geometry.at(19, 19).unwrap()));
    }

    #[test]
    fn ruleset_table() {
        assert_eq!(ruleset_of("Tromp-Taylor"), Some(RulesetId::TrompTaylor));
        assert_eq!(ruleset_of("TT"), Some(RulesetId::TrompTaylor));
        assert_eq!(ruleset_of("Japanese"), Some(RulesetId::J2003));
        assert_eq!(ruleset_of("Chinese"), None);
        for id in RulesetId::ALL {
            if id != RulesetId::Custom {
                assert_eq!(ruleset_of(id.as_str()), Some(id), "{id}");
            }
        }
    }
}
