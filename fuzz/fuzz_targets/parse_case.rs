//! Property: any bytes given to the case loader produce a case or an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(case) = go_oracle::parse::case::parse_case(text, "fuzz.yaml", None) {
            // A loaded case must also replay without panicking on every engine.
            for check in &case.checks {
                // A small search budget: this property is about panics, not about deciding.
                let check = &go_oracle::parse::case::Check {
                    budget: check.budget.min(2_000),
                    solver_budget: check.solver_budget.min(200),
                    // The reference's nodes cost far more on big boards (a 19x19 real game), and
                    // every engine configuration replays each check (slow units in CI, stop 35).
                    reference_solver_budget: check.reference_solver_budget.min(20),
                    ljr: check.ljr.clone().map(|mut l| {
                        l.budget = l.budget.min(2_000);
                        l
                    }),
                    ..check.clone()
                };
                for engine in go_oracle::runner::all_engines() {
                    let _ = go_oracle::runner::run_check(
                        check,
                        engine.as_ref(),
                        false,
                        &go_oracle::runner::SharedReplays::default(),
                    );
                }
            }
        }
        let _ = go_oracle::parse::diagram::parse_position(text);
        let _ = go_oracle::parse::notation::parse_compact(text);
        let _ = go_oracle::parse::notation::parse_move_list(text);
    }
});
