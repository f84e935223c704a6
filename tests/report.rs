//! `go-oracle report`: the page is well-formed XML (so a browser parses it as we wrote it),
//! self-contained, byte-stable, and says what `check --json` says: the same totals, the same
//! counts per ruleset and engine, the same discrepancies; every case and check has its
//! diagrams; the seed's lines are quoted when the sources' folder is given; a failed check
//! is listed and exits 1; bad input exits 2. (The browser test is `report_browser.rs`.)

use std::collections::BTreeSet;
use std::sync::OnceLock;

use crate::common;
use common::{json, run, s, stderr, stdout, temp, temp_dir};

/// A small corpus with a discrepancy of each kind (ambiguity, an engine that differs from
/// the source), an ignored check, one position under four rulesets and one under three.
const SUBSET: [&str; 5] = [
    "oracle-cases/j2003-shapes/seki.yaml",
    "oracle-cases/ljr/control-seki.yaml",
    "oracle-cases/vjr",
    "oracle-cases/naj-commentary/long-cycle-2-triple-ko.yaml",
    "oracle-cases/gnugo/tromp-taylor/gtp-diff-legality-tromp-taylor-seed0-game0.yaml",
];

/// The subset's report (written once, to stdout) and `check --json` on the same files.
fn subset() -> &'static (String, serde_json::Value) {
    static PAGE: OnceLock<(String, serde_json::Value)> = OnceLock::new();
    PAGE.get_or_init(|| {
        let mut args = vec!["report"];
        args.extend(SUBSET);
        args.extend(["-o", "-"]);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let mut args = vec!["check", "--json"];
        args.extend(SUBSET);
        let c = run(&args);
        assert_eq!(c.status.code(), Some(0), "{}", stderr(&c));
        (stdout(&o), json(&c))
    })
}

fn parse(page: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(page, options).unwrap_or_else(|e| {
        let at = e.pos();
        let line = page.lines().nth(at.row as usize - 1).unwrap_or("");
        panic!("the report is not well-formed XML ({e}): {line}")
    })
}

fn with_class<'a>(
    doc: &'a roxmltree::Document<'a>,
    tag: &str,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.tag_name().name() == tag
                && n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|c| c == class))
        })
        .collect()
}

fn svgs(node: roxmltree::Node<'_, '_>) -> usize {
    node.descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .count()
}

fn attr<'a>(n: roxmltree::Node<'a, 'a>, name: &str) -> &'a str {
    n.attribute(name)
        .unwrap_or_else(|| panic!("<{}> has no {name}", n.tag_name().name()))
}

#[test]
fn totals_and_counts_are_those_of_check() {
    let (page, check) = subset();
    let doc = parse(page);
    let totals = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("totals"))
        .expect("a #totals element");
    for field in ["passed", "failed", "ignored"] {
        assert_eq!(
            attr(totals, &format!("data-{field}")),
            check[field].to_string(),
            "{field}"
        );
    }
    assert_eq!(attr(totals, "data-checks"), check["total"].to_string());
    assert_eq!(attr(totals, "data-files"), "17");
    let rows: Vec<String> = with_class(&doc, "tr", "count")
        .iter()
        .map(|r| {
            ["ruleset", "engine", "passed", "failed", "ignored"]
                .map(|f| attr(*r, &format!("data-{f}")).to_string())
                .join(" ")
        })
        .collect();
    let expected: Vec<String> = check["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            ["ruleset", "engine", "passed", "failed", "ignored"]
                .map(|f| match &r[f] {
                    serde_json::Value::String(s) => s.clone(),
                    v => v.to_string(),
                })
                .join(" ")
        })
        .collect();
    assert_eq!(rows, expected);
    // The VJR reference's ignored check is explained in its row.
    let vjr = with_class(&doc, "tr", "count")
        .into_iter()
        .find(|r| {
            r.attribute("data-ruleset") == Some("vjr") && r.attribute("data-ignored") == Some("1")
        })
        .expect("the vjr row with an ignored check");
    let why: String = vjr.descendants().filter_map(|n| n.text()).collect();
    assert!(
        why.contains("budget") || why.contains("undetermined"),
        "{why}"
    );
}

#[test]
fn every_discrepancy_of_check_is_on_the_front_page() {
    let (page, check) = subset();
    let doc = parse(page);
    let expected: BTreeSet<(String, String)> = check["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["discrepancy"] == true)
        .map(|c| {
            (
                c["case"].as_str().unwrap().to_string(),
                c["check"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(expected.len() >= 2, "{expected:?}");
    let articles = with_class(&doc, "article", "discrepancy");
    let found: BTreeSet<(String, String)> = articles
        .iter()
        .map(|a| (attr(*a, "data-case").into(), attr(*a, "data-check").into()))
        .collect();
    assert_eq!(found, expected);
    // Grouped by reason, the sources' errors and ambiguities before the findings about an
    // external engine.
    let reasons: Vec<String> = articles
        .iter()
        .map(|a| {
            let group =
                std::iter::successors(a.prev_sibling_element(), |n| n.prev_sibling_element())
                    .find(|n| n.attribute("class") == Some("group"))
                    .expect("a group heading before each discrepancy");
            attr(group, "id").to_string()
        })
        .collect();
    assert_eq!(reasons.last().unwrap(), "discrepancies-engine-differs");
    assert!(reasons.contains(&"discrepancies-ambiguity".to_string()));
    assert!(reasons.windows(2).all(|w| w[0] == w[1]
        || !reasons[reasons.iter().position(|r| *r == w[1]).unwrap()..].contains(&w[0])));
    for a in &articles {
        // The source's claim and the oracle's result side by side, and the reason.
        assert!(svgs(*a) >= 2, "{:?}", attr(*a, "data-check"));
        assert!(a
            .descendants()
            .any(|n| n.attribute("class") == Some("reason")));
    }
    let triple = articles
        .iter()
        .find(|a| a.attribute("data-check") == Some("najn-repeated"))
        .unwrap();
    let text: String = triple.descendants().filter_map(|n| n.text()).collect();
    assert!(text.contains("ambiguity"), "{text}");
    // It links to the check's entry below.
    assert!(triple
        .descendants()
        .any(|n| { n.attribute("href") == Some("#check-long-cycle-2-triple-ko-najn-repeated") }));
}

#[test]
fn every_case_and_check_has_its_diagrams() {
    let (page, check) = subset();
    let doc = parse(page);
    let cases = with_class(&doc, "section", "case");
    assert_eq!(cases.len(), 17);
    for case in &cases {
        assert!(svgs(*case) >= 1, "{}", attr(*case, "data-case"));
    }
    let checks = with_class(&doc, "div", "check");
    assert_eq!(checks.len().to_string(), check["total"].to_string());
    for c in &checks {
        // The start and at least one final position.
        assert!(svgs(*c) >= 2, "{}", attr(*c, "id"));
        assert!(matches!(
            attr(*c, "data-status"),
            "passed" | "failed" | "ignored"
        ));
    }
    // The replay of a check with moves lists them with their legality.
    let triple = checks
        .iter()
        .find(|c| c.attribute("id") == Some("check-long-cycle-2-triple-ko-najn-repeated"))
        .unwrap();
    let replay = triple
        .descendants()
        .find(|n| n.tag_name().name() == "ol" && n.attribute("class") == Some("replay"))
        .expect("a replay");
    assert!(replay.children().filter(|n| n.is_element()).count() > 5);
}

#[test]
fn one_position_under_several_rulesets_is_shown_side_by_side() {
    let (page, _) = subset();
    let doc = parse(page);
    let groups: Vec<&str> = with_class(&doc, "article", "shared")
        .iter()
        .map(|a| attr(*a, "data-rulesets"))
        .collect();
    assert!(groups.contains(&"tromp-taylor j2003 ljr vjr"), "{groups:?}");
    let four = with_class(&doc, "article", "shared")
        .into_iter()
        .find(|a| a.attribute("data-rulesets") == Some("tromp-taylor j2003 ljr vjr"))
        .unwrap();
    assert!(svgs(four) >= 4);
}

#[test]
fn the_page_is_self_contained_and_its_links_resolve() {
    let (page, _) = subset();
    let doc = parse(page);
    let ids: BTreeSet<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    for n in doc.descendants() {
        let tag = n.tag_name().name();
        assert!(
            !matches!(tag, "link" | "img" | "iframe" | "object"),
            "<{tag}>"
        );
        assert!(n.attribute("src").is_none(), "<{tag} src>");
        if let Some(h) = n.attribute("href") {
            let id = h
                .strip_prefix('#')
                .unwrap_or_else(|| panic!("external link {h}"));
            assert!(ids.contains(id), "link to a missing #{id}");
        }
    }
    assert!(!page.contains("url(http"));
    assert!(!page.contains("@import"));
}

#[test]
fn the_report_is_byte_stable() {
    let (page, _) = subset();
    let mut args = vec!["report", "--jobs", "1"];
    args.extend(SUBSET);
    args.extend(["-o", "-"]);
    let again = run(&args);
    assert_eq!(again.status.code(), Some(0));
    assert!(stdout(&again) == *page, "two runs gave different pages");
}

/// A case with one check that passes and whose source names lines of a document.
const CASE_WITH_LINES: &str = r#"id: tie-with-lines
title: "a tie, quoted from a document"
source:
  document: docs/doc.txt
  section: "one"
  lines: 2-3
notes: "A test case."
checks:
  - name: split
    ruleset: tromp-taylor
    size: 4x4
    moves: ["B B1, W C4, B B2, W C3, B B3, W C2, B B4, W C1, B pass, W pass"]
    expect:
      game-over: true
      score: 0
"#;

#[test]
fn the_seed_lines_are_quoted_from_the_sources_folder() {
    let dir = temp_dir().join("report-sources");
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::write(
        dir.join("docs/doc.txt"),
        "line one\nthe second <line>\nthe third line\nline four\n",
    )
    .unwrap();
    let case = temp("tie-with-lines.yaml", CASE_WITH_LINES);
    let o = run(&["report", s(&case), "--sources", s(&dir), "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = stdout(&o);
    let doc = parse(&page);
    let seed: String = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "pre" && n.attribute("class") == Some("seed"))
        .flat_map(|n| n.descendants().filter_map(|t| t.text()))
        .collect();
    assert!(seed.contains("the second <line>"), "{seed}");
    assert!(seed.contains("the third line"), "{seed}");
    assert!(
        !seed.contains("line one") && !seed.contains("line four"),
        "{seed}"
    );
    assert!(page.contains("docs/doc.txt lines 2-3"));

    // Without the folder the page says why the lines are missing.
    let empty = temp_dir().join("report-no-sources");
    std::fs::create_dir_all(&empty).unwrap();
    let o = run(&["report", s(&case), "--sources", s(&empty), "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("seed text not shown"));
}

#[test]
fn a_failed_check_is_listed_and_exits_1() {
    let case = temp(
        "wrong-score.yaml",
        &CASE_WITH_LINES
            .replace("tie-with-lines", "wrong-score")
            .replace("score: 0", "score: 3"),
    );
    let out = temp_dir().join("report-failing.html");
    let o = run(&["report", s(&case), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("1 failed"), "{}", stderr(&o));
    let page = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&page);
    let failures = with_class(&doc, "article", "failure");
    assert_eq!(failures.len(), 1);
    assert_eq!(attr(failures[0], "data-case"), "wrong-score");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    // Its own file: tests run in parallel, and one rewriting another's file while it is read
    // made a test of `cli.rs` fail once.
    let dir = common::temp_dir().join("bad-input");
    std::fs::create_dir_all(&dir).unwrap();
    let case = dir.join("tie-with-lines.yaml");
    std::fs::write(&case, CASE_WITH_LINES).unwrap();
    let bad = temp("report-bad.yaml", "id: x\nchecks: [\n");
    let empty = temp_dir().join("report-empty-dir");
    std::fs::create_dir_all(&empty).unwrap();
    let cases: [(Vec<&str>, &str); 5] = [
        (
            vec![
                "report",
                s(&case),
                "--sources",
                "/no/such/folder",
                "-o",
                "-",
            ],
            "--sources /no/such/folder",
        ),
        (vec!["report", s(&empty), "-o", "-"], "no case files"),
        (vec!["report", s(&bad), "-o", "-"], "report-bad.yaml"),
        (
            vec!["report", s(&case), "-o", "/no/such/folder/r.html"],
            "/no/such/folder/r.html",
        ),
        (vec!["report", s(&case)], "--output"),
    ];
    for (args, message) in cases {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}
