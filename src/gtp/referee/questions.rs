//! The ruleset's questions about the current position: `final_score`, `final_status_list`.

use super::{agreed, Referee, Reply};
use crate::rules::RulesetId;
use crate::session::StatusClass;
use crate::status_game::strings;

impl Referee {
    /// `final_status_list alive|dead|seki`: the strings of that class, one per line.
    pub(super) fn final_status_list(&self, a: &[String]) -> Reply {
        let wanted = a
            .first()
            .map(|s| s.to_ascii_lowercase())
            .unwrap_or_default();
        let which = match wanted.as_str() {
            "alive" => StatusClass::Alive,
            "dead" => StatusClass::Dead,
            "seki" => StatusClass::Seki,
            _ => return Err("syntax error (final_status_list alive|dead|seki)".into()),
        };
        if which == StatusClass::Seki && self.ruleset() == RulesetId::J2003 {
            return Err("j2003: in-seki regions (J-59) are not computed over GTP; final_status_list alive includes the strings in seki".into());
        }
        let classes = agreed(self.session.status_classes()?)?;
        let position = self.position();
        Ok(strings(self.geometry(), &position)
            .into_iter()
            .filter(|(_, pts)| classes[pts[0]] == Some(which))
            .map(|(_, pts)| {
                pts.iter()
                    .map(|&p| self.geometry().name(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// The ruleset's score of the current position (Black minus White minus komi).
    pub fn final_score(&self) -> Result<f64, String> {
        agreed(self.session.final_score()?)?
    }
}
