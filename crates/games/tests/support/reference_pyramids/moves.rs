//! Move generation (docs/rules.md "Four kinds of move", "Slaves", the variants' tables, capture
//! chains of "Draughts-style variants"), making a move, and the canonical move text ("Notation").

use super::rules::{
    classical_stack_modes, draughts_stack, faraon_modes, last_rank_promotions, pair_partner, reach,
    row_promotion, slave_captures, slave_first_move, slave_hops, slave_jumps, slave_steps, Chain, FirstMove,
    Jump, Lines, Mode,
};
use super::{cell_name, code, legal_stack, proper_parts, Cell, Color, Kind, Piece, Pos, Stack};

/// One move: what moves from where, its landing cells, what it removes, the promotion chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Cell,
    /// The moving piece: the whole content of `from`, or the part of its stack that moves.
    pub piece: Kind,
    pub whole: bool,
    /// Landing cells in order: one, or every landing cell of a chain.
    pub path: Vec<Cell>,
    /// Cells whose whole content the move removes (the destination of a replacement capture, the
    /// pieces jumped over).
    pub captured: Vec<Cell>,
    pub promotion: Option<Stack>,
}

impl Move {
    /// The canonical text: `e2-e4`, `e4:d5`, `Fe1-g3`, `(21)e1-f3`, `(22)c1:e3:g5`, `e7-e8=4321`.
    pub fn text(&self) -> String {
        let mut out = match self.piece {
            Kind::Slave { .. } => String::new(),
            Kind::Faraon { .. } => "F".to_string(),
            Kind::Stack(s) => format!("({})", code(&s)),
        };
        out += &cell_name(self.from);
        let sep = if self.captured.is_empty() { '-' } else { ':' };
        for &c in &self.path {
            out.push(sep);
            out += &cell_name(c);
        }
        if let Some(p) = self.promotion {
            out.push('=');
            out += &code(&p);
        }
        out
    }
}

/// A legal move, its text, and the position after it (with an empty history).
#[derive(Clone, Debug)]
pub struct Legal {
    pub text: String,
    pub mv: Move,
    pub after: Pos,
}

fn add(a: &Stack, b: &Stack) -> Stack {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

fn sub(a: &Stack, b: &Stack) -> Stack {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]]
}

impl Pos {
    fn occupied(&self) -> impl Fn(Cell) -> bool + '_ {
        move |c| self.at(c).is_some()
    }

    fn targets(&self, from: Cell, modes: &[Mode]) -> Vec<Cell> {
        let occ = self.occupied();
        let mut out: Vec<Cell> = Vec::new();
        for &m in modes {
            for c in reach(m, from, self.n(), &occ) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    fn is_enemy(&self, c: Cell, of: Color) -> bool {
        self.at(c).is_some_and(|p| p.color != of)
    }

    /// The moves before the legality filter (`Pos::legal` applies it).
    pub fn pseudo_moves(&self) -> Vec<Move> {
        if self.id.draughts() {
            let jumps = self.all_jumps(self.side);
            // Capture is compulsory: marches, partitions, amalgamations only without a jump.
            if jumps.is_empty() {
                self.marches()
            } else {
                jumps
            }
        } else {
            self.classical_moves()
        }
    }

    /// Adds a slave's move, expanded by its promotions: mandatory on the last rank; optional on
    /// rows 5-7 (5th/6th classical) when arriving there from another row.
    fn push_slave_move(
        &self,
        color: Color,
        from: Cell,
        path: Vec<Cell>,
        captured: Vec<Cell>,
        out: &mut Vec<Move>,
    ) {
        let to = *path.last().unwrap();
        let mv = |promotion| Move {
            from,
            piece: Kind::Slave { moved: true },
            whole: true,
            path: path.clone(),
            captured: captured.clone(),
            promotion,
        };
        if to.1 == self.last_rank(color) {
            for p in last_rank_promotions(self.id) {
                out.push(mv(Some(p)));
            }
            return;
        }
        out.push(mv(None));
        if to.1 != from.1 {
            if let Some(p) = row_promotion(self.id, self.row_from_own_side(color, to.1)) {
                out.push(mv(Some(p)));
            }
        }
    }

    /// Whole-stack moves by `modes` to every reached cell: empty (march), enemy (capture, if
    /// `captures`), own stack (amalgamation, if the union is a stack of the edition).
    fn push_whole_stack(&self, from: Cell, s: Stack, modes: &[Mode], captures: bool, out: &mut Vec<Move>) {
        for t in self.targets(from, modes) {
            let simple = |captured| Move {
                from,
                piece: Kind::Stack(s),
                whole: true,
                path: vec![t],
                captured,
                promotion: None,
            };
            match self.at(t) {
                None => out.push(simple(vec![])),
                Some(p) if p.color != self.side => {
                    if captures {
                        out.push(simple(vec![t]));
                    }
                }
                Some(Piece { kind: Kind::Stack(u), .. }) => {
                    if legal_stack(self.id, &add(&s, &u)) {
                        out.push(simple(vec![]));
                    }
                }
                Some(_) => {}
            }
        }
    }

    /// Partitions: a proper part moves by its own modes to an empty cell.
    fn push_partitions(&self, from: Cell, s: Stack, out: &mut Vec<Move>) {
        for part in proper_parts(&s) {
            let modes = if self.id.draughts() {
                draughts_stack(self.id, &part).0
            } else {
                classical_stack_modes(self.id, &part)
            };
            for t in self.targets(from, &modes) {
                if self.at(t).is_none() {
                    out.push(Move {
                        from,
                        piece: Kind::Stack(part),
                        whole: false,
                        path: vec![t],
                        captured: vec![],
                        promotion: None,
                    });
                }
            }
        }
    }

    /// The first-move cells of a slave that still has its right.
    fn slave_first_cells(&self, from: Cell) -> Vec<Cell> {
        let fwd = self.side.forward();
        match slave_first_move(self.id) {
            Some(FirstMove::ForwardRing) => reach(Mode::Ring(2), from, self.n(), &self.occupied())
                .into_iter()
                .filter(|&t| self.at(t).is_none() && matches!((t.1 - from.1) * fwd, 1 | 2))
                .collect(),
            Some(FirstMove::StraightTwo) => {
                let (mid, t) = ((from.0, from.1 + fwd), (from.0, from.1 + 2 * fwd));
                if self.on_board(t) && self.at(mid).is_none() && self.at(t).is_none() {
                    vec![t]
                } else {
                    vec![]
                }
            }
            None => vec![],
        }
    }

    fn own_cells(&self) -> Vec<(Cell, Piece)> {
        self.all_cells()
            .into_iter()
            .filter_map(|c| self.at(c).filter(|p| p.color == self.side).map(|p| (c, p)))
            .collect()
    }

    /// Classical variants: captures replace, nothing is compulsory.
    fn classical_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for (from, piece) in self.own_cells() {
            match piece.kind {
                Kind::Slave { moved } => {
                    let mut dests: Vec<(Cell, bool)> = Vec::new();
                    for t in self.targets(from, &slave_steps(self.id)) {
                        if self.at(t).is_none() {
                            dests.push((t, false));
                        }
                    }
                    for t in self.targets(from, &slave_captures(self.id)) {
                        if self.is_enemy(t, self.side) {
                            dests.push((t, true));
                        }
                    }
                    if !moved {
                        for t in self.slave_first_cells(from) {
                            dests.push((t, false));
                        }
                    }
                    for (t, capture) in dests {
                        self.push_slave_move(
                            self.side,
                            from,
                            vec![t],
                            if capture { vec![t] } else { vec![] },
                            &mut out,
                        );
                    }
                }
                Kind::Faraon { checked } => {
                    let (modes, captures) = faraon_modes(self.id, checked);
                    for t in self.targets(from, &modes) {
                        let captured = match self.at(t) {
                            None => vec![],
                            Some(p) if p.color != self.side && captures => vec![t],
                            Some(_) => continue,
                        };
                        out.push(Move {
                            from,
                            piece: piece.kind,
                            whole: true,
                            path: vec![t],
                            captured,
                            promotion: None,
                        });
                    }
                }
                Kind::Stack(s) => {
                    self.push_whole_stack(from, s, &classical_stack_modes(self.id, &s), true, &mut out);
                    self.push_partitions(from, s, &mut out);
                }
            }
        }
        out
    }

    /// Draughts-style variants: the non-capturing moves (allowed only when no jump exists).
    fn marches(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for (from, piece) in self.own_cells() {
            match piece.kind {
                Kind::Slave { .. } => {
                    for t in self.targets(from, &slave_steps(self.id)) {
                        if self.at(t).is_none() {
                            self.push_slave_move(self.side, from, vec![t], vec![], &mut out);
                        }
                    }
                    if slave_hops(self.id) {
                        for d in Lines::All.dirs() {
                            let (mid, t) =
                                ((from.0 + d.0, from.1 + d.1), (from.0 + 2 * d.0, from.1 + 2 * d.1));
                            if self.on_board(t) && self.at(mid).is_some() && self.at(t).is_none() {
                                self.push_slave_move(self.side, from, vec![t], vec![], &mut out);
                            }
                        }
                    }
                }
                Kind::Faraon { checked } => {
                    for t in self.targets(from, &faraon_modes(self.id, checked).0) {
                        if self.at(t).is_none() {
                            out.push(Move {
                                from,
                                piece: piece.kind,
                                whole: true,
                                path: vec![t],
                                captured: vec![],
                                promotion: None,
                            });
                        }
                    }
                }
                Kind::Stack(s) => {
                    self.push_whole_stack(from, s, &draughts_stack(self.id, &s).0, false, &mut out);
                    self.push_partitions(from, s, &mut out);
                }
            }
        }
        out
    }

    /// Every complete jump sequence of `color`'s pieces (as if `color` were to move).
    pub fn all_jumps(&self, color: Color) -> Vec<Move> {
        let mut out = Vec::new();
        for from in self.all_cells() {
            let Some(piece) = self.at(from).filter(|p| p.color == color) else {
                continue;
            };
            let (jumps, chain) = match piece.kind {
                Kind::Slave { .. } => (slave_jumps(self.id), Chain::Single),
                Kind::Faraon { .. } => continue,
                Kind::Stack(s) => {
                    let (_, jumps, chain) = draughts_stack(self.id, &s);
                    (jumps, chain)
                }
            };
            if jumps.is_empty() {
                continue;
            }
            let ctx = ChainCtx { pos: self, color, origin: from, piece: piece.kind, jumps, chain };
            let mut done = Vec::new();
            ctx.extend(from, &[], &[], Stage::First, &mut done);
            for (path, captured) in done {
                if matches!(piece.kind, Kind::Slave { .. }) {
                    // A slave's single jump may end on the last rank: mandatory promotion.
                    self.push_slave_move(color, from, path, captured, &mut out);
                } else {
                    out.push(Move { from, piece: piece.kind, whole: true, path, captured, promotion: None });
                }
            }
        }
        out
    }

    /// Plays a (pseudo-legal) move: removes the captured pieces at the end, moves the piece or
    /// part, merges an amalgamation, promotes, updates the counters and the check flag of the
    /// new side to move. The history is left empty (`Pos::play` fills it).
    pub fn apply(&self, mv: &Move) -> Pos {
        let mut next = Pos {
            id: self.id,
            cells: self.cells.clone(),
            side: self.side,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            history: Vec::new(),
        };
        let mover = self.at(mv.from).expect("a move starts on an occupied cell");
        for &c in &mv.captured {
            next.set(c, None);
        }
        if mv.whole {
            next.set(mv.from, None);
        } else {
            let (Kind::Stack(s), Kind::Stack(part)) = (mover.kind, mv.piece) else {
                panic!("only stacks are partitioned");
            };
            next.set(mv.from, Some(Piece { color: mover.color, kind: Kind::Stack(sub(&s, &part)) }));
        }
        let dest = *mv.path.last().unwrap();
        let arriving = match (mv.piece, mv.promotion) {
            (Kind::Slave { .. }, Some(p)) => Kind::Stack(p),
            (Kind::Slave { .. }, None) => Kind::Slave { moved: true },
            (kind, _) => kind,
        };
        let kind = match (next.at(dest), arriving) {
            (None, k) => k,
            (Some(Piece { kind: Kind::Stack(u), color }), Kind::Stack(s)) if color == mover.color => {
                Kind::Stack(add(&u, &s))
            }
            (Some(p), _) => panic!("{} cannot end on {p:?}", mv.text()),
        };
        next.set(dest, Some(Piece { color: mover.color, kind }));
        next.halfmove = if mv.captured.is_empty() && !matches!(mv.piece, Kind::Slave { .. }) {
            self.halfmove + 1
        } else {
            0
        };
        if self.side == Color::Black {
            next.fullmove += 1;
        }
        next.side = self.side.other();
        next.update_checked_flag();
        next
    }
}

/// Where a 5th/6th-edition pair chain stands.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Stage {
    First,
    /// After a jump of an unlimited chain: every jump mode of the piece.
    Again,
    /// The second jump of a pair: only the modes of these checkers.
    Second(Vec<u8>),
}

/// One piece's capture chains: the board stays as it is (captured pieces stay until the move
/// ends, blocking and jumped once), the origin counts as empty.
struct ChainCtx<'a> {
    pos: &'a Pos,
    color: Color,
    origin: Cell,
    piece: Kind,
    jumps: Vec<Jump>,
    chain: Chain,
}

impl ChainCtx<'_> {
    fn empty(&self, c: Cell) -> bool {
        self.pos.on_board(c) && (c == self.origin || self.pos.at(c).is_none())
    }

    fn has_checker(&self, k: u8) -> bool {
        match self.piece {
            Kind::Stack(s) => (1..=4).contains(&k) && s[k as usize - 1] > 0,
            _ => false,
        }
    }

    /// The single jumps from `cur`: (cell jumped over, landing cell, checkers whose mode it fits).
    fn jumps_from(&self, cur: Cell, captured: &[Cell], stage: &Stage) -> Vec<(Cell, Cell, Vec<u8>)> {
        let mut out: Vec<(Cell, Cell, Vec<u8>)> = Vec::new();
        let mut add =
            |over: Cell, land: Cell, k: u8| match out.iter_mut().find(|e| e.0 == over && e.1 == land) {
                Some(e) => {
                    if !e.2.contains(&k) {
                        e.2.push(k);
                    }
                }
                None => out.push((over, land, vec![k])),
            };
        for j in &self.jumps {
            if let Stage::Second(allowed) = stage {
                if !allowed.contains(&j.checker) {
                    continue;
                }
            }
            for d in j.lines.dirs() {
                let at = |k: i32| (cur.0 + k * d.0, cur.1 + k * d.1);
                let mut k = 1;
                if j.flying {
                    while self.empty(at(k)) {
                        k += 1;
                    }
                }
                let over = at(k);
                if !self.pos.is_enemy(over, self.color) || captured.contains(&over) {
                    continue;
                }
                let mut l = k + 1;
                while self.empty(at(l)) {
                    add(over, at(l), j.checker);
                    if !j.flying {
                        break;
                    }
                    l += 1;
                }
            }
        }
        out
    }

    /// Extends a chain from `cur`; a started chain must go on while it can.
    fn extend(
        &self,
        cur: Cell,
        path: &[Cell],
        captured: &[Cell],
        stage: Stage,
        done: &mut Vec<(Vec<Cell>, Vec<Cell>)>,
    ) {
        let options = self.jumps_from(cur, captured, &stage);
        if options.is_empty() {
            if !path.is_empty() {
                done.push((path.to_vec(), captured.to_vec()));
            }
            return;
        }
        for (over, land, fits) in options {
            let path2 = [path, &[land]].concat();
            let captured2 = [captured, &[over]].concat();
            let next = match (self.chain, &stage) {
                (Chain::Single, _) | (Chain::Pair, Stage::Second(_)) => None,
                (Chain::Unlimited, _) => Some(Stage::Again),
                (Chain::Pair, _) => {
                    // A first jump that fits both checkers of a pair counts as either.
                    let partners: Vec<u8> =
                        fits.iter().map(|&k| pair_partner(k)).filter(|&p| self.has_checker(p)).collect();
                    (!partners.is_empty()).then_some(Stage::Second(partners))
                }
            };
            match next {
                None => done.push((path2, captured2)),
                Some(st) => self.extend(land, &path2, &captured2, st, done),
            }
        }
    }
}
