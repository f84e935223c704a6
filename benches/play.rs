//! Random legal games: moves per second of the optimized engine, the reference engine and
//! the `goban` crate, in one run, under a simple ko rule and under positional superko.
//!
//! Policy, the same for every engine: at each turn take a random start point and walk the
//! points with a fixed step coprime to the board size; play the first one that is empty,
//! not an eye of the mover's own (all neighbours own stones) and legal; pass if none.
//! Games end by two passes or after 3 x points moves.
//!
//! Run: `cargo bench --bench play` (criterion prints `thrpt` in moves per second).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use go_oracle::engine::{Engine, Move, Start};
use go_oracle::geometry::{Cell, Colour, Geometry};
use go_oracle::optimized::game::OptGame;
use go_oracle::optimized::{Optimized, Switches};
use go_oracle::reference::Reference;
use go_oracle::rules::{CaptureOrder, KoRule, Rules, Scoring, Suicide};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const STEP: usize = 7;

fn rules(ko: KoRule) -> Rules {
    Rules {
        suicide: Suicide::Forbidden,
        capture_order: CaptureOrder::OpponentFirst,
        ko: vec![ko],
        game_end_passes: 2,
        ko_pass: false,
        no_result_on_cycle: false,
        direct_ko: false,
        scoring: Scoring::AreaReachingOnly,
    }
}

fn neighbours(side: usize, p: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (p % side, p / side);
    [
        (x > 0).then(|| p - 1),
        (x + 1 < side).then(|| p + 1),
        (y > 0).then(|| p - side),
        (y + 1 < side).then(|| p + side),
    ]
    .into_iter()
    .flatten()
}

/// Random games on the optimized engine's allocation-free fast path.
fn games_optimized<const N: usize>(side: usize, ko: KoRule, games: u64, seed: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let n = side * side;
    let geometry = Geometry::rect(side, side).unwrap();
    let start = Start::empty(&geometry);
    let rules = rules(ko);
    let mut moves = 0;
    for _ in 0..games {
        let mut g: OptGame<N> =
            Optimized::start_sized::<N>(side, side, &rules, &start, Switches::ALL_ON);
        for _ in 0..3 * n {
            let me = g.player();
            let r = rng.gen_range(0..n);
            let mut played = false;
            let mut p = r;
            for _ in 0..n {
                p += STEP;
                if p >= n {
                    p -= n;
                }
                if !g.is_empty_point(p) || g.is_own_eye(p, me) {
                    continue;
                }
                if g.play_fast(Some(p)).is_ok() {
                    played = true;
                    break;
                }
            }
            if !played && g.play_fast(None).is_err() {
                break;
            }
            moves += 1;
            if go_oracle::engine::Game::is_over(&g) {
                break;
            }
        }
    }
    moves
}

/// Random games through the engine interface (used for the reference).
fn games_engine(engine: &dyn Engine, side: usize, ko: KoRule, games: u64, seed: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let n = side * side;
    let geometry = Geometry::rect(side, side).unwrap();
    let start = Start::empty(&geometry);
    let rules = rules(ko);
    let mut moves = 0;
    for _ in 0..games {
        let mut g = engine.start(&geometry, &rules, &start).unwrap();
        for _ in 0..3 * n {
            let me = Cell::Stone(g.to_move());
            let r = rng.gen_range(0..n);
            let mut played = false;
            let mut p = r;
            for _ in 0..n {
                p += STEP;
                if p >= n {
                    p -= n;
                }
                if g.cell(p) != Cell::Empty || neighbours(side, p).all(|q| g.cell(q) == me) {
                    continue;
                }
                if g.play(Move::Play(p)).is_ok() {
                    played = true;
                    break;
                }
            }
            if !played && g.play(Move::Pass).is_err() {
                break;
            }
            moves += 1;
            if g.is_over() {
                break;
            }
        }
    }
    moves
}

/// The same games with the `goban` crate (JAPANESE = simple ko, CHINESE = superko; both
/// forbid suicide).
fn games_goban(side: usize, ko: KoRule, games: u64, seed: u64) -> u64 {
    use goban::pieces::stones::Color;
    use goban::rules::game::Game as GobanGame;
    use goban::rules::{GobanSizes, Move as GMove, CHINESE, JAPANESE};
    let mut rng = SmallRng::seed_from_u64(seed);
    let n = side * side;
    let rule = if ko == KoRule::Basic {
        JAPANESE
    } else {
        CHINESE
    };
    let mut moves = 0;
    for _ in 0..games {
        let mut g = GobanGame::new(GobanSizes::Custom(side, side), rule);
        for _ in 0..3 * n {
            let me = g.turn();
            let r = rng.gen_range(0..n);
            let mut chosen = None;
            let mut p = r;
            for _ in 0..n {
                p += STEP;
                if p >= n {
                    p -= n;
                }
                let c = ((p / side) as u8, (p % side) as u8);
                if g.goban().get_color(c).is_some() {
                    continue;
                }
                let own_eye = neighbours(side, p)
                    .all(|q| g.goban().get_color(((q / side) as u8, (q % side) as u8)) == Some(me));
                if own_eye {
                    continue;
                }
                if g.check_point(c).is_none() {
                    chosen = Some(c);
                    break;
                }
            }
            match chosen {
                Some((x, y)) => {
                    g.play(GMove::Play(x, y));
                }
                None => {
                    g.play(GMove::Pass);
                }
            }
            moves += 1;
            if g.is_over() {
                break;
            }
        }
        let _ = Color::Black;
    }
    moves
}

fn bench(c: &mut Criterion) {
    let seed = 2026;
    for (side, ko, label) in [
        (9, KoRule::Basic, "9x9-simple-ko"),
        (9, KoRule::PositionalSuperko, "9x9-superko"),
        (19, KoRule::Basic, "19x19-simple-ko"),
        (19, KoRule::PositionalSuperko, "19x19-superko"),
    ] {
        let mut group = c.benchmark_group(format!("random-games/{label}"));
        group.sample_size(10);
        let games = if side == 9 { 20 } else { 4 };
        let opt = |g| {
            if side == 9 {
                games_optimized::<2>(side, ko, g, seed)
            } else {
                games_optimized::<6>(side, ko, g, seed)
            }
        };
        let m = opt(games);
        group.throughput(Throughput::Elements(m));
        group.bench_function(BenchmarkId::new("optimized", games), |b| {
            b.iter(|| opt(games))
        });
        let m = games_goban(side, ko, games, seed);
        group.throughput(Throughput::Elements(m));
        group.bench_function(BenchmarkId::new("goban", games), |b| {
            b.iter(|| games_goban(side, ko, games, seed))
        });
        if side == 9 {
            let rg = games;
            let m = games_engine(&Reference, side, ko, rg, seed);
            group.throughput(Throughput::Elements(m));
            group.bench_function(BenchmarkId::new("reference", rg), |b| {
                b.iter(|| games_engine(&Reference, side, ko, rg, seed))
            });
            let m = games_engine(&Optimized::default(), side, ko, games, seed);
            group.throughput(Throughput::Elements(m));
            group.bench_function(BenchmarkId::new("optimized-via-trait", games), |b| {
                b.iter(|| games_engine(&Optimized::default(), side, ko, games, seed))
            });
        }
        group.finish();
    }
    let _ = Colour::Black;
}

criterion_group!(benches, bench);
criterion_main!(benches);
