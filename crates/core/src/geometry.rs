//! Boards as sets of cells with integer coordinates.
//!
//! A geometry is data: every cell has up to four coordinates, a name as the author writes it, and a
//! place in text diagrams. Directions are unit vectors grouped into the author's mode *families*
//! (`O` orthogonal, `D` diagonal, later `F`/`H` in 3D/4D or the hex arrow/fork), and all lines are
//! precomputed rays, so move generation never looks at coordinates. Square boards, cubes,
//! tesseracts, hexagons and twin boards differ only in the builder that fills these tables.

use crate::{Cell, CellSet};
use std::collections::HashMap;

/// Most directions a geometry may have (the tesseract has 80).
pub const MAX_DIRS: usize = 80;

/// Up to four integer coordinates (unused ones are 0).
pub type Coord = [i8; 4];

/// A named set of directions, e.g. `O` = the orthogonal unit vectors.
#[derive(Clone, Debug)]
pub struct Family {
    pub letter: char,
    /// White's directions; Black uses them turned around when `mirrored` (hex arrow and fork).
    pub dirs: Vec<usize>,
    pub mirrored: bool,
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
    /// Cells are hexagons in columns, and rows count half cells (the hex board); else squares.
    pub hexagons: bool,
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
    /// The grid the author names cells by (ranks and files); position strings list its rows.
    pub grid: Layout,
    /// The "forward" vector of each side (White, Black); pawn-like modes filter by its sign.
    pub forward: [Coord; 2],
    /// Ray from each cell in each direction (the cell itself excluded): `rays[cell * ndirs + dir]`.
    rays: Vec<CellSet>,
    ray_cells: Vec<Vec<Cell>>,
    /// Whether cell indices grow along the ray (so the nearest blocker is the lowest set bit).
    ascending: Vec<bool>,
    all: CellSet,
    /// The region (board) of each cell: one region except for linked boards (Bermuda chess).
    regions: Vec<u8>,
    /// The linked ("complementary") cell of each cell in the other region, if any.
    links: Vec<Option<Cell>>,
    region_sets: Vec<CellSet>,
    /// How regions are called where several exist ("lower board (L)"), in order.
    pub region_names: Vec<String>,
    /// Cell names start with an upper-case region letter (`Le4`).
    prefixed: bool,
    /// How to draw the board (layers side by side for the cube, blocks for the tesseract,
    /// staggered files for hexagons); equal to `grid` on square boards.
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
            place: cells.iter().map(|c| c.place).collect(),
            col_labels: files.iter().map(|c| c.to_string()).collect(),
            row_labels: (1..=ranks).rev().map(|r| r.to_string()).collect(),
            hexagons: false,
        };
        Geometry::build(
            format!("{}x{} square", files.len(), ranks),
            cells,
            dirs,
            vec![
                Family { letter: 'O', dirs: o, mirrored: false },
                Family { letter: 'D', dirs: d, mirrored: false },
            ],
            [[0, 1, 0, 0], [0, -1, 0, 0]],
            layout.clone(),
            layout,
        )
    }

    /// A grid of `n` cells per axis in `dims` dimensions (the 4x4x4 cube, the 3x3x3x3 tesseract),
    /// named through a 2D board of the author's: `name_of(coord)` gives (file, rank) 0-based on it.
    /// Families by how many coordinates change at once: `O` one, `F` two, `D` three, `H` four.
    fn lattice(
        description: &str,
        dims: usize,
        n: i8,
        name_of: impl Fn([i8; 4]) -> (usize, usize),
        grid_size: (usize, usize),
        display: impl Fn([i8; 4]) -> (usize, usize),
        display_layout: (usize, usize, Vec<String>, Vec<String>),
    ) -> Geometry {
        // Cells are numbered with the first axis fastest, so indices change monotonically
        // along every ray (the nearest blocker is then the lowest or highest bit).
        let mut cells = Vec::new();
        let total = (n as usize).pow(dims as u32);
        for i in 0..total {
            let mut c = [0i8; 4];
            let mut rest = i;
            for axis in c.iter_mut().take(dims) {
                *axis = (rest % n as usize) as i8;
                rest /= n as usize;
            }
            let (f, r) = name_of(c);
            let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
            cells.push(CellSpec { coord: c, name: name.clone(), coord_name: name, place: display(c) });
        }
        let mut dirs = Vec::new();
        let mut families: Vec<Family> = ['O', 'F', 'D', 'H']
            .iter()
            .take(dims)
            .map(|&letter| Family { letter, dirs: Vec::new(), mirrored: false })
            .collect();
        for code in 0..3usize.pow(dims as u32) {
            let mut v = [0i8; 4];
            let mut rest = code;
            for axis in v.iter_mut().take(dims) {
                *axis = (rest % 3) as i8 - 1;
                rest /= 3;
            }
            let changed = v.iter().filter(|&&x| x != 0).count();
            if changed > 0 {
                families[changed - 1].dirs.push(dirs.len());
                dirs.push(v);
            }
        }
        let (gc, gr) = grid_size;
        let grid = Layout {
            rows: gr,
            cols: gc,
            place: cells
                .iter()
                .map(|c| {
                    let (f, r) = name_of(c.coord);
                    (gr - 1 - r, f)
                })
                .collect(),
            col_labels: (0..gc).map(|f| ((b'a' + f as u8) as char).to_string()).collect(),
            row_labels: (1..=gr).rev().map(|r| r.to_string()).collect(),
            hexagons: false,
        };
        let (rows, cols, col_labels, row_labels) = display_layout;
        let layout = Layout {
            rows,
            cols,
            place: cells.iter().map(|c| c.place).collect(),
            col_labels,
            row_labels,
            hexagons: false,
        };
        let mut forward = [[0i8; 4], [0i8; 4]];
        forward[0][..dims].fill(1);
        forward[1][..dims].fill(-1);
        Geometry::build(description.to_string(), cells, dirs, families, forward, grid, layout)
    }

    /// A box of square layers (Doseki's 9x9x9 cube): cells are named layer letter, file, rank
    /// (`Ee5`) and numbered file fastest, then rank, then layer. Families by how many coordinates
    /// change at once: `O` one, `F` two (face diagonal), `D` three (space diagonal); forward is
    /// up the ranks. Diagrams draw the layers as a grid of boards, three to a row.
    pub fn layers(layers: &str, files: &str, ranks: usize) -> Geometry {
        let (layers, files): (Vec<char>, Vec<char>) = (layers.chars().collect(), files.chars().collect());
        let (nl, nf) = (layers.len(), files.len());
        let per_row = 3.min(nl.max(1));
        let mut cells = Vec::new();
        for (l, lc) in layers.iter().enumerate() {
            for r in 0..ranks {
                for (f, fc) in files.iter().enumerate() {
                    let name = format!("{lc}{fc}{}", r + 1);
                    let (br, bc) = (l / per_row, l % per_row);
                    cells.push(CellSpec {
                        coord: [f as i8, r as i8, l as i8, 0],
                        name: name.clone(),
                        coord_name: name,
                        place: (br * (ranks + 1) + ranks - 1 - r, bc * (nf + 1) + f),
                    });
                }
            }
        }
        let mut dirs = Vec::new();
        let mut families: Vec<Family> = ['O', 'F', 'D']
            .iter()
            .map(|&letter| Family { letter, dirs: Vec::new(), mirrored: false })
            .collect();
        for dz in -1i8..=1 {
            for dy in -1i8..=1 {
                for dx in -1i8..=1 {
                    let changed = [dx, dy, dz].iter().filter(|&&x| x != 0).count();
                    if changed > 0 {
                        families[changed - 1].dirs.push(dirs.len());
                        dirs.push([dx, dy, dz, 0]);
                    }
                }
            }
        }
        let grid = Layout {
            rows: nl * ranks,
            cols: nf,
            place: cells
                .iter()
                .map(|c| (c.coord[2] as usize * ranks + ranks - 1 - c.coord[1] as usize, c.coord[0] as usize))
                .collect(),
            col_labels: files.iter().map(|c| c.to_string()).collect(),
            row_labels: layers
                .iter()
                .flat_map(|l| (1..=ranks).rev().map(move |r| format!("{l}{r}")))
                .collect(),
            hexagons: false,
        };
        let block_rows = nl.div_ceil(per_row);
        let mut col_labels = Vec::new();
        for b in 0..per_row {
            if b > 0 {
                col_labels.push("|".to_string());
            }
            col_labels.extend(files.iter().map(|c| c.to_string()));
        }
        let mut row_labels = Vec::new();
        for br in 0..block_rows {
            if br > 0 {
                row_labels.push("-".to_string());
            }
            let names: String = layers.iter().skip(br * per_row).take(per_row).collect();
            for r in (1..=ranks).rev() {
                row_labels.push(if r == ranks { format!("{names} {r}") } else { r.to_string() });
            }
        }
        let layout = Layout {
            rows: block_rows * (ranks + 1) - 1,
            cols: per_row * (nf + 1) - 1,
            place: cells.iter().map(|c| c.place).collect(),
            col_labels,
            row_labels,
            hexagons: false,
        };
        Geometry::build(
            format!("{nf}x{ranks}x{nl} layers"),
            cells,
            dirs,
            families,
            [[0, 1, 0, 0], [0, -1, 0, 0]],
            grid,
            layout,
        )
    }

    /// The 64-cell cube of the author's cubic chess: four 4x4 layers named as the quadrants of an
    /// a1–h8 board (First a–d 1–4, Second e–h 1–4, Third a–d 5–8, Fourth e–h 5–8).
    pub fn cube() -> Geometry {
        let name_of = |c: [i8; 4]| {
            let (x, y, z) = (c[0] as usize, c[1] as usize, c[2] as usize);
            (x + 4 * (z % 2), y + 4 * (z / 2))
        };
        // The four layers side by side, a separator column between them.
        let display = |c: [i8; 4]| (3 - c[1] as usize, c[2] as usize * 5 + c[0] as usize);
        let mut col_labels = Vec::new();
        for z in 0..4 {
            for x in 0..4 {
                col_labels.push(((b'a' + (x + 4 * (z % 2)) as u8) as char).to_string());
            }
            if z < 3 {
                col_labels.push("|".to_string());
            }
        }
        let row_labels = (0..4).rev().map(|y| format!("y{y}")).collect();
        Geometry::lattice("4x4x4 cube", 3, 4, name_of, (8, 8), display, (4, 19, col_labels, row_labels))
    }

    /// The 81-cell tesseract of Nihongi, named and drawn as a 9x9 Sudoku grid: file = 3p + q,
    /// rank = 3s + t, each 3x3 block a 2D slice.
    pub fn tesseract() -> Geometry {
        let name_of = |c: [i8; 4]| (3 * c[0] as usize + c[1] as usize, 3 * c[2] as usize + c[3] as usize);
        // The 9x9 grid with a separator column and row between the blocks.
        let display = |c: [i8; 4]| {
            let (f, r) = (3 * c[0] as usize + c[1] as usize, 3 * c[2] as usize + c[3] as usize);
            (10 - (r + r / 3), f + f / 3)
        };
        let mut col_labels = Vec::new();
        for f in 0..9 {
            if f > 0 && f % 3 == 0 {
                col_labels.push("|".to_string());
            }
            col_labels.push(((b'a' + f as u8) as char).to_string());
        }
        let mut row_labels = Vec::new();
        for r in (0..9).rev() {
            row_labels.push((r + 1).to_string());
            if r > 0 && r % 3 == 0 {
                row_labels.push("-".to_string());
            }
        }
        Geometry::lattice(
            "3x3x3x3 tesseract",
            4,
            3,
            name_of,
            (9, 9),
            display,
            (11, 11, col_labels, row_labels),
        )
    }

    /// The 68-cell hexagonal board of Brilliant chess: files a–i of hexagons sharing edges; the
    /// long files a c e g i have ranks 1–8, the short files b d f h ranks 1–7, half a cell higher.
    /// Coordinates are "doubled" (x = file, y = 2·(rank − 1), plus 1 on short files) so that the
    /// six directions are constant vectors and "forward" is +y. Families: `S` the star (all six),
    /// `A` the arrow (forward, back-left, back-right) and `F` the fork (back, forward-left,
    /// forward-right), both turned around for Black.
    pub fn hex() -> Geometry {
        // Numbered file by file, so that indices change monotonically along all six directions.
        let mut cells = Vec::new();
        for f in 0..9usize {
            for r in 0..8usize {
                let short = f % 2 == 1;
                if short && r == 7 {
                    continue;
                }
                let y = 2 * r + short as usize;
                let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                cells.push(CellSpec {
                    coord: [f as i8, y as i8, 0, 0],
                    name: name.clone(),
                    coord_name: name,
                    place: (14 - y, f),
                });
            }
        }
        let dirs: Vec<Coord> = vec![
            [0, 2, 0, 0],   // N
            [1, 1, 0, 0],   // NE
            [1, -1, 0, 0],  // SE
            [0, -2, 0, 0],  // S
            [-1, -1, 0, 0], // SW
            [-1, 1, 0, 0],  // NW
        ];
        let families = vec![
            Family { letter: 'S', dirs: (0..6).collect(), mirrored: false },
            Family { letter: 'A', dirs: vec![0, 4, 2], mirrored: true },
            Family { letter: 'F', dirs: vec![3, 5, 1], mirrored: true },
        ];
        let grid = Layout {
            rows: 8,
            cols: 9,
            place: cells.iter().map(|c| (7 - c.coord[1] as usize / 2, c.coord[0] as usize)).collect(),
            col_labels: (0..9).map(|f| ((b'a' + f as u8) as char).to_string()).collect(),
            row_labels: (1..=8).rev().map(|r| r.to_string()).collect(),
            hexagons: false,
        };
        let layout = Layout {
            rows: 15,
            cols: 9,
            place: cells.iter().map(|c| c.place).collect(),
            col_labels: grid.col_labels.clone(),
            row_labels: (0..15)
                .map(|i| if i % 2 == 0 { (8 - i / 2).to_string() } else { String::new() })
                .collect(),
            hexagons: true,
        };
        Geometry::build(
            "68-cell hexagonal".to_string(),
            cells,
            dirs,
            families,
            [[0, 1, 0, 0], [0, -1, 0, 0]],
            grid,
            layout,
        )
    }

    /// Two linked square boards (Bermuda chess): the lower board `L` and the upper board `U`,
    /// both named from White's side (`Le4`, `Ue4`); each cell's link is the cell of the same name
    /// on the other board. Families `O` and `D` stay on one board; `V` is the one step down from
    /// an upper cell to its linked lower cell. Position strings list the lower board's ranks from
    /// the top, then the upper board's; diagrams draw the two side by side, lower on the left.
    pub fn twin(files: &str, ranks: usize) -> Geometry {
        // The boards lie far apart in z, so that no leap or ring reaches across.
        const UP: i8 = 60;
        let files: Vec<char> = files.chars().collect();
        let nf = files.len();
        let mut cells = Vec::new();
        for (board, prefix) in ['L', 'U'].into_iter().enumerate() {
            for r in 0..ranks {
                for (f, fc) in files.iter().enumerate() {
                    let name = format!("{prefix}{fc}{}", r + 1);
                    cells.push(CellSpec {
                        coord: [f as i8, r as i8, board as i8 * UP, 0],
                        name: name.clone(),
                        coord_name: name,
                        place: (ranks - 1 - r, board * (nf + 1) + f),
                    });
                }
            }
        }
        let mut dirs = Vec::new();
        let (mut o, mut d) = (Vec::new(), Vec::new());
        for dy in -1i8..=1 {
            for dx in -1i8..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                if dx == 0 || dy == 0 { &mut o } else { &mut d }.push(dirs.len());
                dirs.push([dx, dy, 0, 0]);
            }
        }
        let down = dirs.len();
        dirs.push([0, 0, -UP, 0]);
        dirs.push([0, 0, UP, 0]);
        let grid = Layout {
            rows: 2 * ranks,
            cols: nf,
            place: cells
                .iter()
                .map(|c| {
                    (
                        c.coord[2] as usize / UP as usize * ranks + ranks - 1 - c.coord[1] as usize,
                        c.coord[0] as usize,
                    )
                })
                .collect(),
            col_labels: files.iter().map(|c| c.to_string()).collect(),
            row_labels: ['L', 'U']
                .iter()
                .flat_map(|b| (1..=ranks).rev().map(move |r| format!("{b}{r}")))
                .collect(),
            hexagons: false,
        };
        let mut col_labels: Vec<String> = files.iter().map(|c| c.to_string()).collect();
        col_labels.push("|".to_string());
        col_labels.extend(files.iter().map(|c| c.to_string()));
        let layout = Layout {
            rows: ranks,
            cols: 2 * nf + 1,
            place: cells.iter().map(|c| c.place).collect(),
            col_labels,
            row_labels: (1..=ranks).rev().map(|r| r.to_string()).collect(),
            hexagons: false,
        };
        let mut g = Geometry::build(
            format!("two linked {nf}x{ranks} boards"),
            cells,
            dirs,
            vec![
                Family { letter: 'O', dirs: o, mirrored: false },
                Family { letter: 'D', dirs: d, mirrored: false },
                Family { letter: 'V', dirs: vec![down], mirrored: false },
            ],
            [[0, 1, 0, 0], [0, -1, 0, 0]],
            grid,
            layout,
        );
        let half = nf * ranks;
        for c in 0..half {
            g.regions[half + c] = 1;
            g.links[c] = Some((half + c) as Cell);
            g.links[half + c] = Some(c as Cell);
        }
        let lower: CellSet = (0..half as Cell).collect();
        g.region_sets = vec![lower, g.all ^ lower];
        g.region_names = vec!["lower board (L)".to_string(), "upper board (U)".to_string()];
        g
    }

    fn build(
        description: String,
        cells: Vec<CellSpec>,
        dirs: Vec<Coord>,
        families: Vec<Family>,
        forward: [Coord; 2],
        grid: Layout,
        layout: Layout,
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
            all: if n <= 128 { (0..n as Cell).collect() } else { CellSet::EMPTY },
            regions: vec![0; n],
            links: vec![None; n],
            region_sets: Vec::new(),
            region_names: Vec::new(),
            prefixed: cells.iter().any(|c| c.name.starts_with(|ch: char| ch.is_ascii_uppercase())),
            grid,
            layout,
        };
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
                // Cell-set views exist for boards of up to 128 cells (one u128).
                g.rays.push(if n <= 128 { cells.iter().copied().collect() } else { CellSet::EMPTY });
                g.ray_cells.push(cells);
            }
        }
        g.region_sets = vec![g.all];
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
    /// Splits a leading cell name off `s` (`k10-…`, `Le4:…`): the region letter if the board's
    /// names have one, file letters, then the rank digits. The name is returned whether or not
    /// the board has such a cell, so that errors can quote it.
    pub fn split_cell<'a>(&self, s: &'a str) -> Option<(&'a str, &'a str)> {
        let prefix = (self.prefixed && s.starts_with(|c: char| c.is_ascii_uppercase())) as usize;
        let letters = s[prefix..].chars().take_while(|c| c.is_ascii_lowercase()).count();
        let digits = s[prefix + letters..].chars().take_while(|c| c.is_ascii_digit()).count();
        (letters > 0 && digits > 0).then(|| s.split_at(prefix + letters + digits))
    }
    /// Whether cell names start with a region letter (so an upper-case letter before a cell is
    /// part of its name, not a piece letter).
    pub fn prefixed_names(&self) -> bool {
        self.prefixed
    }
    /// The region (board) of a cell.
    #[inline]
    pub fn region(&self, c: Cell) -> u8 {
        self.regions[c as usize]
    }
    /// The linked cell in the other region (Bermuda chess's complementary square).
    #[inline]
    pub fn link(&self, c: Cell) -> Option<Cell> {
        self.links[c as usize]
    }
    /// Every cell of a region.
    #[inline]
    pub fn region_set(&self, r: u8) -> CellSet {
        self.region_sets[r as usize]
    }
    pub fn region_count(&self) -> u8 {
        self.region_sets.len() as u8
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
    /// The direction straight ahead for `side`: the one pointing exactly along its forward
    /// vector, if the board has one (not the cube or the tesseract, whose forward is diagonal).
    pub fn straight(&self, side: crate::Color) -> Option<usize> {
        let f = self.forward[side.index()];
        self.dirs.iter().position(|d| {
            let k = (0..4).find(|&i| f[i] != 0).map_or(0, |i| d[i] / f[i]);
            k > 0 && (0..4).all(|i| d[i] == k * f[i])
        })
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
