//! `ccg play`: a game against the engine in the terminal. Moves are typed in the author's
//! notation (protocol coordinates are accepted too); `undo`, `hint`, `moves`, `fen` and `quit`
//! are commands. Works with piped input, so tests can script a game.

use crate::diagram;
use anyhow::Result;
use ccg_core::position::Undo;
use ccg_core::{Color, Move, Position};
use ccg_engine::{best_move, Engine, EngineConfig, Limits};
use std::io::BufRead;
use std::time::Duration;

#[derive(clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: crate::GameArgs,
    /// Your side: white, black, both (no engine) or none (engine against itself).
    #[arg(long, default_value = "white")]
    pub side: String,
    /// Engine strength, 1 (weakest) to 8.
    #[arg(long, default_value_t = 4)]
    pub level: u8,
    /// Think this many milliseconds per move instead of using a level.
    #[arg(long)]
    pub movetime: Option<u64>,
}

enum Human {
    Side(Color),
    Both,
    Neither,
}

pub fn run(args: PlayArgs) -> Result<()> {
    let mut pos = crate::setup(&args.game)?;
    let human = match args.side.as_str() {
        "white" => Human::Side(Color::White),
        "black" => Human::Side(Color::Black),
        "both" => Human::Both,
        "none" => Human::Neither,
        s => anyhow::bail!("--side {s:?}: expected white, black, both or none"),
    };
    let engine = Engine::new(EngineConfig::default());
    let think = |pos: &Position| -> Option<Move> {
        match args.movetime {
            Some(ms) => engine.search(pos, &Limits::movetime(Duration::from_millis(ms)), &mut |_| {}).best,
            None => best_move(pos, args.level),
        }
    };
    let mut history: Vec<(Undo, bool)> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{} — type moves like Hk2-h4; commands: undo, hint, moves, fen, quit", pos.variant().name);
    print!("{}", diagram::render(&pos));
    loop {
        if let Some(o) = pos.outcome() {
            println!("game over: {}", crate::describe_outcome(o));
            return Ok(());
        }
        let stm = pos.side_to_move();
        let engine_to_move = match human {
            Human::Side(c) => c != stm,
            Human::Both => false,
            Human::Neither => true,
        };
        if engine_to_move {
            let Some(m) = think(&pos) else { return Ok(()) };
            println!("{} {} plays {}", pos.fullmove_number(), stm.name(), pos.move_text_marked(m));
            history.push((pos.make(m), false));
            print!("{}", diagram::render(&pos));
            continue;
        }
        println!("{} {} to move:", pos.fullmove_number(), stm.name());
        let Some(Ok(line)) = lines.next() else { return Ok(()) };
        let line = line.trim();
        match line {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "fen" => println!("{}", pos.to_fen()),
            "moves" => {
                let all: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
                println!("{}", all.join(" "));
            }
            "hint" => match think(&pos) {
                Some(m) => println!("hint: {}", pos.move_text_marked(m)),
                None => println!("no legal move"),
            },
            "undo" => {
                // Take back the engine's replies and the player's last move.
                while let Some((u, by_human)) = history.pop() {
                    pos.unmake(u);
                    if by_human {
                        break;
                    }
                }
                print!("{}", diagram::render(&pos));
            }
            text => {
                let m = pos.parse_move(text).map(|p| p.mv).or_else(|e| pos.parse_coord(text).map_err(|_| e));
                match m {
                    Ok(m) => {
                        history.push((pos.make(m), true));
                        print!("{}", diagram::render(&pos));
                    }
                    Err(e) => println!("not a legal move: {e}"),
                }
            }
        }
    }
}
