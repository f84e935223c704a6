//! Move notation: the sources' compact sequences (`O[pbpdppp]`, `#[kaakaa]*[kaakaa]`) and
//! explicit moves (`B D4`, `W pass`, `B a`).

use super::InputError;
use crate::geometry::Colour;

/// Where a written move goes, before it is resolved on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spot {
    /// GTP coordinates such as `D4` (columns skip I, row 1 at the bottom; `AA4` past Z).
    Coord(String),
    /// A lower-case label of the labels diagram.
    Label(char),
    Pass,
    KoPass,
}

/// One written move: the player if the text names one, and the spot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    pub player: Option<Colour>,
    pub spot: Spot,
    /// The text this move was read from (for messages).
    pub text: String,
}

/// A compact sequence: the first player, the moves, and an optional repeated block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compact {
    pub first: Colour,
    pub moves: Vec<Spot>,
    /// The block after `*`: in the sources it repeats for ever; a replay plays it a given
    /// number of times.
    pub repeated: Vec<Spot>,
    /// The sequence ends with `..` (goes on "in an obvious way").
    pub continues: bool,
}

fn colour_symbol(c: char) -> Option<Colour> {
    match c {
        '#' | 'B' | 'X' => Some(Colour::Black),
        'O' | 'W' => Some(Colour::White),
        _ => None,
    }
}

/// Does this text look like a compact sequence (`#[`, `O[`, `B[`, `W[`)?
pub fn is_compact(s: &str) -> bool {
    let t = s.trim_start();
    let mut it = t.chars();
    matches!((it.next(), it.next()), (Some(c), Some('[')) if colour_symbol(c).is_some())
}

/// Parse a compact sequence. Columns in errors are 1-based within `s`.
pub fn parse_compact(s: &str) -> Result<Compact, InputError> {
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let first = chars
        .get(i)
        .and_then(|&c| colour_symbol(c))
        .ok_or_else(|| {
            InputError::new("a compact sequence starts with `#` (Black first) or `O` (White first)")
                .at(1, i + 1)
                .hint("example: O[pbpdppp]")
        })?;
    i += 1;
    let block = |i: &mut usize| -> Result<(Vec<Spot>, bool), InputError> {
        if chars.get(*i) != Some(&'[') {
            return Err(InputError::new("expected `[`").at(1, *i + 1));
        }
        *i += 1;
        let mut moves = Vec::new();
        let mut continues = false;
        loop {
            let Some(&c) = chars.get(*i) else {
                return Err(InputError::new("unclosed `[`: expected `]`").at(1, *i + 1));
            };
            match c {
                ']' => {
                    *i += 1;
                    return Ok((moves, continues));
                }
                _ if continues => {
                    return Err(InputError::new("`..` must stand just before `]`").at(1, *i + 1))
                }
                '.' if chars.get(*i + 1) == Some(&'.') => {
                    continues = true;
                    *i += 2;
                }
                'p' => {
                    moves.push(Spot::Pass);
                    *i += 1;
                }
                'P' => {
                    moves.push(Spot::KoPass);
                    *i += 1;
                }
                c if c.is_ascii_lowercase() => {
                    moves.push(Spot::Label(c));
                    *i += 1;
                }
                c if c.is_whitespace() => *i += 1,
                c => {
                    return Err(InputError::new(format!(
                        "unexpected `{c}` in a compact sequence, expected a label (a-z), `p` (pass), `P` (ko-pass), `..` or `]`"
                    ))
                    .at(1, *i + 1))
                }
            }
        }
    };
    let (moves, continues) = block(&mut i)?;
    skip_ws(&mut i);
    let mut repeated = Vec::new();
    if chars.get(i) == Some(&'*') {
        if continues {
            return Err(
                InputError::new("`..` cannot be followed by a repetition `*`").at(1, i + 1),
            );
        }
        i += 1;
        skip_ws(&mut i);
        let (r, more) = block(&mut i)?;
        if more {
            return Err(InputError::new("a repeated block cannot end with `..`").at(1, i));
        }
        if r.is_empty() {
            return Err(InputError::new("the repeated block is empty").at(1, i));
        }
        repeated = r;
        skip_ws(&mut i);
    }
    if i < chars.len() {
        return Err(
            InputError::new(format!("unexpected `{}` after the sequence", chars[i]))
                .at(1, i + 1)
                .hint("one compact sequence per item; start another item for the next one"),
        );
    }
    Ok(Compact {
        first,
        moves,
        repeated,
        continues,
    })
}

/// Parse one explicit move: `[B|W|#|O] (pass | P | D4 | a)`.
pub fn parse_move(s: &str) -> Result<WrittenMove, InputError> {
    let text = s.trim();
    let words: Vec<&str> = text.split_whitespace().collect();
    let expected = || {
        InputError::new(format!(
            "bad move `{text}`, expected an optional colour (B, W) and then `pass`, `P` (ko-pass), coordinates such as D4 (AA4 past Z), or a label"
        ))
        .at(1, 1)
        .hint("examples: `B D4`, `W pass`, `B a`")
    };
    let (player, spot_text) = match words.as_slice() {
        [one] => (None, *one),
        [c, one] => {
            let mut cs = c.chars();
            let colour = match (cs.next(), cs.next()) {
                (Some(ch), None) => colour_symbol(ch),
                _ => match c.to_ascii_lowercase().as_str() {
                    "black" => Some(Colour::Black),
                    "white" => Some(Colour::White),
                    _ => None,
                },
            };
            (Some(colour.ok_or_else(expected)?), *one)
        }
        _ => return Err(expected()),
    };
    let spot = if spot_text.eq_ignore_ascii_case("pass") || spot_text == "p" {
        Spot::Pass
    } else if spot_text == "P" || spot_text.eq_ignore_ascii_case("ko-pass") {
        Spot::KoPass
    } else if spot_text.len() == 1 && spot_text.chars().all(|c| c.is_ascii_lowercase()) {
        Spot::Label(spot_text.chars().next().unwrap_or('a'))
    } else {
        // One column letter, or two past Z (`AA4`, `geometry::column_name`), then the row.
        let letters = spot_text
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(spot_text.len());
        let row = &spot_text[letters..];
        if (1..=2).contains(&letters) && !row.is_empty() && row.chars().all(|c| c.is_ascii_digit())
        {
            Spot::Coord(spot_text.to_ascii_uppercase())
        } else {
            return Err(expected());
        }
    };
    Ok(WrittenMove {
        player,
        spot,
        text: text.to_string(),
    })
}

/// Parse a list of explicit moves separated by commas (`B D4, W C3, B pass`).
pub fn parse_move_list(s: &str) -> Result<Vec<WrittenMove>, InputError> {
    let mut out = Vec::new();
    let mut col = 1;
    for part in s.split(',') {
        if part.trim().is_empty() {
            return Err(InputError::new("empty move in a list")
                .at(1, col)
                .hint("remove the extra comma"));
        }
        let lead = part.len() - part.trim_start().len();
        out.push(parse_move(part).map_err(|e| e.at(1, col + lead))?);
        col += part.chars().count() + 1;
    }
    Ok(out)
}

/// Expand a compact sequence to written moves, playing the repeated block `repeat` times.
pub fn expand_compact(c: &Compact, text: &str, repeat: u32) -> Vec<WrittenMove> {
    let mut player = c.first;
    let mut out = Vec::new();
    let mut push = |spot: &Spot, out: &mut Vec<WrittenMove>| {
        let label = match spot {
            Spot::Pass => "pass".to_string(),
            Spot::KoPass => "ko-pass".to_string(),
            Spot::Label(l) => l.to_string(),
            Spot::Coord(s) => s.clone(),
        };
        out.push(WrittenMove {
            player: Some(player),
            spot: spot.clone(),
            text: format!("{} {} (from {})", player.letter(), label, text.trim()),
        });
        player = player.opponent();
    };
    for s in &c.moves {
        push(s, &mut out);
    }
    for _ in 0..repeat {
        for s in &c.repeated {
            push(s, &mut out);
        }
    }
    out
}
