//! The store, behind one interface ([`Store`]) with two implementations: an embedded SQLite file
//! (the default: nothing to install or run, [`sqlite`]) and a PostgreSQL server (`--db
//! postgres://…`, [`postgres`]), for several `ccg serve` nodes on one database. Both apply the same
//! numbered migrations ([`schema`], each step written in both dialects) and both answer a write
//! only once it is committed to disk, so an acknowledged move survives a crash.

mod accounts;
pub mod cluster;
mod postgres;
mod queries;
mod rows;
pub mod schema;
mod seeks;
pub mod sqlite;

pub use accounts::{username_key, MyGame, RatingLine, User};
pub use queries::{RECENT_QUERY, RESUME_QUERY};
pub use rows::{GameRow, GameSummary, GameUpdate, MoveRow, Rematch, Since, StoredGame};
pub use schema::schema_version;
pub use seeks::{Seek, SeekRefused};

use ccg_core::Color;
use std::path::Path;

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A stored value this build cannot read (a damaged row): the game answers `corrupt_game`, the
/// rest of the store is unaffected.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Damaged(pub String);

/// The store of games. Every method is one transaction; a write returns once committed.
#[derive(Clone)]
pub enum Store {
    Sqlite(sqlite::Db),
    Postgres(Box<postgres::Pg>),
}

/// Whether `--db` names a PostgreSQL server rather than a file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

impl Store {
    /// Opens the store `--db` names, a SQLite file (created on first run) or a `postgres://` URL,
    /// and brings its schema up to date; refuses a store whose schema this build does not know.
    pub async fn open(db: &Path) -> anyhow::Result<Store> {
        match db.to_str().filter(|s| is_postgres_url(s)) {
            Some(url) => Ok(Store::Postgres(Box::new(postgres::Pg::open(url).await?))),
            None => Ok(Store::Sqlite(sqlite::Db::open(db)?)),
        }
    }

    /// The name to log: the file, or the server without its password.
    pub fn describe(&self) -> String {
        match self {
            Store::Sqlite(db) => db.path().display().to_string(),
            Store::Postgres(p) => p.describe(),
        }
    }

    pub async fn insert_game(&self, g: GameRow, moves: Vec<MoveRow>) -> anyhow::Result<()> {
        match self {
            Store::Sqlite(db) => db.write(move |c| queries::insert_game(c, &g, &moves)).await,
            Store::Postgres(p) => p.insert_game(&g, &moves).await,
        }
    }

    /// Stores a move (if any) and the game's new state, atomically, onto version `version` of
    /// the game; false, changing nothing, if the game is at another version (a change was
    /// stored meanwhile, by another node on PostgreSQL).
    pub async fn update_game(
        &self,
        id: &str,
        version: i64,
        mv: Option<MoveRow>,
        u: GameUpdate,
    ) -> anyhow::Result<bool> {
        match self {
            Store::Sqlite(db) => {
                let id = id.to_string();
                db.write(move |c| queries::update_game(c, &id, version, mv.as_ref(), &u)).await
            }
            Store::Postgres(p) => p.update_game(id, version, mv.as_ref(), &u).await,
        }
    }

    /// A stored game, its moves and version; an error that is [`Damaged`] (or a SQLite
    /// conversion failure) when a row cannot be read.
    pub async fn load_game(&self, id: &str) -> anyhow::Result<Option<StoredGame>> {
        match self {
            Store::Sqlite(db) => {
                let id = id.to_string();
                db.read(move |c| queries::load_game(c, &id)).await
            }
            Store::Postgres(p) => p.load_game(id).await,
        }
    }

    /// Game `id` against a copy at `version` holding its first `ply` moves: the same version,
    /// or the stored row with the moves after the copy's (see [`Since`]).
    pub async fn game_since(&self, id: &str, version: i64, ply: u32) -> anyhow::Result<Since> {
        match self {
            // One process writes a SQLite file: its copies are never behind, so this is rare.
            Store::Sqlite(_) => Ok(match self.load_game(id).await? {
                None => Since::Missing,
                Some(g) if g.version == version => Since::Same,
                Some(mut game) => {
                    let total = game.moves.len() as u32;
                    game.moves.retain(|m| m.ply > ply);
                    Since::Changed { game: Box::new(game), total }
                }
            }),
            Store::Postgres(p) => p.game_since(id, version, ply).await,
        }
    }

    /// Unfinished games that need the server after a restart (an engine's reply, a clock).
    pub async fn games_to_resume(&self) -> anyhow::Result<Vec<String>> {
        match self {
            Store::Sqlite(db) => db.read(queries::games_to_resume).await,
            Store::Postgres(p) => p.games_to_resume().await,
        }
    }

    /// The lobby's list, most recently changed first; unreadable rows are left out.
    pub async fn recent_games(&self, limit: u32) -> anyhow::Result<Vec<GameSummary>> {
        match self {
            Store::Sqlite(db) => db.read(move |c| queries::recent_games(c, limit)).await,
            Store::Postgres(p) => p.recent_games(limit).await,
        }
    }

    /// Gives the open seat of `color` its token (hash) and account (if signed in) and uses up
    /// the invite, if the invite (hash) still matches; false if someone took it meanwhile.
    pub async fn join_seat(
        &self,
        id: &str,
        color: Color,
        invite: &str,
        token: &str,
        user: Option<&str>,
    ) -> anyhow::Result<bool> {
        match self {
            Store::Sqlite(db) => {
                let (id, invite, token) = (id.to_string(), invite.to_string(), token.to_string());
                let user = user.map(String::from);
                db.write(move |c| queries::join_seat(c, &id, color, &invite, &token, user.as_deref())).await
            }
            Store::Postgres(p) => p.join_seat(id, color, invite, token, user).await,
        }
    }

    /// Gives the open seat of `color` of a game without an invite (a rematch) its token (hash).
    pub async fn take_open_seat(&self, id: &str, color: Color, token: &str) -> anyhow::Result<bool> {
        match self {
            Store::Sqlite(db) => {
                let (id, token) = (id.to_string(), token.to_string());
                db.write(move |c| queries::take_open_seat(c, &id, color, &token)).await
            }
            Store::Postgres(p) => p.take_open_seat(id, color, token).await,
        }
    }

    /// Records the rematch of the finished game `old` and stores the new game, both or neither:
    /// false if a rematch was recorded meanwhile.
    pub async fn start_rematch(&self, old: &str, link: Rematch, new: GameRow) -> anyhow::Result<bool> {
        match self {
            Store::Sqlite(db) => {
                let old = old.to_string();
                db.write(move |c| {
                    if !queries::set_rematch(c, &old, &link)? {
                        return Ok(false);
                    }
                    queries::insert_game(c, &new, &[])?;
                    Ok(true)
                })
                .await
            }
            Store::Postgres(p) => p.start_rematch(old, &link, &new).await,
        }
    }
}
