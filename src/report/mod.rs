//! The corpus report: every check's verdicts, replays and diagrams as one self-contained HTML
//! page for rules authors (`go-oracle report`).
//!
//! [`Report::build`] gathers what the page shows from the cases and the runner's verdicts:
//! the counts per ruleset and engine (ignored checks with their reasons), every discrepancy
//! between a source and the oracle, every check that failed, and the final positions that
//! checks of several rulesets share. [`html::page`] writes the page. Diagrams are drawn by
//! `render/` with the optimized engine replaying the moves; the marks on the final positions
//! come from the case's expectations (the runner has just compared them with every engine),
//! so the page costs no search beyond the runner's own.
//!
//! The page is deterministic: the same cases and verdicts give the same bytes (no times, no
//! dates, everything in corpus order).

pub mod html;

use crate::engine::Engine;
use crate::geometry::{Geometry, Position};
use crate::optimized::Optimized;
use crate::parse::case::{Case, Check, Discrepancy, Lines};
use crate::render::{self, CheckOptions, Diagram, MarksFrom};
use crate::rules::RulesetId;
use crate::runner::{CheckRun, Status, Trace};
use std::collections::BTreeMap;
use std::path::Path;

/// One check with its run and the drawings the page shows of it.
pub struct CheckEntry<'a> {
    pub case: &'a Case,
    /// Index of the check in its case.
    pub index: usize,
    pub check: &'a Check,
    pub run: &'a CheckRun,
    /// Passed / failed / ignored over every engine (failed wins, then passed).
    pub overall: Status,
    /// The start position with the case's labels (no moves).
    pub start: Result<Diagram, String>,
    /// The final position after the moves, one diagram per overlay the ruleset defines
    /// (statuses, control, territory) that the case's expectations give; at least one.
    pub finals: Vec<Result<Diagram, String>>,
}

impl CheckEntry<'_> {
    /// The anchor of the check on the page.
    pub fn anchor(&self) -> String {
        anchor(&format!("check-{}-{}", self.case.file.id, self.check.name))
    }

    /// The replay the page shows: the optimized engine's, else the reference's.
    pub fn trace(&self) -> Option<(&str, &Trace)> {
        self.run
            .traces
            .iter()
            .rev()
            .map(|(n, t)| (n.as_str(), t))
            .next()
    }

    /// The check's discrepancy with its source, if the case records one.
    pub fn discrepancy(&self) -> Option<&Discrepancy> {
        self.case
            .file
            .checks
            .get(self.index)
            .and_then(|s| s.discrepancy.as_ref())
    }
}

/// Passed, failed and ignored checks of one ruleset on one engine, with the ignored checks'
/// reasons (numbers in a reason replaced by `N`, so that budgets group together).
#[derive(Default)]
pub struct Counts {
    pub passed: usize,
    pub failed: usize,
    pub ignored: usize,
    pub reasons: BTreeMap<String, usize>,
}

/// Final positions that checks of several rulesets reach: one group per position, with the
/// first check of each ruleset (in corpus order) and the others of the same ruleset named.
pub struct SharedPosition {
    /// Per ruleset: the entry shown and the other entries (indices into `Report::checks`).
    pub members: Vec<(RulesetId, usize, Vec<usize>)>,
}

/// Where the sources' documents are and how a case's lines are read from them.
pub struct Sources<'a> {
    /// The folder the case files' `source.document` paths are relative to (`shared/`).
    pub dir: Option<&'a Path>,
}

impl Sources<'_> {
    /// The lines of a case's source, or why they cannot be shown.
    pub fn lines(&self, case: &Case) -> Result<(String, Vec<(usize, String)>), String> {
        let source = &case.file.source;
        let Some(lines) = &source.lines else {
            return Err("the case names no lines".into());
        };
        let (first, last) = match lines {
            Lines::One(n) => (*n as usize, *n as usize),
            Lines::Range(r) => {
                let parse = |s: &str| s.trim().parse::<usize>().ok();
                match r.split_once('-') {
                    Some((a, b)) => match (parse(a), parse(b)) {
                        (Some(a), Some(b)) if a <= b => (a, b),
                        _ => return Err(format!("lines `{r}` are not FIRST-LAST")),
                    },
                    None => match parse(r) {
                        Some(n) => (n, n),
                        None => return Err(format!("lines `{r}` are not FIRST-LAST")),
                    },
                }
            }
        };
        let label = if first == last {
            format!("{} line {first}", source.document)
        } else {
            format!("{} lines {first}-{last}", source.document)
        };
        let Some(dir) = self.dir else {
            return Err(format!(
                "{label}: the sources' folder was not found (give --sources DIR)"
            ));
        };
        let path = dir.join(&source.document);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{label}: cannot read {}: {e}", path.display()))?;
        let out: Vec<(usize, String)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.to_string()))
            .filter(|(n, _)| (first..=last).contains(n))
            .collect();
        if out.is_empty() {
            return Err(format!("{label}: {} has fewer lines", path.display()));
        }
        Ok((label, out))
    }
}

/// Everything the page shows, gathered once.
pub struct Report<'a> {
    pub cases: &'a [Case],
    pub checks: Vec<CheckEntry<'a>>,
    /// Per (ruleset, engine).
    pub counts: BTreeMap<(String, String), Counts>,
    pub shared_positions: Vec<SharedPosition>,
    pub sources: Sources<'a>,
    /// The command line shown in the header.
    pub command: String,
}

/// `text` as an HTML id: letters, digits, `-` and `_`; anything else becomes `-`.
pub fn anchor(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// The overall status of a check over its engines: failed if any failed, else passed if
/// any passed, else ignored (with the first engine's reason).
fn overall(run: &CheckRun) -> Status {
    run.overall()
}

/// The final position a trace reached, on the geometry of the check (LJR: its own).
fn final_position<'t>(check: &'t Check, t: &'t Trace) -> (&'t Geometry, &'t Position) {
    match (check.ljr(), t.ljr()) {
        (Some(l), Some(lt)) => (&l.geometry, &lt.position),
        _ => (&check.geometry, &t.position),
    }
}

/// A key that is equal for equal positions on equal rectangles (graphs: none).
fn position_key(g: &Geometry, p: &Position) -> Option<String> {
    let (w, h) = g.rect_size()?;
    let cells: String = g.points().map(|q| p.get(q).symbol()).collect();
    Some(format!("{w}x{h}:{cells}"))
}

impl<'a> Report<'a> {
    /// Gathers the page: `runs` holds one run per check, in the order of `cases` and their
    /// checks (as `runner::run_checks` returns them).
    pub fn build(
        cases: &'a [Case],
        runs: &'a [CheckRun],
        sources: Sources<'a>,
        command: String,
    ) -> Report<'a> {
        let engine = Optimized::default();
        let mut checks = Vec::new();
        let mut counts: BTreeMap<(String, String), Counts> = BTreeMap::new();
        let mut run_iter = runs.iter();
        for case in cases {
            for (index, check) in case.checks.iter().enumerate() {
                let Some(run) = run_iter.next() else {
                    break;
                };
                for (engine_name, status) in &run.verdicts {
                    let c = counts
                        .entry((check.ruleset.to_string(), engine_name.clone()))
                        .or_default();
                    match status {
                        Status::Passed => c.passed += 1,
                        Status::Failed(_) => c.failed += 1,
                        Status::Ignored(why) => {
                            c.ignored += 1;
                            *c.reasons.entry(why.kind()).or_default() += 1;
                        }
                    }
                }
                checks.push(CheckEntry {
                    case,
                    index,
                    check,
                    run,
                    overall: overall(run),
                    start: start_diagram(case, index, &engine),
                    finals: final_diagrams(case, index, check, &engine),
                });
            }
        }
        let shared_positions = shared_positions(&checks);
        Report {
            cases,
            checks,
            counts,
            shared_positions,
            sources,
            command,
        }
    }

    /// Total passed, failed and ignored checks (over all engines, as `go-oracle check`).
    pub fn totals(&self) -> [usize; 3] {
        let mut out = [0; 3];
        for c in &self.checks {
            match c.overall {
                Status::Passed => out[0] += 1,
                Status::Failed(_) => out[1] += 1,
                Status::Ignored(_) => out[2] += 1,
            }
        }
        out
    }
}

/// The start of a check: its position and labels, no moves.
fn start_diagram(case: &Case, index: usize, engine: &dyn Engine) -> Result<Diagram, String> {
    render::from_check(
        case,
        index,
        engine,
        CheckOptions {
            step: Some(0),
            marks: None,
            marks_from: MarksFrom::Expectations,
        },
    )
    .map(|mut d| {
        d.title = Some(format!("{}: start", d.title.unwrap_or_default()));
        d
    })
}

/// The final position of a check with each overlay its ruleset defines and its
/// expectations give; the bare final position when there is none.
fn final_diagrams(
    case: &Case,
    index: usize,
    check: &Check,
    engine: &dyn Engine,
) -> Vec<Result<Diagram, String>> {
    let draw = |marks| {
        render::from_check(
            case,
            index,
            engine,
            CheckOptions {
                step: None,
                marks,
                marks_from: MarksFrom::Expectations,
            },
        )
    };
    let mut out: Vec<Result<Diagram, String>> = render::available_marks(check)
        .into_iter()
        .filter_map(|kind| draw(Some(kind)).ok())
        .filter(|d| !d.marks.is_empty())
        .map(Ok)
        .collect();
    if out.is_empty() {
        out.push(draw(None));
    }
    out
}

/// The final positions reached by checks of at least two rulesets.
fn shared_positions(checks: &[CheckEntry<'_>]) -> Vec<SharedPosition> {
    // position key -> per ruleset the entries, in corpus order
    let mut by_position: BTreeMap<String, (usize, BTreeMap<RulesetId, Vec<usize>>)> =
        BTreeMap::new();
    for (i, entry) in checks.iter().enumerate() {
        let Some((_, t)) = entry.trace() else {
            continue;
        };
        let (g, p) = final_position(entry.check, t);
        let Some(key) = position_key(g, p) else {
            continue;
        };
        let slot = by_position.entry(key).or_insert((i, BTreeMap::new()));
        slot.1.entry(entry.check.ruleset).or_default().push(i);
    }
    let mut groups: Vec<(usize, SharedPosition)> = by_position
        .into_values()
        .filter(|(_, per)| per.len() >= 2)
        .map(|(first, per)| {
            let members = per
                .into_iter()
                .map(|(ruleset, entries)| (ruleset, entries[0], entries[1..].to_vec()))
                .collect();
            (first, SharedPosition { members })
        })
        .collect();
    // The groups with the most rulesets first (that comparison is what rules discussions
    // are about), then in corpus order.
    groups.sort_by_key(|(first, g)| (std::cmp::Reverse(g.members.len()), *first));
    groups.into_iter().map(|(_, g)| g).collect()
}

/// What a replay found, as lines of text: the score or result of the check's ruleset.
pub fn result_lines(t: &Trace) -> Vec<String> {
    let mut out = Vec::new();
    let score = |s: Option<f64>, r: &Option<String>| match (s, r) {
        (Some(s), Some(r)) => format!("score {s}, result {r}"),
        (Some(s), None) => format!("score {s}"),
        (None, Some(r)) => format!("result {r}"),
        (None, None) => "no score".into(),
    };
    if let Some(n) = t.naj() {
        let mut parts = Vec::new();
        if let Some(b) = n.black_score {
            parts.push(format!("black-score {b}"));
        }
        if let Some(w) = n.white_score {
            parts.push(format!("white-score {w}"));
        }
        parts.push(format!("prisoner difference {}", n.prisoner_difference));
        if n.score.is_some() || n.result.is_some() {
            parts.push(score(n.score, &n.result));
        }
        out.push(format!("NAJ: {}", parts.join(", ")));
    }
    if let Some(j) = t.j2003() {
        if let Some(d) = j.cycle_difference {
            out.push(format!(
                "J2003: a long cycle ended the alternation (difference {d})"
            ));
        }
        if j.pass_undetermined {
            out.push("J2003: an ending pass was undetermined (J-19) within the budget".into());
        }
        out.push(format!(
            "J2003: prisoner difference {}; {}",
            j.prisoner_difference,
            score(j.score, &j.result)
        ));
    }
    if let Some(l) = t.ljr() {
        match &l.score {
            Some(s) => out.push(format!(
                "LJR: black {}, white {} (komi {}); score {}, result {}",
                s.black, s.white, s.komi, s.score, s.result
            )),
            None => out.push(format!(
                "LJR: {}",
                if l.game_over {
                    "game over, no score asked"
                } else {
                    "game not over"
                }
            )),
        }
    }
    if let Some(v) = t.vjr() {
        out.push(format!(
            "VJR: prisoner difference {}; {}",
            v.prisoner_difference,
            score(v.score, &v.result)
        ));
    }
    if let Some(s) = &t.score {
        out.push(format!(
            "area: black {}, white {}, komi {}; result {}",
            s.black, s.white, s.komi, s.result
        ));
    }
    if let Some(c) = &t.cycle {
        out.push(format!(
            "NAJN: a long cycle ended the alternation (start {}, length {})",
            c.start, c.length
        ));
    }
    if t.game_over && out.is_empty() {
        out.push("game over".into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_slugs() {
        assert_eq!(anchor("check-a/b c"), "check-a-b-c");
    }
}
