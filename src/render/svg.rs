//! A [`Diagram`] as SVG text, in the style of printed Go books: grid, hoshi, coordinates,
//! stones with move numbers, labels, marks with a legend, notes under the board.
//!
//! The output is deterministic: every number is an integer or formatted with one decimal,
//! and everything is written in board order or in the order the diagram lists it.

use super::{hoshi_points, Diagram, Mark, MarkShape};
use crate::geometry::{column_name, Cell, Colour, Geometry, Point, Shape};
use std::fmt::Write;

/// Distance between grid lines.
const CELL: f64 = 24.0;
/// Room for the coordinates around the grid.
const MARGIN: f64 = 34.0;
/// Stone radius.
const STONE: f64 = 11.0;
/// Height of a line of text under the board.
const LINE: f64 = 16.0;
/// Narrowest picture (so that notes and the legend have room).
const MIN_WIDTH: f64 = 320.0;
/// Approximate width of one character of the notes' font.
const CHAR: f64 = 6.6;

/// One decimal, no `-0.0`.
fn n(x: f64) -> String {
    let s = format!("{x:.1}");
    let s = if s == "-0.0" { "0.0".to_string() } else { s };
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// Text escaped for XML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow at all.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// Where each point is drawn, the size of the board part, and the graph's edges (none on a
/// rectangle: its grid is drawn as lines).
struct Layout {
    centres: Vec<(f64, f64)>,
    width: f64,
    height: f64,
}

fn layout(g: &Geometry) -> Layout {
    match g.shape() {
        Shape::Rect { width, height } => {
            let (w, h) = (*width, *height);
            let mut centres = Vec::with_capacity(w * h);
            for y in 0..h {
                for x in 0..w {
                    centres.push((MARGIN + x as f64 * CELL, MARGIN + y as f64 * CELL));
                }
            }
            Layout {
                centres,
                width: 2.0 * MARGIN + (w - 1) as f64 * CELL,
                height: 2.0 * MARGIN + (h - 1) as f64 * CELL,
            }
        }
        Shape::Graph => {
            // Points on a circle, p0 at the top, clockwise; the circumference leaves about
            // two stone diameters per point.
            let k = g.len();
            let radius = if k <= 1 {
                0.0
            } else {
                (k as f64 * 2.2 * STONE * 2.0 / std::f64::consts::TAU).max(2.0 * CELL)
            };
            let c = MARGIN + radius;
            let centres = (0..k)
                .map(|i| {
                    let a = std::f64::consts::TAU * i as f64 / k as f64;
                    // Rounded to one decimal, as written, so that every use agrees.
                    let x = (c + radius * a.sin()) * 10.0;
                    let y = (c - radius * a.cos()) * 10.0;
                    (x.round() / 10.0, y.round() / 10.0)
                })
                .collect();
            Layout {
                centres,
                width: 2.0 * c,
                height: 2.0 * c,
            }
        }
    }
}

/// Greedy word wrap at `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
}

/// A mark centred on (x, y); `k` scales it (1 = full size).
#[allow(clippy::too_many_arguments)]
fn mark_svg(out: &mut String, m: &Mark, x: f64, y: f64, k: f64, fill: &str, stroke: &str) {
    let s = 5.0 * k;
    let attrs = format!(
        "class=\"mark\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.2\"",
        escape(fill),
        escape(stroke)
    );
    let _ = match m.shape {
        MarkShape::Square => writeln!(
            out,
            "<rect {attrs} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            n(x - s),
            n(y - s),
            n(2.0 * s),
            n(2.0 * s)
        ),
        MarkShape::Triangle => writeln!(
            out,
            "<polygon {attrs} points=\"{},{} {},{} {},{}\"/>",
            n(x),
            n(y - 6.0 * k),
            n(x - 5.5 * k),
            n(y + 4.0 * k),
            n(x + 5.5 * k),
            n(y + 4.0 * k)
        ),
        MarkShape::Circle => writeln!(
            out,
            "<circle {attrs} cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            n(x),
            n(y),
            n(s)
        ),
        MarkShape::Diamond => writeln!(
            out,
            "<polygon {attrs} points=\"{},{} {},{} {},{} {},{}\"/>",
            n(x),
            n(y - 6.0 * k),
            n(x + 6.0 * k),
            n(y),
            n(x),
            n(y + 6.0 * k),
            n(x - 6.0 * k),
            n(y)
        ),
        MarkShape::Cross => writeln!(
            out,
            "<path class=\"mark\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\" d=\"M{} {}L{} {}M{} {}L{} {}\"/>",
            escape(fill),
            n(x - s),
            n(y - s),
            n(x + s),
            n(y + s),
            n(x - s),
            n(y + s),
            n(x + s),
            n(y - s)
        ),
    };
}

/// The diagram as an SVG document.
pub fn svg(d: &Diagram) -> String {
    let g = &d.geometry;
    let lay = layout(g);
    // Wide enough for the title (bold 13px: about 8.5 px a character).
    let title_w = d
        .title
        .as_ref()
        .map_or(0.0, |t| t.chars().count() as f64 * 8.5 + 16.0);
    let width = lay.width.max(MIN_WIDTH).max(title_w.ceil());
    // The board is centred when the picture is wider than it.
    let dx = ((width - lay.width) / 2.0).floor();
    let title_h = if d.title.is_some() { 22.0 } else { 0.0 };
    let chars = ((width - 16.0) / CHAR).floor().max(20.0) as usize;
    let mut text_lines: Vec<(String, bool)> = Vec::new();
    let notes: Vec<String> = d.notes.iter().flat_map(|t| wrap(t, chars)).collect();
    let legend_h = d.legend.len() as f64 * LINE;
    let height = title_h + lay.height + legend_h + notes.len() as f64 * LINE + 8.0;
    text_lines.extend(notes.into_iter().map(|l| (l, false)));

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"Helvetica, Arial, sans-serif\">",
        n(width),
        n(height),
        n(width),
        n(height)
    );
    for c in &d.comments {
        // `--` may not appear inside an XML comment, nor `-` at its end; entities are not
        // read there, so nothing else is escaped.
        let mut text = c.clone();
        while text.contains("--") {
            text = text.replace("--", "- -");
        }
        if text.ends_with('-') {
            text.push(' ');
        }
        let _ = writeln!(out, "<!-- {text} -->");
    }
    let _ = writeln!(
        out,
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        n(width),
        n(height)
    );
    if let Some(t) = &d.title {
        let _ = writeln!(
            out,
            "<text class=\"title\" x=\"{}\" y=\"16\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">{}</text>",
            n(width / 2.0),
            escape(t)
        );
    }
    let _ = writeln!(
        out,
        "<g class=\"board\" transform=\"translate({},{})\">",
        n(dx),
        n(title_h)
    );
    let at = |p: Point| lay.centres[p];

    // Board background, grid or edges.
    match g.shape() {
        Shape::Rect {
            width: w,
            height: h,
        } => rect_board(&mut out, g, &lay, *w, *h),
        Shape::Graph => graph_board(&mut out, g, &lay),
    }

    stones_and_texts(&mut out, d, &lay);
    let number_at = |p: Point| d.numbers.iter().find(|(q, _)| *q == p).map(|(_, k)| *k);
    let label_at = |p: Point| d.labels.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);

    // Marks over everything on the board.
    // On a numbered or labelled point the mark is smaller, at the lower right, so the
    // number or label stays readable.
    for m in &d.marks {
        let (x, y) = at(m.point);
        let e = &d.legend[m.legend];
        if number_at(m.point).is_some() || label_at(m.point).is_some() {
            mark_svg(&mut out, m, x + 8.0, y + 8.0, 0.6, &e.fill, &e.stroke);
        } else {
            mark_svg(&mut out, m, x, y, 1.0, &e.fill, &e.stroke);
        }
    }
    let _ = writeln!(out, "</g>");

    // Legend and notes under the board.
    let mut y = title_h + lay.height + 4.0;
    for e in &d.legend {
        y += LINE;
        let m = Mark {
            point: 0,
            shape: e.shape,
            legend: 0,
        };
        mark_svg(&mut out, &m, 16.0, y - 4.0, 1.0, &e.fill, &e.stroke);
        let _ = writeln!(
            out,
            "<text class=\"legend\" x=\"28\" y=\"{}\" font-size=\"11\">{}</text>",
            n(y),
            escape(&e.text)
        );
    }
    for (line, _) in &text_lines {
        y += LINE;
        let _ = writeln!(
            out,
            "<text class=\"note\" x=\"8\" y=\"{}\" font-size=\"11\">{}</text>",
            n(y),
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A rectangular board: wood, grid, edge, hoshi, coordinates.
fn rect_board(out: &mut String, g: &Geometry, lay: &Layout, w: usize, h: usize) {
    let at = |p: Point| lay.centres[p];
    let (x0, y0) = (MARGIN, MARGIN);
    let (x1, y1) = (
        MARGIN + (w - 1) as f64 * CELL,
        MARGIN + (h - 1) as f64 * CELL,
    );
    let pad = CELL / 2.0 + 2.0;
    let _ = writeln!(
        out,
        "<rect class=\"wood\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f2d9a0\"/>",
        n(x0 - pad),
        n(y0 - pad),
        n(x1 - x0 + 2.0 * pad),
        n(y1 - y0 + 2.0 * pad)
    );
    let _ = write!(
        out,
        "<path class=\"grid\" stroke=\"#000000\" stroke-width=\"1\" fill=\"none\" d=\""
    );
    for y in 0..h {
        let yy = MARGIN + y as f64 * CELL;
        let _ = write!(out, "M{} {}H{}", n(x0), n(yy), n(x1));
    }
    for x in 0..w {
        let xx = MARGIN + x as f64 * CELL;
        let _ = write!(out, "M{} {}V{}", n(xx), n(y0), n(y1));
    }
    let _ = writeln!(out, "\"/>");
    // The edge of the board, thicker as in books.
    let _ = writeln!(
        out,
        "<rect class=\"edge\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2\"/>",
        n(x0),
        n(y0),
        n(x1 - x0),
        n(y1 - y0)
    );
    for p in hoshi_points(g) {
        let (x, y) = at(p);
        let _ = writeln!(
            out,
            "<circle class=\"hoshi\" cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#000000\"/>",
            n(x),
            n(y)
        );
    }
    // Coordinates: letters above and below, numbers left and right (row 1 at the
    // bottom).
    for x in 0..w {
        let xx = MARGIN + x as f64 * CELL;
        for yy in [y0 - pad - 6.0, y1 + pad + 14.0] {
            let _ = writeln!(
                out,
                "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>",
                n(xx),
                n(yy),
                column_name(x)
            );
        }
    }
    for y in 0..h {
        let yy = MARGIN + y as f64 * CELL + 4.0;
        let row = h - y;
        for (xx, anchor) in [(x0 - pad - 4.0, "end"), (x1 + pad + 4.0, "start")] {
            let _ = writeln!(
                out,
                "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\" font-size=\"11\">{row}</text>",
                n(xx),
                n(yy)
            );
        }
    }
}

/// A graph board: its edges, its nodes and their names.
fn graph_board(out: &mut String, g: &Geometry, lay: &Layout) {
    let at = |p: Point| lay.centres[p];
    let _ = write!(
        out,
        "<path class=\"edges\" stroke=\"#000000\" stroke-width=\"1\" fill=\"none\" d=\""
    );
    for p in g.points() {
        for &q in g.neighbours(p) {
            if q > p {
                let (a, b) = (at(p), at(q));
                let _ = write!(out, "M{} {}L{} {}", n(a.0), n(a.1), n(b.0), n(b.1));
            }
        }
    }
    let _ = writeln!(out, "\"/>");
    let k = g.len() as f64;
    for p in g.points() {
        let (x, y) = at(p);
        let _ = writeln!(
            out,
            "<circle class=\"node\" cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#000000\"/>",
            n(x),
            n(y)
        );
        // The name outside the circle, away from the centre.
        let a = std::f64::consts::TAU * p as f64 / k;
        let (nx, ny) = (x + 19.0 * a.sin(), y - 19.0 * a.cos() + 4.0);
        let _ = writeln!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>",
            n(nx),
            n(ny),
            escape(g.name(p))
        );
    }
}

/// Stones, ghosts of captured numbered stones, numbers, labels.
fn stones_and_texts(out: &mut String, d: &Diagram, lay: &Layout) {
    let g = &d.geometry;
    let at = |p: Point| lay.centres[p];
    let number_at = |p: Point| d.numbers.iter().find(|(q, _)| *q == p).map(|(_, k)| *k);
    let label_at = |p: Point| d.labels.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);
    for p in g.points() {
        let (x, y) = at(p);
        let cell = d.position.get(p);
        let ink = match cell {
            Cell::Stone(Colour::Black) => "#ffffff",
            _ => "#000000",
        };
        match cell {
            Cell::Stone(c) => {
                let (class, fill) = match c {
                    Colour::Black => ("stone black", "#000000"),
                    Colour::White => ("stone white", "#ffffff"),
                };
                let _ = writeln!(
                    out,
                    "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1\"/>",
                    n(x),
                    n(y),
                    n(STONE)
                );
            }
            Cell::Empty => {
                if number_at(p).is_some() {
                    // A numbered stone that was captured: a dashed outline.
                    let _ = writeln!(
                        out,
                        "<circle class=\"captured\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#f2d9a0\" stroke=\"#000000\" stroke-width=\"1\" stroke-dasharray=\"2,2\"/>",
                        n(x),
                        n(y),
                        n(STONE)
                    );
                }
            }
        }
        let text = number_at(p)
            .map(|k| k.to_string())
            .or_else(|| label_at(p).map(|c| c.to_string()));
        if let Some(t) = text {
            if cell == Cell::Empty && number_at(p).is_none() && g.rect_size().is_some() {
                // Books clear the grid under a label on an empty point.
                let _ = writeln!(
                    out,
                    "<rect class=\"label-ground\" x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"#f2d9a0\"/>",
                    n(x - 7.0),
                    n(y - 7.0)
                );
            }
            let size = if t.chars().count() >= 3 { 9 } else { 12 };
            let class = if number_at(p).is_some() {
                "number"
            } else {
                "label"
            };
            let italic = if class == "label" {
                " font-style=\"italic\""
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "<text class=\"{class}\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{size}\"{italic} fill=\"{ink}\">{}</text>",
                n(x),
                n(y + 4.0),
                escape(&t)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_the_same_way() {
        assert_eq!(n(3.0), "3");
        assert_eq!(n(-0.01), "0");
        assert_eq!(n(2.26), "2.3");
        assert_eq!(n(2.5), "2.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
    }

    #[test]
    fn notes_wrap_at_words() {
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
    }
}
