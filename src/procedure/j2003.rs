//! The J2003 analysis procedure (spec `j2003.md` J-52, J-53), on any engine.
//!
//! Each engine answers single status checks ("can Y force it?",
//! [`crate::engine::J2003Questions::force`]); the procedure that orders the checks, forms the
//! regions they need and judges ko stones is written once, here. Every play it needs (the
//! ko-stone test, J-27/J-28) is made by the engine it is running for, so the two engines
//! stay independent.

use crate::engine::{Answer, Engine, Move, Spent, Start, Unsupported};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
pub use crate::procedure::Strings;
use crate::rules::{CaptureOrder, Rules, Suicide};
use crate::status_game::{
    environment, strings, Analysis, Status, StatusCheck, StatusKind, StringReport,
};

/// A play with no suicide: the position after it and the removed points, or `None`.
pub type PlayFn<'a> = dyn Fn(&Position, Point, Colour) -> Option<(Position, Vec<Point>)> + 'a;

/// J-27/J-28: whether the single stone at `y` is a ko stone: some adjacent empty `x` where
/// the opponent's play removes exactly that stone and the owner's immediate play back at `y`
/// removes exactly the new stone and recreates the position. `play` makes a play (no
/// suicide) and returns the position after it and the points it removed.
pub fn is_ko_stone(geometry: &Geometry, position: &Position, y: Point, play: &PlayFn<'_>) -> bool {
    let Cell::Stone(owner) = position.get(y) else {
        return false;
    };
    geometry.neighbours(y).iter().any(|&x| {
        if position.get(x) != Cell::Empty {
            return false;
        }
        let Some((after, removed)) = play(position, x, owner.opponent()) else {
            return false;
        };
        if removed != [y] {
            return false;
        }
        match play(&after, y, owner) {
            Some((back, removed_back)) => removed_back == [x] && &back == position,
            None => false,
        }
    })
}

/// J-28 over a whole position: whether some single stone of `position`, of either colour, is a
/// ko stone ([`is_ko_stone`], the test G-11 makes), judged with `engine`'s own plays.
pub fn has_ko_stone(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
) -> Result<bool, Unsupported> {
    Ok(!ko_stones(engine, geometry, position)?.is_empty())
}

/// J-28 over a whole position: the points of its single stones, of either colour, that are
/// ko stones ([`is_ko_stone`]), judged with `engine`'s own plays.
pub fn ko_stones(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
) -> Result<Vec<Point>, Unsupported> {
    // Unsupported boards are an error, not "no ko stone".
    engine.start(geometry, &single_play_rules(), &Start::empty(geometry))?;
    let play = |p: &Position, at: Point, c: Colour| single_play(engine, geometry, p, at, c);
    Ok(strings(geometry, position)
        .iter()
        .filter(|(_, points)| {
            points.len() == 1 && is_ko_stone(geometry, position, points[0], &play)
        })
        .map(|(_, points)| points[0])
        .collect())
}

/// J-19 by the lemma J19-L1 (spec `j2003.md`): whether an ending pass at `position` is legal
/// without the analysis, because `engine` screens ending passes
/// ([`crate::engine::J2003Questions::screens_ending_passes`]) and no single stone of
/// `position` is a ko stone, so none is a direct ko stone (J-48). `false` says nothing: the
/// analysis (C-4) must judge the pass.
pub fn ending_pass_screened(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
) -> Result<bool, Unsupported> {
    Ok(ending_pass_ko_stones(engine, geometry, position)?.is_some_and(|k| k.is_empty()))
}

/// J-19 by the lemma J19-L1 (i) and (ii): the strings whose analysis judges an ending pass
/// at `position`. None when `engine` does not screen ending passes: then every string's
/// (C-4). Else the single stones that are ko stones (J-28), the only strings that can be
/// direct ko stones (J-48): none, and the pass is legal without the analysis.
pub fn ending_pass_ko_stones(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
) -> Result<Option<Vec<Point>>, Unsupported> {
    if !engine.j2003()?.screens_ending_passes() {
        return Ok(None);
    }
    ko_stones(engine, geometry, position).map(Some)
}

/// The analysis procedure (J-52, J-53): uncapturable, then capturable-1, then capturable-2
/// with the local environments the earlier steps give, then direct ko stones (J-47, J-48).
/// `budget` bounds each check. A check left undetermined leaves its string undetermined, and
/// every later step that needs it too.
pub fn analyse(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<Analysis, Unsupported> {
    analyse_with(engine, geometry, position, budget, Extent::Complete)
}

/// How far the analysis goes once a status check is undetermined within its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// Every check is run: the statuses that can be decided are (for `status`, `explain`).
    Complete,
    /// No check is run after the first undetermined one of a named string: the analysis is
    /// then undecided whatever the others say, which is all a judge of the named strings
    /// needs (the runner: an undecided analysis makes the check undetermined, J-19 and J-64
    /// alike). An undetermined check of a string not named stops nothing: the named strings'
    /// environments are bounded without it (G-13).
    UntilUndetermined,
}

/// [`analyse`], stopping early if `extent` says so; the strings whose checks were not run
/// are undetermined.
pub fn analyse_with(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    budget: u64,
    extent: Extent,
) -> Result<Analysis, Unsupported> {
    analyse_strings(engine, geometry, position, budget, extent, Strings::All)
}

/// [`analyse_with`] for the strings `which` names: the report lists those only. Steps 1 and 2
/// of a string need no other string (J-41, J-43), so they run for the named strings; steps
/// 3 and 4 need every string's steps 1 and 2 (the environments, J-44), so when a named
/// string reaches step 3, steps 1 and 2 run for every string first.
pub fn analyse_strings(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    budget: u64,
    extent: Extent,
    which: Strings<'_>,
) -> Result<Analysis, Unsupported> {
    let questions = engine.j2003()?;
    let strings = strings(geometry, position);
    let named: Vec<bool> = strings.iter().map(|(_, p)| which.names(p)).collect();
    let mut checker = Checker {
        questions,
        geometry,
        position,
        budget,
        extent,
        explored: 0,
        checks: 0,
        given_up: false,
        unnamed: false,
    };
    let mut status: Vec<Option<Status>> = vec![None; strings.len()];
    let mut unknown: Vec<bool> = vec![false; strings.len()];
    let mut last_check: Vec<Option<StatusCheck>> = vec![None; strings.len()];
    // Steps 1 and 2: the named strings; then the others, if a named string needs step 3.
    let first: Vec<usize> = (0..strings.len()).filter(|&i| named[i]).collect();
    let mut progress = (&mut status, &mut unknown, &mut last_check);
    early_steps(&mut checker, &strings, &first, &mut progress)?;
    let needs_environments = first.iter().any(|&i| status[i].is_none() && !unknown[i]);
    if needs_environments {
        let rest: Vec<usize> = (0..strings.len()).filter(|&i| !named[i]).collect();
        let mut progress = (&mut status, &mut unknown, &mut last_check);
        checker.unnamed = true;
        early_steps(&mut checker, &strings, &rest, &mut progress)?;
        checker.unnamed = false;
    }
    // Blockers of the environments: strings known uncapturable or capturable-1. While any
    // string's step 1 or 2 is not run, the environments are unknown; while some are
    // undetermined, they are known in part (G-13).
    let every_string_ran = needs_environments || first.len() == strings.len();
    let early_known = every_string_ran && !unknown.iter().any(|&u| u);
    let early = status.clone();
    let early_unknown = unknown.clone();
    // `also_unknown`: the strings whose steps 1-2 are undetermined block too (G-13's L_low).
    let blocker = |colour: Option<Colour>, also_unknown: bool| -> Vec<bool> {
        let mut b = vec![false; geometry.len()];
        for (i, (c, points)) in strings.iter().enumerate() {
            let known = matches!(early[i], Some(Status::Uncapturable | Status::Capturable1));
            let blocks =
                (known || (also_unknown && early_unknown[i])) && colour.is_none_or(|x| x == *c);
            if blocks {
                for &p in points {
                    b[p] = true;
                }
            }
        }
        b
    };
    // Step 3 (J-44, J-46; G-13).
    // A named string's local-2 when it is known exactly (the bounds agree).
    let mut local2: Vec<Option<Vec<Point>>> = vec![None; strings.len()];
    for (i, (colour, points)) in strings.iter().enumerate() {
        if !named[i] || status[i].is_some() || unknown[i] || !every_string_ran {
            if named[i] && status[i].is_none() && !unknown[i] {
                unknown[i] = true;
            }
            continue;
        }
        let high = environment(geometry, points, &blocker(Some(*colour), false));
        let low = environment(geometry, points, &blocker(Some(*colour), true));
        let exact = high == low;
        if exact {
            local2[i] = Some(high.clone());
        }
        // On L_high only Y's win counts, on L_low only X's (G-13); one check when they agree.
        let tries: Vec<(Vec<Point>, bool, bool)> = if exact {
            vec![(high, true, true)]
        } else {
            vec![(high, true, false), (low, false, true)]
        };
        unknown[i] = true;
        for (local, dead_counts, alive_counts) in tries {
            let check = StatusCheck {
                string: points.clone(),
                defender: *colour,
                kind: StatusKind::Capturable2,
                local,
            };
            let verdict = checker.force(&check)?;
            last_check[i] = Some(check);
            match verdict {
                Some(true) if dead_counts => status[i] = Some(Status::Dead),
                Some(false) if alive_counts => status[i] = Some(Status::Capturable2),
                _ => continue,
            }
            unknown[i] = false;
            break;
        }
    }
    // Step 4 (J-47, J-48): direct ko stones.
    let direct_blocker = blocker(None, false);
    let play = |p: &Position, at: Point, c: Colour| single_play(engine, geometry, p, at, c);
    if strings.iter().any(|(_, points)| points.len() == 1) {
        // Unsupported boards are an error, not "no ko stone".
        engine.start(geometry, &single_play_rules(), &Start::empty(geometry))?;
    }
    let reports = strings
        .iter()
        .enumerate()
        .filter(|&(i, _)| named[i])
        .map(|(i, (colour, points))| {
            let single_ko_stone =
                || points.len() == 1 && is_ko_stone(geometry, position, points[0], &play);
            let direct_ko_stone = match (status[i], &local2[i]) {
                (Some(Status::Capturable2), Some(local)) if early_known => Some(
                    single_ko_stone() && *local != environment(geometry, points, &direct_blocker),
                ),
                // G-13: the environments known in part; only "no ko stone" decides.
                (Some(Status::Capturable2), _) => (!single_ko_stone()).then_some(false),
                // J-48: a direct ko stone is capturable-2.
                (Some(_), _) => Some(false),
                _ => None,
            };
            StringReport {
                colour: *colour,
                points: points.clone(),
                status: if unknown[i] { None } else { status[i] },
                direct_ko_stone,
                deciding_check: last_check[i].clone(),
            }
        })
        .collect();
    Ok(Analysis {
        strings: reports,
        explored: checker.explored,
        checks: checker.checks,
    })
}

/// Status checks made within one budget each, counted; after an undetermined one, none more
/// when the extent says so.
struct Checker<'a> {
    questions: &'a dyn crate::engine::J2003Questions,
    geometry: &'a Geometry,
    position: &'a Position,
    budget: u64,
    extent: Extent,
    explored: u64,
    checks: u64,
    given_up: bool,
    /// The strings checked now are not named: their undetermined checks stop nothing.
    unnamed: bool,
}

impl Checker<'_> {
    /// Whether the attacker can force the check's goal (`None`: undetermined or not run).
    fn force(&mut self, check: &StatusCheck) -> Result<Option<bool>, Unsupported> {
        if self.given_up {
            return Ok(None);
        }
        self.checks += 1;
        crate::progress::say(|| {
            let kind = match check.kind {
                StatusKind::Uncapturable => "uncapturable",
                StatusKind::Capturable1 => "capturable-1",
                StatusKind::Capturable2 => "capturable-2",
            };
            format!(
                "status check {} ({kind}) of {} {}",
                self.checks,
                check.defender.name(),
                self.geometry.name(check.string[0])
            )
        });
        Ok(
            match self
                .questions
                .force(self.geometry, self.position, check, self.budget)?
            {
                Answer::Decided((forced, n)) => {
                    self.explored += n;
                    Some(forced)
                }
                Answer::Undetermined(Spent { explored: n }) => {
                    self.explored += n;
                    self.given_up |= self.extent == Extent::UntilUndetermined && !self.unnamed;
                    None
                }
            },
        )
    }
}

/// Per string: its status so far, whether a check of it was undetermined, its last check.
type Progress<'a> = (
    &'a mut Vec<Option<Status>>,
    &'a mut Vec<bool>,
    &'a mut Vec<Option<StatusCheck>>,
);

/// Step 1 (J-41, uncapturable), then step 2 (J-43, capturable-1) of the strings `which`.
fn early_steps(
    checker: &mut Checker<'_>,
    strings: &[(Colour, Vec<Point>)],
    which: &[usize],
    (status, unknown, last_check): &mut Progress<'_>,
) -> Result<(), Unsupported> {
    for &i in which {
        let (colour, points) = &strings[i];
        let check = StatusCheck {
            string: points.clone(),
            defender: *colour,
            kind: StatusKind::Uncapturable,
            local: Vec::new(),
        };
        let verdict = checker.force(&check)?;
        last_check[i] = Some(check);
        match verdict {
            Some(false) => status[i] = Some(Status::Uncapturable),
            Some(true) => {}
            None => unknown[i] = true,
        }
    }
    for &i in which {
        let (colour, points) = &strings[i];
        if status[i].is_some() || unknown[i] {
            continue;
        }
        let check = StatusCheck {
            string: points.clone(),
            defender: *colour,
            kind: StatusKind::Capturable1,
            local: points.clone(),
        };
        let verdict = checker.force(&check)?;
        last_check[i] = Some(check);
        match verdict {
            Some(false) => status[i] = Some(Status::Capturable1),
            Some(true) => {}
            None => unknown[i] = true,
        }
    }
    Ok(())
}

/// The play rules of one isolated play (J-8: no suicide), with no ko rule: the ko-stone test
/// (J-27) asks what a play and the play straight back would do, not whether the game's ko
/// rule allows them.
fn single_play_rules() -> Rules {
    Rules {
        suicide: Suicide::Forbidden,
        capture_order: CaptureOrder::OpponentFirst,
        ko: Vec::new(),
        game_end_passes: 2,
        ko_pass: false,
        no_result_on_cycle: false,
        direct_ko: false,
        scoring: crate::rules::Scoring::None,
    }
}

/// A play with no suicide (J-8), made by `engine` on a fresh move-sequence from `position`:
/// the position after it and the removed points, or `None` if it is illegal.
fn single_play(
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    at: Point,
    colour: Colour,
) -> Option<(Position, Vec<Point>)> {
    let start = Start {
        position: position.clone(),
        to_move: colour,
        ..Start::empty(geometry)
    };
    let mut game = engine.start(geometry, &single_play_rules(), &start).ok()?;
    let played = game.play(Move::Play(at)).ok()?;
    let mut removed = played.removed;
    removed.sort_unstable();
    Some((game.position(), removed))
}

/// The result of a long cycle (J-18): the cycle-difference (white stones minus black stones
/// removed by the plays of the cycle) decides.
pub fn long_cycle_result(cycle_difference: i64) -> &'static str {
    match cycle_difference.signum() {
        0 => "long-cycle-tie",
        1 => "long-cycle-black",
        _ => "long-cycle-white",
    }
}
