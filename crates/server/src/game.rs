//! A live game in memory: its stored row and moves, the current position, and the JSON views the
//! API and the push channel send. The board is described by the geometry's layout, so the front
//! end draws any geometry without knowing it.

use crate::db::{GameRow, MoveRow};
use crate::model::{Seat, Status};
use ccg_core::record::{Record, RecordMove};
use ccg_core::{CaptureEffect, Color, Move, Position, Special, Variant};
use serde_json::{json, Value};
use std::sync::Arc;

/// The `[Setup]` tag of a record of a game whose setup is our reconstruction of a lost diagram.
const RECONSTRUCTED: &str =
    "reconstructed: the author's diagram of the setup is lost; this is our reconstruction";

pub struct Game {
    pub row: GameRow,
    pub moves: Vec<MoveRow>,
    pub start: Position,
    pub pos: Position,
    /// The last move played, for highlighting.
    pub last: Option<Move>,
    /// The public view, computed once per change (legal move texts are the costly part).
    pub cached: Option<Value>,
    /// The store's version of the game this copy is (see `crate::nodes`); 0 for a new game.
    pub version: i64,
}

/// The state of a game's clocks (see [`Game::clock`]).
pub struct Clock {
    pub initial: i64,
    pub increment: i64,
    pub left: [i64; 2],
    pub running: Option<Color>,
}

pub fn parse_options(options: &[String]) -> Result<Vec<(String, String)>, String> {
    options.iter().map(|o| ccg_games::parse_option(o).map_err(|e| e.to_string())).collect()
}

/// The start position of a game: the variant's own, or a position string.
pub fn start_position(variant: Arc<Variant>, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        Some(f) => Position::from_fen(variant, f).map_err(|e| format!("position: {e}")),
        None => Ok(Position::new(variant)),
    }
}

impl Game {
    /// Rebuilds a stored game by replaying its moves (stored in coordinate form, which is exact)
    /// on its compiled variant (shared, from [`crate::live::Variants`]).
    pub fn load(row: GameRow, moves: Vec<MoveRow>, variants: &crate::live::Variants) -> Result<Game, String> {
        let opts = parse_options(&row.options)?;
        let variant = variants.get(&row.game, &opts).map_err(|e| e.to_string())?;
        let start = start_position(variant, row.start_fen.as_deref())?;
        let mut pos = start.clone();
        let mut last = None;
        for m in &moves {
            let mv = pos.parse_coord(&m.coord).map_err(|e| format!("stored move {}: {e}", m.ply))?;
            pos.make(mv);
            last = Some(mv);
        }
        Ok(Game { row, moves, start, pos, last, cached: None, version: 0 })
    }

    /// Plays stored moves that follow this copy's (another node's); on an error the copy is
    /// left part-way and must be reloaded whole.
    pub fn catch_up(&mut self, moves: &[MoveRow]) -> Result<(), String> {
        for m in moves {
            let mv = self.pos.parse_coord(&m.coord).map_err(|e| format!("stored move {}: {e}", m.ply))?;
            self.pos.make(mv);
            self.last = Some(mv);
            self.moves.push(m.clone());
        }
        self.cached = None;
        Ok(())
    }

    pub fn seat(&self, c: Color) -> Seat {
        self.row.seats[c.index()]
    }

    pub fn is_over(&self) -> bool {
        self.row.status == Status::Over
    }

    /// The colour whose secret token this is (the store keeps only the tokens' hashes).
    pub fn seat_of_token(&self, token: &str) -> Option<Color> {
        [Color::White, Color::Black].into_iter().find(|c| {
            self.row.tokens[c.index()].as_deref().is_some_and(|t| crate::secrets::matches(t, token))
        })
    }

    /// Whether the engine owes the next move.
    pub fn engine_to_move(&self) -> Option<u8> {
        match self.seat(self.pos.side_to_move()) {
            Seat::Engine(l) if !self.is_over() => Some(l),
            _ => None,
        }
    }

    /// The record in the author's notation, with tags.
    pub fn record(&self) -> Record {
        let mut rec = Record::default();
        rec.set_tag("Game", &self.row.game);
        for o in &self.row.options {
            rec.tags.push(("Option".into(), o.clone()));
        }
        for (i, key) in ["White", "Black"].into_iter().enumerate() {
            let who = match self.row.seats[i] {
                Seat::Human => "Human".to_string(),
                Seat::Engine(l) => format!("ccg engine level {l}"),
            };
            rec.set_tag(key, &who);
        }
        // An imported record's own tags (its players' names too) come back as they were.
        for (k, v) in &self.row.tags {
            if k == "White" || k == "Black" {
                rec.set_tag(k, v);
            } else {
                rec.tags.push((k.clone(), v.clone()));
            }
        }
        if let Some(f) = &self.row.start_fen {
            rec.set_tag("Position", f);
        }
        if self.pos.variant().reconstructed {
            rec.set_tag("Setup", RECONSTRUCTED);
        }
        let result = self.row.result.map_or("*", |r| r.token()).to_string();
        rec.set_tag("Result", &result);
        let first = self.start.side_to_move();
        let mut number = self.start.fullmove_number();
        for (i, m) in self.moves.iter().enumerate() {
            let color = if i % 2 == 0 { first } else { first.other() };
            rec.moves.push(RecordMove { number, color, text: m.text.clone(), comments: Vec::new() });
            if color == Color::Black {
                number += 1;
            }
        }
        rec.result = Some(result);
        rec
    }

    /// The public state of the game (everything but the secrets), plus `you` for a seated player.
    /// Call [`Game::changed`] after every change.
    pub fn view(&mut self, you: Option<Color>) -> Value {
        if self.cached.is_none() {
            self.cached = Some(self.public_view());
        }
        let mut v = self.cached.clone().unwrap_or_default();
        v["you"] = json!(you.map(Color::name));
        // Clocks run between changes, so they are computed afresh for every answer.
        v["clock"] = match self.clock(crate::db::now_ms()) {
            None => Value::Null,
            Some(c) => json!({
                "initial_ms": c.initial,
                "increment_ms": c.increment,
                "white_ms": c.left[0],
                "black_ms": c.left[1],
                "running": c.running.map(Color::name),
            }),
        };
        v
    }

    pub fn changed(&mut self) {
        self.cached = None;
    }

    fn public_view(&self) -> Value {
        let v = self.pos.variant();
        let over = self.is_over();
        let legal: Vec<Value> = if over {
            Vec::new()
        } else {
            self.pos.legal_moves().iter().map(|&m| move_json(&self.pos, m)).collect()
        };
        let seat = |c: Color| {
            let s = self.seat(c);
            json!({
                "kind": if s == Seat::Human { "human" } else { "engine" },
                "level": match s { Seat::Engine(l) => Some(l), Seat::Human => None },
                "seated": s != Seat::Human || self.row.tokens[c.index()].is_some() || self.row.users[c.index()].is_some(),
                "account": self.row.users[c.index()].is_some(),
            })
        };
        json!({
            "id": self.row.id,
            "game": self.row.game,
            "name": v.name,
            "options": self.row.options,
            "rules": format!("/rules#{}", self.row.game),
            "white": seat(Color::White),
            "black": seat(Color::Black),
            "status": self.row.status,
            "result": self.row.result,
            "reason": self.row.reason,
            "draw_offer": self.row.draw_offer.map(Color::name),
            "tags": self.row.tags,
            "rematch": self.row.rematch,
            "ply": self.moves.len(),
            "side_to_move": self.pos.side_to_move().name(),
            "in_check": self.pos.in_check(),
            "fen": self.pos.to_fen(),
            "moves": self.moves.iter().zip(self.cascades()).map(|(m, c)| json!({"ply": m.ply, "text": m.text, "coord": m.coord, "at": m.at, "cascade": c})).collect::<Vec<_>>(),
            "reconstructed": v.reconstructed,
            "created_at": self.row.created_at,
            "board": board_json(v),
            "pieces": pieces(&self.pos),
            "legal": legal,
            "hands": {
                "white": hand(&self.pos, Color::White),
                "black": hand(&self.pos, Color::Black),
            },
            "last": self.last.map(|m| last_json(&self.pos, m)),
        })
    }

    /// What each played move's capture did on linked boards (see [`cascade`]), by replaying the
    /// game from its start; `null` for every other move.
    fn cascades(&self) -> Vec<Value> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for m in &self.moves {
            let Ok(mv) = pos.parse_coord(&m.coord) else { break };
            let before = pos.clone();
            pos.make(mv);
            out.push(cascade(&before, &pos, mv));
        }
        out.resize(self.moves.len(), Value::Null);
        out
    }

    /// The clocks at time `now` (ms): time left of White and Black, and whose clock runs. Each
    /// side's first move is free (its clock starts after both have moved); every later move
    /// costs the time since the previous move and earns the increment.
    pub fn clock(&self, now: i64) -> Option<Clock> {
        let (initial, increment) = self.row.clock?;
        let mut left = [initial, initial];
        let first = self.start.side_to_move();
        let mut prev = self.row.created_at;
        for (i, m) in self.moves.iter().enumerate() {
            let side = if i % 2 == 0 { first } else { first.other() }.index();
            if i >= 2 {
                left[side] += increment - (m.at - prev);
            }
            prev = m.at;
        }
        let stm = self.pos.side_to_move();
        let running = (!self.is_over() && self.moves.len() >= 2).then_some(stm);
        if let Some(s) = running {
            left[s.index()] -= now - prev;
        }
        if self.row.reason.as_deref() == Some(crate::api::lifecycle::TIME) {
            left[stm.index()] = 0;
        }
        Some(Clock { initial, increment, left, running })
    }

    /// The seat an invite is for: a human seat nobody has taken yet.
    pub fn open_seat(&self) -> Option<Color> {
        [Color::White, Color::Black].into_iter().find(|&c| {
            self.seat(c) == Seat::Human
                && self.row.tokens[c.index()].is_none()
                && self.row.users[c.index()].is_none()
        })
    }

    /// The position after the first `ply` moves, for reviewing a game: what the board shows.
    pub fn position_at(&self, ply: usize) -> Option<Value> {
        let mut pos = self.start.clone();
        let mut last = None;
        for m in self.moves.get(..ply)? {
            let mv = pos.parse_coord(&m.coord).ok()?;
            pos.make(mv);
            last = Some(mv);
        }
        Some(json!({
            "ply": ply,
            "side_to_move": pos.side_to_move().name(),
            "in_check": pos.in_check(),
            "fen": pos.to_fen(),
            "pieces": pieces(&pos),
            "hands": { "white": hand(&pos, Color::White), "black": hand(&pos, Color::Black) },
            "last": last.map(|m| last_json(&pos, m)),
        }))
    }
}

/// What a capture did beyond taking, where the variant's capture effect moves a piece to a
/// linked cell (Bermuda chess, docs/rules.md): `{"effect": "displaced", "from", "to", "removed"}`
/// (the victim fell to the linked cell, `removed` the kind that stood there) or
/// `{"effect": "ascended" | "ascent_blocked", "from", "to"}` (the capturer went up to the linked
/// cell, or stayed because it was occupied). `null` for every other move.
fn cascade(before: &Position, after: &Position, m: Move) -> Value {
    let v = before.variant();
    let g = &v.geometry;
    if !before.is_capture(m) || m.is_drop() {
        return Value::Null;
    }
    let victim = match m.special {
        Special::EnPassant(c) => c,
        _ => m.to,
    };
    match v.rules.capture_effect(g.region(m.from), g.region(m.to)) {
        CaptureEffect::Displace => match g.link(victim) {
            Some(link) => json!({
                "effect": "displaced", "from": victim, "to": link,
                "removed": before.piece_at(link).map(|p| json!({ "kind": p.kind, "color": p.color.name() })),
            }),
            None => Value::Null,
        },
        CaptureEffect::Ascend => match g.link(m.to) {
            Some(link) if after.piece_at(m.to).is_none() => {
                json!({ "effect": "ascended", "from": m.to, "to": link })
            }
            Some(link) => json!({ "effect": "ascent_blocked", "from": m.to, "to": link }),
            None => Value::Null,
        },
        CaptureEffect::Remove | CaptureEffect::ToHand => Value::Null,
    }
}

/// The last move's cells, for highlighting: `from` and `to`, and a group move's every cell
/// (`cells`: those it left and those it filled).
fn last_json(pos: &Position, m: Move) -> Value {
    let mut out = json!({ "from": m.from, "to": m.to });
    if let Some(g) = pos.group_cells(m) {
        out["cells"] = json!(g.from.iter().map(|c| c.0).chain(g.to.iter().copied()).collect::<Vec<_>>());
    }
    out
}

/// The pieces on the board: cell, letter, colour. In games of group pieces also the cell's
/// checkers (`count`) and the number of its group (`group`: cells of one group share it).
pub(crate) fn pieces(pos: &Position) -> Vec<Value> {
    let v = pos.variant();
    let mut group = vec![usize::MAX; v.geometry.len()];
    for (i, g) in pos.groups().iter().enumerate() {
        for &c in g {
            group[c as usize] = i;
        }
    }
    (0..v.geometry.len())
        .filter_map(|c| {
            let p = pos.piece_at(c as ccg_core::Cell)?;
            let mut out = json!({ "cell": c, "kind": p.kind, "letter": v.kind(p.kind).letter.to_string(), "color": p.color.name() });
            if v.is_polyform() {
                out["count"] = json!(pos.checkers(c as ccg_core::Cell));
                out["group"] = json!(group[c]);
            }
            Some(out)
        })
        .collect()
}

/// The pieces a side holds in hand (games with drops), as letters and counts.
fn hand(pos: &Position, side: Color) -> Vec<Value> {
    let v = pos.variant();
    (0..v.kinds.len())
        .filter_map(|k| {
            let n = pos.hand(side, k as u8);
            (n > 0).then(|| json!({ "kind": k, "letter": v.kinds[k].letter.to_string(), "count": n }))
        })
        .collect()
}

/// A legal move as the front end needs it: cells, chain landings, drop and promotion letters,
/// and the author's text (what the API accepts back).
pub fn move_json(pos: &Position, m: Move) -> Value {
    let v = pos.variant();
    let (via, drop) = match m.special {
        Special::Chain(path) => (path.cells().collect::<Vec<_>>(), None),
        Special::Drop(k) => (Vec::new(), Some(v.kind(k).letter.to_string())),
        _ => (Vec::new(), None),
    };
    let mut out = json!({
        "from": m.from,
        "to": m.to,
        "via": via,
        "drop": drop,
        "promotion": m.promotion.map(|k| v.kind(k).letter.to_string()),
        "promotion_kind": m.promotion,
        "drop_kind": match m.special { Special::Drop(k) => Some(k), _ => None },
        // A partition (Pyramids): the kind of the part of the stack that moves; the rest stays.
        "part": match m.special { Special::Part(k) => Some(k), _ => None },
        "text": pos.move_text(m),
        "coord": pos.move_coord(m),
    });
    // A group move (games of group pieces): the moving set, each cell with the checkers that
    // leave it, and where they land, in the same order.
    if let Some(g) = pos.group_cells(m) {
        out["cells"] = json!(g.from.iter().map(|&(c, k)| [c, k as u16]).collect::<Vec<_>>());
        out["dests"] = json!(g.to);
        out["type"] = json!(g.letter.to_string());
    }
    out
}

/// The board as the layout draws it: a grid of places, each cell's place and name.
pub fn board_json(v: &Variant) -> Value {
    let g = &v.geometry;
    let l = &g.layout;
    json!({
        "description": g.description,
        "rows": l.rows,
        "cols": l.cols,
        "col_labels": l.col_labels,
        "row_labels": l.row_labels,
        "cells": (0..g.len()).map(|c| {
            let (r, col) = l.place[c];
            json!({ "name": g.name(c as ccg_core::Cell), "row": r, "col": col })
        }).collect::<Vec<_>>(),
        "kinds": v.kinds.iter().map(|k| json!({ "letter": k.letter.to_string(), "token": k.token(), "name": k.name, "pawn": k.pawn, "royal": k.royal, "promoted": k.promoted })).collect::<Vec<_>>(),
    })
}
