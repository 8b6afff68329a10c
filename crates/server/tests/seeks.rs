//! Seeks and challenges against a real server on both stores: posting needs an account and is
//! bounded per account, a challenge is seen and accepted by its account only, accepting starts a
//! game owned by both accounts exactly once, and the lobby stream pushes the list and the start.

mod support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use support::{request, set_session, Server};

fn post(s: &Server, path: &str, session: Option<&str>, body: &Value) -> (u16, Value) {
    let c = session.map(|t| format!("ccg_session={t}"));
    let headers: Vec<(&str, &str)> = c.iter().map(|c| ("Cookie", c.as_str())).collect();
    let (st, _, v) = request(s.addr, "POST", path, &headers, Some(&body.to_string()));
    (st, v)
}

fn get(s: &Server, path: &str, session: Option<&str>) -> (u16, Value) {
    let c = session.map(|t| format!("ccg_session={t}"));
    let headers: Vec<(&str, &str)> = c.iter().map(|c| ("Cookie", c.as_str())).collect();
    let (st, _, v) = request(s.addr, "GET", path, &headers, None);
    (st, v)
}

fn sign_up(s: &Server, name: &str) -> String {
    let body = json!({"username": name, "password": "a long password"}).to_string();
    let (st, head, v) = request(s.addr, "POST", "/api/account/signup", &[], Some(&body));
    assert_eq!(st, 201, "{v}");
    set_session(&head).unwrap()
}

/// Reads events of a server-sent stream until one named `name`; its data.
fn next_event(reader: &mut impl BufRead, name: &str) -> Value {
    let mut event = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "stream ended");
        if let Some(e) = line.strip_prefix("event: ") {
            event = e.trim().to_string();
        } else if let Some(d) = line.strip_prefix("data: ") {
            if event == name {
                return serde_json::from_str(d.trim()).unwrap();
            }
        }
    }
}

fn seeks_are_bounded_and_a_challenge_is_for_its_account_only(s: Server) {
    let (ann, bob, carol) = (sign_up(&s, "ann"), sign_up(&s, "bob"), sign_up(&s, "carol"));
    let seek = json!({"game": "mgc", "rated": true, "clock": {"initial_s": 300, "increment_s": 2}});
    let (st, v) = post(&s, "/api/seeks", None, &seek);
    assert_eq!((st, v["error"].as_str()), (401, Some("not_signed_in")));
    for (body, code) in [
        (json!({"game": "nosuch"}), "unknown_game"),
        (json!({"game": "mgc", "clock": {"initial_s": 0}}), "bad_clock"),
        (json!({"game": "mgc", "colour": "white"}), "bad_json"),
        (json!({"game": "mgc", "challenge": "nobody"}), "not_found"),
        (json!({"game": "mgc", "challenge": "ANN"}), "same_account"),
    ] {
        let (st, v) = post(&s, "/api/seeks", Some(&ann), &body);
        assert_eq!(v["error"], code, "{st} {v}");
    }
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (st, v) = post(&s, "/api/seeks", Some(&ann), &seek);
        assert_eq!(st, 201, "{v}");
        ids.push(v["id"].as_str().unwrap().to_string());
    }
    let (st, v) = post(&s, "/api/seeks", Some(&ann), &seek);
    assert_eq!((st, v["error"].as_str()), (409, Some("too_many_seeks")));
    let (st, v) = post(&s, &format!("/api/seeks/{}/cancel", ids[2]), Some(&bob), &json!({}));
    assert_eq!((st, v["error"].as_str()), (404, Some("not_found")), "only its seeker cancels a seek");
    assert_eq!(post(&s, &format!("/api/seeks/{}/cancel", ids[2]), Some(&ann), &json!({})).0, 200);
    // A challenge to Bob: Ann and Bob see it, Carol and anonymous visitors do not.
    let (st, v) = post(&s, "/api/seeks", Some(&ann), &json!({"game": "shogi", "challenge": "Bob"}));
    assert_eq!(st, 201, "{v}");
    let challenge = v["id"].as_str().unwrap().to_string();
    let listed = |session: Option<&str>| -> Vec<String> {
        let (_, v) = get(&s, "/api/seeks", session);
        v["seeks"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap().to_string()).collect()
    };
    assert!(listed(Some(&bob)).contains(&challenge) && listed(Some(&ann)).contains(&challenge));
    assert!(!listed(Some(&carol)).contains(&challenge) && !listed(None).contains(&challenge));
    assert_eq!(listed(None).len(), 2);
    let (st, v) = post(&s, &format!("/api/seeks/{challenge}/accept"), Some(&carol), &json!({}));
    assert_eq!((st, v["error"].as_str()), (403, Some("not_for_you")));
    let (st, v) = post(&s, &format!("/api/seeks/{}/accept", ids[0]), Some(&ann), &json!({}));
    assert_eq!((st, v["error"].as_str()), (409, Some("same_account")));
    let (st, v) = post(&s, &format!("/api/seeks/{challenge}/accept"), Some(&bob), &json!({}));
    assert_eq!(st, 201, "{v}");
    assert_eq!(v["color"], "black", "the challenger chose nothing: White by default");
    let game = v["id"].as_str().unwrap().to_string();
    let (_, g) = get(&s, &format!("/api/games/{game}"), Some(&ann));
    assert_eq!((g["you"].as_str(), g["game"].as_str()), (Some("white"), Some("shogi")));
    assert_eq!(g["black"]["seated"], true);
    let (st, v) = post(&s, &format!("/api/seeks/{challenge}/accept"), Some(&carol), &json!({}));
    assert_eq!((st, v["error"].as_str()), (409, Some("seek_gone")));
}

fn accepting_starts_the_game_once_and_the_lobby_stream_tells_both(s: Server) {
    let (ann, bob, carol) = (sign_up(&s, "ann"), sign_up(&s, "bob"), sign_up(&s, "carol"));
    let mut conn = std::net::TcpStream::connect(s.addr).unwrap();
    conn.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
    write!(conn, "GET /api/lobby/events HTTP/1.1\r\nHost: x\r\nCookie: ccg_session={ann}\r\n\r\n").unwrap();
    let mut events = BufReader::new(conn);
    assert_eq!(next_event(&mut events, "seeks")["seeks"], json!([]));
    let (st, v) =
        post(&s, "/api/seeks", Some(&ann), &json!({"game": "mgc", "rated": true, "color": "black"}));
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let pushed = next_event(&mut events, "seeks");
    assert_eq!(pushed["seeks"][0]["id"], id.as_str());
    assert_eq!(pushed["seeks"][0]["username"], "ann");
    assert_eq!(pushed["seeks"][0]["rated"], true);
    // Two accept at once: exactly one gets the game.
    let (a, b) = std::thread::scope(|sc| {
        let one = sc.spawn(|| post(&s, &format!("/api/seeks/{id}/accept"), Some(&bob), &json!({})));
        let two = sc.spawn(|| post(&s, &format!("/api/seeks/{id}/accept"), Some(&carol), &json!({})));
        (one.join().unwrap(), two.join().unwrap())
    });
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [201, 409], "{a:?} {b:?}");
    let winner = if a.0 == 201 { &a.1 } else { &b.1 };
    let game = winner["id"].as_str().unwrap();
    assert_eq!(winner["color"], "white");
    let started = next_event(&mut events, "started");
    assert_eq!((started["id"].as_str(), started["color"].as_str()), (Some(game), Some("black")));
    // The seeker plays by its session alone, after the acceptor's first move.
    let acceptor = if a.0 == 201 { &bob } else { &carol };
    let (st, v) = post(&s, &format!("/api/games/{game}/moves"), Some(acceptor), &json!({"move": "f3-f5"}));
    assert_eq!(st, 200, "{v}");
    let (st, v) = post(&s, &format!("/api/games/{game}/moves"), Some(&ann), &json!({"move": "f8-f6"}));
    assert_eq!(st, 200, "{v}");
    assert_eq!(get(&s, "/api/seeks", None).1["seeks"], json!([]));
}

support::on_both_stores!(
    seeks_are_bounded_and_a_challenge_is_for_its_account_only,
    accepting_starts_the_game_once_and_the_lobby_stream_tells_both,
);
