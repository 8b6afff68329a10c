//! `ccg train`: a network for a game's evaluation, from self-play positions (docs/engine.md).
//! Writes the network the engine ships (`crates/engine/nets/<game>.nnue`) or any path given.
//! Self-play data and the training checkpoint live in `--dir`: a rerun continues where an
//! interrupted one stopped.

use crate::progress::Progress;
use crate::teacher::{self, Teacher};
use anyhow::{Context, Result};
use ccg_engine::nnue::train::{read_samples, score_limit, self_play, train, SelfPlay, TrainConfig, K};
use ccg_engine::nnue::Network;
use ccg_engine::EngineConfig;
use std::time::Instant;

#[derive(clap::Args)]
pub struct TrainArgs {
    /// Game id.
    pub game: String,
    /// Rule option `key=value` of the self-play games (the network serves the game with any).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Self-play games (every tenth is held out to judge the fit).
    #[arg(long, default_value_t = 2000)]
    pub games: u32,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 3000)]
    pub nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Hidden units of each point of view.
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Weight of the search score in the target (the rest is the game's result).
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Centipawns of one logistic unit, `sigmoid(cp / scale)` being the expected score: the
    /// labels' scale, and the self-play games end as decided at 2500 × scale / 170. The default
    /// suits games of chess's material; `doseki`, of 162 checkers a side, has a larger one
    /// (docs/engine.md, "Learned evaluation"). Not with `--teacher`, whose scores are kept to
    /// ±2,500, the default scale's certainty.
    #[arg(long, default_value_t = K, conflicts_with = "teacher")]
    pub scale: f32,
    #[arg(long, default_value_t = 0.002)]
    pub lr: f32,
    #[arg(long, default_value_t = 1024)]
    pub batch: usize,
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Inputs per zone of the own King's cell (six zones on flat boards with a royal piece).
    #[arg(long)]
    pub king_buckets: bool,
    /// A linear term per input added straight to the output beside the hidden layer (Stockfish's
    /// PSQT): it counts material that the clipped hidden units saturate on, in games of many
    /// pieces such as doseki (see docs/engine.md, "Learned evaluation").
    #[arg(long)]
    pub linear: bool,
    /// Train also on each position's mirror images: the reflections left for right (and front
    /// for back on a cube) that keep the start position. Only for a game whose rules read the
    /// same in the mirror (docs/engine.md, "Learned evaluation").
    #[arg(long)]
    pub reflect: bool,
    /// Where self-play data and the checkpoint are kept (default: target/train/<game>).
    #[arg(long)]
    pub dir: Option<std::path::PathBuf>,
    /// Where to write the network (default: crates/engine/nets/<game>.nnue, with the rule options: mgc-kingstep-pawnleaprank.nnue).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Self-play by the engine with this network file instead of the one the binary ships (the
    /// games depend on the player: name it to reproduce a data file).
    #[arg(long, value_name = "FILE", conflicts_with = "play_nonet")]
    pub play_net: Option<std::path::PathBuf>,
    /// Self-play by the hand-written evaluation (as before any network was shipped).
    #[arg(long)]
    pub play_nonet: bool,
    /// Another self-play data file of the same rule set (an earlier generation's `selfplay-….bin`)
    /// to train on beside this run's games; repeatable. Read and checked before self-play starts.
    #[arg(long = "data", value_name = "FILE")]
    pub extra_data: Vec<std::path::PathBuf>,
    /// Start from this network file (of the same rule set and king buckets, at most `--hidden`
    /// units: a narrower one grows, its new units silent at first) instead of random weights;
    /// it is kept unless training does better on the held-out positions.
    #[arg(long, value_name = "FILE")]
    pub init: Option<std::path::PathBuf>,
    /// Score the training positions by this UCI engine's search instead of ours, described as
    /// `ccg match` describes one (`cmd=PROGRAM [arg=ARG]… [option.NAME=VALUE]…`); its labels are
    /// cached in `--dir`. See docs/engine.md, "Teacher labels".
    #[arg(long, value_name = "ENGINE")]
    pub teacher: Option<String>,
    /// The teacher's limit per position: what follows `go` (`depth N`, `nodes N`, `movetime MS`).
    #[arg(long, default_value = "depth 8", requires = "teacher")]
    pub teacher_go: String,
    /// Divide the teacher's scores by this (`auto`: by its scale in ours, measured on these
    /// positions), so that the network's centipawns are the ones the search's margins were set in.
    #[arg(long, default_value = "1", requires = "teacher", value_parser = parse_scale)]
    pub teacher_scale: TeacherScale,
}

/// `--teacher-scale`: a positive factor, or `auto` (the teacher's measured scale in ours).
#[derive(Clone, Copy, Debug)]
pub enum TeacherScale {
    Auto,
    By(f64),
}

fn parse_scale(text: &str) -> Result<TeacherScale, String> {
    match text {
        "auto" => Ok(TeacherScale::Auto),
        _ => match text.parse::<f64>() {
            Ok(f) if f > 0.0 && f.is_finite() => Ok(TeacherScale::By(f)),
            _ => Err(format!("{text:?}: expected a positive number or `auto`")),
        },
    }
}

/// The engine that plays the self-play games, as `--play-net` / `--play-nonet` name it.
fn player(v: &std::sync::Arc<ccg_core::Variant>, args: &TrainArgs) -> Result<EngineConfig> {
    let mut config = EngineConfig::default();
    if let Some(path) = &args.play_net {
        let bytes = std::fs::read(path).with_context(|| format!("network file {}", path.display()))?;
        Network::read(v, &bytes).map_err(|e| anyhow::anyhow!("network file {}: {e}", path.display()))?;
        config.network = Some(std::sync::Arc::new(bytes));
    }
    if args.play_nonet {
        config.features.disable("nonet");
    }
    Ok(config)
}

pub fn run(args: TrainArgs) -> Result<()> {
    anyhow::ensure!(args.games >= 10, "--games must be at least 10 (a tenth is held out)");
    anyhow::ensure!((1..=1024).contains(&args.hidden), "--hidden must be 1 to 1024");
    anyhow::ensure!((0.0..=1.0).contains(&args.lambda), "--lambda must be in [0, 1]");
    // Scores are kept in 16 bits, and the decided-game limit is a score.
    anyhow::ensure!((10.0..=2000.0).contains(&args.scale), "--scale must be 10 to 2000 centipawns");
    anyhow::ensure!(
        args.lr > 0.0 && args.lr.is_finite() && args.batch > 0,
        "--lr and --batch must be positive"
    );
    let v = crate::variant(&args.game, &args.options)?;
    // Read before self-play and labelling, so that a wrong file costs no time.
    let init = match &args.init {
        Some(path) => {
            let bytes = std::fs::read(path).with_context(|| format!("--init {}", path.display()))?;
            let net =
                Network::read(&v, &bytes).map_err(|e| anyhow::anyhow!("--init {}: {e}", path.display()))?;
            anyhow::ensure!(
                net.serves(&v),
                "--init {}: trained on `{}`, not `{}`",
                path.display(),
                net.game,
                v.id
            );
            anyhow::ensure!(
                args.linear || net.linear.is_empty(),
                "--init {}: the network has linear terms; train with --linear",
                path.display()
            );
            anyhow::ensure!(
                net.hidden <= args.hidden && (net.map.buckets > 1) == args.king_buckets,
                "--init {}: {} hidden units{}; give as many or more with --hidden, and the same --king-buckets",
                path.display(),
                net.hidden,
                if net.map.buckets > 1 { " with king buckets" } else { "" }
            );
            Some(net)
        }
        None => None,
    };
    let mirrors = if args.reflect { ccg_engine::nnue::reflections(&v).len() } else { 0 };
    anyhow::ensure!(
        !args.reflect || mirrors > 0,
        "--reflect: no reflection of the board keeps {}'s start position",
        v.id
    );
    let teacher = args.teacher.as_deref().map(|t| Teacher::parse(t, &args.teacher_go)).transpose()?;
    let dir = args.dir.clone().unwrap_or_else(|| format!("target/train/{}", args.game).into());
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let sp = SelfPlay {
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: 400,
        threads: args.threads,
        seed: args.seed,
        score_limit: score_limit(args.scale),
        player: player(&v, &args)?,
    };
    // Each rule set has its own data (resuming one rule set's games as another's would mix them).
    let rules: String = v.id.split_whitespace().skip(1).map(|o| format!("{o}-")).collect();
    // Another scale ends the games elsewhere: other games, another file.
    let scale = if args.scale == K { String::new() } else { format!("k{}-", args.scale) };
    let data =
        dir.join(format!("selfplay-{rules}n{}-r{}-{scale}s{}.bin", args.nodes, args.random_plies, args.seed));
    let mut extra = Vec::new();
    for path in &args.extra_data {
        let own = data.exists() && path.canonicalize().ok() == data.canonicalize().ok();
        anyhow::ensure!(!own, "--data {} is this run's own data file", path.display());
        let s = read_samples(&v, path).map_err(anyhow::Error::msg)?;
        println!("{} positions from {}", s.len(), path.display());
        extra.push(s);
    }
    let started = Instant::now();
    let b = Progress::new(args.games as u64, "self-play");
    let mut samples = self_play(&v, &sp, &data, &|d, _| b.set_position(d))
        .with_context(|| format!("self-play data {}", data.display()))?;
    b.finish();
    let play_time = started.elapsed();
    anyhow::ensure!(!samples.is_empty(), "self-play gave no quiet positions; play more games");
    println!("{} positions from {} games ({})", samples.len(), args.games, data.display());
    samples.extend(extra.into_iter().flatten());
    if let Some(t) = &teacher {
        let cache = t.cache_path(&dir, &rules);
        let rule_opts =
            args.options.iter().map(|o| ccg_games::parse_option(o)).collect::<Result<Vec<_>, _>>()?;
        let started = Instant::now();
        let l = teacher::label(&v, &args.game, &rule_opts, t, &mut samples, &cache, args.threads)?;
        println!(
            "teacher {}: {} positions searched now ({:.0} s), {} from {}",
            t.describe(),
            l.searched,
            started.elapsed().as_secs_f64(),
            samples.len(),
            cache.display()
        );
        println!("teacher against our search: {}", l.comparison);
        let scale = match args.teacher_scale {
            TeacherScale::Auto => l.comparison.scale(),
            TeacherScale::By(f) => f,
        };
        anyhow::ensure!(
            scale > 0.0 && scale.is_finite(),
            "the teacher's scale in ours is {scale}: not positive"
        );
        if !matches!(args.teacher_scale, TeacherScale::By(f) if f == 1.0) {
            for s in &mut samples {
                s.score = (s.score as f64 / scale).round() as i16;
            }
            println!("teacher scores divided by {scale:.2}");
        }
    }
    let cfg = TrainConfig {
        hidden: args.hidden,
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        lambda: args.lambda,
        scale: args.scale,
        threads: args.threads,
        seed: args.seed,
        king_buckets: args.king_buckets,
        init,
        linear: args.linear,
        reflect: args.reflect,
    };
    let started = Instant::now();
    let eb = Progress::new(args.epochs as u64, "training");
    let bb = Progress::new(1, "  batches");
    let t = train(
        &v,
        &samples,
        &cfg,
        &dir.join(format!("checkpoint-h{}.bin", args.hidden)),
        &|i, n| {
            bb.set_length(n);
            bb.set_position(i)
        },
        &|e| {
            eb.set_position(e.epoch as u64);
            eb.set_message(format!(
                "train {:.5}  held-out {:.5}  best {:.5}",
                e.train_loss, e.held_out_loss, e.best_loss
            ));
            eb.println(&format!(
                "epoch {:>3}: training loss {:.5}, held-out loss {:.5}",
                e.epoch, e.train_loss, e.held_out_loss
            ));
        },
    )?;
    bb.finish_and_clear();
    eb.finish();
    let summary = format!(
        "{} training{} and {} held-out positions from {} games at {} nodes a move{}{}; {} inputs, 2x{} hidden; \
         best held-out loss {:.5} after {} epochs; self-play {:.0} s, training {:.0} s",
        t.training,
        if args.reflect { format!(" (with {mirrors} mirror images of each)") } else { String::new() },
        t.held_out,
        args.games,
        args.nodes,
        if args.extra_data.is_empty() {
            String::new()
        } else {
            format!(" and {} more data files", args.extra_data.len())
        },
        teacher.as_ref().map_or(String::new(), |t| format!(", scored by {}", t.describe())),
        t.net.inputs(),
        args.hidden,
        t.best_loss,
        t.epochs,
        play_time.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    println!("{summary}");
    if let Some(loss) = t.start_loss {
        println!(
            "starting network's held-out loss {loss:.5}: {}",
            if t.best_loss < loss { "improved on" } else { "kept (no epoch did better)" }
        );
    }
    // The file name of the rule set: `mgc-kingstep-pawnleaprank` for `mgc king=step pawnleap=rank`.
    let stem: String = v.id.split_whitespace().map(|w| w.replace('=', "")).collect::<Vec<_>>().join("-");
    let path = args.out.unwrap_or_else(|| format!("crates/engine/nets/{stem}.nnue").into());
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    std::fs::write(&path, t.net.write()).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}
