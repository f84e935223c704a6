//! J2003 scoring (spec `j2003.md` J-54 ... J-64) by component labelling: one union-find
//! pass per colour labels the eye strings and the regions, then every question is a lookup
//! per label. Independent of the reference's flood fills (`reference::j2003::score`).

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use crate::status_game::Status;

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind((0..n).collect())
    }
    fn find(&mut self, mut a: usize) -> usize {
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra] = rb;
        }
    }
}

/// Black territory plus the white stones on it, minus White's likewise (J-64 without the
/// prisoner difference and komi).
pub(in crate::optimized) fn board_score(
    geometry: &Geometry,
    position: &Position,
    status: &[Option<Status>],
) -> i64 {
    let n = geometry.len();
    let kind = |p: Point| -> (Option<Colour>, bool) {
        match position.get(p) {
            Cell::Empty => (None, false),
            Cell::Stone(c) => (Some(c), status[p].is_some_and(Status::is_alive)),
        }
    };
    let mut total = 0i64;
    let mut eye_points = [vec![false; n], vec![false; n]];
    for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
        // Eye-string material: empty points and dead opposing stones.
        let material = |p: Point| match kind(p) {
            (None, _) => true,
            (Some(c), alive) => c != colour && !alive,
        };
        let mut uf = UnionFind::new(n);
        for p in geometry.points() {
            if material(p) {
                for &q in geometry.neighbours(p) {
                    if q > p && material(q) {
                        uf.union(p, q);
                    }
                }
            }
        }
        // A component is an eye string if it has an empty point; its points are eye points
        // if every outside neighbour is an alive stone of `colour`.
        let mut has_empty = vec![false; n];
        let mut bad_border = vec![false; n];
        for p in geometry.points() {
            if !material(p) {
                continue;
            }
            let r = uf.find(p);
            if position.get(p) == Cell::Empty {
                has_empty[r] = true;
            }
            for &q in geometry.neighbours(p) {
                if !material(q) && kind(q) != (Some(colour), true) {
                    bad_border[r] = true;
                }
            }
        }
        for p in geometry.points() {
            if material(p) {
                let r = uf.find(p);
                eye_points[k][p] = has_empty[r] && !bad_border[r];
            }
        }
    }
    let dame = |p: Point| position.get(p) == Cell::Empty && !eye_points[0][p] && !eye_points[1][p];
    for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
        // Regions: alive stones of `colour` and its eye points, joined; a region touching
        // a dame is in-seki; territory = eye points outside in-seki regions.
        let member = |p: Point| kind(p) == (Some(colour), true) || eye_points[k][p];
        let mut uf = UnionFind::new(n);
        for p in geometry.points() {
            if member(p) {
                for &q in geometry.neighbours(p) {
                    if q > p && member(q) {
                        uf.union(p, q);
                    }
                }
            }
        }
        let mut has_stone = vec![false; n];
        let mut touches_dame = vec![false; n];
        for p in geometry.points() {
            if member(p) {
                let r = uf.find(p);
                has_stone[r] |= kind(p) == (Some(colour), true);
                touches_dame[r] |= geometry.neighbours(p).iter().any(|&q| dame(q));
            }
        }
        let sign = if colour == Colour::Black { 1 } else { -1 };
        for p in geometry.points() {
            if !eye_points[k][p] {
                continue;
            }
            let r = uf.find(p);
            let in_seki = has_stone[r] && touches_dame[r];
            if !in_seki {
                let dead_stone = matches!(position.get(p), Cell::Stone(c) if c != colour);
                total += sign * (1 + dead_stone as i64);
            }
        }
    }
    total
}
