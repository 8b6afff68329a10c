//! The server alone, without the rest of `ccg`: what the durability test kills and restarts.

use clap::Parser;

#[derive(Parser)]
#[command(name = "ccg-server", about = "ccg serve without the other ccg commands")]
struct Cli {
    #[command(flatten)]
    serve: ccg_server::ServeArgs,
}

fn main() -> anyhow::Result<()> {
    ccg_server::run(Cli::parse().serve)
}
