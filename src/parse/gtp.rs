//! The Go Text Protocol, version 2 (GTP draft 2, sections 2.1 ... 2.13 and 3): command lines
//! as an engine reads them, responses as a controller reads them, vertices and colours.
//! Shared by the referee (`gtp::referee`, the engine side) and the client that drives an
//! external engine (`gtp::client`, the controller side).

use crate::geometry::{Colour, Geometry, Point};

/// One command line after preprocessing: an optional numeric id, the command name, its
/// arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}

/// GTP 2.3 preprocessing of one line: control characters other than HT and LF removed, HT
/// turned into a space, everything after `#` dropped. `None` for a line that is then empty
/// (only white space), which the engine ignores.
pub fn preprocess(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    let trimmed = out.trim();
    if trimmed.is_empty() {
        None
    } else {
        Some(trimmed.to_string())
    }
}

/// Parse a command line (GTP 2.4: `[id] command_name [arguments]`); `None` for a line that
/// preprocessing leaves empty.
pub fn parse_command(line: &str) -> Option<Command> {
    let text = preprocess(line)?;
    let mut words = text.split(' ').filter(|w| !w.is_empty());
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next().unwrap_or("").to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// A response as the engine writes it (GTP 2.6): `=[id] text` or `?[id] text`, then an empty
/// line.
pub fn format_response(id: Option<u64>, ok: bool, text: &str) -> String {
    let mut out = String::from(if ok { "=" } else { "?" });
    if let Some(id) = id {
        out.push_str(&id.to_string());
    }
    if !text.is_empty() {
        out.push(' ');
        out.push_str(text.trim_end_matches('\n'));
    }
    out.push_str("\n\n");
    out
}

/// A colour argument (GTP 2.8: `white`, `w`, `black`, `b`, any case).
pub fn parse_colour(s: &str) -> Option<Colour> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

/// A vertex argument (GTP 2.8: a letter `A`-`Z` without `I` and a row number, any case, or
/// `pass`): `Ok(None)` for a pass, `Err` when it is not a point of the board.
pub fn parse_vertex(geometry: &Geometry, s: &str) -> Result<Option<Point>, String> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    geometry.parse_gtp(s).map(Some).ok_or_else(|| {
        let (w, h) = geometry.rect_size().unwrap_or((0, 0));
        format!("invalid coordinate `{s}` (a vertex of the {w}x{h} board, or pass)")
    })
}

/// A vertex as the engine writes it: upper-case GTP coordinates, or `pass`.
pub fn vertex_text(geometry: &Geometry, p: Option<Point>) -> String {
    match p {
        Some(p) => geometry.name(p).to_string(),
        None => "pass".into(),
    }
}

/// A response as a controller reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// `=` (success) or `?` (failure).
    pub ok: bool,
    /// The id echoed, if any.
    pub id: Option<u64>,
    /// The text after the status character and id, lines joined by `\n`, trimmed.
    pub text: String,
}

/// Parse the lines of one response (without the final empty line). `Err` when the first line
/// does not start with `=` or `?`.
pub fn parse_response(lines: &[String]) -> Result<Response, String> {
    let first = lines.first().ok_or("an empty response")?;
    let ok = match first.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => {
            return Err(format!(
                "a response must start with `=` or `?`, got `{}`",
                first.chars().take(60).collect::<String>()
            ))
        }
    };
    let rest = &first[1..];
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let id = digits.parse().ok();
    let mut text = rest[digits.len()..].trim().to_string();
    for l in &lines[1..] {
        text.push('\n');
        text.push_str(l.trim_end());
    }
    Ok(Response {
        ok,
        id,
        text: text.trim().to_string(),
    })
}

/// A list of vertices as engines write them (space or newline separated), `pass` left out.
pub fn parse_vertex_list(geometry: &Geometry, text: &str) -> Result<Vec<Point>, String> {
    let mut out = Vec::new();
    for w in text.split_whitespace() {
        if let Some(p) = parse_vertex(geometry, w)? {
            out.push(p);
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// A score as `final_score` gives it (GTP 6.3.2: `B+3.5`, `W+2`, `0`): Black minus White.
pub fn parse_score(text: &str) -> Option<f64> {
    let t = text.trim();
    if t == "0" || t.eq_ignore_ascii_case("draw") || t.eq_ignore_ascii_case("jigo") {
        return Some(0.0);
    }
    let (sign, rest) = match t.get(..2).map(|s| s.to_ascii_uppercase()) {
        Some(s) if s == "B+" => (1.0, &t[2..]),
        Some(s) if s == "W+" => (-1.0, &t[2..]),
        _ => return None,
    };
    let x: f64 = rest.parse().ok()?;
    x.is_finite().then_some(sign * x)
}

/// A score as `final_score` writes it.
pub fn score_text(score: f64) -> String {
    if score == 0.0 {
        "0".into()
    } else {
        crate::engine::result_text(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_and_ids() {
        assert_eq!(parse_command("  # only a comment"), None);
        assert_eq!(parse_command("\t\r\n"), None);
        let c = parse_command("12 play\tblack D4 # comment\r").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["black", "D4"]);
        let c = parse_command("boardsize 9").unwrap();
        assert_eq!(c.id, None);
        assert_eq!(c.args, vec!["9"]);
    }

    #[test]
    fn responses_both_ways() {
        assert_eq!(format_response(Some(3), true, "D4"), "=3 D4\n\n");
        assert_eq!(
            format_response(None, false, "illegal move"),
            "? illegal move\n\n"
        );
        assert_eq!(format_response(None, true, ""), "=\n\n");
        let r = parse_response(&["=7 A1 B2".into(), "C3".into()]).unwrap();
        assert_eq!((r.ok, r.id, r.text.as_str()), (true, Some(7), "A1 B2\nC3"));
        assert!(parse_response(&["hello".into()]).is_err());
    }

    #[test]
    fn vertices_and_scores() {
        let g = Geometry::rect(9, 9).unwrap();
        assert_eq!(parse_vertex(&g, "a9").unwrap(), Some(0));
        assert_eq!(parse_vertex(&g, "J1").unwrap(), Some(80));
        assert_eq!(parse_vertex(&g, "PASS").unwrap(), None);
        assert!(parse_vertex(&g, "I5").is_err());
        assert!(parse_vertex(&g, "K1").is_err());
        assert_eq!(parse_score("B+3.5"), Some(3.5));
        assert_eq!(parse_score("W+2"), Some(-2.0));
        assert_eq!(parse_score("0"), Some(0.0));
        assert_eq!(parse_score("B+x"), None);
        assert_eq!(score_text(-2.5), "W+2.5");
        assert_eq!(score_text(0.0), "0");
    }
}
