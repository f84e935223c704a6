//! The board and its setup: sizes, handicap stones (GTP 4.1.1, 6.3.3), SGF in and out
//! (GTP 6.3.5) and the board as text.

use super::{Played, Referee, Reply};
use crate::engine::{Move, Prisoners, Start};
use crate::geometry::{
    column_name, Cell, Colour, Geometry, Point, Position, MAX_SIDE, ONE_LETTER_COLUMNS,
};
use crate::parse::gtp::parse_vertex;

impl Referee {
    /// GTP 6.3.3 `set_free_handicap VERTEX...`.
    pub(super) fn set_free_handicap(&mut self, a: &[String]) -> Reply {
        let mut points = Vec::new();
        for v in a {
            match parse_vertex(self.geometry(), v) {
                Ok(Some(p)) if !points.contains(&p) => points.push(p),
                _ => return Err(format!("bad vertex list (`{v}`)")),
            }
        }
        if points.len() < 2 || points.len() >= self.geometry().len() {
            return Err("bad vertex list (at least 2 stones, not the whole board)".into());
        }
        self.place_handicap(&points)?;
        Ok(String::new())
    }

    /// `printsgf [FILE]`: the game as SGF.
    pub(super) fn printsgf(&self, a: &[String]) -> Reply {
        let text = self.sgf();
        match a {
            [] => Ok(text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .collect::<Vec<_>>()
                .join("\n")),
            [file] => std::fs::write(file, text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot write {file}: {e}")),
            _ => Err("syntax error (printsgf [FILE])".into()),
        }
    }

    /// GTP 6.3.5 `loadsgf`: the board, setup stones, komi and moves of the file's main line,
    /// up to (not including) move `before` (1 = the first move); answers the colour to move.
    /// A move illegal under the ruleset stops the loading there, with an error naming it.
    pub(super) fn loadsgf(&mut self, file: &str, before: Option<usize>) -> Reply {
        let bytes = std::fs::read(file).map_err(|e| format!("cannot load file: {file}: {e}"))?;
        let game = crate::parse::sgf::read_sgf_bytes(bytes, file)
            .map_err(|e| format!("cannot load file: {e}"))?;
        if let Some(k) = game.komi {
            self.session.set_komi(k);
        }
        let taken = before.map_or(game.moves.len(), |n| (n - 1).min(game.moves.len()));
        self.load_game(&game, taken)
            .map_err(|e| format!("cannot load file: {file}: {e}"))?;
        Ok(self.to_move().name().to_string())
    }

    /// An SGF game's board, setup stones and its first `taken` moves (the player to move:
    /// the game's `PL`, else the first move's colour, else White after a handicap setup).
    pub fn load_game(
        &mut self,
        game: &crate::parse::sgf::SgfGame,
        taken: usize,
    ) -> Result<(), String> {
        let moves: Vec<Played> = game.moves[..taken]
            .iter()
            .map(|m| Played {
                colour: m.colour,
                vertex: match m.mv {
                    Move::Play(p) => Some(p),
                    _ => None,
                },
            })
            .collect();
        let has_setup = game.setup.0.iter().any(|&c| c != Cell::Empty);
        let to_move = game.to_move.unwrap_or(match game.moves.first() {
            Some(m) => m.colour,
            None if game.handicap >= 2 && has_setup => Colour::White,
            None => Colour::Black,
        });
        let handicap = if has_setup { game.handicap } else { 0 };
        self.load(
            game.geometry.clone(),
            game.setup.clone(),
            to_move,
            handicap,
            &moves,
        )
    }

    /// Places handicap stones on `points` and answers them as a GTP vertex list
    /// (`fixed_handicap`, `place_free_handicap`).
    pub(super) fn place_handicap_named(&mut self, points: &[Point]) -> Reply {
        self.place_handicap(points)?;
        Ok(points
            .iter()
            .map(|&p| self.geometry().name(p).to_string())
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// The game so far as SGF: board, setup stones, komi, ruleset, moves.
    pub fn sgf(&self) -> String {
        let ends = self.session().game_ends();
        let game = crate::parse::sgf::SgfGame {
            geometry: self.geometry().clone(),
            setup: self.setup().0.clone(),
            to_move: (self.setup().1 != Colour::Black || self.handicap > 0)
                .then_some(self.setup().1),
            komi: Some(self.komi()),
            handicap: self.handicap,
            ruleset_text: Some(self.ruleset().as_str().to_string()),
            ruleset: Some(self.ruleset()),
            name: None,
            result: None,
            root_name: None,
            comment: Some(format!(
                "Recorded by go-oracle gtp (ruleset {}).",
                self.ruleset()
            )),
            moves: self
                .record()
                .iter()
                .enumerate()
                .map(|(i, m)| crate::parse::sgf::SgfMove {
                    colour: m.colour,
                    mv: m.vertex.map_or(Move::Pass, Move::Play),
                    comment: ends.contains(&(i + 1)).then(|| {
                        format!(
                            "go-oracle: the game ends here under {} (its consecutive passes); the moves after it start a new move-sequence.",
                            self.ruleset()
                        )
                    }),
                })
                .collect(),
            markup: None,
            notes: Vec::new(),
        };
        crate::parse::sgf::write_sgf(&game)
    }

    /// `boardsize`, `rectangular_boardsize`: sides 1 to 52, beyond GTP's 25 (whose vertices
    /// then name the columns past Z with two letters, `geometry::column_name`).
    pub(super) fn resize(&mut self, w: usize, h: usize) -> Reply {
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err("unacceptable size".into());
        }
        let g = Geometry::rect(w, h).map_err(|_| "unacceptable size".to_string())?;
        self.reset(g)?;
        Ok(String::new())
    }

    /// GTP 4.1.1: the fixed handicap points of a square board 7x7 or larger.
    pub(super) fn fixed_handicap_points(&self, n: usize) -> Result<Vec<Point>, String> {
        let (w, h) = self.geometry().rect_size().unwrap_or((0, 0));
        let max = if w != h || w < 7 {
            0
        } else if w % 2 == 0 || w == 7 {
            4
        } else {
            9
        };
        if n < 2 || n > max {
            return Err(format!(
                "invalid number of stones ({n}; 2 to {max} on this {w}x{h} board)"
            ));
        }
        let e = if w >= 13 { 3 } else { 2 };
        let (lo, mid, hi) = (e, w / 2, w - 1 - e);
        let at = |x: usize, y: usize| self.geometry().at(x, y).unwrap_or(0);
        // GTP 4.1.1's order: lower left, upper right, upper left, lower right, then the
        // sides (left, right, bottom, top) and the centre where the count is odd.
        let (ll, ur, lr, ul) = (at(lo, hi), at(hi, lo), at(hi, hi), at(lo, lo));
        let (ml, mr, mb, mt, c) = (
            at(lo, mid),
            at(hi, mid),
            at(mid, hi),
            at(mid, lo),
            at(mid, mid),
        );
        let v = match n {
            2 => vec![ll, ur],
            3 => vec![ll, ur, ul],
            4 => vec![ll, ur, ul, lr],
            5 => vec![ll, ur, ul, lr, c],
            6 => vec![ll, ur, ul, lr, ml, mr],
            7 => vec![ll, ur, ul, lr, ml, mr, c],
            8 => vec![ll, ur, ul, lr, ml, mr, mb, mt],
            _ => vec![ll, ur, ul, lr, ml, mr, mb, mt, c],
        };
        Ok(v)
    }

    /// GTP 6.3.2 `place_free_handicap N` (4.1.2): the engine's choice of `n` stones, 2 to
    /// the board's points minus one: GTP 4.1.1's fixed points where the board has them (as
    /// many as it has, up to `n`), then the remaining points in board order (deterministic).
    pub(super) fn free_handicap_points(&self, n: usize) -> Result<Vec<Point>, String> {
        let len = self.geometry().len();
        if n < 2 || n >= len {
            return Err(format!(
                "invalid number of stones ({n}; 2 to {} on this board)",
                len.saturating_sub(1)
            ));
        }
        let mut points = Vec::new();
        if let Some(k) = (2..=n.min(9))
            .rev()
            .find(|&k| self.fixed_handicap_points(k).is_ok())
        {
            points = self.fixed_handicap_points(k)?;
        }
        let rest: Vec<Point> = self
            .geometry()
            .points()
            .filter(|p| !points.contains(p))
            .take(n - points.len())
            .collect();
        points.extend(rest);
        Ok(points)
    }

    pub(super) fn place_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        let n = self.geometry().len();
        if !self.session.record().is_empty() || self.position() != Position::empty(n) {
            return Err("board not empty".into());
        }
        let mut setup = Position::empty(n);
        for &p in points {
            setup.set(p, Cell::Stone(Colour::Black));
        }
        let start = Start {
            position: setup,
            to_move: Colour::White,
            handicap: 0,
            prisoners: Prisoners::default(),
        };
        self.session
            .restart(self.geometry().clone(), start, Vec::new())?;
        self.handicap = points.len() as u32;
        Ok(())
    }

    /// The board with coordinates, the player to move and the prisoners.
    pub fn board_text(&self) -> String {
        let (w, h) = self.geometry().rect_size().unwrap_or((0, 0));
        // A column takes two characters, three where columns past Z have two letters.
        let cell = if w > ONE_LETTER_COLUMNS { 3 } else { 2 };
        let header: String = (0..w)
            .map(|x| format!("{:>cell$}", column_name(x)))
            .collect();
        let mut out = format!("   {header}\n");
        let position = self.position();
        for (y, row) in position.rows(self.geometry()).iter().enumerate() {
            let cells: String = row.chars().map(|c| format!("{c:>cell$}")).collect();
            out.push_str(&format!("{:>2} {cells}  {:<2}\n", h - y, h - y));
        }
        out.push_str(&format!("   {header}\n"));
        let p = self.prisoners();
        out.push_str(&format!(
            "ruleset {}, {} to move, prisoners black {} white {}, komi {}{}",
            self.ruleset(),
            self.to_move().name(),
            p.black,
            p.white,
            crate::engine::fmt_number(self.komi()),
            if self.is_over() { ", game over" } else { "" }
        ));
        out
    }
}
