//! USI, the shogi protocol, generic over square boards: files are numbered from the right (1 at
//! White's right-hand edge as seen by the first player), ranks lettered from the top (`a` is the
//! farthest rank), so on 9x9 our `a1` is USI `9i`. The first player (our White) is USI's
//! "black"/sente: `btime` is its clock. Promotion is written `+`, drops `P*5e`. `position sfen`
//! takes our position strings. The game is chosen with `setoption name USI_Variant value <id>`.

use crate::session::{feed_lines, game_ids, millis, open_ended, pv_coords, BadLine, Game, Out, Searcher};
use ccg_core::{Move, Position, Variant};
use ccg_engine::{EngineConfig, Info, Limits, SearchResult};
use std::io::BufRead;
use std::time::Duration;

pub struct Usi {
    out: Out,
    game: Game,
    searcher: Searcher,
    /// The last search has no limit of its own (`go infinite`, bare `go`).
    open_ended: bool,
}

/// Our protocol square (`e5`) in USI form.
fn usi_square(v: &Variant, coord: &str) -> Option<String> {
    let l = &v.geometry.layout;
    let c = v.geometry.parse_coord_cell(coord)?;
    let (row, col) = l.place[c as usize];
    Some(format!("{}{}", l.cols - col, (b'a' + row as u8) as char))
}

/// A USI square (`5e`) as our protocol square.
fn from_usi_square(v: &Variant, s: &str) -> Option<String> {
    let l = &v.geometry.layout;
    let digits = s.chars().take_while(|c| c.is_ascii_digit()).count();
    let file: usize = s[..digits].parse().ok()?;
    let mut rest = s[digits..].chars();
    let row = (rest.next()? as u8).checked_sub(b'a')? as usize;
    if rest.next().is_some() || file == 0 || file > l.cols || row >= l.rows {
        return None;
    }
    let col = l.cols - file;
    let cell = (0..v.geometry.len()).find(|&c| l.place[c] == (row, col))?;
    Some(v.geometry.coord_name(cell as ccg_core::Cell).to_string())
}

/// Splits `7g7f+` into its two squares and the rest.
fn split_squares(s: &str) -> Option<(&str, &str, &str)> {
    let sq = |t: &str| {
        let d = t.chars().take_while(|c| c.is_ascii_digit()).count();
        let l = t[d..].chars().take_while(|c| c.is_ascii_lowercase()).count();
        (d > 0 && l == 1).then_some(d + 1)
    };
    let a = sq(s)?;
    let b = sq(&s[a..])?;
    Some((&s[..a], &s[a..a + b], &s[a + b..]))
}

pub fn usi_move(pos: &Position, m: Move) -> String {
    let v = &**pos.variant();
    let coord = pos.move_coord(m);
    if let Some((piece, sq)) = coord.split_once('@') {
        return format!("{}*{}", piece.to_ascii_uppercase(), usi_square(v, sq).unwrap_or_default());
    }
    let g = &v.geometry;
    let from = usi_square(v, g.coord_name(m.from)).unwrap_or_default();
    let to = usi_square(v, g.coord_name(m.to)).unwrap_or_default();
    format!("{from}{to}{}", if m.promotion.is_some() { "+" } else { "" })
}

/// Reads a USI move and finds it among the legal moves.
pub fn parse_usi_move(pos: &Position, text: &str) -> Result<Move, String> {
    let v = &**pos.variant();
    let bad = |why: &str| format!("{text}: {why}");
    if let Some((piece, sq)) = text.split_once('*') {
        let sq = from_usi_square(v, sq).ok_or_else(|| bad("no such square"))?;
        return pos.parse_coord(&format!("{piece}@{sq}")).map_err(|e| e.to_string());
    }
    let (a, b, rest) = split_squares(text).ok_or_else(|| bad("expected a move such as 7g7f"))?;
    let from = from_usi_square(v, a).ok_or_else(|| bad("no such square"))?;
    let to = from_usi_square(v, b).ok_or_else(|| bad("no such square"))?;
    let g = &v.geometry;
    let (f, t) = (g.parse_coord_cell(&from), g.parse_coord_cell(&to));
    let legal = pos.legal_moves();
    let found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| Some(m.from) == f && Some(m.to) == t && m.promotion.is_some() == (rest == "+"))
        .collect();
    match (rest, found.as_slice()) {
        ("" | "+", [m]) => Ok(*m),
        ("" | "+", []) => Err(bad("not a legal move here")),
        ("" | "+", _) => Err(bad("ambiguous promotion")),
        _ => Err(bad("unexpected text after the squares")),
    }
}

impl Usi {
    pub fn new(out: Out) -> Usi {
        let game = Game::new(game_ids()[0], Vec::new()).expect("the first implemented game builds");
        Usi { out, game, searcher: Searcher::new(EngineConfig::default()), open_ended: false }
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

    pub fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return true };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "usi" => {
                self.out.line(concat!("id name ccg ", env!("CARGO_PKG_VERSION")));
                self.out.line("id author the chess-checkers-go authors");
                let ids = game_ids();
                let vars: String = ids.iter().map(|g| format!(" var {g}")).collect();
                self.out.line(&format!("option name USI_Variant type combo default {}{vars}", ids[0]));
                self.out.line("option name USI_Hash type spin default 16 min 1 max 65536");
                self.out.line("usiok");
            }
            "isready" => self.out.line("readyok"),
            "usinewgame" => {
                self.searcher.stop();
                self.searcher.engine.clear();
                self.game.reset();
            }
            "setoption" => {
                let text = rest.join(" ");
                match text.strip_prefix("name ").and_then(|b| b.split_once(" value ")) {
                    Some(("USI_Variant", v)) => match Game::new(v.trim(), Vec::new()) {
                        Ok(g) => {
                            self.searcher.stop();
                            self.game = g;
                        }
                        Err(e) => self.error(&e),
                    },
                    Some(("USI_Hash", v)) => match v.trim().parse::<usize>() {
                        Ok(n) if (1..=65536).contains(&n) => {
                            if let Err(e) = self.searcher.configure(|c| c.hash_mb = n) {
                                self.error(&format!("USI_Hash: {e}; the old table is kept"));
                            }
                        }
                        _ => self.error(&format!("USI_Hash: {v:?}")),
                    },
                    _ => self.error(&format!("unknown option: {text}")),
                }
            }
            "position" => {
                self.searcher.stop();
                if let Err(e) = self.position(&rest) {
                    self.error(&e);
                }
            }
            "go" => self.go(&rest),
            "stop" => self.searcher.stop(),
            "ponderhit" | "gameover" => self.searcher.stop(),
            "quit" => return false,
            _ => self.error(&format!("unknown command {cmd:?}")),
        }
        true
    }

    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
        match words.first() {
            Some(&"startpos") => self.game.reset(),
            Some(&"sfen") => self.game.set_fen(&words[1..moves_at].join(" "))?,
            _ => return Err("expected: position startpos|sfen <position> [moves …]".into()),
        }
        for m in words.iter().skip(moves_at + 1) {
            let mv = parse_usi_move(&self.game.pos, m)?;
            self.game.pos.make(mv);
        }
        Ok(())
    }

    fn go(&mut self, words: &[&str]) {
        if self.searcher.busy() {
            return self.error("already searching");
        }
        let mut l = Limits::default();
        let mut byoyomi = Duration::ZERO;
        let mut it = words.iter();
        while let Some(&w) = it.next() {
            if w == "infinite" {
                l.infinite = true;
                continue;
            }
            if w == "ponder" {
                continue;
            }
            let Some(n) = it.next().and_then(|v| v.parse::<u64>().ok()) else {
                return self.error(&format!("go {w}: expected a number"));
            };
            let ms = millis(n);
            match w {
                "btime" => l.time[0] = Some(ms),
                "wtime" => l.time[1] = Some(ms),
                "binc" => l.inc[0] = ms,
                "winc" => l.inc[1] = ms,
                "byoyomi" => byoyomi = ms,
                "movetime" => l.movetime = Some(ms),
                "depth" => l.depth = Some(n.clamp(1, 90) as u32),
                "nodes" => l.nodes = Some(n.max(1)),
                _ => return self.error(&format!("go: unknown argument {w:?}")),
            }
        }
        if !byoyomi.is_zero() {
            let stm = self.game.pos.side_to_move().index();
            l.inc[stm] = l.inc[stm].saturating_add(byoyomi);
            if l.time[stm].is_none_or(|t| t.is_zero()) {
                l.time[stm] = Some(byoyomi);
                l.movestogo = Some(1);
            }
        }
        self.open_ended = open_ended(&l);
        let pos = self.game.pos.clone();
        let (o1, o2) = (self.out.clone(), self.out.clone());
        let (p1, p2) = (pos.clone(), pos.clone());
        self.searcher.start(
            pos,
            l,
            move |i: &Info| {
                let r = &i.result;
                let score = r
                    .mate_in
                    .map_or(format!("cp {}", r.score_cp), |m| format!("mate {}", m * 2 - m.signum()));
                let pv: Vec<String> = {
                    let mut p = p1.clone();
                    let coords = pv_coords(&p1, &r.pv);
                    r.pv.iter()
                        .take(coords.len())
                        .map(|&m| {
                            let s = usi_move(&p, m);
                            p.make(m);
                            s
                        })
                        .collect()
                };
                o1.line(&format!(
                    "info depth {} seldepth {} score {score} nodes {} time {} pv {}",
                    r.depth,
                    i.seldepth,
                    r.nodes,
                    i.elapsed.as_millis(),
                    pv.join(" ")
                ));
            },
            move |r: SearchResult| {
                let best = r.best.map_or("resign".to_string(), |m| usi_move(&p2, m));
                o2.line(&format!("bestmove {best}"));
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        let v = ccg_games::variant("mgc", &[]).unwrap();
        assert_eq!(usi_square(&v, "a1").as_deref(), Some("10j"));
        assert_eq!(usi_square(&v, "j10").as_deref(), Some("1a"));
        assert_eq!(from_usi_square(&v, "10j").as_deref(), Some("a1"));
        let p = Position::new(v);
        for &m in p.legal_moves().iter() {
            assert_eq!(parse_usi_move(&p, &usi_move(&p, m)), Ok(m));
        }
    }
}
