//! The JSON API against a real server on loopback with a real SQLite file.

mod support;

use serde_json::{json, Value};
use support::{first_legal, Server};

fn legal_texts(v: &Value) -> Vec<String> {
    v["legal"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect()
}

fn catalogue_lists_the_implemented_games_with_options_and_rules(s: Server) {
    let (st, v) = s.get("/api/catalogue", None);
    assert_eq!(st, 200);
    let games = v["games"].as_array().unwrap();
    let mgc = games.iter().find(|g| g["id"] == "mgc").unwrap();
    assert_eq!(mgc["implemented"], true);
    assert_eq!(mgc["rules"], "/rules#mgc");
    assert!(games.iter().all(|g| g["implemented"].is_boolean()));
    let (st, page) = s.get("/rules.md", None);
    assert_eq!(st, 200);
    assert!(page.as_str().unwrap().contains("`mgc`"));
    for path in ["/", "/g/abc", "/rules", "/static/game.js", "/static/board.js", "/static/app.css"] {
        assert_eq!(s.get(path, None).0, 200, "{path}");
    }
}

#[test]
fn a_game_page_preloads_the_rules_facts_of_its_game_and_options() {
    let s = Server::start();
    let (id, _, _) = s.create(r#"{"game":"mgc","opponent":"human","options":["king=step","remove=simple"]}"#);
    let (st, page) = s.get(&format!("/g/{id}"), None);
    assert_eq!(st, 200);
    let page = page.as_str().unwrap();
    let href = page
        .split(r#"id="facts-preload""#)
        .nth(1)
        .and_then(|t| t.split("href=\"").nth(1))
        .and_then(|t| t.split('"').next())
        .expect("a preload of the rules facts");
    assert_eq!(href, "/api/rules/mgc?option=king%3Dstep&amp;option=remove%3Dsimple");
    let (st, facts) = s.get(&href.replace("&amp;", "&"), None);
    assert_eq!(st, 200, "{facts}");
    let (_, state) = s.get(&format!("/api/games/{id}"), None);
    // The facts are those of the game with its options (their id names both).
    assert_eq!(facts["id"], "mgc king=step remove=simple");
    assert_eq!(facts["options"], state["options"]);
    assert_eq!(state["options"].as_array().map(Vec::len), Some(2));
    // An unknown game's page is the plain page (the API then says the game is unknown).
    let (st, plain) = s.get("/g/nosuchgame", None);
    assert_eq!(st, 200);
    assert!(!plain.as_str().unwrap().contains("facts-preload"));
}

fn engine_game_replies_and_survives_a_restart(s: Server) {
    let (id, token, invite) = s.create(r#"{"game":"mgc","opponent":"engine","level":1,"color":"white"}"#);
    assert!(invite.is_none());
    let (_, v) = s.get(&format!("/api/games/{id}"), Some(&token));
    assert_eq!(v["you"], "white");
    assert_eq!(v["board"]["rows"], 10);
    assert_eq!(v["board"]["cells"].as_array().unwrap().len(), 100);
    assert!(legal_texts(&v).contains(&"f3-f5".to_string()));
    let (st, v) = s.post(&format!("/api/games/{id}/moves"), Some(&token), r#"{"move":"f3-f5","ply":0}"#);
    assert_eq!(st, 200, "{v}");
    let v = s.wait_for(&id, |v| v["ply"] == 2);
    assert_eq!(v["moves"][0]["text"], "f3-f5");
    assert_eq!(v["side_to_move"], "white");
    // The engine's move is in the record, in the author's notation.
    let (st, rec) = s.get(&format!("/api/games/{id}/record"), None);
    assert_eq!(st, 200);
    let rec = rec.as_str().unwrap().to_string();
    assert!(rec.contains("[Game \"mgc\"]") && rec.contains("1. f3-f5 "), "{rec}");

    let s = s.restart();
    let (_, after) = s.get(&format!("/api/games/{id}"), Some(&token));
    assert_eq!(after["moves"], v["moves"]);
    assert_eq!(after["you"], "white");
}

fn engine_moves_first_when_it_has_white(s: Server) {
    let (id, token, _) = s.create(r#"{"game":"mgc1","opponent":"engine","level":1,"color":"black"}"#);
    let v = s.wait_for(&id, |v| v["ply"] == 1);
    assert_eq!(v["side_to_move"], "black");
    let m = first_legal(&v);
    let (st, _) = s.post(&format!("/api/games/{id}/moves"), Some(&token), &json!({ "move": m }).to_string());
    assert_eq!(st, 200);
    s.wait_for(&id, |v| v["ply"] == 3);
}

fn human_game_by_invite_with_protected_seats(s: Server) {
    let (id, white, invite) = s.create(r#"{"game":"mgc","opponent":"human","color":"white"}"#);
    let invite = invite.unwrap();
    let code = invite.split("invite=").nth(1).unwrap();
    let (_, v) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(v["black"]["seated"], false);
    assert_eq!(s.post(&format!("/api/games/{id}/join"), None, r#"{"invite":"nope"}"#).0, 403);
    let (st, j) = s.post(&format!("/api/games/{id}/join"), None, &json!({ "invite": code }).to_string());
    assert_eq!(st, 200, "{j}");
    assert_eq!(j["color"], "black");
    let black = j["token"].as_str().unwrap().to_string();
    // The invite works once.
    assert_eq!(s.post(&format!("/api/games/{id}/join"), None, &json!({ "invite": code }).to_string()).0, 409);

    let moves = format!("/api/games/{id}/moves");
    // Spectators and strangers cannot move; nor can a player out of turn.
    assert_eq!(s.post(&moves, None, r#"{"move":"f3-f5"}"#).0, 401);
    assert_eq!(s.post(&moves, Some("not-a-token"), r#"{"move":"f3-f5"}"#).0, 403);
    let (st, e) = s.post(&moves, Some(&black), r#"{"move":"f3-f5"}"#);
    assert_eq!((st, e["error"].as_str()), (409, Some("not_your_turn")));
    let (st, e) = s.post(&moves, Some(&white), r#"{"move":"f3-f9"}"#);
    assert_eq!((st, e["error"].as_str()), (422, Some("illegal_move")), "{e}");
    assert!(!e["message"].as_str().unwrap().is_empty());
    assert_eq!(s.post(&moves, Some(&white), r#"{"move":"f3-f5","ply":3}"#).0, 409);
    let (_, v) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(v["ply"], 0, "refused requests changed the game");
    assert_eq!(v["you"], Value::Null);

    assert_eq!(s.post(&moves, Some(&white), r#"{"move":"f3-f5"}"#).0, 200);
    // Coordinate form is accepted too.
    let (_, v) = s.get(&format!("/api/games/{id}/legal"), None);
    let coord = v["moves"][0]["coord"].as_str().unwrap().to_string();
    assert_eq!(s.post(&moves, Some(&black), &json!({ "move": coord }).to_string()).0, 200);

    // Draw: offer, the offerer cannot accept, the other side can.
    let draw = format!("/api/games/{id}/draw");
    assert_eq!(s.post(&draw, Some(&black), r#"{"action":"accept"}"#).0, 409);
    assert_eq!(s.post(&draw, Some(&white), r#"{"action":"offer"}"#).0, 200);
    assert_eq!(s.post(&draw, Some(&white), r#"{"action":"accept"}"#).0, 409);
    let (st, v) = s.post(&draw, Some(&black), r#"{"action":"accept"}"#);
    assert_eq!(st, 200);
    assert_eq!((v["status"].as_str(), v["result"].as_str()), (Some("over"), Some("1/2")));
    assert_eq!(s.post(&moves, Some(&white), r#"{"move":"e3-e5"}"#).0, 409);
    assert_eq!(s.post(&format!("/api/games/{id}/resign"), Some(&white), "").0, 409);
}

fn resignation_ends_the_game(s: Server) {
    let (id, token, _) = s.create(r#"{"game":"mgc","opponent":"human"}"#);
    let (st, v) = s.post(&format!("/api/games/{id}/resign"), Some(&token), "");
    assert_eq!(st, 200);
    assert_eq!((v["result"].as_str(), v["reason"].as_str()), (Some("0:1"), Some("resignation")));
    assert_eq!(v["legal"].as_array().unwrap().len(), 0);
}

fn hostile_input_gets_clear_errors_and_changes_nothing(s: Server) {
    let (id, token, _) = s.create(r#"{"game":"mgc","opponent":"human"}"#);
    let moves = format!("/api/games/{id}/moves");
    let (_, cat) = s.get("/api/catalogue", None);
    let unbuilt =
        cat["games"].as_array().unwrap().iter().find(|g| g["implemented"] == false).map(|g| g["id"].clone());
    let mut cases: Vec<(String, Option<&str>, Vec<u8>, u16)> = vec![
        (moves.clone(), Some(&token), b"{not json".to_vec(), 400),
        (moves.clone(), Some(&token), b"[1,2,3]".to_vec(), 400),
        (moves.clone(), Some(&token), br#"{"move":5}"#.to_vec(), 400),
        (moves.clone(), Some(&token), br#"{"move":"f3-f5","extra":1}"#.to_vec(), 400),
        (moves.clone(), Some(&token), vec![b' '; 1 << 20], 413),
        (moves.clone(), Some(&token), format!(r#"{{"move":"{}"}}"#, "x".repeat(5000)).into_bytes(), 422),
        (moves.clone(), Some(&token), "{\"move\":\"\u{0}é\"}".as_bytes().to_vec(), 400),
        (moves.clone(), Some(&token), br#"{"move":"\u0000\uffff\u00e9"}"#.to_vec(), 422),
        ("/api/games/nosuchgame/moves".into(), Some(&token), br#"{"move":"f3-f5"}"#.to_vec(), 404),
        ("/api/games/..%2F..%2Fetc/moves".into(), Some(&token), br#"{"move":"f3-f5"}"#.to_vec(), 404),
        ("/api/games".into(), None, br#"{"game":"nosuch","opponent":"engine"}"#.to_vec(), 404),
        ("/api/games".into(), None, br#"{"game":"mgc","opponent":"robot"}"#.to_vec(), 400),
        ("/api/games".into(), None, br#"{"game":"mgc","opponent":"engine","level":99}"#.to_vec(), 400),
        ("/api/games".into(), None, br#"{"game":"mgc","opponent":"engine","options":["x=y"]}"#.to_vec(), 400),
        (
            "/api/games".into(),
            None,
            br#"{"game":"mgc","opponent":"engine","options":["novalue"]}"#.to_vec(),
            400,
        ),
        ("/api/games".into(), None, br#"{"game":"mgc","opponent":"engine","fen":"garbage"}"#.to_vec(), 400),
        ("/api/import".into(), None, br#"{"record":"[Game \"mgc\"]\n1. f3-f9"}"#.to_vec(), 422),
        ("/api/import".into(), None, br#"{"record":"1. f3-f5"}"#.to_vec(), 400),
        ("/api/import".into(), None, br#"{"record":"[Game mgc"}"#.to_vec(), 422),
        ("/api/analyse".into(), None, br#"{"game":"mgc","moves":["z1-z2"]}"#.to_vec(), 422),
        ("/api/nosuch".into(), None, b"{}".to_vec(), 404),
    ];
    if let Some(g) = unbuilt {
        let body = json!({ "game": g, "opponent": "engine" }).to_string().into_bytes();
        cases.push(("/api/games".into(), None, body, 422));
    }
    for (path, tok, body, want) in cases {
        let (st, v) = support::http(s.addr, "POST", &path, tok, Some(&body));
        assert_eq!(st, want, "{path} {:?}: {v}", String::from_utf8_lossy(&body[..body.len().min(80)]));
        assert!(v["error"].is_string() && v["message"].is_string(), "{path}: not a JSON error: {v}");
    }
    assert_eq!(s.get("/api/games/nosuchgame", None).0, 404);
    let (_, v) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(v["ply"], 0);
    let (_, list) = s.get("/api/games", None);
    assert_eq!(list["games"].as_array().unwrap().len(), 1, "a refused request created a game");
}

fn records_import_and_export_in_the_authors_notation(s: Server) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../records/mgc/kosintsev-skuratovsky-1.rec"
    ))
    .unwrap();
    let (st, v) = s.post("/api/import", None, &json!({ "record": text }).to_string());
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap();
    let n = v["moves"].as_u64().unwrap();
    assert!(n > 40);
    let (_, g) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(g["ply"].as_u64(), Some(n));
    assert_eq!(g["status"], "over");
    // Reviewing: the board after any number of moves.
    let (st, p0) = s.get(&format!("/api/games/{id}/position/0"), None);
    assert_eq!(st, 200);
    assert_eq!((p0["ply"].as_u64(), p0["side_to_move"].as_str()), (Some(0), Some("white")));
    let (_, pn) = s.get(&format!("/api/games/{id}/position/{n}"), None);
    assert_eq!(pn["pieces"], g["pieces"]);
    assert_eq!(s.get(&format!("/api/games/{id}/position/{}", n + 1), None).0, 404);
    assert_eq!(s.get(&format!("/api/games/{id}/position/-1"), None).0, 404);
    let (_, rec) = s.get(&format!("/api/games/{id}/record"), None);
    // The exported record imports again to the same moves.
    let (st, v2) = s.post("/api/import", None, &json!({ "record": rec }).to_string());
    assert_eq!(st, 201, "{v2}");
    let (_, g2) = s.get(&format!("/api/games/{}", v2["id"].as_str().unwrap()), None);
    assert_eq!(g2["moves"].as_array().unwrap().len(), g["moves"].as_array().unwrap().len());
    for (a, b) in g["moves"].as_array().unwrap().iter().zip(g2["moves"].as_array().unwrap()) {
        assert_eq!(a["text"], b["text"]);
    }
}

#[test]
fn analysis_gives_a_legal_best_move() {
    let s = Server::start();
    let (st, v) = s.post("/api/analyse", None, r#"{"game":"mgc","moves":["f3-f5"],"depth":2}"#);
    assert_eq!(st, 200, "{v}");
    assert!(v["best"]["text"].is_string(), "{v}");
    assert!(v["depth"].as_u64().unwrap() >= 1);
    assert!(v["pv"].as_array().is_some());
}

fn live_updates_arrive_as_server_sent_events(s: Server) {
    use std::io::{BufRead, BufReader, Write};
    let (id, token, _) = s.create(r#"{"game":"mgc","opponent":"human"}"#);
    let mut conn = std::net::TcpStream::connect(s.addr).unwrap();
    conn.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
    write!(conn, "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut reader = BufReader::new(conn);
    let mut next_state = || -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if let Some(data) = line.strip_prefix("data: ") {
                return serde_json::from_str(data.trim()).unwrap();
            }
        }
    };
    assert_eq!(next_state()["ply"], 0);
    assert_eq!(s.post(&format!("/api/games/{id}/moves"), Some(&token), r#"{"move":"f3-f5"}"#).0, 200);
    let pushed = next_state();
    assert_eq!(pushed["ply"], 1);
    assert_eq!(pushed["moves"][0]["text"], "f3-f5");
    assert_eq!(pushed["you"], Value::Null, "the push is public");
}

#[test]
fn migrations_are_versioned_and_idempotent() {
    let s = Server::start();
    let s = s.restart();
    let conn = rusqlite::Connection::open(&s.db).unwrap();
    let v: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(v as usize, ccg_server::db::schema_version());
}

fn clocks_run_after_both_first_moves_and_the_flag_falls(s: Server) {
    let (id, white, invite) =
        s.create(r#"{"game":"mgc","opponent":"human","clock":{"initial_s":1,"increment_s":0}}"#);
    let code = invite.unwrap().split("invite=").nth(1).unwrap().to_string();
    let (_, j) = s.post(&format!("/api/games/{id}/join"), None, &json!({ "invite": code }).to_string());
    let black = j["token"].as_str().unwrap().to_string();
    let moves = format!("/api/games/{id}/moves");
    assert_eq!(
        s.post("/api/games", None, r#"{"game":"mgc","opponent":"human","clock":{"initial_s":0}}"#).0,
        400
    );
    // First moves are free, however slow.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert_eq!(s.post(&moves, Some(&white), r#"{"move":"f3-f5"}"#).0, 200);
    let (st, v) = s.post(&moves, Some(&black), r#"{"move":"f8-f6"}"#);
    assert_eq!(st, 200);
    assert_eq!(v["clock"]["running"], "white");
    assert!(v["clock"]["white_ms"].as_i64().unwrap() > 900);
    // Now White's second runs out and the server ends the game by itself.
    let v = s.wait_for(&id, |v| v["status"] == "over");
    assert_eq!((v["result"].as_str(), v["reason"].as_str()), (Some("0:1"), Some("time")));
    assert_eq!(v["clock"]["white_ms"], 0);
    assert_eq!(s.post(&moves, Some(&white), r#"{"move":"e3-e5"}"#).0, 409);
}

#[test]
fn a_version_1_database_is_migrated_and_its_games_still_play() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.sqlite");
    {
        // The schema as migration 1 left it, with one game in it.
        let c = rusqlite::Connection::open(&db).unwrap();
        c.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
                start_fen TEXT, white TEXT NOT NULL, black TEXT NOT NULL, white_token TEXT,
                black_token TEXT, invite TEXT, status TEXT NOT NULL, result TEXT, reason TEXT,
                draw_offer TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
             CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
                coord TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game_id, ply));
             CREATE INDEX games_status ON games(status);
             INSERT INTO games VALUES ('old1', 'mgc', '[]', NULL, 'human', 'human', 'tw', 'tb', NULL,
                'active', NULL, NULL, NULL, 0, 0);
             INSERT INTO moves VALUES ('old1', 1, 'f3f5', 'f3-f5', 0);
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let s = Server::start_on(dir, db);
    let (st, v) = s.get("/api/games/old1", Some("tb"));
    assert_eq!(st, 200, "{v}");
    assert_eq!((v["ply"].as_u64(), v["you"].as_str(), &v["clock"]), (Some(1), Some("black"), &Value::Null));
    assert_eq!(s.post("/api/games/old1/moves", Some("tb"), r#"{"move":"f8-f6"}"#).0, 200);
    let c = rusqlite::Connection::open(&s.db).unwrap();
    let version: i64 = c.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version as usize, ccg_server::db::schema_version());
}

/// The moves of a game between two humans from a position string: (id, White's token, Black's).
fn human_game(s: &Server, game: &str, fen: &str) -> (String, String, String) {
    let (id, white, invite) = s.create(&json!({"game": game, "opponent": "human", "fen": fen}).to_string());
    let code = invite.unwrap().split("invite=").nth(1).unwrap().to_string();
    let (st, j) = s.post(&format!("/api/games/{id}/join"), None, &json!({ "invite": code }).to_string());
    assert_eq!(st, 200, "{j}");
    (id, white, j["token"].as_str().unwrap().to_string())
}

fn play(s: &Server, id: &str, token: &str, text: &str) -> Value {
    let (st, v) =
        s.post(&format!("/api/games/{id}/moves"), Some(token), &json!({ "move": text }).to_string());
    assert_eq!(st, 200, "{text}: {v}");
    v
}

#[test]
fn captures_on_linked_boards_report_their_cascade() {
    let s = Server::start();
    // An upper Rook takes a Knight, which falls onto the lower a5 (a White pawn stands there);
    // a lower Rook takes a Bishop and rises to the free upper h5; then one whose upper cell is
    // taken stays.
    let fen = "4k3/8/8/P6b/8/8/8/4K2R/3k4/8/8/n7/8/8/8/R2K4 w - 0 1";
    let (id, white, black) = human_game(&s, "bermuda", fen);
    let cell = |v: &Value, name: &str| {
        v["board"]["cells"].as_array().unwrap().iter().position(|c| c["name"] == name).unwrap() as u64
    };
    let v = play(&s, &id, &white, "RUa1:Ua5");
    let c = &v["moves"][0]["cascade"];
    assert_eq!(c["effect"], "displaced", "{c}");
    assert_eq!((c["from"].as_u64(), c["to"].as_u64()), (Some(cell(&v, "Ua5")), Some(cell(&v, "La5"))));
    assert_eq!(c["removed"], json!({"kind": 0, "color": "white"}));
    play(&s, &id, &black, "KLe8-Ld8");
    let v = play(&s, &id, &white, "RLh1:Lh5");
    let c = &v["moves"][2]["cascade"];
    assert_eq!(c["effect"], "ascended", "{c}");
    assert_eq!(c["to"].as_u64(), Some(cell(&v, "Uh5")));
    assert!(v["moves"][1]["cascade"].is_null());
    assert_eq!(v["reconstructed"], true);
    // The record says the setup is a reconstruction.
    let (st, rec) = s.get(&format!("/api/games/{id}/record"), None);
    assert_eq!(st, 200);
    assert!(rec.as_str().unwrap().contains("[Setup \"reconstructed: "), "{rec}");
}

#[test]
fn partitions_name_the_part_that_moves() {
    let s = Server::start();
    let (id, _, _) = human_game(&s, "pyramids6", "7(.4321)/8/8/8/8/8/8/(4321.)6(4321.) w - 0 1");
    let (_, v) = s.get(&format!("/api/games/{id}"), None);
    let m = v["legal"].as_array().unwrap().iter().find(|m| m["text"] == "(21)a1-b3").expect("a partition");
    let part = m["part"].as_u64().unwrap() as usize;
    assert_eq!(v["board"]["kinds"][part]["token"], "(21)");
    let whole = v["legal"].as_array().unwrap().iter().find(|m| m["text"] == "(4321)a1-a2").expect("a march");
    assert!(whole["part"].is_null());
    assert_eq!(v["reconstructed"], true);
}

support::on_both_stores!(
    catalogue_lists_the_implemented_games_with_options_and_rules,
    engine_game_replies_and_survives_a_restart,
    engine_moves_first_when_it_has_white,
    human_game_by_invite_with_protected_seats,
    resignation_ends_the_game,
    hostile_input_gets_clear_errors_and_changes_nothing,
    records_import_and_export_in_the_authors_notation,
    live_updates_arrive_as_server_sent_events,
    clocks_run_after_both_first_moves_and_the_flag_falls,
);
