//! The documents a newcomer reads: README.md is a front door (short, every link resolves),
//! the manual's links resolve, and no document tells the history of its own writing.

use regex::Regex;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.md` file of the repository (not target/, node_modules/, .git, fuzz corpora).
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
}

/// The relative links of a markdown text that do not resolve from `file`'s folder.
fn broken_links(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let link = Regex::new(r"\]\(([^)\s]+)\)").expect("regex");
    let dir = file.parent().unwrap();
    link.captures_iter(&text)
        .map(|c| c[1].to_string())
        .filter(|l| !l.starts_with("http") && !l.starts_with('#') && !l.starts_with("mailto:"))
        .filter(|l| {
            let path = l.split('#').next().unwrap_or("");
            !dir.join(path).exists()
        })
        .collect()
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 150,
        "README.md has {lines} lines: the manual belongs in docs/"
    );
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
    files.push(root().join("ARCHITECTURE.md"));
    files.push(root().join("benches/RESULTS.md"));
    assert!(files.len() >= 5, "{files:?}");
    for f in files {
        assert_eq!(broken_links(&f), Vec::<String>::new(), "{}", f.display());
    }
}

#[test]
fn no_document_numbers_its_history() {
    let history = Regex::new(r"(?i)\b(stop|issue)s? \d+\b|\bstop-\d+\b").expect("regex");
    let mut files = Vec::new();
    markdown_files(&root(), &mut files);
    assert!(files.len() >= 10, "{files:?}");
    let mut found = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if let Some(m) = history.find(line) {
                found.push(format!("{}:{}: {}", f.display(), i + 1, m.as_str()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "documents say what is, not when it was written:\n{}",
        found.join("\n")
    );
}
