//! Technique: Benson's algorithm for unconditional life (Benson 1976) on bitboards, which
//! decides NAJ immortality (spec `naj-solver.md` N-17.B) without searching, and gives the
//! pass-alive formation of VJR (`vjr.md` V-11, vjr/formation.rs).
//!
//! Chains are the player's strings; regions are the connected parts of the rest of the
//! board; both are labelled here by bitboard floods, and the pairs of a region and a chain
//! next to it go to the one fixpoint of the project ([`crate::benson::fixpoint`]), with the
//! vitality rule as a parameter ([`Vitality`]): N-17.B uses Benson's own
//! ([`Vitality::Liberties`]: every empty point of the region is a liberty of the chain, and
//! it has one).

use super::bitboard::{BitBoard, MAX_WORDS, WORDS_25X25};
use super::legal::Layout;
use crate::benson::{fixpoint, Count, Kept, Touch, Vitality};
use crate::geometry::{Cell, Colour, Position};

/// The connected parts of `set`.
pub fn components<const N: usize>(set: &BitBoard<N>, layout: &Layout<N>) -> Vec<BitBoard<N>> {
    let stride = layout.stride as u32;
    let mut left = *set;
    // Room for the usual few parts at once (growing from empty was a tenth of Benson's
    // verdicts in the J2003 searches, measured with callgrind).
    let mut out = Vec::with_capacity(8);
    while let Some(seed) = left.bits().next() {
        let c = BitBoard::flood(BitBoard::single(seed), set, stride, &layout.on_board);
        left = left.and_not(&c);
        out.push(c);
    }
    out
}

/// Benson's algorithm for one player on bitboards: his chains, the regions, the pairs of a
/// region and a chain next to it, and what the fixpoint keeps.
pub struct Benson<const N: usize> {
    pub chains: Vec<BitBoard<N>>,
    pub regions: Vec<BitBoard<N>>,
    pub touches: Vec<Touch>,
    pub kept: Kept,
}

impl<const N: usize> Benson<N> {
    /// The player whose stones are `mine` (the opponent's `theirs`), with `vitality`.
    pub fn new(
        mine: &BitBoard<N>,
        theirs: &BitBoard<N>,
        layout: &Layout<N>,
        vitality: Vitality,
    ) -> Benson<N> {
        let stride = layout.stride as u32;
        let on = &layout.on_board;
        let empty = on.and_not(&mine.or(theirs));
        let chains = components(mine, layout);
        let regions = components(&on.and_not(mine), layout);
        let size: Vec<Count> = regions.iter().map(|r| count(r, &empty)).collect();
        let mut touches = Vec::with_capacity(2 * (chains.len() + regions.len()));
        for (c, chain) in chains.iter().enumerate() {
            let reach = chain.dilate(stride, on);
            for (r, region) in regions.iter().enumerate() {
                let adjacent = region.and(&reach);
                if !adjacent.is_zero() {
                    touches.push(Touch {
                        region: r as u32,
                        chain: c as u32,
                        vital: vitality.vital(size[r], count(&adjacent, &empty)),
                    });
                }
            }
        }
        let kept = fixpoint(chains.len(), regions.len(), &touches);
        Benson {
            chains,
            regions,
            touches,
            kept,
        }
    }

    /// The stones of the chains kept (unconditionally alive).
    pub fn alive(&self) -> BitBoard<N> {
        let mut alive = BitBoard::ZERO;
        for (chain, _) in self.chains.iter().zip(&self.kept.chains).filter(|x| *x.1) {
            alive = alive.or(chain);
        }
        alive
    }

    /// The chains kept and the regions kept that are vital to one of them (V-11's
    /// intersections).
    pub fn formation(&self) -> BitBoard<N> {
        let mut inter = self.alive();
        for t in &self.touches {
            let (r, c) = (t.region as usize, t.chain as usize);
            if t.vital && self.kept.regions[r] && self.kept.chains[c] {
                inter = inter.or(&self.regions[r]);
            }
        }
        inter
    }
}

/// The points of `set`, and how many of them are in `empty`.
fn count<const N: usize>(set: &BitBoard<N>, empty: &BitBoard<N>) -> Count {
    Count {
        points: set.count(),
        empty: set.and(empty).count(),
    }
}

/// The immortal stones among `mine`, `theirs` being the opponent's stones (N-17.B).
pub fn immortal_stones<const N: usize>(
    mine: &BitBoard<N>,
    theirs: &BitBoard<N>,
    layout: &Layout<N>,
) -> BitBoard<N> {
    Benson::new(mine, theirs, layout, Vitality::Liberties).alive()
}

fn run<const N: usize>(
    width: usize,
    height: usize,
    position: &Position,
    player: Colour,
) -> Vec<bool> {
    let layout = Layout::<N>::new(width, height);
    let (mut mine, mut theirs) = (BitBoard::<N>::ZERO, BitBoard::<N>::ZERO);
    for y in 0..height {
        for x in 0..width {
            match position.get(y * width + x) {
                Cell::Stone(c) if c == player => mine.set(layout.bit(x, y)),
                Cell::Stone(_) => theirs.set(layout.bit(x, y)),
                Cell::Empty => {}
            }
        }
    }
    let alive = immortal_stones(&mine, &theirs, &layout);
    (0..width * height)
        .map(|p| alive.get(layout.bit(p % width, p / width)))
        .collect()
}

/// Control (naj.md N-18/N-19) from immortal points: an immortal stone on the point or on
/// every neighbour of it.
pub fn control_points(width: usize, height: usize, immortal: &[bool]) -> Vec<bool> {
    (0..width * height)
        .map(|p| {
            let (x, y) = (p % width, p / width);
            immortal[p]
                || ((x == 0 || immortal[p - 1])
                    && (x + 1 == width || immortal[p + 1])
                    && (y == 0 || immortal[p - width])
                    && (y + 1 == height || immortal[p + width]))
        })
        .collect()
}

/// Immortal points of `player` on a `width` x `height` board, `words` 64-bit words per
/// bitboard (2, 6, 11 or the widest, `Optimized::words_for`).
pub fn immortal_points(
    width: usize,
    height: usize,
    words: usize,
    position: &Position,
    player: Colour,
) -> Vec<bool> {
    match words {
        2 => run::<2>(width, height, position, player),
        6 => run::<6>(width, height, position, player),
        WORDS_25X25 => run::<WORDS_25X25>(width, height, position, player),
        _ => run::<MAX_WORDS>(width, height, position, player),
    }
}
