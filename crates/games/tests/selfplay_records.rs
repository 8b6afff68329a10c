//! One complete engine self-play game per id of issue 3 (`ccg match … --records`), replayed:
//! every move legal, the recorded result reached by our rules.

use ccg_core::record::{replay, Record};

#[test]
fn self_play_records_replay_to_their_result() {
    for id in ["guru", "avantgarde", "shogi", "shogi1"] {
        let path = format!("{}/../../records/{id}/selfplay-1.rec", env!("CARGO_MANIFEST_DIR"));
        let rec = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(rec.tag("Game"), Some(id));
        let r =
            replay(ccg_games::variant(id, &[]).unwrap(), &rec).unwrap_or_else(|(e, _)| panic!("{id}: {e}"));
        let o = r.outcome.unwrap_or_else(|| panic!("{id}: the game is not over"));
        let result = match o.winner {
            Some(ccg_core::Color::White) => "1:0",
            Some(ccg_core::Color::Black) => "0:1",
            None => "1/2",
        };
        assert_eq!(rec.tag("Result"), Some(result), "{id}");
        assert_eq!(rec.tag("Termination"), Some(o.reason.to_string().as_str()), "{id}");
        for (m, w) in rec.moves.iter().zip(&r.moves) {
            assert!(w.check_mark_agrees, "{id}: move {} {}", m.number, m.text);
        }
    }
}
