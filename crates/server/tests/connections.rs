//! Connections against the real `ccg-server` binary with a low file-descriptor limit: idle and
//! slow (slowloris) clients cannot lock others out, and SIGTERM stops the server gracefully.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::{connect_from, http};

/// Starts `ccg-server` under `ulimit -n <fds>` with extra options; returns it and its address.
fn spawn(dir: &std::path::Path, fds: u32, options: &[&str]) -> (Child, SocketAddr) {
    let db = dir.join("ccg.sqlite");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -n {fds} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_ccg-server"))
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .args(options)
        .env("RUST_LOG", "error")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().rsplit("http://").next().unwrap().parse().unwrap_or_else(|_| panic!("{line:?}"));
    (child, addr)
}

/// Whether the server closes `s` within `within` (reads EOF or a refusal and then EOF).
fn closed_by_server(mut s: &TcpStream, within: Duration) -> bool {
    s.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn idle_connections_of_one_client_do_not_lock_others_out() {
    let dir = tempfile::tempdir().unwrap();
    // 256 descriptors: more idle connections than the process could ever hold.
    let (mut child, addr) = spawn(dir.path(), 256, &["--header-timeout-s", "60"]);
    let mut idle = Vec::new();
    for _ in 0..400 {
        match connect_from("127.0.0.2", addr) {
            Ok(s) => idle.push(s),
            Err(_) => break,
        }
    }
    assert!(idle.len() >= 300, "the attacker could open only {} connections", idle.len());
    // Another client is served at once: the attacker holds at most its per-address share.
    let (st, v) = http(addr, "GET", "/api/catalogue", None, None);
    assert_eq!(st, 200, "{v}");
    std::thread::sleep(Duration::from_secs(1));
    let refused = idle.iter().filter(|s| closed_by_server(s, Duration::from_millis(20))).count();
    assert!(refused >= idle.len() - 64, "only {refused} of {} extra connections were refused", idle.len());
    kill(&mut child);
}

#[test]
fn at_the_descriptor_limit_new_clients_are_refused_and_idle_ones_time_out() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) =
        spawn(dir.path(), 256, &["--header-timeout-s", "2", "--max-connections-per-ip", "100000"]);
    let idle: Vec<TcpStream> = (0..300).filter_map(|_| connect_from("127.0.0.2", addr).ok()).collect();
    // Past the limit the server answers 503 and closes, rather than leaving clients hanging.
    let (st, v) = http(addr, "GET", "/api/catalogue", None, None);
    assert!(st == 503 || st == 200, "{st} {v}");
    // Idle connections are closed after the header timeout; then everyone is served again.
    let all_closed = idle.iter().all(|s| closed_by_server(s, Duration::from_secs(30)));
    assert!(all_closed, "an idle connection was kept open past the header timeout");
    let (st, v) = http(addr, "GET", "/api/catalogue", None, None);
    assert_eq!(st, 200, "{v}");
    kill(&mut child);
}

#[test]
fn slow_headers_are_cut_off_at_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = spawn(dir.path(), 1024, &["--header-timeout-s", "1"]);
    let mut slow: Vec<TcpStream> = (0..20).map(|_| TcpStream::connect(addr).unwrap()).collect();
    for s in &mut slow {
        s.write_all(b"GET /api/catalogue HTTP/1.1\r\nHost: x\r\n").unwrap();
    }
    // One header line every 200 ms, never the end of the headers.
    let start = Instant::now();
    let mut closed = vec![false; slow.len()];
    while closed.iter().any(|c| !c) && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(200));
        for (s, c) in slow.iter_mut().zip(closed.iter_mut()) {
            if !*c
                && (s.write_all(b"X-Slow: 1\r\n").is_err() || closed_by_server(s, Duration::from_millis(1)))
            {
                *c = true;
            }
        }
    }
    let open = closed.iter().filter(|c| !**c).count();
    assert_eq!(open, 0, "{open} slowloris connections still open after 30 s");
    assert_eq!(http(addr, "GET", "/api/catalogue", None, None).0, 200);
    kill(&mut child);
}

#[test]
fn sigterm_finishes_in_flight_work_and_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = spawn(dir.path(), 1024, &[]);
    let (st, v) = http(addr, "POST", "/api/games", None, Some(br#"{"game":"mgc","opponent":"human"}"#));
    assert_eq!(st, 201, "{v}");
    let (id, token) = (v["id"].as_str().unwrap().to_string(), v["token"].as_str().unwrap().to_string());
    // A live-update stream is open: it must not keep the server from stopping.
    let mut events = TcpStream::connect(addr).unwrap();
    write!(events, "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut first = [0u8; 64];
    let _ = events.read(&mut first).unwrap();
    let (st, _) =
        http(addr, "POST", &format!("/api/games/{id}/moves"), Some(&token), Some(br#"{"move":"f3-f5"}"#));
    assert_eq!(st, 200);
    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let start = Instant::now();
    let exit = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "the server did not stop after SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(exit.success(), "SIGTERM should stop the server cleanly, got {exit:?}");
    assert!(closed_by_server(&events, Duration::from_secs(5)), "the event stream was not ended");
    // The acknowledged move is in the file.
    let c = rusqlite::Connection::open(dir.path().join("ccg.sqlite")).unwrap();
    let n: i64 = c.query_row("SELECT COUNT(*) FROM moves WHERE game_id = ?1", [&id], |r| r.get(0)).unwrap();
    assert_eq!(n, 1);
}

/// Reads one answer on a kept-alive connection: its head (lower-cased), or what ended the
/// connection instead (`Err("eof")` for a clean close, the error otherwise).
fn read_answer(s: &mut TcpStream) -> Result<String, String> {
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        if let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&got[..end]).to_ascii_lowercase();
            let body = &got[end + 4..];
            let length = head.lines().find_map(|l| l.strip_prefix("content-length: ")?.trim().parse().ok());
            let done = match length {
                Some(n) => body.len() >= n,
                None => body.ends_with(b"0\r\n\r\n"),
            };
            if done {
                return Ok(head);
            }
        }
        match s.read(&mut buf) {
            Ok(0) if got.is_empty() => return Err("eof".into()),
            Ok(0) => return Err(format!("closed within an answer: {:?}", String::from_utf8_lossy(&got))),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) => return Err(e.to_string()),
        }
    }
}

#[test]
fn a_kept_alive_connection_is_answered_until_its_idle_limit_and_then_closed_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = spawn(dir.path(), 1024, &["--header-timeout-s", "2"]);
    let request = format!("GET /api/session HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let head = read_answer(&mut s).unwrap();
    // The server tells when it closes idle connections (half its limit, so clients stop first).
    assert!(head.contains("\r\nkeep-alive: timeout=1"), "{head}");
    // A request sent before the idle limit is answered, on the same connection.
    for _ in 0..2 {
        std::thread::sleep(Duration::from_millis(1700));
        s.write_all(request.as_bytes()).unwrap();
        let head = read_answer(&mut s).unwrap_or_else(|e| panic!("a request in time was not answered: {e}"));
        assert!(head.starts_with("http/1.1 200"), "{head}");
    }
    // Past the limit the server closes the idle connection cleanly: an end, no partial answer.
    let start = Instant::now();
    assert_eq!(read_answer(&mut s), Err("eof".to_string()));
    assert!(start.elapsed() > Duration::from_millis(1500), "closed {:?} after the answer", start.elapsed());
    kill(&mut child);
}
