//! Search for final positions where the six `independent-life` values (spec vjr.md VP-1)
//! give different answers (O-3): random legal positions of a WxH board with 2 ... MAX_EMPTY
//! empty points, every string, every value, by the optimized engine (40,000 states per
//! question); prints every position where all six are decided and differ.
//!
//! `cargo run --release --example vjr_six_descriptions -- W H MAX_EMPTY SAMPLES`
use go_oracle::engine::{Answer, Engine};
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::optimized::Optimized;
use go_oracle::status_game::strings;
use go_oracle::vjr::{IndependentLife, Question, VjrQuestion};
fn main() {
    let a: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    let g = Geometry::rect(a[0], a[1]).unwrap();
    let (max_empty, samples) = (a[2], a[3]);
    let n = g.len();
    let e = Optimized::default();
    let mut seed: u64 = 0x9E3779B97F4A7C15 ^ (a[0] * 31 + a[1]) as u64;
    let mut rnd = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut found = 0;
    let mut checked = 0;
    for _ in 0..samples {
        let mut p = Position::empty(n);
        for i in 0..n {
            p.set(
                i,
                match rnd() % 5 {
                    0 => Cell::Empty,
                    1 | 2 => Cell::Stone(Colour::Black),
                    _ => Cell::Stone(Colour::White),
                },
            );
        }
        if p.count(Cell::Empty) > max_empty
            || p.count(Cell::Empty) < 2
            || !go_oracle::reference::play::is_legal_position(&g, &p)
        {
            continue;
        }
        checked += 1;
        if checked % 50 == 0 {
            println!("checked {checked} positions, found {found}");
        }
        for (owner, s) in strings(&g, &p) {
            let mut answers = Vec::new();
            for l in IndependentLife::ALL {
                let chk = VjrQuestion {
                    long_cycles: go_oracle::vjr::LongCycles::default(),
                    string: s.clone(),
                    owner,
                    question: Question::Formation(l),
                };
                if let Ok(Answer::Decided((v, _))) =
                    e.vjr().and_then(|q| q.force(&g, &p, &chk, 40_000))
                {
                    answers.push((l.name(), v.name()));
                }
            }
            if answers.len() == 6 && answers.iter().any(|x| x.1 != answers[0].1) {
                found += 1;
                if found <= 6 {
                    println!(
                        "{} at {}: {:?}\n{}",
                        owner.name(),
                        g.name(s[0]),
                        answers,
                        p.diagram(&g)
                    );
                }
            }
        }
    }
    println!("checked {checked} positions, found {found}");
}
