//! `ccg tune`: Texel tuning of a game's evaluation on self-play positions; writes the parameter
//! file the engine ships (`crates/engine/params/<game>.toml`) or any path given.

use anyhow::{Context, Result};
use ccg_engine::tune::{fit, self_play, SelfPlay};
use ccg_engine::Params;
use indicatif::{ProgressBar, ProgressStyle};

#[derive(clap::Args)]
pub struct TuneArgs {
    /// Game id.
    pub game: String,
    /// Self-play games.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 3000)]
    pub nodes: u64,
    /// Gradient-descent iterations.
    #[arg(long, default_value_t = 500)]
    pub iterations: u64,
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the parameters (default: crates/engine/params/<game>.toml).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let b = ProgressBar::new(len);
    b.set_style(
        ProgressStyle::with_template(&format!(
            "{what:<10} {{bar:30}} {{pos}}/{{len}} [{{elapsed_precise}} < {{eta}}]"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    b
}

pub fn run(args: TuneArgs) -> Result<()> {
    let v = crate::variant(&args.game, &[])?;
    let sp = SelfPlay {
        games: args.games,
        nodes: args.nodes,
        random_plies: 8,
        max_plies: 300,
        threads: args.threads,
        seed: args.seed,
    };
    let b = bar(args.games as u64, "self-play");
    let samples = self_play(&v, &sp, &|d, _| b.set_position(d));
    b.finish();
    println!("{} positions from {} games", samples.len(), args.games);
    let b = bar(args.iterations, "fitting");
    let f = fit(&v, &Params::for_variant(&v), &samples, args.iterations, &|i, _| b.set_position(i));
    b.finish();
    println!("mean squared error {:.5} -> {:.5}", f.error_before, f.error_after);
    let path = args.out.unwrap_or_else(|| format!("crates/engine/params/{}.toml", args.game).into());
    let text = format!(
        "# Evaluation parameters of {} (centipawns), tuned by `ccg tune {} --games {} --nodes {} --iterations {}`\n# on {} self-play positions; mean squared error {:.5} -> {:.5}.\n{}",
        args.game,
        args.game,
        args.games,
        args.nodes,
        args.iterations,
        samples.len(),
        f.error_before,
        f.error_after,
        f.params.to_toml()
    );
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}
