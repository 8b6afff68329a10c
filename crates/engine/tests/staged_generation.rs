//! The search's move generation against the rules' reference: on positions of random games of
//! every implemented game, the legal moves are exactly the staged pseudo-legal moves (noisy and
//! quiet, each generated once) that pass the one-move legality test; every generated move passes
//! the pseudo-legality test and moves of other positions pass it only where they are generated.
//! Games whose moves are listed in full instead (no cheap legality test) are walked too: there
//! the pseudo-legality test of a remembered move is membership of the legal moves.

use ccg_core::{Move, Position, Rng};
use std::collections::HashSet;

fn implemented() -> Vec<&'static str> {
    ccg_games::catalogue()
        .iter()
        .filter(|g| g.status == ccg_games::Status::Implemented)
        .map(|g| g.id)
        .collect()
}

/// Games and rule options: every game, and the configurations played against Fairy-Stockfish.
fn configurations() -> Vec<(&'static str, Vec<(String, String)>)> {
    let mut out: Vec<(&str, Vec<(String, String)>)> =
        implemented().into_iter().map(|g| (g, vec![])).collect();
    let opt = |k: &str, v: &str| (k.to_string(), v.to_string());
    out.push(("mgc", vec![opt("king", "step"), opt("pawnleap", "rank")]));
    out.push(("guru", vec![opt("castling", "off")]));
    out
}

fn staged(pos: &Position) -> (Vec<Move>, Vec<Move>) {
    let (mut noisy, mut quiet) = (Vec::new(), Vec::new());
    pos.noisy_moves(|m| noisy.push(m));
    pos.quiet_moves(|m| quiet.push(m));
    (noisy, quiet)
}

fn check(pos: &Position, others: &[Move], context: &str) -> usize {
    let legal: HashSet<Move> = pos.legal_moves().iter().copied().collect();
    let (noisy, quiet) = staged(pos);
    let all: Vec<Move> = noisy.iter().chain(&quiet).copied().collect();
    let generated: HashSet<Move> = all.iter().copied().collect();
    assert_eq!(generated.len(), all.len(), "{context}: a move generated twice at {}", pos.to_fen());
    for m in &noisy {
        assert!(pos.is_capture(*m) || m.promotion.is_some(), "{context}: {m:?} is not noisy");
    }
    for m in &quiet {
        assert!(!pos.is_capture(*m) && m.promotion.is_none(), "{context}: {m:?} is not quiet");
    }
    let l = pos.legality();
    let passing: HashSet<Move> = all.iter().copied().filter(|&m| pos.is_legal(m, &l)).collect();
    if passing != legal {
        panic!(
            "{context}: at {}\n legal, not passing: {:?}\n passing, not legal: {:?}",
            pos.to_fen(),
            legal.difference(&passing).map(|&m| pos.move_coord(m)).collect::<Vec<_>>(),
            passing.difference(&legal).collect::<Vec<_>>()
        );
    }
    for m in &all {
        assert!(pos.is_pseudo_legal(*m), "{context}: generated {m:?} fails the pseudo-legality test");
    }
    for m in others {
        assert_eq!(
            pos.is_pseudo_legal(*m),
            generated.contains(m),
            "{context}: pseudo-legality of {m:?} from another position at {}",
            pos.to_fen()
        );
    }
    legal.len()
}

#[test]
fn staged_pseudo_legal_moves_filtered_by_the_legality_test_are_the_legal_moves() {
    for (game, options) in configurations() {
        let v = ccg_games::variant(game, &options).unwrap();
        let staged_game = Position::new(v.clone()).staged_generation();
        let mut rng = Rng::new(game.len() as u64 * 7919 + options.len() as u64);
        let mut positions = 0;
        let mut others: Vec<Move> = Vec::new();
        // Listed games are slow to walk (their reference is the legal list itself): fewer games.
        let games = if staged_game { 12 } else { 4 };
        for game_no in 0..games {
            let mut pos = Position::new(v.clone());
            for ply in 0..150 {
                let context = format!("{} game {game_no} ply {ply}", v.id);
                if staged_game {
                    check(&pos, &others, &context);
                } else {
                    check_listed(&pos, &others, &context);
                }
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                // Moves of this position, tried later in other positions.
                others = moves.iter().copied().take(40).collect();
                let (noisy, _) = staged(&pos);
                others.extend(noisy.iter().take(20));
                // Captures half of the time, so that the games reach crowded and sparse boards.
                let captures: Vec<Move> = moves.iter().copied().filter(|&m| pos.is_capture(m)).collect();
                let m = if !captures.is_empty() && rng.below(2) == 0 {
                    captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.make(m);
            }
        }
        assert!(positions > 25 * games, "{}: {positions} positions", v.id);
    }
}

/// A game listed in full: remembered moves pass the pseudo-legality test exactly when legal.
fn check_listed(pos: &Position, others: &[Move], context: &str) {
    let legal: HashSet<Move> = pos.legal_moves().iter().copied().collect();
    for m in legal.iter().chain(others) {
        assert_eq!(pos.is_pseudo_legal(*m), legal.contains(m), "{context}: {m:?} at {}", pos.to_fen());
    }
}

/// Games with compulsory capture chains, stacks (Pyramids) or royal gating and captures that
/// move pieces between boards (Bermuda chess) are the ones listed in full; chess-like games,
/// drop games included, are staged.
#[test]
fn games_without_a_cheap_legality_test_are_not_staged() {
    let staged = |g: &str| Position::new(ccg_games::variant(g, &[]).unwrap()).staged_generation();
    for g in ["cheskers", "bermuda", "pyramids1", "pyramids5", "pyramids6-checkers"] {
        assert!(!staged(g), "{g}");
    }
    for g in ["mgc", "shogi", "guru", "cubic", "brilliant"] {
        assert!(staged(g), "{g}");
    }
}
