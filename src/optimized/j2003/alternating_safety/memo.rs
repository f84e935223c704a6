//! Switch `local-game-memo` (spec `j2003-solver.md` J-LOC-5, "Computing it"): the outcome of a
//! region's local game is kept, for the process, keyed by the game itself (its masks, not the
//! board: the same region in another check or position is the same game) and the liberties
//! owed, and given again without a search when the budget allows what a search would do.
//!
//! The search is deterministic and its budget only stops it (`Search::wins` tests the budget
//! before counting a position), so a search with budget `L` follows the same path as one
//! with a larger budget until it has counted `L` positions. Hence, exactly:
//! * a game decided in `s` positions gives the same outcome in `s` positions when
//!   `L >= s`, and runs out after `L` positions when `L < s`;
//! * a game that ran out of a budget `B` runs out after `L` positions when `L <= B`; with
//!   `L > B` it is searched again and the entry replaced.
//!
//! So the answers and the counts of positions are those of the search without the memo,
//! whatever the order of the questions (the checks run on several threads): only the time
//! differs. Games decided in fewer than [`KEPT_FROM`] positions are not kept.

use super::super::process_memo::ProcessMemo;
use super::local_game::{LocalGame, Solved};

/// Games searched in fewer positions are cheaper searched again than kept.
const KEPT_FROM: u64 = 256;

/// The most entries kept; the memo is emptied when it is full.
const ENTRIES: usize = 1 << 16;

/// What a search of a game found: decided (`Some(won)`) after `positions`, or out of a
/// budget of `positions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    won: Option<bool>,
    positions: u64,
}

static MEMO: ProcessMemo<(LocalGame, Vec<u32>), Entry> = ProcessMemo::new(ENTRIES);

/// What the search of `game` owing `owed` within `budget` positions gives, from the memo when
/// it knows it (the module doc), else searched and kept.
pub(super) fn solve(game: &LocalGame, owed: &[u32], budget: u64) -> Solved {
    let key = (game.clone(), owed.to_vec());
    if let Some(entry) = MEMO.get(&key) {
        match entry.won {
            Some(won) if entry.positions <= budget => {
                return Solved {
                    won: Some(won),
                    positions: entry.positions,
                }
            }
            _ if budget <= entry.positions => {
                return Solved {
                    won: None,
                    positions: budget,
                }
            }
            _ => {}
        }
    }
    let solved = game.search(owed, budget);
    if solved.positions >= KEPT_FROM {
        let entry = Entry {
            won: solved.won,
            positions: solved.positions,
        };
        MEMO.keep(key, entry);
    }
    solved
}
