//! UCI. Games are chosen with `setoption name UCI_Variant value <id>` and rule options with
//! `setoption name RuleOptions value k=v,k=v`; moves use protocol coordinates (`e3e5`, `i9j10q`).
//! Every malformed line is answered with `info string error: …` and otherwise ignored.

use crate::session::{
    feed_lines, game_ids, millis, open_ended, pv_coords, read_params_file, BadLine, Game, Out, Searcher,
};
use ccg_engine::{EngineConfig, Info, Limits, SearchResult};
use std::io::BufRead;

pub struct Uci {
    out: Out,
    game: Game,
    searcher: Searcher,
    /// The last search has no limit of its own (`go infinite`, bare `go`).
    open_ended: bool,
}

/// One `info` line for a completed iteration.
pub(crate) fn info_line(game_pos: &ccg_core::Position, i: &Info) -> String {
    let r = &i.result;
    let score = match r.mate_in {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", r.score_cp),
    };
    let ms = i.elapsed.as_millis().max(1);
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {} pv {}",
        r.depth,
        i.seldepth,
        r.nodes,
        r.nodes as u128 * 1000 / ms,
        i.elapsed.as_millis(),
        pv_coords(game_pos, &r.pv).join(" ")
    )
}

impl Uci {
    pub fn new(out: Out) -> Uci {
        let game = Game::new(game_ids()[0], Vec::new()).expect("the first implemented game builds");
        Uci { out, game, searcher: Searcher::new(EngineConfig::default()), open_ended: false }
    }

    /// Waits until the running search (if any) has ended by itself and reported.
    pub fn wait(&mut self) {
        self.searcher.wait();
    }

    /// Reads commands until `quit` or the end of input; at the end of input a search still
    /// running is finished first (so `echo "go depth 8" | ccg uci` prints its move) unless it
    /// has no limit.
    pub fn run(mut self, input: impl BufRead) {
        let out = self.out.clone();
        let bad = |b: BadLine| out.line(&format!("info string error: {}", b.describe()));
        let ended = feed_lines(input, bad, |line| self.command(line));
        self.searcher.end_session(ended, self.open_ended);
    }

    fn error(&self, what: &str) {
        self.out.line(&format!("info string error: {what}"));
    }

    /// Says so when the parameter file set does not serve the game chosen: the engine then plays
    /// by the game's shipped parameters, which the GUI would otherwise never learn.
    fn check_files(&self) {
        if let Err(e) = self.searcher.engine.config().check_files(&self.game.variant) {
            self.error(&format!("ParamsFile: {e}; {} is played with its shipped parameters", self.game.id));
        }
    }

    /// Handles one line; `false` on `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return true };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => {
                self.out.line(concat!("id name ccg ", env!("CARGO_PKG_VERSION")));
                self.out.line("id author the chess-checkers-go authors");
                let ids = game_ids();
                let vars: String = ids.iter().map(|g| format!(" var {g}")).collect();
                self.out.line(&format!("option name UCI_Variant type combo default {}{vars}", ids[0]));
                self.out.line("option name RuleOptions type string default <empty>");
                self.out.line("option name Threads type spin default 1 min 1 max 256");
                self.out.line("option name Hash type spin default 16 min 1 max 65536");
                self.out.line("option name ParamsFile type string default <empty>");
                self.out.line("uciok");
            }
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.searcher.stop();
                self.searcher.engine.clear();
                self.game.reset();
            }
            "setoption" => self.setoption(&rest),
            "position" => {
                self.searcher.stop();
                if let Err(e) = self.position(&rest) {
                    self.error(&e);
                }
            }
            "go" => self.go(&rest),
            "stop" => self.searcher.stop(),
            "ponderhit" => {}
            "d" => {
                self.out.line(&format!("info string {} {}", self.game.id, self.game.pos.to_fen()));
            }
            "quit" => return false,
            _ => self.error(&format!("unknown command {cmd:?}")),
        }
        true
    }

    fn setoption(&mut self, words: &[&str]) {
        // setoption name <name...> [value <value...>]
        let text = words.join(" ");
        let Some(body) = text.strip_prefix("name ") else {
            return self.error("expected: setoption name <name> value <value>");
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let value = if value == "<empty>" { "" } else { value };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match Game::new(value, self.game.options.clone()) {
                Ok(g) => {
                    self.searcher.stop();
                    self.game = g;
                    self.check_files();
                }
                Err(e) => self.error(&e),
            },
            "ruleoptions" => {
                match Game::parse_options(value).and_then(|o| Game::new(&self.game.id.clone(), o)) {
                    Ok(g) => {
                        self.searcher.stop();
                        self.game = g;
                        self.check_files();
                    }
                    Err(e) => self.error(&e),
                }
            }
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => {
                    if let Err(e) = self.searcher.configure(|c| c.threads = n) {
                        self.error(&format!("Threads: {e}; the engine is unchanged"));
                    }
                }
                _ => self.error(&format!("Threads: {value:?} is not a number from 1 to 256")),
            },
            "hash" => match value.parse::<usize>() {
                Ok(n) if (1..=65536).contains(&n) => {
                    if let Err(e) = self.searcher.configure(|c| c.hash_mb = n) {
                        self.error(&format!("Hash: {e}; the old table is kept"));
                    }
                }
                _ => self.error(&format!("Hash: {value:?} is not a number of MB from 1 to 65536")),
            },
            "paramsfile" => {
                let text = if value.is_empty() { Ok(None) } else { read_params_file(value).map(Some) };
                match text.and_then(|t| self.searcher.configure(|c| c.params = t)) {
                    Ok(()) => self.check_files(),
                    Err(e) => self.error(&e),
                }
            }
            _ => self.error(&format!("unknown option {name:?}")),
        }
    }

    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
        match words.first() {
            Some(&"startpos") => self.game.reset(),
            Some(&"fen") => self.game.set_fen(&words[1..moves_at].join(" "))?,
            _ => return Err("expected: position startpos|fen <position> [moves …]".into()),
        }
        for (i, m) in words.iter().skip(moves_at + 1).enumerate() {
            self.game.play_coord(m).map_err(|e| format!("move {} {m}: {e}", i + 1))?;
        }
        Ok(())
    }

    fn go(&mut self, words: &[&str]) {
        if self.searcher.busy() {
            return self.error("already searching");
        }
        let limits = match parse_go(words) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        self.open_ended = open_ended(&limits);
        let pos = self.game.pos.clone();
        let (o1, o2) = (self.out.clone(), self.out.clone());
        let p1 = pos.clone();
        let p2 = pos.clone();
        self.searcher.start(
            pos,
            limits,
            move |i: &Info| o1.line(&info_line(&p1, i)),
            move |r: SearchResult| {
                let best = r.best.map_or("(none)".to_string(), |m| p2.move_coord(m));
                o2.line(&format!("bestmove {best}"));
            },
        );
    }
}

/// Reads the arguments of `go`.
pub(crate) fn parse_go(words: &[&str]) -> Result<Limits, String> {
    let mut l = Limits::default();
    let mut it = words.iter();
    while let Some(&w) = it.next() {
        let mut num = || -> Result<u64, String> {
            let v = it.next().ok_or_else(|| format!("go {w}: missing number"))?;
            v.parse::<i64>().map(|n| n.max(0) as u64).map_err(|_| format!("go {w}: {v:?} is not a number"))
        };
        match w {
            "depth" => l.depth = Some(num()?.clamp(1, 90) as u32),
            "nodes" => l.nodes = Some(num()?.max(1)),
            "movetime" => l.movetime = Some(millis(num()?)),
            "wtime" => l.time[0] = Some(millis(num()?)),
            "btime" => l.time[1] = Some(millis(num()?)),
            "winc" => l.inc[0] = millis(num()?),
            "binc" => l.inc[1] = millis(num()?),
            "movestogo" => l.movestogo = Some(num()?.clamp(1, 1000) as u32),
            "infinite" => l.infinite = true,
            "ponder" => {}
            "mate" => l.depth = Some((2 * num()?).clamp(1, 90) as u32),
            _ => return Err(format!("go: unknown argument {w:?}")),
        }
    }
    Ok(l)
}
