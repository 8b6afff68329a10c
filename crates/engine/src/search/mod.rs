//! Iterative-deepening principal-variation search with a shared transposition table, quiescence,
//! null-move pruning, late-move reductions, futility pruning and aspiration windows; Lazy SMP
//! when more than one thread is configured. Nothing here knows a game: moves come from the core,
//! values from the [`Evaluator`], the end of the game from `Position::outcome`.

use crate::eval::{Evaluator, Params};
use crate::time::budget;
use crate::tt::{move_key, Bound, Entry, Tt};
use crate::{Limits, SearchResult};
use ccg_core::{Move, Position, Special, Variant};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(crate) const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 100;
/// Scores beyond this are mates (or being mated) within `MAX_PLY`.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Search features that can be switched off, to measure what each is worth (`ccg match`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub null_move: bool,
    pub lmr: bool,
    pub aspiration: bool,
    pub futility: bool,
    /// Killer moves and the history heuristic in move ordering.
    pub ordering: bool,
    pub quiescence: bool,
    /// Late-move pruning: near the leaves, quiet moves after the first few are not searched.
    pub lmp: bool,
    /// Quiescence skips captures of a defended piece by a more valuable one.
    pub bad_captures: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            null_move: true,
            lmr: true,
            aspiration: true,
            futility: true,
            ordering: true,
            quiescence: true,
            lmp: true,
            bad_captures: true,
        }
    }
}

impl Features {
    /// Switches a feature off by the name used on command lines (`nonull`, `nolmr`, …).
    pub fn disable(&mut self, toggle: &str) -> bool {
        match toggle {
            "nonull" => self.null_move = false,
            "nolmr" => self.lmr = false,
            "noaspiration" => self.aspiration = false,
            "nofutility" => self.futility = false,
            "noordering" => self.ordering = false,
            "noqsearch" => self.quiescence = false,
            "nolmp" => self.lmp = false,
            "nobadcaptures" => self.bad_captures = false,
            _ => return false,
        }
        true
    }
    pub const TOGGLES: [&'static str; 8] = [
        "nonull",
        "nolmr",
        "noaspiration",
        "nofutility",
        "noordering",
        "noqsearch",
        "nolmp",
        "nobadcaptures",
    ];
}

#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub threads: usize,
    pub hash_mb: usize,
    pub features: Features,
    /// Parameter-file text that replaces the shipped one for every game (e.g. a tuning result).
    pub params: Option<String>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig { threads: 1, hash_mb: 16, features: Features::default(), params: None }
    }
}

/// Progress of a search, reported after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub result: SearchResult,
    pub seldepth: u32,
    pub elapsed: Duration,
}

/// An engine that keeps its transposition table between searches. `Sync`: a protocol front end
/// searches on one thread and calls [`Engine::stop`] from another.
pub struct Engine {
    config: EngineConfig,
    tt: Tt,
    stop: AtomicBool,
    /// The evaluator of the last variant searched (building one costs milliseconds: under a
    /// fast clock that matters), with that variant (held, so its identity stays unique).
    eval_cache: Mutex<Option<(Arc<Variant>, Arc<Evaluator>)>>,
}

impl Engine {
    pub fn new(config: EngineConfig) -> Engine {
        Engine::try_new(config).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Engine::new`] that says so when the hash table's memory cannot be had.
    pub fn try_new(config: EngineConfig) -> Result<Engine, String> {
        let tt = Tt::try_new(config.hash_mb)
            .ok_or_else(|| format!("cannot allocate a {} MB hash table", config.hash_mb))?;
        Ok(Engine { tt, config, stop: AtomicBool::new(false), eval_cache: Mutex::new(None) })
    }

    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Asks a running search to finish now (it still returns its best move so far).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Clears a stop request; call before starting a search that may later be stopped.
    pub fn clear_stop(&self) {
        self.stop.store(false, Ordering::SeqCst);
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// The evaluator this engine uses for the variant of `pos`.
    pub fn evaluator(&self, pos: &Position) -> Arc<Evaluator> {
        let mut cache = self.eval_cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((v, ev)) = cache.as_ref() {
            if Arc::ptr_eq(v, pos.variant()) {
                return ev.clone();
            }
        }
        let ev = Arc::new(self.build_evaluator(pos));
        *cache = Some((pos.variant().clone(), ev.clone()));
        ev
    }

    fn build_evaluator(&self, pos: &Position) -> Evaluator {
        let v = pos.variant();
        let params = self
            .config
            .params
            .as_deref()
            .and_then(|t| Params::parse(v, t).ok())
            .unwrap_or_else(|| Params::for_variant(v));
        Evaluator::new(v, params)
    }

    /// Searches `pos` within `limits`, calling `on_info` after each completed iteration.
    pub fn search(&self, pos: &Position, limits: &Limits, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let start = Instant::now();
        let ev = self.evaluator(pos);
        let b = budget(limits, pos.side_to_move());
        let done = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let threads = self.config.threads.max(1);
        let shared = Shared {
            tt: &self.tt,
            ev: &ev,
            user_stop: &self.stop,
            done: &done,
            nodes: &nodes,
            start,
            soft: b.soft.map(|d| start + d),
            hard: b.hard.map(|d| start + d),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            max_depth: limits.depth.unwrap_or(MAX_PLY as u32 - 4).clamp(1, MAX_PLY as u32 - 4),
            threads,
            features: self.config.features,
            infinite: limits.infinite,
        };
        let result = std::thread::scope(|s| {
            for id in 1..threads {
                let shared = &shared;
                let pos = pos.clone();
                s.spawn(move || Thread::new(shared, pos, id).iterate(&mut |_| {}));
            }
            let r = Thread::new(&shared, pos.clone(), 0).iterate(on_info);
            done.store(true, Ordering::SeqCst);
            r
        });
        SearchResult { nodes: nodes.load(Ordering::SeqCst).max(result.nodes), ..result }
    }
}

struct Shared<'a> {
    tt: &'a Tt,
    ev: &'a Evaluator,
    user_stop: &'a AtomicBool,
    /// Set when the main thread finishes, to stop the helpers.
    done: &'a AtomicBool,
    nodes: &'a AtomicU64,
    start: Instant,
    soft: Option<Instant>,
    hard: Option<Instant>,
    node_limit: u64,
    max_depth: u32,
    threads: usize,
    features: Features,
    infinite: bool,
}

/// Late-move reduction in plies for a depth and a move number.
fn lmr_reduction(depth: i32, n: usize) -> i32 {
    let r = 0.6 + (depth as f32).ln() * (n as f32).ln() / 2.3;
    r as i32
}

struct Thread<'a> {
    sh: &'a Shared<'a>,
    pos: Position,
    id: usize,
    nodes: u64,
    flushed: u64,
    aborted: bool,
    seldepth: usize,
    killers: [[u32; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    pv: Vec<Vec<Move>>,
    fifty: Option<u32>,
    royal_capture: bool,
}

impl<'a> Thread<'a> {
    fn new(sh: &'a Shared<'a>, pos: Position, id: usize) -> Thread<'a> {
        let fifty = pos.variant().rules.fifty_move_plies;
        let royal_capture = pos.variant().rules.royal == ccg_core::Royal::Capture;
        Thread {
            sh,
            pos,
            id,
            nodes: 0,
            flushed: 0,
            aborted: false,
            seldepth: 0,
            killers: [[0; 2]; MAX_PLY + 1],
            history: vec![0; 128 * 128],
            pv: vec![Vec::new(); MAX_PLY + 1],
            fifty,
            royal_capture,
        }
    }

    /// Counts a node and decides whether to abort. The node limit is checked exactly at every
    /// node with one thread, so that a node-limited search is reproducible.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.sh.threads == 1 && self.nodes >= self.sh.node_limit {
            self.aborted = true;
        }
        if self.nodes & 1023 == 0 {
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

    fn result(&self, best: Option<Move>, score: i32, depth: u32, pv: Vec<Move>) -> SearchResult {
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

    /// Iterative deepening over the root moves.
    fn iterate(&mut self, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let root = self.pos.legal_moves();
        if root.is_empty() {
            let s = self.terminal_score(0);
            return self.result(None, s, 0, Vec::new());
        }
        let mut moves: Vec<(Move, i32)> = root.iter().map(|&m| (m, 0)).collect();
        self.order_root(&mut moves);
        let mut best = self.result(Some(moves[0].0), 0, 0, vec![moves[0].0]);
        let clock_only = self.sh.soft.is_some();
        if moves.len() == 1 && clock_only && !self.sh.infinite {
            return best;
        }
        let mut score = 0;
        let mut depth = 1 + (self.id as u32 & 1);
        while depth <= self.sh.max_depth {
            let (s, completed) = self.aspiration(&mut moves, depth as i32, score);
            if self.aborted && completed.is_none() {
                break;
            }
            if let Some(m) = completed {
                score = s;
                let pv = if self.pv[0].first() == Some(&m) { self.pv[0].clone() } else { vec![m] };
                best = self.result(Some(m), s, depth, pv);
            }
            if self.aborted {
                break;
            }
            if self.id == 0 {
                self.flush();
                let mut r = best.clone();
                r.nodes = self.sh.nodes.load(Ordering::Relaxed);
                on_info(&Info {
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
                if self.sh.soft.is_some_and(|s| {
                    let now = Instant::now();
                    now >= s || now.duration_since(self.sh.start) * 2 >= s.duration_since(self.sh.start)
                }) {
                    break;
                }
            }
            depth += 1;
        }
        self.flush();
        if self.id == 0 && self.sh.infinite {
            while !self.sh.user_stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        best
    }

    /// Root search with an aspiration window around the previous score. Returns the score and
    /// the best move of the last window searched to the end (`None` when aborted before).
    fn aspiration(&mut self, moves: &mut [(Move, i32)], depth: i32, prev: i32) -> (i32, Option<Move>) {
        let mut delta = 30;
        let (mut alpha, mut beta) = if self.sh.features.aspiration && depth >= 4 && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (s, best) = self.root(moves, depth, alpha, beta);
            if self.aborted {
                // A move that beat the window's lower bound before the abort is still the best known.
                return (s, best.filter(|_| s > alpha));
            }
            if s <= alpha {
                alpha = (s - delta).max(-INF);
                beta = (alpha + beta) / 2 + delta;
            } else if s >= beta {
                beta = (s + delta).min(INF);
            } else {
                return (s, best);
            }
            delta *= 2;
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
        let mut best = -INF;
        let mut best_move = None;
        for (i, entry) in moves.iter_mut().enumerate() {
            let m = entry.0;
            let u = self.pos.make(m);
            let s = if i == 0 {
                -self.negamax(depth - 1, -beta, -alpha, 1, true)
            } else {
                let mut s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, false);
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(depth - 1, -beta, -alpha, 1, true);
                }
                s
            };
            self.pos.unmake(u);
            if self.aborted {
                break;
            }
            entry.1 = if s > alpha || i == 0 { s } else { -INF + i as i32 };
            if s > best {
                best = s;
                if s > alpha {
                    best_move = Some(m);
                    alpha = s;
                    self.pv[0].clear();
                    self.pv[0].push(m);
                    let child = std::mem::take(&mut self.pv[1]);
                    self.pv[0].extend(child.iter().copied());
                    self.pv[1] = child;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        // Best first for the next iteration; the stable sort keeps earlier order among equals.
        moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        if let Some(m) = best_move {
            self.tt()
                .store(self.pos.hash(), Entry { mv: move_key(&m), score: best, depth, bound: Bound::Exact });
        }
        (best, best_move)
    }

    fn order_root(&mut self, moves: &mut [(Move, i32)]) {
        let hash_mv = self.tt().probe(self.pos.hash()).map_or(0, |e| e.mv);
        for e in moves.iter_mut() {
            e.1 = self.move_score(e.0, hash_mv, 0);
        }
        moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    }

    #[inline]
    fn tt(&self) -> &'a Tt {
        self.sh.tt
    }

    /// The score of a position with no legal move, as the rules decide it.
    fn terminal_score(&self, ply: usize) -> i32 {
        match self.pos.outcome().and_then(|o| o.winner) {
            Some(w) if w == self.pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    /// In games won by taking the last royal piece, the side to move has lost when it has none.
    #[inline]
    fn royal_lost(&self) -> bool {
        self.royal_capture && !self.sh.ev.has_royal(&self.pos, self.pos.side_to_move())
    }

    /// Draw by repetition (any repetition inside the search) or by the move-count rule.
    #[inline]
    fn is_draw(&self) -> bool {
        self.fifty.is_some_and(|n| self.pos.halfmove_clock() >= n) || self.pos.repeated()
    }

    fn victim_value(&self, m: Move) -> i32 {
        let ev = self.sh.ev;
        match m.special {
            Special::EnPassant(c) => self.pos.piece_at(c).map_or(100, |p| ev.value(p.kind)),
            Special::Chain(p) => 100 * (p.cells().len() as i32 + 1),
            _ => self
                .pos
                .piece_at(m.to)
                .filter(|p| p.color != self.pos.side_to_move())
                .map_or(0, |p| ev.value(p.kind)),
        }
    }

    fn move_score(&self, m: Move, hash_mv: u32, ply: usize) -> i32 {
        if hash_mv != 0 && move_key(&m) == hash_mv {
            return 1 << 30;
        }
        let ev = self.sh.ev;
        let promo = m.promotion.map_or(0, |k| ev.value(k));
        if self.pos.is_capture(m) {
            let attacker = self.pos.piece_at(m.from).map_or(0, |p| ev.value(p.kind).min(2000));
            return (1 << 28) + (self.victim_value(m) + promo) * 8 - attacker / 8;
        }
        if promo > 0 {
            return (1 << 27) + promo;
        }
        if self.sh.features.ordering {
            let k = move_key(&m);
            if self.killers[ply][0] == k {
                return 1 << 26;
            }
            if self.killers[ply][1] == k {
                return (1 << 26) - 1;
            }
            self.history[m.from as usize * 128 + m.to as usize]
        } else {
            0
        }
    }

    /// Moves the best-scored remaining move to position `i` (selection sort: most nodes cut early).
    #[inline]
    fn pick(list: &mut [(Move, i32)], i: usize) {
        let mut b = i;
        for j in i + 1..list.len() {
            if list[j].1 > list[b].1 {
                b = j;
            }
        }
        list.swap(i, b);
    }

    fn negamax(&mut self, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize, pv_node: bool) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.royal_lost() {
            return -(MATE - ply as i32);
        }
        if self.is_draw() {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return self.sh.ev.eval(&self.pos);
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.pos.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        let key = self.pos.hash();
        let tte = self.tt().probe(key);
        let hash_mv = tte.map_or(0, |e| e.mv);
        if let Some(e) = tte {
            if !pv_node && e.depth >= depth {
                let s = from_tt(e.score, ply);
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
        let static_eval = if in_check { -INF } else { self.sh.ev.eval(&self.pos) };
        // Reverse futility: far above beta near the leaves.
        if f.futility
            && !pv_node
            && !in_check
            && depth <= 3
            && beta.abs() < MATE_BOUND
            && static_eval - 150 * depth >= beta
        {
            return static_eval;
        }
        if f.null_move
            && !pv_node
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.sh.ev.null_ok(&self.pos)
        {
            let r = 2 + depth / 4;
            let u = self.pos.make_null();
            let s = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.pos.unmake_null(u);
            if self.aborted {
                return 0;
            }
            if s >= beta {
                return if s >= MATE_BOUND { beta } else { s };
            }
        }
        let legal = self.pos.legal_moves();
        if legal.is_empty() {
            return self.terminal_score(ply);
        }
        let mut list: Vec<(Move, i32)> =
            legal.iter().map(|&m| (m, self.move_score(m, hash_mv, ply))).collect();
        let old_alpha = alpha;
        let mut best = -INF;
        let mut best_mv = 0u32;
        let mut quiets_tried: Vec<Move> = Vec::new();
        // Late-move pruning: how many quiet moves are searched near the leaves (the games'
        // branching factors reach 100 and more, and good quiet moves come first by history).
        let lmp_limit =
            if f.lmp && !pv_node && !in_check && depth <= 4 { 4 + 2 * depth * depth } else { i32::MAX };
        for i in 0..list.len() {
            Self::pick(&mut list, i);
            let m = list[i].0;
            let quiet = list[i].1 < (1 << 27) && !self.pos.is_capture(m);
            if quiet && quiets_tried.len() as i32 >= lmp_limit && best > -MATE_BOUND {
                continue;
            }
            // Futility: a quiet move late in the list cannot lift a hopeless static score.
            if f.futility
                && quiet
                && !pv_node
                && !in_check
                && i > 0
                && depth <= 2
                && best > -MATE_BOUND
                && static_eval + 120 + 100 * depth <= alpha
            {
                continue;
            }
            let u = self.pos.make(m);
            let gives_check = self.pos.in_check();
            let mut s;
            if i == 0 {
                s = -self.negamax(depth - 1, -beta, -alpha, ply + 1, pv_node);
            } else {
                let r = if f.lmr && quiet && depth >= 3 && i >= 3 && !in_check && !gives_check {
                    let mut r = lmr_reduction(depth, i);
                    if pv_node {
                        r -= 1;
                    }
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                s = -self.negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if r > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if pv_node && s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.pos.unmake(u);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_mv = move_key(&m);
                    if pv_node {
                        let child = std::mem::take(&mut self.pv[ply + 1]);
                        let line = &mut self.pv[ply];
                        line.clear();
                        line.push(m);
                        line.extend(child.iter().copied());
                        self.pv[ply + 1] = child;
                    }
                    if s >= beta {
                        if quiet && f.ordering {
                            self.reward(m, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            }
        }
        if best == -INF {
            // Every move was pruned as futile: the static score stands.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt().store(key, Entry { mv: best_mv, score: to_tt(best, ply), depth, bound });
        best
    }

    /// Killer and history update after a quiet move caused a cut-off.
    fn reward(&mut self, m: Move, tried: &[Move], depth: i32, ply: usize) {
        let k = move_key(&m);
        if self.killers[ply][0] != k {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = k;
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history[m.from as usize * 128 + m.to as usize];
        *h += bonus - *h * bonus / 16384;
        for q in tried {
            let h = &mut self.history[q.from as usize * 128 + q.to as usize];
            *h -= bonus + *h * bonus / 16384;
        }
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.royal_lost() {
            return -(MATE - ply as i32);
        }
        if self.is_draw() {
            return 0;
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 2 {
            return self.sh.ev.eval(&self.pos);
        }
        let legal = self.pos.legal_moves();
        if legal.is_empty() {
            return self.terminal_score(ply);
        }
        let mut best = -INF;
        if !in_check {
            let stand = self.sh.ev.eval(&self.pos);
            if stand >= beta || !self.sh.features.quiescence {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut list: Vec<(Move, i32)> = legal
            .iter()
            .filter(|&&m| in_check || m.promotion.is_some() || self.pos.is_capture(m))
            .map(|&m| (m, self.move_score(m, 0, ply)))
            .collect();
        for i in 0..list.len() {
            Self::pick(&mut list, i);
            let m = list[i].0;
            // Delta pruning: even winning this piece cannot reach alpha.
            if !in_check
                && best + self.victim_value(m) + m.promotion.map_or(0, |k| self.sh.ev.value(k)) + 200 <= alpha
            {
                continue;
            }
            // A defended piece taken by a more valuable one: a losing exchange (a cheap static
            // exchange test; chains and promotions are always searched).
            if !in_check
                && self.sh.features.bad_captures
                && m.promotion.is_none()
                && matches!(m.special, Special::None)
                && self.pos.piece_at(m.from).is_some_and(|p| self.sh.ev.value(p.kind) > self.victim_value(m))
                && self.pos.attacked(m.to, self.pos.side_to_move().other())
            {
                continue;
            }
            let u = self.pos.make(m);
            let s = -self.qsearch(-beta, -alpha, ply + 1);
            self.pos.unmake(u);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best.max(-INF + 1)
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
