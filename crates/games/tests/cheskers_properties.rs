//! Property tests for Russian cheskers (`cheskers`) on positions reached by random play and on
//! random crowded boards: every capture chain, read cell by cell against the board before the
//! move, jumps one enemy piece per leg along a line, never takes a piece twice and never lands on
//! an occupied cell; a non-capturing move is never generated while a capture exists; make/unmake
//! restores everything and the incremental hash equals the recomputed one; both notations round
//! trip; generation on crowded boards with many long chains completes with consistent counts.
//!
//! The board is read from our position string by the reference's parser (plain text, no project
//! code), so these checks do not lean on the fast generator's own board accessors.

#[path = "support/reference_cheskers.rs"]
mod reference;

use ccg_core::Position;
use proptest::prelude::*;
use reference::{Color, Piece, RefPos, Sq};

fn variant() -> std::sync::Arc<ccg_core::variant::Variant> {
    ccg_games::variant("cheskers", &[]).unwrap()
}

/// Start positions for random play: the game's own, and two with flying pieces in the open.
const STARTS: [&str; 3] = [
    reference::START_FEN,
    "1k6/p1p1p1p1/8/p1p1p1p1/1Q1R1B2/p1p1p1p1/8/R1B2K2 w - 0 1",
    "r1b1k1nr/1p1p1p1p/p1p1p1p1/8/8/P1P1P1P1/1P1P1P1P/RN1QKB1R w - 0 1",
];

/// The position reached from `STARTS[start]` by the moves `picks` selects (index modulo count).
fn reached(start: usize, picks: &[usize]) -> Position {
    let mut pos = Position::from_fen(variant(), STARTS[start]).unwrap();
    for &p in picks {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[p % moves.len()]);
    }
    pos
}

fn game() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..STARTS.len(), prop::collection::vec(any::<usize>(), 0..80))
}

/// A crowded random board from 64 cell codes: one King each (on the cells the two first codes
/// pick), at most 16 pieces a side, no Pawn on its own last rank; codes below `EMPTY` leave a cell
/// empty (about two cells in five).
const EMPTY: u8 = 100;

fn crowded_board(codes: &[u8], black_to_move: bool) -> String {
    let mut r = RefPos::from_fen("8/8/8/8/8/8/8/8 w - 0 1").unwrap();
    r.side = if black_to_move { Color::Black } else { Color::White };
    let wk = codes[0] as i32 % 64;
    let mut bk = codes[1] as i32 % 64;
    if bk == wk {
        bk = (wk + 9) % 64;
    }
    let mut count = [1usize, 1];
    for (i, &code) in codes.iter().enumerate() {
        let sq: Sq = (i as i32 % 8, i as i32 / 8);
        let (color, letter) = if i as i32 == wk {
            (Color::White, 'K')
        } else if i as i32 == bk {
            (Color::Black, 'K')
        } else if code < EMPTY {
            continue;
        } else {
            let color = if code % 2 == 0 { Color::White } else { Color::Black };
            (color, ['P', 'N', 'B', 'R', 'Q', 'P', 'P'][(code as usize / 2) % 7])
        };
        let side = (color == Color::Black) as usize;
        if letter != 'K' && (count[side] >= 16 || (letter == 'P' && sq.1 == color.last_rank())) {
            continue;
        }
        if letter != 'K' {
            count[side] += 1;
        }
        r.board[sq.1 as usize][sq.0 as usize] = Some(Piece { color, letter });
    }
    r.to_fen()
}

/// A move's cells read from its coordinate text (`e2e3`, `a8a4e4e2b2`, `b7a8q`).
fn cells_of(coord: &str) -> (Vec<Sq>, bool) {
    let promotes = coord.ends_with('q');
    let body = coord.trim_end_matches('q');
    assert!(body.len().is_multiple_of(2) && body.len() >= 4, "odd move text {coord:?}");
    let b = body.as_bytes();
    let cells = (0..b.len() / 2)
        .map(|i| ((b[2 * i] - b'a') as i32, (b[2 * i + 1] - b'1') as i32))
        .inspect(|&(f, r)| assert!((0..8).contains(&f) && (0..8).contains(&r), "{coord:?}"))
        .collect();
    (cells, promotes)
}

/// The cells strictly between two cells of one line; None if they are not on one line.
fn between(a: Sq, b: Sq) -> Option<Vec<Sq>> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return None;
    }
    let step = (dx.signum(), dy.signum());
    let mut out = Vec::new();
    let mut c = (a.0 + step.0, a.1 + step.1);
    while c != b {
        out.push(c);
        c = (c.0 + step.0, c.1 + step.1);
    }
    Some(out)
}

/// True if the side to move has a first jump: a piece, an enemy on one of its lines (adjacent for
/// K, N, P; after empty cells for Q, R, B) and an empty cell right behind the enemy.
fn capture_exists(r: &RefPos) -> bool {
    let empty = |c: Sq| (0..8).contains(&c.0) && (0..8).contains(&c.1) && r.at(c).is_none();
    for i in 0..64 {
        let from = (i % 8, i / 8);
        let p = match r.at(from) {
            Some(p) if p.color == r.side => p,
            _ => continue,
        };
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let diagonal = dx != 0 && dy != 0;
            if (p.letter == 'R' && diagonal) || (p.letter == 'B' && !diagonal) {
                continue;
            }
            let mut c = (from.0 + dx, from.1 + dy);
            if matches!(p.letter, 'Q' | 'R' | 'B') {
                while empty(c) {
                    c = (c.0 + dx, c.1 + dy);
                }
            }
            let enemy =
                (0..8).contains(&c.0) && (0..8).contains(&c.1) && r.at(c).is_some_and(|q| q.color != p.color);
            if enemy && empty((c.0 + dx, c.1 + dy)) {
                return true;
            }
        }
    }
    false
}

/// Checks every legal move of `pos` cell by cell against the board before it; returns the longest
/// chain (pieces taken).
fn check_moves(pos: &Position) -> Result<usize, TestCaseError> {
    let fen = pos.to_fen();
    let r = RefPos::from_fen(&fen).unwrap();
    let side = r.side;
    let list = pos.legal_moves();
    let any_capture = list.iter().any(|&m| pos.is_capture(m));
    let has_king = r.kings(side) > 0;
    prop_assert_eq!(any_capture, has_king && capture_exists(&r), "capture exists vs generated at {}", fen);
    // The evaluation's threats: a first jump exists exactly when a capture does, over enemies.
    let us = pos.side_to_move();
    let threats = pos.pieces(us).iter().fold(ccg_core::CellSet::EMPTY, |t, c| t | pos.jump_threats(c));
    prop_assert_eq!(threats.any(), capture_exists(&r), "jump threats vs captures at {}", fen);
    prop_assert!((threats & !pos.pieces(us.other())).is_empty(), "a threat on a non-enemy at {}", fen);
    let mut longest = 0;
    for &m in list.iter() {
        let coord = pos.move_coord(m);
        let (cells, promotes) = cells_of(&coord);
        let mover = r.at(cells[0]).expect("a move from an empty cell");
        prop_assert_eq!(mover.color, side, "{} moves the opponent's piece at {}", coord, fen);
        let capture = pos.is_capture(m);
        prop_assert!(!any_capture || capture, "march {} generated while a capture exists at {}", coord, fen);
        let mut board = r.clone();
        let start = cells[0];
        board.board[start.1 as usize][start.0 as usize] = None; // the start cell is empty in a chain
        let mut taken: Vec<Sq> = Vec::new();
        for leg in cells.windows(2) {
            let (a, b) = (leg[0], leg[1]);
            let mid = between(a, b);
            prop_assert!(mid.is_some(), "{}: leg {:?}->{:?} not on a line at {}", coord, a, b, fen);
            let mid = mid.unwrap();
            prop_assert!(board.at(b).is_none(), "{}: lands on an occupied cell {:?} at {}", coord, b, fen);
            let occupied: Vec<Sq> = mid.iter().copied().filter(|&c| board.at(c).is_some()).collect();
            if capture {
                prop_assert_eq!(
                    occupied.len(),
                    1,
                    "{}: leg {:?}->{:?} jumps {:?} at {}",
                    coord,
                    a,
                    b,
                    occupied,
                    fen
                );
                let t = occupied[0];
                prop_assert!(board.at(t).unwrap().color != side, "{}: jumps its own piece at {}", coord, fen);
                prop_assert!(!taken.contains(&t), "{}: takes {:?} twice at {}", coord, t, fen);
                taken.push(t);
                board.board[t.1 as usize][t.0 as usize] = None; // gone at once
            } else {
                prop_assert_eq!(cells.len(), 2, "{}: a march with more than one leg at {}", coord, fen);
                let own_leap =
                    mover.letter == 'K' && occupied.len() == 1 && r.at(occupied[0]).unwrap().color == side;
                prop_assert!(
                    occupied.is_empty() || own_leap,
                    "{}: march over {:?} at {}",
                    coord,
                    occupied,
                    fen
                );
            }
        }
        if matches!(mover.letter, 'K' | 'P') {
            prop_assert!(cells.len() == 2, "{}: King and Pawn make single jumps at {}", coord, fen);
        }
        let last = *cells.last().unwrap();
        prop_assert_eq!(
            promotes,
            mover.letter == 'P' && last.1 == side.last_rank(),
            "{} promotion at {}",
            coord,
            fen
        );
        // After the move: the taken pieces are gone, nothing else of the opponent's changed, the
        // mover stands on its last cell.
        let mut after = pos.clone();
        after.make(m);
        let ra = RefPos::from_fen(&after.to_fen()).unwrap();
        let landed = ra.at(last).expect("the mover stands on its last cell");
        prop_assert_eq!(landed.color, side);
        prop_assert_eq!(landed.letter, if promotes { 'Q' } else { mover.letter });
        for i in 0..64 {
            let c = (i % 8, i / 8);
            if c == last || c == start {
                continue;
            }
            let expect = if taken.contains(&c) { None } else { r.at(c) };
            prop_assert_eq!(ra.at(c), expect, "{}: cell {:?} after the move from {}", coord, c, fen);
        }
        longest = longest.max(taken.len());
    }
    Ok(longest)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn chains_are_sound_and_captures_compulsory((start, picks) in game()) {
        let pos = reached(start, &picks);
        check_moves(&pos)?;
    }

    #[test]
    fn crowded_boards_are_sound(codes in prop::collection::vec(any::<u8>(), 64), black in any::<bool>()) {
        let fen = crowded_board(&codes, black);
        let pos = Position::from_fen(variant(), &fen).unwrap();
        check_moves(&pos)?;
    }

    #[test]
    fn make_unmake_restores_everything((start, picks) in game()) {
        let mut pos = reached(start, &picks);
        let fen = pos.to_fen();
        let hash = pos.hash();
        prop_assert_eq!(hash, pos.recomputed_hash());
        for &m in pos.legal_moves().iter() {
            let u = pos.make(m);
            prop_assert_eq!(pos.hash(), pos.recomputed_hash(), "incremental hash after {}", pos.to_fen());
            let again = Position::from_fen(variant(), &pos.to_fen()).unwrap();
            prop_assert_eq!(again.hash(), pos.hash(), "hash of the re-read position {}", pos.to_fen());
            pos.unmake(u);
            prop_assert_eq!(&pos.to_fen(), &fen);
            prop_assert_eq!(pos.hash(), hash);
        }
    }

    #[test]
    fn notation_round_trips((start, picks) in game()) {
        let pos = reached(start, &picks);
        for &m in pos.legal_moves().iter() {
            let text = pos.move_text_marked(m);
            prop_assert_eq!(pos.parse_move(&text).unwrap().mv, m, "author's notation {}", text);
            let coord = pos.move_coord(m);
            prop_assert_eq!(pos.parse_coord(&coord).unwrap(), m, "coordinates {}", coord);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Crowded boards with flying pieces against many scattered pieces: generation completes, the
    /// list has no duplicates, `count_legal` agrees with it, and perft 2 equals the sum of the
    /// children's move counts (every child position generates too).
    #[test]
    fn adversarial_generation_terminates(codes in prop::collection::vec(any::<u8>(), 64), black in any::<bool>()) {
        // The side to move gets Bishops, Rooks and Queens (codes 116, 118, 120, +1 for Black),
        // the other side Pawns (code 108, +1 for Black): long chains.
        let mover = black as u8;
        let codes: Vec<u8> = codes
            .iter()
            .enumerate()
            .map(|(i, &c)| match c {
                _ if i < 2 || c < EMPTY => c,
                _ if c % 2 == mover => [116, 118, 120][c as usize % 3] + mover,
                _ => 108 + (1 - mover),
            })
            .collect();
        let fen = crowded_board(&codes, black);
        let mut pos = Position::from_fen(variant(), &fen).unwrap();
        let list = pos.legal_moves();
        let names: std::collections::BTreeSet<String> = list.iter().map(|&m| pos.move_coord(m)).collect();
        prop_assert_eq!(names.len(), list.len(), "duplicate moves at {}", fen);
        prop_assert_eq!(pos.count_legal() as usize, list.len());
        let mut sum = 0;
        for &m in list.iter() {
            let u = pos.make(m);
            sum += pos.count_legal();
            pos.unmake(u);
        }
        prop_assert_eq!(pos.perft(2), sum, "perft 2 at {}", fen);
        prop_assert_eq!(RefPos::from_fen(&fen).unwrap().legal_moves().len(), list.len(), "reference count at {}", fen);
    }
}
