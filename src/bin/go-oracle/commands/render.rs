//! `go-oracle render`: an SVG Go diagram of a position (a diagram file) or of a case check
//! (its start, numbered moves, labels, notes, and marks of what a ruleset decided).

use super::{read_diagram, write_output, EngineChoice};
use crate::error::Exit;
use clap::ValueEnum;
use go_oracle::parse::case::load_case;
use go_oracle::render::{self, CheckOptions, Diagram, MarkKind, MarksFrom};
use go_oracle::rules::Scoring;
use std::path::{Path, PathBuf};

/// `--marks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Marks {
    /// J2003 or VJR statuses of the final strings.
    Statuses,
    /// NAJ control (the case's diagrams) or LJR control (L-14).
    Control,
    /// Area scoring of the empty points, or VJR territory.
    Territory,
}

/// `--marks-from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum From {
    /// Asked of the engines of `--engine` within the check's budgets.
    Engine,
    /// The case's expectations (the final position only).
    Expectations,
}

#[derive(clap::Args)]
pub struct Args {
    /// A diagram file, or a case file (`.yaml`, `.yml`).
    file: PathBuf,
    /// The check to draw (default: the first of the file).
    #[arg(long)]
    check: Option<String>,
    /// Draw the first N moves only (default: all).
    #[arg(long)]
    step: Option<usize>,
    /// Overlay what the ruleset decided on the position shown, with a legend.
    #[arg(long, value_enum)]
    marks: Option<Marks>,
    /// Where the marks come from.
    #[arg(long, value_enum, default_value = "engine")]
    marks_from: From,
    /// The engines the marks are asked of (through the door that compares them: what they
    /// agree on is marked, a disagreement has a mark of its own); the moves are played on
    /// the last of them.
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineChoice,
    /// The SVG file to write; `-` for stdout.
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
}

fn is_case_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    )
}

pub fn run(args: Args) -> Result<(), Exit> {
    let kind = args.marks.map(|m| match m {
        Marks::Statuses => MarkKind::Statuses,
        Marks::Control => MarkKind::Control,
        Marks::Territory => MarkKind::Territory,
    });
    let file = &args.file;
    let diagram = if is_case_file(file) {
        case_diagram(&args, kind)?
    } else {
        if args.check.is_some() || args.step.is_some() {
            return Err(Exit::BadInput(format!(
                "{}: --check and --step need a case file (.yaml); this is read as a diagram file",
                file.display()
            )));
        }
        let (g, position) = read_diagram(file)?;
        let mut d = Diagram::position(g, position);
        match kind {
            None => {}
            Some(MarkKind::Territory) => {
                // Tromp-Taylor's area: the only marks a bare diagram has a ruleset for.
                let owners =
                    render::area_owners(&d.geometry, &d.position, Scoring::AreaNotReachingOpponent);
                let pick = |b: bool, w: bool| {
                    d.geometry
                        .points()
                        .filter(|&p| owners[p] == [b, w])
                        .collect::<Vec<_>>()
                };
                let (b, w, both) = (pick(true, false), pick(false, true), pick(true, true));
                d.add_marks(b, render::MarkShape::Square, "#000000", "#ffffff", "black area (empty point)");
                d.add_marks(w, render::MarkShape::Square, "#ffffff", "#000000", "white area (empty point)");
                d.add_marks(both, render::MarkShape::Diamond, "#888888", "#000000", "counts for both (area)");
                d.notes.push("area scoring of Tromp-Taylor (PLAY-12), computed".into());
            }
            Some(k) => {
                return Err(Exit::BadInput(format!(
                    "{}: --marks {} needs a case file (its ruleset and check); a diagram file takes only --marks territory (Tromp-Taylor area)",
                    file.display(),
                    k.name()
                )))
            }
        }
        d
    };
    let text = render::svg(&diagram);
    write_output(&args.output, &text)
}

fn case_diagram(args: &Args, kind: Option<MarkKind>) -> Result<Diagram, Exit> {
    let file = &args.file;
    let case = load_case(file)?;
    let index = match &args.check {
        None => 0,
        Some(name) => case
            .checks
            .iter()
            .position(|c| &c.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = case.checks.iter().map(|c| c.name.as_str()).collect();
                Exit::BadInput(format!(
                    "{}: no check named `{name}`; the checks are: {}",
                    file.display(),
                    names.join(", ")
                ))
            })?,
    };
    let engines = args.engine.shared_engines();
    let Some(played_on) = engines.last() else {
        return Err(Exit::BadInput("--engine chose no engine".into()));
    };
    let options = CheckOptions {
        step: args.step,
        marks: kind,
        marks_from: match args.marks_from {
            From::Engine => MarksFrom::Engines(&engines),
            From::Expectations => MarksFrom::Expectations,
        },
    };
    render::from_check(&case, index, played_on.as_ref(), options)
        .map_err(|e| Exit::BadInput(format!("{}: {e}", file.display())))
}
