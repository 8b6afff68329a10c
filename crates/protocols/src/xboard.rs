//! XBoard / WinBoard (CECP v2). Our games are engine-defined variants: after `variant <id>` the
//! engine sends `setup` (board size, piece letters, start position) and one `piece` command per
//! kind (its moves in Betza notation), so that XBoard can draw and move the fairy pieces.
//!
//! The board XBoard is told of is the naming grid of our position strings and protocol squares
//! (`Geometry::grid`), not the drawing layout: the cube is the 8x8 grid of its layers side by
//! side, the tesseract the 9x9 Sudoku grid, the hexagonal board 9 files of 8 ranks, with `*` on
//! the grid places that are not cells. XBoard numbers ranks from 0 on boards with 10 ranks (and
//! on with `:`… above 10): the protocol square `a0` is our `a1`. Files are lettered consecutively
//! as in UCI.

use crate::session::{feed_lines, game_ids, millis, BadLine, Game, Out, Searcher};
use ccg_core::modes::{Action, DirFilter, Mode, Shape};
use ccg_core::position::Undo;
use ccg_core::{Color, Move, Position, Variant};
use ccg_engine::{EngineConfig, Info, Limits, SearchResult};
use std::io::BufRead;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// XBoard's 22 piece slots and their usual letters; a kind takes the slot of its own letter.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

pub struct XBoard {
    out: Out,
    game: Game,
    searcher: Searcher,
    history: Vec<Undo>,
    /// The engine's colour; `None` in force mode.
    engine_side: Option<Color>,
    post: bool,
    /// Clocks in milliseconds: ours and the opponent's.
    time: Option<Duration>,
    otim: Option<Duration>,
    inc: Duration,
    /// Moves per time control (0 = whole game).
    mps: u32,
    movetime: Option<Duration>,
    depth: Option<u32>,
    /// The engine's move, made by the search thread's callback and applied before the next command.
    pending: Arc<Mutex<Option<Move>>>,
}

/// An XBoard move (`e2e4`, `j8j9q` with ranks from 0 on 10-rank boards) in protocol coordinates.
pub fn from_xb_move(v: &Variant, text: &str) -> String {
    if v.geometry.grid.rows <= 9 {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        let is_rank =
            ('0'..=char::from_u32('0' as u32 + v.geometry.grid.rows as u32 - 1).unwrap_or('9')).contains(&c);
        if is_rank && out.chars().last().is_some_and(|p| p.is_ascii_lowercase()) {
            out += &(c as u32 - '0' as u32 + 1).to_string();
        } else {
            out.push(c);
        }
    }
    out
}

/// Our protocol move text in XBoard's rank numbering (promotion suffix and drops unchanged).
pub fn xb_move(pos: &Position, m: Move) -> String {
    let v = &**pos.variant();
    let text = pos.move_coord(m);
    if v.geometry.grid.rows <= 9 {
        return text;
    }
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |out: &mut String, digits: &mut String| {
        if let Ok(r) = digits.parse::<u32>() {
            out.push(char::from_u32('0' as u32 + r.saturating_sub(1)).unwrap_or('?'));
        }
        digits.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut out, &mut digits);
            out.push(c);
        }
    }
    flush(&mut out, &mut digits);
    out
}

/// Betza atoms of a Chebyshev ring or a leap.
fn atoms(a: u8, b: u8) -> Option<&'static str> {
    Some(match (a.max(b), a.min(b)) {
        (1, 0) => "W",
        (1, 1) => "F",
        (2, 0) => "D",
        (2, 1) => "N",
        (2, 2) => "A",
        (3, 0) => "H",
        (3, 1) => "C",
        (3, 2) => "Z",
        (3, 3) => "G",
        _ => return None,
    })
}

/// A mode in Betza notation, as far as XBoard understands it (`None` where it cannot).
fn betza(m: &Mode) -> Option<String> {
    let body = match m.shape {
        Shape::Ring(n) => (0..=n).map(|k| atoms(n, k)).collect::<Option<Vec<_>>>()?.concat(),
        Shape::Leap(a, b) => atoms(a, b)?.to_string(),
        Shape::Line { family: 'O', exact: None, .. } => "R".into(),
        Shape::Line { family: 'D', exact: None, .. } => "B".into(),
        Shape::Line { family, exact: Some(n), jumping } => {
            let atom = match family {
                'O' => atoms(n, 0)?,
                'D' => atoms(n, n)?,
                _ => return None,
            };
            if jumping || n == 1 {
                atom.into()
            } else {
                format!("n{atom}")
            }
        }
        Shape::Line { .. } => return None,
    };
    let mut pre = String::new();
    if m.initial {
        pre.push('i');
    }
    match m.action {
        Action::MoveOnly => pre.push('m'),
        Action::CaptureOnly => pre.push('c'),
        Action::MoveOrCapture => {}
    }
    match m.dir {
        DirFilter::Forward => pre.push('f'),
        DirFilter::NotBackward => pre += "fs",
        DirFilter::Any => {}
    }
    // A prefix applies to the atom it precedes: repeat it for each atom of a ring.
    if pre.is_empty() {
        return Some(body);
    }
    let mut s = String::new();
    for c in body.chars() {
        if c.is_ascii_uppercase() {
            s += &pre;
        }
        s.push(c);
    }
    Some(s)
}

/// The board of `pos` as an XBoard FEN board field: the naming grid's rows from the top, `*`
/// where the grid has no cell, no marks for first-move and jump rights (XBoard has none).
pub fn xb_board(pos: &Position) -> String {
    let v = pos.variant();
    let grid = &v.geometry.grid;
    let mut at = vec![vec![None; grid.cols]; grid.rows];
    for (c, &(r, col)) in grid.place.iter().enumerate() {
        if let Some(slot) = at.get_mut(r).and_then(|row| row.get_mut(col)) {
            *slot = Some(c);
        }
    }
    let rows: Vec<String> = at
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for place in row {
                let piece = match place {
                    None => Some("*".to_string()),
                    Some(c) => pos.piece_at(*c as ccg_core::Cell).map(|p| {
                        let t = v.kind(p.kind).token();
                        if p.color == Color::White {
                            t.to_ascii_uppercase()
                        } else {
                            t.to_ascii_lowercase()
                        }
                    }),
                };
                match piece {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text += &t;
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    rows.join("/")
}

/// The `setup` and `piece` commands describing the variant of `pos` to XBoard.
pub fn variant_commands(pos: &Position) -> Vec<String> {
    let v = &**pos.variant();
    let mut table = vec!['.'; SLOTS.len()];
    let mut free: Vec<usize> = (0..SLOTS.len() - 1)
        .filter(|&i| !v.kinds.iter().any(|k| SLOTS.as_bytes()[i] as char == k.letter))
        .collect();
    for k in &v.kinds {
        let slot = if k.royal {
            Some(SLOTS.len() - 1)
        } else {
            SLOTS
                .find(k.letter)
                .filter(|&i| i < SLOTS.len() - 1)
                .or_else(|| (!free.is_empty()).then(|| free.remove(0)))
        };
        if let Some(i) = slot {
            table[i] = k.letter;
        }
    }
    let white: String = table.iter().collect();
    let black = white.to_ascii_lowercase();
    let board = xb_board(pos);
    let side = if pos.side_to_move() == Color::White { "w" } else { "b" };
    let mut out = vec![format!(
        "setup ({white}{black}) {}x{}+0_fairy {board} {side} - - 0 1",
        v.geometry.grid.cols, v.geometry.grid.rows
    )];
    for k in &v.kinds {
        let b: Option<Vec<String>> = k.modes.iter().map(betza).collect();
        if let Some(b) = b {
            out.push(format!("piece {}& {}", k.letter, b.concat()));
        }
    }
    out
}

impl XBoard {
    pub fn new(out: Out) -> XBoard {
        let game = Game::new(game_ids()[0], Vec::new()).expect("the first implemented game builds");
        XBoard {
            out,
            game,
            searcher: Searcher::new(EngineConfig::default()),
            history: Vec::new(),
            engine_side: Some(Color::Black),
            post: false,
            time: None,
            otim: None,
            inc: Duration::ZERO,
            mps: 0,
            movetime: None,
            depth: None,
            pending: Arc::new(Mutex::new(None)),
        }
    }

    /// Waits until the running search (if any) has ended by itself and reported.
    pub fn wait(&mut self) {
        self.searcher.wait();
    }

    pub fn run(mut self, input: impl BufRead) {
        let out = self.out.clone();
        let bad = |b: BadLine| out.line(&format!("Error ({}): the line is read as text", b.describe()));
        feed_lines(input, bad, |line| self.command(line));
        self.searcher.stop();
    }

    /// Applies the engine's move if its search has finished.
    fn sync(&mut self) {
        let m = self.pending.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(m) = m {
            self.searcher.wait();
            self.history.push(self.game.pos.make(m));
        }
    }

    /// Stops thinking and applies the move it produced.
    fn halt(&mut self) {
        self.searcher.stop();
        self.sync();
    }

    pub fn command(&mut self, line: &str) -> bool {
        self.sync();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return true };
        let rest: Vec<&str> = words.collect();
        let arg = rest.join(" ");
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer" | "name"
            | "rating" | "ics" | "otherside" | "white" | "black" | "hint" | "bk" | "draw" | "nps" | "." => {}
            "protover" => {
                let ids = game_ids().join(",");
                self.out.line(&format!(
                    "feature myname=\"ccg {}\" variants=\"{ids}\" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 colors=0 time=1 reuse=1 analyze=0 name=0 san=0 option=\"RuleOptions -string \" done=1",
                    env!("CARGO_PKG_VERSION")
                ));
            }
            "new" => {
                self.halt();
                self.game.reset();
                self.history.clear();
                self.engine_side = Some(Color::Black);
                self.depth = None;
                self.searcher.engine.clear();
            }
            "variant" => {
                self.halt();
                match Game::new(&arg, self.game.options.clone()) {
                    Ok(g) => {
                        self.game = g;
                        self.history.clear();
                        for l in variant_commands(&self.game.pos) {
                            self.out.line(&l);
                        }
                    }
                    Err(e) => self.out.line(&format!("Error (unknown variant): {arg} ({e})")),
                }
            }
            "option" => match arg.split_once('=') {
                Some(("RuleOptions", v)) => {
                    match Game::parse_options(v).and_then(|o| Game::new(&self.game.id.clone(), o)) {
                        Ok(g) => self.game = g,
                        Err(e) => self.out.line(&format!("Error (bad option): {e}")),
                    }
                }
                _ => self.out.line(&format!("Error (unknown option): {arg}")),
            },
            "force" => {
                self.halt();
                self.engine_side = None;
            }
            "go" => {
                self.halt();
                self.engine_side = Some(self.game.pos.side_to_move());
                self.think();
            }
            "playother" => {
                self.halt();
                self.engine_side = Some(self.game.pos.side_to_move().other());
            }
            "setboard" => {
                self.halt();
                match self.game.set_fen(&arg) {
                    Ok(()) => self.history.clear(),
                    Err(e) => self.out.line(&format!("tellusererror Illegal position: {e}")),
                }
            }
            "usermove" => self.usermove(&arg),
            "time" | "otim" => match arg.parse::<u64>() {
                Ok(cs) => {
                    let d = Some(millis(cs.saturating_mul(10)));
                    if cmd == "time" {
                        self.time = d;
                    } else {
                        self.otim = d;
                    }
                }
                Err(_) => self.out.line(&format!("Error (bad number): {line}")),
            },
            "level" => match parse_level(&rest) {
                Some((mps, inc)) => {
                    self.mps = mps;
                    self.inc = inc;
                    self.movetime = None;
                }
                None => self.out.line(&format!("Error (bad level): {line}")),
            },
            "st" => match arg.parse::<f64>() {
                Ok(s) if (0.0..1e6).contains(&s) => self.movetime = Some(Duration::from_secs_f64(s)),
                _ => self.out.line(&format!("Error (bad number): {line}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) => self.depth = Some(d.clamp(1, 90)),
                Err(_) => self.out.line(&format!("Error (bad number): {line}")),
            },
            "ping" => self.out.line(&format!("pong {arg}")),
            "?" => self.halt(),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "result" => {
                self.halt();
                self.engine_side = None;
            }
            "undo" | "remove" => {
                self.halt();
                let n = if cmd == "undo" { 1 } else { 2 };
                for _ in 0..n {
                    if let Some(u) = self.history.pop() {
                        self.game.pos.unmake(u);
                    }
                }
            }
            "quit" => return false,
            _ if cmd.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && cmd.chars().any(|c| c.is_ascii_digit()) =>
            {
                self.usermove(cmd)
            }
            _ => self.out.line(&format!("Error (unknown command): {cmd}")),
        }
        true
    }

    fn usermove(&mut self, text: &str) {
        self.halt();
        let coord = from_xb_move(&self.game.variant, text);
        match self.game.pos.parse_coord(&coord) {
            Ok(m) => {
                self.history.push(self.game.pos.make(m));
                if self.engine_side == Some(self.game.pos.side_to_move()) {
                    self.think();
                }
            }
            Err(e) => self.out.line(&format!("Illegal move ({}): {text}", e.why)),
        }
    }

    fn limits(&self) -> Limits {
        let stm = self.game.pos.side_to_move();
        let mut l = Limits { depth: self.depth, movetime: self.movetime, ..Limits::default() };
        if self.movetime.is_none() {
            if let Some(t) = self.time {
                l.time[stm.index()] = Some(t);
                l.time[stm.other().index()] = self.otim;
                l.inc = [self.inc; 2];
                if self.mps > 0 {
                    let played = self.game.pos.fullmove_number().saturating_sub(1);
                    l.movestogo = Some(self.mps - played % self.mps);
                }
            } else if self.depth.is_none() {
                l.movetime = Some(Duration::from_secs(5));
            }
        }
        l
    }

    /// Starts thinking about the current position; the move is sent when the search ends.
    fn think(&mut self) {
        let pos = self.game.pos.clone();
        if let Some(o) = pos.outcome() {
            self.out.line(&result_line(&pos, o));
            return;
        }
        let limits = self.limits();
        let (o1, o2) = (self.out.clone(), self.out.clone());
        let (p1, p2) = (pos.clone(), pos.clone());
        let post = self.post;
        let pending = self.pending.clone();
        self.searcher.start(
            pos,
            limits,
            move |i: &Info| {
                if post {
                    o1.line(&thinking_line(&p1, i));
                }
            },
            move |r: SearchResult| {
                let Some(m) = r.best else { return };
                *pending.lock().unwrap_or_else(|e| e.into_inner()) = Some(m);
                o2.line(&format!("move {}", xb_move(&p2, m)));
                let mut after = p2.clone();
                after.make(m);
                if let Some(o) = after.outcome() {
                    o2.line(&result_line(&after, o));
                }
            },
        );
    }
}

fn thinking_line(pos: &Position, i: &Info) -> String {
    let r = &i.result;
    let score = match r.mate_in {
        Some(m) if m > 0 => 100_000 + m,
        Some(m) => -100_000 + m,
        None => r.score_cp,
    };
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for &m in &r.pv {
        if !p.legal_moves().contains(&m) {
            break;
        }
        pv.push(xb_move(&p, m));
        p.make(m);
    }
    format!("{} {score} {} {} {}", r.depth, i.elapsed.as_millis() / 10, r.nodes, pv.join(" "))
}

fn result_line(_pos: &Position, o: ccg_core::Outcome) -> String {
    let why = format!("{:?}", o.reason);
    match o.winner {
        Some(Color::White) => format!("1-0 {{White wins by {why}}}"),
        Some(Color::Black) => format!("0-1 {{Black wins by {why}}}"),
        None => format!("1/2-1/2 {{Draw by {why}}}"),
    }
}

/// `level MPS BASE INC` → moves per control and increment (the base arrives with `time`).
fn parse_level(w: &[&str]) -> Option<(u32, Duration)> {
    let [mps, _base, inc] = w else { return None };
    let inc: f64 = inc.parse().ok().filter(|x: &f64| (0.0..1e6).contains(x))?;
    Some((mps.parse().ok()?, Duration::from_secs_f64(inc)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_rank_boards_count_ranks_from_zero() {
        let v = ccg_games::variant("mgc", &[]).unwrap();
        let p = Position::new(v.clone());
        for &m in p.legal_moves().iter() {
            assert_eq!(from_xb_move(&v, &xb_move(&p, m)), p.move_coord(m));
        }
        assert_eq!(from_xb_move(&v, "f2f4"), "f3f5");
        assert_eq!(from_xb_move(&v, "i8j9q"), "i9j10q");
    }

    #[test]
    fn pieces_in_betza() {
        let v = ccg_games::variant("mgc", &[]).unwrap();
        let cmds = variant_commands(&Position::new(v.clone()));
        assert_eq!(
            cmds[0],
            "setup (PNB.Q.EAC.M.H..G..L..Kpnb.q.eac.m.h..g..l..k) 10x10+0_fairy \
             lgmaqkamgl/hncebbecnh/pppppppppp/10/10/10/10/PPPPPPPPPP/HNCEBBECNH/LGMAKQAMGL w - - 0 1"
        );
        assert!(cmds.contains(&"piece H& DNA".to_string()), "{cmds:?}");
        assert!(cmds.contains(&"piece P& mWmFcFimfDimfNimfA".to_string()), "{cmds:?}");
        assert!(cmds.contains(&"piece K& WFDNAHCZG".to_string()), "{cmds:?}");
    }
}
