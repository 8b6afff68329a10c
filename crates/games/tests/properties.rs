//! Property tests: make/unmake, hashing, position strings and notation round trips on positions
//! reached by random play, and no panic on arbitrary input to any parser.

use ccg_core::record::Record;
use ccg_core::Position;
use proptest::prelude::*;

#[path = "support/random_play.rs"]
mod random_play;

/// Every implemented game, with the rule options that change move generation (the Pyramids ids
/// have their own, stack-aware properties in `pyramids_properties.rs`).
const GAMES: [(&str, Option<(&str, &str)>); 17] = [
    ("mgc", None),
    ("mgc", Some(("pawns", "forward"))),
    ("mgc1", None),
    ("mgc1", Some(("pawns", "forward"))),
    ("mgc", Some(("king", "step"))),
    ("guru", None),
    ("guru", Some(("castling", "off"))),
    ("avantgarde", None),
    ("shogi", None),
    ("shogi1", None),
    ("cheskers", None),
    ("cubic", None),
    ("cubic-asym", None),
    ("nihongi", None),
    ("brilliant", None),
    ("mgc", Some(("remove", "simple"))),
    ("bermuda", None),
];

/// A position reached by playing the moves picked by `picks` (indices modulo the move count).
fn reached(game: usize, picks: &[usize]) -> Position {
    let (id, opt) = GAMES[game % GAMES.len()];
    let opts: Vec<(String, String)> = opt.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    random_play::reached(id, &opts, picks)
}

fn game() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..GAMES.len(), prop::collection::vec(any::<usize>(), 0..120))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_everything((g, picks) in game()) {
        let mut pos = reached(g, &picks);
        let fen = pos.to_fen();
        let hash = pos.hash();
        for &m in pos.legal_moves().iter() {
            let u = pos.make(m);
            prop_assert_eq!(pos.hash(), pos.recomputed_hash(), "incremental hash after {:?}", m);
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
        prop_assert_eq!(again.to_fen(), fen);
        prop_assert_eq!(again.hash(), pos.hash());
        prop_assert_eq!(again.hash(), again.recomputed_hash());
        prop_assert_eq!(again.count_legal(), pos.count_legal());
    }

    #[test]
    fn notation_round_trips((g, picks) in game()) {
        let pos = reached(g, &picks);
        for &m in pos.legal_moves().iter() {
            let text = pos.move_text_marked(m);
            prop_assert_eq!(pos.parse_move(&text).unwrap().mv, m, "author's notation {}", text);
            let coord = pos.move_coord(m);
            prop_assert_eq!(pos.parse_coord(&coord).unwrap(), m, "coordinates {}", coord);
        }
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,80}", (g, picks) in game()) {
        let pos = reached(g, &picks);
        let _ = Position::from_fen(pos.variant().clone(), &s);
        let _ = pos.parse_move(&s);
        let _ = pos.parse_coord(&s);
        let _ = Record::parse(&s);
        let _ = ccg_games::parse_option(&s);
        let _ = ccg_games::GameDef::from_toml(&s);
        let _ = ccg_core::modes::parse_modes(&s);
    }

    #[test]
    fn mangled_position_strings_never_panic((g, picks) in game(), cut in any::<usize>(), insert in "[0-9kKpP'!/ wb-]{0,4}") {
        let pos = reached(g, &picks);
        let fen = pos.to_fen();
        let at = cut % (fen.len() + 1);
        let mangled = format!("{}{}{}", &fen[..at], insert, &fen[at..]);
        if let Ok(p) = Position::from_fen(pos.variant().clone(), &mangled) {
            // Whatever parses is a consistent position.
            prop_assert_eq!(p.hash(), p.recomputed_hash());
            let _ = p.legal_moves();
        }
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
