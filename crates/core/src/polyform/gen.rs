//! Move generation for group pieces (the method is described in the module documentation of
//! `polyform`): shapes matched as bit patterns, matches translated by their type's modes with the
//! path rule of docs/rules.md, moves deduplicated by the position they lead to.

use super::bits::Bits;
use super::board::{sign, Effect, State};
use super::{Orient, PolyTables, Reach};
use crate::modes::Action;
use crate::moves::{Move, MoveList, Special};
use crate::Cell;

/// What the cells of a translated piece hold.
struct Scan {
    /// The piece may pass this position (the passing rule holds on every cell).
    pass: bool,
    /// Every cell is empty but for the piece's own start checkers.
    clear: bool,
    /// The piece may land here: `Some(captures)`.
    land: Option<bool>,
}

impl<const W: usize> State<W> {
    /// Whether the piece anchored at `a` still fits on the board moved by `v`.
    #[inline]
    fn fits(&self, t: &PolyTables, o: &Orient, a: Cell, v: [i8; 3]) -> bool {
        let p = t.coords[a as usize];
        (0..3).all(|i| {
            let q = p[i] + v[i];
            q >= 0 && q + o.extent[i] <= t.dims[i]
        })
    }

    fn scan(&self, t: &PolyTables, o: &Orient, a: Cell, v: [i8; 3]) -> Scan {
        let s = sign(self.stm);
        let cap = t.capacity as i8;
        let delta = t.delta(v);
        let mut out = Scan { pass: true, clear: true, land: Some(false) };
        for &(off, p, k) in &o.cells {
            let dst = (a as isize + off as isize + delta) as usize;
            let here = self.cnt[dst] * s;
            let q = [p[0] + v[0], p[1] + v[1], p[2] + v[2]];
            let inside = (0..3).all(|i| q[i] >= 0 && q[i] < o.extent[i]);
            let taken = if inside {
                o.box_counts[q[0] as usize
                    + o.extent[0] as usize * (q[1] as usize + o.extent[1] as usize * q[2] as usize)]
                    as i8
            } else {
                0
            };
            let (own, enemy) = if here > 0 { (here - taken, 0) } else { (0, -here) };
            let k = k as i8;
            if own + enemy + k > cap {
                out.pass = false;
            }
            if own + enemy != 0 {
                out.clear = false;
            }
            if enemy > 0 {
                if let Some(c) = &mut out.land {
                    *c = true;
                }
            } else if own + k > cap {
                out.land = None;
            }
        }
        out
    }

    /// Adds the move of the piece (orientation, anchor) by `v` if it may land there by `action`.
    fn emit(
        &self,
        t: &PolyTables,
        (oi, a): (usize, Cell),
        v: [i8; 3],
        action: Action,
        land: Option<bool>,
        out: &mut Vec<(u64, Move)>,
    ) {
        let Some(captures) = land else { return };
        let ok = match action {
            Action::MoveOrCapture => true,
            Action::MoveOnly => !captures,
            Action::CaptureOnly => captures,
        };
        if ok {
            let to = (a as isize + t.delta(v)) as Cell;
            let m = Move { from: a, to, promotion: None, special: Special::Group(oi as u16) };
            out.push((self.result_key(t, &self.effect(t, m)), m));
        }
    }

    fn translate(&self, t: &PolyTables, oi: usize, a: Cell, out: &mut Vec<(u64, Move)>) {
        let o = &t.orients[oi];
        let mul = |d: [i8; 3], k: i8| [d[0] * k, d[1] * k, d[2] * k];
        let add = |x: [i8; 3], y: [i8; 3]| [x[0] + y[0], x[1] + y[1], x[2] + y[2]];
        for &(reach, action) in &t.reaches[o.ty as usize] {
            match reach {
                Reach::Slide { dir, min, max } => {
                    for k in 1..=max {
                        let v = mul(dir, k as i8);
                        if !self.fits(t, o, a, v) {
                            break;
                        }
                        let sc = self.scan(t, o, a, v);
                        if k >= min {
                            self.emit(t, (oi, a), v, action, sc.land, out);
                        }
                        if !sc.pass || k == u8::MAX {
                            break;
                        }
                    }
                }
                Reach::Leap(v) => {
                    if self.fits(t, o, a, v) {
                        let sc = self.scan(t, o, a, v);
                        self.emit(t, (oi, a), v, action, sc.land, out);
                    }
                }
                Reach::Mirror(d0) => {
                    let start = t.coords[a as usize];
                    let (mut p, mut d) = (start, d0);
                    let limit = 4 * t.coords.len();
                    for _ in 0..limit {
                        for i in 0..3 {
                            let q = p[i] + d[i];
                            if q < 0 || q + o.extent[i] > t.dims[i] {
                                d[i] = -d[i];
                            }
                        }
                        let next = add(p, d);
                        if (0..3).any(|i| next[i] < 0 || next[i] + o.extent[i] > t.dims[i]) || next == start {
                            break;
                        }
                        p = next;
                        let v = [p[0] - start[0], p[1] - start[1], p[2] - start[2]];
                        let sc = self.scan(t, o, a, v);
                        self.emit(t, (oi, a), v, action, sc.land, out);
                        if !sc.pass {
                            break;
                        }
                    }
                }
                Reach::TwoLeg { first, second, n } => {
                    for k in 1i8.. {
                        let v1 = mul(first, k);
                        if !self.fits(t, o, a, v1) || !self.scan(t, o, a, v1).clear {
                            break;
                        }
                        let mut open = true;
                        for j in 1..n as i8 {
                            let mid = add(v1, mul(second, j));
                            if !self.fits(t, o, a, mid) || !self.scan(t, o, a, mid).pass {
                                open = false;
                                break;
                            }
                        }
                        let v = add(v1, mul(second, n as i8));
                        if open && self.fits(t, o, a, v) {
                            let sc = self.scan(t, o, a, v);
                            self.emit(t, (oi, a), v, action, sc.land, out);
                        }
                    }
                }
            }
        }
    }

    /// Whether the side to move has a legal move: a drop, or the first translation found.
    pub fn has_move(&self, t: &PolyTables) -> bool {
        let us = self.stm.index();
        let s = sign(self.stm);
        // No checker on the board has lost, whatever is in hand or reserve (docs/rules.md).
        if !self.occ[us].any() {
            return false;
        }
        if self.hand[us] > 0 && self.cnt.iter().any(|&n| n * s >= 0 && (n * s) < t.capacity as i8) {
            return true;
        }
        let mut cand = Vec::new();
        for (oi, o) in t.orients.iter().enumerate() {
            for a in self.matches(o).iter() {
                self.translate(t, oi, a, &mut cand);
                if !cand.is_empty() {
                    return true;
                }
            }
        }
        false
    }

    /// The anchors where an orientation matches own checkers (doubles where it has two).
    fn matches(&self, o: &Orient) -> Bits<W> {
        let us = self.stm.index();
        let (own, dbl) = (&self.occ[us], &self.dbl[us]);
        let mut at = Bits::<W>::from_words(&o.fits);
        for &(off, _, k) in &o.cells {
            at = at.and(&if k >= 2 { dbl } else { own }.shr(off));
            if !at.any() {
                break;
            }
        }
        at
    }

    /// Every legal move: group moves, then drops.
    pub fn generate(&self, t: &PolyTables) -> MoveList {
        let us = self.stm.index();
        if !self.occ[us].any() {
            return MoveList::new();
        }
        let mut cand: Vec<(u64, Move)> = Vec::new();
        for (oi, o) in t.orients.iter().enumerate() {
            for a in self.matches(o).iter() {
                self.translate(t, oi, a, &mut cand);
            }
        }
        let mut list = MoveList::new();
        dedupe(self, t, &mut cand, &mut list);
        if self.hand[us] > 0 {
            let s = sign(self.stm);
            for (c, &n) in self.cnt.iter().enumerate() {
                if n * s >= 0 && (n * s) < t.capacity as i8 {
                    let c = c as Cell;
                    list.push(Move { from: c, to: c, promotion: None, special: Special::Drop(0) });
                }
            }
        }
        list
    }
}

/// Keeps the first of every set of moves that lead to one position, in generation order.
fn dedupe<const W: usize>(s: &State<W>, t: &PolyTables, cand: &mut [(u64, Move)], out: &mut MoveList) {
    let mut order: Vec<u32> = (0..cand.len() as u32).collect();
    order.sort_unstable_by_key(|&i| (cand[i as usize].0, i));
    let mut keep = vec![true; cand.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && cand[order[j] as usize].0 == cand[order[i] as usize].0 {
            j += 1;
        }
        if j > i + 1 {
            let effects: Vec<Effect> = order[i..j].iter().map(|&x| s.effect(t, cand[x as usize].1)).collect();
            for b in 1..effects.len() {
                if (0..b).any(|a| keep[order[i + a] as usize] && effects[a].same(&effects[b])) {
                    keep[order[i + b] as usize] = false;
                }
            }
        }
        i = j;
    }
    for (k, &(_, m)) in cand.iter().enumerate() {
        if keep[k] {
            out.push(m);
        }
    }
}
