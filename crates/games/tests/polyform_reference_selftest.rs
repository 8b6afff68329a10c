//! The polyform reference generator `support/reference_polyform/` checked on its own, against
//! the rules text (docs/rules.md, "Omino", "Nomino", "Doseki"): hand-worked positions (multi-cell
//! captures, splits, merges, the King's captures to the hand, drops, Nomino doubles, the passing
//! rule, mirror paths, Doseki's two-leg moves, reserve gains on the last rank or far face, the end
//! of the game), perft from the start against the numbers checked in at `data/omino.perft`,
//! `data/nomino.perft` and `data/doseki.perft`, and random play keeping the books balanced
//! (checkers conserved, hands and counters as the moves say, position strings read back).
//!
//! The slow perft lines run with
//! `cargo test -p ccg-games --release --test polyform_reference_selftest -- --ignored`.

#[path = "support/polyform_play.rs"]
mod play;
#[path = "support/reference_polyform/mod.rs"]
mod reference;

use play::{board_with_type, pick, random_board, weight, Rng, Seen};
use reference::{Game, Legal, Outcome, Pos, Route, Side};
use std::collections::BTreeSet;

const OMINO: Game = Game::Omino;
const NOMINO: Game = Game::Nomino { extras: false };
const EXTRAS: Game = Game::Nomino { extras: true };
const DOSEKI: Game = Game::Doseki;

/// A position from cell lists such as `"e5 f5 c3^2"` (`^2`: two checkers), White's and Black's.
fn setup(game: Game, white: &str, black: &str, side: Side) -> Pos {
    let mut pos = Pos::empty(game, side);
    for (list, sign) in [(white, 1), (black, -1)] {
        for item in list.split_whitespace() {
            let (cell, n) = item.strip_suffix("^2").map_or((item, 1), |c| (c, 2));
            let i = game.parse_cell(cell).unwrap_or_else(|| panic!("no cell {cell}"));
            pos.board[i] = n * sign;
        }
    }
    Pos::from_fen(game, &pos.to_fen()).unwrap()
}

fn texts(pos: &Pos) -> BTreeSet<String> {
    pos.legal_moves().into_iter().collect()
}

fn find(pos: &Pos, text: &str) -> Legal {
    let legal = pos.legal();
    let found = legal.iter().find(|l| l.text == text).cloned();
    found.unwrap_or_else(|| panic!("{text} not legal at {}: {:?}", pos.to_fen(), pos.legal_moves()))
}

fn has_all(pos: &Pos, present: &[&str], absent: &[&str]) {
    let set = texts(pos);
    for m in present {
        assert!(set.contains(*m), "{m} missing at {}: {set:?}", pos.to_fen());
    }
    for m in absent {
        assert!(!set.contains(*m), "{m} present at {}", pos.to_fen());
    }
}

fn exact(pos: &Pos, list: &[&str]) {
    let want: BTreeSet<String> = list.iter().map(|s| s.to_string()).collect();
    assert_eq!(texts(pos), want, "at {}", pos.to_fen());
}

/// Whether some legal move leaves the board as it is with the mover's checkers on `cells` (all
/// of each) moved by `offset`, capturing what stands where they land.
fn leads_to(pos: &Pos, cells: &[&str], offset: [i32; 3]) -> bool {
    let g = pos.game;
    let mut board = pos.board.clone();
    let from: Vec<usize> = cells.iter().map(|c| g.parse_cell(c).unwrap()).collect();
    for &c in &from {
        board[c] = 0;
    }
    for &c in &from {
        let p = g.pt(c);
        let to = g.idx([p[0] + offset[0], p[1] + offset[1], p[2] + offset[2]]).expect("on the board");
        board[to] = pos.board[c];
    }
    pos.legal().iter().any(|l| l.next.board == board)
}

fn cell(pos: &Pos, name: &str) -> i8 {
    pos.board[pos.game.parse_cell(name).unwrap()]
}

#[test]
fn omino_pawn_steps_orthogonally_without_capturing_and_captures_diagonally() {
    let pos = setup(OMINO, "e4", "e5 f5", Side::White);
    exact(&pos, &["e4-d4", "e4-e3", "e4-f4", "e4xf5"]);
}

#[test]
fn omino_horse_leaps_to_the_second_ring_and_its_halves_step_alone() {
    let pos = setup(OMINO, "e5 f5", "a10", Side::White);
    let set = texts(&pos);
    assert_eq!(set.len(), 16 + 6, "{set:?}");
    has_all(&pos, &["H:e5f5-g7h7", "H:e5f5-c3d3", "e5-e6", "f5-g5"], &["H:e5f5-e6f6", "e5-f5"]);
    assert!(find(&pos, "e5-e6").info.split);
}

#[test]
fn omino_king_captures_go_to_the_hand_and_come_back_as_drops() {
    let pos = setup(OMINO, "d2 d3 e3 d4", "e4 f5 a10", Side::White);
    let m = find(&pos, "K:d2d3e3d4xe4e5f5e6!");
    assert!(m.info.to_hand && m.info.captured == 2);
    assert_eq!((m.next.hand, m.next.halfmove), ([2, 0], 0));
    // Sub-parts of the King are other types: their captures are removed for good.
    let h = find(&pos, "H:d3e3xe5f5");
    assert_eq!(h.next.hand, [0, 0]);
    let after = m.next.play("a10-a9").unwrap();
    has_all(&after, &["@a1", "@e3", "@k10"], &["@e4", "@a9"]);
    let dropped = after.play("@a1").unwrap();
    assert_eq!((dropped.hand, cell(&dropped, "a1"), dropped.halfmove), ([1, 0], 1, 0));
    // Black has no hand: no drops.
    assert!(dropped.legal_moves().iter().all(|t| !t.starts_with('@')));
}

#[test]
fn omino_multi_cell_capture_stops_the_slide() {
    let pos = setup(OMINO, "a1 b1 a2 b2", "a5 k10", Side::White);
    let m = find(&pos, "R:a1b1a2b2xa4b4a5b5");
    assert!(!m.info.to_hand && m.info.captured == 1);
    // Beyond a capture, nothing; over its own start cells, yes.
    assert!(!leads_to(&pos, &["a1", "b1", "a2", "b2"], [0, 4, 0]));
    has_all(&pos, &["R:a1b1a2b2-a3b3a4b4", "a2-a3"], &[]);
    // One step up is also the lower half's leap: one move, named by the Horse.
    assert_eq!(find(&pos, "H:a1b1-a3b3").info.ways, 2);
    has_all(&pos, &[], &["R:a1b1-a3b3"]);
    let pos = setup(OMINO, "a1 b1 a2 b2", "a5 b5 k10", Side::White);
    assert_eq!(find(&pos, "R:a1b1a2b2xa4b4a5b5").info.captured, 2);
}

#[test]
fn omino_two_ways_to_one_position_are_one_move() {
    // The Rook one step right and its left half leaping two: the same position, named by the
    // first type of the shape table.
    let pos = setup(OMINO, "a1 b1 a2 b2", "k10", Side::White);
    let m = find(&pos, "H:a1a2-c1c2");
    assert_eq!(m.info.ways, 2);
    has_all(&pos, &[], &["R:a1a2-c1c2"]);
    let boards: BTreeSet<Vec<i8>> = pos.legal().into_iter().map(|l| l.next.board).collect();
    assert_eq!(boards.len(), pos.legal().len());
}

#[test]
fn omino_groups_merge_and_split() {
    let pos = setup(OMINO, "c3 e3", "k10", Side::White);
    let m = find(&pos, "c3-d3");
    assert!(m.info.merge);
    let pos = m.next.play("k10-k9").unwrap();
    has_all(&pos, &["H:d3e3-f5g5", "d3-d4"], &["H:c3e3-e5g5"]);
    // A pentomino does not move whole; its four-cell parts (Marshals) do.
    let pos = setup(OMINO, "a1 b1 c1 d1 e1", "k10", Side::White);
    let legal = pos.legal();
    assert!(legal.iter().all(|l| l.info.checkers < 5));
    has_all(&pos, &["M:a1b1c1d1-a2b2c2d2", "M:b1c1d1e1-b2c2d2e2", "N:c1-f1"], &["N:a1-d1"]);
}

#[test]
fn omino_the_side_to_move_loses_without_a_checker_on_the_board_or_a_move() {
    let mut pos = setup(OMINO, "", "a10", Side::White);
    pos.hand = [3, 0];
    assert!(pos.legal().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
    let pos = setup(OMINO, "a1", "a2 b1 k10", Side::White);
    assert!(pos.legal().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
    let pos = setup(OMINO, "a1", "a2 b1 b2", Side::White);
    let after = pos.play("a1xb2").unwrap();
    assert_eq!(after.outcome(), None, "Black still has checkers");
}

#[test]
fn nomino_queen_of_the_rules_text() {
    let pos = setup(NOMINO, "c2 c3^2 d3^2 d2^2", "k10", Side::White);
    let m = find(&pos, "Q:c2c3^2d3^2-d1e1^2e2^2");
    assert!(m.info.doubles && m.info.checkers == 7);
}

#[test]
fn nomino_double_is_a_sergeant_and_one_of_its_checkers_moves_alone() {
    let pos = setup(NOMINO, "e5^2", "a10", Side::White);
    exact(
        &pos,
        &[
            "S:e5^2-d4^2",
            "S:e5^2-d5^2",
            "S:e5^2-d6^2",
            "S:e5^2-e4^2",
            "S:e5^2-e6^2",
            "S:e5^2-f4^2",
            "S:e5^2-f5^2",
            "S:e5^2-f6^2",
            "e5-d5",
            "e5-e4",
            "e5-e6",
            "e5-f5",
        ],
    );
    assert!(find(&pos, "e5-e6").info.split);
}

#[test]
fn nomino_single_lands_on_an_own_single_a_double_does_not() {
    let pos = setup(NOMINO, "e4 e5", "a10", Side::White);
    let m = find(&pos, "e4-e5");
    assert!(m.info.merge && m.info.split);
    assert_eq!(cell(&m.next, "e5"), 2);
    // The double + single (a Ninja): the double never lands on the single.
    let pos = setup(NOMINO, "e5^2 f5", "a10", Side::White);
    has_all(&pos, &["N:e5^2f5-e6^2f6"], &["S:e5^2-f5^2", "f5-e5"]);
    // One checker of the double onto the single: two doubles' worth, one on each cell.
    assert_eq!(cell(&find(&pos, "e5-f5").next, "f5"), 2);
}

#[test]
fn nomino_passing_rule_one_checker_over_one_a_double_over_none() {
    // A Bishop of singles passes over a Black single (or lands on it, capturing, and stops).
    let pos = setup(NOMINO, "a1 b1 a2", "b2 k10", Side::White);
    has_all(&pos, &["B:a1b1a2xb2c2b3", "B:a1b1a2-c3d3c4"], &[]);
    // Over a Black double it may not pass.
    let pos = setup(NOMINO, "a1 b1 a2", "b2^2 k10", Side::White);
    has_all(&pos, &["B:a1b1a2xb2c2b3"], &["B:a1b1a2-c3d3c4"]);
    // A Rook of two doubles passes over nothing, captures on landing.
    let pos = setup(NOMINO, "a1^2 b1^2", "a3 k10", Side::White);
    has_all(&pos, &["R:a1^2b1^2-a2^2b2^2", "R:a1^2b1^2xa3^2b3^2"], &["R:a1^2b1^2-a4^2b4^2"]);
    // A single passes over an own single too.
    let pos = setup(NOMINO, "a1 b1 a2 c2", "k10", Side::White);
    assert!(leads_to(&pos, &["a1", "b1", "a2"], [2, 2, 0]));
}

#[test]
fn nomino_last_rank_gives_reserve_checkers_and_drops_use_them() {
    let pos = setup(NOMINO, "e9", "a10", Side::White);
    let m = find(&pos, "e9-e10");
    assert_eq!((m.info.reserve_gain, m.next.hand, m.next.halfmove), (1, [1, 0], 0));
    let pos = setup(NOMINO, "e9^2", "a10", Side::White);
    assert_eq!(find(&pos, "S:e9^2-e10^2").next.hand, [2, 0]);
    assert_eq!(find(&pos, "e9-e10").next.hand, [1, 0]);
    // Along the last rank: nothing.
    let pos = setup(NOMINO, "e10", "a10", Side::White);
    assert_eq!(find(&pos, "e10-f10").next.hand, [0, 0]);
    // Black's last rank is rank 1.
    let pos = setup(NOMINO, "k10", "e2", Side::Black);
    assert_eq!(find(&pos, "e2-e1").next.hand, [0, 1]);
    // Drops: an empty cell or a single own checker, never an enemy or a double.
    let mut pos = setup(NOMINO, "e5 f7^2", "a10", Side::White);
    pos.hand = [1, 0];
    has_all(&pos, &["@a1", "@e5"], &["@a10", "@f7"]);
    let d = pos.play("@e5").unwrap();
    assert_eq!((cell(&d, "e5"), d.hand, d.halfmove), (2, [0, 0], 0));
}

#[test]
fn nomino_mirror_reflects_off_the_edges_with_extras_only() {
    let white = "c1^2 d1 c2 d2^2";
    let pos = setup(EXTRAS, white, "a10", Side::White);
    let m = find(&pos, "I:c1^2d1c2d2^2-c5^2d5c6d6^2");
    assert!(matches!(m.info.route, Route::Mirror { bounces } if bounces > 0), "{:?}", m.info);
    // Straight along the diagonal too, and along the path after the third bounce.
    assert!(leads_to(&pos, &["c1", "d1", "c2", "d2"], [6, 6, 0]));
    assert!(leads_to(&pos, &["c1", "d1", "c2", "d2"], [-1, 1, 0]));
    // Never back onto its start, never a plain slide beyond the edge.
    let basic = setup(NOMINO, white, "a10", Side::White);
    assert!(!leads_to(&basic, &["c1", "d1", "c2", "d2"], [0, 4, 0]));
    // Checkers on the paths stop it: both ways there (f8 right after the second bounce of the
    // way up-right, b3 on the way up-left) are blocked.
    let blocked = setup(EXTRAS, white, "a10 f8 b3^2", Side::White);
    assert!(!leads_to(&blocked, &["c1", "d1", "c2", "d2"], [0, 4, 0]));
}

#[test]
fn nomino_the_side_to_move_loses_without_a_checker_on_the_board() {
    let mut pos = setup(NOMINO, "", "a10", Side::White);
    pos.hand = [2, 0];
    assert!(pos.legal().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
}

#[test]
fn doseki_pawn_steps_six_ways_and_captures_face_diagonally() {
    let pos = setup(DOSEKI, "Ee5", "Ee6 Ef6 Fe6 Fd5 Ae1", Side::White);
    exact(&pos, &["Ee5-De5", "Ee5-Ed5", "Ee5-Ee4", "Ee5-Ef5", "Ee5-Fe5", "Ee5xEf6", "Ee5xFd5", "Ee5xFe6"]);
}

#[test]
fn doseki_rook_captures_on_both_landing_cells() {
    let pos = setup(DOSEKI, "Ea1 Eb1 Ea2 Eb2", "Ea5 Eb5", Side::White);
    assert_eq!(find(&pos, "R:Ea1Eb1Ea2Eb2xEa4Eb4Ea5Eb5").info.captured, 2);
    assert!(!leads_to(&pos, &["Ea1", "Eb1", "Ea2", "Eb2"], [0, 4, 0]));
}

const WISEMEN: [&str; 6] = ["Ee5", "Ef5", "Ee6", "Ef6", "Ff5", "Fe6"];

#[test]
fn doseki_wisemen_move_by_an_orthogonal_slide_then_two_steps_aside() {
    let pos = setup(DOSEKI, &WISEMEN.join(" "), "Aa9", Side::White);
    let m = find(&pos, "W:Ee5Ef5Ee6Ef6Ff5Fe6-Eg6Eh6Eg7Eh7Fh6Fg7");
    assert_eq!(m.info.route, Route::TwoLeg);
    assert!(leads_to(&pos, &WISEMEN, [2, 3, 0]) && leads_to(&pos, &WISEMEN, [-2, 0, 1]));
    // Never the first leg alone, never a second leg along the first.
    for offset in [[0, 1, 0], [0, 3, 0], [2, 0, 0], [0, 0, 0]] {
        assert!(!leads_to(&pos, &WISEMEN, offset), "{offset:?}");
    }
    // The second leg's middle cell must be free (Fg6 for +1 rank then +2 files) ...
    let blocked = setup(DOSEKI, &WISEMEN.join(" "), "Aa9 Fg6", Side::White);
    assert!(!leads_to(&blocked, &WISEMEN, [2, 1, 0]));
    // ... the first leg's end too (Fe7), while the final cells capture (Eh7).
    let blocked = setup(DOSEKI, &WISEMEN.join(" "), "Aa9 Fe7", Side::White);
    assert!(!leads_to(&blocked, &WISEMEN, [2, 1, 0]));
    let capture = setup(DOSEKI, &WISEMEN.join(" "), "Aa9 Eh7", Side::White);
    assert_eq!(find(&capture, "W:Ee5Ef5Ee6Ef6Ff5Fe6xEg6Eh6Eg7Eh7Fh6Fg7").info.captured, 1);
}

#[test]
fn doseki_joker_moves_by_a_face_diagonal_slide_then_two_steps() {
    // The box minus two opposite corners (Ee5 and Ff6).
    let joker = ["Ef5", "Ee6", "Ef6", "Fe5", "Ff5", "Fe6"];
    let pos = setup(DOSEKI, &joker.join(" "), "Aa9", Side::White);
    assert!(leads_to(&pos, &joker, [3, 1, 2]));
    assert!(!leads_to(&pos, &joker, [1, 1, 0]) && !leads_to(&pos, &joker, [3, 3, 0]));
    assert!(pos.legal().iter().all(|l| l.info.route == Route::TwoLeg || l.info.checkers < 6));
}

#[test]
fn doseki_far_face_gives_reserve_checkers_and_drops_use_them() {
    let pos = setup(DOSEKI, "Ee8 Ed8 Aa9", "Ee9 Ii1", Side::White);
    assert_eq!(find(&pos, "Ee8-Fe8").next.hand, [0, 0]);
    let m = find(&pos, "Ed8xEe9");
    assert_eq!((m.info.reserve_gain, m.next.hand, m.next.halfmove), (1, [1, 0], 0));
    assert_eq!(find(&pos, "Aa9-Ab9").next.hand, [0, 0], "along the face: nothing");
    let pos = setup(DOSEKI, "Ee7 Ef7", "Ii1", Side::White);
    assert_eq!(find(&pos, "H:Ee7Ef7-Ee9Ef9").next.hand, [2, 0]);
    let pos = setup(DOSEKI, "Aa9", "Ee2", Side::Black);
    assert_eq!(find(&pos, "Ee2-Ee1").next.hand, [0, 1]);
    let mut pos = setup(DOSEKI, "Aa9", "Ee2", Side::White);
    pos.hand = [1, 0];
    has_all(&pos, &["@Ee5", "@Ii9"], &["@Aa9", "@Ee2"]);
    assert_eq!(pos.legal().iter().filter(|l| l.info.route == Route::Drop).count(), 729 - 2);
}

#[test]
fn doseki_the_side_to_move_loses_without_a_checker_on_the_board() {
    let mut pos = setup(DOSEKI, "", "Ee5", Side::White);
    pos.hand = [5, 0];
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
}

#[test]
fn start_positions_are_the_draughts_setups() {
    for game in Game::ALL {
        let pos = Pos::start(game);
        let per_side = if game == DOSEKI { 162 } else { 20 };
        assert_eq!((pos.on_board(Side::White), pos.on_board(Side::Black)), (per_side, per_side));
        assert_eq!(Pos::from_fen(game, &pos.to_fen()).unwrap(), pos);
        // Every checker a Pawn: no two of one colour orthogonally adjacent; centre-symmetric.
        for i in 0..pos.board.len() {
            let p = game.pt(i);
            let n = game.n() - 1;
            let mirror = game.idx([n - p[0], n - p[1], if game == DOSEKI { n - p[2] } else { 0 }]).unwrap();
            assert_eq!(pos.board[i], -pos.board[mirror]);
        }
        assert!(pos.legal().iter().all(|l| l.info.checkers == 1 && l.info.letter == Some('P')));
    }
    assert_eq!(cell(&Pos::start(OMINO), "a1"), 1);
    assert_eq!(cell(&Pos::start(OMINO), "k10"), -1);
    assert_eq!(cell(&Pos::start(DOSEKI), "Aa1"), 1);
    assert_eq!(cell(&Pos::start(DOSEKI), "Ii9"), -1);
}

/// The perft numbers checked in for `game`: (depth, nodes).
fn checked_in(game: Game) -> Vec<(u32, u64)> {
    let text = match game {
        Game::Omino => include_str!("data/omino.perft"),
        Game::Nomino { .. } => include_str!("data/nomino.perft"),
        Game::Doseki => include_str!("data/doseki.perft"),
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (name, rest) =
                l.rsplit_once(' ').and_then(|(a, n)| a.rsplit_once(' ').map(|(g, d)| (g, (d, n))))?;
            (name == game.name()).then(|| (rest.0.parse().unwrap(), rest.1.parse().unwrap()))
        })
        .collect()
}

/// Perft from the start up to `max` nodes of work a line.
fn perft_lines(max_depth: impl Fn(Game) -> u32) {
    for game in Game::ALL {
        let lines = checked_in(game);
        assert!(!lines.is_empty(), "{}: no perft lines", game.name());
        for (d, n) in lines.into_iter().filter(|&(d, _)| d <= max_depth(game)) {
            assert_eq!(Pos::start(game).perft(d), n, "{} depth {d}", game.name());
        }
    }
}

#[test]
fn perft_from_the_start_matches_the_numbers_checked_in() {
    perft_lines(|_| 3);
}

/// `cargo test -p ccg-games --release --test polyform_reference_selftest -- --ignored`
#[test]
#[ignore = "slow: the flat games' depth 4, about two minutes each"]
fn perft_deep_from_the_start_matches_the_numbers_checked_in() {
    perft_lines(|_| u32::MAX);
}

/// What a move must do to the books: checkers conserved on the board (plus a drop, minus the
/// captured), the hand or reserve as the move says, the counters, the position string.
fn check_books(pos: &Pos, legal: &[Legal]) {
    let (me, them) = (pos.side, pos.side.other());
    let texts: BTreeSet<&str> = legal.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts.len(), legal.len(), "a text twice at {}", pos.to_fen());
    for l in legal {
        let (i, n) = (&l.info, &l.next);
        let drop = (i.route == Route::Drop) as u32;
        let ctx = format!("{} at {}", l.text, pos.to_fen());
        assert_eq!(n.on_board(me), pos.on_board(me) + drop, "{ctx}");
        assert_eq!(n.on_board(them) + i.captured, pos.on_board(them), "{ctx}");
        let hand_in = if i.to_hand { i.captured } else { 0 } + i.reserve_gain;
        assert_eq!(n.hand[me.index()] + drop, pos.hand[me.index()] + hand_in, "{ctx}");
        assert_eq!(n.hand[them.index()], pos.hand[them.index()], "{ctx}");
        let reset = i.captured > 0 || drop > 0 || i.reserve_gain > 0;
        assert_eq!(n.halfmove, if reset { 0 } else { pos.halfmove + 1 }, "{ctx}");
        assert_eq!(n.side, them, "{ctx}");
        assert_eq!(n.fullmove, pos.fullmove + (me == Side::Black) as u32, "{ctx}");
        assert_eq!(i.to_hand, pos.game == OMINO && i.letter == Some('K') && i.captured > 0, "{ctx}");
    }
}

/// Random play from `start` for up to `plies`, checking the books at every position.
fn walk(start: Pos, plies: usize, rng: &mut Rng, seen: &mut Seen) {
    let mut pos = start;
    for _ in 0..plies {
        assert_eq!(Pos::from_fen(pos.game, &pos.to_fen()).as_ref(), Ok(&pos), "round trip");
        let legal = pos.legal();
        seen.offered(&legal);
        check_books(&pos, &legal);
        if legal.is_empty() {
            assert_eq!(pos.outcome(), Some(Outcome::Win(pos.side.other())));
            seen.games_won += 1;
            return;
        }
        assert_eq!(pos.outcome(), None);
        let weights: Vec<u64> = legal.iter().map(|l| weight(&l.info)).collect();
        pos = legal[pick(&weights, rng)].next.clone();
    }
}

/// Random play from the start and from random boards of every density: every rule of the game
/// comes up, and every move keeps the books.
fn random_play(game: Game, games: usize, plies: usize, boards: usize) {
    let mut rng = Rng(0x9017_f0a0 + game.cells() as u64);
    let mut seen = Seen::default();
    for _ in 0..games {
        walk(Pos::start(game), plies, &mut rng, &mut seen);
    }
    for b in 0..boards {
        let density = [3, 10, 25, 45][b % 4];
        let mut pos = random_board(game, density, &mut rng);
        if b % 10 == 0 {
            // The side to move without a checker on the board, whatever its hand: lost.
            pos.board.iter_mut().filter(|v| **v * pos.side.sign() > 0).for_each(|v| *v = 0);
        }
        walk(pos, 8, &mut rng, &mut seen);
    }
    for t in 0..game.table().types.len() {
        walk(board_with_type(game, t, &mut rng), 4, &mut rng, &mut seen);
    }
    eprintln!("{}: {seen:#?}", game.name());
    assert!(seen.missing(game).is_empty(), "{}: never seen: {:?}", game.name(), seen.missing(game));
}

#[test]
fn omino_random_play_keeps_the_books() {
    random_play(OMINO, 10, 150, 150);
}

#[test]
fn nomino_random_play_keeps_the_books() {
    random_play(NOMINO, 8, 150, 120);
    random_play(EXTRAS, 6, 150, 120);
}

#[test]
fn doseki_random_play_keeps_the_books() {
    random_play(DOSEKI, 1, 60, 20);
}
