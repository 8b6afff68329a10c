//! A set of board cells as a 128-bit mask.
//!
//! Every board the core hosts today has at most 128 cells (10x10 = 100, the cube 64, the tesseract 81,
//! the hex board 68, twin 8x8 boards 128), so one machine word pair gives bitboard speed everywhere.

use crate::Cell;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(pub u128);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);

    #[inline]
    pub fn single(c: Cell) -> CellSet {
        CellSet(1u128 << c)
    }
    #[inline]
    pub fn has(self, c: Cell) -> bool {
        self.0 >> c & 1 != 0
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn any(self) -> bool {
        self.0 != 0
    }
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1u128 << c;
    }
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1u128 << c);
    }
    #[inline]
    pub fn toggle(&mut self, c: Cell) {
        self.0 ^= 1u128 << c;
    }
    /// Lowest cell, if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as Cell)
    }
    /// Highest cell, if any.
    #[inline]
    pub fn last(self) -> Option<Cell> {
        (self.0 != 0).then(|| (127 - self.0.leading_zeros()) as Cell)
    }
    #[inline]
    pub fn iter(self) -> CellIter {
        CellIter(self.0)
    }
}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitor(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
}
impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitand(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
}
impl std::ops::BitXor for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitxor(self, o: CellSet) -> CellSet {
        CellSet(self.0 ^ o.0)
    }
}
impl std::ops::Not for CellSet {
    type Output = CellSet;
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0)
    }
}
impl std::ops::BitOrAssign for CellSet {
    #[inline]
    fn bitor_assign(&mut self, o: CellSet) {
        self.0 |= o.0
    }
}
impl std::ops::BitAndAssign for CellSet {
    #[inline]
    fn bitand_assign(&mut self, o: CellSet) {
        self.0 &= o.0
    }
}
impl std::ops::BitXorAssign for CellSet {
    #[inline]
    fn bitxor_assign(&mut self, o: CellSet) {
        self.0 ^= o.0
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(it: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

/// Iterates the cells of a set from lowest to highest.
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as Cell;
        self.0 &= self.0 - 1;
        Some(c)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}
