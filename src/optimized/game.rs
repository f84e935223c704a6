//! Technique: incremental play on bitboards. Only the strings next to the new stone are
//! examined; the hash of the position is updated stone by stone; nothing is allocated per
//! move except the history growth (amortised) and the list of removed points when a move
//! removes stones.

use super::bitboard::BitBoard;
use super::layout::Layout;
use super::strings::Strings;
use super::zobrist::{keys, HashIndex};
use super::Switches;
use crate::engine::{Cycle, Game, Illegal, Move, Played, Prisoners, Score, Start};
use crate::geometry::{Cell, Colour, Point, Position};
use crate::rules::{CaptureOrder, KoRule, Rules, Scoring, Suicide};
use std::sync::Arc;

/// Black's stones and White's, indexed by `colour_index` (no branch on the colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stones<const N: usize>([BitBoard<N>; 2]);

impl<const N: usize> Stones<N> {
    #[inline]
    fn of(&self, c: Colour) -> &BitBoard<N> {
        &self.0[colour_index(c)]
    }
    #[inline]
    fn of_mut(&mut self, c: Colour) -> &mut BitBoard<N> {
        &mut self.0[colour_index(c)]
    }
    #[inline]
    fn black(&self) -> &BitBoard<N> {
        &self.0[0]
    }
    #[inline]
    fn white(&self) -> &BitBoard<N> {
        &self.0[1]
    }
}

/// The result of a play, computed without changing the game.
#[derive(Clone, Copy, Debug)]
pub struct Outcome<const N: usize> {
    after: Stones<N>,
    hash: u64,
    removed_opponent: BitBoard<N>,
    removed_own: BitBoard<N>,
    /// The played stone with the own strings it joins.
    joined: BitBoard<N>,
    /// The padded bit of the played point.
    bit: u16,
}

/// A move-sequence on a board of at most `64 * N` padded bits.
#[derive(Clone, Debug)]
pub struct OptGame<const N: usize> {
    width: usize,
    height: usize,
    stride: usize,
    on_board: BitBoard<N>,
    rules: Rules,
    basic: bool,
    fixed: bool,
    positional: bool,
    situational: bool,
    /// `PLAY-8.5`: situations are positions with the player to move, the start included.
    situational_same: bool,
    switches: Switches,
    stones: Stones<N>,
    hash: u64,
    /// The Zobrist keys (looked up once, not at every play).
    keys: &'static [[u64; 2]],
    /// The board's tables, shared by the games on it.
    layout: Arc<Layout<N>>,
    /// Turn order (the start position itself is not kept here).
    order: Start,
    turns: usize,
    /// The player of turn `turns` (`order.player_of_turn`, kept rather than recomputed).
    to_move: Colour,
    passes: u32,
    /// `passes >= rules.game_end_passes || cycle.is_some()`, kept by every turn.
    ended: bool,
    /// The occupied points (`stones.black | stones.white`), kept by every play.
    occupied: BitBoard<N>,
    /// The same set indexed by point rather than by padded bit (the random-play policy asks
    /// it of every point it walks).
    occupied_points: BitBoard<N>,
    prisoners: Prisoners,
    /// Positions of the history: the start, then the position after every turn.
    history: Vec<Stones<N>>,
    hashes: Vec<u64>,
    /// Who left history entry `i` (`None` for the start).
    left_by: Vec<Option<Colour>>,
    /// Indices `i` such that turn `i` (from entry `i` to `i + 1`) was a play.
    play_turns: Vec<u32>,
    /// History index before the latest turn of Black / White.
    before_last_turn: [Option<usize>; 2],
    /// Whether the history is kept: a ko rule beyond basic ko or the cycle rule consults
    /// it, or the switch `ko-indexes` is off.
    keep_history: bool,
    /// Whether `positions_index` is kept (switch `hash-index`, and a rule consults it or the
    /// switch `ko-indexes` is off).
    index_positions: bool,
    /// The position and its hash before the latest turn of Black / White, when the history
    /// is not kept (basic ko alone, switch `ko-indexes`).
    before_last: [Option<(Stones<N>, u64)>; 2],
    positions_index: HashIndex,
    plays_index: HashIndex,
    /// Set when a long cycle ended the sequence (naj.md N-24).
    cycle: Option<Cycle>,
    /// Present when the switch `incremental-strings` is on.
    strings: Option<Strings<N>>,
}

/// Black 0, White 1: the declaration order of `Colour` (checked at compile time).
#[inline]
fn colour_index(c: Colour) -> usize {
    c as usize
}
const _: () = assert!(Colour::Black as usize == 0 && Colour::White as usize == 1);

impl<const N: usize> OptGame<N> {
    pub fn new(
        width: usize,
        height: usize,
        rules: &Rules,
        start: &Start,
        switches: Switches,
    ) -> Self {
        let layout = Layout::of(width, height);
        let (stride, on_board) = (layout.stride, layout.on_board);
        let capacity = 4 * width * height + 16;
        // PLAY-8.2 ... PLAY-8.5 and the cycle rule (naj.md N-24) look back over the history;
        // basic ko (PLAY-8.1) only at the position before the opponent's latest turn.
        let fixed = rules.has_ko(KoRule::Fixed);
        let needs_positions = rules.has_ko(KoRule::PositionalSuperko)
            || rules.has_ko(KoRule::SituationalSuperko)
            || rules.has_ko(KoRule::SituationalSuperkoSamePlayer)
            || rules.no_result_on_cycle;
        let keep_history = !switches.ko_indexes || fixed || needs_positions;
        let index_positions = switches.hash_index && (!switches.ko_indexes || needs_positions);
        let index_plays = switches.hash_index && (!switches.ko_indexes || fixed);
        let history_capacity = if keep_history { capacity } else { 0 };
        let mut game = OptGame {
            width,
            height,
            stride,
            on_board,
            rules: rules.clone(),
            basic: rules.has_ko(KoRule::Basic),
            fixed,
            positional: rules.has_ko(KoRule::PositionalSuperko),
            situational: rules.has_ko(KoRule::SituationalSuperko),
            situational_same: rules.has_ko(KoRule::SituationalSuperkoSamePlayer),
            switches,
            stones: Stones([BitBoard::ZERO; 2]),
            hash: 0,
            keys: keys(),
            layout,
            order: Start {
                position: Position::empty(0),
                to_move: start.to_move,
                handicap: start.handicap,
                prisoners: Prisoners::default(),
            },
            turns: 0,
            to_move: start.to_move,
            passes: 0,
            ended: rules.game_end_passes == 0,
            occupied: BitBoard::ZERO,
            occupied_points: BitBoard::ZERO,
            prisoners: start.prisoners,
            history: Vec::with_capacity(history_capacity),
            hashes: Vec::with_capacity(history_capacity),
            left_by: Vec::with_capacity(history_capacity),
            play_turns: Vec::with_capacity(if fixed { capacity } else { 0 }),
            before_last_turn: [None, None],
            keep_history,
            index_positions,
            before_last: [None, None],
            // The index grows by doubling; a game of as many turns as points needs no growth.
            positions_index: HashIndex::with_capacity(if index_positions {
                width * height + 16
            } else {
                0
            }),
            plays_index: HashIndex::with_capacity(if index_plays { capacity } else { 0 }),
            strings: None,
            cycle: None,
        };
        let z = keys();
        for p in 0..width * height {
            let b = game.bit(p);
            if let Cell::Stone(c) = start.position.get(p) {
                game.stones.of_mut(c).set(b);
                game.hash ^= z[b][colour_index(c)];
            }
        }
        game.to_move = game.order.player_of_turn(0);
        game.occupied = game.stones.black().or(game.stones.white());
        for b in game.occupied.bits() {
            let p = game.point(b);
            game.occupied_points.set(p);
        }
        if switches.incremental_strings {
            game.strings = Some(Strings::new(
                game.stones.black(),
                game.stones.white(),
                &game.on_board,
                stride as u32,
            ));
        }
        game.push_history(None);
        game
    }

    #[inline]
    fn bit(&self, p: Point) -> usize {
        self.layout.bit_of[p] as usize
    }
    #[inline]
    fn point(&self, bit: usize) -> Point {
        self.layout.point_of[bit] as usize
    }

    #[inline]
    fn push_history(&mut self, left_by: Option<Colour>) {
        if self.keep_history {
            self.push_history_entry(left_by);
        }
    }

    fn push_history_entry(&mut self, left_by: Option<Colour>) {
        let i = self.history.len() as u32;
        self.history.push(self.stones);
        self.hashes.push(self.hash);
        self.left_by.push(left_by);
        if self.index_positions {
            self.positions_index.insert(self.hash, i);
        }
    }

    /// Records the position before `player`'s turn (PLAY-8.1 looks back at it).
    #[inline]
    fn before_turn_of(&mut self, player: Colour) {
        if self.keep_history {
            self.before_last_turn[colour_index(player)] = Some(self.history.len() - 1);
        } else {
            self.before_last[colour_index(player)] = Some((self.stones, self.hash));
        }
    }

    #[inline]
    fn current_player(&self) -> Colour {
        self.to_move
    }

    #[inline]
    fn over(&self) -> bool {
        self.ended
    }

    /// Ends turn `turns` (a play or a pass): the next player, and whether the game is over.
    #[inline]
    fn next_turn(&mut self) {
        self.turns += 1;
        self.to_move = self.order.player_of_turn(self.turns);
        self.ended = self.passes >= self.rules.game_end_passes || self.cycle.is_some();
    }

    #[inline]
    fn pair_key(before: u64, after: u64) -> u64 {
        before.rotate_left(17) ^ after.wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }

    /// The play of `player` at `p`, judged by every rule (spec `PLAY-5` ... `PLAY-9`).
    #[inline]
    pub fn judge_play(&self, p: Point, player: Colour) -> Result<Outcome<N>, Illegal> {
        let b = self.bit(p);
        if self.occupied(b) {
            return Err(Illegal::Occupied);
        }
        let occupied = self.occupied;
        let stride = self.stride as u32;
        let z = self.keys;
        let me = colour_index(player);
        let opp_colour = player.opponent();
        let stone = BitBoard::<N>::single(b);
        let own = self.stones.of(player).or(&stone);
        let opp = *self.stones.of(opp_colour);
        let empty = self.on_board.and_not(&occupied).and_not(&stone);
        let mut removed_opponent = BitBoard::ZERO;
        let mut removed_own = BitBoard::ZERO;
        let mut joined = stone;
        if let Some(strings) = &self.strings {
            let look = strings.look(b, self.layout.next(b), self.stones.of(player), &opp);
            joined = look.joined;
            match self.rules.capture_order {
                CaptureOrder::OpponentFirst => {
                    removed_opponent = look.captured;
                    if look.captured.is_zero() && !look.has_liberty {
                        removed_own = look.joined;
                    }
                }
                CaptureOrder::OwnFirst => {
                    if look.has_liberty {
                        removed_opponent = look.captured;
                    } else {
                        removed_own = look.joined;
                    }
                }
            }
        } else {
            (removed_opponent, removed_own) = self.flood_judgement(b, &own, &opp, &empty);
            if removed_own.is_zero() {
                joined = BitBoard::flood(stone, &own, stride, &self.on_board);
            }
        }
        if !removed_own.is_zero() {
            let forbidden = match self.rules.suicide {
                Suicide::Forbidden => true,
                Suicide::MultiStoneOnly => removed_own == stone,
                Suicide::Allowed => false,
            };
            if forbidden {
                return Err(Illegal::Suicide);
            }
        }
        let mut after = self.stones;
        *after.of_mut(player) = own.and_not(&removed_own);
        *after.of_mut(opp_colour) = opp.and_not(&removed_opponent);
        let mut hash = self.hash ^ z[b][me];
        // Most plays remove nothing: test that before walking the bits.
        if !removed_opponent.is_zero() {
            for r in removed_opponent.bits() {
                hash ^= z[r][1 - me];
            }
        }
        if !removed_own.is_zero() {
            for r in removed_own.bits() {
                hash ^= z[r][me];
            }
        }
        let outcome = Outcome {
            after,
            hash,
            removed_opponent,
            removed_own,
            joined,
            bit: b as u16,
        };
        self.check_ko(player, &outcome)?;
        Ok(outcome)
    }

    /// Captures and suicide found by flood fill (switch `incremental-strings` off): the
    /// stone on bit `at`, `own` the player's stones with it, `empty` the empty points with
    /// it standing.
    fn flood_judgement(
        &self,
        at: usize,
        own: &BitBoard<N>,
        opp: &BitBoard<N>,
        empty: &BitBoard<N>,
    ) -> (BitBoard<N>, BitBoard<N>) {
        let stride = self.stride as u32;
        let on_board = &self.on_board;
        let (captured, suicide) = match self.rules.capture_order {
            CaptureOrder::OpponentFirst => BitBoard::play_captures(at, own, opp, stride, on_board),
            // Own stones first: a string without a liberty before any capture is removed.
            CaptureOrder::OwnFirst => {
                match BitBoard::string_without_liberty(at, own, empty, stride, on_board) {
                    Some(string) => (BitBoard::ZERO, Some(string)),
                    None => (BitBoard::captures(at, opp, empty, stride, on_board), None),
                }
            }
        };
        (captured, suicide.unwrap_or(BitBoard::ZERO))
    }

    /// Spec `PLAY-8`, in the order of `PLAY-9`.
    #[inline]
    fn check_ko(&self, player: Colour, o: &Outcome<N>) -> Result<(), Illegal> {
        if self.basic {
            let opponent = colour_index(player.opponent());
            // With the hash index on, unequal hashes prove the positions differ.
            let hit = if self.keep_history {
                self.before_last_turn[opponent].is_some_and(|i| {
                    (!self.switches.hash_index || self.hashes[i] == o.hash)
                        && self.history[i] == o.after
                })
            } else {
                self.before_last[opponent]
                    .as_ref()
                    .is_some_and(|(stones, hash)| {
                        (!self.switches.hash_index || *hash == o.hash) && *stones == o.after
                    })
            };
            if hit {
                return Err(Illegal::BasicKo);
            }
        }
        if !self.keep_history {
            return Ok(());
        }
        let current = self.history.len() - 1;
        if self.fixed {
            let same = |i: u32| {
                let i = i as usize;
                self.history[i] == self.stones && self.history[i + 1] == o.after
            };
            let hit = if self.switches.hash_index {
                self.plays_index
                    .any(Self::pair_key(self.hashes[current], o.hash), same)
            } else {
                self.play_turns.iter().any(|&i| same(i))
            };
            if hit {
                return Err(Illegal::FixedKo);
            }
        }
        if self.positional || self.situational {
            let positional_hit = |i: u32| self.history[i as usize] == o.after;
            let situational_hit = |i: u32| {
                self.left_by[i as usize] == Some(player) && self.history[i as usize] == o.after
            };
            if self.positional {
                let hit = if self.switches.hash_index {
                    self.positions_index.any(o.hash, positional_hit)
                } else {
                    (0..self.history.len() as u32).any(positional_hit)
                };
                if hit {
                    return Err(Illegal::Superko);
                }
            }
            if self.situational {
                let hit = if self.switches.hash_index {
                    self.positions_index.any(o.hash, situational_hit)
                } else {
                    (0..self.history.len() as u32).any(situational_hit)
                };
                if hit {
                    return Err(Illegal::SituationalSuperko);
                }
            }
        }
        if self.situational_same {
            // History entry `i` stands after `i` turns: its player to move is that of turn `i`.
            let next = self.order.player_of_turn(self.turns + 1);
            let same_situation = |i: u32| {
                self.order.player_of_turn(i as usize) == next && self.history[i as usize] == o.after
            };
            let hit = if self.switches.hash_index {
                self.positions_index.any(o.hash, same_situation)
            } else {
                (0..self.history.len() as u32).any(same_situation)
            };
            if hit {
                return Err(Illegal::SituationalSuperkoSamePlayer);
            }
        }
        Ok(())
    }

    /// Commit a judged play; returns the number of stones removed.
    #[inline]
    pub fn commit_play(&mut self, player: Colour, o: &Outcome<N>) -> u32 {
        let before = self.history.len().wrapping_sub(1);
        // Most plays remove nothing (a count is no single instruction on every target).
        let count = |removed: &BitBoard<N>| {
            if removed.is_zero() {
                0
            } else {
                removed.count()
            }
        };
        let (opp_removed, own_removed) = (count(&o.removed_opponent), count(&o.removed_own));
        // Most plays remove nothing: no branch on the colour then.
        if opp_removed + own_removed != 0 {
            match player {
                Colour::Black => {
                    self.prisoners.black += opp_removed;
                    self.prisoners.white += own_removed;
                }
                Colour::White => {
                    self.prisoners.white += opp_removed;
                    self.prisoners.black += own_removed;
                }
            }
        }
        if self.fixed {
            if self.switches.hash_index {
                self.plays_index
                    .insert(Self::pair_key(self.hashes[before], o.hash), before as u32);
            } else {
                self.play_turns.push(before as u32);
            }
        }
        if let Some(strings) = &mut self.strings {
            let b = o.bit as usize;
            strings.update(
                b,
                self.layout.next(b),
                &o.joined,
                &o.removed_opponent,
                &o.removed_own,
                o.after.of(player),
                o.after.of(player.opponent()),
                &self.on_board,
                self.stride as u32,
            );
        }
        if self.rules.no_result_on_cycle {
            let same = |i: u32| self.history[i as usize] == o.after;
            let j = if self.switches.hash_index {
                self.positions_index.max_matching(o.hash, same)
            } else {
                (0..self.history.len() as u32).rev().find(|&i| same(i))
            };
            if let Some(j) = j {
                self.cycle = Some(Cycle {
                    start: j as usize,
                    length: self.history.len() - j as usize,
                });
            }
        }
        self.before_turn_of(player);
        self.stones = o.after;
        self.occupied = o.after.black().or(o.after.white());
        self.occupied_points.set(self.point(o.bit as usize));
        if !o.removed_opponent.is_zero() || !o.removed_own.is_zero() {
            for r in o.removed_opponent.or(&o.removed_own).bits() {
                self.occupied_points.clear(self.point(r));
            }
        }
        self.hash = o.hash;
        self.passes = 0;
        self.next_turn();
        self.push_history(Some(player));
        opp_removed + own_removed
    }

    fn commit_pass(&mut self, player: Colour) {
        self.before_turn_of(player);
        self.passes += 1;
        self.next_turn();
        self.push_history(Some(player));
    }

    /// A fast path for benchmarks and searches: play `p` (or pass) for the player to move,
    /// returning the number of stones removed; allocates nothing.
    #[inline]
    pub fn play_fast(&mut self, mv: Option<Point>) -> Result<u32, Illegal> {
        if self.over() {
            return Err(Illegal::GameOver);
        }
        let player = self.current_player();
        match mv {
            None => {
                self.commit_pass(player);
                Ok(0)
            }
            Some(p) => {
                let o = self.judge_play(p, player)?;
                Ok(self.commit_play(player, &o))
            }
        }
    }

    /// Is `p` an empty point all of whose neighbours are stones of `c`? (For random play.)
    #[inline]
    pub fn is_own_eye(&self, p: Point, c: Colour) -> bool {
        if self.occupied_points.get(p) {
            return false;
        }
        self.layout.around_point[p]
            .and_not(self.stones.of(c))
            .is_zero()
    }

    pub fn points(&self) -> usize {
        self.width * self.height
    }
    pub fn player(&self) -> Colour {
        self.current_player()
    }
    /// Is `p` empty? (One test of both colours at once: a branch a random point cannot
    /// predict is taken once.)
    #[inline]
    pub fn is_empty_point(&self, p: Point) -> bool {
        !self.occupied_points.get(p)
    }

    /// Is there a stone on the padded bit `b`?
    #[inline]
    fn occupied(&self, b: usize) -> bool {
        self.occupied.get(b)
    }

    /// The points the area score counts for Black and for White (PLAY-12): each player's
    /// stones and the empty regions that count for him.
    fn area_sets(&self) -> (BitBoard<N>, BitBoard<N>) {
        let stride = self.stride as u32;
        let empty = self
            .on_board
            .and_not(&self.stones.black().or(self.stones.white()));
        let (mut b, mut w) = (*self.stones.black(), *self.stones.white());
        let mut left = empty;
        while let Some(seed) = left.bits().next() {
            let region = BitBoard::flood(BitBoard::single(seed), &empty, stride, &self.on_board);
            left = left.and_not(&region);
            let border = region.dilate(stride, &self.on_board);
            let touches_b = border.intersects(self.stones.black());
            let touches_w = border.intersects(self.stones.white());
            let (for_b, for_w) = match self.rules.scoring {
                Scoring::AreaNotReachingOpponent => (!touches_w, !touches_b),
                Scoring::AreaReachingOnly => (touches_b && !touches_w, touches_w && !touches_b),
                Scoring::None => (false, false),
            };
            if for_b {
                b = b.or(&region);
            }
            if for_w {
                w = w.or(&region);
            }
        }
        (b, w)
    }

    fn area(&self) -> (u32, u32) {
        let (b, w) = self.area_sets();
        (b.count(), w.count())
    }
}

impl<const N: usize> Game for OptGame<N> {
    fn position(&self) -> Position {
        Position(
            (0..self.width * self.height)
                .map(|p| self.cell(p))
                .collect(),
        )
    }
    fn cell(&self, p: Point) -> Cell {
        let b = self.bit(p);
        if self.stones.black().get(b) {
            Cell::BLACK
        } else if self.stones.white().get(b) {
            Cell::WHITE
        } else {
            Cell::Empty
        }
    }
    fn to_move(&self) -> Colour {
        self.current_player()
    }
    fn prisoners(&self) -> Prisoners {
        self.prisoners
    }
    fn consecutive_passes(&self) -> u32 {
        self.passes
    }
    fn is_over(&self) -> bool {
        self.over()
    }
    fn cycle(&self) -> Option<Cycle> {
        self.cycle
    }
    fn legality(&self, mv: Move) -> Result<(), Illegal> {
        if self.over() {
            return Err(Illegal::GameOver);
        }
        match mv {
            Move::Pass => Ok(()),
            Move::KoPass => Err(Illegal::KoPassUnavailable),
            Move::Play(p) => self.judge_play(p, self.current_player()).map(|_| ()),
        }
    }
    fn play(&mut self, mv: Move) -> Result<Played, Illegal> {
        if self.over() {
            return Err(Illegal::GameOver);
        }
        let player = self.current_player();
        match mv {
            Move::Pass => {
                self.commit_pass(player);
                Ok(Played::default())
            }
            Move::KoPass => Err(Illegal::KoPassUnavailable),
            Move::Play(p) => {
                let o = self.judge_play(p, player)?;
                self.commit_play(player, &o);
                let mut removed: Vec<Point> = o
                    .removed_opponent
                    .or(&o.removed_own)
                    .bits()
                    .map(|b| self.point(b))
                    .collect();
                removed.sort_unstable();
                Ok(Played { removed })
            }
        }
    }
    fn fork(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn score(&self, komi: f64) -> Option<Score> {
        if self.rules.scoring == Scoring::None {
            return None;
        }
        let (b, w) = self.area();
        Some(Score::new(b, w, komi))
    }
    fn area_owners(&self) -> Option<Vec<[bool; 2]>> {
        if self.rules.scoring == Scoring::None {
            return None;
        }
        let (b, w) = self.area_sets();
        Some(
            (0..self.width * self.height)
                .map(|p| [b.get(self.bit(p)), w.get(self.bit(p))])
                .collect(),
        )
    }
}
