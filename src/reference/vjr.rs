//! The status assessment of the Verbal Japanese Rules, literally (spec `vjr.md`): the
//! variations of one status question evaluated depth first, as the paper's decision making
//! does (VS-2), the formations from their definitions (V-9 ... V-12), and the territory
//! (V-24, V-25).
//!
//! No transposition table: every variation is followed move by move, keeping the states of
//! the current variation on a path. A move to a state already on the path is an infinite
//! variation (V-14), judged by its cycle (V-17) or undefined (V-15).

use crate::engine::{Answer, Move, Spent};
use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::reference::play::play_without_suicide;
use crate::status_game::strings;
use crate::vjr::{
    Coverage, FormationKind, IndependentLife, Outcome, Question, VjrQuestion, VjrStatus,
    VjrTerritory,
};

/// A state of a variation (V-8).
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    position: Position,
    to_move: Colour,
    /// The previous move was a pass.
    after_pass: bool,
    /// The play the basic ko rule (V-3) forbids now.
    banned: Option<Point>,
}

/// V-3, literally: the empty point whose play by `player` would recreate `before` (the
/// position before the opponent's latest move, a play), if there is one.
fn banned_point(
    geometry: &Geometry,
    now: &Position,
    before: &Position,
    player: Colour,
) -> Option<Point> {
    geometry.points().find(
        |&x| matches!(play_without_suicide(geometry, now, x, player), Some((after, _)) if &after == before),
    )
}

// ---------------------------------------------------------------------------------------
// Formations (V-9 ... V-12)
// ---------------------------------------------------------------------------------------

/// The strings of a position (colour, points) and, per point, the index of its string.
type StringIndex = (Vec<(Colour, Vec<Point>)>, Vec<Option<usize>>);

/// The strings of `position` and, per point, the index of the string on it.
fn string_index(geometry: &Geometry, position: &Position) -> StringIndex {
    let all = strings(geometry, position);
    let mut at = vec![None; geometry.len()];
    for (i, (_, pts)) in all.iter().enumerate() {
        for &p in pts {
            at[p] = Some(i);
        }
    }
    (all, at)
}

/// An eye point of `x` (section 3): empty, at least one neighbour, every neighbour an `x`
/// stone.
fn is_eye_point(geometry: &Geometry, position: &Position, p: Point, x: Colour) -> bool {
    position.get(p) == Cell::Empty
        && !geometry.neighbours(p).is_empty()
        && geometry
            .neighbours(p)
            .iter()
            .all(|&n| position.get(n) == Cell::Stone(x))
}

/// The strings (indices) adjacent to point `p`, sorted, without repetition.
fn adjacent_strings(geometry: &Geometry, at: &[Option<usize>], p: Point) -> Vec<usize> {
    let mut v: Vec<usize> = geometry
        .neighbours(p)
        .iter()
        .filter_map(|&n| at[n])
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The intersections of every formation of `kind` of player `x` in `position`, one set per
/// formation (for n-eye and pass-alive: the largest one, if any).
fn formations(
    geometry: &Geometry,
    position: &Position,
    x: Colour,
    kind: FormationKind,
) -> Vec<Vec<bool>> {
    let (all, at) = string_index(geometry, position);
    let eyes: Vec<Point> = geometry
        .points()
        .filter(|&p| is_eye_point(geometry, position, p, x))
        .collect();
    let mark = |strings: &[usize], points: &[Point]| {
        let mut m = vec![false; geometry.len()];
        for &s in strings {
            for &p in &all[s].1 {
                m[p] = true;
            }
        }
        for &p in points {
            m[p] = true;
        }
        m
    };
    match kind {
        // V-9: two eye points next to exactly the same strings.
        FormationKind::TwoEye => {
            let mut out = Vec::new();
            for (i, &e1) in eyes.iter().enumerate() {
                for &e2 in &eyes[i + 1..] {
                    let t = adjacent_strings(geometry, &at, e1);
                    if t == adjacent_strings(geometry, &at, e2) {
                        out.push(mark(&t, &[e1, e2]));
                    }
                }
            }
            out
        }
        // V-10: the largest n-eye-formation, as the greatest fixpoint: keep the strings next
        // to two kept eyes, and the eyes all of whose strings are kept.
        FormationKind::NEye => {
            let mut e = eyes.clone();
            loop {
                let t: Vec<usize> = (0..all.len())
                    .filter(|&s| {
                        all[s].0 == x
                            && e.iter()
                                .filter(|&&p| adjacent_strings(geometry, &at, p).contains(&s))
                                .count()
                                >= 2
                    })
                    .collect();
                let kept: Vec<Point> = e
                    .iter()
                    .copied()
                    .filter(|&p| {
                        adjacent_strings(geometry, &at, p)
                            .iter()
                            .all(|s| t.contains(s))
                    })
                    .collect();
                if kept.len() == e.len() {
                    return if e.len() >= 2 {
                        vec![mark(&t, &e)]
                    } else {
                        Vec::new()
                    };
                }
                e = kept;
            }
        }
        FormationKind::PassAlive => pass_alive(geometry, position, x, &all, &at)
            .map(|m| vec![m])
            .unwrap_or_default(),
    }
}

/// V-11: Benson's algorithm for `x` with only regions holding no opposing stone as eyes;
/// the intersections of the formation left (strings and the regions vital to one of them),
/// or `None` when no string is left.
fn pass_alive(
    geometry: &Geometry,
    position: &Position,
    x: Colour,
    all: &[(Colour, Vec<Point>)],
    at: &[Option<usize>],
) -> Option<Vec<bool>> {
    // Regions: maximal connected sets of points without an `x` stone; kept when they hold
    // no opposing stone.
    let mut region_of = vec![None; geometry.len()];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for p in geometry.points() {
        if position.get(p) == Cell::Stone(x) || region_of[p].is_some() {
            continue;
        }
        let id = regions.len();
        let mut r = vec![p];
        region_of[p] = Some(id);
        let mut i = 0;
        while i < r.len() {
            for &n in geometry.neighbours(r[i]) {
                if position.get(n) != Cell::Stone(x) && region_of[n].is_none() {
                    region_of[n] = Some(id);
                    r.push(n);
                }
            }
            i += 1;
        }
        regions.push(r);
    }
    let mut region_kept: Vec<bool> = regions
        .iter()
        .map(|r| r.iter().all(|&p| position.get(p) == Cell::Empty))
        .collect();
    let mut string_kept: Vec<bool> = all.iter().map(|(c, _)| *c == x).collect();
    // A region is vital to a string when every point of it is adjacent to the string.
    let vital = |r: &[Point], s: usize| {
        r.iter()
            .all(|&p| geometry.neighbours(p).iter().any(|&n| at[n] == Some(s)))
    };
    let touches = |r: &[Point], s: usize| {
        r.iter()
            .any(|&p| geometry.neighbours(p).iter().any(|&n| at[n] == Some(s)))
    };
    loop {
        let mut changed = false;
        for (s, kept) in string_kept.iter_mut().enumerate() {
            if !*kept {
                continue;
            }
            let n_vital = (0..regions.len())
                .filter(|&r| region_kept[r] && vital(&regions[r], s))
                .count();
            if n_vital < 2 {
                *kept = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_kept[r]
                && (0..all.len())
                    .any(|s| all[s].0 == x && !string_kept[s] && touches(&regions[r], s))
            {
                region_kept[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if !string_kept.iter().any(|&k| k) {
        return None;
    }
    let mut m = vec![false; geometry.len()];
    for (s, (_, pts)) in all.iter().enumerate() {
        if string_kept[s] {
            for &p in pts {
                m[p] = true;
            }
        }
    }
    for (r, pts) in regions.iter().enumerate() {
        if region_kept[r] && (0..all.len()).any(|s| string_kept[s] && vital(pts, s)) {
            for &p in pts {
                m[p] = true;
            }
        }
    }
    Some(m)
}

/// V-12: whether `position` meets the independent-life target of the string `string` of
/// `owner`.
pub fn has_formation_on(
    geometry: &Geometry,
    position: &Position,
    owner: Colour,
    string: &[Point],
    life: IndependentLife,
) -> bool {
    let fs = formations(geometry, position, owner, life.formation);
    match life.coverage {
        Coverage::One => fs.iter().any(|m| string.iter().any(|&p| m[p])),
        Coverage::All => fs.iter().any(|m| string.iter().all(|&p| m[p])),
    }
}

// ---------------------------------------------------------------------------------------
// The variations of one question (V-5 ... V-17)
// ---------------------------------------------------------------------------------------

/// One step of the current variation: the state reached, and the stones of each colour the
/// move into it removed (black, white).
struct Step {
    state: State,
    removed: (u32, u32),
}

struct Search<'a> {
    geometry: &'a Geometry,
    check: &'a VjrQuestion,
    seeker: Colour,
    budget: u64,
    nodes: u64,
    path: Vec<Step>,
}

/// The value of a move, and the line that follows it.
type Valued = (Outcome, Vec<Move>);

impl Search<'_> {
    /// The target (V-12, V-13) after a move that emptied `removed`, in `position`.
    fn target(&self, position: &Position, removed: &[Point]) -> bool {
        match self.check.question {
            Question::Capture => removed.contains(&self.check.string[0]),
            Question::Formation(life) => has_formation_on(
                self.geometry,
                position,
                self.check.owner,
                &self.check.string,
                life,
            ),
        }
    }

    /// V-17: the judgment of the cycle that starts after path index `from` and is closed by
    /// a move removing `last` stones.
    fn judge_cycle(&self, from: usize, last: (u32, u32)) -> Outcome {
        let (mut b, mut w) = last;
        for step in &self.path[from + 1..] {
            b += step.removed.0;
            w += step.removed.1;
        }
        match self.check.long_cycles.sender(b, w) {
            Some(s) if s == self.seeker => Outcome::No,
            Some(_) => Outcome::Yes,
            None => Outcome::Undefined,
        }
    }

    /// The answer of the variations from the last state of the path (V-15); `None` when the
    /// budget runs out.
    fn eval(&mut self) -> Option<Valued> {
        self.nodes += 1;
        if self.nodes > self.budget || self.path.len() > MAX_LINE || crate::deadline::passed() {
            return None;
        }
        let here = self.path.last().expect("a state").state.clone();
        let player = here.to_move;
        let seeking = player == self.seeker;
        let mut best: Option<Valued> = None;
        // Passes first, then plays in board order (the order changes only the time).
        let moves = std::iter::once(Move::Pass).chain(self.geometry.points().map(Move::Play));
        for mv in moves {
            let value: Valued = match mv {
                Move::Pass if here.after_pass => (Outcome::No, vec![mv]), // V-7: two passes
                Move::Pass => {
                    let next = State {
                        position: here.position.clone(),
                        to_move: player.opponent(),
                        after_pass: true,
                        banned: None,
                    };
                    self.step(next, (0, 0), mv)?
                }
                Move::Play(x) => {
                    if here.banned == Some(x) {
                        continue; // V-3
                    }
                    let Some((after, removed)) =
                        play_without_suicide(self.geometry, &here.position, x, player)
                    else {
                        continue;
                    };
                    if self.target(&after, &removed) {
                        (Outcome::Yes, vec![mv])
                    } else {
                        let n = removed.len() as u32;
                        let counts = match player {
                            Colour::Black => (0, n),
                            Colour::White => (n, 0),
                        };
                        let banned =
                            banned_point(self.geometry, &after, &here.position, player.opponent());
                        let next = State {
                            position: after,
                            to_move: player.opponent(),
                            after_pass: false,
                            banned,
                        };
                        self.step(next, counts, mv)?
                    }
                }
                Move::KoPass => unreachable!("no ko-pass in VJR (V-1)"),
            };
            let better = match &best {
                None => true,
                Some((b, _)) => {
                    if seeking {
                        value.0 > *b
                    } else {
                        value.0 < *b
                    }
                }
            };
            if better {
                best = Some(value);
            }
            let decided = best.as_ref().map(|b| b.0);
            if (seeking && decided == Some(Outcome::Yes))
                || (!seeking && decided == Some(Outcome::No))
            {
                break;
            }
        }
        // A pass is always legal, so there was a move.
        best
    }

    /// Move into `next` (reached by `mv`, which removed `counts`): a repetition closes an
    /// infinite variation (V-14), otherwise search on.
    fn step(&mut self, next: State, counts: (u32, u32), mv: Move) -> Option<Valued> {
        if let Some(i) = self.path.iter().position(|s| s.state == next) {
            return Some((self.judge_cycle(i, counts), vec![mv]));
        }
        self.path.push(Step {
            state: next,
            removed: counts,
        });
        let r = self.eval();
        self.path.pop();
        let (v, mut line) = r?;
        line.insert(0, mv);
        Some((v, line))
    }
}

/// Longest variation the search follows (past it: undetermined); with the big stack of
/// [`super::on_big_stack`] it bounds
/// the recursion.
const MAX_LINE: usize = 20_000;

/// VS-2: the answer of `check` from the final position `position`, with the nodes visited,
/// and one principal variation.
pub fn force_with_line(
    geometry: &Geometry,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
) -> Answer<(Outcome, u64, Vec<Move>)> {
    super::on_big_stack(
        || force_here(geometry, position, check, budget),
        Answer::Undetermined(Spent { explored: 0 }),
    )
}

fn force_here(
    geometry: &Geometry,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
) -> Answer<(Outcome, u64, Vec<Move>)> {
    let mut s = Search {
        geometry,
        check,
        seeker: check.seeker(),
        budget,
        nodes: 0,
        path: Vec::new(),
    };
    // V-12: the final position itself may meet the target.
    if let Question::Formation(life) = check.question {
        if has_formation_on(geometry, position, check.owner, &check.string, life) {
            return Answer::Decided((Outcome::Yes, 1, Vec::new()));
        }
    }
    s.path.push(Step {
        state: State {
            position: position.clone(),
            to_move: check.first_mover(), // V-5
            after_pass: false,
            banned: None,
        },
        removed: (0, 0),
    });
    match s.eval() {
        Some((v, line)) => Answer::Decided((v, s.nodes, line)),
        None => Answer::Undetermined(Spent { explored: s.nodes }),
    }
}

/// [`force_with_line`] without the line.
pub fn force(
    geometry: &Geometry,
    position: &Position,
    check: &VjrQuestion,
    budget: u64,
) -> Answer<(Outcome, u64)> {
    match force_with_line(geometry, position, check, budget) {
        Answer::Decided((v, n, _)) => Answer::Decided((v, n)),
        Answer::Undetermined(Spent { explored }) => Answer::Undetermined(Spent { explored }),
    }
}

// ---------------------------------------------------------------------------------------
// Territory (V-24, V-25)
// ---------------------------------------------------------------------------------------

/// The component of the points not in `wall` that holds `p`.
fn component(geometry: &Geometry, wall: &[bool], p: Point) -> Vec<Point> {
    let mut seen = vec![false; geometry.len()];
    let mut out = vec![p];
    seen[p] = true;
    let mut i = 0;
    while i < out.len() {
        for &n in geometry.neighbours(out[i]) {
            if !wall[n] && !seen[n] {
                seen[n] = true;
                out.push(n);
            }
        }
        i += 1;
    }
    out
}

/// V-24, V-25: removals and territory, given every stone's status (all decided and
/// defined; an undecided stone counts as alive in seki, so it blocks).
pub fn territory(
    geometry: &Geometry,
    position: &Position,
    status: &[Option<VjrStatus>],
) -> VjrTerritory {
    let colour_at = |p: Point| match position.get(p) {
        Cell::Stone(c) => Some(c),
        _ => None,
    };
    let independently_alive = |p: Point, c: Colour| {
        colour_at(p) == Some(c) && status[p] == Some(VjrStatus::IndependentlyAlive)
    };
    let alive = |p: Point| colour_at(p).is_some() && status[p] != Some(VjrStatus::Dead);
    // V-24: a dead stone of c is removed when its component of the board without the
    // opponent's independently alive stones holds no alive stone.
    let mut after = position.clone();
    let (mut removed_black, mut removed_white) = (0, 0);
    for p in geometry.points() {
        let Some(c) = colour_at(p) else { continue };
        if status[p] != Some(VjrStatus::Dead) {
            continue;
        }
        let wall: Vec<bool> = geometry
            .points()
            .map(|q| independently_alive(q, c.opponent()))
            .collect();
        if component(geometry, &wall, p).iter().all(|&q| !alive(q)) {
            after.set(p, Cell::Empty);
            match c {
                Colour::Black => removed_black += 1,
                Colour::White => removed_white += 1,
            }
        }
    }
    // V-25: an empty point is P's territory when its component of the board without P's
    // independently alive stones touches one of them and holds no opposing stone and no P
    // stone in seki.
    let mut owner = vec![None; geometry.len()];
    for p in geometry.points() {
        if after.get(p) != Cell::Empty {
            continue;
        }
        for c in [Colour::Black, Colour::White] {
            let wall: Vec<bool> = geometry
                .points()
                .map(|q| independently_alive(q, c))
                .collect();
            let comp = component(geometry, &wall, p);
            let touches = comp
                .iter()
                .any(|&q| geometry.neighbours(q).iter().any(|&n| wall[n]));
            let clean = comp.iter().all(|&q| match after.get(q) {
                Cell::Stone(s) if s == c.opponent() => false,
                Cell::Stone(_) => status[q] != Some(VjrStatus::AliveInSeki),
                Cell::Empty => true,
            });
            if touches && clean {
                owner[p] = Some(c);
            }
        }
    }
    VjrTerritory {
        owner,
        removed_black,
        removed_white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::diagram::parse_position;

    fn board(rows: &str) -> (Geometry, Position) {
        parse_position(rows).expect("diagram")
    }

    fn check(g: &Geometry, p: &Position, at: &str, question: Question) -> VjrQuestion {
        let pt = g.parse_gtp(at).expect("point");
        let (colour, string) = strings(g, p)
            .into_iter()
            .find(|(_, s)| s.contains(&pt))
            .expect("a string");
        VjrQuestion {
            long_cycles: crate::vjr::LongCycles::default(),
            string,
            owner: colour,
            question,
        }
    }

    fn answer(rows: &str, at: &str, q: Question) -> Outcome {
        let (g, p) = board(rows);
        match force(&g, &p, &check(&g, &p, at, q), 2_000_000) {
            Answer::Decided((v, _)) => v,
            Answer::Undetermined(_) => panic!("undetermined"),
        }
    }

    const TWO_EYE_ALL: Question = Question::Formation(IndependentLife {
        formation: FormationKind::TwoEye,
        coverage: Coverage::All,
    });

    #[test]
    fn two_eyes_in_a_corner_are_independently_alive() {
        // One black string with the eye points B2 and D2.
        let rows = "# . # .\n# # # #";
        assert_eq!(answer(rows, "A1", TWO_EYE_ALL), Outcome::Yes);
        assert_eq!(answer(rows, "A1", Question::Capture), Outcome::No);
    }

    #[test]
    fn one_eye_is_not_independent_life_and_is_captured() {
        // One eye: White plays in it and captures. (If White did, Black would retake on B1
        // and own `. # .`, two eyes; so for independent life White passes instead, and
        // Black, who cannot fill his own last liberty, passes too.)
        let rows = "# # .";
        assert_eq!(answer(rows, "A1", TWO_EYE_ALL), Outcome::No);
        assert_eq!(answer(rows, "A1", Question::Capture), Outcome::Yes);
    }

    /// V-9 ... V-11 on `. # . # .`: the eye points A1, C1, E1; B1 is next to A1 and C1, D1
    /// to C1 and E1. No pair of eye points has the same strings (no two-eye-formation), but
    /// the three eyes and two strings form an n-eye-formation, and each string has two
    /// vital one-point regions (pass-alive).
    #[test]
    fn a_chain_of_eyes_is_an_n_eye_formation_but_no_two_eye_formation() {
        let (g, p) = board(". # . # .");
        let s = [g.parse_gtp("B1").unwrap()];
        let on = |formation, coverage| {
            has_formation_on(
                &g,
                &p,
                Colour::Black,
                &s,
                IndependentLife {
                    formation,
                    coverage,
                },
            )
        };
        for c in [Coverage::One, Coverage::All] {
            assert!(!on(FormationKind::TwoEye, c));
            assert!(on(FormationKind::NEye, c));
            assert!(on(FormationKind::PassAlive, c));
        }
        // With a white stone in one eye region the pass-alive formation loses D1 (one vital
        // region left), and then B1 too.
        let (g, p) = board(". # . # O");
        let on = |formation| {
            has_formation_on(
                &g,
                &p,
                Colour::Black,
                &s,
                IndependentLife {
                    formation,
                    coverage: Coverage::One,
                },
            )
        };
        assert!(!on(FormationKind::PassAlive));
        assert!(!on(FormationKind::NEye));
    }
}
