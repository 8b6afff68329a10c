//! The statements of seeks and challenges (migration 7), written once for both stores like
//! [`super::accounts`]. Taking a seek deletes its row and returns it in one statement, so two
//! players accepting at once (on one node or two) never both get it.

use super::Store;
use rusqlite::OptionalExtension;

/// An open seek: a game one account offers to anyone (or, as a challenge, to one account).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Seek {
    pub id: String,
    #[serde(skip)]
    pub user_id: String,
    /// The seeker's username.
    pub username: String,
    pub game: String,
    pub options: Vec<String>,
    /// Initial time and increment in milliseconds; `None`: correspondence.
    pub clock: Option<(i64, i64)>,
    pub rated: bool,
    /// The seeker's colour: `white`, `black` or `random`.
    pub color: String,
    /// A challenge's account (its username); `None`: open to all.
    pub challenge: Option<String>,
    #[serde(skip)]
    pub target_id: Option<String>,
    pub created_at: i64,
    #[serde(skip)]
    pub expires_at: i64,
}

const COLUMNS: &str =
    "s.id, s.user_id, u.username, s.game, s.options, s.clock_initial_ms, s.clock_increment_ms,
    s.rated, s.color, t.username, s.target_id, s.created_at, s.expires_at";
const PURGE: &str = "DELETE FROM seeks WHERE expires_at <= $1";
const COUNT_OF: &str = "SELECT COUNT(*) FROM seeks WHERE user_id = $1";
const COUNT_ALL: &str = "SELECT COUNT(*) FROM seeks";
const INSERT: &str =
    "INSERT INTO seeks (id, user_id, game, options, clock_initial_ms, clock_increment_ms, rated,
    color, target_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";
const CANCEL: &str = "DELETE FROM seeks WHERE id = $1 AND user_id = $2";
const TAKE: &str = "DELETE FROM seeks WHERE id = $1 AND expires_at > $2 RETURNING id";

fn list_sql() -> String {
    format!(
        "SELECT {COLUMNS} FROM seeks s JOIN users u ON u.id = s.user_id LEFT JOIN users t ON t.id = s.target_id
         WHERE s.expires_at > $1 AND (s.target_id IS NULL OR s.target_id = $2 OR s.user_id = $2)
         ORDER BY s.created_at LIMIT $3"
    )
}

fn one_sql() -> String {
    format!(
        "SELECT {COLUMNS} FROM seeks s JOIN users u ON u.id = s.user_id LEFT JOIN users t ON t.id = s.target_id
         WHERE s.id = $1 AND s.expires_at > $2"
    )
}

/// Why a seek was not stored.
#[derive(Debug, PartialEq, Eq)]
pub enum SeekRefused {
    /// The account has this many open seeks already.
    TooManyOfYours(i64),
    /// The lobby is full.
    TooMany(i64),
}

#[allow(clippy::too_many_arguments)]
fn seek_of(
    id: String,
    user_id: String,
    username: String,
    game: String,
    options: String,
    clock: (Option<i64>, Option<i64>),
    rated: i64,
    color: String,
    challenge: Option<String>,
    target_id: Option<String>,
    created_at: i64,
    expires_at: i64,
) -> Seek {
    let clock = match clock {
        (Some(a), Some(b)) => Some((a, b)),
        _ => None,
    };
    let options = serde_json::from_str(&options).unwrap_or_default();
    Seek {
        id,
        user_id,
        username,
        game,
        options,
        clock,
        rated: rated != 0,
        color,
        challenge,
        target_id,
        created_at,
        expires_at,
    }
}

fn sqlite_seek(r: &rusqlite::Row) -> rusqlite::Result<Seek> {
    Ok(seek_of(
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        (r.get(5)?, r.get(6)?),
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
        r.get(10)?,
        r.get(11)?,
        r.get(12)?,
    ))
}

fn pg_seek(r: &tokio_postgres::Row) -> Seek {
    seek_of(
        r.get(0),
        r.get(1),
        r.get(2),
        r.get(3),
        r.get(4),
        (r.get(5), r.get(6)),
        r.get(7),
        r.get(8),
        r.get(9),
        r.get(10),
        r.get(11),
        r.get(12),
    )
}

impl Store {
    /// Stores a seek unless its account already has `per_user` open ones or the lobby `total`
    /// (expired seeks are dropped first).
    pub async fn create_seek(
        &self,
        s: &Seek,
        per_user: i64,
        total: i64,
    ) -> anyhow::Result<Result<(), SeekRefused>> {
        let s = s.clone();
        let opts = serde_json::to_string(&s.options).unwrap_or_else(|_| "[]".into());
        let (ci, cr) = (s.clock.map(|c| c.0), s.clock.map(|c| c.1));
        let rated = s.rated as i64;
        match self {
            Store::Sqlite(db) => {
                db.write(move |c| {
                    c.execute(PURGE, [s.created_at])?;
                    let mine: i64 = c.query_row(COUNT_OF, [&s.user_id], |r| r.get(0))?;
                    if mine >= per_user {
                        return Ok(Err(SeekRefused::TooManyOfYours(mine)));
                    }
                    let all: i64 = c.query_row(COUNT_ALL, [], |r| r.get(0))?;
                    if all >= total {
                        return Ok(Err(SeekRefused::TooMany(all)));
                    }
                    c.execute(
                        INSERT,
                        rusqlite::params![
                            s.id,
                            s.user_id,
                            s.game,
                            opts,
                            ci,
                            cr,
                            rated,
                            s.color,
                            s.target_id,
                            s.created_at,
                            s.expires_at
                        ],
                    )?;
                    Ok(Ok(()))
                })
                .await
            }
            Store::Postgres(p) => {
                let mut c = p.client().await?;
                let tx = c.transaction().await?;
                tx.execute(PURGE, &[&s.created_at]).await?;
                // One seeker's seeks are counted one request at a time, on any node.
                tx.execute("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", &[&s.user_id]).await?;
                let mine: i64 = tx.query_one(COUNT_OF, &[&s.user_id]).await?.get(0);
                if mine >= per_user {
                    return Ok(Err(SeekRefused::TooManyOfYours(mine)));
                }
                let all: i64 = tx.query_one(COUNT_ALL, &[]).await?.get(0);
                if all >= total {
                    return Ok(Err(SeekRefused::TooMany(all)));
                }
                tx.execute(
                    INSERT,
                    &[
                        &s.id,
                        &s.user_id,
                        &s.game,
                        &opts,
                        &ci,
                        &cr,
                        &rated,
                        &s.color,
                        &s.target_id,
                        &s.created_at,
                        &s.expires_at,
                    ],
                )
                .await?;
                tx.commit().await?;
                Ok(Ok(()))
            }
        }
    }

    /// The open seeks `viewer` may see (all open ones, and challenges to or from it), oldest first.
    pub async fn seeks(&self, viewer: Option<&str>, now: i64, limit: i64) -> anyhow::Result<Vec<Seek>> {
        let v = viewer.map(String::from);
        match self {
            Store::Sqlite(db) => {
                db.read(move |c| {
                    let mut st = c.prepare(&list_sql())?;
                    let rows = st.query_map(rusqlite::params![now, v, limit], sqlite_seek)?;
                    rows.collect()
                })
                .await
            }
            Store::Postgres(p) => {
                let rows = p.client().await?.query(&list_sql(), &[&now, &v, &limit]).await?;
                Ok(rows.iter().map(pg_seek).collect())
            }
        }
    }

    pub async fn seek(&self, id: &str, now: i64) -> anyhow::Result<Option<Seek>> {
        let id = id.to_string();
        match self {
            Store::Sqlite(db) => {
                db.read(move |c| c.query_row(&one_sql(), rusqlite::params![id, now], sqlite_seek).optional())
                    .await
            }
            Store::Postgres(p) => {
                Ok(p.client().await?.query_opt(&one_sql(), &[&id, &now]).await?.as_ref().map(pg_seek))
            }
        }
    }

    /// Removes an open seek for its acceptor; false if it is gone (taken, cancelled, expired).
    pub async fn take_seek(&self, id: &str, now: i64) -> anyhow::Result<bool> {
        let id = id.to_string();
        match self {
            Store::Sqlite(db) => {
                db.write(move |c| {
                    Ok(c.query_row(TAKE, rusqlite::params![id, now], |_| Ok(())).optional()?.is_some())
                })
                .await
            }
            Store::Postgres(p) => Ok(p.client().await?.query_opt(TAKE, &[&id, &now]).await?.is_some()),
        }
    }

    /// Cancels one of the account's seeks; false if it has no such seek.
    pub async fn cancel_seek(&self, id: &str, user: &str) -> anyhow::Result<bool> {
        let (id, user) = (id.to_string(), user.to_string());
        match self {
            Store::Sqlite(db) => db.write(move |c| Ok(c.execute(CANCEL, [&id, &user])? == 1)).await,
            Store::Postgres(p) => Ok(p.client().await?.execute(CANCEL, &[&id, &user]).await? == 1),
        }
    }
}
