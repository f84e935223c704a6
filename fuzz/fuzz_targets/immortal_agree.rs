//! Property: on any legal position of a rectangle up to 5x5, NAJ immortality (N-17) by the
//! reference's exhaustive search (when it finishes within its budget) equals Benson's
//! algorithm in the optimized engine, for both colours.
#![no_main]
use go_oracle::differential::{compare_immortal, GameInput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: GameInput| {
    let (geometry, _, start) = input.build(5);
    if let Err(e) = compare_immortal(&geometry, &start.position, 20_000) {
        panic!("{e}");
    }
});
