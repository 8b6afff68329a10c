//! Memory of live games: games of one variant share its compiled tables, so a live game costs
//! kilobytes, not the megabyte and more a compiled nihongi takes; and the live cache holds at
//! most its capacity of idle games. (One test per file: resident memory is per process.)

mod support;

use support::Server;

fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

#[test]
fn live_games_share_their_variant_and_the_cache_is_bounded() {
    let s = Server::start_with(&["--live-games", "150", "--games-per-minute", "0"]);
    let create = |n: usize| -> Vec<String> {
        (0..n)
            .map(|_| {
                let (id, _, _) = s.create(r#"{"game":"nihongi","opponent":"human"}"#);
                // Reading the state builds (and keeps) its public view too.
                assert_eq!(s.get(&format!("/api/games/{id}"), None).0, 200);
                id
            })
            .collect()
    };
    // Warm up: the first game compiles the variant, the allocator grows its arenas.
    create(20);
    let before = rss_bytes();
    let n = 120;
    create(n);
    let per_game = rss_bytes().saturating_sub(before) / n as u64;
    println!("resident memory per live nihongi game: {} KB", per_game / 1024);
    // A compiled nihongi is ~1.6 MB: a game holding its own copy would be far above this bound.
    assert!(per_game < 256 * 1024, "{} KB per live game", per_game / 1024);
    assert_eq!(s.state.variants.len(), 1, "one compiled variant for every nihongi game");
    // Past the capacity, idle games are dropped (and come back from the store on use).
    let ids = create(100);
    assert!(s.state.games.len() <= 150, "{} live games", s.state.games.len());
    for id in ids.iter().take(5) {
        assert_eq!(s.get(&format!("/api/games/{id}"), None).0, 200);
    }
}
