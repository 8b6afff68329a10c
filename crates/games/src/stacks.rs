//! Stack kinds from a game's `[stacks]` table: every legal stack of checkers becomes a piece kind
//! whose modes are the union of what its checkers grant (docs/rules.md, Pyramids). The rules are
//! conditions on the stack's checkers, so a game states them as the author does ("any pyramid
//! with a double C1 …") and the 15 or 49 kinds follow.

use crate::def::GameError;
use ccg_core::kinds::{ChainRule, PieceKind};
use ccg_core::modes::{parse_modes, Mode};
use ccg_core::Stack;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StacksDef {
    /// Checker sizes 1..=sizes.
    sizes: usize,
    /// Most checkers of one size in a stack (1 for pinos, 2 for pyramids).
    max_per_size: u8,
    /// Most checkers in a stack.
    max_checkers: u32,
    /// What a stack is called ("pino", "pyramid"), for stacks without a name of their own.
    noun: String,
    /// The code of the royal stack, if any (the pharaon `4321`).
    royal: Option<String>,
    /// Names by code (the author's 49 pyramids): the name of a table in `data/`.
    names: Option<String>,
    #[serde(default)]
    modes: Vec<StackModes>,
    /// Conditions under which a stack jumps on without limit (draughts-style variants).
    #[serde(default)]
    chains: Vec<String>,
    /// Pairs of sizes whose checkers may make one jump each in one move, e.g. "1 3".
    #[serde(default)]
    pairs: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StackModes {
    /// A condition on the checkers: terms `3` (at least one C3), `1:2` (exactly two C1),
    /// `4:1+` (at least one), all of which must hold.
    when: Option<String>,
    /// Or exactly this stack.
    stack: Option<String>,
    modes: String,
    /// These modes replace everything else the stack's checkers grant (the pharaon).
    #[serde(default)]
    only: bool,
    /// Whether the stack jumps on after a jump (for `only` rules; default: by `chains`/`pairs`).
    chain: Option<bool>,
}

/// One term of a condition: `count(size)` within `min..=max`.
struct Term {
    size: usize,
    min: u8,
    max: u8,
}

fn terms(text: &str) -> Result<Vec<Term>, GameError> {
    let bad = || GameError::Data(format!("stack condition {text:?}: expected terms such as 3, 1:2 or 4:1+"));
    text.split_whitespace()
        .map(|t| {
            let (size, count) = t.split_once(':').unwrap_or((t, "1+"));
            let size: usize = size.parse().map_err(|_| bad())?;
            let (n, plus) = match count.strip_suffix('+') {
                Some(n) => (n, true),
                None => (count, false),
            };
            let n: u8 = n.parse().map_err(|_| bad())?;
            Ok(Term { size, min: n, max: if plus { u8::MAX } else { n } })
        })
        .collect()
}

fn holds(terms: &[Term], s: &Stack) -> bool {
    terms.iter().all(|t| (t.min..=t.max).contains(&s.count(t.size)))
}

/// A `[[stacks.modes]]` entry, read.
struct Rule<'a> {
    when: Option<Vec<Term>>,
    stack: Option<Stack>,
    modes: Vec<Mode>,
    def: &'a StackModes,
}

impl Rule<'_> {
    fn applies(&self, s: &Stack) -> bool {
        self.when.as_ref().is_none_or(|t| holds(t, s)) && self.stack.as_ref().is_none_or(|x| x == s)
    }
    /// Whether the rule grants modes to any stack holding a checker of `size` ("any pyramid with
    /// checker C1"): the modes that checker contributes to a two-jump pair.
    fn is_single_size(&self, size: usize) -> bool {
        self.stack.is_none()
            && self.when.as_ref().is_some_and(|t| t.len() == 1 && t[0].size == size && t[0].min == 1)
    }
}

/// Every stack with checker counts within the limits, smallest first.
fn all_stacks(def: &StacksDef) -> Vec<Stack> {
    let mut out = Vec::new();
    let per = def.max_per_size as usize + 1;
    for code in 1..per.pow(def.sizes as u32) {
        let mut text = String::new();
        let mut rest = code;
        for size in 1..=def.sizes {
            for _ in 0..rest % per {
                text.push(char::from_digit(size as u32, 10).expect("sizes are digits"));
            }
            rest /= per;
        }
        let s = Stack::parse(&text).expect("digits");
        if s.total() <= def.max_checkers {
            out.push(s);
        }
    }
    out.sort_by_key(|s| (s.total(), s.code()));
    out
}

impl StacksDef {
    /// The name table the stacks' names come from, if any.
    pub(crate) fn names_table(&self) -> Option<&str> {
        self.names.as_deref()
    }

    /// The stack kinds, with their modes, chain rules and names.
    pub(crate) fn kinds(
        &self,
        names: Option<&BTreeMap<String, String>>,
    ) -> Result<Vec<PieceKind>, GameError> {
        let rules: Vec<Rule> = self
            .modes
            .iter()
            .map(|def| {
                let when = def.when.as_deref().map(terms).transpose()?;
                let stack = def
                    .stack
                    .as_deref()
                    .map(Stack::parse)
                    .transpose()
                    .map_err(|e| GameError::Data(e.to_string()))?;
                let modes =
                    parse_modes(&def.modes).map_err(|e| GameError::Data(format!("stack modes: {e}")))?;
                Ok(Rule { when, stack, modes, def })
            })
            .collect::<Result<_, GameError>>()?;
        let chains: Vec<Vec<Term>> = self.chains.iter().map(|c| terms(c)).collect::<Result<_, _>>()?;
        // The jump modes each single size grants, for the two-jump pairs.
        let jumps_of = |size: usize| -> Vec<Mode> {
            rules
                .iter()
                .filter(|r| r.is_single_size(size))
                .flat_map(|r| r.modes.iter().filter(|m| m.jump_capture).copied())
                .collect()
        };
        let pairs: Vec<(usize, usize)> = self
            .pairs
            .iter()
            .map(|p| {
                let sizes: Vec<usize> = p.split_whitespace().filter_map(|x| x.parse().ok()).collect();
                match sizes.as_slice() {
                    [a, b] => Ok((*a, *b)),
                    _ => {
                        Err(GameError::Data(format!("stack pair {p:?}: expected two sizes such as \"1 3\"")))
                    }
                }
            })
            .collect::<Result<_, _>>()?;
        let royal = self
            .royal
            .as_deref()
            .map(Stack::parse)
            .transpose()
            .map_err(|e| GameError::Data(e.to_string()))?;
        let mut out = Vec::new();
        for s in all_stacks(self) {
            let code = s.code();
            let only = rules.iter().find(|r| r.def.only && r.applies(&s));
            let mut modes: Vec<Mode> = Vec::new();
            let mut add = |ms: &[Mode]| {
                for m in ms {
                    if !modes.contains(m) {
                        modes.push(*m);
                    }
                }
            };
            match only {
                Some(r) => add(&r.modes),
                None => {
                    for r in rules.iter().filter(|r| !r.def.only && r.applies(&s)) {
                        add(&r.modes);
                    }
                }
            }
            let chain = match only.and_then(|r| r.def.chain) {
                Some(false) => ChainRule::Single,
                Some(true) => ChainRule::Unlimited,
                None if only.is_some() => ChainRule::Single,
                None if chains.iter().any(|t| holds(t, &s)) => ChainRule::Unlimited,
                None => {
                    let present: Vec<[Vec<Mode>; 2]> = pairs
                        .iter()
                        .filter(|(a, b)| s.count(*a) > 0 && s.count(*b) > 0)
                        .map(|&(a, b)| [jumps_of(a), jumps_of(b)])
                        .collect();
                    if present.is_empty() {
                        ChainRule::Single
                    } else {
                        ChainRule::Pairs(present)
                    }
                }
            };
            let name = names
                .and_then(|n| n.get(&code))
                .cloned()
                .unwrap_or_else(|| format!("{} ({code})", self.noun));
            let mut k = PieceKind::stack(s, &name, modes);
            k.chain = chain;
            k.royal = royal == Some(s);
            out.push(k);
        }
        Ok(out)
    }
}
