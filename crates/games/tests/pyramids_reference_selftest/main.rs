//! Self-tests of the independent Pyramids reference (`support/reference_pyramids/`): every rule of
//! docs/rules.md "Pyramids — ten ids, four editions (reconstructed)" on hand-made positions whose
//! expected moves were worked out by hand from the rules text (not copied from the reference's
//! output), the author's 6th-edition party replayed from the reconstructed start, position
//! strings, colour symmetry and position-string round trips along random games, and the perft numbers checked in as `data/pyramids.perft` (depths 1–2 of every id
//! recomputed on every run, about 6 CPU-seconds; the deeper lines with
//! `cargo test --release -p ccg-games --test pyramids_reference_selftest -- --ignored`: depth 3
//! of the 7x7 and 8x8 ids takes about two CPU-minutes, of the 9x9 ids much longer).

#[path = "../support/reference_pyramids/mod.rs"]
mod reference;

mod classical;
mod draughts;
mod game;
mod slaves;

use reference::{Id, Pos};

/// A position from (cell, token) pairs — `("e4", "(21.)")`, `("e1", "F!")`, `("d2", "S'")` — so
/// that tests read as diagrams; also exercises the position-string reader.
pub(crate) fn board(id: Id, pieces: &[(&str, &str)], side: char) -> Pos {
    let n = id.size() as usize;
    let mut grid = vec![vec![String::new(); n]; n];
    for (cell, token) in pieces {
        let file = (cell.as_bytes()[0] - b'a') as usize;
        let rank: usize = cell[1..].parse().unwrap();
        assert!(grid[n - rank][file].is_empty(), "{cell} given twice");
        grid[n - rank][file] = token.to_string();
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let (mut out, mut empty) = (String::new(), 0);
            for t in row {
                if t.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out += t;
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    let fen = format!("{} {side} - 0 1", rows.join("/"));
    Pos::parse(id, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The origin cell of a canonical move text (after the `F` or `(code)` prefix).
pub(crate) fn origin(text: &str) -> &str {
    let rest = if let Some(r) = text.strip_prefix('F') {
        r
    } else if text.starts_with('(') {
        &text[text.find(')').unwrap() + 1..]
    } else {
        text
    };
    &rest[..2]
}

/// The legal moves starting on `cell`, sorted.
pub(crate) fn moves_from(p: &Pos, cell: &str) -> Vec<String> {
    p.legal_moves().into_iter().filter(|m| origin(m) == cell).collect()
}

pub(crate) fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// `prefix` + `from` + `-` + each cell, sorted: a quick way to write long expected lists.
pub(crate) fn marches(prefix: &str, from: &str, cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| format!("{prefix}{from}-{c}")).collect()
}

/// Cells at Chebyshev distance exactly k from `c` on an n x n board (the author's N(k)).
pub(crate) fn ring(c: &str, k: i32, n: i32) -> Vec<String> {
    let (f, r) = ((c.as_bytes()[0] - b'a') as i32, c[1..].parse::<i32>().unwrap() - 1);
    let mut out = Vec::new();
    for dx in -k..=k {
        for dy in -k..=k {
            let (x, y) = (f + dx, r + dy);
            if dx.abs().max(dy.abs()) == k && x >= 0 && y >= 0 && x < n && y < n {
                out.push(format!("{}{}", (b'a' + x as u8) as char, y + 1));
            }
        }
    }
    out
}

pub(crate) fn same(mut got: Vec<String>, mut want: Vec<String>, what: &str) {
    got.sort();
    want.sort();
    assert_eq!(got, want, "{what}");
}
