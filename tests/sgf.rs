//! SGF in and out: every fixture of `tests/fixtures/sgf/` reads as expected (the malformed
//! ones give an error naming the place, never a panic), `write_sgf` then `read_sgf` gives the
//! game back (proptest), and the commands `import` and `export`: exit statuses, messages, the
//! JSON of `import`, a written case passes `go-oracle check`, and import -> export -> import
//! gives the same checks.

use go_oracle::engine::Move;
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::parse::sgf::{read_sgf, write_sgf, SgfGame, SgfMarkup, SgfMove};
use go_oracle::rules::RulesetId;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

use crate::common;
use common::{run, s, stderr, stdout, temp, temp_dir};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sgf")
        .join(name)
}

/// A fixture's text: UTF-8, or else ISO-8859-1 (as `go-oracle import` reads it).
fn text_of(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
}

fn read(name: &str) -> SgfGame {
    let p = fixture(name);
    read_sgf(&text_of(&p), name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn point(g: &SgfGame, gtp: &str) -> usize {
    g.geometry.parse_gtp(gtp).unwrap()
}

fn stones(g: &SgfGame) -> usize {
    g.setup.0.iter().filter(|&&c| c != Cell::Empty).count()
}

#[test]
fn every_good_fixture_reads() {
    let dir = fixture("good");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let p = e.path();
        let name = p.display().to_string();
        let g = read_sgf(&text_of(&p), &name).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.geometry.rect_size().is_some(), "{name}");
        n += 1;
    }
    assert_eq!(n, 8, "the fixtures of tests/fixtures/sgf/good/");
}

#[test]
fn ff4_example_main_line_with_passes_and_notes() {
    let g = read("good/ff4_ex.sgf");
    assert_eq!(g.geometry.rect_size(), Some((19, 19)));
    assert_eq!(g.moves.len(), 13);
    // B[pd]: column p (the 16th, Q in GTP), row d from the top (row 16).
    assert_eq!(g.moves[0].mv, Move::Play(point(&g, "Q16")));
    assert_eq!(g.moves[0].colour, Colour::Black);
    assert_eq!(g.moves[1].mv, Move::Play(point(&g, "D4")));
    // `W[]` and `B[tt]` are passes.
    assert_eq!(g.moves[11].mv, Move::Pass);
    assert_eq!(g.moves[11].colour, Colour::White);
    assert_eq!(g.moves[12].mv, Move::Pass);
    assert_eq!(g.moves[12].colour, Colour::Black);
    assert_eq!(
        g.moves[1].comment.as_deref(),
        Some("Marked as \"Good for White\"")
    );
    assert_eq!(g.name.as_deref(), Some("Gametree 1: properties"));
    assert!(
        g.notes.iter().any(|n| n.contains("2 game trees")),
        "{:?}",
        g.notes
    );
    assert!(
        g.notes.iter().any(|n| n.contains("variations")),
        "{:?}",
        g.notes
    );
    assert_eq!(stones(&g), 0);
}

#[test]
fn setup_with_point_lists_and_add_empty() {
    let g = read("good/ff4_ex_setup.sgf");
    assert!(g.moves.is_empty());
    assert_eq!(g.to_move, Some(Colour::White), "the last PL");
    // AB[do:gq]: columns d-g, rows o-q from the top (rows 5-3); AE[ep][fp] empties E4, F4.
    assert_eq!(g.setup.get(point(&g, "D5")), Cell::BLACK);
    assert_eq!(g.setup.get(point(&g, "G3")), Cell::BLACK);
    assert_eq!(g.setup.get(point(&g, "D4")), Cell::BLACK);
    assert_eq!(g.setup.get(point(&g, "E4")), Cell::Empty);
    assert_eq!(g.setup.get(point(&g, "F4")), Cell::Empty);
    // AW[jd]: K16 (GTP skips I); AW[kn:lq] less AE[kn][lo][lq]: M6 (ln) stays, L6 (kn)
    // goes.
    assert_eq!(g.setup.get(point(&g, "K16")), Cell::WHITE);
    assert_eq!(g.setup.get(point(&g, "M6")), Cell::WHITE);
    assert_eq!(g.setup.get(point(&g, "L6")), Cell::Empty);
    // AW[pn:pq] then AE[pn:pq]; then AB[pd] AW[pp] in a later setup node.
    assert_eq!(g.setup.get(point(&g, "Q6")), Cell::Empty);
    assert_eq!(g.setup.get(point(&g, "Q16")), Cell::BLACK);
    assert_eq!(g.setup.get(point(&g, "Q4")), Cell::WHITE);
    assert!(g
        .comment
        .as_deref()
        .unwrap()
        .starts_with("Black & white stones"));
}

#[test]
fn handicap_game_with_setup_stones() {
    let g = read("good/goban_sgf_2_2ha.sgf");
    assert_eq!(g.handicap, 2);
    assert_eq!(g.komi, Some(0.0));
    assert_eq!(stones(&g), 2);
    // AB[dp][pd]: D4 and Q16 (rows counted from the top).
    assert_eq!(g.setup.get(point(&g, "D4")), Cell::BLACK);
    assert_eq!(g.setup.get(point(&g, "Q16")), Cell::BLACK);
    assert_eq!(g.moves[0].colour, Colour::White);
    // W[cd]: C16.
    assert_eq!(g.moves[0].mv, Move::Play(point(&g, "C16")));
    assert_eq!(g.moves.len(), 277);
}

#[test]
fn professional_game_and_historical_game() {
    let g = read("good/goban_sgf_1.sgf");
    assert_eq!(g.komi, Some(7.5));
    assert_eq!(g.moves.len(), 244);
    assert_eq!(g.ruleset, None);
    let s = read("good/ShusakuvsInseki.sgf");
    assert_eq!(s.handicap, 0, "HA[0] is no handicap");
    assert_eq!(s.moves.len(), 325);
    assert_eq!(s.moves[0].mv, Move::Play(point(&s, "R16")));
    // The ISO-8859-1 copy holds the same game.
    let iso = read("good/ShusakuvsInseki-iso.sgf");
    assert_eq!(iso.moves, s.moves);
}

#[test]
fn japanese_ruleset_and_empty_node() {
    let g = read("good/empty_node.sgf");
    assert_eq!(g.ruleset_text.as_deref(), Some("Japanese"));
    assert_eq!(g.ruleset, Some(RulesetId::J2003));
    assert_eq!(g.komi, Some(6.5));
    assert_eq!(g.moves.len(), 7);
    assert_eq!(
        g.moves[1].colour,
        Colour::White,
        "the empty node holds no move"
    );
}

#[test]
fn rectangle_columns_by_rows() {
    let g = read("good/rect_7x5.sgf");
    assert_eq!(g.geometry.rect_size(), Some((7, 5)));
    assert_eq!(g.ruleset, Some(RulesetId::TrompTaylor));
    assert_eq!(g.komi, Some(0.5));
    assert_eq!(g.moves.len(), 12);
    // B[ab]: column a, the second row from the top of 5: A4.
    assert_eq!(g.moves[0].mv, Move::Play(point(&g, "A4")));
    // W[ee]: the bottom row.
    assert_eq!(g.moves[3].mv, Move::Play(point(&g, "E1")));
    assert_eq!(g.moves[6].comment.as_deref(), Some("captures bb"));
    assert_eq!(g.moves[10].mv, Move::Pass);
    assert_eq!(g.moves[11].mv, Move::Pass);
}

/// Each malformed fixture: the error names the file, the line and column, and what was
/// expected.
#[test]
fn malformed_fixtures_name_the_place() {
    let cases = [
        ("bad/truncated_value.sgf", 1, 144, "expected `]`"),
        ("bad/truncated_tree.sgf", 1, 160, "expected `)`"),
        (
            "bad/bad_komi.sgf",
            1,
            93,
            "KM[seven and a half]: expected a number",
        ),
        (
            "bad/sz_too_large.sgf",
            1,
            13,
            "SZ[60]: a 60x60 board; expected sides 1 to 52",
        ),
        (
            "bad/move_outside.sgf",
            3,
            2,
            "B[jj]: a move outside the 9x9 board",
        ),
        ("bad/not_sgf.sgf", 1, 1, "not SGF: expected `(;`"),
        ("bad/empty.sgf", 1, 1, "empty file"),
        ("bad/not_go.sgf", 1, 8, "only Go (GM[1])"),
        ("bad/setup_after_move.sgf", 3, 7, "AB after the first move"),
    ];
    let mut seen = 0;
    for (name, line, column, words) in cases {
        let e = read_sgf(&text_of(&fixture(name)), name).expect_err(name);
        let text = e.to_string();
        assert_eq!((e.line, e.column), (line, column), "{text}");
        assert!(
            text.starts_with(&format!("{name}:{line}:{column}: ")),
            "{text}"
        );
        assert!(
            text.contains(words),
            "{name}: expected `{words}` in: {text}"
        );
        seen += 1;
    }
    let on_disk = std::fs::read_dir(fixture("bad")).unwrap().count();
    assert_eq!(seen, on_disk, "every malformed fixture has a line here");
}

/// Small broken texts: errors with a place, never a panic.
#[test]
fn small_malformed_texts() {
    for (text, words) in [
        ("(;SZ[9];B[ee]", "expected `)`"),
        ("(;SZ[9];B[ee]))", "`)` closes no game tree"),
        ("(B[aa])", "outside a node"),
        ("((;B[aa]))", "before any node"),
        ("(;SZ[9];B[e])", "B[e]: expected a point"),
        ("(;SZ[0])", "sides 1 to 52"),
        ("(;SZ[53])", "SZ[53]: a 53x53 board; expected sides 1 to 52"),
        ("(;SZ[300])", "expected a board size"),
        ("(;SZ[9]AB[aa][ab][ba]AW[bb][cc]AE[dd];W[aa])", "W[aa]"),
        ("(;SZ[3]AB[aa]AW[ab][ba])", "without a liberty at A3"),
        ("(;SZ[9];B[ee]W[cc])", "two moves"),
        ("(;KM[nan])", "finite"),
        ("(;HA[x])", "handicap"),
        ("(;PL[X])", "expected B or W"),
        ("(;SZ[5];B[aa];TB[zz])", "outside the 5x5 board"),
    ] {
        match read_sgf(text, "t.sgf") {
            Ok(g) => assert!(
                words == "W[aa]" && g.moves.len() == 1,
                "{text}: expected an error with `{words}`"
            ),
            Err(e) => {
                let s = e.to_string();
                assert!(e.line >= 1 && e.column >= 1, "{text}: {s}");
                assert!(s.contains(words), "{text}: expected `{words}` in: {s}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Round trip.

fn arb_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-z ]{0,6}([]\\\\:\n;()\\[é][a-z]{0,4}){0,3}").unwrap()
}

prop_compose! {
    fn arb_game()(
        w in 1usize..=25,
        h in 1usize..=25,
        cells in proptest::collection::vec(0u8..6, 625),
        moves in proptest::collection::vec((any::<bool>(), 0usize..700, proptest::option::of(arb_text())), 0..30),
        komi in proptest::option::of(-40i32..40),
        handicap in prop_oneof![Just(0u32), 2u32..10],
        ruleset in proptest::option::of(0usize..7),
        name in proptest::option::of(arb_text()),
        comment in proptest::option::of(arb_text()),
        to_move in proptest::option::of(any::<bool>()),
        marks in proptest::option::of((
            proptest::collection::btree_set(0usize..625, 0..6),
            proptest::collection::btree_set(0usize..625, 0..6),
            proptest::collection::btree_map(0usize..625, "[A-Za-z0-9?-]{1,3}", 0..4),
            proptest::option::of(arb_text()),
        )),
    ) -> SgfGame {
        let geometry = Geometry::rect(w, h).unwrap();
        let n = geometry.len();
        let mut game = SgfGame::new(geometry.clone());
        let mut setup = Position((0..n).map(|p| match cells[p] {
            0 => Cell::BLACK,
            1 => Cell::WHITE,
            _ => Cell::Empty,
        }).collect());
        for p in setup.stones_without_liberty(&geometry) {
            setup.set(p, Cell::Empty);
        }
        game.setup = setup;
        game.moves = moves.into_iter().map(|(black, m, comment)| SgfMove {
            colour: if black { Colour::Black } else { Colour::White },
            mv: if m < 2 * n { Move::Play(m % n) } else { Move::Pass },
            comment,
        }).collect();
        game.komi = komi.map(|k| k as f64 / 2.0);
        game.handicap = handicap;
        let ids: Vec<RulesetId> = RulesetId::ALL.into_iter().filter(|&r| r != RulesetId::Custom).collect();
        game.ruleset = ruleset.map(|i| ids[i]);
        game.ruleset_text = game.ruleset.map(|r| r.as_str().to_string());
        game.name = name;
        game.comment = comment;
        game.to_move = to_move.map(|b| if b { Colour::Black } else { Colour::White });
        game.markup = marks.and_then(|(b, w, labels, comment)| {
            let mut m = SgfMarkup {
                black_territory: b.into_iter().filter(|&p| p < n).collect(),
                white_territory: w.into_iter().filter(|&p| p < n).collect(),
                labels: labels.into_iter().filter(|(p, _)| *p < n).collect(),
                removed: Vec::new(),
                marked: false,
                comment,
            };
            m.marked = !m.black_territory.is_empty() || !m.white_territory.is_empty();
            (m != SgfMarkup::default()).then_some(m)
        });
        game
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// What `write_sgf` writes, `read_sgf` reads back as the same game.
    #[test]
    fn write_then_read_is_the_same_game(game in arb_game()) {
        let text = write_sgf(&game);
        let back = read_sgf(&text, "written.sgf").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back, game, "{}", text);
    }

    /// Any text: an SGF game or an error with a place, never a panic.
    #[test]
    fn arbitrary_text_never_panics(text in "[(;)\\[\\]A-Za-z0-9:\\\\ \n]{0,60}") {
        if let Err(e) = read_sgf(&text, "t.sgf") {
            prop_assert!(e.line >= 1, "{}", e);
        }
    }
}

/// Every fixture, and every cut and one-byte change of a real file: a game that writes and
/// reads back the same, or an error with a place (the property of the fuzz target
/// `sgf_read_no_panic`).
#[test]
fn fixtures_and_their_mutations_hold_the_fuzz_property() {
    use go_oracle::differential::sgf_read_write;
    for dir in ["good", "bad"] {
        for e in std::fs::read_dir(fixture(dir)).unwrap().flatten() {
            let bytes = std::fs::read(e.path()).unwrap();
            sgf_read_write(&bytes).unwrap_or_else(|m| panic!("{}: {m}", e.path().display()));
        }
    }
    // The bytes are shared out between the cores (this test runs alone at the end).
    let parts = std::thread::available_parallelism().map_or(1, |n| n.get());
    for name in ["good/rect_7x5.sgf", "good/ff4_ex.sgf"] {
        let bytes = std::fs::read(fixture(name)).unwrap();
        std::thread::scope(|scope| {
            for part in 0..parts {
                let bytes = &bytes;
                scope.spawn(move || {
                    for cut in (part..=bytes.len()).step_by(parts) {
                        sgf_read_write(&bytes[..cut])
                            .unwrap_or_else(|m| panic!("{name} cut at {cut}: {m}"));
                    }
                    for i in (part..bytes.len()).step_by(parts) {
                        for b in [b'(', b')', b';', b'[', b']', b'\\', b'z', b':', b'B', 0xff] {
                            let mut m = bytes.clone();
                            m[i] = b;
                            sgf_read_write(&m)
                                .unwrap_or_else(|e| panic!("{name} byte {i} = {b}: {e}"));
                        }
                    }
                });
            }
        });
    }
}

/// A long line of nodes is read and dropped without deep recursion.
#[test]
fn a_long_game_is_read() {
    let mut text = String::from("(;SZ[19]");
    for i in 0..20_000 {
        text.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    text.push(')');
    let g = read_sgf(&text, "long.sgf").unwrap();
    assert_eq!(g.moves.len(), 20_000);
}

// ---------------------------------------------------------------------------------------
// The commands.

/// `go-oracle check` on a file: exit 0.
fn passes_check(p: &Path) {
    let o = run(&["check", s(p)]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}\n{}\n{}",
        std::fs::read_to_string(p).unwrap_or_default(),
        stdout(&o),
        stderr(&o)
    );
    assert!(stdout(&o).contains(" 0 failed"), "{}", stdout(&o));
}

#[test]
fn import_writes_a_case_that_loads_and_passes_check() {
    let out = temp_dir().join("rect_7x5.yaml");
    let o = run(&[
        "import",
        "tests/fixtures/sgf/good/rect_7x5.sgf",
        "-o",
        s(&out),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with(
            "# Written by `go-oracle import` from tests/fixtures/sgf/good/rect_7x5.sgf."
        ),
        "{text}"
    );
    assert!(text.contains("computed by go-oracle"), "{text}");
    assert!(text.contains("(to review)"), "{text}");
    let case = go_oracle::parse::case::parse_case(&text, s(&out), Some("rect_7x5")).unwrap();
    let spec = &case.file.checks[0];
    assert_eq!(spec.ruleset, RulesetId::TrompTaylor);
    assert_eq!(spec.size.as_deref(), Some("7x5"));
    assert_eq!(spec.komi, 0.5);
    let x = spec.expect.as_ref().unwrap();
    assert_eq!(x.game_over, Some(true));
    assert_eq!((x.black, x.white), (Some(7), Some(4)));
    assert_eq!(x.result.as_deref(), Some("B+2.5"));
    assert_eq!(x.prisoners.map(|p| p.black), Some(1));
    // The capture, with the SGF comment as the step's note.
    assert!(
        text.contains("play: B B3\n    removed:\n    - B4\n    note: captures bb"),
        "{text}"
    );
    passes_check(&out);
    // Without -o the case goes to stdout, its id from the SGF's name.
    let o = run(&["import", "tests/fixtures/sgf/good/rect_7x5.sgf"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("\nid: rect_7x5\n"), "{}", stdout(&o));
}

#[test]
fn import_json_summary() {
    let o = run(&[
        "import",
        "tests/fixtures/sgf/good/goban_sgf_2_2ha.sgf",
        "--ruleset",
        "tromp-taylor",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["case_file"], serde_json::Value::Null);
    assert_eq!(v["ruleset"], "tromp-taylor");
    assert_eq!(v["moves"], 277);
    assert_eq!(v["written"], 277);
    assert_eq!(v["decided"], 277);
    assert_eq!(v["verdict"], "agreed");
    assert_eq!(v["checks"], serde_json::json!(["main-line"]));
    assert_eq!(v["out_of_turn"], serde_json::json!([]));
    assert_eq!(v["undetermined"], serde_json::json!([]));
    assert_eq!(v["engines_agree"], true);
    let case = v["case"].as_str().unwrap();
    assert!(case.contains("to-move: white"), "{case}");
    assert!(
        case.contains("HA[2]: the handicap stones are the SGF's setup"),
        "{case}"
    );
    // With -o: the file's path, and no case text.
    let out = temp_dir().join("ha2.yaml");
    let o = run(&[
        "import",
        "tests/fixtures/sgf/good/goban_sgf_2_2ha.sgf",
        "--ruleset",
        "tromp-logical",
        "--json",
        "-o",
        s(&out),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["case_file"], s(&out));
    assert!(v.get("case").is_none());
    passes_check(&out);
}

/// An illegal move changes nothing and its player moves again: the SGF's next move (the
/// other player's) is out of turn and starts a new check; nothing is dropped.
#[test]
fn import_goes_on_after_an_illegal_move_and_a_move_out_of_turn() {
    let p = temp(
        "illegal.sgf",
        "(;GM[1]SZ[5]RU[TT];B[aa]C[first];W[aa];B[bb];W[cc])",
    );
    let out = temp_dir().join("illegal.yaml");
    let o = run(&["import", s(&p), "--json", "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["written"], 4);
    assert_eq!(v["decided"], 4);
    assert_eq!(v["out_of_turn"], serde_json::json!([3]));
    assert_eq!(v["checks"], serde_json::json!(["main-line", "main-line-2"]));
    assert!(
        stderr(&o).contains("4 of 4 moves written in 2 checks (out of turn: move 3): agreed"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("legal: false\n    reason: occupied"),
        "{text}"
    );
    assert!(text.contains("- B B4, W C3"), "{text}");
    passes_check(&out);

    let p = temp("turn.sgf", "(;GM[1]SZ[5]RU[TT];B[aa];B[bb];W[cc])");
    let o = run(&["import", s(&p), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["written"], 3);
    assert_eq!(v["out_of_turn"], serde_json::json!([2]));
}

#[test]
fn import_bad_input_exits_2_with_the_place() {
    let o = run(&[
        "import",
        "tests/fixtures/sgf/bad/move_outside.sgf",
        "--ruleset",
        "naj",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "tests/fixtures/sgf/bad/move_outside.sgf:3:2: B[jj]: a move outside the 9x9 board"
        ),
        "{}",
        stderr(&o)
    );
    // No RU and no --ruleset.
    let o = run(&["import", "tests/fixtures/sgf/good/goban_sgf_1.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no RU property); give --ruleset R"),
        "{}",
        stderr(&o)
    );
    // An RU go-oracle cannot map (docs/sgf.md, "Rule names").
    let p = temp("nordic.sgf", "(;GM[1]SZ[9]RU[Nordic];B[ee])");
    let o = run(&["import", s(&p)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("RU[Nordic] names no rules go-oracle maps"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("give --ruleset R"), "{}", stderr(&o));
    let o = run(&["import", s(&p), "--ruleset", "custom"]);
    assert_eq!(o.status.code(), Some(2));
    // LJR's komi is a non-negative integer.
    let o = run(&[
        "import",
        "tests/fixtures/sgf/good/rect_7x5.sgf",
        "--ruleset",
        "ljr",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("KM[0.5]: LJR's komi"), "{}", stderr(&o));
    let o = run(&["import", "no/such/file.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "import",
        "tests/fixtures/sgf/bad/empty.sgf",
        "--ruleset",
        "naj",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("empty.sgf:1:1: empty file"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"));
}

/// J2003: the reference cannot judge the ending pass (J-19) of this 3x3 game within the
/// budget, so the import is undetermined (exit 3), names it, and writes no expectation;
/// `check` shows the check as ignored for that reason. Export marks the statuses of a check
/// that expects them.
#[test]
fn import_undetermined_j19_then_export_marks_statuses() {
    let p = temp(
        "tiny.sgf",
        "(;GM[1]SZ[3]RU[Japanese]C[a dead stone];B[ba];W[bb];B[ab];W[];B[cb];W[];B[])",
    );
    let out = temp_dir().join("tiny.yaml");
    let o = run(&["import", s(&p), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "7 of 7 moves written in 1 check: undetermined: SGF move 7 (B pass) (details above"
        ),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("undetermined: SGF move 7 (B pass): its legality"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("ruleset: j2003"), "{text}");
    assert!(text.contains("RU[Japanese] read as j2003"), "{text}");
    assert!(
        text.contains("Undetermined: the legality of SGF move 7"),
        "{text}"
    );
    assert!(!text.contains("expect:"), "{text}");
    let o = run(&["check", s(&out), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["failed"], 0);
    let case = temp(
        "tiny-statuses.yaml",
        "id: tiny-statuses
source: {document: test}
checks:
  - name: main-line
    ruleset: j2003
    size: 3x3
    moves:
      - B B3, W B2, B A2, W pass, B C2, W pass, B pass
    expect:
      strings:
        - {at: B3, status: uncapturable}
        - {at: A2, status: uncapturable}
        - {at: B2, status: dead}
        - {at: C2, status: uncapturable}
    solver-budget: 100000
",
    );
    let o = run(&["export", s(&case)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let sgf = stdout(&o);
    assert!(
        sgf.contains(";TB[bb]LB[ba:U][ab:U][bb:D][cb:U]C[LB"),
        "{sgf}"
    );
    let g = read_sgf(&sgf, "exported.sgf").unwrap();
    assert_eq!(g.ruleset, Some(RulesetId::J2003));
    assert_eq!(g.moves.len(), 7);
}

#[test]
fn export_tromp_taylor_area_and_illegal_moves() {
    let case = temp(
        "ko.yaml",
        "id: ko
source: {document: test}
checks:
  - name: ko
    ruleset: custom
    rules: {suicide: forbidden, ko: [basic]}
    position: |
      . # O .
      # O . O
      . # O .
    moves:
      - B C2
      - {play: W B2, legal: false, reason: basic-ko, note: the ko}
      - W D1
  - name: area
    ruleset: tromp-taylor
    size: 3x3
    moves: [\"B B2, W pass, B pass\"]
    expect: {black: 9, white: 0}
",
    );
    // Two checks: a collection of two game trees, in the case's order.
    let o = run(&["export", s(&case)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let both = stdout(&o);
    assert_eq!(both.matches("(;FF[4]").count(), 2, "{both}");
    assert!(
        both.find("(check ko,") < both.find("(check area,"),
        "{both}"
    );
    let o = run(&["export", s(&case), "--check", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    let out = temp_dir().join("ko.sgf");
    let o = run(&["export", s(&case), "--check", "ko", "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let sgf = std::fs::read_to_string(&out).unwrap();
    assert!(
        sgf.contains("RU[go-oracle custom\\: suicide=forbidden capture-order=opponent-first ko=basic game-end-passes=2 scoring=none]"),
        "{sgf}"
    );
    assert!(
        sgf.contains("PL[B]AB[ba][ab][bc]AW[ca][bb][db][cc]"),
        "{sgf}"
    );
    assert!(
        sgf.contains(";B[cb]C[W B2 illegal here (basic-ko), left out]\n;W[dc]"),
        "{sgf}"
    );
    let o = run(&["export", s(&case), "--check", "area"]);
    let sgf = stdout(&o);
    assert!(
        sgf.contains(";B[bb]\n;W[]\n;B[]\n;TB[aa][ba][ca][ab][cb][ac][bc][cc]C[TB/TW"),
        "{sgf}"
    );
}

#[test]
fn export_refuses_a_graph_board() {
    let o = run(&[
        "export",
        "oracle-cases/ljr/control-graph.yaml",
        "--check",
        "pentagon",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("graph board"), "{}", stderr(&o));
    assert!(stderr(&o).contains("no SGF form"), "{}", stderr(&o));
}

/// import -> export -> import: the same checks (moves, start, expectations).
#[test]
fn import_export_import_gives_the_same_case() {
    let ha = temp(
        "ha_moves.sgf",
        "(;GM[1]SZ[9]HA[2]KM[0.5]RU[Tromp-Taylor];B[cc];B[gg];W[ee];B[ce];W[];B[])",
    );
    let tiny = temp(
        "tiny2.sgf",
        "(;GM[1]SZ[3]RU[VJR];B[ba];W[bb];B[ab];W[];B[cb];W[];B[])",
    );
    // (source, ruleset, exit status): the reference cannot decide the VJR statuses of
    // `tiny` within the budget, so its imports are undetermined (3).
    let sources = [
        ("tests/fixtures/sgf/good/rect_7x5.sgf", None, 0),
        (
            "tests/fixtures/sgf/good/goban_sgf_2_2ha.sgf",
            Some("tromp-logical"),
            0,
        ),
        ("tests/fixtures/sgf/good/ff4_ex_setup.sgf", Some("naj"), 0),
        ("tests/fixtures/sgf/good/empty_node.sgf", None, 0),
        (s(&ha), None, 0),
        (s(&tiny), None, 3),
    ];
    for (i, (sgf, ruleset, code)) in sources.into_iter().enumerate() {
        let first = temp_dir().join(format!("round{i}.yaml"));
        let mut args = vec!["import", sgf, "-o", s(&first)];
        if let Some(r) = ruleset {
            args.extend(["--ruleset", r]);
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(code), "{sgf}: {}", stderr(&o));
        let exported = temp_dir().join(format!("round{i}.sgf"));
        let o = run(&["export", s(&first), "-o", s(&exported)]);
        assert_eq!(o.status.code(), Some(0), "{sgf}: {}", stderr(&o));
        let second = temp_dir().join(format!("round{i}b.yaml"));
        let o = run(&["import", s(&exported), "-o", s(&second)]);
        assert_eq!(o.status.code(), Some(code), "{sgf}: {}", stderr(&o));
        let checks = |p: &Path| -> serde_yaml::Value {
            let v: serde_yaml::Value =
                serde_yaml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            v["checks"].clone()
        };
        assert_eq!(checks(&first), checks(&second), "{sgf}");
        passes_check(&second);
    }
}
