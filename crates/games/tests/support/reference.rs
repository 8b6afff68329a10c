//! Independent *reference* move generator for Modern Grand Chess, 1st edition (`mgc1`) and
//! 2nd edition (`mgc`), written straight from the rules text in docs/rules.md (All games;
//! Modern Grand Chess). Draws (docs/rules.md, All games, draws) are not modelled: the move list of a position does
//! not depend on them (the halfmove counter is kept only for `to_fen`: reset by pawn moves and
//! captures).
//!
//! Why it exists: the project's fast move generator is tested against this file (move lists and
//! perft counts). To make such a comparison worth anything, this code shares nothing with the
//! project (pure `std`, no project crates) and is written to be obviously correct rather than fast:
//! a 10x10 array of optional pieces, (file, rank) integer coordinates, every rule spelt out once,
//! and a fresh copy of the position for every move tried.
//!
//! Rules implemented (docs/rules.md is authoritative):
//! * Modes: `O` rook slide, `D` bishop slide, `N(n)` leap to any cell at Chebyshev distance exactly
//!   n. Capture by replacement. A cell reachable by two modes is one move.
//! * Pawns (docs/rules.md, Modern Grand Chess, pawns): a non-capturing step to any of the 8 neighbours; a capture one step on any of
//!   the 4 diagonals; a pawn that has never moved may instead leap, without capturing, to an empty
//!   cell of the distance-2 ring that lies ahead of it (forward distance 2, or forward distance 1 and
//!   sideways distance 2). Option `pawns_forward`: no step or capture that lowers the rank (for
//!   White; Black mirrored). Promotion when a pawn move ends on the last rank: `mgc` optional (stay a
//!   pawn or take H N B E C L G M A Q), `mgc1` mandatory (H N B E C R G M F Q).
//! * Kings (docs/rules.md, All games, the jump right of royal pieces): the step N(1) always; the extra leaps (N(2) and N(3) in `mgc`, N(2) in
//!   `mgc1`) only while that king's permanent "has been checked" flag is clear. After a move the
//!   opponent's king is flagged if the mover's pieces attack it (the mover's own king flag taken as
//!   it is); the move is illegal iff the mover's king is then attacked by the opponent's pieces (the
//!   opponent king's extra leaps counting only if its flag is still clear).
//!
//! Position text (`from_fen`): `<ranks> <side> <ep> <halfmove> <fullmove>`, ranks from 10 down to 1,
//! files a b c d e f g h i k, numbers for empty cells, upper case White, lower case Black, `'` after a
//! pawn = it has moved, `!` after a king = it has been checked.
//!
//! One convention of this file: a king of the side to move that stands in check *is* a king that has
//! been checked, even if the position text lacks its `!` mark, so `legal_moves`, `play` and `perft`
//! treat its flag as set (see `settled`).
#![allow(dead_code)]

/// Which edition of Modern Grand Chess.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Edition {
    /// 2nd edition (10.12.2010), game id `mgc`.
    Mgc,
    /// 1st edition (20.07.2010), game id `mgc1`.
    Mgc1,
}

/// The rule set: edition plus the `pawns=forward` option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    pub edition: Edition,
    /// Rule option `pawns=forward`: no pawn step or capture that lowers the rank (White's view).
    pub pawns_forward: bool,
}

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

    /// +1 if "ahead" means higher ranks (White), -1 otherwise (Black).
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The rank index (0-based) of this side's last rank, where its pawns promote.
    pub fn last_rank(self) -> i32 {
        match self {
            Color::White => 9,
            Color::Black => 0,
        }
    }
}

/// One piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    /// Upper-case piece letter: P H N B E C L R G M A F Q K.
    pub letter: char,
    /// Pawns only: this pawn has moved (loses the first-move leap).
    pub moved: bool,
    /// Kings only: this king has been checked (loses its extra leaps for ever).
    pub checked: bool,
}

/// A cell as (file, rank), both 0-based: file 0 = `a` ... 9 = `k`, rank 0 = rank 1 ... 9 = rank 10.
pub type Sq = (i32, i32);

/// The author's file letters (there is no `j`).
pub const FILES: [char; 10] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k'];

/// The start position of the given edition (2nd edition with the Black Horse/Ninja erratum).
pub fn start_fen(edition: Edition) -> &'static str {
    match edition {
        Edition::Mgc => {
            "lgmaqkamgl/hncebbecnh/pppppppppp/10/10/10/10/PPPPPPPPPP/HNCEBBECNH/LGMAKQAMGL w - 0 1"
        }
        Edition::Mgc1 => {
            "rgmfqkfmgr/nhbeccebhn/pppppppppp/10/10/10/10/PPPPPPPPPP/NHBECCEBHN/RGMFKQFMGR w - 0 1"
        }
    }
}

/// The author's name of a cell, e.g. `e3`, `k10`.
pub fn cell_name(sq: Sq) -> String {
    format!("{}{}", FILES[sq.0 as usize], sq.1 + 1)
}

fn on_board(sq: Sq) -> bool {
    (0..10).contains(&sq.0) && (0..10).contains(&sq.1)
}

/// All 100 cells, rank by rank from `a1`.
fn all_cells() -> impl Iterator<Item = Sq> {
    (0..100).map(|i| (i % 10, i / 10))
}

/// Chebyshev distance: the "ring" a cell lies on around another.
fn distance(a: Sq, b: Sq) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

/// The modes of a piece other than Pawn and King:
/// (orthogonal slide `O`, diagonal slide `D`, leap distances `N(n)`).
fn modes(letter: char) -> (bool, bool, &'static [i32]) {
    match letter {
        'H' => (false, false, &[2]),     // Horse: N(2)
        'N' => (false, false, &[1, 2]),  // Ninja: N(1) or N(2)
        'B' => (false, true, &[]),       // Bishop: D
        'E' => (false, true, &[1]),      // Episcope: D or N(1)
        'C' => (false, true, &[2]),      // Cardinal: D or N(2)
        'L' | 'R' => (true, false, &[]), // Legion (2nd ed.) / Rook (1st ed.): O
        'G' => (true, false, &[1]),      // General: O or N(1)
        'M' => (true, false, &[2]),      // Marshal: O or N(2)
        'A' | 'F' => (true, true, &[]),  // Adviser (2nd ed.) / Ferz (1st ed.): O or D
        'Q' => (true, true, &[2]),       // Queen: O or D or N(2)
        other => panic!("reference: no modes for piece letter {other:?}"),
    }
}

/// The pieces a pawn may promote to, in the order the moves are listed.
fn promotion_letters(edition: Edition) -> &'static [char] {
    match edition {
        Edition::Mgc => &['H', 'N', 'B', 'E', 'C', 'L', 'G', 'M', 'A', 'Q'],
        Edition::Mgc1 => &['H', 'N', 'B', 'E', 'C', 'R', 'G', 'M', 'F', 'Q'],
    }
}

/// A move: from, to, and the letter of the piece a pawn promotes to (None: no promotion).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: Sq,
    pub to: Sq,
    pub promo: Option<char>,
}

impl RefMove {
    /// Canonical text: `e3-e5`, `k9-k10=Q`.
    pub fn name(&self) -> String {
        let mut s = format!("{}-{}", cell_name(self.from), cell_name(self.to));
        if let Some(letter) = self.promo {
            s.push('=');
            s.push(letter);
        }
        s
    }
}

/// A position: board, side to move, move counters.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    /// `board[rank][file]`, 0-based.
    pub board: [[Option<Piece>; 10]; 10],
    pub side: Color,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl RefPos {
    /// Parses the project's position text (see the module comment).
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 5 {
            return Err(format!("expected 2 to 5 fields, got {}: {fen:?}", fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 10 {
            return Err(format!("expected 10 ranks, got {}", rows.len()));
        }
        let mut board = [[None; 10]; 10];
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as i32;
            let chars: Vec<char> = row.chars().collect();
            let mut file: i32 = 0;
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                if c.is_ascii_digit() {
                    let mut n: i32 = 0;
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        n = n * 10 + chars[k].to_digit(10).unwrap() as i32;
                        k += 1;
                    }
                    if n == 0 {
                        return Err(format!("empty-cell count 0 in rank {}", rank + 1));
                    }
                    file += n;
                } else if "PHNBECLRGMAFQK".contains(c.to_ascii_uppercase()) {
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    let letter = c.to_ascii_uppercase();
                    let mut piece = Piece { color, letter, moved: false, checked: false };
                    k += 1;
                    while k < chars.len() && (chars[k] == '\'' || chars[k] == '!') {
                        match (chars[k], letter) {
                            ('\'', 'P') => piece.moved = true,
                            ('!', 'K') => piece.checked = true,
                            (mark, _) => {
                                return Err(format!("mark {mark:?} not allowed on {c:?}"));
                            }
                        }
                        k += 1;
                    }
                    if file >= 10 {
                        return Err(format!("rank {} has more than 10 cells", rank + 1));
                    }
                    board[rank as usize][file as usize] = Some(piece);
                    file += 1;
                } else {
                    return Err(format!("unexpected character {c:?} in rank {}", rank + 1));
                }
            }
            if file != 10 {
                return Err(format!("rank {} has {file} cells, expected 10", rank + 1));
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
        for rank in (0..10).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..10 {
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
    /// The start positions are their own image; move counts must be invariant under this map.
    pub fn rotated(&self) -> RefPos {
        let mut board = [[None; 10]; 10];
        for (file, rank) in all_cells() {
            if let Some(mut p) = self.at((9 - file, 9 - rank)) {
                p.color = p.color.other();
                board[rank as usize][file as usize] = Some(p);
            }
        }
        RefPos { board, side: self.side.other(), halfmove: self.halfmove, fullmove: self.fullmove }
    }

    /// The piece on a cell.
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.board[sq.1 as usize][sq.0 as usize]
    }

    fn set(&mut self, sq: Sq, piece: Option<Piece>) {
        self.board[sq.1 as usize][sq.0 as usize] = piece;
    }

    /// True if every cell strictly between `from` and `to` is empty.
    /// `from` and `to` must lie on one orthogonal or diagonal line.
    fn path_clear(&self, from: Sq, to: Sq) -> bool {
        let step = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
        let mut sq = (from.0 + step.0, from.1 + step.1);
        while sq != to {
            if self.at(sq).is_some() {
                return false;
            }
            sq = (sq.0 + step.0, sq.1 + step.1);
        }
        true
    }

    /// True if the piece on `from` attacks the cell `to`, i.e. could capture an enemy piece standing
    /// there (whatever stands there now). For every piece except the Pawn this is also exactly the
    /// set of its destinations (an empty cell or an enemy piece). A pawn's non-capturing moves do not
    /// attack. A king's extra leaps attack while its flag is clear.
    fn attacks(&self, rules: &Rules, from: Sq, to: Sq) -> bool {
        let piece = self.at(from).expect("reference: attacks() from an empty cell");
        if from == to {
            return false;
        }
        let dx = to.0 - from.0;
        let dy = to.1 - from.1;
        let dist = distance(from, to);
        match piece.letter {
            // Pawn: captures one step on a diagonal; with pawns=forward not towards its own side.
            'P' => {
                let diagonal_step = dx.abs() == 1 && dy.abs() == 1;
                let backwards = dy * piece.color.forward() < 0;
                diagonal_step && !(rules.pawns_forward && backwards)
            }
            // King: N(1) always; N(2) (and in the 2nd edition N(3)) while never checked.
            'K' => {
                let extra = match rules.edition {
                    Edition::Mgc => dist == 2 || dist == 3,
                    Edition::Mgc1 => dist == 2,
                };
                dist == 1 || (!piece.checked && extra)
            }
            letter => {
                let (ortho, diag, leaps) = modes(letter);
                let by_o = ortho && (dx == 0 || dy == 0) && self.path_clear(from, to);
                let by_d = diag && dx.abs() == dy.abs() && self.path_clear(from, to);
                let by_n = leaps.contains(&dist);
                by_o || by_d || by_n
            }
        }
    }

    /// True if some piece of `by` attacks `sq`.
    fn attacked_by(&self, rules: &Rules, sq: Sq, by: Color) -> bool {
        all_cells().any(|from| match self.at(from) {
            Some(p) if p.color == by => self.attacks(rules, from, sq),
            _ => false,
        })
    }

    /// The cells of the kings of `color`.
    fn kings(&self, color: Color) -> Vec<Sq> {
        all_cells()
            .filter(|&sq| matches!(self.at(sq), Some(p) if p.color == color && p.letter == 'K'))
            .collect()
    }

    /// True if a king of `color` is attacked by the other side (whose king leaps count according
    /// to its flag as it stands).
    fn king_attacked(&self, rules: &Rules, color: Color) -> bool {
        self.kings(color).into_iter().any(|k| self.attacked_by(rules, k, color.other()))
    }

    /// Sets the "has been checked" flag of every king of `color` that the other side attacks.
    fn flag_checked_kings(&mut self, rules: &Rules, color: Color) {
        for k in self.kings(color) {
            if self.attacked_by(rules, k, color.other()) {
                let mut king = self.at(k).unwrap();
                king.checked = true;
                self.set(k, Some(king));
            }
        }
    }

    /// The position with the side to move's king flagged if it stands in check (a king in check has
    /// been checked). A no-op for every position produced by `play`.
    pub fn settled(&self, rules: &Rules) -> RefPos {
        let mut pos = self.clone();
        pos.flag_checked_kings(rules, self.side);
        pos
    }

    /// Side to move's king attacked (the opponent king's leaps counting per its flag as it is).
    pub fn in_check(&self, rules: &Rules) -> bool {
        self.king_attacked(rules, self.side)
    }

    /// Moves of the side to move that obey the movement rules, before the own-king test.
    fn pseudo_moves(&self, rules: &Rules) -> Vec<RefMove> {
        let mut moves = Vec::new();
        for from in all_cells() {
            let piece = match self.at(from) {
                Some(p) if p.color == self.side => p,
                _ => continue,
            };
            if piece.letter == 'P' {
                for to in self.pawn_destinations(rules, from) {
                    if to.1 == piece.color.last_rank() {
                        // Promotion: optional in the 2nd edition, mandatory in the 1st.
                        if rules.edition == Edition::Mgc {
                            moves.push(RefMove { from, to, promo: None });
                        }
                        for &letter in promotion_letters(rules.edition) {
                            moves.push(RefMove { from, to, promo: Some(letter) });
                        }
                    } else {
                        moves.push(RefMove { from, to, promo: None });
                    }
                }
            } else {
                // Every other piece: each cell it reaches that does not hold a piece of its own.
                for to in all_cells() {
                    let own = matches!(self.at(to), Some(q) if q.color == piece.color);
                    if !own && self.attacks(rules, from, to) {
                        moves.push(RefMove { from, to, promo: None });
                    }
                }
            }
        }
        moves
    }

    /// The cells a pawn on `from` may move to (docs/rules.md, Modern Grand Chess, pawns), each once.
    fn pawn_destinations(&self, rules: &Rules, from: Sq) -> Vec<Sq> {
        let pawn = self.at(from).unwrap();
        let fwd = pawn.color.forward();
        let mut dests: Vec<Sq> = Vec::new();
        // 1. Non-capturing step to any of the 8 neighbours (pawns=forward: not lowering the rank).
        for dx in -1..=1 {
            for dy in -1..=1 {
                let to = (from.0 + dx, from.1 + dy);
                if (dx, dy) == (0, 0) || !on_board(to) {
                    continue;
                }
                if rules.pawns_forward && dy * fwd < 0 {
                    continue;
                }
                if self.at(to).is_none() {
                    dests.push(to);
                }
            }
        }
        // 2. Capture one step on any of the 4 diagonals (pawns=forward: the 2 forward ones).
        for dx in [-1, 1] {
            for dy in [-1, 1] {
                let to = (from.0 + dx, from.1 + dy);
                if !on_board(to) || (rules.pawns_forward && dy * fwd < 0) {
                    continue;
                }
                if matches!(self.at(to), Some(q) if q.color != pawn.color) {
                    dests.push(to);
                }
            }
        }
        // 3. A pawn that has never moved: leap, without capturing, to an empty cell of the
        //    distance-2 ring lying ahead (forward 2 with sideways -2..2, or forward 1 with sideways ±2).
        if !pawn.moved {
            for dx in -2..=2_i32 {
                for ahead in 1..=2 {
                    let on_ring = ahead == 2 || dx.abs() == 2;
                    let to = (from.0 + dx, from.1 + ahead * fwd);
                    if on_ring && on_board(to) && self.at(to).is_none() {
                        dests.push(to);
                    }
                }
            }
        }
        dests
    }

    /// The position after `mv` with the opponent's king flag updated (docs/rules.md, All games, the jump right of royal pieces), legal or not.
    fn apply(&self, rules: &Rules, mv: &RefMove) -> RefPos {
        let mover = self.side;
        let mut next = self.clone();
        let mut piece = next.at(mv.from).expect("reference: move from an empty cell");
        let capture = next.at(mv.to).is_some();
        next.set(mv.from, None);
        if piece.letter == 'P' {
            piece.moved = true;
            if let Some(letter) = mv.promo {
                piece.letter = letter;
                piece.moved = false;
            }
        }
        next.set(mv.to, Some(piece));
        next.halfmove =
            if capture || piece.letter == 'P' || mv.promo.is_some() { 0 } else { self.halfmove + 1 };
        if mover == Color::Black {
            next.fullmove += 1;
        }
        next.side = mover.other();
        // The opponent's king is flagged if the mover's pieces now attack it.
        next.flag_checked_kings(rules, mover.other());
        next
    }

    /// Every legal move with the position it leads to.
    pub fn legal_moves_with_positions(&self, rules: &Rules) -> Vec<(RefMove, RefPos)> {
        let pos = self.settled(rules);
        let mover = pos.side;
        let mut legal = Vec::new();
        for mv in pos.pseudo_moves(rules) {
            let next = pos.apply(rules, &mv);
            // Illegal iff the opponent could now capture the mover's king.
            if !next.king_attacked(rules, mover) {
                legal.push((mv, next));
            }
        }
        legal
    }

    /// Legal moves as canonical strings `<from>-<to>` or `<from>-<to>=<Letter>`.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<String> {
        self.legal_moves_with_positions(rules).iter().map(|(mv, _)| mv.name()).collect()
    }

    /// The position after a legal move given as a canonical string. Panics if it is not legal.
    pub fn play(&self, rules: &Rules, mv: &str) -> RefPos {
        for (m, next) in self.legal_moves_with_positions(rules) {
            if m.name() == mv {
                return next;
            }
        }
        panic!("reference: {mv:?} is not a legal move in {}", self.to_fen());
    }

    /// Number of leaf positions after `depth` plies.
    pub fn perft(&self, rules: &Rules, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let list = self.legal_moves_with_positions(rules);
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter().map(|(_, next)| next.perft(rules, depth - 1)).sum()
    }

    /// Perft split by first move (for locating a disagreement), sorted by move text.
    pub fn divide(&self, rules: &Rules, depth: u32) -> Vec<(String, u64)> {
        assert!(depth >= 1, "reference: divide needs depth >= 1");
        let mut out: Vec<(String, u64)> = self
            .legal_moves_with_positions(rules)
            .iter()
            .map(|(mv, next)| (mv.name(), next.perft(rules, depth - 1)))
            .collect();
        out.sort();
        out
    }
}

/// A small self-check of the reference itself; returns a description of the first failure.
/// Checks: the start positions parse, print back unchanged and are their own 180-degree image, and
/// after every White first move the position and its rotated image have equally many legal moves.
pub fn self_check() -> Result<(), String> {
    for edition in [Edition::Mgc, Edition::Mgc1] {
        for pawns_forward in [false, true] {
            let rules = Rules { edition, pawns_forward };
            let start = RefPos::from_fen(start_fen(edition))?;
            if start.to_fen() != start_fen(edition) {
                return Err(format!("round trip failed: {}", start.to_fen()));
            }
            if start.rotated().board != start.board {
                return Err(format!("{edition:?} start is not centre-symmetric"));
            }
            for (mv, next) in start.legal_moves_with_positions(&rules) {
                let a = next.legal_moves(&rules).len();
                let b = next.rotated().legal_moves(&rules).len();
                if a != b {
                    return Err(format!("{rules:?} after {}: {a} moves, rotated {b}", mv.name()));
                }
            }
        }
    }
    Ok(())
}
