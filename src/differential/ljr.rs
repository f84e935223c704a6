//! LJR differential checking (spec `ljr.md`): random games of turns on small rectangles and
//! small general graphs, cycle removals included. After every turn every engine
//! configuration must agree on the legal turns, the result of the turn, the situation
//! (position, prohibitions, passes needed), the captives and the end; at the end on control
//! by the two-eye test and by disputes (where both decided) and on the score. Used by the
//! proptests (`tests/ljr.rs`) and the `ljr_agree` fuzz target.

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::{
    ControlMethod, DisputeEdge, LjrGame, LjrParams, LjrStart, TestProhibitions, Turn,
};
use crate::procedure::ljr::control_maps;
use crate::rules::Prisoners;
use crate::runner::all_engines;

/// A random LJR game that fuzzers and proptests build from raw data.
#[derive(Clone, Debug, arbitrary::Arbitrary)]
pub struct LjrInput {
    /// A rectangle (`graph == false`) of `width` x `height`, or a graph of `width + 1`
    /// points whose edges are drawn from `edges`.
    pub graph: bool,
    pub width: u8,
    pub height: u8,
    pub edges: Vec<(u8, u8)>,
    pub white_first: bool,
    /// Start stones: each byte places a stone (1 black, 2 white) or nothing.
    pub setup: Vec<u8>,
    /// Initially prohibited locations (indices modulo the board size).
    pub prohibited: Vec<u8>,
    /// Each turn picks one of the legal turns (index modulo their number; a picked pass is
    /// kept one time in four, else another turn is taken); a value with the high bit set
    /// instead tries the play at `value % (n + 1)` (the extra value: a pass), legal or not,
    /// so that illegal turns are compared too.
    pub turns: Vec<u16>,
    pub keep_prohibitions: bool,
    pub inside_edge: bool,
}

impl LjrInput {
    /// The board and the start; rectangles up to `max_side` a side, graphs up to
    /// `max_side * 2` points.
    pub fn build(&self, max_side: u8) -> (Geometry, LjrStart) {
        let geometry = if self.graph {
            let n = (self.width % (max_side * 2)) as usize + 1;
            let edges: Vec<(usize, usize)> = self
                .edges
                .iter()
                .map(|&(a, b)| (a as usize % n, b as usize % n))
                .filter(|(a, b)| a != b)
                .collect();
            Geometry::graph(n, &edges).expect("folded edges are valid")
        } else {
            let w = (self.width % max_side) as usize + 1;
            let h = (self.height % max_side) as usize + 1;
            Geometry::rect(w, h).expect("folded size is in range")
        };
        let position = legal_position(&geometry, &self.setup);
        let n = geometry.len();
        let mut prohibited: Vec<Point> = self
            .prohibited
            .iter()
            .map(|&p| p as usize % n)
            .filter(|&p| position.get(p) == Cell::Empty)
            .collect();
        prohibited.sort_unstable();
        prohibited.dedup();
        let start = LjrStart {
            position,
            to_move: if self.white_first {
                Colour::White
            } else {
                Colour::Black
            },
            initially_prohibited: prohibited,
            permanently_prohibited: Vec::new(),
            captives: Prisoners::default(),
        };
        (geometry, start)
    }

    pub fn params(&self) -> LjrParams {
        LjrParams {
            test_prohibitions: if self.keep_prohibitions {
                TestProhibitions::Keep
            } else {
                TestProhibitions::Forget
            },
            dispute_edge: if self.inside_edge {
                DisputeEdge::Inside
            } else {
                DisputeEdge::Literal
            },
        }
    }
}

/// A position with every stone having a liberty: stones placed one by one, each kept only
/// if no stone is then without liberties (a flood fill of its own, so that no engine's code
/// decides what the engines are compared on).
fn legal_position(geometry: &Geometry, setup: &[u8]) -> Position {
    let mut position = Position::empty(geometry.len());
    for (i, &b) in setup.iter().enumerate().take(geometry.len()) {
        let colour = match b % 4 {
            1 => Colour::Black,
            2 => Colour::White,
            _ => continue,
        };
        position.set(i, Cell::Stone(colour));
        if !position.stones_without_liberty(geometry).is_empty() {
            position.set(i, Cell::Empty);
        }
    }
    position
}

/// Play `turns` on every engine configuration; report the first disagreement. With a
/// `control_budget` (nodes per question; 0 = none) compare control at the end too.
pub fn compare_ljr_games(
    geometry: &Geometry,
    start: &LjrStart,
    turns: &[u16],
    params: LjrParams,
    control_budget: u64,
) -> Result<(), String> {
    let engines = all_engines();
    let mut games: Vec<(String, Box<dyn LjrGame>)> = Vec::new();
    for e in &engines {
        match e.ljr().and_then(|q| q.start_turns(geometry, start)) {
            Ok(g) => games.push((e.name(), g)),
            Err(u) => return Err(format!("{} cannot start an LJR game: {u}", e.name())),
        }
    }
    let n = geometry.len();
    for (i, &t) in turns.iter().enumerate() {
        let legal = games[0].1.legal_turns();
        for (name, g) in &games[1..] {
            let other = g.legal_turns();
            if other != legal {
                return Err(format!(
                    "turn {}: legal turns differ: {} {:?} vs {name} {:?}",
                    i + 1,
                    games[0].0,
                    legal,
                    other
                ));
            }
        }
        if games[0].1.is_over() {
            break;
        }
        let turn = if t & 0x8000 != 0 {
            let k = (t & 0x7fff) as usize % (n + 1);
            Turn {
                remove_cycle: None,
                play: (k < n).then_some(k),
            }
        } else if legal.is_empty() {
            Turn::PASS
        } else {
            // Passes end games early: one pick in four may pass, the others take the next
            // turn instead, so that games run into kos, cycles and removals.
            let i = t as usize % legal.len();
            if legal[i].is_pass() && legal.len() > 1 && t & 0x3000 != 0 {
                legal[1 + (t as usize / 7) % (legal.len() - 1)]
            } else {
                legal[i]
            }
        };
        let (head, rest) = games.split_at_mut(1);
        let (first_name, first_game) = &mut head[0];
        let first = first_game.play(turn);
        let situation = first_game.situation();
        let captives = first_game.captives();
        let over = first_game.is_over();
        for (name, g) in rest.iter_mut() {
            let r = g.play(turn);
            if r != first {
                return Err(format!(
                    "turn {} {:?}: {first_name} says {:?}, {name} says {:?}",
                    i + 1,
                    turn,
                    first,
                    r
                ));
            }
            if g.situation() != situation || g.captives() != captives || g.is_over() != over {
                return Err(format!(
                    "turn {} {:?}: the state differs: {first_name} {:?}, captives {:?}, over {over} vs {name} {:?}, captives {:?}, over {}",
                    i + 1,
                    turn,
                    situation,
                    captives,
                    g.situation(),
                    g.captives(),
                    g.is_over()
                ));
            }
        }
    }
    if control_budget == 0 {
        return Ok(());
    }
    // Control of the final position, where both decided.
    let position = games[0].1.position();
    let permanent = games[0].1.situation().permanently_prohibited;
    for method in [ControlMethod::TwoEyeTest, ControlMethod::Dispute] {
        let mut first: Option<(String, [Vec<Option<bool>>; 2])> = None;
        for e in &engines {
            let maps = control_maps(
                e.as_ref(),
                geometry,
                &position,
                &permanent,
                method,
                params,
                control_budget,
            )
            .map_err(|u| u.to_string())?;
            let these = [maps[0].controlled.clone(), maps[1].controlled.clone()];
            match &first {
                None => first = Some((e.name(), these)),
                Some((name, f)) => {
                    for c in 0..2 {
                        for p in geometry.points() {
                            if let (Some(a), Some(b)) = (f[c][p], these[c][p]) {
                                if a != b {
                                    return Err(format!(
                                        "{} control of {} by {}: {name} says {a}, {} says {b} (position {:?}, permanently prohibited {:?})",
                                        method.as_str(),
                                        geometry.name(p),
                                        if c == 0 { "black" } else { "white" },
                                        e.name(),
                                        position.rows(geometry),
                                        permanent
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
