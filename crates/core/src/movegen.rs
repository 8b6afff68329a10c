//! Legal move generation.
//!
//! Targets come from the compiled mode tables as cell sets. Legality follows the rules' own
//! definition (docs/rules.md, "Legality": after the move, with the opponent's jump right updated,
//! no royal piece of the mover may be capturable), with one fast path: when the side to move has a
//! single royal piece that is not in check, a non-royal move can only expose it along a line, so
//! pinned pieces are restricted to their pin line and every other move is legal (a partition
//! leaves part of the stack on its cell, so it exposes nothing). Everything else (royal moves,
//! check evasions, castling, en passant, checking pawn drops, boards where slides pass over a
//! piece) is probed by make/unmake on a scratch copy. Draughts-style games
//! ([`Capturing::Jump`]) generate capture chains, which are compulsory (`chains.rs`).

use crate::board::Board;
use crate::kinds::{Capturing, Royal};
use crate::modes::Action;
use crate::moves::{Move, MoveList, Special};
use crate::position::Position;
use crate::tables::{Group, KindReach};
use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Kind};

/// The reached cells a group's action may land on: empty or enemy, empty only, enemy only.
#[inline(always)]
fn kept(action: Action, t: CellSet, own: CellSet, enemy: CellSet) -> CellSet {
    match action {
        Action::MoveOrCapture => t & !own,
        Action::MoveOnly => t & !(own | enemy),
        Action::CaptureOnly => t & enemy,
    }
}

/// Cells of slides that may pass over one occupied cell (`jO`): up to the first piece, and on
/// from it up to the second. Rare, so out of line.
#[inline(never)]
fn hop_reach(g: &crate::Geometry, grp: &Group, from: Cell, occ: CellSet) -> CellSet {
    let mut t = CellSet::EMPTY;
    for &d in &grp.hop_slides {
        t |= g.slide(from, d, occ);
        if let Some(screen) = g.first_blocker(from, d, occ) {
            t |= g.slide(screen, d, occ);
        }
    }
    t
}

/// Receives generated moves: whole batches of targets on the fast path, single moves otherwise.
trait Sink {
    /// `blocked`: kinds a promotion may not produce now (see `Board::promotion_blocked`).
    fn batch(&mut self, v: &Variant, from: Cell, targets: CellSet, kind: Kind, side: Color, blocked: u64);
    fn one(&mut self, m: Move);
    /// Partitions: `part` of the stack on `from` to each of `targets`.
    fn parts(&mut self, from: Cell, targets: CellSet, part: Kind) {
        for to in targets.iter() {
            self.one(Move { from, to, promotion: None, special: Special::Part(part) });
        }
    }
    /// Whether generation may stop (a legal move was found and only existence matters).
    fn done(&self) -> bool {
        false
    }
}

impl Sink for MoveList {
    fn batch(&mut self, v: &Variant, from: Cell, targets: CellSet, kind: Kind, side: Color, blocked: u64) {
        for to in targets.iter() {
            v.for_each_promotion(kind, side, from, to, blocked, |p| {
                self.push(Move { from, to, promotion: p, special: Special::None })
            });
        }
    }
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

struct Counter(u64);

impl Sink for Counter {
    fn batch(&mut self, v: &Variant, from: Cell, targets: CellSet, kind: Kind, side: Color, blocked: u64) {
        let zone = v.promotion_cells[kind as usize][side.index()];
        let leaving = zone.has(from) && v.kinds[kind as usize].promotion.iter().any(|z| z.on_leaving);
        if leaving {
            for to in targets.iter() {
                v.for_each_promotion(kind, side, from, to, blocked, |_| self.0 += 1);
            }
        } else {
            self.0 += (targets & !zone).count() as u64;
            for to in (targets & zone).iter() {
                v.for_each_promotion(kind, side, from, to, blocked, |_| self.0 += 1);
            }
        }
    }
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
    fn parts(&mut self, _from: Cell, targets: CellSet, _part: Kind) {
        self.0 += targets.count() as u64;
    }
}

/// Stops at the first legal move.
struct Exists(bool);

impl Sink for Exists {
    fn batch(
        &mut self,
        _v: &Variant,
        _from: Cell,
        targets: CellSet,
        _kind: Kind,
        _side: Color,
        _blocked: u64,
    ) {
        self.0 |= targets.any();
    }
    fn one(&mut self, _m: Move) {
        self.0 = true;
    }
    fn parts(&mut self, _from: Cell, targets: CellSet, _part: Kind) {
        self.0 |= targets.any();
    }
    fn done(&self) -> bool {
        self.0
    }
}

impl Board {
    /// Cells the whole piece on `from` may move to — captures, and merges onto own stacks where
    /// the union is a stack of the game — before royal safety is considered.
    ///
    /// The hottest function of move generation: the unconditional leaps and slides of a kind
    /// are merged per action at compile time ([`KindReach`]), so a piece costs one table
    /// lookup and its slide directions; games of stacks take their own path.
    #[inline]
    pub(crate) fn targets(&self, v: &Variant, from: Cell, side: usize, kind: usize) -> CellSet {
        if v.stacks.any {
            return self.stack_targets(v, from, side, kind);
        }
        let g = &v.geometry;
        let own = self.by_color[side];
        let enemy = self.by_color[1 - side];
        let occ = own | enemy;
        let r: &KindReach = &v.tables.reach[side][kind];
        let [mut any, mut quiet, mut capture] =
            r.leaps.each_ref().map(|l| if l.is_empty() { CellSet::EMPTY } else { l[from as usize] });
        for &d in &r.slides[0] {
            any |= g.slide(from, d, occ);
        }
        for &d in &r.slides[1] {
            quiet |= g.slide(from, d, occ);
        }
        for &d in &r.slides[2] {
            capture |= g.slide(from, d, occ);
        }
        let mut out = (any & !own) | (quiet & !occ) | (capture & enemy);
        for grp in &r.rest {
            if grp.active(self, from) {
                out |= kept(grp.action, self.reach(v, grp, from, side, own, occ), own, enemy);
            }
        }
        out & g.all()
    }

    /// [`Board::targets`] in a game of stacks: moves onto own stacks merge where the union is a
    /// stack of the game.
    #[inline(never)]
    fn stack_targets(&self, v: &Variant, from: Cell, side: usize, kind: usize) -> CellSet {
        let own = self.by_color[side];
        let enemy = self.by_color[1 - side];
        let occ = own | enemy;
        let mut out = CellSet::EMPTY;
        let mut onto_own = CellSet::EMPTY;
        for grp in &v.tables.groups[side][kind] {
            if !grp.active(self, from) {
                continue;
            }
            let t = self.reach(v, grp, from, side, own, occ);
            out |= kept(grp.action, t, own, enemy);
            if grp.action != Action::CaptureOnly {
                onto_own |= t & own;
            }
        }
        if onto_own.any() {
            out |= onto_own & self.merge_partners(v, side, kind);
        }
        out & v.geometry.all()
    }

    /// Every cell one group of modes reaches from `from`, whatever stands there.
    #[inline(always)]
    fn reach(
        &self,
        v: &Variant,
        grp: &Group,
        from: Cell,
        side: usize,
        own: CellSet,
        occ: CellSet,
    ) -> CellSet {
        let g = &v.geometry;
        let mut t = if grp.leaps.is_empty() { CellSet::EMPTY } else { grp.leaps[from as usize] };
        for &d in &grp.slides {
            t |= g.slide(from, d, occ);
        }
        if !grp.hop_slides.is_empty() {
            t |= hop_reach(g, grp, from, occ);
        }
        for e in &grp.exact {
            if let Some((to, between)) = e.0[from as usize] {
                let path_ok = if grp.over_own {
                    between.any() && (between & !own).is_empty()
                } else if grp.over_any {
                    between.any() && (between & !occ).is_empty()
                } else {
                    (between & occ).is_empty()
                };
                if path_ok && (!grp.safe || self.passage_safe(v, between, side, occ)) {
                    t.insert(to);
                }
            }
        }
        t
    }

    /// Whether no cell a `safe` move passes over is attacked by the other side.
    #[inline(never)]
    fn passage_safe(&self, v: &Variant, between: CellSet, side: usize, occ: CellSet) -> bool {
        between.iter().all(|c| !self.attacked(v, c, Color::from_index(1 - side), occ))
    }

    /// Own cells holding a stack that the stack of `kind` may merge with.
    fn merge_partners(&self, v: &Variant, side: usize, kind: usize) -> CellSet {
        let mut mask = v.stacks.merges_onto[kind];
        let mut out = CellSet::EMPTY;
        while mask != 0 {
            out |= self.by_kind[mask.trailing_zeros() as usize];
            mask &= mask - 1;
        }
        out & self.by_color[side]
    }

    /// Kinds the side to move may not promote to now, having as many as the rules allow.
    fn promotion_blocked(&self, v: &Variant) -> u64 {
        let own = self.by_color[self.stm.index()];
        v.kinds
            .iter()
            .enumerate()
            .filter(|(k, kind)| kind.max_count.is_some_and(|n| (self.by_kind[*k] & own).count() >= n as u32))
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// Plays the move on this scratch board and reports whether it is legal.
    fn is_legal_probe(&mut self, v: &Variant, m: Move) -> bool {
        let mover = self.stm;
        let u = self.make_probe(v, m);
        let royals = self.royals(v, mover);
        let mut ok = match v.rules.royal {
            // With several royal pieces (Brilliant chess) one may be left attacked, not all.
            Royal::Check => royals.is_empty() || self.royals_attacked(v, mover) != royals,
            Royal::Capture => !v.rules.keep_royal || v.tables.royal_kinds == 0 || royals.any(),
        };
        if ok && self.in_check.any() {
            if let Special::Drop(k) = m.special {
                if v.kinds[k as usize].drop.no_mate {
                    // A drop of this kind may check but not mate.
                    let mut e = Exists(false);
                    self.generate(v, &mut e);
                    ok = e.0;
                }
            }
        }
        self.unmake(u);
        ok
    }

    /// Cells whose pieces may move now: all of the side's, or — with royal gating — those in a
    /// region where one of its royal pieces stands.
    fn movable(&self, v: &Variant, royals: CellSet) -> CellSet {
        let own = self.by_color[self.stm.index()];
        if !v.rules.royal_gating {
            return own;
        }
        let g = &v.geometry;
        (0..g.region_count())
            .map(|r| g.region_set(r))
            .filter(|&set| (set & royals).any())
            .fold(CellSet::EMPTY, |a, b| a | b)
            & own
    }

    fn generate<S: Sink>(&self, v: &Variant, sink: &mut S) {
        let royals = self.royals(v, self.stm);
        if v.rules.royal == Royal::Capture && v.tables.royal_kinds != 0 && royals.is_empty() {
            return; // the game ended when the last royal piece was taken
        }
        if v.rules.capturing == Capturing::Jump && self.generate_chains(v, sink) {
            return; // capture is compulsory
        }
        let us = self.stm.index();
        let them = 1 - us;
        let check_rules = v.rules.royal == Royal::Check;
        let fast = !check_rules
            || (royals.count() == 1 && self.in_check.is_empty() && !v.tables.hop_attackers[them]);
        let pins = match royals.first() {
            Some(k) if fast && check_rules => Pins::find(self, v, k),
            _ => Pins::none(),
        };
        // Splitting or merging away one's last royal piece (Pyramids' pharaon) is illegal.
        // (Only stacks can merge or split, so other games never look at it.)
        let last_royal =
            if v.stacks.any && v.rules.keep_royal && royals.count() == 1 { royals } else { CellSet::EMPTY };
        let movable = self.movable(v, royals);
        let empty = v.geometry.all() & !self.occupied();
        let mut scratch: Option<Board> = None;
        let blocked = self.promotion_blocked(v);
        for (k, kind) in v.kinds.iter().enumerate() {
            let pieces = self.by_kind[k] & movable;
            for from in pieces.iter() {
                if sink.done() {
                    return;
                }
                let mut t = self.targets(v, from, us, k);
                if last_royal.any() && last_royal.has(from) {
                    t &= !self.by_color[us] | self.royal_unions(v, k);
                }
                if t.any() {
                    if fast && (!kind.royal || !check_rules) {
                        if pins.pinned.has(from) {
                            t &= pins.ray(self, v, from);
                        }
                        sink.batch(v, from, t, k as Kind, self.stm, blocked);
                    } else {
                        let probe = scratch.get_or_insert_with(|| self.clone());
                        for to in t.iter() {
                            v.for_each_promotion(k as Kind, self.stm, from, to, blocked, |p| {
                                let m = Move { from, to, promotion: p, special: Special::None };
                                if probe.is_legal_probe(v, m) {
                                    sink.one(m);
                                }
                            });
                        }
                    }
                }
                if !v.stacks.any {
                    continue;
                }
                for &(part, rest) in v.stack_parts(k as Kind) {
                    if last_royal.has(from) && !v.kinds[rest as usize].royal && !v.kinds[part as usize].royal
                    {
                        continue;
                    }
                    let t = self.targets(v, from, us, part as usize) & empty;
                    if t.is_empty() {
                        continue;
                    }
                    if fast && (!kind.royal || !check_rules) {
                        sink.parts(from, t, part);
                    } else {
                        let probe = scratch.get_or_insert_with(|| self.clone());
                        for to in t.iter() {
                            let m = Move { from, to, promotion: None, special: Special::Part(part) };
                            if probe.is_legal_probe(v, m) {
                                sink.one(m);
                            }
                        }
                    }
                }
            }
        }
        // En passant, castling and drops are rare: always probed.
        if let Some((target, victim)) = self.ep {
            let occ = self.occupied();
            for k in (0..v.kinds.len()).filter(|&k| v.kinds[k].en_passant) {
                for from in (self.by_kind[k] & movable).iter() {
                    if self.en_passant_reach(v, from, self.stm, occ).has(target) {
                        let probe = scratch.get_or_insert_with(|| self.clone());
                        v.for_each_promotion(k as Kind, self.stm, from, target, blocked, |p| {
                            let m =
                                Move { from, to: target, promotion: p, special: Special::EnPassant(victim) };
                            if probe.is_legal_probe(v, m) {
                                sink.one(m);
                            }
                        });
                    }
                }
            }
        }
        for (i, c) in v.rules.castlings.iter().enumerate() {
            if c.side == self.stm && movable.has(c.king.0) && self.castling_allowed(v, c) {
                let m =
                    Move { from: c.king.0, to: c.king.1, promotion: None, special: Special::Castle(i as u8) };
                let probe = scratch.get_or_insert_with(|| self.clone());
                if probe.is_legal_probe(v, m) {
                    sink.one(m);
                }
            }
        }
        if v.rules.drops {
            self.generate_drops(v, sink, &mut scratch);
        }
    }

    /// Own cells a royal stack of `kind` may merge onto and stay royal.
    fn royal_unions(&self, v: &Variant, kind: usize) -> CellSet {
        let own = self.by_color[self.stm.index()];
        own.iter()
            .filter(|&c| {
                self.piece(c)
                    .and_then(|p| v.stack_union(kind as Kind, p.kind))
                    .is_some_and(|u| v.kinds[u as usize].royal)
            })
            .collect()
    }

    fn castling_allowed(&self, v: &Variant, c: &crate::kinds::Castling) -> bool {
        let us = self.stm;
        let mine = |cell: Cell| self.piece(cell).is_some_and(|p| p.color == us) && self.virgin.has(cell);
        if !mine(c.king.0) || !self.piece(c.king.0).is_some_and(|p| v.kinds[p.kind as usize].royal) {
            return false;
        }
        if !c.rooks.iter().all(|&(from, _)| mine(from)) || (c.empty & self.occupied()).any() {
            return false;
        }
        let occ = self.occupied();
        self.in_check.is_empty() && c.safe.iter().all(|s| !self.attacked(v, s, us.other(), occ))
    }

    fn generate_drops<S: Sink>(&self, v: &Variant, sink: &mut S, scratch: &mut Option<Board>) {
        let us = self.stm;
        let empty = v.geometry.all() & !self.occupied();
        for (k, kind) in v.kinds.iter().enumerate() {
            if self.hands[us.index()][k] == 0 {
                continue;
            }
            let mut t = empty & !kind.drop.forbidden[us.index()];
            if kind.drop.one_per_file {
                for c in (self.by_kind[k] & self.by_color[us.index()]).iter() {
                    t &= !v.geometry.file_of(c);
                }
            }
            let probe_all = self.in_check.any() || v.rules.royal == Royal::Check && kind.drop.no_mate;
            for to in t.iter() {
                let m = Move { from: to, to, promotion: None, special: Special::Drop(k as Kind) };
                if !probe_all || scratch.get_or_insert_with(|| self.clone()).is_legal_probe(v, m) {
                    sink.one(m);
                }
            }
        }
    }

    /// Draughts-style captures: every capture chain of the side to move into the sink; whether
    /// there was any (then nothing else is legal).
    fn generate_chains<S: Sink>(&self, v: &Variant, sink: &mut S) -> bool {
        let mut any = false;
        self.capture_chains(v, self.stm, |m, _| {
            any = true;
            sink.one(m);
        });
        any
    }
}

/// Pieces pinned to the single royal piece `king`: each may move only along the line from the
/// royal piece to its pinner.
struct Pins {
    pinned: CellSet,
    king: Cell,
}

impl Pins {
    fn none() -> Pins {
        Pins { pinned: CellSet::EMPTY, king: 0 }
    }

    fn find(b: &Board, v: &Variant, king: Cell) -> Pins {
        let g = &v.geometry;
        let us = b.stm.index();
        let own = b.by_color[us];
        let enemy = b.by_color[1 - us];
        let occ = own | enemy;
        let mut pins = Pins { pinned: CellSet::EMPTY, king };
        for d in 0..g.dirs.len() {
            let Some(b1) = g.first_blocker(king, d, occ) else { continue };
            if !own.has(b1) {
                continue;
            }
            let Some(b2) = g.first_blocker(b1, d, occ) else { continue };
            if enemy.has(b2) && b.reaches(v, b2, king, occ ^ CellSet::single(b1)) {
                pins.pinned.insert(b1);
            }
        }
        pins
    }

    /// The cells the pinned piece on `c` may still move to: its line up to the pinner.
    fn ray(&self, b: &Board, v: &Variant, c: Cell) -> CellSet {
        let g = &v.geometry;
        let occ = b.occupied();
        (0..g.dirs.len())
            .find(|&d| g.ray(self.king, d).has(c))
            .and_then(|d| g.first_blocker(c, d, occ).map(|pinner| g.ray(self.king, d) ^ g.ray(pinner, d)))
            .unwrap_or(CellSet::EMPTY)
    }
}

impl Position {
    /// All legal moves.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        if let Some((t, p)) = self.poly() {
            return p.moves(t);
        }
        let mut list = MoveList::new();
        self.board.generate(self.variant(), &mut list);
        list
    }

    /// The number of legal moves, counted without listing them where possible.
    pub fn count_legal(&self) -> u64 {
        if let Some((t, p)) = self.poly() {
            return p.moves(t).len() as u64;
        }
        let mut c = Counter(0);
        self.board.generate(self.variant(), &mut c);
        c.0
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        if let Some((t, p)) = self.poly() {
            return p.has_move(t);
        }
        let mut e = Exists(false);
        self.board.generate(self.variant(), &mut e);
        e.0
    }
}

impl Variant {
    /// Average number of cells a lone piece of `kind` reaches from every cell of an empty board
    /// (first-move and jump-right modes included) — the raw mobility behind material values.
    pub fn empty_board_mobility(&self, kind: Kind, side: Color) -> f64 {
        if let Some((t, _)) = &self.poly {
            return t.mobility(kind);
        }
        let mut b = Board::empty();
        let n = self.geometry.len();
        let mut total = 0u64;
        for c in 0..n as Cell {
            b.virgin = CellSet::single(c);
            total += b.targets(self, c, side.index(), kind as usize).count() as u64;
        }
        total as f64 / n as f64
    }
}
