//! The unit tests of `proof_search.rs`.
use super::super::board::test_support::{random_check, rng};
use super::super::successors::expand;
use super::*;

/// On random boards (with random regions L, played stones, recorded frozen regions and
/// ko records), for both provers, narrow or not, with or without frozen regions, at
/// both players' turns: the successors with the plays left out before they are built
/// are the successors built first and filtered afterwards, and `Board::banned` is the
/// same; and the filters do drop plays.
#[test]
fn prefiltered_successors_are_the_filtered_ones() {
    let mut next = rng(0x1234_5678_9abc_def1);
    let (mut dropped, mut compared) = (0, 0);
    for i in 0..1500 {
        let sizes = [(7, 4), (5, 5), (9, 9), (6, 3)];
        let Some((g, board, check, played)) = random_check(&mut next, i, &sizes, 7) else {
            continue;
        };
        let (w, h) = g.rect_size().expect("a rectangle");
        let mut key = State::new(&board, &played, 1 + (i % 2) as u8).with_frozen_bits(g.len());
        let stored: Vec<bool> = g.points().map(|_| next().is_multiple_of(11)).collect();
        key.set_frozen(&stored);
        if next().is_multiple_of(3) {
            key.ko_record = vec![(2, next() as u16 % 10, next() as u16 % 10)];
        }
        let near: Vec<bool> = g.points().map(|_| next().is_multiple_of(3)).collect();
        for prover in [Prover::Attacker, Prover::Defender] {
            let mut proof = Proof::new(&g, &check, prover, near.clone());
            proof.narrow = next().is_multiple_of(2);
            proof.frozen_regions = !next().is_multiple_of(3);
            proof.wall_liberties = [1, 4][(next() % 2) as usize];
            proof.sealed = proof.benson(&key);
            let prover_turn = (key.to_move == proof.attacker) == (prover == Prover::Attacker);
            let filtered = proof.successors_with(&key, prover_turn, false);
            let filtered = filtered.build_all(&proof.b, &key);
            let banned = proof.b.banned.clone();
            let built = expand(&mut proof.b, &check, proof.attacker, &near, &key).len();
            let prefiltered = proof.successors_with(&key, prover_turn, true);
            let prefiltered = prefiltered.build_all(&proof.b, &key);
            assert_eq!(prefiltered, filtered, "{w}x{h} {board:?} {prover:?}");
            assert_eq!(proof.b.banned, banned, "{w}x{h} {board:?} {prover:?}");
            dropped += built.saturating_sub(filtered.len());
            compared += 1;
        }
    }
    assert!(
        compared > 2000 && dropped > 2_000,
        "{compared} compared, {dropped} dropped"
    );
}
