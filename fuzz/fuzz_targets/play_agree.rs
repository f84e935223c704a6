//! Property: for any rule parameters, board (up to 7x7), legal start and moves, the
//! reference and every optimized configuration agree on the legality of every move, the
//! positions, the prisoners and the score.
#![no_main]
use go_oracle::differential::{compare_engines, GameInput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: GameInput| {
    let (geometry, rules, start) = input.build(7);
    let moves = &input.moves[..input.moves.len().min(400)];
    if let Err(e) = compare_engines(&geometry, &rules, &start, moves) {
        panic!("engines disagree: {e}");
    }
});
