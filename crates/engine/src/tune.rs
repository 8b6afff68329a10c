//! Texel tuning: play short self-play games, keep quiet positions with the game's result, and fit
//! the evaluation weights so that `sigmoid(eval)` predicts the result (least squares, gradient
//! descent). The evaluation is linear in its weights (see [`crate::eval`]), so a position is
//! stored as its feature vector and fitting never searches.
//!
//! Positions of one game are alike, so a fifth of the games is held out: the fit is judged on
//! them, it stops where they stop improving, and the pull towards the start weights (an L2
//! penalty, relative to each weight's size) is chosen where they fit best. A few hundred games
//! are few for thirty weights; without that the fit learns the noise of its own games.

use crate::eval::{Evaluator, Params, Terms, N_TERMS};
use crate::search::{Engine, EngineConfig};
use crate::Limits;
use ccg_core::{Color, Position, Rng, Variant};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// One training position: features from White's point of view and the result for White
/// (1, ½ or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: Vec<f32>,
    pub result: f32,
    /// The self-play game it comes from (for the held-out split).
    pub game: u32,
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
                        out.extend(play_one(variant, ev, sp, g));
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

fn play_one(variant: &Arc<Variant>, ev: &Evaluator, sp: &SelfPlay, game: u64) -> Vec<Sample> {
    let mut rng = Rng::new(sp.seed ^ (game + 1));
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
    kept.into_iter().map(|features| Sample { features, result, game: game as u32 }).collect()
}

/// How the weights are fitted.
#[derive(Clone, Debug)]
pub struct FitConfig {
    /// Gradient-descent iterations per penalty tried.
    pub iterations: u64,
    /// The L2 pull towards the start weights; `None` tries [`LAMBDAS`] and keeps the best on the
    /// held-out games.
    pub lambda: Option<f64>,
}

/// Penalties tried when none is given.
pub const LAMBDAS: [f64; 4] = [0.0, 1e-4, 1e-3, 1e-2];

/// Result of fitting.
pub struct Fit {
    pub params: Params,
    /// Results are modelled as `sigmoid(scale × eval)`; fitted once, to the start weights, so
    /// that the weights keep their centipawn scale (the pawn stays 100).
    pub scale: f64,
    pub lambda: f64,
    /// Positions used for fitting and held out.
    pub training: usize,
    pub validation: usize,
    /// Mean squared error on the held-out games with the start and the fitted weights.
    pub validation_before: f64,
    pub validation_after: f64,
    /// The same on the training positions.
    pub training_before: f64,
    pub training_after: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-x / 400.0))
}

fn dot(f: &[f32], w: &[f64]) -> f64 {
    f.iter().zip(w).map(|(&f, &w)| f as f64 * w).sum()
}

fn mse(w: &[f64], scale: f64, samples: &[&Sample]) -> f64 {
    let e: f64 =
        samples.iter().map(|s| (s.result as f64 - sigmoid(scale * dot(&s.features, w))).powi(2)).sum();
    e / samples.len().max(1) as f64
}

/// The sigmoid scale that fits the samples best with weights `w` (golden-section search on its
/// logarithm, between 1/10 and 10).
fn fit_scale(w: &[f64], samples: &[&Sample]) -> f64 {
    let err = |x: f64| mse(w, x.exp(), samples);
    let (mut a, mut b) = (0.1f64.ln(), 10f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (c, d) = (b - r * (b - a), a + r * (b - a));
        if err(c) < err(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// Fits the weights of `variant`'s evaluator to the samples by gradient descent (Adam). Pawns
/// stay at 100 (the unit) and royal pieces at 0; `progress` gets (step, steps).
pub fn fit(
    variant: &Variant,
    start: &Params,
    samples: &[Sample],
    cfg: &FitConfig,
    progress: &dyn Fn(u64, u64),
) -> Fit {
    let ev = Evaluator::new(variant, start.clone());
    let n = ev.n_features();
    let w0: Vec<f64> = ev.weights().iter().map(|&x| x as f64).collect();
    let frozen: Vec<bool> = (0..n)
        .map(|i| i < variant.kinds.len() && (variant.kinds[i].pawn || variant.kinds[i].royal))
        .collect();
    let (validation, training): (Vec<&Sample>, Vec<&Sample>) = samples.iter().partition(|s| s.game % 5 == 4);
    let scale = fit_scale(&w0, &training);
    let lambdas: Vec<f64> = cfg.lambda.map(|l| vec![l]).unwrap_or_else(|| LAMBDAS.to_vec());
    let steps = cfg.iterations * lambdas.len() as u64;
    let mut best: Option<(f64, f64, Vec<f64>)> = None;
    for (li, &lambda) in lambdas.iter().enumerate() {
        let w = descend(&w0, &frozen, scale, lambda, &training, &validation, cfg.iterations, &|it| {
            progress(li as u64 * cfg.iterations + it, steps)
        });
        let e = if validation.is_empty() { mse(&w, scale, &training) } else { mse(&w, scale, &validation) };
        if best.as_ref().is_none_or(|b| e < b.0) {
            best = Some((e, lambda, w));
        }
    }
    let (_, lambda, w) = best.expect("at least one penalty tried");
    let mut w: Vec<f64> = w.iter().map(|x| x.round()).collect();
    for (i, k) in variant.kinds.iter().enumerate() {
        if k.royal {
            w[i] = 0.0;
        }
    }
    let mut params = start.clone();
    for (i, k) in variant.kinds.iter().enumerate() {
        if !k.royal {
            params.material.insert(k.token(), w[i] as i32);
        }
    }
    let mut t = [0; N_TERMS];
    for (j, x) in t.iter_mut().enumerate() {
        *x = w[variant.kinds.len() + j] as i32;
    }
    params.terms = Terms::from_array(t);
    Fit {
        params,
        scale,
        lambda,
        training: training.len(),
        validation: validation.len(),
        validation_before: mse(&w0, scale, &validation),
        validation_after: mse(&w, scale, &validation),
        training_before: mse(&w0, scale, &training),
        training_after: mse(&w, scale, &training),
    }
}

/// Adam on the training error plus `lambda × Σ((w − w0) / max(|w0|, 10))²`; returns the weights
/// of the iteration that did best on the validation samples (checked every tenth iteration).
#[allow(clippy::too_many_arguments)]
fn descend(
    w0: &[f64],
    frozen: &[bool],
    scale: f64,
    lambda: f64,
    training: &[&Sample],
    validation: &[&Sample],
    iterations: u64,
    progress: &dyn Fn(u64),
) -> Vec<f64> {
    let n = w0.len();
    let mut w = w0.to_vec();
    let size: Vec<f64> = w0.iter().map(|x| x.abs().max(10.0)).collect();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr) = (0.9, 0.999, 1.0);
    let ln10 = std::f64::consts::LN_10;
    let judge = |w: &[f64]| if validation.is_empty() { 0.0 } else { mse(w, scale, validation) };
    let mut best = (judge(&w), w.clone());
    for it in 1..=iterations {
        let mut g = vec![0.0; n];
        for s in training {
            let p = sigmoid(scale * dot(&s.features, &w));
            let d = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * ln10 * scale / 400.0;
            for (gi, &f) in g.iter_mut().zip(&s.features) {
                *gi += d * f as f64;
            }
        }
        for i in 0..n {
            if frozen[i] {
                continue;
            }
            let gi =
                g[i] / training.len().max(1) as f64 + 2.0 * lambda * (w[i] - w0[i]) / (size[i] * size[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            w[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if it % 10 == 0 || it == iterations {
            let e = judge(&w);
            if e < best.0 || validation.is_empty() {
                best = (e, w.clone());
            }
        }
        progress(it);
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> (Arc<Variant>, Vec<Sample>) {
        let v = ccg_games::variant("mgc", &[]).unwrap();
        let sp = SelfPlay { games: 5, nodes: 200, random_plies: 6, max_plies: 60, threads: 1, seed: 7 };
        let samples = self_play(&v, &sp, &|_, _| {});
        (v, samples)
    }

    #[test]
    fn fitting_lowers_the_training_error_and_keeps_the_units() {
        let (v, samples) = samples();
        assert!(samples.iter().any(|s| s.game % 5 == 4) && samples.iter().any(|s| s.game % 5 != 4));
        let f = fit(
            &v,
            &Params::for_variant(&v),
            &samples,
            &FitConfig { iterations: 30, lambda: Some(0.0) },
            &|_, _| {},
        );
        assert!(f.training_after <= f.training_before + 1e-9, "{} {}", f.training_before, f.training_after);
        assert_eq!(f.params.material["P"], 100);
        assert_eq!(f.training + f.validation, samples.len());
        assert!(f.scale > 0.1 && f.scale < 10.0);
    }

    #[test]
    fn a_strong_penalty_keeps_the_start_weights() {
        let (v, samples) = samples();
        let start = Params::for_variant(&v);
        let f = fit(&v, &start, &samples, &FitConfig { iterations: 30, lambda: Some(1e9) }, &|_, _| {});
        for (k, val) in &start.material {
            assert!((f.params.material[k] - val).abs() <= 1, "{k}: {} vs {val}", f.params.material[k]);
        }
    }

    #[test]
    fn the_scale_is_found() {
        // Results drawn from sigmoid(0.5 × eval): the fitted scale comes out near 0.5.
        let mut rng = Rng::new(3);
        let samples: Vec<Sample> = (0..4000)
            .map(|i| {
                let x = (rng.below(2001) as f32 - 1000.0) / 2.0;
                let p = sigmoid(0.5 * x as f64);
                let result = if (rng.below(1_000_000) as f64) < p * 1e6 { 1.0 } else { 0.0 };
                Sample { features: vec![x], result, game: i }
            })
            .collect();
        let refs: Vec<&Sample> = samples.iter().collect();
        let k = fit_scale(&[1.0], &refs);
        assert!((k - 0.5).abs() < 0.1, "{k}");
    }
}
