//! Accounts (optional: anonymous play is unchanged): sign up, sign in, sign out, change the
//! password, the signed-in account with its ratings and games, and a game's leaderboard. The
//! session rides in a cookie ([`crate::accounts`]); [`Viewer`] reads it for every handler that
//! needs to know who asks.

use super::error::ErrorBody;
use super::{ApiError, ApiResult, ClientIp, JsonBody};
use crate::accounts::{self, check_password, check_username};
use crate::db::{self, User};
use crate::{secrets, AppState};
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// Who sends a request: the signed-in account (if its session cookie is live) and the session's
/// token hash (to end it).
pub struct Viewer {
    pub user: Option<User>,
    pub session: Option<String>,
}

impl FromRequestParts<Arc<AppState>> for Viewer {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(accounts::session_token);
        let Some(token) = token else { return Ok(Viewer { user: None, session: None }) };
        let hash = secrets::hash(token);
        let user = state.db.session_user(&hash, db::now_ms()).await.map_err(ApiError::internal)?;
        Ok(Viewer { session: user.as_ref().map(|_| hash), user })
    }
}

impl Viewer {
    pub fn id(&self) -> Option<&str> {
        self.user.as_ref().map(|u| u.id.as_str())
    }

    pub fn required(&self) -> ApiResult<&User> {
        self.user.as_ref().ok_or_else(|| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                "not_signed_in",
                "sign in first (POST /api/account/signin)",
            )
        })
    }
}

/// A username and password.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    username: String,
    password: String,
}

/// Sign-ups and sign-ins one client address may try per minute (guessing passwords is slow).
fn check_rate(state: &AppState, ip: std::net::IpAddr) -> ApiResult<()> {
    state.account_rate.check(ip).map_err(|wait| ApiError::rate_limited("sign-ins", wait))
}

async fn hash(pw: String) -> ApiResult<String> {
    tokio::task::spawn_blocking(move || accounts::hash_password(&pw))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

async fn verify(pw: String, stored: String) -> ApiResult<bool> {
    tokio::task::spawn_blocking(move || accounts::verify_password(&pw, &stored))
        .await
        .map_err(ApiError::internal)
}

/// Opens a fresh session for `user` (ending `old`, the one the browser had, if any): the answer
/// sets its cookie.
async fn signed_in(
    state: &AppState,
    user: &User,
    old: Option<&str>,
    status: StatusCode,
) -> ApiResult<Response> {
    if let Some(old) = old {
        state.db.delete_session(old).await.map_err(ApiError::internal)?;
    }
    let token = super::new_secret(32)?;
    let now = db::now_ms();
    let expires = now + accounts::SESSION_DAYS * 24 * 3600 * 1000;
    state
        .db
        .create_session(&secrets::hash(&token), &user.id, now, expires)
        .await
        .map_err(ApiError::internal)?;
    let body = Json(json!({ "username": user.username }));
    Ok((status, [(header::SET_COOKIE, accounts::session_cookie(&token))], body).into_response())
}

#[utoipa::path(post, path = "/account/signup", tag = "accounts", request_body = Credentials,
    description = "Creates an account and signs it in (a session cookie).",
    responses((status = 201, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn signup(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    viewer: Viewer,
    JsonBody(req): JsonBody<Credentials>,
) -> ApiResult<Response> {
    check_username(&req.username).map_err(|e| ApiError::bad("bad_username", e))?;
    check_password(&req.password).map_err(|e| ApiError::bad("bad_password", e))?;
    check_rate(&state, ip)?;
    let user = User {
        id: super::new_secret(12)?,
        username: req.username.clone(),
        password: hash(req.password).await?,
    };
    if !state.db.create_user(&user, db::now_ms()).await.map_err(ApiError::internal)? {
        return Err(ApiError::conflict(
            "username_taken",
            format!("the username {:?} is taken", req.username),
        ));
    }
    tracing::info!(user = user.username, "signed up");
    signed_in(&state, &user, viewer.session.as_deref(), StatusCode::CREATED).await
}

#[utoipa::path(post, path = "/account/signin", tag = "accounts", request_body = Credentials,
    description = "Signs in: a fresh session cookie (any session the browser had ends).",
    responses((status = 200, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn signin(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    viewer: Viewer,
    JsonBody(req): JsonBody<Credentials>,
) -> ApiResult<Response> {
    check_rate(&state, ip)?;
    let wrong =
        || ApiError::new(StatusCode::UNAUTHORIZED, "wrong_password", "unknown username or wrong password");
    if req.password.len() > accounts::MAX_PASSWORD {
        return Err(wrong());
    }
    let user = state.db.user_by_name(&req.username).await.map_err(ApiError::internal)?;
    let Some(user) = user else {
        // The same work as a known name, so that timing does not tell which names exist.
        let _ = hash(req.password).await;
        return Err(wrong());
    };
    if !verify(req.password, user.password.clone()).await? {
        return Err(wrong());
    }
    signed_in(&state, &user, viewer.session.as_deref(), StatusCode::OK).await
}

#[utoipa::path(post, path = "/account/signout", tag = "accounts",
    description = "Ends the session and clears its cookie.", responses((status = 200, body = Object)))]
pub async fn signout(State(state): State<Arc<AppState>>, viewer: Viewer) -> ApiResult<Response> {
    if let Some(s) = &viewer.session {
        state.db.delete_session(s).await.map_err(ApiError::internal)?;
    }
    Ok(([(header::SET_COOKIE, accounts::cleared_cookie())], Json(json!({ "signed_in": false })))
        .into_response())
}

/// A new password.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    old: String,
    new: String,
}

#[utoipa::path(post, path = "/account/password", tag = "accounts", request_body = NewPassword,
    description = "Changes the password: every session of the account ends, this browser gets a fresh one.",
    responses((status = 200, body = Object), (status = "4XX", body = ErrorBody)))]
pub async fn change_password(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    viewer: Viewer,
    JsonBody(req): JsonBody<NewPassword>,
) -> ApiResult<Response> {
    let user = viewer.required()?.clone();
    check_password(&req.new).map_err(|e| ApiError::bad("bad_password", e))?;
    check_rate(&state, ip)?;
    if req.old.len() > accounts::MAX_PASSWORD || !verify(req.old, user.password.clone()).await? {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "wrong_password", "the old password is wrong"));
    }
    let new_hash = hash(req.new).await?;
    state.db.set_password(&user.id, &new_hash).await.map_err(ApiError::internal)?;
    signed_in(&state, &user, None, StatusCode::OK).await
}

#[utoipa::path(get, path = "/account", tag = "accounts",
    description = "The signed-in account: its username, ratings per game and most recent games.",
    responses((status = 200, body = Object), (status = 401, body = ErrorBody)))]
pub async fn me(State(state): State<Arc<AppState>>, viewer: Viewer) -> ApiResult<Json<serde_json::Value>> {
    let user = viewer.required()?;
    let ratings = state.db.ratings(Some(&user.id), None, 0).await.map_err(ApiError::internal)?;
    let games = state.db.my_games(&user.id, 50).await.map_err(ApiError::internal)?;
    Ok(Json(json!({ "username": user.username, "ratings": ratings, "games": games })))
}

#[utoipa::path(get, path = "/session", tag = "accounts",
    description = "Who is signed in, answered alike either way: `{\"account\": null}` when nobody is, else `{\"account\": …}` as `GET /account` gives it.",
    responses((status = 200, body = Object)))]
pub async fn session(
    State(state): State<Arc<AppState>>,
    viewer: Viewer,
) -> ApiResult<Json<serde_json::Value>> {
    if viewer.user.is_none() {
        return Ok(Json(json!({ "account": null })));
    }
    let Json(account) = me(State(state), viewer).await?;
    Ok(Json(json!({ "account": account })))
}

#[derive(Deserialize, IntoParams)]
pub struct BoardQuery {
    /// How many players (default 50, at most 200).
    limit: Option<u32>,
}

#[utoipa::path(get, path = "/leaderboard/{game}", tag = "accounts",
    params(("game" = String, Path, description = "catalogue id"), BoardQuery),
    description = "The game's rated players, best first (`provisional`: rating deviation above 110).",
    responses((status = 200, body = Object), (status = 404, body = ErrorBody)))]
pub async fn leaderboard(
    State(state): State<Arc<AppState>>,
    Path(game): Path<String>,
    Query(q): Query<BoardQuery>,
) -> ApiResult<Json<serde_json::Value>> {
    if !ccg_games::catalogue().iter().any(|g| g.id == game) {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "unknown_game", format!("no game {game:?}")));
    }
    let limit = q.limit.unwrap_or(50).min(200) as i64;
    let players = state.db.ratings(None, Some(&game), limit).await.map_err(ApiError::internal)?;
    Ok(Json(json!({ "game": game, "players": players })))
}
