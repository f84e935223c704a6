//! The door of the questions about a given position (`session::ask`), per ruleset family:
//! both engines agree on a small position; an engine that runs out of budget makes the
//! answer undetermined (naming it), never disagreed; an engine that answers differently (a
//! fake that delegates to the optimized engine and flips one answer) makes it disagreed.

use go_oracle::engine::{
    Answer, Cycle, Engine, Game, Illegal, J2003Questions, LjrEngine, Move, NajQuestions, Played,
    Prisoners, Score, Start, Unsupported, VjrQuestions,
};
use go_oracle::geometry::{Cell, Colour, Geometry, Point, Position};
use go_oracle::ljr::{ControlAnswer, ControlQuery};
use go_oracle::optimized::Optimized;
use go_oracle::parse::diagram::{parse_position, parse_size};
use go_oracle::reference::Reference;
use go_oracle::rules::{Rules, RulesetId};
use go_oracle::session::ask::{j2003, ljr, naj, solve, vjr};
use go_oracle::session::{Verdict, VerdictKind};
use go_oracle::status_game::{Status, StatusCheck};
use go_oracle::vjr::{Outcome, VjrQuestion, VjrStatus};
use std::sync::Arc;

/// Which answer the fake engine flips; every other answer is the optimized engine's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flip {
    /// Every J2003 status check (G-1): can force <-> cannot.
    J2003,
    /// Every VJR question: yes <-> no.
    Vjr,
    /// The first point of every immortality answer (N-17).
    Immortal,
    /// Every point of every NAJ control answer (N-18, N-19).
    Control,
    /// The first location of every LJR control answer.
    Ljr,
    /// Every area score: one more point for Black.
    Score,
    /// The count of legal positions, plus one.
    Count,
}

/// The optimized engine with one answer flipped (also the liar of `render`'s tests).
pub(crate) struct Flipped(pub(crate) Flip);

fn optimized() -> Optimized {
    Optimized::default()
}

impl Engine for Flipped {
    fn name(&self) -> String {
        format!("flipped-{:?}", self.0).to_lowercase()
    }

    fn to_shared(&self) -> Arc<dyn Engine> {
        Arc::new(Flipped(self.0))
    }

    fn start(
        &self,
        geometry: &Geometry,
        rules: &Rules,
        start: &Start,
    ) -> Result<Box<dyn Game>, Unsupported> {
        let game = optimized().start(geometry, rules, start)?;
        Ok(if self.0 == Flip::Score {
            Box::new(OnePointMore(game))
        } else {
            game
        })
    }

    fn legal_positions(&self, geometry: &Geometry) -> Result<u64, Unsupported> {
        let n = optimized().legal_positions(geometry)?;
        Ok(if self.0 == Flip::Count { n + 1 } else { n })
    }
    fn naj(&self) -> Result<&dyn go_oracle::engine::NajQuestions, Unsupported> {
        Ok(self)
    }
    fn j2003(&self) -> Result<&dyn go_oracle::engine::J2003Questions, Unsupported> {
        Ok(self)
    }
    fn vjr(&self) -> Result<&dyn go_oracle::engine::VjrQuestions, Unsupported> {
        Ok(self)
    }
    fn ljr(&self) -> Result<&dyn go_oracle::engine::LjrEngine, Unsupported> {
        Ok(self)
    }
}

impl go_oracle::engine::NajQuestions for Flipped {
    fn immortal_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported> {
        let (answer, work) =
            NajQuestions::immortal_work(&optimized(), geometry, position, player, budget)?;
        Ok((self.flip_points(Flip::Immortal, answer, 1), work))
    }

    fn control_work(
        &self,
        geometry: &Geometry,
        position: &Position,
        player: Colour,
        budget: u64,
    ) -> Result<(Answer<Vec<bool>>, u64), Unsupported> {
        let (answer, work) =
            NajQuestions::control_work(&optimized(), geometry, position, player, budget)?;
        Ok((self.flip_points(Flip::Control, answer, usize::MAX), work))
    }
}

impl go_oracle::engine::J2003Questions for Flipped {
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &StatusCheck,
        budget: u64,
    ) -> Result<Answer<(bool, u64)>, Unsupported> {
        Ok(
            match J2003Questions::force(&optimized(), geometry, position, check, budget)? {
                Answer::Decided((forced, n)) if self.0 == Flip::J2003 => {
                    Answer::Decided((!forced, n))
                }
                a => a,
            },
        )
    }

    fn board_score(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<Status>],
    ) -> Result<i64, Unsupported> {
        J2003Questions::board_score(&optimized(), geometry, position, status)
    }
}

impl go_oracle::engine::VjrQuestions for Flipped {
    fn force(
        &self,
        geometry: &Geometry,
        position: &Position,
        check: &VjrQuestion,
        budget: u64,
    ) -> Result<Answer<(Outcome, u64)>, Unsupported> {
        Ok(
            match VjrQuestions::force(&optimized(), geometry, position, check, budget)? {
                Answer::Decided((o, n)) if self.0 == Flip::Vjr => Answer::Decided((
                    match o {
                        Outcome::Yes => Outcome::No,
                        Outcome::No => Outcome::Yes,
                        Outcome::Undefined => Outcome::Undefined,
                    },
                    n,
                )),
                a => a,
            },
        )
    }

    fn territory(
        &self,
        geometry: &Geometry,
        position: &Position,
        status: &[Option<VjrStatus>],
    ) -> Result<go_oracle::vjr::VjrTerritory, Unsupported> {
        VjrQuestions::territory(&optimized(), geometry, position, status)
    }
}

impl go_oracle::engine::LjrEngine for Flipped {
    fn start_turns(
        &self,
        geometry: &Geometry,
        start: &go_oracle::ljr::LjrStart,
    ) -> Result<Box<dyn go_oracle::ljr::LjrGame>, Unsupported> {
        let _ = (geometry, start);
        Err(self.unsupported("LJR games"))
    }
    fn control(
        &self,
        geometry: &Geometry,
        query: &ControlQuery,
    ) -> Result<ControlAnswer, Unsupported> {
        let mut answer = LjrEngine::control(&optimized(), geometry, query)?;
        if self.0 == Flip::Ljr {
            if let Some(first) = answer.controlled.first_mut() {
                *first = first.map(|c| !c);
            }
        }
        Ok(answer)
    }
}

impl Flipped {
    /// `answer` with its first `n` points flipped when this fake flips `which`.
    fn flip_points(&self, which: Flip, answer: Answer<Vec<bool>>, n: usize) -> Answer<Vec<bool>> {
        match answer {
            Answer::Decided(mut v) if self.0 == which => {
                for x in v.iter_mut().take(n) {
                    *x = !*x;
                }
                Answer::Decided(v)
            }
            a => a,
        }
    }
}

/// A game whose area score gives Black one point more.
struct OnePointMore(Box<dyn Game>);

impl Game for OnePointMore {
    fn position(&self) -> Position {
        self.0.position()
    }
    fn cell(&self, p: Point) -> Cell {
        self.0.cell(p)
    }
    fn to_move(&self) -> Colour {
        self.0.to_move()
    }
    fn prisoners(&self) -> Prisoners {
        self.0.prisoners()
    }
    fn consecutive_passes(&self) -> u32 {
        self.0.consecutive_passes()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    fn cycle(&self) -> Option<Cycle> {
        self.0.cycle()
    }
    fn legality(&self, mv: Move) -> Result<(), Illegal> {
        self.0.legality(mv)
    }
    fn play(&mut self, mv: Move) -> Result<Played, Illegal> {
        self.0.play(mv)
    }
    fn score(&self, komi: f64) -> Option<Score> {
        self.0
            .score(komi)
            .map(|s| Score::new(s.black + 1, s.white, s.komi))
    }
    fn area_owners(&self) -> Option<Vec<[bool; 2]>> {
        // One point more for Black: the first point not counted for him.
        let mut owners = self.0.area_owners()?;
        if let Some(o) = owners.iter_mut().find(|o| !o[0]) {
            o[0] = true;
        }
        Some(owners)
    }
    fn fork(&self) -> Box<dyn Game> {
        Box::new(OnePointMore(self.0.fork()))
    }
}

fn both() -> Vec<Arc<dyn Engine>> {
    vec![Arc::new(Reference), Arc::new(optimized())]
}

fn with_fake(flip: Flip) -> Vec<Arc<dyn Engine>> {
    vec![Arc::new(optimized()), Arc::new(Flipped(flip))]
}

fn position(text: &str) -> (Geometry, Position) {
    parse_position(text).expect("a diagram")
}

/// An undetermined verdict whose shortfalls name exactly `engines`, with `decided` the
/// answer of the engines that decided.
fn assert_undetermined<T: PartialEq + std::fmt::Debug>(
    v: &Verdict<T>,
    engines: &[&str],
    decided: Option<&T>,
) {
    match v {
        Verdict::Undetermined {
            shortfalls,
            decided: d,
            ..
        } => {
            let named: Vec<&str> = shortfalls.iter().map(|s| s.engine.as_str()).collect();
            assert_eq!(named, engines, "{v:?}");
            assert!(shortfalls.iter().all(|s| s.explored > 0 && s.budget > 0));
            assert_eq!(d.as_ref(), decided, "{v:?}");
        }
        other => panic!("expected undetermined, found {other:?}"),
    }
}

const J2003: &str = "# . O O";

#[test]
fn j2003_statuses() {
    let (g, p) = position(J2003);
    let q = |budget| j2003::StatusQuestion {
        budget,
        prisoner_difference: 0,
        komi: 0.0,
    };
    let a = j2003::statuses(&both(), &g, &p, q(1_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Agreed);
    assert_eq!(a.engines.len(), 2);
    assert_eq!(a.strings.len(), 2);
    assert_eq!(a.strings[0].status, Verdict::Agreed(Status::Dead));
    assert_eq!(a.strings[1].status, Verdict::Agreed(Status::Capturable1));
    assert_eq!(a.strings[1].direct_ko_stone, Verdict::Agreed(false));
    assert_eq!(a.score, Verdict::Agreed(-3.0));
    // The reference runs out first: undetermined, naming it, with the optimized answer.
    let a = j2003::statuses(&both(), &g, &p, q(1_600)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Undetermined);
    assert_undetermined(&a.score, &["reference"], Some(&-3.0));
    assert_eq!(a.shown().map(|e| e.engine.as_str()), Some("optimized"));
    // An engine that answers the status checks the other way disagrees.
    let a = j2003::statuses(&with_fake(Flip::J2003), &g, &p, q(1_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Disagreed);
    assert!(a
        .strings
        .iter()
        .any(|s| s.status.kind() == VerdictKind::Disagreed));
}

const VJR: &str = ". O . .\n# # # #\n# . # .";

#[test]
fn vjr_assessment() {
    let (g, p) = position(VJR);
    let q = |budget| vjr::AssessmentQuestion {
        life: Default::default(),
        long_cycles: Default::default(),
        budget,
        prisoner_difference: 0,
        komi: 0.0,
    };
    let a = vjr::assessment(&both(), &g, &p, q(1_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Agreed);
    assert_eq!(a.strings[0].status, Verdict::Agreed(VjrStatus::Dead));
    assert_eq!(
        a.strings[1].status,
        Verdict::Agreed(VjrStatus::IndependentlyAlive)
    );
    assert_eq!(a.score, Verdict::Agreed(Some(7.0)));
    // Within 30 states the optimized engine does not decide the white stone; the reference
    // does: undetermined, naming the optimized engine.
    let a = vjr::assessment(&both(), &g, &p, q(30)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Undetermined);
    assert_undetermined(&a.strings[0].status, &["optimized"], Some(&VjrStatus::Dead));
    assert_undetermined(&a.score, &["optimized"], Some(&Some(7.0)));
    assert_eq!(a.shown().map(|e| e.engine.as_str()), Some("reference"));
    // V-19: an independently alive string is alive whatever the capture question says;
    // that question left undetermined is not an undetermined answer.
    let (g2, p2) = position("# . # .\n# # # #\n. . . .");
    let a = vjr::assessment(&both(), &g2, &p2, q(10)).unwrap();
    assert_eq!(
        a.strings[0].status,
        Verdict::Agreed(VjrStatus::IndependentlyAlive)
    );
    assert_undetermined(
        &a.strings[0].uncapturable,
        &["reference"],
        Some(&Outcome::Yes),
    );
    assert_eq!(a.score, Verdict::Agreed(Some(6.0)));
    assert_eq!(a.verdict, VerdictKind::Agreed);
    let a = vjr::assessment(&with_fake(Flip::Vjr), &g, &p, q(1_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Disagreed);
    assert_eq!(a.strings[0].uncapturable.kind(), VerdictKind::Disagreed);
}

const EYES: &str = ". # . # O .\n# # # # O .\nO O O O O .\n. . . . . .";

#[test]
fn naj_immortal_stones() {
    let (g, p) = position(EYES);
    let a = naj::immortal(&both(), &g, &p, 20_000).unwrap();
    assert_eq!(a.verdict, VerdictKind::Agreed);
    let black = a.colours[0].agreed().expect("agreed").clone();
    assert_eq!(black.iter().filter(|&&x| x).count(), 6);
    assert_eq!(a.colours[1], Verdict::Agreed(vec![false; 24]));
    // Three positions are too few for the reference's search on White's stones; Benson's
    // algorithm (optimized) is no search.
    let a = naj::immortal(&both(), &g, &p, 3).unwrap();
    assert_eq!(a.verdict, VerdictKind::Undetermined);
    assert_eq!(a.colours[0], Verdict::Agreed(black));
    assert_undetermined(&a.colours[1], &["reference"], Some(&vec![false; 24]));
    let a = naj::immortal(&with_fake(Flip::Immortal), &g, &p, 20_000).unwrap();
    assert_eq!(a.verdict, VerdictKind::Disagreed);
    assert_eq!(a.colours[1].shown(), Some(&vec![false; 24]));
}

const DAME: &str = "# . # . O . O\n. # # O O O .";

#[test]
fn naj_analyses() {
    let (g, p) = position(DAME);
    let q = |nodes| naj::AnalysisQuestion {
        colours: vec![Colour::Black],
        budget: naj::Budget {
            nodes,
            immortal: 200_000,
        },
        switches: naj::Switches::default(),
        prisoner_difference: 0,
        komi: 0.0,
    };
    let a = naj::analyses(&both(), &g, &p, &q(1_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Agreed);
    assert_eq!(a.values, vec![(Colour::Black, Verdict::Agreed(2))]);
    assert_eq!(a.value(Colour::Black), Some(2));
    assert_eq!(a.score(), None, "only the black-analysis was asked");
    // 180 units of work: enough with Benson's immortality tests, not with the reference's
    // searches (SOLVE-5 counts them).
    let a = naj::analyses(&both(), &g, &p, &q(180)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Undetermined);
    assert_undetermined(&a.values[0].1, &["reference"], Some(&2));
    let a = naj::analyses(&with_fake(Flip::Control), &g, &p, &q(1_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Disagreed, "{:?}", a.values);
}

#[test]
fn ljr_control() {
    let (g, p) = position(". # O .");
    let q = |budget| ljr::ControlQuestion {
        permanently_prohibited: Vec::new(),
        captives: Prisoners::default(),
        komi: 0,
        params: Default::default(),
        budget,
    };
    let a = ljr::control(&both(), &g, &p, &q(200_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Agreed);
    assert_eq!(a.locations.len(), 4);
    assert!(a
        .locations
        .iter()
        .all(|l| l.two_eye[0] == Verdict::Agreed(false) && l.dispute[1] == Verdict::Agreed(false)));
    // 50 nodes per question: the reference's test-game search runs out, the optimized one
    // does not.
    let a = ljr::control(&both(), &g, &p, &q(50)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Undetermined);
    let undetermined: Vec<&Verdict<bool>> = a
        .locations
        .iter()
        .flat_map(|l| l.two_eye.iter().chain(&l.dispute))
        .filter(|v| v.kind() == VerdictKind::Undetermined)
        .collect();
    assert!(!undetermined.is_empty());
    for v in undetermined {
        assert_undetermined(v, &["reference"], Some(&false));
    }
    let a = ljr::control(&with_fake(Flip::Ljr), &g, &p, &q(200_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Disagreed);
    assert_eq!(a.locations[0].two_eye[0].kind(), VerdictKind::Disagreed);
    assert_eq!(a.locations[1].two_eye[0], Verdict::Agreed(false));
}

#[test]
fn solve_the_empty_board() {
    let g = parse_size("2x2").unwrap();
    let q = |budget| solve::SolveQuestion {
        rules: RulesetId::TrompTaylor.rules().unwrap(),
        start: Start::empty(&g),
        budget,
        switches: solve::Switches::default(),
        komi: 0.0,
    };
    let a = solve::solve(&both(), &g, &q(10_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Agreed);
    assert_eq!(a.value, Verdict::Agreed(1));
    let a = solve::solve(&both(), &g, &q(5)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Undetermined);
    assert_undetermined(&a.value, &["reference", "optimized"], None);
    let a = solve::solve(&with_fake(Flip::Score), &g, &q(10_000_000)).unwrap();
    assert_eq!(a.verdict, VerdictKind::Disagreed, "{:?}", a.value);
}

#[test]
fn legal_positions() {
    let g = parse_size("2x2").unwrap();
    let a = solve::legal_positions(&both(), &g).unwrap();
    assert_eq!(a.count, Verdict::Agreed(57));
    assert_eq!(a.verdict, VerdictKind::Agreed);
    let a = solve::legal_positions(&with_fake(Flip::Count), &g).unwrap();
    assert_eq!(a.verdict, VerdictKind::Disagreed);
}

/// No engine: the door says so instead of answering.
#[test]
fn a_question_needs_an_engine() {
    let (g, p) = position(J2003);
    let e = naj::immortal(&[], &g, &p, 10).unwrap_err();
    assert!(e.to_string().contains("no engine"), "{e}");
}

/// A long question says what it starts (`go_oracle::progress`, the progress line of
/// `status`): each J2003 status check and each VJR question, named by the engine that is
/// asked; the answer is the same as without a reporter.
#[test]
fn the_door_says_what_it_asks_each_engine() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let (g, p) = parse_position("# . O O").expect("a diagram");
    let engines: Vec<Arc<dyn Engine>> = vec![Arc::new(Reference), Arc::new(optimized())];
    let q = j2003::StatusQuestion {
        budget: 100_000,
        prisoner_difference: 0,
        komi: 0.0,
    };
    let heard = Rc::new(RefCell::new(Vec::<String>::new()));
    let h = Rc::clone(&heard);
    let with = go_oracle::progress::within(
        move |t| h.borrow_mut().push(t.to_string()),
        || j2003::statuses(&engines, &g, &p, q).expect("supported"),
    );
    let without = j2003::statuses(&engines, &g, &p, q).expect("supported");
    assert_eq!(with.strings, without.strings);
    let heard = heard.borrow().clone();
    for engine in ["reference", "optimized"] {
        assert!(
            heard.contains(&format!(
                "{engine}: status check 1 (uncapturable) of black A1"
            )),
            "{heard:?}"
        );
    }
    let h = Rc::new(RefCell::new(Vec::<String>::new()));
    let h2 = Rc::clone(&h);
    let vq = vjr::AssessmentQuestion {
        life: Default::default(),
        long_cycles: Default::default(),
        budget: 100_000,
        prisoner_difference: 0,
        komi: 0.0,
    };
    go_oracle::progress::within(
        move |t| h2.borrow_mut().push(t.to_string()),
        || vjr::assessment(&engines_of_one(), &g, &p, vq).expect("supported"),
    );
    assert!(
        h.borrow()
            .contains(&"optimized: capture (V-13) of white C1".to_string()),
        "{:?}",
        h.borrow()
    );
}

fn engines_of_one() -> Vec<Arc<dyn Engine>> {
    vec![Arc::new(optimized())]
}
