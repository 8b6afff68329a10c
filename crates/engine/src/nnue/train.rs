//! Training a network for one game: self-play positions labelled by the search, then gradient
//! descent (Adam) on the mean squared error between `sigmoid(net / K)` and a blend of the
//! search score's `sigmoid(score / K)` and the game's result.
//!
//! Both phases are resumable and deterministic for a seed. Self-play appends whole games to a
//! data file (game `g` depends only on the seed and `g`, whichever thread plays it), so a rerun
//! plays only the games missing. Training writes a checkpoint after every epoch (weights, Adam
//! moments, the best held-out loss so far) and continues from it. Every tenth game is held out:
//! positions of one game are alike, so the split is by game; the network kept is the one with
//! the lowest held-out loss.

use super::features::reflections;
use super::{FeatureMap, Network, L1_CLIP, LINEAR_MAX, QA, QB, QP};
use crate::{Engine, EngineConfig, Limits};
use ccg_core::{Cell, Color, Piece, Position, Rng, Variant};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The sigmoid's default scale in centipawns: `sigmoid(cp / K)` is the expected score. A game
/// of many more pieces has its own ([`TrainConfig::scale`]).
pub const K: f32 = 170.0;
/// The network's output unit inside training, in centipawns (so that the output weights need
/// values of a few units, which Adam's steps reach quickly).
const OUT_SCALE: f32 = 400.0;
/// Search scores beyond this, at the default scale [`K`], are not kept (mates, or games already
/// decided); a game with another scale has the limit scaled with it ([`score_limit`]).
const SCORE_LIMIT: i32 = 2500;

/// The score beyond which a self-play game counts as decided, at sigmoid scale `scale`: as
/// many logistic units as [`SCORE_LIMIT`] is at [`K`].
pub fn score_limit(scale: f32) -> i32 {
    (SCORE_LIMIT as f32 * scale / K).round() as i32
}

/// The side-to-move byte's mark of a wide sample ([`Sample::write`]).
const WIDE: u8 = 2;

/// One training position: pieces, hands, side to move, the search's score (side to move's
/// view) and the game's result for the side to move (1, ½, 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub stm: Color,
    pub pieces: Vec<(Cell, Piece)>,
    /// `(owner, kind, count)`.
    pub hands: Vec<(Color, u8, u8)>,
    pub score: i16,
    pub result: f32,
    pub game: u32,
}

impl Sample {
    /// The position's pieces on every cell (Doseki has 729) and its hands or reserves: what
    /// the network's inputs are made of ([`FeatureMap::active`]).
    fn from_position(pos: &Position, score: i32, game: u32) -> Sample {
        let mut pieces = Vec::new();
        pos.for_each_piece(|c, p| pieces.push((c, p)));
        let mut hands = Vec::new();
        if pos.variant().rules.drops || pos.variant().is_polyform() {
            for side in [Color::White, Color::Black] {
                for k in 0..pos.variant().kinds.len() as u8 {
                    let n = pos.hand(side, k);
                    if n > 0 {
                        hands.push((side, k, n));
                    }
                }
            }
        }
        Sample { stm: pos.side_to_move(), pieces, hands, score: score as i16, result: 0.5, game }
    }

    /// The position of this sample's pieces, hands and side to move (without its game's
    /// history: what a teacher engine is shown); `None` where it does not fit `variant`.
    pub fn position(&self, variant: &Arc<Variant>) -> Option<Position> {
        Position::from_placement(variant.clone(), &self.pieces, &self.hands, self.stm)
    }

    /// Inputs that are on, seen by `view`; with `factors`, also each piece's cell-independent
    /// input and, with king buckets, its bucket-independent one (training only: see [`factor`]).
    fn active(&self, map: &FeatureMap, view: Color, factors: bool, out: &mut Vec<u32>) {
        out.clear();
        let royals = self.pieces.iter().filter(|(_, p)| p.color == view && map.picks_bucket(*p));
        let bucket = map.bucket_of(view, royals.map(|&(c, _)| c));
        for &(c, p) in &self.pieces {
            out.push(map.board(view, bucket, p, c) as u32);
            if factors {
                out.push(factor(map, view, p) as u32);
                if map.buckets > 1 {
                    out.push(cell_factor(map, view, p, c) as u32);
                }
            }
        }
        for &(owner, k, n) in &self.hands {
            for i in 0..(n as usize).min(map.hand_max) {
                out.push(map.hand(view, owner, k as usize, i) as u32);
            }
        }
    }

    /// The same position in the mirror `map` (a cell's image, [`reflections`]).
    fn reflected(&self, map: &[Cell]) -> Sample {
        Sample { pieces: self.pieces.iter().map(|&(c, p)| (map[c as usize], p)).collect(), ..self.clone() }
    }

    /// A byte per cell and for the number of pieces, two (little-endian) where a cell or the
    /// count does not fit a byte (Doseki's 729 cells): a *wide* sample, marked in the side's
    /// byte, so that files of the other games keep their bytes.
    fn write(&self, w: &mut Vec<u8>) {
        let wide =
            self.pieces.len() > u8::MAX as usize || self.pieces.iter().any(|&(c, _)| c > u8::MAX as Cell);
        w.push(self.stm as u8 | if wide { WIDE } else { 0 });
        w.extend_from_slice(&self.score.to_le_bytes());
        w.push((self.result * 2.0).round() as u8);
        let number = |w: &mut Vec<u8>, n: usize| {
            if wide {
                w.extend_from_slice(&(n as u16).to_le_bytes());
            } else {
                w.push(n as u8);
            }
        };
        number(w, self.pieces.len());
        for &(c, p) in &self.pieces {
            number(w, c as usize);
            w.push(p.kind << 1 | p.color as u8);
        }
        w.push(self.hands.len() as u8);
        for &(side, k, n) in &self.hands {
            w.push(k << 1 | side as u8);
            w.push(n);
        }
    }

    fn read(r: &mut &[u8], game: u32) -> Option<Sample> {
        fn byte(r: &mut &[u8]) -> Option<u8> {
            let (&b, rest) = r.split_first()?;
            *r = rest;
            Some(b)
        }
        fn number(r: &mut &[u8], wide: bool) -> Option<u16> {
            Some(if wide { u16::from_le_bytes([byte(r)?, byte(r)?]) } else { byte(r)? as u16 })
        }
        let color = |b: u8| if b & 1 == 0 { Color::White } else { Color::Black };
        let first = byte(r)?;
        let (stm, wide) = (color(first), first & WIDE != 0);
        let score = i16::from_le_bytes([byte(r)?, byte(r)?]);
        let result = byte(r)? as f32 / 2.0;
        let n = number(r, wide)?;
        let mut pieces = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let c = number(r, wide)? as Cell;
            let code = byte(r)?;
            pieces.push((c, Piece::new(color(code), code >> 1)));
        }
        let n = byte(r)?;
        let mut hands = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let code = byte(r)?;
            hands.push((color(code), code >> 1, byte(r)?));
        }
        Some(Sample { stm, pieces, hands, score, result, game })
    }
}

/// Settings of the self-play that makes the training positions.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: u32,
    /// Node budget per move.
    pub nodes: u64,
    /// Random plies at the start of each game, for variety.
    pub random_plies: usize,
    pub max_plies: usize,
    pub threads: usize,
    pub seed: u64,
    /// Search scores beyond this end the game as decided and are not kept ([`score_limit`]).
    pub score_limit: i32,
    /// The engine that plays (its network, its toggles: `nonet` plays by the hand-written
    /// evaluation). The games depend on it, so data are reproduced by naming it: by default it
    /// is whatever network the binary ships.
    pub player: EngineConfig,
}

/// Game records in the data file: `u32 game, u32 bytes, samples…`, appended whole. A game
/// number read twice (two runs appending to one file) counts once: a game is the same for
/// the same number, and a copy would weigh it double in training.
fn read_data(path: &Path) -> std::io::Result<Vec<(u32, Vec<Sample>)>> {
    let mut bytes = Vec::new();
    match std::fs::File::open(path) {
        Ok(mut f) => {
            f.read_to_end(&mut bytes)?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    }
    let mut games = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut r = bytes.as_slice();
    while r.len() >= 8 {
        let game = u32::from_le_bytes(r[..4].try_into().expect("4 bytes"));
        let len = u32::from_le_bytes(r[4..8].try_into().expect("4 bytes")) as usize;
        if r.len() < 8 + len {
            break; // a record cut short by an interrupted run: played again
        }
        let mut body = &r[8..8 + len];
        let mut samples = Vec::new();
        while !body.is_empty() {
            match Sample::read(&mut body, game) {
                Some(s) => samples.push(s),
                None => break,
            }
        }
        if seen.insert(game) {
            games.push((game, samples));
        }
        r = &r[8 + len..];
    }
    Ok(games)
}

/// The samples of another self-play data file of the same rule set (an earlier generation's
/// games, say), to train on beside this run's: every piece and hand must fit the variant, so
/// that a file of another game is refused instead of indexing outside the network's inputs.
/// The file's games keep their own numbers, so every tenth of them is held out as well.
pub fn read_samples(variant: &Variant, path: &Path) -> Result<Vec<Sample>, String> {
    let games = read_data(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if games.is_empty() {
        return Err(format!("{}: no self-play games in it", path.display()));
    }
    let (cells, kinds) = (variant.geometry.len(), variant.kinds.len());
    let holds = variant.rules.drops || variant.is_polyform();
    let samples: Vec<Sample> = games.into_iter().flat_map(|(_, s)| s).collect();
    for s in &samples {
        let bad_piece = s.pieces.iter().find(|(c, p)| *c as usize >= cells || p.kind as usize >= kinds);
        let bad_hand = s.hands.iter().any(|&(_, k, _)| k as usize >= kinds || !holds);
        if bad_piece.is_some() || bad_hand {
            return Err(format!(
                "{}: game {} does not fit {} ({cells} cells, {kinds} kinds{}): data of another game?",
                path.display(),
                s.game,
                variant.id,
                if holds { "" } else { ", no hands" }
            ));
        }
    }
    Ok(samples)
}

/// Plays the self-play games missing from `data` (appending each as it ends) and returns
/// every game's samples, in game order. `progress(done, total)` after each game.
pub fn self_play(
    variant: &Arc<Variant>,
    sp: &SelfPlay,
    data: &Path,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> std::io::Result<Vec<Sample>> {
    let mut have = read_data(data)?;
    // Rewrite the file without a torn last record, so that appends stay aligned.
    let mut clean = Vec::new();
    for (g, samples) in &have {
        append_game(&mut clean, *g, samples);
    }
    if let Some(dir) = data.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(data, &clean)?;
    let done_set: std::collections::HashSet<u32> = have.iter().map(|(g, _)| *g).collect();
    let todo: Vec<u32> = (0..sp.games).filter(|g| !done_set.contains(g)).collect();
    let file = Mutex::new(std::fs::OpenOptions::new().append(true).open(data)?);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(done_set.len().min(sp.games as usize) as u64);
    progress(done.load(Ordering::SeqCst), sp.games as u64);
    let played: Vec<(u32, Vec<Sample>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..sp.threads.max(1))
            .map(|_| {
                let (todo, next, done, file) = (&todo, &next, &done, &file);
                s.spawn(move || -> std::io::Result<Vec<(u32, Vec<Sample>)>> {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst) as usize;
                        let Some(&g) = todo.get(i) else { break };
                        let samples = play_game(variant, sp, g);
                        let mut rec = Vec::new();
                        append_game(&mut rec, g, &samples);
                        file.lock().unwrap_or_else(|e| e.into_inner()).write_all(&rec)?;
                        out.push((g, samples));
                        progress(done.fetch_add(1, Ordering::SeqCst) + 1, sp.games as u64);
                    }
                    Ok(out)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Ok(Vec::new())))
            .collect::<std::io::Result<Vec<_>>>()
    })?
    .into_iter()
    .flatten()
    .collect();
    have.extend(played);
    have.retain(|(g, _)| *g < sp.games);
    have.sort_by_key(|(g, _)| *g);
    Ok(have.into_iter().flat_map(|(_, s)| s).collect())
}

fn append_game(out: &mut Vec<u8>, game: u32, samples: &[Sample]) {
    let mut body = Vec::new();
    for s in samples {
        s.write(&mut body);
    }
    out.extend_from_slice(&game.to_le_bytes());
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&body);
}

/// One self-play game: quiet positions (not in check, best move neither capture nor promotion,
/// no mate in sight) with the search's score, then the game's result filled in.
fn play_game(variant: &Arc<Variant>, sp: &SelfPlay, game: u32) -> Vec<Sample> {
    let mut rng = Rng::new(sp.seed ^ (game as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let engine = Engine::new(EngineConfig { hash_mb: 4, threads: 1, ..sp.player.clone() });
    let mut pos = Position::new(variant.clone());
    let mut kept: Vec<Sample> = Vec::new();
    let mut white_result = 0.5;
    for ply in 0..sp.max_plies {
        if let Some(o) = pos.outcome() {
            white_result = match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            break;
        }
        let m = if ply < sp.random_plies {
            let moves = pos.legal_moves();
            moves[rng.below(moves.len())]
        } else {
            let r = engine.search(&pos, &Limits::nodes(sp.nodes), &mut |_| {});
            let Some(m) = r.best else { break };
            // A search that finished no move of its first iteration (Doseki at a few hundred
            // nodes) has no score: its 0 would be a label of nothing.
            if r.depth >= 1
                && !pos.in_check()
                && !pos.is_capture(m)
                && m.promotion.is_none()
                && r.score_cp.abs() < sp.score_limit
            {
                kept.push(Sample::from_position(&pos, r.score_cp, game));
            }
            // A clearly decided game is adjudicated: a long tail of moves adds only noise.
            if r.depth >= 1 && r.score_cp.abs() > sp.score_limit {
                let white_ahead = (r.score_cp > 0) == (pos.side_to_move() == Color::White);
                white_result = if white_ahead { 1.0 } else { 0.0 };
                break;
            }
            m
        };
        pos.make(m);
    }
    for s in kept.iter_mut() {
        s.result = if s.stm == Color::White { white_result } else { 1.0 - white_result };
    }
    kept
}

/// How the network is fitted.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub hidden: usize,
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// Weight of the search score in the target (the rest is the game's result).
    pub lambda: f32,
    /// Centipawns of one logistic unit: `sigmoid(cp / scale)` is the expected score. [`K`] suits
    /// games of chess's material; in one of 162 checkers a side a lead of 2,000 is not yet a
    /// win, and at [`K`] its labels would all read 1 (docs/engine.md, "Learned evaluation").
    pub scale: f32,
    pub threads: usize,
    pub seed: u64,
    /// Inputs per king bucket ([`FeatureMap::with_king_buckets`]) where the game has them.
    pub king_buckets: bool,
    /// A network to start from instead of random weights: a shipped network refined on new
    /// data keeps what it learnt from data no longer at hand.
    pub init: Option<Network>,
    /// A linear term per input beside the hidden layer ([`super`]'s module comment).
    pub linear: bool,
    /// Train also on each training position's mirror images ([`reflections`]): more positions
    /// for nothing, in a game whose rules read the same in the mirror. The held-out positions
    /// are not mirrored, so that their loss compares with a training without.
    pub reflect: bool,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 128,
            epochs: 30,
            batch: 1024,
            lr: 2e-3,
            lambda: 0.75,
            scale: K,
            threads: 1,
            seed: 1,
            king_buckets: false,
            init: None,
            linear: false,
            reflect: false,
        }
    }
}

/// A new unit's bias: most units start inside the clipped ReLU's slope.
const INIT_BIAS: f32 = 0.1;

/// A new weight: uniform in ±0.1.
fn init_weight(rng: &mut Rng) -> f32 {
    (rng.unit() as f32 - 0.5) * 0.2
}

/// The float network being trained.
#[derive(Clone)]
struct Float {
    hidden: usize,
    /// `l1 [inputs × hidden] | l1_bias [hidden] | out [2 × hidden] | out_bias | linear [inputs]`
    /// (the linear terms only where the network has them), in units of `OUT_SCALE` after `l1`.
    w: Vec<f32>,
    linear: bool,
}

impl Float {
    /// Random first-layer weights, except the first `zero` inputs' (the bucketed ones, which
    /// start from their factors: a bucket seldom seen keeps no noise). Linear terms start at zero.
    fn new(inputs: usize, zero: usize, hidden: usize, linear: bool, rng: &mut Rng) -> Float {
        let mut w = vec![0.0; inputs * hidden + hidden + 2 * hidden + 1 + if linear { inputs } else { 0 }];
        for x in w[zero * hidden..inputs * hidden].iter_mut() {
            *x = init_weight(rng);
        }
        for x in w[inputs * hidden..inputs * hidden + hidden].iter_mut() {
            *x = INIT_BIAS;
        }
        for x in w[inputs * hidden + hidden..inputs * hidden + 3 * hidden].iter_mut() {
            *x = init_weight(rng);
        }
        Float { hidden, w, linear }
    }

    /// The float weights of a quantized network (the inverse of [`Float::quantize`], up to
    /// rounding). Its piece-on-cell weights have the factors folded in, so the factors start at
    /// zero; a weight past the training clip (quantizing allows twice it) is clipped.
    ///
    /// `hidden` may be wider than the network's: the network grows. Its units keep their
    /// weights; each new unit gets small random input weights, the bias of [`Float::new`] and
    /// output weights of zero, so the grown network computes what the file does and training
    /// starts from its evaluation instead of from noise. A network without linear terms may gain
    /// them (at zero), one with them keeps them.
    fn from_network(
        net: &Network,
        map: &FeatureMap,
        hidden: usize,
        linear: bool,
        rng: &mut Rng,
    ) -> Result<Float, String> {
        if !linear && !net.linear.is_empty() {
            return Err(format!("the starting network ({}) has linear terms: train with them", net.game));
        }
        if net.map != *map || net.hidden > hidden || net.l1.len() != map.inputs() * net.hidden {
            return Err(format!(
                "the starting network ({}, {} inputs, {} hidden) does not fit this training ({} inputs{}, {hidden} hidden: at least as many as the network's)",
                net.game,
                net.inputs(),
                net.hidden,
                map.inputs(),
                if map.buckets > 1 { ", king buckets" } else { "" }
            ));
        }
        let (inputs, old, h) = (training_inputs(map), net.hidden, hidden);
        // As in `Float::new`, the bucketed inputs' new weights start at zero.
        let bucketed = if map.buckets > 1 { map.buckets * map.board_inputs() } else { 0 };
        let mut w = vec![0.0; inputs * h + 3 * h + 1 + if linear { inputs } else { 0 }];
        for (f, row) in w[..inputs * h].chunks_exact_mut(h).enumerate() {
            let (kept, grown) = row.split_at_mut(old);
            if f < map.inputs() {
                for (x, &q) in kept.iter_mut().zip(&net.l1[f * old..(f + 1) * old]) {
                    *x = (q as f32 / QA as f32).clamp(-L1_CLIP, L1_CLIP);
                }
            }
            if f >= bucketed {
                for x in grown {
                    *x = init_weight(rng);
                }
            }
        }
        let mut f = Float { hidden: h, w, linear };
        let (b1, o, ob) = f.parts(inputs);
        for (j, x) in f.w[b1..o].iter_mut().enumerate() {
            *x = net.l1_bias.get(j).map_or(INIT_BIAS, |&q| q as f32 / QA as f32);
        }
        for v in 0..2 {
            let out = &mut f.w[o + v * h..o + v * h + old];
            for (x, &q) in out.iter_mut().zip(&net.out[v * old..(v + 1) * old]) {
                *x = q as f32 / QB as f32 / OUT_SCALE;
            }
        }
        f.w[ob] = net.out_bias as f32 / (QA * QB) as f32 / OUT_SCALE;
        for (x, &q) in f.w[ob + 1..].iter_mut().zip(&net.linear) {
            *x = q as f32 / QP as f32 / OUT_SCALE;
        }
        Ok(f)
    }

    /// Where the first layer's biases, the output weights and the output bias start (the
    /// linear terms follow the output bias).
    fn parts(&self, inputs: usize) -> (usize, usize, usize) {
        let h = self.hidden;
        (inputs * h, inputs * h + h, inputs * h + 3 * h)
    }

    /// The linear terms' half of the output (side to move's view less the other's, halved, as
    /// the integer network computes it), in units of `OUT_SCALE`.
    fn linear_sum(&self, ob: usize, views: [&[u32]; 2]) -> f32 {
        if !self.linear {
            return 0.0;
        }
        let lin = &self.w[ob + 1..];
        let sum = |v: &[u32]| v.iter().map(|&f| lin[f as usize]).sum::<f32>();
        0.5 * (sum(views[0]) - sum(views[1]))
    }

    /// Output in centipawns; fills the accumulators (before clipping) of both views.
    fn forward(&self, inputs: usize, views: [&[u32]; 2], acc: &mut [Vec<f32>; 2]) -> f32 {
        let h = self.hidden;
        let (b1, o, ob) = self.parts(inputs);
        let mut y = self.w[ob] + self.linear_sum(ob, views);
        for v in 0..2 {
            let a = &mut acc[v];
            a.clear();
            a.extend_from_slice(&self.w[b1..b1 + h]);
            for &f in views[v] {
                let row = &self.w[f as usize * h..(f as usize + 1) * h];
                for (x, &w) in a.iter_mut().zip(row) {
                    *x += w;
                }
            }
            let out = &self.w[o + v * h..o + (v + 1) * h];
            y += a.iter().zip(out).map(|(&x, &w)| x.clamp(0.0, 1.0) * w).sum::<f32>();
        }
        y * OUT_SCALE
    }

    fn quantize(&self, game: &str, map: &FeatureMap) -> Network {
        let (inputs, h) = (training_inputs(map), self.hidden);
        let (b1, o, ob) = self.parts(inputs);
        let q = |x: f32, s: f32| (x * s).round();
        // Piece-on-cell weights with the piece's factors folded in.
        let mut l1 = Vec::with_capacity(map.inputs() * h);
        for f in 0..map.inputs() {
            let [kind, cell] = folded_factors(map, f);
            for j in 0..h {
                let w = self.w[f * h + j]
                    + kind.map_or(0.0, |g| self.w[g * h + j])
                    + cell.map_or(0.0, |g| self.w[g * h + j]);
                l1.push(q(w.clamp(-2.0 * L1_CLIP, 2.0 * L1_CLIP), QA as f32) as i16);
            }
        }
        Network {
            game: game.to_string(),
            map: map.clone(),
            hidden: self.hidden,
            l1,
            l1_bias: self.w[b1..o].iter().map(|&x| q(x, QA as f32) as i16).collect(),
            out: self.w[o..ob].iter().map(|&x| q(x * OUT_SCALE, QB as f32) as i32).collect(),
            out_bias: q(self.w[ob] * OUT_SCALE, (QA * QB) as f32) as i32,
            linear: if self.linear { self.quantize_linear(map) } else { Vec::new() },
        }
    }

    /// The linear terms of the game's inputs, with the factors' folded in as for `l1`.
    fn quantize_linear(&self, map: &FeatureMap) -> Vec<i32> {
        let lin = &self.w[self.parts(training_inputs(map)).2 + 1..];
        (0..map.inputs())
            .map(|f| {
                let [kind, cell] = folded_factors(map, f);
                let w = lin[f] + kind.map_or(0.0, |g| lin[g]) + cell.map_or(0.0, |g| lin[g]);
                let m = LINEAR_MAX as f32;
                (w * OUT_SCALE * QP as f32).round().clamp(-m, m) as i32
            })
            .collect()
    }
}

/// The training-only inputs that fold into the game's input `f` when quantising: a board
/// input's per-kind factor ([`factor`]) and, with king buckets, its per-cell one ([`cell_factor`]).
fn folded_factors(map: &FeatureMap, f: usize) -> [Option<usize>; 2] {
    let board = map.board_inputs();
    let on_board = f < map.buckets * board;
    [
        on_board.then(|| map.inputs() + f % board / map.cells),
        (on_board && map.buckets > 1).then(|| map.inputs() + 2 * map.kinds + f % board),
    ]
}

/// Training has one more input per piece kind and side, on for every such piece wherever it
/// stands: what a piece is worth anywhere is learnt from every position it appears in, not cell
/// by cell (a few hundred thousand positions are few for thousands of piece-on-cell inputs).
/// Being linear, it is folded into the piece-on-cell weights when the network is quantized.
fn factor(map: &FeatureMap, view: Color, p: Piece) -> usize {
    map.inputs() + ((p.color != view) as usize) * map.kinds + p.kind as usize
}

/// With king buckets, training has one more input per piece on a cell, whatever the bucket:
/// what the bucketed inputs share is learnt once, each bucket's weights learn only how it differs.
fn cell_factor(map: &FeatureMap, view: Color, p: Piece, c: Cell) -> usize {
    map.inputs() + 2 * map.kinds + map.board(view, 0, p, c)
}

/// Inputs of the network in training: the game's and the factors.
fn training_inputs(map: &FeatureMap) -> usize {
    map.inputs() + 2 * map.kinds + if map.buckets > 1 { map.board_inputs() } else { 0 }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A sample made ready for training: its inputs from both views (side to move first) and target.
struct Prepared {
    views: [Vec<u32>; 2],
    target: f32,
}

fn prepare(map: &FeatureMap, s: &Sample, lambda: f32, scale: f32) -> Prepared {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    s.active(map, s.stm, true, &mut a);
    s.active(map, s.stm.other(), true, &mut b);
    let target = lambda * sigmoid(s.score as f32 / scale) + (1.0 - lambda) * s.result;
    Prepared { views: [a, b], target }
}

/// What one epoch of training reports.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub train_loss: f64,
    pub held_out_loss: f64,
    /// The held-out loss of the network kept so far (the best epoch).
    pub best_loss: f64,
}

/// Training state on disk: the weights, Adam's moments and the best weights so far.
struct Checkpoint {
    epoch: usize,
    best_loss: f64,
    net: Float,
    m: Vec<f32>,
    v: Vec<f32>,
    best: Float,
}

fn write_floats(b: &mut Vec<u8>, x: &[f32]) {
    for v in x {
        b.extend_from_slice(&v.to_le_bytes());
    }
}

impl Checkpoint {
    fn save(&self, path: &Path, key: &str) -> std::io::Result<()> {
        let mut b = Vec::new();
        b.extend_from_slice(b"CCGCKPT1");
        b.extend_from_slice(&(key.len() as u32).to_le_bytes());
        b.extend_from_slice(key.as_bytes());
        b.extend_from_slice(&(self.epoch as u64).to_le_bytes());
        b.extend_from_slice(&self.best_loss.to_le_bytes());
        b.extend_from_slice(&(self.net.w.len() as u64).to_le_bytes());
        for x in [&self.net.w, &self.m, &self.v, &self.best.w] {
            write_floats(&mut b, x);
        }
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, b)?;
        std::fs::rename(tmp, path)
    }

    /// The checkpoint at `path` if it belongs to the same training (`key`: game, shape, data).
    fn load(path: &Path, key: &str, hidden: usize, linear: bool) -> Option<Checkpoint> {
        let b = std::fs::read(path).ok()?;
        let mut r = b.as_slice();
        let mut take = |n: usize| -> Option<&[u8]> {
            (r.len() >= n).then(|| {
                let (a, rest) = r.split_at(n);
                r = rest;
                a
            })
        };
        if take(8)? != b"CCGCKPT1" {
            return None;
        }
        let n = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
        if take(n)? != key.as_bytes() {
            return None;
        }
        let epoch = u64::from_le_bytes(take(8)?.try_into().ok()?) as usize;
        let best_loss = f64::from_le_bytes(take(8)?.try_into().ok()?);
        let len = u64::from_le_bytes(take(8)?.try_into().ok()?) as usize;
        let mut floats = || -> Option<Vec<f32>> {
            Some(
                take(4 * len)?
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
                    .collect(),
            )
        };
        let (w, m, v, best) = (floats()?, floats()?, floats()?, floats()?);
        Some(Checkpoint {
            epoch,
            best_loss,
            net: Float { hidden, w, linear },
            m,
            v,
            best: Float { hidden, w: best, linear },
        })
    }
}

/// Loss and gradients of one slice of a batch (one thread's share).
fn gradients(net: &Float, inputs: usize, scale: f32, batch: &[&Prepared], grad: &mut [f32]) -> f64 {
    let h = net.hidden;
    let (b1, o, ob) = net.parts(inputs);
    let mut acc = [Vec::with_capacity(h), Vec::with_capacity(h)];
    let mut da = vec![0.0f32; h];
    let mut loss = 0.0f64;
    for s in batch {
        let y = net.forward(inputs, [&s.views[0], &s.views[1]], &mut acc);
        let p = sigmoid(y / scale);
        let err = p - s.target;
        loss += (err * err) as f64;
        // d loss / d (output in pawns)
        let dy = 2.0 * err * p * (1.0 - p) * OUT_SCALE / scale;
        grad[ob] += dy;
        if net.linear {
            for (v, sign) in [(0, 0.5), (1, -0.5)] {
                for &f in &s.views[v] {
                    grad[ob + 1 + f as usize] += sign * dy;
                }
            }
        }
        for v in 0..2 {
            let a = &acc[v];
            for j in 0..h {
                let x = a[j];
                grad[o + v * h + j] += dy * x.clamp(0.0, 1.0);
                da[j] = if x > 0.0 && x < 1.0 { dy * net.w[o + v * h + j] } else { 0.0 };
            }
            for (g, d) in grad[b1..b1 + h].iter_mut().zip(&da) {
                *g += d;
            }
            for &f in &s.views[v] {
                let row = &mut grad[f as usize * h..(f as usize + 1) * h];
                for (g, d) in row.iter_mut().zip(&da) {
                    *g += d;
                }
            }
        }
    }
    loss
}

fn mean_loss(net: &Float, inputs: usize, scale: f32, set: &[Prepared]) -> f64 {
    let mut acc = [Vec::new(), Vec::new()];
    let total: f64 = set
        .iter()
        .map(|s| {
            let p = sigmoid(net.forward(inputs, [&s.views[0], &s.views[1]], &mut acc) / scale);
            ((p - s.target) * (p - s.target)) as f64
        })
        .sum();
    total / set.len().max(1) as f64
}

/// Result of training.
pub struct Trained {
    pub net: Network,
    pub training: usize,
    pub held_out: usize,
    pub best_loss: f64,
    pub epochs: usize,
    /// The held-out loss of the starting network (`cfg.init`), the one to beat.
    pub start_loss: Option<f64>,
}

/// What a checkpoint must have been written by to be resumed: the rule set, the shape, the
/// recipe and the samples themselves (by digest: the same positions with other scores — a
/// teacher's — are other data).
fn checkpoint_key(game: &str, inputs: usize, samples: &[Sample], cfg: &TrainConfig) -> String {
    let mut bytes = Vec::new();
    // FNV-1a over bytes, continuing from `h`.
    let fnv =
        |h: u64, bytes: &[u8]| bytes.iter().fold(h, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
    const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;
    let digest = samples.iter().fold(FNV_START, |h, s| {
        bytes.clear();
        s.write(&mut bytes);
        fnv(h, &bytes)
    });
    let init = cfg.init.as_ref().map_or(0, |n| fnv(FNV_START, &n.write()));
    format!(
        "{game} inputs {inputs} hidden {} linear {} reflect {} samples {} digest {digest:016x} lambda {} scale {} lr {} batch {} seed {} init {init:016x}",
        cfg.hidden,
        cfg.linear,
        cfg.reflect,
        samples.len(),
        cfg.lambda,
        cfg.scale,
        cfg.lr,
        cfg.batch,
        cfg.seed
    )
}

/// Trains a network on `samples` (resuming from `checkpoint` when it belongs to this training);
/// `on_batch(done, total)` within an epoch, `on_epoch` after each. With a starting network
/// (`cfg.init`), that network is the one to beat: it is kept unless an epoch does better on the
/// held-out positions.
pub fn train(
    variant: &Arc<Variant>,
    samples: &[Sample],
    cfg: &TrainConfig,
    checkpoint: &Path,
    on_batch: &dyn Fn(u64, u64),
    on_epoch: &dyn Fn(&Epoch),
) -> std::io::Result<Trained> {
    let map =
        if cfg.king_buckets { FeatureMap::with_king_buckets(variant) } else { FeatureMap::new(variant) };
    let inputs = training_inputs(&map);
    let bucketed = if map.buckets > 1 { map.buckets * map.board_inputs() } else { 0 };
    // The rule set trained on (game and options): the network serves that one by default.
    let game = variant.id.clone();
    let (held, train_set): (Vec<&Sample>, Vec<&Sample>) = samples.iter().partition(|s| s.game % 10 == 9);
    let prep =
        |set: &[&Sample]| set.iter().map(|s| prepare(&map, s, cfg.lambda, cfg.scale)).collect::<Vec<_>>();
    let mirrors = if cfg.reflect { reflections(variant) } else { Vec::new() };
    let mut prepared = prep(&train_set);
    for m in &mirrors {
        prepared.extend(train_set.iter().map(|s| prepare(&map, &s.reflected(m), cfg.lambda, cfg.scale)));
    }
    let (train_set, held) = (prepared, prep(&held));
    let key = checkpoint_key(&game, inputs, samples, cfg);
    let mut rng = Rng::new(cfg.seed);
    let start = match &cfg.init {
        Some(init) => Some(
            Float::from_network(init, &map, cfg.hidden, cfg.linear, &mut rng)
                .map_err(std::io::Error::other)?,
        ),
        None => None,
    };
    let start_loss = start.as_ref().map(|net| mean_loss(net, inputs, cfg.scale, &held));
    let mut ck = match Checkpoint::load(checkpoint, &key, cfg.hidden, cfg.linear) {
        Some(ck) => ck,
        None => {
            let best_loss = start_loss.unwrap_or(f64::INFINITY);
            let net = start.unwrap_or_else(|| Float::new(inputs, bucketed, cfg.hidden, cfg.linear, &mut rng));
            let n = net.w.len();
            Checkpoint { epoch: 0, best_loss, best: net.clone(), net, m: vec![0.0; n], v: vec![0.0; n] }
        }
    };
    let n = ck.net.w.len();
    let threads = cfg.threads.max(1);
    let mut grads: Vec<Vec<f32>> = (0..threads).map(|_| vec![0.0; n]).collect();
    let l1_end = inputs * cfg.hidden + cfg.hidden;
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let batches = train_set.len().div_ceil(cfg.batch.max(1)) as u64;
    let mut order: Vec<usize> = (0..train_set.len()).collect();
    while ck.epoch < cfg.epochs {
        let epoch = ck.epoch;
        // The order of an epoch depends on the seed and the epoch only (so resuming repeats it).
        Rng::new(cfg.seed ^ (epoch as u64 + 1) << 20).shuffle(&mut order);
        // Step size: constant, then decayed over the last third.
        let lr = cfg.lr * if 3 * epoch >= 2 * cfg.epochs { 0.3 } else { 1.0 };
        let mut train_loss = 0.0;
        for (bi, chunk) in order.chunks(cfg.batch.max(1)).enumerate() {
            let batch: Vec<&Prepared> = chunk.iter().map(|&i| &train_set[i]).collect();
            let share = batch.len().div_ceil(threads);
            let (net, scale) = (&ck.net, cfg.scale);
            let losses: Vec<f64> = std::thread::scope(|s| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(share.max(1)))
                    .map(|(g, part)| {
                        g.fill(0.0);
                        s.spawn(move || gradients(net, inputs, scale, part, g))
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap_or(0.0)).collect()
            });
            train_loss += losses.iter().sum::<f64>();
            let (first, rest) = grads.split_at_mut(1);
            for g in rest.iter() {
                for (a, b) in first[0].iter_mut().zip(g) {
                    *a += b;
                }
            }
            let scale = 1.0 / batch.len() as f32;
            let t = (epoch as u64 * batches + bi as u64 + 1) as i32;
            let (c1, c2) = (1.0 - beta1.powi(t), 1.0 - beta2.powi(t));
            let params = ck.net.w.iter_mut().zip(ck.m.iter_mut()).zip(ck.v.iter_mut());
            for (i, ((w, m), v)) in params.enumerate() {
                let g = first[0][i] * scale;
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                *w -= lr * (*m / c1) / ((*v / c2).sqrt() + eps);
                if i < l1_end {
                    *w = w.clamp(-L1_CLIP, L1_CLIP);
                }
            }
            on_batch(bi as u64 + 1, batches);
        }
        let held_out_loss = mean_loss(&ck.net, inputs, cfg.scale, &held);
        if held_out_loss < ck.best_loss {
            ck.best_loss = held_out_loss;
            ck.best = ck.net.clone();
        }
        ck.epoch += 1;
        ck.save(checkpoint, &key)?;
        on_epoch(&Epoch {
            epoch: ck.epoch,
            train_loss: train_loss / train_set.len().max(1) as f64,
            held_out_loss,
            best_loss: ck.best_loss,
        });
    }
    Ok(Trained {
        net: ck.best.quantize(&game, &map),
        training: train_set.len(),
        held_out: held.len(),
        best_loss: ck.best_loss,
        epochs: ck.epoch,
        start_loss,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::Accumulator;

    /// Samples survive the data file, an interrupted record is dropped and replayed, a repeated one dropped.
    #[test]
    fn self_play_data_round_trips_and_resumes() {
        let v = ccg_games::variant("shogi", &[]).unwrap();
        let dir = std::env::temp_dir().join(format!("ccg-train-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let data = dir.join("data.bin");
        let sp = SelfPlay {
            games: 3,
            nodes: 200,
            random_plies: 6,
            max_plies: 40,
            score_limit: score_limit(K),
            threads: 2,
            seed: 3,
            player: EngineConfig::default(),
        };
        let a = self_play(&v, &sp, &data, &|_, _| {}).unwrap();
        assert!(!a.is_empty());
        assert!(a.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
        // Cut the file in the middle of its last record: the rerun plays that game again.
        let len = std::fs::metadata(&data).unwrap().len();
        let f = std::fs::OpenOptions::new().write(true).open(&data).unwrap();
        f.set_len(len - 3).unwrap();
        let b = self_play(&v, &sp, &data, &|_, _| {}).unwrap();
        assert_eq!(a, b, "the same seed gives the same games");
        // Two runs appending to one file: each game's second record is dropped.
        let mut twice = std::fs::read(&data).unwrap();
        twice.extend_from_within(..);
        std::fs::write(&data, &twice).unwrap();
        let c = self_play(&v, &sp, &data, &|_, _| {}).unwrap();
        assert_eq!(a, c, "a game recorded twice counts once");
        assert_eq!(
            std::fs::read(&data).unwrap().len() * 2,
            twice.len(),
            "the file is rewritten without the copies"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A self-play game ends where a search's score passes the limit, and no score beyond it
    /// is a label.
    #[test]
    fn self_play_ends_a_game_at_its_score_limit() {
        let v = ccg_games::variant("shogi", &[]).unwrap();
        let dir = std::env::temp_dir().join(format!("ccg-train-limit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let sp = |score_limit| SelfPlay {
            games: 4,
            nodes: 300,
            random_plies: 6,
            max_plies: 60,
            score_limit,
            threads: 2,
            seed: 11,
            player: EngineConfig::default(),
        };
        let wide = self_play(&v, &sp(score_limit(K)), &dir.join("wide.bin"), &|_, _| {}).unwrap();
        let narrow = self_play(&v, &sp(60), &dir.join("narrow.bin"), &|_, _| {}).unwrap();
        assert!(narrow.iter().all(|s| s.score.abs() < 60));
        assert!(wide.iter().any(|s| s.score.abs() >= 60), "the wide limit keeps larger scores");
        assert!(narrow.len() < wide.len(), "games decided earlier: {} vs {}", narrow.len(), wide.len());
        // A decided game has a winner: the side the score favoured.
        assert!(narrow.iter().any(|s| s.result != 0.5));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// At chess's scale a lead of 15 and one of 25 pawns are both a certain win; at a larger
    /// scale (a game of 162 checkers a side) they are labels apart.
    #[test]
    fn a_larger_scale_keeps_large_leads_apart() {
        let v = ccg_games::variant("shogi", &[]).unwrap();
        let map = FeatureMap::new(&v);
        let pos = Position::new(v.clone());
        let target = |score, scale| prepare(&map, &Sample::from_position(&pos, score, 0), 1.0, scale).target;
        assert!(target(2500, K) - target(1500, K) < 0.001);
        assert!(target(2500, 1000.0) - target(1500, 1000.0) > 0.1);
        assert_eq!(score_limit(K), SCORE_LIMIT);
        assert!(score_limit(1000.0) > 14_000 && score_limit(1000.0) < i16::MAX as i32);
    }

    /// A sample's inputs, from both views, are the ones the network takes from its position.
    fn assert_inputs_are_the_positions(map: &FeatureMap, s: &Sample, pos: &Position, what: &str) {
        for view in [Color::White, Color::Black] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            s.active(map, view, false, &mut a);
            map.active(pos, view, |f| b.push(f as u32));
            a.sort();
            b.sort();
            assert_eq!(a, b, "{what}, {view:?}'s view");
        }
    }

    /// In every game a sample holds the whole position: along random games its inputs are the
    /// ones the network sees in play (every cell of Doseki's 729, the reserves of the games of
    /// group pieces), and it comes back unchanged from the data file; its mirror images are
    /// those of the mirrored positions.
    #[test]
    fn samples_hold_what_the_network_sees_in_every_game() {
        for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
            let v = ccg_games::variant(g.id, &[]).unwrap();
            let map = FeatureMap::new(&v);
            let mirrors = reflections(&v);
            let mut rng = Rng::new(7);
            let mut pos = Position::new(v.clone());
            for ply in 0..60 {
                let s = Sample::from_position(&pos, -123, ply);
                assert_inputs_are_the_positions(&map, &s, &pos, &format!("{} ply {ply}", g.id));
                // A mirrored sample (`--reflect`) is the mirrored position's.
                for (i, m) in mirrors.iter().enumerate().filter(|_| ply % 10 == 0) {
                    let image = pos.mirrored(m).expect("a reflection is a permutation of the cells");
                    let what = format!("{} ply {ply} reflection {i}", g.id);
                    assert_inputs_are_the_positions(&map, &s.reflected(m), &image, &what);
                }
                let mut bytes = Vec::new();
                s.write(&mut bytes);
                let mut r = bytes.as_slice();
                assert_eq!(Sample::read(&mut r, ply), Some(s), "{} ply {ply}", g.id);
                assert!(r.is_empty());
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }

    /// `reflect` trains on every training position and each of its mirror images, and leaves the
    /// held-out positions as they are.
    #[test]
    fn reflect_adds_the_mirror_images_of_the_training_positions() {
        let v = ccg_games::variant("shogi", &[]).unwrap();
        let mirrors = reflections(&v).len();
        assert!(mirrors > 0, "shogi's setup and rules are their own mirror image");
        let mut rng = Rng::new(3);
        let mut pos = Position::new(v.clone());
        let mut samples = Vec::new();
        for game in 0..20 {
            for _ in 0..3 {
                let moves = pos.legal_moves();
                pos.make(moves[rng.below(moves.len())]);
            }
            samples.push(Sample::from_position(&pos, 0, game));
        }
        let dir = std::env::temp_dir().join(format!("ccg-reflect-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cfg = TrainConfig { hidden: 4, epochs: 1, batch: 8, reflect: true, ..TrainConfig::default() };
        let t = train(&v, &samples, &cfg, &dir.join("ck.bin"), &|_, _| {}, &|_| {}).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!((t.training, t.held_out), (18 * (1 + mirrors), 2));
    }

    /// Another data file of the rule set is read for training; one of a bigger game (cells
    /// beyond the board) is refused with the file named, and so is a missing or empty one.
    #[test]
    fn extra_data_files_must_fit_the_variant() {
        let shogi = ccg_games::variant("shogi", &[]).unwrap();
        let dir = std::env::temp_dir().join(format!("ccg-extra-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let data = dir.join("data.bin");
        let sp = SelfPlay {
            games: 2,
            nodes: 200,
            random_plies: 6,
            max_plies: 30,
            score_limit: score_limit(K),
            threads: 1,
            seed: 4,
            player: EngineConfig::default(),
        };
        let played = self_play(&shogi, &sp, &data, &|_, _| {}).unwrap();
        assert_eq!(read_samples(&shogi, &data).unwrap(), played);
        let mgc = ccg_games::variant("mgc", &[]).unwrap();
        let mut big = Vec::new();
        let sample = Sample::from_position(&Position::new(mgc.clone()), 0, 0);
        assert!(sample.pieces.iter().any(|&(c, _)| c as usize >= shogi.geometry.len()));
        append_game(&mut big, 0, &[sample]);
        let other = dir.join("mgc.bin");
        std::fs::write(&other, &big).unwrap();
        let err = read_samples(&shogi, &other).unwrap_err();
        assert!(err.contains("mgc.bin") && err.contains("does not fit shogi"), "{err}");
        std::fs::write(&other, b"").unwrap();
        assert!(read_samples(&shogi, &other).unwrap_err().contains("no self-play games"));
        assert!(read_samples(&shogi, &dir.join("missing.bin")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The player is part of what the data are: shogi's games by the hand-written evaluation
    /// (`nonet`) are not those of the shipped network, and each is the same again for its seed.
    #[test]
    fn self_play_games_are_those_of_the_player_named() {
        let v = ccg_games::variant("shogi", &[]).unwrap();
        let mut nonet = crate::Features::default();
        assert!(nonet.disable("nonet"));
        let sp = |features| SelfPlay {
            games: 1,
            nodes: 300,
            random_plies: 4,
            max_plies: 30,
            score_limit: score_limit(K),
            threads: 1,
            seed: 5,
            player: EngineConfig { features, ..EngineConfig::default() },
        };
        let by_net = play_game(&v, &sp(crate::Features::default()), 0);
        let by_hand = play_game(&v, &sp(nonet), 0);
        assert!(!by_net.is_empty() && !by_hand.is_empty());
        assert_ne!(by_net, by_hand);
        assert_eq!(by_hand, play_game(&v, &sp(nonet), 0));
    }

    /// Training lowers the loss, the quantized network evaluates like the float one, and a
    /// second run resumes from the checkpoint instead of starting again.
    #[test]
    fn training_learns_and_quantizes_and_resumes() {
        learns_quantizes_and_resumes(false, false);
    }

    /// The same with king buckets: the bucket and cell factors fold into the bucketed weights.
    #[test]
    fn training_with_king_buckets_learns_and_quantizes_and_resumes() {
        learns_quantizes_and_resumes(true, false);
    }

    /// The same with linear terms beside the hidden layer, the factors folded into them too.
    #[test]
    fn training_with_linear_terms_learns_and_quantizes_and_resumes() {
        learns_quantizes_and_resumes(true, true);
    }

    fn learns_quantizes_and_resumes(king_buckets: bool, linear: bool) {
        let v = ccg_games::variant("guru", &[]).unwrap();
        let map = if king_buckets { FeatureMap::with_king_buckets(&v) } else { FeatureMap::new(&v) };
        // Positions of random play labelled by material (the network must learn piece values).
        let ev = crate::Evaluator::for_variant(&v);
        let mut rng = Rng::new(11);
        let mut samples = Vec::new();
        for game in 0..60u32 {
            let mut pos = Position::new(v.clone());
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let caps: Vec<_> = moves.iter().copied().filter(|&m| pos.is_capture(m)).collect();
                let m = if !caps.is_empty() && rng.below(3) > 0 {
                    caps[rng.below(caps.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.make(m);
                let mut material = 0;
                for side in [Color::White, Color::Black] {
                    let sign = if side == pos.side_to_move() { 1 } else { -1 };
                    for c in pos.pieces(side).iter() {
                        let k = pos.piece_at(c).unwrap().kind;
                        if !v.kinds[k as usize].royal {
                            material += sign * ev.value(k);
                        }
                    }
                }
                let mut s = Sample::from_position(&pos, material.clamp(-2000, 2000), game);
                s.result = 0.5;
                assert_inputs_are_the_positions(&map, &s, &pos, "guru");
                samples.push(s);
            }
        }
        let dir =
            std::env::temp_dir().join(format!("ccg-train2-{}-{king_buckets}-{linear}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ck = dir.join("ck.bin");
        let cfg = TrainConfig {
            hidden: 16,
            epochs: 8,
            batch: 64,
            lr: 5e-3,
            lambda: 1.0,
            scale: K,
            threads: 2,
            seed: 5,
            king_buckets,
            init: None,
            linear,
            reflect: false,
        };
        let losses = Mutex::new(Vec::new());
        let t = train(&v, &samples, &cfg, &ck, &|_, _| {}, &|e| losses.lock().unwrap().push(e.held_out_loss))
            .unwrap();
        let losses = losses.into_inner().unwrap();
        // Buckets have six times the weights for the same 60 games: they fit these more loosely.
        let bound = if king_buckets { 0.05 } else { 0.03 };
        assert!(*losses.last().unwrap() < 0.5 * losses[0] && *losses.last().unwrap() < bound, "{losses:?}");
        // The integer network agrees with the float one within a few centipawns.
        let best =
            Checkpoint::load(&ck, &checkpoint_key("guru", training_inputs(&map), &samples, &cfg), 16, linear)
                .expect("checkpoint")
                .best;
        let mut facc = [Vec::new(), Vec::new()];
        for s in samples.iter().take(50) {
            let p = prepare(&map, s, 1.0, K);
            let f = best.forward(training_inputs(&map), [&p.views[0], &p.views[1]], &mut facc);
            // The quantized network's accumulators, summed from the sample's inputs.
            let mut pos_acc = Accumulator::default();
            for view in [s.stm, s.stm.other()] {
                let mut act = Vec::new();
                s.active(&map, view, false, &mut act);
                pos_acc.v[view.index()].extend(t.net.l1_bias.iter().map(|&b| b as i32));
                for &f in &act {
                    t.net.add(&mut pos_acc, view.index(), f as usize, 1);
                }
            }
            let q = t.net.evaluate(&pos_acc, s.stm);
            assert!((q as f32 - f).abs() < 15.0, "quantized {q} vs float {f}");
        }
        // Resuming: all epochs are done, so nothing more is trained and the same net comes out.
        let again =
            train(&v, &samples, &cfg, &ck, &|_, _| panic!("no batch"), &|_| panic!("no epoch")).unwrap();
        assert_eq!(again.net, t.net);
        // Starting from the trained network: read back as floats, it quantizes to itself (a
        // weight past the training clip comes back clipped), and with no epoch it is the result.
        let lim = (L1_CLIP * QA as f32).round() as i16;
        let back =
            Float::from_network(&t.net, &map, 16, linear, &mut Rng::new(1)).unwrap().quantize(&v.id, &map);
        assert_eq!(
            (&back.l1_bias, &back.out, back.out_bias, &back.linear),
            (&t.net.l1_bias, &t.net.out, t.net.out_bias, &t.net.linear)
        );
        assert_eq!(t.net.linear.len(), if linear { map.inputs() } else { 0 });
        assert!(back.l1.iter().zip(&t.net.l1).all(|(&b, &a)| b == a.clamp(-lim, lim)));
        let from = TrainConfig { init: Some(t.net.clone()), epochs: 0, ..cfg.clone() };
        let kept = train(&v, &samples, &from, &dir.join("init.bin"), &|_, _| {}, &|_| {}).unwrap();
        assert_eq!(kept.net, back);
        assert_eq!(kept.start_loss, Some(kept.best_loss));
        // More epochs from it keep it unless they do better on the held-out positions.
        let from = TrainConfig { epochs: 2, ..from };
        let tuned = train(&v, &samples, &from, &dir.join("init2.bin"), &|_, _| {}, &|_| {}).unwrap();
        assert!(tuned.best_loss <= kept.best_loss, "{} > {}", tuned.best_loss, kept.best_loss);
        // Grown wider, it computes what it did: the new units are silent until trained.
        let wide = Float::from_network(&t.net, &map, 24, linear, &mut Rng::new(2)).unwrap();
        let narrow = Float::from_network(&t.net, &map, 16, linear, &mut Rng::new(2)).unwrap();
        let (mut a, mut b) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
        for s in samples.iter().take(50) {
            let p = prepare(&map, s, 1.0, K);
            let views = [&p.views[0][..], &p.views[1][..]];
            assert_eq!(
                wide.forward(training_inputs(&map), views, &mut a),
                narrow.forward(training_inputs(&map), views, &mut b)
            );
        }
        let grown = |f: usize| &wide.w[f * 24 + 16..(f + 1) * 24];
        assert!(
            (0..training_inputs(&map)).any(|f| grown(f).iter().any(|&x| x != 0.0)),
            "the new units have input weights"
        );
        assert!(
            Float::from_network(&t.net, &map, 8, linear, &mut Rng::new(2)).is_err(),
            "a network is not cut narrower"
        );
        if linear {
            // A network with linear terms does not lose them.
            let plain = TrainConfig { linear: false, ..from.clone() };
            assert!(train(&v, &samples, &plain, &dir.join("init4.bin"), &|_, _| {}, &|_| {}).is_err());
        }
        // A network of another shape is refused, not misread.
        let other = TrainConfig { king_buckets: !king_buckets, ..from };
        assert!(train(&v, &samples, &other, &dir.join("init3.bin"), &|_, _| {}, &|_| {}).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
