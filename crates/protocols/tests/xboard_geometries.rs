//! XBoard on boards that are not plain rectangles: the `setup` command announces the naming
//! grid of the position strings (cube: 8x8 layers side by side, tesseract: the 9x9 Sudoku grid,
//! hexagons: 9 files of 8 ranks with holes), its FEN has that many rows of that many squares,
//! and every move the engine sends names squares where the board it described has the piece.

use ccg_core::Position;
use ccg_protocols::xboard::{xb_move, XBoard};
use ccg_protocols::Out;
use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct Buf(Arc<Mutex<Vec<u8>>>);

impl Write for Buf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The squares of an XBoard FEN board field: `grid[rank from the top][file]`, `None` empty,
/// `Some('*')` a hole, else the piece letter (a `+` prefix dropped).
fn squares(board: &str, files: usize) -> Vec<Vec<Option<char>>> {
    board
        .split('/')
        .map(|row| {
            let mut out = Vec::new();
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    out.extend(std::iter::repeat_n(None, digits.parse().unwrap()));
                    digits.clear();
                }
                if c != '+' {
                    out.push(Some(c));
                }
            }
            if !digits.is_empty() {
                out.extend(std::iter::repeat_n(None, digits.parse().unwrap()));
            }
            assert_eq!(out.len(), files, "row {row:?} of {board}");
            out
        })
        .collect()
}

/// (file, rank from the top) of an XBoard square such as `c7` (ranks from 1 on boards of up
/// to 9 ranks).
fn place(sq: &str, ranks: usize) -> (usize, usize) {
    let file = (sq.as_bytes()[0] - b'a') as usize;
    let rank: usize = sq[1..].parse().unwrap();
    (file, ranks - rank)
}

/// The first square of a move text (a file letter and rank digits) and the rest.
fn square(t: &str) -> (&str, &str) {
    let end = 1 + t[1..].find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len() - 1);
    t.split_at(end)
}

fn check(game: &str, files: usize, ranks: usize, holes: usize) {
    let buf = Buf::default();
    let mut x = XBoard::new(Out::new(buf.clone()));
    for l in ["xboard", "protover 2", &format!("variant {game}")] {
        x.command(l);
    }
    let text = String::from_utf8_lossy(&buf.0.lock().unwrap()).into_owned();
    let setup = text.lines().find(|l| l.starts_with("setup ")).unwrap_or_else(|| panic!("{text}"));
    let fields: Vec<&str> = setup.split(' ').collect();
    assert_eq!(fields[2], format!("{files}x{ranks}+0_fairy"), "{setup}");
    let board = squares(fields[3], files);
    assert_eq!(board.len(), ranks, "{setup}");
    let found_holes = board.iter().flatten().filter(|s| **s == Some('*')).count();
    assert_eq!(found_holes, holes, "{setup}");
    // Every legal move starts where the described board has the moving piece and lands on a
    // square of the board.
    let v = ccg_games::variant(game, &[]).unwrap();
    let pos = Position::new(v.clone());
    for &m in pos.legal_moves().iter() {
        let t = xb_move(&pos, m);
        let (from, rest) = square(&t);
        let (to, _) = square(rest);
        let (ff, fr) = place(from, ranks);
        let piece = board[fr][ff].unwrap_or_else(|| panic!("{game}: {t}: no piece on {from} in {setup}"));
        let kind = v.kind(pos.piece_at(m.from).unwrap().kind).letter;
        assert_eq!(piece.to_ascii_uppercase(), kind.to_ascii_uppercase(), "{game}: {t} in {setup}");
        let (tf, tr) = place(to, ranks);
        assert_ne!(board[tr][tf], Some('*'), "{game}: {t} lands on a hole");
    }
}

#[test]
fn cube_setup_is_the_8x8_grid_of_its_layers() {
    check("cubic", 8, 8, 0);
}

#[test]
fn tesseract_setup_is_the_9x9_sudoku_grid() {
    check("nihongi", 9, 9, 0);
}

#[test]
fn hexagonal_setup_is_9_files_of_8_ranks_with_holes() {
    check("brilliant", 9, 8, 72 - 68);
}
