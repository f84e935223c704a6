//! External truth: the number of legal positions (every string has a liberty), counted by
//! each engine's own predicate, equals the published counts.
//! OEIS A094777 (n x n), A102620 (1 x n), A266278 (2 x n).

use go_oracle::geometry::Geometry;
use go_oracle::optimized::legal::count_legal_positions as optimized_count;
use go_oracle::reference::play::count_legal_positions as reference_count;

fn both(w: usize, h: usize) -> (u64, u64) {
    let g = Geometry::rect(w, h).unwrap();
    (reference_count(&g), optimized_count(w, h).unwrap())
}

#[test]
fn square_boards_match_a094777() {
    for (n, expected) in [(1, 1u64), (2, 57), (3, 12675)] {
        assert_eq!(both(n, n), (expected, expected), "{n}x{n}");
    }
}

#[test]
fn one_by_n_matches_a102620() {
    let published = [1u64, 5, 15, 41, 113, 313, 867, 2401, 6649, 18413];
    for (i, &expected) in published.iter().enumerate() {
        let n = i + 1;
        assert_eq!(both(1, n), (expected, expected), "1x{n}");
        assert_eq!(both(n, 1), (expected, expected), "{n}x1");
    }
}

#[test]
fn two_by_n_matches_a266278() {
    let published = [5u64, 57, 489, 4125, 35117, 299681];
    for (i, &expected) in published.iter().enumerate() {
        let n = i + 1;
        assert_eq!(both(2, n), (expected, expected), "2x{n}");
    }
}

/// 4x4 by the optimized predicate only (43 million colourings; the reference takes long).
#[test]
fn four_by_four_matches_a094777_optimized() {
    assert_eq!(optimized_count(4, 4), Some(24_318_165));
}
