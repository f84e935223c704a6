//! What an imported case expects of the final position beyond the stones: the area score
//! (Tromp-Taylor, Tromp's logical rules) or the statuses of the final strings and the score
//! (J2003, VJR), taken from the runner's replays of the written check (the library door for
//! a ruleset's procedure on a case); what no engine decided is left out and named.

use crate::geometry::{Geometry, Point};
use crate::parse::case::{FinalExpect, StringExpect};
use crate::rules::RulesetId;
use crate::runner::Trace;

/// The statuses of a replay's final strings (J2003, VJR): points and status name.
fn statuses(t: &Trace) -> Vec<(Vec<Point>, Option<&'static str>)> {
    if let Some(a) = t.j2003().and_then(|j| j.analysis.as_ref()) {
        return a
            .strings
            .iter()
            .map(|s| (s.points.clone(), s.status.map(|x| x.name())))
            .collect();
    }
    if let Some(a) = t.vjr().and_then(|v| v.assessment.as_ref()) {
        return a
            .strings
            .iter()
            .map(|s| (s.points.clone(), s.status.map(|x| x.name())))
            .collect();
    }
    Vec::new()
}

fn decided(t: &Trace) -> usize {
    statuses(t).iter().filter(|s| s.1.is_some()).count()
}

/// The final expectations of the last check from its replays (`(engine, trace)`, the
/// reference first), the notes they need, and what stayed undetermined.
pub fn finals(
    ruleset: RulesetId,
    g: &Geometry,
    budget: u64,
    traces: &[(String, Trace)],
) -> (FinalExpect, Vec<String>, Vec<String>) {
    let mut e = FinalExpect::default();
    let mut notes = Vec::new();
    let mut undetermined = Vec::new();
    // The replay that decided the most statuses (the reference on a tie).
    let Some((_, t)) = traces
        .iter()
        .enumerate()
        .max_by_key(|(i, (_, t))| (decided(t), std::cmp::Reverse(*i)))
        .map(|(_, x)| x)
    else {
        return (e, notes, undetermined);
    };
    match ruleset {
        RulesetId::TrompTaylor | RulesetId::TrompLogical => match (t.game_over, &t.score) {
            (true, Some(s)) => {
                e.black = Some(s.black);
                e.white = Some(s.white);
                e.score = Some(s.score);
                e.result = Some(s.result.clone());
            }
            _ => notes.push("The game did not end with two passes: no score is expected.".into()),
        },
        RulesetId::J2003 | RulesetId::Vjr => {
            if !t.game_over {
                notes.push(
                    "The game did not end with two passes: no statuses are expected.".into(),
                );
                return (e, notes, undetermined);
            }
            let (score, result) = match (t.j2003(), t.vjr()) {
                (Some(j), _) => (j.score, j.result.clone()),
                (_, Some(v)) => (v.score, v.result.clone()),
                _ => (None, None),
            };
            let all = statuses(t);
            e.strings = all
                .iter()
                .filter_map(|(points, status)| {
                    status.map(|st| StringExpect {
                        at: g.name(points[0]).to_string(),
                        status: st.to_string(),
                        direct_ko_stone: None,
                        uncapturable: None,
                        independently_alive: None,
                        note: None,
                    })
                })
                .collect();
            e.score = score;
            e.result = result;
            let counts: Vec<String> = traces
                .iter()
                .map(|(n, t)| format!("the {n} engine {} of {}", decided(t), statuses(t).len()))
                .collect();
            if traces.windows(2).any(|w| decided(&w[0].1) != decided(&w[1].1)) {
                notes.push(format!(
                    "Statuses decided within --budget {budget}: {}; `strings` holds every status an engine decided (where both decided, they agree).",
                    counts.join(", ")
                ));
            }
            let open: Vec<String> = all
                .iter()
                .filter(|s| s.1.is_none())
                .map(|s| g.name(s.0[0]).to_string())
                .collect();
            if !open.is_empty() {
                notes.push(format!(
                    "Undetermined within --budget {budget} (left out of `strings`, and no score): the strings at {}.",
                    open.join(", ")
                ));
                undetermined.push(format!(
                    "the statuses of the strings at {} (within --budget {budget})",
                    open.join(", ")
                ));
            }
        }
        RulesetId::Naj | RulesetId::Najn | RulesetId::Ljr => notes.push(format!(
            "For {ruleset} only the moves, the final position and the prisoners were computed: no analyses, control or score."
        )),
        RulesetId::Custom => {
            if let (true, Some(s)) = (t.game_over, &t.score) {
                e.score = Some(s.score);
                e.result = Some(s.result.clone());
            }
        }
    }
    (e, notes, undetermined)
}

/// Whether the last check's replay must ask for the statuses (J2003, VJR, game over): the
/// runner computes them only when the check expects a score or statuses.
pub fn wants_statuses(ruleset: RulesetId, game_over: bool) -> bool {
    game_over && matches!(ruleset, RulesetId::J2003 | RulesetId::Vjr)
}
