//! Rule parameters (spec `PLAY-5` ... `PLAY-13`) and the rulesets that fix them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which suicides are allowed (spec `PLAY-6`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    arbitrary::Arbitrary,
)]
#[serde(rename_all = "kebab-case")]
pub enum Suicide {
    /// A play that removes no opposing stone must leave its own string a liberty.
    Forbidden,
    /// Multi-stone suicide is allowed; a one-stone suicide is not.
    MultiStoneOnly,
    /// Every suicide is allowed, one-stone included.
    Allowed,
}

/// Order of the two clearings of a play (spec `PLAY-5`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    arbitrary::Arbitrary,
)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureOrder {
    /// Clear the opponent's colour, then one's own (Tromp-Taylor rule 5, every ruleset here).
    OpponentFirst,
    /// Clear one's own colour first, then the opponent's (kept for comparison only).
    OwnFirst,
}

/// One ko restriction (spec `PLAY-8`). A ruleset may combine several.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    arbitrary::Arbitrary,
)]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    /// `PLAY-8.1`: a play may not recreate the position just before the last opposing move.
    Basic,
    /// `PLAY-8.2`: a play may not have the same (before, after) positions as an earlier play
    /// of the same move-sequence.
    Fixed,
    /// `PLAY-8.3`: a play may not recreate any earlier position of the game.
    PositionalSuperko,
    /// `PLAY-8.4`: a play may not leave a position its player has left before, by a move or a
    /// pass (the 1995 Tromp-Taylor wording).
    SituationalSuperko,
    /// `PLAY-8.5`: a play may not recreate a situation of the history (the position with
    /// the player to move), the start included (KataGo's `koSITUATIONAL`).
    SituationalSuperkoSamePlayer,
}

/// How a finished game is scored (spec `PLAY-13`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    arbitrary::Arbitrary,
)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Area: own points plus empty points that do not reach the opponent's colour (TT 1995).
    AreaNotReachingOpponent,
    /// Area: own points plus empty points that reach only one's own colour (Tromp's rules).
    AreaReachingOnly,
    /// No score of its own (the ruleset scores otherwise, or not at all).
    None,
}

/// The complete rule parameters of a move-sequence.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, arbitrary::Arbitrary,
)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Rules {
    pub suicide: Suicide,
    pub capture_order: CaptureOrder,
    /// Ko restrictions in force; empty means no ko rule at all.
    pub ko: Vec<KoRule>,
    /// The game ends after this many consecutive passes (at least 1).
    pub game_end_passes: u32,
    /// Whether a ko-pass is a move of this ruleset (J2003 only; not yet playable).
    pub ko_pass: bool,
    /// NAJN no-result module (naj.md N-24): a play that recreates an earlier position of
    /// the move-sequence ends it at once as a long cycle.
    #[serde(default)]
    pub no_result_on_cycle: bool,
    /// J2003 J-19 (C-4): a pass that would end the move-sequence is illegal while the
    /// position has a direct ko stone (J-47, J-48). The engines' games do not apply it: the
    /// game a ruleset starts (`session::RulesetGame`) does, with the J2003 analysis made
    /// through the same engine.
    #[serde(default, skip_serializing_if = "is_false")]
    pub direct_ko: bool,
    pub scoring: Scoring,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Rules {
    pub fn has_ko(&self, k: KoRule) -> bool {
        self.ko.contains(&k)
    }
    /// Reject parameter combinations that have no meaning.
    pub fn validate(&self) -> Result<(), String> {
        if self.game_end_passes == 0 {
            return Err("game-end-passes must be at least 1".into());
        }
        if self.ko_pass {
            return Err("ko-pass is not supported by the play engines yet (J2003 issue)".into());
        }
        Ok(())
    }
}

/// Overrides of a ruleset's parameters, as a case may give them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RulesPatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suicide: Option<Suicide>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_order: Option<CaptureOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ko: Option<Vec<KoRule>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_end_passes: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
}

impl RulesPatch {
    pub fn apply(&self, base: &Rules) -> Rules {
        let mut r = base.clone();
        if let Some(v) = self.suicide {
            r.suicide = v;
        }
        if let Some(v) = self.capture_order {
            r.capture_order = v;
        }
        if let Some(v) = &self.ko {
            r.ko = v.clone();
        }
        if let Some(v) = self.game_end_passes {
            r.game_end_passes = v;
        }
        if let Some(v) = self.scoring {
            r.scoring = v;
        }
        r
    }
}

/// Why a move is illegal (spec `PLAY-9`). The names are those of the case format.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Illegal {
    Occupied,
    Suicide,
    BasicKo,
    FixedKo,
    Superko,
    SituationalSuperko,
    /// `PLAY-8.5`: the play recreates a situation (position and player to move) of the history.
    SituationalSuperkoSamePlayer,
    GameOver,
    KoPassUnavailable,
    /// J2003 J-19: the pass would end the alternation on a position with a direct ko stone.
    DirectKo,
    /// LJR L-11: every liberty of the new stone is permanently prohibited.
    PseudoSuicide,
    /// LJR L-9.2: initially prohibited, and no turn has been made yet.
    InitiallyProhibited,
    /// LJR L-9.4: used by a removed cycle.
    PermanentlyProhibited,
    /// LJR L-7, L-8: no disturbing cycle starts at the named situation.
    NoDisturbingCycle,
}

impl Illegal {
    pub fn as_str(self) -> &'static str {
        match self {
            Illegal::Occupied => "occupied",
            Illegal::Suicide => "suicide",
            Illegal::BasicKo => "basic-ko",
            Illegal::FixedKo => "fixed-ko",
            Illegal::Superko => "superko",
            Illegal::SituationalSuperko => "situational-superko",
            Illegal::SituationalSuperkoSamePlayer => "situational-superko-same-player",
            Illegal::GameOver => "game-over",
            Illegal::KoPassUnavailable => "ko-pass-unavailable",
            Illegal::DirectKo => "direct-ko",
            Illegal::PseudoSuicide => "pseudo-suicide",
            Illegal::InitiallyProhibited => "initially-prohibited",
            Illegal::PermanentlyProhibited => "permanently-prohibited",
            Illegal::NoDisturbingCycle => "no-disturbing-cycle",
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Each player's prisoners (spec `PLAY-11`): `black` counts white stones removed, `white`
/// counts black stones removed.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Prisoners {
    #[serde(default)]
    pub black: u32,
    #[serde(default)]
    pub white: u32,
}

/// The rulesets go-oracle knows by name.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum RulesetId {
    /// Tromp-Taylor, the 1995 text (spec `tromp-taylor.md`, variant TT95).
    TrompTaylor,
    /// Tromp's current "logical rules" (spec `tromp-taylor.md`, variant TL).
    TrompLogical,
    /// New Amateur-Japanese Rules (spec `naj.md`): alternation, black- and white-analysis,
    /// immortality, control, scores (the analyses' solver in `procedure::naj`).
    Naj,
    /// NAJ with the no-result module (spec `naj.md` N-24): the alternation ends at a long
    /// cycle (`long-cycle-tie`) instead of fixed-ko.
    Najn,
    /// Japanese 2003 Rules (spec `j2003.md`).
    J2003,
    /// Logical Japanese Rules (spec `ljr.md`): turns and control are the engines' own (`LjrEngine::start_turns`,
    /// `LjrEngine::control`); it has no `Rules` of the shared play model.
    Ljr,
    /// Verbal Japanese Rules status assessment (spec `vjr.md`).
    Vjr,
    /// No named ruleset: the play rules are the case's `rules`; `suicide` and `ko` are
    /// required, the rest defaults (`complete_custom`: opponent-first capture, 2 passes, no
    /// scoring).
    Custom,
}

impl RulesetId {
    pub const ALL: [RulesetId; 8] = [
        RulesetId::TrompTaylor,
        RulesetId::TrompLogical,
        RulesetId::Naj,
        RulesetId::Najn,
        RulesetId::J2003,
        RulesetId::Ljr,
        RulesetId::Vjr,
        RulesetId::Custom,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RulesetId::TrompTaylor => "tromp-taylor",
            RulesetId::TrompLogical => "tromp-logical",
            RulesetId::Naj => "naj",
            RulesetId::Najn => "najn",
            RulesetId::J2003 => "j2003",
            RulesetId::Ljr => "ljr",
            RulesetId::Vjr => "vjr",
            RulesetId::Custom => "custom",
        }
    }

    pub fn parse(s: &str) -> Option<RulesetId> {
        RulesetId::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// The play rules of the ruleset, or `None` while it is not implemented.
    /// `custom` has no rules of its own: the case gives them all.
    pub fn rules(self) -> Option<Rules> {
        match self {
            // tromp-taylor.md TT-4 (situational superko incl. passes), TT-5 (suicide allowed,
            // opponent cleared first), TT-6 (two passes), TT-7 (area, not reaching opponent).
            RulesetId::TrompTaylor => Some(Rules {
                suicide: Suicide::Allowed,
                capture_order: CaptureOrder::OpponentFirst,
                ko: vec![KoRule::SituationalSuperko],
                game_end_passes: 2,
                ko_pass: false,
                no_result_on_cycle: false,
                direct_ko: false,
                scoring: Scoring::AreaNotReachingOpponent,
            }),
            // tromp-taylor.md TL-6 (positional superko), TL-7, TL-8, TL-9 (reaching only).
            RulesetId::TrompLogical => Some(Rules {
                suicide: Suicide::Allowed,
                capture_order: CaptureOrder::OpponentFirst,
                ko: vec![KoRule::PositionalSuperko],
                game_end_passes: 2,
                ko_pass: false,
                no_result_on_cycle: false,
                direct_ko: false,
                scoring: Scoring::AreaReachingOnly,
            }),
            // naj.md N-8, N-10, N-11, N-13: the alternation.
            RulesetId::Naj => Some(Rules {
                suicide: Suicide::Forbidden,
                capture_order: CaptureOrder::OpponentFirst,
                ko: vec![KoRule::Basic, KoRule::Fixed],
                game_end_passes: 2,
                ko_pass: false,
                no_result_on_cycle: false,
                direct_ko: false,
                scoring: Scoring::None,
            }),
            // naj.md N-24: NAJN's alternation: no fixed-ko, a recreated position ends it.
            RulesetId::Najn => Some(Rules {
                suicide: Suicide::Forbidden,
                capture_order: CaptureOrder::OpponentFirst,
                ko: vec![KoRule::Basic],
                game_end_passes: 2,
                ko_pass: false,
                no_result_on_cycle: true,
                direct_ko: false,
                scoring: Scoring::None,
            }),
            // j2003.md J-8, J-13, J-14, J-15/J-18 (C-3): no suicide, basic ko, two passes,
            // a recreated position ends the alternation at once; J-19: no ending pass while
            // a direct ko stone stands (applied by `session::RulesetGame`).
            RulesetId::J2003 => Some(Rules {
                suicide: Suicide::Forbidden,
                capture_order: CaptureOrder::OpponentFirst,
                ko: vec![KoRule::Basic],
                game_end_passes: 2,
                ko_pass: false,
                no_result_on_cycle: true,
                direct_ko: true,
                scoring: Scoring::None,
            }),
            // vjr.md V-1 ... V-4: plays and passes, no suicide, basic ko, two passes; the
            // statuses and territory come from the status assessment (`procedure::vjr`).
            RulesetId::Vjr => Some(Rules {
                suicide: Suicide::Forbidden,
                capture_order: CaptureOrder::OpponentFirst,
                ko: vec![KoRule::Basic],
                game_end_passes: 2,
                ko_pass: false,
                no_result_on_cycle: false,
                direct_ko: false,
                scoring: Scoring::None,
            }),
            _ => None,
        }
    }

    pub fn is_implemented(self) -> bool {
        matches!(self, RulesetId::Custom | RulesetId::Ljr) || self.rules().is_some()
    }
}

/// A ruleset family: the rulesets that share one kind of questions beyond play, each one
/// module per layer (ARCHITECTURE.md, "Adding a ruleset"). Every dispatch over families is
/// an exhaustive `match` on this type. For the optimized engine's switches it also names
/// the part of the engine a switch belongs to and the checks it can change
/// (`optimized::switches`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// The shared play model (spec play.md) and nothing beyond it: Tromp-Taylor, Tromp's
    /// logical rules, custom rules. Every family but LJR replays its moves on this model
    /// ([`crate::engine::Engine::start`]), so a switch of the play core touches them all.
    Play,
    /// NAJ and NAJN (spec naj.md): analyses, immortality, control, scores.
    Naj,
    /// J2003 (spec j2003.md): the status games and the analysis.
    J2003,
    /// LJR (spec ljr.md): turns with cycle removals, control.
    Ljr,
    /// VJR (spec vjr.md): the status assessment.
    Vjr,
}

impl Family {
    pub const ALL: [Family; 5] = [
        Family::Play,
        Family::Naj,
        Family::J2003,
        Family::Ljr,
        Family::Vjr,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Family::Play => "play",
            Family::Naj => "naj",
            Family::J2003 => "j2003",
            Family::Ljr => "ljr",
            Family::Vjr => "vjr",
        }
    }
}

impl RulesetId {
    /// The family of the ruleset.
    pub fn family(self) -> Family {
        match self {
            RulesetId::TrompTaylor | RulesetId::TrompLogical | RulesetId::Custom => Family::Play,
            RulesetId::Naj | RulesetId::Najn => Family::Naj,
            RulesetId::J2003 => Family::J2003,
            RulesetId::Ljr => Family::Ljr,
            RulesetId::Vjr => Family::Vjr,
        }
    }
}

impl RulesetId {
    /// Rules of the black- and white-analysis (naj.md N-15, N-16): the NAJ move-sequence
    /// rules, ending after three passes; `None` for rulesets without analyses.
    pub fn analysis_rules(self) -> Option<Rules> {
        match self {
            RulesetId::Naj | RulesetId::Najn => RulesetId::Naj.rules().map(|r| Rules {
                game_end_passes: 3,
                ..r
            }),
            _ => None,
        }
    }
}

/// `--ruleset` of the command line: the same names as `as_str` (and the case files).
impl clap::ValueEnum for RulesetId {
    fn value_variants<'a>() -> &'a [Self] {
        &RulesetId::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.as_str()))
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Default rules for `custom` when a patch leaves a field out: none are assumed; these are
/// the values a `custom` case must spell out.
pub fn complete_custom(patch: &RulesPatch) -> Result<Rules, String> {
    let missing: Vec<&str> = [
        ("suicide", patch.suicide.is_none()),
        ("ko", patch.ko.is_none()),
    ]
    .iter()
    .filter(|(_, m)| *m)
    .map(|(n, _)| *n)
    .collect();
    if !missing.is_empty() {
        return Err(format!(
            "ruleset `custom` needs `rules` to give {}",
            missing.join(" and ")
        ));
    }
    Ok(Rules {
        suicide: patch.suicide.unwrap_or(Suicide::Forbidden),
        capture_order: patch.capture_order.unwrap_or(CaptureOrder::OpponentFirst),
        ko: patch.ko.clone().unwrap_or_default(),
        game_end_passes: patch.game_end_passes.unwrap_or(2),
        ko_pass: false,
        no_result_on_cycle: false,
        direct_ko: false,
        scoring: patch.scoring.unwrap_or(Scoring::None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    /// The command line, the case files (`parse`) and serde spell every ruleset alike.
    #[test]
    fn ruleset_names_are_written_once() {
        for id in RulesetId::ALL {
            assert_eq!(RulesetId::from_str(id.as_str(), false), Ok(id));
            assert_eq!(RulesetId::parse(id.as_str()), Some(id));
            assert_eq!(serde_json::to_value(id).unwrap(), id.as_str());
        }
        assert_eq!(RulesetId::value_variants(), RulesetId::ALL);
    }
}
