//! Records and the engine outside games: record export, record import, analysis, catalogue.

use super::error::ErrorBody;
use super::games::check_game_rate;
use super::{new_secret, shared_variant, ApiError, ApiResult, ClientIp, JsonBody};
use crate::db::{self, GameRow, MoveRow};
use crate::game::{move_json, start_position, Game};
use crate::model::{GameResult, Seat, Status};
use crate::secrets;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ccg_core::record::{replay, Record, ReplayError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

/// Most moves an analysis request may play before searching.
const MAX_ANALYSIS_MOVES: usize = 2000;

#[utoipa::path(get, path = "/games/{id}/record", tag = "records", params(("id" = String, Path, description = "game id")),
    description = "The game's record as text in the author's notation, with tags.",
    responses((status = 200, content_type = "text/plain", body = String), (status = 404, body = ErrorBody)))]
pub async fn record(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> ApiResult<Response> {
    let game = state.game(&id).await?;
    let g = game.lock().await;
    let text = g.record().to_text();
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{}-{}.rec\"", g.row.game, g.row.id)),
        ],
        text,
    )
        .into_response())
}

/// A record to import.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Import {
    /// The record text; its `[Game]` tag names the game unless `game` is given.
    record: String,
    game: Option<String>,
    #[serde(default)]
    options: Vec<String>,
}

/// The tags of a record the game keeps as they are: all but those its row holds itself (the game,
/// its options, the start position and the result), which the exported record writes afresh.
fn kept_tags(rec: &Record) -> Vec<(String, String)> {
    rec.tags
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "Game" | "Option" | "Position" | "Result"))
        .cloned()
        .collect()
}

/// The result a record states: the token after its moves, else its `[Result]` tag; the two
/// must agree when both are given.
fn stated_result(rec: &Record) -> ApiResult<Option<GameResult>> {
    let read = |what: &str, s: &str| match s.trim() {
        "*" | "" => Ok(None),
        t => GameResult::parse(t).map(Some).ok_or_else(|| {
            ApiError::unprocessable("bad_record", format!("{what} {t:?} is not a result (1:0, 0:1, 1/2, *)"))
        }),
    };
    let moves = rec.result.as_deref().map(|r| read("the result", r)).transpose()?.flatten();
    let tag = rec.tag("Result").map(|r| read("the [Result] tag", r)).transpose()?.flatten();
    match (moves, tag) {
        (Some(a), Some(b)) if a != b => Err(ApiError::unprocessable(
            "bad_record",
            format!("the [Result] tag says {} but the moves end with {}", b.token(), a.token()),
        )),
        (a, b) => Ok(a.or(b)),
    }
}

/// An imported game, both seats held by the importer.
#[derive(Serialize, ToSchema)]
pub struct Imported {
    id: String,
    url: String,
    tokens: SeatTokens,
    /// Moves replayed.
    moves: usize,
}

#[derive(Serialize, ToSchema)]
pub struct SeatTokens {
    white: String,
    black: String,
}

#[utoipa::path(post, path = "/import", tag = "records", request_body = Import,
    description = "Replays a record and makes it a game (finished if the record ends it or states a result).",
    responses((status = 201, body = Imported), (status = "4XX", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn import(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    JsonBody(req): JsonBody<Import>,
) -> ApiResult<Response> {
    let rec = Record::parse(&req.record).map_err(|e| ApiError::unprocessable("bad_record", e.to_string()))?;
    let game_id = match (&req.game, rec.tag("Game")) {
        (Some(g), _) => g.clone(),
        (None, Some(g)) => g.to_string(),
        (None, None) => return Err(ApiError::bad("no_game", "give \"game\" or a [Game] tag")),
    };
    let mut options = req.options.clone();
    if options.is_empty() {
        options = rec.tags.iter().filter(|(k, _)| k == "Option").map(|(_, v)| v.clone()).collect();
    }
    let variant = shared_variant(&state, &game_id, &options)?;
    let stated = stated_result(&rec)?;
    let played = replay(variant, &rec).map_err(|(e, _)| match e {
        ReplayError::Start(why) => ApiError::bad("bad_position", format!("the [Position] tag: {why}")),
        e => ApiError::unprocessable("illegal_move", e.to_string()),
    })?;
    let start_fen = rec.tag("Position").map(str::to_string);
    let mut start = start_position(played.position.variant().clone(), start_fen.as_deref())
        .map_err(|e| ApiError::bad("bad_position", e))?;
    check_game_rate(&state, ip)?;
    let now = db::now_ms();
    let mut moves = Vec::new();
    for (i, m) in played.moves.iter().enumerate() {
        moves.push(MoveRow {
            ply: i as u32 + 1,
            coord: start.move_coord(m.mv),
            text: m.written.clone(),
            at: now,
        });
        start.make(m.mv);
    }
    let (status, result, reason) = match (played.outcome, stated) {
        (Some(o), _) => (Status::Over, Some(GameResult::won_by(o.winner)), Some(o.reason.to_string())),
        (None, Some(r)) => (Status::Over, Some(r), Some("record".to_string())),
        (None, None) => (Status::Active, None, None),
    };
    let (id, tw, tb) = (new_secret(10)?, new_secret(24)?, new_secret(24)?);
    let row = GameRow {
        id: id.clone(),
        game: game_id,
        options,
        start_fen,
        seats: [Seat::Human, Seat::Human],
        tokens: [Some(secrets::hash(&tw)), Some(secrets::hash(&tb))],
        invite: None,
        status,
        result,
        reason,
        draw_offer: None,
        created_at: now,
        clock: None,
        tags: kept_tags(&rec),
        rematch: None,
        users: [None, None],
        rated: false,
    };
    let (r, ms) = (row.clone(), moves.clone());
    state.db.insert_game(r, ms).await.map_err(ApiError::internal)?;
    let game = Game::load(row, moves, &state.variants).map_err(ApiError::internal)?;
    state.games.insert(game);
    let body = Imported {
        url: format!("/g/{id}"),
        id,
        tokens: SeatTokens { white: tw, black: tb },
        moves: played.moves.len(),
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// A position to analyse.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Analyse {
    game: String,
    #[serde(default)]
    options: Vec<String>,
    fen: Option<String>,
    /// Moves to play from the position first, in the author's notation.
    #[serde(default)]
    moves: Vec<String>,
    /// Search depth, 1..=8 (default 4).
    depth: Option<u32>,
    /// Time limit in milliseconds, at most 5000 (default 1000).
    movetime_ms: Option<u64>,
}

#[utoipa::path(post, path = "/analyse", tag = "engine", request_body = Analyse,
    description = "Searches a position (depth 1-8, at most 5 s) after the engine's replies in games.",
    responses((status = 200, body = Object), (status = "4XX", body = ErrorBody), (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn analyse(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    JsonBody(req): JsonBody<Analyse>,
) -> ApiResult<Json<Value>> {
    let variant = shared_variant(&state, &req.game, &req.options)?;
    let mut pos =
        start_position(variant, req.fen.as_deref()).map_err(|e| ApiError::bad("bad_position", e))?;
    if req.moves.len() > MAX_ANALYSIS_MOVES {
        return Err(ApiError::bad("too_many_moves", format!("at most {MAX_ANALYSIS_MOVES} moves")));
    }
    for (i, t) in req.moves.iter().enumerate() {
        let m = pos.parse_move(t).map_err(|e| {
            ApiError::unprocessable("illegal_move", format!("move {}: {:?}: {}", i + 1, e.token, e.why))
        })?;
        pos.make(m.mv);
    }
    state.analysis_rate.check(ip).map_err(|wait| ApiError::rate_limited("analyses", wait))?;
    let limits = ccg_engine::Limits {
        depth: Some(req.depth.unwrap_or(4).clamp(1, 8)),
        movetime: Some(Duration::from_millis(req.movetime_ms.unwrap_or(1000).clamp(10, 5000))),
        ..ccg_engine::Limits::default()
    };
    let root = pos.clone();
    let r = state
        .pool
        .analysis(move || ccg_engine::analyse(&root, &limits))
        .await
        .map_err(|_| ApiError::busy())?;
    let mut line = pos.clone();
    let mut pv = Vec::new();
    for &m in &r.pv {
        if !line.legal_moves().contains(&m) {
            break;
        }
        pv.push(line.move_text_marked(m));
        line.make(m);
    }
    Ok(Json(json!({
        "best": r.best.map(|m| move_json(&pos, m)),
        "score_cp": r.score_cp,
        "mate_in": r.mate_in,
        "depth": r.depth,
        "nodes": r.nodes,
        "pv": pv,
        "fen": pos.to_fen(),
    })))
}

#[utoipa::path(get, path = "/catalogue", tag = "catalogue",
    description = "Every game of the catalogue, whether it is implemented, its rule options and its rules page.",
    responses((status = 200, body = Object)))]
pub async fn catalogue() -> Json<Value> {
    let games: Vec<Value> = ccg_games::catalogue()
        .iter()
        .map(|g| {
            let implemented = g.status == ccg_games::Status::Implemented;
            let options = if implemented {
                ccg_games::definition(g.id).map(|d| d.option_help()).unwrap_or_default()
            } else {
                Vec::new()
            };
            json!({ "id": g.id, "name": g.name, "status": g.status_label(), "reconstructed": g.reconstructed, "implemented": implemented, "options": options, "rules": format!("/rules#{}", g.id) })
        })
        .collect();
    Json(json!({ "games": games }))
}
