//! The geometries of the cube, tesseract and hexagon games pinned down: neighbour counts, lines,
//! every ray against the coordinate definitions of docs/rules.md (via `support/reference_3d4dhex.rs`), the
//! centre symmetry of every setup, promotion cells, the King's jump right, Brilliant's two-King
//! rule, and one complete game record per id replayed to its end (and through the reference).

#[path = "support/reference_3d4dhex.rs"]
mod reference;

use ccg_core::record::{replay, Record};
use ccg_core::{Color as Side, Geometry, OutcomeReason, Position};
use reference::{Color, Dir, Game, RefPos, HEX_DIRS};
use std::collections::BTreeSet;

fn variant(game: Game) -> std::sync::Arc<ccg_core::Variant> {
    ccg_games::variant(game.id(), &[]).unwrap()
}

/// How many directions of family `letter` lead from `cell` to another cell.
fn neighbours(g: &Geometry, letter: char, cell: &str) -> usize {
    let c = g.parse_cell(cell).unwrap_or_else(|| panic!("no cell {cell}"));
    g.family(letter).unwrap().dirs.iter().filter(|&&d| !g.ray_cells(c, d).is_empty()).count()
}

fn ray_names(g: &Geometry, from: &str, dir: [i8; 4]) -> Vec<String> {
    let c = g.parse_cell(from).unwrap();
    let d = g.dirs.iter().position(|&v| v == dir).unwrap();
    g.ray_cells(c, d).iter().map(|&x| g.name(x).to_string()).collect()
}

#[test]
fn cube_neighbour_counts() {
    let g = Geometry::cube();
    assert_eq!(g.len(), 64);
    for (letter, n) in [('O', 6), ('F', 12), ('D', 8)] {
        assert_eq!(g.family(letter).unwrap().dirs.len(), n, "{letter}");
    }
    // Corner (0,0,0) and (3,3,3), edge (1,0,0), face (1,1,0), inner (1,1,1) and (2,2,2).
    for (cell, o, f, d) in [
        ("a1", 3, 3, 1),
        ("h8", 3, 3, 1),
        ("b1", 4, 5, 2),
        ("b2", 5, 8, 4),
        ("f2", 6, 12, 8),
        ("c7", 6, 12, 8),
    ] {
        assert_eq!(
            (neighbours(&g, 'O', cell), neighbours(&g, 'F', cell), neighbours(&g, 'D', cell)),
            (o, f, d),
            "{cell}"
        );
    }
}

#[test]
fn tesseract_neighbour_counts() {
    let g = Geometry::tesseract();
    assert_eq!(g.len(), 81);
    for (letter, n) in [('O', 8), ('F', 24), ('D', 32), ('H', 16)] {
        assert_eq!(g.family(letter).unwrap().dirs.len(), n, "{letter}");
    }
    // Corner (0,0,0,0), edge (1,0,0,0), centre (1,1,1,1), the far corner (2,2,2,2).
    for (cell, counts) in
        [("a1", [4, 6, 4, 1]), ("d1", [5, 9, 7, 2]), ("e5", [8, 24, 32, 16]), ("i9", [4, 6, 4, 1])]
    {
        let got = ['O', 'F', 'D', 'H'].map(|l| neighbours(&g, l, cell));
        assert_eq!(got, counts, "{cell}");
    }
}

#[test]
fn hex_neighbour_counts() {
    let g = Geometry::hex();
    assert_eq!(g.len(), 68);
    assert_eq!(g.family('S').unwrap().dirs.len(), 6);
    for (cell, n) in [
        ("a1", 2),
        ("i1", 2),
        ("a8", 2),
        ("i8", 2),
        ("e8", 3),
        ("e1", 3),
        ("b1", 5),
        ("b7", 5),
        ("a4", 4),
        ("e4", 6),
        ("d4", 6),
    ] {
        assert_eq!(neighbours(&g, 'S', cell), n, "{cell}");
    }
    // The six neighbours as docs/rules.md (Brilliant chess) defines them, on a long and on a short file.
    let star = |cell: &str| -> BTreeSet<String> {
        let c = g.parse_cell(cell).unwrap();
        g.family('S')
            .unwrap()
            .dirs
            .iter()
            .filter_map(|&d| g.ray_cells(c, d).first())
            .map(|&x| g.name(x).to_string())
            .collect()
    };
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(star("e4"), set(&["e5", "e3", "f4", "f3", "d4", "d3"]));
    assert_eq!(star("d4"), set(&["d5", "d3", "e5", "e4", "c5", "c4"]));
}

#[test]
fn line_lengths() {
    let cube = Geometry::cube();
    // The long space diagonal of the cube: (0,0,0) (1,1,1) (2,2,2) (3,3,3).
    assert_eq!(ray_names(&cube, "a1", [1, 1, 1, 0]), ["f2", "c7", "h8"]);
    assert_eq!(ray_names(&cube, "a1", [1, 0, 0, 0]), ["b1", "c1", "d1"]);
    assert_eq!(ray_names(&cube, "a1", [0, 0, 1, 0]), ["e1", "a5", "e5"]);
    assert_eq!(ray_names(&cube, "a1", [0, 1, 1, 0]), ["e2", "a7", "e8"]);
    let t = Geometry::tesseract();
    assert_eq!(ray_names(&t, "a1", [1, 1, 1, 1]), ["e5", "i9"]);
    assert_eq!(ray_names(&t, "a1", [0, 0, 0, 1]), ["a2", "a3"]);
    assert_eq!(ray_names(&t, "a1", [0, 0, 1, 0]), ["a4", "a7"]);
    assert_eq!(ray_names(&t, "a1", [1, 0, 0, 0]), ["d1", "g1"]);
    let h = Geometry::hex();
    // Doubled coordinates: N = (0,2), NE = (1,1), SE = (1,-1).
    assert_eq!(ray_names(&h, "a1", [0, 2, 0, 0]), ["a2", "a3", "a4", "a5", "a6", "a7", "a8"]);
    assert_eq!(ray_names(&h, "b1", [0, 2, 0, 0]).len(), 6);
    assert_eq!(ray_names(&h, "a1", [1, 1, 0, 0]), ["b1", "c2", "d2", "e3", "f3", "g4", "h4", "i5"]);
    assert_eq!(ray_names(&h, "a8", [1, -1, 0, 0]), ["b7", "c7", "d6", "e6", "f5", "g5", "h4", "i4"]);
    // No line is longer than 8 cells (9 with its start).
    let longest = (0..h.len() as ccg_core::Cell)
        .flat_map(|c| (0..6).map(move |d| (c, d)))
        .map(|(c, d)| h.ray_cells(c, d).len())
        .max();
    assert_eq!(longest, Some(8));
}

/// Every ray of every family equals the line the coordinates of docs/rules.md give (the reference's
/// offset vectors and hexagon neighbour rules).
#[test]
fn every_ray_matches_the_coordinate_definitions() {
    for (game, g, families) in [
        (Game::Cubic, Geometry::cube(), vec![('O', 1), ('F', 2), ('D', 3)]),
        (Game::Nihongi, Geometry::tesseract(), vec![('O', 1), ('F', 2), ('D', 3), ('H', 4)]),
        (Game::Brilliant, Geometry::hex(), vec![('S', 0)]),
    ] {
        for sq in game.cells() {
            let name = game.name(sq);
            let c = g.parse_cell(&name).unwrap_or_else(|| panic!("{}: no cell {name}", game.id()));
            for &(letter, changed) in &families {
                let ours: BTreeSet<Vec<String>> = g
                    .family(letter)
                    .unwrap()
                    .dirs
                    .iter()
                    .map(|&d| g.ray_cells(c, d).iter().map(|&x| g.name(x).to_string()).collect())
                    .collect();
                let dirs: Vec<Dir> = if changed == 0 {
                    HEX_DIRS.iter().map(|&h| Dir::Hex(h)).collect()
                } else {
                    game.vectors(changed).iter().map(|&v| Dir::Vector(v)).collect()
                };
                let theirs: BTreeSet<Vec<String>> =
                    dirs.iter().map(|d| game.line(sq, d).iter().map(|&s| game.name(s)).collect()).collect();
                assert_eq!(ours, theirs, "{} {letter} rays from {name}", game.id());
            }
        }
    }
}

#[test]
fn every_setup_is_centre_symmetric() {
    for game in reference::ALL_GAMES {
        let pos = Position::new(variant(game));
        let g = &pos.variant().geometry;
        let mut n = 0;
        for c in 0..g.len() as ccg_core::Cell {
            let Some(p) = pos.piece_at(c) else { continue };
            let m =
                g.centre_mirror(c).unwrap_or_else(|| panic!("{}: {} has no mirror", game.id(), g.name(c)));
            let q = pos.piece_at(m).unwrap_or_else(|| panic!("{}: {} is empty", game.id(), g.name(m)));
            assert_eq!(
                (q.kind, q.color),
                (p.kind, p.color.other()),
                "{}: {} / {}",
                game.id(),
                g.name(c),
                g.name(m)
            );
            // The reference's own mirror (from the coordinate definitions) agrees.
            let sq = game.parse_cell(g.name(c)).unwrap();
            assert_eq!(game.name(game.mirror(sq)), g.name(m), "{}", game.id());
            n += 1;
        }
        let expected = match game {
            Game::Nihongi => 30,
            Game::Brilliant => 36,
            _ => 32,
        };
        assert_eq!(n, expected, "{}", game.id());
    }
}

fn moves_from(pos: &Position, from: &str) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|&m| pos.move_coord(m)).filter(|m| m.starts_with(from)).collect()
}

fn set(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A position of `game` from a piece list, in our generator (checked against the reference).
fn position(game: Game, pieces: &[(char, &str)], side: Color) -> Position {
    let r = RefPos::from_pieces(game, pieces, side);
    let pos =
        Position::from_fen(variant(game), &r.to_fen()).unwrap_or_else(|e| panic!("{}: {e}", r.to_fen()));
    let ours: BTreeSet<String> = pos.legal_moves().iter().map(|&m| pos.move_coord(m)).collect();
    let theirs: BTreeSet<String> = r.legal_moves().into_iter().collect();
    assert_eq!(ours, theirs, "{}", r.to_fen());
    pos
}

#[test]
fn promotion_cells_of_the_cube_and_tesseract() {
    // White pawns promote only on h8 = (3,3,3): g8, h7 and d8 step onto it; c8 = (2,3,2) steps to
    // d8 and g7 without promoting. Black pawns promote only on a1.
    let pos = position(
        Game::Cubic,
        &[('K', "c3"), ('P', "g8"), ('P', "c8"), ('k', "e5"), ('p', "b1"), ('p', "f5")],
        Color::White,
    );
    assert_eq!(moves_from(&pos, "g8"), set(&["g8h8b", "g8h8h", "g8h8q", "g8h8r"]));
    // c8 + z would be g8 (own pawn).
    assert_eq!(moves_from(&pos, "c8"), set(&["c8d8"]));
    let pos = position(
        Game::Cubic,
        &[('K', "c3"), ('P', "g8"), ('k', "e5"), ('p', "b1"), ('p', "f5")],
        Color::Black,
    );
    assert_eq!(moves_from(&pos, "b1"), set(&["b1a1b", "b1a1h", "b1a1q", "b1a1r"]));
    // f5 = (1,0,3): -1 on x gives e5 (own King), on z b5 = (1,0,2), on y nothing.
    assert_eq!(moves_from(&pos, "f5"), set(&["f5b5"]));
    // Nihongi: i9 = (2,2,2,2) is reached from h9 = (2,1,2,2); c9 = (0,2,2,2) steps to
    // f9 = (1,2,2,2) without promoting.
    let pos = position(
        Game::Nihongi,
        &[('K', "c3"), ('P', "h9"), ('P', "c9"), ('k', "d4"), ('p', "b1")],
        Color::White,
    );
    assert_eq!(moves_from(&pos, "h9"), set(&["h9i9b", "h9i9h", "h9i9q", "h9i9r"]));
    assert_eq!(moves_from(&pos, "c9"), set(&["c9f9"]));
}

#[test]
fn brilliant_promotion_is_fixed_by_the_arrival_cell() {
    let white = [
        ("a7", "a8r"),
        ("b6", "b7n"),
        ("c7", "c8q"),
        ("d6", "d7b"),
        ("e7", "e8k"),
        ("f6", "f7b"),
        ("g7", "g8q"),
        ("h6", "h7n"),
        ("i7", "i8r"),
    ];
    let mut pieces: Vec<(char, &str)> = white.iter().map(|&(c, _)| ('P', c)).collect();
    pieces.extend([('K', "e1"), ('k', "e4")]);
    let pos = position(Game::Brilliant, &pieces, Color::White);
    for (from, to) in white {
        assert_eq!(moves_from(&pos, from), set(&[&format!("{from}{to}")]), "{from}");
    }
    // Black, on the mirrored cells.
    let black = [
        ("a2", "a1r"),
        ("b2", "b1n"),
        ("c2", "c1q"),
        ("d2", "d1b"),
        ("e2", "e1k"),
        ("f2", "f1b"),
        ("g2", "g1q"),
        ("h2", "h1n"),
        ("i2", "i1r"),
    ];
    let mut pieces: Vec<(char, &str)> = black.iter().map(|&(c, _)| ('p', c)).collect();
    pieces.extend([('k', "e8"), ('K', "e5")]);
    let pos = position(Game::Brilliant, &pieces, Color::Black);
    for (from, to) in black {
        assert_eq!(moves_from(&pos, from), set(&[&format!("{from}{to}")]), "{from}");
    }
}

#[test]
fn the_kings_jump_right_is_lost_after_check() {
    // A lone King on a1 steps O(1) to b1, e1, a2 and D(1) to f2 = (1,1,1), never F(1) (b2, e2...).
    let pos = position(Game::Cubic, &[('K', "a1"), ('k', "h8")], Color::White);
    assert_eq!(moves_from(&pos, "a1"), set(&["a1a2", "a1b1", "a1e1", "a1f2"]));
    // Checked by the Rook a4 (along y): the flag is set, the D(1) step is gone for good.
    let pos = position(Game::Cubic, &[('K', "a1"), ('k', "h8"), ('r', "a4")], Color::White);
    assert!(pos.to_fen().contains("K!"), "{}", pos.to_fen());
    assert_eq!(moves_from(&pos, "a1"), set(&["a1b1", "a1e1"]));
    let mut pos = pos;
    pos.make(pos.parse_coord("a1b1").unwrap());
    pos.make(pos.parse_coord("a4a3").unwrap());
    // b1 = (1,0,0): D(1) would reach e2 and g2; with the flag only O(1) remains.
    assert_eq!(moves_from(&pos, "b1"), set(&["b1c1", "b1b2", "b1f1"]));
    assert!(pos.to_fen().contains("K!"));
    // docs/rules.md, All games, the jump right of royal pieces: a King may step next to an unchecked enemy King when the step checks that King
    // (which then loses its D(1) step): a1 -> f2 = (1,1,1) beside c7 = (2,2,2).
    let pos = position(Game::Cubic, &[('K', "a1"), ('k', "c7")], Color::White);
    assert!(moves_from(&pos, "a1").contains("a1f2"));
    let mut after = pos.clone();
    after.make(after.parse_coord("a1f2").unwrap());
    assert!(after.in_check() && after.to_fen().contains("k!"), "{}", after.to_fen());
    // A flagged White King cannot do it (it has no D(1) step at all).
    let fen = RefPos::from_pieces(Game::Cubic, &[('K', "a1"), ('k', "c7")], Color::White)
        .to_fen()
        .replace('K', "K!");
    let pos = Position::from_fen(variant(Game::Cubic), &fen).unwrap();
    assert_eq!(moves_from(&pos, "a1"), set(&["a1a2", "a1b1", "a1e1"]));
    // Brilliant: the King leaps two cells along a line (over anything) until checked.
    let pos = position(Game::Brilliant, &[('K', "e1"), ('P', "e2"), ('k', "e8")], Color::White);
    assert!(moves_from(&pos, "e1").contains("e1e3"));
    // The Rook c2 checks e1 along SE (c2, d1, e1): the flag is set, the leap is gone.
    let pos = position(Game::Brilliant, &[('K', "e1"), ('P', "e2"), ('k', "e8"), ('r', "c2")], Color::White);
    assert!(pos.in_check() && pos.to_fen().contains("K!"), "{}", pos.to_fen());
    assert!(!moves_from(&pos, "e1").contains("e1e3"), "{}", pos.to_fen());
}

#[test]
fn brilliant_two_kings() {
    // White Kings e1 and a3; the Black Rook e4 attacks e1 (e3, e2 empty). With two Kings White may
    // leave e1 attacked: the pawn move i2-i3 is legal. With e1 the only King it is not.
    let two = position(
        Game::Brilliant,
        &[('K', "e1"), ('K', "a3"), ('P', "i2"), ('k', "i8"), ('r', "e4")],
        Color::White,
    );
    assert!(two.in_check());
    assert!(moves_from(&two, "i2").contains("i2i3"));
    let one = position(Game::Brilliant, &[('K', "e1"), ('P', "i2"), ('k', "i8"), ('r', "e4")], Color::White);
    assert!(moves_from(&one, "i2").is_empty());
    // Black may then take the King e1; White plays on with a3, which must not be left attacked.
    let mut pos = two.clone();
    pos.make(pos.parse_coord("i2i3").unwrap());
    let take = pos.parse_coord("e4e1").unwrap();
    assert_eq!(pos.move_text_marked(take), "Re4:e1");
    pos.make(take);
    assert_eq!(pos.outcome(), None);
    assert_eq!(
        pos.to_fen(),
        RefPos::from_fen(Game::Brilliant, &two.to_fen()).unwrap().play("i2i3").play("e4e1").to_fen()
    );
    // Both Kings attacked after the move: illegal. The Rook a5 attacks a3 (a4 empty) and the
    // Rook e4 attacks e1: White must answer one of the two checks.
    let both = position(
        Game::Brilliant,
        &[('K', "e1"), ('K', "a3"), ('P', "i2"), ('k', "i8"), ('r', "e4"), ('r', "a5")],
        Color::White,
    );
    assert!(moves_from(&both, "i2").is_empty());
    // A third King is refused: with two Kings the pawn e7 stays a pawn on e8.
    let pos = position(Game::Brilliant, &[('K', "e1"), ('K', "a3"), ('P', "e7"), ('k', "i8")], Color::White);
    assert_eq!(moves_from(&pos, "e7"), set(&["e7e8"]));
    let pos = position(Game::Brilliant, &[('K', "e1"), ('P', "e7"), ('k', "i8")], Color::White);
    assert_eq!(moves_from(&pos, "e7"), set(&["e7e8k"]));
}

/// The records of records/<id>/ replay to their recorded end, in our generator and, move by move,
/// in the reference.
#[test]
fn game_records_replay_to_the_end() {
    for game in reference::ALL_GAMES {
        let dir = format!("{}/../../records/{}", env!("CARGO_MANIFEST_DIR"), game.id());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{dir}");
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let rec = Record::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(rec.tag("Game"), Some(game.id()), "{}", path.display());
            let r = replay(variant(game), &rec).unwrap_or_else(|(e, _)| panic!("{}: {e}", path.display()));
            assert!(r.moves.iter().all(|m| m.check_mark_agrees), "{}", path.display());
            let o = r.outcome.unwrap_or_else(|| panic!("{}: the game is not over", path.display()));
            let result = match o.winner {
                Some(Side::White) => "1:0",
                Some(Side::Black) => "0:1",
                None => "1/2",
            };
            assert_eq!(rec.result.as_deref(), Some(result), "{}", path.display());
            assert_eq!(rec.tag("Result"), Some(result), "{}", path.display());
            let reason = match o.reason {
                OutcomeReason::Checkmate => "checkmate",
                OutcomeReason::Stalemate => "stalemate",
                OutcomeReason::Repetition => "repetition",
                OutcomeReason::FiftyMoves => "fiftymoves",
                other => panic!("{}: unexpected end {other:?}", path.display()),
            };
            assert_eq!(rec.tag("Termination"), Some(reason), "{}", path.display());
            // The same game in the reference: every move legal, the same final position.
            let mut pos = Position::new(variant(game));
            let mut rp = RefPos::start(game);
            for m in &r.moves {
                rp = rp.play(&pos.move_coord(m.mv));
                pos.make(m.mv);
            }
            assert_eq!(rp.to_fen(), r.position.to_fen(), "{}", path.display());
            if o.reason == OutcomeReason::Checkmate {
                assert!(rp.legal_moves().is_empty() && rp.in_check(), "{}", path.display());
            }
        }
    }
}
