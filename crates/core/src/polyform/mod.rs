//! Group pieces (docs/rules.md, polyform games): Omino, Nomino and Doseki, where a piece is not
//! placed but *formed* — any orthogonally connected set of one's own checkers whose shape is a
//! movable type moves as one, by rigid translation.
//!
//! The mechanism is general and switched on by game data ([`PolyDef`]): the types with their
//! canonical shapes and modes, the symmetry group that gives every orientation, how many checkers
//! a cell holds, whether captures of some types go to the hand and whether arrivals on the last
//! rank earn reserve checkers. Nothing here names a game.
//!
//! **How moves are found without enumerating connected subsets.** A movable set must have the
//! shape of a type in some orientation, so for each orientation the anchors (low corners) where it
//! matches are found at once as a bit pattern: the own-occupancy set shifted by each of the
//! orientation's cell offsets and intersected (doubles intersected for cells of two checkers),
//! masked by where the shape fits on the board — a few word operations per shape cell. Only the
//! matches are then translated by the type's modes, with the path rule checked cell by cell, and
//! moves are deduplicated by the hash of the position they lead to (ties compared exactly), so two
//! ways to one position are one move.
//!
//! **Moves.** A group move is a [`Move`](crate::Move) with [`Special::Group`](crate::Special) naming
//! the orientation, `from` the anchor cell and `to` the anchor's destination: the vector and the
//! moving set follow, so moves stay small and need no interning. Drops are `Special::Drop(0)`.

mod bits;
mod board;
mod gen;
mod pieces;
pub mod shapes;
pub(crate) mod text;
mod view;

pub(crate) use board::PolyBoard;

use crate::modes::Action;
use crate::{Cell, Color, Geometry};
pub use pieces::GroupEffect;
pub use shapes::{Pattern, Symmetry};
use std::collections::HashMap;
pub use view::{GroupCells, GroupDiagram};

/// One movable type of a polyform game.
#[derive(Clone, Debug)]
pub struct TypeDef {
    pub letter: char,
    pub name: String,
    /// Canonical shapes (more than one where the text gives several, as Nomino's Rook or
    /// Doseki's mirror-image Episcopes); every orientation of each is the type.
    pub shapes: Vec<Pattern>,
    /// Modes in our polyform notation (docs/formats.md): `mO(1) + cD(1)`, `S`, `M`, `O(1..3)`,
    /// `F>F(2)`.
    pub modes: String,
    /// Checkers this type captures go to the capturer's hand (Omino's King).
    pub to_hand: bool,
}

/// What a polyform game declares.
#[derive(Clone, Debug)]
pub struct PolyDef {
    pub symmetry: Symmetry,
    /// Most checkers one cell holds (2 in Nomino, else 1).
    pub capacity: u8,
    pub types: Vec<TypeDef>,
    /// Each checker ending a move on its last rank after starting elsewhere earns a reserve checker.
    pub reserve: bool,
}

/// A translation step of a mode, as a vector in (x, y, z).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Along `dir`, between `min` and `max` cells, the path rule on every cell before the last.
    Slide { dir: [i8; 3], min: u8, max: u8 },
    /// Straight to the vector's cells (only landing cells checked).
    Leap([i8; 3]),
    /// A diagonal slide reflecting off the edges (Nomino's mirror mode).
    Mirror([i8; 3]),
    /// A slide of at least one cell along `first`, then exactly `n` cells along `second`.
    TwoLeg { first: [i8; 3], second: [i8; 3], n: u8 },
}

/// One orientation of a type, placed by its anchor (low corner).
pub(crate) struct Orient {
    pub ty: u8,
    /// Cells: index offset from the anchor, position in the shape's box, checkers.
    pub cells: Vec<(usize, [i8; 3], u8)>,
    pub extent: [i8; 3],
    /// Checkers of the shape at each cell of its box (`x + ex * (y + ey * z)`), 0 outside it.
    pub box_counts: Vec<u8>,
    /// Anchors where the shape fits on the board, as words of a cell set.
    pub fits: Vec<u64>,
}

/// A polyform game compiled for its board.
pub(crate) struct PolyTables {
    pub capacity: u8,
    pub reserve: bool,
    pub letters: Vec<char>,
    /// Each type's modes as written (for diagrams and rules pages).
    pub modes: Vec<String>,
    pub to_hand: Vec<bool>,
    pub dims: [i8; 3],
    pub coords: Vec<[i8; 3]>,
    pub orients: Vec<Orient>,
    pub reaches: Vec<Vec<(Reach, Action)>>,
    /// Every orientation of every type, to name a group by its shape.
    pub classify: HashMap<Pattern, u8>,
    /// Cell-content keys: `zob[cell * 5 + (count + 2)]` with the count signed (+ White).
    pub zob: Vec<u64>,
    pub side_key: u64,
    /// The rank (y) of each side's last rank.
    pub last_rank: [i8; 2],
    /// The type of a lone single checker (the Pawn), written without its letter.
    pub bare: Option<u8>,
}

/// Most cells a shape may have (the change list of a move is kept inline).
pub const MAX_SHAPE_CELLS: usize = 16;

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of a side's hand or reserve count (any count: no table to outgrow).
pub(crate) fn hand_key(side: Color, n: u32) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut s = 0x51_7cc1_b727_220a ^ (side as u64) << 40 ^ n as u64;
    splitmix(&mut s)
}

impl PolyTables {
    /// Compiles the game for a box-shaped board whose cells are numbered x fastest, then y, then z.
    pub fn build(g: &Geometry, def: &PolyDef) -> Result<PolyTables, String> {
        let n = g.len();
        let coords: Vec<[i8; 3]> = (0..n as Cell)
            .map(|c| {
                let p = g.coord(c);
                [p[0], p[1], p[2]]
            })
            .collect();
        let mut dims = [1i8; 3];
        for p in &coords {
            for a in 0..3 {
                dims[a] = dims[a].max(p[a] + 1);
            }
        }
        let index = |p: [i8; 3]| {
            p[0] as usize + dims[0] as usize * (p[1] as usize + dims[1] as usize * p[2] as usize)
        };
        if dims.iter().map(|&d| d as usize).product::<usize>() != n
            || coords.iter().enumerate().any(|(i, &p)| p.iter().any(|&x| x < 0) || index(p) != i)
        {
            return Err("group pieces need a box-shaped board numbered file by file, rank by rank".into());
        }
        let words = n.div_ceil(64);
        let mut orients = Vec::new();
        let mut classify = HashMap::new();
        if def.types.len() > 63 {
            return Err(format!("{} types; at most 63 are supported", def.types.len()));
        }
        for (t, ty) in def.types.iter().enumerate() {
            if ty.shapes.is_empty() {
                return Err(format!("type {} has no shape", ty.letter));
            }
            for shape in &ty.shapes {
                if shape.0.len() > MAX_SHAPE_CELLS {
                    return Err(format!("type {}: shapes have at most {MAX_SHAPE_CELLS} cells", ty.letter));
                }
                if shape.0.iter().any(|&(_, k)| k == 0 || k > def.capacity) {
                    return Err(format!("type {}: a cell holds 1 to {} checkers", ty.letter, def.capacity));
                }
                for o in shapes::orientations(shape, def.symmetry) {
                    if let Some(&other) = classify.get(&o) {
                        if other as usize != t {
                            return Err(format!(
                                "types {} and {} share a shape",
                                def.types[other as usize].letter, ty.letter
                            ));
                        }
                        continue;
                    }
                    classify.insert(o.clone(), t as u8);
                    let e = o.extent();
                    if (0..3).any(|a| e[a] > dims[a]) {
                        continue;
                    }
                    let mut box_counts = vec![0u8; e.iter().map(|&x| x as usize).product()];
                    let mut cells = Vec::new();
                    for &(p, k) in &o.0 {
                        box_counts[p[0] as usize
                            + e[0] as usize * (p[1] as usize + e[1] as usize * p[2] as usize)] = k;
                        cells.push((index(p), p, k));
                    }
                    let mut fits = vec![0u64; words];
                    for (c, p) in coords.iter().enumerate() {
                        if (0..3).all(|a| p[a] + e[a] <= dims[a]) {
                            fits[c / 64] |= 1 << (c % 64);
                        }
                    }
                    orients.push(Orient { ty: t as u8, cells, extent: e, box_counts, fits });
                }
            }
        }
        if orients.len() > u16::MAX as usize {
            return Err("too many orientations".into());
        }
        let reaches = def
            .types
            .iter()
            .map(|ty| parse_reaches(g, dims, &ty.modes).map_err(|e| format!("type {}: {e}", ty.letter)))
            .collect::<Result<Vec<_>, _>>()?;
        let mut seed = 0x2545_f491_4f6c_dd1d ^ n as u64;
        let zob = (0..n * 5).map(|_| splitmix(&mut seed)).collect();
        let side_key = splitmix(&mut seed);
        Ok(PolyTables {
            capacity: def.capacity,
            reserve: def.reserve,
            letters: def.types.iter().map(|t| t.letter).collect(),
            modes: def.types.iter().map(|t| t.modes.clone()).collect(),
            to_hand: def.types.iter().map(|t| t.to_hand).collect(),
            dims,
            coords,
            orients,
            reaches,
            classify,
            zob,
            side_key,
            last_rank: [dims[1] - 1, 0],
            bare: def
                .types
                .iter()
                .position(|t| t.shapes.len() == 1 && t.shapes[0].0 == [([0, 0, 0], 1)])
                .map(|t| t as u8),
        })
    }

    #[inline]
    pub fn key(&self, c: Cell, count: i8) -> u64 {
        if count == 0 {
            0
        } else {
            self.zob[c as usize * 5 + (count + 2) as usize]
        }
    }

    /// Index offset of a vector.
    #[inline]
    pub fn delta(&self, v: [i8; 3]) -> isize {
        v[0] as isize + self.dims[0] as isize * (v[1] as isize + self.dims[1] as isize * v[2] as isize)
    }
}

/// Reads the polyform mode list (docs/formats.md): `+`-separated; `m`/`c` move only/capture only;
/// a family letter of the board (`O`, `D`, `F`) slides any distance, `O(n)` exactly n cells,
/// `O(a..b)` a to b cells; `S` leaps to the ring at Chebyshev distance 2; `M` is the mirror mode;
/// `X>Y(n)` a two-leg move (a slide along X, then exactly n along Y of the same family).
fn parse_reaches(g: &Geometry, dims: [i8; 3], text: &str) -> Result<Vec<(Reach, Action)>, String> {
    let family = |l: char| -> Result<Vec<[i8; 3]>, String> {
        let f = g.family(l).ok_or_else(|| format!("mode family {l} does not exist on this board"))?;
        Ok(f.dirs.iter().map(|&d| [g.dirs[d][0], g.dirs[d][1], g.dirs[d][2]]).collect())
    };
    // "(n)" or "(a..b)" after a letter: the range of cells.
    let range = |rest: &str| -> Result<(u8, u8), String> {
        if rest.is_empty() {
            return Ok((1, u8::MAX));
        }
        let inner = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')).ok_or("expected (n)")?;
        let num = |s: &str| s.parse::<u8>().ok().filter(|&n| n > 0).ok_or(format!("{s:?} is no cell count"));
        match inner.split_once("..") {
            Some((a, b)) => {
                let (a, b) = (num(a)?, num(b)?);
                if a > b {
                    return Err(format!("range {inner}"));
                }
                Ok((a, b))
            }
            None => num(inner).map(|n| (n, n)),
        }
    };
    let mut out = Vec::new();
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for mode in compact.split('+') {
        let (action, body) = match mode.chars().next() {
            Some('m') => (Action::MoveOnly, &mode[1..]),
            Some('c') => (Action::CaptureOnly, &mode[1..]),
            _ => (Action::MoveOrCapture, mode),
        };
        let mut chars = body.chars();
        let letter = chars.next().ok_or(format!("empty mode in {text:?}"))?;
        let rest = chars.as_str();
        match letter {
            'S' if rest.is_empty() => {
                for dz in -2i8..=2 {
                    for dy in -2i8..=2 {
                        for dx in -2i8..=2 {
                            let v = [dx, dy, dz];
                            let fits = (0..3).all(|a| dims[a] > 1 || v[a] == 0);
                            if fits && v.iter().map(|x| x.abs()).max() == Some(2) {
                                out.push((Reach::Leap(v), action));
                            }
                        }
                    }
                }
            }
            'M' if rest.is_empty() => {
                for d in family('D')? {
                    out.push((Reach::Mirror(d), action));
                }
            }
            _ if rest.contains('>') => {
                let (first, second) = body.split_once('>').unwrap_or_default();
                let (fl, sl) = (first.chars().next().unwrap_or(' '), second.chars().next().unwrap_or(' '));
                if first.len() != 1 || sl != fl {
                    return Err(format!("two-leg mode {body:?}: expected X>X(n)"));
                }
                let (n, m) = range(&second[1..])?;
                if n != m {
                    return Err(format!("two-leg mode {body:?}: the second leg has an exact length"));
                }
                let dirs = family(fl)?;
                for &a in &dirs {
                    for &b in &dirs {
                        let opposite = (0..3).all(|i| a[i] == -b[i]);
                        if a != b && !opposite {
                            out.push((Reach::TwoLeg { first: a, second: b, n }, action));
                        }
                    }
                }
            }
            _ => {
                let (min, max) = range(rest)?;
                for dir in family(letter)? {
                    out.push((Reach::Slide { dir, min, max }, action));
                }
            }
        }
    }
    Ok(out)
}

impl PolyTables {
    /// Average number of moves of a lone piece of a kind (its type in its first orientation) over
    /// every cell of an empty board where it fits — the raw mobility behind material values. Only
    /// the moves of the whole piece count, not those of its parts (a King's Pawns).
    pub fn mobility(&self, kind: crate::Kind) -> f64 {
        let ty = kind / self.capacity;
        let Some(oi) = self.orients.iter().position(|o| o.ty == ty) else { return 0.0 };
        let mut b = PolyBoard::empty(self);
        let o = &self.orients[oi];
        let (mut total, mut places) = (0usize, 0usize);
        for a in 0..self.coords.len() {
            if o.fits[a / 64] >> (a % 64) & 1 == 0 {
                continue;
            }
            for &(off, _, k) in &o.cells {
                b.set(self, (a + off) as Cell, k as i8);
            }
            let whole = |m: &crate::Move| match m.special {
                crate::Special::Group(oi) => {
                    self.orients[oi as usize].ty == ty
                        && self.orients[oi as usize].cells.len() == o.cells.len()
                }
                _ => false,
            };
            total += b.moves(self).iter().filter(|m| whole(m)).count();
            places += 1;
            for &(off, _, _) in &o.cells {
                b.set(self, (a + off) as Cell, 0);
            }
        }
        if places == 0 {
            0.0
        } else {
            total as f64 / places as f64
        }
    }
}
