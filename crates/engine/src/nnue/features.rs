//! The network's inputs for one variant: which input each piece on a cell, and each piece in
//! hand, switches on from each side's point of view.

use ccg_core::{Cell, Color, Piece, Position, Variant};

/// Pieces in hand of one kind count as inputs up to this many ("at least 1", …, "at least 8").
const HAND_INPUTS: usize = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureMap {
    pub cells: usize,
    pub kinds: usize,
    /// Hand inputs per kind and side (0 in games without drops).
    pub hand_max: usize,
    /// Black's view of each cell: the board's symmetry that maps White's setup onto Black's
    /// (the centre reflection, or the reflection across the middle rank), else none.
    pub mirror: Vec<Cell>,
}

impl FeatureMap {
    pub fn new(v: &std::sync::Arc<Variant>) -> FeatureMap {
        let cells = v.geometry.len();
        FeatureMap {
            cells,
            kinds: v.kinds.len(),
            // Games of group pieces hold checkers in hand or reserve (kind 0 counts them).
            hand_max: if v.rules.drops || v.is_polyform() { HAND_INPUTS } else { 0 },
            mirror: symmetry(v).unwrap_or_else(|| (0..cells as Cell).collect()),
        }
    }

    pub fn inputs(&self) -> usize {
        2 * self.kinds * (self.cells + self.hand_max)
    }

    /// The input of `p` standing on `c`, seen by `view`.
    #[inline]
    pub fn board(&self, view: Color, p: Piece, c: Cell) -> usize {
        let rel = (p.color != view) as usize;
        let cell = if view == Color::White { c as usize } else { self.mirror[c as usize] as usize };
        (rel * self.kinds + p.kind as usize) * self.cells + cell
    }

    /// The input "`owner` holds more than `i` pieces of `kind`", seen by `view`.
    #[inline]
    pub fn hand(&self, view: Color, owner: Color, kind: usize, i: usize) -> usize {
        let rel = (owner != view) as usize;
        2 * self.kinds * self.cells + (rel * self.kinds + kind) * self.hand_max + i
    }

    /// Calls `f` with every input that is on in `pos`, seen by `view`.
    pub fn active(&self, pos: &Position, view: Color, mut f: impl FnMut(usize)) {
        pos.for_each_piece(|c, p| f(self.board(view, p, c)));
        for side in [Color::White, Color::Black] {
            if self.hand_max > 0 {
                for k in 0..self.kinds {
                    for i in 0..(pos.hand(side, k as u8) as usize).min(self.hand_max) {
                        f(self.hand(view, side, k, i));
                    }
                }
            }
        }
    }
}

/// A reflection of the board that maps every White piece of the start position onto a Black
/// piece of the same kind: the centre reflection, else the reflection of the forward axes.
fn symmetry(v: &std::sync::Arc<Variant>) -> Option<Vec<Cell>> {
    let mut setup = Vec::new();
    Position::new(v.clone()).for_each_piece(|c, p| setup.push((c, p)));
    let g = &v.geometry;
    let n = g.len();
    let coords: Vec<[i8; 4]> = (0..n as Cell).map(|c| g.coord(c)).collect();
    let (mut lo, mut hi) = ([i8::MAX; 4], [i8::MIN; 4]);
    for c in &coords {
        for i in 0..4 {
            lo[i] = lo[i].min(c[i]);
            hi[i] = hi[i].max(c[i]);
        }
    }
    let flips: [[bool; 4]; 2] = [[true; 4], [0, 1, 2, 3].map(|i| g.forward[0][i] != 0)];
    flips.iter().find_map(|flip| {
        let map: Option<Vec<Cell>> = coords
            .iter()
            .map(|c| {
                let r = [0, 1, 2, 3].map(|i| if flip[i] { lo[i] + hi[i] - c[i] } else { c[i] });
                g.cell_at(r)
            })
            .collect();
        let map = map?;
        let bijective = {
            let mut seen = vec![false; n];
            map.iter().all(|&c| !std::mem::replace(&mut seen[c as usize], true))
        };
        let setup_ok = setup
            .iter()
            .filter(|(_, p)| p.color == Color::White)
            .all(|&(c, p)| setup.contains(&(map[c as usize], Piece::new(Color::Black, p.kind))));
        let counts = |side| setup.iter().filter(|(_, p)| p.color == side).count();
        (bijective && setup_ok && counts(Color::White) == counts(Color::Black)).then_some(map)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's setup looks the same to both sides: the start position's inputs of White's
    /// view equal Black's.
    #[test]
    fn both_sides_see_the_same_start_position() {
        for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
            let v = ccg_games::variant(g.id, &[]).unwrap();
            let map = FeatureMap::new(&v);
            let pos = Position::new(v.clone());
            let (mut w, mut b) = (Vec::new(), Vec::new());
            map.active(&pos, Color::White, |f| w.push(f));
            map.active(&pos, Color::Black, |f| b.push(f));
            w.sort();
            b.sort();
            let symmetric = symmetry(&v).is_some();
            assert_eq!(w == b, symmetric, "{}", g.id);
            assert!(w.iter().all(|&f| f < map.inputs()));
            if ["mgc", "mgc1", "guru", "shogi", "shogi1", "omino", "nomino", "doseki"].contains(&g.id) {
                assert!(symmetric, "{}: no symmetry found", g.id);
            }
        }
    }
}
