//! Pauli's Logical Japanese Rules (spec `ljr.md`), literally: [`play`] the turns (L-3 ...
//! L-13), [`board`] contact, bordered sets and the two-eye formation (L-13, L-15, L-16),
//! [`control`] control by the two-eye test (L-14) and by disputes (L-17).

pub mod board;
pub mod control;
pub mod play;
