//! Golden transcripts: a fixed script fed to each protocol, the output compared line by line
//! (search progress lines, whose numbers vary, are left out; the best move is checked for
//! legality instead of by text). Garbage input must never panic.

use ccg_protocols::{uci::Uci, usi::Usi, xboard::XBoard, Out};
use proptest::prelude::*;
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
    fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().unwrap()).lines().map(str::to_string).collect()
    }
}

/// Output lines without search progress (`info depth …`, XBoard thinking lines).
fn stable(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|l| !l.starts_with("info depth") && !l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(|l| match l.split_once(' ') {
            Some(("bestmove", _)) => "bestmove <move>".to_string(),
            Some(("move", _)) => "move <move>".to_string(),
            _ => l,
        })
        .collect()
}

/// Compares with the expected lines; `{games}` stands for the implemented games as `var` list,
/// `{ids}` for them comma-separated (the catalogue grows, the transcript should not).
fn golden(actual: Vec<String>, expected: &str) {
    let ids = ccg_protocols::game_ids();
    let vars: String = ids.iter().map(|g| format!(" var {g}")).collect();
    let expected = expected.replace("{games}", &vars).replace("{ids}", &ids.join(","));
    let exp: Vec<&str> = expected.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert_eq!(stable(actual), exp);
}

#[test]
fn uci_transcript() {
    let buf = Buf::default();
    let mut e = Uci::new(Out::new(buf.clone()));
    for l in [
        "uci",
        "isready",
        "setoption name UCI_Variant value mgc1",
        "setoption name UCI_Variant value chess",
        "position startpos moves f3f5 f8f6",
        "go depth 3",
        "position startpos moves e3e4 zz9",
        "go wtime 100 btime 100 winc 0 binc 0",
        "setoption name Threads value two",
        "flibbertigibbet",
        "position fen k!9/10/1K!8/10/10/10/10/10/10/4Q5 w - 0 1",
        "go nodes 5000",
        "d",
    ] {
        e.command(l);
        if l.starts_with("go") {
            e.wait();
        }
    }
    let out = buf.lines();
    assert!(out.iter().any(|l| l.starts_with("info depth 3 ")), "{out:?}");
    assert!(out.iter().any(|l| l.contains("score mate 1 ") && l.contains("pv e1e10")), "{out:?}");
    assert!(out.contains(&"bestmove e1e10".to_string()), "{out:?}");
    golden(
        out,
        r#"
        id name ccg 0.1.0
        id author the chess-checkers-go authors
        option name UCI_Variant type combo default mgc{games}
        option name RuleOptions type string default <empty>
        option name Threads type spin default 1 min 1 max 256
        option name Hash type spin default 16 min 1 max 65536
        option name ParamsFile type string default <empty>
        uciok
        readyok
        info string error: unknown game "chess" (see `ccg games`)
        bestmove <move>
        info string error: move 2 zz9: "zz9": not a legal move here
        bestmove <move>
        info string error: Threads: "two" is not a number from 1 to 256
        info string error: unknown command "flibbertigibbet"
        bestmove <move>
        info string mgc1 k!9/10/1K!8/10/10/10/10/10/10/4Q5 w - 0 1
        "#,
    );
}

#[test]
fn xboard_transcript() {
    let buf = Buf::default();
    let mut e = XBoard::new(Out::new(buf.clone()));
    for l in [
        "xboard",
        "protover 2",
        "variant mgc",
        "new",
        "variant mgc",
        "ping 1",
        "level 40 1 0",
        "time 1000",
        "otim 1000",
        "usermove f2f4",
        "usermove z9z9",
        "sd 2",
        "force",
        "undo",
        "setboard k9/10/1K8/10/10/10/10/10/10/4Q5 w - - 0 1",
        "go",
        "ping 2",
        "quit",
    ] {
        e.command(l);
        if matches!(l, "go" | "usermove f2f4") {
            e.wait();
        }
    }
    let out = buf.lines();
    assert!(out.contains(&"move e0e9".to_string()), "{out:?}");
    golden(
        out,
        r#"
        feature myname="ccg 0.1.0" variants="{ids}" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 colors=0 time=1 reuse=1 analyze=0 name=0 san=0 option="RuleOptions -string " done=1
        setup (PNB.Q.EAC.M.H..G..L..Kpnb.q.eac.m.h..g..l..k) 10x10+0_fairy lgmaqkamgl/hncebbecnh/pppppppppp/10/10/10/10/PPPPPPPPPP/HNCEBBECNH/LGMAKQAMGL w - - 0 1
        piece P& mWmFcFimfDimfNimfA
        piece H& DNA
        piece N& WFDNA
        piece B& B
        piece E& BWF
        piece C& BDNA
        piece L& R
        piece G& RWF
        piece M& RDNA
        piece A& RB
        piece Q& RBDNA
        piece K& WFDNAHCZG
        setup (PNB.Q.EAC.M.H..G..L..Kpnb.q.eac.m.h..g..l..k) 10x10+0_fairy lgmaqkamgl/hncebbecnh/pppppppppp/10/10/10/10/PPPPPPPPPP/HNCEBBECNH/LGMAKQAMGL w - - 0 1
        piece P& mWmFcFimfDimfNimfA
        piece H& DNA
        piece N& WFDNA
        piece B& B
        piece E& BWF
        piece C& BDNA
        piece L& R
        piece G& RWF
        piece M& RDNA
        piece A& RB
        piece Q& RBDNA
        piece K& WFDNAHCZG
        pong 1
        move <move>
        Illegal move (not a legal move here): z9z9
        move <move>
        pong 2
        "#,
    );
}

#[test]
fn usi_transcript() {
    let buf = Buf::default();
    let mut e = Usi::new(Out::new(buf.clone()));
    for l in [
        "usi",
        "isready",
        "usinewgame",
        "position startpos moves 5h5f",
        "go btime 1000 wtime 1000 byoyomi 100",
        "position startpos moves 5h5f 5c5e 11a1a",
        "go depth 2",
        "quit",
    ] {
        e.command(l);
        if l.starts_with("go") {
            e.wait();
        }
    }
    golden(
        buf.lines(),
        r#"
        id name ccg 0.1.0
        id author the chess-checkers-go authors
        option name USI_Variant type combo default mgc{games}
        option name USI_Hash type spin default 16 min 1 max 65536
        usiok
        readyok
        bestmove <move>
        info string error: 11a1a: no such square
        bestmove <move>
        "#,
    );
}

/// Feeds random lines (printable garbage, protocol words with bad arguments) to every protocol.
fn feed_all(lines: &[String]) {
    let mut u = Uci::new(Out::new(Buf::default()));
    let mut x = XBoard::new(Out::new(Buf::default()));
    let mut s = Usi::new(Out::new(Buf::default()));
    for l in lines {
        u.command(l);
        x.command(l);
        s.command(l);
    }
    u.command("stop");
    x.command("?");
    s.command("stop");
}

const WORDS: &[&str] = &[
    "uci",
    "usi",
    "xboard",
    "protover",
    "go",
    "stop",
    "position",
    "startpos",
    "fen",
    "sfen",
    "moves",
    "setoption",
    "name",
    "value",
    "UCI_Variant",
    "USI_Variant",
    "Threads",
    "Hash",
    "RuleOptions",
    "mgc",
    "mgc1",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "infinite",
    "variant",
    "new",
    "force",
    "usermove",
    "setboard",
    "time",
    "otim",
    "level",
    "st",
    "sd",
    "undo",
    "remove",
    "ping",
    "?",
    "e3e5",
    "f2f4",
    "5h5f",
    "a1",
    "-1",
    "99999999999999999999",
    "k!9/10/1K!8/10/10/10/10/10/10/4Q5",
    "w",
    "-",
    "0",
    "1",
    "P*5e",
    "j10j9q",
    "@",
    "=",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]
    #[test]
    fn garbage_never_panics(
        lines in prop::collection::vec(
            prop_oneof![
                "[ -~]{0,40}",
                prop::collection::vec(prop::sample::select(WORDS), 0..8).prop_map(|w| w.join(" ")),
            ],
            0..12,
        )
    ) {
        // Keep searches short: any `go` gets a node limit appended.
        let lines: Vec<String> = lines.into_iter().map(|l| if l.starts_with("go") { format!("{l} nodes 200") } else { l }).collect();
        feed_all(&lines);
    }
}

#[test]
fn usi_plays_shogi() {
    let v = ccg_games::variant("shogi", &[]).unwrap();
    let p = ccg_core::Position::new(v);
    let first = ccg_protocols::usi::usi_move(&p, p.legal_moves()[0]);
    let buf = Buf::default();
    let mut e = Usi::new(Out::new(buf.clone()));
    for l in [
        "usi",
        "setoption name USI_Variant value shogi",
        "isready",
        &format!("position startpos moves {first}"),
        "go depth 2",
    ] {
        e.command(l);
        if l.starts_with("go") {
            e.wait();
        }
    }
    let out = buf.lines();
    let best = out.iter().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move").to_string();
    let mut q = p.clone();
    q.make(ccg_protocols::usi::parse_usi_move(&q, &first).unwrap());
    assert!(ccg_protocols::usi::parse_usi_move(&q, &best).is_ok(), "{best} in {out:?}");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
}
