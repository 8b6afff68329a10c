//! The one move model of every game: a piece goes from `from` to `to`, optionally promoting, and
//! a `Special` says what else happens — a drop from the hand, a castling, an en-passant capture,
//! a draughts-style chain of jumps through intermediate landing cells, or the partition of a
//! stack (only a part of it moves). What a capture does beyond that is the variant's data.

pub use crate::path::Path;
use crate::{Cell, Kind};
use std::mem::MaybeUninit;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Special {
    /// A step, slide or leap; captures what stands on `to`.
    None,
    /// A piece of this kind is put from the hand onto `to` (`from == to`).
    Drop(Kind),
    /// Castling number `n` of the variant: the royal piece goes `from`→`to`, the rook(s) as declared.
    Castle(u8),
    /// En-passant capture of the pawn standing on this cell.
    EnPassant(Cell),
    /// A chain of jumps through these landing cells before `to`.
    Chain(Path),
    /// A partition: only this part of the stack on `from` moves (to an empty cell); the rest
    /// stays.
    Part(Kind),
    /// A group piece (docs/rules.md, polyform games): the checkers of this orientation of a type
    /// anchored at `from` move rigidly so that the anchor lands on `to`.
    Group(u16),
}

/// A move. Construct moves only through a position (`legal_moves`, `parse_move`): the fields say
/// what the move is, the position says what it means.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub promotion: Option<Kind>,
    pub special: Special,
}

impl Move {
    pub fn new(from: Cell, to: Cell) -> Move {
        Move { from, to, promotion: None, special: Special::None }
    }
    pub fn promoting(from: Cell, to: Cell, k: Kind) -> Move {
        Move { from, to, promotion: Some(k), special: Special::None }
    }
    pub fn is_drop(&self) -> bool {
        matches!(self.special, Special::Drop(_))
    }
}

/// Legal moves of a position: on the stack, spilling to the heap only in the rare position with
/// more moves than that (long draughts-style capture chains can multiply without limit).
pub struct MoveList {
    inline: [MaybeUninit<Move>; MoveList::INLINE],
    len: usize,
    spill: Vec<Move>,
}

impl MoveList {
    /// More than any chess-like position of our games has (a crowded 10x10 board with promotion
    /// choices stays under 400).
    pub const INLINE: usize = 512;
    #[inline]
    pub fn new() -> MoveList {
        MoveList { inline: [const { MaybeUninit::uninit() }; MoveList::INLINE], len: 0, spill: Vec::new() }
    }
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < MoveList::INLINE {
            self.inline[self.len] = MaybeUninit::new(m);
            self.len += 1;
        } else {
            if self.spill.is_empty() {
                self.spill.reserve(2 * MoveList::INLINE);
                // SAFETY: all INLINE entries were written by `push`.
                self.spill.extend(self.inline.iter().map(|m| unsafe { m.assume_init() }));
            }
            self.spill.push(m);
        }
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        if !self.spill.is_empty() {
            return &self.spill;
        }
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.inline.as_ptr() as *const Move, self.len) }
    }
}
