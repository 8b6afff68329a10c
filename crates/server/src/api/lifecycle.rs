//! What happens to a game after a change: the change is stored, then applied in memory and
//! pushed to the watchers; the engine is asked for its reply; the clock's flag is watched.

use super::{ApiError, ApiResult};
use crate::db::{self, GameUpdate, MoveRow};
use crate::game::Game;
use crate::model::{GameResult, Status};
use crate::AppState;
use ccg_core::{Move, Position};
use std::sync::Arc;
use std::time::Duration;

/// The reason of a game lost on time.
pub const TIME: &str = "time";

pub fn update_of(g: &Game) -> GameUpdate {
    GameUpdate {
        status: g.row.status,
        result: g.row.result,
        reason: g.row.reason.clone(),
        draw_offer: g.row.draw_offer,
        invite: g.row.invite.clone(),
    }
}

/// An update that ends the game.
pub fn finished(g: &Game, result: GameResult, reason: &str) -> GameUpdate {
    GameUpdate {
        status: Status::Over,
        result: Some(result),
        reason: Some(reason.to_string()),
        draw_offer: None,
        ..update_of(g)
    }
}

/// Stores `update` (and `mv`), then applies it in memory and tells the watchers.
pub async fn commit(
    state: &AppState,
    g: &mut Game,
    mv: Option<(Move, MoveRow)>,
    update: GameUpdate,
) -> ApiResult<()> {
    let id = g.row.id.clone();
    let (stored_move, row) = match mv {
        Some((m, r)) => (Some(m), Some(r)),
        None => (None, None),
    };
    let (u, r) = (update.clone(), row.clone());
    let stored = state.db.update_game(&id, g.version, r, u).await.map_err(ApiError::internal)?;
    if !stored {
        // Another node stored a change of this game first (it was answered, this one is not).
        if state.refresh(g).await? {
            state.publish(g);
        }
        return Err(ApiError::conflict("stale", "the game changed meanwhile: look at it again"));
    }
    g.version += 1;
    if let (Some(m), Some(r)) = (stored_move, row) {
        g.pos.make(m);
        g.moves.push(r);
        g.last = Some(m);
    }
    g.row.status = update.status;
    g.row.result = update.result;
    g.row.reason = update.reason;
    g.row.draw_offer = update.draw_offer;
    g.row.invite = update.invite;
    state.publish(g);
    if g.is_over() {
        rate(state, g).await;
    }
    Ok(())
}

/// Moves both accounts' ratings after a finished rated game (once, however many times it is
/// called: the store claims the game). A failure is logged; the game's end stands.
async fn rate(state: &AppState, g: &Game) {
    let ([Some(w), Some(b)], Some(result)) = (g.row.users.clone(), g.row.result) else { return };
    if !g.row.rated || w == b {
        return;
    }
    let score = match result {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw => 0.5,
    };
    match state.db.rate_game(&g.row.id, &g.row.game, [w, b], score, db::now_ms()).await {
        Ok(Some((w, b))) => tracing::info!(game = g.row.id, white = w.rating, black = b.rating, "rated"),
        Ok(None) => {}
        Err(e) => tracing::error!(game = g.row.id, "cannot update the ratings: {e}"),
    }
}

/// Plays `m` (legal in `g.pos`) for the side to move: stores it, ends the game if it is over,
/// and starts the engine's reply if the engine is next.
pub async fn play(state: &Arc<AppState>, g: &mut Game, m: Move) -> ApiResult<()> {
    let now = db::now_ms();
    if flag_fell(g, now) {
        lose_on_time(state, g).await?;
        return Err(ApiError::conflict("time_over", "your time ran out: the game is lost on time"));
    }
    let row = MoveRow {
        ply: g.moves.len() as u32 + 1,
        coord: g.pos.move_coord(m),
        text: g.pos.move_text_marked(m),
        at: now,
    };
    let mut after = g.pos.clone();
    after.make(m);
    let update = match after.outcome() {
        Some(o) => finished(g, GameResult::won_by(o.winner), &o.reason.to_string()),
        None => GameUpdate { draw_offer: None, ..update_of(g) },
    };
    commit(state, g, Some((m, row)), update).await?;
    schedule_engine(state, g);
    schedule_flag(state, g);
    Ok(())
}

/// Whether the clock of the side to move has run out.
fn flag_fell(g: &Game, now: i64) -> bool {
    g.clock(now).is_some_and(|c| c.running.is_some_and(|s| c.left[s.index()] < 0))
}

/// Ends the game: the side to move lost on time.
async fn lose_on_time(state: &AppState, g: &mut Game) -> ApiResult<()> {
    let u = finished(g, GameResult::won_by(Some(g.pos.side_to_move().other())), TIME);
    commit(state, g, None, u).await
}

/// Wakes up when the running clock would run out, and ends the game if nobody moved meanwhile
/// (on the node that runs the game, see [`crate::nodes`]).
pub fn schedule_flag(state: &Arc<AppState>, g: &Game) {
    let Some(clock) = g.clock(db::now_ms()) else { return };
    let Some(side) = clock.running else { return };
    let wait = Duration::from_millis(clock.left[side.index()].max(0) as u64 + 20);
    let (state, id, ply) = (state.clone(), g.row.id.clone(), g.moves.len());
    tokio::spawn(async move {
        if !state.node.runs(&state.db, &id).await {
            return;
        }
        tokio::time::sleep(wait).await;
        let Ok(mut g) = state.lock_game(&id).await else { return };
        if g.moves.len() == ply && !g.is_over() && flag_fell(&g, db::now_ms()) {
            if let Err(e) = lose_on_time(&state, &mut g).await {
                tracing::warn!(game = id, "cannot end the game on time: {}", e.message);
            }
        }
    });
}

/// Starts the engine's move if it owes one (on the node that runs the game).
pub fn schedule_engine(state: &Arc<AppState>, g: &Game) {
    if let Some(level) = g.engine_to_move() {
        let (state, id, pos, ply) = (state.clone(), g.row.id.clone(), g.pos.clone(), g.moves.len());
        tokio::spawn(async move {
            if !state.node.runs(&state.db, &id).await {
                return;
            }
            if let Err(e) = engine_reply(&state, &id, pos, ply, level).await {
                tracing::warn!(game = id, "engine reply failed: {}", e.message);
            }
        });
    }
}

async fn engine_reply(
    state: &Arc<AppState>,
    id: &str,
    pos: Position,
    ply: usize,
    level: u8,
) -> ApiResult<()> {
    let cap = Duration::from_millis(state.limits.engine_reply_ms.max(1));
    // Expected cost for the pool's order: the level's node budget at a rough 4 µs per node.
    let expected_us = ccg_engine::level_nodes(level).saturating_mul(4);
    let (st, game) = (state.clone(), id.to_string());
    let m = state
        .pool
        .reply(id, expected_us, move || {
            // The lease may have gone while the reply waited for a worker: its new holder
            // computes the reply, this node does not compute it a second time.
            if st.db.is_shared() && !st.node.holds(&game) {
                tracing::info!(game, "lease lost before the engine's reply; its holder replies");
                return None;
            }
            ccg_engine::best_move_within(&pos, level, cap)
        })
        .await
        .flatten();
    let Some(m) = m else { return Ok(()) };
    let mut g = state.lock_game(id).await?;
    // The game may have ended (resignation, draw) while the engine thought.
    if g.moves.len() != ply || g.is_over() || !g.pos.legal_moves().contains(&m) {
        return Ok(());
    }
    play(state, &mut g, m).await
}
