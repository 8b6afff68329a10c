//! A game as data: geometry, piece kinds declared in mode notation, setup and rule settings.
//! Building a `Variant` compiles the modes into per-cell tables once, so that positions only
//! look tables up.

use crate::modes::{parse_modes, Mode, ModeError};
use crate::tables::Tables;
use crate::zobrist::Zobrist;
use crate::{Cell, CellSet, Color, Geometry, Kind, Piece};
use thiserror::Error;

#[derive(Clone, Debug)]
pub struct PieceKind {
    pub letter: char,
    pub name: String,
    pub modes: Vec<Mode>,
    /// Losing every royal piece (by checkmate) loses the game; royal pieces may not be left attacked.
    pub royal: bool,
    /// Pawns are written without a letter and reset the fifty-move clock.
    pub pawn: bool,
    pub promotion: Option<Promotion>,
}

impl PieceKind {
    pub fn new(letter: char, name: &str, modes: &str) -> Result<PieceKind, ModeError> {
        Ok(PieceKind {
            letter,
            name: name.to_string(),
            modes: parse_modes(modes)?,
            royal: false,
            pawn: false,
            promotion: None,
        })
    }
    /// Whether this kind has first-move-only modes (so "has moved" is part of its state).
    pub fn tracks_moved(&self) -> bool {
        self.modes.iter().any(|m| m.initial)
    }
    /// Whether this royal kind has modes lost at its first check (so "has been checked" is state).
    pub fn tracks_checked(&self) -> bool {
        self.modes.iter().any(|m| m.unchecked)
    }
}

#[derive(Clone, Debug)]
pub struct Promotion {
    /// Cells where a move of this piece ends in promotion, per side.
    pub zone: [CellSet; 2],
    pub choices: Vec<Kind>,
    /// Whether the piece may also stay as it is.
    pub optional: bool,
}

#[derive(Clone, Debug)]
pub struct Rules {
    /// Occurrences of one position that draw (3 in chess).
    pub repetition: u32,
    /// Plies without capture or pawn move that draw (100 = fifty moves each); `None` disables.
    pub fifty_move_plies: Option<u32>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { repetition: 3, fifty_move_plies: Some(100) }
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum VariantError {
    #[error("piece {0}: {1}")]
    Modes(char, ModeError),
    #[error("piece {letter}: mode {mode} uses family {family:?}, which this board does not have")]
    UnknownFamily { letter: char, mode: String, family: char },
    #[error("{0} piece kinds; at most {max} are supported", max = crate::MAX_KINDS)]
    TooManyKinds(usize),
    #[error("two piece kinds use the letter {0}")]
    DuplicateLetter(char),
    #[error("setup: {0}")]
    Setup(String),
}

pub struct Variant {
    pub id: String,
    pub name: String,
    pub geometry: Geometry,
    pub kinds: Vec<PieceKind>,
    /// The initial position.
    pub setup: Vec<(Cell, Piece)>,
    pub rules: Rules,
    pub(crate) tables: Tables,
    pub(crate) zobrist: Zobrist,
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.id)
    }
}

impl Variant {
    pub fn new(
        id: &str,
        name: &str,
        geometry: Geometry,
        kinds: Vec<PieceKind>,
        setup: Vec<(Cell, Piece)>,
        rules: Rules,
    ) -> Result<Variant, VariantError> {
        if kinds.len() > crate::MAX_KINDS {
            return Err(VariantError::TooManyKinds(kinds.len()));
        }
        for (i, k) in kinds.iter().enumerate() {
            if kinds[..i].iter().any(|o| o.letter == k.letter) {
                return Err(VariantError::DuplicateLetter(k.letter));
            }
        }
        let mut seen = CellSet::EMPTY;
        for &(c, p) in &setup {
            if c as usize >= geometry.len() || p.kind as usize >= kinds.len() || seen.has(c) {
                return Err(VariantError::Setup(format!("bad or doubly occupied cell {c}")));
            }
            seen.insert(c);
        }
        let tables = Tables::build(&geometry, &kinds)?;
        let zobrist = Zobrist::new(geometry.len(), kinds.len());
        Ok(Variant {
            id: id.to_string(),
            name: name.to_string(),
            geometry,
            kinds,
            setup,
            rules,
            tables,
            zobrist,
        })
    }

    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.kinds.iter().position(|k| k.letter == up).map(|i| i as Kind)
    }

    pub fn kind(&self, k: Kind) -> &PieceKind {
        &self.kinds[k as usize]
    }

    /// The letter of a piece as in position strings: upper case White, lower case Black.
    pub fn piece_char(&self, p: Piece) -> char {
        let l = self.kinds[p.kind as usize].letter;
        match p.color {
            Color::White => l.to_ascii_uppercase(),
            Color::Black => l.to_ascii_lowercase(),
        }
    }
}

impl Variant {
    /// Average number of cells a lone piece of `kind` reaches from every cell of an empty board
    /// (first-move and jump-right modes included) — the raw mobility behind material values.
    pub fn empty_board_mobility(&self, kind: Kind, side: Color) -> f64 {
        let mut b = crate::position::Board::empty();
        let n = self.geometry.len();
        let mut total = 0u64;
        for c in 0..n as Cell {
            b.virgin = CellSet::single(c);
            total += b.targets(self, c, side.index(), kind as usize).count() as u64;
        }
        total as f64 / n as f64
    }
}
