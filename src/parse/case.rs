//! Case format v1: the YAML files of `oracle-cases/` (documented in
//! `oracle-cases/README.md`, JSON Schema in `oracle-cases/case.schema.json`).

use super::diagram::{parse_grid, parse_labels, parse_position, parse_size, Labels};
use super::notation::{
    expand_compact, is_compact, parse_compact, parse_move_list, Spot, WrittenMove,
};
use super::InputError;
use crate::engine::{Cycle, Illegal, Prisoners, Start};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::rules::{complete_custom, Rules, RulesPatch, RulesetId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

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
    /// naj.md SOLVE-5); J2003 and VJR, the nodes or states of each status question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver_budget: Option<u64>,
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
    pub vjr: Option<super::case_vjr::VjrParamsSpec>,
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
    pub uncapturable: Option<super::case_vjr::AnswerExpect>,
    /// VJR V-12: whether the string is independently alive under the check's
    /// `independent-life`: `true`, `false` or `undefined`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub independently_alive: Option<super::case_vjr::AnswerExpect>,
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

// ---------------------------------------------------------------------------------------
// Resolved, runnable form.

/// A move ready to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The written text, for messages.
    pub text: String,
    /// The player the text names, if any.
    pub player: Option<Colour>,
    pub target: Target,
    pub expect: StepExpect,
    /// Line of the file where the move is written.
    pub line: usize,
    /// The step's `note` (free text; `export` writes it as the move's comment).
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Point(Point),
    /// A label naming several points: the one where the move is legal is meant.
    AnyOf(char, Vec<Point>),
    Pass,
    KoPass,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct StepExpect {
    pub legal: bool,
    pub reason: Option<Illegal>,
    pub removed_count: Option<u32>,
    pub removed_points: Option<Vec<Point>>,
    pub position: Option<Position>,
    pub prisoners: Option<Prisoners>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct FinalChecks {
    pub position: Option<Position>,
    pub prisoners: Option<Prisoners>,
    pub black: Option<u32>,
    pub white: Option<u32>,
    pub score: Option<f64>,
    pub result: Option<String>,
    pub game_over: Option<bool>,
    pub to_move: Option<Colour>,
    pub black_control: Option<Vec<bool>>,
    pub white_control: Option<Vec<bool>>,
    pub black_score: Option<i64>,
    pub white_score: Option<i64>,
    pub prisoner_difference: Option<i64>,
    pub cycle: Option<Cycle>,
    pub immortal_black: Option<Vec<bool>>,
    pub immortal_white: Option<Vec<bool>>,
    /// Claimed values of the black- and white-analysis under optimal play.
    pub optimal_scores: [Option<i64>; 2],
    /// J2003 statuses: (a point of the string, status, direct ko stone).
    pub j2003_strings: Vec<(Point, crate::status_game::Status, Option<bool>)>,
    /// VJR statuses and answers of final strings.
    pub vjr_strings: Vec<super::case_vjr::VjrStringExpect>,
    /// VJR territory per point.
    pub vjr_territory: Option<Vec<Option<Colour>>>,
    /// Unmarked cells of the black / white control diagrams: the final-position content.
    pub control_content: [Option<Vec<Option<Cell>>>; 2],
    /// Unmarked cells of the immortal diagrams: the content of the tested position.
    pub immortal_content: [Option<Vec<Option<Cell>>>; 2],
}

/// Default search budget (positions explored per immortality test).
pub const DEFAULT_BUDGET: u64 = 200_000;

/// Default budget of the optimal-analysis solver (game states per claim).
pub const DEFAULT_SOLVER_BUDGET: u64 = 20_000;

/// An analysis ready to replay.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub steps: Vec<Step>,
    /// The expected position at its end.
    pub end: Option<Position>,
}

/// A check ready to run.
#[derive(Clone, Debug)]
pub struct Check {
    pub name: String,
    pub ruleset: RulesetId,
    /// `None` when the ruleset is not implemented yet (the check is ignored).
    pub rules: Option<Rules>,
    pub geometry: Geometry,
    pub start: Start,
    pub komi: f64,
    pub steps: Vec<Step>,
    pub expect: FinalChecks,
    /// NAJ black-analysis (White opens) and white-analysis (Black opens).
    pub black_analysis: Option<Analysis>,
    pub white_analysis: Option<Analysis>,
    /// Nodes a search may explore (the reference's immortality test).
    pub budget: u64,
    /// The budget of a solver per question (NAJ: game states plus immortality-test positions
    /// per claim, naj.md SOLVE-5; J2003, VJR: nodes or states per status question).
    pub solver_budget: u64,
    pub has_discrepancy: bool,
    /// Line of the file where the check starts.
    pub line: usize,
    /// LJR: the turns and expectations (the fields above that are not LJR's stay empty).
    pub ljr: Option<super::case_ljr::LjrCheck>,
    /// VJR: which description of independent life the assessment uses (VP-1).
    pub independent_life: crate::vjr::IndependentLife,
}

/// A loaded case file.
#[derive(Clone, Debug)]
pub struct Case {
    pub path: String,
    pub file: CaseFile,
    pub checks: Vec<Check>,
}

/// Finds lines of things in the YAML text, for error messages.
struct Locator<'a> {
    text: &'a str,
}

impl Locator<'_> {
    /// Line (1-based) of the first occurrence of `needle` at or after byte `from`.
    fn line_of(&self, needle: &str, from: usize) -> Option<(usize, usize)> {
        let needle = needle.trim();
        if needle.is_empty() {
            return None;
        }
        let at = self.text.get(from..)?.find(needle)? + from;
        let line = self.text[..at].matches('\n').count() + 1;
        let col = at - self.text[..at].rfind('\n').map(|i| i + 1).unwrap_or(0) + 1;
        Some((line, col))
    }
    fn offset_of_line(&self, line: usize) -> usize {
        if line <= 1 {
            return 0;
        }
        self.text
            .match_indices('\n')
            .nth(line - 2)
            .map(|(i, _)| i + 1)
            .unwrap_or(self.text.len())
    }
    /// Place an error found inside an embedded text (a diagram, a move) in the file.
    fn place(&self, err: InputError, embedded: &str, from_line: usize) -> InputError {
        let from = self.offset_of_line(from_line);
        let first = embedded
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        match self.line_of(first, from) {
            Some((l, c)) => {
                // Lines of the embedded text: count blank leading lines.
                let lead = embedded.lines().take_while(|l| l.trim().is_empty()).count();
                let mut e = err;
                if e.line > 0 {
                    e.line = e.line.saturating_sub(lead);
                }
                let first_col = c - (first.len() - first.trim_start().len()).min(c - 1);
                let col = if e.line <= 1 { c } else { first_col };
                e.shifted(l, col)
            }
            None => {
                let mut e = err;
                e.line = from_line;
                e.column = 1;
                e
            }
        }
    }
}

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

/// Load a case file from disk.
pub fn load_case(path: &Path) -> Result<Case, InputError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| InputError::new(format!("cannot read file: {e}")).in_file(&name))?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    parse_case(&text, &name, Some(&stem))
}

/// Parse and resolve a case file's text. `stem`, when given, must equal the case's id.
pub fn parse_case(text: &str, file: &str, stem: Option<&str>) -> Result<Case, InputError> {
    let parsed: CaseFile = serde_yaml::from_str(text).map_err(|e| {
        let (line, col) = e
            .location()
            .map(|l| (l.line(), l.column()))
            .unwrap_or((0, 0));
        let msg = e.to_string();
        let msg = match msg.find(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        };
        let hint = if msg.contains("unknown field") {
            "see oracle-cases/README.md for the fields of case format v1"
        } else if msg.contains("did not match any variant of untagged enum MoveItem") {
            "a move item is a string (`#[ab]`, `B D4, W C3`) or a mapping with `play:` and expectations"
        } else {
            "see oracle-cases/README.md for case format v1"
        };
        InputError::new(format!("invalid case file: {msg}"))
            .at(line, col)
            .hint(hint)
            .in_file(file)
    })?;
    resolve(parsed, text, file, stem).map_err(|e| e.in_file(file))
}

fn resolve(file: CaseFile, text: &str, path: &str, stem: Option<&str>) -> Result<Case, InputError> {
    let loc = Locator { text };
    let err_at = |needle: &str, from: usize, msg: String| {
        let (l, c) = loc.line_of(needle, from).unwrap_or((1, 1));
        InputError::new(msg).at(l, c)
    };
    if let Some(v) = file.format {
        if v != 1 {
            return Err(err_at(
                "format:",
                0,
                format!("unsupported case format {v}, expected 1"),
            ));
        }
    }
    if let Some(stem) = stem {
        if file.id != stem {
            return Err(err_at(
                "id:",
                0,
                format!("case id `{}` differs from the file name `{stem}`", file.id),
            )
            .hint("the id of a case equals its file name without `.yaml`"));
        }
    }
    if let Some(Lines::Range(r)) = &file.source.lines {
        let ok = r
            .split_once('-')
            .map(|(a, b)| a.trim().parse::<u32>().is_ok() && b.trim().parse::<u32>().is_ok())
            .unwrap_or(false);
        if !ok {
            return Err(err_at(
                "lines:",
                0,
                format!("bad line range `{r}`, expected a number or FIRST-LAST such as 118-143"),
            ));
        }
    }
    if file.checks.is_empty() {
        return Err(err_at(
            "checks:",
            0,
            "a case needs at least one check".into(),
        ));
    }
    let mut names = BTreeSet::new();
    let mut checks = Vec::new();
    let mut search_from = 0;
    for spec in &file.checks {
        let (line, _) = loc
            .line_of(&format!("name: {}", spec.name), search_from)
            .or_else(|| loc.line_of(&spec.name, search_from))
            .unwrap_or((1, 1));
        search_from = loc.offset_of_line(line + 1);
        if !names.insert(spec.name.clone()) {
            return Err(
                InputError::new(format!("duplicate check name `{}`", spec.name))
                    .at(line, 1)
                    .hint("every check of a file needs its own name"),
            );
        }
        if spec.name.is_empty()
            || spec.name.contains(char::is_whitespace)
            || spec.name.contains("::")
        {
            return Err(InputError::new(format!(
                "bad check name `{}`: use letters, digits and `-`",
                spec.name
            ))
            .at(line, 1));
        }
        checks.push(resolve_check(&file, spec, &loc, line)?);
    }
    Ok(Case {
        path: path.to_string(),
        file,
        checks,
    })
}

pub(super) fn diagram_of<'a>(file: &'a CaseFile, value: &'a str) -> &'a str {
    match file.positions.get(value.trim()) {
        Some(d) if !value.contains('\n') => d,
        _ => value,
    }
}

fn resolve_check(
    file: &CaseFile,
    spec: &CheckSpec,
    loc: &Locator,
    line: usize,
) -> Result<Check, InputError> {
    let err = |needle: &str, msg: String| {
        let from = loc.offset_of_line(line);
        let (l, c) = loc.line_of(needle, from).unwrap_or((line, 1));
        InputError::new(msg).at(l, c)
    };
    if spec.ruleset == RulesetId::Ljr {
        let place = |e: InputError, d: &str| loc.place(e, d, line);
        let line_of = |needle: &str| {
            loc.line_of(needle, loc.offset_of_line(line))
                .map(|x| x.0)
                .unwrap_or(line)
        };
        let places = super::case_ljr::Places {
            err: &err,
            place: &place,
        };
        let ljr = super::case_ljr::resolve(file, spec, &places, line, &line_of)?;
        return Ok(Check {
            name: spec.name.clone(),
            ruleset: spec.ruleset,
            rules: None,
            geometry: ljr.geometry.clone(),
            start: Start {
                position: ljr.start.position.clone(),
                to_move: ljr.start.to_move,
                handicap: 0,
                prisoners: ljr.start.captives,
            },
            komi: spec.komi,
            steps: Vec::new(),
            expect: FinalChecks::default(),
            black_analysis: None,
            white_analysis: None,
            budget: ljr.budget,
            solver_budget: DEFAULT_SOLVER_BUDGET,
            has_discrepancy: spec.discrepancy.is_some(),
            line,
            ljr: Some(ljr),
            independent_life: crate::vjr::IndependentLife::DEFAULT,
        });
    }
    // LJR's fields belong to LJR checks.
    let ljr_only = [
        ("graph:", spec.graph.is_some()),
        ("prohibited:", !spec.prohibited.is_empty()),
        (
            "permanently-prohibited:",
            !spec.permanently_prohibited.is_empty(),
        ),
        ("ljr:", spec.ljr.is_some()),
        ("claims:", !spec.claims.is_empty()),
        (
            "dispute-control:",
            spec.expect.as_ref().is_some_and(|f| {
                f.dispute_control.is_some()
                    || f.claims_control.is_some()
                    || f.claims_dead.is_some()
                    || f.permanently_prohibited.is_some()
                    || f.temporarily_prohibited.is_some()
                    || f.passes_needed.is_some()
            }),
        ),
    ];
    // VJR's parameters belong to VJR checks.
    if spec.vjr.is_some() && spec.ruleset != RulesetId::Vjr {
        return Err(err(
            "vjr:",
            format!(
                "`vjr` belongs to VJR checks (ruleset vjr), not {}",
                spec.ruleset
            ),
        ));
    }
    let independent_life = spec
        .vjr
        .as_ref()
        .map(|v| v.independent_life.into())
        .unwrap_or_default();
    if let Some((f, _)) = ljr_only.iter().find(|(_, on)| *on) {
        return Err(err(
            f,
            format!(
                "`{}` belongs to LJR checks (ruleset ljr), not {}",
                f.trim_end_matches(':'),
                spec.ruleset
            ),
        ));
    }
    // Board and start position.
    let position_text = spec.position.as_deref().map(|v| diagram_of(file, v));
    let parsed_position = match position_text {
        Some(d) => Some(parse_position(d).map_err(|e| loc.place(e, d, line))?),
        None => None,
    };
    let sized = match &spec.size {
        Some(s) => Some(parse_size(s).map_err(|e| {
            let (l, c) = loc
                .line_of("size:", loc.offset_of_line(line))
                .unwrap_or((line, 1));
            e.at(l, c)
        })?),
        None => None,
    };
    let (geometry, position) = match (parsed_position, sized) {
        (Some((g, p)), None) => (g, p),
        (None, Some(g)) => {
            let p = Position::empty(g.len());
            (g, p)
        }
        (Some((g, p)), Some(s)) => {
            if g != s {
                return Err(err(
                    "size:",
                    format!(
                        "`size` says {}x{} but the position diagram is {}x{}",
                        s.rect_size().map(|x| x.0).unwrap_or(0),
                        s.rect_size().map(|x| x.1).unwrap_or(0),
                        g.rect_size().map(|x| x.0).unwrap_or(0),
                        g.rect_size().map(|x| x.1).unwrap_or(0)
                    ),
                ));
            }
            (g, p)
        }
        (None, None) => {
            return Err(InputError::new(format!(
                "check `{}` gives neither `position` nor `size`",
                spec.name
            ))
            .at(line, 1)
            .hint("give the start diagram, or `size: WxH` for an empty board"))
        }
    };
    let (width, height) = geometry.rect_size().unwrap_or((0, 0));
    let dead = position.stones_without_liberty(&geometry);
    if !dead.is_empty() {
        let names: Vec<&str> = dead.iter().map(|&p| geometry.name(p)).collect();
        return Err(err(
            "position:",
            format!(
                "the start position has strings without a liberty at {}; every ruleset starts from a legal position",
                names.join(" ")
            ),
        )
        .hint("check the diagram: a string needs an empty neighbour"));
    }
    // Labels.
    let labels_text = spec.labels.as_deref().or(file.labels.as_deref());
    let labels = match labels_text {
        Some(t) => {
            let l = parse_labels(t)
                .map_err(|e| loc.place(e, t, if spec.labels.is_some() { line } else { 1 }))?;
            if (l.width, l.height) != (width, height) {
                return Err(err(
                    "labels:",
                    format!(
                        "labels diagram is {}x{} but the board is {width}x{height}",
                        l.width, l.height
                    ),
                ));
            }
            l
        }
        None => Labels::default(),
    };
    // Rules.
    let rules = match spec.ruleset {
        RulesetId::Custom => {
            let patch = spec.rules.clone().unwrap_or_default();
            Some(complete_custom(&patch).map_err(|m| err("ruleset:", m))?)
        }
        id => id
            .rules()
            .map(|base| spec.rules.as_ref().map(|p| p.apply(&base)).unwrap_or(base)),
    };
    if let Some(r) = &rules {
        if r.game_end_passes == 0 {
            return Err(err(
                "game-end-passes",
                "game-end-passes must be at least 1".into(),
            ));
        }
    }
    let to_move = spec.to_move.map(Colour::from).unwrap_or(Colour::Black);
    if spec.handicap > 0 && to_move != Colour::Black {
        return Err(err(
            "handicap:",
            "a handicap means Black moves first; drop `to-move: white`".into(),
        ));
    }
    if !spec.komi.is_finite() {
        return Err(err("komi:", "komi must be a finite number".into()));
    }
    let start = Start {
        position,
        to_move,
        handicap: spec.handicap,
        prisoners: spec.prisoners.unwrap_or_default(),
    };
    let steps = resolve_moves(
        file,
        &spec.moves,
        spec.repeat.unwrap_or(1),
        &geometry,
        &labels,
        loc,
        line,
    )?;
    let analysis = |a: &Option<AnalysisSpec>| -> Result<Option<Analysis>, InputError> {
        let Some(a) = a else { return Ok(None) };
        let steps = resolve_moves(
            file,
            &a.moves,
            a.repeat.unwrap_or(1),
            &geometry,
            &labels,
            loc,
            line,
        )?;
        let end = match &a.position {
            Some(d) => {
                let d = diagram_of(file, d);
                let (g, p) = parse_position(d).map_err(|e| loc.place(e, d, line))?;
                if g != geometry {
                    return Err(err(
                        "position:",
                        "an analysis end position has another size than the board".into(),
                    ));
                }
                Some(p)
            }
            None => None,
        };
        Ok(Some(Analysis { steps, end }))
    };
    let black_analysis = analysis(&spec.black_analysis)?;
    let white_analysis = analysis(&spec.white_analysis)?;
    if (black_analysis.is_some() || white_analysis.is_some())
        && spec.ruleset.analysis_rules().is_none()
    {
        return Err(err("analysis:", format!("ruleset {} has no analyses; black-analysis and white-analysis are for naj and najn", spec.ruleset)));
    }
    // Final expectations.
    let mut expect = FinalChecks::default();
    if let Some(f) = &spec.expect {
        if let Some(d) = &f.position {
            let d = diagram_of(file, d);
            let (g, p) = parse_position(d).map_err(|e| loc.place(e, d, line))?;
            if g != geometry {
                return Err(err(
                    "expect:",
                    "the expected final position has another size than the board".into(),
                ));
            }
            expect.position = Some(p);
        }
        expect.prisoners = f.prisoners;
        expect.black = f.black;
        expect.white = f.white;
        expect.score = f.score;
        expect.result = f.result.clone();
        expect.game_over = f.game_over;
        expect.to_move = f.to_move.map(Colour::from);
        // A marked diagram: marks, and the content of the unmarked cells (which must match
        // the position the diagram is drawn on).
        type Marked = (Vec<bool>, Vec<Option<Cell>>);
        let marked = |d: &Option<String>, marks: &[char]| -> Result<Option<Marked>, InputError> {
            let Some(d) = d else { return Ok(None) };
            let d = diagram_of(file, d);
            let grid = parse_grid(
                d,
                &|c| "BW2#XxOo.+,".contains(c),
                "`B`, `W`, `2`, `X` (marked) or `#`, `O`, `.` (not)",
            )
            .map_err(|e| loc.place(e, d, line))?;
            if (grid.width, grid.height) != (width, height) {
                return Err(err(
                    "control:",
                    "a marked diagram (control, immortal) has another size than the board".into(),
                ));
            }
            let is_mark =
                |c: &char| marks.contains(c) || "BW2".contains(*c) || (marks == ['X'] && *c == 'X');
            Ok(Some((
                grid.symbols.iter().map(|c| marks.contains(c)).collect(),
                grid.symbols
                    .iter()
                    .map(|c| {
                        if is_mark(c) {
                            None
                        } else {
                            super::diagram::cell_of(*c)
                        }
                    })
                    .collect(),
            )))
        };
        let (black_control, white_control) = if f.control.is_some() {
            if f.black_control.is_some() || f.white_control.is_some() {
                return Err(err(
                    "control:",
                    "give `control` or `black-control`/`white-control`, not both".into(),
                ));
            }
            (
                marked(&f.control, &['B', '2'])?,
                marked(&f.control, &['W', '2'])?,
            )
        } else {
            (
                marked(&f.black_control, &['B', '2'])?,
                marked(&f.white_control, &['W', '2'])?,
            )
        };
        expect.control_content = [
            black_control.as_ref().map(|m| m.1.clone()),
            white_control.as_ref().map(|m| m.1.clone()),
        ];
        expect.black_control = black_control.map(|m| m.0);
        expect.white_control = white_control.map(|m| m.0);
        expect.black_score = f.black_score;
        expect.white_score = f.white_score;
        expect.prisoner_difference = f.prisoner_difference;
        expect.cycle = f.cycle;
        let ib = marked(&f.immortal_black, &['X'])?;
        let iw = marked(&f.immortal_white, &['X'])?;
        expect.immortal_content = [
            ib.as_ref().map(|m| m.1.clone()),
            iw.as_ref().map(|m| m.1.clone()),
        ];
        expect.immortal_black = ib.map(|m| m.0);
        expect.immortal_white = iw.map(|m| m.0);
        expect.optimal_scores = [f.optimal_black_score, f.optimal_white_score];
        if spec.ruleset == RulesetId::Vjr {
            let place = |e: InputError, d: &str| loc.place(e, d, line);
            (expect.vjr_strings, expect.vjr_territory) =
                super::case_vjr::expectations(f, file, &geometry, &err, &place)?;
        } else {
            for se in &f.strings {
                let p = string_point(&geometry, se, &err)?;
                let status = crate::status_game::Status::parse(&se.status).ok_or_else(|| {
                    err(
                        "strings:",
                        format!(
                            "status `{}`: expected uncapturable, capturable-1, capturable-2 or dead",
                            se.status
                        ),
                    )
                })?;
                if se.uncapturable.is_some() || se.independently_alive.is_some() {
                    return Err(err(
                        "strings:",
                        "`uncapturable` and `independently-alive` are VJR's (ruleset vjr)".into(),
                    ));
                }
                expect.j2003_strings.push((p, status, se.direct_ko_stone));
            }
            if !f.strings.is_empty() && spec.ruleset != RulesetId::J2003 {
                return Err(err(
                    "strings:",
                    format!(
                        "string statuses are J2003's or VJR's (ruleset j2003 or vjr), not {}",
                        spec.ruleset
                    ),
                ));
            }
            if f.territory.is_some() {
                return Err(err(
                    "territory:",
                    format!("`territory` is VJR's (ruleset vjr), not {}", spec.ruleset),
                ));
            }
        }
        if expect.optimal_scores.iter().any(Option::is_some)
            && spec.ruleset.analysis_rules().is_none()
        {
            return Err(err(
                "optimal-black-score:",
                format!(
                    "ruleset {} has no analyses; optimal analysis values are for naj and najn",
                    spec.ruleset
                ),
            ));
        }
    }
    Ok(Check {
        name: spec.name.clone(),
        ruleset: spec.ruleset,
        rules,
        geometry,
        start,
        komi: spec.komi,
        steps,
        expect,
        black_analysis,
        white_analysis,
        budget: spec.budget.unwrap_or(DEFAULT_BUDGET),
        solver_budget: spec.solver_budget.unwrap_or(DEFAULT_SOLVER_BUDGET),
        has_discrepancy: spec.discrepancy.is_some(),
        line,
        ljr: None,
        independent_life,
    })
}

/// Resolve a list of move items to steps (shared by the alternation and the analyses).
#[allow(clippy::too_many_arguments)]
fn resolve_moves(
    file: &CaseFile,
    items: &[MoveItem],
    repeat: u32,
    geometry: &Geometry,
    labels: &Labels,
    loc: &Locator,
    line: usize,
) -> Result<Vec<Step>, InputError> {
    let mut steps = Vec::new();
    let mut from = loc.offset_of_line(line);
    for item in items {
        match item {
            MoveItem::Text(t) => {
                let (l, c) = loc.line_of(t, from).unwrap_or((line, 1));
                from = loc.offset_of_line(l);
                let place = |e: InputError| {
                    let mut e = e;
                    e.line = l;
                    e.column = c + e.column.saturating_sub(1);
                    e
                };
                let written: Vec<WrittenMove> = if is_compact(t) {
                    let compact = parse_compact(t).map_err(place)?;
                    if compact.continues {
                        return Err(place(InputError::new(
                            "the sequence ends with `..`: it cannot be replayed as written",
                        ))
                        .hint(
                            "spell the continuation out and keep the printed text in `source-text`",
                        ));
                    }
                    expand_compact(&compact, t, repeat)
                } else {
                    parse_move_list(t).map_err(place)?
                };
                for w in written {
                    let target = resolve_spot(&w, geometry, labels)
                        .map_err(|m| place(InputError::new(m)))?;
                    steps.push(Step {
                        text: w.text.clone(),
                        player: w.player,
                        target,
                        expect: StepExpect {
                            legal: true,
                            ..StepExpect::default()
                        },
                        line: l,
                        note: None,
                    });
                }
            }
            MoveItem::Step(s) => {
                let (l, c) = loc.line_of(&s.play, from).unwrap_or((line, 1));
                from = loc.offset_of_line(l);
                let place = |e: InputError| {
                    let mut e = e;
                    e.line = l;
                    e.column = c;
                    e
                };
                let w = super::notation::parse_move(&s.play).map_err(place)?;
                let target =
                    resolve_spot(&w, geometry, labels).map_err(|m| place(InputError::new(m)))?;
                let legal = s.legal.unwrap_or(true);
                if legal && s.reason.is_some() {
                    return Err(place(InputError::new(
                        "`reason` is given but the move is not marked `legal: false`",
                    )));
                }
                let (removed_count, removed_points) = match &s.removed {
                    None => (None, None),
                    Some(Removed::Count(n)) => (Some(*n), None),
                    Some(Removed::Points(ps)) => {
                        let mut pts = Vec::new();
                        for p in ps {
                            let wm = super::notation::parse_move(p).map_err(place)?;
                            match resolve_spot(&wm, geometry, labels).map_err(|m| place(InputError::new(m)))? {
                                Target::Point(q) => pts.push(q),
                                Target::AnyOf(ch, _) => {
                                    return Err(place(InputError::new(format!(
                                        "label `{ch}` names several points; list removed points by coordinates"
                                    ))))
                                }
                                _ => return Err(place(InputError::new(format!("`{p}` is not a point")))),
                            }
                        }
                        pts.sort_unstable();
                        (Some(pts.len() as u32), Some(pts))
                    }
                };
                let position = match &s.position {
                    Some(d) => {
                        let d = diagram_of(file, d);
                        let (g, p) = parse_position(d).map_err(|e| loc.place(e, d, l))?;
                        if &g != geometry {
                            return Err(place(InputError::new(
                                "the diagram after this move has another size than the board",
                            )));
                        }
                        Some(p)
                    }
                    None => None,
                };
                steps.push(Step {
                    text: w.text.clone(),
                    player: w.player,
                    target,
                    expect: StepExpect {
                        legal,
                        reason: s.reason,
                        removed_count,
                        removed_points,
                        position,
                        prisoners: s.prisoners,
                    },
                    line: l,
                    note: s.note.clone(),
                });
            }
        }
    }
    Ok(steps)
}

fn resolve_spot(w: &WrittenMove, geometry: &Geometry, labels: &Labels) -> Result<Target, String> {
    Ok(match &w.spot {
        Spot::Pass => Target::Pass,
        Spot::KoPass => Target::KoPass,
        Spot::Coord(c) => Target::Point(geometry.parse_gtp(c).ok_or_else(|| {
            let (wd, h) = geometry.rect_size().unwrap_or((0, 0));
            format!("`{c}` is not a point of this {wd}x{h} board (columns A-Z without I, row 1 at the bottom)")
        })?),
        Spot::Label(l) => match labels.points.get(l) {
            Some(ps) if ps.len() == 1 => Target::Point(ps[0]),
            Some(ps) => Target::AnyOf(*l, ps.clone()),
            None => {
                let known: String = labels.points.keys().collect();
                return Err(if known.is_empty() {
                    format!("label `{l}` is used but the check has no labels diagram")
                } else {
                    format!("unknown label `{l}`; the labels diagram has `{known}`")
                });
            }
        },
    })
}

/// The JSON Schema of case format v1, generated from these types.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(CaseFile);
    serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod to_yaml_tests {
    use super::*;

    #[test]
    fn written_case_parses_back_with_block_diagrams() {
        let text = "id: t\nsource: {document: x}\nnotes: |\n  two\n  lines\nchecks:\n  - name: c\n    ruleset: tromp-taylor\n    position: |\n      . # .\n      . O .\n    moves: [\"B A1, W pass\", {play: W A2, legal: false, reason: occupied}]\n    expect: {score: 1.5, result: B+1.5}\n";
        let file: CaseFile = serde_yaml::from_str(text).unwrap();
        let written = file.to_yaml("written by a test\n\nsecond");
        assert!(
            written.starts_with("# written by a test\n#\n# second\n"),
            "{written}"
        );
        assert!(written.contains("position: |"), "{written}");
        parse_case(&written, "t.yaml", Some("t")).unwrap();
    }
}
