//! Pieces, partition and amalgamation; the modes, check and checkmate of the classical variants.

use crate::reference::{Color, Id, Outcome, Reason};
use crate::{board, marches, moves_from, ring, same, sorted};

// ---------------------------------------------------------------------------------------------
// Pieces, partition, amalgamation

#[test]
fn a_full_pino_moves_whole_and_by_every_part_with_its_own_modes() {
    // pyramids1: (21) has N(1) and N(2); its part (2) N(2) only, its part (1) N(1) only.
    let p = board(Id::Pyramids1, &[("e5", "(21.)"), ("a1", "F"), ("i9", "f")], 'w');
    let mut want = Vec::new();
    for c in ring("e5", 1, 9).iter().chain(ring("e5", 2, 9).iter()) {
        want.push(format!("(21)e5-{c}"));
    }
    for c in ring("e5", 2, 9) {
        want.push(format!("(2)e5-{c}"));
    }
    for c in ring("e5", 1, 9) {
        want.push(format!("(1)e5-{c}"));
    }
    same(moves_from(&p, "e5"), want, "(21) on e5");
    // After a partition the rest stays.
    let q = p.play("(2)e5-c3").unwrap();
    assert_eq!(q.to_fen(), "8f/9/9/9/4(1.)4/9/2(2.)6/9/F8 b - 1 1");
}

#[test]
fn a_partition_never_captures_nor_merges_but_the_whole_stack_does() {
    // pyramids1: (43) = O + D; (4) O, (3) D.
    let p = board(
        Id::Pyramids1,
        &[("e5", "(43.)"), ("e8", "(.1)"), ("e3", "(2.)"), ("c3", "(3.)"), ("a1", "F"), ("h9", "f")],
        'w',
    );
    let m = moves_from(&p, "e5");
    assert!(m.contains(&"(43)e5:e8".to_string()), "whole stack captures");
    assert!(!m.iter().any(|t| t.starts_with("(4)e5:") || t.starts_with("(3)e5:")), "a part never captures");
    assert!(m.contains(&"(4)e5-e7".to_string()));
    assert!(m.contains(&"(43)e5-e3".to_string()), "(43) onto (2) makes the pino (432)");
    assert!(!m.contains(&"(4)e5-e3".to_string()), "a partition never merges");
    assert!(!m.contains(&"(43)e5-c3".to_string()), "(43) onto (3): two 3s, no pino");
    assert!(!m.contains(&"(3)e5-c3".to_string()));
    assert!(m.contains(&"(3)e5-d4".to_string()));
    let q = p.play("(43)e5-e3").unwrap();
    assert!(q.to_fen().contains("(432.)"), "{}", q.to_fen());
    assert_eq!(q.halfmove, 1, "an amalgamation is no capture");
}

#[test]
fn amalgamation_needs_a_legal_pyramid_and_may_make_a_new_pharaon() {
    // pyramids5: (21) = single C1 N(1) + single C2 jO(2)+jD(2).
    let p = board(
        Id::Pyramids5,
        &[
            ("d4", "(21.)"),
            ("e4", "(21.)"),
            ("c4", "(1.)"),
            ("d5", "(211.)"),
            ("f4", "(43.)"),
            ("a1", "(4321.)"),
            ("h8", "(.4321)"),
        ],
        'w',
    );
    let m = moves_from(&p, "d4");
    assert!(m.contains(&"(21)d4-e4".to_string()), "(21)+(21) = (2211)");
    assert!(m.contains(&"(21)d4-c4".to_string()), "(21)+(1) = (211)");
    assert!(!m.contains(&"(21)d4-d5".to_string()), "(21)+(211): three C1, five checkers");
    assert!(m.contains(&"(21)d4-f4".to_string()), "(21)+(43) = (4321), by the leap jO(2)");
    assert!(!m.iter().any(|t| t.starts_with("(1)d4-") && t.ends_with("c4")), "parts never merge");
    let q = p.play("(21)d4-f4").unwrap();
    assert_eq!(q.royals(Color::White).len(), 2, "a new pharaon: {}", q.to_fen());
    let q = p.play("(21)d4-e4").unwrap();
    assert!(q.to_fen().contains("(2211.)"), "{}", q.to_fen());
}

#[test]
fn slaves_and_faraons_never_stack() {
    let p = board(Id::Weak9, &[("e5", "(1.)"), ("e6", "S'"), ("d5", "F"), ("i9", "f")], 'w');
    let m = moves_from(&p, "e5");
    assert!(!m.iter().any(|t| t.ends_with("e6") || t.ends_with("d5")), "{m:?}");
}

// ---------------------------------------------------------------------------------------------
// Modes of the classical variants

#[test]
fn the_n3_rules_of_the_first_and_second_editions() {
    let lone = |id: Id, code: &str| {
        // Faraons at Chebyshev distance above 3 from d4 and off its lines.
        let (white, black) = if id.size() == 9 { ("b9", "h9") } else { ("b7", "f7") };
        let p = board(id, &[("d4", &format!("({code}.)")), (white, "F"), (black, "f")], 'w');
        let mut cells: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| m.starts_with(&format!("({code})d4-")))
            .map(|m| m[m.len() - 2..].to_string())
            .collect();
        cells.sort();
        cells
    };
    let rings = |ks: &[i32], n: i32| {
        let mut v: Vec<String> = ks.iter().flat_map(|&k| ring("d4", k, n)).collect();
        v.sort();
        v
    };
    // 1st edition: N(3) only for pinos containing 1, 3 and 4.
    assert_eq!(lone(Id::Pyramids1, "21"), rings(&[1, 2], 9));
    let m = lone(Id::Pyramids1, "431");
    assert!(rings(&[3], 9).iter().all(|c| m.contains(c)), "(431) has N(3)");
    // 2nd edition weak 9x9: N(3) for pinos containing 1 and 2; not on 7x7.
    assert_eq!(lone(Id::Weak9, "21"), rings(&[1, 2, 3], 9));
    // (321): N(1), N(2), N(3) and D, whose cells beyond distance 3 are h8 and i9.
    let mut want = rings(&[1, 2, 3], 9);
    want.extend(["h8".to_string(), "i9".to_string()]);
    want.sort();
    assert_eq!(lone(Id::Weak9, "321"), want);
    assert_eq!(lone(Id::Weak7, "21"), rings(&[1, 2], 7));
    // Strong: C1 N(2), C2 N(3).
    assert_eq!(lone(Id::Strong, "1"), rings(&[2], 9));
    assert_eq!(lone(Id::Strong, "2"), rings(&[3], 9));
    assert_eq!(lone(Id::Strong, "21"), rings(&[2, 3], 9));
}

#[test]
fn fifth_edition_single_and_double_checkers_are_exclusive() {
    let from = |code: &str| {
        let p =
            board(Id::Pyramids5, &[("d4", &format!("({code}.)")), ("h1", "(4321.)"), ("h8", "(.4321)")], 'w');
        moves_from(&p, "d4")
    };
    let knight = ["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"];
    // (11): the knight leaps only (no king step); its part (1) the king step.
    let mut want = marches("(11)", "d4", &knight);
    want.extend(ring("d4", 1, 8).iter().map(|c| format!("(1)d4-{c}")));
    same(from("11"), want, "lizard (11)");
    // (22): three-cell leaps along the 8 lines only; its part (2) two-cell leaps.
    let mut want = marches("(22)", "d4", &["d7", "d1", "a4", "g4", "a1", "g1", "a7", "g7"]);
    want.extend(marches("(2)", "d4", &["d6", "d2", "b4", "f4", "b2", "f2", "b6", "f6"]));
    same(from("22"), want, "boa (22)");
    // (31): N(1), D(1), D(2), and D(3) for C3 with a single C1.
    let whole: Vec<String> = from("31").into_iter().filter(|m| m.starts_with("(31)")).collect();
    let mut want =
        marches("(31)", "d4", &["e5", "f6", "g7", "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2", "a1"]);
    want.extend(marches("(31)", "d4", &["d5", "d3", "c4", "e4"]));
    same(whole, want, "octopus (31)");
    // (311): double C1 takes the D(3) away: knight leaps + D(1) + D(2).
    let whole: Vec<String> = from("311").into_iter().filter(|m| m.starts_with("(311)")).collect();
    let mut want = marches("(311)", "d4", &knight);
    want.extend(marches("(311)", "d4", &["e5", "f6", "c5", "b6", "e3", "f2", "c3", "b2"]));
    same(whole, want, "eel (311)");
    // The pharaon moves by N(1) only.
    let p = board(Id::Pyramids5, &[("d4", "(4321.)"), ("h8", "(.4321)")], 'w');
    let whole: Vec<String> = moves_from(&p, "d4").into_iter().filter(|m| m.starts_with("(4321)")).collect();
    same(whole, ring("d4", 1, 8).iter().map(|c| format!("(4321)d4-{c}")).collect(), "pharaon 5th");
}

#[test]
fn sixth_edition_modes_single_and_double() {
    let whole = |code: &str| {
        let p =
            board(Id::Pyramids6, &[("d4", &format!("({code}.)")), ("h1", "(4321.)"), ("h8", "(.4321)")], 'w');
        moves_from(&p, "d4").into_iter().filter(|m| m.starts_with(&format!("({code})"))).collect::<Vec<_>>()
    };
    same(whole("1"), marches("(1)", "d4", &["d5", "d3", "c4", "e4"]), "turtle: wazir");
    same(whole("11"), ring("d4", 1, 8).iter().map(|c| format!("(11)d4-{c}")).collect(), "lizard: king");
    same(
        whole("2"),
        marches("(2)", "d4", &["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"]),
        "viper: knight",
    );
    same(
        whole("22"),
        marches("(22)", "d4", &["c1", "e1", "a3", "g3", "a5", "g5", "c7", "e7"]),
        "boa: camel only",
    );
    same(
        whole("3"),
        marches("(3)", "d4", &["e5", "f6", "c5", "b6", "e3", "f2", "c3", "b2"]),
        "meduse: D(1)+D(2)",
    );
    assert_eq!(whole("44").len(), 14, "goat: rook");
    let p = board(Id::Pyramids6, &[("d4", "(4321.)"), ("h8", "(.4321)")], 'w');
    let w: Vec<String> = moves_from(&p, "d4").into_iter().filter(|m| m.starts_with("(4321)")).collect();
    same(w, marches("(4321)", "d4", &["d5", "d3", "c4", "e4"]), "pharaon 6th: O(1)");
}

#[test]
fn sixth_edition_jo_passes_over_one_piece_with_a_c1() {
    // (41) sable: C1 O(1); C4 with a C1: O(1) + jO(2). Black slave d5, White slave e4.
    let p = board(
        Id::Pyramids6,
        &[("d4", "(41.)"), ("d5", "s'"), ("e4", "S'"), ("h1", "(4321.)"), ("h8", "(.4321)")],
        'w',
    );
    let want = sorted(&[
        "(41)d4:d5",
        "(41)d4-c4",
        "(41)d4-d3",
        "(41)d4-d6",
        "(41)d4-d2",
        "(41)d4-b4",
        "(41)d4-f4",
        // (4) alone: O(1) + O(2) without hopping; (1): O(1).
        "(4)d4-c4",
        "(4)d4-b4",
        "(4)d4-d3",
        "(4)d4-d2",
        "(1)d4-c4",
        "(1)d4-d3",
    ]);
    same(moves_from(&p, "d4"), want, "sable (41)");
}

#[test]
fn sixth_edition_unlimited_jo_captures_on_the_second_occupied_cell() {
    // (441) horse: double C4 with a C1 = jO; its C1 O(1). a3, a6 Black, b1 White slave, e1 pharaon.
    let p = board(
        Id::Pyramids6,
        &[("a1", "(441.)"), ("a3", "s'"), ("a6", "s'"), ("b1", "S'"), ("e1", "(4321.)"), ("h8", "(.4321)")],
        'w',
    );
    let want = sorted(&[
        "(441)a1-a2",
        "(441)a1:a3",
        "(441)a1-a4",
        "(441)a1-a5",
        "(441)a1:a6",
        "(441)a1-c1",
        "(441)a1-d1",
        // (44): O (no C1 in the part); (41): O(1) + jO(2), a partition never captures; (4), (1).
        "(44)a1-a2",
        "(41)a1-a2",
        "(41)a1-c1",
        "(4)a1-a2",
        "(1)a1-a2",
    ]);
    same(moves_from(&p, "a1"), want, "horse (441)");
}

#[test]
fn sixth_edition_jd_needs_a_double_c1() {
    // (311) eel: single C3 with double C1 = D(1) + jD(2); double C1 = O(1) + D(1).
    let p = board(
        Id::Pyramids6,
        &[("d4", "(311.)"), ("e5", "s'"), ("c3", "S'"), ("h1", "(4321.)"), ("h8", "(.4321)")],
        'w',
    );
    let mut want = sorted(&[
        "(311)d4:e5",
        "(311)d4-c5",
        "(311)d4-e3",
        "(311)d4-f6",
        "(311)d4-b2",
        "(311)d4-b6",
        "(311)d4-f2",
        "(311)d4-d5",
        "(311)d4-d3",
        "(311)d4-c4",
        "(311)d4-e4",
    ]);
    // Parts: (3) D(1)+D(2); (11) king; (1) wazir; (31) D(1)+D(2) (single C1: no JD) + O(1).
    want.extend(marches("(3)", "d4", &["c5", "e3", "b6", "f2"]));
    want.extend(marches("(11)", "d4", &["d5", "d3", "c4", "e4", "c5", "e3"]));
    want.extend(marches("(1)", "d4", &["d5", "d3", "c4", "e4"]));
    want.extend(marches("(31)", "d4", &["c5", "e3", "b6", "f2", "d5", "d3", "c4", "e4"]));
    same(moves_from(&p, "d4"), want, "eel (311)");
    // (3311) crane: double C3 with double C1 = jD over one piece, any distance.
    let p = board(
        Id::Pyramids6,
        &[("a1", "(3311.)"), ("b2", "S'"), ("e5", "s'"), ("g7", "s'"), ("h1", "(4321.)"), ("h8", "(.4321)")],
        'w',
    );
    let diag: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with("(3311)a1") && !m.ends_with("a2") && !m.ends_with("b1"))
        .collect();
    same(diag, sorted(&["(3311)a1-c3", "(3311)a1-d4", "(3311)a1:e5"]), "crane along a1-h8");
}

#[test]
fn faraon_modes_by_edition_and_the_leap_right_in_legality() {
    // 1st edition: N(1), N(2), N(3) until checked, capturing. F e5 (48 cells of rings 1-3),
    // Black (1) e7 attacks d6 e6 f6 d7 f7 d8 e8 f8 (illegal). Black f a9 could leap to every
    // cell within distance 3 of a9, but from such a cell at distance 2 or 3 the F checks f, whose
    // leaps are gone after the move: only b8 (distance 1, f's step) is illegal. 48 - 8 - 1 = 39.
    let p = board(Id::Pyramids1, &[("e5", "F"), ("e7", "(.1)"), ("a9", "f")], 'w');
    let m = p.legal_moves();
    assert_eq!(m.len(), 39, "{m:?}");
    for legal in ["Fe5:e7", "Fe5-c7", "Fe5-b7", "Fe5-c8", "Fe5-b6", "Fe5-c6"] {
        assert!(m.contains(&legal.to_string()), "{legal}");
    }
    assert!(!m.contains(&"Fe5-b8".to_string()));
    let after = p.play("Fe5-c7").unwrap();
    assert_eq!(after.faraon_checked(Color::Black), Some(true), "the leap checked f");
    assert_eq!(after.faraon_checked(Color::White), Some(false));
    // A checked F steps only (and gives no check by leaps): d4 e4 f4 d5 f5 (d6 e6 f6 attacked).
    let p = board(Id::Pyramids1, &[("e5", "F!"), ("e7", "(.1)"), ("a9", "f")], 'w');
    same(p.legal_moves(), marches("F", "e5", &["d4", "e4", "f4", "d5", "f5"]), "checked F");
    // 2nd edition: the faraon never captures (so never attacks); 48 - e7 - the 8 attacked.
    let p = board(Id::Weak9, &[("e5", "F"), ("e7", "(.1)"), ("a9", "f")], 'w');
    assert!(!p.legal_moves().iter().any(|m| m.contains(':')));
    assert_eq!(p.legal_moves().len(), 39);
    assert!(p.legal_moves().contains(&"Fe5-b8".to_string()), "f does not attack either");
    // 7x7: no N(3).
    let p = board(Id::Weak7, &[("d4", "F"), ("a7", "f")], 'w');
    assert_eq!(p.legal_moves().len(), 8 + 16);
    // Once checked, the step only.
    let p = board(Id::Weak9, &[("e5", "F!"), ("a9", "f")], 'w');
    same(p.legal_moves(), ring("e5", 1, 9).iter().map(|c| format!("Fe5-{c}")).collect(), "checked faraon");
}

// ---------------------------------------------------------------------------------------------
// Check, checkmate, the leap right

#[test]
fn checkmate_in_the_first_edition_and_no_leap_out_of_check() {
    // F e1 in check from (4) e9; (4) a2 holds rank 2, the (3)s on b3 and h3 hold d1 and f1. The F
    // stands in check, so it has been checked: its free leaps (rank 3, c1, g1, ...) are gone.
    let guards = [("a2", "(.4)"), ("b3", "(.3)"), ("h3", "(.3)"), ("i9", "f")];
    let mated = board(Id::Pyramids1, &[&guards[..], &[("e1", "F"), ("e9", "(.4)")]].concat(), 'w');
    assert!(mated.to_fen().contains("F!"), "a faraon in check is marked checked: {}", mated.to_fen());
    assert!(mated.legal_moves().is_empty());
    assert_eq!(mated.outcome(), Some(Outcome { winner: Some(Color::Black), reason: Reason::Checkmate }));
    // Without the checking (4) the F keeps its leaps (and captures with them): N(2) c1 c3 d3 e3
    // f3 g3 g1 (c2 g2 on rank 2); N(3) b1 b4 d4 e4 f4 h4 h1, b3 and h3 taken (b2 h2 on rank 2,
    // c4 g4 on the (3)s' diagonals); its steps are all attacked.
    let free = board(Id::Pyramids1, &[&guards[..], &[("e1", "F")]].concat(), 'w');
    let mut want = marches(
        "F",
        "e1",
        &["c1", "c3", "d3", "e3", "f3", "g3", "g1", "b1", "b4", "d4", "e4", "f4", "h4", "h1"],
    );
    want.extend(["Fe1:b3".to_string(), "Fe1:h3".to_string()]);
    same(free.legal_moves(), want, "unchecked F");
    assert_eq!(free.outcome(), None);
    // Stalemate draws: a checked F on a1, b-file and rank 2 held, not in check.
    let stale = board(Id::Pyramids1, &[("a1", "F!"), ("b9", "(.4)"), ("i2", "(.4)"), ("i9", "f")], 'w');
    assert_eq!(stale.outcome(), Some(Outcome { winner: None, reason: Reason::NoMoves }));
}

#[test]
fn a_move_may_not_leave_the_own_faraon_attacked_and_pinned_pieces_give_check() {
    // weak9: the White (3) on d2 is pinned on the a5-e1 diagonal by the Black (3) on a5.
    let p = board(Id::Weak9, &[("e1", "F!"), ("d2", "(3.)"), ("a5", "(.3)"), ("i9", "f")], 'w');
    same(moves_from(&p, "d2"), sorted(&["(3)d2-c3", "(3)d2-b4", "(3)d2:a5"]), "pinned (3)");
    // The Black (4) on c5, pinned against its faraon a5 by the White (4) on e5, still attacks
    // the c-file: the F on d1 may not step to c1 or c2.
    let p = board(Id::Weak9, &[("d1", "F!"), ("e5", "(4.)"), ("c5", "(.4)"), ("a5", "f")], 'w');
    let f: Vec<String> = p.legal_moves().into_iter().filter(|m| m.starts_with('F')).collect();
    same(f, marches("F", "d1", &["d2", "e1", "e2"]), "F next to a pinned attacker");
}
