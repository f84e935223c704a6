use super::*;
use crate::geometry::Position;
use crate::ljr::{LjrGame, LjrParams, TestProhibitions};
use crate::parse::diagram::parse_position;

/// All switches on, then each one off.
fn configs() -> Vec<(&'static str, LjrSwitches)> {
    let on = LjrSwitches::ALL_ON;
    vec![
        ("all on", on),
        (
            "no situation hash",
            LjrSwitches {
                situation_hash: false,
                ..on
            },
        ),
        (
            "no incremental strings",
            LjrSwitches {
                incremental_strings: false,
                ..on
            },
        ),
        (
            "no transposition",
            LjrSwitches {
                transposition: false,
                ..on
            },
        ),
        (
            "no set sharing",
            LjrSwitches {
                set_sharing: false,
                ..on
            },
        ),
        (
            "no formation cut",
            LjrSwitches {
                formation_cut: false,
                ..on
            },
        ),
    ]
}

fn query(
    position: &Position,
    player: Colour,
    method: ControlMethod,
    params: LjrParams,
) -> ControlQuery {
    ControlQuery {
        position: position.clone(),
        permanently_prohibited: Vec::new(),
        player,
        method,
        params,
        budget: 2_000_000,
    }
}

/// The controlled locations, the same under every switch configuration (those named
/// in `may_run_out` may leave locations undetermined within the budget, but never
/// contradict).
fn controlled_but(g: &Geometry, q: &ControlQuery, may_run_out: &[&str]) -> Vec<Point> {
    let mut first: Option<ControlAnswer> = None;
    for (name, sw) in configs() {
        let mut q = q.clone();
        if may_run_out.contains(&name) {
            q.budget = 20_000;
        }
        let a = control(g, &q, sw).expect("an answer");
        if !may_run_out.contains(&name) {
            assert!(a.is_decided(), "{name}: undecided {:?}", a.controlled);
        }
        if let Some(f) = &first {
            for (x, c) in a.controlled.iter().enumerate() {
                assert!(c.is_none() || *c == f.controlled[x], "{name}: location {x}");
            }
            // These switches change no node count, so the same sets prove first.
            let same_counts = [
                "no situation hash",
                "no incremental strings",
                "no set sharing",
            ];
            if a.is_decided() && same_counts.contains(&name) {
                let sets =
                    |a: &ControlAnswer| a.proofs.iter().map(|p| p.set.clone()).collect::<Vec<_>>();
                assert_eq!(sets(&a), sets(f), "{name}");
            }
        } else {
            first = Some(a);
        }
    }
    let a = first.expect("an answer");
    // A proof proves some of its locations (all of them for the two-eye test).
    for p in &a.proofs {
        match q.method {
            ControlMethod::TwoEyeTest => {
                assert!(p.set.iter().all(|&x| a.controlled[x] == Some(true)))
            }
            ControlMethod::Dispute => {
                assert!(p.set.iter().any(|&x| a.controlled[x] == Some(true)))
            }
        }
    }
    (0..a.controlled.len())
        .filter(|&x| a.controlled[x] == Some(true))
        .collect()
}

fn controlled(g: &Geometry, q: &ControlQuery) -> Vec<Point> {
    controlled_but(g, q, &[])
}

fn two_eye(d: &str, player: Colour) -> Vec<Point> {
    let (g, position) = parse_position(d).expect("a diagram");
    controlled(
        &g,
        &query(
            &position,
            player,
            ControlMethod::TwoEyeTest,
            LjrParams::default(),
        ),
    )
}

#[test]
fn a_living_group_controls_the_board() {
    // 5x2: Black's string with three single eyes.
    let d = ". # . # .\n# # # # #";
    assert_eq!(two_eye(d, Colour::Black), (0..10).collect::<Vec<_>>());
    assert_eq!(two_eye(d, Colour::White), Vec::<Point>::new());
}

#[test]
fn a_one_eye_group_controls_nothing() {
    // 6x2: Black's three stones have one eye (A2) and no other liberty; White lives
    // with two eyes (D2, F2).
    let d = ". # O . O .\n# # O O O O";
    assert_eq!(two_eye(d, Colour::Black), Vec::<Point>::new());
    assert_eq!(two_eye(d, Colour::White), (0..12).collect::<Vec<_>>());
}

#[test]
fn a_seki_is_controlled_by_neither() {
    // A seki on the 4-cycle p0 (black) - p1 - p2 (white) - p3 - p0, and beside it a
    // living black stone p5 with eyes p4, p6 and a living white stone p8 with eyes p7,
    // p9 (each on a path of its own).
    let g = Geometry::graph(
        10,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (4, 5),
            (5, 6),
            (7, 8),
            (8, 9),
        ],
    )
    .expect("a graph");
    let mut position = Position::empty(10);
    position.set(0, Cell::BLACK);
    position.set(5, Cell::BLACK);
    position.set(2, Cell::WHITE);
    position.set(8, Cell::WHITE);
    let params = LjrParams::default();
    let black = query(&position, Colour::Black, ControlMethod::TwoEyeTest, params);
    assert_eq!(controlled(&g, &black), vec![4, 5, 6]);
    let white = query(&position, Colour::White, ControlMethod::TwoEyeTest, params);
    assert_eq!(controlled(&g, &white), vec![7, 8, 9]);
}

/// 10x2: Black has one eye (A2) and a two-point eye space (C2, D2) he can always
/// divide; White lives with two eyes (G2, J2).
const MIAI: &str = ". # . . # O . O . O\n# # # # # O O O O O";

fn miai(player: Colour, method: ControlMethod, edge: DisputeEdge) -> Vec<Point> {
    let (g, position) = parse_position(MIAI).expect("a diagram");
    let params = LjrParams {
        dispute_edge: edge,
        ..LjrParams::default()
    };
    // Without the formation cut, White's test on the board less his eyes is a long
    // game: he would have to kill Black, who can always live.
    controlled_but(
        &g,
        &query(&position, player, method, params),
        &["no formation cut"],
    )
}

#[test]
fn the_literal_dispute_edge_lets_the_refuter_win_by_playing_a_new_location() {
    let black_area: Vec<Point> = vec![0, 1, 2, 3, 4, 10, 11, 12, 13, 14];
    let white_area: Vec<Point> = vec![5, 6, 7, 8, 9, 15, 16, 17, 18, 19];
    let (two_eye, dispute) = (ControlMethod::TwoEyeTest, ControlMethod::Dispute);
    // L-14: Black divides the eye space whatever White does.
    assert_eq!(
        miai(Colour::Black, two_eye, DisputeEdge::Literal),
        black_area
    );
    assert_eq!(
        miai(Colour::White, two_eye, DisputeEdge::Literal),
        white_area
    );
    // LP-2 literal: every set Black may form is a proper subset without the formation
    // at the start (White's living group spoils the whole board): White plays e1 at
    // once and wins (L-17 (1)).
    assert_eq!(
        miai(Colour::Black, dispute, DisputeEdge::Literal),
        Vec::<Point>::new()
    );
    // White's formation stands at the start: (4) before any turn.
    assert_eq!(
        miai(Colour::White, dispute, DisputeEdge::Literal),
        white_area
    );
    // LP-2 inside: only plays on the set's inner border end the dispute; Black wins.
    assert_eq!(
        miai(Colour::Black, dispute, DisputeEdge::Inside),
        black_area
    );
}

/// A literal model of the test game and the dispute, for the differential test below:
/// plain recursion over the game of turns ([`super::super::game::OptLjrGame`], checked
/// by its own tests), situations and used sets recomputed from the positions.
mod literal {
    use super::*;
    use crate::ljr::{LjrStart, Situation};
    use crate::optimized::ljr::game::OptLjrGame;
    use std::collections::BTreeSet;
    use std::sync::Arc;

    pub struct Test {
        pub g: Geometry,
        pub set: Vec<bool>,
        pub player: Colour,
        /// `Some(edge locations)` for a dispute.
        pub edge: Option<Vec<bool>>,
        pub nodes: u64,
        pub cap: u64,
    }

    /// The transformed board and its first position (L-14), literally.
    #[allow(clippy::needless_range_loop)]
    pub fn transform(
        g: &Geometry,
        position: &Position,
        set: &[bool],
        player: Colour,
    ) -> (Geometry, Position) {
        let n = g.len();
        let mut edges = Vec::new();
        for p in 0..n {
            for &q in g.neighbours(p) {
                if p < q {
                    edges.push((p, q));
                }
            }
            if !set[p] {
                edges.push((p, n));
                edges.push((p, n + 1));
            }
        }
        let t = Geometry::graph(n + 2, &edges).expect("a graph");
        let mut pos = Position::empty(n + 2);
        for p in 0..n {
            pos.set(
                p,
                if set[p] {
                    position.get(p)
                } else {
                    Cell::Stone(player.opponent())
                },
            );
        }
        for p in pos.stones_without_liberty(&t) {
            pos.set(p, Cell::Empty);
        }
        (t, pos)
    }

    /// L-16 word by word.
    pub fn formation(g: &Geometry, pos: &Position, set: &[bool], who: Colour) -> bool {
        let inside = |p: usize| set.get(p).copied().unwrap_or(false);
        let pts: Vec<usize> = (0..g.len()).filter(|&p| inside(p)).collect();
        if pts.is_empty() {
            return false;
        }
        if pts
            .iter()
            .any(|&p| pos.get(p) == Cell::Stone(who.opponent()))
        {
            return false;
        }
        for p in 0..g.len() {
            let out_nb = g.neighbours(p).iter().any(|&q| !inside(q));
            let in_nb = g.neighbours(p).iter().any(|&q| inside(q));
            if inside(p) && out_nb && pos.get(p) != Cell::Stone(who) {
                return false;
            }
            if !inside(p) && in_nb && pos.get(p) == Cell::Stone(who) {
                return false;
            }
        }
        for &p in &pts {
            if g.neighbours(p).is_empty() {
                return false;
            }
            if pos.get(p) == Cell::Empty
                && g.neighbours(p).iter().any(|&q| pos.get(q) == Cell::Empty)
            {
                return false;
            }
            if pos.get(p) == Cell::Stone(who) {
                // L-13: contact through locations of the same content.
                let mut seen = vec![p];
                let mut i = 0;
                let mut libs = BTreeSet::new();
                while i < seen.len() {
                    for &q in g.neighbours(seen[i]) {
                        if pos.get(q) == pos.get(p) && !seen.contains(&q) {
                            seen.push(q);
                        }
                        if pos.get(q) == Cell::Empty && inside(q) {
                            libs.insert(q);
                        }
                    }
                    i += 1;
                }
                if libs.len() < 2 {
                    return false;
                }
            }
        }
        true
    }

    /// The largest formation meets the set? (condition (2) of L-17, by trying every
    /// set of locations: a formation meeting S exists iff one of them is one).
    fn refuter_formation_meets(g: &Geometry, pos: &Position, set: &[bool], who: Colour) -> bool {
        let n = g.len();
        (1u64..(1 << n)).any(|m| {
            let t: Vec<bool> = (0..n).map(|p| m >> p & 1 == 1).collect();
            (0..set.len()).any(|p| set[p] && t[p]) && formation(g, pos, &t, who)
        })
    }

    type Future = (Situation, BTreeSet<(Situation, Vec<usize>)>);

    fn changes(a: &Position, b: &Position) -> Vec<usize> {
        (0..a.len()).filter(|&p| a.get(p) != b.get(p)).collect()
    }

    impl Test {
        pub fn start(&self, pos: Position) -> OptLjrGame {
            let start = LjrStart {
                position: pos,
                to_move: self.player.opponent(),
                ..LjrStart::empty(&self.g)
            };
            let board = Arc::new(Board::from_geometry(&self.g));
            OptLjrGame::new(board, &start, LjrSwitches::ALL_ON).expect("a start")
        }

        /// Whether P wins from `game` (`None`: too many nodes). `hist`: earlier
        /// (situation, position, whether the turn made there removed a cycle).
        pub fn wins(
            &mut self,
            game: &OptLjrGame,
            hist: &mut Vec<(Situation, Position, bool)>,
            path: &mut Vec<Future>,
            last: Option<usize>,
        ) -> Option<bool> {
            let pos = game.position();
            let sit = game.situation();
            if let Some(edge) = &self.edge {
                // LC-10: (1), (2), (3), (4).
                if let Some(p) = last {
                    if game.to_move() == self.player && edge[p] {
                        return Some(false);
                    }
                }
                if refuter_formation_meets(&self.g, &pos, &self.set, self.player.opponent()) {
                    return Some(false);
                }
                if hist.iter().any(|(s, _, _)| *s == sit) {
                    return Some(false);
                }
                if formation(&self.g, &pos, &self.set, self.player) {
                    return Some(true);
                }
            } else {
                if formation(&self.g, &pos, &self.set, self.player) {
                    return Some(true);
                }
            }
            if game.is_over() {
                return Some(false);
            }
            let mut fut = None;
            if self.edge.is_none() {
                let since = hist.iter().rposition(|h| h.2).map_or(0, |k| k + 1);
                let mut pairs = BTreeSet::new();
                for k in since..hist.len() {
                    let mut used = BTreeSet::new();
                    for j in k..hist.len() {
                        let next = if j + 1 < hist.len() {
                            &hist[j + 1].1
                        } else {
                            &pos
                        };
                        used.extend(changes(&hist[j].1, next));
                    }
                    pairs.insert((hist[k].0.clone(), used.into_iter().collect()));
                }
                let f = (sit.clone(), pairs);
                if path.contains(&f) {
                    return Some(false);
                }
                fut = Some(f);
            }
            self.nodes += 1;
            if self.nodes > self.cap {
                return None;
            }
            let is_p = game.to_move() == self.player;
            if let Some(f) = fut.clone() {
                path.push(f);
            }
            let mut result = !is_p;
            for t in game.legal_turns() {
                let mut child = game.clone();
                let done = child.play(t).expect("a legal turn");
                let _ = done;
                hist.push((sit.clone(), pos.clone(), t.remove_cycle.is_some()));
                let v = self.wins(&child, hist, path, t.play);
                hist.pop();
                let v = v?;
                if v == is_p {
                    result = is_p;
                    break;
                }
            }
            if fut.is_some() {
                path.pop();
            }
            Some(result)
        }
    }
}

fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

/// The search agrees with the literal model on every bordered set of small random
/// positions, for the test game and both dispute readings.
#[test]
fn the_search_agrees_with_a_literal_model_on_small_boards() {
    let mut seed = 12345u64;
    let mut compared = 0;
    let mut wins = 0;
    let mut skipped = 0;
    for case in 0..100 {
        let g = if case % 2 == 0 {
            Geometry::rect(2 + (case / 2) % 2, 2).expect("a board")
        } else {
            // A random tree of 4 or 5 points (leaves make eyes), sometimes with one
            // more edge.
            let n = 4 + (lcg(&mut seed) % 2) as usize;
            let mut edges: Vec<(usize, usize)> = (1..n)
                .map(|b| ((lcg(&mut seed) % b as u64) as usize, b))
                .collect();
            if lcg(&mut seed).is_multiple_of(2) {
                let a = (lcg(&mut seed) % n as u64) as usize;
                let b = (lcg(&mut seed) % n as u64) as usize;
                if a != b {
                    edges.push((a, b));
                }
            }
            Geometry::graph(n, &edges).expect("a graph")
        };
        let n = g.len();
        let mut position = Position::empty(n);
        for p in 0..n {
            match lcg(&mut seed) % 5 {
                0 | 1 => position.set(p, Cell::BLACK),
                2 => position.set(p, Cell::WHITE),
                _ => {}
            }
        }
        let player = if lcg(&mut seed).is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        };
        for method in [
            (ControlMethod::TwoEyeTest, DisputeEdge::Literal),
            (ControlMethod::Dispute, DisputeEdge::Literal),
            (ControlMethod::Dispute, DisputeEdge::Inside),
        ] {
            let params = LjrParams {
                dispute_edge: method.1,
                ..LjrParams::default()
            };
            let q = query(&position, player, method.0, params);
            let w = Board::from_geometry(&g).words();
            let pick = |c: Colour| {
                Bits::from_points(w, (0..n).filter(|&p| position.get(p) == Cell::Stone(c)))
            };
            let question = Question {
                board: Board::from_geometry(&g),
                black: pick(Colour::Black),
                white: pick(Colour::White),
                perm: Bits::new(w),
                query: &q,
                sw: LjrSwitches::ALL_ON,
            };
            for m in 1u64..(1 << n) {
                let set: Vec<bool> = (0..n).map(|p| m >> p & 1 == 1).collect();
                let own = pick(player);
                let bordered = (0..n).all(|p| {
                    let out_nb = g.neighbours(p).iter().any(|&q| !set[q]);
                    let in_nb = g.neighbours(p).iter().any(|&q| set[q]);
                    if set[p] {
                        !out_nb || own.get(p)
                    } else {
                        !in_nb || !own.get(p)
                    }
                });
                if !bordered {
                    continue;
                }
                let (t, pos) = literal::transform(&g, &position, &set, player);
                let mut tset = set.clone();
                tset.extend([false, false]);
                let edge = (method.0 == ControlMethod::Dispute).then(|| {
                    (0..n + 2)
                        .map(|p| match method.1 {
                            DisputeEdge::Literal => t.neighbours(p).iter().any(|&q| !tset[q]),
                            DisputeEdge::Inside => {
                                tset[p] && t.neighbours(p).iter().any(|&q| !tset[q])
                            }
                        })
                        .collect()
                });
                let mut lit = literal::Test {
                    g: t.clone(),
                    set: tset.clone(),
                    player,
                    edge,
                    nodes: 0,
                    cap: 3000,
                };
                let game = lit.start(pos.clone());
                let Some(expected) = lit.wins(&game, &mut Vec::new(), &mut Vec::new(), None) else {
                    skipped += 1;
                    continue;
                };
                wins += expected as usize;
                let bits = Bits::from_points(w, (0..n).filter(|&p| set[p]));
                for (name, sw) in configs() {
                    let question = Question {
                        sw,
                        ..question.clone()
                    };
                    let mut budget = Budget {
                        left: 1_000_000,
                        explored: 0,
                    };
                    let got = match question.test(&bits, &mut budget) {
                        SetResult::Win(line) => {
                            // The line is legal and ends in the formation.
                            let mut gm = lit.start(pos.clone());
                            for turn in &line {
                                gm.play(*turn).expect("a legal turn of the line");
                            }
                            assert!(literal::formation(&t, &gm.position(), &tset, player));
                            true
                        }
                        SetResult::Loss => false,
                        SetResult::Out => panic!("{name}: out of budget"),
                    };
                    assert_eq!(
                        got,
                        expected,
                        "{name}: case {case} {method:?} set {:?} player {player:?}\n{}",
                        bits.to_vec(),
                        position.diagram(&g)
                    );
                }
                compared += 1;
            }
        }
    }
    eprintln!("compared {compared} sets, {wins} won, {skipped} too big");
    assert!(compared > 100, "compared only {compared} sets");
}

/// L-17: the prover's set is his smallest bordered set containing the disputed
/// location plus smallest bordered sets of empty locations. Black's string (one
/// liberty, E1) holds two white stones without liberties (A2, C2; the test board
/// removes them). For A2 Black may form A2 + string + E1: the formation stands at the
/// start. For E1 he may only form E1 + string (C2 and A2 hold no empty location):
/// one eye, and White plays e1. So by dispute Black controls A2 and C2 only.
#[test]
fn a_dispute_set_must_be_formed_from_the_disputed_location() {
    let (g, position) = parse_position("O # O # .\n# # # # #").expect("a diagram");
    let params = LjrParams::default();
    let two_eye = query(&position, Colour::Black, ControlMethod::TwoEyeTest, params);
    assert_eq!(controlled(&g, &two_eye), (0..10).collect::<Vec<_>>());
    let dispute = query(&position, Colour::Black, ControlMethod::Dispute, params);
    assert_eq!(controlled(&g, &dispute), vec![0, 2]);
}

/// No input makes the engine panic: a board of one point, a full board, isolated
/// points, a budget of nothing, a position of the wrong size.
#[test]
fn odd_boards_and_budgets_are_answered() {
    let boards = [
        Geometry::rect(1, 1).expect("a board"),
        Geometry::graph(3, &[]).expect("three isolated points"),
        Geometry::graph(4, &[(0, 1)]).expect("a graph"),
        Geometry::rect(2, 1).expect("a board"),
    ];
    for g in &boards {
        let n = g.len();
        let fills = [
            Position::empty(n),
            Position(vec![Cell::BLACK; n]),
            Position(
                (0..n)
                    .map(|p| if p % 2 == 0 { Cell::BLACK } else { Cell::WHITE })
                    .collect(),
            ),
        ];
        for position in &fills {
            for player in [Colour::Black, Colour::White] {
                for method in [ControlMethod::TwoEyeTest, ControlMethod::Dispute] {
                    for budget in [0, 50, 100_000] {
                        let mut q = query(position, player, method, LjrParams::default());
                        q.budget = budget;
                        q.permanently_prohibited = vec![0];
                        for (_, sw) in configs() {
                            let a = control(g, &q, sw).expect("an answer");
                            assert_eq!(a.controlled.len(), n);
                            assert!(a.explored <= budget);
                            if budget == 0 {
                                assert!(a.controlled.iter().all(Option::is_none));
                            }
                        }
                    }
                }
            }
        }
    }
    // An isolated point can never be in a formation (L-16.4).
    let g = Geometry::graph(3, &[]).expect("isolated points");
    let q = query(
        &Position::empty(3),
        Colour::Black,
        ControlMethod::TwoEyeTest,
        LjrParams::default(),
    );
    let a = control(&g, &q, LjrSwitches::ALL_ON).expect("an answer");
    assert_eq!(a.controlled, vec![Some(false); 3]);
    // A position that does not fit the board is refused, not a panic.
    let q = query(
        &Position::empty(2),
        Colour::Black,
        ControlMethod::TwoEyeTest,
        LjrParams::default(),
    );
    assert!(control(&g, &q, LjrSwitches::ALL_ON).is_err());
}

/// LP-1: with `keep`, Black's two-point eye space stays permanently prohibited in the
/// test game, so he can never divide it; with `forget` he can.
#[test]
fn permanent_prohibitions_in_the_set_are_kept_or_forgotten() {
    let (g, position) = parse_position(MIAI).expect("a diagram");
    let black_area: Vec<Point> = vec![0, 1, 2, 3, 4, 10, 11, 12, 13, 14];
    for (keep, expected) in [
        (TestProhibitions::Forget, black_area),
        (TestProhibitions::Keep, Vec::new()),
    ] {
        let params = LjrParams {
            test_prohibitions: keep,
            ..LjrParams::default()
        };
        let mut q = query(&position, Colour::Black, ControlMethod::TwoEyeTest, params);
        q.permanently_prohibited = vec![2, 3];
        assert_eq!(
            controlled_but(&g, &q, &["no formation cut"]),
            expected,
            "{keep:?}"
        );
    }
}

/// LL-6: going round a double-ko cycle repeats the situation at once, but the future
/// state (the situation with every earlier one and the locations used since) only
/// after the third round: the second round's earlier situations have other used sets.
#[test]
fn a_future_state_repeats_only_when_the_used_sets_do() {
    let edges: Vec<(usize, usize)> = [(0, 1), (0, 2), (1, 3), (2, 4), (3, 5)]
        .iter()
        .flat_map(|&(a, b)| [(a, b), (a + 6, b + 6)])
        .collect();
    let g = Geometry::graph(12, &edges).expect("a graph");
    let b = Board::from_geometry(&g);
    for sw in configs().into_iter().map(|c| c.1) {
        let w = b.words();
        let stones = Stones::new(
            &b,
            Bits::from_points(w, [2, 8, 7]),
            Bits::from_points(w, [3, 9, 0]),
            sw.incremental_strings,
        );
        let mut pos = Pos::new(&b, Colour::Black, stones, b.empty_set(), b.empty_set());
        let mut budget = Budget {
            left: 0,
            explored: 0,
        };
        let mut search = Search {
            b: &b,
            shape: SetShape::new(&b, b.all()),
            player: Colour::Black,
            sw,
            dispute_edge: None,
            budget: &mut budget,
            line: Line::new(sw.situation_hash),
            tt: FxHashMap::default(),
            tt_words: 0,
            limit: 0,
        };
        let round = [Some(1), Some(6), None, Some(0), Some(7), None];
        let mut keys = Vec::new();
        for r in 1..=3 {
            for play in round {
                let (next, eff) = pos.apply(&b, None, play, false).expect("legal");
                search.line.push(&pos, &eff.changed, eff.removal);
                pos = next;
            }
            let similar = search.line.similar(&pos);
            assert_eq!(similar, (0..r).map(|k| 6 * k).collect::<Vec<_>>());
            let equal: Vec<usize> = similar
                .into_iter()
                .filter(|&t| search.future_equal(t))
                .collect();
            assert_eq!(equal, if r == 3 { vec![12] } else { vec![] }, "round {r}");
            keys.push(search.future_key(&pos).expect("numbered"));
        }
        assert_ne!(keys[0], keys[1]);
        assert_eq!(keys[1], keys[2]);
        // The same situations have the same numbers, the six of a round six numbers.
        let ids: Vec<u32> = search.line.entries().iter().map(|e| e.id).collect();
        assert_eq!(ids[..6], ids[6..12]);
        assert_eq!(ids[..6], ids[12..]);
        let mut distinct = ids[..6].to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 6, "{ids:?}");
        // Popping a round restores the used sets; pushing it again gives the same numbers.
        let mut popped = Vec::new();
        for _ in 0..6 {
            popped.push(search.line.entries().last().expect("an entry").sit.clone());
            search.line.pop();
        }
        assert_eq!(search.future_key(&pos).expect("numbered"), keys[1]);
        let mut again = pos.clone();
        for play in round {
            let (next, eff) = again.apply(&b, None, play, false).expect("legal");
            search.line.push(&again, &eff.changed, eff.removal);
            again = next;
        }
        let renumbered: Vec<u32> = search.line.entries().iter().map(|e| e.id).collect();
        assert_eq!(renumbered, ids);
        assert!(popped
            .iter()
            .rev()
            .zip(&search.line.entries()[12..])
            .all(|(a, e)| a.same(&e.sit)));
    }
}
