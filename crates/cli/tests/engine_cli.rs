//! The engine subcommands of the `ccg` binary: protocols on real pipes, `play` with piped input,
//! `match` with a fast clock (no loss on time, records written), `tune` on a tiny sample.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ccg_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ccg"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ccg runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn uci_on_pipes_answers_and_moves() {
    let o = ccg_with_input(&["uci"], b"uci\nisready\nposition startpos moves f3f5\ngo nodes 3000\n");
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("bestmove ") && l != "bestmove (none)"), "{out}");
}

#[test]
fn garbage_on_stdin_never_crashes() {
    let mut garbage: Vec<u8> = Vec::new();
    let mut rng = ccg_core::Rng::from_state(0x1234_5678_9abc_def1);
    for _ in 0..4000 {
        let s = rng.next_u64();
        garbage.push(match s % 7 {
            0 => b'\n',
            1 => b' ',
            _ => (s >> 8) as u8,
        });
    }
    garbage.extend_from_slice(
        b"\ngo depth 99999999999999999999999\nposition fen \xff\xfe moves\ngo nodes 100\n",
    );
    for proto in ["uci", "xboard", "usi"] {
        let o = ccg_with_input(&[proto], &garbage);
        assert!(o.status.success(), "{proto}: {}", text(&o.stderr));
        assert!(!text(&o.stderr).contains("panicked"), "{proto}");
    }
}

#[test]
fn play_with_piped_input() {
    let o = ccg_with_input(
        &["play", "mgc", "--level", "1"],
        b"hint\nf3-f5\nundo\nmoves\nzz-top\nf3-f5\nfen\nquit\n",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("black plays "), "{out}");
    assert!(out.contains("not a legal move"), "{out}");
}

#[test]
fn match_at_fast_clock_loses_nothing_on_time() {
    let dir = std::env::temp_dir().join(format!("ccg-match-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let o = ccg_with_input(
        &[
            "match",
            "mgc",
            "--engine",
            "ccg",
            "--engine",
            "greedy",
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--concurrency",
            "1",
            "--max-plies",
            "60",
            "--records",
            d,
        ],
        b"",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("of 2 games"), "{out}");
    assert!(!out.contains("forfeit") && !text(&o.stderr).contains("on time"), "{out}\n{}", text(&o.stderr));
    let recs: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(recs.len(), 2);
    // Our engine's moves carry its score and depth beside the time (`{+0.35/5 0.107s}`), the
    // greedy player's the time only.
    for rec in &recs {
        let text = std::fs::read_to_string(rec).unwrap();
        let comments: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|c| c.split('}').next())
            .filter(|c| c.ends_with('s'))
            .collect();
        let judged = |c: &&str| {
            let Some((eval, time)) = c.split_once(' ') else { return false };
            let Some((score, depth)) = eval.split_once('/') else { return false };
            let score_ok = score.starts_with(['+', '-'])
                && (score[1..].parse::<f64>().is_ok()
                    || score[1..].strip_prefix('M').is_some_and(|n| n.parse::<u32>().is_ok()));
            score_ok && depth.parse::<u32>().is_ok() && time.trim_end_matches('s').parse::<f64>().is_ok()
        };
        let bare = |c: &&str| c.trim_end_matches('s').parse::<f64>().is_ok();
        assert!(comments.iter().any(judged), "no score/depth comment in {text}");
        assert!(comments.iter().any(bare), "no time-only comment in {text}");
        assert!(comments.iter().all(|c| judged(c) || bare(c)), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_reports_sprt_and_uses_external_uci_engines() {
    // Our own binary as an external UCI engine.
    let me = env!("CARGO_BIN_EXE_ccg");
    let ext = format!("cmd={me} arg=uci name=ccg-uci");
    let o = ccg_with_input(
        &[
            "match",
            "mgc1",
            "--engine",
            "ccg nonull",
            "--engine",
            &ext,
            "--games",
            "2",
            "--nodes",
            "500",
            "--max-plies",
            "40",
            "--sprt",
            "0,50",
        ],
        b"",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("ccg nonull vs ccg-uci"), "{out}");
    assert!(out.contains("SPRT elo0=0 elo1=50"), "{out}");
    assert!(!out.contains("forfeit"), "{out}");
}

/// A UCI engine that is slow to start: a script that sleeps `secs`, then runs our own `ccg uci`.
#[cfg(unix)]
fn slow_uci_engine(secs: f64, tag: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::temp_dir().join(format!("ccg-slow-{tag}-{}.sh", std::process::id()));
    let script = format!("#!/bin/sh\nsleep {secs}\nexec '{}' uci\n", env!("CARGO_BIN_EXE_ccg"));
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `ccg match mgc1` of ccg against an engine `tag` that needs 1.5 s to say `uciok`, with `extra`
/// arguments.
#[cfg(unix)]
fn match_against_slow_engine(tag: &str, extra: &[&str]) -> std::process::Output {
    let script = slow_uci_engine(1.5, tag);
    let ext = format!("cmd={} name={tag}", script.display());
    let mut args = vec!["match", "mgc1", "--engine", "ccg", "--engine", &ext];
    args.extend_from_slice(extra);
    let o = ccg_with_input(&args, b"");
    let _ = std::fs::remove_file(&script);
    o
}

#[cfg(unix)]
#[test]
fn match_clock_starts_after_a_slow_engine_handshake() {
    // The engine needs 1.5 s to say `uciok`, more than its whole 1 s clock: counted against the
    // clock it would lose the first move on time.
    let o = match_against_slow_engine("slow", &["--games", "2", "--tc", "1+0.05", "--max-plies", "12"]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("ccg vs slow") && out.contains("of 2 games"), "{out}");
    assert!(!out.contains("forfeit") && !text(&o.stderr).contains("on time"), "{out}\n{}", text(&o.stderr));
}

#[cfg(unix)]
#[test]
fn match_forfeits_an_engine_that_misses_the_handshake_with_a_clear_message() {
    let o = match_against_slow_engine("late", &["--games", "2", "--nodes", "200", "--handshake-ms", "300"]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // Both games go to ccg, each forfeit saying what was asked, how long it waited, and the fix.
    assert!(out.contains("+2 =0 -0") && out.contains("2 games ended by forfeit"), "{out}");
    assert!(
        out.contains("late failed to start")
            && out.contains("did not answer `uci` with `uciok` within 300 ms")
            && out.contains("--handshake-ms"),
        "{out}"
    );
    // Zero is no handshake at all: refused with a clear error, nothing played.
    let o = match_against_slow_engine("never", &["--handshake-ms", "0"]);
    assert!(!o.status.success() && text(&o.stderr).contains("--handshake-ms"), "{}", text(&o.stderr));
}

#[test]
fn match_drives_external_xboard_engines() {
    let me = env!("CARGO_BIN_EXE_ccg");
    let ext = format!("cmd={me} arg=xboard proto=xboard name=ccg-xboard");
    let o = ccg_with_input(
        &[
            "match",
            "mgc",
            "--engine",
            "ccg",
            "--engine",
            &ext,
            "--games",
            "2",
            "--tc",
            "2+0.02",
            "--max-plies",
            "16",
        ],
        b"",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("ccg vs ccg-xboard") && out.contains("of 2 games"), "{out}");
    assert!(!out.contains("forfeit"), "{out}");
}

#[test]
fn tune_writes_a_parameter_file_the_engine_loads() {
    let out = std::env::temp_dir().join(format!("ccg-tune-{}.toml", std::process::id()));
    let path = out.to_str().unwrap();
    let o = ccg_with_input(
        &[
            "tune",
            "mgc1",
            "--games",
            "5",
            "--nodes",
            "150",
            "--iterations",
            "10",
            "--threads",
            "1",
            "--out",
            path,
        ],
        b"",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("held-out mean squared error") && stdout.contains("wrote"), "{stdout}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("P = 100") && written.contains("threats ="), "{written}");
    // The engine plays with it.
    let spec = format!("ccg params={path}");
    let o = ccg_with_input(
        &[
            "match",
            "mgc1",
            "--engine",
            &spec,
            "--engine",
            "random",
            "--games",
            "2",
            "--nodes",
            "200",
            "--max-plies",
            "20",
        ],
        b"",
    );
    assert!(o.status.success() && !text(&o.stdout).contains("forfeit"), "{}", text(&o.stderr));
    let _ = std::fs::remove_file(&out);
    // Too few games to hold any out: a clear error.
    let o = ccg_with_input(&["tune", "mgc1", "--games", "2", "--out", path], b"");
    assert!(!o.status.success() && text(&o.stderr).contains("at least 5"), "{}", text(&o.stderr));
    assert!(!out.exists());
}
