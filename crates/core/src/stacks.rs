//! Stacks of checkers on one cell (Pyramids' pinos and pyramids): a multiset of checker sizes,
//! written by its sizes in decreasing order (`4321`, `4433`). Which multisets are legal is the
//! game's business — it declares one kind per legal stack — so this module only does the
//! multiset arithmetic that partition and amalgamation need, and the tables built from it.

use crate::kinds::PieceKind;
use crate::Kind;
use std::fmt;
use thiserror::Error;

/// How many checkers of each size 1..=9 a stack holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Stack {
    counts: [u8; Stack::SIZES],
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum StackError {
    #[error("stack code {0:?}: expected the digits 1–9 of its checkers, such as 4321")]
    Code(String),
}

impl Stack {
    /// Checker sizes are the digits 1–9, so a code reads unambiguously.
    pub const SIZES: usize = 9;

    /// Reads a code such as `4321` or `2211` (digits in any order).
    pub fn parse(code: &str) -> Result<Stack, StackError> {
        let mut s = Stack::default();
        if code.is_empty() || code.len() > 36 {
            return Err(StackError::Code(code.to_string()));
        }
        for ch in code.chars() {
            match ch.to_digit(10) {
                Some(d @ 1..=9) => s.counts[d as usize - 1] += 1,
                _ => return Err(StackError::Code(code.to_string())),
            }
        }
        Ok(s)
    }
    /// The code, sizes in decreasing order.
    pub fn code(&self) -> String {
        let mut out = String::new();
        for size in (1..=Stack::SIZES).rev() {
            for _ in 0..self.counts[size - 1] {
                out.push(char::from_digit(size as u32, 10).expect("size is a digit"));
            }
        }
        out
    }
    /// How many checkers of `size` (1-based).
    pub fn count(&self, size: usize) -> u8 {
        self.counts.get(size.wrapping_sub(1)).copied().unwrap_or(0)
    }
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum()
    }
    /// The union of two stacks' checkers.
    pub fn plus(&self, o: &Stack) -> Stack {
        let mut s = *self;
        for (a, b) in s.counts.iter_mut().zip(o.counts) {
            *a += b;
        }
        s
    }
    /// What is left after taking `part` away, if `part` is contained in `self`.
    pub fn minus(&self, part: &Stack) -> Option<Stack> {
        let mut s = *self;
        for (a, b) in s.counts.iter_mut().zip(part.counts) {
            *a = a.checked_sub(b)?;
        }
        Some(s)
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack({})", self.code())
    }
}

/// The partition and amalgamation tables of a variant's stack kinds.
#[derive(Clone, Debug, Default)]
pub(crate) struct StackTables {
    /// Per kind: its proper parts that are kinds, each with the kind left behind.
    pub splits: Vec<Vec<(Kind, Kind)>>,
    /// `merge[a][b]`: the kind of the union of stacks `a` and `b`, if it is a kind.
    pub merge: Vec<Vec<Option<Kind>>>,
    /// Per kind: bitmask of the kinds it may merge onto.
    pub merges_onto: Vec<u64>,
    /// Whether the variant has stack kinds at all (the fast path skips all of this otherwise).
    pub any: bool,
}

impl StackTables {
    pub fn build(kinds: &[PieceKind]) -> StackTables {
        let n = kinds.len();
        let find = |s: &Stack| kinds.iter().position(|k| k.stack.as_ref() == Some(s)).map(|i| i as Kind);
        let mut t = StackTables {
            splits: vec![Vec::new(); n],
            merge: vec![vec![None; n]; n],
            merges_onto: vec![0; n],
            any: kinds.iter().any(|k| k.stack.is_some()),
        };
        for (a, ka) in kinds.iter().enumerate() {
            let Some(sa) = &ka.stack else { continue };
            for (b, kb) in kinds.iter().enumerate() {
                let Some(sb) = &kb.stack else { continue };
                if let Some(u) = find(&sa.plus(sb)) {
                    t.merge[a][b] = Some(u);
                    t.merges_onto[a] |= 1 << b;
                }
                if a != b {
                    if let Some(rest) = sa.minus(sb).filter(|r| r.total() > 0) {
                        if let Some(r) = find(&rest) {
                            t.splits[a].push((b as Kind, r));
                        }
                    }
                }
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn codes_read_and_write_in_decreasing_order() {
        let s = Stack::parse("1234").unwrap();
        assert_eq!(s.code(), "4321");
        assert_eq!(Stack::parse("2211").unwrap().count(1), 2);
        assert_eq!(s.total(), 4);
        assert!(Stack::parse("").is_err());
        assert!(Stack::parse("40").is_err());
        assert!(Stack::parse("x").is_err());
    }

    #[test]
    fn union_and_difference() {
        let a = Stack::parse("43").unwrap();
        let b = Stack::parse("21").unwrap();
        assert_eq!(a.plus(&b).code(), "4321");
        assert_eq!(a.plus(&b).minus(&b), Some(a));
        assert_eq!(a.minus(&b), None);
    }

    proptest! {
        #[test]
        fn code_round_trips(counts in proptest::collection::vec(0u8..3, 9)) {
            let mut s = Stack::default();
            s.counts.copy_from_slice(&counts);
            prop_assume!(s.total() > 0);
            prop_assert_eq!(Stack::parse(&s.code()).unwrap(), s);
        }
    }
}
