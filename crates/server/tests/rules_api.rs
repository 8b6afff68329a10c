//! `GET /api/rules/{game}`: the facts the front end draws pieces, move diagrams and rules pages
//! from, checked against the rules as `docs/rules.md` states them.

mod support;

use serde_json::Value;
use std::collections::BTreeSet;
use support::Server;

/// The cell names of a list of cell indices.
fn names(facts: &Value, list: &Value) -> BTreeSet<String> {
    let cells = facts["board"]["cells"].as_array().unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|c| cells[c.as_u64().unwrap() as usize]["name"].as_str().unwrap().to_string())
        .collect()
}

fn kind<'a>(facts: &'a Value, token: &str) -> &'a Value {
    facts["kinds"].as_array().unwrap().iter().find(|k| k["token"] == token).unwrap()
}

fn set(cells: &str) -> BTreeSet<String> {
    cells.split_whitespace().map(str::to_string).collect()
}

#[test]
fn mgc_diagrams_follow_the_modes_from_the_centre() {
    let s = Server::start();
    let (st, f) = s.get("/api/rules/mgc", None);
    assert_eq!(st, 200, "{f}");
    let from = f["kinds"][0]["diagram"]["from"].as_u64().unwrap() as usize;
    assert_eq!(f["board"]["cells"][from]["name"], "e5");
    // Legion `O`: the rank and the file, moving and capturing alike.
    let legion = &kind(&f, "L")["diagram"];
    let lines = set("e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5 k5");
    assert_eq!(names(&f, &legion["moves"]), lines);
    assert_eq!(names(&f, &legion["captures"]), lines);
    assert!(legion["initial"].as_array().unwrap().is_empty());
    // Pawn `mN(1)+cD(1)+imfN(2)`: steps all round, captures diagonally, leaps ahead at first.
    let pawn = &kind(&f, "P")["diagram"];
    assert_eq!(names(&f, &pawn["moves"]).len(), 8 + 7);
    assert_eq!(names(&f, &pawn["captures"]), set("d4 f4 d6 f6"));
    assert_eq!(names(&f, &pawn["initial"]), set("c7 d7 e7 f7 g7 c6 g6"));
    // King `N(1)+uN(2)+uN(3)`: the two outer rings only until first checked.
    let king = &kind(&f, "K")["diagram"];
    assert_eq!(names(&f, &king["moves"]).len(), 8 + 16 + 24);
    assert_eq!(names(&f, &king["unchecked"]).len(), 16 + 24);
    assert!(!names(&f, &king["unchecked"]).contains("e6"));
    assert_eq!(kind(&f, "K")["royal"], true);
    assert_eq!(kind(&f, "Q")["modes_text"], "O+D+N(2)");
    // The setup is the author's square list: 30 pieces a side, the White King on e1.
    assert_eq!(f["setup"].as_array().unwrap().len(), 60);
    let e1 = f["board"]["cells"].as_array().unwrap().iter().position(|c| c["name"] == "e1").unwrap();
    let k = f["setup"].as_array().unwrap().iter().find(|p| p["cell"] == e1).unwrap();
    assert_eq!(f["kinds"][k["kind"].as_u64().unwrap() as usize]["token"], "K");
}

#[test]
fn options_change_the_diagrams() {
    let s = Server::start();
    let (st, f) = s.get("/api/rules/mgc?option=pawns%3Dforward", None);
    assert_eq!(st, 200, "{f}");
    let pawn = &kind(&f, "P")["diagram"];
    // `mnN(1)+cnD(1)`: no step or capture that lowers the rank.
    assert_eq!(names(&f, &pawn["captures"]), set("d6 f6"));
    assert!(!names(&f, &pawn["moves"]).contains("e4"));
    let (st, f) = s.get("/api/rules/mgc?option=remove%3Dsimple", None);
    assert_eq!(st, 200, "{f}");
    assert!(f["setup"].as_array().unwrap().len() < 60);
    assert_eq!(s.get("/api/rules/mgc?option=pawns%3Dsideways", None).0, 400);
    assert_eq!(s.get("/api/rules/mgc?colour=red", None).0, 400);
    assert_eq!(s.get("/api/rules/nosuchgame", None).0, 404);
    assert_eq!(s.get("/api/rules/bermuda", None).0, 200);
    // A catalogued game not built yet has no rules to show (while there is one).
    if let Some(g) = ccg_games::catalogue().iter().find(|g| g.status != ccg_games::Status::Implemented) {
        assert_eq!(s.get(&format!("/api/rules/{}", g.id), None).0, 422, "{}", g.id);
    }
}

#[test]
fn stacks_name_their_checkers_and_reconstructions_say_so() {
    let s = Server::start();
    let (st, f) = s.get("/api/rules/pyramids6", None);
    assert_eq!(st, 200, "{f}");
    assert_eq!(f["reconstructed"], true);
    let dragon = kind(&f, "(4433)");
    assert_eq!(dragon["name"], "dragon");
    assert_eq!(dragon["stack"]["code"], "4433");
    assert_eq!(dragon["stack"]["sizes"].as_array().unwrap()[..4], [0, 0, 2, 2]);
    assert_eq!(kind(&f, "(4321)")["royal"], true);
    assert!(kind(&f, "S")["stack"].is_null());
    let stacks = f["kinds"].as_array().unwrap().iter().filter(|k| !k["stack"].is_null()).count();
    assert_eq!(stacks, 49);
    let (_, mgc) = s.get("/api/rules/mgc", None);
    assert_eq!(mgc["reconstructed"], false);
    assert!(mgc["board"]["regions"].as_array().unwrap().is_empty());
}

#[test]
fn linked_boards_lie_side_by_side_with_their_regions_and_links() {
    let s = Server::start();
    let (st, f) = s.get("/api/rules/bermuda", None);
    assert_eq!(st, 200, "{f}");
    let b = &f["board"];
    assert_eq!(b["regions"].as_array().unwrap().len(), 2);
    let cells = b["cells"].as_array().unwrap();
    let at = |name: &str| cells.iter().position(|c| c["name"] == name).unwrap();
    let (la1, ua1, ua8) = (&cells[at("La1")], &cells[at("Ua1")], &cells[at("Ua8")]);
    assert_eq!((la1["region"].as_u64(), ua1["region"].as_u64()), (Some(0), Some(1)));
    assert_eq!(la1["link"].as_u64(), Some(at("Ua1") as u64));
    assert_eq!(ua1["link"].as_u64(), Some(at("La1") as u64));
    // Side by side, the same rows: the upper board right of the lower one, in a block of its own.
    assert_eq!(la1["row"], ua1["row"]);
    assert!(ua1["col"].as_u64() > la1["col"].as_u64().map(|c| c + 7));
    assert_ne!(la1["block"], ua1["block"]);
    assert_eq!(ua8["row"], 0);
}

#[test]
fn shogi_promoted_kinds_are_marked_and_move_otherwise() {
    let s = Server::start();
    let (_, f) = s.get("/api/rules/shogi", None);
    let pawn = kind(&f, "P");
    let pionnier = kind(&f, "+P");
    assert_eq!(pionnier["promoted"], true);
    assert_eq!(pionnier["name"], "Pionnier");
    assert_eq!(pawn["promotes_to"][0], pionnier["kind"]);
    assert_eq!(pionnier["demotes_to"], pawn["kind"]);
    assert_eq!(names(&f, &pawn["diagram"]["moves"]), set("e6"));
    assert_eq!(names(&f, &pionnier["diagram"]["moves"]).len(), 8);
    // Bishop `D+mO(1)`: the orthogonal step never captures.
    let bishop = &kind(&f, "B")["diagram"];
    assert!(names(&f, &bishop["moves"]).contains("e6"));
    assert!(!names(&f, &bishop["captures"]).contains("e6"));
    assert_eq!(f["rules"]["drops"], true);
    assert_eq!(names(&f, &pawn["drop"]["forbidden"]).len(), 9);
    assert_eq!(names(&f, &pawn["promotion"][0]["zone"]).len(), 27);
}

#[test]
fn cheskers_jumps_land_behind_the_enemy() {
    let s = Server::start();
    let (_, f) = s.get("/api/rules/cheskers", None);
    assert_eq!(f["rules"]["capturing"], "jump");
    assert_eq!(f["rules"]["royal"], "capture");
    let rook = &kind(&f, "R")["diagram"];
    let from = &f["board"]["cells"][rook["from"].as_u64().unwrap() as usize]["name"];
    assert_eq!(from, "d4");
    // `xO`: over an enemy at any distance on the line, landing on any free cell beyond it.
    let over_d6 = rook["jumps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| names(&f, &Value::from(vec![j["over"].clone()])) == set("d6"))
        .unwrap();
    assert_eq!(names(&f, &over_d6["land"]), set("d7 d8"));
    // Pawn `xO(1)+xD(1)`: only an adjacent enemy, onto the cell right behind it.
    let pawn = &kind(&f, "P")["diagram"];
    assert_eq!(names(&f, &pawn["captures"]).len(), 8);
    assert_eq!(names(&f, &pawn["moves"]), set("c5 d5 e5"));
}

#[test]
fn the_cube_is_drawn_on_its_naming_grid_with_four_layers() {
    let s = Server::start();
    let (_, f) = s.get("/api/rules/cubic", None);
    let b = &f["board"];
    assert_eq!((b["rows"].as_u64(), b["cols"].as_u64()), (Some(8), Some(8)));
    let cells = b["cells"].as_array().unwrap();
    let c7 = cells.iter().find(|c| c["name"] == "c7").unwrap();
    assert_eq!((c7["row"].as_u64(), c7["col"].as_u64()), (Some(1), Some(2)));
    let blocks: BTreeSet<u64> = cells.iter().map(|c| c["block"].as_u64().unwrap()).collect();
    assert_eq!(blocks.len(), 4);
    let block_of = |n: &str| cells.iter().find(|c| c["name"] == n).unwrap()["block"].clone();
    assert_eq!(block_of("a1"), block_of("d4"));
    assert_ne!(block_of("d4"), block_of("e4"));
    assert_ne!(block_of("d4"), block_of("d5"));
    // The tesseract is a Sudoku grid of nine blocks; the hexagons keep their staggered layout.
    let (_, t) = s.get("/api/rules/nihongi", None);
    let blocks: BTreeSet<u64> =
        t["board"]["cells"].as_array().unwrap().iter().map(|c| c["block"].as_u64().unwrap()).collect();
    assert_eq!(blocks.len(), 9);
    let (_, h) = s.get("/api/rules/brilliant", None);
    assert_eq!(h["board"]["hexagons"], true);
    assert_eq!(h["board"]["rows"], 15);
}

#[test]
fn doseki_layers_are_a_grid_of_boards_with_the_layers_above_and_below_across() {
    let s = Server::start();
    let (_, f) = s.get("/api/rules/doseki", None);
    let b = &f["board"];
    // Three layers of nine files (and a gap) across and down.
    assert_eq!((b["rows"].as_u64(), b["cols"].as_u64()), (Some(29), Some(29)));
    let cells = b["cells"].as_array().unwrap();
    let blocks: BTreeSet<u64> = cells.iter().map(|c| c["block"].as_u64().unwrap()).collect();
    assert_eq!(blocks.len(), 9);
    let cell = |n: &str| cells.iter().find(|c| c["name"] == n).unwrap();
    assert_eq!(names(&f, &cell("Ee5")["across"]), set("De5 Fe5"));
    assert_eq!(names(&f, &cell("Ae5")["across"]), set("Be5"));
    assert_eq!(names(&f, &cell("Ia9")["across"]), set("Ha9"));
    // The cube's layers too; a flat board has none.
    let (_, c) = s.get("/api/rules/cubic", None);
    assert!(c["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["across"].as_array().unwrap().len() == 1 || c["across"].as_array().unwrap().len() == 2));
    let (_, m) = s.get("/api/rules/mgc", None);
    assert!(m["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["across"].as_array().unwrap().is_empty()));
}

#[test]
fn group_types_give_their_modes_shape_and_reach_and_the_setup_its_checkers() {
    let s = Server::start();
    let (_, f) = s.get("/api/rules/omino", None);
    let horse = kind(&f, "H");
    assert_eq!(horse["group"]["modes"], "S");
    assert_eq!(horse["modes_text"], "S");
    let d = &horse["diagram"];
    let shape: Vec<&Value> = d["shape"].as_array().unwrap().iter().collect();
    assert_eq!(shape.len(), 2);
    assert!(shape.iter().all(|c| c[1] == 1));
    // `S` leaps to the ring at distance 2: a lone domino in the middle of an empty 10x10 board
    // has 16 landings for its anchor, and each lands both checkers.
    assert!(names(&f, &d["moves"]).len() > 16);
    let king = kind(&f, "K");
    assert_eq!(king["group"]["to_hand"], true);
    // The draughts setup: 20 single checkers a side, each its own group.
    let setup = f["setup"].as_array().unwrap();
    assert_eq!(setup.len(), 40);
    assert!(setup.iter().all(|p| p["count"] == 1));
    let groups: BTreeSet<u64> = setup.iter().map(|p| p["group"].as_u64().unwrap()).collect();
    assert_eq!(groups.len(), 40);
    // Nomino: a type per shape of singles and doubles, each once per count a cell holds.
    let (_, n) = s.get("/api/rules/nomino?option=extras%3Don", None);
    let counts: BTreeSet<u64> =
        n["kinds"].as_array().unwrap().iter().map(|k| k["group"]["checkers"].as_u64().unwrap()).collect();
    assert_eq!(counts, [1, 2].into());
}

#[test]
fn a_group_move_gives_its_moving_set_its_landings_and_its_type() {
    let s = Server::start();
    let fen = "x9/10/10/10/10/4XX4/10/10/10/10 w 0/0 0 1";
    let (id, token, _) = s.create(&format!(r#"{{"game": "omino", "opponent": "human", "fen": "{fen}"}}"#));
    let (_, st) = s.get(&format!("/api/games/{id}"), Some(&token));
    let cells = st["board"]["cells"].as_array().unwrap();
    let at = |n: &str| cells.iter().position(|c| c["name"] == n).unwrap() as u64;
    let piece = |c: u64| st["pieces"].as_array().unwrap().iter().find(|p| p["cell"] == c).unwrap().clone();
    assert_eq!(piece(at("e5"))["group"], piece(at("f5"))["group"]);
    assert_ne!(piece(at("e5"))["group"], piece(at("a10"))["group"]);
    assert_eq!(piece(at("e5"))["count"], 1);
    let m = st["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "H:e5f5-g7h7")
        .expect("the Horse's leap");
    assert_eq!(m["type"], "H");
    let moving: BTreeSet<(u64, u64)> = m["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap()))
        .collect();
    assert_eq!(moving, [(at("e5"), 1), (at("f5"), 1)].into());
    // Each cell lands where the translation takes it, in the same order.
    for (c, d) in m["cells"].as_array().unwrap().iter().zip(m["dests"].as_array().unwrap()) {
        let (c, d) = (c[0].as_u64().unwrap(), d.as_u64().unwrap());
        assert_eq!(d, if c == at("e5") { at("g7") } else { at("h7") });
    }
    // A part of the group moves alone: a lone checker (a Pawn, written without its letter).
    assert!(st["legal"].as_array().unwrap().iter().any(|m| m["text"] == "e5-e6" && m["type"] == "P"));
    let (status, after) =
        s.post(&format!("/api/games/{id}/moves"), Some(&token), r#"{"move": "H:e5f5-g7h7"}"#);
    assert_eq!(status, 200, "{after}");
    let last: BTreeSet<u64> =
        after["last"]["cells"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    assert_eq!(last, [at("e5"), at("f5"), at("g7"), at("h7")].into());
}
