//! The moves of a case file's check (`moves:`, an analysis's moves) as steps ready to replay:
//! written moves, compact notation, labels, step expectations.

use super::case_file::{diagram_of, CaseFile, MoveItem, Removed};
use super::check::{Step, StepExpect, Target};
use super::diagram::{parse_position, Labels};
use super::locator::Locator;
use super::notation::{
    expand_compact, is_compact, parse_compact, parse_move_list, Spot, WrittenMove,
};
use super::InputError;
use crate::geometry::Geometry;

/// Resolve a list of move items to steps (shared by the alternation and the analyses).
#[allow(clippy::too_many_arguments)]
pub(super) fn resolve_moves(
    file: &CaseFile,
    items: &[MoveItem],
    repeat: u32,
    geometry: &Geometry,
    labels: &Labels,
    loc: &Locator,
    line: usize,
) -> Result<Vec<Step>, InputError> {
    let mut steps = Vec::new();
    let mut from = loc.offset_of_line(line);
    for item in items {
        match item {
            MoveItem::Text(t) => {
                let (l, c) = loc.line_of(t, from).unwrap_or((line, 1));
                from = loc.offset_of_line(l);
                let place = |e: InputError| {
                    let mut e = e;
                    e.line = l;
                    e.column = c + e.column.saturating_sub(1);
                    e
                };
                let written: Vec<WrittenMove> = if is_compact(t) {
                    let compact = parse_compact(t).map_err(place)?;
                    if compact.continues {
                        return Err(place(InputError::new(
                            "the sequence ends with `..`: it cannot be replayed as written",
                        ))
                        .hint(
                            "spell the continuation out and keep the printed text in `source-text`",
                        ));
                    }
                    expand_compact(&compact, t, repeat)
                } else {
                    parse_move_list(t).map_err(place)?
                };
                for w in written {
                    let target = resolve_spot(&w, geometry, labels)
                        .map_err(|m| place(InputError::new(m)))?;
                    steps.push(Step {
                        text: w.text.clone(),
                        player: w.player,
                        target,
                        expect: StepExpect {
                            legal: true,
                            ..StepExpect::default()
                        },
                        line: l,
                        note: None,
                    });
                }
            }
            MoveItem::Step(s) => {
                let (l, c) = loc.line_of(&s.play, from).unwrap_or((line, 1));
                from = loc.offset_of_line(l);
                let place = |e: InputError| {
                    let mut e = e;
                    e.line = l;
                    e.column = c;
                    e
                };
                let w = super::notation::parse_move(&s.play).map_err(place)?;
                let target =
                    resolve_spot(&w, geometry, labels).map_err(|m| place(InputError::new(m)))?;
                let legal = s.legal.unwrap_or(true);
                if legal && s.reason.is_some() {
                    return Err(place(InputError::new(
                        "`reason` is given but the move is not marked `legal: false`",
                    )));
                }
                let (removed_count, removed_points) = match &s.removed {
                    None => (None, None),
                    Some(Removed::Count(n)) => (Some(*n), None),
                    Some(Removed::Points(ps)) => {
                        let mut pts = Vec::new();
                        for p in ps {
                            let wm = super::notation::parse_move(p).map_err(place)?;
                            match resolve_spot(&wm, geometry, labels).map_err(|m| place(InputError::new(m)))? {
                                Target::Point(q) => pts.push(q),
                                Target::AnyOf(ch, _) => {
                                    return Err(place(InputError::new(format!(
                                        "label `{ch}` names several points; list removed points by coordinates"
                                    ))))
                                }
                                _ => return Err(place(InputError::new(format!("`{p}` is not a point")))),
                            }
                        }
                        pts.sort_unstable();
                        (Some(pts.len() as u32), Some(pts))
                    }
                };
                let position = match &s.position {
                    Some(d) => {
                        let d = diagram_of(file, d);
                        let (g, p) = parse_position(d).map_err(|e| loc.place(e, d, l))?;
                        if &g != geometry {
                            return Err(place(InputError::new(
                                "the diagram after this move has another size than the board",
                            )));
                        }
                        Some(p)
                    }
                    None => None,
                };
                steps.push(Step {
                    text: w.text.clone(),
                    player: w.player,
                    target,
                    expect: StepExpect {
                        legal,
                        reason: s.reason,
                        removed_count,
                        removed_points,
                        position,
                        prisoners: s.prisoners,
                    },
                    line: l,
                    note: s.note.clone(),
                });
            }
        }
    }
    Ok(steps)
}

fn resolve_spot(w: &WrittenMove, geometry: &Geometry, labels: &Labels) -> Result<Target, String> {
    Ok(match &w.spot {
        Spot::Pass => Target::Pass,
        Spot::KoPass => Target::KoPass,
        Spot::Coord(c) => Target::Point(geometry.parse_gtp(c).ok_or_else(|| {
            let (wd, h) = geometry.rect_size().unwrap_or((0, 0));
            format!("`{c}` is not a point of this {wd}x{h} board (columns A-Z without I, then AA, AB, ... past Z; row 1 at the bottom)")
        })?),
        Spot::Label(l) => match labels.points.get(l) {
            Some(ps) if ps.len() == 1 => Target::Point(ps[0]),
            Some(ps) => Target::AnyOf(*l, ps.clone()),
            None => {
                let known: String = labels.points.keys().collect();
                return Err(if known.is_empty() {
                    format!("label `{l}` is used but the check has no labels diagram")
                } else {
                    format!("unknown label `{l}`; the labels diagram has `{known}`")
                });
            }
        },
    })
}
