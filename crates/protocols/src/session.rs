//! What every front end shares: the current game, a writer the search thread can also use, and a
//! search running in the background so that `stop`, `isready` and `?` are answered at once.

use ccg_core::{Position, Variant};
use ccg_engine::{Engine, EngineConfig, Info, Limits, SearchResult};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

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

/// Games a front end offers: every implemented game of the catalogue.
/// Feeds the trimmed lines of `input` to `command` until it answers `false` (`quit`); returns
/// whether the input ended without a `quit`.
pub fn feed_lines(input: impl std::io::BufRead, mut command: impl FnMut(&str) -> bool) -> bool {
    for line in input.lines() {
        let Ok(line) = line else { break };
        if !command(line.trim()) {
            return false;
        }
    }
    true
}

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

    /// Rebuilds the engine with a new configuration (threads, hash, parameters).
    /// Ends a session: a search still running is stopped after `quit` or when it has no limit;
    /// otherwise it finishes and reports (so `echo "go depth 8" | ccg uci` prints its move).
    pub fn end_session(&mut self, input_ended: bool, open_ended: bool) {
        if input_ended && !open_ended {
            self.wait();
        } else {
            self.stop();
        }
    }

    pub fn configure(&mut self, f: impl FnOnce(&mut EngineConfig)) {
        self.stop();
        let mut c = self.engine.config().clone();
        f(&mut c);
        self.engine = Arc::new(Engine::new(c));
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
