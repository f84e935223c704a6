use go_oracle::engine::Answer;
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::status_game::strings;
use go_oracle::vjr::{IndependentLife, Outcome, Question, VjrCheck};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let w: usize = args[1].parse().unwrap();
    let h: usize = args[2].parse().unwrap();
    let g = Geometry::rect(w, h).unwrap();
    let n = g.len();
    let mut found = 0;
    for code in 0..3u64.pow(n as u32) {
        let mut p = Position::empty(n);
        let mut c = code;
        for i in 0..n {
            let v = c % 3;
            c /= 3;
            p.set(i, match v { 0 => Cell::Empty, 1 => Cell::Stone(Colour::Black), _ => Cell::Stone(Colour::White) });
        }
        if !go_oracle::reference::play::is_legal_position(&g, &p) { continue; }
        for (owner, s) in strings(&g, &p) {
            for q in std::iter::once(Question::Capture).chain(IndependentLife::ALL.iter().map(|&l| Question::Formation(l))) {
                let chk = VjrCheck { string: s.clone(), owner, question: q };
                if let Answer::Decided((v, _)) = go_oracle::reference::vjr::force(&g, &p, &chk, 200_000) {
                    if v == Outcome::Undefined && found < 12 {
                        found += 1;
                        println!("{:?} {:?} at {}:\n{}", q, v, g.name(s[0]), p.diagram(&g));
                    }
                }
            }
        }
    }
    println!("found {found}");
}
