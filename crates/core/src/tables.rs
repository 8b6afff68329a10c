//! Modes compiled into per-cell tables for one variant: what each piece kind of each side reaches,
//! and the reverse ("who could capture on this cell") grouped across kinds for fast attack tests.

use crate::kinds::{ChainRule, PieceKind};
use crate::modes::{Action, DirFilter, Mode, Shape};
use crate::{Cell, CellSet, Geometry, Kind};

/// A mode names a direction family the board does not have.
#[derive(Debug)]
pub(crate) struct UnknownFamily {
    pub piece: String,
    pub mode: String,
    pub family: char,
}

/// Exactly-n line move from each cell: the target and the cells that must be empty on the way.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Exact(pub Vec<Option<(Cell, CellSet)>>);

/// The modes of one kind that share action and conditions, compiled.
#[derive(Clone)]
pub(crate) struct Group {
    pub action: Action,
    pub initial: bool,
    pub unchecked: bool,
    /// Cells passed over by its exact moves must not be attacked.
    pub safe: bool,
    /// Its exact moves jump over own pieces only.
    pub over_own: bool,
    /// Its exact moves hop over occupied cells only.
    pub over_any: bool,
    /// Leap targets per cell (empty when the group has no leaps).
    pub leaps: Vec<CellSet>,
    /// Directions of unlimited slides.
    pub slides: Vec<usize>,
    /// Directions of slides that may pass over one occupied cell (`jO`).
    pub hop_slides: Vec<usize>,
    pub exact: Vec<Exact>,
}

#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// Origins from which a leap reaches each cell.
    Leap(Vec<CellSet>),
    /// Look outward from the target along these directions for the first piece, or (`hop`: a
    /// slide passing over one piece) for the first or the second. One variant for both, so that
    /// the attack test's dispatch stays a short chain of branches rather than a jump table,
    /// which mispredicts on every entry of a mixed list.
    Slide { dirs: Vec<usize>, hop: bool },
    /// Origin and required-empty cells per target.
    Exact(Exact),
}

/// "A piece of one of `kinds` (with the given condition) standing where `pattern` says captures here."
pub(crate) struct AttackEntry {
    pub kinds: Vec<Kind>,
    pub initial: bool,
    pub unchecked: bool,
    pub pattern: Pattern,
}

/// The draughts-style captures of a piece along one direction: over an adjacent enemy piece
/// onto the cell right behind it, or (`flying`) over one at any distance onto any free cell
/// beyond. The modes of a kind are merged into one entry per direction, a flying mode covering a
/// short one, so that a landing two modes reach is found once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct JumpDir {
    pub dir: usize,
    pub flying: bool,
}

/// Merges jump modes into one [`JumpDir`] per direction.
pub(crate) fn merge_jumps(list: impl IntoIterator<Item = JumpDir>) -> Vec<JumpDir> {
    let mut out: Vec<JumpDir> = Vec::new();
    for j in list {
        match out.iter_mut().find(|o| o.dir == j.dir) {
            Some(o) => o.flying |= j.flying,
            None => out.push(j),
        }
    }
    out.sort_by_key(|j| j.dir);
    out
}

/// The moves of one kind merged for move generation: the leaps and slides of every
/// unconditional group folded into one table per action, so that a piece's targets cost one
/// lookup per action and one per slide direction whatever the number of its modes; what
/// depends on conditions or paths (first-move and jump-right groups, exact-distance moves whose
/// passed cells matter, slides over a piece) stays in `rest`, group by group.
#[derive(Clone, Default)]
pub(crate) struct KindReach {
    /// Per action (indexed by [`action_index`]), the leap targets of each cell; empty when the
    /// kind has no unconditional leaps of that action. One table per action, not one table of
    /// three sets per cell: most kinds leap with one action only, and the unused sets tripled
    /// the tables' cache footprint (shogi's D1 read misses in `ccg perft shogi 4`: 5.7 M vs 2.1 M).
    pub leaps: [Vec<CellSet>; 3],
    /// Directions of unconditional slides, per action.
    pub slides: [Vec<usize>; 3],
    pub rest: Vec<Group>,
}

/// The index of an action in [`KindReach`]'s per-action tables.
#[inline]
pub(crate) fn action_index(a: Action) -> usize {
    match a {
        Action::MoveOrCapture => 0,
        Action::MoveOnly => 1,
        Action::CaptureOnly => 2,
    }
}

impl KindReach {
    fn merge(n: usize, groups: &[Group]) -> KindReach {
        let mut r = KindReach::default();
        for grp in groups {
            if grp.initial || grp.unchecked {
                r.rest.push(grp.clone());
                continue;
            }
            let a = action_index(grp.action);
            if !grp.leaps.is_empty() {
                if r.leaps[a].is_empty() {
                    r.leaps[a] = vec![CellSet::EMPTY; n];
                }
                for (cell, &t) in r.leaps[a].iter_mut().zip(&grp.leaps) {
                    *cell |= t;
                }
            }
            for &d in &grp.slides {
                if !r.slides[a].contains(&d) {
                    r.slides[a].push(d);
                }
            }
            if !grp.exact.is_empty() || !grp.hop_slides.is_empty() {
                r.rest.push(Group { leaps: Vec::new(), slides: Vec::new(), ..grp.clone() });
            }
        }
        r
    }
}

pub(crate) struct Tables {
    /// `reach[side][kind]`: the groups of `groups` merged for move generation.
    pub reach: [Vec<KindReach>; 2],
    /// `groups[side][kind]`.
    pub groups: [Vec<Vec<Group>>; 2],
    /// `jumps[side][kind]`: draughts-style captures.
    pub jumps: [Vec<Vec<JumpDir>>; 2],
    /// `pairs[side][kind]`: the two members' jumps of each two-jump pair ([`ChainRule::Pairs`]).
    pub pairs: [Vec<Vec<[Vec<JumpDir>; 2]>>; 2],
    /// Whether pieces of `side` have slides passing over a piece: a move onto a line can then
    /// uncover an attack, so the pin shortcut does not hold against them.
    pub hop_attackers: [bool; 2],
    /// `attacks[side]`: how pieces of `side` capture.
    pub attacks: [Vec<AttackEntry>; 2],
    /// Bitmask of royal kinds.
    pub royal_kinds: u64,
    /// Bitmask of royal kinds with a jump right (so "has been checked" is state).
    pub jump_right_royals: u64,
}

impl Tables {
    pub fn build(g: &Geometry, kinds: &[PieceKind]) -> Result<Tables, UnknownFamily> {
        let mut groups: [Vec<Vec<Group>>; 2] = [Vec::new(), Vec::new()];
        let mut jumps: [Vec<Vec<JumpDir>>; 2] = [Vec::new(), Vec::new()];
        let mut pairs: [Vec<Vec<[Vec<JumpDir>; 2]>>; 2] = [Vec::new(), Vec::new()];
        let mut attacks: [Vec<AttackEntry>; 2] = [Vec::new(), Vec::new()];
        let mut hop_attackers = [false; 2];
        for side in 0..2 {
            for (k, kind) in kinds.iter().enumerate() {
                let mut gs: Vec<Group> = Vec::new();
                let mut js: Vec<JumpDir> = Vec::new();
                for m in &kind.modes {
                    let compiled = compile(g, side, kind, m)?;
                    if m.jump_capture {
                        js.extend(jump_dirs(g, side, m));
                        continue;
                    }
                    if matches!(compiled, Compiled::HopSlides(_)) && m.action != Action::MoveOnly {
                        hop_attackers[side] = true;
                    }
                    let gi = match gs.iter().position(|x| {
                        x.action == m.action
                            && x.initial == m.initial
                            && x.unchecked == m.unchecked
                            && x.safe == m.safe
                            && x.over_own == m.over_own
                            && x.over_any == m.over_any
                    }) {
                        Some(i) => i,
                        None => {
                            gs.push(Group {
                                action: m.action,
                                initial: m.initial,
                                unchecked: m.unchecked,
                                safe: m.safe,
                                over_own: m.over_own,
                                over_any: m.over_any,
                                leaps: Vec::new(),
                                slides: Vec::new(),
                                hop_slides: Vec::new(),
                                exact: Vec::new(),
                            });
                            gs.len() - 1
                        }
                    };
                    let grp = &mut gs[gi];
                    match &compiled {
                        Compiled::Leaps(t) => {
                            if grp.leaps.is_empty() {
                                grp.leaps = vec![CellSet::EMPTY; g.len()];
                            }
                            for (a, b) in grp.leaps.iter_mut().zip(t) {
                                *a |= *b;
                            }
                        }
                        Compiled::Slides(dirs) => {
                            for d in dirs {
                                if !grp.slides.contains(d) {
                                    grp.slides.push(*d);
                                }
                            }
                        }
                        Compiled::HopSlides(dirs) => {
                            for d in dirs {
                                if !grp.hop_slides.contains(d) {
                                    grp.hop_slides.push(*d);
                                }
                            }
                        }
                        Compiled::Exact(list) => grp.exact.extend(list.iter().cloned()),
                    }
                    if m.action != Action::MoveOnly && !m.safe {
                        for pattern in reverse(g, &compiled) {
                            add_attack(&mut attacks[side], k as Kind, m, pattern);
                        }
                    }
                }
                groups[side].push(gs);
                jumps[side].push(merge_jumps(js));
                let kind_pairs = match &kind.chain {
                    ChainRule::Pairs(list) => list
                        .iter()
                        .map(|[a, b]| {
                            let compile_jumps = |ms: &[Mode]| {
                                merge_jumps(
                                    ms.iter().filter(|m| m.jump_capture).flat_map(|m| jump_dirs(g, side, m)),
                                )
                            };
                            [compile_jumps(a), compile_jumps(b)]
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                pairs[side].push(kind_pairs);
            }
        }
        let mask = |f: &dyn Fn(&PieceKind) -> bool| {
            kinds.iter().enumerate().filter(|(_, k)| f(k)).fold(0u64, |m, (i, _)| m | 1 << i)
        };
        let royal_kinds = mask(&|k| k.royal);
        let jump_right_royals = mask(&|k| k.royal && k.tracks_checked());
        let mut t = Tables {
            reach: [Vec::new(), Vec::new()],
            groups,
            jumps,
            pairs,
            hop_attackers,
            attacks,
            royal_kinds,
            jump_right_royals,
        };
        t.merge_reach(g.len());
        Ok(t)
    }

    /// Recomputes `reach` from `groups` (after building, and after anything edits the groups).
    pub fn merge_reach(&mut self, cells: usize) {
        self.reach =
            [0, 1].map(|side| self.groups[side].iter().map(|gs| KindReach::merge(cells, gs)).collect());
    }
}

fn jump_dirs(g: &Geometry, side: usize, m: &Mode) -> Vec<JumpDir> {
    let flying = matches!(m.shape, Shape::Line { exact: None, .. });
    line_dirs(g, side, m).into_iter().map(|dir| JumpDir { dir, flying }).collect()
}

enum Compiled {
    Leaps(Vec<CellSet>),
    Slides(Vec<usize>),
    HopSlides(Vec<usize>),
    Exact(Vec<Exact>),
}

fn dir_ok(g: &Geometry, side: usize, d: [i8; 4], filter: DirFilter) -> bool {
    let f: i32 = (0..4).map(|i| d[i] as i32 * g.forward[side][i] as i32).sum();
    match filter {
        DirFilter::Any => true,
        DirFilter::Forward => f > 0,
        DirFilter::NotBackward => f >= 0,
    }
}

fn compile(g: &Geometry, side: usize, kind: &PieceKind, m: &Mode) -> Result<Compiled, UnknownFamily> {
    let n = g.len();
    let leap_table = |pred: &dyn Fn(Cell, Cell) -> bool| -> Vec<CellSet> {
        (0..n as Cell)
            .map(|a| {
                (0..n as Cell)
                    .filter(|&b| b != a && pred(a, b) && g.forwardness(side, a, b).signum() >= min_fwd(m.dir))
                    .collect()
            })
            .collect()
    };
    Ok(match m.shape {
        Shape::Ring(r) => Compiled::Leaps(leap_table(&|a, b| g.chebyshev(a, b) == r as i32)),
        Shape::Leap(x, y) => {
            let (x, y) = (x.min(y) as i32, x.max(y) as i32);
            Compiled::Leaps(leap_table(&|a, b| {
                let (p, q) = (g.coord(a), g.coord(b));
                let mut d: Vec<i32> = (0..4).map(|i| (p[i] as i32 - q[i] as i32).abs()).collect();
                d.sort_unstable();
                d == [0, 0, x, y] || (x == 0 && d == [0, 0, 0, y])
            }))
        }
        Shape::Line { family, exact, jumping } => {
            if g.family(family).is_none() {
                return Err(UnknownFamily { piece: kind.token(), mode: m.to_string(), family });
            }
            let dirs = line_dirs(g, side, m);
            match exact {
                None if jumping => Compiled::HopSlides(dirs),
                None => Compiled::Slides(dirs),
                // A line move of exactly n cells that needs nothing of the cells it passes (one
                // step, or a jump over any cells) is a leap: compiled as one, it joins the kind's
                // merged leap table and the attack test's leap patterns instead of costing a
                // path test per direction (the steps of kings, horses and pawns).
                Some(len) if (len == 1 || jumping) && !m.over_own && !m.over_any => Compiled::Leaps(
                    (0..n as Cell)
                        .map(|c| {
                            dirs.iter()
                                .filter_map(|&d| g.ray_cells(c, d).get(len as usize - 1).copied())
                                .collect()
                        })
                        .collect(),
                ),
                Some(len) => Compiled::Exact(
                    dirs.iter()
                        .map(|&d| {
                            Exact(
                                (0..n as Cell)
                                    .map(|c| {
                                        let ray = g.ray_cells(c, d);
                                        let len = len as usize;
                                        (ray.len() >= len).then(|| {
                                            let between = if jumping && !m.over_own && !m.over_any {
                                                CellSet::EMPTY
                                            } else {
                                                ray[..len - 1].iter().copied().collect()
                                            };
                                            (ray[len - 1], between)
                                        })
                                    })
                                    .collect(),
                            )
                        })
                        .collect(),
                ),
            }
        }
    })
}

/// The directions of a line mode's family that its direction filter allows for `side`.
fn line_dirs(g: &Geometry, side: usize, m: &Mode) -> Vec<usize> {
    let Shape::Line { family, .. } = m.shape else { return Vec::new() };
    g.family(family)
        .map(|fam| {
            fam.dirs
                .iter()
                .map(|&d| if fam.mirrored && side == 1 { g.opposite[d] } else { d })
                .filter(|&d| dir_ok(g, side, g.dirs[d], m.dir))
                .collect()
        })
        .unwrap_or_default()
}

fn min_fwd(f: DirFilter) -> i32 {
    match f {
        DirFilter::Any => -1,
        DirFilter::Forward => 1,
        DirFilter::NotBackward => 0,
    }
}

/// The capture patterns seen from the target cell.
fn reverse(g: &Geometry, c: &Compiled) -> Vec<Pattern> {
    let n = g.len();
    match c {
        Compiled::Leaps(t) => {
            let mut rev = vec![CellSet::EMPTY; n];
            for (a, set) in t.iter().enumerate() {
                for b in set.iter() {
                    rev[b as usize].insert(a as Cell);
                }
            }
            vec![Pattern::Leap(rev)]
        }
        Compiled::Slides(dirs) => {
            let mut out: Vec<usize> = dirs.iter().map(|&d| g.opposite[d]).collect();
            out.sort_unstable();
            vec![Pattern::Slide { dirs: out, hop: false }]
        }
        Compiled::HopSlides(dirs) => {
            let mut out: Vec<usize> = dirs.iter().map(|&d| g.opposite[d]).collect();
            out.sort_unstable();
            vec![Pattern::Slide { dirs: out, hop: true }]
        }
        Compiled::Exact(list) => list
            .iter()
            .map(|e| {
                let mut rev = vec![None; n];
                for (a, x) in e.0.iter().enumerate() {
                    if let Some((t, between)) = x {
                        rev[*t as usize] = Some((a as Cell, *between));
                    }
                }
                Pattern::Exact(Exact(rev))
            })
            .collect(),
    }
}

fn add_attack(list: &mut Vec<AttackEntry>, k: Kind, m: &Mode, pattern: Pattern) {
    if let Some(e) =
        list.iter_mut().find(|e| e.initial == m.initial && e.unchecked == m.unchecked && e.pattern == pattern)
    {
        if !e.kinds.contains(&k) {
            e.kinds.push(k);
        }
        return;
    }
    list.push(AttackEntry { kinds: vec![k], initial: m.initial, unchecked: m.unchecked, pattern });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::PieceKind;

    fn reach(modes: &str) -> KindReach {
        let g = Geometry::square("abcde", 5);
        let kind = PieceKind::new('X', "X", modes).unwrap();
        let t = Tables::build(&g, &[kind]).unwrap();
        t.reach[0][0].clone()
    }

    #[test]
    fn steps_and_free_jumps_compile_to_leaps_paths_stay_exact() {
        let g = Geometry::square("abcde", 5);
        let c3 = g.parse_cell("c3").unwrap();
        let names = |s: CellSet| s.iter().map(|c| g.name(c).to_string()).collect::<Vec<_>>().join(" ");
        // One step along each line: the eight neighbours, as one leap table, nothing left over.
        let step = reach("O(1) + D(1)");
        assert!(step.rest.is_empty());
        assert_eq!(names(step.leaps[0][c3 as usize]), "b2 c2 d2 b3 d3 b4 c4 d4");
        // A jump of two over anything is a leap too.
        let jump = reach("jO(2)");
        assert!(jump.rest.is_empty());
        assert_eq!(names(jump.leaps[0][c3 as usize]), "c1 a3 e3 c5");
        // Two cells along a line need the cell between empty: still a path test.
        let two = reach("O(2)");
        assert!(two.leaps[0].is_empty());
        assert_eq!(two.rest.len(), 1);
        // Jumping over own pieces only needs a piece between: also a path test.
        assert_eq!(reach("ojO(2)").rest.len(), 1);
    }
}
