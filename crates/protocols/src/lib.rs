//! # ccg-protocols — the engine behind the protocols GUIs speak
//!
//! [`uci::Uci`], [`xboard::XBoard`] and [`usi::Usi`] each read commands line by line from any
//! `BufRead` and write to an [`Out`], so the `ccg` subcommands run them on stdin/stdout and the
//! tests run them over in-memory pipes. Searches run on a background thread; the reader stays
//! responsive to `stop`, `isready` and `?`.

mod session;
pub mod uci;
pub mod usi;
pub mod xboard;

pub use session::{game_ids, Out};
