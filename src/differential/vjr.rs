//! VJR differential checking (spec `vjr-solver.md` VS-4): on tiny final positions (1xN, 2xN, small
//! rectangles, kos included), every engine configuration gives the same answer to every
//! status question both decide, under every `independent-life` and `long-cycles` value
//! (VP-1, VP-2), and the same territory
//! on a settled assessment. Used by the proptests (`tests/vjr.rs`) and the
//! `vjr_status_agree` fuzz target.

use crate::engine::{Answer, Engine};
use crate::geometry::{Cell, Colour, Geometry, Position};
use crate::runner::all_engines;
use crate::status_game::strings;
use crate::vjr::{IndependentLife, LongCycles, Question, VjrQuestion, VjrStatus};

/// A final position that fuzzers and proptests build from raw data.
#[derive(Clone, Debug, arbitrary::Arbitrary)]
pub struct VjrInput {
    pub width: u8,
    pub height: u8,
    /// Each byte places a stone (1 black, 2 white) or nothing; a stone that would leave a
    /// string without a liberty is left out.
    pub setup: Vec<u8>,
    /// Which string (modulo their number) and which question (0: capture, 1-6: the
    /// independent-life values; 7-13 the same under `long-cycles: infinite-disturbance`) to
    /// compare; `None`: every string, every question under both readings of VP-2.
    pub pick: Option<(u8, u8)>,
}

impl VjrInput {
    /// The board (at most `max_points` points: 1xN up to 1x`max_points`, 2xN, 3x3) and the
    /// final position.
    pub fn build(&self, max_points: usize) -> (Geometry, Position) {
        let mut w = (self.width as usize % 6) + 1;
        let mut h = (self.height as usize % 3) + 1;
        while w * h > max_points {
            if w >= h && w > 1 {
                w -= 1;
            } else {
                h -= 1;
            }
        }
        let geometry = Geometry::rect(w, h).expect("folded size is in range");
        let cells = self.setup.iter().map(|b| match b % 3 {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        });
        let position = super::legal_position(&geometry, cells);
        (geometry, position)
    }

    /// The questions to compare.
    pub fn questions(&self, geometry: &Geometry, position: &Position) -> Vec<VjrQuestion> {
        // Every question under every reading of VP-2.
        let all_questions: Vec<(Question, LongCycles)> = LongCycles::ALL
            .iter()
            .flat_map(|&cycles| {
                std::iter::once(Question::Capture)
                    .chain(IndependentLife::ALL.iter().map(|&l| Question::Formation(l)))
                    .map(move |q| (q, cycles))
            })
            .collect();
        let strings = strings(geometry, position);
        let mut out = Vec::new();
        for (i, (owner, string)) in strings.iter().enumerate() {
            for (j, &(question, long_cycles)) in all_questions.iter().enumerate() {
                let wanted = match self.pick {
                    None => true,
                    Some((s, q)) => {
                        i == s as usize % strings.len() && j == q as usize % all_questions.len()
                    }
                };
                if wanted {
                    out.push(VjrQuestion {
                        long_cycles,
                        string: string.clone(),
                        owner: *owner,
                        question,
                    });
                }
            }
        }
        out
    }
}

/// Every engine configuration answers every question of `checks` like the reference,
/// where both decide within `budget`; and where every answer of the assessment is decided
/// by both, the territories agree.
pub fn compare_vjr_status(
    geometry: &Geometry,
    position: &Position,
    checks: &[VjrQuestion],
    budget: u64,
) -> Result<(), String> {
    let engines: Vec<Box<dyn Engine>> = all_engines()
        .into_iter()
        .filter(|e| {
            e.name() == "reference"
                || e.name() == "optimized"
                || e.name().starts_with("optimized-without-vjr-")
        })
        .collect();
    let (reference, others) = engines.split_first().expect("the reference comes first");
    for check in checks {
        let want = match reference
            .vjr()
            .and_then(|q| q.force(geometry, position, check, budget))
        {
            Ok(Answer::Decided((v, _))) => v,
            _ => continue,
        };
        for e in others {
            match e
                .vjr()
                .and_then(|q| q.force(geometry, position, check, budget))
            {
                Ok(Answer::Decided((v, _))) if v != want => {
                    return Err(format!(
                        "{}: {:?} of the {} string at {} is {} (reference: {})\n{}",
                        e.name(),
                        check.question,
                        check.owner.name(),
                        geometry.name(check.string[0]),
                        v.name(),
                        want.name(),
                        position.diagram(geometry)
                    ));
                }
                Ok(_) => {}
                Err(u) => return Err(u.to_string()),
            }
        }
    }
    // Territory: on a random settled assignment of statuses (the statuses need not be
    // those of an assessment: V-24 and V-25 are defined for any).
    let status: Vec<Option<VjrStatus>> = geometry
        .points()
        .map(|p| match position.get(p) {
            Cell::Empty => None,
            Cell::Stone(_) => Some(match (p * 7 + position.count(Cell::Empty)) % 3 {
                0 => VjrStatus::IndependentlyAlive,
                1 => VjrStatus::AliveInSeki,
                _ => VjrStatus::Dead,
            }),
        })
        .collect();
    // One status per string: the status of its first point.
    let mut by_string = status.clone();
    for (_, pts) in strings(geometry, position) {
        for &p in &pts {
            by_string[p] = status[pts[0]];
        }
    }
    let want = reference
        .vjr()
        .and_then(|q| q.territory(geometry, position, &by_string))
        .map_err(|u| u.to_string())?;
    for e in others {
        let got = e
            .vjr()
            .and_then(|q| q.territory(geometry, position, &by_string))
            .map_err(|u| u.to_string())?;
        if got != want {
            return Err(format!(
                "{}: territory {:?} (reference {:?}) for statuses {:?}\n{}",
                e.name(),
                got,
                want,
                by_string,
                position.diagram(geometry)
            ));
        }
    }
    Ok(())
}
