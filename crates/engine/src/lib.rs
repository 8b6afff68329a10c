//! # ccg-engine — the engine of chess-checkers-go
//!
//! A generic alpha-beta searcher over the rules core: nothing in the search knows a game. Each
//! game's evaluation is data ([`Params`], `params/<game-id>.toml`), derived from the variant where
//! no file exists yet. Two entry points serve callers that just want a move ([`best_move`]) or a
//! full analysis ([`analyse`]); [`Engine`] keeps a transposition table across searches for the
//! protocol front ends.

mod eval;
mod movecode;
pub mod nnue;
mod search;
mod see;
mod time;
mod tt;
pub mod tune;

/// Checks that the files with extension `ext` in the crate's folder `dir` (the shipped parameter
/// files and networks) are exactly the games `compiled` lists as compiled in.
#[cfg(test)]
pub(crate) fn assert_shipped_files<'a>(dir: &str, ext: &str, compiled: impl Iterator<Item = &'a str>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<String> = std::fs::read_dir(&path)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut listed: Vec<String> = compiled.map(str::to_string).collect();
    listed.sort();
    assert_eq!(files, listed, "{dir}/ and the list compiled in differ");
}

pub use eval::{Evaluator, Params, ParamsError};
pub use search::{Engine, EngineConfig, Features, Info};

use ccg_core::{Move, Position};
use std::time::Duration;

/// What bounds a search. Everything `None` (and `infinite` false) means "think until stopped or a
/// mate is proven", so callers normally set at least one field.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Remaining clock time of White and Black.
    pub time: [Option<Duration>; 2],
    /// Increment per move of White and Black.
    pub inc: [Duration; 2],
    /// Moves to the next time control, if the clock has one.
    pub movestogo: Option<u32>,
    /// Ignore every limit until told to stop (UCI `go infinite`, analysis mode).
    pub infinite: bool,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }
    pub fn movetime(t: Duration) -> Limits {
        Limits { movetime: Some(t), ..Limits::default() }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the position has no legal move.
    pub best: Option<Move>,
    /// From the side to move's point of view; ±30000-ish for mates (see `mate_in`).
    pub score_cp: i32,
    /// Moves (not plies) to mate: positive when the side to move mates, negative when it is mated.
    pub mate_in: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Node budget of each level of [`best_move`]: level 8 is about a second on one core.
const LEVEL_NODES: [u64; 8] = [60, 400, 2_000, 8_000, 25_000, 60_000, 120_000, 250_000];

/// The node budget of a level of [`best_move`] (what a server can expect a reply to cost).
pub fn level_nodes(level: u8) -> u64 {
    LEVEL_NODES[level.clamp(1, 8) as usize - 1]
}

/// One-call search for callers that just want a move: level 1 (weakest, near-instant) ..= 8
/// (strongest, ~1 s); deterministic for a given level and position (one thread, node limit).
pub fn best_move(pos: &Position, level: u8) -> Option<Move> {
    best_move_within(pos, level, Duration::MAX)
}

/// [`best_move`] that stops after `cap` if the level's node budget takes longer (a server
/// bounds every engine reply; under the cap it is the same move).
pub fn best_move_within(pos: &Position, level: u8, cap: Duration) -> Option<Move> {
    let level = level.clamp(1, 8) as usize;
    let engine = Engine::new(EngineConfig { hash_mb: 1 << (level / 2), ..EngineConfig::default() });
    let limits =
        Limits { movetime: (cap < Duration::MAX).then_some(cap), ..Limits::nodes(LEVEL_NODES[level - 1]) };
    engine.search(pos, &limits, &mut |_| {}).best
}

/// Full search with a fresh transposition table, one thread.
pub fn analyse(pos: &Position, limits: &Limits) -> SearchResult {
    Engine::new(EngineConfig::default()).search(pos, limits, &mut |_| {})
}
