//! The author's movement-mode notation, parsed into data.
//!
//! A piece is declared by text such as `D+N(2)` (the Cardinal) or `mN(1)+cD(1)+imfN(2)` (the
//! Modern Grand Chess pawn). Upper-case letters are the author's modes; lower-case prefixes are
//! our modifiers for the conditions his prose attaches to them:
//!
//! | text | meaning |
//! |---|---|
//! | `O`, `D` (any family letter) | slide any distance along the family's lines |
//! | `O(n)` | slide exactly `n` cells, every cell before the last empty |
//! | `N(n)` | leap to any cell at Chebyshev distance exactly `n` (the author's n-th neighbour) |
//! | `L(a,b)` | leap by `a` along one axis and `b` along another (`L(1,2)` = chess knight) |
//! | `m` / `c` | move only (no capture) / capture only |
//! | `i` | only while the piece has never moved (pawn first move) |
//! | `u` | only while this royal piece has never been checked (the jump right) |
//! | `f` / `n` | only forward / never backward (for pawns; relative to the side) |
//! | `j` | with `O(n)`/`D(n)`: jumping, the cells before the last may be occupied; with `O`/`D`: a slide that may pass over one occupied cell (Pyramids' `JO`/`JD`) |
//! | `o` | with `jO(n)`/`jD(n)`: the cells jumped over must hold own pieces (cheskers King's leap) |
//! | `h` | with `mjO(n)`/`mjD(n)`: a hop, the cells jumped over must be occupied by pieces of either colour (Pyramids' slave) |
//! | `s` | safe passage: the cells passed over must not be attacked (Avant-garde King's double move) |
//! | `x` | captures draughts-style by jumping over an enemy piece on the line: `xO` at any distance with a free landing beyond, `xO(1)` over an adjacent piece onto the cell right behind it |

use std::fmt;
use thiserror::Error;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Along the lines of a direction family: any distance (`exact: None`) or exactly n cells;
    /// `jumping`: passing over occupied cells (all of them for `exact`, at most one otherwise).
    Line { family: char, exact: Option<u8>, jumping: bool },
    /// Chebyshev ring of radius n.
    Ring(u8),
    /// (a, b) leaper.
    Leap(u8, u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    MoveOrCapture,
    MoveOnly,
    CaptureOnly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirFilter {
    Any,
    Forward,
    NotBackward,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode {
    pub shape: Shape,
    pub action: Action,
    pub dir: DirFilter,
    /// Only while the piece has never moved.
    pub initial: bool,
    /// Only while the (royal) piece has never been checked.
    pub unchecked: bool,
    /// The cells passed over must not be attacked.
    pub safe: bool,
    /// Jumped-over cells must hold own pieces.
    pub over_own: bool,
    /// Jumped-over cells must be occupied (a hop over pieces of either colour).
    pub over_any: bool,
    /// Captures by jumping over (draughts style).
    pub jump_capture: bool,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ModeError {
    #[error("empty mode list")]
    Empty,
    #[error("mode {0:?}: {1}")]
    Bad(String, &'static str),
}

/// Parses `mode + mode + …` (spaces ignored).
pub fn parse_modes(text: &str) -> Result<Vec<Mode>, ModeError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() {
        return Err(ModeError::Empty);
    }
    compact.split('+').map(parse_mode).collect()
}

fn parse_mode(t: &str) -> Result<Mode, ModeError> {
    let bad = |why| ModeError::Bad(t.to_string(), why);
    let mut m = Mode {
        shape: Shape::Ring(1),
        action: Action::MoveOrCapture,
        dir: DirFilter::Any,
        initial: false,
        unchecked: false,
        safe: false,
        over_own: false,
        over_any: false,
        jump_capture: false,
    };
    let mut jumping = false;
    let mut letter = None;
    for (i, c) in t.char_indices() {
        match c {
            'm' | 'c' if m.action != Action::MoveOrCapture => return Err(bad("two of m/c")),
            'm' => m.action = Action::MoveOnly,
            'c' => m.action = Action::CaptureOnly,
            'i' => m.initial = true,
            'u' => m.unchecked = true,
            'f' | 'n' if m.dir != DirFilter::Any => return Err(bad("two of f/n")),
            'f' => m.dir = DirFilter::Forward,
            'n' => m.dir = DirFilter::NotBackward,
            'j' => jumping = true,
            's' => m.safe = true,
            'o' => m.over_own = true,
            'h' => m.over_any = true,
            'x' => m.jump_capture = true,
            'A'..='Z' => {
                letter = Some((i, c));
                break;
            }
            _ => return Err(bad("unknown modifier")),
        }
    }
    let (i, letter) = letter.ok_or_else(|| bad("no mode letter"))?;
    let rest = &t[i + 1..];
    let args: Vec<u8> = if rest.is_empty() {
        Vec::new()
    } else {
        let inner = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(|| bad("expected (n) after the mode letter"))?;
        inner
            .split(',')
            .map(|a| a.parse::<u8>().ok().filter(|&n| n <= 16))
            .collect::<Option<_>>()
            .ok_or_else(|| bad("arguments must be numbers 0..16"))?
    };
    m.shape = match (letter, args.as_slice()) {
        (_, [0]) => return Err(bad("a distance must be at least 1")),
        ('N', [n]) => Shape::Ring(*n),
        ('N', _) => return Err(bad("N takes one argument: N(n)")),
        ('L', [0, 0]) => return Err(bad("L(0,0) does not move")),
        ('L', [a, b]) => Shape::Leap(*a, *b),
        ('L', _) => return Err(bad("L takes two arguments: L(a,b)")),
        (f, []) => Shape::Line { family: f, exact: None, jumping },
        (f, [n]) => Shape::Line { family: f, exact: Some(*n), jumping },
        _ => return Err(bad("too many arguments")),
    };
    if jumping && !matches!(m.shape, Shape::Line { .. }) {
        return Err(bad("j applies to line modes such as O(n) or D only"));
    }
    let exact_jump = jumping && matches!(m.shape, Shape::Line { exact: Some(_), .. });
    if m.over_own && !exact_jump {
        return Err(bad("o applies to jO(n)/jD(n) only"));
    }
    if m.over_any && (!exact_jump || m.action != Action::MoveOnly || m.over_own) {
        return Err(bad("h applies to move-only hops such as mhjO(2) only"));
    }
    if jumping && !exact_jump && (m.initial || m.unchecked || m.safe || m.dir != DirFilter::Any) {
        return Err(bad("an unlimited jO/jD takes no other modifiers than m and c"));
    }
    if m.jump_capture && (!matches!(m.shape, Shape::Line { .. }) || m.action == Action::MoveOnly || jumping) {
        return Err(bad("x applies to capturing line modes such as xO or xD(1)"));
    }
    if m.safe && !matches!(m.shape, Shape::Line { exact: Some(_), .. }) {
        return Err(bad("s applies to O(n)/D(n) only"));
    }
    Ok(m)
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.initial {
            f.write_str("i")?;
        }
        if self.unchecked {
            f.write_str("u")?;
        }
        match self.action {
            Action::MoveOnly => f.write_str("m")?,
            Action::CaptureOnly => f.write_str("c")?,
            Action::MoveOrCapture => {}
        }
        match self.dir {
            DirFilter::Forward => f.write_str("f")?,
            DirFilter::NotBackward => f.write_str("n")?,
            DirFilter::Any => {}
        }
        if self.safe {
            f.write_str("s")?;
        }
        if self.over_own {
            f.write_str("o")?;
        }
        if self.over_any {
            f.write_str("h")?;
        }
        if self.jump_capture {
            f.write_str("x")?;
        }
        match self.shape {
            Shape::Line { family, exact: None, jumping } => {
                write!(f, "{}{family}", if jumping { "j" } else { "" })
            }
            Shape::Line { family, exact: Some(n), jumping } => {
                write!(f, "{}{family}({n})", if jumping { "j" } else { "" })
            }
            Shape::Ring(n) => write!(f, "N({n})"),
            Shape::Leap(a, b) => write!(f, "L({a},{b})"),
        }
    }
}

/// Writes a mode list back in the notation `parse_modes` reads.
pub fn format_modes(modes: &[Mode]) -> String {
    modes.iter().map(|m| m.to_string()).collect::<Vec<_>>().join("+")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_author_modes() {
        let q = parse_modes("O + D + N(2)").unwrap();
        assert_eq!(q.len(), 3);
        assert_eq!(q[2].shape, Shape::Ring(2));
        let p = parse_modes("mN(1)+cD(1)+imfN(2)").unwrap();
        assert_eq!(p[0].action, Action::MoveOnly);
        assert_eq!(p[1].shape, Shape::Line { family: 'D', exact: Some(1), jumping: false });
        assert!(p[2].initial && p[2].dir == DirFilter::Forward);
        assert_eq!(format_modes(&p), "mN(1)+cD(1)+imfN(2)");
        assert_eq!(parse_modes("L(1,2)").unwrap()[0].shape, Shape::Leap(1, 2));
    }

    #[test]
    fn rejects_garbage() {
        assert!(parse_modes("").is_err());
        assert!(parse_modes("N").is_err());
        assert!(parse_modes("O(0)").is_err());
        assert!(parse_modes("x").is_err());
        assert!(parse_modes("ujO").is_err());
        assert!(parse_modes("hjO(2)").is_err());
        assert!(parse_modes("jN(2)").is_err());
        assert!(parse_modes("O(2").is_err());
        assert!(parse_modes("mcO").is_err());
    }

    proptest! {
        #[test]
        fn never_panics(s in ".{0,24}") {
            let _ = parse_modes(&s);
        }

        #[test]
        fn round_trips(s in "(i?u?(m|c)?(f|n)?(O|D|N\\([1-3]\\)|L\\([1-3],[1-3]\\)|j?O\\([1-4]\\)|s?jD\\(2\\))|c?xO|xD\\(1\\)|mojO\\(2\\)|mhjD\\(2\\)|m?jO)") {
            let m = parse_modes(&s).unwrap();
            prop_assert_eq!(format_modes(&m), s);
        }
    }
}
