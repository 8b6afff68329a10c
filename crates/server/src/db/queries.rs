//! The SQLite statements of the server, each served by an index (see `schema`; a test reads the query
//! plans). Secrets are stored as hashes ([`crate::secrets`]).

use super::now_ms;
use super::rows::{json_column, GameRow, GameSummary, GameUpdate, MoveRow, Rematch, StoredGame};
use crate::model::StoredColor;
use ccg_core::Color;
use rusqlite::{params, Connection, OptionalExtension};

fn from_json_column<T: serde::de::DeserializeOwned>(
    i: usize,
    text: Option<String>,
) -> rusqlite::Result<Option<T>> {
    text.map(|t| {
        serde_json::from_str(&t).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
        })
    })
    .transpose()
}

pub fn insert_game(c: &Connection, g: &GameRow, moves: &[MoveRow]) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO games (id, game, options, start_fen, white, black, white_token, black_token,
            invite, status, result, reason, draw_offer, created_at, updated_at, clock_initial_ms,
            clock_increment_ms, tags, rematch, white_user, black_user, rated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14, ?15, ?16, ?17, ?18,
            ?19, ?20, ?21)",
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
            g.draw_offer.map(StoredColor),
            g.created_at,
            g.clock.map(|c| c.0),
            g.clock.map(|c| c.1),
            json_column(&g.tags, g.tags.is_empty()),
            json_column(&g.rematch, g.rematch.is_none()),
            g.users[0],
            g.users[1],
            g.rated as i64
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

/// Stores a move (if any) and the game's new state onto version `version` of the game
/// (atomically: run it through `Db::write`); false, changing nothing, if the game is at another
/// version (a change made meanwhile).
pub fn update_game(
    c: &Connection,
    id: &str,
    version: i64,
    mv: Option<&MoveRow>,
    u: &GameUpdate,
) -> rusqlite::Result<bool> {
    // The row first: its version decides, before any move is written.
    let n = c.execute(
        "UPDATE games SET status = ?2, result = ?3, reason = ?4, draw_offer = ?5, invite = ?6,
            updated_at = ?7, version = version + 1 WHERE id = ?1 AND version = ?8",
        params![id, u.status, u.result, u.reason, u.draw_offer.map(StoredColor), u.invite, now_ms(), version],
    )?;
    if n != 1 {
        return Ok(false);
    }
    if let Some(m) = mv {
        insert_move(c, id, m)?;
    }
    Ok(true)
}

/// A stored game, or why its row cannot be read (a damaged file: the error names the column).
pub fn load_game(c: &Connection, id: &str) -> rusqlite::Result<Option<StoredGame>> {
    let row = c
        .query_row(
            "SELECT id, game, options, start_fen, white, black, white_token, black_token, invite,
                status, result, reason, draw_offer, created_at, clock_initial_ms, clock_increment_ms,
                tags, rematch, white_user, black_user, rated, version
             FROM games WHERE id = ?1",
            [id],
            |r| {
                let options: String = r.get(2)?;
                let options = serde_json::from_str(&options).map_err(|e| {
                    rusqlite::Error::FromSqlConversionFailure(2, rusqlite::types::Type::Text, Box::new(e))
                })?;
                let row = GameRow {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    options,
                    start_fen: r.get(3)?,
                    seats: [r.get(4)?, r.get(5)?],
                    tokens: [r.get(6)?, r.get(7)?],
                    invite: r.get(8)?,
                    status: r.get(9)?,
                    result: r.get(10)?,
                    reason: r.get(11)?,
                    draw_offer: r.get::<_, Option<StoredColor>>(12)?.map(|c| c.0),
                    created_at: r.get(13)?,
                    clock: match (r.get(14)?, r.get(15)?) {
                        (Some(a), Some(b)) => Some((a, b)),
                        _ => None,
                    },
                    tags: from_json_column(16, r.get(16)?)?.unwrap_or_default(),
                    rematch: from_json_column(17, r.get(17)?)?,
                    users: [r.get(18)?, r.get(19)?],
                    rated: r.get::<_, i64>(20)? != 0,
                };
                Ok((row, r.get::<_, i64>(21)?))
            },
        )
        .optional()?;
    let Some((row, version)) = row else { return Ok(None) };
    let mut st = c.prepare("SELECT ply, coord, text, at FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let moves = st
        .query_map([id], |r| {
            Ok(MoveRow { ply: r.get(0)?, coord: r.get(1)?, text: r.get(2)?, at: r.get(3)? })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Some(StoredGame { row, moves, version }))
}

/// Ids of unfinished games that need the server after a restart: the engine may owe a reply,
/// or a clock may run out.
pub const RESUME_QUERY: &str = "SELECT id FROM games WHERE status = 'active'
    AND (white LIKE 'engine%' OR black LIKE 'engine%' OR clock_initial_ms IS NOT NULL)";

pub fn games_to_resume(c: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut st = c.prepare(RESUME_QUERY)?;
    let ids = st.query_map([], |r| r.get(0))?.collect();
    ids
}

/// The lobby's list: most recently changed first (index `games_updated`), moves counted on the
/// moves' primary key.
pub const RECENT_QUERY: &str = "SELECT g.id, g.game, g.white, g.black, g.status,
        (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
     FROM games g ORDER BY g.updated_at DESC LIMIT ?1";

/// Recent games for the lobby. A row that cannot be read (a damaged file) is left out with a
/// warning, so one bad game does not take the list down.
pub fn recent_games(c: &Connection, limit: u32) -> rusqlite::Result<Vec<GameSummary>> {
    let mut st = c.prepare(RECENT_QUERY)?;
    let rows = st.query_map([limit], |r| {
        Ok(GameSummary {
            id: r.get(0)?,
            game: r.get(1)?,
            white: r.get(2)?,
            black: r.get(3)?,
            status: r.get(4)?,
            ply: r.get(5)?,
        })
    })?;
    let mut out = Vec::new();
    for r in rows {
        match r {
            Ok(s) => out.push(s),
            Err(e) => tracing::warn!("lobby: a stored game cannot be read: {e}"),
        }
    }
    Ok(out)
}

/// Gives the open seat of `color` its token (hash) and uses up the invite, if the invite (hash)
/// still matches.
pub fn join_seat(
    c: &Connection,
    id: &str,
    color: Color,
    invite_hash: &str,
    token_hash: &str,
    user: Option<&str>,
) -> rusqlite::Result<bool> {
    let (col, ucol) = match color {
        Color::White => ("white_token", "white_user"),
        Color::Black => ("black_token", "black_user"),
    };
    let n = c.execute(
        &format!(
            "UPDATE games SET {col} = ?3, {ucol} = ?5, invite = NULL, updated_at = ?4,
                version = version + 1 WHERE id = ?1 AND invite = ?2 AND {col} IS NULL"
        ),
        params![id, invite_hash, token_hash, now_ms(), user],
    )?;
    Ok(n == 1)
}

/// Records the rematch of a finished game, unless one was recorded meanwhile.
pub fn set_rematch(c: &Connection, id: &str, r: &Rematch) -> rusqlite::Result<bool> {
    let n = c.execute(
        "UPDATE games SET rematch = ?2, updated_at = ?3, version = version + 1
         WHERE id = ?1 AND rematch IS NULL",
        params![id, json_column(r, false), now_ms()],
    )?;
    Ok(n == 1)
}

/// Gives the open seat of `color` of a game without an invite (a rematch) its token (hash).
pub fn take_open_seat(c: &Connection, id: &str, color: Color, token_hash: &str) -> rusqlite::Result<bool> {
    let col = match color {
        Color::White => "white_token",
        Color::Black => "black_token",
    };
    let n = c.execute(
        &format!(
            "UPDATE games SET {col} = ?2, updated_at = ?3, version = version + 1
             WHERE id = ?1 AND invite IS NULL AND {col} IS NULL"
        ),
        params![id, token_hash, now_ms()],
    )?;
    Ok(n == 1)
}
