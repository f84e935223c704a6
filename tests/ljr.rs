//! LJR (spec `ljr.md`): hand-worked turns on every engine configuration that plays LJR, and
//! proptests: random games on small rectangles and small general graphs, cycle removals
//! included, where every configuration must agree (`differential::ljr`).

use go_oracle::differential::ljr::{compare_ljr_games, LjrInput};
use go_oracle::engine::Engine;
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::ljr::{ControlMethod, ControlQuery, LjrParams, LjrStart, Turn};
use go_oracle::rules::{Illegal, Prisoners};
use go_oracle::runner::all_engines;
use proptest::prelude::*;

fn position(rows: &str) -> (Geometry, Position) {
    go_oracle::parse::diagram::parse_position(rows).unwrap()
}

fn start(position: Position) -> LjrStart {
    LjrStart {
        position,
        to_move: Colour::Black,
        initially_prohibited: vec![],
        permanently_prohibited: vec![],
        captives: Prisoners::default(),
    }
}

/// Every engine configuration that plays LJR (all of them must).
fn engines() -> Vec<Box<dyn Engine>> {
    all_engines()
}

#[test]
fn a_ko_cycle_is_removed_with_stones_of_either_colour() {
    let (g, p) = position(". # O .\n# O . O\n. # O .\n");
    let at = |s: &str| g.parse_gtp(s).unwrap();
    for e in engines() {
        let mut game = e.ljr().unwrap().start_turns(&g, &start(p.clone())).unwrap();
        // L-12: B C2 is a ko capture; W passes in the ko, B passes, W recaptures; B passes in
        // the ko, W passes, B captures again: situation 7 is similar to situation 1.
        for t in [
            Turn::play(at("C2")),
            Turn::PASS,
            Turn::PASS,
            Turn::play(at("B2")),
            Turn::PASS,
            Turn::PASS,
            Turn::play(at("C2")),
        ] {
            game.play(t)
                .unwrap_or_else(|r| panic!("{}: {t:?} {r}", e.name()));
        }
        assert_eq!(game.disturbing_cycles(), vec![1], "{}", e.name());
        assert_eq!(
            game.legality(Turn {
                remove_cycle: Some(0),
                play: None
            }),
            Err(Illegal::NoDisturbingCycle),
            "{}",
            e.name()
        );
        // L-7: the cycle used B2 and C2; the black stone on C2 goes, a captive of White.
        let done = game
            .play(Turn {
                remove_cycle: Some(1),
                play: None,
            })
            .unwrap();
        assert_eq!(done.cycle_removed, vec![at("C2")], "{}", e.name());
        assert_eq!(
            game.captives(),
            Prisoners { black: 2, white: 2 },
            "{}",
            e.name()
        );
        let s = game.situation();
        assert_eq!(
            s.permanently_prohibited,
            vec![at("B2"), at("C2")],
            "{}",
            e.name()
        );
        // L-9.4: permanently prohibited from now on.
        assert_eq!(
            game.legality(Turn::play(at("C2"))),
            Err(Illegal::PermanentlyProhibited),
            "{}",
            e.name()
        );
        // The removal was not a pass (L-4): Black's pass does not end the game.
        game.play(Turn::PASS).unwrap();
        assert!(!game.is_over(), "{}", e.name());
    }
}

#[test]
fn suicide_pseudo_suicide_and_initial_prohibitions() {
    for e in engines() {
        // L-10: B A1 next to a white stone with a liberty.
        let (g, p) = position(". O .\n");
        let game = e.ljr().unwrap().start_turns(&g, &start(p)).unwrap();
        assert_eq!(
            game.legality(Turn::play(0)),
            Err(Illegal::Suicide),
            "{}",
            e.name()
        );
        // L-11: the only liberty of B A1 is permanently prohibited.
        let (g, p) = position(". .\n");
        let mut s = start(p);
        s.permanently_prohibited = vec![1];
        let game = e.ljr().unwrap().start_turns(&g, &s).unwrap();
        assert_eq!(
            game.legality(Turn::play(0)),
            Err(Illegal::PseudoSuicide),
            "{}",
            e.name()
        );
        assert_eq!(
            game.legality(Turn::play(1)),
            Err(Illegal::PermanentlyProhibited),
            "{}",
            e.name()
        );
        // L-9.2: initially prohibited for the first turn only; a pass then needs three
        // (LC-2).
        let (g, p) = position(". . .\n");
        let mut s = start(p);
        s.initially_prohibited = vec![1];
        let mut game = e.ljr().unwrap().start_turns(&g, &s).unwrap();
        assert_eq!(
            game.legality(Turn::play(1)),
            Err(Illegal::InitiallyProhibited),
            "{}",
            e.name()
        );
        assert_eq!(game.situation().passes_needed, 3, "{}", e.name());
        game.play(Turn::PASS).unwrap();
        assert_eq!(game.legality(Turn::play(1)), Ok(()), "{}", e.name());
        game.play(Turn::PASS).unwrap();
        assert!(!game.is_over(), "{}", e.name());
        game.play(Turn::PASS).unwrap();
        assert!(game.is_over(), "{}", e.name());
        assert_eq!(
            game.legality(Turn::PASS),
            Err(Illegal::GameOver),
            "{}",
            e.name()
        );
    }
}

#[test]
fn control_of_a_two_eye_group_and_of_nothing() {
    let (g, p) = position(". # .\n");
    for e in engines() {
        for (player, want) in [(Colour::Black, true), (Colour::White, false)] {
            for method in [ControlMethod::TwoEyeTest, ControlMethod::Dispute] {
                let a = e
                    .ljr()
                    .unwrap()
                    .control(
                        &g,
                        &ControlQuery {
                            position: p.clone(),
                            permanently_prohibited: vec![],
                            player,
                            method,
                            params: LjrParams::default(),
                            budget: 100_000,
                        },
                    )
                    .unwrap();
                assert_eq!(
                    a.controlled,
                    vec![Some(want); 3],
                    "{} {player} {method:?}",
                    e.name()
                );
            }
        }
    }
    // A stone with one liberty in the set is no formation (L-16.6): `# .` on 1x2.
    let (g, p) = position("# .\n");
    assert_eq!(p.get(0), Cell::BLACK);
    for e in engines() {
        let a = e
            .ljr()
            .unwrap()
            .control(
                &g,
                &ControlQuery {
                    position: p.clone(),
                    permanently_prohibited: vec![],
                    player: Colour::Black,
                    method: ControlMethod::TwoEyeTest,
                    params: LjrParams::default(),
                    budget: 100_000,
                },
            )
            .unwrap();
        assert_eq!(a.controlled, vec![Some(false); 2], "{}", e.name());
    }
}

prop_compose! {
    fn ljr_input(max_turns: usize)(
        graph in any::<bool>(), width in any::<u8>(), height in any::<u8>(),
        edges in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..10),
        white_first in any::<bool>(),
        setup in proptest::collection::vec(any::<u8>(), 0..9),
        prohibited in proptest::collection::vec(any::<u8>(), 0..2),
        turns in proptest::collection::vec(any::<u16>(), 0..max_turns),
        keep_prohibitions in any::<bool>(), inside_edge in any::<bool>(),
    ) -> LjrInput {
        LjrInput { graph, width, height, edges, white_first, setup, prohibited, turns,
            keep_prohibitions, inside_edge }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Long games on tiny boards, where kos, cycles and removals are frequent: the turns.
    #[test]
    fn engines_agree_on_ljr_turns(input in ljr_input(120)) {
        let (g, s) = input.build(3);
        if let Err(e) = compare_ljr_games(&g, &s, &input.turns, input.params(), 0) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// Short games on boards up to 3x3 and graphs up to 6 points, then control by both methods
/// wherever both engines decided.
fn control_agrees(input: LjrInput) -> Result<(), TestCaseError> {
    let (g, s) = input.build(3);
    if let Err(e) = compare_ljr_games(&g, &s, &input.turns, input.params(), 3_000) {
        prop_assert!(false, "{}", e);
    }
    Ok(())
}

proptest! {
    // 400 cases in two tests of 200, which the harness runs on two cores.
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// [`control_agrees`], the first 200 cases.
    #[test]
    fn engines_agree_on_ljr_control(input in ljr_input(12)) {
        control_agrees(input)?;
    }

    /// [`control_agrees`], the other 200 cases.
    #[test]
    fn engines_agree_on_ljr_control_more(input in ljr_input(12)) {
        control_agrees(input)?;
    }
}
