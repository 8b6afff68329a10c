//! A learned evaluation per game: an efficiently updatable neural network (NNUE-style).
//!
//! Inputs are sparse: one per piece on a cell (its side relative to the point of view, its kind,
//! its cell) and, in drop games, one per piece in hand ("at least i pieces of this kind"). Each
//! side has its own view of the board — Black's cells mirrored by the board's symmetry, so both
//! views share the weights — and its own *accumulator*: the first layer's sums, kept up to date
//! move by move by adding and subtracting the rows of the inputs that changed
//! ([`Accumulator::update`]). The output is one dense layer over both accumulators (side to move
//! first), clipped to [0, 1]: an evaluation in centipawns. A network may also have a *linear
//! term* per input, added straight to the output (Stockfish's PSQT): a sum the clipped units
//! cannot hold, such as the material of Doseki's 162 checkers a side, which those units saturate
//! on. Inference is in integers, in loops the compiler vectorises. `ccg train <game>` ([`train`])
//! fits the network to self-play positions.

mod features;
pub mod train;

pub use features::{reflections, FeatureMap};

use ccg_core::{Cell, Color, Move, Piece, Position, Special, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;
use thiserror::Error;

/// Fixed-point scale of the first layer: activations in [0, 1] are [0, `QA`].
pub const QA: i32 = 255;
/// Fixed-point scale of the output weights.
pub const QB: i32 = 64;
/// Largest first-layer weight magnitude (so that accumulators stay far inside `i32`).
pub const L1_CLIP: f32 = 1.98;
/// Fixed-point scale of the linear terms: centipawns times `QP`.
pub const QP: i32 = 16;
/// A linear sum (two views' difference, halved) in the output's `QA * QB` units: exact.
const LINEAR_TO_OUT: i64 = (QA * QB / (2 * QP)) as i64;
const _: () = assert!(QA * QB % (2 * QP) == 0);
/// Largest linear term (62,500 centipawns, far past any score): a thousand inputs' sum stays
/// inside `i32`, so a file with larger terms is refused rather than let overflow.
pub const LINEAR_MAX: i32 = 1_000_000;

const MAGIC: &[u8; 8] = b"CCGNNUE1";
/// The file of a network with king buckets: the bucket table follows the mirror.
const MAGIC_BUCKETS: &[u8; 8] = b"CCGNNUE2";
/// The file of a network with linear terms: a word of flags follows the rule set (bit 0 king
/// buckets, bit 1 linear terms), the linear terms follow the output layer.
const MAGIC_FLAGS: &[u8; 8] = b"CCGNNUE3";
const FLAG_BUCKETS: u32 = 1;
const FLAG_LINEAR: u32 = 2;

#[derive(Debug, Error)]
pub enum NetError {
    #[error("network file: not a ccg network (bad magic)")]
    Magic,
    #[error("network file: truncated")]
    Truncated,
    #[error("network file: made for {found}, not for {expected}")]
    Game { expected: String, found: String },
    #[error("network file: {0}")]
    Shape(String),
}

/// A network with quantized weights, ready for inference.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The rule set the network was trained on: the game id and its rule options
    /// (`mgc king=step pawnleap=rank`), as `Variant::id` spells them.
    pub game: String,
    pub map: FeatureMap,
    pub hidden: usize,
    /// `[input][hidden]`, scaled by `QA`.
    pub l1: Vec<i16>,
    /// `[hidden]`, scaled by `QA`.
    pub l1_bias: Vec<i16>,
    /// `[2 * hidden]` (side to move's half first), scaled by `QB` (centipawns per activation).
    pub out: Vec<i32>,
    /// Scaled by `QA * QB`.
    pub out_bias: i32,
    /// `[input]`, scaled by `QP`: each input's linear term; empty in a network without them.
    pub linear: Vec<i32>,
}

/// Declares the networks shipped with the engine (written by `ccg train`), by file name in
/// `nets/`; each file names the rule set it was trained on.
macro_rules! shipped_nets {
    ($($file:literal),* $(,)?) => {
        pub(crate) const SHIPPED: &[(&str, &[u8])] =
            &[$(($file, include_bytes!(concat!("../../nets/", $file, ".nnue")))),*];
    };
}
shipped_nets![
    "avantgarde",
    "bermuda",
    "brilliant",
    "cheskers",
    "cubic",
    "cubic-asym",
    "guru",
    "guru-castlingoff",
    "mgc",
    "mgc-kingstep-pawnleaprank",
    "mgc1",
    "nihongi",
    "nomino",
    "omino",
    "pyramids1",
    "pyramids2-cheskers7",
    "pyramids2-cheskers9",
    "pyramids2-strong",
    "pyramids2-weak7",
    "pyramids2-weak9",
    "pyramids5",
    "pyramids5-cheskers",
    "pyramids6",
    "pyramids6-checkers",
    "shogi",
    "shogi1"
];

/// What a network file's header says: its rule set, its layout and the bytes after it.
struct Header<'a> {
    game: String,
    buckets: bool,
    linear: bool,
    rest: &'a [u8],
}

fn header(bytes: &[u8]) -> Result<Header<'_>, NetError> {
    let mut r = Reader(bytes);
    let magic = r.take(8)?;
    if magic != MAGIC && magic != MAGIC_BUCKETS && magic != MAGIC_FLAGS {
        return Err(NetError::Magic);
    }
    let n = r.u32()? as usize;
    let game = String::from_utf8_lossy(r.take(n.min(256))?).into_owned();
    let flags = match magic {
        m if m == MAGIC_FLAGS => r.u32()?,
        m if m == MAGIC_BUCKETS => FLAG_BUCKETS,
        _ => 0,
    };
    if flags & !(FLAG_BUCKETS | FLAG_LINEAR) != 0 {
        return Err(NetError::Shape(format!("unknown layout flags {flags:#x}")));
    }
    Ok(Header { game, buckets: flags & FLAG_BUCKETS != 0, linear: flags & FLAG_LINEAR != 0, rest: r.0 })
}

/// A rule set as a game id and its options in any order: `mgc pawnleap=rank king=step` and
/// `mgc king=step pawnleap=rank` are one rule set.
fn rule_set(id: &str) -> (&str, BTreeSet<&str>) {
    let mut words = id.split_whitespace();
    (words.next().unwrap_or(""), words.collect())
}

impl Network {
    /// The shipped network trained on the variant's rule set, if there is one. Rule options keep
    /// the pieces, so another rule set's network would read, but it judges positions by rules
    /// the game does not play (`mgc`'s King with its leaps, against a network trained without
    /// them, measured −127 ± 67 Elo): only the rule set trained on gets it, docs/engine.md.
    pub fn for_variant(v: &Arc<Variant>) -> Option<Network> {
        let (_, bytes) = SHIPPED
            .iter()
            .find(|(_, bytes)| header(bytes).is_ok_and(|h| rule_set(&h.game) == rule_set(&v.id)))?;
        Network::read(v, bytes).ok()
    }

    /// Whether the network was trained on the variant's rule set (not only on its game).
    pub fn serves(&self, v: &Variant) -> bool {
        rule_set(&self.game) == rule_set(&v.id)
    }

    /// The rule set a network file was trained on, read from its header.
    pub fn trained_on(bytes: &[u8]) -> Result<String, NetError> {
        Ok(header(bytes)?.game)
    }

    /// The number of inputs.
    pub fn inputs(&self) -> usize {
        self.map.inputs()
    }

    pub fn write(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(16 + 2 * self.l1.len() + 4 * self.linear.len());
        let buckets = self.map.buckets > 1;
        // Networks without linear terms keep the older layouts, byte for byte.
        b.extend_from_slice(match (self.linear.is_empty(), buckets) {
            (true, false) => MAGIC,
            (true, true) => MAGIC_BUCKETS,
            (false, _) => MAGIC_FLAGS,
        });
        let id = self.game.as_bytes();
        b.extend_from_slice(&(id.len() as u32).to_le_bytes());
        b.extend_from_slice(id);
        if !self.linear.is_empty() {
            let flags = FLAG_LINEAR | if buckets { FLAG_BUCKETS } else { 0 };
            b.extend_from_slice(&flags.to_le_bytes());
        }
        for x in [self.map.cells, self.map.kinds, self.map.hand_max, self.hidden] {
            b.extend_from_slice(&(x as u32).to_le_bytes());
        }
        // A byte per cell, two (little-endian) on boards of more than 256 cells (Doseki).
        for &c in &self.map.mirror {
            if self.map.cells > 256 {
                b.extend_from_slice(&c.to_le_bytes());
            } else {
                b.push(c as u8);
            }
        }
        if self.map.buckets > 1 {
            b.extend_from_slice(&(self.map.buckets as u32).to_le_bytes());
            b.extend_from_slice(&self.map.bucket);
        }
        for &w in self.l1.iter().chain(&self.l1_bias) {
            b.extend_from_slice(&w.to_le_bytes());
        }
        for &w in self.out.iter().chain(std::iter::once(&self.out_bias)).chain(&self.linear) {
            b.extend_from_slice(&w.to_le_bytes());
        }
        b
    }

    /// Reads a network file and checks that it was made for `v`'s game (same pieces; any of its
    /// rule sets: a file named by the user plays the rules it is given).
    pub fn read(v: &Arc<Variant>, bytes: &[u8]) -> Result<Network, NetError> {
        let Header { game, buckets, linear, rest } = header(bytes)?;
        let mut r = Reader(rest);
        let (base, found) = (rule_set(&v.id).0, rule_set(&game).0);
        if found != base {
            return Err(NetError::Game { expected: base.to_string(), found: found.to_string() });
        }
        let (cells, kinds, hand_max, hidden) =
            (r.u32()? as usize, r.u32()? as usize, r.u32()? as usize, r.u32()? as usize);
        let map = if buckets { FeatureMap::with_king_buckets(v) } else { FeatureMap::new(v) };
        if buckets && map.buckets == 1 {
            return Err(NetError::Shape("king buckets, in a game without them".into()));
        }
        if (cells, kinds) != (map.cells, map.kinds)
            || hand_max != map.hand_max
            || !(1..=4096).contains(&hidden)
        {
            return Err(NetError::Shape(format!(
                "{cells} cells, {kinds} kinds, hands to {hand_max}, {hidden} hidden; the game has {} cells, \
                 {} kinds, hands to {}",
                map.cells, map.kinds, map.hand_max
            )));
        }
        let mirror: Vec<Cell> = if cells > 256 {
            r.take(2 * cells)?.chunks(2).map(|b| Cell::from_le_bytes([b[0], b[1]])).collect()
        } else {
            r.take(cells)?.iter().map(|&c| c as Cell).collect()
        };
        if mirror != map.mirror {
            return Err(NetError::Shape("the board's mirror differs".into()));
        }
        if buckets && (r.u32()? as usize != map.buckets || r.take(cells)? != map.bucket.as_slice()) {
            return Err(NetError::Shape("the king buckets differ".into()));
        }
        let inputs = map.inputs();
        let l1 = (0..inputs * hidden).map(|_| r.i16()).collect::<Result<Vec<_>, _>>()?;
        let l1_bias = (0..hidden).map(|_| r.i16()).collect::<Result<Vec<_>, _>>()?;
        let out = (0..2 * hidden).map(|_| r.i32()).collect::<Result<Vec<_>, _>>()?;
        let out_bias = r.i32()?;
        let linear =
            if linear { (0..inputs).map(|_| r.i32()).collect::<Result<Vec<_>, _>>()? } else { Vec::new() };
        if linear.iter().any(|w| w.abs() > LINEAR_MAX) {
            return Err(NetError::Shape(format!("a linear term beyond ±{LINEAR_MAX}")));
        }
        Ok(Network { game, map, hidden, l1, l1_bias, out, out_bias, linear })
    }

    /// The evaluation in centipawns, side to move's view, from the two accumulators.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, stm: Color) -> i32 {
        let h = self.hidden;
        let (us, them) = (&acc.v[stm.index()], &acc.v[1 - stm.index()]);
        let dot = |a: &[i32], w: &[i32]| -> i64 {
            a.iter().zip(w).map(|(&x, &w)| x.clamp(0, QA) as i64 * w as i64).sum()
        };
        let linear = (acc.linear[stm.index()] - acc.linear[1 - stm.index()]) as i64 * LINEAR_TO_OUT;
        let sum =
            dot(&us[..h], &self.out[..h]) + dot(&them[..h], &self.out[h..]) + self.out_bias as i64 + linear;
        (sum / (QA * QB) as i64) as i32
    }

    /// The accumulators of `pos` computed from scratch.
    pub fn refresh(&self, pos: &Position, acc: &mut Accumulator) {
        for side in [Color::White, Color::Black] {
            self.refresh_view(pos, acc, side);
        }
    }

    /// One point of view's accumulator computed from scratch.
    fn refresh_view(&self, pos: &Position, acc: &mut Accumulator, side: Color) {
        let s = side.index();
        acc.bucket[s] = self.map.king_bucket(pos, side);
        acc.v[s].clear();
        acc.v[s].extend(self.l1_bias.iter().map(|&b| b as i32));
        acc.linear[s] = 0;
        self.map.active(pos, side, |f| self.add(acc, s, f, 1));
    }

    /// Adds (`sign` 1) or removes (−1) input `f` in view `s`'s sums.
    #[inline]
    fn add(&self, acc: &mut Accumulator, s: usize, f: usize, sign: i32) {
        let h = self.hidden;
        for (x, &w) in acc.v[s].iter_mut().zip(&self.l1[f * h..(f + 1) * h]) {
            *x += sign * w as i32;
        }
        if let Some(&w) = self.linear.get(f) {
            acc.linear[s] += sign * w;
        }
    }
}

/// The first layer's sums for both points of view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accumulator {
    v: [Vec<i32>; 2],
    /// Each view's king bucket (0 without buckets).
    bucket: [usize; 2],
    /// Each view's sum of linear terms (0 without them).
    linear: [i32; 2],
}

/// What a move changed, recorded before it is made: the cells it touches with what stood there,
/// and the hands.
pub struct Change {
    cells: [(Cell, Option<Piece>); 8],
    len: usize,
    /// Capture chains touch many cells: the accumulators are computed from scratch.
    refresh: bool,
    hands: [[u8; 64]; 2],
    drops: bool,
}

impl Change {
    /// Records what `m` may change in `pos` (call before making it).
    pub fn before(pos: &Position, m: Move) -> Change {
        let v = pos.variant();
        let mut c = Change {
            cells: [(0, None); 8],
            len: 0,
            refresh: false,
            hands: [[0; 64]; 2],
            drops: v.rules.drops,
        };
        let link = |cell: Cell| v.geometry.link(cell);
        let note = |c: &mut Change, cell: Cell| {
            if c.len < c.cells.len() && !c.cells[..c.len].iter().any(|(x, _)| *x == cell) {
                c.cells[c.len] = (cell, pos.piece_at(cell));
                c.len += 1;
            } else if c.len == c.cells.len() {
                c.refresh = true;
            }
        };
        match m.special {
            // Any move of group pieces (Omino, Nomino, Doseki) — a drop too — can change the type
            // of every checker of the groups it touches, merges or splits.
            _ if v.is_polyform() => c.refresh = true,
            Special::Chain(_) | Special::Group(_) => c.refresh = true,
            Special::Castle(i) => {
                let cs = &v.rules.castlings[i as usize];
                for &(a, b) in std::iter::once(&cs.king).chain(&cs.rooks) {
                    note(&mut c, a);
                    note(&mut c, b);
                }
            }
            Special::EnPassant(victim) => {
                note(&mut c, m.from);
                note(&mut c, m.to);
                note(&mut c, victim);
                // A victim displaced to its linked cell (Bermuda chess).
                if let Some(l) = link(victim) {
                    note(&mut c, l);
                }
            }
            Special::None | Special::Drop(_) | Special::Part(_) => {
                note(&mut c, m.from);
                note(&mut c, m.to);
                // The linked cell of the landing: a displaced victim or an ascending capturer.
                if let Some(l) = link(m.to) {
                    note(&mut c, l);
                }
            }
        }
        if c.drops && !c.refresh {
            for side in [Color::White, Color::Black] {
                for k in 0..v.kinds.len().min(64) {
                    c.hands[side.index()][k] = pos.hand(side, k as u8);
                }
            }
        }
        c
    }
}

impl Accumulator {
    /// Becomes a copy of `other`, reusing its memory (the search copies one per node).
    #[inline]
    pub fn copy_from(&mut self, other: &Accumulator) {
        self.v[0].clone_from(&other.v[0]);
        self.v[1].clone_from(&other.v[1]);
        self.bucket = other.bucket;
        self.linear = other.linear;
    }

    /// Brings `self` (a copy of the accumulators before the move) up to date with `pos`
    /// (the position after it).
    pub fn update(&mut self, net: &Network, pos: &Position, change: &Change) {
        if change.refresh {
            net.refresh(pos, self);
            return;
        }
        let map = &net.map;
        // A royal piece that moved to another bucket changes every input of its view.
        let mut live = [true; 2];
        for side in [Color::White, Color::Black] {
            if map.king_bucket(pos, side) != self.bucket[side.index()] {
                net.refresh_view(pos, self, side);
                live[side.index()] = false;
            }
        }
        let views = [Color::White, Color::Black].into_iter().filter(|s| live[s.index()]);
        for &(cell, old) in &change.cells[..change.len] {
            let new = pos.piece_at(cell);
            if old == new {
                continue;
            }
            for side in views.clone() {
                let (s, bucket) = (side.index(), self.bucket[side.index()]);
                if let Some(p) = old {
                    net.add(self, s, map.board(side, bucket, p, cell), -1);
                }
                if let Some(p) = new {
                    net.add(self, s, map.board(side, bucket, p, cell), 1);
                }
            }
        }
        if change.drops {
            for owner in [Color::White, Color::Black] {
                for k in 0..map.kinds.min(64) {
                    let (old, new) =
                        (change.hands[owner.index()][k] as usize, pos.hand(owner, k as u8) as usize);
                    if old == new {
                        continue;
                    }
                    let (lo, hi, sign) = if new > old { (old, new, 1) } else { (new, old, -1) };
                    for side in views.clone() {
                        for i in lo..hi.min(map.hand_max) {
                            net.add(self, side.index(), map.hand(side, owner, k, i), sign);
                        }
                    }
                }
            }
        }
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetError> {
        if self.0.len() < n {
            return Err(NetError::Truncated);
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Ok(a)
    }
    fn u32(&mut self) -> Result<u32, NetError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
    fn i32(&mut self) -> Result<i32, NetError> {
        Ok(i32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
    fn i16(&mut self) -> Result<i16, NetError> {
        Ok(i16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ccg_core::Rng;

    fn random_net(v: &Arc<Variant>, hidden: usize, seed: u64) -> Network {
        random_net_of(FeatureMap::new(v), v, hidden, seed, false)
    }

    fn random_net_of(map: FeatureMap, v: &Arc<Variant>, hidden: usize, seed: u64, linear: bool) -> Network {
        let mut rng = Rng::new(seed);
        let mut w = |n: usize, r: i32| {
            (0..n).map(|_| (rng.below(2 * r as usize + 1) as i32 - r) as i16).collect::<Vec<_>>()
        };
        let l1 = w(map.inputs() * hidden, 60);
        let l1_bias = w(hidden, 60);
        let out = w(2 * hidden, 3000).into_iter().map(|x| x as i32).collect();
        let linear =
            if linear { w(map.inputs(), 2000).into_iter().map(|x| x as i32).collect() } else { Vec::new() };
        Network { game: v.id.clone(), map, hidden, l1, l1_bias, out, out_bias: 12345, linear }
    }

    /// In every game, with and without king buckets and linear terms, the network reads back
    /// from its file unchanged and its accumulators follow random games.
    #[test]
    fn incremental_accumulators_match_a_refresh_in_every_game() {
        for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
            let v = ccg_games::variant(g.id, &[]).unwrap();
            for (map, linear) in [(FeatureMap::new(&v), false), (FeatureMap::with_king_buckets(&v), true)] {
                let net = random_net_of(map, &v, 16, g.id.len() as u64, linear);
                assert_eq!(Network::read(&v, &net.write()).unwrap(), net, "{}", g.id);
                accumulators_follow_random_games(&v, &net);
            }
        }
    }

    /// Along random games, the accumulators kept move by move equal the ones computed from scratch.
    fn accumulators_follow_random_games(v: &Arc<Variant>, net: &Network) {
        let mut rng = Rng::new(99);
        for game in 0..3 {
            let mut pos = Position::new(v.clone());
            let mut acc = Accumulator::default();
            net.refresh(&pos, &mut acc);
            for ply in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let change = Change::before(&pos, m);
                pos.make(m);
                acc.update(net, &pos, &change);
                let mut fresh = Accumulator::default();
                net.refresh(&pos, &mut fresh);
                assert_eq!(
                    acc, fresh,
                    "{} ({} buckets) game {game} ply {ply} after {m:?}",
                    v.id, net.map.buckets
                );
            }
        }
    }

    #[test]
    fn bad_files_are_refused() {
        let v = ccg_games::variant("mgc", &[]).unwrap();
        let net = random_net(&v, 8, 1);
        let bytes = net.write();
        assert!(matches!(Network::read(&v, b"nonsense"), Err(NetError::Magic)));
        assert!(matches!(Network::read(&v, &bytes[..bytes.len() - 3]), Err(NetError::Truncated)));
        let shogi = ccg_games::variant("shogi", &[]).unwrap();
        assert!(matches!(Network::read(&shogi, &bytes), Err(NetError::Game { .. })));
        let stepping = ccg_games::variant("mgc", &[("king".into(), "step".into())]).unwrap();
        let read = Network::read(&stepping, &bytes).expect("a file reads for any rule set of its game");
        assert!(read.serves(&v) && !read.serves(&stepping), "it serves the rule set it was trained on");
        // Linear terms past the bound would overflow the sums: refused. Unknown layout flags too.
        let mut wild = random_net_of(FeatureMap::new(&v), &v, 8, 1, true);
        assert!(Network::read(&v, &wild.write()).is_ok());
        wild.linear[3] = LINEAR_MAX + 1;
        assert!(matches!(Network::read(&v, &wild.write()), Err(NetError::Shape(_))));
        let mut flagged = net.write();
        let at = 8 + 4 + net.game.len();
        flagged[..8].copy_from_slice(MAGIC_FLAGS);
        flagged.splice(at..at, 4u32.to_le_bytes());
        assert!(matches!(Network::read(&v, &flagged), Err(NetError::Shape(_))));
    }

    #[test]
    fn a_rule_set_is_its_game_and_options_in_any_order() {
        assert_eq!(rule_set("mgc king=step pawnleap=rank"), rule_set("mgc pawnleap=rank king=step"));
        assert_ne!(rule_set("mgc king=step"), rule_set("mgc king=step pawnleap=rank"));
        assert_ne!(rule_set("mgc"), rule_set("mgc1"));
    }

    /// `for_variant` drops a file that does not read (the game then plays without a network), so
    /// every shipped file is checked here: nets/ and the `shipped_nets!` list agree, each file
    /// is the one its rule set plays with (no two files for one rule set), and its evaluation of
    /// the start is a sane number of centipawns.
    #[test]
    fn shipped_networks_load_for_their_rule_sets() {
        crate::assert_shipped_files("nets", "nnue", SHIPPED.iter().map(|(file, _)| *file));
        for (file, bytes) in SHIPPED {
            let id = Network::trained_on(bytes).unwrap_or_else(|e| panic!("nets/{file}.nnue: {e}"));
            let (game, options) = rule_set(&id);
            let options: Vec<(String, String)> = options
                .iter()
                .map(|o| ccg_games::parse_option(o).unwrap_or_else(|e| panic!("{id}: {e}")))
                .collect();
            let v = ccg_games::variant(game, &options).unwrap_or_else(|e| panic!("{id}: {e}"));
            let net = Network::for_variant(&v).unwrap_or_else(|| panic!("nets/{file}.nnue does not read"));
            assert_eq!(&net, &Network::read(&v, bytes).unwrap(), "{id} plays with nets/{file}.nnue");
            if !options.is_empty() {
                let plain = ccg_games::variant(game, &[]).unwrap();
                assert!(
                    Network::for_variant(&plain).is_none_or(|n| n.game != id),
                    "{game} plays without {file}"
                );
            }
            let mut acc = Accumulator::default();
            net.refresh(&Position::new(v.clone()), &mut acc);
            let cp = net.evaluate(&acc, Color::White);
            assert!(cp.abs() < 300, "{id}: start position {cp} cp");
        }
    }
}
