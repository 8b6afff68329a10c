//! Every special rule of Chess Guru, Avant-garde Grand Chess and Modern Shogi (both editions) in
//! positions built for it, through the public API and the author's notation (docs/rules.md, Avant-garde Grand Chess to Modern Shogi
//! and All games):  castlings and each of their conditions, en passant, promotion choices,
//! the Avant-garde King's knight leap (jump right) and first double move, drops and their
//! restrictions, forced and optional promotion, and the game outcomes of shogi (fourfold
//! repetition, perpetual check, no legal move, checkmate). Bad input gets an error, not a panic.

use ccg_core::{Color, OutcomeReason, Position};

fn game(id: &str, options: &[(&str, &str)]) -> std::sync::Arc<ccg_core::Variant> {
    let opts: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    ccg_games::variant(id, &opts).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn pos(id: &str, options: &[(&str, &str)], fen: &str) -> Position {
    Position::from_fen(game(id, options), fen).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"))
}

fn legal(p: &Position, mv: &str) -> bool {
    p.parse_move(mv).is_ok()
}

#[track_caller]
fn assert_legal(p: &Position, mv: &str) {
    if let Err(e) = p.parse_move(mv) {
        panic!("{mv} should be legal in {}: {e}", p.to_fen());
    }
}

#[track_caller]
fn assert_illegal(p: &Position, mv: &str) {
    if p.parse_move(mv).is_ok() {
        panic!("{mv} should be illegal in {}", p.to_fen());
    }
}

#[track_caller]
fn play(p: &mut Position, mv: &str) {
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv} in {}: {e}", p.to_fen())).mv;
    p.make(m);
}

fn play_all(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        play(p, m);
    }
}

/// The piece on a cell as position strings write it (`K`, `r`, `+P`), or `.`.
fn at(p: &Position, cell: &str) -> String {
    let v = p.variant();
    let c = v.geometry.parse_cell(cell).unwrap_or_else(|| panic!("no cell {cell}"));
    p.piece_at(c).map_or(".".to_string(), |x| v.piece_token(x))
}

#[track_caller]
fn assert_cells(p: &Position, expected: &[(&str, &str)]) {
    for (cell, piece) in expected {
        assert_eq!(at(p, cell), *piece, "{cell} in {}", p.to_fen());
    }
}

/// The pieces in hand as the position string writes them (`PPb`).
fn hand(p: &Position) -> String {
    let f = p.to_fen();
    let board = f.split_whitespace().next().unwrap();
    let i = board.find('[').unwrap_or_else(|| panic!("no hand in {f}"));
    let mut h: Vec<char> = board[i + 1..board.len() - 1].chars().collect();
    h.sort_unstable();
    h.into_iter().collect()
}

// ---------------------------------------------------------------------------------------------
// Chess Guru: castlings (docs/rules.md, Chess Guru), en passant, promotion.

/// Kings and Rooks on their setup cells, pawns shielding the files.
const GURU_CASTLE: &str = "rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR w - 0 1";

fn guru(fen: &str) -> Position {
    pos("guru", &[], fen)
}

#[test]
fn guru_castlings_move_three_pieces() {
    let p = guru(GURU_CASTLE);
    let mut s = p.clone();
    play(&mut s, "O-O");
    assert_cells(
        &s,
        &[("a1", "."), ("b1", "K"), ("c1", "R"), ("d1", "R"), ("e1", "."), ("i1", "R"), ("k1", "R")],
    );
    let mut l = p.clone();
    play(&mut l, "O-O-O");
    assert_cells(
        &l,
        &[
            ("a1", "R"),
            ("b1", "R"),
            ("e1", "."),
            ("f1", "R"),
            ("g1", "R"),
            ("h1", "K"),
            ("i1", "."),
            ("k1", "."),
        ],
    );
    // Written as the King's from-to in coordinate form.
    let coords: Vec<String> = p.legal_moves().iter().map(|&m| p.move_coord(m)).collect();
    assert!(coords.contains(&"e1b1".to_string()) && coords.contains(&"e1h1".to_string()), "{coords:?}");
    // And in the author's notation as O-O / O-O-O.
    let m = p.parse_move("O-O").unwrap().mv;
    assert_eq!(p.move_text(m), "O-O");

    let b = guru(&GURU_CASTLE.replace(" w ", " b "));
    let mut s = b.clone();
    play(&mut s, "O-O");
    assert_cells(
        &s,
        &[("f10", "."), ("i10", "k"), ("g10", "r"), ("h10", "r"), ("k10", "."), ("a10", "r"), ("b10", "r")],
    );
    let mut l = b.clone();
    play(&mut l, "O-O-O");
    assert_cells(
        &l,
        &[("f10", "."), ("c10", "k"), ("e10", "r"), ("d10", "r"), ("a10", "."), ("b10", "."), ("i10", "r")],
    );

    // After castling, neither castling is available again (the pieces have moved).
    let mut s = p.clone();
    play_all(&mut s, "O-O Kf10-g10 Kb1-a1 Kg10-f10");
    assert_illegal(&s, "O-O");
    assert_illegal(&s, "O-O-O");
}

#[test]
fn guru_castling_conditions() {
    // Pieces between: c1 or d1 blocks the short castling; f1, g1 or h1 the long one.
    for (fen, short, long) in [
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RRN1K3RR w - 0 1", false, true),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR1NK3RR w - 0 1", false, true),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2KN2RR w - 0 1", true, false),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K1N1RR w - 0 1", true, false),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K2NRR w - 0 1", true, false),
        // Moved King: neither. Moved a1 or b1 Rook: no short. Moved i1 or k1 Rook: no long.
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K'3RR w - 0 1", false, false),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/R'R2K3RR w - 0 1", false, true),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR'2K3RR w - 0 1", false, true),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3R'R w - 0 1", true, false),
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR' w - 0 1", true, false),
        // Out of check: a Queen on e10 checks along the open e-file.
        ("rr2qk2rr/10/pppp1ppppp/10/10/10/10/PPPP1PPPPP/10/RR2K3RR w - 0 1", false, false),
        // Through check: d1 attacked (Marshall on d10, open d-file).
        ("rr1m1k2rr/10/ppp1pppppp/10/10/10/10/PPP1PPPPPP/10/RR2K3RR w - 0 1", false, true),
        // Through check: c1 attacked (Knight a2).
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/n9/RR2K3RR w - 0 1", false, true),
        // Landing on b1 attacked (Knight c3 also hits d1).
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPnPPPPPPP/10/RR2K3RR w - 0 1", false, true),
        // Through check: g1 attacked (a Rook on g10, open g-file).
        ("rr3kr1rr/10/pppppp1ppp/10/10/10/10/PPPPPP1PPP/10/RR2K3RR w - 0 1", true, false),
        // Landing on h1 attacked (Knight k2 = coordinate j2).
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/9n/RR2K3RR w - 0 1", true, false),
        // The Rooks' own cells may be attacked: a1 (open a-file) and i1 (open i-file).
        ("rr3k2rr/10/1ppppppppp/10/10/10/10/1PPPPPPPPP/10/RR2K3RR w - 0 1", true, true),
        ("rr3k2rr/10/pppppppp1p/10/10/10/10/PPPPPPPP1P/10/RR2K3RR w - 0 1", true, true),
        // b1 is where the King lands: attacked through the open b-file, no short castling.
        ("rr3k2rr/10/p1pppppppp/10/10/10/10/P1PPPPPPPP/10/RR2K3RR w - 0 1", false, true),
    ] {
        let p = guru(fen);
        assert_eq!(legal(&p, "O-O"), short, "O-O in {fen}");
        assert_eq!(legal(&p, "O-O-O"), long, "O-O-O in {fen}");
    }
    // Black's conditions, mirrored: g10/h10 between for the short, c10/d10/e10 for the long;
    // safe g10 h10 i10 and e10 d10 c10.
    for (fen, short, long) in [
        ("rr3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", true, true),
        ("rr3kn1rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", false, true),
        ("rr1n1k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", true, false),
        ("rr3k'2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", false, false),
        ("rr3k2r'r/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", false, true),
        ("r'r3k2rr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", true, false),
        // Landing on i10 attacked (open i-file, White Rook i1).
        ("rr3k2rr/10/pppppppp1p/10/10/10/10/PPPPPPPP1P/10/RR2K3RR b - 0 1", false, true),
        // Through check: e10 attacked (a White Marshall on e6, open e-file).
        ("rr3k2rr/10/pppp1ppppp/10/4M5/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", true, false),
        // In check from the f-file.
        ("rr3k2rr/10/ppppp1pppp/10/5M4/10/10/PPPPPPPPPP/10/RR2K3RR b - 0 1", false, false),
    ] {
        let p = guru(fen);
        assert_eq!(legal(&p, "O-O"), short, "O-O in {fen}");
        assert_eq!(legal(&p, "O-O-O"), long, "O-O-O in {fen}");
    }
    // castling=off: no castling at all.
    let p = pos("guru", &[("castling", "off")], GURU_CASTLE);
    assert_illegal(&p, "O-O");
    assert_illegal(&p, "O-O-O");
    assert!(p.legal_moves().iter().all(|&m| !matches!(m.special, ccg_core::Special::Castle(_))));
}

#[test]
fn guru_king_or_rook_that_moved_back_cannot_castle() {
    let mut p = guru(GURU_CASTLE);
    play_all(&mut p, "Ke1-d1 Kf10-g10 Kd1-e1 Kg10-f10");
    assert_illegal(&p, "O-O");
    assert_illegal(&p, "O-O-O");
    let mut p = guru(GURU_CASTLE);
    play_all(&mut p, "Ra1-a2 Kf10-g10 Ra2-a1 Kg10-f10");
    assert_illegal(&p, "O-O");
    assert_legal(&p, "O-O-O");
}

#[test]
fn guru_en_passant() {
    // Black d8-d6 next to the White pawn on e6: e6:d7 takes it, on the very next move only.
    let start = guru("5k4/10/3p6/10/4P5/10/10/10/10/4K5 b - 0 1");
    let mut p = start.clone();
    play(&mut p, "d8-d6");
    assert!(p.to_fen().contains(" d7 "), "en-passant cell in {}", p.to_fen());
    let mut e = p.clone();
    play(&mut e, "e6:d7");
    assert_cells(&e, &[("d7", "P"), ("d6", "."), ("e6", ".")]);
    let m = p.parse_move("e6:d7").unwrap().mv;
    assert!(matches!(m.special, ccg_core::Special::EnPassant(_)));
    assert_eq!(p.move_coord(m), "e6d7");
    assert_illegal(&p, "e6-d7");
    let mut later = p.clone();
    play_all(&mut later, "Ke1-e2 Kf10-f9");
    assert_illegal(&later, "e6:d7");
    // A single step gives no en passant.
    let mut p = guru("5k4/10/10/3p6/4P5/10/10/10/10/4K5 b - 0 1");
    play(&mut p, "d7-d6");
    assert_illegal(&p, "e6:d7");
    // Black takes en passant too: White c3-c5 next to the Black pawn on d5.
    let mut p = guru("5k4/10/10/10/10/3p6/10/2P7/10/4K5 w - 0 1");
    play(&mut p, "c3-c5");
    play(&mut p, "d5:c4");
    assert_cells(&p, &[("c4", "p"), ("c5", ".")]);
    // En passant that would uncover a rank check on the own King is illegal.
    let mut p = guru("5k4/10/3p6/10/K3P4r/10/10/10/10/10 b - 0 1");
    play(&mut p, "d8-d6");
    assert_illegal(&p, "e6:d7");
}

#[test]
fn guru_pawns_and_promotion() {
    // Double step only as a pawn's first move (from rank 3); blocked double step. (A pawn that
    // has moved is marked `'`.)
    let mut p = guru("5k4/10/10/10/10/10/10/1P2P5/10/4K5 w - 0 1");
    play_all(&mut p, "e3-e4 Kf10-f9");
    assert_illegal(&p, "e4-e6");
    assert_legal(&p, "e4-e5");
    let p = guru("5k4/10/10/10/10/1n8/10/1P8/10/4K5 w - 0 1");
    assert_illegal(&p, "b3-b5");
    assert_legal(&p, "b3-b4");
    let p = guru("5k4/10/10/10/10/10/1n8/1P8/10/4K5 w - 0 1");
    assert_illegal(&p, "b3-b5");
    assert_illegal(&p, "b3-b4");
    // Mandatory promotion on the last rank to J Q M C R B N.
    let p = guru("5k4/1P8/10/10/10/10/10/10/10/4K5 w - 0 1");
    assert_illegal(&p, "b9-b10");
    for l in ["J", "Q", "M", "C", "R", "B", "N"] {
        assert_legal(&p, &format!("b9-b10={l}"));
    }
    assert_illegal(&p, "b9-b10=K");
    assert_illegal(&p, "b9-b10=P");
    let b9 = p.variant().geometry.parse_cell("b9").unwrap();
    assert_eq!(p.legal_moves().iter().filter(|m| m.from == b9).count(), 7);
    // Black mirrored, and a promotion by capture in the author's notation.
    let p = guru("5k4/10/10/10/10/10/10/10/9p/4K3R1 b - 0 1");
    assert_legal(&p, "k2:i1=J");
    assert_legal(&p, "k2-k1=N");
    assert_illegal(&p, "k2-k1");
}

// ---------------------------------------------------------------------------------------------
// Avant-garde Grand Chess: the King's knight leap while never checked (docs/rules.md, All games, the jump right of royal pieces), the King's
// first double move (docs/rules.md, Avant-garde Grand Chess, the King's first double move), two-stage promotion, en passant.

fn ag(fen: &str) -> Position {
    pos("avantgarde", &[], fen)
}

#[test]
fn avantgarde_king_knight_leap_and_jump_right() {
    let p = ag("4k5/10/10/10/10/10/10/10/10/4K5 w - 0 1");
    for m in ["Ke1-f3", "Ke1-d3", "Ke1-c2", "Ke1-g2"] {
        assert_legal(&p, m);
    }
    // A King that has moved keeps the leap; one that has been checked loses it for ever.
    assert_legal(&ag("4k5/10/10/10/10/10/10/10/10/4K'5 w - 0 1"), "Ke1-f3");
    let checked = ag("4k5/10/10/10/10/10/10/10/10/4K!5 w - 0 1");
    assert_illegal(&checked, "Ke1-f3");
    assert_legal(&checked, "Ke1-f2");
    // Losing it by a check: Rook checks, the King steps aside, the leap is gone.
    let mut p = ag("4k5/r9/10/10/10/10/10/10/10/4K5 b - 0 1");
    play_all(&mut p, "Ra9-a1 Ke1-e2 Ra1-a9");
    let e2 = p.variant().geometry.parse_cell("e2").unwrap();
    assert!(p.has_been_checked(e2), "checked flag in {}", p.to_fen());
    assert_illegal(&p, "Ke2-f4");
    assert_legal(&p, "Ke2-f3");
    // The leap captures (a Black pawn on f3 does not attack e1).
    assert_legal(&ag("4k5/10/10/10/10/10/10/5p4/10/4K5 w - 0 1"), "Ke1:f3");
    // An enemy King that has been checked may not step onto a cell of the leap...
    let p = ag("10/10/10/10/10/10/4k!5/10/10/4K5 b - 0 1");
    assert_illegal(&p, "Ke4-d3");
    assert_illegal(&p, "Ke4-f3");
    assert_legal(&p, "Ke4-e5");
    // ...one that has not may: knight leaps are mutual, so the step checks the White King, whose
    // leap is then gone (docs/rules.md, All games, the jump right of royal pieces).
    let p = ag("10/10/10/10/10/10/4k5/10/10/4K5 b - 0 1");
    assert_legal(&p, "Ke4-d3");
    assert_legal(&p, "Ke4-f3");
    // ...unless that step checks the leaping King (by its own leap) and so takes the leap away
    // (docs/rules.md, All games, the jump right of royal pieces): Black's e7 is a knight cell of f5 and f5 one of e7.
    let p = ag("10/10/4k5/10/10/5K4/10/10/10/10 b - 0 1");
    let mut q = p.clone();
    play(&mut q, "Ke8-e7");
    assert!(q.in_check(), "the Black King's leap checks f5: {}", q.to_fen());
    assert_illegal(&q, "Kf5-g7");
    assert_illegal(&q, "Kf5-d6");
    assert_legal(&q, "Kf5-f4");
    // A Black King that has been checked has no leap, so it may not go there.
    assert_illegal(&ag("10/10/4k!5/10/10/5K4/10/10/10/10 b - 0 1"), "Ke8-e7");
}

#[test]
fn avantgarde_king_double_move() {
    let p = ag("4k5/10/10/10/10/10/10/10/10/4K5 w - 0 1");
    for m in ["Ke1-e3", "Ke1-c3", "Ke1-g3", "Ke1-c1", "Ke1-g1"] {
        assert_legal(&p, m);
    }
    // Cell between occupied; cell between attacked (Bishop h5 hits e2, not d2 or f2).
    let p = ag("4k5/10/10/10/10/10/10/10/4P5/4K5 w - 0 1");
    assert_illegal(&p, "Ke1-e3");
    let p = ag("4k5/10/10/10/10/7b2/10/10/10/4K5 w - 0 1");
    assert_illegal(&p, "Ke1-e3");
    assert_legal(&p, "Ke1-c3");
    assert_legal(&p, "Ke1-g3");
    // In check: no double move (and no leap); stepping out is fine.
    let p = ag("4r4k/10/10/10/10/10/10/10/10/4K5 w - 0 1");
    assert_illegal(&p, "Ke1-c1");
    assert_illegal(&p, "Ke1-g1");
    assert_illegal(&p, "Ke1-c2");
    assert_legal(&p, "Ke1-d1");
    // Only as the King's first move, only while never checked.
    assert_illegal(&ag("4k5/10/10/10/10/10/10/10/10/4K'5 w - 0 1"), "Ke1-e3");
    assert_illegal(&ag("4k5/10/10/10/10/10/10/10/10/4K!5 w - 0 1"), "Ke1-e3");
    let mut p = ag("4k5/10/10/10/10/10/10/10/10/4K5 w - 0 1");
    play_all(&mut p, "Ke1-d1 Ke10-d10 Kd1-e1 Kd10-e10");
    assert_illegal(&p, "Ke1-e3");
    // Onto an enemy piece: a capture; onto an own piece: no.
    assert_legal(&ag("4k5/10/10/10/10/10/10/4n5/10/4K5 w - 0 1"), "Ke1:e3");
    assert_illegal(&ag("4k5/10/10/10/10/10/10/4N5/10/4K5 w - 0 1"), "Ke1-e3");
    // The destination must not be attacked either (the move may not leave the King in check).
    let p = ag("2r1k5/10/10/10/10/10/10/10/10/4K5 w - 0 1");
    assert_illegal(&p, "Ke1-c1");
    assert_legal(&p, "Ke1-g1");
    // Black mirrored.
    let p = ag("4k5/10/10/10/10/10/10/10/10/4K5 b - 0 1");
    assert_legal(&p, "Ke10-e8");
    assert_legal(&p, "Ke10-g8");
    // The double move is a move, not an attack (it can never take a King: the cell between would
    // be next to that King). So e3 and g3 are not attacked by the White King on e1 (its step
    // reaches rank 2, its leaps c2 d3 f3 g2), and the Black King may go there.
    let p = ag("10/10/10/10/10/10/4k5/10/10/4K5 b - 0 1");
    assert_legal(&p, "Ke4-e3");
    let p = ag("10/10/10/10/10/10/6k3/10/10/4K5 b - 0 1");
    assert_legal(&p, "Kg4-g3");
}

#[test]
fn avantgarde_promotion_two_stages() {
    // Rank 9: optional, to Knight, Guard or Bishop.
    let p = ag("k9/10/4P5/10/10/10/10/10/10/4K5 w - 0 1");
    for m in ["e8-e9", "e8-e9=N", "e8-e9=G", "e8-e9=B"] {
        assert_legal(&p, m);
    }
    for m in ["e8-e9=Q", "e8-e9=A", "e8-e9=R", "e8-e9=C", "e8-e9=M", "e8-e9=K"] {
        assert_illegal(&p, m);
    }
    // A pawn that stayed a pawn on rank 9 must promote on rank 10, to any piece but K and P.
    let mut p = p.clone();
    play_all(&mut p, "e8-e9 Ka10-b10");
    assert_illegal(&p, "e9-e10");
    for l in ["Q", "A", "M", "R", "C", "B", "G", "N"] {
        assert_legal(&p, &format!("e9-e10={l}"));
    }
    assert_illegal(&p, "e9-e10=K");
    assert_illegal(&p, "e9-e10=P");
    // Capturing onto rank 9 may promote too.
    let p = ag("k9/3r6/4P5/10/10/10/10/10/10/4K5 w - 0 1");
    assert_legal(&p, "e8:d9");
    assert_legal(&p, "e8:d9=G");
    // Black mirrored: rank 2 optional, rank 1 mandatory.
    let p = ag("k9/10/10/10/10/10/10/4p5/10/K9 b - 0 1");
    assert_legal(&p, "e3-e2");
    assert_legal(&p, "e3-e2=B");
    assert_illegal(&p, "e3-e2=Q");
    let p = ag("k9/10/10/10/10/10/10/10/4p5/K9 b - 0 1");
    assert_illegal(&p, "e2-e1");
    assert_legal(&p, "e2-e1=Q");
    // Double step from rank 3 and en passant.
    let mut p = ag("4k5/10/10/10/10/3p6/10/2P7/10/4K5 w - 0 1");
    play(&mut p, "c3-c5");
    assert_legal(&p, "d5:c4");
    play(&mut p, "d5:c4");
    assert_cells(&p, &[("c5", "."), ("c4", "p")]);
}

// ---------------------------------------------------------------------------------------------
// Modern Shogi: drops, promotion zone, promoted pieces, outcomes (docs/rules.md, Modern Shogi).

fn shogi(fen: &str) -> Position {
    pos("shogi", &[], fen)
}

fn shogi1(fen: &str) -> Position {
    pos("shogi1", &[], fen)
}

#[test]
fn shogi_drops() {
    let p = shogi("k8/9/9/9/9/9/P8/9/4K4[PHp] w - 0 1");
    assert_legal(&p, "P*b5");
    assert_illegal(&p, "P*a5"); // two-pawn rule: a3 holds an unpromoted White pawn
    assert_illegal(&p, "P*b9"); // no pawn drop on the last rank
    assert_legal(&p, "P*b8");
    assert_legal(&p, "H*b9"); // only the Pawn has a drop-rank restriction
    assert_illegal(&p, "P*a3"); // occupied
    assert_illegal(&p, "G*b5"); // not in hand
    let m = p.parse_move("P*e5").unwrap().mv;
    assert_eq!(p.move_coord(m), "P@e5");
    assert_eq!(p.move_text(m), "P*e5");
    // Black's pawn restrictions are mirrored.
    let b = shogi("4k4/9/9/9/9/9/p8/9/K8[p] b - 0 1");
    assert_illegal(&b, "P*b1");
    assert_illegal(&b, "P*a5");
    assert_legal(&b, "P*b2");
    // A promoted pawn does not count for the two-pawn rule.
    assert_legal(&shogi("k8/9/9/9/9/9/+P8/9/4K4[P] w - 0 1"), "P*a5");
    // After a drop the hand shrinks; the dropped pawn promotes only by moving.
    let mut q = p.clone();
    play(&mut q, "P*e5");
    assert_eq!(hand(&q), "Hp");
    // 1st edition: the Knight may be dropped on the last rank too.
    assert_legal(&shogi1("k8/9/9/9/9/9/9/9/4K4[N] w - 0 1"), "N*e9");
}

#[test]
fn shogi_pawn_drop_mate() {
    // P*a8 would mate (a8 guarded by the General b7, b8 covered, b9 blocked by a Black pawn).
    let p = shogi("kp7/9/1G7/9/9/9/9/9/4K4[PG] w - 0 1");
    assert_illegal(&p, "P*a8");
    // The same mate by a General drop is fine, and wins.
    let mut g = p.clone();
    play(&mut g, "G*a8");
    let o = g.outcome().expect("checkmate");
    assert_eq!((o.winner, o.reason), (Some(Color::White), OutcomeReason::Checkmate));
    // A pawn-drop check that is not mate is legal.
    assert_legal(&shogi("k8/9/1G7/9/9/9/9/9/4K4[P] w - 0 1"), "P*a8");
}

#[test]
fn shogi_promotion() {
    let p = shogi("k8/4P4/2R6/4P4/9/9/9/9/4K4[] w - 0 1");
    // Forced: a pawn reaching the last rank.
    assert_illegal(&p, "e8-e9");
    assert_legal(&p, "e8-e9=+P");
    // Optional: entering, leaving and moving inside the zone.
    assert_legal(&p, "e6-e7");
    assert_legal(&p, "e6-e7=+P");
    assert_legal(&p, "Rc7-c1");
    assert_legal(&p, "Rc7-c1=+R");
    assert_legal(&p, "Rc7-c8=+R");
    let m = p.parse_move("e6-e7=+P").unwrap().mv;
    assert_eq!(p.move_coord(m), "e6e7+");
    // Outside the zone: no promotion.
    let q = shogi("k8/9/9/9/9/4P4/9/9/4K4[] w - 0 1");
    assert_illegal(&q, "e4-e5=+P");
    // A Horse may stay unpromoted on the last rank (it can always move again).
    let h = shogi("k8/9/9/4H4/9/9/9/9/4K4[] w - 0 1");
    assert_legal(&h, "He6-d8");
    assert_legal(&h, "He6-d8=+H");
    // Promoted pieces are written with +, do not promote again, and go to the captor's hand
    // unpromoted.
    let mut r = shogi("k8/9/9/9/4g4/4+R4/9/9/4K4[] w - 0 1");
    assert_legal(&r, "+Re4-e2");
    assert_legal(&r, "+Re4-d3");
    assert_illegal(&r, "Re4-e2");
    play(&mut r, "+Re4-f4");
    play(&mut r, "Ge5:f4");
    assert_eq!(hand(&r), "r");
    assert_cells(&r, &[("f4", "g")]);
    // Black mirrored: forced on rank 1.
    let b = shogi("4k4/9/9/9/9/4p4/9/4p4/K8[] b - 0 1");
    assert_illegal(&b, "e2-e1");
    assert_legal(&b, "e2-e1=+P");
    assert_legal(&b, "e4-e3");
    assert_legal(&b, "e4-e3=+P");
}

#[test]
fn shogi_pieces() {
    // 2nd edition Marshal (+G): King step or a leap of two along the 8 lines, over pieces.
    let p = shogi("k8/9/9/4p4/4+G4/9/9/9/4K4[] w - 0 1");
    assert_legal(&p, "+Ge5-e7");
    assert_legal(&p, "+Ge5-c3");
    assert_illegal(&p, "+Ge5-f7"); // no knight leap in the 2nd edition
                                   // 1st edition promoted General: General and Knight.
    let p1 = shogi1("k8/9/9/4p4/4+G4/9/9/9/4K4[] w - 0 1");
    assert_legal(&p1, "+Ge5-f7");
    assert_illegal(&p1, "+Ge5-e7");
    // 2nd edition Bishop: one orthogonal step without capturing.
    let b = shogi("1k7/9/9/9/4B4/4p4/9/9/4K4[] w - 0 1");
    assert_legal(&b, "Be5-e6");
    assert_illegal(&b, "Be5:e4");
    assert_illegal(&shogi1("1k7/9/9/9/4B4/9/9/9/4K4[] w - 0 1"), "Be5-e6");
}

#[test]
fn shogi_outcomes() {
    // Fourfold repetition draws (the third occurrence does not).
    let mut p = shogi("4k4/9/9/9/9/9/9/9/4K4[] w - 0 1");
    play_all(&mut p, "Ke1-d1 Ke9-d9 Kd1-e1 Kd9-e9 Ke1-d1 Ke9-d9 Kd1-e1 Kd9-e9");
    assert_eq!(p.outcome(), None, "third occurrence: play on");
    play_all(&mut p, "Ke1-d1 Ke9-d9 Kd1-e1 Kd9-e9");
    let o = p.outcome().expect("fourfold repetition");
    assert_eq!((o.winner, o.reason), (None, OutcomeReason::Repetition));
    // Perpetual check loses: White checks with every move of the cycle.
    let mut p = shogi("1k7/9/9/9/9/9/9/8K/R8[] w - 0 1");
    play_all(&mut p, "Ra1-b1 Kb9-a9 Rb1-a1 Ka9-b9 Ra1-b1 Kb9-a9 Rb1-a1 Ka9-b9");
    assert_eq!(p.outcome(), None);
    play_all(&mut p, "Ra1-b1 Kb9-a9 Rb1-a1 Ka9-b9");
    let o = p.outcome().expect("perpetual check");
    assert_eq!(o.winner, Some(Color::Black), "{o:?}");
    // A player with no legal move loses (no stalemate draw).
    let p = shogi("k8/2G6/1G7/9/9/9/9/9/4K4[] b - 0 1");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().expect("no legal move");
    assert_eq!(o.winner, Some(Color::White), "{o:?}");
    // No fifty-move rule.
    let p = shogi("4k4/9/9/9/9/9/9/9/4K4[] w - 300 200");
    assert_eq!(p.outcome(), None);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let p = shogi("k8/9/9/9/9/9/P8/9/4K4[P] w - 0 1");
    for bad in ["P*", "*e5", "P*z9", "P*e10", "PP*e5", "X*e5", "P*e5*", "=+P", "e6-e7=+", "e6-e7=++P", "O-O"]
    {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    let v = game("shogi", &[]);
    for bad in [
        "k8/9/9/9/9/9/P8/9/4K4[P w - 0 1",
        "k8/9/9/9/9/9/P8/9/4K4[X] w - 0 1",
        "k8/9/9/9/9/9/P8/9/4K4[P]] w - 0 1",
        "k8/9/9/9/9/9/+K8/9/4K4[] w - 0 1",
        "k8/9/9/9/9/9/+8/9/4K4[] w - 0 1",
        "k8/9/9/9/9/9/++P8/9/4K4[] w - 0 1",
    ] {
        assert!(Position::from_fen(v.clone(), bad).is_err(), "{bad}");
    }
    let many = format!("k8/9/9/9/9/9/P8/9/4K4[{}] w - 0 1", "P".repeat(300));
    let _ = Position::from_fen(v.clone(), &many); // must not panic
    let g = game("guru", &[]);
    for bad in [
        "5k4/10/10/10/10/10/10/10/10/4K5 w e9 0 1",
        "5k4/10/10/10/10/10/10/10/10/4K5 w z3 0 1",
        "5k4/10/10/10/10/10/10/10/10/4K5[] w - 0 1",
        "5k4/10/10/10/10/10/10/10/10/4K!5 w - 0 1",
    ] {
        let _ = Position::from_fen(g.clone(), bad); // must not panic
    }
    assert!(Position::from_fen(g, "5k4/10/10/10/10/10/10/10/10/4K5 w z3 0 1").is_err());
}

/// A King can never be captured, so a King in hand is an impossible position and is refused (it
/// was once accepted, and `K@a1` dropped a second King).
#[test]
fn king_in_hand_is_refused() {
    let v = game("shogi", &[]);
    for bad in ["k8/9/9/9/9/9/P8/9/4K4[K] w - 0 1", "k8/9/9/9/9/9/P8/9/4K4[k] w - 0 1"] {
        assert!(Position::from_fen(v.clone(), bad).is_err(), "{bad}");
    }
}

/// A capture is not irreversible in shogi (the piece comes back by a drop): the position after
/// plies 6, 10, 42 and 46 of this game is the same (Kings h1 and b8, a Rook in Black's hand,
/// White to move), so the game is drawn by fourfold repetition, as Fairy-Stockfish says too
/// (found by the pyffish cross-check when ours counted only since the last capture).
#[test]
fn shogi_repetition_counts_across_captures() {
    let mut p = shogi("1k7/9/9/9/9/9/9/8K/R8[] w - 0 1");
    let moves =
        "a1a9 b9b8 a9a8+ b8a8 i2h1 a8b8 h1i2 b8a8 i2h1 a8b8 h1g2 R@g8 g2h1 g8g2+ h1g2 b8c7 g2h1 c7b8 \
                 h1g2 b8c7 g2h1 c7b8 R@b4 b8a8 b4d4 a8b8 d4b4 b8c7 b4d4 c7b8 d4b4 b8c7 b4d4 c7b8 d4d8+ b8a7 \
                 d8d4 a7b8 d4d8 b8a7 d8b8 a7b8 h1i1 b8a7 i1h1 a7b8";
    let mut fens = Vec::new();
    for m in moves.split_whitespace() {
        let mv = p.parse_coord(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
        fens.push(p.to_fen().split(' ').take(2).collect::<Vec<_>>().join(" "));
    }
    let last = fens.last().unwrap().clone();
    let same: Vec<usize> = (0..fens.len()).filter(|&i| fens[i] == last).map(|i| i + 1).collect();
    assert_eq!(same, vec![6, 10, 42, 46], "plies after which the final position stood");
    let o = p.outcome().expect("fourfold repetition");
    assert_eq!((o.winner, o.reason), (None, OutcomeReason::Repetition));
}

/// Chess Guru and Avant-garde keep the chess endings (docs/rules.md, All games, draws): stalemate, threefold
/// repetition (the has-moved and has-been-checked flags are part of the position) and fifty moves
/// by each side draw; checkmate wins.
#[test]
fn guru_and_avantgarde_game_ends() {
    // Stalemate: Black's King a10 has no move and is not in check.
    let p = guru("k9/2Q7/1K8/10/10/10/10/10/10/10 b - 0 1");
    assert!(!p.in_check() && p.legal_moves().is_empty());
    let o = p.outcome().expect("stalemate");
    assert_eq!((o.winner, o.reason), (None, OutcomeReason::Stalemate));
    // Checkmate.
    let mut p = guru("k9/2Q7/1K8/10/10/10/10/10/10/10 w - 0 1");
    play(&mut p, "Qc9-b9");
    let o = p.outcome().expect("checkmate");
    assert_eq!((o.winner, o.reason), (Some(Color::White), OutcomeReason::Checkmate));
    // Threefold repetition: the first King moves change the flags, so the start is not repeated.
    let mut p = ag("4k5/10/10/10/10/10/10/10/10/4K5 w - 0 1");
    play_all(&mut p, "Ke1-d1 Ke10-d10 Kd1-e1 Kd10-e10 Ke1-d1 Ke10-d10 Kd1-e1 Kd10-e10");
    assert_eq!(p.outcome(), None, "the position after ply 4 has stood twice");
    play_all(&mut p, "Ke1-d1 Ke10-d10 Kd1-e1 Kd10-e10");
    let o = p.outcome().expect("threefold repetition");
    assert_eq!((o.winner, o.reason), (None, OutcomeReason::Repetition));
    // Fifty moves by each side without a capture or pawn move.
    let mut p = guru("5k4/10/10/10/10/10/10/10/10/4K5 w - 99 80");
    assert_eq!(p.outcome(), None);
    play(&mut p, "Ke1-e2");
    let o = p.outcome().expect("fifty moves");
    assert_eq!((o.winner, o.reason), (None, OutcomeReason::FiftyMoves));
}

/// The position string after a double step that may be taken en passant reads back. (It did not:
/// `from_fen` looks for the pawn beyond the en-passant cell along `Geometry::straight(side)`,
/// which finds no unique "straight" direction on boards with diagonal directions, so every
/// such string was refused with "no pawn of the side that just moved stands beyond it".)
#[test]
fn en_passant_position_strings_read_back() {
    for (id, fen, mv) in [
        ("guru", "5k4/10/3p6/10/4P5/10/10/10/10/4K5 b - 0 1", "d8-d6"),
        ("guru", "5k4/10/10/10/10/3p6/10/2P7/10/4K5 w - 0 1", "c3-c5"),
        ("avantgarde", "4k5/10/3p6/10/4P5/10/10/10/10/4K5 b - 0 1", "d8-d6"),
    ] {
        let mut p = pos(id, &[], fen);
        play(&mut p, mv);
        let f = p.to_fen();
        let again = Position::from_fen(p.variant().clone(), &f).unwrap_or_else(|e| panic!("{id}: {f}: {e}"));
        assert_eq!(again.to_fen(), f);
        assert_eq!(again.hash(), p.hash());
        assert_eq!(again.legal_moves().len(), p.legal_moves().len());
    }
}
