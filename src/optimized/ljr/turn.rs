//! The turn rules on one situation (L-3 ... L-13, LC-1 ... LC-5): judging and making a
//! turn (an optional cycle removal, then an optional play). The history a removal needs
//! (which locations a cycle used) comes from [`super::history`]; this module only applies
//! the removal of a given set of used locations.

use super::board::{mix, Bits, Board, BLACK_KEY, PERM_KEY, TEMP_KEY, WHITE_KEY};
use super::strings::{PlayEval, Stones};
use crate::geometry::{Colour, Point};
use crate::ljr::{Situation, TurnDone};
use crate::rules::Illegal;

/// Hash keys of the player to move and of the passes needed (1, 2, 3).
fn white_to_move_key() -> u64 {
    mix(0x7E57_0001)
}
fn passes_key(passes: u8) -> u64 {
    mix(0x7E57_0100 + passes as u64)
}

/// A situation (LC-1) with its stones' strings and a Zobrist hash of the six parts.
#[derive(Clone, Debug)]
pub struct Pos {
    pub to_move: Colour,
    /// Passes needed to end the game: 1, 2 or 3 (LC-2).
    pub passes: u8,
    pub stones: Stones,
    /// Temporarily prohibited locations (LC-3).
    pub temp: Bits,
    /// Permanently prohibited locations (L-9.4).
    pub perm: Bits,
    pub hash: u64,
}

/// What a legal turn did, beyond the new situation.
#[derive(Clone, Debug)]
pub struct Effect {
    pub done: TurnDone,
    /// Locations where a stone was added or removed (the turn's share of L-7 "used").
    pub changed: Bits,
    /// Whether the turn removed a cycle.
    pub removal: bool,
    /// Whether the turn was a pass that ended the game (L-4).
    pub ended: bool,
    /// Black and white stones the turn removed (captures and removal alike, L-5).
    pub removed_black: u32,
    pub removed_white: u32,
}

impl Pos {
    /// A first situation: passes needed 2, or 3 with temporary prohibitions (LC-2).
    pub fn new(board: &Board, to_move: Colour, stones: Stones, temp: Bits, perm: Bits) -> Pos {
        let passes = if temp.is_empty() { 2 } else { 3 };
        let mut pos = Pos {
            to_move,
            passes,
            stones,
            temp,
            perm,
            hash: 0,
        };
        pos.hash = pos.full_hash(board);
        pos
    }

    /// The hash computed from scratch.
    pub fn full_hash(&self, board: &Board) -> u64 {
        let mut h = passes_key(self.passes);
        if self.to_move == Colour::White {
            h ^= white_to_move_key();
        }
        for (set, k) in [
            (&self.stones.black, BLACK_KEY),
            (&self.stones.white, WHITE_KEY),
            (&self.temp, TEMP_KEY),
            (&self.perm, PERM_KEY),
        ] {
            for p in set.iter() {
                h ^= board.key(p, k);
            }
        }
        h
    }

    /// Whether two situations are similar (L-8): all six parts agree (compared exactly; the
    /// hash only finds candidates).
    pub fn similar(&self, o: &Pos) -> bool {
        self.to_move == o.to_move
            && self.passes == o.passes
            && self.stones.black == o.stones.black
            && self.stones.white == o.stones.white
            && self.temp == o.temp
            && self.perm == o.perm
    }

    pub fn situation(&self) -> Situation {
        Situation {
            to_move: self.to_move,
            passes_needed: self.passes,
            black: self.stones.black.to_vec(),
            white: self.stones.white.to_vec(),
            temporarily_prohibited: self.temp.to_vec(),
            permanently_prohibited: self.perm.to_vec(),
        }
    }

    /// The stones and permanent prohibitions after removing the cycle that used `used`
    /// (L-7, L-9.4), and the locations whose stones it took.
    pub fn after_removal(&self, board: &Board, used: &Bits) -> (Stones, Bits, Bits) {
        let removed = self.stones.occupied().and(used);
        let mut stones = self.stones.clone();
        stones.remove(board, &removed);
        (stones, self.perm.or(used), removed)
    }

    /// Judge a play on `p` by the player to move on `stones` with permanent prohibitions
    /// `perm` (after any removal of this turn, LC-5), in the order of L-9.
    pub fn judge_play(
        &self,
        board: &Board,
        stones: &Stones,
        perm: &Bits,
        p: Point,
        first: bool,
    ) -> Result<PlayEval, Illegal> {
        if p >= board.len() || stones.colour_at(p).is_some() {
            return Err(Illegal::Occupied);
        }
        if perm.get(p) {
            return Err(Illegal::PermanentlyProhibited);
        }
        if self.temp.get(p) {
            // LC-3: in the first situation the temporary prohibitions are the initial ones.
            return Err(if first {
                Illegal::InitiallyProhibited
            } else {
                Illegal::BasicKo
            });
        }
        let eval = stones.eval_play(board, p, self.to_move);
        if eval.captured.is_empty() {
            if eval.liberties.is_empty() {
                return Err(Illegal::Suicide); // L-10
            }
            if eval.liberties.is_subset(perm) {
                return Err(Illegal::PseudoSuicide); // L-11
            }
        }
        Ok(eval)
    }

    /// Make a turn: remove the cycle that used `used` (if any), then play `play` (if any).
    /// `first`: this is the first situation of the game (initial prohibitions, LC-3).
    pub fn apply(
        &self,
        board: &Board,
        used: Option<&Bits>,
        play: Option<Point>,
        first: bool,
    ) -> Result<(Pos, Effect), Illegal> {
        let (stones, perm, removed) = match used {
            Some(u) => self.after_removal(board, u),
            None => (self.stones.clone(), self.perm.clone(), board.empty_set()),
        };
        let eval = match play {
            Some(p) => Some((p, self.judge_play(board, &stones, &perm, p, first)?)),
            None => None,
        };
        Ok(self.finish(board, stones, perm, removed, used.is_some(), eval))
    }

    /// Make a turn whose parts were already judged.
    pub fn finish(
        &self,
        board: &Board,
        mut stones: Stones,
        perm: Bits,
        removed: Bits,
        removal: bool,
        eval: Option<(Point, PlayEval)>,
    ) -> (Pos, Effect) {
        let mover = self.to_move;
        let mut h = self.hash ^ passes_key(self.passes) ^ white_to_move_key();
        for p in self.temp.iter() {
            h ^= board.key(p, TEMP_KEY);
        }
        for p in perm.andnot(&self.perm).iter() {
            h ^= board.key(p, PERM_KEY);
        }
        let mut removed_black = 0;
        let mut removed_white = 0;
        for p in removed.iter() {
            if self.stones.black.get(p) {
                removed_black += 1;
                h ^= board.key(p, BLACK_KEY);
            } else {
                removed_white += 1;
                h ^= board.key(p, WHITE_KEY);
            }
        }
        let mut changed = removed.clone();
        let mut temp = board.empty_set();
        let mut done = TurnDone {
            cycle_removed: removed.to_vec(),
            ..TurnDone::default()
        };
        if let Some((p, eval)) = &eval {
            stones.apply_play(board, *p, mover, eval);
            let (own_key, opp_key) = match mover {
                Colour::Black => (BLACK_KEY, WHITE_KEY),
                Colour::White => (WHITE_KEY, BLACK_KEY),
            };
            h ^= board.key(*p, own_key);
            changed.set(*p);
            for q in eval.captured.iter() {
                h ^= board.key(q, opp_key);
                changed.set(q);
            }
            let n = eval.captured.count() as u32;
            match mover {
                Colour::Black => removed_white += n,
                Colour::White => removed_black += n,
            }
            done.captured = eval.captured.to_vec();
            // L-12: exactly two stones without liberties, of different colours: the new stone
            // and one opposing stone (as spec L-12 reads it; only a start with stones
            // without liberties could offer two others).
            done.ko_capture =
                eval.captured.count() == 1 && eval.own_dead.count() == 1 && eval.own_dead.get(*p);
            if done.ko_capture {
                temp = eval.captured.clone();
            }
        }
        let pass = !removal && eval.is_none();
        // LC-2: a pass made without temporary prohibitions leaves one pass to end the game.
        let passes = if pass && self.temp.is_empty() {
            1
        } else if temp.is_empty() {
            2
        } else {
            3
        };
        for p in temp.iter() {
            h ^= board.key(p, TEMP_KEY);
        }
        h ^= passes_key(passes);
        let pos = Pos {
            to_move: mover.opponent(),
            passes,
            stones,
            temp,
            perm,
            hash: h,
        };
        let effect = Effect {
            done,
            changed,
            removal,
            ended: pass && self.passes == 1,
            removed_black,
            removed_white,
        };
        (pos, effect)
    }
}
