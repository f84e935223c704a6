//! Runs checks on engines: replay, compare with the expectations, compare engines.

use crate::engine::{Answer, Cycle, Engine, Game, Illegal, Move, Prisoners, Score, Start};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::optimized::{Optimized, Switches};
use crate::parse::case::{load_case, Case, Check, FinalChecks, Step, Target};
use crate::parse::InputError;
use crate::procedure::naj::{compare, control_score, Budget, Comparison};
use crate::reference::Reference;
use crate::status_game::Status as StringStatus;
use std::path::{Path, PathBuf};

/// Every engine configuration the corpus runs on: the reference, the optimized engine, and
/// the optimized engine with each speed-up switched off in turn.
pub fn all_engines() -> Vec<Box<dyn Engine>> {
    let mut v: Vec<Box<dyn Engine>> = vec![Box::new(Reference), Box::new(Optimized::default())];
    for name in Switches::NAMES {
        if let Some(s) = Switches::without(name) {
            v.push(Box::new(Optimized { switches: s }));
        }
    }
    v
}

/// One replayed move.
#[derive(Clone, Debug, PartialEq)]
pub struct StepTrace {
    pub index: usize,
    pub player: Colour,
    pub text: String,
    pub mv: Move,
    /// Removed points, or the reason the move is illegal.
    pub result: Result<Vec<Point>, Illegal>,
    pub position: Position,
    pub prisoners: Prisoners,
}

/// A whole replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub steps: Vec<StepTrace>,
    pub position: Position,
    pub prisoners: Prisoners,
    pub score: Option<Score>,
    pub game_over: bool,
    pub to_move: Colour,
    /// NAJN: the long cycle that ended the alternation.
    pub cycle: Option<Cycle>,
    /// NAJ: analyses, control and scores.
    pub naj: Option<NajTrace>,
    /// N-17 immortality of Black and White in the final position, when the check asks.
    pub immortal: [Option<Answer<Vec<bool>>>; 2],
    /// J2003: long-cycle result, or the analysis and score of the final position.
    pub j2003: Option<J2003Trace>,
}

/// J2003 result of a check (j2003.md J-18, J-52, J-64, J-65).
#[derive(Clone, Debug, PartialEq)]
pub struct J2003Trace {
    /// Some ending pass could not be judged (J-19) within the budget.
    pub pass_undetermined: bool,
    /// The long cycle's difference (white minus black stones removed in it), if one ended
    /// the alternation.
    pub cycle_difference: Option<i64>,
    /// The analysis of the final position (when the alternation ended by passes and the
    /// check asks for statuses or a score).
    pub analysis: Option<crate::status_game::Analysis>,
    pub prisoner_difference: i64,
    pub score: Option<f64>,
    pub result: Option<String>,
}

/// The J2003 analyses made during one replay, by position.
type AnalysisMemo = std::cell::RefCell<Vec<(Position, crate::status_game::Analysis)>>;

/// [`crate::procedure::j2003::analyse`], remembered for the replay.
fn analyse_memo(
    memo: &AnalysisMemo,
    engine: &dyn Engine,
    geometry: &Geometry,
    position: &Position,
    budget: u64,
) -> Result<crate::status_game::Analysis, crate::engine::Unsupported> {
    if let Some((_, a)) = memo.borrow().iter().find(|(p, _)| p == position) {
        return Ok(a.clone());
    }
    let a = crate::procedure::j2003::analyse(engine, geometry, position, budget)?;
    memo.borrow_mut().push((position.clone(), a.clone()));
    Ok(a)
}

fn j2003_trace(
    engine: &dyn Engine,
    check: &Check,
    alternation: &Trace,
    with_search: bool,
    pass_undetermined: bool,
    analysed: &AnalysisMemo,
) -> Result<J2003Trace, String> {
    let prisoner_difference =
        alternation.prisoners.black as i64 - alternation.prisoners.white as i64;
    let mut t = J2003Trace {
        pass_undetermined,
        cycle_difference: None,
        analysis: None,
        prisoner_difference,
        score: None,
        result: None,
    };
    if let Some(cycle) = alternation.cycle {
        // C-3: the plays after position `cycle.start` of the history, up to the last.
        let legal: Vec<&StepTrace> = alternation
            .steps
            .iter()
            .filter(|s| s.result.is_ok())
            .collect();
        let from = cycle.start.min(legal.len());
        let mut difference = 0i64;
        for s in &legal[from..] {
            let removed = s.result.as_ref().map(|r| r.len() as i64).unwrap_or(0);
            // No suicide: a play removes opposing stones only.
            difference += match s.player {
                Colour::Black => removed,
                Colour::White => -removed,
            };
        }
        t.cycle_difference = Some(difference);
        t.result = Some(crate::procedure::j2003::long_cycle_result(difference).to_string());
        return Ok(t);
    }
    let wants = !check.expect.j2003_strings.is_empty()
        || check.expect.score.is_some()
        || check.expect.result.is_some();
    // The final position: where the alternation ended by passes, or (C-11) the position a
    // check gives with no moves, analysed as given even if its ending pass would be illegal.
    if !(alternation.game_over || check.steps.is_empty()) || !wants || !with_search {
        return Ok(t);
    }
    let analysis = analyse_memo(
        analysed,
        engine,
        &check.geometry,
        &alternation.position,
        check.solver_budget,
    )
    .map_err(|u| u.to_string())?;
    if analysis.is_decided() {
        let board = engine
            .j2003_board_score(
                &check.geometry,
                &alternation.position,
                &analysis.status_at(check.geometry.len()),
            )
            .map_err(|u| u.to_string())?;
        let score = (board + prisoner_difference) as f64 - check.komi;
        t.score = Some(score);
        t.result = Some(crate::engine::result_text(score));
    }
    t.analysis = Some(analysis);
    Ok(t)
}

/// A difference between what was expected and what was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub what: String,
    pub expected: String,
    pub actual: String,
}

/// Why a replay stopped early: the case does not fit the game (a bug in the case).
#[derive(Clone, Debug, PartialEq)]
pub struct CaseProblem {
    pub step: usize,
    pub message: String,
}

fn move_name(geometry: &Geometry, mv: Move) -> String {
    match mv {
        Move::Play(p) => geometry.name(p).to_string(),
        Move::Pass => "pass".to_string(),
        Move::KoPass => "ko-pass".to_string(),
    }
}

/// A judge of passes that would end the sequence (J2003 J-19): `Ok(None)` legal,
/// `Ok(Some(reason))` illegal, `Err(())` undetermined within the budget.
type PassGuard<'a> = &'a dyn Fn(&Position) -> Result<Option<Illegal>, ()>;

/// Replay `steps` on `game`, checking each written colour against the player to move.
fn replay_steps(
    game: &mut dyn Game,
    steps: &[Step],
    geometry: &Geometry,
) -> Result<Vec<StepTrace>, CaseProblem> {
    replay_steps_guarded(game, steps, geometry, None, &mut false)
}

/// [`replay_steps`] with a judge of ending passes; `undetermined` is set when it could not
/// decide one (the pass is then played, and the replay must not be judged).
fn replay_steps_guarded(
    game: &mut dyn Game,
    steps: &[Step],
    geometry: &Geometry,
    pass_guard: Option<PassGuard<'_>>,
    undetermined: &mut bool,
) -> Result<Vec<StepTrace>, CaseProblem> {
    let mut out = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let player = game.to_move();
        if let Some(p) = step.player {
            if p != player {
                return Err(CaseProblem {
                    step: i + 1,
                    message: format!(
                        "move {} `{}` (line {}) is written for {} but {} is to move",
                        i + 1,
                        step.text,
                        step.line,
                        p,
                        player
                    ),
                });
            }
        }
        let mv = match &step.target {
            Target::Point(p) => Move::Play(*p),
            Target::Pass => Move::Pass,
            Target::KoPass => Move::KoPass,
            Target::AnyOf(label, points) => {
                let legal: Vec<Point> = points
                    .iter()
                    .copied()
                    .filter(|&p| game.check(Move::Play(p)).is_ok())
                    .collect();
                match legal.as_slice() {
                    [one] => Move::Play(*one),
                    [] => Move::Play(points[0]),
                    many => {
                        let names: Vec<&str> = many.iter().map(|&p| geometry.name(p)).collect();
                        return Err(CaseProblem {
                            step: i + 1,
                            message: format!(
                                "move {} (line {}): label `{label}` is ambiguous, the move is legal on {}",
                                i + 1,
                                step.line,
                                names.join(" and ")
                            ),
                        });
                    }
                }
            }
        };
        let ending_pass = mv == Move::Pass
            && !game.is_over()
            && game.consecutive_passes() + 1 >= 2
            && game.check(Move::Pass).is_ok();
        let verdict = match (pass_guard, ending_pass) {
            (Some(guard), true) => guard(&game.position()),
            _ => Ok(None),
        };
        let result = match verdict {
            Ok(Some(reason)) => Err(reason),
            Ok(None) => game.play(mv).map(|p| p.removed),
            Err(()) => {
                *undetermined = true;
                game.play(mv).map(|p| p.removed)
            }
        };
        out.push(StepTrace {
            index: i + 1,
            player,
            text: step.text.clone(),
            mv,
            result,
            position: game.position(),
            prisoners: game.prisoners(),
        });
        if verdict.is_err() {
            // The legality of this pass is unknown: the rest of the sequence cannot be
            // replayed faithfully, and the check will be reported undetermined.
            break;
        }
    }
    Ok(out)
}

/// One replayed NAJ analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisTrace {
    pub steps: Vec<StepTrace>,
    pub end: Position,
    pub over: bool,
    /// Control of the analysing player (N-18/N-19), or the budget ran out.
    pub control: Answer<Vec<bool>>,
}

/// NAJ scoring of a check (naj.md N-21 ... N-24).
#[derive(Clone, Debug, PartialEq)]
pub struct NajTrace {
    /// The final-position (the position at the end of the alternation).
    pub final_position: Position,
    pub black_analysis: Option<AnalysisTrace>,
    pub white_analysis: Option<AnalysisTrace>,
    pub black_score: Option<i64>,
    pub white_score: Option<i64>,
    pub prisoner_difference: i64,
    pub score: Option<f64>,
    pub result: Option<String>,
    /// The claimed optimal values of the black- and white-analysis (expect
    /// `optimal-black-score` / `optimal-white-score`), compared by the solver.
    pub optimal: [Option<Answer<Comparison>>; 2],
}

fn naj_trace(
    engine: &dyn Engine,
    check: &Check,
    alternation: &Trace,
    with_immortality: bool,
) -> Result<Result<NajTrace, CaseProblem>, String> {
    let prisoner_difference =
        alternation.prisoners.black as i64 - alternation.prisoners.white as i64;
    let mut naj = NajTrace {
        final_position: alternation.position.clone(),
        black_analysis: None,
        white_analysis: None,
        black_score: None,
        white_score: None,
        prisoner_difference,
        score: None,
        result: None,
        optimal: [None, None],
    };
    if alternation.cycle.is_some() {
        naj.result = Some("long-cycle-tie".to_string());
        return Ok(Ok(naj));
    }
    let rules = check
        .ruleset
        .analysis_rules()
        .ok_or_else(|| format!("ruleset {} has no analyses", check.ruleset))?;
    let g = &check.geometry;
    for (analysis, controller) in [
        (&check.black_analysis, Colour::Black),
        (&check.white_analysis, Colour::White),
    ] {
        let Some(analysis) = analysis else { continue };
        let start = Start {
            position: alternation.position.clone(),
            to_move: controller.opponent(),
            handicap: 0,
            prisoners: Prisoners::default(),
        };
        let mut game = engine.start(g, &rules, &start).map_err(|u| u.to_string())?;
        let steps = match replay_steps(game.as_mut(), &analysis.steps, g) {
            Ok(s) => s,
            Err(p) => {
                return Ok(Err(CaseProblem {
                    step: p.step,
                    message: format!("{}-analysis: {}", controller.name(), p.message),
                }))
            }
        };
        let end = game.position();
        let control = if with_immortality {
            engine
                .control(g, &end, controller, check.budget)
                .map_err(|u| u.to_string())?
        } else {
            Answer::Undetermined { explored: 0 }
        };
        let trace = AnalysisTrace {
            steps,
            end,
            over: game.is_over(),
            control,
        };
        if let Answer::Decided(c) = &trace.control {
            let points = control_score(&alternation.position, c, controller);
            match controller {
                Colour::Black => naj.black_score = Some(points),
                Colour::White => naj.white_score = Some(points),
            }
        }
        match controller {
            Colour::Black => naj.black_analysis = Some(trace),
            Colour::White => naj.white_analysis = Some(trace),
        }
    }
    // The solver's verdict on claimed optimal values (naj.md SOLVE-1 ... SOLVE-3).
    for (slot, colour) in [(0, Colour::Black), (1, Colour::White)] {
        let Some(claim) = check.expect.optimal_scores[slot] else {
            continue;
        };
        naj.optimal[slot] = Some(if with_immortality {
            compare(
                engine,
                g,
                &rules,
                &alternation.position,
                colour,
                claim,
                Budget {
                    nodes: check.solver_budget,
                    immortal: check.budget,
                },
                crate::procedure::naj::Switches::default(),
            )
            .map_err(|u| u.to_string())?
        } else {
            Answer::Undetermined { explored: 0 }
        });
    }
    if let (Some(b), Some(w)) = (naj.black_score, naj.white_score) {
        let score = (b - w + prisoner_difference) as f64 - check.komi;
        naj.score = Some(score);
        naj.result = Some(crate::engine::result_text(score));
    }
    Ok(Ok(naj))
}

/// Replay a check's moves on an engine (and, for NAJ, its analyses).
pub fn replay(engine: &dyn Engine, check: &Check) -> Result<Result<Trace, CaseProblem>, String> {
    replay_with(engine, check, true)
}

/// Replay, with or without the immortality tests (which may be slow).
fn replay_with(
    engine: &dyn Engine,
    check: &Check,
    with_immortality: bool,
) -> Result<Result<Trace, CaseProblem>, String> {
    let rules = check
        .rules
        .as_ref()
        .ok_or_else(|| format!("ruleset {} is not implemented yet", check.ruleset))?;
    let mut game = engine
        .start(&check.geometry, rules, &check.start)
        .map_err(|u| u.to_string())?;
    let is_j2003 = check.ruleset == crate::rules::RulesetId::J2003;
    // J-19 (C-4): an ending pass is illegal on a position with a direct ko stone.
    let unsupported = std::cell::RefCell::new(None);
    // The analyses made for ending passes: the alternation's final position is usually the
    // last of them, and its analysis is then not repeated (the same engine, position and
    // budget give the same analysis).
    let analysed: AnalysisMemo = std::cell::RefCell::new(Vec::new());
    let guard = |position: &Position| -> Result<Option<Illegal>, ()> {
        if !with_immortality {
            return Ok(None);
        }
        match analyse_memo(
            &analysed,
            engine,
            &check.geometry,
            position,
            check.solver_budget,
        ) {
            Ok(a) => match a.has_direct_ko_stone() {
                Some(true) => Ok(Some(Illegal::DirectKo)),
                Some(false) => Ok(None),
                None => Err(()),
            },
            Err(u) => {
                *unsupported.borrow_mut() = Some(u.to_string());
                Err(())
            }
        }
    };
    let mut pass_undetermined = false;
    let steps = match replay_steps_guarded(
        game.as_mut(),
        &check.steps,
        &check.geometry,
        if is_j2003 { Some(&guard) } else { None },
        &mut pass_undetermined,
    ) {
        Ok(s) => s,
        Err(p) => return Ok(Err(p)),
    };
    if let Some(u) = unsupported.into_inner() {
        return Err(u);
    }
    let mut trace = Trace {
        steps,
        position: game.position(),
        prisoners: game.prisoners(),
        score: game.score(check.komi),
        game_over: game.is_over(),
        to_move: game.to_move(),
        cycle: game.cycle(),
        naj: None,
        immortal: [None, None],
        j2003: None,
    };
    if is_j2003 {
        trace.j2003 = Some(j2003_trace(
            engine,
            check,
            &trace,
            with_immortality,
            pass_undetermined,
            &analysed,
        )?);
    }
    for (i, (wanted, colour)) in [
        (check.expect.immortal_black.is_some(), Colour::Black),
        (check.expect.immortal_white.is_some(), Colour::White),
    ]
    .into_iter()
    .enumerate()
    {
        if wanted && with_immortality {
            trace.immortal[i] = Some(
                engine
                    .immortal(&check.geometry, &trace.position, colour, check.budget)
                    .map_err(|u| u.to_string())?,
            );
        }
    }
    if check.ruleset.analysis_rules().is_some() {
        match naj_trace(engine, check, &trace, with_immortality)? {
            Ok(n) => trace.naj = Some(n),
            Err(p) => return Ok(Err(p)),
        }
    }
    Ok(Ok(trace))
}

fn result_text(geometry: &Geometry, r: &Result<Vec<Point>, Illegal>) -> String {
    match r {
        Ok(removed) if removed.is_empty() => "legal".to_string(),
        Ok(removed) => {
            let names: Vec<&str> = removed.iter().map(|&p| geometry.name(p)).collect();
            format!("legal, removes {}", names.join(" "))
        }
        Err(reason) => format!("illegal ({reason})"),
    }
}

fn prisoners_text(p: &Prisoners) -> String {
    format!("black {} white {}", p.black, p.white)
}

/// Record a mismatch when an expected value is given and differs from the actual one.
fn expect_eq(out: &mut Vec<Mismatch>, what: &str, expected: Option<String>, actual: String) {
    if let Some(expected) = expected {
        if expected != actual {
            out.push(Mismatch {
                what: what.into(),
                expected,
                actual,
            });
        }
    }
}

/// Compare a replay with the check's expectations.
pub fn compare_expect(check: &Check, trace: &Trace) -> Vec<Mismatch> {
    let g = &check.geometry;
    let mut out = Vec::new();
    for (step, t) in check.steps.iter().zip(&trace.steps) {
        let here = format!("move {} `{}` (line {})", t.index, step.text, step.line);
        let e = &step.expect;
        match (&t.result, e.legal) {
            (Ok(_), false) => out.push(Mismatch {
                what: format!("{here}: legality"),
                expected: match e.reason {
                    Some(r) => format!("illegal ({r})"),
                    None => "illegal".into(),
                },
                actual: result_text(g, &t.result),
            }),
            (Err(_), true) => out.push(Mismatch {
                what: format!("{here}: legality"),
                expected: "legal".into(),
                actual: result_text(g, &t.result),
            }),
            (Err(actual), false) => {
                if let Some(r) = e.reason {
                    if r != *actual {
                        out.push(Mismatch {
                            what: format!("{here}: reason"),
                            expected: format!("illegal ({r})"),
                            actual: format!("illegal ({actual})"),
                        });
                    }
                }
            }
            (Ok(removed), true) => {
                if let Some(n) = e.removed_count {
                    if removed.len() as u32 != n {
                        out.push(Mismatch {
                            what: format!("{here}: stones removed"),
                            expected: n.to_string(),
                            actual: result_text(g, &t.result),
                        });
                    }
                }
                if let Some(ps) = &e.removed_points {
                    if ps != removed {
                        let names: Vec<&str> = ps.iter().map(|&p| g.name(p)).collect();
                        out.push(Mismatch {
                            what: format!("{here}: points removed"),
                            expected: names.join(" "),
                            actual: result_text(g, &t.result),
                        });
                    }
                }
            }
        }
        if let Some(p) = &e.position {
            if p != &t.position {
                out.push(Mismatch {
                    what: format!("{here}: position after the move"),
                    expected: p.diagram(g),
                    actual: t.position.diagram(g),
                });
            }
        }
        if let Some(p) = &e.prisoners {
            if p != &t.prisoners {
                out.push(Mismatch {
                    what: format!("{here}: prisoners"),
                    expected: prisoners_text(p),
                    actual: prisoners_text(&t.prisoners),
                });
            }
        }
    }
    let x = &check.expect;
    if let Some(p) = &x.position {
        if p != &trace.position {
            out.push(Mismatch {
                what: "final position".into(),
                expected: p.diagram(g),
                actual: trace.position.diagram(g),
            });
        }
    }
    if let Some(p) = &x.prisoners {
        if p != &trace.prisoners {
            out.push(Mismatch {
                what: "final prisoners".into(),
                expected: prisoners_text(p),
                actual: prisoners_text(&trace.prisoners),
            });
        }
    }
    if let Some(over) = x.game_over {
        if over != trace.game_over {
            out.push(Mismatch {
                what: "game over".into(),
                expected: over.to_string(),
                actual: trace.game_over.to_string(),
            });
        }
    }
    if let Some(c) = x.to_move {
        if c != trace.to_move {
            out.push(Mismatch {
                what: "player to move at the end".into(),
                expected: c.to_string(),
                actual: trace.to_move.to_string(),
            });
        }
    }
    if let Some(c) = &x.cycle {
        if Some(c) != trace.cycle.as_ref() {
            out.push(Mismatch {
                what: "long cycle (NAJN)".into(),
                expected: format!("{c:?}"),
                actual: format!("{:?}", trace.cycle),
            });
        }
    }
    compare_content(
        "immortal-black diagram",
        g,
        &x.immortal_content[0],
        &trace.position,
        &mut out,
    );
    compare_content(
        "immortal-white diagram",
        g,
        &x.immortal_content[1],
        &trace.position,
        &mut out,
    );
    for (expected, actual, colour) in [
        (&x.immortal_black, &trace.immortal[0], Colour::Black),
        (&x.immortal_white, &trace.immortal[1], Colour::White),
    ] {
        if let (Some(e), Some(a)) = (expected, actual) {
            let same = matches!(a, Answer::Decided(v) if v == e);
            if !same {
                out.push(Mismatch {
                    what: format!("immortal {} stones (N-17)", colour.name()),
                    expected: control_diagram(g, &trace.position, &Answer::Decided(e.clone()), 'X'),
                    actual: control_diagram(g, &trace.position, a, 'X'),
                });
            }
        }
    }
    if let Some(naj) = &trace.naj {
        compare_naj(check, naj, &mut out);
        return out;
    }
    if let Some(j) = &trace.j2003 {
        compare_j2003(check, j, &mut out);
        return out;
    }
    let wants_score =
        x.black.is_some() || x.white.is_some() || x.score.is_some() || x.result.is_some();
    if wants_score {
        match &trace.score {
            None => out.push(Mismatch {
                what: "score".into(),
                expected: "a score".into(),
                actual: "the rules have no area scoring".into(),
            }),
            Some(s) => {
                let mut cmp =
                    |what: &str, e: Option<String>, a: String| expect_eq(&mut out, what, e, a);
                cmp(
                    "black points",
                    x.black.map(|v| v.to_string()),
                    s.black.to_string(),
                );
                cmp(
                    "white points",
                    x.white.map(|v| v.to_string()),
                    s.white.to_string(),
                );
                cmp(
                    "score (black - white - komi)",
                    x.score.map(crate::engine::fmt_number),
                    crate::engine::fmt_number(s.score),
                );
                cmp("result", x.result.clone(), s.result.clone());
            }
        }
    }
    out
}

fn control_diagram(
    g: &Geometry,
    final_position: &Position,
    control: &Answer<Vec<bool>>,
    mark: char,
) -> String {
    match control {
        Answer::Undetermined { explored } => {
            format!("undetermined within budget ({explored} positions explored)\n")
        }
        Answer::Decided(c) => {
            let symbols: Vec<char> = (0..c.len())
                .map(|q| {
                    if c[q] {
                        mark
                    } else {
                        final_position.get(q).symbol()
                    }
                })
                .collect();
            match g.rect_size() {
                Some((w, _)) => symbols
                    .chunks(w)
                    .map(|r| {
                        r.iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                            + "\n"
                    })
                    .collect(),
                None => symbols.iter().collect::<String>() + "\n",
            }
        }
    }
}

/// The unmarked cells of a marked diagram must show the position it is drawn on.
fn compare_content(
    what: &str,
    g: &Geometry,
    content: &Option<Vec<Option<Cell>>>,
    position: &Position,
    out: &mut Vec<Mismatch>,
) {
    let Some(content) = content else { return };
    let wrong: Vec<&str> = content
        .iter()
        .enumerate()
        .filter(|(q, c)| matches!(c, Some(cell) if *cell != position.get(*q)))
        .map(|(q, _)| g.name(q))
        .collect();
    if !wrong.is_empty() {
        out.push(Mismatch {
            what: format!("{what}: unmarked cells that differ from the position it is drawn on"),
            expected: position.diagram(g),
            actual: format!("the diagram shows other content at {}", wrong.join(" ")),
        });
    }
}

fn compare_naj(check: &Check, naj: &NajTrace, out: &mut Vec<Mismatch>) {
    let g = &check.geometry;
    let x = &check.expect;
    let final_position = &naj.final_position;
    compare_content(
        "black control diagram",
        g,
        &x.control_content[0],
        final_position,
        out,
    );
    compare_content(
        "white control diagram",
        g,
        &x.control_content[1],
        final_position,
        out,
    );
    for (spec, trace, colour, expected_control, mark) in [
        (
            &check.black_analysis,
            &naj.black_analysis,
            Colour::Black,
            &x.black_control,
            'B',
        ),
        (
            &check.white_analysis,
            &naj.white_analysis,
            Colour::White,
            &x.white_control,
            'W',
        ),
    ] {
        let name = format!("{}-analysis", colour.name());
        match (spec, trace) {
            (Some(spec), Some(t)) => {
                let steps_check = Check {
                    steps: spec.steps.clone(),
                    expect: FinalChecks::default(),
                    ..check.clone()
                };
                let sub = Trace {
                    steps: t.steps.clone(),
                    position: t.end.clone(),
                    prisoners: Prisoners::default(),
                    score: None,
                    game_over: t.over,
                    to_move: Colour::Black,
                    cycle: None,
                    naj: None,
                    immortal: [None, None],
                    j2003: None,
                };
                for mut m in compare_expect(&steps_check, &sub) {
                    m.what = format!("{name}: {}", m.what);
                    out.push(m);
                }
                if !t.over {
                    out.push(Mismatch {
                        what: format!("{name}: end"),
                        expected: "ended by three successive passes (N-15, N-16)".into(),
                        actual: "the moves stop before the analysis has ended".into(),
                    });
                }
                if let Some(end) = &spec.end {
                    if end != &t.end {
                        out.push(Mismatch {
                            what: format!("{name}: position at its end"),
                            expected: end.diagram(g),
                            actual: t.end.diagram(g),
                        });
                    }
                }
                if let Answer::Undetermined { explored } = &t.control {
                    out.push(Mismatch {
                        what: format!("{name}: control"),
                        expected: "decided".into(),
                        actual: format!(
                            "undetermined within budget {} ({explored} positions explored)",
                            check.budget
                        ),
                    });
                }
                if let (Some(e), Answer::Decided(a)) = (expected_control, &t.control) {
                    if e != a {
                        out.push(Mismatch {
                            what: format!("{name}: {} control", colour.name()),
                            expected: control_diagram(
                                g,
                                final_position,
                                &Answer::Decided(e.clone()),
                                mark,
                            ),
                            actual: control_diagram(g, final_position, &t.control, mark),
                        });
                    }
                }
            }
            _ => {
                if expected_control.is_some() {
                    out.push(Mismatch {
                        what: format!("{} control", colour.name()),
                        expected: "a control diagram".into(),
                        actual: format!("no {name} given in the check"),
                    });
                }
            }
        }
    }
    let mut cmp = |what: &str, e: Option<String>, a: Option<String>| {
        let a = a.unwrap_or_else(|| "undefined (an analysis is missing or undetermined)".into());
        expect_eq(out, what, e, a)
    };
    cmp(
        "black-score",
        x.black_score.map(|v| v.to_string()),
        naj.black_score.map(|v| v.to_string()),
    );
    cmp(
        "white-score",
        x.white_score.map(|v| v.to_string()),
        naj.white_score.map(|v| v.to_string()),
    );
    cmp(
        "prisoner-difference",
        x.prisoner_difference.map(|v| v.to_string()),
        Some(naj.prisoner_difference.to_string()),
    );
    cmp(
        "score",
        x.score.map(crate::engine::fmt_number),
        naj.score.map(crate::engine::fmt_number),
    );
    cmp("result", x.result.clone(), naj.result.clone());
    for (slot, name) in [(0, "optimal-black-score"), (1, "optimal-white-score")] {
        if let (Some(claim), Some(Answer::Decided(c))) =
            (x.optimal_scores[slot], &naj.optimal[slot])
        {
            if !(c.at_least && c.at_most) {
                out.push(Mismatch {
                    what: format!("{name} (solver, {} states)", c.nodes),
                    expected: claim.to_string(),
                    actual: c.verdict().replace("claim", &claim.to_string()),
                });
            }
        }
    }
    if x.black.is_some() || x.white.is_some() {
        out.push(Mismatch {
            what: "area points".into(),
            expected: "black/white area points".into(),
            actual: "NAJ has no area scoring: use black-score and white-score".into(),
        });
    }
}

fn compare_j2003(check: &Check, j: &J2003Trace, out: &mut Vec<Mismatch>) {
    let g = &check.geometry;
    let x = &check.expect;
    for &(p, status, direct) in &x.j2003_strings {
        let what = format!("J2003 status of the string at {}", g.name(p));
        let Some(a) = &j.analysis else {
            out.push(Mismatch {
                what,
                expected: status.name().into(),
                actual: "no analysis: the alternation did not end with two passes".into(),
            });
            continue;
        };
        let Some(found) = a.strings.iter().find(|s| s.points.contains(&p)) else {
            out.push(Mismatch {
                what,
                expected: status.name().into(),
                actual: "no stone there in the final position".into(),
            });
            continue;
        };
        if let Some(got) = found.status {
            if got != status {
                out.push(Mismatch {
                    what,
                    expected: status.name().into(),
                    actual: got.name().into(),
                });
            }
        }
        if let (Some(want), Some(got)) = (direct, found.direct_ko_stone) {
            if want != got {
                out.push(Mismatch {
                    what: format!("direct ko stone at {} (J-48)", g.name(p)),
                    expected: want.to_string(),
                    actual: got.to_string(),
                });
            }
        }
    }
    expect_eq(
        out,
        "prisoner-difference",
        x.prisoner_difference.map(|v| v.to_string()),
        j.prisoner_difference.to_string(),
    );
    let show = |v: Option<f64>| {
        v.map(crate::engine::fmt_number)
            .unwrap_or_else(|| "none".into())
    };
    if x.score.is_some() {
        expect_eq(
            out,
            "score (J-64)",
            x.score.map(crate::engine::fmt_number),
            show(j.score),
        );
    }
    if x.result.is_some() {
        expect_eq(
            out,
            "result (J-18, J-65)",
            x.result.clone(),
            j.result.clone().unwrap_or_else(|| "none".into()),
        );
    }
}

/// Compare two engines' replays of one check, move by move.
pub fn compare_traces(check: &Check, reference: &Trace, other: &Trace) -> Vec<Mismatch> {
    let g = &check.geometry;
    let mut out = Vec::new();
    for (a, b) in reference.steps.iter().zip(&other.steps) {
        let here = format!("move {} `{}`", a.index, a.text);
        if a.mv != b.mv || a.result != b.result {
            out.push(Mismatch {
                what: format!("{here}: engines disagree"),
                expected: format!("{} {}", move_name(g, a.mv), result_text(g, &a.result)),
                actual: format!("{} {}", move_name(g, b.mv), result_text(g, &b.result)),
            });
        }
        if a.position != b.position {
            out.push(Mismatch {
                what: format!("{here}: engines disagree on the position"),
                expected: a.position.diagram(g),
                actual: b.position.diagram(g),
            });
        }
        if a.prisoners != b.prisoners {
            out.push(Mismatch {
                what: format!("{here}: engines disagree on prisoners"),
                expected: prisoners_text(&a.prisoners),
                actual: prisoners_text(&b.prisoners),
            });
        }
    }
    for i in 0..2 {
        if let (Some(Answer::Decided(a)), Some(Answer::Decided(b))) =
            (&reference.immortal[i], &other.immortal[i])
        {
            if a != b {
                out.push(Mismatch {
                    what: "engines disagree on immortal stones".into(),
                    expected: control_diagram(
                        g,
                        &reference.position,
                        &Answer::Decided(a.clone()),
                        'X',
                    ),
                    actual: control_diagram(g, &other.position, &Answer::Decided(b.clone()), 'X'),
                });
            }
        }
    }
    if reference.cycle != other.cycle {
        out.push(Mismatch {
            what: "engines disagree on the long cycle".into(),
            expected: format!("{:?}", reference.cycle),
            actual: format!("{:?}", other.cycle),
        });
    }
    if let (Some(a), Some(b)) = (&reference.j2003, &other.j2003) {
        if let (Some(x), Some(y)) = (&a.analysis, &b.analysis) {
            for (s, t) in x.strings.iter().zip(&y.strings) {
                let both = |p: Option<StringStatus>, q: Option<StringStatus>| match (p, q) {
                    (Some(p), Some(q)) => p == q,
                    _ => true,
                };
                if !both(s.status, t.status) {
                    out.push(Mismatch {
                        what: format!(
                            "engines disagree on the J2003 status of the string at {}",
                            g.name(s.points[0])
                        ),
                        expected: format!("{:?}", s.status),
                        actual: format!("{:?}", t.status),
                    });
                }
            }
        }
        if a.score.is_some() && b.score.is_some() && (a.score, &a.result) != (b.score, &b.result) {
            out.push(Mismatch {
                what: "engines disagree on the J2003 score".into(),
                expected: format!("{:?} {:?}", a.score, a.result),
                actual: format!("{:?} {:?}", b.score, b.result),
            });
        }
    }
    if let (Some(a), Some(b)) = (&reference.naj, &other.naj) {
        for (ta, tb, name) in [
            (&a.black_analysis, &b.black_analysis, "black-analysis"),
            (&a.white_analysis, &b.white_analysis, "white-analysis"),
        ] {
            if let (Some(ta), Some(tb)) = (ta, tb) {
                if ta.steps != tb.steps || ta.end != tb.end {
                    out.push(Mismatch {
                        what: format!("engines disagree on the {name}"),
                        expected: ta.end.diagram(g),
                        actual: tb.end.diagram(g),
                    });
                }
                if let (Answer::Decided(ca), Answer::Decided(cb)) = (&ta.control, &tb.control) {
                    if ca != cb {
                        let mark = if name.starts_with("black") { 'B' } else { 'W' };
                        out.push(Mismatch {
                            what: format!("engines disagree on control after the {name}"),
                            expected: control_diagram(g, &a.final_position, &ta.control, mark),
                            actual: control_diagram(g, &b.final_position, &tb.control, mark),
                        });
                    }
                }
            }
        }
        for (slot, name) in [(0, "black-analysis"), (1, "white-analysis")] {
            if let (Some(Answer::Decided(ca)), Some(Answer::Decided(cb))) =
                (&a.optimal[slot], &b.optimal[slot])
            {
                if (ca.at_least, ca.at_most) != (cb.at_least, cb.at_most) {
                    out.push(Mismatch {
                        what: format!("engines disagree on the optimal {name} value"),
                        expected: ca.verdict(),
                        actual: cb.verdict(),
                    });
                }
            }
        }
        let decided = |n: &NajTrace| (n.black_score, n.white_score, n.score, n.result.clone());
        if a.black_score.is_some() && b.black_score.is_some() && decided(a) != decided(b) {
            out.push(Mismatch {
                what: "engines disagree on the NAJ score".into(),
                expected: format!("{:?}", decided(a)),
                actual: format!("{:?}", decided(b)),
            });
        }
    }
    if reference.score != other.score || reference.game_over != other.game_over {
        out.push(Mismatch {
            what: "engines disagree on the end".into(),
            expected: format!("{:?}, over {}", reference.score, reference.game_over),
            actual: format!("{:?}, over {}", other.score, other.game_over),
        });
    }
    out
}

/// Whether `engine` can run `check`, or why not (then the check is ignored on it).
pub fn applicability(engine: &dyn Engine, check: &Check) -> Result<(), String> {
    let rules = check
        .rules
        .as_ref()
        .ok_or_else(|| format!("ruleset {} is not implemented yet", check.ruleset))?;
    engine
        .start(&check.geometry, rules, &check.start)
        .map_err(|u| u.to_string())?;
    let needs_immortal = check.black_analysis.is_some()
        || check.white_analysis.is_some()
        || check.expect.immortal_black.is_some()
        || check.expect.immortal_white.is_some();
    let needs_solver = check.expect.optimal_scores.iter().any(Option::is_some);
    if let (true, Some(limit)) = (needs_solver, engine.immortal_empty_limit()) {
        // Any position of an analysis may be tested, up to an empty board.
        if check.geometry.len() > limit {
            return Err(format!(
                "{}'s immortality test is an exhaustive search limited to positions with at most {limit} empty points; the optimal-analysis solver may test any position of this {}-point board",
                engine.name(),
                check.geometry.len()
            ));
        }
    }
    if let (true, Some(limit)) = (needs_immortal, engine.immortal_empty_limit()) {
        // The positions whose immortality the check asks about, found by replaying the
        // moves without the immortality tests.
        let mut tested = Vec::new();
        if let Ok(Ok(t)) = replay_with(engine, check, false) {
            if check.expect.immortal_black.is_some() || check.expect.immortal_white.is_some() {
                tested.push(t.position.clone());
            }
            if let Some(n) = &t.naj {
                for a in [&n.black_analysis, &n.white_analysis].into_iter().flatten() {
                    tested.push(a.end.clone());
                }
            }
        }
        if let Some(empty) = tested.iter().map(|p| p.count(Cell::Empty)).max() {
            if empty > limit {
                return Err(format!(
                    "{}'s immortality test is an exhaustive search limited to positions with at most {limit} empty points; this check needs one with {empty}",
                    engine.name()
                ));
            }
        }
    }
    Ok(())
}

/// The outcome of one check on one engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Passed,
    Failed(Failure),
    Ignored(String),
}

/// A failed check: what went wrong, for humans.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The mismatches; `engine` says against what (`expected` or the reference).
    pub mismatches: Vec<(String, Mismatch)>,
    pub problem: Option<String>,
}

/// Run `check` on `engine`; when `reference` is given (and differs), also compare the two
/// engines' replays.
pub fn run_check(check: &Check, engine: &dyn Engine, reference: Option<&dyn Engine>) -> Status {
    if let Err(why) = applicability(engine, check) {
        return Status::Ignored(why);
    }
    let reference_trace = match reference {
        Some(r) if r.name() != engine.name() && applicability(r, check).is_ok() => {
            match replay(r, check) {
                Ok(Ok(t)) if !is_undetermined(&t) => Some((r.name(), t)),
                _ => None,
            }
        }
        _ => None,
    };
    let trace = replay(engine, check);
    if let Ok(Ok(t)) = &trace {
        if let Some(why) = undetermined_reason(check, &engine.name(), t) {
            return Status::Ignored(why);
        }
    }
    judge(
        check,
        &engine.name(),
        trace,
        reference_trace.as_ref().map(|(n, t)| (n.as_str(), t)),
    )
}

/// Why a replay is undetermined (a search ran out of budget), if it is.
pub fn undetermined_reason(check: &Check, engine: &str, t: &Trace) -> Option<String> {
    if !is_undetermined(t) {
        return None;
    }
    let solver: Vec<String> = t
        .naj
        .iter()
        .flat_map(|n| n.optimal.iter().zip(["black", "white"]))
        .filter_map(|(a, colour)| match a {
            Some(Answer::Undetermined { explored }) => Some(format!(
                "the optimal {colour}-analysis value is undetermined within the solver budget of {} states ({explored} visited)",
                check.solver_budget
            )),
            _ => None,
        })
        .collect();
    if let Some(j) = &t.j2003 {
        return Some(format!(
            "{engine}: a J2003 status{} is undetermined within the budget of {} states per check",
            if j.pass_undetermined {
                " needed to judge an ending pass (J-19)"
            } else {
                ""
            },
            check.solver_budget
        ));
    }
    Some(if solver.is_empty() {
        format!(
            "{engine}'s immortality test is undetermined within the budget of {} positions",
            check.budget
        )
    } else {
        format!("{engine}: {}", solver.join("; "))
    })
}

/// Whether a replay left an immortality question undetermined within its budget.
pub fn is_undetermined(t: &Trace) -> bool {
    let undetermined = |a: &Answer<Vec<bool>>| matches!(a, Answer::Undetermined { .. });
    t.j2003.as_ref().is_some_and(|j| {
        j.pass_undetermined || j.analysis.as_ref().is_some_and(|a| !a.is_decided())
    }) || t.immortal.iter().flatten().any(undetermined)
        || t.naj.as_ref().is_some_and(|n| {
            [&n.black_analysis, &n.white_analysis]
                .into_iter()
                .flatten()
                .any(|a| undetermined(&a.control))
                || n.optimal
                    .iter()
                    .flatten()
                    .any(|a| matches!(a, Answer::Undetermined { .. }))
        })
}

/// The status of a replay of `check` by `engine_name`: its expectations, and agreement with
/// a reference replay when one is given.
pub fn judge(
    check: &Check,
    engine_name: &str,
    trace: Result<Result<Trace, CaseProblem>, String>,
    reference: Option<(&str, &Trace)>,
) -> Status {
    let trace = match trace {
        Err(why) => return Status::Ignored(why),
        Ok(Err(p)) => {
            return Status::Failed(Failure {
                mismatches: vec![],
                problem: Some(p.message),
            })
        }
        Ok(Ok(t)) => t,
    };
    let mut mismatches: Vec<(String, Mismatch)> = compare_expect(check, &trace)
        .into_iter()
        .map(|m| ("expected".to_string(), m))
        .collect();
    if let Some((name, rt)) = reference {
        if name != engine_name {
            mismatches.extend(
                compare_traces(check, rt, &trace)
                    .into_iter()
                    .map(|m| (name.to_string(), m)),
            );
        }
    }
    if mismatches.is_empty() {
        Status::Passed
    } else {
        Status::Failed(Failure {
            mismatches,
            problem: None,
        })
    }
}

/// Put two texts side by side under two headings.
pub fn side_by_side(left_title: &str, left: &str, right_title: &str, right: &str) -> String {
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let width = l
        .iter()
        .map(|s| s.chars().count())
        .chain(std::iter::once(left_title.chars().count()))
        .max()
        .unwrap_or(0);
    let mut out = format!("    {left_title:width$}   | {right_title}\n");
    for i in 0..l.len().max(r.len()) {
        let a = l.get(i).copied().unwrap_or("");
        let b = r.get(i).copied().unwrap_or("");
        let mark = if a == b { ' ' } else { '!' };
        out.push_str(&format!("  {mark} {a:width$}   | {b}\n"));
    }
    out
}

/// A failure as text: each mismatch with its two sides.
pub fn format_failure(engine: &str, f: &Failure) -> String {
    let mut out = String::new();
    if let Some(p) = &f.problem {
        out.push_str(&format!("case problem: {p}\n"));
    }
    for (against, m) in &f.mismatches {
        out.push_str(&format!("{}:\n", m.what));
        let left = if against == "expected" {
            "expected".to_string()
        } else {
            against.clone()
        };
        out.push_str(&side_by_side(&left, &m.expected, engine, &m.actual));
    }
    out
}

/// The command that reruns one check.
pub fn rerun_command(test_name: &str, path: &str, check: &str) -> String {
    format!(
        "cargo test --test corpus -- --exact '{test_name}'\n  or: cargo run -- explain {path} --check {check}"
    )
}

/// All case files under the given paths (files or directories), sorted.
pub fn case_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InputError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            collect(p, &mut out).map_err(|e| {
                InputError::new(format!("cannot read directory: {e}"))
                    .in_file(p.display().to_string())
            })?;
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(
                InputError::new("no such file or directory").in_file(p.display().to_string())
            );
        }
    }
    out.sort();
    Ok(out)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            collect(&p, out)?;
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            out.push(p);
        }
    }
    Ok(())
}

/// Load every case under the paths; the first bad file is an error.
pub fn load_all(paths: &[PathBuf]) -> Result<Vec<Case>, InputError> {
    case_files(paths)?.iter().map(|p| load_case(p)).collect()
}

/// The test name of a check: `<file>::<check>::<engine>`, `<file>` being the path under
/// `oracle-cases/` without `.yaml`.
pub fn test_name(case: &Case, check: &Check, engine: &str) -> String {
    let p = case.path.replace('\\', "/");
    let p = p.split("oracle-cases/").last().unwrap_or(&p);
    let p = p.trim_end_matches(".yaml").trim_end_matches(".yml");
    format!("{p}::{}::{engine}", check.name)
}
