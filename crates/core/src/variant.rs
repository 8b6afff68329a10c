//! A game as data: geometry, piece kinds declared in mode notation, setup and rule settings.
//! Building a `Variant` compiles the modes into per-cell tables once, so that positions only
//! look tables up.

use crate::kinds::{PieceKind, Rules};
use crate::stacks::{Stack, StackTables};
use crate::tables::Tables;
use crate::zobrist::Zobrist;
use crate::{Cell, CellSet, Color, Geometry, Kind, Piece};
use thiserror::Error;

/// Most cells a board of this mechanism may have: cell sets are one `u128`.
pub const MAX_CELLS: usize = 128;
/// Most cells a board of group pieces may have (their cell sets are as wide as the board needs).
pub const MAX_POLY_CELLS: usize = crate::polyform::PolyBoard::MAX_CELLS;

fn tables_index(types: &[crate::polyform::TypeDef], letter: char) -> usize {
    types.iter().position(|t| t.letter == letter).unwrap_or(usize::MAX)
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum VariantError {
    #[error("piece {piece}: mode {mode} uses family {family:?}, which this board does not have")]
    UnknownFamily { piece: String, mode: String, family: char },
    #[error("{0} piece kinds; at most {max} are supported", max = crate::MAX_KINDS)]
    TooManyKinds(usize),
    #[error("two piece kinds use the token {0}")]
    DuplicateToken(String),
    #[error(
        "board of {0} cells; at most {MAX_CELLS} are supported ({MAX_POLY_CELLS} for games of group pieces)"
    )]
    TooManyCells(usize),
    #[error("board with {0} directions; at most {max} are supported", max = crate::geometry::MAX_DIRS)]
    TooManyDirections(usize),
    #[error("setup: {0}")]
    Setup(String),
    #[error("group pieces: {0}")]
    Polyform(String),
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
    /// The setup (or shape table) is our reconstruction of a lost diagram: say so wherever a user
    /// sees the game.
    pub reconstructed: bool,
    pub(crate) tables: Tables,
    pub(crate) stacks: StackTables,
    pub(crate) zobrist: Zobrist,
    /// Per kind and side: every cell where a move of it may promote (start cells included for
    /// zones that promote on leaving) — lets move counting skip promotion handling elsewhere.
    pub(crate) promotion_cells: Vec<[CellSet; 2]>,
    /// Whether a pawn move can be undone by another (some pawn mode is not forward-only, as the
    /// slaves of Pyramids and the pawns of Modern Grand Chess): a pawn move then resets the
    /// fifty-move count but does not end the span in which positions can repeat.
    pub(crate) pawns_reversible: bool,
    /// Group pieces (docs/rules.md, polyform games): the compiled shapes and modes, and the
    /// setup as signed checker counts per cell. Positions of such a variant keep their state in a
    /// `PolyBoard` instead of the classical board.
    pub(crate) poly: Option<(crate::polyform::PolyTables, Vec<(Cell, i8)>)>,
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
        if geometry.len() > MAX_CELLS {
            return Err(VariantError::TooManyCells(geometry.len()));
        }
        if geometry.dirs.len() > crate::geometry::MAX_DIRS {
            return Err(VariantError::TooManyDirections(geometry.dirs.len()));
        }
        for (i, k) in kinds.iter().enumerate() {
            if kinds[..i].iter().any(|o| o.token() == k.token()) {
                return Err(VariantError::DuplicateToken(k.token()));
            }
        }
        let mut seen = CellSet::EMPTY;
        for &(c, p) in &setup {
            if c as usize >= geometry.len() || p.kind as usize >= kinds.len() || seen.has(c) {
                return Err(VariantError::Setup(format!("bad or doubly occupied cell {c}")));
            }
            seen.insert(c);
        }
        let tables = Tables::build(&geometry, &kinds).map_err(|e| VariantError::UnknownFamily {
            piece: e.piece,
            mode: e.mode,
            family: e.family,
        })?;
        let stacks = StackTables::build(&kinds);
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
        let pawns_reversible = kinds
            .iter()
            .filter(|k| k.pawn)
            .any(|k| k.modes.iter().any(|m| m.dir != crate::modes::DirFilter::Forward));
        Ok(Variant {
            id: id.to_string(),
            name: name.to_string(),
            geometry,
            kinds,
            setup,
            rules,
            notation_letters: true,
            reconstructed: false,
            tables,
            stacks,
            zobrist,
            promotion_cells,
            pawns_reversible,
            poly: None,
        })
    }

    /// A game of group pieces (docs/rules.md, polyform games) on a box-shaped board of up to
    /// [`MAX_POLY_CELLS`] cells. `setup` gives each occupied cell's checkers, signed (+ White).
    /// The kinds seen by diagrams and engines are the types, each once per checker count a cell
    /// may hold, then `X` for a group whose shape is no movable type.
    pub fn polyform(
        id: &str,
        name: &str,
        geometry: Geometry,
        def: &crate::polyform::PolyDef,
        setup: Vec<(Cell, i8)>,
        rules: Rules,
    ) -> Result<Variant, VariantError> {
        if geometry.len() > MAX_POLY_CELLS {
            return Err(VariantError::TooManyCells(geometry.len()));
        }
        let tables = crate::polyform::PolyTables::build(&geometry, def).map_err(VariantError::Polyform)?;
        let mut kinds = Vec::new();
        let named = def.types.iter().map(|t| (t.letter, t.name.as_str())).chain([('X', "group")]);
        for (letter, tname) in named {
            for n in 1..=def.capacity {
                let mut k =
                    PieceKind::new(letter, tname, "O").map_err(|e| VariantError::Polyform(e.to_string()))?;
                k.modes.clear();
                k.pawn = Some(tables_index(&def.types, letter)) == tables.bare.map(|b| b as usize) && n == 1;
                kinds.push(k);
            }
        }
        if kinds.len() > crate::MAX_KINDS {
            return Err(VariantError::TooManyKinds(kinds.len()));
        }
        let mut seen = std::collections::HashSet::new();
        for &(c, n) in &setup {
            if c as usize >= geometry.len() || n == 0 || n.unsigned_abs() > def.capacity || !seen.insert(c) {
                return Err(VariantError::Setup(format!("bad or doubly given cell {c}")));
            }
        }
        let mut v = Variant::new_unchecked(id, name, geometry, kinds, rules)?;
        v.reconstructed = true;
        v.poly = Some((tables, setup));
        Ok(v)
    }

    /// The variant frame without classical tables (group pieces bring their own).
    fn new_unchecked(
        id: &str,
        name: &str,
        geometry: Geometry,
        kinds: Vec<PieceKind>,
        rules: Rules,
    ) -> Result<Variant, VariantError> {
        let tables = Tables::build(&geometry, &[]).map_err(|e| VariantError::UnknownFamily {
            piece: e.piece,
            mode: e.mode,
            family: e.family,
        })?;
        let n = kinds.len();
        Ok(Variant {
            id: id.to_string(),
            name: name.to_string(),
            zobrist: Zobrist::new(0, 0),
            stacks: StackTables::build(&[]),
            promotion_cells: vec![[CellSet::EMPTY; 2]; n],
            geometry,
            kinds,
            setup: Vec::new(),
            rules,
            notation_letters: true,
            reconstructed: false,
            tables,
            pawns_reversible: false,
            poly: None,
        })
    }

    /// Every orientation of every movable type of a game of group pieces, with the type's letter.
    pub fn group_shapes(&self) -> Vec<(char, crate::polyform::Pattern)> {
        let Some((t, _)) = &self.poly else { return Vec::new() };
        let mut all: Vec<_> = t.classify.iter().map(|(p, &ty)| (t.letters[ty as usize], p.clone())).collect();
        all.sort();
        all
    }

    /// Whether pieces are groups of checkers (Omino, Nomino, Doseki).
    pub fn is_polyform(&self) -> bool {
        self.poly.is_some()
    }

    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.kinds.iter().position(|k| k.stack.is_none() && k.letter == up).map(|i| i as Kind)
    }

    /// The stack kind with exactly these checkers.
    pub fn kind_by_stack(&self, s: &Stack) -> Option<Kind> {
        self.kinds.iter().position(|k| k.stack.as_ref() == Some(s)).map(|i| i as Kind)
    }

    /// The kind written `text` after `=` in a promotion, or as a piece token: `Q`, `+P`, `4321`,
    /// `(4321)`.
    pub fn kind_by_text(&self, text: &str) -> Option<Kind> {
        let code = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(text);
        if code.starts_with(|c: char| c.is_ascii_digit()) {
            return self.kind_by_stack(&Stack::parse(code).ok()?);
        }
        let (promoted, rest) = match text.strip_prefix('+') {
            Some(r) => (true, r),
            None => (false, text),
        };
        let mut cs = rest.chars();
        match (cs.next(), cs.next()) {
            (Some(l), None) if l.is_ascii_alphabetic() => self.kind_by_token(l, promoted),
            _ => None,
        }
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

    /// The piece as in position strings: `P`, `p`, `+R`, `+r`; stacks with the author's point,
    /// `(431.)` White, `(.431)` Black.
    pub fn piece_token(&self, p: Piece) -> String {
        let k = &self.kinds[p.kind as usize];
        if let Some(s) = &k.stack {
            return match p.color {
                Color::White => format!("({}.)", s.code()),
                Color::Black => format!("(.{})", s.code()),
            };
        }
        let c = self.piece_char(p);
        if let Some((t, _)) = &self.poly {
            // A cell of two checkers (Nomino's doubles) shows its count.
            let n = p.kind % t.capacity + 1;
            return if n > 1 { format!("{c}{n}") } else { c.to_string() };
        }
        if k.promoted {
            format!("+{c}")
        } else {
            c.to_string()
        }
    }

    /// The kind written `letter` (`promoted`: with a `+` before it).
    pub fn kind_by_token(&self, letter: char, promoted: bool) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.stack.is_none() && k.letter == up && k.promoted == promoted)
            .map(|i| i as Kind)
    }

    /// Whether the variant has stack kinds (partition and amalgamation moves).
    pub fn has_stacks(&self) -> bool {
        self.stacks.any
    }

    /// The proper parts of a stack kind that may split off, each with the kind left behind
    /// (none for a kind that is no stack, and in a game without stacks).
    pub fn stack_parts(&self, k: Kind) -> &[(Kind, Kind)] {
        self.stacks.splits.get(k as usize).map_or(&[], |s| s)
    }

    /// The kind two own stacks form together, if that is a legal stack.
    pub fn stack_union(&self, a: Kind, b: Kind) -> Option<Kind> {
        self.stacks.merge.get(a as usize)?.get(b as usize).copied().flatten()
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
        let mut matched = false;
        let mut optional = true;
        let mut open = false;
        for z in zones {
            if z.applies(side, from, to) {
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
                if z.applies(side, from, to) {
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
