//! Boards as sets of cells with integer coordinates.
//!
//! A geometry is data: every cell has up to four coordinates, a name as the author writes it, and a
//! place in text diagrams. Directions are unit vectors grouped into the author's mode *families*
//! (`O` orthogonal, `D` diagonal, later `F`/`H` in 3D/4D or the hex arrow/fork), and all lines are
//! precomputed rays, so move generation never looks at coordinates. Square boards, cubes,
//! tesseracts, hexagons and twin boards differ only in the builder that fills these tables.

use crate::{Cell, CellSet};
use std::collections::HashMap;

/// Up to four integer coordinates (unused ones are 0).
pub type Coord = [i8; 4];

/// A named set of directions, e.g. `O` = the orthogonal unit vectors.
#[derive(Clone, Debug)]
pub struct Family {
    pub letter: char,
    pub dirs: Vec<usize>,
}

/// How to draw the board in text: a grid of (row, column) places, row 0 at the top.
#[derive(Clone, Debug)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    /// Place of each cell.
    pub place: Vec<(usize, usize)>,
    /// Labels of the columns (file letters) and rows (rank numbers), for the margins.
    pub col_labels: Vec<String>,
    pub row_labels: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Geometry {
    /// Short description, e.g. "10x10 square".
    pub description: String,
    coords: Vec<Coord>,
    names: Vec<String>,
    /// Names for protocols: files lettered consecutively (`a`..`j` on 10 files).
    coord_names: Vec<String>,
    lookup: HashMap<String, Cell>,
    coord_lookup: HashMap<String, Cell>,
    at: HashMap<Coord, Cell>,
    /// Unit direction vectors.
    pub dirs: Vec<Coord>,
    /// `opposite[d]` is the direction pointing back along `d`.
    pub opposite: Vec<usize>,
    pub families: Vec<Family>,
    /// The "forward" vector of each side (White, Black); pawn-like modes filter by its sign.
    pub forward: [Coord; 2],
    /// Ray from each cell in each direction (the cell itself excluded): `rays[cell * ndirs + dir]`.
    rays: Vec<CellSet>,
    ray_cells: Vec<Vec<Cell>>,
    /// Whether cell indices grow along the ray (so the nearest blocker is the lowest set bit).
    ascending: Vec<bool>,
    all: CellSet,
    pub layout: Layout,
}

impl Geometry {
    /// A rectangular board. `files` are the author's file letters in order (e.g. `abcdefghik`,
    /// without `j`); ranks are numbered from 1 at White's side. Families `O` and `D`.
    pub fn square(files: &str, ranks: usize) -> Geometry {
        let files: Vec<char> = files.chars().collect();
        assert!(files.len() * ranks <= 128, "board larger than 128 cells");
        let mut cells = Vec::new();
        for r in 0..ranks {
            for (f, fc) in files.iter().enumerate() {
                let consecutive = (b'a' + f as u8) as char;
                cells.push(CellSpec {
                    coord: [f as i8, r as i8, 0, 0],
                    name: format!("{fc}{}", r + 1),
                    coord_name: format!("{consecutive}{}", r + 1),
                    place: (ranks - 1 - r, f),
                });
            }
        }
        let mut dirs = Vec::new();
        let mut o = Vec::new();
        let mut d = Vec::new();
        for dy in -1i8..=1 {
            for dx in -1i8..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                if dx == 0 || dy == 0 {
                    o.push(dirs.len());
                } else {
                    d.push(dirs.len());
                }
                dirs.push([dx, dy, 0, 0]);
            }
        }
        let layout = Layout {
            rows: ranks,
            cols: files.len(),
            place: Vec::new(),
            col_labels: files.iter().map(|c| c.to_string()).collect(),
            row_labels: (1..=ranks).rev().map(|r| r.to_string()).collect(),
        };
        Geometry::build(
            format!("{}x{} square", files.len(), ranks),
            cells,
            dirs,
            vec![Family { letter: 'O', dirs: o }, Family { letter: 'D', dirs: d }],
            [[0, 1, 0, 0], [0, -1, 0, 0]],
            layout,
        )
    }

    fn build(
        description: String,
        cells: Vec<CellSpec>,
        dirs: Vec<Coord>,
        families: Vec<Family>,
        forward: [Coord; 2],
        mut layout: Layout,
    ) -> Geometry {
        let n = cells.len();
        let mut g = Geometry {
            description,
            coords: cells.iter().map(|c| c.coord).collect(),
            names: cells.iter().map(|c| c.name.clone()).collect(),
            coord_names: cells.iter().map(|c| c.coord_name.clone()).collect(),
            lookup: HashMap::new(),
            coord_lookup: HashMap::new(),
            at: HashMap::new(),
            opposite: Vec::new(),
            dirs,
            families,
            forward,
            rays: Vec::new(),
            ray_cells: Vec::new(),
            ascending: Vec::new(),
            all: (0..n as Cell).collect(),
            layout: Layout { place: Vec::new(), ..layout.clone() },
        };
        layout.place = cells.iter().map(|c| c.place).collect();
        g.layout = layout;
        for (i, c) in cells.iter().enumerate() {
            g.lookup.insert(c.name.clone(), i as Cell);
            g.coord_lookup.insert(c.coord_name.clone(), i as Cell);
            g.at.insert(c.coord, i as Cell);
        }
        g.opposite = g
            .dirs
            .iter()
            .map(|d| {
                let neg = [-d[0], -d[1], -d[2], -d[3]];
                g.dirs.iter().position(|e| *e == neg).expect("direction set closed under negation")
            })
            .collect();
        for c in 0..n {
            for d in 0..g.dirs.len() {
                let mut cells = Vec::new();
                let mut p = g.coords[c];
                while let Some(next) = g.offset(p, g.dirs[d]) {
                    cells.push(next);
                    p = g.coords[next as usize];
                }
                g.ascending.push(
                    cells.windows(2).all(|w| w[0] < w[1]) && cells.first().is_none_or(|&f| f as usize > c),
                );
                g.rays.push(cells.iter().copied().collect());
                g.ray_cells.push(cells);
            }
        }
        g
    }

    pub fn len(&self) -> usize {
        self.coords.len()
    }
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }
    pub fn all(&self) -> CellSet {
        self.all
    }
    pub fn coord(&self, c: Cell) -> Coord {
        self.coords[c as usize]
    }
    /// The author's name of a cell (`k10`).
    pub fn name(&self, c: Cell) -> &str {
        &self.names[c as usize]
    }
    /// The protocol name of a cell (consecutive file letters: `j10`).
    pub fn coord_name(&self, c: Cell) -> &str {
        &self.coord_names[c as usize]
    }
    pub fn parse_cell(&self, s: &str) -> Option<Cell> {
        self.lookup.get(s).copied()
    }
    pub fn parse_coord_cell(&self, s: &str) -> Option<Cell> {
        self.coord_lookup.get(s).copied()
    }
    pub fn cell_at(&self, c: Coord) -> Option<Cell> {
        self.at.get(&c).copied()
    }
    /// The cell reached from `p` by adding `d`, if it is on the board.
    pub fn offset(&self, p: Coord, d: Coord) -> Option<Cell> {
        self.cell_at([p[0] + d[0], p[1] + d[1], p[2] + d[2], p[3] + d[3]])
    }
    pub fn family(&self, letter: char) -> Option<&Family> {
        self.families.iter().find(|f| f.letter == letter)
    }
    #[inline]
    pub fn ray(&self, c: Cell, dir: usize) -> CellSet {
        self.rays[c as usize * self.dirs.len() + dir]
    }
    /// Cells of a ray in order of distance.
    pub fn ray_cells(&self, c: Cell, dir: usize) -> &[Cell] {
        &self.ray_cells[c as usize * self.dirs.len() + dir]
    }
    /// Cells a slider on `c` reaches along `dir`, stopping on (and including) the first occupied cell.
    #[inline]
    pub fn slide(&self, c: Cell, dir: usize, occ: CellSet) -> CellSet {
        let i = c as usize * self.dirs.len() + dir;
        let ray = self.rays[i];
        let blockers = ray & occ;
        let nearest = if self.ascending[i] { blockers.first() } else { blockers.last() };
        match nearest {
            Some(b) => ray ^ self.rays[b as usize * self.dirs.len() + dir],
            None => ray,
        }
    }
    /// The first occupied cell along a ray.
    #[inline]
    pub fn first_blocker(&self, c: Cell, dir: usize, occ: CellSet) -> Option<Cell> {
        let i = c as usize * self.dirs.len() + dir;
        let blockers = self.rays[i] & occ;
        if self.ascending[i] {
            blockers.first()
        } else {
            blockers.last()
        }
    }
    /// Chebyshev distance (the "n-th neighbour" ring index of the author's `N(n)`).
    pub fn chebyshev(&self, a: Cell, b: Cell) -> i32 {
        let (p, q) = (self.coord(a), self.coord(b));
        (0..4).map(|i| (p[i] as i32 - q[i] as i32).abs()).max().unwrap_or(0)
    }
    /// The cells at Chebyshev distance exactly `n` (the author's ring of `N(n)`).
    pub fn ring(&self, c: Cell, n: i32) -> CellSet {
        (0..self.len() as Cell).filter(|&o| self.chebyshev(c, o) == n).collect()
    }
    /// The cells sharing the first coordinate (the file) with `c`.
    pub fn file_of(&self, c: Cell) -> CellSet {
        let x = self.coord(c)[0];
        (0..self.len() as Cell).filter(|&o| self.coord(o)[0] == x).collect()
    }
    /// Forward component of a displacement for a side (positive = towards the enemy).
    pub fn forwardness(&self, side: usize, from: Cell, to: Cell) -> i32 {
        let (p, q) = (self.coord(from), self.coord(to));
        (0..4).map(|i| (q[i] as i32 - p[i] as i32) * self.forward[side][i] as i32).sum()
    }
    /// The cell mirrored through the board centre (180° rotation): where the other side's twin stands.
    pub fn centre_mirror(&self, c: Cell) -> Option<Cell> {
        let p = self.coord(c);
        let mut max = [0i8; 4];
        for q in &self.coords {
            for i in 0..4 {
                max[i] = max[i].max(q[i]);
            }
        }
        self.cell_at([max[0] - p[0], max[1] - p[1], max[2] - p[2], max[3] - p[3]])
    }
}

struct CellSpec {
    coord: Coord,
    name: String,
    coord_name: String,
    place: (usize, usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mgc() -> Geometry {
        Geometry::square("abcdefghik", 10)
    }

    #[test]
    fn names_skip_j() {
        let g = mgc();
        assert_eq!(g.len(), 100);
        assert_eq!(g.name(9), "k1");
        assert_eq!(g.coord_name(9), "j1");
        assert_eq!(g.parse_cell("k10"), Some(99));
        assert_eq!(g.parse_cell("j1"), None);
        assert_eq!(g.parse_coord_cell("j10"), Some(99));
    }

    #[test]
    fn neighbour_and_ring_sizes() {
        let g = mgc();
        let e5 = g.parse_cell("e5").unwrap();
        let a1 = g.parse_cell("a1").unwrap();
        assert_eq!(g.ring(e5, 1).count(), 8);
        assert_eq!(g.ring(e5, 2).count(), 16);
        assert_eq!(g.ring(e5, 3).count(), 24);
        assert_eq!(g.ring(a1, 1).count(), 3);
        assert_eq!(g.ring(a1, 2).count(), 5);
    }

    #[test]
    fn slides_stop_at_blockers() {
        let g = mgc();
        let a1 = g.parse_cell("a1").unwrap();
        let up = g.dirs.iter().position(|d| *d == [0, 1, 0, 0]).unwrap();
        assert_eq!(g.ray(a1, up).count(), 9);
        let occ = CellSet::single(g.parse_cell("a5").unwrap());
        assert_eq!(g.slide(a1, up, occ).count(), 4);
        let down = g.opposite[up];
        let a10 = g.parse_cell("a10").unwrap();
        assert_eq!(g.slide(a10, down, occ).count(), 5);
        assert_eq!(g.first_blocker(a10, down, occ), g.parse_cell("a5"));
    }

    #[test]
    fn centre_mirror() {
        let g = mgc();
        assert_eq!(g.centre_mirror(g.parse_cell("e1").unwrap()), g.parse_cell("f10"));
    }
}
