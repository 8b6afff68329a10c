//! A lock-free transposition table shared by all search threads (Lazy SMP). An entry is three
//! atomics — the key xor-ed with both data words, then the data — so a torn write reads back as
//! a miss instead of a wrong entry. Entries come in buckets of [`BUCKET`]; a new entry replaces
//! the one of its own position, else the shallowest or oldest.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The best move's code ([`crate::movecode`]), 0 for none.
    pub mv: u32,
    pub score: i32,
    /// The static evaluation of the position (`NO_EVAL` when it was in check).
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position was on a principal variation when stored.
    pub pv: bool,
}

/// Stored as the static evaluation of positions in check (they have none).
pub const NO_EVAL: i32 = i16::MIN as i32;

const BUCKET: usize = 3;

struct Slot([AtomicU64; 3]);

pub struct Tt {
    slots: Vec<Slot>,
    /// Buckets less one (a power of two).
    mask: usize,
    /// Search number, so that entries of earlier searches are replaced first.
    age: AtomicU8,
}

impl Tt {
    /// A table of about `mb` megabytes, or `None` if the memory cannot be had (a GUI may ask
    /// for more than the machine has: the caller keeps its old table and says so).
    pub fn try_new(mb: usize) -> Option<Tt> {
        let bytes = mb.max(1).checked_mul(1 << 20)?;
        let entries = bytes / std::mem::size_of::<Slot>();
        let buckets = ((entries / BUCKET).checked_next_power_of_two()? / 2).max(1);
        let mut slots = Vec::new();
        slots.try_reserve_exact(buckets * BUCKET).ok()?;
        slots.extend(
            (0..buckets * BUCKET).map(|_| Slot([AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)])),
        );
        Some(Tt { slots, mask: buckets - 1, age: AtomicU8::new(0) })
    }

    pub fn clear(&self) {
        for s in &self.slots {
            for a in &s.0 {
                a.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Marks the start of a new search: older entries become the first to go.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let i = (key as usize & self.mask) * BUCKET;
        &self.slots[i..i + BUCKET]
    }

    /// The entry's data words if the slot holds `key`.
    fn read(s: &Slot, key: u64) -> Option<(u64, u64)> {
        let d0 = s.0[1].load(Ordering::Relaxed);
        let d1 = s.0[2].load(Ordering::Relaxed);
        (d0 != 0 && s.0[0].load(Ordering::Relaxed) ^ d0 ^ d1 == key).then_some((d0, d1))
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|s| Self::read(s, key)).and_then(|(d0, d1)| unpack(d0, d1))
    }

    pub fn store(&self, key: u64, e: Entry) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut target = &bucket[0];
        let mut worst = i32::MAX;
        let mut old = None;
        for s in bucket {
            if let Some((d0, d1)) = Self::read(s, key) {
                target = s;
                old = unpack(d0, d1);
                break;
            }
            let d0 = s.0[1].load(Ordering::Relaxed);
            // Empty slots first, then the shallowest, counting each search of age as 8 plies.
            let (depth, entry_age) = ((d0 >> 48) as u8 as i32, (d0 >> 59) as u8);
            let stale = age.wrapping_sub(entry_age) & 31;
            let worth = if d0 == 0 { i32::MIN } else { depth - 8 * stale as i32 };
            if worth < worst {
                worst = worth;
                target = s;
            }
        }
        // A shallow result does not replace a deep one of the same position, unless exact.
        if let Some(o) = old {
            if e.bound != Bound::Exact && e.depth + 4 < o.depth && o.bound == e.bound {
                return;
            }
        }
        // Keep the old best move when the new entry has none.
        let mv = if e.mv == 0 { old.map_or(0, |o| o.mv) } else { e.mv };
        let d0 = mv as u64
            | (e.score.clamp(-32767, 32767) as i16 as u16 as u64) << 32
            | (e.depth.clamp(0, 255) as u64) << 48
            | (e.bound as u64) << 56
            | (e.pv as u64) << 58
            | ((age & 31) as u64) << 59;
        let d1 = e.eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        target.0[0].store(key ^ d0 ^ d1, Ordering::Relaxed);
        target.0[1].store(d0, Ordering::Relaxed);
        target.0[2].store(d1, Ordering::Relaxed);
    }
}

fn unpack(d0: u64, d1: u64) -> Option<Entry> {
    let bound = match (d0 >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        mv: d0 as u32,
        score: ((d0 >> 32) as u16 as i16) as i32,
        eval: (d1 as u16 as i16) as i32,
        depth: ((d0 >> 48) as u8) as i32,
        bound,
        pv: (d0 >> 58) & 1 != 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_keep_their_key() {
        let tt = Tt::try_new(1).unwrap();
        let e = Entry { mv: 0x8000_1234, score: -1234, eval: 77, depth: 9, bound: Bound::Lower, pv: true };
        tt.store(42, e);
        let got = tt.probe(42).unwrap();
        assert_eq!(
            (got.mv, got.score, got.eval, got.depth, got.bound, got.pv),
            (e.mv, -1234, 77, 9, Bound::Lower, true)
        );
        assert!(tt.probe(43).is_none());
        // A new entry without a move keeps the old move.
        tt.store(42, Entry { mv: 0, depth: 10, bound: Bound::Exact, ..e });
        assert_eq!(tt.probe(42).unwrap().mv, e.mv);
        let eval = Entry { eval: NO_EVAL, ..e };
        tt.store(7, eval);
        assert_eq!(tt.probe(7).unwrap().eval, NO_EVAL);
    }
}
