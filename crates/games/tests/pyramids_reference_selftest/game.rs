//! Draws, the author's party, position strings, perft, symmetry along random games.

use crate::board;
use crate::reference::{Id, Outcome, Pos, Reason, ALL_IDS};

// ---------------------------------------------------------------------------------------------
// Draws, the party, position strings, perft

#[test]
fn threefold_repetition_fifty_moves_and_no_legal_move_draw() {
    let draw = |reason| Some(Outcome { winner: None, reason });
    let p = board(Id::Pyramids6, &[("a1", "(4321.)"), ("h8", "(.4321)")], 'w');
    let cycle = ["(4321)a1-a2", "(4321)h8-h7", "(4321)a2-a1", "(4321)h7-h8"];
    let mut q = p.clone();
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(q.outcome(), None, "ply {i}");
        q = q.play(m).unwrap();
    }
    assert_eq!(q.repetitions(), 3);
    assert_eq!(q.outcome(), draw(Reason::Repetition));
    // Slave moves reset the fifty-move count but are not irreversible (reading 1): slaves
    // stepping back and forth repeat the position.
    let p =
        board(Id::Pyramids5Cheskers, &[("a1", "(4321.)"), ("h8", "(.4321)"), ("d4", "S"), ("e6", "s")], 'w');
    let cycle = ["d4-d3", "e6-e7", "d3-d4", "e7-e6"];
    let mut q = p.clone();
    for m in cycle.iter().chain(cycle.iter()) {
        q = q.play(m).unwrap();
    }
    assert_eq!(q.halfmove, 0);
    assert_eq!(q.outcome(), draw(Reason::Repetition));
    // Fifty moves by each side without a capture or a slave move.
    let p = Pos::parse(Id::Pyramids6, "7(.4321)/8/8/8/8/8/8/(4321.)7 w - 99 80").unwrap();
    assert_eq!(p.outcome(), None);
    let q = p.play("(4321)a1-b1").unwrap();
    assert_eq!(q.halfmove, 100);
    assert_eq!(q.outcome(), draw(Reason::FiftyMoves));
    // No legal move: White's slaves (they never capture) and its last pharaon are stuck.
    let p = board(
        Id::Pyramids6,
        &[
            ("a1", "(4321.)"),
            ("a2", "S'"),
            ("b1", "S'"),
            ("a3", "s'"),
            ("b2", "s'"),
            ("c1", "(.1)"),
            ("h8", "(.4321)"),
        ],
        'w',
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), draw(Reason::NoMoves));
}

#[test]
fn the_authors_sixth_edition_party_replays_from_the_reconstructed_start() {
    let party =
        "1. e2-e4 e7-e5 2. (21) e1-f3 (21) f8-e6 3. d2-d4 (32) b8-c6 4. (32) b1-c3 (21) e8-e7 5. (21) d1-e3";
    let mut tokens: Vec<String> = Vec::new();
    let words: Vec<&str> = party.split_whitespace().filter(|w| !w.ends_with('.')).collect();
    let mut i = 0;
    while i < words.len() {
        if words[i].starts_with('(') {
            tokens.push(format!("{} {}", words[i], words[i + 1]));
            i += 2;
        } else {
            tokens.push(words[i].to_string());
            i += 1;
        }
    }
    assert_eq!(tokens.len(), 9);
    let mut p = Pos::start(Id::Pyramids6);
    for t in &tokens {
        p = p.play(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    assert_eq!(
        p.to_fen(),
        "(.4321)(.41)(.4321)(.4321)(.43)(.43)(.4321)(.4321)/ssss(.21)sss/2(.32)1(.21)3/4s'3/3S'S'3/2(32.)1(21.)(21.)2/SSS2SSS/(4321.)(41.)(4321.)(43.)(43.)(4321.)(4321.)(4321.) b - 4 5"
    );
    // The first pyramid move is not legal under the 5th-edition modes ((21) moves N(1), jD(2), jO(2)).
    let p = Pos::start(Id::Pyramids5).play("e2-e4").unwrap().play("e7-e5").unwrap();
    assert!(p.play("(21) e1-f3").is_err());
}

#[test]
fn position_strings_round_trip_and_bad_ones_are_refused() {
    for id in ALL_IDS {
        let start = Pos::start(id);
        assert_eq!(Pos::parse(id, &start.to_fen()).unwrap().to_fen(), start.to_fen(), "{}", id.name());
    }
    assert_eq!(
        Pos::start(Id::Pyramids5).to_fen(),
        "(.4321)(.4321)(.4321)(.4321)(.4321)(.4321)(.4321)(.4321)/ssssssss/8/8/8/8/SSSSSSSS/(4321.)(4321.)(4321.)(4321.)(4321.)(4321.)(4321.)(4321.) w - 0 1"
    );
    assert_eq!(
        Pos::start(Id::Weak7).to_fen(),
        "(.4321)(.4321)(.4321)f(.4321)(.4321)(.4321)/sssssss/7/7/7/SSSSSSS/(4321.)(4321.)(4321.)F(4321.)(4321.)(4321.) w - 0 1"
    );
    let ok = "(.4433)3f!4/9/9/4(431.)4/9/9/S'8/9/F8 b - 7 30";
    assert_eq!(Pos::parse(Id::Pyramids1, ok).err(), Some("(.4433) is not a stack of pyramids1".to_string()));
    let ok = ok.replace("(.4433)", "(.43)");
    assert_eq!(Pos::parse(Id::Pyramids1, &ok).unwrap().to_fen(), ok);
    for (id, bad) in [
        (Id::Pyramids1, "(.34)3f4/9/9/9/9/9/9/9/F8 w - 0 1"),
        (Id::Pyramids1, "(4.3)3f4/9/9/9/9/9/9/9/F8 w - 0 1"),
        (Id::Pyramids1, "4f4/9/9/9/9/9/9/F8 w - 0 1"),
        (Id::Pyramids1, "4f4/9/9/9/9/9/9/9/F8 w e3 0 1"),
        (Id::Pyramids1, "4f4/9/9/9/9/9/9/9/F7 w - 0 1"),
        (Id::Pyramids1, "4fS3/9/9/9/9/9/9/9/F8 w - 0 1"),
        (Id::Pyramids1, "4f4/9/9/9/9/9/9/9/F!!8 w - 0 1"),
        (Id::Pyramids5, "4f3/8/8/8/8/8/8/(4321.)7 w - 0 1"),
        (Id::Pyramids5Cheskers, "7(.4321)/8/8/8/8/8/S'7/(4321.)7 w - 0 1"),
        (Id::Pyramids6, "8/8/8/8/8/8/8/(4321.)7 w - 0 1"),
        (Id::Weak9, "4f4/9/9/9/9/9/9/9/F3(.4)4 b - 0 1"),
        (Id::Pyramids6, "(.4321)7/8/8/8/8/8/8/(4321.)7 w - 0 1 extra"),
    ] {
        assert!(Pos::parse(id, bad).is_err(), "{bad} accepted by {}", id.name());
    }
}

/// The checked-in perft numbers: `id depth nodes` lines.
fn perft_data() -> Vec<(Id, u32, u64)> {
    include_str!("../data/pyramids.perft")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (Id::from_name(f[0]).unwrap(), f[1].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect()
}

fn check_perft(keep: impl Fn(Id, u32, u64) -> bool) {
    let data = perft_data();
    for id in ALL_IDS {
        for depth in 1..=2 {
            assert!(
                data.iter().any(|&(i, d, _)| i == id && d == depth),
                "{} depth {depth} missing",
                id.name()
            );
        }
    }
    for (id, depth, nodes) in data {
        if keep(id, depth, nodes) {
            assert_eq!(Pos::start(id).perft(depth), nodes, "{} depth {depth}", id.name());
        }
    }
}

#[test]
fn perft_from_every_start_matches_the_checked_in_numbers() {
    // About 6 CPU-seconds: depths 1-2 of every id, deeper lines up to 100,000 leaves.
    check_perft(|_, depth, nodes| depth <= 2 || nodes <= 100_000);
}

#[test]
#[ignore = "CPU-minutes in release (the 9x9 starts at depth 3 take most)"]
fn perft_deeper_lines_of_the_data_file() {
    check_perft(|_, depth, nodes| depth > 2 && nodes > 100_000);
}

// ---------------------------------------------------------------------------------------------
// Symmetry along random games

/// xorshift64: deterministic, seedable, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The cell turned by 180 degrees on an n x n board.
fn turn_cell(cell: &str, n: i32) -> String {
    let (f, r) = ((cell.as_bytes()[0] - b'a') as i32, cell[1..].parse::<i32>().unwrap() - 1);
    format!("{}{}", (b'a' + (n - 1 - f) as u8) as char, n - r)
}

/// A move text with every cell turned by 180 degrees.
fn turn_move(text: &str, n: i32) -> String {
    let b = text.as_bytes();
    let (mut out, mut i) = (String::new(), 0);
    while i < b.len() {
        // A cell is a file letter a-i followed by a rank digit (ranks 1-9).
        if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            out += &turn_cell(&text[i..i + 2], n);
            i += 2;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The position string turned by 180 degrees with the colours and the side to move swapped.
fn turn_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |t: &str| -> String {
        if let Some(inner) = t.strip_prefix('(') {
            let (w, b) = inner.trim_end_matches(')').split_once('.').unwrap();
            format!("({b}.{w})")
        } else {
            t.chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        }
    };
    let rows: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|row| {
            // Tokens: a number, or a piece with its marks.
            let mut tokens: Vec<String> = Vec::new();
            let chars: Vec<char> = row.chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let start = k;
                if chars[k].is_ascii_digit() {
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        k += 1;
                    }
                } else if chars[k] == '(' {
                    while chars[k] != ')' {
                        k += 1;
                    }
                    k += 1;
                } else {
                    k += 1;
                    while k < chars.len() && matches!(chars[k], '\'' | '!') {
                        k += 1;
                    }
                }
                let t: String = chars[start..k].iter().collect();
                tokens.push(if t.as_bytes()[0].is_ascii_digit() { t } else { swap(&t) });
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    format!("{} {side} - {} {}", rows.join("/"), f[3], f[4])
}

#[test]
fn every_position_of_random_games_has_the_turned_moves_of_its_turned_image() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for id in ALL_IDS {
        let n = id.size();
        let mut positions = 0;
        for _game in 0..2 {
            let mut p = Pos::start(id);
            for _ply in 0..40 {
                let fen = p.to_fen();
                let again = Pos::parse(id, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert_eq!(again.to_fen(), fen, "round trip");
                let moves = p.legal_moves();
                assert_eq!(again.legal_moves(), moves, "{fen}: parsed copy");
                let turned =
                    Pos::parse(id, &turn_fen(&fen)).unwrap_or_else(|e| panic!("{}: {e}", turn_fen(&fen)));
                let mut want: Vec<String> = moves.iter().map(|m| turn_move(m, n)).collect();
                want.sort();
                assert_eq!(turned.legal_moves(), want, "{}: turned {fen}", id.name());
                assert_eq!(turned.outcome().map(|o| o.reason), p.outcome().map(|o| o.reason), "{fen}");
                positions += 1;
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[rng.below(moves.len())]).unwrap();
            }
        }
        assert!(positions > 20, "{}", id.name());
    }
}
