//! Property tests for the games of group pieces (`omino`, `nomino` with and without the extra
//! types, `doseki`): make/unmake, incremental hashing, position strings and notation by effect
//! round-trip on positions reached by random play; every legal move has its own text (one move
//! per resulting position); mangled position strings and arbitrary move text never panic.

use ccg_core::record::Record;
use ccg_core::Position;
use proptest::prelude::*;

#[path = "support/random_play.rs"]
mod random_play;

const GAMES: [(&str, &str); 4] = [("omino", ""), ("nomino", ""), ("nomino", "extras=on"), ("doseki", "")];

/// A position reached by playing the moves picked by `picks` (indices modulo the move count).
fn reached(game: usize, picks: &[usize]) -> Position {
    let (id, opt) = GAMES[game];
    let opts: Vec<(String, String)> =
        opt.split_once('=').map(|(k, v)| (k.into(), v.into())).into_iter().collect();
    random_play::reached(id, &opts, picks)
}

fn game() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..GAMES.len(), prop::collection::vec(any::<usize>(), 0..160))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_everything((g, picks) in game()) {
        let mut pos = reached(g, &picks);
        let fen = pos.to_fen();
        let hash = pos.hash();
        for &m in pos.legal_moves().iter() {
            let u = pos.make(m);
            prop_assert_eq!(pos.hash(), pos.recomputed_hash(), "incremental hash after {:?} in {}", m, fen);
            pos.unmake(u);
            prop_assert_eq!(&pos.to_fen(), &fen);
            prop_assert_eq!(pos.hash(), hash);
        }
    }

    #[test]
    fn position_strings_round_trip((g, picks) in game()) {
        let pos = reached(g, &picks);
        let fen = pos.to_fen();
        let again = Position::from_fen(pos.variant().clone(), &fen).unwrap();
        prop_assert_eq!(again.to_fen(), fen.clone());
        prop_assert_eq!(again.hash(), pos.hash(), "hash after reading {}", fen);
        prop_assert_eq!(again.hash(), again.recomputed_hash());
        let a: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_coord(m)).collect();
        let b: Vec<String> = again.legal_moves().iter().map(|&m| again.move_coord(m)).collect();
        prop_assert_eq!(a, b, "legal moves after reading {}", fen);
        prop_assert_eq!(again.outcome(), pos.outcome());
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
        let pos = reached(g, &picks);
        for &m in pos.legal_moves().iter() {
            let text = pos.move_text_marked(m);
            prop_assert_eq!(pos.parse_move(&text).map(|p| p.mv), Ok(m), "author's notation {} in {}", text, pos.to_fen());
            let coord = pos.move_coord(m);
            prop_assert_eq!(pos.parse_coord(&coord), Ok(m), "coordinates {} in {}", coord, pos.to_fen());
        }
    }

    #[test]
    fn records_round_trip((g, picks) in game()) {
        // A random game, written in the author's notation, read and replayed.
        let (id, opt) = GAMES[g];
        let opts: Vec<(String, String)> = opt.split_once('=').map(|(k, v)| (k.into(), v.into())).into_iter().collect();
        let v = ccg_games::variant(id, &opts).unwrap();
        let mut pos = Position::new(v.clone());
        let mut text = format!("[Game \"{id}\"]\n\n");
        for (i, &p) in picks.iter().enumerate() {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let m = moves[p % moves.len()];
            if i % 2 == 0 {
                text += &format!("{}. ", i / 2 + 1);
            }
            text += &pos.move_text_marked(m);
            text.push(' ');
            pos.make(m);
        }
        text += "*\n";
        let rec = Record::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        let again = Record::parse(&rec.to_text()).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(again.moves.len(), rec.moves.len());
        let r = ccg_core::record::replay(v, &rec).map_err(|(e, _)| TestCaseError::fail(format!("{e}: {text}")))?;
        prop_assert_eq!(r.position.to_fen(), pos.to_fen());
        prop_assert!(r.moves.iter().all(|m| m.check_mark_agrees), "{}", text);
    }

    #[test]
    fn move_text_never_panics(s in "[A-Z+*@=:x^\\-a-k0-9!]{0,16}", (g, picks) in game()) {
        let pos = reached(g, &picks);
        let _ = pos.parse_move(&s);
        let _ = pos.parse_coord(&s);
    }

    #[test]
    fn mangled_position_strings_never_panic(
        (g, picks) in game(),
        cut in any::<usize>(),
        drop in 0usize..3,
        insert in "[0-9xXdD|/ wb\\-]{0,4}",
    ) {
        let pos = reached(g, &picks);
        let fen = pos.to_fen();
        let at = cut % (fen.len() + 1);
        let end = (at + drop).min(fen.len());
        let mangled = format!("{}{}{}", &fen[..at], insert, &fen[end..]);
        if let Ok(p) = Position::from_fen(pos.variant().clone(), &mangled) {
            // Whatever parses is a consistent position that prints back the same.
            prop_assert_eq!(p.hash(), p.recomputed_hash(), "{}", mangled);
            let again = Position::from_fen(p.variant().clone(), &p.to_fen()).unwrap();
            prop_assert_eq!(again.to_fen(), p.to_fen());
            let mut q = p.clone();
            for &m in p.legal_moves().iter() {
                let u = q.make(m);
                q.unmake(u);
            }
            let _ = p.outcome();
        }
    }
}
