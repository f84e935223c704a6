//! go-oracle: the written rules of Go, executable twice.
//!
//! * [`geometry`], [`rules`]: the board and rule parameters every engine shares; [`benson`]:
//!   Benson's fixpoint, shared by the optimized engine and the procedures; [`deadline`]:
//!   the time limit a request may put on every search beside its budget.
//! * [`parse`]: diagrams, move notation and case files (shared by both engines).
//! * [`reference`]: the literal implementation of `spec/`.
//! * [`optimized`]: bitboards, incremental play, hashing.
//! * [`engine`]: the interface both answer through; [`status_game`]: the vocabulary of the
//!   J2003 status games that the engines and the procedures share; [`ljr`], [`vjr`]: the
//!   vocabularies of LJR and of the VJR status assessment.
//! * [`procedure`]: rules procedures on any engine (NAJ analyses, the J2003 analysis).
//! * [`render`]: Go diagrams (positions, case checks with numbered moves and marks) as SVG.
//! * [`runner`]: checks cases against the engines; [`differential`]: properties shared by
//!   the proptests and the fuzz targets.
//!
//! See `ARCHITECTURE.md` for the map and the invariants.

pub mod benson;
pub mod deadline;
pub mod differential;
pub mod engine;
pub mod geometry;
pub mod gtp;
pub mod import;
pub mod ljr;
pub mod optimized;
pub mod parse;
pub mod procedure;
pub mod progress;
pub mod reference;
pub mod render;
pub mod report;
pub mod rules;
pub mod runner;
pub mod session;
pub mod status_game;
pub mod vjr;
