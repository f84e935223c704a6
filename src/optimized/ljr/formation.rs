//! Bordered sets (L-15), the two-eye formation (L-16), the largest two-eye formation of a
//! player (LL-7), and the candidate sets of a control question, enumerated through units
//! (LL-3, LL-4).
//!
//! LL-3: for a player P, a *unit* is a P string or a non-P region (a maximal connected set
//! of locations without a P stone). A set is bordered by P iff it is a union of units in
//! which every region brings every P string next to it. So every bordered set is a set of
//! strings `T` plus a set of regions whose neighbouring strings all lie in `T`.

use super::board::{Bits, Board};
use super::strings::Stones;
use crate::geometry::{Colour, Point};

/// The static parts of a set `S` on a board: its border inside and outside, and its
/// locations without any neighbour (L-16.4 can never hold with one).
#[derive(Clone, Debug)]
pub struct SetShape {
    pub set: Bits,
    /// Locations of `S` with a neighbour outside `S`.
    pub inner_border: Bits,
    /// Locations outside `S` with a neighbour in `S`.
    pub outer_border: Bits,
    /// Locations of `S` without neighbours.
    pub isolated: Bits,
}

impl SetShape {
    pub fn new(board: &Board, set: &Bits) -> SetShape {
        let mut inner_border = board.empty_set();
        let mut isolated = board.empty_set();
        for p in set.iter() {
            let m = board.mask(p);
            if m.is_empty() {
                isolated.set(p);
            }
            if !m.is_subset(set) {
                inner_border.set(p);
            }
        }
        let outer_border = board.dilate(set).andnot(set);
        SetShape {
            set: set.clone(),
            inner_border,
            outer_border,
            isolated,
        }
    }

    /// L-15: P has bordered `S`.
    pub fn bordered_by(&self, own: &Bits) -> bool {
        self.inner_border.is_subset(own) && !self.outer_border.intersects(own)
    }

    /// L-16: P (`player`) has built a two-eye formation on `S`.
    pub fn formation(&self, board: &Board, stones: &Stones, player: Colour) -> bool {
        let own = stones.of(player);
        let opp = stones.of(player.opponent());
        let s = &self.set;
        if s.is_empty() || opp.intersects(s) || !self.bordered_by(own) || !self.isolated.is_empty()
        {
            return false; // L-16.1 ... L-16.4
        }
        let empty_in = s.andnot(own);
        let empty = stones.empty(board);
        // L-16.5: every eye is alone.
        if empty_in.iter().any(|e| board.mask(e).intersects(&empty)) {
            return false;
        }
        // L-16.6: every stone of P in S has two liberties in S (the strings lie in S: its
        // border outside holds no P stone).
        let mut seen = board.empty_set();
        for p in s.and(own).iter() {
            if seen.get(p) {
                continue;
            }
            seen.or_with(&stones.string_of(board, p));
            if stones.liberties_of(board, p).and(s).count() < 2 {
                return false;
            }
        }
        true
    }
}

/// LL-7: the union of every two-eye formation of `player` (empty if he has none): his
/// strings with the empty locations all of whose neighbours are his stones, shrunk until
/// every string keeps two such eyes (a Benson-like fixpoint).
pub fn largest_formation(board: &Board, stones: &Stones, player: Colour) -> Bits {
    let own = stones.of(player);
    let empty = stones.empty(board);
    let mut eyes = board.empty_set();
    for e in empty.iter() {
        let m = board.mask(e);
        if !m.is_empty() && m.is_subset(own) {
            eyes.set(e);
        }
    }
    let mut strings: Vec<Bits> = Vec::new();
    let mut seen = board.empty_set();
    for p in own.iter() {
        if !seen.get(p) {
            let s = stones.string_of(board, p);
            seen.or_with(&s);
            strings.push(s);
        }
    }
    let mut alive = vec![true; strings.len()];
    loop {
        let mut changed = false;
        for (i, s) in strings.iter().enumerate() {
            if alive[i] && board.dilate(s).and(&eyes).count() < 2 {
                alive[i] = false;
                changed = true;
                // The eyes next to it are no longer eyes of the formation.
                eyes.andnot_with(&board.dilate(s));
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = eyes;
    for (i, s) in strings.iter().enumerate() {
        if alive[i] {
            out.or_with(s);
        }
    }
    out
}

/// The units of a player (LL-3) on a board.
#[derive(Clone, Debug)]
pub struct Units {
    /// P strings, by smallest location.
    pub strings: Vec<Bits>,
    /// Non-P regions, by smallest location.
    pub regions: Vec<Bits>,
    /// For each region, the strings next to it (indices into `strings`).
    pub region_strings: Vec<Vec<usize>>,
    /// For each region, whether it holds an empty location.
    pub region_has_empty: Vec<bool>,
    /// The unit of each location: `Ok(string)` or `Err(region)`.
    unit_of: Vec<Result<usize, usize>>,
}

impl Units {
    pub fn new(board: &Board, own: &Bits, empty: &Bits) -> Units {
        let n = board.len();
        let non_own = board.all().andnot(own);
        let mut unit_of = vec![Ok(usize::MAX); n];
        let mut strings = Vec::new();
        let mut regions = Vec::new();
        let mut done = board.empty_set();
        for p in 0..n {
            if done.get(p) {
                continue;
            }
            if own.get(p) {
                let s = board.flood(p, own);
                for q in s.iter() {
                    unit_of[q] = Ok(strings.len());
                }
                done.or_with(&s);
                strings.push(s);
            } else {
                let r = board.flood(p, &non_own);
                for q in r.iter() {
                    unit_of[q] = Err(regions.len());
                }
                done.or_with(&r);
                regions.push(r);
            }
        }
        let region_strings = regions
            .iter()
            .map(|r| {
                let mut v: Vec<usize> = board
                    .dilate(r)
                    .and(own)
                    .iter()
                    .filter_map(|q| unit_of[q].ok())
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        let region_has_empty = regions.iter().map(|r| r.intersects(empty)).collect();
        Units {
            strings,
            regions,
            region_strings,
            region_has_empty,
            unit_of,
        }
    }

    /// LL-4: the smallest bordered set containing `x`: its unit, with the strings next to
    /// it when the unit is a region.
    pub fn smallest_bordered(&self, x: Point) -> Bits {
        match self.unit_of[x] {
            Ok(s) => self.strings[s].clone(),
            Err(r) => self.region_closure(r),
        }
    }

    fn region_closure(&self, r: usize) -> Bits {
        let mut b = self.regions[r].clone();
        for &s in &self.region_strings[r] {
            b.or_with(&self.strings[s]);
        }
        b
    }

    /// L-17: the locations `y` for which the prover may form `set` when `y` is disputed:
    /// `set` is his smallest bordered set containing `y` plus smallest bordered sets of
    /// empty locations. `set` must be bordered (a union of units).
    pub fn dispute_holders(&self, set: &Bits) -> Bits {
        let mut by_empties = Bits::new(set.0.len());
        for (r, region) in self.regions.iter().enumerate() {
            if self.region_has_empty[r] && region.is_subset(set) {
                by_empties.or_with(&self.region_closure(r));
            }
        }
        let rest = set.andnot(&by_empties);
        if rest.is_empty() {
            return set.clone();
        }
        let mut holders = Bits::new(set.0.len());
        for y in rest.iter() {
            if rest.is_subset(&self.smallest_bordered(y)) {
                holders.set(y);
            }
        }
        holders
    }
}

/// The bordered sets of a player, by increasing size, those of one size in increasing
/// order of their location lists. Each size is enumerated once, on demand, by a
/// depth-first choice of strings, then of regions whose strings were all chosen; the
/// enumeration's steps are bounded (`work_left`), so a board with very many units answers
/// "not enumerated" instead of running away.
#[derive(Debug)]
pub struct BorderedSets {
    units: Units,
    words: usize,
    by_size: Vec<Option<Vec<Bits>>>,
    work_left: u64,
}

impl BorderedSets {
    pub fn new(units: Units, n: usize, words: usize, work: u64) -> BorderedSets {
        BorderedSets {
            units,
            words,
            by_size: vec![None; n + 1],
            work_left: work,
        }
    }

    pub fn units(&self) -> &Units {
        &self.units
    }

    pub fn max_size(&self) -> usize {
        self.by_size.len() - 1
    }

    /// The bordered sets of exactly `k` locations, or `None` when the enumeration ran out
    /// of work.
    pub fn of_size(&mut self, k: usize) -> Option<&[Bits]> {
        if k >= self.by_size.len() {
            return Some(&[]);
        }
        if self.by_size[k].is_none() {
            let mut out = Vec::new();
            let mut chosen = vec![false; self.units.strings.len()];
            let mut cur = Bits::new(self.words);
            let strings_total: usize = self.units.strings.iter().map(Bits::count).sum();
            let regions_total: usize = self.units.regions.iter().map(Bits::count).sum();
            let ok = self.strings_step(
                k,
                0,
                0,
                strings_total + regions_total,
                &mut chosen,
                &mut cur,
                &mut out,
            );
            if !ok {
                return None;
            }
            out.sort_by_cached_key(|b| b.to_vec());
            self.by_size[k] = Some(out);
        }
        self.by_size[k].as_deref()
    }

    fn tick(&mut self) -> bool {
        if self.work_left == 0 || crate::deadline::passed() {
            return false;
        }
        self.work_left -= 1;
        true
    }

    /// Choose strings `i..`; `left` bounds what can still be added.
    #[allow(clippy::too_many_arguments)]
    fn strings_step(
        &mut self,
        k: usize,
        i: usize,
        size: usize,
        left: usize,
        chosen: &mut Vec<bool>,
        cur: &mut Bits,
        out: &mut Vec<Bits>,
    ) -> bool {
        if !self.tick() {
            return false;
        }
        if size > k || size + left < k {
            return true;
        }
        if i == self.units.strings.len() {
            let avail: usize = (0..self.units.regions.len())
                .filter(|&r| self.includable(r, chosen))
                .map(|r| self.units.regions[r].count())
                .sum();
            return self.regions_step(k, 0, size, avail, chosen, cur, out);
        }
        let s = self.units.strings[i].clone();
        let c = s.count();
        chosen[i] = true;
        let before = cur.clone();
        cur.or_with(&s);
        let ok = self.strings_step(k, i + 1, size + c, left - c, chosen, cur, out);
        *cur = before;
        chosen[i] = false;
        ok && self.strings_step(k, i + 1, size, left - c, chosen, cur, out)
    }

    fn includable(&self, r: usize, chosen: &[bool]) -> bool {
        self.units.region_strings[r].iter().all(|&s| chosen[s])
    }

    #[allow(clippy::too_many_arguments)]
    fn regions_step(
        &mut self,
        k: usize,
        r: usize,
        size: usize,
        left: usize,
        chosen: &mut Vec<bool>,
        cur: &mut Bits,
        out: &mut Vec<Bits>,
    ) -> bool {
        if !self.tick() {
            return false;
        }
        if size > k || size + left < k {
            return true;
        }
        if size == k {
            out.push(cur.clone());
            return true;
        }
        if r == self.units.regions.len() {
            return true;
        }
        if !self.includable(r, chosen) {
            return self.regions_step(k, r + 1, size, left, chosen, cur, out);
        }
        let reg = self.units.regions[r].clone();
        let c = reg.count();
        let before = cur.clone();
        cur.or_with(&reg);
        let ok = self.regions_step(k, r + 1, size + c, left - c, chosen, cur, out);
        *cur = before;
        ok && self.regions_step(k, r + 1, size, left - c, chosen, cur, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    fn board(w: usize, h: usize) -> Board {
        Board::from_geometry(&Geometry::rect(w, h).expect("a board"))
    }

    fn stones(b: &Board, black: &[Point], white: &[Point]) -> Stones {
        let w = b.words();
        Stones::new(
            b,
            Bits::from_points(w, black.iter().copied()),
            Bits::from_points(w, white.iter().copied()),
            true,
        )
    }

    /// Is `set` bordered by `own`, checked straight from L-15?
    fn bordered_literally(b: &Board, set: &Bits, own: &Bits) -> bool {
        (0..b.len()).all(|p| {
            let out_nb = b.neighbours(p).iter().any(|&q| !set.get(q));
            let in_nb = b.neighbours(p).iter().any(|&q| set.get(q));
            if set.get(p) {
                !out_nb || own.get(p)
            } else {
                !in_nb || !own.get(p)
            }
        })
    }

    #[test]
    fn enumeration_finds_exactly_the_bordered_sets() {
        // 3x2:  # . O
        //       # # .
        let b = board(3, 2);
        let st = stones(&b, &[0, 3, 4], &[2]);
        let own = st.black.clone();
        let units = Units::new(&b, &own, &st.empty(&b));
        let mut sets = BorderedSets::new(units, b.len(), 1, 1 << 20);
        let mut found = Vec::new();
        assert_eq!(sets.of_size(0).map(<[Bits]>::len), Some(1)); // the empty set
        for k in 1..=b.len() {
            found.extend(sets.of_size(k).expect("enumerated").to_vec());
        }
        let mut literal = Vec::new();
        for mask in 1u64..(1 << b.len()) {
            let s = Bits(smallvec::smallvec![mask]);
            if bordered_literally(&b, &s, &own) {
                literal.push(s);
            }
        }
        let key = |v: &Vec<Bits>| {
            let mut k: Vec<Vec<Point>> = v.iter().map(Bits::to_vec).collect();
            k.sort();
            k
        };
        assert_eq!(key(&found), key(&literal));
        // Sizes never decrease along the order.
        assert!(found.windows(2).all(|w| w[0].count() <= w[1].count()));
    }

    #[test]
    fn smallest_bordered_set_and_formation() {
        // 4x2:  . # . #      Black: 1, 3, 4..7 (one string); eyes 0 and 2.
        //       # # # #
        let b = board(4, 2);
        let st = stones(&b, &[1, 3, 4, 5, 6, 7], &[]);
        let units = Units::new(&b, &st.black, &st.empty(&b));
        let whole = units.smallest_bordered(0);
        // The region {0} brings the string next to it: everything but the eye 2.
        assert_eq!(whole.to_vec(), vec![0, 1, 3, 4, 5, 6, 7]);
        let all = b.all().clone();
        assert!(SetShape::new(&b, &all).formation(&b, &st, Colour::Black));
        assert!(!SetShape::new(&b, &all).formation(&b, &st, Colour::White));
        // Fill an eye: one eye left, no formation; the largest formation is empty.
        let st1 = stones(&b, &[1, 2, 3, 4, 5, 6, 7], &[]);
        assert!(!SetShape::new(&b, &all).formation(&b, &st1, Colour::Black));
        assert!(largest_formation(&b, &st1, Colour::Black).is_empty());
        assert_eq!(largest_formation(&b, &st, Colour::Black).count(), 8);
    }
}
