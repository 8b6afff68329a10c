//! What several nodes on one PostgreSQL need of the store (docs/deployment.md): notices of
//! changes (LISTEN/NOTIFY), each game's version, and the lease of the node that runs a game's
//! clock and engine replies. On SQLite there is one process: it holds every lease, and nobody
//! else writes, so these are all trivial there.
//!
//! Lease times are the database server's clock (`clock_timestamp()`), so nodes whose clocks
//! differ still agree on when a lease has run out.

use super::postgres::Pg;
use super::Store;
use futures_util::StreamExt;
use tokio_postgres::{AsyncMessage, NoTls};

/// The channel of game changes: payload `"<game id> <version>"`.
pub const GAMES_CHANNEL: &str = "ccg_games";
/// The channel of lobby changes: payload `"<node id> <event>"` (see `crate::nodes`).
pub const LOBBY_CHANNEL: &str = "ccg_lobby";

/// Milliseconds since the epoch on the database server's clock.
const DB_NOW: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Games that need a node: unfinished, with an engine seat or a clock (as `RESUME_QUERY`).
const NEEDS_A_NODE: &str =
    "status = 'active' AND (white LIKE 'engine%' OR black LIKE 'engine%' OR clock_initial_ms IS NOT NULL)";

/// A notice from another node (or this one): its channel and payload.
#[derive(Debug)]
pub struct Notice {
    pub channel: String,
    pub payload: String,
}

impl Store {
    /// Whether other nodes may write to this store (PostgreSQL): then a node checks its copy of
    /// a game against the store's version before changing it, and listens for notices.
    pub fn is_shared(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// Takes or renews the lease of game `id` for `node` unless another node holds one that has
    /// not run out; whether `node` holds it now.
    pub async fn claim_lease(&self, id: &str, node: &str, ttl_ms: i64) -> anyhow::Result<bool> {
        let Store::Postgres(p) = self else { return Ok(true) };
        let c = p.client().await?;
        // Looked at first: a claim that fails still locks the row, a write that costs a commit.
        let held =
            format!("SELECT node <> $2 AND expires_at >= {DB_NOW} FROM game_leases WHERE game_id = $1");
        if c.query_opt(&held, &[&id, &node]).await?.is_some_and(|r| r.get::<_, bool>(0)) {
            return Ok(false);
        }
        let sql = format!(
            "INSERT INTO game_leases (game_id, node, expires_at) VALUES ($1, $2, {DB_NOW} + $3)
             ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, expires_at = excluded.expires_at
             WHERE game_leases.node = excluded.node OR game_leases.expires_at < {DB_NOW}
             RETURNING game_id"
        );
        Ok(c.query_opt(&sql, &[&id, &node, &ttl_ms]).await?.is_some())
    }

    /// The heartbeat: drops `node`'s leases of finished games and renews the others; the games
    /// it still holds (a lease it lost while it could not renew is not among them).
    pub async fn renew_leases(&self, node: &str, ttl_ms: i64) -> anyhow::Result<Vec<String>> {
        let Store::Postgres(p) = self else { return Ok(Vec::new()) };
        let c = p.lease_client().await?;
        // One statement (one round trip, one commit); the rows deleted and those renewed are
        // apart, so neither change hides the other.
        let sql = format!(
            "WITH d AS (DELETE FROM game_leases l USING games g
                WHERE l.game_id = g.id AND l.node = $1 AND g.status <> 'active')
             UPDATE game_leases l SET expires_at = {DB_NOW} + $2 FROM games g
             WHERE l.game_id = g.id AND g.status = 'active' AND l.node = $1
                AND l.expires_at >= {DB_NOW} RETURNING l.game_id"
        );
        Ok(c.query(&sql, &[&node, &ttl_ms]).await?.iter().map(|r| r.get(0)).collect())
    }

    /// Takes the lease of every game that needs a node and has none that is alive (its node died,
    /// or it never had one); the games taken.
    pub async fn take_over(&self, node: &str, ttl_ms: i64) -> anyhow::Result<Vec<String>> {
        let Store::Postgres(p) = self else { return Ok(Vec::new()) };
        let c = p.lease_client().await?;
        let sql = format!(
            "INSERT INTO game_leases (game_id, node, expires_at)
             SELECT id, $1::text, {DB_NOW} + $2::bigint FROM games g WHERE {NEEDS_A_NODE}
                AND NOT EXISTS (SELECT 1 FROM game_leases l WHERE l.game_id = g.id AND l.expires_at >= {DB_NOW})
             ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, expires_at = excluded.expires_at
             WHERE game_leases.expires_at < {DB_NOW}
             RETURNING game_id"
        );
        Ok(c.query(&sql, &[&node, &ttl_ms]).await?.iter().map(|r| r.get(0)).collect())
    }

    /// Gives up every lease of `node` (a graceful stop: the others take the games at once).
    pub async fn release_leases(&self, node: &str) -> anyhow::Result<()> {
        let Store::Postgres(p) = self else { return Ok(()) };
        p.client().await?.execute("DELETE FROM game_leases WHERE node = $1", &[&node]).await?;
        Ok(())
    }

    /// Sends a notice on [`LOBBY_CHANNEL`] (nothing on SQLite: nobody else is listening).
    pub async fn notify_lobby(&self, payload: &str) -> anyhow::Result<()> {
        let Store::Postgres(p) = self else { return Ok(()) };
        p.client().await?.execute("SELECT pg_notify($1, $2)", &[&LOBBY_CHANNEL, &payload]).await?;
        Ok(())
    }

    /// Listens on both channels over a connection of its own and hands every notice to
    /// `notices`; `ready` is called once listening (notices from before are not seen: the caller
    /// catches up then). Returns when the connection ends; the caller connects again.
    pub async fn listen(
        &self,
        notices: tokio::sync::mpsc::Sender<Notice>,
        lagged: &std::sync::atomic::AtomicBool,
        ready: impl FnOnce(),
    ) -> anyhow::Result<()> {
        let Store::Postgres(p) = self else {
            std::future::pending::<()>().await;
            return Ok(());
        };
        listen(p, notices, lagged, ready).await
    }
}

async fn listen(
    p: &Pg,
    notices: tokio::sync::mpsc::Sender<Notice>,
    lagged: &std::sync::atomic::AtomicBool,
    ready: impl FnOnce(),
) -> anyhow::Result<()> {
    let (client, mut conn) = p.config.connect(NoTls).await?;
    let (done_tx, done) = tokio::sync::oneshot::channel::<anyhow::Result<()>>();
    let (fwd_tx, mut fwd) = tokio::sync::mpsc::channel::<Notice>(1024);
    // The connection is driven by reading its messages; notices go on, the rest is ignored.
    tokio::spawn(async move {
        let mut messages = std::pin::pin!(futures_util::stream::poll_fn(move |cx| conn.poll_message(cx)));
        let end = loop {
            match messages.next().await {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    let notice =
                        Notice { channel: n.channel().to_string(), payload: n.payload().to_string() };
                    if fwd_tx.send(notice).await.is_err() {
                        break Ok(());
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => break Err(e.into()),
                None => break Ok(()),
            }
        };
        let _ = done_tx.send(end);
    });
    client.batch_execute(&format!("LISTEN {GAMES_CHANNEL}; LISTEN {LOBBY_CHANNEL}")).await?;
    ready();
    let forward = async {
        while let Some(n) = fwd.recv().await {
            // A handler that falls behind is told so, and catches up on every game it watches.
            if notices.try_send(n).is_err() {
                lagged.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
    };
    tokio::select! {
        _ = forward => Ok(()),
        end = done => end.unwrap_or(Ok(())),
    }
}
