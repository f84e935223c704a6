//! Technique: Zobrist hashing with an index from hash to history entries. A hash hit is
//! never trusted: the caller compares the stored positions exactly (switch `hash-index`;
//! without it the history is scanned linearly).

use std::sync::OnceLock;

/// Keys for every (bit, colour) of the largest board.
pub fn keys() -> &'static [[u64; 2]] {
    static KEYS: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            // splitmix64: fixed seed, so hashes are the same in every run.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        (0..super::bitboard::MAX_WORDS * 64)
            .map(|_| [next(), next()])
            .collect()
    })
}

/// An open-addressing multimap from a 64-bit hash to `u32` values (history indices).
#[derive(Clone, Debug)]
pub struct HashIndex {
    slots: Vec<(u64, u32)>,
    len: usize,
}

const EMPTY: u32 = u32::MAX;

impl HashIndex {
    /// Room for `n` values; none is allocated for `n == 0` (an index the game never
    /// consults: a random game starts without it), the first insert allocates then.
    pub fn with_capacity(n: usize) -> HashIndex {
        let cap = if n == 0 {
            0
        } else {
            (n * 2).next_power_of_two().max(16)
        };
        HashIndex {
            slots: vec![(0, EMPTY); cap],
            len: 0,
        }
    }
    pub fn clear(&mut self) {
        self.slots.fill((0, EMPTY));
        self.len = 0;
    }
    #[inline]
    fn slot_of(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.slots.len() - 1)
    }
    pub fn insert(&mut self, key: u64, value: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            let bigger = vec![(0, EMPTY); (self.slots.len() * 2).max(16)];
            let old = std::mem::replace(&mut self.slots, bigger);
            self.len = 0;
            for (k, v) in old {
                if v != EMPTY {
                    self.insert(k, v);
                }
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(key);
        while self.slots[i].1 != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = (key, value);
        self.len += 1;
    }
    /// The largest value stored under `key` that satisfies `pred`.
    pub fn max_matching(&self, key: u64, mut pred: impl FnMut(u32) -> bool) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(key);
        let mut best = None;
        loop {
            let (k, v) = self.slots[i];
            if v == EMPTY {
                return best;
            }
            if k == key && pred(v) && best.is_none_or(|b| v > b) {
                best = Some(v);
            }
            i = (i + 1) & mask;
        }
    }
    /// Whether any value stored under `key` satisfies `pred`.
    #[inline]
    pub fn any(&self, key: u64, mut pred: impl FnMut(u32) -> bool) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(key);
        loop {
            let (k, v) = self.slots[i];
            if v == EMPTY {
                return false;
            }
            if k == key && pred(v) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HashIndex;

    /// An index made for no value allocates nothing, answers every question with nothing,
    /// and grows on its first insert.
    #[test]
    fn an_index_made_empty_grows_on_its_first_insert() {
        let mut index = HashIndex::with_capacity(0);
        assert!(!index.any(7, |_| true));
        assert_eq!(index.max_matching(7, |_| true), None);
        index.insert(7, 3);
        index.insert(7, 5);
        assert!(index.any(7, |v| v == 3));
        assert_eq!(index.max_matching(7, |_| true), Some(5));
        assert!(!index.any(8, |_| true));
    }
}
