//! Independent *reference* move generator for Bermuda chess (`bermuda`), written straight from the
//! rules text in docs/rules.md ("Bermuda chess", and "All games" for what it does not change).
//! Repetition and the fifty-move rule are not modelled: the move list of a position does not depend
//! on them (the halfmove counter is kept only for `to_fen`).
//!
//! Why it exists: the project's fast move generator is tested against this file (move lists,
//! position strings, outcomes, perft counts). To make such a comparison worth anything, this code
//! shares nothing with the project (pure `std`, no project crates) and is written to be obviously
//! correct rather than fast: a `[board][rank][file]` array of optional pieces, every rule spelt out
//! once, and a fresh copy of the position for every move made.
//!
//! Rules implemented (docs/rules.md is authoritative):
//! * Two 8x8 boards, lower `L` and upper `U`, both named a1–h8 from White's side; the
//!   complementary cell of `Lx` is `Ux`. Start: the classical array on `L`; on `U` the same with
//!   King and Queen exchanged (White K Ud1, Q Ue1; Black K Ud8, Q Ue8).
//! * Pieces move as in chess, each on its own board: K Q R B N, and pawns (forward one to an empty
//!   cell, two from the start if never moved and both cells empty, diagonal captures forward, en
//!   passant onto the cell a double step skipped, on the same board). White's pawns go towards
//!   rank 8 and Black's towards rank 1 on both boards.
//! * Rule 1: a capture by a piece of `U` (en passant included) displaces the victim from its own
//!   cell to the complementary cell on `L`; whatever stood there (either colour) leaves the game.
//!   The displaced piece keeps colour and kind and counts as moved.
//! * Rule 2: a piece of `U` may descend to its complementary cell on `L` if that is empty, or
//!   capture an enemy piece there; nothing more happens.
//! * Rule 3: no plain move upwards; a capture on `L` (en passant included: from the landing cell)
//!   lifts the capturer to the complementary cell on `U` if that cell is empty (by any piece, own
//!   ones too); otherwise it stays where it captured.
//! * Rule 4: a piece may move only if a King of its colour stands on its board before the move. No
//!   check; Kings are captured like any piece (on `U` they are displaced, not removed).
//! * Castling on both boards, as the King's move: the King two cells towards an unmoved Rook of its
//!   own on a corner of its back rank, the Rook onto the cell the King crossed, every cell between
//!   them empty, no check conditions. Lower board: King e1/e8 to g or c. Upper board: King d1/d8
//!   to b (Rook a to c) or f (Rook h to e). The right is gone for good once anything happened on
//!   the King's or the Rook's start cell; every piece that arrives on a cell (mover, castling Rook,
//!   displaced piece, ascending capturer) counts as moved, so "an unmoved King on its start cell
//!   and an unmoved Rook on its start cell" is that condition.
//! * A pawn whose move ends on its last rank, on either board (after an ascent or a descent too),
//!   becomes a Queen, Rook, Bishop or Knight.
//! * End: a side with no King on either board has lost (the game is over: no moves); a side to move
//!   without a legal move draws.
//!
//! Readings of points the text leaves to the position string (docs/formats.md):
//! * `'` is written after every Pawn, Rook and King that has moved; when reading, an unmarked one
//!   on a start cell of its kind and colour (pawns: rank 2 / 7 of either board; Rooks: a1 h1 / a8 h8
//!   of either board; Kings: Le1 Ud1 / Le8 Ud8) has not moved, one elsewhere has. A promoted piece
//!   has moved.
//! * The en passant field names the skipped cell after a double step if a pawn of the side now to
//!   move stands beside the pawn that stepped (same board and rank), frozen by rule 4 or not; else
//!   `-`.
//! * The halfmove counter is reset by every pawn move (descents of pawns included) and every
//!   capture (displacements, descents onto an enemy piece and en passant included).
//!
//! Moves are named in the canonical text: cells `Le4`/`Ue4`; a piece letter before the origin
//! except for pawns (`NLg1-Lf3`); `:` for a capture, `-` otherwise; the destination is the cell
//! moved to on the mover's board or, for a descent, the cell below (`Ue2-Le2`, `Ue2:Le2`); an
//! ascent or a displacement is not written; castling is the King's move without letter
//! (`Le1-Lg1`, `Ud1-Ub1`); promotion `=Q`.
#![allow(dead_code)]

use std::fmt::Write as _;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
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

    /// +1 if "forward" means higher ranks (White), -1 otherwise (Black).
    pub fn forward(self) -> i32 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The 0-based rank of this side's back rank (Kings, Rooks).
    pub fn back_rank(self) -> i32 {
        match self {
            Side::White => 0,
            Side::Black => 7,
        }
    }

    /// The 0-based rank this side's pawns start on.
    pub fn pawn_rank(self) -> i32 {
        self.back_rank() + self.forward()
    }

    /// The 0-based rank where this side's pawns promote.
    pub fn last_rank(self) -> i32 {
        7 - self.back_rank()
    }
}

pub const LOWER: usize = 0;
pub const UPPER: usize = 1;
const BOARD_LETTERS: [char; 2] = ['L', 'U'];
const FILES: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/// A cell: board (`LOWER`/`UPPER`), file and rank, both 0-based (`Le4` = (0, 4, 3)).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Sq {
    pub board: usize,
    pub file: i32,
    pub rank: i32,
}

impl Sq {
    pub fn new(board: usize, file: i32, rank: i32) -> Sq {
        Sq { board, file, rank }
    }

    /// `Le4`, `Ud8`.
    pub fn name(self) -> String {
        format!("{}{}{}", BOARD_LETTERS[self.board], FILES[self.file as usize], self.rank + 1)
    }

    /// Reads `Le4`, `Ud8`.
    pub fn parse(text: &str) -> Option<Sq> {
        let c: Vec<char> = text.chars().collect();
        if c.len() != 3 {
            return None;
        }
        let board = BOARD_LETTERS.iter().position(|&b| b == c[0])?;
        let file = FILES.iter().position(|&f| f == c[1])? as i32;
        let rank = c[2].to_digit(10)? as i32 - 1;
        (0..8).contains(&rank).then_some(Sq { board, file, rank })
    }

    /// The cell (df, dr) away on the same board, if there is one.
    fn offset(self, df: i32, dr: i32) -> Option<Sq> {
        let (file, rank) = (self.file + df, self.rank + dr);
        ((0..8).contains(&file) && (0..8).contains(&rank)).then_some(Sq { board: self.board, file, rank })
    }

    /// The cell of the same name on the other board.
    pub fn complement(self) -> Sq {
        Sq { board: 1 - self.board, ..self }
    }
}

/// All 128 cells.
fn all_cells() -> impl Iterator<Item = Sq> {
    (0..128).map(|i| Sq::new(i / 64, (i % 8) as i32, (i % 64 / 8) as i32))
}

/// A piece: side, upper-case letter K Q R B N P, and whether it has moved (it matters only for
/// Pawns, Rooks and Kings; the others are always recorded as moved = false).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub side: Side,
    pub letter: char,
    pub moved: bool,
}

fn has_mark(letter: char) -> bool {
    matches!(letter, 'P' | 'R' | 'K')
}

/// Whether `sq` is a start cell of a `letter` of `side` (see the module comment).
fn start_cell(letter: char, side: Side, sq: Sq) -> bool {
    match letter {
        'P' => sq.rank == side.pawn_rank(),
        'R' => sq.rank == side.back_rank() && (sq.file == 0 || sq.file == 7),
        'K' => sq.rank == side.back_rank() && sq.file == if sq.board == LOWER { 4 } else { 3 },
        _ => false,
    }
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// What a move does besides carrying a piece from `from` to `to`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Any move on the mover's board, a capture or not (rules 1 and 3 apply to captures).
    Plain,
    /// A pawn's two-cell step.
    DoubleStep,
    /// A pawn's capture onto the skipped cell; the victim stands beside the mover.
    EnPassant,
    /// The King's two-cell move; the Rook goes from `rook_from` to `rook_to`.
    Castle { rook_from: Sq, rook_to: Sq },
    /// Rule 2: from `U` to the complementary cell on `L`.
    Descent,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    /// The mover's letter before the move.
    pub letter: char,
    pub kind: Kind,
    pub capture: bool,
    pub promotion: Option<char>,
}

impl Move {
    /// The canonical text (module comment).
    pub fn text(&self) -> String {
        if let Kind::Castle { .. } = self.kind {
            return format!("{}-{}", self.from.name(), self.to.name());
        }
        let mut s = String::new();
        if self.letter != 'P' {
            s.push(self.letter);
        }
        s += &self.from.name();
        s.push(if self.capture { ':' } else { '-' });
        s += &self.to.name();
        if let Some(p) = self.promotion {
            let _ = write!(s, "={p}");
        }
        s
    }
}

/// Who won, or a draw (a side to move without a legal move).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// The start position (docs/rules.md, Bermuda chess), for comparison with `RefPos::start`.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/\
                             rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - 0 1";

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    /// `cells[board][rank][file]`, all 0-based.
    pub cells: [[[Option<Piece>; 8]; 8]; 2],
    pub side: Side,
    /// The cell skipped by the last move's double step, as the position string records it.
    pub ep: Option<Sq>,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl RefPos {
    pub fn empty(side: Side) -> RefPos {
        RefPos { cells: [[[None; 8]; 8]; 2], side, ep: None, halfmove: 0, fullmove: 1 }
    }

    /// The start position, built from the rules text (not from `START_FEN`).
    pub fn start() -> RefPos {
        let mut p = RefPos::empty(Side::White);
        for board in [LOWER, UPPER] {
            let back: [char; 8] = if board == LOWER {
                ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R']
            } else {
                ['R', 'N', 'B', 'K', 'Q', 'B', 'N', 'R']
            };
            for side in [Side::White, Side::Black] {
                for file in 0..8 {
                    let piece = |letter| Some(Piece { side, letter, moved: false });
                    p.set(Sq::new(board, file, side.back_rank()), piece(back[file as usize]));
                    p.set(Sq::new(board, file, side.pawn_rank()), piece('P'));
                }
            }
        }
        p
    }

    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq.board][sq.rank as usize][sq.file as usize]
    }

    pub fn set(&mut self, sq: Sq, piece: Option<Piece>) {
        self.cells[sq.board][sq.rank as usize][sq.file as usize] = piece;
    }

    fn take(&mut self, sq: Sq) -> Option<Piece> {
        let p = self.at(sq);
        self.set(sq, None);
        p
    }

    /// Whether a King of `side` stands on `board`.
    pub fn has_king(&self, side: Side, board: usize) -> bool {
        all_cells().any(|sq| {
            sq.board == board && matches!(self.at(sq), Some(p) if p.side == side && p.letter == 'K')
        })
    }

    /// Kings of `side` on both boards.
    pub fn kings(&self, side: Side) -> usize {
        all_cells().filter(|&sq| matches!(self.at(sq), Some(p) if p.side == side && p.letter == 'K')).count()
    }

    /// Reads a position string `<16 rows> <side> <ep> [<halfmove> <fullmove>]` (module comment).
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(2..=5).contains(&fields.len()) {
            return Err(format!("expected 2 to 5 fields, got {}: {fen:?}", fields.len()));
        }
        let side = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => return Err(format!("side {other:?}")),
        };
        let mut p = RefPos::empty(side);
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 16 {
            return Err(format!("expected 16 rows, got {}", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let (board, rank) = (i / 8, 7 - (i % 8) as i32);
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i32;
                } else if c == '\'' {
                    let last = Sq::new(board, file - 1, rank);
                    match (file > 0).then(|| p.at(last)).flatten() {
                        Some(mut piece) if has_mark(piece.letter) => {
                            piece.moved = true;
                            p.set(last, Some(piece));
                        }
                        _ => return Err(format!("row {row:?}: a mark after no pawn, rook or king")),
                    }
                } else {
                    let letter = c.to_ascii_uppercase();
                    if !"KQRBNP".contains(letter) {
                        return Err(format!("row {row:?}: unknown piece {c:?}"));
                    }
                    if file >= 8 {
                        return Err(format!("row {row:?}: more than 8 cells"));
                    }
                    let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
                    let sq = Sq::new(board, file, rank);
                    let moved = has_mark(letter) && !start_cell(letter, side, sq);
                    p.set(sq, Some(Piece { side, letter, moved }));
                    file += 1;
                }
            }
            if file != 8 {
                return Err(format!("row {row:?}: {file} cells, expected 8"));
            }
        }
        p.ep = match fields.get(2) {
            None | Some(&"-") => None,
            Some(t) => Some(Sq::parse(t).ok_or_else(|| format!("en passant cell {t:?}"))?),
        };
        let number = |i: usize, default: u32| -> Result<u32, String> {
            fields.get(i).map_or(Ok(default), |t| t.parse().map_err(|_| format!("number {t:?}")))
        };
        p.halfmove = number(3, 0)?;
        p.fullmove = number(4, 1)?;
        Ok(p)
    }

    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for board in [LOWER, UPPER] {
            for rank in (0..8).rev() {
                let mut row = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match self.at(Sq::new(board, file, rank)) {
                        None => empty += 1,
                        Some(piece) => {
                            if empty > 0 {
                                row += &empty.to_string();
                                empty = 0;
                            }
                            row.push(match piece.side {
                                Side::White => piece.letter,
                                Side::Black => piece.letter.to_ascii_lowercase(),
                            });
                            if has_mark(piece.letter) && piece.moved {
                                row.push('\'');
                            }
                        }
                    }
                }
                if empty > 0 {
                    row += &empty.to_string();
                }
                rows.push(row);
            }
        }
        let side = if self.side == Side::White { "w" } else { "b" };
        let ep = self.ep.map_or("-".to_string(), |s| s.name());
        format!("{} {side} {ep} {} {}", rows.join("/"), self.halfmove, self.fullmove)
    }

    /// The game's result, if it is over (repetition and the fifty-move rule aside).
    pub fn outcome(&self) -> Option<Outcome> {
        for side in [self.side, self.side.other()] {
            if self.kings(side) == 0 {
                return Some(Outcome::Win(side.other()));
            }
        }
        if self.legal_move_list().is_empty() {
            return Some(Outcome::Draw);
        }
        None
    }

    /// Every legal move of the side to move.
    pub fn legal_move_list(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.kings(Side::White) == 0 || self.kings(Side::Black) == 0 {
            return out;
        }
        for sq in all_cells() {
            match self.at(sq) {
                // Rule 4, judged before the move.
                Some(piece) if piece.side == self.side && self.has_king(self.side, sq.board) => {
                    self.piece_moves(sq, piece, &mut out)
                }
                _ => {}
            }
        }
        out
    }

    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_move_list().iter().map(Move::text).collect()
    }

    fn is_enemy(&self, sq: Sq, side: Side) -> bool {
        matches!(self.at(sq), Some(p) if p.side != side)
    }

    /// Pushes the move, or its four promotions if a pawn ends on its last rank.
    fn push(&self, out: &mut Vec<Move>, from: Sq, to: Sq, piece: Piece, kind: Kind) {
        let capture = match kind {
            Kind::EnPassant => true,
            Kind::Castle { .. } | Kind::DoubleStep => false,
            Kind::Plain | Kind::Descent => self.at(to).is_some(),
        };
        let m = Move { from, to, letter: piece.letter, kind, capture, promotion: None };
        if piece.letter == 'P' && to.rank == piece.side.last_rank() {
            for p in ['Q', 'R', 'B', 'N'] {
                out.push(Move { promotion: Some(p), ..m });
            }
        } else {
            out.push(m);
        }
    }

    fn piece_moves(&self, from: Sq, piece: Piece, out: &mut Vec<Move>) {
        let side = piece.side;
        // A target on the own board: empty or enemy.
        let open = |to: Sq| !matches!(self.at(to), Some(p) if p.side == side);
        match piece.letter {
            'Q' | 'R' | 'B' => {
                let dirs: Vec<(i32, i32)> = match piece.letter {
                    'R' => ORTHOGONAL.to_vec(),
                    'B' => DIAGONAL.to_vec(),
                    _ => ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect(),
                };
                for (df, dr) in dirs {
                    let mut cur = from;
                    while let Some(to) = cur.offset(df, dr) {
                        if open(to) {
                            self.push(out, from, to, piece, Kind::Plain);
                        }
                        if self.at(to).is_some() {
                            break;
                        }
                        cur = to;
                    }
                }
            }
            'N' | 'K' => {
                let steps: Vec<(i32, i32)> = if piece.letter == 'N' {
                    KNIGHT.to_vec()
                } else {
                    ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect()
                };
                for (df, dr) in steps {
                    if let Some(to) = from.offset(df, dr).filter(|&t| open(t)) {
                        self.push(out, from, to, piece, Kind::Plain);
                    }
                }
                if piece.letter == 'K' {
                    self.castlings(from, piece, out);
                }
            }
            'P' => {
                let fwd = side.forward();
                if let Some(one) = from.offset(0, fwd).filter(|&t| self.at(t).is_none()) {
                    self.push(out, from, one, piece, Kind::Plain);
                    if let Some(two) = one.offset(0, fwd).filter(|&t| self.at(t).is_none() && !piece.moved) {
                        self.push(out, from, two, piece, Kind::DoubleStep);
                    }
                }
                for df in [-1, 1] {
                    let Some(to) = from.offset(df, fwd) else { continue };
                    if self.is_enemy(to, side) {
                        self.push(out, from, to, piece, Kind::Plain);
                    } else if self.ep == Some(to) && self.at(to).is_none() {
                        let victim = Sq::new(to.board, to.file, to.rank - fwd);
                        if matches!(self.at(victim), Some(v) if v.side != side && v.letter == 'P') {
                            self.push(out, from, to, piece, Kind::EnPassant);
                        }
                    }
                }
            }
            other => panic!("reference: unknown piece letter {other:?}"),
        }
        // Rule 2: every piece of the upper board may descend.
        if from.board == UPPER {
            let below = from.complement();
            if open(below) {
                self.push(out, from, below, piece, Kind::Descent);
            }
        }
    }

    fn castlings(&self, king: Sq, piece: Piece, out: &mut Vec<Move>) {
        if piece.moved || !start_cell('K', piece.side, king) {
            return;
        }
        for rook_file in [0, 7] {
            let rook_sq = Sq::new(king.board, rook_file, king.rank);
            let rook_ok =
                matches!(self.at(rook_sq), Some(r) if r.side == piece.side && r.letter == 'R' && !r.moved);
            let (lo, hi) = (king.file.min(rook_file), king.file.max(rook_file));
            let between_empty = (lo + 1..hi).all(|f| self.at(Sq::new(king.board, f, king.rank)).is_none());
            if rook_ok && between_empty {
                let dir = (rook_file - king.file).signum();
                let to = Sq::new(king.board, king.file + 2 * dir, king.rank);
                let rook_to = Sq::new(king.board, king.file + dir, king.rank);
                self.push(out, king, to, piece, Kind::Castle { rook_from: rook_sq, rook_to });
            }
        }
    }

    /// The position after `m` (one of `legal_move_list`).
    pub fn apply(&self, m: &Move) -> RefPos {
        let mut n = self.clone();
        let mut piece = n.take(m.from).expect("a move from an empty cell");
        piece.moved = has_mark(m.promotion.unwrap_or(piece.letter));
        if let Some(p) = m.promotion {
            piece.letter = p;
        }
        let mover = piece.side;
        match m.kind {
            Kind::Plain | Kind::DoubleStep | Kind::EnPassant => {
                let victim_sq = if m.kind == Kind::EnPassant {
                    Sq::new(m.to.board, m.to.file, m.to.rank - mover.forward())
                } else {
                    m.to
                };
                match n.take(victim_sq) {
                    None => n.set(m.to, Some(piece)),
                    Some(mut victim) if m.from.board == UPPER => {
                        // Rule 1: the victim falls; whatever stood below leaves the game.
                        victim.moved = has_mark(victim.letter);
                        n.set(victim_sq.complement(), Some(victim));
                        n.set(m.to, Some(piece));
                    }
                    Some(_) => {
                        // Rule 3: the capturer goes up if the cell above is empty.
                        let above = m.to.complement();
                        n.set(if n.at(above).is_none() { above } else { m.to }, Some(piece));
                    }
                }
            }
            Kind::Castle { rook_from, rook_to } => {
                n.set(m.to, Some(piece));
                let rook = n.take(rook_from).map(|r| Piece { moved: true, ..r });
                n.set(rook_to, rook);
            }
            // Rule 2: the piece below (an enemy's, if any) leaves the game; nothing more.
            Kind::Descent => n.set(m.to, Some(piece)),
        }
        n.ep = None;
        if m.kind == Kind::DoubleStep {
            let beside = |df| m.to.offset(df, 0).and_then(|s| n.at(s));
            if [-1, 1].iter().any(|&df| matches!(beside(df), Some(p) if p.side != mover && p.letter == 'P')) {
                n.ep = Some(Sq::new(m.to.board, m.to.file, m.to.rank - mover.forward()));
            }
        }
        n.halfmove = if m.letter == 'P' || m.capture { 0 } else { self.halfmove + 1 };
        if mover == Side::Black {
            n.fullmove += 1;
        }
        n.side = mover.other();
        n
    }

    /// Leaf count of the move tree to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_move_list();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.apply(m).perft(depth - 1)).sum()
    }

    /// Perft per root move, sorted by move text.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> =
            self.legal_move_list().iter().map(|m| (m.text(), self.apply(m).perft(depth - 1))).collect();
        v.sort();
        v
    }
}
