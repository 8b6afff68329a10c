//! Progress of long work (self-play, training, matches): indicatif's bar on a terminal; where
//! stderr is not one (a log file, a pipe, CI) the bar is hidden, so a plain line is written
//! instead at most every [`EVERY`], and at the end, so that a long run never looks hung.

use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a plain progress line is written when there is no bar.
const EVERY: Duration = Duration::from_secs(30);

pub struct Progress {
    bar: ProgressBar,
    what: String,
    /// When the last plain line was written, and the message to write with the next.
    plain: Mutex<(Instant, String)>,
}

impl Progress {
    /// `len` steps of the work called `what` ("self-play", "games").
    pub fn new(len: u64, what: &str) -> Progress {
        let bar = ProgressBar::new(len);
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{what:<10} {{bar:30}} {{pos}}/{{len}} {{msg}} [{{elapsed_precise}} < {{eta}}]"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress { bar, what: what.to_string(), plain: Mutex::new((Instant::now(), String::new())) }
    }

    fn plain(&self) -> std::sync::MutexGuard<'_, (Instant, String)> {
        self.plain.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Writes the plain line now if `force`, or if the last one is older than [`EVERY`].
    fn report(&self, force: bool) {
        if !self.bar.is_hidden() {
            return;
        }
        let mut p = self.plain();
        if force || p.0.elapsed() >= EVERY {
            p.0 = Instant::now();
            let elapsed = self.bar.elapsed().as_secs();
            let (pos, len) = (self.bar.position(), self.bar.length().unwrap_or(0));
            let (h, m, s) = (elapsed / 3600, elapsed / 60 % 60, elapsed % 60);
            let msg = if p.1.is_empty() { String::new() } else { format!(" {}", p.1) };
            eprintln!("{} {pos}/{len}{msg} [{h:02}:{m:02}:{s:02}]", self.what);
        }
    }

    pub fn set_length(&self, len: u64) {
        self.bar.set_length(len);
    }

    pub fn set_position(&self, pos: u64) {
        self.bar.set_position(pos);
        self.report(false);
    }

    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        self.report(false);
    }

    pub fn set_message(&self, msg: String) {
        if self.bar.is_hidden() {
            self.plain().1 = msg;
        } else {
            self.bar.set_message(msg);
        }
    }

    /// A line of its own: above the bar, or on stderr when there is none.
    pub fn println(&self, msg: &str) {
        if self.bar.is_hidden() {
            eprintln!("{msg}");
        } else {
            self.bar.println(msg);
        }
    }

    /// Ends the bar where the work stopped (an SPRT decides before the last game).
    pub fn finish(&self) {
        self.bar.abandon();
        self.report(true);
    }

    /// Ends a bar of detail inside another (the batches of an epoch): nothing is left of it.
    pub fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }
}
