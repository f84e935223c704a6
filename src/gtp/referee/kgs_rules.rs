//! `kgs-rules NAME`: the ruleset named the way KGS names rules.

use super::{Referee, Reply};
use crate::rules::{RulesPatch, RulesetId};

impl Referee {
    /// `kgs-rules NAME`: another ruleset, before the first move.
    pub(super) fn kgs_rules(&mut self, a: &[String]) -> Reply {
        let name = a
            .first()
            .map(|s| s.to_ascii_lowercase())
            .unwrap_or_default();
        let target = match name.as_str() {
            "japanese" => Some(RulesetId::J2003),
            "new_zealand" => Some(RulesetId::TrompTaylor),
            other => RulesetId::parse(other),
        };
        match target {
            Some(r) if r == self.ruleset() => Ok(String::new()),
            Some(r) => self
                .session
                .set_ruleset(r, &RulesPatch::default())
                .map(|()| String::new()),
            None => Err(format!(
                "rules `{name}` not supported (go-oracle: japanese = j2003, new_zealand = tromp-taylor, or a ruleset id)"
            )),
        }
    }
}
