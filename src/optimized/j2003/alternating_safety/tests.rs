//! Unit tests of `alternating-safety` (spec `j2003-solver.md` J-LOC-5, J-LOC-6).
use super::*;
use crate::geometry::Geometry;

/// A diagram's board (rows of `.`, `#`, `O` from the top; the tests' own reader, the parsers
/// being no dependency of the engines).
fn parse_position(diagram: &str) -> Option<(Geometry, Position)> {
    let rows: Vec<Vec<char>> = diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let g = Geometry::rect(rows[0].len(), rows.len()).ok()?;
    let mut p = Position::empty(g.len());
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let cell = match c {
                '#' => Cell::BLACK,
                'O' => Cell::WHITE,
                _ => Cell::Empty,
            };
            p.set(g.at(x, y)?, cell);
        }
    }
    Some((g, p))
}

/// The screen with regions of at most `region_points` points, J-LOC-7's cuts or not, and
/// no memo (`the_memo_gives_what_the_search_gives` tests it).
fn screen(region_points: usize, cuts: bool) -> Screen {
    Screen {
        region_points,
        cuts,
        memo: false,
        killer: true,
    }
}

/// Whether J-LOC-5 proves the string at `at` of `diagram` safe for `defender`.
fn safe(diagram: &str, at: &str, defender: Colour) -> bool {
    let (g, p) = parse_position(diagram).unwrap();
    let at = g.parse_gtp(at).unwrap();
    is_safe_by_local_answers(screen(REGION_POINTS, true), &g, &p, at, defender, 100_000).safe
}

/// The lower-left white group of the GNU Go regression game 9x9-1 (real-games), whose
/// one region of 11 points owes it two liberties; the black F8-G8 next to white walls
/// in the upper right is not proved.
const GNUGO_9X9_1: &str = "\
. # # O O . . . .
. . # # O # # O .
. # O O O O O # .
# # # # # O . O O
# O O O # # O O #
O O . O # . # # #
. . . O # . . . .
. . . O O # # . .
. . . . O O # . .
";

#[test]
fn a_large_enclosed_region_owes_two_liberties() {
    assert!(safe(GNUGO_9X9_1, "D4", Colour::White));
    assert!(!safe(GNUGO_9X9_1, "F8", Colour::Black));
}

/// `local-game-memo` (memo.rs): what the memo gives is what the search gives, answer and
/// positions, for budgets below, at and above what the search needs, asked after a search
/// that decided the game and after one that ran out (GNU Go 9x9-1's lower-left region).
#[test]
fn the_memo_gives_what_the_search_gives() {
    let (g, p) = parse_position(GNUGO_9X9_1).unwrap();
    let (block_of, _) = flood(&g, &p, |c| c == Cell::WHITE);
    let (y_string_of, _) = flood(&g, &p, |c| c == Cell::BLACK);
    let mut region: Vec<Point> = [
        "C4", "A3", "B3", "C3", "A2", "B2", "C2", "A1", "B1", "C1", "D1",
    ]
    .iter()
    .map(|n| g.parse_gtp(n).unwrap())
    .collect();
    region.sort_unstable();
    let walls = walls_of(&g, &region, &block_of);
    let cut = Cut {
        string_of: &y_string_of,
        strings: Vec::new(),
        free: Vec::new(),
    };
    let game = LocalGame::new(&g, &p, &region, &walls, &block_of, &cut, Colour::White);
    for owed in [2, 1] {
        let owed = vec![owed; walls.len()];
        let whole = game.search(&owed, u64::MAX);
        assert!(whole.won.is_some(), "{whole:?}");
        let s = whole.positions;
        assert!(
            s >= 1_000,
            "the game should be worth keeping: {s} positions"
        );
        // Owing 2: decided first; owing 1: out of budget first.
        let budgets = if owed[0] == 2 {
            vec![u64::MAX, s, s - 1, 0, 1, s / 2, s + 7]
        } else {
            vec![s / 2, s / 3, s / 2 + 1, s - 1, s, 0, u64::MAX, s / 2]
        };
        for b in budgets {
            assert_eq!(
                memo::solve(&game, &owed, b),
                game.search(&owed, b),
                "owed {owed:?}, budget {b}"
            );
        }
    }
}

/// `j2003-shapes/ko-pass-decides.yaml`: C1-D1 is capturable-1, not uncapturable. Its
/// only answer to W B1 is the ko capture at A1, which J-LOC-5's X never makes (a
/// version that made it would call C1-D1 safe: J-LOC-5 (b)).
#[test]
fn no_ko_capture_answers() {
    assert!(!safe(". . # # .", "C1", Colour::Black));
}

/// A false eye: on `. # . #` B1 has two one-point regions, but the second one's other
/// wall D1 is owed one liberty only, so it falls, and with it that region (J-LOC-5
/// (a)); `. # . O`: B1 with two owed liberties (white D1 cannot be played next to).
#[test]
fn a_region_counts_only_while_its_walls_stand() {
    assert!(!safe(". # . #", "B1", Colour::Black));
    assert!(safe(". # . O", "B1", Colour::Black));
}

/// J-LOC-6: two black strings with one eye each, joined by the miai C5/C4 on the open
/// side, are safe together; with a white stone on C4 they share one liberty only, and
/// neither is proved.
#[test]
fn a_miai_joins_two_one_eyed_strings() {
    let miai = "\
. # . # . # . . .
# # . # # # . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
";
    assert!(safe(miai, "B5", Colour::Black));
    assert!(safe(miai, "D5", Colour::Black));
    let cut = miai.replacen("# # . # # #", "# # O # # #", 1);
    assert!(!safe(&cut, "B5", Colour::Black));
    assert!(!safe(&cut, "D5", Colour::Black));
}

/// On random small boards, with the regions searched limited to 1, 2 and 24 points (so
/// that miai pairs lie outside them): no string the lemmas prove safe is one the proof
/// searches and the state graph (without `alternating-safety`) find capturable.
#[test]
fn the_lemmas_agree_with_the_searches_on_random_boards() {
    use crate::engine::{Answer, Engine};
    use crate::geometry::Geometry;
    use crate::optimized::{Optimized, Switches};
    use crate::status_game::{StatusCheck, StatusKind};
    use rayon::prelude::*;
    let engine = Optimized {
        switches: Switches {
            alternating_safety: false,
            ..Switches::ALL_ON
        },
    };
    let mut next = crate::optimized::j2003::board::test_support::rng(0x5eed);
    // The boards first (one sequence of draws), then each board on any core.
    let boards: Vec<(Geometry, Position)> = (0..500)
        .map(|i| {
            let (w, h) = [(4, 4), (5, 3), (3, 5), (4, 3), (5, 4)][i % 5];
            let g = Geometry::rect(w, h).unwrap();
            let mut p = Position::empty(g.len());
            for q in g.points() {
                let cell = match next() % 5 {
                    0 | 1 => Cell::BLACK,
                    2 => Cell::WHITE,
                    _ => continue,
                };
                p.set(q, cell);
                if !p.stones_without_liberty(&g).is_empty() {
                    p.set(q, Cell::Empty);
                }
            }
            (g, p)
        })
        .collect();
    let (proved, with_pairs) = boards
        .par_iter()
        .map(|(g, p)| {
            let (mut proved, mut with_pairs) = (0, 0);
            for q in g.points() {
                let Cell::Stone(c) = p.get(q) else { continue };
                for limit in [1, 2, 6, REGION_POINTS] {
                    let safety = is_safe_by_local_answers(screen(limit, true), g, p, q, c, 50_000);
                    if !safety.safe {
                        continue;
                    }
                    proved += 1;
                    let x = Cell::Stone(c);
                    let (block_of, blocks) = flood(g, p, |cell| cell == x);
                    let (_, regions) = flood(g, p, |cell| cell != x);
                    let candidate: Vec<bool> = regions
                        .iter()
                        .map(|r| r.len() <= limit && !walls_of(g, r, &block_of).is_empty())
                        .collect();
                    let no_cut = vec![false; g.len()];
                    let group_of =
                        miai_groups(g, p, &block_of, blocks.len(), &regions, &candidate, &no_cut);
                    let b = block_of[q].unwrap();
                    if group_of.iter().filter(|&&r| r == group_of[b]).count() > 1 {
                        with_pairs += 1;
                    }
                    let (_, strings) = flood(g, p, |cell| cell == Cell::Stone(c));
                    let string = strings.into_iter().find(|s| s.contains(&q)).unwrap();
                    let check = StatusCheck {
                        string,
                        defender: c,
                        kind: StatusKind::Uncapturable,
                        local: Vec::new(),
                    };
                    let answer = engine.j2003().unwrap().force(g, p, &check, 200_000);
                    assert!(
                    !matches!(answer, Ok(Answer::Decided((true, _)))),
                    "{} at {} proved safe with regions up to {limit} points, but capturable:\n{}",
                    c.name(),
                    g.name(q),
                    p.diagram(g)
                );
                }
            }
            (proved, with_pairs)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(
        proved > 100 && with_pairs >= 5,
        "{proved} proofs, {with_pairs} with pairs"
    );
}

/// Whether J-LOC-5 proves the string at `at` safe with regions of at most `limit` points,
/// regions larger than that cut at Y's strings (J-LOC-7) or not.
fn safe_within(diagram: &str, at: &str, defender: Colour, limit: usize, cuts: bool) -> Safety {
    let (g, p) = parse_position(diagram).unwrap();
    let at = g.parse_gtp(at).unwrap();
    is_safe_by_local_answers(screen(limit, cuts), &g, &p, at, defender, 100_000)
}

/// J-LOC-7: White's eye space C3-F3 touches the black wall at G3, so with regions of at most
/// 6 points it lies in one region with all of Black's stones and H1-H3 (16 points). Cut at
/// Black's string, C3-F3 is played alone: W D3 answers B F3 or B E3, W E3 answers B D3,
/// leaving White an eye at C3 (or C3 with Black's D3 in it) beside A3.
const CUT_EYE: &str = "\
. O . . . . # .
O O O O O O # .
# # # # # # # .
";

#[test]
fn a_cut_region_owes_its_eye() {
    let cut = safe_within(CUT_EYE, "B3", Colour::White, 6, true);
    assert!(cut.safe && cut.by_cut);
    assert!(!safe_within(CUT_EYE, "B3", Colour::White, 6, false).safe);
}

/// J-LOC-7 (b): with Black on E3, White's D3 would take the last liberty on the cut region
/// C3-D3 of Black's string: refused unless that string has a liberty outside (H1-H3 here).
#[test]
fn a_cut_strings_last_liberty_is_not_taken() {
    let diagram = CUT_EYE.replacen(". O . . . . # .", ". O . . # # # .", 1);
    let (g, p) = parse_position(&diagram).unwrap();
    let x = Cell::WHITE;
    let (block_of, _) = flood(&g, &p, |c| c == x);
    let (y_string_of, _) = flood(&g, &p, |c| c == Cell::BLACK);
    let region: Vec<Point> = ["C3", "D3"]
        .iter()
        .map(|n| g.parse_gtp(n).unwrap())
        .collect();
    let walls = walls_of(&g, &region, &block_of);
    let black = y_string_of[g.parse_gtp("E3").unwrap()].unwrap();
    for free in [false, true] {
        let cut = Cut {
            string_of: &y_string_of,
            strings: vec![black],
            free: vec![free],
        };
        let game = LocalGame::new(&g, &p, &region, &walls, &block_of, &cut, Colour::White);
        assert_eq!(game.x_play_at(1).is_some(), free, "free {free}");
        assert!(game.x_play_at(0).is_some());
    }
}

/// J-LOC-7: with a three-point eye space C3-E3 next to the black wall at F3, White's only
/// answer to B E3 is D3, which takes the last liberty on the region of Black's string. That
/// string has liberties outside (G1-G3), but Black may fill them himself (a move of his in
/// the local game), and then D3 is refused: C3-E3 owes White nothing. (In the real game W
/// would then capture Black's string, which the local game cannot follow.)
#[test]
fn a_cut_strings_outside_liberties_can_be_filled() {
    let three = ". O . . . # .\nO O O O O # .\n# # # # # # .\n";
    assert!(!safe_within(three, "B3", Colour::White, 4, true).safe);
}

/// J-LOC-7 on random boards built like `CUT_EYE` (X's eye space along the top edge, X's wall
/// under it, Y's wall under that, each point changed at random): no string proved safe with
/// regions cut at Y's strings is one the proof searches and the state graph (without
/// `alternating-safety`) find capturable. A proof counts as one with cut regions when a cut
/// region stands in it; since the regions are no longer played once the string is proved
/// (J-LOC-5, "Computing it"), 15 of the 400 boards give one (23 before that).
#[test]
fn cut_regions_agree_with_the_searches_on_random_boards() {
    use crate::engine::{Answer, Engine};
    use crate::optimized::{Optimized, Switches};
    use crate::status_game::{StatusCheck, StatusKind};
    let engine = Optimized {
        switches: Switches {
            alternating_safety: false,
            ..Switches::ALL_ON
        },
    };
    let mut next = crate::optimized::j2003::board::test_support::rng(0xc07);
    let (mut proved, mut decided) = (0, 0);
    for i in 0..400 {
        let (w, h) = [(7, 3), (8, 3), (6, 4)][i % 3];
        let g = Geometry::rect(w, h).unwrap();
        let mut p = Position::empty(g.len());
        for (y, x) in (0..h).flat_map(|y| (0..w).map(move |x| (y, x))) {
            let q = g.at(x, y).unwrap();
            // Percentages of (X, Y) stones per row from the top.
            let (xs, ys) = match (y, x + 1 == w) {
                (_, true) => (5, 20),
                (0, _) => (15, 15),
                (1, _) => (75, 10),
                _ => (5, 70),
            };
            let roll = next() % 100;
            let cell = if roll < xs {
                Cell::WHITE
            } else if roll < xs + ys {
                Cell::BLACK
            } else {
                continue;
            };
            p.set(q, cell);
            if !p.stones_without_liberty(&g).is_empty() {
                p.set(q, Cell::Empty);
            }
        }
        for q in g.points() {
            if p.get(q) != Cell::WHITE {
                continue;
            }
            let safety =
                is_safe_by_local_answers(screen(6, true), &g, &p, q, Colour::White, 50_000);
            if !safety.by_cut {
                continue;
            }
            proved += 1;
            let (_, strings) = flood(&g, &p, |cell| cell == Cell::WHITE);
            let string = strings.into_iter().find(|s| s.contains(&q)).unwrap();
            let check = StatusCheck {
                string,
                defender: Colour::White,
                kind: StatusKind::Uncapturable,
                local: Vec::new(),
            };
            let answer = engine.j2003().unwrap().force(&g, &p, &check, 300_000);
            decided += usize::from(matches!(answer, Ok(Answer::Decided(_))));
            assert!(
                !matches!(answer, Ok(Answer::Decided((true, _)))),
                "white at {} proved safe with cut regions, but capturable:\n{}",
                g.name(q),
                p.diagram(&g)
            );
        }
    }
    eprintln!("{proved} proofs with cut regions, {decided} decided by the searches");
    assert!(
        proved >= 12 && decided >= 10,
        "{proved} proofs with cut regions, {decided} decided by the searches"
    );
}

/// An empty strip of `rows` rows and `cols` columns under a black wall whose only liberties
/// are in it: the region's local game for Black, owing the wall two liberties.
fn strip_game(rows: usize, cols: usize) -> LocalGame {
    let mut d = "#".repeat(cols) + "\n";
    for _ in 0..rows {
        d += &(".".repeat(cols) + "\n");
    }
    let (g, p) = parse_position(&d).unwrap();
    let (block_of, _) = flood(&g, &p, |c| c == Cell::BLACK);
    let (y_string_of, _) = flood(&g, &p, |c| c == Cell::WHITE);
    let region: Vec<Point> = g.points().filter(|&q| p.get(q) == Cell::Empty).collect();
    let walls = walls_of(&g, &region, &block_of);
    let cut = Cut {
        string_of: &y_string_of,
        strings: Vec::new(),
        free: Vec::new(),
    };
    LocalGame::new(&g, &p, &region, &walls, &block_of, &cut, Colour::Black)
}

/// `local-game-killer` orders the moves only: with it and without, the strips' games have
/// the same outcome (2x3 and 2x4 lost, the others won), and a larger one is decided in far
/// fewer positions with it (2x7: 141,527 against 625,778; 239,631 with X's killer alone).
#[test]
fn the_killers_order_the_moves_only() {
    for (rows, cols, won) in [(2, 3, false), (2, 4, false), (2, 5, true), (3, 4, true)] {
        let with = strip_game(rows, cols).search(&[2], 1_000_000);
        let without = strip_game(rows, cols)
            .with_killer(false)
            .search(&[2], 1_000_000);
        assert_eq!(with.won, Some(won), "{rows}x{cols}");
        assert_eq!(without.won, Some(won), "{rows}x{cols}");
    }
    let with = strip_game(2, 7).search(&[2], 1_000_000);
    let without = strip_game(2, 7).with_killer(false).search(&[2], 1_000_000);
    assert_eq!((with.won, without.won), (Some(true), Some(true)));
    assert!(
        with.positions * 4 < without.positions,
        "{with:?} {without:?}"
    );
}
