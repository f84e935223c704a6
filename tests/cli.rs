//! The command line: its JSON contracts, exit statuses, and an error for each kind of bad
//! input that names file, line and column (exit status 2, never a panic).

use crate::common;
use common::{json, run, stderr, temp};

const GOOD_CASE: &str = "id: good
source: {document: test}
checks:
  - name: capture
    ruleset: tromp-logical
    position: |
      . # .
      # O #
      . . .
    moves:
      - play: B B1
        removed: [B2]
    expect:
      black: 9
      white: 0
";

/// A check no engine decides within its budget (a VJR status question with a budget of one
/// state): shown as ignored, with the budget named.
const UNDECIDED_CASE: &str = "id: good
source: {document: test}
checks:
  - name: budget
    ruleset: vjr
    position: |
      . # .
      # O #
      . . .
    solver-budget: 1
    expect:
      strings:
        - {at: B2, status: dead}
";

/// A bad case file: the process exits 2 and names the file, the line and the problem.
fn assert_bad_case(name: &str, text: &str, line: usize, words: &str) {
    let p = temp(name, text);
    let o = run(&["check", p.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{name}: {err}");
    let place = format!("{}:{line}:", p.display());
    assert!(err.contains(&place), "{name}: expected `{place}` in: {err}");
    assert!(err.contains(words), "{name}: expected `{words}` in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn good_case_passes_with_json_contract() {
    let p = temp("good.yaml", GOOD_CASE);
    let o = run(&["check", "--json", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["total"], 1);
    assert_eq!(v["passed"], 1);
    assert_eq!(v["failed"], 0);
    assert_eq!(v["ignored"], 0);
    assert_eq!(v["checks"][0]["status"], "passed");
    assert_eq!(v["checks"][0]["check"], "capture");
}

#[test]
fn failing_check_exits_1() {
    let p = temp(
        "bad-expect.yaml",
        &GOOD_CASE
            .replace("black: 9", "black: 8")
            .replace("id: good", "id: bad-expect"),
    );
    let o = run(&["check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("black points"), "{out}");
}

#[test]
fn undetermined_check_is_ignored_not_dropped() {
    let p = temp(
        "later.yaml",
        &UNDECIDED_CASE.replace("id: good", "id: later"),
    );
    let o = run(&["check", "--json", p.to_str().unwrap()]);
    // Its only check ignored, the run checked nothing: exit 1 (see the next test).
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["ignored"], 1);
    assert_eq!(v["checks"][0]["status"], "ignored");
    for engine in ["reference", "optimized"] {
        let why = v["checks"][0]["engines"][engine]["reason"]
            .as_str()
            .unwrap_or("");
        assert!(why.contains("budget of 1 state"), "{engine}: {why}");
    }
}

/// A run whose selected checks were all ignored checked nothing: exit 1 with a message
/// saying so (table and JSON alike); one passed check beside an ignored one is a success.
#[test]
fn all_checks_ignored_is_a_failure() {
    let ignored = temp(
        "all-ignored.yaml",
        &UNDECIDED_CASE.replace("id: good", "id: all-ignored"),
    );
    for args in [vec!["check"], vec!["check", "--json"]] {
        let mut args = args;
        args.push(ignored.to_str().unwrap());
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("nothing was checked: all 1 selected checks were ignored"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let passing = temp("beside.yaml", &GOOD_CASE.replace("id: good", "id: beside"));
    let o = run(&[
        "check",
        passing.to_str().unwrap(),
        ignored.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        !stderr(&o).contains("nothing was checked"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn yaml_syntax_error() {
    assert_bad_case(
        "syntax.yaml",
        "id: syntax\nsource: {document: x\nchecks: []\n",
        3,
        "invalid case file",
    );
}

#[test]
fn unknown_field() {
    assert_bad_case(
        "unknown.yaml",
        &GOOD_CASE
            .replace("id: good", "id: unknown")
            .replace("    moves:", "    colour: red\n    moves:"),
        10,
        "unknown field `colour`",
    );
}

#[test]
fn duplicate_check_names() {
    let text = "id: dup\nsource: {document: x}\nchecks:\n  - name: a\n    ruleset: tromp-logical\n    size: 3x3\n  - name: a\n    ruleset: tromp-logical\n    size: 3x3\n";
    assert_bad_case("dup.yaml", text, 7, "duplicate check name `a`");
}

#[test]
fn ragged_diagram() {
    let text = GOOD_CASE
        .replace("id: good", "id: ragged")
        .replace("      # O #\n", "      # O # .\n");
    assert_bad_case("ragged.yaml", &text, 8, "ragged diagram");
}

#[test]
fn bad_diagram_symbol() {
    let text = GOOD_CASE
        .replace("id: good", "id: symbol")
        .replace("      # O #\n", "      # Q #\n");
    assert_bad_case("symbol.yaml", &text, 8, "unexpected symbol `Q`");
}

#[test]
fn unknown_label() {
    let text = GOOD_CASE.replace("id: good", "id: label").replace(
        "      - play: B B1\n        removed: [B2]\n",
        "      - \"#[z]\"\n",
    );
    assert_bad_case("label.yaml", &text, 11, "label `z`");
}

#[test]
fn bad_compact_notation() {
    let text = GOOD_CASE.replace("id: good", "id: notation").replace(
        "      - play: B B1\n        removed: [B2]\n",
        "      - \"#[ab\"\n",
    );
    assert_bad_case("notation.yaml", &text, 11, "unclosed `[`");
}

#[test]
fn dotdot_must_be_spelled_out() {
    let text = GOOD_CASE.replace("id: good", "id: dotdot").replace(
        "      - play: B B1\n        removed: [B2]\n",
        "      - \"#[pp..]\"\n",
    );
    assert_bad_case("dotdot.yaml", &text, 11, "`..`");
}

#[test]
fn point_off_the_board() {
    let text = GOOD_CASE
        .replace("id: good", "id: offboard")
        .replace("play: B B1", "play: B D9");
    assert_bad_case("offboard.yaml", &text, 11, "`D9` is not a point");
}

#[test]
fn illegal_size() {
    let text = "id: size\nsource: {document: x}\nchecks:\n  - name: a\n    ruleset: tromp-logical\n    size: 53x3\n";
    assert_bad_case("size.yaml", text, 6, "out of range");
}

#[test]
fn id_must_match_file_name() {
    assert_bad_case(
        "other-name.yaml",
        GOOD_CASE,
        1,
        "differs from the file name",
    );
}

#[test]
fn missing_path_and_bad_arguments() {
    let o = run(&["check", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no such file"));
    let o = run(&["check", "--engine", "fast"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "play",
        "--ruleset",
        "tromp-logical",
        "--size",
        "0x5",
        "B",
        "A1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("out of range"), "{}", stderr(&o));
    let o = run(&[
        "play",
        "--ruleset",
        "tromp-logical",
        "--size",
        "5x5",
        "B",
        "Z9",
    ]);
    assert_eq!(o.status.code(), Some(2));
    // A ruleset clap does not know: its error names the value and every ruleset.
    for command in ["play", "score", "status"] {
        let o = run(&[command, "--ruleset", "no-such", "x.txt"]);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert!(
            err.contains("invalid value 'no-such' for '--ruleset <RULESET>'"),
            "{err}"
        );
        assert!(
            err.contains("[possible values: tromp-taylor, tromp-logical, naj, najn, j2003, ljr, vjr, custom]"),
            "{err}"
        );
    }
    let o = run(&["play", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("[possible values: tromp-taylor,"));
    let o = run(&["play", "--ruleset", "custom", "--size", "5x5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("tromp-taylor, tromp-logical"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn play_json_contract() {
    // 4x1: Black D1 captures C1; White's one-stone suicide at A1 and the recapture at C1
    // both recreate earlier positions (TL-6 positional superko).
    let o = run(&[
        "play",
        "--json",
        "--ruleset",
        "tromp-logical",
        "--size",
        "4x1",
        "B",
        "B1",
        "W",
        "C1",
        "B",
        "D1",
        "W",
        "A1",
        "W",
        "C1",
        "W pass",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 6);
    assert_eq!(steps[0]["move"], "B B1");
    assert_eq!(steps[2]["legal"], true);
    assert_eq!(steps[2]["captured"], serde_json::json!(["C1"]));
    assert_eq!(steps[3]["legal"], false);
    assert_eq!(steps[3]["reason"], "superko");
    assert_eq!(steps[4]["reason"], "superko");
    assert_eq!(steps[5]["legal"], true);
    assert_eq!(steps[5]["move"], "W pass");
    assert_eq!(v["final"], serde_json::json!([".#.#"]));
    assert_eq!(v["prisoners"]["black"], 1);
    assert_eq!(v["prisoners"]["white"], 0);
    assert_eq!(v["engines_agree"], true);
}

/// `play --json` with `ARGS`: exit 0, and the steps' (`ends_game`, `new_sequence`).
fn sequence_fields(
    args: &[&str],
) -> (
    serde_json::Value,
    Vec<(serde_json::Value, serde_json::Value)>,
) {
    let mut all = vec!["play", "--json"];
    all.extend(args);
    let o = run(&all);
    assert_eq!(o.status.code(), Some(0), "{all:?}: {}", stderr(&o));
    let v = json(&o);
    let fields = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["ends_game"].clone(), s["new_sequence"].clone()))
        .collect();
    (v, fields)
}

/// The steps' fields as `(ends_game, new_sequence)` literals: `E` ends the game, `A` starts a
/// new move-sequence after the end, `O` out of turn, `.` neither.
fn expected_fields(code: &str) -> Vec<(serde_json::Value, serde_json::Value)> {
    use serde_json::{json, Value};
    code.chars()
        .map(|c| match c {
            'E' => (json!(true), Value::Null),
            'A' => (json!(false), json!("after-end")),
            'O' => (json!(false), json!("out-of-turn")),
            _ => (json!(false), Value::Null),
        })
        .collect()
}

/// The LJR game (docs/cli.md, "play --ruleset ljr"): the ruleset ends the game at White's pass, move
/// 10 (L-4: the pass after Black's, in a situation without temporary prohibitions); Black's
/// pass after it starts a new move-sequence, which the step says, in JSON and in words.
#[test]
fn play_ljr_says_where_the_game_ended() {
    let args: Vec<&str> =
        "--ruleset ljr --size 4x2 B A2 W B2 B B1 W D2 B pass W C1 B C2 W pass B pass W pass B pass"
            .split(' ')
            .collect();
    let (v, fields) = sequence_fields(&args);
    assert_eq!(fields, expected_fields(".........EA"), "{v}");
    assert_eq!(v["steps"][9]["move"], "W pass");
    assert_eq!(v["steps"][10]["legal"], true);
    // The last move-sequence (one pass) is not over.
    assert_eq!(v["game_over"], false);
    let o = run(&[&["play"], &args[..]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("W pass: legal\nthe game ended here (a pass without temporary prohibitions, then the opponent's pass: L-4)\nB pass: legal; the game was over: this move starts a new move-sequence\n"),
        "{text}"
    );
}

/// The shared play model: Tromp-Taylor's two passes end the game, and every move after
/// them is judged as the start of a new move-sequence: an illegal one (`occupied`) changes
/// nothing, so the next play starts it; a NAJN long cycle ends the game too.
#[test]
fn play_says_where_the_game_ended() {
    let (v, fields) = sequence_fields(&[
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x5",
        "B",
        "D4",
        "W",
        "pass",
        "B",
        "pass",
        "W",
        "D4",
        "W",
        "C3",
        "B",
        "pass",
        "W",
        "pass",
    ]);
    assert_eq!(fields, expected_fields("..EAA.E"), "{v}");
    assert_eq!(v["steps"][3]["reason"], "occupied");
    assert_eq!(v["steps"][4]["legal"], true);
    assert_eq!(v["game_over"], true);
    let o = run(&[
        "play",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x5",
        "B",
        "D4",
        "W",
        "pass",
        "B",
        "pass",
        "W",
        "D4",
        "W",
        "C3",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("B pass: legal\nthe game ended here (two passes)\nW D4: illegal (occupied); the game was over: judged as the start of a new move-sequence\nW C3: legal; the game was over: this move starts a new move-sequence\n"),
        "{text}"
    );
    // NAJN (long-cycle-2-triple-ko): White's sixth play recreates the start, a long cycle.
    let start = temp(
        "triple-ko.txt",
        "O O O O O\n. O . O #\nO # O # .\n# # # # #\n",
    );
    let mut args = vec!["--ruleset", "najn", "--setup", start.to_str().unwrap()];
    args.extend("B A3 W E2 B C3 W A2 B E3 W C2 B A3".split(' '));
    let (v, fields) = sequence_fields(&args);
    assert_eq!(fields, expected_fields(".....EA"), "{v}");
    let o = run(&[&["play"], &args[..]].concat());
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("the game ended here (a long cycle)"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

/// A move by the player not to move starts a new move-sequence (docs/cli.md, "play"): `B D4 B E4`,
/// White moving first, an LJR turn out of turn. Passes count from 0 in the new one, so Black's
/// second pass in a row ends nothing.
#[test]
fn play_out_of_turn_starts_a_new_move_sequence() {
    let (v, fields) = sequence_fields(&[
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x5",
        "B",
        "D4",
        "B",
        "E4",
        "W",
        "C3",
    ]);
    assert_eq!(fields, expected_fields(".O."), "{v}");
    assert_eq!(v["final"][1], "...##");
    assert_eq!(v["to_move"], "black");
    let (v, fields) = sequence_fields(&[
        "--ruleset",
        "tromp-logical",
        "--size",
        "5x5",
        "W",
        "A1",
        "B",
        "pass",
        "B",
        "pass",
    ]);
    assert_eq!(fields, expected_fields("O.O"), "{v}");
    assert_eq!(v["game_over"], false);
    let (v, fields) = sequence_fields(&["--ruleset", "ljr", "--size", "3x1", "W", "A1", "W", "C1"]);
    assert_eq!(fields, expected_fields("OO"), "{v}");
    let o = run(&[
        "play",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x5",
        "B",
        "D4",
        "B",
        "E4",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("B E4: legal; the player was not the one to move: this move starts a new move-sequence\n"),
        "{text}"
    );
}

/// Every step of `play --json` has `ends_game` (a boolean; `null` only on a step the engines
/// did not decide) and `new_sequence` (`null`, `after-end` or `out-of-turn`), in both
/// families, on legal, illegal and undetermined steps (docs/cli.md, "play": a contract).
#[test]
fn play_steps_always_have_the_sequence_fields() {
    let ko = temp("direct-ko-fields.txt", ". . # # # O .\n");
    let games: Vec<Vec<&str>> = vec![
        "--ruleset tromp-logical --size 4x1 B B1 W C1 B D1 W A1 W C1 W pass B pass W B1".split(' ').collect(),
        "--ruleset ljr --size 4x2 B A2 W B2 B B1 W D2 B pass W C1 B C2 W pass B pass W pass B pass B A1 W B2".split(' ').collect(),
        "--ruleset najn --size 3x3 B B2 B B2 W pass B pass W A1".split(' ').collect(),
        vec!["--ruleset", "j2003", "--budget", "2000", "--setup", ko.to_str().unwrap(), "B", "pass", "W", "pass"],
    ];
    let mut seen = std::collections::BTreeSet::new();
    for args in &games {
        let mut all = vec!["play", "--json"];
        all.extend(args);
        let v = json(&run(&all));
        let steps = v["steps"].as_array().unwrap();
        assert!(!steps.is_empty(), "{all:?}");
        for s in steps {
            let s = s.as_object().unwrap();
            assert!(s.contains_key("ends_game"), "{all:?}: {s:?}");
            assert!(s.contains_key("new_sequence"), "{all:?}: {s:?}");
            match (&s["legal"], &s["ends_game"]) {
                (serde_json::Value::Null, e) => assert!(e.is_null(), "{all:?}: {s:?}"),
                (_, e) => assert!(e.is_boolean(), "{all:?}: {s:?}"),
            }
            let n = &s["new_sequence"];
            assert!(
                n.is_null() || n == "after-end" || n == "out-of-turn",
                "{all:?}: {s:?}"
            );
            seen.insert((
                s["ends_game"].to_string(),
                n.to_string(),
                s["legal"].to_string(),
            ));
        }
    }
    // The games above give every kind of step: ending, after the end, out of turn,
    // illegal, undetermined.
    for kind in [
        ("true", "null", "true"),
        ("false", "\"after-end\"", "true"),
        ("false", "\"out-of-turn\"", "true"),
        ("false", "\"out-of-turn\"", "false"),
        ("null", "null", "null"),
    ] {
        let kind = (kind.0.to_string(), kind.1.to_string(), kind.2.to_string());
        assert!(seen.contains(&kind), "no step {kind:?} in {seen:?}");
    }
}

#[test]
fn score_json_contract() {
    let p = temp("score.txt", ". # O .\n# # O O\n");
    let o = run(&[
        "score",
        "--json",
        "--ruleset",
        "tromp-logical",
        "--komi",
        "0.5",
        p.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["black"], 4);
    assert_eq!(v["white"], 4);
    assert_eq!(v["score"], -0.5);
    assert_eq!(v["result"], "W+0.5");
    let bad = temp("ragged.txt", ". # O .\n# # O\n");
    let o = run(&["score", "--ruleset", "tromp-logical", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("{}:2:", bad.display())),
        "{}",
        stderr(&o)
    );
}

/// `explain`'s J2003 witnesses (session::witness): a small shape decided by a screen keeps
/// its refutation line (the whole board's proof finds one cheaply); a real game end whose
/// strings the safety screen decided (J-LOC-5) says so instead of searching minutes for a
/// line.
#[test]
fn explain_witnesses_of_j2003_checks() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (case, check, want) in [
        (
            "oracle-cases/j2003-shapes/bent-four.yaml",
            None,
            "uncapturable check: white cannot force it: refutation O[A3 C1 A4 B3 A3 B2 p]",
        ),
        (
            "oracle-cases/real-games/9x9/gnugo-9x9-3.yaml",
            Some("j2003-statuses-local"),
            "uncapturable check: black cannot force it: safe by local answers in the regions the defender encloses (J-LOC-5, J-LOC-6)",
        ),
    ] {
        let path = format!("{root}/{case}");
        let mut args = vec!["explain", "--engine", "optimized", path.as_str()];
        if let Some(c) = check {
            args.extend(["--check", c]);
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{case}: {}", stderr(&o));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(want), "{case}: {out}");
    }
}

#[test]
fn explain_names_checks_and_shows_moves() {
    // Its own file: tests run in parallel, and another test rewriting the same file while
    // `explain` reads it made this one fail once (CI at 339f52a).
    let dir = common::temp_dir().join("explain");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("good.yaml");
    std::fs::write(&p, GOOD_CASE).unwrap();
    let o = run(&["explain", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("legal, removes B2"), "{out}");
    let o = run(&["explain", p.to_str().unwrap(), "--check", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("capture"));
}

#[test]
fn immortal_json_contract() {
    let p = temp(
        "eyes.txt",
        ". # . # O .\n# # # # O .\nO O O O O .\n. . . . . .\n",
    );
    let o = run(&["immortal", "--json", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        v["black"],
        serde_json::json!([".X.X..", "XXXX..", "......", "......"])
    );
    assert_eq!(
        v["white"],
        serde_json::json!(["......", "......", "......", "......"])
    );
    assert_eq!(v["engines_agree"], true);
    // A tiny budget leaves the reference undetermined, never guessing.
    let o = run(&[
        "immortal",
        "--json",
        "--engine",
        "reference",
        "--budget",
        "1",
        p.to_str().unwrap(),
    ]);
    // Undetermined within the budget: exit 3 (docs/cli.md), `verdict` says so.
    assert_eq!(o.status.code(), Some(3));
    let v = json(&o);
    assert_eq!(v["verdict"], "undetermined");
    // Black's stones are decided after one position (White has no legal play next to them,
    // spec naj-solver.md N-17.S2); White's need more.
    assert_eq!(v["white"], serde_json::Value::Null);
    assert_eq!(
        v["engines"]["reference"]["undetermined"]["white"]["budget"],
        1
    );
    // A string without liberty is bad input.
    let bad = temp("dead.txt", "# O\nO .\n");
    let o = run(&["immortal", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn start_position_without_liberty() {
    let text = GOOD_CASE.replace("id: good", "id: nolib").replace(
        "      . # .\n      # O #\n      . . .\n",
        "      . # .\n      # O #\n      . # .\n",
    );
    assert_bad_case("nolib.yaml", &text, 6, "without a liberty at B2");
}

#[test]
fn analyse_json_contract() {
    let p = temp("dame.txt", "# . # . O . O\n. # # O O O .\n");
    let o = run(&[
        "analyse",
        "--json",
        "--analysis",
        "black",
        "--engine",
        "both",
        p.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["black_analysis_value"], 2);
    assert_eq!(v["white_analysis_value"], serde_json::Value::Null);
    assert_eq!(v["score"], serde_json::Value::Null);
    assert_eq!(v["engines_agree"], true);
    let line = v["engines"]["optimized"]["black-analysis"]["line"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(line.starts_with("W D2"), "{line}");
    // A budget too small: undetermined, never a guess.
    let o = run(&["analyse", "--json", "--budget", "3", p.to_str().unwrap()]);
    // Undetermined within the budget: exit 3 (docs/cli.md), `verdict` says so.
    assert_eq!(o.status.code(), Some(3));
    let v = json(&o);
    assert_eq!(v["verdict"], "undetermined");
    assert_eq!(v["black_analysis_value"], serde_json::Value::Null);
    assert_eq!(
        v["engines"]["optimized"]["black-analysis"]["undetermined"]["budget"],
        3
    );
    // Bad arguments: exit 2 with what was expected.
    let o = run(&["analyse", "--analysis", "grey", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected black, white or both"));
    let o = run(&["analyse", "--without", "speed", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bounds or transpositions"));
}

/// `status --at`: the named strings only, each with the status the whole board gives it, no
/// score; a point off the board or an empty point is bad input.
#[test]
fn status_at_named_strings() {
    let p = temp("at.txt", "# . O O\n");
    let file = p.to_str().unwrap();
    for (ruleset, at, want) in [
        // Step 2 (J-43) alone decides C1's string.
        (
            "j2003",
            "D1",
            serde_json::json!([{"colour": "white", "points": ["C1", "D1"], "status": "capturable-1", "alive": true, "direct_ko_stone": false}]),
        ),
        // A1 reaches step 3 (J-44): every string's steps 1 and 2 run first.
        (
            "j2003",
            "A1",
            serde_json::json!([{"colour": "black", "points": ["A1"], "status": "dead", "alive": false, "direct_ko_stone": false}]),
        ),
    ] {
        let o = run(&["status", "--ruleset", ruleset, "--json", "--at", at, file]);
        assert_eq!(o.status.code(), Some(0), "{ruleset} {at}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["strings"], want, "{ruleset} {at}");
        assert_eq!(v["score"], serde_json::Value::Null);
        assert_eq!(v["verdict"], "agreed");
    }
    // VJR: the string's entry is the one of the whole assessment.
    let whole = json(&run(&["status", "--ruleset", "vjr", "--json", file]));
    let o = run(&["status", "--ruleset", "vjr", "--json", "--at", "C1", file]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        v["strings"],
        serde_json::json!([whole["strings"][1].clone()])
    );
    assert_eq!(v["score"], serde_json::Value::Null);
    assert_ne!(whole["score"], serde_json::Value::Null);
    for (at, words) in [
        ("B1", "B1 is empty"),
        ("Z1", "expected a point of the board"),
    ] {
        let o = run(&["status", "--ruleset", "j2003", "--at", at, file]);
        assert_eq!(o.status.code(), Some(2), "{at}");
        assert!(stderr(&o).contains(words), "{at}: {}", stderr(&o));
    }
}

/// `status --without`: the optimized engine runs with the named speed-ups off and is named
/// after them; the answers are the same; an unknown name, or `--without` with the reference
/// alone, is bad input (exit 2).
/// `status --time-limit`: a 13x13 real game end that takes minutes at its budget stops at
/// the limit, undetermined (exit 3) and saying so (the line, `time_limit_passed`), under
/// both rulesets; a small position within the limit is decided as without it; a value out
/// of range is bad input.
#[test]
fn status_time_limit() {
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/oracle-cases/real-games/13x13/mertin-dagn1.yaml"
    );
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(game).expect("the case")).expect("YAML");
    let p = temp(
        "dagn1-final.txt",
        yaml["positions"]["final"].as_str().expect("a diagram"),
    );
    let file = p.to_str().unwrap();
    for ruleset in ["j2003", "vjr"] {
        let args = [
            "status",
            "--ruleset",
            ruleset,
            "--engine",
            "optimized",
            "--budget",
            "200000",
        ];
        let mut with = args.to_vec();
        with.extend(["--time-limit", "1", file]);
        let o = run(&with);
        assert_eq!(o.status.code(), Some(3), "{ruleset}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("(raise --budget or --time-limit)"),
            "{}",
            stderr(&o)
        );
        with.insert(with.len() - 1, "--json");
        let v = json(&run(&with));
        assert_eq!(
            v["engines"]["optimized"]["time_limit_passed"], true,
            "{ruleset}"
        );
        assert_eq!(v["verdict"], "undetermined", "{ruleset}");
    }
    let small = temp("time-limit.txt", "# . O O\n");
    let small = small.to_str().unwrap();
    let without = json(&run(&["status", "--ruleset", "j2003", "--json", small]));
    let within = json(&run(&[
        "status",
        "--ruleset",
        "j2003",
        "--json",
        "--time-limit",
        "60",
        small,
    ]));
    assert_eq!(within["strings"], without["strings"]);
    assert_eq!(within["engines"]["optimized"]["time_limit_passed"], false);
    for bad in ["-2", "100000", "soon"] {
        let o = run(&[
            "status",
            "--ruleset",
            "j2003",
            &format!("--time-limit={bad}"),
            small,
        ]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
    }
}

#[test]
fn status_without_switches() {
    let p = temp("without.txt", "# . O O\n");
    let file = p.to_str().unwrap();
    for ruleset in ["j2003", "vjr"] {
        let all = json(&run(&["status", "--ruleset", ruleset, "--json", file]));
        let o = run(&[
            "status",
            "--ruleset",
            ruleset,
            "--json",
            "--without",
            "frozen-regions,vjr-benson",
            file,
        ]);
        assert_eq!(o.status.code(), Some(0), "{ruleset}: {}", stderr(&o));
        let v = json(&o);
        let names: Vec<&String> = v["engines"].as_object().expect("engines").keys().collect();
        assert_eq!(
            names,
            ["optimized-without-frozen-regions-vjr-benson", "reference"],
            "{ruleset}"
        );
        assert_eq!(v["strings"], all["strings"], "{ruleset}");
        assert_eq!(v["verdict"], "agreed", "{ruleset}");
    }
    for (args, words) in [
        (
            &["--without", "frozen"][..],
            "--without frozen: no such switch",
        ),
        (
            &["--engine", "reference", "--without", "frozen-regions"][..],
            "expected --engine optimized or both",
        ),
    ] {
        let mut all = vec!["status", "--ruleset", "j2003"];
        all.extend_from_slice(args);
        all.push(file);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(words), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn status_json_contract() {
    let p = temp("j2003.txt", "# . O O\n");
    let o = run(&[
        "status",
        "--ruleset",
        "j2003",
        "--json",
        p.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        v["strings"],
        serde_json::json!([
            {"colour": "black", "points": ["A1"], "status": "dead", "alive": false, "direct_ko_stone": false},
            {"colour": "white", "points": ["C1", "D1"], "status": "capturable-1", "alive": true, "direct_ko_stone": false}
        ])
    );
    assert_eq!(v["score"], -3.0);
    assert_eq!(v["result"], "W+3");
    assert_eq!(v["engines_agree"], true);
    // Prisoner difference and komi enter the score (J-64).
    let o = run(&[
        "status",
        "--ruleset",
        "j2003",
        "--json",
        "--prisoner-difference",
        "5",
        "--komi",
        "0.5",
        p.to_str().unwrap(),
    ]);
    assert_eq!(json(&o)["score"], 1.5);
    // A budget too small: undetermined, score null.
    let o = run(&[
        "status",
        "--ruleset",
        "j2003",
        "--json",
        "--budget",
        "2",
        p.to_str().unwrap(),
    ]);
    // Undetermined within the budget: exit 3 (docs/cli.md), `verdict` says so.
    assert_eq!(o.status.code(), Some(3));
    let v = json(&o);
    assert_eq!(v["verdict"], "undetermined");
    assert_eq!(v["score"], serde_json::Value::Null);
    assert!(v["strings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["status"] == "undetermined" && s["alive"].is_null()));
    // Only j2003 has these statuses.
    let o = run(&["status", "--ruleset", "naj", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected j2003"));
}

#[test]
fn bench_json_contract() {
    let p = temp("bench.txt", "# . O O\n");
    let o = run(&["bench", "--json", "--budget", "100000", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    let rows = v.as_array().expect("an array of rows");
    // Every reduction on, then each of the seventeen J2003 speed-ups off.
    assert_eq!(rows.len(), 18);
    assert_eq!(rows[0]["engine"], "optimized");
    assert_eq!(rows[2]["engine"], "optimized-without-alternating-safety");
    assert_eq!(
        rows[3]["engine"],
        "optimized-without-alternating-safety-cuts"
    );
    assert_eq!(rows[4]["engine"], "optimized-without-local-game-memo");
    assert_eq!(rows[5]["engine"], "optimized-without-local-game-killer");
    assert_eq!(rows[6]["engine"], "optimized-without-fenced-sets");
    assert_eq!(rows[9]["engine"], "optimized-without-benson-survival");
    assert_eq!(rows[10]["engine"], "optimized-without-sealed-regions");
    assert_eq!(rows[11]["engine"], "optimized-without-frozen-regions");
    assert_eq!(rows[12]["engine"], "optimized-without-j2003-dfpn");
    assert_eq!(rows[13]["engine"], "optimized-without-ko-bracketing");
    assert_eq!(rows[14]["engine"], "optimized-without-benson-memo");
    assert_eq!(rows[15]["engine"], "optimized-without-state-graph-memo");
    assert_eq!(rows[16]["engine"], "optimized-without-rival-proofs");
    assert_eq!(rows[17]["engine"], "optimized-without-proof-ladder");
    for r in rows {
        assert!(r["checks"].as_u64().is_some_and(|c| c >= 2));
        assert_eq!(r["position"], "bench");
        assert_eq!(r["points"], 4);
        assert_eq!(r["strings"], 2);
        assert_eq!(r["decided"], 2);
        // Black A1 dead, white C1-D1 alive: white territory B1 plus the dead stone.
        assert_eq!(r["board_score"], -3);
        assert!(r["states"].as_u64().is_some() && r["seconds"].as_f64().is_some());
    }
    let o = run(&["bench", "--quick", "--json", p.to_str().unwrap()]);
    assert_eq!(json(&o).as_array().map(|a| a.len()), Some(1));
    // `--without`: the first configuration with those switches off.
    let o = run(&[
        "bench",
        "--quick",
        "--json",
        "--without",
        "j2003-dfpn",
        "--without",
        "ko-bracketing",
        p.to_str().unwrap(),
    ]);
    let v = json(&o);
    assert_eq!(
        v[0]["engine"], "optimized-without-j2003-dfpn-ko-bracketing",
        "{v}"
    );
    let o = run(&["bench", "--without", "no-such-switch", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    // A missing file is bad input.
    let o = run(&["bench", "no-such-file.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no-such-file.txt"), "{}", stderr(&o));
}

/// `check --jobs N`: the same verdicts in the same order on one thread and on several, each
/// check with its `seconds`; the terminal table ends with the slowest checks.
#[test]
fn check_in_parallel_keeps_order_and_times_each_check() {
    // Files that pass and files that are ignored (undetermined within the budget),
    // interleaved, so that a verdict given to the wrong check shows.
    let dir = std::env::temp_dir().join(format!("go-oracle-cli-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..8 {
        let (id, case) = if i % 3 == 1 {
            (format!("c{i}-later"), UNDECIDED_CASE)
        } else {
            (format!("c{i}-good"), GOOD_CASE)
        };
        let text = case.replace("id: good", &format!("id: {id}"));
        std::fs::write(dir.join(format!("{id}.yaml")), text).unwrap();
    }
    let folder = dir.to_str().unwrap();
    let one = run(&["check", folder, "--json", "--jobs", "1"]);
    let many = run(&["check", folder, "--json", "--jobs", "3"]);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(many.status.code(), Some(0), "{}", stderr(&many));
    for v in [json(&one), json(&many)] {
        let checks = v["checks"].as_array().unwrap();
        assert_eq!(checks.len(), 8);
        let mut files = Vec::new();
        for c in checks {
            assert!(c["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{c}");
            let file = c["file"].as_str().unwrap().to_string();
            let expected = if file.ends_with("-later.yaml") {
                "ignored"
            } else {
                "passed"
            };
            assert_eq!(c["status"], expected, "{c}");
            files.push(file);
        }
        assert!(
            files.windows(2).all(|w| w[0] < w[1]),
            "file order: {files:?}"
        );
    }
    let text = run(&["check", folder]);
    let out = String::from_utf8_lossy(&text.stdout);
    let tail: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("slowest checks"))
        .collect();
    assert_eq!(tail.len(), 6, "the five slowest after the table:\n{out}");
    assert!(
        tail[1..]
            .iter()
            .all(|l| l.contains("::capture") || l.contains("::budget")),
        "{out}"
    );
}

#[test]
fn ljr_play_json_contract() {
    let ko = temp("ljr-ko.txt", ". # O .\n# O . O\n. # O .\n");
    let o = run(&[
        "play",
        "--ruleset",
        "ljr",
        "--setup",
        ko.to_str().unwrap(),
        "--json",
        "B",
        "C2",
        "W",
        "pass",
        "B",
        "pass",
        "W",
        "B2",
        "B",
        "pass",
        "W",
        "pass",
        "B",
        "C2",
        "W",
        "cycle",
        "B",
        "cycle+A1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps[0]["captured"], serde_json::json!(["B2"]));
    // W cycle: the cycle from situation 1 used B2 and C2; the black stone on C2 goes.
    assert_eq!(steps[7]["move"], "W cycle");
    assert_eq!(steps[7]["legal"], true);
    assert_eq!(steps[7]["cycle_removed"], serde_json::json!(["C2"]));
    // No disturbing cycle for Black now.
    assert_eq!(steps[8]["legal"], false);
    assert_eq!(steps[8]["reason"], "no-disturbing-cycle");
    assert_eq!(v["permanently_prohibited"], serde_json::json!(["B2", "C2"]));
    assert_eq!(v["captives"], serde_json::json!({"black": 2, "white": 2}));
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["game_over"], false);
    assert_eq!(v["score"], serde_json::Value::Null);
    assert_eq!(v["engines_agree"], true);
}

#[test]
fn ljr_control_json_contract() {
    let two_eyes = temp("ljr-eyes.txt", ". # .\n");
    let with_a_stone = temp("ljr-eyes-stone.txt", ". # O .\n");
    let o = run(&[
        "control",
        "--ruleset",
        "ljr",
        two_eyes.to_str().unwrap(),
        "--komi",
        "1",
        "--captives",
        "2,0",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["control"], serde_json::json!(["BBB"]));
    assert_eq!(v["dispute_control"], serde_json::json!(["BBB"]));
    // L-5: two territory points and two captives; White has the komi.
    assert_eq!(v["score"]["black"], 4);
    assert_eq!(v["score"]["white"], 1);
    assert_eq!(v["score"]["result"], "B+3");
    for e in ["reference", "optimized"] {
        assert_eq!(
            v["engines"][e]["control"],
            serde_json::json!(["BBB"]),
            "{e}"
        );
        assert!(v["engines"][e]["explored"].as_u64().is_some(), "{e}");
    }
    // Bad input: a fractional komi, a stone on a permanently prohibited point, another
    // ruleset: exit 2 with a message.
    for (args, words) in [
        (vec!["--komi", "0.5"], "non-negative integer"),
        (vec!["--prohibited", "X1"], "not a point"),
        (vec!["--captives", "2"], "expected B,W"),
    ] {
        let mut all = vec!["control", "--ruleset", "ljr", two_eyes.to_str().unwrap()];
        all.extend(args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        assert!(stderr(&o).contains(words), "{all:?}: {}", stderr(&o));
    }
    let o = run(&["control", "--ruleset", "naj", two_eyes.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "control",
        "--ruleset",
        "ljr",
        with_a_stone.to_str().unwrap(),
        "--prohibited",
        "B1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a permanently prohibited location is empty"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn ljr_bad_turns_are_bad_input() {
    for (turns, words) in [
        (vec!["B", "cycle+Z9"], "not a turn"),
        (vec!["B", "C1", "W"], "pairs"),
    ] {
        let mut all = vec!["play", "--ruleset", "ljr", "--size", "3x1"];
        all.extend(turns);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        assert!(stderr(&o).contains(words), "{all:?}: {}", stderr(&o));
    }
}

/// `status --ruleset vjr --json` (docs/cli.md, "status --ruleset vjr"): per string `colour`, `points`, `status`,
/// `uncapturable`, `independently_alive`; `territory` rows of `B`/`W`/`.`; `score`;
/// `engines_agree`; per engine its strings and the states it visited.
#[test]
fn status_vjr_json_contract() {
    // Black's string has the eye points B1 and D1; the white stone on B3 is dead inside
    // Black's area: removed (V-24), the top row becomes Black's territory.
    let p = temp("vjr-status.txt", ". O . .\n# # # #\n# . # .\n");
    let o = run(&[
        "status",
        "--ruleset",
        "vjr",
        p.to_str().unwrap(),
        "--json",
        "--prisoner-difference",
        "1",
        "--komi",
        "0.5",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["independent_life"], "pass-alive-all");
    let strings = v["strings"].as_array().unwrap();
    assert_eq!(strings.len(), 2, "{v}");
    let black = strings.iter().find(|s| s["colour"] == "black").unwrap();
    assert_eq!(black["status"], "independently-alive");
    assert_eq!(black["uncapturable"], true);
    assert_eq!(black["independently_alive"], true);
    assert_eq!(black["points"][0], "A2");
    let white = strings.iter().find(|s| s["colour"] == "white").unwrap();
    assert_eq!(white["points"], serde_json::json!(["B3"]));
    assert_eq!(white["status"], "dead");
    assert_eq!(white["uncapturable"], false);
    assert_eq!(white["independently_alive"], false);
    assert_eq!(v["territory"], serde_json::json!(["BBBB", "....", ".B.B"]));
    // 6 points of territory + 1 removed white stone + prisoner difference 1 - komi 0.5.
    assert_eq!(v["score"], 7.5);
    assert_eq!(v["result"], "B+7.5");
    assert_eq!(v["engines_agree"], true);
    for engine in ["reference", "optimized"] {
        let e = &v["engines"][engine];
        assert!(
            e["explored"].as_u64().is_some_and(|n| n > 0),
            "{engine}: {e}"
        );
        assert_eq!(e["strings"].as_array().map(Vec::len), Some(2), "{engine}");
    }
}

/// `--independent-life` takes the six values of spec vjr.md VP-1; any other is a usage
/// error; a status undetermined within the budget is `undetermined` and the score `null`.
#[test]
fn status_vjr_parameters_and_budget() {
    let p = temp("vjr-params.txt", ". O . .\n# # # #\n# . # .\n");
    let file = p.to_str().unwrap();
    for life in [
        "pass-alive-all",
        "pass-alive-one",
        "two-eye-all",
        "two-eye-one",
        "n-eye-all",
        "n-eye-one",
    ] {
        let o = run(&[
            "status",
            "--ruleset",
            "vjr",
            file,
            "--json",
            "--independent-life",
            life,
        ]);
        assert_eq!(o.status.code(), Some(0), "{life}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["independent_life"], life);
        // Two eye points next to one string: a formation of every kind.
        let strings = v["strings"].as_array().unwrap();
        let black = strings.iter().find(|s| s["colour"] == "black").unwrap();
        assert_eq!(black["status"], "independently-alive", "{life}: {v}");
    }
    let o = run(&[
        "status",
        "--ruleset",
        "vjr",
        file,
        "--independent-life",
        "three-eyes",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("pass-alive-all"), "{}", stderr(&o));
    let o = run(&[
        "status",
        "--ruleset",
        "j2003",
        file,
        "--independent-life",
        "n-eye-one",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("VJR"), "{}", stderr(&o));
    let o = run(&[
        "status",
        "--ruleset",
        "vjr",
        file,
        "--json",
        "--budget",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["verdict"], "undetermined");
    assert!(
        v["strings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["status"] == "undetermined" && s["uncapturable"].is_null()),
        "{v}"
    );
    assert!(v["score"].is_null(), "{v}");
    assert!(v["territory"].is_null(), "{v}");
}

/// A reader that closes early (`| head`) ends the command quietly with exit 0; an output
/// that cannot be written (a full disk) is one line on stderr and exit 2; never a panic.
#[test]
fn a_closed_or_full_standard_output_is_no_panic() {
    use std::process::Stdio;
    let case = "oracle-cases/tromp-taylor/e10-tie.yaml";
    let mut child = common::bin()
        .args(["explain", case])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));

    if std::path::Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = common::bin()
            .args(["explain", case])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write to standard output"),
            "{}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    }
}

/// `play` answers through the session: J-19 refuses White's ending pass on a direct ko stone
/// (when the engine decides the analysis); an answer one engine cannot decide within the
/// budget is `undetermined` (exit 3), not a disagreement (exit 1).
#[test]
fn play_verdicts_agreed_undetermined() {
    let ko = temp("direct-ko-play.txt", ". . # # # O .\n");
    let o = run(&[
        "play",
        "--json",
        "--ruleset",
        "j2003",
        "--engine",
        "optimized",
        "--budget",
        "300000",
        "--setup",
        ko.to_str().unwrap(),
        "B",
        "pass",
        "W",
        "pass",
        "W",
        "A1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["steps"][1]["legal"], false);
    assert_eq!(v["steps"][1]["reason"], "direct-ko");
    assert_eq!(v["steps"][2]["legal"], true);
    assert_eq!(v["verdict"], "agreed");
    // Both engines at a small budget: the reference cannot finish J-19's analysis.
    let o = run(&[
        "play",
        "--json",
        "--ruleset",
        "j2003",
        "--budget",
        "2000",
        "--setup",
        ko.to_str().unwrap(),
        "B",
        "pass",
        "W",
        "pass",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["verdict"], "undetermined");
    assert_eq!(v["steps"][1]["legal"], serde_json::Value::Null);
    assert_eq!(v["steps"][1]["verdict"], "undetermined");
    assert_eq!(v["engines_agree"], true);
    assert!(v["undetermined"].as_str().unwrap().contains("J-19"), "{v}");
    // The LJR game: every step agrees; the reference's score is undetermined. (Its
    // last `B pass` came after the end, where a play starts a new move-sequence: docs/cli.md,
    // "play"; so the game stops at the end here.)
    let mut args = vec!["play", "--json", "--ruleset", "ljr", "--size", "3x3"];
    args.extend("B C3 W B2 B pass W B1 B pass W A3 B cycle B B3 W A1 B pass W pass".split(' '));
    let o = run(&args);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["verdict"], "undetermined");
    assert_eq!(v["game_over"], true);
    assert_eq!(v["score"], serde_json::Value::Null);
    assert!(
        v["undetermined"].as_str().unwrap().contains("reference"),
        "{v}"
    );
}
