//! The mutable state of a position and the moves that change it: make/unmake with incremental
//! hashing for every kind of move (steps, drops, castlings, en passant, capture chains), and the
//! attack tests that legality rests on.

use crate::moves::{Move, Special};
use crate::variant::{Royal, Variant};
use crate::{Cell, CellSet, Color, Kind, Piece, MAX_KINDS};

/// Plain data, cheap to copy for legality probes.
#[derive(Clone)]
pub(crate) struct Board {
    pub mailbox: [u8; 128],
    pub by_color: [CellSet; 2],
    pub by_kind: [CellSet; MAX_KINDS],
    /// Pieces (of kinds with first-move modes or castling) that have never moved.
    pub virgin: CellSet,
    /// Royal pieces (of kinds with a jump right) that have been checked.
    pub checked: CellSet,
    /// Royal pieces of the side to move that stand attacked now.
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

/// Pieces a move took off the board, with where they stood.
#[derive(Clone, Copy, Debug)]
struct Taken {
    cells: [(Cell, u8); 16],
    len: u8,
}

impl Taken {
    fn push(&mut self, c: Cell, code: u8) {
        self.cells[self.len as usize] = (c, code);
        self.len += 1;
    }
    fn iter(&self) -> impl DoubleEndedIterator<Item = &(Cell, u8)> {
        self.cells[..self.len as usize].iter()
    }
}

/// What `make` needs to restore the position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub(crate) mv: Move,
    moved: u8,
    taken: Taken,
    virgin: CellSet,
    checked: CellSet,
    in_check: CellSet,
    ep: Option<(Cell, Cell)>,
    halfmove: u32,
    hash: u64,
}

impl Board {
    pub fn empty() -> Board {
        Board {
            mailbox: [0; 128],
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
    fn toggle_piece(&mut self, v: &Variant, c: Cell, code: u8) {
        let p = Piece::from_code(code).expect("non-empty code");
        self.by_color[p.color.index()].toggle(c);
        self.by_kind[p.kind as usize].toggle(c);
        self.hash ^= v.zobrist.piece(code, c);
    }

    /// Puts a piece on an empty cell.
    pub fn place(&mut self, v: &Variant, c: Cell, code: u8) {
        debug_assert_eq!(self.mailbox[c as usize], 0);
        self.mailbox[c as usize] = code;
        self.toggle_piece(v, c, code);
    }

    pub fn put(&mut self, v: &Variant, c: Cell, p: Piece) {
        self.place(v, c, p.code());
    }

    /// Takes the piece off a cell and returns its code.
    fn lift(&mut self, v: &Variant, c: Cell) -> u8 {
        let code = self.mailbox[c as usize];
        self.toggle_piece(v, c, code);
        self.mailbox[c as usize] = 0;
        code
    }

    /// Adds `delta` pieces of `kind` to `side`'s hand.
    pub fn hand_add(&mut self, v: &Variant, side: Color, kind: Kind, delta: i8) {
        let n = &mut self.hands[side.index()][kind as usize];
        let old = *n;
        *n = (old as i16 + delta as i16).clamp(0, u8::MAX as i16) as u8;
        let new = *n;
        self.hash ^= v.zobrist.hand(side.index(), kind as usize, old)
            ^ v.zobrist.hand(side.index(), kind as usize, new);
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

    #[inline]
    pub fn occupied(&self) -> CellSet {
        self.by_color[0] | self.by_color[1]
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

    /// Whether a piece of `by` could capture on `x` with occupancy `occ`.
    pub fn attacked(&self, v: &Variant, x: Cell, by: Color, occ: CellSet) -> bool {
        use crate::tables::Pattern;
        let g = &v.geometry;
        for e in &v.tables.attacks[by.index()] {
            let mut pcs = CellSet::EMPTY;
            for &k in &e.kinds {
                pcs |= self.by_kind[k as usize];
            }
            pcs &= self.by_color[by.index()];
            if e.initial {
                pcs &= self.virgin;
            }
            if e.unchecked {
                pcs &= !self.checked;
            }
            if pcs.is_empty() {
                continue;
            }
            let hit = match &e.pattern {
                Pattern::Leap(rev) => (rev[x as usize] & pcs).any(),
                Pattern::Slide(dirs) => {
                    dirs.iter().any(|&d| g.first_blocker(x, d, occ).is_some_and(|b| pcs.has(b)))
                }
                Pattern::Exact(rev) => {
                    rev.0[x as usize].is_some_and(|(o, between)| pcs.has(o) && (between & occ).is_empty())
                }
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// Whether the piece on `from` could capture on `to` with occupancy `occ`.
    pub fn reaches(&self, v: &Variant, from: Cell, to: Cell, occ: CellSet) -> bool {
        let Some(p) = self.piece(from) else {
            return false;
        };
        let g = &v.geometry;
        v.tables.groups[p.color.index()][p.kind as usize].iter().any(|grp| {
            grp.action != crate::modes::Action::MoveOnly
                && !grp.safe
                && !grp.over_own
                && (!grp.initial || self.virgin.has(from))
                && (!grp.unchecked || !self.checked.has(from))
                && ((!grp.leaps.is_empty() && grp.leaps[from as usize].has(to))
                    || grp.slides.iter().any(|&d| g.slide(from, d, occ).has(to))
                    || grp.exact.iter().any(|e| {
                        e.0[from as usize].is_some_and(|(t, between)| t == to && (between & occ).is_empty())
                    }))
        })
    }

    /// Royal pieces of `side` attacked by the other side.
    pub fn royals_attacked(&self, v: &Variant, side: Color) -> CellSet {
        if v.rules.royal != Royal::Check {
            return CellSet::EMPTY;
        }
        let occ = self.occupied();
        self.royals(v, side).iter().filter(|&r| self.attacked(v, r, side.other(), occ)).collect()
    }

    /// The enemy piece a jump from `a` to `b` takes: the one occupied cell strictly between.
    fn jumped(&self, v: &Variant, a: Cell, b: Cell) -> Option<Cell> {
        let g = &v.geometry;
        let d = (0..g.dirs.len()).find(|&d| g.ray(a, d).has(b))?;
        g.first_blocker(a, d, self.occupied()).filter(|&c| c != b)
    }

    pub fn make(&mut self, v: &Variant, m: Move) -> Undo {
        let us = self.stm;
        let mut undo = Undo {
            mv: m,
            moved: 0,
            taken: Taken { cells: [(0, 0); 16], len: 0 },
            virgin: self.virgin,
            checked: self.checked,
            in_check: self.in_check,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let mut virgin = self.virgin;
        let mut checked = self.checked;
        let mut irreversible = false;
        let mut new_ep = None;
        match m.special {
            Special::Drop(k) => {
                self.hand_add(v, us, k, -1);
                self.place(v, m.to, Piece::new(us, k).code());
            }
            Special::Castle(i) => {
                let c = &v.rules.castlings[i as usize];
                let moves: Vec<(Cell, Cell)> =
                    std::iter::once(c.king).chain(c.rooks.iter().copied()).collect();
                let codes: Vec<u8> = moves.iter().map(|&(from, _)| self.lift(v, from)).collect();
                for (&(from, to), code) in moves.iter().zip(codes) {
                    self.place(v, to, code);
                    virgin.remove(from);
                }
                irreversible = true;
            }
            Special::None | Special::EnPassant(_) | Special::Chain(_) => {
                let code = self.lift(v, m.from);
                undo.moved = code;
                let p = Piece::from_code(code).expect("move from an empty cell");
                match m.special {
                    Special::EnPassant(victim) => undo.taken.push(victim, self.lift(v, victim)),
                    Special::Chain(path) => {
                        let mut a = m.from;
                        for &b in path.cells().iter().chain(std::iter::once(&m.to)) {
                            if let Some(victim) = self.jumped(v, a, b) {
                                undo.taken.push(victim, self.lift(v, victim));
                            }
                            a = b;
                        }
                    }
                    _ => {
                        if self.mailbox[m.to as usize] != 0 {
                            undo.taken.push(m.to, self.lift(v, m.to));
                        }
                    }
                }
                for &(c, tcode) in undo.taken.iter() {
                    virgin.remove(c);
                    checked.remove(c);
                    if v.rules.drops {
                        let t = Piece::from_code(tcode).expect("taken piece");
                        let k = v.kinds[t.kind as usize].demotes_to.unwrap_or(t.kind);
                        self.hand_add(v, us, k, 1);
                    }
                }
                let new_code = match m.promotion {
                    Some(k) => Piece::new(us, k).code(),
                    None => code,
                };
                self.place(v, m.to, new_code);
                virgin.remove(m.from);
                checked.remove(m.from);
                if self.checked.has(m.from) && m.promotion.is_none() {
                    checked.insert(m.to);
                }
                let kind = &v.kinds[p.kind as usize];
                irreversible |= undo.taken.len > 0 || kind.pawn;
                if kind.en_passant && undo.taken.len == 0 {
                    new_ep = self.double_step_ep(v, m.from, m.to, us);
                }
            }
        }
        self.set_ep(v, new_ep);
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.stm = us.other();
        self.hash ^= v.zobrist.side;
        self.set_flags(v, virgin, checked);
        // The side now to move: royals attacked now, and the jump right they lose for good.
        self.in_check = self.royals_attacked(v, self.stm);
        if self.in_check.any() {
            self.mark_checked(v);
        }
        undo
    }

    /// After a two-cell straight move of an en-passant pawn: the skipped cell, if an enemy pawn
    /// could take there.
    fn double_step_ep(&self, v: &Variant, from: Cell, to: Cell, us: Color) -> Option<(Cell, Cell)> {
        let g = &v.geometry;
        let d = (0..g.dirs.len()).find(|&d| g.ray_cells(from, d).get(1) == Some(&to))?;
        let mid = g.ray_cells(from, d)[0];
        let them = us.other();
        let mut occ = self.occupied();
        occ.insert(mid);
        let capturers = (0..v.kinds.len())
            .filter(|&k| v.kinds[k].en_passant)
            .flat_map(|k| (self.by_kind[k] & self.by_color[them.index()]).iter())
            .any(|c| self.capture_reach(v, c, them, occ).has(mid));
        capturers.then_some((mid, to))
    }

    /// Cells the piece on `c` could capture on if they held enemy pieces.
    pub fn capture_reach(&self, v: &Variant, c: Cell, side: Color, occ: CellSet) -> CellSet {
        let Some(p) = self.piece(c) else { return CellSet::EMPTY };
        let g = &v.geometry;
        let mut out = CellSet::EMPTY;
        for grp in &v.tables.groups[side.index()][p.kind as usize] {
            if grp.action == crate::modes::Action::MoveOnly
                || grp.safe
                || (grp.initial && !self.virgin.has(c))
                || (grp.unchecked && self.checked.has(c))
            {
                continue;
            }
            if !grp.leaps.is_empty() {
                out |= grp.leaps[c as usize];
            }
            for &d in &grp.slides {
                out |= g.slide(c, d, occ);
            }
            for e in &grp.exact {
                if let Some((t, between)) = e.0[c as usize] {
                    if (between & occ).is_empty() {
                        out.insert(t);
                    }
                }
            }
        }
        out
    }

    /// Sets the "has been checked" flag of every royal in `in_check` whose kind has a jump right.
    pub fn mark_checked(&mut self, v: &Variant) {
        let mut checked = self.checked;
        for r in self.in_check.iter() {
            if self.piece(r).is_some_and(|p| v.kinds[p.kind as usize].tracks_checked()) {
                checked.insert(r);
            }
        }
        let virgin = self.virgin;
        self.set_flags(v, virgin, checked);
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

    pub fn unmake(&mut self, v: &Variant, u: Undo) {
        let m = u.mv;
        let us = self.stm.other();
        match m.special {
            Special::Drop(k) => {
                self.lift(v, m.to);
                self.hand_add(v, us, k, 1);
            }
            Special::Castle(i) => {
                let c = &v.rules.castlings[i as usize];
                let moves: Vec<(Cell, Cell)> =
                    std::iter::once(c.king).chain(c.rooks.iter().copied()).collect();
                let codes: Vec<u8> = moves.iter().map(|&(_, to)| self.lift(v, to)).collect();
                for (&(from, _), code) in moves.iter().zip(codes) {
                    self.place(v, from, code);
                }
            }
            _ => {
                self.lift(v, m.to);
                self.place(v, m.from, u.moved);
                for &(c, code) in u.taken.iter().rev() {
                    self.place(v, c, code);
                    if v.rules.drops {
                        let t = Piece::from_code(code).expect("taken piece");
                        let k = v.kinds[t.kind as usize].demotes_to.unwrap_or(t.kind);
                        self.hand_add(v, us, k, -1);
                    }
                }
            }
        }
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.stm = us;
        self.virgin = u.virgin;
        self.checked = u.checked;
        self.in_check = u.in_check;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
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
