//! First-move modes read by place instead of by history: the rule option `pawnleap=rank` of
//! Modern Grand Chess (docs/rules.md), which gives a pawn's first-move leap to every pawn
//! standing on its start rank — moved before or not — as Fairy-Stockfish plays it (it keys
//! initial moves to a region of the board and keeps no "has moved" flag).

use crate::modes::Action;
use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Kind};
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum StartRankError {
    #[error("piece {0}: first-move modes that capture cannot be tied to the start rank")]
    Captures(char),
    #[error("piece {0}: first-move slides cannot be tied to the start rank")]
    Slides(char),
    #[error("piece {0}: has no first-move mode")]
    NoFirstMove(char),
}

impl Variant {
    /// Makes the first-move (`i`) modes of `kind` depend on where a piece of that kind stands:
    /// they are offered from every cell of a rank (counted along the side's forward vector) on
    /// which the setup places such a piece, whether the piece has moved or not. "Has moved" then
    /// no longer matters for the kind, so it is no longer part of the position (nor of its hash
    /// or its position string). Move-only leaps and exact moves only: their origins are a table,
    /// and they take no part in attack tests.
    pub fn first_moves_on_start_rank(&mut self, kind: Kind) -> Result<(), StartRankError> {
        let k = kind as usize;
        let letter = self.kinds[k].letter;
        if !self.kinds[k].modes.iter().any(|m| m.initial) {
            return Err(StartRankError::NoFirstMove(letter));
        }
        for side in [Color::White, Color::Black] {
            let start = self.start_rank_cells(kind, side);
            for grp in self.tables.groups[side.index()][k].iter_mut().filter(|g| g.initial) {
                if grp.action != Action::MoveOnly {
                    return Err(StartRankError::Captures(letter));
                }
                if !grp.slides.is_empty() {
                    return Err(StartRankError::Slides(letter));
                }
                grp.initial = false;
                for (c, targets) in grp.leaps.iter_mut().enumerate() {
                    if !start.has(c as Cell) {
                        *targets = CellSet::EMPTY;
                    }
                }
                for e in grp.exact.iter_mut() {
                    for (c, target) in e.0.iter_mut().enumerate() {
                        if !start.has(c as Cell) {
                            *target = None;
                        }
                    }
                }
            }
        }
        for m in self.kinds[k].modes.iter_mut() {
            m.initial = false;
        }
        let cells = self.geometry.len();
        self.tables.merge_reach(cells);
        Ok(())
    }

    /// Cells on the ranks where the setup places pieces of `kind` of `side`.
    fn start_rank_cells(&self, kind: Kind, side: Color) -> CellSet {
        let g = &self.geometry;
        let rank = |c: Cell| -> i32 {
            let (p, f) = (g.coord(c), g.forward[side.index()]);
            (0..4).map(|i| p[i] as i32 * f[i] as i32).sum()
        };
        let ranks: Vec<i32> = self
            .setup
            .iter()
            .filter(|(_, p)| p.kind == kind && p.color == side)
            .map(|&(c, _)| rank(c))
            .collect();
        (0..g.len() as Cell).filter(|&c| ranks.contains(&rank(c))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::{PieceKind, Rules};
    use crate::{Geometry, Piece, Position};
    use std::sync::Arc;

    /// A 5x5 board: Kings on a1/e5, a White pawn on c2 that steps anywhere and leaps two ahead
    /// on its first move.
    fn variant(pawn_modes: &str) -> Variant {
        let g = Geometry::square("abcde", 5);
        let mut king = PieceKind::new('K', "King", "N(1)").unwrap();
        king.royal = true;
        let mut pawn = PieceKind::new('P', "Pawn", pawn_modes).unwrap();
        pawn.pawn = true;
        let cell = |n: &str| g.parse_cell(n).unwrap();
        let setup = vec![
            (cell("a1"), Piece::new(Color::White, 0)),
            (cell("c2"), Piece::new(Color::White, 1)),
            (cell("e5"), Piece::new(Color::Black, 0)),
        ];
        Variant::new("t", "test", g, vec![king, pawn], setup, Rules::default()).unwrap()
    }

    fn targets_of(pos: &Position, from: &str) -> Vec<String> {
        let mut t: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.move_coord(**m).starts_with(from))
            .map(|&m| pos.move_coord(m))
            .collect();
        t.sort();
        t
    }

    #[test]
    fn first_moves_follow_the_rank_not_the_history() {
        let mut v = variant("mN(1) + imfN(2)");
        v.first_moves_on_start_rank(1).unwrap();
        let mut pos = Position::new(Arc::new(v));
        assert!(targets_of(&pos, "c2").contains(&"c2c4".to_string()));
        // Sideways along the start rank and back: the leap is still there.
        for m in ["c2d2", "e5e4", "d2c2", "e4e5"] {
            let mv = pos.parse_coord(m).unwrap();
            pos.make(mv);
        }
        assert_eq!(
            targets_of(&pos, "c2").iter().filter(|m| m.ends_with('4')).count(),
            5,
            "{:?}",
            targets_of(&pos, "c2")
        );
        // Off the start rank: no leap.
        let up = pos.parse_coord("c2c3").unwrap();
        pos.make(up);
        let down = pos.parse_coord("e5e4").unwrap();
        pos.make(down);
        assert!(targets_of(&pos, "c3").iter().all(|m| !m.ends_with('5')), "{:?}", targets_of(&pos, "c3"));
        assert!(!pos.is_virgin(pos.variant().geometry.parse_cell("c3").unwrap()));
    }

    #[test]
    fn only_move_only_leaps_can_follow_the_rank() {
        assert_eq!(variant("mN(1)").first_moves_on_start_rank(1), Err(StartRankError::NoFirstMove('P')));
        assert_eq!(variant("mN(1) + iN(2)").first_moves_on_start_rank(1), Err(StartRankError::Captures('P')));
        assert_eq!(variant("mN(1) + imfO").first_moves_on_start_rank(1), Err(StartRankError::Slides('P')));
    }
}
