//! Case files: finding them, loading them, naming their checks.

use crate::parse::case::{load_case, Case, Check};
use crate::parse::InputError;
use std::path::{Path, PathBuf};

/// All case files under the given paths (files or directories), sorted.
pub fn case_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InputError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            collect(p, &mut out).map_err(|e| {
                InputError::new(format!("cannot read directory: {e}"))
                    .in_file(p.display().to_string())
            })?;
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(
                InputError::new("no such file or directory").in_file(p.display().to_string())
            );
        }
    }
    out.sort();
    Ok(out)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            collect(&p, out)?;
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            out.push(p);
        }
    }
    Ok(())
}

/// Load every case under the paths; the first bad file is an error.
pub fn load_all(paths: &[PathBuf]) -> Result<Vec<Case>, InputError> {
    case_files(paths)?.iter().map(|p| load_case(p)).collect()
}

/// The test name of a check: `<file>::<check>::<engine>`, `<file>` being the path under
/// `oracle-cases/` without `.yaml`.
pub fn test_name(case: &Case, check: &Check, engine: &str) -> String {
    let p = case.path.replace('\\', "/");
    let p = p.split("oracle-cases/").last().unwrap_or(&p);
    let p = p.trim_end_matches(".yaml").trim_end_matches(".yml");
    format!("{p}::{}::{engine}", check.name)
}
