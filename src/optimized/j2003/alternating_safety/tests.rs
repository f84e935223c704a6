//! Unit tests of `alternating-safety` (spec `j2003.md` J-LOC-5, J-LOC-6).
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

/// Whether J-LOC-5 proves the string at `at` of `diagram` safe for `defender`.
fn safe(diagram: &str, at: &str, defender: Colour) -> bool {
    let (g, p) = parse_position(diagram).unwrap();
    let at = g.parse_gtp(at).unwrap();
    is_safe_by_local_answers(REGION_POINTS, &g, &p, at, defender, 100_000).safe
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
    let engine = Optimized {
        switches: Switches {
            alternating_safety: false,
            ..Switches::ALL_ON
        },
    };
    let mut next = crate::optimized::j2003::board::test_support::rng(0x5eed);
    let (mut proved, mut with_pairs) = (0, 0);
    for i in 0..500 {
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
        for q in g.points() {
            let Cell::Stone(c) = p.get(q) else { continue };
            for limit in [1, 2, REGION_POINTS] {
                if !is_safe_by_local_answers(limit, &g, &p, q, c, 50_000).safe {
                    continue;
                }
                proved += 1;
                let x = Cell::Stone(c);
                let (block_of, blocks) = flood(&g, &p, |cell| cell == x);
                let (_, regions) = flood(&g, &p, |cell| cell != x);
                let candidate: Vec<bool> = regions
                    .iter()
                    .map(|r| r.len() <= limit && !walls_of(&g, r, &block_of).is_empty())
                    .collect();
                let group_of = miai_groups(&g, &p, &block_of, blocks.len(), &regions, &candidate);
                let b = block_of[q].unwrap();
                if group_of.iter().filter(|&&r| r == group_of[b]).count() > 1 {
                    with_pairs += 1;
                }
                let (_, strings) = flood(&g, &p, |cell| cell == Cell::Stone(c));
                let string = strings.into_iter().find(|s| s.contains(&q)).unwrap();
                let check = StatusCheck {
                    string,
                    defender: c,
                    kind: StatusKind::Uncapturable,
                    local: Vec::new(),
                };
                let answer = engine.j2003().unwrap().force(&g, &p, &check, 200_000);
                assert!(
                    !matches!(answer, Ok(Answer::Decided((true, _)))),
                    "{} at {} proved safe with regions up to {limit} points, but capturable:\n{}",
                    c.name(),
                    g.name(q),
                    p.diagram(&g)
                );
            }
        }
    }
    assert!(
        proved > 100 && with_pairs >= 5,
        "{proved} proofs, {with_pairs} with pairs"
    );
}
