//! Move notation: the author's (`Hk2-h4`, `Bh5:d9`, `e5:f6`, `k9-k10=Q`, `+` for check,
//! `a8:a4:e4:e2:b2` for a capture chain, `X` when a King is taken) extended to castling (`O-O`),
//! drops (`P*e5`) and promoted pieces (`+Rb2-b8`, promotion `e6-e7=+P`); and a plain coordinate
//! form for protocols (`e3e5`, `i9j10q`, `e6e7+`, `P@e5`, chains as all their cells `a8a4e4`;
//! files lettered consecutively, promotion as a lower-case letter or `+`).
//!
//! Reading is strict where the author's marks carry meaning (`:` must capture, `-` must not, a
//! piece letter must match the piece) so that misprints in records are caught, and every error
//! names the token and the reason.

use crate::moves::{Move, Special};
use crate::position::Position;
use crate::{Cell, Geometry, Kind, Stack};
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq, Clone)]
#[error("{token:?}: {why}")]
pub struct NotationError {
    pub token: String,
    pub why: String,
}

/// A move read from text, with the marks the text gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedMove {
    pub mv: Move,
    /// The text claimed check (`+`), mate (`#`) or the capture of a King (`X`).
    pub claimed_check: bool,
}

fn err(token: &str, why: impl Into<String>) -> NotationError {
    NotationError { token: token.to_string(), why: why.into() }
}

/// The syntax of a move before it is matched against the position.
struct Written<'a> {
    /// The code of the moving part of a stack, `(21)`.
    code: Option<&'a str>,
    promoted_piece: bool,
    letter: Option<char>,
    cells: Vec<&'a str>,
    /// Separators between the cells: `-` or `:`.
    seps: Vec<char>,
    /// The text after `=`: `Q`, `+P`, `4321`.
    promotion: Option<&'a str>,
}

fn split_move<'a>(g: &Geometry, token: &str, body: &'a str) -> Result<Written<'a>, NotationError> {
    let mut rest = body;
    let mut code = None;
    if let Some(r) = rest.strip_prefix('(') {
        let end = r.find(')').ok_or_else(|| err(token, "a stack code such as (21) needs its ')'"))?;
        code = Some(&r[..end]);
        rest = r[end + 1..].trim_start();
    }
    let promoted_piece = rest.starts_with('+');
    if promoted_piece {
        rest = &rest[1..];
    }
    // On boards whose cell names start with a capital (`Le4`), a capital is a piece letter only
    // when what follows it is a cell name.
    let names_cell = |s: &str| g.split_cell(s).is_some_and(|(c, _)| g.parse_cell(c).is_some());
    let letter = rest
        .chars()
        .next()
        .filter(|c| c.is_ascii_uppercase())
        .filter(|_| !g.prefixed_names() || (!names_cell(rest) && names_cell(&rest[1..])));
    if let Some(l) = letter {
        rest = &rest[l.len_utf8()..];
    }
    let (first, mut r) =
        g.split_cell(rest).ok_or_else(|| err(token, "expected a square such as e2 to move from"))?;
    let mut cells = vec![first];
    let mut seps = Vec::new();
    while let Some(sep) = r.chars().next().filter(|c| matches!(c, '-' | ':' | 'x')) {
        let (c, after) =
            g.split_cell(&r[1..]).ok_or_else(|| err(token, format!("expected a square after {sep:?}")))?;
        seps.push(if sep == 'x' { ':' } else { sep });
        cells.push(c);
        r = after;
    }
    if cells.len() < 2 {
        let found = r.chars().next().map_or("nothing".to_string(), |c| format!("{c:?}"));
        return Err(err(token, format!("expected - or : after {first}, found {found}")));
    }
    let promotion = match r {
        "" => None,
        _ => {
            let p = r
                .strip_prefix('=')
                .ok_or_else(|| err(token, format!("unexpected {r:?} after the destination")))?;
            let plain = p.strip_prefix('+').unwrap_or(p);
            let ok = (plain.len() == 1 && plain.chars().all(|c| c.is_ascii_alphabetic()))
                || (p == plain && !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
            if !ok {
                return Err(err(
                    token,
                    format!("promotion {r:?}: expected =Q, =+P or a stack code such as =4321"),
                ));
            }
            Some(p)
        }
    };
    Ok(Written { code, promoted_piece, letter, cells, seps, promotion })
}

impl Position {
    /// Reads one move in the author's notation and finds it among the legal moves.
    pub fn parse_move(&self, token: &str) -> Result<ParsedMove, NotationError> {
        if let Some((t, p)) = self.poly() {
            let mv = crate::polyform::text::parse_move(t, &self.variant().geometry, p, token, false)?;
            return Ok(ParsedMove { mv, claimed_check: false });
        }
        let v = &**self.variant();
        let g = &v.geometry;
        let mut body = token.trim();
        let mut claimed_check = false;
        loop {
            let t = body.trim_end();
            match t.chars().last() {
                Some(c @ ('+' | '#' | '!' | '?' | 'X')) if !(c == '+' && t.ends_with("=+")) => {
                    claimed_check |= matches!(c, '+' | '#' | 'X');
                    body = &t[..t.len() - 1];
                }
                _ => break,
            }
        }
        let legal = self.legal_moves();
        let us = self.side_to_move();
        if let Some(i) = v.rules.castlings.iter().position(|c| c.side == us && c.name == body) {
            return match legal.iter().find(|m| m.special == Special::Castle(i as u8)) {
                Some(&mv) => Ok(ParsedMove { mv, claimed_check }),
                None => Err(err(token, "castling is not allowed here")),
            };
        }
        if let Some((piece, cell)) = body.split_once('*') {
            return self.parse_drop(token, piece, cell, &legal).map(|mv| ParsedMove { mv, claimed_check });
        }
        let w = split_move(g, token, body)?;
        let cell = |name: &str| g.parse_cell(name).ok_or_else(|| err(token, format!("no square {name:?}")));
        let cells: Vec<Cell> = w.cells.iter().map(|n| cell(n)).collect::<Result<_, _>>()?;
        let (from, to) = (cells[0], *cells.last().expect("two cells at least"));
        let from_name = w.cells[0];
        let to_name = *w.cells.last().expect("two cells at least");
        let piece = self.piece_at(from).ok_or_else(|| err(token, format!("no piece on {from_name}")))?;
        let pk = v.kind(piece.kind);
        // A castling written as the King's move (Bermuda chess: `Le1-Lg1`), with or without K.
        if cells.len() == 2 && w.seps == ['-'] && w.letter.is_none_or(|l| l == pk.letter) {
            let castle = legal.iter().find(|m| {
                matches!(m.special, Special::Castle(i) if v.rules.castlings[i as usize].name.is_empty())
                    && m.from == from
                    && m.to == to
            });
            if let Some(&mv) = castle {
                return Ok(ParsedMove { mv, claimed_check });
            }
        }
        if piece.color != us {
            return Err(err(
                token,
                format!(
                    "the {} on {from_name} is {}'s, but {} is to move",
                    pk.name,
                    piece.color.name(),
                    us.name()
                ),
            ));
        }
        // The moving part of a stack: the whole content, or a part split off it.
        let part = match (w.code, &pk.stack) {
            (Some(code), Some(whole)) => {
                let written = Stack::parse(code).map_err(|e| err(token, e.to_string()))?;
                if written == *whole {
                    None
                } else {
                    let k = v
                        .kind_by_stack(&written)
                        .filter(|&k| v.stack_parts(piece.kind).iter().any(|(p, _)| *p == k))
                        .ok_or_else(|| {
                            err(
                                token,
                                format!("({code}) is not part of the stack {} on {from_name}", pk.token()),
                            )
                        })?;
                    Some(k)
                }
            }
            (None, Some(_)) => {
                return Err(err(
                    token,
                    format!(
                        "the stack on {from_name} is {}: write the code of the part that moves",
                        pk.token()
                    ),
                ));
            }
            (Some(code), None) => {
                return Err(err(
                    token,
                    format!("({code}): the piece on {from_name} is a {}, not a stack", pk.name),
                ))
            }
            (None, None) => None,
        };
        match w.letter {
            Some(l) if pk.stack.is_some() || l != pk.letter || w.promoted_piece != pk.promoted => {
                let named = v
                    .kind_by_token(l, w.promoted_piece)
                    .map_or("an unknown piece".to_string(), |k| format!("a {}", v.kind(k).name));
                return Err(err(
                    token,
                    format!(
                        "{}{l} is {named}, but the piece on {from_name} is a {}",
                        if w.promoted_piece { "+" } else { "" },
                        pk.name
                    ),
                ));
            }
            None if !pk.pawn && pk.stack.is_none() && v.notation_letters => {
                return Err(err(
                    token,
                    format!("the piece on {from_name} is a {}: write its letter {}", pk.name, pk.token()),
                ));
            }
            _ => {}
        }
        let promotion = match w.promotion {
            None => None,
            Some(text) => Some(v.kind_by_text(text).ok_or_else(|| err(token, format!("no piece {text}")))?),
        };
        let via = &cells[1..cells.len() - 1];
        let same_path: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.from == from && m.to == to && !matches!(m.special, Special::Drop(_) | Special::Castle(_))
            })
            .filter(|m| match m.special {
                Special::Chain(p) => p.cells().eq(via.iter().copied()),
                Special::Part(k) => via.is_empty() && part == Some(k),
                _ => via.is_empty() && part.is_none(),
            })
            .collect();
        let capture_written = w.seps.contains(&':');
        let Some(first) = same_path.first() else {
            let why = if capture_written && via.is_empty() && self.piece_at(to).is_none() {
                format!("{to_name} is empty, so this is no capture")
            } else if via.is_empty() && self.piece_at(to).is_some_and(|t| t.color == us) {
                format!("{to_name} holds one of {}'s own pieces", us.name())
            } else if !via.is_empty() || capture_written && !self.is_capture_possible_from(from) {
                format!("the {} on {from_name} has no such capture here", pk.name)
            } else if v.rules.capturing == crate::Capturing::Jump && legal.iter().any(|m| self.is_capture(*m))
            {
                "a capture is compulsory".to_string()
            } else if via.is_empty() && v.rules.royal == crate::Royal::Check && self.pseudo_reaches(from, to)
            {
                "it would leave the King attacked".to_string()
            } else {
                format!("the {} on {from_name} cannot move to {to_name}", pk.name)
            };
            return Err(err(token, why));
        };
        let captures = self.is_capture(*first);
        if capture_written && !captures {
            return Err(err(token, format!("{to_name} is empty, so this is no capture")));
        }
        if !capture_written && captures {
            let t = self
                .piece_at(to)
                .map_or("a piece".to_string(), |t| format!("a {} {}", t.color.name(), v.kind(t.kind).name));
            return Err(err(token, format!("{to_name} holds {t}: a capture is written with ':'")));
        }
        if let Some(m) = same_path.iter().find(|m| m.promotion == promotion) {
            return Ok(ParsedMove { mv: *m, claimed_check });
        }
        let choices: Vec<String> = same_path
            .iter()
            .filter_map(|x| x.promotion)
            .map(|k| format!("={}", v.kind(k).promotion_token()))
            .collect();
        Err(err(
            token,
            match promotion {
                None => format!("a promotion piece is required: one of {}", choices.join(" ")),
                Some(_) if choices.is_empty() => "this move does not promote".to_string(),
                Some(_) => format!("promotion allowed only to {}", choices.join(" ")),
            },
        ))
    }

    fn parse_drop(
        &self,
        token: &str,
        piece: &str,
        cell: &str,
        legal: &[Move],
    ) -> Result<Move, NotationError> {
        let v = &**self.variant();
        let mut cs = piece.chars();
        let kind: Kind = match (cs.next(), cs.next()) {
            (Some(l), None) => {
                v.kind_by_token(l, false).ok_or_else(|| err(token, format!("no piece with letter {l}")))?
            }
            _ => return Err(err(token, "a drop is written like P*e5")),
        };
        let to = v.geometry.parse_cell(cell).ok_or_else(|| err(token, format!("no square {cell:?}")))?;
        if let Some(&m) = legal.iter().find(|m| m.special == Special::Drop(kind) && m.to == to) {
            return Ok(m);
        }
        let us = self.side_to_move();
        let why = if !v.rules.drops {
            format!("{} has no drops", v.id)
        } else if self.hand(us, kind) == 0 {
            format!("{} has no {} in hand", us.name(), v.kind(kind).name)
        } else if self.piece_at(to).is_some() {
            format!("{cell} is occupied")
        } else if v.kind(kind).drop.forbidden[us.index()].has(to) {
            format!("a {} may not be dropped on {cell}", v.kind(kind).name)
        } else if v.kind(kind).drop.one_per_file
            && (self.board.by_kind[kind as usize] & self.pieces(us) & v.geometry.file_of(to)).any()
        {
            format!("two unpromoted {}s on one file", v.kind(kind).name)
        } else {
            "the drop would leave the King attacked or give mate with a pawn".to_string()
        };
        Err(err(token, why))
    }

    fn is_capture_possible_from(&self, from: Cell) -> bool {
        self.legal_moves().iter().any(|m| m.from == from && self.is_capture(*m))
    }

    fn pseudo_reaches(&self, from: Cell, to: Cell) -> bool {
        let p = self.piece_at(from).expect("checked by caller");
        self.board.targets(self.variant(), from, p.color.index(), p.kind as usize).has(to)
    }

    /// The move in the author's notation, without check marks.
    pub fn move_text(&self, m: Move) -> String {
        if let Some((t, p)) = self.poly() {
            return crate::polyform::text::move_text(t, &self.variant().geometry, p, m, false);
        }
        let v = &**self.variant();
        let g = &v.geometry;
        match m.special {
            Special::Castle(i) => {
                let c = &v.rules.castlings[i as usize];
                if c.name.is_empty() {
                    return format!("{}-{}", g.name(c.king.0), g.name(c.king.1));
                }
                return c.name.clone();
            }
            Special::Drop(k) => return format!("{}*{}", v.kind(k).letter, g.name(m.to)),
            _ => {}
        }
        let mut s = String::new();
        if let Special::Part(k) = m.special {
            s += &v.kind(k).token();
        } else if let Some(p) = self.piece_at(m.from) {
            let pk = v.kind(p.kind);
            if pk.stack.is_some() || (!pk.pawn && v.notation_letters) {
                s += &pk.token();
            }
        }
        s += g.name(m.from);
        let sep = if self.is_capture(m) { ':' } else { '-' };
        if let Special::Chain(path) = m.special {
            for c in path.cells() {
                s.push(sep);
                s += g.name(c);
            }
        }
        s.push(sep);
        s += g.name(m.to);
        if let Some(k) = m.promotion {
            s.push('=');
            s += &v.kind(k).promotion_token();
        }
        s
    }

    /// The move in the author's notation with `+` (check), `#` (checkmate) or `X` (a King taken).
    pub fn move_text_marked(&self, m: Move) -> String {
        let mut after = self.clone();
        after.make(m);
        let mut s = self.move_text(m);
        let v = self.variant();
        if v.rules.royal == crate::Royal::Capture {
            let before = self.board.royals(v, self.side_to_move().other()).count();
            if after.board.royals(v, self.side_to_move().other()).count() < before {
                s.push('X');
            }
        } else if after.in_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// The move in coordinate form for protocols.
    pub fn move_coord(&self, m: Move) -> String {
        if let Some((t, p)) = self.poly() {
            return crate::polyform::text::move_text(t, &self.variant().geometry, p, m, true);
        }
        let v = &**self.variant();
        let g = &v.geometry;
        if let Special::Drop(k) = m.special {
            return format!("{}@{}", v.kind(k).letter, g.coord_name(m.to));
        }
        let mut s = match m.special {
            Special::Part(k) => v.kind(k).token(),
            _ => String::new(),
        };
        s += g.coord_name(m.from);
        if let Special::Chain(path) = m.special {
            for c in path.cells() {
                s += g.coord_name(c);
            }
        }
        s += g.coord_name(m.to);
        if let Some(k) = m.promotion {
            let pk = v.kind(k);
            match &pk.stack {
                Some(st) => s += &format!("={}", st.code()),
                None => s.push(if pk.promoted { '+' } else { pk.letter.to_ascii_lowercase() }),
            }
        }
        s
    }

    /// Reads a legal move in coordinate form.
    pub fn parse_coord(&self, token: &str) -> Result<Move, NotationError> {
        if let Some((t, p)) = self.poly() {
            return crate::polyform::text::parse_move(t, &self.variant().geometry, p, token, true);
        }
        let t = token.trim();
        if t.is_empty() || t.len() > 64 {
            return Err(err(token, "expected a move such as e2e4"));
        }
        self.legal_moves()
            .iter()
            .copied()
            .find(|&m| self.move_coord(m) == t)
            .ok_or_else(|| err(token, "not a legal move here"))
    }
}
