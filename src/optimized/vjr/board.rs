//! The ground of the VJR solver: a variation's state (spec `vjr.md` V-8) on bitboards
//! ([`super::super::bitboard`]) and its moves: plays with captures and no suicide (V-2), the
//! basic ko ban found literally (V-3: the one play that would recreate the position before
//! the opponent's latest play), passes (V-1, V-7).

use super::super::bitboard::BitBoard;
use super::super::legal::Layout;
use crate::geometry::{Cell, Colour, Point, Position};

/// No banned point.
pub(super) const NO_BAN: u16 = u16::MAX;

/// Colour index of the bitboards: 0 Black, 1 White.
pub(super) fn index(c: Colour) -> usize {
    match c {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

/// A state of a variation (V-8): the position (stones per colour), the player to move,
/// whether the previous move was a pass, and the point the basic ko rule bans now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct State<const N: usize> {
    pub(super) stones: [BitBoard<N>; 2],
    pub(super) to_move: u8,
    pub(super) after_pass: bool,
    pub(super) ban: u16,
}

/// A board's layout and each point's neighbours, as bitboards.
pub(super) struct Board<const N: usize> {
    pub(super) layout: Layout<N>,
    /// Per bit index: its on-board neighbours.
    pub(super) neighbours: Vec<BitBoard<N>>,
}

/// What a legal play did.
pub(super) struct Played<const N: usize> {
    pub(super) stones: [BitBoard<N>; 2],
    /// The opposing stones it removed.
    pub(super) removed: BitBoard<N>,
}

impl<const N: usize> Board<N> {
    pub(super) fn new(width: usize, height: usize) -> Board<N> {
        let layout = Layout::<N>::new(width, height);
        let stride = layout.stride as u32;
        let neighbours = (0..layout.stride * height)
            .map(|b| {
                if layout.on_board.get(b) {
                    BitBoard::single(b)
                        .dilate(stride, &layout.on_board)
                        .and_not(&BitBoard::single(b))
                } else {
                    BitBoard::ZERO
                }
            })
            .collect();
        Board { layout, neighbours }
    }

    /// The bit of point `p` (row-major index).
    pub(super) fn bit(&self, p: Point) -> usize {
        self.layout
            .bit(p % self.layout.width, p / self.layout.width)
    }

    /// The row-major point of bit `b`.
    pub(super) fn point(&self, b: usize) -> Point {
        (b / self.layout.stride) * self.layout.width + b % self.layout.stride
    }

    pub(super) fn stride(&self) -> u32 {
        self.layout.stride as u32
    }

    /// A position's stones, per colour.
    pub(super) fn stones(&self, position: &Position) -> [BitBoard<N>; 2] {
        let mut s = [BitBoard::ZERO; 2];
        for p in 0..position.len() {
            if let Cell::Stone(c) = position.get(p) {
                s[index(c)].set(self.bit(p));
            }
        }
        s
    }

    pub(super) fn empty(&self, stones: &[BitBoard<N>; 2]) -> BitBoard<N> {
        self.layout.on_board.and_not(&stones[0].or(&stones[1]))
    }

    /// The string through bit `b` of `set`.
    pub(super) fn string(&self, b: usize, set: &BitBoard<N>) -> BitBoard<N> {
        BitBoard::flood(
            BitBoard::single(b),
            set,
            self.stride(),
            &self.layout.on_board,
        )
    }

    /// The points next to `set` (and `set` itself).
    pub(super) fn grow(&self, set: &BitBoard<N>) -> BitBoard<N> {
        set.dilate(self.stride(), &self.layout.on_board)
    }

    /// V-2: `player` (0/1) plays on bit `x`: the stones after it and the opposing stones
    /// removed; `None` when `x` is occupied or the play is suicide.
    pub(super) fn play(
        &self,
        stones: &[BitBoard<N>; 2],
        x: usize,
        player: usize,
    ) -> Option<Played<N>> {
        if stones[0].get(x) || stones[1].get(x) {
            return None;
        }
        let (removed, suicide) = BitBoard::play_captures(
            x,
            &stones[player],
            &stones[1 - player],
            self.stride(),
            &self.layout.on_board,
        );
        if suicide.is_some() {
            return None;
        }
        let mut next = *stones;
        next[player].set(x);
        next[1 - player] = next[1 - player].and_not(&removed);
        Some(Played {
            stones: next,
            removed,
        })
    }

    /// V-3 and V-8: the point whose play by the opponent would recreate `before` right after
    /// `player`'s play `played` on it. Only a play that removed exactly one stone can be
    /// undone by one play (the re-play on that stone's point), which is tried literally.
    pub(super) fn ko_ban(
        &self,
        before: &[BitBoard<N>; 2],
        played: &Played<N>,
        player: usize,
    ) -> u16 {
        if played.removed.count() != 1 {
            return NO_BAN;
        }
        let y = played.removed.bits().next().expect("one stone");
        match self.play(&played.stones, y, 1 - player) {
            Some(back) if back.stones == *before => y as u16,
            _ => NO_BAN,
        }
    }

    /// The successors of `state` (V-6): the pass first (`None` when it ends the variation,
    /// V-7), then every legal play by bit, each with the state it leads to and the stones
    /// it removed.
    pub(super) fn moves(&self, state: &State<N>) -> Vec<(Option<usize>, Option<Step<N>>)> {
        let player = state.to_move as usize;
        let mut out = Vec::new();
        out.push((
            None,
            (!state.after_pass).then_some(Step {
                next: State {
                    stones: state.stones,
                    to_move: 1 - state.to_move,
                    after_pass: true,
                    ban: NO_BAN,
                },
                removed: BitBoard::ZERO,
            }),
        ));
        for x in self.empty(&state.stones).bits() {
            if x as u16 == state.ban {
                continue;
            }
            if let Some(played) = self.play(&state.stones, x, player) {
                let ban = self.ko_ban(&state.stones, &played, player);
                out.push((
                    Some(x),
                    Some(Step {
                        next: State {
                            stones: played.stones,
                            to_move: 1 - state.to_move,
                            after_pass: false,
                            ban,
                        },
                        removed: played.removed,
                    }),
                ));
            }
        }
        out
    }
}

/// A move's result: the next state and the stones the move removed (of the opponent of the
/// mover).
pub(super) struct Step<const N: usize> {
    pub(super) next: State<N>,
    pub(super) removed: BitBoard<N>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::diagram::parse_position;

    fn setup(text: &str) -> (Board<2>, [BitBoard<2>; 2]) {
        let (g, p) = parse_position(text).expect("diagram");
        let (w, h) = g.rect_size().expect("rectangle");
        let b = Board::<2>::new(w, h);
        let s = b.stones(&p);
        (b, s)
    }

    #[test]
    fn capture_suicide_and_ko_ban() {
        // Points row-major, top row first: 0 . 1 # 2 O 3 . / 4 # 5 O 6 . 7 O.
        let (b, s) = setup(". # O .\n# O . O\n");
        // Black at 6 removes the white stone 5 only (2 and 7 keep the liberty 3).
        let played = b.play(&s, b.bit(6), 0).expect("legal capture");
        assert_eq!(played.removed.bits().collect::<Vec<_>>(), vec![b.bit(5)]);
        // The black stone 6 stands alone with the one liberty 5: White's re-play there
        // would recreate the position, so it is banned (V-3).
        assert_eq!(b.ko_ban(&s, &played, 0), b.bit(5) as u16);
        let after = State {
            stones: played.stones,
            to_move: 1,
            after_pass: false,
            ban: b.ko_ban(&s, &played, 0),
        };
        let plays: Vec<usize> = b.moves(&after).iter().filter_map(|m| m.0).collect();
        assert!(!plays.contains(&b.bit(5)));
        // A pass bans nothing; without the ban White may retake at 5.
        let passed = b.moves(&after)[0].1.as_ref().expect("a pass").next;
        assert_eq!(passed.ban, NO_BAN);
        let free = State {
            ban: NO_BAN,
            ..after
        };
        assert!(b.moves(&free).iter().any(|m| m.0 == Some(b.bit(5))));
        // Suicide: Black at 3 (neighbours 2 and 7, white strings with the liberty 6).
        assert!(b.play(&s, b.bit(3), 0).is_none());
        // White at 0 is no suicide: it removes the black stones 1 and 4 first (V-2).
        let played = b.play(&s, b.bit(0), 1).expect("a capture");
        assert_eq!(played.removed.count(), 2);
        assert_eq!(b.ko_ban(&s, &played, 1), NO_BAN);
        // The pass after a pass ends the variation.
        assert!(b.moves(&after)[0].1.is_some());
        assert!(b.moves(&passed)[0].1.is_none());
    }
}
