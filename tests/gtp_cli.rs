//! `go-oracle gtp` and `go-oracle gtp-diff` on the command line: exit statuses, the JSON
//! contract of gtp-diff, shrinking and the case files it writes. The external engine in
//! these tests is go-oracle's own referee under other rules (a real GTP process); the GNU Go
//! differential runs in `.ci/gnugo-diff`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use crate::common;
use common::{json, run, BIN};

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-oracle-gtp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn gtp_session(args: &[&str], input: &str) -> String {
    let mut child = Command::new(BIN)
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

/// `gtp-diff` under Tromp-Taylor (one 5x5 game, seed 5) against go-oracle's own referee
/// under custom rules without suicide and with basic ko, `engine_extra` added to the
/// engine's arguments.
fn diff_against_no_suicide(dir: &std::path::Path, json: bool, engine_extra: &[&str]) -> Output {
    let dir = dir.to_str().unwrap();
    let mut args = vec![
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x5",
        "--games",
        "1",
        "--seed",
        "5",
        "--out",
        dir,
    ];
    if json {
        args.push("--json");
    }
    args.extend([
        "--",
        BIN,
        "gtp",
        "--ruleset",
        "custom",
        "--suicide",
        "forbidden",
        "--ko",
        "basic",
        "--engine",
        "optimized",
    ]);
    args.extend(engine_extra);
    run(&args)
}

#[test]
fn gtp_diff_of_the_referee_against_itself_agrees() {
    let dir = out_dir("self");
    let o = run(&[
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x4",
        "--games",
        "3",
        "--json",
        "--out",
        dir.to_str().unwrap(),
        "--",
        BIN,
        "gtp",
        "--ruleset",
        "tromp-taylor",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let j = json(&o);
    assert_eq!(j["games"], 3);
    assert_eq!(j["size"], "5x4");
    assert!(j["moves"].as_u64().unwrap() > 10);
    // Every point before every move: at least points x moves.
    assert!(j["probes"].as_u64().unwrap() >= 20 * j["moves"].as_u64().unwrap());
    assert_eq!(j["scores_compared"], 3);
    assert_eq!(j["disagreements"], serde_json::json!([]));
    assert!(j["capabilities"]["all_legal"].as_bool().unwrap());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn gtp_diff_shrinks_a_suicide_and_writes_a_case_that_checks() {
    let dir = out_dir("suicide");
    let o = diff_against_no_suicide(&dir, true, &[]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let j = json(&o);
    let d = &j["disagreements"][0];
    assert_eq!(d["kind"], "legality");
    // White E1 fills the last liberty of D1-E1 (a two-stone suicide, legal under
    // Tromp-Taylor, illegal for the engine); shrunk from 18 moves.
    assert_eq!(
        d["moves"],
        serde_json::json!(["B D1", "W pass", "B E2", "W E1"])
    );
    assert_eq!(d["original_moves"], 18);
    assert_eq!(d["oracle"], "legal");
    assert_eq!(d["engine"], "illegal");
    let case = PathBuf::from(d["case_file"].as_str().unwrap());
    let text = std::fs::read_to_string(&case).unwrap();
    assert!(text.contains("reason: engine-differs"), "{text}");
    assert!(text.contains("B D1, W pass, B E2"), "{text}");
    // The case asserts the oracle's answer: it passes on every engine.
    let c = run(&["check", case.to_str().unwrap()]);
    assert_eq!(
        c.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&c.stdout)
    );
    // Plain text: the summary line.
    let o = diff_against_no_suicide(&dir, false, &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("games 1, moves 17, probes") && stdout.contains("disagreements 1"),
        "{stdout}"
    );
}

#[test]
fn gtp_diff_probes_by_play_and_undo_without_all_legal_and_is_legal() {
    let dir = out_dir("probing");
    let o = diff_against_no_suicide(&dir, true, &["--without-commands", "all_legal,is_legal"]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let j = json(&o);
    assert_eq!(j["capabilities"]["all_legal"], false);
    assert_eq!(j["capabilities"]["is_legal"], false);
    assert_eq!(j["capabilities"]["undo"], true);
    // The same finding as with all_legal.
    assert_eq!(
        j["disagreements"][0]["moves"],
        serde_json::json!(["B D1", "W pass", "B E2", "W E1"])
    );
    // Without undo as well, legality cannot be probed: a protocol failure.
    let o = run(&[
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x5",
        "--games",
        "1",
        "--out",
        dir.to_str().unwrap(),
        "--",
        BIN,
        "gtp",
        "--ruleset",
        "tromp-taylor",
        "--without-commands",
        "all_legal,is_legal,undo",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("legality cannot be probed"));
    let o = run(&[
        "gtp",
        "--ruleset",
        "tromp-taylor",
        "--without-commands",
        "quit",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn gtp_diff_engine_that_cannot_start_or_breaks_the_protocol_exits_2() {
    let dir = out_dir("broken");
    let d = dir.to_str().unwrap();
    let o = run(&[
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--out",
        d,
        "--",
        "/no/such/engine",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot start `/no/such/engine`"));
    // `cat` echoes the command: not a GTP response.
    let o = run(&[
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--out",
        d,
        "--",
        "cat",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("a response must start with `=` or `?`"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // `true` exits at once.
    let o = run(&[
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--out",
        d,
        "--",
        "true",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("closed its output") || e.contains("cannot write to the engine"),
        "{e}"
    );
    // Bad arguments.
    let o = run(&[
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "0x3",
        "--",
        "true",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["gtp-diff", "--ruleset", "tromp-taylor"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn gtp_diff_pass_rate_passes_and_a_rate_outside_0_1_exits_2() {
    let dir = out_dir("rates");
    let d = dir.to_str().unwrap();
    let o = run(&[
        "gtp-diff",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "5x5",
        "--games",
        "3",
        "--json",
        "--pass-rate",
        "1",
        "--ko-rate",
        "0.5",
        "--out",
        d,
        "--",
        BIN,
        "gtp",
        "--ruleset",
        "tromp-taylor",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let j = json(&o);
    // Every turn a pass: each game ends after its two passes.
    assert_eq!(j["moves"], 6);
    assert_eq!(j["pass_rate"], 1.0);
    assert_eq!(j["ko_rate"], 0.5);
    for bad in ["1.5", "-0.1", "NaN"] {
        let o = run(&[
            "gtp-diff",
            "--ruleset",
            "tromp-taylor",
            "--ko-rate",
            bad,
            "--out",
            d,
            "--",
            "true",
        ]);
        assert_eq!(o.status.code(), Some(2), "--ko-rate {bad}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("--ko-rate must be a probability"));
    }
}

#[test]
fn gtp_bad_configuration_exits_2() {
    let o = run(&["gtp", "--ruleset", "custom", "--ko", "basic"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs `rules` to give suicide"));
    let o = run(&["gtp", "--ruleset", "tromp-taylor", "--ko", "simple"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("`simple` is not a ko rule"));
    let o = run(&[
        "gtp",
        "--ruleset",
        "tromp-taylor",
        "--independent-life",
        "two-eye-all",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["gtp", "--ruleset", "ljr", "--suicide", "allowed"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn genmove_is_reproducible_from_its_seed() {
    let input = "boardsize 19\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\n";
    let a = gtp_session(&["--ruleset", "tromp-taylor", "--seed", "11"], input);
    let b = gtp_session(&["--ruleset", "tromp-taylor", "--seed", "11"], input);
    let c = gtp_session(&["--ruleset", "tromp-taylor", "--seed", "12"], input);
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(a.matches("\n\n").count(), 6);
}
