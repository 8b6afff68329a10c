//! Versioned migrations, each in both dialects. SQLite's `PRAGMA user_version` (PostgreSQL: the
//! table `ccg_schema`) records how many have been applied; a store of an unknown version
//! (written by a newer build, or damaged) is refused rather than written to.

use rusqlite::{Connection, Transaction};

/// One schema change in SQLite's dialect.
enum Sqlite {
    Sql(&'static str),
    /// A change SQL alone cannot make (hashing stored secrets).
    Rust(fn(&Transaction) -> rusqlite::Result<()>),
}

/// One schema change, numbered by its place in [`MIGRATIONS`], in both dialects: the SQLite file
/// and the PostgreSQL database of the same version have the same tables and columns.
pub(super) struct Step {
    sqlite: Sqlite,
    pub(super) postgres: &'static str,
}

/// Migrations in order. Never edit one that has shipped: append a new one.
pub(super) const MIGRATIONS: &[Step] = &[
    // 1: games and their moves.
    Step {
        sqlite: Sqlite::Sql(
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
        postgres: "CREATE TABLE games (
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
        created_at  BIGINT NOT NULL,
        updated_at  BIGINT NOT NULL
    );
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply     INTEGER NOT NULL,
        coord   TEXT NOT NULL,
        text    TEXT NOT NULL,
        at      BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_status ON games(status);",
    },
    // 2: time controls (NULL: a correspondence game without clocks).
    Step {
        sqlite: Sqlite::Sql(
            "ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
    ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;",
        ),
        postgres: "ALTER TABLE games ADD COLUMN clock_initial_ms BIGINT;
    ALTER TABLE games ADD COLUMN clock_increment_ms BIGINT;",
    },
    // 3: the lobby's order has an index.
    Step {
        sqlite: Sqlite::Sql("CREATE INDEX games_updated ON games(updated_at);"),
        postgres: "CREATE INDEX games_updated ON games(updated_at);",
    },
    // 4: seat tokens and invites are kept as hashes (a copy of the file seats nobody).
    Step {
        sqlite: Sqlite::Rust(hash_secrets),
        postgres: "UPDATE games SET
        white_token = encode(sha256(convert_to(white_token, 'UTF8')), 'hex'),
        black_token = encode(sha256(convert_to(black_token, 'UTF8')), 'hex'),
        invite = encode(sha256(convert_to(invite, 'UTF8')), 'hex');",
    },
    // 5: an imported record's tags (JSON pairs) and the rematch a finished game led to (JSON).
    Step {
        sqlite: Sqlite::Sql(
            "ALTER TABLE games ADD COLUMN tags TEXT;
    ALTER TABLE games ADD COLUMN rematch TEXT;",
        ),
        postgres: "ALTER TABLE games ADD COLUMN tags TEXT;
    ALTER TABLE games ADD COLUMN rematch TEXT;",
    }, // 6: accounts, their sessions (token hashes) and ratings per game id; a game's seats may
    // belong to accounts, and a rated game is rated once (`rated_at`).
    Step {
        sqlite: Sqlite::Sql(
            "CREATE TABLE users (
        id           TEXT PRIMARY KEY,
        username     TEXT NOT NULL,
        username_key TEXT NOT NULL UNIQUE,
        password     TEXT NOT NULL,
        created_at   INTEGER NOT NULL
    );
    CREATE TABLE sessions (
        token      TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users(id),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
    );
    CREATE INDEX sessions_user ON sessions(user_id);
    CREATE TABLE ratings (
        user_id    TEXT NOT NULL REFERENCES users(id),
        game       TEXT NOT NULL,
        rating     REAL NOT NULL,
        rd         REAL NOT NULL,
        vol        REAL NOT NULL,
        games      INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, game)
    );
    CREATE INDEX ratings_board ON ratings(game, rating);
    ALTER TABLE games ADD COLUMN white_user TEXT REFERENCES users(id);
    ALTER TABLE games ADD COLUMN black_user TEXT REFERENCES users(id);
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN rated_at INTEGER;
    CREATE INDEX games_white_user ON games(white_user, updated_at);
    CREATE INDEX games_black_user ON games(black_user, updated_at);",
        ),
        postgres: "CREATE TABLE users (
        id           TEXT PRIMARY KEY,
        username     TEXT NOT NULL,
        username_key TEXT NOT NULL UNIQUE,
        password     TEXT NOT NULL,
        created_at   BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        token      TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users(id),
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
    );
    CREATE INDEX sessions_user ON sessions(user_id);
    CREATE TABLE ratings (
        user_id    TEXT NOT NULL REFERENCES users(id),
        game       TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        rd         DOUBLE PRECISION NOT NULL,
        vol        DOUBLE PRECISION NOT NULL,
        games      BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, game)
    );
    CREATE INDEX ratings_board ON ratings(game, rating);
    ALTER TABLE games ADD COLUMN white_user TEXT REFERENCES users(id);
    ALTER TABLE games ADD COLUMN black_user TEXT REFERENCES users(id);
    ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN rated_at BIGINT;
    CREATE INDEX games_white_user ON games(white_user, updated_at);
    CREATE INDEX games_black_user ON games(black_user, updated_at);",
    },
    // 7: open seeks and challenges of the lobby.
    Step {
        sqlite: Sqlite::Sql(
            "CREATE TABLE seeks (
        id                 TEXT PRIMARY KEY,
        user_id            TEXT NOT NULL REFERENCES users(id),
        game               TEXT NOT NULL,
        options            TEXT NOT NULL,
        clock_initial_ms   INTEGER,
        clock_increment_ms INTEGER,
        rated              INTEGER NOT NULL,
        color              TEXT NOT NULL,
        target_id          TEXT REFERENCES users(id),
        created_at         INTEGER NOT NULL,
        expires_at         INTEGER NOT NULL
    );
    CREATE INDEX seeks_user ON seeks(user_id);
    CREATE INDEX seeks_created ON seeks(created_at);
    CREATE INDEX seeks_expires ON seeks(expires_at);",
        ),
        postgres: "CREATE TABLE seeks (
        id                 TEXT PRIMARY KEY,
        user_id            TEXT NOT NULL REFERENCES users(id),
        game               TEXT NOT NULL,
        options            TEXT NOT NULL,
        clock_initial_ms   BIGINT,
        clock_increment_ms BIGINT,
        rated              BIGINT NOT NULL,
        color              TEXT NOT NULL,
        target_id          TEXT REFERENCES users(id),
        created_at         BIGINT NOT NULL,
        expires_at         BIGINT NOT NULL
    );
    CREATE INDEX seeks_user ON seeks(user_id);
    CREATE INDEX seeks_created ON seeks(created_at);
    CREATE INDEX seeks_expires ON seeks(expires_at);",
    },
    // 8: several nodes on one database: a version per game (each change of its row adds one, and
    // a change is stored only onto the version it was made from), and the lease of the node that
    // runs a game's clock and engine replies (docs/deployment.md).
    Step {
        sqlite: Sqlite::Sql(
            "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE game_leases (
        game_id    TEXT PRIMARY KEY REFERENCES games(id),
        node       TEXT NOT NULL,
        expires_at INTEGER NOT NULL
    );
    CREATE INDEX game_leases_node ON game_leases(node);",
        ),
        postgres: "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
    CREATE TABLE game_leases (
        game_id    TEXT PRIMARY KEY REFERENCES games(id),
        node       TEXT NOT NULL,
        expires_at BIGINT NOT NULL
    );
    CREATE INDEX game_leases_node ON game_leases(node);",
    },
];

/// Columns the code reads, per table: checked at start-up so that a damaged or hand-edited file
/// is refused with its missing column named, not met later as `no such column`.
pub(super) const COLUMNS: &[(&str, &[&str])] = &[
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
            "white_user",
            "black_user",
            "rated",
            "rated_at",
            "version",
        ],
    ),
    (
        "seeks",
        &[
            "id",
            "user_id",
            "game",
            "options",
            "clock_initial_ms",
            "clock_increment_ms",
            "rated",
            "color",
            "target_id",
            "created_at",
            "expires_at",
        ],
    ),
    ("users", &["id", "username", "username_key", "password", "created_at"]),
    ("sessions", &["token", "user_id", "created_at", "expires_at"]),
    ("ratings", &["user_id", "game", "rating", "rd", "vol", "games", "updated_at"]),
    ("moves", &["game_id", "ply", "coord", "text", "at"]),
    ("game_leases", &["game_id", "node", "expires_at"]),
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
    #[error("{0}")]
    Other(String),
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
        match &m.sqlite {
            Sqlite::Sql(sql) => tx.execute_batch(sql)?,
            Sqlite::Rust(f) => f(&tx)?,
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
