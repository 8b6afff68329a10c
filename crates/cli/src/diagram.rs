//! Text diagrams drawn from a geometry's layout, so that every board shape prints the same way.

use ccg_core::Position;

/// The board as text: upper case White, lower case Black, `.` empty, margins with the author's
/// file letters and rank numbers.
pub fn render(pos: &Position) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let l = &g.layout;
    let mut grid = vec![vec!["  ".to_string(); l.cols]; l.rows];
    for c in 0..g.len() as u8 {
        let (r, col) = l.place[c as usize];
        grid[r][col] = match pos.piece_at(c) {
            Some(p) => format!(" {}", v.piece_char(p)),
            None => " .".to_string(),
        };
    }
    let width = l.row_labels.iter().map(|s| s.len()).max().unwrap_or(1);
    let mut out = String::new();
    for (r, row) in grid.iter().enumerate() {
        out += &format!("{:>width$} {}\n", l.row_labels.get(r).map_or("", String::as_str), row.concat());
    }
    out += &format!("{:>width$}  {}\n", "", l.col_labels.join(" "));
    out += &format!("{} to move\n", pos.side_to_move().name());
    out
}
