//! Shapes of group pieces as data: a canonical pattern of cells (with the number of checkers on
//! each, for Nomino's doubles) and every orientation of it under the symmetry group the rules
//! give — the 8 rotations and reflections of the plane (Omino, Nomino) or the 24 rotations of
//! space (Doseki, whose mirror-image Episcopes are two canonical shapes of one type).

use std::collections::BTreeSet;

/// A cell of a shape, `(x, y, z)` from the shape's low corner, and its checker count.
pub type ShapeCell = ([i8; 3], u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Rotations and reflections of the board's plane (z stays 0).
    Plane,
    /// The 24 rotations of space.
    Space,
}

/// A shape moved to its low corner, cells in index order (z, then y, then x).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pattern(pub Vec<ShapeCell>);

impl Pattern {
    pub fn new(cells: impl IntoIterator<Item = ShapeCell>) -> Pattern {
        let mut cells: Vec<ShapeCell> = cells.into_iter().collect();
        let mut min = [i8::MAX; 3];
        for (c, _) in &cells {
            for a in 0..3 {
                min[a] = min[a].min(c[a]);
            }
        }
        for (c, _) in &mut cells {
            for a in 0..3 {
                c[a] -= min[a];
            }
        }
        cells.sort_by_key(|&(c, _)| (c[2], c[1], c[0]));
        Pattern(cells)
    }

    /// Size of the box the shape fills, per axis.
    pub fn extent(&self) -> [i8; 3] {
        let mut e = [0i8; 3];
        for (c, _) in &self.0 {
            for a in 0..3 {
                e[a] = e[a].max(c[a] + 1);
            }
        }
        e
    }

    pub fn checkers(&self) -> u32 {
        self.0.iter().map(|&(_, n)| n as u32).sum()
    }

    /// Whether the cells are orthogonally connected.
    pub fn connected(&self) -> bool {
        let Some(first) = self.0.first() else { return false };
        let mut seen = vec![first.0];
        let mut todo = vec![first.0];
        while let Some(p) = todo.pop() {
            for (q, _) in &self.0 {
                let d: i32 = (0..3).map(|a| (p[a] as i32 - q[a] as i32).abs()).sum();
                if d == 1 && !seen.contains(q) {
                    seen.push(*q);
                    todo.push(*q);
                }
            }
        }
        seen.len() == self.0.len()
    }

    /// Reads the data-file form: rows from the top (highest y) separated by `/`, layers (z from 0)
    /// separated by `|`; `.` an empty cell, a digit the checkers on a cell (`111/.1.` the T).
    pub fn parse(text: &str) -> Result<Pattern, String> {
        let mut cells = Vec::new();
        for (z, layer) in text.split('|').enumerate() {
            let rows: Vec<&str> = layer.split('/').collect();
            for (r, row) in rows.iter().enumerate() {
                let y = rows.len() - 1 - r;
                for (x, ch) in row.trim().chars().enumerate() {
                    match ch {
                        '.' => {}
                        '1'..='9' => cells.push(([x as i8, y as i8, z as i8], ch as u8 - b'0')),
                        _ => return Err(format!("shape {text:?}: {ch:?} is neither '.' nor a count")),
                    }
                }
            }
        }
        if cells.is_empty() {
            return Err(format!("shape {text:?} has no cell"));
        }
        let p = Pattern::new(cells);
        if !p.connected() {
            return Err(format!("shape {text:?} is not orthogonally connected"));
        }
        Ok(p)
    }
}

/// The linear maps of a symmetry group, as signed permutations: `out[a] = sign[a] * in[perm[a]]`.
fn transforms(sym: Symmetry) -> Vec<([usize; 3], [i8; 3])> {
    let perms: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::new();
    for p in perms {
        for s in 0..8 {
            let sign = [
                if s & 1 != 0 { -1 } else { 1 },
                if s & 2 != 0 { -1 } else { 1 },
                if s & 4 != 0 { -1 } else { 1 },
            ];
            let keep = match sym {
                // z stays z, unflipped; any map of x and y.
                Symmetry::Plane => p[2] == 2 && sign[2] == 1,
                Symmetry::Space => {
                    // Determinant +1: permutation parity times the product of the signs.
                    let odd = matches!(p, [0, 2, 1] | [1, 0, 2] | [2, 1, 0]);
                    let neg = sign.iter().filter(|&&x| x < 0).count() % 2 == 1;
                    odd == neg
                }
            };
            if keep {
                out.push((p, sign));
            }
        }
    }
    out
}

/// Every distinct orientation of a shape under the group.
pub fn orientations(shape: &Pattern, sym: Symmetry) -> Vec<Pattern> {
    let mut all = BTreeSet::new();
    for (perm, sign) in transforms(sym) {
        all.insert(Pattern::new(
            shape
                .0
                .iter()
                .map(|&(c, n)| ([sign[0] * c[perm[0]], sign[1] * c[perm[1]], sign[2] * c[perm[2]]], n)),
        ));
    }
    all.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_have_8_and_24_elements() {
        assert_eq!(transforms(Symmetry::Plane).len(), 8);
        assert_eq!(transforms(Symmetry::Space).len(), 24);
    }

    #[test]
    fn tetromino_orientations() {
        let count = |s: &str| orientations(&Pattern::parse(s).unwrap(), Symmetry::Plane).len();
        assert_eq!(count("111/.1."), 4); // T
        assert_eq!(count("11/11"), 1); // O
        assert_eq!(count("1111"), 2); // I
        assert_eq!(count("111/1.."), 8); // L
        assert_eq!(count("11./.11"), 4); // S and Z
    }

    #[test]
    fn parse_rejects_disconnected_and_bad_cells() {
        assert!(Pattern::parse("1.1").is_err());
        assert!(Pattern::parse("1x").is_err());
        assert!(Pattern::parse("...").is_err());
        assert_eq!(Pattern::parse("2|1").unwrap().checkers(), 3);
    }
}
