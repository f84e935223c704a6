//! NAJ immortality (N-17): Benson's algorithm on random 19x19 positions (time per call),
//! and the reference's exhaustive search against Benson on small boards, in one run.
//!
//! Run: `cargo bench --bench immortal`.

use criterion::{criterion_group, criterion_main, Criterion};
use go_oracle::engine::Engine;
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::optimized::Optimized;
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
                        let _ = Optimized::default().immortal(g, p, colour, 0);
                    }
                }
            })
        },
    );
    let small: Vec<_> = (0..16).map(|s| random_position(4, 0.8, 100 + s)).collect();
    let mut group = c.benchmark_group("immortal/4x4-dense");
    group.sample_size(10);
    group.bench_function("reference", |b| {
        b.iter(|| {
            for (g, p) in &small {
                for colour in [Colour::Black, Colour::White] {
                    let _ = Reference.immortal(g, p, colour, 1_000_000);
                }
            }
        })
    });
    group.bench_function("benson", |b| {
        b.iter(|| {
            for (g, p) in &small {
                for colour in [Colour::Black, Colour::White] {
                    let _ = Optimized::default().immortal(g, p, colour, 0);
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
