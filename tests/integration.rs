//! Every integration test but the corpus harness (`corpus.rs`) and the GTP transcripts
//! (`gtp_transcripts.rs`), each a module of one test binary: one link instead of one per
//! file, and the harness keeps both cores busy across the files (libtest runs the tests of
//! one binary in parallel, and cargo runs the binaries one after another). A file is still
//! run alone by its module path: `cargo test --release --test integration -- j2003::`.

/// The allocator of the binary (`src/bin/go-oracle/main.rs`): the searches allocate per node.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;

#[path = "analysis_solver.rs"]
mod analysis_solver;
#[path = "architecture.rs"]
mod architecture;
#[path = "ask.rs"]
mod ask;
#[path = "benson.rs"]
mod benson;
#[path = "cli.rs"]
mod cli;
#[path = "compare.rs"]
mod compare;
#[path = "differential.rs"]
mod differential;
#[path = "documents.rs"]
mod documents;
#[path = "doors.rs"]
mod doors;
#[path = "engine_capabilities.rs"]
mod engine_capabilities;
#[path = "family_layers.rs"]
mod family_layers;
#[path = "fuzz_regressions.rs"]
mod fuzz_regressions;
#[path = "graph_board.rs"]
mod graph_board;
#[path = "gtp_cli.rs"]
mod gtp_cli;
#[path = "immortal.rs"]
mod immortal;
#[path = "j19_screen.rs"]
mod j19_screen;
#[path = "j2003.rs"]
mod j2003;
#[path = "legal_positions.rs"]
mod legal_positions;
#[path = "ljr.rs"]
mod ljr;
#[path = "ljr_wild_starts.rs"]
mod ljr_wild_starts;
#[path = "render.rs"]
mod render;
#[path = "report.rs"]
mod report;
#[path = "report_browser.rs"]
mod report_browser;
#[path = "schema.rs"]
mod schema;
#[path = "score_diff.rs"]
mod score_diff;
#[path = "sensei.rs"]
mod sensei;
#[path = "sgf.rs"]
mod sgf;
#[path = "sgf_import.rs"]
mod sgf_import;
#[path = "sgf_roundtrip.rs"]
mod sgf_roundtrip;
#[path = "solve.rs"]
mod solve;
#[path = "solve_starts.rs"]
mod solve_starts;
#[path = "vjr.rs"]
mod vjr;
#[path = "vjr_engines.rs"]
mod vjr_engines;
#[path = "wide_boards.rs"]
mod wide_boards;
