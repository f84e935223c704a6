//! GoGui's analyze commands (GoGui manual, "Analyze Commands": `gogui-analyze_commands`
//! answers `type/label/command` lines; a `gfx` response is one display command per line:
//! `BLACK`/`WHITE`/`MARK`/`SQUARE` point lists, `LABEL` point-text pairs, `TEXT` the status
//! line). Each shows a question of the ruleset's family, asked through `session::ask`; an
//! item the engines did not agree on (undetermined or disagreed) is left unmarked and
//! counted in the `TEXT` line with the overall verdict.

use super::{Referee, Reply};
use crate::geometry::{Colour, Geometry, Point};
use crate::rules::{RulesetId, Scoring};
use crate::session::{Verdict, VerdictKind};
use crate::status_game::Status;
use crate::vjr::VjrStatus;

/// The analyze commands, in GoGui's `type/label/command` format.
const ANALYZE: &[&str] = &[
    "gfx/go-oracle: statuses (j2003, vjr)/go-oracle-gfx_status",
    "gfx/go-oracle: immortal stones (naj, najn)/go-oracle-gfx_immortal",
    "gfx/go-oracle: control (ljr)/go-oracle-gfx_control",
    "gfx/go-oracle: area (area scoring)/go-oracle-gfx_area",
    "string/go-oracle: where the game ended/go-oracle-game_end",
    "string/go-oracle: budget per question/go-oracle-budget %o",
    "string/go-oracle: time limit per command/go-oracle-time_limit %o",
];

/// Points as a GTP vertex list.
fn names(g: &Geometry, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| g.name(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lines of a gfx response: `KIND points` for each non-empty list.
fn lists(g: &Geometry, out: &mut Vec<String>, kind: &str, points: &[Point]) {
    if !points.is_empty() {
        out.push(format!("{kind} {}", names(g, points)));
    }
}

/// `TEXT` of a summary: what was shown, what was not agreed, the overall verdict.
fn text_line(
    ruleset: RulesetId,
    shown: &str,
    left: &[(Point, String)],
    g: &Geometry,
    overall: VerdictKind,
) -> String {
    let mut t = format!("TEXT {ruleset}: {shown}");
    if !left.is_empty() {
        let named: Vec<String> = left
            .iter()
            .map(|(p, why)| format!("{} {why}", g.name(*p)))
            .collect();
        t.push_str(&format!("; not marked: {}", named.join(", ")));
    }
    t.push_str(&format!("; {}", format!("{overall:?}").to_lowercase()));
    t
}

/// `undetermined` or `disagreed` for a verdict that is not agreed.
fn word<T>(v: &Verdict<T>) -> String {
    format!("{:?}", v.kind()).to_lowercase()
}

impl Referee {
    pub(super) fn analyze_commands(&self) -> String {
        ANALYZE.join("\n")
    }

    /// `go-oracle-gfx_*`: the display of one family's question, or why not here.
    pub(super) fn gfx(&self, name: &str, a: &[String]) -> Reply {
        if !a.is_empty() {
            return Err(format!("syntax error ({name})"));
        }
        let r = self.ruleset();
        let available = match name {
            "go-oracle-gfx_status" => matches!(r, RulesetId::J2003 | RulesetId::Vjr),
            "go-oracle-gfx_immortal" => matches!(r, RulesetId::Naj | RulesetId::Najn),
            "go-oracle-gfx_control" => r == RulesetId::Ljr,
            "go-oracle-gfx_area" => self.rules().is_some_and(|x| x.scoring != Scoring::None),
            _ => return Err("unknown command".into()),
        };
        if !available {
            return Err(format!("not available under {r}"));
        }
        let lines = match name {
            "go-oracle-gfx_status" if r == RulesetId::J2003 => self.gfx_j2003()?,
            "go-oracle-gfx_status" => self.gfx_vjr()?,
            "go-oracle-gfx_immortal" => self.gfx_immortal()?,
            "go-oracle-gfx_area" => self.gfx_area()?,
            _ => self.gfx_control()?,
        };
        Ok(lines.join("\n"))
    }

    /// Area scoring (PLAY-12): `BLACK`/`WHITE` the empty points the area score counts for
    /// one player only, `MARK` those it counts for both (a region reaching no stone under
    /// `area-not-reaching-opponent`); `TEXT` the score. Nothing is marked unless the engines
    /// agree.
    fn gfx_area(&self) -> Result<Vec<String>, String> {
        let g = self.geometry().clone();
        let r = self.ruleset();
        let owners = self.session().area_owners()?;
        let score = self.session().area_score()?;
        let overall = match (owners.kind(), score.kind()) {
            (VerdictKind::Agreed, k) => k,
            (k, _) => k,
        };
        let (Verdict::Agreed(Some(owners)), Verdict::Agreed(Some(score))) = (&owners, &score)
        else {
            let why = if owners.kind() == VerdictKind::Agreed {
                word(&score)
            } else {
                word(&owners)
            };
            return Ok(vec![format!("TEXT {r}: area not shown: {why}")]);
        };
        let position = self.position();
        let (mut black, mut white, mut both) = (Vec::new(), Vec::new(), Vec::new());
        for p in g.points() {
            if position.get(p) != crate::geometry::Cell::Empty {
                continue;
            }
            match owners[p] {
                [true, true] => both.push(p),
                [true, false] => black.push(p),
                [false, true] => white.push(p),
                [false, false] => {}
            }
        }
        let mut out = Vec::new();
        lists(&g, &mut out, "BLACK", &black);
        lists(&g, &mut out, "WHITE", &white);
        lists(&g, &mut out, "MARK", &both);
        let shown = format!(
            "area black {} white {} komi {}: {}",
            score.black,
            score.white,
            score.komi,
            crate::parse::gtp::score_text(score.score)
        );
        out.push(text_line(r, &shown, &[], &g, overall));
        Ok(out)
    }

    /// J2003 (J-52): each string's status as a label at its first point (`U` uncapturable,
    /// `C1`/`C2` capturable-1/-2, `D` dead), dead stones marked.
    fn gfx_j2003(&self) -> Result<Vec<String>, String> {
        let g = self.geometry().clone();
        let s = self.session().ask_j2003()?;
        let points = s.string_points();
        let (mut dead, mut labels, mut left) = (Vec::new(), Vec::new(), Vec::new());
        let mut counts = [0usize; 4];
        for (v, pts) in s.strings.iter().zip(&points) {
            match &v.status {
                Verdict::Agreed(st) => {
                    let (label, k) = match st {
                        Status::Uncapturable => ("U", 0),
                        Status::Capturable1 => ("C1", 1),
                        Status::Capturable2 => ("C2", 2),
                        Status::Dead => ("D", 3),
                    };
                    counts[k] += 1;
                    labels.push(format!("{} {label}", g.name(pts[0])));
                    if *st == Status::Dead {
                        dead.extend(pts.iter().copied());
                    }
                }
                other => left.push((pts[0], word(other))),
            }
        }
        let mut out = Vec::new();
        lists(&g, &mut out, "MARK", &dead);
        if !labels.is_empty() {
            out.push(format!("LABEL {}", labels.join(" ")));
        }
        let shown = format!(
            "{} strings: {} uncapturable, {} capturable-1, {} capturable-2, {} dead",
            s.strings.len(),
            counts[0],
            counts[1],
            counts[2],
            counts[3]
        );
        out.push(text_line(self.ruleset(), &shown, &left, &g, s.verdict));
        Ok(out)
    }

    /// VJR (V-19 ... V-25): each string's status as a label (`A` independently alive, `S`
    /// alive in seki, `D` dead, `?` undefined), dead stones marked, territory as
    /// `BLACK`/`WHITE` when agreed.
    fn gfx_vjr(&self) -> Result<Vec<String>, String> {
        let g = self.geometry().clone();
        let s = self.session().ask_vjr()?;
        let points = s.string_points();
        let (mut dead, mut labels, mut left) = (Vec::new(), Vec::new(), Vec::new());
        for (v, pts) in s.strings.iter().zip(&points) {
            match &v.status {
                Verdict::Agreed(st) => {
                    let label = match st {
                        VjrStatus::IndependentlyAlive => "A",
                        VjrStatus::AliveInSeki => "S",
                        VjrStatus::Dead => "D",
                        VjrStatus::Undefined => "?",
                    };
                    labels.push(format!("{} {label}", g.name(pts[0])));
                    if *st == VjrStatus::Dead {
                        dead.extend(pts.iter().copied());
                    }
                }
                other => left.push((pts[0], word(other))),
            }
        }
        let mut out = Vec::new();
        lists(&g, &mut out, "MARK", &dead);
        if !labels.is_empty() {
            out.push(format!("LABEL {}", labels.join(" ")));
        }
        let territory = match &s.territory {
            Verdict::Agreed(Some(t)) => {
                for c in [Colour::Black, Colour::White] {
                    let pts: Vec<Point> = g.points().filter(|&p| t.owner[p] == Some(c)).collect();
                    lists(&g, &mut out, &c.name().to_uppercase(), &pts);
                }
                "territory shown".to_string()
            }
            Verdict::Agreed(None) => "no territory (a status is undefined)".to_string(),
            other => format!("territory {}", word(other)),
        };
        let shown = format!("{} strings; {territory}", s.strings.len());
        out.push(text_line(self.ruleset(), &shown, &left, &g, s.verdict));
        Ok(out)
    }

    /// NAJ/NAJN (N-17): the immortal stones of each colour, squared.
    fn gfx_immortal(&self) -> Result<Vec<String>, String> {
        let g = self.geometry().clone();
        let s = self.session().ask_immortal()?;
        let mut squares = Vec::new();
        let mut said = Vec::new();
        for (c, v) in [Colour::Black, Colour::White].iter().zip(&s.colours) {
            match v {
                Verdict::Agreed(is) => {
                    let pts: Vec<Point> = g.points().filter(|&p| is[p]).collect();
                    said.push(format!("{} {}", c.name(), pts.len()));
                    squares.extend(pts);
                }
                other => said.push(format!("{} {}", c.name(), word(other))),
            }
        }
        let mut out = Vec::new();
        lists(&g, &mut out, "SQUARE", &squares);
        let shown = format!("immortal stones: {}", said.join(", "));
        out.push(text_line(self.ruleset(), &shown, &[], &g, s.verdict));
        Ok(out)
    }

    /// LJR (L-14): the locations each player controls by the two-eye test as
    /// `BLACK`/`WHITE`, those both control marked.
    fn gfx_control(&self) -> Result<Vec<String>, String> {
        let g = self.geometry().clone();
        let s = self.session().ask_ljr_control()?;
        let (mut black, mut white, mut both, mut left) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (p, l) in g.points().zip(&s.locations) {
            match (&l.two_eye[0], &l.two_eye[1]) {
                (Verdict::Agreed(b), Verdict::Agreed(w)) => match (b, w) {
                    (true, true) => both.push(p),
                    (true, false) => black.push(p),
                    (false, true) => white.push(p),
                    (false, false) => {}
                },
                (Verdict::Agreed(_), other) | (other, _) => left.push((p, word(other))),
            }
        }
        let mut out = Vec::new();
        lists(&g, &mut out, "BLACK", &black);
        lists(&g, &mut out, "WHITE", &white);
        lists(&g, &mut out, "MARK", &both);
        let shown = format!(
            "control by the two-eye test: black {}, white {}, both {}",
            black.len(),
            white.len(),
            both.len()
        );
        let overall = VerdictKind::overall(
            s.locations
                .iter()
                .flat_map(|l| l.two_eye.iter().map(|v| v.kind())),
        );
        out.push(text_line(self.ruleset(), &shown, &left, &g, overall));
        Ok(out)
    }
}
