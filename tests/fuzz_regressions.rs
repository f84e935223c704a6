//! Every committed fuzz finding is replayed here: inputs under `fuzz/regressions/<target>/`
//! run through the same property as the fuzz target. Every target of `fuzz/fuzz_targets/`
//! has a replay test here and at least one committed input (a finding, or a seed that
//! exercises the property when there is no finding): `every_target_is_replayed` fails
//! otherwise.

use arbitrary::{Arbitrary, Unstructured};
use go_oracle::differential::{compare_engines, GameInput};
use std::path::Path;

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep") {
                out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out
}

#[test]
fn parse_case_findings_do_not_panic() {
    for (name, data) in inputs("parse_case") {
        if let Ok(text) = std::str::from_utf8(&data) {
            go_oracle::differential::case_replay(text, &name);
        }
    }
}

#[test]
fn play_agree_findings_agree() {
    for (name, data) in inputs("play_agree") {
        let input = GameInput::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
        let (g, r, s) = input.build(7);
        let moves = &input.moves[..input.moves.len().min(400)];
        if let Err(e) = compare_engines(&g, &r, &s, moves) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn immortal_agree_findings_agree() {
    for (name, data) in inputs("immortal_agree") {
        let input = GameInput::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
        let (g, _, s) = input.build(5);
        if let Err(e) = go_oracle::differential::compare_immortal(&g, &s.position, 20_000) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn naj_agree_findings_agree() {
    for (name, data) in inputs("naj_agree") {
        let input = GameInput::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
        let (g, _, s) = input.build(5);
        let colour = if input.white_first {
            go_oracle::geometry::Colour::White
        } else {
            go_oracle::geometry::Colour::Black
        };
        let moves = &input.moves[..input.moves.len().min(200)];
        if let Err(e) =
            go_oracle::differential::compare_naj_analysis(&g, &s.position, colour, moves, 20_000)
        {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn j2003_findings_agree() {
    for (name, data) in inputs("j2003_status_agree") {
        let input = GameInput::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
        let (g, _, s) = input.build(6);
        if g.len() <= 6 {
            if let Err(e) = go_oracle::differential::compare_j2003_status(&g, &s.position, 20_000) {
                panic!("{name}: {e}");
            }
        }
    }
    for (name, data) in inputs("j2003_score_agree") {
        let input = GameInput::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
        let (g, _, s) = input.build(7);
        let alive: Vec<bool> = input.moves.iter().map(|m| m % 2 == 0).collect();
        if let Err(e) = go_oracle::differential::compare_j2003_score(&g, &s.position, &alive) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn ljr_findings_agree() {
    use go_oracle::differential::ljr::{compare_ljr_games, LjrInput};
    for (name, data) in inputs("ljr_agree") {
        let input = LjrInput::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
        let (g, s) = input.build(3);
        let turns = &input.turns[..input.turns.len().min(60)];
        if let Err(e) = compare_ljr_games(&g, &s, turns, input.params(), 2_000) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn vjr_findings_agree() {
    use go_oracle::differential::vjr::{compare_vjr_status, VjrInput};
    for (name, data) in inputs("vjr_status_agree") {
        let input = VjrInput::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
        let (g, p) = input.build(7);
        let checks = input.questions(&g, &p);
        if let Err(e) = compare_vjr_status(&g, &p, &checks, 20_000) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn sgf_read_no_panic_findings_hold() {
    for (name, data) in inputs("sgf_read_no_panic") {
        if let Err(e) = go_oracle::differential::sgf_read_write(&data) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn sensei_read_no_panic_findings_hold() {
    for (name, data) in inputs("sensei_read_no_panic") {
        if let Err(e) = go_oracle::differential::sensei_read(&data) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn gtp_referee_no_panic_findings_hold() {
    for (name, data) in inputs("gtp_referee_no_panic") {
        if let Err(e) = go_oracle::differential::gtp::gtp_referee(&data) {
            panic!("{name}: {e}");
        }
    }
}

/// The fuzz targets: the file names of `fuzz/fuzz_targets/`.
fn targets() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            name.strip_suffix(".rs").map(str::to_string)
        })
        .collect();
    out.sort();
    out
}

/// No target passes silently: each has at least one committed input, and a test of this file
/// replays that folder (it names the target in a call of `inputs`).
#[test]
fn every_target_is_replayed() {
    let source = include_str!("fuzz_regressions.rs");
    let targets = targets();
    assert!(targets.len() >= 11, "fuzz targets: {targets:?}");
    let mut missing = Vec::new();
    for target in &targets {
        if inputs(target).is_empty() {
            missing.push(format!(
                "{target}: no input under fuzz/regressions/{target}/"
            ));
        }
        if !source.contains(&format!("inputs(\"{target}\")")) {
            missing.push(format!(
                "{target}: no replay test in tests/fuzz_regressions.rs"
            ));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
