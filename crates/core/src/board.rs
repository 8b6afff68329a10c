//! The mutable state of a position: what stands on every cell, the hands, the per-piece flags and
//! the clocks, with the Zobrist hash kept in step by every edit. Moves change it only through
//! [`Board::edit`] and the flag setters (see `make.rs`), so hashing has one place.

use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Kind, Piece, MAX_KINDS};

/// Plain data, cheap to copy for legality probes.
#[derive(Clone)]
pub(crate) struct Board {
    pub mailbox: [u8; crate::variant::MAX_CELLS],
    pub by_color: [CellSet; 2],
    pub by_kind: [CellSet; MAX_KINDS],
    /// Pieces (of kinds with first-move modes or castling) that have never moved.
    pub virgin: CellSet,
    /// Royal pieces (of kinds with a jump right) that have been checked.
    pub checked: CellSet,
    /// Royal pieces of the side to move that stand attacked now (games with check).
    pub in_check: CellSet,
    /// The cell skipped by a double step that may be taken en passant, and the pawn to take.
    pub ep: Option<(Cell, Cell)>,
    /// Pieces in hand, per side and kind (drop games).
    pub hands: [[u8; MAX_KINDS]; 2],
    pub stm: Color,
    pub halfmove: u32,
    pub fullmove: u32,
    pub hash: u64,
}

impl Board {
    pub fn empty() -> Board {
        Board {
            mailbox: [0; crate::variant::MAX_CELLS],
            by_color: [CellSet::EMPTY; 2],
            by_kind: [CellSet::EMPTY; MAX_KINDS],
            virgin: CellSet::EMPTY,
            checked: CellSet::EMPTY,
            in_check: CellSet::EMPTY,
            ep: None,
            hands: [[0; MAX_KINDS]; 2],
            stm: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    #[inline]
    pub fn piece(&self, c: Cell) -> Option<Piece> {
        Piece::from_code(self.mailbox[c as usize])
    }

    #[inline]
    pub fn occupied(&self) -> CellSet {
        self.by_color[0] | self.by_color[1]
    }

    /// Replaces a cell's content (piece code, 0 = empty) and returns the old one, updating the
    /// bitboards and the hash.
    #[inline]
    pub fn edit(&mut self, v: &Variant, c: Cell, code: u8) -> u8 {
        let old = self.mailbox[c as usize];
        if old != 0 {
            self.hash ^= v.zobrist.piece(old, c);
        }
        if code != 0 {
            self.hash ^= v.zobrist.piece(code, c);
        }
        self.set_raw(c, code);
        old
    }

    /// Replaces a cell's content without touching the hash (unmake restores the hash whole).
    #[inline]
    pub fn set_raw(&mut self, c: Cell, code: u8) {
        let old = self.mailbox[c as usize];
        if let Some(p) = Piece::from_code(old) {
            self.by_color[p.color.index()].remove(c);
            self.by_kind[p.kind as usize].remove(c);
        }
        if let Some(p) = Piece::from_code(code) {
            self.by_color[p.color.index()].insert(c);
            self.by_kind[p.kind as usize].insert(c);
        }
        self.mailbox[c as usize] = code;
    }

    /// Puts a piece on a cell (setting up a position).
    pub fn put(&mut self, v: &Variant, c: Cell, p: Piece) {
        self.edit(v, c, p.code());
    }

    /// Sets `side`'s count of `kind` in hand, keeping the hash in step; returns the old count.
    pub fn set_hand(&mut self, v: &Variant, side: Color, kind: Kind, count: u8) -> u8 {
        let n = &mut self.hands[side.index()][kind as usize];
        let old = *n;
        *n = count;
        self.hash ^= v.zobrist.hand(side.index(), kind as usize, old)
            ^ v.zobrist.hand(side.index(), kind as usize, count);
        old
    }

    pub fn set_ep(&mut self, v: &Variant, ep: Option<(Cell, Cell)>) {
        if let Some((c, _)) = self.ep {
            self.hash ^= v.zobrist.ep(c);
        }
        if let Some((c, _)) = ep {
            self.hash ^= v.zobrist.ep(c);
        }
        self.ep = ep;
    }

    /// Replaces the flag sets, keeping the hash in step.
    pub fn set_flags(&mut self, v: &Variant, virgin: CellSet, checked: CellSet) {
        for c in (self.virgin ^ virgin).iter() {
            self.hash ^= v.zobrist.virgin(c);
        }
        for c in (self.checked ^ checked).iter() {
            self.hash ^= v.zobrist.checked(c);
        }
        self.virgin = virgin;
        self.checked = checked;
    }

    /// Sets the "has been checked" flag of every royal in `cells` whose kind has a jump right.
    pub fn mark_checked(&mut self, v: &Variant, cells: CellSet) {
        let mut checked = self.checked;
        for r in cells.iter() {
            if self.piece(r).is_some_and(|p| v.kinds[p.kind as usize].tracks_checked()) {
                checked.insert(r);
            }
        }
        let virgin = self.virgin;
        self.set_flags(v, virgin, checked);
    }

    pub fn royals(&self, v: &Variant, side: Color) -> CellSet {
        let mut s = CellSet::EMPTY;
        let mut mask = v.tables.royal_kinds;
        while mask != 0 {
            s |= self.by_kind[mask.trailing_zeros() as usize];
            mask &= mask - 1;
        }
        s & self.by_color[side.index()]
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self, v: &Variant) -> u64 {
        let mut h = 0;
        for c in self.occupied().iter() {
            h ^= v.zobrist.piece(self.mailbox[c as usize], c);
        }
        for c in self.virgin.iter() {
            h ^= v.zobrist.virgin(c);
        }
        for c in self.checked.iter() {
            h ^= v.zobrist.checked(c);
        }
        if let Some((c, _)) = self.ep {
            h ^= v.zobrist.ep(c);
        }
        for side in 0..2 {
            for k in 0..v.kinds.len() {
                h ^= v.zobrist.hand(side, k, self.hands[side][k]);
            }
        }
        if self.stm == Color::Black {
            h ^= v.zobrist.side;
        }
        h
    }
}
