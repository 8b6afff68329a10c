//! Independent *reference* move generator for Russian cheskers (`cheskers`), written straight from
//! the rules text in docs/rules.md (Russian cheskers). Draws (All games; the bare-Kings draw) are
//! not modelled: the move list of a position does not depend on them (the halfmove counter is kept
//! only for `to_fen`: reset by pawn moves and captures).
//!
//! Why it exists: the project's fast move generator is tested against this file (move lists and
//! perft counts). To make such a comparison worth anything, this code shares nothing with the
//! project (pure `std`, no project crates) and is written to be obviously correct rather than fast:
//! an 8x8 array of optional pieces, (file, rank) integer coordinates, every rule spelt out once,
//! and a fresh copy of the board for every jump tried.
//!
//! Rules implemented (docs/rules.md is authoritative):
//! * March (never captures, always onto an empty cell): Pawn one cell forward, straight or
//!   diagonally; King one cell in any of the 8 directions; Knight one or two cells along any of the
//!   8 lines (for two, the middle cell empty); Queen any distance along the 8 lines, Rook
//!   orthogonally, Bishop diagonally (every cell passed empty).
//! * King's leap (rule 7): instead of a march, the King may leap over one adjacent piece of its
//!   own onto the empty cell right behind it (any of the 8 directions); non-capturing.
//! * Jump (capture): over an enemy piece on a line onto an empty cell beyond it; the enemy piece
//!   leaves the board at once. King, Knight and Pawn: over an adjacent enemy onto the cell right
//!   behind it, in any of the 8 directions (Pawns too, backwards included). Queen (8 lines), Rook
//!   (orthogonal), Bishop (diagonal): empty cells (any number) before the enemy piece, then any of
//!   the empty cells beyond it up to the next occupied cell or the edge.
//! * Chains: Queen, Rook, Bishop and Knight jump again from the landing cell and must go on while
//!   a jump exists from the landing cell chosen (any landing may be chosen, even one that ends the
//!   chain; no majority rule). King and Pawn make single jumps. During a chain the moving piece's
//!   start cell is empty and taken pieces are gone (they neither block nor can be taken again).
//!   Taking the King does not stop the chain.
//! * Capture is compulsory: if the side to move has any jump, only jump moves are legal (the
//!   King's leap included among the excluded).
//! * A Pawn whose move ends on its last rank becomes a Queen.
//! * No check. A side without a King has no moves (the game ended when it was taken); a side
//!   without a legal move has no moves.
//!
//! Moves are named in the project's coordinate form: every cell of the move in order
//! (`e2e3`, `a8a4e4e2b2`), `q` appended for a promotion (`b7a8q`).
//!
//! Position text (`from_fen`): `<ranks> <side> <ep> <halfmove> <fullmove>`, ranks from 8 down to 1,
//! files a to h, digits for empty cells, upper case White, lower case Black; `<ep>` is always `-`.
#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

    /// +1 if "forward" means higher ranks (White), -1 otherwise (Black).
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The 0-based rank where this side's pawns become Queens.
    pub fn last_rank(self) -> i32 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
}

/// One piece on the board: colour and upper-case letter P N B R Q K.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub letter: char,
}

/// A cell as (file, rank), both 0-based: (0, 0) = `a1`, (7, 7) = `h8`.
pub type Sq = (i32, i32);

pub const FILES: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - 0 1";

const ORTHOGONAL: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ALL_EIGHT: [Sq; 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The cell's name, e.g. `e3`.
pub fn cell_name(sq: Sq) -> String {
    format!("{}{}", FILES[sq.0 as usize], sq.1 + 1)
}

fn on_board(sq: Sq) -> bool {
    (0..8).contains(&sq.0) && (0..8).contains(&sq.1)
}

fn add(sq: Sq, d: Sq) -> Sq {
    (sq.0 + d.0, sq.1 + d.1)
}

/// All 64 cells, rank by rank from `a1`.
fn all_cells() -> impl Iterator<Item = Sq> {
    (0..64).map(|i| (i % 8, i / 8))
}

/// The lines along which a piece jumps (and along which Q, R, B march).
fn lines(letter: char) -> &'static [Sq] {
    match letter {
        'R' => &ORTHOGONAL,
        'B' => &DIAGONAL,
        'Q' | 'K' | 'N' | 'P' => &ALL_EIGHT,
        other => panic!("reference: unknown piece letter {other:?}"),
    }
}

/// Queen, Rook and Bishop capture at a distance and choose the landing cell.
fn flies(letter: char) -> bool {
    matches!(letter, 'Q' | 'R' | 'B')
}

/// Queen, Rook, Bishop and Knight jump on in chains; King and Pawn make single jumps.
fn chains(letter: char) -> bool {
    matches!(letter, 'Q' | 'R' | 'B' | 'N')
}

type Board = [[Option<Piece>; 8]; 8];

fn at(board: &Board, sq: Sq) -> Option<Piece> {
    board[sq.1 as usize][sq.0 as usize]
}

fn set(board: &mut Board, sq: Sq, piece: Option<Piece>) {
    board[sq.1 as usize][sq.0 as usize] = piece;
}

/// A move: the cells visited in order (start cell first), the cells of the pieces it takes (in
/// order), and whether a pawn becomes a Queen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub cells: Vec<Sq>,
    pub taken: Vec<Sq>,
    pub promotes: bool,
}

impl RefMove {
    /// Coordinate text: every cell in order, then `q` for a promotion.
    pub fn name(&self) -> String {
        let mut s: String = self.cells.iter().map(|&c| cell_name(c)).collect();
        if self.promotes {
            s.push('q');
        }
        s
    }

    pub fn from(&self) -> Sq {
        self.cells[0]
    }

    pub fn to(&self) -> Sq {
        *self.cells.last().unwrap()
    }

    pub fn is_capture(&self) -> bool {
        !self.taken.is_empty()
    }
}

/// A position: board, side to move, move counters.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    /// `board[rank][file]`, 0-based.
    pub board: Board,
    pub side: Color,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl RefPos {
    pub fn start() -> RefPos {
        RefPos::from_fen(START_FEN).unwrap()
    }

    /// Parses the project's position text (see the module comment).
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 5 {
            return Err(format!("expected 2 to 5 fields, got {}: {fen:?}", fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err(format!("expected 8 ranks, got {}", rows.len()));
        }
        let mut board: Board = [[None; 8]; 8];
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as i32;
            let mut file: i32 = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    if n == 0 || n > 8 {
                        return Err(format!("bad empty-cell count {c:?} in rank {}", rank + 1));
                    }
                    file += n as i32;
                } else if "PNBRQK".contains(c.to_ascii_uppercase()) {
                    if file >= 8 {
                        return Err(format!("rank {} has more than 8 cells", rank + 1));
                    }
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    board[rank as usize][file as usize] =
                        Some(Piece { color, letter: c.to_ascii_uppercase() });
                    file += 1;
                } else {
                    return Err(format!("unexpected character {c:?} in rank {}", rank + 1));
                }
            }
            if file != 8 {
                return Err(format!("rank {} has {file} cells, expected 8", rank + 1));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("bad side to move {other:?}")),
        };
        if let Some(ep) = fields.get(2) {
            if *ep != "-" {
                return Err(format!("en-passant field must be '-', got {ep:?}"));
            }
        }
        let halfmove = match fields.get(3) {
            Some(s) => s.parse().map_err(|_| format!("bad halfmove {s:?}"))?,
            None => 0,
        };
        let fullmove = match fields.get(4) {
            Some(s) => s.parse().map_err(|_| format!("bad fullmove {s:?}"))?,
            None => 1,
        };
        Ok(RefPos { board, side, halfmove, fullmove })
    }

    /// Writes the position in the same text form `from_fen` reads.
    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match self.at((file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(match p.color {
                            Color::White => p.letter,
                            Color::Black => p.letter.to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let side = match self.side {
            Color::White => "w",
            Color::Black => "b",
        };
        format!("{} {} - {} {}", rows.join("/"), side, self.halfmove, self.fullmove)
    }

    /// The position turned by 180 degrees with the colours swapped (and the side to move swapped).
    /// The rules are symmetric under this map, so move counts must be invariant under it (the start
    /// position is its own image).
    pub fn rotated(&self) -> RefPos {
        let mut board: Board = [[None; 8]; 8];
        for (file, rank) in all_cells() {
            if let Some(mut p) = self.at((7 - file, 7 - rank)) {
                p.color = p.color.other();
                set(&mut board, (file, rank), Some(p));
            }
        }
        RefPos { board, side: self.side.other(), halfmove: self.halfmove, fullmove: self.fullmove }
    }

    /// The piece on a cell.
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        at(&self.board, sq)
    }

    /// Number of Kings of `color` on the board.
    pub fn kings(&self, color: Color) -> usize {
        all_cells().filter(|&sq| self.at(sq) == Some(Piece { color, letter: 'K' })).count()
    }

    /// The single jumps open to `piece` standing on `from` on `board` (where `from` itself is
    /// treated as it stands: callers remove the moving piece first): (taken cell, landing cell).
    fn jumps_from(board: &Board, piece: Piece, from: Sq) -> Vec<(Sq, Sq)> {
        let mut out = Vec::new();
        for &d in lines(piece.letter) {
            // The first occupied cell along the line: adjacent only, unless the piece flies.
            let mut enemy = add(from, d);
            if flies(piece.letter) {
                while on_board(enemy) && at(board, enemy).is_none() {
                    enemy = add(enemy, d);
                }
            }
            if !on_board(enemy) {
                continue;
            }
            match at(board, enemy) {
                Some(q) if q.color != piece.color => {}
                _ => continue,
            }
            // Landing cells: the empty cells right behind it (only the first for short jumpers).
            let mut land = add(enemy, d);
            while on_board(land) && at(board, land).is_none() {
                out.push((enemy, land));
                if !flies(piece.letter) {
                    break;
                }
                land = add(land, d);
            }
        }
        out
    }

    /// Extends the chain `so_far` (its last cell is where the piece stands on `board`; the piece
    /// itself is not on `board`, taken pieces are already gone) by every continuation, pushing each
    /// complete move onto `out`.
    fn extend_chain(board: &Board, piece: Piece, so_far: &RefMove, out: &mut Vec<RefMove>) {
        let here = so_far.to();
        let jumps = if so_far.taken.is_empty() || chains(piece.letter) {
            RefPos::jumps_from(board, piece, here)
        } else {
            Vec::new()
        };
        if jumps.is_empty() {
            if !so_far.taken.is_empty() {
                let mut done = so_far.clone();
                done.promotes = piece.letter == 'P' && done.to().1 == piece.color.last_rank();
                out.push(done);
            }
            return;
        }
        for (taken, land) in jumps {
            let mut next_board = *board;
            set(&mut next_board, taken, None);
            let mut longer = so_far.clone();
            longer.cells.push(land);
            longer.taken.push(taken);
            RefPos::extend_chain(&next_board, piece, &longer, out);
        }
    }

    /// Every jump move (whole chains) of the side to move.
    fn jump_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        for from in all_cells() {
            let piece = match self.at(from) {
                Some(p) if p.color == self.side => p,
                _ => continue,
            };
            let mut board = self.board;
            set(&mut board, from, None); // the start cell is empty during the chain
            let start = RefMove { cells: vec![from], taken: vec![], promotes: false };
            RefPos::extend_chain(&board, piece, &start, &mut out);
        }
        out
    }

    /// Every march (and King's leap over an own piece) of the side to move.
    fn marches(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        let empty = |sq: Sq| on_board(sq) && self.at(sq).is_none();
        let simple = |from: Sq, to: Sq| RefMove { cells: vec![from, to], taken: vec![], promotes: false };
        for from in all_cells() {
            let piece = match self.at(from) {
                Some(p) if p.color == self.side => p,
                _ => continue,
            };
            match piece.letter {
                'P' => {
                    let f = piece.color.forward();
                    for dx in [-1, 0, 1] {
                        let to = (from.0 + dx, from.1 + f);
                        if empty(to) {
                            let mut m = simple(from, to);
                            m.promotes = to.1 == piece.color.last_rank();
                            out.push(m);
                        }
                    }
                }
                'K' => {
                    for d in ALL_EIGHT {
                        let next = add(from, d);
                        if empty(next) {
                            out.push(simple(from, next));
                        } else if on_board(next) && self.at(next).unwrap().color == piece.color {
                            // Rule 7: leap over the adjacent own piece onto the free cell behind.
                            let behind = add(next, d);
                            if empty(behind) {
                                out.push(simple(from, behind));
                            }
                        }
                    }
                }
                'N' => {
                    for d in ALL_EIGHT {
                        let one = add(from, d);
                        if empty(one) {
                            out.push(simple(from, one));
                            let two = add(one, d);
                            if empty(two) {
                                out.push(simple(from, two));
                            }
                        }
                    }
                }
                letter => {
                    for &d in lines(letter) {
                        let mut to = add(from, d);
                        while empty(to) {
                            out.push(simple(from, to));
                            to = add(to, d);
                        }
                    }
                }
            }
        }
        out
    }

    /// The legal moves of the side to move: the jumps if there is any, else the marches; none at
    /// all if the side to move has no King.
    pub fn legal_move_list(&self) -> Vec<RefMove> {
        if self.kings(self.side) == 0 {
            return Vec::new();
        }
        let jumps = self.jump_moves();
        if !jumps.is_empty() {
            return jumps;
        }
        self.marches()
    }

    /// The position after `mv` (which must come from `legal_move_list`).
    pub fn apply(&self, mv: &RefMove) -> RefPos {
        let mut next = self.clone();
        let mut piece = next.at(mv.from()).expect("reference: move from an empty cell");
        next.set(mv.from(), None);
        for &t in &mv.taken {
            assert!(next.at(t).is_some(), "reference: taking from an empty cell");
            next.set(t, None);
        }
        if mv.promotes {
            piece.letter = 'Q';
        }
        assert!(next.at(mv.to()).is_none(), "reference: landing on an occupied cell");
        next.set(mv.to(), Some(piece));
        let pawn = self.at(mv.from()).unwrap().letter == 'P';
        next.halfmove = if pawn || mv.is_capture() { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            next.fullmove += 1;
        }
        next.side = self.side.other();
        next
    }

    fn set(&mut self, sq: Sq, piece: Option<Piece>) {
        set(&mut self.board, sq, piece);
    }

    /// Every legal move with the position it leads to.
    pub fn legal_moves_with_positions(&self) -> Vec<(RefMove, RefPos)> {
        self.legal_move_list().into_iter().map(|m| (m.clone(), self.apply(&m))).collect()
    }

    /// Legal moves as coordinate strings.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_move_list().iter().map(RefMove::name).collect()
    }

    /// The position after a legal move given as a coordinate string. Panics if it is not legal.
    pub fn play(&self, mv: &str) -> RefPos {
        for m in self.legal_move_list() {
            if m.name() == mv {
                return self.apply(&m);
            }
        }
        panic!("reference: {mv:?} is not a legal move in {}", self.to_fen());
    }

    /// Number of leaf positions after `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let list = self.legal_move_list();
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter().map(|m| self.apply(m).perft(depth - 1)).sum()
    }

    /// Perft split by first move (for locating a disagreement), sorted by move text.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        assert!(depth >= 1, "reference: divide needs depth >= 1");
        let mut out: Vec<(String, u64)> =
            self.legal_move_list().iter().map(|m| (m.name(), self.apply(m).perft(depth - 1))).collect();
        out.sort();
        out
    }
}

/// A small self-check of the reference itself; returns a description of the first failure.
/// Checks: the start position parses, prints back unchanged and is its own 180-degree image; it
/// has the 25 moves counted by hand (22 pawn marches, 3 King leaps over d2, c2, e2); and after
/// every White first move and every Black reply the position and its rotated image have equally
/// many legal moves.
pub fn self_check() -> Result<(), String> {
    let start = RefPos::start();
    if start.to_fen() != START_FEN {
        return Err(format!("round trip failed: {}", start.to_fen()));
    }
    if start.rotated().board != start.board {
        return Err("the start is not centre-symmetric".to_string());
    }
    let n = start.legal_moves().len();
    if n != 25 {
        return Err(format!("start has {n} moves, expected 25"));
    }
    for (m1, p1) in start.legal_moves_with_positions() {
        for (m2, p2) in p1.legal_moves_with_positions() {
            let a = p2.legal_moves().len();
            let b = p2.rotated().legal_moves().len();
            if a != b {
                return Err(format!("after {} {}: {a} moves, rotated {b}", m1.name(), m2.name()));
            }
        }
    }
    Ok(())
}
