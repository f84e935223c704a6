use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::reference::play::{is_forbidden_suicide, is_legal_position, play};
use go_oracle::rules::{CaptureOrder, Suicide};
fn try_play(g: &Geometry, p: &Position, x: usize, c: Colour) -> Option<(Position, usize)> {
    if p.get(x) != Cell::Empty {
        return None;
    }
    let o = play(g, p, x, c, CaptureOrder::OpponentFirst);
    if is_forbidden_suicide(&o, x, Suicide::Forbidden) {
        return None;
    }
    Some((o.after, o.removed_opponent.len()))
}
fn main() {
    let a: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    let g = Geometry::rect(a[0], a[1]).unwrap();
    let n = g.len();
    let mut found = 0;
    for code in 0..3u64.pow(n as u32) {
        let mut p = Position::empty(n);
        let mut c = code;
        for i in 0..n {
            let v = c % 3;
            c /= 3;
            p.set(
                i,
                match v {
                    0 => Cell::Empty,
                    1 => Cell::Stone(Colour::Black),
                    _ => Cell::Stone(Colour::White),
                },
            );
        }
        if !is_legal_position(&g, &p) {
            continue;
        }
        if p.count(Cell::Empty) > a[2] {
            continue;
        }
        let first = Colour::Black;
        for m1 in (0..n).filter(|&x| p.get(x) == Cell::Empty) {
            let Some((p1, r1)) = try_play(&g, &p, m1, first) else {
                continue;
            };
            for m2 in (0..n).filter(|&x| p1.get(x) == Cell::Empty) {
                let Some((p2, r2)) = try_play(&g, &p1, m2, first.opponent()) else {
                    continue;
                };
                if p2 == p {
                    continue;
                }
                for m3 in (0..n).filter(|&x| p2.get(x) == Cell::Empty) {
                    let Some((p3, r3)) = try_play(&g, &p2, m3, first) else {
                        continue;
                    };
                    if p3 == p1 {
                        continue;
                    }
                    for m4 in (0..n).filter(|&x| p3.get(x) == Cell::Empty) {
                        let Some((p4, r4)) = try_play(&g, &p3, m4, first.opponent()) else {
                            continue;
                        };
                        if p4 == p2 {
                            continue;
                        }
                        if p4 == p {
                            let lost_black = r2 + r4;
                            let lost_white = r1 + r3;
                            if (lost_black, lost_white) == (2, 1)
                                || (lost_black, lost_white) == (1, 2)
                            {
                                found += 1;
                                if found <= 6 {
                                    println!(
                                        "B{} W{} B{} W{} lost B{} W{}\n{}",
                                        g.name(m1),
                                        g.name(m2),
                                        g.name(m3),
                                        g.name(m4),
                                        lost_black,
                                        lost_white,
                                        p.diagram(&g)
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    println!("found {found}");
}
