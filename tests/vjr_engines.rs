//! VJR (spec `vjr-solver.md` VS-4): the optimized solver, with every VJR switch on and with each
//! one off, gives the reference's answer to every question both decide, on every legal
//! position of tiny boards (1x4, 1x5), a sample of 2x3, and hand-picked positions; and the
//! two territories (V-24, V-25) agree on every status assignment of small positions.

use go_oracle::engine::{Answer, Engine};
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::optimized::{Optimized, Switches};
use go_oracle::parse::diagram::parse_position;
use go_oracle::reference::Reference;
use go_oracle::rules::Family;
use go_oracle::status_game::strings;
use go_oracle::vjr::{IndependentLife, Outcome, Question, VjrQuestion, VjrStatus};

const BUDGET: u64 = 300_000;

fn engines() -> Vec<Optimized> {
    std::iter::once(Optimized::default())
        .chain(
            Switches::names_of(Family::Vjr)
                .into_iter()
                .map(|n| Optimized {
                    switches: Switches::without(n).expect("a switch"),
                }),
        )
        .collect()
}

fn questions() -> Vec<Question> {
    std::iter::once(Question::Capture)
        .chain(IndependentLife::ALL.iter().map(|&l| Question::Formation(l)))
        .collect()
}

fn decided(a: Answer<(Outcome, u64)>) -> Option<Outcome> {
    match a {
        Answer::Decided((o, _)) => Some(o),
        Answer::Undetermined(_) => None,
    }
}

/// The legal positions (every string with a liberty) of `g`, every `step`-th one.
fn positions(g: &Geometry, step: usize) -> Vec<Position> {
    let n = g.len();
    let mut out = Vec::new();
    for code in (0..3usize.pow(n as u32)).step_by(step) {
        let mut p = Position::empty(n);
        let mut c = code;
        for q in 0..n {
            match c % 3 {
                1 => p.set(q, Cell::Stone(Colour::Black)),
                2 => p.set(q, Cell::Stone(Colour::White)),
                _ => {}
            }
            c /= 3;
        }
        let legal = strings(g, &p).iter().all(|(_, s)| {
            s.iter()
                .any(|&q| g.neighbours(q).iter().any(|&m| p.get(m) == Cell::Empty))
        });
        if legal {
            out.push(p);
        }
    }
    out
}

/// Every question of every string of `p`: the reference's answer and each configuration's
/// agree when both decide. Returns (questions compared, optimized states, reference nodes).
/// Every (string, question) of `p` asked of the reference (within `reference_budget`
/// nodes) and of every configuration (within [`BUDGET`]); every answer both decide must be
/// the same. The pairs are asked on every core. Returns the answers compared, the
/// optimized engine's states and the reference's nodes.
fn agree(
    g: &Geometry,
    p: &Position,
    questions: &[Question],
    reference_budget: u64,
) -> (u64, u64, u64) {
    use rayon::prelude::*;
    let checks: Vec<VjrQuestion> = strings(g, p)
        .into_iter()
        .flat_map(|(owner, string)| {
            questions.iter().map(move |&question| VjrQuestion {
                long_cycles: go_oracle::vjr::LongCycles::default(),
                string: string.clone(),
                owner,
                question,
            })
        })
        .collect();
    checks
        .par_iter()
        .map(|check| {
            let (mut compared, mut states, mut nodes) = (0, 0, 0);
            let reference = Reference
                .vjr()
                .unwrap()
                .force(g, p, check, reference_budget)
                .expect("rectangle");
            if let Answer::Decided((_, n)) = reference {
                nodes += n;
            }
            let reference = decided(reference);
            for e in engines() {
                let answer = e
                    .vjr()
                    .unwrap()
                    .force(g, p, check, BUDGET)
                    .expect("rectangle");
                if let (Answer::Decided((_, s)), true) = (&answer, e.name() == "optimized") {
                    states += s;
                }
                if let (Some(r), Some(o)) = (reference, decided(answer)) {
                    assert_eq!(r, o, "{} on {p:?}, {check:?}", e.name());
                    compared += 1;
                }
            }
            (compared, states, nodes)
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
}

fn agree_on_board(width: usize, height: usize, step: usize, questions: &[Question]) {
    let g = Geometry::rect(width, height).expect("a board");
    let (mut compared, mut states, mut nodes) = (0, 0, 0);
    for p in positions(&g, step) {
        let (c, s, n) = agree(&g, &p, questions, BUDGET);
        compared += c;
        states += s;
        nodes += n;
    }
    assert!(compared > 0);
    eprintln!(
        "{width}x{height}: {compared} answers compared; optimized {states} states, reference {nodes} nodes"
    );
}

#[test]
fn all_positions_of_1x4() {
    agree_on_board(4, 1, 1, &questions());
}

#[test]
fn all_positions_of_1x5() {
    agree_on_board(5, 1, 1, &questions());
}

#[test]
fn sample_of_2x3() {
    agree_on_board(3, 2, 7, &questions());
}

#[test]
fn hand_picked_positions() {
    // Each with the reference's budget and the answers it must compare. The 3x3 position:
    // the reference decides one capture question (between 100,000 and 200,000 nodes) and
    // leaves the other 20 undetermined at 300,000; at 300,000 it spent 20 s on them
    // (2026-12-02), at 200,000 the same 7 answers are compared.
    for (text, reference_budget, at_least) in [
        // An undefined capture question of the centre stone (a cycle that no precedent
        // covers), found by scanning 3x3 positions with at most five empty points.
        ("O . #\nO # .\n. . .\n", 200_000, 7),
        // A ko: Black's capture at C1 is retaken only after an intervening move.
        (". # O .\n# O . O\n", BUDGET, 245),
        // Two eyes.
        (". # . #\n# # # #\n", BUDGET, 49),
    ] {
        let (g, p) = parse_position(text).expect("diagram");
        let (compared, _, _) = agree(&g, &p, &questions(), reference_budget);
        assert!(
            compared >= at_least,
            "{compared} answers compared on {text:?}"
        );
    }
    // Every configuration decides the undefined one (the reference needs more budget:
    // `undefined_against_the_reference`).
    let (g, p, check) = undefined_capture();
    for e in engines() {
        let o = decided(
            e.vjr()
                .unwrap()
                .force(&g, &p, &check, BUDGET)
                .expect("rect"),
        );
        // Without the attractors the first-cycle search over the whole graph may run out.
        if e.switches.vjr_attractor {
            assert_eq!(o, Some(Outcome::Undefined), "{}", e.name());
        } else {
            assert!(matches!(o, None | Some(Outcome::Undefined)), "{}", e.name());
        }
    }
}

#[test]
fn territories_agree() {
    let statuses = [
        VjrStatus::IndependentlyAlive,
        VjrStatus::AliveInSeki,
        VjrStatus::Dead,
    ];
    let g = Geometry::rect(3, 2).expect("a board");
    for p in positions(&g, 5) {
        let ss = strings(&g, &p);
        // Every assignment of statuses to the strings (at most 3^4).
        for code in 0..3usize.pow(ss.len().min(4) as u32) {
            let mut status = vec![None; g.len()];
            let mut c = code;
            for (_, s) in ss.iter() {
                for &q in s {
                    status[q] = Some(statuses[c % 3]);
                }
                c /= 3;
            }
            let r = Reference
                .vjr()
                .unwrap()
                .territory(&g, &p, &status)
                .expect("reference");
            let o = Optimized::default()
                .vjr()
                .unwrap()
                .territory(&g, &p, &status)
                .expect("optimized");
            assert_eq!(r, o, "{p:?} {status:?}");
        }
    }
}

/// The 3x3 position whose capture question of the centre stone is undefined.
fn undefined_capture() -> (Geometry, Position, VjrQuestion) {
    let (g, p) = parse_position("O . #\nO # .\n. . .\n").expect("diagram");
    let check = VjrQuestion {
        long_cycles: go_oracle::vjr::LongCycles::default(),
        string: vec![4],
        owner: Colour::Black,
        question: Question::Capture,
    };
    (g, p, check)
}

/// Slow: `--ignored`. The reference's literal search of this position did not finish within
/// 50 million nodes (2026-11-24); when it decides, it must say undefined.
#[test]
#[ignore]
fn undefined_against_the_reference() {
    let (g, p, check) = undefined_capture();
    let r = Reference
        .vjr()
        .unwrap()
        .force(&g, &p, &check, 50_000_000)
        .expect("rect");
    eprintln!("reference: {r:?}");
    assert!(matches!(decided(r), None | Some(Outcome::Undefined)));
}
