//! Independent *reference* move generator for the polyform games `omino`, `nomino` (and
//! `nomino extras=on`) and `doseki`, written straight from the rules text (docs/rules.md,
//! "Omino", "Nomino", "Doseki", and the polyform ruling they restate).
//!
//! Why it exists: the project's fast generator is tested against this code (legal-move sets as
//! move texts, position strings, outcomes, perft). To make such a comparison worth anything, this
//! code shares nothing with the project (pure `std`, no project crate) and is written to be
//! obviously correct rather than fast: a vector of signed checker counts, every connected set of
//! own checkers enumerated by brute force, shapes recognised by canonical form under the symmetry
//! group, every path checked cell by cell, and the resulting positions collected in a map, so that
//! two ways to one position are one move.
//!
//! Layout: `mod.rs` the games, cells and position strings; `shapes.rs` the type tables and shape
//! recognition; `moves.rs` moving sets, routes, drops, move text, outcome and perft.
//!
//! Readings made here where the text leaves a choice (each is marked where it is coded):
//! 1. A Pawn's quiet step may end on an own single in Nomino (forming a double): only capturing is
//!    excluded by "without capturing".
//! 2. The two-leg types (Doseki J and W) move only by their two legs, never by the first alone.
//! 3. The letter of a move that several types make (the same resulting position) is that of the
//!    first of them in the game's shape table (docs/rules.md, "One move per resulting position").
//! 4. The mirror mode reflects the moving piece as a whole: a coordinate's direction turns when
//!    the next step would take any of its cells off the board (docs/rules.md, "Mirror mode").
//!
//! Position strings as docs/formats.md ("Polyform games"): `<board> <side> <white>/<black>
//! <halfmove> <fullmove>`; rows from the highest rank down, `X` / `x` one checker, `D` / `d` a
//! double (Nomino), digits for empty cells; Doseki's layers A to I separated by `|`; the counts
//! held in hand (Omino) or reserve (Nomino, Doseki); the counters may be left out (0 and 1).
#![allow(dead_code, unused_imports)]

mod moves;
pub mod shapes;

pub use moves::{Info, Legal, Outcome, Route};
use shapes::Table;
use std::sync::OnceLock;

/// The game and its option.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Game {
    Omino,
    Nomino { extras: bool },
    Doseki,
}

impl Game {
    pub const ALL: [Game; 4] =
        [Game::Omino, Game::Nomino { extras: false }, Game::Nomino { extras: true }, Game::Doseki];

    /// The id and options as the project names them.
    pub fn name(self) -> &'static str {
        match self {
            Game::Omino => "omino",
            Game::Nomino { extras: false } => "nomino",
            Game::Nomino { extras: true } => "nomino extras=on",
            Game::Doseki => "doseki",
        }
    }

    pub fn dims(self) -> usize {
        if self == Game::Doseki {
            3
        } else {
            2
        }
    }

    /// Cells along each side of the board.
    pub fn n(self) -> i32 {
        if self == Game::Doseki {
            9
        } else {
            10
        }
    }

    pub fn cells(self) -> usize {
        (self.n() as usize).pow(self.dims() as u32)
    }

    /// The most checkers a cell may hold.
    pub fn cap(self) -> i8 {
        if matches!(self, Game::Nomino { .. }) {
            2
        } else {
            1
        }
    }

    pub fn table(self) -> &'static Table {
        static TABLES: [OnceLock<Table>; 4] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let i = Game::ALL.iter().position(|&g| g == self).unwrap();
        TABLES[i].get_or_init(|| Table::new(self))
    }

    /// The point of a cell index; indices run in notation order: file fastest, then rank, then
    /// layer (`a1 b1 … k1 a2 …`; `Aa1 Ab1 … Ai9 Ba1 …`).
    pub fn pt(self, i: usize) -> shapes::Pt {
        let n = self.n() as usize;
        [(i % n) as i32, (i / n % n) as i32, (i / (n * n)) as i32]
    }

    /// The index of a point, if it is on the board.
    pub fn idx(self, p: shapes::Pt) -> Option<usize> {
        let n = self.n();
        let layers = if self.dims() == 3 { n } else { 1 };
        let on = (0..n).contains(&p[0]) && (0..n).contains(&p[1]) && (0..layers).contains(&p[2]);
        on.then(|| (p[2] * n * n + p[1] * n + p[0]) as usize)
    }

    /// A cell's name: `e5` (files a–k without j), or `Ee5` (layer, file, rank) on the cube.
    pub fn cell_name(self, i: usize) -> String {
        let [f, r, l] = self.pt(i);
        if self.dims() == 3 {
            format!("{}{}{}", (b'A' + l as u8) as char, (b'a' + f as u8) as char, r + 1)
        } else {
            format!("{}{}", FILES10[f as usize], r + 1)
        }
    }

    /// The cell of a name.
    pub fn parse_cell(self, s: &str) -> Option<usize> {
        let mut chars = s.chars();
        let layer = if self.dims() == 3 {
            chars.next().filter(char::is_ascii_uppercase)? as i32 - 'A' as i32
        } else {
            0
        };
        let f = chars.next()?;
        let file = if self.dims() == 3 {
            f as i32 - 'a' as i32
        } else {
            FILES10.iter().position(|&c| c == f)? as i32
        };
        let rest = chars.as_str();
        if !rest.starts_with(|c: char| c.is_ascii_digit() && c != '0') || !(0..self.n()).contains(&file) {
            return None;
        }
        let rank: i32 = rest.parse().ok()?;
        self.idx([file, rank - 1, layer])
    }

    /// The rank a side's checkers reach to earn a reserve checker (Nomino's last rank, Doseki's
    /// opposite face): the highest for White (Red), the lowest for Black.
    pub fn last_rank(self, side: Side) -> i32 {
        match side {
            Side::White => self.n() - 1,
            Side::Black => 0,
        }
    }

    /// Whether captures and arrivals feed a hand or reserve at all.
    pub fn has_reserve(self) -> bool {
        self != Game::Omino
    }
}

/// The files of the 10x10 board (the author's convention: no `j`).
pub const FILES10: [char; 10] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k'];

/// A side: White (Red in the texts) moves first, from the low ranks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The sign of this side's counts on the board.
    pub fn sign(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A position: per cell the checkers on it (positive White's, negative Black's), the checkers in
/// each side's hand (Omino) or reserve (Nomino, Doseki), the side to move, and the counters.
#[derive(Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub game: Game,
    pub board: Vec<i8>,
    pub hand: [u32; 2],
    pub side: Side,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl Pos {
    /// An empty board.
    pub fn empty(game: Game, side: Side) -> Pos {
        Pos { game, board: vec![0; game.cells()], hand: [0, 0], side, halfmove: 0, fullmove: 1 }
    }

    /// The reconstructed start (docs/rules.md): the international-draughts setup — White on the
    /// dark cells (a1 dark: coordinate sum even) of ranks 1–4, Black on those of ranks 7–10, 20
    /// each; Doseki the same in three dimensions, ranks 1–4 and 6–9, 162 each.
    pub fn start(game: Game) -> Pos {
        let mut pos = Pos::empty(game, Side::White);
        let n = game.n();
        for i in 0..game.cells() {
            let p = game.pt(i);
            if (p[0] + p[1] + p[2]) % 2 != 0 {
                continue;
            }
            if p[1] < 4 {
                pos.board[i] = 1;
            } else if p[1] >= n - 4 {
                pos.board[i] = -1;
            }
        }
        pos
    }

    /// The checkers of `side` on cell `i`.
    pub fn own(&self, i: usize, side: Side) -> i8 {
        (self.board[i] * side.sign()).max(0)
    }

    /// All checkers of `side` on the board.
    pub fn on_board(&self, side: Side) -> u32 {
        (0..self.board.len()).map(|i| self.own(i, side) as u32).sum()
    }

    pub fn to_fen(&self) -> String {
        let g = self.game;
        let n = g.n() as usize;
        let row = |layer: usize, rank: usize| {
            let mut s = String::new();
            let mut empty = 0;
            for file in 0..n {
                let v = self.board[(layer * n + rank) * n + file];
                if v == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s.push(match v {
                    1 => 'X',
                    2 => 'D',
                    -1 => 'x',
                    -2 => 'd',
                    _ => unreachable!("at most two checkers a cell"),
                });
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        };
        let layers = if g.dims() == 3 { n } else { 1 };
        let board: Vec<String> =
            (0..layers).map(|l| (0..n).rev().map(|r| row(l, r)).collect::<Vec<_>>().join("/")).collect();
        let side = if self.side == Side::White { 'w' } else { 'b' };
        let [w, b] = self.hand;
        format!("{} {side} {w}/{b} {} {}", board.join("|"), self.halfmove, self.fullmove)
    }

    pub fn from_fen(game: Game, fen: &str) -> Result<Pos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let (board_text, side, hand_text, half, full) = match fields[..] {
            [b, s, h] => (b, s, h, "0", "1"),
            [b, s, h, half, full] => (b, s, h, half, full),
            _ => return Err(format!("expected 3 or 5 fields, got {}", fields.len())),
        };
        let mut pos = Pos::empty(game, Side::White);
        let n = game.n() as usize;
        let layers: Vec<&str> = board_text.split('|').collect();
        if layers.len() != if game.dims() == 3 { n } else { 1 } {
            return Err(format!("{} layers", layers.len()));
        }
        for (l, layer) in layers.iter().enumerate() {
            let rows: Vec<&str> = layer.split('/').collect();
            if rows.len() != n {
                return Err(format!("{} rows in layer {l}", rows.len()));
            }
            for (k, row) in rows.iter().enumerate() {
                let rank = n - 1 - k;
                let mut file = 0;
                let mut digits = String::new();
                for c in row.chars().chain(std::iter::once(' ')) {
                    if c.is_ascii_digit() {
                        digits.push(c);
                        continue;
                    }
                    if !digits.is_empty() {
                        file += digits.parse::<usize>().map_err(|e| e.to_string())?;
                        digits.clear();
                    }
                    if c == ' ' {
                        break;
                    }
                    let v = match (c, game.cap()) {
                        ('X', _) => 1,
                        ('x', _) => -1,
                        ('D', 2) => 2,
                        ('d', 2) => -2,
                        _ => return Err(format!("bad cell {c:?}")),
                    };
                    if file >= n {
                        return Err(format!("row {row:?} too long"));
                    }
                    pos.board[(l * n + rank) * n + file] = v;
                    file += 1;
                }
                if file != n {
                    return Err(format!("row {row:?} has {file} cells"));
                }
            }
        }
        let (w, b) = hand_text.split_once('/').ok_or_else(|| format!("bad hands {hand_text:?}"))?;
        for (i, n) in [w, b].into_iter().enumerate() {
            pos.hand[i] = n.parse().map_err(|_| format!("bad hand count {n:?}"))?;
        }
        pos.side = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(format!("bad side {side:?}")),
        };
        pos.halfmove = half.parse().map_err(|_| format!("bad halfmove {half:?}"))?;
        pos.fullmove = full.parse().map_err(|_| format!("bad fullmove {full:?}"))?;
        Ok(pos)
    }
}
