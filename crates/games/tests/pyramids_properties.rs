//! Property tests over stacks (Pyramids, all ten ids): make/unmake, incremental hashing,
//! position strings and both notations round-trip on positions reached by random play, records
//! replay, and parsers never panic. A coverage test checks that random play reaches every kind
//! of move the rules have (partitions, amalgamations, promotions, chains), so that the round
//! trips are not vacuous.

use ccg_core::{Position, Special};
use proptest::prelude::*;

#[path = "support/properties.rs"]
mod properties;
#[path = "support/random_play.rs"]
mod random_play;

const GAMES: [&str; 10] = [
    "pyramids1",
    "pyramids2-weak7",
    "pyramids2-weak9",
    "pyramids2-strong",
    "pyramids2-cheskers7",
    "pyramids2-cheskers9",
    "pyramids5",
    "pyramids5-cheskers",
    "pyramids6",
    "pyramids6-checkers",
];

fn reached(game: usize, picks: &[usize]) -> Position {
    random_play::reached(GAMES[game], &[], picks)
}

fn game() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..GAMES.len(), prop::collection::vec(any::<usize>(), 0..120))
}

/// What a move does, in the words of the rules: whole or partition, capture, merge, promotion,
/// chain.
#[derive(Default, Debug)]
struct Seen {
    partitions: usize,
    merges: usize,
    captures: usize,
    promotions: usize,
    chains: usize,
}

#[test]
fn random_play_reaches_every_kind_of_move() {
    for (g, id) in GAMES.iter().enumerate() {
        let mut seen = Seen::default();
        for seed in 0..40u64 {
            let mut pos = Position::new(ccg_games::variant(id, &[]).unwrap());
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                for &m in moves.iter() {
                    let own_target = matches!(m.special, Special::None)
                        && pos.piece_at(m.to).is_some_and(|p| p.color == pos.side_to_move());
                    seen.partitions += matches!(m.special, Special::Part(_)) as usize;
                    seen.merges += own_target as usize;
                    seen.captures += pos.is_capture(m) as usize;
                    seen.promotions += m.promotion.is_some() as usize;
                    seen.chains += matches!(m.special, Special::Chain(p) if !p.is_empty()) as usize;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Prefer promotions, captures and slaves going forward, so that games get going.
                let v = pos.variant().clone();
                let us = pos.side_to_move();
                let forward = |m: &ccg_core::Move| {
                    pos.piece_at(m.from).is_some_and(|p| v.kind(p.kind).pawn)
                        && v.geometry.forwardness(us.index(), m.from, m.to) > 0
                };
                let preferred: Vec<_> = match x % 4 {
                    0 => moves
                        .iter()
                        .copied()
                        .filter(|m| m.promotion.is_some() || pos.is_capture(*m))
                        .collect(),
                    1 | 2 => moves.iter().copied().filter(|m| m.promotion.is_some() || forward(m)).collect(),
                    _ => Vec::new(),
                };
                let pick = if preferred.is_empty() {
                    moves[(x >> 16) as usize % moves.len()]
                } else {
                    preferred[(x >> 16) as usize % preferred.len()]
                };
                pos.make(pick);
            }
        }
        let draughts = id.contains("cheskers") || id.contains("checkers");
        assert!(seen.partitions > 0 && seen.merges > 0 && seen.captures > 0, "{} ({g}): {seen:?}", id);
        assert!(seen.promotions > 0, "{id}: {seen:?}");
        if draughts && *id != "pyramids2-cheskers7" {
            assert!(seen.chains > 0, "{id}: {seen:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_everything((g, picks) in game()) {
        properties::make_unmake_restores_everything(&mut reached(g, &picks))?;
    }

    #[test]
    fn position_strings_round_trip((g, picks) in game()) {
        properties::position_string_round_trips(&reached(g, &picks))?;
    }

    #[test]
    fn notation_round_trips((g, picks) in game()) {
        let pos = reached(g, &picks);
        properties::notation_round_trips(&pos)?;
        // The author prints a space after the code: `(21) e1-f3`.
        for &m in pos.legal_moves().iter() {
            let text = pos.move_text(m);
            if let Some(i) = text.find(')') {
                let spaced = format!("{} {}", &text[..=i], &text[i + 1..]);
                prop_assert_eq!(pos.parse_move(&spaced).map(|p| p.mv), Ok(m), "{}", spaced);
            }
        }
    }

    #[test]
    fn records_round_trip((g, picks) in game()) {
        // Half the moves the author's way, with a space after the stack code.
        let spaced = |i: usize, t: String| if i % 4 == 1 { t.replacen(')', ") ", 1) } else { t };
        properties::random_record_replays(GAMES[g], &[], &picks, spaced)?;
    }

    #[test]
    fn move_text_never_panics(s in "[A-Z+*@=:\\-a-i0-9()#! ]{0,14}", (g, picks) in game()) {
        properties::move_text_never_panics(&reached(g, &picks), &s);
    }

    #[test]
    fn mangled_position_strings_never_panic(
        (g, picks) in game(),
        cut in any::<usize>(),
        drop in 0usize..3,
        insert in "[0-9sSfF'!()./ wb\\-]{0,4}",
    ) {
        properties::mangled_position_string_is_consistent(&reached(g, &picks), cut, drop, &insert)?;
    }
}
