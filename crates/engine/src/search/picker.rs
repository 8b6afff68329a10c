//! The staged move picker: moves come out one at a time, the likeliest to cut first, and each
//! stage is generated only when the earlier ones did not end the node —
//! the hash move, captures and promotions that do not lose material (by [`see`]), the killers and
//! the counter-move, quiet moves by history, and last the losing captures. Quiescence takes the
//! captures and promotions only. Where stages cannot be generated (compulsory capture chains)
//! or the side to move is in check, the legal moves are listed once and ordered the same way.

use super::history::{History, Mv};
use super::thread::LONG_LIST;
use crate::movecode::{decode, encode, NONE};
use crate::see::see;
use ccg_core::{Kind, Move, Position, Special};

/// Scored moves of one node; allocated once per ply and reused, so nodes allocate nothing.
#[derive(Default)]
pub(crate) struct Buffers {
    noisy: Vec<(Move, i32)>,
    bad: Vec<(Move, i32)>,
    quiet: Vec<(Move, i32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Tt,
    GenNoisy,
    GoodNoisy,
    Refutation,
    GenQuiet,
    Quiet,
    BadNoisy,
    QGen,
    QNoisy,
    ListGen,
    List,
    Done,
}

/// A move handed out, with what the search needs to know about it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Picked {
    pub m: Move,
    /// Neither a capture nor a promotion.
    pub quiet: bool,
    /// Taken from the legal moves: no legality test needed.
    pub legal: bool,
    /// The ordering score (history for quiet moves).
    pub score: i32,
}

/// What ordering looks at besides the position.
pub(crate) struct Context<'a> {
    pub pos: &'a Position,
    pub hist: &'a History,
    /// Piece values per kind (royal pieces high), for captures and exchanges.
    pub values: &'a [i32],
    /// The moves one and two plies before, for the continuation history and the counter-move.
    pub prev: [Option<Mv>; 2],
    pub ply: usize,
    /// Killers, counter-moves and histories in use (`noordering` switches them off).
    pub ordering: bool,
}

/// The kind a move moves, as the histories key it: a partition only its part, a group move its
/// type (its anchor need not be one of its cells).
pub(crate) fn moving_kind(pos: &Position, m: &Move) -> Kind {
    match m.special {
        Special::Drop(k) | Special::Part(k) => k,
        Special::Group(_) => pos.group_effect(*m).map_or(0, |e| e.kind),
        _ => pos.piece_at(m.from).map_or(0, |p| p.kind),
    }
}

/// Whether a move is a capture or a promotion — in games of group pieces also a move that earns
/// reserve or hand checkers (material gained like a promotion's), so that quiescence sees it.
pub(crate) fn is_noisy(pos: &Position, m: &Move) -> bool {
    match pos.group_effect(*m) {
        Some(e) => e.captured > 0 || e.gain > 0,
        None => pos.is_capture(*m) || m.promotion.is_some(),
    }
}

/// Captures quiescence searches at a node of a long move list ([`LONG_LIST`]).
const QS_WIDTH: usize = 6;

/// Centipawns a checker of a game of group pieces counts for in ordering and margins.
const CHECKER: i32 = 100;

impl Context<'_> {
    /// The history view of a move of the side to move.
    pub fn mv(&self, m: &Move) -> Mv {
        let pos = self.pos;
        let side = pos.side_to_move().index();
        self.hist.mv(side, moving_kind(pos, m) as usize, m.from as usize, m.to as usize, m.is_drop())
    }

    /// The kind a capture takes (for the capture history); 0 for none.
    pub fn victim(&self, m: &Move) -> usize {
        let pos = self.pos;
        let at = match m.special {
            Special::EnPassant(v) => v,
            Special::None => m.to,
            _ => return 0,
        };
        pos.piece_at(at).filter(|p| p.color != pos.side_to_move()).map_or(0, |p| p.kind as usize)
    }

    fn victim_value(&self, m: &Move) -> i32 {
        if let Some(e) = self.pos.group_effect(*m) {
            return CHECKER * (e.captured + e.gain) as i32;
        }
        match m.special {
            Special::Chain(p) => 100 * (p.cells().len() as i32 + 1),
            Special::EnPassant(_) | Special::None => {
                let pos = self.pos;
                let at = if let Special::EnPassant(v) = m.special { v } else { m.to };
                pos.piece_at(at)
                    .filter(|p| p.color != pos.side_to_move())
                    .map_or(0, |p| self.values[p.kind as usize])
            }
            _ => 0,
        }
    }

    /// What a capture or promotion gains at most: the victim and the promotion's worth.
    pub fn victim_value_of(&self, m: &Move) -> i32 {
        self.victim_value(m) + m.promotion.map_or(0, |k| self.values[k as usize].min(5000))
    }

    fn noisy_score(&self, m: &Move) -> i32 {
        let promo = m.promotion.map_or(0, |k| self.values[k as usize].min(5000));
        let hist = if self.ordering { self.hist.capture(self.mv(m), self.victim(m)) / 16 } else { 0 };
        8 * (self.victim_value(m).min(5000) + promo) + hist
    }

    fn quiet_score(&self, m: &Move) -> i32 {
        if !self.ordering {
            return 0;
        }
        let mv = self.mv(m);
        self.hist.quiet(mv) + self.hist.cont(self.prev[0], mv) + self.hist.cont(self.prev[1], mv) / 2
    }
}

pub(crate) struct Picker {
    stage: Stage,
    tt: Option<Move>,
    /// The hash move's code: where the legal moves are listed, it is matched by code (chains and
    /// undecodable codes included).
    tt_code: u32,
    refutations: [u32; 3],
    next_refutation: usize,
    bufs: Buffers,
    at: usize,
    /// Set by the search when it prunes the remaining quiet moves (late-move pruning).
    pub skip_quiets: bool,
    legal_list: bool,
}

impl Picker {
    /// The picker of a full-width node. `tt` is the hash move's code.
    pub fn main(ctx: &Context, bufs: Buffers, tt: u32) -> Picker {
        let pos = ctx.pos;
        let legal_list = !pos.staged_generation() || pos.in_check();
        let tt_move = decode(tt).filter(|&m| !legal_list && pos.is_pseudo_legal(m));
        let (killers, counter) = if ctx.ordering {
            (ctx.hist.killers[ctx.ply], ctx.hist.counter(ctx.prev[0]))
        } else {
            ([NONE; 2], NONE)
        };
        Picker {
            stage: if legal_list {
                Stage::ListGen
            } else if tt_move.is_some() {
                Stage::Tt
            } else {
                Stage::GenNoisy
            },
            tt: if legal_list { decode(tt) } else { tt_move },
            tt_code: if legal_list { tt } else { NONE },
            refutations: [killers[0], killers[1], counter],
            next_refutation: 0,
            bufs,
            at: 0,
            skip_quiets: false,
            legal_list,
        }
    }

    /// The picker of a quiescence node: captures and promotions (all moves when in check).
    pub fn quiescence(ctx: &Context, bufs: Buffers) -> Picker {
        let mut p = Picker::main(ctx, bufs, NONE);
        if !p.legal_list {
            p.stage = Stage::QGen;
        }
        p.skip_quiets = !ctx.pos.in_check();
        p
    }

    pub fn into_buffers(self) -> Buffers {
        self.bufs
    }

    fn is_tt(&self, m: &Move) -> bool {
        self.tt.as_ref() == Some(m)
    }

    fn is_refutation(&self, m: &Move) -> bool {
        let c = encode(m);
        self.refutations.contains(&c) && c != NONE
    }

    /// The best remaining move of `list[at..]`, moved to `at`.
    fn select(list: &mut [(Move, i32)], at: usize) -> (Move, i32) {
        let mut b = at;
        for j in at + 1..list.len() {
            if list[j].1 > list[b].1 {
                b = j;
            }
        }
        list.swap(at, b);
        list[at]
    }

    pub fn next(&mut self, ctx: &Context) -> Option<Picked> {
        let pos = ctx.pos;
        loop {
            match self.stage {
                Stage::Tt => {
                    self.stage = Stage::GenNoisy;
                    if let Some(m) = self.tt {
                        let quiet = !is_noisy(pos, &m);
                        return Some(Picked { m, quiet, legal: false, score: i32::MAX });
                    }
                }
                Stage::GenNoisy | Stage::QGen => {
                    let Buffers { noisy, bad, .. } = &mut self.bufs;
                    noisy.clear();
                    bad.clear();
                    let tt = self.tt;
                    pos.noisy_moves(|m| {
                        if Some(m) != tt {
                            noisy.push((m, 0));
                        }
                    });
                    for e in noisy.iter_mut() {
                        e.1 = ctx.noisy_score(&e.0);
                    }
                    self.at = 0;
                    self.stage = if self.stage == Stage::QGen { Stage::QNoisy } else { Stage::GoodNoisy };
                }
                Stage::GoodNoisy => {
                    while self.at < self.bufs.noisy.len() {
                        let (m, score) = Self::select(&mut self.bufs.noisy, self.at);
                        self.at += 1;
                        if see(pos, m, ctx.values) >= 0 {
                            return Some(Picked { m, quiet: false, legal: false, score });
                        }
                        self.bufs.bad.push((m, score));
                    }
                    self.stage = Stage::Refutation;
                }
                Stage::QNoisy => {
                    if self.at < self.bufs.noisy.len() {
                        let (m, score) = Self::select(&mut self.bufs.noisy, self.at);
                        self.at += 1;
                        return Some(Picked { m, quiet: false, legal: false, score });
                    }
                    self.stage = Stage::Done;
                }
                Stage::Refutation => {
                    while self.next_refutation < 3 {
                        let code = self.refutations[self.next_refutation];
                        self.next_refutation += 1;
                        if self.skip_quiets
                            || code == NONE
                            || self.refutations[..self.next_refutation - 1].contains(&code)
                        {
                            continue;
                        }
                        let Some(m) = decode(code) else { continue };
                        if !self.is_tt(&m)
                            && m.promotion.is_none()
                            && pos.is_pseudo_legal(m)
                            && !pos.is_capture(m)
                        {
                            return Some(Picked { m, quiet: true, legal: false, score: i32::MAX - 1 });
                        }
                    }
                    self.stage = Stage::GenQuiet;
                }
                Stage::GenQuiet => {
                    self.stage = Stage::Quiet;
                    self.at = 0;
                    if self.skip_quiets {
                        self.stage = Stage::BadNoisy;
                        continue;
                    }
                    let mut quiet = std::mem::take(&mut self.bufs.quiet);
                    quiet.clear();
                    pos.quiet_moves(|m| quiet.push((m, 0)));
                    quiet.retain(|(m, _)| !self.is_tt(m) && !self.is_refutation(m));
                    for e in quiet.iter_mut() {
                        e.1 = ctx.quiet_score(&e.0);
                    }
                    quiet.sort_unstable_by_key(|&(_, s)| std::cmp::Reverse(s));
                    self.bufs.quiet = quiet;
                }
                Stage::Quiet => {
                    if !self.skip_quiets && self.at < self.bufs.quiet.len() {
                        let (m, score) = self.bufs.quiet[self.at];
                        self.at += 1;
                        return Some(Picked { m, quiet: true, legal: false, score });
                    }
                    self.at = 0;
                    self.stage = Stage::BadNoisy;
                }
                Stage::BadNoisy => {
                    if self.at < self.bufs.bad.len() {
                        let (m, score) = self.bufs.bad[self.at];
                        self.at += 1;
                        return Some(Picked { m, quiet: false, legal: false, score });
                    }
                    self.stage = Stage::Done;
                }
                Stage::ListGen => {
                    let list = pos.legal_moves();
                    let q = &mut self.bufs.quiet;
                    q.clear();
                    let (tt, killers) = (self.tt_code, self.refutations);
                    for &m in list.iter() {
                        let noisy = is_noisy(pos, &m);
                        let code = encode(&m);
                        let score = if code == tt && tt != NONE {
                            i32::MAX
                        } else if noisy {
                            // Above every quiet move: a noisy score is at least −1024.
                            (1 << 28) + 4096 + ctx.noisy_score(&m)
                        } else if killers.contains(&code) {
                            1 << 27
                        } else {
                            ctx.quiet_score(&m)
                        };
                        // Quiescence outside check takes captures and promotions only.
                        if noisy || !self.skip_quiets {
                            q.push((m, score));
                        }
                    }
                    // Quiescence in a long list (Doseki: dozens of captures at every node) takes
                    // the best few only, or it spends the whole budget below one root move.
                    if self.skip_quiets && !pos.in_check() && list.len() > LONG_LIST {
                        q.sort_unstable_by_key(|&(_, s)| std::cmp::Reverse(s));
                        q.truncate(QS_WIDTH);
                    }
                    self.at = 0;
                    self.stage = Stage::List;
                }
                Stage::List => {
                    if self.at < self.bufs.quiet.len() {
                        let (m, score) = Self::select(&mut self.bufs.quiet, self.at);
                        self.at += 1;
                        // Listed noisy moves score from 2^28 up (the hash move above all).
                        let quiet = score < 1 << 28 || (score == i32::MAX && !is_noisy(pos, &m));
                        if quiet && self.skip_quiets && !pos.in_check() {
                            continue;
                        }
                        return Some(Picked { m, quiet, legal: true, score });
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ccg_core::Rng;
    use std::collections::HashSet;

    /// Everything the picker hands out at one node, legality-tested as the search tests it.
    fn picked(ctx: &Context, mut p: Picker) -> Vec<Move> {
        let l = ctx.pos.legality();
        let mut out = Vec::new();
        while let Some(x) = p.next(ctx) {
            if x.legal || ctx.pos.is_legal(x.m, &l) {
                out.push(x.m);
            }
        }
        out
    }

    /// In every game of the catalogue — staged or listed in full — and with a hash move and
    /// killers from other positions, the picker of a full-width node hands out every legal move
    /// exactly once and nothing else; the quiescence picker the legal captures and promotions
    /// (every legal move in check).
    #[test]
    fn the_picker_yields_exactly_the_legal_moves_in_every_game() {
        for g in ccg_games::catalogue().iter().filter(|g| g.status == ccg_games::Status::Implemented) {
            let v = ccg_games::variant(g.id, &[]).unwrap();
            let values: Vec<i32> =
                (0..v.kinds.len()).map(|k| if v.kinds[k].royal { 20000 } else { 300 }).collect();
            let mut hist = History::new(v.geometry.len(), v.kinds.len(), 4);
            let mut rng = Rng::new(g.id.len() as u64 + 17);
            let mut earlier: Vec<Move> = Vec::new();
            for _ in 0..4 {
                let mut pos = ccg_core::Position::new(v.clone());
                for ply in 0..80 {
                    let legal = pos.legal_moves();
                    if legal.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let pick = |rng: &mut Rng, list: &[Move]| {
                        if list.is_empty() {
                            NONE
                        } else {
                            encode(&list[rng.below(list.len())])
                        }
                    };
                    hist.killers[0] = [pick(&mut rng, &earlier), pick(&mut rng, &legal)];
                    let tt =
                        if rng.below(2) == 0 { pick(&mut rng, &legal) } else { pick(&mut rng, &earlier) };
                    let ctx = Context {
                        pos: &pos,
                        hist: &hist,
                        values: &values,
                        prev: [None; 2],
                        ply: 0,
                        ordering: true,
                    };
                    let want: HashSet<Move> = legal.iter().copied().collect();
                    let got = picked(&ctx, Picker::main(&ctx, Buffers::default(), tt));
                    let context = format!("{} ply {ply} at {}", g.id, pos.to_fen());
                    assert_eq!(got.len(), want.len(), "{context}: {got:?}");
                    assert_eq!(got.iter().copied().collect::<HashSet<_>>(), want, "{context}");
                    let noisy: HashSet<Move> =
                        legal.iter().copied().filter(|&m| pos.in_check() || is_noisy(&pos, &m)).collect();
                    let q = picked(&ctx, Picker::quiescence(&ctx, Buffers::default()));
                    if legal.len() <= LONG_LIST || pos.in_check() {
                        assert_eq!(q.len(), noisy.len(), "{context}: quiescence {q:?}");
                        assert_eq!(q.into_iter().collect::<HashSet<_>>(), noisy, "{context}: quiescence");
                    } else {
                        // A long list: the QS_WIDTH noisy moves that gain most, and no other.
                        assert_eq!(q.len(), noisy.len().min(QS_WIDTH), "{context}: quiescence {q:?}");
                        let taken: HashSet<Move> = q.iter().copied().collect();
                        assert!(taken.is_subset(&noisy), "{context}: quiescence {q:?}");
                        let least = q.iter().map(|m| ctx.victim_value_of(m)).min().unwrap_or(i32::MAX);
                        let left = noisy
                            .difference(&taken)
                            .map(|m| ctx.victim_value_of(m))
                            .max()
                            .unwrap_or(i32::MIN);
                        assert!(left <= least, "{context}: quiescence left out a better capture");
                    }
                    earlier = legal.iter().copied().collect();
                    pos.make(legal[rng.below(legal.len())]);
                }
            }
        }
    }
}
