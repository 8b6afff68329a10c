//! Abuse resistance of the API in-process: requests other sites can forge, headers, rate
//! limits, secrets at rest, database versions, damaged games, record import details, and the
//! query plans of every list query.

mod support;

use serde_json::{json, Value};
use support::{connect_from, exchange, Server};

fn post_as(s: &Server, content_type: &str, path: &str, body: &str) -> (String, String) {
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    exchange(s.addr, req.as_bytes())
}

#[test]
fn json_endpoints_refuse_bodies_not_declared_json() {
    let s = Server::start();
    let body = r#"{"game":"mgc","opponent":"human"}"#;
    for ct in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let (head, answer) = post_as(&s, ct, "/api/games", body);
        assert!(head.starts_with("http/1.1 415"), "{ct}: {head}");
        let v: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(v["error"], "bad_content_type");
    }
    let (head, _) = post_as(&s, "application/json; charset=utf-8", "/api/games", body);
    assert!(head.starts_with("http/1.1 201"), "{head}");
    let (_, list) = s.get("/api/games", None);
    assert_eq!(list["games"].as_array().unwrap().len(), 1, "a refused request created a game");
}

#[test]
fn every_answer_forbids_framing_sniffing_and_referrers() {
    let s = Server::start();
    for path in ["/", "/g/abc", "/static/game.js", "/api/catalogue", "/api/nosuch"] {
        let (head, _) = exchange(
            s.addr,
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
        );
        let csp = head
            .lines()
            .find_map(|l| l.strip_prefix("content-security-policy: "))
            .unwrap_or_else(|| panic!("{path}: no CSP: {head}"));
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(head.contains("x-content-type-options: nosniff"), "{path}: {head}");
        assert!(head.contains("referrer-policy: no-referrer"), "{path}: {head}");
        assert!(head.contains("x-frame-options: deny"), "{path}: {head}");
    }
}

#[test]
fn creation_import_and_analysis_are_rate_limited_per_client() {
    let s = Server::start_with(&["--games-per-minute", "3", "--analyses-per-minute", "2"]);
    let body = r#"{"game":"mgc","opponent":"human"}"#;
    for _ in 0..3 {
        assert_eq!(s.post("/api/games", None, body).0, 201);
    }
    let (head, answer) = post_as(&s, "application/json", "/api/games", body);
    assert!(head.starts_with("http/1.1 429"), "{head}");
    let retry: u64 =
        head.lines().find_map(|l| l.strip_prefix("retry-after: ")).unwrap().trim().parse().unwrap();
    assert!((1..=20).contains(&retry), "{retry}");
    assert_eq!(serde_json::from_str::<Value>(&answer).unwrap()["error"], "rate_limited");
    // Imports share the allowance of creations.
    let rec = json!({ "record": "[Game \"mgc\"]\n1. f3-f5" }).to_string();
    assert_eq!(s.post("/api/import", None, &rec).0, 429);
    // Another client is not affected.
    let mut other = connect_from("127.0.0.2", s.addr).unwrap();
    use std::io::{Read, Write};
    write!(
        other,
        "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut resp = String::new();
    other.read_to_string(&mut resp).unwrap();
    assert!(resp.starts_with("HTTP/1.1 201"), "{resp}");
    let analysis = r#"{"game":"mgc","depth":1}"#;
    for _ in 0..2 {
        assert_eq!(s.post("/api/analyse", None, analysis).0, 200);
    }
    assert_eq!(s.post("/api/analyse", None, analysis).0, 429);
    let (_, list) = s.get("/api/games", None);
    assert_eq!(list["games"].as_array().unwrap().len(), 4);
}

#[test]
fn tokens_and_invites_are_stored_as_hashes_only() {
    let s = Server::start();
    let (st, v) = s.post("/api/games", None, r#"{"game":"mgc","opponent":"human"}"#);
    assert_eq!(st, 201);
    let (id, white) = (v["id"].as_str().unwrap().to_string(), v["token"].as_str().unwrap().to_string());
    let invite_path = v["invite"].as_str().unwrap().to_string();
    let code = invite_path.split("invite=").nth(1).unwrap().to_string();
    let stored = |s: &Server| -> Vec<String> {
        let c = rusqlite::Connection::open(&s.db).unwrap();
        c.query_row("SELECT white_token, black_token, invite FROM games WHERE id = ?1", [&id], |r| {
            Ok([r.get::<_, Option<String>>(0)?, r.get(1)?, r.get(2)?].into_iter().flatten().collect())
        })
        .unwrap()
    };
    let before = stored(&s);
    assert_eq!(before.len(), 2);
    assert!(
        !before.contains(&white) && !before.contains(&code),
        "a secret is stored as it was given: {before:?}"
    );
    assert!(before.iter().all(|h| h.len() == 64));
    let (st, j) = s.post(&format!("/api/games/{id}/join"), None, &json!({ "invite": code }).to_string());
    assert_eq!(st, 200, "{j}");
    let black = j["token"].as_str().unwrap().to_string();
    let after = stored(&s);
    assert!(!after.contains(&black) && !after.contains(&white), "{after:?}");
    // The secrets still work, and a hash given as a token does not.
    assert_eq!(s.get(&format!("/api/games/{id}"), Some(&black)).1["you"], "black");
    assert_eq!(s.get(&format!("/api/games/{id}"), Some(&after[0])).0, 403);
    // After a restart (the secrets come from the file).
    let s = s.restart();
    assert_eq!(s.get(&format!("/api/games/{id}"), Some(&white)).1["you"], "white");
}

#[test]
fn a_database_of_an_unknown_schema_version_is_refused_untouched() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for version in [99i64, -1] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("ccg.sqlite");
        {
            let c = rusqlite::Connection::open(&db).unwrap();
            c.execute_batch("CREATE TABLE games (id TEXT PRIMARY KEY, future_column TEXT)").unwrap();
            c.pragma_update(None, "user_version", version).unwrap();
        }
        let err = rt.block_on(ccg_server::open(&db)).err().expect("an unknown version must be refused");
        let msg = err.to_string();
        assert!(msg.contains(&format!("schema version {version}")), "{msg}");
        let c = rusqlite::Connection::open(&db).unwrap();
        let v: i64 = c.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(v, version, "the file was changed");
        let tables: i64 =
            c.query_row("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'", [], |r| r.get(0)).unwrap();
        assert_eq!(tables, 1, "migrations ran on a refused file");
    }
    // A file of the current version with a column renamed by hand: named, not `no such column` later.
    let mut s = Server::start();
    let (db, _dir) = (s.db.clone(), std::mem::replace(&mut s.dir, tempfile::tempdir().unwrap()));
    drop(s);
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        c.execute_batch("ALTER TABLE games RENAME COLUMN reason TO why").unwrap();
    }
    let msg = rt.block_on(ccg_server::open(&db)).err().expect("a damaged schema must be refused").to_string();
    assert!(msg.contains("no column reason"), "{msg}");
}

#[test]
fn a_postgres_database_of_an_unknown_schema_version_is_refused_untouched() {
    let Some(url) = support::fresh_postgres_db() else { return };
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        drop(ccg_server::open(std::path::Path::new(&url)).await.unwrap());
        let (c, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(conn);
        c.batch_execute("UPDATE ccg_schema SET version = 99").await.unwrap();
        let err = ccg_server::open(std::path::Path::new(&url)).await.err().expect("must be refused");
        assert!(err.to_string().contains("schema version 99"), "{err}");
        let v: i32 = c.query_one("SELECT version FROM ccg_schema", &[]).await.unwrap().get(0);
        assert_eq!(v, 99, "the database was changed");
    });
}

#[test]
fn a_damaged_stored_game_answers_a_clear_error_and_the_rest_work() {
    let s = Server::start();
    let body = r#"{"game":"mgc","opponent":"human"}"#;
    let (bad, bad_token, _) = s.create(body);
    let (good, good_token, _) = s.create(body);
    for (id, t) in [(&bad, &bad_token), (&good, &good_token)] {
        assert_eq!(s.post(&format!("/api/games/{id}/moves"), Some(t), r#"{"move":"f3-f5"}"#).0, 200);
    }
    let s = s.restart();
    {
        let c = rusqlite::Connection::open(&s.db).unwrap();
        c.execute("UPDATE moves SET coord = 'z9z99' WHERE game_id = ?1", [&bad]).unwrap();
    }
    for _ in 0..2 {
        let (st, v) = s.get(&format!("/api/games/{bad}"), None);
        assert_eq!(st, 500, "{v}");
        assert_eq!(v["error"], "corrupt_game");
        assert!(v["message"].as_str().unwrap().contains("stored move 1"), "{v}");
    }
    assert_eq!(s.get(&format!("/api/games/{good}"), None).0, 200);
    assert_eq!(s.post(&format!("/api/games/{good}/resign"), Some(&good_token), "").0, 200);
    let (st, list) = s.get("/api/games", None);
    assert_eq!(st, 200);
    assert_eq!(list["games"].as_array().unwrap().len(), 2);
    // A row with a value no build knows is reported the same way, and left out of the lobby.
    {
        let c = rusqlite::Connection::open(&s.db).unwrap();
        c.execute("UPDATE games SET status = 'paused' WHERE id = ?1", [&bad]).unwrap();
    }
    let s = s.restart();
    let (st, v) = s.get(&format!("/api/games/{bad}"), None);
    assert_eq!((st, v["error"].as_str()), (500, Some("corrupt_game")), "{v}");
    let (st, list) = s.get("/api/games", None);
    assert_eq!(st, 200);
    assert_eq!(list["games"].as_array().unwrap().len(), 1);
}

#[test]
fn import_reports_a_bad_position_tag_and_keeps_the_result_tag() {
    let s = Server::start();
    let rec = "[Game \"mgc\"]\n[Position \"not a position\"]\n1. f3-f5";
    let (st, v) = s.post("/api/import", None, &json!({ "record": rec }).to_string());
    assert_eq!((st, v["error"].as_str()), (400, Some("bad_position")), "{v}");
    let rec = "[Game \"mgc\"]\n[Result \"0:1\"]\n1. f3-f5 f8-f6";
    let (st, v) = s.post("/api/import", None, &json!({ "record": rec }).to_string());
    assert_eq!(st, 201, "{v}");
    let (_, g) = s.get(&format!("/api/games/{}", v["id"].as_str().unwrap()), None);
    assert_eq!((g["status"].as_str(), g["result"].as_str()), (Some("over"), Some("0:1")), "{g}");
    let rec = "[Game \"mgc\"]\n[Result \"0:1\"]\n1. f3-f5 f8-f6 1:0";
    let (st, v) = s.post("/api/import", None, &json!({ "record": rec }).to_string());
    assert_eq!((st, v["error"].as_str()), (422, Some("bad_record")), "{v}");
    let rec = "[Game \"mgc\"]\n[Result \"white\"]\n1. f3-f5";
    let (st, v) = s.post("/api/import", None, &json!({ "record": rec }).to_string());
    assert_eq!((st, v["error"].as_str()), (422, Some("bad_record")), "{v}");
}

#[test]
fn every_list_query_is_served_by_an_index() {
    let s = Server::start();
    let c = rusqlite::Connection::open(&s.db).unwrap();
    let plan = |sql: &str| -> String {
        let mut st = c.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        let rows: Vec<String> =
            st.query_map([], |r| r.get::<_, String>(3)).unwrap().map(Result::unwrap).collect();
        rows.join("; ")
    };
    let recent = plan(&ccg_server::db::RECENT_QUERY.replace("?1", "100"));
    assert!(recent.contains("games_updated"), "lobby: {recent}");
    assert!(!recent.contains("TEMP B-TREE"), "lobby sorts: {recent}");
    let resume = plan(ccg_server::db::RESUME_QUERY);
    assert!(resume.contains("games_status"), "resume: {resume}");
    let moves = plan("SELECT ply, coord, text, at FROM moves WHERE game_id = 'x' ORDER BY ply");
    assert!(moves.contains("USING INDEX") || moves.contains("PRIMARY KEY"), "moves: {moves}");
    assert!(!moves.contains("TEMP B-TREE"), "moves: {moves}");
}
