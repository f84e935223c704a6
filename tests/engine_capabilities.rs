//! The engine trait is a core for play plus one capability per ruleset family
//! (`src/engine/`): an engine that lacks a family answers `Err(Unsupported)`, and the runner
//! shows that family's checks as ignored on it, naming the capability, never as failed.

use go_oracle::engine::{Engine, Game, Start, Unsupported};
use go_oracle::geometry::Geometry;
use go_oracle::parse::case::load_case;
use go_oracle::reference::Reference;
use go_oracle::rules::Rules;
use go_oracle::runner::{run_check, SharedReplays, Status};
use std::path::PathBuf;

/// An engine of the shared play model only: the reference's games, no family's questions.
struct PlayOnly;

impl Engine for PlayOnly {
    fn name(&self) -> String {
        "play-only".into()
    }
    fn to_shared(&self) -> std::sync::Arc<dyn Engine> {
        std::sync::Arc::new(PlayOnly)
    }
    fn start(
        &self,
        geometry: &Geometry,
        rules: &Rules,
        start: &Start,
    ) -> Result<Box<dyn Game>, Unsupported> {
        Reference.start(geometry, rules, start)
    }
}

fn statuses(file: &str) -> Vec<(String, Status)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("oracle-cases")
        .join(file);
    let case = load_case(&path).unwrap();
    case.checks
        .iter()
        .map(|c| {
            let shared = SharedReplays::default();
            (c.name.clone(), run_check(c, &PlayOnly, false, &shared))
        })
        .collect()
}

/// Every check of `file` is ignored on the play-only engine because it lacks `what` (not,
/// e.g., as "undetermined": J2003's games need the J2003 capability to judge J-19).
fn ignored_for(file: &str, what: &str) {
    let seen = statuses(file);
    assert!(!seen.is_empty(), "{file}: no checks");
    for (name, status) in seen {
        match status {
            Status::Ignored(why) => assert!(
                why.to_string()
                    .starts_with(&format!("play-only does not support {what}")),
                "{file}::{name}: ignored for another reason: {why}"
            ),
            other => panic!("{file}::{name}: {other:?}, expected ignored for {what}"),
        }
    }
}

#[test]
fn j2003_statuses_are_ignored_without_the_j2003_capability() {
    ignored_for("j2003-shapes/bent-four.yaml", "J2003");
}

#[test]
fn vjr_questions_are_ignored_without_the_vjr_capability() {
    ignored_for("vjr/a1.yaml", "VJR");
}

#[test]
fn ljr_games_are_ignored_without_the_ljr_capability() {
    ignored_for("ljr/bordered-sets.yaml", "LJR");
}

#[test]
fn play_only_checks_pass_on_the_play_only_engine() {
    // A Tromp-Taylor case asks nothing beyond play: the core trait is enough.
    let seen = statuses("tromp-taylor/e03-superko-and-passes.yaml");
    assert!(seen.iter().all(|(_, s)| *s == Status::Passed), "{seen:?}");
}

#[test]
fn the_core_trait_says_which_family_is_missing() {
    let why = PlayOnly
        .naj()
        .err()
        .map(|u| u.to_string())
        .unwrap_or_default();
    assert_eq!(
        why,
        "play-only does not support NAJ immortality and control"
    );
    assert!(Reference.naj().is_ok() && Reference.j2003().is_ok());
    assert!(Reference.vjr().is_ok() && Reference.ljr().is_ok());
}

#[test]
fn naj_control_is_ignored_without_the_naj_capability() {
    ignored_for("naj-commentary/black-analysis-1.yaml", "NAJ");
}
