//! Random play for the polyform tests: a seedable generator, random boards of every density,
//! move weights biased towards the rare rules, and counts of each rule seen (a test fails if one
//! never came up). Works on the reference's `Legal` moves (`support/reference_polyform/`).

use crate::reference::{Game, Info, Legal, Pos, Route, Side};

/// xorshift64: deterministic, seedable, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random position: each cell empty, or with probability `density` percent one or (in
/// Nomino) two checkers of a random colour; random hands of 0–3; either side to move.
pub fn random_board(game: Game, density: u64, rng: &mut Rng) -> Pos {
    let side = if rng.below(2) == 0 { Side::White } else { Side::Black };
    let mut pos = Pos::empty(game, side);
    for v in pos.board.iter_mut() {
        if rng.below(100) < density {
            let n = if game.cap() == 2 && rng.below(3) == 0 { 2 } else { 1 };
            *v = if rng.below(2) == 0 { n } else { -n };
        }
    }
    pos.hand = [rng.below(4) as u32, rng.below(4) as u32];
    pos.halfmove = rng.below(20) as u32;
    pos.fullmove = 1 + rng.below(40) as u32;
    pos
}

/// A sparse random board with a piece of type `t` (its first shape) of the side to move placed
/// at a random spot: every type gets to move.
pub fn board_with_type(game: Game, t: usize, rng: &mut Rng) -> Pos {
    let mut pos = random_board(game, 4, rng);
    let shape = &game.table().types[t].shapes[0];
    let room = game.n() - 2;
    let layers = if game.dims() == 3 { room } else { 1 };
    let at = [rng.below(room as u64) as i32, rng.below(room as u64) as i32, rng.below(layers as u64) as i32];
    for &(p, n) in shape {
        let i = game.idx([p[0] + at[0], p[1] + at[1], p[2] + at[2]]).expect("shapes fit a 2x2 box");
        pos.board[i] = n * pos.side.sign();
    }
    pos
}

/// The weight of a move in biased play: the rare rules first, then moves towards the last rank.
pub fn weight(info: &Info) -> u64 {
    let rare = match info.route {
        Route::Mirror { bounces } if bounces > 0 => 400,
        Route::Mirror { .. } => 100,
        Route::TwoLeg => 100,
        Route::Drop => 20,
        _ if info.to_hand => 300,
        _ if info.reserve_gain > 0 => 200,
        _ if info.capture_cells >= 2 => 200,
        _ if info.captured > 0 => 40,
        _ if info.passed_over => 30,
        _ if info.doubles => 15,
        _ if info.merge => 6,
        _ => 1,
    };
    rare + info.advance.clamp(0, 8) as u64 * 2
}

/// An index drawn with probability proportional to its weight.
pub fn pick(weights: &[u64], rng: &mut Rng) -> usize {
    let mut left = rng.below(weights.iter().sum());
    for (i, &w) in weights.iter().enumerate() {
        if left < w {
            return i;
        }
        left -= w;
    }
    unreachable!("the draw is below the sum of the weights")
}

/// How often each rule came up in the moves played or offered.
#[derive(Default, Debug)]
pub struct Seen {
    pub positions: usize,
    pub moves: usize,
    pub multi_cell_moves: usize,
    pub multi_cell_captures: usize,
    pub splits: usize,
    pub merges: usize,
    pub king_captures_to_hand: usize,
    pub drops: usize,
    pub doubles_moved: usize,
    pub passes_over_checkers: usize,
    pub mirror_moves: usize,
    pub mirror_bounces: usize,
    pub two_leg_moves: usize,
    pub reserve_gains: usize,
    pub two_ways_one_move: usize,
    pub games_won: usize,
    /// Each type letter, by how many legal moves it made.
    pub letters: std::collections::BTreeMap<char, usize>,
}

impl Seen {
    /// Counts the legal moves of one position.
    pub fn offered(&mut self, legal: &[Legal]) {
        self.positions += 1;
        self.moves += legal.len();
        for l in legal {
            let i = &l.info;
            self.multi_cell_moves += (i.cells > 1) as usize;
            self.multi_cell_captures += (i.capture_cells > 1) as usize;
            self.splits += i.split as usize;
            self.merges += i.merge as usize;
            self.king_captures_to_hand += i.to_hand as usize;
            self.drops += (i.route == Route::Drop) as usize;
            self.doubles_moved += i.doubles as usize;
            self.passes_over_checkers += i.passed_over as usize;
            self.mirror_moves += matches!(i.route, Route::Mirror { .. }) as usize;
            self.mirror_bounces += matches!(i.route, Route::Mirror { bounces } if bounces > 0) as usize;
            self.two_leg_moves += (i.route == Route::TwoLeg) as usize;
            self.reserve_gains += (i.reserve_gain > 0) as usize;
            self.two_ways_one_move += (i.ways > 1) as usize;
            if let Some(letter) = i.letter {
                *self.letters.entry(letter).or_default() += 1;
            }
        }
    }

    /// The rules of `game` that never came up (each must, in a test that counts them).
    pub fn missing(&self, game: Game) -> Vec<&'static str> {
        let mut want = vec![
            ("multi-cell moves", self.multi_cell_moves),
            ("multi-cell captures", self.multi_cell_captures),
            ("splits", self.splits),
            ("merges", self.merges),
            ("drops", self.drops),
            ("two ways to one position", self.two_ways_one_move),
            ("games won", self.games_won),
        ];
        match game {
            Game::Omino => want.push(("King captures to the hand", self.king_captures_to_hand)),
            Game::Nomino { extras } => {
                want.extend([
                    ("doubles moved", self.doubles_moved),
                    ("passes over checkers", self.passes_over_checkers),
                    ("reserve gains", self.reserve_gains),
                ]);
                if extras {
                    want.extend([
                        ("mirror moves", self.mirror_moves),
                        ("mirror bounces", self.mirror_bounces),
                    ]);
                }
            }
            Game::Doseki => {
                want.extend([("two-leg moves", self.two_leg_moves), ("reserve gains", self.reserve_gains)])
            }
        }
        let mut out: Vec<&'static str> =
            want.into_iter().filter(|&(_, n)| n == 0).map(|(name, _)| name).collect();
        for t in &game.table().types {
            if !self.letters.contains_key(&t.letter) {
                out.push(t.name);
            }
        }
        out
    }
}
