//! What a search thread learns about moves while it searches, for ordering and pruning: the
//! history of quiet moves by side and from→to, the history of captures by piece, target and
//! victim, continuation histories (a move's record after the move one and two plies before),
//! counter-moves and killers. Sized by the variant once; kept between the searches of a game.

use crate::movecode::NONE;

/// Histories saturate towards ± this value (the "gravity" update).
pub(crate) const HISTORY_MAX: i32 = 16384;

/// The continuation history is exact up to this many entries, hashed beyond (games with many
/// piece kinds on big boards).
const CONT_MAX: usize = 1 << 23;

pub(crate) struct History {
    cells: usize,
    kinds: usize,
    /// `[side][from' * cells + to]`, where a drop's from' is `cells + kind`.
    main: Vec<i16>,
    /// `[piece_to][victim kind]`.
    capture: Vec<i16>,
    /// `[previous piece_to][piece_to]`.
    cont: Vec<i16>,
    /// The move that refuted each previous piece_to.
    counter: Vec<u32>,
    pub killers: Vec<[u32; 2]>,
}

/// A move as the histories see it: who moved what where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mv {
    /// Side, kind and target cell: `(side * kinds + kind) * cells + to`.
    pub piece_to: usize,
    /// Index into the main history of the side (from' and to).
    pub from_to: usize,
    pub side: usize,
}

#[inline]
fn gravity(h: &mut i16, bonus: i32) {
    let v = *h as i32;
    *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

impl History {
    pub fn new(cells: usize, kinds: usize, max_ply: usize) -> History {
        let pt = 2 * kinds * cells;
        History {
            cells,
            kinds,
            main: vec![0; 2 * (cells + kinds) * cells],
            capture: vec![0; pt * kinds],
            cont: vec![0; (pt * pt).min(CONT_MAX)],
            counter: vec![NONE; pt],
            killers: vec![[NONE; 2]; max_ply + 2],
        }
    }

    pub fn fits(&self, cells: usize, kinds: usize) -> bool {
        self.cells == cells && self.kinds == kinds
    }

    /// Forgets the killers and ages the rest (a new search in the same game).
    pub fn new_search(&mut self) {
        self.killers.fill([NONE; 2]);
        for h in self.main.iter_mut().chain(self.capture.iter_mut()) {
            *h /= 2;
        }
    }

    #[inline]
    pub fn mv(&self, side: usize, kind: usize, from: usize, to: usize, drop: bool) -> Mv {
        let from = if drop { self.cells + kind } else { from };
        Mv { piece_to: (side * self.kinds + kind) * self.cells + to, from_to: from * self.cells + to, side }
    }

    #[inline]
    fn main_index(&self, m: Mv) -> usize {
        m.side * (self.cells + self.kinds) * self.cells + m.from_to
    }

    #[inline]
    fn cont_index(&self, prev: usize, cur: usize) -> usize {
        (prev * 2 * self.kinds * self.cells + cur) % self.cont.len()
    }

    #[inline]
    pub fn quiet(&self, m: Mv) -> i32 {
        self.main[self.main_index(m)] as i32
    }

    #[inline]
    pub fn cont(&self, prev: Option<Mv>, m: Mv) -> i32 {
        prev.map_or(0, |p| self.cont[self.cont_index(p.piece_to, m.piece_to)] as i32)
    }

    #[inline]
    pub fn capture(&self, m: Mv, victim: usize) -> i32 {
        self.capture[m.piece_to * self.kinds + victim] as i32
    }

    #[inline]
    pub fn counter(&self, prev: Option<Mv>) -> u32 {
        prev.map_or(NONE, |p| self.counter[p.piece_to])
    }

    pub fn update_quiet(&mut self, m: Mv, bonus: i32) {
        let i = self.main_index(m);
        gravity(&mut self.main[i], bonus);
    }

    pub fn update_cont(&mut self, prevs: &[Option<Mv>], m: Mv, bonus: i32) {
        for p in prevs.iter().flatten() {
            let i = self.cont_index(p.piece_to, m.piece_to);
            gravity(&mut self.cont[i], bonus);
        }
    }

    pub fn update_capture(&mut self, m: Mv, victim: usize, bonus: i32) {
        gravity(&mut self.capture[m.piece_to * self.kinds + victim], bonus);
    }

    pub fn set_counter(&mut self, prev: Option<Mv>, code: u32) {
        if let Some(p) = prev {
            self.counter[p.piece_to] = code;
        }
    }

    pub fn add_killer(&mut self, ply: usize, code: u32) {
        let k = &mut self.killers[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histories_saturate_and_stay_apart() {
        let mut h = History::new(100, 12, 100);
        let a = h.mv(0, 3, 10, 20, false);
        let b = h.mv(1, 3, 10, 20, false);
        let d = h.mv(0, 3, 0, 20, true);
        for _ in 0..200 {
            h.update_quiet(a, 2000);
        }
        assert!(h.quiet(a) <= HISTORY_MAX && h.quiet(a) > HISTORY_MAX * 9 / 10);
        assert_eq!(h.quiet(b), 0);
        assert_eq!(h.quiet(d), 0, "a drop is not a move from cell 0");
        h.update_cont(&[Some(b), None], a, -500);
        assert!(h.cont(Some(b), a) < 0 && h.cont(Some(a), a) == 0 && h.cont(None, a) == 0);
        h.new_search();
        assert!(h.quiet(a) < HISTORY_MAX * 6 / 10);
    }
}
