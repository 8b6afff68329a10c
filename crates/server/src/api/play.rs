//! Playing: moves, draw offers, resignation, and the live-update stream.

use super::error::ErrorBody;
use super::lifecycle::{commit, finished, play, update_of};
use super::{player, ApiError, ApiResult, JsonBody};
use crate::model::{GameResult, Seat};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;
use serde_json::Value;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::wrappers::BroadcastStream;
use utoipa::ToSchema;

/// Longest move text looked at (the longest real move is far shorter).
const MAX_MOVE_TEXT: usize = 64;

/// A move.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MakeMove {
    /// The move in the author's notation (`f3-f5`) or coordinate form (`f3f5`).
    #[serde(rename = "move")]
    text: String,
    /// Moves played so far as the client saw them; a stale client is refused.
    ply: Option<usize>,
}

#[utoipa::path(post, path = "/games/{id}/moves", tag = "play", params(("id" = String, Path, description = "game id")),
    request_body = MakeMove, security(("seat" = [])),
    description = "Plays a move for the token's seat; answered once the move is stored. The answer is the new state.",
    responses((status = 200, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn make_move(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    viewer: super::account::Viewer,
    JsonBody(req): JsonBody<MakeMove>,
) -> ApiResult<Json<Value>> {
    let mut g = state.lock_game(&id).await?;
    let me = player(&g, &headers, &viewer)?;
    if g.is_over() {
        return Err(ApiError::conflict("game_over", "the game is over"));
    }
    if g.pos.side_to_move() != me {
        return Err(ApiError::conflict(
            "not_your_turn",
            format!("it is {}'s move", g.pos.side_to_move().name()),
        ));
    }
    if let Some(p) = req.ply.filter(|&p| p != g.moves.len()) {
        return Err(ApiError::conflict(
            "stale",
            format!("you saw {p} moves; {} have been played", g.moves.len()),
        ));
    }
    if req.text.len() > MAX_MOVE_TEXT {
        return Err(ApiError::unprocessable("illegal_move", "move text too long"));
    }
    let m = match g.pos.parse_move(&req.text) {
        Ok(p) => p.mv,
        Err(e) => g
            .pos
            .parse_coord(&req.text)
            .map_err(|_| ApiError::unprocessable("illegal_move", format!("{:?}: {}", e.token, e.why)))?,
    };
    play(&state, &mut g, m).await?;
    Ok(Json(g.view(Some(me))))
}

/// What to do about a draw.
#[derive(Deserialize, Clone, Copy, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

/// A draw offer, or the answer to one.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    action: DrawAction,
}

#[utoipa::path(post, path = "/games/{id}/draw", tag = "play", params(("id" = String, Path, description = "game id")),
    request_body = Draw, security(("seat" = [])),
    description = "Offers a draw, or accepts or declines the opponent's offer (a move declines it too; the engine never takes draws).",
    responses((status = 200, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn draw(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    viewer: super::account::Viewer,
    JsonBody(req): JsonBody<Draw>,
) -> ApiResult<Json<Value>> {
    let mut g = state.lock_game(&id).await?;
    let me = player(&g, &headers, &viewer)?;
    if g.is_over() {
        return Err(ApiError::conflict("game_over", "the game is over"));
    }
    let offered_to_me = g.row.draw_offer == Some(me.other());
    let u = match req.action {
        DrawAction::Offer => {
            if matches!(g.seat(me.other()), Seat::Engine(_)) {
                return Err(ApiError::conflict(
                    "engine_declines",
                    "the engine plays on: it does not take draw offers",
                ));
            }
            if offered_to_me {
                return Err(ApiError::conflict("offer_pending", "your opponent offers a draw: accept it"));
            }
            crate::db::GameUpdate { draw_offer: Some(me), ..update_of(&g) }
        }
        DrawAction::Accept if offered_to_me => finished(&g, GameResult::Draw, "agreement"),
        DrawAction::Decline if offered_to_me => crate::db::GameUpdate { draw_offer: None, ..update_of(&g) },
        DrawAction::Accept | DrawAction::Decline => {
            return Err(ApiError::conflict("no_offer", "there is no draw offer to answer"))
        }
    };
    commit(&state, &mut g, None, u).await?;
    Ok(Json(g.view(Some(me))))
}

#[utoipa::path(post, path = "/games/{id}/resign", tag = "play", params(("id" = String, Path, description = "game id")),
    security(("seat" = [])), description = "Resigns the game for the token's seat.",
    responses((status = 200, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    viewer: super::account::Viewer,
) -> ApiResult<Json<Value>> {
    let mut g = state.lock_game(&id).await?;
    let me = player(&g, &headers, &viewer)?;
    if g.is_over() {
        return Err(ApiError::conflict("game_over", "the game is over"));
    }
    let u = finished(&g, GameResult::won_by(Some(me.other())), "resignation");
    commit(&state, &mut g, None, u).await?;
    Ok(Json(g.view(Some(me))))
}

/// Server-sent events: the game's public state now, then after every change, until the server
/// stops (so that a graceful stop does not wait for streams that never end).
#[utoipa::path(get, path = "/games/{id}/events", tag = "play", params(("id" = String, Path, description = "game id")),
    description = "Server-sent events: an event `state` with the public state now and after every change.",
    responses((status = 200, content_type = "text/event-stream", body = String), (status = 404, body = ErrorBody)))]
pub async fn events(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let game = state.game(&id).await?;
    let rx = state.subscribe(&id);
    let now = game.lock().await.view(None).to_string();
    let first = stream::once(async move { Ok(Event::default().event("state").data(now)) });
    let rest = BroadcastStream::new(rx).filter_map(|m| async move {
        // A lagging watcher skips to the next full state, which is all it needs.
        m.ok().map(|s| Ok(Event::default().event("state").data(s.as_str())))
    });
    let mut stopping = state.stopping.subscribe();
    let stop = async move {
        let _ = stopping.wait_for(|s| *s).await;
    };
    let keepalive = Duration::from_secs(state.limits.sse_keepalive_s.max(1));
    Ok(Sse::new(first.chain(rest).take_until(stop)).keep_alive(KeepAlive::new().interval(keepalive)))
}
