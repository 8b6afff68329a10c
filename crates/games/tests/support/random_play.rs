//! Positions reached by random play, shared by the property tests.

use ccg_core::Position;

/// The position after playing, from the start of game `id` with `opts`, the moves picked by
/// `picks` (each an index modulo the number of legal moves), stopping when the game has none.
pub fn reached(id: &str, opts: &[(String, String)], picks: &[usize]) -> Position {
    let mut pos = Position::new(ccg_games::variant(id, opts).unwrap());
    for &p in picks {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[p % moves.len()]);
    }
    pos
}
