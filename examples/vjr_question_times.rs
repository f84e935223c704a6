//! Time per VJR status question (spec vjr.md VS-1 ... VS-3), reference against optimized,
//! on the final positions of VJR checks without moves: for every string, both questions
//! (independent life under the check's `independent-life`, capture), each engine's answer,
//! nodes/states and seconds, and the ratio. One run; the figures are for the note, not a
//! benchmark with statistics.
//!
//! `cargo run --release --example vjr_question_times -- [CASE.yaml ...] [--budget N]`
//! (default: every file of oracle-cases/vjr/, budget 2,000,000).

use go_oracle::engine::{Answer, Engine, Spent};
use go_oracle::optimized::Optimized;
use go_oracle::parse::case::load_case;
use go_oracle::reference::Reference;
use go_oracle::status_game::strings;
use go_oracle::vjr::{Question, VjrQuestion};
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut budget = 2_000_000u64;
    if let Some(i) = args.iter().position(|a| a == "--budget") {
        budget = args
            .get(i + 1)
            .and_then(|b| b.parse().ok())
            .unwrap_or(budget);
        args.drain(i..(i + 2).min(args.len()));
    }
    let files: Vec<PathBuf> = if args.is_empty() {
        let mut v: Vec<PathBuf> = std::fs::read_dir("oracle-cases/vjr")
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        v.retain(|p| p.extension().is_some_and(|x| x == "yaml"));
        v.sort();
        v
    } else {
        args.iter().map(PathBuf::from).collect()
    };
    let engines: [&dyn Engine; 2] = [&Reference, &Optimized::default()];
    let (mut total_ref, mut total_opt) = (0.0, 0.0);
    println!("case::check string question | reference: answer nodes seconds | optimized: answer states seconds");
    for f in files {
        let case = match load_case(&f) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{}: {}", f.display(), e.message);
                continue;
            }
        };
        for check in &case.checks {
            let Some(vjr) = check.vjr().filter(|_| check.steps.is_empty()) else {
                continue;
            };
            let g = &check.geometry;
            let p = &check.start.position;
            for (owner, string) in strings(g, p) {
                for question in [Question::Formation(vjr.independent_life), Question::Capture] {
                    let c = VjrQuestion {
                        long_cycles: go_oracle::vjr::LongCycles::default(),
                        string: string.clone(),
                        owner,
                        question,
                    };
                    let mut cells = Vec::new();
                    for (i, e) in engines.iter().enumerate() {
                        let t0 = Instant::now();
                        let a = e.vjr().and_then(|q| q.force(g, p, &c, budget));
                        let secs = t0.elapsed().as_secs_f64();
                        if i == 0 {
                            total_ref += secs;
                        } else {
                            total_opt += secs;
                        }
                        cells.push(match a {
                            Ok(Answer::Decided((v, n))) => format!("{} {n} {secs:.4}", v.name()),
                            Ok(Answer::Undetermined(Spent { explored })) => {
                                format!("undetermined {explored} {secs:.4}")
                            }
                            Err(u) => u.to_string(),
                        });
                    }
                    println!(
                        "{}::{} {} {} | {} | {}",
                        case.file.id,
                        check.name,
                        g.name(string[0]),
                        match question {
                            Question::Capture => "capture".to_string(),
                            Question::Formation(l) => l.name().to_string(),
                        },
                        cells[0],
                        cells[1]
                    );
                }
            }
        }
    }
    println!(
        "total seconds: reference {total_ref:.3}, optimized {total_opt:.3}, ratio {:.1}",
        if total_opt > 0.0 {
            total_ref / total_opt
        } else {
            0.0
        }
    );
}
