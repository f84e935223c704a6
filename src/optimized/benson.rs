//! Technique: Benson's algorithm for unconditional life (Benson 1976), which decides NAJ
//! immortality (spec `naj.md` N-17.B) without searching.
//!
//! Chains are the player's strings; regions are the connected parts of the rest of the
//! board. A region is vital to a chain when every empty point of the region is a liberty
//! of the chain. Repeatedly drop the chains with fewer than two vital regions, and the
//! regions that touch a dropped chain; the chains that remain are immortal.

use super::bitboard::{BitBoard, MAX_WORDS};
use super::legal::Layout;
use crate::geometry::{Cell, Colour, Position};

/// The connected parts of `set`.
pub fn components<const N: usize>(set: &BitBoard<N>, layout: &Layout<N>) -> Vec<BitBoard<N>> {
    let stride = layout.stride as u32;
    let mut left = *set;
    let mut out = Vec::new();
    while let Some(seed) = left.bits().next() {
        let c = BitBoard::flood(BitBoard::single(seed), set, stride, &layout.on_board);
        left = left.and_not(&c);
        out.push(c);
    }
    out
}

/// The fixpoint of Benson's algorithm over given chains and candidate regions, with
/// `vital[c][r]`: repeatedly drop every chain with fewer than two vital regions among the
/// regions kept, and every region adjacent to a dropped chain. Returns which chains and
/// which regions are kept.
pub fn fixpoint<const N: usize>(
    chains: &[BitBoard<N>],
    regions: &[BitBoard<N>],
    vital: &[Vec<bool>],
    layout: &Layout<N>,
) -> (Vec<bool>, Vec<bool>) {
    let stride = layout.stride as u32;
    let region_border: Vec<BitBoard<N>> = regions
        .iter()
        .map(|r| r.dilate(stride, &layout.on_board))
        .collect();
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for c in 0..chains.len() {
            if chain_alive[c] {
                let n = (0..regions.len())
                    .filter(|&r| region_alive[r] && vital[c][r])
                    .count();
                if n < 2 {
                    chain_alive[c] = false;
                    changed = true;
                }
            }
        }
        for r in 0..regions.len() {
            if region_alive[r]
                && (0..chains.len())
                    .any(|c| !chain_alive[c] && region_border[r].intersects(&chains[c]))
            {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            return (chain_alive, region_alive);
        }
    }
}

/// The immortal stones among `mine`, `theirs` being the opponent's stones.
pub fn immortal_stones<const N: usize>(
    mine: &BitBoard<N>,
    theirs: &BitBoard<N>,
    layout: &Layout<N>,
) -> BitBoard<N> {
    let stride = layout.stride as u32;
    let on = &layout.on_board;
    let empty = on.and_not(&mine.or(theirs));
    let chains = components(mine, layout);
    let regions = components(&on.and_not(mine), layout);
    let liberties: Vec<BitBoard<N>> = chains
        .iter()
        .map(|c| c.dilate(stride, on).and(&empty))
        .collect();
    let region_empty: Vec<BitBoard<N>> = regions.iter().map(|r| r.and(&empty)).collect();
    // vital[c][r]
    let vital: Vec<Vec<bool>> = liberties
        .iter()
        .map(|libs| {
            region_empty
                .iter()
                .map(|e| !e.is_zero() && e.and_not(libs).is_zero())
                .collect()
        })
        .collect();
    let (chain_alive, _) = fixpoint(&chains, &regions, &vital, layout);
    let mut alive = BitBoard::ZERO;
    for (c, chain) in chains.iter().enumerate() {
        if chain_alive[c] {
            alive = alive.or(chain);
        }
    }
    alive
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
/// bitboard (2, 6 or the widest).
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
        _ => run::<MAX_WORDS>(width, height, position, player),
    }
}
