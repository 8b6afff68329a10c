//! The `ccg` binary as a user runs it.

use std::process::{Command, Output};

fn ccg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ccg")).args(args).output().expect("ccg runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn record(name: &str) -> String {
    format!("{}/../../records/mgc/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_lists_every_id_with_status() {
    let out = stdout(&ccg(&["games"]));
    for id in ["mgc ", "mgc1 ", "guru ", "shogi1 ", "cheskers ", "nihongi ", "brilliant ", "doseki "] {
        assert!(out.lines().any(|l| l.starts_with(id)), "{id} missing in\n{out}");
    }
    assert!(out.lines().any(|l| l.starts_with("mgc ") && l.ends_with(" implemented")));
    assert!(out.lines().any(|l| l.starts_with("guru ") && l.ends_with(" implemented")));
    assert!(out.lines().any(|l| l.starts_with("pyramids1 ") && l.contains("implemented (reconstructed")));
    assert!(out.lines().any(|l| l.starts_with("bermuda ") && l.contains("reconstructed")));
    assert!(out.lines().any(|l| l.starts_with("doseki ") && l.contains("implemented (reconstructed")));
}

#[test]
fn bench_lines_up_one_row_per_game_with_its_perft_count() {
    let o = ccg(&["bench", "mgc", "pyramids2-cheskers9", "--depth", "2", "--search-nodes", "200"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    // Every column starts where the header's does, however long the game id.
    let nodes_end = lines[0].find("nodes").unwrap() + "nodes".len();
    for (line, game) in lines[1..].iter().zip(["mgc", "pyramids2-cheskers9"]) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], game);
        assert_eq!(fields[1], "2");
        let perft = stdout(&ccg(&["perft", game, "2"]));
        assert_eq!(format!("nodes {}", fields[2]), perft.trim(), "{out}");
        assert_eq!(line.find(fields[2]).unwrap() + fields[2].len(), nodes_end, "{out}");
    }
}

/// `--toggle` switches a search feature off for the timed search (`nonet`: the shipped shogi
/// network's speed against the hand-written evaluation's); a name that is no toggle is refused.
#[test]
fn bench_takes_search_toggles_and_refuses_unknown_ones() {
    let o = ccg(&["bench", "shogi", "--depth", "1", "--search-nodes", "300", "--toggle", "nonet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let row: Vec<&str> = out.lines().nth(1).expect("a row").split_whitespace().collect();
    assert_eq!((row[0], row[5]), ("shogi", "300"), "{out}");
    let o = ccg(&["bench", "shogi", "--depth", "1", "--toggle", "nofast"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("nofast") && err.contains("nonet"), "{err}");
}

#[test]
fn train_and_match_refuse_network_and_parameter_files_that_are_none_before_playing() {
    let dir = std::env::temp_dir().join(format!("ccg-train-cli-{}", std::process::id()));
    let bogus = dir.join("bogus.nnue");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&bogus, b"not a network").unwrap();
    let d = dir.to_str().unwrap();
    let o = ccg(&["train", "shogi", "--games", "10", "--dir", d, "--play-net", bogus.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("network file") && err.contains("bogus.nnue"), "{err}");
    assert!(std::fs::read_dir(&dir).unwrap().count() == 1, "nothing played or written");
    // A match too: the engine would play by the hand-written evaluation or the shipped values
    // under the file's name.
    let refused = |setting: &str| {
        let engine = format!("ccg {setting}={}", bogus.display());
        let o = ccg(&[
            "match", "shogi", "--engine", &engine, "--engine", "random", "--games", "2", "--nodes", "100",
        ]);
        assert!(!o.status.success(), "{engine}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let err = refused("net");
    assert!(err.contains("not a ccg network") && err.contains("bogus.nnue"), "{err}");
    let err = refused("params");
    assert!(err.contains("parameter file") && err.contains("bogus.nnue"), "{err}");
    let o = ccg(&["train", "shogi", "--games", "10", "--dir", d, "--play-net", "x", "--play-nonet"]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("cannot be used with"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Mirror images where the game has none (a chess setup: King and Queen on different wings) are
/// refused before anything is played or written.
#[test]
fn train_refuses_mirror_images_where_the_game_has_none() {
    let dir = std::env::temp_dir().join(format!("ccg-reflect-cli-{}", std::process::id()));
    let o = ccg(&["train", "mgc", "--games", "10", "--dir", dir.to_str().unwrap(), "--reflect"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("no reflection of the board keeps mgc"), "{err}");
    assert!(!dir.exists(), "nothing played or written");
}

/// A sigmoid scale whose decided-game limit would not fit a kept score is refused up front.
#[test]
fn train_refuses_a_scale_out_of_range() {
    let dir = std::env::temp_dir().join(format!("ccg-scale-cli-{}", std::process::id()));
    for bad in ["0", "5000", "NaN"] {
        let o = ccg(&["train", "shogi", "--games", "10", "--dir", dir.to_str().unwrap(), "--scale", bad]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains("--scale must be 10 to 2000"), "{bad}: {err}");
    }
    // A teacher's scores are kept to the default scale's certainty: the two are refused together.
    let o = ccg(&["train", "shogi", "--dir", dir.to_str().unwrap(), "--scale", "1000", "--teacher", "cmd=x"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("cannot be used with"), "{err}");
    assert!(!dir.exists(), "nothing played or written");
}

#[test]
fn perft_divide_ends_with_nodes() {
    let o = ccg(&["perft", "mgc", "2", "--divide", "--moves", "1._f3-f5_f8-f6"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let total: u64 =
        lines[..lines.len() - 1].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(lines.last().unwrap(), &format!("nodes {total}"));
    assert!(lines.iter().any(|l| l.starts_with("Ke1-h4 ")));
}

#[test]
fn perft_with_option_and_position() {
    let o = ccg(&["perft", "mgc", "3", "--option", "pawns=forward"]);
    assert_eq!(stdout(&o).trim(), "nodes 1701721");
    let o = ccg(&["perft", "mgc", "1", "--position", "9k/10/10/10/10/4K5/10/10/10/10 w - 0 1"]);
    assert_eq!(stdout(&o).trim(), "nodes 48");
}

#[test]
fn replay_passes_on_the_seed_party() {
    let o = ccg(&["replay", "mgc", &record("kosintsev-skuratovsky-1.rec")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains(" 12. Hg6:e8+ "));
    assert!(out.contains(" 45. Ce10:g10+ "));
    assert_eq!(out.matches('+').count(), 2);
    assert!(out.contains("result: 1:0"));
    assert!(String::from_utf8_lossy(&o.stderr).is_empty());
}

#[test]
fn replay_fails_on_the_printed_misprint() {
    let o = ccg(&["replay", "mgc", &record("kosintsev-skuratovsky-1.as-printed.rec")]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains(r#"move 14 black: "Eg9-t8": no square "t8""#));
}

#[test]
fn bad_input_gets_clear_errors() {
    for (args, msg) in [
        (vec!["show", "nosuch"], "unknown game \"nosuch\""),
        (vec!["show", "doseki", "--position", "zz w"], "board has 1 rows"),
        (vec!["show", "omino", "--moves", "K:e1-e2"], "this move is no K move"),
        (vec!["show", "omino", "--moves", "e1-e5"], "no legal move has this effect"),
        (vec!["show", "mgc", "--position", "zz w"], "board has 1 rows"),
        (vec!["show", "mgc", "--moves", "1. e3-e7"], "the Pawn on e3 cannot move to e7"),
        (vec!["show", "mgc", "--option", "pawns=sideways"], "allowed values are forward"),
        (vec!["show", "mgc", "--option", "remove=K"], "never removed"),
        (vec!["replay", "mgc", "/nonexistent.rec"], "reading /nonexistent.rec"),
    ] {
        let o = ccg(&args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(msg), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn show_prints_diagram_and_position_string() {
    let out = stdout(&ccg(&["show", "mgc"]));
    assert!(out.contains(" 1  L G M A K Q A M G L"), "{out}");
    assert!(out.contains("    a b c d e f g h i k"), "{out}");
    assert!(
        out.contains("lgmaqkamgl/hncebbecnh/pppppppppp/10/10/10/10/PPPPPPPPPP/HNCEBBECNH/LGMAKQAMGL w - 0 1")
    );
}

#[test]
fn show_draws_cube_layers_sudoku_blocks_and_hexagons() {
    let cube = stdout(&ccg(&["show", "cubic"]));
    assert!(cube.contains("y0  K R H P | Q P P . | . . . . | . . . p"), "{cube}");
    let tesseract = stdout(&ccg(&["show", "nihongi"]));
    assert!(tesseract.contains("-------+-------+------"), "{tesseract}");
    let hex = stdout(&ccg(&["show", "brilliant"]));
    assert!(hex.contains(" 8 / r\\__/ q\\__/ k\\__/ q\\__/ r\\"), "{hex}");
    assert!(hex.contains("\\__/ N\\__/ B\\__/ B\\__/ N\\__/"), "{hex}");
}

/// `--teacher`: the positions are scored by another UCI engine (here our own binary over UCI, so
/// that the test needs nothing else); the labels are cached, so a second run searches none.
#[test]
fn a_teacher_scores_the_training_positions_once() {
    let dir = std::env::temp_dir().join(format!("ccg-teacher-cli-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let teacher = format!("cmd={} arg=uci name=self", env!("CARGO_BIN_EXE_ccg"));
    let out = dir.join("t.nnue");
    let args = [
        "train",
        "shogi1",
        "--games",
        "10",
        "--nodes",
        "150",
        "--epochs",
        "1",
        "--threads",
        "2",
        "--dir",
        d,
        "--out",
        out.to_str().unwrap(),
        "--teacher",
        &teacher,
        "--teacher-go",
        "depth 2",
    ];
    let o = ccg(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let first = stdout(&o);
    let searched = |text: &str| -> usize {
        let line =
            text.lines().find(|l| l.starts_with("teacher self at go depth 2:")).expect("a teacher line");
        line.split(": ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap()
    };
    assert!(searched(&first) > 0, "{first}");
    assert!(first.contains("scored by self at go depth 2"), "{first}");
    assert!(out.exists());
    let again = stdout(&ccg(&args));
    assert_eq!(searched(&again), 0, "{again}");
    // Scaled to our centipawns: the same labels (nothing searched) divided by the measured scale.
    let scaled: Vec<&str> = args.iter().copied().chain(["--teacher-scale", "auto"]).collect();
    let third = stdout(&ccg(&scaled));
    assert_eq!(searched(&third), 0, "{third}");
    assert!(third.contains("teacher scores divided by"), "{third}");
    let o = ccg(&args.iter().copied().chain(["--teacher-scale", "0"]).collect::<Vec<_>>());
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("positive number or `auto`"));
    // A teacher must be an external UCI engine, and its limit one `go` understands.
    let o = ccg(&["train", "shogi1", "--games", "10", "--dir", d, "--teacher", "greedy"]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("external UCI engine"));
    let o = ccg(&[
        "train",
        "shogi1",
        "--games",
        "10",
        "--dir",
        d,
        "--teacher",
        &teacher,
        "--teacher-go",
        "ply 3",
    ]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--teacher-go"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    // Our end of the pipe is closed before ccg writes its first line, so every write fails with
    // a broken pipe, as under `ccg replay … | head -1`.
    let rec = record("kosintsev-skuratovsky-1.rec");
    for args in
        [&["games"][..], &["perft", "mgc", "2", "--divide"], &["show", "shogi"], &["replay", "mgc", &rec]]
    {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ccg"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("ccg runs");
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("ccg ends");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(o.status.success(), "{args:?}: {:?} {err}", o.status);
    }
}
