//! The rows both stores read and write: a game, its moves, what a change updates, a lobby line.

use crate::model::{GameResult, Seat, Status};
use ccg_core::Color;

/// A stored game's row (moves are read separately).
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub options: Vec<String>,
    pub start_fen: Option<String>,
    pub seats: [Seat; 2],
    /// Hashes of the seat tokens handed out (`None`: the seat is open, or the engine's).
    pub tokens: [Option<String>; 2],
    /// Hash of the invite code while the invite is unused.
    pub invite: Option<String>,
    pub status: Status,
    pub result: Option<GameResult>,
    pub reason: Option<String>,
    pub draw_offer: Option<Color>,
    pub created_at: i64,
    /// Time control: initial time and increment per move, in milliseconds.
    pub clock: Option<(i64, i64)>,
    /// The tags of an imported record other than those the row itself holds (Game, Option,
    /// Position, Result), in their order: Event, Date, the players' names…
    pub tags: Vec<(String, String)>,
    /// The rematch this finished game led to, once one of its players asked for it.
    pub rematch: Option<Rematch>,
    /// The accounts the seats belong to (ids; `None`: an anonymous seat or the engine).
    pub users: [Option<String>; 2],
    /// Whether the result moves the two accounts' ratings.
    pub rated: bool,
}

/// A rematch: the new game and the colour (in the old game) of the player who asked for it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rematch {
    pub id: String,
    #[serde(with = "color_name")]
    pub by: Color,
}

mod color_name {
    use ccg_core::Color;
    pub fn serialize<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(c.name())
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let name = <String as serde::Deserialize>::deserialize(d)?;
        crate::model::parse_color(&name).ok_or_else(|| serde::de::Error::custom(format!("colour {name:?}")))
    }
}

/// A JSON column: `NULL` for the empty value.
pub(super) fn json_column<T: serde::Serialize>(v: &T, empty: bool) -> Option<String> {
    (!empty).then(|| serde_json::to_string(v).unwrap_or_default())
}

#[derive(Clone, Debug)]
pub struct MoveRow {
    pub ply: u32,
    pub coord: String,
    pub text: String,
    pub at: i64,
}

/// A game as stored: its row, its moves, and its version (how many changes its row has seen).
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub row: GameRow,
    pub moves: Vec<MoveRow>,
    pub version: i64,
}

/// A game as stored, against a copy of it (see `Store::game_since`).
#[derive(Clone, Debug)]
pub enum Since {
    /// No such game.
    Missing,
    /// The copy's version is the stored one.
    Same,
    /// The stored game moved on: its row and version, its moves after the copy's, and how many
    /// it has in all (the copy's moves are its first ones if the two counts add up).
    Changed { game: Box<StoredGame>, total: u32 },
}

/// What changes about a game besides its moves.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub status: Status,
    pub result: Option<GameResult>,
    pub reason: Option<String>,
    pub draw_offer: Option<Color>,
    pub invite: Option<String>,
}

/// A line of the lobby's list of recent games.
#[derive(serde::Serialize)]
pub struct GameSummary {
    pub id: String,
    pub game: String,
    pub white: Seat,
    pub black: Seat,
    pub status: Status,
    pub ply: i64,
}
