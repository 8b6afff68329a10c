//! Read-only facts of a game's rules for the front end (`GET /api/rules/{game}`), computed from
//! the compiled variant so that the piece pictures, move diagrams and rules pages can never
//! disagree with the rules: each kind's modes, its moves from a centre cell of an otherwise empty
//! board (the move diagram), promotion zones, drop rules, castlings, the setup, and the board as
//! the front end draws it (see `docs/server.md`).

use crate::api::{variant_for, ApiError};
use axum::extract::{Path, Query};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use ccg_core::modes::{format_modes, Action, DirFilter, Mode, Shape};
use ccg_core::{
    Capturing, Cell, CellSet, Color, Kind, NoMoves, Piece, PieceKind, Position, Royal, Rules, Variant,
};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Distinct (game, options) answers kept; past it the cache starts afresh. Each is a few tens
/// of kilobytes and costs milliseconds to recompute, so the bound only stops option spam.
const CACHE_ENTRIES: usize = 256;

fn cache() -> &'static Mutex<HashMap<String, Arc<String>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<String>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// `GET /api/rules/{game}?option=key%3Dvalue…`: the rules facts of the game with those options.
#[utoipa::path(get, path = "/rules/{game}", tag = "catalogue",
    params(("game" = String, Path, description = "catalogue id"), ("option" = Option<String>, Query, description = "a rule option key=value; repeat for more")),
    description = "The rules facts of a game with those options, for the rules pages (pieces and their moves, setup, special rules).",
    responses((status = 200, body = Object), (status = "4XX", body = crate::api::error::ErrorBody)))]
pub async fn rules(
    Path(game): Path<String>,
    Query(q): Query<Vec<(String, String)>>,
) -> Result<Response, ApiError> {
    let mut options = Vec::new();
    for (k, v) in q {
        if k != "option" {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_option",
                format!("unknown query key {k:?} (use option=key=value)"),
            ));
        }
        options.push(v);
    }
    let key = format!("{game}\n{}", options.join("\n"));
    let cached = cache().lock().unwrap_or_else(|p| p.into_inner()).get(&key).cloned();
    let body = match cached {
        Some(b) => b,
        None => {
            let variant = variant_for(&game, &options)?;
            let status = ccg_games::catalogue().iter().find(|g| g.id == game).map(|g| g.status_label());
            let body = Arc::new(facts(&variant, &options, status).to_string());
            let mut c = cache().lock().unwrap_or_else(|p| p.into_inner());
            if c.len() >= CACHE_ENTRIES {
                c.clear();
            }
            c.insert(key, body.clone());
            body
        }
    };
    Ok((
        [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "public, max-age=3600")],
        body.to_string(),
    )
        .into_response())
}

/// Everything the front end needs about a variant's rules, as JSON.
pub fn facts(v: &Arc<Variant>, options: &[String], status: Option<&str>) -> Value {
    // Group pieces have no per-kind modes: their diagrams come from the core's group view.
    let mut diagrams = if v.is_polyform() { None } else { Diagrams::new(v) };
    let kinds: Vec<Value> = v
        .kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let kind = i as Kind;
            let promotes_to: Vec<Kind> = {
                let mut all: Vec<Kind> = k.promotion.iter().flat_map(|z| z.choices.iter().copied()).collect();
                all.dedup();
                all
            };
            json!({
                "kind": kind,
                "letter": k.letter.to_string(),
                "token": k.token(),
                "name": k.name,
                "promoted": k.promoted,
                "royal": k.royal,
                "pawn": k.pawn,
                "demotes_to": k.demotes_to,
                "promotes_to": promotes_to,
                // A type of group pieces: its modes in the polyform notation (docs/formats.md).
                "modes_text": match v.group_diagram(k.letter) {
                    Some(d) => d.modes,
                    None => format_modes(&k.modes),
                },
                "modes": k.modes.iter().map(mode_json).collect::<Vec<_>>(),
                "diagram": if v.is_polyform() {
                    group_diagram_json(v.group_diagram(k.letter).as_ref())
                } else {
                    diagrams.as_mut().map_or(Value::Null, |d| d.of(kind))
                },
                // Games of group pieces: the kind is the type `letter` with `checkers` on a cell.
                "group": v.group_capacity().map(|cap| {
                    let d = v.group_diagram(k.letter);
                    json!({
                        "checkers": i as u8 % cap + 1,
                        "modes": d.as_ref().map(|d| d.modes.clone()),
                        "to_hand": d.as_ref().is_some_and(|d| d.to_hand),
                    })
                }),
                "promotion": k.promotion.iter().map(|z| json!({
                    "zone": cells(z.zone[0]),
                    "choices": z.choices,
                    "optional": z.optional,
                    "on_leaving": z.on_leaving,
                })).collect::<Vec<_>>(),
                "drop": v.rules.drops.then(|| json!({
                    "forbidden": cells(k.drop.forbidden[0]),
                    "one_per_file": k.drop.one_per_file,
                    "no_mate": k.drop.no_mate,
                })),
                "max_count": k.max_count,
                // A stack kind's checkers: its code and how many of each size 1, 2, … it holds.
                "stack": k.stack.as_ref().map(|s| json!({
                    "code": s.code(),
                    "sizes": (1..=ccg_core::Stack::SIZES).map(|z| s.count(z)).collect::<Vec<_>>(),
                })),
            })
        })
        .collect();
    json!({
        "id": v.id,
        "name": v.name,
        "status": status,
        // The setup (or shape table) is our reconstruction of a lost diagram.
        "reconstructed": v.reconstructed,
        "options": options,
        "option_help": ccg_games::definition(&v.id).map(|d| d.option_help()).unwrap_or_default(),
        "board": board(v),
        "kinds": kinds,
        "setup": setup(v),
        "rules": rules_json(&v.rules),
    })
}

/// The pieces of the start position; in games of group pieces each cell's checkers (`count`) as
/// the type of its group, and the group's number (`group`, see [`crate::game::pieces`]).
fn setup(v: &Arc<Variant>) -> Vec<Value> {
    if !v.is_polyform() {
        return v
            .setup
            .iter()
            .map(|&(c, p)| json!({ "cell": c, "kind": p.kind, "color": p.color.name() }))
            .collect();
    }
    crate::game::pieces(&Position::new(v.clone()))
}

/// A type's diagram in the shape of the others': the shape's cells as the pieces drawn (`shape`,
/// with their checkers) and every cell a move of the lone group lands on as `moves`. A group
/// whose shape is no type (`X`) has none.
fn group_diagram_json(d: Option<&ccg_core::polyform::GroupDiagram>) -> Value {
    json!({
        "from": d.and_then(|d| d.cells.first()).map(|c| c.0),
        "shape": d.map_or(Vec::new(), |d| d.cells.iter().map(|&(c, k)| json!([c, k])).collect()),
        "moves": d.map_or(&[][..], |d| &d.reach[..]),
        "captures": [],
        "jumps": [],
        "initial": [],
        "unchecked": [],
    })
}

fn cells(set: CellSet) -> Vec<Cell> {
    set.iter().collect()
}

fn mode_json(m: &Mode) -> Value {
    let (shape, family, distance, leap, jumping) = match m.shape {
        Shape::Line { family, exact, jumping } => ("line", Some(family.to_string()), exact, None, jumping),
        Shape::Ring(n) => ("ring", None, Some(n), None, false),
        Shape::Leap(a, b) => ("leap", None, None, Some([a, b]), false),
    };
    json!({
        "text": m.to_string(),
        "shape": shape,
        "family": family,
        "distance": distance,
        "leap": leap,
        "jumping": jumping,
        "action": match m.action { Action::MoveOrCapture => "both", Action::MoveOnly => "move", Action::CaptureOnly => "capture" },
        "dir": match m.dir { DirFilter::Any => "any", DirFilter::Forward => "forward", DirFilter::NotBackward => "not_backward" },
        "initial": m.initial,
        "unchecked": m.unchecked,
        "safe": m.safe,
        "over_own": m.over_own,
        "jump_capture": m.jump_capture,
    })
}

fn rules_json(r: &Rules) -> Value {
    json!({
        "drops": r.drops,
        "royal": match r.royal { Royal::Check => "check", Royal::Capture => "capture" },
        "capturing": match r.capturing { Capturing::Replace => "replace", Capturing::Jump => "jump" },
        "repetition": r.repetition,
        "fifty_moves": r.fifty_move_plies.map(|p| p / 2),
        "no_moves": match r.no_moves { NoMoves::Draw => "draw", NoMoves::Loss => "loss" },
        "perpetual_check_loses": r.perpetual_check_loses,
        "bare_royals_draw": r.bare_royals_draw,
        "landing_must_continue": r.landing_must_continue,
        "castlings": r.castlings.iter().map(|c| json!({
            "name": c.name,
            "side": c.side.name(),
            "king": [c.king.0, c.king.1],
            "rooks": c.rooks.iter().map(|r| [r.0, r.1]).collect::<Vec<_>>(),
            "empty": cells(c.empty),
            "safe": cells(c.safe),
        })).collect::<Vec<_>>(),
    })
}

/// The board as the front end draws it: each cell's name, its place on a rows x cols grid and
/// its block. Square-cell boards are drawn on the grid the author names cells by (so the margin
/// labels are the names used in moves: the cube as the quadrants of an a1–h8 board); hexagons on
/// their staggered layout; linked boards (several regions) side by side as the layout places
/// them. Blocks are the separated parts of the geometry's display layout (the cube's layers, the
/// tesseract's 3x3 slices, the linked boards), which the front end draws apart. Each cell's
/// region and linked cell (Bermuda chess's complementary square) come with it.
pub fn board(v: &Variant) -> Value {
    let g = &v.geometry;
    let unique = |l: &ccg_core::geometry::Layout| {
        let mut seen = std::collections::HashSet::new();
        l.place.len() == g.len() && l.place.iter().all(|p| seen.insert(*p))
    };
    // Cell names with a board prefix (`Le4`, Doseki's layers `Ee5`) are not names of one grid.
    let prefixed = (0..g.len()).any(|c| g.name(c as Cell).starts_with(|ch: char| ch.is_ascii_uppercase()));
    let block = blocks(&g.layout.place, g.layout.hexagons);
    let shown = if g.layout.hexagons || g.region_count() > 1 || prefixed || !unique(&g.grid) {
        &g.layout
    } else {
        &g.grid
    };
    let across = across(v, &block);
    let dims = (0..4).filter(|&a| g.dirs.iter().any(|d| d[a] != 0)).count();
    json!({
        "description": g.description,
        "rows": shown.rows,
        "cols": shown.cols,
        "hexagons": shown.hexagons,
        "dims": dims,
        // White's direction vectors of each mode family and forward vector, for piece pictures.
        "families": g.families.iter().map(|f| json!({
            "letter": f.letter.to_string(),
            "dirs": f.dirs.iter().map(|&d| g.dirs[d]).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "forward": g.forward[0],
        // Names of the regions (the linked boards), in region order; empty for one region.
        "regions": g.region_names,
        "cells": (0..g.len()).map(|c| {
            let (row, col) = shown.place[c];
            let c = c as Cell;
            json!({ "name": g.name(c), "row": row, "col": col, "block": block[c as usize],
                    "region": g.region(c), "link": g.link(c), "across": across[c as usize] })
        }).collect::<Vec<_>>(),
    })
}

/// For each cell, its orthogonal neighbours drawn in another block (the same cell of the layer
/// above and below on layered boards: the cube's, Doseki's; the tesseract's neighbouring
/// slices), which the front end lights with the cell. Linked boards have their `link` instead.
fn across(v: &Variant, block: &[usize]) -> Vec<Vec<Cell>> {
    let g = &v.geometry;
    let n = g.len();
    if g.region_count() > 1 {
        return vec![Vec::new(); n];
    }
    let at: HashMap<[i8; 4], Cell> = (0..n as Cell).map(|c| (g.coord(c), c)).collect();
    (0..n as Cell)
        .map(|c| {
            let p = g.coord(c);
            let mut out = Vec::new();
            for a in 0..4 {
                for d in [-1i8, 1] {
                    let mut q = p;
                    q[a] += d;
                    match at.get(&q) {
                        Some(&o) if block[o as usize] != block[c as usize] => out.push(o),
                        _ => {}
                    }
                }
            }
            out
        })
        .collect()
}

/// Connected parts of a layout: places touching (Chebyshev distance 1, or for hexagons two rows
/// apart in the same column) belong to one block.
fn blocks(place: &[(usize, usize)], hexagons: bool) -> Vec<usize> {
    let n = place.len();
    let mut block = vec![usize::MAX; n];
    let mut next = 0;
    for start in 0..n {
        if block[start] != usize::MAX {
            continue;
        }
        block[start] = next;
        let mut stack = vec![start];
        while let Some(a) = stack.pop() {
            let (ra, ca) = place[a];
            for b in 0..n {
                let (rb, cb) = place[b];
                let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
                if block[b] == usize::MAX && ((dr <= 1 && dc <= 1) || (hexagons && dr == 2 && dc == 0)) {
                    block[b] = next;
                    stack.push(b);
                }
            }
        }
        next += 1;
    }
    block
}

/// Move diagrams: each kind alone (White) on the centre cell of an empty board, computed by the
/// rules core on a copy of the variant without royal pieces (so that a lone piece is a legal
/// position and no move is filtered by check) and without castling and drops.
/// Captures are found by placing one enemy piece on each other cell in turn.
struct Diagrams {
    /// The copy; its `setup` is rewritten for each position built from it.
    variant: Option<Variant>,
    centre: Cell,
    /// The enemy placed to find captures: the non-royal kind with the fewest moves.
    enemy: Kind,
    /// Draughts-style captures: the piece lands behind the enemy it takes.
    jumping: bool,
}

/// The states a piece is shown in: as set up (first move and jump right intact), moved, checked.
#[derive(Clone, Copy, PartialEq)]
enum State {
    Fresh,
    Moved,
    Checked,
}

/// What a piece reaches in one state: cells it moves to without capturing, enemy cells it
/// captures, and for draughts-style captures the landing cells behind each enemy.
#[derive(Default)]
struct Reach {
    moves: CellSet,
    captures: CellSet,
    landings: Vec<(Cell, CellSet)>,
}

impl Reach {
    fn all(&self) -> CellSet {
        self.moves | self.captures | self.landings.iter().fold(CellSet::EMPTY, |a, (_, l)| a | *l)
    }
}

impl Diagrams {
    fn new(v: &Variant) -> Option<Diagrams> {
        let rules = Rules {
            royal: Royal::Capture,
            castlings: Vec::new(),
            drops: false,
            bare_royals_draw: false,
            ..v.rules.clone()
        };
        // No kind is royal in the copy: a lone piece of any kind then has its moves.
        let kinds = v.kinds.iter().map(|k| PieceKind { royal: false, ..k.clone() }).collect();
        let variant = Variant::new(&v.id, &v.name, v.geometry.clone(), kinds, Vec::new(), rules).ok()?;
        let enemy = (0..v.kinds.len() as Kind).filter(|&k| !v.kind(k).royal).min_by(|&a, &b| {
            v.empty_board_mobility(a, Color::Black).total_cmp(&v.empty_board_mobility(b, Color::Black))
        })?;
        Some(Diagrams {
            centre: centre(v),
            enemy,
            jumping: v.rules.capturing == Capturing::Jump,
            variant: Some(variant),
        })
    }

    /// Runs `f` on the position of `pieces` (White to move) with the piece on the centre in
    /// `state`; `None` if the position cannot be built.
    fn with<T>(
        &mut self,
        pieces: &[(Cell, Piece)],
        state: State,
        f: impl FnOnce(&Position) -> T,
    ) -> Option<T> {
        let mut variant = self.variant.take()?;
        variant.setup = pieces.to_vec();
        let arc = Arc::new(variant);
        let out = {
            let fresh = Position::new(arc.clone());
            match state {
                State::Fresh => Some(f(&fresh)),
                State::Moved | State::Checked => {
                    // The one White piece is the board field's only upper-case letter: mark it.
                    let mut fen = fresh.to_fen();
                    drop(fresh);
                    let mark = if state == State::Moved { '\'' } else { '!' };
                    if let Some(i) = fen.find(|c: char| c.is_ascii_uppercase()) {
                        fen.insert(i + 1, mark);
                    }
                    Position::from_fen(arc.clone(), &fen).ok().map(|p| f(&p))
                }
            }
        };
        self.variant = Arc::try_unwrap(arc).ok();
        out
    }

    /// Where a White `kind` on the centre reaches in `state`.
    fn reach(&mut self, kind: Kind, state: State) -> Reach {
        let me = (self.centre, Piece::new(Color::White, kind));
        let moves = self
            .with(&[me], state, |p| p.legal_moves().iter().filter(|m| m.from == me.0).map(|m| m.to).collect())
            .unwrap_or(CellSet::EMPTY);
        let mut r = Reach { moves, ..Reach::default() };
        let n = self.variant.as_ref().map_or(0, |v| v.geometry.len());
        let centre = self.centre;
        for x in (0..n as Cell).filter(|&x| x != centre) {
            let pieces = [me, (x, Piece::new(Color::Black, self.enemy))];
            let landing: CellSet = self
                .with(&pieces, state, |p| {
                    p.legal_moves()
                        .iter()
                        .filter(|m| m.from == me.0 && p.is_capture(**m))
                        .map(|m| m.to)
                        .collect()
                })
                .unwrap_or(CellSet::EMPTY);
            if landing.any() {
                r.captures.insert(x);
                if self.jumping {
                    r.landings.push((x, landing));
                }
            }
        }
        r
    }

    /// The diagram of `kind`: what it reaches as set up, and what of that only its first move
    /// or its jump right (until first checked) gives.
    fn of(&mut self, kind: Kind) -> Value {
        let Some(k) = self.variant.as_ref().map(|v| v.kind(kind).clone()) else { return Value::Null };
        let fresh = self.reach(kind, State::Fresh);
        let all = fresh.all();
        let initial =
            if k.tracks_moved() { all & !self.reach(kind, State::Moved).all() } else { CellSet::EMPTY };
        let unchecked =
            if k.tracks_checked() { all & !self.reach(kind, State::Checked).all() } else { CellSet::EMPTY };
        json!({
            "from": self.centre,
            "moves": cells(fresh.moves),
            "captures": cells(fresh.captures),
            "jumps": fresh.landings.iter().map(|(x, l)| json!({ "over": x, "land": cells(*l) })).collect::<Vec<_>>(),
            "initial": cells(initial),
            "unchecked": cells(unchecked),
        })
    }
}

/// The cell nearest the middle of the board; among equals the one nearest White's side, then
/// the lowest index (e5 on 10x10, e5 on the tesseract, a middle cell of the cube).
fn centre(v: &Variant) -> Cell {
    let g = &v.geometry;
    let n = g.len();
    let mut mean = [0f64; 4];
    for c in 0..n {
        for (m, x) in mean.iter_mut().zip(g.coord(c as Cell)) {
            *m += x as f64 / n as f64;
        }
    }
    let fwd = g.forward[0];
    let key = |c: Cell| {
        let p = g.coord(c);
        let d: f64 = p.iter().zip(mean).map(|(&x, m)| (x as f64 - m).powi(2)).sum();
        let f: i32 = p.iter().zip(fwd).map(|(&x, f)| x as i32 * f as i32).sum();
        ((d * 1000.0).round() as i64, f, c)
    };
    (0..n as Cell).min_by_key(|&c| key(c)).unwrap_or(0)
}
