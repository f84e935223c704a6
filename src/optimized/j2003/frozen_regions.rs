//! Reduction `frozen-regions` (engine switch, spec S-3): in the proof searches, the empty
//! regions enclosed by the prover's opponent (that hold no point of L and, when Y proves, do
//! not touch the strings Y has to remove) are frozen: they stay empty, the opponent's plays
//! there count as one tempo move, and the prover plays neither there nor on the last outside
//! liberty of an enclosing string. The frozen regions are recorded in the state (the
//! frozen-region bits of `State`, state.rs), so a region once frozen stays frozen along a
//! line. Found on bitboards where the board fits six words (19x19), else on the byte board (the
//! same regions: unit test `frozen_regions_agree_on_bits_and_bytes`).

use super::benson_verdict::PointSet;
use super::board::{State, EMPTY};
use super::proof_search::{Proof, Prover};
use super::successors::{Plan, Plans};
use super::tables::{on_tables, Tables};
use crate::engine::Move;
use crate::geometry::Point;
use crate::optimized::bitboard::BitBoard;
use crate::optimized::layout::Layout;

/// The frozen regions of a state (`frozen-regions`, spec S-3) for one prover: the empty
/// regions enclosed by the opponent's stones that hold no point of L and, when Y proves, do
/// not touch S's string.
#[cfg_attr(test, derive(Debug, PartialEq))]
pub(super) struct Frozen {
    /// The points of the frozen regions.
    region: PointSet,
    /// The first frozen point (the tempo move is shown as a play there).
    first: Point,
    /// The only liberty outside the frozen regions of each enclosing string that has one:
    /// the prover may not play there.
    last_liberty: PointSet,
    /// The stones of the enclosing strings.
    wall: PointSet,
    /// (Y proves) The stones of the strings Y has to remove.
    target: PointSet,
}

impl Frozen {
    /// Whether [`Proof::freeze`] drops a play at `x` (at the prover's turn or the
    /// opponent's): the proof search leaves it out before its successor is built.
    pub(super) fn drops(&self, prover_turn: bool, x: Point) -> bool {
        self.region.contains(x) || prover_turn && self.last_liberty.contains(x)
    }
}

impl Proof<'_> {
    /// The frozen regions of `key`, if any: on bitboards where the board fits `WIDEST` words,
    /// else on the byte board ([`Proof::frozen_on_bytes`]; the unit test
    /// `frozen_regions_agree_on_bits_and_bytes` compares them).
    pub(super) fn frozen(&mut self, key: &State) -> Option<Frozen> {
        let tables = std::mem::replace(&mut self.b.layout, Tables::None);
        let frozen = on_tables!(&tables, l => self.frozen_on_bits(l, key),
            None => self.frozen_on_bytes(key));
        self.b.layout = tables;
        frozen
    }

    /// [`Proof::frozen`] on bitboards of `N` words.
    fn frozen_on_bits<const N: usize>(
        &mut self,
        layout: &Layout<N>,
        key: &State,
    ) -> Option<Frozen> {
        let [black, white] = self.b.stones.on(key, layout);
        let (stride, on_board) = (layout.stride as u32, &layout.on_board);
        let flood = |seed: usize, within: &BitBoard<N>| {
            BitBoard::flood(BitBoard::single(seed), within, stride, on_board)
        };
        let lowest = |set: &BitBoard<N>| set.bits().next();
        let point = |bit: usize| bit - bit / layout.stride;
        let empty = on_board.and_not(&black.or(&white));
        let stones_of = |c: u8| if c == 1 { black } else { white };
        let defender = 3 - self.attacker;
        let wall_colour = stones_of(match self.prover {
            Prover::Defender => self.attacker,
            Prover::Attacker => defender,
        });
        // When Y proves, frozen regions must not touch the strings Y has to remove: S's
        // string while it stands, and every string holding a played X stone on L.
        let mut target = BitBoard::<N>::ZERO;
        if self.prover == Prover::Attacker {
            for p in self.target_starts(key) {
                let bit = layout.bit_of[p] as usize;
                if !target.get(bit) {
                    // (As the byte board's flood: an empty point is a string of one.)
                    let string = match (black.get(bit), white.get(bit)) {
                        (true, _) => flood(bit, &black),
                        (_, true) => flood(bit, &white),
                        _ => BitBoard::single(bit),
                    };
                    target = target.or(&string);
                }
            }
        }
        let mut local = BitBoard::<N>::ZERO;
        for &q in &self.check.local {
            local.set(layout.bit_of[q] as usize);
        }
        // The strings of `stones` in `touching`, each once, with their liberties.
        let strings = |touching: BitBoard<N>, stones: BitBoard<N>| {
            let mut left = touching.and(&stones);
            std::iter::from_fn(move || {
                let string = flood(lowest(&left)?, &stones);
                left = left.and_not(&string);
                Some((string, string.dilate(stride, on_board).and(&empty)))
            })
        };
        // An empty region (a connected part of the empty points) is enclosed when it holds
        // no point of L and every stone next to it is a wall-colour stone outside the
        // target: the regions that are not are the flood, within the empty points, of the
        // empty points of L and those next to any other stone (one flood for all of them).
        let stones = black.or(&white);
        let breach = stones.and_not(&wall_colour).or(&target.and(&stones));
        let open_seeds = empty.and(&local.or(&breach.adjacent(stride, on_board)));
        let open = BitBoard::flood(open_seeds, &empty, stride, on_board);
        // A region recorded in the state stays frozen (it stays empty and enclosed): the
        // region whose lowest point is recorded. A new one is frozen when it is enclosed
        // and its enclosing strings have at least `wall_liberties` liberties (every
        // enclosing string has a liberty in the region, so a bound of one holds of all).
        let mut recorded = BitBoard::<N>::ZERO;
        for p in key.frozen_points() {
            recorded.set(layout.bit_of[p] as usize);
        }
        let enclosed = empty.and_not(&open);
        // The regions frozen so far, and the seeds of those still to judge one by one.
        let (mut region, mut left) = if self.wall_liberties <= 1 {
            (enclosed, recorded.and(&open))
        } else {
            (BitBoard::<N>::ZERO, enclosed.or(&recorded.and(&open)))
        };
        while let Some(seed) = lowest(&left) {
            let component = flood(seed, &empty);
            left = left.and_not(&component);
            let seed = lowest(&component).unwrap_or(seed);
            let around = component.dilate(stride, on_board).and_not(&component);
            if recorded.get(seed)
                || !open.get(seed)
                    && strings(around, wall_colour)
                        .all(|(_, l)| l.count() as usize >= self.wall_liberties)
            {
                region = region.or(&component);
            }
        }
        let first = point(lowest(&region)?);
        // The enclosing strings and their liberties outside the frozen regions.
        let around = region.dilate(stride, on_board).and_not(&region);
        let (mut wall, mut last_liberty) = (BitBoard::<N>::ZERO, BitBoard::<N>::ZERO);
        for stones in [black, white] {
            for (string, liberties) in strings(around, stones) {
                wall = wall.or(&string);
                let outside = liberties.and_not(&region);
                if outside.count() == 1 {
                    last_liberty = last_liberty.or(&outside);
                }
            }
        }
        let points = |set: BitBoard<N>| PointSet::from_bits(&set, layout.width, layout.height);
        Some(Frozen {
            region: points(region),
            first,
            last_liberty: points(last_liberty),
            wall: points(wall),
            target: points(target),
        })
    }

    /// [`Proof::frozen`] on the byte board (unpacked in `cells`).
    fn frozen_on_bytes(&mut self, key: &State) -> Option<Frozen> {
        let geometry = self.b.geometry;
        let mut board = std::mem::take(&mut self.b.cells);
        key.board_into(geometry.len(), &mut board);
        let n = board.len();
        let defender = 3 - self.attacker;
        let wall_colour = match self.prover {
            Prover::Defender => self.attacker,
            Prover::Attacker => defender,
        };
        // When Y proves, frozen regions must not touch the strings Y has to remove.
        let target = if self.prover == Prover::Attacker {
            self.targets(key, &board)
        } else {
            vec![false; n]
        };
        let mut region = vec![false; n];
        let mut seen = vec![false; n];
        let mut first = None;
        let mut component = Vec::new();
        for p in 0..n {
            if board[p] != EMPTY || seen[p] {
                continue;
            }
            component.clear();
            component.push(p);
            seen[p] = true;
            let mut enclosed = true;
            let stored = key.is_frozen(p);
            let mut i = 0;
            while i < component.len() {
                let q = component[i];
                i += 1;
                if self.b.local_index[q].is_some() {
                    enclosed = false;
                }
                for &m in geometry.neighbours(q) {
                    if board[m] == EMPTY {
                        if !seen[m] {
                            seen[m] = true;
                            component.push(m);
                        }
                    } else if board[m] != wall_colour || target[m] {
                        enclosed = false;
                    }
                }
            }
            // A region recorded in the state stays frozen (it stays empty and enclosed); a
            // new one is frozen when its enclosing strings have at least `wall_liberties`
            // liberties.
            if stored || enclosed && self.walls_strong(&board, &component) {
                for &q in &component {
                    region[q] = true;
                }
                first = first.or(Some(p));
            }
        }
        let Some(first) = first else {
            self.b.cells = board;
            return None;
        };
        // The enclosing strings and their liberties outside the frozen regions.
        let mut wall = vec![false; n];
        let mut last_liberty = vec![false; n];
        let (mut string, mut liberties) = (Vec::new(), Vec::new());
        for p in 0..n {
            if !region[p] {
                continue;
            }
            for &m in geometry.neighbours(p) {
                if board[m] == EMPTY || wall[m] {
                    continue;
                }
                self.b
                    .string_and_liberties(&board, m, &mut string, &mut liberties);
                for &q in &string {
                    wall[q] = true;
                }
                liberties.retain(|&l| !region[l]);
                if let [l] = liberties[..] {
                    last_liberty[l] = true;
                }
            }
        }
        self.b.cells = board;
        Some(Frozen {
            region: PointSet::from_bools(&region),
            first,
            last_liberty: PointSet::from_bools(&last_liberty),
            wall: PointSet::from_bools(&wall),
            target: PointSet::from_bools(&target),
        })
    }

    /// Whether every string enclosing the empty region `component` has at least
    /// `wall_liberties` liberties.
    fn walls_strong(&mut self, board: &[u8], component: &[Point]) -> bool {
        let geometry = self.b.geometry;
        let (mut string, mut liberties) = (Vec::new(), Vec::new());
        let mut done: Vec<Point> = Vec::new();
        for &p in component {
            for &m in geometry.neighbours(p) {
                if board[m] == EMPTY || done.contains(&m) {
                    continue;
                }
                self.b
                    .string_and_liberties(board, m, &mut string, &mut liberties);
                done.extend_from_slice(&string);
                if liberties.len() < self.wall_liberties {
                    return false;
                }
            }
        }
        true
    }

    /// A point of each string Y has to remove: S's first point while S stands, and every
    /// point of L holding a played X stone.
    fn target_starts(&self, key: &State) -> Vec<Point> {
        (!key.captured)
            .then_some(self.check.string[0])
            .into_iter()
            .chain(
                (0..self.check.local.len())
                    .filter(|&i| key.is_played(i))
                    .map(|i| self.check.local[i]),
            )
            .collect()
    }

    /// The strings Y has to remove (`frozen-regions`): S's string while it stands, and every
    /// string holding a played X stone on L.
    fn targets(&mut self, key: &State, board: &[u8]) -> Vec<bool> {
        let mut target = vec![false; board.len()];
        let (mut string, mut liberties) = (Vec::new(), Vec::new());
        for p in self.target_starts(key) {
            if target[p] {
                continue;
            }
            self.b
                .string_and_liberties(board, p, &mut string, &mut liberties);
            for &q in &string {
                target[q] = true;
            }
        }
        target
    }

    /// `frozen-regions` (spec S-3): the opponent's plays into the frozen regions become one
    /// tempo move (nothing changes but the player to move; the pass flag is cleared); the
    /// prover plays neither there nor on the last outside liberty of an enclosing string; when
    /// Y proves, X's play that joins S's string to an enclosing string ends the sequence as
    /// X's win.
    pub(super) fn freeze(&mut self, prover_turn: bool, frozen: &Frozen, plans: &mut Plans) {
        plans.frozen = Some(frozen.region.words(self.b.geometry.len()).to_vec());
        let out = &mut plans.moves;
        if prover_turn {
            // A forbidden ko capture on a last outside liberty may capture its enclosing
            // string too in the real game (the opponent may have filled the region), so it
            // is no ko capture there and does not make the ko-pass legal.
            let ko_pass = self
                .b
                .banned
                .iter()
                .any(|&x| !frozen.last_liberty.contains(x));
            out.retain(|(_, mv, _)| match mv {
                Move::Play(x) => !frozen.region.contains(*x) && !frozen.last_liberty.contains(*x),
                Move::KoPass => ko_pass,
                Move::Pass => true,
            });
            return;
        }
        out.retain(|(_, mv, _)| !matches!(mv, Move::Play(x) if frozen.region.contains(*x)));
        if self.prover == Prover::Attacker {
            let geometry = self.b.geometry;
            for (_, mv, step) in out.iter_mut() {
                if let Move::Play(x) = *mv {
                    let ns = geometry.neighbours(x);
                    if ns.iter().any(|&m| frozen.wall.contains(m))
                        && (self.b.local_index[x].is_some()
                            || ns.iter().any(|&m| frozen.target.contains(m)))
                    {
                        *step = Err(false);
                    }
                }
            }
        }
        out.push((4, Move::Play(frozen.first), Ok(Plan::Tempo)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_support::{byte_board, names, random_check, rng};
    use super::super::successors::plan;
    use super::super::tables::WIDEST;
    use super::*;
    use crate::geometry::Geometry;
    use crate::status_game::{StatusCheck, StatusKind};

    fn proof<'a>(
        g: &'a Geometry,
        check: &'a StatusCheck,
        prover: Prover,
        wall_liberties: usize,
    ) -> Proof<'a> {
        let mut proof = Proof::new(g, check, prover, vec![true; g.len()]);
        proof.wall_liberties = wall_liberties;
        proof
    }

    /// On random boards of one to six words, with random regions L, played stones,
    /// recorded frozen bits, both provers and both wall strengths, the bitboard frozen
    /// regions are the byte board's; and some boards have frozen regions.
    #[test]
    fn frozen_regions_agree_on_bits_and_bytes() {
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        let mut found = 0;
        for i in 0..3000 {
            let sizes = [(7, 4), (5, 5), (9, 9), (7, 7), (13, 13), (19, 19)];
            let Some((g, board, check, played)) = random_check(&mut next, i, &sizes, 6) else {
                continue;
            };
            let (w, h) = g.rect_size().expect("a rectangle");
            let mut key = State::new(&board, &played, 1 + (i % 2) as u8).with_frozen_bits(g.len());
            key.captured = next().is_multiple_of(4);
            let stored: Vec<bool> = g.points().map(|_| next().is_multiple_of(9)).collect();
            key.set_frozen(&stored);
            for prover in [Prover::Attacker, Prover::Defender] {
                let mut x = proof(&g, &check, prover, [1, 4][(next() % 2) as usize]);
                let tables = std::mem::replace(&mut x.b.layout, Tables::None);
                let bits = on_tables!(&tables, l => x.frozen_on_bits(l, &key),
                    None => unreachable!("{w}x{h} fits {WIDEST} words"));
                assert_eq!(
                    bits,
                    x.frozen_on_bytes(&key),
                    "{w}x{h} {board:?} {prover:?}"
                );
                found += bits.is_some() as usize;
            }
        }
        assert!(found > 1000, "{found} boards with frozen regions");
    }

    /// `frozen-regions`: A2 is empty and enclosed by White's string, so when Black (X)
    /// proves it is frozen, the string is its wall, and D2, the wall's only liberty outside,
    /// is closed to Black; with walls of 4+ liberties required it is not frozen (the wall has
    /// 2). When White (Y) proves, F2 and G1 are enclosed by Black but touch S: not frozen.
    #[test]
    fn frozen_regions_walls_and_last_liberties() {
        let (g, board) = byte_board(". O O . # . #\nO O O O # # .\n");
        let check = StatusCheck {
            string: vec![g.parse_gtp("E2").expect("a point")],
            defender: crate::geometry::Colour::Black,
            kind: StatusKind::Uncapturable,
            local: Vec::new(),
        };
        let key = State::new(&board, &[0], 2).with_frozen_bits(g.len());
        let mut x = proof(&g, &check, Prover::Defender, 1);
        x.b.cells = board.clone();
        let frozen = x.frozen(&key).expect("a frozen region");
        assert_eq!(names(&g, &frozen.region.to_bools(g.len())), ["A2"]);
        assert_eq!(names(&g, &frozen.last_liberty.to_bools(g.len())), ["D2"]);
        assert_eq!(
            names(&g, &frozen.wall.to_bools(g.len())),
            ["B2", "C2", "A1", "B1", "C1", "D1"]
        );
        // The tempo replaces White's play at A2; Black may not play A2 nor D2.
        let mut moves = plan(&mut x.b, &check, 2, &x.near, &key);
        x.freeze(false, &frozen, &mut moves);
        let white: Vec<Move> = moves.moves.iter().map(|(_, m, _)| *m).collect();
        // Every successor, the tempo and the pass included, records the frozen region.
        let a2 = g.parse_gtp("A2").unwrap();
        let built = moves.build_all(&x.b, &key);
        assert!(built.len() > 2);
        for (_, mv, step) in &built {
            if let Ok(next) = step {
                assert!(next.is_frozen(a2), "{mv:?}");
            }
        }
        assert!(white.contains(&Move::Play(g.parse_gtp("D2").unwrap())));
        assert_eq!(
            white
                .iter()
                .filter(|m| **m == Move::Play(g.parse_gtp("A2").unwrap()))
                .count(),
            1
        );
        let black_key = State {
            to_move: 1,
            ..key.clone()
        };
        let mut moves = plan(&mut x.b, &check, 2, &x.near, &black_key);
        x.freeze(true, &frozen, &mut moves);
        let black: Vec<Move> = moves.moves.iter().map(|(_, m, _)| *m).collect();
        for p in ["A2", "D2"] {
            assert!(!black.contains(&Move::Play(g.parse_gtp(p).unwrap())), "{p}");
        }
        assert!(black.contains(&Move::Play(g.parse_gtp("F2").unwrap())));
        // Walls of 4+ liberties required: the wall has A2 and D2 only.
        let mut strong = proof(&g, &check, Prover::Defender, 4);
        strong.b.cells = board.clone();
        assert!(strong.frozen(&key).is_none());
        // White proves: Black's enclosed points F2 and G1 touch S.
        let mut y = proof(&g, &check, Prover::Attacker, 1);
        y.b.cells = board.clone();
        assert!(y.frozen(&key).is_none());
    }
}
