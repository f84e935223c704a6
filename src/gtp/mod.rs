//! go-oracle in the Go Text Protocol: the referee (a GTP engine answering under a ruleset),
//! the client that drives an external GTP engine, and the differential test of such an
//! engine against the referee (`gtp-diff`). The protocol's text forms are in
//! `parse::gtp`.

pub mod client;
pub mod diff;
pub mod referee;
pub mod score_diff;
