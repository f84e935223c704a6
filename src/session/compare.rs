//! One position under several rulesets, side by side: what each ruleset says of a next
//! move, of every string and of the score, each answer with its verdict (agreed, disagreed,
//! undetermined: [`Verdict`]), and why a ruleset cannot answer where it cannot.
//!
//! Everything is asked through the door: the legality of the next move and the area score
//! through a [`Session`] of the ruleset, the statuses and the scores of the families that
//! analyse through [`super::ask`] (J2003 statuses and score J-52, J-64; the VJR assessment
//! and score V-19 ... V-27; NAJ immortal stones N-17 and the analyses under optimal play
//! N-15 ... N-21; LJR control by the two-eye test L-14 and the score L-5). The verdicts of
//! `ask` are taken as they are; where the ruleset's answer per string is read from an
//! answer per point (NAJ immortality, LJR control), each engine's reading is compared once
//! here, by [`Verdict::of`].
//!
//! What each ruleset answers:
//! * `tromp-taylor`, `tromp-logical`: the next move, the area score (PLAY-12, TT-7); no
//!   statuses (every stone on the board counts for its colour).
//! * `j2003`: the next move (J-19 for a pass), the statuses (J-52), the score (J-64).
//! * `vjr`: the next move, the statuses (V-19 ... V-22), the score (V-27).
//! * `naj`, `najn`: the next move, each string's immortality (N-17), the score of the
//!   analyses under optimal play (black-analysis value minus white-analysis value, N-21),
//!   within the budget like every search.
//! * `ljr`: the next move (its turn, L-6 ... L-11), each location's control by the two-eye
//!   test (L-14) and each string read from it (a stone on a location its opponent controls
//!   is dead, L-5), the score (L-5; its komi a non-negative integer, L-2).
//! * `custom`: nothing (it has no rules of its own): each part says so.

use super::ask::{j2003, ljr, naj, vjr, Answered};
use super::verdict::{Shortfall, Verdict, VerdictKind};
use super::{Action, Config, Session};
use crate::engine::{Answer, Engine, Illegal, Move, Spent, Start, Unsupported};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::ljr::LjrParams;
use crate::rules::{Prisoners, RulesetId};
use crate::vjr::{IndependentLife, LongCycles};
use std::sync::Arc;
use std::time::Instant;

/// The rulesets that judge positions: the default list of `compare`.
pub const JUDGING: [RulesetId; 5] = [
    RulesetId::TrompTaylor,
    RulesetId::Naj,
    RulesetId::J2003,
    RulesetId::Vjr,
    RulesetId::Ljr,
];

/// The position, the rulesets and what the questions need.
#[derive(Clone, Debug)]
pub struct Question {
    pub rulesets: Vec<RulesetId>,
    pub geometry: Geometry,
    pub position: Position,
    /// A next move whose legality each ruleset judges (a play or a pass).
    pub next: Option<(Colour, Move)>,
    pub komi: f64,
    /// Black's prisoners minus White's (J-64, V-27, the NAJ score; LJR's captives).
    pub prisoner_difference: i64,
    /// Nodes, states or positions each search question may visit.
    pub budget: u64,
    /// VJR: the description of independent life (VP-1) and the long cycles V-17 judges
    /// (VP-2).
    pub independent_life: IndependentLife,
    pub long_cycles: LongCycles,
    /// LJR: the parameters (LP-1, LP-2) and the permanently prohibited locations (L-9.4).
    pub ljr_params: LjrParams,
    pub ljr_prohibited: Vec<Point>,
}

/// A part of a ruleset's answer, or why the ruleset cannot give it.
#[derive(Clone, Debug, PartialEq)]
pub enum Part<T> {
    Answer(T),
    Why(String),
}

impl<T> Part<T> {
    pub fn answer(&self) -> Option<&T> {
        match self {
            Part::Answer(t) => Some(t),
            Part::Why(_) => None,
        }
    }
}

/// The legality of the next move: `None` legal, else the reason.
#[derive(Clone, Debug, PartialEq)]
pub struct NextMove {
    pub colour: Colour,
    pub mv: Move,
    pub legal: Verdict<Option<Illegal>>,
}

/// One string of the position and what the ruleset says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct StringItem {
    pub colour: Colour,
    /// Its points in board order.
    pub points: Vec<Point>,
    /// The ruleset's word: J2003 `uncapturable`, `capturable-1`, `capturable-2`, `dead`;
    /// VJR `independently-alive`, `alive-in-seki`, `dead`, `undefined`; NAJ `immortal`,
    /// `not-immortal`; LJR `alive` (its opponent controls none of its locations), `dead`
    /// (all of them), `partly-controlled`.
    pub status: Verdict<&'static str>,
}

/// What a ruleset says of the strings.
#[derive(Clone, Debug, PartialEq)]
pub struct Strings {
    /// The question in the rules' words (e.g. "J2003 status (J-52)").
    pub question: &'static str,
    pub items: Vec<StringItem>,
    /// LJR: per location in board order, whether Black and White control it (L-14).
    pub control: Option<Vec<Verdict<[bool; 2]>>>,
}

/// The ruleset's score: Black minus White minus komi, or why the rules give none here.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreItem {
    /// Which score, in the rules' words (e.g. "area score (PLAY-12, TT-7)").
    pub question: &'static str,
    pub value: Verdict<Result<f64, String>>,
}

/// What one ruleset says.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesetAnswer {
    pub ruleset: RulesetId,
    /// `None` when no next move was asked.
    pub next: Option<Part<NextMove>>,
    pub strings: Part<Strings>,
    pub score: Part<ScoreItem>,
    /// Over the answers given (a part it cannot give counts for nothing).
    pub verdict: VerdictKind,
    pub seconds: f64,
}

/// Every ruleset's answer, in the question's order, and the overall verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub rulesets: Vec<RulesetAnswer>,
    pub verdict: VerdictKind,
}

/// What each ruleset of `q.rulesets` says of the position, asked of `engines` (the
/// reference first). Under a time limit (`crate::deadline`) the rulesets share it in turn.
pub fn compare(engines: &[Arc<dyn Engine>], q: &Question) -> Comparison {
    let n = q.rulesets.len();
    let rulesets: Vec<RulesetAnswer> = q
        .rulesets
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            crate::deadline::share(n - i, || {
                crate::progress::part(r.as_str(), || one(engines, q, r))
            })
        })
        .collect();
    let verdict = VerdictKind::overall(rulesets.iter().map(|r| r.verdict));
    Comparison { rulesets, verdict }
}

/// What `ruleset` says.
fn one(engines: &[Arc<dyn Engine>], q: &Question, ruleset: RulesetId) -> RulesetAnswer {
    let started = Instant::now();
    let next = q
        .next
        .map(|(colour, mv)| next_move(engines, q, ruleset, colour, mv));
    let (strings, score) = match ruleset {
        RulesetId::TrompTaylor | RulesetId::TrompLogical => (
            Part::Why(format!(
                "not a question of {ruleset}: every stone on the board counts for its colour (area scoring, PLAY-12)"
            )),
            area_score(engines, q, ruleset),
        ),
        RulesetId::J2003 => j2003_answer(engines, q),
        RulesetId::Vjr => vjr_answer(engines, q),
        RulesetId::Naj | RulesetId::Najn => (naj_strings(engines, q), naj_score(engines, q)),
        RulesetId::Ljr => ljr_answer(engines, q),
        RulesetId::Custom => {
            let why = || {
                "custom has no rules of its own (a case file's `rules` gives them)".to_string()
            };
            (Part::Why(why()), Part::Why(why()))
        }
    };
    let mut kinds: Vec<VerdictKind> = Vec::new();
    if let Some(Part::Answer(m)) = &next {
        kinds.push(m.legal.kind());
    }
    if let Part::Answer(s) = &strings {
        kinds.extend(s.items.iter().map(|i| i.status.kind()));
        kinds.extend(s.control.iter().flatten().map(Verdict::kind));
    }
    if let Part::Answer(s) = &score {
        kinds.push(s.value.kind());
    }
    RulesetAnswer {
        ruleset,
        next,
        strings,
        score,
        verdict: VerdictKind::overall(kinds),
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// A session of `ruleset` on the position with `to_move` to move.
fn session(
    engines: &[Arc<dyn Engine>],
    q: &Question,
    ruleset: RulesetId,
    to_move: Colour,
) -> Result<Session, String> {
    let mut s = Session::new(
        Config {
            ruleset,
            patch: Default::default(),
            komi: q.komi,
            budget: q.budget,
            independent_life: q.independent_life,
            engines: engines.to_vec(),
        },
        q.geometry.clone(),
    )?;
    let start = Start {
        position: q.position.clone(),
        to_move,
        handicap: 0,
        prisoners: prisoners_of(q.prisoner_difference),
    };
    s.restart(q.geometry.clone(), start, Vec::new())?;
    Ok(s)
}

/// Prisoners whose difference is `d` (the smaller count 0).
fn prisoners_of(d: i64) -> Prisoners {
    let count = |x: i64| u32::try_from(x.max(0)).unwrap_or(u32::MAX);
    Prisoners {
        black: count(d),
        white: count(-d),
    }
}

fn next_move(
    engines: &[Arc<dyn Engine>],
    q: &Question,
    ruleset: RulesetId,
    colour: Colour,
    mv: Move,
) -> Part<NextMove> {
    let asked =
        session(engines, q, ruleset, colour).and_then(|s| s.legality(colour, Action::from(mv)));
    match asked {
        Ok(legal) => Part::Answer(NextMove { colour, mv, legal }),
        Err(e) => Part::Why(e),
    }
}

fn area_score(engines: &[Arc<dyn Engine>], q: &Question, ruleset: RulesetId) -> Part<ScoreItem> {
    let asked = session(engines, q, ruleset, Colour::Black).and_then(|s| s.area_score());
    match asked {
        Ok(v) => Part::Answer(ScoreItem {
            question: "area score (PLAY-12)",
            value: v.map(|s| {
                s.map(|s| s.score)
                    .ok_or_else(|| "no area scoring".to_string())
            }),
        }),
        Err(e) => Part::Why(e),
    }
}

fn unsupported<T>(u: Unsupported) -> Part<T> {
    Part::Why(u.to_string())
}

fn j2003_answer(engines: &[Arc<dyn Engine>], q: &Question) -> (Part<Strings>, Part<ScoreItem>) {
    let question = j2003::StatusQuestion {
        budget: q.budget,
        prisoner_difference: q.prisoner_difference,
        komi: q.komi,
    };
    let a = match j2003::statuses(engines, &q.geometry, &q.position, question) {
        Ok(a) => a,
        Err(u) => return (unsupported(u.clone()), unsupported(u)),
    };
    let items = string_items(
        &q.position,
        a.string_points(),
        a.strings.iter().map(|s| s.status.clone().map(|s| s.name())),
    );
    (
        Part::Answer(Strings {
            question: "J2003 status (J-52)",
            items,
            control: None,
        }),
        Part::Answer(ScoreItem {
            question: "J2003 score (J-64)",
            value: a.score.map(Ok),
        }),
    )
}

fn vjr_answer(engines: &[Arc<dyn Engine>], q: &Question) -> (Part<Strings>, Part<ScoreItem>) {
    let question = vjr::AssessmentQuestion {
        life: q.independent_life,
        long_cycles: q.long_cycles,
        budget: q.budget,
        prisoner_difference: q.prisoner_difference,
        komi: q.komi,
    };
    let a = match vjr::assessment(engines, &q.geometry, &q.position, question) {
        Ok(a) => a,
        Err(u) => return (unsupported(u.clone()), unsupported(u)),
    };
    let items = string_items(
        &q.position,
        a.string_points(),
        a.strings.iter().map(|s| s.status.clone().map(|s| s.name())),
    );
    (
        Part::Answer(Strings {
            question: "VJR status (V-19 ... V-22)",
            items,
            control: None,
        }),
        Part::Answer(ScoreItem {
            question: "VJR score (V-27)",
            value: a.score.map(|s| {
                s.ok_or_else(|| "a status is undefined (the rules do not decide it, V-22)".into())
            }),
        }),
    )
}

/// NAJ N-17: each string immortal or not.
fn naj_strings(engines: &[Arc<dyn Engine>], q: &Question) -> Part<Strings> {
    let a = match naj::immortal(engines, &q.geometry, &q.position, q.budget) {
        Ok(a) => a,
        Err(u) => return unsupported(u),
    };
    let items = strings_of(&q.geometry, &q.position)
        .into_iter()
        .map(|(colour, points)| {
            let k = usize::from(colour == Colour::White);
            let said = a.engines.iter().map(|e| {
                let said = match &e.answer[k] {
                    Answer::Decided(v) => Answer::Decided(if points.iter().all(|&p| v[p]) {
                        "immortal"
                    } else {
                        "not-immortal"
                    }),
                    Answer::Undetermined(Spent { explored }) => {
                        Answer::Undetermined(shortfall(e, q.budget, *explored, || {
                            format!("the immortal {} stones (N-17)", colour.name())
                        }))
                    }
                };
                (e.engine.clone(), said)
            });
            let status = Verdict::of(said.collect());
            StringItem {
                colour,
                points,
                status,
            }
        })
        .collect();
    Part::Answer(Strings {
        question: "NAJ immortality (N-17)",
        items,
        control: None,
    })
}

/// NAJ: the score of the analyses under optimal play (N-15 ... N-21).
fn naj_score(engines: &[Arc<dyn Engine>], q: &Question) -> Part<ScoreItem> {
    let question = naj::AnalysisQuestion {
        colours: vec![Colour::Black, Colour::White],
        budget: naj::Budget {
            nodes: q.budget,
            immortal: q.budget,
        },
        switches: Default::default(),
        prisoner_difference: q.prisoner_difference,
        komi: q.komi,
    };
    let a = match naj::analyses(engines, &q.geometry, &q.position, &question) {
        Ok(a) => a,
        Err(u) => return unsupported(u),
    };
    let said = a.engines.iter().map(|e| {
        let mut value = [0i64; 2];
        for (k, run) in e.answer.iter().enumerate() {
            match &run.answer {
                Answer::Decided(s) => value[k] = s.value,
                Answer::Undetermined(Spent { explored }) => {
                    let s = shortfall(e, q.budget, *explored, || {
                        format!("the optimal NAJ {}-analysis (N-15, N-16)", run.colour)
                    });
                    return (e.engine.clone(), Answer::Undetermined(s));
                }
            }
        }
        let score = (value[0] - value[1] + q.prisoner_difference) as f64 - q.komi;
        (e.engine.clone(), Answer::Decided(Ok(score)))
    });
    Part::Answer(ScoreItem {
        question: "NAJ score under optimal play (N-21)",
        value: Verdict::of(said.collect()),
    })
}

fn ljr_answer(engines: &[Arc<dyn Engine>], q: &Question) -> (Part<Strings>, Part<ScoreItem>) {
    let komi = (q.komi.fract() == 0.0 && q.komi >= 0.0).then_some(q.komi as i64);
    let question = ljr::ControlQuestion {
        permanently_prohibited: q.ljr_prohibited.clone(),
        captives: prisoners_of(q.prisoner_difference),
        komi: komi.unwrap_or(0),
        params: q.ljr_params,
        budget: q.budget,
    };
    let a = match ljr::control(engines, &q.geometry, &q.position, &question) {
        Ok(a) => a,
        Err(u) => return (unsupported(u.clone()), unsupported(u)),
    };
    let control: Vec<Verdict<[bool; 2]>> = q
        .geometry
        .points()
        .map(|p| {
            Verdict::of(
                a.engines
                    .iter()
                    .map(|e| {
                        (
                            e.engine.clone(),
                            ljr_control_at(e, q.budget, &q.geometry, &[p]),
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    let items = strings_of(&q.geometry, &q.position)
        .into_iter()
        .map(|(colour, points)| {
            let k = usize::from(colour == Colour::Black);
            let said = a.engines.iter().map(|e| {
                let said = match ljr_control_at(e, q.budget, &q.geometry, &points) {
                    Answer::Decided(_) => {
                        let by = &e.answer.two_eye[k].controlled;
                        let n = points.iter().filter(|&&p| by[p] == Some(true)).count();
                        Answer::Decided(match n {
                            0 => "alive",
                            n if n == points.len() => "dead",
                            _ => "partly-controlled",
                        })
                    }
                    Answer::Undetermined(u) => Answer::Undetermined(u),
                };
                (e.engine.clone(), said)
            });
            let status = Verdict::of(said.collect());
            StringItem {
                colour,
                points,
                status,
            }
        })
        .collect();
    let score = match komi {
        None => Part::Why(format!(
            "LJR's komi is a non-negative integer (L-2); the komi given is {}",
            q.komi
        )),
        Some(_) => {
            let said = a.engines.iter().map(|e| {
                let said = match &e.answer.score {
                    Some(s) => Answer::Decided(Ok(s.score as f64)),
                    None => Answer::Undetermined(shortfall(
                        e,
                        q.budget,
                        e.answer.two_eye.iter().map(|m| m.explored).sum(),
                        || "LJR control by the two-eye test (L-14)".to_string(),
                    )),
                };
                (e.engine.clone(), said)
            });
            Part::Answer(ScoreItem {
                question: "LJR score (L-5)",
                value: Verdict::of(said.collect()),
            })
        }
    };
    (
        Part::Answer(Strings {
            question: "LJR control by the two-eye test (L-14)",
            items,
            control: Some(control),
        }),
        score,
    )
}

/// What engine `e` said of Black's and White's control (L-14) of `points` (each decided, or
/// undetermined): the control of the first point.
fn ljr_control_at(
    e: &Answered<ljr::EngineControl>,
    budget: u64,
    geometry: &Geometry,
    points: &[Point],
) -> Answer<[bool; 2], Shortfall> {
    let maps = &e.answer.two_eye;
    let open = points
        .iter()
        .find(|&&p| maps.iter().any(|m| m.controlled[p].is_none()));
    if let Some(&p) = open {
        return Answer::Undetermined(shortfall(
            e,
            budget,
            maps.iter().map(|m| m.explored).sum(),
            || format!("the control of {} (L-14)", geometry.name(p)),
        ));
    }
    match points.first() {
        Some(&p) => Answer::Decided([
            maps[0].controlled[p] == Some(true),
            maps[1].controlled[p] == Some(true),
        ]),
        None => Answer::Decided([false, false]),
    }
}

fn shortfall<A>(
    e: &Answered<A>,
    budget: u64,
    explored: u64,
    question: impl FnOnce() -> String,
) -> Shortfall {
    Shortfall {
        engine: e.engine.clone(),
        budget,
        explored,
        question: question(),
        time_limit_passed: e.time_limit_passed,
    }
}

/// The colour of the stones on `points` (Black when empty: never for a string).
/// Each string's points with its status word, as a ruleset's assessment gives them.
fn string_items(
    position: &Position,
    points: Vec<Vec<Point>>,
    statuses: impl Iterator<Item = Verdict<&'static str>>,
) -> Vec<StringItem> {
    points
        .into_iter()
        .zip(statuses)
        .map(|(points, status)| StringItem {
            colour: colour_at(position, &points),
            points,
            status,
        })
        .collect()
}

fn colour_at(position: &Position, points: &[Point]) -> Colour {
    match points.first().map(|&p| position.get(p)) {
        Some(Cell::Stone(c)) => c,
        _ => Colour::Black,
    }
}

/// The strings of `position`, each its colour and points in board order, ordered by their
/// first point.
pub fn strings_of(geometry: &Geometry, position: &Position) -> Vec<(Colour, Vec<Point>)> {
    let mut seen = vec![false; geometry.len()];
    let mut out = Vec::new();
    for start in geometry.points() {
        let Cell::Stone(colour) = position.get(start) else {
            continue;
        };
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut points = Vec::new();
        while let Some(p) = stack.pop() {
            points.push(p);
            for &n in geometry.neighbours(p) {
                if !seen[n] && position.get(n) == Cell::Stone(colour) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        points.sort_unstable();
        out.push((colour, points));
    }
    out
}

/// Where a record's moves left the game: the position, the prisoners, and how many moves
/// were played.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub position: Position,
    pub prisoners: Prisoners,
    pub moves: usize,
}

/// The position after `moves` (each by its colour; a move out of turn starts a new
/// move-sequence, as the session's module comment says) from `start`, played through a
/// session of `ruleset`: an SGF record's final position. A move the engines find illegal,
/// disagree on or cannot decide is an error naming it (1-based).
pub fn played(
    engines: &[Arc<dyn Engine>],
    ruleset: RulesetId,
    geometry: &Geometry,
    start: Start,
    moves: &[(Colour, Move)],
    budget: u64,
) -> Result<Played, String> {
    let mut s = Session::new(
        Config {
            ruleset,
            patch: Default::default(),
            komi: 0.0,
            budget,
            independent_life: Default::default(),
            engines: engines.to_vec(),
        },
        geometry.clone(),
    )?;
    s.restart(geometry.clone(), start, Vec::new())?;
    for (k, &(colour, mv)) in moves.iter().enumerate() {
        let name = || {
            let at = match mv {
                Move::Play(p) => geometry.name(p).to_string(),
                Move::Pass => "pass".into(),
                Move::KoPass => "ko-pass".into(),
            };
            format!("move {} ({} {at})", k + 1, colour.letter())
        };
        match s.play(colour, Action::from(mv))?.verdict {
            Verdict::Agreed(Ok(_)) => {}
            Verdict::Agreed(Err(r)) => {
                return Err(format!("{} is illegal under {ruleset} ({r})", name()))
            }
            v => return Err(format!("{} under {ruleset}: {}", name(), v.describe())),
        }
    }
    Ok(Played {
        position: s.position(),
        prisoners: s.prisoners(),
        moves: moves.len(),
    })
}
