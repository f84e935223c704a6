//! The LJR game of turns ([`LjrGame`]): a situation with its strings, and the hashed
//! history of earlier situations for the cycles (L-3 ... L-13).

use super::board::{Bits, Board};
use super::history::Line;
use super::strings::Stones;
use super::turn::Pos;
use super::LjrSwitches;
use crate::geometry::{Cell, Colour, Position};
use crate::ljr::{LjrGame, LjrStart, Situation, Turn, TurnDone};
use crate::rules::{Illegal, Prisoners};
use std::sync::Arc;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct OptLjrGame {
    board: Arc<Board>,
    pos: Pos,
    line: Line,
    over: bool,
    captives: Prisoners,
}

impl OptLjrGame {
    /// The game at `start`, or why `start` does not fit the board.
    pub fn new(board: Arc<Board>, start: &LjrStart, sw: LjrSwitches) -> Result<Self, String> {
        let n = board.len();
        if start.position.len() != n {
            return Err(format!(
                "a position of {} points on a board of {n}",
                start.position.len()
            ));
        }
        let lists = [&start.initially_prohibited, &start.permanently_prohibited];
        if let Some(&p) = lists.iter().flat_map(|l| l.iter()).find(|&&p| p >= n) {
            return Err(format!("location {p} is not on the board of {n} points"));
        }
        let w = board.words();
        let pick = |c: Colour| {
            Bits::from_points(
                w,
                (0..n).filter(|&p| start.position.get(p) == Cell::Stone(c)),
            )
        };
        let stones = Stones::new(
            &board,
            pick(Colour::Black),
            pick(Colour::White),
            sw.incremental_strings,
        );
        // L-9: only an empty location is prohibited, so an initially prohibited location
        // that holds a stone in a later start is no temporary prohibition.
        let occupied = stones.occupied();
        let temp =
            Bits::from_points(w, start.initially_prohibited.iter().copied()).andnot(&occupied);
        let perm = Bits::from_points(w, start.permanently_prohibited.iter().copied());
        let pos = Pos::new(&board, start.to_move, stones, temp, perm);
        Ok(OptLjrGame {
            board,
            pos,
            line: Line::new(sw.situation_hash),
            over: false,
            captives: start.captives,
        })
    }

    /// The used locations of the disturbing cycle starting at `k`, if there is one (L-7,
    /// L-8).
    fn cycle(&self, k: usize) -> Result<&Bits, Illegal> {
        if self.pos.passes == 1 || k >= self.line.len() {
            return Err(Illegal::NoDisturbingCycle);
        }
        let e = self.line.entry(k);
        if !e.sit.similar_to(&self.pos) {
            return Err(Illegal::NoDisturbingCycle);
        }
        Ok(&e.used)
    }

    fn first(&self) -> bool {
        self.line.is_empty()
    }
}

impl LjrGame for OptLjrGame {
    fn position(&self) -> Position {
        let mut p = Position::empty(self.board.len());
        for q in self.pos.stones.black.iter() {
            p.set(q, Cell::BLACK);
        }
        for q in self.pos.stones.white.iter() {
            p.set(q, Cell::WHITE);
        }
        p
    }
    fn to_move(&self) -> Colour {
        self.pos.to_move
    }
    fn captives(&self) -> Prisoners {
        self.captives
    }
    fn situation(&self) -> Situation {
        self.pos.situation()
    }
    fn turns(&self) -> usize {
        self.line.len()
    }
    fn is_over(&self) -> bool {
        self.over
    }
    fn disturbing_cycles(&self) -> Vec<usize> {
        if self.over || self.pos.passes == 1 {
            return Vec::new();
        }
        self.line.similar(&self.pos)
    }
    fn legality(&self, turn: Turn) -> Result<(), Illegal> {
        if self.over {
            return Err(Illegal::GameOver);
        }
        let b = &*self.board;
        match (turn.remove_cycle, turn.play) {
            (None, None) => Ok(()),
            (Some(k), None) => self.cycle(k).map(|_| ()),
            (None, Some(p)) => self
                .pos
                .judge_play(b, &self.pos.stones, &self.pos.perm, p, self.first())
                .map(|_| ()),
            (Some(k), Some(p)) => {
                let (stones, perm, _) = self.pos.after_removal(b, self.cycle(k)?);
                self.pos
                    .judge_play(b, &stones, &perm, p, self.first())
                    .map(|_| ())
            }
        }
    }
    fn play(&mut self, turn: Turn) -> Result<TurnDone, Illegal> {
        if self.over {
            return Err(Illegal::GameOver);
        }
        let used = match turn.remove_cycle {
            Some(k) => Some(self.cycle(k)?.clone()),
            None => None,
        };
        let (pos, effect) = self
            .pos
            .apply(&self.board, used.as_ref(), turn.play, self.first())?;
        self.line.push(&self.pos, &effect.changed, effect.removal);
        self.pos = pos;
        self.over = effect.ended;
        // L-5: each removed stone is a captive of its owner's opponent.
        self.captives.black += effect.removed_white;
        self.captives.white += effect.removed_black;
        Ok(effect.done)
    }
    fn legal_turns(&self) -> Vec<Turn> {
        if self.over {
            return Vec::new();
        }
        let b = &*self.board;
        let first = self.first();
        let mut out = vec![Turn::PASS];
        let plays = |stones: &Stones, perm: &Bits, out: &mut Vec<Turn>, k: Option<usize>| {
            for p in 0..b.len() {
                if self.pos.judge_play(b, stones, perm, p, first).is_ok() {
                    out.push(Turn {
                        remove_cycle: k,
                        play: Some(p),
                    });
                }
            }
        };
        plays(&self.pos.stones, &self.pos.perm, &mut out, None);
        for k in self.disturbing_cycles() {
            out.push(Turn {
                remove_cycle: Some(k),
                play: None,
            });
            let (stones, perm, _) = self.pos.after_removal(b, &self.line.entry(k).used);
            plays(&stones, &perm, &mut out, Some(k));
        }
        out
    }
    fn fork(&self) -> Box<dyn LjrGame> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Geometry, Point};
    use crate::parse::diagram::parse_position;

    /// Every combination of the switches that touch the game of turns.
    fn configs() -> Vec<LjrSwitches> {
        let mut v = Vec::new();
        for hash in [true, false] {
            for inc in [true, false] {
                v.push(LjrSwitches {
                    situation_hash: hash,
                    incremental_strings: inc,
                    ..LjrSwitches::ALL_ON
                });
            }
        }
        v
    }

    fn game(g: &Geometry, start: &LjrStart, sw: LjrSwitches) -> OptLjrGame {
        OptLjrGame::new(Arc::new(Board::from_geometry(g)), start, sw).expect("a start")
    }

    fn from_diagram(d: &str, to_move: Colour) -> (Geometry, LjrStart) {
        let (g, position) = parse_position(d).expect("a diagram");
        let start = LjrStart {
            position,
            to_move,
            ..LjrStart::empty(&g)
        };
        (g, start)
    }

    fn at(g: &Geometry, s: &str) -> Point {
        g.parse_gtp(s).expect("a point")
    }

    /// The hash kept turn by turn equals the hash computed from scratch.
    fn hash_ok(gm: &OptLjrGame) -> bool {
        gm.pos.hash == gm.pos.full_hash(&gm.board)
    }

    #[test]
    fn ko_capture_bans_the_retake_for_one_turn_and_needs_three_passes() {
        // A4 B4 C4 D4 / A3 ... : Black captures the white stone on B2... (see diagram)
        let d = ". # O .\n# O . O\n. # O .";
        for sw in configs() {
            let (g, start) = from_diagram(d, Colour::Black);
            let mut gm = game(&g, &start, sw);
            let (ko, retake) = (at(&g, "C2"), at(&g, "B2"));
            let done = gm.play(Turn::play(ko)).expect("the ko capture");
            assert!(done.ko_capture);
            assert_eq!(done.captured, vec![retake]);
            let s = gm.situation();
            assert_eq!(s.temporarily_prohibited, vec![retake]);
            assert_eq!(s.passes_needed, 3);
            // L-9.3: the immediate retake is banned; the position stays as it was.
            assert_eq!(gm.legality(Turn::play(retake)), Err(Illegal::BasicKo));
            assert_eq!(gm.play(Turn::play(retake)), Err(Illegal::BasicKo));
            assert_eq!(gm.turns(), 1);
            assert!(!gm.legal_turns().contains(&Turn::play(retake)));
            // A pass under the ban does not start the ending: three passes in a row.
            gm.play(Turn::PASS).expect("pass");
            assert_eq!(gm.situation().passes_needed, 2);
            assert!(gm.situation().temporarily_prohibited.is_empty());
            gm.play(Turn::PASS).expect("pass");
            assert_eq!(gm.situation().passes_needed, 1);
            assert!(!gm.is_over());
            // Now White may retake (the ban lasted one turn), but passes instead: the end.
            assert_eq!(gm.legality(Turn::play(retake)), Ok(()));
            gm.play(Turn::PASS).expect("pass");
            assert!(gm.is_over());
            assert_eq!(gm.play(Turn::PASS), Err(Illegal::GameOver));
            assert!(gm.legal_turns().is_empty());
            assert!(hash_ok(&gm));
        }
    }

    #[test]
    fn the_retake_after_an_intervening_turn_is_a_ko_capture_again() {
        let d = ". # O .\n# O . O\n. # O .";
        for sw in configs() {
            let (g, start) = from_diagram(d, Colour::Black);
            let mut gm = game(&g, &start, sw);
            let (ko, retake) = (at(&g, "C2"), at(&g, "B2"));
            gm.play(Turn::play(ko)).expect("ko capture");
            gm.play(Turn::play(at(&g, "D1"))).expect("White elsewhere");
            assert_eq!(gm.situation().passes_needed, 2);
            gm.play(Turn::play(at(&g, "A1"))).expect("Black elsewhere");
            let done = gm.play(Turn::play(retake)).expect("the retake");
            assert!(done.ko_capture);
            assert_eq!(done.captured, vec![ko]);
            assert_eq!(gm.situation().temporarily_prohibited, vec![ko]);
            assert_eq!(gm.captives(), Prisoners { black: 1, white: 1 });
            assert!(hash_ok(&gm));
        }
    }

    #[test]
    fn a_capture_of_two_stones_is_no_ko_capture() {
        // White's two stones B2, B1 have one liberty, C2... Black C2 captures both.
        let d = "# # . .\n# O . .\n# O # .\n. # . .";
        for sw in configs() {
            let (g, start) = from_diagram(d, Colour::Black);
            let mut gm = game(&g, &start, sw);
            let done = gm.play(Turn::play(at(&g, "C3"))).expect("capture");
            assert_eq!(done.captured.len(), 2);
            assert!(!done.ko_capture);
            assert_eq!(gm.situation().passes_needed, 2);
        }
    }

    #[test]
    fn prohibitions_are_reported_in_the_order_of_l9() {
        // 1x4: p0 p1 p2 p3, a white stone on p3.
        let g = Geometry::graph(4, &[(0, 1), (1, 2), (2, 3)]).expect("a graph");
        for sw in configs() {
            let mut position = crate::geometry::Position::empty(4);
            position.set(3, Cell::WHITE);
            let start = LjrStart {
                position,
                to_move: Colour::Black,
                initially_prohibited: vec![0, 1],
                permanently_prohibited: vec![0, 2],
                captives: Prisoners::default(),
            };
            let mut gm = game(&g, &start, sw);
            assert_eq!(gm.situation().passes_needed, 3);
            assert_eq!(gm.legality(Turn::play(3)), Err(Illegal::Occupied));
            // p0 is both permanently and initially prohibited: permanent is reported.
            assert_eq!(
                gm.legality(Turn::play(0)),
                Err(Illegal::PermanentlyProhibited)
            );
            assert_eq!(
                gm.legality(Turn::play(1)),
                Err(Illegal::InitiallyProhibited)
            );
            assert_eq!(gm.legality(Turn::play(7)), Err(Illegal::Occupied));
            assert_eq!(
                gm.legality(Turn {
                    remove_cycle: Some(0),
                    play: None
                }),
                Err(Illegal::NoDisturbingCycle)
            );
            gm.play(Turn::PASS).expect("pass");
            // After a turn, p1 is free; its liberties p0, p2 are both permanently
            // prohibited: pseudo-suicide (L-11).
            assert_eq!(gm.situation().passes_needed, 2);
            assert_eq!(gm.legality(Turn::play(1)), Err(Illegal::PseudoSuicide));
            assert_eq!(gm.legal_turns(), vec![Turn::PASS]);
        }
    }

    #[test]
    fn an_occupied_initially_prohibited_location_is_no_temporary_prohibition() {
        // L-9: only empty locations are prohibited. 1x3, a black stone on A1 which the start
        // also names initially prohibited, with B1: only B1 is temporarily prohibited.
        let g = Geometry::rect(3, 1).expect("a board");
        let mut position = crate::geometry::Position::empty(3);
        position.set(0, Cell::BLACK);
        let start = LjrStart {
            position,
            to_move: Colour::White,
            initially_prohibited: vec![0, 1],
            ..LjrStart::empty(&g)
        };
        for sw in configs() {
            let gm = game(&g, &start, sw);
            assert_eq!(gm.situation().temporarily_prohibited, vec![1]);
            assert_eq!(gm.situation().passes_needed, 3);
            let only_occupied = LjrStart {
                initially_prohibited: vec![0],
                ..start.clone()
            };
            let gm = game(&g, &only_occupied, sw);
            assert!(gm.situation().temporarily_prohibited.is_empty());
            assert_eq!(gm.situation().passes_needed, 2);
        }
    }

    #[test]
    fn suicide_and_pseudo_suicide_that_captures_is_legal() {
        // p0 - p1 - p2, p2 - p3: a white stone on p0; p2 permanently prohibited.
        let g = Geometry::graph(4, &[(0, 1), (1, 2), (2, 3)]).expect("a graph");
        for sw in configs() {
            let mut position = crate::geometry::Position::empty(4);
            position.set(0, Cell::WHITE);
            position.set(3, Cell::BLACK);
            let start = LjrStart {
                position,
                to_move: Colour::White,
                permanently_prohibited: vec![2],
                ..LjrStart::empty(&g)
            };
            let mut gm = game(&g, &start, sw);
            // White p1: its only liberty p2 is permanently prohibited: pseudo-suicide.
            assert_eq!(gm.legality(Turn::play(1)), Err(Illegal::PseudoSuicide));
            gm.play(Turn::PASS).expect("pass");
            // Black p1 captures p0 (the captured stone's place is a liberty): legal.
            let done = gm.play(Turn::play(1)).expect("capture");
            assert_eq!(done.captured, vec![0]);
            // White p0 now: no liberty, captures nothing: suicide.
            assert_eq!(gm.legality(Turn::play(0)), Err(Illegal::Suicide));
        }
    }

    /// Two kos on a graph: ko A (a1 = p0, a2 = p1; black stone p2 next to p0, white p3
    /// next to p1, each with a spare liberty p4, p5) and ko B (p6 ... p11, the same).
    fn double_ko() -> (Geometry, LjrStart) {
        let edges: Vec<(usize, usize)> = [(0, 1), (0, 2), (1, 3), (2, 4), (3, 5)]
            .iter()
            .flat_map(|&(a, b)| [(a, b), (a + 6, b + 6)])
            .collect();
        let g = Geometry::graph(12, &edges).expect("a graph");
        let mut position = crate::geometry::Position::empty(12);
        // Ko A held by White (white p0), ko B held by Black (black p7).
        for p in [2, 8, 7] {
            position.set(p, Cell::BLACK);
        }
        for p in [3, 9, 0] {
            position.set(p, Cell::WHITE);
        }
        let start = LjrStart {
            position,
            ..LjrStart::empty(&g)
        };
        (g, start)
    }

    #[test]
    fn a_double_ko_cycle_is_removed_with_stones_of_both_colours() {
        for sw in configs() {
            let (g, start) = double_ko();
            let mut gm = game(&g, &start, sw);
            let first = gm.situation();
            for t in [
                Turn::play(1), // B takes ko A
                Turn::play(6), // W takes ko B
                Turn::PASS,    // B may not retake B (banned)
                Turn::play(0), // W retakes ko A
                Turn::play(7), // B retakes ko B
                Turn::PASS,    // W may not retake A
            ] {
                assert!(gm.disturbing_cycles().is_empty());
                let done = gm.play(t).expect("legal");
                assert_eq!(done.ko_capture, t.play.is_some());
            }
            assert_eq!(gm.situation(), first);
            assert_eq!(gm.disturbing_cycles(), vec![0]);
            let removal = Turn {
                remove_cycle: Some(0),
                play: None,
            };
            let turns = gm.legal_turns();
            assert!(turns.contains(&removal));
            assert!(turns.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(
                gm.legality(Turn {
                    remove_cycle: Some(1),
                    play: None
                }),
                Err(Illegal::NoDisturbingCycle)
            );
            // After the removal p0, p1 are permanently prohibited: no play there with it.
            assert_eq!(
                gm.legality(Turn {
                    remove_cycle: Some(0),
                    play: Some(1)
                }),
                Err(Illegal::PermanentlyProhibited)
            );
            let before = gm.captives();
            let done = gm.play(removal).expect("the removal");
            assert_eq!(done.cycle_removed, vec![0, 7]);
            let after = gm.captives();
            assert_eq!(after.black, before.black + 1);
            assert_eq!(after.white, before.white + 1);
            let s = gm.situation();
            assert_eq!(s.permanently_prohibited, vec![0, 1, 6, 7]);
            assert_eq!(s.black, vec![2, 8]);
            assert_eq!(s.white, vec![3, 9]);
            // A removal is not a pass (LL-1).
            assert_eq!(s.passes_needed, 2);
            assert!(hash_ok(&gm));
            assert!(gm.disturbing_cycles().is_empty());
        }
    }

    #[test]
    fn a_cycle_whose_end_allows_the_ending_pass_is_not_disturbing() {
        // Ko A only: W pass (clean: Black to move, 1 pass needed), B takes, W pass (ban),
        // B pass (clean), W retakes, B pass (ban), W pass (clean): Black to move, 1 needed,
        // the same stones as after the first pass.
        for sw in configs() {
            let (g, mut start) = double_ko();
            start.to_move = Colour::White;
            let mut gm = game(&g, &start, sw);
            gm.play(Turn::PASS).expect("pass");
            let after_first_pass = gm.situation();
            assert_eq!(after_first_pass.passes_needed, 1);
            for t in [
                Turn::play(1),
                Turn::PASS,
                Turn::PASS,
                Turn::play(0),
                Turn::PASS,
                Turn::PASS,
            ] {
                gm.play(t).expect("legal");
            }
            assert_eq!(gm.situation(), after_first_pass);
            // A cycle, but a pass now would end the game: not disturbing (L-8).
            assert!(gm.disturbing_cycles().is_empty());
            assert_eq!(
                gm.legality(Turn {
                    remove_cycle: Some(1),
                    play: None
                }),
                Err(Illegal::NoDisturbingCycle)
            );
            assert_eq!(gm.legal_turns()[0], Turn::PASS);
            assert!(gm.legal_turns().iter().all(|t| t.remove_cycle.is_none()));
        }
    }

    #[test]
    fn odd_boards_do_not_panic() {
        let g = Geometry::rect(1, 1).expect("a board");
        for sw in configs() {
            let mut gm = game(&g, &LjrStart::empty(&g), sw);
            // A stone without neighbours has no liberty: suicide.
            assert_eq!(gm.legality(Turn::play(0)), Err(Illegal::Suicide));
            assert_eq!(gm.legality(Turn::play(5)), Err(Illegal::Occupied));
            assert_eq!(
                gm.legality(Turn {
                    remove_cycle: Some(usize::MAX),
                    play: Some(usize::MAX)
                }),
                Err(Illegal::NoDisturbingCycle)
            );
            assert_eq!(gm.legal_turns(), vec![Turn::PASS]);
            gm.play(Turn::PASS).expect("pass");
            gm.play(Turn::PASS).expect("pass");
            assert!(gm.is_over());
        }
        let g = Geometry::graph(3, &[]).expect("isolated points");
        let mut start = LjrStart::empty(&g);
        start.position.set(1, Cell::WHITE); // a stone without liberties from the start
        for sw in configs() {
            let mut gm = game(&g, &start, sw);
            // Literally (L-10) not suicide: an opposing stone is without liberties; the play
            // removes it (L-6) and, two stones of two colours lacking liberties, is a ko
            // capture (L-12).
            assert_eq!(
                gm.legal_turns(),
                vec![Turn::PASS, Turn::play(0), Turn::play(2)]
            );
            let done = gm.play(Turn::play(0)).expect("legal");
            assert_eq!(done.captured, vec![1]);
            assert!(done.ko_capture);
            assert_eq!(gm.situation().black, vec![0]);
        }
        // Two stones without liberties from the start (white p0, black p3, isolated); Black
        // plays p1 (next to the empty p2): the capture of p0 is no ko capture, the two
        // stones without liberties are not the new stone and an opposing one (spec L-12).
        let g4 = Geometry::graph(4, &[(1, 2)]).expect("a graph");
        let mut p4 = crate::geometry::Position::empty(4);
        p4.set(0, Cell::WHITE);
        p4.set(3, Cell::BLACK);
        let s4 = LjrStart {
            position: p4,
            ..LjrStart::empty(&g4)
        };
        for sw in configs() {
            let mut gm = game(&g4, &s4, sw);
            let done = gm.play(Turn::play(1)).expect("legal");
            assert_eq!(done.captured, vec![0]);
            assert!(!done.ko_capture);
            assert!(gm.situation().temporarily_prohibited.is_empty());
        }
        let bad = LjrStart {
            initially_prohibited: vec![3],
            ..start.clone()
        };
        let board = Arc::new(Board::from_geometry(&g));
        assert!(OptLjrGame::new(board.clone(), &bad, LjrSwitches::ALL_ON).is_err());
        let short = LjrStart {
            position: crate::geometry::Position::empty(2),
            ..start
        };
        assert!(OptLjrGame::new(board, &short, LjrSwitches::ALL_ON).is_err());
    }
}
