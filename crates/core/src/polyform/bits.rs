//! Cell sets of a width fixed per board: `W` 64-bit words. A 100-cell board uses two words (the
//! speed of the classical `u128` sets), Doseki's 729 cells twelve; code is generic over `W` and
//! compiled once per width (see `PolyBoard`).

use crate::Cell;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Bits<W> {
    pub const EMPTY: Self = Bits([0; W]);

    /// Cells this width can hold.
    pub const CAPACITY: usize = 64 * W;

    pub fn from_words(words: &[u64]) -> Self {
        let mut b = Self::EMPTY;
        b.0.copy_from_slice(&words[..W]);
        b
    }
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[c as usize / 64] |= 1 << (c % 64);
    }
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[c as usize / 64] &= !(1 << (c % 64));
    }
    #[inline]
    pub fn any(&self) -> bool {
        self.0.iter().any(|&w| w != 0)
    }
    #[inline]
    pub fn and(mut self, o: &Self) -> Self {
        for i in 0..W {
            self.0[i] &= o.0[i];
        }
        self
    }
    /// The set moved down by `n` cells: cell `c` is in the result iff `c + n` is in `self`.
    #[inline]
    pub fn shr(&self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut out = Self::EMPTY;
        for i in 0..W.saturating_sub(words) {
            let lo = self.0[i + words] >> bits;
            let hi = if bits > 0 && i + words + 1 < W { self.0[i + words + 1] << (64 - bits) } else { 0 };
            out.0[i] = lo | hi;
        }
        out
    }
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    (i * 64 + b as usize) as Cell
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_word_boundaries() {
        let mut b = Bits::<3>::EMPTY;
        for c in [0, 63, 64, 130, 191] {
            b.insert(c);
        }
        let s = b.shr(63);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 1, 67, 128]);
        assert_eq!(b.shr(130).iter().collect::<Vec<_>>(), vec![0, 61]);
        assert!(!b.shr(192).any());
    }
}
