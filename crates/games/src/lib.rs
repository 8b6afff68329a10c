//! # ccg-games — the games of I.G. Kosintsev as data
//!
//! Each implemented game is a TOML file under `data/` (pieces in the author's mode notation, the
//! setup as the author's square lists, rule options as mode overrides), compiled here into a
//! [`ccg_core::Variant`]. [`catalogue`] lists every game of the catalogue, implemented or not.

mod def;
mod polyform;
mod stacks;

pub use def::{GameDef, GameError};

use ccg_core::Variant;
use std::sync::Arc;

/// Whether a game can be played yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Implemented,
    /// Rules known (grade A/B); not yet built.
    Planned,
    /// Grade C: playable only through the catalogue's labelled reconstruction; not yet built.
    Reconstruction,
}

impl Status {
    pub fn label(self) -> &'static str {
        match self {
            Status::Implemented => "implemented",
            Status::Planned => "not yet implemented",
            Status::Reconstruction => "not yet implemented (reconstruction, grade C)",
        }
    }
}

pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub status: Status,
    /// Implemented from our reconstruction of a lost setup or shape table (grade C).
    pub reconstructed: bool,
    data: Option<&'static str>,
}

impl GameInfo {
    /// The status as a user should read it, "reconstructed" included.
    pub fn status_label(&self) -> &'static str {
        match (self.status, self.reconstructed) {
            (Status::Implemented, true) => "implemented (reconstructed setup, grade C)",
            (s, _) => s.label(),
        }
    }
}

macro_rules! game {
    ($id:literal, $name:literal, data) => {
        game!(@data $id, $name, false)
    };
    ($id:literal, $name:literal, reconstructed) => {
        game!(@data $id, $name, true)
    };
    (@data $id:literal, $name:literal, $rec:literal) => {
        GameInfo {
            id: $id,
            name: $name,
            status: Status::Implemented,
            reconstructed: $rec,
            data: Some(include_str!(concat!("../data/", $id, ".toml"))),
        }
    };
    ($id:literal, $name:literal, $status:ident) => {
        GameInfo { id: $id, name: $name, status: Status::$status, reconstructed: false, data: None }
    };
}

static CATALOGUE: &[GameInfo] = &[
    game!("mgc", "Modern Grand Chess, 2nd edition (10.12.2010)", data),
    game!("mgc1", "Modern Grand Chess, 1st edition (20.07.2010)", data),
    game!("avantgarde", "Avant-garde Grand Chess (25.02.2013)", data),
    game!("guru", "Chess Guru (03.06.2010)", data),
    game!("shogi", "Modern Shogi, 2nd edition (02.05.2011)", data),
    game!("shogi1", "Modern Shogi, 1st edition (22.04.2011)", data),
    game!("cheskers", "Russian cheskers (05.07.2010)", data),
    game!("cubic", "The 64-cell cubic chess, symmetrical setup (03.06.2010)", data),
    game!("cubic-asym", "The 64-cell cubic chess, asymmetrical setup (03.06.2010)", data),
    game!("nihongi", "Nihongi, 4D chess on 3x3x3x3 (03.06.2010)", data),
    game!("brilliant", "Brilliant chess, hexagonal (05.07.2010)", data),
    game!("pyramids1", "Pyramids, 1st edition (17.03.2011)", reconstructed),
    game!("pyramids2-weak7", "Pyramids, 2nd edition, weak variant 7x7 (12.04.2011)", reconstructed),
    game!("pyramids2-weak9", "Pyramids, 2nd edition, weak variant 9x9 (12.04.2011)", reconstructed),
    game!("pyramids2-strong", "Pyramids, 2nd edition, strong variant 9x9 (12.04.2011)", reconstructed),
    game!("pyramids2-cheskers7", "Pyramids, 2nd edition, cheskers variant 7x7 (12.04.2011)", reconstructed),
    game!("pyramids2-cheskers9", "Pyramids, 2nd edition, cheskers variant 9x9 (12.04.2011)", reconstructed),
    game!("pyramids5", "Pyramids, 5th edition, classical (06.04.2013)", reconstructed),
    game!("pyramids5-cheskers", "Pyramids, 5th edition, cheskers (06.04.2013)", reconstructed),
    game!("pyramids6", "Pyramids, 6th edition, classical (12.03.2014)", reconstructed),
    game!("pyramids6-checkers", "Pyramids, 6th edition, checkers (12.03.2014)", reconstructed),
    game!("bermuda", "Bermuda chess (28.02.2011)", reconstructed),
    game!("omino", "Omino (03.06.2010)", reconstructed),
    game!("nomino", "Nomino (03.06.2010)", reconstructed),
    game!("doseki", "Doseki, 3D polycubes on 9x9x9 (19.07.2010)", reconstructed),
];

/// Every game of the catalogue, in the order of `ccg games`.
pub fn catalogue() -> &'static [GameInfo] {
    CATALOGUE
}

/// The game definition of an implemented game.
pub fn definition(id: &str) -> Result<GameDef, GameError> {
    let info = CATALOGUE.iter().find(|g| g.id == id).ok_or_else(|| GameError::UnknownGame(id.to_string()))?;
    let data = info.data.ok_or_else(|| GameError::NotImplemented(id.to_string()))?;
    GameDef::from_toml(data)
}

/// The playable variant of game `id` with rule options `key=value`.
pub fn variant(id: &str, options: &[(String, String)]) -> Result<Arc<Variant>, GameError> {
    Ok(Arc::new(definition(id)?.build(options)?))
}

/// Splits `key=value` option text.
pub fn parse_option(text: &str) -> Result<(String, String), GameError> {
    let (k, v) =
        text.split_once('=').ok_or_else(|| GameError::Option(format!("{text:?}: expected key=value")))?;
    Ok((k.trim().to_string(), v.trim().to_string()))
}
