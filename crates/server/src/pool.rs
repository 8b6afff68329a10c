//! The engine worker pool: searches are CPU-bound, so they run on blocking threads, at most one
//! per core at a time, and a bounded number may wait. Engine replies always queue (a game must
//! get its move); analysis requests are refused when the queue is full, so a burst of them can
//! neither starve the games nor grow memory without bound.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;

pub struct EnginePool {
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    pub workers: usize,
}

/// The pool's queue is full.
#[derive(Debug)]
pub struct Busy;

impl EnginePool {
    pub fn new(workers: usize, max_waiting: usize) -> EnginePool {
        let workers = workers.max(1);
        EnginePool {
            permits: Arc::new(Semaphore::new(workers)),
            waiting: AtomicUsize::new(0),
            max_waiting,
            workers,
        }
    }

    /// Sized from the machine: one worker per core.
    pub fn from_cpus() -> EnginePool {
        let n = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        EnginePool::new(n, 64 * n)
    }

    /// Runs `f` when a worker is free, however long the queue.
    pub async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let permit = self.permits.clone().acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        let permit = permit.ok()?;
        let r = tokio::task::spawn_blocking(move || {
            let r = f();
            drop(permit);
            r
        })
        .await;
        r.ok()
    }

    /// Runs `f` unless `max_waiting` jobs already wait.
    pub async fn try_run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        if self.waiting.load(Ordering::Relaxed) >= self.max_waiting {
            return Err(Busy);
        }
        self.run(f).await.ok_or(Busy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn runs_one_job_per_worker_and_refuses_past_the_queue_limit() {
        let pool = Arc::new(EnginePool::new(1, 2));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let rx = Arc::new(std::sync::Mutex::new(rx));
        // One job holds the only worker until released; two more wait in the queue.
        let mut held = Vec::new();
        for _ in 0..3 {
            let (pool, rx) = (pool.clone(), rx.clone());
            held.push(tokio::spawn(async move {
                pool.run(move || {
                    let _ = rx.lock().unwrap().recv();
                })
                .await
            }));
        }
        while pool.waiting.load(Ordering::Relaxed) < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(pool.try_run(|| ()).await.is_err(), "a full queue refuses analysis");
        for _ in 0..3 {
            tx.send(()).unwrap();
        }
        for h in held {
            assert!(h.await.unwrap().is_some());
        }
        assert!(pool.try_run(|| 7).await.is_ok_and(|v| v == 7));
    }
}
