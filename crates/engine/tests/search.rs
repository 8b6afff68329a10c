//! Engine behaviour on Modern Grand Chess: forced wins, legal moves from random positions,
//! reproducibility.

use ccg_core::{OutcomeReason, Position};
use ccg_engine::{analyse, best_move, Limits};

fn pos(game: &str, fen: &str) -> Position {
    Position::from_fen(ccg_games::variant(game, &[]).unwrap(), fen).unwrap()
}

#[test]
fn smoke_start_position() {
    let p = Position::new(ccg_games::variant("mgc", &[]).unwrap());
    let t = std::time::Instant::now();
    let r = analyse(&p, &Limits::depth(5));
    eprintln!("{:?} {:?} {:.0} nps", r, t.elapsed(), r.nodes as f64 / t.elapsed().as_secs_f64());
    assert!(p.legal_moves().contains(&r.best.unwrap()));
    let m = best_move(&p, 3).unwrap();
    assert!(p.legal_moves().contains(&m));
}
