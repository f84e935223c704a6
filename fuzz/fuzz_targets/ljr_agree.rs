//! Property: in random LJR games on rectangles up to 3x3 and general graphs up to 6 points
//! (cycle removals included), every engine configuration agrees on the legal turns, every
//! turn's result, the situations, captives and the end, and on control by the two-eye test
//! and by disputes wherever both decided within the budget (spec ljr.md).
#![no_main]
use go_oracle::differential::ljr::{compare_ljr_games, LjrInput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: LjrInput| {
    let (geometry, start) = input.build(3);
    let turns = &input.turns[..input.turns.len().min(60)];
    if let Err(e) = compare_ljr_games(&geometry, &start, turns, input.params(), 2_000) {
        panic!("{e}");
    }
});
