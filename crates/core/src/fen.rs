//! Position strings: a FEN-like text that round-trips every bit of a position's state.
//! (Games of group pieces have their own form: `polyform::text`, docs/formats.md.)
//!
//! `<board> <side> <ep> <halfmove> <fullmove>`
//!
//! * `<board>`: the rows of the grid the author names cells by, from the top (ranks from the
//!   highest), separated by `/`; in each row the cells from left to right. A number is that many
//!   empty cells (`10` on 10-file boards). A piece is its letter, upper case for White and lower case
//!   for Black, followed by optional marks:
//!   `'` — the piece has moved (only on kinds with a first-move right or castling, e.g. MGC pawns;
//!   an unmarked one on its start cell still has the right; away from it, it has moved), `!` — the royal piece has been checked (only on kinds with a jump
//!   right; an unmarked one still has it).
//!   A promoted piece (shogi) has a `+` before its letter; a stack (Pyramids) is its code in
//!   parentheses with the author's point, `(431.)` White, `(.431)` Black. In drop games the pieces in hand follow
//!   the board in brackets, crazyhouse style: `…/R1K5R[PPb]`, `[]` when both hands are empty.
//! * `<side>`: `w` or `b`. `<ep>`: the cell a pawn skipped with its double step, if it may be
//!   taken en passant now, else `-`.
//! * `<halfmove>`: plies since the last capture or pawn move; `<fullmove>`: move number.
//!   Both may be omitted (0 and 1).

use crate::board::Board;
use crate::position::Position;
use crate::variant::Variant;
use crate::{Cell, CellSet, Color, Piece, Stack};
use std::sync::Arc;
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum FenError {
    #[error("position string is empty")]
    Empty,
    #[error("board has {found} rows, {game} has {expected}")]
    RowCount { found: usize, expected: usize, game: String },
    #[error("row {row} ({text:?}): {why}")]
    Row { row: usize, text: String, why: String },
    #[error("side to move {0:?}: expected w or b")]
    Side(String),
    #[error("en passant field {0:?}: {1}")]
    EnPassant(String, &'static str),
    #[error("hand {0:?}: {1}")]
    Hand(String, String),
    #[error("{field} {text:?}: not a number")]
    Number { field: &'static str, text: String },
    #[error("unexpected extra field {0:?}")]
    Extra(String),
    #[error("{0} has no royal piece")]
    NoRoyal(&'static str),
    #[error("impossible position: {0} to move can capture a royal piece")]
    RoyalCapturable(&'static str),
}

/// Rows of the layout: the cells in each, left to right.
fn rows(v: &Variant) -> Vec<Vec<Cell>> {
    let l = &v.geometry.grid;
    let mut rows = vec![Vec::new(); l.rows];
    for c in 0..v.geometry.len() {
        rows[l.place[c].0].push(c as Cell);
    }
    for (r, row) in rows.iter_mut().enumerate() {
        row.sort_by_key(|&c| l.place[c as usize].1);
        debug_assert!(row.iter().all(|&c| l.place[c as usize].0 == r));
    }
    rows
}

/// A stack written with the author's point: `431.` White, `.431` Black.
fn stack_token(v: &Variant, inner: &str) -> Result<(crate::Kind, Color), String> {
    let (code, color) = match (inner.strip_suffix('.'), inner.strip_prefix('.')) {
        (Some(c), None) => (c, Color::White),
        (None, Some(c)) => (c, Color::Black),
        _ => return Err(format!("stack ({inner}): write White's as (431.) and Black's as (.431)")),
    };
    let stack = Stack::parse(code).map_err(|e| e.to_string())?;
    let kind = v.kind_by_stack(&stack).ok_or_else(|| format!("({code}) is no stack of {}", v.id))?;
    Ok((kind, color))
}

pub fn parse(variant: Arc<Variant>, text: &str) -> Result<Position, FenError> {
    if let Some((t, _)) = &variant.poly {
        let b = crate::polyform::text::parse_fen(t, text)?;
        return Ok(Position::from_poly(variant.clone(), b));
    }
    let v = &*variant;
    let mut fields = text.split_whitespace();
    let mut board_text = fields.next().ok_or(FenError::Empty)?;
    let mut hand_text = None;
    if let Some(i) = board_text.find('[') {
        let h = &board_text[i..];
        hand_text = Some(
            h.strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .ok_or_else(|| FenError::Hand(h.to_string(), "expected [pieces]".into()))?,
        );
        board_text = &board_text[..i];
    }
    let layout_rows = rows(v);
    let texts: Vec<&str> = board_text.split('/').collect();
    if texts.len() != layout_rows.len() {
        return Err(FenError::RowCount {
            found: texts.len(),
            expected: layout_rows.len(),
            game: v.id.clone(),
        });
    }
    let mut b = Board::empty();
    let mut virgin = CellSet::EMPTY;
    let mut checked = CellSet::EMPTY;
    for (r, (t, cells)) in texts.iter().zip(&layout_rows).enumerate() {
        let err = |why: String| FenError::Row { row: r + 1, text: t.to_string(), why };
        let mut i = 0usize;
        let chars: Vec<char> = t.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let ch = chars[k];
            if ch.is_ascii_digit() {
                let start = k;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    k += 1;
                }
                let s: String = chars[start..k].iter().collect();
                let n: usize = s.parse().map_err(|_| err(format!("bad number {s:?}")))?;
                if n == 0 {
                    return Err(err("empty-cell count 0".into()));
                }
                i = i.saturating_add(n);
                if i > cells.len() {
                    return Err(err(format!("more than {} cells", cells.len())));
                }
                continue;
            }
            let (kind, color) = if ch == '(' {
                let end =
                    chars[k..].iter().position(|&c| c == ')').ok_or_else(|| err("'(' without ')'".into()))?;
                let inner: String = chars[k + 1..k + end].iter().collect();
                k += end;
                stack_token(v, &inner).map_err(err)?
            } else {
                let promoted = ch == '+';
                if promoted {
                    k += 1;
                }
                let ch = *chars.get(k).ok_or_else(|| err("'+' at the end of the row".into()))?;
                let kind = v
                    .kind_by_token(ch, promoted)
                    .filter(|_| ch.is_ascii_alphabetic())
                    .ok_or_else(|| err(format!("unknown piece {}{ch:?}", if promoted { "+" } else { "" })))?;
                (kind, if ch.is_ascii_uppercase() { Color::White } else { Color::Black })
            };
            let Some(&cell) = cells.get(i) else {
                return Err(err(format!("more than {} cells", cells.len())));
            };
            let pk = &v.kinds[kind as usize];
            b.put(v, cell, Piece::new(color, kind));
            k += 1;
            let (mut moved, mut was_checked) = (false, false);
            while k < chars.len() && matches!(chars[k], '\'' | '!') {
                match chars[k] {
                    '\'' if pk.tracks_moved() && !moved => moved = true,
                    '!' if pk.tracks_checked() && !was_checked => was_checked = true,
                    m => return Err(err(format!("mark {m:?} does not apply to {} here", pk.name))),
                }
                k += 1;
            }
            // A piece away from its start cell has moved, marked or not.
            if pk.tracks_moved() && !moved && v.setup.contains(&(cell, Piece::new(color, kind))) {
                virgin.insert(cell);
            }
            if was_checked {
                checked.insert(cell);
            }
            i += 1;
        }
        if i != cells.len() {
            return Err(err(format!("{i} cells, the row has {}", cells.len())));
        }
    }
    b.stm = match fields.next() {
        None | Some("w") => Color::White,
        Some("b") => Color::Black,
        Some(s) => return Err(FenError::Side(s.into())),
    };
    if let Some(h) = hand_text {
        if !v.rules.drops {
            return Err(FenError::Hand(h.into(), format!("{} has no pieces in hand", v.id)));
        }
        for ch in h.chars() {
            let kind = v
                .kind_by_token(ch, false)
                .filter(|_| ch.is_ascii_alphabetic())
                .ok_or_else(|| FenError::Hand(h.into(), format!("unknown piece {ch:?}")))?;
            if v.kinds[kind as usize].royal {
                return Err(FenError::Hand(
                    h.into(),
                    format!("a {} is never captured, so never in hand", v.kinds[kind as usize].name),
                ));
            }
            let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
            let n = &mut b.hands[color.index()][kind as usize];
            if *n as usize + 1 > v.geometry.len() {
                return Err(FenError::Hand(
                    h.into(),
                    "more pieces of a kind than the board has cells".into(),
                ));
            }
            *n += 1;
        }
    }
    match fields.next() {
        None | Some("-") => {}
        Some(s) => {
            let t = v.geometry.parse_cell(s).ok_or(FenError::EnPassant(s.into(), "no such cell"))?;
            // The pawn that skipped `t` stands one step further in its own direction.
            let mover = b.stm.other();
            let g = &v.geometry;
            let victim = g
                .straight(mover)
                .and_then(|d| g.ray_cells(t, d).first().copied())
                .filter(|&c| {
                    b.piece(c).is_some_and(|p| p.color == mover && v.kinds[p.kind as usize].en_passant)
                        && b.piece(t).is_none()
                })
                .ok_or(FenError::EnPassant(
                    s.into(),
                    "no pawn of the side that just moved stands beyond it",
                ))?;
            b.ep = Some((t, victim));
        }
    }
    let mut number = |field: &'static str, default: u32| -> Result<u32, FenError> {
        match fields.next() {
            None => Ok(default),
            Some(s) => s.parse().map_err(|_| FenError::Number { field, text: s.into() }),
        }
    };
    b.halfmove = number("halfmove clock", 0)?;
    b.fullmove = number("fullmove number", 1)?.max(1);
    if let Some(extra) = fields.next() {
        return Err(FenError::Extra(extra.into()));
    }
    let stm = b.stm;
    let pos = Position::from_parts(variant.clone(), b, virgin, checked);
    if v.tables.royal_kinds != 0 && v.rules.royal == crate::Royal::Check {
        for side in [Color::White, Color::Black] {
            if pos.board.royals(v, side).is_empty() {
                return Err(FenError::NoRoyal(side.name()));
            }
        }
        let theirs = pos.board.royals(v, stm.other());
        if pos.board.royals_attacked(v, stm.other()) == theirs {
            return Err(FenError::RoyalCapturable(stm.name()));
        }
    }
    Ok(pos)
}

impl Position {
    pub fn from_fen(variant: Arc<Variant>, text: &str) -> Result<Position, FenError> {
        parse(variant, text)
    }

    /// The position string (see the module documentation).
    pub fn to_fen(&self) -> String {
        if let Some((t, p)) = self.poly() {
            return crate::polyform::text::to_fen(t, p);
        }
        let v = &**self.variant();
        let mut out = String::new();
        for (r, cells) in rows(v).iter().enumerate() {
            if r > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for &c in cells {
                match self.piece_at(c) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out += &v.piece_token(p);
                        let pk = v.kind(p.kind);
                        if pk.tracks_moved() && !self.is_virgin(c) {
                            out.push('\'');
                        }
                        if pk.tracks_checked() && self.has_been_checked(c) {
                            out.push('!');
                        }
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
        }
        if v.rules.drops {
            out.push('[');
            for side in [Color::White, Color::Black] {
                for k in 0..v.kinds.len() {
                    for _ in 0..self.hand(side, k as crate::Kind) {
                        out.push(v.piece_char(Piece::new(side, k as crate::Kind)));
                    }
                }
            }
            out.push(']');
        }
        let side = if self.side_to_move() == Color::White { "w" } else { "b" };
        let ep = self.en_passant().map_or("-".to_string(), |c| v.geometry.name(c).to_string());
        format!("{out} {side} {ep} {} {}", self.halfmove_clock(), self.fullmove_number())
    }
}
