//! Positions: the full game state, moves, make/unmake with incremental hashing, and outcomes.

pub use crate::moves::{Move, MoveList, Special};
use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Piece, MAX_KINDS};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeReason {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: OutcomeReason,
}

/// The state that make/unmake changes; plain data so that it can be copied for legality probes.
#[derive(Clone)]
pub(crate) struct Board {
    pub mailbox: [u8; 128],
    pub by_color: [CellSet; 2],
    pub by_kind: [CellSet; MAX_KINDS],
    /// Pieces (of kinds with first-move modes) that have never moved.
    pub virgin: CellSet,
    /// Royal pieces (of kinds with a jump right) that have been checked.
    pub checked: CellSet,
    /// Royal pieces of the side to move that stand attacked now.
    pub in_check: CellSet,
    pub stm: Color,
    pub halfmove: u32,
    pub fullmove: u32,
    pub hash: u64,
}

/// What `make` needs to restore the position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    moved: u8,
    captured: u8,
    virgin: CellSet,
    checked: CellSet,
    in_check: CellSet,
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

    pub fn put(&mut self, v: &Variant, c: Cell, p: Piece) {
        debug_assert_eq!(self.mailbox[c as usize], 0);
        self.mailbox[c as usize] = p.code();
        self.toggle_piece(v, c, p.code());
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
        let occ = self.occupied();
        self.royals(v, side).iter().filter(|&r| self.attacked(v, r, side.other(), occ)).collect()
    }

    pub fn make(&mut self, v: &Variant, m: Move) -> Undo {
        let undo = Undo {
            mv: m,
            moved: self.mailbox[m.from as usize],
            captured: self.mailbox[m.to as usize],
            virgin: self.virgin,
            checked: self.checked,
            in_check: self.in_check,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let code = self.mailbox[m.from as usize];
        let p = Piece::from_code(code).expect("move from an empty cell");
        if undo.captured != 0 {
            self.toggle_piece(v, m.to, undo.captured);
        }
        self.toggle_piece(v, m.from, code);
        self.mailbox[m.from as usize] = 0;
        let new_code = match m.promotion {
            Some(k) => Piece::new(p.color, k).code(),
            None => code,
        };
        self.mailbox[m.to as usize] = new_code;
        self.toggle_piece(v, m.to, new_code);

        let mut virgin = self.virgin;
        virgin.remove(m.from);
        virgin.remove(m.to);
        let mut checked = self.checked;
        checked.remove(m.from);
        checked.remove(m.to);
        if self.checked.has(m.from) && m.promotion.is_none() {
            checked.insert(m.to);
        }
        self.halfmove =
            if undo.captured != 0 || v.kinds[p.kind as usize].pawn { 0 } else { self.halfmove + 1 };
        if p.color == Color::Black {
            self.fullmove += 1;
        }
        self.stm = p.color.other();
        self.hash ^= v.zobrist.side;

        self.set_flags(v, virgin, checked);
        // The side now to move: royals attacked now, and the jump right they lose for good.
        self.in_check = self.royals_attacked(v, self.stm);
        if self.in_check.any() {
            self.mark_checked(v);
        }
        undo
    }

    /// Sets the "has been checked" flag of every royal in `in_check` whose kind has a jump right.
    fn mark_checked(&mut self, v: &Variant) {
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
        let new_code = self.mailbox[m.to as usize];
        let old_code = u.moved;
        let p = Piece::from_code(old_code).expect("unmake of a move not made");
        self.toggle_piece(v, m.to, new_code);
        self.mailbox[m.to as usize] = u.captured;
        if u.captured != 0 {
            self.toggle_piece(v, m.to, u.captured);
        }
        self.mailbox[m.from as usize] = old_code;
        self.toggle_piece(v, m.from, old_code);
        if p.color == Color::Black {
            self.fullmove -= 1;
        }
        self.stm = p.color;
        self.virgin = u.virgin;
        self.checked = u.checked;
        self.in_check = u.in_check;
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
        if self.stm == Color::Black {
            h ^= v.zobrist.side;
        }
        h
    }
}

/// A position of one variant, with the history needed for repetitions.
#[derive(Clone)]
pub struct Position {
    variant: Arc<Variant>,
    pub(crate) board: Board,
    /// Hashes of the earlier positions of the game, oldest first.
    history: Vec<u64>,
}

impl Position {
    /// The variant's initial position.
    pub fn new(variant: Arc<Variant>) -> Position {
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
        b.set_flags(&variant, virgin, CellSet::EMPTY);
        if b.stm == Color::Black {
            b.hash ^= variant.zobrist.side;
        }
        let mut pos = Position { variant, board: b, history: Vec::new() };
        pos.refresh_checks();
        pos
    }

    /// Builds a position from parts (used by the position-string reader).
    pub(crate) fn from_parts(
        variant: Arc<Variant>,
        mut board: Board,
        virgin: CellSet,
        checked: CellSet,
    ) -> Position {
        board.hash = 0;
        board.virgin = CellSet::EMPTY;
        board.checked = CellSet::EMPTY;
        let pieces: Vec<(Cell, u8)> =
            board.occupied().iter().map(|c| (c, board.mailbox[c as usize])).collect();
        for (c, code) in pieces {
            board.hash ^= variant.zobrist.piece(code, c);
        }
        board.set_flags(&variant, virgin, checked);
        if board.stm == Color::Black {
            board.hash ^= variant.zobrist.side;
        }
        let mut pos = Position { variant, board, history: Vec::new() };
        pos.refresh_checks();
        pos
    }

    fn refresh_checks(&mut self) {
        let v = self.variant.clone();
        self.board.in_check = self.board.royals_attacked(&v, self.board.stm);
        self.board.mark_checked(&v);
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }
    pub fn side_to_move(&self) -> Color {
        self.board.stm
    }
    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        self.board.piece(c)
    }
    /// Cells occupied by `side`.
    pub fn pieces(&self, side: Color) -> CellSet {
        self.board.by_color[side.index()]
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
    pub fn halfmove_clock(&self) -> u32 {
        self.board.halfmove
    }
    pub fn fullmove_number(&self) -> u32 {
        self.board.fullmove
    }
    pub fn hash(&self) -> u64 {
        self.board.hash
    }
    /// The hash recomputed from the state (equal to [`Position::hash`] unless there is a bug).
    pub fn recomputed_hash(&self) -> u64 {
        self.board.compute_hash(&self.variant)
    }

    pub fn make(&mut self, m: Move) -> Undo {
        self.history.push(self.board.hash);
        let v = self.variant.clone();
        self.board.make(&v, m)
    }

    pub fn unmake(&mut self, u: Undo) {
        self.history.pop();
        let v = self.variant.clone();
        self.board.unmake(&v, u);
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
        match m.special {
            Special::None => self.piece_at(m.to).is_some_and(|p| p.color != self.board.stm),
            Special::EnPassant(_) | Special::Chain(_) => true,
            Special::Drop(_) | Special::Castle(_) => false,
        }
    }

    /// Whether the move (assumed legal) puts an enemy royal piece in check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut b = self.board.clone();
        b.make(&self.variant, m);
        b.in_check.any()
    }

    /// How often the current position occurred, this time included.
    pub fn repetitions(&self) -> u32 {
        let span = (self.board.halfmove as usize).min(self.history.len());
        1 + self.history[self.history.len() - span..].iter().filter(|&&h| h == self.board.hash).count() as u32
    }

    /// The result if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                Outcome { winner: Some(self.board.stm.other()), reason: OutcomeReason::Checkmate }
            } else {
                Outcome { winner: None, reason: OutcomeReason::Stalemate }
            });
        }
        if self.repetitions() >= self.variant.rules.repetition {
            return Some(Outcome { winner: None, reason: OutcomeReason::Repetition });
        }
        if self.variant.rules.fifty_move_plies.is_some_and(|n| self.board.halfmove >= n) {
            return Some(Outcome { winner: None, reason: OutcomeReason::FiftyMoves });
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0:?}")]
pub struct IllegalMove(pub Move);
