//! The polyform games (`omino`, `nomino`, `nomino extras=on`, `doseki`) against the independent
//! reference generator `support/reference_polyform/`, written straight from docs/rules.md and
//! sharing no code with the project: perft 1–3 from the start (Doseki 1–2) and from the
//! positions of `data/polyform.perft`, perft 2 (Doseki 1) from a board with each type on it, and
//! random play from the start and from random boards of every density — at every position the
//! same position string (read back by both), the same legal moves as texts (none twice), the same
//! outcome. The play is biased towards the rare rules, and each rule seen is counted (multi-cell
//! captures, splits, merges, King captures to the hand, drops, doubles, passing over checkers,
//! mirror paths and bounces, two-leg moves, reserve gains, two ways to one move, games won, every
//! type); a rule never seen fails the test.
//!
//! Longer runs: `cargo test -p ccg-games --release --test polyform_reference -- --ignored`.

#[path = "support/agree.rs"]
mod agree;
#[path = "support/polyform_play.rs"]
mod play;
#[path = "support/reference_polyform/mod.rs"]
mod reference;

use ccg_core::{Color, OutcomeReason, Position};
use play::{board_with_type, pick, random_board, weight, Rng, Seen};
use reference::{Game, Outcome, Pos, Side};
use std::sync::{Arc, Mutex};

/// Our variant of `game`, built once per game.
fn variant(game: Game) -> Arc<ccg_core::variant::Variant> {
    static CACHE: Mutex<Vec<(Game, Arc<ccg_core::variant::Variant>)>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap();
    if let Some((_, v)) = cache.iter().find(|(g, _)| *g == game) {
        return v.clone();
    }
    let (id, opts) = match game {
        Game::Omino => ("omino", vec![]),
        Game::Nomino { extras: false } => ("nomino", vec![]),
        Game::Nomino { extras: true } => ("nomino", vec![("extras".to_string(), "on".to_string())]),
        Game::Doseki => ("doseki", vec![]),
    };
    let v = ccg_games::variant(id, &opts).unwrap();
    cache.push((game, v.clone()));
    v
}

fn ours_from(game: Game, fen: &str) -> Position {
    Position::from_fen(variant(game), fen)
        .unwrap_or_else(|e| panic!("{}: ours rejects {fen}: {e}", game.name()))
}

/// Our outcome in the reference's terms; repetition and the fifty-move rule, which the reference
/// does not model, read as "not over".
fn ours_outcome(pos: &Position) -> Option<Outcome> {
    let o = pos.outcome()?;
    let side = |c: Color| if c == Color::White { Side::White } else { Side::Black };
    match (o.reason, o.winner) {
        (OutcomeReason::NoCheckers | OutcomeReason::Stalemate, Some(w)) => Some(Outcome::Win(side(w))),
        (OutcomeReason::Repetition | OutcomeReason::FiftyMoves, None) => None,
        other => panic!("unexpected outcome {other:?} at {}", pos.to_fen()),
    }
}

/// Compares both generators on one position: position strings (and their round trips through
/// both readers), legal-move sets and the outcome. Returns the number of moves.
fn compare(pos: &Position, r: &Pos, context: &str) -> usize {
    let g = r.game;
    let fen = pos.to_fen();
    assert_eq!(fen, r.to_fen(), "{context}: position strings differ");
    let back =
        Pos::from_fen(g, &fen).unwrap_or_else(|e| panic!("{context}: the reference rejects {fen}: {e}"));
    assert_eq!(&back, r, "{context}: the reference reads {fen} back differently");
    assert_eq!(ours_from(g, &fen).to_fen(), fen, "{context}: ours reads its string back differently");
    let mine: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    let n = agree::assert_same_moves(context, &fen, mine, r.legal_moves());
    assert_eq!(ours_outcome(pos), r.outcome(), "{context}: outcomes differ at {fen}");
    n
}

/// Random play in both generators side by side from `start` for up to `plies` plies, comparing
/// before and after every move; the moves weighted towards the rare rules.
fn walk(start: Pos, plies: usize, rng: &mut Rng, seen: &mut Seen, context: &str) {
    let g = start.game;
    let mut pos = ours_from(g, &start.to_fen());
    let mut r = start;
    for ply in 0..plies {
        let ctx = format!("{} {context} ply {ply}", g.name());
        compare(&pos, &r, &ctx);
        let legal = r.legal();
        seen.offered(&legal);
        if legal.is_empty() {
            seen.games_won += 1;
            return;
        }
        let weights: Vec<u64> = legal.iter().map(|l| weight(&l.info)).collect();
        let m = &legal[pick(&weights, rng)];
        let ours_m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&x| pos.move_text(x) == m.text)
            .unwrap_or_else(|| panic!("{ctx}: {} missing from our moves at {}", m.text, pos.to_fen()));
        let parsed =
            pos.parse_move(&m.text).unwrap_or_else(|e| panic!("{ctx}: ours cannot read {}: {e}", m.text));
        assert_eq!(parsed.mv, ours_m, "{ctx}: {} reads as another move", m.text);
        let before = pos.to_fen();
        pos.make(ours_m);
        r = m.next.clone();
        assert_eq!(pos.to_fen(), r.to_fen(), "{ctx}: after {} from {before}", m.text);
    }
}

fn perft_compare(game: Game, fen: &str, depth: u32) -> u64 {
    let r = Pos::from_fen(game, fen).unwrap();
    agree::assert_perft_agrees(
        game.name(),
        &mut ours_from(game, fen),
        depth,
        r.perft(depth),
        || r.divide(depth),
        |p, m| p.move_text(m),
    )
}

/// The positions of `data/polyform.perft` for `game` with their depths and node counts, up to
/// `max_nodes` nodes.
fn data_lines(game: Game, max_nodes: u64) -> Vec<(String, u32, u64)> {
    let id = game.name().replace(' ', "+");
    include_str!("data/polyform.perft")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut it = l.splitn(4, ' ');
            let (name, depth, nodes) = (it.next()?, it.next()?, it.next()?);
            let fen = it.next().map_or_else(|| Pos::start(game).to_fen(), str::to_string);
            let nodes: u64 = nodes.parse().ok()?;
            (name == id && nodes <= max_nodes).then(|| (fen, depth.parse().unwrap(), nodes))
        })
        .collect()
}

/// Perft from the start to `start_depth`, from the data file's positions up to `max_nodes`
/// nodes, and to `type_depth` from a sparse board with each type on it.
fn perft_agrees(game: Game, start_depth: u32, max_nodes: u64, type_depth: u32) {
    let start = Pos::start(game).to_fen();
    for d in 1..=start_depth {
        perft_compare(game, &start, d);
    }
    let lines = data_lines(game, max_nodes);
    assert!(!lines.is_empty(), "{}: no data lines", game.name());
    for (fen, depth, nodes) in lines {
        assert_eq!(perft_compare(game, &fen, depth), nodes, "{} depth {depth} from {fen}", game.name());
    }
    let mut rng = Rng(0x5eed_0000 + game.cells() as u64);
    for t in 0..game.table().types.len() {
        let fen = board_with_type(game, t, &mut rng).to_fen();
        perft_compare(game, &fen, type_depth);
    }
}

/// Random play from the start and from random boards (a tenth of them with the side to move
/// stripped of its checkers), and a few plies from a board with each type on it; fails if a rule
/// of the game never came up.
fn random_play_agrees(game: Game, games: usize, plies: usize, boards: usize) {
    let mut rng =
        Rng(0xd1ff_0000 + game.cells() as u64 + matches!(game, Game::Nomino { extras: true }) as u64);
    let mut seen = Seen::default();
    for i in 0..games {
        walk(Pos::start(game), plies, &mut rng, &mut seen, &format!("game {i}"));
    }
    for b in 0..boards {
        let density = [3, 10, 25, 45][b % 4];
        let mut pos = random_board(game, density, &mut rng);
        if b % 10 == 0 {
            pos.board.iter_mut().filter(|v| **v * pos.side.sign() > 0).for_each(|v| *v = 0);
        }
        walk(pos, 8, &mut rng, &mut seen, &format!("board {b}"));
    }
    for t in 0..game.table().types.len() {
        walk(board_with_type(game, t, &mut rng), 4, &mut rng, &mut seen, &format!("type {t}"));
    }
    eprintln!("{}: {seen:#?}", game.name());
    assert!(seen.positions >= 200, "{seen:?}");
    assert!(seen.missing(game).is_empty(), "{}: never seen: {:?}", game.name(), seen.missing(game));
}

#[test]
fn omino_perft_agrees_with_reference() {
    perft_agrees(Game::Omino, 3, 100_000, 2);
}

#[test]
fn omino_random_play_agrees_with_reference() {
    random_play_agrees(Game::Omino, 10, 150, 150);
}

#[test]
fn nomino_perft_agrees_with_reference() {
    perft_agrees(Game::Nomino { extras: false }, 3, 1_000, 2);
    perft_agrees(Game::Nomino { extras: true }, 3, 1_000, 2);
}

#[test]
fn nomino_random_play_agrees_with_reference() {
    random_play_agrees(Game::Nomino { extras: false }, 8, 150, 120);
    random_play_agrees(Game::Nomino { extras: true }, 6, 150, 120);
}

#[test]
fn doseki_perft_agrees_with_reference() {
    perft_agrees(Game::Doseki, 2, 5_000, 1);
}

#[test]
fn doseki_random_play_agrees_with_reference() {
    random_play_agrees(Game::Doseki, 1, 60, 20);
}

/// The data file's deep lines and ten times the random play:
/// `cargo test -p ccg-games --release --test polyform_reference -- --ignored`.
#[test]
#[ignore = "slow: several minutes for the reference"]
fn deep_perft_and_long_random_play_agree_with_reference() {
    perft_agrees(Game::Omino, 3, u64::MAX, 3);
    perft_agrees(Game::Nomino { extras: false }, 3, u64::MAX, 3);
    perft_agrees(Game::Nomino { extras: true }, 3, u64::MAX, 3);
    perft_agrees(Game::Doseki, 2, 10_000_000, 2);
    random_play_agrees(Game::Omino, 100, 150, 1500);
    random_play_agrees(Game::Nomino { extras: false }, 80, 150, 1200);
    random_play_agrees(Game::Nomino { extras: true }, 60, 150, 1200);
    random_play_agrees(Game::Doseki, 10, 60, 200);
}

/// The side to move with no checker on the board has lost, whatever its hand or reserve holds
/// (docs/rules.md, polyform games, "End of the game"): the game is over, there is no legal move.
/// (Ours listed the drops there once; fixed.)
#[test]
fn a_player_without_checkers_on_the_board_has_no_moves() {
    for (game, fen) in [
        (Game::Omino, "10/10/10/10/10/10/10/1X8/10/10 b 3/1 15 8"),
        (Game::Nomino { extras: false }, "10/10/10/10/10/10/x9/10/8d1/10 w 2/1 0 34"),
        (
            Game::Doseki,
            &Pos::from_fen(Game::Doseki, &Pos::start(Game::Doseki).to_fen())
                .map(|mut p| {
                    p.board.iter_mut().filter(|v| **v > 0).for_each(|v| *v = 0);
                    p.hand = [1, 0];
                    p.to_fen()
                })
                .unwrap(),
        ),
    ] {
        let mut pos = ours_from(game, fen);
        let r = Pos::from_fen(game, fen).unwrap();
        assert_eq!(r.outcome(), Some(Outcome::Win(r.side.other())));
        assert_eq!(ours_outcome(&pos), r.outcome(), "{fen}");
        let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
        assert!(
            moves.is_empty(),
            "{}: ours lists {} moves at {fen}: {:?}…",
            game.name(),
            moves.len(),
            &moves[..3]
        );
        assert_eq!(pos.perft(1), 0, "{fen}");
    }
}

/// A position from cell lists such as `"e5 f5 c3^2"` (`^2`: a double), White's and Black's.
fn setup(game: Game, white: &str, black: &str, side: Side, hands: [u32; 2]) -> Pos {
    let mut pos = Pos::empty(game, side);
    for (list, sign) in [(white, 1), (black, -1)] {
        for item in list.split_whitespace() {
            let (cell, n) = item.strip_suffix("^2").map_or((item, 1), |c| (c, 2));
            pos.board[game.parse_cell(cell).unwrap_or_else(|| panic!("no cell {cell}"))] = n * sign;
        }
    }
    pos.hand = hands;
    pos
}

/// A hand-worked case: game, own cells, enemy cells, side to move, hands, a move of the rule shown.
type HandCase = (Game, &'static str, &'static str, Side, [u32; 2], &'static str);

/// The positions worked by hand in `polyform_reference_selftest.rs` (the rules text's examples
/// among them), each with a move of the rule it shows: both generators list the same moves
/// there and after the move.
#[test]
fn hand_worked_positions_agree_with_reference() {
    let (omino, nomino, extras, doseki) =
        (Game::Omino, Game::Nomino { extras: false }, Game::Nomino { extras: true }, Game::Doseki);
    let w = Side::White;
    let cases: &[HandCase] = &[
        (omino, "e4", "e5 f5", w, [0, 0], "e4xf5"),
        (omino, "e5 f5", "a10", w, [0, 0], "H:e5f5-g7h7"),
        (omino, "d2 d3 e3 d4", "e4 f5 a10", w, [0, 0], "K:d2d3e3d4xe4e5f5e6!"),
        (omino, "d2 d3 e3 d4", "e4 f5 a10", w, [0, 0], "H:d3e3xe5f5"),
        (omino, "a1 b1 a2 b2", "a5 k10", w, [0, 0], "R:a1b1a2b2xa4b4a5b5"),
        (omino, "a1 b1 a2 b2", "k10", w, [0, 0], "H:a1a2-c1c2"),
        (omino, "a1 b1 c1 d1 e1", "k10", w, [1, 0], "N:c1-f1"),
        (omino, "c3 e3", "k10", w, [2, 2], "@d3"),
        (omino, "a1", "a2 b1 k10", w, [0, 0], ""),
        (nomino, "c2 c3^2 d3^2 d2^2", "k10", w, [0, 0], "Q:c2c3^2d3^2-d1e1^2e2^2"),
        (nomino, "e5^2", "a10", w, [0, 0], "e5-e6"),
        (nomino, "e4 e5", "a10", w, [0, 0], "e4-e5"),
        (nomino, "e5^2 f5", "a10", w, [0, 0], "e5-f5"),
        (nomino, "a1 b1 a2", "b2 k10", w, [0, 0], "B:a1b1a2-c3d3c4"),
        (nomino, "a1 b1 a2", "b2^2 k10", w, [0, 0], "B:a1b1a2xb2c2b3"),
        (nomino, "a1^2 b1^2", "a3 k10", w, [0, 0], "R:a1^2b1^2xa3^2b3^2"),
        (nomino, "e9^2", "a10", w, [0, 0], "S:e9^2-e10^2"),
        (nomino, "e5 f7^2", "a10", w, [1, 0], "@e5"),
        (extras, "c1^2 d1 c2 d2^2", "a10", w, [0, 0], "I:c1^2d1c2d2^2-c5^2d5c6d6^2"),
        (extras, "c1^2 d1 c2 d2^2", "a10 f8 b3^2", w, [0, 0], ""),
        (nomino, "c1^2 d1 c2 d2^2", "a10", w, [0, 0], ""),
        (doseki, "Ee5", "Ee6 Ef6 Fe6 Fd5 Ae1", w, [0, 0], "Ee5xFd5"),
        (doseki, "Ea1 Eb1 Ea2 Eb2", "Ea5 Eb5", w, [0, 0], "R:Ea1Eb1Ea2Eb2xEa4Eb4Ea5Eb5"),
        (doseki, "Ee5 Ef5 Ee6 Ef6 Ff5 Fe6", "Aa9 Eh7", w, [0, 0], "W:Ee5Ef5Ee6Ef6Ff5Fe6xEg6Eh6Eg7Eh7Fh6Fg7"),
        (doseki, "Ee5 Ef5 Ee6 Ef6 Ff5 Fe6", "Aa9 Fg6", w, [0, 0], ""),
        (doseki, "Ef5 Ee6 Ef6 Fe5 Ff5 Fe6", "Aa9", w, [0, 0], ""),
        (doseki, "Ee8 Ed8 Aa9", "Ee9 Ii1", w, [0, 0], "Ed8xEe9"),
        (doseki, "Ee7 Ef7", "Ii1", w, [0, 0], "H:Ee7Ef7-Ee9Ef9"),
        (doseki, "Aa9", "Ee2", Side::Black, [0, 0], "Ee2-Ee1"),
        (doseki, "Aa9", "Ee2", w, [1, 0], "@Ee5"),
    ];
    for &(game, white, black, side, hands, text) in cases {
        let r = setup(game, white, black, side, hands);
        let ctx = format!("{} {white} / {black}", game.name());
        let mut pos = ours_from(game, &r.to_fen());
        compare(&pos, &r, &ctx);
        if text.is_empty() {
            continue;
        }
        let next = r.play(text).unwrap_or_else(|e| panic!("{ctx}: {e}"));
        let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{ctx}: ours cannot read {text}: {e}")).mv;
        pos.make(m);
        compare(&pos, &next, &format!("{ctx} after {text}"));
    }
}
