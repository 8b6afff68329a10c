//! The shape tables of the polyform games (docs/rules.md, "Omino", "Nomino", "Doseki") as the
//! reference generator `support/reference_polyform/` holds them: every type is recognised in each
//! of its orientations, the orientation counts are the rules text's (Doseki's 1, 3, 12, 3, 8,
//! 12+12, 24, 24, 4, 12, 12, 8, 1), and the tables cover exactly the shapes the reconstruction
//! says they do (all polyominoes of 1–4 cells; all count patterns of a 2x2 block; all polycubes of
//! the 2x2x2 box), nothing larger.

#[path = "support/reference_polyform/mod.rs"]
mod reference;

use reference::shapes::{images, normalize, symmetries, Pt, Shape};
use reference::Game;
use std::collections::BTreeSet;

/// Every type's every orientation (its representatives' images under the game's symmetry group)
/// is recognised as that type.
#[test]
fn every_type_is_recognised_in_every_orientation() {
    for game in Game::ALL {
        let table = game.table();
        let group = symmetries(game.dims());
        for (i, t) in table.types.iter().enumerate() {
            for shape in &t.shapes {
                let all = images(shape, &group);
                assert!(!all.is_empty());
                for image in all {
                    assert_eq!(table.classify(&image), Some(i), "{}: {} in {image:?}", game.name(), t.letter);
                }
            }
        }
    }
}

/// The fixed orientations of a type under the rotations alone (Doseki) or under rotations and
/// reflections of the board (the flat games, where a piece can be turned over).
fn orientations(game: Game, letter: char) -> usize {
    let group: Vec<_> =
        symmetries(game.dims()).into_iter().filter(|s| game.dims() == 2 || s.is_rotation()).collect();
    let t = game.table().by_letter(letter).unwrap_or_else(|| panic!("{}: no type {letter}", game.name()));
    t.shapes.iter().flat_map(|s| images(s, &group)).collect::<BTreeSet<_>>().len()
}

#[test]
fn doseki_orientation_counts_are_the_texts() {
    // The text's counts; the Episcope is an isomer pair of 12 each.
    let text = [
        ('P', 1),
        ('H', 3),
        ('B', 12),
        ('R', 3),
        ('A', 8),
        ('E', 24),
        ('C', 24),
        ('G', 24),
        ('J', 4),
        ('M', 12),
        ('W', 12),
        ('Q', 8),
        ('K', 1),
    ];
    let table = Game::Doseki.table();
    assert_eq!(table.types.iter().map(|t| t.letter).collect::<String>(), "PHBRAECGJMWQK");
    for (letter, n) in text {
        assert_eq!(orientations(Game::Doseki, letter), n, "{letter}");
    }
    // The pair: each screw alone has 12 orientations under rotation, and the two are mirror
    // images that no rotation maps onto each other.
    let e = table.by_letter('E').unwrap();
    let rotations: Vec<_> = symmetries(3).into_iter().filter(|s| s.is_rotation()).collect();
    let (left, right) = (images(&e.shapes[0], &rotations), images(&e.shapes[1], &rotations));
    assert_eq!((left.len(), right.len()), (12, 12));
    assert!(left.is_disjoint(&right));
    let all: Vec<usize> = table.types.iter().map(|t| orientations(Game::Doseki, t.letter)).collect();
    assert_eq!(all.iter().sum::<usize>(), 136);
}

#[test]
fn flat_orientation_counts() {
    let omino = [('P', 1), ('H', 2), ('N', 2), ('B', 4), ('R', 1), ('C', 4), ('M', 2), ('Q', 8), ('K', 4)];
    for (letter, n) in omino {
        assert_eq!(orientations(Game::Omino, letter), n, "omino {letter}");
    }
    let nomino = [
        ('P', 1),
        ('S', 1),
        ('H', 2),
        ('N', 4),
        ('B', 4),
        ('E', 8),
        ('C', 4),
        ('R', 3),
        ('G', 8),
        ('M', 4),
        ('Q', 4),
        ('K', 1),
        ('A', 4),
        ('I', 2),
        ('J', 4),
        ('W', 4),
    ];
    let extras = Game::Nomino { extras: true };
    for (letter, n) in nomino {
        assert_eq!(orientations(extras, letter), n, "nomino {letter}");
    }
    let basic: String = Game::Nomino { extras: false }.table().types.iter().map(|t| t.letter).collect();
    assert_eq!(basic, "PSHNBECRGMQK");
}

/// Every connected set of cells inside a `side`^dims box with every choice of 1..=`cap` checkers
/// a cell, normalised: the shapes a table of that box could hold.
fn all_shapes(dims: usize, side: i32, cap: i8, max_cells: usize) -> BTreeSet<Shape> {
    let mut box_cells: Vec<Pt> = Vec::new();
    for z in 0..if dims == 3 { side } else { 1 } {
        for y in 0..side {
            for x in 0..side {
                box_cells.push([x, y, z]);
            }
        }
    }
    let mut out = BTreeSet::new();
    for bits in 1u32..1 << box_cells.len() {
        let set: Vec<Pt> =
            (0..box_cells.len()).filter(|&i| bits >> i & 1 == 1).map(|i| box_cells[i]).collect();
        if set.len() > max_cells || !connected(&set) {
            continue;
        }
        let mut counted: Vec<Vec<(Pt, i8)>> = vec![vec![]];
        for &p in &set {
            counted = counted
                .into_iter()
                .flat_map(|pre| (1..=cap).map(move |n| [pre.clone(), vec![(p, n)]].concat()))
                .collect();
        }
        out.extend(counted.iter().map(|c| normalize(c)));
    }
    out
}

fn connected(set: &[Pt]) -> bool {
    let mut seen = vec![set[0]];
    let mut todo = vec![set[0]];
    while let Some(p) = todo.pop() {
        for &q in set {
            let d: i32 = (0..3).map(|a| (p[a] - q[a]).abs()).sum();
            if d == 1 && !seen.contains(&q) {
                seen.push(q);
                todo.push(q);
            }
        }
    }
    seen.len() == set.len()
}

#[test]
fn omino_moves_every_polyomino_up_to_four_cells_and_no_larger() {
    let table = Game::Omino.table();
    let small = all_shapes(2, 4, 1, 4);
    assert_eq!(small.len(), 1 + 2 + 6 + 19, "fixed polyominoes of 1-4 cells");
    for s in &small {
        assert!(table.classify(s).is_some(), "{s:?}");
    }
    // The pentominoes: every tetromino grown by one neighbouring cell.
    let mut five = BTreeSet::new();
    for s in small.iter().filter(|s| s.len() == 4) {
        for &(p, _) in s {
            for d in [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0]] {
                let q = [p[0] + d[0], p[1] + d[1], 0];
                if !s.iter().any(|&(c, _)| c == q) {
                    five.insert(normalize(&[s.clone(), vec![(q, 1)]].concat()));
                }
            }
        }
    }
    assert_eq!(five.len(), 63, "fixed pentominoes");
    assert!(five.iter().all(|s| table.classify(s).is_none()));
}

#[test]
fn nomino_tables_cover_the_count_patterns_of_a_2x2_block() {
    let patterns = all_shapes(2, 2, 2, 4);
    assert_eq!(patterns.len(), 58);
    let (basic, extras) = (Game::Nomino { extras: false }.table(), Game::Nomino { extras: true }.table());
    assert!(patterns.iter().all(|s| extras.classify(s).is_some()));
    let unmovable: Vec<&Shape> = patterns.iter().filter(|s| basic.classify(s).is_none()).collect();
    assert_eq!(unmovable.len(), 14, "the extras' 4 + 2 + 4 + 4 orientations");
    for s in unmovable {
        let letter = extras.types[extras.classify(s).unwrap()].letter;
        assert!("AIJW".contains(letter), "{letter}");
    }
    // Three checkers on a cell, or a straight line of three cells, are not nominoes.
    assert_eq!(extras.classify(&normalize(&[([0, 0, 0], 3)])), None);
    assert_eq!(extras.classify(&normalize(&[([0, 0, 0], 1), ([1, 0, 0], 1), ([2, 0, 0], 1)])), None);
}

#[test]
fn doseki_tables_cover_the_polycubes_of_the_2x2x2_box() {
    let table = Game::Doseki.table();
    let shapes = all_shapes(3, 2, 1, 8);
    assert_eq!(shapes.len(), 136);
    assert!(shapes.iter().all(|s| table.classify(s).is_some()));
    // No straight tricube, no 3x1 or larger extent.
    assert_eq!(table.max_extent, 2);
    assert_eq!(table.classify(&normalize(&[([0, 0, 0], 1), ([1, 0, 0], 1), ([2, 0, 0], 1)])), None);
}
