//! Property tests for the games of group pieces (`omino`, `nomino` with and without the extra
//! types, `doseki`): make/unmake, incremental hashing, position strings and notation by effect
//! round-trip on positions reached by random play; every legal move has its own text (one move
//! per resulting position); mangled position strings and arbitrary move text never panic.

use ccg_core::Position;
use proptest::prelude::*;

#[path = "support/properties.rs"]
mod properties;
#[path = "support/random_play.rs"]
mod random_play;

const GAMES: [(&str, &str); 4] = [("omino", ""), ("nomino", ""), ("nomino", "extras=on"), ("doseki", "")];

/// A position reached by playing the moves picked by `picks` (indices modulo the move count).
fn reached(game: usize, picks: &[usize]) -> Position {
    let (id, opt) = GAMES[game];
    random_play::reached(id, &properties::options(opt), picks)
}

fn game() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..GAMES.len(), prop::collection::vec(any::<usize>(), 0..160))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_everything((g, picks) in game()) {
        properties::make_unmake_restores_everything(&mut reached(g, &picks))?;
    }

    /// What engines read: every occupied cell once with the piece `piece_at` names, and each
    /// move's effect as making it shows (checkers taken, hand or reserve gained).
    #[test]
    fn pieces_and_move_effects_agree_with_the_board((g, picks) in game()) {
        let mut pos = reached(g, &picks);
        let mut listed = Vec::new();
        pos.for_each_piece(|c, p| listed.push((c, p)));
        listed.sort_by_key(|&(c, _)| c);
        let cells = pos.variant().geometry.len() as ccg_core::Cell;
        let want: Vec<_> = (0..cells).filter_map(|c| pos.piece_at(c).map(|p| (c, p))).collect();
        prop_assert_eq!(listed, want);
        let us = pos.side_to_move();
        let checkers = |pos: &Position, side| {
            pos.occupied_cells(side).iter().map(|&c| pos.checkers(c) as u32).sum::<u32>()
        };
        let (ours, theirs, hand) = (checkers(&pos, us), checkers(&pos, us.other()), pos.reserve(us));
        for &m in pos.legal_moves().iter() {
            let e = pos.group_effect(m).unwrap();
            prop_assert_eq!(e.captured > 0, pos.is_capture(m));
            let drop = m.is_drop() as u32;
            let u = pos.make(m);
            prop_assert_eq!(checkers(&pos, us.other()), theirs - e.captured, "{:?}", m);
            prop_assert_eq!(checkers(&pos, us), ours + drop, "{:?}", m);
            prop_assert_eq!(pos.reserve(us), hand + e.gain - drop, "{:?}", m);
            pos.unmake(u);
            let kind = pos.variant().kinds[e.kind as usize].letter;
            prop_assert!(drop == 1 || e.moving as usize >= 1 && kind != 'X', "{:?}", m);
        }
    }

    #[test]
    fn position_strings_round_trip((g, picks) in game()) {
        properties::position_string_round_trips(&reached(g, &picks))?;
    }

    #[test]
    fn one_move_per_resulting_position((g, picks) in game()) {
        let mut pos = reached(g, &picks);
        let mut seen = std::collections::HashMap::new();
        for &m in pos.legal_moves().iter() {
            let text = pos.move_text(m);
            let u = pos.make(m);
            let after = pos.to_fen();
            pos.unmake(u);
            prop_assert!(seen.insert(after.clone(), text.clone()).is_none(), "{} and another move give {}", text, after);
        }
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
    fn move_text_never_panics(s in "[A-Z+*@=:x^\\-a-k0-9!]{0,16}", (g, picks) in game()) {
        properties::move_text_never_panics(&reached(g, &picks), &s);
    }

    #[test]
    fn mangled_position_strings_never_panic(
        (g, picks) in game(),
        cut in any::<usize>(),
        drop in 0usize..3,
        insert in "[0-9xXdD|/ wb\\-]{0,4}",
    ) {
        properties::mangled_position_string_is_consistent(&reached(g, &picks), cut, drop, &insert)?;
    }
}
