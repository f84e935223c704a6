//! `procedure::solve` from many small starting positions (spec `solve.md`): the value with
//! every speed-up on equals the value of the search without a transposition table (every
//! legality test then asks the true history), and each of SOLVE-B8's, B9's and B10's switches
//! leaves it unchanged. Positions with stones make captures, repetitions and superko bans
//! early, where a table entry reused on the wrong history would show.

use go_oracle::engine::{Answer, Start};
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::optimized::Optimized;
use go_oracle::procedure::solve::{solve, Switches};
use go_oracle::reference::play::is_legal_position;
use go_oracle::rules::RulesetId;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Every legal position of a few small boards drawn with a fixed seed, with the player to
/// move.
fn starts() -> Vec<(Geometry, Start)> {
    let mut rng = SmallRng::seed_from_u64(27);
    let mut out = Vec::new();
    for (w, h, count) in [(2, 2, 12), (3, 2, 30), (2, 3, 10), (4, 1, 8)] {
        let g = Geometry::rect(w, h).unwrap();
        let mut made = 0;
        while made < count {
            let cells = (0..g.len())
                .map(|_| match rng.gen_range(0..5) {
                    0 => Cell::Stone(Colour::Black),
                    1 => Cell::Stone(Colour::White),
                    _ => Cell::Empty,
                })
                .collect();
            let position = Position(cells);
            if !is_legal_position(&g, &position) {
                continue;
            }
            let to_move = if rng.gen_bool(0.5) {
                Colour::Black
            } else {
                Colour::White
            };
            let mut start = Start::empty(&g);
            start.position = position;
            start.to_move = to_move;
            out.push((g.clone(), start));
            made += 1;
        }
    }
    out
}

fn off(names: &[&str]) -> Switches {
    names.iter().fold(Switches::default(), |s, n| {
        s.and(Switches::without(n).unwrap())
    })
}

#[test]
fn the_table_and_the_ordering_never_change_the_value() {
    use rayon::prelude::*;
    let engine = Optimized::default();
    // Every (ruleset, start) on any core.
    let items: Vec<(RulesetId, Geometry, Start)> =
        [RulesetId::TrompTaylor, RulesetId::TrompLogical]
            .into_iter()
            .flat_map(|ruleset| starts().into_iter().map(move |(g, s)| (ruleset, g, s)))
            .collect();
    let compared: usize = items
        .par_iter()
        .map(|(ruleset, g, start)| {
            let rules = ruleset.rules().unwrap();
            let value =
                |switches: Switches| match solve(&engine, g, &rules, start, 400_000, switches)
                    .unwrap()
                {
                    Answer::Decided(s) => Some(s.value),
                    Answer::Undetermined(_) => None,
                };
            // The truth: no table (every legality test asks the history itself), board order.
            let Some(truth) = value(off(&[
                "transpositions",
                "ordering",
                "killers",
                "history-heuristic",
            ])) else {
                return 0;
            };
            for switches in [
                Switches::default(),
                off(&["history-match"]),
                off(&["killers"]),
                off(&["history-heuristic"]),
                off(&["etc"]),
                off(&["transpositions"]),
            ] {
                assert_eq!(
                    value(switches),
                    Some(truth),
                    "{ruleset:?} {}x{:?} {:?} to move {:?}, switches {switches:?}",
                    g.len(),
                    g.rect_size(),
                    start.position,
                    start.to_move
                );
            }
            1
        })
        .sum();
    eprintln!("{compared} positions compared");
    assert!(compared >= 80, "only {compared} positions decided");
}
