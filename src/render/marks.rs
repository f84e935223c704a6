//! The marks of a check's diagram ([`MarkKind`]), each family's in its own module
//! (`marks_j2003`, `marks_vjr`, `marks_ljr`, `marks_naj`) and area here: asked of the
//! engines through `session::ask` (the door that compares them: agreed, disagreed and
//! undetermined answers marked apart) or the case's expectations, each with its legend
//! entry. This module dispatches on the check's family; `legend` draws what they share.

use super::legend::{draw_owners, engines_named};
use super::{area_owners, marks_j2003, marks_ljr, marks_naj, marks_vjr};
use super::{Diagram, MarkKind, MarksFrom};
use crate::parse::case::Check;
use crate::parse::check::FamilyCheck;
use crate::rules::Scoring;

pub(super) fn add_check_marks(
    d: &mut Diagram,
    check: &Check,
    kind: MarkKind,
    from: MarksFrom<'_>,
    shown: usize,
) -> Result<(), String> {
    let family = &check.family;
    let source = match from {
        // NAJ control is read off the end of the analyses (N-18, N-19): the case's diagrams.
        _ if kind == MarkKind::Control && matches!(family, FamilyCheck::Naj(_)) => {
            "taken from the case's expected control diagrams".to_string()
        }
        MarksFrom::Engines(e) => format!("computed by {}", engines_named(e)),
        MarksFrom::Expectations => "taken from the case's expectations".to_string(),
    };
    d.comments.push(format!("marks: {} {source}", kind.name()));
    match (kind, family) {
        (MarkKind::Statuses, FamilyCheck::J2003(j)) => {
            marks_j2003::statuses(d, check, j, from, &source)
        }
        (MarkKind::Statuses, FamilyCheck::Vjr(v)) => {
            marks_vjr::statuses(d, check, v, from, &source)
        }
        (MarkKind::Control, FamilyCheck::Ljr(l)) => {
            marks_ljr::control(d, check, l, from, &source, shown)
        }
        (MarkKind::Control, FamilyCheck::Naj(n)) => marks_naj::control(d, check, n, &source),
        (MarkKind::Territory, FamilyCheck::Vjr(v)) => {
            marks_vjr::territory(d, check, v, from, &source)
        }
        (MarkKind::Territory, _) => {
            area_marks(d, check);
            Ok(())
        }
        (MarkKind::Statuses | MarkKind::Control, _) => Err(format!(
            "check `{}` has no {} to draw under {}",
            check.name,
            kind.name(),
            check.ruleset
        )),
    }
}

/// Area (PLAY-12): the empty points each colour's area counts.
fn area_marks(d: &mut Diagram, check: &Check) {
    let scoring = check.rules.as_ref().map_or(Scoring::None, |r| r.scoring);
    let owner = area_owners(&d.geometry, &d.position, scoring);
    draw_owners(d, &owner, "area (empty point)");
    d.notes.push("area scoring (PLAY-12) (computed)".into());
}
