//! Seeks and challenges: a signed-in player posts a seek (game, options, clock, rated or
//! casual, colour) or challenges one account by username; the lobby's list arrives by
//! server-sent events (`GET /api/lobby/events`) and changes live; accepting a seek starts the
//! game with both seats owned by the two accounts, and the seeker's lobby stream says so.
//! Bounded: open seeks per account and in all, lobby streams, a seek's lifetime.

use super::account::Viewer;
use super::error::ErrorBody;
use super::games::{parse_clock, ClockSpec, ColorChoice};
use super::{new_secret, shared_variant, ApiError, ApiResult, JsonBody};
use crate::db::{self, GameRow, Seek, SeekRefused};
use crate::game::{start_position, Game};
use crate::model::{Seat, Status};
use crate::{secrets, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ccg_core::Color;
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;
use serde_json::json;
use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::wrappers::BroadcastStream;
use utoipa::ToSchema;

/// Open seeks one account may have at once.
pub const SEEKS_PER_ACCOUNT: i64 = 3;
/// Open seeks in all (the lobby list is sent whole).
pub const MAX_SEEKS: i64 = 500;
/// How long a seek stays open.
pub const SEEK_LIFETIME_MS: i64 = 3600 * 1000;

/// What changed in the lobby, sent to every lobby stream.
#[derive(Clone, Debug)]
pub enum LobbyEvent {
    /// The list changed: each stream reads the list its viewer may see.
    Seeks,
    /// A seek was accepted: the game, and the two accounts.
    Started { seek: String, game: String, users: [String; 2] },
}

/// A seek, or a challenge to one account.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    game: String,
    #[serde(default)]
    options: Vec<String>,
    clock: Option<ClockSpec>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    color: ColorChoice,
    /// A username: a challenge only that account sees and may accept.
    challenge: Option<String>,
}

fn color_name(c: ColorChoice) -> &'static str {
    match c {
        ColorChoice::White => "white",
        ColorChoice::Black => "black",
        ColorChoice::Random => "random",
    }
}

#[utoipa::path(post, path = "/seeks", tag = "lobby", request_body = NewSeek,
    description = "Posts a seek (or a challenge to one username) to the lobby; needs a session.",
    responses((status = 201, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn create_seek(
    State(state): State<Arc<AppState>>,
    viewer: Viewer,
    JsonBody(req): JsonBody<NewSeek>,
) -> ApiResult<Response> {
    let me = viewer.required()?.clone();
    let variant = shared_variant(&state, &req.game, &req.options)?;
    start_position(variant, None).map_err(|e| ApiError::bad("bad_position", e))?;
    let clock = parse_clock(req.clock.as_ref())?;
    let target = match &req.challenge {
        None => None,
        Some(name) => {
            let user = state.db.user_by_name(name).await.map_err(ApiError::internal)?;
            let user = user.ok_or_else(|| ApiError::not_found(&format!("player {name:?}")))?;
            if user.id == me.id {
                return Err(ApiError::conflict("same_account", "you cannot challenge yourself"));
            }
            Some(user)
        }
    };
    let now = db::now_ms();
    let seek = Seek {
        id: new_secret(10)?,
        user_id: me.id.clone(),
        username: me.username.clone(),
        game: req.game.clone(),
        options: req.options.clone(),
        clock,
        rated: req.rated,
        color: color_name(req.color).to_string(),
        challenge: target.as_ref().map(|u| u.username.clone()),
        target_id: target.map(|u| u.id),
        created_at: now,
        expires_at: now + SEEK_LIFETIME_MS,
    };
    match state.db.create_seek(&seek, SEEKS_PER_ACCOUNT, MAX_SEEKS).await.map_err(ApiError::internal)? {
        Ok(()) => {}
        Err(SeekRefused::TooManyOfYours(n)) => {
            return Err(ApiError::conflict(
                "too_many_seeks",
                format!("you have {n} open seeks: cancel one first"),
            ))
        }
        Err(SeekRefused::TooMany(n)) => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!("the lobby is full ({n} open seeks): try again later"),
            ))
        }
    }
    state.lobby_changed(LobbyEvent::Seeks);
    Ok((StatusCode::CREATED, Json(json!({ "id": seek.id, "seek": seek }))).into_response())
}

#[utoipa::path(get, path = "/seeks", tag = "lobby",
    description = "The open seeks the viewer may see (challenges only to or from its account).",
    responses((status = 200, body = Object)))]
pub async fn list_seeks(
    State(state): State<Arc<AppState>>,
    viewer: Viewer,
) -> ApiResult<Json<serde_json::Value>> {
    let seeks = state.db.seeks(viewer.id(), db::now_ms(), MAX_SEEKS).await.map_err(ApiError::internal)?;
    Ok(Json(json!({ "seeks": seeks })))
}

#[utoipa::path(post, path = "/seeks/{id}/cancel", tag = "lobby", params(("id" = String, Path, description = "seek id")),
    description = "Cancels one of your seeks.", responses((status = 200, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn cancel_seek(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    viewer: Viewer,
) -> ApiResult<Json<serde_json::Value>> {
    let me = viewer.required()?;
    if !state.db.cancel_seek(&id, &me.id).await.map_err(ApiError::internal)? {
        return Err(ApiError::not_found(&format!("open seek {id:?} of yours")));
    }
    state.lobby_changed(LobbyEvent::Seeks);
    Ok(Json(json!({ "cancelled": id })))
}

#[utoipa::path(post, path = "/seeks/{id}/accept", tag = "lobby", params(("id" = String, Path, description = "seek id")),
    description = "Accepts a seek: the game starts with both seats owned by the two accounts; the answer is the acceptor's seat.",
    responses((status = 201, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn accept_seek(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    viewer: Viewer,
) -> ApiResult<Response> {
    let me = viewer.required()?.clone();
    let now = db::now_ms();
    let gone = || ApiError::conflict("seek_gone", "this seek was accepted, cancelled or has expired");
    let seek = state.db.seek(&id, now).await.map_err(ApiError::internal)?.ok_or_else(gone)?;
    if seek.user_id == me.id {
        return Err(ApiError::conflict("same_account", "this is your own seek"));
    }
    if seek.target_id.as_ref().is_some_and(|t| *t != me.id) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_for_you",
            "this challenge is for another player",
        ));
    }
    let variant = shared_variant(&state, &seek.game, &seek.options)?;
    let start = start_position(variant, None).map_err(|e| ApiError::bad("bad_position", e))?;
    if !state.db.take_seek(&id, now).await.map_err(ApiError::internal)? {
        return Err(gone());
    }
    let seeker = match seek.color.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        _ if new_secret(1)?.as_bytes()[0] % 2 == 0 => Color::White,
        _ => Color::Black,
    };
    let mine = seeker.other();
    let (game_id, token) = (new_secret(10)?, new_secret(24)?);
    let mut tokens = [None, None];
    tokens[mine.index()] = Some(secrets::hash(&token));
    let mut users = [None, None];
    users[seeker.index()] = Some(seek.user_id.clone());
    users[mine.index()] = Some(me.id.clone());
    let row = GameRow {
        id: game_id.clone(),
        game: seek.game.clone(),
        options: seek.options.clone(),
        start_fen: None,
        seats: [Seat::Human; 2],
        tokens,
        invite: None,
        status: if start.outcome().is_some() { Status::Over } else { Status::Active },
        result: None,
        reason: None,
        draw_offer: None,
        created_at: now,
        clock: seek.clock,
        tags: Vec::new(),
        rematch: None,
        users: users.clone(),
        rated: seek.rated,
    };
    state.db.insert_game(row.clone(), Vec::new()).await.map_err(ApiError::internal)?;
    let game = Game::load(row, Vec::new(), &state.variants).map_err(ApiError::internal)?;
    state.games.insert(game);
    tracing::info!(seek = id, game = game_id, "seek accepted");
    let [Some(w), Some(b)] = users else { return Err(ApiError::internal("seats without accounts")) };
    state.lobby_changed(LobbyEvent::Started { seek: id, game: game_id.clone(), users: [w, b] });
    state.lobby_changed(LobbyEvent::Seeks);
    let body = json!({ "id": game_id, "url": format!("/g/{game_id}"), "color": mine.name(), "token": token });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// Counts a lobby stream while it lives.
struct StreamSlot(Arc<AppState>);

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.lobby_streams.fetch_sub(1, Ordering::Relaxed);
    }
}

#[utoipa::path(get, path = "/lobby/events", tag = "lobby",
    description = "Server-sent events: `seeks` with the open seeks now and after every change; `started` with a game one of your seeks (or a seek you accepted) started.",
    responses((status = 200, content_type = "text/event-stream", body = String), (status = 503, body = ErrorBody)))]
pub async fn lobby_events(
    State(state): State<Arc<AppState>>,
    viewer: Viewer,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let max = state.limits.lobby_streams;
    if state.lobby_streams.fetch_add(1, Ordering::Relaxed) >= max {
        state.lobby_streams.fetch_sub(1, Ordering::Relaxed);
        let message = format!("{max} lobby streams are open: try again later");
        return Err(ApiError {
            retry_after: Some(5),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
        });
    }
    let slot = Arc::new(StreamSlot(state.clone()));
    let rx = state.lobby.subscribe();
    let user = viewer.id().map(String::from);
    let list = {
        let (state, user) = (state.clone(), user.clone());
        move || {
            let (state, user) = (state.clone(), user.clone());
            async move {
                let seeks =
                    state.db.seeks(user.as_deref(), db::now_ms(), MAX_SEEKS).await.unwrap_or_default();
                Event::default().event("seeks").data(json!({ "seeks": seeks }).to_string())
            }
        }
    };
    let first = {
        let list = list.clone();
        stream::once(async move { Ok(list().await) })
    };
    let rest = BroadcastStream::new(rx).filter_map(move |m| {
        let (list, user, _slot) = (list.clone(), user.clone(), slot.clone());
        async move {
            match m.as_deref() {
                // A lagging stream reads the list afresh, which is all it needs.
                Ok(LobbyEvent::Seeks) | Err(_) => Some(Ok(list().await)),
                Ok(LobbyEvent::Started { seek, game, users }) => {
                    let me = user.as_deref()?;
                    let color = users.iter().position(|u| u == me)?;
                    let data = json!({ "seek": seek, "id": game, "url": format!("/g/{game}"),
                        "color": if color == 0 { "white" } else { "black" } });
                    Some(Ok(Event::default().event("started").data(data.to_string())))
                }
            }
        }
    });
    let mut stopping = state.stopping.subscribe();
    let stop = async move {
        let _ = stopping.wait_for(|s| *s).await;
    };
    let keepalive = Duration::from_secs(state.limits.sse_keepalive_s.max(1));
    Ok(Sse::new(first.chain(rest).take_until(stop)).keep_alive(KeepAlive::new().interval(keepalive)))
}
