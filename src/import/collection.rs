//! An SGF collection `(;...)(;...)` imported as one case: every game tree is read (none is
//! left out), each with the ruleset it states (or `--ruleset`), one check per game tree and
//! per move-sequence inside it. A case file holds each check's own board, rules, komi and
//! handicap, so game trees may differ in all of them; a game tree whose rules cannot be
//! read is refused, named by its index and line with what differs from the game trees
//! before it.

use super::{choose_ruleset, Kind, Request};
use crate::parse::sgf::SgfGameTree;
use crate::rules::RulesetId;

/// Where the game of a request is in its source: game tree `index` of `of`, starting at
/// `line` (a Sensei diagram or a file of one game tree: 1 of 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreePlace {
    /// 1-based.
    pub index: usize,
    /// The game trees of the file.
    pub of: usize,
    /// The line of the file where the game tree starts.
    pub line: usize,
}

impl TreePlace {
    /// The only game of its source.
    pub const SINGLE: TreePlace = TreePlace {
        index: 1,
        of: 1,
        line: 1,
    };

    /// Whether the source holds several game trees (then messages and notes name this one).
    pub fn in_collection(&self) -> bool {
        self.of > 1
    }

    /// `game tree 2 (line 9)`.
    pub fn name(&self) -> String {
        format!("game tree {} (line {})", self.index, self.line)
    }
}

/// What every game tree of one import shares.
pub struct Shared<'a> {
    pub file: &'a str,
    pub id: &'a str,
    /// `--ruleset`, for every game tree.
    pub given: Option<RulesetId>,
    pub budget: u64,
}

/// One request per game tree of an SGF file, each with its ruleset: `--ruleset`, else its
/// own `RU`. A game tree whose ruleset cannot be chosen is bad input naming it (index and
/// line) and, in a collection, the rules of the game trees before it (what differs).
pub fn sgf_requests<'a>(
    trees: &'a [SgfGameTree],
    shared: &Shared<'a>,
) -> Result<Vec<Request<'a>>, String> {
    let mut out: Vec<Request<'a>> = Vec::new();
    for t in trees {
        let tree = TreePlace {
            index: t.index,
            of: trees.len(),
            line: t.line,
        };
        let name = if tree.in_collection() {
            format!("{}: {}", shared.file, tree.name())
        } else {
            shared.file.to_string()
        };
        let (ruleset, rules, ruleset_why) =
            choose_ruleset(&t.game, shared.given, &name).map_err(|e| match out.first() {
                Some(first) => format!(
                    "{e} (each game tree of a collection states its own rules: {} has {})",
                    first.tree.name(),
                    first.ruleset_why
                ),
                None => e,
            })?;
        out.push(Request {
            game: &t.game,
            kind: Kind::Sgf,
            file: shared.file,
            id: shared.id,
            ruleset,
            rules,
            ruleset_why,
            budget: shared.budget,
            tree,
        });
    }
    Ok(out)
}

/// Whether `name` can name a check as `export` writes it in `N` and a case file reads it:
/// a letter or digit, then letters, digits, `-`, `_`, `.` (at most 80).
fn is_check_name(name: &str) -> bool {
    name.len() <= 80
        && name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// The name of the first check of each game tree: its root's `N` (where `export` writes the
/// check's name) when that is a check name, else `main-line` for the only game of a file and
/// `game-K` for game tree K of a collection. `sequences[i]` is the number of checks of game
/// tree `i` (one per move-sequence: `NAME`, `NAME-2`, ...); when the names from `N` would
/// give two checks one name, every game tree is named by its index instead.
pub fn first_check_names(reqs: &[Request], sequences: &[usize]) -> Vec<String> {
    let index_name = |r: &Request| {
        if r.tree.in_collection() {
            format!("game-{}", r.tree.index)
        } else {
            super::CHECK_NAME.to_string()
        }
    };
    let from_n: Vec<String> = reqs
        .iter()
        .map(|r| match &r.game.root_name {
            Some(n) if matches!(r.kind, Kind::Sgf) && is_check_name(n) => n.clone(),
            _ => index_name(r),
        })
        .collect();
    let mut all = std::collections::BTreeSet::new();
    let unique = from_n
        .iter()
        .zip(sequences)
        .all(|(base, &n)| (0..n.max(1)).all(|k| all.insert(super::check_name(base, k))));
    if unique {
        from_n
    } else {
        reqs.iter().map(index_name).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names() {
        assert!(is_check_name("main-line"));
        assert!(is_check_name("ko_2.b"));
        assert!(!is_check_name("Moves, comments"));
        assert!(!is_check_name("-x"));
        assert!(!is_check_name(""));
        assert!(!is_check_name("a::b"));
    }
}
