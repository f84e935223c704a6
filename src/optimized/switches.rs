//! The speed-ups of the optimized engine, each declared once in [`switches!`]: its field of
//! [`Switches`], its name (engine names, `--without`), the part of the engine it belongs to
//! and the families of checks it can change ([`Family`]), and its doc. [`Switches::NAMES`],
//! the per-family lists ([`Switches::names_of`]) and the runner's choice of which checks a
//! configuration runs (`runner::concerns`) are derived from that one table.

use crate::rules::Family;

/// One row of the table of switches.
#[derive(Clone, Copy, Debug)]
pub struct Switch {
    /// The name in engine names (`optimized-without-NAME`) and `--without NAME`.
    pub name: &'static str,
    /// The part of the optimized engine that declares it.
    pub family: Family,
    /// The families of checks it can change: where its field is read.
    pub touches: &'static [Family],
    /// What it speeds up and what happens with it off.
    pub doc: &'static str,
    field: fn(&mut Switches) -> &mut bool,
}

impl Switch {
    /// Whether this switch is on in `s`.
    pub fn is_on(&self, s: &Switches) -> bool {
        let mut copy = *s;
        *(self.field)(&mut copy)
    }

    /// Sets this switch in `s`.
    pub fn set(&self, s: &mut Switches, on: bool) {
        *(self.field)(s) = on;
    }
}

/// Declares every switch once: `/// doc` `field = "name", Family, [families it touches];`.
macro_rules! switches {
    ($($(#[doc = $doc:literal])* $field:ident = $name:literal, $family:ident, [$($touch:ident),+];)+) => {
        /// The speed-ups of the optimized engine, each of which can be switched off.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Switches {
            $($(#[doc = $doc])* pub $field: bool,)+
        }

        impl Switches {
            pub const ALL_ON: Switches = Switches { $($field: true,)+ };

            /// Every switch, in the order of engine names.
            pub const TABLE: &'static [Switch] = &[$(Switch {
                name: $name,
                family: Family::$family,
                touches: &[$(Family::$touch),+],
                doc: concat!($($doc),*),
                field: |s| &mut s.$field,
            },)+];
        }
    };
}

switches! {
    /// Find earlier positions through a Zobrist-hash index (off: scan the whole history).
    hash_index = "hash-index", Play, [Play];
    /// Keep strings and their liberties up to date move by move (off: flood fill at every
    /// judgement).
    incremental_strings = "incremental-strings", Play, [Play];
    /// Keep only what the game's ko rules consult (spec `play.md` PLAY-8, `play-solver.md` "Optimized
    /// play"): under basic ko alone, the position before each player's latest turn instead
    /// of the whole history and its positions index; the plays index only under fixed ko
    /// (off: the whole history and both indexes under every rule).
    ko_indexes = "ko-indexes", Play, [Play];
    /// Use the narrowest bitboard that holds the board (off: the 25x25 width, or the 52x52
    /// width for a board that it does not hold).
    narrow_boards = "narrow-boards", Play, [Play, J2003, Vjr];
    /// J2003: a string Benson's algorithm finds unconditionally alive is uncapturable
    /// without a search (off: every uncapturable check is solved).
    benson_uncapturable = "benson-uncapturable", J2003, [J2003];
    /// J2003: a string that X keeps safe by answering every play of Y in the small regions
    /// his strings enclose, in the same region and without a ko capture, and a play on one
    /// point of a miai pair by the other, is uncapturable without a search (spec `j2003-solver.md`
    /// J-LOC-5, J-LOC-6; off: only Benson's shortcut).
    alternating_safety = "alternating-safety", J2003, [J2003];
    /// J2003: with `alternating_safety`, a region too large to play alone that holds Y's
    /// stones is cut at Y's strings into its empty parts, each played alone, X never taking
    /// a cut string's last liberty there (spec `j2003-solver.md` J-LOC-7; off: such a region owes
    /// nothing).
    alternating_safety_cuts = "alternating-safety-cuts", J2003, [J2003];
    /// J2003: with `alternating_safety`, the outcome of a region's local game is kept for
    /// the process and given again to the same game with a budget that would reach it
    /// (spec `j2003-solver.md` J-LOC-5, "Computing it"; the same answers and counts of positions
    /// as without; off: every local game is searched).
    local_game_memo = "local-game-memo", J2003, [J2003];
    /// J2003: with `alternating_safety`, the moves of a local game are ordered with killers:
    /// X's answers next to Y's play, then the answer that last won at the same depth of the
    /// search, then the pass, then elsewhere; Y's plays the one that last refuted X at that
    /// depth first (spec `j2003-solver.md` J-LOC-5, "Computing it"; move ordering only: the same
    /// answers when decided, fewer positions; off: no killers).
    local_game_killer = "local-game-killer", J2003, [J2003];
    /// J2003: before the proof searches, each prover's proof search on his fenced set of the
    /// check alone (S, L and what touches them through empty points and his own stones, up to
    /// the opponent's strings): the rest of the board is emptied and frozen, the opponent's
    /// moves there one tempo (spec `j2003-solver.md` J-LOC-8; off: only the searches of the whole
    /// board).
    fenced_sets = "fenced-sets", J2003, [J2003];
    /// J2003: before solving a status check on its state graph, look for a forced win of the
    /// attacker (a capture; for C1/C2 a finite sequence meeting the target) by a
    /// depth-limited search (goal-directed; a proof found decides the check).
    bounded_capture = "bounded-capture", J2003, [J2003];
    /// J2003: before solving an uncapturable check on its state graph, look for a strategy
    /// of the defender that never lets the string be captured (a closed set of states).
    survival_proof = "survival-proof", J2003, [J2003];
    /// J2003: in the proof searches, a state where the string is unconditionally alive by
    /// Benson's algorithm is won by the defender without a search (spec S-3).
    benson_survival = "benson-survival", J2003, [J2003];
    /// J2003: in the proof searches of uncapturable checks, no plays into regions sealed by
    /// the defender's unconditionally alive strings (spec S-3).
    sealed_regions = "sealed-regions", J2003, [J2003];
    /// J2003: in the proof searches, empty regions enclosed by the prover's opponent are
    /// frozen: the opponent's plays there count as one tempo move (spec S-3).
    frozen_regions = "frozen-regions", J2003, [J2003];
    /// J2003: uncapturable checks by depth-first proof-number search (df-pn, no depth
    /// bound, transposition table with the GHI treatment of repetitions; spec S-3.1)
    /// instead of the line-bounded proof searches.
    j2003_dfpn = "j2003-dfpn", J2003, [J2003];
    /// J2003: with `j2003_dfpn`, an uncapturable check is first solved in two ko-free
    /// variants that bracket it (spec S-3.2); the full game only where they disagree.
    ko_bracketing = "ko-bracketing", J2003, [J2003];
    /// J2003: in the proof searches, Benson's verdict on a board is kept and not computed
    /// again when the board comes back (off: every state's board is judged afresh).
    benson_memo = "benson-memo", J2003, [J2003];
    /// J2003: the state graph's answer to a check (an undetermined one only when the time
    /// limit had not passed) is kept for the process, keyed by the board, the check and the
    /// budget, and given again without building the graph (the same answer; off: every
    /// fallback on the graph builds it).
    state_graph_memo = "state-graph-memo", J2003, [J2003];
    /// J2003: in the line-bounded proof searches of both provers, a state the other prover
    /// has proved is a final failure of this one without a search (spec `j2003-solver.md`
    /// S-3.3: the same answers where decided, fewer states; off: each prover searches
    /// alone).
    rival_proofs = "rival-proofs", J2003, [J2003];
    /// J2003: the stages of the proof searches of the whole board run within growing
    /// budgets (a 64th of their share, a 16th, a quarter, the rest), each prover keeping its
    /// proofs (spec `j2003-solver.md` S-3; a schedule: the same answers where decided; off:
    /// the stages once, with the whole share).
    proof_ladder = "proof-ladder", J2003, [J2003];
    /// J2003: an ending pass (J-19) on a position where no single stone is a ko stone (J-28)
    /// is legal without the analysis, and on one with ko stones only theirs is analysed
    /// (lemma J19-L1 (i), (ii) of spec `j2003.md`; off: the analysis of every string by G-9
    /// judges every ending pass, as the reference does).
    j19_ko_stone_screen = "j19-ko-stone-screen", J2003, [J2003];
    /// LJR: find earlier similar situations through a hash index (off: scan the whole
    /// history); a hit is always verified exactly.
    ljr_situation_hash = "ljr-situation-hash", Ljr, [Ljr];
    /// LJR: keep strings and liberties up to date turn by turn (off: flood fill at every
    /// judgement).
    ljr_incremental_strings = "ljr-incremental-strings", Ljr, [Ljr];
    /// LJR control: cache the results of test-game states that did not depend on a
    /// repetition cut (LL-6).
    ljr_transposition = "ljr-transposition", Ljr, [Ljr];
    /// LJR control: a set proved for one location gives control of all its locations, and
    /// a set is searched once (off: every location searches its own sets).
    ljr_set_sharing = "ljr-set-sharing", Ljr, [Ljr];
    /// LJR control: a test-game or dispute state where the opponent has a two-eye
    /// formation meeting the set (LL-5: it can never be broken), or where P's formation can
    /// never stand (a location of the set without neighbours; empty permanently prohibited
    /// locations of the set on its border or side by side), is lost without a search.
    ljr_formation_cut = "ljr-formation-cut", Ljr, [Ljr];
    /// VJR: a state where Benson's algorithm makes the target unreachable is a *no* for the
    /// seeker without expansion (spec `vjr-solver.md` VS-3 item 4; used with `vjr-attractor`).
    vjr_benson = "vjr-benson", Vjr, [Vjr];
    /// VJR: the attractors W and L of the state graph decide the root when it lies in one
    /// and are the leaves of the first-cycle search (off: that search runs from the root
    /// over the whole graph).
    vjr_attractor = "vjr-attractor", Vjr, [Vjr];
    /// VJR: skip the first-cycle search when no strongly connected component of the middle
    /// region can remove stones of both colours (the answer is then *undefined*).
    vjr_cycle_screen = "vjr-cycle-screen", Vjr, [Vjr];
    /// VJR: before the state graph, a goal-directed depth-first proof search with a quarter
    /// of the budget (spec `vjr-solver.md` VS-3; off: the state graph at once).
    vjr_proof_search = "vjr-proof-search", Vjr, [Vjr];
    /// VJR: first of all, a depth-first proof (iterative deepening, a table of proved
    /// states) that the root lies in the attractor W or L, with a quarter of the budget
    /// (spec `vjr-solver.md` VS-3 item 0a; off: the first-cycle proof search at once).
    vjr_attractor_proof = "vjr-attractor-proof", Vjr, [Vjr];
    /// VJR: in the attractor proof, the opponent's plays into the empty regions he
    /// encloses are one tempo move, in stages before the plain game (spec `vjr-solver.md` VS-3
    /// item 0b; off: the plain game only).
    vjr_frozen_regions = "vjr-frozen-regions", Vjr, [Vjr];
}

impl Switches {
    /// Names of the switches, for reports and engine names.
    pub const NAMES: [&'static str; Self::TABLE.len()] = {
        let mut names = [""; Self::TABLE.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = Self::TABLE[i].name;
            i += 1;
        }
        names
    };

    /// The switch named `name`.
    pub fn switch(name: &str) -> Option<&'static Switch> {
        Self::TABLE.iter().find(|s| s.name == name)
    }

    /// The names of the switches `family` declares (e.g. the J2003 reductions for
    /// `go-oracle bench`, the VJR switches for the VJR tests).
    pub fn names_of(family: Family) -> Vec<&'static str> {
        Self::TABLE
            .iter()
            .filter(|s| s.family == family)
            .map(|s| s.name)
            .collect()
    }

    /// All on except the named one.
    pub fn without(name: &str) -> Option<Switches> {
        let mut s = Switches::ALL_ON;
        s.switch_off(name).then_some(s)
    }

    /// Switches the named speed-up off; false for an unknown name.
    pub fn switch_off(&mut self, name: &str) -> bool {
        match Self::switch(name) {
            Some(switch) => {
                switch.set(self, false);
                true
            }
            None => false,
        }
    }

    /// The names of the switches that are off, in table order.
    pub fn off(&self) -> Vec<&'static str> {
        Self::TABLE
            .iter()
            .filter(|s| !s.is_on(self))
            .map(|s| s.name)
            .collect()
    }
}
