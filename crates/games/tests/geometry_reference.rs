//! The cube, tesseract and hexagon games (`cubic`, `cubic-asym`, `nihongi`, `brilliant`) against
//! the independent reference generator `support/reference_3d4dhex.rs`, written from docs/rules.md
//! coordinate definitions: the same start positions, equal perft counts from the start (depths
//! 1–3, fixed below), identical legal-move sets along random game paths (biased towards captures,
//! pawn moves, promotions, checks and en passant so that each occurs) and identical position
//! strings after every move.

#[path = "support/reference_3d4dhex.rs"]
mod reference;

use ccg_core::Position;
use ccg_core::Rng;
use reference::{Color, Game, RefPos};
use std::collections::BTreeSet;

fn variant(game: Game) -> std::sync::Arc<ccg_core::Variant> {
    ccg_games::variant(game.id(), &[]).unwrap_or_else(|e| panic!("{}: {e}", game.id()))
}

fn ours(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|&m| pos.move_coord(m)).collect()
}

/// Legal moves, and the position string read back by the reference, agree.
fn compare(pos: &Position, r: &RefPos, list: &[(reference::RefMove, RefPos)], context: &str) {
    let fen = pos.to_fen();
    assert_eq!(fen, r.to_fen(), "{context}: position strings differ (ours, reference)");
    let mine = ours(pos);
    assert_eq!(pos.count_legal() as usize, mine.len(), "{context}: count_legal vs list at {fen}");
    let theirs: BTreeSet<String> = list.iter().map(|(m, _)| r.move_name(m)).collect();
    if mine != theirs {
        panic!(
            "{context}: legal moves differ at {fen}\n only ours: {:?}\n only reference: {:?}",
            mine.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&mine).collect::<Vec<_>>()
        );
    }
    let reread =
        RefPos::from_fen(r.game, &fen).unwrap_or_else(|e| panic!("{context}: reference rejects {fen}: {e}"));
    assert_eq!(&reread.settled(), r, "{context}: {fen} reads back differently");
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    captures: usize,
    promotions: usize,
    checks: usize,
    king_jumps: usize,
    flagged_kings: usize,
    en_passant: usize,
    double_steps: usize,
    two_kings: usize,
    king_captures: usize,
    third_king_refused: usize,
    ends: usize,
}

/// Random games from `start` (None: the initial position), `games` of at most `plies` plies.
fn walk(game: Game, start: Option<&str>, games: usize, plies: usize, seed: u64, seen: &mut Seen) {
    let v = variant(game);
    let mut rng = Rng::from_state(seed);
    for n in 0..games {
        let mut pos = match start {
            None => Position::new(v.clone()),
            Some(f) => Position::from_fen(v.clone(), f).unwrap_or_else(|e| panic!("{}: {f}: {e}", game.id())),
        };
        let mut r = RefPos::from_fen(game, &pos.to_fen()).unwrap().settled();
        for ply in 0..plies {
            let context = format!("{} start {:?} game {n} ply {ply}", game.id(), start);
            if r.kings(r.side).is_empty() {
                // Brilliant: the last King was taken; the game is over.
                let o = pos.outcome().expect("the last King is gone");
                assert_eq!(o.reason, ccg_core::OutcomeReason::RoyalCaptured, "{context}");
                seen.ends += 1;
                break;
            }
            let list = r.legal_moves_with_positions();
            compare(&pos, &r, &list, &context);
            seen.positions += 1;
            if list.is_empty() {
                assert!(pos.outcome().is_some(), "{context}: no move but no outcome");
                seen.ends += 1;
                break;
            }
            if r.kings(r.side).len() == 2 {
                seen.two_kings += 1;
            }
            let pick =
                |f: &dyn Fn(usize) -> bool| -> Vec<usize> { (0..list.len()).filter(|&i| f(i)).collect() };
            let capture = |i: usize| r.at(list[i].0.to).is_some() || list[i].0.en_passant.is_some();
            // One time in six each: a special move (promotion, en passant, double step), a capture,
            // a check, a pawn move — if there is one; else (and the other two times) any move.
            let pool = match rng.below(6) {
                0 => pick(&|i| {
                    let m = &list[i].0;
                    m.promo.is_some() || m.en_passant.is_some() || list[i].1.ep.is_some()
                }),
                1 => pick(&capture),
                2 => pick(&|i| list[i].1.in_check()),
                3 => pick(&|i| r.at(list[i].0.from).is_some_and(|p| p.letter == 'P')),
                _ => Vec::new(),
            };
            let i = if pool.is_empty() { rng.below(list.len()) } else { pool[rng.below(pool.len())] };
            let (m, next) = &list[i];
            let piece = r.at(m.from).unwrap();
            seen.captures += capture(i) as usize;
            seen.promotions += m.promo.is_some() as usize;
            seen.checks += next.in_check() as usize;
            seen.en_passant += m.en_passant.is_some() as usize;
            seen.double_steps += next.ep.is_some() as usize;
            if piece.letter == 'K' {
                let far = match game {
                    Game::Brilliant => hex_distance(m.from, m.to) == 2,
                    _ => {
                        let (a, b) = (game.coords(m.from), game.coords(m.to));
                        a.iter().zip(&b).filter(|(x, y)| x != y).count() == 3
                    }
                };
                seen.king_jumps += far as usize;
            }
            if r.at(m.to).is_some_and(|p| p.letter == 'K') {
                seen.king_captures += 1;
            }
            if piece.letter == 'P' && m.promo.is_none() && game == Game::Brilliant {
                let last = if piece.color == Color::White { "e8" } else { "e1" };
                seen.third_king_refused += (game.name(m.to) == last) as usize;
            }
            seen.flagged_kings += next
                .kings(next.side)
                .iter()
                .filter(|&&k| next.at(k).unwrap().checked && !r.at(k).is_some_and(|p| p.checked))
                .count();
            let text = r.move_name(m);
            let ours_m = pos
                .legal_moves()
                .iter()
                .copied()
                .find(|&x| pos.move_coord(x) == text)
                .unwrap_or_else(|| panic!("{context}: {text} missing from our moves"));
            pos.make(ours_m);
            r = next.clone();
        }
    }
}

/// Steps between two hexagons along one line (0 if not on a line within 3 steps).
fn hex_distance(a: reference::Sq, b: reference::Sq) -> usize {
    for d in reference::HEX_DIRS {
        let line = Game::Brilliant.line(a, &reference::Dir::Hex(d));
        if let Some(i) = line.iter().position(|&c| c == b) {
            return i + 1;
        }
    }
    0
}

fn perft_from(game: Game, fen: Option<&str>, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let v = variant(game);
    let mut pos = match fen {
        None => Position::new(v),
        Some(f) => Position::from_fen(v, f).unwrap(),
    };
    let r = RefPos::from_fen(game, &pos.to_fen()).unwrap();
    let mut out = Vec::new();
    for d in depths {
        let (a, b) = (pos.perft(d), r.perft(d));
        if a != b {
            let mut mine = Vec::new();
            for m in pos.legal_moves().iter().copied() {
                let name = pos.move_coord(m);
                let u = pos.make(m);
                mine.push((name, pos.perft(d - 1)));
                pos.unmake(u);
            }
            mine.sort();
            let theirs = r.divide(d);
            let diff: Vec<_> = mine.iter().filter(|x| !theirs.contains(x)).collect();
            let diff_ref: Vec<_> = theirs.iter().filter(|x| !mine.contains(x)).collect();
            panic!(
                "{} perft {d} from {:?}: ours {a}, reference {b}; ours {diff:?} reference {diff_ref:?}",
                game.id(),
                fen
            );
        }
        out.push(a);
    }
    out
}

#[test]
fn reference_self_check() {
    reference::self_check().unwrap();
}

#[test]
fn start_positions_agree() {
    for game in reference::ALL_GAMES {
        let ours = Position::new(variant(game)).to_fen();
        assert_eq!(ours, RefPos::start(game).to_fen(), "{}", game.id());
    }
}

/// Fixed perft numbers from the start, depths 1–3, equal in both generators.
#[test]
fn perft_from_the_start() {
    for (game, expected) in [
        (Game::Cubic, PERFT_CUBIC),
        (Game::CubicAsym, PERFT_CUBIC_ASYM),
        (Game::Nihongi, PERFT_NIHONGI),
        (Game::Brilliant, PERFT_BRILLIANT),
    ] {
        let got = perft_from(game, None, 1..=3);
        assert_eq!(got, expected, "{}", game.id());
    }
}

const PERFT_CUBIC: [u64; 3] = [40, 1589, 69374];
const PERFT_CUBIC_ASYM: [u64; 3] = [32, 1022, 36839];
const PERFT_NIHONGI: [u64; 3] = [65, 4131, 278967];
const PERFT_BRILLIANT: [u64; 3] = [21, 437, 10078];

/// Cube positions with promotions, King jumps and checks near at hand.
fn cube_starts() -> Vec<String> {
    vec![
        // White pawns next to h8 = (3,3,3): g8 = (2,3,3), h7 = (3,2,3), d8 = (3,3,2); Black pawns
        // next to a1 = (0,0,0): b1 = (1,0,0), e1 = (0,0,1).
        RefPos::from_pieces(
            Game::Cubic,
            &[
                ('K', "c3"),
                ('P', "g8"),
                ('P', "h7"),
                ('P', "d8"),
                ('R', "b2"),
                ('k', "e5"),
                ('p', "b1"),
                ('p', "e1"),
                ('r', "g6"),
            ],
            Color::White,
        )
        .to_fen(),
    ]
}

fn nihongi_starts() -> Vec<String> {
    // White pawns next to i9 = (2,2,2,2), Black pawns next to a1 = (0,0,0,0).
    vec![RefPos::from_pieces(
        Game::Nihongi,
        &[
            ('K', "c3"),
            ('P', "h9"),
            ('P', "i8"),
            ('P', "f9"),
            ('Q', "a9"),
            ('k', "d4"),
            ('p', "b1"),
            ('p', "a2"),
            ('b', "g2"),
        ],
        Color::White,
    )
    .to_fen()]
}

fn brilliant_starts() -> Vec<String> {
    vec![
        // Pawns one or two steps from promotion on both sides, a Black pawn ready for en passant.
        RefPos::from_pieces(
            Game::Brilliant,
            &[
                ('K', "e1"),
                ('P', "e6"),
                ('P', "d6"),
                ('P', "c7"),
                ('P', "g2"),
                ('P', "b2"),
                ('R', "a1"),
                ('k', "i8"),
                ('p', "e3"),
                ('p', "f3"),
                ('p', "h3"),
                ('p', "a7"),
                ('n', "h7"),
            ],
            Color::White,
        )
        .to_fen(),
        // White already has two Kings: a third one is refused.
        RefPos::from_pieces(
            Game::Brilliant,
            &[
                ('K', "e1"),
                ('K', "a3"),
                ('P', "e7"),
                ('P', "d6"),
                ('Q', "g1"),
                ('k', "i8"),
                ('k', "c5"),
                ('q', "c8"),
                ('r', "i1"),
            ],
            Color::White,
        )
        .to_fen(),
    ]
}

/// Perft 1–2 from the extra starts, then random paths: `scale` x (65 from the initial position,
/// 30 from every extra start), each ending at mate, stalemate, a taken last King or the ply limit.
fn check(game: Game, starts: &[String], seed: u64, scale: usize) -> Seen {
    for s in starts {
        perft_from(game, Some(s), 1..=2);
    }
    let mut seen = Seen::default();
    let mut paths = 0;
    // Short paths stay near the start; long ones reach endgames.
    for (k, plies) in [(40, 30), (25, 120)] {
        walk(game, None, k * scale, plies, seed + plies as u64, &mut seen);
        paths += k * scale;
    }
    for (i, s) in starts.iter().enumerate() {
        walk(game, Some(s), 30 * scale, 60, seed + 1000 + i as u64, &mut seen);
        paths += 30 * scale;
    }
    eprintln!("{}: {paths} paths, {seen:?}", game.id());
    assert!(seen.positions > 3000 * scale, "{seen:?}");
    assert!(seen.promotions > 0 && seen.checks > 0 && seen.captures > 0, "{seen:?}");
    seen
}

#[test]
fn cubic_agrees_with_reference() {
    let seen = check(Game::Cubic, &cube_starts(), 0xc0be_0001, 2);
    assert!(seen.king_jumps > 0 && seen.flagged_kings > 0, "{seen:?}");
}

#[test]
fn cubic_asym_agrees_with_reference() {
    let seen = check(Game::CubicAsym, &cube_starts(), 0xc0be_0101, 2);
    assert!(seen.king_jumps > 0 && seen.flagged_kings > 0, "{seen:?}");
}

#[test]
fn nihongi_agrees_with_reference() {
    let seen = check(Game::Nihongi, &nihongi_starts(), 0x4d4d_0001, 2);
    assert!(seen.king_jumps > 0 && seen.flagged_kings > 0, "{seen:?}");
}

#[test]
fn brilliant_agrees_with_reference() {
    let seen = check(Game::Brilliant, &brilliant_starts(), 0x4e40_0001, 2);
    assert!(seen.en_passant > 0 && seen.double_steps > 0, "{seen:?}");
    assert!(seen.two_kings > 0 && seen.third_king_refused > 0, "{seen:?}");
}

/// Ten times the walks of the default tests (a few minutes):
/// `cargo test -p ccg-games --test geometry_reference -- --ignored`.
#[test]
#[ignore = "slow: minutes of walks"]
fn long_walks_agree_with_reference() {
    check(Game::Cubic, &cube_starts(), 0x1c0b_e001, 20);
    check(Game::CubicAsym, &cube_starts(), 0x1c0b_e101, 20);
    check(Game::Nihongi, &nihongi_starts(), 0x14d4_d001, 20);
    check(Game::Brilliant, &brilliant_starts(), 0x14e4_0001, 20);
}
