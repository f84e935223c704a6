//! Switch `j19-ko-stone-screen` (spec `j2003-solver.md`, lemma J19-L1): the optimized engine judges
//! an ending pass (J-19) first by the ko stones of the position. Where no single stone is a
//! ko stone (J-28) there is no direct ko stone (J-48), and the pass is legal without the
//! analysis; where some are, only the ko stones are analysed (J19-L1 (ii)). The test itself
//! is the procedure's (`procedure::j2003::ending_pass_ko_stones`,
//! the same for every engine that screens, with this engine's own plays); this file only
//! says whether the engine screens. Off: every ending pass is judged by the analysis of G-9,
//! as the reference judges it (C-4).

use super::Optimized;

/// [`crate::engine::J2003Questions::screens_ending_passes`] of the optimized engine.
pub(in crate::optimized) fn screens_ending_passes(engine: &Optimized) -> bool {
    engine.switches.j19_ko_stone_screen
}
