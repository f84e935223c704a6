//! The `RU` value that states a `custom` ruleset's rules, machine-readable:
//!
//! ```text
//! RU[go-oracle custom: suicide=allowed capture-order=opponent-first ko=positional-superko game-end-passes=2 scoring=area-reaching-only]
//! ```
//!
//! The prefix `go-oracle custom:`, then `key=value` words separated by spaces. Keys: `suicide`
//! (`forbidden`, `multi-stone-only`, `allowed`), `capture-order` (`opponent-first`,
//! `own-first`), `ko` (the ko rules in force separated by commas: `basic`, `fixed`,
//! `positional-superko`, `situational-superko`, `situational-superko-same-player`; `none` for no ko rule), `game-end-passes` (a
//! number, at least 1), `scoring` (`area-not-reaching-opponent`, `area-reaching-only`,
//! `none`). Values are the case-file names of the `rules:` fields; `suicide` and `ko` are
//! required (as for `rules:` of a `custom` check), the others default as there.
//! [`custom_ru`] writes every key; [`read_custom_ru`] reads it back to the same rules.

use crate::rules::{KoRule, Rules, RulesPatch};
use serde::de::DeserializeOwned;

/// The prefix of the value, compared without regard to case.
pub const PREFIX: &str = "go-oracle custom:";

/// A value of a rules enum by its case-file name.
fn name_of<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn parse_name<T: DeserializeOwned>(key: &str, value: &str) -> Result<T, String> {
    serde_json::from_value(serde_json::Value::String(value.to_string()))
        .map_err(|_| format!("`{key}={value}`: unknown value `{value}`"))
}

/// The `RU` value that states `rules` (every key).
pub fn custom_ru(rules: &Rules) -> String {
    let ko: Vec<String> = rules.ko.iter().map(name_of).collect();
    format!(
        "{PREFIX} suicide={} capture-order={} ko={} game-end-passes={} scoring={}",
        name_of(&rules.suicide),
        name_of(&rules.capture_order),
        if ko.is_empty() {
            "none".to_string()
        } else {
            ko.join(",")
        },
        rules.game_end_passes,
        name_of(&rules.scoring)
    )
}

/// `None` when `ru` does not start with [`PREFIX`]; else the rules it states, or why they
/// cannot be read (an unknown key or value, a key twice, `suicide` or `ko` missing).
pub fn read_custom_ru(ru: &str) -> Option<Result<RulesPatch, String>> {
    let t = ru.trim();
    if t.len() < PREFIX.len() || !t[..PREFIX.len()].eq_ignore_ascii_case(PREFIX) {
        return None;
    }
    Some(read_words(&t[PREFIX.len()..]))
}

fn read_words(words: &str) -> Result<RulesPatch, String> {
    let mut p = RulesPatch::default();
    let mut seen: Vec<&str> = Vec::new();
    for word in words.split_whitespace() {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("`{word}`: expected key=value"))?;
        if seen.contains(&key) {
            return Err(format!("`{key}` is given twice"));
        }
        seen.push(key);
        match key {
            "suicide" => p.suicide = Some(parse_name(key, value)?),
            "capture-order" => p.capture_order = Some(parse_name(key, value)?),
            "ko" if value == "none" => p.ko = Some(Vec::new()),
            "ko" => {
                let ko: Result<Vec<KoRule>, String> =
                    value.split(',').map(|k| parse_name(key, k)).collect();
                p.ko = Some(ko?);
            }
            "game-end-passes" => {
                let n: u32 = value
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("`{word}`: expected a number of passes, at least 1"))?;
                p.game_end_passes = Some(n);
            }
            "scoring" => p.scoring = Some(parse_name(key, value)?),
            _ => {
                return Err(format!(
                "`{key}`: unknown key (the keys: suicide, capture-order, ko, game-end-passes, scoring)"
            ))
            }
        }
    }
    crate::rules::complete_custom(&p)?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{complete_custom, CaptureOrder, Scoring, Suicide};

    #[test]
    fn written_rules_read_back() {
        let rules = Rules {
            suicide: Suicide::MultiStoneOnly,
            capture_order: CaptureOrder::OwnFirst,
            ko: vec![KoRule::Basic, KoRule::SituationalSuperko],
            game_end_passes: 3,
            ko_pass: false,
            no_result_on_cycle: false,
            direct_ko: false,
            scoring: Scoring::AreaReachingOnly,
        };
        let ru = custom_ru(&rules);
        assert_eq!(
            ru,
            "go-oracle custom: suicide=multi-stone-only capture-order=own-first ko=basic,situational-superko game-end-passes=3 scoring=area-reaching-only"
        );
        let patch = read_custom_ru(&ru).unwrap().unwrap();
        assert_eq!(complete_custom(&patch).unwrap(), rules);
        let same = Rules {
            ko: vec![KoRule::SituationalSuperkoSamePlayer],
            ..rules.clone()
        };
        let ru = custom_ru(&same);
        assert!(ru.contains("ko=situational-superko-same-player "), "{ru}");
        let patch = read_custom_ru(&ru).unwrap().unwrap();
        assert_eq!(complete_custom(&patch).unwrap(), same);
        let none = Rules {
            ko: vec![],
            ..rules
        };
        let patch = read_custom_ru(&custom_ru(&none)).unwrap().unwrap();
        assert_eq!(complete_custom(&patch).unwrap(), none);
    }

    #[test]
    fn other_values_and_bad_words() {
        assert!(read_custom_ru("Japanese").is_none());
        assert!(read_custom_ru("custom").is_none());
        let bad = |s: &str| read_custom_ru(s).unwrap().unwrap_err();
        assert!(bad("go-oracle custom: suicide=allowed").contains("ko"));
        assert!(bad("go-oracle custom: suicide=maybe ko=none").contains("maybe"));
        assert!(bad("go-oracle custom: suicide=allowed ko=none colour=red").contains("colour"));
        assert!(bad("go-oracle custom: suicide=allowed ko=none ko=basic").contains("twice"));
        assert!(bad("go-oracle custom: suicide=allowed ko=none game-end-passes=0").contains("1"));
    }
}
