//! # ccg-fuzz — what the fuzzers feed
//!
//! Each target takes arbitrary bytes and must never panic (a panic is the bug a fuzzer reports).
//! The same functions run under `cargo fuzz` (`fuzz_targets/`, coverage-guided) and under
//! `cargo test` (`tests/corpus.rs`: the seed corpus and random mutations of it), so CI checks
//! every target without a nightly toolchain.
//!
//! Where a parser accepts the input, the target also checks what must then hold: a position
//! string written back parses to the same string, a parsed move is legal and its text reads
//! back to the same move, a record written back parses again.

use ccg_core::record::{replay, Record};
use ccg_core::Position;
use ccg_protocols::{uci::Uci, usi::Usi, xboard::XBoard, Out};
use std::sync::{Arc, OnceLock};

/// Compiled variants of every implemented game, built once (compiling is the slow part).
fn variants() -> &'static [Arc<ccg_core::Variant>] {
    static V: OnceLock<Vec<Arc<ccg_core::Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        ccg_protocols::game_ids().iter().filter_map(|id| ccg_games::variant(id, &[]).ok()).collect()
    })
}

/// The first byte chooses the game, the rest is text (lossily decoded: parsers take `&str`).
fn split(data: &[u8]) -> Option<(&Arc<ccg_core::Variant>, String)> {
    let (&first, rest) = data.split_first()?;
    let vs = variants();
    Some((&vs[first as usize % vs.len()], String::from_utf8_lossy(rest).into_owned()))
}

/// Position strings (docs/formats.md): parse, write, parse again.
pub fn position_string(data: &[u8]) {
    let Some((v, text)) = split(data) else { return };
    if let Ok(pos) = Position::from_fen(v.clone(), &text) {
        let written = pos.to_fen();
        let again = Position::from_fen(v.clone(), &written).expect("a written position string parses");
        assert_eq!(again.to_fen(), written);
        let _ = pos.legal_moves();
    }
}

/// Move notation in the author's form and in coordinates, on the game's start position.
pub fn move_notation(data: &[u8]) {
    let Some((v, text)) = split(data) else { return };
    let pos = Position::new(v.clone());
    if let Ok(p) = pos.parse_move(&text) {
        assert!(pos.legal_moves().contains(&p.mv), "parse_move returned an illegal move for {text:?}");
        assert_eq!(pos.parse_move(&pos.move_text(p.mv)).map(|q| q.mv).ok(), Some(p.mv));
    }
    if let Ok(m) = pos.parse_coord(&text) {
        assert!(pos.legal_moves().contains(&m), "parse_coord returned an illegal move for {text:?}");
        assert_eq!(pos.parse_coord(&pos.move_coord(m)).ok(), Some(m));
    }
}

/// Records: parse, write, parse again; replay on the game they name (or the chosen one).
pub fn record(data: &[u8]) {
    let Some((v, text)) = split(data) else { return };
    let Ok(rec) = Record::parse(&text) else { return };
    let written = rec.to_text();
    Record::parse(&written).expect("a written record parses");
    let variant = rec.tag("Game").and_then(|g| ccg_games::variant(g, &[]).ok()).unwrap_or_else(|| v.clone());
    let _ = replay(variant, &rec);
}

/// Protocol input made safe to run quickly: every `go` gets a small node limit (a fuzzed
/// `go depth 90` would be a slow test, not a bug), and hash and thread options are left out
/// (a fuzzed `Hash 12000` would allocate gigabytes; their parsing has tests of its own).
fn tame(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 64);
    for line in data.split(|&b| b == b'\n') {
        let lower = String::from_utf8_lossy(line).to_ascii_lowercase();
        if lower.contains("hash") || lower.contains("threads") {
            continue;
        }
        out.extend_from_slice(line);
        if lower.trim_start().starts_with("go") {
            out.extend_from_slice(b" nodes 200");
        }
        out.push(b'\n');
    }
    out
}

/// A sink for protocol output.
fn out() -> Out {
    Out::new(std::io::sink())
}

/// The UCI input loop (`ccg uci`) over arbitrary bytes.
pub fn uci_session(data: &[u8]) {
    Uci::new(out()).run(tame(data).as_slice());
}

/// The XBoard input loop (`ccg xboard`); XBoard has no node limit, so searches are bounded by
/// `sd 2` ahead of the input (the input may change it: `run` stops the search at the end).
pub fn xboard_session(data: &[u8]) {
    let input = [b"sd 2\n".as_slice(), &tame(data)].concat();
    XBoard::new(out()).run(input.as_slice());
}

/// The USI input loop (`ccg usi`).
pub fn usi_session(data: &[u8]) {
    Usi::new(out()).run(tame(data).as_slice());
}
