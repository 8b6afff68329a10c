//! Legality, the faraon's "has been checked" flag, the end of the game and perft (docs/rules.md
//! "All games" — the jump right, legality, draws — and "End of the game and draws").

use super::rules::{classical_stack_modes, faraon_modes, reaches, slave_captures, Modes};
use super::{Cell, Color, Kind, Legal, Pos};
use std::collections::BTreeSet;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The side to move has no faraon/pharaon left (2nd-edition cheskers, 5th/6th editions).
    RoyalCaptured,
    Checkmate,
    /// No legal move, not checkmated: a draw in every Pyramids id.
    NoMoves,
    Repetition,
    FiftyMoves,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Pos {
    /// Classical variants: whether `by` could capture on `target` now (slaves by their capture
    /// mode, stacks moving whole, the 1st-edition faraon with its leaps while unchecked). Pinned
    /// pieces attack too.
    pub fn attacked(&self, target: Cell, by: Color) -> bool {
        let occ = |c: Cell| self.at(c).is_some();
        for rank in 0..self.n() {
            for file in 0..self.n() {
                let from = (file, rank);
                let Some(p) = self.at(from).filter(|p| p.color == by) else {
                    continue;
                };
                let modes = match p.kind {
                    Kind::Slave { .. } => slave_captures(self.id),
                    Kind::Faraon { checked } => match faraon_modes(self.id, checked) {
                        (modes, true) => modes,
                        (_, false) => Modes::new(),
                    },
                    Kind::Stack(s) => classical_stack_modes(self.id, &s),
                };
                if from != target && modes.iter().any(|&m| reaches(m, from, target, &occ)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the royal piece on `c` stands in check: attacked (classical 1st/2nd editions), or
    /// taken by some capture sequence of the opponent (2nd-edition cheskers). The 5th/6th
    /// editions have no check.
    fn royal_in_check(&self, c: Cell) -> bool {
        let Some(p) = self.at(c) else { return false };
        let them = p.color.other();
        if self.id.pyramids() {
            false
        } else if self.id.draughts() {
            self.all_jumps(them).iter().any(|m| m.captured.contains(&c))
        } else {
            self.attacked(c, them)
        }
    }

    /// Whether a royal piece of `color` stands in check.
    pub fn in_check_color(&self, color: Color) -> bool {
        self.royals(color).into_iter().any(|c| self.royal_in_check(c))
    }

    /// Whether the side to move stands in check.
    pub fn in_check(&self) -> bool {
        self.in_check_color(self.side)
    }

    /// Sets the flag of the side to move's faraon if it stands in check (after the opponent's
    /// move; reading 4 of the module header).
    pub fn update_checked_flag(&mut self) {
        for c in self.royals(self.side) {
            if let Some(mut p) = self.at(c) {
                if let Kind::Faraon { checked: false } = p.kind {
                    if self.royal_in_check(c) {
                        p.kind = Kind::Faraon { checked: true };
                        self.set(c, Some(p));
                    }
                }
            }
        }
    }

    /// The flag of `color`'s faraon, if it has one.
    pub fn faraon_checked(&self, color: Color) -> Option<bool> {
        self.royals(color).into_iter().find_map(|c| match self.at(c).map(|p| p.kind) {
            Some(Kind::Faraon { checked }) => Some(checked),
            _ => None,
        })
    }

    /// Whether the mover (`self.side`) may leave `after`: chess legality (his faraon not
    /// attacked, judged with the flags updated), or at least one pharaon left (5th/6th).
    fn legal_after(&self, after: &Pos) -> bool {
        let us = self.side;
        if self.id.check_rules() {
            after.royals(us).into_iter().all(|c| !after.attacked(c, us.other()))
        } else if self.id.pyramids() {
            !after.royals(us).is_empty()
        } else {
            true
        }
    }

    /// The legal moves, one per distinct text, sorted by text. A side without its royal piece
    /// (the game ended when it was taken) has none.
    pub fn legal(&self) -> Vec<Legal> {
        if self.royals(self.side).is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Legal> = Vec::new();
        let mut seen = BTreeSet::new();
        for mv in self.pseudo_moves() {
            let after = self.apply(&mv);
            if !self.legal_after(&after) {
                continue;
            }
            let text = mv.text();
            if seen.insert(text.clone()) {
                out.push(Legal { text, mv, after });
            } else {
                // Two ways to the same move must be the same move.
                let first = out.iter().find(|l| l.text == text).unwrap();
                assert_eq!(first.after.to_fen(), after.to_fen(), "{text} reached two ways");
            }
        }
        out.sort_by(|a, b| a.text.cmp(&b.text));
        out
    }

    /// The legal moves as canonical texts, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal().into_iter().map(|l| l.text).collect()
    }

    /// Plays the move written `text` (canonical, or with the author's space after the code:
    /// `(21) e1-f3`), returning the position after it with the history extended.
    pub fn play(&self, text: &str) -> Result<Pos, String> {
        let wanted = text.trim().replacen(") ", ")", 1);
        let legal = self.legal();
        let Some(l) = legal.iter().find(|l| l.text == wanted) else {
            return Err(format!("{text:?} is not a legal move in {}", self.to_fen()));
        };
        Ok(self.then(l))
    }

    /// The position after `l`, one of this position's legal moves, with the history extended.
    pub fn then(&self, l: &Legal) -> Pos {
        let mut next = l.after.clone();
        next.history = self.history.clone();
        next.history.push(self.key());
        next
    }

    /// How often the current position occurred in the game, this time included.
    pub fn repetitions(&self) -> usize {
        let key = self.key();
        1 + self.history.iter().filter(|k| **k == key).count()
    }

    /// The result if the game is over (agreed draws aside).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_knowing(self.legal().is_empty())
    }

    /// `outcome` for a caller that already knows whether the side to move has a legal move.
    pub fn outcome_knowing(&self, no_legal_move: bool) -> Option<Outcome> {
        let win = |c: Color, reason| Some(Outcome { winner: Some(c), reason });
        let draw = |reason| Some(Outcome { winner: None, reason });
        if self.royals(self.side).is_empty() {
            return win(self.side.other(), Reason::RoyalCaptured);
        }
        if no_legal_move {
            return if self.id.check_rules() && self.in_check() {
                win(self.side.other(), Reason::Checkmate)
            } else {
                draw(Reason::NoMoves)
            };
        }
        if self.repetitions() >= 3 {
            return draw(Reason::Repetition);
        }
        if self.halfmove >= 100 {
            return draw(Reason::FiftyMoves);
        }
        None
    }

    /// Leaf count of the legal move tree to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal.iter().map(|l| l.after.perft(depth - 1)).sum()
    }
}
