//! The embedded store: one SQLite file, versioned migrations, and the few statements the server
//! needs. Writes are committed in transactions (grouped, see [`Db`]), and the journal is WAL with
//! `synchronous=FULL`, so a write that returned survives a crash of the process or the machine.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Migrations in order; `PRAGMA user_version` records how many have been applied. Never edit one
/// that has shipped: append a new one.
const MIGRATIONS: &[&str] = &[
    // 1: games and their moves.
    "CREATE TABLE games (
        id          TEXT PRIMARY KEY,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,
        start_fen   TEXT,
        white       TEXT NOT NULL,
        black       TEXT NOT NULL,
        white_token TEXT,
        black_token TEXT,
        invite      TEXT,
        status      TEXT NOT NULL,
        result      TEXT,
        reason      TEXT,
        draw_offer  TEXT,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply     INTEGER NOT NULL,
        coord   TEXT NOT NULL,
        text    TEXT NOT NULL,
        at      INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_status ON games(status);",
    // 2: time controls (NULL: a correspondence game without clocks).
    "ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
    ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;",
];

/// A stored game's row (moves are read separately).
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub options: Vec<String>,
    pub start_fen: Option<String>,
    /// `human` or `engine:<level>`.
    pub seats: [String; 2],
    pub tokens: [Option<String>; 2],
    pub invite: Option<String>,
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub draw_offer: Option<String>,
    pub created_at: i64,
    /// Time control: initial time and increment per move, in milliseconds.
    pub clock: Option<(i64, i64)>,
}

#[derive(Clone, Debug)]
pub struct MoveRow {
    pub ply: u32,
    pub coord: String,
    pub text: String,
    pub at: i64,
}

/// A write waiting for the writer thread: it runs inside the batch's transaction and returns
/// what to do once the batch has committed (or failed to).
type Job = Box<dyn FnOnce(&Connection) -> Box<dyn FnOnce(bool) + Send> + Send>;

/// Most writes committed together.
const MAX_BATCH: usize = 256;

/// The database handle. Writes go to one writer thread that commits whatever is waiting as one
/// transaction (group commit): one fsync acknowledges many moves, so many games at once do not
/// queue behind each other's disk flushes. Each write runs in its own savepoint, so a failing
/// write changes nothing and does not spoil the others. Reads use a second connection (WAL lets
/// them run beside the writer) and see every acknowledged write.
#[derive(Clone)]
pub struct Db {
    writer: std::sync::mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

impl Db {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> anyhow::Result<Db> {
        let mut conn = connect(path)?;
        migrate(&mut conn)?;
        let reader = connect(path)?;
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new().name("ccg-db-writer".into()).spawn(move || writer(conn, rx))?;
        Ok(Db { writer: tx, reader: Arc::new(Mutex::new(reader)) })
    }

    /// Runs a read on a blocking thread, so that disk waits never hold up the async workers.
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let conn = self.reader.clone();
        let r = tokio::task::spawn_blocking(move || {
            let c = conn.lock().unwrap_or_else(|p| p.into_inner());
            f(&c)
        })
        .await?;
        Ok(r?)
    }

    /// Runs a write and returns once it is committed to disk.
    pub async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |c: &Connection| {
            let r = c.execute_batch("SAVEPOINT job").and_then(|_| {
                let r = f(c);
                let end = if r.is_ok() { "RELEASE job" } else { "ROLLBACK TO job; RELEASE job" };
                c.execute_batch(end)?;
                r
            });
            Box::new(move |committed: bool| {
                let r = match r {
                    Ok(_) if !committed => Err(anyhow::anyhow!("database commit failed")),
                    r => r.map_err(anyhow::Error::from),
                };
                let _ = tx.send(r);
            })
        });
        self.writer.send(job).map_err(|_| anyhow::anyhow!("database writer stopped"))?;
        rx.await.map_err(|_| anyhow::anyhow!("database writer stopped"))?
    }
}

/// The writer thread: takes every waiting job, runs them in one transaction, commits, answers.
fn writer(conn: Connection, rx: std::sync::mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
            tracing::error!("database: cannot begin: {e}");
            batch.into_iter().for_each(|job| job(&conn)(false));
            continue;
        }
        let answers: Vec<_> = batch.into_iter().map(|job| job(&conn)).collect();
        let committed = match conn.execute_batch("COMMIT") {
            Ok(()) => true,
            Err(e) => {
                tracing::error!("database: commit failed: {e}");
                let _ = conn.execute_batch("ROLLBACK");
                false
            }
        };
        answers.into_iter().for_each(|a| a(committed));
    }
}

/// Applies the migrations the file has not seen yet, each in its own transaction.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let have: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(have.max(0) as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        tx.commit()?;
        tracing::info!(version = i + 1, "database migrated");
    }
    Ok(())
}

/// Schema version the code expects (tests compare it with the file).
pub fn schema_version() -> usize {
    MIGRATIONS.len()
}

pub fn insert_game(c: &Connection, g: &GameRow, moves: &[MoveRow]) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO games (id, game, options, start_fen, white, black, white_token, black_token,
            invite, status, result, reason, draw_offer, created_at, updated_at, clock_initial_ms,
            clock_increment_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14, ?15, ?16)",
        params![
            g.id,
            g.game,
            serde_json::to_string(&g.options).unwrap_or_else(|_| "[]".into()),
            g.start_fen,
            g.seats[0],
            g.seats[1],
            g.tokens[0],
            g.tokens[1],
            g.invite,
            g.status,
            g.result,
            g.reason,
            g.draw_offer,
            g.created_at,
            g.clock.map(|c| c.0),
            g.clock.map(|c| c.1)
        ],
    )?;
    for m in moves {
        insert_move(c, &g.id, m)?;
    }
    Ok(())
}

fn insert_move(c: &Connection, id: &str, m: &MoveRow) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO moves (game_id, ply, coord, text, at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![id, m.ply, m.coord, m.text, m.at],
    )?;
    Ok(())
}

/// What changes about a game besides its moves.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub draw_offer: Option<String>,
    pub invite: Option<String>,
}

/// Stores a move (if any) and the game's new state (atomically: run it through [`Db::write`]).
pub fn update_game(c: &Connection, id: &str, mv: Option<&MoveRow>, u: &GameUpdate) -> rusqlite::Result<()> {
    if let Some(m) = mv {
        insert_move(c, id, m)?;
    }
    c.execute(
        "UPDATE games SET status = ?2, result = ?3, reason = ?4, draw_offer = ?5, invite = ?6,
            updated_at = ?7 WHERE id = ?1",
        params![id, u.status, u.result, u.reason, u.draw_offer, u.invite, now_ms()],
    )?;
    Ok(())
}

pub fn load_game(c: &Connection, id: &str) -> rusqlite::Result<Option<(GameRow, Vec<MoveRow>)>> {
    let row = c
        .query_row(
            "SELECT id, game, options, start_fen, white, black, white_token, black_token, invite,
                status, result, reason, draw_offer, created_at, clock_initial_ms, clock_increment_ms
             FROM games WHERE id = ?1",
            [id],
            |r| {
                let options: String = r.get(2)?;
                Ok(GameRow {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    options: serde_json::from_str(&options).unwrap_or_default(),
                    start_fen: r.get(3)?,
                    seats: [r.get(4)?, r.get(5)?],
                    tokens: [r.get(6)?, r.get(7)?],
                    invite: r.get(8)?,
                    status: r.get(9)?,
                    result: r.get(10)?,
                    reason: r.get(11)?,
                    draw_offer: r.get(12)?,
                    created_at: r.get(13)?,
                    clock: match (r.get(14)?, r.get(15)?) {
                        (Some(a), Some(b)) => Some((a, b)),
                        _ => None,
                    },
                })
            },
        )
        .optional()?;
    let Some(row) = row else { return Ok(None) };
    let mut st = c.prepare("SELECT ply, coord, text, at FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let moves = st
        .query_map([id], |r| {
            Ok(MoveRow { ply: r.get(0)?, coord: r.get(1)?, text: r.get(2)?, at: r.get(3)? })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Some((row, moves)))
}

/// Ids of unfinished games that need the server after a restart: the engine may owe a reply,
/// or a clock may run out.
pub fn games_to_resume(c: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut st = c.prepare(
        "SELECT id FROM games WHERE status = 'active'
            AND (white LIKE 'engine%' OR black LIKE 'engine%' OR clock_initial_ms IS NOT NULL)",
    )?;
    let ids = st.query_map([], |r| r.get(0))?.collect();
    ids
}

/// A line of the lobby's list of recent games.
#[derive(serde::Serialize)]
pub struct GameSummary {
    pub id: String,
    pub game: String,
    pub white: String,
    pub black: String,
    pub status: String,
    pub ply: i64,
}

/// Recent games for the lobby.
pub fn recent_games(c: &Connection, limit: u32) -> rusqlite::Result<Vec<GameSummary>> {
    let mut st = c.prepare(
        "SELECT g.id, g.game, g.white, g.black, g.status,
            (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
         FROM games g ORDER BY g.updated_at DESC LIMIT ?1",
    )?;
    let rows = st
        .query_map([limit], |r| {
            Ok(GameSummary {
                id: r.get(0)?,
                game: r.get(1)?,
                white: r.get(2)?,
                black: r.get(3)?,
                status: r.get(4)?,
                ply: r.get(5)?,
            })
        })?
        .collect();
    rows
}

/// Gives the open seat of `color` its token and uses up the invite, if the invite still matches.
pub fn join_seat(
    c: &Connection,
    id: &str,
    color: usize,
    invite: &str,
    token: &str,
) -> rusqlite::Result<bool> {
    let col = if color == 0 { "white_token" } else { "black_token" };
    let n = c.execute(
        &format!("UPDATE games SET {col} = ?3, invite = NULL, updated_at = ?4 WHERE id = ?1 AND invite = ?2 AND {col} IS NULL"),
        params![id, invite, token, now_ms()],
    )?;
    Ok(n == 1)
}
