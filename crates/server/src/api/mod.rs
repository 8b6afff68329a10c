//! The JSON API. Every handler validates fully before it writes, writes one transaction, and only
//! then changes memory and answers, so a refused request changes nothing and an acknowledged
//! move is on disk. Handlers: [`games`] (create, read, join), [`play`] (moves, draws,
//! resignation, live updates), [`records`] (export, import, analysis, catalogue); what happens
//! to a game after a change is in [`lifecycle`], the error answers in [`error`].

pub mod account;
pub mod error;
pub mod games;
pub mod lifecycle;
pub mod play;
pub mod records;
pub mod rematch;
pub mod seeks;

pub use error::{ApiError, ApiResult};

use crate::db;
use crate::game::{parse_options, Game};
use crate::live::LiveGame;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::Router;
use ccg_core::Color;
use serde::de::DeserializeOwned;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The API's routes, each registered from its handler's `#[utoipa::path]`, so the OpenAPI
/// document ([`openapi_json`]) lists exactly what the router serves.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(records::catalogue))
        .routes(routes!(games::create_game, games::list_games))
        .routes(routes!(games::get_game))
        .routes(routes!(games::legal_moves))
        .routes(routes!(games::position_at))
        .routes(routes!(games::join))
        .routes(routes!(play::make_move))
        .routes(routes!(play::draw))
        .routes(routes!(play::resign))
        .routes(routes!(rematch::rematch))
        .routes(routes!(records::record))
        .routes(routes!(play::events))
        .routes(routes!(records::import))
        .routes(routes!(records::analyse))
        .routes(routes!(crate::rules_api::rules))
        .routes(routes!(account::signup))
        .routes(routes!(account::signin))
        .routes(routes!(account::signout))
        .routes(routes!(account::change_password))
        .routes(routes!(account::me))
        .routes(routes!(account::session))
        .routes(routes!(account::leaderboard))
        .routes(routes!(seeks::create_seek, seeks::list_seeks))
        .routes(routes!(seeks::cancel_seek))
        .routes(routes!(seeks::accept_seek))
        .routes(routes!(seeks::lobby_events))
}

#[derive(utoipa::OpenApi)]
#[openapi(
    info(title = "ccg serve", description = "The JSON API of the web app. Errors are `{error, message}`; the codes are tabled in docs/server.md."),
    servers((url = "/api")),
    modifiers(&SeatToken)
)]
struct ApiDoc;

/// The seat token scheme: `Authorization: Bearer <token>`.
struct SeatToken;

impl utoipa::Modify for SeatToken {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = api.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "seat",
            SecurityScheme::Http(
                HttpBuilder::new().scheme(HttpAuthScheme::Bearer).description(Some("a seat token")).build(),
            ),
        );
    }
}

/// The API's router and its OpenAPI document as JSON.
pub fn router_and_doc() -> (Router<Arc<AppState>>, String) {
    let (router, doc) = routes().split_for_parts();
    let json =
        doc.to_pretty_json().unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string());
    (router, json)
}

/// A JSON body whose every failure (not declared JSON, too large, not JSON, wrong shape) is a
/// JSON error answer. Requiring `Content-Type: application/json` keeps other sites out: a page
/// elsewhere cannot send one without the browser asking this server first (CORS preflight),
/// and this server never agrees.
pub struct JsonBody<T>(pub T);

fn is_json(headers: &HeaderMap) -> bool {
    let Some(v) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else { return false };
    let mime = v.split(';').next().unwrap_or("").trim();
    mime.eq_ignore_ascii_case("application/json")
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !is_json(req.headers()) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "bad_content_type",
                "send the body as JSON with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e: BytesRejection| {
            let status = e.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(status, "too_large", format!("request body over {} bytes", crate::BODY_LIMIT))
            } else {
                ApiError::new(status, "bad_body", e.body_text())
            }
        })?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad("bad_json", format!("request body is not the expected JSON: {e}")))
    }
}

/// The client's address: the connection's peer (unspecified when the server loop did not say).
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        Ok(ClientIp(peer.unwrap_or(IpAddr::from([0, 0, 0, 0]))))
    }
}

pub fn new_secret(len: usize) -> ApiResult<String> {
    crate::secrets::random(len).map_err(ApiError::internal)
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The bearer token of the request, if any.
fn token(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    v.strip_prefix("Bearer ").map(str::trim).filter(|t| !t.is_empty())
}

/// The seat of the request: its bearer token's when it sends one (an error for a token that is
/// not this game's), else the seat of the signed-in account (the side to move first, should one
/// account hold both); `Ok(None)` for a spectator.
pub fn seat_of(g: &Game, headers: &HeaderMap, viewer: &account::Viewer) -> ApiResult<Option<Color>> {
    match token(headers) {
        None => {
            let Some(user) = viewer.id() else { return Ok(None) };
            let stm = g.pos.side_to_move();
            let mine = |c: Color| g.row.users[c.index()].as_deref() == Some(user);
            Ok([stm, stm.other()].into_iter().find(|&c| mine(c)))
        }
        Some(t) => g.seat_of_token(t).map(Some).ok_or_else(|| {
            ApiError::new(StatusCode::FORBIDDEN, "wrong_token", "this token holds no seat in this game")
        }),
    }
}

/// Like [`seat_of`] but a seat is required.
pub fn player(g: &Game, headers: &HeaderMap, viewer: &account::Viewer) -> ApiResult<Color> {
    let seat = seat_of(g, headers, viewer)?;
    if seat.is_none() && viewer.user.is_some() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "wrong_token",
            "your account holds no seat in this game",
        ));
    }
    seat.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no_token",
            "a player's token is required (Authorization: Bearer <token>)",
        )
    })
}

/// Whether a read failed on the stored data itself (a damaged row) rather than on the store.
fn is_damage(e: &anyhow::Error) -> bool {
    e.is::<db::Damaged>()
        || matches!(
            e.downcast_ref::<rusqlite::Error>(),
            Some(
                rusqlite::Error::FromSqlConversionFailure(..)
                    | rusqlite::Error::InvalidColumnType(..)
                    | rusqlite::Error::IntegralValueOutOfRange(..)
            )
        )
}

fn corrupt(id: &str, why: impl std::fmt::Display) -> ApiError {
    tracing::error!(game = id, "stored game cannot be read: {why}");
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "corrupt_game",
        format!("game {id} is damaged in the store and cannot be shown: {why}"),
    )
}

/// A catalogue error as the client's mistake: unknown game, game not built yet, bad option.
fn game_error(e: ccg_games::GameError) -> ApiError {
    match e {
        ccg_games::GameError::UnknownGame(_) => {
            ApiError::new(StatusCode::NOT_FOUND, "unknown_game", e.to_string())
        }
        ccg_games::GameError::NotImplemented(_) => ApiError::unprocessable("not_implemented", e.to_string()),
        _ => ApiError::bad("bad_option", e.to_string()),
    }
}

/// The shared compiled variant of a game id and options (see [`crate::live::Variants`]).
pub fn shared_variant(state: &AppState, game: &str, options: &[String]) -> ApiResult<Arc<ccg_core::Variant>> {
    let opts = parse_options(options).map_err(|e| ApiError::bad("bad_option", e))?;
    state.variants.get(game, &opts).map_err(game_error)
}

/// A variant compiled afresh, for callers that keep what they derive from it.
pub fn variant_for(game: &str, options: &[String]) -> ApiResult<Arc<ccg_core::Variant>> {
    let opts = parse_options(options).map_err(|e| ApiError::bad("bad_option", e))?;
    ccg_games::variant(game, &opts).map_err(game_error)
}

impl AppState {
    /// The live game `id`, loaded from the store on first use. A game the store holds but that
    /// cannot be rebuilt (a damaged row or move) answers `corrupt_game`; the others are
    /// unaffected.
    pub async fn game(&self, id: &str) -> ApiResult<LiveGame> {
        if !valid_id(id) {
            return Err(ApiError::not_found("such game"));
        }
        if let Some(g) = self.games.get(id) {
            return Ok(g);
        }
        let key = id.to_string();
        let loaded = self.db.load_game(&key).await.map_err(|e| {
            if is_damage(&e) {
                corrupt(id, e)
            } else {
                ApiError::internal(e)
            }
        })?;
        let Some(stored) = loaded else { return Err(ApiError::not_found(&format!("game {id:?}"))) };
        let mut game = Game::load(stored.row, stored.moves, &self.variants).map_err(|e| corrupt(id, e))?;
        game.version = stored.version;
        Ok(self.games.insert(game))
    }

    /// The live game `id`, locked and as the store has it now: on a store other nodes write to
    /// (PostgreSQL), a copy behind the store's version is reloaded first. Every change of a game
    /// starts here, so it is checked against what every node has accepted.
    pub async fn lock_game(&self, id: &str) -> ApiResult<tokio::sync::OwnedMutexGuard<Game>> {
        let mut g = self.game(id).await?.lock_owned().await;
        // A change this node missed so far is pushed to its watchers now, before the next one.
        if self.db.is_shared() && self.refresh(&mut g).await? {
            self.publish(&mut g);
        }
        Ok(g)
    }

    /// Brings `g` up to the store's version if it differs (the moves played since, applied to
    /// its position; the whole game reloaded only if its moves are not the stored ones' start);
    /// whether it changed.
    pub async fn refresh(&self, g: &mut Game) -> ApiResult<bool> {
        let id = g.row.id.clone();
        let held = g.moves.len() as u32;
        let damage = |e: anyhow::Error| if is_damage(&e) { corrupt(&id, e) } else { ApiError::internal(e) };
        let (stored, total) = match self.db.game_since(&id, g.version, held).await.map_err(damage)? {
            db::Since::Same => return Ok(false),
            db::Since::Missing => return Err(ApiError::not_found(&format!("game {id:?}"))),
            db::Since::Changed { game, total } => (*game, total),
        };
        let follows = stored.moves.first().is_none_or(|m| m.ply == held + 1);
        if total != held + stored.moves.len() as u32 || !follows || g.catch_up(&stored.moves).is_err() {
            let full = self.db.load_game(&id).await.map_err(damage)?;
            let Some(full) = full else { return Err(ApiError::not_found(&format!("game {id:?}"))) };
            let mut game = Game::load(full.row, full.moves, &self.variants).map_err(|e| corrupt(&id, e))?;
            game.version = full.version;
            *g = game;
            return Ok(true);
        }
        g.row = stored.row;
        g.version = stored.version;
        Ok(true)
    }

    /// Whether someone watches game `id` through this node.
    pub fn watched(&self, id: &str) -> bool {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels.get(id).is_some_and(|tx| tx.receiver_count() > 0)
    }

    /// Marks the game changed and sends its public view to everyone watching.
    pub fn publish(&self, g: &mut Game) {
        g.changed();
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = channels.get(&g.row.id) {
            let _ = tx.send(Arc::new(g.view(None).to_string()));
        }
    }

    /// Tells every lobby stream what changed.
    pub fn lobby_changed(&self, e: seeks::LobbyEvent) {
        crate::nodes::announce_lobby(self, &e);
        let _ = self.lobby.send(Arc::new(e));
    }

    pub fn subscribe(&self, id: &str) -> tokio::sync::broadcast::Receiver<Arc<String>> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels.retain(|_, tx| tx.receiver_count() > 0);
        channels.entry(id.to_string()).or_insert_with(|| tokio::sync::broadcast::channel(16).0).subscribe()
    }
}

pub async fn not_found() -> ApiError {
    ApiError::not_found("such API route")
}
