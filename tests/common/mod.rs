//! Helpers shared by the tests that run the `go-oracle` binary: run it from the package
//! root, read its output, write temporary input files.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_go-oracle");

pub fn bin() -> Command {
    Command::new(BIN)
}

/// Run the binary with `args` from the package root.
pub fn run(args: &[&str]) -> Output {
    bin()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// Standard output as JSON (panics with the text when it is not).
pub fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&o.stdout)))
}

/// The temporary folder (created) of this test process and of the test file that calls it:
/// the files of `tests/integration.rs` share one process, so each file gets its own folder
/// and the names a file chooses cannot meet another file's.
#[track_caller]
pub fn temp_dir() -> PathBuf {
    let file = std::panic::Location::caller().file();
    let stem = Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("test");
    let dir = std::env::temp_dir().join(format!("go-oracle-test-{}-{stem}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Write `text` to `name` in [`temp_dir`] (the caller's file's folder).
#[track_caller]
pub fn temp(name: &str, text: &str) -> PathBuf {
    let p = temp_dir().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}
