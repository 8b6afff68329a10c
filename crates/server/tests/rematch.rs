//! Imported records keep every tag, and finished games lead to rematches with the colours
//! swapped: against the engine at once, between people when both have asked.

mod support;

use serde_json::json;
use support::Server;

fn an_imported_record_keeps_every_tag(s: Server) {
    let record = "[Game \"mgc\"]\n[Event \"Blog game\"]\n[Site \"chess-checkers-go\"]\n[Date \"2010.12.10\"]\n\
                  [White \"Kosintsev I.\"]\n[Black \"Skuratovsky I.\"]\n[Annotator \"A\"]\n[Annotator \"B\"]\n\n1. f3-f5 f8-f6 *\n";
    let (st, v) = s.post("/api/import", None, &json!({ "record": record }).to_string());
    assert_eq!(st, 201, "{v}");
    let id = v["id"].as_str().unwrap();
    let (_, text) = s.get(&format!("/api/games/{id}/record"), None);
    let text = text.as_str().unwrap();
    for tag in [
        "[Game \"mgc\"]",
        "[Event \"Blog game\"]",
        "[Site \"chess-checkers-go\"]",
        "[Date \"2010.12.10\"]",
        "[White \"Kosintsev I.\"]",
        "[Black \"Skuratovsky I.\"]",
        "[Annotator \"A\"]",
        "[Annotator \"B\"]",
    ] {
        assert!(text.contains(tag), "{tag} missing in:\n{text}");
    }
    assert!(!text.contains("Human"), "{text}");
    // The state names the players, and a restart keeps the tags (they are stored).
    let s = s.restart();
    let (_, state) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(state["tags"][3], json!(["White", "Kosintsev I."]));
}

fn a_rematch_against_the_engine_swaps_colours_and_the_engine_opens(s: Server) {
    let (id, token, _) =
        s.create(r#"{"game":"mgc","opponent":"engine","level":1,"clock":{"initial_s":300,"increment_s":2}}"#);
    assert_eq!(s.post(&format!("/api/games/{id}/rematch"), Some(&token), "").0, 409, "not over yet");
    assert_eq!(s.post(&format!("/api/games/{id}/resign"), Some(&token), "").0, 200);
    assert_eq!(s.post(&format!("/api/games/{id}/rematch"), None, "").0, 401);
    let (st, r) = s.post(&format!("/api/games/{id}/rematch"), Some(&token), "");
    assert_eq!(st, 201, "{r}");
    assert_eq!(r["color"], "black");
    let new_id = r["id"].as_str().unwrap().to_string();
    let (_, old) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(old["rematch"], json!({ "id": new_id, "by": "white" }));
    // Same game and clock; the engine now has White and moves first.
    let state = s.wait_for(&new_id, |v| v["ply"] == 1);
    assert_eq!(state["white"]["kind"], "engine");
    assert_eq!(state["white"]["level"], 1);
    assert_eq!(state["clock"]["initial_ms"], 300_000);
    let (_, mine) = s.get(&format!("/api/games/{new_id}"), r["token"].as_str());
    assert_eq!(mine["you"], "black");
    // Asking again leads to the same rematch.
    let (st, again) = s.post(&format!("/api/games/{id}/rematch"), Some(&token), "");
    assert_eq!((st, again["id"].as_str()), (200, Some(new_id.as_str())));
}

fn a_rematch_between_people_seats_each_once(s: Server) {
    let (id, alice, invite) = s.create(r#"{"game":"cheskers","opponent":"human"}"#);
    let code = invite.unwrap().split("invite=").nth(1).unwrap().to_string();
    let (_, j) = s.post(&format!("/api/games/{id}/join"), None, &json!({ "invite": code }).to_string());
    let bob = j["token"].as_str().unwrap().to_string();
    assert_eq!(s.post(&format!("/api/games/{id}/resign"), Some(&bob), "").0, 200);
    // Alice asks: the new game has her as Black and Bob's seat (White) open.
    let (st, a) = s.post(&format!("/api/games/{id}/rematch"), Some(&alice), "");
    assert_eq!(st, 201, "{a}");
    assert_eq!(a["color"], "black");
    let new_id = a["id"].as_str().unwrap().to_string();
    let (_, fresh) = s.get(&format!("/api/games/{new_id}"), None);
    assert_eq!(fresh["white"]["seated"], false);
    // Bob accepts by asking too, and plays White.
    let (st, b) = s.post(&format!("/api/games/{id}/rematch"), Some(&bob), "");
    assert_eq!(st, 200, "{b}");
    assert_eq!(b["color"], "white");
    let bob2 = b["token"].as_str().unwrap();
    let (_, seen) = s.get(&format!("/api/games/{new_id}"), Some(bob2));
    assert_eq!((seen["you"].as_str(), seen["white"]["seated"].as_bool()), (Some("white"), Some(true)));
    // Alice asking again gets the game, not a second seat; Bob asking again finds no open seat.
    let (_, again) = s.post(&format!("/api/games/{id}/rematch"), Some(&alice), "");
    assert_eq!(again["token"], serde_json::Value::Null);
    assert_eq!(s.post(&format!("/api/games/{id}/rematch"), Some(&bob), "").0, 409);
}

support::on_both_stores!(
    an_imported_record_keeps_every_tag,
    a_rematch_against_the_engine_swaps_colours_and_the_engine_opens,
    a_rematch_between_people_seats_each_once,
);
