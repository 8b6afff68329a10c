//! Pyramids, all ten ids: the project's generator (ccg_core through ccg_games) against the
//! independent reference `support/reference_pyramids/`, written straight from docs/rules.md and
//! sharing no code with it.
//!
//! * Perft 1-3 from every start against `data/pyramids.perft` (numbers the reference computed;
//!   its self-test recomputes them, the 9x9 depth-3 lines only with `--ignored`).
//! * Random walks from every start, biased towards partitions, amalgamations, promotions, capture
//!   chains and captures so that each is covered: at every position the same position string, the
//!   same legal moves as canonical texts (none listed twice), the same outcome, and the position
//!   string read back by our generator giving the same string and moves. About 2,000 positions
//!   per id on every run; ten times as many with
//!   `cargo test --release -p ccg-games --test pyramids_reference -- --ignored`.
//! * Random boards of every density (150 per id, a few plies played from each): dense stacks,
//!   pins, long chains, hops over many pieces.
//! * Hand-picked positions where the rules are easy to get wrong.

#[path = "support/reference_pyramids/mod.rs"]
mod reference;

use ccg_core::variant::Variant;
use ccg_core::{Outcome, OutcomeReason, Position};
use reference::{Color, Id, Legal, Pos, Reason, ALL_IDS};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

/// Our variant of `id`, built once per id (building compiles its tables).
fn variant(id: Id) -> Arc<Variant> {
    static CACHE: Mutex<Vec<(&'static str, Arc<Variant>)>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap();
    if let Some((_, v)) = cache.iter().find(|(name, _)| *name == id.name()) {
        return v.clone();
    }
    let v = ccg_games::variant(id.name(), &[]).unwrap_or_else(|e| panic!("{}: {e}", id.name()));
    cache.push((id.name(), v.clone()));
    v
}

fn ours_start(id: Id) -> Position {
    Position::new(variant(id))
}

fn ours_from(id: Id, fen: &str) -> Position {
    Position::from_fen(variant(id), fen).unwrap_or_else(|e| panic!("{}: ours refuses {fen}: {e}", id.name()))
}

/// Our legal moves as texts, sorted; panics if one is listed twice.
fn our_moves(pos: &Position, context: &str) -> Vec<String> {
    let list: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "{context}: ours lists a move twice at {}", pos.to_fen());
    set.into_iter().collect()
}

/// The reference's outcome in the fast generator's terms.
fn expected_outcome(o: Option<reference::Outcome>) -> Option<Outcome> {
    o.map(|o| Outcome {
        winner: o.winner.map(|c| match c {
            Color::White => ccg_core::Color::White,
            Color::Black => ccg_core::Color::Black,
        }),
        reason: match o.reason {
            Reason::RoyalCaptured => OutcomeReason::RoyalCaptured,
            Reason::Checkmate => OutcomeReason::Checkmate,
            Reason::NoMoves => OutcomeReason::Stalemate,
            Reason::Repetition => OutcomeReason::Repetition,
            Reason::FiftyMoves => OutcomeReason::FiftyMoves,
        },
    })
}

/// Compares everything at one position; returns the reference's legal moves.
fn compare(ours: &Position, r: &Pos, context: &str) -> Vec<Legal> {
    let fen = r.to_fen();
    assert_eq!(ours.to_fen(), fen, "{context}: position strings differ");
    let legal = r.legal();
    let theirs: Vec<String> = legal.iter().map(|l| l.text.clone()).collect();
    let mine = our_moves(ours, context);
    if mine != theirs {
        let (a, b): (BTreeSet<_>, BTreeSet<_>) = (mine.iter().collect(), theirs.iter().collect());
        panic!(
            "{context}: legal moves differ at {fen}\n only ours: {:?}\n only the reference: {:?}",
            a.difference(&b).collect::<Vec<_>>(),
            b.difference(&a).collect::<Vec<_>>()
        );
    }
    assert_eq!(
        ours.outcome(),
        expected_outcome(r.outcome_knowing(legal.is_empty())),
        "{context}: outcomes differ at {fen}"
    );
    let again = ours_from(r.id, &fen);
    assert_eq!(again.to_fen(), fen, "{context}: our round trip");
    assert_eq!(our_moves(&again, context), theirs, "{context}: our moves after reading {fen} back");
    legal
}

/// xorshift64: deterministic, seedable, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The kinds of move the walks favour: chains, promotions, partitions, amalgamations, captures,
/// and slave moves forward (which lead to promotions).
const KINDS: usize = 6;

fn kind(before: &Pos, l: &Legal) -> Option<usize> {
    let dest = *l.mv.path.last().unwrap();
    let forward = match before.side {
        Color::White => dest.1 > l.mv.from.1,
        Color::Black => dest.1 < l.mv.from.1,
    };
    if l.mv.path.len() > 1 {
        Some(0)
    } else if l.mv.promotion.is_some() {
        Some(1)
    } else if !l.mv.whole {
        Some(2)
    } else if l.mv.captured.is_empty() && before.at(dest).is_some() {
        Some(3)
    } else if !l.mv.captured.is_empty() {
        Some(4)
    } else if matches!(l.mv.piece, reference::Kind::Slave { .. }) && forward {
        Some(5)
    } else {
        None
    }
}

/// Random walks from the start of `id` until `positions` positions were compared; returns how
/// many moves of each favoured kind were played.
fn walk(id: Id, positions: usize, seed: u64) -> [usize; KINDS] {
    let mut rng = Rng(seed);
    let (mut seen, mut played, mut game) = (0, [0; KINDS], 0);
    while seen < positions {
        game += 1;
        let (mut ours, mut r) = (ours_start(id), Pos::start(id));
        for ply in 0..200 {
            let context = format!("{} game {game} ply {ply}", id.name());
            let legal = compare(&ours, &r, &context);
            seen += 1;
            if legal.is_empty() || r.outcome_knowing(false).is_some() || seen >= positions {
                break;
            }
            // Three times in four a favoured kind (each present kind alike), then a move of it.
            let mut by_kind: Vec<Vec<usize>> = vec![Vec::new(); KINDS];
            for (i, l) in legal.iter().enumerate() {
                if let Some(k) = kind(&r, l) {
                    by_kind[k].push(i);
                }
            }
            let present: Vec<&Vec<usize>> = by_kind.iter().filter(|v| !v.is_empty()).collect();
            let i = if !present.is_empty() && rng.below(4) != 0 {
                let group = present[rng.below(present.len())];
                group[rng.below(group.len())]
            } else {
                rng.below(legal.len())
            };
            if let Some(k) = kind(&r, &legal[i]) {
                played[k] += 1;
            }
            let text = &legal[i].text;
            let m = ours.legal_moves().iter().copied().find(|&m| ours.move_text(m) == *text).unwrap();
            ours.play(m).unwrap();
            r = r.then(&legal[i]);
        }
    }
    played
}

fn walks(positions: usize) {
    for (n, id) in ALL_IDS.into_iter().enumerate() {
        let played = walk(id, positions, 0x2545_F491_4F6C_DD1D ^ ((n as u64 + 1) * 0x9E37_79B9));
        // Chains exist only in the draughts-style variants; every other favoured kind everywhere.
        println!(
            "{}: chains, promotions, partitions, amalgamations, captures, slave advances: {played:?}",
            id.name()
        );
        let needed: &[usize] = if id.draughts() { &[0, 1, 2, 4] } else { &[1, 2, 3, 4] };
        for &k in needed {
            assert!(played[k] > 0, "{}: no move of kind {k} played: {played:?}", id.name());
        }
    }
}

#[test]
fn random_walks_agree_with_the_reference() {
    walks(2_000);
}

#[test]
#[ignore = "ten times the default walks: a few minutes in release"]
fn long_random_walks_agree_with_the_reference() {
    walks(20_000);
}

/// A random position string of `id`: every cell filled with probability `density` by a slave or
/// a stack of either side, plus one faraon per side (1st/2nd editions) or one to three pharaons.
/// It may still be impossible (a side not to move in check): the reference decides.
fn random_fen(id: Id, rng: &mut Rng, density: u64) -> String {
    let n = id.size();
    let stacks = reference::all_stacks(id);
    let mut grid: Vec<Vec<String>> = vec![vec![String::new(); n as usize]; n as usize];
    let mut free: Vec<(usize, usize)> = Vec::new();
    for row in 0..n as usize {
        for file in 0..n as usize {
            free.push((row, file));
        }
    }
    let mut take = |rng: &mut Rng| free.swap_remove(rng.below(free.len()));
    let royals = if id.pyramids() { 1 + rng.below(3) } else { 1 };
    for white in [true, false] {
        for _ in 0..royals {
            let (row, file) = take(rng);
            grid[row][file] = match (id.pyramids(), white) {
                (true, true) => "(4321.)".to_string(),
                (true, false) => "(.4321)".to_string(),
                (false, w) => {
                    format!("{}{}", if w { 'F' } else { 'f' }, if rng.below(3) == 0 { "!" } else { "" })
                }
            };
        }
    }
    for (row, cells) in grid.iter_mut().enumerate() {
        for cell in cells.iter_mut() {
            if !cell.is_empty() || rng.next() % 100 >= density {
                continue;
            }
            let white = rng.below(2) == 0;
            // Row 0 is the top rank: White's last, Black's first.
            let last = if white { row == 0 } else { row == n as usize - 1 };
            *cell = if rng.below(5) < 2 && !last {
                let mark = if id.slave_first_move() && rng.below(2) == 0 { "'" } else { "" };
                format!("{}{mark}", if white { 'S' } else { 's' })
            } else {
                let code = reference::code(&stacks[rng.below(stacks.len())]);
                if white {
                    format!("({code}.)")
                } else {
                    format!("(.{code})")
                }
            };
        }
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let (mut out, mut empty) = (String::new(), 0);
            for t in row {
                if t.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out += t;
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    format!(
        "{} {} - {} {}",
        rows.join("/"),
        if rng.below(2) == 0 { 'w' } else { 'b' },
        rng.below(90),
        1 + rng.below(60)
    )
}

#[test]
fn random_boards_of_every_density_agree_with_the_reference() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    for id in ALL_IDS {
        let mut compared = 0;
        while compared < 150 {
            let fen = random_fen(id, &mut rng, [5, 15, 30, 50, 75][compared % 5]);
            // Dense classical boards often have the side not to move in check: then the other
            // side moves; boards with both sides in check are skipped.
            let other = fen.replacen(" w ", " B ", 1).replacen(" b ", " w ", 1).replacen(" B ", " b ", 1);
            let Some((fen, mut r)) =
                [fen, other].into_iter().find_map(|f| Pos::parse(id, &f).ok().map(|r| (f, r)))
            else {
                continue;
            };
            let mut ours = ours_from(id, &fen);
            // The board and a few random plies from it.
            for ply in 0..4 {
                let legal = compare(&ours, &r, &format!("{} random board {compared} ply {ply}", id.name()));
                if legal.is_empty() || r.outcome_knowing(false).is_some() {
                    break;
                }
                let l = &legal[rng.below(legal.len())];
                let m = ours.legal_moves().iter().copied().find(|&m| ours.move_text(m) == l.text).unwrap();
                ours.play(m).unwrap();
                r = r.then(l);
            }
            compared += 1;
        }
    }
}

fn perft_data() -> Vec<(Id, u32, u64)> {
    include_str!("data/pyramids.perft")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (Id::from_name(f[0]).unwrap(), f[1].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn perft_from_every_start_agrees_with_the_reference() {
    // Every line of the data file: depths 1-3 of every id, about 25 CPU-seconds.
    for (id, depth, nodes) in perft_data() {
        assert_eq!(ours_start(id).perft(depth), nodes, "{} depth {depth}", id.name());
    }
}

/// Plays `moves` in both generators from `fen`, comparing at every step.
fn line(id: Id, fen: &str, moves: &[&str]) {
    let (mut ours, mut r) = (ours_from(id, fen), Pos::parse(id, fen).unwrap());
    for (i, text) in moves.iter().enumerate() {
        let legal = compare(&ours, &r, &format!("{} move {i}", id.name()));
        let l = legal.iter().find(|l| l.text == *text).unwrap_or_else(|| panic!("{text} not legal"));
        let m = ours.legal_moves().iter().copied().find(|&m| ours.move_text(m) == *text).unwrap();
        ours.play(m).unwrap();
        r = r.then(l);
    }
    compare(&ours, &r, &format!("{} end", id.name()));
}

#[test]
fn hand_picked_positions_agree_with_the_reference() {
    for (id, fen) in [
        // The faraon's leap right in legality (1st edition): a step into an enemy leap that checks.
        (Id::Pyramids1, "f8/9/4(.1)4/9/4F4/9/9/9/9 w - 0 1"),
        // 6th-edition JO / JD hops, unlimited with double checkers.
        (Id::Pyramids6, "7(.4321)/8/s'7/8/8/s'7/8/(441.)S'2(4321.)3 w - 0 1"),
        (Id::Pyramids6, "7(.4321)/8/8/4s'3/3(311.)4/2S'5/8/7(4321.) w - 0 1"),
        // Pair chains and a chain round to its own start cell.
        (Id::Pyramids6Checkers, "8/2s5/8/2s5/7(.4321)/2s5/8/(31.)6(4321.) w - 0 1"),
        (Id::Pyramids5Cheskers, "7(.4321)/8/8/8/1s1s4/(11.)7/1s1s4/7(4321.) w - 0 1"),
        // Captured pieces stay and block.
        (Id::Pyramids6Checkers, "7(.4321)/8/8/1s6/s7/3s1s2/8/3(44.)3(4321.) w - 0 1"),
        // 2nd-edition cheskers: a chain through the faraon.
        (Id::Cheskers9, "F8/7s1/9/7f1/9/5s3/9/3s5/2(21.)6 w - 0 1"),
        // Row promotions.
        (Id::Pyramids5, "(.4321)7/4S'3/4S'3/8/4S'3/8/8/(4321.)7 w - 0 1"),
    ] {
        let r = Pos::parse(id, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        compare(&ours_from(id, fen), &r, &format!("{} {fen}", id.name()));
    }
}

#[test]
fn the_authors_party_and_a_chain_that_wins() {
    line(
        Id::Pyramids6,
        "(.4321)(.4321)(.4321)(.4321)(.4321)(.4321)(.4321)(.4321)/ssssssss/8/8/8/8/SSSSSSSS/(4321.)(4321.)(4321.)(4321.)(4321.)(4321.)(4321.)(4321.) w - 0 1",
        &["e2-e4", "e7-e5", "(21)e1-f3", "(21)f8-e6", "d2-d4", "(32)b8-c6", "(32)b1-c3", "(21)e8-e7", "(21)d1-e3"],
    );
    line(Id::Cheskers9, "F8/7s1/9/7f1/9/5s3/9/3s5/2(21.)6 w - 0 1", &["(21)c1:e3:g5:i7:g9"]);
}

#[test]
fn a_repetition_counts_across_slave_moves() {
    // Slaves step back and forth (docs/rules.md "All games": a repetition is the same placement,
    // side to move and flags), so a slave move does not end the span where positions can repeat.
    let cycle = ["d4-d3", "e6-e7", "d3-d4", "e7-e6"];
    let moves: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
    line(Id::Pyramids5Cheskers, "7(.4321)/8/4s3/8/3S4/8/8/(4321.)7 w - 0 1", &moves);
}
