//! The checks every game's property tests make, written once: each takes a position (or a random
//! line of play) and fails with the position string and the move that broke it. The per-game test
//! files choose the games, the strategies and the alphabet of mangled input (each uses the checks
//! its games need).
#![allow(dead_code)]

use ccg_core::record::Record;
use ccg_core::Position;
use proptest::test_runner::TestCaseError;
use proptest::{prop_assert, prop_assert_eq};

/// `"key=value"` (or `""`) as the option list `ccg_games::variant` takes.
pub fn options(opt: &str) -> Vec<(String, String)> {
    opt.split_once('=').map(|(k, v)| (k.into(), v.into())).into_iter().collect()
}

/// Every legal move made and unmade restores the position string and hash, and the hash kept
/// incrementally after the move equals the one recomputed from scratch.
pub fn make_unmake_restores_everything(pos: &mut Position) -> Result<(), TestCaseError> {
    let fen = pos.to_fen();
    let hash = pos.hash();
    for &m in pos.legal_moves().iter() {
        let u = pos.make(m);
        prop_assert_eq!(pos.hash(), pos.recomputed_hash(), "incremental hash after {:?} in {}", m, fen);
        pos.unmake(u);
        prop_assert_eq!(&pos.to_fen(), &fen);
        prop_assert_eq!(pos.hash(), hash);
    }
    Ok(())
}

/// The position string reads back as the same position: same string, hash, legal moves, outcome.
pub fn position_string_round_trips(pos: &Position) -> Result<(), TestCaseError> {
    let fen = pos.to_fen();
    let again = Position::from_fen(pos.variant().clone(), &fen).unwrap();
    prop_assert_eq!(again.to_fen(), fen.clone());
    prop_assert_eq!(again.hash(), pos.hash(), "hash after reading {}", fen);
    prop_assert_eq!(again.hash(), again.recomputed_hash());
    let a: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_coord(m)).collect();
    let b: Vec<String> = again.legal_moves().iter().map(|&m| again.move_coord(m)).collect();
    prop_assert_eq!(a, b, "legal moves after reading {}", fen);
    prop_assert_eq!(again.outcome(), pos.outcome());
    Ok(())
}

/// Every legal move's text, in the author's notation (check marks included) and in coordinates,
/// parses back to that move.
pub fn notation_round_trips(pos: &Position) -> Result<(), TestCaseError> {
    for &m in pos.legal_moves().iter() {
        let text = pos.move_text_marked(m);
        prop_assert_eq!(
            pos.parse_move(&text).map(|p| p.mv),
            Ok(m),
            "author's notation {} in {}",
            text,
            pos.to_fen()
        );
        let coord = pos.move_coord(m);
        prop_assert_eq!(pos.parse_coord(&coord), Ok(m), "coordinates {} in {}", coord, pos.to_fen());
    }
    Ok(())
}

/// A random game of `id` written as a record in the author's notation (`respell` may rewrite the
/// text of the i-th move the way a person would type it), printed, read back and replayed: it
/// reaches the same position, and every check mark in it agrees with the position.
pub fn random_record_replays(
    id: &str,
    opts: &[(String, String)],
    picks: &[usize],
    respell: impl Fn(usize, String) -> String,
) -> Result<(), TestCaseError> {
    let v = ccg_games::variant(id, opts).unwrap();
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
        text += &respell(i, pos.move_text_marked(m));
        text.push(' ');
        pos.make(m);
    }
    text += "*\n";
    let rec = Record::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    let again = Record::parse(&rec.to_text()).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    prop_assert_eq!(again.moves.len(), rec.moves.len());
    let r =
        ccg_core::record::replay(v, &rec).map_err(|(e, _)| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert_eq!(r.position.to_fen(), pos.to_fen());
    prop_assert!(r.moves.iter().all(|m| m.check_mark_agrees), "{}", text);
    Ok(())
}

/// Arbitrary text given to the move parsers of a position: an answer, never a panic.
pub fn move_text_never_panics(pos: &Position, s: &str) {
    let _ = pos.parse_move(s);
    let _ = pos.parse_coord(s);
}

/// The position string with `drop` characters at `cut` replaced by `insert`: if it parses, it is a
/// consistent position (hash as recomputed, prints back the same, every move makes and unmakes).
pub fn mangled_position_string_is_consistent(
    pos: &Position,
    cut: usize,
    drop: usize,
    insert: &str,
) -> Result<(), TestCaseError> {
    let fen = pos.to_fen();
    let at = cut % (fen.len() + 1);
    let end = (at + drop).min(fen.len());
    let mangled = format!("{}{}{}", &fen[..at], insert, &fen[end..]);
    if let Ok(p) = Position::from_fen(pos.variant().clone(), &mangled) {
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
    Ok(())
}
