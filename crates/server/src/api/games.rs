//! Games: creating one, reading its state, the lobby's list, and taking the invited seat.

use super::error::ErrorBody;
use super::{new_secret, seat_of, shared_variant, ApiError, ApiResult, ClientIp, JsonBody};
use crate::db::{self, GameRow};
use crate::game::{move_json, start_position, Game};
use crate::model::{Seat, Status};
use crate::secrets;
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ccg_core::Color;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// Who plays the creator.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    Engine,
    Human,
}

/// The creator's side.
#[derive(Deserialize, Clone, Copy, Default, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    #[default]
    White,
    Black,
    Random,
}

/// A new game.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A catalogue id (`GET /api/catalogue`).
    game: String,
    /// Rule options, `key=value`.
    #[serde(default)]
    options: Vec<String>,
    opponent: Opponent,
    /// The engine's level, 1..=8 (default 2).
    level: Option<u8>,
    #[serde(default)]
    color: ColorChoice,
    /// Start position string (default: the game's initial position).
    fen: Option<String>,
    /// Time control; none for a correspondence game.
    clock: Option<ClockSpec>,
    /// A rated game between two accounts (sign in first; the invited player must be signed in
    /// too). Engine games are unrated.
    #[serde(default)]
    rated: bool,
}

/// A time control.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Initial time of each side, in seconds (1..=86400).
    initial_s: u32,
    /// Added after each move, in seconds (0..=3600).
    #[serde(default)]
    increment_s: u32,
}

/// A time control in milliseconds, or why it is refused.
pub fn parse_clock(c: Option<&ClockSpec>) -> ApiResult<Option<(i64, i64)>> {
    match c {
        None => Ok(None),
        Some(c) if (1..=86_400).contains(&c.initial_s) && c.increment_s <= 3600 => {
            Ok(Some((c.initial_s as i64 * 1000, c.increment_s as i64 * 1000)))
        }
        Some(_) => Err(ApiError::bad("bad_clock", "clock: initial_s 1..86400, increment_s 0..3600")),
    }
}

/// A new game from one client address, within its allowance.
pub fn check_game_rate(state: &AppState, ip: IpAddr) -> ApiResult<()> {
    state.game_rate.check(ip).map_err(|wait| ApiError::rate_limited("new games", wait))
}

/// The creator's seat in a new game.
#[derive(Serialize, ToSchema)]
pub struct Created {
    id: String,
    /// `white` or `black`.
    color: &'static str,
    /// The seat's secret: send it as `Authorization: Bearer <token>`.
    token: String,
    /// The game's page.
    url: String,
    /// The invite link for the other seat (human opponents only).
    invite: Option<String>,
}

#[utoipa::path(post, path = "/games", tag = "games", request_body = CreateGame,
    description = "Creates a game against the engine or a friend; the engine starts thinking at once if it moves first.",
    responses((status = 201, body = Created), (status = "4XX", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn create_game(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    viewer: super::account::Viewer,
    JsonBody(req): JsonBody<CreateGame>,
) -> ApiResult<Response> {
    if req.rated {
        if req.opponent == Opponent::Engine {
            return Err(ApiError::bad("bad_rated", "engine games are unrated"));
        }
        viewer.required()?;
    }
    let variant = shared_variant(&state, &req.game, &req.options)?;
    let start = start_position(variant, req.fen.as_deref()).map_err(|e| ApiError::bad("bad_position", e))?;
    let me = match req.color {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            if new_secret(1)?.as_bytes()[0] % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let other = match req.opponent {
        Opponent::Human => Seat::Human,
        Opponent::Engine => match req.level.unwrap_or(2) {
            l @ 1..=8 => Seat::Engine(l),
            l => return Err(ApiError::bad("bad_level", format!("level {l}: expected 1 to 8"))),
        },
    };
    let clock = parse_clock(req.clock.as_ref())?;
    check_game_rate(&state, ip)?;
    let (id, token) = (new_secret(10)?, new_secret(24)?);
    let invite = if other == Seat::Human { Some(new_secret(16)?) } else { None };
    let mut seats = [Seat::Human; 2];
    seats[me.other().index()] = other;
    let mut tokens = [None, None];
    tokens[me.index()] = Some(secrets::hash(&token));
    let mut users = [None, None];
    users[me.index()] = viewer.id().map(String::from);
    let row = GameRow {
        id: id.clone(),
        game: req.game.clone(),
        options: req.options.clone(),
        start_fen: req.fen.clone(),
        seats,
        tokens,
        invite: invite.as_deref().map(secrets::hash),
        status: if start.outcome().is_some() { Status::Over } else { Status::Active },
        result: None,
        reason: None,
        draw_offer: None,
        created_at: db::now_ms(),
        clock,
        tags: Vec::new(),
        rematch: None,
        users,
        rated: req.rated,
    };
    let stored = row.clone();
    state.db.insert_game(stored, Vec::new()).await.map_err(ApiError::internal)?;
    let game = Game::load(row, Vec::new(), &state.variants).map_err(ApiError::internal)?;
    super::lifecycle::schedule_engine(&state, &game);
    tracing::info!(game = id, variant = req.game, "created");
    state.games.insert(game);
    let invite = invite.as_ref().map(|i| format!("/g/{id}?invite={i}"));
    let body = Created { url: format!("/g/{id}"), id, color: me.name(), token, invite };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

#[utoipa::path(get, path = "/games/{id}", tag = "games", params(("id" = String, Path, description = "game id")),
    description = "The game's state (`you` is the seat of the bearer token, if any): see docs/server.md for every field.",
    responses((status = 200, body = Object), (status = 404, body = ErrorBody), (status = 500, body = ErrorBody)))]
pub async fn get_game(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    viewer: super::account::Viewer,
) -> ApiResult<Json<Value>> {
    // Fresh from the store: what another node accepted a moment ago is seen here too.
    let mut g = state.lock_game(&id).await?;
    let you = seat_of(&g, &headers, &viewer)?;
    Ok(Json(g.view(you)))
}

/// The board after the first `ply` moves (`GET /api/games/{id}/position/{ply}`).
#[utoipa::path(get, path = "/games/{id}/position/{ply}", tag = "games",
    params(("id" = String, Path, description = "game id"), ("ply" = usize, Path, description = "moves played")),
    description = "The board after the first `ply` moves, for review.",
    responses((status = 200, body = Object), (status = 404, body = ErrorBody)))]
pub async fn position_at(
    State(state): State<Arc<AppState>>,
    Path((id, ply)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    let g = game.lock().await;
    let n = ply.parse::<usize>().ok().filter(|&n| n <= g.moves.len());
    let at = n.and_then(|n| g.position_at(n));
    at.map(Json)
        .ok_or_else(|| ApiError::not_found(&format!("ply {ply:?} in this game ({} moves)", g.moves.len())))
}

#[utoipa::path(get, path = "/games/{id}/legal", tag = "games", params(("id" = String, Path, description = "game id")),
    description = "The legal moves of the side to move.",
    responses((status = 200, body = Object), (status = 404, body = ErrorBody)))]
pub async fn legal_moves(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    let g = game.lock().await;
    let moves: Vec<Value> = if g.is_over() {
        Vec::new()
    } else {
        g.pos.legal_moves().iter().map(|&m| move_json(&g.pos, m)).collect()
    };
    Ok(Json(json!({ "side_to_move": g.pos.side_to_move().name(), "moves": moves })))
}

#[derive(Deserialize, IntoParams)]
pub struct ListQuery {
    /// How many games (default 20, at most 100).
    limit: Option<String>,
}

#[utoipa::path(get, path = "/games", tag = "games", params(ListQuery),
    description = "Recent games, most recently changed first.",
    responses((status = 200, body = Object), (status = 400, body = ErrorBody)))]
pub async fn list_games(
    State(state): State<Arc<AppState>>,
    Query(q): Query<ListQuery>,
) -> ApiResult<Json<Value>> {
    let limit = match q.limit {
        None => 20,
        Some(l) => l
            .parse::<u32>()
            .map_err(|_| ApiError::bad("bad_limit", format!("limit {l:?}: expected a number")))?
            .min(100),
    };
    let rows = state.db.recent_games(limit).await.map_err(ApiError::internal)?;
    Ok(Json(json!({ "games": rows })))
}

/// Taking the invited seat.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The code of the invite link.
    invite: String,
}

/// The joined seat.
#[derive(Serialize, ToSchema)]
pub struct Joined {
    id: String,
    color: &'static str,
    token: String,
}

#[utoipa::path(post, path = "/games/{id}/join", tag = "games", params(("id" = String, Path, description = "game id")),
    request_body = Join, description = "Takes the open seat with the invite code (once: the invite is used up).",
    responses((status = 200, body = Joined), (status = "4XX", body = ErrorBody)))]
pub async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    viewer: super::account::Viewer,
    JsonBody(req): JsonBody<Join>,
) -> ApiResult<Json<Joined>> {
    let mut g = state.lock_game(&id).await?;
    let (Some(invite), Some(seat)) = (g.row.invite.clone(), g.open_seat()) else {
        return Err(ApiError::conflict("no_open_seat", "this game has no open seat (the invite was used)"));
    };
    if !secrets::matches(&invite, &req.invite) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "wrong_invite", "this invite is not the game's"));
    }
    if g.row.rated {
        let me = viewer.required()?;
        if g.row.users[seat.other().index()].as_deref() == Some(me.id.as_str()) {
            return Err(ApiError::conflict("same_account", "a rated game needs two accounts"));
        }
    }
    let token = new_secret(24)?;
    let token_hash = secrets::hash(&token);
    let user = viewer.id().map(String::from);
    let ok = state
        .db
        .join_seat(&id, seat, &invite, &token_hash, user.as_deref())
        .await
        .map_err(ApiError::internal)?;
    if !ok {
        return Err(ApiError::conflict("no_open_seat", "the seat was taken"));
    }
    g.row.tokens[seat.index()] = Some(token_hash);
    g.row.users[seat.index()] = user;
    g.row.invite = None;
    g.version += 1;
    state.publish(&mut g);
    Ok(Json(Joined { id, color: seat.name(), token }))
}
