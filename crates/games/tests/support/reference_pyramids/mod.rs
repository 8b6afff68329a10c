//! Independent *reference* move generator for Pyramids, all ten ids (`pyramids1`,
//! `pyramids2-weak7`, `-weak9`, `-strong`, `-cheskers7`, `-cheskers9`, `pyramids5`,
//! `pyramids5-cheskers`, `pyramids6`, `pyramids6-checkers`), written straight from docs/rules.md
//! ("All games" and "Pyramids — ten ids, four editions (reconstructed)") and the Pyramids lines of
//! docs/formats.md.
//!
//! Why it exists: the project's fast generator (crates/core) is tested against this code (move
//! sets as canonical move texts, perft, outcomes, position strings). To make such a comparison
//! worth anything, this code shares nothing with the project: pure `std`, no project crate, no
//! bitboards, no tables. It is written to be obviously correct rather than fast: a vector of
//! optional pieces indexed by (file, rank), every rule spelt out once as its own function, a
//! fresh copy of the position for every move tried, legality judged by playing the move.
//!
//! Layout: `mod.rs` the ids and pieces; `rules.rs` the modes each piece gets, per id (the tables
//! of docs/rules.md); `position.rs` setups and position strings; `moves.rs` move generation,
//! capture chains, making moves, move text; `game.rs` legality, check flags, outcome, perft.
//!
//! What is deliberately *not* modelled: agreed draws. Everything else of "End of the game and
//! draws" is (`Pos::outcome`).
//!
//! Readings of docs/rules.md made here (questions for the lead; each is marked where it is coded):
//! 1. Repetition counts over the whole game, not only since the last capture or slave move:
//!    slaves step backwards in every edition, so a slave move is not irreversible (docs/rules.md
//!    "All games": a repetition is the same placement, side to move and every per-piece flag).
//! 2. The second jump of a 5th/6th-edition pair chain (C1+C3, C2+C4) is compulsory when it exists,
//!    by the general "a started chain must go on while the piece can jump again" (the table's
//!    "may make two jumps" read as what the pair can do, not as a choice to stop after one).
//! 3. Draughts-style amalgamations use the march modes (a slide stops at the first occupied cell;
//!    if it holds an own stack whose union is legal, the stack merges there).
//! 4. 2nd-edition cheskers: the "has been checked" flag is set only for the side to move, after
//!    the opponent's move (the mover's own faraon is never flagged by its own move).
//! 5. Position strings: `'` is written on every moved slave (as for MGC pawns), read on any slave
//!    of an edition with a first-move right; a position string whose side to move stands in check
//!    marks that faraon as checked; one whose side *not* to move is in check (classical 1st/2nd
//!    edition), or lacks its faraon/pharaon, is refused; the side to move may lack its royal
//!    piece only where the game ends by taking it (the game is then over).
//! 6. The 5th/6th-edition slave hop (`mhjO(2)+mhjD(2)`) needs the adjacent cell occupied.
#![allow(dead_code)]

mod game;
mod moves;
mod position;
mod rules;

pub use game::{Outcome, Reason};
pub use moves::Legal;
pub use position::Pos;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// +1 when forward means higher ranks (White), -1 otherwise.
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// The ten game ids.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Id {
    Pyramids1,
    Weak7,
    Weak9,
    Strong,
    Cheskers7,
    Cheskers9,
    Pyramids5,
    Pyramids5Cheskers,
    Pyramids6,
    Pyramids6Checkers,
}

pub const ALL_IDS: [Id; 10] = [
    Id::Pyramids1,
    Id::Weak7,
    Id::Weak9,
    Id::Strong,
    Id::Cheskers7,
    Id::Cheskers9,
    Id::Pyramids5,
    Id::Pyramids5Cheskers,
    Id::Pyramids6,
    Id::Pyramids6Checkers,
];

impl Id {
    pub fn name(self) -> &'static str {
        match self {
            Id::Pyramids1 => "pyramids1",
            Id::Weak7 => "pyramids2-weak7",
            Id::Weak9 => "pyramids2-weak9",
            Id::Strong => "pyramids2-strong",
            Id::Cheskers7 => "pyramids2-cheskers7",
            Id::Cheskers9 => "pyramids2-cheskers9",
            Id::Pyramids5 => "pyramids5",
            Id::Pyramids5Cheskers => "pyramids5-cheskers",
            Id::Pyramids6 => "pyramids6",
            Id::Pyramids6Checkers => "pyramids6-checkers",
        }
    }

    pub fn from_name(name: &str) -> Option<Id> {
        ALL_IDS.iter().copied().find(|id| id.name() == name)
    }

    /// The author's edition: 1, 2, 5 or 6.
    pub fn edition(self) -> u8 {
        match self {
            Id::Pyramids1 => 1,
            Id::Weak7 | Id::Weak9 | Id::Strong | Id::Cheskers7 | Id::Cheskers9 => 2,
            Id::Pyramids5 | Id::Pyramids5Cheskers => 5,
            Id::Pyramids6 | Id::Pyramids6Checkers => 6,
        }
    }

    /// Files (= ranks) of the square board.
    pub fn size(self) -> i32 {
        match self {
            Id::Weak7 | Id::Cheskers7 => 7,
            Id::Pyramids5 | Id::Pyramids5Cheskers | Id::Pyramids6 | Id::Pyramids6Checkers => 8,
            _ => 9,
        }
    }

    /// Captures are draughts-style jumps, compulsory, in chains.
    pub fn draughts(self) -> bool {
        matches!(self, Id::Cheskers7 | Id::Cheskers9 | Id::Pyramids5Cheskers | Id::Pyramids6Checkers)
    }

    /// 5th/6th editions: stacks are pyramids (at most four checkers, at most two of a size), the
    /// royal piece is the pharaon `(4321)`. 1st/2nd: stacks are pinos (distinct sizes) and the
    /// royal piece is the faraon `F`.
    pub fn pyramids(self) -> bool {
        self.edition() >= 5
    }

    /// The slave's first-move right exists (and with it the `'` mark).
    pub fn slave_first_move(self) -> bool {
        !self.draughts()
    }

    /// Chess legality and checkmate (1st edition, 2nd-edition weak and strong).
    pub fn check_rules(self) -> bool {
        self.edition() <= 2 && !self.draughts()
    }
}

/// A stack: how many checkers of each size, index 0 = C1 (small) … 3 = C4 (large).
pub type Stack = [u8; 4];

/// What stands on a cell, besides its colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// `moved`: the slave has used (or lost) its first-move right.
    Slave {
        moved: bool,
    },
    /// `checked`: the faraon has stood in check and lost its leaps.
    Faraon {
        checked: bool,
    },
    Stack(Stack),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// The stack's code, sizes in decreasing order: `[1, 1, 1, 1]` is `4321`, `[2, 0, 0, 2]` `4411`.
pub fn code(s: &Stack) -> String {
    let mut out = String::new();
    for size in (1..=4).rev() {
        for _ in 0..s[size - 1] {
            out.push(char::from(b'0' + size as u8));
        }
    }
    out
}

/// Reads a code written by `code` (sizes in decreasing order, nothing else); `None` otherwise.
pub fn parse_code(text: &str) -> Option<Stack> {
    let mut s = [0u8; 4];
    let mut last = 5;
    for ch in text.chars() {
        let size = ch.to_digit(10)? as usize;
        if !(1..=4).contains(&size) || size > last {
            return None;
        }
        last = size;
        s[size - 1] += 1;
    }
    if text.is_empty() {
        None
    } else {
        Some(s)
    }
}

/// Whether `s` is a stack of the id's edition: pinos hold each size at most once; pyramids hold
/// at most four checkers and at most two of a size.
pub fn legal_stack(id: Id, s: &Stack) -> bool {
    let total: u8 = s.iter().sum();
    if total == 0 {
        return false;
    }
    if id.pyramids() {
        total <= 4 && s.iter().all(|&n| n <= 2)
    } else {
        s.iter().all(|&n| n <= 1)
    }
}

/// The royal stack of the 5th/6th editions.
pub fn is_pharaon(id: Id, s: &Stack) -> bool {
    id.pyramids() && *s == [1, 1, 1, 1]
}

/// Every stack of the edition: the 15 pinos or the 49 pyramids.
pub fn all_stacks(id: Id) -> Vec<Stack> {
    let mut out = Vec::new();
    for a in 0..=2 {
        for b in 0..=2 {
            for c in 0..=2 {
                for d in 0..=2 {
                    let s = [a, b, c, d];
                    if legal_stack(id, &s) {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

/// The proper parts of a stack: every non-empty sub-multiset other than the whole.
pub fn proper_parts(s: &Stack) -> Vec<Stack> {
    let mut out = Vec::new();
    for a in 0..=s[0] {
        for b in 0..=s[1] {
            for c in 0..=s[2] {
                for d in 0..=s[3] {
                    let p = [a, b, c, d];
                    if p != [0, 0, 0, 0] && p != *s {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// A cell as (file, rank), both from 0: (0, 0) is `a1`.
pub type Cell = (i32, i32);

pub fn cell_name(c: Cell) -> String {
    format!("{}{}", char::from(b'a' + c.0 as u8), c.1 + 1)
}
