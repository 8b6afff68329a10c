//! Attack tests: who could capture where. Legality in games with check rests on them, and so
//! does the jump right of royal pieces ("has been checked").

use crate::board::Board;
use crate::kinds::{CaptureEffect, Capturing, Royal};
use crate::modes::Action;
use crate::moves::{Move, Special};
use crate::tables::{Group, Pattern};
use crate::variant::Variant;
use crate::{Cell, CellSet, Color};

impl Group {
    /// Whether the group's moves can capture by replacement.
    #[inline]
    fn captures(&self) -> bool {
        self.action != Action::MoveOnly && !self.safe && !self.over_own && !self.over_any
    }

    /// Whether the group applies to the piece on `c` now (first-move and jump-right conditions).
    #[inline]
    pub(crate) fn active(&self, b: &Board, c: Cell) -> bool {
        (!self.initial || b.virgin.has(c)) && (!self.unchecked || !b.checked.has(c))
    }

    /// Cells this group's capturing moves from `c` reach with occupancy `occ`.
    fn capture_cells(&self, v: &Variant, c: Cell, occ: CellSet) -> CellSet {
        let g = &v.geometry;
        let mut out = if self.leaps.is_empty() { CellSet::EMPTY } else { self.leaps[c as usize] };
        for &d in &self.slides {
            out |= g.slide(c, d, occ);
        }
        for &d in &self.hop_slides {
            out |= g.slide(c, d, occ);
            if let Some(screen) = g.first_blocker(c, d, occ) {
                out |= g.slide(screen, d, occ);
            }
        }
        for e in &self.exact {
            if let Some((t, between)) = e.0[c as usize] {
                if (between & occ).is_empty() {
                    out.insert(t);
                }
            }
        }
        out
    }
}

impl Pattern {
    /// Whether one of the pieces `pcs` (of the entry's kinds) captures on `x` by this pattern with
    /// occupancy `occ`: the pattern is walked backwards from `x`, so the test costs one lookup or
    /// one walk per direction, not one per piece.
    #[inline]
    fn hits(&self, v: &Variant, x: Cell, pcs: CellSet, occ: CellSet) -> bool {
        let g = &v.geometry;
        match self {
            Pattern::Leap(rev) => (rev[x as usize] & pcs).any(),
            Pattern::Slide { dirs, hop: false } => {
                dirs.iter().any(|&d| g.first_blocker(x, d, occ).is_some_and(|b| pcs.has(b)))
            }
            Pattern::Slide { dirs, hop: true } => dirs.iter().any(|&d| match g.first_blocker(x, d, occ) {
                Some(b) if pcs.has(b) => true,
                Some(screen) => g.first_blocker(screen, d, occ).is_some_and(|b| pcs.has(b)),
                None => false,
            }),
            Pattern::Exact(rev) => {
                rev.0[x as usize].is_some_and(|(o, between)| pcs.has(o) && (between & occ).is_empty())
            }
        }
    }
}

impl Board {
    /// Whether a piece of `by` could capture on `x` with occupancy `occ`.
    /// (The pattern test is written out here, not [`Pattern::hits`]: this is the hottest loop of
    /// legality, and the shared function, even inlined, cost perft 3% in `mgc`, docs/engine.md.)
    pub fn attacked(&self, v: &Variant, x: Cell, by: Color, occ: CellSet) -> bool {
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
                Pattern::Slide { dirs, hop: false } => {
                    dirs.iter().any(|&d| g.first_blocker(x, d, occ).is_some_and(|b| pcs.has(b)))
                }
                Pattern::Slide { dirs, hop: true } => {
                    dirs.iter().any(|&d| match g.first_blocker(x, d, occ) {
                        Some(b) if pcs.has(b) => true,
                        Some(screen) => g.first_blocker(screen, d, occ).is_some_and(|b| pcs.has(b)),
                        None => false,
                    })
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

    /// Whether the move `m` of the side to move would attack an enemy royal piece, answered
    /// without making it: the piece sets and the occupancy are edited in registers, not on the
    /// board. `None` where a move does more than lift one piece, take at most one and land it
    /// (castling, chains, partitions, amalgamations, captures that displace or carry on): the
    /// caller makes those. Games with check only (elsewhere nothing is "in check").
    pub fn gives_check_unmade(&self, v: &Variant, m: Move) -> Option<bool> {
        let us = self.stm;
        let (lifted, victim, kind) = match m.special {
            Special::Drop(k) => (None, None, k),
            Special::None | Special::EnPassant(_) => {
                let mover = self.piece(m.from)?;
                let victim = match (m.special, self.piece(m.to)) {
                    (Special::EnPassant(x), _) => Some(x),
                    (_, Some(t)) if t.color == us => return None,
                    (_, Some(_)) => Some(m.to),
                    (_, None) => None,
                };
                (Some(m.from), victim, m.promotion.unwrap_or(mover.kind))
            }
            _ => return None,
        };
        if victim.is_some() && !v.rules.capture_effects.is_empty() {
            let g = &v.geometry;
            let effect = v.rules.capture_effect(g.region(m.from), g.region(m.to));
            if !matches!(effect, CaptureEffect::Remove | CaptureEffect::ToHand) {
                return None;
            }
        }
        let mut occ = self.occupied();
        let mut royals = self.royals(v, us.other());
        if let Some(x) = victim {
            occ.remove(x);
            royals.remove(x);
        }
        if let Some(f) = lifted {
            occ.remove(f);
        }
        occ.insert(m.to);
        // The mover keeps its "has been checked" flag unless it promotes, and is never virgin again.
        let mover_checked = lifted.is_some_and(|f| self.checked.has(f)) && m.promotion.is_none();
        let ours = self.by_color[us.index()];
        Some(royals.iter().any(|r| {
            v.tables.attacks[us.index()].iter().any(|e| {
                let moved_here = e.kinds.contains(&kind);
                // A leaper that stays put attacks what it attacked before the move: no royal, as
                // the side to move gives no check in a legal position.
                if !moved_here && matches!(e.pattern, Pattern::Leap(_)) {
                    return false;
                }
                let mut pcs = CellSet::EMPTY;
                for &k in &e.kinds {
                    pcs |= self.by_kind[k as usize];
                }
                pcs &= ours;
                if let Some(f) = lifted {
                    pcs.remove(f);
                }
                if e.initial {
                    pcs &= self.virgin;
                }
                if e.unchecked {
                    pcs &= !self.checked;
                }
                if moved_here && !e.initial && !(e.unchecked && mover_checked) {
                    pcs.insert(m.to);
                }
                pcs.any() && e.pattern.hits(v, r, pcs, occ)
            })
        }))
    }

    /// Cells the piece on `c` could capture on by replacement if they held enemy pieces.
    pub fn capture_reach(&self, v: &Variant, c: Cell, side: Color, occ: CellSet) -> CellSet {
        let Some(p) = self.piece(c) else { return CellSet::EMPTY };
        let mut out = CellSet::EMPTY;
        for grp in &v.tables.groups[side.index()][p.kind as usize] {
            if grp.captures() && grp.active(self, c) {
                out |= grp.capture_cells(v, c, occ);
            }
        }
        out
    }

    /// Cells the piece on `c` reaches by its capture-only modes: where en passant can land. A mode
    /// that may also move there (a Bermuda pawn's descent) reaches the skipped cell as a plain move,
    /// not as a capture of the pawn that passed (docs/rules.md, Bermuda chess).
    pub fn en_passant_reach(&self, v: &Variant, c: Cell, side: Color, occ: CellSet) -> CellSet {
        let Some(p) = self.piece(c) else { return CellSet::EMPTY };
        let mut out = CellSet::EMPTY;
        for grp in &v.tables.groups[side.index()][p.kind as usize] {
            if grp.action == Action::CaptureOnly && grp.captures() && grp.active(self, c) {
                out |= grp.capture_cells(v, c, occ);
            }
        }
        out
    }

    /// Whether the piece on `from` could capture on `to` with occupancy `occ`.
    pub fn reaches(&self, v: &Variant, from: Cell, to: Cell, occ: CellSet) -> bool {
        self.piece(from).is_some_and(|p| self.capture_reach(v, from, p.color, occ).has(to))
    }

    /// Royal pieces of `side` attacked by the other side.
    pub fn royals_attacked(&self, v: &Variant, side: Color) -> CellSet {
        let occ = self.occupied();
        self.royals(v, side).iter().filter(|&r| self.attacked(v, r, side.other(), occ)).collect()
    }

    /// Royal pieces of `side` that stand "in check": attacked, in games with check; in games
    /// without, only royals with a jump right to lose are asked about — attacked by replacement,
    /// or, in draughts-style games, taken by some capture sequence of the opponent.
    pub fn royals_threatened(&self, v: &Variant, side: Color) -> CellSet {
        if v.rules.royal == Royal::Check {
            return self.royals_attacked(v, side);
        }
        if v.tables.jump_right_royals == 0 {
            return CellSet::EMPTY;
        }
        match v.rules.capturing {
            Capturing::Replace => self.royals_attacked(v, side),
            Capturing::Jump => self.royals(v, side) & self.jump_victims(v, side.other()),
        }
    }
}
