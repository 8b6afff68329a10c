//! Several nodes on one PostgreSQL: two `ccg-server` processes serve one game, its players and
//! spectators on different nodes; a move is accepted once; node A is killed with SIGKILL mid-game
//! and the game, its clock and the engine's owed reply go on at node B. Runs when
//! `CCG_TEST_POSTGRES` is set (as `.ci/run` does), like the other PostgreSQL tests.

mod support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::http;

/// Leases of one second, so that a dead node's games move on quickly.
const LEASE_MS: &str = "1000";

/// A `ccg-server` node on the database `url`, on a free loopback port.
fn node(url: &str, extra: &[&str]) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ccg-server"))
        .args(["--addr", "127.0.0.1:0", "--db", url, "--lease-ms", LEASE_MS])
        .args(extra)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().rsplit("http://").next().unwrap().parse().unwrap_or_else(|_| panic!("{line}"));
    (child, addr)
}

/// One number from the database (the test looks at the leases directly).
fn count(url: &str, sql: &str) -> i64 {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(conn);
        client.query_one(sql, &[]).await.unwrap().get(0)
    })
}

fn wait_until(what: &str, limit: Duration, mut f: impl FnMut() -> bool) {
    let start = Instant::now();
    while !f() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Follows a game's server-sent events on `addr` in a thread; the states pushed so far.
fn spectate(addr: SocketAddr, id: &str) -> Arc<Mutex<Vec<Value>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut conn = std::net::TcpStream::connect(addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(conn, "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let out = seen.clone();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(conn);
        let mut line = String::new();
        while reader.read_line(&mut line).is_ok_and(|n| n > 0) {
            if let Some(data) = line.strip_prefix("data: ") {
                out.lock().unwrap().push(serde_json::from_str::<Value>(data.trim()).unwrap());
            }
            line.clear();
        }
    });
    seen
}

/// Whether a spectator has seen every ply from 1 to `ply`, in order, and the state of `ply`.
fn saw_plies(seen: &Mutex<Vec<Value>>, ply: u64) -> bool {
    let seen = seen.lock().unwrap();
    let plies: Vec<u64> = seen.iter().filter_map(|v| v["ply"].as_u64()).collect();
    let mut want = 1;
    for p in plies {
        if p == want {
            want += 1;
        }
    }
    want > ply
}

fn state(addr: SocketAddr, id: &str) -> Value {
    let (st, v) = http(addr, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(st, 200, "{v}");
    v
}

/// Plays the first legal move for `token` at node `addr`; the answer's status and body.
fn play(addr: SocketAddr, id: &str, token: &str, ply: u64) -> (u16, Value) {
    let m = state(addr, id)["legal"][0]["text"].as_str().unwrap().to_string();
    let body = json!({ "move": m, "ply": ply }).to_string();
    http(addr, "POST", &format!("/api/games/{id}/moves"), Some(token), Some(body.as_bytes()))
}

#[test]
fn two_nodes_serve_one_game_and_the_survivor_of_a_sigkill_runs_its_clock() {
    let Some(url) = support::fresh_postgres_db() else { return };
    let (mut a, at_a) = node(&url, &[]);
    // A timed game on A: A takes its lease (the clock is A's to run) before B starts.
    let body = br#"{"game":"mgc","opponent":"human","clock":{"initial_s":5,"increment_s":0}}"#;
    let (st, v) = http(at_a, "POST", "/api/games", None, Some(body));
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let white = v["token"].as_str().unwrap().to_string();
    let code = v["invite"].as_str().unwrap().split("invite=").nth(1).unwrap().to_string();
    wait_until("node A's lease", Duration::from_secs(10), || {
        count(&url, "SELECT count(*) FROM game_leases") == 1
    });
    let (mut b, at_b) = node(&url, &[]);

    // Black joins at B; a spectator watches at each node.
    let join = json!({ "invite": code }).to_string();
    let (st, j) = http(at_b, "POST", &format!("/api/games/{id}/join"), None, Some(join.as_bytes()));
    assert_eq!(st, 200, "{j}");
    let black = j["token"].as_str().unwrap().to_string();
    let (watch_a, watch_b) = (spectate(at_a, &id), spectate(at_b, &id));

    // White plays at A, Black at B; both spectators see every move.
    for ply in 0..4 {
        let (addr, token) = if ply % 2 == 0 { (at_a, &white) } else { (at_b, &black) };
        let (st, v) = play(addr, &id, token, ply);
        assert_eq!(st, 200, "ply {ply}: {v}");
    }
    wait_until("both spectators to see 4 moves", Duration::from_secs(10), || {
        saw_plies(&watch_a, 4) && saw_plies(&watch_b, 4)
    });

    // The same move sent to both nodes at once is accepted once: the other answer is 409.
    let m = state(at_a, &id)["legal"][0]["text"].as_str().unwrap().to_string();
    let body = json!({ "move": m, "ply": 4 }).to_string();
    let racers: Vec<_> = [at_a, at_b]
        .into_iter()
        .map(|addr| {
            let (id, token, body) = (id.clone(), white.clone(), body.clone());
            std::thread::spawn(move || {
                http(addr, "POST", &format!("/api/games/{id}/moves"), Some(&token), Some(body.as_bytes()))
            })
        })
        .collect();
    let mut answers: Vec<u16> = racers.into_iter().map(|t| t.join().unwrap().0).collect();
    answers.sort();
    assert_eq!(answers, [200, 409], "one node accepts the move, the other refuses it");
    let acknowledged = state(at_b, &id);
    assert_eq!(acknowledged["ply"], 5, "{acknowledged}");

    // A dies; nothing it acknowledged is lost, and the game goes on at B for both players.
    a.kill().unwrap(); // SIGKILL
    a.wait().unwrap();
    let v = state(at_b, &id);
    assert_eq!(v["moves"], acknowledged["moves"]);
    assert_eq!(v["status"], "active");
    let (st, v) = play(at_b, &id, &black, 5);
    assert_eq!(st, 200, "{v}");
    let (st, v) = play(at_b, &id, &white, 6);
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["clock"]["running"], "black");
    // Black does not move: B takes A's lease over and its clock flags Black.
    let start = Instant::now();
    let over = loop {
        let v = state(at_b, &id);
        if v["status"] == "over" {
            break v;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no flag at B: {v}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!((over["result"].as_str(), over["reason"].as_str()), (Some("1:0"), Some("time")), "{over}");
    wait_until("B's spectator to see every move and the flag", Duration::from_secs(10), || {
        saw_plies(&watch_b, 7) && watch_b.lock().unwrap().last().is_some_and(|v| v["status"] == "over")
    });
    b.kill().unwrap();
    b.wait().unwrap();
}

#[test]
fn an_engine_reply_owed_by_a_dead_node_is_played_by_another() {
    let Some(url) = support::fresh_postgres_db() else { return };
    let (mut a, at_a) = node(&url, &[]);
    let body = br#"{"game":"mgc","opponent":"engine","level":8,"color":"white"}"#;
    let (st, v) = http(at_a, "POST", "/api/games", None, Some(body));
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    let (st, v) = play(at_a, &id, &token, 0);
    assert_eq!(st, 200, "{v}");
    // A dies while its engine thinks (level 8 takes far longer than this kill).
    a.kill().unwrap();
    a.wait().unwrap();
    assert_eq!(count(&url, "SELECT count(*) FROM moves"), 1, "A replied before it died");
    let (mut b, at_b) = node(&url, &["--engine-reply-ms", "300"]);
    let start = Instant::now();
    loop {
        let v = state(at_b, &id);
        if v["ply"] == 2 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "B did not reply for the engine: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }
    b.kill().unwrap();
    b.wait().unwrap();
}

/// A node whose notice connection was cut catches up on every game it holds once it listens
/// again; a game that did not change meanwhile is not pushed again, so a watcher sees each state
/// once (a repeated state used to arrive where the watcher waited for the next move).
#[test]
fn catching_up_after_a_lost_notice_connection_repeats_no_state() {
    let Some(url) = support::fresh_postgres_db() else { return };
    let (mut a, at_a) = node(&url, &[]);
    let (st, v) = http(at_a, "POST", "/api/games", None, Some(br#"{"game":"mgc","opponent":"human"}"#));
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    let watch = spectate(at_a, &id);
    wait_until("the first state", Duration::from_secs(10), || !watch.lock().unwrap().is_empty());

    let listening = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
                     AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()";
    wait_until("the node to listen", Duration::from_secs(10), || count(&url, listening) == 1);
    let cut = "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
               WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()) t";
    assert_eq!(count(&url, cut), 1);
    wait_until("the node to listen again", Duration::from_secs(10), || count(&url, listening) == 1);
    std::thread::sleep(Duration::from_millis(500)); // its catch-up runs on the first notice

    let (st, v) = play(at_a, &id, &token, 0);
    assert_eq!(st, 200, "{v}");
    wait_until("the move's state", Duration::from_secs(10), || saw_plies(&watch, 1));
    let plies: Vec<u64> = watch.lock().unwrap().iter().filter_map(|v| v["ply"].as_u64()).collect();
    assert_eq!(plies, [0, 1], "each state is pushed once");
    a.kill().unwrap();
    a.wait().unwrap();
}
