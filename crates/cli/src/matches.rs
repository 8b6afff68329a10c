//! `ccg match`: engine-versus-engine matches in the manner of cutechess-cli.
//!
//! Players are our engine with settings (`ccg level=3`, `ccg nonull nolmr threads=2`), the
//! built-in `random` and `greedy` players, or any external UCI engine
//! (`cmd=fairy-stockfish option.VariantPath=v.ini option.UCI_Variant=mgc`). Every opening (random
//! plies from the start) is played twice with colours swapped. The rules referee: an illegal
//! move, a crash or running out of time loses, and is logged in the record.

use anyhow::{anyhow, bail, Context, Result};
use ccg_core::record::{Record, RecordMove};
use ccg_core::{Color, Move, Position, Variant};
use ccg_engine::{Engine, EngineConfig, Evaluator, Features, Limits};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct MatchArgs {
    /// Game id.
    pub game: String,
    /// Rule option `key=value`, passed to our rules and to the engines (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// A player (give exactly two): `ccg [level=N] [threads=N] [hash=MB] [params=FILE] [nonull]
    /// [nolmr] [noaspiration] [nofutility] [noordering] [noqsearch] [nolmp] [nobadcaptures]`,
    /// `random`, `greedy`, or `cmd=PROGRAM [arg=ARG]… [name=NAME] [option.NAME=VALUE]…` for a
    /// UCI engine.
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// Number of games (rounded up to an even number: each opening is played with both colours).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Time control `BASE+INC` in seconds, e.g. `10+0.1` (ignored by players given a level).
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed nodes per move instead of a clock.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Fixed depth per move instead of a clock.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: usize,
    /// Games still running after this many plies are drawn.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Save each game as a record (docs/formats.md) in this directory.
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
    /// Sequential probability ratio test `elo0,elo1[,alpha,beta]`: stop when decided.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Milliseconds a player may exceed its clock before it loses on time.
    #[arg(long, default_value_t = 0)]
    pub timemargin: u64,
}

/// How players are told to move.
#[derive(Clone, Copy, Debug)]
enum Control {
    Clock { base: Duration, inc: Duration },
    Nodes(u64),
    Depth(u32),
}

/// Remaining times in one game.
#[derive(Clone, Copy)]
struct Clocks {
    left: [Duration; 2],
    inc: Duration,
}

/// One side's way of choosing moves.
trait Player {
    /// Chooses a move; `Err` says why the player forfeits (crash, garbage).
    fn play(&mut self, game: &GameState, ctl: Control, clocks: &Clocks) -> Result<String, String>;
}

/// What players may look at: the position, how it was reached (for external engines) and the
/// rule options.
struct GameState {
    pos: Position,
    coords: Vec<String>,
}

#[derive(Clone, Debug)]
enum Spec {
    Ccg { level: Option<u8>, config: EngineConfig, label: String },
    Random,
    Greedy,
    Uci { cmd: String, args: Vec<String>, options: Vec<(String, String)>, name: String },
    Xboard { cmd: String, args: Vec<String>, name: String },
}

impl Spec {
    fn parse(text: &str) -> Result<Spec> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.first().copied() {
            Some("random") if words.len() == 1 => Ok(Spec::Random),
            Some("greedy") if words.len() == 1 => Ok(Spec::Greedy),
            Some("ccg") => {
                let mut config = EngineConfig { hash_mb: 16, ..EngineConfig::default() };
                let mut level = None;
                let mut features = Features::default();
                for w in &words[1..] {
                    match w.split_once('=') {
                        Some(("level", v)) => {
                            level = Some(
                                v.parse::<u8>()
                                    .ok()
                                    .filter(|l| (1..=8).contains(l))
                                    .ok_or_else(|| anyhow!("{w}: level is 1 to 8"))?,
                            )
                        }
                        Some(("threads", v)) => config.threads = v.parse().with_context(|| w.to_string())?,
                        Some(("hash", v)) => config.hash_mb = v.parse().with_context(|| w.to_string())?,
                        Some(("params", v)) => {
                            config.params =
                                Some(std::fs::read_to_string(v).with_context(|| format!("params file {v}"))?)
                        }
                        None if features.disable(w) => {}
                        _ => bail!(
                            "engine {text:?}: unknown setting {w:?} (toggles: {})",
                            Features::TOGGLES.join(" ")
                        ),
                    }
                }
                config.features = features;
                Ok(Spec::Ccg { level, config, label: text.to_string() })
            }
            Some(first) if first.starts_with("cmd=") => {
                let mut cmd = String::new();
                let mut args = Vec::new();
                let mut options = Vec::new();
                let mut name = None;
                let mut xboard = false;
                for w in &words {
                    match w.split_once('=') {
                        Some(("cmd", v)) => cmd = v.to_string(),
                        Some(("arg", v)) => args.push(v.to_string()),
                        Some(("name", v)) => name = Some(v.to_string()),
                        Some(("proto", "uci")) => xboard = false,
                        Some(("proto", "xboard")) => xboard = true,
                        Some((k, v)) if k.starts_with("option.") => {
                            options.push((k["option.".len()..].to_string(), v.to_string()))
                        }
                        _ => bail!("engine {text:?}: unknown setting {w:?}"),
                    }
                }
                let name = name.unwrap_or_else(|| cmd.rsplit('/').next().unwrap_or(&cmd).to_string());
                if xboard {
                    if !options.is_empty() {
                        bail!("engine {text:?}: option.NAME=VALUE is for UCI engines");
                    }
                    return Ok(Spec::Xboard { cmd, args, name });
                }
                Ok(Spec::Uci { cmd, args, options, name })
            }
            _ => bail!("engine {text:?}: expected ccg …, random, greedy or cmd=PROGRAM …"),
        }
    }

    fn name(&self) -> String {
        match self {
            Spec::Ccg { label, .. } => label.clone(),
            Spec::Random => "random".into(),
            Spec::Greedy => "greedy".into(),
            Spec::Uci { name, .. } | Spec::Xboard { name, .. } => name.clone(),
        }
    }

    fn start(&self, game: &str, options: &[(String, String)], seed: u64) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Spec::Ccg { level, config, .. } => {
                Box::new(CcgPlayer { engine: Engine::new(config.clone()), level: *level })
            }
            Spec::Random => Box::new(RandomPlayer { rng: seed | 1, greedy: None }),
            Spec::Greedy => Box::new(RandomPlayer { rng: seed | 1, greedy: Some(None) }),
            Spec::Uci { cmd, args, options: uci_opts, .. } => {
                Box::new(UciPlayer::start(cmd, args, uci_opts, game, options)?)
            }
            Spec::Xboard { cmd, args, .. } => Box::new(XboardPlayer::start(cmd, args, game)?),
        })
    }
}

struct CcgPlayer {
    engine: Engine,
    level: Option<u8>,
}

impl Player for CcgPlayer {
    fn play(&mut self, g: &GameState, ctl: Control, clocks: &Clocks) -> Result<String, String> {
        let m = match self.level {
            Some(l) => ccg_engine::best_move(&g.pos, l),
            None => self.engine.search(&g.pos, &limits(ctl, clocks), &mut |_| {}).best,
        };
        m.map(|m| g.pos.move_coord(m)).ok_or_else(|| "no move in a position with legal moves".into())
    }
}

fn limits(ctl: Control, clocks: &Clocks) -> Limits {
    match ctl {
        Control::Nodes(n) => Limits::nodes(n),
        Control::Depth(d) => Limits::depth(d),
        Control::Clock { .. } => {
            Limits { time: clocks.left.map(Some), inc: [clocks.inc; 2], ..Limits::default() }
        }
    }
}

/// The random mover, or with `greedy` the one-ply player: the capture of the most valuable
/// piece (a mate first), else a random move.
struct RandomPlayer {
    rng: u64,
    /// Evaluator of the greedy player, built on its first move.
    greedy: Option<Option<Evaluator>>,
}

impl Player for RandomPlayer {
    fn play(&mut self, g: &GameState, _: Control, _: &Clocks) -> Result<String, String> {
        let pos = &g.pos;
        let moves = pos.legal_moves();
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        let mut pick = moves[(self.rng % moves.len().max(1) as u64) as usize];
        if let Some(ev) = &mut self.greedy {
            let ev = ev.get_or_insert_with(|| Evaluator::for_variant(pos.variant()));
            let mut best = 0;
            for &m in moves.iter() {
                let mut after = pos.clone();
                after.make(m);
                let gain = if after.outcome().is_some_and(|o| o.winner == Some(pos.side_to_move())) {
                    i32::MAX
                } else if pos.is_capture(m) {
                    pos.piece_at(m.to).map_or(100, |p| ev.value(p.kind))
                        + m.promotion.map_or(0, |k| ev.value(k))
                } else {
                    m.promotion.map_or(0, |k| ev.value(k))
                };
                if gain > best {
                    best = gain;
                    pick = m;
                }
            }
        }
        Ok(pos.move_coord(pick))
    }
}

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
struct UciPlayer {
    p: Pipe,
}

impl UciPlayer {
    fn start(
        cmd: &str,
        args: &[String],
        uci_opts: &[(String, String)],
        game: &str,
        rule_opts: &[(String, String)],
    ) -> Result<UciPlayer, String> {
        let mut p = Pipe::start(cmd, args)?;
        p.send("uci")?;
        let hello = p.wait_for("uciok", Duration::from_secs(10))?;
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
        p.wait_for("readyok", Duration::from_secs(30))?;
        Ok(UciPlayer { p })
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
    fn play(&mut self, g: &GameState, ctl: Control, clocks: &Clocks) -> Result<String, String> {
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
        last.split_whitespace().nth(1).map(str::to_string).ok_or_else(|| format!("malformed {last:?}"))
    }
}

/// An external XBoard (CECP v2) engine: kept in force mode, told the moves played since its last
/// turn, then `go`; its `move` is read back and it is put in force mode again.
struct XboardPlayer {
    p: Pipe,
    /// Moves of the game the engine knows.
    known: usize,
    usermove: bool,
    started: bool,
}

impl XboardPlayer {
    fn start(cmd: &str, args: &[String], game: &str) -> Result<XboardPlayer, String> {
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
    fn play(&mut self, g: &GameState, ctl: Control, clocks: &Clocks) -> Result<String, String> {
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
                Ok(ccg_protocols::xboard::from_xb_move(&v, text))
            }
            _ => Err(format!("answered {last:?}")),
        }
    }
}

/// How one game ended, from White's point of view.
struct GameResult {
    /// 1, ½ or 0 for White.
    white_score: f64,
    reason: String,
    record: Record,
}

fn opening(variant: &Arc<Variant>, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut pos = Position::new(variant.clone());
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = moves[(rng % moves.len() as u64) as usize];
        let u = pos.make(m);
        if pos.outcome().is_some() {
            pos.unmake(u);
            break;
        }
        line.push(m);
    }
    line
}

fn result_token(white_score: f64) -> &'static str {
    if white_score > 0.75 {
        "1:0"
    } else if white_score < 0.25 {
        "0:1"
    } else {
        "1/2"
    }
}

/// Plays one game; `names` and `specs` are in colour order (White, Black).
fn play_game(
    variant: &Arc<Variant>,
    args: &MatchArgs,
    rule_opts: &[(String, String)],
    specs: [&Spec; 2],
    opening: &[Move],
    ctl: Control,
    seed: u64,
) -> GameResult {
    let mut record = Record::default();
    record.set_tag("Game", &args.game);
    if !args.options.is_empty() {
        record.set_tag("Options", &args.options.join(" "));
    }
    record.set_tag("White", &specs[0].name());
    record.set_tag("Black", &specs[1].name());
    let mut g = GameState { pos: Position::new(variant.clone()), coords: Vec::new() };
    let push = |g: &mut GameState, record: &mut Record, m: Move, comment: Option<String>| {
        record.moves.push(RecordMove {
            number: g.pos.fullmove_number(),
            color: g.pos.side_to_move(),
            text: g.pos.move_text_marked(m),
            comments: comment.into_iter().collect(),
        });
        g.coords.push(g.pos.move_coord(m));
        g.pos.make(m);
    };
    for &m in opening {
        push(&mut g, &mut record, m, None);
    }
    let (base, inc) = match ctl {
        Control::Clock { base, inc } => (base, inc),
        _ => (Duration::from_secs(3600), Duration::ZERO),
    };
    let mut clocks = Clocks { left: [base; 2], inc };
    let mut players: Vec<Option<Box<dyn Player>>> = Vec::new();
    let mut start_errors = Vec::new();
    for (i, s) in specs.iter().enumerate() {
        match s.start(&args.game, rule_opts, seed ^ ((i as u64 + 1) * 0x1234_5678)) {
            Ok(p) => players.push(Some(p)),
            Err(e) => {
                start_errors.push((i, e));
                players.push(None);
            }
        }
    }
    let finish = |record: &mut Record, white_score: f64, reason: String| {
        record.set_tag("Result", result_token(white_score));
        record.set_tag("Termination", &reason);
        record.result = Some(result_token(white_score).to_string());
    };
    if let Some((i, e)) = start_errors.first() {
        let white_score = if *i == 0 { 0.0 } else { 1.0 };
        let reason = format!("{} failed to start: {e}", specs[*i].name());
        finish(&mut record, white_score, reason.clone());
        return GameResult { white_score, reason, record };
    }
    let margin = Duration::from_millis(args.timemargin);
    loop {
        if let Some(o) = g.pos.outcome() {
            let white_score = match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            let reason = format!("{:?}", o.reason).to_lowercase();
            finish(&mut record, white_score, reason.clone());
            return GameResult { white_score, reason, record };
        }
        if g.coords.len() >= args.max_plies {
            let reason = format!("adjudicated draw after {} plies", args.max_plies);
            finish(&mut record, 0.5, reason.clone());
            return GameResult { white_score: 0.5, reason, record };
        }
        let stm = g.pos.side_to_move();
        let player = players[stm.index()].as_mut().expect("started");
        let t = Instant::now();
        let answer = player.play(&g, ctl, &clocks);
        let spent = t.elapsed();
        let lose = |why: String| {
            let white_score = if stm == Color::White { 0.0 } else { 1.0 };
            (white_score, format!("{} {}", specs[stm.index()].name(), why))
        };
        let verdict = match answer {
            Err(e) => Some(lose(format!("forfeits: {e}"))),
            Ok(text) => match g.pos.parse_coord(&text) {
                Err(e) => Some(lose(format!("plays an illegal move {text:?} ({})", e.why))),
                Ok(m) => {
                    let comment =
                        matches!(ctl, Control::Clock { .. }).then(|| format!("{:.3}s", spent.as_secs_f64()));
                    if matches!(ctl, Control::Clock { .. }) && spent > clocks.left[stm.index()] + margin {
                        Some(lose(format!(
                            "loses on time ({:.3}s used, {:.3}s left)",
                            spent.as_secs_f64(),
                            clocks.left[stm.index()].as_secs_f64()
                        )))
                    } else {
                        clocks.left[stm.index()] =
                            clocks.left[stm.index()].saturating_sub(spent) + clocks.inc;
                        push(&mut g, &mut record, m, comment);
                        None
                    }
                }
            },
        };
        if let Some((white_score, reason)) = verdict {
            if let Some(last) = record.moves.last_mut() {
                last.comments.push(reason.clone());
            } else {
                record.preamble.push(reason.clone());
            }
            finish(&mut record, white_score, reason.clone());
            return GameResult { white_score, reason, record };
        }
    }
}

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Default, Debug)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Score {
    fn n(&self) -> f64 {
        (self.wins + self.draws + self.losses) as f64
    }
    /// The mean score per game, in [0, 1].
    pub fn ratio(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.n().max(1.0)
    }
    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let s = self.ratio();
        let n = self.n().max(1.0);
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
    /// Elo difference and its 95% margin.
    pub fn elo(&self) -> (f64, f64) {
        let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
        let s = self.ratio();
        if self.wins as f64 == self.n() || self.losses as f64 == self.n() {
            // A clean sweep has no finite estimate: report the bound and an infinite margin.
            return (elo(s), f64::INFINITY);
        }
        let margin = 1.96 * (self.variance() / self.n().max(1.0)).sqrt();
        (elo(s), (elo((s + margin).min(0.999)) - elo((s - margin).max(0.001))) / 2.0)
    }
    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0), trinomial approximation.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.n() == 0.0 {
            return 0.0;
        }
        // The variance with half a win and half a loss added: a clean sweep (or all draws) has
        // none, and the test must neither stall nor decide after one game.
        let (w, d, l) = (self.wins as f64 + 0.5, self.draws as f64, self.losses as f64 + 0.5);
        let n = w + d + l;
        let m = (w + 0.5 * d) / n;
        let var = (w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2)) / n;
        let p = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
        let (s0, s1) = (p(elo0), p(elo1));
        (s1 - s0) * (2.0 * self.ratio() - s0 - s1) / (2.0 * var) * self.n()
    }
}

struct Sprt {
    elo0: f64,
    elo1: f64,
    lower: f64,
    upper: f64,
}

fn parse_sprt(text: &str) -> Result<Sprt> {
    let v: Vec<f64> =
        text.split(',').map(|x| x.trim().parse::<f64>()).collect::<Result<_, _>>().context("--sprt")?;
    let (elo0, elo1, alpha, beta) = match v.as_slice() {
        [a, b] => (*a, *b, 0.05, 0.05),
        [a, b, c, d] => (*a, *b, *c, *d),
        _ => bail!("--sprt: expected elo0,elo1[,alpha,beta]"),
    };
    if !(0.0 < alpha && alpha < 1.0 && 0.0 < beta && beta < 1.0) || elo0 >= elo1 {
        bail!("--sprt: need elo0 < elo1 and 0 < alpha, beta < 1");
    }
    Ok(Sprt { elo0, elo1, lower: (beta / (1.0 - alpha)).ln(), upper: ((1.0 - beta) / alpha).ln() })
}

fn parse_tc(text: &str) -> Result<Control> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |s: &str| {
        s.trim().parse::<f64>().ok().filter(|x| (0.0..1e6).contains(x)).map(Duration::from_secs_f64)
    };
    match (secs(base), secs(inc)) {
        (Some(base), Some(inc)) if !base.is_zero() => Ok(Control::Clock { base, inc }),
        _ => bail!("--tc {text:?}: expected BASE+INC in seconds, e.g. 10+0.1"),
    }
}

/// A log line above the progress bar, or on stderr when there is no bar (output not a terminal).
fn say(bar: &ProgressBar, msg: &str) {
    if bar.is_hidden() {
        eprintln!("{msg}");
    } else {
        bar.println(msg);
    }
}

pub fn run(args: MatchArgs) -> Result<()> {
    let rule_opts = args.options.iter().map(|o| ccg_games::parse_option(o)).collect::<Result<Vec<_>, _>>()?;
    let variant = ccg_games::variant(&args.game, &rule_opts)?;
    let [a, b] = args.engines.as_slice() else {
        bail!("give exactly two --engine players");
    };
    let specs = [Spec::parse(a)?, Spec::parse(b)?];
    let ctl = match (args.nodes, args.depth, &args.tc) {
        (Some(n), _, _) => Control::Nodes(n),
        (None, Some(d), _) => Control::Depth(d),
        (None, None, Some(tc)) => parse_tc(tc)?,
        (None, None, None) => parse_tc("10+0.1")?,
    };
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let games = args.games.div_ceil(2) * 2;
    let names = [specs[0].name(), specs[1].name()];
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let score = Mutex::new(Score::default());
    let next = AtomicUsize::new(0);
    let stop = std::sync::atomic::AtomicBool::new(false);
    // The SPRT's decision when its LLR first crossed a bound, with the score then: games still
    // running finish, but they do not undo a decision already taken.
    let decided: Mutex<Option<(Score, f64)>> = Mutex::new(None);
    let log: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..args.concurrency.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= games || stop.load(Ordering::SeqCst) {
                    break;
                }
                let pair = (i / 2) as u64;
                let line = opening(&variant, args.opening_plies, args.seed.wrapping_add(pair));
                // Game 2k: first engine White; game 2k+1: colours swapped, same opening.
                let swapped = i % 2 == 1;
                let colour_specs = if swapped { [&specs[1], &specs[0]] } else { [&specs[0], &specs[1]] };
                let mut r =
                    play_game(&variant, &args, &rule_opts, colour_specs, &line, ctl, args.seed ^ i as u64);
                r.record.set_tag("Round", &(i + 1).to_string());
                let first_score = if swapped { 1.0 - r.white_score } else { r.white_score };
                if let Some(dir) = &args.records {
                    let path = dir.join(format!("{:04}.rec", i + 1));
                    if let Err(e) = std::fs::write(&path, r.record.to_text()) {
                        say(&bar, &format!("cannot write {}: {e}", path.display()));
                    }
                }
                if r.reason.contains("illegal")
                    || r.reason.contains("forfeits")
                    || r.reason.contains("on time")
                    || r.reason.contains("failed")
                {
                    let msg = format!("game {}: {}", i + 1, r.reason);
                    say(&bar, &msg);
                    log.lock().unwrap_or_else(|e| e.into_inner()).push(msg);
                }
                let mut sc = score.lock().unwrap_or_else(|e| e.into_inner());
                match first_score {
                    x if x > 0.75 => sc.wins += 1,
                    x if x < 0.25 => sc.losses += 1,
                    _ => sc.draws += 1,
                }
                let (elo, err) = sc.elo();
                let mut msg = format!(
                    "+{} ={} -{}  {:.1}%  Elo {:+.0} ± {:.0}",
                    sc.wins,
                    sc.draws,
                    sc.losses,
                    100.0 * sc.ratio(),
                    elo,
                    err
                );
                if let Some(t) = &sprt {
                    let llr = sc.llr(t.elo0, t.elo1);
                    msg += &format!("  LLR {llr:.2} [{:.2}, {:.2}]", t.lower, t.upper);
                    if llr <= t.lower || llr >= t.upper {
                        stop.store(true, Ordering::SeqCst);
                        decided.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert((*sc, llr));
                    }
                }
                bar.set_message(msg);
                bar.inc(1);
            });
        }
    });
    bar.finish();
    let sc = *score.lock().unwrap_or_else(|e| e.into_inner());
    let (elo, err) = sc.elo();
    println!("{} vs {}: +{} ={} -{} of {} games", names[0], names[1], sc.wins, sc.draws, sc.losses, sc.n());
    println!("score {:.1}%  Elo difference {:+.1} ± {:.1} (95%)", 100.0 * sc.ratio(), elo, err);
    if let Some(t) = &sprt {
        let decision = decided.into_inner().unwrap_or_else(|e| e.into_inner());
        let (at, llr) = decision.unwrap_or((sc, sc.llr(t.elo0, t.elo1)));
        let verdict = if llr >= t.upper {
            "H1 accepted"
        } else if llr <= t.lower {
            "H0 accepted"
        } else {
            "inconclusive"
        };
        let when = if decision.is_some() && at.n() != sc.n() {
            format!(" after {} games (+{} ={} -{})", at.n(), at.wins, at.draws, at.losses)
        } else {
            String::new()
        };
        println!(
            "SPRT elo0={} elo1={}: LLR {llr:.2} (bounds {:.2}, {:.2}): {verdict}{when}",
            t.elo0, t.elo1, t.lower, t.upper
        );
    }
    let problems = log.into_inner().unwrap_or_default();
    if !problems.is_empty() {
        println!("{} games ended by forfeit:", problems.len());
        for p in &problems {
            println!("  {p}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_sprt() {
        assert!(Score { wins: 30, draws: 0, losses: 0 }.llr(0.0, 30.0) > 2.94);
        assert!(Score { wins: 1, draws: 0, losses: 0 }.llr(0.0, 30.0) < 1.0);
        let even = Score { wins: 10, draws: 10, losses: 10 };
        assert!(even.elo().0.abs() < 1e-9);
        assert!(even.llr(0.0, 10.0) < 0.0);
        let strong = Score { wins: 90, draws: 5, losses: 5 };
        assert!(strong.elo().0 > 300.0);
        assert!(strong.llr(0.0, 10.0) > 2.94);
    }

    #[test]
    fn specs_parse() {
        assert!(matches!(Spec::parse("ccg level=3 nonull").unwrap(), Spec::Ccg { level: Some(3), .. }));
        assert!(Spec::parse("ccg turbo").is_err());
        assert!(matches!(
            Spec::parse("cmd=fairy-stockfish option.UCI_Variant=mgc").unwrap(),
            Spec::Uci { .. }
        ));
        assert!(parse_tc("10+0.1").is_ok());
        assert!(parse_tc("x").is_err());
    }
}
