//! `ccg tune`: Texel tuning of a game's evaluation on self-play positions; writes the parameter
//! file the engine ships (`crates/engine/params/<game>.toml`) or any path given.

use crate::progress::Progress;
use anyhow::{Context, Result};
use ccg_engine::tune::{fit, self_play, FitConfig, SelfPlay};
use ccg_engine::Params;

#[derive(clap::Args)]
pub struct TuneArgs {
    /// Game id.
    pub game: String,
    /// Self-play games (a fifth of them is held out to judge the fit).
    #[arg(long, default_value_t = 600)]
    pub games: usize,
    /// Nodes per move in self-play (small: many games matter more than good ones).
    #[arg(long, default_value_t = 600)]
    pub nodes: u64,
    /// Gradient-descent iterations per penalty tried.
    #[arg(long, default_value_t = 300)]
    pub iterations: u64,
    /// L2 pull towards the start weights; by default 0, 1e-4, 1e-3 and 1e-2 are tried and the
    /// best on the held-out games is kept.
    #[arg(long)]
    pub lambda: Option<f64>,
    /// Start from the derived values instead of the shipped parameter file.
    #[arg(long)]
    pub from_derived: bool,
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the parameters (default: crates/engine/params/<game>.toml).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

pub fn run(args: TuneArgs) -> Result<()> {
    anyhow::ensure!(args.games >= 5, "--games must be at least 5 (a fifth is held out)");
    anyhow::ensure!(args.lambda.is_none_or(|l| l >= 0.0 && l.is_finite()), "--lambda must be >= 0");
    let v = crate::variant(&args.game, &[])?;
    let sp = SelfPlay {
        games: args.games,
        nodes: args.nodes,
        random_plies: 8,
        max_plies: 300,
        threads: args.threads,
        seed: args.seed,
    };
    let b = Progress::new(args.games as u64, "self-play");
    let samples = self_play(&v, &sp, &|d, _| b.set_position(d));
    b.finish();
    anyhow::ensure!(!samples.is_empty(), "self-play gave no quiet positions; play more games");
    println!("{} positions from {} games", samples.len(), args.games);
    let start = if args.from_derived { Params::derived(&v) } else { Params::for_variant(&v) };
    let cfg = FitConfig { iterations: args.iterations, lambda: args.lambda };
    let b = Progress::new(1, "fitting");
    let f = fit(&v, &start, &samples, &cfg, &|i, n| {
        b.set_length(n);
        b.set_position(i)
    });
    b.finish();
    let summary = format!(
        "{} training and {} held-out positions from {} games at {} nodes a move; sigmoid scale {:.3}, \
         penalty {}; held-out mean squared error {:.5} -> {:.5} (training {:.5} -> {:.5})",
        f.training,
        f.validation,
        args.games,
        args.nodes,
        f.scale,
        f.lambda,
        f.validation_before,
        f.validation_after,
        f.training_before,
        f.training_after
    );
    println!("{summary}");
    let path = args.out.unwrap_or_else(|| format!("crates/engine/params/{}.toml", args.game).into());
    let text = format!(
        "# Evaluation parameters of {} (centipawns), written by `ccg tune {} --games {} --nodes {} --seed {}`:\n# {}.\n{}",
        args.game,
        args.game,
        args.games,
        args.nodes,
        args.seed,
        summary,
        f.params.to_toml()
    );
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}
