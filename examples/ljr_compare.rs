//! L-14 against L-17 on every legal position of a small board: for each position, control
//! by the two-eye test and control by disputes (both players, the reference engine), and
//! every position where they differ. The text says dispute conditions 1 and 2 exist "only
//! to shorten disputes" (spec ljr.md L-17, LP-2); this counts where that is not so.
//!
//! `cargo run --release --example ljr_compare -- WxH [literal|inside] [BUDGET]`

use go_oracle::engine::Engine;
use go_oracle::geometry::{Cell, Colour, Position};
use go_oracle::ljr::{ControlMethod, ControlQuery, DisputeEdge, LjrParams};
use go_oracle::parse::diagram::parse_size;
use go_oracle::reference::Reference;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let geometry =
        parse_size(args.first().map(String::as_str).unwrap_or("3x1")).unwrap_or_else(|e| {
            eprintln!("error: {}", e.message);
            std::process::exit(2)
        });
    let edge = match args.get(1).map(String::as_str) {
        Some("inside") => DisputeEdge::Inside,
        _ => DisputeEdge::Literal,
    };
    let budget: u64 = args.get(2).and_then(|b| b.parse().ok()).unwrap_or(200_000);
    let n = geometry.len();
    let params = LjrParams {
        dispute_edge: edge,
        ..LjrParams::default()
    };
    let (mut positions, mut differ, mut undetermined) = (0u64, 0u64, 0u64);
    let mut examples = Vec::new();
    for code in 0..3u64.pow(n as u32) {
        let mut position = Position::empty(n);
        let mut c = code;
        for p in 0..n {
            position.set(
                p,
                match c % 3 {
                    1 => Cell::BLACK,
                    2 => Cell::WHITE,
                    _ => Cell::Empty,
                },
            );
            c /= 3;
        }
        if !position.stones_without_liberty(&geometry).is_empty() {
            continue;
        }
        positions += 1;
        let mut maps = Vec::new();
        for method in [ControlMethod::TwoEyeTest, ControlMethod::Dispute] {
            for player in [Colour::Black, Colour::White] {
                let a = Reference
                    .ljr()
                    .unwrap()
                    .control(
                        &geometry,
                        &ControlQuery {
                            position: position.clone(),
                            permanently_prohibited: vec![],
                            player,
                            method,
                            params,
                            budget,
                        },
                    )
                    .expect("the reference answers LJR control");
                maps.push(a.controlled);
            }
        }
        if maps.iter().any(|m| m.iter().any(Option::is_none)) {
            undetermined += 1;
            continue;
        }
        if maps[0] != maps[2] || maps[1] != maps[3] {
            differ += 1;
            if examples.len() < 5 {
                let row = |m: &[Option<bool>], w: &[Option<bool>]| -> String {
                    m.iter()
                        .zip(w)
                        .map(|(b, w)| match (b.unwrap_or(false), w.unwrap_or(false)) {
                            (true, true) => '*',
                            (true, false) => 'B',
                            (false, true) => 'W',
                            _ => '.',
                        })
                        .collect()
                };
                examples.push(format!(
                    "{}  L-14 {}  L-17 {}",
                    position.rows(&geometry).join("/"),
                    row(&maps[0], &maps[1]),
                    row(&maps[2], &maps[3])
                ));
            }
        }
    }
    println!(
        "{}x{} dispute-edge {:?}: {positions} legal positions, {differ} where L-14 and L-17 control differ, {undetermined} undetermined within {budget} nodes",
        geometry.rect_size().map(|s| s.0).unwrap_or(0),
        geometry.rect_size().map(|s| s.1).unwrap_or(0),
        edge
    );
    for e in examples {
        println!("  {e}");
    }
}
