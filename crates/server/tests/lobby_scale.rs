//! The lobby at scale (ignored: it writes 300,000 games; a measurement, not a check of
//! correctness beyond the answers being right). Run it with
//!
//!   cargo test -p ccg-server --test lobby_scale -- --ignored --nocapture
//!
//! It prints the latency of `GET /api/games?limit=100` and of loading a game, both on their own
//! and while the other runs in a loop.

mod support;

use std::time::{Duration, Instant};
use support::Server;

const GAMES: usize = 300_000;

fn median_ms(mut xs: Vec<Duration>) -> f64 {
    xs.sort();
    xs[xs.len() / 2].as_secs_f64() * 1000.0
}

#[test]
#[ignore]
fn lobby_latency_at_300k_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ccg.sqlite");
    // The schema first (a server start), then the rows in one transaction: human games, so that
    // no engine reply is resumed at start-up and the lobby order is the inserted one.
    drop(Server::start_on(tempfile::tempdir().unwrap(), db.clone()));
    {
        let mut c = rusqlite::Connection::open(&db).unwrap();
        let tx = c.transaction().unwrap();
        {
            let mut st = tx
                .prepare(
                    "INSERT INTO games (id, game, options, white, black, status, created_at, updated_at)
                     VALUES (?1, 'mgc', '[]', 'human', 'human', ?2, ?3, ?3)",
                )
                .unwrap();
            let mut mv = tx
                .prepare(
                    "INSERT INTO moves (game_id, ply, coord, text, at) VALUES (?1, 1, 'f3f5', 'f3-f5', 0)",
                )
                .unwrap();
            for i in 0..GAMES {
                let id = format!("g{i}");
                st.execute(rusqlite::params![id, if i % 3 == 0 { "active" } else { "over" }, i as i64])
                    .unwrap();
                if i % 2 == 0 {
                    mv.execute([&id]).unwrap();
                }
            }
        }
        tx.commit().unwrap();
    }
    let s = Server::start_on(dir, db);
    let time = |path: &str| {
        let t = Instant::now();
        let (st, v) = s.get(path, None);
        assert_eq!(st, 200, "{v}");
        (t.elapsed(), v)
    };
    let (_, v) = time("/api/games?limit=100");
    assert_eq!(v["games"].as_array().unwrap().len(), 100);
    assert_eq!(v["games"][0]["id"], format!("g{}", GAMES - 1), "most recent first");
    let lobby: Vec<Duration> = (0..20).map(|_| time("/api/games?limit=100").0).collect();
    let load: Vec<Duration> = (0..20).map(|i| time(&format!("/api/games/g{}", i * 7919)).0).collect();
    // Both at once: the lobby in a loop on another thread while games load.
    let addr = s.addr;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let bg = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                support::http(addr, "GET", "/api/games?limit=100", None, None);
            }
        })
    };
    let busy: Vec<Duration> = (0..20).map(|i| time(&format!("/api/games/g{}", i * 6007 + 1)).0).collect();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    bg.join().unwrap();
    println!(
        "{GAMES} games: lobby (limit=100) median {:.1} ms; game load median {:.1} ms alone, {:.1} ms while the lobby is read in a loop",
        median_ms(lobby),
        median_ms(load),
        median_ms(busy)
    );
}
