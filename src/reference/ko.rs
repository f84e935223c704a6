//! Ko restrictions, literally (spec `PLAY-8`).

use super::RefGame;
use crate::engine::{Illegal, Move};
use crate::geometry::{Colour, Position};
use crate::rules::KoRule;

/// Spec `PLAY-9`: test the ko rules in force in the order basic, fixed, positional,
/// situational, situational with the player to move; the first that forbids names the reason.
pub fn check(game: &RefGame, player: Colour, after: &Position) -> Result<(), Illegal> {
    let rules = &game.rules;
    if rules.has_ko(KoRule::Basic) && basic_ko_forbids(game, player, after) {
        return Err(Illegal::BasicKo);
    }
    if rules.has_ko(KoRule::Fixed) && fixed_ko_forbids(game, after) {
        return Err(Illegal::FixedKo);
    }
    if rules.has_ko(KoRule::PositionalSuperko) && positional_superko_forbids(game, after) {
        return Err(Illegal::Superko);
    }
    if rules.has_ko(KoRule::SituationalSuperko) && situational_superko_forbids(game, player, after)
    {
        return Err(Illegal::SituationalSuperko);
    }
    if rules.has_ko(KoRule::SituationalSuperkoSamePlayer)
        && situational_same_player_forbids(game, after)
    {
        return Err(Illegal::SituationalSuperkoSamePlayer);
    }
    Ok(())
}

/// Spec `PLAY-8.1`: a play may not recreate the position just before the opponent's most
/// recent turn (a pass counts as a turn). No opposing turn yet: no restriction.
pub fn basic_ko_forbids(game: &RefGame, player: Colour, after: &Position) -> bool {
    match game.history.iter().rev().find(|t| t.player != player) {
        Some(last_opposing) => &last_opposing.before == after,
        None => false,
    }
}

/// Spec `PLAY-8.2`: a play may not have the same (before, after) pair as an earlier play of
/// the same move-sequence.
pub fn fixed_ko_forbids(game: &RefGame, after: &Position) -> bool {
    game.history
        .iter()
        .any(|t| matches!(t.mv, Move::Play(_)) && t.before == game.position && &t.after == after)
}

/// Spec `PLAY-8.3`: a play may not recreate any position of the history: the start, and the
/// position after every turn, passes included.
pub fn positional_superko_forbids(game: &RefGame, after: &Position) -> bool {
    &game.start == after || game.history.iter().any(|t| &t.after == after)
}

/// Spec `PLAY-8.4`: a play may not leave a pattern its player has left before, by a move or
/// by a pass. The start position was left by nobody.
pub fn situational_superko_forbids(game: &RefGame, player: Colour, after: &Position) -> bool {
    game.history
        .iter()
        .any(|t| t.player == player && &t.after == after)
}

/// Spec `PLAY-8.5`: a situation is a position with the player to move (PLAY-7's turn order).
/// The situations of the history are the start with its first player, and the position after
/// every turn, passes included, with the player to move after it. A play is illegal if the
/// situation after it (its position, the player of the next turn) is one of them.
pub fn situational_same_player_forbids(game: &RefGame, after: &Position) -> bool {
    let turn = game.history.len();
    let next = game.setup.player_of_turn(turn + 1);
    let start = (&game.start, game.setup.player_of_turn(0));
    let mut situations = std::iter::once(start).chain(
        game.history
            .iter()
            .enumerate()
            .map(|(i, t)| (&t.after, game.setup.player_of_turn(i + 1))),
    );
    situations.any(|(position, to_move)| position == after && to_move == next)
}
