//! Per-client rate limits: a token bucket per IP address and kind of request. A client may
//! spend a whole minute's allowance at once, then one request per `60 / per_minute` seconds.
//! Buckets that have refilled are forgotten, so the table stays as small as the set of
//! clients active in the last minute.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimit {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimit {
    /// `per_minute == 0`: no limit.
    pub fn new(per_minute: u32) -> RateLimit {
        RateLimit { per_minute, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes one request's allowance for `ip`, or says how long until there is one.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        self.check_at(ip, Instant::now())
    }

    fn check_at(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let cap = self.per_minute as f64;
        let rate = cap / 60.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > 10_000 {
            buckets.retain(|_, (level, at)| {
                *level + now.saturating_duration_since(*at).as_secs_f64() * rate < cap
            });
        }
        let (level, at) = buckets.entry(ip).or_insert((cap, now));
        *level = (*level + now.saturating_duration_since(*at).as_secs_f64() * rate).min(cap);
        *at = now;
        if *level >= 1.0 {
            *level -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *level) / rate))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_its_allowance_then_waits_and_others_are_not_affected() {
        let limit = RateLimit::new(6);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t = Instant::now();
        for _ in 0..6 {
            assert!(limit.check_at(a, t).is_ok());
        }
        let wait = limit.check_at(a, t).unwrap_err();
        assert!(wait > Duration::from_secs(9) && wait <= Duration::from_secs(10), "{wait:?}");
        assert!(limit.check_at(b, t).is_ok(), "another client has its own allowance");
        assert!(limit.check_at(a, t + Duration::from_secs(10)).is_ok(), "refilled");
        assert!(RateLimit::new(0).check_at(a, t).is_ok());
    }
}
