//! Game definitions read from TOML and built into variants, with rule and setup options.
//!
//! Everything about a game is data here: pieces in the author's mode notation, promotion zones
//! (ranks counted from the far end: 1 = the last rank), drop restrictions, castlings as the cells
//! they use, rule settings, setups as square lists, and rule options as overrides.

use crate::stacks::StacksDef;
use ccg_core::kinds::{
    CaptureEffect, Capturing, Castling, ChainRule, DropRule, NoMoves, PieceKind, PromotionZone, Royal, Rules,
};
use ccg_core::Variant;
use ccg_core::{Cell, CellSet, Color, Geometry, Kind, Piece};
use serde::Deserialize;
use std::collections::BTreeMap;
use thiserror::Error;

/// Name tables shared by several games (`[stacks] names = "…"`).
fn names_table(name: &str) -> Option<&'static str> {
    match name {
        "pyramid-names" => Some(include_str!("../data/pyramid-names.toml")),
        _ => None,
    }
}

#[derive(Debug, Error)]
pub enum GameError {
    #[error("unknown game {0:?} (see `ccg games`)")]
    UnknownGame(String),
    #[error("game {0:?} is not implemented yet")]
    NotImplemented(String),
    #[error("game data: {0}")]
    Data(String),
    #[error("option {0}")]
    Option(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDef {
    pub id: String,
    pub name: String,
    pub edition: String,
    /// The setup (or shape table) is our reconstruction of a lost diagram.
    #[serde(default)]
    pub reconstructed: bool,
    board: Board,
    #[serde(default)]
    rules: RulesDef,
    #[serde(default)]
    pieces: Vec<PieceDef>,
    /// Group pieces (Omino, Nomino, Doseki): types, shapes and setup; then `pieces` is empty.
    polyform: Option<crate::polyform::PolyformDef>,
    /// Stacks of checkers (Pyramids): one kind per legal stack, after the pieces.
    stacks: Option<StacksDef>,
    #[serde(default)]
    castling: Vec<CastlingDef>,
    #[serde(default)]
    setup: BTreeMap<String, BTreeMap<String, String>>,
    /// `options.<key>.<value>`: what choosing that value changes.
    #[serde(default)]
    options: BTreeMap<String, BTreeMap<String, OptionDef>>,
    /// Named sets of piece letters for the `remove` setup option (Incomplete MGC).
    #[serde(default)]
    presets: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    /// "square" (default), "twin" (two linked square boards), "cube", "tesseract" or "hex".
    #[serde(default = "square")]
    kind: String,
    #[serde(default)]
    files: String,
    #[serde(default)]
    ranks: usize,
    /// Layer letters of a "layers" board (Doseki: "ABCDEFGHI").
    #[serde(default)]
    layers: String,
}

fn square() -> String {
    "square".into()
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RulesDef {
    repetition: u32,
    fifty_moves: bool,
    /// "draw" or "loss".
    no_moves: String,
    perpetual_check_loses: bool,
    drops: bool,
    /// "check" or "capture".
    royal: String,
    /// "replace" or "jump".
    capturing: String,
    bare_royals_draw: bool,
    notation_letters: bool,
    /// Draughts: a flying piece must pick a landing cell from which the capture goes on, if any.
    #[serde(default)]
    landing_must_continue: bool,
    /// Draughts: jumped pieces stay on the board until the move ends.
    #[serde(default)]
    captured_stay: bool,
    /// With royal = "capture": a move may not leave the mover without a royal piece.
    #[serde(default)]
    keep_royal: bool,
    /// A piece moves only while a royal piece of its colour stands in its region.
    #[serde(default)]
    royal_gating: bool,
    /// What a capture does, per region: "remove", "to_hand", "displace", "ascend".
    #[serde(default)]
    capture_effects: Vec<String>,
}

impl Default for RulesDef {
    fn default() -> RulesDef {
        RulesDef {
            repetition: 3,
            fifty_moves: true,
            no_moves: "draw".into(),
            perpetual_check_loses: false,
            drops: false,
            royal: "check".into(),
            capturing: "replace".into(),
            bare_royals_draw: false,
            notation_letters: true,
            landing_must_continue: false,
            captured_stay: false,
            keep_royal: false,
            royal_gating: false,
            capture_effects: Vec::new(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceDef {
    letter: char,
    name: String,
    modes: String,
    #[serde(default)]
    pawn: bool,
    #[serde(default)]
    royal: bool,
    #[serde(default)]
    promoted: bool,
    /// Token of the kind this piece becomes in its captor's hand (`P` for `+P`).
    demotes_to: Option<String>,
    #[serde(default)]
    promotion: Vec<PromotionDef>,
    #[serde(default)]
    en_passant: bool,
    #[serde(default)]
    castles: bool,
    #[serde(default)]
    chains: bool,
    drop: Option<DropDef>,
    /// Most pieces of this kind per side (Brilliant chess: two Kings).
    max_count: Option<u8>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PromotionDef {
    /// Ranks counted from the far end (1 = the last rank).
    #[serde(default)]
    zone: Vec<usize>,
    /// Or explicit cells per side (the opposite King's start cell in cubic chess).
    white: Option<String>,
    black: Option<String>,
    /// Piece tokens, e.g. "HNBECLGMAQ" or "+P".
    choices: String,
    optional: bool,
    #[serde(default)]
    on_leaving: bool,
    /// Only a move arriving from outside the zone promotes.
    #[serde(default)]
    entering: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DropDef {
    /// Ranks counted from the far end where the piece may not be dropped.
    #[serde(default)]
    forbidden: Vec<usize>,
    #[serde(default)]
    one_per_file: bool,
    #[serde(default)]
    no_mate: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CastlingDef {
    name: String,
    side: String,
    /// "from to" of the King.
    king: String,
    /// "from to" of each Rook, in the order they move.
    rooks: Vec<String>,
    empty: String,
    /// Cells the King passes or lands on (besides its own), which must not be attacked.
    safe: String,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct OptionDef {
    /// Piece letter → replacement modes.
    #[serde(default)]
    modes: BTreeMap<String, String>,
    /// `false` removes every castling.
    castling: Option<bool>,
    /// Rule settings this value overrides.
    no_moves: Option<String>,
    bare_royals_draw: Option<bool>,
    landing_must_continue: Option<bool>,
    /// Piece tokens whose first-move modes belong to a piece standing on its start rank rather
    /// than to one that never moved (`pawnleap=rank`: Fairy-Stockfish's reading).
    #[serde(default)]
    first_moves_on_start_rank: String,
    /// Group pieces: whether the types marked `extra` are movable.
    extra_types: Option<bool>,
}

fn data(msg: impl Into<String>) -> GameError {
    GameError::Data(msg.into())
}

/// Splits "HNB+P" into tokens ("H", "N", "B", "+P"); stacks are written "(21)".
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut plus = false;
    let mut code: Option<String> = None;
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        match (&mut code, c) {
            (None, '(') => code = Some("(".to_string()),
            (Some(t), ')') => {
                t.push(')');
                out.push(code.take().expect("open code"));
            }
            (Some(t), _) => t.push(c),
            (None, '+') => plus = true,
            (None, _) => {
                out.push(if plus { format!("+{c}") } else { c.to_string() });
                plus = false;
            }
        }
    }
    out.extend(code);
    out
}

impl GameDef {
    pub fn from_toml(text: &str) -> Result<GameDef, GameError> {
        toml::from_str(text).map_err(|e| GameError::Data(e.to_string()))
    }

    /// The option keys and values this game accepts, for help texts.
    pub fn option_help(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .options
            .iter()
            .map(|(k, vals)| format!("{k}={}", vals.keys().cloned().collect::<Vec<_>>().join("|")))
            .collect();
        if !self.presets.is_empty() {
            let presets: Vec<&str> = self.presets.keys().map(String::as_str).collect();
            out.push(format!(
                "remove=<piece letters or White squares, comma-separated>|{}",
                presets.join("|")
            ));
        }
        out
    }

    fn kind_of(&self, token: &str, stacks: &[PieceKind]) -> Option<Kind> {
        if token.starts_with('(') {
            let i = stacks.iter().position(|k| k.token() == token)?;
            return Some((self.pieces.len() + i) as Kind);
        }
        let promoted = token.starts_with('+');
        let letter = token.trim_start_matches('+').chars().next()?;
        self.pieces.iter().position(|p| p.letter == letter && p.promoted == promoted).map(|i| i as Kind)
    }

    /// The stack kinds of the game (none without a `[stacks]` table).
    fn stack_kinds(&self) -> Result<Vec<PieceKind>, GameError> {
        let Some(def) = &self.stacks else { return Ok(Vec::new()) };
        let names: Option<BTreeMap<String, String>> = match def.names_table() {
            Some(t) => Some(
                toml::from_str(names_table(t).ok_or_else(|| data(format!("no name table {t:?}")))?)
                    .map_err(|e| data(format!("name table {t}: {e}")))?,
            ),
            None => None,
        };
        def.kinds(names.as_ref())
    }

    /// Builds the variant with options applied: rule options replace piece modes or switch
    /// castling off; `remove` (Incomplete Modern Grand Chess) takes pieces off both sides
    /// symmetrically.
    pub fn build(&self, options: &[(String, String)]) -> Result<Variant, GameError> {
        let stack_kinds = self.stack_kinds()?;
        let stacks = stack_kinds.as_slice();
        let mut modes: Vec<String> = self.pieces.iter().map(|p| p.modes.clone()).collect();
        let mut remove: Option<&str> = None;
        let mut castling_on = true;
        let mut r = self.rules.clone();
        let mut id = self.id.clone();
        let mut by_start_rank: Vec<String> = Vec::new();
        let mut extras = false;
        for (key, value) in options {
            if key == "remove" && !self.presets.is_empty() {
                remove = Some(value);
            } else {
                let values = self.options.get(key).ok_or_else(|| {
                    GameError::Option(format!(
                        "{key:?}: {} has no such option (it has: {})",
                        self.id,
                        self.option_help().join(", ")
                    ))
                })?;
                let chosen = values.get(value).ok_or_else(|| {
                    GameError::Option(format!(
                        "{key}={value}: allowed values are {}",
                        values.keys().cloned().collect::<Vec<_>>().join(", ")
                    ))
                })?;
                for (token, m) in &chosen.modes {
                    let k = self
                        .kind_of(token, stacks)
                        .filter(|&k| (k as usize) < self.pieces.len())
                        .ok_or_else(|| data(format!("option {key}={value} names unknown piece {token}")))?;
                    modes[k as usize] = m.clone();
                }
                if chosen.castling == Some(false) {
                    castling_on = false;
                }
                if let Some(n) = &chosen.no_moves {
                    r.no_moves = n.clone();
                }
                r.bare_royals_draw = chosen.bare_royals_draw.unwrap_or(r.bare_royals_draw);
                r.landing_must_continue = chosen.landing_must_continue.unwrap_or(r.landing_must_continue);
                by_start_rank.extend(tokens(&chosen.first_moves_on_start_rank));
                extras = chosen.extra_types.unwrap_or(extras);
            }
            id += &format!(" {key}={value}");
        }
        let geometry = match self.board.kind.as_str() {
            "square" => Geometry::square(&self.board.files, self.board.ranks),
            "twin" => Geometry::twin(&self.board.files, self.board.ranks),
            "cube" => Geometry::cube(),
            "tesseract" => Geometry::tesseract(),
            "hex" => Geometry::hex(),
            "layers" => Geometry::layers(&self.board.layers, &self.board.files, self.board.ranks),
            k => return Err(data(format!("board kind {k:?}: square, twin, cube, tesseract, hex or layers"))),
        };
        let ranks = geometry.grid.rows;
        // Cells of the given ranks (of the naming grid) counted from `side`'s far end.
        let far_ranks = |side: Color, list: &[usize]| -> CellSet {
            (0..geometry.len() as Cell)
                .filter(|&c| {
                    let row = geometry.grid.place[c as usize].0;
                    let from_end = match side {
                        Color::White => row + 1,
                        Color::Black => ranks - row,
                    };
                    list.contains(&from_end)
                })
                .collect()
        };
        let cell = |name: &str, what: &str| -> Result<Cell, GameError> {
            geometry.parse_cell(name).ok_or_else(|| data(format!("{what}: no square {name}")))
        };
        // Piece tokens; `*` is every stack kind.
        let kind_list = |s: &str, what: &str| -> Result<Vec<Kind>, GameError> {
            if s.trim() == "*" {
                return Ok((0..stacks.len()).map(|i| (self.pieces.len() + i) as Kind).collect());
            }
            tokens(s)
                .iter()
                .map(|t| self.kind_of(t, stacks).ok_or_else(|| data(format!("{what}: unknown piece {t}"))))
                .collect()
        };
        let mut kinds = Vec::new();
        for (p, m) in self.pieces.iter().zip(&modes) {
            let mut k =
                PieceKind::new(p.letter, &p.name, m).map_err(|e| data(format!("piece {}: {e}", p.letter)))?;
            k.pawn = p.pawn;
            k.royal = p.royal;
            k.promoted = p.promoted;
            k.en_passant = p.en_passant;
            k.castles = p.castles;
            k.chain = if p.chains { ChainRule::Unlimited } else { ChainRule::Single };
            k.max_count = p.max_count;
            if let Some(d) = &p.demotes_to {
                k.demotes_to = Some(
                    self.kind_of(d, stacks)
                        .ok_or_else(|| data(format!("piece {}: unknown {d}", p.letter)))?,
                );
            }
            for pr in &p.promotion {
                let what = format!("piece {} promotion", p.letter);
                let listed = |side: &Option<String>| -> Result<CellSet, GameError> {
                    side.as_deref().unwrap_or("").split_whitespace().map(|n| cell(n, &what)).collect()
                };
                k.promotion.push(PromotionZone {
                    zone: [
                        far_ranks(Color::White, &pr.zone) | listed(&pr.white)?,
                        far_ranks(Color::Black, &pr.zone) | listed(&pr.black)?,
                    ],
                    choices: kind_list(&pr.choices, &format!("piece {} promotion", p.letter))?,
                    optional: pr.optional,
                    on_leaving: pr.on_leaving,
                    entering: pr.entering,
                });
            }
            if let Some(d) = &p.drop {
                k.drop = DropRule {
                    forbidden: [far_ranks(Color::White, &d.forbidden), far_ranks(Color::Black, &d.forbidden)],
                    one_per_file: d.one_per_file,
                    no_mate: d.no_mate,
                };
            }
            kinds.push(k);
        }
        kinds.extend(stack_kinds.iter().cloned());
        let pair = |s: &str, what: &str| -> Result<(Cell, Cell), GameError> {
            let v: Vec<&str> = s.split_whitespace().collect();
            match v.as_slice() {
                [a, b] => Ok((cell(a, what)?, cell(b, what)?)),
                _ => Err(data(format!("{what}: expected \"from to\", found {s:?}"))),
            }
        };
        let cells = |s: &str, what: &str| -> Result<CellSet, GameError> {
            s.split_whitespace().map(|n| cell(n, what)).collect()
        };
        let mut castlings = Vec::new();
        if castling_on {
            for c in &self.castling {
                let what = format!("castling {}", c.name);
                castlings.push(Castling {
                    name: c.name.clone(),
                    side: match c.side.as_str() {
                        "white" => Color::White,
                        "black" => Color::Black,
                        s => return Err(data(format!("{what}: side {s:?}"))),
                    },
                    king: pair(&c.king, &what)?,
                    rooks: c.rooks.iter().map(|r| pair(r, &what)).collect::<Result<_, _>>()?,
                    empty: cells(&c.empty, &what)?,
                    safe: cells(&c.safe, &what)?,
                });
            }
        }
        let rules = Rules {
            repetition: r.repetition,
            fifty_move_plies: r.fifty_moves.then_some(100),
            no_moves: match r.no_moves.as_str() {
                "draw" => NoMoves::Draw,
                "loss" => NoMoves::Loss,
                s => return Err(data(format!("rules.no_moves {s:?}: draw or loss"))),
            },
            perpetual_check_loses: r.perpetual_check_loses,
            drops: r.drops,
            royal: match r.royal.as_str() {
                "check" => Royal::Check,
                "capture" => Royal::Capture,
                s => return Err(data(format!("rules.royal {s:?}: check or capture"))),
            },
            capturing: match r.capturing.as_str() {
                "replace" => Capturing::Replace,
                "jump" => Capturing::Jump,
                s => return Err(data(format!("rules.capturing {s:?}: replace or jump"))),
            },
            castlings,
            bare_royals_draw: r.bare_royals_draw,
            landing_must_continue: r.landing_must_continue,
            captured_stay: r.captured_stay,
            keep_royal: r.keep_royal,
            royal_gating: r.royal_gating,
            capture_effects: if r.capture_effects.is_empty() && r.drops {
                vec![CaptureEffect::ToHand]
            } else {
                r.capture_effects
                    .iter()
                    .map(|e| match e.as_str() {
                        "remove" => Ok(CaptureEffect::Remove),
                        "to_hand" => Ok(CaptureEffect::ToHand),
                        "displace" => Ok(CaptureEffect::Displace),
                        "ascend" => Ok(CaptureEffect::Ascend),
                        s => Err(data(format!(
                            "rules.capture_effects {s:?}: remove, to_hand, displace or ascend"
                        ))),
                    })
                    .collect::<Result<_, _>>()?
            },
        };
        if let Some(p) = &self.polyform {
            let name = format!("{} ({})", self.name, self.edition);
            return p.build(&id, &name, geometry, rules, extras);
        }
        let mut setup = Vec::new();
        for (side, color) in [("white", Color::White), ("black", Color::Black)] {
            let lists = self.setup.get(side).ok_or_else(|| data(format!("setup.{side} missing")))?;
            for (token, names) in lists {
                let kind = self
                    .kind_of(token, stacks)
                    .ok_or_else(|| data(format!("setup.{side}: unknown piece {token}")))?;
                for name in names.split_whitespace() {
                    setup.push((cell(name, &format!("setup.{side}"))?, Piece::new(color, kind)));
                }
            }
        }
        if let Some(r) = remove {
            self.apply_removal(&geometry, &kinds, &mut setup, r)?;
        }
        setup.sort_by_key(|(c, _)| *c);
        let name = format!("{} ({})", self.name, self.edition);
        let mut v =
            Variant::new(&id, &name, geometry, kinds, setup, rules).map_err(|e| data(e.to_string()))?;
        v.notation_letters = self.rules.notation_letters;
        v.reconstructed = self.reconstructed;
        for t in &by_start_rank {
            let k = self
                .kind_of(t, stacks)
                .ok_or_else(|| data(format!("first_moves_on_start_rank: unknown piece {t}")))?;
            v.first_moves_on_start_rank(k).map_err(|e| data(e.to_string()))?;
        }
        Ok(v)
    }

    fn apply_removal(
        &self,
        g: &Geometry,
        kinds: &[PieceKind],
        setup: &mut Vec<(Cell, Piece)>,
        spec: &str,
    ) -> Result<(), GameError> {
        let items: Vec<String> = match self.presets.get(spec) {
            Some(p) => p.split_whitespace().map(str::to_string).collect(),
            None => spec.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect(),
        };
        let mut cells = CellSet::EMPTY;
        for item in &items {
            let bad = |why: String| GameError::Option(format!("remove={spec}: {item:?} {why}"));
            let mut chars = item.chars();
            if let (Some(_), None) = (chars.next(), chars.next()) {
                let k =
                    self.kind_of(item, &[]).ok_or_else(|| bad("is no piece letter of this game".into()))?;
                if kinds[k as usize].royal {
                    return Err(bad("is the King, which is never removed".into()));
                }
                cells |= setup.iter().filter(|(_, p)| p.kind == k).map(|(c, _)| *c).collect();
            } else {
                let c =
                    g.parse_cell(item).ok_or_else(|| bad("is neither a piece letter nor a square".into()))?;
                let p = setup
                    .iter()
                    .find(|(x, _)| *x == c)
                    .map(|(_, p)| *p)
                    .ok_or_else(|| bad("is an empty square".into()))?;
                if p.color != Color::White {
                    return Err(bad(
                        "holds a Black piece: name White's squares, Black's twin goes too".into()
                    ));
                }
                if kinds[p.kind as usize].royal {
                    return Err(bad("holds the King, which is never removed".into()));
                }
                let twin = g.centre_mirror(c).ok_or_else(|| bad("has no centre-symmetric twin".into()))?;
                cells.insert(c);
                cells.insert(twin);
            }
        }
        setup.retain(|(c, _)| !cells.has(*c));
        Ok(())
    }
}
