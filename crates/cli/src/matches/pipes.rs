//! External engines on pipes: UCI and XBoard (CECP v2).

use super::players::{Clocks, Eval, GameState, Player, Reply};
use super::Control;
use ccg_core::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// An external engine on pipes; a reader thread forwards its lines.
struct Pipe {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Pipe {
    fn start(cmd: &str, args: &[String]) -> Result<Pipe, String> {
        let mut child = Command::new(cmd)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {cmd}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(l) = line else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Ok(Pipe { child, stdin, lines: rx })
    }
}

/// An external UCI engine.
pub(super) struct UciPlayer {
    p: Pipe,
}

impl UciPlayer {
    pub fn start(
        cmd: &str,
        args: &[String],
        uci_opts: &[(String, String)],
        game: &str,
        rule_opts: &[(String, String)],
        handshake: Duration,
    ) -> Result<UciPlayer, String> {
        Ok(UciPlayer { p: uci_handshake(cmd, args, uci_opts, game, rule_opts, handshake)? })
    }
}

/// Starts a UCI engine and sets it up for the game: `UCI_Variant` and `RuleOptions` where it
/// offers them (unless the options name a variant), the options, a new game, `readyok`.
fn uci_handshake(
    cmd: &str,
    args: &[String],
    uci_opts: &[(String, String)],
    game: &str,
    rule_opts: &[(String, String)],
    handshake: Duration,
) -> Result<Pipe, String> {
    let mut p = Pipe::start(cmd, args)?;
    p.send("uci")?;
    let hello =
        p.wait_for("uciok", handshake).map_err(|e| handshake_error(cmd, "uci", "uciok", e, handshake))?;
    let has_variant = hello.iter().any(|l| l.contains("name UCI_Variant "));
    let has_rules = hello.iter().any(|l| l.contains("name RuleOptions "));
    if has_variant && !uci_opts.iter().any(|(k, _)| k == "UCI_Variant") {
        p.send(&format!("setoption name UCI_Variant value {game}"))?;
    }
    if has_rules && !rule_opts.is_empty() {
        let text: Vec<String> = rule_opts.iter().map(|(k, v)| format!("{k}={v}")).collect();
        p.send(&format!("setoption name RuleOptions value {}", text.join(",")))?;
    }
    for (k, v) in uci_opts {
        p.send(&format!("setoption name {k} value {v}"))?;
    }
    p.send("ucinewgame")?;
    p.send("isready")?;
    p.wait_for("readyok", handshake).map_err(|e| handshake_error(cmd, "isready", "readyok", e, handshake))?;
    Ok(p)
}

/// An external UCI engine asked for its score of single positions (a teacher labelling
/// training positions): each position is searched from scratch with the same limit, so that with
/// one search thread a position's score is the same whichever process asked for it.
pub(crate) struct UciAnalyser {
    p: Pipe,
    /// What follows `go`: `depth 8`, `nodes 5000`.
    limit: String,
}

impl UciAnalyser {
    pub fn start(
        spec: &super::players::Spec,
        game: &str,
        rule_opts: &[(String, String)],
        limit: &str,
    ) -> Result<UciAnalyser, String> {
        let super::players::Spec::Uci { cmd, args, options, .. } = spec else {
            return Err("a teacher is an external UCI engine: cmd=PROGRAM …".into());
        };
        let p = uci_handshake(cmd, args, options, game, rule_opts, Duration::from_secs(60))?;
        Ok(UciAnalyser { p, limit: limit.to_string() })
    }

    /// The engine's last reported score and depth for the position string `fen` (UCI's
    /// six-field form), side to move's view; `None` if it reported no score.
    pub fn analyse(&mut self, fen: &str) -> Result<Option<Eval>, String> {
        // A new game empties the engine's hash table: the score depends on the position and the
        // limit only, not on which positions this process searched before (reproducible labels).
        self.p.send("ucinewgame")?;
        self.p.send(&format!("position fen {fen}"))?;
        self.p.send(&format!("go {}", self.limit))?;
        let lines = self.p.wait_for("bestmove", Duration::from_secs(600))?;
        Ok(lines.iter().rev().find_map(|l| Eval::from_info(l)))
    }
}

/// Says which start-up question went unanswered, and how to allow more time for it.
fn handshake_error(cmd: &str, asked: &str, expected: &str, e: String, handshake: Duration) -> String {
    if e.starts_with("no ") {
        format!(
            "{cmd} did not answer `{asked}` with `{expected}` within {} ms (a loaded machine may \
             need a longer --handshake-ms)",
            handshake.as_millis()
        )
    } else {
        format!("{cmd} did not answer `{asked}`: {e}")
    }
}

impl Pipe {
    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("engine pipe: {e}"))
    }

    /// Reads lines until one starts with `word`; returns all lines read.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<Vec<String>, String> {
        self.wait_for_any(&[word], timeout)
    }

    /// Reads lines until one starts with one of `words`; returns all lines read.
    fn wait_for_any(&mut self, words: &[&str], timeout: Duration) -> Result<Vec<String>, String> {
        let word = words.join("/");
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let first = l.split_whitespace().next().unwrap_or("");
                    let done = words.iter().any(|w| first == *w || (w.len() > 4 && first.starts_with(w)));
                    seen.push(l);
                    if done {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(format!("no {word} within {timeout:?}")),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".into()),
            }
        }
    }
}

impl Drop for Pipe {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Player for UciPlayer {
    fn play(&mut self, g: &GameState, ctl: Control, clocks: &Clocks) -> Result<Reply, String> {
        let moves =
            if g.coords.is_empty() { String::new() } else { format!(" moves {}", g.coords.join(" ")) };
        self.p.send(&format!("position startpos{moves}"))?;
        let (go, timeout) = match ctl {
            Control::Nodes(n) => (format!("go nodes {n}"), Duration::from_secs(60)),
            Control::Depth(d) => (format!("go depth {d}"), Duration::from_secs(600)),
            Control::Clock { .. } => (
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    clocks.left[0].as_millis(),
                    clocks.left[1].as_millis(),
                    clocks.inc.as_millis(),
                    clocks.inc.as_millis()
                ),
                clocks.left[g.pos.side_to_move().index()] + Duration::from_secs(5),
            ),
        };
        self.p.send(&go)?;
        let lines = self.p.wait_for("bestmove", timeout)?;
        let last = lines.last().ok_or("no bestmove")?;
        let coord = last
            .split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| format!("malformed {last:?}"))?;
        Ok(Reply { coord, eval: lines.iter().rev().find_map(|l| Eval::from_info(l)) })
    }
}

/// An external XBoard (CECP v2) engine: kept in force mode, told the moves played since its last
/// turn, then `go`; its `move` is read back and it is put in force mode again.
pub(super) struct XboardPlayer {
    p: Pipe,
    /// Moves of the game the engine knows.
    known: usize,
    usermove: bool,
    started: bool,
}

impl XboardPlayer {
    pub fn start(cmd: &str, args: &[String], game: &str) -> Result<XboardPlayer, String> {
        let mut p = Pipe::start(cmd, args)?;
        p.send("xboard")?;
        p.send("protover 2")?;
        // Features may come in several lines; done=1 ends them (engines without it get 2 s).
        let mut usermove = false;
        let deadline = Instant::now() + Duration::from_secs(2);
        while let Ok(l) = p.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            usermove |= l.contains("usermove=1");
            if l.contains("done=1") {
                break;
            }
        }
        p.send("new")?;
        p.send(&format!("variant {game}"))?;
        p.send("force")?;
        p.send("easy")?;
        p.send("nopost")?;
        Ok(XboardPlayer { p, known: 0, usermove, started: false })
    }
}

impl Player for XboardPlayer {
    fn play(&mut self, g: &GameState, ctl: Control, clocks: &Clocks) -> Result<Reply, String> {
        let v = g.pos.variant().clone();
        if !self.started {
            let level = match ctl {
                Control::Clock { base, inc } => {
                    format!(
                        "level 0 {}:{:02} {}",
                        base.as_secs() / 60,
                        base.as_secs() % 60,
                        inc.as_secs_f64()
                    )
                }
                Control::Depth(d) => format!("sd {d}"),
                Control::Nodes(_) => {
                    return Err("XBoard engines are driven by clock or depth, not nodes".into())
                }
            };
            self.p.send(&level)?;
            self.started = true;
        }
        // Replay what the engine has not seen, in XBoard's numbering.
        let mut pos = Position::new(v.clone());
        for (i, c) in g.coords.iter().enumerate() {
            let m = pos.parse_coord(c).map_err(|e| e.to_string())?;
            if i >= self.known {
                let t = ccg_protocols::xboard::xb_move(&pos, m);
                self.p.send(&if self.usermove { format!("usermove {t}") } else { t })?;
            }
            pos.make(m);
        }
        let stm = g.pos.side_to_move();
        self.p.send(&format!("time {}", clocks.left[stm.index()].as_millis() / 10))?;
        self.p.send(&format!("otim {}", clocks.left[stm.other().index()].as_millis() / 10))?;
        self.p.send("go")?;
        let timeout = clocks.left[stm.index()] + Duration::from_secs(5);
        let lines = self.p.wait_for_any(&["move", "resign", "Illegal", "Error"], timeout)?;
        let last = lines.last().ok_or("no move")?;
        self.p.send("force")?;
        let mut w = last.split_whitespace();
        match w.next() {
            Some("move") => {
                let text = w.next().ok_or("empty move")?;
                self.known = g.coords.len() + 1;
                Ok(Reply::bare(ccg_protocols::xboard::from_xb_move(&v, text)))
            }
            _ => Err(format!("answered {last:?}")),
        }
    }
}
