//! Benson's algorithm for unconditional life (Benson 1976): the one fixpoint the optimized
//! engine and the procedures share, with the vitality rule a named parameter ([`Vitality`]).
//!
//! For a player X, the *chains* are X's strings and the *regions* the connected parts of the
//! points without an X stone. Repeatedly drop every chain with fewer than two vital regions
//! among the regions kept, and every region next to a dropped chain, until nothing changes
//! ([`fixpoint`]). Its users:
//! * naj-solver.md N-17.B: immortality, [`Vitality::Liberties`] (`optimized::benson`, bitboards);
//! * j2003-solver.md S-3: `benson-uncapturable`, `benson-survival`, `sealed-regions`,
//!   [`Vitality::Liberties`] (`optimized::j2003`: bitboards on rectangles of up to six words,
//!   every board up to 19x19, else [`on_graph`]);
//! * vjr.md V-11: the pass-alive formation, [`Vitality::EmptySuicideProof`]
//!   (`optimized::vjr::formation`, bitboards);
//! * solve.md SOLVE-B4: the points controlled for good, [`Vitality::SuicideProof`]
//!   (`procedure::solve::kept`, through [`on_graph`]).
//!
//! Each board representation labels its chains and regions itself and hands the fixpoint
//! the pairs of a region and a chain next to it ([`Touch`]), with [`Vitality::vital`]
//! judging each pair from counts; [`on_graph`] is that labelling for any geometry. The
//! reference engine keeps its own literal readings (reference/naj.rs N-17.S, reference/vjr.rs
//! V-11) and does not use this module; `tests/benson.rs` compares the two.
//!
//! Not Benson's algorithm, so not here: the eye-point fixpoints of vjr.md V-10 (n-eye) and
//! ljr.md LL-7 (the largest two-eye formation), whose eyes are single empty points.
//!
//! Speed (measured when the four copies became this one, in one process old against new):
//! the bitboard labelling with this fixpoint takes 0.75-0.89 of the old bitboard fixpoint's
//! time on random 19x19 positions; [`on_graph`] takes 0.82-0.99 of J2003's old byte-board
//! copy on 20-30 point boards; `go-oracle bench` and `go-oracle solve` were not slower. On
//! J2003's small rectangles the bitboard labelling beats [`on_graph`] by far (the bench's
//! CPU time fell by a third when J2003 moved to it).

use crate::geometry::{Geometry, Point};

/// When a region is *vital* to a chain next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vitality {
    /// Benson's own (naj-solver.md N-17.B, j2003-solver.md S-3): the region has an empty point, and every
    /// empty point of it is a liberty of the chain. Sound where suicide is forbidden.
    Liberties,
    /// solve.md SOLVE-B4, suicide-proof: every point of the region, empty or holding an
    /// opposing stone, is adjacent to the chain.
    SuicideProof,
    /// vjr.md V-11: suicide-proof, and the region holds no opposing stone (only empty
    /// regions are candidate eyes).
    EmptySuicideProof,
}

/// A number of points, and how many of them are empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub points: u32,
    pub empty: u32,
}

impl Vitality {
    /// Whether a region of `region` points is vital to a chain adjacent to `adjacent` of
    /// them.
    pub fn vital(self, region: Count, adjacent: Count) -> bool {
        match self {
            Vitality::Liberties => region.empty > 0 && adjacent.empty == region.empty,
            Vitality::SuicideProof => adjacent.points == region.points,
            Vitality::EmptySuicideProof => {
                region.empty == region.points && adjacent.points == region.points
            }
        }
    }
}

/// A region next to a chain (indices), and whether it is vital to it. Every region and chain
/// that are adjacent have one `Touch`; no other pair has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Touch {
    pub region: u32,
    pub chain: u32,
    pub vital: bool,
}

/// What the fixpoint keeps: per chain (the unconditionally alive ones) and per region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub chains: Vec<bool>,
    pub regions: Vec<bool>,
}

/// Benson's fixpoint over `chains` chains and `regions` regions related by `touches`:
/// repeatedly drop every chain with fewer than two vital regions among the regions kept,
/// and every region next to a dropped chain, until nothing changes.
pub fn fixpoint(chains: usize, regions: usize, touches: &[Touch]) -> Kept {
    let mut kept = Kept {
        chains: vec![true; chains],
        regions: vec![true; regions],
    };
    let mut count = vec![0u32; chains];
    loop {
        count.iter_mut().for_each(|c| *c = 0);
        for t in touches {
            if t.vital && kept.regions[t.region as usize] {
                count[t.chain as usize] += 1;
            }
        }
        let mut changed = false;
        for (alive, &n) in kept.chains.iter_mut().zip(&count) {
            if *alive && n < 2 {
                *alive = false;
                changed = true;
            }
        }
        if !changed {
            return kept;
        }
        for t in touches {
            if !kept.chains[t.chain as usize] {
                kept.regions[t.region as usize] = false;
            }
        }
    }
}

/// What a point holds, seen from the player whose chains are tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// A stone of the player: part of a chain.
    Own,
    Empty,
    /// An opposing stone: part of a region.
    Opposing,
}

/// No chain (or no region) holds the point.
pub const NONE: u32 = u32::MAX;

/// Benson's algorithm on a board over any geometry ([`on_graph`]).
#[derive(Clone, Debug)]
pub struct OnGraph {
    /// The chain of each point ([`NONE`] off the player's stones).
    pub chain_of: Vec<u32>,
    /// The region of each point ([`NONE`] on the player's stones).
    pub region_of: Vec<u32>,
    pub touches: Vec<Touch>,
    pub kept: Kept,
}

impl OnGraph {
    /// Whether `p` holds a stone of a chain the fixpoint keeps (unconditionally alive).
    pub fn alive(&self, p: Point) -> bool {
        let c = self.chain_of[p];
        c != NONE && self.kept.chains[c as usize]
    }

    /// Per region: whether it is sealed ([`sealed_regions`]).
    pub fn sealed_regions(&self) -> Vec<bool> {
        sealed_regions(&self.kept, &self.touches)
    }
}

/// Per region: whether it is next to a chain and every chain next to it is kept (a region
/// sealed by unconditionally alive chains, j2003-solver.md S-3 `sealed-regions`).
pub fn sealed_regions(kept: &Kept, touches: &[Touch]) -> Vec<bool> {
    let mut sealed = vec![false; kept.regions.len()];
    for t in touches {
        sealed[t.region as usize] = true;
    }
    for t in touches {
        if !kept.chains[t.chain as usize] {
            sealed[t.region as usize] = false;
        }
    }
    sealed
}

/// Labels the connected parts of the player's stones (the chains) and of the other points
/// (the regions), by flood fills over the geometry's adjacency.
fn label(geometry: &Geometry, own: impl Fn(Point) -> bool) -> (Vec<u32>, Vec<u32>, usize, usize) {
    let n = geometry.len();
    let mut chain_of = vec![NONE; n];
    let mut region_of = vec![NONE; n];
    let (mut chains, mut regions) = (0u32, 0u32);
    let mut stack = Vec::new();
    for q in 0..n {
        let is_chain = own(q);
        let (labels, next) = if is_chain {
            (&mut chain_of, &mut chains)
        } else {
            (&mut region_of, &mut regions)
        };
        if labels[q] != NONE {
            continue;
        }
        labels[q] = *next;
        stack.push(q);
        while let Some(a) = stack.pop() {
            for &b in geometry.neighbours(a) {
                if own(b) == is_chain && labels[b] == NONE {
                    labels[b] = *next;
                    stack.push(b);
                }
            }
        }
        *next += 1;
    }
    (chain_of, region_of, chains as usize, regions as usize)
}

/// Benson's algorithm for the player whose stones `occupant` calls [`Occupant::Own`], on a
/// board over any geometry, with `vitality`.
pub fn on_graph(
    geometry: &Geometry,
    occupant: impl Fn(Point) -> Occupant,
    vitality: Vitality,
) -> OnGraph {
    let own = |q: usize| occupant(q) == Occupant::Own;
    let (chain_of, region_of, chains, regions) = label(geometry, own);
    // One entry (region, chain, is empty) per point of a region and each distinct chain
    // next to it; sorted, the entries of a (region, chain) pair lie together and count the
    // region's points adjacent to the chain.
    let mut size = vec![Count::default(); regions];
    let mut entries: Vec<(u32, u32, bool)> = Vec::new();
    let mut seen: Vec<u32> = Vec::new();
    for (q, &r) in region_of.iter().enumerate() {
        if r == NONE {
            continue;
        }
        let empty = occupant(q) == Occupant::Empty;
        size[r as usize].points += 1;
        size[r as usize].empty += empty as u32;
        seen.clear();
        for &b in geometry.neighbours(q) {
            if own(b) && !seen.contains(&chain_of[b]) {
                seen.push(chain_of[b]);
                entries.push((r, chain_of[b], empty));
            }
        }
    }
    entries.sort_unstable();
    let mut touches: Vec<Touch> = Vec::new();
    let mut i = 0;
    while i < entries.len() {
        let (r, c, _) = entries[i];
        let mut adjacent = Count::default();
        while i < entries.len() && entries[i].0 == r && entries[i].1 == c {
            adjacent.points += 1;
            adjacent.empty += entries[i].2 as u32;
            i += 1;
        }
        touches.push(Touch {
            region: r,
            chain: c,
            vital: vitality.vital(size[r as usize], adjacent),
        });
    }
    let kept = fixpoint(chains, regions, &touches);
    OnGraph {
        chain_of,
        region_of,
        touches,
        kept,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Colour, Position};

    fn board(rows: &[&str]) -> (Geometry, Position) {
        let g = Geometry::rect(rows[0].len(), rows.len()).expect("rectangle");
        let mut p = Position::empty(g.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let cell = match ch {
                    '#' => Cell::Stone(Colour::Black),
                    'O' => Cell::Stone(Colour::White),
                    _ => Cell::Empty,
                };
                p.set(y * rows[0].len() + x, cell);
            }
        }
        (g, p)
    }

    fn black(p: &Position) -> impl Fn(Point) -> Occupant + '_ {
        move |q| match p.get(q) {
            Cell::Stone(Colour::Black) => Occupant::Own,
            Cell::Empty => Occupant::Empty,
            Cell::Stone(Colour::White) => Occupant::Opposing,
        }
    }

    fn alive(rows: &[&str], vitality: Vitality) -> String {
        let (g, p) = board(rows);
        let b = on_graph(&g, black(&p), vitality);
        g.points()
            .map(|q| if b.alive(q) { 'X' } else { '.' })
            .collect()
    }

    /// The three vitalities part on one board each: a white stone in a big eye (vital by
    /// liberties only), a white stone that fills a one-point region (suicide-proof but not
    /// empty), two eyes (all three).
    #[test]
    fn the_vitalities_differ_where_they_should() {
        let two_eyes = [".#.#", "####"];
        for v in [
            Vitality::Liberties,
            Vitality::SuicideProof,
            Vitality::EmptySuicideProof,
        ] {
            assert_eq!(alive(&two_eyes, v), ".X.XXXXX", "{v:?}");
        }
        // Region {0, 1, 2} holds a white stone on 1; every point of it is next to the
        // chain: vital by liberties and suicide-proof, but not an empty eye.
        let stone_in_eye = [".O.#.", "#####"];
        assert_eq!(alive(&stone_in_eye, Vitality::Liberties), "...X.XXXXX");
        assert_eq!(alive(&stone_in_eye, Vitality::SuicideProof), "...X.XXXXX");
        assert_eq!(
            alive(&stone_in_eye, Vitality::EmptySuicideProof),
            ".........."
        );
        // The inner region's middle point holds a white stone next to no black stone: vital
        // by liberties (with the right column, two eyes), never suicide-proof (one eye).
        let far = ["#####.", "#...#.", "#.O.#.", "#...#.", "#####."];
        let (g, p) = board(&far);
        let lib = on_graph(&g, black(&p), Vitality::Liberties);
        let strict = on_graph(&g, black(&p), Vitality::SuicideProof);
        assert!(g
            .points()
            .all(|q| lib.alive(q) == (p.get(q) == Cell::Stone(Colour::Black))));
        assert!(g.points().all(|q| !strict.alive(q)));
    }

    #[test]
    fn sealed_regions_touch_only_kept_chains() {
        let (g, p) = board(&[".#.#O.#", "####O.."]);
        let b = on_graph(&g, black(&p), Vitality::Liberties);
        let sealed = b.sealed_regions();
        let names: Vec<usize> = g
            .points()
            .filter(|&q| b.region_of[q] != NONE && sealed[b.region_of[q] as usize])
            .collect();
        assert_eq!(names, [0, 2]);
    }

    #[test]
    fn fixpoint_drops_in_a_cascade() {
        // Chain 0 has vital regions 0 and 1; chain 1 has vital region 1 only and touches
        // region 0: chain 1 goes, then region 0, then chain 0.
        let t = |region, chain, vital| Touch {
            region,
            chain,
            vital,
        };
        let touches = [t(0, 0, true), t(1, 0, true), t(1, 1, true), t(0, 1, false)];
        let kept = fixpoint(2, 2, &touches);
        assert_eq!(kept.chains, [false, false]);
        assert_eq!(kept.regions, [false, false]);
        let kept = fixpoint(2, 3, &[t(0, 0, true), t(1, 0, true), t(2, 1, true)]);
        assert_eq!(kept.chains, [true, false]);
        assert_eq!(kept.regions, [true, true, false]);
    }
}
