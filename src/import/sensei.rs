//! What a Sensei's Library diagram adds to an imported case: the game it is replayed as
//! (the shown rectangle as the board, its stones as the setup, the numbered moves), its
//! notes (board, header, moves, marks) and its labels.

use crate::engine::Move;
use crate::geometry::{Cell, Colour};
use crate::parse::diagram::grid_text;
use crate::parse::sensei::{looks_like_sensei, SenseiDiagram};
use crate::parse::sgf::{SgfGame, SgfMove};
use std::path::Path;

/// True when `file` is read as a Sensei's Library diagram: its first line that is not blank
/// starts with `$$`, or its extension is `.txt` or `.sensei` and it is not SGF (`(`).
pub fn is_sensei(file: &Path, text: &str) -> bool {
    let ext = file
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    looks_like_sensei(text)
        || (matches!(ext.as_str(), "txt" | "sensei")
            && !text
                .trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with('('))
}

/// A Sensei diagram as the game the import replays: the shown rectangle as the board, its
/// stones as the setup, the numbered moves in order, the first player to move.
pub fn game_of(d: &SenseiDiagram, name: &str) -> Result<SgfGame, String> {
    let g = &d.geometry;
    let dead = d.position.stones_without_liberty(g);
    if !dead.is_empty() {
        let names: Vec<&str> = dead.iter().map(|&p| g.name(p)).collect();
        return Err(format!(
            "{name}: the stones at {} have no liberty on the part of the board the diagram shows (go-oracle plays on the shown part as a whole board; every ruleset here starts from a legal position)",
            names.join(", ")
        ));
    }
    let mut game = SgfGame::new(g.clone());
    game.setup = d.position.clone();
    game.to_move = Some(d.first_player);
    game.name = (!d.title.is_empty()).then(|| d.title.clone());
    game.moves = d
        .moves
        .iter()
        .map(|m| SgfMove {
            colour: m.colour,
            mv: Move::Play(m.point),
            comment: None,
        })
        .collect();
    game.notes = d.notes.clone();
    Ok(game)
}

/// The notes a Sensei diagram adds: its board, header, moves, labels, marks.
pub fn notes(d: &SenseiDiagram) -> Vec<String> {
    let g = &d.geometry;
    let (w, h) = g.rect_size().unwrap_or((g.len(), 1));
    let mut notes = Vec::new();
    if d.edges.whole() {
        notes.push(format!(
            "Board: the diagram shows a whole {w}x{h} board (edges on all four sides)."
        ));
    } else {
        notes.push(format!(
                "Partial board: the diagram has no edge on its {} side{}, so it shows part of a larger board. go-oracle plays on the part shown ({w}x{h}) as a whole board: a partial board is a different board (its strings have no liberties beyond the cut), so review every expectation against the source's board.",
                d.edges.open_sides().join(", "),
                if d.edges.open_sides().len() == 1 { "" } else { "s" }
            ));
    }
    if let Some(size) = d.board_size {
        notes.push(format!(
            "The diagram's first line gives the board size {size}."
        ));
    }
    notes.push(format!(
        "Numbered moves: {} plays the odd numbers (`$${}`){}.",
        d.first_player,
        d.first_player.letter(),
        if d.first_number != 1 {
            format!(
                "; the diagram's 1 is move {} (`m{}`)",
                d.first_number, d.first_number
            )
        } else {
            String::new()
        }
    ));
    if !d.moves.is_empty() {
        let list: Vec<String> = d
            .moves
            .iter()
            .map(|m| format!("{} {} {}", m.number, m.colour.letter(), g.name(m.point)))
            .collect();
        notes.push(format!("The diagram's moves: {}.", list.join(", ")));
    }
    if d.labels.iter().any(|l| l.1 == 'p') {
        notes.push(
            "The diagram's label `p` is left out of `labels` (in a case, `p` is a pass).".into(),
        );
    }
    if !d.marks.is_empty() {
        let list: Vec<String> = d
            .marks
            .iter()
            .map(|&(p, m)| {
                let on = match d.position.get(p) {
                    Cell::Stone(c) => format!("{c} stone"),
                    Cell::Empty => "empty point".into(),
                };
                format!("{} ({} on the {on})", g.name(p), m.name())
            })
            .collect();
        notes.push(format!(
            "Marks of the diagram (they draw attention and change nothing on the board): {}.",
            list.join(", ")
        ));
    }
    notes
}

/// A Sensei diagram's labels as a case `labels` diagram (`None` without labels).
pub fn labels(d: &SenseiDiagram) -> Option<String> {
    if d.labels.iter().all(|l| l.1 == 'p') {
        return None;
    }
    let g = &d.geometry;
    let mut cells: Vec<char> = d
        .position
        .0
        .iter()
        .map(|c| match c {
            Cell::Stone(Colour::Black) => 'X',
            Cell::Stone(Colour::White) => 'O',
            Cell::Empty => '.',
        })
        .collect();
    for &(p, c) in &d.labels {
        if c != 'p' {
            cells[p] = c;
        }
    }
    // Only rectangular boards have Sensei diagrams.
    g.rect_size()?;
    Some(grid_text(g, &cells))
}
