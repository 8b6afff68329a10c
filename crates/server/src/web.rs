//! The front end, compiled into the binary: plain HTML, CSS and JavaScript under `web/`, and the
//! rules document, so that `ccg serve` needs no build step and no files beside it.

use crate::AppState;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

macro_rules! asset {
    ($file:literal, $mime:literal) => {
        get(|| async { page($mime, include_str!(concat!("../web/", $file))) })
    };
}

fn page(mime: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/", asset!("index.html", "text/html; charset=utf-8"))
        .route("/g/{id}", asset!("game.html", "text/html; charset=utf-8"))
        .route("/rules", asset!("rules.html", "text/html; charset=utf-8"))
        .route("/static/app.css", asset!("app.css", "text/css; charset=utf-8"))
        .route("/static/lobby.js", asset!("lobby.js", "text/javascript; charset=utf-8"))
        .route("/static/game.js", asset!("game.js", "text/javascript; charset=utf-8"))
        .route("/static/board.js", asset!("board.js", "text/javascript; charset=utf-8"))
        .route("/static/rules.js", asset!("rules.js", "text/javascript; charset=utf-8"))
        .route(
            "/rules.md",
            get(|| async { page("text/markdown; charset=utf-8", include_str!("../../../docs/rules.md")) }),
        )
}
