//! Fixed perft numbers, checked in at `data/perft.txt` (its header gives the format). Depths 1–3
//! are also confirmed by the independent reference generator in `reference_diff.rs` (depth 4
//! there with `--ignored`).

use ccg_core::Position;

/// One line of `data/perft.txt`.
struct Case {
    slow: bool,
    id: String,
    options: Vec<(String, String)>,
    depth: u32,
    nodes: u64,
    fen: Option<String>,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (slow, l) = match l.strip_prefix("slow ") {
                Some(rest) => (true, rest),
                None => (false, l),
            };
            let mut w = l.splitn(5, ' ');
            let mut field = || w.next().unwrap_or_else(|| panic!("perft.txt: short line {l:?}"));
            let id = field().to_string();
            let options = match field() {
                "-" => Vec::new(),
                o => o
                    .split(',')
                    .map(|kv| {
                        let (k, v) = kv.split_once('=').unwrap_or_else(|| panic!("perft.txt: option {kv:?}"));
                        (k.to_string(), v.to_string())
                    })
                    .collect(),
            };
            let depth = field().parse().unwrap_or_else(|e| panic!("perft.txt: depth in {l:?}: {e}"));
            let nodes = field().parse().unwrap_or_else(|e| panic!("perft.txt: nodes in {l:?}: {e}"));
            let fen = w.next().map(str::to_string);
            Case { slow, id, options, depth, nodes, fen }
        })
        .collect()
}

fn check(slow: bool) {
    let mut run = 0;
    for c in cases().into_iter().filter(|c| c.slow == slow) {
        let v = ccg_games::variant(&c.id, &c.options).unwrap();
        let mut pos = match &c.fen {
            Some(f) => Position::from_fen(v, f).unwrap(),
            None => Position::new(v),
        };
        let at = c.fen.as_deref().unwrap_or("the start");
        assert_eq!(pos.perft(c.depth), c.nodes, "{} {:?} depth {} from {at}", c.id, c.options, c.depth);
        run += 1;
    }
    assert!(run > 0, "no perft lines (slow: {slow})");
}

#[test]
fn perft_numbers_hold() {
    check(false);
}

#[test]
#[ignore = "about a billion nodes: cargo test -p ccg-games --release --test perft -- --ignored"]
fn slow_perft_numbers_hold() {
    check(true);
}
