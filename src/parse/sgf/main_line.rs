//! The main line of a game tree as an [`SgfGame`]: board, game information, setup, moves
//! with their comments, the markup of the last node.

use super::super::InputError;
use super::scan::TreeScan;
use super::{is_one_of, ruleset_of, SgfGame, SgfMarkup, SgfMove, MOVE, SETUP, STONES};
use crate::engine::Move;
use crate::geometry::{Cell, Colour, Geometry, Point, MAX_SIDE};
use sgf_parse::go::{self, Prop};
use sgf_parse::{Color, SgfNode, SgfProp};

/// What reading the main line needs at every node: the scan (for errors at their place)
/// and the board.
struct Reader<'a> {
    scan: &'a TreeScan<'a>,
    geometry: Geometry,
    width: usize,
    height: usize,
}

impl Reader<'_> {
    fn err(&self, node: usize, ident: &str, message: String) -> InputError {
        self.scan.error_at(self.scan.place(node, ident), message)
    }

    fn written(&self, node: usize, ident: &str, values: &[String]) -> String {
        self.scan.written(node, ident, values)
    }

    fn point_of(&self, p: &go::Point) -> Option<Point> {
        self.geometry.at(p.x as usize, p.y as usize)
    }

    /// The error of a point outside the board.
    fn outside(&self, node: usize, ident: &str) -> InputError {
        self.err(
            node,
            ident,
            format!(
                "{}: a point outside the {}x{} board",
                self.written(node, ident, &[]),
                self.width,
                self.height
            ),
        )
    }
}

/// The board of `SZ` (19x19 without it).
fn board_of(root: &SgfNode<Prop>, scan: &TreeScan) -> Result<Geometry, InputError> {
    let err =
        |node: usize, ident: &str, message: String| scan.error_at(scan.place(node, ident), message);
    let written = |node: usize, ident: &str, values: &[String]| scan.written(node, ident, values);
    Ok(match root.get_property("SZ") {
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
    })
}

pub(super) fn read_game(
    root: &SgfNode<Prop>,
    scan: &TreeScan,
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
    let geometry = board_of(root, scan)?;
    let (width, height) = geometry.rect_size().unwrap_or((19, 19));
    let r = Reader {
        scan,
        geometry: geometry.clone(),
        width,
        height,
    };
    // The last node is a markup node when it holds no move and no setup (and is not the
    // root): `write_sgf` writes the markup so.
    let last = line.len().saturating_sub(1);
    let removal_node = last > 0
        && line[..last]
            .iter()
            .any(|n| n.properties().any(|p| is_one_of(p, MOVE)))
        && only_removals(line[last]);
    let last_is_markup = last > 0
        && (removal_node
            || !line[last]
                .properties()
                .any(|p| is_one_of(p, MOVE) || is_one_of(p, SETUP)));
    let mut game = SgfGame::new(geometry.clone());
    game.root_name = root.properties().find_map(|p| match p {
        Prop::N(t) => Some(t.text.clone()),
        _ => None,
    });
    let mut comments = Vec::new();
    let mut setup_at = None;
    for (i, node) in line.iter().enumerate() {
        let move_props: Vec<&Prop> = node.properties().filter(|p| is_one_of(p, MOVE)).collect();
        if move_props.len() > 1 {
            return Err(r.err(
                i,
                "W",
                "a node with two moves: expected one `B` or `W` per node".into(),
            ));
        }
        let seen_move = !game.moves.is_empty();
        game_information(&r, i, node, &mut game)?;
        // Setup: before the first move only; `AE` alone on the last node after the moves
        // removes dead stones at the end (read as markup, not as setup).
        if i == last && removal_node {
            // Read by `markup` below.
        } else if seen_move || (!move_props.is_empty() && i > 0) {
            setup_after_moves(&r, i, node, &mut notes)?;
        } else {
            setup(&r, i, node, &mut game, &mut setup_at)?;
        }
        if let Some(p) = move_props.first() {
            let mut m = the_move(&r, i, p)?;
            m.comment = comment_of(node);
            game.moves.push(m);
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
    if let Some(node) = line.get(last) {
        game.markup = markup(&r, node, last, last_is_markup, removal_node)?;
    }
    // The setup must be a legal position.
    let dead = game.setup.stones_without_liberty(&geometry);
    if !dead.is_empty() {
        let names: Vec<&str> = dead.iter().map(|&p| geometry.name(p)).collect();
        let (node, ident) = setup_at.unwrap_or((0, "AB"));
        return Err(r.err(
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

/// Game information of node `i`: the first of each along the main line.
fn game_information(
    r: &Reader,
    i: usize,
    node: &SgfNode<Prop>,
    game: &mut SgfGame,
) -> Result<(), InputError> {
    for p in node.properties() {
        match p {
            Prop::HA(n) if game.handicap == 0 => {
                game.handicap = u32::try_from(*n).map_err(|_| {
                    r.err(
                        i,
                        "HA",
                        format!(
                            "{}: expected a number of handicap stones",
                            r.written(i, "HA", &[])
                        ),
                    )
                })?;
            }
            // `HA[0]` and `HA[1]` (no handicap) are invalid to sgf-parse, and fine here.
            Prop::Invalid(id, v)
                if id == "HA"
                    && !matches!(v.as_slice(), [x] if x.trim() == "0" || x.trim() == "1") =>
            {
                return Err(r.err(
                    i,
                    "HA",
                    format!(
                        "{}: expected a number of handicap stones",
                        r.written(i, "HA", v)
                    ),
                ));
            }
            Prop::KM(k) if game.komi.is_none() => {
                if !k.is_finite() {
                    return Err(r.err(
                        i,
                        "KM",
                        format!(
                            "{}: expected a finite number (komi, e.g. 6.5)",
                            r.written(i, "KM", &[])
                        ),
                    ));
                }
                game.komi = Some(*k);
            }
            Prop::Invalid(id, v) if id == "KM" => {
                return Err(r.err(
                    i,
                    "KM",
                    format!(
                        "{}: expected a number (komi, e.g. 6.5)",
                        r.written(i, "KM", v)
                    ),
                ));
            }
            Prop::RU(t) if game.ruleset_text.is_none() => {
                game.ruleset = ruleset_of(&t.text);
                game.ruleset_text = Some(t.text.clone());
            }
            Prop::GN(t) if game.name.is_none() => game.name = Some(t.text.clone()),
            Prop::RE(t) if game.result.is_none() => game.result = Some(t.text.clone()),
            _ => {}
        }
    }
    Ok(())
}

/// Whether the node's only stone setup is `AE` (and it holds no move): the removal of dead
/// stones at the end of a record, as some servers write it.
fn only_removals(node: &SgfNode<Prop>) -> bool {
    node.properties().any(|p| is_one_of(p, &["AE"]))
        && !node
            .properties()
            .any(|p| is_one_of(p, &["AB", "AW"]) || is_one_of(p, MOVE))
}

/// Setup in a node after the first move: stones are an error, `PL` is ignored (a note).
fn setup_after_moves(
    r: &Reader,
    i: usize,
    node: &SgfNode<Prop>,
    notes: &mut Vec<String>,
) -> Result<(), InputError> {
    if let Some(p) = node.properties().find(|p| is_one_of(p, STONES)) {
        let ident = p.identifier();
        return Err(r.err(
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
    Ok(())
}

/// Setup before the first move: `AB`, `AW`, `AE`, `PL`; `setup_at` keeps the first node
/// and property that adds stones.
fn setup(
    r: &Reader,
    i: usize,
    node: &SgfNode<Prop>,
    game: &mut SgfGame,
    setup_at: &mut Option<(usize, &'static str)>,
) -> Result<(), InputError> {
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
                return Err(r.err(
                    i,
                    "PL",
                    format!("{}: expected B or W", r.written(i, "PL", v)),
                ))
            }
            Prop::Invalid(id, v) if STONES.contains(&id.as_str()) => {
                return Err(r.err(
                    i,
                    id,
                    format!(
                        "{}: expected points (two letters each, e.g. `dd`, or a rectangle `aa:cc`)",
                        r.written(i, id, v)
                    ),
                ))
            }
            _ => continue,
        };
        for q in points {
            let at = r.point_of(q).ok_or_else(|| r.outside(i, ident))?;
            game.setup.set(at, cell);
        }
        if cell != Cell::Empty {
            setup_at.get_or_insert((i, ident));
        }
    }
    Ok(())
}

/// The move of node `i` (`B` or `W`; `tt` is a pass on boards up to 19x19).
fn the_move(r: &Reader, i: usize, p: &Prop) -> Result<SgfMove, InputError> {
    let (width, height) = (r.width, r.height);
    let tt_is_pass = width <= 19 && height <= 19;
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
                Move::Play(r.point_of(q).ok_or_else(|| {
                    r.err(
                        i,
                        &ident,
                        format!(
                            "{}: a move outside the {width}x{height} board",
                            r.written(i, &ident, &[])
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
            return Err(r.err(
                i,
                &ident,
                format!(
                    "{}: expected a point (two letters, e.g. `dd`) or `[]` for a pass",
                    r.written(i, &ident, &values)
                ),
            ));
        }
    };
    Ok(SgfMove {
        colour,
        mv,
        comment: None,
    })
}

/// The markup of the last node (`TB`, `TW`, `LB`; its comment when it is a markup node).
fn markup(
    r: &Reader,
    node: &SgfNode<Prop>,
    last: usize,
    last_is_markup: bool,
    removals: bool,
) -> Result<Option<SgfMarkup>, InputError> {
    let mut markup = SgfMarkup::default();
    for p in node.properties() {
        match p {
            Prop::TB(s) | Prop::TW(s) => {
                markup.marked = true;
                let ident = p.identifier();
                for q in s {
                    let at = r.point_of(q).ok_or_else(|| r.outside(last, &ident))?;
                    if ident == "TB" {
                        markup.black_territory.push(at);
                    } else {
                        markup.white_territory.push(at);
                    }
                }
            }
            Prop::LB(s) => {
                for (q, t) in s {
                    let at = r.point_of(q).ok_or_else(|| r.outside(last, "LB"))?;
                    markup.labels.push((at, t.text.clone()));
                }
            }
            Prop::AE(s) if removals => {
                markup.marked = true;
                for q in s {
                    let at = r.point_of(q).ok_or_else(|| r.outside(last, "AE"))?;
                    markup.removed.push(at);
                }
            }
            Prop::Invalid(id, v) if removals && id == "AE" => {
                return Err(r.err(
                    last,
                    id,
                    format!(
                        "{}: expected points (two letters each, e.g. `dd`, or a rectangle `aa:cc`)",
                        r.written(last, id, v)
                    ),
                ))
            }
            // `TB[]`, `TW[]` (an empty list, FF[4]'s elist): marked, no point.
            Prop::Invalid(id, v)
                if ["TB", "TW"].contains(&id.as_str()) && v.iter().all(|x| x.trim().is_empty()) =>
            {
                markup.marked = true;
            }
            Prop::Invalid(id, v) if ["TB", "TW", "LB"].contains(&id.as_str()) => {
                return Err(r.err(
                    last,
                    id,
                    format!(
                        "{}: expected points (TB, TW) or POINT:TEXT labels (LB)",
                        r.written(last, id, v)
                    ),
                ))
            }
            _ => {}
        }
    }
    // A node may repeat a property: the marks are a set.
    for points in [
        &mut markup.black_territory,
        &mut markup.white_territory,
        &mut markup.removed,
    ] {
        points.sort_unstable();
        points.dedup();
    }
    markup.labels.sort();
    markup.labels.dedup();
    if last_is_markup {
        markup.comment = comment_of(node);
    }
    Ok((!markup.is_empty()).then_some(markup))
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
