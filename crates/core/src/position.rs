//! Positions: the full game state, moves, make/unmake with incremental hashing, and outcomes.

use crate::board::Board;
pub use crate::make::Undo;
pub use crate::moves::{Move, MoveList, Special};
use crate::polyform::PolyBoard;
use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Piece};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeReason {
    Checkmate,
    /// No legal move, not in check: a draw, or a loss where the rules say so (shogi).
    Stalemate,
    Repetition,
    /// A repetition in which one side checked with every move: that side loses (shogi).
    PerpetualCheck,
    FiftyMoves,
    /// The last royal piece was taken (games without check, such as cheskers).
    RoyalCaptured,
    /// Only royal pieces are left, which cannot take each other (cheskers).
    BareRoyals,
    /// The side to move has no checker on the board (games of group pieces).
    NoCheckers,
}

impl std::fmt::Display for OutcomeReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            OutcomeReason::Checkmate => "checkmate",
            OutcomeReason::Stalemate => "no legal move",
            OutcomeReason::Repetition => "repetition",
            OutcomeReason::PerpetualCheck => "perpetual check",
            OutcomeReason::FiftyMoves => "the fifty-move rule",
            OutcomeReason::RoyalCaptured => "capture of the King",
            OutcomeReason::BareRoyals => "bare Kings",
            OutcomeReason::NoCheckers => "no checker left on the board",
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: OutcomeReason,
}

/// A position of one variant, with the history needed for repetitions.
#[derive(Clone)]
pub struct Position {
    variant: Arc<Variant>,
    pub(crate) board: Board,
    /// The state of a game of group pieces (then `board` stays empty and unused).
    pub(crate) poly: Option<Box<PolyBoard>>,
    /// Earlier positions of the game, oldest first: hash, and whether the side to move was in check.
    history: Vec<(u64, bool)>,
}

impl Position {
    /// The variant's initial position.
    pub fn new(variant: Arc<Variant>) -> Position {
        if let Some((t, setup)) = &variant.poly {
            let mut b = PolyBoard::empty(t);
            for &(c, n) in setup {
                b.set(t, c, n);
            }
            return Position::from_poly(variant.clone(), b);
        }
        let mut b = Board::empty();
        for &(c, p) in &variant.setup {
            b.put(&variant, c, p);
        }
        let virgin = variant
            .setup
            .iter()
            .filter(|(_, p)| variant.kinds[p.kind as usize].tracks_moved())
            .map(|(c, _)| *c)
            .collect();
        Position::from_parts(variant, b, virgin, CellSet::EMPTY)
    }

    /// A position of pieces, hands and the side to move alone, as an unmarked position string
    /// reads: a piece that tracks whether it moved counts as unmoved on its start cell, clocks
    /// and en passant are cleared. For positions kept without their game (training samples);
    /// `None` in games of group pieces, whose cells hold checkers, not pieces, and where a piece
    /// or hand does not fit the variant.
    pub fn from_placement(
        variant: Arc<Variant>,
        pieces: &[(Cell, Piece)],
        hands: &[(Color, crate::Kind, u8)],
        stm: Color,
    ) -> Option<Position> {
        let fits = |k: crate::Kind| (k as usize) < variant.kinds.len();
        if variant.poly.is_some()
            || pieces.iter().any(|&(c, p)| c as usize >= variant.geometry.len() || !fits(p.kind))
            || hands.iter().any(|&(_, k, _)| !fits(k) || !variant.rules.drops)
        {
            return None;
        }
        let mut b = Board::empty();
        for &(c, p) in pieces {
            b.put(&variant, c, p);
        }
        for &(side, k, n) in hands {
            b.set_hand(&variant, side, k, n);
        }
        b.stm = stm;
        let virgin = pieces
            .iter()
            .filter(|&&(c, p)| {
                variant.kinds[p.kind as usize].tracks_moved() && variant.setup.contains(&(c, p))
            })
            .map(|&(c, _)| c)
            .collect();
        Some(Position::from_parts(variant, b, virgin, CellSet::EMPTY))
    }

    /// The position with every cell's content moved to its image under `map` (a permutation of
    /// the cells, such as a mirror of the board): pieces or checkers, hands and the side to move
    /// kept; the rest as [`Position::from_placement`] has it (group-piece games keep their
    /// clocks). `None` where `map` is not a permutation of the cells. For checking that a game's
    /// rules read the same in a mirror.
    pub fn mirrored(&self, map: &[Cell]) -> Option<Position> {
        let n = self.variant.geometry.len();
        let mut seen = vec![false; n];
        let permutation = map.len() == n
            && map.iter().all(|&c| (c as usize) < n && !std::mem::replace(&mut seen[c as usize], true));
        if !permutation {
            return None;
        }
        if let Some((t, b)) = self.poly() {
            let mut image = PolyBoard::empty(t);
            for c in 0..n as Cell {
                image.set(t, map[c as usize], b.count(c));
            }
            for side in [Color::White, Color::Black] {
                image.set_hand(side, b.hand(side));
            }
            image.set_side(t, b.stm());
            image.set_clocks(b.halfmove(), b.fullmove());
            return Some(Position::from_poly(self.variant.clone(), image));
        }
        let mut pieces = Vec::new();
        self.for_each_piece(|c, p| pieces.push((map[c as usize], p)));
        let hands: Vec<(Color, crate::Kind, u8)> = [Color::White, Color::Black]
            .into_iter()
            .flat_map(|side| (0..self.variant.kinds.len() as crate::Kind).map(move |k| (side, k)))
            .map(|(side, k)| (side, k, self.hand(side, k)))
            .filter(|&(_, _, count)| count > 0)
            .collect();
        Position::from_placement(self.variant.clone(), &pieces, &hands, self.side_to_move())
    }

    /// Builds a position from a board whose pieces, hands, side and clocks are set.
    pub(crate) fn from_parts(
        variant: Arc<Variant>,
        mut board: Board,
        virgin: CellSet,
        checked: CellSet,
    ) -> Position {
        board.virgin = virgin;
        board.checked = checked;
        board.hash = board.compute_hash(&variant);
        let mut pos = Position { variant, board, poly: None, history: Vec::new() };
        pos.refresh_checks();
        pos
    }

    /// A position of a game of group pieces.
    pub(crate) fn from_poly(variant: Arc<Variant>, poly: PolyBoard) -> Position {
        Position { variant, board: Board::empty(), poly: Some(Box::new(poly)), history: Vec::new() }
    }

    /// The group-piece tables and state, in a game of group pieces.
    #[inline]
    pub(crate) fn poly(&self) -> Option<(&crate::polyform::PolyTables, &PolyBoard)> {
        match (&self.poly, &self.variant.poly) {
            (Some(b), Some((t, _))) => Some((t, b)),
            _ => None,
        }
    }

    fn refresh_checks(&mut self) {
        let v = self.variant.clone();
        let threatened = self.board.royals_threatened(&v, self.board.stm);
        self.board.in_check = if v.rules.royal == crate::Royal::Check { threatened } else { CellSet::EMPTY };
        self.board.mark_checked(&v, threatened);
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }
    pub fn side_to_move(&self) -> Color {
        match &self.poly {
            Some(p) => p.stm(),
            None => self.board.stm,
        }
    }
    /// The piece on a cell. In games of group pieces: the cell's checkers, as the type of the
    /// group they belong to (see [`Variant::polyform`]).
    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        match self.poly() {
            Some((t, p)) => p.piece_at(t, c),
            None => self.board.piece(c),
        }
    }
    /// Cells occupied by `side` (on boards of more than 128 cells, only cells below 128: use
    /// [`Position::occupied_cells`] there).
    pub fn pieces(&self, side: Color) -> CellSet {
        match &self.poly {
            Some(p) => p.cellset(side),
            None => self.board.by_color[side.index()],
        }
    }
    /// Cells of `side`'s royal pieces (none in games of group pieces).
    pub fn royals(&self, side: Color) -> CellSet {
        match &self.poly {
            Some(_) => CellSet::EMPTY,
            None => self.board.royals(&self.variant, side),
        }
    }
    /// Every cell occupied by `side`, on boards of any size.
    pub fn occupied_cells(&self, side: Color) -> Vec<Cell> {
        match &self.poly {
            Some(p) => (0..self.variant.geometry.len() as Cell)
                .filter(|&c| p.count(c) != 0 && (p.count(c) > 0) == (side == Color::White))
                .collect(),
            None => self.board.by_color[side.index()].iter().collect(),
        }
    }
    /// How many checkers stand on a cell in a game of group pieces (0 elsewhere).
    pub fn checkers(&self, c: Cell) -> u8 {
        self.poly.as_ref().map_or(0, |p| p.count(c).unsigned_abs())
    }
    /// Whether the piece on `c` has a first-move right it has not used.
    pub fn is_virgin(&self, c: Cell) -> bool {
        self.board.virgin.has(c)
    }
    /// Whether the royal piece on `c` has lost its jump right by being checked.
    pub fn has_been_checked(&self, c: Cell) -> bool {
        self.board.checked.has(c)
    }
    pub fn in_check(&self) -> bool {
        self.board.in_check.any()
    }
    /// How many pieces of `kind` `side` holds in hand (games of group pieces: kind 0 counts the
    /// checkers in hand or reserve, shown up to 255 here; [`Position::reserve`] has the count).
    pub fn hand(&self, side: Color, kind: crate::Kind) -> u8 {
        match &self.poly {
            Some(p) if kind == 0 => p.hand(side).min(u8::MAX as u32) as u8,
            Some(_) => 0,
            None => self.board.hands[side.index()][kind as usize],
        }
    }
    /// The checkers `side` holds in hand or reserve in a game of group pieces (any count).
    pub fn reserve(&self, side: Color) -> u32 {
        self.poly.as_ref().map_or(0, |p| p.hand(side))
    }
    /// In a game of group pieces, whether the side to move has no checker left on the board,
    /// which loses (docs/rules.md) — cheaper than [`Position::outcome`] for a search's every node.
    pub fn checkers_gone(&self) -> bool {
        self.poly.as_ref().is_some_and(|p| !p.has_checkers(p.stm()))
    }
    /// The cell that may be taken en passant now, if any.
    pub fn en_passant(&self) -> Option<Cell> {
        self.board.ep.map(|(c, _)| c)
    }
    pub fn halfmove_clock(&self) -> u32 {
        match &self.poly {
            Some(p) => p.halfmove(),
            None => self.board.halfmove,
        }
    }
    pub fn fullmove_number(&self) -> u32 {
        match &self.poly {
            Some(p) => p.fullmove(),
            None => self.board.fullmove,
        }
    }
    #[inline]
    pub fn hash(&self) -> u64 {
        match &self.poly {
            Some(p) => p.hash(),
            None => self.board.hash,
        }
    }
    /// The hash recomputed from the state (equal to [`Position::hash`] unless there is a bug).
    pub fn recomputed_hash(&self) -> u64 {
        match self.poly() {
            Some((t, p)) => p.compute_hash(t),
            None => self.board.compute_hash(&self.variant),
        }
    }

    #[inline]
    pub fn make(&mut self, m: Move) -> Undo {
        if let Some(p) = &mut self.poly {
            self.history.push((p.hash(), false));
            let t = &self.variant.poly.as_ref().expect("group-piece variant").0;
            p.make(t, m);
            return Undo::external();
        }
        self.history.push((self.board.hash, self.board.in_check.any()));
        self.board.make(&self.variant, m)
    }

    #[inline]
    pub fn unmake(&mut self, u: Undo) {
        self.history.pop();
        if let Some(p) = &mut self.poly {
            let t = &self.variant.poly.as_ref().expect("group-piece variant").0;
            p.unmake(t);
            return;
        }
        self.board.unmake(u);
    }

    /// Passes the move to the opponent (for null-move search; not a legal move of any game).
    pub fn make_null(&mut self) -> NullUndo {
        if let Some(p) = &mut self.poly {
            let hash = p.hash();
            self.history.push((hash, false));
            p.flip_side(&self.variant.poly.as_ref().expect("group-piece variant").0);
            return NullUndo { ep: None, in_check: CellSet::EMPTY, hash };
        }
        self.history.push((self.board.hash, self.board.in_check.any()));
        let v = &self.variant;
        let u = NullUndo { ep: self.board.ep, in_check: self.board.in_check, hash: self.board.hash };
        self.board.set_ep(v, None);
        self.board.stm = self.board.stm.other();
        self.board.hash ^= v.zobrist.side;
        self.board.in_check = if v.rules.royal == crate::Royal::Check {
            self.board.royals_attacked(v, self.board.stm)
        } else {
            CellSet::EMPTY
        };
        u
    }

    pub fn unmake_null(&mut self, u: NullUndo) {
        self.history.pop();
        if let Some(p) = &mut self.poly {
            p.flip_side(&self.variant.poly.as_ref().expect("group-piece variant").0);
            return;
        }
        self.board.stm = self.board.stm.other();
        self.board.ep = u.ep;
        self.board.in_check = u.in_check;
        self.board.hash = u.hash;
    }

    /// Cells the piece on `c` may move to by its modes, before royal safety (mobility).
    /// (Empty in games of group pieces, where a cell moves only as part of a shape.)
    pub fn targets(&self, c: Cell) -> CellSet {
        if self.poly.is_some() {
            return CellSet::EMPTY;
        }
        match self.piece_at(c) {
            Some(p) => self.board.targets(&self.variant, c, p.color.index(), p.kind as usize),
            None => CellSet::EMPTY,
        }
    }

    /// Enemy pieces the piece on `c` could jump over now, draughts-style (empty for pieces that
    /// capture by replacement: their captures are in [`Position::targets`]).
    pub fn jump_threats(&self, c: Cell) -> CellSet {
        if self.poly.is_some() {
            return CellSet::EMPTY;
        }
        match self.piece_at(c) {
            Some(p) => self.board.jump_threats(&self.variant, c, p.color.index(), p.kind as usize),
            None => CellSet::EMPTY,
        }
    }

    /// Whether a piece of `by` could capture on `c` now.
    /// (Always false in games of group pieces: attacks there belong to shapes, not cells.)
    pub fn attacked(&self, c: Cell, by: Color) -> bool {
        if self.poly.is_some() {
            return false;
        }
        self.board.attacked(&self.variant, c, by, self.board.occupied())
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.legal_moves().contains(&m) {
            return Err(IllegalMove(m));
        }
        self.make(m);
        Ok(())
    }

    /// Whether the move takes at least one enemy piece.
    pub fn is_capture(&self, m: Move) -> bool {
        if let Some((t, p)) = self.poly() {
            return p.effect(t, m).captured > 0;
        }
        match m.special {
            Special::None => self.piece_at(m.to).is_some_and(|p| p.color != self.board.stm),
            Special::EnPassant(_) | Special::Chain(_) => true,
            Special::Drop(_) | Special::Castle(_) | Special::Part(_) | Special::Group(_) => false,
        }
    }

    /// Whether the move (assumed legal) puts an enemy royal piece in check.
    pub fn gives_check(&self, m: Move) -> bool {
        if self.poly.is_some() || self.variant.rules.royal != crate::Royal::Check {
            return false;
        }
        self.board.gives_check_unmade(&self.variant, m).unwrap_or_else(|| {
            let mut b = self.board.clone();
            b.make(&self.variant, m);
            b.in_check.any()
        })
    }

    /// Indices in the history of the earlier occurrences of the current position.
    fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        // With drops nothing is irreversible (a taken piece can come back), nor is a pawn move
        // where pawns may step back, so look at the whole game; otherwise only since the last
        // capture or pawn move.
        let span = if self.variant.rules.drops || self.variant.pawns_reversible || self.poly.is_some() {
            self.history.len()
        } else {
            (self.board.halfmove as usize).min(self.history.len())
        };
        let start = self.history.len() - span;
        // The side to move is part of the hash, so only every other entry can match: the scan
        // starts two plies back, newest first (a search asks `repeated` at every node).
        (start..self.history.len())
            .rev()
            .skip(1)
            .step_by(2)
            .filter(move |&i| self.history[i].0 == self.hash())
    }

    /// How often the current position occurred, this time included.
    pub fn repetitions(&self) -> u32 {
        1 + self.earlier_occurrences().count() as u32
    }

    /// Whether the current position occurred before (stops at the first earlier occurrence).
    pub fn repeated(&self) -> bool {
        self.earlier_occurrences().next().is_some()
    }

    /// The result if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let v = &self.variant;
        if let Some(p) = &self.poly {
            // docs/rules.md, polyform games: no checker on the board or no legal move loses.
            let stm = p.stm();
            if self.checkers_gone() {
                return Some(Outcome { winner: Some(stm.other()), reason: OutcomeReason::NoCheckers });
            }
            if !self.has_legal_move() {
                return Some(Outcome { winner: Some(stm.other()), reason: OutcomeReason::Stalemate });
            }
            if self.repetitions() >= v.rules.repetition {
                return Some(Outcome { winner: None, reason: OutcomeReason::Repetition });
            }
            if v.rules.fifty_move_plies.is_some_and(|n| p.halfmove() >= n) {
                return Some(Outcome { winner: None, reason: OutcomeReason::FiftyMoves });
            }
            return None;
        }
        let stm = self.board.stm;
        let win = |c: Color, reason| Some(Outcome { winner: Some(c), reason });
        let draw = |reason| Some(Outcome { winner: None, reason });
        if v.tables.royal_kinds != 0 && self.board.royals(v, stm).is_empty() {
            return win(stm.other(), OutcomeReason::RoyalCaptured);
        }
        // Where a move may take the mover's own last royal piece (Bermuda chess's displacement).
        if v.tables.royal_kinds != 0 && self.board.royals(v, stm.other()).is_empty() {
            return win(stm, OutcomeReason::RoyalCaptured);
        }
        if v.rules.royal == crate::Royal::Capture && v.tables.royal_kinds != 0 {
            let all = self.board.occupied();
            if v.rules.bare_royals_draw
                && all == self.board.royals(v, stm) | self.board.royals(v, stm.other())
            {
                return draw(OutcomeReason::BareRoyals);
            }
        }
        if !self.has_legal_move() {
            return if self.in_check() && v.rules.royal == crate::Royal::Check {
                win(stm.other(), OutcomeReason::Checkmate)
            } else if v.rules.no_moves == crate::NoMoves::Loss {
                win(stm.other(), OutcomeReason::Stalemate)
            } else {
                draw(OutcomeReason::Stalemate)
            };
        }
        if self.repetitions() >= v.rules.repetition {
            if v.rules.perpetual_check_loses {
                // The earliest occurrence (the scan runs newest first).
                if let Some(first) = self.earlier_occurrences().last() {
                    // Positions of the cycle with the side to move now, and with the other side.
                    let n = self.history.len();
                    let checked = |parity: usize| {
                        (first..=n).filter(|i| (n - i) % 2 == parity).all(|i| {
                            if i == n {
                                self.in_check()
                            } else {
                                self.history[i].1
                            }
                        })
                    };
                    if checked(0) {
                        return win(stm, OutcomeReason::PerpetualCheck);
                    }
                    if checked(1) {
                        return win(stm.other(), OutcomeReason::PerpetualCheck);
                    }
                }
            }
            return draw(OutcomeReason::Repetition);
        }
        if v.rules.fifty_move_plies.is_some_and(|n| self.board.halfmove >= n) {
            return draw(OutcomeReason::FiftyMoves);
        }
        None
    }

    /// Leaf-node count of the move tree to `depth` (leaves counted in bulk).
    pub fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut n = 0;
                for &m in self.legal_moves().iter() {
                    let u = self.make(m);
                    n += self.perft(depth - 1);
                    self.unmake(u);
                }
                n
            }
        }
    }
}

/// What `make_null` needs to restore the position.
#[derive(Clone, Copy, Debug)]
pub struct NullUndo {
    ep: Option<(Cell, Cell)>,
    in_check: CellSet,
    hash: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0:?}")]
pub struct IllegalMove(pub Move);
