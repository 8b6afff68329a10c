//! A real server on loopback with a real store — a fresh SQLite file, or a fresh database on the
//! PostgreSQL server `CCG_TEST_POSTGRES` names — and a minimal HTTP/1.1 client (plain
//! `std::net`, one connection per request) so the tests see exactly what goes over the wire.

#![allow(dead_code)] // each test file uses part of the support

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub struct Server {
    pub addr: SocketAddr,
    pub db: PathBuf,
    pub dir: tempfile::TempDir,
    pub state: std::sync::Arc<ccg_server::AppState>,
    limits: ccg_server::Limits,
    rt: Option<tokio::runtime::Runtime>,
}

impl Server {
    /// Starts the server in this process on 127.0.0.1:0 with a fresh database file.
    pub fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("ccg.sqlite");
        Server::start_on(dir, db)
    }

    /// Starts the server with limits given as `ccg serve` options (`["--games-per-minute", "3"]`).
    pub fn start_with(options: &[&str]) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("ccg.sqlite");
        let limits = <ccg_server::Limits as clap::Parser>::parse_from(
            std::iter::once("ccg").chain(options.iter().copied()),
        );
        Server::start_limited(dir, db, limits)
    }

    /// Starts the server on a fresh database of the PostgreSQL server `CCG_TEST_POSTGRES`, or
    /// says why not and gives `None` (the caller skips) when the variable is not set.
    pub fn start_postgres() -> Option<Server> {
        let url = fresh_postgres_db()?;
        Some(Server::start_on(tempfile::tempdir().unwrap(), PathBuf::from(url)))
    }

    pub fn start_on(dir: tempfile::TempDir, db: PathBuf) -> Server {
        Server::start_limited(dir, db, ccg_server::Limits::default())
    }

    fn start_limited(dir: tempfile::TempDir, db: PathBuf, limits: ccg_server::Limits) -> Server {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let (addr, state) = rt.block_on(async {
            let state = ccg_server::open_with(&db, limits.clone()).await.unwrap();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            tokio::spawn(ccg_server::serve_on(listener, state.clone()));
            (addr, state)
        });
        Server { addr, db, dir, state, limits, rt: Some(rt) }
    }

    /// Stops the server and starts a new one on the same database file.
    pub fn restart(mut self) -> Server {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_timeout(Duration::from_secs(5));
        }
        let dir = std::mem::replace(&mut self.dir, tempfile::tempdir().unwrap());
        Server::start_limited(dir, self.db.clone(), self.limits.clone())
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        http(self.addr, "GET", path, token, None)
    }
    pub fn post(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        http(self.addr, "POST", path, token, Some(body.as_bytes()))
    }

    /// Creates a game; returns (id, token, invite path).
    pub fn create(&self, body: &str) -> (String, String, Option<String>) {
        let (s, v) = self.post("/api/games", None, body);
        assert_eq!(s, 201, "{v}");
        (
            v["id"].as_str().unwrap().into(),
            v["token"].as_str().unwrap().into(),
            v["invite"].as_str().map(String::from),
        )
    }

    /// Polls the game until `f` holds (engine replies arrive asynchronously).
    pub fn wait_for(&self, id: &str, f: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let (s, v) = self.get(&format!("/api/games/{id}"), None);
            assert_eq!(s, 200, "{v}");
            if f(&v) {
                return v;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "timed out waiting: {v}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// One request; the answer's status and body (JSON, or a string when it is not JSON).
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&[u8]>,
) -> (u16, Value) {
    let (status, bytes) = raw(addr, method, path, token, body).expect("request failed");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// Sends `request` as written (headers and all) on a fresh connection; the answer's head (status
/// line and headers, lower-cased) and body.
pub fn exchange(addr: SocketAddr, request: &[u8]) -> (String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    s.write_all(request).unwrap();
    let mut resp = Vec::new();
    let _ = s.read_to_end(&mut resp);
    let text = String::from_utf8_lossy(&resp).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.to_ascii_lowercase(), body.to_string())
}

/// A connection to `addr` from the local address `from` (any of 127.0.0.0/8 on Linux): tests
/// play several clients on one machine.
pub fn connect_from(from: &str, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let sock = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    let local: SocketAddr = format!("{from}:0").parse().unwrap();
    sock.bind(&local.into())?;
    sock.connect(&addr.into())?;
    Ok(sock.into())
}

pub fn raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&[u8]>,
) -> std::io::Result<(u16, Vec<u8>)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(t) = token {
        head += &format!("Authorization: Bearer {t}\r\n");
    }
    if let Some(b) = body {
        head += &format!("Content-Type: application/json\r\nContent-Length: {}\r\n", b.len());
    }
    head += "\r\n";
    s.write_all(head.as_bytes())?;
    if let Some(b) = body {
        // The server may answer (413) and close before reading a huge body: that is fine.
        let _ = s.write_all(b);
    }
    let mut resp = Vec::new();
    let _ = s.read_to_end(&mut resp);
    let split = resp.windows(4).position(|w| w == b"\r\n\r\n").ok_or_else(|| {
        std::io::Error::other(format!("no HTTP answer: {:?}", String::from_utf8_lossy(&resp)))
    })?;
    let head = String::from_utf8_lossy(&resp[..split]).to_string();
    let status: u16 = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut body = resp[split + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    Ok((status, body))
}

pub fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..eol]).trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + n]);
        b = &b[eol + 4 + n..];
    }
    out
}

/// One request with extra headers (a `Cookie`): status, head (lower-cased) and body (JSON, or a
/// string).
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, String, Value) {
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req += &format!("{k}: {v}\r\n");
    }
    if let Some(b) = body {
        req += &format!("Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}", b.len());
    } else {
        req += "\r\n";
    }
    let (head, body) = exchange(addr, req.as_bytes());
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = if head.contains("transfer-encoding: chunked") {
        String::from_utf8_lossy(&dechunk(body.as_bytes())).into_owned()
    } else {
        body
    };
    let v = serde_json::from_str(&body).unwrap_or(Value::String(body));
    (status, head, v)
}

/// The session token a `Set-Cookie` header of `head` sets, if any.
pub fn set_session(head: &str) -> Option<String> {
    head.lines()
        .filter_map(|l| l.strip_prefix("set-cookie: ccg_session="))
        .map(|v| v.split(';').next().unwrap_or("").trim().to_string())
        .find(|v| !v.is_empty())
}

/// The author's text of the first legal move of a state.
pub fn first_legal(state: &Value) -> String {
    state["legal"][0]["text"].as_str().expect("a legal move").to_string()
}

/// The administrative URL of the test PostgreSQL server (`bash scripts/postgres.sh start` prints
/// one; `.ci/run` always sets it), or `None` with a message saying the test is skipped.
pub fn postgres_url() -> Option<String> {
    match std::env::var("CCG_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            eprintln!(
                "SKIPPED the PostgreSQL half: set CCG_TEST_POSTGRES=postgres://user@host:port/db \
                 (`bash scripts/postgres.sh start` starts a private server and prints its URL)"
            );
            None
        }
    }
}

/// A new, empty database on the test PostgreSQL server; its URL.
pub fn fresh_postgres_db() -> Option<String> {
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let admin = postgres_url()?;
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("ccg_test_{}_{nanos}_{n}", std::process::id());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let (client, conn) =
            tokio_postgres::connect(&admin, tokio_postgres::NoTls).await.expect("CCG_TEST_POSTGRES");
        tokio::spawn(conn);
        client.batch_execute(&format!("CREATE DATABASE {name}")).await.unwrap();
    });
    let (base, query) = admin.split_once('?').map_or((admin.as_str(), None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    Some(match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    })
}

/// Runs each test `fn name(s: Server)` twice: `sqlite::name` on a fresh SQLite file and
/// `postgres::name` on a fresh PostgreSQL database (skipped, saying so, without
/// `CCG_TEST_POSTGRES`).
#[allow(unused_macros)] // each test file uses part of the support
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[test]
            fn $name() {
                super::$name(crate::support::Server::start())
            })*
        }
        mod postgres {
            $(#[test]
            fn $name() {
                if let Some(s) = crate::support::Server::start_postgres() {
                    super::$name(s)
                }
            })*
        }
    };
}
#[allow(unused_imports)]
pub(crate) use on_both_stores;
