//! Moves as 32-bit codes, for the tables that remember moves across positions (the
//! transposition table, killers, counter-moves): from, to, promotion and what is special about
//! the move fit in one word. A capture chain's landings do not fit: its code carries a hash of
//! them, and is matched against generated moves rather than decoded. Group moves (boards of up
//! to 1024 cells) and drops on big boards have layouts of their own.

use ccg_core::{Cell, Kind, Move, Path, Special};

/// The code of no move.
pub(crate) const NONE: u32 = 0;

const TAG_NONE: u32 = 0;
const TAG_DROP: u32 = 1;
const TAG_CASTLE: u32 = 2;
const TAG_EP: u32 = 3;
const TAG_CHAIN: u32 = 4;
const TAG_PART: u32 = 5;
/// A group move: from 0–9, to 10–19, the orientation's low bit 20 and the rest 24–30.
const TAG_GROUP: u32 = 6;
/// A drop on a cell beyond 127: the cell 0–9, the kind 24–30.
const TAG_WIDE_DROP: u32 = 7;

/// Bits: from 0–6, to 7–13 (boards have at most 128 cells), promotion + 1 (0 = none) 14–20, tag
/// 21–23, payload 24–30 (a kind, a castling, a cell or a path hash), and bit 31 set so that no
/// move codes as [`NONE`]. What does not fit (a group move with more than 256 orientations or
/// 1024 cells) codes as a hash, like a chain: matched, never decoded.
#[inline]
pub(crate) fn encode(m: &Move) -> u32 {
    let wide = m.from >= 128 || m.to >= 128;
    let (tag, payload) = match m.special {
        Special::Group(o) if o < 256 && m.from < 1024 && m.to < 1024 => {
            let o = o as u32;
            return m.from as u32
                | (m.to as u32) << 10
                | (o & 1) << 20
                | TAG_GROUP << 21
                | (o >> 1) << 24
                | 1 << 31;
        }
        Special::Drop(k) if wide && m.to < 1024 && k < 128 => {
            return m.to as u32 | TAG_WIDE_DROP << 21 | (k as u32) << 24 | 1 << 31;
        }
        Special::Group(o) => (TAG_CHAIN, hash(o as u32 ^ (m.from as u32) << 8 ^ (m.to as u32) << 20)),
        _ if wide => (TAG_CHAIN, hash(m.from as u32 ^ (m.to as u32) << 11)),
        Special::None => (TAG_NONE, 0),
        Special::Drop(k) => (TAG_DROP, k as u32),
        Special::Castle(i) => (TAG_CASTLE, i as u32),
        Special::EnPassant(c) => (TAG_EP, c as u32),
        Special::Chain(p) => (TAG_CHAIN, path_hash(&p)),
        Special::Part(k) => (TAG_PART, k as u32),
    };
    let promo = m.promotion.map_or(0, |k| k as u32 + 1);
    (m.from as u32 & 0x7f)
        | (m.to as u32 & 0x7f) << 7
        | (promo & 0x7f) << 14
        | tag << 21
        | (payload & 0x7f) << 24
        | 1 << 31
}

/// The move a code stands for; `None` for [`NONE`] and for capture chains.
#[inline]
pub(crate) fn decode(code: u32) -> Option<Move> {
    if code == NONE {
        return None;
    }
    match code >> 21 & 7 {
        TAG_GROUP => {
            let o = (code >> 20 & 1 | (code >> 24 & 0x7f) << 1) as u16;
            let (from, to) = ((code & 0x3ff) as Cell, (code >> 10 & 0x3ff) as Cell);
            return Some(Move { from, to, promotion: None, special: Special::Group(o) });
        }
        TAG_WIDE_DROP => {
            let c = (code & 0x3ff) as Cell;
            return Some(Move {
                from: c,
                to: c,
                promotion: None,
                special: Special::Drop((code >> 24 & 0x7f) as Kind),
            });
        }
        _ => {}
    }
    let from = (code & 0x7f) as Cell;
    let to = (code >> 7 & 0x7f) as Cell;
    let promo = (code >> 14 & 0x7f) as Kind;
    let payload = (code >> 24 & 0x7f) as Kind;
    let special = match code >> 21 & 7 {
        TAG_NONE => Special::None,
        TAG_DROP => Special::Drop(payload),
        TAG_CASTLE => Special::Castle(payload),
        TAG_EP => Special::EnPassant(payload as Cell),
        TAG_PART => Special::Part(payload),
        _ => return None,
    };
    Some(Move { from, to, promotion: promo.checked_sub(1), special })
}

fn path_hash(p: &Path) -> u32 {
    p.cells().fold(p.len() as u32, |h, c| h.wrapping_mul(31).wrapping_add(c as u32)) & 0x7f
}

/// Seven bits of a mix of `x` (the payload of a code that is matched, not decoded).
fn hash(x: u32) -> u32 {
    x.wrapping_mul(0x9e37_79b1) >> 25
}

#[cfg(test)]
mod tests {
    use super::*;
    use ccg_core::Position;

    #[test]
    fn moves_of_every_game_round_trip() {
        for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
            let v = ccg_games::variant(g.id, &[]).unwrap();
            let mut pos = Position::new(v.clone());
            let mut rng = ccg_core::Rng::new(5);
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Group moves and big-board drops decode exactly, so no two moves share a code.
                if v.is_polyform() {
                    let codes: std::collections::HashSet<u32> = moves.iter().map(encode).collect();
                    assert_eq!(codes.len(), moves.len(), "{}", g.id);
                }
                for m in moves.iter() {
                    let c = encode(m);
                    assert_ne!(c, NONE);
                    match m.special {
                        Special::Chain(_) => assert_eq!(decode(c), None),
                        _ => assert_eq!(decode(c), Some(*m), "{}: {m:?}", g.id),
                    }
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
        assert_eq!(decode(NONE), None);
    }
}
