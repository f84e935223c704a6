//! Japanese 2003 Rules, literally (spec `j2003.md`): the status game (G-1 ... G-8) evaluated
//! depth-first over explicit hypothetical sequences (S-1), and the scoring (J-54 ... J-64).
//!
//! No transposition table: every sequence is followed move by move. A sequence that reaches
//! a state already on its own line is the infinite sequence that repeats that cycle for ever
//! (J-23), and is judged by watching the cycle once. For capturable-1/-2 the states carry the
//! counter of the generalized Büchi condition (G-7), which makes watching one cycle exact.

use crate::engine::{Answer, Spent};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::reference::play::play_without_suicide;
use crate::status_game::{Status, StatusCheck, StatusKind};

/// A move of a hypothetical sequence (J-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HypoMove {
    Play(Point),
    Pass,
    KoPass,
}

/// A state of the status game (G-2).
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    position: Position,
    to_move: Colour,
    /// Ko captures since the last ko-pass: (capturing player, point played, point removed).
    ko_record: Vec<(Colour, Point, Point)>,
    /// The previous move was a pass (a ko-pass is not a pass, J-23).
    after_pass: bool,
    /// The final string's stones have been removed (C-8).
    captured: bool,
    /// For every point of L: a defender stone played in the sequence stands there.
    played_on_local: Vec<bool>,
    /// The generalized Büchi counter (G-7): the index of the point of L that must next be
    /// seen free of such stones.
    counter: usize,
}

/// A legal play: the position after it, the points it removed, and whether it is a ko
/// capture (J-29) at `x` removing `y`.
struct PlayResult {
    after: Position,
    removed: Vec<Point>,
    ko_capture: Option<(Point, Point)>,
}

/// A play and, if it is one, its ko capture (J-27, J-29, spec choice C-5): it removes exactly
/// one stone, at `y`, and the opponent's immediate play at `y` would remove exactly the new
/// stone and recreate the position before.
fn judge_play(
    geometry: &Geometry,
    position: &Position,
    x: Point,
    player: Colour,
) -> Option<PlayResult> {
    let (after, removed) = play_without_suicide(geometry, position, x, player)?;
    let ko_capture = match removed.as_slice() {
        [y] => match play_without_suicide(geometry, &after, *y, player.opponent()) {
            Some((back, back_removed)) if back_removed == [x] && &back == position => Some((x, *y)),
            _ => None,
        },
        _ => None,
    };
    Some(PlayResult {
        after,
        removed,
        ko_capture,
    })
}

/// J-31 (C-6): a ko capture at `x` removing `y` by `player` is forbidden while the record
/// holds the opponent's ko capture at `y` that removed the stone at `x`.
fn banned(state: &State, player: Colour, x: Point, y: Point) -> bool {
    state
        .ko_record
        .iter()
        .any(|&(c, px, py)| c == player.opponent() && px == y && py == x)
}

/// The status game of one check from one final-position.
struct Game<'a> {
    geometry: &'a Geometry,
    check: &'a StatusCheck,
    attacker: Colour,
    budget: u64,
    nodes: u64,
}

impl Game<'_> {
    fn permanent_condition(&self) -> bool {
        self.check.kind != StatusKind::Uncapturable
    }

    /// G-3: the legal moves of the player to move, with the states they lead to; `None`
    /// for the pass that ends the sequence (terminal).
    fn moves(&self, s: &State) -> Vec<(HypoMove, Option<State>)> {
        let g = self.geometry;
        let player = s.to_move;
        let mut out = Vec::new();
        let mut ko_pass_legal = false;
        let next_counter = self.next_counter(s);
        for x in g.points() {
            let Some(r) = judge_play(g, &s.position, x, player) else {
                continue;
            };
            let mut record = s.ko_record.clone();
            if let Some((kx, ky)) = r.ko_capture {
                if banned(s, player, kx, ky) {
                    // J-30: a ko capture forbidden only by the hypothetical ko rule.
                    ko_pass_legal = true;
                    continue;
                }
                if !record.contains(&(player, kx, ky)) {
                    record.push((player, kx, ky));
                    record.sort_unstable_by_key(|&(c, a, b)| (c == Colour::White, a, b));
                }
            }
            let captured = s.captured || r.removed.contains(&self.check.string[0]);
            let mut played = s.played_on_local.clone();
            for (i, &q) in self.check.local.iter().enumerate() {
                if r.removed.contains(&q) {
                    played[i] = false;
                }
                if q == x && player == self.check.defender {
                    played[i] = true;
                }
            }
            out.push((
                HypoMove::Play(x),
                Some(State {
                    position: r.after,
                    to_move: player.opponent(),
                    ko_record: record,
                    after_pass: false,
                    captured,
                    played_on_local: played,
                    counter: next_counter,
                }),
            ));
        }
        // J-9, J-23: a pass right after the opponent's pass ends the sequence.
        out.push((
            HypoMove::Pass,
            if s.after_pass {
                None
            } else {
                Some(State {
                    to_move: player.opponent(),
                    after_pass: true,
                    counter: next_counter,
                    ..s.clone()
                })
            },
        ));
        // J-10, J-30, J-31: a ko-pass empties the ko record.
        if ko_pass_legal {
            out.push((
                HypoMove::KoPass,
                Some(State {
                    to_move: player.opponent(),
                    ko_record: Vec::new(),
                    after_pass: false,
                    counter: next_counter,
                    ..s.clone()
                }),
            ));
        }
        out
    }

    /// G-7: the counter after leaving `s`: it moves on when the point it waits for is free of
    /// defender stones played in the sequence.
    fn next_counter(&self, s: &State) -> usize {
        let k = self.check.local.len();
        if !self.permanent_condition() || k == 0 {
            return 0;
        }
        if !s.played_on_local[s.counter] {
            (s.counter + 1) % k
        } else {
            s.counter
        }
    }

    /// G-7: an accepting state of the Büchi game: the string is captured and (for C1/C2) the
    /// counter completes a round here.
    fn accepting(&self, s: &State) -> bool {
        if !s.captured {
            return false;
        }
        if !self.permanent_condition() {
            return true;
        }
        let k = self.check.local.len();
        s.counter == k - 1 && !s.played_on_local[k - 1]
    }

    /// G-6: Y wins a finite sequence when the string was captured and (C1/C2) no defender
    /// stone played in the sequence stands on L at its end.
    fn finite_win(&self, s: &State) -> bool {
        s.captured && (!self.permanent_condition() || s.played_on_local.iter().all(|&p| !p))
    }

    /// S-1: whether Y wins from the last state of `line` against every defence (or, at a
    /// defender's turn, whatever the defender does).
    fn wins(&mut self, line: &mut Vec<State>) -> Result<bool, ()> {
        self.nodes += 1;
        if self.nodes > self.budget || line.len() > MAX_LINE || crate::deadline::passed() {
            return Err(());
        }
        let s = line.last().expect("the line is never empty").clone();
        // (Moves are tried passes first: a pass is often the quickest answer.)
        // G-6: in the uncapturable game the capture is the whole target, and it is never
        // undone: every continuation of a sequence with the capture is won by Y.
        if s.captured && !self.permanent_condition() {
            return Ok(true);
        }
        let attacker_moves = s.to_move == self.attacker;
        let mut moves = self.moves(&s);
        moves.sort_by_key(|(m, _)| !matches!(m, HypoMove::Pass | HypoMove::KoPass));
        for (_, next) in moves {
            let y_wins = match next {
                None => self.finite_win(&s),
                Some(n) => {
                    if let Some(i) = line.iter().position(|t| *t == n) {
                        // G-6: the cycle line[i..] repeats for ever.
                        line[i..].iter().any(|t| self.accepting(t))
                    } else {
                        line.push(n);
                        let w = self.wins(line);
                        line.pop();
                        w?
                    }
                }
            };
            if attacker_moves && y_wins {
                return Ok(true);
            }
            if !attacker_moves && !y_wins {
                return Ok(false);
            }
        }
        Ok(!attacker_moves)
    }
}

/// Longest line the search follows (past it: undetermined); with the big stack of
/// [`super::on_big_stack`] it bounds the
/// recursion.
const MAX_LINE: usize = 20_000;

/// Whether the attacker can force the check's target (J-33, G-1 ... G-8) from `position`,
/// by the literal depth-first evaluation; `Undetermined` past `budget` nodes. Also returns
/// the nodes visited.
pub fn force(
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
) -> Answer<(bool, u64)> {
    super::on_big_stack(
        || force_here(geometry, position, check, budget),
        Answer::Undetermined(Spent { explored: 0 }),
    )
}

fn force_here(
    geometry: &Geometry,
    position: &Position,
    check: &StatusCheck,
    budget: u64,
) -> Answer<(bool, u64)> {
    let attacker = check.defender.opponent();
    let mut game = Game {
        geometry,
        check,
        attacker,
        budget,
        nodes: 0,
    };
    let start = State {
        position: position.clone(),
        to_move: attacker,
        ko_record: Vec::new(),
        after_pass: false,
        captured: false,
        played_on_local: vec![false; check.local.len()],
        counter: 0,
    };
    match game.wins(&mut vec![start]) {
        Ok(w) => Answer::Decided((w, game.nodes)),
        Err(()) => Answer::Undetermined(Spent {
            explored: game.nodes,
        }),
    }
}

/// The parts of the scoring (J-54 ... J-60) and the score (J-64).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    pub black_territory: Vec<Point>,
    pub white_territory: Vec<Point>,
    pub dame: Vec<Point>,
    /// J-64 without prisoner difference and komi: territory plus dead opposing stones on it.
    pub board_score: i64,
}

/// J-54 ... J-64 on the final-position, given every string's status (per point: `Some`
/// on stones, ignored elsewhere), literally.
pub fn score(geometry: &Geometry, position: &Position, status: &[Option<Status>]) -> Scoring {
    let alive = |p: Point, c: Colour| {
        position.get(p) == Cell::Stone(c) && status[p].is_some_and(Status::is_alive)
    };
    let dead = |p: Point, c: Colour| {
        position.get(p) == Cell::Stone(c) && status[p].is_some_and(|s| !s.is_alive())
    };
    // J-54, J-55: eye strings from empty points through empty points and dead opposing
    // stones; their points are eye points if everything around them is alive and own.
    let mut eye_point = [vec![false; geometry.len()], vec![false; geometry.len()]];
    for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
        let mut done = vec![false; geometry.len()];
        for p in geometry.points() {
            if position.get(p) != Cell::Empty || done[p] {
                continue;
            }
            let mut eye_string = vec![p];
            done[p] = true;
            let mut i = 0;
            let mut all_alive_own = true;
            while i < eye_string.len() {
                for &n in geometry.neighbours(eye_string[i]) {
                    let inside = position.get(n) == Cell::Empty || dead(n, colour.opponent());
                    if inside {
                        if !done[n] {
                            done[n] = true;
                            eye_string.push(n);
                        }
                    } else if !alive(n, colour) {
                        all_alive_own = false;
                    }
                }
                i += 1;
            }
            if all_alive_own {
                for &q in &eye_string {
                    eye_point[k][q] = true;
                }
            }
        }
    }
    // J-57: dame.
    let dame: Vec<Point> = geometry
        .points()
        .filter(|&p| position.get(p) == Cell::Empty && !eye_point[0][p] && !eye_point[1][p])
        .collect();
    let is_dame = |p: Point| dame.contains(&p);
    // J-58 ... J-60: regions, in-seki regions; territory = eye points in no in-seki region.
    let mut territory = [Vec::new(), Vec::new()];
    for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
        let member = |p: Point| alive(p, colour) || eye_point[k][p];
        let mut in_seki_region = vec![false; geometry.len()];
        let mut done = vec![false; geometry.len()];
        for p in geometry.points() {
            if !alive(p, colour) || done[p] {
                continue;
            }
            let mut region = vec![p];
            done[p] = true;
            let mut i = 0;
            while i < region.len() {
                for &n in geometry.neighbours(region[i]) {
                    if member(n) && !done[n] {
                        done[n] = true;
                        region.push(n);
                    }
                }
                i += 1;
            }
            let in_seki = region
                .iter()
                .any(|&q| geometry.neighbours(q).iter().any(|&n| is_dame(n)));
            if in_seki {
                for &q in &region {
                    in_seki_region[q] = true;
                }
            }
        }
        territory[k] = geometry
            .points()
            .filter(|&q| eye_point[k][q] && !in_seki_region[q])
            .collect();
    }
    let count = |points: &Vec<Point>, on: Colour| {
        points.len() as i64
            + points
                .iter()
                .filter(|&&q| position.get(q) == Cell::Stone(on))
                .count() as i64
    };
    let board_score = count(&territory[0], Colour::White) - count(&territory[1], Colour::Black);
    let [black_territory, white_territory] = territory;
    Scoring {
        black_territory,
        white_territory,
        dame,
        board_score,
    }
}
