//! The small closed sets a game's row is made of — status, seats, results, draw offers — as
//! enums, with the text forms the store and the API use (unchanged from the first schema).

use ccg_core::Color;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use serde::{Deserialize, Serialize};

/// Whether a game is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Active,
    Over,
}

/// Who sits on a seat; stored and listed as `human` or `engine:<level>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Engine(u8),
}

/// A finished game's result, in the author's tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1:0")]
    WhiteWins,
    #[serde(rename = "0:1")]
    BlackWins,
    #[serde(rename = "1/2")]
    Draw,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Over => "over",
        }
    }
    pub fn parse(s: &str) -> Option<Status> {
        [Status::Active, Status::Over].into_iter().find(|v| v.as_str() == s)
    }
}

impl Seat {
    pub fn parse(s: &str) -> Option<Seat> {
        match s {
            "human" => Some(Seat::Human),
            _ => s.strip_prefix("engine:")?.parse().ok().filter(|l| (1..=8).contains(l)).map(Seat::Engine),
        }
    }
    pub fn code(self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Engine(l) => format!("engine:{l}"),
        }
    }
}

impl Serialize for Seat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl GameResult {
    /// The result of a game `winner` won (`None`: a draw).
    pub fn won_by(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
    pub fn token(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1:0",
            GameResult::BlackWins => "0:1",
            GameResult::Draw => "1/2",
        }
    }
    /// Reads a result as records write it (`1:0`, `1-0`, `½:½`, …); `*` and unknown text are `None`.
    pub fn parse(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1:0" | "1-0" => Some(GameResult::WhiteWins),
            "0:1" | "0-1" => Some(GameResult::BlackWins),
            "1/2" | "1/2-1/2" | "1/2:1/2" | "½:½" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

/// A colour as the store and the API write it.
pub fn parse_color(s: &str) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|c| c.name() == s)
}

fn text_sql<'a>(v: ValueRef<'a>) -> FromSqlResult<&'a str> {
    v.as_str()
}

fn bad(what: &str, s: &str) -> FromSqlError {
    FromSqlError::Other(format!("stored {what} {s:?} is not one this ccg knows").into())
}

impl ToSql for Status {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
}
impl FromSql for Status {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        let s = text_sql(v)?;
        Status::parse(s).ok_or_else(|| bad("status", s))
    }
}
impl ToSql for Seat {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(self.code().into())
    }
}
impl FromSql for Seat {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        let s = text_sql(v)?;
        Seat::parse(s).ok_or_else(|| bad("seat", s))
    }
}
impl ToSql for GameResult {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(self.token().into())
    }
}
impl FromSql for GameResult {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        let s = text_sql(v)?;
        GameResult::parse(s).ok_or_else(|| bad("result", s))
    }
}

/// A stored colour (the side that offers a draw).
pub struct StoredColor(pub Color);

impl ToSql for StoredColor {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(self.0.name().into())
    }
}
impl FromSql for StoredColor {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        let s = text_sql(v)?;
        parse_color(s).map(StoredColor).ok_or_else(|| bad("colour", s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip_and_unknown_text_is_refused() {
        for s in [Status::Active, Status::Over] {
            assert_eq!(Status::parse(s.as_str()), Some(s));
        }
        for s in [Seat::Human, Seat::Engine(1), Seat::Engine(8)] {
            assert_eq!(Seat::parse(&s.code()), Some(s));
        }
        for r in [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw] {
            assert_eq!(GameResult::parse(r.token()), Some(r));
        }
        assert_eq!(Seat::parse("engine:9"), None);
        assert_eq!(Seat::parse("robot"), None);
        assert_eq!(Status::parse("paused"), None);
        assert_eq!(GameResult::parse("*"), None);
        assert_eq!(GameResult::parse("1-0"), Some(GameResult::WhiteWins));
    }
}
