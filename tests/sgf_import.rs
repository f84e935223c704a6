//! `import` through the library door: J2003's direct ko rule (J-19) decided and undetermined,
//! ko captures with their removals, a GUI's record with a player moving out of turn (GTP
//! `printsgf`), and the `RU` value of a custom ruleset both ways.

use crate::common;

use common::{bin, run, s, stderr, stdout, temp, temp_dir};
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

/// `go-oracle check --json` on a file: (exit status, passed, failed, ignored).
fn check(p: &Path) -> (i32, u64, u64, u64) {
    let o = run(&["check", s(p), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("check --json");
    (
        o.status.code().unwrap_or(-1),
        v["passed"].as_u64().unwrap(),
        v["failed"].as_u64().unwrap(),
        v["ignored"].as_u64().unwrap(),
    )
}

const J19: &str = "(;GM[1]FF[4]SZ[7:1]RU[Japanese]AB[ca][da][ea]AW[fa]PL[B];B[];W[])";

/// White's pass would end the game on a position with a direct ko stone (F1): at a budget of
/// 4,000 states no engine decides it, so the pass is written without a claim, named in
/// the notes and on stderr, the check has no `expect`, and import exits 3.
#[test]
fn j19_pass_undetermined_is_named_and_exits_3() {
    let p = temp("j19.sgf", J19);
    let out = temp_dir().join("j19.yaml");
    let o = run(&["import", s(&p), "-o", s(&out), "--json", "--budget", "4000"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "undetermined");
    assert_eq!(v["written"], 2);
    assert_eq!(v["decided"], 1);
    assert!(
        v["undetermined"][0]
            .as_str()
            .unwrap()
            .starts_with("SGF move 2 (W pass): its legality: undetermined"),
        "{v}"
    );
    assert!(
        stderr(&o).contains(
            "2 of 2 moves written in 1 check: undetermined: SGF move 2 (W pass) (details above"
        ),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("- play: W pass\n    note: 'legality undetermined"),
        "{text}"
    );
    assert!(!text.contains("legal: false"), "{text}");
    assert!(!text.contains("expect:"), "{text}");
    assert!(
        text.contains("Undetermined: the legality of SGF move 2 (W pass)"),
        "{text}"
    );
    // `check`: ignored (undetermined), never failed; its only check ignored, so nothing was
    // checked: exit 1 (docs/cli.md's exit statuses).
    assert_eq!(check(&out), (1, 0, 0, 1));
}

/// At the default budget the optimized engine decides it: the pass is illegal (J-19), written
/// as such, naming the engine that decided; the reference still cannot decide, so the import
/// is undetermined all the same.
#[test]
fn j19_pass_decided_is_written_illegal() {
    let p = temp("j19b.sgf", J19);
    let out = temp_dir().join("j19b.yaml");
    let o = run(&["import", s(&p), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("- play: W pass\n    legal: false\n    reason: direct-ko\n    note: 'illegal (direct-ko) by optimized; reference:"),
        "{text}"
    );
    assert!(text.contains("to-move: white"), "{text}");
    let (code, _, failed, _) = check(&out);
    assert_eq!((code, failed), (0, 0));
}

/// Ko captures under RU[Japanese] on 9x9: both written with `removed`, and the refused
/// immediate retake with its reason; the case passes `check`.
#[test]
fn ko_captures_keep_their_removals() {
    let p = temp(
        "ko9.sgf",
        "(;GM[1]FF[4]SZ[9]RU[Japanese];B[dd];W[ed];B[ce];W[fe];B[df];W[ef];B[ai];W[de];B[ee];W[ia];B[aa];W[de];B[ee])",
    );
    let out = temp_dir().join("ko9.yaml");
    let o = run(&["import", s(&p), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("- play: B E5\n    removed:\n    - D5"),
        "{text}"
    );
    assert!(
        text.contains("- play: W D5\n    removed:\n    - E5"),
        "{text}"
    );
    assert!(
        text.contains("- play: B E5\n    legal: false\n    reason: basic-ko"),
        "{text}"
    );
    assert_eq!(check(&out), (0, 1, 0, 0));
}

/// A GUI plays two black moves in a row through the referee; `printsgf` records them as
/// they came, and import keeps all five moves: the second black move starts a new check.
#[test]
fn printsgf_with_a_move_out_of_turn_imports_every_move() {
    let mut child = bin()
        .args(["gtp", "--ruleset", "tromp-taylor"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"boardsize 9\nplay B E5\nplay B D4\nplay W C3\nplay B pass\nplay W pass\nprintsgf\nquit\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let answer = stdout(&o);
    let sgf = &answer[answer.find("(;").expect("printsgf")..];
    let sgf = &sgf[..=sgf.find(")\n").expect("end of the game tree")];
    let p = temp("gui.sgf", sgf);
    let out = temp_dir().join("gui.yaml");
    let o = run(&["import", s(&p), "-o", s(&out), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{sgf}\n{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["moves"].as_u64(), v["written"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(v["out_of_turn"], serde_json::json!([2]));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("- name: main-line-2\n  description: 'Continues `main-line`"),
        "{text}"
    );
    // printsgf comments the move that ended the game; import keeps it as the step's note.
    assert!(
        text.contains("- B D4, W C3, B pass\n  - play: W pass\n    note: 'go-oracle: the game ends here under tromp-taylor"),
        "{text}"
    );
    assert!(text.contains("result: B+1"), "{text}");
    assert_eq!(check(&out), (0, 2, 0, 0));
}

/// Prisoners taken before a move out of turn stay with the new check.
#[test]
fn prisoners_are_kept_across_a_move_out_of_turn() {
    let p = temp(
        "prisoners.sgf",
        "(;GM[1]SZ[5]RU[TT];B[ba];W[aa];B[ab];W[ee];W[dd];B[])",
    );
    let out = temp_dir().join("prisoners.yaml");
    let o = run(&["import", s(&p), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let second = &text[text.find("- name: main-line-2").expect("two checks")..];
    assert!(second.contains("to-move: white"), "{second}");
    assert!(
        second.contains("prisoners:\n    black: 1\n    white: 0"),
        "{second}"
    );
    assert_eq!(check(&out), (0, 2, 0, 0));
}

/// `export` of a custom check writes its rules in RU; `import` reads them back to the same
/// rules. A malformed custom RU is bad input naming the file.
#[test]
fn custom_rules_round_trip_through_ru() {
    let case = temp(
        "custom.yaml",
        "id: custom
source: {document: test}
checks:
  - name: suicide
    ruleset: custom
    rules: {suicide: allowed, ko: [positional-superko], game-end-passes: 3, scoring: area-reaching-only}
    size: 3x1
    moves:
      - B A1
      - {play: W B1}
      - {play: B C1, removed: [B1]}
",
    );
    let sgf = temp_dir().join("custom.sgf");
    let o = run(&["export", s(&case), "-o", s(&sgf)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&sgf).unwrap();
    assert!(
        text.contains("RU[go-oracle custom\\: suicide=allowed capture-order=opponent-first ko=positional-superko game-end-passes=3 scoring=area-reaching-only]"),
        "{text}"
    );
    let back = temp_dir().join("custom-back.yaml");
    let o = run(&["import", s(&sgf), "-o", s(&back)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rules = |p: &Path| -> serde_yaml::Value {
        let v: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        v["checks"][0]["rules"].clone()
    };
    let mut want = rules(&case);
    want["capture-order"] = "opponent-first".into();
    assert_eq!(rules(&back), want);
    assert_eq!(check(&back), (0, 1, 0, 0));

    let bad = temp(
        "bad-custom.sgf",
        "(;GM[1]SZ[3]RU[go-oracle custom: suicide=sometimes ko=none];B[aa])",
    );
    let o = run(&["import", s(&bad)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad-custom.sgf: RU[go-oracle custom: suicide=sometimes ko=none]: `suicide=sometimes`: unknown value"), "{}", stderr(&o));
}

/// A play after the end of the game (the ruleset's passes) starts a new move-sequence (the
/// session's rule, as the GTP referee plays it): a second check from the final position,
/// every move written, exit 0. Break: import no longer cuts at the end (the game-over
/// position then refuses B A5 or W B4 is out of a check).
#[test]
fn a_play_after_the_end_starts_a_new_check() {
    let p = temp("end.sgf", "(;GM[1]SZ[5]RU[TT];B[];W[];B[aa];W[bb])");
    let out = temp_dir().join("end.yaml");
    let o = run(&["import", s(&p), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("4 of 4 moves written in 2 checks (out of turn: move 3): agreed"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("SGF move 3 (B A5) comes after the end of the game"),
        "{text}"
    );
    assert!(text.contains("game-over: true"), "{text}");
    assert_eq!(check(&out), (0, 2, 0, 0));
}

/// Two game trees of different boards and rulesets, the first with a variation: one check
/// per game tree (`game-1`, `game-2`: no `N` names them), every move written, the variation
/// left out and said so in the notes, and the case passes `check`.
#[test]
fn a_collection_of_two_game_trees_imports_as_two_checks() {
    let p = temp(
        "two-trees.sgf",
        "(;GM[1]SZ[5]RU[TT]KM[0.5]\n;B[cc];W[dd](;B[];W[])(;B[bb]))\n\n(;GM[1]SZ[3:2]RU[Tromp-logical]\n;B[aa];W[cb];B[];W[])\n",
    );
    let out = temp_dir().join("two-trees.yaml");
    let o = run(&["import", s(&p), "-o", s(&out), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["checks"], serde_json::json!(["game-1", "game-2"]), "{v}");
    assert_eq!(
        (v["moves"].as_u64(), v["written"].as_u64()),
        (Some(8), Some(8))
    );
    assert_eq!(v["game_trees"][1]["line"], 4, "{v}");
    assert_eq!(v["game_trees"][1]["ruleset"], "tromp-logical", "{v}");
    assert!(
        stderr(&o).contains("8 of 8 moves written in 2 checks from 2 game trees: agreed"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let case: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let checks = &case["checks"];
    assert_eq!(checks[0]["size"], "5x5", "{text}");
    assert_eq!(
        checks[0]["moves"][0], "B C3, W D2, B pass, W pass",
        "{text}"
    );
    assert_eq!(checks[1]["size"], "3x2", "{text}");
    assert_eq!(checks[1]["ruleset"], "tromp-logical", "{text}");
    assert_eq!(
        checks[1]["moves"][0], "B A2, W C1, B pass, W pass",
        "{text}"
    );
    assert!(
        text.contains("Game tree 1 (line 1): SGF reader: variations left out"),
        "{text}"
    );
    assert_eq!(check(&out), (0, 2, 0, 0));
}

/// A game tree whose rules cannot be read is refused (exit 2), named by its index and line
/// with the rules of the game tree before it; so is a malformed game tree after the first.
#[test]
fn a_game_tree_that_cannot_be_read_is_refused_by_index_and_line() {
    let p = temp(
        "no-ru.sgf",
        "(;GM[1]SZ[5]RU[TT];B[cc])\n\n(;GM[1]SZ[9];B[ee])\n",
    );
    let o = run(&["import", s(&p)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("no-ru.sgf: game tree 2 (line 3): the SGF names no ruleset (no RU property); give --ruleset R (each game tree of a collection states its own rules: game tree 1 (line 1) has RU[TT] read as tromp-taylor)"),
        "{}",
        stderr(&o)
    );
    // `--ruleset` gives every game tree its rules.
    let o = run(&["import", s(&p), "--ruleset", "tromp-taylor", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["checks"], serde_json::json!(["game-1", "game-2"]), "{v}");
    let p = temp(
        "bad-tree.sgf",
        "(;GM[1]SZ[5]RU[TT];B[cc])\n(;GM[1]SZ[5]RU[TT];B[zz])\n",
    );
    let o = run(&["import", s(&p)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("bad-tree.sgf:2:20: game tree 2: B[zz]: a move outside the 5x5 board"),
        "{}",
        stderr(&o)
    );
}

/// export -> import -> check of a case of several checks: one collection, and the same
/// checks back (names from the root's `N`, in order) with the same moves; the case passes.
#[test]
fn a_multi_check_case_round_trips_through_one_collection() {
    let case = temp(
        "multi.yaml",
        "id: multi
source: {document: test}
checks:
  - name: capture
    ruleset: tromp-taylor
    size: 4x3
    moves: [\"B A2, W B2, B C2, W pass, B B1, W pass, B B3\"]
  - name: area
    ruleset: tromp-logical
    size: 3x3
    komi: 0.5
    moves: [\"B B2, W pass, B pass\"]
  - name: suicide
    ruleset: custom
    rules: {suicide: allowed, ko: [positional-superko]}
    size: 3x1
    moves: [\"B A1, W C1, B B1\"]
",
    );
    let sgf = temp_dir().join("multi.sgf");
    let o = run(&["export", s(&case), "-o", s(&sgf)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&sgf).unwrap();
    assert_eq!(text.matches("(;FF[4]").count(), 3, "{text}");
    let back = temp_dir().join("multi-back.yaml");
    let o = run(&["import", s(&sgf), "-o", s(&back)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let checks = |p: &Path| -> Vec<(String, String)> {
        let v: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        v["checks"]
            .as_sequence()
            .unwrap()
            .iter()
            .map(|c| {
                let moves: Vec<String> = c["moves"]
                    .as_sequence()
                    .unwrap()
                    .iter()
                    .map(|m| match m.as_str() {
                        Some(t) => t.to_string(),
                        None => m["play"].as_str().unwrap().to_string(),
                    })
                    .collect();
                (c["name"].as_str().unwrap().to_string(), moves.join(", "))
            })
            .collect()
    };
    assert_eq!(checks(&back), checks(&case));
    assert_eq!(check(&back), (0, 3, 0, 0));
}

/// docs/sgf.md "Rule names": `RU[Chinese]` is imported as `custom` with its play rules (no score),
/// and the case goes out (`export`) and back (`import`) with the same rules; `RU[AGA]` and a
/// KataGo string with White's handicap bonus in a handicap game are refused naming the part.
#[test]
fn rule_names_import_custom_and_refuse_parts() {
    let p = temp(
        "cn.sgf",
        "(;GM[1]SZ[9]RU[Chinese]KM[7.5];B[ee];W[cc];B[];W[])",
    );
    let out = temp_dir().join("cn.yaml");
    let o = run(&["import", s(&p), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let case = std::fs::read_to_string(&out).unwrap();
    assert!(case.contains("ruleset: custom"), "{case}");
    assert!(case.contains("ko:\n    - positional-superko"), "{case}");
    assert!(case.contains("suicide: forbidden"), "{case}");
    let sgf = run(&["export", s(&out)]);
    assert_eq!(sgf.status.code(), Some(0), "{}", stderr(&sgf));
    let back = temp("cn-back.sgf", &stdout(&sgf));
    let out2 = temp_dir().join("cn-back.yaml");
    let o = run(&["import", s(&back), "-o", s(&out2)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rules = |t: &str| {
        t.split("rules:")
            .nth(1)
            .map(|r| r.lines().take(8).collect::<Vec<_>>().join("\n"))
    };
    assert_eq!(
        rules(&case),
        rules(&std::fs::read_to_string(&out2).unwrap())
    );
    assert_eq!(check(&out2).0, 0);

    let p = temp("aga.sgf", "(;GM[1]SZ[9]RU[AGA];B[ee])");
    let o = run(&["import", s(&p)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("RU[AGA]: go-oracle does not model the AGA rules' end of the game"),
        "{}",
        stderr(&o)
    );
    let whb = "(;GM[1]SZ[9]HA[2]AB[cc][gg]RU[koPOSITIONALscoreAREAtaxNONEsui0whbN];W[ee])";
    let o = run(&["import", s(&temp("whb.sgf", whb))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("White's handicap bonus"),
        "{}",
        stderr(&o)
    );
    let even = "(;GM[1]SZ[9]RU[koPOSITIONALscoreAREAtaxNONEsui0whbN];B[ee])";
    let o = run(&["import", s(&temp("whb0.sgf", even))]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
