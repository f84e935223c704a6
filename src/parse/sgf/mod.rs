//! SGF FF[4] games of Go, both directions, through the `sgf-parse` crate: [`read_sgf`] turns a
//! file's text into an [`SgfGame`] (board, setup, game information, the main line of moves),
//! [`read_sgf_collection`] every game tree of a collection `(;...)(;...)`, each with its place
//! ([`SgfGameTree`]), [`write_sgf`] writes one. The commands `go-oracle import` (every game
//! tree) and `go-oracle export` (a collection: one game tree per check) use them.
//!
//! What is read:
//!
//! * by [`read_sgf`], the first game tree of the file (a collection of several games gives a
//!   note); by [`read_sgf_collection`], each of them. A game tree read must be Go (`GM[1]`,
//!   or no `GM`);
//! * `N` of the root: its name (`export` writes the check's name there);
//! * `SZ[n]` or `SZ[w:h]` (19 when missing; sides 1 to 52, a point's letters `a`..`z`,
//!   `A`..`Z`);
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
//! [`scan::Scan`], a pass over the text that only notes where nodes, properties and brackets are
//! (it never builds the game: `sgf-parse` does).

mod main_line;
mod scan;
mod write;

use super::InputError;
use crate::engine::Move;
use crate::geometry::{Colour, Geometry, Point, Position};
use crate::rules::RulesetId;
use main_line::read_game;
use scan::Scan;
use sgf_parse::go::Prop;
use sgf_parse::{GameTree, SgfNode, SgfParseError, SgfProp};
pub use write::write_sgf;

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
    /// `RE` as written (e.g. `B+3.5`, `W+R`, `0`).
    pub result: Option<String>,
    /// `N` of the root node (the node's name): `export` writes the name of the check there,
    /// and `import` names the check by it.
    pub root_name: Option<String>,
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

/// One game tree of a collection, read by [`read_sgf_collection`]: its place in the file and
/// its game.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGameTree {
    /// 1-based, in the file's order.
    pub index: usize,
    /// The line of the file where it starts (its `(`).
    pub line: usize,
    pub game: SgfGame,
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
    /// `AE` on the last node after the moves: stones removed as dead at the end (some
    /// servers' convention); not written back.
    pub removed: Vec<Point>,
    /// Whether the last node holds `TB`, `TW` or such an `AE` at all (`TB[]` included): the
    /// record marks its end, even where no point is marked (a seki without territory).
    pub marked: bool,
    pub comment: Option<String>,
}

impl SgfMarkup {
    fn is_empty(&self) -> bool {
        self.black_territory.is_empty()
            && self.white_territory.is_empty()
            && self.labels.is_empty()
            && self.removed.is_empty()
            && !self.marked
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
            result: None,
            root_name: None,
            comment: None,
            moves: Vec::new(),
            markup: None,
            notes: Vec::new(),
        }
    }
}

/// The ruleset an `RU` value names, by the rule-name table
/// ([`crate::parse::rule_names`]): a named ruleset, `custom` (its rules are read again with
/// the game's handicap by `import`), or `None` when the value is refused or unknown.
pub fn ruleset_of(ru: &str) -> Option<RulesetId> {
    crate::parse::rule_names::map_rule_name(crate::parse::rule_names::Namespace::Ru, ru, 0)
        .ok()
        .map(|m| m.ruleset)
}

// ---------------------------------------------------------------------------------------
// Places in the text.

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

/// Every game tree of an SGF file's text (a collection `(;...)(;...)` has several), each
/// read as [`read_sgf`] reads the first: in the file's order, with its index and line. An
/// error in any of them is an error (`game tree K: ...` when there are several, at its line
/// and column): no game tree is left out.
pub fn read_sgf_collection(text: &str, file: &str) -> Result<Vec<SgfGameTree>, InputError> {
    read_all(text).map_err(|e| e.in_file(file))
}

/// [`read_sgf_collection`] on a file's bytes, decoded by [`text_of_bytes`] (its note joins
/// the first game's).
pub fn read_sgf_collection_bytes(
    bytes: Vec<u8>,
    file: &str,
) -> Result<Vec<SgfGameTree>, InputError> {
    let (text, note) = text_of_bytes(bytes);
    let mut trees = read_sgf_collection(&text, file)?;
    if let (Some(n), Some(first)) = (note, trees.first_mut()) {
        first.game.notes.insert(0, n.to_string());
    }
    Ok(trees)
}

/// The game trees of `text` parsed by `sgf-parse`, and the places of their parts.
fn parse_trees(text: &str) -> Result<(Scan<'_>, Vec<GameTree>), InputError> {
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
    if trees.is_empty() {
        return Err(scan.error_at(start, "not SGF: expected `(;`".into()));
    }
    Ok((scan, trees))
}

/// Game tree `k` (0-based) read, or the error of a game that is not Go.
fn read_tree(
    tree: GameTree,
    scan: &Scan,
    k: usize,
    notes: Vec<String>,
) -> Result<SgfGame, InputError> {
    let places = scan.game(k);
    match tree {
        GameTree::GoGame(root) => {
            let result = read_game(&root, &places, notes);
            dismantle(root);
            result
        }
        GameTree::Unknown(node) => {
            let gm = node
                .get_property("GM")
                .map(|p| p.to_string())
                .unwrap_or_else(|| "GM".into());
            dismantle(node);
            Err(places.error_at(
                places.place(0, "GM"),
                format!("{gm}: only Go (GM[1]) can be read"),
            ))
        }
    }
}

fn read(text: &str) -> Result<SgfGame, InputError> {
    let (scan, trees) = parse_trees(text)?;
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
    match first {
        Some(tree) => read_tree(tree, &scan, 0, notes),
        None => Err(scan.error_at(0, "not SGF: expected `(;`".into())),
    }
}

fn read_all(text: &str) -> Result<Vec<SgfGameTree>, InputError> {
    let (scan, trees) = parse_trees(text)?;
    let several = trees.len() > 1;
    let mut out = Vec::new();
    let mut trees = trees.into_iter().enumerate();
    while let Some((k, tree)) = trees.next() {
        match read_tree(tree, &scan, k, Vec::new()) {
            Ok(game) => out.push(SgfGameTree {
                index: k + 1,
                line: scan.game(k).line(),
                game,
            }),
            Err(mut e) => {
                trees.for_each(|(_, t)| dismantle_tree(t));
                if several {
                    e.message = format!("game tree {}: {}", k + 1, e.message);
                }
                return Err(e);
            }
        }
    }
    Ok(out)
}

/// The message and place of an error of `sgf-parse`.
fn parse_error(scan: &Scan, e: SgfParseError) -> InputError {
    let problem = match e {
        SgfParseError::LexerError(_) => scan.lexer_problem.or(scan.tree_problem),
        SgfParseError::InvalidGameType => Some((
            scan.game(0).place(0, "GM"),
            "GM: expected a number (GM[1] is Go)",
        )),
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
        assert_eq!(ruleset_of("Chinese"), Some(RulesetId::Custom));
        assert_eq!(ruleset_of("AGA"), None);
        for id in RulesetId::ALL {
            if id != RulesetId::Custom {
                assert_eq!(ruleset_of(id.as_str()), Some(id), "{id}");
            }
        }
    }
}
