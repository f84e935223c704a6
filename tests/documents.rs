//! The documents a newcomer reads: README.md is a front door (short, the two commands, every
//! link resolves), the manual's links resolve to files and to headings, and no document
//! tells the history of its own writing.

use regex::Regex;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The longest README.md may be: the manual belongs in docs/.
const README_MAX_LINES: usize = 150;

/// Every `.md` file under `dir` (not target/, node_modules/, .git, fuzz corpora and
/// artifacts).
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().to_string();
        if p.is_dir() {
            if !["target", "node_modules", ".git", "corpus", "artifacts"].contains(&name.as_str()) {
                markdown_files(&p, out);
            }
        } else if name.ends_with(".md") {
            out.push(p);
        }
    }
    out.sort();
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a markdown text outside fenced code blocks, with their numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// A heading's anchor as GitHub makes it: lower case, spaces to `-`, every other character
/// that is not a letter, a digit, `-` or `_` dropped (backticks and punctuation included).
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown file's headings (a repeated heading gets `-1`, `-2` ... as on
/// GitHub).
fn anchors(file: &Path) -> BTreeSet<String> {
    let text = read(file);
    let heading = Regex::new(r"^#{1,6}\s+(.*?)\s*#*\s*$").expect("regex");
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(&text) {
        if let Some(c) = heading.captures(line) {
            let base = slug(&c[1]);
            let mut anchor = base.clone();
            let mut n = 0;
            while out.contains(&anchor) {
                n += 1;
                anchor = format!("{base}-{n}");
            }
            out.insert(anchor);
        }
    }
    out
}

/// The relative links of a markdown file (outside code blocks) that do not resolve: to a file
/// or folder that does not exist, or to a `#anchor` that no heading of the target makes.
fn broken_links(file: &Path) -> Vec<String> {
    let text = read(file);
    let link = Regex::new(r"\]\(([^)\s]+)\)").expect("regex");
    let dir = file.parent().unwrap();
    let mut broken = Vec::new();
    for (n, line) in prose_lines(&text) {
        for c in link.captures_iter(line) {
            let l = &c[1];
            if l.starts_with("http://") || l.starts_with("https://") || l.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match l.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (l, None),
            };
            let target = if path.is_empty() {
                file.to_path_buf()
            } else {
                dir.join(path)
            };
            if !target.exists() {
                broken.push(format!("{}:{n}: {l}: no such file", file.display()));
                continue;
            }
            if let Some(a) = anchor {
                if target.extension().is_some_and(|x| x == "md") && !anchors(&target).contains(a) {
                    broken.push(format!(
                        "{}:{n}: {l}: no heading of {} has the anchor `#{a}`",
                        file.display(),
                        target.display()
                    ));
                }
            }
        }
    }
    broken
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: the manual belongs in docs/"
    );
    // The main job and the tests on a fresh machine; `.ci/run` relies on the second.
    for needed in ["cargo run --release -- check", "cargo test --release"] {
        assert!(
            readme.contains(needed),
            "README.md does not give `{needed}`"
        );
    }
    assert_eq!(
        broken_links(&root().join("README.md")),
        Vec::<String>::new()
    );
}

#[test]
fn every_link_of_the_manual_resolves() {
    let mut files = Vec::new();
    markdown_files(&root().join("docs"), &mut files);
    assert!(files.len() >= 5, "docs/ has the manual's pages: {files:?}");
    files.push(root().join("ARCHITECTURE.md"));
    files.push(root().join("benches/RESULTS.md"));
    let broken: Vec<String> = files.iter().flat_map(|f| broken_links(f)).collect();
    assert!(
        broken.is_empty(),
        "links that do not resolve:\n{}",
        broken.join("\n")
    );
}

#[test]
fn headings_make_github_anchors() {
    assert_eq!(slug("`status --ruleset vjr`"), "status---ruleset-vjr");
    assert_eq!(
        slug("Sensei's Library diagrams"),
        "senseis-library-diagrams"
    );
    assert_eq!(
        slug("ClusterFuzzLite / OSS-Fuzz"),
        "clusterfuzzlite--oss-fuzz"
    );
    assert_eq!(
        slug("`final_score` and `final_status_list`"),
        "final_score-and-final_status_list"
    );
}

#[test]
fn no_document_numbers_its_history() {
    // A number after "stop" or "issue", also across a line break: "(stop\n46)".
    let history = Regex::new(r"(?i)\b(stop|issue)s?\s+\d+\b|\bstop-\d+\b").expect("regex");
    let mut files = Vec::new();
    markdown_files(&root(), &mut files);
    assert!(files.len() >= 10, "{files:?}");
    let mut found = Vec::new();
    for f in files {
        let text = read(&f);
        for m in history.find_iter(&text) {
            let line = text[..m.start()].matches('\n').count() + 1;
            found.push(format!(
                "{}:{line}: {}",
                f.strip_prefix(root()).unwrap_or(&f).display(),
                m.as_str().split_whitespace().collect::<Vec<_>>().join(" ")
            ));
        }
    }
    assert!(
        found.is_empty(),
        "documents say what is, not when it was written:\n{}",
        found.join("\n")
    );
}
