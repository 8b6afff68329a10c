//! Make and unmake, one mechanism for every kind of move: a move is turned into a list of cell
//! edits (and hand counts), each applied through [`Board::edit`] so the hash follows, and the
//! old contents are kept in the [`Undo`]. What a capture does beyond removing the victim —
//! to the hand, displaced to the linked cell, the capturer carried on — is the variant's data
//! ([`CaptureEffect`]); merging stacks and splitting them are cell edits like any other.

use crate::board::Board;
use crate::kinds::CaptureEffect;
use crate::moves::{Move, Special};
use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Kind, Piece};

/// A short list kept inline, spilling to the heap when it grows past `N` (long capture chains).
#[derive(Clone, Debug)]
pub(crate) struct Edits<T: Copy + Default, const N: usize> {
    len: usize,
    inline: [T; N],
    spill: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Edits<T, N> {
    fn new() -> Self {
        Edits { len: 0, inline: [T::default(); N], spill: Vec::new() }
    }
    #[inline]
    fn push(&mut self, x: T) {
        if self.len < N {
            self.inline[self.len] = x;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline);
            }
            self.spill.push(x);
        }
        self.len += 1;
    }
    #[inline]
    fn as_slice(&self) -> &[T] {
        if self.len > N {
            &self.spill
        } else {
            &self.inline[..self.len]
        }
    }
}

/// One edit of a move, packed in a word so that an [`Undo`] stays small (it is returned by
/// value at every node): a cell and its old content, or (top bit set) a hand count changed —
/// side, kind and old count.
#[derive(Clone, Copy, Debug, Default)]
struct Edit(u32);

const HAND_EDIT: u32 = 1 << 31;

impl Edit {
    fn cell(c: Cell, old: u8) -> Edit {
        Edit(c as u32 | (old as u32) << 16)
    }
    fn hand(side: Color, kind: Kind, old: u8) -> Edit {
        Edit(HAND_EDIT | (side as u32) << 30 | (kind as u32) << 16 | old as u32)
    }
}

/// What `make` needs to restore the position.
#[derive(Clone, Debug)]
pub struct Undo {
    /// Every cell edited (with its old content) and hand count changed, in order.
    edits: Edits<Edit, 6>,
    virgin: CellSet,
    checked: CellSet,
    in_check: CellSet,
    ep: Option<(Cell, Cell)>,
    halfmove: u32,
    hash: u64,
}

impl Undo {
    /// The undo of a move whose state keeps its own undo records (group pieces).
    pub(crate) fn external() -> Undo {
        Undo {
            edits: Edits::new(),
            virgin: CellSet::EMPTY,
            checked: CellSet::EMPTY,
            in_check: CellSet::EMPTY,
            ep: None,
            halfmove: 0,
            hash: 0,
        }
    }
}

/// The edits of one move under construction.
struct Change<'a> {
    board: &'a mut Board,
    v: &'a Variant,
    undo: &'a mut Undo,
    virgin: CellSet,
    checked: CellSet,
}

impl Change<'_> {
    #[inline]
    fn edit(&mut self, c: Cell, code: u8) {
        let old = self.board.edit(self.v, c, code);
        self.undo.edits.push(Edit::cell(c, old));
    }
    fn hand(&mut self, side: Color, kind: Kind, delta: i32) {
        let old = self.board.hands[side.index()][kind as usize];
        // A hand never holds more pieces than the board has cells, so this stays in range.
        let new = (old as i32 + delta).clamp(0, u8::MAX as i32) as u8;
        self.board.set_hand(self.v, side, kind, new);
        self.undo.edits.push(Edit::hand(side, kind, old));
    }
    /// The cell's piece leaves it for good: its flags go with it.
    fn clear_flags(&mut self, c: Cell) {
        self.virgin.remove(c);
        self.checked.remove(c);
    }
}

impl Board {
    pub fn make(&mut self, v: &Variant, m: Move) -> Undo {
        self.make_with(v, m, true)
    }

    /// [`Board::make`] for a legality probe: whether the move checks the opponent is left
    /// unasked (`in_check` empty) where nothing depends on it — no royal piece with a jump right
    /// to lose, and no drop that may check but not mate. That test was over half of a probe's
    /// cost (shogi's king moves: 1.1 k of 2.8 k instructions).
    pub(crate) fn make_probe(&mut self, v: &Variant, m: Move) -> Undo {
        let no_mate_drop = matches!(m.special, Special::Drop(k) if v.kinds[k as usize].drop.no_mate);
        self.make_with(v, m, no_mate_drop || v.tables.jump_right_royals != 0)
    }

    #[inline(always)]
    fn make_with(&mut self, v: &Variant, m: Move, ask_check: bool) -> Undo {
        let us = self.stm;
        let mut undo = Undo {
            edits: Edits::new(),
            virgin: self.virgin,
            checked: self.checked,
            in_check: self.in_check,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let (virgin, checked) = (self.virgin, self.checked);
        let mut ch = Change { board: self, v, undo: &mut undo, virgin, checked };
        let mut irreversible = false;
        let mut new_ep = None;
        match m.special {
            Special::Drop(k) => {
                ch.hand(us, k, -1);
                ch.edit(m.to, Piece::new(us, k).code());
            }
            Special::Castle(i) => {
                let c = &v.rules.castlings[i as usize];
                let moves = std::iter::once(c.king).chain(c.rooks.iter().copied());
                // All pieces leave before any lands: a castling's cells may overlap.
                let lifted: Vec<(Cell, u8)> =
                    moves.map(|(from, to)| (to, ch.board.mailbox[from as usize])).collect();
                for (from, _) in std::iter::once(c.king).chain(c.rooks.iter().copied()) {
                    ch.edit(from, 0);
                    ch.virgin.remove(from);
                }
                for (to, code) in lifted {
                    ch.edit(to, code);
                }
                // Castling is no capture and no pawn move: the fifty-move count runs on (as in chess).
            }
            Special::Part(part) => {
                let whole = ch.board.piece(m.from).expect("partition from an empty cell");
                let rest = v.stack_parts(whole.kind).iter().find(|(p, _)| *p == part).map(|(_, r)| *r);
                ch.edit(m.from, Piece::new(us, rest.expect("a part of this stack")).code());
                ch.edit(m.to, Piece::new(us, part).code());
            }
            // Group moves are made by the group-piece state (`polyform`), never on this board.
            Special::Group(_) => {}
            Special::None | Special::EnPassant(_) | Special::Chain(_) => {
                let (mover, taken, ep) = ch.piece_move(m, us);
                irreversible = taken || v.kinds[mover as usize].pawn;
                new_ep = ep;
            }
        }
        let Change { virgin, checked, .. } = ch;
        self.set_ep(v, new_ep);
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.stm = us.other();
        self.hash ^= v.zobrist.side;
        self.set_flags(v, virgin, checked);
        if !ask_check {
            self.in_check = CellSet::EMPTY;
            return undo;
        }
        // The side now to move: royals in check now, and the jump right they lose for good.
        let threatened = self.royals_threatened(v, self.stm);
        self.in_check = if v.rules.royal == crate::Royal::Check { threatened } else { CellSet::EMPTY };
        if threatened.any() {
            self.mark_checked(v, threatened);
        }
        undo
    }

    pub fn unmake(&mut self, u: Undo) {
        let us = self.stm.other();
        for &Edit(e) in u.edits.as_slice().iter().rev() {
            if e & HAND_EDIT == 0 {
                self.set_raw(e as u16 as Cell, (e >> 16) as u8);
            } else {
                self.hands[(e >> 30 & 1) as usize][(e >> 16) as u8 as usize] = e as u8;
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
            .any(|c| self.en_passant_reach(v, c, them, occ).has(mid));
        capturers.then_some((mid, to))
    }

    /// The enemy piece a jump from `a` to `b` takes: the one occupied cell strictly between.
    fn jumped(&self, v: &Variant, a: Cell, b: Cell) -> Option<Cell> {
        let g = &v.geometry;
        let d = (0..g.dirs.len()).find(|&d| g.ray(a, d).has(b))?;
        g.first_blocker(a, d, self.occupied()).filter(|&c| c != b)
    }
}

impl Change<'_> {
    /// A piece goes from `m.from` to `m.to`, taking what its move takes, merging with an own
    /// stack it lands on, promoting. Returns the mover's kind, whether anything was taken, and
    /// the en-passant cell the move opens.
    fn piece_move(&mut self, m: Move, us: Color) -> (Kind, bool, Option<(Cell, Cell)>) {
        let v = self.v;
        let g = &v.geometry;
        let code = self.board.mailbox[m.from as usize];
        let mover = Piece::from_code(code).expect("move from an empty cell");
        // What stood on the destination (a chain lands on free cells, or back on its origin).
        let target = if m.special == Special::None { self.board.piece(m.to) } else { None };
        self.edit(m.from, 0);
        let effect = if v.rules.capture_effects.is_empty() {
            CaptureEffect::Remove
        } else {
            v.rules.capture_effect(g.region(m.from), g.region(m.to))
        };
        let mut taken = false;
        let mut take = |ch: &mut Self, victim: Cell| {
            let vcode = ch.board.mailbox[victim as usize];
            ch.edit(victim, 0);
            ch.clear_flags(victim);
            taken = true;
            ch.capture_effect(effect, victim, vcode, us);
        };
        match m.special {
            Special::EnPassant(victim) => take(self, victim),
            Special::Chain(path) => {
                // Victims leave as the walk passes them, so that each hop's victim is the first
                // piece between its landings (in games where they stay, no later hop passes one).
                let mut a = m.from;
                for b in path.cells().chain(std::iter::once(m.to)) {
                    if let Some(victim) = self.board.jumped(v, a, b) {
                        take(self, victim);
                    }
                    a = b;
                }
            }
            _ => {
                if target.is_some_and(|t| t.color != us) {
                    take(self, m.to);
                }
            }
        }
        let kind = match (m.promotion, target) {
            (Some(k), _) => k,
            (None, Some(t)) if t.color == us => {
                v.stack_union(mover.kind, t.kind).expect("a legal amalgamation")
            }
            _ => mover.kind,
        };
        let mut landing = m.to;
        if taken && effect == CaptureEffect::Ascend {
            if let Some(up) = g.link(m.to).filter(|&c| self.board.mailbox[c as usize] == 0) {
                landing = up;
            }
        }
        self.edit(landing, Piece::new(us, kind).code());
        let was_checked = self.checked.has(m.from);
        self.clear_flags(m.from);
        self.clear_flags(landing);
        if was_checked && m.promotion.is_none() {
            self.checked.insert(landing);
        }
        let ep = (v.kinds[mover.kind as usize].en_passant && !taken)
            .then(|| self.board.double_step_ep(v, m.from, m.to, us))
            .flatten();
        (mover.kind, taken, ep)
    }

    /// What becomes of a piece `code` taken on `victim` (already lifted off the board).
    fn capture_effect(&mut self, effect: CaptureEffect, victim: Cell, code: u8, us: Color) {
        let v = self.v;
        match effect {
            CaptureEffect::Remove | CaptureEffect::Ascend => {}
            CaptureEffect::ToHand => {
                let t = Piece::from_code(code).expect("taken piece");
                let k = v.kinds[t.kind as usize].demotes_to.unwrap_or(t.kind);
                self.hand(us, k, 1);
            }
            CaptureEffect::Displace => {
                if let Some(below) = v.geometry.link(victim) {
                    // Whatever stands below leaves the game; the displaced piece counts as moved.
                    self.clear_flags(below);
                    self.edit(below, code);
                }
            }
        }
    }
}
