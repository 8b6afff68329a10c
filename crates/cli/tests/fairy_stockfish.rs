//! `ccg match` against the real Fairy-Stockfish engine in the four configurations issue 6 names
//! for the strength comparison: `shogi`, `shogi1`, `guru castling=off` and
//! `mgc king=step pawnleap=rank` (the pawn's leap read as Fairy-Stockfish reads it), each
//! described to Fairy-Stockfish by `tests/oracle/variants.ini` (checked move for move against our
//! rules by `crates/games/tests/pyffish_diff.rs`).
//!
//! Needs the engine built by `bash scripts/fairy-stockfish/build.sh` (CI does it), found at
//! `target/fairy-stockfish/fairy-stockfish` or `$FAIRY_STOCKFISH`; without it the test fails and
//! says so. Node limits keep both engines deterministic, so every move of these games is fixed.

use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fairy_stockfish() -> PathBuf {
    let path = std::env::var_os("FAIRY_STOCKFISH")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target/fairy-stockfish/fairy-stockfish"));
    assert!(
        path.is_file(),
        "no Fairy-Stockfish at {}: build it with `bash scripts/fairy-stockfish/build.sh` (or set \
         FAIRY_STOCKFISH to an engine binary)",
        path.display()
    );
    path
}

#[test]
fn matches_against_fairy_stockfish_run_in_all_four_configurations() {
    let fsf = fairy_stockfish();
    let ini = repo().join("tests/oracle/variants.ini");
    for (game, options, fsf_variant) in [
        ("shogi", &[][..], "modernshogi"),
        ("shogi1", &[][..], "modernshogi1"),
        ("guru", &["castling=off"][..], "guru"),
        ("mgc", &["king=step", "pawnleap=rank"][..], "mgc-kingstep"),
    ] {
        let dir = std::env::temp_dir().join(format!("ccg-fsf-{game}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let engine = format!(
            "cmd={} name=fairy-stockfish option.VariantPath={} option.UCI_Variant={fsf_variant}",
            fsf.display(),
            ini.display()
        );
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ccg"));
        cmd.args(["match", game, "--engine", "ccg", "--engine", &engine]);
        for o in options {
            cmd.args(["--option", o]);
        }
        cmd.args(["--games", "2", "--nodes", "3000", "--max-plies", "60", "--records"]).arg(&dir);
        let out = cmd.output().expect("ccg runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}: {stdout}\n{stderr}");
        assert!(
            stdout.contains("ccg vs fairy-stockfish:") && stdout.contains("of 2 games"),
            "{game}: {stdout}"
        );
        let mut records: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        records.sort();
        assert_eq!(records.len(), 2, "{game}: {records:?}");
        for r in &records {
            let text = std::fs::read_to_string(r).unwrap();
            let termination = text.lines().find(|l| l.starts_with("[Termination ")).unwrap_or("");
            for bad in ["illegal", "forfeits", "failed to start", "on time"] {
                assert!(!termination.contains(bad), "{game} {}: {termination}\n{text}", r.display());
            }
            // Both engines moved: the record replays under our rules.
            let mut replay = Command::new(env!("CARGO_BIN_EXE_ccg"));
            replay.arg("replay").arg(game).arg(r);
            for o in options {
                replay.args(["--option", o]);
            }
            let replay = replay.output().unwrap();
            assert!(replay.status.success(), "{game}: {}", String::from_utf8_lossy(&replay.stderr));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
