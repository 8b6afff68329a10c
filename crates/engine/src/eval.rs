//! Evaluation as data. The score is a dot product of integer weights with feature counts taken
//! from the side to move's point of view, so that the same code serves the search (weights in
//! centipawns) and Texel tuning (the feature vector). Weights come from `params/<game>.toml`
//! when the game has one, else they are derived from the variant: material from each piece's
//! mobility on the empty board, positional terms from fixed small defaults.

use ccg_core::variant::MAX_POLY_CELLS;
use ccg_core::{Cell, CellSet, Color, Position, Variant};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ParamsError {
    #[error("parameter file: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("parameter file: no piece {0:?} in this game (letters as in position strings; promoted pieces as \"+R\")")]
    UnknownPiece(String),
}

/// The tunable weights of one game, in centipawns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The rule set the file serves where it is not the game alone (`guru castling=off`), as
    /// `Variant::id` spells it; its file is named after it ([`file_stem`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Null-move pruning is sound in this game (no compulsory capture, zugzwang rare). Left out
    /// of a file, it is derived from the rules.
    #[serde(default)]
    pub null_move: Option<bool>,
    /// Value of each piece kind by its token (`R`, or `"+R"` for a promoted kind: promoted and
    /// unpromoted pieces share a letter but not a value); royal pieces are not counted.
    #[serde(default)]
    pub material: BTreeMap<String, i32>,
    #[serde(default)]
    pub terms: Terms,
}

/// Positional weights, each per unit of its feature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Terms {
    /// Per piece (not pawn, not royal) per step closer to the centre.
    pub centre: i32,
    /// Per royal piece per step closer to the centre (negative: kings hide while pieces abound).
    pub king_centre: i32,
    /// Per pawn per rank advanced from its side's first rank.
    pub pawn_advance: i32,
    /// Per own piece next to an own royal piece.
    pub king_shelter: i32,
    /// Per enemy piece (not pawn) within distance 2 of an own royal piece (negative: danger).
    pub king_attack: i32,
    /// For having the move.
    pub tempo: i32,
    /// Per cell a piece (not pawn, not royal) could move to.
    pub mobility: i32,
    /// Per enemy piece (not royal) that one of our pieces could take now, by replacement or by
    /// the first jump of a draughts-style chain (cheskers).
    pub threats: i32,
    /// Games of group pieces: per checker in hand or reserve (less than one on the board, so
    /// that the search drops them: a reserve only wins when it comes in).
    pub reserve: i32,
    /// Games of group pieces: per step between each enemy checker and the nearest of ours,
    /// counted against us — the hunt for the last checkers, which decides the game. A penalty
    /// per enemy checker, so that taking one also removes its term.
    pub hunt: i32,
}

impl Default for Terms {
    fn default() -> Terms {
        Terms {
            centre: 3,
            king_centre: -4,
            pawn_advance: 4,
            king_shelter: 6,
            king_attack: -12,
            tempo: 10,
            mobility: 2,
            threats: 8,
            reserve: 50,
            hunt: 12,
        }
    }
}

/// Number of positional terms, after the material ones in the feature vector.
pub(crate) const N_TERMS: usize = 10;

impl Terms {
    fn to_array(&self) -> [i32; N_TERMS] {
        [
            self.centre,
            self.king_centre,
            self.pawn_advance,
            self.king_shelter,
            self.king_attack,
            self.tempo,
            self.mobility,
            self.threats,
            self.reserve,
            self.hunt,
        ]
    }
    pub(crate) fn from_array(a: [i32; N_TERMS]) -> Terms {
        Terms {
            centre: a[0],
            king_centre: a[1],
            pawn_advance: a[2],
            king_shelter: a[3],
            king_attack: a[4],
            tempo: a[5],
            mobility: a[6],
            threats: a[7],
            reserve: a[8],
            hunt: a[9],
        }
    }
}

/// Declares the parameter files shipped with the engine (written by `ccg tune`), by file name in
/// `params/`: the rule set they serve ([`file_stem`]).
macro_rules! shipped {
    ($($file:literal),* $(,)?) => {
        pub(crate) const SHIPPED: &[(&str, &str)] =
            &[$(($file, include_str!(concat!("../params/", $file, ".toml")))),*];
    };
}
shipped![
    "mgc",
    "mgc1",
    "guru",
    "guru-castlingoff",
    "avantgarde",
    "cheskers",
    "cubic",
    "cubic-asym",
    "nihongi",
    "shogi1"
];

/// The file name of a rule set's parameters: the game id, then its options in order, each run
/// together (`guru castling=off` → `guru-castlingoff`), as the networks' files are named. A rule
/// set without a file of its own gets derived values, not its game's file: rule options change
/// what pieces are worth (a King's leaps, castling's tempo).
fn file_stem(id: &str) -> String {
    let mut words = id.split_whitespace();
    let game = words.next().unwrap_or("");
    let mut options: Vec<String> = words.map(|o| o.replace('=', "")).collect();
    options.sort();
    std::iter::once(game.to_string()).chain(options).collect::<Vec<_>>().join("-")
}

fn shipped(id: &str) -> Option<&'static str> {
    let stem = file_stem(id);
    SHIPPED.iter().find(|(file, _)| *file == stem).map(|(_, text)| *text)
}

impl Params {
    /// Defaults derived from the variant alone.
    pub fn derived(v: &Variant) -> Params {
        let material = v
            .kinds
            .iter()
            .enumerate()
            // Group pieces: one value per type, that of its kind of single checkers (the first).
            .filter(|&(i, k)| !(k.royal || v.is_polyform() && i > 0 && v.kinds[i - 1].letter == k.letter))
            .map(|(i, k)| (k.token(), derived_value(v, i as u8)))
            .collect();
        // Null-move pruning is unsound where capture is compulsory (draughts-style games): there
        // "passing" is never the worst option, the premise of the pruning.
        let null_move = Some(v.rules.capturing != ccg_core::Capturing::Jump);
        Params { game: None, null_move, material, terms: Terms::default() }
    }

    /// The shipped file of this game if any, else [`Params::derived`].
    pub fn for_variant(v: &Variant) -> Params {
        shipped(&v.id).and_then(|t| Params::parse(v, t).ok()).unwrap_or_else(|| Params::derived(v))
    }

    /// Reads a parameter file; pieces it leaves out keep their derived values.
    pub fn parse(v: &Variant, text: &str) -> Result<Params, ParamsError> {
        let mut p: Params = toml::from_str(text)?;
        for t in p.material.keys() {
            if !v.kinds.iter().any(|k| !k.royal && k.token() == *t) {
                return Err(ParamsError::UnknownPiece(t.clone()));
            }
        }
        let d = Params::derived(v);
        for (l, val) in d.material {
            p.material.entry(l).or_insert(val);
        }
        p.null_move = p.null_move.or(d.null_move);
        Ok(p)
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("params serialise")
    }
}

/// Material from mobility: a pawn is 100; another piece is worth about 40 per cell it reaches on
/// the empty board (chess: N 290, B 430, R 640, Q 990 — the classical ratios, a little high).
/// A stack (Pyramids) is worth at least what its parts are worth together, since it can split
/// into them: the best partition counts where it beats the stack's own mobility (the pharaon,
/// which steps like a King, is worth its four checkers).
fn derived_value(v: &Variant, k: u8) -> i32 {
    if v.is_polyform() {
        return group_value(v, k);
    }
    let mut memo = vec![None; v.kinds.len()];
    stack_value(v, k, &mut memo)
}

/// Group pieces (Omino, Nomino, Doseki) are valued per checker: a checker is 100 like a lone
/// Pawn, plus 10 per move its type has on the empty board shared among the type's checkers — a
/// group's worth is mostly its checkers (the game is lost with the last one), its shape adds
/// mobility.
fn group_value(v: &Variant, k: u8) -> i32 {
    if v.kinds[k as usize].pawn {
        return 100;
    }
    let letter = v.kinds[k as usize].letter;
    let size: u32 = v
        .group_shapes()
        .iter()
        .find(|(l, _)| *l == letter)
        .map_or(0, |(_, shape)| shape.0.iter().map(|&(_, n)| n as u32).sum());
    if size == 0 {
        return 100; // a group of no movable type: only its parts move
    }
    (100.0 + 10.0 * v.empty_board_mobility(k, Color::White) / size as f64).round() as i32
}

fn stack_value(v: &Variant, k: u8, memo: &mut Vec<Option<i32>>) -> i32 {
    if let Some(x) = memo[k as usize] {
        return x;
    }
    let own = if v.kinds[k as usize].pawn {
        100
    } else {
        let mob = (v.empty_board_mobility(k, Color::White) + v.empty_board_mobility(k, Color::Black)) / 2.0;
        (80.0 + 40.0 * mob).round() as i32
    };
    // Parts are smaller stacks, so the recursion ends.
    let parts = v
        .stack_parts(k)
        .iter()
        .map(|&(part, rest)| stack_value(v, part, memo) + stack_value(v, rest, memo))
        .max()
        .unwrap_or(0);
    let x = own.max(parts);
    memo[k as usize] = Some(x);
    x
}

/// Whether a side starts with several royal pieces in a game won by taking the last one (the
/// eight pharaons of Pyramids' 5th and 6th editions): all but the last can be lost, so they are
/// material like other pieces, valued by mobility. Elsewhere a royal piece is never traded and
/// its value would be the same on both sides.
fn spare_royals(v: &Variant) -> bool {
    let royals =
        |side| v.setup.iter().filter(|(_, p)| p.color == side && v.kinds[p.kind as usize].royal).count();
    v.rules.royal == ccg_core::Royal::Capture && royals(Color::White).max(royals(Color::Black)) > 1
}

/// Per-variant lookup tables and weights, built once per search.
pub struct Evaluator {
    pub params: Params,
    /// Weight vector: material per kind (royals 0 unless a side has several: see
    /// [`spare_royals`]), then the terms.
    weights: Vec<i32>,
    n_kinds: usize,
    pawn: Vec<bool>,
    royal: Vec<bool>,
    /// Steps from the edge towards the centre.
    centre: Vec<i32>,
    /// Ranks advanced from each side's first rank.
    advance: [Vec<i32>; 2],
    /// Chebyshev distances, `dist[a * n + b]`.
    dist: Vec<u8>,
    n_cells: usize,
    null_move: bool,
    /// Pieces in hand count as material (shogi).
    drops: bool,
    /// Kinds that capture draughts-style (their threats are jumps).
    jumps: Vec<bool>,
    /// Games of group pieces: the checkers on a cell of each kind (Nomino's doubles are kinds of
    /// their own), the kind a checker in hand or reserve counts as, and whether advancing earns
    /// reserve (every checker's progress then counts, not only a pawn's).
    poly: Option<Poly>,
}

struct Poly {
    advance_all: bool,
    /// The largest distance between two cells.
    far: i32,
}

/// Checkers on a cell of each kind: 1, or in games of group pieces the count the kind stands for
/// (kinds of one letter come once per count, 1 first).
fn cell_checkers(v: &Variant) -> Vec<i32> {
    (0..v.kinds.len())
        .map(|k| {
            let l = v.kinds[k].letter;
            if v.is_polyform() {
                1 + v.kinds[..k].iter().filter(|o| o.letter == l).count() as i32
            } else {
                1
            }
        })
        .collect()
}

impl Evaluator {
    pub fn new(v: &Variant, params: Params) -> Evaluator {
        let g = &v.geometry;
        let n = g.len();
        let nk = v.kinds.len();
        let coords: Vec<[i32; 4]> = (0..n).map(|c| g.coord(c as Cell).map(i32::from)).collect::<Vec<_>>();
        let (mut lo, mut hi) = ([i32::MAX; 4], [i32::MIN; 4]);
        for c in &coords {
            for i in 0..4 {
                lo[i] = lo[i].min(c[i]);
                hi[i] = hi[i].max(c[i]);
            }
        }
        // Twice the distance to the centre per axis, so that even-sized boards stay integral.
        let twice_off = |c: &[i32; 4]| (0..4).map(|i| (2 * c[i] - lo[i] - hi[i]).abs()).max().unwrap_or(0);
        let far = coords.iter().map(twice_off).max().unwrap_or(0);
        let centre = coords.iter().map(|c| (far - twice_off(c)) / 2).collect();
        let fwd = |side: usize, c: &[i32; 4]| (0..4).map(|i| c[i] * g.forward[side][i] as i32).sum::<i32>();
        let advance = [0, 1].map(|s| {
            let min = coords.iter().map(|c| fwd(s, c)).min().unwrap_or(0);
            coords.iter().map(|c| fwd(s, c) - min).collect()
        });
        let mut dist = vec![0u8; n * n];
        for a in 0..n {
            for b in 0..n {
                dist[a * n + b] = g.chebyshev(a as Cell, b as Cell).clamp(0, 255) as u8;
            }
        }
        let far = dist.iter().copied().max().unwrap_or(0) as i32;
        let spare = spare_royals(v);
        let checkers = cell_checkers(v);
        let mut weights: Vec<i32> = v
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| match k.royal {
                true if spare => derived_value(v, i as u8),
                true => 0,
                // Group pieces: the value is per checker of the type (a double counts twice).
                false => params.material.get(&k.token()).copied().unwrap_or(0) * checkers[i],
            })
            .collect();
        weights.extend(params.terms.to_array());
        Evaluator {
            weights,
            n_kinds: nk,
            pawn: v.kinds.iter().map(|k| k.pawn).collect(),
            royal: v.kinds.iter().map(|k| k.royal).collect(),
            centre,
            advance,
            dist,
            n_cells: n,
            null_move: params.null_move.unwrap_or(true),
            drops: v.rules.drops,
            jumps: v.kinds.iter().map(|k| k.modes.iter().any(|m| m.jump_capture)).collect(),
            poly: v.is_polyform().then(|| Poly { advance_all: v.earns_reserve(), far }),
            params,
        }
    }

    pub fn for_variant(v: &Variant) -> Evaluator {
        Evaluator::new(v, Params::for_variant(v))
    }

    /// Value of a piece kind for move ordering and pruning margins (royals count high).
    #[inline]
    pub fn value(&self, kind: u8) -> i32 {
        if self.royal[kind as usize] {
            5000
        } else {
            self.weights[kind as usize]
        }
    }

    pub(crate) fn n_features(&self) -> usize {
        self.weights.len()
    }

    pub(crate) fn weights(&self) -> &[i32] {
        &self.weights
    }

    /// Whether null-move pruning may be tried: the game allows it and the side to move has a
    /// piece other than pawns and royals (pawn endings are where zugzwang lives).
    pub fn null_ok(&self, pos: &Position) -> bool {
        if self.poly.is_some() {
            return self.null_move; // no pawn endings of group pieces: any checker may form a piece
        }
        self.null_move
            && pos.pieces(pos.side_to_move()).iter().any(|c| {
                pos.piece_at(c).is_some_and(|p| !self.pawn[p.kind as usize] && !self.royal[p.kind as usize])
            })
    }

    /// Whether `side` still has a royal piece (games won by taking it).
    pub fn has_royal(&self, pos: &Position, side: Color) -> bool {
        pos.pieces(side).iter().any(|c| pos.piece_at(c).is_some_and(|p| self.royal[p.kind as usize]))
    }

    /// The static evaluation from the side to move's point of view, in centipawns.
    pub fn eval(&self, pos: &Position) -> i32 {
        let mut s = 0;
        self.features(pos, |i, x| s += self.weights[i] * x);
        s
    }

    /// Calls `f(feature, count)` for every feature, counts from the side to move's view.
    #[inline]
    pub(crate) fn features(&self, pos: &Position, mut f: impl FnMut(usize, i32)) {
        if let Some(poly) = &self.poly {
            return self.poly_features(poly, pos, f);
        }
        let us = pos.side_to_move();
        let t = self.n_kinds;
        let mut royals: [[usize; 4]; 2] = [[0; 4]; 2];
        let mut nroyal = [0usize; 2];
        // Enemy pieces each side could take now (royal pieces are left out below).
        let mut reach = [CellSet::EMPTY; 2];
        let mut royal_cells = CellSet::EMPTY;
        for side in [Color::White, Color::Black] {
            let sign = if side == us { 1 } else { -1 };
            for c in pos.pieces(side).iter() {
                let Some(p) = pos.piece_at(c) else { continue };
                let k = p.kind as usize;
                f(k, sign);
                if self.jumps[k] {
                    reach[side.index()] |= pos.jump_threats(c);
                }
                if self.royal[k] {
                    royal_cells.insert(c);
                    f(t + 1, sign * self.centre[c as usize]);
                    if nroyal[side.index()] < 4 {
                        royals[side.index()][nroyal[side.index()]] = c as usize;
                        nroyal[side.index()] += 1;
                    }
                } else if self.pawn[k] {
                    f(t + 2, sign * self.advance[side.index()][c as usize]);
                    reach[side.index()] |= pos.targets(c);
                } else {
                    f(t, sign * self.centre[c as usize]);
                    let targets = pos.targets(c);
                    reach[side.index()] |= targets;
                    f(t + 6, sign * targets.count() as i32);
                }
            }
            if self.drops {
                for k in 0..t {
                    let n = pos.hand(side, k as u8) as i32;
                    if n > 0 {
                        f(k, sign * n);
                    }
                }
            }
        }
        for side in [Color::White, Color::Black] {
            let sign = if side == us { 1 } else { -1 };
            let (mut shelter, mut attack) = (0, 0);
            for &r in &royals[side.index()][..nroyal[side.index()]] {
                let row = &self.dist[r * self.n_cells..(r + 1) * self.n_cells];
                for c in pos.pieces(side).iter() {
                    shelter += (row[c as usize] == 1) as i32;
                }
                for c in pos.pieces(side.other()).iter() {
                    if row[c as usize] <= 2 {
                        attack += pos.piece_at(c).is_some_and(|p| !self.pawn[p.kind as usize]) as i32;
                    }
                }
            }
            f(t + 3, sign * shelter);
            f(t + 4, sign * attack);
            let threatened = reach[side.index()] & pos.pieces(side.other()) & !royal_cells;
            f(t + 7, sign * threatened.count() as i32);
        }
        f(t + 5, 1);
    }
}

impl Evaluator {
    /// The features of a game of group pieces, where the cell-by-cell terms of pieces (targets,
    /// threats, royal safety) say nothing: material by checker and type, the checkers in hand or
    /// reserve, centre and progress per checker (`centre` for checkers of movable groups,
    /// `pawn_advance` for lone Pawns, or for every checker where reaching the last rank earns
    /// reserve), and the tempo.
    fn poly_features(&self, poly: &Poly, pos: &Position, mut f: impl FnMut(usize, i32)) {
        let us = pos.side_to_move();
        let t = self.n_kinds;
        // Each side's occupied cells, for the hunt.
        let mut cells = [[0 as Cell; MAX_POLY_CELLS]; 2];
        let mut len = [0usize; 2];
        pos.for_each_piece(|c, p| {
            let side = p.color.index();
            cells[side][len[side]] = c;
            len[side] += 1;
            let sign = if p.color == us { 1 } else { -1 };
            let k = p.kind as usize;
            f(k, sign);
            let n = pos.checkers(c) as i32;
            if !self.pawn[k] {
                f(t, sign * n * self.centre[c as usize]);
            }
            if self.pawn[k] || poly.advance_all {
                f(t + 2, sign * n * self.advance[p.color.index()][c as usize]);
            }
        });
        for side in [Color::White, Color::Black] {
            let sign = if side == us { 1 } else { -1 };
            f(t + 8, sign * pos.reserve(side) as i32);
            let (own, enemy) = (
                &cells[side.index()][..len[side.index()]],
                &cells[1 - side.index()][..len[1 - side.index()]],
            );
            // A penalty, not a bonus for nearness: a bonus of up to `far` steps a checker would
            // cancel the material an enemy checker is worth, and taking it would gain nothing.
            let mut distance = 0;
            for &e in enemy {
                let row = &self.dist[e as usize * self.n_cells..(e as usize + 1) * self.n_cells];
                let mut near = poly.far as u8;
                for &o in own {
                    near = near.min(row[o as usize]);
                    if near <= 1 {
                        break;
                    }
                }
                distance += near as i32;
            }
            f(t + 9, -sign * distance);
        }
        f(t + 5, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file in `params/` is shipped, names a game, and parses: `for_variant` would fall
    /// back to derived values on a broken file without a word.
    /// (A file of a rule set with options names it, and is what that rule set plays with.)
    #[test]
    fn shipped_parameter_files_load() {
        crate::assert_shipped_files("params", "toml", SHIPPED.iter().map(|(file, _)| *file));
        for (file, text) in SHIPPED {
            let named: Params = toml::from_str(text).unwrap_or_else(|e| panic!("params/{file}.toml: {e}"));
            let id = named.game.unwrap_or_else(|| file.to_string());
            assert_eq!(file_stem(&id), *file, "params/{file}.toml serves {id}");
            let mut words = id.split_whitespace();
            let game = words.next().unwrap();
            let options: Vec<(String, String)> = words.map(|o| ccg_games::parse_option(o).unwrap()).collect();
            let v = ccg_games::variant(game, &options).unwrap_or_else(|e| panic!("{id}: {e}"));
            let p = Params::parse(&v, text).unwrap_or_else(|e| panic!("params/{file}.toml: {e}"));
            assert_eq!(Params::for_variant(&v), p, "{id} plays with params/{file}.toml");
        }
    }

    #[test]
    fn parameter_files_are_named_after_their_rule_sets() {
        assert_eq!(file_stem("guru"), "guru");
        assert_eq!(file_stem("cubic-asym"), "cubic-asym");
        assert_eq!(file_stem("guru castling=off"), "guru-castlingoff");
        assert_eq!(file_stem("mgc pawnleap=rank king=step"), "mgc-kingstep-pawnleaprank");
    }

    /// Where each side has several pharaons and loses only with the last, a pharaon is material
    /// worth its mobility; a lone King is not counted.
    #[test]
    fn spare_royal_pieces_count_as_material() {
        let v = ccg_games::variant("pyramids5", &[]).unwrap();
        let ev = Evaluator::for_variant(&v);
        let pharaon = (0..v.kinds.len()).find(|&k| v.kinds[k].royal).unwrap();
        assert_eq!(ev.weights()[pharaon], derived_value(&v, pharaon as u8));
        assert!(ev.weights()[pharaon] > 100);
        let mgc = ccg_games::variant("mgc", &[]).unwrap();
        let king = (0..mgc.kinds.len()).find(|&k| mgc.kinds[k].royal).unwrap();
        assert_eq!(Evaluator::for_variant(&mgc).weights()[king], 0);
    }

    /// Group pieces are valued per checker: a Pawn 100, a checker of a mobile type more, a
    /// double twice its single; checkers in reserve count, and the evaluation sees the whole of
    /// Doseki's 729 cells (two sides of one setup: equal material, the tempo between them).
    #[test]
    fn group_pieces_are_valued_per_checker() {
        let v = ccg_games::variant("nomino", &[]).unwrap();
        let ev = Evaluator::for_variant(&v);
        let rook = v.kind_by_letter('R').unwrap() as usize;
        let pawn = v.kind_by_letter('P').unwrap() as usize;
        assert_eq!(ev.weights()[pawn], 100);
        assert!(ev.weights()[rook] > 100 && ev.weights()[rook] < 300, "{}", ev.weights()[rook]);
        assert_eq!(v.kinds[rook + 1].letter, 'R');
        assert_eq!(ev.weights()[rook + 1], 2 * ev.weights()[rook]);
        for (id, each) in [("omino", 20), ("nomino", 20), ("doseki", 162)] {
            let v = ccg_games::variant(id, &[]).unwrap();
            let ev = Evaluator::for_variant(&v);
            let pos = Position::new(v.clone());
            assert_eq!(ev.eval(&pos), ev.params.terms.tempo, "{id}");
            let (mut ours, mut theirs) = (0, 0);
            ev.features(&pos, |i, x| {
                if i < v.kinds.len() {
                    if x > 0 {
                        ours += x;
                    } else {
                        theirs -= x;
                    }
                }
            });
            assert_eq!((ours, theirs), (each, each), "{id}: checkers seen");
        }
    }

    /// Taking a checker in contact gains at least its material: the hunt term must not give
    /// back what the capture wins (as a bonus per enemy checker for nearness did: a checker next
    /// to an enemy was then worth 16 centipawns in Doseki, and the engine traded them freely).
    #[test]
    fn an_enemy_checker_in_contact_costs_at_least_its_material() {
        let v = ccg_games::variant("omino", &[]).unwrap();
        let ev = Evaluator::for_variant(&v);
        let at = |fen: &str| ev.eval(&Position::from_fen(v.clone(), fen).unwrap());
        // White on e5 and a1, Black on k10, and in the first position on f6, next to e5.
        let with = at("9x/10/10/10/5x4/4X5/10/10/10/X9 w 0/0 0 1");
        let without = at("9x/10/10/10/10/4X5/10/10/10/X9 w 0/0 0 1");
        assert!(without - with >= 100, "{with} with the checker on f6, {without} without");
    }

    /// A promoted piece has a value of its own (shogi: a Pionnier is no Pawn, a Dragon no Rook).
    #[test]
    fn promoted_pieces_are_valued_apart() {
        let v = ccg_games::variant("shogi", &[]).unwrap();
        let d = Params::derived(&v);
        assert_eq!(d.material["P"], 100);
        assert!(d.material["+P"] > 300 && d.material["+R"] > d.material["R"], "{:?}", d.material);
        let ev = Evaluator::new(&v, d.clone());
        let pawn = v.kind_by_token('P', false).unwrap();
        let pionnier = v.kind_by_token('P', true).unwrap();
        assert_eq!(ev.weights()[pawn as usize], 100);
        assert_eq!(ev.weights()[pionnier as usize], d.material["+P"]);
        let text = d.to_toml();
        assert_eq!(Params::parse(&v, &text).unwrap(), d, "{text}");
        assert!(Params::parse(&v, "[material]\n\"+K\" = 5\n").is_err());
        assert!(Params::parse(&v, "[material]\nZ = 5\n").is_err());
    }
}
