//! The solver's speed-ups, each of which `go-oracle solve --without NAME` switches off
//! (spec solve.md: the value must not change).

/// The search's speed-ups, each of which can be switched off (the value must not change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// SOLVE-B2: try the pass before the plays (else after them).
    pub pass_first: bool,
    /// SOLVE-B3: the history-checked transposition table.
    pub transpositions: bool,
    /// SOLVE-B1: the static bounds from the points each player controls for good (stones
    /// that no sequence of opposing plays can remove, SOLVE-B4) narrow the window.
    pub bounds: bool,
    /// SOLVE-B5: at a node whose whole history is symmetric, one play per orbit.
    pub symmetry: bool,
    /// SOLVE-B6: the best move found at an earlier visit of the same state is tried first
    /// after the pass.
    pub ordering: bool,
    /// SOLVE-B7: iterative deepening: null-window tests to a depth horizon, where a node
    /// scores its static bound against the side to prove, deepened until the bounds meet;
    /// the line is then found move by move. Off: one full-window search without a horizon.
    pub deepening: bool,
    /// SOLVE-B8: table entries name the history items they consulted exactly (a position
    /// with the player who left it under situational superko) and may rely on items being
    /// present as well as absent. Off: SOLVE-B3's rule (positions only, all absent).
    pub history_match: bool,
    /// SOLVE-B9: the plays that caused a cut-off at the same depth are tried early.
    pub killers: bool,
    /// SOLVE-B9: the plays are ordered by how often (weighted by the depth left) each
    /// point's play was best or caused a cut-off.
    pub history_heuristic: bool,
    /// SOLVE-B10: enhanced transposition cut-offs: a move whose child's table entry already
    /// closes the window is tried first.
    pub etc: bool,
}

/// A switch's field.
type Field = fn(&mut Switches) -> &mut bool;

/// Each switch's name with its field.
const TABLE: [(&str, Field); 10] = [
    ("pass-first", |s| &mut s.pass_first),
    ("transpositions", |s| &mut s.transpositions),
    ("bounds", |s| &mut s.bounds),
    ("symmetry", |s| &mut s.symmetry),
    ("ordering", |s| &mut s.ordering),
    ("deepening", |s| &mut s.deepening),
    ("history-match", |s| &mut s.history_match),
    ("killers", |s| &mut s.killers),
    ("history-heuristic", |s| &mut s.history_heuristic),
    ("etc", |s| &mut s.etc),
];

impl Switches {
    /// The switch names, as `go-oracle solve --without` takes them.
    pub const NAMES: [&'static str; 10] = [
        TABLE[0].0, TABLE[1].0, TABLE[2].0, TABLE[3].0, TABLE[4].0, TABLE[5].0, TABLE[6].0,
        TABLE[7].0, TABLE[8].0, TABLE[9].0,
    ];

    /// Every switch on except `name` (`None`: not a switch name).
    pub fn without(name: &str) -> Option<Switches> {
        let (_, field) = TABLE.iter().find(|(n, _)| *n == name)?;
        let mut s = Switches::default();
        *field(&mut s) = false;
        Some(s)
    }

    /// Every switch of `self` and of `other` on.
    pub fn and(self, other: Switches) -> Switches {
        let (mut out, mut other) = (self, other);
        for (_, field) in TABLE {
            let on = *field(&mut other);
            *field(&mut out) &= on;
        }
        out
    }
}

impl Default for Switches {
    fn default() -> Switches {
        Switches {
            pass_first: true,
            transpositions: true,
            bounds: true,
            symmetry: true,
            ordering: true,
            deepening: true,
            history_match: true,
            killers: true,
            history_heuristic: true,
            etc: true,
        }
    }
}
