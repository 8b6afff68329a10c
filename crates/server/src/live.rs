//! What the server keeps in memory: one compiled variant per game id and option set, shared by
//! every game of it (a compiled variant is most of a game's memory: 0.3 MB for mgc, 1.6 MB for
//! nihongi), and a bounded cache of live games, least recently used dropped first (the store
//! has them all).

use crate::game::Game;
use ccg_core::Variant;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Compiled variants by game id and (sorted) options. Bounded by the catalogue: only option sets
/// that build are kept.
#[derive(Default)]
pub struct Variants(Mutex<HashMap<VariantKey, Arc<Variant>>>);

/// A game id and its options, sorted.
type VariantKey = (String, Vec<(String, String)>);

impl Variants {
    pub fn get(
        &self,
        game: &str,
        options: &[(String, String)],
    ) -> Result<Arc<Variant>, ccg_games::GameError> {
        let mut key_opts = options.to_vec();
        key_opts.sort();
        let key = (game.to_string(), key_opts);
        if let Some(v) = self.0.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            return Ok(v.clone());
        }
        // Built outside the lock: compiling takes milliseconds, and two racing builds are equal.
        let v = ccg_games::variant(game, options)?;
        Ok(self.0.lock().unwrap_or_else(|p| p.into_inner()).entry(key).or_insert(v).clone())
    }

    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

pub type LiveGame = Arc<tokio::sync::Mutex<Game>>;

/// Live games, at most `capacity` of them that nobody is using.
pub struct LiveGames {
    capacity: usize,
    clock: AtomicU64,
    games: Mutex<HashMap<String, (LiveGame, u64)>>,
}

impl LiveGames {
    pub fn new(capacity: usize) -> LiveGames {
        LiveGames { capacity: capacity.max(1), clock: AtomicU64::new(0), games: Mutex::new(HashMap::new()) }
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    pub fn get(&self, id: &str) -> Option<LiveGame> {
        let now = self.tick();
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.get_mut(id).map(|(g, used)| {
            *used = now;
            g.clone()
        })
    }

    /// Puts a game among the live ones (unless a request loaded it meanwhile: that one wins).
    /// When full, drops the least recently used eighth of the games nobody holds, so the scan
    /// is paid once per many insertions. Games in use are never dropped: past the capacity
    /// only while that many are in use at once.
    pub fn insert(&self, game: Game) -> LiveGame {
        let now = self.tick();
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if games.len() >= self.capacity && !games.contains_key(&game.row.id) {
            let mut idle: Vec<(u64, String)> = games
                .iter()
                .filter(|(_, (g, _))| Arc::strong_count(g) == 1)
                .map(|(id, (_, used))| (*used, id.clone()))
                .collect();
            idle.sort_unstable();
            let drop = (self.capacity / 8).max(1).max(games.len() + 1 - self.capacity);
            for (_, id) in idle.into_iter().take(drop) {
                games.remove(&id);
            }
        }
        let id = game.row.id.clone();
        let entry = games.entry(id).or_insert_with(|| (Arc::new(tokio::sync::Mutex::new(game)), now));
        entry.1 = now;
        entry.0.clone()
    }

    pub fn len(&self) -> usize {
        self.games.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The ids of the games in memory now.
    pub fn ids(&self) -> Vec<String> {
        self.games.lock().unwrap_or_else(|p| p.into_inner()).keys().cloned().collect()
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }
}
