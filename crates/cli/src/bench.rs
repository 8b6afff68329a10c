//! `ccg bench`: move-generation speed (perft) and search speed (nodes/s of a fixed search) per game.

use anyhow::Result;
use ccg_core::Position;
use ccg_engine::{Engine, EngineConfig, Features, Limits};
use std::io::Write;
use std::time::Instant;

pub fn run(
    out: &mut impl Write,
    games: Vec<String>,
    depth: u32,
    search_nodes: u64,
    toggles: &[String],
) -> Result<()> {
    let mut features = Features::default();
    for t in toggles {
        anyhow::ensure!(features.disable(t), "unknown toggle {t:?} (known: {})", Features::TOGGLES.join(" "));
    }
    let ids: Vec<String> = if games.is_empty() {
        ccg_games::catalogue()
            .iter()
            .filter(|g| g.status == ccg_games::Status::Implemented)
            .map(|g| g.id.to_string())
            .collect()
    } else {
        games
    };
    // The game column as wide as the longest id (`pyramids2-cheskers9`), so the columns line up.
    let w = ids.iter().map(|id| id.len()).max().unwrap_or(0).max(4);
    writeln!(
        out,
        "{:<w$} {:>6} {:>14} {:>9} {:>14} {:>12} {:>9} {:>14}",
        "game", "depth", "nodes", "seconds", "nodes/s", "search nodes", "seconds", "search nodes/s"
    )?;
    for id in ids {
        let mut pos = Position::new(crate::variant(&id, &[])?);
        let start = Instant::now();
        let n = pos.perft(depth);
        let s = start.elapsed().as_secs_f64();
        let start = Instant::now();
        // A fresh engine (and table) per game, as `analyse` does.
        let engine = Engine::new(EngineConfig { features, ..EngineConfig::default() });
        let r = engine.search(&pos, &Limits::nodes(search_nodes), &mut |_| {});
        let ss = start.elapsed().as_secs_f64();
        writeln!(
            out,
            "{:<w$} {:>6} {:>14} {:>9.3} {:>14.0} {:>12} {:>9.3} {:>14.0}",
            id,
            depth,
            n,
            s,
            n as f64 / s.max(1e-9),
            r.nodes,
            ss,
            r.nodes as f64 / ss.max(1e-9)
        )?;
    }
    Ok(())
}
