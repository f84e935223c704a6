//! SOLVE-B4: the points a player keeps to the end whatever happens (the static bounds).

use crate::benson::{self, Occupant, Vitality};
use crate::geometry::{Cell, Colour, Geometry, Position};

/// SOLVE-B4: the points `colour` keeps to the end whatever happens: stones on which no
/// sequence of opposing plays (suicides included) can capture, and the points all of whose
/// neighbours are such stones.
///
/// It is Benson's algorithm with a stricter vitality ([`Vitality::SuicideProof`]): a region
/// (a connected part of the points without a `colour` stone) is vital to a chain when every
/// point of it, empty or not, is adjacent to the chain. Repeatedly drop the chains with fewer
/// than two vital regions among those kept, and the regions that touch a dropped chain (the
/// shared fixpoint, [`benson::on_graph`]).
pub(super) fn controlled(geometry: &Geometry, position: &Position, colour: Colour) -> usize {
    let occupant = |p: usize| match position.get(p) {
        Cell::Stone(c) if c == colour => Occupant::Own,
        Cell::Empty => Occupant::Empty,
        Cell::Stone(_) => Occupant::Opposing,
    };
    let b = benson::on_graph(geometry, occupant, Vitality::SuicideProof);
    if b.kept.chains.is_empty() {
        return 0;
    }
    geometry
        .points()
        .filter(|&p| b.alive(p) || geometry.neighbours(p).iter().all(|&q| b.alive(q)))
        .count()
}
