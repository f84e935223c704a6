//! Technique: incremental strings. Every stone knows its string; every string keeps its
//! stones and liberties as bitboards, updated move by move, so a play is judged by looking
//! at its (at most four) neighbours only (switch `incremental-strings`; without it, strings
//! are found by flood fill at every judgement).

use super::bitboard::BitBoard;

/// Strings of a position: `id[bit]` names the string of the stone on `bit` (the id is one
/// of the string's bits); `stones[id]` and `liberties[id]` describe it.
#[derive(Clone, Debug)]
pub struct Strings<const N: usize> {
    id: Vec<u16>,
    stones: Vec<BitBoard<N>>,
    liberties: Vec<BitBoard<N>>,
}

/// What a play does, found from its neighbours.
#[derive(Clone, Copy, Debug)]
pub struct Neighbourhood<const N: usize> {
    /// Opposing strings whose only liberty is the played point.
    pub captured: BitBoard<N>,
    /// The played stone and the own strings it joins.
    pub joined: BitBoard<N>,
    /// Whether the joined string keeps a liberty without counting captures.
    pub has_liberty: bool,
}

/// The on-board neighbours of a point, as a set and as a list (the layout's tables). On
/// boards of one or two words they are split by colour with masks, so no branch depends on
/// a neighbour's colour; on wider boards a mask costs every word, and the list is walked.
#[derive(Clone, Copy)]
pub struct Next<'a, const N: usize> {
    pub around: &'a BitBoard<N>,
    pub list: &'a [u16],
}

impl<const N: usize> Next<'_, N> {
    /// Calls `f` with each neighbour in `set`.
    #[inline]
    fn each_in(&self, set: &BitBoard<N>, mut f: impl FnMut(usize)) {
        if N <= 2 {
            for n in self.around.and(set).bits() {
                f(n);
            }
        } else {
            for &n in self.list {
                if set.get(n as usize) {
                    f(n as usize);
                }
            }
        }
    }
    /// Whether every neighbour is in `set`.
    #[inline]
    pub fn all_in(&self, set: &BitBoard<N>) -> bool {
        if N <= 2 {
            self.around.and_not(set).is_zero()
        } else {
            self.list.iter().all(|&n| set.get(n as usize))
        }
    }
    /// Whether a neighbour is in neither `a` nor `b`.
    #[inline]
    fn any_outside(&self, a: &BitBoard<N>, b: &BitBoard<N>) -> bool {
        if N <= 2 {
            !self.around.and_not(a).and_not(b).is_zero()
        } else {
            self.list
                .iter()
                .any(|&n| !a.get(n as usize) && !b.get(n as usize))
        }
    }
}

impl<const N: usize> Strings<N> {
    /// Build the strings of a position by flood fill.
    pub fn new(
        black: &BitBoard<N>,
        white: &BitBoard<N>,
        on_board: &BitBoard<N>,
        stride: u32,
    ) -> Self {
        let mut s = Strings {
            id: vec![0; N * 64],
            stones: vec![BitBoard::ZERO; N * 64],
            liberties: vec![BitBoard::ZERO; N * 64],
        };
        let empty = on_board.and_not(&black.or(white));
        for colour in [black, white] {
            let mut left = *colour;
            while let Some(seed) = left.bits().next() {
                let string = BitBoard::flood(BitBoard::single(seed), colour, stride, on_board);
                left = left.and_not(&string);
                s.install(seed, string, string.dilate(stride, on_board).and(&empty));
            }
        }
        s
    }

    fn install(&mut self, id: usize, stones: BitBoard<N>, liberties: BitBoard<N>) {
        for b in stones.bits() {
            self.id[b] = id as u16;
        }
        self.stones[id] = stones;
        self.liberties[id] = liberties;
    }

    /// Judge a play on `bit` from its on-board neighbours `next`.
    #[inline]
    pub fn look(
        &self,
        bit: usize,
        next: Next<N>,
        own: &BitBoard<N>,
        opp: &BitBoard<N>,
    ) -> Neighbourhood<N> {
        let stone = BitBoard::single(bit);
        let mut captured = BitBoard::ZERO;
        let mut joined = stone;
        // An empty neighbour is a liberty of the new string.
        let mut has_liberty = next.any_outside(own, opp);
        next.each_in(opp, |n| {
            let s = self.id[n] as usize;
            if self.liberties[s] == stone {
                captured = captured.or(&self.stones[s]);
            }
        });
        next.each_in(own, |n| {
            let s = self.id[n] as usize;
            joined = joined.or(&self.stones[s]);
            has_liberty |= !self.liberties[s].and_not(&stone).is_zero();
        });
        Neighbourhood {
            captured,
            joined,
            has_liberty,
        }
    }

    /// Bring the strings up to date after a play on `bit` by `own`'s colour that removed
    /// `removed_opponent` and `removed_own`; `own_after`/`opp_after` are the stones after;
    /// `next` are the on-board neighbours of `bit`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn update(
        &mut self,
        bit: usize,
        next: Next<N>,
        joined: &BitBoard<N>,
        removed_opponent: &BitBoard<N>,
        removed_own: &BitBoard<N>,
        own_after: &BitBoard<N>,
        opp_after: &BitBoard<N>,
        on_board: &BitBoard<N>,
        stride: u32,
    ) {
        let empty = on_board.and_not(&own_after.or(opp_after));
        // Strings next to the played point lose it as a liberty, unless it is empty again.
        if removed_own.is_zero() {
            // The new string's liberties: those of the strings it joins and the empty
            // neighbours of the stone, less the stone itself (not empty). (Liberties gained
            // from captures are added below.) It keeps the id of the largest string it joins,
            // so only the stones of the others are renamed.
            let mut liberties = *next.around;
            // Sizes are counted only when a second string joins (most plays join one).
            let (mut id, mut largest) = (bit, None);
            next.each_in(own_after, |n| {
                let s = self.id[n] as usize;
                if s == id {
                    return;
                }
                liberties = liberties.or(&self.liberties[s]);
                if id == bit {
                    id = s;
                } else {
                    let kept = largest.unwrap_or_else(|| self.stones[id].count());
                    let size = self.stones[s].count();
                    largest = Some(kept.max(size));
                    if size > kept {
                        id = s;
                    }
                }
            });
            next.each_in(opp_after, |n| {
                let s = self.id[n] as usize;
                self.liberties[s].clear(bit);
            });
            let renamed = if id == bit {
                *joined
            } else {
                joined.and_not(&self.stones[id])
            };
            for b in renamed.bits() {
                self.id[b] = id as u16;
            }
            self.stones[id] = *joined;
            self.liberties[id] = liberties.and(&empty);
        }
        // Strings next to removed stones gain liberties: recompute them.
        let removed = removed_opponent.or(removed_own);
        if !removed.is_zero() {
            let mut done = BitBoard::<N>::ZERO;
            let touching = removed
                .dilate(stride, on_board)
                .and(&own_after.or(opp_after));
            for n in touching.bits() {
                let s = self.id[n] as usize;
                if !done.get(s) {
                    done.set(s);
                    self.liberties[s] = self.stones[s].dilate(stride, on_board).and(&empty);
                }
            }
        }
    }
}
