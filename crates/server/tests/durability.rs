//! Durability: the server binary is killed with SIGKILL in the middle of a game and restarted on
//! the same store (a SQLite file; a PostgreSQL database); every move it acknowledged must be there.

mod support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use support::http;

/// Starts `ccg-server` on a free loopback port; returns the child and its address.
fn spawn(db: &std::path::Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ccg-server"))
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db)
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

#[test]
fn every_acknowledged_move_survives_sigkill_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    every_acknowledged_move_survives_sigkill(&dir.path().join("ccg.sqlite"));
}

#[test]
fn every_acknowledged_move_survives_sigkill_on_postgres() {
    if let Some(url) = support::fresh_postgres_db() {
        every_acknowledged_move_survives_sigkill(std::path::Path::new(&url));
    }
}

fn every_acknowledged_move_survives_sigkill(db: &std::path::Path) {
    let (mut child, addr) = spawn(db);

    let (st, v) = http(addr, "POST", "/api/games", None, Some(br#"{"game":"mgc","opponent":"human"}"#));
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let white = v["token"].as_str().unwrap().to_string();
    let code = v["invite"].as_str().unwrap().split("invite=").nth(1).unwrap().to_string();
    let (st, j) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        None,
        Some(json!({ "invite": code }).to_string().as_bytes()),
    );
    assert_eq!(st, 200);
    let black = j["token"].as_str().unwrap().to_string();
    let (white_again, black_again) = (white.clone(), black.clone());

    // A player thread moves as fast as it can and counts the moves acknowledged with 200.
    let acked = Arc::new(AtomicUsize::new(0));
    let played = {
        let (acked, id) = (acked.clone(), id.clone());
        std::thread::spawn(move || {
            let mut texts = Vec::new();
            for ply in 0..400 {
                let Ok((200, state)) = support::raw(addr, "GET", &format!("/api/games/{id}"), None, None)
                    .map(|(s, b)| (s, serde_json::from_slice::<Value>(&b).unwrap_or(Value::Null)))
                else {
                    break;
                };
                if state["status"] != "active" {
                    break;
                }
                let m = state["legal"][0]["text"].as_str().unwrap().to_string();
                let token = if ply % 2 == 0 { &white } else { &black };
                let body = json!({ "move": m, "ply": ply }).to_string();
                match support::raw(
                    addr,
                    "POST",
                    &format!("/api/games/{id}/moves"),
                    Some(token),
                    Some(body.as_bytes()),
                ) {
                    Ok((200, _)) => {
                        texts.push(m);
                        acked.fetch_add(1, Ordering::SeqCst);
                    }
                    _ => break,
                }
            }
            texts
        })
    };
    // Kill mid-game, while moves are in flight.
    let started = std::time::Instant::now();
    while acked.load(Ordering::SeqCst) < 12 {
        assert!(
            started.elapsed() < Duration::from_secs(60) && !played.is_finished(),
            "the player thread stalled"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let texts = played.join().unwrap();
    let n = acked.load(Ordering::SeqCst);
    assert!(n >= 12 && texts.len() == n);

    let (mut child, addr) = spawn(db);
    let (st, v) = http(addr, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(st, 200, "{v}");
    let stored: Vec<&str> =
        v["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    // Every acknowledged move is there, in order; at most the one in flight at the kill follows.
    assert!(stored.len() == n || stored.len() == n + 1, "acknowledged {n}, stored {}", stored.len());
    for (a, b) in texts.iter().zip(&stored) {
        assert_eq!(a.trim_end_matches(['+', '#']), b.trim_end_matches(['+', '#']));
    }
    // And the game goes on from there.
    let next = v["legal"][0]["text"].as_str().unwrap();
    let token = if v["side_to_move"] == "white" { &white_again } else { &black_again };
    let ply = stored.len();
    let body = json!({ "move": next, "ply": ply }).to_string();
    let (st, after) =
        http(addr, "POST", &format!("/api/games/{id}/moves"), Some(token), Some(body.as_bytes()));
    assert_eq!(st, 200, "{after}");
    child.kill().unwrap();
    child.wait().unwrap();
}
