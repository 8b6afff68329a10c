//! Positions: the reconstructed setups of docs/rules.md ("Setups (reconstruction)"), and position
//! strings as docs/formats.md describes them (`(431.)` White, `(.2)` Black, `S`/`s` slaves with
//! `'` once moved, `F`/`f` faraons with `!` once checked; `<board> <side> - <halfmove> <fullmove>`).

use super::{code, legal_stack, parse_code, Cell, Color, Id, Kind, Piece};

/// A position with the history of the game that led to it (for repetitions).
#[derive(Clone, Debug)]
pub struct Pos {
    pub id: Id,
    /// Index `rank * size + file`.
    pub cells: Vec<Option<Piece>>,
    pub side: Color,
    /// Plies since the last capture or slave move.
    pub halfmove: u32,
    pub fullmove: u32,
    /// Repetition keys (`key`) of the earlier positions of the game, oldest first.
    pub history: Vec<String>,
}

impl Pos {
    pub fn n(&self) -> i32 {
        self.id.size()
    }

    pub fn on_board(&self, c: Cell) -> bool {
        c.0 >= 0 && c.1 >= 0 && c.0 < self.n() && c.1 < self.n()
    }

    pub fn at(&self, c: Cell) -> Option<Piece> {
        if self.on_board(c) {
            self.cells[(c.1 * self.n() + c.0) as usize]
        } else {
            None
        }
    }

    pub fn set(&mut self, c: Cell, p: Option<Piece>) {
        let n = self.n();
        self.cells[(c.1 * n + c.0) as usize] = p;
    }

    pub fn all_cells(&self) -> Vec<Cell> {
        let n = self.n();
        (0..n).flat_map(|r| (0..n).map(move |f| (f, r))).collect()
    }

    /// The rank (from 0) of the side's slaves at the start.
    pub fn slave_start_rank(&self, color: Color) -> i32 {
        match color {
            Color::White => 1,
            Color::Black => self.n() - 2,
        }
    }

    pub fn last_rank(&self, color: Color) -> i32 {
        match color {
            Color::White => self.n() - 1,
            Color::Black => 0,
        }
    }

    /// The rank counted from the side's own first rank (0 = its first rank).
    pub fn row_from_own_side(&self, color: Color, rank: i32) -> i32 {
        match color {
            Color::White => rank,
            Color::Black => self.n() - 1 - rank,
        }
    }

    /// The start position: slaves on the second rank, the faraon in the middle of the first rank
    /// with full pinos `(4321)` on the other cells (1st/2nd editions), or eight pharaons (5th/6th).
    pub fn start(id: Id) -> Pos {
        let n = id.size();
        let mut pos = Pos {
            id,
            cells: vec![None; (n * n) as usize],
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            history: Vec::new(),
        };
        for color in [Color::White, Color::Black] {
            let (back, front) = match color {
                Color::White => (0, 1),
                Color::Black => (n - 1, n - 2),
            };
            for file in 0..n {
                pos.set((file, front), Some(Piece { color, kind: Kind::Slave { moved: false } }));
                let kind = if !id.pyramids() && file == n / 2 {
                    Kind::Faraon { checked: false }
                } else {
                    Kind::Stack([1, 1, 1, 1])
                };
                pos.set((file, back), Some(Piece { color, kind }));
            }
        }
        pos
    }

    /// Reads a position string; the history is empty. Refuses what cannot be a position of the
    /// id (see the header of this module's parent for the readings).
    pub fn parse(id: Id, text: &str) -> Result<Pos, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(format!("expected 5 fields, got {}", fields.len()));
        }
        let n = id.size();
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != n as usize {
            return Err(format!("expected {n} rows, got {}", rows.len()));
        }
        let mut pos = Pos {
            id,
            cells: vec![None; (n * n) as usize],
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            history: Vec::new(),
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i as i32;
            let chars: Vec<char> = row.chars().collect();
            let (mut file, mut k) = (0, 0);
            while k < chars.len() {
                let ch = chars[k];
                if ch.is_ascii_digit() {
                    let mut count = 0;
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        count = count * 10 + chars[k].to_digit(10).unwrap() as i32;
                        k += 1;
                    }
                    if count == 0 {
                        return Err(format!("empty-cell count 0 in row {}", i + 1));
                    }
                    file += count;
                    continue;
                }
                let piece = match ch {
                    'S' | 's' => {
                        let color = if ch == 'S' { Color::White } else { Color::Black };
                        k += 1;
                        let marked = k < chars.len() && chars[k] == '\'';
                        if marked {
                            if !id.slave_first_move() {
                                return Err(format!("mark ' does not apply to slaves of {}", id.name()));
                            }
                            k += 1;
                        }
                        // Unmarked: still has its right only on a start cell of its side.
                        let on_start = rank == pos.slave_start_rank(color);
                        Piece { color, kind: Kind::Slave { moved: marked || !on_start } }
                    }
                    'F' | 'f' => {
                        if id.pyramids() {
                            return Err(format!("{} has no faraon", id.name()));
                        }
                        let color = if ch == 'F' { Color::White } else { Color::Black };
                        k += 1;
                        let checked = k < chars.len() && chars[k] == '!';
                        if checked {
                            k += 1;
                        }
                        Piece { color, kind: Kind::Faraon { checked } }
                    }
                    '(' => {
                        let close = chars[k..]
                            .iter()
                            .position(|&c| c == ')')
                            .ok_or_else(|| format!("unclosed '(' in row {}", i + 1))?;
                        let inner: String = chars[k + 1..k + close].iter().collect();
                        k += close + 1;
                        let (white, black) =
                            inner.split_once('.').ok_or_else(|| format!("stack ({inner}) has no point"))?;
                        let (color, digits) = match (white.is_empty(), black.is_empty()) {
                            (false, true) => (Color::White, white),
                            (true, false) => (Color::Black, black),
                            _ => return Err(format!("stack ({inner}) must be one side's")),
                        };
                        let s = parse_code(digits)
                            .ok_or_else(|| format!("bad stack code {digits:?} (sizes 1-4, decreasing)"))?;
                        if !legal_stack(id, &s) {
                            return Err(format!("({inner}) is not a stack of {}", id.name()));
                        }
                        Piece { color, kind: Kind::Stack(s) }
                    }
                    '\'' | '!' => return Err(format!("mark {ch:?} does not apply here (row {})", i + 1)),
                    other => return Err(format!("unexpected character {other:?} in row {}", i + 1)),
                };
                if file >= n {
                    return Err(format!("row {} has more than {n} cells", i + 1));
                }
                if matches!(piece.kind, Kind::Slave { .. }) && rank == pos.last_rank(piece.color) {
                    return Err(format!("a slave on its last rank ({})", super::cell_name((file, rank))));
                }
                pos.set((file, rank), Some(piece));
                file += 1;
            }
            if file != n {
                return Err(format!("row {} has {file} cells, expected {n}", i + 1));
            }
        }
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("bad side to move {other:?}")),
        };
        if fields[2] != "-" {
            return Err(format!("en passant does not exist in Pyramids: {:?}", fields[2]));
        }
        pos.halfmove = fields[3].parse().map_err(|_| format!("bad halfmove {:?}", fields[3]))?;
        pos.fullmove = fields[4].parse().map_err(|_| format!("bad fullmove {:?}", fields[4]))?;
        if pos.fullmove == 0 {
            return Err("fullmove 0".to_string());
        }
        pos.settle()?;
        Ok(pos)
    }

    /// Writes the position string `parse` reads.
    pub fn to_fen(&self) -> String {
        format!("{} {} {}", self.key(), self.halfmove, self.fullmove)
    }

    /// The repetition key: placement with every flag, side to move, and the (empty) ep field.
    pub fn key(&self) -> String {
        let n = self.n();
        let mut rows = Vec::new();
        for rank in (0..n).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..n {
                let Some(p) = self.at((file, rank)) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                let white = p.color == Color::White;
                match p.kind {
                    Kind::Slave { moved } => {
                        row.push(if white { 'S' } else { 's' });
                        if moved && self.id.slave_first_move() {
                            row.push('\'');
                        }
                    }
                    Kind::Faraon { checked } => {
                        row.push(if white { 'F' } else { 'f' });
                        if checked {
                            row.push('!');
                        }
                    }
                    Kind::Stack(s) => {
                        row += &if white { format!("({}.)", code(&s)) } else { format!("(.{})", code(&s)) };
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let side = if self.side == Color::White { "w" } else { "b" };
        format!("{} {side} -", rows.join("/"))
    }

    /// Where the side's royal pieces stand: faraons (1st/2nd editions) or pharaons (5th/6th).
    pub fn royals(&self, color: Color) -> Vec<Cell> {
        let mut out = Vec::new();
        for rank in 0..self.n() {
            for file in 0..self.n() {
                let royal = match self.at((file, rank)) {
                    Some(Piece { color: pc, kind: Kind::Faraon { .. } }) => pc == color,
                    Some(Piece { color: pc, kind: Kind::Stack(s) }) => {
                        pc == color && super::is_pharaon(self.id, &s)
                    }
                    _ => false,
                };
                if royal {
                    out.push((file, rank));
                }
            }
        }
        out
    }

    /// Checks the royal pieces and marks the faraon of the side to move as checked if it stands
    /// in check.
    fn settle(&mut self) -> Result<(), String> {
        let (us, them) = (self.side, self.side.other());
        if self.royals(them).is_empty() {
            return Err("the side not to move has no royal piece".to_string());
        }
        if !self.id.pyramids() {
            for color in [us, them] {
                if self.royals(color).len() > 1 {
                    return Err("more than one faraon".to_string());
                }
            }
        }
        if self.royals(us).is_empty() && self.id.check_rules() {
            return Err("the side to move has no faraon".to_string());
        }
        self.update_checked_flag();
        if self.id.check_rules() && self.in_check_color(them) {
            return Err("the side not to move is in check".to_string());
        }
        Ok(())
    }
}
