//! The fast generator against the independent reference generator (`support/reference.rs`,
//! written straight from docs/rules.md with no shared code): identical legal-move sets on the start
//! position and along thousands of random game paths, identical perft counts, identical
//! position strings after every move, for both editions and both pawn options.

#[path = "support/reference.rs"]
mod reference;

use ccg_core::Rng;
use ccg_core::{Move, Position};
use reference::{Edition, RefPos, Rules};
use std::collections::BTreeSet;

/// The move as the reference writes it: `from-to` or `from-to=L`.
fn canonical(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let mut s = format!("{}-{}", g.name(m.from), g.name(m.to));
    if let Some(k) = m.promotion {
        s.push('=');
        s.push(v.kind(k).letter);
    }
    s
}

/// Game id, rule options, and the same rules for the reference.
type Config = (&'static str, Vec<(String, String)>, Rules);

fn configs() -> Vec<Config> {
    let fw = vec![("pawns".to_string(), "forward".to_string())];
    vec![
        ("mgc", vec![], Rules { edition: Edition::Mgc, pawns_forward: false }),
        ("mgc", fw.clone(), Rules { edition: Edition::Mgc, pawns_forward: true }),
        ("mgc1", vec![], Rules { edition: Edition::Mgc1, pawns_forward: false }),
        ("mgc1", fw, Rules { edition: Edition::Mgc1, pawns_forward: true }),
    ]
}

fn compare(pos: &Position, rules: &Rules, context: &str) {
    let fen = pos.to_fen();
    let r = RefPos::from_fen(&fen).unwrap_or_else(|e| panic!("{context}: reference rejects {fen}: {e}"));
    let fast: BTreeSet<String> = pos.legal_moves().iter().map(|&m| canonical(pos, m)).collect();
    let slow: BTreeSet<String> = r.legal_moves(rules).into_iter().collect();
    assert_eq!(pos.count_legal() as usize, fast.len(), "{context}: count_legal vs list at {fen}");
    if fast != slow {
        panic!(
            "{context}: move sets differ at {fen}\n only fast: {:?}\n only reference: {:?}",
            fast.difference(&slow).collect::<Vec<_>>(),
            slow.difference(&fast).collect::<Vec<_>>()
        );
    }
}

#[test]
fn random_games_agree_with_reference() {
    for (id, opts, rules) in configs() {
        let v = ccg_games::variant(id, &opts).unwrap();
        let mut rng = Rng::from_state(0x5eed_0000 + id.len() as u64 + rules.pawns_forward as u64);
        let mut positions = 0;
        for game in 0..40 {
            let mut pos = Position::new(v.clone());
            let mut r = RefPos::from_fen(&pos.to_fen()).unwrap();
            for ply in 0..150 {
                let context = format!("{id} {opts:?} game {game} ply {ply}");
                compare(&pos, &rules, &context);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let text = canonical(&pos, m);
                pos.make(m);
                r = r.play(&rules, &text);
                assert_eq!(pos.to_fen(), r.to_fen(), "{context}: position strings differ after {text}");
            }
        }
        assert!(positions > 3000, "{id}: only {positions} positions compared");
    }
}

#[test]
fn perft_agrees_with_reference_from_start() {
    for (id, opts, rules) in configs() {
        let v = ccg_games::variant(id, &opts).unwrap();
        let mut pos = Position::new(v);
        let r = RefPos::from_fen(&pos.to_fen()).unwrap();
        for depth in 1..=3 {
            assert_eq!(pos.perft(depth), r.perft(&rules, depth), "{id} {opts:?} depth {depth}");
        }
    }
}

/// Depth 4 from the start and from mid-game positions of the seed party, fast against reference.
/// Minutes of work for the reference, so not part of the default suite:
/// `cargo test -p ccg-games --test reference_diff -- --ignored`.
#[test]
#[ignore]
fn perft_depth4_agrees_with_reference() {
    for (id, opts, rules) in configs() {
        let v = ccg_games::variant(id, &opts).unwrap();
        let mut pos = Position::new(v);
        let r = RefPos::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(pos.perft(4), r.perft(&rules, 4), "{id} {opts:?} depth 4");
    }
}

/// Mid-game positions of the seed party (after moves 10, 20, 30, 40): fast against reference.
#[test]
fn perft_agrees_with_reference_midgame() {
    let rules = Rules { edition: Edition::Mgc, pawns_forward: false };
    let v = ccg_games::variant("mgc", &[]).unwrap();
    for (i, fen) in MIDGAME.iter().enumerate() {
        let mut pos = Position::from_fen(v.clone(), fen).unwrap();
        let r = RefPos::from_fen(fen).unwrap();
        for depth in 1..=if i % 2 == 0 { 3 } else { 2 } {
            assert_eq!(pos.perft(depth), r.perft(&rules, depth), "{fen} depth {depth}");
        }
    }
}

const MIDGAME: [&str; 4] = [
    "lgmaqkamgl/2c2bec1h/pph1n1nppp/2bp'p'1p'3/2p'2p'4/4P'P'4/3P'2NH2/PPP2CPPPP/HNCE1BEK2/LG1AMQAMGL w - 7 11",
    "lgmaqk!amgl/4cb4/1ph1cenhpp/1Hbp'p'1p'p'2/5p'4/4P'P'4/2N3N3/P1P2CPPPP/2CE1BEK2/LG1AMQAMGL w - 1 21",
    "lgmaq1amgl/5b2k!1/1p5hpp/2ep'p'n1p'2/1E3p'4/5P'4/6N3/P1P2CPPPP/2C4K2/LG1AMQAMGL w - 4 31",
    "lg2q1amgl/5b2k!1/5a1hp1/4p'np'p'2/1N3p'4/4p'P'1P'2/1C8/P1P2C1PP1/6AK2/LG1M1Q1MGL w - 1 41",
];
