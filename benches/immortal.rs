//! NAJ immortality (N-17): Benson's algorithm on random 19x19 positions (time per call),
//! and the reference's exhaustive search (spec N-17.S) against Benson and against the
//! unpruned search it replaced, on dense 4x4 positions and on 9x9 final positions, in one run.
//!
//! Run: `cargo bench --bench immortal`.

use criterion::{criterion_group, criterion_main, Criterion};
use go_oracle::engine::Engine;
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::optimized::Optimized;
use go_oracle::parse::diagram::parse_position;
use go_oracle::reference::naj::immortal_unpruned;
use go_oracle::reference::play::is_legal_position;
use go_oracle::reference::Reference;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random legal position: stones placed point by point, skipping placements that would
/// leave a string without a liberty.
fn random_position(side: usize, density: f64, seed: u64) -> (Geometry, Position) {
    let g = Geometry::rect(side, side).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut p = Position::empty(g.len());
    for q in 0..g.len() {
        if rng.gen_bool(density) {
            let c = if rng.gen_bool(0.5) {
                Colour::Black
            } else {
                Colour::White
            };
            p.set(q, Cell::Stone(c));
            if !is_legal_position(&g, &p) {
                p.set(q, Cell::Empty);
            }
        }
    }
    (g, p)
}

fn bench(c: &mut Criterion) {
    let positions: Vec<_> = (0..32).map(|s| random_position(19, 0.7, s)).collect();
    c.bench_function(
        "immortal/benson/19x19-random (per call, 32 positions x 2 colours)",
        |b| {
            b.iter(|| {
                for (g, p) in &positions {
                    for colour in [Colour::Black, Colour::White] {
                        let _ = Optimized::default()
                            .naj()
                            .unwrap()
                            .immortal(g, p, colour, 0);
                    }
                }
            })
        },
    );
    let small: Vec<_> = (0..16).map(|s| random_position(4, 0.8, 100 + s)).collect();
    let mut group = c.benchmark_group("immortal/4x4-dense");
    group.sample_size(10);
    both_colours(&mut group, "reference", &small, |g, p, c| {
        let _ = Reference.naj().unwrap().immortal(g, p, c, 1_000_000);
    });
    both_colours(&mut group, "reference-unpruned", &small, |g, p, c| {
        let _ = immortal_unpruned(g, p, c, 1_000_000);
    });
    both_colours(&mut group, "benson", &small, |g, p, c| {
        let _ = Optimized::default().naj().unwrap().immortal(g, p, c, 0);
    });
    group.finish();

    // 9x9 final positions: the reference decides each colour of each after at most 84
    // explored positions. The unpruned search takes 8 to 80 s on each of the first four, or
    // runs out of a 1,000,000-position budget, so it is timed on the last one only.
    let final_9x9: Vec<_> = NINE_BY_NINE
        .iter()
        .map(|d| parse_position(d).expect("a 9x9 diagram"))
        .collect();
    let mut group = c.benchmark_group("immortal/9x9-final");
    group.sample_size(10);
    both_colours(&mut group, "reference", &final_9x9, |g, p, c| {
        let _ = Reference.naj().unwrap().immortal(g, p, c, 1_000_000);
    });
    both_colours(&mut group, "benson", &final_9x9, |g, p, c| {
        let _ = Optimized::default().naj().unwrap().immortal(g, p, c, 0);
    });
    group.finish();
    let dead = &final_9x9[final_9x9.len() - 1..];
    let mut group = c.benchmark_group("immortal/9x9-dead-stones");
    group.sample_size(10);
    both_colours(&mut group, "reference", dead, |g, p, c| {
        let _ = Reference.naj().unwrap().immortal(g, p, c, 1_000_000);
    });
    both_colours(&mut group, "reference-unpruned", dead, |g, p, c| {
        let _ = immortal_unpruned(g, p, c, 1_000_000);
    });
    group.finish();
}

/// Time `f` on every position, for both colours, as one benchmark of `group`.
fn both_colours(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    positions: &[(Geometry, Position)],
    f: impl Fn(&Geometry, &Position, Colour),
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            for (g, p) in positions {
                for colour in [Colour::Black, Colour::White] {
                    f(g, p, colour);
                }
            }
        })
    });
}

/// 9x9 final positions: two-eyed groups; a seki between them; a game's end; a game's end
/// with a large black group; two-eyed groups with dead stones inside (last).
const NINE_BY_NINE: [&str; 5] = [
    "
    . # . # O . O . O
    # # # # O O O O O
    . # . # O . . O .
    # # # # O O O O O
    . . . # # O . . .
    # # # . # O O O O
    . # # # # O . O .
    # . # . # O O O O
    . # # # # O . O .",
    "
    . # . # O . O . O
    # # # # O O O O O
    . # . # O . . O .
    # # # # O O O O O
    . . . # # O . . .
    # # # # # O O O O
    . # # O O # O . O
    # # # O . # O O O
    . # # O . # O . O",
    "
    . . # O . O . . .
    . # # O O O O O .
    . # . # # O # O .
    . . # . # # # O O
    . . # # . # O O .
    # # O # # O O . O
    . O O O # # O O .
    O . O . O # # O .
    . . O O O O # O .",
    "
    . . # O . . . . .
    . # # O . O . . .
    . # O O O . O O .
    # # # # O O # O O
    . # . # # # # # O
    . . # . # O O # O
    . . # # O O . O O
    . # . # O . O . .
    . . # O O . . . .",
    "
    . # . # O . O . O
    # # # # O O O O O
    . # . # O # . O .
    # # # # O O O O O
    . O . # # O # # .
    # # # . # O O O O
    . # # # # O . O .
    # . # . # O O O O
    . # # # # O . O .",
];

criterion_group!(benches, bench);
criterion_main!(benches);
