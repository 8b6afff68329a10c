//! The modes every piece gets, per id: the tables of docs/rules.md, sections "Slaves", "Stacks
//! and faraons, classical variants" and "Draughts-style variants", one function per table, and
//! what each mode reaches (docs/rules.md "All games", docs/formats.md "Piece modes").

use super::{all_stacks, is_pharaon, Cell, Id, Stack};

/// Direction families.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lines {
    Orth,
    Diag,
    All,
}

impl Lines {
    pub fn dirs(self) -> Vec<(i32, i32)> {
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match self {
            Lines::Orth => orth.to_vec(),
            Lines::Diag => diag.to_vec(),
            Lines::All => orth.iter().chain(diag.iter()).copied().collect(),
        }
    }
}

/// A mode of movement of the classical variants (and the marches of the draughts-style ones).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// `N(n)`: a leap to any cell at Chebyshev distance exactly n.
    Ring(i32),
    /// `L(a,b)`: the 8 leaps a cells along one axis and b along the other.
    Leap(i32, i32),
    /// `jO(n)`, `jD(n)`: a leap of exactly n cells along a line, whatever stands between.
    LineLeap(Lines, i32),
    /// `O(n)`, `D(n)`: exactly n cells along a line, the n-1 cells before the last empty.
    Slide(Lines, i32),
    /// `O`, `D`: any distance along a line over empty cells.
    Ride(Lines),
    /// `jO`, `jD` (6th edition, unlimited): a ride that may pass over at most one occupied cell
    /// of either colour.
    HopRide(Lines),
}

/// A short list of modes, without allocation (legality tests ask for them at every move).
#[derive(Clone, Copy, Debug)]
pub struct Modes {
    list: [Mode; 12],
    len: usize,
}

impl Modes {
    pub fn new() -> Modes {
        Modes { list: [Mode::Ring(0); 12], len: 0 }
    }

    pub fn of(modes: &[Mode]) -> Modes {
        let mut m = Modes::new();
        m.extend(modes.iter().copied());
        m
    }

    pub fn push(&mut self, mode: Mode) {
        self.list[self.len] = mode;
        self.len += 1;
    }

    pub fn extend(&mut self, modes: impl IntoIterator<Item = Mode>) {
        for mode in modes {
            self.push(mode);
        }
    }
}

impl std::ops::Deref for Modes {
    type Target = [Mode];
    fn deref(&self) -> &[Mode] {
        &self.list[..self.len]
    }
}

use Lines::{All, Diag, Orth};
use Mode::{HopRide, Leap, LineLeap, Ride, Ring, Slide};

/// Whether `mode` takes a piece on `from` to `to` (another cell of the board), given which cells
/// are occupied; what happens on `to` (march, capture, amalgamation, nothing) is the caller's
/// decision. This predicate is the one definition of every mode.
pub fn reaches(mode: Mode, from: Cell, to: Cell, occupied: &dyn Fn(Cell) -> bool) -> bool {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let dist = dx.abs().max(dy.abs());
    let on_line = |lines: Lines| {
        let orth = (dx == 0) != (dy == 0);
        let diag = dx != 0 && dx.abs() == dy.abs();
        match lines {
            Orth => orth,
            Diag => diag,
            All => orth || diag,
        }
    };
    // The occupied cells strictly between `from` and `to` on their line.
    let between =
        || (1..dist).filter(|&k| occupied((from.0 + k * dx.signum(), from.1 + k * dy.signum()))).count();
    match mode {
        Ring(k) => dist == k,
        Leap(a, b) => (dx.abs(), dy.abs()) == (a, b) || (dx.abs(), dy.abs()) == (b, a),
        LineLeap(lines, k) => on_line(lines) && dist == k,
        Slide(lines, k) => on_line(lines) && dist == k && between() == 0,
        Ride(lines) => on_line(lines) && between() == 0,
        HopRide(lines) => on_line(lines) && between() <= 1,
    }
}

/// The cells `mode` reaches from `from` on an n x n board.
pub fn reach(mode: Mode, from: Cell, n: i32, occupied: &dyn Fn(Cell) -> bool) -> Vec<Cell> {
    let mut out = Vec::new();
    for rank in 0..n {
        for file in 0..n {
            if (file, rank) != from && reaches(mode, from, (file, rank), occupied) {
                out.push((file, rank));
            }
        }
    }
    out
}

/// Classical variants: the modes of a stack (moving whole or as a part), the union of what its
/// checkers grant; they move, capture (by replacement) and amalgamate alike. The pharaon moves
/// only by its own rule.
pub fn classical_stack_modes(id: Id, s: &Stack) -> Modes {
    let [n1, n2, n3, n4] = *s;
    let mut m = Modes::new();
    match id {
        Id::Pyramids1 | Id::Weak7 | Id::Weak9 => {
            if n1 > 0 {
                m.push(Ring(1));
            }
            if n2 > 0 {
                m.push(Ring(2));
            }
            if n3 > 0 {
                m.push(Ride(Diag));
            }
            if n4 > 0 {
                m.push(Ride(Orth));
            }
            if id == Id::Pyramids1 && n1 > 0 && n3 > 0 && n4 > 0 {
                m.push(Ring(3));
            }
            if id == Id::Weak9 && n1 > 0 && n2 > 0 {
                m.push(Ring(3));
            }
        }
        Id::Strong => {
            if n1 > 0 {
                m.push(Ring(2));
            }
            if n2 > 0 {
                m.push(Ring(3));
            }
            if n3 > 0 {
                m.push(Ride(Diag));
            }
            if n4 > 0 {
                m.push(Ride(Orth));
            }
        }
        Id::Pyramids5 => {
            if is_pharaon(id, s) {
                return Modes::of(&[Ring(1)]);
            }
            // "single Cn" and "double Cn" are exclusive.
            match n1 {
                1 => m.push(Ring(1)),
                2 => m.push(Leap(1, 2)),
                _ => {}
            }
            match n2 {
                1 => m.extend([LineLeap(Orth, 2), LineLeap(Diag, 2)]),
                2 => m.extend([LineLeap(Orth, 3), LineLeap(Diag, 3)]),
                _ => {}
            }
            match n3 {
                1 => m.extend([Slide(Diag, 1), Slide(Diag, 2)]),
                2 => m.push(Ride(Diag)),
                _ => {}
            }
            match n4 {
                1 => m.extend([Slide(Orth, 1), Slide(Orth, 2)]),
                2 => m.push(Ride(Orth)),
                _ => {}
            }
            if n3 > 0 && n1 == 1 {
                m.push(Slide(Diag, 3));
            }
            if n4 > 0 && n1 == 1 {
                m.push(Slide(Orth, 3));
            }
        }
        Id::Pyramids6 => {
            if is_pharaon(id, s) {
                return Modes::of(&[Slide(Orth, 1)]);
            }
            match n1 {
                1 => m.push(Slide(Orth, 1)),
                2 => m.extend([Slide(Orth, 1), Slide(Diag, 1)]),
                _ => {}
            }
            match n2 {
                1 => m.push(Leap(1, 2)),
                2 => m.push(Leap(1, 3)),
                _ => {}
            }
            // JD with a double C1, JO with any C1: the same ranges, passing over one occupied cell.
            let (jd, jo) = (n1 == 2, n1 >= 1);
            match n3 {
                1 => m.extend([Slide(Diag, 1), if jd { LineLeap(Diag, 2) } else { Slide(Diag, 2) }]),
                2 => m.push(if jd { HopRide(Diag) } else { Ride(Diag) }),
                _ => {}
            }
            match n4 {
                1 => m.extend([Slide(Orth, 1), if jo { LineLeap(Orth, 2) } else { Slide(Orth, 2) }]),
                2 => m.push(if jo { HopRide(Orth) } else { Ride(Orth) }),
                _ => {}
            }
        }
        _ => panic!("{} is a draughts-style variant", id.name()),
    }
    m
}

/// The faraon (1st/2nd editions): its modes and whether they capture (1st edition only). The
/// leaps beyond `N(1)` exist only while it has not been checked.
pub fn faraon_modes(id: Id, checked: bool) -> (Modes, bool) {
    let mut m = Modes::of(&[Ring(1)]);
    if !checked {
        m.push(Ring(2));
        if id.size() == 9 {
            m.push(Ring(3));
        }
    }
    (m, id == Id::Pyramids1)
}

/// Non-capturing slave steps (every id).
pub fn slave_steps(id: Id) -> Modes {
    match id {
        Id::Pyramids6 => Modes::of(&[Slide(Orth, 1)]),
        _ => Modes::of(&[Ring(1)]),
    }
}

/// Replacement captures of slaves (classical 1st/2nd editions; 5th/6th slaves never capture).
pub fn slave_captures(id: Id) -> Modes {
    match id {
        Id::Pyramids1 | Id::Weak7 | Id::Weak9 => Modes::of(&[Slide(Diag, 1)]),
        Id::Strong => Modes::of(&[Ring(1)]),
        _ => Modes::new(),
    }
}

/// The slave's first move, in the ids that have one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FirstMove {
    /// `imfN(2)`: a non-capturing leap to an empty cell of the distance-2 ring with forward
    /// distance 1 or 2.
    ForwardRing,
    /// `imfO(2)`: two cells straight ahead, the middle empty.
    StraightTwo,
}

pub fn slave_first_move(id: Id) -> Option<FirstMove> {
    match id {
        Id::Pyramids1 | Id::Weak7 | Id::Weak9 | Id::Strong => Some(FirstMove::ForwardRing),
        Id::Pyramids5 | Id::Pyramids6 => Some(FirstMove::StraightTwo),
        _ => None,
    }
}

/// What a slave ending its move on its last rank must become.
pub fn last_rank_promotions(id: Id) -> Vec<Stack> {
    match id.edition() {
        2 => vec![[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
        _ => all_stacks(id),
    }
}

/// The optional promotion of the 5th/6th classical variants on rows 5, 6, 7 (counted from the
/// side's own first rank, here from 0): `(1)`, `(2)`, `(43)`.
pub fn row_promotion(id: Id, row_from_own_side: i32) -> Option<Stack> {
    if !matches!(id, Id::Pyramids5 | Id::Pyramids6) {
        return None;
    }
    match row_from_own_side {
        4 => Some([1, 0, 0, 0]),
        5 => Some([0, 1, 0, 0]),
        6 => Some([0, 0, 1, 1]),
        _ => None,
    }
}

/// A draughts-style jump mode: over one enemy piece along `lines`, either adjacent with the
/// landing right behind (`xO(1)`, `xD(1)`) or flying (`xO`, `xD`). `checker` is the size that
/// grants it (0 where it does not matter), for the 5th/6th-edition pair chains.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Jump {
    pub checker: u8,
    pub lines: Lines,
    pub flying: bool,
}

/// How far a piece jumps on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chain {
    Single,
    Unlimited,
    /// 5th/6th: one jump by each checker of a pair C1+C3 or C2+C4, in either order.
    Pair,
}

/// The other checker of a 5th/6th-edition pair.
pub fn pair_partner(checker: u8) -> u8 {
    match checker {
        1 => 3,
        3 => 1,
        2 => 4,
        4 => 2,
        _ => 0,
    }
}

/// Draughts-style variants: a stack's marches (non-capturing, also its amalgamations), its jumps
/// and its chain rule.
pub fn draughts_stack(id: Id, s: &Stack) -> (Modes, Vec<Jump>, Chain) {
    let [n1, n2, n3, n4] = *s;
    let (mut marches, mut jumps) = (Modes::new(), Vec::new());
    let short = |checker, lines| Jump { checker, lines, flying: false };
    let flying = |checker, lines| Jump { checker, lines, flying: true };
    match id {
        Id::Cheskers7 | Id::Cheskers9 => {
            if n1 > 0 || *s == [0, 1, 0, 0] {
                marches.push(Ring(2));
                jumps.push(short(0, All));
            }
            if n3 > 0 {
                marches.push(Ride(Diag));
                jumps.push(flying(0, Diag));
            }
            if n4 > 0 {
                marches.push(Ride(Orth));
                jumps.push(flying(0, Orth));
            }
            let chain = if n2 > 0 { Chain::Unlimited } else { Chain::Single };
            (marches, jumps, chain)
        }
        Id::Pyramids5Cheskers | Id::Pyramids6Checkers => {
            if is_pharaon(id, s) {
                return (Modes::of(&[Ring(1)]), vec![short(0, All)], Chain::Single);
            }
            if n1 > 0 {
                marches.push(Slide(Diag, 1));
                jumps.push(short(1, Diag));
            }
            if n2 > 0 {
                marches.push(Slide(Orth, 1));
                jumps.push(short(2, Orth));
            }
            if n3 > 0 {
                marches.push(Ride(Diag));
                jumps.push(flying(3, Diag));
            }
            if n4 > 0 {
                marches.push(Ride(Orth));
                jumps.push(flying(4, Orth));
            }
            let chain = if s.contains(&2) {
                Chain::Unlimited
            } else if (n1 > 0 && n3 > 0) || (n2 > 0 && n4 > 0) {
                Chain::Pair
            } else {
                Chain::Single
            };
            (marches, jumps, chain)
        }
        _ => panic!("{} is a classical variant", id.name()),
    }
}

/// 2nd-edition cheskers slaves jump (single jumps) over an adjacent enemy in the 8 directions.
pub fn slave_jumps(id: Id) -> Vec<Jump> {
    match id {
        Id::Cheskers7 | Id::Cheskers9 => vec![Jump { checker: 0, lines: All, flying: false }],
        _ => vec![],
    }
}

/// 5th/6th-edition draughts slaves hop, without capturing, over an adjacent piece of either
/// colour onto the empty cell behind it.
pub fn slave_hops(id: Id) -> bool {
    matches!(id, Id::Pyramids5Cheskers | Id::Pyramids6Checkers)
}
