//! The players of a match: our engine, the built-in `random` and `greedy` players, and how a
//! player is described on the command line.

use super::pipes::{UciPlayer, XboardPlayer};
use anyhow::{anyhow, bail, Context, Result};
use ccg_core::{Position, Rng};
use ccg_engine::{Engine, EngineConfig, Evaluator, Features, Limits};
use std::time::Duration;

use super::Control;

/// Remaining times in one game.
#[derive(Clone, Copy)]
pub(super) struct Clocks {
    pub left: [Duration; 2],
    pub inc: Duration,
}

/// One side's way of choosing moves.
pub(super) trait Player {
    /// Chooses a move; `Err` says why the player forfeits (crash, garbage).
    fn play(&mut self, game: &GameState, ctl: Control, clocks: &Clocks) -> Result<Reply, String>;
}

/// A player's move in coordinate notation, with what its search said of it where it said so.
pub(super) struct Reply {
    pub coord: String,
    pub eval: Option<Eval>,
}

impl Reply {
    pub fn bare(coord: String) -> Reply {
        Reply { coord, eval: None }
    }
}

/// The last score and depth a search reported, from the mover's point of view: what the record
/// keeps beside each move (as cutechess-cli writes it, `+0.35/12`), so that a lost game shows
/// where each engine misjudged it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Eval {
    pub depth: u32,
    pub score: SearchScore,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum SearchScore {
    Cp(i32),
    /// Moves to mate; negative when the mover is mated.
    Mate(i32),
}

impl std::fmt::Display for Eval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.score {
            SearchScore::Cp(cp) => write!(f, "{:+.2}/{}", cp as f64 / 100.0, self.depth),
            SearchScore::Mate(n) if n < 0 => write!(f, "-M{}/{}", -n, self.depth),
            SearchScore::Mate(n) => write!(f, "+M{n}/{}", self.depth),
        }
    }
}

impl Eval {
    /// The score and depth of a UCI/USI `info` line, if it has both.
    pub fn from_info(line: &str) -> Option<Eval> {
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.first() != Some(&"info") || w.get(1) == Some(&"string") {
            return None; // `info string` is free text
        }
        let after = |key: &str| w.iter().position(|x| *x == key).and_then(|i| w.get(i + 1));
        let depth = after("depth")?.parse().ok()?;
        let i = w.iter().position(|x| *x == "score")?;
        let score = match (w.get(i + 1), w.get(i + 2).and_then(|n| n.parse().ok())) {
            (Some(&"cp"), Some(n)) => SearchScore::Cp(n),
            (Some(&"mate"), Some(n)) => SearchScore::Mate(n),
            _ => return None,
        };
        Some(Eval { depth, score })
    }
}

/// What players may look at: the position, how it was reached (for external engines) and the
/// rule options.
pub(super) struct GameState {
    pub pos: Position,
    /// The moves from the start, in coordinate notation (what external engines are told).
    pub coords: Vec<String>,
}

#[derive(Clone, Debug)]
pub(crate) enum Spec {
    Ccg { level: Option<u8>, config: EngineConfig, label: String },
    Random,
    Greedy,
    Uci { cmd: String, args: Vec<String>, options: Vec<(String, String)>, name: String },
    Xboard { cmd: String, args: Vec<String>, name: String },
}

impl Spec {
    pub fn parse(text: &str) -> Result<Spec> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.first().copied() {
            Some("random") if words.len() == 1 => Ok(Spec::Random),
            Some("greedy") if words.len() == 1 => Ok(Spec::Greedy),
            Some("ccg") => {
                let mut config = EngineConfig { hash_mb: 16, ..EngineConfig::default() };
                let mut level = None;
                let mut features = Features::default();
                for w in &words[1..] {
                    match w.split_once('=') {
                        Some(("level", v)) => {
                            level = Some(
                                v.parse::<u8>()
                                    .ok()
                                    .filter(|l| (1..=8).contains(l))
                                    .ok_or_else(|| anyhow!("{w}: level is 1 to 8"))?,
                            )
                        }
                        Some(("threads", v)) => config.threads = v.parse().with_context(|| w.to_string())?,
                        Some(("hash", v)) => config.hash_mb = v.parse().with_context(|| w.to_string())?,
                        Some(("net", v)) => {
                            config.network = Some(std::sync::Arc::new(
                                std::fs::read(v).with_context(|| format!("network file {v}"))?,
                            ))
                        }
                        Some(("params", v)) => {
                            config.params =
                                Some(std::fs::read_to_string(v).with_context(|| format!("params file {v}"))?)
                        }
                        None if features.disable(w) => {}
                        _ => bail!(
                            "engine {text:?}: unknown setting {w:?} (toggles: {})",
                            Features::TOGGLES.join(" ")
                        ),
                    }
                }
                config.features = features;
                Ok(Spec::Ccg { level, config, label: text.to_string() })
            }
            Some(first) if first.starts_with("cmd=") => {
                let mut cmd = String::new();
                let mut args = Vec::new();
                let mut options = Vec::new();
                let mut name = None;
                let mut xboard = false;
                for w in &words {
                    match w.split_once('=') {
                        Some(("cmd", v)) => cmd = v.to_string(),
                        Some(("arg", v)) => args.push(v.to_string()),
                        Some(("name", v)) => name = Some(v.to_string()),
                        Some(("proto", "uci")) => xboard = false,
                        Some(("proto", "xboard")) => xboard = true,
                        Some((k, v)) if k.starts_with("option.") => {
                            options.push((k["option.".len()..].to_string(), v.to_string()))
                        }
                        _ => bail!("engine {text:?}: unknown setting {w:?}"),
                    }
                }
                let name = name.unwrap_or_else(|| cmd.rsplit('/').next().unwrap_or(&cmd).to_string());
                if xboard {
                    if !options.is_empty() {
                        bail!("engine {text:?}: option.NAME=VALUE is for UCI engines");
                    }
                    return Ok(Spec::Xboard { cmd, args, name });
                }
                Ok(Spec::Uci { cmd, args, options, name })
            }
            _ => bail!("engine {text:?}: expected ccg …, random, greedy or cmd=PROGRAM …"),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Spec::Ccg { label, .. } => label.clone(),
            Spec::Random => "random".into(),
            Spec::Greedy => "greedy".into(),
            Spec::Uci { name, .. } | Spec::Xboard { name, .. } => name.clone(),
        }
    }

    /// Starts the player for one game; an external engine has `handshake` to get ready.
    pub(super) fn start(
        &self,
        game: &str,
        options: &[(String, String)],
        seed: u64,
        handshake: Duration,
    ) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Spec::Ccg { level, config, .. } => {
                let v = ccg_games::variant(game, options).map_err(|e| e.to_string())?;
                config.check_files(&v)?;
                Box::new(CcgPlayer { engine: Engine::new(config.clone()), level: *level })
            }
            Spec::Random => Box::new(RandomPlayer { rng: Rng::new(seed), greedy: None }),
            Spec::Greedy => Box::new(RandomPlayer { rng: Rng::new(seed), greedy: Some(None) }),
            Spec::Uci { cmd, args, options: uci_opts, .. } => {
                Box::new(UciPlayer::start(cmd, args, uci_opts, game, options, handshake)?)
            }
            Spec::Xboard { cmd, args, .. } => Box::new(XboardPlayer::start(cmd, args, game)?),
        })
    }
}

struct CcgPlayer {
    engine: Engine,
    level: Option<u8>,
}

impl Player for CcgPlayer {
    fn play(&mut self, g: &GameState, ctl: Control, clocks: &Clocks) -> Result<Reply, String> {
        let (m, eval) = match self.level {
            Some(l) => (ccg_engine::best_move(&g.pos, l), None),
            None => {
                let r = self.engine.search(&g.pos, &limits(ctl, clocks), &mut |_| {});
                let score = match r.mate_in {
                    Some(n) => SearchScore::Mate(n),
                    None => SearchScore::Cp(r.score_cp),
                };
                (r.best, Some(Eval { depth: r.depth, score }))
            }
        };
        let coord = m
            .map(|m| g.pos.move_coord(m))
            .ok_or_else(|| "no move in a position with legal moves".to_string())?;
        Ok(Reply { coord, eval })
    }
}

fn limits(ctl: Control, clocks: &Clocks) -> Limits {
    match ctl {
        Control::Nodes(n) => Limits::nodes(n),
        Control::Depth(d) => Limits::depth(d),
        Control::Clock { .. } => {
            Limits { time: clocks.left.map(Some), inc: [clocks.inc; 2], ..Limits::default() }
        }
    }
}

/// The random mover, or with `greedy` the one-ply player: the capture of the most valuable
/// piece (a mate first), else a random move.
struct RandomPlayer {
    rng: Rng,
    /// Evaluator of the greedy player, built on its first move.
    greedy: Option<Option<Evaluator>>,
}

impl Player for RandomPlayer {
    fn play(&mut self, g: &GameState, _: Control, _: &Clocks) -> Result<Reply, String> {
        let pos = &g.pos;
        let moves = pos.legal_moves();
        let mut pick = *self.rng.pick(&moves).ok_or("no legal move")?;
        if let Some(ev) = &mut self.greedy {
            let ev = ev.get_or_insert_with(|| Evaluator::for_variant(pos.variant()));
            let mut best = 0;
            for &m in moves.iter() {
                let mut after = pos.clone();
                after.make(m);
                let gain = if after.outcome().is_some_and(|o| o.winner == Some(pos.side_to_move())) {
                    i32::MAX
                } else if pos.is_capture(m) {
                    pos.piece_at(m.to).map_or(100, |p| ev.value(p.kind))
                        + m.promotion.map_or(0, |k| ev.value(k))
                } else {
                    m.promotion.map_or(0, |k| ev.value(k))
                };
                if gain > best {
                    best = gain;
                    pick = m;
                }
            }
        }
        Ok(Reply::bare(pos.move_coord(pick)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert!(matches!(Spec::parse("ccg level=3 nonull").unwrap(), Spec::Ccg { level: Some(3), .. }));
        assert!(Spec::parse("ccg turbo").is_err());
        assert!(matches!(
            Spec::parse("cmd=fairy-stockfish option.UCI_Variant=mgc").unwrap(),
            Spec::Uci { .. }
        ));
    }

    #[test]
    fn info_lines_give_score_and_depth() {
        let e =
            Eval::from_info("info depth 12 seldepth 20 multipv 1 score cp -35 nodes 100 pv e2e4").unwrap();
        assert_eq!(e, Eval { depth: 12, score: SearchScore::Cp(-35) });
        assert_eq!(e.to_string(), "-0.35/12");
        let m = Eval::from_info("info depth 7 score mate 3 pv a1a2").unwrap();
        assert_eq!(m.to_string(), "+M3/7");
        assert_eq!(Eval::from_info("info depth 7 score mate -2").unwrap().to_string(), "-M2/7");
        assert_eq!(Eval::from_info("info string depth 3 score cp 1"), None);
        assert_eq!(Eval::from_info("info depth 5 currmove e2e4"), None);
        assert_eq!(Eval::from_info("info depth x score cp 5"), None);
    }
}
