//! Rules of the games of group pieces (docs/rules.md, polyform games): every type recognised in
//! each of its orientations, the orientation counts, perft numbers from `data/polyform.perft`,
//! and hand-built positions for captures, splits, merges, the King's hand and drops.

use ccg_core::{Color, Position};
use std::collections::BTreeMap;

fn variant(id: &str, opts: &[(&str, &str)]) -> std::sync::Arc<ccg_core::Variant> {
    let opts: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    ccg_games::variant(id, &opts).unwrap()
}

/// Each orientation, alone on an empty board near the middle, is named by its type on every cell.
fn every_orientation_is_recognised(id: &str, opts: &[(&str, &str)]) -> BTreeMap<char, usize> {
    let v = variant(id, opts);
    let g = &v.geometry;
    let empty = Position::new(v.clone()).to_fen();
    let mut counts = BTreeMap::new();
    for (letter, shape) in v.group_shapes() {
        *counts.entry(letter).or_insert(0) += 1;
        let mut pos = Position::from_fen(v.clone(), &empty_board(&empty)).unwrap();
        let origin = [2i8, 2, if g.coord(g.len() as u16 - 1)[2] > 0 { 2 } else { 0 }];
        let mut cells = Vec::new();
        for &(p, n) in &shape.0 {
            let c = g.cell_at([origin[0] + p[0], origin[1] + p[1], origin[2] + p[2], 0]).unwrap();
            cells.push((c, n));
        }
        let fen = with_cells(&pos, &cells);
        pos = Position::from_fen(v.clone(), &fen).unwrap();
        for &(c, n) in &cells {
            let p = pos.piece_at(c).unwrap();
            assert_eq!(p.color, Color::White);
            assert_eq!(v.kind(p.kind).letter, letter, "{id}: shape {shape:?} at {}", g.name(c));
            assert_eq!(pos.checkers(c), n);
        }
    }
    counts
}

/// The position string with every cell emptied.
fn empty_board(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap();
    let blank: String = board
        .split('|')
        .map(|layer| layer.split('/').map(|row| count_cells(row).to_string()).collect::<Vec<_>>().join("/"))
        .collect::<Vec<_>>()
        .join("|");
    format!("{blank} {rest}")
}

fn count_cells(row: &str) -> usize {
    let mut n = 0;
    let mut digits = String::new();
    for ch in row.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            n += digits.parse::<usize>().unwrap_or(0) + 1;
            digits.clear();
        }
    }
    n + digits.parse::<usize>().unwrap_or(0)
}

/// `pos` (empty) with White checkers put on `cells`, through the position string.
fn with_cells(pos: &Position, cells: &[(u16, u8)]) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let mut counts = vec![0i8; g.len()];
    for &(c, n) in cells {
        counts[c as usize] = n as i8;
    }
    fen_of(v, &counts, "w 0/0 0 1")
}

/// A position string from signed counts per cell (+ White).
fn fen_of(v: &ccg_core::Variant, counts: &[i8], tail: &str) -> String {
    let g = &v.geometry;
    let (mut nx, mut ny, mut nz) = (0, 0, 0);
    for c in 0..g.len() as u16 {
        let p = g.coord(c);
        nx = nx.max(p[0] as usize + 1);
        ny = ny.max(p[1] as usize + 1);
        nz = nz.max(p[2] as usize + 1);
    }
    let mut layers = Vec::new();
    for z in 0..nz {
        let mut rows = Vec::new();
        for y in (0..ny).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..nx {
                let n = counts[x + nx * (y + ny * z)];
                if n == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                row.push(match n {
                    1 => 'X',
                    -1 => 'x',
                    2 => 'D',
                    _ => 'd',
                });
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        layers.push(rows.join("/"));
    }
    format!("{} {tail}", layers.join("|"))
}

#[test]
fn omino_types_are_recognised_in_every_orientation() {
    let counts = every_orientation_is_recognised("omino", &[]);
    let expected: BTreeMap<char, usize> =
        [('P', 1), ('H', 2), ('N', 2), ('B', 4), ('R', 1), ('C', 4), ('M', 2), ('Q', 8), ('K', 4)].into();
    assert_eq!(counts, expected);
}

/// `id depth nodes [position string]` lines of `data/polyform.perft`, the deep ones behind
/// `--ignored` (`cargo test -p ccg-games --release --test polyform_rules -- --ignored`).
fn perft_lines(max_nodes: u64, min_nodes: u64) {
    let text = include_str!("data/polyform.perft");
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut f = line.splitn(4, ' ');
        let (id, depth, nodes) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let nodes: u64 = nodes.parse().unwrap();
        if nodes > max_nodes || nodes < min_nodes {
            continue;
        }
        let (id, opts) = match id.split_once('+') {
            Some((id, o)) => (id, o.split_once('=').map(|(k, v)| vec![(k, v)]).unwrap_or_default()),
            None => (id, vec![]),
        };
        let v = variant(id, &opts);
        let mut pos = match f.next() {
            Some(fen) => Position::from_fen(v, fen).unwrap(),
            None => Position::new(v),
        };
        assert_eq!(pos.perft(depth.parse().unwrap()), nodes, "{line}");
    }
}

#[test]
fn perft_numbers() {
    perft_lines(500_000, 0);
}

#[test]
#[ignore]
fn perft_numbers_deep() {
    perft_lines(u64::MAX, 500_001);
}

/// A position of `id` from cell lists: White's and Black's cells (`e5^2` a double).
fn position(id: &str, opts: &[(&str, &str)], white: &str, black: &str, tail: &str) -> Position {
    let v = variant(id, opts);
    let mut counts = vec![0i8; v.geometry.len()];
    for (list, sign) in [(white, 1i8), (black, -1)] {
        for item in list.split_whitespace() {
            let (name, n) = item.strip_suffix("^2").map_or((item, 1), |n| (n, 2));
            counts[v.geometry.parse_cell(name).unwrap() as usize] = sign * n;
        }
    }
    let fen = fen_of(&v, &counts, tail);
    Position::from_fen(v, &fen).unwrap()
}

fn texts(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect()
}

fn play(pos: &mut Position, text: &str) {
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{e} in {}", pos.to_fen()));
    pos.make(m.mv);
}

#[test]
fn omino_king_captures_go_to_the_hand_and_come_back_as_drops() {
    // A T-tetromino King (d2 c3 d3 e3) below two Black checkers on c4 and e4.
    let mut pos = position("omino", &[], "d2 c3 d3 e3", "c4 e4 a10", "w 0/0 0 1");
    assert_eq!(v_letter(&pos, "d3"), 'K');
    let moves = texts(&pos);
    assert!(moves.contains(&"K:d2c3e3xc4d4e4!".to_string()), "{moves:?}");
    play(&mut pos, "K:d2c3e3xc4d4e4!");
    assert_eq!(pos.hand(Color::White, 0), 2);
    assert_eq!(pos.halfmove_clock(), 0);
    play(&mut pos, "a10-a9");
    let moves = texts(&pos);
    assert!(
        moves.contains(&"@k10".to_string()) && !moves.contains(&"@a9".to_string()),
        "drops on empty cells only"
    );
    play(&mut pos, "@k10");
    assert_eq!(pos.hand(Color::White, 0), 1);
    assert_eq!(pos.piece_at(pos.variant().geometry.parse_cell("k10").unwrap()).unwrap().color, Color::White);
}

fn v_letter(pos: &Position, cell: &str) -> char {
    let v = pos.variant();
    v.kind(pos.piece_at(v.geometry.parse_cell(cell).unwrap()).unwrap().kind).letter
}

#[test]
fn omino_captures_by_other_pieces_leave_the_game() {
    // A Rook (2x2) slides up and takes on both landing cells; the slide stops there.
    let mut pos = position("omino", &[], "b2 c2 b3 c3", "b6 c6 a10", "w 0/0 0 1");
    let moves = texts(&pos);
    // Three cells up it lands on b5 c5 b6 c6 (cells in index order: rank, then file).
    assert!(moves.contains(&"R:b2c2b3c3xb5c5b6c6".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.contains("b7")), "no slide past a capture: {moves:?}");
    play(&mut pos, "R:b3c2c3b2xc6b5b6c5");
    assert_eq!(pos.hand(Color::White, 0), 0);
    assert_eq!(pos.to_fen().split(' ').nth(2), Some("0/0"));
}

#[test]
fn omino_parts_of_groups_move_and_arrivals_merge() {
    // A straight triomino (Ninja) e5 f5 g5: its end checker moves alone as a Pawn (a split), the
    // domino e5 f5 as a Horse, and a Pawn stepping next to it merges into a tetromino.
    let pos = position("omino", &[], "e5 f5 g5 e3", "a10", "w 0/0 0 1");
    assert_eq!(v_letter(&pos, "f5"), 'N');
    let moves = texts(&pos);
    for m in ["g5-g6", "H:e5f5-c7d7", "N:e5-h5", "e3-e4"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    let mut after = pos.clone();
    play(&mut after, "e3-e4");
    assert_eq!(v_letter(&after, "e4"), 'Q', "e4 e5 f5 g5 is an L-tetromino");
    // The middle checker cannot move alone as a Pawn sideways onto its neighbours.
    assert!(!moves.contains(&"f5-e5".to_string()));
}

#[test]
fn omino_larger_groups_move_only_by_their_parts() {
    // A straight pentomino cannot move whole; its four-cell ends are Marshals.
    let pos = position("omino", &[], "a1 b1 c1 d1 e1", "a10", "w 0/0 0 1");
    assert_eq!(v_letter(&pos, "c1"), 'X');
    let moves = texts(&pos);
    assert!(moves.iter().any(|m| m.starts_with("M:")), "{moves:?}");
    assert!(!moves.iter().any(|m| m.contains("a1b1c1d1e1")), "{moves:?}");
}

#[test]
fn omino_player_without_checkers_or_moves_loses() {
    let pos = position("omino", &[], "e5", "", "b 0/0 0 1");
    let out = pos.outcome().unwrap();
    assert_eq!((out.winner, out.reason), (Some(Color::White), ccg_core::OutcomeReason::NoCheckers));
    // A side whose checkers cannot move loses too: a lone Black Pawn boxed in on a10.
    let pos = position("omino", &[], "a9 b10", "a10", "b 0/0 0 1");
    let out = pos.outcome().unwrap();
    assert_eq!((out.winner, out.reason), (Some(Color::White), ccg_core::OutcomeReason::Stalemate));
    // Holding checkers in hand does not help.
    let pos = position("omino", &[], "e5", "", "b 0/3 0 1");
    assert_eq!(pos.outcome().unwrap().winner, Some(Color::White));
}

#[test]
fn nomino_types_are_recognised_in_every_orientation() {
    let basic: BTreeMap<char, usize> = [
        ('P', 1),
        ('S', 1),
        ('H', 2),
        ('N', 4),
        ('B', 4),
        ('E', 8),
        ('C', 4),
        ('R', 3),
        ('G', 8),
        ('M', 4),
        ('Q', 4),
        ('K', 1),
    ]
    .into();
    assert_eq!(every_orientation_is_recognised("nomino", &[]), basic);
    let mut all = basic.clone();
    all.extend([('A', 4), ('I', 2), ('J', 4), ('W', 4)]);
    assert_eq!(every_orientation_is_recognised("nomino", &[("extras", "on")]), all);
}

#[test]
fn doseki_types_have_the_texts_orientation_counts() {
    // The text: 1, 3, 12, 3, 8, 12+12, 24, 24, 4, 12, 12, 8, 1.
    let expected: BTreeMap<char, usize> = [
        ('P', 1),
        ('H', 3),
        ('B', 12),
        ('R', 3),
        ('A', 8),
        ('E', 24),
        ('C', 24),
        ('G', 24),
        ('J', 4),
        ('M', 12),
        ('W', 12),
        ('Q', 8),
        ('K', 1),
    ]
    .into();
    assert_eq!(every_orientation_is_recognised("doseki", &[]), expected);
}

#[test]
fn nomino_doubles_form_split_and_move() {
    let pos = position("nomino", &[], "e4 e5", "a10", "w 0/0 0 1");
    let moves = texts(&pos);
    assert!(moves.contains(&"e4-e5".to_string()), "a single may step onto one own checker: {moves:?}");
    let mut pos = pos;
    play(&mut pos, "e4-e5");
    assert_eq!(pos.checkers(pos.variant().geometry.parse_cell("e5").unwrap()), 2);
    assert_eq!(v_letter(&pos, "e5"), 'S');
    play(&mut pos, "a10-a9");
    let moves = texts(&pos);
    for m in ["S:e5^2-e6^2", "S:e5^2-f6^2", "e5-e6"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    assert!(!moves.iter().any(|m| m.contains("^3")));
}

#[test]
fn nomino_passing_rule_counts_checkers() {
    // Four singles (a Rook) pass over a single enemy checker; two doubles (also a Rook) do not.
    let pos = position("nomino", &[], "b2 c2 b3 c3", "e2 a10", "w 0/0 0 1");
    let moves = texts(&pos);
    for m in ["R:b2c2b3c3xd2e2d3e3", "R:b2c2b3c3xe2f2e3f3", "R:b2c2b3c3-f2g2f3g3"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    let pos = position("nomino", &[], "b2^2 c2^2", "e2 a10", "w 0/0 0 1");
    let moves = texts(&pos);
    assert!(moves.contains(&"R:b2^2c2^2xd2^2e2^2".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.contains("f2")), "a double never passes a checker: {moves:?}");
}

#[test]
fn nomino_last_rank_arrivals_earn_reserve_checkers() {
    let mut pos = position("nomino", &[], "i9 k10", "a1", "w 0/0 0 1");
    play(&mut pos, "k10-k9");
    assert_eq!(pos.hand(Color::White, 0), 0, "moving off or along the last rank earns nothing");
    play(&mut pos, "a1-a2");
    play(&mut pos, "i9-i10");
    assert_eq!(pos.hand(Color::White, 0), 1);
    assert_eq!(pos.halfmove_clock(), 0);
    play(&mut pos, "a2-a3");
    let moves = texts(&pos);
    assert!(moves.contains(&"@i10".to_string()) && moves.contains(&"@e5".to_string()), "{moves:?}");
    assert!(!moves.contains(&"@a3".to_string()), "no drop on enemy checkers");
    play(&mut pos, "@i10");
    assert_eq!(pos.checkers(pos.variant().geometry.parse_cell("i10").unwrap()), 2);
    assert_eq!(pos.hand(Color::White, 0), 0, "a drop earns nothing");
}

#[test]
fn nomino_mirror_reflects_off_the_edges() {
    // The Mirror (2x2, diagonal doubles) on a3 b3 a4 b4 slides up-right, turns at the top edge
    // and at the right edge: it reaches i7 k7 i8 k8, off both of its diagonals.
    let pos = position("nomino", &[("extras", "on")], "a3 b3^2 a4^2 b4", "a10", "w 0/0 0 1");
    assert_eq!(v_letter(&pos, "a3"), 'I');
    let g = &pos.variant().geometry;
    let target: Vec<u16> = ["i7", "k7", "i8", "k8"].iter().map(|c| g.parse_cell(c).unwrap()).collect();
    let reached = pos.legal_moves().iter().any(|&m| {
        let mut p = pos.clone();
        p.make(m);
        target.iter().all(|&c| p.checkers(c) > 0)
    });
    assert!(reached, "{:?}", texts(&pos));
    let back_home = pos.legal_moves().iter().any(|&m| {
        let mut p = pos.clone();
        p.make(m);
        p.to_fen().split(' ').next() == pos.to_fen().split(' ').next()
    });
    assert!(!back_home, "the path ends before the start");
    // Without the extras the same set cannot move as a whole.
    let plain = position("nomino", &[], "a3 b3^2 a4^2 b4", "a10", "w 0/0 0 1");
    assert_eq!(v_letter(&plain, "a3"), 'X');
}

#[test]
fn doseki_pawns_step_orthogonally_and_take_face_diagonally() {
    let mut pos = position("doseki", &[], "Ee5", "Ff6 Ai9", "w 0/0 0 1");
    let moves = texts(&pos);
    assert_eq!(moves.len(), 6, "six steps: {moves:?}");
    assert!(moves.contains(&"Ee5-Ee6".to_string()) && moves.contains(&"Ee5-De5".to_string()));
    assert!(!moves.iter().any(|m| m.contains('x')), "Ff6 is a space diagonal away: {moves:?}");
    play(&mut pos, "Ee5-Fe5");
    play(&mut pos, "Ai9-Ai8");
    assert!(texts(&pos).contains(&"Fe5xFf6".to_string()));
}

#[test]
fn doseki_two_leg_moves_turn() {
    // A Wisemen (2x2x2 minus a face diagonal) alone: O then O(2), never straight on.
    let pos = position("doseki", &[], "Ab1 Aa2 Ba1 Bb1 Ba2 Bb2", "Ii9", "w 0/0 0 1");
    assert_eq!(v_letter(&pos, "Ba1"), 'W');
    for &m in pos.legal_moves().iter() {
        let mut p = pos.clone();
        p.make(m);
        assert_eq!(p.occupied_cells(Color::White).len(), 6, "{}", pos.move_text(m));
    }
    // One leg of one cell up the ranks, then two along the files: every checker moves by (2, 1, 0).
    let moves = texts(&pos);
    assert!(moves.iter().any(|m| m.starts_with("W:")), "{moves:?}");
    let g = &pos.variant().geometry;
    let shifted: Vec<u16> =
        ["Ad2", "Ac3", "Bc2", "Bd2", "Bc3", "Bd3"].iter().map(|c| g.parse_cell(c).unwrap()).collect();
    assert!(pos.legal_moves().iter().any(|&m| {
        let mut p = pos.clone();
        p.make(m);
        shifted.iter().all(|&c| p.checkers(c) == 1)
    }));
}
