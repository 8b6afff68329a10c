#[path = "support/reference_polyform/mod.rs"]
mod reference;
use reference::{Game, Pos};

#[test]
fn scratch() {
    for g in Game::ALL {
        let p = Pos::start(g);
        eprintln!("{} {}", g.name(), p.to_fen());
        for d in 1..=2 {
            eprintln!("  perft {d} = {}", p.perft(d));
        }
    }
}
