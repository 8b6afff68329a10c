//! Nodes needed to finish each depth, summed over the start position and positions after random
//! openings: a node-limited, deterministic measure of search efficiency (one thread, a fresh
//! 64 MB table per position), for comparison with the `info depth … nodes …` lines of another
//! engine's `go depth`. docs/engine.md ("Depth profile") has the figures.
//!
//! ```sh
//! cargo run --release -p ccg-engine --example depth_profile -- mgc king=step 8 8 [toggles…]
//! ```

use ccg_core::{Position, Rng};
use ccg_engine::{Engine, EngineConfig, Features, Limits};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: depth_profile GAME OPTIONS(k=v,k=v or \"\") DEPTH POSITIONS [toggles…]";
    let [game, options, depth, positions, toggles @ ..] = args.as_slice() else {
        return Err(usage.into());
    };
    let options = options
        .split(',')
        .filter(|s| !s.is_empty())
        .map(ccg_games::parse_option)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let depth: u32 = depth.parse().map_err(|_| usage.to_string())?;
    let positions: usize = positions.parse().map_err(|_| usage.to_string())?;
    let mut features = Features::default();
    for t in toggles {
        if !features.disable(t) {
            return Err(format!("unknown toggle {t:?}"));
        }
    }
    let variant = ccg_games::variant(game, &options).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(7);
    let mut nodes = vec![0u64; depth as usize + 1];
    for k in 0..positions {
        let mut pos = Position::new(variant.clone());
        // The start, then openings of six random plies.
        for _ in 0..if k == 0 { 0 } else { 6 } {
            let legal = pos.legal_moves();
            let Some(&m) = rng.pick(&legal) else { break };
            pos.play(m).map_err(|e| e.to_string())?;
        }
        let engine = Engine::new(EngineConfig { hash_mb: 64, features, ..EngineConfig::default() });
        engine.search(&pos, &Limits::depth(depth), &mut |info| {
            nodes[info.result.depth as usize] += info.result.nodes
        });
    }
    for (d, n) in nodes.iter().enumerate().skip(1) {
        println!("depth {d:2}  nodes {n}");
    }
    Ok(())
}
