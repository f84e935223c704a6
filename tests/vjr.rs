//! VJR (spec `vjr.md`): hand-worked answers of the status questions, and the engines'
//! agreement on random tiny final positions (VS-4).

use go_oracle::differential::vjr::{compare_vjr_status, VjrInput};
use go_oracle::engine::{Answer, Engine};
use go_oracle::geometry::{Geometry, Position};
use go_oracle::optimized::Optimized;
use go_oracle::parse::diagram::parse_position;
use go_oracle::reference::Reference;
use go_oracle::status_game::strings;
use go_oracle::vjr::{Coverage, FormationKind, IndependentLife, Outcome, Question, VjrQuestion};
use proptest::prelude::*;

fn board(rows: &str) -> (Geometry, Position) {
    parse_position(rows).expect("diagram")
}

fn check_at(g: &Geometry, p: &Position, at: &str, question: Question) -> VjrQuestion {
    let pt = g.parse_gtp(at).expect("a point");
    let (owner, string) = strings(g, p)
        .into_iter()
        .find(|(_, s)| s.contains(&pt))
        .expect("a string there");
    VjrQuestion {
        long_cycles: go_oracle::vjr::LongCycles::default(),
        string,
        owner,
        question,
    }
}

/// The answer of both engines (they must agree and decide).
fn answer(rows: &str, at: &str, question: Question) -> Outcome {
    let (g, p) = board(rows);
    let c = check_at(&g, &p, at, question);
    let mut found = Vec::new();
    for e in [&Reference as &dyn Engine, &Optimized::default()] {
        match e
            .vjr()
            .unwrap()
            .force(&g, &p, &c, 3_000_000)
            .expect("supported")
        {
            Answer::Decided((v, _)) => found.push(v),
            Answer::Undetermined(_) => panic!("{}: undetermined", e.name()),
        }
    }
    assert_eq!(found[0], found[1], "reference vs optimized on\n{rows}");
    found[0]
}

fn life(formation: FormationKind, coverage: Coverage) -> Question {
    Question::Formation(IndependentLife {
        formation,
        coverage,
    })
}

/// V-9 ... V-11: one string with two eye points: every description makes it
/// independently alive, and it cannot be captured.
#[test]
fn two_eye_points_next_to_one_string() {
    let rows = ". . . .\n# # # #\n# . # .";
    for l in IndependentLife::ALL {
        assert_eq!(
            answer(rows, "A1", Question::Formation(l)),
            Outcome::Yes,
            "{l}"
        );
    }
    assert_eq!(answer(rows, "A1", Question::Capture), Outcome::No);
}

/// V-5, V-13: the opponent moves first: a string in atari is captured at once.
#[test]
fn the_opponent_moves_first() {
    assert_eq!(answer("# # .", "A1", Question::Capture), Outcome::Yes);
    assert_eq!(
        answer("# # .", "A1", life(FormationKind::TwoEye, Coverage::One)),
        Outcome::No
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// VS-4: every engine configuration answers every question both decide like the
    /// reference, on random final positions of at most 6 points, under every
    /// `independent-life` value; territories agree.
    #[test]
    fn engines_agree_on_tiny_final_positions(
        width in any::<u8>(),
        height in any::<u8>(),
        setup in proptest::collection::vec(any::<u8>(), 0..8),
    ) {
        let input = VjrInput { width, height, setup, pick: None };
        let (g, p) = input.build(6);
        let checks = input.questions(&g, &p);
        if let Err(e) = compare_vjr_status(&g, &p, &checks, 20_000) {
            prop_assert!(false, "{}", e);
        }
    }
}

#[test]
fn black_and_white_are_symmetric() {
    // Swapping the colours swaps nothing in the answers.
    let (g, p) = board("# # .\n. O O");
    let swapped: String = "O O .\n. # #".to_string();
    let (g2, p2) = board(&swapped);
    for at in ["A2", "B1"] {
        for q in std::iter::once(Question::Capture)
            .chain(IndependentLife::ALL.iter().map(|&l| Question::Formation(l)))
        {
            let a = Reference
                .vjr()
                .unwrap()
                .force(&g, &p, &check_at(&g, &p, at, q), 1_000_000);
            let b = Reference
                .vjr()
                .unwrap()
                .force(&g2, &p2, &check_at(&g2, &p2, at, q), 1_000_000);
            assert_eq!(
                a.map(|x| match x {
                    Answer::Decided((v, _)) => Some(v),
                    _ => None,
                }),
                b.map(|x| match x {
                    Answer::Decided((v, _)) => Some(v),
                    _ => None,
                }),
                "{at} {q:?}"
            );
        }
    }
}

/// V-23: asking the questions of some strings only gives each of them the status the whole
/// assessment gives it, and no territory (V-24 needs every string).
#[test]
fn an_assessment_of_some_strings_agrees_with_the_whole() {
    use go_oracle::procedure::vjr::{assess, assess_strings, territory, Strings};
    let life = IndependentLife::default();
    let long = go_oracle::vjr::LongCycles::default();
    // The reference decides the small board; the optimized engine the larger one too.
    let reference: &dyn Engine = &Reference;
    let optimized = Optimized::default();
    for (rows, e) in [
        ("# . # O . O", reference),
        ("# . # O . O", &optimized),
        ("# . # O .\n# # # O O\n. # O . O", &optimized),
    ] {
        let (g, p) = board(rows);
        let whole = assess(e, &g, &p, life, long, 300_000).expect("supported");
        assert!(whole.is_settled(), "{}: {whole:?}", e.name());
        assert!(territory(e, &g, &p, &whole).unwrap().is_some());
        for s in &whole.strings {
            let at = [s.points[s.points.len() - 1]];
            let some = assess_strings(e, &g, &p, life, long, 300_000, Strings::At(&at)).unwrap();
            assert_eq!(some.strings.len(), 1, "{}", e.name());
            assert_eq!(some.strings[0].points, s.points);
            assert_eq!(some.strings[0].status, s.status, "{} at {:?}", e.name(), at);
            assert_eq!(territory(e, &g, &p, &some).unwrap(), None);
        }
    }
}
