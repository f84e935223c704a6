//! Case format v1: the YAML files of `oracle-cases/` (documented in
//! `oracle-cases/README.md`, JSON Schema in `oracle-cases/case.schema.json`). The file as
//! written is [`super::case_file`], a runnable check [`super::check`], the way from one to
//! the other [`super::resolve`]; this module loads and parses files and names them all.

pub use super::case_file::*;
pub use super::case_j2003::{J2003Check, J2003StringExpect};
pub use super::case_naj::NajCheck;
pub use super::case_vjr::VjrCheck;
pub use super::check::*;
use super::InputError;
use std::path::Path;

/// Load a case file from disk.
pub fn load_case(path: &Path) -> Result<Case, InputError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| InputError::new(format!("cannot read file: {e}")).in_file(&name))?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    parse_case(&text, &name, Some(&stem))
}

/// Parse and resolve a case file's text. `stem`, when given, must equal the case's id.
pub fn parse_case(text: &str, file: &str, stem: Option<&str>) -> Result<Case, InputError> {
    let parsed: CaseFile = serde_yaml::from_str(text).map_err(|e| {
        let (line, col) = e
            .location()
            .map(|l| (l.line(), l.column()))
            .unwrap_or((0, 0));
        let msg = e.to_string();
        let msg = match msg.find(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        };
        let hint = if msg.contains("unknown field") {
            "see oracle-cases/README.md for the fields of case format v1"
        } else if msg.contains("did not match any variant of untagged enum MoveItem") {
            "a move item is a string (`#[ab]`, `B D4, W C3`) or a mapping with `play:` and expectations"
        } else {
            "see oracle-cases/README.md for case format v1"
        };
        InputError::new(format!("invalid case file: {msg}"))
            .at(line, col)
            .hint(hint)
            .in_file(file)
    })?;
    super::resolve::resolve(parsed, text, file, stem).map_err(|e| e.in_file(file))
}

#[cfg(test)]
mod to_yaml_tests {
    use super::*;

    #[test]
    fn written_case_parses_back_with_block_diagrams() {
        let text = "id: t\nsource: {document: x}\nnotes: |\n  two\n  lines\nchecks:\n  - name: c\n    ruleset: tromp-taylor\n    position: |\n      . # .\n      . O .\n    moves: [\"B A1, W pass\", {play: W A2, legal: false, reason: occupied}]\n    expect: {score: 1.5, result: B+1.5}\n";
        let file: CaseFile = serde_yaml::from_str(text).unwrap();
        let written = file.to_yaml("written by a test\n\nsecond");
        assert!(
            written.starts_with("# written by a test\n#\n# second\n"),
            "{written}"
        );
        assert!(written.contains("position: |"), "{written}");
        parse_case(&written, "t.yaml", Some("t")).unwrap();
    }
}
