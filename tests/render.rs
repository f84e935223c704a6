//! `go-oracle render` and `go_oracle::render`: every SVG is well-formed XML with the stones,
//! coordinates and hoshi of its position; the output is byte-stable (and one golden file
//! holds it: `UPDATE_GOLDEN=1 cargo test --release --test integration -- render::`
//! rewrites it); every check of the corpus renders; bad input exits 2 with a message.

use go_oracle::engine::Engine;
use go_oracle::geometry::{Cell, Colour, Geometry, Position};
use go_oracle::optimized::Optimized;
use go_oracle::parse::case::{load_case, Case};
use go_oracle::parse::diagram::parse_position;
use go_oracle::render::{self, available_marks, CheckOptions, Diagram, MarkKind, MarksFrom};
use go_oracle::runner::case_files;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::ask::{Flip, Flipped};
use crate::common;
use common::{run, stderr, temp};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Parses the SVG (panics with the text if it is not well-formed) and checks the root.
fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("not well-formed XML ({e}):\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    doc
}

fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn texts(doc: &roxmltree::Document<'_>, class: &str) -> Vec<String> {
    with_class(doc, class)
        .iter()
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

fn diagram(text: &str) -> Diagram {
    let (g, p) = parse_position(text).unwrap();
    Diagram::position(g, p)
}

const POSITION: &str = "\
. . . . .
. # O . .
. # O O .
. . # . .
. . . . .
";

#[test]
fn stones_coordinates_and_no_hoshi_on_a_small_board() {
    let svg = render::svg(&diagram(POSITION));
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "stone black").len(), 3);
    assert_eq!(with_class(&doc, "stone white").len(), 3);
    assert_eq!(with_class(&doc, "hoshi").len(), 0);
    let coords = texts(&doc, "coord");
    // Letters above and below, numbers left and right.
    for c in ["A", "B", "C", "D", "E", "1", "5"] {
        assert_eq!(
            coords.iter().filter(|t| *t == c).count(),
            2,
            "{c}: {coords:?}"
        );
    }
}

#[test]
fn rows_are_numbered_from_the_bottom_and_stones_sit_on_their_rows() {
    // One black stone at A1 (bottom left): its circle must be level with the row label `1`
    // and below the one of `2`.
    let svg = render::svg(&diagram(". .\n# .\n"));
    let doc = parse(&svg);
    let stone = &with_class(&doc, "stone black")[0];
    let cy: f64 = stone.attribute("cy").unwrap().parse().unwrap();
    let row_y = |label: &str| -> f64 {
        with_class(&doc, "coord")
            .iter()
            .find(|n| n.text() == Some(label))
            .unwrap()
            .attribute("y")
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!((row_y("1") - 4.0 - cy).abs() < 0.01, "{svg}");
    assert!(row_y("2") < row_y("1"));
}

#[test]
fn hoshi_on_9x9_and_19x19_and_columns_skip_i() {
    for (side, hoshi) in [(9, 5), (13, 5), (19, 9), (25, 9), (7, 0)] {
        let g = Geometry::rect(side, side).unwrap();
        let mut p = Position::empty(g.len());
        p.set(0, Cell::Stone(Colour::White));
        let svg = render::svg(&Diagram::position(g, p));
        let doc = parse(&svg);
        assert_eq!(with_class(&doc, "hoshi").len(), hoshi, "{side}x{side}");
        assert_eq!(with_class(&doc, "stone white").len(), 1);
        let coords = texts(&doc, "coord");
        assert!(!coords.contains(&"I".to_string()));
        assert!(coords.contains(&side.to_string()));
        if side >= 9 {
            assert!(coords.contains(&"J".to_string()));
        }
    }
}

#[test]
fn graph_boards_are_drawn_as_graphs() {
    let g = Geometry::graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 2)]).unwrap();
    let mut p = Position::empty(5);
    p.set(1, Cell::BLACK);
    p.set(3, Cell::WHITE);
    let svg = render::svg(&Diagram::position(g, p));
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "node").len(), 5);
    assert_eq!(with_class(&doc, "stone black").len(), 1);
    assert_eq!(with_class(&doc, "stone white").len(), 1);
    let edges = with_class(&doc, "edges")[0]
        .attribute("d")
        .unwrap()
        .to_string();
    assert_eq!(edges.matches('M').count(), 6);
    let names = texts(&doc, "coord");
    assert_eq!(names, ["p0", "p1", "p2", "p3", "p4"]);
}

#[test]
fn text_is_escaped() {
    let mut d = diagram(POSITION);
    d.title = Some("<a & b>".into());
    d.notes.push("\"quoted\" & 'single' <tag> -- dashes".into());
    d.comments.push("a --- comment <x> -".into());
    let svg = render::svg(&d);
    let doc = parse(&svg);
    assert_eq!(texts(&doc, "title"), ["<a & b>"]);
    assert!(texts(&doc, "note")
        .join(" ")
        .contains("\"quoted\" & 'single' <tag>"));
}

fn case(path: &str) -> Case {
    load_case(&root().join(path)).unwrap()
}

fn render_check(c: &Case, index: usize, step: Option<usize>, marks: Option<MarkKind>) -> String {
    let engines: Vec<Arc<dyn Engine>> = vec![Arc::new(Optimized::default())];
    let options = CheckOptions {
        step,
        marks,
        marks_from: MarksFrom::Engines(&engines),
    };
    render::svg(&render::from_check(c, index, engines[0].as_ref(), options).unwrap())
}

const GOLDEN_CASE: &str = "oracle-cases/naj-commentary/long-cycle-2-triple-ko.yaml";

#[test]
fn a_check_with_moves_numbers_and_captures() {
    let c = case(GOLDEN_CASE);
    let svg = render_check(&c, 0, None, None);
    let doc = parse(&svg);
    let numbers = texts(&doc, "number");
    assert_eq!(numbers.len(), 6, "{numbers:?}");
    let notes = texts(&doc, "note").join("\n");
    assert!(notes.contains("B 1 at A3 removes A2"), "{notes}");
    // Step 2: two numbers only.
    let svg = render_check(&c, 0, Some(2), None);
    let doc = parse(&svg);
    assert_eq!(texts(&doc, "number"), ["1", "2"]);
    assert!(texts(&doc, "note")[0].contains("moves 1-2 of 6"));
}

#[test]
fn rendering_is_byte_stable_and_matches_the_golden_file() {
    let c = case(GOLDEN_CASE);
    let a = render_check(&c, 0, None, None);
    let b = render_check(&c, 0, None, None);
    assert_eq!(a, b);
    // The same through the command line.
    let out = run(&["render", GOLDEN_CASE, "-o", "-"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), a);
    let golden = root().join("tests/render/golden/long-cycle-2-triple-ko.svg");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
        std::fs::write(&golden, &a).unwrap();
    }
    let want = std::fs::read_to_string(&golden)
        .unwrap_or_else(|e| panic!("{}: {e}; rewrite it with UPDATE_GOLDEN=1", golden.display()));
    pretty_assertions::assert_eq!(
        want,
        a,
        "rewrite with UPDATE_GOLDEN=1 if the change is meant"
    );
}

#[test]
fn marks_have_a_legend_and_say_where_they_come_from() {
    let c = case("oracle-cases/j2003-shapes/seki.yaml");
    let svg = render_check(&c, 0, None, Some(MarkKind::Statuses));
    let doc = parse(&svg);
    assert!(!with_class(&doc, "mark").is_empty());
    assert!(texts(&doc, "legend")
        .iter()
        .any(|t| t.starts_with("uncapturable")));
    assert!(svg.contains("<!-- marks: statuses computed by the"));
    let c = case("oracle-cases/ljr/control-graph.yaml");
    let svg = render_check(&c, 0, None, Some(MarkKind::Control));
    let doc = parse(&svg);
    assert!(texts(&doc, "legend")
        .iter()
        .any(|t| t.starts_with("black control")));
}

/// Marks asked of several engines go through the door that compares them: what they agree
/// on is marked with its status, what they decide differently with the disagreement mark
/// (never one engine's answer), and the legend names both engines. (A liar flips every
/// J2003 status check; every VJR question; the first LJR location.)
#[test]
fn marks_from_engines_that_disagree_say_so() {
    let marks_of = |path: &str, kind: MarkKind, liar: Flip| {
        let c = case(path);
        // The liar first: the moves are played on the last engine, as `render` does.
        let engines: Vec<Arc<dyn Engine>> =
            vec![Arc::new(Flipped(liar)), Arc::new(Optimized::default())];
        let options = CheckOptions {
            step: None,
            marks: Some(kind),
            marks_from: MarksFrom::Engines(&engines),
        };
        render::svg(&render::from_check(&c, 0, engines[1].as_ref(), options).unwrap())
    };
    let legend = |svg: &str| texts(&parse(svg), "legend");
    // Agreeing engines (the liar flips nothing J2003 asks): statuses, no disagreement.
    let agreed = marks_of(
        "oracle-cases/j2003-shapes/seki.yaml",
        MarkKind::Statuses,
        Flip::Count,
    );
    assert!(
        legend(&agreed)
            .iter()
            .any(|t| t.starts_with("uncapturable")),
        "{agreed}"
    );
    assert!(!legend(&agreed)
        .iter()
        .any(|t| t.starts_with("the engines disagree")));
    assert!(
        agreed.contains("<!-- marks: statuses computed by the flipped-count and optimized engines")
    );
    // J2003: every string decided differently.
    let j2003 = marks_of(
        "oracle-cases/j2003-shapes/seki.yaml",
        MarkKind::Statuses,
        Flip::J2003,
    );
    let l = legend(&j2003);
    assert!(
        l.iter().any(|t| t.starts_with("the engines disagree")),
        "{l:?}"
    );
    assert!(!l.iter().any(|t| t.starts_with("uncapturable")), "{l:?}");
    // LJR control: the first location only.
    let ljr = marks_of(
        "oracle-cases/ljr/control-graph.yaml",
        MarkKind::Control,
        Flip::Ljr,
    );
    let l = legend(&ljr);
    assert!(l.iter().any(|t| t == "the engines disagree (1)"), "{l:?}");
}

#[test]
fn territory_of_a_tromp_taylor_position() {
    // Tromp-Taylor area from a diagram file: the two empty points left of the black wall
    // count for Black, the rest for White.
    let p = temp("area.txt", ". # O .\n. # O .\n");
    let out = run(&[
        "render",
        p.to_str().unwrap(),
        "--marks",
        "territory",
        "-o",
        "-",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = parse(&svg);
    // Four points and the two legend lines.
    assert_eq!(with_class(&doc, "mark").len(), 4 + 2);
    let legend = texts(&doc, "legend");
    assert_eq!(
        legend,
        [
            "black area (empty point) (2)",
            "white area (empty point) (2)"
        ]
    );
}

/// Every check of the corpus, every move count at its end, without marks and with each
/// kind of marks its ruleset has, taken from the expectations (computing statuses here
/// would be slow); a missing expectation is the only error allowed.
#[test]
fn every_check_of_the_corpus_renders() {
    let engine = Optimized::default();
    let files = case_files(&[root().join("oracle-cases")]).unwrap();
    assert!(files.len() > 50);
    let mut rendered = 0;
    for f in files {
        let c = load_case(&f).unwrap();
        for (i, check) in c.checks.iter().enumerate() {
            let mut kinds: Vec<Option<MarkKind>> = vec![None];
            kinds.extend(available_marks(check).into_iter().map(Some));
            for marks in kinds {
                let options = CheckOptions {
                    step: None,
                    marks,
                    marks_from: MarksFrom::Expectations,
                };
                match render::from_check(&c, i, &engine, options) {
                    Ok(d) => {
                        let svg = render::svg(&d);
                        let doc = parse(&svg);
                        let stones = with_class(&doc, "stone black").len()
                            + with_class(&doc, "stone white").len();
                        assert_eq!(stones, d.position.len() - d.position.count(Cell::Empty));
                        rendered += 1;
                    }
                    Err(e) if marks.is_some() && e.contains("has no expected") => {}
                    Err(e) => panic!("{}::{}: {e}", f.display(), check.name),
                }
            }
        }
    }
    assert!(rendered > 100, "{rendered}");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let out_path = std::env::temp_dir().join("go-oracle-render-unused.svg");
    let out = out_path.to_str().unwrap();
    let missing = run(&["render", "no-such-file.txt", "-o", out]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("no-such-file.txt: cannot read"),
        "{}",
        stderr(&missing)
    );

    let bad = temp("bad.txt", ". # Q\n. . .\n");
    let o = run(&["render", bad.to_str().unwrap(), "-o", out]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.txt"), "{}", stderr(&o));

    let o = run(&["render", GOLDEN_CASE, "--check", "nope", "-o", out]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("long-cycle-2-triple-ko.yaml: no check named `nope`; the checks are: najn"),
        "{e}"
    );

    let o = run(&["render", GOLDEN_CASE, "--step", "99", "-o", out]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("--step 99 is beyond the moves of check `najn`: it has 6 moves"),
        "{e}"
    );

    let o = run(&["render", GOLDEN_CASE, "--marks", "statuses", "-o", out]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains(
            "--marks statuses is not available for check `najn` (ruleset najn); available: control"
        ),
        "{e}"
    );

    let diagram_file = temp("d.txt", POSITION);
    let o = run(&[
        "render",
        diagram_file.to_str().unwrap(),
        "--step",
        "1",
        "-o",
        out,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("need a case file"), "{}", stderr(&o));

    let o = run(&[
        "render",
        diagram_file.to_str().unwrap(),
        "--marks",
        "statuses",
        "-o",
        out,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--marks statuses needs a case file"),
        "{}",
        stderr(&o)
    );

    let o = run(&[
        "render",
        diagram_file.to_str().unwrap(),
        "-o",
        "/no/such/dir/x.svg",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("/no/such/dir/x.svg: cannot write"),
        "{}",
        stderr(&o)
    );

    // -o is required.
    let o = run(&["render", diagram_file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("panicked"));
    assert!(!stderr(&missing).contains("panicked"));
}

#[test]
fn writes_the_file_given_with_o() {
    let dir = std::env::temp_dir().join(format!("go-oracle-render-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("x.svg");
    let o = run(&[
        "render",
        GOLDEN_CASE,
        "--marks",
        "control",
        "--marks-from",
        "expectations",
        "-o",
        out.to_str().unwrap(),
    ]);
    // This check has no control diagram: a message, exit 2.
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("has no expected control diagram"));
    let o = run(&["render", GOLDEN_CASE, "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    parse(&std::fs::read_to_string(Path::new(&out)).unwrap());
}

/// The documents' pictures are what `render` draws today: the manual's (docs/cli.md,
/// `render`) and the README's (its example position), each shown by its page.
#[test]
fn the_documents_pictures_are_current() {
    let pictures: [(&[&str], &str, &str, &str); 2] = [
        (
            &[
                "render",
                "oracle-cases/tromp-taylor/tt1-tutorial-5x5.yaml",
                "--marks",
                "territory",
                "-o",
                "-",
            ],
            "docs/images/tt1-tutorial-5x5.svg",
            "docs/cli.md",
            "](images/tt1-tutorial-5x5.svg)",
        ),
        (
            &["render", "docs/examples/dead-stone.txt", "-o", "-"],
            "docs/images/dead-stone.svg",
            "README.md",
            "](docs/images/dead-stone.svg)",
        ),
    ];
    for (args, picture, page, link) in pictures {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let svg = String::from_utf8(out.stdout).unwrap();
        parse(&svg);
        let file = root().join(picture);
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&file, &svg).unwrap();
        }
        let want = std::fs::read_to_string(&file).unwrap();
        assert!(
            want == svg,
            "{} is out of date: rewrite it with UPDATE_GOLDEN=1",
            file.display()
        );
        assert!(
            std::fs::read_to_string(root().join(page))
                .unwrap()
                .contains(link),
            "{page} does not show {picture} (`{link}`)"
        );
    }
}

#[test]
fn labels_of_the_case_and_later_plays_on_a_point() {
    let c = case("oracle-cases/naj-commentary/unexpected-6-double-ko-seki-bent-four-ko.yaml");
    let svg = render_check(&c, 0, None, None);
    let doc = parse(&svg);
    let labels = texts(&doc, "label");
    for l in ["a", "d", "k"] {
        assert!(labels.contains(&l.to_string()), "{labels:?}");
    }
    // Tromp's tutorial: move 24 is played where 10 was captured.
    let c = case("oracle-cases/tromp-taylor/tt1-tutorial-5x5.yaml");
    let svg = render_check(&c, 0, None, None);
    let doc = parse(&svg);
    let notes = texts(&doc, "note");
    assert!(notes.contains(&"24 at 10".to_string()), "{notes:?}");
    assert!(!texts(&doc, "number").contains(&"24".to_string()));
    assert!(!with_class(&doc, "captured").is_empty());
}

#[test]
fn the_largest_rectangle() {
    let g = Geometry::rect(25, 19).unwrap();
    let mut p = Position::empty(g.len());
    p.set(g.parse_gtp("Z19").unwrap(), Cell::BLACK);
    p.set(g.parse_gtp("A1").unwrap(), Cell::WHITE);
    let svg = render::svg(&Diagram::position(g, p));
    let doc = parse(&svg);
    let coords = texts(&doc, "coord");
    assert!(coords.contains(&"Z".to_string()) && coords.contains(&"19".to_string()));
    assert!(!coords.contains(&"20".to_string()));
    // Corners on the 4th line, the middle of the odd sides, the centre: 3 x 3.
    assert_eq!(with_class(&doc, "hoshi").len(), 9);
    let black = &with_class(&doc, "stone black")[0];
    let white = &with_class(&doc, "stone white")[0];
    let f =
        |n: &roxmltree::Node<'_, '_>, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
    // Z19 is top right, A1 bottom left.
    assert!(f(black, "cx") > f(white, "cx") && f(black, "cy") < f(white, "cy"));
}
