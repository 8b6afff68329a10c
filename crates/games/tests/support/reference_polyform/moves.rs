//! Moves of the polyform games (docs/rules.md, the polyform ruling): every connected set of own
//! checkers whose shape is a movable type, translated rigidly along each route of each of its
//! modes, every cell of every step checked; drops; the effect text; outcome and perft.

use super::shapes::{normalize, Fam, Mode, Pt};
use super::{Game, Pos, Side};
use std::collections::{BTreeSet, HashMap};

/// How a move got where it went (for tests that count the rules they see).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Route {
    /// A drop from the hand or reserve.
    Drop,
    /// Along one line (slides and exact steps).
    Line,
    /// `S`: a leap over whatever stands between.
    Leap,
    /// Nomino's mirror mode, with the reflections made before landing.
    Mirror { bounces: u32 },
    /// Doseki's two legs.
    TwoLeg,
}

/// What a move does, as done by the way its text names (reading 3 of mod.rs: of the ways to one
/// position, the first found of the first type in the shape table).
#[derive(Clone, Debug)]
pub struct Info {
    /// The moving type's letter; `None` for a drop.
    pub letter: Option<char>,
    pub checkers: u32,
    pub cells: usize,
    /// Whether a cell moved two checkers (Nomino doubles).
    pub doubles: bool,
    pub captured: u32,
    /// Landing cells that held enemy checkers.
    pub capture_cells: usize,
    /// A passed cell held a checker (Nomino's passing rule).
    pub passed_over: bool,
    /// Ranks gained towards the mover's last rank, summed over the moving checkers.
    pub advance: i32,
    /// Captured checkers went to the hand (Omino's King).
    pub to_hand: bool,
    /// Reserve checkers earned (Nomino's last rank, Doseki's far face).
    pub reserve_gain: u32,
    pub route: Route,
    /// The moving set is a proper part of its group.
    pub split: bool,
    /// A moved checker ends on or beside an own checker that did not move.
    pub merge: bool,
    /// How many (set, route) ways give this position.
    pub ways: usize,
}

/// A legal move: its text, the position it leads to, and what it does.
#[derive(Clone, Debug)]
pub struct Legal {
    pub text: String,
    pub next: Pos,
    pub info: Info,
}

/// The end: the side to move loses with no checker on the board or no legal move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win(Side),
}

/// A candidate route: offsets of the steps passed over, the landing offset, the Pawn's
/// restrictions and the route's kind.
struct Candidate {
    passed: Vec<Pt>,
    landing: Pt,
    quiet: bool,
    capture: bool,
    route: Route,
}

/// A route that worked: the position it leads to and what happened on the way.
struct Done {
    next: Pos,
    captured: u32,
    capture_cells: usize,
    gain: u32,
    merge: bool,
    passed_over: bool,
}

fn add(a: Pt, b: Pt) -> Pt {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn times(a: Pt, k: i32) -> Pt {
    [a[0] * k, a[1] * k, a[2] * k]
}

/// The unit directions of a family in `dims` dimensions: vectors of −1/0/+1 with one non-zero
/// coordinate (`O`), two (`F`) or all `dims` (`D`).
pub fn dirs(fam: Fam, dims: usize) -> Vec<Pt> {
    let nonzero = match fam {
        Fam::O => 1,
        Fam::F => 2,
        Fam::D => dims,
    };
    let mut out = Vec::new();
    for code in 0..3i32.pow(dims as u32) {
        let mut d = [0; 3];
        for (a, v) in d.iter_mut().enumerate().take(dims) {
            *v = code / 3i32.pow(a as u32) % 3 - 1;
        }
        if d.iter().filter(|&&v| v != 0).count() == nonzero {
            out.push(d);
        }
    }
    out
}

impl Pos {
    /// The orthogonal neighbours of cell `i`.
    fn neighbours(&self, i: usize) -> Vec<usize> {
        let g = self.game;
        let p = g.pt(i);
        dirs(Fam::O, g.dims()).into_iter().filter_map(|d| g.idx(add(p, d))).collect()
    }

    /// Every connected set of cells holding the mover's checkers that fits the table's largest
    /// shape (at most `max_cells` cells, no extent above `max_extent`), by growing sets one
    /// neighbour at a time from every single cell.
    fn connected_sets(&self) -> Vec<Vec<usize>> {
        let g = self.game;
        let table = g.table();
        let fits = |set: &[usize]| {
            (0..3).all(|a| {
                let v: Vec<i32> = set.iter().map(|&c| g.pt(c)[a]).collect();
                v.iter().max().unwrap() - v.iter().min().unwrap() < table.max_extent
            })
        };
        let mut level: BTreeSet<Vec<usize>> =
            (0..self.board.len()).filter(|&i| self.own(i, self.side) > 0).map(|i| vec![i]).collect();
        let mut all = Vec::new();
        for size in 1..=table.max_cells {
            let mut next = BTreeSet::new();
            if size < table.max_cells {
                for set in &level {
                    for &c in set {
                        for nb in self.neighbours(c) {
                            if self.own(nb, self.side) > 0 && !set.contains(&nb) {
                                let mut grown = set.clone();
                                grown.push(nb);
                                grown.sort();
                                if fits(&grown) {
                                    next.insert(grown);
                                }
                            }
                        }
                    }
                }
            }
            all.extend(std::mem::replace(&mut level, next));
        }
        all
    }

    /// The checkers of the mover's group (orthogonally connected cells) that holds cell `i`.
    fn group_checkers(&self, i: usize) -> u32 {
        let mut seen = BTreeSet::from([i]);
        let mut todo = vec![i];
        while let Some(c) = todo.pop() {
            for nb in self.neighbours(c) {
                if self.own(nb, self.side) > 0 && seen.insert(nb) {
                    todo.push(nb);
                }
            }
        }
        seen.iter().map(|&c| self.own(c, self.side) as u32).sum()
    }

    /// The routes of `mode` for a piece whose cells span `lo..=hi`.
    fn candidates(&self, mode: Mode, lo: Pt, hi: Pt) -> Vec<Candidate> {
        let g = self.game;
        let (n, dims) = (g.n(), g.dims());
        let mut out = Vec::new();
        match mode {
            Mode::Line { fam, min, max, quiet, capture } => {
                for d in dirs(fam, dims) {
                    for k in min..=max.unwrap_or(n - 1) {
                        let passed = (1..k).map(|i| times(d, i)).collect();
                        out.push(Candidate {
                            passed,
                            landing: times(d, k),
                            quiet,
                            capture,
                            route: Route::Line,
                        });
                    }
                }
            }
            Mode::Leap2 => {
                for x in -2..=2i32 {
                    for y in -2..=2i32 {
                        if x.abs().max(y.abs()) == 2 {
                            let landing = [x, y, 0];
                            out.push(Candidate {
                                passed: vec![],
                                landing,
                                quiet: false,
                                capture: false,
                                route: Route::Leap,
                            });
                        }
                    }
                }
            }
            Mode::Mirror => {
                // Reading 4 of mod.rs: the piece turns as a whole, at the edge cell (visited once),
                // both ways in a corner, and stops just before it would be back on its start.
                for first in dirs(Fam::D, 2) {
                    let (mut d, mut at, mut bounces) = (first, [0; 3], 0);
                    let mut passed: Vec<Pt> = Vec::new();
                    loop {
                        for a in 0..2 {
                            if lo[a] + at[a] + d[a] < 0 || hi[a] + at[a] + d[a] > n - 1 {
                                d[a] = -d[a];
                                bounces += 1;
                            }
                        }
                        at = add(at, d);
                        if at == [0; 3] {
                            break;
                        }
                        assert!(passed.len() < (4 * n * n) as usize, "a mirror path that never returns");
                        let route = Route::Mirror { bounces };
                        out.push(Candidate {
                            passed: passed.clone(),
                            landing: at,
                            quiet: false,
                            capture: false,
                            route,
                        });
                        passed.push(at);
                    }
                }
            }
            Mode::TwoLeg(fam) => {
                // Reading 2 of mod.rs: both legs, always. The first leg's cells (its end included)
                // are passed over; the second is exactly two steps, its middle passed over.
                for d1 in dirs(fam, dims) {
                    for d2 in dirs(fam, dims) {
                        if d2 == d1 || d2 == times(d1, -1) {
                            continue;
                        }
                        for k in 1..n {
                            let mut passed: Vec<Pt> = (1..=k).map(|i| times(d1, i)).collect();
                            passed.push(add(times(d1, k), d2));
                            let landing = add(times(d1, k), times(d2, 2));
                            out.push(Candidate {
                                passed,
                                landing,
                                quiet: false,
                                capture: false,
                                route: Route::TwoLeg,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether a moving cell of `m` checkers may pass over a cell holding `v` once the moving
    /// checkers are lifted: empty (the piece's own start cells are, then), or in Nomino any cell
    /// where the checkers there and the moving ones make at most two.
    fn passable(&self, v: i8, m: i8) -> bool {
        match self.game {
            Game::Nomino { .. } => v.abs() + m <= 2,
            _ => v == 0,
        }
    }

    /// The positions every legal move leads to, each with its text's letter choice and what it
    /// does: two ways to one position are one move.
    fn successors(&self) -> HashMap<Pos, Info> {
        let g = self.game;
        let table = g.table();
        let (side, sign) = (self.side, self.side.sign());
        // Per resulting position: the type index of the way that names it, and what it does.
        let mut out: HashMap<Pos, (usize, Info)> = HashMap::new();
        let mut offer = |next: Pos, t: usize, info: Info| match out.get_mut(&next) {
            Some((first, old)) => {
                let ways = old.ways + 1;
                if t < *first {
                    (*first, *old) = (t, info);
                }
                old.ways = ways;
            }
            None => {
                out.insert(next, (t, info));
            }
        };
        if self.on_board(side) == 0 {
            return HashMap::new();
        }
        for cells in self.connected_sets() {
            // Every choice of how many checkers each cell moves (one of a double may move alone).
            let mut choices: Vec<Vec<(usize, i8)>> = vec![vec![]];
            for &c in &cells {
                let have = self.own(c, side);
                choices = choices
                    .into_iter()
                    .flat_map(|pre| {
                        (1..=have).map(move |m| {
                            let mut v = pre.clone();
                            v.push((c, m));
                            v
                        })
                    })
                    .collect();
            }
            let group = self.group_checkers(cells[0]);
            for set in choices {
                let shape = normalize(&set.iter().map(|&(c, m)| (g.pt(c), m)).collect::<Vec<_>>());
                let Some(t) = table.classify(&shape) else { continue };
                let ty = &table.types[t];
                let checkers: u32 = set.iter().map(|&(_, m)| m as u32).sum();
                let mut lifted = self.board.clone();
                for &(c, m) in &set {
                    lifted[c] -= m * sign;
                }
                let mut lo = [i32::MAX; 3];
                let mut hi = [i32::MIN; 3];
                for &(c, _) in &set {
                    let p = g.pt(c);
                    for a in 0..3 {
                        lo[a] = lo[a].min(p[a]);
                        hi[a] = hi[a].max(p[a]);
                    }
                }
                for &mode in &ty.modes {
                    for cand in self.candidates(mode, lo, hi) {
                        // Omino: what a King-shaped set captures goes to the hand.
                        let king = g == Game::Omino && ty.letter == 'K';
                        let Some(done) = self.try_route(&lifted, &set, &cand, king) else {
                            continue;
                        };
                        let Done { next, captured, capture_cells, gain, merge, passed_over } = done;
                        let forward = if side == Side::White { 1 } else { -1 };
                        let to_hand = king && captured > 0;
                        let info = Info {
                            letter: Some(ty.letter),
                            checkers,
                            cells: set.len(),
                            doubles: set.iter().any(|&(_, m)| m == 2),
                            captured,
                            capture_cells,
                            passed_over,
                            advance: cand.landing[1] * forward * checkers as i32,
                            to_hand,
                            reserve_gain: gain,
                            route: cand.route,
                            split: checkers < group,
                            merge,
                            ways: 1,
                        };
                        offer(next, t, info);
                    }
                }
            }
        }
        // Drops: Omino from the hand onto an empty cell; Nomino from the reserve onto an empty
        // cell or one holding a single own checker; Doseki from the reserve onto an empty cell.
        if self.hand[side.index()] > 0 {
            for c in 0..self.board.len() {
                let v = self.board[c] * sign;
                if v == 0 || (v == 1 && g.cap() == 2) {
                    let mut next = self.clone();
                    next.board[c] += sign;
                    next.hand[side.index()] -= 1;
                    let next = next.finish(true);
                    let info = Info {
                        letter: None,
                        checkers: 1,
                        cells: 1,
                        doubles: false,
                        captured: 0,
                        capture_cells: 0,
                        passed_over: false,
                        advance: 0,
                        to_hand: false,
                        reserve_gain: 0,
                        route: Route::Drop,
                        split: false,
                        merge: v == 1 || self.neighbours(c).iter().any(|&nb| self.own(nb, side) > 0),
                        ways: 1,
                    };
                    offer(next, 0, info);
                }
            }
        }
        out.into_iter().map(|(p, (_, info))| (p, info)).collect()
    }

    /// The position after translating `set` (lifted off the board as `lifted`) along `cand`, if
    /// every passed cell is free and every landing cell takes it, and what happened on the way;
    /// `king`: captures go to the hand.
    fn try_route(&self, lifted: &[i8], set: &[(usize, i8)], cand: &Candidate, king: bool) -> Option<Done> {
        let g = self.game;
        let (side, sign) = (self.side, self.side.sign());
        let mut passed_over = false;
        for &step in &cand.passed {
            for &(c, m) in set {
                let to = g.idx(add(g.pt(c), step))?;
                if !self.passable(lifted[to], m) {
                    return None;
                }
                passed_over |= lifted[to] != 0;
            }
        }
        let mut board = lifted.to_vec();
        let (mut captured, mut capture_cells, mut gain, mut merge) = (0u32, 0, 0u32, false);
        let mut landed = Vec::new();
        for &(c, m) in set {
            let from = g.pt(c);
            let to = g.idx(add(from, cand.landing))?;
            let v = lifted[to] * sign;
            if v < 0 {
                captured += (-v) as u32;
                capture_cells += 1;
                board[to] = m * sign;
            } else if v + m <= g.cap() {
                merge |= v > 0;
                board[to] = (v + m) * sign;
            } else {
                return None;
            }
            landed.push(to);
            let last = g.last_rank(side);
            if g.has_reserve() && from[1] != last && from[1] + cand.landing[1] == last {
                gain += m as u32;
            }
        }
        // Reading 1 of mod.rs: a quiet step excludes captures only (it may form a double).
        if (cand.quiet && captured > 0) || (cand.capture && captured == 0) {
            return None;
        }
        for &to in &landed {
            merge |= self.neighbours(to).iter().any(|&nb| !landed.contains(&nb) && lifted[nb] * sign > 0);
        }
        let mut next = self.clone();
        next.board = board;
        next.hand[side.index()] += if king { captured } else { gain };
        let next = next.finish(captured > 0 || gain > 0);
        Some(Done { next, captured, capture_cells, gain, merge, passed_over })
    }

    /// The side and counters after a move; `reset`: a capture, drop or reserve gain (the
    /// fifty-move count restarts).
    fn finish(mut self, reset: bool) -> Pos {
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        self
    }

    /// The move text by effect (docs/rules.md notation): `[T:]<lost>-<gained>`, `x` for a
    /// capture, `^2` for a cell losing or gaining two, `!` when captures go to the hand, `@cell`
    /// for a drop; cells in index order.
    fn text(&self, next: &Pos, info: &Info) -> String {
        let g = self.game;
        let side = self.side;
        if info.route == Route::Drop {
            let c = (0..self.board.len()).find(|&c| next.board[c] != self.board[c]).unwrap();
            return format!("@{}", g.cell_name(c));
        }
        let mut lost = String::new();
        let mut gained = String::new();
        let mut capture = false;
        for c in 0..self.board.len() {
            let d = next.own(c, side) - self.own(c, side);
            let name = g.cell_name(c) + if d.abs() == 2 { "^2" } else { "" };
            if d < 0 {
                lost += &name;
            } else if d > 0 {
                gained += &name;
            }
            capture |= next.own(c, side.other()) < self.own(c, side.other());
        }
        let letter = match info.letter {
            Some('P') | None => String::new(),
            Some(l) => format!("{l}:"),
        };
        let bang = if info.to_hand { "!" } else { "" };
        format!("{letter}{lost}{}{gained}{bang}", if capture { 'x' } else { '-' })
    }

    /// The legal moves, sorted by text; none if the game is over.
    pub fn legal(&self) -> Vec<Legal> {
        let mut out: Vec<Legal> = self
            .successors()
            .into_iter()
            .map(|(next, info)| Legal { text: self.text(&next, &info), next, info })
            .collect();
        out.sort_by(|a, b| a.text.cmp(&b.text));
        out
    }

    /// The legal moves' texts.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal().into_iter().map(|l| l.text).collect()
    }

    /// Plays the move with this text.
    pub fn play(&self, text: &str) -> Result<Pos, String> {
        let legal = self.legal();
        let found = legal.iter().find(|l| l.text == text).ok_or_else(|| {
            format!(
                "{text} is not legal at {}: {:?}",
                self.to_fen(),
                legal.iter().map(|l| &l.text).collect::<Vec<_>>()
            )
        })?;
        Ok(found.next.clone())
    }

    /// The side to move loses with no checker on the board (whatever it holds in hand or
    /// reserve) or with no legal move. The fifty-move rule is not modelled: it changes no move.
    pub fn outcome(&self) -> Option<Outcome> {
        (self.on_board(self.side) == 0 || self.successors().is_empty())
            .then_some(Outcome::Win(self.side.other()))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let next = self.successors();
        if depth == 1 {
            return next.len() as u64;
        }
        next.keys().map(|p| p.perft(depth - 1)).sum()
    }

    /// Perft below each move, sorted by text.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.legal().into_iter().map(|l| (l.text, l.next.perft(depth - 1))).collect()
    }
}
