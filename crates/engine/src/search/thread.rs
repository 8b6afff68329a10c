//! One search thread: its position, node count, histories and per-ply state, iterative deepening
//! with aspiration windows, and the root move loop. The node search is in `node.rs`.

use super::history::{History, Mv};
use super::picker::Buffers;
use super::{Shared, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::movecode::{encode, NONE};
use crate::nnue::{Accumulator, Change};
use crate::tt::{Bound, Entry, NO_EVAL};
use crate::SearchResult;
use ccg_core::{Move, Position, Undo};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// What a thread remembers about each ply of the current line.
#[derive(Clone, Copy)]
pub(super) struct Ply {
    /// Static evaluation (`NO_EVAL` in check).
    pub eval: i32,
    /// The move made at this ply (towards ply + 1), as the histories see it; `None` for a null move.
    pub mv: Option<Mv>,
    /// A move left out of this node's search (singular extension test).
    pub excluded: u32,
    /// Double extensions on the way here (bounded, or singular lines would grow without end).
    pub double_ext: u8,
}

/// Late-move reductions in plies by depth and move number (Stockfish's logarithmic shape).
pub(super) struct Reductions([[u8; 64]; 64]);

impl Reductions {
    fn new() -> Reductions {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.8 + 0.42 * (d as f64).ln() * (n as f64).ln()).max(0.0) as u8;
            }
        }
        Reductions(t)
    }

    #[inline]
    pub fn get(&self, depth: i32, n: usize) -> i32 {
        self.0[(depth.max(0) as usize).min(63)][n.min(63)] as i32
    }
}

pub(super) struct Thread<'a> {
    pub sh: &'a Shared<'a>,
    pub pos: Position,
    pub id: usize,
    pub nodes: u64,
    flushed: u64,
    pub aborted: bool,
    pub seldepth: usize,
    pub hist: History,
    pub stack: Vec<Ply>,
    /// Principal variations, triangular: `pv[ply][..pv_len[ply]]`.
    pub pv: Vec<[Move; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 2],
    /// Move buffers by recursion level (a singular test searches the same ply again).
    bufs: Vec<Buffers>,
    level: usize,
    pub lmr: Reductions,
    pub root_depth: i32,
    /// The network's accumulators by ply (when the game has a network).
    acc: Vec<Accumulator>,
    fifty: Option<u32>,
    royal_capture: bool,
}

/// Move lists longer than this (Doseki's 1,000 and more) are too long to search in full at the
/// root within a small budget: the root orders its quiet moves by the static evaluation after
/// them, and quiescence takes only the best few captures.
pub(super) const LONG_LIST: usize = 256;

impl<'a> Thread<'a> {
    pub fn new(sh: &'a Shared<'a>, pos: Position, id: usize, hist: History) -> Thread<'a> {
        let fifty = pos.variant().rules.fifty_move_plies;
        // Won by taking the last royal piece — where there are royal pieces (group pieces have
        // none: their game ends with the last checker, by `outcome`).
        let royal_capture = pos.variant().rules.royal == ccg_core::Royal::Capture
            && pos.variant().kinds.iter().any(|k| k.royal);
        Thread {
            sh,
            pos,
            id,
            nodes: 0,
            flushed: 0,
            aborted: false,
            seldepth: 0,
            hist,
            stack: vec![Ply { eval: NO_EVAL, mv: None, excluded: NONE, double_ext: 0 }; MAX_PLY + 4],
            pv: vec![[Move::new(0, 0); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 2],
            bufs: (0..2 * MAX_PLY + 8).map(|_| Buffers::default()).collect(),
            level: 0,
            lmr: Reductions::new(),
            root_depth: 0,
            acc: vec![Accumulator::default(); MAX_PLY + 4],
            fifty,
            royal_capture,
        }
    }

    pub fn into_history(self) -> History {
        self.hist
    }

    /// Counts a node and decides whether to abort. The node limit is checked exactly at every
    /// node with one thread, so that a node-limited search is reproducible. The clock is read
    /// every 64 nodes: a `doseki` node costs about 0.1 ms, so every 1,024 nodes overran a
    /// blitz move's whole budget; in the fast games `ccg bench` shows no cost (docs/engine.md,
    /// "The clock read every 64 nodes").
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.sh.threads == 1 && self.nodes >= self.sh.node_limit {
            self.aborted = true;
        }
        if self.nodes & 63 == 0 {
            let total = self.sh.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed)
                + (self.nodes - self.flushed);
            self.flushed = self.nodes;
            let timeout = self.sh.hard.is_some_and(|h| Instant::now() >= h);
            if total >= self.sh.node_limit
                || timeout
                || self.sh.user_stop.load(Ordering::Relaxed)
                || (self.id > 0 && self.sh.done.load(Ordering::Relaxed))
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn flush(&mut self) {
        self.sh.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Move buffers for the next recursion level (given back by [`Thread::give_buffers`]).
    pub fn take_buffers(&mut self) -> Buffers {
        let b = self.bufs.get_mut(self.level).map(std::mem::take).unwrap_or_default();
        self.level += 1;
        b
    }

    pub fn give_buffers(&mut self, b: Buffers) {
        self.level -= 1;
        if let Some(slot) = self.bufs.get_mut(self.level) {
            *slot = b;
        }
    }

    /// Plays a move, remembering it for the histories of the plies below and bringing the
    /// network's accumulators of the next ply up to date.
    #[inline]
    pub fn make(&mut self, m: Move, mv: Mv, ply: usize) -> Undo {
        self.stack[ply].mv = Some(mv);
        match self.sh.net {
            Some(net) => {
                let change = Change::before(&self.pos, m);
                let u = self.pos.make(m);
                let (done, next) = self.acc.split_at_mut(ply + 1);
                next[0].copy_from(&done[ply]);
                next[0].update(net, &self.pos, &change);
                u
            }
            None => self.pos.make(m),
        }
    }

    /// Passes (null move): the next ply's accumulators are this ply's.
    pub fn make_null(&mut self, ply: usize) -> ccg_core::NullUndo {
        self.stack[ply].mv = None;
        if self.sh.net.is_some() {
            let (done, next) = self.acc.split_at_mut(ply + 1);
            next[0].copy_from(&done[ply]);
        }
        self.pos.make_null()
    }

    #[inline]
    pub fn unmake(&mut self, u: Undo) {
        self.pos.unmake(u);
    }

    /// The static evaluation of the current position (at `ply`), side to move's view.
    #[inline]
    pub fn evaluate(&self, ply: usize) -> i32 {
        let e = match self.sh.net {
            Some(net) => net.evaluate(&self.acc[ply], self.pos.side_to_move()),
            None => self.sh.ev.eval(&self.pos),
        };
        e.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    pub fn result(&self, best: Option<Move>, score: i32, depth: u32, pv: Vec<Move>) -> SearchResult {
        let mate_in = (score.abs() >= MATE_BOUND).then(|| {
            let plies = MATE - score.abs();
            let moves = (plies + 1) / 2;
            if score > 0 {
                moves
            } else {
                -moves
            }
        });
        SearchResult { best, score_cp: score, mate_in, depth, nodes: self.nodes, pv }
    }

    /// The moves one and two plies before `ply` (for continuation histories and counter-moves).
    #[inline]
    pub fn prev_moves(&self, ply: usize) -> [Option<Mv>; 2] {
        let at = |back: usize| if ply >= back { self.stack[ply - back].mv } else { None };
        [at(1), at(2)]
    }

    /// Iterative deepening over the root moves.
    pub fn iterate(&mut self, on_info: &mut dyn FnMut(&crate::Info)) -> SearchResult {
        if let Some(net) = self.sh.net {
            net.refresh(&self.pos, &mut self.acc[0]);
        }
        let root = self.pos.legal_moves();
        if root.is_empty() {
            let s = self.terminal_score(0);
            return self.result(None, s, 0, Vec::new());
        }
        let mut moves: Vec<(Move, i32)> = root.iter().map(|&m| (m, 0)).collect();
        self.order_root(&mut moves);
        let mut best = self.result(Some(moves[0].0), 0, 0, vec![moves[0].0]);
        // A single legal move is played at once when time is the limit (not nodes or depth).
        let timed = self.sh.hard.is_some();
        if moves.len() == 1 && timed && !self.sh.infinite {
            return best;
        }
        let mut score = 0;
        // Iterations in a row that ended on the same best move, and the last score: a stable
        // best move ends the thinking earlier, a changed one or a falling score later.
        let mut stable = 0u32;
        let mut last_move = None;
        let mut depth = 1 + (self.id as u32 & 1);
        while depth <= self.sh.max_depth {
            self.root_depth = depth as i32;
            let (s, completed) = self.aspiration(&mut moves, depth as i32, score);
            if self.aborted && completed.is_none() {
                break;
            }
            let mut fell = false;
            if let Some(m) = completed {
                stable = if last_move == Some(m) { stable + 1 } else { 0 };
                fell = depth > 4 && s < score - 30;
                last_move = Some(m);
                score = s;
                let pv = if self.pv_len[0] > 0 && self.pv[0][0] == m {
                    self.pv[0][..self.pv_len[0]].to_vec()
                } else {
                    vec![m]
                };
                best = self.result(Some(m), s, depth, pv);
            }
            if self.aborted {
                break;
            }
            if self.id == 0 {
                self.flush();
                let mut r = best.clone();
                r.nodes = self.sh.nodes.load(Ordering::Relaxed);
                on_info(&crate::Info {
                    result: r,
                    seldepth: self.seldepth as u32,
                    elapsed: self.sh.start.elapsed(),
                });
            }
            if !self.sh.infinite {
                if let Some(m) = best.mate_in {
                    if depth as i32 >= 2 * m.abs() + 2 {
                        break;
                    }
                }
                let percent = crate::time::soft_share(stable, fell);
                if self.sh.soft.is_some_and(|s| {
                    let soft = s.duration_since(self.sh.start) * percent / 100;
                    self.sh.start.elapsed() * 2 >= soft
                }) {
                    break;
                }
            }
            depth += 1;
        }
        self.flush();
        best
    }

    /// A root search in a window around the last score, widened on failure.
    fn aspiration(&mut self, moves: &mut [(Move, i32)], depth: i32, last: i32) -> (i32, Option<Move>) {
        if !self.sh.features.aspiration || depth < 4 || last.abs() >= MATE_BOUND {
            return self.root(moves, depth, -INF, INF);
        }
        let mut delta = 25;
        let mut alpha = (last - delta).max(-INF);
        let mut beta = (last + delta).min(INF);
        loop {
            let (s, best) = self.root(moves, depth, alpha, beta);
            if self.aborted {
                return (s, best);
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INF);
            } else if s >= beta {
                beta = (s + delta).min(INF);
            } else {
                return (s, best);
            }
            delta += delta / 2 + 10;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    fn root(
        &mut self,
        moves: &mut [(Move, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        self.seldepth = 0;
        self.pv_len[0] = 0;
        let mut best = -INF;
        let mut best_move = None;
        let legal_quiet: Vec<bool> =
            moves.iter().map(|(m, _)| !super::picker::is_noisy(&self.pos, m)).collect();
        for (i, entry) in moves.iter_mut().enumerate() {
            let m = entry.0;
            let mv = self.history_view(&m);
            let u = self.make(m, mv, 0);
            let gives_check = self.pos.in_check();
            let s = if i == 0 {
                -self.negamax(depth - 1, -beta, -alpha, 1, true, false)
            } else {
                // Late quiet root moves are searched a ply shallower first.
                let r = if self.sh.features.lmr && depth >= 3 && i >= 4 && legal_quiet[i] && !gives_check {
                    1
                } else {
                    0
                };
                let mut s = -self.negamax(depth - 1 - r, -alpha - 1, -alpha, 1, false, true);
                if r > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, false, false);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(depth - 1, -beta, -alpha, 1, true, false);
                }
                s
            };
            self.unmake(u);
            if self.aborted {
                break;
            }
            entry.1 = if s > alpha || i == 0 { s } else { -INF + i as i32 };
            if s > best {
                best = s;
                if s > alpha {
                    best_move = Some(m);
                    alpha = s;
                    self.pv[0][0] = m;
                    let n = self.pv_len[1].min(MAX_PLY - 1);
                    let (head, tail) = self.pv.split_at_mut(1);
                    head[0][1..n + 1].copy_from_slice(&tail[0][..n]);
                    self.pv_len[0] = n + 1;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        // Best first for the next iteration; the stable sort keeps earlier order among equals.
        moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        if let Some(m) = best_move {
            self.sh.tt.store(
                self.pos.hash(),
                Entry { mv: encode(&m), score: best, eval: NO_EVAL, depth, bound: Bound::Exact, pv: true },
            );
        }
        (best, best_move)
    }

    fn order_root(&mut self, moves: &mut [(Move, i32)]) {
        let hash_mv = self.sh.tt.probe(self.pos.hash()).map_or(NONE, |e| e.mv);
        let values = self.sh.values;
        // A first iteration cut short by the budget has then searched the likeliest moves. Each
        // evaluation is a node visited, and counts as one.
        let by_eval = moves.len() > LONG_LIST;
        for e in moves.iter_mut() {
            let m = e.0;
            e.1 = if encode(&m) == hash_mv {
                1 << 30
            } else if let Some(g) = self.pos.group_effect(m).filter(|g| g.captured + g.gain > 0) {
                // Games of group pieces: by the checkers taken or earned.
                (1 << 28) + 100 * (g.captured + g.gain) as i32
            } else if self.pos.is_capture(m) || m.promotion.is_some() {
                let victim = self.pos.piece_at(m.to).map_or(100, |p| values[p.kind as usize].min(5000));
                (1 << 28) + victim + m.promotion.map_or(0, |k| values[k as usize].min(5000))
            } else if by_eval {
                if self.tick() {
                    // Out of budget: the moves not evaluated go last.
                    -(1 << 27)
                } else {
                    let u = self.pos.make(m);
                    let e = -self.sh.ev.eval(&self.pos);
                    self.pos.unmake(u);
                    e.clamp(-(1 << 26), 1 << 26)
                }
            } else {
                let mv = self.history_view(&m);
                self.hist.quiet(mv)
            };
        }
        moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    }

    /// The history view of a move of the side to move.
    pub fn history_view(&self, m: &Move) -> Mv {
        let kind = super::picker::moving_kind(&self.pos, m);
        self.hist.mv(
            self.pos.side_to_move().index(),
            kind as usize,
            m.from as usize,
            m.to as usize,
            m.is_drop(),
        )
    }

    /// The score of a position with no legal move, as the rules decide it.
    pub fn terminal_score(&self, ply: usize) -> i32 {
        match self.pos.outcome().and_then(|o| o.winner) {
            Some(w) if w == self.pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    /// In games won by taking the last royal piece, the side to move has lost when it has none.
    #[inline]
    pub fn royal_lost(&self) -> bool {
        self.royal_capture && !self.sh.ev.has_royal(&self.pos, self.pos.side_to_move())
    }

    /// Draw by repetition (any repetition inside the search) or by the move-count rule.
    #[inline]
    pub fn is_draw(&self) -> bool {
        self.fifty.is_some_and(|n| self.pos.halfmove_clock() >= n) || self.pos.repeated()
    }
}
