//! `go-oracle import`: an SGF game (the main line of every game tree of a collection) or a
//! Sensei's Library diagram (its numbered moves) as a case file. The work is the library's (`go_oracle::import`: the moves played
//! through the session on both engines, the case written and judged); this command reads
//! the file, chooses the ruleset, prints the case and the summary, and sets the exit status
//! (0 agreed, 1 the engines disagree, 3 something undetermined, 2 bad input).

use crate::error::Exit;
use crate::output::print_json;
use go_oracle::import::sensei::{game_of, is_sensei};
use go_oracle::import::{
    choose_ruleset, import, import_all, sgf_requests, Imported, Kind, Request, Shared, TreePlace,
};
use go_oracle::parse::sensei::read_sensei;
use go_oracle::parse::sgf::{read_sgf_collection_bytes, text_of_bytes};
use go_oracle::rules::RulesetId;
use go_oracle::session::VerdictKind;
use serde_json::json;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The SGF file (every game tree of a collection, each its main line), or a Sensei's
    /// Library diagram (a file whose first line that is not blank starts with `$$`, or a
    /// .txt/.sensei file that is not SGF).
    file: PathBuf,
    /// The ruleset of the case (default: each SGF game tree's RU, when go-oracle knows it;
    /// required for a Sensei diagram).
    #[arg(long, value_enum)]
    ruleset: Option<RulesetId>,
    /// Write the case here (its id is the file's stem) instead of on stdout.
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
    /// Nodes or states each search question may visit (J2003's J-19 analyses of ending
    /// passes, J2003 and VJR statuses); also the case's `solver-budget`.
    #[arg(long, default_value_t = 100_000)]
    budget: u64,
    /// Print a summary as JSON (with the case text when there is no -o).
    #[arg(long)]
    json: bool,
}

fn stem_of(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "imported".into())
}

pub fn run(args: Args) -> Result<(), Exit> {
    let name = args.file.display().to_string();
    let bytes = std::fs::read(&args.file)
        .map_err(|e| Exit::BadInput(format!("{name}: cannot read: {e}")))?;
    let (text, _) = text_of_bytes(bytes.clone());
    let id = stem_of(args.output.as_deref().unwrap_or(&args.file));
    let imported = if is_sensei(&args.file, &text) {
        let diagram = read_sensei(&text, &name)?;
        let Some(ruleset) = args.ruleset else {
            return Err(Exit::BadInput(format!(
                "{name}: a Sensei's Library diagram names no ruleset; give --ruleset R"
            )));
        };
        let game = game_of(&diagram, &name).map_err(Exit::BadInput)?;
        let (ruleset, rules, why) =
            choose_ruleset(&game, Some(ruleset), &name).map_err(Exit::BadInput)?;
        import(&Request {
            game: &game,
            kind: Kind::Sensei(&diagram),
            file: &name,
            id: &id,
            ruleset,
            rules,
            ruleset_why: why,
            budget: args.budget,
            tree: TreePlace::SINGLE,
        })
    } else {
        let trees = read_sgf_collection_bytes(bytes, &name)?;
        let shared = Shared {
            file: &name,
            id: &id,
            given: args.ruleset,
            budget: args.budget,
        };
        let requests = sgf_requests(&trees, &shared).map_err(Exit::BadInput)?;
        import_all(&requests)
    }
    .map_err(Exit::BadInput)?;
    report(&args, &name, &imported)
}

/// Write the case, print it or the summary, and the exit status.
fn report(args: &Args, name: &str, imported: &Imported) -> Result<(), Exit> {
    let path_name = args.output.as_ref().map(|p| p.display().to_string());
    if let (Some(out), Some(text)) = (&args.output, &imported.text) {
        std::fs::write(out, text)
            .map_err(|e| Exit::BadInput(format!("{}: cannot write: {e}", out.display())))?;
    }
    if args.json {
        let mut v = json!({
            "case_file": imported.text.as_ref().and(path_name.as_deref()),
            "ruleset": imported.ruleset.as_str(),
            "verdict": imported.verdict.as_str(),
            "engines_agree": imported.verdict != VerdictKind::Disagreed,
            "moves": imported.moves,
            "written": imported.written,
            "decided": imported.decided,
            "checks": imported.checks,
            "out_of_turn": imported.out_of_turn,
            "undetermined": imported.undetermined,
            "disagreements": imported.disagreements,
            "game_trees": imported.trees.iter().map(|t| json!({
                "index": t.place.index,
                "line": t.place.line,
                "ruleset": t.ruleset.as_str(),
                "checks": t.checks,
                "moves": t.moves,
                "out_of_turn": t.out_of_turn,
            })).collect::<Vec<_>>(),
        });
        if let (None, Some(t)) = (&args.output, &imported.text) {
            v["case"] = json!(t);
        }
        print_json(&v);
    } else if let (None, Some(t)) = (&args.output, &imported.text) {
        print!("{t}");
    }
    for u in &imported.undetermined {
        eprintln!("undetermined: {u}");
    }
    for d in &imported.disagreements {
        eprintln!("disagreement: {d}");
    }
    let checks = imported.checks.len();
    let summary = format!(
        "{}: {} of {} moves written in {checks} check{}{}{}: {}",
        path_name.as_deref().unwrap_or(name),
        imported.written,
        imported.moves,
        if checks == 1 { "" } else { "s" },
        if imported.trees.len() > 1 {
            format!(" from {} game trees", imported.trees.len())
        } else {
            String::new()
        },
        out_of_turn_text(imported),
        match imported.verdict {
            VerdictKind::Agreed => "agreed".to_string(),
            VerdictKind::Undetermined => {
                // What: the text before its first `: ` (`SGF move 2 (W pass)`, `check `x``).
                let mut what: Vec<&str> = imported
                    .undetermined
                    .iter()
                    .map(|u| u.split(": ").next().unwrap_or(u))
                    .collect();
                what.dedup();
                format!(
                    "undetermined: {} (details above and in the case's notes)",
                    what.join("; ")
                )
            }
            VerdictKind::Disagreed => "the engines disagree: no case was written".to_string(),
        }
    );
    eprintln!("{summary}");
    match imported.verdict {
        VerdictKind::Agreed => Ok(()),
        VerdictKind::Undetermined => Err(Exit::Undetermined),
        VerdictKind::Disagreed => Err(Exit::Failed),
    }
}

/// ` (out of turn: moves 2, 5)`, or by game tree in a collection (` (out of turn: game tree
/// 2 move 3)`); empty when every move was in turn.
fn out_of_turn_text(imported: &Imported) -> String {
    let several = imported.trees.len() > 1;
    let moves: Vec<String> = imported
        .trees
        .iter()
        .flat_map(|t| {
            t.out_of_turn.iter().map(move |m| {
                if several {
                    format!("game tree {} move {m}", t.place.index)
                } else {
                    m.to_string()
                }
            })
        })
        .collect();
    match moves.len() {
        0 => String::new(),
        1 if !several => format!(" (out of turn: move {})", moves[0]),
        _ if !several => format!(" (out of turn: moves {})", moves.join(", ")),
        _ => format!(" (out of turn: {})", moves.join(", ")),
    }
}
