//! The vocabulary of Pauli's Logical Japanese Rules (spec `ljr.md`), shared by both engines
//! (which play LJR turns and answer control questions) and by the runner and the CLI. Like
//! [`crate::status_game`] it holds types only, no rules: each engine implements the clauses
//! on its own.
//!
//! An LJR turn is an optional removal of a disturbing cycle followed by an optional play
//! (L-3); a turn with neither is a pass (L-4). The state a player receives with the turn is a
//! situation (L-8, LC-1). Control (L-14) is decided by a game on a transformed board, the
//! two-eye test; the dispute of L-17 is the same game with four ending conditions.

use crate::geometry::{Colour, Geometry, Point, Position};
use crate::rules::{Illegal, Prisoners};
use serde::{Deserialize, Serialize};

/// Where an LJR game starts (L-2): the position (empty in a real game; a case may start
/// anywhere), the player to move, the initially prohibited locations (temporary: they hold
/// until the first turn is made, LC-3), locations already permanently prohibited, and the
/// captives so far (`black` = white stones removed, as [`Prisoners`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LjrStart {
    pub position: Position,
    pub to_move: Colour,
    pub initially_prohibited: Vec<Point>,
    pub permanently_prohibited: Vec<Point>,
    pub captives: Prisoners,
}

impl LjrStart {
    pub fn empty(geometry: &Geometry) -> LjrStart {
        LjrStart {
            position: Position::empty(geometry.len()),
            to_move: Colour::Black,
            initially_prohibited: Vec::new(),
            permanently_prohibited: Vec::new(),
            captives: Prisoners::default(),
        }
    }
}

/// Which disturbing cycle a turn removes (L-7), as a case file or a player names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CycleChoice {
    /// `cycle`: the one whose start is the most recent similar situation.
    MostRecent,
    /// `cycle@K`: the one starting at situation K (0 = the game's start).
    At(usize),
}

/// One turn (L-3): remove the disturbing cycle that starts at situation `remove_cycle` of the
/// game's history (0 = the first situation), then play at `play`. Both `None` = a pass (L-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Turn {
    pub remove_cycle: Option<usize>,
    pub play: Option<Point>,
}

impl Turn {
    pub const PASS: Turn = Turn {
        remove_cycle: None,
        play: None,
    };
    pub fn play(p: Point) -> Turn {
        Turn {
            remove_cycle: None,
            play: Some(p),
        }
    }
    pub fn is_pass(&self) -> bool {
        self.remove_cycle.is_none() && self.play.is_none()
    }
    /// `pass`, `D4`, `cycle@3` or `cycle@3+D4`, points named by `name`.
    pub fn describe(&self, name: impl Fn(Point) -> String) -> String {
        match (self.remove_cycle, self.play) {
            (None, None) => "pass".into(),
            (None, Some(p)) => name(p),
            (Some(s), None) => format!("cycle@{s}"),
            (Some(s), Some(p)) => format!("cycle@{s}+{}", name(p)),
        }
    }
}

/// What a legal turn did.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TurnDone {
    /// Locations whose stones the cycle removal took (L-7), increasing.
    pub cycle_removed: Vec<Point>,
    /// Locations the play emptied by capture (L-6), increasing.
    pub captured: Vec<Point>,
    /// Whether the play was a ko capture (L-12).
    pub ko_capture: bool,
}

/// A situation (L-8, LC-1): what two similar situations agree on.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Situation {
    pub to_move: Colour,
    /// 1, 2 or 3 (LC-2).
    pub passes_needed: u8,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub temporarily_prohibited: Vec<Point>,
    pub permanently_prohibited: Vec<Point>,
}

/// An LJR game in progress.
pub trait LjrGame {
    fn position(&self) -> Position;
    fn to_move(&self) -> Colour;
    /// Stones removed so far: `black` = white stones, `white` = black stones (L-5 captives).
    fn captives(&self) -> Prisoners;
    /// The current situation (L-8).
    fn situation(&self) -> Situation;
    /// Turns made so far; the history has this many situations plus the current one.
    fn turns(&self) -> usize;
    fn is_over(&self) -> bool;
    /// Starts (history indices, increasing) of the disturbing cycles the player to move may
    /// remove now (L-7, L-8); empty when none.
    fn disturbing_cycles(&self) -> Vec<usize>;
    /// The start a `cycle` turn names (L-7, L-8): the most recent similar situation with a
    /// disturbing cycle; without one, the current situation, which no game takes as a
    /// cycle's start (the turn is then illegal, `no-disturbing-cycle`).
    fn most_recent_cycle(&self) -> usize {
        self.disturbing_cycles()
            .last()
            .copied()
            .unwrap_or(self.turns())
    }
    /// Whether the player to move may make `turn` now.
    fn legality(&self, turn: Turn) -> Result<(), Illegal>;
    /// Make `turn`; an illegal turn changes nothing.
    fn play(&mut self, turn: Turn) -> Result<TurnDone, Illegal>;
    /// Every legal turn of the player to move, in increasing order (the pass first).
    fn legal_turns(&self) -> Vec<Turn>;
    fn fork(&self) -> Box<dyn LjrGame>;
}

/// How control is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ControlMethod {
    /// L-14: the two-eye test game on every bordered set containing the location.
    TwoEyeTest,
    /// L-17: the dispute game on the sets the prover may form.
    Dispute,
}

impl ControlMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            ControlMethod::TwoEyeTest => "two-eye-test",
            ControlMethod::Dispute => "dispute",
        }
    }
}

/// LP-1: what the test board keeps of the permanent prohibitions.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum TestProhibitions {
    /// History is forgotten, permanent prohibitions with it.
    #[default]
    Forget,
    /// Locations of the set that are permanently prohibited stay so.
    Keep,
}

/// LP-2: which plays end a dispute by its first condition.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DisputeEdge {
    /// Any location with a neighbour outside the set (the new locations included).
    #[default]
    Literal,
    /// Only locations of the set that neighbour the outside.
    Inside,
}

/// The named parameters of the ruleset `ljr` (spec LP-n).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LjrParams {
    #[serde(default)]
    pub test_prohibitions: TestProhibitions,
    #[serde(default)]
    pub dispute_edge: DisputeEdge,
}

/// A control question: which locations does `player` control (L-14 or L-17) in `position`
/// with these permanently prohibited locations?
#[derive(Clone, Debug)]
pub struct ControlQuery {
    pub position: Position,
    pub permanently_prohibited: Vec<Point>,
    pub player: Colour,
    pub method: ControlMethod,
    pub params: LjrParams,
    /// Nodes (test-game situations) the whole question may visit.
    pub budget: u64,
}

/// One proved set: `player` succeeds on `set`; `line` is one winning line of the test game
/// (points of the transformed board: the board's own, then `n` = e1, `n + 1` = e2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetProof {
    pub set: Vec<Point>,
    pub line: Vec<Turn>,
}

/// The answer to a [`ControlQuery`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ControlAnswer {
    /// Per location: controlled, not controlled, or undetermined within the budget.
    pub controlled: Vec<Option<bool>>,
    /// Nodes visited.
    pub explored: u64,
    /// One proof per set that gave control (for `explain`).
    pub proofs: Vec<SetProof>,
}

impl ControlAnswer {
    pub fn is_decided(&self) -> bool {
        self.controlled.iter().all(Option::is_some)
    }
}

/// A claim of L-17's claiming phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The claimant says the empty location is neutral.
    Neutral(Point),
    /// The claimant says the opposing stone (and every opposing stone of his smallest
    /// bordered set containing it) is dead.
    Dead(Point),
}

/// Name of a point of a transformed board: the board's own names, then `e1`, `e2`.
pub fn test_point_name(geometry: &Geometry, p: Point) -> String {
    let n = geometry.len();
    if p < n {
        geometry.name(p).to_string()
    } else {
        format!("e{}", p - n + 1)
    }
}
