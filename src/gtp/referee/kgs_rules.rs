//! `kgs-rules NAME` and `kata-set-rules NAME`: the ruleset named the way KGS or KataGo
//! names rules, by the rule-name table (`parse::rule_names`, docs/sgf.md "Rule names").

use super::{Referee, Reply};
use crate::parse::rule_names::{map_rule_name, Namespace};
use crate::rules::RulesetId;

impl Referee {
    /// `kgs-rules NAME` (also a ruleset id) and `kata-set-rules NAME` (a KataGo name or rule
    /// string): another ruleset, before the first move, by the rule-name table; a name it
    /// refuses is answered with the part go-oracle does not model.
    pub(super) fn kgs_rules(&mut self, a: &[String], namespace: Namespace) -> Reply {
        let name = a.join(" ");
        let (ruleset, patch) = match map_rule_name(namespace, &name, self.handicap()) {
            Ok(m) if m.komi.is_some() => {
                return Err(format!(
                    "rules `{name}`: the komi is GTP `komi`'s, not the rules'"
                ))
            }
            Ok(m) => (m.ruleset, m.rules),
            Err(r) => match RulesetId::parse(&name.to_ascii_lowercase()) {
                Some(id) if r.unknown && namespace == Namespace::Kgs => (id, None),
                _ => return Err(format!("rules `{name}` not supported: {r}")),
            },
        };
        if ruleset == self.ruleset() && patch.is_none() {
            return Ok(String::new());
        }
        self.session
            .set_ruleset(ruleset, &patch.unwrap_or_default())
            .map(|()| String::new())
    }
}
