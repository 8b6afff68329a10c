//! Texel tuning: play short self-play games, keep quiet positions with the game's result, and fit
//! the evaluation weights so that `sigmoid(eval)` predicts the result (least squares, gradient
//! descent). The evaluation is linear in its weights (see [`crate::eval`]), so a position is
//! stored as its feature vector and fitting never searches.

use crate::eval::{Evaluator, Params, Terms, N_TERMS};
use crate::search::{Engine, EngineConfig};
use crate::Limits;
use ccg_core::{Color, Position, Variant};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// One training position: features from White's point of view and the result for White
/// (1, ½ or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: Vec<f32>,
    pub result: f32,
}

/// Settings of the self-play that produces samples.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: usize,
    /// Node budget per move (small: many games matter more than good ones).
    pub nodes: u64,
    /// Random plies at the start of each game, for variety.
    pub random_plies: usize,
    /// Games longer than this are scored as draws.
    pub max_plies: usize,
    pub threads: usize,
    pub seed: u64,
}

/// A small xorshift generator: reproducible without a dependency.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The features of `pos` from White's point of view.
pub fn features(ev: &Evaluator, pos: &Position) -> Vec<f32> {
    let sign = if pos.side_to_move() == Color::White { 1.0 } else { -1.0 };
    let mut f = vec![0.0; ev.n_features()];
    ev.features(pos, |i, x| f[i] += sign * x as f32);
    f
}

/// Plays the self-play games and returns their quiet positions; `progress` is called after
/// each game with (games done, games in all).
pub fn self_play(variant: &Arc<Variant>, sp: &SelfPlay, progress: &(dyn Fn(u64, u64) + Sync)) -> Vec<Sample> {
    let done = AtomicU64::new(0);
    let next = AtomicU64::new(0);
    let ev = Evaluator::for_variant(variant);
    let per_thread: Vec<Vec<Sample>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..sp.threads.max(1))
            .map(|_| {
                let (done, next, ev) = (&done, &next, &ev);
                s.spawn(move || {
                    let mut out = Vec::new();
                    loop {
                        let g = next.fetch_add(1, Ordering::SeqCst);
                        if g >= sp.games as u64 {
                            break;
                        }
                        out.extend(play_one(variant, ev, sp, sp.seed ^ (g + 1)));
                        let d = done.fetch_add(1, Ordering::SeqCst) + 1;
                        progress(d, sp.games as u64);
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    per_thread.into_iter().flatten().collect()
}

fn play_one(variant: &Arc<Variant>, ev: &Evaluator, sp: &SelfPlay, seed: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let engine = Engine::new(EngineConfig { hash_mb: 2, ..EngineConfig::default() });
    let mut pos = Position::new(variant.clone());
    let mut kept = Vec::new();
    let mut result = 0.5;
    for ply in 0..sp.max_plies {
        if let Some(o) = pos.outcome() {
            result = match o.winner {
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
            // Quiet positions only: the evaluation cannot see a capture about to happen.
            if !pos.in_check() && !pos.is_capture(m) && r.mate_in.is_none() {
                kept.push(features(ev, &pos));
            }
            // A clearly decided game is adjudicated, as a long tail of moves adds only noise.
            if r.score_cp.abs() > 1500 {
                let white_ahead = (r.score_cp > 0) == (pos.side_to_move() == Color::White);
                result = if white_ahead { 1.0 } else { 0.0 };
                break;
            }
            m
        };
        pos.make(m);
    }
    kept.into_iter().map(|features| Sample { features, result }).collect()
}

/// Result of fitting: the parameters and the mean squared error before and after.
pub struct Fit {
    pub params: Params,
    pub error_before: f64,
    pub error_after: f64,
}

fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

fn mse(w: &[f64], samples: &[Sample]) -> f64 {
    let e: f64 = samples
        .iter()
        .map(|s| {
            let cp: f64 = s.features.iter().zip(w).map(|(&f, &w)| f as f64 * w).sum();
            (s.result as f64 - sigmoid(cp)).powi(2)
        })
        .sum();
    e / samples.len().max(1) as f64
}

/// Fits the weights of `variant`'s evaluator to the samples by gradient descent (Adam). Pawns
/// stay at 100 (the unit) and royal pieces at 0; `progress` gets (iteration, iterations).
pub fn fit(
    variant: &Variant,
    start: &Params,
    samples: &[Sample],
    iterations: u64,
    progress: &dyn Fn(u64, u64),
) -> Fit {
    let ev = Evaluator::new(variant, start.clone());
    let n = ev.n_features();
    let mut w: Vec<f64> = ev.weights().iter().map(|&x| x as f64).collect();
    let frozen: Vec<bool> = (0..n)
        .map(|i| i < variant.kinds.len() && (variant.kinds[i].pawn || variant.kinds[i].royal))
        .collect();
    let error_before = mse(&w, samples);
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr) = (0.9, 0.999, 2.0);
    let ln10 = std::f64::consts::LN_10;
    for it in 1..=iterations {
        let mut g = vec![0.0; n];
        for s in samples {
            let cp: f64 = s.features.iter().zip(&w).map(|(&f, &w)| f as f64 * w).sum();
            let p = sigmoid(cp);
            let d = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * ln10 / 400.0;
            for (gi, &f) in g.iter_mut().zip(&s.features) {
                *gi += d * f as f64;
            }
        }
        for i in 0..n {
            if frozen[i] {
                continue;
            }
            let gi = g[i] / samples.len().max(1) as f64;
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            w[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        progress(it, iterations);
    }
    let error_after = mse(&w, samples);
    let mut params = start.clone();
    for (i, k) in variant.kinds.iter().enumerate() {
        if !k.royal {
            params.material.insert(k.letter.to_string(), w[i].round() as i32);
        }
    }
    let mut t = [0; N_TERMS];
    for (j, x) in t.iter_mut().enumerate() {
        *x = w[variant.kinds.len() + j].round() as i32;
    }
    params.terms = Terms::from_array(t);
    Fit { params, error_before, error_after }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_lowers_the_error() {
        let v = ccg_games::variant("mgc", &[]).unwrap();
        let sp = SelfPlay { games: 2, nodes: 200, random_plies: 6, max_plies: 40, threads: 1, seed: 7 };
        let samples = self_play(&v, &sp, &|_, _| {});
        assert!(!samples.is_empty());
        let f = fit(&v, &Params::for_variant(&v), &samples, 20, &|_, _| {});
        assert!(f.error_after <= f.error_before + 1e-9, "{} {}", f.error_before, f.error_after);
        assert_eq!(f.params.material["P"], 100);
    }
}
