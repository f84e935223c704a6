//! `explain`'s J2003 part: the long-cycle result, the ending passes, the analysis of the
//! final position with each string's deciding check and its principal line, the score.

use crate::output::{compact_move_text, fmt_number, score_and_result, string_report_line};
use go_oracle::engine::{Engine, LineMove, PrincipalLine};
use go_oracle::geometry::Geometry;
use go_oracle::parse::case::Check;
use go_oracle::runner::{J2003Trace, Trace};
use go_oracle::session::witness;
use go_oracle::status_game::{StatusCheck, StatusKind};

pub(super) fn explain(
    g: &Geometry,
    j: &J2003Trace,
    t: &Trace,
    check: &Check,
    engines: &[Box<dyn Engine>],
) {
    let cycle = t.cycle.as_ref();
    if let (Some(c), Some(d)) = (cycle, j.cycle_difference) {
        println!(
            "long cycle (J2003 J-15 ... J-18): the last play recreated position {} ({} moves back); cycle-difference {d}: {}",
            c.start,
            c.length,
            j.result.clone().unwrap_or_default()
        );
        return;
    }
    if j.pass_undetermined {
        println!(
            "an ending pass could not be judged by the direct ko rule (J-19) within {} states per check",
            check.solver_budget
        );
    }
    let Some(a) = &j.analysis else {
        println!("J2003: no analysis (the alternation did not end with two passes, or nothing asks for it)");
        return;
    };
    println!(
        "J2003 analysis of the final position (J-52; {} states/nodes, budget {} per check):",
        a.explored, check.solver_budget
    );
    for s in &a.strings {
        println!("{}", string_report_line(g, s));
        // One principal variation of the check that decided it (S-2), by the first engine
        // that gives one (session::witness), in the compact notation (the attacker opens).
        if let (Some(_), Some(c)) = (s.status, &s.deciding_check) {
            if let Some((_, line)) =
                witness::j2003_line(engines, g, &t.position, c, check.solver_budget)
            {
                println!("{}", principal_line_text(g, c, &line));
            }
        }
    }
    println!(
        "prisoner-difference {}, komi {}: score {}",
        j.prisoner_difference,
        fmt_number(check.komi),
        score_and_result(j.score, j.result.as_deref())
    );
}

/// The name of a J2003 status check.
fn check_name(kind: StatusKind) -> &'static str {
    match kind {
        StatusKind::Uncapturable => "uncapturable",
        StatusKind::Capturable1 => "capturable-1",
        StatusKind::Capturable2 => "capturable-2",
    }
}

/// A J2003 check's principal line in the compact notation (the attacker opens); a pinned
/// game's tempo (J-LOC-8) is `~`, a play of the prover's opponent outside the fenced set.
fn principal_line_text(g: &Geometry, c: &StatusCheck, line: &PrincipalLine) -> String {
    let attacker = c.defender.opponent();
    if let Some(proof) = line.without_line {
        return format!(
            "    {} check: {attacker} cannot force it: {}",
            check_name(c.kind),
            proof.text()
        );
    }
    let letters: String = line
        .moves
        .iter()
        .map(|&m| match m {
            LineMove::Move(m) => compact_move_text(g, m),
            LineMove::Outside => "~".into(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    let pinned = if line.moves.contains(&LineMove::Outside) {
        format!(
            " (on {}'s fenced set, J-LOC-8: `~` is {} playing outside it)",
            if line.forced { attacker } else { c.defender }.name(),
            if line.forced { c.defender } else { attacker }.name()
        )
    } else {
        String::new()
    };
    format!(
        "    {} check: {} {}: {}{}[{}]{pinned}",
        check_name(c.kind),
        attacker.name(),
        if line.forced {
            "can force it"
        } else {
            "cannot force it"
        },
        if line.forced {
            "winning line "
        } else {
            "refutation "
        },
        attacker.symbol(),
        letters
    )
}
