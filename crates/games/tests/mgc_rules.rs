//! Modern Grand Chess rules in positions built for them, and the author's party replayed.

use ccg_core::record::{replay, Record};
use ccg_core::{Color, OutcomeReason, Position};
use std::sync::Arc;

fn mgc() -> Arc<ccg_core::Variant> {
    ccg_games::variant("mgc", &[]).unwrap()
}

fn record(name: &str) -> Record {
    let path = format!("{}/../../records/mgc/{name}", env!("CARGO_MANIFEST_DIR"));
    Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn cell(pos: &Position, name: &str) -> ccg_core::Cell {
    pos.variant().geometry.parse_cell(name).unwrap()
}

fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let c = cell(pos, from);
    let mut v: Vec<String> =
        pos.legal_moves().iter().filter(|m| m.from == c).map(|&m| pos.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn seed_party_replays_with_exactly_the_printed_checks() {
    let rec = record("kosintsev-skuratovsky-1.rec");
    assert_eq!(rec.moves.len(), 93);
    let r = replay(mgc(), &rec).expect("every move legal");
    let checks: Vec<(u32, Color)> =
        r.moves.iter().filter(|m| m.written.ends_with('+')).map(|m| (m.number, m.color)).collect();
    assert_eq!(checks, vec![(12, Color::White), (45, Color::White)]);
    assert!(r.moves.iter().all(|m| m.check_mark_agrees));
    // Every move is written back exactly as the (corrected) record has it.
    for (m, w) in rec.moves.iter().zip(&r.moves) {
        assert_eq!(m.text, w.written);
    }
    // White's king was never checked and kept its leaps (9. Ke1-h2 and 47. Kh2:h5 are N(3));
    // Black's king lost them at move 12.
    let pos = &r.position;
    assert!(!pos.has_been_checked(cell(pos, "h5")));
    assert!(pos.has_been_checked(cell(pos, "i9")));
    assert_eq!(r.outcome, None);
}

#[test]
fn printed_score_fails_at_the_first_misprint() {
    let rec = record("kosintsev-skuratovsky-1.as-printed.rec");
    let (e, done) = replay(mgc(), &rec).err().expect("the misprint is illegal");
    assert_eq!(e.to_string(), r#"move 14 black: "Eg9-t8": no square "t8""#);
    assert_eq!(done.len(), 27);
}

#[test]
fn other_misprints_are_named() {
    let v = mgc();
    let rec = record("kosintsev-skuratovsky-1.rec");
    let mut text = String::new();
    for m in rec.moves.iter().take(34) {
        text += &format!("{} ", m.text);
    }
    let mut pos = Position::new(v.clone());
    for m in Record::parse(&text).unwrap().moves {
        pos.make(pos.parse_move(&m.text).unwrap().mv);
    }
    // 18. Hb4:c5 as printed: c5 is empty.
    let e = pos.parse_move("Hb4:c5").unwrap_err();
    assert_eq!(e.why, "c5 is empty, so this is no capture");
}

#[test]
fn pawn_moves_in_all_directions_and_first_leap() {
    let v = mgc();
    // On its start cell e3: 8 steps + 7 forward leaps (rank 5 c-g, and c4, g4), no capture.
    let pos = Position::from_fen(v.clone(), "5k4/10/10/10/10/10/10/4P4K/10/10 w - 0 1").unwrap();
    let m = moves_from(&pos, "e3");
    assert_eq!(m.len(), 15, "{m:?}");
    assert!(
        m.contains(&"e3-e2".to_string())
            && m.contains(&"e3-c4".to_string())
            && m.contains(&"e3-g5".to_string())
    );
    // Once moved (marked, or standing away from its start cell), no leap.
    let pos = Position::from_fen(v.clone(), "5k4/10/10/10/10/10/10/4P'4K/10/10 w - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "e3").len(), 8);
    let pos = Position::from_fen(v.clone(), "5k4/10/10/10/10/4P4K/10/10/10/10 w - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "e5").len(), 8);
    assert!(pos.to_fen().contains("P'"));
    // pawns=forward: no backward steps.
    let fw = ccg_games::variant("mgc", &[("pawns".into(), "forward".into())]).unwrap();
    let pos = Position::from_fen(fw, "5k4/10/10/10/10/4P'4K/10/10/10/10 w - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "e5"), vec!["e5-d5", "e5-d6", "e5-e6", "e5-f5", "e5-f6"]);
}

#[test]
fn pawn_captures_diagonally_only() {
    let pos = Position::from_fen(mgc(), "5k4/10/10/10/3ppp4/4P'4K/10/10/10/10 w - 0 1").unwrap();
    let m = moves_from(&pos, "e5");
    assert!(m.contains(&"e5:d6".to_string()) && m.contains(&"e5:f6".to_string()));
    assert!(!m.iter().any(|x| x.contains("e6")), "{m:?}");
}

#[test]
fn promotion_optional_in_mgc_mandatory_in_mgc1() {
    let pos = Position::from_fen(mgc(), "10/4P'5/10/10/k9/10/10/10/10/9K w - 0 1").unwrap();
    let to_e10: Vec<String> = moves_from(&pos, "e9").into_iter().filter(|m| m.contains("e10")).collect();
    assert_eq!(to_e10.len(), 11, "stay a pawn or 10 choices: {to_e10:?}");
    assert!(
        to_e10.contains(&"e9-e10".to_string())
            && !to_e10.iter().any(|m| m.ends_with("=K") || m.ends_with("=P"))
    );
    let v1 = ccg_games::variant("mgc1", &[]).unwrap();
    let pos = Position::from_fen(v1, "10/4P'5/10/10/k9/10/10/10/10/9K w - 0 1").unwrap();
    let to_e10: Vec<String> = moves_from(&pos, "e9").into_iter().filter(|m| m.contains("e10")).collect();
    assert_eq!(to_e10.len(), 10);
    assert_eq!(
        pos.parse_move("e9-e10").unwrap_err().why.split(':').next(),
        Some("a promotion piece is required")
    );
    assert!(pos.parse_move("e9-e10=F").is_ok());
}

#[test]
fn king_leaps_until_first_check() {
    let v = mgc();
    let pos = Position::from_fen(v.clone(), "9k/10/10/10/10/4K5/10/10/10/10 w - 0 1").unwrap();
    // All 48 cells of N(1)+N(2)+N(3). The four near k10 are within reach of Black's unchecked
    // king, but each of them checks that king by a leap, which takes its leaps away (docs/rules.md, All games, the jump right of royal pieces).
    assert_eq!(moves_from(&pos, "e5").len(), 8 + 16 + 24);
    let checked = Position::from_fen(v, "9k/10/10/10/10/4K!5/10/10/10/10 w - 0 1").unwrap();
    assert_eq!(moves_from(&checked, "e5").len(), 8);
}

#[test]
fn a_king_in_check_loses_its_leaps_at_once() {
    // White rook gives check on the file; Black's king (never checked before) may only step.
    let mut pos = Position::from_fen(mgc(), "5k4/10/10/10/10/10/10/10/10/L3K5 w - 0 1").unwrap();
    let m = pos.parse_move("La1-a10+").unwrap();
    assert!(m.claimed_check);
    pos.make(m.mv);
    assert!(pos.in_check());
    let king = cell(&pos, "f10");
    assert!(pos.has_been_checked(king));
    assert!(pos.legal_moves().iter().all(|m| pos.variant().geometry.chebyshev(m.from, m.to) == 1));
    assert!(pos.to_fen().contains("k!"));
}

#[test]
fn stepping_next_to_a_leap_is_legal_when_it_checks_that_king() {
    // docs/rules.md, All games, the jump right of royal pieces. Black's king e5 has never been checked, so its N(3) leap reaches d2. White's
    // king e2 (checked before: steps only) steps to d2 and so uncovers the Legion e1's check on
    // the e-file; the check takes the Black king's leap away, so the step is legal.
    let v = mgc();
    let pos = Position::from_fen(v.clone(), "10/10/10/10/10/4k5/10/10/4K!5/4L5 w - 0 1").unwrap();
    let m = pos.parse_move("Ke2-d2+").expect("discovered check removes the leap");
    let mut after = pos.clone();
    after.make(m.mv);
    assert!(after.in_check());
    // Without the Legion the same step is illegal (the leap still exists).
    let pos = Position::from_fen(v, "10/10/10/10/10/4k5/10/10/4K!5/10 w - 0 1").unwrap();
    assert_eq!(pos.parse_move("Ke2-d2").unwrap_err().why, "it would leave the King attacked");
}

#[test]
fn pinned_pieces_stay_on_the_line() {
    // White King a1, Horse b2 pinned by Black Bishop e5 on the diagonal: the Horse may only
    // leap along the line (to d4).
    let pos = Position::from_fen(mgc(), "9k/10/10/10/10/4b5/10/10/1H8/K!9 w - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "b2"), vec!["Hb2-d4"]);
    // A pinned Adviser may move along the pin line, including capturing the pinner.
    let pos = Position::from_fen(mgc(), "9k/10/10/10/10/4b5/10/10/1A8/K!9 w - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "b2"), vec!["Ab2-c3", "Ab2-d4", "Ab2:e5"]);
}

#[test]
fn checkmate_stalemate_repetition_fifty() {
    let v = mgc();
    // Black king k10 checked before, mated by two Legions.
    let mut pos = Position::from_fen(v.clone(), "9k!/1L8/L9/10/10/10/10/10/10/K!9 w - 0 1").unwrap();
    let m = pos.parse_move("La8-a10#").unwrap().mv;
    assert_eq!(pos.move_text_marked(m), "La8-a10#");
    pos.make(m);
    let o = pos.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), OutcomeReason::Checkmate));

    let pos = Position::from_fen(v.clone(), "9k!/7L2/8L1/10/10/10/10/10/10/K!9 b - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap().reason, OutcomeReason::Stalemate);

    let mut pos = Position::from_fen(v.clone(), "9k!/10/10/10/10/10/10/10/10/K!9 w - 0 1").unwrap();
    for t in ["Ka1-a2", "Kk10-k9", "Ka2-a1", "Kk9-k10", "Ka1-a2", "Kk10-k9", "Ka2-a1"] {
        assert!(pos.outcome().is_none(), "{t}");
        pos.make(pos.parse_move(t).unwrap().mv);
    }
    assert!(pos.outcome().is_none());
    pos.make(pos.parse_move("Kk9-k10").unwrap().mv);
    assert_eq!(pos.outcome().unwrap().reason, OutcomeReason::Repetition);

    let pos = Position::from_fen(v, "9k!/10/10/10/10/10/10/10/10/K!7L1 w - 100 80").unwrap();
    assert_eq!(pos.outcome().unwrap().reason, OutcomeReason::FiftyMoves);
}

#[test]
fn incomplete_mgc_removes_symmetrically() {
    let opts = |s: &str| vec![("remove".to_string(), s.to_string())];
    let v = ccg_games::variant("mgc", &opts("a2,Q")).unwrap();
    let pos = Position::new(v);
    for sq in ["a2", "k9", "f1", "e10"] {
        assert!(pos.piece_at(cell(&pos, sq)).is_none(), "{sq}");
    }
    assert!(pos.piece_at(cell(&pos, "k2")).is_some());
    let simple = Position::new(ccg_games::variant("mgc", &opts("simple")).unwrap());
    assert_eq!(simple.pieces(Color::White).count(), 10 + 2 + 2 + 2 + 1);
    for bad in ["K", "e1", "a10", "e5", "Z", "zz9"] {
        assert!(ccg_games::variant("mgc", &opts(bad)).is_err(), "{bad}");
    }
}

#[test]
fn setups_are_centre_symmetric() {
    for id in ["mgc", "mgc1"] {
        let v = ccg_games::variant(id, &[]).unwrap();
        let pos = Position::new(v.clone());
        for c in 0..v.geometry.len() as ccg_core::Cell {
            let twin = v.geometry.centre_mirror(c).unwrap();
            let (a, b) = (pos.piece_at(c), pos.piece_at(twin));
            assert_eq!(
                a.map(|p| (p.kind, p.color)),
                b.map(|p| (p.kind, p.color.other())),
                "{id} {}",
                v.geometry.name(c)
            );
        }
    }
}
