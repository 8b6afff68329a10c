//! The API's own documentation: the OpenAPI document generated from the handlers
//! (`/api/openapi.json`), a page that renders it (`/api/docs`, plain HTML and JavaScript kept
//! beside this file, no outside scripts), and `/favicon.ico`.

use crate::AppState;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

/// Routes under `/api`.
pub fn routes(openapi_json: String) -> Router<Arc<AppState>> {
    let json: Arc<str> = openapi_json.into();
    Router::new()
        .route(
            "/openapi.json",
            get(move || {
                let json = json.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], json.to_string()) }
            }),
        )
        .route(
            "/docs",
            get(|| async {
                ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], include_str!("../apidocs/docs.html"))
            }),
        )
        .route(
            "/docs/docs.js",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
                    include_str!("../apidocs/docs.js"),
                )
            }),
        )
}

/// `/favicon.ico`: browsers ask for it whatever the page says; the app's icon, not a 404.
pub async fn favicon() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "max-age=86400")],
        include_str!("../web/favicon.svg"),
    )
}
