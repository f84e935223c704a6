//! The other side of a score-only differential: a game record's dead-stone marks and result,
//! or an external GTP engine's `final_status_list dead` and `final_score`.

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::gtp::client::{Client, ProtocolError};
use crate::parse::gtp::{parse_score, parse_vertex_list};
use crate::parse::sgf::SgfGame;

/// What the other side says of a final position.
#[derive(Clone, Debug, PartialEq)]
pub struct OtherAnswer {
    /// The stones it marks dead (increasing); `Err`: it gives no marks (why).
    pub dead: Result<Vec<Point>, String>,
    /// Black minus White minus komi; `Err`: it gives no score (why).
    pub score: Result<f64, String>,
    /// The score as written (`RE` or the engine's `final_score`).
    pub score_text: Option<String>,
}

/// The record's marks on the last node: a stone is dead when it lies in its opponent's
/// territory (`TB` holds a white stone, `TW` a black one: KGS and the SGF FF[4] text count
/// dead stones as the opponent's territory) or is removed by `AE` after the moves. `RE`
/// gives the score (`B+3.5`, `W+2`, `0`/`Draw`); `B+R`, `W+T`, `Void`, `?` give none.
pub fn from_record(game: &SgfGame, position: &Position) -> OtherAnswer {
    let dead = match &game.markup {
        Some(m) if m.marked => {
            let mut dead: Vec<Point> = Vec::new();
            for p in 0..position.0.len() {
                let in_opponents = match position.get(p) {
                    Cell::Stone(Colour::Black) => m.white_territory.binary_search(&p).is_ok(),
                    Cell::Stone(Colour::White) => m.black_territory.binary_search(&p).is_ok(),
                    Cell::Empty => false,
                };
                if in_opponents || (position.get(p) != Cell::Empty && m.removed.contains(&p)) {
                    dead.push(p);
                }
            }
            Ok(dead)
        }
        _ => Err("the record's last node has no TB/TW territory and no AE removals".into()),
    };
    let score = match &game.result {
        None => Err("the record has no RE".into()),
        Some(re) => parse_score(re).ok_or_else(|| format!("RE[{re}] is not a score")),
    };
    OtherAnswer {
        dead,
        score,
        score_text: game.result.clone(),
    }
}

/// The engine's answer on the SGF file `path` (absolute): `loadsgf`, `komi`, then
/// `final_status_list dead` and `final_score`. A command the engine refuses gives no answer
/// on that item (its text says why); a protocol failure is an error.
pub fn from_engine(
    client: &mut Client,
    path: &str,
    geometry: &Geometry,
    komi: f64,
) -> Result<OtherAnswer, ProtocolError> {
    let loaded = client.send(&format!("loadsgf {path}"))?;
    if !loaded.ok {
        let why = format!("the engine refused loadsgf: {}", loaded.text);
        return Ok(OtherAnswer {
            dead: Err(why.clone()),
            score: Err(why),
            score_text: None,
        });
    }
    client.expect_ok(&format!("komi {komi}"))?;
    let r = client.send("final_status_list dead")?;
    let dead = if r.ok {
        Ok(parse_vertex_list(geometry, &r.text)
            .map_err(|e| ProtocolError(format!("final_status_list dead: `{}`: {e}", r.text)))?)
    } else {
        Err(format!("the engine refused final_status_list: {}", r.text))
    };
    let r = client.send("final_score")?;
    let (score, score_text) = if r.ok {
        (
            parse_score(&r.text).ok_or_else(|| format!("final_score `{}` is not a score", r.text)),
            Some(r.text.clone()),
        )
    } else {
        (
            Err(format!("the engine refused final_score: {}", r.text)),
            None,
        )
    };
    Ok(OtherAnswer {
        dead,
        score,
        score_text,
    })
}
