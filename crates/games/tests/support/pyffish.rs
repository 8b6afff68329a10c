//! The Fairy-Stockfish oracle (`tests/oracle/oracle.py`, pyffish) as a child process, and the
//! conversion of the project's position strings into Fairy-Stockfish FEN.
//!
//! One process answers every query of a test: `legal`, `perft` and `fen` lines on its stdin, one
//! answer line each on its stdout (see the docstring of `oracle.py`). Pyffish builds a fresh
//! position for every query (about 2 ms each), so the tests size their walks in queries.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The oracle's variant names (sections of `tests/oracle/variants.ini`) for our game ids.
pub fn fsf_variant(id: &str) -> &'static str {
    match id {
        "shogi" => "modernshogi",
        "shogi1" => "modernshogi1",
        "guru" => "guru",
        "mgc" => "mgc-kingstep",
        other => panic!("no Fairy-Stockfish config for game {other:?}"),
    }
}

pub struct Oracle {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pub version: String,
    /// Number of queries answered (for sizing).
    pub queries: u64,
}

fn oracle_script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/oracle/oracle.py")
}

impl Oracle {
    /// Starts `python3 tests/oracle/oracle.py`. Panics with instructions when Python or pyffish is
    /// missing: the differential tests must fail loudly, never pass silently.
    pub fn start() -> Oracle {
        let script = oracle_script();
        let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
        let mut child = Command::new(&python)
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start `{python} {}`: {e}. The pyffish differential tests need Python 3 \
                     with `python3 -m pip install pyffish==0.0.90` (CI installs it)",
                    script.display()
                )
            });
        let stdin = child.stdin.take().expect("piped stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut first = String::new();
        stdout.read_line(&mut first).expect("read the oracle's first line");
        let first = first.trim().to_string();
        let Some(version) = first.strip_prefix("ready pyffish ") else {
            let _ = child.wait();
            panic!(
                "the pyffish oracle did not start: {first:?}. Install it with \
                 `python3 -m pip install pyffish==0.0.90` (CI does this in .ci/run)"
            );
        };
        Oracle { version: version.to_string(), child, stdin, stdout, queries: 0 }
    }

    fn ask(&mut self, line: &str) -> String {
        assert!(!line.contains('\n'));
        writeln!(self.stdin, "{line}").expect("write to the oracle");
        self.stdin.flush().expect("flush the oracle's stdin");
        let mut answer = String::new();
        let n = self.stdout.read_line(&mut answer).expect("read from the oracle");
        assert!(n > 0, "the oracle exited on {line:?}");
        self.queries += 1;
        let answer = answer.trim_end_matches(['\n', '\r']).to_string();
        if answer.starts_with("error") {
            panic!("oracle: {answer} (query {line:?})");
        }
        answer
    }

    /// Legal moves of a Fairy-Stockfish FEN, in FSF's UCI form.
    pub fn legal(&mut self, variant: &str, fsf_fen: &str) -> BTreeSet<String> {
        self.ask(&format!("legal {variant} {fsf_fen}")).split_whitespace().map(str::to_string).collect()
    }

    pub fn perft(&mut self, variant: &str, depth: u32, fsf_fen: &str) -> u64 {
        let a = self.ask(&format!("perft {variant} {depth} {fsf_fen}"));
        a.parse().unwrap_or_else(|_| panic!("oracle perft answered {a:?}"))
    }

    /// FSF's FEN after `moves` from `fsf_fen`.
    pub fn fen_after(&mut self, variant: &str, fsf_fen: &str, moves: &[String]) -> String {
        self.ask(&format!("fen {variant} {fsf_fen} ; {}", moves.join(" ")))
    }

    /// Whether the game is over after `moves` from `fsf_fen` (the history counts): `none`, or
    /// `win` / `loss` / `draw` for the side to move then.
    pub fn game_end(&mut self, variant: &str, fsf_fen: &str, moves: &[String]) -> String {
        self.ask(&format!("end {variant} {fsf_fen} ; {}", moves.join(" ")))
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// Our position string as a Fairy-Stockfish FEN.
///
/// Ours: `<board>[<hand>] <side> <ep> <halfmove> <fullmove>` (docs/formats.md): `'` (has moved)
/// and `!` (has been checked) marks after pieces, `+X` promoted pieces, the hand in brackets,
/// the en-passant field the skipped cell in the author's names (file `k` on 10x10 boards).
/// FSF: `<board>[<hand>] <side> <castling> <ep> <halfmove> <fullmove>` with consecutive file
/// letters (`j` for the author's `k`), no marks, castling `-` (the configs have none).
pub fn to_fsf_fen(ours: &str) -> String {
    let fields: Vec<&str> = ours.split_whitespace().collect();
    assert!(fields.len() >= 2, "position string with fewer than 2 fields: {ours:?}");
    let mut board: String = fields[0].chars().filter(|&c| c != '\'' && c != '!').collect();
    // A hand written as a separate field (`… [PPb] w …`) is attached to the board for FSF.
    let mut rest = &fields[1..];
    if rest[0].starts_with('[') {
        board.push_str(rest[0]);
        rest = &rest[1..];
    }
    let side = rest[0];
    let ep = rest.get(1).copied().unwrap_or("-");
    let ep: String = ep.chars().map(|c| if c == 'k' { 'j' } else { c }).collect();
    let half = rest.get(2).copied().unwrap_or("0");
    let full = rest.get(3).copied().unwrap_or("1");
    format!("{board} {side} - {ep} {half} {full}")
}

/// The board and hand of a FSF FEN with the hand sorted (FSF and we may order hands
/// differently), and the side to move: what both must agree on after every move.
pub fn placement(fsf_fen: &str) -> String {
    let mut fields = fsf_fen.split_whitespace();
    let board = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("");
    let (cells, hand) = match board.find('[') {
        Some(i) => (&board[..i], board[i + 1..].trim_end_matches(']')),
        None => (board, ""),
    };
    let mut hand: Vec<char> = hand.chars().filter(|&c| c != '-').collect();
    hand.sort_unstable();
    format!("{cells}[{}] {side}", hand.into_iter().collect::<String>())
}
