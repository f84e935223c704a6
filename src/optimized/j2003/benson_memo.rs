//! Reduction `benson-memo` (engine switch, spec S-3): Benson's verdict on a board is kept,
//! so that a board met again (the next depth bound of the iterative deepening, another
//! stage, a transposition) is not judged again. The verdict depends on the board and the
//! defender's colour only (`benson_alive`), and the colour is fixed for one search, so the
//! board's words are the key. The memo is a cache: at `CAPACITY` boards it starts again
//! empty. Off: every state's board is judged afresh. Keys and verdicts are held inline
//! (`state::Words`, `benson_verdict::PointSet`) on the boards of the searches: a lookup
//! reads one entry, with no pointer to follow and no allocation.

use super::benson_verdict::{benson_alive, on_stones, Benson, PointSet};
use super::board::State;
use super::state::{StonesCache, Words};
use super::tables::on_words;
use crate::geometry::Geometry;
use rustc_hash::FxHashMap as HashMap;

/// Boards kept before the memo is emptied.
const CAPACITY: usize = 1 << 18;

/// Board words of the boards kept in `BensonMemo::small`.
const SMALL: usize = 4;

/// Benson's verdicts for one defender colour, by board.
#[derive(Default)]
pub(super) struct BensonMemo {
    /// `benson-memo` on.
    on: bool,
    /// The colour of the verdicts kept (0 before the first).
    colour: u8,
    /// The verdicts of boards of up to `SMALL` words (128 points), entries of 64 bytes: the
    /// board's words (0 past its length; one geometry per memo) and the alive and the
    /// sealed points, inline.
    small: HashMap<[u64; SMALL], [[u64; 2]; 2]>,
    /// The verdicts of larger boards.
    large: HashMap<Words, Benson>,
    /// The state's board, one byte per point (scratch).
    board: Vec<u8>,
}

impl BensonMemo {
    pub(super) fn new(on: bool) -> BensonMemo {
        BensonMemo {
            on,
            ..BensonMemo::default()
        }
    }

    /// Benson's verdict on the board of `key` for the colour `c` (the defender of the
    /// searches; a memo asked for another colour starts again empty).
    /// (`stones`: the searches' cache of a state's stones on bitboards.)
    pub(super) fn verdict(
        &mut self,
        geometry: &Geometry,
        stones: &mut StonesCache,
        key: &State,
        c: u8,
    ) -> Benson {
        if self.colour != c {
            self.clear();
            self.colour = c;
        }
        let words = key.board_words();
        let small = (words.len() <= SMALL).then(|| {
            let mut small = [0; SMALL];
            small[..words.len()].copy_from_slice(words);
            small
        });
        if self.on {
            match small {
                Some(small) => {
                    if let Some(&[alive, sealed]) = self.small.get(&small) {
                        return Benson {
                            alive: PointSet::Inline(alive),
                            sealed: PointSet::Inline(sealed),
                        };
                    }
                }
                None => {
                    if let Some(v) = self.large.get(words) {
                        return v.clone();
                    }
                }
            }
        }
        // The stones straight from the packed words where the board fits six words (the
        // widths of `board::Tables`).
        let packed = geometry.rect_size().and_then(
            |(w, h)| on_words!(w, h, N => Some(on_packed::<N>(stones, key, w, h, c)), None => None),
        );
        let verdict = packed.unwrap_or_else(|| {
            key.board_into(geometry.len(), &mut self.board);
            benson_alive(geometry, &self.board, c)
        });
        if self.on {
            if self.len() >= CAPACITY {
                self.clear();
            }
            match (small, &verdict.alive, &verdict.sealed) {
                (Some(small), PointSet::Inline(alive), PointSet::Inline(sealed)) => {
                    self.small.insert(small, [*alive, *sealed]);
                }
                _ => {
                    self.large.insert(Words::from_slice(words), verdict.clone());
                }
            }
        }
        verdict
    }

    /// The number of boards kept.
    fn len(&self) -> usize {
        self.small.len() + self.large.len()
    }

    fn clear(&mut self) {
        self.small.clear();
        self.large.clear();
    }
}

/// Benson's verdict for the colour `c` on a `w` x `h` board read from `key`'s packed words.
fn on_packed<const N: usize>(
    stones: &mut StonesCache,
    key: &State,
    w: usize,
    h: usize,
    c: u8,
) -> Benson {
    let [black, white] = stones.stones::<N>(key, w, h, w + 1);
    let (mine, theirs) = if c == 1 {
        (black, white)
    } else {
        (white, black)
    };
    on_stones(w, h, mine, theirs)
}

#[cfg(test)]
mod tests {
    use super::super::benson_verdict::benson_alive;
    use super::super::board::test_support::byte_board;
    use super::super::board::State;
    use super::{BensonMemo, StonesCache};

    /// On random boards that fit the small entries (7x4, 9x9) and on larger ones (12x11),
    /// each asked twice, the memo answers as Benson's algorithm does, and it keeps boards of
    /// both kinds.
    #[test]
    fn small_and_large_boards_are_kept() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut memo = BensonMemo::new(true);
        let mut alive = 0;
        for i in 0..600 {
            let (w, h) = [(7, 4), (9, 9), (12, 11)][i % 3];
            let g = crate::geometry::Geometry::rect(w, h).expect("a rectangle");
            let board: Vec<u8> = (0..w * h)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    [0, 1, 1, 1, 2][(seed % 5) as usize]
                })
                .collect();
            let state = State::new(&board, &[0], 2);
            let fresh = benson_alive(&g, &board, 1);
            for _ in 0..2 {
                assert_eq!(
                    memo.verdict(&g, &mut StonesCache::default(), &state, 1),
                    fresh,
                    "{w}x{h} {board:?}"
                );
            }
            alive += fresh.alive.to_bools(w * h).iter().filter(|&&x| x).count();
        }
        assert!(alive > 1000, "{alive} alive stones");
        assert_eq!((memo.small.len(), memo.large.len()), (400, 200));
    }

    /// Boards that differ only past the first 32 points (the second word of the packed
    /// board), asked in turn and again: the memo answers each as Benson's algorithm does.
    #[test]
    fn the_memo_answers_each_board_as_benson_does() {
        let alive_top = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\
                         # # # # . . . .\n. # . # . . . .";
        let dead_top = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\
                        # # # # . . . .\n. # O # . . . .";
        let mut memo = BensonMemo::new(true);
        for _ in 0..2 {
            for d in [alive_top, dead_top] {
                let (g, board) = byte_board(d);
                let state = State::new(&board, &[0], 2);
                let fresh = benson_alive(&g, &board, 1);
                let kept = memo.verdict(&g, &mut StonesCache::default(), &state, 1);
                assert_eq!(kept.alive, fresh.alive, "{d}");
                assert_eq!(kept.sealed, fresh.sealed, "{d}");
            }
        }
        assert_eq!(memo.len(), 2);
        // Asked for the other colour, the memo answers for that colour.
        let (g, board) = byte_board(alive_top);
        let state = State::new(&board, &[0], 1);
        let white = memo.verdict(&g, &mut StonesCache::default(), &state, 2);
        assert_eq!(white, benson_alive(&g, &board, 2));
        assert_ne!(
            white,
            benson_alive(&g, &board, 1),
            "the colours must differ"
        );
        let verdict = |d: &str| {
            let (g, board) = byte_board(d);
            benson_alive(&g, &board, 1).alive
        };
        assert_ne!(
            verdict(alive_top),
            verdict(dead_top),
            "the boards must differ"
        );
    }
}
