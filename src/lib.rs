//! go-oracle: the written rules of Go, executable twice.
//!
//! * [`geometry`], [`rules`]: the board and rule parameters every engine shares.
//! * [`parse`]: diagrams, move notation and case files (shared by both engines).
//! * [`reference`]: the literal implementation of `spec/`.
//! * [`optimized`]: bitboards, incremental play, hashing.
//! * [`analysis_solver`]: NAJ analyses under optimal play, on any engine.
//! * [`engine`]: the interface both answer through; [`runner`]: checks cases against them.

pub mod analysis_solver;
pub mod differential;
pub mod engine;
pub mod geometry;
pub mod j2003;
pub mod optimized;
pub mod parse;
pub mod reference;
pub mod rules;
pub mod runner;
