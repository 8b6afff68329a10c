//! Bermuda chess (`bermuda`) against the independent reference generator
//! `support/reference_bermuda.rs`, written straight from docs/rules.md: the start position, perft
//! from the start (the numbers checked in at `data/bermuda.perft`; depths 1–4 every run, 5 with
//! `cargo test -p ccg-games --release --test bermuda_reference -- --ignored`), and thousands of
//! positions from random play — identical legal-move sets in the canonical notation, outcomes,
//! position strings after every move and their round trips through both readers. The play is
//! biased towards the rare rules, and the test counts each kind seen (displacements, those that
//! kill an own piece below, descents, open and blocked ascents, frozen boards, castling and en
//! passant on each board, promotions, Kings taken) and fails if any count is zero. Hand-worked
//! rulings check both generators against the rules text directly.
//!
//! The two disagreements this test found (a descent onto a skipped cell taken for en passant;
//! castling resetting the fifty-move count) were the fast generator's bugs, fixed; each keeps a
//! test of its own.

#[path = "support/agree.rs"]
mod agree;
#[path = "support/reference_bermuda.rs"]
mod reference;

use ccg_core::{Color, OutcomeReason, Position};
use reference::{Kind, Move, Outcome, RefPos, Side, Sq, LOWER, UPPER};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

/// Built once: a variant's tables take a while to build.
fn variant() -> Arc<ccg_core::variant::Variant> {
    static VARIANT: OnceLock<Arc<ccg_core::variant::Variant>> = OnceLock::new();
    VARIANT.get_or_init(|| ccg_games::variant("bermuda", &[]).unwrap()).clone()
}

fn ours_from(fen: &str) -> Position {
    Position::from_fen(variant(), fen).unwrap_or_else(|e| panic!("ours rejects {fen}: {e}"))
}

/// The perft numbers checked in: (depth, nodes) from `data/bermuda.perft`.
fn checked_in_perft() -> Vec<(u32, u64)> {
    include_str!("data/bermuda.perft")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            ["bermuda", d, n] => (d.parse().unwrap(), n.parse().unwrap()),
            _ => panic!("bermuda.perft: bad line {l:?}"),
        })
        .collect()
}

/// The fast generator's outcome in the reference's terms; repetition and the fifty-move rule,
/// which the reference does not model, read as "not over".
fn ours_outcome(pos: &Position) -> Option<Outcome> {
    let o = pos.outcome()?;
    let side = |c: Color| if c == Color::White { Side::White } else { Side::Black };
    match (o.reason, o.winner) {
        (OutcomeReason::RoyalCaptured, Some(w)) => Some(Outcome::Win(side(w))),
        (OutcomeReason::Stalemate, None) => Some(Outcome::Draw),
        (OutcomeReason::Repetition | OutcomeReason::FiftyMoves, None) => None,
        other => panic!("unexpected outcome {other:?} at {}", pos.to_fen()),
    }
}

/// Compares both generators on one position: position strings (and their round trips through
/// both readers), legal-move sets, the move count and the outcome. Returns the number of moves.
fn compare(pos: &Position, r: &RefPos, context: &str) -> usize {
    let fen = pos.to_fen();
    assert_eq!(fen, r.to_fen(), "{context}: position strings differ");
    let back =
        RefPos::from_fen(&fen).unwrap_or_else(|e| panic!("{context}: the reference rejects {fen}: {e}"));
    assert_eq!(&back, r, "{context}: the reference reads {fen} back differently");
    assert_eq!(ours_from(&fen).to_fen(), fen, "{context}: ours reads its string back differently");
    let mine: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    assert_eq!(pos.count_legal() as usize, mine.len(), "{context}: count_legal vs list at {fen}");
    let n = agree::assert_same_moves(context, &fen, mine, r.legal_moves());
    assert_eq!(ours_outcome(pos), r.outcome(), "{context}: outcomes differ at {fen}");
    n
}

/// xorshift64: deterministic, seedable, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// How often each rule was exercised (moves played, positions compared).
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves_compared: usize,
    displacements: usize,
    displacements_onto_a_piece: usize,
    displacements_killing_own: usize,
    descents: usize,
    descent_captures: usize,
    ascents_open: usize,
    ascents_blocked: usize,
    /// Positions where the side to move has pieces on a board without a King of its own.
    frozen_lower: usize,
    frozen_upper: usize,
    castles_lower: usize,
    castles_upper: usize,
    en_passant_lower: usize,
    en_passant_upper: usize,
    promotions: usize,
    kings_taken: usize,
    wins: usize,
    draws_no_move: usize,
}

impl Seen {
    fn all_positive(&self) -> bool {
        [
            self.displacements,
            self.displacements_onto_a_piece,
            self.displacements_killing_own,
            self.descents,
            self.descent_captures,
            self.ascents_open,
            self.ascents_blocked,
            self.frozen_lower,
            self.frozen_upper,
            self.castles_lower,
            self.castles_upper,
            self.en_passant_lower,
            self.en_passant_upper,
            self.promotions,
            self.kings_taken,
            self.wins,
        ]
        .iter()
        .all(|&n| n > 0)
    }

    /// Records the position before a move: frozen boards.
    fn position(&mut self, r: &RefPos) {
        self.positions += 1;
        for (board, count) in [(LOWER, &mut self.frozen_lower), (UPPER, &mut self.frozen_upper)] {
            let mine =
                (0..64).any(|i| matches!(r.at(Sq::new(board, i % 8, i / 8)), Some(p) if p.side == r.side));
            if mine && r.kings(r.side) > 0 && !r.has_king(r.side, board) {
                *count += 1;
            }
        }
    }

    /// Records what the move `m` of `r` does.
    fn record(&mut self, r: &RefPos, m: &Move) {
        let victim = match m.kind {
            Kind::EnPassant => Some(Sq::new(m.to.board, m.to.file, m.to.rank - r.side.forward())),
            Kind::Plain if m.capture => Some(m.to),
            _ => None,
        };
        match m.kind {
            Kind::Castle { .. } if m.from.board == LOWER => self.castles_lower += 1,
            Kind::Castle { .. } => self.castles_upper += 1,
            Kind::EnPassant if m.from.board == LOWER => self.en_passant_lower += 1,
            Kind::EnPassant => self.en_passant_upper += 1,
            Kind::Descent => {
                self.descents += 1;
                self.descent_captures += m.capture as usize;
            }
            _ => {}
        }
        if let Some(v) = victim {
            if m.from.board == UPPER {
                self.displacements += 1;
                let below = r.at(v.complement());
                self.displacements_onto_a_piece += below.is_some() as usize;
                self.displacements_killing_own += matches!(below, Some(p) if p.side == r.side) as usize;
            } else if r.at(m.to.complement()).is_none() {
                self.ascents_open += 1;
            } else {
                self.ascents_blocked += 1;
            }
        }
        self.promotions += m.promotion.is_some() as usize;
    }
}

/// The weight of a move in biased play: the rare rules first.
fn weight(r: &RefPos, m: &Move) -> u64 {
    match m.kind {
        Kind::Castle { .. } | Kind::EnPassant => 1000,
        Kind::DoubleStep => 12,
        Kind::Descent => 12,
        _ if m.promotion.is_some() => 50,
        _ if m.capture && m.from.board == UPPER => match r.at(m.to.complement()) {
            Some(p) if p.side == r.side => 200,
            _ => 30,
        },
        _ if m.capture => 20,
        _ => 1,
    }
}

/// An index drawn with probability proportional to its weight.
fn pick(weights: &[u64], rng: &mut Rng) -> usize {
    let mut left = rng.below(weights.iter().sum());
    for (i, &w) in weights.iter().enumerate() {
        if left < w {
            return i;
        }
        left -= w;
    }
    unreachable!("the draw is below the sum of the weights")
}

/// Random play from `fen` in both generators side by side for up to `plies` plies, comparing
/// before every move and after it; `biased` weights the moves by `weight`, else uniform.
fn walk(fen: &str, plies: usize, biased: bool, rng: &mut Rng, seen: &mut Seen, context: &str) {
    let mut pos = ours_from(fen);
    let mut r = RefPos::from_fen(fen).unwrap();
    for ply in 0..plies {
        let ctx = format!("{context} ply {ply}");
        seen.moves_compared += compare(&pos, &r, &ctx);
        seen.position(&r);
        let list = r.legal_move_list();
        if list.is_empty() {
            match r.outcome() {
                Some(Outcome::Win(_)) => seen.wins += 1,
                _ => seen.draws_no_move += 1,
            }
            return;
        }
        let weights: Vec<u64> = list.iter().map(|m| if biased { weight(&r, m) } else { 1 }).collect();
        let m = &list[pick(&weights, rng)];
        seen.record(&r, m);
        let text = m.text();
        let ours_m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&x| pos.move_text(x) == text)
            .unwrap_or_else(|| panic!("{ctx}: {text} missing from our moves at {}", pos.to_fen()));
        let parsed = pos.parse_move(&text).unwrap_or_else(|e| panic!("{ctx}: ours cannot read {text}: {e}"));
        assert_eq!(parsed.mv, ours_m, "{ctx}: {text} reads as another move");
        let kings_before = r.kings(r.side.other());
        let before = pos.to_fen();
        pos.make(ours_m);
        r = r.apply(m);
        seen.kings_taken += kings_before - r.kings(r.side);
        let ours = pos.to_fen();
        assert_eq!(ours, r.to_fen(), "{ctx}: after {text} from {before}");
    }
}

fn perft_compare(fen: &str, depth: u32) -> u64 {
    let r = RefPos::from_fen(fen).unwrap();
    agree::assert_perft_agrees(
        "bermuda",
        &mut ours_from(fen),
        depth,
        r.perft(depth),
        || r.divide(depth),
        |p, m| p.move_text(m),
    )
}

#[test]
fn start_position_as_the_rules_text_gives_it() {
    let start = RefPos::start();
    assert_eq!(start.to_fen(), reference::START_FEN);
    assert_eq!(RefPos::from_fen(reference::START_FEN).unwrap(), start);
    assert_eq!(Position::new(variant()).to_fen(), reference::START_FEN);
    // Centre-symmetric: the piece on (board, file, rank) is the other colour's piece of the same
    // kind on (other board, 7 - file, 7 - rank).
    for b in [LOWER, UPPER] {
        for f in 0..8 {
            for k in 0..8 {
                let (p, q) = (start.at(Sq::new(b, f, k)), start.at(Sq::new(1 - b, 7 - f, 7 - k)));
                assert_eq!(p.map(|p| (p.letter, p.side)), q.map(|q| (q.letter, q.side.other())));
            }
        }
    }
}

#[test]
fn perft_start_agrees_with_reference() {
    let expected = checked_in_perft();
    assert!(expected.iter().any(|&(d, _)| d == 4), "depth 4 checked in");
    for &(d, n) in expected.iter().filter(|&&(d, _)| d <= 4) {
        assert_eq!(perft_compare(reference::START_FEN, d), n, "depth {d}");
    }
}

/// Depth 5 from the start in both generators (the reference needs about a minute):
/// `cargo test -p ccg-games --release --test bermuda_reference -- --ignored`.
#[test]
#[ignore = "slow: about a minute for the reference"]
fn perft5_start_agrees_with_reference() {
    let (_, n) = checked_in_perft().into_iter().find(|&(d, _)| d == 5).expect("depth 5 checked in");
    assert_eq!(perft_compare(reference::START_FEN, 5), n);
}

#[test]
fn random_play_agrees_with_reference() {
    let mut rng = Rng(0xbe4d_0001);
    let mut seen = Seen::default();
    for game in 0..300 {
        let biased = game % 4 != 0;
        walk(reference::START_FEN, 300, biased, &mut rng, &mut seen, &format!("game {game}"));
    }
    eprintln!("random play: {seen:#?}");
    assert!(seen.positions > 5000, "{seen:?}");
    assert!(seen.all_positive(), "a rule never came up: {seen:#?}");
}

/// A position string from piece lists such as `"KLa1 RUd1"` (letter, cell), White's and Black's;
/// Pawns, Rooks and Kings off their start cells have moved (the string's convention).
fn setup(white: &str, black: &str, side: Side) -> String {
    let mut r = RefPos::empty(side);
    for (list, s) in [(white, Side::White), (black, Side::Black)] {
        for item in list.split_whitespace() {
            let (letter, cell) = item.split_at(1);
            let sq = Sq::parse(cell).unwrap_or_else(|| panic!("no cell {cell}"));
            let letter = letter.chars().next().unwrap();
            r.set(sq, Some(reference::Piece { side: s, letter, moved: false }));
        }
    }
    RefPos::from_fen(&r.to_fen()).unwrap().to_fen()
}

/// The piece on `cell` as the position string writes it (without marks), `.` if empty.
fn token(r: &RefPos, cell: &str) -> String {
    r.at(Sq::parse(cell).unwrap()).map_or(".".to_string(), |p| match p.side {
        Side::White => p.letter.to_string(),
        Side::Black => p.letter.to_ascii_lowercase().to_string(),
    })
}

/// Plays `moves` (canonical text) in both generators from `fen`, comparing all the way.
fn play_both(fen: &str, moves: &[&str]) -> (Position, RefPos) {
    let mut pos = ours_from(fen);
    let mut r = RefPos::from_fen(fen).unwrap();
    for text in moves {
        compare(&pos, &r, &format!("before {text}"));
        let m = r.legal_move_list().into_iter().find(|m| m.text() == *text);
        let m = m.unwrap_or_else(|| {
            panic!("{text} not legal for the reference at {}: {:?}", r.to_fen(), r.legal_moves())
        });
        pos.make(pos.parse_move(text).unwrap_or_else(|e| panic!("ours: {text}: {e}")).mv);
        r = r.apply(&m);
        assert_eq!(pos.to_fen(), r.to_fen(), "after {text} from {fen}");
    }
    compare(&pos, &r, &format!("after {moves:?}"));
    (pos, r)
}

/// A hand-worked case of docs/rules.md: the position, moves played, then moves that must be
/// legal, moves that must not, the exact list where it is short, and cell contents.
struct Ruling {
    what: &'static str,
    white: &'static str,
    black: &'static str,
    side: Side,
    play: &'static [&'static str],
    present: &'static [&'static str],
    absent: &'static [&'static str],
    exact: Option<&'static [&'static str]>,
    cells: &'static [(&'static str, &'static str)],
    outcome: Option<Outcome>,
}

const RULING: Ruling = Ruling {
    what: "",
    white: "KLa1 KUa1",
    black: "KLh8 KUh8",
    side: Side::White,
    play: &[],
    present: &[],
    absent: &[],
    exact: None,
    cells: &[],
    outcome: None,
};

const RULINGS: &[Ruling] = &[
    Ruling {
        what: "rule 1: the victim falls and kills what stood below, the capturer's own piece too",
        white: "KLa1 KUa1 RUd1 NLd5",
        black: "KLh8 KUh8 BUd5",
        play: &["RUd1:Ud5"],
        cells: &[("Ud5", "R"), ("Ld5", "b"), ("Ud1", ".")],
        ..RULING
    },
    Ruling {
        what: "rule 1: a King taken on the upper board is displaced, not removed",
        white: "KLa1 KUa1 RUe1",
        black: "KLh8 KUe8",
        play: &["RUe1:Ue8"],
        cells: &[("Ue8", "R"), ("Le8", "k")],
        ..RULING
    },
    Ruling {
        what: "rule 2: descents onto an empty or an enemy cell, never onto an own piece",
        white: "KLa1 KUa1 NUc3 QUe4 NUb1 NLb1",
        black: "KLh8 KUh8 PLe4",
        present: &["NUc3-Lc3", "QUe4:Le4"],
        absent: &["NUb1-Lb1", "NUc3-Ld5"],
        ..RULING
    },
    Ruling {
        what: "rule 2: a descent capture removes the piece below and causes nothing more",
        white: "KLa1 KUa1 QUe4",
        black: "KLh8 KUh8 PLe4",
        play: &["QUe4:Le4"],
        cells: &[("Le4", "Q"), ("Ue4", ".")],
        ..RULING
    },
    Ruling {
        what: "rule 3: no plain move upwards",
        white: "KLa1 KUa1 NLc3",
        absent: &["NLc3-Uc3"],
        ..RULING
    },
    Ruling {
        what: "rule 3: a capture below lifts the capturer to a free cell above",
        white: "KLa1 KUa1 BLb2",
        black: "KLh8 KUh8 NLf6",
        play: &["BLb2:Lf6"],
        cells: &[("Lf6", "."), ("Uf6", "B"), ("Lb2", ".")],
        ..RULING
    },
    Ruling {
        what: "rule 3: an own piece above blocks the ascent",
        white: "KLa1 KUa1 BLb2 PUf6",
        black: "KLh8 KUh8 NLf6",
        play: &["BLb2:Lf6"],
        cells: &[("Lf6", "B"), ("Uf6", "P")],
        ..RULING
    },
    Ruling {
        what: "rule 3: an enemy piece above blocks the ascent",
        white: "KLa1 KUa1 BLb2",
        black: "KLh8 KUh8 NLf6 PUf6",
        play: &["BLb2:Lf6"],
        cells: &[("Lf6", "B"), ("Uf6", "p")],
        ..RULING
    },
    Ruling {
        what: "rule 4: no White King on the upper board, its pieces are frozen",
        white: "KLa1 NUb1",
        exact: Some(&["KLa1-La2", "KLa1-Lb1", "KLa1-Lb2"]),
        ..RULING
    },
    Ruling {
        what: "rule 4: a King that descends freezes the board it left",
        white: "KUe2 NUb1 KLa1",
        play: &["KUe2-Le2", "KLh8-Lg8"],
        absent: &["NUb1-Uc3", "NUb1-Lb1"],
        ..RULING
    },
    Ruling {
        what: "the last King taken loses (the capturer ascends with it)",
        white: "KLa1 RLe1",
        black: "KLe8",
        play: &["RLe1:Le8"],
        cells: &[("Ue8", "R"), ("Le8", ".")],
        outcome: Some(Outcome::Win(Side::White)),
        exact: Some(&[]),
        ..RULING
    },
    Ruling {
        what: "castling on the upper board, both ways",
        white: "KUd1 RUa1 RUh1 KLa1",
        present: &["Ud1-Ub1", "Ud1-Uf1"],
        ..RULING
    },
    Ruling {
        what: "castling on the upper board: the Rook onto the cell crossed",
        white: "KUd1 RUa1 RUh1 KLa1",
        play: &["Ud1-Uf1"],
        cells: &[("Uf1", "K"), ("Ue1", "R"), ("Uh1", "."), ("Ud1", ".")],
        ..RULING
    },
    Ruling {
        what: "castling needs every cell between King and Rook empty",
        white: "KUd1 RUa1 RUh1 NUg1 KLe1 RLa1 NLb1 RLh1",
        present: &["Ud1-Ub1", "Le1-Lg1"],
        absent: &["Ud1-Uf1", "Le1-Lc1"],
        ..RULING
    },
    Ruling {
        what: "castling has no check conditions",
        white: "KLe1 RLh1 KUa1",
        black: "KLa8 KUh8 RLf8 RLg7",
        present: &["Le1-Lg1"],
        ..RULING
    },
    Ruling {
        what: "en passant on the upper board displaces the victim from its own cell",
        white: "KLa1 KUa1 PUe5",
        black: "KLh8 KUh8 PUd7 RLd5",
        side: Side::Black,
        play: &["Ud7-Ud5", "Ue5:Ud6"],
        cells: &[("Ud6", "P"), ("Ud5", "."), ("Ld5", "p")],
        ..RULING
    },
    Ruling {
        what: "en passant on the lower board lifts the capturer from its landing cell",
        white: "KLa1 KUa1 PLe5",
        black: "KLh8 KUh8 PLd7",
        side: Side::Black,
        play: &["Ld7-Ld5", "Le5:Ld6"],
        cells: &[("Ld6", "."), ("Ud6", "P"), ("Ld5", "."), ("Le5", ".")],
        ..RULING
    },
    Ruling {
        what: "a pawn brought to its second rank by a descent has moved: no double step",
        white: "KLa1 KUa1 PUf2",
        play: &["Uf2-Lf2", "KLh8-Lg8"],
        present: &["Lf2-Lf3"],
        absent: &["Lf2-Lf4"],
        ..RULING
    },
    Ruling {
        what: "promotion is mandatory, to Q, R, B or N",
        white: "KLa1 KUa1 PLc7",
        black: "KLh8 KUh8 RLd8",
        present: &["Lc7:Ld8=Q", "Lc7:Ld8=N", "Lc7-Lc8=R", "Lc7-Lc8=B"],
        absent: &["Lc7:Ld8", "Lc7-Lc8", "Lc7:Ld8=K", "Lc7-Lc8=P"],
        ..RULING
    },
    Ruling {
        what: "a capture on the lower last rank promotes where the pawn ends, above",
        white: "KLa1 KUa1 PLc7",
        black: "KLh8 KUh8 RLd8",
        play: &["Lc7:Ld8=Q"],
        cells: &[("Ud8", "Q"), ("Ld8", ".")],
        ..RULING
    },
    Ruling {
        what: "no legal move draws: a full lower board, the upper board frozen",
        white: "RLa8 NLb8 BLc8 QLd8 QLe8 BLf8 NLg8 RLh8 \
                PLa7 PLb7 PLc7 PLd7 PLe7 PLf7 PLg7 PLh7 PLa6 PLb6 PLc6 PLd6 PLe6 PLf6 PLg6 PLh6 \
                PLa5 PLb5 PLc5 PLd5 PLe5 PLf5 PLg5 PLh5 PLa4 PLb4 PLc4 PLd4 PLe4 PLf4 PLg4 PLh4 \
                PLa3 PLb3 PLc3 PLd3 PLe3 PLf3 PLg3 PLh3 PLa2 PLb2 PLc2 PLd2 PLe2 PLf2 PLg2 PLh2 \
                RLa1 NLb1 BLc1 QLd1 KLe1 BLf1 NLg1 RLh1 QUd4",
        black: "KUh8",
        exact: Some(&[]),
        outcome: Some(Outcome::Draw),
        ..RULING
    },
    Ruling {
        what: "the same position, Black to move: the King moves",
        white: "RLa8 NLb8 BLc8 QLd8 QLe8 BLf8 NLg8 RLh8 \
                PLa7 PLb7 PLc7 PLd7 PLe7 PLf7 PLg7 PLh7 PLa6 PLb6 PLc6 PLd6 PLe6 PLf6 PLg6 PLh6 \
                PLa5 PLb5 PLc5 PLd5 PLe5 PLf5 PLg5 PLh5 PLa4 PLb4 PLc4 PLd4 PLe4 PLf4 PLg4 PLh4 \
                PLa3 PLb3 PLc3 PLd3 PLe3 PLf3 PLg3 PLh3 PLa2 PLb2 PLc2 PLd2 PLe2 PLf2 PLg2 PLh2 \
                RLa1 NLb1 BLc1 QLd1 KLe1 BLf1 NLg1 RLh1 QUd4",
        black: "KUh8",
        side: Side::Black,
        exact: Some(&["KUh8-Ug7", "KUh8-Ug8", "KUh8-Uh7", "KUh8:Lh8"]),
        ..RULING
    },
];

/// The rulings above, worked out by hand from docs/rules.md, hold in both generators.
#[test]
fn rulings_by_hand_hold_in_both_generators() {
    for ruling in RULINGS {
        let what = ruling.what;
        let fen = setup(ruling.white, ruling.black, ruling.side);
        let (pos, r) = play_both(&fen, ruling.play);
        let theirs: BTreeSet<String> = r.legal_moves().into_iter().collect();
        let mine: BTreeSet<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
        for (who, set) in [("reference", &theirs), ("ours", &mine)] {
            for m in ruling.present {
                assert!(set.contains(*m), "{what}: {who} lacks {m} at {}: {set:?}", r.to_fen());
            }
            for m in ruling.absent {
                assert!(!set.contains(*m), "{what}: {who} has {m} at {}", r.to_fen());
            }
            if let Some(list) = ruling.exact {
                let want: BTreeSet<String> = list.iter().map(|s| s.to_string()).collect();
                assert_eq!(set, &want, "{what}: {who} at {}", r.to_fen());
            }
        }
        for (cell, want) in ruling.cells {
            assert_eq!(token(&r, cell), *want, "{what}: {cell} at {}", r.to_fen());
        }
        assert_eq!(r.outcome(), ruling.outcome, "{what}: outcome at {}", r.to_fen());
    }
}

/// After `Lf2-Lf4` the Black pawn on `Uf3` may descend to
/// `Lf3` (`Uf3-Lf3`) but takes nothing there; en passant is `Lg4:Lf3` alone. Without the pawn
/// on `Lg4` no pawn may take en passant and the string has `-`.
#[test]
fn a_descent_onto_the_skipped_cell_is_no_en_passant() {
    let (_, r) = play_both(&setup("KLa1 KUa1 PLf2", "KLh8 KUh8 PUf3 PLg4", Side::White), &["Lf2-Lf4"]);
    let moves = r.legal_moves();
    assert!(moves.contains(&"Lg4:Lf3".to_string()) && moves.contains(&"Uf3-Lf3".to_string()));
    assert!(!moves.contains(&"Uf3:Lf3".to_string()));
    let (_, r) = play_both(&setup("KLa1 KUa1 PLf2", "KLh8 KUh8 PUf3", Side::White), &["Lf2-Lf4"]);
    assert_eq!(r.ep, None);
}

/// Castling is neither a capture nor a pawn move.
#[test]
fn castling_keeps_the_halfmove_counter_running() {
    let fen = setup("KLe1 RLh1 KUa1", "KLh8 KUh8", Side::White).replace(" 0 1", " 5 1");
    let (_, r) = play_both(&fen, &["Le1-Lg1"]);
    assert_eq!(r.halfmove, 6);
}
