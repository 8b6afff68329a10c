//! Iterative-deepening principal-variation search with a shared transposition table, staged move
//! generation, quiescence, static exchange evaluation, history heuristics and the pruning of
//! modern alpha-beta engines; Lazy SMP when more than one thread is configured. Nothing here
//! knows a game: moves come from the core, values from the [`Evaluator`], the end of the game
//! from `Position::outcome`.

mod history;
mod node;
mod picker;
mod thread;

use crate::eval::{Evaluator, Params};
use crate::nnue::Network;
use crate::time::budget;
use crate::tt::Tt;
use crate::{Limits, SearchResult};
use ccg_core::{Position, Variant};
use history::History;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use thread::Thread;

pub(crate) const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 100;
/// Scores beyond this are mates (or being mated) within `MAX_PLY`.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Stack of each helper thread (the recursion is up to `MAX_PLY` deep, twice with extensions).
const HELPER_STACK: usize = 16 << 20;

/// Search features that can be switched off, to measure what each is worth (`ccg match`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub null_move: bool,
    pub lmr: bool,
    pub aspiration: bool,
    /// Reverse futility pruning and futility pruning of late moves.
    pub futility: bool,
    /// Killers, counter-moves and the histories in move ordering.
    pub ordering: bool,
    pub quiescence: bool,
    /// Late-move pruning: near the leaves, quiet moves after the first few are not searched.
    pub lmp: bool,
    /// Quiescence skips captures that lose material by static exchange evaluation.
    pub bad_captures: bool,
    /// The main search prunes moves that lose material by static exchange evaluation.
    pub see_pruning: bool,
    /// Continuation histories (a move's record after the previous moves) in ordering and LMR.
    pub continuation: bool,
    /// Singular extensions (and multi-cut) of the hash move.
    pub singular: bool,
    /// Razoring: hopeless shallow nodes go straight to quiescence.
    pub razoring: bool,
    /// ProbCut: a capture that beats beta by a margin at reduced depth ends the node.
    pub probcut: bool,
    /// Internal iterative reduction: one ply less where the table knows no move.
    pub iir: bool,
    /// Quiet moves with a bad history are pruned near the leaves.
    pub history_pruning: bool,
    /// Quiet moves that give check are spared the futility, history and static-exchange pruning
    /// of quiet moves (a drop that checks is how most games of drops are won).
    pub spare_checks: bool,
    /// The game's trained network evaluates where one is shipped (else the hand-written
    /// evaluation); `nonet` measures what it is worth.
    pub nnue: bool,
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
            see_pruning: true,
            continuation: true,
            singular: true,
            razoring: true,
            probcut: true,
            iir: true,
            history_pruning: true,
            spare_checks: true,
            nnue: true,
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
            "nosee" => self.see_pruning = false,
            "nocontinuation" => self.continuation = false,
            "nosingular" => self.singular = false,
            "norazoring" => self.razoring = false,
            "noprobcut" => self.probcut = false,
            "noiir" => self.iir = false,
            "nohistorypruning" => self.history_pruning = false,
            "nosparechecks" => self.spare_checks = false,
            "nonet" => self.nnue = false,
            _ => return false,
        }
        true
    }
    pub const TOGGLES: [&'static str; 17] = [
        "nonull",
        "nolmr",
        "noaspiration",
        "nofutility",
        "noordering",
        "noqsearch",
        "nolmp",
        "nobadcaptures",
        "nosee",
        "nocontinuation",
        "nosingular",
        "norazoring",
        "noprobcut",
        "noiir",
        "nohistorypruning",
        "nosparechecks",
        "nonet",
    ];
}

#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub threads: usize,
    pub hash_mb: usize,
    pub features: Features,
    /// Parameter-file text that replaces the shipped one for every game (e.g. a tuning result).
    pub params: Option<String>,
    /// A network file (`ccg train`) that replaces the shipped network of its game.
    pub network: Option<Arc<Vec<u8>>>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig { threads: 1, hash_mb: 16, features: Features::default(), params: None, network: None }
    }
}

impl EngineConfig {
    /// Whether the network and parameter files given serve `v`. A search never fails on them (it
    /// evaluates with `v`'s shipped network and parameters instead), so a front end asks this to
    /// say so, or to refuse, before the engine plays something other than what was named.
    pub fn check_files(&self, v: &Arc<Variant>) -> Result<(), String> {
        if let Some(bytes) = &self.network {
            Network::read(v, bytes).map_err(|e| e.to_string())?;
        }
        if let Some(text) = &self.params {
            Params::parse(v, text).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Progress of a search, reported after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub result: SearchResult,
    pub seldepth: u32,
    pub elapsed: Duration,
}

/// An engine that keeps its transposition table (and what its threads learnt about moves)
/// between searches. `Sync`: a protocol front end searches on one thread and calls
/// [`Engine::stop`] from another.
pub struct Engine {
    config: EngineConfig,
    tt: Tt,
    stop: AtomicBool,
    /// The evaluator of the last variant searched (building one costs milliseconds: under a
    /// fast clock that matters), with that variant (held, so its identity stays unique).
    eval_cache: Mutex<Option<(Arc<Variant>, Evaluators)>>,
    /// Histories per thread, kept for the next search of the same game.
    histories: Mutex<Vec<History>>,
}

impl Engine {
    pub fn new(config: EngineConfig) -> Engine {
        Engine::try_new(config).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Engine::new`] that says so when the hash table's memory cannot be had.
    pub fn try_new(config: EngineConfig) -> Result<Engine, String> {
        let tt = Tt::try_new(config.hash_mb)
            .ok_or_else(|| format!("cannot allocate a {} MB hash table", config.hash_mb))?;
        Ok(Engine {
            tt,
            config,
            stop: AtomicBool::new(false),
            eval_cache: Mutex::new(None),
            histories: Mutex::new(Vec::new()),
        })
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
        self.histories.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// The evaluator this engine uses for the variant of `pos`.
    pub fn evaluator(&self, pos: &Position) -> Arc<Evaluator> {
        self.evaluators(pos).0
    }

    /// The network this engine evaluates `pos`'s variant with, if any.
    pub fn network(&self, pos: &Position) -> Option<Arc<Network>> {
        self.evaluators(pos).1
    }

    fn evaluators(&self, pos: &Position) -> Evaluators {
        let mut cache = self.eval_cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((v, ev)) = cache.as_ref() {
            if Arc::ptr_eq(v, pos.variant()) {
                return ev.clone();
            }
        }
        let v = pos.variant();
        let net = if !self.config.features.nnue {
            None
        } else if let Some(bytes) = &self.config.network {
            Network::read(v, bytes).ok()
        } else {
            Network::for_variant(v)
        };
        let ev = (Arc::new(self.build_evaluator(pos)), net.map(Arc::new));
        *cache = Some((v.clone(), ev.clone()));
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

    /// The histories for `threads` threads in the variant of `pos`: last search's if they fit.
    fn take_histories(&self, pos: &Position, threads: usize) -> Vec<History> {
        let (cells, kinds) = (pos.variant().geometry.len(), pos.variant().kinds.len());
        let mut kept = std::mem::take(&mut *self.histories.lock().unwrap_or_else(|e| e.into_inner()));
        kept.retain(|h| h.fits(cells, kinds));
        for h in kept.iter_mut() {
            h.new_search();
        }
        while kept.len() < threads {
            kept.push(History::new(cells, kinds, MAX_PLY));
        }
        kept.truncate(threads);
        kept
    }

    /// Searches `pos` within `limits`, calling `on_info` after each completed iteration.
    pub fn search(&self, pos: &Position, limits: &Limits, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let start = Instant::now();
        let (ev, net) = self.evaluators(pos);
        let values: Vec<i32> = (0..pos.variant().kinds.len()).map(|k| ev.value(k as u8)).collect();
        let b = budget(limits, pos.side_to_move());
        let done = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let threads = self.config.threads.max(1);
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            ev: &ev,
            net: net.as_deref(),
            values: &values,
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
        let histories = self.take_histories(pos, threads);
        let (result, histories) = std::thread::scope(|s| {
            let mut histories = histories.into_iter();
            let main_history = histories.next().expect("one history per thread");
            let helpers: Vec<_> = (1..threads)
                .zip(histories)
                .map(|(id, h)| {
                    let shared = &shared;
                    let pos = pos.clone();
                    std::thread::Builder::new()
                        .stack_size(HELPER_STACK)
                        .spawn_scoped(s, move || {
                            let mut t = Thread::new(shared, pos, id, h);
                            t.iterate(&mut |_| {});
                            t.into_history()
                        })
                        .expect("spawn a search thread")
                })
                .collect();
            let mut t = Thread::new(&shared, pos.clone(), 0, main_history);
            let r = t.iterate(on_info);
            done.store(true, Ordering::SeqCst);
            let mut all = vec![t.into_history()];
            all.extend(helpers.into_iter().filter_map(|j| j.join().ok()));
            (r, all)
        });
        *self.histories.lock().unwrap_or_else(|e| e.into_inner()) = histories;
        SearchResult { nodes: nodes.load(Ordering::SeqCst).max(result.nodes), ..result }
    }
}

/// The hand-written evaluator (values, null-move rule; the evaluation where no network is) and
/// the network, if the game has one.
type Evaluators = (Arc<Evaluator>, Option<Arc<Network>>);

struct Shared<'a> {
    tt: &'a Tt,
    ev: &'a Evaluator,
    net: Option<&'a Network>,
    /// Piece values per kind for ordering and exchanges (royal pieces high).
    values: &'a [i32],
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
