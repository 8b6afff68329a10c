//! The network's inputs for one variant: which input each piece on a cell, and each piece in
//! hand, switches on from each side's point of view.
//!
//! A network may also see where its own royal piece stands (*king buckets*, as HalfKP-style
//! networks do): the board's inputs are repeated once per zone of the royal piece's cell, so a
//! piece near a castled King weighs differently from the same piece near a King in the open.
//! Mating attacks are what piece-on-cell inputs alone judge worst (docs/engine.md).

use ccg_core::{Cell, Color, Piece, Position, Rng, Variant};

/// Pieces in hand of one kind count as inputs up to this many ("at least 1", …, "at least 8").
const HAND_INPUTS: usize = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureMap {
    pub cells: usize,
    pub kinds: usize,
    /// Hand inputs per kind and side (0 in games without drops).
    pub hand_max: usize,
    /// Black's view of each cell: the board's symmetry that maps White's setup onto Black's
    /// (the centre reflection, or the reflection across the middle rank), else none.
    pub mirror: Vec<Cell>,
    /// The king bucket of each cell in White's frame (Black's royal piece is looked up through
    /// `mirror`); empty when the network has one bucket.
    pub bucket: Vec<u8>,
    pub buckets: usize,
    /// The royal kinds, whose cell picks the bucket (a bit per kind).
    royal_kinds: u64,
}

impl FeatureMap {
    /// The inputs without king buckets.
    pub fn new(v: &std::sync::Arc<Variant>) -> FeatureMap {
        let cells = v.geometry.len();
        FeatureMap {
            cells,
            kinds: v.kinds.len(),
            // Games of group pieces hold checkers in hand or reserve (kind 0 counts them).
            hand_max: if v.rules.drops || v.is_polyform() { HAND_INPUTS } else { 0 },
            mirror: symmetry(v).unwrap_or_else(|| (0..cells as Cell).collect()),
            bucket: Vec::new(),
            buckets: 1,
            royal_kinds: 0,
        }
    }

    /// The inputs with king buckets where the game has a royal piece on a flat board (else
    /// as [`FeatureMap::new`]).
    pub fn with_king_buckets(v: &std::sync::Arc<Variant>) -> FeatureMap {
        let mut map = FeatureMap::new(v);
        let royal_kinds =
            v.kinds.iter().enumerate().filter(|(_, k)| k.royal).fold(0u64, |m, (i, _)| m | 1 << i);
        // `Position::royals` is a cell set: boards of at most 128 cells.
        if royal_kinds == 0 || v.is_polyform() || v.geometry.len() > 128 {
            return map;
        }
        if let Some(bucket) = king_zones(v) {
            map.buckets = *bucket.iter().max().unwrap_or(&0) as usize + 1;
            map.bucket = bucket;
            map.royal_kinds = royal_kinds;
        }
        map
    }

    /// Inputs of the pieces on the board, per bucket.
    pub fn board_inputs(&self) -> usize {
        2 * self.kinds * self.cells
    }

    pub fn inputs(&self) -> usize {
        self.buckets * self.board_inputs() + 2 * self.kinds * self.hand_max
    }

    /// The input of `p` standing on `c`, seen by `view` whose royal piece is in `bucket`.
    #[inline]
    pub fn board(&self, view: Color, bucket: usize, p: Piece, c: Cell) -> usize {
        let rel = (p.color != view) as usize;
        let cell = self.frame(view, c);
        bucket * self.board_inputs() + (rel * self.kinds + p.kind as usize) * self.cells + cell
    }

    /// The input "`owner` holds more than `i` pieces of `kind`", seen by `view`.
    #[inline]
    pub fn hand(&self, view: Color, owner: Color, kind: usize, i: usize) -> usize {
        let rel = (owner != view) as usize;
        self.buckets * self.board_inputs() + (rel * self.kinds + kind) * self.hand_max + i
    }

    /// Whether `p` is a royal piece that picks its side's bucket.
    #[inline]
    pub fn picks_bucket(&self, p: Piece) -> bool {
        self.royal_kinds >> p.kind & 1 != 0
    }

    /// `c` as `view` sees it: in White's frame.
    #[inline]
    fn frame(&self, view: Color, c: Cell) -> usize {
        if view == Color::White {
            c as usize
        } else {
            self.mirror[c as usize] as usize
        }
    }

    /// The bucket of `view` whose royal pieces stand on `royals`: that of the first in
    /// `view`'s frame (so that both sides of a symmetric position get the same), 0 without
    /// buckets or without a royal piece.
    #[inline]
    pub fn bucket_of(&self, view: Color, royals: impl Iterator<Item = Cell>) -> usize {
        if self.buckets == 1 {
            return 0;
        }
        royals.map(|c| self.frame(view, c)).min().map_or(0, |c| self.bucket[c] as usize)
    }

    /// The bucket of `view` in `pos`.
    #[inline]
    pub fn king_bucket(&self, pos: &Position, view: Color) -> usize {
        if self.buckets == 1 {
            return 0;
        }
        self.bucket_of(view, pos.royals(view).iter())
    }

    /// Calls `f` with every input that is on in `pos`, seen by `view`.
    pub fn active(&self, pos: &Position, view: Color, mut f: impl FnMut(usize)) {
        let bucket = self.king_bucket(pos, view);
        pos.for_each_piece(|c, p| f(self.board(view, bucket, p, c)));
        for side in [Color::White, Color::Black] {
            if self.hand_max > 0 {
                for k in 0..self.kinds {
                    for i in 0..(pos.hand(side, k as u8) as usize).min(self.hand_max) {
                        f(self.hand(view, side, k, i));
                    }
                }
            }
        }
    }
}

/// King zones of a flat board in White's frame: the third of the files (left, centre, right)
/// times the King at home (the two ranks nearest its own side) or out — six buckets. A castled
/// King and one driven up the board are the cases piece-on-cell inputs confuse. `None` where
/// the board has no single forward axis and one file axis.
fn king_zones(v: &std::sync::Arc<Variant>) -> Option<Vec<u8>> {
    let g = &v.geometry;
    let fwd = g.forward[0];
    let rank_axis = (0..4).find(|&i| fwd[i] != 0)?;
    if (0..4).filter(|&i| fwd[i] != 0).count() != 1 {
        return None;
    }
    let coords: Vec<[i8; 4]> = (0..g.len() as Cell).map(|c| g.coord(c)).collect();
    let extent = |i: usize| {
        let lo = coords.iter().map(|c| c[i]).min().unwrap_or(0);
        let hi = coords.iter().map(|c| c[i]).max().unwrap_or(0);
        (lo, hi)
    };
    let mut others = (0..4).filter(|&i| i != rank_axis && extent(i).0 != extent(i).1);
    let file_axis = others.next()?;
    if others.next().is_some() {
        return None;
    }
    let (flo, fhi) = extent(file_axis);
    let (rlo, rhi) = extent(rank_axis);
    let width = (fhi - flo) as i32 + 1;
    Some(
        coords
            .iter()
            .map(|c| {
                let file = ((c[file_axis] - flo) as i32 * 3 / width) as u8;
                let from_home = if fwd[rank_axis] > 0 { c[rank_axis] - rlo } else { rhi - c[rank_axis] };
                file * 2 + (from_home >= 2) as u8
            })
            .collect(),
    )
}

/// The board's cells with their coordinates and the box that holds them.
struct Frame {
    coords: Vec<[i8; 4]>,
    lo: [i8; 4],
    hi: [i8; 4],
}

impl Frame {
    fn of(v: &Variant) -> Frame {
        let g = &v.geometry;
        let coords: Vec<[i8; 4]> = (0..g.len() as Cell).map(|c| g.coord(c)).collect();
        let (mut lo, mut hi) = ([i8::MAX; 4], [i8::MIN; 4]);
        for c in &coords {
            for i in 0..4 {
                lo[i] = lo[i].min(c[i]);
                hi[i] = hi[i].max(c[i]);
            }
        }
        Frame { coords, lo, hi }
    }

    /// The reflection of the axes in `flip` as a map of cells, where it maps the board onto
    /// itself one to one.
    fn reflect(&self, v: &Variant, flip: [bool; 4]) -> Option<Vec<Cell>> {
        let map: Vec<Cell> = self
            .coords
            .iter()
            .map(|c| {
                let r = [0, 1, 2, 3].map(|i| if flip[i] { self.lo[i] + self.hi[i] - c[i] } else { c[i] });
                v.geometry.cell_at(r)
            })
            .collect::<Option<_>>()?;
        let mut seen = vec![false; map.len()];
        map.iter().all(|&c| !std::mem::replace(&mut seen[c as usize], true)).then_some(map)
    }
}

/// The start position's pieces.
fn setup(v: &std::sync::Arc<Variant>) -> Vec<(Cell, Piece)> {
    let mut setup = Vec::new();
    Position::new(v.clone()).for_each_piece(|c, p| setup.push((c, p)));
    setup
}

/// A reflection of the board that maps every White piece of the start position onto a Black
/// piece of the same kind: the centre reflection, else the reflection of the forward axes.
fn symmetry(v: &std::sync::Arc<Variant>) -> Option<Vec<Cell>> {
    let setup = setup(v);
    let frame = Frame::of(v);
    let flips: [[bool; 4]; 2] = [[true; 4], [0, 1, 2, 3].map(|i| v.geometry.forward[0][i] != 0)];
    flips.iter().find_map(|&flip| {
        let map = frame.reflect(v, flip)?;
        let setup_ok = setup
            .iter()
            .filter(|(_, p)| p.color == Color::White)
            .all(|&(c, p)| setup.contains(&(map[c as usize], Piece::new(Color::Black, p.kind))));
        let counts = |side| setup.iter().filter(|(_, p)| p.color == side).count();
        (setup_ok && counts(Color::White) == counts(Color::Black)).then_some(map)
    })
}

/// The reflections across the axes along which nobody moves forward (left for right, and in
/// three dimensions front for back) under which the game is its own mirror image: the start
/// position maps onto itself piece for piece, and along random games every position and its
/// image have as many legal moves and the same outcome (castling to one wing only, or a piece
/// that differs from its mirror image, shows there). Training may add the images as more
/// positions (`TrainConfig::reflect`): a mirrored position is worth what the original is.
pub fn reflections(v: &std::sync::Arc<Variant>) -> Vec<Vec<Cell>> {
    let setup = setup(v);
    let frame = Frame::of(v);
    let axes: Vec<usize> = (0..4)
        .filter(|&i| frame.lo[i] < frame.hi[i] && v.geometry.forward.iter().all(|f| f[i] == 0))
        .collect();
    (1u32..1 << axes.len())
        .filter_map(|subset| {
            let flip =
                [0, 1, 2, 3].map(|i| axes.iter().enumerate().any(|(j, &a)| a == i && subset >> j & 1 != 0));
            let map = frame.reflect(v, flip)?;
            let keeps_setup = setup.iter().all(|&(c, p)| setup.contains(&(map[c as usize], p)));
            (keeps_setup && keeps_the_rules(v, &map)).then_some(map)
        })
        .collect()
}

/// Random games in which every position's image under `map` has as many legal moves and the same
/// outcome as the position (both rebuilt without history, as training samples are).
fn keeps_the_rules(v: &std::sync::Arc<Variant>, map: &[Cell]) -> bool {
    const GAMES: u64 = 4;
    const PLIES: usize = 40;
    let identity: Vec<Cell> = (0..v.geometry.len() as Cell).collect();
    (0..GAMES).all(|seed| {
        let mut rng = Rng::new(0x5eed + seed);
        let mut pos = Position::new(v.clone());
        for _ in 0..PLIES {
            let (Some(a), Some(b)) = (pos.mirrored(&identity), pos.mirrored(map)) else { return false };
            if a.legal_moves().len() != b.legal_moves().len()
                || a.outcome().is_some() != b.outcome().is_some()
            {
                return false;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
        }
        true
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's setup looks the same to both sides: the start position's inputs of White's
    /// view equal Black's.
    #[test]
    fn both_sides_see_the_same_start_position() {
        for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
            let v = ccg_games::variant(g.id, &[]).unwrap();
            let pos = Position::new(v.clone());
            let symmetric = symmetry(&v).is_some();
            for map in [FeatureMap::new(&v), FeatureMap::with_king_buckets(&v)] {
                let (mut w, mut b) = (Vec::new(), Vec::new());
                map.active(&pos, Color::White, |f| w.push(f));
                map.active(&pos, Color::Black, |f| b.push(f));
                w.sort();
                b.sort();
                assert_eq!(w == b, symmetric, "{} with {} buckets", g.id, map.buckets);
                assert!(w.iter().chain(&b).all(|&f| f < map.inputs()));
            }
            if ["mgc", "mgc1", "guru", "shogi", "shogi1", "omino", "nomino", "doseki"].contains(&g.id) {
                assert!(symmetric, "{}: no symmetry found", g.id);
            }
        }
    }

    /// Kings at home on the flat boards get the home buckets: the King's file third and "at
    /// home", and the same for both sides.
    #[test]
    fn king_buckets_follow_the_royal_piece() {
        for (id, buckets) in [
            ("mgc", 6),
            ("guru", 6),
            ("shogi", 6),
            ("shogi1", 6),
            ("cheskers", 6),
            ("omino", 1),
            ("cubic", 1),
            ("nihongi", 1),
            ("brilliant", 6),
        ] {
            let v = ccg_games::variant(id, &[]).unwrap();
            let map = FeatureMap::with_king_buckets(&v);
            assert_eq!(map.buckets, buckets, "{id}");
            if buckets > 1 {
                let pos = Position::new(v.clone());
                let (w, b) = (map.king_bucket(&pos, Color::White), map.king_bucket(&pos, Color::Black));
                assert_eq!(w, b, "{id}");
                assert_eq!(w % 2, 0, "{id}: the King starts at home");
                assert_eq!(w / 2, 1, "{id}: the King starts in the centre files");
                let out =
                    (0..v.geometry.len() as Cell).map(|c| map.bucket_of(Color::White, std::iter::once(c)));
                assert_eq!(out.max(), Some(5), "{id}: the far corner zone");
            }
        }
    }
}
