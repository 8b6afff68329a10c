//! The node search: principal-variation alpha-beta with the pruning, reductions and extensions of
//! modern alpha-beta engines, and the quiescence search. Margins are in centipawns of the
//! evaluation (a pawn is 100); every feature can be switched off ([`super::Features`]).

use super::history::Mv;
use super::picker::{Context, Picked, Picker};
use super::thread::Thread;
use super::{from_tt, to_tt, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::movecode::{encode, NONE};
use crate::see::see;
use crate::tt::{Bound, Entry, NO_EVAL};
use ccg_core::{Move, Position};

/// History bonus for a move that cut at `depth`.
fn bonus(depth: i32) -> i32 {
    (250 * depth - 200).clamp(0, 2400)
}

/// What a node's score says of its true value: at least it (it beat beta), exactly it (a move
/// raised alpha), or at most it.
fn bound_of(best: i32, raised_alpha: bool, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if raised_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Quiet moves searched at most before the rest are pruned near the leaves.
fn lmp_limit(depth: i32, improving: bool) -> usize {
    let base = 4 + 2 * depth * depth;
    (if improving { base } else { base / 2 }) as usize
}

/// Most moves of one node whose histories are lowered when another move cuts.
const TRIED: usize = 64;

impl Thread<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        let in_check = self.pos.in_check();
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, pv_node);
        }
        if let Some(s) = self.settled(ply, in_check) {
            return s;
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let f = self.sh.features;
        let excluded = self.stack[ply].excluded;
        let key = self.pos.hash();
        let tte = if excluded == NONE { self.sh.tt.probe(key) } else { None };
        let tt_move = tte.map_or(NONE, |e| e.mv);
        let tt_score = tte.map(|e| from_tt(e.score, ply));
        let tt_pv = pv_node || tte.is_some_and(|e| e.pv);
        if let (Some(e), Some(s)) = (tte, tt_score) {
            if !pv_node && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        // Static evaluation, and whether it improves on ours two plies before.
        let eval = if in_check {
            NO_EVAL
        } else if excluded != NONE {
            self.stack[ply].eval
        } else {
            let raw = match tte {
                Some(e) if e.eval != NO_EVAL => e.eval,
                _ => self.evaluate(ply),
            };
            // The table's score is a better guess when its bound points the right way.
            match (tte, tt_score) {
                (Some(e), Some(s)) if s.abs() < MATE_BOUND => match e.bound {
                    Bound::Exact => s,
                    Bound::Lower if s > raw => s,
                    Bound::Upper if s < raw => s,
                    _ => raw,
                },
                _ => raw,
            }
        };
        self.stack[ply].eval = eval;
        self.stack[ply + 1].excluded = NONE;
        self.stack[ply + 2].double_ext = self.stack[ply].double_ext;
        let improving = !in_check && ply >= 2 && {
            let before = self.stack[ply - 2].eval;
            let before = if before == NO_EVAL && ply >= 4 { self.stack[ply - 4].eval } else { before };
            before == NO_EVAL || eval > before
        };

        if !in_check && !pv_node && excluded == NONE && beta.abs() < MATE_BOUND {
            // Razoring: far below alpha near the leaves, only captures can help.
            if f.razoring && depth <= 3 && eval + 200 + 250 * depth < alpha {
                let v = self.qsearch(alpha - 1, alpha, ply, false);
                if v < alpha {
                    return v;
                }
            }
            // Reverse futility: far above beta near the leaves.
            if f.futility && depth <= 8 && eval - (90 * depth - if improving { 60 } else { 0 }) >= beta {
                return (eval + beta) / 2;
            }
            // Null move: passing still beats beta, so a real move will too.
            if f.null_move
                && depth >= 3
                && eval >= beta
                && self.stack[ply.saturating_sub(1)].mv.is_some()
                && self.sh.ev.null_ok(&self.pos)
            {
                let r = 3 + depth / 3 + ((eval - beta) / 200).min(3);
                let u = self.make_null(ply);
                let s = -self.negamax(depth - r, -beta, -beta + 1, ply + 1, false, !cut_node);
                self.pos.unmake_null(u);
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
            // ProbCut: a good capture that beats beta by a margin at reduced depth.
            if f.probcut && depth >= 5 {
                if let Some(v) = self.probcut(depth, beta, ply, eval, improving, cut_node) {
                    return v;
                }
            }
        }
        // Internal iterative reduction: without a hash move the ordering is poor; go shallower.
        if f.iir && depth >= 4 && tt_move == NONE && (pv_node || cut_node) && excluded == NONE {
            depth -= 1;
        }

        let prev = self.prev_moves(ply);
        let values = self.sh.values;
        let bufs = self.take_buffers();
        let mut picker = {
            let ctx = self.context(ply, prev);
            Picker::main(&ctx, bufs, tt_move)
        };
        let legality = self.pos.legality();
        let old_alpha = alpha;
        let mut best = -INF;
        let mut best_move = NONE;
        let mut best_picked: Option<(Picked, Mv)> = None;
        let mut move_count = 0usize;
        let mut quiets = [None::<Mv>; TRIED];
        let mut n_quiets = 0;
        let mut captures = [None::<(Mv, usize)>; TRIED];
        let mut n_captures = 0;
        let lmp = lmp_limit(depth, improving);
        let mut quiets_seen = 0usize;
        loop {
            let next = {
                let ctx = self.context(ply, prev);
                picker.next(&ctx)
            };
            let Some(p) = next else { break };
            let m = p.m;
            let code = encode(&m);
            if code == excluded {
                continue;
            }
            if !p.legal && !self.pos.is_legal(m, &legality) {
                continue;
            }
            move_count += 1;
            if p.quiet {
                quiets_seen += 1;
            }
            let mv = self.history_view(&m);
            let hist_score = if p.quiet {
                2 * self.hist.quiet(mv)
                    + if f.continuation {
                        self.hist.cont(prev[0], mv) + self.hist.cont(prev[1], mv)
                    } else {
                        0
                    }
            } else {
                0
            };
            let r_base = self.lmr.get(depth, move_count);

            // Pruning at shallow depth, once a move has kept us off a mate score. The replies to
            // a root move that give check are never pruned: one of them may be a mate in one,
            // and pruning it would let the root walk into it (this lost games to a random mover).
            if ply > 0 && best > -MATE_BOUND && !in_check && !(ply == 1 && p.quiet && self.pos.gives_check(m))
            {
                let lmr_depth = (depth - 1 - r_base).max(0);
                if p.quiet {
                    if f.lmp && !pv_node && quiets_seen > lmp && depth <= 8 {
                        // At ply 1 each later quiet is still looked at, for the checks among them.
                        picker.skip_quiets = ply > 1;
                        continue;
                    }
                    let by_history =
                        f.history_pruning && f.ordering && lmr_depth < 4 && hist_score < -3000 * depth;
                    let by_futility = f.futility
                        && lmr_depth < 8
                        && eval != NO_EVAL
                        && eval + 120 + 110 * lmr_depth <= alpha;
                    // The exchange value is computed at most once, for the two tests below.
                    let mut see_value = None;
                    let mut see_of = |pos: &Position| *see_value.get_or_insert_with(|| see(pos, m, values));
                    let pruned = by_history
                        || by_futility
                        || (f.see_pruning
                            && lmr_depth < 8
                            && see_of(&self.pos) < -30 * lmr_depth * lmr_depth);
                    // A check is spared unless it loses material as a bad capture would (asked
                    // only of moves about to be pruned: the test costs a trial move).
                    if pruned
                        && !(f.spare_checks
                            && self.pos.gives_check(m)
                            && !(f.see_pruning && see_of(&self.pos) < -180 * depth))
                    {
                        continue;
                    }
                } else if f.see_pruning && depth <= 8 && see(&self.pos, m, values) < -180 * depth {
                    continue;
                }
            }

            // Singular extension: the hash move is far better than every other move.
            let mut ext = 0;
            if f.singular
                && code == tt_move
                && excluded == NONE
                && depth >= 7
                && (ply as i32) < 2 * self.root_depth
            {
                if let (Some(e), Some(ts)) = (tte, tt_score) {
                    if e.depth >= depth - 3 && e.bound != Bound::Upper && ts.abs() < MATE_BOUND {
                        let s_beta = ts - 2 * depth;
                        self.stack[ply].excluded = code;
                        let v = self.negamax((depth - 1) / 2, s_beta - 1, s_beta, ply, false, cut_node);
                        self.stack[ply].excluded = NONE;
                        if self.aborted {
                            self.give_buffers(picker.into_buffers());
                            return 0;
                        }
                        if v < s_beta {
                            ext = 1;
                            if !pv_node && v < s_beta - 25 && self.stack[ply].double_ext < 8 {
                                ext = 2;
                                self.stack[ply + 1].double_ext = self.stack[ply].double_ext + 1;
                            }
                        } else if s_beta >= beta {
                            // Multi-cut: more than one move beats beta.
                            self.give_buffers(picker.into_buffers());
                            return s_beta;
                        } else if ts >= beta {
                            ext = -1;
                        }
                    }
                }
            }
            if ext < 2 {
                self.stack[ply + 1].double_ext = self.stack[ply].double_ext;
            }

            let u = self.make(m, mv, ply);
            let gives_check = self.pos.in_check();
            if ext == 0 && gives_check && depth > 6 && (ply as i32) < 2 * self.root_depth {
                ext = 1;
            }
            let new_depth = depth - 1 + ext;
            let mut s;
            if depth >= 2 && move_count > 1 + pv_node as usize && f.lmr {
                let mut r = r_base;
                if tt_pv {
                    r -= 1;
                }
                if cut_node {
                    r += 1;
                }
                if !improving {
                    r += 1;
                }
                if gives_check {
                    r -= 1;
                }
                if p.quiet {
                    r -= hist_score / 8000;
                    if p.score == i32::MAX - 1 {
                        r -= 1; // a killer or the counter-move
                    }
                } else {
                    r = r / 2 - 1;
                }
                let d = (new_depth - r.max(0)).clamp(1, new_depth.max(1));
                s = -self.negamax(d, -alpha - 1, -alpha, ply + 1, false, true);
                if s > alpha && d < new_depth && !self.aborted {
                    s = -self.negamax(new_depth, -alpha - 1, -alpha, ply + 1, false, !cut_node);
                }
            } else if !pv_node || move_count > 1 {
                s = -self.negamax(new_depth, -alpha - 1, -alpha, ply + 1, false, !cut_node);
            } else {
                s = alpha + 1; // the first move of a PV node: searched with the full window below
            }
            if pv_node && (move_count == 1 || (s > alpha && s < beta)) && !self.aborted {
                s = -self.negamax(new_depth, -beta, -alpha, ply + 1, true, false);
            }
            self.unmake(u);
            if self.aborted {
                self.give_buffers(picker.into_buffers());
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = code;
                    best_picked = Some((p, mv));
                    if pv_node {
                        self.pv[ply][0] = m;
                        let n = self.pv_len[ply + 1].min(MAX_PLY - 1);
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply][1..n + 1].copy_from_slice(&tail[0][..n]);
                        self.pv_len[ply] = n + 1;
                    }
                    if s >= beta {
                        break;
                    }
                    alpha = s;
                }
            }
            if p.quiet {
                if n_quiets < TRIED {
                    quiets[n_quiets] = Some(mv);
                    n_quiets += 1;
                }
            } else if n_captures < TRIED {
                captures[n_captures] = Some((mv, self.context(ply, prev).victim(&m)));
                n_captures += 1;
            }
        }
        self.give_buffers(picker.into_buffers());

        if move_count == 0 {
            return if excluded != NONE { alpha } else { self.terminal_score(ply) };
        }
        if best >= beta && f.ordering {
            if let Some((p, mv)) = best_picked {
                let b = bonus(depth);
                if p.quiet {
                    self.hist.update_quiet(mv, b);
                    if f.continuation {
                        self.hist.update_cont(&prev, mv, b);
                    }
                    for q in quiets[..n_quiets].iter().flatten() {
                        self.hist.update_quiet(*q, -b);
                        if f.continuation {
                            self.hist.update_cont(&prev, *q, -b);
                        }
                    }
                    self.hist.add_killer(ply, best_move);
                    self.hist.set_counter(prev[0], best_move);
                } else {
                    let victim = self.context(ply, prev).victim(&p.m);
                    self.hist.update_capture(mv, victim, b);
                }
                for (c, victim) in captures[..n_captures].iter().flatten() {
                    self.hist.update_capture(*c, *victim, -b);
                }
            }
        }
        if excluded == NONE {
            let bound = bound_of(best, alpha > old_alpha, beta);
            self.sh
                .tt
                .store(key, Entry { mv: best_move, score: to_tt(best, ply), eval, depth, bound, pv: tt_pv });
        }
        best
    }

    /// The ordering context of a node at `ply`.
    fn context(&self, ply: usize, prev: [Option<Mv>; 2]) -> Context<'_> {
        let f = self.sh.features;
        Context {
            pos: &self.pos,
            hist: &self.hist,
            values: self.sh.values,
            prev: if f.continuation { prev } else { [None; 2] },
            ply,
            ordering: f.ordering,
        }
    }

    /// ProbCut's verdict: a capture that beats `beta + margin` in quiescence and at depth − 4.
    fn probcut(
        &mut self,
        depth: i32,
        beta: i32,
        ply: usize,
        eval: i32,
        improving: bool,
        cut_node: bool,
    ) -> Option<i32> {
        let pc_beta = beta + 200 - if improving { 50 } else { 0 };
        if eval < pc_beta - 600 {
            return None;
        }
        let prev = self.prev_moves(ply);
        let bufs = self.take_buffers();
        let mut picker = {
            let ctx = self.context(ply, prev);
            Picker::quiescence(&ctx, bufs)
        };
        let legality = self.pos.legality();
        let values = self.sh.values;
        let mut found = None;
        loop {
            let next = {
                let ctx = self.context(ply, prev);
                picker.next(&ctx)
            };
            let Some(p) = next else { break };
            let m = p.m;
            if (!p.legal && !self.pos.is_legal(m, &legality)) || see(&self.pos, m, values) < pc_beta - eval {
                continue;
            }
            let mv = self.history_view(&m);
            let u = self.make(m, mv, ply);
            let mut v = -self.qsearch(-pc_beta, -pc_beta + 1, ply + 1, false);
            if v >= pc_beta && !self.aborted {
                v = -self.negamax(depth - 4, -pc_beta, -pc_beta + 1, ply + 1, false, !cut_node);
            }
            self.unmake(u);
            if self.aborted {
                break;
            }
            if v >= pc_beta {
                self.sh.tt.store(
                    self.pos.hash(),
                    Entry {
                        mv: encode(&m),
                        score: to_tt(v, ply),
                        eval,
                        depth: depth - 3,
                        bound: Bound::Lower,
                        pv: false,
                    },
                );
                found = Some(v);
                break;
            }
        }
        self.give_buffers(picker.into_buffers());
        if self.aborted {
            return Some(0);
        }
        found
    }

    /// What every node does first: stop when time is up, and the scores that need no search (the
    /// side to move has lost its last royal piece, a draw by rule, the ply limit).
    #[inline]
    fn settled(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        self.pv_len[ply] = 0;
        if self.tick() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        // Lost by the material rule: the last royal piece taken, or the last checker gone. Seen
        // here, before any pruning by the static evaluation, which has never learnt such boards.
        if self.royal_lost() || self.pos.checkers_gone() {
            return Some(-(MATE - ply as i32));
        }
        if self.is_draw() {
            return Some(0);
        }
        if ply >= MAX_PLY - 2 {
            return Some(if in_check { 0 } else { self.evaluate(ply) });
        }
        None
    }

    pub(super) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, pv_node: bool) -> i32 {
        let in_check = self.pos.in_check();
        if let Some(s) = self.settled(ply, in_check) {
            return s;
        }
        let key = self.pos.hash();
        let tte = self.sh.tt.probe(key);
        if let Some(e) = tte {
            let s = from_tt(e.score, ply);
            if !pv_node {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let f = self.sh.features;
        let mut best = -INF;
        let mut eval = NO_EVAL;
        if !in_check {
            eval = match tte {
                Some(e) if e.eval != NO_EVAL => e.eval,
                _ => self.evaluate(ply),
            };
            if eval >= beta || !f.quiescence {
                return eval;
            }
            alpha = alpha.max(eval);
            best = eval;
        }
        let values = self.sh.values;
        let prev = self.prev_moves(ply);
        let bufs = self.take_buffers();
        let mut picker = {
            let ctx = self.context(ply, prev);
            Picker::quiescence(&ctx, bufs)
        };
        let legality = self.pos.legality();
        let old_alpha = alpha;
        let mut best_move = NONE;
        let mut any = false;
        loop {
            let next = {
                let ctx = self.context(ply, prev);
                picker.next(&ctx)
            };
            let Some(p) = next else { break };
            let m: Move = p.m;
            if !p.legal && !self.pos.is_legal(m, &legality) {
                continue;
            }
            any = true;
            if !in_check && best > -MATE_BOUND {
                // Delta pruning: even winning this piece cannot reach alpha.
                let gain = self.context(ply, prev).victim_value_of(&m);
                if eval + gain + 200 <= alpha {
                    continue;
                }
                // Captures that lose material in the exchange.
                if f.bad_captures && see(&self.pos, m, values) < 0 {
                    continue;
                }
            }
            let mv = self.history_view(&m);
            let u = self.make(m, mv, ply);
            let s = -self.qsearch(-beta, -alpha, ply + 1, pv_node);
            self.unmake(u);
            if self.aborted {
                self.give_buffers(picker.into_buffers());
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = encode(&m);
                    if s >= beta {
                        break;
                    }
                    alpha = s;
                }
            }
        }
        self.give_buffers(picker.into_buffers());
        if in_check && !any {
            return self.terminal_score(ply);
        }
        let bound = bound_of(best, alpha > old_alpha, beta);
        self.sh
            .tt
            .store(key, Entry { mv: best_move, score: to_tt(best, ply), eval, depth: 0, bound, pv: pv_node });
        best
    }
}
