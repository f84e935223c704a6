//! LJR from starts a real game never reaches: stones without liberties, initially or
//! permanently prohibited locations that hold stones. Every engine configuration must agree
//! on the turns and, where both decide, on control (`differential::ljr`). Such a start once
//! split the engines on L-12 (two stones without liberties that are not the new stone and an
//! opposing one: no ko capture, spec L-12) and on L-9 (an occupied location is not
//! prohibited).

use go_oracle::differential::ljr::compare_ljr_games;
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::ljr::{DisputeEdge, LjrParams, LjrStart, TestProhibitions};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn engines_agree_from_wild_starts(
        graph in any::<bool>(), width in 1u8..4, height in 1u8..3,
        edges in proptest::collection::vec((0u8..8, 0u8..8), 0..6),
        cells in proptest::collection::vec(0u8..4, 8),
        initial in proptest::collection::vec(0u8..8, 0..3),
        perm in proptest::collection::vec(0u8..8, 0..3),
        white_first in any::<bool>(),
        turns in proptest::collection::vec(any::<u16>(), 0..40),
        control in any::<bool>(), keep in any::<bool>(), inside in any::<bool>(),
    ) {
        let g = if graph {
            let n = (width as usize) * (height as usize) + 1;
            let e: Vec<(usize, usize)> = edges
                .iter()
                .map(|&(a, b)| (a as usize % n, b as usize % n))
                .filter(|(a, b)| a != b)
                .collect();
            Geometry::graph(n, &e).expect("folded edges are valid")
        } else {
            Geometry::rect(width as usize, height as usize).expect("a small rectangle")
        };
        let n = g.len();
        let mut position = Position::empty(n);
        for p in 0..n {
            match cells[p % cells.len()] {
                1 => position.set(p, Cell::BLACK),
                2 => position.set(p, Cell::WHITE),
                _ => {}
            }
        }
        let fold = |v: &[u8]| {
            let mut v: Vec<usize> = v.iter().map(|&p| p as usize % n).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let start = LjrStart {
            position,
            to_move: if white_first { Colour::White } else { Colour::Black },
            initially_prohibited: fold(&initial),
            permanently_prohibited: fold(&perm),
            captives: Default::default(),
        };
        let params = LjrParams {
            test_prohibitions: if keep { TestProhibitions::Keep } else { TestProhibitions::Forget },
            dispute_edge: if inside { DisputeEdge::Inside } else { DisputeEdge::Literal },
        };
        let budget = if control { 3_000 } else { 0 };
        if let Err(e) = compare_ljr_games(&g, &start, &turns, params, budget) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The L-12 split, kept: white p0 and black p3 are isolated (no liberty from the start);
/// Black plays p1 (next to the empty p2) and captures p0. Two stones lacked liberties, of
/// two colours, but not the new stone: no ko capture.
#[test]
fn two_old_stones_without_liberties_make_no_ko_capture() {
    let g = Geometry::graph(4, &[(1, 2)]).expect("a graph");
    let mut position = Position::empty(4);
    position.set(0, Cell::WHITE);
    position.set(3, Cell::BLACK);
    let start = LjrStart {
        position,
        ..LjrStart::empty(&g)
    };
    let play_p1 = 0x8000 | 1;
    if let Err(e) = compare_ljr_games(&g, &start, &[play_p1, 0], LjrParams::default(), 3_000) {
        panic!("{e}");
    }
}
