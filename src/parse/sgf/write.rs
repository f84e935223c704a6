//! Writing an [`SgfGame`] as SGF text.

use super::SgfGame;
use crate::engine::Move;
use crate::geometry::{Cell, Colour, Point};
use sgf_parse::go::Prop;
use sgf_parse::{Color, SgfNode, SimpleText, Text};

/// The SGF text of `game`: one game tree, one node per line: the root (`FF[4]`, `GM[1]`,
/// `CA[UTF-8]`, `AP`, `SZ`, `GN`, `N`, `KM`, `RE`, `HA`, `RU`, `PL`, `AB`, `AW`, `C`), a node per move
/// (`B[]`/`W[]` for a pass), and the markup (`TB`, `TW`, the removals `AE` when there are
/// moves, `TB[]` when marked without a point, `LB`, `C`) in a node after the last move. `RU` is `ruleset_text`, else the ruleset's id. `HA` is written from 2 on (SGF has no
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
    if let Some(n) = &game.root_name {
        root.push(Prop::N(SimpleText { text: n.clone() }));
    }
    if let Some(k) = game.komi {
        root.push(Prop::KM(k));
    }
    if let Some(r) = &game.result {
        root.push(Prop::RE(SimpleText { text: r.clone() }));
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
        // Written by `letter` (`sgf-parse` writes a column or row past `z` as no letter).
        let mv = match m.mv {
            Move::Play(p) => xy(p),
            Move::Pass | Move::KoPass => String::new(),
        };
        let mut props = vec![Prop::Unknown(m.colour.letter().to_string(), vec![mv])];
        if let Some(c) = &m.comment {
            props.push(Prop::C(Text { text: c.clone() }));
        }
        nodes.push(props);
    }
    if let Some(mk) = game.markup.as_ref().filter(|m| !m.is_empty()) {
        let mut props = Vec::new();
        props.extend(list("TB", &mut mk.black_territory.iter().copied()));
        props.extend(list("TW", &mut mk.white_territory.iter().copied()));
        if !game.moves.is_empty() {
            props.extend(list("AE", &mut mk.removed.iter().copied()));
        }
        if mk.marked && props.is_empty() {
            // Marked with no point (`TB[]`: a seki without territory).
            props.push(Prop::Unknown("TB".into(), vec![String::new()]));
        }
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
