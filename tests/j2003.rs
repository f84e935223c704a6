//! J2003 (spec j2003.md): statuses by both solvers on tiny boards, hand-argued shapes, the
//! scoring of both engines, and the alternation's long-cycle result.

use go_oracle::differential::{compare_j2003_score, compare_j2003_status, GameInput};
use go_oracle::engine::Engine;
use go_oracle::engine::Spent;
use go_oracle::optimized::Optimized;
use go_oracle::parse::diagram::parse_position;
use go_oracle::procedure::j2003::analyse;
use go_oracle::reference::Reference;
use go_oracle::status_game::Status;
use proptest::prelude::*;

fn statuses(engine: &dyn Engine, diagram: &str, budget: u64) -> Vec<(String, Option<Status>)> {
    let (g, p) = parse_position(diagram).unwrap();
    let a = analyse(engine, &g, &p, budget).unwrap();
    a.strings
        .iter()
        .map(|s| (g.name(s.points[0]).to_string(), s.status))
        .collect()
}

fn score(engine: &dyn Engine, diagram: &str, budget: u64) -> i64 {
    let (g, p) = parse_position(diagram).unwrap();
    let a = analyse(engine, &g, &p, budget).unwrap();
    assert!(a.is_decided(), "{}: undetermined", engine.name());
    engine
        .j2003()
        .unwrap()
        .board_score(&g, &p, &a.status_at(g.len()))
        .unwrap()
}

#[test]
fn one_by_four_white_pair_is_capturable_1() {
    // 1x4 `# . O O`: White B1 takes Black A1 at once (A1's only liberty is B1), so Black is
    // not uncapturable; after that capture White's A1..D1 need... Black's stone never
    // returns for good: dead. White C1-D1: Black can capture it (B1 then ... A1), but White
    // retakes and keeps a stone on C1/D1 for good: capturable-1. Score: White territory B1
    // (1) + A1 with a dead black stone (2) = 3: W+3.
    let d = "# . O O";
    for e in [&Reference as &dyn Engine, &Optimized::default()] {
        assert_eq!(
            statuses(e, d, 1_000_000),
            vec![
                ("A1".to_string(), Some(Status::Dead)),
                ("C1".to_string(), Some(Status::Capturable1))
            ],
            "{}",
            e.name()
        );
        assert_eq!(score(e, d, 1_000_000), -3, "{}", e.name());
    }
}

#[test]
fn unexpected_8_final_position_is_all_uncapturable() {
    // Seed 004 l.2071-2113 (direct-ko, 6x4): every string is uncapturable, board score 3,
    // plus prisoner difference 2 = 5 as printed (l.2074).
    let d = "O O O # . #
             . O # . # .
             O O # # # #
             . O # . # .";
    for e in [&Reference as &dyn Engine, &Optimized::default()] {
        let st = statuses(e, d, 1_000_000);
        assert!(
            st.iter().all(|(_, s)| *s == Some(Status::Uncapturable)),
            "{}: {st:?}",
            e.name()
        );
        assert_eq!(score(e, d, 1_000_000), 3, "{}", e.name());
    }
}

#[test]
fn without_benson_the_state_graph_is_too_big_here_but_never_wrong() {
    // The same position with the Benson reduction off: the state-graph solver runs out of
    // budget (undetermined), and never answers differently.
    let d = "O O O # . #
             . O # . # .
             O O # # # #
             . O # . # .";
    let e = Optimized {
        switches: go_oracle::optimized::Switches::without("benson-uncapturable").unwrap(),
    };
    assert_eq!(e.name(), "optimized-without-benson-uncapturable");
    for (_, s) in statuses(&e, d, 100_000) {
        assert!(matches!(s, None | Some(Status::Uncapturable)));
    }
}

#[test]
fn tiny_budget_is_undetermined() {
    let d = "# . O O";
    for e in [&Reference as &dyn Engine, &Optimized::default()] {
        let st = statuses(e, d, 3);
        assert!(st.iter().any(|(_, s)| s.is_none()), "{}", e.name());
    }
}

/// Random legal positions on at most 5 points (1xN, 2x2): both solvers agree wherever both
/// decide; the reference decides most of them.
fn tiny() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 8..64)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]
    #[test]
    fn statuses_agree(bytes in tiny()) {
        use arbitrary::{Arbitrary, Unstructured};
        let Ok(input) = GameInput::arbitrary_take_rest(Unstructured::new(&bytes)) else {
            return Ok(());
        };
        let (g, _, s) = input.build(5);
        prop_assume!(g.len() <= 5);
        let r = compare_j2003_status(&g, &s.position, 50_000);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn scores_agree(bytes in prop::collection::vec(any::<u8>(), 8..400)) {
        use arbitrary::{Arbitrary, Unstructured};
        let Ok(input) = GameInput::arbitrary_take_rest(Unstructured::new(&bytes)) else {
            return Ok(());
        };
        let (g, _, s) = input.build(7);
        let alive: Vec<bool> = input.moves.iter().map(|m| m % 2 == 0).collect();
        let r = compare_j2003_score(&g, &s.position, &alive);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

/// A legal position on 6 to 9 points from bytes (0, 1: empty; 2: black; 3: white), keeping a
/// stone only if every string keeps a liberty.
fn small_position(width: usize, height: usize, cells: &[u8]) -> String {
    use go_oracle::geometry::{Colour, Geometry};
    let g = Geometry::rect(width, height).unwrap();
    let cells = cells.iter().map(|&b| match b % 4 {
        2 => Some(Colour::Black),
        3 => Some(Colour::White),
        _ => None,
    });
    go_oracle::differential::legal_position(&g, cells).diagram(&g)
}

prop_compose! {
    /// A board of 6 to 9 points and the cells of a position on it ([`small_position`]).
    fn board_6_to_9()(
        (width, height) in prop_oneof![Just((2, 3)), Just((3, 2)), Just((2, 4)), Just((3, 3)),
            Just((1, 7)), Just((1, 8)), Just((4, 2))],
        cells in prop::collection::vec(0u8..4, 9),
    ) -> (usize, usize, Vec<u8>) {
        (width, height, cells)
    }
}

prop_compose! {
    /// A board of 6 to 12 points and the cells of a position on it ([`small_position`]).
    fn board_6_to_12()(
        (width, height) in prop_oneof![Just((3, 3)), Just((3, 4)), Just((4, 3)), Just((2, 5)),
            Just((2, 6)), Just((1, 9)), Just((2, 3))],
        cells in prop::collection::vec(0u8..4, 12),
    ) -> (usize, usize, Vec<u8>) {
        (width, height, cells)
    }
}

/// The statuses of `searched` are those of `solved` wherever both decide (the failure names
/// the string, the diagram and the switches).
fn same_where_both_decide(
    searched: &[(String, Option<Status>)],
    solved: &[(String, Option<Status>)],
    d: &str,
    switches: &go_oracle::optimized::Switches,
) -> Result<(), TestCaseError> {
    for ((at, a), (_, b)) in searched.iter().zip(solved) {
        if let (Some(a), Some(b)) = (a, b) {
            prop_assert_eq!(a, b, "string at {} of\n{} ({:?})", at, d, switches);
        }
    }
    Ok(())
}

/// The proof searches with all their reductions (`frozen-regions` above all: enclosed
/// regions need boards larger than the reference can solve) against the state graph alone,
/// on 6 to 9 points: the same status wherever both decide.
fn proof_searches_agree(width: usize, height: usize, cells: &[u8]) -> Result<(), TestCaseError> {
    use go_oracle::optimized::Switches;
    let d = small_position(width, height, cells);
    let graph = Optimized {
        switches: Switches {
            bounded_capture: false,
            survival_proof: false,
            j2003_dfpn: false,
            fenced_sets: false,
            ..Switches::ALL_ON
        },
    };
    let solved = statuses(&graph, &d, 50_000);
    // Only strings the state graph decides are compared: without one, nothing to run.
    if solved.iter().all(|(_, s)| s.is_none()) {
        return Ok(());
    }
    // Every proof search: df-pn with and without the ko bracketing (S-3.1, S-3.2), and
    // the line-bounded searches, with and without the other prover's proofs (S-3.3) and
    // their ladder of budgets (S-3).
    // df-pn alone (the line-bounded searches off) too: with them on it runs only where
    // they fail.
    for switches in [
        Switches::ALL_ON,
        Switches {
            ko_bracketing: false,
            ..Switches::ALL_ON
        },
        Switches {
            j2003_dfpn: false,
            ..Switches::ALL_ON
        },
        Switches {
            j2003_dfpn: false,
            rival_proofs: false,
            ..Switches::ALL_ON
        },
        Switches {
            j2003_dfpn: false,
            proof_ladder: false,
            ..Switches::ALL_ON
        },
        Switches {
            bounded_capture: false,
            survival_proof: false,
            ..Switches::ALL_ON
        },
        Switches {
            bounded_capture: false,
            survival_proof: false,
            ko_bracketing: false,
            ..Switches::ALL_ON
        },
    ] {
        let searched = statuses(&Optimized { switches }, &d, 50_000);
        same_where_both_decide(&searched, &solved, &d, &switches)?;
    }
    Ok(())
}

proptest! {
    // 100 cases in two tests of 50, which the harness runs on two cores.
    #![proptest_config(ProptestConfig { cases: 50, .. ProptestConfig::default() })]
    /// [`proof_searches_agree`], the first 50 cases.
    #[test]
    fn proof_searches_agree_with_the_state_graph((width, height, cells) in board_6_to_9()) {
        proof_searches_agree(width, height, &cells)?;
    }

    /// [`proof_searches_agree`], the other 50 cases.
    #[test]
    fn proof_searches_agree_with_the_state_graph_more((width, height, cells) in board_6_to_9()) {
        proof_searches_agree(width, height, &cells)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, .. ProptestConfig::default() })]
    /// J-52 for named strings only (`analyse_strings`): each string's status and direct ko
    /// stone are those of the whole analysis, whichever string is named.
    #[test]
    fn the_named_strings_have_the_statuses_of_the_whole_analysis(
        (width, height) in prop_oneof![Just((2, 3)), Just((3, 3)), Just((1, 7)), Just((4, 2))],
        cells in prop::collection::vec(0u8..4, 9),
    ) {
        use go_oracle::procedure::j2003::{analyse_strings, Extent, Strings};
        let d = small_position(width, height, &cells);
        let (g, p) = parse_position(&d).unwrap();
        let e = Optimized::default();
        let whole = analyse(&e, &g, &p, 50_000).unwrap();
        for s in &whole.strings {
            let at = [s.points[s.points.len() - 1]];
            let some =
                analyse_strings(&e, &g, &p, 50_000, Extent::Complete, Strings::At(&at)).unwrap();
            prop_assert_eq!(some.strings.len(), 1);
            prop_assert_eq!(&some.strings[0].points, &s.points);
            prop_assert_eq!(some.strings[0].status, s.status, "{}\nat {}", d, g.name(at[0]));
            if s.status.is_some() {
                prop_assert_eq!(some.strings[0].direct_ko_stone, s.direct_ko_stone, "{}", d);
            }
        }
    }
}

/// `alternating-safety` (spec j2003-solver.md J-LOC-5) against the proof searches and the state
/// graph without it, on 6 to 12 points: a string the lemma proves safe is uncapturable
/// wherever the searches decide, and every status is the same.
fn alternating_safety_agrees(
    width: usize,
    height: usize,
    cells: &[u8],
) -> Result<(), TestCaseError> {
    use go_oracle::optimized::Switches;
    let d = small_position(width, height, cells);
    let without = Switches {
        alternating_safety: false,
        ..Switches::ALL_ON
    };
    let solved = statuses(&Optimized { switches: without }, &d, 100_000);
    let searched = statuses(
        &Optimized {
            switches: Switches::ALL_ON,
        },
        &d,
        100_000,
    );
    same_where_both_decide(&searched, &solved, &d, &Switches::ALL_ON)
}

proptest! {
    // 100 cases in two tests of 50, which the harness runs on two cores.
    #![proptest_config(ProptestConfig { cases: 50, .. ProptestConfig::default() })]
    /// [`alternating_safety_agrees`], the first 50 cases.
    #[test]
    fn alternating_safety_agrees_with_the_searches((width, height, cells) in board_6_to_12()) {
        alternating_safety_agrees(width, height, &cells)?;
    }

    /// [`alternating_safety_agrees`], the other 50 cases.
    #[test]
    fn alternating_safety_agrees_with_the_searches_more((width, height, cells) in board_6_to_12()) {
        alternating_safety_agrees(width, height, &cells)?;
    }
}

/// `fenced-sets` (spec j2003-solver.md J-LOC-8) against the state graph alone, on 6 to 12
/// points: the pinned games' proofs of both provers (the other searches off, so that where
/// they fail the graph decides) give the statuses the graph gives wherever both decide. With
/// `frozen-regions` on and off (off, the pinned regions are the only frozen ones).
fn fenced_sets_agrees(width: usize, height: usize, cells: &[u8]) -> Result<(), TestCaseError> {
    use go_oracle::optimized::Switches;
    let d = small_position(width, height, cells);
    let graph = Switches {
        bounded_capture: false,
        survival_proof: false,
        j2003_dfpn: false,
        alternating_safety: false,
        fenced_sets: false,
        ..Switches::ALL_ON
    };
    let solved = statuses(&Optimized { switches: graph }, &d, 100_000);
    if solved.iter().all(|(_, s)| s.is_none()) {
        return Ok(());
    }
    for frozen_regions in [true, false] {
        let switches = Switches {
            fenced_sets: true,
            frozen_regions,
            ..graph
        };
        let pinned = statuses(&Optimized { switches }, &d, 100_000);
        same_where_both_decide(&pinned, &solved, &d, &switches)?;
    }
    Ok(())
}

proptest! {
    // 100 cases in two tests of 50, which the harness runs on two cores.
    #![proptest_config(ProptestConfig { cases: 50, .. ProptestConfig::default() })]
    /// [`fenced_sets_agrees`], the first 50 cases.
    #[test]
    fn fenced_sets_agrees_with_the_state_graph((width, height, cells) in board_6_to_12()) {
        fenced_sets_agrees(width, height, &cells)?;
    }

    /// [`fenced_sets_agrees`], the other 50 cases.
    #[test]
    fn fenced_sets_agrees_with_the_state_graph_more((width, height, cells) in board_6_to_12()) {
        fenced_sets_agrees(width, height, &cells)?;
    }
}

prop_compose! {
    /// A board of 15 to 20 points cut by a column of one colour's stones, and the cells of a
    /// position on it ([`small_position`]), each other cell empty, black or white alike: each side's
    /// strings of the other colour have a fenced set whose rest is the far side (J-LOC-8),
    /// and the board is small enough for the whole-board proof searches to decide.
    fn board_with_a_wall()(
        (width, height, wall) in prop_oneof![Just((5, 3, 2)), Just((5, 4, 2)), Just((6, 3, 3)),
            Just((6, 3, 2)), Just((5, 3, 1))],
        colour in prop_oneof![Just(2u8), Just(3u8)],
        mut cells in prop::collection::vec(
            prop_oneof![1 => Just(0u8), 1 => Just(2u8), 1 => Just(3u8)], 24),
    ) -> (usize, usize, Vec<u8>) {
        for row in 0..height {
            cells[row * width + wall] = colour;
        }
        (width, height, cells)
    }
}

/// `fenced-sets` (spec j2003-solver.md J-LOC-8) against the whole-board proof searches, on 15 to
/// 20 points cut by a wall ([`board_with_a_wall`]), where both provers' fenced sets have a
/// rest: the same status wherever both decide. The safety screen is off in both, so that
/// the pinned games answer the uncapturable checks it would decide first.
fn fenced_sets_agrees_with_whole_board(
    width: usize,
    height: usize,
    cells: &[u8],
) -> Result<(), TestCaseError> {
    use go_oracle::optimized::Switches;
    let d = small_position(width, height, cells);
    let searches = Switches {
        alternating_safety: false,
        fenced_sets: false,
        ..Switches::ALL_ON
    };
    let solved = statuses(&Optimized { switches: searches }, &d, 30_000);
    if solved.iter().all(|(_, s)| s.is_none()) {
        return Ok(());
    }
    let switches = Switches {
        fenced_sets: true,
        ..searches
    };
    let pinned = statuses(&Optimized { switches }, &d, 30_000);
    same_where_both_decide(&pinned, &solved, &d, &switches)
}

proptest! {
    // 120 cases in two tests of 60, which the harness runs on two cores (about 30 s).
    #![proptest_config(ProptestConfig { cases: 60, .. ProptestConfig::default() })]
    /// [`fenced_sets_agrees_with_whole_board`], the first 60 cases.
    #[test]
    fn fenced_sets_agrees_with_the_whole_board_searches((width, height, cells) in board_with_a_wall()) {
        fenced_sets_agrees_with_whole_board(width, height, &cells)?;
    }

    /// [`fenced_sets_agrees_with_whole_board`], the other 60 cases.
    #[test]
    fn fenced_sets_agrees_with_the_whole_board_searches_more((width, height, cells) in board_with_a_wall()) {
        fenced_sets_agrees_with_whole_board(width, height, &cells)?;
    }
}

/// Three boards on which [`fenced_sets_agrees_with_whole_board`] found a broken
/// `fenced-sets` (spec j2003-solver.md J-LOC-8, "Status"): X's fence taken in X's colour (the first
/// board: White's A3 capturable-1, not dead), X's fence emptied with the rest (the second:
/// White's D3 uncapturable, not dead), and A flooded through empty points only, (a) of
/// J-LOC-8 (the third: White's A1 capturable-1, not dead). Replayed here so that each stays
/// caught whatever the random cases of the property tests are.
#[test]
fn fenced_sets_agrees_on_the_walled_findings() {
    #[rustfmt::skip]
    let findings: [(usize, usize, &[u8]); 3] = [
        (5, 4, &[2, 2, 3, 2, 0,
                 3, 0, 3, 2, 0,
                 2, 0, 3, 2, 2,
                 3, 0, 3, 2, 0]),
        (5, 3, &[3, 0, 3, 2, 0,
                 3, 0, 3, 0, 2,
                 0, 0, 3, 2, 0]),
        (5, 4, &[3, 2, 3, 2, 0,
                 3, 0, 3, 2, 2,
                 2, 0, 3, 2, 2,
                 3, 0, 3, 2, 0]),
    ];
    for (width, height, cells) in findings {
        fenced_sets_agrees_with_whole_board(width, height, cells).unwrap();
    }
}

/// The optimized engine with the steps 1-2 of one string left undetermined (G-13's setting:
/// another string's status unknown).
#[derive(Clone)]
struct Blind {
    inner: Optimized,
    at: go_oracle::geometry::Point,
}

impl Engine for Blind {
    fn name(&self) -> String {
        "optimized-blind".into()
    }
    fn to_shared(&self) -> std::sync::Arc<dyn Engine> {
        std::sync::Arc::new(self.clone())
    }
    fn start(
        &self,
        geometry: &go_oracle::geometry::Geometry,
        rules: &go_oracle::rules::Rules,
        start: &go_oracle::engine::Start,
    ) -> Result<Box<dyn go_oracle::engine::Game>, go_oracle::engine::Unsupported> {
        self.inner.start(geometry, rules, start)
    }
    fn j2003(
        &self,
    ) -> Result<&dyn go_oracle::engine::J2003Questions, go_oracle::engine::Unsupported> {
        Ok(self)
    }
}

impl go_oracle::engine::J2003Questions for Blind {
    fn force(
        &self,
        geometry: &go_oracle::geometry::Geometry,
        position: &go_oracle::geometry::Position,
        check: &go_oracle::status_game::StatusCheck,
        budget: u64,
    ) -> Result<go_oracle::engine::Answer<(bool, u64)>, go_oracle::engine::Unsupported> {
        use go_oracle::status_game::StatusKind;
        if check.kind != StatusKind::Capturable2 && check.string.contains(&self.at) {
            return Ok(go_oracle::engine::Answer::Undetermined(Spent {
                explored: 0,
            }));
        }
        self.inner.j2003()?.force(geometry, position, check, budget)
    }
    fn board_score(
        &self,
        geometry: &go_oracle::geometry::Geometry,
        position: &go_oracle::geometry::Position,
        status: &[Option<Status>],
    ) -> Result<i64, go_oracle::engine::Unsupported> {
        self.inner.j2003()?.board_score(geometry, position, status)
    }
}

/// G-13: with one string's steps 1-2 undetermined, the other strings' statuses still come
/// from bounds on their local environments; each decided one is the status of the whole
/// analysis, and so is each decided direct-ko-stone answer. Some strings reach capturable-2
/// or dead this way (none did when an unknown string left every environment unknown).
#[test]
fn environments_known_in_part_bound_local_2() {
    let mut seed: u64 = 0x6_13;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u8
    };
    use rayon::prelude::*;
    // The boards first (one sequence of draws), then each board on any core.
    let boards: Vec<(usize, usize, Vec<u8>)> = (0..120)
        .map(|i| {
            let (w, h) = [(3, 2), (4, 2), (3, 3), (5, 2), (4, 3)][i % 5];
            (w, h, (0..w * h).map(|_| next()).collect())
        })
        .collect();
    let through_bounds: usize = boards
        .par_iter()
        .map(|(w, h, cells)| {
            let e = Optimized::default();
            let mut through_bounds = 0;
            let (g, p) = parse_position(&small_position(*w, *h, cells)).unwrap();
            let whole = analyse(&e, &g, &p, 50_000).unwrap();
            for blind in &whole.strings {
                let b = Blind {
                    inner: Optimized::default(),
                    at: blind.points[0],
                };
                let part = analyse(&b, &g, &p, 50_000).unwrap();
                for (s, t) in whole.strings.iter().zip(&part.strings) {
                    if t.points == blind.points {
                        continue;
                    }
                    let at = g.name(s.points[0]);
                    if t.status.is_some() {
                        assert_eq!(
                            t.status,
                            s.status,
                            "{at} with {} blind:\n{}",
                            g.name(blind.points[0]),
                            p.diagram(&g)
                        );
                        if t.colour == blind.colour
                            && matches!(t.status, Some(Status::Capturable2 | Status::Dead))
                        {
                            through_bounds += 1;
                        }
                    }
                    if t.direct_ko_stone.is_some() {
                        assert_eq!(
                            t.direct_ko_stone,
                            s.direct_ko_stone,
                            "{at}:\n{}",
                            p.diagram(&g)
                        );
                    }
                }
            }
            through_bounds
        })
        .sum();
    eprintln!(
        "{through_bounds} strings capturable-2 or dead beside an unknown string of their colour"
    );
    assert!(through_bounds >= 50, "{through_bounds}");
}

/// `explain`'s line of a check decided by a pinned game (J-LOC-8; spec S-2): gnugo-9x9-3's
/// black B2-B3, capturable-1 for White on White's fenced set (202 states; at 20,000 the whole
/// board's proof does not find it). White's winning line shows Black's tempo as `Outside`,
/// and every play of it stands on A (fenced_sets.rs's unit test lists A).
#[test]
fn a_pinned_games_line_shows_the_tempo() {
    use go_oracle::engine::{LineMove, Move};
    use go_oracle::geometry::Colour;
    use go_oracle::status_game::{StatusCheck, StatusKind};
    let text = ". . . . . . . . .\nO O . . O O . . .\n# O O O # # O O O\n\
                # # # # # . # # O\nO # # O # . # . #\nO O O O # . . . .\n\
                O # O . O # # . .\n. # O O O O # . .\n. . . O # # # . .\n";
    let (g, position) = parse_position(text).unwrap();
    let at = |s: &str| g.parse_gtp(s).unwrap();
    let string = vec![at("B2"), at("B3")];
    let check = StatusCheck {
        string: string.clone(),
        defender: Colour::Black,
        kind: StatusKind::Capturable1,
        local: string,
    };
    let line = Optimized::default()
        .j2003()
        .unwrap()
        .principal_line(&g, &position, &check, 20_000)
        .unwrap()
        .expect("a line");
    assert!(line.forced, "{line:?}");
    assert!(line.moves.contains(&LineMove::Outside), "{line:?}");
    let a: Vec<_> = "A1 B1 C1 D1 A2 B2 C2 D2 E2 F2 A3 B3 C3 D3 E3 A4 B4 C4 D4 A5 D5"
        .split(' ')
        .map(at)
        .collect();
    for m in &line.moves {
        if let LineMove::Move(Move::Play(p)) = m {
            assert!(a.contains(p), "{} is not on A: {line:?}", g.name(*p));
        }
    }
}
