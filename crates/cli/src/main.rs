//! `ccg` — the command line of chess-checkers-go.

mod bench;
mod diagram;
mod matches;
mod play;
mod progress;
mod teacher;
mod train;
mod tune;

use anyhow::{bail, Context, Result};
use ccg_core::record::{replay, Record};
use ccg_core::{Position, Variant};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "ccg", version, about = "chess-checkers-go: the games of I.G. Kosintsev")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Selects a game and its starting point.
#[derive(clap::Args)]
struct GameArgs {
    /// Game id (see `ccg games`).
    game: String,
    /// Rule or setup option, e.g. `pawns=forward` or `remove=H,N` (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Start from this position string instead of the initial position.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, in the author's notation (move numbers allowed and ignored).
    #[arg(long)]
    moves: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app: play in the browser (JSON API, live updates, SQLite store).
    Serve(ccg_server::ServeArgs),
    /// List every game with its id and status.
    Games,
    /// Show a position as a diagram and a position string.
    Show {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        depth: u32,
        /// One line `<move> <count>` per root move.
        #[arg(long)]
        divide: bool,
    },
    /// Replay a game record; exit 0 iff every move is legal.
    Replay {
        /// Game id; the record's [Game] tag must agree if present.
        game: String,
        record: std::path::PathBuf,
        #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
        options: Vec<String>,
    },
    /// Speak UCI on stdin/stdout (Cute Chess and other UCI GUIs, `ccg match`).
    Uci,
    /// Speak XBoard/WinBoard (CECP v2) on stdin/stdout.
    Xboard,
    /// Speak USI (shogi GUIs) on stdin/stdout.
    Usi,
    /// Play against the engine in the terminal.
    Play(play::PlayArgs),
    /// Engine-versus-engine match, like cutechess-cli.
    Match(matches::MatchArgs),
    /// Tune a game's evaluation on self-play positions (Texel method).
    Tune(tune::TuneArgs),
    /// Train a game's evaluation network on self-play positions.
    Train(train::TrainArgs),
    /// Measure move-generation speed (perft nodes per second) and search speed (nodes per second).
    Bench {
        /// Games to measure (default: every implemented game).
        games: Vec<String>,
        /// Perft depth from the start position.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Nodes of the fixed search whose speed is measured.
        #[arg(long, default_value_t = 200_000)]
        search_nodes: u64,
        /// A search feature switched off for the search, by its match name (`nonet`: the
        /// hand-written evaluation instead of the network); repeatable.
        #[arg(long = "toggle", value_name = "TOGGLE")]
        toggles: Vec<String>,
    },
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        // A reader that stopped early (`ccg replay … | head`) wanted no more: that is not an
        // error, and it must not become a panic of `println!`.
        if closed_pipe(&e) {
            return;
        }
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn variant(game: &str, options: &[String]) -> Result<Arc<Variant>> {
    let opts = options.iter().map(|o| ccg_games::parse_option(o)).collect::<Result<Vec<_>, _>>()?;
    Ok(ccg_games::variant(game, &opts)?)
}

fn setup(args: &GameArgs) -> Result<Position> {
    let v = variant(&args.game, &args.options)?;
    let mut pos = match &args.position {
        Some(f) => Position::from_fen(v, f).context("--position")?,
        None => Position::new(v),
    };
    if let Some(moves) = &args.moves {
        let rec = Record::parse(moves).context("--moves")?;
        for m in &rec.moves {
            let p = pos
                .parse_move(&m.text)
                .with_context(|| format!("--moves: move {} {}", m.number, m.color.name()))?;
            pos.make(p.mv);
        }
    }
    Ok(pos)
}

/// The report commands write through `out` and return its errors, so that a closed pipe ends
/// them quietly (see `main`); the protocol front ends own stdout themselves.
fn run(cli: Cli) -> Result<()> {
    // Not locked for the whole command: the engine's threads print `info` lines for the
    // protocols and `play`.
    let out = &mut std::io::stdout();
    match cli.command {
        Command::Serve(args) => ccg_server::run(args)?,
        Command::Games => {
            for g in ccg_games::catalogue() {
                writeln!(out, "{:<22} {:<62} {}", g.id, g.name, g.status_label())?;
            }
        }
        Command::Show { game } => {
            let pos = setup(&game)?;
            write!(out, "{}", diagram::render(&pos))?;
            writeln!(out, "{}", pos.to_fen())?;
            if let Some(o) = pos.outcome() {
                writeln!(out, "game over: {}", describe_outcome(o))?;
            }
        }
        Command::Perft { game, depth, divide } => {
            let mut pos = setup(&game)?;
            let start = Instant::now();
            let total = if divide && depth > 0 {
                let mut total = 0;
                for &m in pos.legal_moves().iter() {
                    let text = pos.move_text(m);
                    let u = pos.make(m);
                    let n = pos.perft(depth - 1);
                    pos.unmake(u);
                    writeln!(out, "{text} {n}")?;
                    total += n;
                }
                total
            } else {
                pos.perft(depth)
            };
            let secs = start.elapsed().as_secs_f64();
            eprintln!("{:.3} s, {:.0} nodes/s", secs, total as f64 / secs.max(1e-9));
            writeln!(out, "nodes {total}")?;
        }
        Command::Replay { game, record, options } => {
            let text =
                std::fs::read_to_string(&record).with_context(|| format!("reading {}", record.display()))?;
            let rec = Record::parse(&text).with_context(|| format!("{}", record.display()))?;
            if let Some(tag) = rec.tag("Game") {
                if tag != game {
                    bail!("the record is a game of {tag:?}, not {game:?}");
                }
            }
            let v = variant(&game, &options)?;
            match replay(v, &rec) {
                Ok(r) => {
                    print_moves(out, &r.moves)?;
                    write!(out, "{}", diagram::render(&r.position))?;
                    writeln!(out, "{}", r.position.to_fen())?;
                    let marks_ok = r.moves.iter().all(|m| m.check_mark_agrees);
                    if !marks_ok {
                        for m in r.moves.iter().filter(|m| !m.check_mark_agrees) {
                            eprintln!(
                                "warning: move {} {}: check mark differs from the record ({})",
                                m.number,
                                m.color.name(),
                                m.written
                            );
                        }
                    }
                    match (r.outcome, rec.result.as_deref()) {
                        (Some(o), _) => writeln!(out, "result: {}", describe_outcome(o))?,
                        (None, Some(res)) => {
                            writeln!(out, "result: {res} (as recorded; the position is not final)")?
                        }
                        (None, None) => writeln!(out, "result: game not finished")?,
                    }
                }
                Err((e, done)) => {
                    // The illegal move is the error to report, even when the reader has gone.
                    print_moves(out, &done).ok();
                    bail!("{e}");
                }
            }
        }
        Command::Bench { games, depth, search_nodes, toggles } => {
            bench::run(out, games, depth, search_nodes, &toggles)?
        }
        Command::Uci => ccg_protocols::uci::Uci::new(stdout_out()).run(std::io::stdin().lock()),
        Command::Xboard => ccg_protocols::xboard::XBoard::new(stdout_out()).run(std::io::stdin().lock()),
        Command::Usi => ccg_protocols::usi::Usi::new(stdout_out()).run(std::io::stdin().lock()),
        Command::Play(args) => play::run(args)?,
        Command::Match(args) => matches::run(args)?,
        Command::Tune(args) => tune::run(args)?,
        Command::Train(args) => train::run(args)?,
    }
    Ok(())
}

fn print_moves(out: &mut impl Write, moves: &[ccg_core::record::ReplayedMove]) -> std::io::Result<()> {
    let mut line = String::new();
    for m in moves {
        if m.color == ccg_core::Color::White {
            if !line.is_empty() {
                writeln!(out, "{line}")?;
            }
            line = format!("{:>3}. {:<14}", m.number, m.written);
        } else {
            if line.is_empty() {
                line = format!("{:>3}. {:<14}", m.number, "...");
            }
            line += &m.written;
        }
    }
    if !line.is_empty() {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn describe_outcome(o: ccg_core::Outcome) -> String {
    let who = match o.winner {
        Some(c) => format!("{} wins", c.name()),
        None => "draw".to_string(),
    };
    format!("{who} by {}", o.reason)
}

/// Standard output for the protocol front ends.
fn stdout_out() -> ccg_protocols::Out {
    ccg_protocols::Out::new(std::io::stdout())
}
