//! Games of group pieces (docs/rules.md, polyform games) as data: the `[polyform]` table of a
//! game file gives the symmetry of shapes, the checkers a cell holds, the reserve rule, the
//! types (letter, name, canonical shapes, modes, captures to hand, extra) and the setup.

use crate::def::GameError;
use ccg_core::polyform::{Pattern, PolyDef, Symmetry, TypeDef};
use ccg_core::{Cell, Geometry, Rules, Variant};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolyformDef {
    /// "plane" (rotations and reflections) or "space" (the 24 rotations).
    symmetry: String,
    /// Most checkers on one cell.
    capacity: u8,
    /// Checkers arriving on the last rank earn reserve checkers.
    #[serde(default)]
    reserve: bool,
    /// Setup: cell names (`e5`, `e5^2` for a double) and `ranks:1-4:even` — every cell of those
    /// ranks whose coordinates (from 0) have an even (or `odd`) sum.
    white: String,
    black: String,
    types: Vec<TypeData>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TypeData {
    letter: char,
    name: String,
    /// Canonical shapes: rows from the top separated by `/`, layers by `|`, `.` empty, a digit
    /// the checkers on a cell.
    shapes: Vec<String>,
    modes: String,
    #[serde(default)]
    to_hand: bool,
    /// Movable only with the option that switches extra types on.
    #[serde(default)]
    extra: bool,
}

fn data(msg: impl Into<String>) -> GameError {
    GameError::Data(msg.into())
}

fn setup_cells(g: &Geometry, text: &str, sign: i8, out: &mut Vec<(Cell, i8)>) -> Result<(), GameError> {
    for item in text.split_whitespace() {
        if let Some(spec) = item.strip_prefix("ranks:") {
            let parts: Vec<&str> = spec.split(':').collect();
            let [range, parity] = parts.as_slice() else {
                return Err(data(format!("setup {item:?}: expected ranks:A-B:even")));
            };
            let (a, b) = range.split_once('-').unwrap_or((range, range));
            let num = |s: &str| s.parse::<i8>().map_err(|_| data(format!("setup {item:?}: rank {s:?}")));
            let (a, b) = (num(a)?, num(b)?);
            let want = match *parity {
                "even" => 0,
                "odd" => 1,
                p => return Err(data(format!("setup {item:?}: {p:?} is neither even nor odd"))),
            };
            for c in 0..g.len() as Cell {
                let p = g.coord(c);
                let sum: i32 = p.iter().map(|&x| x as i32).sum();
                if (a - 1..b).contains(&p[1]) && sum.rem_euclid(2) == want {
                    out.push((c, sign));
                }
            }
        } else {
            let (name, n) = match item.strip_suffix("^2") {
                Some(n) => (n, 2),
                None => (item, 1),
            };
            let c = g.parse_cell(name).ok_or_else(|| data(format!("setup: no cell {name}")))?;
            out.push((c, sign * n));
        }
    }
    Ok(())
}

impl PolyformDef {
    pub fn build(
        &self,
        id: &str,
        name: &str,
        geometry: Geometry,
        rules: Rules,
        extras: bool,
    ) -> Result<Variant, GameError> {
        let symmetry = match self.symmetry.as_str() {
            "plane" => Symmetry::Plane,
            "space" => Symmetry::Space,
            s => return Err(data(format!("polyform.symmetry {s:?}: plane or space"))),
        };
        let mut types = Vec::new();
        for t in self.types.iter().filter(|t| extras || !t.extra) {
            let shapes = t
                .shapes
                .iter()
                .map(|s| Pattern::parse(s).map_err(|e| data(format!("type {}: {e}", t.letter))))
                .collect::<Result<_, _>>()?;
            types.push(TypeDef {
                letter: t.letter,
                name: t.name.clone(),
                shapes,
                modes: t.modes.clone(),
                to_hand: t.to_hand,
            });
        }
        let def = PolyDef { symmetry, capacity: self.capacity, types, reserve: self.reserve };
        let mut setup = Vec::new();
        setup_cells(&geometry, &self.white, 1, &mut setup)?;
        setup_cells(&geometry, &self.black, -1, &mut setup)?;
        setup.sort_unstable();
        Variant::polyform(id, name, geometry, &def, setup, rules).map_err(|e| data(e.to_string()))
    }
}
