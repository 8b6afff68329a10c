//! What a front end draws of a game of group pieces (docs/rules.md, polyform games): the groups
//! on the board, the cells a group move leaves and fills, and each type's shape and reach from
//! the middle of an empty board. Read-only views over the rules core; nothing here names a game.

use super::board::PolyBoard;
use crate::moves::{Move, Special};
use crate::{Cell, Position, Variant};

/// The cells of a group move, in the order of the moving shape's cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupCells {
    /// The moving set: each cell and how many of its checkers leave it.
    pub from: Vec<(Cell, u8)>,
    /// Where each of those cells' checkers land.
    pub to: Vec<Cell>,
    /// The letter of the moving set's type.
    pub letter: char,
}

/// A type alone on an empty board, as a move diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupDiagram {
    /// The type's first orientation placed near the middle: each cell with its checkers.
    pub cells: Vec<(Cell, u8)>,
    /// Every cell some move of the lone group lands a checker on.
    pub reach: Vec<Cell>,
    /// The type's modes in the polyform notation (docs/formats.md).
    pub modes: String,
    /// Checkers it captures go to its owner's hand.
    pub to_hand: bool,
}

impl Position {
    /// The cells a group move takes its checkers from and puts them on (`None` for a drop or a
    /// move of another kind of game).
    pub fn group_cells(&self, m: Move) -> Option<GroupCells> {
        let (t, _) = self.poly()?;
        let Special::Group(oi) = m.special else { return None };
        let o = t.orients.get(oi as usize)?;
        let delta = m.to as isize - m.from as isize;
        let from = o.cells.iter().map(|&(off, _, k)| (m.from + off as Cell, k)).collect();
        let to =
            o.cells.iter().map(|&(off, _, _)| (m.from as isize + off as isize + delta) as Cell).collect();
        Some(GroupCells { from, to, letter: t.letters[o.ty as usize] })
    }

    /// The groups on the board: the orthogonally connected sets of one side's checkers, each in
    /// index order, ordered by their lowest cell (empty outside games of group pieces).
    pub fn groups(&self) -> Vec<Vec<Cell>> {
        let Some((t, b)) = self.poly() else { return Vec::new() };
        let n = t.coords.len();
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for start in 0..n {
            let sign = b.count(start as Cell).signum();
            if sign == 0 || seen[start] {
                continue;
            }
            seen[start] = true;
            let mut group = vec![start as Cell];
            let mut todo = vec![start];
            while let Some(c) = todo.pop() {
                let p = t.coords[c];
                for a in 0..3 {
                    for d in [-1i8, 1] {
                        let mut q = p;
                        q[a] += d;
                        if q[a] < 0 || q[a] >= t.dims[a] {
                            continue;
                        }
                        let qi = (c as isize + t.delta(q) - t.delta(p)) as usize;
                        if !seen[qi] && b.count(qi as Cell).signum() == sign {
                            seen[qi] = true;
                            group.push(qi as Cell);
                            todo.push(qi);
                        }
                    }
                }
            }
            group.sort_unstable();
            out.push(group);
        }
        out
    }
}

impl Variant {
    /// Most checkers a cell holds, in a game of group pieces (`None` in other games).
    pub fn group_capacity(&self) -> Option<u8> {
        self.poly.as_ref().map(|(t, _)| t.capacity)
    }

    /// The diagram of the type with this letter: its first orientation alone near the middle of
    /// an empty board (White to move) and the cells its moves land on.
    pub fn group_diagram(&self, letter: char) -> Option<GroupDiagram> {
        let (t, _) = self.poly.as_ref()?;
        let ty = t.letters.iter().position(|&l| l == letter)?;
        let o = t.orients.iter().find(|o| o.ty as usize == ty)?;
        // The anchor that puts the shape's box nearest the middle.
        let anchor: [i8; 3] = std::array::from_fn(|a| (t.dims[a] - o.extent[a]) / 2);
        let a = t.delta(anchor) as usize;
        let mut b = PolyBoard::empty(t);
        let cells: Vec<(Cell, u8)> = o.cells.iter().map(|&(off, _, k)| ((a + off) as Cell, k)).collect();
        for &(c, k) in &cells {
            b.set(t, c, k as i8);
        }
        let mut reach = std::collections::BTreeSet::new();
        for m in b.moves(t).iter() {
            let e = b.effect(t, *m);
            reach.extend(e.cells().into_iter().filter(|&(_, old, new)| new > old).map(|(c, _, _)| c));
        }
        Some(GroupDiagram {
            cells,
            reach: reach.into_iter().collect(),
            modes: t.modes[ty].clone(),
            to_hand: t.to_hand[ty],
        })
    }
}
