//! # ccg-core — the rules core of chess-checkers-go
//!
//! Everything a game needs that is not specific to one game: board geometries ([`geometry`]),
//! pieces declared in the author's mode notation ([`modes`]) and stacks of checkers ([`stacks`]),
//! what a game declares ([`kinds`]), variants compiled into tables ([`variant`]), positions with
//! legal move generation and incremental hashing ([`position`]), position strings ([`fen`]),
//! move notation ([`notation`]) and game records ([`record`]). The core knows nothing of
//! engines, protocols or servers.
//!
//! Modules depend one way: `geometry`, `modes`, `stacks` ← `kinds` ← `tables` ← `variant` ←
//! `board` ← `attacks`, `make`, `chains`, `movegen` ← `position` ← `fen`, `notation`, `record`.

mod attacks;
mod board;
pub mod cellset;
mod chains;
pub mod fen;
pub mod geometry;
pub mod kinds;
mod make;
pub mod modes;
mod movegen;
pub mod moves;
pub mod notation;
mod path;
pub mod polyform;
pub mod position;
pub mod record;
pub mod rng;
pub mod stacks;
mod staged;
mod start_rank;
mod tables;
pub mod variant;
mod zobrist;

pub use cellset::CellSet;
pub use geometry::Geometry;
pub use kinds::{
    CaptureEffect, Capturing, Castling, ChainRule, DropRule, NoMoves, PieceKind, PromotionZone, Royal, Rules,
};
pub use make::Undo;
pub use moves::{Move, MoveList, Path, Special};
pub use position::{NullUndo, Outcome, OutcomeReason, Position};
pub use rng::Rng;
pub use stacks::Stack;
pub use staged::Legality;
pub use start_rank::StartRankError;
pub use variant::{Variant, VariantError};

/// Index of a cell in its geometry.
pub type Cell = u16;
/// Index of a piece kind in its variant.
pub type Kind = u8;
/// Most piece kinds one variant may declare (Pyramids has 49 stack kinds plus slaves).
pub const MAX_KINDS: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    pub fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
    /// Compact code for the mailbox: 0 is an empty cell.
    #[inline]
    pub(crate) fn code(self) -> u8 {
        (self.kind << 1 | self.color as u8) + 1
    }
    #[inline]
    pub(crate) fn from_code(code: u8) -> Option<Piece> {
        (code != 0).then(|| {
            let c = code - 1;
            Piece { color: if c & 1 == 0 { Color::White } else { Color::Black }, kind: c >> 1 }
        })
    }
}
