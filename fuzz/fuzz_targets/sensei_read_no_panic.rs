//! Property: any bytes given to the Sensei's Library diagram reader (as UTF-8, or else as
//! ISO-8859-1, as `go-oracle import` reads files) give a diagram or an error with a line and
//! column, never a panic; a diagram read is consistent (`differential::sensei_read`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = go_oracle::differential::sensei_read(data) {
        panic!("{e}");
    }
});
