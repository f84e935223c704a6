//! From a case file as written ([`super::case_file`]) to runnable checks ([`super::check`]):
//! boards, labels, rules, moves and expectations, with errors placed at their line and
//! column of the YAML text.

use super::case_file::{
    diagram_of, string_point, AnalysisSpec, CaseFile, CheckSpec, FinalExpect, Lines,
    DEFAULT_BUDGET, DEFAULT_SOLVER_BUDGET,
};
use super::case_j2003::{J2003Check, J2003StringExpect};
use super::case_moves::resolve_moves;
use super::case_naj::NajCheck;
use super::case_vjr::VjrCheck;
use super::check::{Analysis, Case, Check, FamilyCheck, FinalChecks, PlayCheck};
use super::diagram::{parse_grid, parse_labels, parse_position, parse_size, Labels};
use super::locator::Locator;
use super::InputError;
use crate::engine::Start;
use crate::geometry::{Cell, Colour, Geometry, Position};
use crate::rules::Family;
use crate::rules::{complete_custom, Rules, RulesetId};
use std::collections::BTreeSet;

pub(super) fn resolve(
    file: CaseFile,
    text: &str,
    path: &str,
    stem: Option<&str>,
) -> Result<Case, InputError> {
    let loc = Locator { text };
    let err_at = |needle: &str, from: usize, msg: String| {
        let (l, c) = loc.line_of(needle, from).unwrap_or((1, 1));
        InputError::new(msg).at(l, c)
    };
    if let Some(v) = file.format {
        if v != 1 {
            return Err(err_at(
                "format:",
                0,
                format!("unsupported case format {v}, expected 1"),
            ));
        }
    }
    if let Some(stem) = stem {
        if file.id != stem {
            return Err(err_at(
                "id:",
                0,
                format!("case id `{}` differs from the file name `{stem}`", file.id),
            )
            .hint("the id of a case equals its file name without `.yaml`"));
        }
    }
    if let Some(Lines::Range(r)) = &file.source.lines {
        let ok = r
            .split_once('-')
            .map(|(a, b)| a.trim().parse::<u32>().is_ok() && b.trim().parse::<u32>().is_ok())
            .unwrap_or(false);
        if !ok {
            return Err(err_at(
                "lines:",
                0,
                format!("bad line range `{r}`, expected a number or FIRST-LAST such as 118-143"),
            ));
        }
    }
    if file.checks.is_empty() {
        return Err(err_at(
            "checks:",
            0,
            "a case needs at least one check".into(),
        ));
    }
    let mut names = BTreeSet::new();
    let mut checks = Vec::new();
    let mut search_from = 0;
    for spec in &file.checks {
        let (line, _) = loc
            .line_of(&format!("name: {}", spec.name), search_from)
            .or_else(|| loc.line_of(&spec.name, search_from))
            .unwrap_or((1, 1));
        search_from = loc.offset_of_line(line + 1);
        if !names.insert(spec.name.clone()) {
            return Err(
                InputError::new(format!("duplicate check name `{}`", spec.name))
                    .at(line, 1)
                    .hint("every check of a file needs its own name"),
            );
        }
        if spec.name.is_empty()
            || spec.name.contains(char::is_whitespace)
            || spec.name.contains("::")
        {
            return Err(InputError::new(format!(
                "bad check name `{}`: use letters, digits and `-`",
                spec.name
            ))
            .at(line, 1));
        }
        checks.push(resolve_check(&file, spec, &loc, line)?);
    }
    Ok(Case {
        path: path.to_string(),
        file,
        checks,
    })
}

/// Where a check is written in its file, for its errors.
struct At<'a> {
    file: &'a CaseFile,
    spec: &'a CheckSpec,
    loc: &'a Locator<'a>,
    /// The check's line.
    line: usize,
}

impl At<'_> {
    /// An error at the first `needle` from the check's line on.
    fn err(&self, needle: &str, msg: String) -> InputError {
        let from = self.loc.offset_of_line(self.line);
        let (l, c) = self.loc.line_of(needle, from).unwrap_or((self.line, 1));
        InputError::new(msg).at(l, c)
    }

    /// An error inside the embedded text `d` (a diagram, a move) of the check.
    fn place(&self, e: InputError, d: &str) -> InputError {
        self.loc.place(e, d, self.line)
    }

    /// The position of the diagram `d` (or the named position it refers to).
    fn position(&self, d: &str) -> Result<(Geometry, Position), InputError> {
        let d = diagram_of(self.file, d);
        parse_position(d).map_err(|e| self.place(e, d))
    }
}

fn resolve_check(
    file: &CaseFile,
    spec: &CheckSpec,
    loc: &Locator,
    line: usize,
) -> Result<Check, InputError> {
    let at = At {
        file,
        spec,
        loc,
        line,
    };
    if spec.ruleset == RulesetId::Ljr {
        return ljr_check(&at);
    }
    let (independent_life, long_cycles) = fields_of_other_rulesets(&at)?;
    let (geometry, position) = board(&at)?;
    let labels = labels(&at, &geometry)?;
    let rules = rules(&at)?;
    let start = start(&at, position)?;
    let steps = resolve_moves(
        file,
        &spec.moves,
        spec.repeat.unwrap_or(1),
        &geometry,
        &labels,
        loc,
        line,
    )?;
    let black_analysis = analysis(&at, &spec.black_analysis, &geometry, &labels)?;
    let white_analysis = analysis(&at, &spec.white_analysis, &geometry, &labels)?;
    if (black_analysis.is_some() || white_analysis.is_some())
        && spec.ruleset.analysis_rules().is_none()
    {
        return Err(at.err("analysis:", format!("ruleset {} has no analyses; black-analysis and white-analysis are for naj and najn", spec.ruleset)));
    }
    let (expect, family) = match &spec.expect {
        Some(f) => final_checks(&at, f, &geometry)?,
        None => (FinalChecks::default(), family_without_expect(spec.ruleset)),
    };
    let family = match family {
        FamilyCheck::Naj(n) => FamilyCheck::Naj(NajCheck {
            black_analysis,
            white_analysis,
            ..n
        }),
        FamilyCheck::Vjr(v) => FamilyCheck::Vjr(VjrCheck {
            independent_life,
            long_cycles,
            ..v
        }),
        other => other,
    };
    Ok(Check {
        name: spec.name.clone(),
        ruleset: spec.ruleset,
        rules,
        geometry,
        start,
        komi: spec.komi,
        steps,
        expect,
        family,
        budget: spec.budget.unwrap_or(DEFAULT_BUDGET),
        solver_budget: spec.solver_budget.unwrap_or(DEFAULT_SOLVER_BUDGET),
        reference_solver_budget: spec
            .reference_solver_budget
            .or(spec.solver_budget)
            .unwrap_or(DEFAULT_SOLVER_BUDGET),
        has_discrepancy: spec.discrepancy.is_some(),
        line,
    })
}

/// An LJR check: its own board, turns and expectations ([`super::case_ljr`]).
fn ljr_check(at: &At) -> Result<Check, InputError> {
    let (spec, loc, line) = (at.spec, at.loc, at.line);
    let err = |needle: &str, msg: String| at.err(needle, msg);
    let place = |e: InputError, d: &str| at.place(e, d);
    let line_of = |needle: &str| {
        loc.line_of(needle, loc.offset_of_line(line))
            .map(|x| x.0)
            .unwrap_or(line)
    };
    let places = super::case_ljr::Places {
        err: &err,
        place: &place,
    };
    let ljr = super::case_ljr::resolve(at.file, spec, &places, line, &line_of)?;
    Ok(Check {
        name: spec.name.clone(),
        ruleset: spec.ruleset,
        rules: None,
        geometry: ljr.geometry.clone(),
        start: Start {
            position: ljr.start.position.clone(),
            to_move: ljr.start.to_move,
            handicap: 0,
            prisoners: ljr.start.captives,
        },
        komi: spec.komi,
        steps: Vec::new(),
        expect: FinalChecks::default(),
        budget: ljr.budget,
        solver_budget: DEFAULT_SOLVER_BUDGET,
        reference_solver_budget: DEFAULT_SOLVER_BUDGET,
        has_discrepancy: spec.discrepancy.is_some(),
        line,
        family: FamilyCheck::Ljr(ljr),
    })
}

/// LJR's fields belong to LJR checks, VJR's parameters to VJR checks; the VJR parameters
/// `independent-life` (VP-1) and `long-cycles` (VP-2) of the check.
fn fields_of_other_rulesets(
    at: &At,
) -> Result<(crate::vjr::IndependentLife, crate::vjr::LongCycles), InputError> {
    let spec = at.spec;
    let ljr_only = [
        ("graph:", spec.graph.is_some()),
        ("prohibited:", !spec.prohibited.is_empty()),
        (
            "permanently-prohibited:",
            !spec.permanently_prohibited.is_empty(),
        ),
        ("ljr:", spec.ljr.is_some()),
        ("claims:", !spec.claims.is_empty()),
        (
            "dispute-control:",
            spec.expect.as_ref().is_some_and(|f| {
                f.dispute_control.is_some()
                    || f.claims_control.is_some()
                    || f.claims_dead.is_some()
                    || f.permanently_prohibited.is_some()
                    || f.temporarily_prohibited.is_some()
                    || f.passes_needed.is_some()
            }),
        ),
    ];
    if spec.vjr.is_some() && spec.ruleset != RulesetId::Vjr {
        return Err(at.err(
            "vjr:",
            format!(
                "`vjr` belongs to VJR checks (ruleset vjr), not {}",
                spec.ruleset
            ),
        ));
    }
    let independent_life = spec
        .vjr
        .as_ref()
        .map(|v| v.independent_life.into())
        .unwrap_or_default();
    let long_cycles = spec
        .vjr
        .as_ref()
        .map(|v| v.long_cycles.into())
        .unwrap_or_default();
    if let Some((f, _)) = ljr_only.iter().find(|(_, on)| *on) {
        return Err(at.err(
            f,
            format!(
                "`{}` belongs to LJR checks (ruleset ljr), not {}",
                f.trim_end_matches(':'),
                spec.ruleset
            ),
        ));
    }
    Ok((independent_life, long_cycles))
}

/// The board and the start position: from `position`, `size` or both (which must agree);
/// every string of the start has a liberty.
fn board(at: &At) -> Result<(Geometry, Position), InputError> {
    let (spec, loc, line) = (at.spec, at.loc, at.line);
    let parsed_position = match &spec.position {
        Some(d) => Some(at.position(d)?),
        None => None,
    };
    let sized = match &spec.size {
        Some(s) => Some(parse_size(s).map_err(|e| {
            let (l, c) = loc
                .line_of("size:", loc.offset_of_line(line))
                .unwrap_or((line, 1));
            e.at(l, c)
        })?),
        None => None,
    };
    let (geometry, position) = match (parsed_position, sized) {
        (Some((g, p)), None) => (g, p),
        (None, Some(g)) => {
            let p = Position::empty(g.len());
            (g, p)
        }
        (Some((g, p)), Some(s)) => {
            if g != s {
                return Err(at.err(
                    "size:",
                    format!(
                        "`size` says {}x{} but the position diagram is {}x{}",
                        s.rect_size().map(|x| x.0).unwrap_or(0),
                        s.rect_size().map(|x| x.1).unwrap_or(0),
                        g.rect_size().map(|x| x.0).unwrap_or(0),
                        g.rect_size().map(|x| x.1).unwrap_or(0)
                    ),
                ));
            }
            (g, p)
        }
        (None, None) => {
            return Err(InputError::new(format!(
                "check `{}` gives neither `position` nor `size`",
                spec.name
            ))
            .at(line, 1)
            .hint("give the start diagram, or `size: WxH` for an empty board"))
        }
    };
    let dead = position.stones_without_liberty(&geometry);
    if !dead.is_empty() {
        let names: Vec<&str> = dead.iter().map(|&p| geometry.name(p)).collect();
        return Err(at.err(
            "position:",
            format!(
                "the start position has strings without a liberty at {}; every ruleset starts from a legal position",
                names.join(" ")
            ),
        )
        .hint("check the diagram: a string needs an empty neighbour"));
    }
    Ok((geometry, position))
}

/// The check's labels diagram, else the file's, else none; of the board's size.
fn labels(at: &At, geometry: &Geometry) -> Result<Labels, InputError> {
    let (width, height) = geometry.rect_size().unwrap_or((0, 0));
    let spec = at.spec;
    let Some(t) = spec.labels.as_deref().or(at.file.labels.as_deref()) else {
        return Ok(Labels::default());
    };
    let l = parse_labels(t).map_err(|e| {
        at.loc
            .place(e, t, if spec.labels.is_some() { at.line } else { 1 })
    })?;
    if (l.width, l.height) != (width, height) {
        return Err(at.err(
            "labels:",
            format!(
                "labels diagram is {}x{} but the board is {width}x{height}",
                l.width, l.height
            ),
        ));
    }
    Ok(l)
}

/// The play rules: the ruleset's, patched by `rules:` (`custom`: completed from it).
fn rules(at: &At) -> Result<Option<Rules>, InputError> {
    let spec = at.spec;
    let rules = match spec.ruleset {
        RulesetId::Custom => {
            let patch = spec.rules.clone().unwrap_or_default();
            Some(complete_custom(&patch).map_err(|m| at.err("ruleset:", m))?)
        }
        id => id
            .rules()
            .map(|base| spec.rules.as_ref().map(|p| p.apply(&base)).unwrap_or(base)),
    };
    if let Some(r) = &rules {
        if r.game_end_passes == 0 {
            return Err(at.err(
                "game-end-passes",
                "game-end-passes must be at least 1".into(),
            ));
        }
    }
    Ok(rules)
}

/// The start: position, player to move (Black with a handicap), prisoners; a finite komi.
fn start(at: &At, position: Position) -> Result<Start, InputError> {
    let spec = at.spec;
    let to_move = spec.to_move.map(Colour::from).unwrap_or(Colour::Black);
    if spec.handicap > 0 && to_move != Colour::Black {
        return Err(at.err(
            "handicap:",
            "a handicap means Black moves first; drop `to-move: white`".into(),
        ));
    }
    if !spec.komi.is_finite() {
        return Err(at.err("komi:", "komi must be a finite number".into()));
    }
    Ok(Start {
        position,
        to_move,
        handicap: spec.handicap,
        prisoners: spec.prisoners.unwrap_or_default(),
    })
}

/// A black- or white-analysis: its moves and end position.
fn analysis(
    at: &At,
    a: &Option<AnalysisSpec>,
    geometry: &Geometry,
    labels: &Labels,
) -> Result<Option<Analysis>, InputError> {
    let Some(a) = a else { return Ok(None) };
    let steps = resolve_moves(
        at.file,
        &a.moves,
        a.repeat.unwrap_or(1),
        geometry,
        labels,
        at.loc,
        at.line,
    )?;
    let end = match &a.position {
        Some(d) => {
            let (g, p) = at.position(d)?;
            if g != *geometry {
                return Err(at.err(
                    "position:",
                    "an analysis end position has another size than the board".into(),
                ));
            }
            Some(p)
        }
        None => None,
    };
    Ok(Some(Analysis { steps, end }))
}

/// A family's part of a check that states no expectations.
fn family_without_expect(ruleset: RulesetId) -> FamilyCheck {
    match ruleset.family() {
        Family::Play => FamilyCheck::Play(PlayCheck::default()),
        Family::Naj => FamilyCheck::Naj(NajCheck::default()),
        Family::J2003 => FamilyCheck::J2003(J2003Check::default()),
        Family::Vjr => FamilyCheck::Vjr(VjrCheck {
            independent_life: crate::vjr::IndependentLife::DEFAULT,
            long_cycles: crate::vjr::LongCycles::default(),
            strings: Vec::new(),
            territory: None,
        }),
        // LJR checks are resolved by `ljr_check` and never come here.
        Family::Ljr => FamilyCheck::Play(PlayCheck::default()),
    }
}

/// The expectations about the end of the check: the shared ones, and its family's part.
fn final_checks(
    at: &At,
    f: &FinalExpect,
    geometry: &Geometry,
) -> Result<(FinalChecks, FamilyCheck), InputError> {
    let spec = at.spec;
    let mut expect = FinalChecks::default();
    if let Some(d) = &f.position {
        let (g, p) = at.position(d)?;
        if g != *geometry {
            return Err(at.err(
                "expect:",
                "the expected final position has another size than the board".into(),
            ));
        }
        expect.position = Some(p);
    }
    expect.prisoners = f.prisoners;
    expect.score = f.score;
    expect.result = f.result.clone();
    expect.game_over = f.game_over;
    expect.to_move = f.to_move.map(Colour::from);
    expect.cycle = f.cycle;
    expect.prisoner_difference = f.prisoner_difference;
    let family = spec.ruleset.family();
    if family != Family::Play {
        if let Some(needle) = [("black:", f.black), ("white:", f.white)]
            .iter()
            .find_map(|(n, v)| v.map(|_| *n))
        {
            return Err(at.err(
                needle,
                format!(
                    "`{}` (the area count, TT-9) belongs to the play-only rulesets, not {}",
                    needle.trim_end_matches(':'),
                    spec.ruleset
                ),
            ));
        }
    }
    let naj = naj_expectations(at, f, geometry)?;
    if family != Family::Naj && naj != NajCheck::default() {
        return Err(at.err(
            "expect:",
            format!(
                "control, immortality, the analyses' scores and optimal values are NAJ's (naj and najn), not {}",
                spec.ruleset
            ),
        ));
    }
    let part = match family {
        Family::Play => FamilyCheck::Play(PlayCheck {
            black: f.black,
            white: f.white,
        }),
        Family::Naj => FamilyCheck::Naj(naj),
        Family::Vjr => {
            let err = |needle: &str, msg: String| at.err(needle, msg);
            let place = |e: InputError, d: &str| at.place(e, d);
            let (strings, territory) =
                super::case_vjr::expectations(f, at.file, geometry, &err, &place)?;
            FamilyCheck::Vjr(VjrCheck {
                independent_life: crate::vjr::IndependentLife::DEFAULT,
                long_cycles: crate::vjr::LongCycles::default(),
                strings,
                territory,
            })
        }
        Family::J2003 => FamilyCheck::J2003(J2003Check {
            strings: j2003_strings(at, f, geometry)?,
        }),
        // LJR checks are resolved by `ljr_check` and never come here.
        Family::Ljr => FamilyCheck::Play(PlayCheck::default()),
    };
    if family != Family::J2003 && family != Family::Vjr {
        // `strings` and `territory` of the other rulesets are errors.
        j2003_strings(at, f, geometry)?;
    }
    Ok((expect, part))
}

/// NAJ's expectations: control, immortality, the analyses' scores and optimal values.
fn naj_expectations(at: &At, f: &FinalExpect, geometry: &Geometry) -> Result<NajCheck, InputError> {
    let mut naj = NajCheck::default();
    marked_diagrams(at, f, geometry, &mut naj)?;
    naj.black_score = f.black_score;
    naj.white_score = f.white_score;
    let ib = marked(at, &f.immortal_black, &['X'], geometry)?;
    let iw = marked(at, &f.immortal_white, &['X'], geometry)?;
    naj.immortal_content = [
        ib.as_ref().map(|m| m.1.clone()),
        iw.as_ref().map(|m| m.1.clone()),
    ];
    naj.immortal = [ib.map(|m| m.0), iw.map(|m| m.0)];
    naj.optimal_scores = [f.optimal_black_score, f.optimal_white_score];
    if naj.optimal_scores.iter().any(Option::is_some) && at.spec.ruleset.analysis_rules().is_none()
    {
        return Err(at.err(
            "optimal-black-score:",
            format!(
                "ruleset {} has no analyses; optimal analysis values are for naj and najn",
                at.spec.ruleset
            ),
        ));
    }
    Ok(naj)
}

/// A marked diagram: marks, and the content of the unmarked cells (which must match the
/// position the diagram is drawn on).
type Marked = (Vec<bool>, Vec<Option<Cell>>);

/// The marked diagram `d` (control, immortal) with `marks` as its marks.
fn marked(
    at: &At,
    d: &Option<String>,
    marks: &[char],
    geometry: &Geometry,
) -> Result<Option<Marked>, InputError> {
    let (width, height) = geometry.rect_size().unwrap_or((0, 0));
    let Some(d) = d else { return Ok(None) };
    let d = diagram_of(at.file, d);
    let grid = parse_grid(
        d,
        &|c| "BW2#XxOo.+,".contains(c),
        "`B`, `W`, `2`, `X` (marked) or `#`, `O`, `.` (not)",
    )
    .map_err(|e| at.place(e, d))?;
    if (grid.width, grid.height) != (width, height) {
        return Err(at.err(
            "control:",
            "a marked diagram (control, immortal) has another size than the board".into(),
        ));
    }
    let is_mark =
        |c: &char| marks.contains(c) || "BW2".contains(*c) || (marks == ['X'] && *c == 'X');
    Ok(Some((
        grid.symbols.iter().map(|c| marks.contains(c)).collect(),
        grid.symbols
            .iter()
            .map(|c| {
                if is_mark(c) {
                    None
                } else {
                    super::diagram::cell_of(*c)
                }
            })
            .collect(),
    )))
}

/// The control diagrams: `control` (both players) or `black-control` / `white-control`.
fn marked_diagrams(
    at: &At,
    f: &FinalExpect,
    geometry: &Geometry,
    expect: &mut NajCheck,
) -> Result<(), InputError> {
    let (black_control, white_control) = if f.control.is_some() {
        if f.black_control.is_some() || f.white_control.is_some() {
            return Err(at.err(
                "control:",
                "give `control` or `black-control`/`white-control`, not both".into(),
            ));
        }
        (
            marked(at, &f.control, &['B', '2'], geometry)?,
            marked(at, &f.control, &['W', '2'], geometry)?,
        )
    } else {
        (
            marked(at, &f.black_control, &['B', '2'], geometry)?,
            marked(at, &f.white_control, &['W', '2'], geometry)?,
        )
    };
    expect.control_content = [
        black_control.as_ref().map(|m| m.1.clone()),
        white_control.as_ref().map(|m| m.1.clone()),
    ];
    expect.control = [black_control.map(|m| m.0), white_control.map(|m| m.0)];
    Ok(())
}

/// J2003 string statuses (J-41 ... J-50); `strings` and `territory` of other rulesets are
/// errors.
fn j2003_strings(
    at: &At,
    f: &FinalExpect,
    geometry: &Geometry,
) -> Result<Vec<J2003StringExpect>, InputError> {
    let spec = at.spec;
    let err = |needle: &str, msg: String| at.err(needle, msg);
    let mut out = Vec::new();
    for se in &f.strings {
        let p = string_point(geometry, se, &err)?;
        let status = crate::status_game::Status::parse(&se.status).ok_or_else(|| {
            err(
                "strings:",
                format!(
                    "status `{}`: expected uncapturable, capturable-1, capturable-2 or dead",
                    se.status
                ),
            )
        })?;
        if se.uncapturable.is_some() || se.independently_alive.is_some() {
            return Err(err(
                "strings:",
                "`uncapturable` and `independently-alive` are VJR's (ruleset vjr)".into(),
            ));
        }
        out.push(J2003StringExpect {
            at: p,
            status,
            direct_ko_stone: se.direct_ko_stone,
        });
    }
    if !f.strings.is_empty() && spec.ruleset != RulesetId::J2003 {
        return Err(err(
            "strings:",
            format!(
                "string statuses are J2003's or VJR's (ruleset j2003 or vjr), not {}",
                spec.ruleset
            ),
        ));
    }
    if f.territory.is_some() {
        return Err(err(
            "territory:",
            format!("`territory` is VJR's (ruleset vjr), not {}", spec.ruleset),
        ));
    }
    Ok(out)
}
