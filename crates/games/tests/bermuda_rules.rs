//! Bermuda chess, rule by rule (docs/rules.md, Bermuda chess): the author's four rules —
//! displacement on the upper board, descent, ascent on the lower board, the king rule — and every
//! point of our rulings: en passant on each board counting for rules 1 and 3, the double step of
//! a never-moved pawn only, castling on both boards (no check conditions, rights lost when anything
//! happens on the start cells), promotion on either board, a side losing its last King, the
//! notation.

use ccg_core::{Color, OutcomeReason, Position};

/// A position from piece lists such as `"KLe1 PUd5"` (piece letter, cell), White's and Black's.
fn board(white: &str, black: &str, side: Color) -> Position {
    let v = ccg_games::variant("bermuda", &[]).unwrap();
    let g = &v.geometry;
    let mut rows = vec![vec!['.'; 8]; 16];
    for (list, color) in [(white, Color::White), (black, Color::Black)] {
        for item in list.split_whitespace() {
            let (letter, cell) = item.split_at(1);
            let c = g.parse_cell(cell).unwrap_or_else(|| panic!("no cell {cell}"));
            let (r, f) = g.grid.place[c as usize];
            let ch = letter.chars().next().unwrap();
            rows[r][f] = if color == Color::White { ch } else { ch.to_ascii_lowercase() };
        }
    }
    let text: Vec<String> = rows
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &ch in row {
                if ch == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s += &empty.to_string();
                    }
                    empty = 0;
                    s.push(ch);
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    let fen = format!("{} {}", text.join("/"), if side == Color::White { "w" } else { "b" });
    Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn at(p: &Position, cell: &str) -> String {
    let v = p.variant();
    let c = v.geometry.parse_cell(cell).unwrap();
    p.piece_at(c).map_or(".".to_string(), |x| v.piece_token(x))
}

#[track_caller]
fn play(p: &mut Position, mv: &str) {
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv} in {}: {e}", p.to_fen())).mv;
    p.make(m);
}

#[track_caller]
fn assert_illegal(p: &Position, mv: &str) {
    assert!(p.parse_move(mv).is_err(), "{mv} should be illegal in {}", p.to_fen());
}

#[track_caller]
fn cells(p: &Position, expected: &[(&str, &str)]) {
    for (cell, piece) in expected {
        assert_eq!(at(p, cell), *piece, "{cell} in {}", p.to_fen());
    }
}

const KINGS: &str = "KLa1 KUa1";
const BLACK_KINGS: &str = "KLh8 KUh8";

#[test]
fn rule_1_a_capture_on_the_upper_board_displaces_the_victim_below() {
    // The victim on Ud5 falls to Ld5 and kills the White knight standing there.
    let mut p = board(&format!("{KINGS} RUd1 NLd5"), &format!("{BLACK_KINGS} BUd5"), Color::White);
    play(&mut p, "RUd1:Ud5");
    cells(&p, &[("Ud5", "R"), ("Ld5", "b"), ("Ud1", ".")]);
    // Onto an empty cell below, nothing else happens.
    let mut p = board(&format!("{KINGS} RUd1"), &format!("{BLACK_KINGS} BUd5"), Color::White);
    play(&mut p, "RUd1:Ud5");
    cells(&p, &[("Ud5", "R"), ("Ld5", "b")]);
}

#[test]
fn rule_2_upper_pieces_descend_or_capture_below() {
    let p = board(&format!("{KINGS} NUc3 QUe4"), &format!("{BLACK_KINGS} PLe4"), Color::White);
    let mut q = p.clone();
    play(&mut q, "NUc3-Lc3");
    cells(&q, &[("Lc3", "N"), ("Uc3", ".")]);
    let mut q = p.clone();
    play(&mut q, "QUe4:Le4");
    cells(&q, &[("Le4", "Q"), ("Ue4", ".")]);
    // Only to the complementary cell, and never upwards.
    assert_illegal(&p, "NUc3-Ld5");
    let p = board(&format!("{KINGS} NLc3"), BLACK_KINGS, Color::White);
    assert_illegal(&p, "NLc3-Uc3");
}

#[test]
fn rule_3_a_capture_on_the_lower_board_lifts_the_capturer_if_the_cell_above_is_free() {
    let mut p = board(&format!("{KINGS} BLb2"), &format!("{BLACK_KINGS} NLf6"), Color::White);
    play(&mut p, "BLb2:Lf6");
    cells(&p, &[("Lf6", "."), ("Uf6", "B")]);
    // Blocked by any piece above (an own one too): the capturer stays below.
    let mut p = board(&format!("{KINGS} BLb2 PUf6"), &format!("{BLACK_KINGS} NLf6"), Color::White);
    play(&mut p, "BLb2:Lf6");
    cells(&p, &[("Lf6", "B"), ("Uf6", "P")]);
}

#[test]
fn rule_4_pieces_move_only_while_a_king_of_their_colour_is_on_their_board() {
    // No White King on U: the upper knight is frozen, the lower one moves.
    let p = board("KLa1 NLb1 NUb1", BLACK_KINGS, Color::White);
    assert_illegal(&p, "NUb1-Uc3");
    assert!(p.parse_move("NLb1-Lc3").is_ok());
    // A King that descends freezes the board it left.
    let mut p = board("KUe2 NUb1 KLa1", BLACK_KINGS, Color::White);
    play(&mut p, "KUe2-Le2");
    play(&mut p, "KLh8-Lg8");
    assert_illegal(&p, "NUb1-Uc3");
}

#[test]
fn a_side_without_a_king_has_lost() {
    // Taking the last King wins, on the lower board as anywhere.
    let mut p = board("KLa1 RLe1", "KLe8", Color::White);
    play(&mut p, "RLe1:Le8");
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), OutcomeReason::RoyalCaptured));
    assert!(p.legal_moves().is_empty());
    // A King taken on the upper board is displaced, not removed: Black still has it, below.
    let mut p = board("KLa1 KUa1 RUe1", "KLh8 KUe8", Color::White);
    play(&mut p, "RUe1:Ue8");
    cells(&p, &[("Le8", "k")]);
    assert!(p.outcome().is_none());
}

#[test]
fn a_displacement_may_kill_the_capturers_own_king() {
    // White's lower King stands on Ld5; capturing on Ud5 drops the victim onto it.
    let mut p = board("KLd5 KUa1 RUd1 NLb1", "KLh8 KUh8 NUd5", Color::White);
    play(&mut p, "RUd1:Ud5");
    cells(&p, &[("Ld5", "n"), ("Ud5", "R")]);
    assert!(p.outcome().is_none(), "White keeps the upper King");
    // With the lower King gone, White's lower knight is frozen.
    play(&mut p, "KLh8-Lg8");
    assert!(p.parse_move("NLb1-Lc3").is_err());
}

#[test]
fn en_passant_counts_as_a_capture_on_each_board() {
    // Upper board: the pawn taken en passant is displaced from its own cell.
    let mut p = board(&format!("{KINGS} PUe5"), &format!("{BLACK_KINGS} PUd7 RLd5"), Color::Black);
    play(&mut p, "PUd7-Ud5".trim_start_matches('P'));
    play(&mut p, "Ue5:Ud6");
    cells(&p, &[("Ud6", "P"), ("Ud5", "."), ("Ld5", "p")]);
    // Lower board: the capturer goes up from its landing cell.
    let mut p = board(&format!("{KINGS} PLe5"), &format!("{BLACK_KINGS} PLd7"), Color::Black);
    play(&mut p, "Ld7-Ld5");
    play(&mut p, "Le5:Ld6");
    cells(&p, &[("Ld6", "."), ("Ud6", "P"), ("Ld5", ".")]);
}

#[test]
fn only_a_pawn_that_never_moved_double_steps() {
    let p = board(&format!("{KINGS} PLc2"), BLACK_KINGS, Color::White);
    assert!(p.parse_move("Lc2-Lc4").is_ok());
    // A pawn brought to rank 2 by a descent has moved.
    let mut p = board(&format!("{KINGS} PUf2"), BLACK_KINGS, Color::White);
    play(&mut p, "Uf2-Lf2");
    play(&mut p, "KLh8-Lg8");
    assert_illegal(&p, "Lf2-Lf4");
    assert!(p.parse_move("Lf2-Lf3").is_ok());
}

#[test]
fn castling_on_both_boards_as_the_kings_move_without_check_conditions() {
    let start = Position::new(ccg_games::variant("bermuda", &[]).unwrap());
    let mut p = start.clone();
    // Clear the way on both boards, then castle: lower short, upper both ways.
    for m in ["NLg1-Lf3", "NLg8-Lf6", "Le2-Le3", "Le7-Le6", "BLf1-Le2", "BLf8-Le7"] {
        play(&mut p, m);
    }
    let mut lower = p.clone();
    play(&mut lower, "Le1-Lg1");
    cells(&lower, &[("Lg1", "K"), ("Lf1", "R"), ("Lh1", "."), ("Le1", ".")]);
    assert_eq!(p.parse_move("KLe1-Lg1").map(|x| x.mv), p.parse_move("Le1-Lg1").map(|x| x.mv));
    let mut p = start.clone();
    for m in ["NUb1-Uc3", "NUb8-Uc6", "Ub2-Ub3", "Ub7-Ub6", "BUc1-Ub2", "BUc8-Ub7"] {
        play(&mut p, m);
    }
    let mut upper = p.clone();
    play(&mut upper, "Ud1-Ub1");
    cells(&upper, &[("Ub1", "K"), ("Uc1", "R"), ("Ua1", ".")]);
    assert_eq!(p.move_text(upper_castle(&p)), "Ud1-Ub1");
    // No check conditions: castling through a cell an enemy piece attacks is allowed.
    let p = board("KLe1 RLh1 KUa1", "KLa8 KUh8 RLf8", Color::White);
    assert!(p.parse_move("Le1-Lg1").is_ok());
    // A right is lost for good once anything happened on the Rook's start cell.
    let mut p = board("KLe1 RLh1 KUa1", "KLa8 KUh8", Color::White);
    play(&mut p, "RLh1-Lh2");
    play(&mut p, "KLa8-La7");
    play(&mut p, "RLh2-Lh1");
    play(&mut p, "KLa7-La8");
    assert_illegal(&p, "Le1-Lg1");
}

fn upper_castle(p: &Position) -> ccg_core::Move {
    p.parse_move("Ud1-Ub1").unwrap().mv
}

#[test]
fn pawns_promote_on_either_last_rank_and_after_an_ascent() {
    let p = board(&format!("{KINGS} PUc7"), BLACK_KINGS, Color::White);
    assert!(p.parse_move("Uc7-Uc8=N").is_ok());
    assert_illegal(&p, "Uc7-Uc8");
    // A capture on the lower last rank that ascends promotes where it ends, above.
    let mut p = board(&format!("{KINGS} PLc7"), &format!("{BLACK_KINGS} RLd8"), Color::White);
    play(&mut p, "Lc7:Ld8=Q");
    cells(&p, &[("Ud8", "Q"), ("Ld8", ".")]);
}

#[test]
fn notation_reads_the_rulings_forms() {
    let p = Position::new(ccg_games::variant("bermuda", &[]).unwrap());
    for m in ["Le2-Le4", "NLg1-Lf3", "Ud2-Ud4", "NUb1-Ua3"] {
        let mv = p.parse_move(m).unwrap().mv;
        assert_eq!(p.move_text(mv), m);
        assert_eq!(p.parse_coord(&p.move_coord(mv)), Ok(mv));
    }
    let p = board(&format!("{KINGS} PLe4"), &format!("{BLACK_KINGS} PLd5"), Color::White);
    assert_eq!(p.parse_move("Le4xLd5").map(|x| x.mv), p.parse_move("Le4:Ld5").map(|x| x.mv));
    assert!(p.parse_move("Le4-Ld5").is_err(), "a capture is written with ':'");
    assert!(p.parse_move("Lj4-Lj5").is_err());
}
