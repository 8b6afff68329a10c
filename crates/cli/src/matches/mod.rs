//! `ccg match`: engine-versus-engine matches in the manner of cutechess-cli.
//!
//! Players are our engine with settings (`ccg level=3`, `ccg nonull nolmr threads=2`), the
//! built-in `random` and `greedy` players, or any external UCI engine
//! (`cmd=fairy-stockfish option.VariantPath=v.ini option.UCI_Variant=mgc`). Every opening (random
//! plies from the start) is played twice with colours swapped. The rules referee: an illegal
//! move, a crash or running out of time loses, and is logged in the record.
//!
//! The concerns live in their own files: [`players`] (our engine, `random`, `greedy`, and how a
//! player is described on the command line), [`pipes`] (external UCI and XBoard engines),
//! [`referee`] (one game under our rules and the clock) and [`stats`] (score, Elo, SPRT).

mod pipes;
mod players;
mod referee;
mod stats;

use crate::progress::Progress;
use anyhow::{bail, Context, Result};
use ccg_core::{Move, Position, Rng, Variant};
pub(crate) use pipes::UciAnalyser;
pub(crate) use players::{SearchScore, Spec};
use referee::play_game;
use stats::{parse_sprt, Score};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(clap::Args)]
pub struct MatchArgs {
    /// Game id.
    pub game: String,
    /// Rule option `key=value`, passed to our rules and to the engines (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// A player (give exactly two): `ccg [level=N] [threads=N] [hash=MB] [params=FILE] [net=FILE]
    /// [toggles]` (toggles switch a search feature off: nonull, nolmr, nosingular, nonet, …; see
    /// docs/engine.md),
    /// `random`, `greedy`, or `cmd=PROGRAM [arg=ARG]… [name=NAME] [option.NAME=VALUE]…` for a
    /// UCI engine.
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// Number of games (rounded up to an even number: each opening is played with both colours).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Time control `BASE+INC` in seconds, e.g. `10+0.1` (ignored by players given a level).
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed nodes per move instead of a clock.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Fixed depth per move instead of a clock.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: usize,
    /// Games still running after this many plies are drawn.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Save each game as a record (docs/formats.md) in this directory.
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
    /// Sequential probability ratio test `elo0,elo1[,alpha,beta]`: stop when decided.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Milliseconds a player may exceed its clock before it loses on time.
    #[arg(long, default_value_t = 0)]
    pub timemargin: u64,
    /// Milliseconds an external engine has to start (UCI: `uciok`, then `readyok`) before it
    /// forfeits the game. Generous by default: a niced engine on a loaded machine gets a few
    /// percent of a core. The clock starts after the handshake.
    #[arg(long, default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub handshake_ms: u64,
}

/// How players are told to move.
#[derive(Clone, Copy, Debug)]
pub(super) enum Control {
    Clock { base: Duration, inc: Duration },
    Nodes(u64),
    Depth(u32),
}

fn parse_tc(text: &str) -> Result<Control> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |s: &str| {
        s.trim().parse::<f64>().ok().filter(|x| (0.0..1e6).contains(x)).map(Duration::from_secs_f64)
    };
    match (secs(base), secs(inc)) {
        (Some(base), Some(inc)) if !base.is_zero() => Ok(Control::Clock { base, inc }),
        _ => bail!("--tc {text:?}: expected BASE+INC in seconds, e.g. 10+0.1"),
    }
}

/// A random line of up to `plies` plies from the start. No ply of it ends the game or leaves the
/// player to move a move that ends it: an opening must not decide the game (in
/// `pyramids2-weak9` a random first move can allow mate in one).
fn opening(variant: &Arc<Variant>, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(variant.clone());
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // From a random start, the first move that decides nothing.
        let first = rng.below(moves.len());
        let pick = (0..moves.len()).map(|i| moves[(first + i) % moves.len()]).find(|&m| {
            let u = pos.make(m);
            let open = pos.outcome().is_none() && !ends_at_once(&mut pos);
            pos.unmake(u);
            open
        });
        let Some(m) = pick else { break };
        pos.make(m);
        line.push(m);
    }
    line
}

/// Whether the player to move has a move that ends the game.
fn ends_at_once(pos: &mut Position) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let u = pos.make(m);
        let over = pos.outcome().is_some();
        pos.unmake(u);
        over
    })
}

pub fn run(args: MatchArgs) -> Result<()> {
    let rule_opts = args.options.iter().map(|o| ccg_games::parse_option(o)).collect::<Result<Vec<_>, _>>()?;
    let variant = ccg_games::variant(&args.game, &rule_opts)?;
    let [a, b] = args.engines.as_slice() else {
        bail!("give exactly two --engine players");
    };
    let specs = [Spec::parse(a)?, Spec::parse(b)?];
    // The engine reads a network or parameter file it cannot use as none (the hand-written
    // evaluation, the shipped values): refused here, so that a match never measures something
    // other than what was named.
    for (spec, text) in specs.iter().zip([a, b]) {
        if let Spec::Ccg { config, .. } = spec {
            config.check_files(&variant).map_err(|e| anyhow::anyhow!("engine {text:?}: {e}"))?;
        }
    }
    let ctl = match (args.nodes, args.depth, &args.tc) {
        (Some(n), _, _) => Control::Nodes(n),
        (None, Some(d), _) => Control::Depth(d),
        (None, None, Some(tc)) => parse_tc(tc)?,
        (None, None, None) => parse_tc("10+0.1")?,
    };
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let games = args.games.div_ceil(2) * 2;
    let names = [specs[0].name(), specs[1].name()];
    let bar = Progress::new(games as u64, "games");
    let score = Mutex::new(Score::default());
    let next = AtomicUsize::new(0);
    let stop = std::sync::atomic::AtomicBool::new(false);
    // The SPRT's decision when its LLR first crossed a bound, with the score then: games still
    // running finish, but they do not undo a decision already taken.
    let decided: Mutex<Option<(Score, f64)>> = Mutex::new(None);
    let log: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..args.concurrency.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= games || stop.load(Ordering::SeqCst) {
                    break;
                }
                let pair = (i / 2) as u64;
                let line = opening(&variant, args.opening_plies, args.seed.wrapping_add(pair));
                // Game 2k: first engine White; game 2k+1: colours swapped, same opening.
                let swapped = i % 2 == 1;
                let colour_specs = if swapped { [&specs[1], &specs[0]] } else { [&specs[0], &specs[1]] };
                let mut r =
                    play_game(&variant, &args, &rule_opts, colour_specs, &line, ctl, args.seed ^ i as u64);
                r.record.set_tag("Round", &(i + 1).to_string());
                let first_score = if swapped { 1.0 - r.white_score } else { r.white_score };
                if let Some(dir) = &args.records {
                    let path = dir.join(format!("{:04}.rec", i + 1));
                    if let Err(e) = std::fs::write(&path, r.record.to_text()) {
                        bar.println(&format!("cannot write {}: {e}", path.display()));
                    }
                }
                if r.reason.contains("illegal")
                    || r.reason.contains("forfeits")
                    || r.reason.contains("on time")
                    || r.reason.contains("failed")
                {
                    let msg = format!("game {}: {}", i + 1, r.reason);
                    bar.println(&msg);
                    log.lock().unwrap_or_else(|e| e.into_inner()).push(msg);
                }
                let mut sc = score.lock().unwrap_or_else(|e| e.into_inner());
                match first_score {
                    x if x > 0.75 => sc.wins += 1,
                    x if x < 0.25 => sc.losses += 1,
                    _ => sc.draws += 1,
                }
                let (elo, err) = sc.elo();
                let mut msg = format!(
                    "+{} ={} -{}  {:.1}%  Elo {:+.0} ± {:.0}",
                    sc.wins,
                    sc.draws,
                    sc.losses,
                    100.0 * sc.ratio(),
                    elo,
                    err
                );
                if let Some(t) = &sprt {
                    let llr = sc.llr(t.elo0, t.elo1);
                    msg += &format!("  LLR {llr:.2} [{:.2}, {:.2}]", t.lower, t.upper);
                    if llr <= t.lower || llr >= t.upper {
                        stop.store(true, Ordering::SeqCst);
                        decided.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert((*sc, llr));
                    }
                }
                bar.set_message(msg);
                bar.inc(1);
            });
        }
    });
    bar.finish();
    let sc = *score.lock().unwrap_or_else(|e| e.into_inner());
    let (elo, err) = sc.elo();
    println!("{} vs {}: +{} ={} -{} of {} games", names[0], names[1], sc.wins, sc.draws, sc.losses, sc.n());
    println!("score {:.1}%  Elo difference {:+.1} ± {:.1} (95%)", 100.0 * sc.ratio(), elo, err);
    if let Some(t) = &sprt {
        let decision = decided.into_inner().unwrap_or_else(|e| e.into_inner());
        let (at, llr) = decision.unwrap_or((sc, sc.llr(t.elo0, t.elo1)));
        let verdict = if llr >= t.upper {
            "H1 accepted"
        } else if llr <= t.lower {
            "H0 accepted"
        } else {
            "inconclusive"
        };
        let when = if decision.is_some() && at.n() != sc.n() {
            format!(" after {} games (+{} ={} -{})", at.n(), at.wins, at.draws, at.losses)
        } else {
            String::new()
        };
        println!(
            "SPRT elo0={} elo1={}: LLR {llr:.2} (bounds {:.2}, {:.2}): {verdict}{when}",
            t.elo0, t.elo1, t.lower, t.upper
        );
    }
    let problems = log.into_inner().unwrap_or_default();
    if !problems.is_empty() {
        println!("{} games ended by forfeit:", problems.len());
        for p in &problems {
            println!("  {p}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        assert!(parse_tc("10+0.1").is_ok());
        assert!(parse_tc("5").is_ok());
        assert!(parse_tc("x").is_err() && parse_tc("0+1").is_err());
    }

    #[test]
    fn openings_decide_nothing() {
        // In pyramids2-weak9 a random first move can allow mate in one; no opening may.
        let v = ccg_games::variant("pyramids2-weak9", &[]).unwrap();
        for seed in 0..40 {
            let line = opening(&v, 4, seed);
            assert_eq!(line.len(), 4, "seed {seed}");
            let mut pos = Position::new(v.clone());
            for &m in &line {
                pos.make(m);
                assert!(pos.outcome().is_none() && !ends_at_once(&mut pos), "seed {seed}");
            }
        }
    }
}
