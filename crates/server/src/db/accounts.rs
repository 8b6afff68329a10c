//! The statements of accounts, sessions and ratings, written once for both stores: the tables
//! of migration 6 use only TEXT, 64-bit integers and doubles, and parameters are numbered in the
//! order they first appear (`$1`, `$2`, …): SQLite numbers `$N` names in that order, so it binds
//! them by position like PostgreSQL (a later `$1` again is the same parameter in both).

use super::Store;
use crate::glicko::Rating;
use rusqlite::OptionalExtension;

/// An account.
#[derive(Clone, Debug)]
pub struct User {
    pub id: String,
    /// As the player typed it at sign-up.
    pub username: String,
    /// The argon2id hash in PHC form.
    pub password: String,
}

/// A rating on a game's leaderboard or an account's page.
#[derive(Clone, Debug, serde::Serialize)]
pub struct RatingLine {
    pub username: String,
    pub game: String,
    pub rating: f64,
    pub rd: f64,
    pub games: i64,
    pub provisional: bool,
}

/// A game of an account (its "my games" list).
#[derive(Clone, Debug, serde::Serialize)]
pub struct MyGame {
    pub id: String,
    pub game: String,
    pub color: &'static str,
    pub status: String,
    pub result: Option<String>,
    pub rated: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The lowercase form usernames are unique by.
pub fn username_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

const INSERT_USER: &str = "INSERT INTO users (id, username, username_key, password, created_at)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (username_key) DO NOTHING";
const USER_BY_KEY: &str = "SELECT id, username, password FROM users WHERE username_key = $1";
const USER_BY_ID: &str = "SELECT id, username, password FROM users WHERE id = $1";
const INSERT_SESSION: &str =
    "INSERT INTO sessions (token, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)";
const SESSION_USER: &str =
    "SELECT u.id, u.username, u.password FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token = $1 AND s.expires_at > $2";
const DELETE_SESSION: &str = "DELETE FROM sessions WHERE token = $1";
const SET_PASSWORD: &str = "UPDATE users SET password = $1 WHERE id = $2";
const DELETE_SESSIONS_OF: &str = "DELETE FROM sessions WHERE user_id = $1";
const MY_GAMES: &str =
    "SELECT id, game, CASE WHEN white_user = $1 THEN 'white' ELSE 'black' END, status, result,
        rated, created_at, updated_at
    FROM games WHERE white_user = $1 OR black_user = $1 ORDER BY updated_at DESC LIMIT $2";
const RATING: &str = "SELECT rating, rd, vol FROM ratings WHERE user_id = $1 AND game = $2";
const UPSERT_RATING: &str = "INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated_at)
    VALUES ($1, $2, $3, $4, $5, 1, $6)
    ON CONFLICT (user_id, game) DO UPDATE SET rating = $3, rd = $4, vol = $5, games = ratings.games + 1,
        updated_at = $6";
const RATINGS_OF: &str = "SELECT u.username, r.game, r.rating, r.rd, r.games FROM ratings r
    JOIN users u ON u.id = r.user_id WHERE r.user_id = $1 ORDER BY r.game";
const LEADERBOARD: &str = "SELECT u.username, r.game, r.rating, r.rd, r.games FROM ratings r
    JOIN users u ON u.id = r.user_id WHERE r.game = $1 ORDER BY r.rating DESC LIMIT $2";
/// Marks a finished rated game's ratings as applied, once (several nodes may see it end).
const CLAIM_RATING: &str =
    "UPDATE games SET rated_at = $1 WHERE id = $2 AND rated = 1 AND rated_at IS NULL AND status = 'over'";

fn line(username: String, game: String, rating: f64, rd: f64, games: i64) -> RatingLine {
    let provisional = rd > crate::glicko::PROVISIONAL_RD;
    RatingLine { username, game, rating, rd, games, provisional }
}

impl Store {
    /// Creates an account; false if the username (in any case) is taken.
    pub async fn create_user(&self, u: &User, now: i64) -> anyhow::Result<bool> {
        let key = username_key(&u.username);
        let u = u.clone();
        match self {
            Store::Sqlite(db) => {
                db.write(move |c| {
                    Ok(c.execute(INSERT_USER, rusqlite::params![u.id, u.username, key, u.password, now])?
                        == 1)
                })
                .await
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                Ok(c.execute(INSERT_USER, &[&u.id, &u.username, &key, &u.password, &now]).await? == 1)
            }
        }
    }

    pub async fn user_by_name(&self, name: &str) -> anyhow::Result<Option<User>> {
        self.user_query(USER_BY_KEY, username_key(name), None).await
    }

    pub async fn user_by_id(&self, id: &str) -> anyhow::Result<Option<User>> {
        self.user_query(USER_BY_ID, id.to_string(), None).await
    }

    /// The account of a live session (by the hash of its token).
    pub async fn session_user(&self, token_hash: &str, now: i64) -> anyhow::Result<Option<User>> {
        self.user_query(SESSION_USER, token_hash.to_string(), Some(now)).await
    }

    async fn user_query(
        &self,
        sql: &'static str,
        key: String,
        now: Option<i64>,
    ) -> anyhow::Result<Option<User>> {
        match self {
            Store::Sqlite(db) => {
                db.read(move |c| {
                    let row = |r: &rusqlite::Row| {
                        Ok(User { id: r.get(0)?, username: r.get(1)?, password: r.get(2)? })
                    };
                    match now {
                        Some(n) => c.query_row(sql, rusqlite::params![key, n], row).optional(),
                        None => c.query_row(sql, [key], row).optional(),
                    }
                })
                .await
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                let r = match now {
                    Some(n) => c.query_opt(sql, &[&key, &n]).await?,
                    None => c.query_opt(sql, &[&key]).await?,
                };
                Ok(r.map(|r| User { id: r.get(0), username: r.get(1), password: r.get(2) }))
            }
        }
    }

    pub async fn create_session(
        &self,
        token_hash: &str,
        user: &str,
        now: i64,
        expires: i64,
    ) -> anyhow::Result<()> {
        let (t, u) = (token_hash.to_string(), user.to_string());
        match self {
            Store::Sqlite(db) => {
                db.write(move |c| {
                    c.execute(INSERT_SESSION, rusqlite::params![t, u, now, expires]).map(|_| ())
                })
                .await
            }
            Store::Postgres(p) => {
                p.client().await?.execute(INSERT_SESSION, &[&t, &u, &now, &expires]).await?;
                Ok(())
            }
        }
    }

    pub async fn delete_session(&self, token_hash: &str) -> anyhow::Result<()> {
        let t = token_hash.to_string();
        match self {
            Store::Sqlite(db) => db.write(move |c| c.execute(DELETE_SESSION, [t]).map(|_| ())).await,
            Store::Postgres(p) => {
                p.client().await?.execute(DELETE_SESSION, &[&t]).await?;
                Ok(())
            }
        }
    }

    /// Sets an account's password and ends all its sessions (a stolen session dies with the
    /// old password); the caller then opens a fresh one.
    pub async fn set_password(&self, user: &str, hash: &str) -> anyhow::Result<()> {
        let (u, h) = (user.to_string(), hash.to_string());
        match self {
            Store::Sqlite(db) => {
                db.write(move |c| {
                    c.execute(SET_PASSWORD, [&h, &u])?;
                    c.execute(DELETE_SESSIONS_OF, [&u])?;
                    Ok(())
                })
                .await
            }
            Store::Postgres(p) => {
                let mut c = p.client().await?;
                let tx = c.transaction().await?;
                tx.execute(SET_PASSWORD, &[&h, &u]).await?;
                tx.execute(DELETE_SESSIONS_OF, &[&u]).await?;
                tx.commit().await?;
                Ok(())
            }
        }
    }

    /// An account's games, most recently changed first.
    pub async fn my_games(&self, user: &str, limit: i64) -> anyhow::Result<Vec<MyGame>> {
        let u = user.to_string();
        let color = |c: &str| if c == "white" { "white" } else { "black" };
        match self {
            Store::Sqlite(db) => {
                db.read(move |c| {
                    let mut st = c.prepare(MY_GAMES)?;
                    let rows = st.query_map(rusqlite::params![u, limit], |r| {
                        Ok(MyGame {
                            id: r.get(0)?,
                            game: r.get(1)?,
                            color: color(&r.get::<_, String>(2)?),
                            status: r.get(3)?,
                            result: r.get(4)?,
                            rated: r.get::<_, i64>(5)? != 0,
                            created_at: r.get(6)?,
                            updated_at: r.get(7)?,
                        })
                    })?;
                    rows.collect()
                })
                .await
            }
            Store::Postgres(p) => {
                let rows = p.client().await?.query(MY_GAMES, &[&u, &limit]).await?;
                Ok(rows
                    .iter()
                    .map(|r| MyGame {
                        id: r.get(0),
                        game: r.get(1),
                        color: color(r.get::<_, &str>(2)),
                        status: r.get(3),
                        result: r.get(4),
                        rated: r.get::<_, i64>(5) != 0,
                        created_at: r.get(6),
                        updated_at: r.get(7),
                    })
                    .collect())
            }
        }
    }

    /// Ratings of an account (`by_user`) or the leaderboard of a game.
    pub async fn ratings(
        &self,
        by_user: Option<&str>,
        game: Option<&str>,
        limit: i64,
    ) -> anyhow::Result<Vec<RatingLine>> {
        let (sql, key) = match (by_user, game) {
            (Some(u), _) => (RATINGS_OF, u.to_string()),
            (None, g) => (LEADERBOARD, g.unwrap_or("").to_string()),
        };
        let by_user = by_user.is_some();
        match self {
            Store::Sqlite(db) => {
                db.read(move |c| {
                    let mut st = c.prepare(sql)?;
                    let map =
                        |r: &rusqlite::Row| Ok(line(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?));
                    let rows = if by_user {
                        st.query_map([key], map)?
                    } else {
                        st.query_map(rusqlite::params![key, limit], map)?
                    };
                    rows.collect()
                })
                .await
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                let rows = if by_user {
                    c.query(sql, &[&key]).await?
                } else {
                    c.query(sql, &[&key, &limit]).await?
                };
                Ok(rows.iter().map(|r| line(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))).collect())
            }
        }
    }

    /// Applies a finished rated game to both players' ratings, exactly once (the claim on
    /// `rated_at` and the two updates are one transaction). `score` is White's (1, ½, 0).
    /// Returns the new ratings, or `None` if the game was already rated (or is not rated).
    pub async fn rate_game(
        &self,
        id: &str,
        game: &str,
        users: [String; 2],
        score: f64,
        now: i64,
    ) -> anyhow::Result<Option<(Rating, Rating)>> {
        let (id, game) = (id.to_string(), game.to_string());
        let start = crate::glicko::START;
        match self {
            Store::Sqlite(db) => {
                db.write(move |c| {
                    if c.execute(CLAIM_RATING, rusqlite::params![now, id])? != 1 {
                        return Ok(None);
                    }
                    let get = |u: &String| {
                        c.query_row(RATING, [u, &game], |r| {
                            Ok(Rating { rating: r.get(0)?, rd: r.get(1)?, vol: r.get(2)? })
                        })
                        .optional()
                        .map(|r| r.unwrap_or(start))
                    };
                    let (w, b) = crate::glicko::after_game(get(&users[0])?, get(&users[1])?, score);
                    for (u, r) in [(&users[0], w), (&users[1], b)] {
                        c.execute(UPSERT_RATING, rusqlite::params![u, game, r.rating, r.rd, r.vol, now])?;
                    }
                    Ok(Some((w, b)))
                })
                .await
            }
            Store::Postgres(p) => {
                let mut c = p.client().await?;
                let tx = c.transaction().await?;
                if tx.execute(CLAIM_RATING, &[&now, &id]).await? != 1 {
                    return Ok(None);
                }
                let mut before = [start; 2];
                for (i, u) in users.iter().enumerate() {
                    // Row locks, so two games ending at once on two nodes do not lose an update.
                    let sql = format!("{RATING} FOR UPDATE");
                    if let Some(r) = tx.query_opt(&sql, &[u, &game]).await? {
                        before[i] = Rating { rating: r.get(0), rd: r.get(1), vol: r.get(2) };
                    }
                }
                let (w, b) = crate::glicko::after_game(before[0], before[1], score);
                for (u, r) in [(&users[0], w), (&users[1], b)] {
                    tx.execute(UPSERT_RATING, &[u, &game, &r.rating, &r.rd, &r.vol, &now]).await?;
                }
                tx.commit().await?;
                Ok(Some((w, b)))
            }
        }
    }
}
