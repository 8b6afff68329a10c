//! What engines read of a game of group pieces without the compiled tables: what a move does
//! (captures, reserve or hand gained, the moving type) and every piece on the board with each
//! group classified once — `Position::piece_at` walks a cell's whole group at every call.

use super::board::{PolyBoard, State};
use super::{Pattern, PolyTables, MAX_SHAPE_CELLS};
use crate::moves::{Move, Special};
use crate::{Cell, Color, Kind, Piece, Position, Variant};

/// What a move of a game of group pieces does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupEffect {
    /// Enemy checkers taken off the board.
    pub captured: u32,
    /// Checkers the mover's hand or reserve gains (captures by Omino's King, arrivals on the last
    /// rank).
    pub gain: u32,
    /// Checkers that move (a drop: 1).
    pub moving: u32,
    /// The moving type as a kind of one checker a cell (`type × capacity`); a drop's is the
    /// lone checker's type.
    pub kind: Kind,
}

impl Position {
    /// What `m` (a move this position generated) does, in a game of group pieces; `None`
    /// elsewhere.
    pub fn group_effect(&self, m: Move) -> Option<GroupEffect> {
        let (t, b) = self.poly()?;
        let e = b.effect(t, m);
        let (moving, kind) = match m.special {
            Special::Group(o) => {
                let o = &t.orients[o as usize];
                (o.cells.iter().map(|c| c.2 as u32).sum(), o.ty * t.capacity)
            }
            _ => (1, t.bare.unwrap_or(0) * t.capacity),
        };
        Some(GroupEffect { captured: e.captured, gain: e.gain, moving, kind })
    }

    /// Calls `f` with every occupied cell and its piece, as [`Position::piece_at`] gives it, on
    /// boards of any size (games of group pieces classify each group once).
    pub fn for_each_piece(&self, mut f: impl FnMut(Cell, Piece)) {
        match self.poly() {
            Some((t, PolyBoard::Narrow(s))) => pieces(t, s, f),
            Some((t, PolyBoard::Wide(s))) => pieces(t, s, f),
            None => {
                for side in [Color::White, Color::Black] {
                    for c in self.pieces(side).iter() {
                        if let Some(p) = self.piece_at(c) {
                            f(c, p);
                        }
                    }
                }
            }
        }
    }
}

impl Variant {
    /// Whether checkers arriving on their last rank earn reserve checkers (games of group
    /// pieces: Nomino, Doseki).
    pub fn earns_reserve(&self) -> bool {
        self.poly.as_ref().is_some_and(|(t, _)| t.reserve)
    }
}

/// Most cells a board of group pieces has (the walk's buffers live on the stack).
const MAX: usize = PolyBoard::MAX_CELLS;

fn pieces<const W: usize>(t: &PolyTables, s: &State<W>, mut f: impl FnMut(Cell, Piece)) {
    let mut seen = super::bits::Bits::<W>::EMPTY;
    let mut group = [0 as Cell; MAX];
    let unmovable = t.letters.len() as u8;
    // Lone cells are most groups: their types by count, looked up once.
    let mut lone = [unmovable; 256];
    for n in 1..=t.capacity {
        let p = Pattern::new([([0, 0, 0], n)]);
        lone[n as usize] = t.classify.get(&p).copied().unwrap_or(unmovable);
    }
    for side in 0..2 {
        let color = Color::from_index(side);
        for start in s.occ[side].iter() {
            if seen.0[start as usize / 64] >> (start % 64) & 1 != 0 {
                continue;
            }
            // The group of `start`: a flood fill over orthogonal neighbours of the same colour.
            seen.insert(start);
            group[0] = start;
            let (mut len, mut at) = (1, 0);
            while at < len {
                let c = group[at];
                at += 1;
                let p = t.coords[c as usize];
                for (a, &x) in p.iter().enumerate() {
                    let step = t.delta(unit(a));
                    for d in [-1i8, 1] {
                        let q = x + d;
                        if q < 0 || q >= t.dims[a] {
                            continue;
                        }
                        let n = (c as isize + d as isize * step) as Cell;
                        let own = s.occ[side].0[n as usize / 64] >> (n % 64) & 1 != 0;
                        if own && seen.0[n as usize / 64] >> (n % 64) & 1 == 0 {
                            seen.insert(n);
                            group[len] = n;
                            len += 1;
                        }
                    }
                }
            }
            let cells = &group[..len];
            let ty = if len == 1 {
                lone[s.cnt[start as usize].unsigned_abs() as usize]
            } else if len <= MAX_SHAPE_CELLS {
                let pattern = Pattern::new(
                    cells.iter().map(|&c| (t.coords[c as usize], s.cnt[c as usize].unsigned_abs())),
                );
                t.classify.get(&pattern).copied().unwrap_or(unmovable)
            } else {
                unmovable
            };
            for &c in cells {
                f(c, Piece::new(color, ty * t.capacity + s.cnt[c as usize].unsigned_abs() - 1));
            }
        }
    }
}

fn unit(a: usize) -> [i8; 3] {
    let mut v = [0; 3];
    v[a] = 1;
    v
}
