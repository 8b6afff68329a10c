//! The state of a polyform position — checkers per cell, hands or reserves, clocks and hash —
//! with make/unmake. The set width is a type parameter, so a 100-cell board works in two words and
//! Doseki's 729 cells in twelve; [`PolyBoard`] picks the width from the board once.

use super::bits::Bits;
use super::{hand_key, Pattern, PolyTables, MAX_SHAPE_CELLS};
use crate::moves::{Move, Special};
use crate::{Cell, Color, Piece};

/// The net change of one move: cells with their old and new signed counts (+ White), the enemy
/// checkers captured, and what the mover's hand or reserve gains.
#[derive(Clone, Debug)]
pub(crate) struct Effect {
    pub changes: [(Cell, i8, i8); 2 * MAX_SHAPE_CELLS],
    pub len: usize,
    pub captured: u32,
    pub gain: u32,
    pub drop: bool,
    pub to_hand: bool,
}

impl Effect {
    fn new() -> Effect {
        Effect {
            changes: [(0, 0, 0); 2 * MAX_SHAPE_CELLS],
            len: 0,
            captured: 0,
            gain: 0,
            drop: false,
            to_hand: false,
        }
    }
    fn entry(&mut self, c: Cell, now: i8) -> usize {
        if let Some(i) = self.changes[..self.len].iter().position(|e| e.0 == c) {
            return i;
        }
        self.changes[self.len] = (c, now, now);
        self.len += 1;
        self.len - 1
    }
    /// The cells that change, in index order (for comparing two ways to a position).
    pub fn cells(&self) -> Vec<(Cell, i8, i8)> {
        let mut v: Vec<_> = self.changes[..self.len].iter().copied().filter(|e| e.1 != e.2).collect();
        v.sort_unstable();
        v
    }
    pub fn same(&self, o: &Effect) -> bool {
        self.cells() == o.cells() && self.gain == o.gain && self.drop == o.drop
    }
}

#[derive(Clone)]
struct UndoRec {
    changes: [(Cell, i8); 2 * MAX_SHAPE_CELLS],
    len: u8,
    hand: [u32; 2],
    halfmove: u32,
    hash: u64,
}

#[derive(Clone)]
pub(crate) struct State<const W: usize> {
    pub cnt: Vec<i8>,
    /// Cells with checkers of each side, and with two of them.
    pub occ: [Bits<W>; 2],
    pub dbl: [Bits<W>; 2],
    pub hand: [u32; 2],
    pub stm: Color,
    pub halfmove: u32,
    pub fullmove: u32,
    pub hash: u64,
    /// Undo records of the moves made, newest last (unmake pops; the caller's `Undo` is a marker).
    undo: Vec<UndoRec>,
}

pub(crate) fn sign(side: Color) -> i8 {
    if side == Color::White {
        1
    } else {
        -1
    }
}

impl<const W: usize> State<W> {
    pub fn empty(t: &PolyTables) -> Self {
        State {
            cnt: vec![0; t.coords.len()],
            occ: [Bits::EMPTY; 2],
            dbl: [Bits::EMPTY; 2],
            hand: [0; 2],
            stm: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            undo: Vec::new(),
        }
    }

    /// Sets a cell's signed count (+ White), keeping sets and hash in step.
    pub fn set(&mut self, t: &PolyTables, c: Cell, n: i8) {
        let old = self.cnt[c as usize];
        self.hash ^= t.key(c, old) ^ t.key(c, n);
        self.cnt[c as usize] = n;
        for side in 0..2 {
            self.occ[side].remove(c);
            self.dbl[side].remove(c);
        }
        if n != 0 {
            let side = (n < 0) as usize;
            self.occ[side].insert(c);
            if n.abs() >= 2 {
                self.dbl[side].insert(c);
            }
        }
    }

    pub fn set_hand(&mut self, side: Color, n: u32) {
        self.hash ^= hand_key(side, self.hand[side.index()]) ^ hand_key(side, n);
        self.hand[side.index()] = n;
    }

    pub fn set_side(&mut self, t: &PolyTables, side: Color) {
        if self.stm != side {
            self.hash ^= t.side_key;
            self.stm = side;
        }
    }

    pub fn compute_hash(&self, t: &PolyTables) -> u64 {
        let mut h = 0;
        for (c, &n) in self.cnt.iter().enumerate() {
            h ^= t.key(c as Cell, n);
        }
        h ^= hand_key(Color::White, self.hand[0]) ^ hand_key(Color::Black, self.hand[1]);
        if self.stm == Color::Black {
            h ^= t.side_key;
        }
        h
    }

    /// What a move of this position does (the move is one this position generated).
    pub fn effect(&self, t: &PolyTables, m: Move) -> Effect {
        let s = sign(self.stm);
        let mut e = Effect::new();
        match m.special {
            Special::Group(oi) => {
                let o = &t.orients[oi as usize];
                let delta = m.to as isize - m.from as isize;
                for &(off, _, k) in &o.cells {
                    let src = m.from + off as Cell;
                    let i = e.entry(src, self.cnt[src as usize]);
                    e.changes[i].2 -= s * k as i8;
                }
                let last = t.last_rank[self.stm.index()];
                for &(off, _, k) in &o.cells {
                    let src = m.from as isize + off as isize;
                    let dst = (src + delta) as Cell;
                    let i = e.entry(dst, self.cnt[dst as usize]);
                    let now = e.changes[i].2;
                    if now * s < 0 {
                        e.captured += now.unsigned_abs() as u32;
                        e.changes[i].2 = 0;
                    }
                    e.changes[i].2 += s * k as i8;
                    if t.reserve && t.coords[dst as usize][1] == last && t.coords[src as usize][1] != last {
                        e.gain += k as u32;
                    }
                }
                if t.to_hand[o.ty as usize] {
                    e.to_hand = true;
                    e.gain += e.captured;
                }
            }
            _ => {
                e.drop = true;
                let i = e.entry(m.to, self.cnt[m.to as usize]);
                e.changes[i].2 += s;
            }
        }
        e
    }

    /// The hash of the position a move with this effect leads to (side to move excluded).
    pub fn result_key(&self, t: &PolyTables, e: &Effect) -> u64 {
        let mut h = self.hash;
        for &(c, old, new) in &e.changes[..e.len] {
            h ^= t.key(c, old) ^ t.key(c, new);
        }
        let us = self.stm;
        let hand = self.hand[us.index()] - e.drop as u32 + e.gain;
        h ^ hand_key(us, self.hand[us.index()]) ^ hand_key(us, hand)
    }

    pub fn make(&mut self, t: &PolyTables, m: Move) {
        let e = self.effect(t, m);
        let mut rec = UndoRec {
            changes: [(0, 0); 2 * MAX_SHAPE_CELLS],
            len: e.len as u8,
            hand: self.hand,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        for (i, &(c, old, new)) in e.changes[..e.len].iter().enumerate() {
            rec.changes[i] = (c, old);
            self.set(t, c, new);
        }
        let us = self.stm;
        let hand = self.hand[us.index()] - e.drop as u32 + e.gain;
        self.set_hand(us, hand);
        self.halfmove = if e.captured > 0 || e.drop || e.gain > 0 { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.set_side(t, us.other());
        self.undo.push(rec);
    }

    pub fn unmake(&mut self, t: &PolyTables) {
        let Some(rec) = self.undo.pop() else { return };
        for &(c, old) in rec.changes[..rec.len as usize].iter().rev() {
            self.set(t, c, old);
        }
        if self.stm == Color::White {
            self.fullmove -= 1;
        }
        self.stm = self.stm.other();
        self.hand = rec.hand;
        self.halfmove = rec.halfmove;
        self.hash = rec.hash;
    }

    /// The orthogonally connected same-coloured group containing `c`, as a pattern.
    pub fn group(&self, t: &PolyTables, c: Cell) -> Vec<Cell> {
        let n = self.cnt[c as usize];
        if n == 0 {
            return Vec::new();
        }
        let mut seen = vec![c];
        let mut todo = vec![c];
        while let Some(p) = todo.pop() {
            let pc = t.coords[p as usize];
            for a in 0..3 {
                for d in [-1i8, 1] {
                    let mut q = pc;
                    q[a] += d;
                    if q[a] < 0 || q[a] >= t.dims[a] {
                        continue;
                    }
                    let qi = (p as isize + d as isize * t.delta(unit(a))) as Cell;
                    if self.cnt[qi as usize].signum() == n.signum() && !seen.contains(&qi) {
                        seen.push(qi);
                        todo.push(qi);
                    }
                }
            }
        }
        seen
    }

    /// The checkers on `c` as a piece: kind = type × capacity + (count − 1), the type being that
    /// of the whole group `c` belongs to (the last kind, `X`, for a shape that cannot move whole).
    pub fn piece_at(&self, t: &PolyTables, c: Cell) -> Option<Piece> {
        let n = self.cnt[c as usize];
        if n == 0 {
            return None;
        }
        let group = self.group(t, c);
        let pattern =
            Pattern::new(group.iter().map(|&g| (t.coords[g as usize], self.cnt[g as usize].unsigned_abs())));
        let ty = t.classify.get(&pattern).copied().unwrap_or(t.letters.len() as u8);
        let color = if n > 0 { Color::White } else { Color::Black };
        Some(Piece::new(color, ty * t.capacity + n.unsigned_abs() - 1))
    }
}

fn unit(a: usize) -> [i8; 3] {
    let mut v = [0; 3];
    v[a] = 1;
    v
}

/// A polyform position at the set width its board needs (boxed in `Position`, so the wide
/// variant's size costs nothing elsewhere).
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum PolyBoard {
    Narrow(State<2>),
    Wide(State<12>),
}

/// Runs `$e` on the state whatever its width.
macro_rules! with_state {
    ($b:expr, $s:ident => $e:expr) => {
        match $b {
            PolyBoard::Narrow($s) => $e,
            PolyBoard::Wide($s) => $e,
        }
    };
}

impl PolyBoard {
    /// Widest board the two widths hold.
    pub const MAX_CELLS: usize = Bits::<12>::CAPACITY;

    pub fn empty(t: &PolyTables) -> PolyBoard {
        if t.coords.len() <= Bits::<2>::CAPACITY {
            PolyBoard::Narrow(State::empty(t))
        } else {
            PolyBoard::Wide(State::empty(t))
        }
    }
    pub fn stm(&self) -> Color {
        with_state!(self, s => s.stm)
    }
    pub fn hash(&self) -> u64 {
        with_state!(self, s => s.hash)
    }
    pub fn halfmove(&self) -> u32 {
        with_state!(self, s => s.halfmove)
    }
    pub fn fullmove(&self) -> u32 {
        with_state!(self, s => s.fullmove)
    }
    pub fn hand(&self, side: Color) -> u32 {
        with_state!(self, s => s.hand[side.index()])
    }
    pub fn count(&self, c: Cell) -> i8 {
        with_state!(self, s => s.cnt[c as usize])
    }
    pub fn has_checkers(&self, side: Color) -> bool {
        with_state!(self, s => s.occ[side.index()].any())
    }
    pub fn compute_hash(&self, t: &PolyTables) -> u64 {
        with_state!(self, s => s.compute_hash(t))
    }
    pub fn make(&mut self, t: &PolyTables, m: Move) {
        with_state!(self, s => s.make(t, m))
    }
    pub fn unmake(&mut self, t: &PolyTables) {
        with_state!(self, s => s.unmake(t))
    }
    pub fn effect(&self, t: &PolyTables, m: Move) -> Effect {
        with_state!(self, s => s.effect(t, m))
    }
    pub fn piece_at(&self, t: &PolyTables, c: Cell) -> Option<Piece> {
        with_state!(self, s => s.piece_at(t, c))
    }
    pub fn flip_side(&mut self, t: &PolyTables) {
        with_state!(self, s => s.set_side(t, s.stm.other()))
    }
    pub fn set(&mut self, t: &PolyTables, c: Cell, n: i8) {
        with_state!(self, s => s.set(t, c, n))
    }
    pub fn set_hand(&mut self, side: Color, n: u32) {
        with_state!(self, s => s.set_hand(side, n))
    }
    pub fn set_side(&mut self, t: &PolyTables, side: Color) {
        with_state!(self, s => s.set_side(t, side))
    }
    pub fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        with_state!(self, s => {
            s.halfmove = halfmove;
            s.fullmove = fullmove;
        })
    }
    /// The cells of a side as a classical cell set (boards of at most 128 cells).
    pub fn cellset(&self, side: Color) -> crate::CellSet {
        with_state!(self, s => {
            let mut out = crate::CellSet::EMPTY;
            for c in s.occ[side.index()].iter().filter(|&c| c < 128) {
                out.insert(c);
            }
            out
        })
    }
    pub fn has_move(&self, t: &PolyTables) -> bool {
        with_state!(self, s => s.has_move(t))
    }
    pub fn moves(&self, t: &PolyTables) -> crate::MoveList {
        with_state!(self, s => s.generate(t))
    }
}
