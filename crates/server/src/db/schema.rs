//! Versioned migrations. `PRAGMA user_version` records how many have been applied; a file of an
//! unknown version (written by a newer build, or damaged) is refused rather than written to.

use rusqlite::{Connection, Transaction};

/// One schema change.
enum Migration {
    Sql(&'static str),
    /// A change SQL alone cannot make (hashing stored secrets).
    Rust(fn(&Transaction) -> rusqlite::Result<()>),
}

/// Migrations in order. Never edit one that has shipped: append a new one.
const MIGRATIONS: &[Migration] = &[
    // 1: games and their moves.
    Migration::Sql(
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
    ),
    // 2: time controls (NULL: a correspondence game without clocks).
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
    ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;",
    ),
    // 3: the lobby's order has an index.
    Migration::Sql("CREATE INDEX games_updated ON games(updated_at);"),
    // 4: seat tokens and invites are kept as hashes (a copy of the file seats nobody).
    Migration::Rust(hash_secrets),
    // 5: an imported record's tags (JSON pairs) and the rematch a finished game led to (JSON).
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN tags TEXT;
    ALTER TABLE games ADD COLUMN rematch TEXT;",
    ),
];

/// Columns the code reads, per table: checked at start-up so that a damaged or hand-edited file
/// is refused with its missing column named, not met later as `no such column`.
const COLUMNS: &[(&str, &[&str])] = &[
    (
        "games",
        &[
            "id",
            "game",
            "options",
            "start_fen",
            "white",
            "black",
            "white_token",
            "black_token",
            "invite",
            "status",
            "result",
            "reason",
            "draw_offer",
            "created_at",
            "updated_at",
            "clock_initial_ms",
            "clock_increment_ms",
            "tags",
            "rematch",
        ],
    ),
    ("moves", &["game_id", "ply", "coord", "text", "at"]),
];

fn hash_secrets(tx: &Transaction) -> rusqlite::Result<()> {
    let rows: Vec<(String, [Option<String>; 3])> = tx
        .prepare("SELECT id, white_token, black_token, invite FROM games")?
        .query_map([], |r| Ok((r.get(0)?, [r.get(1)?, r.get(2)?, r.get(3)?])))?
        .collect::<rusqlite::Result<_>>()?;
    let mut st =
        tx.prepare("UPDATE games SET white_token = ?2, black_token = ?3, invite = ?4 WHERE id = ?1")?;
    for (id, secrets) in rows {
        let [w, b, i] = secrets.map(|s| s.map(|s| crate::secrets::hash(&s)));
        st.execute(rusqlite::params![id, w, b, i])?;
    }
    Ok(())
}

/// Why a file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    #[error(
        "schema version {found} is not one this ccg knows (0 to {known}): a newer ccg wrote it, \
         or it is damaged; it was left untouched"
    )]
    UnknownVersion { found: i64, known: usize },
    #[error("schema version {version} but table {table} has no column {column}: the file is damaged")]
    MissingColumn { version: usize, table: &'static str, column: &'static str },
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
}

/// Applies the migrations the file has not seen yet, each in its own transaction, after refusing
/// a version outside `0..=schema_version()`; then checks the columns the code reads.
pub fn migrate(conn: &mut Connection) -> Result<(), SchemaError> {
    let have: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if have < 0 || have as u64 > MIGRATIONS.len() as u64 {
        return Err(SchemaError::UnknownVersion { found: have, known: MIGRATIONS.len() });
    }
    for (i, m) in MIGRATIONS.iter().enumerate().skip(have as usize) {
        let tx = conn.transaction()?;
        match m {
            Migration::Sql(sql) => tx.execute_batch(sql)?,
            Migration::Rust(f) => f(&tx)?,
        }
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        tx.commit()?;
        tracing::info!(version = i + 1, "database migrated");
    }
    for (table, columns) in COLUMNS {
        let present: Vec<String> = conn
            .prepare(&format!("PRAGMA table_info({table})"))?
            .query_map([], |r| r.get(1))?
            .collect::<rusqlite::Result<_>>()?;
        if let Some(column) = columns.iter().find(|c| !present.iter().any(|p| p == *c)) {
            return Err(SchemaError::MissingColumn { version: MIGRATIONS.len(), table, column });
        }
    }
    Ok(())
}

/// Schema version the code expects (tests compare it with the file).
pub fn schema_version() -> usize {
    MIGRATIONS.len()
}
