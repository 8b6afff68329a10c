//! Accounts against a real server on both stores: sign-up and sign-in (wrong password, taken
//! names), session cookies (flags, fixation, sign-out, password change), seats owned by accounts
//! (one account's session never moves another's seat), "my games" and rated games.

mod support;

use ccg_server::glicko;
use serde_json::{json, Value};
use support::{request, set_session, Server};

fn cookie(session: &str) -> String {
    format!("ccg_session={session}")
}

fn post(s: &Server, path: &str, session: Option<&str>, body: &Value) -> (u16, String, Value) {
    let c = session.map(cookie);
    let headers: Vec<(&str, &str)> = c.iter().map(|c| ("Cookie", c.as_str())).collect();
    request(s.addr, "POST", path, &headers, Some(&body.to_string()))
}

fn get(s: &Server, path: &str, session: Option<&str>) -> (u16, Value) {
    let c = session.map(cookie);
    let headers: Vec<(&str, &str)> = c.iter().map(|c| ("Cookie", c.as_str())).collect();
    let (st, _, v) = request(s.addr, "GET", path, &headers, None);
    (st, v)
}

/// Signs up; the session token.
fn sign_up(s: &Server, name: &str, password: &str) -> String {
    let (st, head, v) =
        post(s, "/api/account/signup", None, &json!({"username": name, "password": password}));
    assert_eq!(st, 201, "{v}");
    set_session(&head).expect("a session cookie")
}

fn sign_up_and_sign_in_refuse_wrong_passwords_and_taken_names(s: Server) {
    let (st, head, v) =
        post(&s, "/api/account/signup", None, &json!({"username": "Ann", "password": "a secret!"}));
    assert_eq!(st, 201, "{v}");
    assert_eq!(v["username"], "Ann");
    let line = head.lines().find(|l| l.starts_with("set-cookie: ccg_session=")).unwrap();
    for flag in ["httponly", "secure", "samesite=lax", "path=/", "max-age="] {
        assert!(line.contains(flag), "{flag} missing: {line}");
    }
    let session = set_session(&head).unwrap();
    assert_eq!(get(&s, "/api/account", Some(&session)).1["username"], "Ann");
    // Taken in any case.
    let (st, _, v) =
        post(&s, "/api/account/signup", None, &json!({"username": "aNN", "password": "another one"}));
    assert_eq!((st, v["error"].as_str()), (409, Some("username_taken")));
    for (name, pw, code) in [("x", "long enough", "bad_username"), ("bob", "short", "bad_password")] {
        let (st, _, v) = post(&s, "/api/account/signup", None, &json!({"username": name, "password": pw}));
        assert_eq!((st, v["error"].as_str()), (400, Some(code)), "{v}");
    }
    let (st, _, v) = post(&s, "/api/account/signup", None, &json!({"username": "bob", "password": 5}));
    assert_eq!((st, v["error"].as_str()), (400, Some("bad_json")));
    // Wrong password, unknown name: the same answer, no cookie.
    for (name, pw) in [("ann", "a secret?"), ("nobody", "a secret!")] {
        let (st, head, v) = post(&s, "/api/account/signin", None, &json!({"username": name, "password": pw}));
        assert_eq!((st, v["error"].as_str()), (401, Some("wrong_password")), "{v}");
        assert!(set_session(&head).is_none());
    }
    let (st, head, _) =
        post(&s, "/api/account/signin", None, &json!({"username": "ann", "password": "a secret!"}));
    assert_eq!(st, 200);
    let second = set_session(&head).unwrap();
    assert_ne!(second, session);
    // Both devices stay signed in.
    assert_eq!(get(&s, "/api/account", Some(&session)).0, 200);
    assert_eq!(get(&s, "/api/account", Some(&second)).0, 200);
    let (st, v) = get(&s, "/api/account", None);
    assert_eq!((st, v["error"].as_str()), (401, Some("not_signed_in")));
}

fn a_session_is_never_one_the_client_chose_and_ends_on_sign_out_and_password_change(s: Server) {
    let first = sign_up(&s, "carol", "first password");
    // Fixation: a token planted in the browser before sign-in is not adopted.
    let planted = "plantedbyanattacker";
    let (st, head, _) = post(
        &s,
        "/api/account/signin",
        Some(planted),
        &json!({"username": "carol", "password": "first password"}),
    );
    assert_eq!(st, 200);
    let fresh = set_session(&head).unwrap();
    assert_ne!(fresh, planted);
    assert_eq!(get(&s, "/api/account", Some(planted)).0, 401);
    // Signing in again from a browser with a session replaces that session.
    let (_, head, _) = post(
        &s,
        "/api/account/signin",
        Some(&fresh),
        &json!({"username": "carol", "password": "first password"}),
    );
    let newer = set_session(&head).unwrap();
    assert_eq!(get(&s, "/api/account", Some(&fresh)).0, 401);
    assert_eq!(get(&s, "/api/account", Some(&newer)).0, 200);
    // Sign-out ends it and clears the cookie.
    let (st, head, _) = post(&s, "/api/account/signout", Some(&newer), &json!({}));
    assert_eq!(st, 200);
    assert!(head.contains("set-cookie: ccg_session=;") && head.contains("max-age=0"), "{head}");
    assert_eq!(get(&s, "/api/account", Some(&newer)).0, 401);
    // A password change ends every session and opens a fresh one.
    let (st, _, v) = post(
        &s,
        "/api/account/password",
        Some(&first),
        &json!({"old": "wrong password", "new": "second password"}),
    );
    assert_eq!((st, v["error"].as_str()), (403, Some("wrong_password")));
    let (st, head, _) = post(
        &s,
        "/api/account/password",
        Some(&first),
        &json!({"old": "first password", "new": "second password"}),
    );
    assert_eq!(st, 200);
    let after = set_session(&head).unwrap();
    assert_eq!(get(&s, "/api/account", Some(&first)).0, 401);
    assert_eq!(get(&s, "/api/account", Some(&after)).0, 200);
    let signin =
        |pw: &str| post(&s, "/api/account/signin", None, &json!({"username": "carol", "password": pw})).0;
    assert_eq!(signin("first password"), 401);
    assert_eq!(signin("second password"), 200);
}

fn seats_belong_to_accounts_and_a_rated_game_moves_both_ratings(s: Server) {
    let ann = sign_up(&s, "ann", "ann's password");
    let bob = sign_up(&s, "bob", "bob's password");
    let carol = sign_up(&s, "carol", "carol's password");
    let (st, _, v) =
        post(&s, "/api/games", Some(&ann), &json!({"game": "mgc", "opponent": "engine", "rated": true}));
    assert_eq!((st, v["error"].as_str()), (400, Some("bad_rated")), "engine games are unrated");
    let (st, _, v) =
        post(&s, "/api/games", None, &json!({"game": "mgc", "opponent": "human", "rated": true}));
    assert_eq!((st, v["error"].as_str()), (401, Some("not_signed_in")));
    let (st, _, v) =
        post(&s, "/api/games", Some(&ann), &json!({"game": "mgc", "opponent": "human", "rated": true}));
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let code = v["invite"].as_str().unwrap().split("invite=").nth(1).unwrap().to_string();
    let join = format!("/api/games/{id}/join");
    let (st, _, v) = post(&s, &join, None, &json!({"invite": code}));
    assert_eq!((st, v["error"].as_str()), (401, Some("not_signed_in")), "a rated game needs an account");
    let (st, _, v) = post(&s, &join, Some(&ann), &json!({"invite": code}));
    assert_eq!((st, v["error"].as_str()), (409, Some("same_account")));
    let (st, _, v) = post(&s, &join, Some(&bob), &json!({"invite": code}));
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["color"], "black");
    let moves = format!("/api/games/{id}/moves");
    assert_eq!(get(&s, &format!("/api/games/{id}"), Some(&bob)).1["you"], "black");
    // Another account's session never moves a seat; nobody's moves nothing; Bob's not Ann's.
    let (st, _, v) = post(&s, &moves, Some(&carol), &json!({"move": "f3-f5"}));
    assert_eq!((st, v["error"].as_str()), (403, Some("wrong_token")), "{v}");
    let (st, _, v) = post(&s, &moves, Some(&bob), &json!({"move": "f3-f5"}));
    assert_eq!((st, v["error"].as_str()), (409, Some("not_your_turn")), "{v}");
    let (st, _, _) = post(&s, &moves, None, &json!({"move": "f3-f5"}));
    assert_eq!(st, 401);
    // Ann plays from another device: a second session, no seat token.
    let (_, head, _) =
        post(&s, "/api/account/signin", None, &json!({"username": "ann", "password": "ann's password"}));
    let ann2 = set_session(&head).unwrap();
    assert_eq!(get(&s, &format!("/api/games/{id}"), Some(&ann2)).1["you"], "white");
    let (st, _, v) = post(&s, &moves, Some(&ann2), &json!({"move": "f3-f5", "ply": 0}));
    assert_eq!(st, 200, "{v}");
    let (st, _, v) = post(&s, &moves, Some(&ann), &json!({"move": "f8-f6", "ply": 1}));
    assert_eq!((st, v["error"].as_str()), (409, Some("not_your_turn")));
    let (_, v) = get(&s, "/api/account", Some(&bob));
    assert_eq!(v["games"][0]["id"], id.as_str());
    assert_eq!(v["games"][0]["color"], "black");
    assert_eq!(v["games"][0]["rated"], true);
    // Bob resigns: Ann wins; both ratings move as Glicko-2 says.
    let (st, _, _) = post(&s, &format!("/api/games/{id}/resign"), Some(&bob), &json!({}));
    assert_eq!(st, 200);
    let (w, b) = glicko::after_game(glicko::START, glicko::START, 1.0);
    let rating = |session: &str| get(&s, "/api/account", Some(session)).1["ratings"][0].clone();
    let (ra, rb) = (rating(&ann), rating(&bob));
    assert!((ra["rating"].as_f64().unwrap() - w.rating).abs() < 1e-6, "{ra}");
    assert!((rb["rating"].as_f64().unwrap() - b.rating).abs() < 1e-6, "{rb}");
    assert!(ra["rating"].as_f64().unwrap() > 1500.0 && rb["rating"].as_f64().unwrap() < 1500.0);
    assert_eq!((ra["games"].as_i64(), ra["provisional"].as_bool()), (Some(1), Some(true)));
    let (st, board) = get(&s, "/api/leaderboard/mgc", None);
    assert_eq!(st, 200);
    let names: Vec<&str> =
        board["players"].as_array().unwrap().iter().map(|p| p["username"].as_str().unwrap()).collect();
    assert_eq!(names, ["ann", "bob"]);
    assert_eq!(get(&s, "/api/leaderboard/nosuchgame", None).0, 404);
    // An unrated game between the same accounts leaves the ratings alone.
    let (_, _, v) = post(&s, "/api/games", Some(&ann), &json!({"game": "mgc", "opponent": "human"}));
    let id2 = v["id"].as_str().unwrap().to_string();
    let code = v["invite"].as_str().unwrap().split("invite=").nth(1).unwrap().to_string();
    assert_eq!(post(&s, &format!("/api/games/{id2}/join"), Some(&bob), &json!({"invite": code})).0, 200);
    assert_eq!(post(&s, &format!("/api/games/{id2}/resign"), Some(&bob), &json!({})).0, 200);
    assert_eq!(rating(&ann), ra);
}

support::on_both_stores!(
    sign_up_and_sign_in_refuse_wrong_passwords_and_taken_names,
    a_session_is_never_one_the_client_chose_and_ends_on_sign_out_and_password_change,
    seats_belong_to_accounts_and_a_rated_game_moves_both_ratings,
);
