//! The PostgreSQL store (`--db postgres://user@host:port/dbname`): a pool of connections
//! (tokio-postgres + deadpool), the migrations of [`super::schema`] in PostgreSQL's dialect
//! (applied under an advisory lock, so nodes starting together migrate once), and the same
//! statements as the SQLite store. Every write is one transaction committed with
//! `synchronous_commit=on` before it returns, so an acknowledged move is on the server's disk.

use super::rows::{json_column, GameRow, GameSummary, GameUpdate, MoveRow, Rematch, Since, StoredGame};
use super::schema::{SchemaError, COLUMNS, MIGRATIONS};
use super::{now_ms, Damaged};
use crate::model::{parse_color, GameResult, Seat, Status};
use ccg_core::Color;
use deadpool_postgres::GenericClient;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use std::time::Duration;
use tokio_postgres::types::ToSql;
use tokio_postgres::{NoTls, Row};

/// Connections per node: writes and reads of many games at once without exhausting the
/// server's `max_connections` (100 by default) when a few nodes share it.
const POOL_SIZE: usize = 16;

/// Key of the advisory lock held while migrating.
const MIGRATION_LOCK: i64 = 0x6363_6773_6368_656d; // "ccgschem"

#[derive(Clone)]
pub struct Pg {
    pool: Pool,
    /// The heartbeat's own connection (see `crate::nodes`): a lease is renewed on time however
    /// many requests wait for the pool.
    leases: Pool,
    pub(super) config: tokio_postgres::Config,
}

type Params<'a> = [&'a (dyn ToSql + Sync)];

/// The columns of `games` that [`stored_game`] reads, in its order (a literal, for `concat!`).
macro_rules! game_columns {
    () => {
        "id, game, options, start_fen, white, black, white_token, black_token, invite, status, \
         result, reason, draw_offer, created_at, clock_initial_ms, clock_increment_ms, tags, \
         rematch, white_user, black_user, rated, version,"
    };
}

impl Pg {
    pub async fn open(url: &str) -> anyhow::Result<Pg> {
        let mut config: tokio_postgres::Config =
            url.parse().map_err(|e| anyhow::anyhow!("--db {}: {e}", redact(url)))?;
        // Durable before acknowledged, whatever the server's default.
        let options = format!("{} -c synchronous_commit=on", config.get_options().unwrap_or(""));
        config.options(options.trim());
        config.connect_timeout(Duration::from_secs(10));
        if config.get_application_name().is_none() {
            config.application_name("ccg serve");
        }
        let pool = |size| {
            let manager = Manager::from_config(
                config.clone(),
                NoTls,
                ManagerConfig { recycling_method: RecyclingMethod::Fast },
            );
            Pool::builder(manager)
                .max_size(size)
                .wait_timeout(Some(Duration::from_secs(30)))
                .create_timeout(Some(Duration::from_secs(10)))
                .runtime(deadpool_postgres::Runtime::Tokio1)
                .build()
        };
        let (pool, leases) = (pool(POOL_SIZE)?, pool(1)?);
        let pg = Pg { pool, leases, config };
        pg.migrate().await.map_err(|e| anyhow::anyhow!("database {}: {e}", pg.describe()))?;
        Ok(pg)
    }

    pub fn describe(&self) -> String {
        let hosts: Vec<String> = self
            .config
            .get_hosts()
            .iter()
            .map(|h| match h {
                tokio_postgres::config::Host::Tcp(h) => h.clone(),
                tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
            })
            .collect();
        format!(
            "postgres://{}:{}/{}",
            hosts.join(","),
            self.config.get_ports().first().copied().unwrap_or(5432),
            self.config.get_dbname().unwrap_or("")
        )
    }

    pub(super) async fn client(&self) -> anyhow::Result<deadpool_postgres::Object> {
        self.pool.get().await.map_err(|e| anyhow::anyhow!("database {}: {e}", self.describe()))
    }

    /// The heartbeat's connection, outside the pool of the requests.
    pub(super) async fn lease_client(&self) -> anyhow::Result<deadpool_postgres::Object> {
        self.leases.get().await.map_err(|e| anyhow::anyhow!("database {}: {e}", self.describe()))
    }

    /// Applies the migrations the database has not seen, each in its own transaction, under an
    /// advisory lock; refuses a version this build does not know; checks the columns it reads.
    async fn migrate(&self) -> Result<(), SchemaError> {
        let mut c = self.client().await.map_err(|e| SchemaError::Other(e.to_string()))?;
        let pg = |e: tokio_postgres::Error| SchemaError::Other(e.to_string());
        c.batch_execute("CREATE TABLE IF NOT EXISTS ccg_schema (version INTEGER NOT NULL)")
            .await
            .map_err(pg)?;
        c.execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK]).await.map_err(pg)?;
        let r = self.migrate_locked(&mut c).await;
        c.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]).await.map_err(pg)?;
        r
    }

    async fn migrate_locked(&self, c: &mut deadpool_postgres::Object) -> Result<(), SchemaError> {
        let pg = |e: tokio_postgres::Error| SchemaError::Other(e.to_string());
        let have: i64 = match c.query_opt("SELECT version FROM ccg_schema", &[]).await.map_err(pg)? {
            Some(r) => r.get::<_, i32>(0) as i64,
            None => {
                c.execute("INSERT INTO ccg_schema (version) VALUES (0)", &[]).await.map_err(pg)?;
                0
            }
        };
        if have < 0 || have as u64 > MIGRATIONS.len() as u64 {
            return Err(SchemaError::UnknownVersion { found: have, known: MIGRATIONS.len() });
        }
        for (i, m) in MIGRATIONS.iter().enumerate().skip(have as usize) {
            let tx = c.transaction().await.map_err(pg)?;
            tx.batch_execute(m.postgres).await.map_err(pg)?;
            tx.execute("UPDATE ccg_schema SET version = $1", &[&((i + 1) as i32)]).await.map_err(pg)?;
            tx.commit().await.map_err(pg)?;
            tracing::info!(version = i + 1, "database migrated");
        }
        for (table, columns) in COLUMNS {
            let present: Vec<String> = c
                .query(
                    "SELECT column_name::text FROM information_schema.columns
                     WHERE table_schema = current_schema() AND table_name = $1",
                    &[table],
                )
                .await
                .map_err(pg)?
                .iter()
                .map(|r| r.get(0))
                .collect();
            if let Some(column) = columns.iter().find(|c| !present.iter().any(|p| p == *c)) {
                return Err(SchemaError::MissingColumn { version: MIGRATIONS.len(), table, column });
            }
        }
        Ok(())
    }

    pub async fn insert_game(&self, g: &GameRow, moves: &[MoveRow]) -> anyhow::Result<()> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        insert_game(&tx, g, moves).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores a move (if any) and the game's new state onto version `version`, and tells the
    /// other nodes (NOTIFY, sent on commit); false, changing nothing, if the game is at another
    /// version. One statement, so one round trip: the row's update takes its lock (concurrent
    /// changes of one game wait, then find the version moved on), the move is inserted only
    /// through that update's result, and the notice only for it.
    pub async fn update_game(
        &self,
        id: &str,
        version: i64,
        mv: Option<&MoveRow>,
        u: &GameUpdate,
    ) -> anyhow::Result<bool> {
        let c = self.client().await?;
        let r = c
            .query_one(
                "WITH u AS (
                    UPDATE games SET status = $2, result = $3, reason = $4, draw_offer = $5,
                        invite = $6, updated_at = $7, version = version + 1
                    WHERE id = $1 AND version = $8 RETURNING id, version),
                 m AS (
                    INSERT INTO moves (game_id, ply, coord, text, at)
                    SELECT id, $9::integer, $10::text, $11::text, $12::bigint FROM u
                    WHERE $9::integer IS NOT NULL RETURNING 1),
                 n AS (SELECT pg_notify($13::text, id || ' ' || version::text) FROM u)
                 SELECT (SELECT count(*) FROM u), (SELECT count(*) FROM m), (SELECT count(*) FROM n)",
                &[
                    &id,
                    &u.status.as_str(),
                    &u.result.map(GameResult::token),
                    &u.reason,
                    &u.draw_offer.map(Color::name),
                    &u.invite,
                    &now_ms(),
                    &version,
                    &mv.map(|m| m.ply as i32),
                    &mv.map(|m| m.coord.as_str()),
                    &mv.map(|m| m.text.as_str()),
                    &mv.map(|m| m.at),
                    &super::cluster::GAMES_CHANNEL,
                ],
            )
            .await?;
        Ok(r.get::<_, i64>(0) == 1)
    }

    /// The game, its moves and its version, read by one statement (one snapshot, so the moves
    /// are those of the version read).
    pub async fn load_game(&self, id: &str) -> anyhow::Result<Option<StoredGame>> {
        let c = self.client().await?;
        let Some(r) = c
            .query_opt(
                concat!(
                    "SELECT ",
                    game_columns!(),
                    "
                    ARRAY(SELECT ply FROM moves WHERE game_id = g.id ORDER BY ply),
                    ARRAY(SELECT coord FROM moves WHERE game_id = g.id ORDER BY ply),
                    ARRAY(SELECT text FROM moves WHERE game_id = g.id ORDER BY ply),
                    ARRAY(SELECT at FROM moves WHERE game_id = g.id ORDER BY ply)
                 FROM games g WHERE id = $1"
                ),
                &[&id],
            )
            .await?
        else {
            return Ok(None);
        };
        Ok(Some(stored_game(&r)?))
    }

    /// See [`super::Store::game_since`]: one statement, so a node's freshness check and its
    /// catching up on a change are one round trip, and the moves it holds are not sent again.
    pub async fn game_since(&self, id: &str, version: i64, ply: u32) -> anyhow::Result<Since> {
        let c = self.client().await?;
        let Some(r) = c
            .query_opt(
                concat!(
                    "SELECT ",
                    game_columns!(),
                    "
                    ARRAY(SELECT ply FROM moves WHERE game_id = g.id AND ply > $2 ORDER BY ply),
                    ARRAY(SELECT coord FROM moves WHERE game_id = g.id AND ply > $2 ORDER BY ply),
                    ARRAY(SELECT text FROM moves WHERE game_id = g.id AND ply > $2 ORDER BY ply),
                    ARRAY(SELECT at FROM moves WHERE game_id = g.id AND ply > $2 ORDER BY ply),
                    (SELECT count(*) FROM moves WHERE game_id = g.id)
                 FROM games g WHERE id = $1 AND version <> $3"
                ),
                &[&id, &(ply as i32), &version],
            )
            .await?
        else {
            let found = c.query_opt("SELECT 1 FROM games WHERE id = $1", &[&id]).await?;
            return Ok(if found.is_some() { Since::Same } else { Since::Missing });
        };
        let total: i64 = r.get(26);
        Ok(Since::Changed { game: Box::new(stored_game(&r)?), total: total as u32 })
    }

    pub async fn games_to_resume(&self) -> anyhow::Result<Vec<String>> {
        let c = self.client().await?;
        Ok(c.query(super::RESUME_QUERY, &[]).await?.iter().map(|r| r.get(0)).collect())
    }

    pub async fn recent_games(&self, limit: u32) -> anyhow::Result<Vec<GameSummary>> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT g.id, g.game, g.white, g.black, g.status,
                    (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
                 FROM games g ORDER BY g.updated_at DESC LIMIT $1",
                &[&(limit as i64)],
            )
            .await?;
        let mut out = Vec::new();
        for r in rows {
            let line = || -> Result<GameSummary, Damaged> {
                Ok(GameSummary {
                    id: r.get(0),
                    game: r.get(1),
                    white: seat(r.get(2))?,
                    black: seat(r.get(3))?,
                    status: status(r.get(4))?,
                    ply: r.get(5),
                })
            };
            match line() {
                Ok(s) => out.push(s),
                Err(e) => tracing::warn!("lobby: a stored game cannot be read: {e}"),
            }
        }
        Ok(out)
    }

    pub async fn join_seat(
        &self,
        id: &str,
        color: Color,
        invite: &str,
        token: &str,
        user: Option<&str>,
    ) -> anyhow::Result<bool> {
        let col = token_column(color);
        let ucol = if color == Color::White { "white_user" } else { "black_user" };
        let sql = format!(
            "UPDATE games SET {col} = $3, invite = NULL, updated_at = $4, {ucol} = $5,
                version = version + 1
             WHERE id = $1 AND invite = $2 AND {col} IS NULL RETURNING version"
        );
        self.update_notified(id, &sql, &[&id, &invite, &token, &now_ms(), &user]).await
    }

    pub async fn take_open_seat(&self, id: &str, color: Color, token: &str) -> anyhow::Result<bool> {
        let col = token_column(color);
        let sql = format!(
            "UPDATE games SET {col} = $2, updated_at = $3, version = version + 1
             WHERE id = $1 AND invite IS NULL AND {col} IS NULL RETURNING version"
        );
        self.update_notified(id, &sql, &[&id, &token, &now_ms()]).await
    }

    pub async fn start_rematch(&self, old: &str, link: &Rematch, new: &GameRow) -> anyhow::Result<bool> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let Some(r) = tx
            .query_opt(
                "UPDATE games SET rematch = $2, updated_at = $3, version = version + 1
                 WHERE id = $1 AND rematch IS NULL RETURNING version",
                &[&old, &json_column(link, false), &now_ms()],
            )
            .await?
        else {
            return Ok(false);
        };
        insert_game(&tx, new, &[]).await?;
        notify_game(&tx, old, r.get(0)).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Runs one `UPDATE games … RETURNING version` of game `id` in its own transaction and tells
    /// the other nodes; whether it changed the row.
    async fn update_notified(&self, id: &str, sql: &str, params: &Params<'_>) -> anyhow::Result<bool> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let Some(r) = tx.query_opt(sql, params).await? else { return Ok(false) };
        notify_game(&tx, id, r.get(0)).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Tells every node (their LISTEN, see [`super::cluster`]) that game `id` is now at `version`;
/// PostgreSQL delivers it when the transaction commits, and not at all if it rolls back.
async fn notify_game(c: &impl GenericClient, id: &str, version: i64) -> anyhow::Result<()> {
    c.execute("SELECT pg_notify($1, $2)", &[&super::cluster::GAMES_CHANNEL, &format!("{id} {version}")])
        .await?;
    Ok(())
}

fn token_column(color: Color) -> &'static str {
    match color {
        Color::White => "white_token",
        Color::Black => "black_token",
    }
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://…{}", &url[..s], &url[at..]),
        _ => url.to_string(),
    }
}

async fn insert_game(c: &impl GenericClient, g: &GameRow, moves: &[MoveRow]) -> anyhow::Result<()> {
    c.execute(
        "INSERT INTO games (id, game, options, start_fen, white, black, white_token, black_token,
            invite, status, result, reason, draw_offer, created_at, updated_at, clock_initial_ms,
            clock_increment_ms, tags, rematch, white_user, black_user, rated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17, $18,
            $19, $20, $21)",
        &[
            &g.id,
            &g.game,
            &serde_json::to_string(&g.options).unwrap_or_else(|_| "[]".into()),
            &g.start_fen,
            &g.seats[0].code(),
            &g.seats[1].code(),
            &g.tokens[0],
            &g.tokens[1],
            &g.invite,
            &g.status.as_str(),
            &g.result.map(GameResult::token),
            &g.reason,
            &g.draw_offer.map(Color::name),
            &g.created_at,
            &g.clock.map(|c| c.0),
            &g.clock.map(|c| c.1),
            &json_column(&g.tags, g.tags.is_empty()),
            &json_column(&g.rematch, g.rematch.is_none()),
            &g.users[0],
            &g.users[1],
            &(g.rated as i64),
        ],
    )
    .await?;
    for m in moves {
        insert_move(c, &g.id, m).await?;
    }
    Ok(())
}

async fn insert_move(c: &impl GenericClient, id: &str, m: &MoveRow) -> anyhow::Result<()> {
    c.execute(
        "INSERT INTO moves (game_id, ply, coord, text, at) VALUES ($1, $2, $3, $4, $5)",
        &[&id, &(m.ply as i32), &m.coord, &m.text, &m.at],
    )
    .await?;
    Ok(())
}

fn damaged(what: &str, s: &str) -> Damaged {
    Damaged(format!("stored {what} {s:?} is not one this ccg knows"))
}

fn seat(s: String) -> Result<Seat, Damaged> {
    Seat::parse(&s).ok_or_else(|| damaged("seat", &s))
}

fn status(s: String) -> Result<Status, Damaged> {
    Status::parse(&s).ok_or_else(|| damaged("status", &s))
}

fn json<T: serde::de::DeserializeOwned>(column: &str, text: Option<String>) -> Result<Option<T>, Damaged> {
    text.map(|t| serde_json::from_str(&t).map_err(|e| Damaged(format!("column {column}: {e}")))).transpose()
}

/// A game's row, version and moves from the columns of [`Pg::load_game`] (moves as arrays).
fn stored_game(r: &Row) -> Result<StoredGame, Damaged> {
    let row = game_row(r)?;
    let version: i64 = r.get(21);
    let (plies, coords, texts, ats): (Vec<i32>, Vec<String>, Vec<String>, Vec<i64>) =
        (r.get(22), r.get(23), r.get(24), r.get(25));
    let moves = plies
        .into_iter()
        .zip(coords)
        .zip(texts)
        .zip(ats)
        .map(|(((ply, coord), text), at)| MoveRow { ply: ply as u32, coord, text, at })
        .collect();
    Ok(StoredGame { row, moves, version })
}

fn game_row(r: &Row) -> Result<GameRow, Damaged> {
    let result: Option<String> = r.get(10);
    let draw_offer: Option<String> = r.get(12);
    Ok(GameRow {
        id: r.get(0),
        game: r.get(1),
        options: json("options", Some(r.get(2)))?.unwrap_or_default(),
        start_fen: r.get(3),
        seats: [seat(r.get(4))?, seat(r.get(5))?],
        tokens: [r.get(6), r.get(7)],
        invite: r.get(8),
        status: status(r.get(9))?,
        result: result.map(|s| GameResult::parse(&s).ok_or_else(|| damaged("result", &s))).transpose()?,
        reason: r.get(11),
        draw_offer: draw_offer.map(|s| parse_color(&s).ok_or_else(|| damaged("colour", &s))).transpose()?,
        created_at: r.get(13),
        clock: match (r.get(14), r.get(15)) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        },
        tags: json("tags", r.get(16))?.unwrap_or_default(),
        rematch: json("rematch", r.get(17))?,
        users: [r.get(18), r.get(19)],
        rated: r.get::<_, i64>(20) != 0,
    })
}
