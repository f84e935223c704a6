//! `compare --html FILE`: one self-contained, well-formed (XHTML-compatible) page with one
//! SVG diagram per ruleset: the position, each string's status marked (a legend under the
//! board), the next move marked with its legality, the score as a note; undetermined and
//! contested answers marked apart. Drawn from the comparison's answers only.

use super::compare_words::{
    cell, legality_word, move_word, score_word, string_name, verdict_details, Source,
};
use go_oracle::engine::Move;
use go_oracle::geometry::Point;
use go_oracle::render::{svg, Diagram, MarkShape};
use go_oracle::session::compare::{Comparison, Part, Question, RulesetAnswer};
use go_oracle::session::Verdict;

const RED: &str = "#d62728";
const BLUE: &str = "#1f77b4";
const GREEN: &str = "#2ca02c";
const ORANGE: &str = "#ff7f0e";
const GREY: &str = "#888888";
const PURPLE: &str = "#9467bd";
const BLACK: &str = "#000000";
const WHITE: &str = "#ffffff";

/// The mark of a status word: shape and fill.
fn mark_of(word: &str) -> (MarkShape, &'static str) {
    match word {
        "uncapturable" | "independently-alive" | "immortal" | "alive" => (MarkShape::Circle, GREEN),
        "capturable-1" | "alive-in-seki" => (MarkShape::Triangle, BLUE),
        "capturable-2" | "partly-controlled" => (MarkShape::Diamond, ORANGE),
        "dead" => (MarkShape::Cross, RED),
        "undefined" => (MarkShape::Diamond, PURPLE),
        // `not-immortal` and any other word: a plain grey triangle.
        _ => (MarkShape::Triangle, GREY),
    }
}

/// The diagram of one ruleset's answer.
fn diagram(q: &Question, r: &RulesetAnswer) -> Diagram {
    let g = &q.geometry;
    let mut d = Diagram::position(g.clone(), q.position.clone());
    d.title = Some(format!("{} ({})", r.ruleset, r.verdict.as_str()));
    match &r.strings {
        Part::Why(w) => d.notes.push(format!("strings: {w}")),
        Part::Answer(s) => {
            // Stones grouped by the answer's word, in the order words first appear.
            let mut groups: Vec<(String, Vec<Point>, bool)> = Vec::new();
            let mut undetermined = Vec::new();
            let mut contested = Vec::new();
            for i in &s.items {
                match &i.status {
                    Verdict::Agreed(w) => match groups.iter_mut().find(|(x, _, _)| x == w) {
                        Some((_, ps, _)) => ps.extend(&i.points),
                        None => groups.push((w.to_string(), i.points.clone(), true)),
                    },
                    Verdict::Undetermined { .. } => undetermined.extend(&i.points),
                    Verdict::Disagreed(_) => contested.extend(&i.points),
                }
                for n in verdict_details(&i.status, |w| w.to_string()) {
                    d.notes.push(format!("{}: {n}", string_name(g, i)));
                }
            }
            for (word, points, _) in groups {
                let (shape, fill) = mark_of(&word);
                d.add_marks(points, shape, fill, BLACK, &word);
            }
            let what = format!("undetermined within {} per question", q.budget);
            d.add_marks(undetermined, MarkShape::Square, GREY, BLACK, &what);
            d.add_marks(
                contested,
                MarkShape::Circle,
                RED,
                WHITE,
                "the engines disagree",
            );
            if let Some(control) = &s.control {
                control_marks(&mut d, q, control);
            }
            d.notes.insert(0, format!("marks: {}", s.question));
        }
    }
    // The next move last: its mark is drawn over a control mark on the same point.
    if let (Some(next), Some((colour, mv))) = (&r.next, q.next) {
        let what = match next {
            Part::Answer(m) => cell(&m.legal, legality_word),
            Part::Why(w) => w.clone(),
        };
        let text = format!("next move {} {}: {what}", colour.letter(), move_word(g, mv));
        match mv {
            Move::Play(p) => d.add_marks([p], MarkShape::Square, ORANGE, BLACK, &text),
            _ => d.notes.push(text),
        }
    }
    match &r.score {
        Part::Why(w) => d.notes.push(format!("score: {w}")),
        Part::Answer(s) => {
            let shown = s
                .value
                .shown()
                .map(score_word)
                .unwrap_or_else(|| "undetermined".into());
            d.notes.push(format!("{}: {shown}", s.question));
            for n in verdict_details(&s.value, score_word) {
                d.notes.push(format!("score: {n}"));
            }
        }
    }
    d
}

/// LJR: the empty locations each player controls (L-14).
fn control_marks(d: &mut Diagram, q: &Question, control: &[Verdict<[bool; 2]>]) {
    let empty = |p: Point| q.position.get(p) == go_oracle::geometry::Cell::Empty;
    let pick = |want: [bool; 2]| {
        q.geometry
            .points()
            .filter(|&p| empty(p) && control[p].agreed() == Some(&want))
            .collect::<Vec<_>>()
    };
    let b = pick([true, false]);
    let w = pick([false, true]);
    let both = pick([true, true]);
    d.add_marks(
        b,
        MarkShape::Square,
        BLACK,
        WHITE,
        "black control (empty location)",
    );
    d.add_marks(
        w,
        MarkShape::Square,
        WHITE,
        BLACK,
        "white control (empty location)",
    );
    d.add_marks(both, MarkShape::Diamond, GREY, BLACK, "both control");
    let open: Vec<Point> = q
        .geometry
        .points()
        .filter(|&p| empty(p) && control[p].agreed().is_none())
        .collect();
    d.add_marks(
        open,
        MarkShape::Circle,
        ORANGE,
        BLACK,
        "control undetermined or contested",
    );
}

/// Text for an HTML text node or attribute.
fn escape(s: &str) -> String {
    svg::escape(s)
}

/// The page: a title, where the position came from, then one diagram per ruleset.
pub fn page(q: &Question, c: &Comparison, source: &Source) -> String {
    let mut out = String::new();
    let title = format!("go-oracle compare: {}", source.file);
    out.push_str("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    out.push_str(&format!("<title>{}</title>\n", escape(&title)));
    out.push_str("<style>body{font-family:Helvetica,Arial,sans-serif;margin:1.5em;color:#222}.rulesets{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}figure{margin:0}figcaption{font-weight:bold;margin-bottom:.3em}.agreed{color:#2ca02c}.undetermined{color:#888}.contested{color:#d62728}</style>\n</head>\n<body>\n");
    out.push_str(&format!("<h1>{}</h1>\n", escape(&title)));
    let mut facts = format!(
        "komi {}, prisoner difference {}, budget {} per question",
        go_oracle::engine::fmt_number(q.komi),
        q.prisoner_difference,
        q.budget
    );
    if let Some(d) = &source.detail {
        facts = format!("{d}; {facts}");
    }
    out.push_str(&format!(
        "<p>{} — overall: <span class=\"{v}\">{v}</span></p>\n<div class=\"rulesets\">\n",
        escape(&facts),
        v = c.verdict.as_str()
    ));
    for r in &c.rulesets {
        out.push_str(&format!(
            "<figure id=\"{id}\"><figcaption>{id}: <span class=\"{v}\">{v}</span></figcaption>\n",
            id = r.ruleset.as_str(),
            v = r.verdict.as_str()
        ));
        out.push_str(&svg::svg(&diagram(q, r)));
        out.push_str("</figure>\n");
    }
    out.push_str("</div>\n</body>\n</html>\n");
    out
}
