//! The vocabulary of the VJR status assessment (spec `vjr.md` V-1 ... V-30), shared by the
//! engines (which answer single status questions) and by the procedure that combines their
//! answers into statuses, territory and a score ([`crate::procedure::vjr`]). It depends on
//! the geometry only.
//!
//! A status question is a game between the *seeker*, who tries to reach a target, and the
//! other player (V-12). For "uncapturable?" the seeker is the opponent of the string's
//! owner and the target is the capture of the string; for "independently alive?" the seeker
//! is the owner and the target is one of his formations on the string's intersections.
//! An answer is three-valued (V-15): the seeker can force the target, cannot, or the rules
//! do not decide (an infinite variation that no precedent covers decides it).

use crate::geometry::{Colour, Point};
use serde::Serialize;
use std::fmt;

/// The kind of formation that makes a string independently alive (V-8 ... V-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormationKind {
    /// V-8: strings and exactly two single empty intersections, each string next to both.
    TwoEye,
    /// V-9: strings and two or more single empty intersections, each string next to two.
    NEye,
    /// V-10: Benson's unconditional life, with only empty regions as eyes.
    PassAlive,
}

/// Whether the formation must be on one intersection of the string or on all (V-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Coverage {
    /// "on at least one intersection of the string".
    One,
    /// "on all intersections of the string" (one formation holds them all).
    All,
}

/// The ruleset parameter `independent-life` (VP-1): which of the paper's six descriptions of
/// "independently alive" is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndependentLife {
    pub formation: FormationKind,
    pub coverage: Coverage,
}

impl IndependentLife {
    /// The default: pass-alive on all intersections (VP-1).
    pub const DEFAULT: IndependentLife = IndependentLife {
        formation: FormationKind::PassAlive,
        coverage: Coverage::All,
    };

    /// The six values, in the order of the paper's list... reordered by name on the CLI.
    pub const ALL: [IndependentLife; 6] = [
        IndependentLife {
            formation: FormationKind::PassAlive,
            coverage: Coverage::All,
        },
        IndependentLife {
            formation: FormationKind::PassAlive,
            coverage: Coverage::One,
        },
        IndependentLife {
            formation: FormationKind::TwoEye,
            coverage: Coverage::All,
        },
        IndependentLife {
            formation: FormationKind::TwoEye,
            coverage: Coverage::One,
        },
        IndependentLife {
            formation: FormationKind::NEye,
            coverage: Coverage::All,
        },
        IndependentLife {
            formation: FormationKind::NEye,
            coverage: Coverage::One,
        },
    ];

    /// `pass-alive-all`, `two-eye-one`, ... (the CLI and case-file names).
    pub fn name(self) -> &'static str {
        match (self.formation, self.coverage) {
            (FormationKind::PassAlive, Coverage::All) => "pass-alive-all",
            (FormationKind::PassAlive, Coverage::One) => "pass-alive-one",
            (FormationKind::TwoEye, Coverage::All) => "two-eye-all",
            (FormationKind::TwoEye, Coverage::One) => "two-eye-one",
            (FormationKind::NEye, Coverage::All) => "n-eye-all",
            (FormationKind::NEye, Coverage::One) => "n-eye-one",
        }
    }

    pub fn parse(s: &str) -> Option<IndependentLife> {
        IndependentLife::ALL.into_iter().find(|x| x.name() == s)
    }
}

impl Default for IndependentLife {
    fn default() -> Self {
        IndependentLife::DEFAULT
    }
}

impl fmt::Display for IndependentLife {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl clap::ValueEnum for IndependentLife {
    fn value_variants<'a>() -> &'a [Self] {
        &IndependentLife::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

impl Serialize for IndependentLife {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The ruleset parameter `long-cycles` (VP-2): which infinite variations V-17 judges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LongCycles {
    /// Only a cycle removing exactly two stones of one player and one of the other, judged
    /// against the player who loses two (the default).
    #[default]
    SendingTwoReturningOne,
    /// Every cycle removing more stones of one player than of the other, judged against
    /// that player ("infinite disturbance is prohibited" as a principle).
    InfiniteDisturbance,
}

impl LongCycles {
    pub const ALL: [LongCycles; 2] = [
        LongCycles::SendingTwoReturningOne,
        LongCycles::InfiniteDisturbance,
    ];

    /// `sending-two-returning-one`, `infinite-disturbance` (the CLI and case-file names).
    pub fn name(self) -> &'static str {
        match self {
            LongCycles::SendingTwoReturningOne => "sending-two-returning-one",
            LongCycles::InfiniteDisturbance => "infinite-disturbance",
        }
    }

    /// V-17: the player a cycle is judged against, from the stones it removed of each
    /// colour (Black, White); `None`: the cycle is undefined (V-16).
    pub fn sender(self, removed_black: u32, removed_white: u32) -> Option<Colour> {
        match (self, removed_black, removed_white) {
            (_, 2, 1) => Some(Colour::Black),
            (_, 1, 2) => Some(Colour::White),
            (LongCycles::InfiniteDisturbance, b, w) if b > w => Some(Colour::Black),
            (LongCycles::InfiniteDisturbance, b, w) if w > b => Some(Colour::White),
            _ => None,
        }
    }
}

impl fmt::Display for LongCycles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl clap::ValueEnum for LongCycles {
    fn value_variants<'a>() -> &'a [Self] {
        &LongCycles::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// One status question about one string of the final position (V-12, V-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Question {
    /// V-13: can the opponent of the owner force the capture of the string?
    Capture,
    /// V-12: can the owner necessarily establish a formation of this kind on the string?
    Formation(IndependentLife),
}

/// A status question: the string (its points in the final position), its owner, and what
/// is asked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VjrQuestion {
    /// The analysed string's points, in board order.
    pub string: Vec<Point>,
    pub owner: Colour,
    pub question: Question,
    /// Which infinite variations V-17 judges (VP-2).
    pub long_cycles: LongCycles,
}

impl VjrQuestion {
    /// The player who tries to reach the target (V-12, V-13).
    pub fn seeker(&self) -> Colour {
        match self.question {
            Question::Capture => self.owner.opponent(),
            Question::Formation(_) => self.owner,
        }
    }

    /// The player who moves first in every variation: the owner's opponent (V-5).
    pub fn first_mover(&self) -> Colour {
        self.owner.opponent()
    }
}

/// The answer to a question (V-15): can the seeker force the target?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The other player can force a variation that ends without the target (V-15).
    No,
    /// The question depends on an infinite variation that no precedent covers (V-16).
    Undefined,
    /// The seeker can force the target.
    Yes,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::No => "no",
            Outcome::Undefined => "undefined",
            Outcome::Yes => "yes",
        }
    }

    /// For the seeker: the best of two outcomes (V-15's order No < Undefined < Yes).
    pub fn best(self, other: Outcome) -> Outcome {
        self.max(other)
    }

    /// The answer to the opposite question (V-13: uncapturable is "the opponent cannot
    /// force the capture"): yes and no exchanged, undefined stays.
    pub fn negated(self) -> Outcome {
        match self {
            Outcome::Yes => Outcome::No,
            Outcome::No => Outcome::Yes,
            Outcome::Undefined => Outcome::Undefined,
        }
    }
}

/// The status of a final string (V-19 ... V-21), or `Undefined` when the rules do not decide
/// it (V-22). An engine that ran out of budget gives no status at all (`None`), which the
/// reports call `undetermined`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VjrStatus {
    IndependentlyAlive,
    AliveInSeki,
    Dead,
    Undefined,
}

impl VjrStatus {
    pub fn name(self) -> &'static str {
        match self {
            VjrStatus::IndependentlyAlive => "independently-alive",
            VjrStatus::AliveInSeki => "alive-in-seki",
            VjrStatus::Dead => "dead",
            VjrStatus::Undefined => "undefined",
        }
    }

    pub fn parse(s: &str) -> Option<VjrStatus> {
        [
            VjrStatus::IndependentlyAlive,
            VjrStatus::AliveInSeki,
            VjrStatus::Dead,
            VjrStatus::Undefined,
        ]
        .into_iter()
        .find(|x| x.name() == s)
    }

    /// V-19, V-20.
    pub fn is_alive(self) -> Option<bool> {
        match self {
            VjrStatus::IndependentlyAlive | VjrStatus::AliveInSeki => Some(true),
            VjrStatus::Dead => Some(false),
            VjrStatus::Undefined => None,
        }
    }
}

/// One final string as the assessment found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VjrStringReport {
    pub colour: Colour,
    /// Its points, in board order.
    pub points: Vec<Point>,
    /// Uncapturable (V-13): `Some(Yes)` when the opponent cannot force the capture.
    /// `None`: undetermined within the budget.
    pub uncapturable: Option<Outcome>,
    /// Independently alive (V-12) under the assessment's `independent-life`.
    pub independently_alive: Option<Outcome>,
    /// The status (V-19 ... V-22); `None`: undetermined within the budget.
    pub status: Option<VjrStatus>,
}

/// The status assessment of a final position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VjrAssessment {
    pub independent_life: IndependentLife,
    pub long_cycles: LongCycles,
    pub strings: Vec<VjrStringReport>,
    /// States (or nodes) the engine's solver visited over all questions.
    pub explored: u64,
}

impl VjrAssessment {
    /// The status of the string on every point (`None` on empty points or undetermined).
    pub fn status_at(&self, len: usize) -> Vec<Option<VjrStatus>> {
        let mut out = vec![None; len];
        for s in &self.strings {
            for &p in &s.points {
                out[p] = s.status;
            }
        }
        out
    }

    /// Every status decided and defined: only then is there a territory and a score.
    pub fn is_settled(&self) -> bool {
        self.strings
            .iter()
            .all(|s| matches!(s.status, Some(x) if x != VjrStatus::Undefined))
    }
}

/// Territory and score of a settled assessment (V-24 ... V-28).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VjrTerritory {
    /// Per point: `Some(c)` when the point is `c`'s territory (V-25), after the removals.
    pub owner: Vec<Option<Colour>>,
    /// Dead stones removed (V-24), per colour of the stones.
    pub removed_black: u32,
    pub removed_white: u32,
}

impl VjrTerritory {
    pub fn count(&self, c: Colour) -> u32 {
        self.owner.iter().filter(|&&o| o == Some(c)).count() as u32
    }

    /// V-27: Black's territory and prisoners from removed white stones, minus White's.
    pub fn board_score(&self) -> i64 {
        (self.count(Colour::Black) as i64 + self.removed_white as i64)
            - (self.count(Colour::White) as i64 + self.removed_black as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_cycles_readings_agree_on_the_named_shape_and_differ_on_others() {
        for reading in LongCycles::ALL {
            assert_eq!(reading.sender(2, 1), Some(Colour::Black));
            assert_eq!(reading.sender(1, 2), Some(Colour::White));
            assert_eq!(reading.sender(1, 1), None);
            assert_eq!(reading.sender(2, 2), None);
        }
        let narrow = LongCycles::SendingTwoReturningOne;
        let broad = LongCycles::InfiniteDisturbance;
        // spec vjr.md O-5: White sends four, Black returns one.
        assert_eq!(narrow.sender(1, 4), None);
        assert_eq!(broad.sender(1, 4), Some(Colour::White));
        assert_eq!(broad.sender(3, 1), Some(Colour::Black));
    }
}
