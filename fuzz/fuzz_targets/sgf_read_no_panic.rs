//! Property: any bytes given to the SGF reader (as UTF-8, or else as ISO-8859-1, as
//! `go-oracle import` reads files) give a game or an error with a place, never a panic; a game
//! read is written back and read again without a panic, to the same game.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = go_oracle::differential::sgf_read_write(data) {
        panic!("{e}");
    }
});
