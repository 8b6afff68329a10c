//! Text diagrams drawn from a geometry's layout, so that every board shape prints the same way:
//! square boards, the cube's four layers side by side, the tesseract's Sudoku blocks (layout
//! columns labelled `|` and rows labelled `-` are separators) and the staggered hex files.

use ccg_core::{Piece, Position, Variant};
use std::collections::BTreeSet;

/// A piece as a diagram shows it: its letter (upper case White, lower case Black, `+` before a
/// promoted one), or a stack's code with the author's point (`431.` White, `.431` Black).
fn token(v: &Variant, p: Piece) -> String {
    v.piece_token(p).trim_start_matches('(').trim_end_matches(')').to_string()
}

/// The board as text, with margins with the author's file letters and rank numbers; `.` is an
/// empty cell. Games with named stacks (Pyramids) get a legend of the stacks on the board.
pub fn render(pos: &Position) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let l = &g.layout;
    if l.hexagons {
        return render_hexagons(pos);
    }
    // Each cell as wide as the longest token of the game, plus a space.
    let cw = 1
        + (0..v.kinds.len())
            .map(|k| token(v, Piece::new(ccg_core::Color::White, k as ccg_core::Kind)).len())
            .max()
            .unwrap_or(1);
    let sep_col = |c: usize| l.col_labels.get(c).is_some_and(|s| s == "|");
    let mut grid: Vec<Vec<String>> = (0..l.rows)
        .map(|_| (0..l.cols).map(|c| format!("{:>cw$}", if sep_col(c) { "|" } else { "" })).collect())
        .collect();
    let mut named = BTreeSet::new();
    for c in 0..g.len() as ccg_core::Cell {
        let (r, col) = l.place[c as usize];
        grid[r][col] = match pos.piece_at(c) {
            Some(p) => {
                if v.kind(p.kind).stack.is_some() {
                    named.insert((v.kind(p.kind).token(), v.kind(p.kind).name.clone()));
                }
                format!("{:>cw$}", token(v, p))
            }
            None => format!("{:>cw$}", "."),
        };
    }
    let width = l.row_labels.iter().map(|s| s.len()).max().unwrap_or(1);
    let mut out = String::new();
    if !g.region_names.is_empty() {
        out += &format!("{:>width$}  {}\n", "", g.region_names.join("  |  "));
    }
    for (r, row) in grid.iter().enumerate() {
        let label = l.row_labels.get(r).map_or("", String::as_str);
        if label == "-" {
            let line: String = (0..l.cols).map(|c| if sep_col(c) { "-+" } else { "--" }).collect();
            out += &format!("{:>width$} {}\n", "", line);
        } else {
            out += &format!("{label:>width$} {}\n", row.concat());
        }
    }
    let files: String = l.col_labels.iter().map(|f| format!("{f:>cw$}")).collect();
    out += &format!("{:>width$} {}\n", "", files);
    if v.has_stacks() && !named.is_empty() {
        let legend: Vec<String> = named.iter().map(|(t, n)| format!("{t} {n}")).collect();
        out += &format!("stacks: {}\n", legend.join(", "));
    }
    out += &format!("{} to move\n", pos.side_to_move().name());
    out
}

/// Hexagons in text: each cell a flat-topped hexagon ` __ ` / `/P \` / `\__/`, columns of cells
/// three characters apart, neighbouring columns half a cell up or down (one text line).
fn render_hexagons(pos: &Position) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let l = &g.layout;
    let (height, width) = (l.rows + 2, 3 * l.cols + 1);
    let mut canvas = vec![vec![' '; width]; height];
    for c in 0..g.len() as ccg_core::Cell {
        let (r, col) = l.place[c as usize];
        let x = 3 * col;
        let token = pos.piece_at(c).map_or(" .".to_string(), |p| format!("{:>2}", v.piece_token(p)));
        let mut put = |y: usize, dx: usize, ch: char| canvas[y][x + dx] = ch;
        put(r, 1, '_');
        put(r, 2, '_');
        put(r + 1, 0, '/');
        put(r + 1, 3, '\\');
        for (i, ch) in token.chars().take(2).enumerate() {
            put(r + 1, 1 + i, ch);
        }
        put(r + 2, 0, '\\');
        put(r + 2, 1, '_');
        put(r + 2, 2, '_');
        put(r + 2, 3, '/');
    }
    let mut out = String::new();
    for (y, line) in canvas.iter().enumerate() {
        // Rank numbers beside the long files' contents (layout row y - 1).
        let label = y.checked_sub(1).and_then(|r| l.row_labels.get(r)).map_or("", String::as_str);
        out += &format!("{label:>2} {}\n", line.iter().collect::<String>().trim_end());
    }
    let files: String = l.col_labels.iter().map(|f| format!(" {f} ")).collect();
    out += &format!("   {}\n", files.trim_end());
    out += &format!("{} to move\n", pos.side_to_move().name());
    out
}
