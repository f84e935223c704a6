//! NAJ N-17 immortality: the reference's exhaustive search and Benson's algorithm agree
//! on random legal positions, for both colours; the reference's pruned search (spec N-17.S)
//! agrees with the unpruned search it replaced; and hand-made shapes whose status is known.

use go_oracle::differential::{compare_immortal, GameInput};
use go_oracle::engine::{Answer, Engine};
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::optimized::Optimized;
use go_oracle::parse::diagram::parse_position;
use go_oracle::reference::naj::immortal_unpruned;
use go_oracle::reference::Reference;
use go_oracle::rules::{CaptureOrder, Suicide};
use proptest::prelude::*;

fn immortal_rows(engine: &dyn Engine, diagram: &str, player: Colour) -> Vec<String> {
    let (g, p) = parse_position(diagram).unwrap();
    match engine
        .naj()
        .unwrap()
        .immortal(&g, &p, player, 1_000_000)
        .unwrap()
    {
        Answer::Decided(v) => {
            let w = g.rect_size().unwrap().0;
            v.chunks(w)
                .map(|r| r.iter().map(|&x| if x { 'X' } else { '.' }).collect())
                .collect()
        }
        Answer::Undetermined(_) => panic!("undetermined"),
    }
}

#[test]
fn two_eyes_live_one_eye_dies() {
    // Black: a wall with two separate one-point eyes in the corner lives (immortal); the
    // white stones outside have one big region and die (not immortal).
    let d = "
        . # . # O .
        # # # # O .
        O O O O O .
        . . . . . .";
    for e in [&Reference as &dyn Engine, &Optimized::default()] {
        let b = immortal_rows(e, d, Colour::Black);
        assert_eq!(
            b,
            vec![".X.X..", "XXXX..", "......", "......"],
            "{}",
            e.name()
        );
        let w = immortal_rows(e, d, Colour::White);
        assert_eq!(w, vec!["......"; 4], "{}", e.name());
    }
    // One eye only: nothing is immortal.
    let d1 = "
        . # # # O .
        # # # # O .
        O O O O O .
        . . . . . .";
    for e in [&Reference as &dyn Engine, &Optimized::default()] {
        assert_eq!(
            immortal_rows(e, d1, Colour::Black),
            vec!["......"; 4],
            "{}",
            e.name()
        );
    }
}

#[test]
fn seki_is_not_immortal() {
    // A seki: both sides share two liberties; with the owner passing, the opponent can
    // fill one shared liberty and capture? No: filling one leaves himself in atari but the
    // player passes, so the opponent fills the other and captures. Neither is immortal.
    let d = "
        . O # .
        O O # #
        # # # .";
    for e in [&Reference as &dyn Engine, &Optimized::default()] {
        assert_eq!(
            immortal_rows(e, d, Colour::White),
            vec!["....", "....", "...."],
            "{}",
            e.name()
        );
    }
}

prop_compose! {
    fn position_input(max_side: u8)(
        width in 0u8..max_side, height in 0u8..max_side,
        setup in proptest::collection::vec(any::<u8>(), 0..25),
    ) -> GameInput {
        GameInput { width, height, suicide: Suicide::Forbidden, capture_order: CaptureOrder::OpponentFirst,
            basic: false, fixed: false, positional: false, situational: false, situational_same: false, game_end_passes: 1,
            reaching_only: false, no_result_on_cycle: false, handicap: 0, white_first: false, setup, moves: vec![] }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Random legal positions up to 4x4.
    #[test]
    fn reference_and_benson_agree_small(input in position_input(4)) {
        let (g, _, s) = input.build(4);
        if let Err(e) = compare_immortal(&g, &s.position, 50_000) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// Crowded 5x5 positions from a fixed seed: few empty points keep the reference's search
/// small. At least 40% must be decided, so the comparison cannot pass vacuously.
#[test]
fn reference_and_benson_agree_crowded_5x5() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(17);
    let (mut decided, mut total, mut with_immortal) = (0, 0, 0);
    for _ in 0..400 {
        let setup: Vec<u8> = (0..25)
            .map(|_| {
                if rng.gen_bool(0.1) {
                    0
                } else {
                    rng.gen_range(1..3)
                }
            })
            .collect();
        let input = GameInput {
            width: 4,
            height: 4,
            suicide: Suicide::Forbidden,
            capture_order: CaptureOrder::OpponentFirst,
            basic: false,
            fixed: false,
            positional: false,
            situational: false,
            situational_same: false,
            game_end_passes: 1,
            reaching_only: false,
            no_result_on_cycle: false,
            handicap: 0,
            white_first: false,
            setup,
            moves: vec![],
        };
        let (g, _, s) = input.build(5);
        if go_oracle::optimized::Optimized::default()
            .naj()
            .unwrap()
            .immortal(&g, &s.position, Colour::Black, 0)
            .is_ok_and(|a| matches!(a, Answer::Decided(v) if v.iter().any(|&x| x)))
        {
            with_immortal += 1;
        }
        match compare_immortal(&g, &s.position, 3_000) {
            Ok(n) => decided += n,
            Err(e) => panic!("{e}"),
        }
        total += 2;
    }
    assert!(
        decided * 5 >= total * 2,
        "only {decided} of {total} decided"
    );
    assert!(
        with_immortal >= 20,
        "only {with_immortal} positions had immortal stones"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]
    /// The `naj_agree` property on random inputs: analyses from random final-positions of
    /// rectangles up to 5x5 — legality, positions, immortality, control and control score
    /// agree on every engine.
    #[test]
    fn naj_analyses_agree(bytes in prop::collection::vec(any::<u8>(), 16..800)) {
        use arbitrary::{Arbitrary, Unstructured};
        let Ok(input) = GameInput::arbitrary_take_rest(Unstructured::new(&bytes)) else {
            return Ok(());
        };
        let (g, _, s) = input.build(5);
        let colour = if input.white_first { Colour::White } else { Colour::Black };
        let moves = &input.moves[..input.moves.len().min(200)];
        let r = go_oracle::differential::compare_naj_analysis(&g, &s.position, colour, moves, 20_000);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

prop_compose! {
    /// Crowded legal positions of rectangles up to 5x5: three cells in four hold a stone
    /// (before the stones without liberty are dropped), so the unpruned search finishes.
    fn crowded_position(max_side: u8)(
        width in 0u8..max_side, height in 0u8..max_side,
        setup in proptest::collection::vec(prop_oneof![1 => Just(0u8), 3 => 1u8..3], 25),
    ) -> (Geometry, Position) {
        let input = GameInput { width, height, suicide: Suicide::Forbidden, capture_order: CaptureOrder::OpponentFirst,
            basic: false, fixed: false, positional: false, situational: false, situational_same: false, game_end_passes: 1,
            reaching_only: false, no_result_on_cycle: false, handicap: 0, white_first: false, setup, moves: vec![] };
        let (g, _, s) = input.build(max_side);
        (g, s.position)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// The pruned search (spec N-17.S2, S3) finds the immortal stones the unpruned search
    /// finds, for both colours. When the unpruned search finds an immortal stone it explored
    /// every reachable position; the pruned one explores some of them, so it decides too.
    #[test]
    fn pruned_search_matches_unpruned((g, p) in crowded_position(5)) {
        for player in [Colour::Black, Colour::White] {
            let Some(unpruned) = immortal_unpruned(&g, &p, player, 20_000).ok() else { continue };
            let pruned = Reference.naj().unwrap().immortal(&g, &p, player, 20_000).unwrap();
            match pruned {
                Answer::Decided(v) => prop_assert_eq!(
                    &v, &unpruned, "{} stones of\n{}", player, p.diagram(&g)
                ),
                Answer::Undetermined(_) => prop_assert!(
                    !unpruned.iter().any(|&x| x),
                    "pruned search undetermined where the unpruned one found immortal {} stones:\n{}",
                    player, p.diagram(&g)
                ),
            }
        }
    }
}

/// Hand-made shapes, for both colours: the pruned and the unpruned searches agree.
#[test]
fn pruned_search_matches_unpruned_on_shapes() {
    for d in [
        // Black lives with two one-point eyes; White's stone at the top, inside Black's area,
        // has one liberty.
        "
        . # O . # .
        # # # # # #
        O O O O O O
        . . . . . .",
        // A seki (see `seki_is_not_immortal`).
        "
        . O # .
        O O # #
        # # # .",
        // Black's only eye space has two points: White fills it and captures.
        "
        . . # O .
        # # # O .
        O O O O .",
        // Two black stones share their only liberty; White's stones have liberties of their own.
        "
        . # O .
        # O . O
        O . O .",
    ] {
        let (g, p) = parse_position(d).unwrap();
        for player in [Colour::Black, Colour::White] {
            let unpruned = immortal_unpruned(&g, &p, player, 1_000_000).expect("small");
            let pruned = match Reference
                .naj()
                .unwrap()
                .immortal(&g, &p, player, 1_000_000)
                .unwrap()
            {
                Answer::Decided(v) => v,
                Answer::Undetermined(_) => panic!("undetermined"),
            };
            assert_eq!(pruned, unpruned, "{player} on\n{}", p.diagram(&g));
        }
    }
}
