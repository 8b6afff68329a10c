//! The piece types of the three polyform games as data (docs/rules.md, "Omino", "Nomino",
//! "Doseki": the reconstructed shape tables), the symmetry groups, and shape recognition by
//! canonical form: a set of checkers is of a type iff its normalised image under some symmetry
//! is a normalised image of one of the type's representatives.

use super::Game;
use std::collections::{BTreeSet, HashMap};

/// A point: (file, rank, layer); the layer is 0 on the flat boards.
pub type Pt = [i32; 3];

/// A shape: cells with the number of checkers on each (1, or 2 in Nomino), translated so that
/// each coordinate's minimum is 0, sorted.
pub type Shape = Vec<(Pt, i8)>;

/// Direction families: `O` one coordinate changes, `F` two (the cube only), `D` all of them
/// (two on the flat boards, three on the cube).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fam {
    O,
    F,
    D,
}

/// A movement mode (docs/formats.md, "Piece modes", read for the polyform games).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// A slide of `min..=max` steps along one direction of the family, every passed step free
    /// (`max` `None`: to the edge). `quiet`: no capture (`m`); `capture`: must capture (`c`).
    Line { fam: Fam, min: i32, max: Option<i32>, quiet: bool, capture: bool },
    /// `S`, the second neighbour: a leap to any cell at Chebyshev distance 2 (flat boards).
    Leap2,
    /// `M`, Nomino's mirror mode: a diagonal slide reflected at the edges.
    Mirror,
    /// Doseki's two-leg mode: a slide of the family, then exactly two steps in the family, in a
    /// direction neither the same nor the opposite of the first.
    TwoLeg(Fam),
}

const fn slide(fam: Fam) -> Mode {
    Mode::Line { fam, min: 1, max: None, quiet: false, capture: false }
}

const fn exactly(fam: Fam, n: i32) -> Mode {
    Mode::Line { fam, min: n, max: Some(n), quiet: false, capture: false }
}

const fn up_to(fam: Fam, n: i32) -> Mode {
    Mode::Line { fam, min: 1, max: Some(n), quiet: false, capture: false }
}

const fn quiet_step(fam: Fam) -> Mode {
    Mode::Line { fam, min: 1, max: Some(1), quiet: true, capture: false }
}

const fn capture_step(fam: Fam) -> Mode {
    Mode::Line { fam, min: 1, max: Some(1), quiet: false, capture: true }
}

/// A piece type: its letter, name, representative shapes (each in one orientation), modes, and
/// whether it belongs to Nomino's extras (movable only with `extras=on`).
#[derive(Clone, Debug)]
pub struct Type {
    pub letter: char,
    pub name: &'static str,
    pub shapes: Vec<Shape>,
    pub modes: Vec<Mode>,
    pub extra: bool,
}

/// A shape from a list of cells, every cell with one checker.
fn cells(list: &[[i32; 3]]) -> Shape {
    normalize(&list.iter().map(|&p| (p, 1)).collect::<Vec<_>>())
}

/// A flat Nomino shape from `(file, rank, checkers)` triples.
fn counted(list: &[(i32, i32, i8)]) -> Shape {
    normalize(&list.iter().map(|&(x, y, n)| ([x, y, 0], n)).collect::<Vec<_>>())
}

/// The 2x2x2 box minus the listed cubes.
fn box_minus(missing: &[[i32; 3]]) -> Shape {
    let mut all = Vec::new();
    for z in 0..2 {
        for y in 0..2 {
            for x in 0..2 {
                if !missing.contains(&[x, y, z]) {
                    all.push([x, y, z]);
                }
            }
        }
    }
    cells(&all)
}

fn ty(letter: char, name: &'static str, shapes: Vec<Shape>, modes: &[Mode]) -> Type {
    Type { letter, name, shapes, modes: modes.to_vec(), extra: false }
}

fn extra(letter: char, name: &'static str, shapes: Vec<Shape>, modes: &[Mode]) -> Type {
    Type { extra: true, ..ty(letter, name, shapes, modes) }
}

use Fam::{D, F, O};
use Mode::{Leap2, Mirror, TwoLeg};

/// Omino's nine types: the free polyominoes of 1–4 cells (docs/rules.md, "Omino").
fn omino() -> Vec<Type> {
    vec![
        ty('P', "Pawn", vec![cells(&[[0, 0, 0]])], &[quiet_step(O), capture_step(D)]),
        ty('H', "Horse", vec![cells(&[[0, 0, 0], [1, 0, 0]])], &[Leap2]),
        ty(
            'N',
            "Ninja",
            vec![cells(&[[0, 0, 0], [1, 0, 0], [2, 0, 0]])],
            &[exactly(O, 1), exactly(D, 1), Leap2],
        ),
        ty('B', "Bishop", vec![cells(&[[0, 0, 0], [1, 0, 0], [0, 1, 0]])], &[slide(D)]),
        ty('R', "Rook", vec![cells(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]])], &[slide(O)]),
        ty('C', "Cardinal", vec![cells(&[[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]])], &[slide(D), Leap2]),
        ty('M', "Marshal", vec![cells(&[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]])], &[slide(O), Leap2]),
        ty('Q', "Queen", vec![cells(&[[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0]])], &[slide(O), slide(D)]),
        ty(
            'K',
            "King",
            vec![cells(&[[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]])],
            &[slide(O), slide(D), Leap2],
        ),
    ]
}

/// Nomino's types: count patterns in a 2x2 block, at most two checkers a cell, up to rotation and
/// reflection (docs/rules.md, "Nomino"); the Rook has two patterns; A, I, J, W are the extras.
fn nomino() -> Vec<Type> {
    vec![
        ty('P', "Pawn", vec![counted(&[(0, 0, 1)])], &[quiet_step(O), capture_step(D)]),
        ty('S', "Sergeant", vec![counted(&[(0, 0, 2)])], &[exactly(O, 1), exactly(D, 1)]),
        ty('H', "Horse", vec![counted(&[(0, 0, 1), (1, 0, 1)])], &[Leap2]),
        ty('N', "Ninja", vec![counted(&[(0, 0, 2), (1, 0, 1)])], &[exactly(O, 1), exactly(D, 1), Leap2]),
        ty('B', "Bishop", vec![counted(&[(0, 0, 1), (1, 0, 1), (0, 1, 1)])], &[slide(D)]),
        ty('E', "Episcope", vec![counted(&[(0, 0, 1), (1, 0, 2), (0, 1, 1)])], &[slide(D), exactly(O, 1)]),
        ty('C', "Cardinal", vec![counted(&[(0, 0, 2), (1, 0, 1), (0, 1, 1), (1, 1, 1)])], &[slide(D), Leap2]),
        ty(
            'R',
            "Rook",
            vec![counted(&[(0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 1)]), counted(&[(0, 0, 2), (1, 0, 2)])],
            &[slide(O)],
        ),
        ty('G', "General", vec![counted(&[(0, 0, 2), (1, 0, 2), (0, 1, 1)])], &[slide(O), exactly(D, 1)]),
        ty('M', "Marshal", vec![counted(&[(0, 0, 2), (1, 0, 2), (0, 1, 1), (1, 1, 1)])], &[slide(O), Leap2]),
        ty('Q', "Queen", vec![counted(&[(0, 0, 2), (1, 0, 2), (0, 1, 2), (1, 1, 1)])], &[slide(O), slide(D)]),
        ty(
            'K',
            "King",
            vec![counted(&[(0, 0, 2), (1, 0, 2), (0, 1, 2), (1, 1, 2)])],
            &[slide(O), slide(D), Leap2],
        ),
        extra(
            'A',
            "Adjutant",
            vec![counted(&[(0, 0, 2), (1, 0, 1), (0, 1, 1)])],
            &[up_to(O, 3), up_to(D, 3)],
        ),
        extra('I', "Mirror", vec![counted(&[(0, 0, 2), (1, 1, 2), (1, 0, 1), (0, 1, 1)])], &[Mirror]),
        extra('J', "Joker", vec![counted(&[(0, 0, 1), (1, 0, 2), (0, 1, 2)])], &[up_to(O, 3), slide(D)]),
        extra('W', "Wisemen", vec![counted(&[(0, 0, 2), (1, 0, 2), (0, 1, 2)])], &[slide(O), up_to(D, 3)]),
    ]
}

/// Doseki's thirteen types: the polycubes inside a 2x2x2 box (docs/rules.md, "Doseki"); the
/// Episcope is both mirror-image screws.
fn doseki() -> Vec<Type> {
    let l = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
    vec![
        ty('P', "Pawn", vec![cells(&[[0, 0, 0]])], &[quiet_step(O), capture_step(F)]),
        ty('H', "Horse", vec![cells(&[[0, 0, 0], [1, 0, 0]])], &[exactly(O, 2), exactly(F, 2)]),
        ty('B', "Bishop", vec![cells(&l)], &[slide(F)]),
        ty('R', "Rook", vec![cells(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]])], &[slide(O)]),
        ty(
            'A',
            "Archbishop",
            vec![cells(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]])],
            &[exactly(O, 2), slide(F)],
        ),
        ty(
            'E',
            "Episcope",
            vec![cells(&[l[0], l[1], l[2], [1, 0, 1]]), cells(&[l[0], l[1], l[2], [0, 1, 1]])],
            &[slide(F), exactly(D, 2)],
        ),
        ty(
            'C',
            "Cardinal",
            vec![cells(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1]])],
            &[slide(F), slide(D)],
        ),
        ty(
            'G',
            "General",
            vec![cells(&[l[0], l[1], l[2], [1, 0, 1], [0, 1, 1]])],
            &[slide(O), exactly(F, 2)],
        ),
        ty('J', "Joker", vec![box_minus(&[[0, 0, 0], [1, 1, 1]])], &[TwoLeg(F)]),
        ty('M', "Marshal", vec![box_minus(&[[0, 0, 1], [1, 0, 1]])], &[slide(O), slide(D)]),
        ty('W', "Wisemen", vec![box_minus(&[[0, 0, 1], [1, 1, 1]])], &[TwoLeg(O)]),
        ty('Q', "Queen", vec![box_minus(&[[1, 1, 1]])], &[slide(O), slide(F)]),
        ty('K', "King", vec![box_minus(&[])], &[slide(O), slide(F), slide(D)]),
    ]
}

/// Translates `cells` so that each coordinate's minimum is 0, and sorts them.
pub fn normalize(cells: &[(Pt, i8)]) -> Shape {
    let mut lo = [i32::MAX; 3];
    for (p, _) in cells {
        for a in 0..3 {
            lo[a] = lo[a].min(p[a]);
        }
    }
    let mut out: Shape =
        cells.iter().map(|&(p, n)| ([p[0] - lo[0], p[1] - lo[1], p[2] - lo[2]], n)).collect();
    out.sort();
    out
}

/// A symmetry: coordinate `a` of the image is `sign[a]` times coordinate `perm[a]`.
#[derive(Clone, Copy, Debug)]
pub struct Sym {
    perm: [usize; 3],
    sign: [i32; 3],
}

impl Sym {
    pub fn apply(&self, p: Pt) -> Pt {
        [0, 1, 2].map(|a| self.sign[a] * p[self.perm[a]])
    }

    /// Whether it keeps handedness (a rotation, not a reflection).
    pub fn is_rotation(&self) -> bool {
        let inversions = (0..3)
            .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
            .filter(|&(i, j)| self.perm[i] > self.perm[j])
            .count();
        let parity = if inversions % 2 == 0 { 1 } else { -1 };
        parity * self.sign.iter().product::<i32>() == 1
    }
}

/// Every symmetry of the square grid (8, the layer coordinate left alone) or of the cube (48):
/// all signed permutations of the coordinates.
pub fn symmetries(dims: usize) -> Vec<Sym> {
    let perms: &[[usize; 3]] = if dims == 2 {
        &[[0, 1, 2], [1, 0, 2]]
    } else {
        &[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    };
    let mut out = Vec::new();
    for &perm in perms {
        for bits in 0..(1 << dims) {
            let sign = [0, 1, 2].map(|a| if a < dims && bits >> a & 1 == 1 { -1 } else { 1 });
            out.push(Sym { perm, sign });
        }
    }
    out
}

/// The distinct normalised images of `shape` under `group`.
pub fn images(shape: &Shape, group: &[Sym]) -> BTreeSet<Shape> {
    group
        .iter()
        .map(|s| normalize(&shape.iter().map(|&(p, n)| (s.apply(p), n)).collect::<Vec<_>>()))
        .collect()
}

/// A game's types with the lookup from every oriented shape to its type.
pub struct Table {
    pub types: Vec<Type>,
    by_shape: HashMap<Shape, usize>,
    /// The most cells a movable shape has.
    pub max_cells: usize,
    /// The largest extent (max − min + 1) of a movable shape along any coordinate.
    pub max_extent: i32,
}

impl Table {
    pub fn new(game: Game) -> Table {
        let types = match game {
            Game::Omino => omino(),
            Game::Nomino { extras } => nomino().into_iter().filter(|t| extras || !t.extra).collect(),
            Game::Doseki => doseki(),
        };
        let group = symmetries(game.dims());
        let mut by_shape = HashMap::new();
        let (mut max_cells, mut max_extent) = (0, 0);
        for (i, t) in types.iter().enumerate() {
            for shape in &t.shapes {
                for image in images(shape, &group) {
                    max_cells = max_cells.max(image.len());
                    for (p, _) in &image {
                        max_extent = max_extent.max(p.iter().copied().max().unwrap() + 1);
                    }
                    if let Some(j) = by_shape.insert(image, i) {
                        assert_eq!(i, j, "a shape listed under two types");
                    }
                }
            }
        }
        Table { types, by_shape, max_cells, max_extent }
    }

    /// The type of a normalised shape, if it is movable.
    pub fn classify(&self, shape: &Shape) -> Option<usize> {
        self.by_shape.get(shape).copied()
    }

    /// The type with this letter.
    pub fn by_letter(&self, letter: char) -> Option<&Type> {
        self.types.iter().find(|t| t.letter == letter)
    }
}
