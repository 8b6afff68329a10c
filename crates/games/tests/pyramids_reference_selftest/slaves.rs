//! Slave moves and promotions; the last pharaon.

use crate::reference::{Color, Id, Outcome, Reason};
use crate::{board, marches, moves_from, ring, same, sorted};

// ---------------------------------------------------------------------------------------------
// Slave moves and promotions

#[test]
fn fifth_and_sixth_edition_row_promotions_are_offered_on_arrival_from_another_row() {
    let id = Id::Pyramids5;
    let kings = [("a1", "(4321.)"), ("a8", "(.4321)")];
    let on = |cell: &str| moves_from(&board(id, &[&kings[..], &[(cell, "S'")]].concat(), 'w'), cell);
    // Row 5: (1) on arrival from row 4 (not along row 5).
    let want = sorted(&[
        "e4-d5", "e4-d5=1", "e4-e5", "e4-e5=1", "e4-f5", "e4-f5=1", "e4-d4", "e4-f4", "e4-d3", "e4-e3",
        "e4-f3",
    ]);
    same(on("e4"), want, "row 5");
    // From row 6: row 7 offers (43), row 5 (1) again, row 6 nothing.
    let want = sorted(&[
        "e6-d7", "e6-d7=43", "e6-e7", "e6-e7=43", "e6-f7", "e6-f7=43", "e6-d6", "e6-f6", "e6-d5", "e6-d5=1",
        "e6-e5", "e6-e5=1", "e6-f5", "e6-f5=1",
    ]);
    same(on("e6"), want, "row 6");
    // From row 7: the last rank is mandatory, to any of the 49 pyramids; row 6 offers (2).
    let m = on("e7");
    assert_eq!(m.len(), 3 * 49 + 2 + 3 * 2, "{m:?}");
    assert!(!m.contains(&"e7-e8".to_string()));
    assert!(m.contains(&"e7-d6=2".to_string()) && m.contains(&"e7-f8=4433".to_string()));
    // Black counts from its side: rank 4 is its row 5.
    let p = board(id, &[&kings[..], &[("d5", "s'")]].concat(), 'b');
    assert!(p.legal_moves().contains(&"d5-d4=1".to_string()));
    // 6th edition: orthogonal steps only.
    let p = board(Id::Pyramids6, &[&kings[..], &[("e4", "S'")]].concat(), 'w');
    same(moves_from(&p, "e4"), sorted(&["e4-e5", "e4-e5=1", "e4-d4", "e4-f4", "e4-e3"]), "6th slave");
    // A promoted slave is a stack; the promotion resets the halfmove clock.
    let p = board(id, &[&kings[..], &[("e4", "S'")]].concat(), 'w');
    let q = p.play("e4-e5=1").unwrap();
    assert!(q.to_fen().starts_with("(.4321)7/8/8/4(1.)3/"), "{}", q.to_fen());
}

#[test]
fn slave_first_moves() {
    // 5th/6th: two cells straight ahead, the middle empty; only with the right.
    let kings = [("a1", "(4321.)"), ("a8", "(.4321)")];
    let p = board(Id::Pyramids5, &[&kings[..], &[("e2", "S"), ("d2", "S")]].concat(), 'w');
    assert!(moves_from(&p, "e2").contains(&"e2-e4".to_string()));
    let p = board(Id::Pyramids5, &[&kings[..], &[("e2", "S'")]].concat(), 'w');
    assert!(!moves_from(&p, "e2").contains(&"e2-e4".to_string()), "has moved");
    let p = board(Id::Pyramids6, &[&kings[..], &[("e2", "S"), ("e3", "s'")]].concat(), 'w');
    same(moves_from(&p, "e2"), sorted(&["e2-d2", "e2-f2", "e2-e1"]), "middle occupied, never captures");
    // A slave away from its start cell has moved even unmarked.
    let p = board(Id::Pyramids6, &[&kings[..], &[("e3", "S")]].concat(), 'w');
    assert!(p.to_fen().contains("S'"), "{}", p.to_fen());
    // 1st/2nd editions: the 7 cells of the distance-2 ring ahead (forward distance 1 or 2).
    let p = board(Id::Weak9, &[("e2", "S"), ("e1", "F"), ("e9", "f")], 'w');
    let mut want: Vec<String> =
        ring("e2", 1, 9).iter().filter(|c| *c != "e1").map(|c| format!("e2-{c}")).collect();
    want.extend(marches("", "e2", &["c4", "d4", "e4", "f4", "g4", "c3", "g3"]));
    same(moves_from(&p, "e2"), want, "weak slave, first move");
    // Captures one step diagonally (weak), to all neighbours (strong); never forward otherwise.
    let p = board(Id::Weak9, &[("e5", "S'"), ("e6", "s'"), ("d4", "s'"), ("e1", "F"), ("e9", "f")], 'w');
    assert!(moves_from(&p, "e5").contains(&"e5:d4".to_string()), "diagonal capture, backwards too");
    assert!(!moves_from(&p, "e5").iter().any(|m| m.contains("e6")), "no straight capture");
    let p = board(Id::Strong, &[("e5", "S'"), ("e6", "s'"), ("e1", "F"), ("e9", "f")], 'w');
    assert!(moves_from(&p, "e5").contains(&"e5:e6".to_string()));
}

#[test]
fn last_rank_promotions_by_edition() {
    let count = |id: Id, pieces: &[(&str, &str)]| moves_from(&board(id, pieces, 'w'), "e8");
    // 1st edition: any of the 15 pinos, also when capturing.
    let m = count(Id::Pyramids1, &[("e8", "S'"), ("d9", "(.1)"), ("a1", "F"), ("i1", "f")]);
    assert_eq!(m.iter().filter(|t| t.starts_with("e8-e9=")).count(), 15);
    assert_eq!(m.iter().filter(|t| t.starts_with("e8:d9=")).count(), 15);
    assert!(m.contains(&"e8-e9=4321".to_string()) && !m.contains(&"e8-e9".to_string()));
    // 2nd edition: one checker.
    let m = count(Id::Weak9, &[("e8", "S'"), ("a1", "F"), ("i1", "f")]);
    assert_eq!(m.iter().filter(|t| t.contains('=')).count(), 3 * 4);
}

#[test]
fn the_last_pharaon_may_not_be_split() {
    for id in [Id::Pyramids5, Id::Pyramids6, Id::Pyramids5Cheskers, Id::Pyramids6Checkers] {
        let p = board(id, &[("e1", "(4321.)"), ("e8", "(.4321)")], 'w');
        assert!(
            p.legal_moves().iter().all(|m| m.starts_with("(4321)")),
            "{}: {:?}",
            id.name(),
            p.legal_moves()
        );
        let p = board(id, &[("e1", "(4321.)"), ("a1", "(4321.)"), ("e8", "(.4321)")], 'w');
        assert!(p.legal_moves().iter().any(|m| m.starts_with("(1)e1-")), "{}: two pharaons", id.name());
    }
    // Taking the last pharaon wins; the loser has no moves.
    let p = board(Id::Pyramids5, &[("e4", "(4321.)"), ("e5", "(.4321)")], 'w');
    let q = p.play("(4321)e4:e5").unwrap();
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.outcome(), Some(Outcome { winner: Some(Color::White), reason: Reason::RoyalCaptured }));
}
