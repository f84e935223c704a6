//! The report as one self-contained HTML page: inline CSS, inline SVG diagrams, a few lines
//! of inline script that record in the page how many diagrams the browser drew (the
//! end-to-end test reads them back); no network, no external assets. The page is also
//! well-formed XML (every element closed, no `<` or `&` in the script), so that tests can
//! read it with an XML parser.

use super::{anchor, result_lines, CheckEntry, Report};
use crate::parse::case::{Case, DiscrepancyReason};
use crate::render::svg::escape;
use crate::render::{self, Diagram};
use crate::runner::{format_failure, Status, Trace};
use std::fmt::Write;

const STYLE: &str = r#"
body { font-family: Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1200px; padding: 0 16px 64px; color: #222; }
h1 { margin-top: 24px; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: 4px; margin-top: 40px; }
a { color: #1f5fa0; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.passed { color: #1a7f37; font-weight: bold; }
.failed { color: #c62828; font-weight: bold; }
.ignored { color: #8a6d00; font-weight: bold; }
.diagrams { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.diagram { border: 1px solid #ddd; padding: 4px; background: #fff; }
.diagram h4 { margin: 2px 0 4px; font-size: 13px; }
.side p { font-size: 14px; }
.side { flex: 1 1 360px; }
article { border: 1px solid #ddd; border-radius: 6px; padding: 8px 14px; margin: 14px 0; background: #fafafa; }
article.discrepancy { border-left: 6px solid #e09b00; }
article.failure { border-left: 6px solid #c62828; }
.reason { display: inline-block; padding: 1px 8px; border-radius: 10px; background: #e09b00; color: #fff; font-size: 12px; }
pre { background: #f4f4f4; padding: 6px; overflow-x: auto; font-size: 12px; }
pre.seed { border-left: 3px solid #888; }
.case { border-top: 1px solid #ccc; margin-top: 28px; }
.check { margin-left: 12px; border-left: 3px solid #eee; padding-left: 12px; }
.muted { color: #666; font-size: 13px; }
ol.replay { columns: 3; font-size: 13px; }
ol.replay li.illegal { color: #c62828; }
nav ul { columns: 3; font-size: 13px; }
"#;

/// After loading: how many SVG diagrams the page has and how many the browser drew with a
/// non-empty box (`data-svg-total`, `data-svg-drawn` on `<body>`).
const SCRIPT: &str = r#"
window.addEventListener('load', function () {
  var svgs = Array.prototype.slice.call(document.querySelectorAll('svg'));
  var drawn = 0;
  svgs.forEach(function (svg) {
    var box = svg.getBoundingClientRect();
    if (box.width * box.height !== 0) { drawn += 1; }
  });
  document.body.setAttribute('data-svg-total', String(svgs.length));
  document.body.setAttribute('data-svg-drawn', String(drawn));
});
"#;

fn status_word(s: &Status) -> &'static str {
    match s {
        Status::Passed => "passed",
        Status::Failed(_) => "failed",
        Status::Ignored(_) => "ignored",
    }
}

/// A diagram (or why it could not be drawn) in a box with a heading.
fn diagram_box(out: &mut String, heading: &str, d: &Result<Diagram, String>) {
    let _ = write!(out, "<div class=\"diagram\"><h4>{}</h4>", escape(heading));
    match d {
        Ok(d) => out.push_str(&render::svg(d)),
        Err(e) => {
            let _ = write!(out, "<p class=\"muted\">not drawn: {}</p>", escape(e));
        }
    }
    out.push_str("</div>");
}

fn link(out: &mut String, entry: &CheckEntry<'_>) {
    let _ = write!(
        out,
        "<a href=\"#{}\">{} / {}</a>",
        entry.anchor(),
        escape(&entry.case.file.id),
        escape(&entry.check.name)
    );
}

/// The seed's lines of a case (or why they are not shown).
fn seed_lines(out: &mut String, report: &Report<'_>, case: &Case, open: bool) {
    match report.sources.lines(case) {
        Ok((label, lines)) => {
            let _ =
                write!(
                out,
                "<details class=\"seed\"{}><summary>{} ({} lines)</summary><pre class=\"seed\">",
                if open && lines.len() <= 60 { " open=\"open\"" } else { "" },
                escape(&label),
                lines.len()
            );
            for (n, l) in &lines {
                let _ = writeln!(out, "{n:>5}  {}", escape(l));
            }
            out.push_str("</pre></details>");
        }
        Err(why) => {
            let _ = write!(
                out,
                "<p class=\"muted\">seed text not shown: {}</p>",
                escape(&why)
            );
        }
    }
}

/// An illegal move of a replay: `B C3: illegal (basic-ko)`.
fn illegal(player: char, text: &str, why: &str) -> String {
    format!("{player} {text}: illegal ({why})")
}

/// The moves of a replay, each with its legality.
fn replay_list(out: &mut String, entry: &CheckEntry<'_>, t: &Trace) {
    let check = entry.check;
    let mut items: Vec<(bool, String)> = Vec::new();
    if let (Some(l), Some(lt)) = (check.ljr(), t.ljr()) {
        let g = &l.geometry;
        for s in &lt.steps {
            let names = |ps: &[usize]| ps.iter().map(|&p| g.name(p)).collect::<Vec<_>>().join(" ");
            match &s.result {
                Ok(done) => {
                    let mut text = format!("{} {}", s.player.letter(), s.text);
                    if !done.cycle_removed.is_empty() {
                        let _ = write!(text, ", cycle removes {}", names(&done.cycle_removed));
                    }
                    if !done.captured.is_empty() {
                        let _ = write!(text, ", captures {}", names(&done.captured));
                    }
                    items.push((true, text));
                }
                Err(why) => items.push((false, illegal(s.player.letter(), &s.text, why.as_str()))),
            }
        }
    } else {
        let g = &check.geometry;
        for s in &t.steps {
            match &s.result {
                Ok(removed) if removed.is_empty() => {
                    items.push((true, format!("{} {}", s.player.letter(), s.text)))
                }
                Ok(removed) => items.push((
                    true,
                    format!(
                        "{} {}, removes {}",
                        s.player.letter(),
                        s.text,
                        removed
                            .iter()
                            .map(|&p| g.name(p))
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                )),
                Err(why) => items.push((false, illegal(s.player.letter(), &s.text, why.as_str()))),
            }
        }
    }
    if items.is_empty() {
        out.push_str("<p class=\"muted\">no moves</p>");
        return;
    }
    out.push_str("<ol class=\"replay\">");
    for (legal, text) in items {
        let _ = write!(
            out,
            "<li{}>{}</li>",
            if legal { "" } else { " class=\"illegal\"" },
            escape(&text)
        );
    }
    out.push_str("</ol>");
    if let Some(n) = t.naj() {
        for (name, a) in [
            ("black-analysis", &n.black_analysis),
            ("white-analysis", &n.white_analysis),
        ] {
            if let Some(a) = a {
                let moves: Vec<String> = a
                    .steps
                    .iter()
                    .map(|s| match &s.result {
                        Ok(_) => format!("{} {}", s.player.letter(), s.text),
                        Err(why) => format!(
                            "{} {} (illegal: {})",
                            s.player.letter(),
                            s.text,
                            why.as_str()
                        ),
                    })
                    .collect();
                let _ = write!(
                    out,
                    "<p class=\"muted\">{name}: {}</p>",
                    escape(&moves.join(", "))
                );
            }
        }
    }
}

fn results(out: &mut String, t: &Trace, engine: &str) {
    let lines = result_lines(t);
    if lines.is_empty() {
        return;
    }
    let _ = write!(out, "<p>result ({}): ", escape(engine));
    out.push_str(&escape(&lines.join("; ")));
    out.push_str("</p>");
}

fn verdicts(out: &mut String, entry: &CheckEntry<'_>) {
    out.push_str(
        "<table class=\"verdicts\"><tr><th>engine</th><th>verdict</th><th>detail</th></tr>",
    );
    for (engine, status) in &entry.run.verdicts {
        let word = status_word(status);
        let detail = match status {
            Status::Passed => String::new(),
            Status::Ignored(why) => escape(&why.to_string()),
            Status::Failed(f) => format!("<pre>{}</pre>", escape(&format_failure(engine, f))),
        };
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"{word}\">{word}</td><td>{detail}</td></tr>",
            escape(engine)
        );
    }
    out.push_str("</table>");
}

fn front(out: &mut String, report: &Report<'_>) {
    let [passed, failed, ignored] = report.totals();
    let _ = write!(
        out,
        "<p id=\"totals\" data-files=\"{files}\" data-checks=\"{total}\" data-passed=\"{passed}\" data-failed=\"{failed}\" data-ignored=\"{ignored}\">{files} files, {total} checks: <span class=\"passed\">{passed} passed</span>, <span class=\"failed\">{failed} failed</span>, <span class=\"ignored\">{ignored} ignored</span>. Discrepancies with a source: {d}. Made by <code>{cmd}</code>.</p>",
        files = report.cases.len(),
        total = report.checks.len(),
        d = report.checks.iter().filter(|c| c.discrepancy().is_some()).count(),
        cmd = escape(&report.command),
    );
    out.push_str("<nav><ul><li><a href=\"#counts\">Counts per ruleset and engine</a></li><li><a href=\"#discrepancies\">Discrepancies with the sources</a></li><li><a href=\"#failures\">Failures</a></li><li><a href=\"#shared-positions\">One position, several rulesets</a></li><li><a href=\"#cases\">Cases</a></li></ul></nav>");
}

fn counts(out: &mut String, report: &Report<'_>) {
    out.push_str("<section id=\"counts\"><h2>Counts per ruleset and engine</h2>");
    out.push_str("<table><tr><th>ruleset</th><th>engine</th><th>passed</th><th>failed</th><th>ignored</th><th>why ignored</th></tr>");
    for ((ruleset, engine), c) in &report.counts {
        let reasons: Vec<String> = c
            .reasons
            .iter()
            .map(|(r, n)| format!("{n}× {}", escape(r)))
            .collect();
        let _ = write!(
            out,
            "<tr class=\"count\" data-ruleset=\"{r}\" data-engine=\"{e}\" data-passed=\"{p}\" data-failed=\"{f}\" data-ignored=\"{i}\"><td>{r}</td><td>{e}</td><td class=\"n\">{p}</td><td class=\"n\">{f}</td><td class=\"n\">{i}</td><td>{why}</td></tr>",
            r = escape(ruleset),
            e = escape(engine),
            p = c.passed,
            f = c.failed,
            i = c.ignored,
            why = reasons.join("<br/>")
        );
    }
    out.push_str("</table></section>");
}

fn discrepancies(out: &mut String, report: &Report<'_>) {
    out.push_str("<section id=\"discrepancies\"><h2>Discrepancies with the sources</h2>");
    out.push_str("<p class=\"muted\">Where the oracle does not reproduce what a source says. Left: the source's start and its claim; right: the oracle's replay and result. The case asserts the oracle's result; the reason says whose error it is.</p>");
    // Grouped by reason: the sources' own errors and ambiguities first (what rules authors
    // read the report for), then ours, then the findings of the differential test of an
    // external engine; within a group in corpus order.
    let groups: [(DiscrepancyReason, &str); 5] = [
        (DiscrepancyReason::SourceError, "Errors in the sources"),
        (DiscrepancyReason::Ambiguity, "Ambiguities of the texts"),
        (DiscrepancyReason::OurBug, "Our bugs (known)"),
        (DiscrepancyReason::NotReplayable, "Not replayable as given"),
        (
            DiscrepancyReason::EngineDiffers,
            "An external engine differs (gtp-diff)",
        ),
    ];
    let of = |reason: DiscrepancyReason| -> Vec<&CheckEntry<'_>> {
        report
            .checks
            .iter()
            .filter(|e| e.discrepancy().is_some_and(|d| d.reason == reason))
            .collect()
    };
    let present: Vec<(DiscrepancyReason, &str, Vec<&CheckEntry<'_>>)> = groups
        .iter()
        .map(|(r, title)| (*r, *title, of(*r)))
        .filter(|(_, _, entries)| !entries.is_empty())
        .collect();
    if !present.is_empty() {
        out.push_str("<ul class=\"groups\">");
        for (reason, title, entries) in &present {
            let _ = write!(
                out,
                "<li><a href=\"#discrepancies-{}\">{}</a>: {}</li>",
                reason_word(*reason),
                escape(title),
                entries.len()
            );
        }
        out.push_str("</ul>");
    }
    let mut any = false;
    for (reason, title, entries) in &present {
        let _ = write!(
            out,
            "<h3 class=\"group\" id=\"discrepancies-{}\">{} ({})</h3>",
            reason_word(*reason),
            escape(title),
            entries.len()
        );
        for entry in entries {
            any = true;
            discrepancy(out, report, entry);
        }
    }
    if !any {
        out.push_str("<p>None.</p>");
    }
    out.push_str("</section>");
}

/// The kebab-case word of a reason, as case files spell it.
fn reason_word(reason: DiscrepancyReason) -> String {
    serde_json::to_value(reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// One discrepancy: the source's claim and start beside the oracle's result and final
/// position, the reason, the explanation and the seed's lines.
fn discrepancy(out: &mut String, report: &Report<'_>, entry: &CheckEntry<'_>) {
    {
        let Some(d) = entry.discrepancy() else {
            return;
        };
        let reason = serde_json::to_value(d.reason)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let _ = write!(
            out,
            "<article class=\"discrepancy\" data-case=\"{}\" data-check=\"{}\"><h3>",
            escape(&entry.case.file.id),
            escape(&entry.check.name)
        );
        link(out, entry);
        let _ = write!(
            out,
            " <span class=\"reason\">{}</span></h3>",
            escape(&reason)
        );
        if let Some(t) = &entry.case.file.title {
            let _ = write!(out, "<p class=\"muted\">{}</p>", escape(t));
        }
        out.push_str("<div class=\"diagrams\"><div class=\"side\">");
        let _ = write!(out, "<p><b>The source:</b> {}</p>", escape(&d.claim));
        diagram_box(out, "as the source starts", &entry.start);
        out.push_str("</div><div class=\"side\">");
        let _ = write!(out, "<p><b>The oracle:</b> {}</p>", escape(&d.oracle));
        if let Some(f) = entry.finals.first() {
            diagram_box(out, "the oracle's replay and final position", f);
        }
        if let Some((engine, t)) = entry.trace() {
            results(out, t, engine);
        }
        out.push_str("</div></div>");
        if let Some(e) = &d.explanation {
            let _ = write!(out, "<p>{}</p>", escape(e));
        }
        seed_lines(out, report, entry.case, true);
        out.push_str("</article>");
    }
}

fn failures(out: &mut String, report: &Report<'_>) {
    out.push_str("<section id=\"failures\"><h2>Failures</h2>");
    let failed: Vec<&CheckEntry<'_>> = report
        .checks
        .iter()
        .filter(|c| matches!(c.overall, Status::Failed(_)))
        .collect();
    if failed.is_empty() {
        out.push_str("<p>None: every engine that ran a check agrees with the case and with the reference.</p>");
    }
    for entry in failed {
        let _ = write!(
            out,
            "<article class=\"failure\" data-case=\"{}\" data-check=\"{}\"><h3>",
            escape(&entry.case.file.id),
            escape(&entry.check.name)
        );
        link(out, entry);
        out.push_str("</h3>");
        verdicts(out, entry);
        let _ = write!(
            out,
            "<p class=\"muted\">rerun: <code>go-oracle explain {} --check {}</code></p></article>",
            escape(&entry.case.path),
            escape(&entry.check.name)
        );
    }
    out.push_str("</section>");
}

fn shared_positions(out: &mut String, report: &Report<'_>) {
    out.push_str("<section id=\"shared-positions\"><h2>One position, several rulesets</h2>");
    out.push_str("<p class=\"muted\">Final positions that checks of more than one ruleset reach, each ruleset's verdict side by side.</p>");
    if report.shared_positions.is_empty() {
        out.push_str("<p>None in these cases.</p>");
    }
    for group in &report.shared_positions {
        let rulesets: Vec<String> = group
            .members
            .iter()
            .map(|(r, _, _)| r.to_string())
            .collect();
        let _ = write!(
            out,
            "<article class=\"shared\" data-rulesets=\"{}\"><h3>{}</h3><div class=\"diagrams\">",
            escape(&rulesets.join(" ")),
            escape(&rulesets.join(", "))
        );
        for (ruleset, first, others) in &group.members {
            let entry = &report.checks[*first];
            out.push_str("<div class=\"side\">");
            let _ = write!(out, "<p><b>{}</b>: ", escape(&ruleset.to_string()));
            link(out, entry);
            let _ = write!(
                out,
                " <span class=\"{w}\">{w}</span></p>",
                w = status_word(&entry.overall)
            );
            if let Some(f) = entry.finals.first() {
                diagram_box(out, ruleset.as_str(), f);
            }
            if let Some((engine, t)) = entry.trace() {
                results(out, t, engine);
            }
            if !others.is_empty() {
                out.push_str("<p class=\"muted\">also: ");
                for (k, &o) in others.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    link(out, &report.checks[o]);
                }
                out.push_str("</p>");
            }
            out.push_str("</div>");
        }
        out.push_str("</div></article>");
    }
    out.push_str("</section>");
}

fn cases(out: &mut String, report: &Report<'_>) {
    out.push_str("<section id=\"cases\"><h2>Cases</h2><nav><ul>");
    for case in report.cases {
        let _ = write!(
            out,
            "<li><a href=\"#{}\">{}</a></li>",
            anchor(&format!("case-{}", case.file.id)),
            escape(&case.path)
        );
    }
    out.push_str("</ul></nav>");
    let mut entries = report.checks.iter().peekable();
    for case in report.cases {
        let _ = write!(
            out,
            "<section class=\"case\" id=\"{}\" data-case=\"{}\"><h3>{}</h3>",
            anchor(&format!("case-{}", case.file.id)),
            escape(&case.file.id),
            escape(case.file.title.as_deref().unwrap_or(&case.file.id))
        );
        let s = &case.file.source;
        let mut source = escape(&s.document);
        if let Some(section) = &s.section {
            let _ = write!(source, ", {}", escape(section));
        }
        if let Some(url) = &s.url {
            let _ = write!(source, ", {}", escape(url));
        }
        let _ = write!(
            out,
            "<p class=\"muted\">file <code>{}</code>; source: {source}</p>",
            escape(&case.path)
        );
        seed_lines(out, report, case, false);
        if let Some(notes) = &case.file.notes {
            let _ = write!(
                out,
                "<pre class=\"notes\">{}</pre>",
                escape(notes.trim_end())
            );
        }
        if !case.file.positions.is_empty() {
            out.push_str("<div class=\"diagrams\">");
            for (name, text) in &case.file.positions {
                let d = crate::parse::diagram::parse_position(text)
                    .map(|(g, p)| {
                        let mut d = Diagram::position(g, p);
                        d.title = Some(format!("{} / {name}", case.file.id));
                        d
                    })
                    .map_err(|e| e.to_string());
                diagram_box(out, &format!("position `{name}`"), &d);
            }
            out.push_str("</div>");
        }
        while let Some(entry) = entries.next_if(|e| std::ptr::eq(e.case, case)) {
            check_section(out, entry);
        }
        out.push_str("</section>");
    }
    out.push_str("</section>");
}

fn check_section(out: &mut String, entry: &CheckEntry<'_>) {
    let w = status_word(&entry.overall);
    let _ = write!(
        out,
        "<div class=\"check\" id=\"{}\" data-status=\"{w}\"><h4>{} <span class=\"muted\">({})</span> <span class=\"{w}\">{w}</span></h4>",
        entry.anchor(),
        escape(&entry.check.name),
        escape(entry.check.ruleset.as_str())
    );
    if let Some(spec) = entry.case.file.checks.get(entry.index) {
        if let Some(d) = &spec.description {
            let _ = write!(out, "<p>{}</p>", escape(d));
        }
        if let Some(t) = &spec.source_text {
            let _ = write!(
                out,
                "<p class=\"muted\">the source's text: {}</p>",
                escape(t)
            );
        }
    }
    if let Some(d) = entry.discrepancy() {
        let _ = write!(
            out,
            "<p>discrepancy: the source: {}; the oracle: {}</p>",
            escape(&d.claim),
            escape(&d.oracle)
        );
    }
    verdicts(out, entry);
    match entry.trace() {
        Some((engine, t)) => {
            let _ = write!(out, "<p class=\"muted\">replay ({}):</p>", escape(engine));
            replay_list(out, entry, t);
            results(out, t, engine);
        }
        None => out.push_str("<p class=\"muted\">no engine replayed this check</p>"),
    }
    out.push_str("<div class=\"diagrams\">");
    diagram_box(out, "start", &entry.start);
    for f in &entry.finals {
        diagram_box(out, "final position", f);
    }
    out.push_str("</div></div>");
}

/// The whole page.
pub fn page(report: &Report<'_>) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>go-oracle corpus report</title><style>");
    out.push_str(STYLE);
    out.push_str("</style><script>");
    out.push_str(SCRIPT);
    out.push_str("</script></head><body><h1>go-oracle corpus report</h1>");
    front(&mut out, report);
    counts(&mut out, report);
    discrepancies(&mut out, report);
    failures(&mut out, report);
    shared_positions(&mut out, report);
    cases(&mut out, report);
    out.push_str("</body></html>\n");
    out
}
