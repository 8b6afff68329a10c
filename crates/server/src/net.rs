//! The HTTP server loop: every connection is bounded in number (in all and per client IP), in
//! the time it may take to send its headers or sit idle, and in how long it may run on after
//! the server is told to stop (graceful shutdown: in-flight requests and their writes finish,
//! live-update streams end, new connections are no longer taken).

use crate::config::Limits;
use crate::AppState;
use axum::extract::ConnectInfo;
use axum::http::header;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// Open connections, in all and per client IP.
#[derive(Default)]
struct Counts {
    all: usize,
    per_ip: HashMap<IpAddr, usize>,
}

/// A connection's place in [`Counts`], given back when the connection closes.
struct Slot {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        c.all -= 1;
        if let Some(n) = c.per_ip.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.per_ip.remove(&self.ip);
            }
        }
    }
}

/// Answers a connection over a limit and closes it, without a task or a wait: the answer fits
/// in a fresh socket's send buffer.
fn refuse(stream: TcpStream, status: &str, code: &str, message: &str) {
    let body = serde_json::json!({ "error": code, "message": message }).to_string();
    let text = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nretry-after: 5\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(text.as_bytes());
}

/// Serves `app` on `listener` until `stop` resolves, then shuts down gracefully.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    state: Arc<AppState>,
    stop: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let limits: Limits = state.limits.clone();
    let max = limits.connection_limit();
    let counts = Arc::new(Mutex::new(Counts::default()));
    let mut stopping = state.stopping.subscribe();
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(e) => {
                    // Out of file descriptors (or a connection reset before accept): wait a
                    // little rather than spin.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
            _ = stopping.changed() => break,
        };
        let slot = {
            let mut c = counts.lock().unwrap_or_else(|p| p.into_inner());
            if c.all >= max {
                drop(c);
                refuse(stream, "503 Service Unavailable", "busy", "too many connections; try again");
                continue;
            }
            let n = c.per_ip.entry(peer.ip()).or_insert(0);
            if *n >= limits.max_connections_per_ip {
                drop(c);
                refuse(
                    stream,
                    "429 Too Many Requests",
                    "too_many_connections",
                    "too many connections from your address",
                );
                continue;
            }
            *n += 1;
            c.all += 1;
            Slot { counts: counts.clone(), ip: peer.ip() }
        };
        tokio::spawn(connection(stream, peer, app.clone(), limits.clone(), state.stopping.subscribe(), slot));
    }
    let _ = state.stopping.send(true);
    drop(listener);
    // In-flight requests finish (their writes are acknowledged) within the grace period.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(limits.shutdown_grace_s);
    while counts.lock().unwrap_or_else(|p| p.into_inner()).all > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    limits: Limits,
    mut stopping: tokio::sync::watch::Receiver<bool>,
    slot: Slot,
) {
    let _ = stream.set_nodelay(true);
    let opened = tokio::time::Instant::now();
    let served = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counter = served.clone();
    let keep_alive = keep_alive_hint(&limits);
    let svc = hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        req.extensions_mut().insert(ConnectInfo(peer));
        let (answer, hint) = (app.clone().oneshot(req), keep_alive.clone());
        async move {
            let mut res = answer.await?;
            res.headers_mut().insert(header::HeaderName::from_static("keep-alive"), hint);
            Ok::<_, std::convert::Infallible>(res)
        }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout())
        .max_buf_size(64 * 1024)
        .serve_connection(TokioIo::new(stream), svc);
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            let requests = served.load(std::sync::atomic::Ordering::Relaxed);
            let ms = opened.elapsed().as_millis() as u64;
            match r {
                Ok(()) => tracing::debug!(%peer, requests, ms, "connection closed"),
                Err(e) => tracing::debug!(%peer, requests, ms, timeout = e.is_timeout(), "connection ended: {e}"),
            }
        }
        _ = async { let _ = stopping.wait_for(|s| *s).await; } => {
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(limits.shutdown_grace_s), conn).await;
        }
    }
    drop(slot);
}

/// The `Keep-Alive` hint of every answer: half the idle limit (`--header-timeout-s`), after
/// which the server closes a connection between requests. A client that honours it (Node's
/// fetch closes at the hint less 2 s) gives up an idle connection well before the server does,
/// so that it does not send a request onto a connection the server is closing or has closed:
/// such a request is never read, and the client sees the connection close without an answer.
fn keep_alive_hint(limits: &Limits) -> header::HeaderValue {
    let s = (limits.header_timeout().as_secs() / 2).max(1);
    header::HeaderValue::from_str(&format!("timeout={s}"))
        .unwrap_or(header::HeaderValue::from_static("timeout=1"))
}

/// The content security policy, with `$script` (sources such as `'sha256-…'`) added to
/// `script-src`.
macro_rules! csp {
    ($script:expr) => {
        concat!(
            "default-src 'self'; script-src 'self'",
            $script,
            "; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
             object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        )
    };
}

/// The policy of a page that runs the inline script `script` (allowed by its hash, so only that
/// script runs: the policy still refuses any other inline script).
pub fn content_security_policy(script: &str) -> String {
    use sha2::{Digest, Sha256};
    let hash = base64(&Sha256::digest(script.as_bytes()));
    format!(csp!(" 'sha256-{}'"), hash)
}

/// Standard base64 with padding (RFC 4648), as CSP hashes are written.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() { ABC[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
        }
    }
    out
}

/// Headers every answer carries: no framing by other sites (the resign and draw buttons cannot
/// be clickjacked), scripts only from this origin, no content sniffing, and no referrer (an
/// invite code in a game's address stays on this site).
pub async fn security_headers(mut res: axum::response::Response) -> axum::response::Response {
    use axum::http::{header, HeaderValue};
    let h = res.headers_mut();
    // A page that runs an inline script names it in its own policy (see [`content_security_policy`]).
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(csp!("")));
    }
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    res
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_rfc_4648_test_vectors() {
        for (plain, coded) in
            [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")]
        {
            assert_eq!(super::base64(plain.as_bytes()), coded);
        }
    }
}
