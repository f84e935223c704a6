//! The ending-pass screen of J-19 (spec `j2003-solver.md`, lemma J19-L1): a position where no single
//! stone is a ko stone (J-28) holds no direct ko stone (J-48), so an engine that screens makes
//! the ending pass legal without the analysis; a position with a ko stone still goes to the
//! analysis (C-4), whatever kind of ko stone it is.

use go_oracle::engine::{Engine, Illegal, Move, Start};
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::optimized::{Optimized, Switches};
use go_oracle::parse::diagram::parse_position;
use go_oracle::procedure::j2003::{ending_pass_screened, has_ko_stone};
use go_oracle::reference::Reference;
use go_oracle::rules::RulesetId;
use go_oracle::session::{PassJudge, Refusal, RulesetGame};

const NINE_FEW: &str = "\
. . . . . . . . .
. . . . . . . . .
. . . . . . O . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . # . . . . . .
. . . . . . . . .
. . . . . . . . .";

/// 3x3, two stones: the analysis is undetermined within 20,000 states (issue 27).
const THREE_TWO: &str = "\
# . .
. . .
. . O";

/// 1x7: White's F1 is a direct ko stone (oracle-cases/j2003-shapes/direct-ko-stone.yaml).
const DIRECT_KO: &str = ". . # # # O .";

/// 1x5: Black's B1 is a ko stone but capturable-1, not a direct ko stone
/// (oracle-cases/j2003-shapes/basic-ko-at-end.yaml, ko-left-open).
const KO_NOT_DIRECT: &str = ". # O . O";

/// 3x3, a stone in atari but no ko: White's C2 would take Black's B2 alone, but Black's play
/// back at B2 would be suicide (the white stone on C2 keeps C1 and C3), so B2 is no ko stone.
const ATARI_NO_KO: &str = "\
. O .
O # .
. O .";

fn screen_off() -> Optimized {
    Optimized {
        switches: Switches::without("j19-ko-stone-screen").unwrap(),
    }
}

fn position(diagram: &str) -> (Geometry, Position) {
    parse_position(diagram).unwrap()
}

/// A J2003 game from `diagram` with `to_move`, its judge's budget `budget`, after one pass.
fn after_one_pass(engine: &dyn Engine, diagram: &str, budget: u64) -> RulesetGame {
    let (g, p) = position(diagram);
    let rules = RulesetId::J2003.rules().unwrap();
    let start = Start {
        position: p,
        to_move: Colour::Black,
        ..Start::empty(&g)
    };
    let mut game = RulesetGame::start(engine, &g, &rules, &start, PassJudge::new(budget)).unwrap();
    game.play(Move::Pass.into()).unwrap();
    game
}

#[test]
fn positions_without_a_ko_stone() {
    for diagram in [NINE_FEW, THREE_TWO, ATARI_NO_KO, "."] {
        let (g, p) = position(diagram);
        for engine in [
            &Reference as &dyn Engine,
            &Optimized::default(),
            &screen_off(),
        ] {
            assert!(!has_ko_stone(engine, &g, &p).unwrap(), "{diagram}");
        }
        assert!(ending_pass_screened(&Optimized::default(), &g, &p).unwrap());
        // The reference follows C-4 literally; the switch off does as the reference.
        assert!(!ending_pass_screened(&Reference, &g, &p).unwrap());
        assert!(!ending_pass_screened(&screen_off(), &g, &p).unwrap());
    }
}

#[test]
fn positions_with_a_ko_stone_are_not_screened() {
    for diagram in [DIRECT_KO, KO_NOT_DIRECT] {
        let (g, p) = position(diagram);
        for engine in [&Reference as &dyn Engine, &Optimized::default()] {
            assert!(has_ko_stone(engine, &g, &p).unwrap(), "{diagram}");
        }
        assert!(!ending_pass_screened(&Optimized::default(), &g, &p).unwrap());
    }
}

#[test]
fn a_screened_ending_pass_is_legal_without_the_analysis() {
    // Budget 1: any analysis would be undetermined, so a legal pass here was screened.
    for diagram in [NINE_FEW, THREE_TWO] {
        let mut game = after_one_pass(&Optimized::default(), diagram, 1);
        assert_eq!(game.play(Move::Pass.into()), Ok(Default::default()));
        assert!(game.is_over());
        assert!(
            game.pass_judge().memo.borrow().is_empty(),
            "no analysis made"
        );
        for engine in [&Reference as &dyn Engine, &screen_off()] {
            let mut game = after_one_pass(engine, diagram, 1);
            assert!(matches!(
                game.play(Move::Pass.into()),
                Err(Refusal::Undetermined(_))
            ));
            assert!(!game.is_over());
        }
    }
}

#[test]
fn a_ko_stone_that_is_not_direct_still_goes_to_the_analysis() {
    let mut game = after_one_pass(&Optimized::default(), KO_NOT_DIRECT, 300_000);
    assert_eq!(game.play(Move::Pass.into()), Ok(Default::default()));
    let memo = game.pass_judge().ko_stone_memo.borrow();
    assert_eq!(
        memo.len(),
        1,
        "the analysis of the ko stones judged the pass"
    );
    assert_eq!(memo[0].1.has_direct_ko_stone(), Some(false));
    assert_eq!(memo[0].1.strings.len(), 1, "B1 alone (J19-L1 (ii))");
    drop(memo);
    assert!(game.pass_judge().memo.borrow().is_empty());
    // With a budget the analysis cannot meet, the pass stays undetermined: not screened.
    let mut game = after_one_pass(&Optimized::default(), KO_NOT_DIRECT, 1);
    assert!(matches!(
        game.play(Move::Pass.into()),
        Err(Refusal::Undetermined(_))
    ));
}

#[test]
fn a_direct_ko_stone_still_refuses_the_ending_pass() {
    let mut game = after_one_pass(&Optimized::default(), DIRECT_KO, 300_000);
    assert_eq!(
        game.play(Move::Pass.into()),
        Err(Refusal::Illegal(Illegal::DirectKo))
    );
}

/// J19-L1 (ii): on `. # O . O . # #` the screening judge analyses the ko stones B1 and C1
/// alone, which their checks decide within 3,000 states, so the ending pass is legal.
/// The analysis of every string (the switch off) is undetermined within them (a string that
/// is no ko stone stops it).
#[test]
fn only_the_ko_stones_judge_the_ending_pass() {
    let diagram = ". # O . O . # #";
    let mut game = after_one_pass(&Optimized::default(), diagram, 3_000);
    assert_eq!(game.play(Move::Pass.into()), Ok(Default::default()));
    assert!(game.is_over());
    let memo = game.pass_judge().ko_stone_memo.borrow();
    assert_eq!(memo[0].1.strings.len(), 2, "B1 and C1, not E1 nor G1-H1");
    drop(memo);
    let mut game = after_one_pass(&screen_off(), diagram, 3_000);
    assert!(matches!(
        game.play(Move::Pass.into()),
        Err(Refusal::Undetermined(_))
    ));
}
