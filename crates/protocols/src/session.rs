//! What every front end shares: the current game, a writer the search thread can also use, and a
//! search running in the background so that `stop`, `isready` and `?` are answered at once.

use ccg_core::{Position, Variant};
use ccg_engine::{Engine, EngineConfig, Info, Limits, SearchResult};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The output stream, shared with the search thread; lines are written whole.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes one line and flushes; a closed pipe is ignored (the GUI has gone).
    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// Longest input line read; the rest of a longer line is skipped (and reported).
pub const MAX_LINE: usize = 1 << 20;

/// Longest time a protocol command may give (a year): larger numbers are taken as this, so
/// that no clock arithmetic can overflow.
pub const MAX_TIME: Duration = Duration::from_secs(365 * 24 * 3600);

/// Milliseconds as a duration, at most [`MAX_TIME`].
pub fn millis(n: u64) -> Duration {
    Duration::from_millis(n).min(MAX_TIME)
}

/// A line of input that is not clean text.
pub enum BadLine {
    /// Not UTF-8: the line was read with U+FFFD in place of the bad bytes.
    NotUtf8,
    /// Over [`MAX_LINE`] bytes: the line was skipped.
    TooLong,
}

impl BadLine {
    pub fn describe(&self) -> String {
        match self {
            BadLine::NotUtf8 => "input line is not UTF-8 (bad bytes replaced)".into(),
            BadLine::TooLong => format!("input line longer than {MAX_LINE} bytes (skipped)"),
        }
    }
}

/// Feeds the trimmed lines of `input` to `command` until it answers `false` (`quit`); returns
/// whether the input ended without a `quit`. Any bytes are survived: a line that is not UTF-8
/// is decoded lossily and handled, a line over [`MAX_LINE`] is skipped (never held whole), and
/// each is reported to `bad`.
pub fn feed_lines(
    mut input: impl std::io::BufRead,
    mut bad: impl FnMut(BadLine),
    mut command: impl FnMut(&str) -> bool,
) -> bool {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let (ended, too_long) = match read_line_bounded(&mut input, &mut buf) {
            Ok(r) => r,
            Err(_) => return true,
        };
        if ended && buf.is_empty() {
            return true;
        }
        if too_long {
            // Not handled: no command is that long, and its echo in an error would be as long.
            bad(BadLine::TooLong);
            if ended {
                return true;
            }
            continue;
        }
        let text = match std::str::from_utf8(&buf) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => {
                bad(BadLine::NotUtf8);
                String::from_utf8_lossy(&buf)
            }
        };
        if !command(text.trim()) {
            return false;
        }
        if ended {
            return true;
        }
    }
}

/// Reads up to a newline, keeping at most [`MAX_LINE`] bytes; returns (input ended, cut).
fn read_line_bounded(input: &mut impl std::io::BufRead, buf: &mut Vec<u8>) -> std::io::Result<(bool, bool)> {
    let mut cut = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok((true, cut));
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        let keep = take.min(room);
        buf.extend_from_slice(&chunk[..keep]);
        cut |= keep < take && !(done && keep + 1 == take);
        input.consume(take);
        if done {
            return Ok((false, cut));
        }
    }
}

/// Reads a parameter file: a regular file of at most 1 MiB (a device or a pipe would be read
/// forever).
pub fn read_params_file(path: &str) -> Result<String, String> {
    use std::io::Read;
    const LIMIT: u64 = 1 << 20;
    let bad = |why: String| format!("ParamsFile {path}: {why}");
    let f = std::fs::File::open(path).map_err(|e| bad(e.to_string()))?;
    let meta = f.metadata().map_err(|e| bad(e.to_string()))?;
    if !meta.is_file() {
        return Err(bad("not a regular file".into()));
    }
    let mut text = String::new();
    f.take(LIMIT + 1).read_to_string(&mut text).map_err(|e| bad(e.to_string()))?;
    if text.len() as u64 > LIMIT {
        return Err(bad(format!("larger than {LIMIT} bytes")));
    }
    Ok(text)
}

/// Refuses a hash table larger than half the machine's memory (`/proc/meminfo`): asking for
/// it would be answered by the kernel's out-of-memory killer, not by a failed allocation.
pub fn check_hash_mb(mb: usize) -> Result<(), String> {
    let total_kb = std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| {
        t.lines().find(|l| l.starts_with("MemTotal:"))?.split_whitespace().nth(1)?.parse::<usize>().ok()
    });
    match total_kb {
        Some(kb) if mb.saturating_mul(1024) > kb / 2 => {
            Err(format!("{mb} MB is more than half of this machine's {} MB of memory", kb / 1024))
        }
        _ => Ok(()),
    }
}

/// Games a front end offers: every implemented game of the catalogue.
pub fn game_ids() -> Vec<&'static str> {
    ccg_games::catalogue()
        .iter()
        .filter(|g| g.status == ccg_games::Status::Implemented)
        .map(|g| g.id)
        .collect()
}

/// The game being played: variant, rule options and the current position with its history.
pub struct Game {
    pub id: String,
    pub options: Vec<(String, String)>,
    pub variant: Arc<Variant>,
    pub pos: Position,
}

impl Game {
    pub fn new(id: &str, options: Vec<(String, String)>) -> Result<Game, String> {
        let variant = ccg_games::variant(id, &options).map_err(|e| e.to_string())?;
        Ok(Game { id: id.to_string(), options, pos: Position::new(variant.clone()), variant })
    }

    /// Reads rule options written `k=v` separated by commas or spaces.
    pub fn parse_options(text: &str) -> Result<Vec<(String, String)>, String> {
        text.split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(|o| ccg_games::parse_option(o).map_err(|e| e.to_string()))
            .collect()
    }

    pub fn reset(&mut self) {
        self.pos = Position::new(self.variant.clone());
    }

    /// Sets the position from a position string (ours; a six-field chess FEN has its castling
    /// field dropped, so GUIs' FENs of our games are accepted too).
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let text = if fields.len() == 6 {
            [fields[0], fields[1], fields[3], fields[4], fields[5]].join(" ")
        } else {
            fields.join(" ")
        };
        self.pos = Position::from_fen(self.variant.clone(), &text).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// Plays a move given in protocol coordinates.
    pub fn play_coord(&mut self, text: &str) -> Result<(), String> {
        let m = self.pos.parse_coord(text).map_err(|e| e.to_string())?;
        self.pos.make(m);
        Ok(())
    }
}

/// The engine and the search running on it, if any.
pub struct Searcher {
    pub engine: Arc<Engine>,
    worker: Option<JoinHandle<()>>,
}

impl Searcher {
    pub fn new(config: EngineConfig) -> Searcher {
        Searcher { engine: Arc::new(Engine::new(config)), worker: None }
    }

    pub fn busy(&self) -> bool {
        self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }

    /// Starts a search in the background; `done` gets its result when it ends.
    pub fn start(
        &mut self,
        pos: Position,
        limits: Limits,
        mut info: impl FnMut(&Info) + Send + 'static,
        done: impl FnOnce(SearchResult) + Send + 'static,
    ) {
        self.stop();
        let engine = self.engine.clone();
        engine.clear_stop();
        self.worker = Some(std::thread::spawn(move || {
            let r = engine.search(&pos, &limits, &mut info);
            done(r);
        }));
    }

    /// Stops the running search (it reports its move) and waits for it.
    pub fn stop(&mut self) {
        if let Some(w) = self.worker.take() {
            self.engine.stop();
            let _ = w.join();
        }
    }

    /// Waits for the running search to end by itself.
    pub fn wait(&mut self) {
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }

    /// Ends a session: a search still running is stopped after `quit` or when it has no limit;
    /// otherwise it finishes and reports (so `echo "go depth 8" | ccg uci` prints its move).
    pub fn end_session(&mut self, input_ended: bool, open_ended: bool) {
        if input_ended && !open_ended {
            self.wait();
        } else {
            self.stop();
        }
    }

    /// Rebuilds the engine with a changed configuration; if the new engine cannot be built (its
    /// hash table's memory cannot be had) the old one stays and the error says why.
    pub fn configure(&mut self, f: impl FnOnce(&mut EngineConfig)) -> Result<(), String> {
        self.stop();
        let mut c = self.engine.config().clone();
        f(&mut c);
        check_hash_mb(c.hash_mb)?;
        self.engine = Arc::new(Engine::try_new(c)?);
        Ok(())
    }
}

/// The principal variation in protocol coordinates.
pub fn pv_coords(pos: &Position, pv: &[ccg_core::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !p.legal_moves().contains(&m) {
            break;
        }
        out.push(p.move_coord(m));
        p.make(m);
    }
    out
}

/// Whether a search with these limits runs until stopped.
pub fn open_ended(l: &Limits) -> bool {
    l.infinite
        || (l.depth.is_none()
            && l.nodes.is_none()
            && l.movetime.is_none()
            && l.time.iter().all(Option::is_none))
}
