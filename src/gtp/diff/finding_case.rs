//! The case file of a shrunk finding.

use super::*;

/// What the oracle says at the end of a shrunk finding (asserted by its case file).
pub struct OracleState {
    pub position: String,
    pub prisoners: Prisoners,
    pub game_over: bool,
    pub score: Option<f64>,
}

/// The case file of a shrunk finding: the oracle's answer asserted, the engine's recorded
/// as a discrepancy (reason `engine-differs`).
#[allow(clippy::too_many_arguments)]
pub(super) fn case_text(
    id: &str,
    engine: &str,
    program: &str,
    options: &Options,
    game_seed: u64,
    f: &Finding,
    original: usize,
    state: &OracleState,
) -> String {
    let geometry = Geometry::rect(options.width, options.height).ok();
    let name_of = |m: &Played| match &geometry {
        Some(g) => played_text(g, m),
        None => String::new(),
    };
    let before: Vec<String> = f.moves.iter().map(name_of).collect();
    let mut items = Vec::new();
    if !before.is_empty() {
        items.push(MoveItem::Text(before.join(", ")));
    }
    let mut expect = FinalExpect {
        game_over: Some(state.game_over),
        ..FinalExpect::default()
    };
    let what;
    match (f.kind, &f.at) {
        (Kind::Legality, Some(at)) => {
            what = format!("legality of {}", name_of(at));
            items.push(MoveItem::Step(StepSpec {
                legal: Some(f.oracle_illegal.is_none()),
                reason: f.oracle_illegal,
                note: Some(format!("{engine}: {}", f.engine)),
                ..StepSpec::play(name_of(at))
            }));
        }
        (Kind::Stones | Kind::Captures, Some(at)) => {
            what = format!("{} after {}", f.kind.as_str(), name_of(at));
            expect.position = Some(state.position.clone());
            expect.prisoners = Some(state.prisoners);
            items.push(MoveItem::Step(StepSpec {
                note: Some(format!("{engine}: {}", f.engine)),
                ..StepSpec::play(name_of(at))
            }));
        }
        _ => {
            what = "the final score".into();
            expect.position = Some(state.position.clone());
            expect.score = state.score;
            expect.result = state.score.map(result_text);
        }
    }
    let discrepancy = Discrepancy {
        claim: format!("{engine}: {}", f.engine),
        oracle: f.oracle.clone(),
        reason: DiscrepancyReason::EngineDiffers,
        explanation: Some(format!(
            "Found by go-oracle gtp-diff: the engine `{program}` and the oracle disagree on {what}. Whose reading of the rules is right is for the reviewer."
        )),
    };
    let check = CheckSpec {
        name: "shrunk".into(),
        description: Some(format!(
            "{} disagreement, shrunk from {original} moves to {}",
            f.kind.as_str(),
            f.moves.len() + usize::from(f.at.is_some())
        )),
        ruleset: options.ruleset,
        rules: (options.patch != RulesPatch::default()).then(|| options.patch.clone()),
        position: None,
        size: Some(format!("{}x{}", options.width, options.height)),
        labels: None,
        to_move: None,
        handicap: 0,
        komi: options.komi,
        prisoners: None::<Prisoners>,
        moves: items,
        repeat: None,
        source_text: None,
        expect: Some(expect),
        black_analysis: None,
        white_analysis: None,
        budget: None,
        solver_budget: None,
        reference_solver_budget: None,
        discrepancy: Some(discrepancy),
        graph: None,
        prohibited: Vec::new(),
        permanently_prohibited: Vec::new(),
        claims: Vec::new(),
        ljr: None,
        vjr: None,
    };
    let file = CaseFile {
        format: None,
        id: id.into(),
        title: Some(format!("gtp-diff: {engine} and go-oracle ({}) disagree on {what}", options.ruleset.as_str())),
        source: Source {
            document: format!("gtp-diff against `{program}`"),
            section: Some(format!("random game with seed {game_seed}")),
            lines: None,
            url: None,
        },
        notes: Some(format!(
            "Written by `go-oracle gtp-diff --ruleset {} --size {}x{} --seed {} --komi {}{}` against `{program}` ({engine}).\nThe game had {original} moves; it was shrunk to the moves below, removing pairs of moves while the same kind of disagreement stayed.\nThe oracle: {}.\n{engine}: {}.\n",
            options.ruleset.as_str(),
            options.width,
            options.height,
            options.seed,
            options.komi,
            choice_args(options),
            f.oracle,
            f.engine
        )),
        tags: vec!["gtp-diff".into(), f.kind.as_str().into()],
        positions: Default::default(),
        labels: None,
        checks: vec![check],
    };
    file.to_yaml(
        "Written by go-oracle gtp-diff. The oracle's answer is asserted; the engine's is the discrepancy.\nReview before moving it into oracle-cases/.",
    )
}

/// The move choice's options when they are not the default (` --pass-rate P --ko-rate Q`).
fn choice_args(options: &Options) -> String {
    let mut out = String::new();
    if options.choice.pass_rate > 0.0 {
        out.push_str(&format!(" --pass-rate {}", options.choice.pass_rate));
    }
    if options.choice.ko_rate > 0.0 {
        out.push_str(&format!(" --ko-rate {}", options.choice.ko_rate));
    }
    if options.max_moves != 3 * options.width * options.height {
        out.push_str(&format!(" --max-moves {}", options.max_moves));
    }
    out
}
