//! The property of the fuzz target `gtp_referee_no_panic`, shared with its replay test: any
//! text sent to the GTP referee gets a response (`=` or `?`), never a panic, and the
//! referee's own engines never disagree.

use crate::gtp::referee::{Config, Referee};
use crate::parse::gtp::parse_command;
use crate::rules::{RulesPatch, RulesetId};

/// The first byte picks the ruleset (Tromp-Taylor, Tromp's rules, NAJ: their questions stay
/// cheap on any board; a budget of 200 for NAJ's searches) and the seed; the rest is GTP
/// text, at most 64 lines, on boards of at most 7x7 (`loadsgf`, `printsgf` skipped). A
/// disagreement of the engines is an error that names both.
pub fn gtp_referee(data: &[u8]) -> Result<(), String> {
    let Some((&selector, rest)) = data.split_first() else {
        return Ok(());
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return Ok(());
    };
    let rulesets = [
        RulesetId::TrompTaylor,
        RulesetId::TrompLogical,
        RulesetId::Naj,
    ];
    let Ok(mut referee) = Referee::new(Config {
        ruleset: rulesets[selector as usize % 3],
        patch: RulesPatch::default(),
        komi: 0.0,
        seed: selector as u64,
        budget: 200,
        independent_life: Default::default(),
        engines: vec![
            std::sync::Arc::new(crate::reference::Reference),
            std::sync::Arc::new(crate::optimized::Optimized::default()),
        ],
        without: Vec::new(),
        time_limit: None,
    }) else {
        return Ok(());
    };
    if let Some(start) = parse_command("boardsize 7") {
        let _ = referee.handle(&start);
    }
    for line in text.lines().take(64) {
        let Some(cmd) = parse_command(line) else {
            continue;
        };
        // Keep boards small so that every command stays fast.
        let large = |a: &String| a.parse::<usize>().is_ok_and(|n| n > 7);
        if (cmd.name == "boardsize" || cmd.name == "rectangular_boardsize")
            && cmd.args.iter().any(large)
        {
            continue;
        }
        if cmd.name == "loadsgf" || cmd.name == "printsgf" {
            continue;
        }
        if let Err(e) = referee.handle(&cmd) {
            // The referee's own disagreement, not the command's text echoed in an error
            // (a fuzz finding: `kgs-rules chinesengines disagree`).
            if e.contains("engines disagree") && !line.contains("disagree") {
                return Err(format!("{line}: {e}"));
            }
        }
        if referee.has_quit() {
            break;
        }
    }
    Ok(())
}
