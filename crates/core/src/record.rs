//! Game records: a PGN-like text with tag pairs, movetext in the author's notation and comments.
//!
//! ```text
//! [Game "mgc"]
//! [White "Kosintsev I."]
//! [Black "Skuratovsky I."]
//! [Result "1:0"]
//!
//! 1. f3-f5 f8-f6 2. Hk2-h4 d8-d7 {a comment} ... 1:0
//! ```
//!
//! Reading is tolerant of the blog's printed form (`1._f3-f5_f8-f6`, numbers glued to moves);
//! `;` starts a comment to the end of the line. An optional `[Position "…"]` tag gives a start
//! position string. Replaying checks every move and reports the first bad one by number and side.

use crate::notation::NotationError;
use crate::position::{Move, Outcome, OutcomeReason, Position};
use crate::variant::Variant;
use crate::Color;
use std::sync::Arc;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<RecordMove>,
    /// The result token as written (`1:0`, `0:1`, `1/2`, `*`), if any.
    pub result: Option<String>,
    /// Comments before the first move.
    pub preamble: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    pub number: u32,
    pub color: Color,
    pub text: String,
    /// Comments that follow the move.
    pub comments: Vec<String>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum RecordError {
    #[error("line {line}: {why}")]
    Syntax { line: usize, why: String },
}

const RESULTS: [&str; 9] = ["1:0", "0:1", "1-0", "0-1", "1/2", "1/2-1/2", "1/2:1/2", "½:½", "*"];

impl Record {
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.as_str())
    }

    pub fn set_tag(&mut self, key: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == key) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((key.to_string(), value.to_string())),
        }
    }

    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut rec = Record::default();
        let mut body_start = 0;
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if !t.starts_with('[') {
                body_start = i;
                break;
            }
            rec.tags.push(parse_tag(t).map_err(|why| RecordError::Syntax { line: i + 1, why })?);
            body_start = i + 1;
        }
        let mut number = 1u32;
        let mut color = Color::White;
        let mut line = body_start + 1;
        let body: String = lines.get(body_start..).unwrap_or(&[]).join("\n");
        let mut chars = body.char_indices().peekable();
        let syntax = |line: usize, why: String| RecordError::Syntax { line, why };
        // A stack code printed apart from its move, as the author does: `(21) e1-f3`.
        let mut code: Option<String> = None;
        while let Some(&(i, c)) = chars.peek() {
            match c {
                '\n' => {
                    line += 1;
                    chars.next();
                }
                c if c.is_whitespace() || c == '_' => {
                    chars.next();
                }
                '{' => {
                    let start_line = line;
                    chars.next();
                    let mut comment = String::new();
                    loop {
                        match chars.next() {
                            None => return Err(syntax(start_line, "comment '{' is never closed".into())),
                            Some((_, '}')) => break,
                            Some((_, ch)) => {
                                if ch == '\n' {
                                    line += 1;
                                }
                                comment.push(ch);
                            }
                        }
                    }
                    rec.attach_comment(comment.trim().to_string());
                }
                ';' => {
                    let mut comment = String::new();
                    while let Some(&(_, ch)) = chars.peek() {
                        if ch == '\n' {
                            break;
                        }
                        comment.push(ch);
                        chars.next();
                    }
                    rec.attach_comment(comment[1..].trim().to_string());
                }
                '}' => return Err(syntax(line, "'}' without '{'".into())),
                _ => {
                    let mut end = i;
                    while let Some(&(j, ch)) = chars.peek() {
                        if ch.is_whitespace() || ch == '_' || ch == '{' || ch == ';' {
                            break;
                        }
                        end = j + ch.len_utf8();
                        chars.next();
                    }
                    let mut tok = &body[i..end];
                    // `12.}` would otherwise become a move called "}" that writes back as a stray '}'.
                    if tok.contains('}') {
                        return Err(syntax(line, "'}' without '{'".into()));
                    }
                    if rec.result.is_some() {
                        return Err(syntax(line, format!("{tok:?} after the result")));
                    }
                    // A move number: `12.`, `12...`, possibly glued to the move (`12.Hg6:e8+`).
                    let digits = tok.chars().take_while(|c| c.is_ascii_digit()).count();
                    if digits > 0 && tok[digits..].starts_with('.') {
                        let n: u32 = tok[..digits]
                            .parse()
                            .map_err(|_| syntax(line, format!("move number {tok:?} too large")))?;
                        let dots = tok[digits..].chars().take_while(|&c| c == '.').count();
                        number = n;
                        color = if dots >= 3 { Color::Black } else { Color::White };
                        tok = &tok[digits + dots..];
                        if tok.is_empty() {
                            continue;
                        }
                    }
                    // After the number: `12.1:0` is no move called "1:0".
                    if RESULTS.contains(&tok) {
                        rec.result = Some(tok.to_string());
                        continue;
                    }
                    // The cheskers records write the King's capture as a separate `X`.
                    if tok == "X" {
                        match rec.moves.last_mut() {
                            Some(m) => m.text.push('X'),
                            None => return Err(syntax(line, "'X' before any move".into())),
                        }
                        continue;
                    }
                    let is_code = |t: &str| {
                        t.len() > 2
                            && t.starts_with('(')
                            && t.ends_with(')')
                            && t[1..t.len() - 1].bytes().all(|b| b.is_ascii_digit())
                    };
                    if is_code(tok) {
                        if code.is_some() {
                            return Err(syntax(line, format!("stack code {tok:?} after another one")));
                        }
                        code = Some(tok.to_string());
                        continue;
                    }
                    let text = code.take().unwrap_or_default() + tok;
                    rec.moves.push(RecordMove { number, color, text, comments: Vec::new() });
                    if color == Color::Black {
                        number += 1;
                    }
                    color = color.other();
                }
            }
        }
        if let Some(c) = code {
            return Err(syntax(line, format!("stack code {c:?} without its move")));
        }
        Ok(rec)
    }

    fn attach_comment(&mut self, c: String) {
        match self.moves.last_mut() {
            Some(m) => m.comments.push(c),
            None => self.preamble.push(c),
        }
    }

    /// Writes the record back as text (tags, then movetext wrapped at about 80 columns).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out += &format!("[{k} \"{}\"]\n", v.replace('\\', "\\\\").replace('"', "\\\""));
        }
        if !self.tags.is_empty() {
            out.push('\n');
        }
        // A comment read from a `;` line may hold a `}`: it goes back as a `;` line.
        let comment = |c: &String| if c.contains('}') { format!("; {c}") } else { format!("{{{c}}}") };
        let mut words: Vec<String> = self.preamble.iter().map(comment).collect();
        for (i, m) in self.moves.iter().enumerate() {
            // The move number stays on the line of its move.
            if m.color == Color::White {
                words.push(format!("{}. {}", m.number, m.text));
            } else if i == 0 || !self.moves[i - 1].comments.is_empty() {
                words.push(format!("{}... {}", m.number, m.text));
            } else {
                words.push(m.text.clone());
            }
            words.extend(m.comments.iter().map(comment));
        }
        words.extend(self.result.clone());
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 80 {
                out += &line;
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line += &w;
            if w.starts_with(';') {
                out += &line;
                out.push('\n');
                line.clear();
            }
        }
        if !line.is_empty() {
            out += &line;
            out.push('\n');
        }
        out
    }
}

fn parse_tag(t: &str) -> Result<(String, String), String> {
    let inner = t
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| format!("tag {t:?} must look like [Key \"value\"]"))?;
    let (key, value) =
        inner.split_once(char::is_whitespace).ok_or_else(|| format!("tag {t:?} has no value"))?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("tag name {key:?} must be letters, digits or _"));
    }
    let v = value.trim();
    let q = v
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| format!("value of tag {key} must be in double quotes"))?;
    let mut out = String::new();
    let mut it = q.chars();
    while let Some(c) = it.next() {
        match c {
            '\\' => out.push(it.next().ok_or_else(|| format!("tag {key}: dangling backslash"))?),
            '"' => return Err(format!("tag {key}: unescaped quote in value")),
            c => out.push(c),
        }
    }
    Ok((key.to_string(), out))
}

/// One move of a replayed record.
#[derive(Debug, Clone)]
pub struct ReplayedMove {
    pub number: u32,
    pub color: Color,
    pub mv: Move,
    /// The move as we write it, with `+`/`#` where it checks.
    pub written: String,
    /// Whether the record's check mark agrees with the position.
    pub check_mark_agrees: bool,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ReplayError {
    #[error("start position: {0}")]
    Start(String),
    #[error("move {number} {side}: {error}", side = color.name())]
    Move { number: u32, color: Color, error: NotationError },
    #[error("move {number} {side}: {text:?}: the game was already over ({why})", side = color.name())]
    AfterEnd { number: u32, color: Color, text: String, why: String },
}

pub struct Replay {
    pub moves: Vec<ReplayedMove>,
    pub position: Position,
    pub outcome: Option<Outcome>,
}

/// Plays a record from its start position; stops at the first move that is not legal.
pub fn replay(variant: Arc<Variant>, rec: &Record) -> Result<Replay, (ReplayError, Vec<ReplayedMove>)> {
    let mut pos = match rec.tag("Position") {
        Some(f) => {
            Position::from_fen(variant, f).map_err(|e| (ReplayError::Start(e.to_string()), Vec::new()))?
        }
        None => Position::new(variant),
    };
    let mut done = Vec::new();
    for m in &rec.moves {
        if let Some(o) = pos
            .outcome()
            .filter(|o| o.reason != OutcomeReason::FiftyMoves && o.reason != OutcomeReason::Repetition)
        {
            let e = ReplayError::AfterEnd {
                number: m.number,
                color: m.color,
                text: m.text.clone(),
                why: format!("{:?}", o.reason),
            };
            return Err((e, done));
        }
        let parsed = match pos.parse_move(&m.text) {
            Ok(p) => p,
            Err(error) => return Err((ReplayError::Move { number: m.number, color: m.color, error }, done)),
        };
        let written = pos.move_text_marked(parsed.mv);
        let checks = written.ends_with('+') || written.ends_with('#') || written.ends_with('X');
        done.push(ReplayedMove {
            number: m.number,
            color: m.color,
            mv: parsed.mv,
            written,
            check_mark_agrees: checks == parsed.claimed_check,
        });
        pos.make(parsed.mv);
    }
    let outcome = pos.outcome();
    Ok(Replay { moves: done, position: pos, outcome })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_holding_a_brace_is_written_as_a_line_comment() {
        let r = Record::parse("1. e2-e4 ; a } inside\ne7-e5 {plain} 1:0").unwrap();
        let written = r.to_text();
        let again = Record::parse(&written).unwrap();
        assert_eq!(again.moves[0].comments, vec!["a } inside"]);
        assert_eq!(again.moves[1].text, "e7-e5");
        assert_eq!(again.to_text(), written);
    }

    #[test]
    fn a_result_glued_to_a_move_number_is_the_result() {
        let r = Record::parse("1. e2-e4 e7-e5 2.1:0").unwrap();
        assert_eq!((r.moves.len(), r.result.as_deref()), (2, Some("1:0")));
        assert!(Record::parse(&r.to_text()).is_ok());
    }

    #[test]
    fn reads_tags_comments_and_the_blog_form() {
        let r = Record::parse(
            "[Game \"mgc\"]\n[White \"A \\\"B\\\"\"]\n\n{intro} 1._f3-f5_f8-f6 {c1}\n2.Hk2-h4 ; rest of line\n2... d8-d7 1:0\n",
        )
        .unwrap();
        assert_eq!(r.tag("game"), Some("mgc"));
        assert_eq!(r.tag("White"), Some("A \"B\""));
        assert_eq!(r.preamble, vec!["intro"]);
        let texts: Vec<(&str, u32, Color)> =
            r.moves.iter().map(|m| (m.text.as_str(), m.number, m.color)).collect();
        assert_eq!(
            texts,
            vec![
                ("f3-f5", 1, Color::White),
                ("f8-f6", 1, Color::Black),
                ("Hk2-h4", 2, Color::White),
                ("d8-d7", 2, Color::Black)
            ]
        );
        assert_eq!(r.moves[1].comments, vec!["c1"]);
        assert_eq!(r.moves[2].comments, vec!["rest of line"]);
        assert_eq!(r.result.as_deref(), Some("1:0"));
        let again = Record::parse(&r.to_text()).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn reports_broken_records_by_line() {
        let e = Record::parse("[Game \"mgc\"]\n\n1. e3-e4 {never closed\n").unwrap_err();
        assert_eq!(e.to_string(), "line 3: comment '{' is never closed");
        assert!(Record::parse("[Game mgc]").is_err());
        assert!(Record::parse("1. e3-e4 1:0 e8-e7").is_err());
        assert!(Record::parse("1. e3-e4 }").is_err());
        // A '}' glued to a move number is no move: it would write back as a stray '}'.
        assert_eq!(
            Record::parse("1. e3-e4 e8-e7\n2.} d3-d4").unwrap_err().to_string(),
            "line 2: '}' without '{'"
        );
    }
}
