//! Property tests: make/unmake, hashing, the check test, position strings, notation and records
//! round-trip on positions reached by random play, and no panic on arbitrary input to any parser.

use ccg_core::record::Record;
use ccg_core::Position;
use proptest::prelude::*;

#[path = "support/properties.rs"]
mod properties;
#[path = "support/random_play.rs"]
mod random_play;

/// Every implemented game, with the rule options that change move generation (the Pyramids ids
/// have their own, stack-aware properties in `pyramids_properties.rs`).
const GAMES: [(&str, &str); 17] = [
    ("mgc", ""),
    ("mgc", "pawns=forward"),
    ("mgc1", ""),
    ("mgc1", "pawns=forward"),
    ("mgc", "king=step"),
    ("guru", ""),
    ("guru", "castling=off"),
    ("avantgarde", ""),
    ("shogi", ""),
    ("shogi1", ""),
    ("cheskers", ""),
    ("cubic", ""),
    ("cubic-asym", ""),
    ("nihongi", ""),
    ("brilliant", ""),
    ("mgc", "remove=simple"),
    ("bermuda", ""),
];

/// A position reached by playing the moves picked by `picks` (indices modulo the move count).
fn reached(game: usize, picks: &[usize]) -> Position {
    let (id, opt) = GAMES[game % GAMES.len()];
    random_play::reached(id, &properties::options(opt), picks)
}

fn game() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..GAMES.len(), prop::collection::vec(any::<usize>(), 0..120))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_everything((g, picks) in game()) {
        properties::make_unmake_restores_everything(&mut reached(g, &picks))?;
    }

    /// The check test that edits no board agrees with making each legal move.
    #[test]
    fn gives_check_agrees_with_making_the_move((g, picks) in game()) {
        let mut p = reached(g, &picks);
        for m in p.legal_moves().iter().copied() {
            let said = p.gives_check(m);
            let u = p.make(m);
            let is = p.in_check();
            p.unmake(u);
            prop_assert_eq!(said, is, "{} at {}", p.variant().id, p.to_fen());
        }
    }

    #[test]
    fn position_strings_round_trip((g, picks) in game()) {
        properties::position_string_round_trips(&reached(g, &picks))?;
    }

    #[test]
    fn placements_rebuild_the_position((g, picks) in game()) {
        let p = reached(g, &picks);
        let v = p.variant().clone();
        let sides = [ccg_core::Color::White, ccg_core::Color::Black];
        let pieces: Vec<_> =
            sides.iter().flat_map(|&s| p.pieces(s).iter()).filter_map(|c| Some((c, p.piece_at(c)?))).collect();
        let hands: Vec<_> = sides
            .iter()
            .flat_map(|&s| (0..v.kinds.len() as u8).map(move |k| (s, k)))
            .filter(|_| v.rules.drops)
            .map(|(s, k)| (s, k, p.hand(s, k)))
            .filter(|h| h.2 > 0)
            .collect();
        let q = Position::from_placement(v, &pieces, &hands, p.side_to_move()).expect("fits its own game");
        // The placement keeps pieces, hands and the side to move; not moved-marks, clocks or en passant.
        let unmarked = |pos: &Position| {
            let f = pos.to_fen();
            let mut w = f.split_whitespace();
            let board: String = w.next().unwrap_or("").chars().filter(|c| !matches!(c, '\'' | '!')).collect();
            format!("{board} {}", w.next().unwrap_or(""))
        };
        prop_assert_eq!(unmarked(&q), unmarked(&p));
        // Moved-marks can decide attacks (a pawn's first-move leap), so check is compared where
        // the placement's marks (pieces on their setup cells unmoved) are the position's.
        if q.to_fen().split_whitespace().next() == p.to_fen().split_whitespace().next() {
            prop_assert_eq!(q.in_check(), p.in_check());
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
    fn parsers_never_panic(s in "\\PC{0,80}", (g, picks) in game()) {
        let pos = reached(g, &picks);
        let _ = Position::from_fen(pos.variant().clone(), &s);
        properties::move_text_never_panics(&pos, &s);
        let _ = Record::parse(&s);
        let _ = ccg_games::parse_option(&s);
        let _ = ccg_games::GameDef::from_toml(&s);
        let _ = ccg_core::modes::parse_modes(&s);
    }

    #[test]
    fn mangled_position_strings_never_panic(
        (g, picks) in game(),
        cut in any::<usize>(),
        drop in 0usize..3,
        insert in "[0-9kKpP'!/ wb-]{0,4}",
    ) {
        properties::mangled_position_string_is_consistent(&reached(g, &picks), cut, drop, &insert)?;
    }

    #[test]
    fn mangled_records_never_panic(cut in any::<usize>(), insert in "[0-9a-k:+=\\-_.{}\\[\\]\" ]{0,6}") {
        let text = include_str!("../../../records/mgc/kosintsev-skuratovsky-1.rec");
        let at = cut % (text.len() + 1);
        if text.is_char_boundary(at) {
            let mangled = format!("{}{}{}", &text[..at], insert, &text[at..]);
            if let Ok(rec) = Record::parse(&mangled) {
                let _ = ccg_core::record::replay(ccg_games::variant("mgc", &[]).unwrap(), &rec);
            }
        }
    }
}
