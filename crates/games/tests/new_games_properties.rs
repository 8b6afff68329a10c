//! Property tests for Chess Guru, Avant-garde and Modern Shogi (both editions) and their options:
//! make/unmake, incremental hashing, position strings (hands, promoted pieces, en passant,
//! has-moved and has-been-checked marks) and both notations round-trip on positions reached by
//! random play; mangled position strings and arbitrary move text never panic, and whatever parses
//! is a consistent position.

use ccg_core::Position;
use proptest::prelude::*;

#[path = "support/properties.rs"]
mod properties;
#[path = "support/random_play.rs"]
mod random_play;

const GAMES: [(&str, &str); 6] = [
    ("guru", ""),
    ("guru", "castling=off"),
    ("avantgarde", ""),
    ("avantgarde", "king=step"),
    ("shogi", ""),
    ("shogi1", ""),
];

/// A position reached by playing the moves picked by `picks` (indices modulo the move count).
fn reached(game: usize, picks: &[usize]) -> Position {
    let (id, opt) = GAMES[game];
    random_play::reached(id, &properties::options(opt), picks)
}

fn game() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..GAMES.len(), prop::collection::vec(any::<usize>(), 0..160))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

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
        properties::notation_round_trips(&reached(g, &picks))?;
    }

    #[test]
    fn records_round_trip((g, picks) in game()) {
        let (id, opt) = GAMES[g];
        properties::random_record_replays(id, &properties::options(opt), &picks, |_, t| t)?;
    }

    #[test]
    fn move_text_never_panics(s in "[A-Z+*@=:\\-a-k0-9O#!]{0,12}", (g, picks) in game()) {
        properties::move_text_never_panics(&reached(g, &picks), &s);
    }

    #[test]
    fn mangled_position_strings_never_panic(
        (g, picks) in game(),
        cut in any::<usize>(),
        drop in 0usize..3,
        insert in "[0-9kKpPrRgGhHnNjJqQ'!+/ wb\\-\\[\\]]{0,4}",
    ) {
        properties::mangled_position_string_is_consistent(&reached(g, &picks), cut, drop, &insert)?;
    }
}
