//! The draughts-style variants: 2nd-edition cheskers and the 5th/6th-edition rule set.

use crate::reference::{Color, Id, Outcome, Reason};
use crate::{board, marches, moves_from, ring, same, sorted};

// ---------------------------------------------------------------------------------------------
// 2nd-edition cheskers

#[test]
fn second_edition_cheskers_check_is_a_capture_sequence() {
    // White (21) a1 marches to c1 (mN(2)); from there it could jump d2, f4 and the faraon h6 in
    // one chain (only stacks with C2 jump on): Black's faraon stands in check and loses its leaps.
    let black = [("d2", "s"), ("f4", "s"), ("h6", "f")];
    let p = board(Id::Cheskers9, &[&black[..], &[("a1", "(21.)"), ("a9", "F")]].concat(), 'w');
    assert_eq!(p.faraon_checked(Color::Black), Some(false));
    let q = p.play("(21)a1-c1").unwrap();
    assert_eq!(q.faraon_checked(Color::Black), Some(true), "{}", q.to_fen());
    assert!(q.to_fen().contains("f!"));
    same(
        moves_from(&q, "h6"),
        ring("h6", 1, 9).iter().map(|c| format!("Fh6-{c}")).collect(),
        "checked f steps only",
    );
    // Without f4 the chain stops on e3: no check.
    let p = board(Id::Cheskers9, &[("d2", "s"), ("h6", "f"), ("a1", "(21.)"), ("a9", "F")], 'w');
    assert_eq!(p.play("(21)a1-c1").unwrap().faraon_checked(Color::Black), Some(false));
    // A (1) has no C2: single jumps, no check.
    let p = board(Id::Cheskers9, &[&black[..], &[("a1", "(1.)"), ("a9", "F")]].concat(), 'w');
    assert_eq!(p.play("(1)a1-c1").unwrap().faraon_checked(Color::Black), Some(false));
}

#[test]
fn second_edition_cheskers_chain_takes_the_faraon_and_goes_on_then_the_game_is_won() {
    let p = board(
        Id::Cheskers9,
        &[("c1", "(21.)"), ("d2", "s"), ("f4", "s"), ("h6", "f"), ("h8", "s"), ("a9", "F")],
        'w',
    );
    assert_eq!(p.legal_moves(), vec!["(21)c1:e3:g5:i7:g9".to_string()], "compulsory, and the chain goes on");
    let q = p.play("(21)c1:e3:g5:i7:g9").unwrap();
    assert_eq!(q.to_fen(), "F5(21.)2/9/9/9/9/9/9/9/9 b - 0 1");
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.outcome(), Some(Outcome { winner: Some(Color::White), reason: Reason::RoyalCaptured }));
}

#[test]
fn second_edition_cheskers_slaves_jump_once_and_promote_to_one_checker() {
    let p = board(Id::Cheskers9, &[("d4", "S"), ("d5", "s"), ("d7", "s"), ("a1", "F"), ("i9", "f")], 'w');
    assert_eq!(p.legal_moves(), vec!["d4:d6".to_string()], "single jump; the F may not march");
    let p = board(Id::Cheskers9, &[("e7", "S"), ("e8", "s"), ("a1", "F"), ("i1", "f")], 'w');
    assert_eq!(p.legal_moves(), sorted(&["e7:e9=1", "e7:e9=2", "e7:e9=3", "e7:e9=4"]));
    // Marches: a slave steps to the 8 neighbours, promoting on the last rank.
    let p = board(Id::Cheskers7, &[("c6", "S"), ("a1", "F"), ("g1", "f")], 'w');
    let m = moves_from(&p, "c6");
    assert_eq!(m.len(), 3 * 4 + 5, "b7 c7 d7 with four promotions each; b6 d6 b5 c5 d5");
    assert!(m.contains(&"c6-c7=4".to_string()) && m.contains(&"c6-b5".to_string()));
}

#[test]
fn second_edition_cheskers_stack_modes_and_chains() {
    let from = |pieces: &[(&str, &str)], cell: &str| {
        let mut all = pieces.to_vec();
        all.extend([("i1", "F"), ("i9", "f")]);
        moves_from(&board(Id::Cheskers9, &all, 'w'), cell)
    };
    // (1): marches to every empty cell at distance 2; a single (2) the same.
    same(
        from(&[("e5", "(1.)")], "e5"),
        ring("e5", 2, 9).iter().map(|c| format!("(1)e5-{c}")).collect(),
        "(1)",
    );
    same(
        from(&[("e5", "(2.)")], "e5"),
        ring("e5", 2, 9).iter().map(|c| format!("(2)e5-{c}")).collect(),
        "(2)",
    );
    // (32): D only (C2 in a larger stack grants nothing); parts (3) D, (2) N(2).
    let m = moves_from(&board(Id::Cheskers9, &[("e5", "(32.)"), ("a2", "F"), ("b9", "f")], 'w'), "e5");
    assert_eq!(m.len(), 16 + 16 + 16);
    assert!(!m.iter().any(|t| t.starts_with("(32)e5-e7")));
    // (4): flying orthogonal jump, single; (42): the same, jumping on.
    same(from(&[("a1", "(4.)"), ("a3", "s"), ("a6", "s")], "a1"), sorted(&["(4)a1:a4", "(4)a1:a5"]), "(4)");
    let want = sorted(&[
        "(42)a1:a4:a7",
        "(42)a1:a4:a8",
        "(42)a1:a4:a9",
        "(42)a1:a5:a7",
        "(42)a1:a5:a8",
        "(42)a1:a5:a9",
    ]);
    same(from(&[("a1", "(42.)"), ("a3", "s"), ("a6", "s")], "a1"), want, "(42)");
    // The faraon leaps without capturing, only when no capture is possible.
    let p = board(Id::Cheskers9, &[("e5", "F"), ("e7", "s"), ("a9", "f")], 'w');
    assert_eq!(p.legal_moves().len(), 8 + 16 + 24 - 1, "all but e7");
    // A slave on e6 could jump it: the F stands in check, has been checked, steps only.
    let p = board(Id::Cheskers9, &[("e5", "F"), ("e6", "s"), ("a9", "f")], 'w');
    assert_eq!(p.faraon_checked(Color::White), Some(true));
    assert_eq!(p.legal_moves().len(), 7);
    let p = board(Id::Cheskers9, &[("e5", "F"), ("a1", "S"), ("a2", "s"), ("i9", "f")], 'w');
    assert_eq!(p.legal_moves(), vec!["a1:a3".to_string()]);
}

// ---------------------------------------------------------------------------------------------
// 5th/6th-edition draughts-style variants (one rule set)

#[test]
fn a_double_checker_jumps_on_without_limit_and_each_piece_is_jumped_once() {
    for id in [Id::Pyramids5Cheskers, Id::Pyramids6Checkers] {
        // (11) jumps round b4 d4 d2 b2 back to its own start cell, which is empty during the
        // chain; b4 cannot be jumped a second time.
        let black = [("b4", "s"), ("d4", "s"), ("d2", "s"), ("b2", "s"), ("h8", "(.4321)")];
        let p = board(id, &[&black[..], &[("a3", "(11.)"), ("h1", "(4321.)")]].concat(), 'w');
        same(p.legal_moves(), sorted(&["(11)a3:c5:e3:c1:a3", "(11)a3:c1:e3:c5:a3"]), id.name());
        let q = p.play("(11)a3:c5:e3:c1:a3").unwrap();
        assert_eq!(q.to_fen(), "7(.4321)/8/8/8/8/(11.)7/8/7(4321.) b - 0 1");
        // A single (1) jumps once.
        let p = board(id, &[&black[..], &[("a3", "(1.)"), ("h1", "(4321.)")]].concat(), 'w');
        same(p.legal_moves(), sorted(&["(1)a3:c5", "(1)a3:c1"]), id.name());
    }
}

#[test]
fn captured_pieces_stay_until_the_chain_ends_and_block() {
    // (44): flying orthogonal jumps, unlimited. d1 jumps d3, lands d4-d8; from d5 it must go on
    // over b5 to a5, then over a4 to a3, a2 or a1. From a3 the captured d3 blocks the way to f3
    // (were it gone, a3:g3 / a3:h3 would follow); a4, b5 block too.
    let p = board(
        Id::Pyramids6Checkers,
        &[
            ("d1", "(44.)"),
            ("h1", "(4321.)"),
            ("d3", "s"),
            ("f3", "s"),
            ("b5", "s"),
            ("a4", "s"),
            ("h8", "(.4321)"),
        ],
        'w',
    );
    let want = sorted(&[
        "(44)d1:d4",
        "(44)d1:d5:a5:a3",
        "(44)d1:d5:a5:a2",
        "(44)d1:d5:a5:a1",
        "(44)d1:d6",
        "(44)d1:d7",
        "(44)d1:d8",
    ]);
    same(p.legal_moves(), want, "capture is compulsory; landing cells free to choose");
    let q = p.play("(44)d1:d5:a5:a3").unwrap();
    assert_eq!(q.to_fen(), "7(.4321)/8/8/8/8/(44.)4s2/8/7(4321.) b - 0 1");
}

#[test]
fn a_pair_makes_two_jumps_one_by_each_checker() {
    let id = Id::Pyramids6Checkers;
    // (31) = C1 xD(1) + C3 xD. The first jump over c3 is a flying one (C3 only): the second must
    // be C1's short jump (d4 over c5 to b6, not to a7), and there is no third (c7).
    let p = board(
        id,
        &[("a1", "(31.)"), ("c3", "s"), ("c5", "s"), ("c7", "s"), ("h1", "(4321.)"), ("h4", "(.4321)")],
        'w',
    );
    same(
        p.legal_moves(),
        sorted(&["(31)a1:d4:b6", "(31)a1:e5", "(31)a1:f6", "(31)a1:g7", "(31)a1:h8"]),
        "C3 then C1",
    );
    // A short first jump fits both: the second may be C3's flying one (c3 over e5) or C1's.
    let p =
        board(id, &[("a1", "(31.)"), ("b2", "s"), ("e5", "s"), ("h1", "(4321.)"), ("a8", "(.4321)")], 'w');
    same(
        p.legal_moves(),
        sorted(&["(31)a1:c3:f6", "(31)a1:c3:g7", "(31)a1:c3:h8", "(31)a1:d4:f6"]),
        "either checker first",
    );
    // (431): a first jump by C4 (not in a pair without C2) ends the move.
    let p = board(
        Id::Pyramids5Cheskers,
        &[("a1", "(431.)"), ("a3", "s"), ("b5", "s"), ("h1", "(4321.)"), ("h8", "(.4321)")],
        'w',
    );
    same(
        p.legal_moves(),
        sorted(&["(431)a1:a4", "(431)a1:a5", "(431)a1:a6", "(431)a1:a7", "(431)a1:a8"]),
        "C4 has no partner",
    );
    // (42) = C2 xO(1) + C4 xO: flying first (C4), then C2's short jump.
    let p =
        board(id, &[("a1", "(42.)"), ("a3", "s"), ("b5", "s"), ("h1", "(4321.)"), ("h8", "(.4321)")], 'w');
    same(
        p.legal_moves(),
        sorted(&["(42)a1:a5:c5", "(42)a1:a4", "(42)a1:a6", "(42)a1:a7", "(42)a1:a8"]),
        "C4 then C2",
    );
}

#[test]
fn draughts_marches_partitions_slave_hops_and_the_pharaon() {
    let id = Id::Pyramids5Cheskers;
    // (21): C1 mD(1), C2 mO(1): whole to the 8 neighbours; part (2) orthogonal, (1) diagonal.
    let p = board(id, &[("d4", "(21.)"), ("h1", "(4321.)"), ("h8", "(.4321)")], 'w');
    let mut want: Vec<String> = ring("d4", 1, 8).iter().map(|c| format!("(21)d4-{c}")).collect();
    want.extend(marches("(2)", "d4", &["d5", "d3", "c4", "e4"]));
    want.extend(marches("(1)", "d4", &["c5", "e5", "c3", "e3"]));
    same(moves_from(&p, "d4"), want, "(21) marches");
    // Slaves step to the 8 neighbours and hop over an adjacent piece of either colour.
    let p = board(id, &[("d4", "S"), ("d5", "S"), ("e5", "s"), ("h1", "(4321.)"), ("h8", "(.4321)")], 'w');
    same(moves_from(&p, "d4"), marches("", "d4", &["c3", "d3", "e3", "c4", "e4", "c5", "d6", "f6"]), "slave");
    // A hop onto the last rank promotes to any of the 49 pyramids.
    let p = board(id, &[("e6", "S"), ("e7", "s"), ("a1", "(4321.)"), ("a8", "(.4321)")], 'w');
    let m = moves_from(&p, "e6");
    assert_eq!(m.iter().filter(|t| t.starts_with("e6-e8=")).count(), 49);
    assert!(m.contains(&"e6-e8=4321".to_string()));
    // The pharaon jumps once over an adjacent enemy in 8 directions (compulsory).
    let p =
        board(Id::Pyramids6Checkers, &[("e4", "(4321.)"), ("e5", "s"), ("e7", "s"), ("a8", "(.4321)")], 'w');
    assert_eq!(p.legal_moves(), vec!["(4321)e4:e6".to_string()]);
    // Without a capture: its step, no partition of the last pharaon.
    let p = board(Id::Pyramids6Checkers, &[("e4", "(4321.)"), ("a8", "(.4321)")], 'w');
    same(p.legal_moves(), ring("e4", 1, 8).iter().map(|c| format!("(4321)e4-{c}")).collect(), "pharaon");
    // Marches amalgamate: (1) steps diagonally onto the own (2) making (21).
    let p = board(id, &[("d4", "(1.)"), ("e5", "(2.)"), ("h1", "(4321.)"), ("h8", "(.4321)")], 'w');
    assert!(p.legal_moves().contains(&"(1)d4-e5".to_string()));
}
