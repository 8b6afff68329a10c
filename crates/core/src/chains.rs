//! Draughts-style capture chains ([`Capturing::Jump`]): a piece jumps over an enemy piece onto a
//! free cell beyond it and, by its [`ChainRule`], may or must jump on from there. The variant says
//! whether jumped pieces leave at once (Russian cheskers) or stay until the move ends, blocking
//! and jumpable once (Pyramids), and whether a flying piece must pick a landing cell that goes on.
//! See docs/rules.md (cheskers, Pyramids' draughts-style variants).

use crate::board::Board;
use crate::kinds::{Capturing, ChainRule};
use crate::moves::{Move, Path, Special};
use crate::tables::{merge_jumps, JumpDir};
use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Kind};

/// The jumps from `at` along `dirs` (one entry per direction): calls `f` with the piece jumped
/// and the free cells the jumper may land on.
fn jumps_from(
    v: &Variant,
    dirs: &[JumpDir],
    at: Cell,
    occ: CellSet,
    jumpable: CellSet,
    mut f: impl FnMut(Cell, CellSet),
) {
    let g = &v.geometry;
    for j in dirs {
        let Some(victim) = g.first_blocker(at, j.dir, occ).filter(|&c| jumpable.has(c)) else { continue };
        let landings = if j.flying {
            g.slide(victim, j.dir, occ) & !occ
        } else if g.ray_cells(at, j.dir).first() == Some(&victim) {
            g.ray_cells(victim, j.dir)
                .first()
                .filter(|&&c| !occ.has(c))
                .map_or(CellSet::EMPTY, |&c| CellSet::single(c))
        } else {
            CellSet::EMPTY
        };
        if landings.any() {
            f(victim, landings);
        }
    }
}

/// Which modes the next jump of a chain may use.
#[derive(Clone, Copy)]
enum Next {
    /// Any jump mode of the piece.
    Any,
    /// The second jump of a pair: bit `2i + j` allows member `j` of pair `i`.
    Partners(u64),
}

struct ChainSearch<'a, F: FnMut(Move, CellSet)> {
    b: &'a Board,
    v: &'a Variant,
    side: Color,
    kind: usize,
    origin: Cell,
    stay: bool,
    out: F,
}

impl<'a, F: FnMut(Move, CellSet)> ChainSearch<'a, F> {
    /// The jump modes a step may use: all the piece's, or (second jump of a pair) the allowed
    /// members' — a short list copied only in that rare case.
    fn modes(&self, next: Next) -> std::borrow::Cow<'a, [JumpDir]> {
        let t = &self.v.tables;
        let s = self.side.index();
        match next {
            Next::Any => std::borrow::Cow::Borrowed(&t.jumps[s][self.kind]),
            Next::Partners(bits) => {
                let mut out = Vec::new();
                for (i, pair) in t.pairs[s][self.kind].iter().enumerate() {
                    for (j, members) in pair.iter().enumerate() {
                        if bits >> (2 * i + j) & 1 != 0 {
                            out.extend(members.iter().copied());
                        }
                    }
                }
                std::borrow::Cow::Owned(merge_jumps(out))
            }
        }
    }

    /// The pair members whose modes a second jump may use after a first jump from `at` over
    /// `victim` to `land`: the partner of every member that fits the first jump.
    fn partners_after(&self, at: Cell, occ: CellSet, jumpable: CellSet, victim: Cell, land: Cell) -> u64 {
        let mut bits = 0;
        for (i, pair) in self.v.tables.pairs[self.side.index()][self.kind].iter().enumerate() {
            for (j, members) in pair.iter().enumerate() {
                let mut fits = false;
                jumps_from(self.v, members, at, occ, jumpable, |x, landings| {
                    fits |= x == victim && landings.has(land)
                });
                if fits {
                    bits |= 1 << (2 * i + (1 - j));
                }
            }
        }
        bits
    }

    /// Extends the chain standing on `at` (`path`: its landings so far; `occ`: the board as the
    /// chain sees it, the jumper lifted; `jumpable`: enemies it may still jump; `taken`: what it
    /// took). Returns whether any jump was possible from `at`.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        at: Cell,
        occ: CellSet,
        jumpable: CellSet,
        taken: CellSet,
        path: Path,
        next: Next,
        first: bool,
    ) -> bool {
        let modes = self.modes(next);
        let v = self.v;
        let mut any = false;
        jumps_from(v, &modes, at, occ, jumpable, |victim, landings| {
            let one = CellSet::single(victim);
            let (occ2, jumpable2) = if self.stay { (occ, jumpable & !one) } else { (occ ^ one, jumpable) };
            let taken2 = taken | one;
            let mut ended = CellSet::EMPTY;
            let mut went_on = false;
            for land in landings.iter() {
                any = true;
                let follow = match (&v.kinds[self.kind].chain, first) {
                    (ChainRule::Unlimited, _) => Some(Next::Any),
                    (ChainRule::Pairs(_), true) => {
                        Some(Next::Partners(self.partners_after(at, occ, jumpable, victim, land)))
                    }
                    _ => None,
                };
                let continued = follow.is_some_and(|n| {
                    let mut next_path = path;
                    next_path.push(land);
                    self.extend(land, occ2, jumpable2, taken2, next_path, n, false)
                });
                if continued {
                    went_on = true;
                } else {
                    ended.insert(land);
                }
            }
            if went_on && v.rules.landing_must_continue {
                return;
            }
            let (side, kind, origin) = (self.side, self.kind as Kind, self.origin);
            for land in ended.iter() {
                let out = &mut self.out;
                v.for_each_promotion(kind, side, origin, land, 0, |pr| {
                    out(Move { from: origin, to: land, promotion: pr, special: Special::Chain(path) }, taken2)
                });
            }
        });
        any
    }
}

impl Board {
    /// Every capture chain of `side`'s pieces, with what each takes.
    pub(crate) fn capture_chains(&self, v: &Variant, side: Color, out: impl FnMut(Move, CellSet)) {
        let s = side.index();
        let enemy = self.by_color[1 - s];
        let mut search =
            ChainSearch { b: self, v, side, kind: 0, origin: 0, stay: v.rules.captured_stay, out };
        for k in 0..v.kinds.len() {
            if v.tables.jumps[s][k].is_empty() {
                continue;
            }
            for from in (search.b.by_kind[k] & search.b.by_color[s]).iter() {
                search.kind = k;
                search.origin = from;
                let occ = search.b.occupied() ^ CellSet::single(from);
                search.extend(from, occ, enemy, CellSet::EMPTY, Path::new(), Next::Any, true);
            }
        }
    }

    /// Every cell some capture sequence of `side` could take (in draughts-style games).
    pub(crate) fn jump_victims(&self, v: &Variant, side: Color) -> CellSet {
        if v.rules.capturing != Capturing::Jump {
            return CellSet::EMPTY;
        }
        let mut all = CellSet::EMPTY;
        self.capture_chains(v, side, |_, taken| all |= taken);
        all
    }

    /// Enemy pieces the piece of `kind` on `from` could jump over now: the first capture of a
    /// draughts-style chain (what the evaluation calls a threat in cheskers).
    pub(crate) fn jump_threats(&self, v: &Variant, from: Cell, side: usize, kind: usize) -> CellSet {
        let occ = self.occupied() ^ CellSet::single(from);
        let mut out = CellSet::EMPTY;
        jumps_from(v, &v.tables.jumps[side][kind], from, occ, self.by_color[1 - side], |x, _| out.insert(x));
        out
    }
}
