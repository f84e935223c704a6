//! Property: any bytes given to the case loader produce a case or an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        // A loaded case must also replay without panicking (small budgets).
        go_oracle::differential::case_replay(text, "fuzz.yaml");
        let _ = go_oracle::parse::diagram::parse_position(text);
        let _ = go_oracle::parse::notation::parse_compact(text);
        let _ = go_oracle::parse::notation::parse_move_list(text);
    }
});
