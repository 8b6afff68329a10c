//! How a differential test says that our generator and an independent reference agree, written
//! once for every reference: the same set of legal moves (each listed once), and the same perft
//! count — and where they differ, the moves and subtrees that differ, so a failure points at the rule.

use ccg_core::{Move, Position};
use std::collections::BTreeSet;

/// Both generators' legal-move names at `fen` are the same set, and neither lists a move twice.
/// Returns the number of moves.
pub fn assert_same_moves(context: &str, fen: &str, mine: Vec<String>, theirs: Vec<String>) -> usize {
    let (n_mine, n_theirs) = (mine.len(), theirs.len());
    let mine: BTreeSet<String> = mine.into_iter().collect();
    let theirs: BTreeSet<String> = theirs.into_iter().collect();
    assert_eq!(mine.len(), n_mine, "{context}: ours lists a move twice at {fen}");
    assert_eq!(theirs.len(), n_theirs, "{context}: the reference lists a move twice at {fen}");
    assert!(
        mine == theirs,
        "{context}: legal moves differ at {fen}\n only ours: {:?}\n only reference: {:?}",
        mine.difference(&theirs).collect::<Vec<_>>(),
        theirs.difference(&mine).collect::<Vec<_>>()
    );
    mine.len()
}

/// Perft `depth` from `pos` equals the reference's `theirs` nodes. On a difference, panics with the
/// subtrees (by move name, `name`) that only one side has, from our divide and `their_divide()`.
pub fn assert_perft_agrees(
    context: &str,
    pos: &mut Position,
    depth: u32,
    theirs: u64,
    their_divide: impl FnOnce() -> Vec<(String, u64)>,
    name: impl Fn(&Position, Move) -> String,
) -> u64 {
    let ours = pos.perft(depth);
    if ours != theirs {
        let mut divide: Vec<(String, u64)> = Vec::new();
        for m in pos.legal_moves().iter().copied() {
            let n = name(pos, m);
            let u = pos.make(m);
            divide.push((n, pos.perft(depth - 1)));
            pos.unmake(u);
        }
        let their_divide = their_divide();
        let only_ours: Vec<_> = divide.iter().filter(|x| !their_divide.contains(x)).collect();
        let only_theirs: Vec<_> = their_divide.iter().filter(|x| !divide.contains(x)).collect();
        panic!(
            "{context}: perft {depth} from {}: ours {ours}, reference {theirs}; only ours {only_ours:?}; only reference {only_theirs:?}",
            pos.to_fen()
        );
    }
    ours
}
