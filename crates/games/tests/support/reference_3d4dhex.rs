//! Independent *reference* move generator for the 64-cell cubic chess (`cubic`, `cubic-asym`),
//! Nihongi (`nihongi`) and Brilliant chess (`brilliant`), written straight from docs/rules.md (All games; Cubic chess;
//! Nihongi; Brilliant chess).
//!
//! Why it exists: the project's fast generator builds these boards as tables of rays
//! (`Geometry::cube`, `tesseract`, `hex`) and compiles the pieces from mode notation; this file
//! shares nothing with it (pure `std`, no project crates). It computes every neighbour afresh from
//! the coordinate definitions of the rules text with plain tuples and offset vectors, keeps the
//! board as the author's naming grid, and tries every move on a fresh copy of the position. It is
//! written to be obviously correct, not fast.
//!
//! Geometry (docs/rules.md is authoritative):
//! * Cube (docs/rules.md, Cubic chess): a cell is named on an a1–h8 board; 0-based file `f`, rank `r`;
//!   x = f mod 4, y = r mod 4, z = f div 4 + 2·(r div 4). Inverse f = x + 4·(z mod 2),
//!   r = y + 4·(z div 2). Modes O (one coordinate changes by ±1), F (exactly two), D (all three).
//! * Tesseract (docs/rules.md, Nihongi): a cell is named on a 9x9 board; p = f div 3, q = f mod 3, s = r div 3,
//!   t = r mod 3. Inverse f = 3p + q, r = 3s + t. O one coordinate, F two, D three change by ±1.
//! * Hexagons (docs/rules.md, Brilliant chess): files a–i (f = 0..8); long files (f even) ranks 1–8, short files (f odd)
//!   ranks 1–7. Neighbours of (f, r): N = (f, r+1), S = (f, r−1); f even: NE = (f+1, r),
//!   SE = (f+1, r−1), NW = (f−1, r), SW = (f−1, r−1); f odd: NE = (f+1, r+1), SE = (f+1, r),
//!   NW = (f−1, r+1), SW = (f−1, r). A line keeps one direction.
//!
//! Pieces:
//! * Cube and Nihongi: P steps by +1 (White) / −1 (Black) on exactly one coordinate, moving and
//!   capturing alike, no double step, promotion on arrival on the opposite King's start cell
//!   (White h8 / i9, Black a1), mandatory, to H B R Q; H = O(1) or D(1) step; B = F slider;
//!   R = O slider; Q = O + F sliders; K = O(1) step, D(1) step only while never checked.
//! * Brilliant: N = one step in any of the 6 directions or a leap to the second cell along one;
//!   B slides 1–2 cells, R 1–3, Q any distance (6 directions, every cell before the last empty);
//!   K one step, the 2-cell leap while never checked; P quiet step straight forward (N White,
//!   S Black), captures forward-left/right (White NW/NE, Black SW/SE), a double step straight
//!   forward on its own first move (both cells empty), en passant on the skipped cell on the very
//!   next move (Gliński), promotion fixed by the arrival cell and mandatory (White a8/i8 R, b7/h7 N,
//!   c8/g8 Q, d7/f7 B, e8 K; Black a1/i1 R, b1/h1 N, c1/g1 Q, d1/f1 B, e1 K) except that a third
//!   King is refused (the pawn then stays a pawn).
//! * Jump right (docs/rules.md, All games, the jump right of royal pieces): each King has a permanent "has been checked" flag. After a move
//!   every King of the opponent that the mover's pieces attack is flagged (the mover's own flags
//!   as they are). A move is legal iff afterwards at least one of the mover's Kings is not attacked
//!   by the opponent (whose Kings' extra moves count only while their flags are clear) — with one
//!   King: that King is not attacked; with two (Brilliant, docs/rules.md, Brilliant chess): not both.
//!
//! Position text (`from_fen`): `<rows> <side> <ep> <halfmove> <fullmove>`, rows of the naming grid
//! from the top (8x8 for the cube, 9x9 for Nihongi; for the hexagons ranks 8..1 with only the files
//! present on that rank, so rank 8 lists a c e g i); numbers for empty cells; upper case White; `'`
//! after a Brilliant pawn = it has moved; `!` after a King = it has been checked; `<ep>` = the cell a
//! Brilliant pawn skipped with its double step on the last move, written (as the project does) only
//! when an enemy pawn's capture reaches that cell, else `-`.
//!
//! Convention (as in `reference.rs`): a King of the side to move that stands attacked *has been*
//! checked even if its `!` mark is missing (see `settled`).
#![allow(dead_code)]

use std::sync::OnceLock;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Game {
    Cubic,
    CubicAsym,
    Nihongi,
    Brilliant,
}

pub const ALL_GAMES: [Game; 4] = [Game::Cubic, Game::CubicAsym, Game::Nihongi, Game::Brilliant];

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// +1 for White, −1 for Black.
    pub fn sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// A cell as (file, rank) on the author's naming grid, both 0-based (file a = 0, rank 1 = 0).
pub type Sq = (i32, i32);

/// The six hexagonal directions of docs/rules.md, Brilliant chess.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hex {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

pub const HEX_DIRS: [Hex; 6] = [Hex::N, Hex::NE, Hex::SE, Hex::S, Hex::SW, Hex::NW];

/// A direction: an offset vector on the cube / tesseract (unused coordinates 0), or one of the
/// hexagonal directions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    Vector([i32; 4]),
    Hex(Hex),
}

/// One piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub color: Color,
    /// Upper-case letter: P H N B R Q K.
    pub letter: char,
    /// Brilliant pawns only: this pawn has moved (no double step any more).
    pub moved: bool,
    /// Kings only: this King has been checked (lost its extra moves for ever).
    pub checked: bool,
}

impl Game {
    pub fn id(self) -> &'static str {
        match self {
            Game::Cubic => "cubic",
            Game::CubicAsym => "cubic-asym",
            Game::Nihongi => "nihongi",
            Game::Brilliant => "brilliant",
        }
    }

    /// Files and ranks of the naming grid.
    pub fn grid(self) -> (i32, i32) {
        match self {
            Game::Cubic | Game::CubicAsym => (8, 8),
            Game::Nihongi => (9, 9),
            Game::Brilliant => (9, 8),
        }
    }

    /// Whether a (file, rank) is a cell of the board.
    pub fn exists(self, sq: Sq) -> bool {
        let (files, ranks) = self.grid();
        if !(0..files).contains(&sq.0) || !(0..ranks).contains(&sq.1) {
            return false;
        }
        match self {
            // Short files (b d f h) have ranks 1–7 only.
            Game::Brilliant => sq.0 % 2 == 0 || sq.1 < 7,
            _ => true,
        }
    }

    /// Every cell, rank by rank from a1.
    pub fn cells(self) -> Vec<Sq> {
        let (files, ranks) = self.grid();
        let mut out = Vec::new();
        for r in 0..ranks {
            for f in 0..files {
                if self.exists((f, r)) {
                    out.push((f, r));
                }
            }
        }
        out
    }

    /// The author's name of a cell, e.g. `e2`.
    pub fn name(self, sq: Sq) -> String {
        format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
    }

    /// Reads a cell name.
    pub fn parse_cell(self, s: &str) -> Option<Sq> {
        let mut chars = s.chars();
        let f = chars.next()? as i32 - 'a' as i32;
        let r: i32 = chars.as_str().parse().ok()?;
        let sq = (f, r - 1);
        self.exists(sq).then_some(sq)
    }

    /// Number of coordinates (3 cube, 4 tesseract, 0 hexagons).
    pub fn dims(self) -> usize {
        match self {
            Game::Cubic | Game::CubicAsym => 3,
            Game::Nihongi => 4,
            Game::Brilliant => 0,
        }
    }

    /// Coordinates of a cell of the cube (x, y, z, 0) or tesseract (p, q, s, t) (docs/rules.md, Cubic chess and Nihongi).
    pub fn coords(self, sq: Sq) -> [i32; 4] {
        let (f, r) = sq;
        match self {
            Game::Cubic | Game::CubicAsym => [f % 4, r % 4, f / 4 + 2 * (r / 4), 0],
            Game::Nihongi => [f / 3, f % 3, r / 3, r % 3],
            Game::Brilliant => panic!("reference: the hexagonal board has no lattice coordinates"),
        }
    }

    /// The cell with these coordinates, if any.
    pub fn cell_at(self, c: &[i32; 4]) -> Option<Sq> {
        match self {
            Game::Cubic | Game::CubicAsym => {
                if c[..3].iter().any(|&v| !(0..4).contains(&v)) || c[3] != 0 {
                    return None;
                }
                Some((c[0] + 4 * (c[2] % 2), c[1] + 4 * (c[2] / 2)))
            }
            Game::Nihongi => {
                if c.iter().any(|&v| !(0..3).contains(&v)) {
                    return None;
                }
                Some((3 * c[0] + c[1], 3 * c[2] + c[3]))
            }
            Game::Brilliant => None,
        }
    }

    /// Offset vectors with exactly `changed` non-zero coordinates, each ±1
    /// (1: O orthogonal, 2: F face diagonal, 3: D space diagonal, 4: H hyper diagonal).
    pub fn vectors(self, changed: usize) -> &'static [[i32; 4]] {
        // Computed once per dimension (3 or 4), then kept: [dims - 3][changed].
        static VECTORS: OnceLock<Vec<Vec<Vec<[i32; 4]>>>> = OnceLock::new();
        let all = VECTORS.get_or_init(|| {
            (3..=4usize)
                .map(|dims| {
                    let mut by_changed = vec![Vec::new(); 5];
                    for code in 0..3usize.pow(dims as u32) {
                        let mut v = [0i32; 4];
                        let mut rest = code;
                        for x in v.iter_mut().take(dims) {
                            *x = (rest % 3) as i32 - 1;
                            rest /= 3;
                        }
                        by_changed[v.iter().filter(|&&x| x != 0).count()].push(v);
                    }
                    by_changed
                })
                .collect()
        });
        &all[self.dims() - 3][changed]
    }

    /// One step from `sq` in direction `d`, if the cell exists.
    pub fn step(self, sq: Sq, d: &Dir) -> Option<Sq> {
        match d {
            Dir::Vector(v) => {
                let c = self.coords(sq);
                self.cell_at(&[c[0] + v[0], c[1] + v[1], c[2] + v[2], c[3] + v[3]])
            }
            Dir::Hex(h) => {
                let (f, r) = sq;
                let long = f % 2 == 0;
                let to = match (h, long) {
                    (Hex::N, _) => (f, r + 1),
                    (Hex::S, _) => (f, r - 1),
                    (Hex::NE, true) => (f + 1, r),
                    (Hex::SE, true) => (f + 1, r - 1),
                    (Hex::NW, true) => (f - 1, r),
                    (Hex::SW, true) => (f - 1, r - 1),
                    (Hex::NE, false) => (f + 1, r + 1),
                    (Hex::SE, false) => (f + 1, r),
                    (Hex::NW, false) => (f - 1, r + 1),
                    (Hex::SW, false) => (f - 1, r),
                };
                self.exists(to).then_some(to)
            }
        }
    }

    /// A quick necessary condition for a piece on `a` to attack `b` (only to save time): on the
    /// cube and tesseract every move goes k steps along one vector of ±1 and 0 components, so the
    /// difference of the coordinates has all its non-zero components of one size k. (Always true
    /// on the hexagons.)
    pub fn on_a_line(self, a: Sq, b: Sq) -> bool {
        if self == Game::Brilliant {
            return true;
        }
        let (p, q) = (self.coords(a), self.coords(b));
        let mut k = 0;
        for i in 0..4 {
            let d = (q[i] - p[i]).abs();
            if d != 0 {
                if k != 0 && d != k {
                    return false;
                }
                k = d;
            }
        }
        k != 0
    }

    /// The cells along a line from `sq` (itself excluded), nearest first.
    pub fn line(self, sq: Sq, d: &Dir) -> Vec<Sq> {
        let mut out = Vec::new();
        let mut at = sq;
        while let Some(next) = self.step(at, d) {
            out.push(next);
            at = next;
        }
        out
    }

    /// The cell mirrored through the board's centre.
    pub fn mirror(self, sq: Sq) -> Sq {
        match self {
            Game::Brilliant => {
                // File f -> 8 - f; ranks 1..8 (long) or 1..7 (short) reversed.
                let top = if sq.0 % 2 == 0 { 7 } else { 6 };
                (8 - sq.0, top - sq.1)
            }
            _ => {
                let n = if self.dims() == 3 { 3 } else { 2 };
                let c = self.coords(sq);
                let m = [n - c[0], n - c[1], n - c[2], if self.dims() == 3 { 0 } else { n - c[3] }];
                self.cell_at(&m).unwrap()
            }
        }
    }

    /// The pawn promotion of `color` arriving on `to`: the piece letters offered.
    fn promotion(self, color: Color, to: Sq) -> Vec<char> {
        let name = self.name(to);
        match self {
            Game::Cubic | Game::CubicAsym | Game::Nihongi => {
                // The opposite King's start cell.
                let cell = match (self, color) {
                    (Game::Nihongi, Color::White) => "i9",
                    (_, Color::White) => "h8",
                    (_, Color::Black) => "a1",
                };
                if name == cell {
                    vec!['H', 'B', 'R', 'Q']
                } else {
                    vec![]
                }
            }
            Game::Brilliant => {
                let table: &[(&str, char)] = match color {
                    Color::White => &[
                        ("a8", 'R'),
                        ("i8", 'R'),
                        ("b7", 'N'),
                        ("h7", 'N'),
                        ("c8", 'Q'),
                        ("g8", 'Q'),
                        ("d7", 'B'),
                        ("f7", 'B'),
                        ("e8", 'K'),
                    ],
                    Color::Black => &[
                        ("a1", 'R'),
                        ("i1", 'R'),
                        ("b1", 'N'),
                        ("h1", 'N'),
                        ("c1", 'Q'),
                        ("g1", 'Q'),
                        ("d1", 'B'),
                        ("f1", 'B'),
                        ("e1", 'K'),
                    ],
                };
                table.iter().filter(|(c, _)| *c == name).map(|&(_, l)| l).collect()
            }
        }
    }

    /// The setups of docs/rules.md, verbatim square lists: (letter, White cells, Black cells).
    fn setup(self) -> Vec<(char, &'static str, &'static str)> {
        match self {
            Game::Cubic => vec![
                ('P', "a4 b3 c2 d1 e2 e3 f1 g1", "b8 c8 d6 d7 e8 f7 g6 h5"),
                ('H', "a3 c1", "f8 h6"),
                ('B', "b2 f2", "c7 g7"),
                ('R', "a2 b1", "g8 h7"),
                ('Q', "e1", "d8"),
                ('K', "a1", "h8"),
            ],
            Game::CubicAsym => vec![
                ('P', "a4 b3 c2 d1 e1 e3 f2 g1", "b8 c7 d8 d6 e8 f7 g6 h5"),
                ('H', "e2 f1", "c8 d7"),
                ('B', "a2 b2", "g7 h7"),
                ('R', "a3 c1", "f8 h6"),
                ('Q', "b1", "g8"),
                ('K', "a1", "h8"),
            ],
            Game::Nihongi => vec![
                ('P', "a4 a5 b4 c3 d1 d2 e1", "e9 f8 f9 g7 h6 i5 i6"),
                ('H', "a3 b3", "h7 i7"),
                ('B', "c1 c2", "g8 g9"),
                ('R', "a2 b2", "h8 i8"),
                ('Q', "b1", "h9"),
                ('K', "a1", "i9"),
            ],
            Game::Brilliant => vec![
                ('P', "a2 b2 c2 d2 e2 f2 g2 h2 i2", "a7 b6 c7 d6 e7 f6 g7 h6 i7"),
                ('N', "b1 h1", "b7 h7"),
                ('B', "d1 f1", "d7 f7"),
                ('R', "a1 i1", "a8 i8"),
                ('Q', "c1 g1", "c8 g8"),
                ('K', "e1", "e8"),
            ],
        }
    }

    /// How a piece (other than the Pawn) moves: (directions, how far: `Some(n)` at most n cells,
    /// `None` any distance, `leap`: jump to exactly that distance over anything).
    fn reach(self, letter: char, king_unchecked: bool) -> Vec<(Dir, Option<i32>, bool)> {
        let mut out = Vec::new();
        let vec_dirs = |changed: usize| self.vectors(changed).iter().map(|&v| Dir::Vector(v));
        let hex_dirs = || HEX_DIRS.iter().map(|&h| Dir::Hex(h));
        match (self, letter) {
            (Game::Brilliant, 'N') => {
                out.extend(hex_dirs().map(|d| (d, Some(1), false)));
                out.extend(hex_dirs().map(|d| (d, Some(2), true)));
            }
            (Game::Brilliant, 'B') => out.extend(hex_dirs().map(|d| (d, Some(2), false))),
            (Game::Brilliant, 'R') => out.extend(hex_dirs().map(|d| (d, Some(3), false))),
            (Game::Brilliant, 'Q') => out.extend(hex_dirs().map(|d| (d, None, false))),
            (Game::Brilliant, 'K') => {
                out.extend(hex_dirs().map(|d| (d, Some(1), false)));
                if king_unchecked {
                    out.extend(hex_dirs().map(|d| (d, Some(2), true)));
                }
            }
            (Game::Brilliant, other) => panic!("reference: Brilliant has no piece {other:?}"),
            (_, 'H') => {
                out.extend(vec_dirs(1).map(|d| (d, Some(1), false)));
                out.extend(vec_dirs(3).map(|d| (d, Some(1), false)));
            }
            (_, 'B') => out.extend(vec_dirs(2).map(|d| (d, None, false))),
            (_, 'R') => out.extend(vec_dirs(1).map(|d| (d, None, false))),
            (_, 'Q') => {
                out.extend(vec_dirs(1).map(|d| (d, None, false)));
                out.extend(vec_dirs(2).map(|d| (d, None, false)));
            }
            (_, 'K') => {
                out.extend(vec_dirs(1).map(|d| (d, Some(1), false)));
                if king_unchecked {
                    out.extend(vec_dirs(3).map(|d| (d, Some(1), false)));
                }
            }
            (_, other) => panic!("reference: {} has no piece {other:?}", self.id()),
        }
        out
    }

    fn letters(self) -> &'static str {
        match self {
            Game::Brilliant => "PNBRQK",
            _ => "PHBRQK",
        }
    }

    /// Brilliant pawn directions of `color`: (straight forward, the two capture directions).
    fn hex_pawn(color: Color) -> (Hex, [Hex; 2]) {
        match color {
            Color::White => (Hex::N, [Hex::NW, Hex::NE]),
            Color::Black => (Hex::S, [Hex::SW, Hex::SE]),
        }
    }
}

/// A move: from, to, the piece a pawn promotes to, and the pawn taken en passant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: Sq,
    pub to: Sq,
    pub promo: Option<char>,
    pub en_passant: Option<Sq>,
}

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    pub game: Game,
    /// `board[rank][file]` on the naming grid (cells that do not exist stay empty).
    pub board: [[Option<Piece>; 9]; 9],
    pub side: Color,
    /// Brilliant: the cell skipped by the last move's double step (if written, see module doc).
    pub ep: Option<Sq>,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl RefPos {
    /// The initial position built from the square lists of docs/rules.md.
    pub fn start(game: Game) -> RefPos {
        let mut pos =
            RefPos { game, board: [[None; 9]; 9], side: Color::White, ep: None, halfmove: 0, fullmove: 1 };
        for (letter, white, black) in game.setup() {
            for (color, list) in [(Color::White, white), (Color::Black, black)] {
                for name in list.split_whitespace() {
                    let sq = game.parse_cell(name).expect("setup cell");
                    assert!(pos.at(sq).is_none(), "reference: two pieces on {name}");
                    pos.set(sq, Some(Piece { color, letter, moved: false, checked: false }));
                }
            }
        }
        pos
    }

    /// A position from lists of `(letter, cell)` (upper-case White, lower-case Black pieces).
    pub fn from_pieces(game: Game, pieces: &[(char, &str)], side: Color) -> RefPos {
        let mut pos = RefPos { game, board: [[None; 9]; 9], side, ep: None, halfmove: 0, fullmove: 1 };
        for &(c, name) in pieces {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let sq = game.parse_cell(name).unwrap_or_else(|| panic!("reference: no cell {name}"));
            pos.set(sq, Some(Piece { color, letter: c.to_ascii_uppercase(), moved: false, checked: false }));
        }
        pos
    }

    /// Rows of the naming grid from the top, each with its cells from left to right.
    fn rows(game: Game) -> Vec<Vec<Sq>> {
        let (files, ranks) = game.grid();
        (0..ranks).rev().map(|r| (0..files).map(|f| (f, r)).filter(|&sq| game.exists(sq)).collect()).collect()
    }

    /// Reads the project's position text (see the module comment).
    pub fn from_fen(game: Game, fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 5 {
            return Err(format!("expected 2 to 5 fields, got {}: {fen:?}", fields.len()));
        }
        let rows = Self::rows(game);
        let texts: Vec<&str> = fields[0].split('/').collect();
        if texts.len() != rows.len() {
            return Err(format!("expected {} rows, got {}", rows.len(), texts.len()));
        }
        let mut board = [[None; 9]; 9];
        for (text, cells) in texts.iter().zip(&rows) {
            let chars: Vec<char> = text.chars().collect();
            let mut i = 0usize;
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                if c.is_ascii_digit() {
                    let mut n = 0usize;
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        n = n * 10 + chars[k].to_digit(10).unwrap() as usize;
                        k += 1;
                    }
                    if n == 0 {
                        return Err(format!("empty-cell count 0 in row {text:?}"));
                    }
                    i += n;
                    continue;
                }
                let letter = c.to_ascii_uppercase();
                if !game.letters().contains(letter) {
                    return Err(format!("unexpected character {c:?} in row {text:?}"));
                }
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let mut piece = Piece { color, letter, moved: false, checked: false };
                k += 1;
                while k < chars.len() && (chars[k] == '\'' || chars[k] == '!') {
                    match (chars[k], letter) {
                        ('\'', 'P') if game == Game::Brilliant => piece.moved = true,
                        ('!', 'K') => piece.checked = true,
                        (mark, _) => return Err(format!("mark {mark:?} not allowed on {c:?}")),
                    }
                    k += 1;
                }
                let Some(&sq) = cells.get(i) else {
                    return Err(format!("row {text:?} has more than {} cells", cells.len()));
                };
                board[sq.1 as usize][sq.0 as usize] = Some(piece);
                i += 1;
            }
            if i != cells.len() {
                return Err(format!("row {text:?} has {i} cells, expected {}", cells.len()));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("bad side to move {other:?}")),
        };
        let ep = match fields.get(2) {
            None | Some(&"-") => None,
            Some(s) if game == Game::Brilliant => {
                Some(game.parse_cell(s).ok_or_else(|| format!("bad en-passant cell {s:?}"))?)
            }
            Some(s) => return Err(format!("en-passant field must be '-', got {s:?}")),
        };
        let halfmove = match fields.get(3) {
            Some(s) => s.parse().map_err(|_| format!("bad halfmove {s:?}"))?,
            None => 0,
        };
        let fullmove = match fields.get(4) {
            Some(s) => s.parse().map_err(|_| format!("bad fullmove {s:?}"))?,
            None => 1,
        };
        Ok(RefPos { game, board, side, ep, halfmove, fullmove })
    }

    /// Writes the position in the same text form `from_fen` reads.
    pub fn to_fen(&self) -> String {
        let mut out = Vec::new();
        for cells in Self::rows(self.game) {
            let mut row = String::new();
            let mut empty = 0;
            for sq in cells {
                match self.at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(match p.color {
                            Color::White => p.letter,
                            Color::Black => p.letter.to_ascii_lowercase(),
                        });
                        if p.letter == 'P' && p.moved {
                            row.push('\'');
                        }
                        if p.letter == 'K' && p.checked {
                            row.push('!');
                        }
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            out.push(row);
        }
        let side = if self.side == Color::White { "w" } else { "b" };
        let ep = self.ep.map_or("-".to_string(), |sq| self.game.name(sq));
        format!("{} {side} {ep} {} {}", out.join("/"), self.halfmove, self.fullmove)
    }

    /// The position turned through the centre with the colours swapped (and the side to move).
    pub fn rotated(&self) -> RefPos {
        let g = self.game;
        let mut out = RefPos {
            board: [[None; 9]; 9],
            side: self.side.other(),
            ep: self.ep.map(|sq| g.mirror(sq)),
            ..self.clone()
        };
        for (sq, p) in self.pieces() {
            out.set(g.mirror(sq), Some(Piece { color: p.color.other(), ..p }));
        }
        out
    }

    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.board[sq.1 as usize][sq.0 as usize]
    }

    fn set(&mut self, sq: Sq, piece: Option<Piece>) {
        self.board[sq.1 as usize][sq.0 as usize] = piece;
    }

    /// Every piece with its cell, rank by rank from a1.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        (0..81).filter_map(move |i| {
            let sq = (i % 9, i / 9);
            self.board[sq.1 as usize][sq.0 as usize].map(|p| (sq, p))
        })
    }

    /// The cells the piece on `from` attacks: where it could capture an enemy piece standing
    /// there, whatever stands there now. For every piece but the Brilliant pawn this is also the
    /// set of its destinations (an empty cell or an enemy piece).
    pub fn attack_cells(&self, from: Sq) -> Vec<Sq> {
        let g = self.game;
        let p = self.at(from).expect("reference: attack_cells from an empty cell");
        let mut out = Vec::new();
        if p.letter == 'P' {
            match g {
                Game::Brilliant => {
                    let (_, caps) = Game::hex_pawn(p.color);
                    out.extend(caps.iter().filter_map(|&h| g.step(from, &Dir::Hex(h))));
                }
                _ => {
                    // +1 (White) / −1 (Black) on exactly one coordinate.
                    for axis in 0..g.dims() {
                        let mut v = [0; 4];
                        v[axis] = p.color.sign();
                        out.extend(g.step(from, &Dir::Vector(v)));
                    }
                }
            }
            return out;
        }
        for (dir, limit, leap) in g.reach(p.letter, !p.checked) {
            if leap {
                let n = limit.unwrap();
                let mut at = Some(from);
                for _ in 0..n {
                    at = at.and_then(|s| g.step(s, &dir));
                }
                out.extend(at);
                continue;
            }
            let mut at = from;
            let mut n = 0;
            while let Some(next) = g.step(at, &dir) {
                out.push(next);
                n += 1;
                if self.at(next).is_some() || limit == Some(n) {
                    break;
                }
                at = next;
            }
        }
        out
    }

    /// True if some piece of `by` attacks `sq`.
    pub fn attacked_by(&self, sq: Sq, by: Color) -> bool {
        self.pieces().any(|(from, p)| {
            p.color == by && self.game.on_a_line(from, sq) && self.attack_cells(from).contains(&sq)
        })
    }

    /// Cells of the Kings of `color`.
    pub fn kings(&self, color: Color) -> Vec<Sq> {
        self.pieces().filter(|(_, p)| p.color == color && p.letter == 'K').map(|(sq, _)| sq).collect()
    }

    /// Flags every King of `color` that the other side attacks.
    fn flag_checked_kings(&mut self, color: Color) {
        for k in self.kings(color) {
            if self.attacked_by(k, color.other()) {
                let mut king = self.at(k).unwrap();
                king.checked = true;
                self.set(k, Some(king));
            }
        }
    }

    /// The position with the side to move's attacked Kings flagged (no-op after `play`).
    pub fn settled(&self) -> RefPos {
        let mut pos = self.clone();
        pos.flag_checked_kings(self.side);
        pos
    }

    /// Some King of the side to move is attacked.
    pub fn in_check(&self) -> bool {
        self.kings(self.side).into_iter().any(|k| self.attacked_by(k, self.side.other()))
    }

    /// Whether `color` has a King that the other side does not attack (the legality test).
    fn has_safe_king(&self, color: Color) -> bool {
        self.kings(color).into_iter().any(|k| !self.attacked_by(k, color.other()))
    }

    /// Moves of the side to move by the movement rules, before the King test.
    fn pseudo_moves(&self) -> Vec<RefMove> {
        let g = self.game;
        let mut moves = Vec::new();
        let froms: Vec<Sq> = self.pieces().filter(|(_, p)| p.color == self.side).map(|(sq, _)| sq).collect();
        for from in froms {
            let piece = self.at(from).unwrap();
            let enemy = |sq: Sq| self.at(sq).is_some_and(|q| q.color != piece.color);
            let empty = |sq: Sq| self.at(sq).is_none();
            if piece.letter != 'P' {
                for to in self.attack_cells(from) {
                    if empty(to) || enemy(to) {
                        moves.push(RefMove { from, to, promo: None, en_passant: None });
                    }
                }
                continue;
            }
            // Pawn: (destination, pawn taken en passant).
            let mut dests: Vec<(Sq, Option<Sq>)> = Vec::new();
            match g {
                Game::Brilliant => {
                    let (fwd, caps) = Game::hex_pawn(piece.color);
                    if let Some(one) = g.step(from, &Dir::Hex(fwd)).filter(|&s| empty(s)) {
                        dests.push((one, None));
                        if !piece.moved {
                            if let Some(two) = g.step(one, &Dir::Hex(fwd)).filter(|&s| empty(s)) {
                                dests.push((two, None));
                            }
                        }
                    }
                    for h in caps {
                        if let Some(to) = g.step(from, &Dir::Hex(h)) {
                            if enemy(to) {
                                dests.push((to, None));
                            } else if empty(to) && self.ep == Some(to) {
                                // The pawn that skipped `to` stands one step beyond it, in the
                                // direction it moved (the opponent's forward).
                                let (their_fwd, _) = Game::hex_pawn(piece.color.other());
                                let victim = g.step(to, &Dir::Hex(their_fwd)).unwrap();
                                if self.at(victim).is_some_and(|q| q.letter == 'P' && enemy(victim)) {
                                    dests.push((to, Some(victim)));
                                }
                            }
                        }
                    }
                }
                _ => {
                    for to in self.attack_cells(from) {
                        if empty(to) || enemy(to) {
                            dests.push((to, None));
                        }
                    }
                }
            }
            for (to, ep) in dests {
                let mut promos = g.promotion(piece.color, to);
                if g == Game::Brilliant && promos == ['K'] && self.kings(piece.color).len() >= 2 {
                    // "The player can't have more than two kings": the pawn stays a pawn.
                    promos.clear();
                }
                if promos.is_empty() {
                    moves.push(RefMove { from, to, promo: None, en_passant: ep });
                } else {
                    for l in promos {
                        moves.push(RefMove { from, to, promo: Some(l), en_passant: ep });
                    }
                }
            }
        }
        moves
    }

    /// The position after `mv`, the opponent's King flags updated, legal or not.
    fn apply(&self, mv: &RefMove) -> RefPos {
        let g = self.game;
        let mover = self.side;
        let mut next = self.clone();
        let mut piece = next.at(mv.from).expect("reference: move from an empty cell");
        let mut capture = next.at(mv.to).is_some();
        if let Some(victim) = mv.en_passant {
            next.set(victim, None);
            capture = true;
        }
        next.set(mv.from, None);
        let was_pawn = piece.letter == 'P';
        if was_pawn {
            piece.moved = g == Game::Brilliant;
            if let Some(l) = mv.promo {
                piece = Piece { color: mover, letter: l, moved: false, checked: false };
            }
        }
        next.set(mv.to, Some(piece));
        next.ep = None;
        if g == Game::Brilliant && was_pawn {
            let (fwd, _) = Game::hex_pawn(mover);
            let one = g.step(mv.from, &Dir::Hex(fwd));
            let two = one.and_then(|s| g.step(s, &Dir::Hex(fwd)));
            if two == Some(mv.to) {
                let skipped = one.unwrap();
                // Written only if an enemy pawn's capture reaches the skipped cell.
                let reaches = next.pieces().any(|(sq, q)| {
                    q.color != mover && q.letter == 'P' && next.attack_cells(sq).contains(&skipped)
                });
                if reaches {
                    next.ep = Some(skipped);
                }
            }
        }
        next.halfmove = if capture || was_pawn { 0 } else { self.halfmove + 1 };
        if mover == Color::Black {
            next.fullmove += 1;
        }
        next.side = mover.other();
        next.flag_checked_kings(mover.other());
        next
    }

    /// Every legal move with the position it leads to.
    pub fn legal_moves_with_positions(&self) -> Vec<(RefMove, RefPos)> {
        let pos = self.settled();
        let mover = pos.side;
        let mut out = Vec::new();
        for mv in pos.pseudo_moves() {
            let next = pos.apply(&mv);
            if next.has_safe_king(mover) {
                out.push((mv, next));
            }
        }
        out
    }

    /// The canonical text of a move: from, to, promotion letter in lower case (`g8h8q`).
    pub fn move_name(&self, mv: &RefMove) -> String {
        let mut s = self.game.name(mv.from) + &self.game.name(mv.to);
        if let Some(l) = mv.promo {
            s.push(l.to_ascii_lowercase());
        }
        s
    }

    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_moves_with_positions().iter().map(|(m, _)| self.move_name(m)).collect()
    }

    /// The position after a legal move given as canonical text. Panics if it is not legal.
    pub fn play(&self, mv: &str) -> RefPos {
        for (m, next) in self.legal_moves_with_positions() {
            if self.move_name(&m) == mv {
                return next;
            }
        }
        panic!("reference: {mv:?} is not a legal move in {}", self.to_fen());
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let list = self.legal_moves_with_positions();
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }

    /// Perft split by first move, sorted by move text.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .legal_moves_with_positions()
            .iter()
            .map(|(m, next)| (self.move_name(m), next.perft(depth.max(1) - 1)))
            .collect();
        out.sort();
        out
    }
}

/// A self-check of the reference: cell counts, coordinate round trips, the start positions are
/// centre-symmetric, print and read back unchanged, and after every first move the position and
/// its rotated image have equally many legal moves.
pub fn self_check() -> Result<(), String> {
    for game in ALL_GAMES {
        let cells = game.cells();
        let expected = match game {
            Game::Cubic | Game::CubicAsym => 64,
            Game::Nihongi => 81,
            Game::Brilliant => 68,
        };
        if cells.len() != expected {
            return Err(format!("{}: {} cells", game.id(), cells.len()));
        }
        for &sq in &cells {
            if game != Game::Brilliant && game.cell_at(&game.coords(sq)) != Some(sq) {
                return Err(format!("{}: coordinates of {} do not round-trip", game.id(), game.name(sq)));
            }
            if game.mirror(game.mirror(sq)) != sq || !game.exists(game.mirror(sq)) {
                return Err(format!("{}: mirror of {}", game.id(), game.name(sq)));
            }
        }
        let start = RefPos::start(game);
        if start.rotated().board != start.board {
            return Err(format!("{} start is not centre-symmetric", game.id()));
        }
        let again = RefPos::from_fen(game, &start.to_fen())?;
        if again != start {
            return Err(format!("{}: round trip failed: {}", game.id(), start.to_fen()));
        }
        for (m, next) in start.legal_moves_with_positions() {
            let a = next.legal_moves().len();
            let b = next.rotated().legal_moves().len();
            if a != b {
                return Err(format!("{} after {}: {a} moves, rotated {b}", game.id(), start.move_name(&m)));
            }
        }
    }
    Ok(())
}
