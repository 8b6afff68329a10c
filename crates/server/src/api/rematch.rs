//! Rematch: a finished game's player asks for the same game again with the colours swapped
//! (`POST /api/games/{id}/rematch`). The first asker gets the new game and a seat in it; the old
//! game's state then names the rematch, so the opponent sees the offer; a human opponent takes
//! the other seat by asking too (proving the old seat is proof enough), an engine plays at once.

use super::error::ErrorBody;
use super::games::check_game_rate;
use super::{new_secret, player, ApiError, ApiResult, ClientIp};
use crate::db::{self, GameRow, Rematch};
use crate::game::Game;
use crate::model::{Seat, Status};
use crate::secrets;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use std::sync::Arc;

#[utoipa::path(post, path = "/games/{id}/rematch", tag = "play", params(("id" = String, Path, description = "game id")),
    security(("seat" = [])),
    description = "Asks for the finished game again with the colours swapped, or takes the open seat of the rematch the opponent asked for.",
    responses((status = 201, body = Object, description = "the new game: id, url, color, token"),
        (status = 200, body = Object, description = "the rematch that exists: id, url, color, token (null for its asker)"),
        (status = "4XX", body = ErrorBody)))]
pub async fn rematch(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    viewer: super::account::Viewer,
) -> ApiResult<Response> {
    let mut g = state.lock_game(&id).await?;
    let me = player(&g, &headers, &viewer)?;
    if g.row.status != Status::Over {
        return Err(ApiError::conflict("not_over", "a rematch can be asked for once the game is over"));
    }
    // In the rematch the player of `me` plays the other colour.
    let color = me.other();
    if let Some(r) = g.row.rematch.clone() {
        drop(g);
        return join_rematch(&state, &r, me, color).await;
    }
    check_game_rate(&state, ip)?;
    let (new_id, token) = (new_secret(10)?, new_secret(24)?);
    let mut tokens = [None, None];
    tokens[color.index()] = Some(secrets::hash(&token));
    let row = GameRow {
        id: new_id.clone(),
        game: g.row.game.clone(),
        options: g.row.options.clone(),
        start_fen: g.row.start_fen.clone(),
        seats: [g.row.seats[1], g.row.seats[0]],
        tokens,
        invite: None,
        status: Status::Active,
        result: None,
        reason: None,
        draw_offer: None,
        created_at: db::now_ms(),
        clock: g.row.clock,
        tags: Vec::new(),
        rematch: None,
        // The same people, colours swapped.
        users: [g.row.users[1].clone(), g.row.users[0].clone()],
        rated: g.row.rated,
    };
    let link = Rematch { id: new_id.clone(), by: me };
    let (stored, old, l) = (row.clone(), id.clone(), link.clone());
    // Both or neither: the new game exists exactly when the old one names it.
    let recorded = state.db.start_rematch(&old, l, stored).await.map_err(ApiError::internal)?;
    if !recorded {
        return Err(ApiError::conflict("stale", "a rematch was asked for meanwhile: ask again to join it"));
    }
    g.row.rematch = Some(link);
    g.version += 1;
    state.publish(&mut g);
    let new_game = Game::load(row, Vec::new(), &state.variants).map_err(ApiError::internal)?;
    super::lifecycle::schedule_engine(&state, &new_game);
    super::lifecycle::schedule_flag(&state, &new_game);
    state.games.insert(new_game);
    tracing::info!(game = id, rematch = new_id, "rematch");
    let body = json!({ "id": new_id, "url": format!("/g/{new_id}"), "color": color.name(), "token": token });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// The rematch exists: its asker already holds a seat; the opponent takes the open one.
async fn join_rematch(
    state: &Arc<AppState>,
    r: &Rematch,
    me: ccg_core::Color,
    color: ccg_core::Color,
) -> ApiResult<Response> {
    let url = format!("/g/{}", r.id);
    if r.by == me {
        return Ok(
            Json(json!({ "id": r.id, "url": url, "color": color.name(), "token": null })).into_response()
        );
    }
    let mut n = state.lock_game(&r.id).await?;
    if n.row.seats[color.index()] != Seat::Human || n.row.tokens[color.index()].is_some() {
        return Err(ApiError::conflict("no_open_seat", "the rematch has no open seat for you"));
    }
    let token = new_secret(24)?;
    let hash = secrets::hash(&token);
    let (gid, h) = (r.id.clone(), hash.clone());
    let ok = state.db.take_open_seat(&gid, color, &h).await.map_err(ApiError::internal)?;
    if !ok {
        return Err(ApiError::conflict("no_open_seat", "the seat was taken"));
    }
    n.row.tokens[color.index()] = Some(hash);
    n.version += 1;
    state.publish(&mut n);
    Ok(Json(json!({ "id": r.id, "url": url, "color": color.name(), "token": token })).into_response())
}
