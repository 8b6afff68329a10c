//! The front end, compiled into the binary: plain HTML, CSS and JavaScript modules under `web/`,
//! and the rules document, so that `ccg serve` needs no build step and no files beside it.
//! Every answer carries an `ETag` (a hash of the file), so a browser revalidates with one
//! round trip and gets `304 Not Modified` while the binary is unchanged.
//!
//! A game's page names the rules facts of its game in a `<link rel="preload">`, so that the
//! browser fetches them while the page's modules load instead of after the game's state, and
//! carries `early.js` inline, so that the state is asked while the page is still being read
//! rather than one more request later. Its modules come as one script, `/static/game-page.js`,
//! joined from `game.js` and what it imports when the server starts (see [`crate::bundle`]).

use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::{Arc, LazyLock};

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";
const TEXT: &str = "text/plain; charset=utf-8";

macro_rules! web {
    ($file:literal) => {
        include_str!(concat!("../web/", $file))
    };
}

/// Pages: path, file.
const PAGES: &[(&str, &str)] =
    &[("/", web!("index.html")), ("/rules", web!("rules.html")), ("/play", web!("play.html"))];

/// Static files: name under `/static/`, MIME type, contents.
const ASSETS: &[(&str, &str, &str)] = &[
    ("app.css", CSS, web!("app.css")),
    ("favicon.svg", SVG, web!("favicon.svg")),
    ("i18n.js", JS, web!("i18n.js")),
    ("icons.js", JS, web!("icons.js")),
    ("pieces.js", JS, web!("pieces.js")),
    ("board.js", JS, web!("board.js")),
    ("settings.js", JS, web!("settings.js")),
    ("chrome.js", JS, web!("chrome.js")),
    ("info.js", JS, web!("info.js")),
    ("mygames.js", JS, web!("mygames.js")),
    ("sound.js", JS, web!("sound.js")),
    ("game.js", JS, web!("game.js")),
    ("game-state.js", JS, web!("game-state.js")),
    ("game-view.js", JS, web!("game-view.js")),
    ("game-input.js", JS, web!("game-input.js")),
    ("lobby.js", JS, web!("lobby.js")),
    ("play.js", JS, web!("play.js")),
    ("rules.js", JS, web!("rules.js")),
    ("rules-en.js", JS, web!("rules-en.js")),
    ("rules-ru.js", JS, web!("rules-ru.js")),
    // The author's own rules texts (his blog posts), shown one click away on the rules pages.
    ("source/mgc.txt", TEXT, web!("source/mgc.txt")),
    ("source/mgc1.txt", TEXT, web!("source/mgc1.txt")),
    ("source/guru.txt", TEXT, web!("source/guru.txt")),
    ("source/avantgarde.txt", TEXT, web!("source/avantgarde.txt")),
    ("source/shogi.txt", TEXT, web!("source/shogi.txt")),
    ("source/shogi1.txt", TEXT, web!("source/shogi1.txt")),
    ("source/cheskers.txt", TEXT, web!("source/cheskers.txt")),
    ("source/cheskers.ru.txt", TEXT, web!("source/cheskers.ru.txt")),
    ("source/cubic.txt", TEXT, web!("source/cubic.txt")),
    ("source/nihongi.txt", TEXT, web!("source/nihongi.txt")),
    ("source/pyramids1.txt", TEXT, web!("source/pyramids1.txt")),
    ("source/pyramids2.txt", TEXT, web!("source/pyramids2.txt")),
    ("source/pyramids5.txt", TEXT, web!("source/pyramids5.txt")),
    ("source/pyramids6.txt", TEXT, web!("source/pyramids6.txt")),
    ("source/bermuda.txt", TEXT, web!("source/bermuda.txt")),
    ("source/omino.txt", TEXT, web!("source/omino.txt")),
    ("source/nomino.txt", TEXT, web!("source/nomino.txt")),
    ("source/doseki.txt", TEXT, web!("source/doseki.txt")),
    ("source/brilliant.txt", TEXT, web!("source/brilliant.txt")),
];

/// The game page's modules as one script, joined from the sources in `ASSETS` (a unit test
/// proves the join succeeds, so this cannot fail at run time).
static GAME_SCRIPT: LazyLock<String> = LazyLock::new(|| {
    crate::bundle::bundle("game.js", |name| ASSETS.iter().find(|a| a.0 == name && a.1 == JS).map(|a| a.2))
        .expect("the game page's modules join (web::tests)")
});

/// FNV-1a of the contents: changes whenever the file does.
fn etag(body: &str) -> String {
    let h = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
    format!("\"{h:016x}\"")
}

fn page(mime: &'static str, body: impl AsRef<str> + IntoResponse, headers: &HeaderMap) -> Response {
    let tag = etag(body.as_ref());
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(tag.as_str()) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, tag)]).into_response();
    }
    (
        [
            (header::CONTENT_TYPE, mime.to_string()),
            (header::CACHE_CONTROL, "no-cache".into()),
            (header::ETAG, tag),
        ],
        body,
    )
        .into_response()
}

/// game.html with early.js in its slot, and the policy that lets that script (and no other
/// inline one) run.
static GAME: LazyLock<(String, String)> = LazyLock::new(|| {
    const EARLY: &str = web!("early.js");
    let page = web!("game.html").replacen("<!-- early.js -->", &format!("<script>{EARLY}</script>"), 1);
    (page, crate::net::content_security_policy(EARLY))
});

/// Where game.html names its rules facts (a comment, so the page works without it).
const FACTS_SLOT: &str = "<!-- rules facts -->";

/// The game page, with a preload of its game's rules facts (`/api/rules/{game}?option=…`, the
/// URL the page then fetches) when the game exists; an unknown id gets the plain page, which
/// says so after asking the API.
async fn game_page(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (html, policy) = &*GAME;
    let body = match state.game(&id).await {
        Ok(game) => {
            let (name, options) = {
                let g = game.lock().await;
                (g.row.game.clone(), g.row.options.clone())
            };
            let mut url = format!("/api/rules/{}?", url_encode(&name));
            for o in &options {
                url += &format!("option={}&amp;", url_encode(o));
            }
            let link = format!(
                r#"<link rel="preload" id="facts-preload" as="fetch" crossorigin href="{}">"#,
                url.trim_end_matches("&amp;").trim_end_matches('?')
            );
            html.replacen(FACTS_SLOT, &link, 1)
        }
        Err(_) => html.clone(),
    };
    let mut res = page(HTML, body, &headers);
    if let Ok(v) = header::HeaderValue::from_str(policy) {
        res.headers_mut().insert(header::CONTENT_SECURITY_POLICY, v);
    }
    res
}

/// Percent-encodes all but letters, digits and `-._~` (what URLSearchParams leaves too).
fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub fn routes() -> Router<Arc<AppState>> {
    let mut r = Router::new()
        .route("/g/{id}", get(game_page))
        .route("/static/game-page.js", get(|h: HeaderMap| async move { page(JS, GAME_SCRIPT.as_str(), &h) }));
    for &(path, body) in PAGES {
        r = r.route(path, get(move |h: HeaderMap| async move { page(HTML, body, &h) }));
    }
    for &(name, mime, body) in ASSETS {
        r = r.route(&format!("/static/{name}"), get(move |h: HeaderMap| async move { page(mime, body, &h) }));
    }
    r.route(
        "/rules.md",
        get(|h: HeaderMap| async move {
            page("text/markdown; charset=utf-8", include_str!("../../../docs/rules.md"), &h)
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game page's script is its modules, each once, after what it imports: every line of
    /// each source but its imports, `export ` taken off its declarations.
    #[test]
    fn the_game_page_script_is_its_modules_joined() {
        let joined = GAME_SCRIPT.as_str();
        let modules: Vec<&str> = joined.lines().filter_map(|l| l.strip_prefix("// ---- ")).collect();
        assert_eq!(modules.len(), 13, "{modules:?}");
        assert_eq!((modules[0], modules[12]), ("i18n.js", "game.js"));
        for name in &modules {
            let source = ASSETS.iter().find(|a| a.0 == *name).unwrap().2;
            let start = joined.find(&format!("// ---- {name}\n")).unwrap();
            let mut part = joined[start..].lines().skip(1);
            for line in source.lines() {
                let want = if line.starts_with("import ") {
                    ""
                } else {
                    line.strip_prefix("export ").unwrap_or(line)
                };
                assert_eq!(part.next(), Some(want), "{name}");
            }
        }
        assert!(!GAME.0.contains("src=\"/static/game.js\""), "the page loads the joined script");
        assert!(GAME.0.contains("src=\"/static/game-page.js\""));
    }
}
