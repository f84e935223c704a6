//! The rule names real records and engines carry, mapped to go-oracle's rulesets (spec
//! `rule-names.md`): one table ([`TABLE`]), each row a name of one namespace (an SGF `RU`
//! value, a KataGo `kata-set-rules` name, a GTP `kgs-rules` name) and its answer: a named
//! ruleset, `custom` with its play rules, or a refusal naming the part go-oracle does not
//! model. KataGo's rule strings (`koPOSITIONALscoreAREAtaxNONEsui1...`, the grammar of its
//! `Rules::parseRules`) are read part by part ([`read_kata_string`]) and each part mapped or
//! refused ([`kata_answer`]); KataGo's named rules are rows holding their KataGo string, so
//! the two agree by construction. docs/sgf.md's "Rule names" table is [`manual_table`] (a test
//! keeps them equal).

use crate::rules::{KoRule, RulesPatch, RulesetId, Scoring, Suicide};
use std::fmt;

/// Where a name is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Namespace {
    /// An SGF `RU` value (a human ruleset's name, or what KataGo writes there).
    Ru,
    /// GTP `kata-set-rules` (KataGo's names and rule strings).
    Kata,
    /// GTP `kgs-rules`.
    Kgs,
}

impl Namespace {
    pub fn as_str(self) -> &'static str {
        match self {
            Namespace::Ru => "RU",
            Namespace::Kata => "kata-set-rules",
            Namespace::Kgs => "kgs-rules",
        }
    }
}

/// KataGo's `whiteHandicapBonus`: White gets N (`whbN`) or N - 1 (`whbN-1`) points in a game
/// of N >= 2 handicap stones (`BoardHistory::computeWhiteHandicapBonus`). Not modelled:
/// go-oracle gives no compensation (PLAY-7), so such a rule is refused in a handicap game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    N,
    NMinusOne,
}

/// The play rules of a `custom` answer; capture order opponent-first, two passes end the
/// game (PLAY-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub suicide: Suicide,
    pub ko: &'static [KoRule],
    pub scoring: Scoring,
}

impl Play {
    pub fn patch(&self) -> RulesPatch {
        RulesPatch {
            suicide: Some(self.suicide),
            capture_order: Some(crate::rules::CaptureOrder::OpponentFirst),
            ko: Some(self.ko.to_vec()),
            game_end_passes: Some(2),
            scoring: Some(self.scoring),
        }
    }
}

/// What a name is played as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A named ruleset of go-oracle.
    Ruleset(RulesetId),
    /// `custom` with these play rules (the komi is the game's), and White's handicap bonus.
    Custom(Play, Option<HandicapBonus>),
    /// A KataGo rule string (a `kata-set-rules` name stands for it): [`kata_answer`].
    Kata(&'static str),
    /// Not modelled: the part named.
    Refused(&'static str),
}

/// One row of [`TABLE`].
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub namespace: Namespace,
    /// The names as the manual (docs/sgf.md) shows them; compared by [`key`].
    pub names: &'static [&'static str],
    pub answer: Answer,
    /// What maps exactly, the choices, what is not modelled (spec rule-names.md).
    pub note: &'static str,
}

const SIMPLE_KO: &str = "KataGo's simple ko (`koSIMPLE`) also ends the game when a player passes from a situation he has passed from before, and makes a position's third occurrence a no-result";
const SPIGHT_KO: &str = "KataGo's `koSPIGHT` (passes lift ko bans; Spight's ending)";
const TERRITORY: &str = "KataGo's territory scoring (`scoreTERRITORY`): its cleanup phases after the passes and its one point per play";
const TAX: &str =
    "KataGo's group tax (`taxSEKI`: no points for eyes in seki; `taxALL`: two points per group)";
const BUTTON: &str = "the button (`button1`: half a point to the first player to pass)";
const BONUS: &str = "White's handicap bonus (`whbN`/`whbN-1`): go-oracle gives no compensation (PLAY-7), refused in a game of 2 or more handicap stones";

/// The rule names: `RU` values first, then KataGo's names, then `kgs-rules`.
pub const TABLE: &[Row] = &[
    Row { namespace: Namespace::Ru, names: &["Tromp-Taylor", "TT"], answer: Answer::Ruleset(RulesetId::TrompTaylor),
        note: "the 1995 text; KataGo writes `TrompTaylor` for its positional-superko model (`kata-set-rules tromp-taylor`)" },
    Row { namespace: Namespace::Ru, names: &["Tromp-Logical", "TL"], answer: Answer::Ruleset(RulesetId::TrompLogical), note: "" },
    Row { namespace: Namespace::Ru, names: &["Japanese", "JP", "Japanese 2003", "J2003"], answer: Answer::Ruleset(RulesetId::J2003),
        note: "not the Nihon Ki-in 1989 text (not implemented): J2003 is Jasiek's formal restatement of Japanese practice; the import's notes say \"read as j2003\", to review" },
    Row { namespace: Namespace::Ru, names: &["NAJ", "New Amateur-Japanese", "New Amateur-Japanese Rules"], answer: Answer::Ruleset(RulesetId::Naj), note: "" },
    Row { namespace: Namespace::Ru, names: &["NAJN"], answer: Answer::Ruleset(RulesetId::Najn), note: "" },
    Row { namespace: Namespace::Ru, names: &["LJR", "Logical Japanese", "Logical Japanese Rules"], answer: Answer::Ruleset(RulesetId::Ljr), note: "" },
    Row { namespace: Namespace::Ru, names: &["VJR", "Verbal Japanese", "Verbal Japanese Rules"], answer: Answer::Ruleset(RulesetId::Vjr), note: "" },
    Row { namespace: Namespace::Ru, names: &["Chinese"],
        answer: Answer::Custom(Play { suicide: Suicide::Forbidden, ko: &[KoRule::PositionalSuperko], scoring: Scoring::None }, None),
        note: "exact: suicide forbidden; ko read as positional superko, as KGS and OGS apply the Chinese rules (RN-2: Chinese tournaments use basic ko with a referee, KataGo's `Chinese` simple ko; a record that repeats a position shows an illegal `superko` move); two passes; no score: the dead stones are removed by agreement before counting (not modelled), so no score is computed and the komi is unused" },
    Row { namespace: Namespace::Ru, names: &["NZ", "New Zealand"],
        answer: Answer::Custom(Play { suicide: Suicide::Allowed, ko: &[KoRule::SituationalSuperko], scoring: Scoring::None }, None),
        note: "exact: suicide allowed; ko: the NZ text bans repeating a position \"after any of that player's previous moves\", PLAY-8.4 (RN-3; KataGo's `new-zealand` is PLAY-8.5); two passes; no score: the dead stones are removed by agreement before counting (not modelled), so no score is computed and the komi is unused" },
    Row { namespace: Namespace::Ru, names: &["AGA"],
        answer: Answer::Refused("the AGA rules' end of the game: White must make the last pass, and each pass gives the opponent a prisoner (pass stones)"), note: "" },
    Row { namespace: Namespace::Ru, names: &["Korean"],
        answer: Answer::Refused("the Korean rules' territory count with dead stones and seki settled by agreement (go-oracle reads only Japanese as J2003)"), note: "" },
    Row { namespace: Namespace::Ru, names: &["Ing", "Ing's", "GOE"],
        answer: Answer::Refused("Ing's SST ko rule (which repetitions are banned depends on the kind of cycle) and fill-in counting"), note: "" },
    Row { namespace: Namespace::Kata, names: &["tromp-taylor"], answer: Answer::Kata("koPOSITIONALscoreAREAtaxNONEsui1"), note: "" },
    Row { namespace: Namespace::Kata, names: &["chinese"], answer: Answer::Kata("koSIMPLEscoreAREAtaxNONEsui0whbNfpok1"), note: "" },
    Row { namespace: Namespace::Kata, names: &["chinese-ogs", "chinese-kgs"], answer: Answer::Kata("koPOSITIONALscoreAREAtaxNONEsui0whbNfpok1"), note: "" },
    Row { namespace: Namespace::Kata, names: &["japanese", "korean"], answer: Answer::Kata("koSIMPLEscoreTERRITORYtaxSEKIsui0"), note: "" },
    Row { namespace: Namespace::Kata, names: &["stone-scoring", "ancient-area"], answer: Answer::Kata("koSIMPLEscoreAREAtaxALLsui0fpok1"), note: "" },
    Row { namespace: Namespace::Kata, names: &["ancient-territory"], answer: Answer::Kata("koSIMPLEscoreTERRITORYtaxALLsui0"), note: "" },
    Row { namespace: Namespace::Kata, names: &["aga", "bga", "french"], answer: Answer::Kata("koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1"), note: "" },
    Row { namespace: Namespace::Kata, names: &["aga-button"], answer: Answer::Kata("koSITUATIONALscoreAREAtaxNONEsui0button1whbN-1fpok1"), note: "" },
    Row { namespace: Namespace::Kata, names: &["new-zealand", "nz"], answer: Answer::Kata("koSITUATIONALscoreAREAtaxNONEsui1fpok1"), note: "" },
    Row { namespace: Namespace::Kata, names: &["goe", "ing"], answer: Answer::Kata("koPOSITIONALscoreAREAtaxNONEsui1fpok1"), note: "" },
    Row { namespace: Namespace::Kgs, names: &["japanese"], answer: Answer::Ruleset(RulesetId::J2003), note: "kept from before (KataGo reads it as its `japanese`, refused here)" },
    Row { namespace: Namespace::Kgs, names: &["new_zealand"], answer: Answer::Ruleset(RulesetId::TrompTaylor), note: "kept from before: PLAY-8.4 as the NZ text, suicide allowed, area scoring of TT95" },
    Row { namespace: Namespace::Kgs, names: &["chinese"], answer: Answer::Kata("koPOSITIONALscoreAREAtaxNONEsui0whbNfpok1"), note: "KataGo's `chinese-kgs`, as KataGo answers `kgs-rules chinese`" },
    Row { namespace: Namespace::Kgs, names: &["aga"], answer: Answer::Kata("koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1"), note: "KataGo's `aga`, as KataGo answers `kgs-rules aga`" },
];

/// A name compared: lower case, without spaces, `-`, `_`, `.`, `'`.
pub fn key(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.' | '\'' | '\t'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// KataGo's rule parameters, as its rule strings give them (`Rules::parseRules`, legacy
/// format; defaults: Tromp-Taylor-ish, tax SEKI under territory scoring else NONE).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KataRules {
    /// `SIMPLE`, `POSITIONAL`, `SITUATIONAL` or `SPIGHT`.
    pub ko: &'static str,
    pub area: bool,
    /// `NONE`, `SEKI` or `ALL`.
    pub tax: &'static str,
    /// `sui1`: multi-stone suicide legal (a one-stone suicide never is, in KataGo).
    pub multi_stone_suicide: bool,
    pub button: bool,
    pub bonus: Option<HandicapBonus>,
    /// `fpok`: whether KataGo itself may pass before capturing dead stones; no effect on
    /// the legality or the score of a game.
    pub friendly_pass_ok: bool,
    pub komi: Option<f64>,
}

fn strip<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    s.strip_prefix(prefix).map(str::trim_start)
}

fn one_of<'a, T: Copy>(
    s: &'a str,
    part: &str,
    values: &[(&str, T)],
) -> Result<(T, &'a str), String> {
    values
        .iter()
        .find_map(|(v, t)| strip(s, v).map(|rest| (*t, rest)))
        .ok_or_else(|| {
            let names: Vec<&str> = values.iter().map(|(v, _)| *v).collect();
            format!(
                "after `{part}`, expected one of {} at `{s}`",
                names.join(", ")
            )
        })
}

/// A KataGo rule string, part by part (`ko`, `score`/`scoring`, `tax`, `sui`, `button`,
/// `whb`, `fpok`, `komi`); `None` when `s` does not start like one.
pub fn read_kata_string(s: &str) -> Option<Result<KataRules, String>> {
    let s = s.trim();
    let starts = ["ko", "score", "tax", "sui"].iter().any(|p| {
        s.strip_prefix(p)
            .and_then(|r| r.chars().next())
            .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    });
    starts.then(|| read_parts(s))
}

fn read_parts(mut s: &str) -> Result<KataRules, String> {
    let mut k = KataRules {
        ko: "POSITIONAL",
        area: true,
        tax: "NONE",
        multi_stone_suicide: true,
        button: false,
        bonus: None,
        friendly_pass_ok: false,
        komi: None,
    };
    let mut tax_given = false;
    let bit = [("1", true), ("0", false)];
    while !s.is_empty() {
        if let Some(r) = strip(s, "komi") {
            let end = r
                .find(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
                .unwrap_or(r.len());
            let v: f64 = r[..end]
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("after `komi`, expected a number at `{r}`"))?;
            k.komi = Some(v);
            s = r[end..].trim_start();
        } else if let Some(r) = strip(s, "ko") {
            (k.ko, s) = one_of(
                r,
                "ko",
                &[
                    ("SIMPLE", "SIMPLE"),
                    ("POSITIONAL", "POSITIONAL"),
                    ("SITUATIONAL", "SITUATIONAL"),
                    ("SPIGHT", "SPIGHT"),
                ],
            )?;
        } else if let Some(r) = strip(s, "scoring").or_else(|| strip(s, "score")) {
            (k.area, s) = one_of(r, "score", &[("AREA", true), ("TERRITORY", false)])?;
        } else if let Some(r) = strip(s, "tax") {
            (k.tax, s) = one_of(
                r,
                "tax",
                &[("NONE", "NONE"), ("SEKI", "SEKI"), ("ALL", "ALL")],
            )?;
            tax_given = true;
        } else if let Some(r) = strip(s, "sui") {
            (k.multi_stone_suicide, s) = one_of(r, "sui", &bit)?;
        } else if let Some(r) = strip(s, "button") {
            (k.button, s) = one_of(r, "button", &bit)?;
        } else if let Some(r) = strip(s, "whb") {
            (k.bonus, s) = one_of(
                r,
                "whb",
                &[
                    ("0", None),
                    ("N-1", Some(HandicapBonus::NMinusOne)),
                    ("N", Some(HandicapBonus::N)),
                ],
            )?;
        } else if let Some(r) = strip(s, "fpok") {
            (k.friendly_pass_ok, s) = one_of(r, "fpok", &bit)?;
        } else {
            return Err(format!(
                "expected ko, score, tax, sui, button, whb, fpok or komi at `{s}`"
            ));
        }
    }
    if !tax_given && !k.area {
        k.tax = "SEKI";
    }
    Ok(k)
}

/// The answer for KataGo's parameters: every part KataGo plays that go-oracle does not model
/// is named (an empty list: the custom rules are exact; White's handicap bonus apart).
pub fn kata_answer(k: &KataRules) -> Result<(Play, Option<HandicapBonus>), Vec<&'static str>> {
    let mut refused = Vec::new();
    let ko: &'static [KoRule] = match k.ko {
        "POSITIONAL" => &[KoRule::PositionalSuperko],
        "SITUATIONAL" => &[KoRule::SituationalSuperkoSamePlayer],
        "SIMPLE" => {
            refused.push(SIMPLE_KO);
            &[]
        }
        _ => {
            refused.push(SPIGHT_KO);
            &[]
        }
    };
    if !k.area {
        refused.push(TERRITORY);
    }
    if k.tax != "NONE" {
        refused.push(TAX);
    }
    if k.button {
        refused.push(BUTTON);
    }
    if !refused.is_empty() {
        return Err(refused);
    }
    let suicide = if k.multi_stone_suicide {
        Suicide::MultiStoneOnly
    } else {
        Suicide::Forbidden
    };
    Ok((
        Play {
            suicide,
            ko,
            scoring: Scoring::AreaReachingOnly,
        },
        k.bonus,
    ))
}

/// A name mapped: the ruleset, a `custom` ruleset's rules, a komi the name gives, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Mapped {
    pub ruleset: RulesetId,
    pub rules: Option<RulesPatch>,
    pub komi: Option<f64>,
    pub why: String,
}

/// Why a name is not mapped: unknown, unreadable, or naming parts go-oracle does not model.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub namespace: Namespace,
    pub name: String,
    pub unknown: bool,
    pub parts: Vec<String>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.namespace {
            Namespace::Ru => write!(f, "RU[{}]", self.name)?,
            ns => write!(f, "{} `{}`", ns.as_str(), self.name)?,
        }
        if self.unknown {
            write!(
                f,
                " names no rules go-oracle maps (docs/sgf.md, \"Rule names\")"
            )
        } else {
            write!(f, ": go-oracle does not model {}", self.parts.join("; "))
        }
    }
}

fn row_of(namespace: Namespace, name: &str) -> Option<&'static Row> {
    let k = key(name);
    TABLE
        .iter()
        .find(|r| r.namespace == namespace && r.names.iter().any(|n| key(n) == k))
}

/// Map `name` read in `namespace`, in a game of `handicap` stones (White's handicap bonus is
/// refused from 2). `RU` values are looked up in the `RU` rows, then KataGo's names and rule
/// strings (KataGo writes those in `RU`); `kata-set-rules` in KataGo's; `kgs-rules` in its
/// rows. The custom value `go-oracle custom: ...` is `sgf_rules`'s, not read here.
pub fn map_rule_name(namespace: Namespace, name: &str, handicap: u32) -> Result<Mapped, Refusal> {
    let refusal = |unknown: bool, parts: Vec<String>| Refusal {
        namespace,
        name: name.trim().to_string(),
        unknown,
        parts,
    };
    let row = row_of(namespace, name).or_else(|| match namespace {
        Namespace::Ru => row_of(Namespace::Kata, name),
        _ => None,
    });
    let (answer, kata) = match row.map(|r| r.answer) {
        Some(Answer::Kata(s)) => (None, Some(s.to_string())),
        Some(a) => (Some(a), None),
        None if namespace == Namespace::Kgs => return Err(refusal(true, vec![])),
        None => (None, Some(name.trim().to_string())),
    };
    let (play, bonus, komi) = match (answer, kata) {
        (Some(Answer::Ruleset(r)), _) => {
            return Ok(Mapped {
                ruleset: r,
                rules: None,
                komi: None,
                why: format!("{}[{}] read as {r}", namespace.as_str(), name.trim()),
            })
        }
        (Some(Answer::Refused(part)), _) => return Err(refusal(false, vec![part.to_string()])),
        (Some(Answer::Custom(play, bonus)), _) => (play, bonus, None),
        (_, Some(s)) => {
            let k = match read_kata_string(&s) {
                Some(Ok(k)) => k,
                Some(Err(e)) => {
                    return Err(refusal(
                        false,
                        vec![format!("(not a KataGo rule string: {e})")],
                    ))
                }
                None => return Err(refusal(true, vec![])),
            };
            match kata_answer(&k) {
                Ok((play, bonus)) => (play, bonus, k.komi),
                Err(parts) => {
                    return Err(refusal(
                        false,
                        parts.iter().map(|p| p.to_string()).collect(),
                    ))
                }
            }
        }
        _ => return Err(refusal(true, vec![])),
    };
    if bonus.is_some() && handicap >= 2 {
        return Err(refusal(
            false,
            vec![format!("{BONUS} (this game has {handicap})")],
        ));
    }
    let rules = play.patch();
    let why = format!(
        "{}[{}] read as custom: {}",
        namespace.as_str(),
        name.trim(),
        crate::parse::sgf_rules::custom_ru(
            &crate::rules::complete_custom(&rules).expect("suicide and ko given")
        )
    );
    Ok(Mapped {
        ruleset: RulesetId::Custom,
        rules: Some(rules),
        komi,
        why,
    })
}

/// One cell of the manual's table for an answer.
fn answer_cell(a: Answer) -> (String, String) {
    let custom = |p: &Play| {
        let ko: Vec<String> =
            p.ko.iter()
                .map(|k| {
                    serde_json::to_value(k)
                        .ok()
                        .and_then(|v| v.as_str().map(String::from))
                        .unwrap_or_default()
                })
                .collect();
        let name = |v: serde_json::Value| v.as_str().map(String::from).unwrap_or_default();
        format!(
            "`custom`: suicide `{}`, ko `{}`, scoring `{}`",
            name(serde_json::to_value(p.suicide).unwrap_or_default()),
            ko.join(","),
            name(serde_json::to_value(p.scoring).unwrap_or_default())
        )
    };
    match a {
        Answer::Ruleset(r) => (format!("`{r}`"), String::new()),
        Answer::Custom(p, None) => (custom(&p), String::new()),
        Answer::Custom(p, Some(_)) => (custom(&p), BONUS.to_string()),
        Answer::Refused(part) => ("refused".to_string(), part.to_string()),
        Answer::Kata(s) => match read_kata_string(s)
            .and_then(Result::ok)
            .map(|k| kata_answer(&k))
        {
            Some(Ok((p, b))) => answer_cell(Answer::Custom(p, b)),
            Some(Err(parts)) => ("refused".to_string(), parts.join("; ")),
            None => ("refused".to_string(), format!("unreadable `{s}`")),
        },
    }
}

/// docs/sgf.md's "Rule names" table: a line per row of [`TABLE`].
pub fn manual_table() -> String {
    let mut out = String::from(
        "| where | name | go-oracle | notes | not modelled (refused) |\n|---|---|---|---|---|\n",
    );
    for row in TABLE {
        let names: Vec<String> = row.names.iter().map(|n| format!("`{n}`")).collect();
        let (target, refused) = answer_cell(row.answer);
        let note = match row.answer {
            Answer::Kata(s) => format!(
                "KataGo `{s}`{}{}",
                if row.note.is_empty() { "" } else { "; " },
                row.note
            ),
            _ => row.note.to_string(),
        };
        out.push_str(&format!(
            "| {} | {} | {target} | {note} | {refused} |\n",
            row.namespace.as_str(),
            names.join(", ")
        ));
    }
    out
}

#[cfg(test)]
#[path = "rule_names_tests.rs"]
mod tests;
