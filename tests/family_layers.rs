//! A ruleset family is one module per layer (ARCHITECTURE.md, "Adding a ruleset"): every
//! family that asks questions beyond play has a capability file in `src/engine/`, and then
//! its file in each layer below. The checklist names every one of those places; this test
//! keeps the checklist and the tree in step, for the families the tree has today and for a
//! new one (add `src/engine/<family>.rs` and the test names what is still missing).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The layers of a family: the checklist's path template (`<family>` stands for the name)
/// and the paths that satisfy it (a file or a folder).
const LAYERS: &[(&str, &[&str])] = &[
    ("spec/<family>.md", &["spec/{}.md"]),
    ("src/engine/<family>.rs", &["src/engine/{}.rs"]),
    (
        "src/reference/<family>.rs",
        &["src/reference/{}.rs", "src/reference/{}/mod.rs"],
    ),
    ("src/procedure/<family>.rs", &["src/procedure/{}.rs"]),
    ("src/runner/<family>.rs", &["src/runner/{}.rs"]),
    ("src/session/ask/<family>.rs", &["src/session/ask/{}.rs"]),
    (
        "fuzz/fuzz_targets/<family>_*.rs",
        &["fuzz/fuzz_targets/{}_"],
    ),
];

/// The families with questions beyond play: the capability files of `src/engine/`.
fn families() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join("src/engine"))
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let stem = name.strip_suffix(".rs")?.to_string();
            (stem != "mod").then_some(stem)
        })
        .collect();
    out.sort();
    out
}

/// Whether `pattern` (with `{}` for the family) names something in the tree; a pattern
/// ending in `_` is a file-name prefix in its folder.
fn exists(pattern: &str, family: &str) -> bool {
    let path = pattern.replace("{}", family);
    if let Some(prefix) = path.strip_suffix('_') {
        let (dir, stem) = prefix.rsplit_once('/').unwrap();
        return std::fs::read_dir(root().join(dir)).is_ok_and(|entries| {
            entries.flatten().any(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(&format!("{stem}_"))
            })
        });
    }
    Path::new(&root().join(path)).exists()
}

#[test]
fn there_are_families_to_check() {
    assert_eq!(families(), ["j2003", "ljr", "naj", "vjr"]);
}

#[test]
fn every_family_has_its_module_in_every_layer() {
    let mut missing = Vec::new();
    for family in families() {
        for (template, patterns) in LAYERS {
            if !patterns.iter().any(|p| exists(p, &family)) {
                missing.push(format!(
                    "{family}: {}",
                    template.replace("<family>", &family)
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "missing layers:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_family_is_reached_through_one_engine_method() {
    let core = std::fs::read_to_string(root().join("src/engine/mod.rs")).unwrap();
    for family in families() {
        assert!(
            core.contains(&format!("    fn {family}(&self) -> Result<&dyn ")),
            "src/engine/mod.rs: no capability method `fn {family}(&self)` on the core trait"
        );
    }
}

#[test]
fn the_checklist_names_every_layer() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let checklist = text
        .split("## Adding a ruleset")
        .nth(1)
        .expect("ARCHITECTURE.md has a section `Adding a ruleset`");
    let checklist = checklist.split("\n## ").next().unwrap_or(checklist);
    for (template, _) in LAYERS {
        assert!(
            checklist.contains(template),
            "ARCHITECTURE.md, Adding a ruleset: does not name `{template}`"
        );
    }
}
