//! Moves as 32-bit codes, for the tables that remember moves across positions (the
//! transposition table, killers, counter-moves): from, to, promotion and what is special about
//! the move fit in one word. A capture chain's landings do not fit: its code carries a hash of
//! them, and is matched against generated moves rather than decoded.

use ccg_core::{Cell, Kind, Move, Path, Special};

/// The code of no move.
pub(crate) const NONE: u32 = 0;

const TAG_NONE: u32 = 0;
const TAG_DROP: u32 = 1;
const TAG_CASTLE: u32 = 2;
const TAG_EP: u32 = 3;
const TAG_CHAIN: u32 = 4;
const TAG_PART: u32 = 5;

/// Bits: from 0–6, to 7–13 (boards have at most 128 cells), promotion + 1 (0 = none) 14–20, tag
/// 21–23, payload 24–30 (a kind, a castling, a cell or a path hash), and bit 31 set so that no
/// move codes as [`NONE`].
#[inline]
pub(crate) fn encode(m: &Move) -> u32 {
    let (tag, payload) = match m.special {
        Special::None => (TAG_NONE, 0),
        Special::Drop(k) => (TAG_DROP, k as u32),
        Special::Castle(i) => (TAG_CASTLE, i as u32),
        Special::EnPassant(c) => (TAG_EP, c as u32),
        Special::Chain(p) => (TAG_CHAIN, path_hash(&p)),
        Special::Part(k) => (TAG_PART, k as u32),
        // Group pieces (boards of up to 729 cells): decoded as no move, like a chain.
        Special::Group(o) => (TAG_CHAIN, o as u32 ^ (m.from as u32 >> 7) ^ (m.to as u32 >> 7) << 3),
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

#[cfg(test)]
mod tests {
    use super::*;
    use ccg_core::Position;

    #[test]
    fn moves_of_every_game_round_trip() {
        for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
            let v = ccg_games::variant(g.id, &[]).unwrap();
            // Group pieces (polyform games) have no move codes or network features yet: open engine work.
            if v.is_polyform() {
                continue;
            }
            let mut pos = Position::new(v);
            let mut rng = ccg_core::Rng::new(5);
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
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
