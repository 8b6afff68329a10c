//! A lock-free transposition table shared by all search threads (Lazy SMP). Each slot is two
//! atomics, the key stored xor-ed with the data, so a torn write reads back as a miss instead
//! of a wrong entry.

use ccg_core::Move;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// [`move_key`] of the best move, 0 for none.
    pub mv: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

/// 32-bit fingerprint of a move: the table stores no `Move` (a capture chain is large), and the
/// search recognises the hash move among the legal moves by this key.
pub fn move_key(m: &Move) -> u32 {
    struct Fnv(u64);
    impl Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
        }
    }
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    m.hash(&mut h);
    let k = (h.0 ^ (h.0 >> 32)) as u32;
    k.max(1)
}

impl Tt {
    /// A table of about `mb` megabytes, or `None` if the memory cannot be had (a GUI may ask
    /// for more than the machine has: the caller keeps its old table and says so).
    pub fn try_new(mb: usize) -> Option<Tt> {
        let bytes = mb.max(1).checked_mul(1 << 20)?;
        let n = (bytes / 16).checked_next_power_of_two()? / 2;
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).ok()?;
        slots.extend((0..n).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Some(Tt { slots, mask: n - 1 })
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[key as usize & self.mask];
        let data = s[1].load(Ordering::Relaxed);
        if s[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let bound = match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            mv: data as u32,
            score: ((data >> 32) as u16 as i16) as i32,
            depth: ((data >> 48) as u8) as i32,
            bound,
        })
    }

    /// Stores an entry, always replacing (depth-preferred replacement gains little here).
    pub fn store(&self, key: u64, e: Entry) {
        let s = &self.slots[key as usize & self.mask];
        let old = self.probe(key);
        // Keep the old best move when the new entry has none.
        let mv = if e.mv == 0 { old.map_or(0, |o| o.mv) } else { e.mv };
        let data = mv as u64
            | ((e.score.clamp(-32767, 32767) as i16 as u16 as u64) << 32)
            | ((e.depth.clamp(0, 255) as u64) << 48)
            | ((e.bound as u64) << 56);
        s[0].store(key ^ data, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }
}
