//! Case format v1 as written: the YAML form of the files of `oracle-cases/` (documented in
//! `oracle-cases/README.md`, JSON Schema in `oracle-cases/case.schema.json`), read and
//! written with serde. [`super::resolve`] turns it into runnable [`super::check::Check`]s.

use super::InputError;
use crate::engine::{Cycle, Illegal, Prisoners};
use crate::geometry::{Colour, Geometry, Point};
use crate::rules::{RulesPatch, RulesetId};
use crate::vjr::{Coverage, FormationKind, IndependentLife, LongCycles, Outcome};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One case file: one documented example, with one or more named checks.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CaseFile {
    /// Format version; 1 if left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<u32>,
    /// Unique id of the case; must equal the file name without `.yaml`.
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Where the example is documented.
    pub source: Source,
    /// Free text: what the example shows, how it was encoded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Named position diagrams that checks refer to by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub positions: BTreeMap<String, String>,
    /// Labels diagram shared by every check (a check may give its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<String>,
    pub checks: Vec<CheckSpec>,
}

/// The source of an example.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Source {
    /// Path relative to `shared/` (e.g. `seeds/004_831c77a2715afbe2.txt`, `rules/tt.md`), or
    /// the name of a publication.
    pub document: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Line numbers in the document: `118` or `118-143`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<Lines>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Lines {
    One(u32),
    Range(String),
}

/// One named check: a start, a move sequence, expectations.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CheckSpec {
    /// Unique within the file; used in test names `<file>::<check>::<engine>`.
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The ruleset whose rules apply.
    pub ruleset: RulesetId,
    /// Changes to the ruleset's parameters (for `custom`: the rules themselves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesPatch>,
    /// Start position: a diagram, or the name of an entry of `positions`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Board size `WxH` for an empty start (or to confirm the diagram's size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// Labels diagram for this check (else the file's `labels`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<String>,
    /// Player to move at the start; Black if left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<ColourName>,
    /// Black takes this many turns in a row first.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub handicap: u32,
    /// Subtracted from Black minus White.
    #[serde(default, skip_serializing_if = "is_zero_f")]
    pub komi: f64,
    /// Prisoners before the first move (LJR: `captives`).
    #[serde(default, alias = "captives", skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<Prisoners>,
    /// The moves, in order: strings (a compact sequence, or explicit moves separated by
    /// commas) or steps with expectations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveItem>,
    /// How often the `*[...]` block of a compact sequence is played (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeat: Option<u32>,
    /// The source's own text of the sequence, when the case had to spell out `..` or `etc.`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_text: Option<String>,
    /// Expectations at the end of the sequence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<FinalExpect>,
    /// NAJ: the black-analysis (White moves first, ends after three passes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_analysis: Option<AnalysisSpec>,
    /// NAJ: the white-analysis (Black moves first, ends after three passes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_analysis: Option<AnalysisSpec>,
    /// Nodes a search may explore (default 200,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<u64>,
    /// The budget of a solver per question (default 20,000): NAJ, the work of the
    /// optimal-analysis solver per claim (game states plus immortality-test positions, spec
    /// naj-solver.md SOLVE-5); J2003 and VJR, the nodes or states of each status question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver_budget: Option<u64>,
    /// The reference's `solver-budget` when it differs (default: `solver-budget`): the budgets
    /// count different work (the reference's nodes, the optimized engine's states), and a
    /// position the reference's literal search cannot decide in any feasible budget (a real
    /// game end) is given a small one, so that it says so quickly (undetermined, ignored).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_solver_budget: Option<u64>,
    /// The source claims something the oracle does not reproduce.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discrepancy: Option<Discrepancy>,
    /// LJR: a general board instead of a rectangle: points `p0` ... and neighbour pairs; the
    /// `position` is then one row of symbols, one per point in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<GraphSpec>,
    /// LJR: initially prohibited locations (L-2), points or labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prohibited: Vec<String>,
    /// LJR: locations already permanently prohibited at the start (L-9.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub permanently_prohibited: Vec<String>,
    /// LJR L-17: claims after the end, in order: `B neutral C3`, `W dead A1`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<String>,
    /// LJR: the ruleset's named parameters (spec ljr.md LP-1, LP-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ljr: Option<crate::ljr::LjrParams>,
    /// VJR: the ruleset's named parameters (spec vjr.md VP-1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vjr: Option<VjrParamsSpec>,
}

/// A general board (spec ljr.md L-1): `points` locations `p0` ... `p(points-1)`, and the
/// neighbour pairs.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct GraphSpec {
    pub points: usize,
    pub edges: Vec<(usize, usize)>,
}

fn is_zero(x: &u32) -> bool {
    *x == 0
}
fn is_zero_f(x: &f64) -> bool {
    *x == 0.0
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ColourName {
    Black,
    White,
}

impl From<ColourName> for Colour {
    fn from(c: ColourName) -> Colour {
        match c {
            ColourName::Black => Colour::Black,
            ColourName::White => Colour::White,
        }
    }
}

/// An item of `moves`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum MoveItem {
    /// `O[pbpdppp]`, or `B D4, W C3`, or `W pass`: every move expected legal.
    Text(String),
    /// One move with expectations.
    Step(StepSpec),
}

/// One move with what the source says about it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct StepSpec {
    /// The move: `B D4`, `W pass`, `B a` (a label), `W P` (ko-pass).
    pub play: String,
    /// Expected legality; true if left out. An illegal move changes nothing: the same
    /// player moves next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// Expected reason when illegal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Illegal>,
    /// Stones the move removes: a number, or the points (coordinates or labels).
    #[serde(default, alias = "captured", skip_serializing_if = "Option::is_none")]
    pub removed: Option<Removed>,
    /// Position after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Prisoners after the move (LJR: `captives`).
    #[serde(default, alias = "captives", skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<Prisoners>,
    /// LJR: the locations whose stones the turn's cycle removal took (L-7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle_removed: Option<Vec<String>>,
    /// LJR: the permanently prohibited locations after the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanently_prohibited: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl StepSpec {
    /// A step that plays `play` and expects nothing but legality (for writers of cases).
    pub fn play(play: impl Into<String>) -> StepSpec {
        StepSpec {
            play: play.into(),
            legal: None,
            reason: None,
            removed: None,
            position: None,
            prisoners: None,
            cycle_removed: None,
            permanently_prohibited: None,
            note: None,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Removed {
    Count(u32),
    Points(Vec<String>),
}

/// Expectations at the end of a check.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FinalExpect {
    /// Position at the end: a diagram or the name of an entry of `positions`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Prisoners at the end (LJR: `captives`, stones removed by captures and cycle removals).
    #[serde(default, alias = "captives", skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<Prisoners>,
    /// LJR: the permanently prohibited locations at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanently_prohibited: Option<Vec<String>>,
    /// LJR: the temporarily prohibited locations at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temporarily_prohibited: Option<Vec<String>>,
    /// LJR: passes needed to end the game (LC-2: 1, 2 or 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passes_needed: Option<u8>,
    /// LJR L-17: control by counting without disagreement from the check's `claims`, marked
    /// like `control`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims_control: Option<String>,
    /// LJR L-17: the stones the claims make dead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims_dead: Option<Vec<String>>,
    /// LJR: control by disputes (L-17), marked like `control`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dispute_control: Option<String>,
    /// Black's points (area scoring).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<u32>,
    /// White's points (area scoring).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<u32>,
    /// Black minus White minus komi.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// `B+x`, `W+x` or `tie`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Whether the game has ended (by consecutive passes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<ColourName>,
    /// NAJ: intersections Black controls (N-18): `B` or `2` marks them; other symbols
    /// (the final-position content) mark the rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_control: Option<String>,
    /// NAJ: intersections White controls (N-19): `W` or `2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_control: Option<String>,
    /// NAJ: both controls in one diagram: `B`, `W`, `2` (both).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<String>,
    /// NAJ black-score (N-21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_score: Option<i64>,
    /// NAJ white-score (N-21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_score: Option<i64>,
    /// NAJ prisoner-difference (N-22): white stones removed minus black stones removed
    /// during the alternation (starting prisoners included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoner_difference: Option<i64>,
    /// NAJN: the long cycle that ends the alternation (N-24).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Cycle>,
    /// NAJ N-17 in the position at the end of the moves: `X` on every immortal black
    /// stone; any other symbol elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immortal_black: Option<String>,
    /// The same for White.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immortal_white: Option<String>,
    /// NAJ: the black-analysis value under optimal play from the final-position (Black
    /// maximises his black-score, White minimises it), as a source claims it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal_black_score: Option<i64>,
    /// NAJ: the white-analysis value under optimal play (White maximises his white-score).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal_white_score: Option<i64>,
    /// J2003 (J-41 ... J-50) or VJR (V-19 ... V-22): statuses of final strings, each named
    /// by one of its points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strings: Vec<StringExpect>,
    /// VJR V-25: the territory of the final position: `B` and `W` mark each player's
    /// territory; `#`, `O`, `.` mark points that are not territory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub territory: Option<String>,
}

/// The point `at` of a string expectation, or an error naming it.
pub(super) fn string_point(
    geometry: &Geometry,
    se: &StringExpect,
    err: &dyn Fn(&str, String) -> InputError,
) -> Result<Point, InputError> {
    geometry.parse_gtp(&se.at).ok_or_else(|| {
        err(
            "strings:",
            format!(
                "`{}` is not a point of this board (GTP coordinates, e.g. C3)",
                se.at
            ),
        )
    })
}

/// J2003 or VJR: the expected status of the final string through `at`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct StringExpect {
    /// A point of the string (GTP coordinates, e.g. `C3`).
    pub at: String,
    /// J2003: `uncapturable`, `capturable-1`, `capturable-2` or `dead`; VJR:
    /// `independently-alive`, `alive-in-seki`, `dead` or `undefined`.
    pub status: String,
    /// J-48: whether it is a direct ko stone (default: not checked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direct_ko_stone: Option<bool>,
    /// VJR V-13: whether the string is uncapturable: `true`, `false` or `undefined` (V-15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uncapturable: Option<AnswerExpect>,
    /// VJR V-12: whether the string is independently alive under the check's
    /// `independent-life`: `true`, `false` or `undefined`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub independently_alive: Option<AnswerExpect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An analysis of NAJ (naj.md N-15, N-16): its moves and the position at its end.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct AnalysisSpec {
    /// The moves, as in the check's `moves`; the black-analysis opens with White, the
    /// white-analysis with Black.
    #[serde(default)]
    pub moves: Vec<MoveItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeat: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_text: Option<String>,
    /// The position at the end of the analysis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What the source claims, what the oracle finds, and why they differ.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Discrepancy {
    pub claim: String,
    pub oracle: String,
    pub reason: DiscrepancyReason,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DiscrepancyReason {
    SourceError,
    Ambiguity,
    OurBug,
    NotReplayable,
    /// An external engine answers otherwise than the oracle (written by `gtp-diff`); whose
    /// reading of the rules is right is for the reviewer to say.
    EngineDiffers,
}

/// `independent-life` (spec vjr.md VP-1), as a case file spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum IndependentLifeName {
    PassAliveAll,
    PassAliveOne,
    TwoEyeAll,
    TwoEyeOne,
    NEyeAll,
    NEyeOne,
}

impl From<IndependentLifeName> for IndependentLife {
    fn from(n: IndependentLifeName) -> IndependentLife {
        use IndependentLifeName::*;
        let (formation, coverage) = match n {
            PassAliveAll => (FormationKind::PassAlive, Coverage::All),
            PassAliveOne => (FormationKind::PassAlive, Coverage::One),
            TwoEyeAll => (FormationKind::TwoEye, Coverage::All),
            TwoEyeOne => (FormationKind::TwoEye, Coverage::One),
            NEyeAll => (FormationKind::NEye, Coverage::All),
            NEyeOne => (FormationKind::NEye, Coverage::One),
        };
        IndependentLife {
            formation,
            coverage,
        }
    }
}

/// `long-cycles` (spec vjr.md VP-2), as a case file spells it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LongCyclesName {
    /// Only the sending-two-returning-one cycles the paper names are judged (V-17).
    #[default]
    SendingTwoReturningOne,
    /// Every cycle in which one player loses more stones is judged against him (V-17).
    InfiniteDisturbance,
}

impl From<LongCyclesName> for LongCycles {
    fn from(n: LongCyclesName) -> LongCycles {
        match n {
            LongCyclesName::SendingTwoReturningOne => LongCycles::SendingTwoReturningOne,
            LongCyclesName::InfiniteDisturbance => LongCycles::InfiniteDisturbance,
        }
    }
}

/// A check's `vjr:` parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct VjrParamsSpec {
    /// VP-1: which description of independent life (default `pass-alive-all`).
    #[serde(default = "pass_alive_all")]
    pub independent_life: IndependentLifeName,
    /// VP-2: which infinite variations V-17 judges (default `sending-two-returning-one`).
    #[serde(default, skip_serializing_if = "is_default_long_cycles")]
    pub long_cycles: LongCyclesName,
}

fn pass_alive_all() -> IndependentLifeName {
    IndependentLifeName::PassAliveAll
}

fn is_default_long_cycles(n: &LongCyclesName) -> bool {
    *n == LongCyclesName::default()
}

/// The word `undefined` (V-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum UndefinedWord {
    Undefined,
}

/// An expected answer: `true`, `false` or `undefined`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum AnswerExpect {
    Bool(bool),
    Word(UndefinedWord),
}

impl AnswerExpect {
    /// As an answer to "is it so?": `true` is yes.
    pub fn outcome(self) -> Outcome {
        match self {
            AnswerExpect::Bool(true) => Outcome::Yes,
            AnswerExpect::Bool(false) => Outcome::No,
            AnswerExpect::Word(UndefinedWord::Undefined) => Outcome::Undefined,
        }
    }
}

/// Default search budget (positions explored per immortality test).
pub const DEFAULT_BUDGET: u64 = 200_000;

/// Default budget of the optimal-analysis solver (game states per claim).
pub const DEFAULT_SOLVER_BUDGET: u64 = 20_000;

impl CaseFile {
    /// The file's text in case format v1, after `header` (comment lines, each starting with
    /// `# `, or empty). Diagrams and notes are written as literal blocks. Used by the
    /// commands that write case skeletons (`import`, `gtp-diff`); what they write parses
    /// back with `parse_case`.
    pub fn to_yaml(&self, header: &str) -> String {
        let body = serde_yaml::to_string(self).unwrap_or_else(|e| format!("# not written: {e}\n"));
        let mut out = String::new();
        for line in header.lines() {
            if line.is_empty() {
                out.push_str("#\n");
            } else {
                out.push_str("# ");
                out.push_str(line);
                out.push('\n');
            }
        }
        out.push_str(&body);
        out
    }
}

pub(super) fn diagram_of<'a>(file: &'a CaseFile, value: &'a str) -> &'a str {
    match file.positions.get(value.trim()) {
        Some(d) if !value.contains('\n') => d,
        _ => value,
    }
}

/// The JSON Schema of case format v1, generated from these types.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(CaseFile);
    serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
}
