//! The doors agree: random games on small boards under every ruleset, replayed through each
//! door that plays moves — the runner (`runner::replay` of a case written for the game),
//! the session API, `go-oracle play --json`, the GTP referee and render's diagram — give
//! the same legality and reason at every step (undetermined included), the same positions,
//! prisoners, game end and score. A door that applied a rule of its own (or missed one,
//! as `play` and `gtp` once missed J2003's J-19) fails here.

use crate::common;

use common::{json, run, temp};
use go_oracle::engine::{Engine, Move};
use go_oracle::geometry::{Colour, Geometry, Position};
use go_oracle::gtp::referee::{Config as RefereeConfig, Referee};
use go_oracle::ljr::CycleChoice;
use go_oracle::optimized::Optimized;
use go_oracle::parse::case::parse_case;
use go_oracle::parse::diagram::parse_position;
use go_oracle::parse::gtp::parse_command;
use go_oracle::reference::Reference;
use go_oracle::render::{from_check, CheckOptions, MarksFrom};
use go_oracle::rules::RulesetId;
use go_oracle::session::{Action, Config, Session, Verdict};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A start the generator plays from: ruleset, diagram, engines, budget.
struct Scene {
    ruleset: RulesetId,
    diagram: &'static str,
    both_engines: bool,
    budget: u64,
}

/// Small boards where each ruleset's own rules show: kos, a direct ko stone (J-19, decided
/// by the optimized engine within this budget; undetermined for the reference at a small
/// one), LJR cycles, NAJN long cycles.
const SCENES: &[Scene] = &[
    Scene {
        ruleset: RulesetId::TrompTaylor,
        diagram: ". # O .\n# O . O\n",
        both_engines: true,
        budget: 1000,
    },
    Scene {
        ruleset: RulesetId::TrompLogical,
        diagram: ". . .\n. . .\n",
        both_engines: true,
        budget: 1000,
    },
    Scene {
        ruleset: RulesetId::Naj,
        diagram: ". # O .\n# O . O\n",
        both_engines: true,
        budget: 1000,
    },
    Scene {
        ruleset: RulesetId::Najn,
        diagram: ". # O .\n# O . O\n",
        both_engines: true,
        budget: 1000,
    },
    Scene {
        ruleset: RulesetId::J2003,
        diagram: ". . # # # O .\n",
        both_engines: false,
        budget: 300_000,
    },
    Scene {
        ruleset: RulesetId::J2003,
        diagram: ". . # # # O .\n",
        both_engines: true,
        budget: 300,
    },
    Scene {
        ruleset: RulesetId::J2003,
        diagram: ". . .\n. . .\n",
        both_engines: true,
        budget: 3000,
    },
    Scene {
        ruleset: RulesetId::Ljr,
        diagram: ". # O .\n# O . O\n. # O .\n",
        both_engines: true,
        budget: 2000,
    },
    Scene {
        ruleset: RulesetId::Ljr,
        diagram: ". . .\n",
        both_engines: true,
        budget: 2000,
    },
    Scene {
        ruleset: RulesetId::Vjr,
        diagram: ". # O .\n# O . O\n",
        both_engines: true,
        budget: 2000,
    },
];

/// Each door runs on one engine at a time (`--engine`), so that an engine out of budget is
/// compared with the same engine's answer in every door.
#[derive(Clone, Copy, Debug)]
enum One {
    Reference,
    Optimized,
}

impl One {
    fn engine(self) -> Arc<dyn Engine> {
        match self {
            One::Reference => Arc::new(Reference),
            One::Optimized => Arc::new(Optimized::default()),
        }
    }
    fn flag(self) -> &'static str {
        match self {
            One::Reference => "reference",
            One::Optimized => "optimized",
        }
    }
}

/// What a door says about one step: legal (`Some(true)`), illegal (`Some(false)`) with the
/// reason, or undetermined (`None`); and the points it emptied.
#[derive(Clone, Debug, PartialEq)]
struct StepSaid {
    legal: Option<bool>,
    reason: Option<String>,
    removed: Vec<String>,
}

/// What a door says about a whole game.
#[derive(Clone, Debug, PartialEq)]
struct GameSaid {
    steps: Vec<StepSaid>,
    /// Rows top to bottom, after the last step made.
    position: Vec<String>,
    prisoners: (u32, u32),
    game_over: bool,
}

/// A game written as `COLOUR TURN` pairs.
struct Written {
    moves: Vec<(Colour, String)>,
}

fn names(g: &Geometry, v: &[usize]) -> Vec<String> {
    v.iter().map(|&p| g.name(p).to_string()).collect()
}

/// The session door. Without `given` it writes the game (each move by the player the
/// session says is to move, from `seed`); with it, it replays the given moves.
fn session_door(
    scene: &Scene,
    one: One,
    given: Option<&Written>,
    seed: u64,
) -> (Written, GameSaid) {
    let (geometry, position) = parse_position(scene.diagram).unwrap();
    let mut session = Session::new(
        Config {
            ruleset: scene.ruleset,
            patch: Default::default(),
            komi: 0.0,
            budget: scene.budget,
            independent_life: Default::default(),
            engines: vec![one.engine()],
        },
        geometry.clone(),
    )
    .unwrap();
    session
        .restart(
            geometry.clone(),
            go_oracle::engine::Start {
                position,
                to_move: Colour::Black,
                handicap: 0,
                prisoners: Default::default(),
            },
            Vec::new(),
        )
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut steps = Vec::new();
    let ljr = scene.ruleset == RulesetId::Ljr;
    let length = given.map_or_else(|| rng.gen_range(4..16), |w| w.moves.len());
    for k in 0..length {
        let colour = session.to_move();
        let r: f64 = rng.gen();
        let (text, action) = if let Some(w) = given {
            let (c, t) = &w.moves[k];
            assert_eq!(*c, colour, "move {} `{t}` is for {c}", k + 1);
            let action = match t.as_str() {
                "pass" => Action::from(Move::Pass),
                "cycle" => Action {
                    mv: Move::Pass,
                    remove_cycle: Some(CycleChoice::MostRecent),
                },
                n if n.starts_with("cycle@") => Action {
                    mv: Move::Pass,
                    remove_cycle: Some(CycleChoice::At(n[6..].parse().unwrap())),
                },
                n => Move::Play(geometry.parse_gtp(n).unwrap()).into(),
            };
            (t.clone(), action)
        } else if r < 0.25 {
            ("pass".to_string(), Action::from(Move::Pass))
        } else if ljr && r < 0.32 {
            (
                "cycle".to_string(),
                Action {
                    mv: Move::Pass,
                    remove_cycle: Some(CycleChoice::MostRecent),
                },
            )
        } else if ljr && r < 0.36 {
            // `cycle@K` names the cycle by the situation it starts at (L-7): any K of the
            // game so far, most of which start no disturbing cycle (an illegal turn).
            let at = rng.gen_range(0..=k);
            (
                format!("cycle@{at}"),
                Action {
                    mv: Move::Pass,
                    remove_cycle: Some(CycleChoice::At(at)),
                },
            )
        } else {
            let p = rng.gen_range(0..geometry.len());
            (geometry.name(p).to_string(), Move::Play(p).into())
        };
        moves.push((colour, text));
        let v = session.play(colour, action).unwrap().verdict;
        match v {
            Verdict::Agreed(Ok(d)) => steps.push(StepSaid {
                legal: Some(true),
                reason: None,
                removed: names(&geometry, &d.removed),
            }),
            Verdict::Agreed(Err(r)) => steps.push(StepSaid {
                legal: Some(false),
                reason: Some(r.as_str().to_string()),
                removed: Vec::new(),
            }),
            Verdict::Undetermined { .. } => {
                steps.push(StepSaid {
                    legal: None,
                    reason: None,
                    removed: Vec::new(),
                });
                break;
            }
            Verdict::Disagreed(v) => panic!("the engines disagree: {v:?}"),
        }
        // A check is one move-sequence: the game ends where the ruleset ends it. (A play
        // after the end starts a new move-sequence in a session, and `import` cuts a new
        // check there; `tests/gtp/after-end.tst` and `tests/sgf_import.rs` cover that.)
        if session.is_over() {
            break;
        }
    }
    let p = session.prisoners();
    let said = GameSaid {
        steps,
        position: session.position().rows(&geometry),
        prisoners: (p.black, p.white),
        game_over: session.is_over(),
    };
    (Written { moves }, said)
}

/// The case file a game becomes (one check, no expectations).
fn case_text(scene: &Scene, w: &Written) -> String {
    let moves: Vec<String> = w
        .moves
        .iter()
        .map(|(c, t)| format!("{} {t}", c.letter()))
        .collect();
    let indented: String = scene
        .diagram
        .lines()
        .map(|l| format!("      {l}\n"))
        .collect();
    // LJR has one budget (control); the others' J-19 analysis uses the solver budget.
    let budgets = if scene.ruleset == RulesetId::Ljr {
        format!("    budget: {}\n", scene.budget)
    } else {
        format!("    solver-budget: {}\n", scene.budget)
    };
    format!(
        "id: doors\ntitle: doors\nsource:\n  document: tests/doors.rs\nchecks:\n  - name: game\n    ruleset: {}\n{budgets}    position: |\n{indented}    moves: [\"{}\"]\n",
        scene.ruleset,
        moves.join(", ")
    )
}

/// The runner door: `runner::replay` of the case, on every engine.
fn runner_door(scene: &Scene, one: One, w: &Written) -> GameSaid {
    let text = case_text(scene, w);
    let case = parse_case(&text, "doors.yaml", None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let check = &case.checks[0];
    {
        let e = one.engine();
        let t = go_oracle::runner::replay(e.as_ref(), check)
            .unwrap()
            .unwrap();
        let said = if let Some(l) = t.ljr() {
            let g = &check.ljr().unwrap().geometry;
            GameSaid {
                steps: l
                    .steps
                    .iter()
                    .map(|s| StepSaid {
                        legal: Some(s.result.is_ok()),
                        reason: s.result.as_ref().err().map(|r| r.as_str().to_string()),
                        removed: s
                            .result
                            .as_ref()
                            .map(|d| names(g, &d.captured))
                            .unwrap_or_default(),
                    })
                    .collect(),
                position: l.position.rows(g),
                prisoners: (l.captives.black, l.captives.white),
                game_over: l.game_over,
            }
        } else {
            let g = &check.geometry;
            let mut steps: Vec<StepSaid> = t
                .steps
                .iter()
                .map(|s| StepSaid {
                    legal: Some(s.result.is_ok()),
                    reason: s.result.as_ref().err().map(|r| r.as_str().to_string()),
                    removed: s.result.as_ref().map(|r| names(g, r)).unwrap_or_default(),
                })
                .collect();
            if t.j2003().is_some_and(|j| j.pass_undetermined) {
                steps.push(StepSaid {
                    legal: None,
                    reason: None,
                    removed: Vec::new(),
                });
            }
            GameSaid {
                steps,
                position: t.position.rows(g),
                prisoners: (t.prisoners.black, t.prisoners.white),
                game_over: t.game_over,
            }
        };
        said
    }
}

/// The `play --json` door.
fn play_door(scene: &Scene, one: One, w: &Written, seed: u64) -> GameSaid {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let setup = temp(&format!("doors-{seed}-{n}.txt"), scene.diagram);
    let budget = scene.budget.to_string();
    let mut args: Vec<String> = [
        "play",
        "--json",
        "--ruleset",
        scene.ruleset.as_str(),
        "--setup",
        setup.to_str().unwrap(),
        "--budget",
        &budget,
        "--engine",
        one.flag(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for (c, t) in &w.moves {
        args.push(c.letter().to_string());
        args.push(t.clone());
    }
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&argv);
    let v = json(&o);
    let steps = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| StepSaid {
            legal: s["legal"].as_bool(),
            reason: s["reason"].as_str().map(str::to_string),
            removed: s["captured"]
                .as_array()
                .map(|a| a.iter().map(|x| x.as_str().unwrap().to_string()).collect())
                .unwrap_or_default(),
        })
        .collect();
    let p = if v["prisoners"].is_object() {
        &v["prisoners"]
    } else {
        &v["captives"]
    };
    GameSaid {
        steps,
        position: v["final"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect(),
        prisoners: (
            p["black"].as_u64().unwrap() as u32,
            p["white"].as_u64().unwrap() as u32,
        ),
        game_over: v["game_over"].as_bool().unwrap(),
    }
}

/// The GTP door (the referee the `gtp` command runs); `None` for games with LJR cycle
/// removals, which GTP cannot express.
fn gtp_door(scene: &Scene, one: One, w: &Written) -> Option<GameSaid> {
    if w.moves.iter().any(|(_, t)| t.starts_with("cycle")) {
        return None;
    }
    let (geometry, position) = parse_position(scene.diagram).unwrap();
    let mut referee = RefereeConfig {
        ruleset: scene.ruleset,
        patch: Default::default(),
        komi: 0.0,
        seed: 0,
        budget: scene.budget,
        independent_life: Default::default(),
        engines: vec![one.engine()],
        without: Vec::new(),
        time_limit: None,
    };
    referee.engines = vec![one.engine()];
    let mut r = Referee::new(referee).unwrap();
    let (w_, h) = geometry.rect_size().unwrap();
    let mut send = |line: &str| r.handle(&parse_command(line).unwrap());
    send(&format!("rectangular_boardsize {w_} {h}")).unwrap();
    // The set-up stones, by out-of-turn plays (each starts a new move-sequence), then Black
    // to move: the same start as the others' (no earlier position to repeat).
    let stones: Vec<(Colour, usize)> = geometry
        .points()
        .filter_map(|p| match position.get(p) {
            go_oracle::geometry::Cell::Stone(c) => Some((c, p)),
            _ => None,
        })
        .collect();
    if !stones.is_empty() {
        let mut sgf = format!("(;GM[1]FF[4]SZ[{w_}:{h}]PL[B]");
        for (tag, colour) in [("AB", Colour::Black), ("AW", Colour::White)] {
            let pts: Vec<String> = stones
                .iter()
                .filter(|(c, _)| *c == colour)
                .map(|(_, p)| {
                    let (x, y) = (p % w_, p / w_);
                    format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
                })
                .collect();
            if !pts.is_empty() {
                sgf.push_str(&format!("{tag}{}", pts.concat()));
            }
        }
        sgf.push(')');
        // One file per call: the tests of this file run in parallel in one process.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let f = temp(&format!("doors-{}-{n}.sgf", std::process::id()), &sgf);
        send(&format!("loadsgf {}", f.display())).unwrap();
    }
    let mut steps = Vec::new();
    for (c, t) in &w.moves {
        let before = (send("captures b").unwrap(), send("captures w").unwrap());
        let stones_before = (
            send("list_stones b").unwrap(),
            send("list_stones w").unwrap(),
        );
        match send(&format!("play {} {t}", c.letter())) {
            Ok(_) => {
                let after_b = send("list_stones b").unwrap();
                let after_w = send("list_stones w").unwrap();
                let gone = |before: &str, after: &str| -> Vec<String> {
                    before
                        .split_whitespace()
                        .filter(|s| !after.split_whitespace().any(|a| a == *s))
                        .map(str::to_string)
                        .collect()
                };
                // The stones before and the new stone (a suicide removes it too).
                let with_new = |before: &str, colour: Colour| {
                    let mut v = before.to_string();
                    if *c == colour && t != "pass" {
                        v.push(' ');
                        v.push_str(&t.to_ascii_uppercase());
                    }
                    v
                };
                let mut removed = gone(&with_new(&stones_before.0, Colour::Black), &after_b);
                removed.extend(gone(&with_new(&stones_before.1, Colour::White), &after_w));
                removed.sort_by_key(|n| geometry.parse_gtp(n));
                let _ = before;
                steps.push(StepSaid {
                    legal: Some(true),
                    reason: None,
                    removed,
                });
            }
            Err(e) if e.starts_with("illegal move (") => steps.push(StepSaid {
                legal: Some(false),
                reason: Some(e["illegal move (".len()..e.len() - 1].to_string()),
                removed: Vec::new(),
            }),
            Err(e) if e.starts_with("undetermined") => {
                steps.push(StepSaid {
                    legal: None,
                    reason: None,
                    removed: Vec::new(),
                });
                break;
            }
            Err(e) => panic!("gtp: play {} {t}: {e}", c.letter()),
        }
    }
    let board = send("showboard").unwrap();
    let rows = position_rows(
        &geometry,
        &send("list_stones b").unwrap(),
        &send("list_stones w").unwrap(),
    );
    Some(GameSaid {
        steps,
        position: rows,
        prisoners: (
            send("captures b").unwrap().parse().unwrap(),
            send("captures w").unwrap().parse().unwrap(),
        ),
        game_over: board.contains("game over"),
    })
}

fn position_rows(g: &Geometry, black: &str, white: &str) -> Vec<String> {
    let mut p = Position::empty(g.len());
    for (list, c) in [(black, Colour::Black), (white, Colour::White)] {
        for n in list.split_whitespace() {
            p.set(g.parse_gtp(n).unwrap(), go_oracle::geometry::Cell::Stone(c));
        }
    }
    p.rows(g)
}

/// The render door: the diagram's final position and its notes of illegal moves.
fn render_door(scene: &Scene, one: One, w: &Written) -> (Vec<String>, Vec<(usize, String)>) {
    let text = case_text(scene, w);
    let case = parse_case(&text, "doors.yaml", None).unwrap();
    let re = regex::Regex::new(r"^[BW] (\d+) at .*: illegal \(([a-z-]+)\)$").unwrap();
    {
        let e = one.engine();
        let d = from_check(
            &case,
            0,
            e.as_ref(),
            CheckOptions {
                step: None,
                marks: None,
                marks_from: MarksFrom::Expectations,
            },
        )
        .unwrap();
        let illegal = d
            .notes
            .iter()
            .filter_map(|n| re.captures(n))
            .map(|c| (c[1].parse().unwrap(), c[2].to_string()))
            .collect();
        (d.position.rows(&d.geometry), illegal)
    }
}

fn doors_agree(scene_index: usize, seed: u64) {
    let scene = &SCENES[scene_index];
    let (w, _) = session_door(scene, One::Optimized, None, seed);
    let game: Vec<String> = w
        .moves
        .iter()
        .map(|(c, t)| format!("{} {t}", c.letter()))
        .collect();
    let ones: &[One] = if scene.both_engines {
        &[One::Reference, One::Optimized]
    } else {
        &[One::Optimized]
    };
    for &one in ones {
        let (_, said) = session_door(scene, one, Some(&w), seed);
        let context = format!(
            "{} on\n{}moves: {}\nengine: {one:?}\n(session: {said:?})",
            scene.ruleset,
            scene.diagram,
            game.join(", ")
        );
        assert_eq!(
            runner_door(scene, one, &w),
            said,
            "runner vs session\n{context}"
        );
        assert_eq!(
            play_door(scene, one, &w, seed),
            said,
            "play --json vs session\n{context}"
        );
        if let Some(g) = gtp_door(scene, one, &w) {
            assert_eq!(g, said, "gtp vs session\n{context}");
        }
        let illegal: Vec<(usize, String)> = said
            .steps
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.reason.clone().map(|r| (i + 1, r)))
            .collect();
        let (position, notes) = render_door(scene, one, &w);
        assert_eq!(position, said.position, "render position\n{context}");
        assert_eq!(notes, illegal, "render illegal moves\n{context}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]
    #[test]
    fn every_door_gives_the_same_game(scene in 0..SCENES.len(), seed in any::<u64>()) {
        doors_agree(scene, seed);
    }
}

/// The J-19 game every door must refuse the same way (direct-ko-stone.yaml,
/// ending-pass-refused), in every door.
#[test]
fn direct_ko_pass_is_refused_by_every_door() {
    let scene = &SCENES[4];
    let w = Written {
        moves: vec![
            (Colour::Black, "pass".into()),
            (Colour::White, "pass".into()),
            (Colour::White, "A1".into()),
            (Colour::Black, "G1".into()),
            (Colour::White, "pass".into()),
            (Colour::Black, "pass".into()),
        ],
    };
    let one = One::Optimized;
    let said = &runner_door(scene, one, &w);
    assert_eq!(
        said.steps[1].reason.as_deref(),
        Some("direct-ko"),
        "{said:?}"
    );
    assert!(said.game_over);
    assert_eq!(&session_door(scene, one, Some(&w), 0).1, said);
    assert_eq!(&play_door(scene, one, &w, 1), said);
    assert_eq!(gtp_door(scene, one, &w).as_ref(), Some(said));
    assert_eq!(
        render_door(scene, one, &w).1,
        vec![(2, "direct-ko".to_string())]
    );
}

/// LJR cycle removals named by situation (`cycle@K`, L-7), in every door that can say them
/// (disturbing-cycle.yaml, same-cycle-by-index): S3 starts no cycle, S1 starts the one White
/// removes.
#[test]
fn cycle_removal_by_index_is_the_same_in_every_door() {
    let scene = &SCENES[7];
    let turns = [
        "B C2",
        "W pass",
        "B pass",
        "W B2",
        "B pass",
        "W pass",
        "B C2",
        "W cycle@3",
        "W cycle@1",
        "B A3",
        "W pass",
    ];
    let w = Written {
        moves: turns
            .iter()
            .map(|t| {
                let (c, m) = t.split_once(' ').unwrap();
                let colour = if c == "B" {
                    Colour::Black
                } else {
                    Colour::White
                };
                (colour, m.to_string())
            })
            .collect(),
    };
    for one in [One::Reference, One::Optimized] {
        let said = &runner_door(scene, one, &w);
        assert_eq!(
            said.steps[7].reason.as_deref(),
            Some("no-disturbing-cycle"),
            "{said:?}"
        );
        assert_eq!(said.steps[8].legal, Some(true), "{said:?}");
        // After W cycle@1 (C2 removed, B2 and C2 prohibited for ever), B A3, W pass.
        let (g, removed) = parse_position("# # O .\n# . . O\n. # O .\n").unwrap();
        assert_eq!(said.position, removed.rows(&g), "{said:?}");
        assert_eq!(&session_door(scene, one, Some(&w), 0).1, said);
        assert_eq!(&play_door(scene, one, &w, 1), said);
        assert_eq!(render_door(scene, one, &w).0, said.position);
    }
}
