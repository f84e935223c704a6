//! Property: on tiny final positions (1xN, 2xN, 3x3 up to 7 points, kos included), every
//! engine configuration gives the reference's answer to every VJR status question both
//! decide within the budget, under every `independent-life` value, and the same territory
//! (spec vjr.md VS-4).
#![no_main]
use go_oracle::differential::vjr::{compare_vjr_status, VjrInput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: VjrInput| {
    let (geometry, position) = input.build(7);
    let checks = input.questions(&geometry, &position);
    if let Err(e) = compare_vjr_status(&geometry, &position, &checks, 20_000) {
        panic!("{e}");
    }
});
