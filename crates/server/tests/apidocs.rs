//! The API documents itself: the OpenAPI document is generated from the handlers that the
//! router serves, so every documented operation exists (and the router has no undocumented
//! API route); the page that renders it and the favicon are served.

mod support;

use serde_json::Value;
use support::{exchange, Server};

#[test]
fn every_documented_operation_is_served_and_every_route_documented() {
    let s = Server::start();
    let (id, _, _) = s.create(r#"{"game":"mgc","opponent":"human"}"#);
    let (st, doc) = s.get("/api/openapi.json", None);
    assert_eq!(st, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{doc}");
    let paths = doc["paths"].as_object().unwrap();
    let mut operations = Vec::new();
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            operations.push((method.to_uppercase(), path.clone()));
        }
    }
    for (method, path) in &operations {
        let url = format!("/api{}", path.replace("{id}", &id).replace("{ply}", "0").replace("{game}", "mgc"));
        let (st, v) = if method == "GET" {
            if path.ends_with("/events") {
                continue; // a stream that does not end; served, see tests/api.rs
            }
            s.get(&url, None)
        } else {
            s.post(&url, None, "{}")
        };
        assert_ne!(st, 405, "{method} {url}");
        let unrouted = st == 404 && v["message"].as_str().is_some_and(|m| m.contains("route"));
        assert!(!unrouted, "{method} {url} is documented but not served: {v}");
    }
    // The routes of the API, as the handlers' files register them: each is documented.
    for (method, path) in [
        ("GET", "/catalogue"),
        ("POST", "/games"),
        ("GET", "/games"),
        ("GET", "/games/{id}"),
        ("GET", "/games/{id}/legal"),
        ("GET", "/games/{id}/position/{ply}"),
        ("POST", "/games/{id}/join"),
        ("POST", "/games/{id}/moves"),
        ("POST", "/games/{id}/draw"),
        ("POST", "/games/{id}/resign"),
        ("GET", "/games/{id}/record"),
        ("GET", "/games/{id}/events"),
        ("POST", "/import"),
        ("POST", "/analyse"),
        ("GET", "/rules/{game}"),
    ] {
        assert!(
            operations.contains(&(method.to_string(), path.to_string())),
            "{method} {path} is not documented"
        );
    }
    // Request bodies carry their schemas (enums with their values).
    let schemas = &doc["components"]["schemas"];
    assert_eq!(
        schemas["Opponent"]["enum"],
        serde_json::json!(["engine", "human"]),
        "{}",
        schemas["Opponent"]
    );
    assert!(schemas["CreateGame"]["properties"]["clock"].is_object());
    assert_eq!(schemas["ErrorBody"]["required"], serde_json::json!(["error", "message"]));
}

#[test]
fn the_docs_page_and_the_favicon_are_served() {
    let s = Server::start();
    let (head, body) = exchange(s.addr, b"GET /api/docs HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(head.starts_with("http/1.1 200") && head.contains("text/html"), "{head}");
    assert!(body.contains("/api/docs/docs.js") && body.contains("/api/openapi.json"));
    let (st, js) = s.get("/api/docs/docs.js", None);
    assert_eq!(st, 200);
    assert!(matches!(js, Value::String(ref t) if t.contains("openapi.json")));
    let (head, body) = exchange(s.addr, b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(head.starts_with("http/1.1 200") && head.contains("image/svg+xml"), "{head}");
    assert!(body.contains("<svg"));
}
