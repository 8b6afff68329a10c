//! The author's three Russian cheskers games replay exactly, each ending with the King taken.

use ccg_core::record::{replay, Record};
use ccg_core::{Color, OutcomeReason, Position};

fn record(name: &str) -> Record {
    let path = format!("{}/../../records/cheskers/{name}", env!("CARGO_MANIFEST_DIR"));
    Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn seed_games_replay_and_end_with_the_king_taken() {
    for (file, winner, plies) in
        [("game1.rec", Color::White, 5), ("game2.rec", Color::White, 21), ("game3.rec", Color::Black, 20)]
    {
        let rec = record(file);
        assert_eq!(rec.moves.len(), plies, "{file}");
        let r = replay(ccg_games::variant("cheskers", &[]).unwrap(), &rec)
            .unwrap_or_else(|(e, _)| panic!("{file}: {e}"));
        for (m, w) in rec.moves.iter().zip(&r.moves) {
            assert_eq!(m.text, w.written, "{file}: moves are written back as printed");
        }
        assert!(r.moves.last().unwrap().written.ends_with('X'), "{file}");
        assert!(r.moves.iter().all(|m| m.check_mark_agrees), "{file}");
        let o = r.outcome.expect("the game is over");
        assert_eq!((o.winner, o.reason), (Some(winner), OutcomeReason::RoyalCaptured), "{file}");
    }
}

#[test]
fn the_printed_game_3_fails_at_its_misprint() {
    let text =
        std::fs::read_to_string(format!("{}/../../records/cheskers/game3.rec", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
            .replace("a1:a7:c7:f7:f5:b5 {", "a1:a7:c7:f7:f5:b4 {");
    let (e, done) =
        replay(ccg_games::variant("cheskers", &[]).unwrap(), &Record::parse(&text).unwrap()).err().unwrap();
    assert_eq!(done.len(), 16);
    assert!(e.to_string().starts_with("move 9 white: \"a1:a7:c7:f7:f5:b4\""), "{e}");
}

#[test]
fn capture_is_compulsory_and_chains_continue() {
    let v = ccg_games::variant("cheskers", &[]).unwrap();
    // After 1. d2-d3 e7-e6 2. e2-e3 e6-e5 3. d3-d4 Black must take: e5:c3 is the only jump.
    let mut pos = Position::new(v.clone());
    for m in ["d2-d3", "e7-e6", "e2-e3", "e6-e5", "d3-d4"] {
        pos.make(pos.parse_move(m).unwrap().mv);
    }
    let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    assert_eq!(moves, vec!["e5:c3"]);
    assert_eq!(pos.parse_move("a7-a6").unwrap_err().why, "a capture is compulsory");
    // The rook a8 takes a4 and chooses its landing freely (docs/rules.md, Russian cheskers: no duty to pick a landing
    // that allows continuing): a3 ends the move. From a2 or a1 a further jump exists, so the
    // rook must go on, and from a1 it goes on twice more (over the King d1, then e2 and e4).
    let pos = Position::from_fen(v, "r3k3/8/8/8/P3P3/8/4P3/3K4 b - 0 1").unwrap();
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    moves.sort();
    assert_eq!(
        moves,
        vec![
            "a8:a1:e1:e3:e5",
            "a8:a1:e1:e3:e6",
            "a8:a1:e1:e3:e7",
            "a8:a1:f1",
            "a8:a1:g1",
            "a8:a1:h1",
            "a8:a2:f2",
            "a8:a2:g2",
            "a8:a2:h2",
            "a8:a3",
        ]
    );
    assert_eq!(pos.move_text_marked(pos.parse_move("a8:a1:e1:e3:e7").unwrap().mv), "a8:a1:e1:e3:e7X");
    assert!(pos.parse_move("a8:a1").is_err());
}

#[test]
fn rule_options_for_the_open_points() {
    let opt = |k: &str, v: &str| ccg_games::variant("cheskers", &[(k.to_string(), v.to_string())]).unwrap();
    let texts =
        |pos: &Position| -> Vec<String> { pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect() };
    // The Russian draughts landing rule: only landings from which the rook can jump on.
    let pos = Position::from_fen(opt("landing", "continue"), "r3k3/8/8/8/P3P3/8/4P3/3K4 b - 0 1").unwrap();
    let mut moves = texts(&pos);
    moves.sort();
    assert_eq!(
        moves,
        vec!["a8:a1:e1:e3:e5", "a8:a1:e1:e3:e6", "a8:a1:e1:e3:e7", "a8:a2:f2", "a8:a2:g2", "a8:a2:h2"]
    );
    // Pawns jumping forward only: the backward jump e4:e2 over e3 disappears.
    let fen = "4k3/8/8/8/4P3/4p3/8/3K4 w - 0 1";
    assert!(texts(&Position::from_fen(ccg_games::variant("cheskers", &[]).unwrap(), fen).unwrap())
        .contains(&"e4:e2".to_string()));
    let fw = Position::from_fen(opt("pawn_jumps", "forward"), fen).unwrap();
    assert!(!texts(&fw).contains(&"e4:e2".to_string()), "{:?}", texts(&fw));
    // No King's leap over an own piece.
    let start = Position::new(opt("king_leap", "off"));
    assert_eq!(start.count_legal(), 22);
    // Bare Kings: drawn by default, played on with the option.
    let bare = "4k3/8/8/8/8/8/8/3K4 w - 0 1";
    let v = ccg_games::variant("cheskers", &[]).unwrap();
    assert_eq!(
        Position::from_fen(v, bare).unwrap().outcome().map(|o| o.reason),
        Some(OutcomeReason::BareRoyals)
    );
    assert_eq!(Position::from_fen(opt("bare_kings", "play_on"), bare).unwrap().outcome(), None);
    assert!(ccg_games::variant("cheskers", &[("landing".into(), "sideways".into())]).is_err());
}
