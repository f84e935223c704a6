//! The random move choice of `gtp-diff`: uniform among the candidate plays (the legal plays
//! that do not fill one's own eye), a pass when there is none. Two optional biases reach what
//! uniform games seldom do: `pass_rate` (passes in mid-game, so runs of passes and the ko
//! rules' treatment of passes, PLAY-8.1, PLAY-10) and `ko_rate` (plays that capture a lone
//! stone: every ko capture and retake, so long ko fights and superko, PLAY-8.3, PLAY-8.4).
//! With both at 0 the choice draws exactly what it drew before they existed, so recorded
//! runs reproduce.

use crate::geometry::{Cell, Colour, Geometry, Point, Position};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The biases of the choice (each a probability in [0, 1]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveChoice {
    /// Probability of a pass at a move where a play was possible.
    pub pass_rate: f64,
    /// Probability of choosing among the captures of a lone stone, when there are some.
    pub ko_rate: f64,
}

impl MoveChoice {
    /// The move among `candidates` (None: a pass).
    pub(super) fn choose(
        &self,
        rng: &mut ChaCha8Rng,
        g: &Geometry,
        position: &Position,
        colour: Colour,
        candidates: &[Point],
    ) -> Option<Point> {
        if candidates.is_empty() {
            return None;
        }
        if self.pass_rate > 0.0 && rng.gen_bool(self.pass_rate) {
            return None;
        }
        if self.ko_rate > 0.0 {
            let lone: Vec<Point> = candidates
                .iter()
                .copied()
                .filter(|&p| captures_lone_stone(g, position, colour, p))
                .collect();
            if !lone.is_empty() && rng.gen_bool(self.ko_rate) {
                return Some(lone[rng.gen_range(0..lone.len())]);
            }
        }
        Some(candidates[rng.gen_range(0..candidates.len())])
    }
}

/// Whether a play of `colour` at the empty point `p` captures a lone stone: a neighbouring
/// opposing stone with no neighbour of its own colour (a one-stone string, PLAY-3) whose only
/// liberty is `p` (every ko capture and retake is one).
pub fn captures_lone_stone(g: &Geometry, position: &Position, colour: Colour, p: Point) -> bool {
    g.neighbours(p).iter().any(|&n| {
        position.get(n) == Cell::Stone(colour.opponent())
            && g.neighbours(n)
                .iter()
                .all(|&m| m == p || position.get(m) == Cell::Stone(colour))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::diagram::parse_position;

    #[test]
    fn a_ko_capture_captures_a_lone_stone_and_a_plain_play_does_not() {
        // Black to take the ko at C2 (the white stone at B2 has that one liberty).
        let (g, position) = parse_position(".#O..\n#O.O.\n.#O..\n.....\n.....").unwrap();
        let at = |name: &str| g.points().find(|&p| g.name(p) == name).unwrap();
        assert!(captures_lone_stone(&g, &position, Colour::Black, at("C4")));
        assert!(!captures_lone_stone(&g, &position, Colour::White, at("C4")));
        assert!(!captures_lone_stone(&g, &position, Colour::Black, at("E1")));
    }

    #[test]
    fn the_biases_choose_passes_and_lone_stone_captures() {
        use rand::SeedableRng;
        let (g, position) = parse_position(".#O..\n#O.O.\n.#O..\n.....\n.....").unwrap();
        let at = |name: &str| g.points().find(|&p| g.name(p) == name).unwrap();
        let candidates = [at("C4"), at("E1"), at("E2"), at("D1")];
        let ko = MoveChoice {
            pass_rate: 0.0,
            ko_rate: 1.0,
        };
        let pass = MoveChoice {
            pass_rate: 1.0,
            ko_rate: 0.0,
        };
        let mut uniform_took_other = false;
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let pick = ko.choose(&mut rng, &g, &position, Colour::Black, &candidates);
            assert_eq!(pick, Some(at("C4")));
            let pick = pass.choose(&mut rng, &g, &position, Colour::Black, &candidates);
            assert_eq!(pick, None);
            let pick =
                MoveChoice::default().choose(&mut rng, &g, &position, Colour::Black, &candidates);
            uniform_took_other |= pick != Some(at("C4"));
        }
        assert!(uniform_took_other);
    }
}
