//! GTP transcript tests: every `tests/gtp/*.tst` file is fed to `go-oracle gtp` and each
//! response checked against the expectation that follows its command, one test per file.
//!
//! The format follows GoGui's regression files (`.tst`):
//! * `#> ARGS` (before the first command): the arguments of `go-oracle gtp`;
//! * a line not starting with `#` is a command, sent as it is;
//! * `#? [REGEX]`: the command before it succeeds (`=`) and its text matches REGEX as a
//!   whole (multi-line responses are joined by `\n`; `(?s)` lets `.` cross lines);
//! * `#! [REGEX]`: the command before it fails (`?`) and its text matches REGEX;
//! * other `#` lines are comments.
//!
//! Files are read relative to the package root (`loadsgf tests/fixtures/sgf/...`).

use libtest_mimic::{Arguments, Failed, Trial};
use regex::Regex;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Expectation {
    line: usize,
    command: String,
    /// Index of the command's response.
    response: usize,
    success: bool,
    pattern: String,
}

fn run_file(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut args: Vec<String> = Vec::new();
    let mut input = String::new();
    let mut commands = 0usize;
    let mut last: Option<String> = None;
    let mut expectations = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(a) = trimmed.strip_prefix("#>") {
            args.extend(a.split_whitespace().map(str::to_string));
        } else if let Some(rest) = trimmed
            .strip_prefix("#?")
            .map(|r| (true, r))
            .or_else(|| trimmed.strip_prefix("#!").map(|r| (false, r)))
        {
            let (success, r) = rest;
            let r = r.trim();
            let pattern = r
                .strip_prefix('[')
                .and_then(|r| r.strip_suffix(']'))
                .ok_or_else(|| format!("{}:{}: expected `#? [REGEX]`", path.display(), i + 1))?;
            let command = last.clone().ok_or_else(|| {
                format!(
                    "{}:{}: an expectation before any command",
                    path.display(),
                    i + 1
                )
            })?;
            expectations.push(Expectation {
                line: i + 1,
                command,
                response: commands - 1,
                success,
                pattern: pattern.to_string(),
            });
        } else if trimmed.starts_with('#') || trimmed.is_empty() {
        } else {
            input.push_str(line);
            input.push('\n');
            commands += 1;
            last = Some(trimmed.to_string());
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_go-oracle"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("gtp")
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start go-oracle: {e}"))?;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(input.as_bytes())
        .map_err(|e| format!("cannot write: {e}"))?;
    let out = child.wait_with_output().map_err(|e| format!("{e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Responses end with an empty line (GTP 2.6).
    let responses: Vec<(bool, String)> = stdout
        .split("\n\n")
        .filter(|r| !r.trim().is_empty())
        .map(|r| {
            let r = r.trim_start_matches('\n');
            let ok = r.starts_with('=');
            let body = r[1..].trim_start_matches(|c: char| c.is_ascii_digit());
            let body = body.strip_prefix(' ').unwrap_or(body);
            (ok, body.trim_end().to_string())
        })
        .collect();
    let rerun = format!(
        "rerun: cargo test --release --test gtp_transcripts -- {}",
        path.file_stem().unwrap_or_default().to_string_lossy()
    );
    if responses.len() != commands {
        return Err(format!(
            "{} commands but {} responses (exit {:?}, stderr: {})\n{rerun}",
            commands,
            responses.len(),
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    let mut problems = Vec::new();
    for e in &expectations {
        let (ok, body) = &responses[e.response];
        let re = Regex::new(&format!("^(?:{})$", e.pattern))
            .map_err(|err| format!("{}:{}: bad regex: {err}", path.display(), e.line))?;
        if *ok != e.success || !re.is_match(body) {
            problems.push(format!(
                "{}:{}: `{}`\n    expected: {} [{}]\n    got:      {} {}",
                path.display(),
                e.line,
                e.command,
                if e.success { "=" } else { "?" },
                e.pattern,
                if *ok { "=" } else { "?" },
                body.replace('\n', "\n              ")
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{rerun}", problems.join("\n")).into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/gtp");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/gtp is readable")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    files.sort();
    let trials = files
        .into_iter()
        .map(|p| {
            let name = p
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            Trial::test(name, move || run_file(&p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
