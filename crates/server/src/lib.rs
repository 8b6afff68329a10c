//! # ccg-server — `ccg serve`, the web app
//!
//! An axum HTTP server with an embedded SQLite store ([`db`]), the JSON API ([`api`]), live
//! updates as server-sent events, engine moves on a fair worker pool ([`pool`]), and the web
//! front end compiled into the binary ([`web`]), so one command runs everything. Every resource
//! is bounded ([`config::Limits`]): connections ([`net`]), memory ([`live`]), engine queues,
//! and what one client may ask for ([`ratelimit`]). The API documents itself ([`apidocs`]).

pub mod accounts;
pub mod api;
pub mod apidocs;
pub mod bundle;
pub mod config;
pub mod db;
pub mod game;
pub mod glicko;
pub mod live;
pub mod model;
pub mod net;
pub mod nodes;
pub mod pool;
pub mod ratelimit;
pub mod rules_api;
pub mod secrets;
pub mod web;

use axum::extract::DefaultBodyLimit;
use axum::Router;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;

pub use config::Limits;

/// Largest request body accepted: records of long games fit many times over.
pub const BODY_LIMIT: usize = 256 * 1024;

/// Shared state of the server.
pub struct AppState {
    pub db: db::Store,
    pub limits: Limits,
    /// Compiled variants, one per game id and option set.
    pub variants: live::Variants,
    /// Games in play, loaded from the store on first use.
    pub games: live::LiveGames,
    /// Push channels of games someone watches.
    pub channels: Mutex<HashMap<String, tokio::sync::broadcast::Sender<Arc<String>>>>,
    pub pool: pool::EnginePool,
    /// Creations and imports per client IP.
    pub game_rate: ratelimit::RateLimit,
    pub analysis_rate: ratelimit::RateLimit,
    /// Sign-ups, sign-ins and password changes per client IP.
    pub account_rate: ratelimit::RateLimit,
    /// Lobby changes (seeks posted, cancelled, accepted) for the lobby streams.
    pub lobby: tokio::sync::broadcast::Sender<Arc<api::seeks::LobbyEvent>>,
    /// Lobby streams open now (at most `limits.lobby_streams`).
    pub lobby_streams: std::sync::atomic::AtomicUsize,
    /// Set when the server is stopping: live-update streams end, connections close.
    pub stopping: tokio::sync::watch::Sender<bool>,
    /// This node among the nodes of one store, and the games it runs (see [`nodes`]).
    pub node: nodes::Node,
}

/// Options of `ccg serve` (shared by the `ccg` command and the `ccg-server` binary).
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port (the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The store: a SQLite file (created on first run), or a PostgreSQL server as
    /// `postgres://user@host:port/dbname` (several nodes may share one; see docs/deployment.md).
    #[arg(long, default_value = "ccg.sqlite")]
    pub db: PathBuf,
    #[command(flatten)]
    pub limits: Limits,
}

/// The whole application's routes.
pub fn router(state: Arc<AppState>) -> Router {
    let (api, openapi_json) = api::router_and_doc();
    let api = api.merge(apidocs::routes(openapi_json)).fallback(api::not_found);
    Router::new()
        .nest("/api", api)
        .route("/favicon.ico", axum::routing::get(apidocs::favicon))
        .merge(web::routes())
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::map_response(net::security_headers))
        // gzip for clients that ask (pages, scripts, JSON: Doseki's start state shrinks from
        // ~210 KB to ~24 KB), at the fastest level: on loopback and fast links a page waits for
        // the compressing more than for the bytes (zlib on Doseki's 105 KB rules facts: 1 ms
        // and 15 KB at level 1, 7 ms and 12 KB at the default). tower-http's default predicate
        // leaves the live streams (`text/event-stream`) alone, so every event is sent as soon as
        // it happens.
        .layer(CompressionLayer::new().quality(tower_http::CompressionLevel::Fastest))
        .with_state(state)
}

/// Opens the store with the default limits (see [`open_with`]).
pub async fn open(db_path: &std::path::Path) -> anyhow::Result<Arc<AppState>> {
    open_with(db_path, Limits::default()).await
}

/// Opens the store, resumes engine games owed a move and running clocks (on a shared store,
/// those no other live node runs), and builds the state.
pub async fn open_with(db_path: &std::path::Path, limits: Limits) -> anyhow::Result<Arc<AppState>> {
    let db = db::Store::open(db_path).await?;
    let state = Arc::new(AppState {
        db,
        variants: live::Variants::default(),
        games: live::LiveGames::new(limits.live_games),
        channels: Mutex::new(HashMap::new()),
        pool: pool::EnginePool::from_cpus(
            limits.analyses_per_worker,
            Duration::from_secs(limits.analysis_wait_s),
        ),
        game_rate: ratelimit::RateLimit::new(limits.games_per_minute),
        analysis_rate: ratelimit::RateLimit::new(limits.analyses_per_minute),
        account_rate: ratelimit::RateLimit::new(limits.sign_ins_per_minute),
        stopping: tokio::sync::watch::channel(false).0,
        lobby: tokio::sync::broadcast::channel(64).0,
        lobby_streams: std::sync::atomic::AtomicUsize::new(0),
        node: nodes::Node::new(Duration::from_millis(limits.lease_ms))?,
        limits,
    });
    if state.db.is_shared() {
        // Other nodes may run some of these games: the leases decide which this one resumes.
        nodes::start(&state).await?;
        return Ok(state);
    }
    let ids = state.db.games_to_resume().await?;
    for id in ids {
        match state.game(&id).await {
            Ok(g) => {
                let g = g.lock().await;
                api::lifecycle::schedule_engine(&state, &g);
                api::lifecycle::schedule_flag(&state, &g);
            }
            Err(e) => tracing::warn!(game = id, "cannot resume: {}", e.message),
        }
    }
    Ok(state)
}

/// Serves on an already bound listener until the server is stopped (tests bind 127.0.0.1:0).
pub async fn serve_on(listener: TcpListener, state: Arc<AppState>) -> anyhow::Result<()> {
    net::serve(listener, router(state.clone()), state, std::future::pending()).await?;
    Ok(())
}

/// Resolves on SIGTERM or Ctrl-C.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// `ccg serve`: logs, store, listener, and the server until SIGTERM or Ctrl-C, then a graceful
/// stop (requests in flight finish; every acknowledged write is already on disk).
pub fn run(config: ServeArgs) -> anyhow::Result<()> {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .try_init();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async move {
        let state = open_with(&config.db, config.limits.clone()).await?;
        let listener = TcpListener::bind(config.addr).await?;
        // On stdout, so that scripts and tests can read the address of port 0.
        println!("ccg serve: listening on http://{}", listener.local_addr()?);
        tracing::info!(
            database = %state.db.describe(),
            workers = state.pool.workers,
            connections = state.limits.connection_limit(),
            "serving"
        );
        let stop = async {
            stop_signal().await;
            tracing::info!("stopping");
        };
        net::serve(listener, router(state.clone()), state.clone(), stop).await?;
        nodes::release(&state).await;
        tracing::info!("stopped");
        Ok(())
    })
}
