//! Fixed perft numbers, checked in. Depths 1–3 are also confirmed by the independent reference
//! generator in `reference_diff.rs` (depth 4 there with `--ignored`).

use ccg_core::Position;

fn perft(id: &str, opts: &[(&str, &str)], fen: Option<&str>, depth: u32) -> u64 {
    let opts: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let v = ccg_games::variant(id, &opts).unwrap();
    let mut pos = match fen {
        Some(f) => Position::from_fen(v, f).unwrap(),
        None => Position::new(v),
    };
    pos.perft(depth)
}

#[test]
fn mgc_start() {
    let expected = [119, 14_126, 1_727_826, 210_272_461];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft("mgc", &[], None, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn mgc1_start() {
    let expected = [112, 12_544, 1_452_606, 167_873_976];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft("mgc1", &[], None, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn forward_pawns_start() {
    assert_eq!(perft("mgc", &[("pawns", "forward")], None, 3), 1_701_721);
    assert_eq!(perft("mgc1", &[("pawns", "forward")], None, 3), 1_427_966);
}

/// Positions of the seed party after White's and Black's moves 10, 20, 30 and 40.
#[test]
fn mgc_party_midgame() {
    let cases: [(&str, [u64; 4]); 4] = [
        (
            "lgmaqkamgl/2c2bec1h/pph1n1nppp/2bp'p'1p'3/2p'2p'4/4P'P'4/3P'2NH2/PPP2CPPPP/HNCE1BEK2/LG1AMQAMGL w - 7 11",
            [154, 19_795, 3_033_942, 395_430_267],
        ),
        (
            "lgmaqk!amgl/4cb4/1ph1cenhpp/1Hbp'p'1p'p'2/5p'4/4P'P'4/2N3N3/P1P2CPPPP/2CE1BEK2/LG1AMQAMGL w - 1 21",
            [173, 20_635, 3_492_260, 423_577_919],
        ),
        (
            "lgmaq1amgl/5b2k!1/1p5hpp/2ep'p'n1p'2/1E3p'4/5P'4/6N3/P1P2CPPPP/2C4K2/LG1AMQAMGL w - 4 31",
            [164, 23_203, 3_801_553, 533_654_363],
        ),
        (
            "lg2q1amgl/5b2k!1/5a1hp1/4p'np'p'2/1N3p'4/4p'P'1P'2/1C8/P1P2C1PP1/6AK2/LG1M1Q1MGL w - 1 41",
            [173, 20_323, 3_461_999, 413_370_590],
        ),
    ];
    for (i, (fen, expected)) in cases.iter().enumerate() {
        // Depth 4 on two of them keeps the suite within a minute on two cores.
        let max = if i % 2 == 1 { 4 } else { 3 };
        for d in 1..=max {
            assert_eq!(perft("mgc", &[], Some(fen), d), expected[d as usize - 1], "{fen} depth {d}");
        }
    }
}
