//! A failure as text for humans, and the command that reruns it.

use super::Failure;

/// Put two texts side by side under two headings.
pub fn side_by_side(left_title: &str, left: &str, right_title: &str, right: &str) -> String {
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let width = l
        .iter()
        .map(|s| s.chars().count())
        .chain(std::iter::once(left_title.chars().count()))
        .max()
        .unwrap_or(0);
    let mut out = format!("    {left_title:width$}   | {right_title}\n");
    for i in 0..l.len().max(r.len()) {
        let a = l.get(i).copied().unwrap_or("");
        let b = r.get(i).copied().unwrap_or("");
        let mark = if a == b { ' ' } else { '!' };
        out.push_str(&format!("  {mark} {a:width$}   | {b}\n"));
    }
    out
}

/// A failure as text: each mismatch with its two sides.
pub fn format_failure(engine: &str, f: &Failure) -> String {
    let mut out = String::new();
    if let Some(p) = &f.problem {
        out.push_str(&format!("case problem: {p}\n"));
    }
    for (against, m) in &f.mismatches {
        out.push_str(&format!("{}:\n", m.what));
        let left = if against == "expected" {
            "expected".to_string()
        } else {
            against.clone()
        };
        out.push_str(&side_by_side(&left, &m.expected, engine, &m.actual));
    }
    out
}

/// The command that reruns one check.
pub fn rerun_command(test_name: &str, path: &str, check: &str) -> String {
    format!(
        "cargo test --test corpus -- --exact '{test_name}'\n  or: cargo run -- explain {path} --check {check}"
    )
}
