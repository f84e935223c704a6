//! Property: on any legal position of a rectangle up to 7x7 and any alive/dead status of
//! its strings, the reference's J2003 scoring (flood fills) and the optimized one (union-find
//! labelling) give the same board score (J-54 ... J-64).
#![no_main]
use go_oracle::differential::{compare_j2003_score, GameInput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: GameInput| {
    let (geometry, _, start) = input.build(7);
    let alive: Vec<bool> = input.moves.iter().map(|m| m % 2 == 0).collect();
    if let Err(e) = compare_j2003_score(&geometry, &start.position, &alive) {
        panic!("{e}");
    }
});
