//! SOLVE-B5: the symmetries of a board, for searching one of each set of symmetric plays.

use crate::geometry::Geometry;

/// The symmetries of a rectangular board other than the identity, as permutations of its
/// points (SOLVE-B5); none for other geometries.
pub(super) fn symmetries(geometry: &Geometry) -> Vec<Vec<usize>> {
    let Some((w, h)) = geometry.rect_size() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for transpose in [false, true] {
        if transpose && w != h {
            continue;
        }
        for flip_x in [false, true] {
            for flip_y in [false, true] {
                if !transpose && !flip_x && !flip_y {
                    continue;
                }
                let perm: Option<Vec<usize>> = geometry
                    .points()
                    .map(|p| {
                        let (x, y) = (p % w, p / w);
                        let (x, y) = if flip_x { (w - 1 - x, y) } else { (x, y) };
                        let (x, y) = if flip_y { (x, h - 1 - y) } else { (x, y) };
                        let (x, y) = if transpose { (y, x) } else { (x, y) };
                        geometry.at(x, y)
                    })
                    .collect();
                if let Some(perm) = perm {
                    out.push(perm);
                }
            }
        }
    }
    out
}
