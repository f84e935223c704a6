//! The commands beyond GTP 6.3's core that the referee answers: the board's questions
//! (`showboard`, `is_legal`, `all_legal`, `list_stones`, `captures`), SGF, the rulesets by
//! KGS's names, the clock commands GUIs send (accepted and ignored: a referee has no clock),
//! KGS's `kgs-genmove_cleanup`, `place_free_handicap`, and go-oracle's own extensions.

use super::{one_number, Referee, Reply};
use crate::geometry::{Cell, Colour};
use crate::parse::gtp::parse_colour;
use crate::parse::rule_names::Namespace;

impl Referee {
    /// Every command that is not one of GTP 6.3's administrative, setup or play commands.
    pub(super) fn handle_more(&mut self, name: &str, a: &[String]) -> Reply {
        match name {
            "showboard" => Ok(format!("\n{}", self.board_text())),
            "is_legal" => {
                let (colour, vertex) = self.colour_vertex(a, "is_legal COLOUR VERTEX")?;
                Ok(if self.legality(colour, vertex)?.is_none() {
                    "1".into()
                } else {
                    "0".into()
                })
            }
            "all_legal" => {
                let colour = self.colour(a, "all_legal COLOUR")?;
                Ok(self
                    .legal_points(colour)?
                    .iter()
                    .map(|&p| self.geometry().name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "list_stones" => {
                let colour = self.colour(a, "list_stones COLOUR")?;
                let position = self.position();
                Ok(self
                    .geometry()
                    .points()
                    .filter(|&p| position.get(p) == Cell::Stone(colour))
                    .map(|p| self.geometry().name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "captures" => {
                let colour = self.colour(a, "captures COLOUR")?;
                let p = self.prisoners();
                Ok(match colour {
                    Colour::Black => p.black,
                    Colour::White => p.white,
                }
                .to_string())
            }
            "kgs-rules" => self.kgs_rules(a, Namespace::Kgs),
            "kata-set-rules" => self.kgs_rules(a, Namespace::Kata),
            "loadsgf" => match a {
                [file] => self.loadsgf(file, None),
                [file, n] => match n.parse::<usize>() {
                    Ok(n) if n >= 1 => self.loadsgf(file, Some(n)),
                    _ => Err("syntax error (loadsgf FILE [MOVE_NUMBER])".into()),
                },
                _ => Err("syntax error (loadsgf FILE [MOVE_NUMBER])".into()),
            },
            "printsgf" => self.printsgf(a),
            "time_settings" => {
                numbers(
                    a,
                    3,
                    "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES",
                )?;
                Ok(String::new())
            }
            "time_left" => match a {
                [c, rest @ ..] if parse_colour(c).is_some() => {
                    numbers(rest, 2, "time_left COLOUR TIME STONES")?;
                    Ok(String::new())
                }
                _ => Err("syntax error (time_left COLOUR TIME STONES)".into()),
            },
            "kgs-time_settings" => kgs_time_settings(a),
            "kgs-genmove_cleanup" => self.genmove(a, "kgs-genmove_cleanup COLOUR"),
            "place_free_handicap" => {
                let n = one_number(a, "place_free_handicap NUMBER")?;
                let points = self.free_handicap_points(n)?;
                self.place_handicap_named(&points)
            }
            "go-oracle-game_end" => match a {
                [] => Ok(self
                    .session()
                    .game_ends()
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")),
                _ => Err("syntax error (go-oracle-game_end)".into()),
            },
            "go-oracle-budget" => match a {
                [] => Ok(self.session().budget().to_string()),
                [n] => match n.parse::<u64>() {
                    Ok(n) if n >= 1 => {
                        self.session_mut().set_budget(n)?;
                        Ok(String::new())
                    }
                    _ => Err("syntax error (go-oracle-budget [STATES], STATES at least 1)".into()),
                },
                _ => Err("syntax error (go-oracle-budget [STATES], STATES at least 1)".into()),
            },
            "go-oracle-time_limit" => match a {
                [] => Ok(self
                    .time_limit()
                    .map_or(0.0, |d| d.as_secs_f64())
                    .to_string()),
                [t] => match t.parse::<f64>() {
                    Ok(0.0) => {
                        self.set_time_limit(None);
                        Ok(String::new())
                    }
                    Ok(t) if t > 0.0 && t <= MAX_TIME_LIMIT => {
                        self.set_time_limit(Some(std::time::Duration::from_secs_f64(t)));
                        Ok(String::new())
                    }
                    _ => Err(TIME_LIMIT_USAGE.into()),
                },
                _ => Err(TIME_LIMIT_USAGE.into()),
            },
            "gogui-analyze_commands" => Ok(self.analyze_commands()),
            name if name.starts_with("go-oracle-gfx_") => self.gfx(name, a),
            _ => Err("unknown command".into()),
        }
    }
}

/// The longest time limit `go-oracle-time_limit` takes (a day, in seconds).
pub const MAX_TIME_LIMIT: f64 = 86_400.0;
const TIME_LIMIT_USAGE: &str =
    "syntax error (go-oracle-time_limit [SECONDS], 0 for none, at most 86400)";

/// `n` non-negative integers, else the usage.
fn numbers(a: &[String], n: usize, usage: &str) -> Result<Vec<u64>, String> {
    let v: Vec<u64> = a.iter().filter_map(|x| x.parse::<u64>().ok()).collect();
    if a.len() != n || v.len() != n {
        return Err(format!("syntax error ({usage})"));
    }
    Ok(v)
}

/// KGS's `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian
/// MAIN PERIOD STONES`: checked, then ignored (a referee has no clock).
fn kgs_time_settings(a: &[String]) -> Reply {
    const USAGE: &str = "kgs-time_settings none | absolute MAIN_TIME | byoyomi MAIN_TIME PERIOD_TIME PERIODS | canadian MAIN_TIME PERIOD_TIME STONES";
    let (kind, rest) = match a {
        [k, rest @ ..] => (k.to_ascii_lowercase(), rest),
        [] => return Err(format!("syntax error ({USAGE})")),
    };
    let n = match kind.as_str() {
        "none" => 0,
        "absolute" => 1,
        "byoyomi" | "canadian" => 3,
        _ => return Err(format!("syntax error ({USAGE})")),
    };
    numbers(rest, n, USAGE)?;
    Ok(String::new())
}
