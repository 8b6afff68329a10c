//! The JSON API. Every handler validates fully before it writes, writes one transaction, and only
//! then changes memory and answers, so a refused request changes nothing and an acknowledged
//! move is on disk.

use crate::db::{self, GameRow, GameUpdate, MoveRow};
use crate::game::{move_json, parse_options, result_token, start_position, Game, Seat};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ccg_core::record::{replay, Record};
use ccg_core::{Color, Move, Position};
use futures_util::stream::{self, Stream, StreamExt};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;
use tokio_stream::wrappers::BroadcastStream;

/// An error answer: a status, a stable code for programs, and a message for people.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into() }
    }
    fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }
    fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }
    fn internal(e: impl std::fmt::Display) -> ApiError {
        tracing::error!("internal error: {e}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "internal error (logged)")
    }
    fn not_found(what: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", format!("no {what}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.code, "message": self.message }))).into_response()
    }
}

type ApiResult<T> = Result<T, ApiError>;

/// Games kept in memory before idle ones are dropped.
const MAX_LIVE_GAMES: usize = 10_000;

/// A JSON body whose every failure (too large, not JSON, wrong shape) is a JSON error answer.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
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

fn random_id(len: usize) -> ApiResult<String> {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
    Ok(bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect())
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The bearer token of the request, if any.
fn token(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    v.strip_prefix("Bearer ").map(str::trim).filter(|t| !t.is_empty())
}

/// The seat of the request's token: `Ok(None)` for a spectator, an error for a token that is
/// not this game's.
fn seat_of(g: &Game, headers: &HeaderMap) -> ApiResult<Option<Color>> {
    match token(headers) {
        None => Ok(None),
        Some(t) => g.seat_of_token(t).map(Some).ok_or_else(|| {
            ApiError::new(StatusCode::FORBIDDEN, "wrong_token", "this token holds no seat in this game")
        }),
    }
}

/// Like [`seat_of`] but a seat is required.
fn player(g: &Game, headers: &HeaderMap) -> ApiResult<Color> {
    seat_of(g, headers)?.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no_token",
            "a player's token is required (Authorization: Bearer <token>)",
        )
    })
}

impl AppState {
    /// The live game `id`, loaded from the store on first use.
    pub async fn game(&self, id: &str) -> ApiResult<Arc<Mutex<Game>>> {
        if !valid_id(id) {
            return Err(ApiError::not_found("such game"));
        }
        if let Some(g) = self.games.lock().unwrap_or_else(|p| p.into_inner()).get(id) {
            return Ok(g.clone());
        }
        let key = id.to_string();
        let loaded = self.db.read(move |c| db::load_game(c, &key)).await.map_err(ApiError::internal)?;
        let Some((row, moves)) = loaded else { return Err(ApiError::not_found(&format!("game {id:?}"))) };
        let game = Game::load(row, moves).map_err(ApiError::internal)?;
        Ok(self.keep(game))
    }

    /// Puts a game among the live ones (unless a request loaded it meanwhile). Past
    /// [`MAX_LIVE_GAMES`], games nobody is using are dropped: the store has them all.
    fn keep(&self, game: Game) -> Arc<Mutex<Game>> {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if games.len() >= MAX_LIVE_GAMES {
            games.retain(|_, g| Arc::strong_count(g) > 1);
        }
        let id = game.row.id.clone();
        games.entry(id).or_insert_with(|| Arc::new(Mutex::new(game))).clone()
    }

    /// Sends the public view to everyone watching the game.
    /// Marks the game changed and sends its public view to everyone watching.
    fn publish(&self, g: &mut Game) {
        g.changed();
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = channels.get(&g.row.id) {
            let _ = tx.send(Arc::new(g.view(None).to_string()));
        }
    }

    fn subscribe(&self, id: &str) -> tokio::sync::broadcast::Receiver<Arc<String>> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels.retain(|_, tx| tx.receiver_count() > 0);
        channels.entry(id.to_string()).or_insert_with(|| tokio::sync::broadcast::channel(16).0).subscribe()
    }
}

fn update_of(g: &Game) -> GameUpdate {
    GameUpdate {
        status: g.row.status.clone(),
        result: g.row.result.clone(),
        reason: g.row.reason.clone(),
        draw_offer: g.row.draw_offer.clone(),
        invite: g.row.invite.clone(),
    }
}

/// Stores `update` (and `mv`), then applies it in memory and tells the watchers.
async fn commit(
    state: &AppState,
    g: &mut Game,
    mv: Option<(Move, MoveRow)>,
    update: GameUpdate,
) -> ApiResult<()> {
    let id = g.row.id.clone();
    let (stored_move, row) = match mv {
        Some((m, r)) => (Some(m), Some(r)),
        None => (None, None),
    };
    let (u, r) = (update.clone(), row.clone());
    state.db.write(move |c| db::update_game(c, &id, r.as_ref(), &u)).await.map_err(ApiError::internal)?;
    if let (Some(m), Some(r)) = (stored_move, row) {
        g.pos.make(m);
        g.moves.push(r);
        g.last = Some(m);
    }
    g.row.status = update.status;
    g.row.result = update.result;
    g.row.reason = update.reason;
    g.row.draw_offer = update.draw_offer;
    g.row.invite = update.invite;
    state.publish(g);
    Ok(())
}

/// Plays `m` (legal in `g.pos`) for the side to move: stores it, ends the game if it is over,
/// and starts the engine's reply if the engine is next.
async fn play(state: &Arc<AppState>, g: &mut Game, m: Move) -> ApiResult<()> {
    let now = db::now_ms();
    if flag_fell(g, now) {
        lose_on_time(state, g).await?;
        return Err(ApiError::conflict("time_over", "your time ran out: the game is lost on time"));
    }
    let row = MoveRow {
        ply: g.moves.len() as u32 + 1,
        coord: g.pos.move_coord(m),
        text: g.pos.move_text_marked(m),
        at: now,
    };
    let mut after = g.pos.clone();
    after.make(m);
    let mut update = update_of(g);
    update.draw_offer = None;
    if let Some(o) = after.outcome() {
        update.status = "over".into();
        update.result = Some(result_token(o.winner).into());
        update.reason = Some(o.reason.to_string());
    }
    commit(state, g, Some((m, row)), update).await?;
    schedule_engine(state, g);
    schedule_flag(state, g);
    Ok(())
}

/// Whether the clock of the side to move has run out.
fn flag_fell(g: &Game, now: i64) -> bool {
    g.clock(now).is_some_and(|c| c.running.is_some_and(|s| c.left[s.index()] < 0))
}

/// Ends the game: the side to move lost on time.
async fn lose_on_time(state: &AppState, g: &mut Game) -> ApiResult<()> {
    let mut u = update_of(g);
    u.status = "over".into();
    u.result = Some(result_token(Some(g.pos.side_to_move().other())).into());
    u.reason = Some("time".into());
    u.draw_offer = None;
    commit(state, g, None, u).await
}

/// Wakes up when the running clock would run out, and ends the game if nobody moved meanwhile.
pub fn schedule_flag(state: &Arc<AppState>, g: &Game) {
    let Some(clock) = g.clock(db::now_ms()) else { return };
    let Some(side) = clock.running else { return };
    let wait = Duration::from_millis(clock.left[side.index()].max(0) as u64 + 20);
    let (state, id, ply) = (state.clone(), g.row.id.clone(), g.moves.len());
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let Ok(game) = state.game(&id).await else { return };
        let mut g = game.lock().await;
        if g.moves.len() == ply && !g.is_over() && flag_fell(&g, db::now_ms()) {
            if let Err(e) = lose_on_time(&state, &mut g).await {
                tracing::warn!(game = id, "cannot end the game on time: {}", e.message);
            }
        }
    });
}

/// Starts the engine's move if it owes one.
pub fn schedule_engine(state: &Arc<AppState>, g: &Game) {
    if let Some(level) = g.engine_to_move() {
        let (state, id, pos, ply) = (state.clone(), g.row.id.clone(), g.pos.clone(), g.moves.len());
        tokio::spawn(async move {
            if let Err(e) = engine_reply(&state, &id, pos, ply, level).await {
                tracing::warn!(game = id, "engine reply failed: {}", e.message);
            }
        });
    }
}

async fn engine_reply(
    state: &Arc<AppState>,
    id: &str,
    pos: Position,
    ply: usize,
    level: u8,
) -> ApiResult<()> {
    let m = state.pool.run(move || ccg_engine::best_move(&pos, level)).await.flatten();
    let Some(m) = m else { return Ok(()) };
    let game = state.game(id).await?;
    let mut g = game.lock().await;
    // The game may have ended (resignation, draw) while the engine thought.
    if g.moves.len() != ply || g.is_over() || !g.pos.legal_moves().contains(&m) {
        return Ok(());
    }
    play(state, &mut g, m).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    game: String,
    #[serde(default)]
    options: Vec<String>,
    /// `engine` or `human`.
    opponent: String,
    level: Option<u8>,
    /// `white`, `black` or `random`.
    #[serde(default)]
    color: Option<String>,
    /// Start position string (default: the game's initial position).
    fen: Option<String>,
    /// Time control; none for a correspondence game.
    clock: Option<ClockSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Initial time of each side, in seconds (1..=86400).
    initial_s: u32,
    /// Added after each move, in seconds (0..=3600).
    #[serde(default)]
    increment_s: u32,
}

/// Builds the variant of a game id and options, with 4xx errors for what the client got wrong.
pub(crate) fn variant_for(game: &str, options: &[String]) -> ApiResult<Arc<ccg_core::Variant>> {
    let opts = parse_options(options).map_err(|e| ApiError::bad("bad_option", e))?;
    ccg_games::variant(game, &opts).map_err(|e| match e {
        ccg_games::GameError::UnknownGame(_) => {
            ApiError::new(StatusCode::NOT_FOUND, "unknown_game", e.to_string())
        }
        ccg_games::GameError::NotImplemented(_) => {
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "not_implemented", e.to_string())
        }
        _ => ApiError::bad("bad_option", e.to_string()),
    })
}

pub async fn create_game(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<CreateGame>,
) -> ApiResult<Response> {
    let variant = variant_for(&req.game, &req.options)?;
    let start = start_position(variant, req.fen.as_deref()).map_err(|e| ApiError::bad("bad_position", e))?;
    let me = match req.color.as_deref().unwrap_or("white") {
        "white" => Color::White,
        "black" => Color::Black,
        "random" => {
            if random_id(1)?.as_bytes()[0] % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
        other => {
            return Err(ApiError::bad(
                "bad_color",
                format!("color {other:?}: expected white, black or random"),
            ))
        }
    };
    let other = match req.opponent.as_str() {
        "human" => Seat::Human,
        "engine" => match req.level.unwrap_or(2) {
            l @ 1..=8 => Seat::Engine(l),
            l => return Err(ApiError::bad("bad_level", format!("level {l}: expected 1 to 8"))),
        },
        o => return Err(ApiError::bad("bad_opponent", format!("opponent {o:?}: expected engine or human"))),
    };
    let clock = match &req.clock {
        None => None,
        Some(c) if (1..=86_400).contains(&c.initial_s) && c.increment_s <= 3600 => {
            Some((c.initial_s as i64 * 1000, c.increment_s as i64 * 1000))
        }
        Some(_) => return Err(ApiError::bad("bad_clock", "clock: initial_s 1..86400, increment_s 0..3600")),
    };
    let (id, token) = (random_id(10)?, random_id(24)?);
    let invite = if other == Seat::Human { Some(random_id(16)?) } else { None };
    let mut seats = [String::new(), String::new()];
    let mut tokens = [None, None];
    seats[me.index()] = Seat::Human.code();
    seats[me.other().index()] = other.code();
    tokens[me.index()] = Some(token.clone());
    let row = GameRow {
        id: id.clone(),
        game: req.game.clone(),
        options: req.options.clone(),
        start_fen: req.fen.clone(),
        seats,
        tokens,
        invite: invite.clone(),
        status: if start.outcome().is_some() { "over".into() } else { "active".into() },
        result: None,
        reason: None,
        draw_offer: None,
        created_at: db::now_ms(),
        clock,
    };
    let stored = row.clone();
    state.db.write(move |c| db::insert_game(c, &stored, &[])).await.map_err(ApiError::internal)?;
    let game = Game::load(row, Vec::new()).map_err(ApiError::internal)?;
    schedule_engine(&state, &game);
    tracing::info!(game = id, variant = req.game, "created");
    state.keep(game);
    let body = json!({
        "id": id,
        "color": me.name(),
        "token": token,
        "url": format!("/g/{id}"),
        "invite": invite.as_ref().map(|i| format!("/g/{id}?invite={i}")),
    });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

pub async fn get_game(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    let mut g = game.lock().await;
    let you = seat_of(&g, &headers)?;
    Ok(Json(g.view(you)))
}

/// The board after the first `ply` moves (`GET /api/games/{id}/position/{ply}`).
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    invite: String,
}

pub async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<Join>,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    let mut g = game.lock().await;
    let (Some(invite), Some(seat)) = (g.row.invite.clone(), g.open_seat()) else {
        return Err(ApiError::conflict("no_open_seat", "this game has no open seat (the invite was used)"));
    };
    if invite != req.invite {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "wrong_invite", "this invite is not the game's"));
    }
    let token = random_id(24)?;
    let (gid, inv, tok) = (id.clone(), invite.clone(), token.clone());
    let ok = state
        .db
        .write(move |c| db::join_seat(c, &gid, seat.index(), &inv, &tok))
        .await
        .map_err(ApiError::internal)?;
    if !ok {
        return Err(ApiError::conflict("no_open_seat", "the seat was taken"));
    }
    g.row.tokens[seat.index()] = Some(token.clone());
    g.row.invite = None;
    state.publish(&mut g);
    Ok(Json(json!({ "id": id, "color": seat.name(), "token": token })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MakeMove {
    /// The move in the author's notation (`f3-f5`) or coordinate form (`f3f5`).
    #[serde(rename = "move")]
    text: String,
    /// Moves played so far as the client saw them; a stale client is refused.
    ply: Option<usize>,
}

pub async fn make_move(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<MakeMove>,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    let mut g = game.lock().await;
    let me = player(&g, &headers)?;
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
    if req.text.len() > 64 {
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", "move text too long"));
    }
    let m = match g.pos.parse_move(&req.text) {
        Ok(p) => p.mv,
        Err(e) => g.pos.parse_coord(&req.text).map_err(|_| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_move",
                format!("{:?}: {}", e.token, e.why),
            )
        })?,
    };
    play(&state, &mut g, m).await?;
    Ok(Json(g.view(Some(me))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    /// `offer`, `accept` or `decline`.
    action: String,
}

pub async fn draw(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<Draw>,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    let mut g = game.lock().await;
    let me = player(&g, &headers)?;
    if g.is_over() {
        return Err(ApiError::conflict("game_over", "the game is over"));
    }
    let pending = g.row.draw_offer.clone();
    let mut u = update_of(&g);
    match req.action.as_str() {
        "offer" => {
            if matches!(g.seat(me.other()), Seat::Engine(_)) {
                return Err(ApiError::conflict(
                    "engine_declines",
                    "the engine plays on: it does not take draw offers",
                ));
            }
            if pending.as_deref() == Some(me.other().name()) {
                return Err(ApiError::conflict("offer_pending", "your opponent offers a draw: accept it"));
            }
            u.draw_offer = Some(me.name().into());
        }
        "accept" => {
            if pending.as_deref() != Some(me.other().name()) {
                return Err(ApiError::conflict("no_offer", "there is no draw offer to accept"));
            }
            u.draw_offer = None;
            u.status = "over".into();
            u.result = Some("1/2".into());
            u.reason = Some("agreement".into());
        }
        "decline" => {
            if pending.as_deref() != Some(me.other().name()) {
                return Err(ApiError::conflict("no_offer", "there is no draw offer to decline"));
            }
            u.draw_offer = None;
        }
        a => {
            return Err(ApiError::bad(
                "bad_action",
                format!("action {a:?}: expected offer, accept or decline"),
            ))
        }
    }
    commit(&state, &mut g, None, u).await?;
    Ok(Json(g.view(Some(me))))
}

pub async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    let mut g = game.lock().await;
    let me = player(&g, &headers)?;
    if g.is_over() {
        return Err(ApiError::conflict("game_over", "the game is over"));
    }
    let mut u = update_of(&g);
    u.status = "over".into();
    u.result = Some(result_token(Some(me.other())).into());
    u.reason = Some("resignation".into());
    u.draw_offer = None;
    commit(&state, &mut g, None, u).await?;
    Ok(Json(g.view(Some(me))))
}

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Import {
    /// The record text; its `[Game]` tag names the game unless `game` is given.
    record: String,
    game: Option<String>,
    #[serde(default)]
    options: Vec<String>,
}

pub async fn import(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<Import>,
) -> ApiResult<Response> {
    let rec = Record::parse(&req.record)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_record", e.to_string()))?;
    let game_id = match (&req.game, rec.tag("Game")) {
        (Some(g), _) => g.clone(),
        (None, Some(g)) => g.to_string(),
        (None, None) => return Err(ApiError::bad("no_game", "give \"game\" or a [Game] tag")),
    };
    let mut options = req.options.clone();
    if options.is_empty() {
        options = rec.tags.iter().filter(|(k, _)| k == "Option").map(|(_, v)| v.clone()).collect();
    }
    let variant = variant_for(&game_id, &options)?;
    let played = replay(variant, &rec)
        .map_err(|(e, _)| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", e.to_string()))?;
    let start_fen = rec.tag("Position").map(str::to_string);
    let mut start = start_position(played.position.variant().clone(), start_fen.as_deref())
        .map_err(|e| ApiError::bad("bad_position", e))?;
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
    let (status, result, reason) = match (played.outcome, rec.result.as_deref()) {
        (Some(o), _) => ("over", Some(result_token(o.winner).to_string()), Some(o.reason.to_string())),
        (None, Some(r)) if r != "*" => ("over", Some(r.to_string()), Some("record".to_string())),
        _ => ("active", None, None),
    };
    let (id, tw, tb) = (random_id(10)?, random_id(24)?, random_id(24)?);
    let row = GameRow {
        id: id.clone(),
        game: game_id,
        options,
        start_fen,
        seats: [Seat::Human.code(), Seat::Human.code()],
        tokens: [Some(tw.clone()), Some(tb.clone())],
        invite: None,
        status: status.into(),
        result,
        reason,
        draw_offer: None,
        created_at: now,
        clock: None,
    };
    let (r, ms) = (row.clone(), moves.clone());
    state.db.write(move |c| db::insert_game(c, &r, &ms)).await.map_err(ApiError::internal)?;
    let game = Game::load(row, moves).map_err(ApiError::internal)?;
    state.keep(game);
    let body = json!({ "id": id, "url": format!("/g/{id}"), "tokens": { "white": tw, "black": tb }, "moves": played.moves.len() });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

#[derive(Deserialize)]
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

pub async fn analyse(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<Analyse>,
) -> ApiResult<Json<Value>> {
    let variant = variant_for(&req.game, &req.options)?;
    let mut pos =
        start_position(variant, req.fen.as_deref()).map_err(|e| ApiError::bad("bad_position", e))?;
    if req.moves.len() > 2000 {
        return Err(ApiError::bad("too_many_moves", "at most 2000 moves"));
    }
    for (i, t) in req.moves.iter().enumerate() {
        let m = pos.parse_move(t).map_err(|e| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_move",
                format!("move {}: {:?}: {}", i + 1, e.token, e.why),
            )
        })?;
        pos.make(m.mv);
    }
    let limits = ccg_engine::Limits {
        depth: Some(req.depth.unwrap_or(4).clamp(1, 8)),
        movetime: Some(Duration::from_millis(req.movetime_ms.unwrap_or(1000).clamp(10, 5000))),
        ..ccg_engine::Limits::default()
    };
    let root = pos.clone();
    let r = state.pool.try_run(move || ccg_engine::analyse(&root, &limits)).await.map_err(|_| {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", "the engine queue is full; try again")
    })?;
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

pub async fn catalogue() -> Json<Value> {
    let games: Vec<Value> = ccg_games::catalogue()
        .iter()
        .map(|g| {
            let implemented = g.status == ccg_games::Status::Implemented;
            let options = if implemented { ccg_games::definition(g.id).map(|d| d.option_help()).unwrap_or_default() } else { Vec::new() };
            json!({ "id": g.id, "name": g.name, "status": g.status.label(), "implemented": implemented, "options": options, "rules": format!("/rules#{}", g.id) })
        })
        .collect();
    Json(json!({ "games": games }))
}

pub async fn list_games(
    State(state): State<Arc<AppState>>,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let limit = match q.get("limit") {
        None => 20,
        Some(l) => l
            .parse::<u32>()
            .map_err(|_| ApiError::bad("bad_limit", format!("limit {l:?}: expected a number")))?
            .min(100),
    };
    let rows = state.db.read(move |c| db::recent_games(c, limit)).await.map_err(ApiError::internal)?;
    Ok(Json(json!({ "games": rows })))
}

/// Server-sent events: the game's public state now, then after every change.
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
    Ok(Sse::new(first.chain(rest)).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

pub async fn not_found() -> ApiError {
    ApiError::not_found("such API route")
}
