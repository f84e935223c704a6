//! A cache kept for the process, shared by the threads of the checks: what
//! `local-game-memo` (alternating_safety/memo.rs) and `state-graph-memo`
//! (state_graph_memo.rs) keep. Emptied when full. Whether a kept value may be given again is
//! the user's to say (each keys by everything its search reads).

use std::hash::Hash;
use std::sync::{Mutex, OnceLock};

use rustc_hash::FxHashMap;

/// At most `capacity` values by key; a poisoned lock reads as empty and keeps nothing.
pub(super) struct ProcessMemo<K, V> {
    map: OnceLock<Mutex<FxHashMap<K, V>>>,
    capacity: usize,
}

impl<K: Hash + Eq, V: Clone> ProcessMemo<K, V> {
    pub(super) const fn new(capacity: usize) -> Self {
        ProcessMemo {
            map: OnceLock::new(),
            capacity,
        }
    }

    fn map(&self) -> &Mutex<FxHashMap<K, V>> {
        self.map.get_or_init(|| Mutex::new(FxHashMap::default()))
    }

    /// The value kept for `key`.
    pub(super) fn get(&self, key: &K) -> Option<V> {
        self.map().lock().ok().and_then(|m| m.get(key).cloned())
    }

    /// Keep `value` for `key` (all is forgotten first when the memo is full).
    pub(super) fn keep(&self, key: K, value: V) {
        if let Ok(mut m) = self.map().lock() {
            if m.len() >= self.capacity {
                m.clear();
            }
            m.insert(key, value);
        }
    }
}
