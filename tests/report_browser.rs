//! The corpus report in a real browser: headless Chromium loads a report and we assert on the
//! page it rendered (`--dump-dom`: the totals, the counts, a discrepancy entry, every SVG
//! drawn with a non-empty box) and take a screenshot.
//!
//! Chromium is found on PATH (`chromium`, `chromium-browser`, `google-chrome`) or in
//! `GO_ORACLE_CHROMIUM`. Without it the tests pass with a note on stderr, unless
//! `GO_ORACLE_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs Debian's `chromium`): then
//! a missing browser fails them. `GO_ORACLE_REPORT=FILE` adds a test (ignored by default;
//! `cargo test --release --test integration -- --ignored report_browser::`) that loads a
//! full report.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;
use common::{run, s, stderr, temp_dir};

const SUBSET: [&str; 4] = [
    "oracle-cases/j2003-shapes/seki.yaml",
    "oracle-cases/ljr/control-seki.yaml",
    "oracle-cases/vjr",
    "oracle-cases/naj-commentary/long-cycle-2-triple-ko.yaml",
];

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GO_ORACLE_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// The browser, or `None` (with a note) when it is missing and not required.
fn browser() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        if std::env::var("GO_ORACLE_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("GO_ORACLE_REQUIRE_BROWSER=1 but no chromium on PATH (or GO_ORACLE_CHROMIUM)");
        }
        eprintln!("note: no chromium found; the browser test is skipped");
    }
    found
}

/// Headless Chromium on `page` with `extra` arguments; its stdout.
fn headless(browser: &Path, page: &Path, profile: &str, extra: &[&str]) -> String {
    let profile = temp_dir().join(profile);
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
            &format!("--user-data-dir={}", profile.display()),
        ])
        .args(extra)
        .arg(format!("file://{}", page.canonicalize().unwrap().display()))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", browser.display()));
    assert!(
        out.status.success(),
        "{} failed: {}",
        browser.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The value of `name="..."` in the first tag of the DOM dump that has it.
fn attribute<'a>(dom: &'a str, name: &str) -> Option<&'a str> {
    let at = dom.find(&format!(" {name}=\""))? + name.len() + 3;
    dom[at..].split('"').next()
}

/// What every loaded report must show: the totals, the script's count of drawn SVGs equal
/// to the number of `<svg` in the file.
fn assert_rendered(file: &str, dom: &str) {
    assert!(
        dom.contains("id=\"totals\""),
        "no totals in the rendered page"
    );
    let total = attribute(dom, "data-svg-total").expect("the page's script did not run");
    let drawn = attribute(dom, "data-svg-drawn").unwrap();
    let in_file = file.matches("<svg").count();
    assert_eq!(total, in_file.to_string(), "SVGs in the DOM vs the file");
    assert_eq!(drawn, total, "SVGs drawn with a non-empty box");
}

#[test]
fn chromium_renders_the_report() {
    let Some(browser) = browser() else { return };
    let page = temp_dir().join("browser-report.html");
    let mut args = vec!["report"];
    args.extend(SUBSET);
    args.extend(["-o", s(&page)]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let file = std::fs::read_to_string(&page).unwrap();

    let dom = headless(
        &browser,
        &page,
        "chromium-dom",
        &["--virtual-time-budget=10000", "--dump-dom"],
    );
    assert_rendered(&file, &dom);
    let svgs = attribute(&dom, "data-svg-total").unwrap();
    assert!(svgs.parse::<usize>().unwrap() >= 2 * 16, "{svgs} SVGs");
    // The counts per ruleset and engine, and the discrepancy with its reason.
    assert!(dom.contains(
        "data-ruleset=\"vjr\" data-engine=\"reference\" data-passed=\"19\" data-failed=\"0\" data-ignored=\"1\""
    ));
    assert!(dom.contains(
        "<article class=\"discrepancy\" data-case=\"long-cycle-2-triple-ko\" data-check=\"najn-repeated\">"
    ));
    assert!(dom.contains("<article class=\"shared\" data-rulesets=\"tromp-taylor j2003 ljr vjr\">"));

    // A screenshot: a PNG of a drawn page (blank pages compress to a few KB).
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report-screenshot.png");
    let _ = std::fs::remove_file(&shot);
    headless(
        &browser,
        &page,
        "chromium-shot",
        &[
            "--window-size=1280,2400",
            "--hide-scrollbars",
            &format!("--screenshot={}", shot.display()),
        ],
    );
    let png = std::fs::read(&shot).expect("no screenshot written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() > 20_000, "screenshot of {} bytes", png.len());
}

/// `GO_ORACLE_REPORT=target/report.html cargo test --release --test integration --
/// --ignored report_browser::`
#[test]
#[ignore = "loads the report named by GO_ORACLE_REPORT (a full report takes a minute)"]
fn chromium_renders_a_full_report() {
    let Some(browser) = browser() else { return };
    let page = PathBuf::from(std::env::var("GO_ORACLE_REPORT").expect("GO_ORACLE_REPORT=FILE"));
    let file = std::fs::read_to_string(&page).unwrap();
    let dom = headless(
        &browser,
        &page,
        "chromium-full",
        &["--virtual-time-budget=60000", "--dump-dom"],
    );
    assert_rendered(&file, &dom);
    assert!(dom.contains("<article class=\"discrepancy\""));
}
