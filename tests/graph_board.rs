//! The reference engine plays on general boards (a finite set of points with a symmetric
//! neighbour relation, spec PLAY-1), as LJR will need; the optimized engine says it does
//! not support them instead of guessing.

use go_oracle::engine::{Engine, Illegal, Move, Start};
use go_oracle::geometry::{Cell, Colour, Geometry};
use go_oracle::optimized::Optimized;
use go_oracle::reference::Reference;
use go_oracle::rules::RulesetId;

#[test]
fn ring_of_four_points() {
    // 0 - 1 - 2 - 3 - 0: every point has two neighbours; no edge of the board.
    let g = Geometry::graph(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
    let rules = RulesetId::TrompLogical.rules().unwrap();
    let mut game = Reference.start(&g, &rules, &Start::empty(&g)).unwrap();
    game.play(Move::Play(0)).unwrap(); // B p0
    game.play(Move::Play(1)).unwrap(); // W p1
                                       // B p2 takes W p1's last liberty (p1 touches p0 and p2 only).
    let played = game.play(Move::Play(2)).unwrap();
    assert_eq!(played.removed, vec![1]);
    assert_eq!(game.cell(1), Cell::Empty);
    assert_eq!(game.prisoners().black, 1);
    // W p1 again: no liberty, captures nothing: a one-stone suicide recreating the
    // position, illegal by positional superko.
    assert_eq!(game.legality(Move::Play(1)), Err(Illegal::Superko));
    // W p3 touches only the black stones p0 and p2, each of which keeps the liberty p1:
    // nothing is captured and W p3 has no liberty, a suicide recreating the position.
    assert_eq!(game.legality(Move::Play(3)), Err(Illegal::Superko));
    game.play(Move::Pass).unwrap();
    game.play(Move::Play(3)).unwrap(); // B p3
    let score = game.score(0.0).unwrap();
    // Black stones p0, p2, p3 and the empty p1 that reaches only black.
    assert_eq!((score.black, score.white), (4, 0));
    assert_eq!(game.to_move(), Colour::White);
}

#[test]
fn optimized_declines_graphs() {
    let g = Geometry::graph(3, &[(0, 1), (1, 2)]).unwrap();
    let rules = RulesetId::TrompLogical.rules().unwrap();
    assert!(Optimized::default()
        .start(&g, &rules, &Start::empty(&g))
        .is_err());
}

#[test]
fn bad_graphs_are_errors() {
    assert!(Geometry::graph(0, &[]).is_err());
    assert!(Geometry::graph(2, &[(0, 2)]).is_err());
    assert!(Geometry::graph(2, &[(1, 1)]).is_err());
}
