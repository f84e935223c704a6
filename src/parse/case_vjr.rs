//! The VJR parts of a case file (spec `vjr.md`; format in `oracle-cases/README.md`, "VJR
//! checks"): the `vjr:` parameters, the string expectations and the territory diagram.

use super::case::{diagram_of, CaseFile, FinalExpect};
use super::diagram::parse_grid;
use super::InputError;
use crate::geometry::{Colour, Geometry, Point};
use crate::vjr::{Coverage, FormationKind, IndependentLife, Outcome, VjrStatus};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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

/// A check's `vjr:` parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct VjrParamsSpec {
    /// VP-1: which description of independent life (default `pass-alive-all`).
    pub independent_life: IndependentLifeName,
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

/// The expectation about one final string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VjrStringExpect {
    pub at: Point,
    pub status: VjrStatus,
    /// V-13 "uncapturable?" (`Yes` = uncapturable).
    pub uncapturable: Option<Outcome>,
    /// V-12 "independently alive?".
    pub independently_alive: Option<Outcome>,
}

type Err<'a> = dyn Fn(&str, String) -> InputError + 'a;
/// The string expectations and the territory per point.
type Expectations = (Vec<VjrStringExpect>, Option<Vec<Option<Colour>>>);
type Place<'a> = dyn Fn(InputError, &str) -> InputError + 'a;

/// The string expectations and the territory of a VJR check.
pub(super) fn expectations(
    f: &FinalExpect,
    file: &CaseFile,
    geometry: &Geometry,
    err: &Err<'_>,
    place: &Place<'_>,
) -> Result<Expectations, InputError> {
    let mut out = Vec::new();
    for se in &f.strings {
        let at = super::case::string_point(geometry, se, err)?;
        let status = VjrStatus::parse(&se.status).ok_or_else(|| {
            err(
                "strings:",
                format!(
                    "status `{}`: expected independently-alive, alive-in-seki, dead or undefined (VJR)",
                    se.status
                ),
            )
        })?;
        if se.direct_ko_stone.is_some() {
            return Err(err(
                "direct-ko-stone",
                "`direct-ko-stone` is J2003's; VJR has no direct ko stones".into(),
            ));
        }
        out.push(VjrStringExpect {
            at,
            status,
            uncapturable: se.uncapturable.map(AnswerExpect::outcome),
            independently_alive: se.independently_alive.map(AnswerExpect::outcome),
        });
    }
    let territory = match &f.territory {
        None => None,
        Some(d) => {
            let d = diagram_of(file, d);
            let grid = parse_grid(
                d,
                &|c| "BW#XxOo.+,".contains(c),
                "`B`, `W` (territory) or `#`, `O`, `.` (not territory)",
            )
            .map_err(|e| place(e, d))?;
            let (w, h) = geometry.rect_size().unwrap_or((0, 0));
            if (grid.width, grid.height) != (w, h) {
                return Err(err(
                    "territory:",
                    "the territory diagram has another size than the board".into(),
                ));
            }
            Some(
                grid.symbols
                    .iter()
                    .map(|c| match c {
                        'B' => Some(Colour::Black),
                        'W' => Some(Colour::White),
                        _ => None,
                    })
                    .collect(),
            )
        }
    };
    Ok((out, territory))
}
