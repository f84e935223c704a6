//! Property: from any legal final-position of a rectangle up to 5x5 and any analysis move
//! sequence (NAJ N-15/N-16), every engine agrees on the legality of every move, the
//! positions, the immortal stones, the control and the control score of both colours.
#![no_main]
use go_oracle::differential::{compare_naj_analysis, GameInput};
use go_oracle::geometry::Colour;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: GameInput| {
    let (geometry, _, start) = input.build(5);
    let analysing = if input.white_first {
        Colour::White
    } else {
        Colour::Black
    };
    let moves = &input.moves[..input.moves.len().min(200)];
    if let Err(e) = compare_naj_analysis(&geometry, &start.position, analysing, moves, 20_000) {
        panic!("{e}");
    }
});
