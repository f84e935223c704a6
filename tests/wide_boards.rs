//! Boards wider than GTP's 25 columns, up to SGF's 52 a side (docs/cli.md, "Point names"):
//! random games on long strips (1xN, 2xN and their transposes, N up to 52) played through
//! the one door, `session::Session` with both engines, where every step's legal points, every
//! move and the final score are agreed or undetermined, never disagreed; random games on
//! wide rectangles on every engine configuration (the optimized engine's bitboards of 44
//! words beyond 25x25, and each speed-up off); a 7x45 and a 45x7 position read from a
//! diagram and answered by `score`, `status` (J2003, VJR), `play` and `gtp`; sizes out of
//! range refused with exit 2.

use crate::common;

use common::{json, run, s, stderr, stdout, temp};
use go_oracle::differential::vjr::{compare_vjr_status, VjrInput};
use go_oracle::differential::{
    compare_engines, compare_fast_path, compare_immortal, compare_j2003_score,
    compare_j2003_status, legal_position, GameInput,
};
use go_oracle::engine::{Engine, Move};
use go_oracle::geometry::{column_name, Colour, Geometry};
use go_oracle::optimized::Optimized;
use go_oracle::reference::Reference;
use go_oracle::rules::{CaptureOrder, RulesetId, Suicide};
use go_oracle::session::{Action, Config, Session, Verdict};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// The rulesets a strip game is played under: every family (`custom` needs rules).
fn rulesets() -> Vec<RulesetId> {
    RulesetId::ALL
        .into_iter()
        .filter(|&r| r != RulesetId::Custom)
        .collect()
}

/// `Err` with the verdict's description when the engines disagree.
fn not_disagreed<T: std::fmt::Debug>(what: &str, v: &Verdict<T>) -> Result<(), String> {
    match v {
        Verdict::Disagreed(_) => Err(format!("{what}: {}", v.describe())),
        _ => Ok(()),
    }
}

/// A random game of up to `length` moves on a `w` x `h` board under `ruleset`, through a
/// session with the reference and the optimized engine: each player plays a random point
/// the engines agree is legal (or passes now and then, or when there is none), until the
/// game ends or an answer is undetermined; then the final score. `Ok` unless two engines
/// disagree.
fn strip_game(
    ruleset: RulesetId,
    w: usize,
    h: usize,
    seed: u64,
    length: usize,
) -> Result<(), String> {
    let geometry = Geometry::rect(w, h).map_err(|e| e.to_string())?;
    let engines: Vec<Arc<dyn Engine>> = vec![Arc::new(Reference), Arc::new(Optimized::default())];
    let config = Config {
        ruleset,
        patch: Default::default(),
        komi: 0.0,
        budget: 2_000,
        independent_life: Default::default(),
        engines,
    };
    let mut session = Session::new(config, geometry)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for k in 0..length {
        let colour = session.to_move();
        let legal = session.legal_points(colour)?;
        not_disagreed(&format!("{ruleset} {w}x{h} move {k}: legal points"), &legal)?;
        let Some(points) = legal.agreed() else {
            return Ok(());
        };
        let mv = if points.is_empty() || rng.gen_bool(0.02) {
            Move::Pass
        } else {
            Move::Play(points[rng.gen_range(0..points.len())])
        };
        let step = session.play(colour, Action::from(mv))?;
        not_disagreed(
            &format!("{ruleset} {w}x{h} move {k}: {mv:?}"),
            &step.verdict,
        )?;
        if step.verdict.agreed().is_none() || session.is_over() {
            break;
        }
    }
    let score = session.final_score()?;
    not_disagreed(&format!("{ruleset} {w}x{h}: the final score"), &score)?;
    // Immortal stones (N-17), a question of any position: Benson's algorithm on the
    // optimized engine's bitboards, the literal search on the reference.
    let immortal = session.ask_immortal()?;
    for (colour, v) in ["black", "white"].iter().zip(&immortal.colours) {
        not_disagreed(
            &format!("{ruleset} {w}x{h}: the immortal {colour} stones"),
            v,
        )?;
    }
    Ok(())
}

/// A game on every engine configuration (`differential::compare_engines`: the legality of
/// every point before every move, positions, prisoners, the score) on a `w` x `h` board.
fn wide_input(w: u8, h: u8, setup: Vec<u8>, moves: Vec<u16>, suicide: Suicide) -> GameInput {
    GameInput {
        width: w - 1,
        height: h - 1,
        suicide,
        capture_order: CaptureOrder::OpponentFirst,
        basic: true,
        fixed: false,
        positional: false,
        situational: true,
        situational_same: false,
        game_end_passes: 1,
        reaching_only: false,
        no_result_on_cycle: false,
        handicap: 0,
        white_first: false,
        setup,
        moves,
    }
}

fn suicide() -> impl Strategy<Value = Suicide> {
    prop_oneof![Just(Suicide::Forbidden), Just(Suicide::Allowed)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Strips 1xN and 2xN (and Nx1, Nx2), N up to 52, most of them past 25 columns or
    /// rows, under every ruleset, through the session: the engines never disagree.
    #[test]
    fn engines_agree_on_long_strips(
        ruleset in proptest::sample::select(rulesets()),
        narrow in 1usize..=2,
        long in prop_oneof![26usize..=52, 1usize..=25],
        across in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..160,
    ) {
        let (w, h) = if across { (long, narrow) } else { (narrow, long) };
        if let Err(e) = strip_game(ruleset, w, h, seed, length) {
            prop_assert!(false, "{}", e);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Wide rectangles, past 25 columns and some past 25x25's bitboard (27 or more rows):
    /// every engine configuration plays the reference's game.
    #[test]
    fn every_configuration_agrees_on_wide_boards(
        w in 26u8..=52, h in prop_oneof![1u8..=4, 26u8..=30], suicide in suicide(),
        setup in proptest::collection::vec(any::<u8>(), 0..200),
        moves in proptest::collection::vec(any::<u16>(), 0..12),
    ) {
        let input = wide_input(w, h, setup, moves, suicide);
        let (g, r, s) = input.build(52);
        if let Err(e) = compare_engines(&g, &r, &s, &input.moves) {
            prop_assert!(false, "{}", e);
        }
    }

    /// The play bench's fast path on the widest bitboards plays the reference's games.
    #[test]
    fn fast_path_agrees_on_wide_boards(
        w in 26u8..=52, h in 26u8..=52, suicide in suicide(),
        setup in proptest::collection::vec(any::<u8>(), 0..400),
        moves in proptest::collection::vec(any::<u16>(), 0..200),
    ) {
        let input = wide_input(w, h, setup, moves, suicide);
        let (g, r, s) = input.build(52);
        if let Err(e) = compare_fast_path(&g, &r, &s, &input.moves) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// A legal position of a strip with few strings: the points in order along it, each byte
/// leaving the point empty (one in 6), changing the colour (one in 6) or keeping it; a stone
/// that would leave a string without a liberty is left out.
fn strip_position(w: usize, h: usize, cells: &[u8]) -> (Geometry, go_oracle::geometry::Position) {
    let geometry = Geometry::rect(w, h).unwrap();
    let mut colour = Colour::Black;
    let mut colours = vec![None; w * h];
    for (i, &b) in cells.iter().enumerate().take(w * h) {
        // Along the strip: the long side first, so that a run is a wall across it.
        let (x, y) = if w >= h {
            (i / h, i % h)
        } else {
            (i % w, i / w)
        };
        colours[y * w + x] = match b % 6 {
            0 => None,
            1 => {
                colour = colour.opponent();
                Some(colour)
            }
            _ => Some(colour),
        };
    }
    let position = legal_position(&geometry, colours);
    (geometry, position)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// The questions about a given position on long strips: immortal stones (N-17), the
    /// J2003 analysis and board score on every engine configuration, a VJR question on the
    /// reference and every VJR configuration; each agrees where both engines decide. (On
    /// such random strips the J2003 analysis is seldom decided within 500 states: there it
    /// compares the optimized configurations among themselves and asks for no panic; the
    /// decided statuses of wide boards are those of `a_7x45_position_reads_and_answers` and
    /// `oracle-cases/written/board-wide.yaml`.)
    #[test]
    fn status_answers_agree_on_long_strips(
        narrow in 1usize..=2, long in 26usize..=52, across in any::<bool>(),
        cells in proptest::collection::vec(any::<u8>(), 104),
        alive in proptest::collection::vec(any::<bool>(), 0..40),
        pick in (any::<u8>(), any::<u8>()),
    ) {
        let (w, h) = if across { (long, narrow) } else { (narrow, long) };
        let (g, p) = strip_position(w, h, &cells);
        let checked = compare_immortal(&g, &p, 2_000)
            .and_then(|_| compare_j2003_score(&g, &p, &alive))
            .and_then(|_| compare_j2003_status(&g, &p, 500))
            .and_then(|_| {
                let input = VjrInput { width: 0, height: 0, setup: Vec::new(), pick: Some(pick) };
                compare_vjr_status(&g, &p, &input.questions(&g, &p), 2_000)
            });
        if let Err(e) = checked {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The 45x7 position of the tests: Black's wall on the 23 columns of the left with the
/// one-point eyes F3 and K3, and a two-point eye B6-C6 holding a white stone on B6; White's
/// wall on the 22 columns of the right with the one-point eyes AF6 and AQ3. Each row is a
/// list of (column, symbol) changes from the walls.
fn strip_45x7() -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = (0..7)
        .map(|_| (0..45).map(|x| if x <= 22 { '#' } else { 'O' }).collect())
        .collect();
    for (x, y, c) in [
        (5, 1, '.'),
        (9, 4, '.'),
        (30, 1, '.'),
        (40, 4, '.'),
        (1, 1, 'O'),
        (2, 1, '.'),
    ] {
        rows[y][x] = c;
    }
    rows
}

/// The diagram with a column header (`A ... Z AA ... AU`) and row numbers, as `play` prints
/// it.
fn with_coordinates(rows: &[Vec<char>]) -> String {
    let w = rows[0].len();
    let mut out = format!(
        "    {}\n",
        (0..w).map(column_name).collect::<Vec<_>>().join(" ")
    );
    for (y, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|c| c.to_string()).collect();
        out.push_str(&format!("{:>2}  {}\n", rows.len() - y, cells.join(" ")));
    }
    out
}

fn transposed(rows: &[Vec<char>]) -> Vec<Vec<char>> {
    (0..rows[0].len())
        .map(|x| rows.iter().map(|r| r[x]).collect())
        .collect()
}

/// The strings of a `status --json` answer: (first point, colour, status).
fn statuses(v: &serde_json::Value) -> Vec<(String, String, String)> {
    v["strings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["points"][0].as_str().unwrap().to_string(),
                s["colour"].as_str().unwrap().to_string(),
                s["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A 45x7 and a 7x45 position read and answered: area score (Tromp-Taylor), J2003 and VJR
/// statuses and scores, both engines agreeing.
#[test]
fn a_7x45_position_reads_and_answers() {
    let wide = strip_45x7();
    for (name, rows, dead, black_wall, white_wall) in [
        ("wide-45x7.txt", wide.clone(), "B6", "A7", "Y7"),
        ("tall-7x45.txt", transposed(&wide), "B44", "A45", "A22"),
    ] {
        let file = temp(name, &with_coordinates(&rows));
        let score = run(&["score", "--ruleset", "tromp-taylor", "--json", s(&file)]);
        assert_eq!(score.status.code(), Some(0), "{}", stderr(&score));
        let v = json(&score);
        assert_eq!(
            (v["black"].as_i64(), v["white"].as_i64()),
            (Some(159), Some(155)),
            "{v}"
        );
        assert_eq!(v["result"], "B+4");
        assert_eq!(v["verdict"], "agreed");
        for (ruleset, alive) in [("j2003", "uncapturable"), ("vjr", "independently-alive")] {
            let o = run(&["status", "--ruleset", ruleset, "--json", s(&file)]);
            assert_eq!(o.status.code(), Some(0), "{ruleset} {name}: {}", stderr(&o));
            let v = json(&o);
            assert_eq!(v["verdict"], "agreed", "{ruleset} {name}");
            assert_eq!(v["result"], "B+3", "{ruleset} {name}");
            let mut got = statuses(&v);
            got.sort();
            let mut want = vec![
                (
                    black_wall.to_string(),
                    "black".to_string(),
                    alive.to_string(),
                ),
                (
                    white_wall.to_string(),
                    "white".to_string(),
                    alive.to_string(),
                ),
                (dead.to_string(), "white".to_string(), "dead".to_string()),
            ];
            want.sort();
            assert_eq!(got, want, "{ruleset} {name}");
        }
    }
}

/// Points past Z are read and written with two letters by `play` and the GTP referee.
#[test]
fn points_past_z_are_played_by_name() {
    // White AU2 takes Black's AU1 (its neighbours AT1 and AU2 are then white).
    let o = run(&[
        "play",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "45x7",
        "--json",
        "B AU1",
        "W AT1",
        "B AT2",
        "W AU2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["final"][5], format!("{}#O", ".".repeat(43)), "{v}");
    assert_eq!(v["final"][6], format!("{}O.", ".".repeat(43)), "{v}");
    assert_eq!(v["prisoners"]["white"], 1, "{v}");
    let o = run(&[
        "play",
        "--ruleset",
        "tromp-taylor",
        "--size",
        "45x7",
        "B AV1",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let mut child = common::bin()
        .args(["gtp", "--ruleset", "tromp-taylor"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let commands = "rectangular_boardsize 45 7\nplay b AU1\nplay w AT1\nplay b AT2\nplay w AU2\n\
        list_stones white\nboardsize 53\nboardsize 0\nlist_stones black\nplay b AV1\nquit\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(commands.as_bytes())
        .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let replies: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(replies[..5], ["=", "=", "=", "=", "="], "{out}");
    let mut white: Vec<&str> = replies[5].trim_start_matches("= ").split(' ').collect();
    white.sort();
    assert_eq!(white, ["AT1", "AU2"], "{out}");
    assert_eq!(replies[6], "? unacceptable size", "{out}");
    assert_eq!(replies[7], "? unacceptable size", "{out}");
    assert_eq!(replies[8], "= AT2", "the board stays 45x7: {out}");
    assert!(
        replies[9].starts_with("? invalid coordinate `AV1`"),
        "{out}"
    );
}

/// Sides of 0 and over 52 are refused with exit 2, naming the place and the range.
#[test]
fn sizes_out_of_range_are_bad_input() {
    let wide = temp("too-wide.txt", &format!("{}\n", vec!["."; 53].join(" ")));
    let o = run(&["score", "--ruleset", "tromp-taylor", s(&wide)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!(
            "{}:1:1: board 53x1 is too large: each side must be 1 to 52",
            s(&wide)
        )),
        "{}",
        stderr(&o)
    );
    for size in ["0x7", "53x7", "7x53"] {
        let o = run(&["play", "--ruleset", "tromp-taylor", "--size", size, "B A1"]);
        assert_eq!(o.status.code(), Some(2), "{size}");
        assert!(
            stderr(&o).contains("each side must be 1 to 52"),
            "{size}: {}",
            stderr(&o)
        );
    }
    let case = temp(
        "too-big.yaml",
        "id: too-big\nsource:\n  document: spec/play.md\nchecks:\n  - name: big\n    ruleset: tromp-taylor\n    size: 53x7\n",
    );
    let o = run(&["check", s(&case)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("{}:7:", s(&case))) && stderr(&o).contains("1 to 52"),
        "{}",
        stderr(&o)
    );
    let sgf = temp("too-big.sgf", "(;GM[1]FF[4]SZ[53];B[aa])\n");
    let o = run(&["import", "--ruleset", "tromp-taylor", s(&sgf)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("SZ[53]: a 53x53 board; expected sides 1 to 52"),
        "{}",
        stderr(&o)
    );
}
