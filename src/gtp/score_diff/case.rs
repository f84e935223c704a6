//! The case file of a score-only disagreement: the final position as the start, the
//! oracle's statuses and score asserted, the other side's recorded as the discrepancy.

use super::compare::{Outcome, Statuses};
use super::oracle::{OracleAnswer, ScoreSaid};
use super::other::OtherAnswer;
use crate::engine::result_text;
use crate::geometry::{Geometry, Position};
use crate::parse::case::{
    CaseFile, CheckSpec, Discrepancy, DiscrepancyReason, FinalExpect, Source, StringExpect,
};
use crate::rules::{Prisoners, RulesPatch, RulesetId};

/// Where the other side's answer comes from.
pub enum Against<'a> {
    /// A game record's marks and `RE` (a source claim: reason `source-error`).
    Record,
    /// An external engine (reason `engine-differs`): its name and command line.
    Engine { name: &'a str, program: &'a str },
}

/// What the case file is made of.
pub struct Finding<'a> {
    pub id: &'a str,
    pub file: &'a str,
    pub ruleset: RulesetId,
    pub patch: &'a RulesPatch,
    pub geometry: &'a Geometry,
    pub position: &'a Position,
    pub prisoners: Prisoners,
    pub komi: f64,
    pub budget: u64,
    pub oracle: &'a OracleAnswer,
    pub other: &'a OtherAnswer,
    pub statuses: &'a Statuses,
    pub score: Outcome,
}

/// The case file's text.
pub fn case_text(f: &Finding, against: &Against) -> String {
    let g = f.geometry;
    let mut expect = FinalExpect::default();
    let mut what = Vec::new();
    let mut claims = Vec::new();
    let mut oracle_says = Vec::new();
    if f.statuses.outcome == Outcome::Disagreed {
        what.push("the dead stones");
        expect.strings = f
            .oracle
            .strings
            .iter()
            .map(|(p, status)| StringExpect {
                at: g.name(*p).to_string(),
                status: status.clone(),
                direct_ko_stone: None,
                uncapturable: None,
                independently_alive: None,
                note: None,
            })
            .collect();
        for d in &f.statuses.differing {
            claims.push(format!("{} {} {}", d.colour, d.point, d.other));
            oracle_says.push(format!("{} {} {}", d.colour, d.point, d.oracle));
        }
    }
    if let ScoreSaid::Known(s) = f.oracle.score {
        expect.score = Some(s);
        expect.result = Some(result_text(s));
    }
    if f.score == Outcome::Disagreed {
        what.push("the score");
        if let (Ok(s), ScoreSaid::Known(o)) = (&f.other.score, &f.oracle.score) {
            claims.push(format!("score {}", result_text(*s)));
            oracle_says.push(format!("score {}", result_text(*o)));
        }
    }
    let what = what.join(" and ");
    let (reason, claimant, document, explanation) = match against {
        Against::Record => (
            DiscrepancyReason::SourceError,
            "the record".to_string(),
            format!("the game record `{}`", f.file),
            format!("Found by go-oracle score-diff: the record's dead-stone marks (TB/TW/AE of its last node) and RE against the oracle under {}. A record's marks and result follow the rules it was played under and what the players agreed; whether they fit this ruleset is for the reviewer.", f.ruleset.as_str()),
        ),
        Against::Engine { name, program } => (
            DiscrepancyReason::EngineDiffers,
            name.to_string(),
            format!("score-diff against `{program}` on `{}`", f.file),
            format!("Found by go-oracle score-diff: the engine `{program}` (final_status_list dead, final_score) and the oracle disagree on {what}. Whose reading of the rules is right is for the reviewer."),
        ),
    };
    let check = CheckSpec {
        name: "final-position".into(),
        description: Some(format!("the final position of {}: {what}", f.file)),
        ruleset: f.ruleset,
        rules: (f.patch != &RulesPatch::default()).then(|| f.patch.clone()),
        position: Some(f.position.diagram(g)),
        size: None,
        labels: None,
        to_move: None,
        handicap: 0,
        komi: f.komi,
        prisoners: (f.prisoners != Prisoners::default()).then_some(f.prisoners),
        moves: Vec::new(),
        repeat: None,
        source_text: None,
        expect: Some(expect),
        black_analysis: None,
        white_analysis: None,
        budget: Some(f.budget),
        solver_budget: None,
        reference_solver_budget: None,
        discrepancy: Some(Discrepancy {
            claim: format!("{claimant}: {}", claims.join(", ")),
            oracle: oracle_says.join(", "),
            reason,
            explanation: Some(explanation),
        }),
        graph: None,
        prohibited: Vec::new(),
        permanently_prohibited: Vec::new(),
        claims: Vec::new(),
        ljr: None,
        vjr: None,
    };
    let file = CaseFile {
        format: None,
        id: f.id.into(),
        title: Some(format!(
            "score-diff: {claimant} and go-oracle ({}) disagree on {what}",
            f.ruleset.as_str()
        )),
        source: Source {
            document,
            section: Some("the final position".into()),
            lines: None,
            url: None,
        },
        notes: Some(format!(
            "Written by `go-oracle score-diff --ruleset {} --budget {}` on `{}`.\nThe check starts from the record's final position (its prisoners kept); the oracle's statuses and score are asserted.\n{claimant}: {}.\nThe oracle: {}.\n",
            f.ruleset.as_str(),
            f.budget,
            f.file,
            claims.join(", "),
            oracle_says.join(", ")
        )),
        tags: vec!["score-diff".into()],
        positions: Default::default(),
        labels: None,
        checks: vec![check],
    };
    file.to_yaml(
        "Written by go-oracle score-diff. The oracle's answer is asserted; the other side's is the discrepancy.\nReview before moving it into oracle-cases/.",
    )
}
