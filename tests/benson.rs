//! The one Benson fixpoint (`go_oracle::benson`) against the reference's literal readings,
//! on random small legal positions of rectangles and of general graphs, for both colours:
//! * `Vitality::Liberties` (naj-solver.md N-17.B, j2003-solver.md S-3): the chains kept are the immortal
//!   stones of the reference's search (N-17.S), wherever it decides;
//! * `Vitality::EmptySuicideProof` (vjr.md V-11): the chains kept and the kept regions vital
//!   to one of them are the reference's pass-alive formation;
//! * `Vitality::SuicideProof` (solve.md SOLVE-B4): the reference has no reading of it (it is
//!   a bound of the procedures' solver); its stones are never removed by a sequence of
//!   opposing plays with suicide allowed (an exhaustive search of the reachable positions,
//!   here, where it finishes), and they lie between the other two: EmptySuicideProof ⊆
//!   SuicideProof ⊆ Liberties.
//!
//! On rectangles, the graph labelling (`benson::on_graph`) and the bitboard one
//! (`optimized::benson::Benson`) give the same answers for every vitality.

use go_oracle::benson::{self, Occupant, OnGraph, Vitality, NONE};
use go_oracle::engine::{Answer, Engine};
use go_oracle::geometry::{Cell, Colour, Geometry, Point, Position};
use go_oracle::optimized::benson::Benson;
use go_oracle::optimized::bitboard::BitBoard;
use go_oracle::optimized::legal::Layout;
use go_oracle::reference::play::{is_legal_position, play};
use go_oracle::reference::vjr::has_formation_on;
use go_oracle::reference::Reference;
use go_oracle::rules::CaptureOrder;
use go_oracle::vjr::{Coverage, FormationKind, IndependentLife};
use proptest::prelude::*;
use std::collections::BTreeSet;

const VITALITIES: [Vitality; 3] = [
    Vitality::Liberties,
    Vitality::SuicideProof,
    Vitality::EmptySuicideProof,
];

/// A legal position from `cells` (0 empty, 1 black, 2 white): each stone placed in turn,
/// dropped when it would leave a string without a liberty.
fn legal_position(g: &Geometry, cells: &[u8]) -> Position {
    let mut p = Position::empty(g.len());
    for (q, &c) in cells.iter().enumerate().take(g.len()) {
        let cell = match c {
            1 => Cell::Stone(Colour::Black),
            2 => Cell::Stone(Colour::White),
            _ => continue,
        };
        p.set(q, cell);
        if !is_legal_position(g, &p) {
            p.set(q, Cell::Empty);
        }
    }
    p
}

fn fixpoint(g: &Geometry, p: &Position, colour: Colour, vitality: Vitality) -> OnGraph {
    let occupant = |q: Point| match p.get(q) {
        Cell::Stone(c) if c == colour => Occupant::Own,
        Cell::Empty => Occupant::Empty,
        Cell::Stone(_) => Occupant::Opposing,
    };
    benson::on_graph(g, occupant, vitality)
}

/// Per point: it holds a kept chain's stone.
fn alive(g: &Geometry, b: &OnGraph) -> Vec<bool> {
    g.points().map(|q| b.alive(q)).collect()
}

/// Per point: a kept chain's stone, or a point of a kept region vital to a kept chain.
fn formation(g: &Geometry, b: &OnGraph) -> Vec<bool> {
    let mut region = vec![false; b.kept.regions.len()];
    for t in &b.touches {
        let (r, c) = (t.region as usize, t.chain as usize);
        region[r] |= t.vital && b.kept.regions[r] && b.kept.chains[c];
    }
    g.points()
        .map(|q| b.alive(q) || (b.region_of[q] != NONE && region[b.region_of[q] as usize]))
        .collect()
}

/// The bitboard labelling on a rectangle: (alive, formation) per point.
fn on_bitboards(g: &Geometry, p: &Position, colour: Colour, v: Vitality) -> (Vec<bool>, Vec<bool>) {
    let (w, h) = g.rect_size().expect("a rectangle");
    let layout = Layout::<2>::new(w, h);
    let (mut mine, mut theirs) = (BitBoard::<2>::ZERO, BitBoard::<2>::ZERO);
    for q in g.points() {
        match p.get(q) {
            Cell::Stone(c) if c == colour => mine.set(layout.bit(q % w, q / w)),
            Cell::Stone(_) => theirs.set(layout.bit(q % w, q / w)),
            Cell::Empty => {}
        }
    }
    let b = Benson::new(&mine, &theirs, &layout, v);
    let (a, f) = (b.alive(), b.formation());
    let at = |s: &BitBoard<2>| {
        g.points()
            .map(|q| s.get(layout.bit(q % w, q / w)))
            .collect()
    };
    (at(&a), at(&f))
}

/// The points of `colour`'s stones that some sequence of opposing plays (suicide allowed,
/// `colour` passing throughout, any repetition allowed) removes; `None` past `budget`
/// positions.
fn removable_with_suicide(
    g: &Geometry,
    p: &Position,
    colour: Colour,
    budget: usize,
) -> Option<Vec<bool>> {
    let mine = Cell::Stone(colour);
    let mut removed = vec![false; g.len()];
    let mut seen: BTreeSet<Position> = BTreeSet::from([p.clone()]);
    let mut stack = vec![p.clone()];
    while let Some(here) = stack.pop() {
        for q in g.points().filter(|&q| here.get(q) == Cell::Empty) {
            let after = play(g, &here, q, colour.opponent(), CaptureOrder::OpponentFirst).after;
            for x in g.points() {
                removed[x] |= p.get(x) == mine && after.get(x) != mine;
            }
            if seen.insert(after.clone()) {
                if seen.len() > budget {
                    return None;
                }
                stack.push(after);
            }
        }
    }
    Some(removed)
}

fn show(g: &Geometry, p: &Position, v: &[bool]) -> String {
    let marks = Position(
        v.iter()
            .map(|&x| {
                if x {
                    Cell::Stone(Colour::Black)
                } else {
                    Cell::Empty
                }
            })
            .collect(),
    );
    format!("{}marked:\n{}", p.diagram(g), marks.diagram(g))
}

/// Everything this file asserts of one position; returns (decided by the reference's
/// immortality search, decided by the suicide search, stones kept by the suicide-proof
/// vitality) over both colours.
fn check(g: &Geometry, p: &Position) -> Result<(u32, u32, u32), TestCaseError> {
    let (mut decided, mut searched, mut strict_stones) = (0, 0, 0);
    for colour in [Colour::Black, Colour::White] {
        let b: Vec<OnGraph> = VITALITIES
            .iter()
            .map(|&v| fixpoint(g, p, colour, v))
            .collect();
        let [lib, strict, empty] = [0, 1, 2].map(|i| alive(g, &b[i]));
        // N-17.B: Benson's own vitality is the reference's immortality (N-17.S).
        if let Answer::Decided(immortal) = Reference
            .naj()
            .unwrap()
            .immortal(g, p, colour, 20_000)
            .unwrap()
        {
            decided += 1;
            prop_assert_eq!(&lib, &immortal, "{} immortal: {}", colour, show(g, p, &lib));
        }
        // V-11: the pass-alive formation of the reference.
        let life = IndependentLife {
            formation: FormationKind::PassAlive,
            coverage: Coverage::One,
        };
        let reference: Vec<bool> = g
            .points()
            .map(|q| has_formation_on(g, p, colour, &[q], life))
            .collect();
        let ours = formation(g, &b[2]);
        prop_assert_eq!(&ours, &reference, "{} V-11: {}", colour, show(g, p, &ours));
        // SOLVE-B4: sound with suicide allowed, and between the other two.
        if let Some(removable) = removable_with_suicide(g, p, colour, 3_000) {
            searched += 1;
            for q in g.points() {
                prop_assert!(
                    !(strict[q] && removable[q]),
                    "{} SOLVE-B4 stone {} removed: {}",
                    colour,
                    q,
                    show(g, p, &strict)
                );
            }
        }
        for q in g.points() {
            prop_assert!(
                !empty[q] || strict[q],
                "V-11 not within SOLVE-B4: {}",
                show(g, p, &empty)
            );
            prop_assert!(
                !strict[q] || lib[q],
                "SOLVE-B4 not within N-17.B: {}",
                show(g, p, &strict)
            );
            strict_stones += strict[q] as u32;
        }
        // The bitboard labelling agrees with the graph one.
        if g.rect_size().is_some() {
            for (i, &v) in VITALITIES.iter().enumerate() {
                let (a, f) = on_bitboards(g, p, colour, v);
                prop_assert_eq!(&a, &alive(g, &b[i]), "{:?} bitboards", v);
                prop_assert_eq!(&f, &formation(g, &b[i]), "{:?} bitboards", v);
            }
        }
    }
    Ok((decided, searched, strict_stones))
}

prop_compose! {
    /// A rectangle up to 4x4 and a crowded legal position on it.
    fn rectangle()(
        width in 1usize..5, height in 1usize..5,
        cells in proptest::collection::vec(prop_oneof![1 => Just(0u8), 3 => 1u8..3], 16),
    ) -> (Geometry, Position) {
        let g = Geometry::rect(width, height).expect("a rectangle");
        let p = legal_position(&g, &cells);
        (g, p)
    }
}

prop_compose! {
    /// A general graph of up to 9 points and a crowded legal position on it.
    fn graph()(n in 1usize..10)(
        n in Just(n),
        edges in proptest::collection::vec((0..n, 0..n), 0..2 * n),
        cells in proptest::collection::vec(prop_oneof![1 => Just(0u8), 3 => 1u8..3], n),
    ) -> (Geometry, Position) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|(a, b)| a != b).collect();
        let g = Geometry::graph(n, &edges).expect("a graph");
        let p = legal_position(&g, &cells);
        (g, p)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn fixpoint_agrees_with_the_reference_on_rectangles((g, p) in rectangle()) {
        check(&g, &p)?;
    }

    #[test]
    fn fixpoint_agrees_with_the_reference_on_graphs((g, p) in graph()) {
        check(&g, &p)?;
    }
}

/// The properties above are not vacuous: on crowded random 3x3 and 4x3 positions from a
/// fixed seed, the searches decide most colours and the suicide-proof vitality keeps stones.
#[test]
fn the_comparisons_decide_and_find_stones() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let (mut decided, mut searched, mut stones, mut total) = (0, 0, 0, 0);
    for i in 0..200 {
        let g = Geometry::rect(3 + i % 2, 3).expect("a rectangle");
        let cells: Vec<u8> = (0..g.len()).map(|_| rng.gen_range(0..4).min(2)).collect();
        let p = legal_position(&g, &cells);
        let (d, s, k) = check(&g, &p).unwrap_or_else(|e| panic!("{e}"));
        (decided, searched, stones, total) = (decided + d, searched + s, stones + k, total + 2);
    }
    assert!(decided * 2 >= total, "only {decided} of {total} decided");
    assert!(searched * 2 >= total, "only {searched} of {total} searched");
    assert!(stones >= 20, "only {stones} stones kept by SOLVE-B4");
}
