//! Position strings and notation by effect of the polyform games (docs/formats.md).

use super::board::{sign, PolyBoard};
use super::PolyTables;
use crate::fen::FenError;
use crate::moves::{Move, Special};
use crate::notation::NotationError;
use crate::{Cell, Color, Geometry};

fn row_order(t: &PolyTables) -> Vec<Vec<Cell>> {
    let [nx, ny, nz] = t.dims.map(|d| d as usize);
    let mut rows = Vec::new();
    for z in 0..nz {
        for y in (0..ny).rev() {
            rows.push((0..nx).map(|x| (x + nx * (y + ny * z)) as Cell).collect());
        }
    }
    rows
}

pub(crate) fn to_fen(t: &PolyTables, b: &PolyBoard) -> String {
    let ny = t.dims[1] as usize;
    let mut out = String::new();
    for (r, row) in row_order(t).iter().enumerate() {
        if r > 0 {
            out.push(if r % ny == 0 { '|' } else { '/' });
        }
        let mut empty = 0;
        for &c in row {
            let n = b.count(c);
            if n == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            out.push(match n {
                1 => 'X',
                -1 => 'x',
                2 => 'D',
                _ => 'd',
            });
        }
        if empty > 0 {
            out += &empty.to_string();
        }
    }
    let side = if b.stm() == Color::White { "w" } else { "b" };
    format!(
        "{out} {side} {}/{} {} {}",
        b.hand(Color::White),
        b.hand(Color::Black),
        b.halfmove(),
        b.fullmove()
    )
}

pub(crate) fn parse_fen(t: &PolyTables, text: &str) -> Result<PolyBoard, FenError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(FenError::Empty)?;
    let rows = row_order(t);
    let ny = t.dims[1] as usize;
    let written: Vec<&str> = board.split('|').flat_map(|layer| layer.split('/')).collect();
    let layers = board.split('|').count();
    if written.len() != rows.len() || board.split('|').any(|l| l.split('/').count() != ny) {
        return Err(FenError::RowCount {
            found: written.len(),
            expected: rows.len(),
            game: format!("{layers} layer(s)"),
        });
    }
    let mut b = PolyBoard::empty(t);
    for (r, (text, cells)) in written.iter().zip(&rows).enumerate() {
        let bad = |why: String| FenError::Row { row: r + 1, text: text.to_string(), why };
        let mut i = 0;
        let mut digits = String::new();
        let flush = |digits: &mut String, i: &mut usize| -> Result<(), FenError> {
            if !digits.is_empty() {
                let n: usize = digits.parse().map_err(|_| bad(format!("{digits:?} is no count")))?;
                if n == 0 {
                    return Err(bad("an empty run of 0 cells".into()));
                }
                *i += n;
                digits.clear();
            }
            Ok(())
        };
        for ch in text.chars() {
            if ch.is_ascii_digit() {
                digits.push(ch);
                continue;
            }
            flush(&mut digits, &mut i)?;
            let n: i8 = match ch {
                'X' => 1,
                'x' => -1,
                'D' => 2,
                'd' => -2,
                _ => return Err(bad(format!("{ch:?}: expected X, x, D, d or a number"))),
            };
            if n.unsigned_abs() > t.capacity {
                return Err(bad(format!(
                    "{ch:?}: a cell of this game holds at most {} checker(s)",
                    t.capacity
                )));
            }
            let c = *cells.get(i).ok_or_else(|| bad(format!("more than {} cells", cells.len())))?;
            b.set(t, c, n);
            i += 1;
        }
        flush(&mut digits, &mut i)?;
        if i != cells.len() {
            return Err(bad(format!("{i} cells, expected {}", cells.len())));
        }
    }
    let side = fields.next().ok_or_else(|| FenError::Side(String::new()))?;
    b.set_side(
        t,
        match side {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::Side(side.to_string())),
        },
    );
    if let Some(h) = fields.next() {
        let (w, k) = h
            .split_once('/')
            .ok_or_else(|| FenError::Hand(h.to_string(), "expected white/black counts such as 0/0".into()))?;
        let num = |s: &str| {
            s.parse::<u32>().map_err(|_| FenError::Hand(h.to_string(), format!("{s:?} is not a count")))
        };
        b.set_hand(Color::White, num(w)?);
        b.set_hand(Color::Black, num(k)?);
    }
    let mut clock = |field: &'static str, default: u32| -> Result<u32, FenError> {
        match fields.next() {
            None => Ok(default),
            Some(s) => s.parse().map_err(|_| FenError::Number { field, text: s.to_string() }),
        }
    };
    let halfmove = clock("halfmove clock", 0)?;
    let fullmove = clock("move number", 1)?;
    if fullmove == 0 {
        return Err(FenError::Number { field: "move number", text: "0".into() });
    }
    b.set_clocks(halfmove, fullmove);
    if let Some(extra) = fields.next() {
        return Err(FenError::Extra(extra.to_string()));
    }
    Ok(b)
}

/// Whether a type is written without its letter: the type of a lone single checker (the Pawn).
fn bare(t: &PolyTables, ty: u8) -> bool {
    t.bare == Some(ty)
}

fn cell_name(g: &Geometry, c: Cell, coord: bool) -> &str {
    if coord {
        g.coord_name(c)
    } else {
        g.name(c)
    }
}

/// The move by its effect: `T:lost-gained`, `x` for captures, `^2`, `!`, `@cell`.
pub(crate) fn move_text(t: &PolyTables, g: &Geometry, b: &PolyBoard, m: Move, coord: bool) -> String {
    if let Special::Drop(_) = m.special {
        return format!("@{}", cell_name(g, m.to, coord));
    }
    let e = b.effect(t, m);
    let s = sign(b.stm());
    let mut lost = String::new();
    let mut gained = String::new();
    for (c, old, new) in e.cells() {
        let (was, now) = ((old * s).max(0), (new * s).max(0));
        let (list, n) = if now < was { (&mut lost, was - now) } else { (&mut gained, now - was) };
        if n > 0 {
            *list += cell_name(g, c, coord);
            if n > 1 {
                *list += &format!("^{n}");
            }
        }
    }
    let sep = if e.captured > 0 { 'x' } else { '-' };
    let hand = if e.to_hand && e.captured > 0 { "!" } else { "" };
    let ty = match m.special {
        Special::Group(o) => t.orients[o as usize].ty,
        _ => 0,
    };
    let letter = if coord || bare(t, ty) { String::new() } else { format!("{}:", t.letters[ty as usize]) };
    format!("{letter}{lost}{sep}{gained}{hand}")
}

/// A written move in canonical form (cells sorted into index order), and its type letter.
fn canonical(g: &Geometry, token: &str, coord: bool) -> Result<(Option<char>, String), NotationError> {
    let err = |why: String| NotationError { token: token.to_string(), why };
    let body = token.trim();
    if let Some(cell) = body.strip_prefix('@') {
        let c = parse_cell(g, cell, coord).ok_or_else(|| err(format!("no cell {cell:?} to drop on")))?;
        return Ok((None, format!("@{}", cell_name(g, c, coord))));
    }
    let (letter, rest) = match body.split_once(':') {
        Some((l, r)) if l.len() == 1 && l.chars().all(|c| c.is_ascii_uppercase()) => (l.chars().next(), r),
        Some((l, _)) => return Err(err(format!("{l:?} is no type letter"))),
        None => (None, body),
    };
    let (rest, hand) = match rest.strip_suffix('!') {
        Some(r) => (r, "!"),
        None => (rest, ""),
    };
    let cut = rest.find(['-', 'x']).ok_or_else(|| err("expected cells, - or x, cells (e5f5-g7h7)".into()))?;
    let (lost, gained) = (&rest[..cut], &rest[cut + 1..]);
    let sep = &rest[cut..cut + 1];
    let cells = |mut s: &str| -> Result<Vec<(Cell, u8)>, NotationError> {
        let mut out = Vec::new();
        while !s.is_empty() {
            let (name, after) = g.split_cell(s).ok_or_else(|| err(format!("expected a cell at {s:?}")))?;
            let c = parse_cell(g, name, coord).ok_or_else(|| err(format!("no cell {name:?}")))?;
            let (n, after) = match after.strip_prefix('^') {
                Some(a) => {
                    let d: String = a.chars().take_while(|c| c.is_ascii_digit()).collect();
                    let n = d
                        .parse::<u8>()
                        .ok()
                        .filter(|&n| n >= 2)
                        .ok_or_else(|| err(format!("^{d}: expected ^2")))?;
                    (n, &a[d.len()..])
                }
                None => (1, after),
            };
            out.push((c, n));
            s = after;
        }
        if out.is_empty() {
            return Err(err("a side of the move names no cell".into()));
        }
        out.sort_unstable();
        Ok(out)
    };
    let write = |v: Vec<(Cell, u8)>| -> String {
        v.iter()
            .map(|&(c, n)| {
                if n > 1 {
                    format!("{}^{n}", cell_name(g, c, coord))
                } else {
                    cell_name(g, c, coord).to_string()
                }
            })
            .collect()
    };
    Ok((letter, format!("{}{sep}{}{hand}", write(cells(lost)?), write(cells(gained)?))))
}

fn parse_cell(g: &Geometry, s: &str, coord: bool) -> Option<Cell> {
    if coord {
        g.parse_coord_cell(s)
    } else {
        g.parse_cell(s)
    }
}

/// Finds a written move among the legal moves (the type letter optional; when given it must be
/// the move's).
pub(crate) fn parse_move(
    t: &PolyTables,
    g: &Geometry,
    b: &PolyBoard,
    token: &str,
    coord: bool,
) -> Result<Move, NotationError> {
    let (letter, text) = canonical(g, token, coord)?;
    for &m in b.moves(t).iter() {
        let written = move_text(t, g, b, m, coord);
        let plain = written.split_once(':').map_or(written.as_str(), |(_, r)| r);
        if plain == text {
            let ty = match m.special {
                Special::Group(o) => Some(t.orients[o as usize].ty),
                _ => None,
            };
            if let Some(l) = letter {
                if ty.map(|ty| t.letters[ty as usize]) != Some(l) {
                    return Err(NotationError {
                        token: token.to_string(),
                        why: format!("this move is no {l} move"),
                    });
                }
            }
            return Ok(m);
        }
    }
    Err(NotationError { token: token.to_string(), why: "no legal move has this effect".to_string() })
}
