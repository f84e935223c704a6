//! Sensei's Library diagrams: every fixture of `tests/fixtures/sensei/` reads as expected (the
//! malformed ones give an error naming the place, never a panic), arbitrary text never makes
//! the reader panic (proptest, the property of the fuzz target `sensei_read_no_panic`), and
//! `go-oracle import` on a diagram: exit statuses, messages, the case it writes loads and
//! passes `go-oracle check`.

use go_oracle::geometry::{Cell, Colour};
use go_oracle::parse::sensei::{read_sensei, Mark, SenseiDiagram};
use go_oracle::rules::RulesetId;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

use crate::common;
use common::{run, s, stderr, stdout, temp_dir};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sensei")
        .join(name)
}

fn read(name: &str) -> SenseiDiagram {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    read_sensei(&text, name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn stones(d: &SenseiDiagram, c: Colour) -> usize {
    d.position.count(Cell::Stone(c))
}

/// The moves as `(number, colour letter, GTP point)`.
fn moves(d: &SenseiDiagram) -> Vec<(u32, char, String)> {
    d.moves
        .iter()
        .map(|m| {
            (
                m.number,
                m.colour.letter(),
                d.geometry.name(m.point).to_string(),
            )
        })
        .collect()
}

fn labels(d: &SenseiDiagram) -> Vec<(String, char)> {
    d.labels
        .iter()
        .map(|&(p, c)| (d.geometry.name(p).to_string(), c))
        .collect()
}

#[test]
fn every_good_fixture_reads() {
    let mut n = 0;
    for e in std::fs::read_dir(fixture("good")).unwrap().flatten() {
        let p = e.path();
        let text = std::fs::read_to_string(&p).unwrap();
        read_sensei(&text, &p.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
        n += 1;
    }
    assert_eq!(n, 4, "the fixtures of tests/fixtures/sensei/good/");
}

#[test]
fn joseki_variation_from_how_diagrams_work() {
    let d = read("good/joseki_variation.txt");
    assert_eq!(d.title, "A [joseki] variation");
    assert_eq!(d.first_player, Colour::Black);
    assert_eq!(d.geometry.rect_size(), Some((9, 9)));
    assert!(d.edges.top && d.edges.left && !d.edges.bottom && !d.edges.right);
    assert_eq!(d.edges.open_sides(), vec!["bottom", "right"]);
    assert_eq!(
        (stones(&d, Colour::Black), stones(&d, Colour::White)),
        (2, 2)
    );
    let expected: Vec<(u32, char, String)> = [
        (1, 'B', "D6"),
        (2, 'W', "D5"),
        (3, 'B', "D7"),
        (4, 'W', "C5"),
        (5, 'B', "E5"),
        (6, 'W', "F6"),
        (7, 'B', "C7"),
        (8, 'W', "C4"),
    ]
    .iter()
    .map(|&(n, c, p)| (n, c, p.to_string()))
    .collect();
    assert_eq!(moves(&d), expected);
    assert_eq!(
        labels(&d),
        vec![
            ("F7".to_string(), 'd'),
            ("F5".to_string(), 'c'),
            ("E4".to_string(), 'a'),
            ("D3".to_string(), 'b')
        ]
    );
    assert!(d.marks.is_empty());
}

#[test]
fn basic_ko_whole_board_with_coordinates() {
    let d = read("good/basic_ko.txt");
    assert!(d.coordinates);
    assert!(d.edges.whole());
    assert_eq!(d.geometry.rect_size(), Some((5, 5)));
    assert_eq!(
        (stones(&d, Colour::Black), stones(&d, Colour::White)),
        (3, 4)
    );
    assert_eq!(moves(&d), vec![(1, 'B', "C3".to_string())]);
}

#[test]
fn white_first_and_a_move_in_the_title() {
    let d = read("good/ko_fight.sensei");
    assert_eq!(d.first_player, Colour::White);
    assert_eq!(d.title, "Ko fight (3 at 1)");
    assert_eq!(d.geometry.rect_size(), Some((6, 4)));
    assert_eq!(
        moves(&d),
        vec![
            (1, 'W', "C3".to_string()),
            (2, 'B', "D3".to_string()),
            (3, 'W', "C3".to_string())
        ]
    );
    assert_eq!(labels(&d), vec![("C1".to_string(), 'a')]);
}

#[test]
fn compact_rows_marks_and_first_number() {
    let d = read("good/corner_marks.txt");
    assert_eq!(d.first_number, 5);
    assert_eq!(d.geometry.rect_size(), Some((5, 4)));
    assert!(d.edges.top && d.edges.left && !d.edges.bottom && !d.edges.right);
    assert_eq!(
        (stones(&d, Colour::Black), stones(&d, Colour::White)),
        (3, 2)
    );
    assert_eq!(
        moves(&d),
        vec![(5, 'B', "C2".to_string()), (6, 'W', "C1".to_string())]
    );
    let marks: Vec<(String, Mark)> = d
        .marks
        .iter()
        .map(|&(p, m)| (d.geometry.name(p).to_string(), m))
        .collect();
    assert_eq!(
        marks,
        vec![
            ("B3".to_string(), Mark::Circle),
            ("E3".to_string(), Mark::Circle),
            ("A2".to_string(), Mark::Square),
            ("B2".to_string(), Mark::Square),
            ("B1".to_string(), Mark::Triangle),
            ("D1".to_string(), Mark::Square),
        ]
    );
    assert_eq!(
        d.position.get(d.geometry.parse_gtp("B2").unwrap()),
        Cell::Stone(Colour::White)
    );
    assert_eq!(
        d.position.get(d.geometry.parse_gtp("E3").unwrap()),
        Cell::Empty
    );
    assert_eq!(labels(&d), vec![("E2".to_string(), 'a')]);
}

#[test]
fn malformed_fixtures_name_the_place() {
    let cases = [
        ("bad/ragged_row.txt", 4, 11, "ragged rows"),
        ("bad/unknown_symbol.txt", 4, 10, "unknown symbol `?`"),
        ("bad/no_board.txt", 1, 1, "no board"),
        ("bad/not_sensei.txt", 1, 1, "no `$$` lines"),
        ("bad/duplicate_number.txt", 4, 8, "two moves numbered 2"),
        ("bad/gap_in_numbers.txt", 4, 10, "move 3 is missing"),
    ];
    for (name, line, column, words) in cases {
        let text = std::fs::read_to_string(fixture(name)).unwrap();
        let e = read_sensei(&text, name).expect_err(name);
        let shown = e.to_string();
        assert_eq!((e.line, e.column), (line, column), "{shown}");
        assert!(
            shown.starts_with(&format!("{name}:{line}:{column}: ")),
            "{shown}"
        );
        assert!(
            shown.contains(words),
            "{name}: expected `{words}` in: {shown}"
        );
    }
    // The malformed fixtures that read (import refuses them): stones without a liberty, a
    // move on a stone.
    let d = read("bad/no_liberty.txt");
    assert!(!d.position.stones_without_liberty(&d.geometry).is_empty());
    let d = read("bad/move_on_a_stone.txt");
    assert_eq!(d.moves[0].point, d.moves[2].point);
    let on_disk = std::fs::read_dir(fixture("bad")).unwrap().count();
    assert_eq!(
        cases.len() + 2,
        on_disk,
        "every malformed fixture has a line here"
    );
}

#[test]
fn small_malformed_texts() {
    let cases = [
        ("", 1, 1, "empty file"),
        ("$$B\n$$ | . X |\n$$ | - . |\n", 3, 6, "`-` inside a row"),
        ("$$B\n$$ | . _ |\n", 2, 8, "`_`"),
        ("$$B\n$$ | . X |\n$$ . O |\n", 3, 4, "ragged edge"),
        (
            "$$B\n$$ +---+\n$$ | . |\n$$ +---+\n$$ | . |\n",
            5,
            4,
            "below the bottom edge",
        ),
        ("$$B Ko (3 at 7)\n$$ | 1 2 |\n", 1, 9, "no move 7"),
        ("$$B m0 x\n$$ | . |\n", 1, 0, ""),
        ("$$B60\n$$ | . |\n", 1, 4, "board size"),
    ];
    for (text, line, column, words) in cases {
        match read_sensei(text, "t.txt") {
            Err(e) => {
                if column > 0 {
                    assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
                }
                assert!(e.to_string().contains(words), "{text:?}: {e}");
            }
            Ok(d) => assert!(column == 0, "{text:?} read: {d:?}"),
        }
    }
    // `$$B m0 x`: `m0` is not a first number (it follows a space), so it is part of the title.
    let d = read_sensei("$$B m0 x\n$$ | . |\n", "t.txt").unwrap();
    assert_eq!(d.title, "m0 x");
    // Multi-digit numbers in rows with spaces; `0` is 10.
    let d = read_sensei(
        "$$W\n$$ | 1 2 3 4 |\n$$ | 5 6 7 8 |\n$$ | 9 0 11 12 |\n",
        "t.txt",
    )
    .unwrap();
    assert_eq!(d.moves.len(), 12);
    assert_eq!(d.moves[9].colour, Colour::Black);
    assert_eq!(d.geometry.name(d.moves[9].point), "B1");
    assert_eq!(d.moves[11].colour, Colour::Black);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any text: a diagram or an error with a place, never a panic (the fuzz target's
    /// property).
    #[test]
    fn arbitrary_text_never_panics(text in "(\\$\\$[BWcm0-9 ]{0,4}[ -~]{0,8}\n){0,2}(\\$\\$ ?[-+|.,XOBW#@YQZPCSTM_a-z0-9 {}\\[é]{0,10}\n){0,6}[ -~\n]{0,6}") {
        go_oracle::differential::sensei_read(text.as_bytes()).map_err(TestCaseError::fail)?;
    }

    /// Any bytes, likewise.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let mut data = b"$$B\n$$ ".to_vec();
        data.extend(bytes);
        go_oracle::differential::sensei_read(&data).map_err(TestCaseError::fail)?;
    }
}

/// Every fixture, each cut and each one-byte change of one: the fuzz property holds.
#[test]
fn fixtures_and_their_mutations_hold_the_fuzz_property() {
    use go_oracle::differential::sensei_read;
    for dir in ["good", "bad"] {
        for e in std::fs::read_dir(fixture(dir)).unwrap().flatten() {
            let bytes = std::fs::read(e.path()).unwrap();
            sensei_read(&bytes).unwrap_or_else(|m| panic!("{}: {m}", e.path().display()));
        }
    }
    for name in ["good/ko_fight.sensei", "good/corner_marks.txt"] {
        let bytes = std::fs::read(fixture(name)).unwrap();
        for cut in 0..=bytes.len() {
            sensei_read(&bytes[..cut]).unwrap_or_else(|m| panic!("{name} cut at {cut}: {m}"));
        }
        for i in 0..bytes.len() {
            for b in [
                b'$', b'|', b'-', b'+', b'1', b'0', b'9', b' ', b'\n', b'a', b'_', 0xff,
            ] {
                let mut m = bytes.clone();
                m[i] = b;
                sensei_read(&m).unwrap_or_else(|e| panic!("{name} byte {i} = {b}: {e}"));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// `go-oracle import`.

/// `go-oracle import FIXTURE --ruleset R -o ...`: exit 0, the case loads and passes check.
fn import(name: &str, ruleset: &str) -> (String, go_oracle::parse::case::Case) {
    let stem = Path::new(name).file_stem().unwrap().to_str().unwrap();
    let out = temp_dir().join(format!("{stem}-{ruleset}.yaml"));
    let path = format!("tests/fixtures/sensei/{name}");
    let o = run(&["import", &path, "--ruleset", ruleset, "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let id = format!("{stem}-{ruleset}");
    let case = go_oracle::parse::case::parse_case(&text, s(&out), Some(&id))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let c = run(&["check", s(&out)]);
    assert_eq!(
        c.status.code(),
        Some(0),
        "{text}\n{}\n{}",
        stdout(&c),
        stderr(&c)
    );
    assert!(stdout(&c).contains(" 0 failed"), "{}", stdout(&c));
    (text, case)
}

#[test]
fn import_writes_cases_that_load_and_pass_check() {
    for name in [
        "good/joseki_variation.txt",
        "good/basic_ko.txt",
        "good/ko_fight.sensei",
        "good/corner_marks.txt",
    ] {
        for ruleset in ["tromp-taylor", "naj", "j2003"] {
            let (text, case) = import(name, ruleset);
            assert!(text.contains("computed by go-oracle"), "{text}");
            assert!(text.contains("- sensei\n"), "{text}");
            assert_eq!(case.file.checks[0].ruleset.as_str(), ruleset);
            assert_eq!(
                case.file.source.document,
                format!("tests/fixtures/sensei/{name}")
            );
        }
    }
}

#[test]
fn imported_case_holds_position_moves_labels_marks() {
    let (text, case) = import("good/corner_marks.txt", "tromp-taylor");
    let f = &case.file;
    assert_eq!(f.title.as_deref(), Some("Corner with marks"));
    assert!(f.tags.contains(&"partial-board".to_string()), "{text}");
    let spec = &f.checks[0];
    assert_eq!(spec.ruleset, RulesetId::TrompTaylor);
    assert_eq!(
        spec.position.as_deref(),
        Some(". . . . .\n. # O . .\n# O . . .\n. # . . .\n")
    );
    // Black 5 takes the white stone B2; White 6 follows.
    assert!(
        text.contains("play: B C2\n    removed:\n    - B2"),
        "{text}"
    );
    assert!(text.contains("W C1"), "{text}");
    assert_eq!(
        f.labels.as_deref(),
        Some(". . . . .\n. X O . .\nX O . . a\n. X . . .\n")
    );
    let notes = f.notes.as_deref().unwrap();
    assert!(
        notes.contains("Partial board: the diagram has no edge on its bottom, right sides"),
        "{notes}"
    );
    assert!(notes.contains("B3 (circle on the black stone)"), "{notes}");
    assert!(notes.contains("D1 (square on the empty point)"), "{notes}");
    assert!(
        notes.contains("the diagram's 1 is move 5 (`m5`)"),
        "{notes}"
    );
    assert!(
        notes.contains("The diagram's moves: 5 B C2, 6 W C1."),
        "{notes}"
    );
    assert!(spec.expect.as_ref().unwrap().position.is_some());
}

#[test]
fn imported_ko_recapture_is_illegal() {
    // White 1, Black 2 takes it, White 3 at 1 retakes at once: illegal under every ko rule.
    let (text, case) = import("good/ko_fight.sensei", "naj");
    let spec = &case.file.checks[0];
    assert_eq!(
        spec.to_move,
        Some(go_oracle::parse::case::ColourName::White)
    );
    assert!(
        text.contains("play: W C3\n    legal: false\n    reason: basic-ko"),
        "{text}"
    );
    let (text, _) = import("good/basic_ko.txt", "tromp-taylor");
    assert!(
        text.contains("play: B C3\n    removed:\n    - B3"),
        "{text}"
    );
    assert!(text.contains("whole 5x5 board"), "{text}");
}

#[test]
fn import_exit_2_without_ruleset_and_on_bad_diagrams() {
    let o = run(&["import", "tests/fixtures/sensei/good/basic_ko.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("names no ruleset; give --ruleset R"),
        "{}",
        stderr(&o)
    );
    for (name, words) in [
        ("bad/ragged_row.txt", "bad/ragged_row.txt:4:11: ragged rows"),
        (
            "bad/unknown_symbol.txt",
            "bad/unknown_symbol.txt:4:10: unknown symbol",
        ),
        ("bad/gap_in_numbers.txt", "move 3 is missing"),
        ("bad/duplicate_number.txt", "two moves numbered 2"),
        ("bad/no_board.txt", "no board"),
        ("bad/not_sensei.txt", "no `$$` lines"),
        ("bad/no_liberty.txt", "the stones at A2 have no liberty"),
        (
            "bad/move_on_a_stone.txt",
            "move 3 (B B2) is on a point that holds a stone at that time",
        ),
    ] {
        let path = format!("tests/fixtures/sensei/{name}");
        let o = run(&["import", &path, "--ruleset", "tromp-taylor"]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(words), "{name}: {}", stderr(&o));
    }
}

#[test]
fn sgf_import_is_unchanged_by_the_sensei_path() {
    let o = run(&["import", "tests/fixtures/sgf/good/rect_7x5.sgf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("- sgf\n"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("sensei"), "{}", stdout(&o));
}
