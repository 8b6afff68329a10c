//! Legal move generation.
//!
//! Targets come from the compiled mode tables as cell sets. Legality follows the rules' own
//! definition (GAMES.md Decision 3: after the move, with the opponent's jump right updated, no
//! royal piece of the mover may be capturable), with one fast path: when the side to move has a
//! single royal piece that is not in check, a non-royal move can only expose it along a line, so
//! pinned pieces are restricted to their pin line and every other move is legal. Everything else
//! (royal moves, check evasions) is probed by make/unmake on a scratch copy.

use crate::modes::Action;
use crate::position::{Board, Move, MoveList, Position};
use crate::variant::{Promotion, Variant};
use crate::{Cell, CellSet};

/// Receives generated moves: whole batches of targets on the fast path, single moves otherwise.
trait Sink {
    fn batch(&mut self, from: Cell, targets: CellSet, promo: Option<(&Promotion, CellSet)>);
    fn one(&mut self, m: Move);
}

impl Sink for MoveList {
    fn batch(&mut self, from: Cell, targets: CellSet, promo: Option<(&Promotion, CellSet)>) {
        for to in targets.iter() {
            for_each_promotion(from, to, promo, |m| self.push(m));
        }
    }
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

struct Counter(u64);

impl Sink for Counter {
    fn batch(&mut self, _from: Cell, targets: CellSet, promo: Option<(&Promotion, CellSet)>) {
        self.0 += targets.count() as u64;
        if let Some((p, zone)) = promo {
            let extra = p.choices.len() as u64 + p.optional as u64 - 1;
            self.0 += (targets & zone).count() as u64 * extra;
        }
    }
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Calls `f` with the move from `from` to `to` once per promotion choice it offers.
#[inline]
fn for_each_promotion(from: Cell, to: Cell, promo: Option<(&Promotion, CellSet)>, mut f: impl FnMut(Move)) {
    match promo {
        Some((p, zone)) if zone.has(to) => {
            if p.optional {
                f(Move::new(from, to));
            }
            for &k in &p.choices {
                f(Move::promoting(from, to, k));
            }
        }
        _ => f(Move::new(from, to)),
    }
}

impl Board {
    /// Cells the piece on `from` may move to, before royal safety is considered.
    #[inline]
    pub(crate) fn targets(&self, v: &Variant, from: Cell, side: usize, kind: usize) -> CellSet {
        let g = &v.geometry;
        let own = self.by_color[side];
        let enemy = self.by_color[1 - side];
        let occ = own | enemy;
        let mut out = CellSet::EMPTY;
        for grp in &v.tables.groups[side][kind] {
            if (grp.initial && !self.virgin.has(from)) || (grp.unchecked && self.checked.has(from)) {
                continue;
            }
            let mut t = if grp.leaps.is_empty() { CellSet::EMPTY } else { grp.leaps[from as usize] };
            for &d in &grp.slides {
                t |= g.slide(from, d, occ);
            }
            for e in &grp.exact {
                if let Some((to, between)) = e.0[from as usize] {
                    if (between & occ).is_empty() {
                        t.insert(to);
                    }
                }
            }
            out |= match grp.action {
                Action::MoveOrCapture => t & !own,
                Action::MoveOnly => t & !occ,
                Action::CaptureOnly => t & enemy,
            };
        }
        out & g.all()
    }

    /// Plays the move on this scratch board and reports whether the mover's royals are safe.
    fn is_legal_probe(&mut self, v: &Variant, m: Move) -> bool {
        let mover = self.stm;
        let u = self.make(v, m);
        let ok = self.royals_attacked(v, mover).is_empty();
        self.unmake(v, u);
        ok
    }
}

/// Pieces pinned to the single royal piece `king`, with the cells each may still move to.
struct Pins {
    pinned: CellSet,
    rays: [(Cell, CellSet); 16],
    len: usize,
}

impl Pins {
    fn find(b: &Board, v: &Variant, king: Cell) -> Pins {
        let g = &v.geometry;
        let us = b.stm.index();
        let own = b.by_color[us];
        let enemy = b.by_color[1 - us];
        let occ = own | enemy;
        let mut pins = Pins { pinned: CellSet::EMPTY, rays: [(0, CellSet::EMPTY); 16], len: 0 };
        for d in 0..g.dirs.len() {
            let Some(b1) = g.first_blocker(king, d, occ) else {
                continue;
            };
            if !own.has(b1) {
                continue;
            }
            let Some(b2) = g.first_blocker(b1, d, occ) else {
                continue;
            };
            if enemy.has(b2) && b.reaches(v, b2, king, occ ^ CellSet::single(b1)) && pins.len < 16 {
                pins.pinned.insert(b1);
                pins.rays[pins.len] = (b1, g.ray(king, d) ^ g.ray(b2, d));
                pins.len += 1;
            }
        }
        pins
    }

    fn ray(&self, c: Cell) -> CellSet {
        self.rays[..self.len].iter().find(|(p, _)| *p == c).map_or(CellSet::EMPTY, |(_, r)| *r)
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves, counted without listing them where possible.
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    fn generate<S: Sink>(&self, sink: &mut S) {
        let v: &Variant = self.variant();
        let b = &self.board;
        let us = b.stm.index();
        let royals = b.royals(v, b.stm);
        let fast = royals.count() == 1 && b.in_check.is_empty();
        let pins = match royals.first() {
            Some(k) if fast => Pins::find(b, v, k),
            _ => Pins { pinned: CellSet::EMPTY, rays: [(0, CellSet::EMPTY); 16], len: 0 },
        };
        let mut scratch: Option<Board> = None;
        for (k, kind) in v.kinds.iter().enumerate() {
            let pieces = b.by_kind[k] & b.by_color[us];
            if pieces.is_empty() {
                continue;
            }
            let promo = kind.promotion.as_ref().map(|p| (p, p.zone[us]));
            for from in pieces.iter() {
                let mut t = b.targets(v, from, us, k);
                if t.is_empty() {
                    continue;
                }
                if fast && !kind.royal {
                    if pins.pinned.has(from) {
                        t &= pins.ray(from);
                    }
                    sink.batch(from, t, promo);
                } else {
                    let probe = scratch.get_or_insert_with(|| b.clone());
                    for to in t.iter() {
                        for_each_promotion(from, to, promo, |m| {
                            if probe.is_legal_probe(v, m) {
                                sink.one(m);
                            }
                        });
                    }
                }
            }
        }
    }
}
