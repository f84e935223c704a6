//! One session with the external engine and the referee: setup, random games, legality and
//! stone comparisons, shrinking a finding.

use super::*;

pub(super) struct Session<'a> {
    pub(super) referee: &'a mut Referee,
    pub(super) client: &'a mut Client,
    pub(super) caps: Capabilities,
    pub(super) options: &'a Options,
    pub(super) probes: u64,
}

/// The outcome of replaying a sequence on both sides.
pub(super) enum Replayed {
    /// Both agree all along; the game is over or not.
    Agree,
    /// A disagreement at the end of `moves` (the finding's moves are a prefix).
    Differ(Finding),
    /// The sequence is illegal on both sides at some move (a shrinking candidate that
    /// changed the game too much).
    Invalid,
}

impl Session<'_> {
    pub(super) fn oracle(&mut self, line: &str) -> Result<String, ProtocolError> {
        let cmd = parse_command(line).ok_or_else(|| ProtocolError("empty command".into()))?;
        self.referee
            .handle(&cmd)
            .map_err(|e| ProtocolError(format!("the oracle refused `{line}`: {e}")))
    }

    pub(super) fn setup(&mut self) -> Result<(), ProtocolError> {
        let (w, h) = (self.options.width, self.options.height);
        let size = if w == h {
            format!("boardsize {w}")
        } else if self.caps.rectangular_boardsize {
            format!("rectangular_boardsize {w} {h}")
        } else {
            return Err(ProtocolError(format!(
                "the engine has no rectangular_boardsize: it cannot take a {w}x{h} board"
            )));
        };
        self.client.expect_ok(&size)?;
        self.oracle(&size)?;
        let komi = format!("komi {}", self.options.komi);
        self.client.expect_ok(&komi)?;
        self.oracle(&komi)?;
        Ok(())
    }

    pub(super) fn clear(&mut self) -> Result<(), ProtocolError> {
        self.client.expect_ok("clear_board")?;
        self.oracle("clear_board")?;
        Ok(())
    }

    pub(super) fn geometry(&self) -> Geometry {
        self.referee.geometry().clone()
    }

    /// The engine's legal points for `colour`.
    pub(super) fn engine_legal(&mut self, colour: Colour) -> Result<Vec<Point>, ProtocolError> {
        let g = self.geometry();
        let c = colour.letter();
        if self.caps.all_legal {
            let text = self.client.expect_ok(&format!("all_legal {c}"))?;
            return parse_vertex_list(&g, &text)
                .map_err(|e| ProtocolError(format!("all_legal: {e}")));
        }
        let mut out = Vec::new();
        for p in g.points() {
            let v = g.name(p).to_string();
            let legal = if self.caps.is_legal {
                let t = self.client.expect_ok(&format!("is_legal {c} {v}"))?;
                match t.trim() {
                    "1" => true,
                    "0" => false,
                    other => {
                        return Err(ProtocolError(format!(
                            "is_legal {c} {v}: expected 1 or 0, got `{other}`"
                        )))
                    }
                }
            } else {
                let r = self.client.send(&format!("play {c} {v}"))?;
                if r.ok {
                    self.client.expect_ok("undo")?;
                }
                r.ok
            };
            if legal {
                out.push(p);
            }
        }
        Ok(out)
    }

    pub(super) fn engine_stones(&mut self, colour: Colour) -> Result<Vec<Point>, ProtocolError> {
        let g = self.geometry();
        let text = self
            .client
            .expect_ok(&format!("list_stones {}", colour.letter()))?;
        parse_vertex_list(&g, &text).map_err(|e| ProtocolError(format!("list_stones: {e}")))
    }

    /// Compare the legality of every point for `colour` now.
    pub(super) fn compare_legality(
        &mut self,
        moves: &[Played],
        colour: Colour,
    ) -> Result<Option<Finding>, ProtocolError> {
        let g = self.geometry();
        let ours = self
            .referee
            .legal_points(colour)
            .map_err(|e| ProtocolError(format!("the oracle: {e}")))?;
        let theirs = self.engine_legal(colour)?;
        self.probes += g.len() as u64;
        if ours == theirs {
            return Ok(None);
        }
        // The first point of difference, in board order.
        let p = g
            .points()
            .find(|p| ours.contains(p) != theirs.contains(p))
            .unwrap_or(0);
        let at = Played {
            colour,
            vertex: Some(p),
        };
        let illegal = self
            .referee
            .legality(colour, Some(p))
            .map_err(|e| ProtocolError(format!("the oracle: {e}")))?;
        Ok(Some(Finding {
            kind: Kind::Legality,
            moves: moves.to_vec(),
            at: Some(at),
            oracle: legality_text(illegal),
            engine: if theirs.contains(&p) {
                "legal".into()
            } else {
                "illegal".into()
            },
            oracle_illegal: illegal,
        }))
    }

    /// Play `m` on both (after `moves`); a finding if they differ on it or after it.
    pub(super) fn play_both(
        &mut self,
        moves: &[Played],
        m: Played,
    ) -> Result<Replayed, ProtocolError> {
        let g = self.geometry();
        let ours = self.referee.play(m.colour, m.vertex);
        let text = played_text(&g, &m);
        let theirs = self.client.send(&format!("play {text}"))?;
        let oracle_illegal = match &ours {
            Ok(_) => None,
            Err(Ok(reason)) => Some(*reason),
            Err(Err(e)) => return Err(ProtocolError(format!("the oracle: {e}"))),
        };
        match (oracle_illegal, theirs.ok) {
            (None, true) => {}
            (Some(_), false) => return Ok(Replayed::Invalid),
            (o, _) => {
                return Ok(Replayed::Differ(Finding {
                    kind: Kind::Legality,
                    moves: moves.to_vec(),
                    at: Some(m),
                    oracle: legality_text(o),
                    engine: if theirs.ok {
                        "legal (play accepted)".into()
                    } else {
                        format!("illegal (? {})", theirs.text)
                    },
                    oracle_illegal: o,
                }))
            }
        }
        let mut done = moves.to_vec();
        done.push(m);
        let before = moves.to_vec();
        let position = self.referee.position();
        if self.caps.list_stones {
            for colour in [Colour::Black, Colour::White] {
                let ours: Vec<Point> = g
                    .points()
                    .filter(|&p| position.get(p) == Cell::Stone(colour))
                    .collect();
                let theirs = self.engine_stones(colour)?;
                if ours != theirs {
                    return Ok(Replayed::Differ(Finding {
                        kind: Kind::Stones,
                        moves: before,
                        at: Some(m),
                        oracle: format!("{} stones: {}", colour.name(), names(&g, &ours)),
                        engine: format!("{} stones: {}", colour.name(), names(&g, &theirs)),
                        oracle_illegal: None,
                    }));
                }
            }
        }
        if self.caps.captures {
            let p = self.referee.prisoners();
            for (colour, ours) in [(Colour::Black, p.black), (Colour::White, p.white)] {
                let t = self
                    .client
                    .expect_ok(&format!("captures {}", colour.letter()))?;
                let theirs: u32 = t.trim().parse().map_err(|_| {
                    ProtocolError(format!("captures: expected a number, got `{t}`"))
                })?;
                if ours != theirs {
                    return Ok(Replayed::Differ(Finding {
                        kind: Kind::Captures,
                        moves: before,
                        at: Some(m),
                        oracle: format!("{} has captured {ours}", colour.name()),
                        engine: format!("{} has captured {theirs}", colour.name()),
                        oracle_illegal: None,
                    }));
                }
            }
        }
        Ok(Replayed::Agree)
    }

    /// Compare final scores; `Err(why)` when they cannot be compared.
    pub(super) fn compare_score(
        &mut self,
        moves: &[Played],
    ) -> Result<Result<Option<Finding>, String>, ProtocolError> {
        if !self.caps.final_score {
            return Ok(Err("the engine has no final_score".into()));
        }
        let ours = match self.referee.final_score() {
            Ok(s) => s,
            Err(e) => return Ok(Err(format!("the oracle: {e}"))),
        };
        let r = self.client.send("final_score")?;
        if !r.ok {
            return Ok(Err(format!("the engine: ? {}", r.text)));
        }
        let theirs = parse_score(&r.text).ok_or_else(|| {
            ProtocolError(format!(
                "final_score: expected B+x, W+x or 0, got `{}`",
                r.text
            ))
        })?;
        if (ours - theirs).abs() < 1e-9 {
            return Ok(Ok(None));
        }
        Ok(Ok(Some(Finding {
            kind: Kind::Score,
            moves: moves.to_vec(),
            at: None,
            oracle: crate::parse::gtp::score_text(ours),
            engine: r.text,
            oracle_illegal: None,
        })))
    }

    /// One random game: each move uniformly among the legal plays that do not fill one's
    /// own eye (an empty point whose neighbours are all one's stones), a pass when there is
    /// none, with the options' biases (`choice::MoveChoice`). Returns the moves, the first finding, and whether the score was compared.
    #[allow(clippy::type_complexity)]
    pub(super) fn random_game(
        &mut self,
        seed: u64,
    ) -> Result<(Vec<Played>, Option<Finding>, Result<(), String>), ProtocolError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        self.clear()?;
        let g = self.geometry();
        let mut moves: Vec<Played> = Vec::new();
        while !self.referee.is_over() {
            let colour = self.referee.to_move();
            if let Some(f) = self.compare_legality(&moves, colour)? {
                return Ok((
                    moves,
                    Some(f),
                    Err("the game ended at a disagreement".into()),
                ));
            }
            let position = self.referee.position();
            let candidates: Vec<Point> = if moves.len() >= self.options.max_moves {
                Vec::new()
            } else {
                self.referee
                    .legal_points(colour)
                    .map_err(|e| ProtocolError(format!("the oracle: {e}")))?
                    .into_iter()
                    .filter(|&p| !fills_own_eye(&g, &position, colour, p))
                    .collect()
            };
            let vertex = self
                .options
                .choice
                .choose(&mut rng, &g, &position, colour, &candidates);
            let m = Played { colour, vertex };
            match self.play_both(&moves, m)? {
                Replayed::Agree => moves.push(m),
                Replayed::Differ(f) => {
                    return Ok((
                        moves,
                        Some(f),
                        Err("the game ended at a disagreement".into()),
                    ))
                }
                Replayed::Invalid => {
                    return Err(ProtocolError(format!(
                        "{}: the oracle's own legal move was refused by both sides",
                        played_text(&g, &m)
                    )))
                }
            }
        }
        match self.compare_score(&moves)? {
            Ok(None) => Ok((moves, None, Ok(()))),
            Ok(Some(f)) => Ok((moves, Some(f), Ok(()))),
            Err(why) => Ok((moves, None, Err(why))),
        }
    }

    /// Replay `moves` from an empty board: each move's legality, the stones and captures
    /// after it, then at the end the legality of every point (or the final scores when the
    /// game is over); the first finding. (The legality of every point is compared at the end
    /// only: a shrinking candidate ends where its finding is.)
    pub(super) fn replay(&mut self, moves: &[Played]) -> Result<Replayed, ProtocolError> {
        self.clear()?;
        let mut done = Vec::new();
        for &m in moves {
            match self.play_both(&done, m)? {
                Replayed::Agree => done.push(m),
                other => return Ok(other),
            }
        }
        if self.referee.is_over() {
            if let Ok(Some(f)) = self.compare_score(&done)? {
                return Ok(Replayed::Differ(f));
            }
        } else if let Some(f) = self.compare_legality(&done, self.referee.to_move())? {
            return Ok(Replayed::Differ(f));
        }
        Ok(Replayed::Agree)
    }

    /// The sequence a finding is observed after: its moves and, but for a legality finding
    /// of a probe, its move.
    pub(super) fn sequence(f: &Finding) -> Vec<Played> {
        let mut s = f.moves.clone();
        if f.kind != Kind::Legality {
            s.extend(f.at);
        }
        s
    }

    /// Whether `seq` keeps the game going to its last move: no run of `end` consecutive
    /// passes (the ruleset's game-end passes, PLAY-10) before it (it would end the game, and
    /// a GTP engine that plays on after the end would show a disagreement of its own).
    pub(super) fn keeps_going(seq: &[Played], end: usize) -> bool {
        let n = seq.len();
        let end = end.max(1);
        !seq.windows(end)
            .take((n + 1).saturating_sub(end + 1))
            .any(|w| w.iter().all(|m| m.vertex.is_none()))
    }

    /// The passes that end a game under the referee's ruleset (2 when it has none).
    pub(super) fn game_end_passes(&self) -> usize {
        self.referee
            .rules()
            .map_or(2, |r| r.game_end_passes as usize)
    }

    /// Try `candidate`; the finding if it shows one of the same kind.
    pub(super) fn try_candidate(
        &mut self,
        kind: Kind,
        candidate: &[Played],
    ) -> Result<Option<Finding>, ProtocolError> {
        if !Self::keeps_going(candidate, self.game_end_passes()) {
            return Ok(None);
        }
        Ok(match self.replay(candidate)? {
            Replayed::Differ(f) if f.kind == kind => Some(f),
            _ => None,
        })
    }

    /// Shrink a finding: remove runs of an even number of consecutive moves (halving the
    /// run from half the sequence down to 2, so colours keep alternating), then replace
    /// single plays by passes, while a finding of the same kind stays; repeat until neither
    /// helps. The result is minimal in that sense (no pair can be removed, no play turned
    /// into a pass), not always the globally shortest sequence.
    pub(super) fn shrink(&mut self, found: Finding) -> Result<Finding, ProtocolError> {
        let mut best = found;
        loop {
            let mut progressed = false;
            let mut chunk = (Self::sequence(&best).len() / 2).max(1) * 2;
            loop {
                let mut start = 0;
                while start + chunk <= Self::sequence(&best).len() {
                    let seq = Self::sequence(&best);
                    let candidate: Vec<Played> = seq[..start]
                        .iter()
                        .chain(&seq[start + chunk..])
                        .copied()
                        .collect();
                    match self.try_candidate(best.kind, &candidate)? {
                        Some(f) => {
                            best = f;
                            progressed = true;
                        }
                        None => start += 1,
                    }
                }
                if chunk == 2 {
                    break;
                }
                chunk = (chunk / 2).max(2).div_ceil(2) * 2;
            }
            let mut i = 0;
            while i < Self::sequence(&best).len() {
                let seq = Self::sequence(&best);
                if seq[i].vertex.is_some() {
                    let mut candidate = seq.clone();
                    candidate[i].vertex = None;
                    if let Some(f) = self.try_candidate(best.kind, &candidate)? {
                        best = f;
                        progressed = true;
                    }
                }
                i += 1;
            }
            if !progressed {
                break;
            }
        }
        // Leave the engine and the oracle at the shrunk finding (for the case's diagrams).
        let _ = self.replay(&Self::sequence(&best))?;
        Ok(best)
    }
}

pub(super) fn names(g: &Geometry, points: &[Point]) -> String {
    if points.is_empty() {
        return "none".into();
    }
    points
        .iter()
        .map(|&p| g.name(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn legality_text(illegal: Option<Illegal>) -> String {
    match illegal {
        None => "legal".into(),
        Some(r) => format!("illegal ({r})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(vertices: &[bool]) -> Vec<Played> {
        let g = Geometry::rect(3, 3).unwrap();
        let p = g.points().next().unwrap();
        vertices
            .iter()
            .enumerate()
            .map(|(i, &play)| Played {
                colour: if i % 2 == 0 {
                    Colour::Black
                } else {
                    Colour::White
                },
                vertex: play.then_some(p),
            })
            .collect()
    }

    #[test]
    fn a_run_of_the_game_end_passes_before_the_last_move_ends_the_game() {
        // play, pass, pass, play: two passes end the game before the last play.
        let s = seq(&[true, false, false, true]);
        assert!(!Session::keeps_going(&s, 2));
        assert!(Session::keeps_going(&s, 3));
        // the run may end the sequence itself (the finding is at the end).
        assert!(Session::keeps_going(&seq(&[true, false, false]), 2));
        assert!(!Session::keeps_going(&seq(&[false, false, false, true]), 3));
    }
}
