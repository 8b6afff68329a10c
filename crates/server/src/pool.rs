//! The engine worker pool: searches are CPU-bound, so they run on blocking threads, at most one
//! per core at a time. Who runs next is decided so that live games keep moving:
//!
//! * engine replies in games go ahead of analyses;
//! * between games, fair queuing: each game is charged the search time it used (its start tag
//!   is the larger of the pool's virtual time and its previous finish), and replies run in
//!   order of start tag plus the search's expected cost, so a level-1 game is not stuck behind
//!   a hundred level-8 games (it costs them a millisecond, they would cost it minutes) even
//!   when all arrive at once, and no game starves (a game's charge only grows while it is
//!   served);
//! * analyses wait in a bounded queue, at most `analysis_wait` long; past either they are
//!   refused ([`Busy`]), and so is nothing else.
//!
//! Every search also has a time cap of its own (the callers' [`ccg_engine::Limits`]).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// The analysis queue is full, or an analysis waited too long.
#[derive(Debug)]
pub struct Busy;

/// A worker slot, held while a search runs; dropping it charges the game and frees the slot.
pub struct Permit {
    pool: Arc<Shared>,
    charge: Option<(String, u64)>,
    started: Instant,
    /// False for a permit that was never handed out (its waiter had gone).
    active: bool,
}

struct Waiting {
    tx: oneshot::Sender<Permit>,
    charge: Option<(String, u64)>,
}

#[derive(Default)]
struct Queues {
    running: usize,
    /// Virtual time: the start tag of the last reply dispatched (microseconds of search).
    vtime: u64,
    seq: u64,
    /// Replies by (start tag + expected cost, arrival).
    replies: BinaryHeap<Reverse<(u64, u64)>>,
    waiting: HashMap<u64, Waiting>,
    analyses: VecDeque<u64>,
    /// Each game's finish tag: its start tag plus the search time it was charged.
    finish: HashMap<String, u64>,
}

struct Shared {
    workers: usize,
    max_analyses: usize,
    analysis_wait: Duration,
    queues: Mutex<Queues>,
}

pub struct EnginePool {
    shared: Arc<Shared>,
    pub workers: usize,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queues> {
        self.queues.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands free slots to the next waiters: replies by start tag, then analyses in order.
    fn dispatch(self: &Arc<Self>, q: &mut Queues) {
        while q.running < self.workers {
            let next = match q.replies.pop() {
                Some(Reverse((_, seq))) => {
                    if let Some((_, tag)) = q.waiting.get(&seq).and_then(|w| w.charge.as_ref()) {
                        q.vtime = q.vtime.max(*tag);
                    }
                    seq
                }
                None => match q.analyses.pop_front() {
                    Some(seq) => seq,
                    None => return,
                },
            };
            let Some(w) = q.waiting.remove(&next) else { continue };
            let permit =
                Permit { pool: self.clone(), charge: w.charge, started: Instant::now(), active: true };
            q.running += 1;
            if let Err(mut permit) = w.tx.send(permit) {
                // The waiter has gone (its request was dropped): the slot goes to the next one.
                permit.active = false;
                q.running -= 1;
            }
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if !self.active {
            return;
        }
        let pool = self.pool.clone();
        let mut q = pool.lock();
        q.running -= 1;
        if let Some((game, tag)) = self.charge.take() {
            let used = self.started.elapsed().as_micros().min(u64::MAX as u128) as u64;
            q.finish.insert(game, tag.saturating_add(used.max(1)));
        }
        // Games whose finish tag has been passed are charged nothing more: forget them.
        if q.finish.len() > 4096 {
            let v = q.vtime;
            q.finish.retain(|_, f| *f > v);
        }
        pool.dispatch(&mut q);
    }
}

impl EnginePool {
    /// `workers` searches at once; at most `max_analyses` analyses wait, each at most
    /// `analysis_wait`.
    pub fn new(workers: usize, max_analyses: usize, analysis_wait: Duration) -> EnginePool {
        let workers = workers.max(1);
        let shared = Shared { workers, max_analyses, analysis_wait, queues: Mutex::new(Queues::default()) };
        EnginePool { shared: Arc::new(shared), workers }
    }

    /// Sized from the machine: one worker per core.
    pub fn from_cpus(analyses_per_worker: usize, analysis_wait: Duration) -> EnginePool {
        let n = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        EnginePool::new(n, analyses_per_worker * n, analysis_wait)
    }

    fn enqueue(&self, charge: Option<(String, u64)>, expected_us: u64) -> oneshot::Receiver<Permit> {
        let (tx, rx) = oneshot::channel();
        let mut q = self.shared.lock();
        let seq = q.seq;
        q.seq += 1;
        match &charge {
            Some((_, tag)) => q.replies.push(Reverse((tag.saturating_add(expected_us), seq))),
            None => q.analyses.push_back(seq),
        }
        q.waiting.insert(seq, Waiting { tx, charge });
        self.shared.dispatch(&mut q);
        rx
    }

    /// Runs the engine's reply in game `game`, expected to take `expected_us` microseconds, when
    /// its turn comes; `None` if the search panicked.
    pub async fn reply<T: Send + 'static>(
        &self,
        game: &str,
        expected_us: u64,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let rx = {
            let q = self.shared.lock();
            let tag = q.vtime.max(q.finish.get(game).copied().unwrap_or(0));
            drop(q);
            self.enqueue(Some((game.to_string(), tag)), expected_us)
        };
        let permit = rx.await.ok()?;
        run(permit, f).await
    }

    /// Runs an analysis after every waiting reply, unless the queue is full or it waits too long.
    pub async fn analysis<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        {
            let mut q = self.shared.lock();
            let waiting = std::mem::take(&mut q.waiting);
            q.waiting = waiting.into_iter().filter(|(_, w)| !w.tx.is_closed()).collect();
            let live: VecDeque<u64> =
                q.analyses.iter().copied().filter(|s| q.waiting.contains_key(s)).collect();
            q.analyses = live;
            if q.analyses.len() >= self.shared.max_analyses {
                return Err(Busy);
            }
        }
        let rx = self.enqueue(None, 0);
        let permit = match tokio::time::timeout(self.shared.analysis_wait, rx).await {
            Ok(Ok(p)) => p,
            _ => return Err(Busy),
        };
        run(permit, f).await.ok_or(Busy)
    }

    /// Searches waiting: (replies, analyses).
    pub fn queued(&self) -> (usize, usize) {
        let q = self.shared.lock();
        (q.replies.len(), q.analyses.len())
    }
}

async fn run<T: Send + 'static>(permit: Permit, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(move || {
        let r = f();
        drop(permit);
        r
    })
    .await
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Holds the pool's only worker until the returned sender is dropped.
    fn hold(pool: &Arc<EnginePool>) -> (std::sync::mpsc::Sender<()>, tokio::task::JoinHandle<Option<()>>) {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let p = pool.clone();
        let h = tokio::spawn(async move {
            p.reply("holder", 0, move || {
                let _ = rx.recv();
            })
            .await
        });
        (tx, h)
    }

    async fn until(pool: &EnginePool, f: impl Fn((usize, usize)) -> bool) {
        while !f(pool.queued()) || pool.shared.lock().running == 0 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn cheap_games_go_before_games_that_used_more_and_replies_before_analyses() {
        let pool = Arc::new(EnginePool::new(1, 8, Duration::from_secs(60)));
        // Five "level 8" games each use the engine for a while.
        for g in ["s1", "s2", "s3", "s4", "s5"] {
            pool.reply(g, 30_000, || std::thread::sleep(Duration::from_millis(30))).await.unwrap();
        }
        let (release, holder) = hold(&pool);
        until(&pool, |_| true).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut jobs = Vec::new();
        let push = |name: &'static str| {
            let order = order.clone();
            move || order.lock().unwrap().push(name)
        };
        {
            let p = pool.clone();
            let f = push("analysis");
            jobs.push(tokio::spawn(async move { p.analysis(f).await.is_ok() }));
        }
        until(&pool, |(_, a)| a == 1).await;
        for g in ["s1", "s2", "s3", "s4", "s5"] {
            let (p, f) = (pool.clone(), push(g));
            jobs.push(tokio::spawn(async move { p.reply(g, 30_000, f).await.is_some() }));
        }
        until(&pool, |(r, _)| r == 5).await;
        let (p, f) = (pool.clone(), push("fast"));
        jobs.push(tokio::spawn(async move { p.reply("fast", 100, f).await.is_some() }));
        until(&pool, |(r, _)| r == 6).await;
        drop(release);
        assert_eq!(holder.await.unwrap(), Some(()));
        for j in jobs {
            assert!(j.await.unwrap());
        }
        let order = order.lock().unwrap().clone();
        assert_eq!(order[0], "fast", "the game that used no engine time goes first: {order:?}");
        assert_eq!(order.last(), Some(&"analysis"), "analyses wait for replies: {order:?}");
        assert_eq!(order.len(), 7);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_cheap_new_game_goes_before_expensive_new_games_queued_earlier() {
        let pool = Arc::new(EnginePool::new(1, 8, Duration::from_secs(60)));
        let (release, holder) = hold(&pool);
        until(&pool, |_| true).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut jobs = Vec::new();
        for (i, (g, cost)) in
            [("e1", 1_000_000), ("e2", 1_000_000), ("e3", 1_000_000), ("cheap", 200)].into_iter().enumerate()
        {
            let (p, order) = (pool.clone(), order.clone());
            jobs.push(tokio::spawn(async move {
                p.reply(g, cost, move || order.lock().unwrap().push(g)).await.is_some()
            }));
            until(&pool, |(r, _)| r == i + 1).await;
        }
        drop(release);
        assert_eq!(holder.await.unwrap(), Some(()));
        for j in jobs {
            assert!(j.await.unwrap());
        }
        assert_eq!(order.lock().unwrap()[0], "cheap", "{:?}", order.lock().unwrap());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn analyses_past_the_queue_limit_or_the_wait_limit_are_refused() {
        let pool = Arc::new(EnginePool::new(1, 2, Duration::from_millis(200)));
        let (release, holder) = hold(&pool);
        until(&pool, |_| true).await;
        let mut waiting = Vec::new();
        for _ in 0..2 {
            let p = pool.clone();
            waiting.push(tokio::spawn(async move { p.analysis(|| ()).await }));
        }
        until(&pool, |(_, a)| a == 2).await;
        assert!(pool.analysis(|| ()).await.is_err(), "a full queue refuses");
        // The worker stays busy past the wait limit: the waiting analyses give up.
        for w in waiting {
            assert!(w.await.unwrap().is_err());
        }
        drop(release);
        assert_eq!(holder.await.unwrap(), Some(()));
        assert_eq!(pool.analysis(|| 7).await.ok(), Some(7));
        // A reply is never refused, however many wait.
        assert_eq!(pool.reply("g", 0, || 8).await, Some(8));
    }
}
