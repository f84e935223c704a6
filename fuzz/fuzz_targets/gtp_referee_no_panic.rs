//! Property: any text sent to the GTP referee gets a response (`=` or `?`), never a panic,
//! and the referee's own engines never disagree (a disagreement is a GTP error that names
//! both, which this target turns into a crash). The property is
//! `go_oracle::differential::gtp::gtp_referee`, which `tests/fuzz_regressions.rs` replays.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = go_oracle::differential::gtp::gtp_referee(data) {
        panic!("{e}");
    }
});
