//! What a game declares: its piece kinds (modes, promotion, drops, stacking) and its rule settings.
//! Plain data with no behaviour of its own; [`crate::variant::Variant`] compiles it into tables.

use crate::modes::{parse_modes, Mode, ModeError};
use crate::stacks::Stack;
use crate::{Cell, CellSet, Color, Kind};

#[derive(Clone, Debug)]
pub struct PieceKind {
    /// The letter of the kind in notation and position strings; stacks, which are written by their
    /// code (`(21)`), have none (`'\0'`).
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
    /// Draughts-style: whether and how the piece jumps on after a jump.
    pub chain: ChainRule,
    /// Restrictions when dropped from the hand.
    pub drop: DropRule,
    /// Most pieces of this kind one side may have; promotions beyond it are not offered.
    pub max_count: Option<u8>,
    /// The checkers of a stack kind (Pyramids): such kinds split (partition) and merge
    /// (amalgamation) into the other stack kinds of the variant.
    pub stack: Option<Stack>,
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
            chain: ChainRule::Single,
            drop: DropRule::default(),
            max_count: None,
            stack: None,
        })
    }
    /// A stack kind, written by its code.
    pub fn stack(stack: Stack, name: &str, modes: Vec<Mode>) -> PieceKind {
        PieceKind {
            letter: '\0',
            name: name.to_string(),
            modes,
            royal: false,
            pawn: false,
            promoted: false,
            demotes_to: None,
            promotion: Vec::new(),
            en_passant: false,
            castles: false,
            chain: ChainRule::Single,
            drop: DropRule::default(),
            max_count: None,
            stack: Some(stack),
        }
    }
    /// Whether "has moved" is part of this kind's state (first-move modes or castling).
    pub fn tracks_moved(&self) -> bool {
        self.castles || self.modes.iter().any(|m| m.initial)
    }
    /// Whether this royal kind has modes lost at its first check (so "has been checked" is state).
    pub fn tracks_checked(&self) -> bool {
        self.modes.iter().any(|m| m.unchecked)
    }
    /// The text of the kind in notation: `R`, `+R` when promoted, `(21)` for a stack.
    pub fn token(&self) -> String {
        match (&self.stack, self.promoted) {
            (Some(s), _) => format!("({})", s.code()),
            (None, true) => format!("+{}", self.letter),
            (None, false) => self.letter.to_string(),
        }
    }
    /// The kind as a promotion choice is written after `=`: `Q`, `+P`, `4321`.
    pub fn promotion_token(&self) -> String {
        match &self.stack {
            Some(s) => s.code(),
            None => self.token(),
        }
    }
}

/// Draughts-style capture chains: what a piece may do after its first jump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainRule {
    /// One jump per move.
    Single,
    /// Jumps on while it can, with any of its jump modes.
    Unlimited,
    /// At most two jumps, the first by the modes of one member of a pair and the second by the
    /// other's, in either order (Pyramids: a stack with C1 and C3, or C2 and C4). A jump that
    /// fits both members counts as either.
    Pairs(Vec<[Vec<Mode>; 2]>),
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
    /// Only a move arriving from outside the zone promotes (Pyramids' rows 5–7: a step along the
    /// row offers nothing).
    pub entering: bool,
}

impl PromotionZone {
    /// Whether a move `from`→`to` of `side` is in this zone's reach.
    #[inline]
    pub fn applies(&self, side: Color, from: Cell, to: Cell) -> bool {
        let z = self.zone[side.index()];
        (z.has(to) && !(self.entering && z.has(from))) || (self.on_leaving && z.has(from))
    }
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
    /// How it is written: `O-O`, `O-O-O`; empty to write it as the King's move (`Le1-Lg1`).
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
    /// No check: royal pieces may be left attacked and are taken; a side without one has lost.
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

/// What a capture does besides putting the capturer on the victim's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureEffect {
    /// The victim leaves the game.
    Remove,
    /// The victim goes to the captor's hand, to be dropped later (shogi).
    ToHand,
    /// The victim is moved to its cell's linked cell, and whatever stood there leaves the game
    /// (Bermuda chess, upper board).
    Displace,
    /// The victim leaves the game and the capturer goes on to the linked cell of its landing
    /// cell if that is empty (Bermuda chess, lower board).
    Ascend,
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
    /// Pieces may be dropped from the hand (captures go there: see `capture_effects`).
    pub drops: bool,
    pub royal: Royal,
    /// With [`Royal::Capture`]: a move that leaves the mover without a royal piece is illegal
    /// (Pyramids: splitting one's last pharaon).
    pub keep_royal: bool,
    pub capturing: Capturing,
    pub castlings: Vec<Castling>,
    /// The game is drawn when only royal pieces remain (cheskers: the kings cannot take each other).
    pub bare_royals_draw: bool,
    /// Draughts-style chains: a flying piece must choose a landing cell from which it can jump on,
    /// if there is one (the Russian draughts rule; cheskers' ruling leaves the choice free).
    pub landing_must_continue: bool,
    /// Draughts-style chains: pieces jumped stay on the board until the move ends (they block and
    /// can be jumped once); otherwise they leave at once.
    pub captured_stay: bool,
    /// A piece may move only while a royal piece of its colour stands in its region (Bermuda
    /// chess's king rule).
    pub royal_gating: bool,
    /// What a capture does, by the region of a capturing move that stays in its region (a region
    /// past the end of the list uses the first entry; an empty list removes). A capture by a move
    /// from one region into another just removes (Bermuda chess's descent).
    pub capture_effects: Vec<CaptureEffect>,
}

impl Rules {
    /// The effect of a capture by a move from region `from` to region `to`.
    #[inline]
    pub fn capture_effect(&self, from: u8, to: u8) -> CaptureEffect {
        if from != to {
            return CaptureEffect::Remove;
        }
        let e = self.capture_effects.get(from as usize).or(self.capture_effects.first());
        e.copied().unwrap_or(CaptureEffect::Remove)
    }
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
            keep_royal: false,
            capturing: Capturing::Replace,
            castlings: Vec::new(),
            bare_royals_draw: false,
            landing_must_continue: false,
            captured_stay: false,
            royal_gating: false,
            capture_effects: Vec::new(),
        }
    }
}
