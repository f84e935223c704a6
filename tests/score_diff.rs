//! `go-oracle score-diff` on the command line: the hand-made final positions of
//! `tests/score_diff/` (a seki, a false eye, a dead stone inside territory, 5x5) against the
//! oracle under J2003: agreed, disagreed (a record whose marks are wrong), undetermined (a
//! tiny budget), the JSON and exit-status contract, bad input, the case file of a
//! disagreement, and an external GTP engine (go-oracle's own referee as a GTP process). The
//! GNU Go run is in `.ci/gnugo-diff`.

use crate::common;
use common::{json, run, stderr, temp_dir};
use go_oracle::parse::sgf::read_sgf;
use serde_json::Value;
use std::path::PathBuf;

const BIN: &str = env!("CARGO_BIN_EXE_go-oracle");

fn out_dir(name: &str) -> PathBuf {
    let dir = temp_dir().join(format!("score-diff-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `score-diff --ruleset RULESET --engine optimized --budget BUDGET --json --out DIR FILES`.
fn diff(
    ruleset: &str,
    budget: &str,
    out: &std::path::Path,
    files: &[&str],
    extra: &[&str],
) -> (i32, Value) {
    let out = out.display().to_string();
    let mut args = vec![
        "score-diff",
        "--ruleset",
        ruleset,
        "--engine",
        "optimized",
        "--budget",
        budget,
        "--json",
        "--out",
        &out,
    ];
    args.extend(files);
    args.extend(extra);
    let o = run(&args);
    let code = o.status.code().unwrap_or(-1);
    assert!(
        !o.stdout.is_empty(),
        "no output (exit {code}): {}",
        stderr(&o)
    );
    (code, json(&o))
}

fn ruleset_result(v: &Value, file: usize) -> &Value {
    &v["positions"][file]["rulesets"][0]
}

#[test]
fn correct_marks_agree_with_j2003() {
    let out = out_dir("agreed");
    let files = [
        "tests/score_diff/dead-in-territory.sgf",
        "tests/score_diff/dead-in-territory-ae.sgf",
        "tests/score_diff/false-eye.sgf",
        "tests/score_diff/seki.sgf",
    ];
    let (code, v) = diff("j2003", "1000000", &out, &files, &[]);
    assert_eq!(code, 0, "{v:#}");
    assert_eq!(v["agreed"], 4, "{v:#}");
    assert_eq!(v["disagreed"], 0);
    assert_eq!(v["against"], "record");
    for (i, dead) in [
        vec!["B4"],
        vec!["B4"],
        vec!["B5", "D5", "E5", "A4", "B4", "C4"],
        vec![],
    ]
    .into_iter()
    .enumerate()
    {
        let r = ruleset_result(&v, i);
        assert_eq!(r["verdict"], "agreed", "{}: {r:#}", files[i]);
        assert_eq!(r["statuses"], "agreed");
        assert_eq!(r["score"], "agreed");
        assert_eq!(r["oracle_dead"], serde_json::json!(dead), "{}", files[i]);
        assert_eq!(v["positions"][i]["other_dead"], serde_json::json!(dead));
        assert!(r["case_file"].is_null());
    }
    assert_eq!(ruleset_result(&v, 0)["oracle_score"], 4.0);
    assert_eq!(ruleset_result(&v, 2)["oracle_result"], "W+16");
    assert_eq!(ruleset_result(&v, 3)["oracle_result"], "tie");
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0, "no case file");
}

#[test]
fn wrong_marks_disagree_and_become_a_case_that_check_passes() {
    let out = out_dir("disagreed");
    let (code, v) = diff(
        "j2003",
        "1000000",
        &out,
        &["tests/score_diff/false-eye-wrong.sgf"],
        &[],
    );
    assert_eq!(code, 1, "{v:#}");
    assert_eq!(v["disagreed"], 1);
    let r = ruleset_result(&v, 0);
    assert_eq!(r["verdict"], "disagreed");
    assert_eq!(r["statuses"], "disagreed");
    assert_eq!(r["score"], "disagreed");
    let differing: Vec<&str> = r["differing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["point"].as_str().unwrap())
        .collect();
    assert_eq!(differing, ["B5", "D5", "E5", "A4", "B4", "C4"]);
    assert_eq!(r["differing"][0]["other"], "alive");
    assert_eq!(r["differing"][0]["oracle"], "dead");
    assert_eq!(v["positions"][0]["other_score"], 0.0);
    assert!(r["diagram"].as_str().unwrap().contains("(x)"), "{r:#}");
    let case = r["case_file"].as_str().unwrap();
    let text = std::fs::read_to_string(case).unwrap();
    assert!(text.contains("reason: source-error"), "{text}");
    assert!(text.contains("result: W+16"), "{text}");
    let o = run(&["check", case]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stdout(&o));
}

#[test]
fn a_tiny_budget_is_undetermined_never_a_disagreement() {
    let out = out_dir("undetermined");
    // The marks are wrong, but the oracle decides nothing within 1 state: undetermined.
    let (code, v) = diff(
        "j2003",
        "1",
        &out,
        &["tests/score_diff/false-eye-wrong.sgf"],
        &[],
    );
    assert_eq!(code, 3, "{v:#}");
    let r = ruleset_result(&v, 0);
    assert_eq!(r["verdict"], "undetermined", "{r:#}");
    assert_eq!(r["differing"], serde_json::json!([]));
    assert!(!r["undetermined_stones"].as_array().unwrap().is_empty());
    assert!(r["case_file"].is_null());
    assert_eq!(v["disagreed"], 0);
    // Beside an agreed position: exit 0 (every comparison agreed or undetermined).
    let (code, v) = diff(
        "j2003",
        "10000",
        &out,
        &[
            "tests/score_diff/dead-in-territory.sgf",
            "tests/score_diff/seki.sgf",
        ],
        &[],
    );
    assert_eq!(code, 0, "{v:#}");
    assert_eq!(
        (v["agreed"].as_u64(), v["undetermined"].as_u64()),
        (Some(1), Some(1))
    );
    // An undetermined ruleset does not hide another's disagreement (Tromp-Taylor has no dead
    // stones: B4 is alive there, and the area score is 0, not B+4).
    let (code, v) = diff(
        "j2003,tromp-taylor",
        "1",
        &out,
        &["tests/score_diff/dead-in-territory-ae.sgf"],
        &[],
    );
    assert_eq!(code, 1, "{v:#}");
    assert_eq!(v["positions"][0]["rulesets"][1]["verdict"], "disagreed");
    assert_eq!(ruleset_result(&v, 0)["verdict"], "undetermined");
}

#[test]
fn an_external_engine_is_compared_and_differs_as_engine_differs() {
    let out = out_dir("engine");
    let engine = [
        "--",
        BIN,
        "gtp",
        "--ruleset",
        "j2003",
        "--engine",
        "optimized",
        "--budget",
        "1000000",
    ];
    let (code, v) = diff(
        "j2003",
        "1000000",
        &out,
        &["tests/score_diff/false-eye-wrong.sgf"],
        &engine,
    );
    assert_eq!(
        code, 0,
        "the engine ignores the record's wrong marks: {v:#}"
    );
    assert!(v["against"].as_str().unwrap().starts_with("go-oracle"));
    assert_eq!(
        v["positions"][0]["other_dead"],
        serde_json::json!(["B5", "D5", "E5", "A4", "B4", "C4"])
    );
    let (code, v) = diff(
        "tromp-taylor",
        "1000",
        &out,
        &["tests/score_diff/false-eye.sgf"],
        &engine,
    );
    assert_eq!(code, 1, "{v:#}");
    let r = ruleset_result(&v, 0);
    let text = std::fs::read_to_string(r["case_file"].as_str().unwrap()).unwrap();
    assert!(text.contains("reason: engine-differs"), "{text}");
}

#[test]
fn bad_input_exits_2_naming_what_was_expected() {
    let out = out_dir("bad");
    let dir = out.display().to_string();
    let bare = out.join("bare.sgf");
    std::fs::write(&bare, "(;GM[1]SZ[5]AB[aa];W[bb])").unwrap();
    let broken = out.join("broken.sgf");
    std::fs::write(&broken, "(;GM[1]SZ[5]\n;B[zz])").unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![bare.display().to_string()], "nothing to compare"),
        (vec![broken.display().to_string()], "broken.sgf:2"),
        (vec!["tests/score_diff/none.sgf".into()], "cannot read"),
        (
            vec![
                "tests/score_diff/seki.sgf".into(),
                "--ko".into(),
                "basic".into(),
            ],
            "belong to --ruleset custom",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["score-diff", "--ruleset", "j2003", "--out", &dir];
        all.extend(args.iter().map(String::as_str));
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(want), "{all:?}: {}", stderr(&o));
    }
    let o = run(&[
        "score-diff",
        "--ruleset",
        "j2003",
        "--out",
        "Cargo.toml",
        "tests/score_diff/seki.sgf",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a folder"));
}

#[test]
fn the_reader_keeps_re_end_removals_and_empty_territory() {
    let g = read_sgf(
        "(;GM[1]SZ[5]RE[W+2.5]AB[aa][ba]AW[ca];B[ab];W[];B[]\n;AE[ca])",
        "t.sgf",
    )
    .unwrap();
    assert_eq!(g.result.as_deref(), Some("W+2.5"));
    let m = g.markup.unwrap();
    assert!(m.marked);
    assert_eq!(m.removed, vec![2]);
    assert_eq!(g.moves.len(), 3);
    let g = read_sgf("(;GM[1]SZ[5]AB[aa];W[bb];TB[]TW[])", "t.sgf").unwrap();
    assert!(g.markup.unwrap().marked);
    // AE with stones added is still refused after the first move.
    assert!(read_sgf("(;GM[1]SZ[5];B[aa];AE[aa]AB[bb])", "t.sgf").is_err());
}
