//! Russian cheskers (`cheskers`) against the independent reference generator
//! `support/reference_cheskers.rs`, written straight from docs/rules.md (Russian cheskers): identical
//! legal-move sets (whole capture chains, in coordinate form) on thousands of positions — random
//! play from the start, random boards of every density, and constructed adversarial positions (a
//! lone Queen among scattered pieces, several flying pieces with long chains, a Knight in a net,
//! a Rook that takes fifteen pieces and a Queen that takes all sixteen, some 120,000 moves in one
//! position) — identical position strings after every move, the seed games move by move, Decision
//! 8's rulings on hand-worked positions, and perft from the start checked in and confirmed by the
//! reference (depths 1–4 every run; 5 by the reference with `--ignored`, about 4 s).

#[path = "support/agree.rs"]
mod agree;
#[path = "support/reference_cheskers.rs"]
mod reference;

use ccg_core::{Position, Rng};
use reference::{Color, Piece, RefPos};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Perft from the start, depths 1–5, checked in at `data/cheskers.perft`. Depths 1–4 are
/// recomputed by the reference on every run; depth 5 by `perft5_agrees_with_reference` (`--ignored`).
fn start_perft() -> Vec<u64> {
    include_str!("data/cheskers.perft")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| match l.split_whitespace().collect::<Vec<_>>()[..] {
            ["cheskers", d, n] if d == (i + 1).to_string() => n.parse().unwrap(),
            _ => panic!("cheskers.perft: bad line {l:?}"),
        })
        .collect()
}

fn variant() -> Arc<ccg_core::variant::Variant> {
    ccg_games::variant("cheskers", &[]).unwrap()
}

fn ours_from(fen: &str) -> Position {
    Position::from_fen(variant(), fen).unwrap_or_else(|e| panic!("ours rejects {fen}: {e}"))
}

/// Compares the legal moves of both generators; returns their number.
fn compare(pos: &Position, r: &RefPos, context: &str) -> usize {
    let fen = pos.to_fen();
    assert_eq!(fen, r.to_fen(), "{context}: position strings differ");
    let mine: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_coord(m)).collect();
    assert_eq!(pos.count_legal() as usize, mine.len(), "{context}: count_legal vs list at {fen}");
    agree::assert_same_moves(context, &fen, mine, r.legal_moves())
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    captures: usize,
    chains: usize,
    longest_chain: usize,
    promotions: usize,
    king_leaps: usize,
    kings_taken: usize,
}

/// Random play from `fen` (both generators side by side) for up to `plies` plies, comparing the
/// move lists before every move and the position strings after it (moves picked uniformly).
fn walk(fen: &str, plies: usize, rng: &mut Rng, seen: &mut Seen, context: &str) {
    let mut pos = ours_from(fen);
    let mut r = RefPos::from_fen(fen).unwrap();
    assert_eq!(pos.to_fen(), r.to_fen(), "{context}: the start reads differently");
    for ply in 0..plies {
        let ctx = format!("{context} ply {ply}");
        seen.moves += compare(&pos, &r, &ctx);
        seen.positions += 1;
        let list = r.legal_move_list();
        if list.is_empty() {
            break;
        }
        let m = &list[rng.below(list.len())];
        let text = m.name();
        seen.captures += m.is_capture() as usize;
        seen.chains += (m.taken.len() > 1) as usize;
        seen.longest_chain = seen.longest_chain.max(m.taken.len());
        seen.promotions += m.promotes as usize;
        let mover = r.at(m.from()).unwrap();
        let dist = (m.to().0 - m.from().0).abs().max((m.to().1 - m.from().1).abs());
        seen.king_leaps += (mover.letter == 'K' && !m.is_capture() && dist == 2) as usize;
        seen.kings_taken += m.taken.iter().filter(|&&c| r.at(c).unwrap().letter == 'K').count();
        let ours_m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&x| pos.move_coord(x) == text)
            .unwrap_or_else(|| panic!("{ctx}: {text} missing from our moves at {}", pos.to_fen()));
        let before = pos.to_fen();
        pos.make(ours_m);
        r = r.apply(m);
        assert_eq!(pos.to_fen(), r.to_fen(), "{ctx}: after {text} from {before}");
    }
}

fn perft_compare(fen: &str, depth: u32) -> u64 {
    let r = RefPos::from_fen(fen).unwrap();
    agree::assert_perft_agrees(
        "cheskers",
        &mut ours_from(fen),
        depth,
        r.perft(depth),
        || r.divide(depth),
        |p, m| p.move_coord(m),
    )
}

#[test]
fn reference_self_check() {
    reference::self_check().unwrap();
}

/// The three seed games (docs/rules.md, Russian cheskers; Game 3's erratum applied) are legal move by move for the
/// reference — a check of the reference against the author — and for ours, with equal move lists
/// and position strings all the way; each ends with a King taken and no move left.
#[test]
fn seed_games_in_both_generators() {
    let games = [
        "e2-e3 d7-d6 f1-b5 e8-d7 b5:e8:h5",
        "d2-d3 e7-e6 e2-e3 e6-e5 d3-d4 e5:c3 b2:d4 f8-b4 e1:a5 a7-a6 a5:a7 a8:a4:e4:e2:b2 b1:b3 f7-f6 \
         f2-f3 g8-e6 g1-e3 e8-f7 b3-d5 e6:c4 f1:b5:e8:h5",
        "d2-d3 d7-d6 c2-c3 f7-f6 d3-d4 d6-d5 d4:d6 c7:e5 b1-d3 d8:d2:a5 a2-a3 a5:a2:c2 d1:b3 c8-e6 \
         b3-c2 a7-a6 a1:a7:c7:f7:f5:b5 e6-b3 c2:a4 a8:a1:d1",
    ];
    for (g, text) in games.iter().enumerate() {
        let mut pos = Position::new(variant());
        let mut r = RefPos::start();
        for (ply, token) in text.split_whitespace().enumerate() {
            let ctx = format!("game {} ply {ply} {token}", g + 1);
            compare(&pos, &r, &ctx);
            let coord: String = token.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
            let capture = token.contains(':');
            let legal = r.legal_move_list();
            let m = legal.iter().find(|m| m.name() == coord).unwrap_or_else(|| {
                panic!("{ctx}: not legal for the reference at {}: {:?}", r.to_fen(), r.legal_moves())
            });
            assert_eq!(m.is_capture(), capture, "{ctx}: capture mark");
            let ours_m = pos.parse_coord(&coord).unwrap_or_else(|e| panic!("{ctx}: ours: {e}"));
            pos.make(ours_m);
            r = r.apply(m);
            assert_eq!(pos.to_fen(), r.to_fen(), "{ctx}");
        }
        assert_eq!(r.kings(r.side), 0, "game {}: the last move takes the King", g + 1);
        compare(&pos, &r, &format!("game {} end", g + 1));
        assert_eq!(pos.count_legal(), 0);
    }
}

#[test]
fn perft_start_agrees_with_reference() {
    let start = Position::new(variant()).to_fen();
    assert_eq!(start, reference::START_FEN);
    for d in 1..=4 {
        assert_eq!(perft_compare(&start, d), start_perft()[d as usize - 1], "depth {d}");
    }
}

#[test]
fn perft5_start_checked_in() {
    assert_eq!(Position::new(variant()).perft(5), start_perft()[4]);
}

/// Depth 5 from the start by the reference (about 4 s on one core):
/// `cargo test -p ccg-games --test cheskers_reference -- --ignored`.
#[test]
#[ignore = "slow: seconds for the reference"]
fn perft5_agrees_with_reference() {
    assert_eq!(perft_compare(reference::START_FEN, 5), start_perft()[4]);
}

#[test]
fn random_play_agrees_with_reference() {
    let mut rng = Rng::from_state(0xc4e5_0001);
    let mut seen = Seen::default();
    for game in 0..150 {
        walk(reference::START_FEN, 200, &mut rng, &mut seen, &format!("game {game}"));
    }
    eprintln!("random play: {seen:?}");
    assert!(seen.positions > 2000, "{seen:?}");
    assert!(
        seen.chains > 50 && seen.promotions > 0 && seen.king_leaps > 0 && seen.kings_taken > 0,
        "{seen:?}"
    );
}

/// A random board: one King each, `density` in [0, 1] of the other cells filled, at most 16 pieces
/// a side (pieces play can reach: no Pawn on its own last rank). `flyers` biases the side to move
/// towards Queens, Rooks and Bishops and the other side towards Pawns (long chains).
fn random_board(rng: &mut Rng, density: f64, flyers: bool) -> String {
    let mut r = RefPos::from_fen("8/8/8/8/8/8/8/8 w - 0 1").unwrap();
    r.side = if rng.below(2) == 0 { Color::White } else { Color::Black };
    let mut count = [0usize; 2];
    let idx = |c: Color| (c == Color::Black) as usize;
    let mut cells: Vec<(i32, i32)> = (0..64).map(|i| (i % 8, i / 8)).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    for (i, &sq) in cells.iter().enumerate() {
        let color = match i {
            0 => Color::White,
            1 => Color::Black,
            _ if (rng.next_u64() % 1000) as f64 >= density * 1000.0 => continue,
            _ if rng.below(2) == 0 => Color::White,
            _ => Color::Black,
        };
        if count[idx(color)] >= 16 {
            continue;
        }
        let letter = if i < 2 {
            'K'
        } else if flyers {
            if color == r.side {
                ['Q', 'R', 'B', 'N', 'P'][rng.below(5)]
            } else {
                ['P', 'P', 'P', 'N', 'B', 'R', 'Q'][rng.below(7)]
            }
        } else {
            ['P', 'P', 'P', 'P', 'N', 'N', 'B', 'B', 'R', 'R', 'Q'][rng.below(11)]
        };
        if letter == 'P' && sq.1 == color.last_rank() {
            continue;
        }
        count[idx(color)] += 1;
        r.board[sq.1 as usize][sq.0 as usize] = Some(Piece { color, letter });
    }
    r.halfmove = rng.below(40) as u32;
    r.fullmove = 1 + rng.below(60) as u32;
    r.to_fen()
}

#[test]
fn random_boards_agree_with_reference() {
    let mut rng = Rng::from_state(0xc4e5_0002);
    let mut seen = Seen::default();
    for i in 0..1000 {
        let density = [0.15, 0.3, 0.45, 0.6, 0.8][i % 5];
        let fen = random_board(&mut rng, density, i % 3 == 0);
        walk(&fen, 6, &mut rng, &mut seen, &format!("board {i} {fen}"));
    }
    eprintln!("random boards: {seen:?}");
    assert!(seen.positions > 4000, "{seen:?}");
    assert!(seen.longest_chain >= 6, "{seen:?}");
}

/// Constructed positions with many long chains and free landing choices.
pub const ADVERSARIAL: [&str; 8] = [
    // A lone White Queen among scattered Black pieces.
    "k7/1p1p1p1p/8/1p1p1p1p/3Q4/1p1p1p1p/8/7K w - 0 1",
    // The same net, Black to move with a Queen of its own in the middle.
    "k7/1P1P1P1P/8/1P1P1P1P/3q4/1P1P1P1P/8/7K b - 0 1",
    // Several flying pieces against a chequered field of pawns.
    "1k6/p1p1p1p1/8/p1p1p1p1/1Q1R1B2/p1p1p1p1/8/R1B2K2 w - 0 1",
    // A Rook that can take fifteen pieces in one snake (b1 d1 f1 g2 f3 d3 b3 a4 b5 d5 f5 g6 f7 d7 b7).
    "7k/1p1p1p2/6p1/1p1p1p2/p7/1p1p1p2/6p1/Rp1p1p1K w - 0 1",
    // The same with a Queen and the Black King on b6: sixteen, the King last.
    "8/1p1p1p2/1k4p1/1p1p1p2/p7/1p1p1p2/6p1/Qp1p1p1K w - 0 1",
    // A Knight in a net of sixteen (short jumps in 8 directions, chained; d4, f4, d6 and f6 each
    // lie on two crossing diagonal jumps, so taking one closes the other).
    "8/3k1p2/2ppppp1/3pNp2/2ppppp1/3p1p2/8/K7 w - 0 1",
    // Crowded: every piece of both sides packed in the middle.
    "8/8/rnbqkbnr/pPpPpPpP/PpPpPpPp/RNBKQBNR/8/8 w - 0 1",
    // Black Queens and Rooks against White pawns; Kings taken mid-chain possible.
    "8/1P1P1P2/8/1P1K1P2/3q4/1P1P1P1r/8/1r5k b - 0 1",
];

/// Moves and perft 2 of `ADVERSARIAL`, confirmed by the reference on every run.
const ADVERSARIAL_PERFT: [(u64, u64); 8] =
    [(68, 703), (69, 767), (23, 22), (46, 624), (124_356, 93_193), (122_232, 515_284), (10, 90), (161, 116)];

#[test]
fn adversarial_positions_agree_with_reference() {
    let mut rng = Rng::from_state(0xc4e5_0003);
    let mut seen = Seen::default();
    for (i, fen) in ADVERSARIAL.iter().enumerate() {
        let (moves, perft2) = ADVERSARIAL_PERFT[i];
        assert_eq!(perft_compare(fen, 1), moves, "{fen}");
        assert_eq!(perft_compare(fen, 2), perft2, "{fen}");
        // The Queen's and the Knight's nets have some 120,000 moves: two walks from each.
        let walks = if RefPos::from_fen(fen).unwrap().legal_move_list().len() > 10_000 { 2 } else { 10 };
        for g in 0..walks {
            walk(fen, 40, &mut rng, &mut seen, &format!("adversarial {i} walk {g}"));
        }
    }
    eprintln!("adversarial: {seen:?}");
}

/// The Rook's snake takes fifteen pieces and the Queen's sixteen (every Black piece, the King
/// last), the Knight in its net fifteen: the longest chains a side can make are generated whole.
#[test]
fn longest_chains_are_generated_whole() {
    for (fen, want) in [(ADVERSARIAL[3], 15), (ADVERSARIAL[4], 16), (ADVERSARIAL[5], 15)] {
        let r = RefPos::from_fen(fen).unwrap();
        let longest = r.legal_move_list().iter().map(|m| m.taken.len()).max().unwrap();
        assert_eq!(longest, want, "reference at {fen}");
        let pos = ours_from(fen);
        let ours = pos.legal_moves().iter().map(|&m| pos.move_coord(m).len() / 2 - 1).max().unwrap();
        assert_eq!(ours, want, "ours at {fen}");
    }
}

/// A hand-worked case: position, moves that must be there, moves that must not, and the exact
/// list where it is short.
type Ruling =
    (&'static str, &'static [&'static str], &'static [&'static str], Option<&'static [&'static str]>);

/// Our cheskers rulings (docs/rules.md) on small positions, each worked out by hand and checked in both generators.
#[test]
fn rulings_by_hand() {
    let cases: [Ruling; 8] = [
        // Free landing: a1 over a3 may stop on a4, a6, a7 or a8 (nothing more to take there) even
        // though a5 would continue over c5; landing on a5 obliges it to go on.
        (
            "7k/8/8/2p5/8/p7/8/R6K w - 0 1",
            &["a1a4", "a1a5d5"],
            &["a1a5"],
            Some(&["a1a4", "a1a5d5", "a1a5e5", "a1a5f5", "a1a5g5", "a1a5h5", "a1a6", "a1a7", "a1a8"]),
        ),
        // Taken pieces leave at once: the last leg a2-a7 passes a3 (taken on the first leg) and
        // a5 (where the Rook stood).
        ("7k/8/p7/2p5/8/p2p4/1p6/R6K w - 0 1", &["a1a5d5d2a2a7", "a1a5d5d2a2a8"], &[], None),
        // The start cell is empty during the chain: the Rook may come back to a1.
        ("7k/8/8/8/2p5/p7/3p4/Rp5K w - 0 1", &["a1a4d4d1a1"], &[], None),
        // A Pawn jumps backwards too.
        ("k7/8/8/8/8/3P4/3p4/7K w - 0 1", &[], &[], Some(&["d3d1"])),
        // A Pawn's jump onto the last rank makes a Queen.
        ("k7/2p5/1P6/8/8/8/8/7K w - 0 1", &[], &[], Some(&["b6d8q"])),
        // Capture is compulsory: no King's leap (d1d3) or any march while a5 can take c5.
        ("k7/8/8/R1p5/8/8/3P4/3K4 w - 0 1", &[], &["d1d3"], Some(&["a5d5", "a5e5", "a5f5", "a5g5", "a5h5"])),
        // Without the capture the King leaps over its own d2.
        ("k7/8/8/R7/8/8/3P4/3K4 w - 0 1", &["d1d3", "d1c2", "d1e2"], &["d1d2"], None),
        // The Knight's two-cell march needs the middle cell empty.
        ("k7/8/8/8/8/8/1P6/1N5K w - 0 1", &["b1d3", "b1a1", "b1c1", "b1d1", "b1c2"], &["b1b3", "b1b2"], None),
    ];
    for (fen, present, absent, exact) in cases {
        let pos = ours_from(fen);
        let r = RefPos::from_fen(fen).unwrap();
        compare(&pos, &r, fen);
        let mine: BTreeSet<String> = pos.legal_moves().iter().map(|&m| pos.move_coord(m)).collect();
        let theirs: BTreeSet<String> = r.legal_moves().into_iter().collect();
        for (who, set) in [("ours", &mine), ("reference", &theirs)] {
            for m in present {
                assert!(set.contains(*m), "{who}: {m} missing at {fen}: {set:?}");
            }
            for m in absent {
                assert!(!set.contains(*m), "{who}: {m} generated at {fen}: {set:?}");
            }
            if let Some(list) = exact {
                let want: BTreeSet<String> = list.iter().map(|s| s.to_string()).collect();
                assert_eq!(set, &want, "{who} at {fen}");
            }
        }
    }
}
