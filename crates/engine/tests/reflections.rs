//! The mirror images that `ccg train --reflect` adds (`ccg_engine::nnue::reflections`) are
//! positions of the game worth what the originals are: along random games of every implemented
//! game with such a reflection, the mirrored position has as many legal moves, the same outcome,
//! and the pieces of the original with every cell mapped, so a mirrored training sample is
//! exactly the mirrored position's.
//!
//! `reflections` checks this itself on a few random games; these are others, with other seeds.

use ccg_core::{Cell, Color, Piece, Position, Rng, Variant};
use ccg_engine::nnue::reflections;
use std::sync::Arc;

/// A position as it stands, rebuilt like its mirror image (from its pieces and hands alone),
/// so that both have the same history: none.
fn rebuilt(pos: &Position) -> Position {
    let identity: Vec<Cell> = (0..pos.variant().geometry.len() as Cell).collect();
    pos.mirrored(&identity).expect("the identity is a permutation")
}

#[test]
fn mirrored_positions_have_the_same_moves_and_pieces() {
    let mut games_with = Vec::new();
    for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
        let v: Arc<Variant> = ccg_games::variant(g.id, &[]).unwrap();
        let maps = reflections(&v);
        if maps.is_empty() {
            continue;
        }
        games_with.push((g.id, maps.len()));
        let plies = if v.geometry.len() > 200 { 30 } else { 80 };
        for (i, map) in maps.iter().enumerate() {
            let mut rng = Rng::new(1_000 + i as u64);
            let mut pos = Position::new(v.clone());
            for ply in 0..plies {
                let original = rebuilt(&pos);
                let image = pos.mirrored(map).expect("a reflection is a permutation");
                let what = format!("{} reflection {i} ply {ply}: {}", g.id, pos.to_fen());
                assert_eq!(original.legal_moves().len(), image.legal_moves().len(), "{what}");
                assert_eq!(original.outcome().is_some(), image.outcome().is_some(), "{what}");
                // A training sample is its pieces (each of its group's type) and its hands.
                let mut expected = Vec::new();
                original.for_each_piece(|c, p: Piece| expected.push((map[c as usize], p)));
                let mut seen = Vec::new();
                image.for_each_piece(|c, p| seen.push((c, p)));
                for pieces in [&mut expected, &mut seen] {
                    pieces.sort_by_key(|&(c, p)| (c, p.color as u8, p.kind));
                }
                assert_eq!(expected, seen, "{what}: the pieces, mirrored");
                for side in [Color::White, Color::Black] {
                    for k in 0..v.kinds.len() as u8 {
                        assert_eq!(original.hand(side, k), image.hand(side, k), "{what}");
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
    // The cube of checkers is symmetric left for right and front for back.
    assert!(games_with.contains(&("doseki", 3)), "{games_with:?}");
    // Bermuda's setup is its own mirror image, its rules are not: `reflections` finds it.
    assert!(games_with.iter().all(|&(id, _)| id != "bermuda"), "{games_with:?}");
    // A chess setup is not: the King and Queen stand on different wings.
    assert!(reflections(&ccg_games::variant("mgc", &[]).unwrap()).is_empty());
}
