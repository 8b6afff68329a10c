//! Game definitions read from TOML and built into variants, with rule and setup options.

use ccg_core::variant::{PieceKind, Promotion, Rules, Variant};
use ccg_core::{Cell, CellSet, Color, Geometry, Piece};
use serde::Deserialize;
use std::collections::BTreeMap;
use thiserror::Error;

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
    board: Board,
    pieces: Vec<PieceDef>,
    setup: BTreeMap<String, BTreeMap<String, String>>,
    /// `options.<key>.<value>.<piece letter> = "<modes>"`.
    #[serde(default)]
    options: BTreeMap<String, BTreeMap<String, BTreeMap<String, String>>>,
    /// Named sets of piece letters for the `remove` setup option.
    #[serde(default)]
    presets: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    files: String,
    ranks: usize,
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
    promotion: Option<PromotionDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PromotionDef {
    /// How many of the farthest ranks form the promotion zone.
    zone_ranks: usize,
    choices: String,
    optional: bool,
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

    /// Builds the variant with options applied: rule options replace piece modes; `remove`
    /// (Incomplete Modern Grand Chess) takes pieces off both sides symmetrically.
    pub fn build(&self, options: &[(String, String)]) -> Result<Variant, GameError> {
        let mut modes: Vec<String> = self.pieces.iter().map(|p| p.modes.clone()).collect();
        let mut remove: Option<&str> = None;
        let mut id = self.id.clone();
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
                let overrides = values.get(value).ok_or_else(|| {
                    GameError::Option(format!(
                        "{key}={value}: allowed values are {}",
                        values.keys().cloned().collect::<Vec<_>>().join(", ")
                    ))
                })?;
                for (letter, m) in overrides {
                    let i = self.pieces.iter().position(|p| p.letter.to_string() == *letter).ok_or_else(
                        || GameError::Data(format!("option {key}={value} names unknown piece {letter}")),
                    )?;
                    modes[i] = m.clone();
                }
            }
            id += &format!(" {key}={value}");
        }
        let geometry = Geometry::square(&self.board.files, self.board.ranks);
        let letters: Vec<char> = self.pieces.iter().map(|p| p.letter).collect();
        let mut kinds = Vec::new();
        for (p, m) in self.pieces.iter().zip(&modes) {
            let mut k = PieceKind::new(p.letter, &p.name, m)
                .map_err(|e| GameError::Data(format!("piece {}: {e}", p.letter)))?;
            k.pawn = p.pawn;
            k.royal = p.royal;
            if let Some(pr) = &p.promotion {
                let choices = pr
                    .choices
                    .chars()
                    .map(|c| letters.iter().position(|&l| l == c).map(|i| i as u8))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        GameError::Data(format!("piece {}: unknown promotion choice", p.letter))
                    })?;
                let ranks = self.board.ranks;
                let zone = |side: Color| -> CellSet {
                    (0..geometry.len() as Cell)
                        .filter(|&c| {
                            let r = geometry.coord(c)[1] as usize;
                            match side {
                                Color::White => r + pr.zone_ranks >= ranks,
                                Color::Black => r < pr.zone_ranks,
                            }
                        })
                        .collect()
                };
                k.promotion = Some(Promotion {
                    zone: [zone(Color::White), zone(Color::Black)],
                    choices,
                    optional: pr.optional,
                });
            }
            kinds.push(k);
        }
        let mut setup = Vec::new();
        for (side, color) in [("white", Color::White), ("black", Color::Black)] {
            let lists =
                self.setup.get(side).ok_or_else(|| GameError::Data(format!("setup.{side} missing")))?;
            for (letter, cells) in lists {
                let kind = letters
                    .iter()
                    .position(|l| l.to_string() == *letter)
                    .ok_or_else(|| GameError::Data(format!("setup.{side}: unknown piece {letter}")))?;
                for name in cells.split_whitespace() {
                    let c = geometry
                        .parse_cell(name)
                        .ok_or_else(|| GameError::Data(format!("setup.{side}: no square {name}")))?;
                    setup.push((c, Piece::new(color, kind as u8)));
                }
            }
        }
        if let Some(r) = remove {
            self.apply_removal(&geometry, &letters, &kinds, &mut setup, r)?;
        }
        setup.sort_by_key(|(c, _)| *c);
        let name = format!("{} ({})", self.name, self.edition);
        Variant::new(&id, &name, geometry, kinds, setup, Rules::default())
            .map_err(|e| GameError::Data(e.to_string()))
    }

    fn apply_removal(
        &self,
        g: &Geometry,
        letters: &[char],
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
            if let (Some(l), None) = (chars.next(), chars.next()) {
                let k = letters
                    .iter()
                    .position(|&x| x == l)
                    .ok_or_else(|| bad("is no piece letter of this game".into()))?;
                if kinds[k].royal {
                    return Err(bad("is the King, which is never removed".into()));
                }
                cells |= setup.iter().filter(|(_, p)| p.kind as usize == k).map(|(c, _)| *c).collect();
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
