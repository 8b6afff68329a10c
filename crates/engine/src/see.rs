//! Static exchange evaluation: what a move wins or loses on its target cell if both sides then
//! take there with their least valuable piece, each free to stop. Generic over modes: the
//! attackers of a cell come from the rules core ([`Position::attackers`]) and are looked up
//! again after every capture, so pieces behind a slider join in (x-rays) whatever their modes.

use ccg_core::{Move, Position, Special};

/// The material balance of the exchange `m` starts, for the side to move, in the units of
/// `values` (per piece kind; royal pieces high). A royal piece takes part only as the last
/// capturer: it may not take a defended piece.
pub fn see(pos: &Position, m: Move, values: &[i32]) -> i32 {
    // Group pieces (Omino, Nomino, Doseki) capture by shape: no exchange on one cell is computed
    // (and their boards may outgrow the classical cell sets).
    if pos.variant().is_polyform() {
        return 0;
    }
    let us = pos.side_to_move();
    let value = |c| pos.piece_at(c).map_or(0, |p| values[p.kind as usize]);
    let (mut occ, captured, mover_kind) = match m.special {
        Special::Group(_) => return 0,
        // A stack landing on its own stack merges (Pyramids): no exchange.
        Special::None if pos.piece_at(m.to).is_some_and(|p| p.color == us) => return 0,
        Special::None => {
            let mut occ = pos.pieces(us) | pos.pieces(us.other());
            occ.remove(m.from);
            (occ, value(m.to), pos.piece_at(m.from).map(|p| p.kind))
        }
        Special::EnPassant(victim) => {
            let mut occ = pos.pieces(us) | pos.pieces(us.other());
            occ.remove(m.from);
            occ.remove(victim);
            occ.insert(m.to);
            (occ, value(victim), pos.piece_at(m.from).map(|p| p.kind))
        }
        Special::Drop(k) => {
            let mut occ = pos.pieces(us) | pos.pieces(us.other());
            occ.insert(m.to);
            (occ, 0, Some(k))
        }
        // Castlings and partitions take nothing; chains are not exchanges on one cell.
        Special::Castle(_) | Special::Part(_) | Special::Chain(_) => return 0,
    };
    let Some(mover_kind) = mover_kind else { return 0 };
    let royal = |k: u8| pos.variant().kinds[k as usize].royal;
    let mut on_target = values[mover_kind as usize];
    let mut gain = [0i32; 40];
    gain[0] = captured;
    if let Some(p) = m.promotion {
        gain[0] += values[p as usize] - values[mover_kind as usize];
        on_target = values[p as usize];
    }
    let mut side = us.other();
    let mut d = 0;
    while d + 1 < gain.len() {
        let attackers = pos.attackers(m.to, side, occ);
        let Some((from, kind)) = attackers
            .iter()
            .filter_map(|c| pos.piece_at(c).map(|p| (c, p.kind)))
            .min_by_key(|&(_, k)| values[k as usize])
        else {
            break;
        };
        // A royal piece may not take on a cell the other side still attacks.
        if royal(kind) && pos.attackers(m.to, side.other(), occ ^ ccg_core::CellSet::single(from)).any() {
            break;
        }
        d += 1;
        gain[d] = on_target - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
        occ.remove(from);
        on_target = values[kind as usize];
        side = side.other();
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pos: &Position) -> Vec<i32> {
        let ev = crate::Evaluator::for_variant(pos.variant());
        (0..pos.variant().kinds.len()).map(|k| ev.value(k as u8)).collect()
    }

    fn see_of(game: &str, fen: &str, mv: &str) -> i32 {
        let v = ccg_games::variant(game, &[]).unwrap();
        let pos = Position::from_fen(v, fen).unwrap();
        let m = pos.parse_coord(mv).unwrap();
        see(&pos, m, &values(&pos))
    }

    #[test]
    fn exchanges_on_one_cell() {
        // Guru (classical pawns and pieces). A rook takes an undefended pawn: +pawn.
        let g = "guru";
        let pawn = see_of(g, "5k4/10/10/10/4p5/10/10/10/10/4RK4 w - 0 1", "e1e6");
        assert_eq!(pawn, 100);
        // The pawn is defended by a pawn: the rook is lost for a pawn.
        let lost = see_of(g, "5k4/10/10/3p6/4p5/10/10/10/10/4RK4 w - 0 1", "e1e6");
        assert!(lost < -300, "{lost}");
        // Two rooks against one defender: the second rook (an x-ray behind the first) wins it.
        let xray = see_of(g, "5k4/10/10/4r5/4p5/10/10/10/4R5/4RK4 w - 0 1", "e2e6");
        assert_eq!(xray, 100, "pawn taken, rook for rook");
        // A quiet move to an attacked cell loses the piece.
        let hang = see_of(g, "5k4/10/10/10/10/3p6/10/10/10/4RK4 w - 0 1", "e1e4");
        assert!(hang < -300, "{hang}");
        // The King takes an undefended pawn, and takes back when nothing guards the cell.
        assert_eq!(see_of(g, "9k/10/10/10/10/10/10/3pK5/10/10 w - 0 1", "e3d3"), 100);
        assert_eq!(see_of(g, "9k/3r6/10/10/10/10/10/3pK5/10/3R6 w - 0 1", "d1d3"), 100);
        // With a bishop taking back first and the rook behind, the King may not: rook for pawn.
        let guarded = see_of(g, "9k/3r6/10/10/10/1b8/10/3pK5/10/3R6 w - 0 1", "d1d3");
        assert!(guarded < -300, "{guarded}");
    }

    #[test]
    fn drops_and_promotions() {
        // Shogi: a pawn dropped where a gold takes it loses the pawn; undefended, nothing.
        let s = "shogi";
        assert!(see_of(s, "4k4/4g4/9/9/9/9/9/9/4K4[P] w - 0 1", "P@e7") < 0);
        assert_eq!(see_of(s, "4k4/9/9/9/9/9/9/9/4K4[P] w - 0 1", "P@e5"), 0);
        // Guru: a pawn promotes to a queen on an unguarded cell.
        let q = see_of("guru", "5k4/1P8/10/10/10/10/10/10/10/4K5 w - 0 1", "b9b10q");
        assert!(q > 500, "{q}");
    }
}
