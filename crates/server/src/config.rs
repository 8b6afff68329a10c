//! The resource bounds of `ccg serve`, each a command-line option (defaults documented in
//! `docs/server.md`, "Limits").

use std::time::Duration;

#[derive(clap::Parser, Clone, Debug)]
pub struct Limits {
    /// Open connections at most; past it a new client is answered 503 and closed.
    /// 0: sized from the process's file-descriptor limit (it leaves 64 for the store and logs).
    #[arg(long, default_value_t = 0)]
    pub max_connections: usize,
    /// Open connections of one client IP at most; past it the client is answered 429.
    #[arg(long, default_value_t = 64)]
    pub max_connections_per_ip: usize,
    /// Seconds a client has to send a request's headers; also how long an idle connection
    /// (no request yet, or between requests) stays open.
    #[arg(long, default_value_t = 10)]
    pub header_timeout_s: u64,
    /// Seconds between keep-alive comments on live-update streams.
    #[arg(long, default_value_t = 15)]
    pub sse_keepalive_s: u64,
    /// Games one client IP may create or import per minute (a minute's worth at once); 0: no limit.
    #[arg(long, default_value_t = 60)]
    pub games_per_minute: u32,
    /// Analyses one client IP may ask for per minute; 0: no limit.
    #[arg(long, default_value_t = 60)]
    pub analyses_per_minute: u32,
    /// Sign-ups, sign-ins and password changes one client IP may try per minute; 0: no limit.
    #[arg(long, default_value_t = 20)]
    pub sign_ins_per_minute: u32,
    /// Lobby streams (server-sent events of the seeks) open at once; past it 503.
    #[arg(long, default_value_t = 1000)]
    pub lobby_streams: usize,
    /// Games kept in memory (least recently used dropped first; the store has them all).
    #[arg(long, default_value_t = 5000)]
    pub live_games: usize,
    /// Analyses that may wait per engine worker before more are refused with 503.
    #[arg(long, default_value_t = 8)]
    pub analyses_per_worker: usize,
    /// Seconds an analysis may wait for a worker before it is refused with 503.
    #[arg(long, default_value_t = 20)]
    pub analysis_wait_s: u64,
    /// Longest engine reply in a game, in milliseconds (level 8 takes about a second).
    #[arg(long, default_value_t = 5000)]
    pub engine_reply_ms: u64,
    /// Milliseconds a node's lease on a game lasts (PostgreSQL with several nodes): the node
    /// renews its leases every quarter of it, and when a node dies another takes its games'
    /// clocks and engine replies within about this long.
    #[arg(long, default_value_t = 5000)]
    pub lease_ms: u64,
    /// Seconds that requests in flight get to finish after SIGTERM or Ctrl-C.
    #[arg(long, default_value_t = 10)]
    pub shutdown_grace_s: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        <Limits as clap::Parser>::parse_from(["ccg"])
    }
}

impl Limits {
    pub fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.header_timeout_s.max(1))
    }

    /// The connection limit in force: the option, or what the file-descriptor limit allows.
    pub fn connection_limit(&self) -> usize {
        if self.max_connections > 0 {
            return self.max_connections;
        }
        fd_limit().saturating_sub(64).max(16)
    }
}

/// The soft limit on open files of this process (`ulimit -n`).
pub fn fd_limit() -> usize {
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|t| {
            let line = t.lines().find(|l| l.starts_with("Max open files"))?;
            line.split_whitespace().nth(3)?.parse().ok()
        })
        .unwrap_or(1024)
}
