//! The embedded store: one SQLite file, versioned migrations ([`super::schema`]), and the
//! statements in [`super::queries`]. Writes are committed in transactions (grouped, see [`Db`]),
//! and the journal is WAL with `synchronous=FULL`, so a write that returned survives a crash of
//! the process or the machine.

use super::schema::migrate;

use rusqlite::Connection;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// A write waiting for the writer thread: it runs inside the batch's transaction and returns
/// what to do once the batch has committed (or failed to).
type Job = Box<dyn FnOnce(&Connection) -> Box<dyn FnOnce(bool) + Send> + Send>;

/// Most writes committed together.
const MAX_BATCH: usize = 256;

/// Read connections: WAL lets each read beside the writer and beside the others, so a slow
/// query (a long game's moves) does not hold up the rest.
pub const READERS: usize = 4;

/// The database handle. Writes go to one writer thread that commits whatever is waiting as one
/// transaction (group commit): one fsync acknowledges many moves, so many games at once do not
/// queue behind each other's disk flushes. Each write runs in its own savepoint, so a failing
/// write changes nothing and does not spoil the others. Reads take one of [`READERS`]
/// connections and see every acknowledged write.
#[derive(Clone)]
pub struct Db {
    writer: std::sync::mpsc::Sender<Job>,
    readers: Arc<Mutex<Vec<Connection>>>,
    free_readers: Arc<Semaphore>,
    path: std::path::PathBuf,
}

fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

impl Db {
    /// Opens (creating if needed) the database file and brings its schema up to date; refuses a
    /// file whose schema this build does not know (see [`schema::migrate`]).
    pub fn open(path: &Path) -> anyhow::Result<Db> {
        let mut conn = connect(path)?;
        migrate(&mut conn).map_err(|e| anyhow::anyhow!("database {}: {e}", path.display()))?;
        let readers = (0..READERS).map(|_| connect(path)).collect::<rusqlite::Result<Vec<_>>>()?;
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new().name("ccg-db-writer".into()).spawn(move || writer(conn, rx))?;
        Ok(Db {
            writer: tx,
            readers: Arc::new(Mutex::new(readers)),
            free_readers: Arc::new(Semaphore::new(READERS)),
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs a read on a blocking thread with a free read connection, so that disk waits never
    /// hold up the async workers.
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let permit = self.free_readers.clone().acquire_owned().await?;
        let readers = self.readers.clone();
        let r = tokio::task::spawn_blocking(move || {
            let conn = readers.lock().unwrap_or_else(|p| p.into_inner()).pop();
            // One connection per permit: the pool cannot be empty here.
            let conn = conn.ok_or(rusqlite::Error::InvalidQuery)?;
            let r = f(&conn);
            readers.lock().unwrap_or_else(|p| p.into_inner()).push(conn);
            drop(permit);
            r
        })
        .await?;
        Ok(r?)
    }

    /// Runs a write and returns once it is committed to disk.
    pub async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |c: &Connection| {
            let r = c.execute_batch("SAVEPOINT job").and_then(|_| {
                let r = f(c);
                let end = if r.is_ok() { "RELEASE job" } else { "ROLLBACK TO job; RELEASE job" };
                c.execute_batch(end)?;
                r
            });
            Box::new(move |committed: bool| {
                let r = match r {
                    Ok(_) if !committed => Err(anyhow::anyhow!("database commit failed")),
                    r => r.map_err(anyhow::Error::from),
                };
                let _ = tx.send(r);
            })
        });
        self.writer.send(job).map_err(|_| anyhow::anyhow!("database writer stopped"))?;
        rx.await.map_err(|_| anyhow::anyhow!("database writer stopped"))?
    }
}

/// The writer thread: takes every waiting job, runs them in one transaction, commits, answers.
fn writer(conn: Connection, rx: std::sync::mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
            tracing::error!("database: cannot begin: {e}");
            batch.into_iter().for_each(|job| job(&conn)(false));
            continue;
        }
        let answers: Vec<_> = batch.into_iter().map(|job| job(&conn)).collect();
        let committed = match conn.execute_batch("COMMIT") {
            Ok(()) => true,
            Err(e) => {
                tracing::error!("database: commit failed: {e}");
                let _ = conn.execute_batch("ROLLBACK");
                false
            }
        };
        answers.into_iter().for_each(|a| a(committed));
    }
}
