//! The VJR parts of a case file (spec `vjr.md`; format in `oracle-cases/README.md`, "VJR
//! checks"): the `vjr:` parameters, the string expectations and the territory diagram.

use super::case_file::{diagram_of, string_point, CaseFile, FinalExpect};
pub use super::case_file::{AnswerExpect, IndependentLifeName, UndefinedWord, VjrParamsSpec};
use super::diagram::parse_grid;
use super::InputError;
use crate::geometry::{Colour, Geometry, Point};
use crate::vjr::{Outcome, VjrStatus};

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

/// What a VJR check asks beyond the moves and the score: its parameters and expectations.
#[derive(Clone, Debug, PartialEq)]
pub struct VjrCheck {
    /// Which description of independent life the assessment uses (VP-1).
    pub independent_life: crate::vjr::IndependentLife,
    /// Which infinite variations V-17 judges (VP-2).
    pub long_cycles: crate::vjr::LongCycles,
    pub strings: Vec<VjrStringExpect>,
    /// V-24, V-25: the territory per point.
    pub territory: Option<Vec<Option<Colour>>>,
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
        let at = string_point(geometry, se, err)?;
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
