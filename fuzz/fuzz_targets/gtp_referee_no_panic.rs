//! Property: any text sent to the GTP referee gets a response (`=` or `?`), never a panic,
//! and the referee's own engines never disagree (a disagreement is a GTP error that names
//! both, which this target turns into a crash).
#![no_main]
use go_oracle::gtp::referee::{Config, Referee};
use go_oracle::parse::gtp::parse_command;
use go_oracle::rules::{RulesPatch, RulesetId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    // Rulesets whose questions stay cheap on any board; a tiny budget for the others' searches.
    let ruleset = [RulesetId::TrompTaylor, RulesetId::TrompLogical, RulesetId::Naj][selector as usize % 3];
    let Ok(mut referee) = Referee::new(Config {
        ruleset,
        patch: RulesPatch::default(),
        komi: 0.0,
        seed: selector as u64,
        budget: 200,
        independent_life: Default::default(),
        engines: vec![
            std::sync::Arc::new(go_oracle::reference::Reference),
            std::sync::Arc::new(go_oracle::optimized::Optimized::default()),
        ],
        without: Vec::new(),
    }) else {
        return;
    };
    if let Some(start) = parse_command("boardsize 7") {
        let _ = referee.handle(&start);
    }
    for line in text.lines().take(64) {
        let Some(cmd) = parse_command(line) else {
            continue;
        };
        // Keep boards small so that every command stays fast.
        if (cmd.name == "boardsize" || cmd.name == "rectangular_boardsize")
            && cmd.args.iter().any(|a| a.parse::<usize>().map_or(false, |n| n > 7))
        {
            continue;
        }
        if cmd.name == "loadsgf" || cmd.name == "printsgf" {
            continue;
        }
        if let Err(e) = referee.handle(&cmd) {
            assert!(!e.contains("engines disagree"), "{line}: {e}");
        }
        if referee.has_quit() {
            break;
        }
    }
});
