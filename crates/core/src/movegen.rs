//! Legal move generation.
//!
//! Targets come from the compiled mode tables as cell sets. Legality follows the rules' own
//! definition (GAMES.md Decision 3: after the move, with the opponent's jump right updated, no
//! royal piece of the mover may be capturable), with one fast path: when the side to move has a
//! single royal piece that is not in check, a non-royal move can only expose it along a line, so
//! pinned pieces are restricted to their pin line and every other move is legal. Everything else
//! (royal moves, check evasions, castling, en passant, checking pawn drops) is probed by
//! make/unmake on a scratch copy. Draughts-style games ([`Capturing::Jump`]) generate capture
//! chains, which are compulsory.

use crate::board::Board;
use crate::modes::Action;
use crate::moves::{Move, MoveList, Path, Special};
use crate::position::Position;
use crate::tables::JumpMode;
use crate::variant::{Capturing, Royal, Variant};
use crate::{Cell, CellSet, Color, Kind};

/// Receives generated moves: whole batches of targets on the fast path, single moves otherwise.
trait Sink {
    /// `blocked`: kinds a promotion may not produce now (see `Board::promotion_blocked`).
    fn batch(&mut self, v: &Variant, from: Cell, targets: CellSet, kind: Kind, side: Color, blocked: u64);
    fn one(&mut self, m: Move);
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
    fn done(&self) -> bool {
        self.0
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
                    let path_ok = if grp.over_own {
                        between.any() && (between & !own).is_empty()
                    } else {
                        (between & occ).is_empty()
                    };
                    let safe_ok = !grp.safe
                        || between.iter().all(|c| !self.attacked(v, c, Color::from_index(1 - side), occ));
                    if path_ok && safe_ok {
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

    /// Enemy pieces the piece of `kind` on `from` could jump over now: the first capture of a
    /// draughts-style chain (what the evaluation calls a threat in cheskers).
    pub(crate) fn jump_threats(&self, v: &Variant, from: Cell, side: usize, kind: usize) -> CellSet {
        let g = &v.geometry;
        let occ = self.occupied();
        let enemy = self.by_color[1 - side];
        let mut out = CellSet::EMPTY;
        for jm in &v.tables.jumps[side][kind] {
            for &d in &jm.dirs {
                if let Some((victim, mut landings)) = jump_over(g, jm, from, d, occ, enemy) {
                    if landings.next().is_some() {
                        out.insert(victim);
                    }
                }
            }
        }
        out
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
        let u = self.make(v, m);
        // With several royal pieces (Brilliant chess) one may be left attacked, not all.
        let royals = self.royals(v, mover);
        let mut ok = royals.is_empty() || self.royals_attacked(v, mover) != royals;
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
        self.unmake(v, u);
        ok
    }

    fn generate<S: Sink>(&self, v: &Variant, sink: &mut S) {
        if v.rules.royal == Royal::Capture && v.tables.royal_kinds != 0 && self.royals(v, self.stm).is_empty()
        {
            return; // the game ended when the last royal piece was taken
        }
        if v.rules.capturing == Capturing::Jump {
            return self.generate_jumping(v, sink);
        }
        let us = self.stm.index();
        let royals = self.royals(v, self.stm);
        let unchecked_rules = v.rules.royal != Royal::Check;
        let fast = unchecked_rules || (royals.count() == 1 && self.in_check.is_empty());
        let pins = match royals.first() {
            Some(k) if fast && !unchecked_rules => Pins::find(self, v, k),
            _ => Pins::none(),
        };
        let mut scratch: Option<Board> = None;
        let blocked = self.promotion_blocked(v);
        for (k, kind) in v.kinds.iter().enumerate() {
            let pieces = self.by_kind[k] & self.by_color[us];
            for from in pieces.iter() {
                if sink.done() {
                    return;
                }
                let mut t = self.targets(v, from, us, k);
                if t.is_empty() {
                    continue;
                }
                if fast && (!kind.royal || unchecked_rules) {
                    if pins.pinned.has(from) {
                        t &= pins.ray(from);
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
        }
        // En passant, castling and drops are rare: always probed.
        if let Some((target, victim)) = self.ep {
            let occ = self.occupied();
            for k in (0..v.kinds.len()).filter(|&k| v.kinds[k].en_passant) {
                for from in (self.by_kind[k] & self.by_color[us]).iter() {
                    if self.capture_reach(v, from, self.stm, occ).has(target) {
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
            if c.side == self.stm && self.castling_allowed(v, c) {
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

    fn castling_allowed(&self, v: &Variant, c: &crate::variant::Castling) -> bool {
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

    /// Draughts-style generation: if any capture chain exists, only capture chains are legal.
    fn generate_jumping<S: Sink>(&self, v: &Variant, sink: &mut S) {
        let us = self.stm.index();
        let mut list = MoveList::new();
        for k in 0..v.kinds.len() {
            if v.tables.jumps[us][k].is_empty() {
                continue;
            }
            for from in (self.by_kind[k] & self.by_color[us]).iter() {
                let mut occ = self.occupied();
                occ.remove(from);
                self.jump_chains(v, k, from, from, occ, Path::new(), v.kinds[k].chains, &mut list);
            }
        }
        if !list.is_empty() {
            for &m in list.iter() {
                sink.one(m);
            }
            return;
        }
        for k in 0..v.kinds.len() {
            for from in (self.by_kind[k] & self.by_color[us]).iter() {
                let t = self.targets(v, from, us, k);
                if t.any() {
                    sink.batch(v, from, t, k as Kind, self.stm, 0);
                }
            }
        }
    }

    /// Extends a capture chain of the piece that started on `origin` and now stands on `at`
    /// (`path`: its landings so far, `at` included unless it is the origin; `occ`: the board with
    /// the piece lifted and the pieces it took already removed). Returns whether any jump was
    /// possible from `at`: a chain piece must continue while it can.
    #[allow(clippy::too_many_arguments)]
    fn jump_chains(
        &self,
        v: &Variant,
        kind: usize,
        origin: Cell,
        at: Cell,
        occ: CellSet,
        path: Path,
        chain: bool,
        out: &mut MoveList,
    ) -> bool {
        let g = &v.geometry;
        let us = self.stm.index();
        let enemy = self.by_color[1 - us];
        let mut any = false;
        for jm in &v.tables.jumps[us][kind] {
            for &d in &jm.dirs {
                let Some((victim, landings)) = jump_over(g, jm, at, d, occ, enemy) else { continue };
                let after = occ ^ CellSet::single(victim);
                // Landings first, so that the Russian-draughts option can drop the ones that end
                // the chain when another one lets it go on.
                let mut ended = Vec::new();
                let mut went_on = false;
                for &land in landings {
                    any = true;
                    let mut next = path;
                    let room = next.push(land);
                    if chain && room && self.jump_chains(v, kind, origin, land, after, next, chain, out) {
                        went_on = true;
                    } else {
                        ended.push(land);
                    }
                }
                if went_on && v.rules.landing_must_continue {
                    continue;
                }
                for land in ended {
                    v.for_each_promotion(kind as Kind, self.stm, origin, land, 0, |pr| {
                        out.push(Move {
                            from: origin,
                            to: land,
                            promotion: pr,
                            special: Special::Chain(path),
                        })
                    });
                }
            }
        }
        any
    }
}

/// One draughts-style jump from `at` along direction `d`: the enemy piece jumped over and the
/// free cells beyond it where the jumper may land (only the next one unless it flies). Shared by
/// the capture chains and the evaluation's threats, so both read the jump rule the same way.
fn jump_over<'g>(
    g: &'g crate::Geometry,
    jm: &JumpMode,
    at: Cell,
    d: usize,
    occ: CellSet,
    enemy: CellSet,
) -> Option<(Cell, impl Iterator<Item = &'g Cell>)> {
    let ray = g.ray_cells(at, d);
    let victim = g.first_blocker(at, d, occ)?;
    if !enemy.has(victim) || (!jm.flying && ray.first() != Some(&victim)) {
        return None;
    }
    let beyond = ray.iter().skip_while(move |&&c| c != victim).skip(1);
    Some((victim, beyond.take_while(move |&&c| !occ.has(c)).take(if jm.flying { usize::MAX } else { 1 })))
}

/// Pieces pinned to the single royal piece `king`, with the cells each may still move to.
struct Pins {
    pinned: CellSet,
    rays: [(Cell, CellSet); 16],
    len: usize,
}

impl Pins {
    fn none() -> Pins {
        Pins { pinned: CellSet::EMPTY, rays: [(0, CellSet::EMPTY); 16], len: 0 }
    }

    fn find(b: &Board, v: &Variant, king: Cell) -> Pins {
        let g = &v.geometry;
        let us = b.stm.index();
        let own = b.by_color[us];
        let enemy = b.by_color[1 - us];
        let occ = own | enemy;
        let mut pins = Pins::none();
        for d in 0..g.dirs.len() {
            let Some(b1) = g.first_blocker(king, d, occ) else { continue };
            if !own.has(b1) {
                continue;
            }
            let Some(b2) = g.first_blocker(b1, d, occ) else { continue };
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
        self.board.generate(self.variant(), &mut list);
        list
    }

    /// The number of legal moves, counted without listing them where possible.
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.board.generate(self.variant(), &mut c);
        c.0
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut e = Exists(false);
        self.board.generate(self.variant(), &mut e);
        e.0
    }
}
