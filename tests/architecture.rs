//! The invariants of `ARCHITECTURE.md` that a program can check: the reference never names the
//! optimized engine, no import cycle between the library's top-level modules, every speed-up
//! of the optimized engine has a configuration with it switched off.

use go_oracle::optimized::Switches;
use go_oracle::runner::all_engines;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `path` (or `path` itself).
fn rust_files(path: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if path.is_file() {
        out.push(path.to_path_buf());
    } else if let Ok(entries) = std::fs::read_dir(path) {
        for e in entries.flatten() {
            out.extend(rust_files(&e.path()));
        }
    }
    out.sort();
    out
}

/// The code lines of a file: comments dropped, and the `#[cfg(test)]` module at the end
/// (unit tests may use the parsers to build positions).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start() == "#[cfg(test)]" {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        out.push((i + 1, code.to_string()));
    }
    out
}

/// The library's top-level modules: `src/x.rs` or `src/x/`.
fn top_level_modules() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(src())
        .expect("src/ is readable")
        .flatten()
    {
        let p = e.path();
        let name = p
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        let is_module = if p.is_dir() {
            name != "bin"
        } else {
            p.extension().is_some_and(|x| x == "rs") && name != "lib" && name != "main"
        };
        if is_module {
            out.push((name, p));
        }
    }
    out.sort();
    out
}

/// `module -> modules it names as crate::x`, from the code lines of its files.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let modules = top_level_modules();
    let names: BTreeSet<String> = modules.iter().map(|(n, _)| n.clone()).collect();
    let mut graph = BTreeMap::new();
    for (name, path) in &modules {
        let mut deps = BTreeSet::new();
        for file in rust_files(path) {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            for (_, line) in code_lines(&text) {
                for other in &names {
                    if other != name && line.contains(&format!("crate::{other}")) {
                        deps.insert(other.clone());
                    }
                }
            }
        }
        graph.insert(name.clone(), deps);
    }
    graph
}

/// The code lines under `src/<folder>` that contain one of `needles`, as `file:line: code`.
fn lines_naming(folder: &str, needles: &[&str]) -> Vec<String> {
    let mut offenders = Vec::new();
    for file in rust_files(&src().join(folder)) {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (n, line) in code_lines(&text) {
            if needles.iter().any(|x| line.contains(x)) {
                offenders.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    offenders
}

#[test]
fn the_reference_never_names_the_optimized_engine() {
    let offenders = lines_naming("reference", &["optimized"]);
    assert!(
        offenders.is_empty(),
        "the reference must not use the optimized engine (ARCHITECTURE.md):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn procedures_use_engines_only_through_the_trait() {
    let offenders = lines_naming("procedure", &["crate::reference", "crate::optimized"]);
    assert!(
        offenders.is_empty(),
        "procedures must play through the engine they run for (ARCHITECTURE.md):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let graph = dependencies();
    assert!(graph.len() >= 8, "found the modules: {graph:?}");
    // Depth-first search for a back edge; report the cycle.
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|x| x == m).unwrap_or(0);
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(n, &graph, &mut state, &mut Vec::new()) {
                panic!(
                    "import cycle between top-level modules: {}",
                    cycle.join(" -> ")
                );
            }
        }
    }
}

#[test]
fn the_engine_vocabulary_depends_on_geometry_and_rules_only() {
    let graph = dependencies();
    let allowed: BTreeSet<&str> = ["geometry", "rules", "status_game", "ljr", "vjr"].into();
    for base in ["geometry", "rules", "status_game", "ljr", "vjr", "engine"] {
        let deps = &graph[base];
        let extra: Vec<&String> = deps
            .iter()
            .filter(|d| !allowed.contains(d.as_str()))
            .collect();
        assert!(extra.is_empty(), "{base} depends on {extra:?}");
    }
}

#[test]
fn every_speed_up_has_a_configuration_with_it_off() {
    let names: Vec<String> = all_engines().iter().map(|e| e.name()).collect();
    for switch in Switches::NAMES {
        let off = Switches::without(switch).expect("every name switches something off");
        assert_ne!(off, Switches::ALL_ON, "{switch} changes nothing");
        let expected = format!("optimized-without-{switch}");
        assert!(
            names.contains(&expected),
            "the corpus does not run {expected}: {names:?}"
        );
    }
    let distinct: BTreeSet<&String> = names.iter().collect();
    assert_eq!(
        distinct.len(),
        names.len(),
        "engine names repeat: {names:?}"
    );
}
