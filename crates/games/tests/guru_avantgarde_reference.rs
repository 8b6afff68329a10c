//! Chess Guru (with and without castling) and Avant-garde Grand Chess against the independent
//! reference generator `support/reference_guru_avantgarde.rs` — the rules Fairy-Stockfish cannot
//! express (three-piece castlings; the King's jump right, first double move and two-stage
//! promotion): identical legal-move sets along random game paths (biased towards castlings, en
//! passant, King double moves and promotions so that each occurs), identical state after every
//! move, identical perft counts from the start (depths 1–4; 5 in an ignored test) and from open
//! positions (depths 1–2).

#[path = "support/reference_guru_avantgarde.rs"]
mod reference;

use ccg_core::Position;
use ccg_core::Rng;
use reference::{Game, Kind, RefPos, Rules};
use std::collections::BTreeSet;

struct Config {
    id: &'static str,
    options: Vec<(String, String)>,
    rules: Rules,
    /// Start positions of the walks besides the game's own (position strings whose pieces stand
    /// unmoved on their setup cells, so they read the same in both generators).
    starts: Vec<&'static str>,
}

fn opt(k: &str, v: &str) -> Vec<(String, String)> {
    vec![(k.to_string(), v.to_string())]
}

/// Chess Guru with the Marshalls, Queens and Raja gone: every castling is open at once.
const GURU_OPEN: &str = "rr3k2rr/nnbbccbbnn/pppppppppp/10/10/10/10/PPPPPPPPPP/NNBBCCBBNN/RR2K3RR w - 0 1";
/// Chess Guru with Rooks, Kings, one Queen each and a few pawns: castlings through and out of
/// check come up quickly.
const GURU_BARE: &str = "rr3kq1rr/10/ppp4ppp/10/10/10/10/PPP4PPP/10/RR1QK3RR w - 0 1";
/// Avant-garde with the centre Guards and pawns gone: the King's double moves are open.
const AG_OPEN: &str = "rmcakqacmr/nnb4bnn/ppp3pppp/10/10/10/10/PPP3PPPP/NNB4BNN/RMCAKQACMR w - 0 1";
/// Avant-garde with few pieces: the King's knight leaps, checks and promotions come up quickly.
const AG_BARE: &str = "4k5/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/4K5 w - 0 1";

fn configs() -> Vec<Config> {
    vec![
        Config { id: "guru", options: vec![], rules: Rules::guru(), starts: vec![GURU_OPEN, GURU_BARE] },
        Config {
            id: "guru",
            options: opt("castling", "off"),
            rules: Rules { castling: false, ..Rules::guru() },
            starts: vec![GURU_OPEN],
        },
        Config {
            id: "avantgarde",
            options: vec![],
            rules: Rules::avantgarde(),
            starts: vec![AG_OPEN, AG_BARE],
        },
        Config {
            id: "avantgarde",
            options: opt("king", "step"),
            rules: Rules { king_step: true, ..Rules::avantgarde() },
            starts: vec![AG_BARE],
        },
    ]
}

fn ours(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|&m| pos.move_coord(m)).collect()
}

fn compare(pos: &Position, r: &RefPos, rules: &Rules, context: &str) {
    let fen = pos.to_fen();
    let mine = ours(pos);
    assert_eq!(pos.count_legal() as usize, mine.len(), "{context}: count_legal vs list at {fen}");
    let theirs: BTreeSet<String> = r.legal_moves(rules).into_iter().collect();
    if mine != theirs {
        panic!(
            "{context}: legal moves differ at\n  ours:      {fen}\n  reference: {}\n only ours: {:?}\n only \
             reference: {:?}",
            r.to_fen(),
            mine.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&mine).collect::<Vec<_>>()
        );
    }
    // Our position string, read by the reference, is the same position.
    let reread = RefPos::from_fen(&fen).unwrap_or_else(|e| panic!("{context}: reference rejects {fen}: {e}"));
    assert_eq!(
        reread.essence(rules),
        r.essence(rules),
        "{context}: our position string {fen} does not say what the reference's {} says",
        r.to_fen()
    );
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    castles: usize,
    en_passant: usize,
    king_doubles: usize,
    promotions: usize,
    rank9_stays: usize,
    checks: usize,
}

fn walk(c: &Config, start: Option<&str>, games: usize, plies: usize, seed: u64, seen: &mut Seen) {
    let v = ccg_games::variant(c.id, &c.options).unwrap_or_else(|e| panic!("{}: {e}", c.id));
    let mut rng = Rng::from_state(seed);
    for game in 0..games {
        let mut pos = match start {
            None => Position::new(v.clone()),
            Some(f) => Position::from_fen(v.clone(), f).unwrap_or_else(|e| panic!("{}: {f}: {e}", c.id)),
        };
        let mut r = RefPos::from_fen(&pos.to_fen()).unwrap();
        for ply in 0..plies {
            let context = format!("{} {:?} start {:?} game {game} ply {ply}", c.id, c.options, start);
            compare(&pos, &r, &c.rules, &context);
            seen.positions += 1;
            let list = r.legal_moves_with_positions(&c.rules);
            if list.is_empty() {
                break;
            }
            // A third of the time a special move, a third of the time a check, if there is one.
            let special: Vec<usize> = (0..list.len())
                .filter(|&i| {
                    let m = &list[i].0;
                    matches!(m.kind, Kind::Castle(_) | Kind::EnPassant(_) | Kind::KingDouble)
                        || m.promo.is_some()
                })
                .collect();
            let checks: Vec<usize> = (0..list.len()).filter(|&i| list[i].1.in_check(&c.rules)).collect();
            let i = match rng.below(3) {
                0 if !special.is_empty() => special[rng.below(special.len())],
                1 if !checks.is_empty() => checks[rng.below(checks.len())],
                _ => rng.below(list.len()),
            };
            seen.checks += list[i].1.in_check(&c.rules) as usize;
            let (m, next) = &list[i];
            match m.kind {
                Kind::Castle(_) => seen.castles += 1,
                Kind::EnPassant(_) => seen.en_passant += 1,
                Kind::KingDouble => seen.king_doubles += 1,
                _ => {}
            }
            seen.promotions += m.promo.is_some() as usize;
            let text = m.name();
            let ours_m = pos
                .legal_moves()
                .iter()
                .copied()
                .find(|&x| pos.move_coord(x) == text)
                .unwrap_or_else(|| panic!("{context}: {text} missing from our moves"));
            if c.rules.game == Game::Avantgarde
                && m.promo.is_none()
                && r.at(m.from).is_some_and(|p| p.letter == 'P')
            {
                let rank = if r.side == reference::Color::White { m.to.1 } else { 9 - m.to.1 };
                seen.rank9_stays += (rank == 8) as usize;
            }
            pos.make(ours_m);
            r = next.clone();
        }
    }
}

/// The configuration of game `id` with no options (`plain`) or with its one option.
fn config(id: &str, plain: bool) -> Config {
    configs().into_iter().find(|c| c.id == id && c.options.is_empty() == plain).unwrap()
}

fn perft_from(c: &Config, fen: Option<&str>, depths: std::ops::RangeInclusive<u32>) {
    let v = ccg_games::variant(c.id, &c.options).unwrap();
    let mut pos = match fen {
        None => Position::new(v),
        Some(f) => Position::from_fen(v, f).unwrap(),
    };
    let r = RefPos::from_fen(&pos.to_fen()).unwrap();
    for d in depths {
        let (a, b) = (pos.perft(d), r.perft(&c.rules, d));
        if a != b {
            let ours: Vec<(String, u64)> = {
                let mut out = Vec::new();
                for m in pos.legal_moves().iter().copied() {
                    let name = pos.move_coord(m);
                    let u = pos.make(m);
                    out.push((name, if d > 1 { pos.perft(d - 1) } else { 1 }));
                    pos.unmake(u);
                }
                out.sort();
                out
            };
            let theirs = r.divide(&c.rules, d);
            let diff: Vec<_> = ours.iter().filter(|x| !theirs.contains(x)).collect();
            panic!(
                "{} {:?} perft {d} from {:?}: ours {a}, reference {b}; first differing moves (ours) {diff:?}",
                c.id, c.options, fen
            );
        }
    }
}

fn check(c: &Config, seed: u64) {
    perft_from(c, None, 1..=4);
    for s in &c.starts {
        perft_from(c, Some(s), 1..=2);
    }
    let mut seen = Seen::default();
    walk(c, None, 12, 120, seed, &mut seen);
    for (i, s) in c.starts.iter().enumerate() {
        walk(c, Some(s), 12, 100, seed + 1 + i as u64, &mut seen);
    }
    eprintln!("{} {:?}: {seen:?}", c.id, c.options);
    assert!(seen.positions > 2000, "{seen:?}");
    assert!(seen.en_passant > 0 && seen.promotions > 0, "{seen:?}");
    match (c.rules.game, c.rules.castling) {
        (Game::Guru, true) => assert!(seen.castles >= 10, "{seen:?}"),
        (Game::Avantgarde, _) if !c.rules.king_step => {
            assert!(seen.king_doubles >= 10 && seen.rank9_stays > 0, "{seen:?}")
        }
        (Game::Avantgarde, _) => assert!(seen.king_doubles == 0 && seen.rank9_stays > 0, "{seen:?}"),
        _ => {}
    }
}

#[test]
fn reference_self_check() {
    reference::self_check().unwrap();
    // The castlings appear in the open position, written as the King's from-to.
    let r = RefPos::from_fen(GURU_OPEN).unwrap();
    let m = r.legal_moves(&Rules::guru());
    assert!(m.contains(&"e1b1".to_string()) && m.contains(&"e1h1".to_string()), "{m:?}");
    let r = RefPos::from_fen(&GURU_OPEN.replace(" w ", " b ")).unwrap();
    let m = r.legal_moves(&Rules::guru());
    assert!(m.contains(&"f10i10".to_string()) && m.contains(&"f10c10".to_string()), "{m:?}");
    let r = RefPos::from_fen(AG_OPEN).unwrap();
    assert!(r.legal_moves(&Rules::avantgarde()).contains(&"e1e3".to_string()));
}

#[test]
fn guru_agrees_with_reference() {
    check(&config("guru", true), 0x6075_0001);
}

#[test]
fn guru_castling_off_agrees_with_reference() {
    check(&config("guru", false), 0x6075_0101);
}

#[test]
fn avantgarde_king_step_agrees_with_reference() {
    check(&config("avantgarde", false), 0xa6a6_0101);
}

#[test]
fn avantgarde_agrees_with_reference() {
    check(&config("avantgarde", true), 0xa6a6_0001);
}

/// Long walks (many thousands of positions per configuration): minutes, so not part of the
/// default suite: `cargo test -p ccg-games --test guru_avantgarde_reference -- --ignored`.
#[test]
#[ignore = "slow: minutes of walks"]
fn long_walks_agree_with_reference() {
    for (n, c) in configs().iter().enumerate() {
        let mut seen = Seen::default();
        walk(c, None, 60, 250, 0x10_0000 + n as u64, &mut seen);
        for (i, s) in c.starts.iter().enumerate() {
            walk(c, Some(s), 40, 200, 0x20_0000 + (n * 8 + i) as u64, &mut seen);
        }
        eprintln!("{} {:?}: {seen:?}", c.id, c.options);
    }
}

/// Depth 5 from the start: minutes of work for the reference, so not part of the default suite:
/// `cargo test -p ccg-games --test guru_avantgarde_reference -- --ignored`.
#[test]
#[ignore = "slow: minutes for the reference"]
fn perft5_agrees_with_reference() {
    for c in configs() {
        perft_from(&c, None, 5..=5);
    }
}
