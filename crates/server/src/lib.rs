//! # ccg-server — `ccg serve`, the web app
//!
//! An axum HTTP server with an embedded SQLite store ([`db`]), the JSON API ([`api`]), live
//! updates as server-sent events, engine moves on a bounded worker pool ([`pool`]), and the web
//! front end compiled into the binary ([`web`]), so one command runs everything.

pub mod api;
pub mod db;
pub mod game;
pub mod pool;
pub mod rules_api;
pub mod web;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio::net::TcpListener;

/// Largest request body accepted: records of long games fit many times over.
pub const BODY_LIMIT: usize = 256 * 1024;

/// Shared state of the server.
pub struct AppState {
    pub db: db::Db,
    /// Games in play, loaded from the store on first use.
    pub games: Mutex<HashMap<String, Arc<tokio::sync::Mutex<game::Game>>>>,
    /// Push channels of games someone watches.
    pub channels: Mutex<HashMap<String, tokio::sync::broadcast::Sender<Arc<String>>>>,
    pub pool: pool::EnginePool,
}

/// Options of `ccg serve` (shared by the `ccg` command and the `ccg-server` binary).
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port (the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// SQLite database file, created on first run.
    #[arg(long, default_value = "ccg.sqlite")]
    pub db: PathBuf,
}

/// The whole application's routes.
pub fn router(state: Arc<AppState>) -> Router {
    let api = Router::new()
        .route("/catalogue", get(api::catalogue))
        .route("/games", post(api::create_game).get(api::list_games))
        .route("/games/{id}", get(api::get_game))
        .route("/games/{id}/legal", get(api::legal_moves))
        .route("/games/{id}/position/{ply}", get(api::position_at))
        .route("/games/{id}/join", post(api::join))
        .route("/games/{id}/moves", post(api::make_move))
        .route("/games/{id}/draw", post(api::draw))
        .route("/games/{id}/resign", post(api::resign))
        .route("/games/{id}/record", get(api::record))
        .route("/games/{id}/events", get(api::events))
        .route("/import", post(api::import))
        .route("/analyse", post(api::analyse))
        .route("/rules/{game}", get(rules_api::rules))
        .fallback(api::not_found);
    Router::new()
        .nest("/api", api)
        .merge(web::routes())
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

/// Opens the store, resumes engine games owed a move and running clocks, and builds the state.
pub async fn open(db_path: &std::path::Path) -> anyhow::Result<Arc<AppState>> {
    let db = db::Db::open(db_path)?;
    let state = Arc::new(AppState {
        db,
        games: Mutex::new(HashMap::new()),
        channels: Mutex::new(HashMap::new()),
        pool: pool::EnginePool::from_cpus(),
    });
    let ids = state.db.read(db::games_to_resume).await?;
    for id in ids {
        match state.game(&id).await {
            Ok(g) => {
                let g = g.lock().await;
                api::schedule_engine(&state, &g);
                api::schedule_flag(&state, &g);
            }
            Err(e) => tracing::warn!(game = id, "cannot resume: {}", e.message),
        }
    }
    Ok(state)
}

/// Serves on an already bound listener until the process ends (tests bind 127.0.0.1:0).
pub async fn serve_on(listener: TcpListener, state: Arc<AppState>) -> anyhow::Result<()> {
    axum::serve(listener, router(state)).await?;
    Ok(())
}

/// `ccg serve`: logs, store, listener, and the server until Ctrl-C.
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
        let state = open(&config.db).await?;
        let listener = TcpListener::bind(config.addr).await?;
        // On stdout, so that scripts and tests can read the address of port 0.
        println!("ccg serve: listening on http://{}", listener.local_addr()?);
        tracing::info!(database = %config.db.display(), workers = state.pool.workers, "serving");
        // Every acknowledged write is already on disk, so stopping needs no draining; waiting
        // for live-update streams to end would never finish.
        tokio::select! {
            r = axum::serve(listener, router(state)) => r?,
            _ = tokio::signal::ctrl_c() => tracing::info!("stopping"),
        }
        Ok(())
    })
}
