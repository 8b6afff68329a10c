//! Time management: how long to think about one move.

use crate::Limits;
use ccg_core::Color;
use std::time::Duration;

/// Soft limit: do not start another iteration after half of it. Hard limit: abort the search.
/// A fixed time per move (`movetime`) has only a hard limit: it is searched whole, as the
/// protocols define it, an unfinished iteration's best root move counting as the others do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// Time kept back for process and pipe latency: GUIs and `ccg match` measure wall time.
const OVERHEAD: Duration = Duration::from_millis(25);

pub fn budget(limits: &Limits, stm: Color) -> Budget {
    if limits.infinite {
        return Budget { soft: None, hard: None };
    }
    let mut soft = None;
    let mut hard = None;
    if let Some(mt) = limits.movetime {
        hard = Some(mt.saturating_sub(OVERHEAD.min(mt / 4)));
    }
    if let Some(left) = limits.time[stm.index()] {
        let inc = limits.inc[stm.index()];
        let mtg = limits.movestogo.unwrap_or(25).clamp(1, 50);
        let safe = left.saturating_sub(OVERHEAD.min(left / 5));
        // A reserve the clock keeps (ten increments and 0.3 s, at most half of what is left):
        // a busy machine can stall a process for a tenth of a second, and a clock spent down to
        // its last milliseconds flags on the first stall. Below it the engine spends less than
        // its increment, so the clock grows back.
        let reserve = (inc * 10 + Duration::from_millis(300)).min(left / 2);
        // A share of the time above the reserve plus most of the increment, never more than a
        // third of what is left (so a long think cannot flag).
        let base = (left.saturating_sub(reserve) / mtg + inc * 3 / 4).min(safe / 3);
        let cap = if mtg == 1 { safe * 9 / 10 } else { safe / 3 };
        let s = base;
        let h = (base * 4).min(cap).max(base);
        soft = Some(hard.map_or(s, |x: Duration| x.min(s)));
        hard = Some(hard.map_or(h, |x: Duration| x.min(h)));
    }
    Budget { soft, hard }
}

/// The soft limit scaled, in percent, for the rule that no iteration starts after half of it
/// (the next costs about as much as all before it): a best move the last iteration changed
/// gets more time, one that `stable` iterations in a row confirmed less, a falling score more.
pub fn soft_share(stable: u32, score_fell: bool) -> u32 {
    let share = match stable {
        0 => 140,
        1 | 2 => 100,
        _ => 75,
    };
    if score_fell {
        share * 13 / 10
    } else {
        share
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settled_best_move_stops_earlier_than_a_changed_one() {
        assert!(soft_share(5, false) < soft_share(1, false));
        assert!(soft_share(1, false) < soft_share(0, false));
        assert!(soft_share(5, true) > soft_share(5, false));
        // Even a changed move with a falling score starts no iteration past the soft limit.
        assert!(soft_share(0, true) < 200);
    }

    #[test]
    fn clock_budget_is_a_fraction_of_the_time_left() {
        let l = Limits { time: [Some(Duration::from_secs(10)), None], ..Limits::default() };
        let b = budget(&l, Color::White);
        assert!(b.soft.unwrap() < Duration::from_secs(1));
        assert!(b.hard.unwrap() <= Duration::from_secs(4));
        assert_eq!(budget(&l, Color::Black), Budget { soft: None, hard: None });
    }

    /// Near the end of the clock the engine spends less than its increment: the clock grows.
    #[test]
    fn a_low_clock_grows_back() {
        let inc = Duration::from_millis(50);
        let l = Limits { time: [Some(Duration::from_millis(400)), None], inc: [inc; 2], ..Limits::default() };
        assert!(budget(&l, Color::White).soft.unwrap() < inc);
    }

    #[test]
    fn a_fixed_time_per_move_is_searched_whole() {
        let l = Limits { movetime: Some(Duration::from_millis(2000)), ..Limits::default() };
        assert_eq!(budget(&l, Color::White), Budget { soft: None, hard: Some(Duration::from_millis(1975)) });
        // With a clock too, the clock's soft limit still ends the iterations early.
        let l = Limits { time: [Some(Duration::from_secs(10)), None], ..l };
        assert!(budget(&l, Color::White).soft.unwrap() < Duration::from_secs(1));
    }

    #[test]
    fn tiny_clock_still_gives_some_time() {
        let l = Limits { time: [Some(Duration::from_millis(30)), None], ..Limits::default() };
        let b = budget(&l, Color::White);
        assert!(b.hard.unwrap() < Duration::from_millis(30));
    }
}
