//! proptest: random games on random small rectangles under every rule combination; the
//! reference and every optimized configuration agree after every move, through the engine
//! interface and through the play bench's fast path.

use go_oracle::differential::{compare_engines, compare_fast_path, GameInput};
use go_oracle::rules::{CaptureOrder, Suicide};
use proptest::prelude::*;

fn suicide() -> impl Strategy<Value = Suicide> {
    prop_oneof![
        Just(Suicide::Forbidden),
        Just(Suicide::MultiStoneOnly),
        Just(Suicide::Allowed)
    ]
}

fn order() -> impl Strategy<Value = CaptureOrder> {
    prop_oneof![
        Just(CaptureOrder::OpponentFirst),
        Just(CaptureOrder::OwnFirst)
    ]
}

prop_compose! {
    fn game_input()(
        width in 0u8..6, height in 0u8..6, suicide in suicide(), capture_order in order(),
        basic in any::<bool>(), fixed in any::<bool>(), positional in any::<bool>(),
        situational in any::<bool>(), situational_same in any::<bool>(), game_end_passes in 0u8..4, reaching_only in any::<bool>(),
        no_result_on_cycle in any::<bool>(),
        handicap in 0u8..3, white_first in any::<bool>(),
        setup in proptest::collection::vec(any::<u8>(), 0..36),
        moves in proptest::collection::vec(any::<u16>(), 0..120),
    ) -> GameInput {
        GameInput { width, height, suicide, capture_order, basic, fixed, positional, situational,
            situational_same,
            game_end_passes, reaching_only, no_result_on_cycle, handicap, white_first, setup, moves }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn engines_agree_on_random_games(input in game_input()) {
        let (g, r, s) = input.build(6);
        if let Err(e) = compare_engines(&g, &r, &s, &input.moves) {
            prop_assert!(false, "{}", e);
        }
    }

    /// Long games on tiny boards, where ko and superko bans are frequent.
    #[test]
    fn engines_agree_on_long_tiny_games(mut input in game_input(), moves in proptest::collection::vec(0u16..7, 0..300)) {
        input.width %= 3;
        input.height %= 2;
        input.moves = moves;
        let (g, r, s) = input.build(3);
        if let Err(e) = compare_engines(&g, &r, &s, &input.moves) {
            prop_assert!(false, "{}", e);
        }
    }

    /// The play bench's fast path (`play_fast`, `is_empty_point`, `is_own_eye`) plays the
    /// reference's games, with each speed-up of play off too; long games on boards up to 9x9.
    #[test]
    fn fast_path_agrees_with_the_reference(input in game_input(), moves in proptest::collection::vec(any::<u16>(), 0..400)) {
        let (g, r, s) = input.build(9);
        if let Err(e) = compare_fast_path(&g, &r, &s, &moves) {
            prop_assert!(false, "{}", e);
        }
    }
}
