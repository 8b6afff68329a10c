//! `ccg train --teacher`: self-play positions scored by another engine's search instead of
//! ours (docs/engine.md, "Teacher labels").
//!
//! Our own search labels positions with what it already knows, so a blind spot of the
//! hand-written evaluation (a King that the enemy's drops will mate, say) is passed on to every
//! network trained on those labels. A teacher — any UCI engine, at a fixed limit per position —
//! labels the same positions with its own judgement. Each position is searched from scratch
//! (no game history: repetitions play no part), and the labels are kept in a cache file beside
//! the self-play data, keyed by the position, so an interrupted run resumes and a rerun costs
//! nothing.

use crate::matches::{SearchScore, Spec, UciAnalyser};
use crate::progress::Progress;
use anyhow::{bail, Context, Result};
use ccg_core::{Position, Variant};
use ccg_engine::nnue::train::Sample;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Teacher scores beyond this, and mates, are clamped to it: the training target is already
/// all but certain there (`sigmoid(2500 / 170)` > 0.9999).
const LIMIT: i32 = 2500;

/// A teacher: the engine, as `ccg match` describes one, and what follows `go`.
pub struct Teacher {
    spec: Spec,
    text: String,
    limit: String,
}

impl Teacher {
    pub fn parse(text: &str, limit: &str) -> Result<Teacher> {
        let spec = Spec::parse(text)?;
        if !matches!(spec, Spec::Uci { .. }) {
            bail!(
                "--teacher {text:?}: a teacher is an external UCI engine, cmd=PROGRAM [option.NAME=VALUE]…"
            );
        }
        let words: Vec<&str> = limit.split_whitespace().collect();
        match words.as_slice() {
            [kind, n]
                if matches!(*kind, "depth" | "nodes" | "movetime")
                    && n.parse::<u64>().is_ok_and(|n| n > 0) => {}
            _ => bail!("--teacher-go {limit:?}: expected `depth N`, `nodes N` or `movetime MS`"),
        }
        Ok(Teacher { spec, text: text.to_string(), limit: words.join(" ") })
    }

    /// The cache file of this teacher and limit for one rule set, in `dir`: the engine's name
    /// and limit for people, a digest of the whole description (options included) for safety.
    pub fn cache_path(&self, dir: &Path, rules: &str) -> PathBuf {
        let name: String =
            self.spec.name().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let limit = self.limit.replace(' ', "");
        let digest = fnv1a(format!("{}\n{}", self.text, self.limit).as_bytes()) as u32;
        dir.join(format!("teacher-{rules}{name}-{limit}-{digest:08x}.bin"))
    }

    pub fn describe(&self) -> String {
        format!("{} at go {}", self.spec.name(), self.limit)
    }
}

/// 64-bit FNV-1a: a stable digest (std's hashers may change between Rust releases, and the
/// cache outlives the binary).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// A sample's position as UCI's six-field position string (the board with the hand attached,
/// side, castling `-`, en passant, clocks): the form Fairy-Stockfish reads and `ccg uci` too.
/// The marks of pieces that moved (`'`, `!`) are left out: a sample does not keep them.
fn uci_fen(pos: &Position) -> String {
    let ours = pos.to_fen();
    let fields: Vec<&str> = ours.split_whitespace().collect();
    let board: String = fields[0].chars().filter(|c| !matches!(c, '\'' | '!')).collect();
    let rest = &fields[1..];
    format!("{board} {} - {}", rest.first().unwrap_or(&"w"), rest[1..].join(" "))
}

/// Replaces each sample's score by the teacher's, asking it only for positions missing from
/// the cache file; `threads` teacher processes work at once.
pub fn label(
    variant: &Arc<Variant>,
    game: &str,
    rule_opts: &[(String, String)],
    teacher: &Teacher,
    samples: &mut [Sample],
    cache: &Path,
    threads: usize,
) -> Result<Labelled> {
    let mut fens = Vec::with_capacity(samples.len());
    for s in samples.iter() {
        let pos = s
            .position(variant)
            .with_context(|| format!("a position of game {} does not fit {}", s.game, variant.id))?;
        fens.push(uci_fen(&pos));
    }
    let mut known = read_cache(cache)?;
    let mut todo: Vec<usize> = Vec::new();
    let mut queued = std::collections::HashSet::new();
    for (i, f) in fens.iter().enumerate() {
        let key = fnv1a(f.as_bytes());
        if !known.contains_key(&key) && queued.insert(key) {
            todo.push(i);
        }
    }
    if !todo.is_empty() {
        let file = Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(cache)
                .with_context(|| format!("teacher labels {}", cache.display()))?,
        );
        let found = Mutex::new(Vec::new());
        let next = AtomicUsize::new(0);
        let bar = Progress::new(todo.len() as u64, "teacher");
        std::thread::scope(|s| -> Result<()> {
            let workers: Vec<_> = (0..threads.clamp(1, todo.len()))
                .map(|_| {
                    let (todo, fens, next, file, found, bar) = (&todo, &fens, &next, &file, &found, &bar);
                    s.spawn(move || -> Result<()> {
                        let mut engine = UciAnalyser::start(&teacher.spec, game, rule_opts, &teacher.limit)
                            .map_err(|e| anyhow::anyhow!("teacher: {e}"))?;
                        let mut batch = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::SeqCst);
                            let Some(&j) = todo.get(i) else { break };
                            let eval = engine
                                .analyse(&fens[j])
                                .map_err(|e| anyhow::anyhow!("teacher on {}: {e}", fens[j]))?;
                            let score = match eval.map(|e| e.score) {
                                Some(SearchScore::Cp(cp)) => cp.clamp(-LIMIT, LIMIT),
                                Some(SearchScore::Mate(n)) => {
                                    if n > 0 {
                                        LIMIT
                                    } else {
                                        -LIMIT
                                    }
                                }
                                None => bail!("teacher gave no score for {}", fens[j]),
                            };
                            batch.push((fnv1a(fens[j].as_bytes()), score as i16));
                            bar.inc(1);
                            if batch.len() == 64 {
                                flush(file, found, &mut batch)?;
                            }
                        }
                        flush(file, found, &mut batch)
                    })
                })
                .collect();
            for w in workers {
                w.join().map_err(|_| anyhow::anyhow!("a teacher thread panicked"))??;
            }
            Ok(())
        })?;
        bar.finish();
        known.extend(found.into_inner().unwrap_or_else(|e| e.into_inner()));
    }
    let mut cmp = Comparison::default();
    for (s, f) in samples.iter_mut().zip(&fens) {
        let t = known[&fnv1a(f.as_bytes())];
        cmp.add(s.score, t);
        s.score = t;
    }
    Ok(Labelled { searched: todo.len(), comparison: cmp })
}

/// What the labelling did: positions searched now, and how the teacher's scores compare with
/// the ones they replaced.
pub struct Labelled {
    pub searched: usize,
    pub comparison: Comparison,
}

/// The teacher's scores against ours on the same positions: whether they agree on who stands
/// better, and the teacher's scale in ours (least squares, `teacher ≈ scale · ours`), which tells
/// whether its centipawns are ours.
#[derive(Default)]
pub struct Comparison {
    n: u64,
    same_sign: u64,
    ours_sq: f64,
    product: f64,
    ours_abs: f64,
    theirs_abs: f64,
}

impl Comparison {
    fn add(&mut self, ours: i16, theirs: i16) {
        let (o, t) = (ours as f64, theirs as f64);
        self.n += 1;
        self.same_sign += u64::from((o >= 0.0) == (t >= 0.0));
        self.ours_sq += o * o;
        self.product += o * t;
        self.ours_abs += o.abs();
        self.theirs_abs += t.abs();
    }

    /// The teacher's scale in ours, by least squares (`teacher ≈ scale · ours`).
    pub fn scale(&self) -> f64 {
        self.product / self.ours_sq.max(1.0)
    }
}

impl std::fmt::Display for Comparison {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.n.max(1) as f64;
        write!(
            f,
            "mean |score| ours {:.0} cp, teacher's {:.0} cp; same side better in {:.1}%; teacher ≈ {:.2} × ours",
            self.ours_abs / n,
            self.theirs_abs / n,
            100.0 * self.same_sign as f64 / n,
            self.scale()
        )
    }
}

/// Appends a batch of labels to the cache file whole, and to the labels found.
fn flush(
    file: &Mutex<std::fs::File>,
    found: &Mutex<Vec<(u64, i16)>>,
    batch: &mut Vec<(u64, i16)>,
) -> Result<()> {
    let mut bytes = Vec::with_capacity(batch.len() * 10);
    for &(key, score) in batch.iter() {
        bytes.extend_from_slice(&key.to_le_bytes());
        bytes.extend_from_slice(&score.to_le_bytes());
    }
    file.lock().unwrap_or_else(|e| e.into_inner()).write_all(&bytes).context("writing teacher labels")?;
    found.lock().unwrap_or_else(|e| e.into_inner()).append(batch);
    Ok(())
}

/// The cache: records of a position's digest (u64) and its score (i16), little-endian; a
/// record cut short by an interrupted run is ignored (and searched again).
fn read_cache(path: &Path) -> Result<HashMap<u64, i16>> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let whole = bytes.len() / 10 * 10;
    if whole != bytes.len() {
        // Cut the torn record off, so that appends stay aligned.
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(whole as u64))
            .with_context(|| format!("trimming {}", path.display()))?;
    }
    Ok(bytes[..whole]
        .chunks_exact(10)
        .map(|r| {
            let key = u64::from_le_bytes(r[..8].try_into().expect("8 bytes"));
            (key, i16::from_le_bytes([r[8], r[9]]))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teachers_and_limits_are_checked() {
        assert!(Teacher::parse("cmd=fsf option.UCI_Variant=modernshogi", "depth 8").is_ok());
        assert!(Teacher::parse("ccg", "depth 8").is_err());
        assert!(Teacher::parse("cmd=fsf", "depth").is_err());
        assert!(Teacher::parse("cmd=fsf", "depth 0").is_err());
        assert!(Teacher::parse("cmd=fsf", "wtime 100").is_err());
    }

    #[test]
    fn cache_names_differ_by_options_and_limit() {
        let a = Teacher::parse("cmd=fsf option.UCI_Variant=a", "depth 8").unwrap();
        let b = Teacher::parse("cmd=fsf option.UCI_Variant=b", "depth 8").unwrap();
        let c = Teacher::parse("cmd=fsf option.UCI_Variant=a", "nodes 8").unwrap();
        let dir = Path::new("d");
        let names: std::collections::HashSet<_> =
            [&a, &b, &c].iter().map(|t| t.cache_path(dir, "")).collect();
        assert_eq!(names.len(), 3);
    }

    #[test]
    fn positions_are_written_in_uci_form() {
        let v = ccg_games::variant("shogi", &[]).unwrap();
        let pos = Position::new(v);
        assert_eq!(uci_fen(&pos), "r7r/1hbgkgbh1/ppppppppp/9/9/9/PPPPPPPPP/1HBGKGBH1/R7R[] w - - 0 1");
    }

    #[test]
    fn a_torn_cache_record_is_cut_off() {
        let dir = std::env::temp_dir().join(format!("ccg-teacher-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cache.bin");
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&7u64.to_le_bytes());
        bytes.extend_from_slice(&(-35i16).to_le_bytes());
        bytes.extend_from_slice(&[1, 2, 3]);
        std::fs::write(&path, &bytes).unwrap();
        let cache = read_cache(&path).unwrap();
        assert_eq!(cache.len(), 1);
        assert_eq!(cache[&7], -35);
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 10);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
