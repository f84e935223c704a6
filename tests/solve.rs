//! `go-oracle solve`: the published values of the smallest boards (spec `solve.md`
//! SOLVE-P1, SOLVE-P2), the same value with each speed-up off, honest budgets and clear
//! errors.

use crate::common;

use common::{json, run, stderr};

const SWITCHES: [&str; 10] = [
    "pass-first",
    "transpositions",
    "bounds",
    "symmetry",
    "ordering",
    "deepening",
    "history-match",
    "killers",
    "history-heuristic",
    "etc",
];

/// The value (Black's area minus White's) and the JSON answer of one solve.
fn solve(ruleset: &str, size: &str, extra: &[&str]) -> (i64, serde_json::Value) {
    let mut args = vec!["solve", "--ruleset", ruleset, size, "--json"];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        common::stdout(&out)
    );
    let j = json(&out);
    assert_eq!(j["decided"], true, "{j}");
    assert_eq!(j["engines_agree"], true, "{j}");
    let score = j["score"].as_f64().unwrap();
    (score as i64, j)
}

#[test]
fn two_by_two_is_black_by_one() {
    // SOLVE-P1: Bill Taylor's proof, Tromp's program (area scoring, positional superko).
    for ruleset in ["tromp-taylor", "tromp-logical"] {
        let (value, j) = solve(ruleset, "2x2", &["--engine", "both"]);
        assert_eq!(value, 1, "{ruleset}: {j}");
        assert_eq!(j["value"], "B+1");
        assert!(j["nodes"].as_u64().unwrap() > 0);
        assert!(!j["principal_line"].as_str().unwrap().is_empty());
    }
}

#[test]
fn three_by_three_is_black_by_nine() {
    // SOLVE-P2: Black wins the whole board.
    for ruleset in ["tromp-taylor", "tromp-logical"] {
        let (value, j) = solve(ruleset, "3x3", &[]);
        assert_eq!(value, 9, "{ruleset}: {j}");
        let line = j["principal_line"].as_str().unwrap();
        assert!(line.starts_with("B "), "{line}");
    }
}

#[test]
fn every_switch_off_gives_the_same_value() {
    // Both superko rules: SOLVE-B8's history items differ between them.
    for ruleset in ["tromp-taylor", "tromp-logical"] {
        for (size, boards) in [("2x2", 1), ("2x3", 0), ("3x3", 9)] {
            let (default, _) = solve(ruleset, size, &[]);
            assert_eq!(default, boards, "{ruleset} {size}");
            for switch in SWITCHES {
                // Without deepening the 3x3 search runs far deeper than a unit test may.
                if size == "3x3" && switch == "deepening" {
                    continue;
                }
                let (value, j) = solve(ruleset, size, &["--without", switch]);
                assert_eq!(value, default, "{ruleset} {size} without {switch}: {j}");
            }
        }
    }
    // Everything off but the pass first: Tromp's plain alpha-beta [TW]. (With the pass
    // last too his search needs 19,397,529 nodes.)
    let (all_off, _) = solve(
        "tromp-logical",
        "2x2",
        &["--without", &SWITCHES[1..].join(",")],
    );
    assert_eq!(all_off, 1);
}

#[test]
fn komi_is_subtracted_from_the_value() {
    let (_, j) = solve("tromp-logical", "2x2", &["--komi", "1.5"]);
    assert_eq!(j["value"], "W+0.5");
    assert_eq!(j["score"], -0.5);
}

#[test]
fn a_budget_too_small_is_undetermined_with_exit_3() {
    let out = run(&[
        "solve",
        "--ruleset",
        "tromp-taylor",
        "3x3",
        "--budget",
        "100",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let j = json(&out);
    assert_eq!(j["decided"], false);
    assert!(j["value"].is_null());
    let out = run(&["solve", "--ruleset", "tromp-taylor", "3x3", "--budget", "0"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(common::stdout(&out).contains("undetermined"));
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for (args, needle) in [
        (&["solve", "--ruleset", "naj", "3x3"][..], "tromp-taylor"),
        (
            &["solve", "--ruleset", "tromp-taylor", "6x6"][..],
            "25 points",
        ),
        (&["solve", "--ruleset", "tromp-taylor", "3y3"][..], "3y3"),
        (&["solve", "--ruleset", "tromp-taylor", "0x3"][..], "0x3"),
        (
            &[
                "solve",
                "--ruleset",
                "tromp-taylor",
                "2x2",
                "--without",
                "foo",
            ][..],
            "foo",
        ),
        (
            &["solve", "--ruleset", "tromp-taylor", "2x2", "--komi", "nan"][..],
            "komi",
        ),
        (&["solve", "--ruleset", "nope", "2x2"][..], "nope"),
        (&["solve", "2x2"][..], "--ruleset"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn every_switch_is_named_by_the_cli_and_documented_in_the_manual() {
    // The `--without` error lists the one table of switches; the manual's `solve` section
    // (docs/cli.md) names each (a new switch is documented where the command is).
    let out = run(&[
        "solve",
        "--ruleset",
        "tromp-taylor",
        "2x2",
        "--without",
        "no-such-switch",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    let manual = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .expect("docs/cli.md");
    let start = manual
        .find("## `solve`")
        .expect("docs/cli.md has a `solve` section");
    let section = &manual[start..start + manual[start..].find("```").unwrap_or(0)];
    for switch in SWITCHES {
        assert!(message.contains(switch), "{switch} not in: {message}");
        assert!(
            section.contains(&format!("`{switch}`")),
            "docs/cli.md's solve section does not name `{switch}`"
        );
    }
    let listed = message.split("expected one of ").nth(1).unwrap_or("");
    let listed = listed.split(", found").next().unwrap_or("");
    assert_eq!(
        listed.split(", ").count(),
        SWITCHES.len(),
        "the CLI's switches differ from the test's list: {message}"
    );
}
