//! Several `ccg serve` nodes on one PostgreSQL (docs/deployment.md). Each node keeps copies of
//! the games it serves; the store decides:
//! - a change is stored only onto the version of the game it was made from, so a move accepted
//!   by one node is never accepted again, or out of order, by another (the loser answers 409);
//! - every stored change is announced (NOTIFY with the game's id and version); each node reloads
//!   the games it holds or someone watches through it and pushes them to its streams;
//! - the clock's flag and the engine's replies of a game run on the node holding its lease,
//!   renewed by a heartbeat; a lease that runs out (its node died) is taken by another node,
//!   which resumes the clock and any reply the engine owes.
//!
//! On SQLite there is one process: it holds every lease, and nothing else writes.

use crate::api::lifecycle::{schedule_engine, schedule_flag};
use crate::api::seeks::LobbyEvent;
use crate::db::cluster::{Notice, GAMES_CHANNEL, LOBBY_CHANNEL};
use crate::db::Store;
use crate::AppState;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

/// This node: its id (random, new at every start) and the leases it holds.
pub struct Node {
    pub id: String,
    lease: Duration,
    held: Mutex<HashSet<String>>,
}

impl Node {
    pub fn new(lease: Duration) -> anyhow::Result<Node> {
        let id = crate::secrets::random(12).map_err(|e| anyhow::anyhow!("no random node id: {e}"))?;
        Ok(Node { id, lease, held: Mutex::new(HashSet::new()) })
    }

    fn ttl_ms(&self) -> i64 {
        self.lease.as_millis().max(1) as i64
    }

    /// A quarter of the lease: a lease is renewed three times before it could run out.
    fn beat(&self) -> Duration {
        (self.lease / 4).max(Duration::from_millis(100))
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether this node holds the lease of game `id` (as of its last heartbeat or claim).
    pub fn holds(&self, id: &str) -> bool {
        self.held().contains(id)
    }

    /// Whether this node runs game `id`'s clock and engine: it holds the lease, or takes it now
    /// that no live node holds it. Always on SQLite.
    pub async fn runs(&self, db: &Store, id: &str) -> bool {
        if !db.is_shared() || self.holds(id) {
            return true;
        }
        match db.claim_lease(id, &self.id, self.ttl_ms()).await {
            Ok(true) => {
                self.held().insert(id.to_string());
                true
            }
            Ok(false) => false,
            Err(e) => {
                tracing::warn!(game = id, "cannot claim the game's lease: {e}");
                false
            }
        }
    }
}

/// Starts the heartbeat and the listener of a shared store (nothing on SQLite). The first beat
/// runs before this returns: it takes the games no live node holds, this node's own before a
/// restart among them.
pub async fn start(state: &Arc<AppState>) -> anyhow::Result<()> {
    if !state.db.is_shared() {
        return Ok(());
    }
    tracing::info!(node = state.node.id, "node of a shared store");
    let (weak, main) = (Arc::downgrade(state), tokio::runtime::Handle::current());
    let (first, first_done) = tokio::sync::oneshot::channel();
    // A thread and a runtime of its own: a renewal never waits behind the requests' tasks for
    // the server's worker threads (under load they are all busy), nor for the pool's
    // connections; the store connection it uses is driven on this runtime too.
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    std::thread::Builder::new()
        .name("ccg-heartbeat".into())
        .spawn(move || rt.block_on(heartbeat(weak, main, first)))?;
    let _ = first_done.await;
    let (tx, rx) = tokio::sync::mpsc::channel(1024);
    let lagged = Arc::new(AtomicBool::new(false));
    tokio::spawn(listen(state.db.clone(), tx, lagged.clone()));
    tokio::spawn(handle(Arc::downgrade(state), rx, lagged));
    Ok(())
}

/// Gives up this node's leases (a graceful stop), so the others take its games at once.
pub async fn release(state: &AppState) {
    if let Err(e) = state.db.release_leases(&state.node.id).await {
        tracing::warn!("cannot give up the leases: {e}");
    }
}

/// Beats every quarter of the lease (on the heartbeat's thread, see [`start`]); the games to
/// resume go to tasks of the server's runtime `main`, so a game's lock never delays a beat.
async fn heartbeat(
    state: Weak<AppState>,
    main: tokio::runtime::Handle,
    first: tokio::sync::oneshot::Sender<()>,
) {
    let Some(s) = state.upgrade() else { return };
    let (period, lease) = (s.node.beat(), s.node.lease);
    beat(&s, &main).await;
    drop(s);
    let _ = first.send(());
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    let mut renewed = tokio::time::Instant::now();
    loop {
        tick.tick().await;
        let Some(s) = state.upgrade() else { return };
        if *s.stopping.borrow() {
            return;
        }
        if beat(&s, &main).await {
            // A renewal more than half a lease after the last one is near losing the leases.
            let gap = renewed.elapsed();
            if gap > lease / 2 {
                tracing::warn!(gap_ms = gap.as_millis() as u64, "leases renewed late");
            }
            renewed = tokio::time::Instant::now();
        }
    }
}

/// Renews this node's leases, then takes those that ran out and resumes their games; whether
/// the renewal went through.
async fn beat(state: &Arc<AppState>, main: &tokio::runtime::Handle) -> bool {
    let (db, node) = (&state.db, &state.node);
    let renewed = match db.renew_leases(&node.id, node.ttl_ms()).await {
        Ok(held) => {
            let held: HashSet<String> = held.into_iter().collect();
            // A lease claimed while the renewal ran is back in the set now: its game may have
            // changed meanwhile without this node running what the change asked for.
            let back: Vec<String> = {
                let mut set = node.held();
                let back = held.difference(&set).cloned().collect();
                *set = held;
                back
            };
            for id in back {
                spawn_resume(state, main, id);
            }
            true
        }
        Err(e) => {
            tracing::warn!("cannot renew the leases: {e}");
            false
        }
    };
    match db.take_over(&node.id, node.ttl_ms()).await {
        Ok(taken) => {
            for id in taken {
                tracing::info!(game = id, "took the game over");
                node.held().insert(id.clone());
                spawn_resume(state, main, id);
            }
        }
        Err(e) => tracing::warn!("cannot take over games: {e}"),
    }
    renewed
}

fn spawn_resume(state: &Arc<AppState>, main: &tokio::runtime::Handle, id: String) {
    let state = state.clone();
    main.spawn(async move { resume(&state, &id).await });
}

/// Runs what a game this node now holds asks for: the engine's reply, the clock's flag.
async fn resume(state: &Arc<AppState>, id: &str) {
    match state.lock_game(id).await {
        Ok(g) => {
            schedule_engine(state, &g);
            schedule_flag(state, &g);
        }
        Err(e) => tracing::warn!(game = id, "cannot resume: {}", e.message),
    }
}

/// Listens for notices, connecting again a second after the connection fails.
async fn listen(db: Store, tx: tokio::sync::mpsc::Sender<Notice>, lagged: Arc<AtomicBool>) {
    while !tx.is_closed() {
        // Notices sent while not listening are lost: once listening, catch up on every game.
        let ready = || {
            lagged.store(true, Ordering::Relaxed);
            let _ = tx.try_send(Notice { channel: String::new(), payload: String::new() });
        };
        match db.listen(tx.clone(), &lagged, ready).await {
            Ok(()) => tracing::warn!("the store's notice connection closed; connecting again"),
            Err(e) => tracing::warn!("the store's notices: {e}; connecting again"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Notices handled at once: each waits for its game's lock and the store, so one slow game does
/// not hold up the others' pushes; past this many the listener waits (and, its queue full, has
/// every game checked afresh).
const NOTICES_AT_ONCE: usize = 64;

async fn handle(state: Weak<AppState>, mut rx: tokio::sync::mpsc::Receiver<Notice>, lagged: Arc<AtomicBool>) {
    let slots = Arc::new(tokio::sync::Semaphore::new(NOTICES_AT_ONCE));
    while let Some(n) = rx.recv().await {
        let Some(s) = state.upgrade() else { return };
        match n.channel.as_str() {
            GAMES_CHANNEL => {
                let Some((id, v)) = n.payload.split_once(' ') else { continue };
                let (id, version) = (id.to_string(), v.parse().unwrap_or(i64::MAX));
                let Ok(slot) = slots.clone().acquire_owned().await else { return };
                // Out of order is fine: a game is reloaded only when behind the notice.
                tokio::spawn(async move {
                    game_changed(&s, &id, version).await;
                    drop(slot);
                });
            }
            LOBBY_CHANNEL => lobby_notice(&s, &n.payload),
            _ => {}
        }
        if lagged.swap(false, Ordering::Relaxed) {
            if let Some(s) = state.upgrade() {
                catch_up(&s).await;
            }
        }
    }
}

/// Game `id` is at `version` in the store: a node that holds it (in memory, for a stream, or
/// by lease) and is behind reloads it, pushes it to its streams, and if it holds the lease
/// runs what the change asks for (the flag of the clock now running, the engine's reply).
async fn game_changed(state: &Arc<AppState>, id: &str, version: i64) {
    let held = if let Some(g) = state.games.get(id) {
        if g.lock().await.version >= version {
            return;
        }
        true
    } else if !state.watched(id) && !state.node.holds(id) {
        return;
    } else {
        false
    };
    // A game held here is pushed by `lock_game` only if the store had a change for it, so a
    // catch-up (version unknown) does not repeat a state its watchers already have; one loaded
    // afresh has nothing to compare with, so its watchers get it now.
    let Ok(mut g) = state.lock_game(id).await else { return };
    if !held {
        state.publish(&mut g);
    }
    if state.node.holds(id) {
        schedule_engine(state, &g);
        schedule_flag(state, &g);
    }
}

/// After notices were lost: every game held in memory or watched is checked against the store.
async fn catch_up(state: &Arc<AppState>) {
    let mut ids: HashSet<String> = state.games.ids().into_iter().collect();
    ids.extend(state.channels.lock().unwrap_or_else(|p| p.into_inner()).keys().cloned());
    for id in ids {
        game_changed(state, &id, i64::MAX).await;
    }
}

/// Sends a lobby change to the other nodes' lobby streams.
pub fn announce_lobby(state: &AppState, e: &LobbyEvent) {
    if !state.db.is_shared() {
        return;
    }
    let payload = match e {
        LobbyEvent::Seeks => format!("{} seeks", state.node.id),
        LobbyEvent::Started { seek, game, users: [w, b] } => {
            format!("{} started {seek} {game} {w} {b}", state.node.id)
        }
    };
    let db = state.db.clone();
    tokio::spawn(async move {
        if let Err(e) = db.notify_lobby(&payload).await {
            tracing::warn!("cannot tell the other nodes of a lobby change: {e}");
        }
    });
}

/// A lobby change of another node, for this node's lobby streams.
fn lobby_notice(state: &AppState, payload: &str) {
    let mut words = payload.split(' ');
    if words.next() == Some(state.node.id.as_str()) {
        return;
    }
    let e = match (words.next(), words.next(), words.next(), words.next(), words.next()) {
        (Some("seeks"), ..) => LobbyEvent::Seeks,
        (Some("started"), Some(seek), Some(game), Some(w), Some(b)) => LobbyEvent::Started {
            seek: seek.to_string(),
            game: game.to_string(),
            users: [w.to_string(), b.to_string()],
        },
        _ => return tracing::warn!("a lobby notice this node does not know: {payload:?}"),
    };
    let _ = state.lobby.send(Arc::new(e));
}
