//! Each row of the rule-name table is a named case below; the manual's table (docs/sgf.md) is the code's.

use super::*;

/// `custom` rules as their `RU` value, or `refused: ...`, or a ruleset id.
fn answer(ns: Namespace, name: &str, handicap: u32) -> String {
    match map_rule_name(ns, name, handicap) {
        Ok(m) if m.ruleset == RulesetId::Custom => {
            let rules = crate::rules::complete_custom(m.rules.as_ref().unwrap()).unwrap();
            let komi = m.komi.map(|k| format!(" komi={k}")).unwrap_or_default();
            format!("{}{komi}", crate::parse::sgf_rules::custom_ru(&rules))
        }
        Ok(m) => m.ruleset.to_string(),
        Err(r) if r.unknown => "unknown".to_string(),
        Err(r) => format!("refused: {}", r.parts.join("; ")),
    }
}

const PSK_FORBIDDEN_AREA: &str = "go-oracle custom: suicide=forbidden capture-order=opponent-first ko=positional-superko game-end-passes=2 scoring=area-reaching-only";
const SSK_SAME_FORBIDDEN_AREA: &str = "go-oracle custom: suicide=forbidden capture-order=opponent-first ko=situational-superko-same-player game-end-passes=2 scoring=area-reaching-only";
const SSK_SAME_MULTI_AREA: &str = "go-oracle custom: suicide=multi-stone-only capture-order=opponent-first ko=situational-superko-same-player game-end-passes=2 scoring=area-reaching-only";
const PSK_MULTI_AREA: &str = "go-oracle custom: suicide=multi-stone-only capture-order=opponent-first ko=positional-superko game-end-passes=2 scoring=area-reaching-only";

/// (case, namespace, name, handicap, the answer or the start of a refusal).
const CASES: &[(&str, Namespace, &str, u32, &str)] = &[
    ("ru_tromp_taylor", Namespace::Ru, "Tromp-Taylor", 0, "tromp-taylor"),
    ("ru_tt", Namespace::Ru, "TT", 0, "tromp-taylor"),
    ("ru_tromp_logical", Namespace::Ru, "Tromp-Logical", 0, "tromp-logical"),
    ("ru_japanese", Namespace::Ru, "Japanese", 0, "j2003"),
    ("ru_jp", Namespace::Ru, "jp", 0, "j2003"),
    ("ru_japanese_2003", Namespace::Ru, "Japanese 2003", 0, "j2003"),
    ("ru_naj", Namespace::Ru, "New Amateur-Japanese Rules", 0, "naj"),
    ("ru_najn", Namespace::Ru, "NAJN", 0, "najn"),
    ("ru_ljr", Namespace::Ru, "Logical Japanese", 0, "ljr"),
    ("ru_vjr", Namespace::Ru, "verbal japanese rules", 0, "vjr"),
    ("ru_chinese", Namespace::Ru, "Chinese", 0, "go-oracle custom: suicide=forbidden capture-order=opponent-first ko=positional-superko game-end-passes=2 scoring=none"),
    ("ru_chinese_handicap_no_score", Namespace::Ru, " chinese ", 4, "go-oracle custom: suicide=forbidden capture-order=opponent-first ko=positional-superko game-end-passes=2 scoring=none"),
    ("ru_nz", Namespace::Ru, "NZ", 0, "go-oracle custom: suicide=allowed capture-order=opponent-first ko=situational-superko game-end-passes=2 scoring=none"),
    ("ru_new_zealand", Namespace::Ru, "New Zealand", 0, "go-oracle custom: suicide=allowed capture-order=opponent-first ko=situational-superko game-end-passes=2 scoring=none"),
    ("ru_aga", Namespace::Ru, "AGA", 0, "refused: the AGA rules' end of the game"),
    ("ru_korean", Namespace::Ru, "Korean", 0, "refused: the Korean rules'"),
    ("ru_ing", Namespace::Ru, "Ing", 0, "refused: Ing's SST ko rule"),
    ("ru_ings", Namespace::Ru, "Ing's", 0, "refused: Ing's SST ko rule"),
    ("ru_goe", Namespace::Ru, "GOE", 0, "refused: Ing's SST ko rule"),
    ("ru_katago_chinese_ogs", Namespace::Ru, "Chinese-OGS", 0, PSK_FORBIDDEN_AREA),
    ("ru_katago_stone_scoring", Namespace::Ru, "StoneScoring", 0, "refused: KataGo's simple ko"),
    ("ru_katago_string", Namespace::Ru, "koPOSITIONALscoreAREAtaxNONEsui1", 0, PSK_MULTI_AREA),
    ("ru_katago_string_simple_territory", Namespace::Ru, "koSIMPLEscoreTERRITORYtaxSEKIsui0button0", 0, "refused: KataGo's simple ko (`koSIMPLE`) also ends the game when a player passes from a situation he has passed from before, and makes a position's third occurrence a no-result; KataGo's territory scoring"),
    ("ru_katago_string_whb_even", Namespace::Ru, "koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1", 0, SSK_SAME_FORBIDDEN_AREA),
    ("ru_katago_string_whb_handicap", Namespace::Ru, "koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1", 2, "refused: White's handicap bonus"),
    ("ru_katago_string_komi", Namespace::Ru, "koPOSITIONALscoreAREAtaxNONEsui0komi7.5", 0, "go-oracle custom: suicide=forbidden capture-order=opponent-first ko=positional-superko game-end-passes=2 scoring=area-reaching-only komi=7.5"),
    ("ru_katago_string_tax_seki", Namespace::Ru, "koPOSITIONALscoreAREAtaxSEKIsui1", 0, "refused: KataGo's group tax"),
    ("ru_katago_string_spight", Namespace::Ru, "koSPIGHTscoreAREAtaxNONEsui1", 0, "refused: KataGo's `koSPIGHT`"),
    ("ru_katago_string_bad", Namespace::Ru, "koPOSITIONALscoreMAYBE", 0, "refused: (not a KataGo rule string: after `score`, expected one of AREA, TERRITORY at `MAYBE`)"),
    ("ru_tl", Namespace::Ru, "TL", 0, "tromp-logical"),
    ("ru_j2003", Namespace::Ru, "J2003", 0, "j2003"),
    ("ru_naj_short", Namespace::Ru, "NAJ", 0, "naj"),
    ("ru_new_amateur_japanese", Namespace::Ru, "New Amateur-Japanese", 0, "naj"),
    ("ru_ljr_short", Namespace::Ru, "LJR", 0, "ljr"),
    ("ru_logical_japanese_rules", Namespace::Ru, "Logical Japanese Rules", 0, "ljr"),
    ("ru_vjr_short", Namespace::Ru, "VJR", 0, "vjr"),
    ("ru_verbal_japanese", Namespace::Ru, "Verbal Japanese", 0, "vjr"),
    ("kata_ancient_area", Namespace::Kata, "ancient area", 0, "refused: KataGo's simple ko"),
    ("kata_french", Namespace::Kata, "french", 0, SSK_SAME_FORBIDDEN_AREA),
    ("kata_nz", Namespace::Kata, "nz", 0, SSK_SAME_MULTI_AREA),
    ("kata_goe", Namespace::Kata, "goe", 0, PSK_MULTI_AREA),
    ("ru_unknown", Namespace::Ru, "French Go Federation 1999", 0, "unknown"),
    ("kata_tromp_taylor", Namespace::Kata, "tromp-taylor", 0, PSK_MULTI_AREA),
    ("kata_chinese", Namespace::Kata, "chinese", 0, "refused: KataGo's simple ko"),
    ("kata_chinese_ogs", Namespace::Kata, "chinese-ogs", 0, PSK_FORBIDDEN_AREA),
    ("kata_chinese_kgs", Namespace::Kata, "chinese_kgs", 1, PSK_FORBIDDEN_AREA),
    ("kata_chinese_kgs_handicap", Namespace::Kata, "chinese-kgs", 2, "refused: White's handicap bonus"),
    ("kata_japanese", Namespace::Kata, "japanese", 0, "refused: KataGo's simple ko"),
    ("kata_korean", Namespace::Kata, "korean", 0, "refused: KataGo's simple ko"),
    ("kata_stone_scoring", Namespace::Kata, "stone-scoring", 0, "refused: KataGo's simple ko (`koSIMPLE`) also ends the game when a player passes from a situation he has passed from before, and makes a position's third occurrence a no-result; KataGo's group tax"),
    ("kata_ancient_territory", Namespace::Kata, "ancient-territory", 0, "refused: KataGo's simple ko"),
    ("kata_aga", Namespace::Kata, "aga", 0, SSK_SAME_FORBIDDEN_AREA),
    ("kata_bga", Namespace::Kata, "BGA", 0, SSK_SAME_FORBIDDEN_AREA),
    ("kata_aga_button", Namespace::Kata, "aga-button", 0, "refused: the button"),
    ("kata_new_zealand", Namespace::Kata, "new-zealand", 0, SSK_SAME_MULTI_AREA),
    ("kata_ing", Namespace::Kata, "ing", 0, PSK_MULTI_AREA),
    ("kata_string", Namespace::Kata, "koSITUATIONALscoreAREAtaxNONEsui1", 0, SSK_SAME_MULTI_AREA),
    ("kata_unknown", Namespace::Kata, "spanish", 0, "unknown"),
    ("kgs_japanese", Namespace::Kgs, "japanese", 0, "j2003"),
    ("kgs_new_zealand", Namespace::Kgs, "new_zealand", 0, "tromp-taylor"),
    ("kgs_chinese", Namespace::Kgs, "chinese", 0, PSK_FORBIDDEN_AREA),
    ("kgs_aga", Namespace::Kgs, "aga", 0, SSK_SAME_FORBIDDEN_AREA),
    ("kgs_aga_handicap", Namespace::Kgs, "aga", 3, "refused: White's handicap bonus"),
    ("kgs_unknown", Namespace::Kgs, "koPOSITIONALscoreAREA", 0, "unknown"),
];

#[test]
fn every_case_answers_as_written() {
    let mut wrong = Vec::new();
    for (case, ns, name, handicap, expected) in CASES {
        let got = answer(*ns, name, *handicap);
        let ok = if expected.starts_with("refused: ") {
            got.starts_with(expected)
        } else {
            got == *expected
        };
        if !ok {
            wrong.push(format!(
                "{case}: {ns:?} `{name}` (handicap {handicap}): expected {expected}\n  got {got}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every name of the table has a named case: a row cannot be added without one.
#[test]
fn every_row_has_a_case() {
    for row in TABLE {
        for name in row.names {
            assert!(
                CASES
                    .iter()
                    .any(|(_, ns, n, _, _)| *ns == row.namespace && key(n) == key(name)),
                "{:?} `{name}` has no named case in CASES",
                row.namespace
            );
        }
    }
}

/// The manual's "Rule names" table (docs/sgf.md) is `manual_table()`.
#[test]
fn manual_table_is_the_code_table() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/sgf.md")).unwrap();
    let after = readme
        .split("## Rule names")
        .nth(1)
        .expect("docs/sgf.md has a `## Rule names` section");
    let table: String = after
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        table,
        manual_table(),
        "docs/sgf.md's table differs; the code's table is:\n{}",
        manual_table()
    );
}

#[test]
fn refusals_name_the_part() {
    let e = map_rule_name(Namespace::Kata, "aga-button", 0).unwrap_err();
    assert_eq!(e.to_string(), "kata-set-rules `aga-button`: go-oracle does not model the button (`button1`: half a point to the first player to pass)");
    let e = map_rule_name(Namespace::Ru, "Foo", 0).unwrap_err();
    assert!(
        e.to_string().contains("names no rules go-oracle maps"),
        "{e}"
    );
}
