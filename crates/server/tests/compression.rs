//! Answers are gzipped for clients that ask (a page's weight on the wire), and the live streams
//! are not: an event reaches the browser when it happens, not when a compressor's buffer fills.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;
use support::Server;

/// GET with `Accept-Encoding: gzip`: the answer's head (lower-cased) and its body as sent.
fn get_gzip(addr: SocketAddr, path: &str) -> (String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let split = resp.windows(4).position(|w| w == b"\r\n\r\n").expect("an HTTP answer");
    let head = String::from_utf8_lossy(&resp[..split]).to_ascii_lowercase();
    let mut body = resp[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = support::dechunk(&body);
    }
    (head, body)
}

fn gunzip(body: &[u8]) -> String {
    let mut out = String::new();
    flate2::read::GzDecoder::new(body).read_to_string(&mut out).expect("a gzip body");
    out
}

#[test]
fn json_pages_and_scripts_are_gzipped_when_asked_for() {
    let s = Server::start();
    let (id, token, _) = s.create(r#"{"game":"doseki","opponent":"human"}"#);
    let (_, plain) = s.get(&format!("/api/games/{id}"), Some(&token));
    for path in [
        format!("/api/games/{id}"),
        "/api/rules/doseki".into(),
        "/static/board.js".into(),
        format!("/g/{id}"),
    ] {
        let (head, body) = get_gzip(s.addr, &path);
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        assert!(head.contains("content-encoding: gzip"), "{path}: {head}");
        assert!(head.contains("vary: accept-encoding"), "{path}: {head}");
        let text = gunzip(&body);
        assert!(body.len() * 2 < text.len(), "{path}: {} bytes sent for {}", body.len(), text.len());
    }
    // The same state, only smaller on the wire (the public view: no token sent here).
    let (_, body) = get_gzip(s.addr, &format!("/api/games/{id}"));
    let state: serde_json::Value = serde_json::from_str(&gunzip(&body)).unwrap();
    assert_eq!(state["legal"], plain["legal"]);
    // Without Accept-Encoding the answer is plain.
    let (status, head, _) = support::request(s.addr, "GET", "/static/board.js", &[], None);
    assert_eq!(status, 200);
    assert!(!head.contains("content-encoding"), "{head}");
}

#[test]
fn live_events_are_not_compressed_and_arrive_at_once() {
    let s = Server::start();
    let (id, token, _) = s.create(r#"{"game":"mgc","opponent":"human"}"#);
    let mut conn = TcpStream::connect(s.addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(conn, "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, br\r\n\r\n")
        .unwrap();
    let mut reader = BufReader::new(conn);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line == "\r\n" {
            break;
        }
        head += &line.to_ascii_lowercase();
    }
    assert!(head.contains("content-type: text/event-stream"), "{head}");
    assert!(!head.contains("content-encoding"), "{head}");
    let mut next_ply = || loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("an event within the read timeout");
        if let Some(data) = line.strip_prefix("data: ") {
            return serde_json::from_str::<serde_json::Value>(data.trim()).unwrap()["ply"].clone();
        }
    };
    assert_eq!(next_ply(), 0);
    assert_eq!(s.post(&format!("/api/games/{id}/moves"), Some(&token), r#"{"move":"f3-f5"}"#).0, 200);
    // Read with a 10 s timeout, far below the keep-alive interval: the push itself arrives.
    assert_eq!(next_ply(), 1);
}
