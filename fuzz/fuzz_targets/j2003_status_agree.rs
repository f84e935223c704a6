//! Property: on any legal position of a tiny board (at most 6 points: 1xN and 2xN
//! included), the J2003 analysis by the reference's depth-first evaluation and by the
//! optimized solver (every switch configuration) agree on every status and direct-ko
//! verdict that both decide within 20,000 nodes/states per check.
#![no_main]
use go_oracle::differential::{compare_j2003_status, GameInput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: GameInput| {
    let (geometry, _, start) = input.build(6);
    if geometry.len() > 6 {
        return;
    }
    if let Err(e) = compare_j2003_status(&geometry, &start.position, 20_000) {
        panic!("{e}");
    }
});
