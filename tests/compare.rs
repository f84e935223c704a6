//! `go-oracle compare`: one position under several rulesets. The JSON contract, answers that
//! differ by ruleset (a suicide legal under Tromp-Taylor only; a dead stone that Tromp-Taylor
//! counts and the others take off, so every score differs), the inputs (diagram, SGF, case
//! check), the exit statuses and the HTML page.

use crate::common::{json, run, s, stderr, stdout, temp};

/// A dead black stone at E4 inside White's area; A4 is an empty point where a white play
/// has no liberty (suicide).
const DEAD_STONE: &str = ". # . O #\n# # O O .\n# . # O O\n. # # O .\n";

fn ruleset<'a>(v: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    v["rulesets"]
        .as_array()
        .expect("a rulesets array")
        .iter()
        .find(|r| r["ruleset"] == name)
        .unwrap_or_else(|| panic!("no {name} in {v}"))
}

/// The JSON fields, and the answers that differ by ruleset: W A4 is legal under
/// Tromp-Taylor (suicide allowed, TT-5) and illegal (suicide) under J2003 and NAJ; the dead
/// stone counts for Black under Tromp-Taylor's area score (B+4), J2003 counts it twice for
/// White (a tie here), VJR removes it (W+1).
#[test]
fn json_contract_and_answers_that_differ_by_ruleset() {
    let p = temp("dead-stone.txt", DEAD_STONE);
    let o = run(&[
        "compare",
        "--json",
        "--rulesets",
        "tromp-taylor,j2003,vjr,naj",
        "--move",
        "W",
        "A4",
        "--budget",
        "20000",
        s(&p),
    ]);
    let v = json(&o);
    for field in [
        "source", "position", "komi", "budget", "engines", "next", "verdict",
    ] {
        assert!(v.get(field).is_some(), "{field} missing: {v}");
    }
    assert_eq!(v["rulesets"].as_array().map(Vec::len), Some(4));
    let tt = ruleset(&v, "tromp-taylor");
    let j = ruleset(&v, "j2003");
    let vjr = ruleset(&v, "vjr");
    let naj = ruleset(&v, "naj");
    assert_eq!(tt["move"]["legal"], true);
    assert_eq!(tt["move"]["verdict"], "agreed");
    for r in [j, vjr, naj] {
        assert_eq!(r["move"]["legal"], false, "{r}");
        assert_eq!(r["move"]["reason"], "suicide", "{r}");
    }
    assert_eq!(tt["score"]["value"], 4.0);
    assert_eq!(tt["score"]["result"], "B+4");
    assert_eq!(j["score"]["value"], 0.0);
    assert_eq!(vjr["score"]["value"], -1.0);
    assert_eq!(j["score"]["verdict"], "agreed");
    // Tromp-Taylor has no statuses: it says why.
    assert_eq!(tt["strings"], serde_json::Value::Null);
    assert!(tt["why"]["strings"]
        .as_str()
        .is_some_and(|w| w.contains("not a question of tromp-taylor")));
    // Every string with its points, colour, status and verdict.
    let dead = |r: &serde_json::Value| -> serde_json::Value {
        r["strings"]
            .as_array()
            .expect("strings")
            .iter()
            .find(|x| x["at"] == "E4")
            .cloned()
            .expect("the string at E4")
    };
    assert_eq!(dead(j)["status"], "dead");
    assert_eq!(dead(j)["colour"], "black");
    assert_eq!(dead(j)["points"], serde_json::json!(["E4"]));
    assert_eq!(dead(j)["verdict"], "agreed");
    assert_eq!(dead(vjr)["status"], "dead");
    assert_eq!(dead(naj)["status"], "not-immortal");
    // NAJ's white-analysis is not decided within 20,000: undetermined, with what was spent.
    assert_eq!(naj["score"]["verdict"], "undetermined");
    let u = &naj["score"]["undetermined"][0];
    assert_eq!(u["budget"], 20000);
    assert!(u["explored"].as_u64().is_some_and(|e| e > 0), "{u}");
    assert!(u["question"].as_str().is_some_and(|q| q.contains("NAJ")));
    assert_eq!(v["verdict"], "undetermined");
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}

/// Every ruleset answers and the engines agree: exit 0; the text has a column per ruleset.
#[test]
fn agreed_text_with_a_column_per_ruleset() {
    let p = temp("dead-stone-text.txt", DEAD_STONE);
    let o = run(&[
        "compare",
        "--rulesets",
        "tromp-taylor,j2003,vjr,ljr",
        "--move",
        "W",
        "A4",
        s(&p),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let header = out
        .lines()
        .find(|l| l.trim_start().starts_with("tromp-taylor"))
        .expect("a header row");
    for r in ["j2003", "vjr", "ljr"] {
        assert!(header.contains(r), "{header}");
    }
    let row = |label: &str| {
        out.lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no row {label}: {out}"))
            .to_string()
    };
    assert!(row("W A4").contains("illegal (suicide)"));
    assert!(row("black E4").contains("dead"));
    assert!(row("score").contains("B+4"));
    assert!(row("score").contains("W+1"));
    assert!(out.contains("overall: agreed"));
}

/// An SGF record's final position (its moves played under its RU) and a case check's start.
#[test]
fn sgf_and_case_inputs() {
    let sgf = temp(
        "game.sgf",
        "(;GM[1]FF[4]SZ[4]RU[Japanese]KM[0.5];B[bb];W[cc];B[bc];W[cb])",
    );
    let o = run(&[
        "compare",
        "--json",
        "--rulesets",
        "tromp-taylor,j2003",
        s(&sgf),
    ]);
    let v = json(&o);
    assert_eq!(v["source"]["kind"], "sgf");
    assert!(v["source"]["detail"]
        .as_str()
        .is_some_and(|d| d.contains("after 4 moves played under j2003")));
    assert_eq!(v["komi"], 0.5);
    assert_eq!(
        v["position"],
        serde_json::json!(["....", ".#O.", ".#O.", "...."])
    );
    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/oracle-cases/j2003-shapes/dead-stone.yaml"
    );
    let o = run(&[
        "compare",
        "--json",
        "--rulesets",
        "j2003,vjr",
        case,
        "--check",
        "dead-stone",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["source"]["kind"], "case");
    assert_eq!(v["position"], serde_json::json!(["#.O."]));
    assert_eq!(ruleset(&v, "j2003")["score"]["result"], "W+4");
    assert_eq!(ruleset(&v, "vjr")["score"]["result"], "W+4");
}

/// Bad input: exit 2, naming the file and what was expected.
#[test]
fn bad_input_exits_2() {
    let p = temp("bad-compare.txt", DEAD_STONE);
    let no_liberty = temp("no-liberty.txt", "# O .\nO . .\n");
    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/oracle-cases/j2003-shapes/dead-stone.yaml"
    );
    for (args, words) in [
        (vec!["compare", "/nonexistent/x.txt"], "cannot read"),
        (vec!["compare", s(&no_liberty)], "no liberty"),
        (
            vec!["compare", "--move", "G", "A4", s(&p)],
            "expected a colour",
        ),
        (vec!["compare", "--move", "W", "Z9", s(&p)], "not a point"),
        (vec!["compare", case, "--check", "nope"], "no check named"),
        (vec!["compare", s(&p), "--check", "x"], "case file"),
        (vec!["compare", "--rulesets", "go", s(&p)], "invalid value"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(words), "{args:?}: {}", stderr(&o));
    }
    let bad_sgf = temp("bad.sgf", "(;GM[1]SZ[4];B[zz]");
    let o = run(&["compare", s(&bad_sgf)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("bad.sgf"), "{}", stderr(&o));
}

/// The page: well-formed XML, one SVG per ruleset, the dead stone marked under J2003.
#[test]
fn html_page_has_one_diagram_per_ruleset() {
    let p = temp("page.txt", DEAD_STONE);
    let page = crate::common::temp_dir().join("compare.html");
    let o = run(&[
        "compare",
        "--rulesets",
        "tromp-taylor,j2003,vjr",
        "--move",
        "W",
        "A4",
        "--html",
        s(&page),
        s(&p),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&page).expect("the page");
    let body = text.trim_start_matches("<!DOCTYPE html>");
    let doc = roxmltree::Document::parse(body).expect("well-formed");
    let svgs: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .collect();
    assert_eq!(svgs.len(), 3);
    let figures: Vec<&str> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "figure")
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(figures, ["tromp-taylor", "j2003", "vjr"]);
    assert!(text.contains("dead (1)"), "the dead stone's legend entry");
    assert!(text.contains("illegal (suicide)"));
    // Self-contained: no script, stylesheet or image fetched from elsewhere.
    assert!(!text.contains("src=") && !text.contains("<link"));
}
