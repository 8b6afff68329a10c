//! Hostile input to whole protocol sessions (`run` over a byte stream, as `ccg uci` reads
//! stdin): bytes that are not UTF-8, endless lines, impossible hash sizes, a parameter file that
//! never ends, times that overflow. Each is answered with an error line and the session goes on.

use ccg_protocols::{uci::Uci, usi::Usi, xboard::XBoard, Out};
use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct Buf(Arc<Mutex<Vec<u8>>>);

impl Write for Buf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Buf {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

fn uci(input: &[u8]) -> String {
    let buf = Buf::default();
    Uci::new(Out::new(buf.clone())).run(input);
    buf.text()
}

fn usi(input: &[u8]) -> String {
    let buf = Buf::default();
    Usi::new(Out::new(buf.clone())).run(input);
    buf.text()
}

fn xboard(input: &[u8]) -> String {
    let buf = Buf::default();
    XBoard::new(Out::new(buf.clone())).run(input);
    buf.text()
}

#[test]
fn bytes_that_are_not_utf8_get_an_error_line_and_the_session_goes_on() {
    let garbage: &[u8] = b"\xff\xfe\x80 isready \xc3\n";
    let out = uci(&[b"uci\n".as_slice(), garbage, b"isready\n"].concat());
    assert!(out.contains("info string error: input line is not UTF-8"), "{out}");
    assert!(out.trim_end().ends_with("readyok"), "{out}");
    let out = usi(&[b"usi\n".as_slice(), garbage, b"isready\n"].concat());
    assert!(out.contains("info string error: input line is not UTF-8"), "{out}");
    assert!(out.trim_end().ends_with("readyok"), "{out}");
    let out = xboard(&[b"xboard\nprotover 2\n".as_slice(), garbage, b"ping 7\n"].concat());
    assert!(out.contains("Error (input line is not UTF-8"), "{out}");
    assert!(out.trim_end().ends_with("pong 7"), "{out}");
}

#[test]
fn an_endless_line_is_cut_and_reported() {
    let long = vec![b'a'; 3 << 20];
    let out = uci(&[long.as_slice(), b"\nisready\n"].concat());
    assert!(out.contains("longer than"), "{}", &out[..out.len().min(300)]);
    assert!(out.trim_end().ends_with("readyok"));
    assert!(out.len() < 10_000, "the long line was echoed back");
}

#[test]
fn an_impossible_hash_size_is_refused_and_the_old_table_kept() {
    let out = uci(b"setoption name Hash value 65536\nisready\ngo depth 2\n");
    assert!(out.contains("info string error: Hash:") && out.contains("old table is kept"), "{out}");
    assert!(out.contains("readyok") && out.contains("bestmove "), "{out}");
    let out = usi(
        b"setoption name USI_Variant value shogi\nsetoption name USI_Hash value 65536\nisready\ngo depth 2\n",
    );
    assert!(out.contains("info string error: USI_Hash:"), "{out}");
    assert!(out.contains("readyok") && out.contains("bestmove "), "{out}");
}

#[test]
fn a_parameter_file_that_never_ends_or_is_no_file_is_refused() {
    let out = uci(b"setoption name ParamsFile value /dev/zero\nisready\n");
    assert!(out.contains("ParamsFile /dev/zero: not a regular file"), "{out}");
    assert!(out.trim_end().ends_with("readyok"));
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.params");
    std::fs::write(&big, vec![b'#'; (1 << 20) + 10]).unwrap();
    let out = uci(format!("setoption name ParamsFile value {}\nisready\n", big.display()).as_bytes());
    assert!(out.contains("larger than"), "{out}");
    assert!(out.trim_end().ends_with("readyok"));
}

#[test]
fn a_parameter_file_that_does_not_serve_the_game_is_reported_and_the_search_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    // `+P` is a piece of shogi (the promoted Pawn), not of Modern Grand Chess (the default
    // game) nor of Russian cheskers.
    let tokin = path("tokin.toml", "[material]\n\"+P\" = 500\n");
    let out = uci(format!(
        "setoption name UCI_Variant value shogi\nsetoption name ParamsFile value {tokin}\nisready\n"
    )
    .as_bytes());
    assert!(!out.contains("info string error"), "{out}");
    let out = uci(
        format!("setoption name ParamsFile value {tokin}\nsetoption name UCI_Variant value cheskers\nisready\ngo depth 2\n")
            .as_bytes(),
    );
    let said = out.lines().filter(|l| l.starts_with("info string error: ParamsFile: parameter file")).count();
    assert_eq!(said, 2, "once when set for the default game (mgc), once for cheskers: {out}");
    assert!(
        out.contains("cheskers is played with its shipped parameters") && out.contains("bestmove "),
        "{out}"
    );
}

#[test]
fn huge_times_do_not_overflow() {
    let max = i64::MAX;
    let out =
        uci(format!("go wtime {max} btime {max} winc {max} binc {max} movetime {max} depth 1\nisready\n")
            .as_bytes());
    assert!(out.contains("bestmove ") && out.contains("readyok"), "{out}");
    let max = u64::MAX;
    let out = usi(
        format!("setoption name USI_Variant value shogi\ngo btime {max} wtime {max} byoyomi {max} binc {max} depth 1\nisready\n")
            .as_bytes(),
    );
    assert!(out.contains("bestmove ") && out.contains("readyok"), "{out}");
    let out =
        xboard(format!("xboard\nprotover 2\nnew\ntime {max}\notim {max}\nsd 1\ngo\nping 1\n").as_bytes());
    assert!(out.contains("move ") && out.contains("pong 1"), "{out}");
}
