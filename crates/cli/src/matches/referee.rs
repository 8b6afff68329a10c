//! The referee: one game under our rules, with the clock; an illegal move, a crash, a garbled
//! reply or running out of time loses and is written into the record.

use super::players::{Clocks, GameState, Player, Spec};
use super::{Control, MatchArgs};
use ccg_core::record::{Record, RecordMove};
use ccg_core::{Color, Move, Position, Variant};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How one game ended, from White's point of view.
pub(super) struct GameResult {
    /// 1, ½ or 0 for White.
    pub white_score: f64,
    pub reason: String,
    pub record: Record,
}

fn result_token(white_score: f64) -> &'static str {
    if white_score > 0.75 {
        "1:0"
    } else if white_score < 0.25 {
        "0:1"
    } else {
        "1/2"
    }
}

/// Plays one game; `names` and `specs` are in colour order (White, Black).
pub(super) fn play_game(
    variant: &Arc<Variant>,
    args: &MatchArgs,
    rule_opts: &[(String, String)],
    specs: [&Spec; 2],
    opening: &[Move],
    ctl: Control,
    seed: u64,
) -> GameResult {
    let mut record = Record::default();
    record.set_tag("Game", &args.game);
    if !args.options.is_empty() {
        record.set_tag("Options", &args.options.join(" "));
    }
    record.set_tag("White", &specs[0].name());
    record.set_tag("Black", &specs[1].name());
    let mut g = GameState { pos: Position::new(variant.clone()), coords: Vec::new() };
    let push = |g: &mut GameState, record: &mut Record, m: Move, comment: Option<String>| {
        record.moves.push(RecordMove {
            number: g.pos.fullmove_number(),
            color: g.pos.side_to_move(),
            text: g.pos.move_text_marked(m),
            comments: comment.into_iter().collect(),
        });
        g.coords.push(g.pos.move_coord(m));
        g.pos.make(m);
    };
    for &m in opening {
        push(&mut g, &mut record, m, None);
    }
    let (base, inc) = match ctl {
        Control::Clock { base, inc } => (base, inc),
        _ => (Duration::from_secs(3600), Duration::ZERO),
    };
    let mut clocks = Clocks { left: [base; 2], inc };
    // Both players start before either clock runs: a slow start-up costs no thinking time.
    let mut players: Vec<Option<Box<dyn Player>>> = Vec::new();
    let mut start_errors = Vec::new();
    let handshake = Duration::from_millis(args.handshake_ms);
    for (i, s) in specs.iter().enumerate() {
        match s.start(&args.game, rule_opts, seed ^ ((i as u64 + 1) * 0x1234_5678), handshake) {
            Ok(p) => players.push(Some(p)),
            Err(e) => {
                start_errors.push((i, e));
                players.push(None);
            }
        }
    }
    let finish = |record: &mut Record, white_score: f64, reason: String| {
        record.set_tag("Result", result_token(white_score));
        record.set_tag("Termination", &reason);
        record.result = Some(result_token(white_score).to_string());
    };
    if let Some((i, e)) = start_errors.first() {
        let white_score = if *i == 0 { 0.0 } else { 1.0 };
        let reason = format!("{} failed to start: {e}", specs[*i].name());
        finish(&mut record, white_score, reason.clone());
        return GameResult { white_score, reason, record };
    }
    let margin = Duration::from_millis(args.timemargin);
    loop {
        if let Some(o) = g.pos.outcome() {
            let white_score = match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            let reason = format!("{:?}", o.reason).to_lowercase();
            finish(&mut record, white_score, reason.clone());
            return GameResult { white_score, reason, record };
        }
        if g.coords.len() >= args.max_plies {
            let reason = format!("adjudicated draw after {} plies", args.max_plies);
            finish(&mut record, 0.5, reason.clone());
            return GameResult { white_score: 0.5, reason, record };
        }
        let stm = g.pos.side_to_move();
        let player = players[stm.index()].as_mut().expect("started");
        let t = Instant::now();
        let answer = player.play(&g, ctl, &clocks);
        let spent = t.elapsed();
        let lose = |why: String| {
            let white_score = if stm == Color::White { 0.0 } else { 1.0 };
            (white_score, format!("{} {}", specs[stm.index()].name(), why))
        };
        let verdict = match answer {
            Err(e) => Some(lose(format!("forfeits: {e}"))),
            Ok(reply) => match g.pos.parse_coord(&reply.coord) {
                Err(e) => Some(lose(format!("plays an illegal move {:?} ({})", reply.coord, e.why))),
                Ok(m) => {
                    let time =
                        matches!(ctl, Control::Clock { .. }).then(|| format!("{:.3}s", spent.as_secs_f64()));
                    let comment = match (reply.eval, time) {
                        (Some(e), Some(t)) => Some(format!("{e} {t}")),
                        (Some(e), None) => Some(e.to_string()),
                        (None, t) => t,
                    };
                    if matches!(ctl, Control::Clock { .. }) && spent > clocks.left[stm.index()] + margin {
                        Some(lose(format!(
                            "loses on time ({:.3}s used, {:.3}s left)",
                            spent.as_secs_f64(),
                            clocks.left[stm.index()].as_secs_f64()
                        )))
                    } else {
                        clocks.left[stm.index()] =
                            clocks.left[stm.index()].saturating_sub(spent) + clocks.inc;
                        push(&mut g, &mut record, m, comment);
                        None
                    }
                }
            },
        };
        if let Some((white_score, reason)) = verdict {
            if let Some(last) = record.moves.last_mut() {
                last.comments.push(reason.clone());
            } else {
                record.preamble.push(reason.clone());
            }
            finish(&mut record, white_score, reason.clone());
            return GameResult { white_score, reason, record };
        }
    }
}
