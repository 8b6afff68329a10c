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
    /// Royal pieces are what the game is about: see [`Rules::royal`].
    pub royal: bool,
    /// Pawns are written without a letter and reset the fifty-move clock.
    pub pawn: bool,
    /// A promoted kind (shogi): written with a `+` before its letter.
    pub promoted: bool,
    /// The kind this piece turns into in its captor's hand (drop games), if not itself.
    pub demotes_to: Option<Kind>,
    /// Promotion zones; empty when the kind never promotes.
    pub promotion: Vec<PromotionZone>,
    /// After a double step the skipped cell may be taken en passant by such pieces.
    pub en_passant: bool,
    /// Takes part in castling, so "has moved" is part of its state.
    pub castles: bool,
    /// Draughts-style: after a jump the piece must jump on while it can (one move, a chain).
    pub chains: bool,
    /// Restrictions when dropped from the hand.
    pub drop: DropRule,
    /// Most pieces of this kind one side may have; promotions beyond it are not offered.
    pub max_count: Option<u8>,
}

impl PieceKind {
    pub fn new(letter: char, name: &str, modes: &str) -> Result<PieceKind, ModeError> {
        Ok(PieceKind {
            letter,
            name: name.to_string(),
            modes: parse_modes(modes)?,
            royal: false,
            pawn: false,
            promoted: false,
            demotes_to: None,
            promotion: Vec::new(),
            en_passant: false,
            castles: false,
            chains: false,
            drop: DropRule::default(),
            max_count: None,
        })
    }
    /// Whether "has moved" is part of this kind's state (first-move modes or castling).
    pub fn tracks_moved(&self) -> bool {
        self.castles || self.modes.iter().any(|m| m.initial)
    }
    /// Whether this royal kind has modes lost at its first check (so "has been checked" is state).
    pub fn tracks_checked(&self) -> bool {
        self.modes.iter().any(|m| m.unchecked)
    }
    /// The text of the kind in position strings and notation: `R`, or `+R` when promoted.
    pub fn token(&self) -> String {
        if self.promoted {
            format!("+{}", self.letter)
        } else {
            self.letter.to_string()
        }
    }
}

/// Cells where a move of a piece may or must promote, and into what.
#[derive(Clone, Debug)]
pub struct PromotionZone {
    pub zone: [CellSet; 2],
    pub choices: Vec<Kind>,
    /// Whether the piece may also stay as it is.
    pub optional: bool,
    /// Whether a move that starts in the zone (and leaves it) promotes too (shogi).
    pub on_leaving: bool,
}

#[derive(Clone, Debug, Default)]
pub struct DropRule {
    /// Cells where this kind may not be dropped, per side.
    pub forbidden: [CellSet; 2],
    /// No two unpromoted pieces of this kind of one side on a file (the two-pawn rule).
    pub one_per_file: bool,
    /// A drop of this kind may not give checkmate.
    pub no_mate: bool,
}

/// A castling: the royal piece and its partners move together in one move.
#[derive(Clone, Debug)]
pub struct Castling {
    /// How it is written: `O-O`, `O-O-O`.
    pub name: String,
    pub side: Color,
    pub king: (Cell, Cell),
    pub rooks: Vec<(Cell, Cell)>,
    /// Cells that must be empty.
    pub empty: CellSet,
    /// Cells the King passes or lands on, which must not be attacked (its own cell: not in check).
    pub safe: CellSet,
}

/// What royal pieces mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Royal {
    /// Chess: a move may not leave a royal piece attacked; checkmate wins.
    Check,
    /// Draughts-like: no check; the game is won by taking the enemy's last royal piece.
    Capture,
}

/// How pieces capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capturing {
    /// By replacement, as in chess.
    Replace,
    /// By jumping over, as in draughts: compulsory, in chains, modes marked `x`.
    Jump,
}

/// What happens to a player who has no legal move and is not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    Draw,
    Loss,
}

#[derive(Clone, Debug)]
pub struct Rules {
    /// Occurrences of one position that draw (3 in chess, 4 in shogi).
    pub repetition: u32,
    /// Plies without capture or pawn move that draw (100 = fifty moves each); `None` disables.
    pub fifty_move_plies: Option<u32>,
    /// A player with no legal move who is not in check: draw (stalemate) or loss (shogi, draughts).
    pub no_moves: NoMoves,
    /// In a repetition, the side that gave check with every move loses (shogi).
    pub perpetual_check_loses: bool,
    /// Captured pieces go to the captor's hand and may be dropped.
    pub drops: bool,
    pub royal: Royal,
    pub capturing: Capturing,
    pub castlings: Vec<Castling>,
    /// The game is drawn when only royal pieces remain (cheskers: the kings cannot take each other).
    pub bare_royals_draw: bool,
    /// Draughts-style chains: a flying piece must choose a landing cell from which it can jump on,
    /// if there is one (the Russian draughts rule; cheskers' ruling leaves the choice free).
    pub landing_must_continue: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            repetition: 3,
            fifty_move_plies: Some(100),
            no_moves: NoMoves::Draw,
            perpetual_check_loses: false,
            drops: false,
            royal: Royal::Check,
            capturing: Capturing::Replace,
            castlings: Vec::new(),
            bare_royals_draw: false,
            landing_must_continue: false,
        }
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
    /// Whether moves name the piece by its letter (pawns never do); cheskers records name none.
    pub notation_letters: bool,
    pub(crate) tables: Tables,
    pub(crate) zobrist: Zobrist,
    /// Per kind and side: every cell where a move of it may promote (start cells included for
    /// zones that promote on leaving) — lets move counting skip promotion handling elsewhere.
    pub(crate) promotion_cells: Vec<[CellSet; 2]>,
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
            if kinds[..i].iter().any(|o| o.letter == k.letter && o.promoted == k.promoted) {
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
        let promotion_cells = kinds
            .iter()
            .map(|k| {
                let mut z = [CellSet::EMPTY; 2];
                for p in &k.promotion {
                    z[0] |= p.zone[0];
                    z[1] |= p.zone[1];
                }
                z
            })
            .collect();
        let zobrist = Zobrist::new(geometry.len(), kinds.len());
        Ok(Variant {
            id: id.to_string(),
            name: name.to_string(),
            geometry,
            kinds,
            setup,
            rules,
            notation_letters: true,
            tables,
            zobrist,
            promotion_cells,
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

    /// The piece as in position strings: `P`, `p`, `+R`, `+r`.
    pub fn piece_token(&self, p: Piece) -> String {
        let c = self.piece_char(p);
        if self.kinds[p.kind as usize].promoted {
            format!("+{c}")
        } else {
            c.to_string()
        }
    }

    /// The kind written `letter` (`promoted`: with a `+` before it).
    pub fn kind_by_token(&self, letter: char, promoted: bool) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.kinds.iter().position(|k| k.letter == up && k.promoted == promoted).map(|i| i as Kind)
    }

    /// Calls `f` once per promotion choice a move `from`→`to` of this kind offers (`None` = stay).
    /// Kinds in the `blocked` mask are not offered; a piece whose every choice is blocked stays.
    #[inline]
    pub fn for_each_promotion(
        &self,
        kind: Kind,
        side: Color,
        from: Cell,
        to: Cell,
        blocked: u64,
        mut f: impl FnMut(Option<Kind>),
    ) {
        let zones = &self.kinds[kind as usize].promotion;
        let s = side.index();
        let mut matched = false;
        let mut optional = true;
        let mut open = false;
        for z in zones {
            if z.zone[s].has(to) || (z.on_leaving && z.zone[s].has(from)) {
                matched = true;
                optional &= z.optional;
                open |= z.choices.iter().any(|&k| blocked & 1 << k == 0);
            }
        }
        if !matched || optional || !open {
            f(None);
        }
        if matched {
            let mut seen = 0u64;
            for z in zones {
                if z.zone[s].has(to) || (z.on_leaving && z.zone[s].has(from)) {
                    for &k in &z.choices {
                        if (seen | blocked) & 1 << k == 0 {
                            seen |= 1 << k;
                            f(Some(k));
                        }
                    }
                }
            }
        }
    }
}

impl Variant {
    /// Average number of cells a lone piece of `kind` reaches from every cell of an empty board
    /// (first-move and jump-right modes included) — the raw mobility behind material values.
    pub fn empty_board_mobility(&self, kind: Kind, side: Color) -> f64 {
        let mut b = crate::board::Board::empty();
        let n = self.geometry.len();
        let mut total = 0u64;
        for c in 0..n as Cell {
            b.virgin = CellSet::single(c);
            total += b.targets(self, c, side.index(), kind as usize).count() as u64;
        }
        total as f64 / n as f64
    }
}
