//! The invariants of `ARCHITECTURE.md` that a program can check: every top-level module uses
//! only what its row of the code map allows (the table is read from `ARCHITECTURE.md`, so the
//! document and the test cannot drift), the reference never names the optimized engine,
//! procedures use engines through the trait only, no import cycle between top-level modules
//! nor between sibling modules of a folder, rooms a person can hold (files of at most
//! `MAX_FILE_LINES` lines, functions of at most `MAX_FN_LINES`), and every speed-up of the
//! optimized engine has a configuration with it switched off.

use go_oracle::optimized::Switches;
use go_oracle::rules::Family;
use go_oracle::runner::all_engines;
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// No file under `src/` is longer.
const MAX_FILE_LINES: usize = 800;
/// No function under `src/` is longer (from its `fn` line to its closing brace).
const MAX_FN_LINES: usize = 150;

/// Files over `MAX_FILE_LINES` being split now (remove an entry when its file is split):
/// none.
const LONG_FILES_BEING_SPLIT: &[&str] = &[];

/// Functions over `MAX_FN_LINES` (file, function) being split now (remove an entry when its
/// function is split): none.
const LONG_FNS_BEING_SPLIT: &[(&str, &str)] = &[];

/// Folders whose sibling modules may import each other in a circle while it is being broken
/// (remove an entry when its cycle is broken): none.
const CYCLES_BEING_BROKEN: &[&str] = &[];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn src() -> PathBuf {
    root().join("src")
}

/// `path` relative to the crate's root, with `/`.
fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Every `.rs` file under `path` (or `path` itself).
fn rust_files(path: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if path.is_file() {
        if path.extension().is_some_and(|x| x == "rs") {
            out.push(path.to_path_buf());
        }
    } else if let Ok(entries) = std::fs::read_dir(path) {
        for e in entries.flatten() {
            out.extend(rust_files(&e.path()));
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The code lines of a file: comments dropped, and the `#[cfg(test)]` module at the end
/// (unit tests may use the parsers to build positions).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    // A file of unit tests (`mod tests;` in its own file) starts with its `use`s.
    if text
        .lines()
        .next()
        .is_some_and(|l| l.starts_with("use super::*"))
    {
        return Vec::new();
    }
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

/// The library's top-level modules: `src/x.rs` and `src/x/` (both for a module with a file
/// and a folder), with their files.
fn top_level_modules() -> BTreeMap<String, Vec<PathBuf>> {
    let mut out: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
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
            out.entry(name).or_default().extend(rust_files(&p));
        }
    }
    out
}

/// Whether `line` names `path` (e.g. `crate::parse`) as a whole path segment: not
/// `crate::parser`.
fn names(line: &str, path: &str) -> bool {
    line.match_indices(path).any(|(i, _)| {
        !line[i + path.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// `module -> modules it names as crate::x`, from the code lines of its files.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let modules = top_level_modules();
    let mut graph = BTreeMap::new();
    for (name, files) in &modules {
        let mut deps = BTreeSet::new();
        for file in files {
            for (_, line) in code_lines(&read(file)) {
                for other in modules.keys() {
                    if other != name && names(&line, &format!("crate::{other}")) {
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
        for (n, line) in code_lines(&read(&file)) {
            if needles.iter().any(|x| line.contains(x)) {
                offenders.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    offenders
}

/// The code map of `ARCHITECTURE.md`: each library module's row, `module -> what it may
/// depend on` (`everything above`: every module of the rows above it; `nothing`: none).
fn code_map() -> BTreeMap<String, BTreeSet<String>> {
    let doc = read(&root().join("ARCHITECTURE.md"));
    let section = doc
        .split("## Code map")
        .nth(1)
        .expect("ARCHITECTURE.md has a `## Code map` section");
    let row = Regex::new(r"^\| `src/([a-z_]+)(\.rs|/)` \|.*\| ([^|]+) \|$").expect("regex");
    let word = Regex::new(r"^[a-z_]+$").expect("regex");
    let mut map: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut above: Vec<String> = Vec::new();
    for line in section.lines().take_while(|l| !l.starts_with("## ")) {
        let Some(c) = row.captures(line.trim_end()) else {
            continue;
        };
        let module = c[1].to_string();
        if module == "bin" {
            continue;
        }
        let allowed = c[3].trim();
        let deps: BTreeSet<String> = match allowed {
            "nothing" => BTreeSet::new(),
            "everything above" => above.iter().cloned().collect(),
            list => list
                .split(',')
                .map(|d| {
                    let d = d.trim();
                    assert!(
                        word.is_match(d),
                        "ARCHITECTURE.md, row `src/{module}`: `{d}` is not a module name"
                    );
                    d.to_string()
                })
                .collect(),
        };
        above.push(module.clone());
        map.insert(module, deps);
    }
    map
}

#[test]
fn every_module_uses_only_what_its_row_of_the_code_map_allows() {
    let map = code_map();
    assert!(map.len() >= 10, "rows read from ARCHITECTURE.md: {map:?}");
    let graph = dependencies();
    let mut offenders = Vec::new();
    for (module, deps) in &graph {
        let Some(allowed) = map.get(module) else {
            offenders.push(format!("src/{module} has no row in the code map"));
            continue;
        };
        for d in deps.difference(allowed) {
            offenders.push(format!(
                "src/{module} uses crate::{d}, which its row does not allow (may depend on: {allowed:?})"
            ));
        }
    }
    for module in map.keys() {
        if !graph.contains_key(module) {
            offenders.push(format!(
                "the code map names src/{module}, which does not exist"
            ));
        }
    }
    assert!(
        offenders.is_empty(),
        "ARCHITECTURE.md's code map and the code disagree:\n{}",
        offenders.join("\n")
    );
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

/// Files of the binary that may run a procedure per engine configuration: `bench` measures
/// the J2003 solver of each configuration (states, seconds); it compares no answers.
const COMMANDS_THAT_MEASURE: &[&str] = &["src/bin/go-oracle/commands/bench.rs"];

/// The lines of the binary (`src/bin/go-oracle/`) that compare engines or apply a rule
/// themselves instead of asking the library's door (ARCHITECTURE.md, "One door"): they name
/// a comparison (`Verdict::of`, `verdict_of`, `compare_traces`, `compare_expect`,
/// `run_check`), assign a variable named `...agree...`, loop `for ... in ...engines()`, ask
/// an engine for a principal line (`.principal_line(`: `session::witness` does), or
/// (outside `COMMANDS_THAT_MEASURE`) name a `procedure::`.
fn engine_comparisons_in_the_binary() -> Vec<String> {
    let needles = [
        "Verdict::of(",
        "verdict_of(",
        "compare_traces(",
        "compare_expect(",
        "run_check(",
        ".principal_line(",
    ];
    let agree = Regex::new(r"\b[A-Za-z_]*agree[A-Za-z_]*\s*(&=|\|=|=[^=>])").expect("regex");
    let engine_loop = Regex::new(r"\bfor\b.*\bin\b.*engines\(\)").expect("regex");
    let mut offenders = Vec::new();
    for file in rust_files(&src().join("bin/go-oracle")) {
        let name = relative(&file);
        let measures = COMMANDS_THAT_MEASURE.contains(&name.as_str());
        for (n, line) in code_lines(&read(&file)) {
            let why = if let Some(x) = needles.iter().find(|x| line.contains(*x)) {
                format!("names `{x}`")
            } else if agree.is_match(&line) {
                "computes an agreement".to_string()
            } else if engine_loop.is_match(&line) {
                "loops over the engines".to_string()
            } else if !measures && line.contains("procedure::") {
                "runs a procedure itself".to_string()
            } else {
                continue;
            };
            offenders.push(format!("{name}:{n}: {why}: {}", line.trim()));
        }
    }
    offenders
}

#[test]
fn the_binary_compares_no_engines() {
    let files = rust_files(&src().join("bin/go-oracle"));
    assert!(files.len() > 20, "the binary's files: {files:?}");
    let offenders = engine_comparisons_in_the_binary();
    assert!(
        offenders.is_empty(),
        "a command reaches the engines through the library's door (session::ask, Session, runner), which compares them once (ARCHITECTURE.md, One door):\n{}",
        offenders.join("\n")
    );
}

/// A cycle of `graph`, if it has one (depth-first search for a back edge).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
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
            if let Some(cycle) = visit(n, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let graph = dependencies();
    assert!(graph.len() >= 8, "found the modules: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "import cycle between top-level modules: {}",
            cycle.join(" -> ")
        );
    }
}

/// Every folder under `src/` with Rust modules in it, and the module path of that folder
/// from its crate's root (`crate::parse`, `crate::commands` for the binary's commands).
fn folders() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, path: String, out: &mut Vec<(PathBuf, String)>) {
        out.push((dir.to_path_buf(), path.clone()));
        let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        subs.sort();
        for sub in subs {
            let name = sub.file_name().and_then(|s| s.to_str()).unwrap_or("");
            if dir == src() && name == "bin" {
                for bin in std::fs::read_dir(&sub).into_iter().flatten().flatten() {
                    if bin.path().is_dir() {
                        walk(&bin.path(), "crate".to_string(), out);
                    }
                }
            } else {
                walk(&sub, format!("{path}::{name}"), out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&src(), "crate".to_string(), &mut out);
    out
}

/// What the folder's `mod.rs` (`lib.rs`, `main.rs`) re-exports from its sibling modules:
/// `pub use y::{A, B};` or `pub use y::A;` gives `A -> y`, `B -> y` (`as` names the item).
fn reexports(folder: &Path, modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let text = ["mod.rs", "lib.rs", "main.rs"]
        .iter()
        .map(|f| folder.join(f))
        .find(|p| p.is_file())
        .map(|p| {
            code_lines(&read(&p))
                .into_iter()
                .map(|(_, l)| l)
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default();
    let uses = Regex::new(r"pub(?:\([^)]*\))?\s+use\s+(?:self::)?(\w+)::(\{[^}]*\}|[\w\s]+);")
        .expect("regex");
    let mut out = BTreeMap::new();
    for c in uses.captures_iter(&text) {
        if !modules.contains(&c[1]) {
            continue;
        }
        for item in c[2].trim_matches(|ch| ch == '{' || ch == '}').split(',') {
            let item = item.trim();
            let name = item.rsplit(" as ").next().unwrap_or(item).trim();
            // An item named like a sibling module (`pub use dispatch::replay` beside
            // `replay.rs`) is told apart by the module's own rule.
            if !name.is_empty() && !item.contains("::") && !modules.contains(name) {
                out.insert(name.to_string(), c[1].to_string());
            }
        }
    }
    out
}

/// The sibling modules of `folder` (`x.rs`, `x/`; not `mod.rs`, `lib.rs`, `main.rs`) and what
/// each names of the others: `super::y` (`super::super::y` inside `x/`, `super::{y, ...}`)
/// or `<folder path>::y`, and an item `super::A` that `mod.rs` re-exports from `y` (see
/// [`reexports`]): a cycle through the parent's re-exports is a cycle all the same.
fn sibling_dependencies(folder: &Path, path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut modules: BTreeMap<String, (PathBuf, usize)> = BTreeMap::new();
    for e in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let p = e.path();
        let name = p
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        if p.is_dir() && !(folder == src() && name == "bin") {
            modules.insert(name, (p, 2));
        } else if p.extension().is_some_and(|x| x == "rs")
            && !["mod", "lib", "main"].contains(&name.as_str())
        {
            modules.insert(name, (p, 1));
        }
    }
    let group = Regex::new(r"super::\{([^}]*)\}").expect("regex");
    let items = reexports(folder, &modules.keys().cloned().collect());
    let mut graph = BTreeMap::new();
    for (name, (p, depth)) in &modules {
        let mut deps = BTreeSet::new();
        for file in rust_files(p) {
            let in_sub = file.parent() != Some(folder);
            let sup = if in_sub && *depth == 2 && file.parent() == Some(p.as_path()) {
                "super::super::"
            } else {
                "super::"
            };
            for (_, line) in code_lines(&read(&file)) {
                for other in modules.keys().filter(|o| *o != name) {
                    let direct = names(&line, &format!("{path}::{other}"))
                        || (file.parent() == Some(folder) || sup == "super::super::")
                            && names(&line, &format!("{sup}{other}"));
                    let grouped = sup == "super::"
                        && file.parent() == Some(folder)
                        && group.captures_iter(&line).any(|c| {
                            c[1].split(',').any(|item| {
                                item.trim().split("::").next().map(str::trim) == Some(other)
                            })
                        });
                    if direct || grouped {
                        deps.insert(other.clone());
                    }
                }
                let parent_level = file.parent() == Some(folder) || sup == "super::super::";
                for (item, other) in items.iter().filter(|(_, o)| *o != name) {
                    let named = parent_level && names(&line, &format!("{sup}{item}"));
                    let grouped = sup == "super::"
                        && file.parent() == Some(folder)
                        && group.captures_iter(&line).any(|c| {
                            c[1].split(',')
                                .any(|i| i.trim().split(" as ").next().map(str::trim) == Some(item))
                        });
                    if named || grouped {
                        deps.insert(other.clone());
                    }
                }
            }
        }
        graph.insert(name.clone(), deps);
    }
    graph
}

#[test]
fn no_import_cycle_between_sibling_modules_of_a_folder() {
    let mut cycles = Vec::new();
    let mut checked = 0;
    for (folder, path) in folders() {
        let name = relative(&folder);
        let graph = sibling_dependencies(&folder, &path);
        checked += graph.values().map(BTreeSet::len).sum::<usize>();
        let cycle = find_cycle(&graph);
        if CYCLES_BEING_BROKEN.contains(&name.as_str()) {
            if cycle.is_none() {
                cycles.push(format!(
                    "{name}/ has no import cycle now: remove it from CYCLES_BEING_BROKEN"
                ));
            }
            continue;
        }
        if let Some(cycle) = cycle {
            cycles.push(format!("{name}/: {}", cycle.join(" -> ")));
        }
    }
    assert!(
        checked > 20,
        "found only {checked} imports between siblings"
    );
    assert!(
        cycles.is_empty(),
        "import cycles between sibling modules (share the common vocabulary through a module both use):\n{}",
        cycles.join("\n")
    );
}

#[test]
fn no_file_in_src_is_longer_than_a_person_can_hold() {
    let mut long = Vec::new();
    for file in rust_files(&src()) {
        let name = relative(&file);
        let lines = read(&file).lines().count();
        if lines > MAX_FILE_LINES && !LONG_FILES_BEING_SPLIT.contains(&name.as_str()) {
            long.push(format!("{name}: {lines} lines"));
        }
    }
    for name in LONG_FILES_BEING_SPLIT {
        let lines = read(&root().join(name)).lines().count();
        assert!(
            lines > MAX_FILE_LINES,
            "{name} has {lines} lines now: remove it from LONG_FILES_BEING_SPLIT"
        );
    }
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines (split them by meaning, unit tests into their own files):\n{}",
        long.join("\n")
    );
}

/// The text of `source` with string and char literals and comments blanked (newlines kept),
/// so that braces can be counted.
fn blank_literals(source: &str) -> String {
    let c: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    while i < c.len() {
        let raw_hashes =
            if c[i] == 'r' && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_')) {
                let mut j = i + 1;
                while j < c.len() && c[j] == '#' {
                    j += 1;
                }
                (j < c.len() && c[j] == '"').then_some(j - i - 1)
            } else {
                None
            };
        if let Some(h) = raw_hashes {
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', h))
                .collect();
            let body_start = i + h + 2;
            let rest: String = c[body_start..].iter().collect();
            let end = rest.find(&close).map_or(c.len(), |k| {
                body_start + rest[..k].chars().count() + close.len()
            });
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c[i] == '"' {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c[i] == '\'' && i + 2 < c.len() && (c[i + 1] == '\\' || c[i + 2] == '\'') {
            let mut j = i + 2;
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            let end = (j + 1).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c[i] == '/' && i + 1 < c.len() && c[i + 1] == '/' {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && i + 1 < c.len() && c[i + 1] == '*' {
            let mut j = i + 2;
            while j + 1 < c.len() && !(c[j] == '*' && c[j + 1] == '/') {
                j += 1;
            }
            let end = (j + 2).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Every function with a body in `source`: (name, first line, number of lines from its
/// `fn` line to its closing brace).
fn functions(source: &str) -> Vec<(String, usize, usize)> {
    let item = Regex::new(
        r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+\S+\s+)?fn\s+([A-Za-z_][A-Za-z0-9_]*)",
    )
    .expect("regex");
    let code = blank_literals(source);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(c) = item.captures(line) else {
            continue;
        };
        let mut depth = 0usize;
        let mut opened = false;
        'scan: for (k, l) in lines.iter().enumerate().skip(start) {
            for ch in l.chars() {
                match ch {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => {
                        depth = depth.saturating_sub(1);
                        if opened && depth == 0 {
                            out.push((c[7].to_string(), start + 1, k - start + 1));
                            break 'scan;
                        }
                    }
                    ';' if !opened => break 'scan,
                    _ => {}
                }
            }
        }
    }
    out
}

#[test]
fn the_function_scan_measures_functions() {
    let text = "fn a() {\n    let s = \"}\";\n    let c = '{';\n    // }\n}\npub(crate) fn b<'x>(v: &'x str) -> &'x str {\n    if true { v } else { r#\"}\"# }\n}\ntrait T {\n    fn c(&self);\n}\n";
    assert_eq!(
        functions(text),
        vec![("a".to_string(), 1, 5), ("b".to_string(), 6, 3)]
    );
}

#[test]
fn no_function_in_src_is_longer_than_a_person_can_hold() {
    let mut long = Vec::new();
    let mut seen = BTreeSet::new();
    let mut count = 0;
    for file in rust_files(&src()) {
        let name = relative(&file);
        for (f, line, lines) in functions(&read(&file)) {
            count += 1;
            if lines <= MAX_FN_LINES {
                continue;
            }
            if LONG_FNS_BEING_SPLIT.contains(&(name.as_str(), f.as_str())) {
                seen.insert((name.clone(), f));
            } else {
                long.push(format!("{name}:{line}: fn {f}: {lines} lines"));
            }
        }
    }
    assert!(count > 500, "found only {count} functions");
    for (file, f) in LONG_FNS_BEING_SPLIT {
        assert!(
            seen.contains(&(file.to_string(), f.to_string())),
            "{file}: fn {f} is at most {MAX_FN_LINES} lines now: remove it from LONG_FNS_BEING_SPLIT"
        );
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines (split them into steps named in the rules' words):\n{}",
        long.join("\n")
    );
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

/// The family a file of `src/optimized/` belongs to: its solver's folder, else play.
fn family_of_file(relative: &str) -> Family {
    if relative.starts_with("src/optimized/j2003/") {
        Family::J2003
    } else if relative.starts_with("src/optimized/ljr/") {
        Family::Ljr
    } else if relative.starts_with("src/optimized/vjr/") {
        Family::Vjr
    } else {
        Family::Play
    }
}

#[test]
fn every_switch_touches_the_families_whose_files_read_it() {
    // Where each field of `Switches` is read: `.field` in the files of `src/optimized/` that
    // name the type `Switches` or an engine's `switches` (not `LjrSwitches`, whose fields
    // copy the `ljr-` ones); `words_for` is the reader of `narrow_boards`: a call reads it.
    let names_switches = Regex::new(r"(^|[^A-Za-z_])Switches\b|\.switches\b").expect("regex");
    let files: Vec<(String, Vec<String>)> = rust_files(&src().join("optimized"))
        .into_iter()
        .map(|f| {
            let lines: Vec<String> = code_lines(&read(&f)).into_iter().map(|(_, l)| l).collect();
            (relative(&f), lines)
        })
        .filter(|(name, lines)| {
            name != "src/optimized/switches.rs"
                && lines.iter().any(|l: &String| names_switches.is_match(l))
        })
        .collect();
    assert!(files.len() >= 5, "files reading switches: {files:?}");
    for switch in Switches::TABLE {
        let field = switch.name.replace('-', "_");
        let mut readers = vec![format!(".{field}")];
        if field == "narrow_boards" {
            readers.push("words_for(".to_string());
        }
        let mut read_in = BTreeSet::new();
        for (name, lines) in &files {
            for line in lines {
                let reads = readers.iter().any(|r| {
                    if r.ends_with('(') {
                        line.contains(r.as_str())
                    } else {
                        names(line, r)
                    }
                });
                if reads && !line.contains("fn words_for") {
                    read_in.insert(family_of_file(name));
                }
            }
        }
        let claimed: BTreeSet<Family> = switch.touches.iter().copied().collect();
        assert_eq!(
            read_in, claimed,
            "{}: its field is read in the files of {read_in:?}, the table says it touches {claimed:?}",
            switch.name
        );
        assert!(
            claimed.contains(&switch.family),
            "{}: touches {claimed:?}, not its own family {:?}",
            switch.name,
            switch.family
        );
    }
}

/// The files outside their family's modules (a module or folder named after the family, or
/// `<x>_<family>.rs`), `runner/dispatch.rs` and `rules.rs` that still name a family's types,
/// modules or variants: each is to ask the family instead. A file not listed that names a
/// family fails the test; a listed file that no longer does must leave the list.
const FAMILY_NAMED_ELSEWHERE: &[&str] = &[
    "src/bin/go-oracle/commands/analyse.rs",
    "src/bin/go-oracle/commands/bench.rs",
    "src/bin/go-oracle/commands/compare.rs",
    "src/bin/go-oracle/commands/control.rs",
    "src/bin/go-oracle/commands/export.rs",
    "src/bin/go-oracle/commands/gtp.rs",
    "src/bin/go-oracle/commands/immortal.rs",
    "src/bin/go-oracle/commands/mod.rs",
    "src/bin/go-oracle/commands/play.rs",
    "src/bin/go-oracle/commands/score_diff.rs",
    "src/bin/go-oracle/commands/status.rs",
    "src/bin/go-oracle/commands/turns.rs",
    "src/bin/go-oracle/output.rs",
    "src/differential.rs",
    "src/differential/gtp.rs",
    "src/engine/mod.rs",
    "src/gtp/referee/analyze.rs",
    "src/gtp/referee/mod.rs",
    "src/gtp/referee/questions.rs",
    "src/gtp/score_diff/mod.rs",
    "src/gtp/score_diff/oracle.rs",
    "src/import/finals.rs",
    "src/import/mod.rs",
    "src/import/write.rs",
    "src/optimized/mod.rs",
    "src/parse/case.rs",
    "src/parse/case_file.rs",
    "src/parse/check.rs",
    "src/parse/resolve.rs",
    "src/parse/rule_names.rs",
    "src/parse/sgf/mod.rs",
    "src/reference/mod.rs",
    "src/runner/mod.rs",
    "src/runner/replay.rs",
    "src/runner/trace.rs",
    "src/session/compare.rs",
    "src/session/game.rs",
    "src/session/mod.rs",
    "src/session/questions.rs",
    "src/session/witness.rs",
];

#[test]
fn no_family_is_named_outside_its_own_modules_and_the_dispatch() {
    let names = Regex::new(
        r"\b(Vjr|Ljr|J2003|Naj)[A-Z]\w*|\b(vjr|ljr|j2003|naj)::|Family::(Naj|J2003|Ljr|Vjr)\b|RulesetId::(Naj|Najn|J2003|Ljr|Vjr)\b",
    )
    .expect("regex");
    let own =
        Regex::new(r"(^|/)(vjr|ljr|j2003|naj)(/|\.rs$)|_(vjr|ljr|j2003|naj)\.rs$").expect("regex");
    let mut naming = BTreeSet::new();
    for f in rust_files(&src()) {
        let rel = relative(&f);
        let inside = rel.trim_start_matches("src/");
        if own.is_match(inside) || inside == "runner/dispatch.rs" || inside == "rules.rs" {
            continue;
        }
        let text = read(&f);
        if text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .any(|l| names.is_match(l))
        {
            naming.insert(rel);
        }
    }
    let listed: BTreeSet<String> = FAMILY_NAMED_ELSEWHERE
        .iter()
        .map(|s| s.to_string())
        .collect();
    let new: Vec<&String> = naming.difference(&listed).collect();
    let stale: Vec<&String> = listed.difference(&naming).collect();
    assert!(
        new.is_empty(),
        "these files name a ruleset family outside its modules and runner/dispatch.rs: {new:?} (ask the family through its module, or dispatch in one place)"
    );
    assert!(
        stale.is_empty(),
        "these files no longer name a family: remove them from FAMILY_NAMED_ELSEWHERE: {stale:?}"
    );
}
