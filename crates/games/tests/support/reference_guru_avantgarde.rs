//! Independent *reference* move generator for Chess Guru (`guru`, docs/rules.md, Chess Guru)
//! and Avant-garde Grand Chess (`avantgarde`, docs/rules.md, Avant-garde Grand Chess and All games), written straight from the
//! rules text for the rules Fairy-Stockfish cannot express: Chess Guru's three-piece castlings,
//! and Avant-garde's jump right, King's first double move and two-stage promotion.
//!
//! Like `reference.rs` it shares nothing with the project (pure `std`) and is written to be
//! obviously correct rather than fast: a 10x10 array of optional pieces, (file, rank) integer
//! coordinates, every rule spelt out once, a fresh copy of the position for every move tried.
//!
//! Rules implemented (docs/rules.md is authoritative):
//! * Both games: 10x10, files a b c d e f g h i k, White on ranks 1–3 moves first. A move is
//!   illegal iff the opponent could then capture the mover's King. Classical pawns: one step
//!   forward without capturing, capture one step diagonally forward, a pawn that has never moved
//!   (on its start rank: 3 for White, 8 for Black) may step two cells forward, both cells empty;
//!   after that double step the skipped cell may be taken en passant by an enemy pawn on the very
//!   next move.
//! * Chess Guru: K King (step), J Raja (queen + knight), Q Queen, M Marshall (rook + knight),
//!   C Cardinal (bishop + knight), R Rook, B Bishop, N Knight. Promotion on the last rank,
//!   mandatory, to J Q M C R B N. Castlings (docs/rules.md, Chess Guru): King and both Rooks of that side never
//!   moved, the listed cells empty, the King not in check and not passing over or landing on an
//!   attacked cell:
//!   White short (`O-O`) K e1-b1, R b1-d1, R a1-c1 (empty c1 d1; safe d1 c1 b1);
//!   White long (`O-O-O`) K e1-h1, R i1-f1, R k1-g1 (empty f1 g1 h1; safe f1 g1 h1);
//!   Black short K f10-i10, R i10-g10, R k10-h10 (empty g10 h10; safe g10 h10 i10);
//!   Black long K f10-c10, R b10-e10, R a10-d10 (empty c10 d10 e10; safe e10 d10 c10).
//!   Rule option `castling=off` removes them.
//! * Avant-garde: K King, Q Queen (adviser and knight), A Adviser (rook and bishop), M Marshal
//!   (rook and knight), R Rook, C Cardinal (bishop + knight), B Bishop, G Guard (one or two cells along
//!   any of the 8 lines, the cell between empty), N Knight (chess knight). The King steps; while
//!   it has never been checked (a permanent per-king flag, docs/rules.md, All games, the jump right of royal pieces) it also has the knight
//!   leap, which may capture and gives check. As its first move a King that has never been
//!   checked may move two cells along any of the 8 lines, the cell between empty and not attacked,
//!   the King not in check, onto an empty cell or an enemy piece (docs/rules.md, Avant-garde Grand Chess, the King's first double move); this double move is
//!   a move, not an attack (like castling, it never gives check — it could not reach a King
//!   anyway: the cell between would be next to that King). Promotion: a White pawn reaching rank
//!   9 may become a Knight, Guard or Bishop or stay a pawn; one reaching rank 10 must become any
//!   piece but King and Pawn; Black mirrored (rank 2 optional, rank 1 mandatory).
//!   Rule option `king=step` (for comparisons with outside engines): the King only steps — no
//!   knight leap, no double move.
//!
//! Position text (`from_fen`): `<ranks> <side> <ep> <halfmove> <fullmove>`, ranks from 10 down,
//! upper case White, `'` after a piece = it has moved, `!` after a King = it has been checked;
//! the en-passant field is the skipped cell (author's name) or `-`.
//!
//! Moves are written in the project's coordinate form: files lettered consecutively (`a`…`j`,
//! the author's `k` is `j`), `e3e5`, promotion as the lower-case letter (`b9b10q`), castling as
//! the King's from-to (`e1b1`), en passant as the capturing pawn's from-to.
#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    Guru,
    Avantgarde,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    pub game: Game,
    /// Chess Guru's castlings (`castling=off` clears it).
    pub castling: bool,
    /// Avant-garde `king=step`: the King only steps (no knight leap, no double move).
    pub king_step: bool,
}

impl Rules {
    pub fn guru() -> Rules {
        Rules { game: Game::Guru, castling: true, king_step: false }
    }
    pub fn avantgarde() -> Rules {
        Rules { game: Game::Avantgarde, castling: false, king_step: false }
    }
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
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// 0-based rank counted from this side's first rank.
    fn relative(self, rank: i32) -> i32 {
        match self {
            Color::White => rank,
            Color::Black => 9 - rank,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub letter: char,
    pub moved: bool,
    pub checked: bool,
}

/// (file, rank), both 0-based.
pub type Sq = (i32, i32);

pub const FILES: [char; 10] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k'];

pub fn start_fen(game: Game) -> &'static str {
    match game {
        Game::Guru => "rrmqjkqmrr/nnbbccbbnn/pppppppppp/10/10/10/10/PPPPPPPPPP/NNBBCCBBNN/RRMQKJQMRR w - 0 1",
        Game::Avantgarde => {
            "rmcakqacmr/nnbggggbnn/pppppppppp/10/10/10/10/PPPPPPPPPP/NNBGGGGBNN/RMCAKQACMR w - 0 1"
        }
    }
}

/// The author's cell name (`k10`).
pub fn cell_name(sq: Sq) -> String {
    format!("{}{}", FILES[sq.0 as usize], sq.1 + 1)
}

/// The coordinate-form cell name (`j10`).
pub fn coord_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

fn parse_cell(s: &str) -> Option<Sq> {
    let mut cs = s.chars();
    let first = cs.next()?;
    let f = FILES.iter().position(|&c| c == first)? as i32;
    let r: i32 = cs.as_str().parse().ok()?;
    (1..=10).contains(&r).then_some((f, r - 1))
}

fn on_board(sq: Sq) -> bool {
    (0..10).contains(&sq.0) && (0..10).contains(&sq.1)
}

fn all_cells() -> impl Iterator<Item = Sq> {
    (0..100).map(|i| (i % 10, i / 10))
}

/// Movement of the pieces other than Pawn and King:
/// (orthogonal slide, diagonal slide, knight leap, guard: 1 or 2 cells along the 8 lines).
fn modes(game: Game, letter: char) -> (bool, bool, bool, bool) {
    match (game, letter) {
        (Game::Guru, 'J') => (true, true, true, false), // Raja: queen + knight
        (Game::Guru, 'Q') => (true, true, false, false), // Queen
        (Game::Avantgarde, 'Q') => (true, true, true, false), // Queen (Amazon): adviser + knight
        (Game::Avantgarde, 'A') => (true, true, false, false), // Adviser: rook or bishop
        (Game::Avantgarde, 'G') => (false, false, false, true), // Guard
        (_, 'M') => (true, false, true, false),         // Marshall / Marshal: rook + knight
        (_, 'C') => (false, true, true, false),         // Cardinal: bishop + knight
        (_, 'R') => (true, false, false, false),        // Rook
        (_, 'B') => (false, true, false, false),        // Bishop
        (_, 'N') => (false, false, true, false),        // Knight
        (g, l) => panic!("reference: no piece {l:?} in {g:?}"),
    }
}

fn letters(game: Game) -> &'static str {
    match game {
        Game::Guru => "KJQMCRBNP",
        Game::Avantgarde => "KQAMRCBGNP",
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Normal,
    /// The rooks' (from, to) of a castling.
    Castle([(Sq, Sq); 2]),
    /// Captures the pawn on this cell.
    EnPassant(Sq),
    /// The King's first double move (Avant-garde).
    KingDouble,
    /// A pawn's double step: the skipped cell becomes the en-passant cell.
    PawnDouble(Sq),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: Sq,
    pub to: Sq,
    pub promo: Option<char>,
    pub kind: Kind,
}

impl RefMove {
    fn plain(from: Sq, to: Sq) -> RefMove {
        RefMove { from, to, promo: None, kind: Kind::Normal }
    }
    /// Coordinate form: `e3e5`, `b9b10q`, castling `e1b1`.
    pub fn name(&self) -> String {
        let mut s = coord_name(self.from) + &coord_name(self.to);
        if let Some(l) = self.promo {
            s.push(l.to_ascii_lowercase());
        }
        s
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    pub board: [[Option<Piece>; 10]; 10],
    pub side: Color,
    /// The cell skipped by the last move's pawn double step.
    pub ep: Option<Sq>,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl RefPos {
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 5 {
            return Err(format!("expected 2 to 5 fields: {fen:?}"));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 10 {
            return Err(format!("expected 10 ranks, got {}", rows.len()));
        }
        let mut board = [[None; 10]; 10];
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as i32;
            let chars: Vec<char> = row.chars().collect();
            let mut file = 0;
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                if c.is_ascii_digit() {
                    let mut n = 0;
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        n = n * 10 + chars[k].to_digit(10).unwrap() as i32;
                        k += 1;
                    }
                    file += n;
                    continue;
                }
                if !c.is_ascii_alphabetic() {
                    return Err(format!("unexpected {c:?} in rank {}", rank + 1));
                }
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let mut p = Piece { color, letter: c.to_ascii_uppercase(), moved: false, checked: false };
                k += 1;
                while k < chars.len() && (chars[k] == '\'' || chars[k] == '!') {
                    if chars[k] == '\'' {
                        p.moved = true;
                    } else {
                        p.checked = true;
                    }
                    k += 1;
                }
                if file >= 10 {
                    return Err(format!("rank {} too long", rank + 1));
                }
                board[rank as usize][file as usize] = Some(p);
                file += 1;
            }
            if file != 10 {
                return Err(format!("rank {} has {file} cells", rank + 1));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(format!("bad side {s:?}")),
        };
        let ep = match fields.get(2) {
            None | Some(&"-") => None,
            Some(s) => Some(parse_cell(s).ok_or_else(|| format!("bad en-passant cell {s:?}"))?),
        };
        let halfmove = fields.get(3).map_or(Ok(0), |s| s.parse()).map_err(|_| "bad halfmove".to_string())?;
        let fullmove = fields.get(4).map_or(Ok(1), |s| s.parse()).map_err(|_| "bad fullmove".to_string())?;
        Ok(RefPos { board, side, ep, halfmove, fullmove })
    }

    /// The position text: `'` on every piece that has moved, `!` on checked Kings.
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
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(if p.color == Color::White {
                            p.letter
                        } else {
                            p.letter.to_ascii_lowercase()
                        });
                        if p.moved {
                            row.push('\'');
                        }
                        if p.checked {
                            row.push('!');
                        }
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let side = if self.side == Color::White { "w" } else { "b" };
        let ep = self.ep.map_or("-".to_string(), cell_name);
        format!("{} {side} {ep} {} {}", rows.join("/"), self.halfmove, self.fullmove)
    }

    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.board[sq.1 as usize][sq.0 as usize]
    }

    fn set(&mut self, sq: Sq, p: Option<Piece>) {
        self.board[sq.1 as usize][sq.0 as usize] = p;
    }

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

    /// Whether the piece on `from` could capture on `to` (whatever stands there). Castling and
    /// the King's double move are moves, not attacks.
    fn attacks(&self, rules: &Rules, from: Sq, to: Sq) -> bool {
        let p = self.at(from).expect("reference: attacks() from an empty cell");
        if from == to {
            return false;
        }
        let dx = to.0 - from.0;
        let dy = to.1 - from.1;
        let knight = (dx.abs() == 1 && dy.abs() == 2) || (dx.abs() == 2 && dy.abs() == 1);
        let line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        match p.letter {
            'P' => dx.abs() == 1 && dy == p.color.forward(),
            'K' => {
                let step = dx.abs() <= 1 && dy.abs() <= 1;
                let leap = rules.game == Game::Avantgarde && !rules.king_step && !p.checked && knight;
                step || leap
            }
            l => {
                let (o, d, n, g) = modes(rules.game, l);
                (o && (dx == 0 || dy == 0) && self.path_clear(from, to))
                    || (d && dx.abs() == dy.abs() && self.path_clear(from, to))
                    || (n && knight)
                    || (g && line && dx.abs().max(dy.abs()) <= 2 && self.path_clear(from, to))
            }
        }
    }

    fn attacked_by(&self, rules: &Rules, sq: Sq, by: Color) -> bool {
        all_cells().any(|f| matches!(self.at(f), Some(p) if p.color == by) && self.attacks(rules, f, sq))
    }

    fn kings(&self, c: Color) -> Vec<Sq> {
        all_cells().filter(|&s| matches!(self.at(s), Some(p) if p.color == c && p.letter == 'K')).collect()
    }

    fn king_attacked(&self, rules: &Rules, c: Color) -> bool {
        self.kings(c).into_iter().any(|k| self.attacked_by(rules, k, c.other()))
    }

    /// Avant-garde: flags every King of `c` that the other side attacks (docs/rules.md, All games, the jump right of royal pieces).
    fn flag_checked_kings(&mut self, rules: &Rules, c: Color) {
        if rules.game != Game::Avantgarde {
            return;
        }
        for k in self.kings(c) {
            if self.attacked_by(rules, k, c.other()) {
                let mut king = self.at(k).unwrap();
                king.checked = true;
                self.set(k, Some(king));
            }
        }
    }

    /// A King of the side to move that stands in check has been checked.
    pub fn settled(&self, rules: &Rules) -> RefPos {
        let mut p = self.clone();
        p.flag_checked_kings(rules, self.side);
        p
    }

    pub fn in_check(&self, rules: &Rules) -> bool {
        self.king_attacked(rules, self.side)
    }

    fn promotions(&self, rules: &Rules, color: Color, to: Sq) -> (bool, &'static [char]) {
        let rel = color.relative(to.1);
        match rules.game {
            // (may stay a pawn, choices)
            Game::Guru if rel == 9 => (false, &['J', 'Q', 'M', 'C', 'R', 'B', 'N']),
            Game::Avantgarde if rel == 9 => (false, &['Q', 'A', 'M', 'R', 'C', 'B', 'G', 'N']),
            Game::Avantgarde if rel == 8 => (true, &['N', 'G', 'B']),
            _ => (true, &[]),
        }
    }

    fn push_pawn_move(&self, rules: &Rules, moves: &mut Vec<RefMove>, from: Sq, to: Sq, kind: Kind) {
        let color = self.at(from).unwrap().color;
        let (may_stay, choices) = self.promotions(rules, color, to);
        if may_stay {
            moves.push(RefMove { from, to, promo: None, kind });
        }
        for &l in choices {
            moves.push(RefMove { from, to, promo: Some(l), kind });
        }
    }

    fn pseudo_moves(&self, rules: &Rules) -> Vec<RefMove> {
        let mut moves = Vec::new();
        let us = self.side;
        for from in all_cells() {
            let p = match self.at(from) {
                Some(p) if p.color == us => p,
                _ => continue,
            };
            if p.letter == 'P' {
                let f = us.forward();
                let one = (from.0, from.1 + f);
                if on_board(one) && self.at(one).is_none() {
                    self.push_pawn_move(rules, &mut moves, from, one, Kind::Normal);
                    let two = (from.0, from.1 + 2 * f);
                    if !p.moved && us.relative(from.1) == 2 && on_board(two) && self.at(two).is_none() {
                        self.push_pawn_move(rules, &mut moves, from, two, Kind::PawnDouble(one));
                    }
                }
                for dx in [-1, 1] {
                    let to = (from.0 + dx, from.1 + f);
                    if !on_board(to) {
                        continue;
                    }
                    if matches!(self.at(to), Some(q) if q.color != us) {
                        self.push_pawn_move(rules, &mut moves, from, to, Kind::Normal);
                    } else if self.at(to).is_none() && self.ep == Some(to) {
                        let victim = (to.0, from.1);
                        if matches!(self.at(victim), Some(q) if q.color != us && q.letter == 'P') {
                            moves.push(RefMove { from, to, promo: None, kind: Kind::EnPassant(victim) });
                        }
                    }
                }
                continue;
            }
            for to in all_cells() {
                let own = matches!(self.at(to), Some(q) if q.color == us);
                if !own && self.attacks(rules, from, to) {
                    moves.push(RefMove::plain(from, to));
                }
            }
            if p.letter == 'K' {
                self.king_specials(rules, from, p, &mut moves);
            }
        }
        moves
    }

    fn king_specials(&self, rules: &Rules, from: Sq, k: Piece, moves: &mut Vec<RefMove>) {
        let them = k.color.other();
        match rules.game {
            Game::Avantgarde => {
                // The King's first double move (docs/rules.md, Avant-garde Grand Chess, the King's first double move); `k.checked` includes "in check now"
                // because the position is settled.
                if rules.king_step || k.moved || k.checked || self.attacked_by(rules, from, them) {
                    return;
                }
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        if (dx, dy) == (0, 0) {
                            continue;
                        }
                        let mid = (from.0 + dx, from.1 + dy);
                        let to = (from.0 + 2 * dx, from.1 + 2 * dy);
                        if !on_board(to) || self.at(mid).is_some() {
                            continue;
                        }
                        if matches!(self.at(to), Some(q) if q.color == k.color) {
                            continue;
                        }
                        if self.attacked_by(rules, mid, them) {
                            continue;
                        }
                        moves.push(RefMove { from, to, promo: None, kind: Kind::KingDouble });
                    }
                }
            }
            Game::Guru => {
                if !rules.castling {
                    return;
                }
                // (king to, rooks (from, to), empty cells, safe cells) in author's names.
                #[allow(clippy::type_complexity)]
                let table: &[(&str, &str, [(&str, &str); 2], &[&str], &[&str])] = match k.color {
                    Color::White => &[
                        ("e1", "b1", [("b1", "d1"), ("a1", "c1")], &["c1", "d1"], &["d1", "c1", "b1"]),
                        ("e1", "h1", [("i1", "f1"), ("k1", "g1")], &["f1", "g1", "h1"], &["f1", "g1", "h1"]),
                    ],
                    Color::Black => &[
                        (
                            "f10",
                            "i10",
                            [("i10", "g10"), ("k10", "h10")],
                            &["g10", "h10"],
                            &["g10", "h10", "i10"],
                        ),
                        (
                            "f10",
                            "c10",
                            [("b10", "e10"), ("a10", "d10")],
                            &["c10", "d10", "e10"],
                            &["e10", "d10", "c10"],
                        ),
                    ],
                };
                for (kf, kt, rooks, empty, safe) in table {
                    let c = |s: &str| parse_cell(s).unwrap();
                    if c(kf) != from || k.moved {
                        continue;
                    }
                    let rooks_ok = rooks.iter().all(|(rf, _)| {
                        matches!(self.at(c(rf)), Some(r) if r.color == k.color && r.letter == 'R' && !r.moved)
                    });
                    if !rooks_ok || empty.iter().any(|s| self.at(c(s)).is_some()) {
                        continue;
                    }
                    if self.attacked_by(rules, from, them)
                        || safe.iter().any(|s| self.attacked_by(rules, c(s), them))
                    {
                        continue;
                    }
                    moves.push(RefMove {
                        from,
                        to: c(kt),
                        promo: None,
                        kind: Kind::Castle([(c(rooks[0].0), c(rooks[0].1)), (c(rooks[1].0), c(rooks[1].1))]),
                    });
                }
            }
        }
    }

    /// The position after `mv` (legal or not), the opponent's King flags updated.
    fn apply(&self, rules: &Rules, mv: &RefMove) -> RefPos {
        let us = self.side;
        let mut next = self.clone();
        let mut p = next.at(mv.from).expect("reference: move from an empty cell");
        let mut capture = next.at(mv.to).is_some();
        next.set(mv.from, None);
        next.ep = None;
        match mv.kind {
            Kind::Castle(rooks) => {
                for (rf, _) in rooks {
                    next.set(rf, None);
                }
                for (rf, rt) in rooks {
                    let mut r = self.at(rf).unwrap();
                    r.moved = true;
                    next.set(rt, Some(r));
                }
            }
            Kind::EnPassant(victim) => {
                next.set(victim, None);
                capture = true;
            }
            Kind::PawnDouble(skipped) => next.ep = Some(skipped),
            Kind::Normal | Kind::KingDouble => {}
        }
        p.moved = true;
        if let Some(l) = mv.promo {
            p = Piece { color: us, letter: l, moved: true, checked: false };
        }
        next.set(mv.to, Some(p));
        next.halfmove =
            if capture || self.at(mv.from).unwrap().letter == 'P' { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            next.fullmove += 1;
        }
        next.side = us.other();
        next.flag_checked_kings(rules, us.other());
        next
    }

    pub fn legal_moves_with_positions(&self, rules: &Rules) -> Vec<(RefMove, RefPos)> {
        let pos = self.settled(rules);
        let us = pos.side;
        let mut out = Vec::new();
        for mv in pos.pseudo_moves(rules) {
            let next = pos.apply(rules, &mv);
            if !next.king_attacked(rules, us) {
                out.push((mv, next));
            }
        }
        out
    }

    pub fn legal_moves(&self, rules: &Rules) -> Vec<String> {
        self.legal_moves_with_positions(rules).iter().map(|(m, _)| m.name()).collect()
    }

    /// Whether an en-passant capture is among the legal moves.
    pub fn has_en_passant(&self, rules: &Rules) -> bool {
        self.legal_moves_with_positions(rules).iter().any(|(m, _)| matches!(m.kind, Kind::EnPassant(_)))
    }

    pub fn play(&self, rules: &Rules, mv: &str) -> RefPos {
        for (m, next) in self.legal_moves_with_positions(rules) {
            if m.name() == mv {
                return next;
            }
        }
        panic!("reference: {mv:?} is not legal in {}", self.to_fen());
    }

    pub fn perft(&self, rules: &Rules, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let list = self.legal_moves_with_positions(rules);
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter().map(|(_, n)| n.perft(rules, depth - 1)).sum()
    }

    pub fn divide(&self, rules: &Rules, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .legal_moves_with_positions(rules)
            .iter()
            .map(|(m, n)| (m.name(), n.perft(rules, depth - 1)))
            .collect();
        out.sort();
        out
    }

    /// The state both generators must agree on, independent of which marks a position string
    /// writes: every piece (letter, colour), and the flags that still matter — a pawn's double
    /// step (unmoved on its start rank), a King's and Rook's "has moved" (castling, the King's
    /// double move), a King's "has been checked" (Avant-garde), the en-passant cell only when an
    /// en-passant capture is legal — and the side to move.
    pub fn essence(&self, rules: &Rules) -> String {
        let mut s = String::new();
        for sq in all_cells() {
            if let Some(p) = self.at(sq) {
                let castling = rules.game == Game::Guru && rules.castling;
                let jump_right = rules.game == Game::Avantgarde && !rules.king_step;
                let mark = match p.letter {
                    'P' => !p.moved && p.color.relative(sq.1) == 2,
                    'K' => !p.moved && (castling || jump_right),
                    'R' => !p.moved && castling,
                    _ => false,
                };
                let checked = p.letter == 'K' && p.checked && jump_right;
                s += &format!(
                    "{}{}{}{} ",
                    cell_name(sq),
                    if p.color == Color::White { p.letter } else { p.letter.to_ascii_lowercase() },
                    if mark { "*" } else { "" },
                    if checked { "!" } else { "" }
                );
            }
        }
        let settled = self.settled(rules);
        let ep =
            if settled.has_en_passant(rules) { self.ep.map_or("-".into(), cell_name) } else { "-".into() };
        format!("{s}| {:?} ep {ep}", self.side)
    }
}

/// Self-check of the reference: start positions round-trip, are mirror images of each other
/// (White's and Black's move counts after mirroring agree), and each game's castlings appear in
/// a position built for them.
pub fn self_check() -> Result<(), String> {
    for game in [Game::Guru, Game::Avantgarde] {
        let rules = if game == Game::Guru { Rules::guru() } else { Rules::avantgarde() };
        let start = RefPos::from_fen(start_fen(game))?;
        if start.to_fen().replace(" - ", " ") != start_fen(game).replace(" - ", " ") {
            return Err(format!("round trip: {}", start.to_fen()));
        }
        let _ = letters(game);
        let n = start.legal_moves(&rules).len();
        if n == 0 {
            return Err(format!("{game:?}: no moves at the start"));
        }
    }
    Ok(())
}
