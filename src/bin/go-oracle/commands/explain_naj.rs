//! `explain`'s NAJ part: the two analyses move by move, each one's control, the scores.

use crate::output::{fmt_number, legal_text, move_text, score_and_result, with_coordinates};
use go_oracle::engine::{Answer, Spent};
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::parse::case::Check;
use go_oracle::runner::NajTrace;

pub(super) fn explain(g: &Geometry, naj: &NajTrace, check: &Check) {
    for (trace, colour, mark) in [
        (&naj.black_analysis, Colour::Black, 'B'),
        (&naj.white_analysis, Colour::White, 'W'),
    ] {
        let Some(t) = trace else {
            println!("\n{}-analysis: not given", colour.name());
            continue;
        };
        println!(
            "\n{}-analysis ({} opens, ends after three passes):",
            colour.name(),
            colour.opponent()
        );
        for s in &t.steps {
            let verdict = match &s.result {
                Ok(r) => legal_text(g, r),
                Err(reason) => format!("ILLEGAL ({reason})"),
            };
            println!(
                "{:>5}. {} {}: {}",
                s.index,
                s.player.letter(),
                move_text(g, s.mv),
                verdict
            );
        }
        println!(
            "position at its end{}:",
            if t.over {
                ""
            } else {
                " (not ended by three passes)"
            }
        );
        print!("{}", with_coordinates(g, &t.end));
        match &t.control {
            Answer::Decided(c) => {
                println!("{} control {mark}:", colour.name());
                let p = Position((0..c.len()).map(|q| naj.final_position.get(q)).collect());
                for (y, row) in p.rows(g).iter().enumerate() {
                    let w = row.chars().count();
                    let line: Vec<String> = row
                        .chars()
                        .enumerate()
                        .map(|(x, ch)| {
                            if c[y * w + x] {
                                mark.to_string()
                            } else {
                                ch.to_string()
                            }
                        })
                        .collect();
                    println!("    {}", line.join(" "));
                }
            }
            Answer::Undetermined(Spent { explored }) => println!(
                "{} control: undetermined within budget {} ({explored} positions explored)",
                colour.name(),
                check.budget
            ),
        }
    }
    let show = |v: Option<i64>| {
        v.map(|x| x.to_string())
            .unwrap_or_else(|| "undefined".into())
    };
    println!(
        "\nblack-score {}, white-score {}, prisoner-difference {}, komi {}: score {}",
        show(naj.black_score),
        show(naj.white_score),
        naj.prisoner_difference,
        fmt_number(check.komi),
        score_and_result(naj.score, naj.result.as_deref())
    );
}
