//! Differential checking: play the same moves on every engine configuration and report the
//! first disagreement (legality of every point, position, prisoners, score). Used by the
//! proptests and the `play_agree` fuzz target; [`sgf_read_write`] is the SGF reader's property
//! (`sgf_read_no_panic`), [`sensei_read`] the Sensei diagram reader's (`sensei_read_no_panic`),
//! [`gtp::gtp_referee`] the GTP referee's (`gtp_referee_no_panic`), [`case_replay`] the case
//! loader's (`parse_case`).

pub mod gtp;
pub mod ljr;
pub mod vjr;

use crate::engine::{Engine, Game, Move, Prisoners, Start};
use crate::geometry::{Cell, Colour, Geometry, Position};
use crate::rules::{CaptureOrder, KoRule, Rules, Scoring, Suicide};
use crate::runner::all_engines;

/// A random game description that fuzzers and proptests build from raw data.
#[derive(Clone, Debug, arbitrary::Arbitrary)]
pub struct GameInput {
    pub width: u8,
    pub height: u8,
    pub suicide: Suicide,
    pub capture_order: CaptureOrder,
    pub basic: bool,
    pub fixed: bool,
    pub positional: bool,
    pub situational: bool,
    /// `PLAY-8.5`, situational superko with the player to move.
    pub situational_same: bool,
    pub game_end_passes: u8,
    pub reaching_only: bool,
    pub no_result_on_cycle: bool,
    pub handicap: u8,
    pub white_first: bool,
    /// Start stones: each byte places a stone (colour by its high bit) or nothing.
    pub setup: Vec<u8>,
    /// Moves: a byte is a point index modulo (points + 1); the extra value is a pass.
    pub moves: Vec<u16>,
}

impl GameInput {
    /// Turn raw input into a board, rules and start; sizes are folded into 1..=max_side.
    pub fn build(&self, max_side: u8) -> (Geometry, Rules, Start) {
        let w = (self.width % max_side) as usize + 1;
        let h = (self.height % max_side) as usize + 1;
        let geometry = Geometry::rect(w, h).expect("folded size is in range");
        let mut ko = Vec::new();
        if self.basic {
            ko.push(KoRule::Basic);
        }
        if self.fixed {
            ko.push(KoRule::Fixed);
        }
        if self.positional {
            ko.push(KoRule::PositionalSuperko);
        }
        if self.situational {
            ko.push(KoRule::SituationalSuperko);
        }
        if self.situational_same {
            ko.push(KoRule::SituationalSuperkoSamePlayer);
        }
        let rules = Rules {
            suicide: self.suicide,
            capture_order: self.capture_order,
            ko,
            game_end_passes: (self.game_end_passes % 4) as u32 + 1,
            ko_pass: false,
            no_result_on_cycle: self.no_result_on_cycle,
            direct_ko: false,
            scoring: if self.reaching_only {
                Scoring::AreaReachingOnly
            } else {
                Scoring::AreaNotReachingOpponent
            },
        };
        // A legal start from `setup` (1 black, 2 white).
        let position = legal_position(
            &geometry,
            self.setup.iter().map(|&b| match b % 4 {
                1 => Some(Colour::Black),
                2 => Some(Colour::White),
                _ => None,
            }),
        );
        let handicap = (self.handicap % 3) as u32;
        let to_move = if self.white_first && handicap == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        let start = Start {
            position,
            to_move,
            handicap,
            prisoners: Prisoners::default(),
        };
        (geometry, rules, start)
    }
}

/// A legal position: the stones of `cells` placed point by point, keeping a stone only if
/// every string still has a liberty after it (fuzz and proptest inputs).
pub fn legal_position(
    geometry: &Geometry,
    cells: impl IntoIterator<Item = Option<Colour>>,
) -> Position {
    let mut position = Position::empty(geometry.len());
    for (i, colour) in cells.into_iter().enumerate().take(geometry.len()) {
        let Some(colour) = colour else {
            continue;
        };
        position.set(i, Cell::Stone(colour));
        if !crate::reference::play::is_legal_position(geometry, &position) {
            position.set(i, Cell::Empty);
        }
    }
    position
}

/// Play `moves` on every engine; after every move compare the legality of every point and
/// of a pass, the position and the prisoners; at the end the score.
pub fn compare_engines(
    geometry: &Geometry,
    rules: &Rules,
    start: &Start,
    moves: &[u16],
) -> Result<(), String> {
    let engines: Vec<Box<dyn Engine>> = all_engines();
    let mut games: Vec<(String, Box<dyn Game>)> = Vec::new();
    for e in &engines {
        match e.start(geometry, rules, start) {
            Ok(g) => games.push((e.name(), g)),
            Err(u) => return Err(format!("engine refused a game: {u}")),
        }
    }
    let n = geometry.len();
    let describe = |i: usize| {
        format!(
            "after {i} moves, rules {rules:?}, start {:?}",
            start.position.rows(geometry)
        )
    };
    for (i, &m) in moves.iter().enumerate() {
        let idx = m as usize % (n + 1);
        let mv = if idx == n {
            Move::Pass
        } else {
            Move::Play(idx)
        };
        let (ref_name, reference) = &games[0];
        // Legality of every move, before the move.
        for q in 0..=n {
            let probe = if q == n { Move::Pass } else { Move::Play(q) };
            let expected = reference.legality(probe);
            for (name, g) in &games[1..] {
                let got = g.legality(probe);
                if got != expected {
                    return Err(format!(
                        "{}: legality of {probe:?} differs: {ref_name} {expected:?}, {name} {got:?}",
                        describe(i)
                    ));
                }
            }
        }
        let mut results = Vec::new();
        for (_, g) in games.iter_mut() {
            results.push(g.play(mv));
        }
        let (ref_name, reference) = &games[0];
        for (k, (name, g)) in games.iter().enumerate().skip(1) {
            if results[k] != results[0] {
                return Err(format!(
                    "{}: move {mv:?}: {ref_name} {:?}, {name} {:?}",
                    describe(i),
                    results[0],
                    results[k]
                ));
            }
            if g.position() != reference.position() {
                return Err(format!(
                    "{}: move {mv:?}: positions differ:\n{ref_name}\n{}{name}\n{}",
                    describe(i),
                    reference.position().diagram(geometry),
                    g.position().diagram(geometry)
                ));
            }
            if g.prisoners() != reference.prisoners()
                || g.to_move() != reference.to_move()
                || g.is_over() != reference.is_over()
                || g.consecutive_passes() != reference.consecutive_passes()
                || g.cycle() != reference.cycle()
            {
                return Err(format!(
                    "{}: move {mv:?}: prisoners / turn / end differ",
                    describe(i)
                ));
            }
        }
    }
    let (ref_name, reference) = &games[0];
    for komi in [0.0, 6.5] {
        let expected = reference.score(komi);
        for (name, g) in &games[1..] {
            if g.score(komi) != expected {
                return Err(format!(
                    "final score differs: {ref_name} {expected:?}, {name} {:?}",
                    g.score(komi)
                ));
            }
        }
    }
    Ok(())
}

/// The fast path of the play bench (`OptGame::play_fast`, `is_empty_point`, `is_own_eye`)
/// against the reference's `Game`, under every configuration of play (all on, each switch of
/// [`Family::Play`] off) and at two word counts: before every move the emptiness and own-eye
/// answers for the moved point agree, then its result (stones removed, or why illegal), the
/// position, the prisoners, the player to move and the end.
pub fn compare_fast_path(
    geometry: &Geometry,
    rules: &Rules,
    start: &Start,
    moves: &[u16],
) -> Result<(), String> {
    use crate::optimized::bitboard::{MAX_WORDS, WORDS_25X25};
    use crate::optimized::Switches;
    use crate::rules::Family;
    let mut configurations = vec![Switches::ALL_ON];
    for name in Switches::names_of(Family::Play) {
        configurations.extend(Switches::without(name));
    }
    let (w, h) = geometry.rect_size().ok_or("not a rectangle")?;
    for switches in configurations {
        if (w + 1) * h <= 128 {
            fast_path_game::<2>(geometry, rules, start, moves, switches)?;
        }
        if (w + 1) * h <= WORDS_25X25 * 64 {
            fast_path_game::<WORDS_25X25>(geometry, rules, start, moves, switches)?;
        } else {
            fast_path_game::<MAX_WORDS>(geometry, rules, start, moves, switches)?;
        }
    }
    Ok(())
}

fn fast_path_game<const N: usize>(
    geometry: &Geometry,
    rules: &Rules,
    start: &Start,
    moves: &[u16],
    switches: crate::optimized::Switches,
) -> Result<(), String> {
    use crate::optimized::Optimized;
    use crate::reference::Reference;
    let (w, h) = geometry.rect_size().ok_or("not a rectangle")?;
    let mut reference = Reference
        .start(geometry, rules, start)
        .map_err(|u| u.to_string())?;
    let mut fast = Optimized::start_sized::<N>(w, h, rules, start, switches);
    let n = geometry.len();
    let name = format!("fast path ({N} words, off: {:?})", switches.off());
    for (i, &m) in moves.iter().enumerate() {
        let describe = || format!("{name}, move {i}, rules {rules:?}");
        if reference.is_over() != fast.is_over() {
            return Err(format!("{}: the end differs", describe()));
        }
        if reference.is_over() {
            break;
        }
        let me = reference.to_move();
        let idx = m as usize % (n + 1);
        let (expected, got) = if idx == n {
            let expected = reference.play(Move::Pass).map(|p| p.removed.len() as u32);
            (expected, fast.play_fast(None))
        } else {
            let empty = reference.cell(idx) == Cell::Empty;
            let eye = empty
                && geometry
                    .neighbours(idx)
                    .iter()
                    .all(|&q| reference.cell(q) == Cell::Stone(me));
            let (got_empty, got_eye) = (fast.is_empty_point(idx), fast.is_own_eye(idx, me));
            if (got_empty, got_eye) != (empty, eye) {
                return Err(format!(
                    "{}: point {idx}: empty, own eye: reference {:?}, {name} {:?}",
                    describe(),
                    (empty, eye),
                    (got_empty, got_eye)
                ));
            }
            let expected = reference
                .play(Move::Play(idx))
                .map(|p| p.removed.len() as u32);
            (expected, fast.play_fast(Some(idx)))
        };
        if expected != got {
            return Err(format!(
                "{}: point {idx}: reference {expected:?}, {name} {got:?}",
                describe()
            ));
        }
        if fast.position() != reference.position()
            || fast.prisoners() != reference.prisoners()
            || fast.player() != reference.to_move()
        {
            return Err(format!(
                "{}: point {idx}: position, prisoners or turn differ:\nreference\n{}{name}\n{}",
                describe(),
                reference.position().diagram(geometry),
                fast.position().diagram(geometry)
            ));
        }
    }
    Ok(())
}

/// NAJ N-17 on both engines for both colours: the reference search (within `budget`) and
/// Benson's algorithm must agree wherever the search decides. Returns how many colours
/// were decided.
pub fn compare_immortal(
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<u32, String> {
    use crate::engine::Answer;
    use crate::optimized::Optimized;
    use crate::reference::Reference;
    let mut decided = 0;
    for player in [Colour::Black, Colour::White] {
        let r = Reference
            .naj()
            .and_then(|q| q.immortal(geometry, position, player, budget))
            .map_err(|e| e.to_string())?;
        let o = Optimized::default()
            .naj()
            .and_then(|q| q.immortal(geometry, position, player, budget))
            .map_err(|e| e.to_string())?;
        if let (Answer::Decided(a), Answer::Decided(b)) = (&r, &o) {
            decided += 1;
            if a != b {
                let show = |v: &Vec<bool>| {
                    Position(
                        v.iter()
                            .map(|&x| if x { Cell::Stone(player) } else { Cell::Empty })
                            .collect(),
                    )
                    .diagram(geometry)
                };
                return Err(format!(
                    "immortal {player} stones differ on\n{}reference:\n{}benson:\n{}",
                    position.diagram(geometry),
                    show(a),
                    show(b)
                ));
            }
        }
    }
    Ok(decided)
}

/// NAJ analyses on every engine (the `naj_agree` property): from the legal `final_position`,
/// the analysis of `analysing` (his opponent opens; naj.md N-15/N-16) is played with
/// `moves` (illegal ones are skipped, as by a player who tries again) on every engine, with
/// legality of every point and the position compared after each move (as
/// [`compare_engines`] does); at its end, the reference's immortality (within `budget`) and
/// Benson's algorithm, control (N-18/N-19) and the control score (N-21) must agree for both
/// colours. Returns how many colours the reference decided.
pub fn compare_naj_analysis(
    geometry: &Geometry,
    final_position: &Position,
    analysing: Colour,
    moves: &[u16],
    budget: u64,
) -> Result<u32, String> {
    use crate::engine::Answer;
    use crate::procedure::naj::control_score;
    use crate::rules::RulesetId;
    let rules = RulesetId::Naj
        .analysis_rules()
        .ok_or("naj has analysis rules")?;
    let start = Start {
        position: final_position.clone(),
        to_move: analysing.opponent(),
        handicap: 0,
        prisoners: Prisoners::default(),
    };
    compare_engines(geometry, &rules, &start, moves)?;
    // The end of the analysis, as every engine just agreed.
    let engines = all_engines();
    let mut game = engines[0]
        .start(geometry, &rules, &start)
        .map_err(|u| u.to_string())?;
    let n = geometry.len();
    for &m in moves {
        let idx = m as usize % (n + 1);
        let mv = if idx == n {
            Move::Pass
        } else {
            Move::Play(idx)
        };
        let _ = game.play(mv);
    }
    let end = game.position();
    let decided = compare_immortal(geometry, &end, budget)?;
    for player in [Colour::Black, Colour::White] {
        let mut seen: Vec<(String, Vec<bool>)> = Vec::new();
        for e in &engines {
            if let Answer::Decided(c) = e
                .naj()
                .and_then(|q| q.control(geometry, &end, player, budget))
                .map_err(|u| u.to_string())?
            {
                seen.push((e.name(), c));
            }
        }
        for (name, c) in &seen[seen.len().min(1)..] {
            let (first, c0) = &seen[0];
            if c != c0 {
                return Err(format!(
                    "{player} control differs after the analysis on\n{}{first} vs {name}",
                    end.diagram(geometry)
                ));
            }
            let (a, b) = (
                control_score(final_position, c0, player),
                control_score(final_position, c, player),
            );
            if a != b {
                return Err(format!("{player}-score differs: {first} {a}, {name} {b}"));
            }
        }
    }
    Ok(decided)
}

/// J2003 statuses (`j2003_status_agree`): the analysis of `position` (J-52) by the
/// reference's depth-first evaluation and by the optimized state-graph solver (with each of
/// its switches on and off) must give the same status and direct-ko verdict for every string
/// that both decide. Returns how many strings the reference decided.
pub fn compare_j2003_status(
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<u32, String> {
    use crate::optimized::{Optimized, Switches};
    use crate::procedure::j2003::analyse;
    let mut engines = all_engines();
    // df-pn alone before the state graph (spec S-3.1, S-3.2): with the line-bounded searches
    // on, it runs only where they fail, which on tiny boards is rare.
    for ko_bracketing in [true, false] {
        engines.push(Box::new(Optimized {
            switches: Switches {
                bounded_capture: false,
                survival_proof: false,
                ko_bracketing,
                ..Switches::ALL_ON
            },
        }));
    }
    let mut analyses = Vec::new();
    for e in &engines {
        let a = analyse(e.as_ref(), geometry, position, budget).map_err(|u| u.to_string())?;
        analyses.push((e.name(), a));
    }
    let (_, reference) = &analyses[0];
    let decided = reference
        .strings
        .iter()
        .filter(|s| s.status.is_some())
        .count() as u32;
    // Every pair of engine configurations: a switched-off reduction is checked against the
    // state graph as well as against the reference.
    for (i, (name_a, first)) in analyses.iter().enumerate() {
        for (name_b, other) in &analyses[i + 1..] {
            for (a, b) in first.strings.iter().zip(&other.strings) {
                let status_differs = matches!((a.status, b.status), (Some(p), Some(q)) if p != q);
                let direct_differs = matches!(
                    (a.direct_ko_stone, b.direct_ko_stone),
                    (Some(p), Some(q)) if p != q
                );
                if status_differs || direct_differs {
                    return Err(format!(
                        "J2003 analysis differs on the string at {} of\n{}{name_a}: {:?} (direct ko stone {:?})\n{name_b}: {:?} (direct ko stone {:?})",
                        geometry.name(a.points[0]),
                        position.diagram(geometry),
                        a.status,
                        a.direct_ko_stone,
                        b.status,
                        b.direct_ko_stone
                    ));
                }
            }
        }
    }
    Ok(decided)
}

/// J2003 scoring (`j2003_score_agree`): from `position` and a status for every string
/// (`alive` picks, per string in board order, alive or dead), every engine's scoring
/// (J-54 ... J-64) gives the same board score.
pub fn compare_j2003_score(
    geometry: &Geometry,
    position: &Position,
    alive: &[bool],
) -> Result<i64, String> {
    use crate::status_game::{strings, Status};
    let mut status = vec![None; geometry.len()];
    for (i, (_, points)) in strings(geometry, position).iter().enumerate() {
        let s = if alive.get(i).copied().unwrap_or(true) {
            Status::Uncapturable
        } else {
            Status::Dead
        };
        for &p in points {
            status[p] = Some(s);
        }
    }
    let mut seen: Vec<(String, i64)> = Vec::new();
    for e in all_engines() {
        let v = e
            .j2003()
            .and_then(|q| q.board_score(geometry, position, &status))
            .map_err(|u| u.to_string())?;
        seen.push((e.name(), v));
    }
    if seen.windows(2).any(|w| w[0].1 != w[1].1) {
        return Err(format!(
            "J2003 board scores differ on\n{}with statuses {:?}: {seen:?}",
            position.diagram(geometry),
            status
        ));
    }
    Ok(seen[0].1)
}

/// The property of the SGF reader (fuzz target `sgf_read_no_panic`): any bytes give a game or
/// an error with a place, never a panic; a game read is written and read back as the same
/// game (less the reader's notes, which are not written). Read as a collection, every game
/// tree is such a game, with its line, the first being the game `read_sgf` reads.
pub fn sgf_read_write(data: &[u8]) -> Result<(), String> {
    use crate::parse::sgf::{read_sgf_bytes, read_sgf_collection_bytes};
    let first = match read_sgf_bytes(data.to_vec(), "fuzz.sgf") {
        Err(e) if e.line == 0 || e.column == 0 => {
            return Err(format!("an error without a place: {e}"))
        }
        Err(_) => None,
        Ok(mut game) => {
            game.notes.clear();
            written_back(&game)?;
            Some(game)
        }
    };
    match read_sgf_collection_bytes(data.to_vec(), "fuzz.sgf") {
        Err(e) if e.line == 0 || e.column == 0 => {
            Err(format!("a collection's error without a place: {e}"))
        }
        Err(_) => Ok(()),
        Ok(trees) => {
            for (k, t) in trees.iter().enumerate() {
                if t.index != k + 1 || t.line == 0 {
                    return Err(format!("game tree {k}: index {} line {}", t.index, t.line));
                }
                let mut game = t.game.clone();
                game.notes.clear();
                written_back(&game)?;
                if k == 0 && first.as_ref() != Some(&game) {
                    return Err(format!(
                        "the first game tree of the collection is not the game read alone:\n{game:?}\n{first:?}"
                    ));
                }
            }
            Ok(())
        }
    }
}

/// `game` written by `write_sgf` reads back as itself.
fn written_back(game: &crate::parse::sgf::SgfGame) -> Result<(), String> {
    use crate::parse::sgf::{read_sgf, write_sgf};
    let text = write_sgf(game);
    let back = read_sgf(&text, "written.sgf")
        .map_err(|e| format!("what write_sgf wrote does not read: {e}\n{text}"))?;
    if &back == game {
        Ok(())
    } else {
        Err(format!(
            "write then read changed the game:\n{text}\nread {game:?}\nback {back:?}"
        ))
    }
}

/// The Sensei reader's property (`sensei_read_no_panic`): any bytes (as UTF-8, or else as
/// ISO-8859-1, as `go-oracle import` reads files) give a diagram or an error with a line and
/// column, never a panic; a diagram read is consistent: one cell per point, the moves numbered
/// from `mN` without a gap, alternating from the first player, on points of the board, the
/// labels on empty points.
pub fn sensei_read(data: &[u8]) -> Result<(), String> {
    use crate::parse::sensei::read_sensei;
    use crate::parse::sgf::text_of_bytes;
    let (text, _) = text_of_bytes(data.to_vec());
    match read_sensei(&text, "fuzz.txt") {
        Err(e) if e.line == 0 || e.column == 0 => Err(format!("an error without a place: {e}")),
        Err(_) => Ok(()),
        Ok(d) => {
            let g = &d.geometry;
            if d.position.len() != g.len() {
                return Err(format!("{} cells on {} points", d.position.len(), g.len()));
            }
            for (k, m) in d.moves.iter().enumerate() {
                if m.number != d.first_number + k as u32 {
                    return Err(format!("move {k} numbered {}", m.number));
                }
                // The first player plays the diagram's odd numbers (written out here, apart
                // from the reader's own rule).
                let own = if k % 2 == 0 {
                    d.first_player
                } else {
                    d.first_player.opponent()
                };
                if m.colour != own || m.point >= g.len() {
                    return Err(format!("move {k}: {m:?}"));
                }
            }
            for &(p, c) in &d.labels {
                if p >= g.len() || d.position.get(p) != Cell::Empty || !c.is_ascii_lowercase() {
                    return Err(format!("label {c} at {p}"));
                }
            }
            if d.marks.iter().any(|m| m.0 >= g.len()) {
                return Err("a mark off the board".into());
            }
            Ok(())
        }
    }
}

/// The most points a case's board may have for its checks to be replayed on every
/// configuration with a speed-up switched off in [`case_replay`] (9x9); larger boards replay
/// on the reference and the optimized engine with every speed-up on.
pub const SWITCHED_OFF_POINTS: usize = 81;

/// The case loader's property (`parse_case`): text gives a case or an error, never a panic,
/// and a case loaded replays every check without a panic, with small search budgets (the
/// property is about panics, not about deciding): on every engine configuration where the
/// board has at most [`SWITCHED_OFF_POINTS`] points, else on the reference and the
/// optimized engine. Each configuration replays a 19x19 real game in seconds (slow units of
/// 12-15 s, and the seed corpus took 4.7 min instead of 20 s, stop 46); those cases replay
/// on every configuration in the corpus harness already (`.ci/run`).
pub fn case_replay(text: &str, name: &str) {
    use crate::parse::case::{parse_case, Check, FamilyCheck};
    use crate::parse::case_ljr::LjrCheck;
    use crate::runner::{run_check, SharedReplays};
    let Ok(case) = parse_case(text, name, None) else {
        return;
    };
    let engines = all_engines();
    for check in &case.checks {
        let check = &Check {
            budget: check.budget.min(2_000),
            solver_budget: check.solver_budget.min(200),
            // The reference's nodes cost far more on big boards (a 19x19 real game).
            reference_solver_budget: check.reference_solver_budget.min(20),
            family: match &check.family {
                FamilyCheck::Ljr(l) => FamilyCheck::Ljr(LjrCheck {
                    budget: l.budget.min(2_000),
                    ..l.clone()
                }),
                other => other.clone(),
            },
            ..check.clone()
        };
        let small = check.geometry.len() <= SWITCHED_OFF_POINTS;
        for engine in &engines {
            if small || !engine.name().starts_with("optimized-without-") {
                let _ = run_check(check, engine.as_ref(), false, &SharedReplays::default());
            }
        }
    }
}
