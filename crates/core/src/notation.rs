//! Move notation: the author's (`Hk2-h4`, `Bh5:d9`, `e5:f6`, `k9-k10=Q`, `+` for check) and a plain
//! coordinate form for protocols (`e3e5`, `i9j10q`: files lettered consecutively, promotion as a
//! lower-case letter).
//!
//! Reading is strict where the author's marks carry meaning (`:` must capture, `-` must not, a
//! piece letter must match the piece) so that misprints in records are caught, and every error
//! names the token and the reason.

use crate::position::{Move, Position};
use crate::Cell;
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
    /// The text claimed check (`+`) or mate (`#`).
    pub claimed_check: bool,
}

fn err(token: &str, why: impl Into<String>) -> NotationError {
    NotationError { token: token.to_string(), why: why.into() }
}

/// Splits a leading cell name (`k10`) off `s`.
fn split_cell(s: &str) -> Option<(&str, &str)> {
    let letters = s.chars().take_while(|c| c.is_ascii_lowercase()).count();
    let digits = s[letters..].chars().take_while(|c| c.is_ascii_digit()).count();
    (letters > 0 && digits > 0).then(|| s.split_at(letters + digits))
}

impl Position {
    /// Reads one move in the author's notation and finds it among the legal moves.
    pub fn parse_move(&self, token: &str) -> Result<ParsedMove, NotationError> {
        let v = &**self.variant();
        let g = &v.geometry;
        let mut body = token.trim();
        let mut claimed_check = false;
        while let Some(c) = body.chars().last().filter(|c| matches!(c, '+' | '#' | '!' | '?')) {
            claimed_check |= matches!(c, '+' | '#');
            body = &body[..body.len() - 1];
        }
        let mut rest = body;
        let letter = rest.chars().next().filter(|c| c.is_ascii_uppercase());
        if let Some(l) = letter {
            rest = &rest[l.len_utf8()..];
        }
        let (from_name, r) =
            split_cell(rest).ok_or_else(|| err(token, "expected a square such as e2 to move from"))?;
        let sep = r.chars().next().ok_or_else(|| err(token, "expected - or : after the first square"))?;
        if !matches!(sep, '-' | ':' | 'x') {
            return Err(err(token, format!("expected - or : after {from_name}, found {sep:?}")));
        }
        let (to_name, r) = split_cell(&r[1..]).ok_or_else(|| err(token, "expected a destination square"))?;
        let promo_letter = match r {
            "" => None,
            _ => {
                let l = r.strip_prefix('=').and_then(|p| {
                    let mut cs = p.chars();
                    let c = cs.next()?;
                    cs.next().is_none().then_some(c)
                });
                Some(l.ok_or_else(|| err(token, format!("unexpected {r:?} after the destination")))?)
            }
        };
        let from = g.parse_cell(from_name).ok_or_else(|| err(token, format!("no square {from_name:?}")))?;
        let to = g.parse_cell(to_name).ok_or_else(|| err(token, format!("no square {to_name:?}")))?;
        let us = self.side_to_move();
        let piece = self.piece_at(from).ok_or_else(|| err(token, format!("no piece on {from_name}")))?;
        let pk = v.kind(piece.kind);
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
        match letter {
            Some(l) if l != pk.letter => {
                let named = v
                    .kind_by_letter(l)
                    .map_or("an unknown piece".to_string(), |k| format!("a {}", v.kind(k).name));
                return Err(err(
                    token,
                    format!("{l} is {named}, but the piece on {from_name} is a {}", pk.name),
                ));
            }
            None if !pk.pawn => {
                return Err(err(
                    token,
                    format!("the piece on {from_name} is a {}: write its letter {}", pk.name, pk.letter),
                ));
            }
            _ => {}
        }
        match (sep, self.piece_at(to)) {
            (':' | 'x', None) => {
                return Err(err(token, format!("{to_name} is empty, so this is no capture")))
            }
            ('-', Some(t)) if t.color != us => {
                return Err(err(
                    token,
                    format!(
                        "{to_name} holds a {} {}: a capture is written with ':'",
                        t.color.name(),
                        v.kind(t.kind).name
                    ),
                ))
            }
            _ => {}
        }
        let promotion = match promo_letter {
            None => None,
            Some(l) => {
                Some(v.kind_by_letter(l).ok_or_else(|| err(token, format!("no piece with letter {l}")))?)
            }
        };
        let legal = self.legal_moves();
        let m = Move { from, to, promotion, special: crate::Special::None };
        if legal.contains(&m) {
            return Ok(ParsedMove { mv: m, claimed_check });
        }
        let same_path: Vec<&Move> = legal.iter().filter(|x| x.from == from && x.to == to).collect();
        let why = if !same_path.is_empty() {
            let choices: Vec<String> = same_path
                .iter()
                .filter_map(|x| x.promotion)
                .map(|k| format!("={}", v.kind(k).letter))
                .collect();
            match promotion {
                None => format!("a promotion piece is required: one of {}", choices.join(" ")),
                Some(_) => format!("promotion allowed only to {}", choices.join(" ")),
            }
        } else if self.pseudo_reaches(from, to) {
            "it would leave the King attacked".to_string()
        } else {
            format!("the {} on {from_name} cannot move to {to_name}", pk.name)
        };
        Err(err(token, why))
    }

    fn pseudo_reaches(&self, from: Cell, to: Cell) -> bool {
        let p = self.piece_at(from).expect("checked by caller");
        self.board.targets(self.variant(), from, p.color.index(), p.kind as usize).has(to)
    }

    /// The move in the author's notation, without check marks.
    pub fn move_text(&self, m: Move) -> String {
        let v = &**self.variant();
        let g = &v.geometry;
        let mut s = String::new();
        if let Some(p) = self.piece_at(m.from) {
            if !v.kind(p.kind).pawn {
                s.push(v.kind(p.kind).letter);
            }
        }
        s += g.name(m.from);
        s.push(if self.piece_at(m.to).is_some() { ':' } else { '-' });
        s += g.name(m.to);
        if let Some(k) = m.promotion {
            s.push('=');
            s.push(v.kind(k).letter);
        }
        s
    }

    /// The move in the author's notation with `+` (check) or `#` (checkmate).
    pub fn move_text_marked(&self, m: Move) -> String {
        let mut after = self.clone();
        after.make(m);
        let mut s = self.move_text(m);
        if after.in_check() {
            s.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
        s
    }

    /// The move in coordinate form for protocols.
    pub fn move_coord(&self, m: Move) -> String {
        let v = &**self.variant();
        let mut s = format!("{}{}", v.geometry.coord_name(m.from), v.geometry.coord_name(m.to));
        if let Some(k) = m.promotion {
            s.push(v.kind(k).letter.to_ascii_lowercase());
        }
        s
    }

    /// Reads a legal move in coordinate form.
    pub fn parse_coord(&self, token: &str) -> Result<Move, NotationError> {
        let v = &**self.variant();
        let g = &v.geometry;
        let (a, r) = split_cell(token).ok_or_else(|| err(token, "expected a square to move from"))?;
        let (b, r) = split_cell(r).ok_or_else(|| err(token, "expected a destination square"))?;
        let from = g.parse_coord_cell(a).ok_or_else(|| err(token, format!("no square {a:?}")))?;
        let to = g.parse_coord_cell(b).ok_or_else(|| err(token, format!("no square {b:?}")))?;
        let promotion = match r {
            "" => None,
            _ => {
                let mut cs = r.chars();
                let l = cs
                    .next()
                    .filter(|_| cs.next().is_none())
                    .ok_or_else(|| err(token, format!("unexpected {r:?}")))?;
                Some(v.kind_by_letter(l).ok_or_else(|| err(token, format!("no piece with letter {l}")))?)
            }
        };
        let m = Move { from, to, promotion, special: crate::Special::None };
        if self.legal_moves().contains(&m) {
            Ok(m)
        } else {
            Err(err(token, "not a legal move here"))
        }
    }
}
